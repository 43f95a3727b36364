//! Shared state of the HTTP server, passed to handlers through axum's `State`.

use crate::Config;
use crate::cache::Caches;
use crate::limits::Limits;
use crate::policy::Tenants;
use std::sync::Arc;
use tenancy::TenantRegistry;
use tenancy::platform::Platform;
use worker::jobs::{JobContext, JobSettings};
use worker::mail::Mailer;
use worker::{Metrics, Queue};

/// Everything a handler may need, behind one `Arc`: axum clones the state for every request
/// and every layer that takes it, and cloning and dropping the fields one by one (the metrics
/// alone hold a dozen) was about 1.5 % of the samples in a profile of sends (decision 026).
/// Tenant databases are reached only through `policy` (the registry sits behind [`Tenants`]).
#[derive(Debug, Clone)]
pub struct AppState(Arc<Shared>);

/// What [`AppState`] shares; read through it (`state.config`, `state.metrics`, ...).
#[derive(Debug)]
pub struct Shared {
    pub config: Arc<Config>,
    pub platform: Platform,
    pub tenants: Tenants,
    pub queue: Queue,
    pub metrics: Metrics,
    pub caches: Arc<Caches>,
    pub limits: Arc<Limits>,
    /// Wakes the outbox dispatcher of this process after a send with deliveries.
    pub outbox: worker::Outbox,
    /// How purchases are paid (decision 022).
    pub payments: worker::purchases::Payments,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    /// Opens the platform database, the tenant registry and the job queue for `config`.
    pub async fn open(
        config: Config,
    ) -> Result<AppState, Box<dyn std::error::Error + Send + Sync>> {
        let platform = Platform::open(&config.data_dir).await?;
        let tenants = Tenants::new(TenantRegistry::new(&config.data_dir, config.tenant_cache));
        let queue = Queue::connect(
            &config.data_dir,
            config.redis_url.as_deref(),
            &config.queue_prefix,
        )
        .await?;
        let metrics = Metrics::new()?;
        let payments = worker::purchases::Payments::configured(
            config.mollie_api_key.as_deref(),
            &config.mollie_api_url,
        )?;
        Ok(AppState(Arc::new(Shared {
            payments,
            config: Arc::new(config),
            platform,
            tenants,
            queue,
            metrics,
            caches: Arc::default(),
            outbox: worker::Outbox::default(),
            limits: Arc::default(),
        })))
    }

    /// What this process's job workers use: the mailer of the configuration, the metrics,
    /// the platform and the tenant registry.
    pub fn job_context(&self) -> Result<JobContext, Box<dyn std::error::Error + Send + Sync>> {
        Ok(JobContext {
            mailer: Mailer::new(
                self.config.smtp_url.as_deref(),
                self.config.data_dir.join("mail"),
            )?,
            metrics: self.metrics.clone(),
            platform: self.platform.clone(),
            tenants: self.tenants.for_operations().clone(),
            settings: JobSettings {
                lease_secs: self.config.job_lease_seconds,
                retry_base_secs: self.config.delivery_retry_seconds,
                allow_private_hooks: self.config.webhook_allow_private,
            },
            outbox: self.outbox.clone(),
        })
    }
}
