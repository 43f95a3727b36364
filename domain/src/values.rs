//! The value model of a registration: how a filled-in value looks per element type, and the
//! small helpers every other form module shares (emptiness, numbers, subform numbering).
//!
//! The model is recorded in `ops/decisions/006-form-values-and-rules.md`. The web app has a
//! twin of these helpers in `web/src/lib/form-logic/values.ts`; both run
//! `domain/testdata/values.json`.

use serde_json::{Map, Value};

/// Key every subform entry carries: its 1-based position, set by [`renumber_subform`].
pub const SUBFORM_INDEX: &str = "subform_index";

/// Parses a number the way a Dutch user types it: `3,5` and `3.5` are both 3.5.
///
/// Only plain decimal notation is accepted (optional sign, digits, one separator), so
/// thousands separators (`1.000,50`) and exponents (`1e5`) are rejected rather than guessed.
pub fn normalize_decimal(raw: &str) -> Option<f64> {
    let text = raw.trim().replace(',', ".");
    let unsigned = text.strip_prefix(['+', '-']).unwrap_or(&text);
    let (int_part, frac_part) = match unsigned.split_once('.') {
        Some((int_part, frac_part)) => (int_part, Some(frac_part)),
        None => (unsigned, None),
    };
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    let well_formed = all_digits(int_part)
        && frac_part.is_none_or(all_digits)
        && (!int_part.is_empty() || frac_part.is_some_and(|f| !f.is_empty()));
    if !well_formed {
        return None;
    }
    text.parse::<f64>().ok().filter(|n| n.is_finite())
}

/// True when a value counts as "not filled in": absent, null, a blank string, an empty list,
/// an empty object or `false` (an unticked checkbox). Numbers are never empty, so 0 is an
/// answer.
pub fn is_empty_value(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => true,
        Some(Value::String(text)) => text.trim().is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::Object(map)) => map.is_empty(),
        Some(Value::Bool(flag)) => !flag,
        Some(Value::Number(_)) => false,
    }
}

/// The numeric reading of a value: a JSON number, or a string in [`normalize_decimal`]
/// notation (older clients send numbers as text).
pub fn numeric_value(value: Option<&Value>) -> Option<f64> {
    match value {
        Some(Value::Number(number)) => number.as_f64(),
        Some(Value::String(text)) => normalize_decimal(text),
        _ => None,
    }
}

/// Gives every object entry its 1-based `subform_index` by position; anything that is not an
/// object cannot be an entry and is dropped.
pub fn renumber_subform(entries: &[Value]) -> Vec<Value> {
    entries
        .iter()
        .filter_map(Value::as_object)
        .enumerate()
        .map(|(position, entry)| {
            let mut entry = entry.clone();
            entry.insert(SUBFORM_INDEX.to_owned(), Value::from(position + 1));
            Value::Object(entry)
        })
        .collect()
}

/// A JSON number for `n`, written as an integer when it is one, as JavaScript does, so
/// values produced here compare equal to values produced by the web app.
pub fn number_value(n: f64) -> Value {
    const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;
    if n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER {
        // Exact: the value is integral and within the range an i64 holds without loss.
        Value::from(n as i64)
    } else {
        Value::from(n)
    }
}

/// Shortest text that reads back as `n`, with a dot and never an exponent (JavaScript's
/// `String(n)` for ordinary magnitudes). `-0` is written as `0`.
pub fn format_number_plain(n: f64) -> String {
    if n == 0.0 {
        return "0".to_owned();
    }
    format!("{n}")
}

/// Rounds to 2 decimals, half away from zero. A product like `1.005 * 100` lands just below
/// the half in binary; values within a relative 1e-9 of a half count as the half, so what
/// the user typed as 1.005 becomes 1.01 as they expect.
pub fn round2(x: f64) -> f64 {
    if !x.is_finite() {
        return x;
    }
    let scaled = x.abs() * 100.0;
    let floor = scaled.floor();
    let tie = floor + 0.5;
    let rounded = if (scaled - tie).abs() <= 1e-9 * scaled.max(1.0) {
        floor + 1.0
    } else {
        scaled.round()
    };
    let result = rounded / 100.0 * x.signum();
    if result == 0.0 { 0.0 } else { result }
}

/// Selected datasource items of a map or search value: one object or a list of them.
pub fn selected_items(value: Option<&Value>) -> Vec<&Map<String, Value>> {
    match value {
        Some(Value::Object(item)) => vec![item],
        Some(Value::Array(items)) => items.iter().filter_map(Value::as_object).collect(),
        _ => Vec::new(),
    }
}

/// One property of a selected datasource item: `name`, `status`, `id` or a data column
/// (`data.{column}`), as text.
pub fn item_property(item: &Map<String, Value>, property: &str) -> String {
    let found = match property {
        "name" | "status" | "id" => item.get(property),
        column => item
            .get("data")
            .and_then(Value::as_object)
            .and_then(|data| data.get(column)),
    };
    found.map(raw_text).unwrap_or_default()
}

/// The raw text of a value: strings as they are, numbers in plain notation with a dot,
/// booleans as `true`/`false`, lists item by item joined with `, `, objects by their `name`
/// or `filename`. Used wherever a value is compared or shown without formatting.
pub fn raw_text(value: &Value) -> String {
    match value {
        Value::Null => String::new(),
        Value::String(text) => text.clone(),
        Value::Number(number) => number.as_f64().map(format_number_plain).unwrap_or_default(),
        Value::Bool(flag) => flag.to_string(),
        Value::Array(items) => items
            .iter()
            .map(raw_text)
            .filter(|text| !text.is_empty())
            .collect::<Vec<_>>()
            .join(", "),
        Value::Object(map) => map
            .get("name")
            .or_else(|| map.get("filename"))
            .map(raw_text)
            .unwrap_or_default(),
    }
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(tag = "kind", rename_all = "camelCase")]
    enum Case {
        NormalizeDecimal {
            name: String,
            input: String,
            expected: Option<f64>,
        },
        RenumberSubform {
            name: String,
            input: Vec<Value>,
            expected: Vec<Value>,
        },
        Round2 {
            name: String,
            input: f64,
            expected: f64,
        },
    }

    #[test]
    fn shared_vectors() {
        crate::vectors::run(
            include_str!("../testdata/values.json"),
            |case: &Case, failures: &mut Vec<String>| match case {
                Case::NormalizeDecimal {
                    name,
                    input,
                    expected,
                } => {
                    let got = normalize_decimal(input);
                    if got != *expected {
                        failures.push(format!("{name}: got {got:?}, expected {expected:?}"));
                    }
                }
                Case::RenumberSubform {
                    name,
                    input,
                    expected,
                } => {
                    let got = renumber_subform(input);
                    if got != *expected {
                        failures.push(format!("{name}: got {got:?}"));
                    }
                }
                Case::Round2 {
                    name,
                    input,
                    expected,
                } => {
                    let got = round2(*input);
                    if got != *expected {
                        failures.push(format!("{name}: got {got}, expected {expected}"));
                    }
                }
            },
        );
    }

    #[test]
    fn numbers_are_written_like_javascript() {
        assert_eq!(number_value(3.0), Value::from(3));
        assert_eq!(number_value(3.5), Value::from(3.5));
        assert_eq!(format_number_plain(-0.0), "0");
        assert_eq!(format_number_plain(0.1 + 0.2), "0.30000000000000004");
        assert_eq!(format_number_plain(12.0), "12");
    }

    #[test]
    fn emptiness() {
        assert!(is_empty_value(None));
        assert!(is_empty_value(Some(&Value::from("  "))));
        assert!(is_empty_value(Some(&Value::from(false))));
        assert!(!is_empty_value(Some(&Value::from(0))));
        assert!(!is_empty_value(Some(&serde_json::json!(["a"]))));
    }
}
