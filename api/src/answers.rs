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
