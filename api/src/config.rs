//! Configuration: one struct, from command-line flags or `EFORM_*` environment variables.

use clap::Args;
use ipnet::IpNet;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Settings shared by every subcommand.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Folder holding platform.db, jobs.db, tenants/ and mail/.
    #[arg(long, env = "EFORM_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,

    /// Address the HTTP server listens on.
    #[arg(
        long,
        env = "EFORM_BIND",
        default_value = "127.0.0.1:8080",
        global = true
    )]
    pub bind: SocketAddr,

    /// Redis URL for the job queue (e.g. redis://127.0.0.1:6379); without it the queue is
    /// the embedded SQLite file data/jobs.db.
    #[arg(long, env = "EFORM_REDIS_URL", global = true)]
    pub redis_url: Option<String>,

    /// SMTP URL for outgoing mail (e.g. smtp://127.0.0.1:1025); without it every mail is
    /// written as an .eml file under data/mail/.
    #[arg(long, env = "EFORM_SMTP_URL", global = true)]
    pub smtp_url: Option<String>,

    /// Address users reach the app at; used in links inside e-mails.
    #[arg(
        long,
        env = "EFORM_PUBLIC_BASE_URL",
        default_value = "http://127.0.0.1:8080",
        global = true
    )]
    pub public_base_url: String,

    /// Folder of the built web app (web/dist), served at /.
    #[arg(long, env = "EFORM_WEB_DIR", default_value = "web/dist", global = true)]
    pub web_dir: PathBuf,

    /// Tenant databases kept open at most (least recently used are closed).
    #[arg(long, env = "EFORM_TENANT_CACHE", default_value_t = tenancy::registry::DEFAULT_CAP, global = true)]
    pub tenant_cache: usize,

    /// Prefix of the job queue names; processes sharing a Redis with the same prefix share work.
    #[arg(
        long,
        env = "EFORM_QUEUE_PREFIX",
        default_value = "eform",
        global = true
    )]
    pub queue_prefix: String,

    /// Name of this environment, shown to admins in the web app's banner.
    #[arg(
        long,
        env = "EFORM_ENVIRONMENT",
        default_value = "lokaal",
        global = true
    )]
    pub environment: String,

    /// Reverse proxies whose `X-Forwarded-For` is believed (addresses or CIDR ranges,
    /// comma-separated). Without them the connecting address is the client's: rate limits
    /// would otherwise key on the proxy and lock everyone out at once.
    #[arg(
        long = "trusted-proxy",
        env = "EFORM_TRUSTED_PROXIES",
        value_delimiter = ',',
        global = true
    )]
    pub trusted_proxies: Vec<IpNet>,

    /// Token Prometheus sends as `Authorization: Bearer <token>` for `/metrics`; without it
    /// `/metrics` answers only to connections from this machine that no proxy forwarded.
    #[arg(long, env = "EFORM_METRICS_TOKEN", global = true)]
    pub metrics_token: Option<String>,

    /// Storage for uploaded files per client, in MiB; uploads beyond it are refused.
    #[arg(
        long,
        env = "EFORM_CLIENT_QUOTA_MB",
        default_value_t = 10_240,
        global = true
    )]
    pub client_quota_mb: u64,

    /// Of that, what guests may upload through guest links per client per day, in MiB.
    #[arg(
        long,
        env = "EFORM_GUEST_UPLOAD_MB_PER_DAY",
        default_value_t = 1_024,
        global = true
    )]
    pub guest_upload_mb_per_day: u64,

    /// How long, in seconds, a job may work a batch (an export) without reporting progress
    /// before another worker takes it over: how soon work stopped by a crash starts again.
    #[arg(
        long,
        env = "EFORM_JOB_LEASE_SECONDS",
        default_value_t = 60,
        value_parser = clap::value_parser!(i64).range(2..=3600),
        global = true
    )]
    pub job_lease_seconds: i64,

    /// The first wait, in seconds, before a failed e-mail or webhook is tried again; each
    /// next wait is three times longer (up to six hours).
    #[arg(
        long,
        env = "EFORM_DELIVERY_RETRY_SECONDS",
        default_value_t = 10,
        value_parser = clap::value_parser!(i64).range(1..=3600),
        global = true
    )]
    pub delivery_retry_seconds: i64,

    /// Let webhooks call private and loopback addresses (tests and closed networks only).
    #[arg(
        long,
        env = "EFORM_WEBHOOK_ALLOW_PRIVATE",
        default_value_t = false,
        action = clap::ArgAction::Set,
        global = true
    )]
    pub webhook_allow_private: bool,

    /// Mollie api key: purchases are paid through Mollie's checkout. Without it, purchases
    /// are 'op factuur' (an admin confirms them; decision 022).
    #[arg(long, env = "EFORM_MOLLIE_API_KEY", global = true)]
    pub mollie_api_key: Option<String>,

    /// Mollie's payments API.
    #[arg(
        long,
        env = "EFORM_MOLLIE_API_URL",
        default_value = "https://api.mollie.com/v2",
        global = true
    )]
    pub mollie_api_url: String,

    /// Where orders on invoice are mailed.
    #[arg(
        long,
        env = "EFORM_SALES_EMAIL",
        default_value = "verkoop@eform.nl",
        global = true
    )]
    pub sales_email: String,
}

impl Config {
    /// The public base URL without a trailing slash.
    pub fn base_url(&self) -> &str {
        self.public_base_url.trim_end_matches('/')
    }
}
