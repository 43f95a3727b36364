//! Server-side check of a sent registration. The client's checks are a convenience; this is
//! the one that counts, so nothing the client computed is trusted.
//!
//! Order: keep only values of elements in the schema (subform entries renumbered, numbers
//! typed as numbers) -> compute calculations -> apply the rules -> compute calculations
//! again (a `set` may have changed an input) -> validate every element the rules do not
//! hide, and drop the values of the hidden ones. `autoIncrement` values are dropped: the
//! server assigns them when it stores the registration.

use crate::calc::fill_calculations;
use crate::computed::fill_computed;
use crate::files::MAX_FILE_SIZE;
use crate::form::{Element, ElementType, Form};
use crate::messages;
use crate::rules::{RuleOutcome, evaluate_rules};
use crate::tokens::{RegistrationMeta, format_number_nl};
use crate::validate::is_valid_email;
use crate::values::{
    SUBFORM_INDEX, is_empty_value, normalize_decimal, number_value, numeric_value, renumber_subform,
};
use serde::Serialize;
use serde_json::{Map, Value};

/// One problem with one field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FieldError {
    /// The element name, or `subform.N.field` for field of subform entry N.
    pub field: String,
    /// Dutch text shown at the field.
    pub message: String,
}

/// Checks a registration's values against its form. Returns the values to store
/// (normalised, calculations filled in, hidden values removed) or every field error.
pub fn validate_submission(
    form: &Form,
    submitted: &Map<String, Value>,
    registration: &RegistrationMeta,
) -> Result<Map<String, Value>, Vec<FieldError>> {
    let mut values = normalize_level(&form.schema, submitted);
    fill_computed(&form.schema, &mut values);
    fill_calculations(&form.schema, &mut values, None);
    let mut outcome = evaluate_rules(form, values, registration);
    // The checks below read only the rules' element states, so the values can be moved out.
    let mut values = std::mem::take(&mut outcome.values);
    fill_computed(&form.schema, &mut values);
    fill_calculations(&form.schema, &mut values, None);
    let mut errors = Vec::new();
    check_level(&form.schema, &mut values, &outcome, "", &mut errors);
    if errors.is_empty() {
        Ok(values)
    } else {
        Err(errors)
    }
}

/// Keeps the values of value-holding elements only, typed as the value model says.
fn normalize_level(schema: &[Element], submitted: &Map<String, Value>) -> Map<String, Value> {
    let mut values = Map::new();
    for element in schema {
        let element_type = element.element_type;
        if element_type.is_layout()
            || matches!(
                element_type,
                ElementType::Calculation | ElementType::AutoIncrement | ElementType::Computed
            )
        {
            continue;
        }
        let Some(value) = submitted.get(&element.name) else {
            continue;
        };
        let normalized = match (element_type, value) {
            (ElementType::Number | ElementType::Decimal, Value::String(text)) => {
                if text.trim().is_empty() {
                    Value::Null
                } else {
                    // Text that is no number is kept so the check below can name the field.
                    normalize_decimal(text).map_or_else(|| value.clone(), number_value)
                }
            }
            (ElementType::Subform, Value::Array(entries)) => Value::Array(
                renumber_subform(entries)
                    .into_iter()
                    .map(|entry| {
                        let entry = entry.as_object().cloned().unwrap_or_default();
                        let mut kept = normalize_level(element.subform_schema(), &entry);
                        if let Some(index) = entry.get(SUBFORM_INDEX) {
                            kept.insert(SUBFORM_INDEX.to_owned(), index.clone());
                        }
                        Value::Object(kept)
                    })
                    .collect(),
            ),
            _ => value.clone(),
        };
        values.insert(element.name.clone(), normalized);
    }
    values
}

fn check_level(
    schema: &[Element],
    values: &mut Map<String, Value>,
    outcome: &RuleOutcome,
    prefix: &str,
    errors: &mut Vec<FieldError>,
) {
    for element in schema {
        // Main-form keys are the bare names: no string is built for them (every send checks
        // every element).
        let key: std::borrow::Cow<str> = if prefix.is_empty() {
            std::borrow::Cow::Borrowed(&element.name)
        } else {
            std::borrow::Cow::Owned(format!("{prefix}{}", element.name))
        };
        if outcome.is_hidden(&key) {
            values.remove(&element.name);
            continue;
        }
        // Rules and states exist for subforms of the main form; nested subforms are stored
        // as they are.
        let top_level_subform = element.element_type == ElementType::Subform && prefix.is_empty();
        if let Some(Value::Array(entries)) =
            values.get_mut(&element.name).filter(|_| top_level_subform)
        {
            for (position, entry) in entries.iter_mut().enumerate() {
                if let Value::Object(entry_values) = entry {
                    let entry_prefix = format!("{key}.{}.", position + 1);
                    check_level(
                        element.subform_schema(),
                        entry_values,
                        outcome,
                        &entry_prefix,
                        errors,
                    );
                }
            }
        }
        if let Some(message) = check_element(element, values.get(&element.name)) {
            errors.push(FieldError {
                field: key.into_owned(),
                message,
            });
        }
    }
}

/// The first problem with one element's value, if any.
fn check_element(element: &Element, value: Option<&Value>) -> Option<String> {
    use ElementType as T;
    let element_type = element.element_type;
    if is_empty_value(value) {
        // A type the filler cannot give a value for is never required (decision 011).
        return (element.is_required() && element_type.can_be_required())
            .then(|| messages::FIELD_REQUIRED.to_owned());
    }
    let value = value?;
    let invalid = || Some(messages::FIELD_INVALID.to_owned());
    match element_type {
        T::Number | T::Decimal => {
            let Some(n) = value.as_f64() else {
                return Some(messages::FIELD_NUMBER.to_owned());
            };
            return check_bounds(element, n);
        }
        T::CheckboxSingle => {
            return (!value.is_boolean()).then(|| messages::FIELD_INVALID.to_owned());
        }
        T::CheckboxMultiple => {
            let Value::Array(items) = value else {
                return invalid();
            };
            let all_known = items.iter().all(|item| {
                item.as_str()
                    .is_some_and(|v| element.option_label(v).is_some())
            });
            return (!all_known).then(|| messages::FIELD_OPTION.to_owned());
        }
        T::File | T::Image => return check_files(value, element_type == T::Image),
        T::Signature => {
            let ok = value.as_array().is_some_and(|items| {
                items
                    .iter()
                    .all(|item| non_empty_str(item, "filename") && non_empty_str(item, "base64"))
            });
            return (!ok).then(|| messages::FIELD_SIGNATURE_INVALID.to_owned());
        }
        T::Gps => return (!is_location(value)).then(|| messages::FIELD_GPS_INVALID.to_owned()),
        T::Tracking => {
            let ok = value.as_array().is_some_and(|points| {
                points
                    .iter()
                    .all(|point| is_location(point) && non_empty_str(point, "timestamp"))
            });
            return (!ok).then(|| messages::FIELD_TRACK_INVALID.to_owned());
        }
        T::Map | T::Search => {
            // One chosen item or a list of them, each naming the datasource item it is.
            let items = match value {
                Value::Array(items) => items.as_slice(),
                item => std::slice::from_ref(item),
            };
            let ok = items.iter().all(|item| {
                item.get("id")
                    .is_some_and(|id| id.is_number() || id.as_str().is_some_and(|s| !s.is_empty()))
            });
            return (!ok).then(|| messages::FIELD_INVALID.to_owned());
        }
        T::Subform => return (!value.is_array()).then(|| messages::FIELD_INVALID.to_owned()),
        // Computed here or assigned by the server.
        T::Calculation | T::AutoIncrement | T::LinkedForm | T::Computed | T::StateTransition => {
            return None;
        }
        _ => {}
    }
    // Everything else holds text.
    let Value::String(text) = value else {
        return invalid();
    };
    let format_ok = match element_type {
        T::Email => is_valid_email(text.trim()),
        T::Date => is_valid_date(text),
        T::Time => is_valid_time(text),
        T::Datetime => text
            .split_once(' ')
            .is_some_and(|(date, time)| is_valid_date(date) && is_valid_time(time)),
        _ => true,
    };
    if !format_ok {
        return Some(
            match element_type {
                T::Email => messages::EMAIL_INVALID,
                T::Date => messages::FIELD_DATE,
                T::Time => messages::FIELD_TIME,
                _ => messages::FIELD_DATETIME,
            }
            .to_owned(),
        );
    }
    let must_match_option = matches!(element_type, T::Radio | T::Select)
        || (element_type == T::Autocomplete && !element.options.is_empty());
    if must_match_option && element.option_label(text).is_none() {
        return Some(messages::FIELD_OPTION.to_owned());
    }
    check_text_rules(element, text)
}

fn check_bounds(element: &Element, n: f64) -> Option<String> {
    let bound = |name: &str| {
        element
            .validation_rule(name)
            .and_then(|rule| numeric_value(rule.value.as_ref()))
    };
    if let Some(min) = bound("min").filter(|min| n < *min) {
        return Some(messages::field_min(&format_number_nl(min)));
    }
    if let Some(max) = bound("max").filter(|max| n > *max) {
        return Some(messages::field_max(&format_number_nl(max)));
    }
    None
}

/// Longest text of a multi-line field, in characters, whatever the form allows.
pub const MAX_TEXTAREA_CHARS: usize = 100_000;
/// Longest text of any other field.
pub const MAX_TEXT_CHARS: usize = 10_000;

/// The validations that apply to text: lengths and the e-mail, number and token rules.
fn check_text_rules(element: &Element, text: &str) -> Option<String> {
    let length = text.chars().count();
    let ceiling = if element.element_type == ElementType::Textarea {
        MAX_TEXTAREA_CHARS
    } else {
        MAX_TEXT_CHARS
    };
    if length > ceiling {
        return Some(messages::field_max_length(ceiling));
    }
    let limit = |name: &str| {
        element
            .validation_rule(name)
            .and_then(|rule| numeric_value(rule.value.as_ref()))
            .filter(|n| *n >= 0.0 && n.fract() == 0.0)
            // Exact: a whole, non-negative number.
            .map(|n| n as usize)
    };
    if let Some(min) = limit("minLength").filter(|min| length < *min) {
        return Some(messages::field_min_length(min));
    }
    if let Some(max) = limit("maxLength").filter(|max| length > *max) {
        return Some(messages::field_max_length(max));
    }
    let has = |name: &str| element.validation_rule(name).is_some();
    if has("email") && !is_valid_email(text.trim()) {
        return Some(messages::EMAIL_INVALID.to_owned());
    }
    if has("number") && normalize_decimal(text).is_none() {
        return Some(messages::FIELD_NUMBER.to_owned());
    }
    if has("emailOrToken") && !is_email_or_token(text) {
        return Some(messages::FIELD_EMAIL_OR_TOKEN.to_owned());
    }
    if has("filenameOrToken") && !is_filename_or_token(text) {
        return Some(messages::FIELD_FILENAME_OR_TOKEN.to_owned());
    }
    None
}

/// A GPS value or tracking point: lat and lon on the globe, an accuracy in metres when known
/// (a location set by hand has none).
fn is_location(value: &Value) -> bool {
    let within = |key: &str, limit: f64| {
        value
            .get(key)
            .and_then(Value::as_f64)
            .is_some_and(|n| n.abs() <= limit)
    };
    let accuracy_ok = value
        .get("accuracy")
        .is_none_or(|a| a.is_null() || a.as_f64().is_some_and(|n| n >= 0.0));
    within("lat", 90.0) && within("lon", 180.0) && accuracy_ok
}

fn non_empty_str(item: &Value, key: &str) -> bool {
    item.get(key)
        .and_then(Value::as_str)
        .is_some_and(|text| !text.is_empty())
}

/// Files are uploaded first; the registration carries their descriptions.
fn check_files(value: &Value, images_only: bool) -> Option<String> {
    let Value::Array(files) = value else {
        return Some(messages::FIELD_FILE_INVALID.to_owned());
    };
    for file in files {
        let size = file.get("filesize").and_then(Value::as_f64);
        let mime = file.get("filemime").and_then(Value::as_str);
        let complete = non_empty_str(file, "url")
            && non_empty_str(file, "filename")
            && mime.is_some()
            && size.is_some_and(|size| size >= 0.0);
        if !complete {
            return Some(messages::FIELD_FILE_INVALID.to_owned());
        }
        // Exact for any real size: a file of 2^53 bytes does not exist.
        if size.is_some_and(|size| size > MAX_FILE_SIZE as f64) {
            return Some(messages::FILE_TOO_LARGE.to_owned());
        }
        if images_only && !mime.is_some_and(|mime| mime.starts_with("image/")) {
            return Some(messages::FILE_NOT_AN_IMAGE.to_owned());
        }
    }
    None
}

/// `YYYY-MM-DD` on the calendar.
pub fn is_valid_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    if bytes.len() != 10 || bytes[4] != b'-' || bytes[7] != b'-' {
        return false;
    }
    let number = |from: usize, to: usize| -> Option<u32> {
        let part = text.get(from..to)?;
        part.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    let (Some(year), Some(month), Some(day)) = (number(0, 4), number(5, 7), number(8, 10)) else {
        return false;
    };
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `HH:mm`, 00:00 to 23:59.
pub fn is_valid_time(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 5
        && bytes[2] == b':'
        && [0, 1, 3, 4].iter().all(|i| bytes[*i].is_ascii_digit())
        && text
            .get(0..2)
            .and_then(|h| h.parse::<u32>().ok())
            .is_some_and(|h| h < 24)
        && text
            .get(3..5)
            .and_then(|m| m.parse::<u32>().ok())
            .is_some_and(|m| m < 60)
}

/// Spec: "a valid e-mail address, or exactly one $token$ filling the whole value".
pub fn is_email_or_token(text: &str) -> bool {
    let text = text.trim();
    is_valid_email(text)
        || is_single_token(text, |b| {
            b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'#' | b'-')
        })
}

/// Spec: "only letters, digits, hyphen, underscore and $; or a single $token$ made of
/// lowercase letters, digits or underscore".
pub fn is_filename_or_token(text: &str) -> bool {
    let plain = !text.is_empty()
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'$'));
    plain
        || is_single_token(text, |b| {
            b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'
        })
}

fn is_single_token(text: &str, allowed: fn(u8) -> bool) -> bool {
    text.strip_prefix('$')
        .and_then(|rest| rest.strip_suffix('$'))
        .is_some_and(|body| !body.is_empty() && body.bytes().all(allowed))
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    use super::*;
    use serde_json::json;

    fn form() -> Form {
        let schema = json!([
            { "name": "kop", "elementType": "header", "label": "Kop" },
            { "name": "naam", "elementType": "text", "validation": [{ "name": "required" }, { "name": "minLength", "value": 2 }, { "name": "maxLength", "value": "5" }] },
            { "name": "aantal", "elementType": "number", "validation": [{ "name": "required" }, { "name": "min", "value": 1 }, { "name": "max", "value": 10 }] },
            { "name": "prijs", "elementType": "decimal", "validation": [{ "name": "min", "value": 0.5 }] },
            { "name": "totaal", "elementType": "calculation", "formula": "$aantal$ * $prijs$" },
            { "name": "mail", "elementType": "email" },
            { "name": "akkoord", "elementType": "checkbox_single", "validation": [{ "name": "required" }] },
            { "name": "kleur", "elementType": "radio", "options": [{ "value": "rood", "label": "Rood" }, { "value": "blauw", "label": "Blauw" }] },
            { "name": "extra", "elementType": "checkbox_multiple", "options": [{ "value": "a", "label": "A" }, { "value": "b", "label": "B" }] },
            { "name": "toelichting", "elementType": "textarea", "validation": [{ "name": "required" }] },
            { "name": "datum", "elementType": "date" },
            { "name": "tijd", "elementType": "time" },
            { "name": "moment", "elementType": "datetime" },
            { "name": "foto", "elementType": "image" },
            { "name": "teken", "elementType": "signature" },
            { "name": "plek", "elementType": "gps" },
            { "name": "volgnummer", "elementType": "autoIncrement" },
            { "name": "posten", "elementType": "subform", "subform": { "schema": [
                { "name": "post", "elementType": "text", "validation": [{ "name": "required" }] },
                { "name": "bedrag", "elementType": "decimal", "validation": [{ "name": "required" }] },
                { "name": "opmerking", "elementType": "text", "validation": [{ "name": "required" }] }
            ], "rules": [{ "ruleName": "opmerking alleen bij groot bedrag", "ruleForm": "_none",
                "condition_group": { "method": "AND", "conditions": [
                    { "conditionType": "dataValue", "dataName": "bedrag", "operator": ">", "value": "100" }] },
                "actions": [{ "method": "show", "dataName": "opmerking" }] }] } },
            { "name": "som", "elementType": "calculation", "formula": "$posten.bedrag$" }
        ]);
        let rules = json!([
            { "ruleName": "geen toelichting zonder akkoord", "ruleForm": "_none",
              "condition_group": { "method": "AND", "conditions": [
                  { "conditionType": "dataValue", "dataName": "akkoord", "operator": "empty", "value": "" }] },
              "actions": [{ "method": "hide", "dataName": "toelichting" }] },
            { "ruleName": "kleur bij veel", "ruleForm": "_none",
              "condition_group": { "method": "AND", "conditions": [
                  { "conditionType": "dataValue", "dataName": "aantal", "operator": ">=", "value": "5" }] },
              "actions": [{ "method": "set", "dataName": "kleur", "value": "blauw" }] }
        ]);
        crate::form::validate_schema(&schema, &rules).unwrap()
    }

    fn good() -> Map<String, Value> {
        json!({
            "naam": "Jan", "aantal": "2", "prijs": "1,25", "totaal": 999, "mail": "jan@x.nl",
            "akkoord": true, "kleur": "rood", "extra": ["a"], "toelichting": "ok",
            "datum": "2024-02-29", "tijd": "23:59", "moment": "2024-03-01 00:00",
            "foto": [{ "url": "/f/1", "filename": "a.jpg", "filemime": "image/jpeg", "filesize": 1000 }],
            "teken": [{ "filename": "h.png", "base64": "iVBOR" }],
            "plek": { "lat": 52.1, "lon": 5.3, "accuracy": 10 },
            "volgnummer": 77, "onbekend": "weg", "kop": "weg",
            "posten": [
                { "subform_index": 9, "post": "a", "bedrag": "10,5", "opmerking": "verborgen dus weg", "x": 1 },
                "geen entry",
                { "post": "b", "bedrag": 200, "opmerking": "nodig" }
            ]
        })
        .as_object()
        .cloned()
        .unwrap()
    }

    fn errors_of(values: Map<String, Value>) -> Vec<(String, String)> {
        validate_submission(&form(), &values, &RegistrationMeta::default())
            .unwrap_err()
            .into_iter()
            .map(|e| (e.field, e.message))
            .collect()
    }

    /// Per element type: a required element left empty is refused exactly when the type can
    /// be required (decision 011), so a form with a map or gps element can always be sent.
    #[test]
    fn required_is_enforced_only_for_types_that_can_be_filled_in() {
        for t in ElementType::ALL {
            let mut element = json!({ "name": "veld", "elementType": t.as_str(), "label": "Veld",
                                      "validation": [{ "name": "required" }] });
            if t.has_options() {
                element["options"] = json!([{ "value": "a", "label": "A" }]);
            }
            if *t == ElementType::Calculation {
                element["formula"] = json!("1 + 1");
            }
            if *t == ElementType::Subform {
                element["subform"] = json!({ "schema": [] });
            }
            let form = crate::form::validate_schema(&json!([element]), &json!([]))
                .unwrap_or_else(|e| panic!("{}: {e:?}", t.as_str()));
            let outcome = validate_submission(&form, &Map::new(), &RegistrationMeta::default());
            assert_eq!(
                outcome.is_err(),
                t.can_be_required(),
                "{}: {outcome:?}",
                t.as_str()
            );
        }
    }

    /// Per type of `domain/testdata/element-types.json` (the fill-in runs the same cases): a
    /// required element with the value its input gives is accepted, and left empty it is
    /// refused with the required text.
    #[test]
    fn every_type_that_can_be_required_takes_what_its_input_gives() {
        let cases: Vec<Value> =
            serde_json::from_str(include_str!("../testdata/element-types.json")).unwrap();
        for case in cases.iter().filter(|c| c["can_be_required"] == true) {
            let kind = case["type"].as_str().unwrap();
            let mut element = json!({ "name": "veld", "elementType": kind, "label": "Veld",
                                      "validation": [{ "name": "required" }] });
            if ElementType::parse(kind).is_some_and(ElementType::has_options) {
                element["options"] = json!([{ "value": "a", "label": "A" }]);
            }
            let form = crate::form::validate_schema(&json!([element]), &json!([])).unwrap();
            let filled = json!({ "veld": case["filled"] })
                .as_object()
                .cloned()
                .unwrap();
            let outcome = validate_submission(&form, &filled, &RegistrationMeta::default());
            assert!(outcome.is_ok(), "{kind}: {outcome:?}");
            let empty = validate_submission(&form, &Map::new(), &RegistrationMeta::default());
            assert_eq!(
                empty.unwrap_err()[0].message,
                messages::FIELD_REQUIRED,
                "{kind}"
            );
        }
    }

    #[test]
    fn a_good_registration_is_normalised() {
        let values = validate_submission(&form(), &good(), &RegistrationMeta::default()).unwrap();
        assert_eq!(
            Value::Object(values),
            json!({
                "naam": "Jan", "aantal": 2, "prijs": 1.25, "totaal": 2.5, "mail": "jan@x.nl",
                "akkoord": true, "kleur": "rood", "extra": ["a"], "toelichting": "ok",
                "datum": "2024-02-29", "tijd": "23:59", "moment": "2024-03-01 00:00",
                "foto": [{ "url": "/f/1", "filename": "a.jpg", "filemime": "image/jpeg", "filesize": 1000 }],
                "teken": [{ "filename": "h.png", "base64": "iVBOR" }],
                "plek": { "lat": 52.1, "lon": 5.3, "accuracy": 10 },
                "posten": [
                    { "subform_index": 1, "post": "a", "bedrag": 10.5 },
                    { "subform_index": 2, "post": "b", "bedrag": 200, "opmerking": "nodig" }
                ],
                "som": 210.5
            })
        );
    }

    #[test]
    fn rules_set_and_hide_before_validation() {
        let mut values = good();
        values.insert("aantal".into(), json!(6));
        values.insert("akkoord".into(), json!(false));
        values.remove("toelichting");
        // akkoord is required, so the send fails; the hidden toelichting is not required.
        assert_eq!(
            errors_of(values.clone()),
            vec![("akkoord".into(), messages::FIELD_REQUIRED.into())]
        );
        values.insert("akkoord".into(), json!(true));
        values.insert("toelichting".into(), json!("x"));
        let stored = validate_submission(&form(), &values, &RegistrationMeta::default()).unwrap();
        assert_eq!(stored["kleur"], json!("blauw"));
        assert_eq!(stored["totaal"], json!(7.5));
    }

    #[test]
    fn every_kind_of_error_is_reported_with_its_field() {
        let values = json!({
            "naam": "J", "aantal": "veel", "prijs": 0.1, "mail": "geen-mail",
            "kleur": "groen", "extra": ["a", "z"], "toelichting": "  ",
            "datum": "2023-02-29", "tijd": "24:00", "moment": "2024-03-01T10:00",
            "foto": [{ "url": "/f/1", "filename": "a.pdf", "filemime": "application/pdf", "filesize": 10 }],
            "teken": [{ "filename": "h.png" }],
            "plek": { "lat": 91, "lon": 5 },
            "posten": [{ "post": "", "bedrag": "x" }, { "post": "b", "bedrag": 500 }]
        });
        let errors = errors_of(values.as_object().cloned().unwrap());
        let expected: Vec<(String, String)> = [
            ("naam", messages::field_min_length(2)),
            ("aantal", messages::FIELD_NUMBER.to_owned()),
            ("prijs", messages::field_min("0,5")),
            ("mail", messages::EMAIL_INVALID.to_owned()),
            ("akkoord", messages::FIELD_REQUIRED.to_owned()),
            ("kleur", messages::FIELD_OPTION.to_owned()),
            ("extra", messages::FIELD_OPTION.to_owned()),
            ("datum", messages::FIELD_DATE.to_owned()),
            ("tijd", messages::FIELD_TIME.to_owned()),
            ("moment", messages::FIELD_DATETIME.to_owned()),
            ("foto", messages::FILE_NOT_AN_IMAGE.to_owned()),
            ("teken", messages::FIELD_SIGNATURE_INVALID.to_owned()),
            ("plek", messages::FIELD_GPS_INVALID.to_owned()),
            ("posten.1.post", messages::FIELD_REQUIRED.to_owned()),
            ("posten.1.bedrag", messages::FIELD_NUMBER.to_owned()),
            ("posten.2.opmerking", messages::FIELD_REQUIRED.to_owned()),
        ]
        .into_iter()
        .map(|(field, message)| (field.to_owned(), message))
        .collect();
        assert_eq!(errors, expected);
    }

    #[test]
    fn limits() {
        let mut values = good();
        values.insert("naam".into(), json!("Jantje"));
        values.insert("aantal".into(), json!(11));
        values.insert("foto".into(), json!([{ "url": "/f", "filename": "a.jpg", "filemime": "image/jpeg", "filesize": 20_971_521 }]));
        assert_eq!(
            errors_of(values),
            vec![
                ("naam".to_owned(), messages::field_max_length(5)),
                ("aantal".to_owned(), messages::field_max("10")),
                ("foto".to_owned(), messages::FILE_TOO_LARGE.to_owned()),
            ]
        );
    }

    #[test]
    fn token_rules() {
        assert!(is_email_or_token("a@b.nl"));
        assert!(is_email_or_token("$email$"));
        assert!(!is_email_or_token("$a$ $b$"));
        assert!(!is_email_or_token("geen"));
        assert!(is_filename_or_token("Rapport-2024_v2"));
        assert!(is_filename_or_token("$naam$"));
        assert!(!is_filename_or_token("rapport 2024"));
        assert!(!is_filename_or_token("a.pdf"));
    }

    #[test]
    fn dates_and_times() {
        assert!(is_valid_date("2000-02-29"));
        assert!(!is_valid_date("1900-02-29"));
        assert!(!is_valid_date("2024-13-01"));
        assert!(!is_valid_date("2024-1-01"));
        assert!(is_valid_time("00:00"));
        assert!(!is_valid_time("7:30"));
    }
}
