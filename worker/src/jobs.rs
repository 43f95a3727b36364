//! The jobs, by name. Every payload carries the client uuid where one applies and is safe
//! to run twice: mail jobs on their own queue, and the work jobs (batches such as exports,
//! the daily purge) in one envelope, [`WorkJob`], dispatched by kind to their modules.

use crate::Metrics;
use crate::mail::{Mailer, OutgoingMail};
use apalis::prelude::{BoxDynError, Data};
use serde::{Deserialize, Serialize};
use std::sync::Arc;
use tenancy::TenantRegistry;
use tenancy::platform::Platform;

/// What a mail job is for; also its metric label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailKind {
    PasswordReset,
    Welcome,
    /// An existing account confirms joining a client (self-registration).
    JoinConfirmation,
    /// An order on invoice, to the platform's sales address.
    Order,
}

impl MailKind {
    /// The job name used in logs and metrics.
    pub fn job_name(self) -> &'static str {
        match self {
            MailKind::PasswordReset => "mail.password_reset",
            MailKind::Welcome => "mail.welcome",
            MailKind::JoinConfirmation => "mail.join_confirmation",
            MailKind::Order => "mail.order",
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

/// How jobs behave, from the configuration.
#[derive(Debug, Clone, Copy)]
pub struct JobSettings {
    /// How long a runner holds a batch without progress before another may take it over
    /// (`EFORM_JOB_LEASE_SECONDS`); also how long a queued job may wait before it is queued
    /// again.
    pub lease_secs: i64,
    /// The first wait before a failed delivery is tried again (`EFORM_DELIVERY_RETRY_SECONDS`);
    /// each next wait is three times longer.
    pub retry_base_secs: i64,
    /// Webhooks may call private and loopback addresses (`EFORM_WEBHOOK_ALLOW_PRIVATE`;
    /// tests and closed networks only).
    pub allow_private_hooks: bool,
}

impl Default for JobSettings {
    fn default() -> JobSettings {
        JobSettings {
            lease_secs: 60,
            retry_base_secs: 10,
            allow_private_hooks: false,
        }
    }
}

/// What every job handler may use. Jobs act for the platform, not for a request, so they
/// reach the tenant registry directly.
#[derive(Debug, Clone)]
pub struct JobContext {
    pub mailer: Mailer,
    pub metrics: Metrics,
    pub platform: Platform,
    pub tenants: Arc<TenantRegistry>,
    pub settings: JobSettings,
    /// Wakes this process's outbox dispatcher.
    pub outbox: crate::Outbox,
}

/// Deliver one outbox row (an e-mail or a webhook of a registration). The row says what;
/// the job only names it, so a duplicate job finds the row taken or done and does nothing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeliverJob {
    pub client_uuid: String,
    pub delivery_id: String,
}

/// A job of the work queue.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "snake_case")]
pub enum WorkJob {
    /// A batch (an export, ...); what to do is in the batch's row (`crate::batch`).
    Batch {
        client_uuid: String,
        batch_id: String,
    },
    /// The purge of one day: the trash after 30 days, saved registrations after a year,
    /// expired export files. Claimed per day, and harmless when run again.
    DailyPurge { day: String },
    /// The weekly and monthly registration mails due on one day; each form's mail is claimed
    /// before it is sent.
    PeriodicMails { day: String },
    /// An uploaded Word template of an e-mail setting, made ready for merges.
    WordTemplate {
        client_uuid: String,
        file_id: String,
    },
    /// A value index a form's registrations list asked for (decision 018).
    ValueIndex { client_uuid: String, index_id: i64 },
    /// A client's credits changed (added, or used by sends): release what is held, mail when
    /// they run low (`crate::credits`).
    Credits { client_uuid: String },
    /// The dashboard report of one day (`crate::report`).
    DashboardReport { day: String },
}

impl WorkJob {
    /// The job name used in logs and metrics.
    pub fn job_name(&self) -> &'static str {
        match self {
            WorkJob::Batch { .. } => "batch",
            WorkJob::DailyPurge { .. } => "daily_purge",
            WorkJob::PeriodicMails { .. } => "periodic_mails",
            WorkJob::WordTemplate { .. } => "word_template",
            WorkJob::ValueIndex { .. } => "value_index",
            WorkJob::Credits { .. } => "credits",
            WorkJob::DashboardReport { .. } => "dashboard_report",
        }
    }
}

/// Handler of [`WorkJob`]: each kind to its module. An error is retried with backoff.
pub async fn run_work(job: WorkJob, ctx: Data<JobContext>) -> Result<(), BoxDynError> {
    let name = job.job_name();
    let outcome: Result<(), BoxDynError> = match &job {
        WorkJob::Batch { batch_id, .. } => {
            crate::batch::run(&ctx, batch_id).await.map_err(Into::into)
        }
        WorkJob::DailyPurge { day } => crate::purge::run_day(&ctx, day)
            .await
            .map(drop)
            .map_err(Into::into),
        WorkJob::PeriodicMails { day } => crate::periodic::run_day(&ctx, day)
            .await
            .map(drop)
            .map_err(Into::into),
        WorkJob::WordTemplate {
            client_uuid,
            file_id,
        } => crate::templates::run(&ctx, client_uuid, file_id)
            .await
            .map_err(Into::into),
        WorkJob::ValueIndex {
            client_uuid,
            index_id,
        } => crate::value_index::run(&ctx, client_uuid, *index_id)
            .await
            .map_err(Into::into),
        WorkJob::Credits { client_uuid } => crate::credits::run(&ctx, client_uuid)
            .await
            .map(drop)
            .map_err(Into::into),
        WorkJob::DashboardReport { day } => crate::report::run_day(&ctx, day)
            .await
            .map(drop)
            .map_err(Into::into),
    };
    match &outcome {
        Ok(()) => ctx.metrics.jobs_processed.with_label_values(&[name]).inc(),
        Err(err) => {
            ctx.metrics.jobs_failed.with_label_values(&[name]).inc();
            tracing::warn!(job = name, error = %err, "job failed; will retry");
        }
    }
    outcome
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

/// Handler of [`DeliverJob`]. Failures of the delivery itself are kept in its row and
/// retried from there; an error here (the tenant could not be read) is left to the sweep.
pub async fn deliver(job: DeliverJob, ctx: Data<JobContext>) -> Result<(), BoxDynError> {
    match crate::deliver::run(&ctx, &job).await {
        Ok(outcome) => {
            if let Some(outcome) = outcome {
                let metric = if outcome.ok {
                    &ctx.metrics.jobs_processed
                } else {
                    &ctx.metrics.jobs_failed
                };
                metric.with_label_values(&[outcome.job_name]).inc();
            }
            Ok(())
        }
        Err(err) => {
            ctx.metrics
                .jobs_failed
                .with_label_values(&["deliver"])
                .inc();
            tracing::warn!(delivery = %job.delivery_id, error = %err, "delivery could not run");
            Ok(())
        }
    }
}
