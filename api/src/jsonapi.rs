//! What the JSON:API calls share (document 002 section 7: "JSON:API calls use the
//! vnd.api+json content type"): the answer, the error document the web app shows as
//! alerts (`errors[].detail`), reading a body, and resource identifiers.

use crate::error::{AppError, Result};
use axum::body::Bytes;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use domain::messages;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// JSON:API's media type.
pub const MEDIA_TYPE: &str = "application/vnd.api+json";

/// A resource named in a relationship (`{type, id}`).
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Ref {
    #[serde(rename = "type", default)]
    pub kind: String,
    pub id: String,
}

impl Ref {
    pub fn new(kind: &str, id: impl Into<String>) -> Ref {
        Ref {
            kind: kind.to_owned(),
            id: id.into(),
        }
    }
}

/// A to-one relationship.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct One {
    pub data: Ref,
}

/// One error as JSON:API writes it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorObject {
    status: String,
    title: String,
    detail: String,
}

/// What went wrong, as JSON:API writes it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDocument {
    errors: Vec<ErrorObject>,
}

/// A JSON:API answer.
pub fn answer<T: Serialize>(status: StatusCode, document: &T) -> Result<Response> {
    let body = serde_json::to_string(document).map_err(AppError::internal)?;
    Ok((status, [(header::CONTENT_TYPE, MEDIA_TYPE)], body).into_response())
}

/// A refused value: 422 with the Dutch `detail` the web app shows.
pub fn invalid(detail: &str) -> Result<Response> {
    answer(
        StatusCode::UNPROCESSABLE_ENTITY,
        &ErrorDocument {
            errors: vec![ErrorObject {
                status: "422".to_owned(),
                title: "Unprocessable Entity".to_owned(),
                detail: detail.to_owned(),
            }],
        },
    )
}

/// Reads a JSON:API body (sent as `application/vnd.api+json` or `application/json`).
pub fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T> {
    serde_json::from_slice(bytes).map_err(|_| AppError::BadRequest(messages::BAD_JSON.to_owned()))
}
