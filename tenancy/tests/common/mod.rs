//! What the writer tests share: a published form and a send to it.

#![allow(dead_code)] // each test binary uses a different part

use serde_json::json;
use tenancy::TenantDb;
use tenancy::tenant::deliveries::Planned;
use tenancy::tenant::forms;
use tenancy::tenant::registrations::Status;
use tenancy::writer::{Finished, NewRegistration, SubmitOutcome};

/// A published form with an empty schema.
pub fn form(id: &str, name: &str) -> forms::NewForm {
    forms::NewForm {
        published: true,
        ..forms::NewForm::new(id.into(), name.into())
    }
}

pub fn send(token: &str, hash: &str) -> NewRegistration {
    NewRegistration {
        form_id: "f1".into(),
        fill_token: Some(token.into()),
        payload_hash: hash.into(),
        user_id: Some("u1".into()),
        username: Some("invuller".into()),
        wanted: Status::Completed,
        phase: None,
        handover: None,
        schema: tenancy::tenant::registrations::raw_json("[]".into()),
        schema_hash: tenancy::secrets::sha256_hex(b"[]").into(),
        allow_expired_credits: false,
        outbox: vec![Planned {
            channel: "email",
            index: 0,
            name: "Nieuwe melding".into(),
            hook_type: "email",
            phase: None,
            setting: "{}".into(),
        }],
        finish: Box::new(|numbered| Finished {
            values: json!({ "nummer": numbered.serial_number }),
            summary: format!("Nr {}", numbered.serial_number),
            registration_name: None,
        }),
    }
}

/// Submits each send from a task of its own, so they reach the writer together and share its
/// batches; answers the outcomes in the order of `sends`.
pub async fn submit_all(
    db: &TenantDb,
    sends: impl IntoIterator<Item = NewRegistration>,
) -> Result<Vec<SubmitOutcome>, Box<dyn std::error::Error>> {
    let tasks: Vec<_> = sends
        .into_iter()
        .map(|new| {
            let db = db.clone();
            tokio::spawn(async move { db.writer().submit(new).await })
        })
        .collect();
    let mut outcomes = Vec::with_capacity(tasks.len());
    for task in tasks {
        outcomes.push(task.await??);
    }
    Ok(outcomes)
}
