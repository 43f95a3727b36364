//! Answer shapes several resources share. Entity shapes live with their resource
//! (`routes::forms::FormJson`, `routes::registrations::RegistrationJson`, ...).

use serde::Serialize;
use utoipa::ToSchema;

/// `{"status": true, "message": "..."}`: a done call with a Dutch text to show.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusMessage {
    pub status: bool,
    pub message: String,
}

impl StatusMessage {
    /// A success with this text.
    pub fn ok(message: impl Into<String>) -> StatusMessage {
        StatusMessage {
            status: true,
            message: message.into(),
        }
    }
}

/// `{"status": true}`: a done call without text (deletes).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StatusOnly {
    pub status: bool,
}

impl StatusOnly {
    /// Success.
    pub const OK: StatusOnly = StatusOnly { status: true };
}

// Documentation only: `domain::purchases::Contact` is read and written, and the domain
// crate does not know the API document.
/// The contact fields of a purchase or a credit added by hand: all of them are required
/// in a request but the tax number, and the e-mail address must be a valid one.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct ContactFields {
    contact_company: String,
    contact_firstname: String,
    contact_lastname: String,
    /// Street and house number.
    contact_street: String,
    contact_postal_code: String,
    contact_city: String,
    contact_email: String,
    #[schema(required = false)]
    contact_tax_number: String,
}
