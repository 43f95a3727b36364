//! One module per resource, each with its own `router()`.

pub mod account_mail;
pub mod assigned;
pub mod batches;
pub mod client;
pub mod client_users;
pub mod clients;
pub mod exports;
pub mod favorites;
pub mod files;
pub mod folder_admin;
pub mod folders;
pub mod form_access;
pub mod form_admin;
pub mod forms;
pub mod guest;
pub mod mail_attachments;
pub mod ops;
pub mod register;
pub mod registrations;
pub mod review;
pub mod send;
pub mod sync;
pub mod user;
pub mod user_groups;
pub mod user_permissions;
pub mod word_templates;
