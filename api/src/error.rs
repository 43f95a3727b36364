//! The one error type of the HTTP layer. Every error answers with the same JSON shape:
//! `{"status": false, "message": "<Dutch text>", "errors": [{"detail", "source": {"pointer"}}]}`.
//! 5xx details are logged, never returned.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::messages;
use serde::Serialize;
use tenancy::TenancyError;
use utoipa::ToSchema;

/// One problem with one field of the input.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FieldError {
    pub detail: String,
    pub source: Source,
}

/// Where a field error points (JSON:API style).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Source {
    pub pointer: String,
}

impl FieldError {
    /// An error about the input field `field`.
    pub fn new(field: &str, detail: impl Into<String>) -> FieldError {
        FieldError {
            detail: detail.into(),
            source: Source {
                pointer: format!("/{field}"),
            },
        }
    }
}

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("not signed in")]
    Unauthenticated,
    /// Sign-in refused (wrong credentials, blocked account): 401 with its own message,
    /// which the login screen shows instead of logging out.
    #[error("login failed")]
    LoginFailed(&'static str),
    #[error("forbidden")]
    Forbidden,
    /// 403 on a client's content before its terms and conditions are accepted.
    #[error("terms not accepted")]
    TermsRequired,
    #[error("not found")]
    NotFound,
    /// 404 with a message of its own: a link or an id in the body that names nothing
    /// (an expired password link, an unknown client on a registration page).
    #[error("not found: {0}")]
    Missing(&'static str),
    #[error("bad request: {0}")]
    BadRequest(String),
    #[error("unprocessable: {message}")]
    Unprocessable {
        message: String,
        errors: Vec<FieldError>,
    },
    #[error("too many requests")]
    TooManyRequests(String),
    #[error("payload too large")]
    PayloadTooLarge,
    /// 413 with a message of its own (e.g. the 20 MB file limit).
    #[error("too large")]
    TooLarge(&'static str),
    #[error("unsupported media type")]
    UnsupportedMediaType,
    #[error("conflict: {0}")]
    Conflict(String),
    #[error("internal: {0}")]
    Internal(Box<dyn std::error::Error + Send + Sync>),
}

/// Shorthand for handler results.
pub type Result<T, E = AppError> = std::result::Result<T, E>;

impl AppError {
    /// A 500 from anything; the cause is logged when the response is made.
    pub fn internal(err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> AppError {
        AppError::Internal(err.into())
    }

    /// A 422 with one field error whose text is also the message.
    pub fn invalid(field: &str, detail: &str) -> AppError {
        AppError::Unprocessable {
            message: detail.to_owned(),
            errors: vec![FieldError::new(field, detail)],
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            AppError::Unauthenticated | AppError::LoginFailed(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden | AppError::TermsRequired => StatusCode::FORBIDDEN,
            AppError::NotFound | AppError::Missing(_) => StatusCode::NOT_FOUND,
            AppError::BadRequest(_) => StatusCode::BAD_REQUEST,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::TooManyRequests(_) => StatusCode::TOO_MANY_REQUESTS,
            AppError::PayloadTooLarge | AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            AppError::Conflict(_) => StatusCode::CONFLICT,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// The one error shape of the API.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// Always false.
    pub status: bool,
    /// The Dutch text to show.
    pub message: String,
    /// One entry per problem with the input (422).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub errors: Vec<FieldError>,
    /// A stable machine-readable reason where the web app acts on it: `terms_required`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<&'static str>,
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let code = matches!(self, AppError::TermsRequired).then_some("terms_required");
        let (message, errors): (&str, &[FieldError]) = match &self {
            AppError::Unauthenticated => (messages::UNAUTHENTICATED, &[]),
            AppError::LoginFailed(message) => (message, &[]),
            AppError::Forbidden => (messages::FORBIDDEN, &[]),
            AppError::TermsRequired => (messages::TERMS_REQUIRED, &[]),
            AppError::NotFound => (messages::NOT_FOUND, &[]),
            AppError::Missing(message) => (message, &[]),
            AppError::BadRequest(message)
            | AppError::TooManyRequests(message)
            | AppError::Conflict(message) => (message, &[]),
            AppError::Unprocessable { message, errors } => (message, errors),
            AppError::PayloadTooLarge => (messages::TOO_LARGE, &[]),
            AppError::TooLarge(message) => (message, &[]),
            AppError::UnsupportedMediaType => (messages::BAD_CONTENT_TYPE, &[]),
            AppError::Internal(cause) => {
                // Logged inside the request's span, so the request id ties it to the access log.
                tracing::error!(error = %cause, "internal error");
                (messages::INTERNAL, &[])
            }
        };
        let body = ErrorBody {
            status: false,
            message: message.to_owned(),
            errors: errors.to_vec(),
            code,
        };
        (status, Json(body)).into_response()
    }
}

impl From<TenancyError> for AppError {
    fn from(err: TenancyError) -> AppError {
        match err {
            TenancyError::UnknownClient(_) => AppError::NotFound,
            other => AppError::internal(other),
        }
    }
}

impl From<worker::queue::QueueError> for AppError {
    fn from(err: worker::queue::QueueError) -> AppError {
        AppError::internal(err)
    }
}
