//! The weekly and monthly registration mails (document 001 sections 2, 3 and 9): once a day
//! every form whose mail is due that day sends its new registrations of the period as a CSV
//! attachment to its recipients.
//!
//! Each form's mail of a day is claimed in `scheduled_runs` before it is made, so two worker
//! processes never send it twice; the claim is finished once the mail is sent, and a claim
//! whose runner died is taken over after an hour. A crash after the SMTP server took the
//! mail but before the claim was finished sends it once more: at least once, never lost.

use crate::export::write_csv;
use crate::jobs::JobContext;
use crate::mail::{Attachment, OutgoingMail};
use domain::messages;
use domain::periodic::{Due, Period, PeriodicMail, SETTING};
use domain::review::{RawFilter, RawReview, Review};
use tenancy::TenantDb;
use tenancy::platform::{batches, clients};
use tenancy::tenant::forms::{self, Form};

/// The day run's name in `scheduled_runs`.
pub const PERIODIC_MAILS: &str = "periodic_mails";
/// A form's claim of a day older than this, never finished, is taken over.
const STALE_SECS: i64 = 3600;

/// Why a day's mails could not all be sent (the job is retried; what was sent stays sent).
#[derive(Debug, thiserror::Error)]
pub enum PeriodicError {
    #[error("data: {0}")]
    Data(#[from] tenancy::TenancyError),
    #[error("csv: {0}")]
    Csv(String),
    #[error("mail: {0}")]
    Mail(#[from] crate::mail::MailError),
    #[error("file: {0}")]
    Io(#[from] std::io::Error),
}

/// Sends the mails due on the local date `day` for every client; answers how many.
pub async fn run_day(ctx: &JobContext, day: &str) -> Result<u64, PeriodicError> {
    let mut sent = 0;
    for client in clients::list(&ctx.platform).await? {
        let db = ctx.tenants.open(&client.id).await?;
        for form in forms::list(&db).await? {
            let Ok(setting) = PeriodicMail::parse(
                form.settings
                    .get(SETTING)
                    .unwrap_or(&serde_json::Value::Null),
            ) else {
                continue; // refused when saved; an old bad setting sends nothing
            };
            let Some(due) = setting.due(day) else {
                continue;
            };
            let claim = format!("periodic_mail:{}", form.id);
            if !batches::claim_run(&ctx.platform, &claim, day, STALE_SECS).await? {
                continue; // sent already, or another process is at it
            }
            if send_form(ctx, &db, &form, &setting, &due).await? {
                sent += 1;
            }
            batches::finish_run(&ctx.platform, &claim, day).await?;
        }
    }
    batches::finish_run(&ctx.platform, PERIODIC_MAILS, day).await?;
    tracing::info!(%day, sent, "periodic registration mails done");
    Ok(sent)
}

/// The review of a period: completed registrations from the start of `from` to the start of
/// `until` (Amsterdam dates).
fn review_of(due: &Due) -> Result<Review, String> {
    let filter = |operator: &str, value: &str| RawFilter {
        path: "registration_date".to_owned(),
        operator: operator.to_owned(),
        value: value.to_owned(),
        date: true,
        ..RawFilter::default()
    };
    Review::parse(&RawReview {
        filters: vec![filter(">=", &due.from), filter("<", &due.until)],
        ..RawReview::default()
    })
}

/// Mails one form's registrations of the period; false when there were none (no mail).
async fn send_form(
    ctx: &JobContext,
    db: &TenantDb,
    form: &Form,
    setting: &PeriodicMail,
    due: &Due,
) -> Result<bool, PeriodicError> {
    let review = review_of(due).map_err(PeriodicError::Csv)?;
    let count = tenancy::tenant::registrations::count(db, &form.id, &review).await?;
    if count == 0 {
        return Ok(false);
    }
    let Ok(definition) = domain::form::validate_schema(&form.schema, &form.rules) else {
        return Ok(false);
    };
    let dir = db.exports_dir();
    std::fs::create_dir_all(&dir)?;
    let path = dir.join(format!(".periodic-{}-{}.csv.partial", form.id, due.until));
    let written = write_csv(db, form, &definition, &review, &path, None, None)
        .await
        .map_err(|err| PeriodicError::Csv(err.to_string()));
    let outcome = match written {
        Ok(_) => {
            let last = domain::dates::add_days(&due.until, -1).unwrap_or_default();
            let (subject, name) = match due.period {
                Period::Weekly => (messages::periodic_mail_subject_weekly(&form.name), "week"),
                Period::Monthly => (messages::periodic_mail_subject_monthly(&form.name), "maand"),
            };
            let mail = OutgoingMail {
                id: format!("periodic-{}-{}", form.id, due.until),
                to: setting.recipients.join(", "),
                subject,
                text: messages::periodic_mail_text(&form.name, count, &due.from, &last),
                attachments: vec![Attachment {
                    filename: format!("{} registraties {name} tot {}.csv", form.name, due.until),
                    content_type: "text/csv; charset=utf-8".to_owned(),
                    path: path.clone(),
                }],
                ..OutgoingMail::default()
            };
            ctx.mailer.send(&mail).await.map_err(PeriodicError::from)
        }
        Err(err) => Err(err),
    };
    let _ = std::fs::remove_file(&path);
    outcome.map(|()| true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_period_is_its_days_in_amsterdam() {
        let due = Due {
            from: "2026-11-21".into(),
            until: "2026-11-28".into(),
            period: Period::Weekly,
        };
        let review = review_of(&due).unwrap();
        assert_eq!(review.filters.len(), 2);
        assert_eq!(review.tab, domain::review::Tab::Completed);
    }
}
