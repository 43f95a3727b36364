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

/// Refused values: 422 with one error per Dutch `detail`, each shown as an alert.
pub fn invalid_all(details: &[String]) -> Result<Response> {
    answer(
        StatusCode::UNPROCESSABLE_ENTITY,
        &ErrorDocument {
            errors: details
                .iter()
                .map(|detail| ErrorObject {
                    status: "422".to_owned(),
                    title: "Unprocessable Entity".to_owned(),
                    detail: detail.clone(),
                })
                .collect(),
        },
    )
}

/// Reads a JSON:API body (sent as `application/vnd.api+json` or `application/json`).
pub fn body<T: serde::de::DeserializeOwned>(bytes: &Bytes) -> Result<T> {
    crate::extract::read_json(bytes)
        .ok_or_else(|| AppError::BadRequest(messages::BAD_JSON.to_owned()))
}

/// A link of a list.
#[derive(Debug, Serialize, ToSchema)]
pub struct Link {
    pub href: String,
}

/// The links of a page of a list: itself, and the pages before and after where there are.
#[derive(Debug, Serialize, ToSchema)]
pub struct Links {
    #[serde(rename = "self")]
    pub this: Link,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub next: Option<Link>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prev: Option<Link>,
}

/// Highest `page[offset]` a list takes.
const MAX_OFFSET: usize = 1_000_000_000;

/// A page of a list: `page[offset]` (0-based) and `page[limit]`, at most `max` a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page {
    pub offset: usize,
    pub limit: usize,
    max: usize,
}

impl Page {
    /// The first page, `max` items long.
    pub fn first(max: usize) -> Page {
        Page {
            offset: 0,
            limit: max,
            max,
        }
    }

    /// Takes `key=value` when it is a page parameter (answers whether it was); a page
    /// parameter with a value out of range is an error with the Dutch text.
    pub fn read(&mut self, key: &str, value: &str) -> std::result::Result<bool, String> {
        let number = || {
            value
                .parse::<usize>()
                .map_err(|_| messages::BAD_QUERY.to_owned())
        };
        match key {
            "page[offset]" => {
                self.offset = number()?;
                if self.offset > MAX_OFFSET {
                    return Err(messages::BAD_QUERY.to_owned());
                }
            }
            "page[limit]" => {
                self.limit = number()?;
                if !(1..=self.max).contains(&self.limit) {
                    return Err(messages::BAD_QUERY.to_owned());
                }
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The items of this page.
    pub fn of<'a, T>(&self, items: &'a [T]) -> impl Iterator<Item = &'a T> + use<'a, T> {
        items.iter().skip(self.offset).take(self.limit)
    }

    /// The links of this page of a list of `total` items; `base` is the list's address with
    /// the rest of its query (`/jsonapi/client/client?sort=name`).
    pub fn links(&self, base: &str, total: usize) -> Links {
        let link = |offset: usize| Link {
            href: format!(
                "{base}&page%5Boffset%5D={offset}&page%5Blimit%5D={}",
                self.limit
            ),
        };
        let next = self.offset + self.limit;
        Links {
            this: link(self.offset),
            next: (next < total).then(|| link(next)),
            prev: (self.offset > 0).then(|| link(self.offset.saturating_sub(self.limit))),
        }
    }
}

/// What `domain::validate::whole_number` reads, for a count an admin types (credits, the
/// low-credit limit): an integer of at least 0, or text that is one.
pub fn whole_number_schema() -> utoipa::openapi::schema::Schema {
    use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
    OneOfBuilder::new()
        .description(Some(
            "A whole number of at least 0, as a number or in digits (as the form sends it).",
        ))
        .item(
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(0)),
        )
        .item(
            ObjectBuilder::new()
                .schema_type(Type::String)
                .pattern(Some("^\\s*[+-]?[0-9]+\\s*$")),
        )
        .into()
}

#[cfg(test)]
mod tests {
    use super::Page;

    #[test]
    fn pages_read_their_parameters_and_link_both_ways() {
        let mut page = Page::first(50);
        assert_eq!(page.read("page[offset]", "50"), Ok(true));
        assert_eq!(page.read("sort", "name"), Ok(false));
        assert!(page.read("page[limit]", "51").is_err());
        assert!(page.read("page[limit]", "0").is_err());
        assert!(page.read("page[offset]", "x").is_err());
        assert_eq!(page.read("page[limit]", "20"), Ok(true));
        let links = page.links("/x?sort=name", 75);
        assert_eq!(
            links.this.href,
            "/x?sort=name&page%5Boffset%5D=50&page%5Blimit%5D=20"
        );
        assert_eq!(
            links.next.map(|l| l.href).as_deref(),
            Some("/x?sort=name&page%5Boffset%5D=70&page%5Blimit%5D=20")
        );
        assert_eq!(
            links.prev.map(|l| l.href).as_deref(),
            Some("/x?sort=name&page%5Boffset%5D=30&page%5Blimit%5D=20")
        );
        assert!(page.links("/x?sort=name", 70).next.is_none());
        let items: Vec<i32> = (0..75).collect();
        assert_eq!(page.of(&items).count(), 20);
    }
}
