//! One module per resource, each with its own `router()`.

pub mod account_mail;
pub mod client;
pub mod openapi;
pub mod ops;
pub mod user;
