//! What a registration's event puts in the outbox: the form's e-mails and webhooks due at
//! that moment (document 001 section 3, `send_on_registration_phase`), with each setting
//! kept as it is now. Recorded by the transaction that stores the event; the worker's
//! dispatcher does the rest.

use crate::cache::CachedForm;
use tenancy::tenant::deliveries::Planned;

/// The deliveries due when a registration of `form` reaches `phase` (workflow forms) or is
/// completed.
pub fn planned(form: &CachedForm, phase: Option<&str>, completed: bool) -> Vec<Planned> {
    tenancy::tenant::deliveries::planned(&form.hooks, phase, completed)
}
