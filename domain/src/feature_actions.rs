//! What a sent registration does to datasource features (document 001 section 3, issue 15):
//! a map element's `featureActions` (conditions on the selected feature's data, then
//! setStatus, setValueDatasource or setHidden) and a search element's `itemAction`
//! (setHidden: a chosen item is offered no more). Read from the element's settings, applied to
//! the items the registration selected; the worker writes the result as one delivery per
//! element (`datasource_hooks` on the registration).

use crate::form::{Element, ElementType};
use crate::notifications::{Channel, Due};
use crate::values::{item_property, selected_items};
use serde_json::{Map, Value};

/// The hook type of a datasource delivery.
pub const DATASOURCE_TYPE: &str = "datasource";

/// One condition on a selected feature.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Condition {
    Always,
    /// The feature's data column `name` equals `value` (the spec's only operator, '=').
    DataValue {
        name: String,
        value: String,
    },
}

/// One change to a selected feature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    SetStatus(String),
    SetValue { column: String, value: String },
    SetHidden,
}

/// A feature action: when its conditions hold (all, or any), its actions apply.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    conditions: Vec<Condition>,
    any: bool,
    actions: Vec<Action>,
}

/// The feature actions of one element.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The element's name: where its selection is in the values.
    pub element: String,
    /// The datasource the actions change.
    pub datasource_id: String,
    rules: Vec<Rule>,
}

/// The changes for one feature (by its id in the datasource).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    pub feature_id: i64,
    pub actions: Vec<Action>,
}

fn text(value: Option<&Value>) -> String {
    value.map(crate::values::raw_text).unwrap_or_default()
}

fn rule_of(raw: &Value) -> Option<Rule> {
    let conditions = raw
        .get("conditions")
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .map(
                    |condition| match condition.get("conditionType").and_then(Value::as_str) {
                        Some("dataValue") => Condition::DataValue {
                            name: text(condition.get("dataName")),
                            value: text(condition.get("dataValue")),
                        },
                        _ => Condition::Always,
                    },
                )
                .collect()
        })
        .unwrap_or_default();
    let actions: Vec<Action> = raw
        .get("actions")
        .and_then(Value::as_array)?
        .iter()
        .filter_map(
            |action| match action.get("actionType").and_then(Value::as_str)? {
                "setStatus" => Some(Action::SetStatus(text(action.get("status")))),
                "setValueDatasource" => {
                    let column = text(action.get("datasource_column"));
                    (!column.is_empty()).then(|| Action::SetValue {
                        column,
                        value: text(action.get("datasource_value")),
                    })
                }
                "setHidden" => Some(Action::SetHidden),
                _ => None,
            },
        )
        .collect();
    (!actions.is_empty()).then(|| Rule {
        conditions,
        any: raw.get("conditionMethod").and_then(Value::as_str) == Some("or"),
        actions,
    })
}

/// The plan of an element, when it has actions: a map element's feature actions on its
/// (first) layer's datasource, a search element's setHidden item action.
pub fn plan(element: &Element) -> Option<Plan> {
    let (datasource_id, rules) = match element.element_type {
        ElementType::Map => {
            let settings = element.extra.get("mapSettings")?;
            let datasource = settings
                .get("mapLayers")
                .and_then(Value::as_array)
                .and_then(|layers| layers.first())
                .map(|layer| text(layer.get("datasource_id")))?;
            let rules: Vec<Rule> = settings
                .get("featureActions")
                .and_then(Value::as_array)?
                .iter()
                .filter_map(rule_of)
                .collect();
            (datasource, rules)
        }
        ElementType::Search => {
            let settings = element.extra.get("searchSettings")?;
            let hides = settings.get("itemAction").and_then(Value::as_str) == Some("setHidden");
            let rule = Rule {
                conditions: Vec::new(),
                any: false,
                actions: vec![Action::SetHidden],
            };
            (
                text(settings.get("datasourceId")),
                hides.then_some(rule).into_iter().collect(),
            )
        }
        _ => return None,
    };
    (!datasource_id.is_empty() && !rules.is_empty()).then(|| Plan {
        element: element.name.clone(),
        datasource_id,
        rules,
    })
}

fn holds(condition: &Condition, item: &Map<String, Value>) -> bool {
    match condition {
        Condition::Always => true,
        Condition::DataValue { name, value } => item_property(item, name) == *value,
    }
}

impl Plan {
    /// The changes the registration's `values` ask for: per selected item, the actions of
    /// every rule whose conditions hold (no conditions: always).
    pub fn changes(&self, values: &Map<String, Value>) -> Vec<Change> {
        selected_items(values.get(&self.element))
            .into_iter()
            .filter_map(|item| {
                let feature_id = text(item.get("id")).parse::<i64>().ok()?;
                let actions: Vec<Action> = self
                    .rules
                    .iter()
                    .filter(|rule| {
                        let mut tests = rule.conditions.iter().map(|c| holds(c, item));
                        match (rule.conditions.is_empty(), rule.any) {
                            (true, _) => true,
                            (false, true) => tests.any(|held| held),
                            (false, false) => tests.all(|held| held),
                        }
                    })
                    .flat_map(|rule| rule.actions.iter().cloned())
                    .collect();
                (!actions.is_empty()).then_some(Change {
                    feature_id,
                    actions,
                })
            })
            .collect()
    }
}

/// The datasource deliveries of a form: one per element with a plan, due on completion.
pub fn hooks(elements: &[Element]) -> Vec<Due> {
    elements
        .iter()
        .enumerate()
        .filter_map(|(index, element)| {
            plan(element)?;
            Some(Due {
                channel: Channel::Datasource,
                index,
                name: element.name.clone(),
                hook_type: DATASOURCE_TYPE,
                phases: Vec::new(),
                setting: serde_json::to_string(element).ok()?,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn element(raw: Value) -> Element {
        serde_json::from_value(raw).unwrap_or_else(|err| panic!("element: {err}"))
    }

    fn values(raw: Value) -> Map<String, Value> {
        raw.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn map_actions_apply_where_their_conditions_hold() {
        let map = element(json!({
            "uuid": "m", "name": "kaart", "label": "Kaart", "elementType": "map",
            "mapSettings": {
                "mapLayers": [{ "type": "geojson", "datasource_id": "ds1", "loadingStrategy": "live" }],
                "featureActions": [
                    { "conditions": [{ "conditionType": "always" }], "conditionMethod": "and",
                      "actions": [{ "actionType": "setStatus", "status": "gemeld" }] },
                    { "conditions": [
                          { "conditionType": "dataValue", "dataName": "type", "operator": "=", "dataValue": "LED" },
                          { "conditionType": "dataValue", "dataName": "hoogte", "operator": "=", "dataValue": "8" }],
                      "conditionMethod": "or",
                      "actions": [{ "actionType": "setValueDatasource", "datasource_column": "controle", "datasource_value": "ja" },
                                  { "actionType": "setHidden" }] }
                ]
            }
        }));
        let plan = plan(&map).unwrap_or_else(|| panic!("a plan"));
        assert_eq!(plan.datasource_id, "ds1");
        let changes = plan.changes(&values(json!({ "kaart": [
            { "id": "7", "name": "Paal 7", "data": { "type": "LED", "hoogte": "6" } },
            { "id": "8", "name": "Paal 8", "data": { "type": "SOX", "hoogte": "6" } }
        ] })));
        assert_eq!(
            changes,
            vec![
                Change {
                    feature_id: 7,
                    actions: vec![
                        Action::SetStatus("gemeld".into()),
                        Action::SetValue {
                            column: "controle".into(),
                            value: "ja".into()
                        },
                        Action::SetHidden,
                    ],
                },
                Change {
                    feature_id: 8,
                    actions: vec![Action::SetStatus("gemeld".into())]
                },
            ]
        );
        assert_eq!(hooks(std::slice::from_ref(&map)).len(), 1);
    }

    #[test]
    fn a_search_element_hides_its_chosen_item_only_when_asked() {
        let search = |action: &str| {
            element(json!({
                "uuid": "s", "name": "straat", "label": "Straat", "elementType": "search",
                "searchSettings": { "datasourceId": "ds2", "itemAction": action }
            }))
        };
        assert_eq!(plan(&search("doNothing")), None);
        let hiding = plan(&search("setHidden")).unwrap_or_else(|| panic!("a plan"));
        let changes = hiding.changes(&values(
            json!({ "straat": { "id": "12", "name": "Dorpsstraat" } }),
        ));
        assert_eq!(
            changes,
            vec![Change {
                feature_id: 12,
                actions: vec![Action::SetHidden]
            }]
        );
        assert!(hiding.changes(&values(json!({}))).is_empty());
    }
}
