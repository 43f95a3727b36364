//! The jobs, by name. Every payload carries the client uuid where one applies and is safe
//! to run twice.

use crate::Metrics;
use crate::mail::{Mailer, OutgoingMail};
use apalis::prelude::{BoxDynError, Data};
use serde::{Deserialize, Serialize};

/// What a mail job is for; also its metric label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailKind {
    PasswordReset,
    Welcome,
}

impl MailKind {
    /// The job name used in logs and metrics.
    pub fn job_name(self) -> &'static str {
        match self {
            MailKind::PasswordReset => "mail.password_reset",
            MailKind::Welcome => "mail.welcome",
        }
    }
}

/// Send one rendered mail. Rendered before queueing so the job never needs the database
/// and a retry sends exactly the same message.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MailJob {
    /// The client the mail is sent for; None for platform mail such as a password reset.
    pub client_uuid: Option<String>,
    pub kind: MailKind,
    pub mail: OutgoingMail,
}

/// What every job handler may use.
#[derive(Debug, Clone)]
pub struct JobContext {
    pub mailer: Mailer,
    pub metrics: Metrics,
}

/// Handler of [`MailJob`].
pub async fn send_mail(job: MailJob, ctx: Data<JobContext>) -> Result<(), BoxDynError> {
    let name = job.kind.job_name();
    match ctx.mailer.send(&job.mail).await {
        Ok(()) => {
            ctx.metrics.jobs_processed.with_label_values(&[name]).inc();
            tracing::info!(
                job = name,
                client = job.client_uuid.as_deref().unwrap_or("-"),
                "mail sent"
            );
            Ok(())
        }
        Err(err) => {
            ctx.metrics.jobs_failed.with_label_values(&[name]).inc();
            tracing::warn!(job = name, error = %err, "mail failed; will retry");
            Err(Box::new(err))
        }
    }
}
