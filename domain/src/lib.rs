//! Pure domain logic of eform: no I/O, no clocks, no databases.
//!
//! Everything here is deterministic and tested in place; the data layer (`tenancy`),
//! the jobs (`worker`) and the HTTP server (`api`) build on it.

pub mod access;
pub mod calc;
pub mod dates;
pub mod files;
pub mod form;
pub mod ids;
pub mod messages;
pub mod rules;
pub mod sanitize;
pub mod submission;
pub mod sync;
pub mod tokens;
pub mod validate;
pub mod values;
