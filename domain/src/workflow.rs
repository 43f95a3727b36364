//! Workflow forms (document 000 section 4, document 001 sections 4 and 9): a registration
//! goes through phases 1 to 9. Which elements a phase shows is decided by the form's rules on
//! `registration_phase`; the one stateTransition element a phase shows says where sending
//! takes the registration (`next_phase`) and to whom (`assign_to_user`, '0' for nobody). A
//! phase without one makes sending final.
//!
//! What a sender may change: the elements the current phase shows. The answers of other
//! phases stay as they were stored, whatever a device sends for them.

use crate::form::{Element, ElementType, Form};
use crate::messages;
use crate::rules::evaluate_rules;
use crate::submission::{FieldError, validate_submission};
use crate::tokens::RegistrationMeta;
use serde_json::{Map, Value};

/// The phases a workflow has at most.
pub const MAX_PHASE: u8 = 9;

/// Where sending in a phase takes a registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transition {
    /// The stateTransition element that says so.
    pub element: String,
    /// '2' to '9' (or '1').
    pub next_phase: String,
    /// The user the registration is handed to; None for nobody (anyone who may fill in the
    /// form can take it up).
    pub assign_to: Option<String>,
}

/// A phase as written ('1' to '9'), or None.
pub fn parse_phase(raw: &Value) -> Option<String> {
    let number = match raw {
        Value::String(text) => text.trim().parse::<u8>().ok()?,
        Value::Number(n) => u8::try_from(n.as_u64()?).ok()?,
        _ => return None,
    };
    (1..=MAX_PHASE)
        .contains(&number)
        .then(|| number.to_string())
}

impl Transition {
    /// The transition an element describes; None when it names no phase ('0' or unset).
    pub fn of(element: &Element) -> Option<Transition> {
        if element.element_type != ElementType::StateTransition {
            return None;
        }
        let next_phase = element.extra.get("next_phase").and_then(parse_phase)?;
        let assign_to = match element.extra.get("assign_to_user") {
            Some(Value::String(user)) if !user.trim().is_empty() && user.trim() != "0" => {
                Some(user.trim().to_owned())
            }
            Some(Value::Number(n)) if n.as_i64() != Some(0) => Some(n.to_string()),
            _ => None,
        };
        Some(Transition {
            element: element.name.clone(),
            next_phase,
            assign_to,
        })
    }
}

/// The transition of the phase in `meta` for these (validated) values: the stateTransition
/// element the rules show there. More than one shown is a form the builder warned about
/// (document 001 section 4); it is refused rather than guessed.
pub fn transition(
    form: &Form,
    values: &Map<String, Value>,
    meta: &RegistrationMeta,
) -> Result<Option<Transition>, FieldError> {
    let outcome = evaluate_rules(form, values.clone(), meta);
    let shown: Vec<Transition> = form
        .schema
        .iter()
        .filter(|element| !outcome.is_hidden(&element.name))
        .filter_map(Transition::of)
        .collect();
    match shown.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.clone())),
        [first, ..] => Err(FieldError {
            field: first.element.clone(),
            message: messages::WORKFLOW_TWO_TRANSITIONS.to_owned(),
        }),
    }
}

/// What the device may have sent for a stateTransition element: nothing, or exactly what the
/// element says. A device that claims another move is refused (the move is the form's).
pub fn check_claimed(
    submitted: &Map<String, Value>,
    transition: Option<&Transition>,
    form: &Form,
) -> Result<(), FieldError> {
    for element in form
        .schema
        .iter()
        .filter(|e| e.element_type == ElementType::StateTransition)
    {
        let Some(claimed) = submitted
            .get(&element.name)
            .filter(|value| !value.is_null())
        else {
            continue;
        };
        let expected = transition.filter(|t| t.element == element.name);
        let claimed_phase = claimed.get("next_phase").and_then(parse_phase);
        let claimed_user = claimed.get("assign_to_user").map(|user| match user {
            Value::String(text) if text.trim() == "0" || text.trim().is_empty() => None,
            Value::String(text) => Some(text.trim().to_owned()),
            Value::Number(n) if n.as_i64() == Some(0) => None,
            Value::Number(n) => Some(n.to_string()),
            _ => None,
        });
        let matches = match expected {
            Some(t) => {
                claimed_phase.is_none_or(|p| p == t.next_phase)
                    && claimed_user.is_none_or(|u| u == t.assign_to)
            }
            None => claimed_phase.is_none(),
        };
        if !matches {
            return Err(FieldError {
                field: element.name.clone(),
                message: messages::WORKFLOW_MOVE_REFUSED.to_owned(),
            });
        }
    }
    Ok(())
}

/// The values of a registration continued in the phase of `meta`: the elements this phase
/// shows take what was sent (absent means emptied), every other answer stays as stored.
/// Checked like a new send for this phase.
pub fn continue_values(
    form: &Form,
    stored: &Map<String, Value>,
    submitted: &Map<String, Value>,
    meta: &RegistrationMeta,
) -> Result<Map<String, Value>, Vec<FieldError>> {
    let shown = |values: &Map<String, Value>| {
        let outcome = evaluate_rules(form, values.clone(), meta);
        form.schema
            .iter()
            .filter(|element| takes_input(element) && !outcome.is_hidden(&element.name))
            .map(|element| element.name.clone())
            .collect::<Vec<String>>()
    };
    // What this phase shows is judged on the answers as they will be: stored ones with
    // this phase's overlaid.
    let mut input = stored.clone();
    for name in shown(stored) {
        match submitted.get(&name) {
            Some(value) => input.insert(name, value.clone()),
            None => input.remove(&name),
        };
    }
    let mut values = validate_submission(form, &input, meta)?;
    let editable = shown(&values);
    for (name, value) in stored {
        if !values.contains_key(name) && !editable.contains(name) {
            values.insert(name.clone(), value.clone());
        }
    }
    Ok(values)
}

/// Elements whose value a sender gives (not layout, not what the server computes).
fn takes_input(element: &Element) -> bool {
    !element.element_type.is_layout()
        && !matches!(
            element.element_type,
            ElementType::Calculation | ElementType::AutoIncrement | ElementType::StateTransition
        )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::form::validate_schema;
    use serde_json::json;

    /// A three-phase inspection: phase 1 asks for a description and hands over to the
    /// inspector u-2 in phase 2, who gives a verdict; phase 2 hands over to nobody in
    /// phase 3, which is final.
    fn inspection() -> Form {
        validate_schema(
            &json!([
                { "name": "melding", "label": "Melding", "elementType": "text", "validation": [{ "name": "required" }] },
                { "name": "naar_inspecteur", "label": "Naar inspecteur", "elementType": "stateTransition", "next_phase": "2", "assign_to_user": "u-2" },
                { "name": "oordeel", "label": "Oordeel", "elementType": "text", "validation": [{ "name": "required" }] },
                { "name": "naar_afhandeling", "label": "Afhandelen", "elementType": "stateTransition", "next_phase": 3, "assign_to_user": "0" },
                { "name": "afgehandeld", "label": "Afgehandeld", "elementType": "checkbox_single" }
            ]),
            &json!([
                { "ruleName": "fase 1", "ruleForm": "_none",
                  "condition_group": { "method": "AND", "conditions": [{ "conditionType": "dataValue", "dataName": "registration_phase", "operator": "!", "value": "1" }] },
                  "actions": [{ "method": "hide", "dataName": "naar_inspecteur" }] },
                { "ruleName": "fase 2", "ruleForm": "_none",
                  "condition_group": { "method": "AND", "conditions": [{ "conditionType": "dataValue", "dataName": "registration_phase", "operator": "!", "value": "2" }] },
                  "actions": [{ "method": "hide", "dataName": "oordeel" }, { "method": "hide", "dataName": "naar_afhandeling" }] },
                { "ruleName": "fase 3", "ruleForm": "_none",
                  "condition_group": { "method": "AND", "conditions": [{ "conditionType": "dataValue", "dataName": "registration_phase", "operator": "!", "value": "3" }] },
                  "actions": [{ "method": "hide", "dataName": "afgehandeld" }] },
                { "ruleName": "melding klaar", "ruleForm": "_none",
                  "condition_group": { "method": "AND", "conditions": [{ "conditionType": "dataValue", "dataName": "registration_phase", "operator": "=", "value": "3" }] },
                  "actions": [{ "method": "hide", "dataName": "melding" }] }
            ]),
        )
        .unwrap()
    }

    fn meta(phase: &str) -> RegistrationMeta {
        RegistrationMeta {
            phase: Some(phase.to_owned()),
            ..RegistrationMeta::default()
        }
    }

    fn values(value: Value) -> Map<String, Value> {
        value.as_object().cloned().unwrap()
    }

    #[test]
    fn each_phase_shows_its_own_transition() {
        let form = inspection();
        let first = transition(&form, &Map::new(), &meta("1")).unwrap().unwrap();
        assert_eq!(
            (first.next_phase.as_str(), first.assign_to.as_deref()),
            ("2", Some("u-2"))
        );
        let second = transition(&form, &Map::new(), &meta("2")).unwrap().unwrap();
        assert_eq!((second.next_phase.as_str(), second.assign_to), ("3", None));
        assert_eq!(transition(&form, &Map::new(), &meta("3")).unwrap(), None);
    }

    #[test]
    fn two_transitions_in_one_phase_are_refused() {
        let form = validate_schema(
            &json!([
                { "name": "a", "elementType": "stateTransition", "next_phase": "2" },
                { "name": "b", "elementType": "stateTransition", "next_phase": "3" },
                { "name": "c", "elementType": "stateTransition", "next_phase": "0" }
            ]),
            &json!([]),
        )
        .unwrap();
        assert!(transition(&form, &Map::new(), &meta("1")).is_err());
    }

    #[test]
    fn a_claimed_move_must_be_the_forms() {
        let form = inspection();
        let t = transition(&form, &Map::new(), &meta("1")).unwrap();
        let ok =
            values(json!({ "naar_inspecteur": { "next_phase": "2", "assign_to_user": "u-2" } }));
        assert!(check_claimed(&ok, t.as_ref(), &form).is_ok());
        assert!(check_claimed(&Map::new(), t.as_ref(), &form).is_ok());
        let jump = values(json!({ "naar_inspecteur": { "next_phase": "9" } }));
        assert!(check_claimed(&jump, t.as_ref(), &form).is_err());
        let other_user =
            values(json!({ "naar_inspecteur": { "next_phase": 2, "assign_to_user": "u-9" } }));
        assert!(check_claimed(&other_user, t.as_ref(), &form).is_err());
        // The element of another phase cannot be claimed.
        let wrong_phase = values(json!({ "naar_afhandeling": { "next_phase": "3" } }));
        assert!(check_claimed(&wrong_phase, t.as_ref(), &form).is_err());
    }

    #[test]
    fn a_phase_changes_only_what_it_shows() {
        let form = inspection();
        let stored = values(json!({ "melding": "Lamp kapot" }));
        // Phase 2 shows the description too, so it may correct it.
        let sent = values(json!({ "melding": "Lamp kapot, paal scheef", "oordeel": "Vervangen" }));
        let kept = continue_values(&form, &stored, &sent, &meta("2")).unwrap();
        assert_eq!(
            kept,
            values(json!({ "melding": "Lamp kapot, paal scheef", "oordeel": "Vervangen" }))
        );
        // Its own required field must be there.
        let missing = continue_values(
            &form,
            &stored,
            &values(json!({ "melding": "x" })),
            &meta("2"),
        )
        .unwrap_err();
        assert_eq!(missing[0].field, "oordeel");
        // Phase 3 shows neither the verdict nor the description: what a device sends for
        // them is ignored, and sending only its own answer empties nothing.
        let sent = values(json!({ "afgehandeld": true, "oordeel": "Toch niet", "melding": "" }));
        let done = continue_values(&form, &kept, &sent, &meta("3")).unwrap();
        assert_eq!(
            done,
            values(
                json!({ "melding": "Lamp kapot, paal scheef", "oordeel": "Vervangen", "afgehandeld": true })
            )
        );
    }

    #[test]
    fn phases_are_one_to_nine() {
        for (raw, phase) in [
            (json!("1"), Some("1")),
            (json!(9), Some("9")),
            (json!("0"), None),
            (json!(10), None),
            (json!("x"), None),
        ] {
            assert_eq!(parse_phase(&raw).as_deref(), phase, "{raw}");
        }
    }
}
