//! What a registration's event puts in the outbox: the form's e-mails and webhooks due at
//! that moment (document 001 section 3, `send_on_registration_phase`), with each setting
//! kept as it is now. Recorded by the transaction that stores the event; the worker's
//! dispatcher does the rest.

use domain::notifications::{Moment, due};
use tenancy::tenant::deliveries::Planned;
use tenancy::tenant::forms::Form;

/// The deliveries due when a registration of `form` reaches `phase` (workflow forms) or is
/// completed.
pub fn planned(form: &Form, phase: Option<&str>, completed: bool) -> Vec<Planned> {
    due(
        &form.email_settings,
        &form.webhook_integrations,
        Moment { phase, completed },
    )
    .into_iter()
    .map(|item| Planned {
        channel: item.channel.as_str(),
        index: item.index,
        name: item.name,
        hook_type: item.hook_type,
        phase: phase.map(str::to_owned),
        setting: item.setting.to_string(),
    })
    .collect()
}
