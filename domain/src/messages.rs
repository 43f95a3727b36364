//! Every Dutch text the server sends to users, in one place.
//!
//! Texts quoted in the specification are copied exactly; the others are ours and follow
//! the same tone (formal 'u').

/// 403 for any call the user may not make (spec, document 000 section 6).
pub const FORBIDDEN: &str = "U hebt geen rechten om deze content te bekijken.";
/// 403 on a client's content while the user has not yet accepted its terms and conditions
/// (spec 000: they must be accepted before use; the web app shows the terms wall instead).
pub const TERMS_REQUIRED: &str = "U moet eerst de algemene voorwaarden van deze klant accepteren.";
/// 429 on a public call (guest sends and uploads, self-registration, password links).
pub const RATE_LIMITED: &str = "Te veel verzoeken. Probeer het over een paar minuten opnieuw.";
/// 401: missing, unknown, expired or revoked api key.
pub const UNAUTHENTICATED: &str = "Uw sessie is verlopen of ongeldig. Log opnieuw in.";
/// 404 for anything that does not exist or is not visible to the caller.
pub const NOT_FOUND: &str = "Dit onderdeel bestaat niet of is niet toegankelijk.";
/// 500: details go to the log, never to the user.
pub const INTERNAL: &str = "Er is een onverwachte fout opgetreden. Probeer het later opnieuw.";
/// Body that is not valid JSON or does not match the expected shape.
pub const BAD_JSON: &str = "De verzonden gegevens konden niet worden gelezen.";
/// Query string that does not match what the call takes.
pub const BAD_QUERY: &str = "De zoekparameters konden niet worden gelezen.";
/// Body with a content type the call does not accept.
pub const BAD_CONTENT_TYPE: &str = "Dit type inhoud wordt niet ondersteund.";
/// A name longer than 255 characters.
pub const NAME_TOO_LONG: &str = "De naam mag maximaal 255 tekens lang zijn.";
/// A name with control characters or invisible characters.
pub const NAME_INVALID: &str = "De naam bevat ongeldige of onzichtbare tekens.";
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
pub const PASSWORD_FORGOTTEN_SENT: &str = "Als dit e-mailadres bij ons bekend is, ontvangt u binnen enkele minuten een e-mail met een link om een nieuw wachtwoord in te stellen.";
/// Password-reset request without a valid e-mail address.
pub const EMAIL_INVALID: &str = "Vul een geldig e-mailadres in.";
/// Reset link used twice, expired or unknown.
pub const RESET_LINK_INVALID: &str =
    "Deze link is ongeldig of verlopen. Vraag via 'Wachtwoord vergeten?' een nieuwe link aan.";
/// New password too short.
pub const PASSWORD_TOO_SHORT: &str = "Het wachtwoord moet minimaal 8 tekens lang zijn.";
/// New password longer than anyone types.
pub const PASSWORD_TOO_LONG: &str = "Het wachtwoord mag maximaal 256 tekens lang zijn.";
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

/// File larger than 20 MB (spec document 000 section 5).
pub const FILE_TOO_LARGE: &str = "Maximale bestandsgrootte is 20Mb.";
/// Upload whose content does not match its name.
pub const FILE_CONTENT_MISMATCH: &str = "De inhoud van dit bestand past niet bij het bestandstype.";
/// Image field given something that is not an image.
pub const FILE_NOT_AN_IMAGE: &str =
    "Alleen afbeeldingen (png, jpeg, gif of bmp) kunnen worden geupload.";
/// A file value that does not refer to a file uploaded here by the sender.
pub const FILE_NOT_UPLOADED_HERE: &str =
    "Een bijlage is niet via dit formulier geüpload. Voeg het bestand opnieuw toe.";
/// Upload without a client or guest form to store it for.
pub const FILE_TARGET_MISSING: &str =
    "Geef aan voor welke klant (client_id) of welk gastformulier (guest_id) het bestand is.";
/// An upload whose bytes do not have the SHA-256 the device gave.
pub const FILE_DIGEST_MISMATCH: &str =
    "Het bestand is onderweg beschadigd geraakt. Probeer het opnieuw.";
/// An upload naming both a client and a guest form.
pub const FILE_TARGET_BOTH: &str =
    "Geef óf een klant (client_id) óf een gastformulier (guest_id) op, niet allebei.";
/// An upload with a `kind` other than 'image'.
pub const FILE_KIND_UNKNOWN: &str = "Het soort bestand (kind) kan alleen 'image' zijn.";
/// The client's storage for files is used up.
pub const CLIENT_STORAGE_FULL: &str =
    "De opslagruimte voor bestanden van deze klant is vol. Neem contact op met uw beheerder.";
/// Guests used up today's upload allowance of the client.
pub const GUEST_UPLOADS_USED_UP: &str = "Via gastformulieren kunnen vandaag geen bestanden meer worden geüpload. Probeer het morgen opnieuw.";
/// Upload without a file.
pub const FILE_MISSING: &str = "Er is geen bestand meegestuurd.";

/// Public registration for a client that does not exist (spec document 000 section 8).
pub const REGISTER_CLIENT_UNKNOWN: &str = "Registratie link is niet geldig. De klant bestaat niet.";
/// Public registration for a client that has self-registration switched off (decision 020).
pub const REGISTER_CLIENT_CLOSED: &str =
    "Registratie link is niet geldig. Deze klant neemt geen aanmeldingen via deze link aan.";
/// Public registration for a form that does not exist or belongs to another client.
pub const REGISTER_FORM_UNKNOWN: &str =
    "Registratie link is niet geldig. Het formulier bestaat niet of hoort niet bij deze klant.";
/// Public registration accepted; shown in the completion dialog. The same for new and
/// existing addresses, so the page cannot be used to find accounts.
pub const REGISTERED: &str = "Bedankt voor uw registratie. U ontvangt een e-mail met een link om uw registratie te bevestigen of uw wachtwoord in te stellen.";
/// A confirmation link that is unknown, used or expired.
pub const JOIN_LINK_INVALID: &str = "Deze bevestigingslink is ongeldig of verlopen. Registreer u opnieuw via de registratielink van de klant.";

/// An existing account joined a client by confirming the mailed link.
pub fn joined(client_name: &str) -> String {
    format!("U bent toegevoegd aan klant \"{client_name}\". U kunt nu inloggen.")
}

/// Subject of the mail with which an existing account confirms joining a client.
pub fn mail_join_subject(client_name: &str) -> String {
    format!("Bevestig uw registratie bij {client_name}")
}

/// Body of that mail.
pub fn mail_join_body(client_name: &str, link: &str) -> String {
    format!(
        "Beste gebruiker,\n\nVia de registratiepagina van klant \"{client_name}\" is gevraagd om uw bestaande eform-account aan deze klant toe te voegen. Bevestig dit via de volgende link. De link werkt één keer en is 7 dagen geldig.\n\n{link}\n\nHebt u dit niet zelf gevraagd? Dan kunt u deze e-mail negeren; er verandert dan niets.\n\nMet vriendelijke groet,\neform"
    )
}

/// Terms and conditions accepted.
pub const TERMS_ACCEPTED: &str = "De algemene voorwaarden zijn geaccepteerd.";

// Forms: schema checks when a form is saved (422 details for the form builder).

/// The schema is not a list of elements.
pub const SCHEMA_NOT_A_LIST: &str = "Het schema moet een lijst met elementen zijn.";
/// The rules are not a list.
pub const RULES_NOT_A_LIST: &str = "De regels moeten een lijst zijn.";
/// An element that is not an object or has fields of the wrong kind.
pub const ELEMENT_INVALID: &str = "Dit element is niet goed opgebouwd.";
/// A rule that is not an object or has fields of the wrong kind.
pub const RULE_INVALID: &str = "Deze regel is niet goed opgebouwd.";
/// An element without `elementType`.
pub const ELEMENT_TYPE_MISSING: &str = "Het elementtype ontbreekt.";
/// An element without a data name.
pub const DATA_NAME_MISSING: &str = "Datanaam is verplicht.";
/// Two elements with one data name on one level (spec, document 001 section 5).
pub const DATA_NAME_NOT_UNIQUE: &str = "Datanaam is niet uniek. Kies een andere datanaam.";

/// A form with more elements than any form needs.
pub const SCHEMA_TOO_LARGE: &str = "Een formulier kan maximaal 2000 elementen bevatten.";
/// A calculation whose formula can never compute.
pub const FORMULA_INVALID: &str = "Deze formule kan niet worden berekend. Gebruik alleen getallen, $datanamen$, haakjes en + - * / ^.";
/// Minimum above maximum.
pub const VALIDATION_MIN_ABOVE_MAX: &str = "Het minimum is groter dan het maximum.";

/// minLength or maxLength that is no whole number of 0 or more.
pub fn validation_length_invalid(rule: &str) -> String {
    format!("De waarde van '{rule}' moet een geheel getal van 0 of hoger zijn.")
}

/// min or max that is no number.
pub fn validation_bound_invalid(rule: &str) -> String {
    format!("De waarde van '{rule}' moet een getal zijn.")
}

/// An `elementType` this version does not know.
pub fn unknown_element_type(element_type: &str) -> String {
    format!("Onbekend elementtype '{element_type}'.")
}

/// A data name outside `^[a-z0-9_]+$`.
pub fn data_name_invalid(name: &str) -> String {
    format!("Datanaam '{name}' mag alleen kleine letters a-z, cijfers en _ bevatten.")
}

// Rules: reported by the rule engine (and by the schema check when a form is saved). The web
// app has the same texts in web/src/lib/form-logic/messages.ts; the shared test vectors keep
// them identical.

/// A condition or action naming an element that does not exist.
pub fn rule_unknown_element(rule: &str, name: &str) -> String {
    format!("Regel '{rule}': element '{name}' bestaat niet.")
}

/// A `ruleForm` that names no subform of the form.
pub fn rule_unknown_subform(rule: &str, subform: &str) -> String {
    format!("Regel '{rule}': subformulier '{subform}' bestaat niet.")
}

/// An operator that is unknown or not allowed for the element's type.
pub fn rule_operator_not_allowed(
    rule: &str,
    operator: &str,
    name: &str,
    element_type: &str,
) -> String {
    format!(
        "Regel '{rule}': operator '{operator}' is niet toegestaan voor element '{name}' ({element_type})."
    )
}

/// A condition group method other than AND or OR.
pub fn rule_unknown_method(rule: &str, method: &str) -> String {
    format!("Regel '{rule}': methode '{method}' is onbekend; kies AND of OR.")
}

/// A condition type other than dataValue.
pub fn rule_unknown_condition_type(rule: &str, condition_type: &str) -> String {
    format!("Regel '{rule}': voorwaardetype '{condition_type}' is onbekend.")
}

/// An action method other than show, hide, visually_hidden or set.
pub fn rule_unknown_action(rule: &str, method: &str) -> String {
    format!("Regel '{rule}': actie '{method}' is onbekend.")
}

/// A `set` on an element whose value is not typed in (layout, files, calculations, ...).
pub fn rule_set_not_allowed(rule: &str, name: &str, element_type: &str) -> String {
    format!("Regel '{rule}': element '{name}' ({element_type}) kan geen waarde krijgen.")
}

/// A `set` of a text that is not a number on a number element.
pub fn rule_set_not_a_number(rule: &str, name: &str, value: &str) -> String {
    format!("Regel '{rule}': waarde '{value}' voor element '{name}' is geen getal.")
}

// Calculations (spec, document 000 section 5).

/// Shown instead of a calculation's result while a field it uses is empty.
pub const CALCULATION_INCOMPLETE: &str =
    "Berekening wordt nog niet uitgevoerd omdat niet alle velden zijn ingevuld.";
/// Shown instead of a calculation's result when the formula cannot be computed.
pub const CALCULATION_ERROR: &str = "Fout";

// Sending a registration: field errors, checked again by the server.

/// A required field left empty (or a required checkbox not ticked).
pub const FIELD_REQUIRED: &str = "Dit veld is verplicht.";
/// A number field holding something else.
pub const FIELD_NUMBER: &str = "Vul een getal in.";
/// A date not in `YYYY-MM-DD` or not on the calendar.
pub const FIELD_DATE: &str = "Vul een geldige datum in (JJJJ-MM-DD).";
/// A time not in `HH:mm`.
pub const FIELD_TIME: &str = "Vul een geldige tijd in (UU:MM).";
/// A date and time not in `YYYY-MM-DD HH:mm`.
pub const FIELD_DATETIME: &str = "Vul een geldige datum en tijd in (JJJJ-MM-DD UU:MM).";
/// A choice that is not one of the element's options.
pub const FIELD_OPTION: &str = "Kies een van de beschikbare opties.";
/// A value of the wrong kind for its element (e.g. a list for a text field).
pub const FIELD_INVALID: &str = "Deze waarde is ongeldig.";
/// A file or image entry without url, filename, type or size.
pub const FIELD_FILE_INVALID: &str = "Dit bestand is niet goed geüpload. Upload het opnieuw.";
/// A signature entry without filename or image data.
pub const FIELD_SIGNATURE_INVALID: &str =
    "De handtekening is niet goed opgeslagen. Zet de handtekening opnieuw.";
/// A location outside the globe or without coordinates.
pub const FIELD_GPS_INVALID: &str = "De locatie is ongeldig.";
/// A tracking value that is not a list of recorded points.
pub const FIELD_TRACK_INVALID: &str = "De opgenomen route is ongeldig.";
/// A value that is neither an e-mail address nor one `$token$`.
pub const FIELD_EMAIL_OR_TOKEN: &str = "Vul een geldig e-mailadres of één $token$ in.";
/// A value that is neither a file name nor one `$token$`.
pub const FIELD_FILENAME_OR_TOKEN: &str =
    "Gebruik alleen letters, cijfers, - en _, of één $token$.";

/// A number below the element's minimum.
pub fn field_min(min: &str) -> String {
    format!("De waarde moet minimaal {min} zijn.")
}

/// A number above the element's maximum.
pub fn field_max(max: &str) -> String {
    format!("De waarde mag maximaal {max} zijn.")
}

/// A text shorter than the element's minimum length.
pub fn field_min_length(min: usize) -> String {
    format!("Vul minimaal {min} tekens in.")
}

/// A text longer than the element's maximum length.
pub fn field_max_length(max: usize) -> String {
    format!("Vul maximaal {max} tekens in.")
}

// The registrations list (document 001 screen 12).

/// Resend of a registration that is not completed or is in the trash (only completed ones
/// can be resent, document 001 section 4).
pub const RESEND_NOT_COMPLETED: &str =
    "Alleen voltooide registraties buiten de prullenbak kunnen opnieuw worden verstuurd.";
/// A filter value longer than 200 characters.
pub const REVIEW_VALUE_TOO_LONG: &str = "Een filterwaarde mag maximaal 200 tekens lang zijn.";
/// More filters than a page takes.
pub const REVIEW_TOO_MANY_FILTERS: &str = "Er kunnen maximaal 20 filters tegelijk worden gebruikt.";

/// A tab, field, operator or direction the list does not know.
pub fn review_unknown(what: &str) -> String {
    format!("'{what}' kan niet worden gebruikt om registraties te filteren of te sorteren.")
}

/// A filter value that should be a date.
pub fn review_not_a_date(value: &str) -> String {
    format!("'{value}' is geen datum (JJJJ-MM-DD).")
}

/// A filter value or page number that should be a number.
pub fn review_not_a_number(value: &str) -> String {
    format!("'{value}' is geen getal.")
}

/// Subject of the weekly registration mail.
pub fn periodic_mail_subject_weekly(form: &str) -> String {
    format!("Registraties van de afgelopen week: {form}")
}

/// Subject of the monthly registration mail.
pub fn periodic_mail_subject_monthly(form: &str) -> String {
    format!("Registraties van de afgelopen maand: {form}")
}

/// Text of a periodic registration mail; dates as `YYYY-MM-DD`.
pub fn periodic_mail_text(form: &str, count: i64, from: &str, last: &str) -> String {
    let what = if count == 1 {
        "1 registratie".to_owned()
    } else {
        format!("{count} registraties")
    };
    format!(
        "Hierbij de {what} van formulier \"{form}\" van {from} tot en met {last}, als CSV-bestand in de bijlage.\n\nDeze mail wordt verstuurd omdat de periodieke mail van dit formulier aan staat. Wijzig de ontvangers op het tabblad Registraties van het formulier.\n"
    )
}

/// E-mail settings or integrations that are not a list of objects.
pub const HOOKS_INVALID: &str = "De instellingen konden niet worden gelezen.";
/// An e-mail notification without a recipient.
pub const EMAIL_TO_REQUIRED: &str = "Vul minstens één ontvanger in.";
/// A webhook URL that is not an http(s) address.
pub const HOOK_URL_INVALID: &str = "Vul een geldige URL in (http:// of https://).";

// Deliveries of e-mails and webhooks (their last answer, shown on the registration).

/// A delivery whose registration is gone (purged from the trash).
pub const DELIVERY_REGISTRATION_GONE: &str = "De registratie bestaat niet meer.";
/// An e-mail none of whose recipients (after tokens) is a valid address.
pub const NOTICE_NO_RECIPIENT: &str = "Geen geldig e-mailadres om de e-mail naar te versturen.";
/// Developer mode is on but no developer address is set.
pub const NOTICE_NO_DEVELOPER_ADDRESS: &str =
    "De ontwikkelmodus staat aan, maar er is geen ontwikkelaarsadres ingesteld.";
/// A Word template whose uploaded file is gone.
pub const WORD_FILE_MISSING: &str = "Het Word-bestand is niet (meer) gevonden.";
/// An upload for a Word attachment that is not a .docx (spec document 001 section 5).
pub const WORD_ONLY_DOCX: &str = "Er kunnen alleen Word (.docx) bestanden worden geupload";
/// A registration whose e-mails carried no files (download-emails).
pub const NO_EMAIL_ATTACHMENTS: &str = "Er zijn geen bijlagen van e-mails om te downloaden.";
/// A webhook URL that points to a private or loopback address.
pub const HOOK_ADDRESS_REFUSED: &str =
    "Het adres van de integratie is een intern adres; daar wordt niet naartoe verstuurd.";
/// A webhook answered with a redirect (not followed).
pub const HOOK_REDIRECT: &str =
    "De integratie antwoordde met een doorverwijzing; die wordt niet gevolgd.";
/// E-mail settings refused because one of them is incomplete or invalid (details per
/// field); spec 001 section 8's text for a failed save of the E-mails tab.
pub const EMAIL_SETTINGS_NOT_SAVED: &str = "Email instellingen konden niet worden aangepast.";
/// Integrations refused because one of them is incomplete or invalid (details per field);
/// spec 001 section 8's text for a failed save of the Integraties tab.
pub const INTEGRATIONS_NOT_SAVED: &str = "Integraties konden niet worden aangepast.";

/// A periodic mail setting that is not an object of the expected fields.
pub const PERIODIC_MAIL_INVALID: &str = "De instelling voor de periodieke mail is ongeldig.";
/// A period other than weekly or monthly.
pub const PERIODIC_MAIL_PERIOD: &str = "Kies wekelijks of maandelijks.";
/// A weekday outside 1 to 7.
pub const PERIODIC_MAIL_DAY: &str = "Kies een dag van 1 (maandag) tot en met 7 (zondag).";
/// A periodic mail switched on without anyone to send it to.
pub const PERIODIC_MAIL_NO_RECIPIENTS: &str = "Voeg minstens één ontvanger toe.";

/// A state transition to a phase outside 1 to 9.
pub const NEXT_PHASE_INVALID: &str = "Kies een fase van 1 tot en met 9.";
/// A workflow phase that shows two state-transition elements (the builder warns about it).
pub const WORKFLOW_TWO_TRANSITIONS: &str = "Deze fase van het formulier heeft meer dan één fase-overgang. Neem contact op met de beheerder van het formulier.";
/// A device that claims another move than the form's.
pub const WORKFLOW_MOVE_REFUSED: &str = "Deze fase-overgang is in deze fase niet toegestaan.";
/// A workflow registration that is not (or no longer) waiting for this user.
pub const WORKFLOW_NOT_YOURS: &str = "Deze registratie is niet (meer) aan u toegewezen.";
/// A workflow registration that was completed or moved on meanwhile.
pub const WORKFLOW_MOVED_ON: &str = "Deze registratie is inmiddels verder in het proces of afgerond. Open haar opnieuw vanuit uw toegewezen registraties.";

/// A download asked for before its export is done.
pub const EXPORT_NOT_READY: &str =
    "Het bestand is nog niet klaar. Wacht tot de download gereed is.";
/// A download link whose file is gone (after 24 hours) or was never made.
pub const EXPORT_EXPIRED: &str = "Deze download is verlopen. Start de download opnieuw.";

/// A page number below 0 or beyond any list.
pub fn review_no_page(page: i64) -> String {
    format!("Pagina {page} bestaat niet.")
}

/// A page size the list does not offer.
pub fn review_page_size(size: i64) -> String {
    format!("{size} registraties per pagina kan niet; kies 10, 20, 50 of 100.")
}

/// A record-search term longer than 200 characters.
pub const SEARCH_TERM_TOO_LONG: &str = "De zoekterm mag maximaal 200 tekens lang zijn.";

/// Send with a fill_token that was used for other data (spec document 000 section 8).
pub const DUPLICATE_SEND: &str = "Deze registratie is al eerder ingestuurd en kon daarom niet opnieuw worden verstuurd. U kunt alsnog op versturen klikken maar dan kan het zijn dat er een dubbele registraties gemaakt wordt.";
/// Send whose values are not an object keyed by element name.
pub const SEND_VALUES_INVALID: &str = "De ingevulde waarden konden niet worden gelezen.";
/// Send that fails validation (spec document 000 section 5).
pub const FORM_INVALID: &str =
    "Controleer het formulier. Sommige velden zijn niet of verkeerd ingevuld.";

/// A sync entry without fill_token, form_id or client_id.
pub const SYNC_ENTRY_INVALID: &str = "Een opgeslagen registratie mist gegevens (fill_token, form_id of client_id) en kon niet worden gesynchroniseerd.";

// Form builder (spec document 001 sections 5 and 8).

/// Folder without a name.
pub const FOLDER_NAME_REQUIRED: &str = "Map naam is verplicht.";
/// Folder created under a parent that is not a folder of this client.
pub const FOLDER_PARENT_UNKNOWN: &str = "De bovenliggende map bestaat niet.";
/// Folder delete refused while forms remain in it or below it.
pub const FOLDER_NOT_EMPTY: &str = "Map kon niet worden verwijderd. Verplaats of verwijder eerst de formulieren in deze map en de mappen daaronder.";
/// Form without a name.
pub const FORM_NAME_REQUIRED: &str = "Formulier naam is verplicht.";
/// Form (or copy) without a folder, or with a folder of another client.
pub const FOLDER_REQUIRED: &str = "Map is verplicht.";
/// A folder id that names no folder of the client.
pub const FOLDER_UNKNOWN: &str = "Deze map bestaat niet (meer).";
/// A change of a form refused because its schema or rules are invalid (details per field).
pub const FORM_NOT_SAVED: &str = "Het formulier kon niet worden aangepast.";
/// Favourite element without a name.
pub const FAVORITE_NAME_REQUIRED: &str = "Favoriet is niet opgeslagen, u moet een naam opgeven";
/// Image tag upload of another type than jpeg, png or gif.
pub const IMAGE_TAG_TYPE_NOT_ALLOWED: &str =
    "Alleen afbeeldingen (jpeg, png of gif) kunnen worden geupload.";
/// Static file upload of a type that is not allowed.
pub const STATIC_FILE_TYPE_NOT_ALLOWED: &str =
    "Alleen pdf, docx, txt, jpeg, png of gif bestanden kunnen worden geupload.";

/// A premium element added to a form of a client without its module (spec 002 section 2).
pub fn premium_element_locked(name: &str, module: &str) -> String {
    format!("Het element '{name}' hoort bij de module '{module}', die deze klant niet heeft.")
}

/// A form type other than default or workflow.
pub fn form_type_unknown(form_type: &str) -> String {
    format!("Onbekend formuliertype '{form_type}'; kies default of workflow.")
}

/// The name of a copied form.
pub fn copy_name(name: &str) -> String {
    format!("Kopie van {name}")
}

/// Client removal asked while other work of the client (an export, an import) runs.
pub const CLIENT_REMOVE_BUSY: &str = "Deze klant kan nu niet worden verwijderd: er loopt nog een taak voor deze klant. Probeer het later opnieuw.";

/// A snapshot or restore asked while the client is being removed or restored.
pub const SNAPSHOT_BUSY: &str =
    "Dit kan nu niet: deze klant wordt verwijderd of teruggezet. Probeer het later opnieuw.";
/// An uploaded file that is no client snapshot.
pub const SNAPSHOT_INVALID: &str =
    "Dit bestand is geen momentopname van een klant (een .tar-bestand uit eform).";

/// A restore of a client that exists, without asking to replace it.
pub fn snapshot_client_exists(name: &str) -> String {
    format!("De klant {name} bestaat al. Kies 'Bestaande klant vervangen' om hem te overschrijven.")
}

/// A client without a name (create and edit).
pub const CLIENT_NAME_REQUIRED: &str = "Vul de naam van de klant in.";
/// A JSON:API body whose type or id does not fit the call.
pub const JSON_API_WRONG_TYPE: &str = "Het type of de id in de verzonden gegevens klopt niet.";
/// A low-credit limit that is not a whole number of at least 0.
pub const CLIENT_LOW_CREDIT_LIMIT: &str =
    "De limiet voor de credits-waarschuwing moet een geheel getal van 0 of hoger zijn.";
/// Someone who is not a user of the client put on its terms list.
pub const CLIENT_TERMS_USER_UNKNOWN: &str = "Alleen gebruikers van deze klant kunnen worden gevraagd de algemene voorwaarden te accepteren.";

/// A module that does not exist.
pub fn client_module_unknown(module: &str) -> String {
    format!("Onbekende module: {module}.")
}

/// A role name that is not a role of a client.
pub fn role_unknown(role: &str) -> String {
    format!("'{role}' is geen rol binnen een klant.")
}

/// Adding a user who is a user of the client already.
pub const USER_ALREADY_IN_CLIENT: &str = "Deze gebruiker hoort al bij deze klant.";

/// The success text of adding a user to a client.
pub fn user_added(email: &str) -> String {
    format!("Gebruiker \"{email}\" is toegevoegd aan deze klant.")
}

/// Removing oneself from a client (it would lock the caller out).
pub const USER_REMOVE_SELF: &str = "U kunt uzelf niet van deze klant verwijderen.";

/// A user removed from a client (document 002 section 8).
pub fn user_removed_from_client(name: &str) -> String {
    format!("Gebruiker \"{name}\" is verwijderd van deze klant.")
}

/// A group without a name ('Groepnaam').
pub const GROUP_NAME_REQUIRED: &str = "Vul de naam van de groep in.";
/// A user added to a group (document 002 section 8).
pub const GROUP_USER_ADDED: &str = "Gebruiker is toegevoegd aan groep.";
/// A user removed from a group (document 002 section 8).
pub const GROUP_USER_REMOVED: &str = "Gebruiker is verwijderd van groep.";

// Credits, bundles, modules and purchases (document 002 sections 5 and 8, decision 022).

/// A required field of a buy or credits form left empty.
pub fn field_required(label: &str) -> String {
    format!("{label} is verplicht.")
}
/// A number of credits that is not a whole number of at least 0.
pub const CREDITS_TOTAL_INVALID: &str =
    "Het aantal credits moet een geheel getal van 0 of hoger zijn.";
/// An expiry date that is no date.
pub const CREDIT_EXPIRY_INVALID: &str = "Vul een geldige vervaldatum in (JJJJ-MM-DD).";
/// Credits added by hand (spec 002 section 8).
pub const CREDITS_ADDED: &str = "Credits zijn toegevoegd aan klant.";
/// Credits bought (spec 002 section 8).
pub const CREDITS_BOUGHT: &str = "Credits zijn gekocht.";
/// A module order confirmed: the client holds it now.
pub const MODULE_GRANTED: &str = "De module is toegevoegd aan de klant.";
/// A module buy without a module (spec 002 section 8).
pub const MODULE_NOT_CHOSEN: &str = "U heeft nog geen module geselecteerd.";
/// A bundle that is not (or no longer) on offer.
pub const BUNDLE_UNKNOWN: &str = "Deze bundel is niet (meer) te koop.";
/// A module that is not on offer.
pub const MODULE_UNKNOWN: &str = "Deze module is niet (meer) te koop.";
/// A module the client holds already.
pub const MODULE_OWNED: &str = "Deze klant heeft deze module al.";
/// The terms of the purchase not accepted.
pub const PURCHASE_TERMS_REQUIRED: &str = "Accepteer de algemene voorwaarden om te bestellen.";
/// The payment provider could not be reached or refused the payment.
pub const PAYMENT_UNAVAILABLE: &str =
    "De betaling kon niet worden gestart. Probeer het later opnieuw.";
/// An order on invoice was received (shown on the credits page the checkout address leads to).
pub const ORDER_RECEIVED: &str = "Uw bestelling is ontvangen. U ontvangt een factuur; zodra de bestelling is bevestigd, staan de credits of de module klaar.";
/// A purchase that was granted already, or is no longer open.
pub const PURCHASE_NOT_OPEN: &str = "Deze bestelling staat niet meer open.";
/// A bundle or module offer with a bad value (admin edit).
pub const OFFER_INVALID: &str =
    "Vul een naam, een aantal credits groter dan 0 en een prijs van 0 of hoger in.";
/// A chart asked for a year or month that does not exist.
pub const CHART_PERIOD_INVALID: &str = "Kies een geldig jaar en een maand van 1 tot en met 12.";
/// Subject of the low-credit mail.
pub fn low_credit_subject(client: &str) -> String {
    format!("Credits van {client} bijna op")
}
/// Body of the low-credit mail.
pub fn low_credit_body(client: &str, left: i64, limit: i64) -> String {
    format!(
        "De credits van {client} zijn bijna op: er zijn nog {left} credits over (de waarschuwingsgrens is {limit}).\n\nKoop nieuwe credits in eform, onder Klantbeheer > Credits. Zonder credits worden nieuwe registraties wel bewaard, maar blijven ze verborgen totdat de credits zijn aangevuld."
    )
}
/// Subject of the mail to sales about an order on invoice.
pub fn order_subject(client: &str) -> String {
    format!("Nieuwe bestelling op factuur van {client}")
}

/// A batch (a removal, a snapshot, a restore) that failed; why is in the server's log.
pub const BATCH_FAILED: &str =
    "Deze taak is mislukt. Probeer het opnieuw of neem contact op met de beheerder.";

// Datasources (document 002 sections 5 and 8, issue 15).

/// A file that is neither CSV nor Excel (spec 002 section 8).
pub const DATASOURCE_FILE_TYPE: &str = "Er kunnen alleen CSV (.csv) bestanden worden geupload";
/// The columns a datasource file lacks.
pub fn datasource_columns_missing(columns: &[&str]) -> String {
    format!(
        "Het bestand mist de kolom(men): {}. Let op hoofdletters; het scheidingsteken is ';'.",
        columns.join(", ")
    )
}
/// A row with fewer cells than the columns it needs.
pub const DATASOURCE_ROW_SHORT: &str = "Deze regel heeft te weinig kolommen.";
/// A row without a name.
pub const DATASOURCE_ROW_NAME: &str = "Deze regel heeft geen naam (object.name).";
/// A row whose coordinates are no numbers.
pub const DATASOURCE_ROW_NUMBER: &str = "De coördinaten van deze regel zijn geen getallen.";
/// A row whose coordinates lie outside the area of its coordinate system.
pub const DATASOURCE_ROW_OUTSIDE: &str = "De coördinaten van deze regel liggen buiten Nederland (of buiten het bereik van het coördinatenstelsel).";
/// A datasource without a name.
pub const DATASOURCE_NAME_REQUIRED: &str = "Naam is verplicht.";
/// Map features without a coordinate system.
pub const DATASOURCE_CRS_REQUIRED: &str = "Kies het coördinatenstelsel van het bestand.";
/// A datasource without a file.
pub const DATASOURCE_FILE_REQUIRED: &str = "Kies een CSV-bestand.";
/// An import asked while one runs.
pub const DATASOURCE_IMPORT_BUSY: &str =
    "Deze databron wordt al ingelezen. Wacht tot dat klaar is.";
/// A viewport that is not one.
pub const DATASOURCE_VIEWPORT_INVALID: &str =
    "Geef een geldig kaartgebied op (left, bottom, right, top).";
/// Map features without the map module (the paid-feature wall).
pub const MODULE_REQUIRED_MAP: &str =
    "Kaart items horen bij de betaalde module Kaart. Koop de module om ze te gebruiken.";
