//! Datasources at size (issue 15): an RD New file of `BENCH_FEATURES` lamp posts (default
//! 1,000,000) spread over the Netherlands, imported through the import job's own code
//! (features/s, seconds, the process's peak memory), then viewports of 1 km read through the
//! real HTTP server (p50/p99 of `BENCH_ROUNDS` requests, default 200).

use eform_bench::{AnyResult, MemoryPeak, env_number, open_state, percentile, serve, setup};
use std::time::Instant;
use tenancy::platform::{batches, directory};
use tenancy::tenant::{datasources, files};

/// A small deterministic generator (xorshift).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

#[tokio::main]
async fn main() -> AnyResult {
    let count = env_number("BENCH_FEATURES", 1_000_000);
    let rounds = env_number("BENCH_ROUNDS", 200);
    let dir = tempfile::tempdir()?;
    let state = open_state(dir.path(), tenancy::registry::DEFAULT_CAP).await?;
    let fixture = setup(&state, 1).await?;
    let (client, _) = fixture.forms[0].clone();
    let client_id = domain::ids::ClientId::parse(&client).ok_or("client")?;
    let db = state.tenants.for_operations().open(&client_id).await?;

    // The file: RD New metres inside the Netherlands' land area (roughly).
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut csv =
        String::from("object.name;object.status;object.x;object.y;paalnummer;omschrijving\n");
    for n in 0..count {
        let x = 20_000.0 + rng.next() * 250_000.0;
        let y = 310_000.0 + rng.next() * 300_000.0;
        let status = ["actief", "defect", "in onderhoud"][n as usize % 3];
        csv.push_str(&format!(
            "Paal {n};{status};{x:.2};{y:.2};LP-{n:07};Lantaarnpaal nummer {n}\n"
        ));
    }
    let file_id = tenancy::new_id();
    std::fs::create_dir_all(db.files_dir())?;
    std::fs::write(db.files_dir().join(&file_id), &csv)?;
    println!(
        "an RD New file of {count} features ({:.0} MiB)",
        csv.len() as f64 / 1_048_576.0
    );
    let stored = files::StoredFile {
        id: file_id.clone(),
        filename: "palen.csv".into(),
        mime: "text/csv".into(),
        size: i64::try_from(csv.len())?,
    };
    drop(csv);
    files::insert(&db, &stored, "bench", &files::Uploader::User("bench")).await?;
    let id = datasources::insert(
        &db,
        "Palen",
        "map_features",
        Some("EPSG:28992"),
        Some(&file_id),
    )
    .await?;
    directory::register(&state.platform, "datasource", &id, &client_id).await?;
    let params = serde_json::to_string(&worker::datasource_import::ImportParams {
        datasource_id: id.clone(),
    })?;
    let batch = batches::insert(
        &state.platform,
        &batches::NewBatch {
            client_id: &client_id,
            kind: worker::datasource_import::DATASOURCE_IMPORT,
            subject: Some(&id),
            created_by: None,
            params,
            total: 0,
            link_token: None,
        },
    )
    .await?;

    let memory = MemoryPeak::start("VmRSS");
    let ctx = state.job_context()?;
    let started = Instant::now();
    worker::batch::run(&ctx, &batch).await?;
    let seconds = started.elapsed().as_secs_f64();
    let memory = memory.stop("importing");
    let source = datasources::find(&db, &id).await?.ok_or("datasource")?;
    println!(
        "  import: {} features in {seconds:.2} s: {:.0} features/s",
        source.feature_count,
        source.feature_count as f64 / seconds
    );
    println!("{memory}");

    // Viewports of about 1 km (0.0146 degrees of longitude, 0.009 of latitude at 52 N).
    let address = serve(state.clone()).await?;
    let http = reqwest::Client::new();
    let mut times = Vec::new();
    let mut found = 0u64;
    for _ in 0..rounds {
        let lon = 3.6 + rng.next() * 3.2;
        let lat = 51.0 + rng.next() * 2.4;
        let url = format!(
            "http://{address}/api/datasource/{id}?left={lon}&bottom={lat}&right={}&top={}",
            lon + 0.0146,
            lat + 0.009
        );
        let clock = Instant::now();
        let answer: serde_json::Value = http
            .get(&url)
            .header("api-key", &fixture.api_key)
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        times.push(clock.elapsed());
        found += answer["total"].as_u64().unwrap_or(0);
    }
    times.sort();
    println!(
        "\na 1 km viewport (GET api/datasource/{{id}}?left&bottom&right&top), {rounds} rounds:\n  p50 {:.2} ms  p99 {:.2} ms  ({:.1} features a viewport on average)",
        percentile(&times, 0.5).as_secs_f64() * 1000.0,
        percentile(&times, 0.99).as_secs_f64() * 1000.0,
        found as f64 / rounds.max(1) as f64
    );
    Ok(())
}
