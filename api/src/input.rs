//! Checks of user input that answer 422 in the API's error shape.

use crate::error::{AppError, Result};
use domain::messages;
use domain::validate::{MAX_NAME_LEN, NameProblem, name};
use utoipa::openapi::schema::{Object, ObjectBuilder, Type};

/// The characters `domain::validate::name` refuses (control and invisible formatting
/// characters), as the body of a regular-expression character class.
const NOT_IN_NAME: &str =
    r"\x00-\x1f\x7f-\x9f\u00ad\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff";

/// The documented shape of a name, so the contract says exactly what `checked_name`
/// accepts: at most 255 characters, none of them invisible, at least one visible.
pub fn name_schema() -> Object {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .min_length(Some(1))
        .max_length(Some(MAX_NAME_LEN))
        .pattern(Some(format!(
            "^[^{NOT_IN_NAME}]*[^\\s{NOT_IN_NAME}][^{NOT_IN_NAME}]*$"
        )))
        .build()
}

/// The name in `raw` as stored (see `domain::validate::name`); 422 on `field` with
/// `required` when nothing visible is sent, or with why it is refused.
pub fn checked_name(field: &str, raw: Option<&str>, required: &str) -> Result<String> {
    name(raw.unwrap_or_default()).map_err(|problem| {
        let detail = match problem {
            NameProblem::Empty => required,
            NameProblem::TooLong => messages::NAME_TOO_LONG,
            NameProblem::Invisible => messages::NAME_INVALID,
        };
        AppError::invalid(field, detail)
    })
}

/// True for 64 lowercase hex digits: a SHA-256 as the API writes it, and the tokens of links.
pub fn is_hex64(text: &str) -> bool {
    text.len() == 64
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}
