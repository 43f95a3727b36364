//! Prometheus metrics of one eform process: HTTP requests, jobs and open tenant pools.

use prometheus::{
    HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts, Registry,
    TextEncoder,
};

/// Every metric the process exports at `GET /metrics`. Cloning shares the counters.
#[derive(Debug, Clone)]
pub struct Metrics {
    registry: Registry,
    /// Requests by matched route, method and status.
    pub http_requests: IntCounterVec,
    /// Request latency in seconds by matched route.
    pub http_latency: HistogramVec,
    /// Jobs finished successfully, by job name.
    pub jobs_processed: IntCounterVec,
    /// Job attempts that failed, by job name.
    pub jobs_failed: IntCounterVec,
    /// Tenant pools open in this process.
    pub tenant_pools_open: IntGauge,
    /// Times this process's queue workers ended on their own and were started again.
    pub worker_restarts: IntCounter,
    /// Per client (from the latest dashboard report): completed registrations.
    pub client_registrations: IntGaugeVec,
    /// Per client (from the latest dashboard report): credits left.
    pub client_credits_left: IntGaugeVec,
    /// Per client (from the latest dashboard report): bytes of its folder.
    pub client_disk_bytes: IntGaugeVec,
    /// Jobs waiting in each queue.
    pub queue_depth: IntGaugeVec,
}

impl Metrics {
    /// Creates and registers every metric.
    pub fn new() -> Result<Metrics, prometheus::Error> {
        let registry = Registry::new_custom(Some("eform".into()), None)?;
        let http_requests = IntCounterVec::new(
            Opts::new(
                "http_requests_total",
                "HTTP requests by route, method and status",
            ),
            &["route", "method", "status"],
        )?;
        let http_latency = HistogramVec::new(
            HistogramOpts::new(
                "http_request_duration_seconds",
                "HTTP request latency by route",
            )
            .buckets(vec![
                0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0,
                10.0,
            ]),
            &["route"],
        )?;
        let jobs_processed = IntCounterVec::new(
            Opts::new("jobs_processed_total", "Jobs finished successfully"),
            &["job"],
        )?;
        let jobs_failed = IntCounterVec::new(
            Opts::new("jobs_failed_total", "Job attempts that failed"),
            &["job"],
        )?;
        let tenant_pools_open = IntGauge::new("tenant_pools_open", "Tenant database pools open")?;
        let worker_restarts = IntCounter::new(
            "worker_restarts_total",
            "Queue workers that ended on their own and were started again",
        )?;
        let per_client =
            |name: &str, help: &str| IntGaugeVec::new(Opts::new(name, help), &["client", "name"]);
        let client_registrations = per_client(
            "client_registrations",
            "Completed registrations per client (latest dashboard report)",
        )?;
        let client_credits_left = per_client(
            "client_credits_left",
            "Credits left per client (latest dashboard report)",
        )?;
        let client_disk_bytes = per_client(
            "client_disk_bytes",
            "Bytes of each client's folder (latest dashboard report)",
        )?;
        let queue_depth = IntGaugeVec::new(
            Opts::new("queue_depth", "Jobs waiting in each queue"),
            &["queue"],
        )?;
        registry.register(Box::new(http_requests.clone()))?;
        registry.register(Box::new(http_latency.clone()))?;
        registry.register(Box::new(jobs_processed.clone()))?;
        registry.register(Box::new(jobs_failed.clone()))?;
        registry.register(Box::new(tenant_pools_open.clone()))?;
        registry.register(Box::new(worker_restarts.clone()))?;
        for gauge in [
            &client_registrations,
            &client_credits_left,
            &client_disk_bytes,
            &queue_depth,
        ] {
            registry.register(Box::new(gauge.clone()))?;
        }
        Ok(Metrics {
            registry,
            http_requests,
            http_latency,
            jobs_processed,
            jobs_failed,
            tenant_pools_open,
            worker_restarts,
            client_registrations,
            client_credits_left,
            client_disk_bytes,
            queue_depth,
        })
    }

    /// The text exposition format.
    pub fn render(&self) -> Result<String, prometheus::Error> {
        TextEncoder::new().encode_to_string(&self.registry.gather())
    }
}
