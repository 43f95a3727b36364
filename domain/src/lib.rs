//! Pure domain logic of eform: no I/O, no clocks, no databases.
//!
//! Everything here is deterministic and tested in place; the data layer (`tenancy`),
//! the jobs (`worker`) and the HTTP server (`api`) build on it.

pub mod access;
pub mod calc;
pub mod computed;
pub mod datasources;
pub mod dates;
pub mod document;
pub mod feature_actions;
pub mod files;
pub mod form;
pub mod ids;
pub mod messages;
pub mod notice;
pub mod notifications;
pub mod periodic;
pub mod purchases;
pub mod raw_json;
pub mod rd;
pub mod review;
pub mod rules;
pub mod sanitize;
pub mod sia;
pub mod submission;
pub mod sync;
pub mod tokens;
pub mod validate;
pub mod values;
pub mod workflow;

/// Runs a file of shared test vectors (`domain/testdata/`, also run by the web app's
/// vitest): every case is checked and all failures are listed by one assertion.
#[cfg(test)]
pub(crate) mod vectors {
    /// `check` pushes a message (starting with the case name) for a case that fails.
    pub fn run<C: serde::de::DeserializeOwned>(json: &str, check: impl Fn(&C, &mut Vec<String>)) {
        let cases: Vec<C> = serde_json::from_str(json).unwrap();
        let mut failures = Vec::new();
        for case in &cases {
            check(case, &mut failures);
        }
        assert!(
            failures.is_empty(),
            "{} of {} failed:\n{}",
            failures.len(),
            cases.len(),
            failures.join("\n")
        );
    }
}
