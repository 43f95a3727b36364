//! HTTP server and command line of eform.
//!
//! `http` assembles one router per resource (`routes/*`) with the shared layers; handlers
//! follow extract -> load or 404 -> authorise -> domain call -> respond.

pub mod cache;
pub mod cli;
pub mod config;
pub mod error;
pub mod extract;
pub mod http;
pub mod routes;
pub mod seed;
pub mod state;
pub mod web;

pub use config::Config;
pub use error::AppError;
pub use state::AppState;
