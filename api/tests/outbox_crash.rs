//! The outbox survives `kill -9` (decision 017): 2,000 registrations are sent to a form with
//! an e-mail setting and a webhook while the real `eform serve` (HTTP server with workers)
//! and a separate `eform worker` on the same data dir are killed at random moments and
//! started again. Afterwards every committed registration has its e-mail and its webhook
//! delivered, each under its own idempotency key and exactly once per key, and nothing was
//! sent for a registration that was never committed. Repeats on the wire (a process killed
//! after the receiver answered and before the row was marked) are allowed and counted.

mod common;

use axum::Router;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use common::process::{eform, free_port, wait_healthy};
use rand::Rng;
use rand::seq::SliceRandom;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

type TestResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// Registrations sent in all.
const SENDS: usize = 2_000;
/// Senders working at once.
const SENDERS: usize = 16;
/// What the kills during the sends hit, in a random order: each process three times, both
/// at once twice.
const VICTIMS: [Victim; 4] = [Victim::Both, Victim::Server, Victim::Worker, Victim::Both];
/// Share of first calls of a webhook key the receiver answers with a 500.
const FAIL_SHARE: f64 = 0.05;
const PASSWORD: &str = "eform-demo";

/// A process of ours that is killed with SIGKILL when dropped, so a failing test leaves
/// nothing running.
struct Process(Child);

impl Process {
    /// `kill -9` and reap.
    fn kill(&mut self) -> TestResult {
        self.0.kill()?;
        self.0.wait()?;
        Ok(())
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Which process a round kills.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Victim {
    Server,
    Worker,
    Both,
}

/// Starts the processes of one data dir, each with its own log file there.
struct Launcher {
    dir: PathBuf,
    port: u16,
    /// Starts so far, for the log file names.
    starts: usize,
    /// The log of the server started last, for a start that fails.
    server_log: PathBuf,
}

impl Launcher {
    /// The settings of both processes: a short job lease and retry wait so work a kill
    /// stopped is taken over within seconds, webhooks to loopback allowed, and mail as
    /// `.eml` files (no SMTP, no Redis even when the environment names them).
    fn command(&mut self, args: &[&str], name: &str) -> TestResult<Command> {
        self.starts += 1;
        let log = std::fs::File::create(self.dir.join(format!("{name}-{}.log", self.starts)))?;
        let mut command = eform();
        command
            .args(args)
            .arg("--data-dir")
            .arg(&self.dir)
            .env("EFORM_JOB_LEASE_SECONDS", "3")
            .env("EFORM_DELIVERY_RETRY_SECONDS", "1")
            .env("EFORM_WEBHOOK_ALLOW_PRIVATE", "true")
            .env("EFORM_LOG", "warn")
            .env_remove("EFORM_SMTP_URL")
            .env_remove("EFORM_REDIS_URL")
            .env_remove("EFORM_DATA_DIR")
            .stdout(Stdio::null())
            .stderr(log);
        Ok(command)
    }

    /// `eform serve`: the HTTP server with its own workers and dispatcher.
    fn server(&mut self) -> TestResult<Process> {
        let bind = format!("127.0.0.1:{}", self.port);
        let web = self.dir.join("web");
        let mut command = self.command(&["serve", "--bind", &bind], "server")?;
        self.server_log = self.dir.join(format!("server-{}.log", self.starts));
        Ok(Process(command.arg("--web-dir").arg(web).spawn()?))
    }

    /// `eform worker`: workers and dispatcher only, competing with the server's.
    fn worker(&mut self) -> TestResult<Process> {
        Ok(Process(self.command(&["worker"], "worker")?.spawn()?))
    }
}

/// The server and a worker on one data dir.
struct Cluster {
    launch: Launcher,
    base: String,
    server: Process,
    worker: Process,
}

impl Cluster {
    async fn start(dir: &Path) -> TestResult<Cluster> {
        let port = free_port()?;
        let mut launch = Launcher {
            dir: dir.to_owned(),
            port,
            starts: 0,
            server_log: PathBuf::new(),
        };
        let (server, worker) = (launch.server()?, launch.worker()?);
        let cluster = Cluster {
            launch,
            base: format!("http://127.0.0.1:{port}"),
            server,
            worker,
        };
        cluster.healthy().await?;
        Ok(cluster)
    }

    /// Waits until the server answers; a server that does not come up is answered with its
    /// log, which lives in the test's temporary folder and would be gone with it.
    async fn healthy(&self) -> TestResult {
        if let Err(err) = wait_healthy(&self.base).await {
            let log = std::fs::read_to_string(&self.launch.server_log).unwrap_or_default();
            return Err(format!("{err}; its log:\n{log}").into());
        }
        Ok(())
    }

    /// Kills `victim` with SIGKILL, leaves it down for `outage`, and starts it again.
    async fn crash(&mut self, victim: Victim, outage: Duration) -> TestResult {
        if victim != Victim::Worker {
            self.server.kill()?;
        }
        if victim != Victim::Server {
            self.worker.kill()?;
        }
        tokio::time::sleep(outage).await;
        if victim != Victim::Worker {
            self.server = self.launch.server()?;
        }
        if victim != Victim::Server {
            self.worker = self.launch.worker()?;
        }
        self.healthy().await
    }
}

/// Every call a webhook receiver got, per idempotency key: what it answered each time.
#[derive(Default)]
struct Seen {
    calls: BTreeMap<String, Vec<u16>>,
    /// Calls whose body named another registration than their key, or had no key.
    mismatched: Vec<String>,
}

/// A receiver on loopback that answers 500 to a random [`FAIL_SHARE`] of first calls of a
/// key (so retries run too) and 200 otherwise.
async fn receiver() -> TestResult<(String, Arc<Mutex<Seen>>)> {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let state = seen.clone();
    let app = Router::new().route(
        "/hook",
        post(move |headers: HeaderMap, body: axum::body::Bytes| {
            let state = state.clone();
            async move {
                let key = headers
                    .get("idempotency-key")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_owned();
                let named = serde_json::from_slice::<Value>(&body)
                    .ok()
                    .and_then(|b| b["id"].as_str().map(str::to_owned))
                    .unwrap_or_default();
                let mut seen = state.lock().unwrap_or_else(|e| e.into_inner());
                if key.is_empty() || !key.starts_with(&format!("{named}:")) {
                    seen.mismatched
                        .push(format!("key {key:?}, body id {named:?}"));
                }
                let answers = seen.calls.entry(key).or_default();
                let status = if answers.is_empty() && rand::rng().random_bool(FAIL_SHARE) {
                    500
                } else {
                    200
                };
                answers.push(status);
                (
                    StatusCode::from_u16(status).unwrap_or(StatusCode::OK),
                    "ontvangen",
                )
            }
        }),
    );
    let url = format!("{}/hook", common::process::serve(app).await?);
    Ok((url, seen))
}

async fn login(http: &reqwest::Client, base: &str, name: &str) -> TestResult<Value> {
    let answer = http
        .post(format!("{base}/api/user/login"))
        .form(&[
            ("username", format!("{name}@demo.eform.nl").as_str()),
            ("password", PASSWORD),
        ])
        .send()
        .await?;
    assert_eq!(answer.status(), 200, "login {name}");
    Ok(answer.json().await?)
}

fn api_key(login: &Value) -> TestResult<String> {
    Ok(login["api_key"].as_str().ok_or("api_key")?.to_owned())
}

/// The demo client's uuid, from `eform tenant list`.
fn demo_client(dir: &Path) -> TestResult<String> {
    let listed = eform()
        .args(["tenant", "list", "--data-dir"])
        .arg(dir)
        .env_remove("EFORM_REDIS_URL")
        .output()?;
    assert!(listed.status.success(), "{listed:?}");
    let text = String::from_utf8(listed.stdout)?;
    let line = text
        .lines()
        .find(|line| line.ends_with("\tDemo Gemeente"))
        .ok_or("no Demo Gemeente")?;
    Ok(line.split('\t').next().unwrap_or_default().to_owned())
}

fn tenant_file(dir: &Path, client: &str) -> PathBuf {
    dir.join("tenants").join(client).join("tenant.db")
}

/// The demo client has 1,000 credits; registrations past them would be kept on hold (and
/// record no deliveries). A bundle is added while no process runs.
async fn add_credits(dir: &Path, client: &str) -> TestResult {
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(tenant_file(dir, client));
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    sqlx::query(
        "INSERT INTO credits (id, name, credits_total, credits_left, credit_expire_date, created_at)
         VALUES (lower(hex(randomblob(16))), 'outbox crash test', 100000, 100000, NULL, unixepoch())",
    )
    .execute(&pool)
    .await?;
    pool.close().await;
    Ok(())
}

/// A published form with one e-mail setting and one post-to-url webhook to `hook_url`.
async fn hooked_form(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    client: &str,
    hook_url: &str,
) -> TestResult<String> {
    let folders: Value = http
        .get(format!("{base}/api/client/{client}/folder/admin"))
        .header("api-key", key)
        .send()
        .await?
        .json()
        .await?;
    let folder = folders[0]["folder_id"].as_str().ok_or("folder")?;
    let created = http
        .post(format!("{base}/api/form"))
        .header("api-key", key)
        .json(&json!({ "form_name": "Kapotte lantaarnpalen", "folder_id": folder, "client_id": client, "schema": [
            { "name": "omschrijving", "label": "Omschrijving", "elementType": "textarea" },
            { "name": "nummer", "label": "Nummer", "elementType": "text" }
        ] }))
        .send()
        .await?;
    assert_eq!(created.status(), 201);
    let form: Value = created.json().await?;
    let form = form["form_id"].as_str().ok_or("form_id")?.to_owned();
    let published = http
        .post(format!("{base}/api/form/{form}/publish"))
        .header("api-key", key)
        .json(&json!([form]))
        .send()
        .await?;
    assert!(published.status().is_success(), "{published:?}");
    let saved = http
        .patch(format!("{base}/api/form/{form}"))
        .header("api-key", key)
        .json(&json!({
            "email_settings": [{
                "to_addresses": ["beheer@gemeente.test"], "from_name": "Gemeente Demo",
                "email_subject": "Melding $registratie.serienummer$ ontvangen",
                "email_content_mode": "auto"
            }],
            "webhook_integrations": [
                { "hook_name": "Zaaksysteem", "hook_type": "post-to-url", "hook_url": hook_url }
            ]
        }))
        .send()
        .await?;
    assert_eq!(saved.status(), 200, "{:?}", saved.text().await?);
    Ok(form)
}

/// What the senders found out.
#[derive(Default)]
struct Sent {
    /// Send number -> registration id.
    ids: BTreeMap<usize, String>,
    /// Answered 201 on the attempt that got through.
    created: usize,
    /// Answered 200: committed by an attempt whose answer was lost in a kill.
    replayed: usize,
    /// Attempts that failed (connection refused or reset, 5xx) and were tried again.
    retried: usize,
}

/// Sends registration `n` until the server answers 201 or 200 (the same fill token each
/// time, so a send committed before its answer was lost comes back as the stored one).
async fn send_one(
    http: &reqwest::Client,
    base: &str,
    key: &str,
    form: &str,
    token: &str,
    n: usize,
    sent: &Mutex<Sent>,
) -> TestResult {
    let deadline = Instant::now() + Duration::from_secs(60);
    let body = json!({ "form_id": form, "fill_token": token, "values": {
        "omschrijving": format!("Lamp {n} brandt niet"), "nummer": n.to_string()
    } });
    loop {
        let answer = http
            .post(format!("{base}/api/registration/"))
            .header("api-key", key)
            .json(&body)
            .send()
            .await;
        let failure = match answer {
            Ok(answer) if answer.status() == 201 || answer.status() == 200 => {
                let created = answer.status() == 201;
                let stored: Value = answer.json().await?;
                let id = stored["_id"].as_str().ok_or("_id")?.to_owned();
                assert_eq!(stored["registration_status"], "completed", "{stored}");
                let mut sent = sent.lock().unwrap_or_else(|e| e.into_inner());
                if created {
                    sent.created += 1;
                } else {
                    sent.replayed += 1;
                }
                sent.ids.insert(n, id);
                return Ok(());
            }
            Ok(answer) if answer.status().is_server_error() => format!("{}", answer.status()),
            Ok(answer) => {
                let status = answer.status();
                return Err(format!("send {n}: {status} {}", answer.text().await?).into());
            }
            Err(err) => err.to_string(),
        };
        sent.lock().unwrap_or_else(|e| e.into_inner()).retried += 1;
        if Instant::now() > deadline {
            return Err(format!("send {n} never got through: {failure}").into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// One delivery row as the test reads it.
#[derive(Debug, sqlx::FromRow)]
struct Row {
    idempotency_key: String,
    registration_id: String,
    status: String,
    attempts: i64,
    next_attempt_at: Option<i64>,
    queued_at: Option<i64>,
    lease_until: Option<i64>,
    last_answer: Option<String>,
    delivered_at: Option<i64>,
}

impl Row {
    /// The row's state, for a failure message.
    fn describe(&self) -> String {
        format!(
            "{} ({}): {} after {} attempts, next {:?}, queued {:?}, lease {:?}, last answer {:?}",
            self.idempotency_key,
            self.registration_id,
            self.status,
            self.attempts,
            self.next_attempt_at,
            self.queued_at,
            self.lease_until,
            self.last_answer
        )
    }
}

/// The form's registrations and deliveries, read-only.
async fn read_tenant(file: &Path, form: &str) -> TestResult<(BTreeSet<String>, Vec<Row>)> {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(file)
        .read_only(true);
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    let registrations: Vec<String> =
        sqlx::query_scalar("SELECT id FROM registrations WHERE form_id = ?1")
            .bind(form)
            .fetch_all(&pool)
            .await?;
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT idempotency_key, registration_id, status, attempts, next_attempt_at, queued_at, lease_until, last_answer, delivered_at
         FROM deliveries WHERE form_id = ?1",
    )
    .bind(form)
    .fetch_all(&pool)
    .await?;
    pool.close().await;
    Ok((registrations.into_iter().collect(), rows))
}

/// Jobs of the `deliver` queue in `jobs.db`, by status, read-only: how many copies the
/// dispatcher queued for the rows.
async fn deliver_jobs(dir: &Path) -> TestResult<Vec<(String, i64)>> {
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(dir.join("jobs.db"))
        .read_only(true);
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    let jobs = sqlx::query_as(
        "SELECT status, COUNT(*) FROM Jobs WHERE job_type = 'eform.deliver' GROUP BY status ORDER BY status",
    )
    .fetch_all(&pool)
    .await?;
    pool.close().await;
    Ok(jobs)
}

/// Names of the finished mail files of the outbox (`<registration>.new.email.<n>.eml`);
/// a `.partial` file a kill left behind starts with a dot and is no mail.
fn mail_files(dir: &Path) -> TestResult<BTreeSet<String>> {
    let Ok(entries) = std::fs::read_dir(dir.join("mail")) else {
        return Ok(BTreeSet::new());
    };
    let mut names = BTreeSet::new();
    for entry in entries {
        let name = entry?.file_name().to_string_lossy().into_owned();
        if !name.starts_with('.') && name.contains(".new.email.") && name.ends_with(".eml") {
            names.insert(name);
        }
    }
    Ok(names)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_committed_registration_is_delivered_once_per_key_despite_kill_9() -> TestResult {
    let dir = tempfile::tempdir()?;
    let seeded = eform()
        .args(["seed", "demo", "--data-dir"])
        .arg(dir.path())
        .env_remove("EFORM_REDIS_URL")
        .env_remove("EFORM_SMTP_URL")
        .output()?;
    assert!(
        seeded.status.success(),
        "{}",
        String::from_utf8_lossy(&seeded.stderr)
    );
    let client = demo_client(dir.path())?;
    add_credits(dir.path(), &client).await?;
    let (hook_url, seen) = receiver().await?;
    let mut cluster = Cluster::start(dir.path()).await?;
    let base = cluster.base.clone();
    let http = reqwest::Client::builder()
        .timeout(Duration::from_secs(15))
        .build()?;
    let manager = api_key(&login(&http, &base, "formulieren").await?)?;
    let form = hooked_form(&http, &base, &manager, &client, &hook_url).await?;
    let invuller = api_key(&login(&http, &base, "invuller").await?)?;

    // Kill moments: after a random number of answered sends in each fifth of the run, plus
    // a few milliseconds more, so kills fall anywhere in a send or a delivery.
    let mut victims = VICTIMS;
    let mut rng = rand::rng();
    victims.shuffle(&mut rng);
    let plan: Vec<(usize, u64, Victim, u64)> = victims
        .iter()
        .enumerate()
        .map(|(round, victim)| {
            let fifth = SENDS / (VICTIMS.len() + 1);
            (
                fifth * (round + 1) + rng.random_range(0..fifth / 2),
                rng.random_range(0..100),
                *victim,
                rng.random_range(100..500),
            )
        })
        .collect();

    let sent = Arc::new(Mutex::new(Sent::default()));
    let next = Arc::new(AtomicUsize::new(0));
    let answered = Arc::new(AtomicUsize::new(0));
    let run = uuid::Uuid::new_v4().simple().to_string();
    let started = Instant::now();
    let mut senders = Vec::new();
    for _ in 0..SENDERS {
        let (http, base, key, form) = (http.clone(), base.clone(), invuller.clone(), form.clone());
        let (sent, next, answered, run) =
            (sent.clone(), next.clone(), answered.clone(), run.clone());
        senders.push(tokio::spawn(async move {
            loop {
                let n = next.fetch_add(1, Ordering::SeqCst);
                if n >= SENDS {
                    return Ok::<(), Box<dyn std::error::Error + Send + Sync>>(());
                }
                let token = format!("outbox-crash-{run}-{n}");
                send_one(&http, &base, &key, &form, &token, n, &sent).await?;
                answered.fetch_add(1, Ordering::SeqCst);
            }
        }));
    }
    let mut kills = Vec::new();
    for (at, extra_ms, victim, outage_ms) in &plan {
        while answered.load(Ordering::SeqCst) < *at {
            if senders.iter().all(|sender| sender.is_finished()) {
                break; // They failed: their errors are reported below.
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
        tokio::time::sleep(Duration::from_millis(*extra_ms)).await;
        let at = answered.load(Ordering::SeqCst);
        let down = Instant::now();
        cluster
            .crash(*victim, Duration::from_millis(*outage_ms))
            .await?;
        kills.push(format!(
            "{victim:?} after {at} sends, back in {} ms",
            down.elapsed().as_millis()
        ));
    }
    for sender in senders {
        sender.await??;
    }
    let send_time = started.elapsed();
    let (ids, created, replayed, retried) = {
        let sent = sent.lock().unwrap_or_else(|e| e.into_inner());
        (sent.ids.clone(), sent.created, sent.replayed, sent.retried)
    };
    assert_eq!(ids.len(), SENDS, "every send got through");
    let committed: BTreeSet<String> = ids.values().cloned().collect();
    assert_eq!(committed.len(), SENDS, "one registration per fill token");
    let hook_keys: BTreeSet<String> = committed
        .iter()
        .map(|id| format!("{id}:new:webhook:0"))
        .collect();
    let mail_names: BTreeSet<String> = committed
        .iter()
        .map(|id| format!("{id}.new.email.0.eml"))
        .collect();

    // Drain: every mail written and every webhook answered 200, and every row finished.
    let drain = Instant::now();
    let file = tenant_file(dir.path(), &client);
    let deadline = drain + Duration::from_secs(90);
    let (registrations, rows) = loop {
        let unhooked: Vec<&String> = {
            let seen = seen.lock().unwrap_or_else(|e| e.into_inner());
            hook_keys
                .iter()
                .filter(|key| !seen.calls.get(*key).is_some_and(|a| a.contains(&200)))
                .collect()
        };
        let mails = mail_files(dir.path())?;
        let unmailed: Vec<&String> = mail_names.difference(&mails).collect();
        let (registrations, rows) = read_tenant(&file, &form).await?;
        let unfinished: Vec<String> = rows
            .iter()
            .filter(|r| r.status != "success")
            .map(Row::describe)
            .collect();
        if unhooked.is_empty() && unmailed.is_empty() && unfinished.is_empty() {
            break (registrations, rows);
        }
        if Instant::now() > deadline {
            let first = |list: &[String]| list.iter().take(20).cloned().collect::<Vec<_>>();
            let unhooked: Vec<String> = unhooked.into_iter().cloned().collect();
            let unmailed: Vec<String> = unmailed.into_iter().cloned().collect();
            return Err(format!(
                "not drained after 90 s: {} webhooks missing {:#?}, {} mails missing {:#?}, {} of {} rows unfinished {:#?}; registrations stored: {}; kills: {kills:?}; data and logs kept in {}",
                unhooked.len(),
                first(&unhooked),
                unmailed.len(),
                first(&unmailed),
                unfinished.len(),
                rows.len(),
                first(&unfinished),
                registrations.len(),
                dir.keep().display()
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    let drain_time = drain.elapsed();
    // Managers see it too: the registration detail of a few of them says success.
    for id in committed.iter().step_by(SENDS / 4) {
        let detail: Value = http
            .get(format!("{base}/api/form/{form}/registrations/{id}"))
            .header("api-key", &manager)
            .send()
            .await?
            .json()
            .await?;
        assert_eq!(
            detail["email_hooks"][0]["hook_status"], "success",
            "{detail}"
        );
        assert_eq!(
            detail["webhook_integrations"][0]["hook_status"], "success",
            "{detail}"
        );
    }
    // One sweep more: nothing may arrive after every row is finished.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    cluster.server.kill()?;
    cluster.worker.kill()?;

    // None lost, none made up: the form holds exactly the committed registrations, each with
    // one e-mail and one webhook row, both finished.
    assert_eq!(registrations, committed, "the stored registrations");
    let mut by_key: HashMap<&str, &Row> = HashMap::new();
    for row in &rows {
        assert!(committed.contains(&row.registration_id), "{row:?}");
        assert!(
            by_key.insert(&row.idempotency_key, row).is_none(),
            "{row:?}"
        );
    }
    assert_eq!(rows.len(), 2 * SENDS, "an e-mail and a webhook each");
    for id in &committed {
        for channel in ["email", "webhook"] {
            let row = by_key
                .get(format!("{id}:new:{channel}:0").as_str())
                .ok_or_else(|| format!("no {channel} row for {id}"))?;
            assert_eq!(row.status, "success", "{row:?}");
        }
    }

    // The wire: each webhook key of a committed registration, no other key, answered 200.
    let seen = std::mem::take(&mut *seen.lock().unwrap_or_else(|e| e.into_inner()));
    assert!(
        seen.mismatched.is_empty(),
        "calls that do not match their key: {:?}",
        seen.mismatched
    );
    let keys: BTreeSet<String> = seen.calls.keys().cloned().collect();
    let unknown: Vec<&String> = keys.difference(&hook_keys).collect();
    assert!(unknown.is_empty(), "webhooks nobody committed: {unknown:?}");
    assert_eq!(keys, hook_keys);
    let calls: usize = seen.calls.values().map(Vec::len).sum();
    let refused = seen.calls.values().flatten().filter(|s| **s == 500).count();
    // A repeat is a call after the key was answered 200: the at-least-once on the wire.
    let repeated: Vec<(&String, &Vec<u16>)> = seen
        .calls
        .iter()
        .filter(|(_, answers)| answers.iter().filter(|s| **s == 200).count() > 1)
        .collect();
    let repeats: usize = repeated
        .iter()
        .map(|(_, answers)| answers.iter().filter(|s| **s == 200).count() - 1)
        .sum();

    // The mail folder: one file per committed registration, named by its key, carrying the
    // key as Message-ID; no mail for anything else.
    let mails = mail_files(dir.path())?;
    let unknown: Vec<&String> = mails.difference(&mail_names).collect();
    assert!(unknown.is_empty(), "mails nobody committed: {unknown:?}");
    assert_eq!(mails, mail_names);
    for name in &mails {
        let text = std::fs::read_to_string(dir.path().join("mail").join(name))?;
        let id = name.trim_end_matches(".eml");
        assert!(
            text.contains(&format!("<{id}@eform.nl>")),
            "{name} has another Message-ID"
        );
    }
    let most_attempts = rows.iter().map(|r| r.attempts).max().unwrap_or(0);
    let retried_rows = rows.iter().filter(|r| r.attempts > 1).count();
    let delivered: Vec<i64> = rows.iter().filter_map(|r| r.delivered_at).collect();
    let spread = delivered.iter().max().unwrap_or(&0) - delivered.iter().min().unwrap_or(&0);
    let jobs = deliver_jobs(dir.path()).await?;

    eprintln!("outbox crash test: {SENDS} sends by {SENDERS} senders");
    eprintln!(
        "  sends: {:.1} s, {:.0} sends/s; 201: {created}, 200 replays (answer lost in a kill): {replayed}, failed attempts tried again: {retried}",
        send_time.as_secs_f64(),
        SENDS as f64 / send_time.as_secs_f64()
    );
    eprintln!("  restarts ({}):", kills.len());
    for kill in &kills {
        eprintln!("    {kill}");
    }
    eprintln!(
        "  drain after the last send: {:.1} s",
        drain_time.as_secs_f64()
    );
    eprintln!(
        "  webhook calls: {calls} for {} keys; 500s answered on purpose: {refused}; repeats after a 200: {repeats} (keys: {})",
        hook_keys.len(),
        repeated.len()
    );
    eprintln!(
        "  delivery rows: {}, taken more than once: {retried_rows}, most attempts: {most_attempts}",
        rows.len()
    );
    eprintln!(
        "  deliveries: {:.0}/s over {spread} s; deliver jobs queued: {jobs:?}",
        delivered.len() as f64 / spread.max(1) as f64
    );
    eprintln!("  mail files: {}", mails.len());
    Ok(())
}
