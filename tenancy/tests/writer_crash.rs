//! An acknowledged send survives `kill -9` of the process in the middle of its batches: a
//! child process (this test binary, run again as the ignored test below) keeps 64 senders
//! busy on one tenant's group-commit writer and prints every send the writer acknowledged;
//! it is killed three times while batches are in flight and started again on the same file.
//! Afterwards every acknowledged send is stored with the serial number it was answered,
//! serial numbers run without gap or repeat (a batch the kill cut off left nothing behind),
//! and every completed registration took exactly one credit.

mod common;

use common::{form, send};
use std::collections::{BTreeMap, HashSet};
use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use tenancy::platform::{Platform, clients};
use tenancy::tenant::{credits, forms};
use tenancy::writer::SubmitOutcome;
use tenancy::{TenantRegistry, new_id};

type TestResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// Set (to "<data dir>\t<client id>") in the child process only.
const CHILD: &str = "EFORM_WRITER_CRASH_CHILD";
const SENDERS: usize = 64;
const CREDITS: i64 = 1_000_000;
const KILLS: usize = 3;
/// Acknowledged sends a child reaches before it is killed (plus a random few).
const ACKS_BEFORE_KILL: usize = 1_500;

/// The child: sends until it is killed, printing `ack <token> <serial>` for every send the
/// writer answered (and only after the answer came).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the child process of a_kill_9_loses_no_acknowledged_send"]
async fn child_sends_until_killed() -> TestResult {
    let setting = std::env::var(CHILD)?;
    let (dir, client) = setting.split_once('\t').ok_or("no client")?;
    let registry = TenantRegistry::new(Path::new(dir), 4);
    let client = domain::ids::ClientId::parse(client).ok_or("bad client id")?;
    let db = registry.open(&client).await?;
    let run = new_id();
    let mut senders = Vec::new();
    for sender in 0..SENDERS {
        let (db, run) = (db.clone(), run.clone());
        senders.push(tokio::spawn(async move {
            for n in 0.. {
                let token = format!("{run}-{sender}-{n}");
                if let Ok(SubmitOutcome::Created(reg)) = db.writer().submit(send(&token, "h")).await
                {
                    let mut out = std::io::stdout().lock();
                    let _ = writeln!(
                        out,
                        "ack {} {}",
                        reg.fill_token.unwrap_or_default(),
                        reg.serial_number
                    );
                    let _ = out.flush();
                }
            }
        }));
    }
    for sender in senders {
        sender.await?;
    }
    Ok(())
}

/// Runs the child until it acknowledged `acks` sends (and a few milliseconds more), kills it
/// with SIGKILL and answers everything it acknowledged, also what was still in the pipe.
fn run_and_kill(dir: &Path, client: &str, acks: usize) -> TestResult<Vec<(String, i64)>> {
    let mut child = Command::new(std::env::current_exe()?)
        .args([
            "--ignored",
            "--exact",
            "child_sends_until_killed",
            "--nocapture",
        ])
        .env(CHILD, format!("{}\t{client}", dir.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()?;
    let stdout = child.stdout.take().ok_or("no stdout")?;
    let mut lines = BufReader::new(stdout).lines();
    let mut acked = Vec::new();
    let mut killed = false;
    for line in lines.by_ref() {
        let line = line?;
        let Some(rest) = line.strip_prefix("ack ") else {
            continue;
        };
        let (token, serial) = rest.split_once(' ').ok_or("bad ack line")?;
        acked.push((token.to_owned(), serial.parse()?));
        if acked.len() >= acks {
            std::thread::sleep(std::time::Duration::from_millis(rand::random_range(0..20)));
            child.kill()?; // SIGKILL: no destructor, no rollback, no flush runs
            killed = true;
            break;
        }
    }
    assert!(killed, "the child stopped before it was killed");
    // What the child printed before it died was acknowledged too.
    for line in lines {
        if let Some((token, serial)) = line?.strip_prefix("ack ").and_then(|r| r.split_once(' ')) {
            acked.push((token.to_owned(), serial.parse()?));
        }
    }
    child.wait()?;
    Ok(acked)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_9_loses_no_acknowledged_send() -> TestResult {
    let dir = tempfile::tempdir()?;
    let client = clients::new_client("Schrijver");
    {
        let platform = Platform::open(dir.path()).await?;
        clients::upsert(&platform, &client).await?;
        let registry = TenantRegistry::new(dir.path(), 4);
        let db = registry.create(&client.id).await?;
        forms::insert(&db, &form("f1", "Melding")).await?;
        credits::add(&db, "test", CREDITS, None).await?;
    }
    let client_id = client.id.to_string();
    let mut acked: BTreeMap<String, i64> = BTreeMap::new();
    for _ in 0..KILLS {
        let path = dir.path().to_owned();
        let id = client_id.clone();
        let round = tokio::task::spawn_blocking(move || run_and_kill(&path, &id, ACKS_BEFORE_KILL))
            .await??;
        assert!(round.len() >= ACKS_BEFORE_KILL);
        acked.extend(round);
    }

    // Read the file as the next start would: through the registry (WAL recovery included).
    let registry = TenantRegistry::new(dir.path(), 4);
    let db = registry.open(&client.id).await?;
    let file = dir
        .path()
        .join("tenants")
        .join(&client_id)
        .join("tenant.db");
    let raw =
        sqlx::SqlitePool::connect_with(sqlx::sqlite::SqliteConnectOptions::new().filename(file))
            .await?;
    let stored: Vec<(String, i64)> =
        sqlx::query_as("SELECT fill_token, serial_number FROM registrations WHERE form_id = 'f1'")
            .fetch_all(&raw)
            .await?;
    let by_token: BTreeMap<&str, i64> = stored.iter().map(|(t, s)| (t.as_str(), *s)).collect();
    let lost: Vec<&String> = acked
        .iter()
        .filter(|(token, serial)| by_token.get(token.as_str()) != Some(serial))
        .map(|(token, _)| token)
        .collect();
    assert!(
        lost.is_empty(),
        "{} acknowledged sends lost or renumbered, e.g. {:?}",
        lost.len(),
        lost.first()
    );
    let serials: HashSet<i64> = stored.iter().map(|(_, s)| *s).collect();
    let count = i64::try_from(stored.len())?;
    assert_eq!(
        serials.len(),
        stored.len(),
        "a serial number was given twice"
    );
    assert_eq!(serials, (1..=count).collect(), "serial numbers have a gap");
    assert_eq!(
        credits::left(&db, false).await?,
        CREDITS - count,
        "one credit per registration"
    );
    Ok(())
}
