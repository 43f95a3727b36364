//! Calculation elements: a formula with `$name$` tokens, evaluated by a small
//! recursive-descent parser (never `eval`).
//!
//! Steps, in this order: the formula's own text (tokens left out, a comma read as a decimal
//! point) may hold only digits, whitespace, `* / + - . ( )` and the power operator (`^` or
//! `**`), else the state is error; any token whose value is empty makes the result
//! incomplete; a token whose value is not a number is an error; then the expression is
//! parsed and the result rounded to 2 decimals. `$subform.field$` is the sum of that field
//! over the subform's entries (empty addends count as 0, no entries sum to 0).
//!
//! Twin: `web/src/lib/form-logic/calc.ts`; both run `domain/testdata/calc.json`.

use crate::form::{Element, ElementType};
use crate::messages;
use crate::values::{format_number_plain, is_empty_value, number_value, numeric_value, round2};
use serde::Serialize;
use serde_json::{Map, Value};

/// Whether a calculation produced a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CalcState {
    /// A number.
    Ok,
    /// A field the formula uses is empty; the UI shows [`messages::CALCULATION_INCOMPLETE`].
    Incomplete,
    /// The formula cannot be computed; the UI shows [`messages::CALCULATION_ERROR`].
    Error,
}

/// Result of a formula: a number only in state ok.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct CalcResult {
    /// Ok, incomplete or error.
    pub state: CalcState,
    /// The result rounded to 2 decimals, in state ok.
    pub value: Option<f64>,
}

impl CalcResult {
    const INCOMPLETE: CalcResult = CalcResult {
        state: CalcState::Incomplete,
        value: None,
    };
    const ERROR: CalcResult = CalcResult {
        state: CalcState::Error,
        value: None,
    };

    /// The text shown instead of a number, or `None` in state ok.
    pub fn message(&self) -> Option<&'static str> {
        match self.state {
            CalcState::Ok => None,
            CalcState::Incomplete => Some(messages::CALCULATION_INCOMPLETE),
            CalcState::Error => Some(messages::CALCULATION_ERROR),
        }
    }
}

/// Evaluates a formula. Tokens are looked up in `scope` (the values of the subform entry the
/// calculation is in) first, and in `values` (the main form) when the entry has no such key.
pub fn evaluate_formula(
    formula: &str,
    values: &Map<String, Value>,
    scope: Option<&Map<String, Value>>,
) -> CalcResult {
    let Some(parts) = split_tokens(formula) else {
        return CalcResult::ERROR;
    };
    let allowed = |c: char| c.is_ascii_digit() || is_space(c) || "*/+-.,()^".contains(c);
    let literal_ok = parts.iter().all(|part| match part {
        Part::Text(text) => text.chars().all(allowed),
        Part::Token(_) => true,
    });
    if !literal_ok || formula.trim().is_empty() {
        return CalcResult::ERROR;
    }
    let mut expression = String::new();
    let mut incomplete = false;
    for part in &parts {
        match part {
            Part::Text(text) => expression.push_str(&text.replace(',', ".")),
            Part::Token(name) => match token_number(name, values, scope) {
                Operand::Number(n) => {
                    // Parentheses keep a negative value one operand: 3 * (-2), 2 ^ (-1).
                    expression.push('(');
                    expression.push_str(&format_number_plain(n));
                    expression.push(')');
                }
                Operand::Empty => incomplete = true,
                Operand::Invalid => return CalcResult::ERROR,
            },
        }
    }
    if incomplete {
        return CalcResult::INCOMPLETE;
    }
    match Parser::new(&expression).parse() {
        Some(n) => CalcResult {
            state: CalcState::Ok,
            value: Some(round2(n)),
        },
        None => CalcResult::ERROR,
    }
}

/// True when a formula can ever compute: only allowed characters outside tokens, tokens
/// well formed, and an expression that parses whatever numbers its tokens hold. Checked when
/// a form is saved, so a formula that would always show 'Fout' never reaches a filler.
pub fn is_well_formed(formula: &str) -> bool {
    let Some(parts) = split_tokens(formula) else {
        return false;
    };
    let allowed = |c: char| c.is_ascii_digit() || is_space(c) || "*/+-.,()^".contains(c);
    let mut expression = String::new();
    for part in &parts {
        match part {
            Part::Text(text) if text.chars().all(allowed) => {
                expression.push_str(&text.replace(',', "."));
            }
            Part::Text(_) => return false,
            Part::Token(_) => expression.push_str("(1)"),
        }
    }
    let mut parser = Parser::new(&expression);
    parser.shape_only = true;
    !formula.trim().is_empty() && parser.parse().is_some()
}

/// Fills every calculation of `schema` into `values` (null when incomplete or in error),
/// subform entries first because a main formula may sum them. Runs until nothing changes,
/// so a calculation may use another one listed after it; the bound stops circular formulas.
pub fn fill_calculations(
    schema: &[Element],
    values: &mut Map<String, Value>,
    parent: Option<&Map<String, Value>>,
) {
    for element in schema
        .iter()
        .filter(|e| e.element_type == ElementType::Subform)
    {
        if let Some(Value::Array(entries)) = values.get(&element.name) {
            let parent_values = values.clone();
            let filled: Vec<Value> = entries
                .iter()
                .map(|entry| match entry {
                    Value::Object(entry_values) => {
                        let mut entry_values = entry_values.clone();
                        fill_calculations(
                            element.subform_schema(),
                            &mut entry_values,
                            Some(&parent_values),
                        );
                        Value::Object(entry_values)
                    }
                    other => other.clone(),
                })
                .collect();
            values.insert(element.name.clone(), Value::Array(filled));
        }
    }
    let calculations: Vec<&Element> = schema
        .iter()
        .filter(|e| e.element_type == ElementType::Calculation)
        .collect();
    for _ in 0..=calculations.len() {
        let mut changed = false;
        for element in &calculations {
            let formula = element.formula.as_deref().unwrap_or_default();
            let result = match parent {
                Some(parent) => evaluate_formula(formula, parent, Some(values)),
                None => evaluate_formula(formula, values, None),
            };
            let new_value = result.value.map_or(Value::Null, number_value);
            if values.get(&element.name) != Some(&new_value) {
                values.insert(element.name.clone(), new_value);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
}

/// Whitespace a formula may hold: spaces, tabs and line breaks.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r')
}

enum Part<'a> {
    Text(&'a str),
    Token(&'a str),
}

/// Splits a formula into text and token names; `None` for a `$` that opens no token.
fn split_tokens(formula: &str) -> Option<Vec<Part<'_>>> {
    let mut parts = Vec::new();
    let mut rest = formula;
    while let Some(start) = rest.find('$') {
        parts.push(Part::Text(&rest[..start]));
        let after = &rest[start + 1..];
        let end = after.find('$')?;
        let name = &after[..end];
        let valid = !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.'));
        if !valid {
            return None;
        }
        parts.push(Part::Token(name));
        rest = &after[end + 1..];
    }
    parts.push(Part::Text(rest));
    Some(parts)
}

enum Operand {
    Number(f64),
    Empty,
    Invalid,
}

fn lookup<'a>(
    name: &str,
    values: &'a Map<String, Value>,
    scope: Option<&'a Map<String, Value>>,
) -> Option<&'a Value> {
    match scope {
        Some(scope) if scope.contains_key(name) => scope.get(name),
        _ => values.get(name),
    }
}

fn token_number(
    name: &str,
    values: &Map<String, Value>,
    scope: Option<&Map<String, Value>>,
) -> Operand {
    if let Some((subform, field)) = name.split_once('.') {
        return match lookup(subform, values, scope) {
            None | Some(Value::Null) => Operand::Number(0.0),
            Some(Value::Array(entries)) => {
                let mut sum = 0.0;
                for entry in entries {
                    let addend = entry.get(field);
                    if is_empty_value(addend) {
                        continue;
                    }
                    match numeric_value(addend) {
                        Some(n) => sum += n,
                        None => return Operand::Invalid,
                    }
                }
                Operand::Number(round2(sum))
            }
            Some(_) => Operand::Invalid,
        };
    }
    let value = lookup(name, values, scope);
    if is_empty_value(value) {
        return Operand::Empty;
    }
    numeric_value(value).map_or(Operand::Invalid, Operand::Number)
}

/// expression := term (('+' | '-') term)*
/// term       := unary (('*' | '/') unary)*
/// unary      := ('-' | '+') unary | power
/// power      := primary (('^' | '**') unary)?      -- right-associative, binds tighter
///                                                      than a leading minus: -2^2 = -4
/// primary    := number | '(' expression ')'
struct Parser<'a> {
    bytes: &'a [u8],
    at: usize,
    /// Only the shape is judged: dividing by zero and overflow depend on the values.
    shape_only: bool,
}

impl<'a> Parser<'a> {
    fn new(source: &'a str) -> Self {
        Self {
            bytes: source.as_bytes(),
            at: 0,
            shape_only: false,
        }
    }

    fn parse(mut self) -> Option<f64> {
        let value = self.expression()?;
        self.skip_space();
        (self.at == self.bytes.len() && (self.shape_only || value.is_finite())).then_some(value)
    }

    fn skip_space(&mut self) {
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| is_space(char::from(*b)))
        {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.at).copied()
    }

    fn eat_power(&mut self) -> bool {
        match self.peek() {
            Some(b'^') => {
                self.at += 1;
                true
            }
            Some(b'*') if self.bytes.get(self.at + 1) == Some(&b'*') => {
                self.at += 2;
                true
            }
            _ => false,
        }
    }

    fn expression(&mut self) -> Option<f64> {
        let mut value = self.term()?;
        loop {
            match self.peek() {
                Some(b'+') => {
                    self.at += 1;
                    value += self.term()?;
                }
                Some(b'-') => {
                    self.at += 1;
                    value -= self.term()?;
                }
                _ => return Some(value),
            }
        }
    }

    fn term(&mut self) -> Option<f64> {
        let mut value = self.unary()?;
        loop {
            match self.peek() {
                Some(b'*') if self.bytes.get(self.at + 1) != Some(&b'*') => {
                    self.at += 1;
                    value *= self.unary()?;
                }
                Some(b'/') => {
                    self.at += 1;
                    let divisor = self.unary()?;
                    if divisor == 0.0 && !self.shape_only {
                        return None;
                    }
                    value /= divisor;
                }
                _ => return Some(value),
            }
        }
    }

    fn unary(&mut self) -> Option<f64> {
        match self.peek() {
            Some(b'-') => {
                self.at += 1;
                Some(-self.unary()?)
            }
            Some(b'+') => {
                self.at += 1;
                self.unary()
            }
            _ => self.power(),
        }
    }

    fn power(&mut self) -> Option<f64> {
        let base = self.primary()?;
        if self.eat_power() {
            let exponent = self.unary()?;
            let value = base.powf(exponent);
            return value.is_finite().then_some(value);
        }
        Some(base)
    }

    fn primary(&mut self) -> Option<f64> {
        match self.peek()? {
            b'(' => {
                self.at += 1;
                let value = self.expression()?;
                (self.peek()? == b')').then(|| self.at += 1)?;
                Some(value)
            }
            b'0'..=b'9' | b'.' => {
                let start = self.at;
                while self
                    .bytes
                    .get(self.at)
                    .is_some_and(|b| b.is_ascii_digit() || *b == b'.')
                {
                    self.at += 1;
                }
                let text = std::str::from_utf8(&self.bytes[start..self.at]).ok()?;
                // One dot at most, and at least one digit: "1.2.3" and "." are errors.
                if text.matches('.').count() > 1 || text == "." {
                    return None;
                }
                text.parse().ok()
            }
            _ => None,
        }
    }
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Expected {
        state: String,
        value: Option<f64>,
    }

    #[derive(Deserialize)]
    struct Case {
        name: String,
        formula: String,
        #[serde(default)]
        values: Map<String, Value>,
        #[serde(default)]
        scope: Option<Map<String, Value>>,
        expected: Expected,
    }

    #[test]
    fn shared_vectors() {
        crate::vectors::run(
            include_str!("../testdata/calc.json"),
            |case: &Case, failures: &mut Vec<String>| {
                let got = evaluate_formula(&case.formula, &case.values, case.scope.as_ref());
                let state = serde_json::to_value(got.state).unwrap();
                if state != case.expected.state.as_str() || got.value != case.expected.value {
                    failures.push(format!(
                        "{}: got {state} {:?}, expected {} {:?}",
                        case.name, got.value, case.expected.state, case.expected.value
                    ));
                }
            },
        );
    }

    #[test]
    fn calculations_are_filled_in_order_independent_of_position() {
        use crate::form::Form;
        let schema = serde_json::json!([
            { "name": "totaal", "elementType": "calculation", "formula": "$sub$ * 2" },
            { "name": "sub", "elementType": "calculation", "formula": "$regels.bedrag$ + $a$" },
            { "name": "a", "elementType": "number" },
            { "name": "regels", "elementType": "subform", "subform": { "schema": [
                { "name": "aantal", "elementType": "number" },
                { "name": "prijs", "elementType": "decimal" },
                { "name": "bedrag", "elementType": "calculation", "formula": "$aantal$ * $prijs$" }
            ] } }
        ]);
        let form = Form::from_json(&schema, &Value::Null).unwrap();
        let mut values = serde_json::json!({
            "a": 1,
            "totaal": 999,
            "regels": [
                { "subform_index": 1, "aantal": 2, "prijs": 1.25 },
                { "subform_index": 2, "aantal": 3, "prijs": "0,5", "bedrag": 100 }
            ]
        });
        let map = values.as_object_mut().unwrap();
        fill_calculations(&form.schema, map, None);
        assert_eq!(map["regels"][0]["bedrag"], serde_json::json!(2.5));
        assert_eq!(map["regels"][1]["bedrag"], serde_json::json!(1.5));
        assert_eq!(map["sub"], serde_json::json!(5));
        assert_eq!(map["totaal"], serde_json::json!(10));
    }

    #[test]
    fn messages_per_state() {
        assert_eq!(
            CalcResult::INCOMPLETE.message(),
            Some(messages::CALCULATION_INCOMPLETE)
        );
        assert_eq!(CalcResult::ERROR.message(), Some("Fout"));
    }
}
