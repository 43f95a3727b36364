//! The registrations review at size (issue 11): a form of 50 fields with `BENCH_ROWS`
//! registrations (default 1,000,000). Prints the latency of a page of the list through the
//! real HTTP server for typical filters (p50/p99), and the CSV export of all of them through
//! the job's own code: rows/s, seconds and the process's own peak memory (without the mapped
//! file) while it ran.

use eform_bench::{
    AnyResult, MemoryPeak, env_number, open_state, percentile, serve, setup, values,
};
use serde_json::Value;
use std::path::Path;
use std::time::Instant;
use tenancy::platform::{batches, memberships};
use tenancy::tenant::value_indexes;

/// Copies the form's one registration `rows` times straight into the client's SQLite file,
/// varying the fields the filters look at: what a big client's file holds after years.
async fn fill(file: &Path, form: &str, rows: u64) -> AnyResult {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(file)
        .journal_mode(sqlx::sqlite::SqliteJournalMode::Wal);
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    let batch = 100_000;
    let mut from = 2;
    while from <= rows {
        let to = (from + batch - 1).min(rows);
        sqlx::query(
            "INSERT INTO registrations (id, form_id, serial_number, fill_token, payload_hash, user_id, username, registration_name, summary, status, phase, reg_values, schema_hash, created_at, updated_at)
             WITH RECURSIVE n(i) AS (SELECT ?2 UNION ALL SELECT i + 1 FROM n WHERE i < ?3)
             SELECT lower(hex(randomblob(16))), r.form_id, n.i, NULL, r.payload_hash, r.user_id, r.username,
                    r.registration_name, '<p>Melding ' || n.i || '</p>', r.status, r.phase,
                    json_set(r.reg_values, '$.tekst_0', 'Waarde 0 van melding ' || n.i, '$.getal_2', n.i % 1000,
                             '$.keuze_3', CASE n.i % 3 WHEN 0 THEN 'a' WHEN 1 THEN 'b' ELSE 'c' END),
                    r.schema_hash, r.created_at + n.i, r.created_at + n.i
             FROM n, (SELECT * FROM registrations WHERE form_id = ?1 LIMIT 1) AS r",
        )
        .bind(form)
        .bind(i64::try_from(from)?)
        .bind(i64::try_from(to)?)
        .execute(&pool)
        .await?;
        from = to + 1;
    }
    sqlx::query("UPDATE forms SET next_serial = ?2 + 1 WHERE id = ?1")
        .bind(form)
        .bind(i64::try_from(rows)?)
        .execute(&pool)
        .await?;
    sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
        .execute(&pool)
        .await?;
    pool.close().await;
    Ok(())
}

#[tokio::main]
async fn main() -> AnyResult {
    let rows = env_number("BENCH_ROWS", 1_000_000);
    let rounds = env_number("BENCH_ROUNDS", 50);
    // BENCH_DIR keeps the filled data between runs (the fill takes about a minute).
    let (_temp, dir) = match std::env::var_os("BENCH_DIR") {
        Some(dir) => (None, std::path::PathBuf::from(dir)),
        None => {
            let temp = tempfile::tempdir()?;
            let dir = temp.path().to_path_buf();
            (Some(temp), dir)
        }
    };
    let kept = dir.join("bench-review.json");
    let reuse: Option<Value> = std::fs::read(&kept)
        .ok()
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .filter(|made: &Value| made["rows"].as_u64() == Some(rows));
    let state = open_state(&dir, tenancy::registry::DEFAULT_CAP).await?;
    let (client, form, api_key) = match &reuse {
        Some(made) => (
            made["client"].as_str().ok_or("client")?.to_owned(),
            made["form"].as_str().ok_or("form")?.to_owned(),
            made["api_key"].as_str().ok_or("api_key")?.to_owned(),
        ),
        None => {
            let fixture = setup(&state, 1).await?;
            let (client, form) = fixture.forms[0].clone();
            (client, form, fixture.api_key)
        }
    };
    let client_id = domain::ids::ClientId::parse(&client).ok_or("client")?;
    let address = serve(state.clone()).await?;
    let base = format!("http://{address}");
    let http = reqwest::Client::new();
    if reuse.is_none() {
        let user = tenancy::platform::tokens::resolve(&state.platform, &api_key)
            .await?
            .ok_or("user")?;
        // The bench user reviews and downloads.
        memberships::set_roles(
            &state.platform,
            &user,
            &client_id,
            &[domain::access::Role::FormManager],
        )
        .await?;
        let first = http
            .post(format!("{base}/api/registration/"))
            .header("api-key", &api_key)
            .json(&serde_json::json!({ "form_id": form, "values": values(1) }))
            .send()
            .await?;
        if first.status() != 201 {
            return Err(format!("the first send answered {}", first.status()).into());
        }
        println!("filling a 50-field form with {rows} registrations ...");
        let started = Instant::now();
        let file = dir.join("tenants").join(&client).join("tenant.db");
        fill(&file, &form, rows).await?;
        println!(
            "  {:.1} s, database {:.0} MiB",
            started.elapsed().as_secs_f64(),
            std::fs::metadata(&file)?.len() as f64 / 1_048_576.0
        );
        let made =
            serde_json::json!({ "rows": rows, "client": client, "form": form, "api_key": api_key });
        std::fs::write(&kept, serde_json::to_vec(&made)?)?;
    } else {
        println!("reusing {rows} registrations in {}", dir.display());
    }

    if rounds > 0 {
        println!(
            "\na page of the list (GET api/form/{{id}}/registrations, 10 a page), {rounds} rounds each:"
        );
    }
    let pages: [(&str, &str); 6] = [
        ("newest first, no filter", ""),
        ("page 500 of 10", "page=500"),
        (
            "sorted on a number field",
            "sort_by=getal_2&sort_direction=1",
        ),
        (
            "text filter (one match)",
            "f[0][path]=tekst_0&f[0][operator]=contains&f[0][value]=melding%20424242",
        ),
        (
            "number filter (10 %)",
            "f[0][path]=getal_2&f[0][operator]=%3E%3D&f[0][value]=900&f[0][integer]=true",
        ),
        (
            "choice filter (33 %) and a number sort",
            "f[0][path]=keuze_3&f[0][operator]=%3D&f[0][value]=b&sort_by=getal_2",
        ),
    ];
    let ctx = state.job_context()?;
    let db = ctx.tenants.open(&client_id).await?;
    for (name, query) in pages.into_iter().filter(|_| rounds > 0) {
        let url = format!("{base}/api/form/{form}/registrations?{query}");
        // The first time a path is used the page is read without an index of its own and
        // the index is asked for; its job runs here, as a worker would run it.
        let first = Instant::now();
        http.get(&url)
            .header("api-key", &api_key)
            .send()
            .await?
            .error_for_status()?;
        let first = first.elapsed();
        for index in value_indexes::building(&db, &form).await? {
            let built = Instant::now();
            worker::value_index::run(&ctx, &client, index.id).await?;
            println!(
                "  (index {} on {} built in {:.1} s)",
                index.kind.as_str(),
                index.path,
                built.elapsed().as_secs_f64()
            );
        }
        println!(
            "  {name:<40} first time {:>7.1} ms",
            first.as_secs_f64() * 1000.0
        );
        let mut times = Vec::new();
        let mut count = 0;
        for _ in 0..rounds {
            let started = Instant::now();
            let answer = http.get(&url).header("api-key", &api_key).send().await?;
            let status = answer.status();
            let body: Value = answer.json().await?;
            times.push(started.elapsed());
            if !status.is_success() {
                return Err(format!("{name}: {status} {body}").into());
            }
            count = body["registrations_count"].as_i64().unwrap_or(0);
        }
        times.sort();
        println!(
            "  {name:<40} p50 {:>7.1} ms  p99 {:>7.1} ms  ({count} match)",
            percentile(&times, 0.5).as_secs_f64() * 1000.0,
            percentile(&times, 0.99).as_secs_f64() * 1000.0
        );
    }

    println!("\nCSV export of all {rows} registrations through the job's code ...");
    let started: Value = http
        .get(format!(
            "{base}/api/form/{form}/registrations/queue/download/csv"
        ))
        .header("api-key", &api_key)
        .send()
        .await?
        .json()
        .await?;
    let batch = started["queue_id"].as_str().ok_or("queue_id")?.to_owned();
    let memory = MemoryPeak::start("RssAnon");
    let clock = Instant::now();
    worker::batch::run(&ctx, &batch).await?;
    let seconds = clock.elapsed().as_secs_f64();
    let memory = memory.stop("exporting");
    let done = batches::find(&state.platform, &batch)
        .await?
        .ok_or("batch")?;
    let file = done
        .result
        .as_deref()
        .map(|result| dir.join("tenants").join(&client).join(result));
    let size = file
        .as_ref()
        .and_then(|file| std::fs::metadata(file).ok())
        .map_or(0, |m| m.len());
    // A kept BENCH_DIR would otherwise gather an export per run.
    if let Some(file) = &file {
        let _ = std::fs::remove_file(file);
    }
    println!(
        "  {} rows in {seconds:.2} s: {:.0} rows/s; file {:.0} MiB; status {}",
        done.processed,
        done.processed as f64 / seconds,
        size as f64 / 1_048_576.0,
        done.status.as_str()
    );
    println!("{memory}");
    Ok(())
}
