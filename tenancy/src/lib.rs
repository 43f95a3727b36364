//! Data layer of eform: the platform database plus one SQLite file per client.
//!
//! Layout on disk (DESIGN section 2):
//! `data/platform.db`, `data/tenants/<client-uuid>/tenant.db` and `data/tenants/<client-uuid>/files/`.
//! Handler code reaches tenant data only through a [`TenantDb`] handed out by the
//! [`TenantRegistry`]; every query lives in a per-table module under `platform` or `tenant`.

pub mod connect;
pub mod error;
mod param;
pub mod platform;
pub mod registry;
pub mod secrets;
pub mod snapshot;
pub mod tenant;
pub mod writer;

pub use error::TenancyError;
pub use registry::{TenantDb, TenantRegistry};

/// A query with its arguments bound, as the statement texts shared between modules take it.
pub(crate) type SqliteQuery<'q> =
    sqlx::query::Query<'q, sqlx::Sqlite, sqlx::sqlite::SqliteArguments>;

/// Current time as unix seconds, the unit every table stores.
pub fn now() -> i64 {
    time::OffsetDateTime::now_utc().unix_timestamp()
}

/// A fresh time-ordered UUID (v7), used for every new id.
pub fn new_id() -> String {
    uuid::Uuid::now_v7().to_string()
}
