//! What a form sends after a registration (document 001 sections 3, 5 and 9): its e-mail
//! settings (`email_settings`) and webhook integrations (`webhook_integrations`), read and
//! checked, and which of them a registration triggers in which phase.

use crate::messages;
use crate::submission::{is_email_or_token, is_filename_or_token};
use crate::validate::is_valid_email;
use crate::workflow::parse_phase;
use serde_json::{Map, Value};

/// Spec 001 section 5: the content of a new e-mail.
pub const DEFAULT_CONTENT: &str = "Hierbij de registratie van $registratie.formuliernaam$";
/// Spec 001 section 3: the name of the registration PDF when none is given.
pub const DEFAULT_PDF_NAME: &str = "Registratie";
/// The fonts a Word attachment may use (spec 001 section 5).
pub const WORD_FONTS: [&str; 9] = [
    "Arial",
    "Verdana",
    "Tahoma",
    "Trebuchet MS",
    "Times New Roman",
    "Georgia",
    "Garamond",
    "Courier New",
    "Brush Script MT",
];
/// Notifications and integrations one form may have.
pub const MAX_HOOKS: usize = 50;

/// How the body of an e-mail is made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContentMode {
    /// The rich text the form manager wrote, with tokens.
    Manual,
    /// Every label and value of the registration.
    Auto,
}

/// A Word attachment: a template merged with the registration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordAttachment {
    /// The uploaded template (an uploaded file's id).
    pub file_id: String,
    /// The name of the attachment, with tokens.
    pub filename: String,
    /// Sent as pdf (converted) or as the merged docx.
    pub as_pdf: bool,
    /// `styling_options.word_document_default_font`: one of [`WORD_FONTS`].
    pub default_font: String,
    /// `styling_options.word_document_value_color` (`#RRGGBB`): the colour the merged values
    /// are written in; None (or black) keeps the template's.
    pub value_color: Option<String>,
}

/// One e-mail notification of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmailSetting {
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub bcc: Vec<String>,
    pub from_name: String,
    pub subject: String,
    pub mode: ContentMode,
    /// Rich text (HTML) with tokens; manual mode.
    pub content: String,
    pub hide_empty: bool,
    /// The registration as PDF, with this file name (tokens allowed).
    pub pdf: Option<String>,
    /// The files uploaded in the registration go with it.
    pub add_attachments: bool,
    /// No styling in the body (plain layout).
    pub no_styling: bool,
    pub word: Option<WordAttachment>,
    /// Workflow forms: the phases whose reaching sends it; empty: when the registration is
    /// completed.
    pub phases: Vec<String>,
}

/// What a webhook integration does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HookType {
    /// The registration as JSON to a URL.
    PostToUrl { url: String },
    /// A signal in the shape of the Signalen (SIA) API to its endpoint.
    SiaSignalCreate {
        url: String,
        /// `sia_category`: the Signalen sub-category URL the signal is filed under.
        category: Option<String>,
    },
    /// The registration merged into one e-mail to an address.
    SchoutenMergeRegistrations { email: String },
}

impl HookType {
    /// The spec's name of the type.
    pub fn name(&self) -> &'static str {
        match self {
            HookType::PostToUrl { .. } => "post-to-url",
            HookType::SiaSignalCreate { .. } => "sia-signal-create",
            HookType::SchoutenMergeRegistrations { .. } => "schouten-merge-registrations",
        }
    }
}

/// One webhook integration of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Webhook {
    pub name: String,
    pub kind: HookType,
    /// As for e-mails: the phases that send it on workflow forms; empty: on completion.
    pub phases: Vec<String>,
}

/// One problem, at its path inside the list (`0/to_addresses/1`).
pub type Problem = (String, &'static str);

fn text<'a>(object: &'a Map<String, Value>, key: &str) -> &'a str {
    object
        .get(key)
        .and_then(Value::as_str)
        .map_or("", str::trim)
}

fn flag(object: &Map<String, Value>, key: &str) -> bool {
    object.get(key).and_then(Value::as_bool).unwrap_or(false)
}

/// An address list as stored: a list of addresses (or of `{email}`), or one text with
/// commas; empty entries are left out.
fn addresses(value: Option<&Value>) -> Vec<String> {
    let raw: Vec<String> = match value {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(|item| {
                item.as_str()
                    .or_else(|| item.get("email").and_then(Value::as_str))
            })
            .map(str::to_owned)
            .collect(),
        Some(Value::String(text)) => text.split([',', ';']).map(str::to_owned).collect(),
        _ => Vec::new(),
    };
    raw.into_iter()
        .map(|a| a.trim().to_owned())
        .filter(|a| !a.is_empty())
        .collect()
}

fn phases(object: &Map<String, Value>, path: &str, problems: &mut Vec<Problem>) -> Vec<String> {
    let mut found = Vec::new();
    match object.get("send_on_registration_phase") {
        None | Some(Value::Null) => {}
        Some(Value::Array(items)) => {
            for (index, item) in items.iter().enumerate() {
                match parse_phase(item) {
                    Some(phase) => found.push(phase),
                    None => problems.push((
                        format!("{path}/send_on_registration_phase/{index}"),
                        messages::NEXT_PHASE_INVALID,
                    )),
                }
            }
        }
        Some(single) => match parse_phase(single) {
            Some(phase) => found.push(phase),
            None => problems.push((
                format!("{path}/send_on_registration_phase"),
                messages::NEXT_PHASE_INVALID,
            )),
        },
    }
    found
}

fn list<'a>(value: &'a Value, problems: &mut Vec<Problem>) -> &'a [Value] {
    match value {
        Value::Array(items) if items.len() <= MAX_HOOKS => items,
        Value::Null => &[],
        _ => {
            problems.push((String::new(), messages::HOOKS_INVALID));
            &[]
        }
    }
}

/// Reads and checks a form's `email_settings` (document 001 section 5).
pub fn email_settings(value: &Value) -> Result<Vec<EmailSetting>, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut settings = Vec::new();
    for (index, item) in list(value, &mut problems).iter().enumerate() {
        let path = index.to_string();
        let Some(object) = item.as_object() else {
            problems.push((path, messages::HOOKS_INVALID));
            continue;
        };
        let to = addresses(object.get("to_addresses"));
        if to.is_empty() {
            problems.push((format!("{path}/to_addresses"), messages::EMAIL_TO_REQUIRED));
        }
        let (cc, bcc) = (
            addresses(object.get("cc_addresses")),
            addresses(object.get("bcc_addresses")),
        );
        for (key, entries) in [
            ("to_addresses", &to),
            ("cc_addresses", &cc),
            ("bcc_addresses", &bcc),
        ] {
            for (n, address) in entries.iter().enumerate() {
                if !is_email_or_token(address) {
                    problems.push((format!("{path}/{key}/{n}"), messages::FIELD_EMAIL_OR_TOKEN));
                }
            }
        }
        for key in ["from_name", "email_subject"] {
            if text(object, key).is_empty() {
                problems.push((format!("{path}/{key}"), messages::FIELD_REQUIRED));
            }
        }
        let mode = if text(object, "email_content_mode") == "auto" {
            ContentMode::Auto
        } else {
            ContentMode::Manual
        };
        let content = text(object, "email_content").to_owned();
        if mode == ContentMode::Manual && content.is_empty() {
            problems.push((format!("{path}/email_content"), messages::FIELD_REQUIRED));
        }
        let pdf = flag(object, "email_add_attachment_registration_pdf").then(|| {
            let name = text(object, "email_add_attachment_registration_pdf_file_name");
            if name.is_empty() {
                DEFAULT_PDF_NAME.to_owned()
            } else {
                name.to_owned()
            }
        });
        if let Some(name) = &pdf
            && !is_filename_or_token(name)
        {
            problems.push((
                format!("{path}/email_add_attachment_registration_pdf_file_name"),
                messages::FIELD_FILENAME_OR_TOKEN,
            ));
        }
        let word = flag(object, "email_send_word_attachment")
            .then(|| word_attachment(object, &path, &mut problems))
            .flatten();
        let phases = phases(object, &path, &mut problems);
        settings.push(EmailSetting {
            to,
            cc,
            bcc,
            from_name: text(object, "from_name").to_owned(),
            subject: text(object, "email_subject").to_owned(),
            mode,
            content,
            hide_empty: flag(object, "email_hide_empty_values"),
            pdf,
            add_attachments: flag(object, "email_add_attachments"),
            no_styling: flag(object, "email_no_styling"),
            word,
            phases,
        });
    }
    if problems.is_empty() {
        Ok(settings)
    } else {
        Err(problems)
    }
}

fn word_attachment(
    object: &Map<String, Value>,
    path: &str,
    problems: &mut Vec<Problem>,
) -> Option<WordAttachment> {
    let upload = object.get("word_upload");
    let file_id = upload
        .and_then(|u| u.get("fid").or_else(|| u.get("file_id")))
        .and_then(Value::as_str)
        .or_else(|| upload.and_then(Value::as_str))
        .unwrap_or_default()
        .to_owned();
    if file_id.is_empty() {
        problems.push((format!("{path}/word_upload"), messages::FIELD_REQUIRED));
    }
    let filename = text(object, "word_filename").to_owned();
    if filename.is_empty() {
        problems.push((format!("{path}/word_filename"), messages::FIELD_REQUIRED));
    } else if !is_filename_or_token(&filename) {
        problems.push((
            format!("{path}/word_filename"),
            messages::FIELD_FILENAME_OR_TOKEN,
        ));
    }
    let as_pdf = match text(object, "send_as_filetype") {
        "pdf" => true,
        "docx" => false,
        _ => {
            problems.push((format!("{path}/send_as_filetype"), messages::FIELD_REQUIRED));
            true
        }
    };
    let font = object
        .get("styling_options")
        .and_then(|options| options.get("word_document_default_font"))
        .and_then(Value::as_str)
        .unwrap_or_default();
    if !WORD_FONTS.contains(&font) {
        problems.push((
            format!("{path}/styling_options/word_document_default_font"),
            messages::FIELD_REQUIRED,
        ));
    }
    let value_color = object
        .get("styling_options")
        .and_then(|options| options.get("word_document_value_color"))
        .and_then(Value::as_str)
        .filter(|colour| is_hex_colour(colour) && !colour.eq_ignore_ascii_case("#000000"))
        .map(str::to_owned);
    (!file_id.is_empty()).then(|| WordAttachment {
        file_id,
        filename,
        as_pdf,
        default_font: font.to_owned(),
        value_color,
    })
}

/// `#RRGGBB`.
fn is_hex_colour(text: &str) -> bool {
    text.len() == 7 && text.starts_with('#') && text[1..].bytes().all(|b| b.is_ascii_hexdigit())
}

/// True for an http(s) URL with a host: the only kind a webhook may call.
pub fn is_web_url(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"))
    else {
        return false;
    };
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    !host.is_empty() && !host.contains(char::is_whitespace) && !url.contains(char::is_whitespace)
}

/// Reads and checks a form's `webhook_integrations` (document 001 sections 5 and 9).
pub fn webhooks(value: &Value) -> Result<Vec<Webhook>, Vec<Problem>> {
    let mut problems = Vec::new();
    let mut hooks = Vec::new();
    for (index, item) in list(value, &mut problems).iter().enumerate() {
        let path = index.to_string();
        let Some(object) = item.as_object() else {
            problems.push((path, messages::HOOKS_INVALID));
            continue;
        };
        let name = text(object, "hook_name");
        if name.is_empty() {
            problems.push((format!("{path}/hook_name"), messages::FIELD_REQUIRED));
        }
        let url = text(object, "hook_url").to_owned();
        let url_checked = |problems: &mut Vec<Problem>| {
            if url.is_empty() {
                problems.push((format!("{path}/hook_url"), messages::FIELD_REQUIRED));
            } else if !is_web_url(&url) {
                problems.push((format!("{path}/hook_url"), messages::HOOK_URL_INVALID));
            }
        };
        let kind = match text(object, "hook_type") {
            "post-to-url" => {
                url_checked(&mut problems);
                Some(HookType::PostToUrl { url: url.clone() })
            }
            "sia-signal-create" => {
                url_checked(&mut problems);
                Some(HookType::SiaSignalCreate {
                    url: url.clone(),
                    category: Some(text(object, "sia_category"))
                        .filter(|c| !c.is_empty())
                        .map(str::to_owned),
                })
            }
            "schouten-merge-registrations" => {
                let email = text(object, "merged_registration_email").to_owned();
                if email.is_empty() {
                    problems.push((
                        format!("{path}/merged_registration_email"),
                        messages::FIELD_REQUIRED,
                    ));
                } else if !is_valid_email(&email) {
                    problems.push((
                        format!("{path}/merged_registration_email"),
                        messages::EMAIL_INVALID,
                    ));
                }
                Some(HookType::SchoutenMergeRegistrations { email })
            }
            _ => {
                problems.push((format!("{path}/hook_type"), messages::FIELD_REQUIRED));
                None
            }
        };
        let phases = phases(object, &path, &mut problems);
        if let Some(kind) = kind {
            hooks.push(Webhook {
                name: name.to_owned(),
                kind,
                phases,
            });
        }
    }
    if problems.is_empty() {
        Ok(hooks)
    } else {
        Err(problems)
    }
}

/// When a registration is stored or moved: the phase it reached, and whether it is complete.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Moment<'a> {
    /// The phase it is in now (workflow forms).
    pub phase: Option<&'a str>,
    /// Completed by this send (every send of a form without phases).
    pub completed: bool,
}

/// Whether a notification with `phases` is due at `moment`: on the phases it names, or, when
/// it names none, when the registration is completed.
pub fn due_at(phases: &[String], moment: Moment<'_>) -> bool {
    if phases.is_empty() {
        moment.completed
    } else {
        moment
            .phase
            .is_some_and(|phase| phases.iter().any(|p| p == phase))
    }
}

/// The kinds of delivery.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Email,
    Webhook,
    /// Feature actions on a datasource (`crate::feature_actions`).
    Datasource,
}

impl Channel {
    pub fn as_str(self) -> &'static str {
        match self {
            Channel::Email => "email",
            Channel::Webhook => "webhook",
            Channel::Datasource => "datasource",
        }
    }
}

/// The hook type of an e-mail delivery (webhooks use [`HookType::name`]).
pub const EMAIL_TYPE: &str = "email";

/// One e-mail setting or webhook integration of a form, read once (the send path keeps
/// them with the cached form) and asked at each moment whether it is due.
#[derive(Debug, Clone, PartialEq)]
pub struct Due {
    pub channel: Channel,
    /// Its place in the form's list.
    pub index: usize,
    /// What managers see on the registration: the subject or the integration's name.
    pub name: String,
    pub hook_type: &'static str,
    /// The phases whose reaching sends it; none: on completion.
    pub phases: Vec<String>,
    /// The setting as stored (JSON text), kept with each delivery.
    pub setting: String,
}

impl Due {
    /// Whether it is due at `moment`.
    pub fn is_due(&self, moment: Moment<'_>) -> bool {
        due_at(&self.phases, moment)
    }
}

/// Every e-mail setting and integration of a form. Each is read on its own, so one that no
/// longer reads (saved before the checks existed) leaves the others alone.
pub fn hooks(email_list: &Value, webhook_list: &Value) -> Vec<Due> {
    let items = |list: &Value| list.as_array().cloned().unwrap_or_default();
    let mut found = Vec::new();
    for (index, item) in items(email_list).into_iter().enumerate() {
        if let Some(setting) = email_settings(&Value::Array(vec![item.clone()]))
            .ok()
            .and_then(|mut read| read.pop())
        {
            let name = if setting.subject.is_empty() {
                format!("E-mail {}", index + 1)
            } else {
                setting.subject
            };
            found.push(Due {
                channel: Channel::Email,
                index,
                name,
                hook_type: EMAIL_TYPE,
                phases: setting.phases,
                setting: item.to_string(),
            });
        }
    }
    for (index, item) in items(webhook_list).into_iter().enumerate() {
        if let Some(hook) = webhooks(&Value::Array(vec![item.clone()]))
            .ok()
            .and_then(|mut read| read.pop())
        {
            found.push(Due {
                channel: Channel::Webhook,
                index,
                hook_type: hook.kind.name(),
                name: hook.name,
                phases: hook.phases,
                setting: item.to_string(),
            });
        }
    }
    found
}

/// Every delivery of a form: its e-mail settings and integrations, then the feature actions
/// of its elements (`schema`, read element by element like the settings).
pub fn form_hooks(email_list: &Value, webhook_list: &Value, schema: &Value) -> Vec<Due> {
    let elements: Vec<crate::form::Element> = schema
        .as_array()
        .map(|list| {
            list.iter()
                .filter_map(|item| serde_json::from_value(item.clone()).ok())
                .collect()
        })
        .unwrap_or_default();
    let mut found = hooks(email_list, webhook_list);
    found.extend(crate::feature_actions::hooks(&elements));
    found
}

/// The e-mails and webhooks of a form due at `moment`.
pub fn due(email_list: &Value, webhook_list: &Value, moment: Moment<'_>) -> Vec<Due> {
    hooks(email_list, webhook_list)
        .into_iter()
        .filter(|hook| hook.is_due(moment))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn paths(problems: &[Problem]) -> Vec<&str> {
        problems.iter().map(|(path, _)| path.as_str()).collect()
    }

    #[test]
    fn e_mail_settings_are_checked_as_section_5_says() {
        let ok = email_settings(&json!([{
            "to_addresses": ["beheer@gemeente.nl", "$email$"], "cc_addresses": "a@b.nl, c@d.nl",
            "from_name": "Gemeente", "email_subject": "Melding $registratie.serienummer$",
            "email_content_mode": "manual", "email_content": "<p>Hallo</p>",
            "email_add_attachment_registration_pdf": true, "email_hide_empty_values": true,
            "send_on_registration_phase": ["2", 3]
        }]))
        .unwrap();
        assert_eq!(ok[0].cc, ["a@b.nl", "c@d.nl"]);
        assert_eq!(ok[0].pdf.as_deref(), Some("Registratie"));
        assert_eq!(ok[0].phases, ["2", "3"]);
        let bad = email_settings(&json!([{
            "to_addresses": ["geen adres", "$twee$ $tokens$"], "bcc_addresses": ["x"],
            "email_content_mode": "manual",
            "email_add_attachment_registration_pdf": true, "email_add_attachment_registration_pdf_file_name": "mijn pdf!",
            "email_send_word_attachment": true, "word_filename": "brief $naam$",
            "send_on_registration_phase": ["0"]
        }]))
        .unwrap_err();
        assert_eq!(
            paths(&bad),
            [
                "0/to_addresses/0",
                "0/to_addresses/1",
                "0/bcc_addresses/0",
                "0/from_name",
                "0/email_subject",
                "0/email_content",
                "0/email_add_attachment_registration_pdf_file_name",
                "0/word_upload",
                "0/word_filename",
                "0/send_as_filetype",
                "0/styling_options/word_document_default_font",
                "0/send_on_registration_phase/0",
            ]
        );
        let empty = email_settings(
            &json!([{ "from_name": "x", "email_subject": "y", "email_content_mode": "auto" }]),
        )
        .unwrap_err();
        assert_eq!(
            empty,
            [("0/to_addresses".to_owned(), messages::EMAIL_TO_REQUIRED)]
        );
    }

    #[test]
    fn webhooks_are_checked_per_type() {
        let ok = webhooks(&json!([
            { "hook_name": "Systeem", "hook_type": "post-to-url", "hook_url": "https://systeem.example/haak" },
            { "hook_name": "Signalen", "hook_type": "sia-signal-create", "hook_url": "http://signalen.example/v1/signals" },
            { "hook_name": "Schouten", "hook_type": "schouten-merge-registrations", "merged_registration_email": "post@schouten.nl" }
        ]))
        .unwrap();
        assert_eq!(
            ok.iter().map(|h| h.kind.name()).collect::<Vec<_>>(),
            [
                "post-to-url",
                "sia-signal-create",
                "schouten-merge-registrations"
            ]
        );
        let bad = webhooks(&json!([
            { "hook_type": "post-to-url", "hook_url": "javascript:alert(1)" },
            { "hook_name": "x", "hook_type": "ftp" },
            { "hook_name": "y", "hook_type": "schouten-merge-registrations", "merged_registration_email": "geen" }
        ]))
        .unwrap_err();
        assert_eq!(
            paths(&bad),
            [
                "0/hook_name",
                "0/hook_url",
                "1/hook_type",
                "2/merged_registration_email"
            ]
        );
    }

    #[test]
    fn a_notification_is_due_on_its_phases_or_on_completion() {
        let none: Vec<String> = Vec::new();
        let second = vec!["2".to_owned()];
        let sent = Moment {
            phase: None,
            completed: true,
        };
        let moved = Moment {
            phase: Some("2"),
            completed: false,
        };
        assert!(due_at(&none, sent));
        assert!(!due_at(&none, moved));
        assert!(due_at(&second, moved));
        assert!(!due_at(
            &second,
            Moment {
                phase: Some("3"),
                completed: true
            }
        ));
        assert!(is_web_url("https://a.example/x?y=1"));
        assert!(
            !is_web_url("https:///x")
                && !is_web_url("file:///etc/passwd")
                && !is_web_url("http://a b")
        );
    }

    #[test]
    fn due_reads_each_setting_alone_and_follows_the_phases() {
        let emails = json!([
            {"to_addresses": ["a@b.nl"], "from_name": "G", "email_subject": "Nieuw",
             "email_content_mode": "auto"},
            {"to_addresses": ["geen adres"]},
            {"to_addresses": ["a@b.nl"], "from_name": "G", "email_subject": "Fase 2",
             "email_content_mode": "auto", "send_on_registration_phase": ["2"]}
        ]);
        let hooks = json!([{"hook_name": "Zaaksysteem", "hook_type": "post-to-url",
                            "hook_url": "https://example.org/hook"}]);
        let done = due(
            &emails,
            &hooks,
            Moment {
                phase: None,
                completed: true,
            },
        );
        let names: Vec<_> = done
            .iter()
            .map(|d| (d.channel, d.index, d.name.as_str()))
            .collect();
        assert_eq!(
            names,
            [
                (Channel::Email, 0, "Nieuw"),
                (Channel::Webhook, 0, "Zaaksysteem")
            ]
        );
        assert_eq!(done[1].hook_type, "post-to-url");
        let phase_two = due(
            &emails,
            &hooks,
            Moment {
                phase: Some("2"),
                completed: false,
            },
        );
        assert_eq!(phase_two.len(), 1);
        assert_eq!(phase_two[0].index, 2);
    }
}
