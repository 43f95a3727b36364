//! Opening a closed tenant: the time from a client whose database is not open to the answer
//! of its first query, measured twice: to a read (open the file with the tenant settings on
//! a pooled connection and read its credits), as a page of a client that fell out of the
//! tenant cache pays it, and to a send (opened for a form, then one registration through
//! the writer, committed), as a send to such a client pays it. The registry keeps 8 pools
//! open and the clients are visited round-robin, so every open is of a closed tenant. The
//! first round is each file's first open in the process, which checks its migrations and
//! owner; the later ones open files the registry checked before, as a running server mostly
//! does. Each is reported on its own.

use eform_bench::{AnyResult, env_number, percentile, published_form};
use serde_json::json;
use std::time::{Duration, Instant};
use tenancy::platform::{Platform, clients};
use tenancy::tenant::registrations::{Status, raw_json};
use tenancy::tenant::{credits, forms};
use tenancy::writer::{Finished, NewRegistration};
use tenancy::{TenantRegistry, new_id};

#[tokio::main]
async fn main() -> AnyResult {
    let count = env_number("BENCH_CLIENTS", 300);
    let rounds = env_number("BENCH_ROUNDS", 5);
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    println!("creating {count} clients ...");
    let mut ids = Vec::new();
    {
        let registry = TenantRegistry::new(dir.path(), 8);
        for i in 0..count {
            let client = clients::new_client(&format!("Open {i}"));
            clients::upsert(&platform, &client).await?;
            let db = registry.create(&client.id).await?;
            credits::add(&db, "bench", 1_000, None).await?;
            forms::insert(&db, &published_form("f1", json!([]))).await?;
            ids.push(client.id);
        }
    }
    // Two registries, so that each file's first open of the process is measured for a read
    // and for a send alike.
    let (readers, senders) = (
        TenantRegistry::new(dir.path(), 8),
        TenantRegistry::new(dir.path(), 8),
    );
    let [mut reads, mut sends, mut rereads, mut resends] = [(); 4].map(|()| Vec::new());
    for round in 0..rounds {
        let (read_times, send_times) = if round == 0 {
            (&mut reads, &mut sends)
        } else {
            (&mut rereads, &mut resends)
        };
        for id in &ids {
            let started = Instant::now();
            let db = readers.open(id).await?;
            credits::left(&db, false).await?;
            read_times.push(started.elapsed());
        }
        for id in &ids {
            let started = Instant::now();
            let db = senders.open_for_form(id).await?;
            db.writer().submit(registration()).await?;
            send_times.push(started.elapsed());
        }
    }
    report("first open to first query  ", &mut reads);
    report("first open to first send   ", &mut sends);
    report("tenant open to first query ", &mut rereads);
    report("tenant open to first send  ", &mut resends);
    Ok(())
}

fn report(what: &str, times: &mut [Duration]) {
    times.sort();
    println!(
        "{what}   {} opens   p50 {:.3} ms   p99 {:.3} ms   max {:.3} ms",
        times.len(),
        percentile(times, 0.50).as_secs_f64() * 1000.0,
        percentile(times, 0.99).as_secs_f64() * 1000.0,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
}

/// A send of that form, with a fill token of its own.
fn registration() -> NewRegistration {
    NewRegistration {
        form_id: "f1".into(),
        fill_token: Some(new_id()),
        payload_hash: "bench".into(),
        user_id: None,
        username: None,
        wanted: Status::Completed,
        phase: None,
        handover: None,
        schema: raw_json("[]".into()),
        schema_hash: tenancy::secrets::sha256_hex(b"[]").into(),
        allow_expired_credits: false,
        outbox: Vec::new(),
        finish: Box::new(|numbered| Finished {
            values: json!({}),
            summary: format!("Nr {}", numbered.serial_number),
            registration_name: None,
        }),
    }
}
