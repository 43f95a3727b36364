//! The API contract, generated from the code: every route is registered through
//! `utoipa_axum::routes!` with its `#[utoipa::path]`, so a route cannot exist without its
//! documentation. [`finish`] then adds what the policy table decides for every operation —
//! the `api-key` security requirement and the answers every guarded, addressed or bodied
//! call can give (401, 403, 404, 400, 413, 415, 422 in the one error shape) — and refuses an
//! operation that has no line in `policy::table`, or a line no operation uses.
//!
//! Served at `GET /api/openapi.json`; `eform openapi` prints it (the web app's API types are
//! generated from that output, see `web/README.md`).

use crate::error::{ErrorBody, FieldError};
use crate::policy::{Rule, table};
use serde_json::{Map, Value, json};
use utoipa::OpenApi;

/// Name of the security scheme for the `api-key` header.
pub const API_KEY_SCHEME: &str = "api_key";
/// Name of the security scheme for the metrics token.
pub const METRICS_SCHEME: &str = "metrics_token";

/// The document's fixed parts: info and the shared schemas.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "eform API",
        description = "The calls of section 7 of the three specification documents. Every call that works in a client carries the `api-key` header (from `POST /api/user/login`). Errors share one shape (`ErrorBody`); 403 answers 'U hebt geen rechten om deze content te bekijken.', or, with `code: terms_required`, that the client's terms must be accepted first."
    ),
    components(schemas(ErrorBody, FieldError))
)]
pub struct Base;

const HTTP_METHODS: [&str; 8] = [
    "get", "put", "post", "delete", "options", "head", "patch", "trace",
];

/// The generated document with the policy's parts added, as JSON.
pub fn finish(doc: utoipa::openapi::OpenApi) -> Result<Value, Vec<String>> {
    let mut json = serde_json::to_value(&doc).map_err(|err| vec![err.to_string()])?;
    json["info"]["version"] = json!(env!("CARGO_PKG_VERSION"));
    // utoipa fills the licence from Cargo.toml, where it is "UNLICENSED": not an API licence.
    if let Some(info) = json["info"].as_object_mut() {
        info.remove("license");
    }
    json["components"]["securitySchemes"] = json!({
        API_KEY_SCHEME: { "type": "apiKey", "in": "header", "name": crate::extract::API_KEY_HEADER,
                          "description": "The api_key answered by POST /api/user/login." },
        METRICS_SCHEME: { "type": "http", "scheme": "bearer",
                          "description": "EFORM_METRICS_TOKEN; without it /metrics answers only to this machine." }
    });
    let mut problems = Vec::new();
    let mut seen: Vec<&'static str> = Vec::new();
    let Some(paths) = json.get_mut("paths").and_then(Value::as_object_mut) else {
        return Err(vec!["the document has no paths".to_owned()]);
    };
    for (path, item) in paths.iter_mut() {
        for method in HTTP_METHODS {
            let Some(operation) = item.get_mut(method).and_then(Value::as_object_mut) else {
                continue;
            };
            let op = operation
                .get("operationId")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_owned();
            let Some(route) = table::find(&op) else {
                problems.push(format!(
                    "{method} {path}: operation '{op}' has no line in policy::table"
                ));
                continue;
            };
            if seen.contains(&route.op) {
                problems.push(format!("{method} {path}: operation '{op}' is used twice"));
            }
            seen.push(route.op);
            complete(path, operation, route.rule);
        }
    }
    for route in table::ALL.iter().filter(|route| !seen.contains(&route.op)) {
        problems.push(format!(
            "policy::table has '{}' but no route documents it",
            route.op
        ));
    }
    if problems.is_empty() {
        Ok(json)
    } else {
        Err(problems)
    }
}

/// Adds the security requirement and the standard error answers of one operation.
fn complete(path: &str, operation: &mut Map<String, Value>, rule: Rule) {
    let api_key = json!({ API_KEY_SCHEME: [] });
    let security = match rule {
        Rule::Public => None,
        Rule::SignedIn | Rule::In(_) | Rule::Platform | Rule::Admin => Some(json!([api_key])),
        // Without a key: a guest through the form's guest link.
        Rule::GuestOr(_) => Some(json!([api_key, {}])),
        Rule::Operator => Some(json!([{ METRICS_SCHEME: [] }, {}])),
    };
    if let Some(security) = security {
        operation.insert("security".to_owned(), security);
    }
    let has_body = operation.contains_key("requestBody");
    let has_query = operation
        .get("parameters")
        .and_then(Value::as_array)
        .is_some_and(|params| params.iter().any(|p| p["in"] == "query"));
    let mut answers: Vec<(&str, &str)> = Vec::new();
    if matches!(
        rule,
        Rule::SignedIn | Rule::In(_) | Rule::GuestOr(_) | Rule::Platform | Rule::Admin
    ) {
        answers.push((
            "401",
            "Not signed in: the api key is missing, unknown, expired or revoked.",
        ));
    }
    if matches!(
        rule,
        Rule::In(_) | Rule::GuestOr(_) | Rule::Operator | Rule::Platform | Rule::Admin
    ) {
        answers.push(("403", "Not allowed for this user in this client, or the client's terms are not accepted yet (`code: terms_required`)."));
    }
    // Every call that works in a client names it (path, query or body), and so can name
    // one that does not exist.
    if path.contains('{') || matches!(rule, Rule::In(_) | Rule::GuestOr(_)) {
        answers.push(("404", "Unknown, deleted, or not visible to the caller."));
    }
    if has_body || has_query {
        answers.push(("400", "The body or query could not be read."));
    }
    if has_body {
        answers.push(("413", "The body is larger than the call accepts."));
        answers.push((
            "415",
            "The body has a content type the call does not accept.",
        ));
        answers.push((
            "422",
            "The input is refused; `errors` points at each field.",
        ));
    }
    let responses = operation.entry("responses").or_insert_with(|| json!({}));
    let Some(responses) = responses.as_object_mut() else {
        return;
    };
    for (status, description) in answers {
        responses
            .entry(status)
            .or_insert_with(|| error_answer(description));
    }
}

/// An answer in the one error shape.
pub fn error_answer(description: &str) -> Value {
    json!({
        "description": description,
        "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ErrorBody" } } }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_operation_has_a_policy_line_and_every_line_an_operation() {
        let (_, doc) = crate::http::routes().split_for_parts();
        if let Err(problems) = finish(doc) {
            panic!("{}", problems.join("\n"));
        }
    }

    /// Every `$ref` names a schema of the document: a type used only in a parameter is not
    /// collected by utoipa and must be inlined there.
    #[test]
    fn every_reference_resolves() {
        let (_, doc) = crate::http::routes().split_for_parts();
        let json = finish(doc).unwrap_or_default();
        let mut refs = Vec::new();
        collect_refs(&json, &mut refs);
        assert!(!refs.is_empty());
        for reference in refs {
            let mut path = reference.trim_start_matches("#/").split('/');
            let found = path.try_fold(&json, |node, part| node.get(part));
            assert!(found.is_some(), "{reference} does not resolve");
        }
    }

    fn collect_refs(node: &Value, refs: &mut Vec<String>) {
        match node {
            Value::Object(map) => {
                if let Some(Value::String(reference)) = map.get("$ref") {
                    refs.push(reference.clone());
                }
                map.values().for_each(|value| collect_refs(value, refs));
            }
            Value::Array(list) => list.iter().for_each(|value| collect_refs(value, refs)),
            _ => {}
        }
    }

    #[test]
    fn a_route_missing_from_the_table_is_refused() {
        #[utoipa::path(get, path = "/api/nieuw", operation_id = "niet_in_de_tabel", responses((status = 200)))]
        async fn nieuw() {}
        let (_, doc) = crate::http::routes()
            .routes(utoipa_axum::routes!(nieuw))
            .split_for_parts();
        let problems = finish(doc).err().unwrap_or_default();
        assert!(
            problems.iter().any(|p| p.contains("niet_in_de_tabel")),
            "{problems:?}"
        );
    }
}
