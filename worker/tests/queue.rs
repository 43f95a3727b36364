//! A mail job pushed and processed through the SQLite storage and through a real Redis.
//! Redis comes from `EFORM_TEST_REDIS_URL` (default redis://127.0.0.1:6379; `ops/test`
//! starts one when none answers).

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;
use tenancy::TenantRegistry;
use tenancy::platform::Platform;
use worker::jobs::{JobContext, JobSettings, MailJob, MailKind};
use worker::mail::{Mailer, OutgoingMail};
use worker::{Metrics, Queue, runner};

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn redis_url() -> String {
    std::env::var("EFORM_TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".into())
}

async fn push_and_process(queue: Queue, dir: &Path) -> TestResult {
    let mail_dir = dir.join("mail");
    let metrics = Metrics::new()?;
    let ctx = JobContext {
        mailer: Mailer::new(None, mail_dir.clone())?,
        metrics: metrics.clone(),
        platform: Platform::open(dir).await?,
        tenants: Arc::new(TenantRegistry::new(dir, 4)),
        settings: JobSettings::default(),
        outbox: worker::Outbox::default(),
    };
    let id = uuid::Uuid::new_v4().to_string();
    queue
        .push_mail(MailJob {
            client_uuid: None,
            kind: MailKind::Welcome,
            mail: OutgoingMail {
                id: id.clone(),
                to: "nieuw@demo.eform.nl".into(),
                subject: "Welkom bij eform".into(),
                text: "Hallo".into(),
                attachments: Vec::new(),
                ..OutgoingMail::default()
            },
        })
        .await?;

    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let running = tokio::spawn(runner::run(queue, ctx, async move {
        let _ = stopped.await;
    }));
    let file = mail_dir.join(format!("{id}.eml"));
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while !file.is_file() && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let _ = stop.send(());
    let _ = tokio::time::timeout(Duration::from_secs(10), running).await;
    assert!(file.is_file(), "the job was not processed within 30 s");
    let text = std::fs::read_to_string(&file)?;
    assert!(text.contains("To: nieuw@demo.eform.nl"), "{text}");
    assert!(text.contains("Subject: Welkom bij eform"), "{text}");
    assert_eq!(
        metrics
            .jobs_processed
            .with_label_values(&["mail.welcome"])
            .get(),
        1
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_runs_through_the_sqlite_storage() -> TestResult {
    let dir = tempfile::tempdir()?;
    let queue = Queue::connect(dir.path(), None, "eform").await?;
    push_and_process(queue, dir.path()).await?;
    assert!(dir.path().join("jobs.db").is_file());
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_job_runs_through_a_real_redis() -> TestResult {
    let dir = tempfile::tempdir()?;
    // A prefix of its own, so parallel test runs never take each other's jobs.
    let prefix = format!("eform-test-{}", uuid::Uuid::new_v4().simple());
    let queue = Queue::connect(dir.path(), Some(&redis_url()), &prefix).await?;
    assert!(matches!(queue, Queue::Redis { .. }));
    push_and_process(queue, dir.path()).await?;
    assert!(
        !dir.path().join("jobs.db").exists(),
        "Redis mode must not open the SQLite queue"
    );
    Ok(())
}
