//! HTTP server and command line of eform.
//!
//! `http` assembles one router per resource (`routes/*`) with the shared layers and the
//! OpenAPI document they make (`openapi`); handlers follow extract -> load or 404 ->
//! authorise (`policy`, the only road to a tenant) -> domain call -> respond.

pub mod answers;
pub mod cache;
pub mod cli;
pub mod config;
pub mod error;
pub mod extract;
pub mod http;
pub mod input;
pub mod jsonapi;
pub mod limits;
pub mod objects_only;
pub mod openapi;
pub mod outbox;
pub mod policy;
pub mod routes;
pub mod seed;
pub mod state;
pub mod web;

/// mimalloc for every binary built on this library (the server and its benchmarks), and with
/// its `override` feature for SQLite's own allocations too. Under many tenants each connection
/// has a thread of its own, and glibc's per-thread arenas spent a sixth to a fifth of the
/// samples allocating, consolidating and freeing (decision 026).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;
