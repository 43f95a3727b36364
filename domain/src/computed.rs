//! Computed elements (spec 000 section 9): a value read out of another element's text, such
//! as a lamp's QR label of `key:value` lines. The fill-in shows it live and the server works
//! it out again on a send, so a client cannot store a value the watched text does not give.
//! Twin: `web/src/lib/form-logic/computed.ts`; both run `domain/testdata/computed.json`.

use crate::form::{Element, ElementType};
use serde_json::{Map, Value};

/// The line entry (counted from 0) each parser type reads.
fn line_of(parser_type: &str) -> Option<usize> {
    match parser_type {
        "lamp_amount" => Some(14),
        "color_temperature" => Some(17),
        _ => None,
    }
}

/// The text after the first ':' of the parser type's line, trimmed; empty when the watched
/// value is not text, the line is missing or has no key.
pub fn compute(parser_type: &str, watched: Option<&Value>) -> String {
    let (Some(line), Some(Value::String(text))) = (line_of(parser_type), watched) else {
        return String::new();
    };
    text.lines()
        .nth(line)
        .and_then(|entry| entry.split_once(':'))
        .map(|(_, value)| value.trim().to_owned())
        .unwrap_or_default()
}

/// Sets every computed element of one level from the element it watches on that level.
pub fn fill_computed(schema: &[Element], values: &mut Map<String, Value>) {
    for element in schema {
        match element.element_type {
            ElementType::Computed => {
                let setting = |key: &str| element.extra.get(key).and_then(Value::as_str);
                // The spec's product watched its first QR element ('qrCodeScanner1'); data
                // names here are lowercase, so the first QR scanner of the level stands in.
                let watched = setting("elementToWatch")
                    .filter(|name| !name.is_empty())
                    .or_else(|| {
                        schema
                            .iter()
                            .find(|e| e.element_type == ElementType::QrCodeScanner)
                            .map(|e| e.name.as_str())
                    });
                let value = watched.and_then(|name| values.get(name));
                let result = compute(setting("parserType").unwrap_or_default(), value);
                if result.is_empty() {
                    values.remove(&element.name);
                } else {
                    values.insert(element.name.clone(), Value::String(result));
                }
            }
            ElementType::Subform => {
                if let Some(Value::Array(entries)) = values.get_mut(&element.name) {
                    for entry in entries.iter_mut().filter_map(Value::as_object_mut) {
                        fill_computed(element.subform_schema(), entry);
                    }
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::Form;
    use serde::Deserialize;
    use serde_json::json;

    #[derive(Deserialize)]
    struct Vector {
        name: String,
        #[serde(rename = "parserType")]
        parser_type: String,
        watched: Value,
        expected: String,
    }

    #[test]
    fn shared_vectors() {
        let vectors: Vec<Vector> =
            serde_json::from_str(include_str!("../testdata/computed.json")).unwrap();
        assert!(vectors.len() >= 10);
        for v in vectors {
            assert_eq!(
                compute(&v.parser_type, Some(&v.watched)),
                v.expected,
                "{}",
                v.name
            );
        }
    }

    #[test]
    fn fills_from_the_watched_or_first_qr_element_and_forgets_a_sent_value() {
        let form = Form::from_json(
            &json!([
                { "name": "qr", "elementType": "qrCodeScanner" },
                { "name": "lampen", "elementType": "computed", "parserType": "lamp_amount" },
                { "name": "kleur", "elementType": "computed", "parserType": "color_temperature",
                  "elementToWatch": "label" },
                { "name": "label", "elementType": "text" }
            ]),
            &json!([]),
        )
        .unwrap();
        let lines: Vec<String> = (0..18).map(|i| format!("k{i}: {i}")).collect();
        let mut values = json!({ "qr": lines.join("\n"), "kleur": "verzonnen" })
            .as_object()
            .cloned()
            .unwrap();
        fill_computed(&form.schema, &mut values);
        assert_eq!(values["lampen"], "14");
        assert!(!values.contains_key("kleur"), "nothing to watch: no value");
    }
}
