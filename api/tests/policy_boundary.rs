//! The policy is the only road from a request to a tenant, and every route is documented:
//! facts of the code, checked here on the route modules themselves. A route module that
//! opens the tenant registry directly (`Tenants::for_operations`, meant for the command
//! line, the seed and jobs) or registers a route past `utoipa_axum::routes!` (and so past
//! the OpenAPI document, the policy table and the matrix test) fails this test.

use std::path::Path;

#[test]
fn route_modules_reach_tenants_only_through_the_policy_and_document_every_route() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/routes");
    let mut problems = Vec::new();
    let mut modules = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|ext| ext != "rs") {
            continue;
        }
        modules += 1;
        let source = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        for (forbidden, why) in [
            ("for_operations", "opens a tenant without the policy"),
            ("TenantRegistry", "opens a tenant without the policy"),
            (
                "axum::routing",
                "registers a route outside utoipa_axum::routes!",
            ),
            (".route(", "registers a route outside utoipa_axum::routes!"),
        ] {
            if source.contains(forbidden) {
                problems.push(format!("{name}: `{forbidden}` {why}"));
            }
        }
    }
    assert!(modules > 10, "no route modules found in {}", dir.display());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
