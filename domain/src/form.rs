//! A form's `schema` (its elements) and `rules`, read from the JSON the form builder stores.
//!
//! Two entry points: [`Form::from_json`] checks only what is needed to work with a form
//! (shapes, known element types) so stored forms always load, and [`validate_schema`] adds
//! the checks the server applies when a form is saved (data names, duplicates, rule
//! references, operators), answering with every problem at once so the editor can show them
//! all. Unknown element and rule fields are kept in `extra` maps, because later features add
//! fields and a save must never drop them.

use crate::messages;
use crate::rules::{self, REGISTRATION_PHASE};
use crate::values::numeric_value;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::{Map, Value};
use std::collections::HashSet;

macro_rules! element_types {
    ($($(#[$doc:meta])* $variant:ident => $text:literal,)*) => {
        /// The type of an element, spelled as the form builder stores it (`elementType`).
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum ElementType {
            $($(#[$doc])* $variant,)*
        }

        impl ElementType {
            /// Every element type, in the order of the specification.
            pub const ALL: &'static [ElementType] = &[$(ElementType::$variant,)*];

            /// The stored name, e.g. `checkbox_single` or `staticText`.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(ElementType::$variant => $text,)*
                }
            }

            /// Reads a stored name; `None` for a type this version does not know.
            pub fn parse(raw: &str) -> Option<ElementType> {
                match raw {
                    $($text => Some(ElementType::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

element_types! {
    /// One-line text.
    Text => "text",
    /// Multi-line text.
    Textarea => "textarea",
    /// A number (JSON number).
    Number => "number",
    /// A number typed with a decimal comma, stored as a JSON number.
    Decimal => "decimal",
    /// An e-mail address.
    Email => "email",
    /// `YYYY-MM-DD`.
    Date => "date",
    /// `HH:mm`.
    Time => "time",
    /// `YYYY-MM-DD HH:mm`.
    Datetime => "datetime",
    /// One checkbox, stored as a boolean.
    CheckboxSingle => "checkbox_single",
    /// Several checkboxes, stored as a list of option values.
    CheckboxMultiple => "checkbox_multiple",
    /// One option value.
    Radio => "radio",
    /// One option value.
    Select => "select",
    /// One option value, chosen by typing part of its label.
    Autocomplete => "autocomplete",
    /// Uploaded files.
    File => "file",
    /// Uploaded images.
    Image => "image",
    /// Layout: a heading.
    Header => "header",
    /// Layout: fixed text.
    StaticText => "staticText",
    /// Layout: a fixed image.
    ImageTag => "imageTag",
    /// Layout: a fixed downloadable file.
    StaticFile => "staticFile",
    /// A drawn signature.
    Signature => "signature",
    /// Features chosen on a map.
    Map => "map",
    /// Repeating entries with their own schema.
    Subform => "subform",
    /// Items chosen from a datasource list.
    Search => "search",
    /// A location.
    Gps => "gps",
    /// A recorded track.
    Tracking => "tracking",
    /// A registration of another form.
    LinkedForm => "linkedForm",
    /// A number computed from a formula.
    Calculation => "calculation",
    /// Text read from a QR code.
    QrCodeScanner => "qrCodeScanner",
    /// A number assigned by the server.
    AutoIncrement => "autoIncrement",
    /// Moves a workflow registration to a next phase.
    StateTransition => "stateTransition",
    /// A value derived from another element.
    Computed => "computed",
}

impl ElementType {
    /// Layout elements show something but never hold a value.
    pub fn is_layout(self) -> bool {
        matches!(
            self,
            ElementType::Header
                | ElementType::StaticText
                | ElementType::ImageTag
                | ElementType::StaticFile
        )
    }

    /// Choice elements whose value is an option value (or a list of them).
    pub fn has_options(self) -> bool {
        matches!(
            self,
            ElementType::Radio
                | ElementType::Select
                | ElementType::Autocomplete
                | ElementType::CheckboxMultiple
        )
    }

    /// Types a rule's `set` action may write: those whose value is typed in or chosen,
    /// never computed (calculation, autoIncrement) or structured (files, maps, subforms).
    pub fn is_settable(self) -> bool {
        matches!(
            self,
            ElementType::Text
                | ElementType::Textarea
                | ElementType::Number
                | ElementType::Decimal
                | ElementType::Email
                | ElementType::Date
                | ElementType::Time
                | ElementType::Datetime
                | ElementType::CheckboxSingle
                | ElementType::CheckboxMultiple
                | ElementType::Radio
                | ElementType::Select
                | ElementType::Autocomplete
        )
    }
}

impl ElementType {
    /// Types the fill-in has an input for everywhere a form is used, so a filler can always
    /// give a value: only these may be required. Layout, computed and server-assigned types
    /// never take a value from the filler, subforms and linked forms are lists of entries the
    /// filler adds on purpose (decision 011).
    /// Twin: `canBeRequired` in `web/src/lib/form-logic/form.ts`; both run
    /// `domain/testdata/element-types.json`.
    pub fn can_be_required(self) -> bool {
        // Typed in or chosen, uploaded or drawn, picked from a datasource, located or scanned.
        self.is_settable()
            || matches!(
                self,
                ElementType::File
                    | ElementType::Image
                    | ElementType::Signature
                    | ElementType::Map
                    | ElementType::Search
                    | ElementType::Gps
                    | ElementType::Tracking
                    | ElementType::QrCodeScanner
            )
    }
}

impl Serialize for ElementType {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for ElementType {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let raw = String::deserialize(deserializer)?;
        ElementType::parse(&raw)
            .ok_or_else(|| serde::de::Error::custom(messages::unknown_element_type(&raw)))
    }
}

/// One option of a choice element.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ElementOption {
    /// Stored value (lowercase letters, digits, dot, underscore).
    #[serde(default, deserialize_with = "lenient::string")]
    pub value: String,
    /// Text shown to the user and in summaries.
    #[serde(default, deserialize_with = "lenient::string")]
    pub label: String,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One validation of an element, e.g. `{ "name": "min", "value": 3 }`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidationRule {
    /// `required`, `min`, `max`, `minLength`, `maxLength`, `number`, `email`,
    /// `emailOrToken` or `filenameOrToken`; other names are kept but not applied.
    #[serde(default, deserialize_with = "lenient::string")]
    pub name: String,
    /// The bound for `min`, `max`, `minLength` and `maxLength`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// Where the form builder applies the rule; kept as stored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub apply_to: Option<Value>,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// How a number or calculation is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum NumberFormatter {
    /// As typed.
    None,
    /// An amount in euros: '€ 12,50'.
    Price,
}

/// The embedded form of a subform element.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subform {
    /// Elements of one entry.
    #[serde(default, deserialize_with = "lenient::list")]
    pub schema: Vec<Element>,
    /// Rules evaluated inside every entry, against that entry's values.
    #[serde(default, deserialize_with = "lenient::list")]
    pub rules: Vec<Rule>,
    /// Values of the embedded form as the builder stored them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<Value>,
    /// Values a new entry starts with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_values: Option<Value>,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One element of a form's schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Element {
    /// Stable id given by the form builder.
    #[serde(default, deserialize_with = "lenient::string")]
    pub uuid: String,
    /// Data name: the key of the element's value in a registration.
    #[serde(default, deserialize_with = "lenient::string")]
    pub name: String,
    /// Label shown to the user (the heading text for a header).
    #[serde(default, deserialize_with = "lenient::string")]
    pub label: String,
    /// What kind of element this is.
    pub element_type: ElementType,
    /// Choices of a radio, select, autocomplete or checkbox_multiple.
    #[serde(
        default,
        deserialize_with = "lenient::list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub options: Vec<ElementOption>,
    /// Validations applied when a registration is sent.
    #[serde(
        default,
        deserialize_with = "lenient::list",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub validation: Vec<ValidationRule>,
    /// Hidden from view but kept and validated.
    #[serde(
        default,
        deserialize_with = "lenient::bool",
        skip_serializing_if = "is_false"
    )]
    pub visually_hidden: bool,
    /// The device remembers the last value for the next registration.
    #[serde(
        default,
        deserialize_with = "lenient::bool",
        skip_serializing_if = "is_false"
    )]
    pub remember_input: bool,
    /// A date or time element starts at the current moment.
    #[serde(
        default,
        deserialize_with = "lenient::bool",
        skip_serializing_if = "is_false"
    )]
    pub default_date_now: bool,
    /// Images are resized to 4000 instead of 2000 pixels.
    #[serde(
        default,
        deserialize_with = "lenient::bool",
        skip_serializing_if = "is_false"
    )]
    pub hd_images: bool,
    /// Images come from the camera only, not from the gallery.
    #[serde(
        default,
        deserialize_with = "lenient::bool",
        skip_serializing_if = "is_false"
    )]
    pub use_only_camera: bool,
    /// Height of a textarea (default 3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<u32>,
    /// Formula of a calculation, with `$name$` tokens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formula: Option<String>,
    /// Display of a number or calculation.
    #[serde(
        rename = "number_formatter",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub number_formatter: Option<NumberFormatter>,
    /// Rich text shown as the label in registrations.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub registration_label: Option<Value>,
    /// Text used for this element in summaries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub summary_text: Option<Value>,
    /// The embedded form of a subform element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subform: Option<Subform>,
    /// Heading level of a header: `h1` to `h4`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// Text of a staticText element.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub static_text: Option<String>,
    /// The form a linkedForm element opens.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub form_id: Option<Value>,
    /// Fields added by later features (mapSettings, searchSettings, next_phase, ...).
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

fn is_false(flag: &bool) -> bool {
    !flag
}

impl Element {
    /// The validation of this name, if the element has it.
    pub fn validation_rule(&self, name: &str) -> Option<&ValidationRule> {
        self.validation.iter().find(|rule| rule.name == name)
    }

    /// True when the element must be filled in.
    pub fn is_required(&self) -> bool {
        self.validation_rule("required").is_some()
    }

    /// The label of an option value, if the element has that option.
    pub fn option_label(&self, value: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|option| option.value == value)
            .map(|option| option.label.as_str())
    }

    /// Elements of one subform entry; empty for other types.
    pub fn subform_schema(&self) -> &[Element] {
        self.subform.as_ref().map_or(&[], |subform| &subform.schema)
    }
}

/// `ruleForm` of a rule on the main form.
pub const MAIN_FORM: &str = "_none";

/// A rule: when its condition group holds, its actions apply.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Rule {
    /// Name shown in the rules editor and in error reports.
    #[serde(rename = "ruleName", default, deserialize_with = "lenient::string")]
    pub rule_name: String,
    /// `_none` for the main form, otherwise the name of the subform the rule works in.
    #[serde(rename = "ruleForm", default, deserialize_with = "lenient::string")]
    pub rule_form: String,
    /// The conditions.
    #[serde(rename = "condition_group", default)]
    pub condition_group: ConditionGroup,
    /// What happens to which element.
    #[serde(default, deserialize_with = "lenient::list")]
    pub actions: Vec<Action>,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

impl Rule {
    /// True for a rule on the main form; an empty `ruleForm` counts as the main form
    /// because older rules were stored without one.
    pub fn is_main_form(&self) -> bool {
        self.rule_form.is_empty() || self.rule_form == MAIN_FORM
    }
}

/// Conditions joined by AND or OR.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct ConditionGroup {
    /// `AND` or `OR` (read case-insensitively). Kept as text so a wrong method is reported
    /// by the rule engine instead of making the whole form unreadable.
    #[serde(default, deserialize_with = "lenient::string")]
    pub method: String,
    /// The conditions, evaluated all (no short-circuit) so every error is reported.
    #[serde(default, deserialize_with = "lenient::list")]
    pub conditions: Vec<Condition>,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// One comparison of an element's value.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Condition {
    /// Always `dataValue` for now; an empty type means `dataValue`.
    #[serde(
        rename = "conditionType",
        default,
        deserialize_with = "lenient::string"
    )]
    pub condition_type: String,
    /// Name of the element (or `registration_phase`).
    #[serde(rename = "dataName", default, deserialize_with = "lenient::string")]
    pub data_name: String,
    /// For map and search elements: which property of the selected items to compare
    /// (`name` when absent, `status`, or a data column).
    #[serde(
        rename = "datasourcePropertyName",
        default,
        skip_serializing_if = "Option::is_none"
    )]
    pub datasource_property_name: Option<String>,
    /// One of [`rules::operators_for`] the element's type.
    #[serde(default, deserialize_with = "lenient::string")]
    pub operator: String,
    /// Value to compare with; may contain `$token$`s.
    #[serde(default)]
    pub value: Value,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// What a rule does when it holds.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Action {
    /// `show`, `hide`, `visually_hidden` or `set`.
    #[serde(default, deserialize_with = "lenient::string")]
    pub method: String,
    /// Name of the target element.
    #[serde(rename = "dataName", default, deserialize_with = "lenient::string")]
    pub data_name: String,
    /// Value for `set`; may contain `$token$`s.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<Value>,
    /// Fields added by later features.
    #[serde(flatten)]
    pub extra: Map<String, Value>,
}

/// A form's elements and rules.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Form {
    /// Elements in display order.
    pub schema: Vec<Element>,
    /// Rules in evaluation order.
    pub rules: Vec<Rule>,
}

/// One problem found in a form's schema or rules.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SchemaError {
    /// Where: `schema[2].name`, `schema[1].subform.schema[0].elementType`,
    /// `rules[0].condition_group.conditions[1].operator`.
    pub path: String,
    /// Dutch explanation for the form builder.
    pub message: String,
    /// The parser's own (English) words, for a shape error the message cannot describe.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl SchemaError {
    fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
            detail: None,
        }
    }
}

impl Form {
    /// Reads a stored form, checking only shapes and element types, so that every form that
    /// was valid once keeps loading. `null` stands for an empty list.
    pub fn from_json(schema: &Value, rules: &Value) -> Result<Form, Vec<SchemaError>> {
        let mut errors = Vec::new();
        check_elements(schema, "schema", false, &mut errors);
        check_list(rules, "rules", messages::RULES_NOT_A_LIST, &mut errors);
        if !errors.is_empty() {
            return Err(errors);
        }
        let schema =
            parse_list::<Element>(schema, "schema", messages::ELEMENT_INVALID, &mut errors);
        let rules = parse_list::<Rule>(rules, "rules", messages::RULE_INVALID, &mut errors);
        if errors.is_empty() {
            Ok(Form { schema, rules })
        } else {
            Err(errors)
        }
    }

    /// The top-level element with this data name.
    pub fn element(&self, name: &str) -> Option<&Element> {
        self.schema.iter().find(|element| element.name == name)
    }

    /// Rules that work inside entries of the named subform: the subform's own rules
    /// followed by the form's rules whose `ruleForm` is that subform.
    pub fn rules_for_subform<'a>(&'a self, subform: &'a Element) -> Vec<&'a Rule> {
        let own = subform
            .subform
            .iter()
            .flat_map(|embedded| embedded.rules.iter());
        let from_form = self
            .rules
            .iter()
            .filter(|rule| !rule.is_main_form() && rule.rule_form == subform.name);
        own.chain(from_form).collect()
    }
}

/// Checks a form the way the server does when it is saved: everything [`Form::from_json`]
/// checks, plus data names (`^[a-z0-9_]+$`, unique within one schema level), rule form,
/// element and operator references and action methods. Returns every problem found.
pub fn validate_schema(schema: &Value, rules: &Value) -> Result<Form, Vec<SchemaError>> {
    let mut errors = Vec::new();
    check_elements(schema, "schema", true, &mut errors);
    check_list(rules, "rules", messages::RULES_NOT_A_LIST, &mut errors);
    if !errors.is_empty() {
        return Err(errors);
    }
    let form = Form::from_json(schema, rules)?;
    for (index, rule) in form.rules.iter().enumerate() {
        let path = format!("rules[{index}]");
        if rule.is_main_form() {
            check_rule(rule, &form.schema, &path, &mut errors);
            continue;
        }
        match form
            .element(&rule.rule_form)
            .filter(|e| e.element_type == ElementType::Subform)
        {
            Some(subform) => check_rule(rule, subform.subform_schema(), &path, &mut errors),
            None => errors.push(SchemaError::new(
                format!("{path}.ruleForm"),
                messages::rule_unknown_subform(&rule.rule_name, &rule.rule_form),
            )),
        }
    }
    check_embedded_rules(&form.schema, "schema", &mut errors);
    check_settings(&form.schema, "schema", &mut errors);
    if count_elements(&form.schema) > MAX_ELEMENTS {
        errors.push(SchemaError::new("schema", messages::SCHEMA_TOO_LARGE));
    }
    if errors.is_empty() {
        Ok(form)
    } else {
        Err(errors)
    }
}

/// Most elements a form holds, subforms included.
pub const MAX_ELEMENTS: usize = 2_000;

fn count_elements(schema: &[Element]) -> usize {
    schema
        .iter()
        .map(|e| 1 + e.subform.as_ref().map_or(0, |s| count_elements(&s.schema)))
        .sum()
}

/// The element settings a filler would trip over: validation bounds that are no numbers
/// (a negative length, min above max) and formulas that can never compute.
fn check_settings(schema: &[Element], path: &str, errors: &mut Vec<SchemaError>) {
    for (index, element) in schema.iter().enumerate() {
        let element_path = format!("{path}[{index}]");
        let bound = |name: &str| {
            element
                .validation
                .iter()
                .position(|rule| rule.name == name)
                .map(|at| (at, numeric_value(element.validation[at].value.as_ref())))
        };
        for name in ["minLength", "maxLength"] {
            if let Some((at, value)) = bound(name)
                && !value.is_some_and(|n| n >= 0.0 && n.fract() == 0.0)
            {
                errors.push(SchemaError::new(
                    format!("{element_path}.validation[{at}].value"),
                    messages::validation_length_invalid(name),
                ));
            }
        }
        for name in ["min", "max"] {
            if let Some((at, None)) = bound(name) {
                errors.push(SchemaError::new(
                    format!("{element_path}.validation[{at}].value"),
                    messages::validation_bound_invalid(name),
                ));
            }
        }
        for (low, high) in [("min", "max"), ("minLength", "maxLength")] {
            if let (Some((_, Some(low))), Some((at, Some(high)))) = (bound(low), bound(high))
                && low > high
            {
                errors.push(SchemaError::new(
                    format!("{element_path}.validation[{at}].value"),
                    messages::VALIDATION_MIN_ABOVE_MAX,
                ));
            }
        }
        if element.element_type == ElementType::Calculation
            && !element
                .formula
                .as_deref()
                .is_some_and(crate::calc::is_well_formed)
        {
            errors.push(SchemaError::new(
                format!("{element_path}.formula"),
                messages::FORMULA_INVALID,
            ));
        }
        if let Some(subform) = &element.subform {
            check_settings(
                &subform.schema,
                &format!("{element_path}.subform.schema"),
                errors,
            );
        }
    }
}

/// Rules stored inside subform elements work on the subform's own schema.
fn check_embedded_rules(schema: &[Element], path: &str, errors: &mut Vec<SchemaError>) {
    for (index, element) in schema.iter().enumerate() {
        let Some(subform) = &element.subform else {
            continue;
        };
        let element_path = format!("{path}[{index}].subform");
        for (rule_index, rule) in subform.rules.iter().enumerate() {
            let rule_path = format!("{element_path}.rules[{rule_index}]");
            check_rule(rule, &subform.schema, &rule_path, errors);
        }
        check_embedded_rules(&subform.schema, &format!("{element_path}.schema"), errors);
    }
}

fn check_rule(rule: &Rule, schema: &[Element], path: &str, errors: &mut Vec<SchemaError>) {
    let name = &rule.rule_name;
    if rules::group_method(&rule.condition_group.method).is_none() {
        errors.push(SchemaError::new(
            format!("{path}.condition_group.method"),
            messages::rule_unknown_method(name, &rule.condition_group.method),
        ));
    }
    for (index, condition) in rule.condition_group.conditions.iter().enumerate() {
        let cpath = format!("{path}.condition_group.conditions[{index}]");
        if !rules::is_data_value_condition(condition) {
            errors.push(SchemaError::new(
                format!("{cpath}.conditionType"),
                messages::rule_unknown_condition_type(name, &condition.condition_type),
            ));
            continue;
        }
        let type_name = match schema.iter().find(|e| e.name == condition.data_name) {
            Some(element) => element.element_type.as_str(),
            None if condition.data_name == REGISTRATION_PHASE => REGISTRATION_PHASE,
            None => {
                errors.push(SchemaError::new(
                    format!("{cpath}.dataName"),
                    messages::rule_unknown_element(name, &condition.data_name),
                ));
                continue;
            }
        };
        if !rules::operators_for(type_name).contains(&condition.operator.as_str()) {
            errors.push(SchemaError::new(
                format!("{cpath}.operator"),
                messages::rule_operator_not_allowed(
                    name,
                    &condition.operator,
                    &condition.data_name,
                    type_name,
                ),
            ));
        }
    }
    for (index, action) in rule.actions.iter().enumerate() {
        let apath = format!("{path}.actions[{index}]");
        if rules::ActionMethod::parse(&action.method).is_none() {
            errors.push(SchemaError::new(
                format!("{apath}.method"),
                messages::rule_unknown_action(name, &action.method),
            ));
        }
        match schema.iter().find(|e| e.name == action.data_name) {
            None => errors.push(SchemaError::new(
                format!("{apath}.dataName"),
                messages::rule_unknown_element(name, &action.data_name),
            )),
            Some(target) if action.method == "set" && !target.element_type.is_settable() => {
                errors.push(SchemaError::new(
                    format!("{apath}.dataName"),
                    messages::rule_set_not_allowed(
                        name,
                        &action.data_name,
                        target.element_type.as_str(),
                    ),
                ));
            }
            Some(_) => {}
        }
    }
}

/// The form types of the specification; 'default' unless chosen otherwise.
pub const FORM_TYPES: [&str; 2] = ["default", "workflow"];

/// Element types only platform administrators may add (document 001 section 6).
pub const ADMIN_ONLY_TYPES: [&str; 2] = ["linkedForm", "computed"];

/// Premium element types and the client module (spec 002 section 2) that unlocks each.
/// Twin: `PREMIUM_MODULES` in `web/src/features/form-editor/element-types.ts`.
pub const PREMIUM_MODULES: [(&str, &str); 4] = [
    ("map", "map_element"),
    ("gps", "location"),
    ("tracking", "tracking"),
    ("qrCodeScanner", "qr_code"),
];

/// Admin-only elements in `after` that `before` does not have, by data name (`subform.name`
/// inside subforms). Elements already there may stay and be edited by anyone allowed to edit
/// the form; only adding one needs an administrator.
pub fn admin_only_added(before: &Value, after: &Value) -> Vec<String> {
    added_of(before, after, |kind| ADMIN_ONLY_TYPES.contains(&kind))
}

/// Premium elements in `after` that `before` does not have and whose module is not among
/// `modules`, as (data name, module). Like admin-only elements, ones already in the form stay
/// (a module that lapses must not break a form in use); only adding one needs the module.
pub fn locked_premium_added(
    before: &Value,
    after: &Value,
    modules: &[String],
) -> Vec<(String, &'static str)> {
    let locked = |kind: &str| {
        PREMIUM_MODULES
            .iter()
            .find(|(premium, _)| *premium == kind)
            .map(|(_, module)| *module)
            .filter(|module| !modules.iter().any(|m| m == module))
    };
    let mut found = Vec::new();
    for path in added_of(before, after, |kind| locked(kind).is_some()) {
        let kind = element_type_at(after, &path).unwrap_or_default();
        if let Some(module) = locked(&kind) {
            found.push((path, module));
        }
    }
    found
}

/// The element type at a data-name path of [`added_of`].
fn element_type_at(schema: &Value, path: &str) -> Option<String> {
    let mut level = schema;
    let mut found = None;
    for name in path.split('.') {
        let element = level
            .as_array()?
            .iter()
            .find(|e| e.get("name").and_then(Value::as_str) == Some(name))?;
        found = element
            .get("elementType")
            .and_then(Value::as_str)
            .map(str::to_owned);
        level = element
            .get("subform")
            .and_then(|s| s.get("schema"))
            .unwrap_or(&Value::Null);
    }
    found
}

/// Elements of the types `wanted` picks in `after` that `before` does not have, by data name
/// (`subform.name` inside subforms).
fn added_of(before: &Value, after: &Value, wanted: impl Fn(&str) -> bool) -> Vec<String> {
    fn collect(
        schema: &Value,
        prefix: &str,
        wanted: &dyn Fn(&str) -> bool,
        into: &mut Vec<String>,
    ) {
        for element in schema.as_array().into_iter().flatten() {
            let name = element
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            let path = if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}.{name}")
            };
            let kind = element
                .get("elementType")
                .and_then(Value::as_str)
                .unwrap_or_default();
            if wanted(kind) {
                into.push(path.clone());
            }
            if let Some(inner) = element.get("subform").and_then(|s| s.get("schema")) {
                collect(inner, &path, wanted, into);
            }
        }
    }
    let (mut old, mut new) = (Vec::new(), Vec::new());
    collect(before, "", &wanted, &mut old);
    collect(after, "", &wanted, &mut new);
    new.retain(|path| !old.contains(path));
    new
}

/// Whether a map element's guest map is switched on (mapSettings.guest_map_enabled).
pub fn guest_map_enabled(element: &Value) -> bool {
    element.get("elementType").and_then(Value::as_str) == Some("map")
        && element
            .pointer("/mapSettings/guest_map_enabled")
            .and_then(Value::as_bool)
            .unwrap_or(false)
}

/// The uuids of a schema's map elements with their guest map on (route guest_map): the
/// directory knows them, so a guest map link finds its client.
pub fn guest_map_uuids(schema: &Value) -> Vec<String> {
    schema
        .as_array()
        .into_iter()
        .flatten()
        .filter(|element| guest_map_enabled(element))
        .filter_map(|element| element.get("uuid").and_then(Value::as_str))
        .filter(|uuid| !uuid.is_empty())
        .map(str::to_owned)
        .collect()
}

/// A schema with every guest map switched off: a copied form starts closed to guests, as its
/// guest link does.
pub fn without_guest_maps(schema: &Value) -> Value {
    let mut copy = schema.clone();
    for element in copy.as_array_mut().into_iter().flatten() {
        if guest_map_enabled(element) {
            element["mapSettings"]["guest_map_enabled"] = Value::Bool(false);
        }
    }
    copy
}

/// The phase a registration of a new form starts in: '1' for workflow forms (spec
/// document 001 section 9), none for the others.
pub fn initial_phase(form_type: &str) -> Option<String> {
    (form_type == "workflow").then(|| "1".to_owned())
}

/// True for a data name of lowercase letters a-z, digits and underscores.
pub fn is_valid_data_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

fn check_list(value: &Value, path: &str, message: &str, errors: &mut Vec<SchemaError>) {
    if !matches!(value, Value::Null | Value::Array(_)) {
        errors.push(SchemaError::new(path, message));
    }
}

/// The checks that need the raw JSON: serde alone would report an unknown type nested in a
/// subform without saying where, and duplicates are invisible after parsing.
fn check_elements(list: &Value, path: &str, strict: bool, errors: &mut Vec<SchemaError>) {
    let items = match list {
        Value::Null => return,
        Value::Array(items) => items,
        _ => {
            errors.push(SchemaError::new(path, messages::SCHEMA_NOT_A_LIST));
            return;
        }
    };
    let mut seen = HashSet::new();
    for (index, item) in items.iter().enumerate() {
        let item_path = format!("{path}[{index}]");
        let Some(element) = item.as_object() else {
            errors.push(SchemaError::new(item_path, messages::ELEMENT_INVALID));
            continue;
        };
        let element_type = match element.get("elementType") {
            Some(Value::String(raw)) => match ElementType::parse(raw) {
                Some(element_type) => Some(element_type),
                None => {
                    errors.push(SchemaError::new(
                        format!("{item_path}.elementType"),
                        messages::unknown_element_type(raw),
                    ));
                    None
                }
            },
            _ => {
                errors.push(SchemaError::new(
                    format!("{item_path}.elementType"),
                    messages::ELEMENT_TYPE_MISSING,
                ));
                None
            }
        };
        if strict {
            match element.get("name").and_then(Value::as_str) {
                Some(name) if is_valid_data_name(name) => {
                    if !seen.insert(name) {
                        errors.push(SchemaError::new(
                            format!("{item_path}.name"),
                            messages::DATA_NAME_NOT_UNIQUE,
                        ));
                    }
                }
                Some(name) => errors.push(SchemaError::new(
                    format!("{item_path}.name"),
                    messages::data_name_invalid(name),
                )),
                None => errors.push(SchemaError::new(
                    format!("{item_path}.name"),
                    messages::DATA_NAME_MISSING,
                )),
            }
        }
        if strict && element_type == Some(ElementType::StateTransition) {
            let phase = element.get("next_phase").filter(|v| !v.is_null());
            let none = phase.is_none_or(|p| p == &Value::from("0") || p == &Value::from(0));
            if !none && phase.and_then(crate::workflow::parse_phase).is_none() {
                errors.push(SchemaError::new(
                    format!("{item_path}.next_phase"),
                    messages::NEXT_PHASE_INVALID,
                ));
            }
        }
        if let Some(subform) = element.get("subform").filter(|v| !v.is_null()) {
            let subform_path = format!("{item_path}.subform");
            if !subform.is_object() || element_type != Some(ElementType::Subform) {
                if subform.is_object() {
                    // A subform block on another type is left over from a type change in the
                    // builder; it is kept, but not read as a subform.
                    continue;
                }
                errors.push(SchemaError::new(subform_path, messages::ELEMENT_INVALID));
                continue;
            }
            let nested = subform.get("schema").unwrap_or(&Value::Null);
            check_elements(nested, &format!("{subform_path}.schema"), strict, errors);
            let nested_rules = subform.get("rules").unwrap_or(&Value::Null);
            check_list(
                nested_rules,
                &format!("{subform_path}.rules"),
                messages::RULES_NOT_A_LIST,
                errors,
            );
        }
    }
}

fn parse_list<T: serde::de::DeserializeOwned>(
    list: &Value,
    path: &str,
    message: &str,
    errors: &mut Vec<SchemaError>,
) -> Vec<T> {
    let Value::Array(items) = list else {
        return Vec::new();
    };
    let mut parsed = Vec::with_capacity(items.len());
    for (index, item) in items.iter().enumerate() {
        match T::deserialize(item) {
            Ok(value) => parsed.push(value),
            Err(error) => errors.push(SchemaError {
                path: format!("{path}[{index}]"),
                message: message.to_owned(),
                detail: Some(error.to_string()),
            }),
        }
    }
    parsed
}

/// Deserializers that accept what older form builders stored (null for "not set", 0/1 and
/// "true" for booleans) instead of refusing to load the form.
mod lenient {
    use serde::{Deserialize, Deserializer};
    use serde_json::Value;

    pub fn bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<bool, D::Error> {
        Ok(match Value::deserialize(deserializer)? {
            Value::Bool(flag) => flag,
            Value::Number(number) => number.as_f64().is_some_and(|n| n != 0.0),
            Value::String(text) => matches!(text.as_str(), "true" | "1"),
            _ => false,
        })
    }

    pub fn string<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
        match Value::deserialize(deserializer)? {
            Value::Null => Ok(String::new()),
            Value::String(text) => Ok(text),
            Value::Number(number) => Ok(number.to_string()),
            Value::Bool(flag) => Ok(flag.to_string()),
            other => Err(serde::de::Error::custom(format!(
                "expected text, found {other}"
            ))),
        }
    }

    pub fn list<'de, D, T>(deserializer: D) -> Result<Vec<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de>,
    {
        Ok(Option::<Vec<T>>::deserialize(deserializer)?.unwrap_or_default())
    }
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {

    #[derive(serde::Deserialize)]
    struct TypeCase {
        name: String,
        #[serde(rename = "type")]
        element_type: String,
        can_be_required: bool,
    }

    #[test]
    fn element_type_vectors() {
        crate::vectors::run(
            include_str!("../testdata/element-types.json"),
            |case: &TypeCase, failures| match ElementType::parse(&case.element_type) {
                None => failures.push(format!("{}: unknown type", case.name)),
                Some(t) if t.can_be_required() != case.can_be_required => failures.push(format!(
                    "{}: can_be_required {}",
                    case.name,
                    t.can_be_required()
                )),
                Some(_) => {}
            },
        );
    }

    #[test]
    fn every_type_has_a_vector() {
        let cases: Vec<TypeCase> =
            serde_json::from_str(include_str!("../testdata/element-types.json")).unwrap();
        for t in ElementType::ALL {
            assert!(
                cases.iter().any(|c| c.element_type == t.as_str()),
                "{} has no case in element-types.json",
                t.as_str()
            );
        }
    }

    /// Finding of issue 9: `maxLength: -5` and a broken calculation formula were accepted.
    #[test]
    fn settings_a_filler_would_trip_over_are_refused() {
        let schema = json!([
            { "name": "a", "elementType": "text", "validation": [{ "name": "maxLength", "value": -5 }] },
            { "name": "b", "elementType": "text", "validation": [{ "name": "minLength", "value": "2,5" }] },
            { "name": "c", "elementType": "number", "validation": [{ "name": "min", "value": 10 }, { "name": "max", "value": 3 }] },
            { "name": "d", "elementType": "number", "validation": [{ "name": "max", "value": "veel" }] },
            { "name": "e", "elementType": "calculation", "formula": "$c$ * (" },
            { "name": "f", "elementType": "calculation" },
            { "name": "g", "elementType": "subform", "subform": { "schema": [
                { "name": "h", "elementType": "calculation", "formula": "alert(1)" }
            ] } },
            { "name": "ok", "elementType": "text", "validation": [{ "name": "minLength", "value": "2" }, { "name": "maxLength", "value": 10 }] },
            { "name": "som", "elementType": "calculation", "formula": "$c$ / ($c$ - $c$)" }
        ]);
        let errors = validate_schema(&schema, &json!([])).unwrap_err();
        let paths: Vec<&str> = errors.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "schema[0].validation[0].value",
                "schema[1].validation[0].value",
                "schema[2].validation[1].value",
                "schema[3].validation[0].value",
                "schema[4].formula",
                "schema[5].formula",
                "schema[6].subform.schema[0].formula",
            ]
        );
        assert_eq!(errors[4].message, messages::FORMULA_INVALID);
    }

    #[test]
    fn only_newly_added_admin_only_elements_count() {
        let before = json!([{ "name": "bron", "elementType": "computed" }, { "name": "tekst", "elementType": "text" }]);
        let after = json!([
            { "name": "bron", "elementType": "computed" },
            { "name": "tekst", "elementType": "text" },
            { "name": "regels", "elementType": "subform", "subform": { "schema": [{ "name": "koppeling", "elementType": "linkedForm" }] } },
        ]);
        assert_eq!(
            admin_only_added(&before, &after),
            vec!["regels.koppeling".to_owned()]
        );
        assert!(admin_only_added(&after, &before).is_empty());
        assert!(admin_only_added(&after, &after).is_empty());
    }

    #[test]
    fn guest_maps_are_map_elements_with_the_switch_on() {
        let schema = json!([
            { "uuid": "a", "name": "aan", "elementType": "map", "mapSettings": { "guest_map_enabled": true } },
            { "uuid": "b", "name": "uit", "elementType": "map", "mapSettings": { "guest_map_enabled": false } },
            { "uuid": "c", "name": "geen", "elementType": "map" },
            { "uuid": "d", "name": "gps", "elementType": "gps", "mapSettings": { "guest_map_enabled": true } },
        ]);
        assert_eq!(guest_map_uuids(&schema), vec!["a".to_owned()]);
        assert!(guest_map_uuids(&without_guest_maps(&schema)).is_empty());
    }

    #[test]
    fn premium_elements_added_without_their_module_are_named_with_the_module() {
        let before = json!([{ "name": "kaart", "elementType": "map" }]);
        let after = json!([
            { "name": "kaart", "elementType": "map" },
            { "name": "locatie", "elementType": "gps" },
            { "name": "regels", "elementType": "subform", "subform": { "schema": [{ "name": "qr", "elementType": "qrCodeScanner" }] } },
        ]);
        assert_eq!(
            locked_premium_added(&before, &after, &[]),
            vec![
                ("locatie".to_owned(), "location"),
                ("regels.qr".to_owned(), "qr_code")
            ]
        );
        let modules = vec!["location".to_owned(), "qr_code".to_owned()];
        assert!(locked_premium_added(&before, &after, &modules).is_empty());
        // A map already in the form stays when map_element is not (or no longer) held.
        assert!(locked_premium_added(&after, &after, &[]).is_empty());
    }

    use super::*;
    use serde_json::json;

    fn paths(errors: &[SchemaError]) -> Vec<(&str, &str)> {
        errors
            .iter()
            .map(|e| (e.path.as_str(), e.message.as_str()))
            .collect()
    }

    #[test]
    fn every_element_type_round_trips() {
        assert_eq!(ElementType::ALL.len(), 31);
        for element_type in ElementType::ALL {
            assert_eq!(
                ElementType::parse(element_type.as_str()),
                Some(*element_type)
            );
        }
    }

    #[test]
    fn unknown_fields_are_kept() {
        let schema = json!([{
            "uuid": "u1", "name": "kaart", "label": "Kaart", "elementType": "map",
            "mapSettings": { "zoomlevel": 7 }, "next_phase": 2, "visuallyHidden": null
        }]);
        let form = Form::from_json(&schema, &Value::Null).unwrap();
        assert_eq!(
            form.schema[0].extra["mapSettings"],
            json!({ "zoomlevel": 7 })
        );
        let back = serde_json::to_value(&form.schema).unwrap();
        assert_eq!(back[0]["mapSettings"], json!({ "zoomlevel": 7 }));
        assert_eq!(back[0]["next_phase"], json!(2));
        assert_eq!(back[0]["elementType"], json!("map"));
    }

    #[test]
    fn known_fields_are_read() {
        let schema = json!([{
            "name": "prijs", "elementType": "calculation", "formula": "$a$ * 2",
            "number_formatter": "price", "validation": [{ "name": "required" }],
            "options": null, "rows": 4
        }, {
            "name": "regels", "elementType": "subform",
            "subform": { "schema": [{ "name": "a", "elementType": "number" }], "rules": [] }
        }]);
        let form = Form::from_json(&schema, &json!([])).unwrap();
        assert_eq!(
            form.schema[0].number_formatter,
            Some(NumberFormatter::Price)
        );
        assert!(form.schema[0].is_required());
        assert_eq!(form.schema[0].rows, Some(4));
        assert_eq!(
            form.schema[1].subform_schema()[0].element_type,
            ElementType::Number
        );
    }

    #[test]
    fn unknown_types_are_reported_where_they_are() {
        let schema = json!([
            { "name": "a", "elementType": "text" },
            { "name": "b", "elementType": "hologram" },
            { "name": "c", "elementType": "subform", "subform": { "schema": [
                { "name": "d", "elementType": "teleporter" },
                { "name": "e" }
            ] } }
        ]);
        let errors = Form::from_json(&schema, &Value::Null).unwrap_err();
        assert_eq!(
            paths(&errors),
            vec![
                ("schema[1].elementType", "Onbekend elementtype 'hologram'."),
                (
                    "schema[2].subform.schema[0].elementType",
                    "Onbekend elementtype 'teleporter'."
                ),
                (
                    "schema[2].subform.schema[1].elementType",
                    messages::ELEMENT_TYPE_MISSING
                ),
            ]
        );
    }

    #[test]
    fn names_must_be_valid_and_unique_per_level() {
        let schema = json!([
            { "name": "naam", "elementType": "text" },
            { "name": "naam", "elementType": "email" },
            { "name": "Naam 2", "elementType": "text" },
            { "elementType": "header" },
            { "name": "regels", "elementType": "subform", "subform": { "schema": [
                { "name": "naam", "elementType": "text" },
                { "name": "x", "elementType": "text" },
                { "name": "x", "elementType": "text" }
            ] } }
        ]);
        let errors = validate_schema(&schema, &Value::Null).unwrap_err();
        assert_eq!(
            paths(&errors),
            vec![
                ("schema[1].name", messages::DATA_NAME_NOT_UNIQUE),
                (
                    "schema[2].name",
                    "Datanaam 'Naam 2' mag alleen kleine letters a-z, cijfers en _ bevatten."
                ),
                ("schema[3].name", messages::DATA_NAME_MISSING),
                (
                    "schema[4].subform.schema[2].name",
                    messages::DATA_NAME_NOT_UNIQUE
                ),
            ]
        );
    }

    #[test]
    fn shapes_are_reported() {
        let errors = validate_schema(&json!({ "a": 1 }), &json!("x")).unwrap_err();
        assert_eq!(
            paths(&errors),
            vec![
                ("schema", messages::SCHEMA_NOT_A_LIST),
                ("rules", messages::RULES_NOT_A_LIST)
            ]
        );
        let errors = validate_schema(
            &json!([{ "name": "a", "elementType": "text", "rows": "veel" }]),
            &Value::Null,
        )
        .unwrap_err();
        assert_eq!(errors[0].path, "schema[0]");
        assert_eq!(errors[0].message, messages::ELEMENT_INVALID);
        assert!(errors[0].detail.is_some());
    }

    #[test]
    fn rule_references_are_checked() {
        let schema = json!([
            { "name": "aantal", "elementType": "number" },
            { "name": "opmerking", "elementType": "text" },
            { "name": "kop", "elementType": "header" },
            { "name": "regels", "elementType": "subform", "subform": {
                "schema": [{ "name": "bedrag", "elementType": "decimal" }],
                "rules": [{ "ruleName": "binnen", "ruleForm": "_none",
                    "condition_group": { "method": "AND", "conditions": [
                        { "conditionType": "dataValue", "dataName": "aantal", "operator": "=", "value": "1" }
                    ] },
                    "actions": [{ "method": "hide", "dataName": "bedrag" }] }]
            } }
        ]);
        let rules = json!([
            { "ruleName": "goed", "ruleForm": "_none",
              "condition_group": { "method": "OR", "conditions": [
                  { "conditionType": "dataValue", "dataName": "aantal", "operator": ">=", "value": "2" },
                  { "conditionType": "dataValue", "dataName": "registration_phase", "operator": "=", "value": "2" }
              ] },
              "actions": [{ "method": "show", "dataName": "opmerking" }] },
            { "ruleName": "fout", "ruleForm": "_none",
              "condition_group": { "method": "XOR", "conditions": [
                  { "conditionType": "dataValue", "dataName": "aantal", "operator": "starts_with", "value": "2" },
                  { "conditionType": "dataValue", "dataName": "onbekend", "operator": "=", "value": "2" },
                  { "conditionType": "datasource", "dataName": "aantal", "operator": "=", "value": "2" }
              ] },
              "actions": [
                  { "method": "explode", "dataName": "opmerking" },
                  { "method": "set", "dataName": "kop", "value": "x" },
                  { "method": "hide", "dataName": "weg" }
              ] },
            { "ruleName": "sub", "ruleForm": "regels",
              "condition_group": { "method": "AND", "conditions": [
                  { "conditionType": "dataValue", "dataName": "bedrag", "operator": ">", "value": "10" }
              ] },
              "actions": [{ "method": "set", "dataName": "bedrag", "value": "10" }] },
            { "ruleName": "zoek", "ruleForm": "bestaatniet",
              "condition_group": { "method": "AND", "conditions": [] }, "actions": [] }
        ]);
        let errors = validate_schema(&schema, &rules).unwrap_err();
        assert_eq!(
            paths(&errors),
            vec![
                (
                    "rules[1].condition_group.method",
                    "Regel 'fout': methode 'XOR' is onbekend; kies AND of OR."
                ),
                (
                    "rules[1].condition_group.conditions[0].operator",
                    "Regel 'fout': operator 'starts_with' is niet toegestaan voor element 'aantal' (number)."
                ),
                (
                    "rules[1].condition_group.conditions[1].dataName",
                    "Regel 'fout': element 'onbekend' bestaat niet."
                ),
                (
                    "rules[1].condition_group.conditions[2].conditionType",
                    "Regel 'fout': voorwaardetype 'datasource' is onbekend."
                ),
                (
                    "rules[1].actions[0].method",
                    "Regel 'fout': actie 'explode' is onbekend."
                ),
                (
                    "rules[1].actions[1].dataName",
                    "Regel 'fout': element 'kop' (header) kan geen waarde krijgen."
                ),
                (
                    "rules[1].actions[2].dataName",
                    "Regel 'fout': element 'weg' bestaat niet."
                ),
                (
                    "rules[3].ruleForm",
                    "Regel 'zoek': subformulier 'bestaatniet' bestaat niet."
                ),
                (
                    "schema[3].subform.rules[0].condition_group.conditions[0].dataName",
                    "Regel 'binnen': element 'aantal' bestaat niet."
                ),
            ]
        );
    }

    #[test]
    fn a_valid_form_passes() {
        let schema = json!([{ "name": "a", "elementType": "text", "label": "A" }]);
        let rules = json!([{ "ruleName": "r", "ruleForm": "_none",
            "condition_group": { "method": "and", "conditions": [
                { "conditionType": "dataValue", "dataName": "a", "operator": "includes", "value": "x" }] },
            "actions": [{ "method": "visually_hidden", "dataName": "a" }] }]);
        let form = validate_schema(&schema, &rules).unwrap();
        assert_eq!(form.rules.len(), 1);
        assert!(
            validate_schema(&Value::Null, &Value::Null)
                .unwrap()
                .schema
                .is_empty()
        );
    }
}
