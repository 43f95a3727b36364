//! Durable sends per second through the real HTTP server: concurrent senders against many
//! clients with a 50-field form, every answer given only after its registration is committed
//! (synchronous=FULL). Three runs by default: 1 client, 100 clients, and 1,000 clients with
//! the tenant cache at its default of 256 pools (so pools are opened and closed under load).
//! In each run it also measures how fast SQLite on this machine group-commits comparable rows
//! without any HTTP, validation or routing around it, and prints the ratio between the two.
//!
//! The senders run on a runtime of their own (threads named `bench-load`), so the CPU the
//! server spent per send can be told apart from the load generator's, which shares the same
//! cores: the `server ms` column is the server's CPU time per send, and two cores divided by
//! it is what this machine could serve with the load coming from elsewhere.

use eform_bench::{
    AnyResult, env_number, open_state, percentile, process_cpu, serve, setup, threads_cpu, values,
};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// What one run measured.
struct Run {
    clients: u64,
    tenant_cache: usize,
    sends: usize,
    per_second: f64,
    p50: Duration,
    p99: Duration,
    failures: u64,
    raw: f64,
    /// CPU time per send of the server (everything but the load generator's threads).
    server_cpu: Duration,
    /// CPU time per send of the load generator.
    load_cpu: Duration,
}

/// Name of the load generator's threads.
const LOAD_THREADS: &str = "bench-load";
/// Distinct values bodies the senders take turns with.
const BODY_VARIANTS: u64 = 256;

#[tokio::main]
async fn main() -> AnyResult {
    let seconds = env_number("BENCH_SECONDS", 10);
    let concurrency = env_number("BENCH_CONCURRENCY", 64);
    let tenant_cache = usize::try_from(env_number(
        "BENCH_TENANT_CACHE",
        u64::try_from(tenancy::registry::DEFAULT_CAP)?,
    ))?;
    let runs: Vec<u64> = std::env::var("BENCH_CLIENTS")
        .unwrap_or_else(|_| "1,100,1000".into())
        .split(',')
        .filter_map(|n| n.trim().parse().ok())
        .collect();
    let mut results = Vec::new();
    for clients in runs {
        let run = measure(clients, tenant_cache, concurrency, seconds).await?;
        print_table(std::slice::from_ref(&run));
        results.push(run);
    }
    println!("\nall runs ({concurrency} senders, {seconds} s measured each):");
    print_table(&results);
    Ok(())
}

fn print_table(runs: &[Run]) {
    println!(
        "{:>8} {:>6} {:>9} {:>9} {:>9} {:>9} {:>9} {:>10} {:>6} {:>10} {:>8}",
        "clients",
        "cache",
        "sends",
        "sends/s",
        "p50 ms",
        "p99 ms",
        "failed",
        "raw rows/s",
        "ratio",
        "server ms",
        "load ms"
    );
    for run in runs {
        println!(
            "{:>8} {:>6} {:>9} {:>9.0} {:>9.2} {:>9.2} {:>9} {:>10.0} {:>6.2} {:>10.3} {:>8.3}",
            run.clients,
            run.tenant_cache,
            run.sends,
            run.per_second,
            run.p50.as_secs_f64() * 1000.0,
            run.p99.as_secs_f64() * 1000.0,
            run.failures,
            run.raw,
            run.per_second / run.raw,
            run.server_cpu.as_secs_f64() * 1000.0,
            run.load_cpu.as_secs_f64() * 1000.0
        );
    }
}

async fn measure(
    client_count: u64,
    tenant_cache: usize,
    concurrency: u64,
    seconds: u64,
) -> AnyResult<Run> {
    let dir = tempfile::tempdir()?;
    let state = open_state(dir.path(), tenant_cache).await?;
    println!("\nsetting up {client_count} clients with a 50-field form ...");
    let fixture = setup(&state, client_count).await?;
    let api_key = fixture.api_key;
    let form_ids: Vec<String> = fixture.forms.into_iter().map(|(_, form)| form).collect();
    let address = serve(state).await?;
    let url = format!("http://{address}/api/registration/");

    let load = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name(LOAD_THREADS)
        .enable_all()
        .build()?;
    // The values of BODY_VARIANTS sends, as text once: building and serialising a 50-field
    // body for every send would be load-generator CPU taken from the server on the same cores.
    let bodies: Arc<Vec<String>> =
        Arc::new((0..BODY_VARIANTS).map(|n| values(n).to_string()).collect());
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
        let (http, url, key, form_ids, seq, measuring, stop, failures, bodies) = (
            http.clone(),
            url.clone(),
            api_key.clone(),
            form_ids.clone(),
            seq.clone(),
            measuring.clone(),
            stop.clone(),
            failures.clone(),
            bodies.clone(),
        );
        senders.push(load.spawn(async move {
            let mut latencies = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let n = seq.fetch_add(1, Ordering::Relaxed);
                let form_id = &form_ids[usize::try_from(n).unwrap_or(0) % form_ids.len()];
                let body = format!(
                    r#"{{"form_id":"{form_id}","fill_token":"bench-{n}","values":{}}}"#,
                    bodies[usize::try_from(n).unwrap_or(0) % bodies.len()]
                );
                let started = Instant::now();
                // The answer is read to its end, as a device does; an unread body would also
                // keep hyper from reusing the connection.
                let sent = http
                    .post(&url)
                    .header("api-key", &key)
                    .header("content-type", "application/json")
                    .body(body)
                    .send();
                let ok = match sent.await {
                    Ok(answer) => answer.status().as_u16() == 201 && answer.bytes().await.is_ok(),
                    Err(_) => false,
                };
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
    let (cpu_before, load_before) = (process_cpu(), threads_cpu(LOAD_THREADS));
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    measuring.store(false, Ordering::Relaxed);
    let elapsed = started.elapsed();
    let load_cpu = threads_cpu(LOAD_THREADS).saturating_sub(load_before);
    let server_cpu = process_cpu()
        .saturating_sub(cpu_before)
        .saturating_sub(load_cpu);
    stop.store(true, Ordering::Relaxed);
    let mut latencies = Vec::new();
    for sender in senders {
        latencies.extend(sender.await?);
    }
    load.shutdown_background();
    latencies.sort();
    let sent = u32::try_from(latencies.len().max(1))?;
    let raw = raw_group_commit_rate(dir.path(), Duration::from_secs(seconds.min(5))).await?;
    Ok(Run {
        clients: client_count,
        tenant_cache,
        sends: latencies.len(),
        per_second: latencies.len() as f64 / elapsed.as_secs_f64(),
        p50: percentile(&latencies, 0.50),
        p99: percentile(&latencies, 0.99),
        failures: failures.load(Ordering::Relaxed),
        raw,
        server_cpu: server_cpu / sent,
        load_cpu: load_cpu / sent,
    })
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
