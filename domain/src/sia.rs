//! A registration as a signal of the Signalen (SIA) API, for the `sia-signal-create`
//! integration: the shape of `POST /signals/v1/public/signals/` (text, location geometry,
//! category, reporter, incident date, source, extra properties). Which element gives what
//! is read from the form: the first location (gps) is the place, the first e-mail field the
//! reporter, the first long text (or else every answer) the text.

use crate::document::{Block, auto_text};
use crate::form::{Element, ElementType};
use serde_json::{Map, Value, json};

/// What a signal says it came from.
pub const SOURCE: &str = "eform";
/// Signalen refuses a text longer than this.
const MAX_TEXT: usize = 3000;

/// What a signal is made of besides the form's elements.
#[derive(Debug, Clone, Copy)]
pub struct Facts<'a> {
    /// RFC 3339, when the registration was made.
    pub incident_date: &'a str,
    /// The integration's category (`sia_category`: a sub-category URL), if set.
    pub category: Option<&'a str>,
}

/// The signal of a registration.
pub fn signal(
    schema: &[Element],
    values: &Map<String, Value>,
    blocks: &[Block],
    facts: Facts<'_>,
) -> Value {
    let first_value = |kind: ElementType| {
        schema
            .iter()
            .filter(|e| e.element_type == kind)
            .find_map(|e| values.get(&e.name).filter(|v| !v.is_null()))
    };
    let text = first_value(ElementType::Textarea)
        .and_then(Value::as_str)
        .filter(|text| !text.trim().is_empty())
        .map_or_else(|| auto_text(blocks), |text| text.trim().to_owned());
    let mut signal = Map::new();
    signal.insert(
        "text".into(),
        json!(text.chars().take(MAX_TEXT).collect::<String>()),
    );
    let point = first_value(ElementType::Gps).and_then(|gps| {
        let number = |key: &str| gps.get(key).and_then(Value::as_f64);
        Some((number("lon")?, number("lat")?))
    });
    if let Some((lon, lat)) = point {
        signal.insert(
            "location".into(),
            json!({"geometrie": {"type": "Point", "coordinates": [lon, lat]}}),
        );
    }
    if let Some(category) = facts.category.filter(|c| !c.trim().is_empty()) {
        signal.insert("category".into(), json!({"sub_category": category.trim()}));
    }
    let email = first_value(ElementType::Email)
        .and_then(Value::as_str)
        .unwrap_or_default();
    signal.insert(
        "reporter".into(),
        json!({"email": email, "sharing_allowed": false}),
    );
    signal.insert("incident_date_start".into(), json!(facts.incident_date));
    signal.insert("source".into(), json!(SOURCE));
    let extra: Vec<Value> = blocks
        .iter()
        .filter_map(|block| match block {
            Block::Field { label, text } => {
                Some(json!({"id": label, "label": label, "answer": text}))
            }
            _ => None,
        })
        .collect();
    signal.insert("extra_properties".into(), Value::Array(extra));
    Value::Object(signal)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::layout;

    #[test]
    fn a_registration_becomes_a_signal_with_place_reporter_and_answers() {
        let schema: Vec<Element> = serde_json::from_value(json!([
            {"elementType": "textarea", "name": "omschrijving", "label": "Omschrijving"},
            {"elementType": "gps", "name": "plek", "label": "Plek"},
            {"elementType": "email", "name": "melder", "label": "Uw e-mail"}
        ]))
        .unwrap();
        let values = json!({"omschrijving": "Lamp kapot", "plek": {"lat": 52.15517, "lon": 5.3872, "accuracy": 8},
                            "melder": "jan@example.nl"});
        let values = values.as_object().unwrap();
        let blocks = layout(&schema, values, true);
        let facts = Facts {
            incident_date: "2026-11-25T13:07:00Z",
            category: Some(
                "https://api.example.nl/signals/v1/public/terms/categories/afval/sub_categories/grofvuil",
            ),
        };
        let signal = signal(&schema, values, &blocks, facts);
        assert_eq!(
            signal["location"]["geometrie"]["coordinates"],
            json!([5.3872, 52.15517])
        );
        assert_eq!(signal["reporter"]["email"], "jan@example.nl");
        assert_eq!(signal["source"], SOURCE);
        assert_eq!(signal["incident_date_start"], "2026-11-25T13:07:00Z");
        assert!(
            signal["category"]["sub_category"]
                .as_str()
                .unwrap()
                .ends_with("grofvuil")
        );
        assert_eq!(signal["text"], "Lamp kapot");
        assert_eq!(signal["extra_properties"][0]["answer"], "Lamp kapot");
        let blocks = [Block::Field {
            label: "Soort".into(),
            text: "Lamp".into(),
        }];
        let without = super::signal(
            &schema,
            &Map::new(),
            &blocks,
            Facts {
                category: None,
                ..facts
            },
        );
        assert_eq!(without["text"], "Soort: Lamp");
        assert!(without.get("location").is_none() && without.get("category").is_none());
    }
}
