//! `POST api/saved-registrations-sync` with 1,000 saved registrations in one request, through
//! the real HTTP server: the time until the answer for 1,000 new copies, for the same batch
//! sent again (a device retrying after a lost answer), and for 1,000 changed copies.

use eform_bench::{AnyResult, env_number, open_state, percentile, serve, setup, values};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// One request with `entries`; the answer must be 201 with every entry back.
async fn timed_sync(
    http: &reqwest::Client,
    url: &str,
    key: &str,
    entries: &[Value],
) -> AnyResult<Duration> {
    let started = Instant::now();
    let response = http
        .post(url)
        .header("api-key", key)
        .json(entries)
        .send()
        .await?;
    let status = response.status().as_u16();
    let body: Value = response.json().await?;
    let elapsed = started.elapsed();
    let returned = body["registrations"].as_array().map_or(0, Vec::len);
    if status != 201 || returned < entries.len() {
        return Err(format!("sync answered {status} with {returned} registrations").into());
    }
    Ok(elapsed)
}

fn entry(client_id: &str, form_id: &str, n: u64, round: u64, version: Option<u64>) -> Value {
    let mut entry = json!({
        "fill_token": format!("bench-saved-{n}"),
        "form_id": form_id,
        "client_id": client_id,
        "form_name": "Bench",
        "form_summary": format!("<p>Melding {n}</p>"),
        "schema": [],
        "values": values(n + round),
        "registration_updated_at": format!("2026-11-22T10:{:02}:00.000Z", round % 60),
        "registration_saved_deleted_at": null,
        "unsynced": true,
    });
    if let Some(version) = version {
        entry["version"] = json!(version);
    }
    entry
}

#[tokio::main]
async fn main() -> AnyResult {
    let count = env_number("BENCH_SAVED", 1_000);
    let rounds = env_number("BENCH_ROUNDS", 5);
    let http = reqwest::Client::new();
    println!("{rounds} rounds of {count} saved registrations (50 fields each) in one request ...");
    let (mut new, mut resend, mut changed) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..rounds {
        // A fresh server per round: the answer lists all of the user's saved registrations,
        // so every round measures a user with exactly `count` of them.
        let dir = tempfile::tempdir()?;
        let state = open_state(dir.path(), tenancy::registry::DEFAULT_CAP).await?;
        let fixture = setup(&state, 1).await?;
        let (client_id, form_id) = fixture.forms[0].clone();
        let url = format!(
            "http://{}/api/saved-registrations-sync",
            serve(state).await?
        );
        let fresh: Vec<Value> = (0..count)
            .map(|n| entry(&client_id, &form_id, n, 0, None))
            .collect();
        new.push(timed_sync(&http, &url, &fixture.api_key, &fresh).await?);
        resend.push(timed_sync(&http, &url, &fixture.api_key, &fresh).await?);
        let updates: Vec<Value> = (0..count)
            .map(|n| entry(&client_id, &form_id, n, 1, Some(1)))
            .collect();
        changed.push(timed_sync(&http, &url, &fixture.api_key, &updates).await?);
    }
    println!();
    for (label, mut times) in [
        ("new", new),
        ("same batch again", resend),
        ("changed", changed),
    ] {
        times.sort();
        println!(
            "{label:<18} median {:>8.1} ms   min {:>8.1} ms   max {:>8.1} ms",
            percentile(&times, 0.5).as_secs_f64() * 1000.0,
            times[0].as_secs_f64() * 1000.0,
            times[times.len() - 1].as_secs_f64() * 1000.0,
        );
    }
    println!("(request to answer through the in-process server on loopback, answer parsed)");
    Ok(())
}
