//! Opening a closed tenant: the time from a client whose database is not open to the answer
//! of its first query (open the file with the tenant settings, check the migrations and the
//! client's claim, start its writer, read its credits), as a send to a client that fell out
//! of the tenant cache pays it. The registry keeps 8 pools open and the clients are visited
//! round-robin, so every open is of a closed tenant.

use eform_bench::{AnyResult, env_number, percentile};
use std::time::Instant;
use tenancy::TenantRegistry;
use tenancy::platform::{Platform, clients};
use tenancy::tenant::credits;

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
            credits::add(&db, "bench", 10, None).await?;
            ids.push(client.id);
        }
    }
    let registry = TenantRegistry::new(dir.path(), 8);
    let mut times = Vec::new();
    for _ in 0..rounds {
        for id in &ids {
            let started = Instant::now();
            let db = registry.open(id).await?;
            credits::left(&db, false).await?;
            times.push(started.elapsed());
        }
    }
    times.sort();
    println!(
        "tenant open to first query   {} opens   p50 {:.3} ms   p99 {:.3} ms   max {:.3} ms",
        times.len(),
        percentile(&times, 0.50).as_secs_f64() * 1000.0,
        percentile(&times, 0.99).as_secs_f64() * 1000.0,
        times.last().map_or(0.0, |t| t.as_secs_f64() * 1000.0)
    );
    Ok(())
}
