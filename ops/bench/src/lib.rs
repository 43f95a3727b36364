//! Set-up shared by the benchmarks: an in-process server on a temp data dir, a user with
//! clients holding a 50-field form, generated values and percentiles.

use serde_json::{Map, Value, json};
use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;
use tenancy::platform::{clients, directory, memberships, tokens, users};
use tenancy::tenant::{credits, forms};

pub type AnyResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

pub fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A 50-field form: text, numbers, choices and checkboxes, some required.
pub fn schema() -> Value {
    let mut elements = Vec::new();
    for i in 0..50 {
        let element = match i % 5 {
            0 | 1 => {
                json!({ "name": format!("tekst_{i}"), "label": format!("Tekst {i}"), "elementType": "text", "validation": [{ "name": "required" }] })
            }
            2 => {
                json!({ "name": format!("getal_{i}"), "label": format!("Getal {i}"), "elementType": "number", "validation": [{ "name": "min", "value": 0 }] })
            }
            3 => {
                json!({ "name": format!("keuze_{i}"), "label": format!("Keuze {i}"), "elementType": "select",
                         "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }, { "value": "c", "label": "C" }] })
            }
            _ => {
                json!({ "name": format!("vink_{i}"), "label": format!("Vink {i}"), "elementType": "checkbox_single" })
            }
        };
        elements.push(element);
    }
    Value::Array(elements)
}

/// Values for the form of `schema()`, different per `seq`.
pub fn values(seq: u64) -> Value {
    let mut map = Map::new();
    for i in 0..50 {
        let value = match i % 5 {
            0 | 1 => json!(format!("Waarde {i} van melding {seq}")),
            2 => json!(seq % 1000),
            3 => json!(["a", "b", "c"][usize::try_from(seq % 3).unwrap_or(0)]),
            _ => json!(seq.is_multiple_of(2)),
        };
        map.insert(
            format!(
                "{}_{i}",
                ["tekst", "tekst", "getal", "keuze", "vink"][i % 5]
            ),
            value,
        );
    }
    Value::Object(map)
}

/// CPU time this process has used so far, every thread counted (ended ones too), from
/// `/proc/self/stat` (Linux; its clock ticks are 1/100 s on every Linux build).
pub fn process_cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name, which is in parentheses and may hold spaces:
    // utime and stime are the 12th and 13th of them.
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let ticks: u64 = rest
        .split_whitespace()
        .skip(11)
        .take(2)
        .filter_map(|field| field.parse::<u64>().ok())
        .sum();
    Duration::from_millis(ticks * 10)
}

/// CPU time used so far by this process's live threads named `name`, from each thread's
/// `schedstat` (Linux; nanoseconds).
pub fn threads_cpu(name: &str) -> Duration {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return Duration::ZERO;
    };
    let nanos: u64 = tasks
        .filter_map(|task| {
            let path = task.ok()?.path();
            let comm = std::fs::read_to_string(path.join("comm")).ok()?;
            if comm.trim_end() != name {
                return None;
            }
            std::fs::read_to_string(path.join("schedstat"))
                .ok()?
                .split_whitespace()
                .next()?
                .parse::<u64>()
                .ok()
        })
        .sum();
    Duration::from_nanos(nanos)
}

pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let index = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[index.min(sorted.len() - 1)]
}

/// The server's state on `dir`, keeping at most `tenant_cache` tenant databases open.
pub async fn open_state(dir: &Path, tenant_cache: usize) -> AnyResult<api::AppState> {
    let config = api::Config {
        data_dir: dir.to_path_buf(),
        bind: "127.0.0.1:0".parse()?,
        redis_url: None,
        smtp_url: None,
        public_base_url: "http://127.0.0.1".into(),
        web_dir: dir.join("web"),
        tenant_cache,
        queue_prefix: "bench".into(),
        environment: "bench".into(),
        trusted_proxies: Vec::new(),
        metrics_token: None,
        client_quota_mb: 1 << 20,
        guest_upload_mb_per_day: 1 << 20,
        job_lease_seconds: 60,
        delivery_retry_seconds: 10,
        webhook_allow_private: false,
        mollie_api_key: None,
        mollie_api_url: "http://127.0.0.1:9/v2".into(),
        sales_email: "verkoop@eform.test".into(),
    };
    api::AppState::open(config).await
}

/// What `setup` made: the user's api key and one (client id, form id) per client.
pub struct Fixture {
    pub api_key: String,
    pub forms: Vec<(String, String)>,
}

/// One user, member of `client_count` clients, each with credits and a published form of
/// `schema()`.
pub async fn setup(state: &api::AppState, client_count: u64) -> AnyResult<Fixture> {
    let hash = tenancy::secrets::hash_password("bench-password")?;
    let user = users::insert(
        &state.platform,
        users::NewUser {
            username: "bench",
            email: "bench@bench.test",
            password_hash: Some(hash),
            global_roles: vec![],
        },
    )
    .await?;
    let mut forms_made = Vec::new();
    for i in 0..client_count {
        let client = clients::new_client(&format!("Bench {i}"));
        clients::upsert(&state.platform, &client).await?;
        let db = state.tenants.for_operations().create(&client.id).await?;
        credits::add(&db, "bench", 100_000_000, None).await?;
        let form_id = tenancy::new_id();
        let form = forms::NewForm {
            form_summary: Some("<p>$tekst_0$</p>".into()),
            ..published_form(&form_id, schema())
        };
        forms::insert(&db, &form).await?;
        directory::register(&state.platform, "form", &form_id, &client.id).await?;
        memberships::set_roles(&state.platform, &user, &client.id, &[]).await?;
        forms_made.push((client.id.to_string(), form_id));
    }
    let api_key = tokens::issue(&state.platform, &user).await?;
    Ok(Fixture {
        api_key,
        forms: forms_made,
    })
}

/// A published form named 'Bench' with `schema`, no rules, settings or hooks.
pub fn published_form(id: &str, schema: Value) -> forms::NewForm {
    forms::NewForm {
        schema,
        published: true,
        ..forms::NewForm::new(id.into(), "Bench".into())
    }
}

/// Serves the real HTTP app on a loopback port; returns its address.
pub async fn serve(state: api::AppState) -> AnyResult<SocketAddr> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let address = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, api::http::app(state)).await });
    Ok(address)
}

/// The peak of one kind of memory of this process while some work runs, sampled every 20 ms
/// from `/proc/self/status` (Linux).
pub struct MemoryPeak {
    field: &'static str,
    before: u64,
    peak: std::sync::Arc<std::sync::atomic::AtomicU64>,
    running: std::sync::Arc<std::sync::atomic::AtomicBool>,
    sampler: std::thread::JoinHandle<()>,
}

impl MemoryPeak {
    /// Starts sampling `field` of `/proc/self/status` (in KiB): `VmRSS` for all resident
    /// memory, `RssAnon` for the process's own (without the pages of files it maps).
    pub fn start(field: &'static str) -> MemoryPeak {
        use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
        let before = status_kib(field);
        let peak = std::sync::Arc::new(AtomicU64::new(before));
        let running = std::sync::Arc::new(AtomicBool::new(true));
        let sampler = {
            let (peak, running) = (peak.clone(), running.clone());
            std::thread::spawn(move || {
                while running.load(Ordering::Relaxed) {
                    peak.fetch_max(status_kib(field), Ordering::Relaxed);
                    std::thread::sleep(Duration::from_millis(20));
                }
            })
        };
        MemoryPeak {
            field,
            before,
            peak,
            running,
            sampler,
        }
    }

    /// Stops sampling; answers the line to print, `while` naming the work.
    pub fn stop(self, during: &str) -> String {
        use std::sync::atomic::Ordering;
        self.running.store(false, Ordering::Relaxed);
        let _ = self.sampler.join();
        let peak = self.peak.load(Ordering::Relaxed);
        format!(
            "  memory ({}): {:.0} MiB before, peak {:.0} MiB while {during} (+{:.0} MiB)",
            self.field,
            self.before as f64 / 1024.0,
            peak as f64 / 1024.0,
            peak.saturating_sub(self.before) as f64 / 1024.0
        )
    }
}

/// A `/proc/self/status` field of this process in KiB (0 when it cannot be read).
fn status_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| {
                    line.strip_prefix(field)
                        .is_some_and(|rest| rest.starts_with(':'))
                })
                .and_then(|line| line.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}
