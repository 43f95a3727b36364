//! A notification e-mail as a letter (document 001 section 3, Email setting): recipients with
//! their tokens resolved, the subject, and the body in HTML and as plain text, made from an
//! e-mail setting and a registration. The worker sends it; nothing here touches a file.

use crate::document::Block;
use crate::notifications::{ContentMode, EmailSetting};
use crate::tokens::{RenderMode, TokenContext, escape_html, render_tokens};
use crate::validate::is_valid_email;

/// A letter ready to be sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub to: Vec<String>,
    pub cc: Vec<String>,
    pub bcc: Vec<String>,
    pub from_name: String,
    pub subject: String,
    pub html: String,
    pub text: String,
}

/// The addresses of a list: each entry an address, or a `$token$` whose value holds one or
/// more addresses (an e-mail field); what is not a valid address after that is left out.
pub fn recipients(entries: &[String], ctx: &TokenContext<'_>) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for entry in entries {
        let resolved = if entry.starts_with('$') {
            render_tokens(entry, ctx, RenderMode::Text)
        } else {
            entry.clone()
        };
        for address in resolved.split([',', ';', ' ', '\n']).map(str::trim) {
            if is_valid_email(address) && !found.iter().any(|f| f.eq_ignore_ascii_case(address)) {
                found.push(address.to_owned());
            }
        }
    }
    found
}

/// The letter of `setting` for a registration laid out as `blocks` (laid out already with
/// the setting's hide-empty choice).
pub fn letter(setting: &EmailSetting, ctx: &TokenContext<'_>, blocks: &[Block]) -> Letter {
    let subject = render_tokens(&setting.subject, ctx, RenderMode::Text)
        .replace(['\r', '\n'], " ")
        .trim()
        .to_owned();
    let content = match setting.mode {
        ContentMode::Manual => render_tokens(&setting.content, ctx, RenderMode::Html),
        ContentMode::Auto => auto_content(blocks),
    };
    let html = if setting.no_styling {
        content
    } else {
        styled(&content)
    };
    Letter {
        to: recipients(&setting.to, ctx),
        cc: recipients(&setting.cc, ctx),
        bcc: recipients(&setting.bcc, ctx),
        from_name: render_tokens(&setting.from_name, ctx, RenderMode::Text)
            .replace(['\r', '\n', '"', '<', '>'], " ")
            .trim()
            .to_owned(),
        subject,
        text: html_to_text(&html),
        html,
    }
}

/// Every label and value of the registration, in the form's order.
pub fn auto_content(blocks: &[Block]) -> String {
    let mut out = String::new();
    write_blocks(blocks, &mut out);
    out
}

fn write_blocks(blocks: &[Block], out: &mut String) {
    let mut in_table = false;
    let mut table = |out: &mut String, open: bool| {
        if open != in_table {
            out.push_str(if open { "<table>" } else { "</table>" });
            in_table = open;
        }
    };
    for block in blocks {
        match block {
            Block::Heading { level, text } => {
                table(out, false);
                let tag = (*level).clamp(1, 4) + 1;
                out.push_str(&format!("<h{tag}>{}</h{tag}>", escape_html(text)));
            }
            Block::Field { label, text } => {
                table(out, true);
                out.push_str(&row(label, &escape_html(text).replace('\n', "<br>")));
            }
            Block::Files { label, files, .. } => {
                table(out, true);
                let names: Vec<String> = files.iter().map(|f| escape_html(&f.filename)).collect();
                out.push_str(&row(label, &names.join("<br>")));
            }
            Block::Subform { label, entries } => {
                table(out, false);
                out.push_str(&format!("<h3>{}</h3>", escape_html(label)));
                for (index, entry) in entries.iter().enumerate() {
                    out.push_str(&format!("<h4>{} {}</h4>", escape_html(label), index + 1));
                    write_blocks(entry, out);
                }
            }
        }
    }
    table(out, false);
}

fn row(label: &str, value_html: &str) -> String {
    format!(
        "<tr><th align=\"left\" valign=\"top\">{}</th><td>{value_html}</td></tr>",
        escape_html(label)
    )
}

/// The body with the house style: inline styles, as mail programs drop style sheets.
fn styled(content: &str) -> String {
    let content = content
        .replace(
            "<table>",
            "<table style=\"border-collapse:collapse;width:100%;max-width:640px\">",
        )
        .replace(
            "<th align=\"left\" valign=\"top\">",
            "<th align=\"left\" valign=\"top\" style=\"padding:4px 12px 4px 0;border-bottom:1px solid #ddd;width:40%\">",
        )
        .replace("<td>", "<td style=\"padding:4px 0;border-bottom:1px solid #ddd\">");
    format!(
        "<div style=\"font-family:Arial,Helvetica,sans-serif;font-size:14px;line-height:1.5;color:#222\">{content}</div>"
    )
}

/// The plain-text part: block ends become line breaks, table cells are separated by ": ",
/// tags are dropped and entities decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&decode(&rest[..start]));
        let Some(end) = rest[start..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[start + 1..start + end].to_ascii_lowercase();
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or("");
        let closing = tag.starts_with('/');
        match (name, closing) {
            ("br", _) | ("p" | "div" | "tr" | "li" | "h1" | "h2" | "h3" | "h4" | "h5", true) => {
                out.push('\n');
            }
            ("th", true) => out.push_str(": "),
            ("td", true) => out.push(' '),
            ("li", false) => out.push_str("- "),
            _ => {}
        }
        rest = &rest[start + end + 1..];
    }
    out.push_str(&decode(rest));
    let lines: Vec<&str> = out.lines().map(str::trim).collect();
    let mut text = lines.join("\n");
    while text.contains("\n\n\n") {
        text = text.replace("\n\n\n", "\n\n");
    }
    text.trim().to_owned()
}

fn decode(text: &str) -> String {
    text.replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::document::layout;
    use crate::form::Element;
    use crate::notifications::email_settings;
    use crate::tokens::RegistrationMeta;
    use serde_json::{Map, Value, json};

    fn schema() -> Vec<Element> {
        serde_json::from_value(json!([
            {"elementType": "text", "name": "naam", "label": "Naam"},
            {"elementType": "email", "name": "email", "label": "E-mail"},
            {"elementType": "textarea", "name": "opmerking", "label": "Opmerking"},
            {"elementType": "text", "name": "leeg", "label": "Leeg"}
        ]))
        .unwrap()
    }

    fn values() -> Map<String, Value> {
        json!({"naam": "Jan <de Vries>", "email": "jan@example.nl", "opmerking": "regel 1\nregel 2"})
            .as_object()
            .cloned()
            .unwrap()
    }

    fn meta() -> RegistrationMeta {
        RegistrationMeta {
            date: Some("2026-11-25 14:07".into()),
            username: Some("inspecteur".into()),
            form_name: Some("Melding".into()),
            serial_number: Some("12".into()),
            phase: None,
        }
    }

    #[test]
    fn recipients_resolve_tokens_and_drop_what_is_no_address() {
        let (schema, values, meta) = (schema(), values(), meta());
        let ctx = TokenContext {
            schema: &schema,
            values: &values,
            registration: &meta,
        };
        let found = recipients(
            &[
                "beheer@gemeente.nl".into(),
                "$email$".into(),
                "$leeg$".into(),
                "BEHEER@gemeente.nl".into(),
            ],
            &ctx,
        );
        assert_eq!(found, ["beheer@gemeente.nl", "jan@example.nl"]);
    }

    #[test]
    fn an_auto_letter_lists_every_filled_field_escaped() {
        let (schema, values, meta) = (schema(), values(), meta());
        let ctx = TokenContext {
            schema: &schema,
            values: &values,
            registration: &meta,
        };
        let setting = email_settings(&json!([{
            "to_addresses": ["$email$"], "cc_addresses": ["cc@gemeente.nl"], "from_name": "Gemeente",
            "email_subject": "Melding $registratie.serienummer$ van $naam$",
            "email_content_mode": "auto", "email_hide_empty_values": true
        }]))
        .unwrap()
        .remove(0);
        let letter = letter(
            &setting,
            &ctx,
            &layout(&schema, &values, setting.hide_empty),
        );
        assert_eq!(letter.to, ["jan@example.nl"]);
        assert_eq!(letter.cc, ["cc@gemeente.nl"]);
        assert_eq!(letter.subject, "Melding 12 van Jan <de Vries>");
        assert!(
            letter.html.contains("Jan &lt;de Vries&gt;"),
            "{}",
            letter.html
        );
        assert!(letter.html.contains("regel 1<br>regel 2"));
        assert!(!letter.html.contains("Leeg"));
        assert!(
            letter.text.contains("Naam: Jan <de Vries>"),
            "{}",
            letter.text
        );
        assert!(letter.text.contains("E-mail: jan@example.nl"));
    }

    #[test]
    fn a_manual_letter_renders_its_tokens_as_html() {
        let (schema, values, meta) = (schema(), values(), meta());
        let ctx = TokenContext {
            schema: &schema,
            values: &values,
            registration: &meta,
        };
        let setting = email_settings(&json!([{
            "to_addresses": ["a@b.nl"], "from_name": "G", "email_subject": "S",
            "email_content_mode": "manual", "email_no_styling": true,
            "email_content": "<p>Beste $naam$,</p><p>Dank voor melding $registratie.serienummer$.</p>"
        }]))
        .unwrap()
        .remove(0);
        let letter = letter(&setting, &ctx, &[]);
        assert_eq!(
            letter.html,
            "<p>Beste Jan &lt;de Vries&gt;,</p><p>Dank voor melding 12.</p>"
        );
        assert_eq!(letter.text, "Beste Jan <de Vries>,\nDank voor melding 12.");
    }
}
