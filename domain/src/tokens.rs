//! `$token$` rendering for summaries, rule values and other texts.
//!
//! A token is `$` + letters, digits, `_`, `.`, `#` or `-` + `$`; anything else between two
//! dollar signs (a space, say) is plain text, so amounts like "$5 en $10" survive. Tokens
//! that name nothing render as an empty string, never as raw `$...$` text. The document-only
//! forms (image sizes, `.afbeelding`, `.tabel`, `#qr`) are recognised here and render as
//! plain text (file names) or nothing until the PDF and e-mail documents render them.
//!
//! Twin: `web/src/lib/form-logic/tokens.ts`; both run `domain/testdata/tokens.json`.

use crate::form::{Element, ElementType, NumberFormatter};
use crate::sanitize::sanitize_summary_html;
use crate::values::{
    SUBFORM_INDEX, format_number_plain, item_property, numeric_value, raw_text, round2,
    selected_items,
};
use serde::Deserialize;
use serde_json::{Map, Value};

/// Facts about the registration that tokens and rules read. Dates are passed in (the domain
/// has no clock).
#[derive(Debug, Clone, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct RegistrationMeta {
    /// Registration date as `YYYY-MM-DD HH:mm`.
    pub date: Option<String>,
    /// Username of the person filling in.
    pub username: Option<String>,
    /// Name of the form.
    pub form_name: Option<String>,
    /// Serial number of the registration.
    pub serial_number: Option<String>,
    /// Workflow phase (`"1"` to `"9"`), read by rules on `registration_phase`.
    pub phase: Option<String>,
}

/// Everything a token can refer to: the elements of the level being rendered (the main
/// form, or a subform for texts inside an entry), their values, and the registration.
#[derive(Debug, Clone, Copy)]
pub struct TokenContext<'a> {
    /// Elements whose names are tokens.
    pub schema: &'a [Element],
    /// Values keyed by element name.
    pub values: &'a Map<String, Value>,
    /// The registration.
    pub registration: &'a RegistrationMeta,
}

/// How substituted values are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RenderMode {
    /// As they are.
    Text,
    /// HTML-escaped, for templates that are HTML (summaries, e-mail bodies).
    Html,
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mrt", "apr", "mei", "jun", "jul", "aug", "sep", "okt", "nov", "dec",
];

/// Replaces every `$token$` in `template`. Each `$nummering.hoofdstuk$` renders the next
/// chapter number, starting at 1 for every call.
pub fn render_tokens(template: &str, ctx: &TokenContext<'_>, mode: RenderMode) -> String {
    let mut out = String::with_capacity(template.len());
    let mut chapter = 0_u32;
    let mut rest = template;
    while let Some(start) = rest.find('$') {
        out.push_str(&rest[..start]);
        let after = &rest[start + 1..];
        match after.find('$') {
            Some(end) if is_token_body(&after[..end]) => {
                let text = render_token(&after[..end], ctx, &mut chapter);
                match mode {
                    RenderMode::Text => out.push_str(&text),
                    RenderMode::Html => out.push_str(&escape_html(&text)),
                }
                rest = &after[end + 1..];
            }
            _ => {
                out.push('$');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The summary of a registration: the configured `form_summary` with tokens rendered in HTML
/// mode and then sanitized, or the default `{serial} - {date}` when none is configured.
pub fn render_summary(template: Option<&str>, ctx: &TokenContext<'_>) -> String {
    match template.filter(|t| !t.trim().is_empty()) {
        Some(template) => sanitize_summary_html(&render_tokens(template, ctx, RenderMode::Html)),
        None => escape_html(&default_summary(ctx.registration)),
    }
}

/// Serial number and display date joined by ' - ' (spec: "the serial number plus the
/// registration date"); a missing part is left out rather than leaving a dangling dash.
pub fn default_summary(registration: &RegistrationMeta) -> String {
    let date = registration
        .date
        .as_deref()
        .map(format_display_date)
        .unwrap_or_default();
    [registration.serial_number.clone().unwrap_or_default(), date]
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .collect::<Vec<_>>()
        .join(" - ")
}

/// `2024-03-05 14:07` as `05 mrt 2024 14:07` (the display format 'DD MMM YYYY HH:mm' with
/// Dutch month abbreviations); a date without time gives `05 mrt 2024`. Text that is not
/// such a date is returned unchanged.
pub fn format_display_date(raw: &str) -> String {
    let raw = raw.trim();
    let parsed = (|| {
        let bytes = raw.as_bytes();
        let digits = |range: std::ops::Range<usize>| -> Option<u32> {
            let part = raw.get(range)?;
            part.bytes()
                .all(|b| b.is_ascii_digit())
                .then(|| part.parse().ok())?
        };
        if bytes.len() < 10 || bytes[4] != b'-' || bytes[7] != b'-' {
            return None;
        }
        let (year, month, day) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
        let month_name = MONTHS.get(usize::try_from(month).ok()?.checked_sub(1)?)?;
        if !(1..=31).contains(&day) {
            return None;
        }
        let date = format!("{day:02} {month_name} {year:04}");
        if bytes.len() == 10 {
            return Some(date);
        }
        if !matches!(bytes[10], b' ' | b'T') || bytes.len() < 16 || bytes[13] != b':' {
            return None;
        }
        let (hour, minute) = (digits(11..13)?, digits(14..16)?);
        (hour < 24 && minute < 60).then(|| format!("{date} {hour:02}:{minute:02}"))
    })();
    parsed.unwrap_or_else(|| raw.to_owned())
}

/// Escapes text for HTML content and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// An amount in euros the Dutch way: `€ 1.234,50`.
pub fn format_price(amount: f64) -> String {
    let rounded = round2(amount);
    let fixed = format!("{:.2}", rounded.abs());
    let (int_part, frac_part) = fixed.split_once('.').unwrap_or((fixed.as_str(), "00"));
    let mut grouped = String::new();
    for (index, digit) in int_part.chars().enumerate() {
        if index > 0 && (int_part.len() - index) % 3 == 0 {
            grouped.push('.');
        }
        grouped.push(digit);
    }
    let sign = if rounded < 0.0 { "-" } else { "" };
    format!("€ {sign}{grouped},{frac_part}")
}

/// A number with a decimal comma and no grouping: `3,5`.
pub fn format_number_nl(n: f64) -> String {
    format_number_plain(n).replace('.', ",")
}

/// How an element's value reads in a text: option labels, 'Ja'/'Nee', euros, file names.
pub fn display_value(element: &Element, value: Option<&Value>) -> String {
    let Some(value) = value else {
        return if element.element_type == ElementType::CheckboxSingle {
            "Nee".to_owned()
        } else {
            String::new()
        };
    };
    match element.element_type {
        ElementType::CheckboxSingle => if value.as_bool() == Some(true) {
            "Ja"
        } else {
            "Nee"
        }
        .to_owned(),
        ElementType::Radio | ElementType::Select | ElementType::Autocomplete => {
            let raw = raw_text(value);
            element.option_label(&raw).map_or(raw, str::to_owned)
        }
        ElementType::CheckboxMultiple => list_items(value)
            .map(|item| {
                let raw = raw_text(item);
                element.option_label(&raw).map_or(raw, str::to_owned)
            })
            .filter(|text| !text.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        ElementType::Number
        | ElementType::Decimal
        | ElementType::Calculation
        | ElementType::AutoIncrement => match numeric_value(Some(value)) {
            Some(n) if element.number_formatter == Some(NumberFormatter::Price) => format_price(n),
            Some(n) => format_number_nl(n),
            None => raw_text(value),
        },
        ElementType::File | ElementType::Image | ElementType::Signature => file_names(value),
        ElementType::Gps => match (coordinate(value, "lat"), coordinate(value, "lon")) {
            (Some(lat), Some(lon)) => format!("{lat}, {lon}"),
            _ => String::new(),
        },
        ElementType::Map | ElementType::Search => item_texts(value, "name"),
        // A bare subform or track has no single text; documents render them as tables and
        // maps later.
        ElementType::Subform | ElementType::Tracking => String::new(),
        element_type if element_type.is_layout() => String::new(),
        _ => raw_text(value),
    }
}

/// [`display_value`] of a value still in its stored JSON text `raw` (an export reads a
/// million of them): the common cases (plain text, whole numbers, checkboxes, choices)
/// borrowed from the text or the element without building a value tree, everything else
/// through [`display_value`]. The same text either way (tested).
pub fn display_raw<'a>(element: &'a Element, raw: Option<&'a str>) -> std::borrow::Cow<'a, str> {
    use crate::raw_json::plain_string;
    use std::borrow::Cow;
    let Some(text) = raw else {
        return Cow::Owned(display_value(element, None));
    };
    let string = || {
        plain_string(text).map(Cow::Borrowed).or_else(|| {
            text.starts_with('"')
                .then(|| serde_json::from_str::<String>(text).ok().map(Cow::Owned))
                .flatten()
        })
    };
    let fast = match element.element_type {
        ElementType::CheckboxSingle => {
            Some(Cow::Borrowed(if text == "true" { "Ja" } else { "Nee" }))
        }
        ElementType::Radio | ElementType::Select | ElementType::Autocomplete => {
            string().map(|value| match element.option_label(&value) {
                Some(label) => Cow::Borrowed(label),
                None => value,
            })
        }
        ElementType::Number
        | ElementType::Decimal
        | ElementType::Calculation
        | ElementType::AutoIncrement
            if element.number_formatter != Some(NumberFormatter::Price) =>
        {
            if is_plain_integer(text) {
                // What formatting its f64 would give back: the same digits.
                Some(Cow::Borrowed(text))
            } else {
                let numeric = text.starts_with(|c: char| c == '-' || c.is_ascii_digit());
                numeric
                    .then(|| text.parse::<f64>().ok())
                    .flatten()
                    .map(|n| Cow::Owned(format_number_nl(n)))
            }
        }
        element_type if takes_raw_text(element_type) => string(),
        _ => None,
    };
    fast.unwrap_or_else(|| {
        let value: Option<Value> = serde_json::from_str(text).ok();
        Cow::Owned(display_value(element, value.as_ref()))
    })
}

/// A whole number that an f64 holds exactly and prints as written: `0`, or up to 15 digits
/// without a leading zero, with an optional minus (but not `-0`, which prints as `0`).
fn is_plain_integer(text: &str) -> bool {
    if text == "0" {
        return true;
    }
    let digits = text.strip_prefix('-').unwrap_or(text);
    (1..=15).contains(&digits.len())
        && !digits.starts_with('0')
        && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Types whose text is the stored string as it is.
fn takes_raw_text(element_type: ElementType) -> bool {
    matches!(
        element_type,
        ElementType::Text
            | ElementType::Textarea
            | ElementType::Email
            | ElementType::Date
            | ElementType::Time
            | ElementType::Datetime
            | ElementType::QrCodeScanner
            | ElementType::Computed
    )
}

/// `#waarde`: the stored value instead of its label (choices, checkbox, numbers with a dot).
fn stored_value(element: &Element, value: Option<&Value>) -> String {
    let element_type = element.element_type;
    let raw_types = element_type.has_options()
        || matches!(
            element_type,
            ElementType::CheckboxSingle
                | ElementType::Number
                | ElementType::Decimal
                | ElementType::Calculation
                | ElementType::AutoIncrement
        );
    if raw_types {
        value.map(raw_text).unwrap_or_default()
    } else {
        display_value(element, value)
    }
}

fn is_token_body(body: &str) -> bool {
    !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'#' | b'-'))
}

fn render_token(body: &str, ctx: &TokenContext<'_>, chapter: &mut u32) -> String {
    let (path, suffix) = match body.split_once('#') {
        Some((path, suffix)) => (path, Some(suffix)),
        None => (body, None),
    };
    let segments: Vec<&str> = path.split('.').collect();
    let meta = ctx.registration;
    let text = |field: &Option<String>| field.clone().unwrap_or_default();
    match segments.as_slice() {
        ["registratie", "registratiedatum"] => meta
            .date
            .as_deref()
            .map(format_display_date)
            .unwrap_or_default(),
        ["registratie", "invuller"] => text(&meta.username),
        ["registratie", "formuliernaam"] => text(&meta.form_name),
        ["registratie", "serienummer"] => text(&meta.serial_number),
        ["nummering", "hoofdstuk"] => {
            *chapter += 1;
            chapter.to_string()
        }
        [SUBFORM_INDEX] => ctx
            .values
            .get(SUBFORM_INDEX)
            .map(raw_text)
            .unwrap_or_default(),
        [name, rest @ ..] => ctx
            .schema
            .iter()
            .find(|element| element.name == *name)
            .map(|element| render_element(element, ctx.values.get(*name), rest, suffix))
            .unwrap_or_default(),
        [] => String::new(),
    }
}

const IMAGE_SIZES: [&str; 4] = [
    "halve_pagina",
    "derde_pagina",
    "kwart_pagina",
    "hele_pagina",
];

fn render_element(
    element: &Element,
    value: Option<&Value>,
    rest: &[&str],
    suffix: Option<&str>,
) -> String {
    let element_type = element.element_type;
    match (rest, suffix) {
        ([], None) => display_value(element, value),
        ([], Some("waarde")) => stored_value(element, value),
        // Image sizes and .afbeelding place pictures in documents; in text, the file name.
        ([], Some(size)) if IMAGE_SIZES.contains(&size) => display_value(element, value),
        (["afbeelding"], None) => display_value(element, value),
        // A QR image or a table exists only in documents.
        ([], Some("qr")) | (["tabel"], None) => String::new(),
        (["latitude"], None) if element_type == ElementType::Gps => {
            value.and_then(|v| coordinate(v, "lat")).unwrap_or_default()
        }
        (["longitude"], None) if element_type == ElementType::Gps => {
            value.and_then(|v| coordinate(v, "lon")).unwrap_or_default()
        }
        ([property], None) if matches!(element_type, ElementType::Map | ElementType::Search) => {
            value.map(|v| item_texts(v, property)).unwrap_or_default()
        }
        ([field, deeper @ ..], _) if element_type == ElementType::Subform => {
            let schema = element.subform_schema();
            list_items(value.unwrap_or(&Value::Null))
                .filter_map(Value::as_object)
                .map(|entry| {
                    if *field == SUBFORM_INDEX && deeper.is_empty() {
                        return entry.get(SUBFORM_INDEX).map(raw_text).unwrap_or_default();
                    }
                    schema
                        .iter()
                        .find(|e| e.name == *field)
                        .map(|e| render_element(e, entry.get(*field), deeper, suffix))
                        .unwrap_or_default()
                })
                .filter(|text| !text.is_empty())
                .collect::<Vec<_>>()
                .join(", ")
        }
        _ => String::new(),
    }
}

fn list_items(value: &Value) -> impl Iterator<Item = &Value> {
    value.as_array().into_iter().flatten()
}

fn file_names(value: &Value) -> String {
    list_items(value)
        .filter_map(|file| file.get("filename").and_then(Value::as_str))
        .filter(|name| !name.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

fn coordinate(value: &Value, key: &str) -> Option<String> {
    value
        .get(key)
        .and_then(Value::as_f64)
        .map(format_number_plain)
}

/// Map features have statuses open, closed or none (stored as `_none`, shown 'Geen status').
fn item_texts(value: &Value, property: &str) -> String {
    selected_items(Some(value))
        .into_iter()
        .map(|item| {
            let text = item_property(item, property);
            if property == "status" && text == "_none" {
                "Geen status".to_owned()
            } else {
                text
            }
        })
        .filter(|text| !text.is_empty())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    #[test]
    fn a_raw_value_reads_as_its_parsed_value() {
        let form = crate::form::validate_schema(
            &serde_json::json!([
                { "name": "t", "elementType": "text" },
                { "name": "n", "elementType": "number" },
                { "name": "p", "elementType": "number", "number_formatter": "price" },
                { "name": "c", "elementType": "checkbox_single" },
                { "name": "s", "elementType": "select", "options": [{ "value": "a", "label": "Aap" }] },
                { "name": "m", "elementType": "checkbox_multiple", "options": [{ "value": "a", "label": "Aap" }] },
                { "name": "d", "elementType": "date" },
                { "name": "f", "elementType": "file" },
                { "name": "g", "elementType": "gps" }
            ]),
            &serde_json::json!([]),
        )
        .unwrap();
        let values = [
            "\"Lantaarnpaal\"",
            "\"met \\\"quote\\\" en é\"",
            "3",
            "-4.25",
            "1e3",
            "\"3,5\"",
            "true",
            "false",
            "null",
            "\"a\"",
            "\"z\"",
            "[\"a\",\"z\"]",
            "\"2026-01-05\"",
            "12",
            "{\"lat\": 52.1, \"lon\": 5.3}",
            "[{\"filename\": \"foto.jpg\"}]",
            "\"\"",
            "0",
            "-0",
            "-17",
            "123456789012345",
            "1234567890123456",
            "12345678901234567890",
            "-0.0",
            "\"\\u00e9\"",
        ];
        for element in &form.schema {
            for text in values {
                let parsed: Value = serde_json::from_str(text).unwrap();
                assert_eq!(
                    display_raw(element, Some(text)),
                    display_value(element, Some(&parsed)),
                    "{} with {text}",
                    element.name
                );
            }
            assert_eq!(display_raw(element, None), display_value(element, None));
        }
    }

    use super::*;
    use crate::form::Form;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Case {
        name: String,
        #[serde(default)]
        schema: Value,
        #[serde(default)]
        values: Map<String, Value>,
        #[serde(default)]
        registration: RegistrationMeta,
        #[serde(default)]
        template: Option<String>,
        #[serde(default)]
        html: bool,
        #[serde(default)]
        summary: bool,
        expected: String,
    }

    #[test]
    fn shared_vectors() {
        crate::vectors::run(
            include_str!("../testdata/tokens.json"),
            |case: &Case, failures: &mut Vec<String>| {
                let form = match Form::from_json(&case.schema, &Value::Null) {
                    Ok(form) => form,
                    Err(errors) => {
                        failures.push(format!("{}: schema {errors:?}", case.name));
                        return;
                    }
                };
                let ctx = TokenContext {
                    schema: &form.schema,
                    values: &case.values,
                    registration: &case.registration,
                };
                let got = if case.summary {
                    render_summary(case.template.as_deref(), &ctx)
                } else {
                    let mode = if case.html {
                        RenderMode::Html
                    } else {
                        RenderMode::Text
                    };
                    render_tokens(case.template.as_deref().unwrap_or_default(), &ctx, mode)
                };
                if got != case.expected {
                    failures.push(format!(
                        "{}:\n   got      {got:?}\n   expected {:?}",
                        case.name, case.expected
                    ));
                }
            },
        );
    }

    #[test]
    fn prices() {
        assert_eq!(format_price(12.5), "€ 12,50");
        assert_eq!(format_price(1234567.891), "€ 1.234.567,89");
        assert_eq!(format_price(-0.5), "€ -0,50");
        assert_eq!(format_price(0.0), "€ 0,00");
    }
}
