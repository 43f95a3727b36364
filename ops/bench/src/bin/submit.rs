//! Durable sends per second through the real HTTP server: concurrent senders against many
//! clients with a 50-field form, every answer given only after its registration is committed
//! (synchronous=FULL). In the same run it measures how fast SQLite on this machine can
//! group-commit comparable rows without any HTTP, validation or routing around it, and
//! prints the ratio between the two.

use eform_bench::{AnyResult, env_number, open_state, percentile, serve, setup, values};
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

#[tokio::main]
async fn main() -> AnyResult {
    let seconds = env_number("BENCH_SECONDS", 10);
    let concurrency = env_number("BENCH_CONCURRENCY", 64);
    let client_count = env_number("BENCH_CLIENTS", 100);
    let dir = tempfile::tempdir()?;
    let state = open_state(dir.path(), usize::try_from(client_count)?).await?;
    println!("setting up {client_count} clients with a 50-field form ...");
    let fixture = setup(&state, client_count).await?;
    let api_key = fixture.api_key;
    let form_ids: Vec<String> = fixture.forms.into_iter().map(|(_, form)| form).collect();
    let address = serve(state).await?;
    let url = format!("http://{address}/api/registration/");

    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(usize::try_from(concurrency)?)
        .build()?;
    let form_ids = Arc::new(form_ids);
    let seq = Arc::new(AtomicU64::new(0));
    let measuring = Arc::new(AtomicBool::new(false));
    let stop = Arc::new(AtomicBool::new(false));
    let failures = Arc::new(AtomicU64::new(0));
    let mut senders = Vec::new();
    for _ in 0..concurrency {
        let (http, url, key, form_ids, seq, measuring, stop, failures) = (
            http.clone(),
            url.clone(),
            api_key.clone(),
            form_ids.clone(),
            seq.clone(),
            measuring.clone(),
            stop.clone(),
            failures.clone(),
        );
        senders.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let n = seq.fetch_add(1, Ordering::Relaxed);
                let form_id = &form_ids[usize::try_from(n).unwrap_or(0) % form_ids.len()];
                let body = json!({ "form_id": form_id, "fill_token": format!("bench-{n}"), "values": values(n) });
                let started = Instant::now();
                let ok = matches!(http.post(&url).header("api-key", &key).json(&body).send().await, Ok(r) if r.status().as_u16() == 201);
                if !ok {
                    failures.fetch_add(1, Ordering::Relaxed);
                } else if measuring.load(Ordering::Relaxed) {
                    latencies.push(started.elapsed());
                }
            }
            latencies
        }));
    }
    println!(
        "warming up 2 s, then measuring {seconds} s with {concurrency} concurrent senders ..."
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    measuring.store(true, Ordering::Relaxed);
    let started = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed();
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for sender in senders {
        latencies.extend(sender.await?);
    }
    latencies.sort();
    let sends_per_second = latencies.len() as f64 / elapsed.as_secs_f64();

    let raw = raw_group_commit_rate(dir.path(), Duration::from_secs(seconds.min(5))).await?;

    println!();
    println!("durable sends            {:>10}", latencies.len());
    println!("durable sends/s          {sends_per_second:>10.0}");
    println!(
        "latency p50              {:>10.2} ms",
        percentile(&latencies, 0.50).as_secs_f64() * 1000.0
    );
    println!(
        "latency p99              {:>10.2} ms",
        percentile(&latencies, 0.99).as_secs_f64() * 1000.0
    );
    println!(
        "failed sends             {:>10}",
        failures.load(Ordering::Relaxed)
    );
    println!(
        "raw group-commit rows/s  {raw:>10.0}   (SQLite alone, same settings, batches of 256)"
    );
    println!("ratio sends/raw          {:>10.2}", sends_per_second / raw);
    Ok(())
}

/// Rows per second SQLite commits on this machine with the tenant settings (WAL,
/// synchronous=FULL) when rows of the same size arrive in batches: the ceiling for sends.
async fn raw_group_commit_rate(dir: &std::path::Path, duration: Duration) -> AnyResult<f64> {
    let pool = tenancy::connect::connect(
        &dir.join("raw.db"),
        tenancy::connect::ConnectOptions {
            create: true,
            max_connections: 1,
            secure_delete: false,
        },
    )
    .await?;
    sqlx::query("CREATE TABLE rows (id TEXT PRIMARY KEY, form_id TEXT, serial INTEGER, reg_values TEXT, summary TEXT, created_at INTEGER)")
        .execute(&pool)
        .await?;
    let payload = values(7).to_string();
    let started = Instant::now();
    let mut rows: u64 = 0;
    while started.elapsed() < duration {
        let mut tx = pool.begin().await?;
        for _ in 0..256 {
            rows += 1;
            sqlx::query("INSERT INTO rows VALUES (?1, 'form', ?2, ?3, '<p>x</p>', 0)")
                .bind(tenancy::new_id())
                .bind(i64::try_from(rows)?)
                .bind(&payload)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
    }
    Ok(rows as f64 / started.elapsed().as_secs_f64())
}
