//! Per-client database tables, one query module per table. Every function takes a
//! [`crate::TenantDb`], so no query can run without a resolved, authorised tenant.

pub mod credits;
pub mod datasources;
pub mod deliveries;
pub mod favorites;
pub mod files;
pub mod folders;
pub mod forms;
pub mod meta;
pub mod registrations;
pub mod revisions;
pub mod saved;
pub mod user_groups;
pub mod value_indexes;
pub mod word_templates;
pub mod workflow;
