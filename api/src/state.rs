//! Shared state of the HTTP server, passed to handlers through axum's `State`.

use crate::Config;
use crate::cache::Caches;
use std::sync::Arc;
use tenancy::TenantRegistry;
use tenancy::platform::Platform;
use worker::{Metrics, Queue};

/// Everything a handler may need; cheap to clone.
#[derive(Debug, Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub platform: Platform,
    pub tenants: Arc<TenantRegistry>,
    pub queue: Queue,
    pub metrics: Metrics,
    pub caches: Arc<Caches>,
}

impl AppState {
    /// Opens the platform database, the tenant registry and the job queue for `config`.
    pub async fn open(
        config: Config,
    ) -> Result<AppState, Box<dyn std::error::Error + Send + Sync>> {
        let platform = Platform::open(&config.data_dir).await?;
        let tenants = Arc::new(TenantRegistry::new(&config.data_dir, config.tenant_cache));
        let queue = Queue::connect(
            &config.data_dir,
            config.redis_url.as_deref(),
            &config.queue_prefix,
        )
        .await?;
        let metrics = Metrics::new()?;
        Ok(AppState {
            config: Arc::new(config),
            platform,
            tenants,
            queue,
            metrics,
            caches: Arc::default(),
        })
    }
}
