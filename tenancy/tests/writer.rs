//! The group-commit writer against a real tenant file: numbering, credits, idempotency.

mod common;

use common::{form, send, submit_all};
use serde_json::json;
use std::collections::BTreeSet;
use tenancy::platform::{Platform, clients};
use tenancy::tenant::deliveries;
use tenancy::tenant::{credits, forms};
use tenancy::writer::SubmitOutcome;
use tenancy::{TenantDb, TenantRegistry};

type TestResult = Result<(), Box<dyn std::error::Error>>;

async fn tenant_with_form(
    credit_count: i64,
) -> Result<(tempfile::TempDir, TenantRegistry, TenantDb), Box<dyn std::error::Error>> {
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    let registry = TenantRegistry::new(dir.path(), 8);
    let client = clients::new_client("Schrijver");
    clients::upsert(&platform, &client).await?;
    let db = registry.create(&client.id).await?;
    forms::insert(&db, &form("f1", "Melding")).await?;
    if credit_count > 0 {
        credits::add(&db, "test", credit_count, None).await?;
    }
    Ok((dir, registry, db))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_sends_get_unique_contiguous_serials() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(10_000).await?;
    let mut serials = BTreeSet::new();
    for outcome in submit_all(&db, (0..500).map(|i| send(&format!("t{i}"), "h"))).await? {
        match outcome {
            SubmitOutcome::Created(reg) => {
                assert_eq!(reg.status, "completed");
                assert_eq!(reg.values, json!({ "nummer": reg.serial_number }));
                assert_eq!(reg.summary, format!("Nr {}", reg.serial_number));
                serials.insert(reg.serial_number);
            }
            other => return Err(format!("unexpected {other:?}").into()),
        }
    }
    assert_eq!(serials, (1..=500).collect());
    assert_eq!(credits::left(&db, true).await?, 9_500);
    Ok(())
}

#[tokio::test]
async fn a_resend_replays_and_a_changed_payload_conflicts() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(10).await?;
    let SubmitOutcome::Created(first) = db.writer().submit(send("token-a", "hash-1")).await? else {
        return Err("first send not created".into());
    };
    let SubmitOutcome::Replayed(again) = db.writer().submit(send("token-a", "hash-1")).await?
    else {
        return Err("identical resend not replayed".into());
    };
    assert_eq!(again, first);
    assert_eq!(
        db.writer().submit(send("token-a", "hash-2")).await?,
        SubmitOutcome::Conflict
    );
    // Neither the replay nor the conflict used a credit or a number.
    assert_eq!(credits::left(&db, true).await?, 9);
    let SubmitOutcome::Created(next) = db.writer().submit(send("token-b", "hash-1")).await? else {
        return Err("second send not created".into());
    };
    assert_eq!(next.serial_number, 2);
    // The replay and the conflict recorded no second e-mail.
    assert_eq!(deliveries::for_registration(&db, &first.id).await?.len(), 1);
    Ok(())
}

#[tokio::test]
async fn without_credits_a_registration_is_kept_on_hold() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(1).await?;
    let mut statuses = Vec::new();
    for token in ["x", "y"] {
        if let SubmitOutcome::Created(reg) = db.writer().submit(send(token, "h")).await? {
            statuses.push(reg.status);
        }
    }
    assert_eq!(statuses, ["completed", "hold"]);
    Ok(())
}

#[tokio::test]
async fn a_send_for_a_missing_form_fails_alone() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(10).await?;
    let mut missing = send("m", "h");
    missing.form_id = "no-such-form".into();
    let (bad, good) = tokio::join!(
        db.writer().submit(missing),
        db.writer().submit(send("g", "h"))
    );
    assert!(bad.is_err());
    assert!(matches!(good?, SubmitOutcome::Created(_)));
    Ok(())
}

#[tokio::test]
async fn a_token_repeated_within_one_batch_is_a_replay_or_a_conflict() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(10).await?;
    // Sent together, these land in one batch of the writer.
    let (a, b, c) = tokio::join!(
        db.writer().submit(send("same", "h1")),
        db.writer().submit(send("same", "h1")),
        db.writer().submit(send("same", "h2")),
    );
    let outcomes = [a?, b?, c?];
    let created: Vec<_> = outcomes
        .iter()
        .filter(|o| matches!(o, SubmitOutcome::Created(_)))
        .collect();
    assert_eq!(created.len(), 1, "{outcomes:?}");
    assert!(
        outcomes
            .iter()
            .any(|o| matches!(o, SubmitOutcome::Replayed(_)))
    );
    assert!(outcomes.contains(&SubmitOutcome::Conflict));
    assert_eq!(credits::left(&db, true).await?, 9);
    Ok(())
}

#[tokio::test]
async fn credits_run_out_in_the_middle_of_a_batch() -> TestResult {
    let (_dir, _registry, db) = tenant_with_form(3).await?;
    let (mut statuses, mut ids) = (Vec::new(), Vec::new());
    for outcome in submit_all(&db, (0..8).map(|i| send(&format!("k{i}"), "h"))).await? {
        if let SubmitOutcome::Created(reg) = outcome {
            ids.push((reg.id.clone(), reg.status.clone()));
            statuses.push(reg.status);
        }
    }
    assert_eq!(statuses.iter().filter(|s| *s == "completed").count(), 3);
    assert_eq!(statuses.iter().filter(|s| *s == "hold").count(), 5);
    assert_eq!(credits::left(&db, true).await?, 0);
    // The outbox holds the e-mail of each completed registration, none of those on hold:
    // recorded by the same transactions (batched or not).
    let mut with_mail = 0;
    for id in ids {
        let recorded = deliveries::for_registration(&db, &id.0).await?;
        assert_eq!(recorded.len(), usize::from(id.1 == "completed"), "{}", id.1);
        with_mail += recorded.len();
    }
    assert_eq!(with_mail, 3);
    assert_eq!(deliveries::claim_due(&db, 60, 100).await?.len(), 3);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sends_take_credits_first_expiring_first_across_bundles() -> TestResult {
    // An expired bundle counts only for an admin; everyone else takes from the bundle that
    // expires next, then from the one that never expires, and waits on hold after that.
    let (_dir, _registry, db) = tenant_with_form(0).await?;
    let now = tenancy::now();
    credits::add(&db, "verlopen", 2, Some(now - 60)).await?;
    credits::add(&db, "later", 3, Some(now + 3_600)).await?;
    credits::add(&db, "altijd", 2, None).await?;
    let mut admin = send("admin", "h");
    admin.allow_expired_credits = true;
    let sends = (0..6).map(|i| send(&format!("s{i}"), "h"));
    let mut statuses = Vec::new();
    for outcome in submit_all(&db, sends.chain([admin])).await? {
        let SubmitOutcome::Created(reg) = outcome else {
            return Err(format!("unexpected {outcome:?}").into());
        };
        statuses.push(reg.status);
    }
    statuses.sort();
    assert_eq!(statuses, [["completed"; 6].as_slice(), &["hold"]].concat());
    let left: Vec<(String, i64)> = credits::list(&db)
        .await?
        .into_iter()
        .map(|bundle| (bundle.name, bundle.credits_left))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let expected = [("altijd", 0), ("later", 0), ("verlopen", 1)];
    assert_eq!(left, expected.map(|(name, n)| (name.to_owned(), n)));
    assert_eq!(credits::used_per_period(&db, &["2".into()]).await?, vec![6]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_send_that_breaks_a_constraint_fails_alone() -> TestResult {
    let (_dir, registry, db) = tenant_with_form(10).await?;
    forms::insert(&db, &form("f2", "Tweede")).await?;
    // A row that takes serial number 1 of f1 behind the writer's back: the send's INSERT hits
    // UNIQUE(form_id, serial_number), and only that send's savepoint may be rolled back.
    let file = registry.tenant_dir(db.client_id()).join("tenant.db");
    // A busy timeout as the tenant's own pool has: under load the registry's connections may
    // still hold the file for a moment.
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&file)
        .busy_timeout(std::time::Duration::from_secs(10));
    let pool = sqlx::SqlitePool::connect_with(options).await?;
    sqlx::query("INSERT INTO form_schemas (hash, schema) VALUES ('s', '[]')")
        .execute(&pool)
        .await?;
    sqlx::query("INSERT INTO registrations (id, form_id, serial_number, payload_hash, status, reg_values, schema_hash, created_at, updated_at) VALUES ('x', 'f1', 1, 'h', 'completed', '{}', 's', 0, 0)")
        .execute(&pool)
        .await?;
    pool.close().await;
    let mut healthy = send("q", "h");
    healthy.form_id = "f2".into();
    let (bad, good) = tokio::join!(
        db.writer().submit(send("p", "h")),
        db.writer().submit(healthy)
    );
    assert!(bad.is_err());
    assert!(
        matches!(good?, SubmitOutcome::Created(reg) if reg.form_id == "f2" && reg.serial_number == 1)
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_batch_records_its_credit_use_and_frees_the_file() -> TestResult {
    // The day's credit use is recorded once for the whole batch, before its COMMIT: both must
    // have run, and the file must be free for another writer the moment the sends are
    // answered.
    let (_dir, registry, db) = tenant_with_form(5).await?;
    let sends = (0..8).map(|i| {
        let mut new = send(&format!("u{i}"), "h");
        new.outbox.clear();
        new
    });
    let mut completed = 0;
    for outcome in submit_all(&db, sends).await? {
        let SubmitOutcome::Created(reg) = outcome else {
            return Err("a new send was not created".into());
        };
        completed += usize::from(reg.status == "completed");
    }
    assert_eq!(completed, 5);
    assert_eq!(credits::left(&db, true).await?, 0);
    // Every day's count starts with the century's '2'.
    assert_eq!(credits::used_per_period(&db, &["2".into()]).await?, vec![5]);
    let file = registry.tenant_dir(db.client_id()).join("tenant.db");
    let options = sqlx::sqlite::SqliteConnectOptions::new()
        .filename(&file)
        .busy_timeout(std::time::Duration::ZERO);
    let mut other = <sqlx::SqliteConnection as sqlx::Connection>::connect_with(&options).await?;
    // Refused at once ('database is locked') if the writer had left its transaction open.
    sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await?;
    sqlx::query("ROLLBACK").execute(&mut other).await?;
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_and_credits_running_short_in_one_batch_leave_no_gaps() -> TestResult {
    // A token that is a replay and credits that fall short in one batch: the new sends take
    // the next numbers without a gap, the replay takes none, and no credit is lost.
    let (_dir, _registry, db) = tenant_with_form(3).await?;
    let SubmitOutcome::Created(first) = db.writer().submit(send("a", "h")).await? else {
        return Err("first send not created".into());
    };
    let mut admin = send("c", "h");
    admin.allow_expired_credits = true;
    let sends = [send("a", "h"), send("b", "h"), admin, send("d", "h")];
    let (mut serials, mut statuses) = (BTreeSet::new(), Vec::new());
    for outcome in submit_all(&db, sends).await? {
        match outcome {
            SubmitOutcome::Replayed(reg) => assert_eq!(reg, first),
            SubmitOutcome::Created(reg) => {
                serials.insert(reg.serial_number);
                statuses.push(reg.status);
            }
            SubmitOutcome::Conflict => return Err("an identical resend conflicted".into()),
        }
    }
    assert_eq!(serials, (2..=4).collect());
    statuses.sort();
    assert_eq!(statuses, ["completed", "completed", "hold"]);
    assert_eq!(credits::left(&db, true).await?, 0);
    assert_eq!(credits::used_per_period(&db, &["2".into()]).await?, vec![3]);
    // The replay took no number: the next send follows on.
    let SubmitOutcome::Created(next) = db.writer().submit(send("e", "h")).await? else {
        return Err("a later send was not created".into());
    };
    assert_eq!(next.serial_number, 5);
    Ok(())
}
