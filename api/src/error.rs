//! The one error type of the HTTP layer. Every error answers with the same JSON shape:
//! `{"status": false, "message": "<Dutch text>", "errors": [{"detail", "source": {"pointer"}}]}`.
//! 5xx details are logged, never returned.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use domain::messages;
use serde::Serialize;
use tenancy::TenancyError;

/// One problem with one field of the input.
#[derive(Debug, Clone, Serialize)]
pub struct FieldError {
    pub detail: String,
    pub source: Source,
}

/// Where a field error points (JSON:API style).
#[derive(Debug, Clone, Serialize)]
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
    #[error("not found")]
    NotFound,
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
            AppError::Forbidden => StatusCode::FORBIDDEN,
            AppError::NotFound => StatusCode::NOT_FOUND,
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

#[derive(Serialize)]
struct Body<'a> {
    status: bool,
    message: &'a str,
    #[serde(skip_serializing_if = "<[FieldError]>::is_empty")]
    errors: &'a [FieldError],
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (message, errors): (&str, &[FieldError]) = match &self {
            AppError::Unauthenticated => (messages::UNAUTHENTICATED, &[]),
            AppError::LoginFailed(message) => (message, &[]),
            AppError::Forbidden => (messages::FORBIDDEN, &[]),
            AppError::NotFound => (messages::NOT_FOUND, &[]),
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
        (
            status,
            Json(Body {
                status: false,
                message,
                errors,
            }),
        )
            .into_response()
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
