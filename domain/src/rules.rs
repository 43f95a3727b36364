//! The rule engine: which elements are hidden or visually hidden, and which values rules set.
//!
//! Semantics (the specification names operators and actions only; the rest is recorded in
//! `ops/decisions/006-form-values-and-rules.md`):
//! - Rules run once, in order. A condition reads the values as they are at that moment, so
//!   it sees what earlier `set` actions wrote.
//! - An element that is the target of any `show` action is hidden unless at least one of
//!   those rules holds; a holding `hide` rule hides it, and hide wins over show.
//! - `visually_hidden` hides an element from view while it keeps its value and validation;
//!   the element's own `visuallyHidden` flag has the same effect.
//! - `set` writes the token-rendered value, converted to the target's type.
//! - Problems in the rules (unknown element, operator not allowed for the type, ...) are
//!   returned in `errors`; the condition they occur in does not hold.
//! - Rules whose `ruleForm` is a subform (and the subform's own rules) run inside every
//!   entry against that entry's values; their states are keyed `subform.N.field`.
//!
//! Twin: `web/src/lib/form-logic/rules.ts`; both run `domain/testdata/rules.json`.

use crate::form::{Condition, Element, ElementType, Form, Rule};
use crate::messages;
use crate::tokens::{RegistrationMeta, RenderMode, TokenContext, render_tokens};
use crate::values::{
    is_empty_value, item_property, normalize_decimal, number_value, numeric_value, raw_text,
    selected_items,
};
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::{BTreeMap, HashSet};

/// Name of the pseudo element that holds the workflow phase of the registration.
pub const REGISTRATION_PHASE: &str = "registration_phase";

const NUMERIC_OPERATORS: &[&str] = &["=", "!", ">", ">=", "<", "<=", "empty", "!empty"];
const CHECKBOX_OPERATORS: &[&str] = &["empty", "!empty"];
const MULTIPLE_OPERATORS: &[&str] = &["=", "!", "empty", "!empty", "contains", "!contains"];
const TEXT_OPERATORS: &[&str] = &[
    "str_equals",
    "starts_with",
    "ends_with",
    "includes",
    "empty",
    "!empty",
];
const OTHER_OPERATORS: &[&str] = &["=", "!", "empty", "!empty"];

/// The operators a condition on an element of this type may use (spec, document 000
/// section 5), in the order the rules editor offers them. `element_type` is a stored type
/// name or `registration_phase`; unknown names get the operators of "all other types".
pub fn operators_for(element_type: &str) -> &'static [&'static str] {
    match OperatorGroup::of(element_type) {
        OperatorGroup::Numeric => NUMERIC_OPERATORS,
        OperatorGroup::Checkbox => CHECKBOX_OPERATORS,
        OperatorGroup::Multiple => MULTIPLE_OPERATORS,
        OperatorGroup::Text => TEXT_OPERATORS,
        OperatorGroup::Other => OTHER_OPERATORS,
    }
}

/// The groups of element types that share operators and comparison rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OperatorGroup {
    Numeric,
    Checkbox,
    Multiple,
    Text,
    Other,
}

impl OperatorGroup {
    fn of(element_type: &str) -> OperatorGroup {
        match element_type {
            "number" | "decimal" | "calculation" | "autoIncrement" | REGISTRATION_PHASE => {
                OperatorGroup::Numeric
            }
            "checkbox_single" => OperatorGroup::Checkbox,
            "checkbox_multiple" => OperatorGroup::Multiple,
            "text" | "textarea" | "email" | "map" | "search" => OperatorGroup::Text,
            _ => OperatorGroup::Other,
        }
    }
}

/// An action of a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActionMethod {
    /// Hidden unless a showing rule holds.
    Show,
    /// Hidden while the rule holds.
    Hide,
    /// Out of view while the rule holds; value and validation stay.
    VisuallyHidden,
    /// Writes a value while the rule holds.
    Set,
}

impl ActionMethod {
    /// Reads a stored method name.
    pub fn parse(raw: &str) -> Option<ActionMethod> {
        match raw {
            "show" => Some(ActionMethod::Show),
            "hide" => Some(ActionMethod::Hide),
            "visually_hidden" => Some(ActionMethod::VisuallyHidden),
            "set" => Some(ActionMethod::Set),
            _ => None,
        }
    }
}

/// How a condition group joins its conditions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GroupMethod {
    /// Every condition holds.
    And,
    /// At least one condition holds.
    Or,
}

/// Reads a group method, case-insensitively (the map feature actions store `and`/`or`).
pub fn group_method(raw: &str) -> Option<GroupMethod> {
    match raw.to_ascii_uppercase().as_str() {
        "AND" => Some(GroupMethod::And),
        "OR" => Some(GroupMethod::Or),
        _ => None,
    }
}

/// True for a condition of type `dataValue` (the only type; empty means `dataValue`).
pub fn is_data_value_condition(condition: &Condition) -> bool {
    condition.condition_type.is_empty() || condition.condition_type == "dataValue"
}

/// How an element is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ElementState {
    /// Not shown, not validated, and its value is not stored.
    pub hidden: bool,
    /// Not shown, but kept and validated.
    pub visually_hidden: bool,
}

/// What the rules decided.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct RuleOutcome {
    /// Per element name (`subform.N.field` inside subform entry N).
    pub states: BTreeMap<String, ElementState>,
    /// The values after `set` actions.
    pub values: Map<String, Value>,
    /// Problems in the rules, each reported once.
    pub errors: Vec<String>,
}

impl RuleOutcome {
    /// True when the element at this key (`name` or `subform.N.field`) is hidden by a rule.
    pub fn is_hidden(&self, key: &str) -> bool {
        self.states.get(key).is_some_and(|state| state.hidden)
    }
}

/// Evaluates a form's rules against its current values. Takes the values, which `set`
/// actions change and the outcome hands back: a caller that needs its own keeps a copy, and
/// a send, which goes on with the rules' values, makes none.
pub fn evaluate_rules(
    form: &Form,
    values: Map<String, Value>,
    registration: &RegistrationMeta,
) -> RuleOutcome {
    // `values` is filled in at the end, from the values the rules worked on.
    let mut outcome = RuleOutcome::default();
    let mut errors = Vec::new();
    let main_rules: Vec<&Rule> = form
        .rules
        .iter()
        .filter(|rule| rule.is_main_form())
        .collect();
    let mut main_values = values;
    evaluate_level(
        &form.schema,
        &main_rules,
        &mut main_values,
        registration,
        "",
        &mut outcome.states,
        &mut errors,
    );

    for rule in form.rules.iter().filter(|rule| !rule.is_main_form()) {
        let known = form
            .element(&rule.rule_form)
            .is_some_and(|e| e.element_type == ElementType::Subform);
        if !known {
            errors.push(messages::rule_unknown_subform(
                &rule.rule_name,
                &rule.rule_form,
            ));
        }
    }
    for subform in form
        .schema
        .iter()
        .filter(|e| e.element_type == ElementType::Subform)
    {
        let rules = form.rules_for_subform(subform);
        let Some(Value::Array(entries)) = main_values.get_mut(&subform.name) else {
            continue;
        };
        for (position, entry) in entries.iter_mut().enumerate() {
            let Value::Object(entry_values) = entry else {
                continue;
            };
            let prefix = format!("{}.{}.", subform.name, position + 1);
            evaluate_level(
                subform.subform_schema(),
                &rules,
                entry_values,
                registration,
                &prefix,
                &mut outcome.states,
                &mut errors,
            );
        }
    }
    outcome.values = main_values;
    let mut seen = HashSet::new();
    outcome.errors = errors
        .into_iter()
        .filter(|error| seen.insert(error.clone()))
        .collect();
    outcome
}

/// Runs `rules` on one level (the main form or one subform entry) and records the states of
/// its elements under `prefix`.
fn evaluate_level(
    schema: &[Element],
    rules: &[&Rule],
    values: &mut Map<String, Value>,
    registration: &RegistrationMeta,
    prefix: &str,
    states: &mut BTreeMap<String, ElementState>,
    errors: &mut Vec<String>,
) {
    let find = |name: &str| schema.iter().find(|element| element.name == name);
    let mut show_targets = HashSet::new();
    let mut shown = HashSet::new();
    let mut hidden = HashSet::new();
    let mut visually_hidden = HashSet::new();

    for rule in rules {
        let holds = rule_holds(rule, schema, values, registration, errors);
        for action in &rule.actions {
            let Some(method) = ActionMethod::parse(&action.method) else {
                errors.push(messages::rule_unknown_action(
                    &rule.rule_name,
                    &action.method,
                ));
                continue;
            };
            let Some(target) = find(&action.data_name) else {
                errors.push(messages::rule_unknown_element(
                    &rule.rule_name,
                    &action.data_name,
                ));
                continue;
            };
            match method {
                ActionMethod::Show => {
                    show_targets.insert(target.name.as_str());
                    if holds {
                        shown.insert(target.name.as_str());
                    }
                }
                ActionMethod::Hide if holds => {
                    hidden.insert(target.name.as_str());
                }
                ActionMethod::VisuallyHidden if holds => {
                    visually_hidden.insert(target.name.as_str());
                }
                ActionMethod::Set => {
                    if !target.element_type.is_settable() {
                        errors.push(messages::rule_set_not_allowed(
                            &rule.rule_name,
                            &target.name,
                            target.element_type.as_str(),
                        ));
                    } else if holds {
                        let ctx = TokenContext {
                            schema,
                            values,
                            registration,
                        };
                        let text = value_text(action.value.as_ref(), &ctx);
                        match converted(target.element_type, &text) {
                            Some(value) => {
                                values.insert(target.name.clone(), value);
                            }
                            None => errors.push(messages::rule_set_not_a_number(
                                &rule.rule_name,
                                &target.name,
                                &text,
                            )),
                        }
                    }
                }
                ActionMethod::Hide | ActionMethod::VisuallyHidden => {}
            }
        }
    }

    for element in schema {
        let name = element.name.as_str();
        let state = ElementState {
            hidden: (show_targets.contains(name) && !shown.contains(name)) || hidden.contains(name),
            visually_hidden: element.visually_hidden || visually_hidden.contains(name),
        };
        states.insert(format!("{prefix}{name}"), state);
    }
}

fn rule_holds(
    rule: &Rule,
    schema: &[Element],
    values: &Map<String, Value>,
    registration: &RegistrationMeta,
    errors: &mut Vec<String>,
) -> bool {
    let group = &rule.condition_group;
    // Every condition is evaluated (no short-circuit) so that every error is reported.
    let results: Vec<bool> = group
        .conditions
        .iter()
        .map(|condition| condition_holds(rule, condition, schema, values, registration, errors))
        .collect();
    match group_method(&group.method) {
        // A rule without conditions never holds: the editor requires at least one, and
        // an empty AND firing always would be a surprise.
        _ if results.is_empty() => false,
        Some(GroupMethod::And) => results.iter().all(|r| *r),
        Some(GroupMethod::Or) => results.iter().any(|r| *r),
        None => {
            errors.push(messages::rule_unknown_method(
                &rule.rule_name,
                &group.method,
            ));
            false
        }
    }
}

fn condition_holds(
    rule: &Rule,
    condition: &Condition,
    schema: &[Element],
    values: &Map<String, Value>,
    registration: &RegistrationMeta,
    errors: &mut Vec<String>,
) -> bool {
    let rule_name = &rule.rule_name;
    if !is_data_value_condition(condition) {
        errors.push(messages::rule_unknown_condition_type(
            rule_name,
            &condition.condition_type,
        ));
        return false;
    }
    let name = condition.data_name.as_str();
    let phase_value;
    let (type_name, value) = match schema.iter().find(|element| element.name == name) {
        Some(element) => (element.element_type.as_str(), values.get(name)),
        None if name == REGISTRATION_PHASE => {
            phase_value = registration.phase.clone().map(Value::String);
            (REGISTRATION_PHASE, phase_value.as_ref())
        }
        None => {
            errors.push(messages::rule_unknown_element(rule_name, name));
            return false;
        }
    };
    let operator = condition.operator.as_str();
    if !operators_for(type_name).contains(&operator) {
        errors.push(messages::rule_operator_not_allowed(
            rule_name, operator, name, type_name,
        ));
        return false;
    }
    let ctx = TokenContext {
        schema,
        values,
        registration,
    };
    let expected = value_text(Some(&condition.value), &ctx);
    let expected = expected.trim();
    let element_empty = is_empty_value(value);
    match operator {
        "empty" => return element_empty,
        "!empty" => return !element_empty,
        _ => {}
    }
    // Spec: "if both the element value and the token value are empty the condition is true".
    if element_empty && expected.is_empty() {
        return true;
    }
    match OperatorGroup::of(type_name) {
        OperatorGroup::Numeric => {
            compare_numbers(operator, numeric_value(value), normalize_decimal(expected))
        }
        OperatorGroup::Multiple => compare_sets(operator, value, expected),
        OperatorGroup::Text => {
            let actual = match type_name {
                "map" | "search" => {
                    let property = condition
                        .datasource_property_name
                        .as_deref()
                        .unwrap_or("name");
                    selected_items(value)
                        .into_iter()
                        .map(|item| item_property(item, property))
                        .collect::<Vec<_>>()
                        .join(", ")
                }
                _ => value.map(raw_text).unwrap_or_default(),
            };
            compare_texts(operator, &actual, expected)
        }
        // Checkbox operators are only empty/!empty, handled above.
        OperatorGroup::Checkbox | OperatorGroup::Other => {
            let actual = value.map(raw_text).unwrap_or_default();
            let equal = actual.trim() == expected;
            if operator == "=" { equal } else { !equal }
        }
    }
}

/// Numbers compare only when both sides are numbers; otherwise only `!` holds.
fn compare_numbers(operator: &str, actual: Option<f64>, expected: Option<f64>) -> bool {
    let (Some(a), Some(b)) = (actual, expected) else {
        return operator == "!";
    };
    match operator {
        "=" => a == b,
        "!" => a != b,
        ">" => a > b,
        ">=" => a >= b,
        "<" => a < b,
        "<=" => a <= b,
        _ => false,
    }
}

/// `=` compares the selected set with the comma-separated set; `contains` holds when every
/// listed value is selected.
fn compare_sets(operator: &str, value: Option<&Value>, expected: &str) -> bool {
    let selected: HashSet<String> = match value {
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| raw_text(item).trim().to_owned())
            .collect(),
        Some(other) if !is_empty_value(Some(other)) => {
            HashSet::from([raw_text(other).trim().to_owned()])
        }
        _ => HashSet::new(),
    };
    let wanted: HashSet<String> = expected
        .split(',')
        .map(str::trim)
        .filter(|part| !part.is_empty())
        .map(str::to_owned)
        .collect();
    match operator {
        "=" => selected == wanted,
        "!" => selected != wanted,
        "contains" => wanted.is_subset(&selected),
        "!contains" => !wanted.is_subset(&selected),
        _ => false,
    }
}

fn compare_texts(operator: &str, actual: &str, expected: &str) -> bool {
    let actual = actual.trim().to_lowercase();
    let expected = expected.to_lowercase();
    match operator {
        "str_equals" => actual == expected,
        "starts_with" => actual.starts_with(&expected),
        "ends_with" => actual.ends_with(&expected),
        "includes" => actual.contains(&expected),
        _ => false,
    }
}

/// A condition or action value as text, with its tokens rendered.
fn value_text(value: Option<&Value>, ctx: &TokenContext<'_>) -> String {
    match value {
        Some(Value::String(text)) => render_tokens(text, ctx, RenderMode::Text),
        Some(other) => raw_text(other),
        None => String::new(),
    }
}

/// The value a `set` writes, typed for its target; `None` when a number was expected.
fn converted(element_type: ElementType, text: &str) -> Option<Value> {
    let trimmed = text.trim();
    Some(match element_type {
        ElementType::Number | ElementType::Decimal => {
            if trimmed.is_empty() {
                Value::Null
            } else {
                number_value(normalize_decimal(trimmed)?)
            }
        }
        ElementType::CheckboxSingle => Value::Bool(matches!(
            trimmed.to_lowercase().as_str(),
            "true" | "1" | "ja" | "yes" | "on"
        )),
        ElementType::CheckboxMultiple => Value::Array(
            trimmed
                .split(',')
                .map(str::trim)
                .filter(|part| !part.is_empty())
                .map(|part| Value::String(part.to_owned()))
                .collect(),
        ),
        _ => Value::String(text.to_owned()),
    })
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Expected {
        #[serde(default)]
        hidden: Vec<String>,
        #[serde(default)]
        visually_hidden: Vec<String>,
        #[serde(default)]
        values: Option<Map<String, Value>>,
        #[serde(default)]
        errors: Vec<String>,
    }

    #[derive(Deserialize)]
    #[serde(untagged)]
    #[allow(clippy::large_enum_variant)] // test input, read once
    enum Case {
        Operators {
            name: String,
            #[serde(rename = "operatorsFor")]
            operators_for: String,
            expected: Vec<String>,
        },
        Evaluate {
            name: String,
            schema: Value,
            rules: Value,
            #[serde(default)]
            values: Map<String, Value>,
            #[serde(default)]
            registration: RegistrationMeta,
            expected: Expected,
        },
    }

    /// Numbers compare by value: 3 and 3.0 are one number, as in JavaScript.
    fn same(a: &Value, b: &Value) -> bool {
        match (a, b) {
            (Value::Number(x), Value::Number(y)) => x.as_f64() == y.as_f64(),
            (Value::Array(x), Value::Array(y)) => {
                x.len() == y.len() && x.iter().zip(y).all(|(a, b)| same(a, b))
            }
            (Value::Object(x), Value::Object(y)) => {
                x.len() == y.len() && x.iter().all(|(k, v)| y.get(k).is_some_and(|w| same(v, w)))
            }
            _ => a == b,
        }
    }

    #[test]
    fn shared_vectors() {
        crate::vectors::run(
            include_str!("../testdata/rules.json"),
            |case: &Case, failures: &mut Vec<String>| match case {
                Case::Operators {
                    name,
                    operators_for: element_type,
                    expected,
                } => {
                    let got = operators_for(element_type);
                    if got != expected.as_slice() {
                        failures.push(format!("{name}: got {got:?}"));
                    }
                }
                Case::Evaluate {
                    name,
                    schema,
                    rules,
                    values,
                    registration,
                    expected,
                } => {
                    let form = match Form::from_json(schema, rules) {
                        Ok(form) => form,
                        Err(errors) => {
                            failures.push(format!("{name}: form {errors:?}"));
                            return;
                        }
                    };
                    let outcome = evaluate_rules(&form, values.clone(), registration);
                    let mut problems = Vec::new();
                    let keys = |pick: fn(&ElementState) -> bool| {
                        outcome
                            .states
                            .iter()
                            .filter(|(_, s)| pick(s))
                            .map(|(k, _)| k.clone())
                            .collect::<Vec<_>>()
                    };
                    let mut want_hidden = expected.hidden.clone();
                    want_hidden.sort();
                    let mut want_vh = expected.visually_hidden.clone();
                    want_vh.sort();
                    if keys(|s| s.hidden) != want_hidden {
                        problems.push(format!("hidden {:?}", keys(|s| s.hidden)));
                    }
                    if keys(|s| s.visually_hidden) != want_vh {
                        problems.push(format!("visuallyHidden {:?}", keys(|s| s.visually_hidden)));
                    }
                    let want_values = expected.values.as_ref().unwrap_or(values);
                    if !same(
                        &Value::Object(outcome.values.clone()),
                        &Value::Object(want_values.clone()),
                    ) {
                        problems.push(format!("values {}", Value::Object(outcome.values.clone())));
                    }
                    if outcome.errors != expected.errors {
                        problems.push(format!("errors {:?}", outcome.errors));
                    }
                    if !problems.is_empty() {
                        failures.push(format!("{name}: {}", problems.join("; ")));
                    }
                }
            },
        );
    }

    #[test]
    fn every_element_type_has_operators() {
        for element_type in ElementType::ALL {
            let operators = operators_for(element_type.as_str());
            assert!(operators.contains(&"empty") && operators.contains(&"!empty"));
        }
    }
}
