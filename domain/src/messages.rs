//! Every Dutch text the server sends to users, in one place.
//!
//! Texts quoted in the specification are copied exactly; the others are ours and follow
//! the same tone (formal 'u').

/// 403 for any call the user may not make (spec, document 000 section 6).
pub const FORBIDDEN: &str = "U hebt geen rechten om deze content te bekijken.";
/// 401: missing, unknown, expired or revoked api key.
pub const UNAUTHENTICATED: &str = "Uw sessie is verlopen of ongeldig. Log opnieuw in.";
/// 404 for anything that does not exist or is not visible to the caller.
pub const NOT_FOUND: &str = "Dit onderdeel bestaat niet of is niet toegankelijk.";
/// 500: details go to the log, never to the user.
pub const INTERNAL: &str = "Er is een onverwachte fout opgetreden. Probeer het later opnieuw.";
/// Body that is not valid JSON or does not match the expected shape.
pub const BAD_JSON: &str = "De verzonden gegevens konden niet worden gelezen.";
/// Body with a content type the call does not accept.
pub const BAD_CONTENT_TYPE: &str = "Dit type inhoud wordt niet ondersteund.";
/// Body larger than the call accepts.
pub const TOO_LARGE: &str = "De verzonden gegevens zijn te groot.";

/// Login with a wrong e-mail address or password.
pub const LOGIN_FAILED: &str = "Onjuist e-mailadres of wachtwoord.";
/// Login of a blocked account.
pub const LOGIN_BLOCKED: &str = "Dit account is geblokkeerd. Neem contact op met uw beheerder.";
/// Login refused because of too many failures for the account or the address.
pub const LOGIN_RATE_LIMITED: &str =
    "Te veel mislukte inlogpogingen. Probeer het over 15 minuten opnieuw.";
/// Login without e-mail or password.
pub const LOGIN_FIELDS_REQUIRED: &str = "Vul uw e-mailadres en wachtwoord in.";

/// Answer to 'Wachtwoord vergeten?', the same whether or not the address is known.
pub const PASSWORD_FORGOTTEN_SENT: &str =
    "Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.";
/// Password-reset request without a valid e-mail address.
pub const EMAIL_INVALID: &str = "Vul een geldig e-mailadres in.";
/// Reset link used twice, expired or unknown.
pub const RESET_LINK_INVALID: &str =
    "Deze link is ongeldig of verlopen. Vraag via 'Wachtwoord vergeten?' een nieuwe link aan.";
/// New password too short.
pub const PASSWORD_TOO_SHORT: &str = "Het wachtwoord moet minimaal 8 tekens lang zijn.";
/// New password stored.
pub const PASSWORD_CHANGED: &str = "Uw wachtwoord is opgeslagen. U kunt nu inloggen.";
/// Logged out.
pub const LOGGED_OUT: &str = "U bent uitgelogd.";

/// Subject of the password-reset mail.
pub const MAIL_RESET_SUBJECT: &str = "Nieuw wachtwoord instellen voor eform";
/// Subject of the welcome mail.
pub const MAIL_WELCOME_SUBJECT: &str = "Welkom bij eform";

/// Body of the password-reset mail.
pub fn mail_reset_body(link: &str) -> String {
    format!(
        "Beste gebruiker,\n\nU hebt gevraagd om een nieuw wachtwoord voor eform. Via de volgende link stelt u een nieuw wachtwoord in. De link werkt één keer en is 24 uur geldig.\n\n{link}\n\nHebt u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren; uw wachtwoord blijft dan ongewijzigd.\n\nMet vriendelijke groet,\neform"
    )
}

/// Body of the welcome mail for a new user of a client.
pub fn mail_welcome_body(client_name: &str, link: &str) -> String {
    format!(
        "Beste gebruiker,\n\nEr is een account voor u aangemaakt bij eform voor klant \"{client_name}\". Via de volgende link stelt u uw wachtwoord in. De link is 7 dagen geldig.\n\n{link}\n\nMet vriendelijke groet,\neform"
    )
}
