//! Delivering a notification e-mail: the letter of its setting, its attachments (the
//! registration PDF, the registration's files, the merged Word document) written to the
//! client's mails folder so `download-emails` can give them again, and the message sent with
//! the delivery's idempotency key as its Message-ID.

use crate::deliver::{Attempt, Loaded};
use crate::jobs::JobContext;
use crate::mail::{Attachment, OutgoingMail};
use crate::word::Styling;
use crate::word_values::RegistrationValues;
use domain::document::{Block, FileRef};
use domain::form::Element;
use domain::messages;
use domain::notice::{Letter, letter};
use domain::notifications::{EmailSetting, WordAttachment, email_settings};
use domain::tokens::{RenderMode, render_tokens};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::Duration;
use tenancy::TenantDb;
use tenancy::tenant::deliveries::Delivery;
use tenancy::tenant::word_templates;

/// Delivers the e-mail of an outbox row.
pub async fn deliver(ctx: &JobContext, db: &TenantDb, loaded: &Loaded, row: &Delivery) -> Attempt {
    let setting = serde_json::from_str::<Value>(&row.setting)
        .ok()
        .and_then(|item| email_settings(&Value::Array(vec![item])).ok())
        .and_then(|mut read| read.pop());
    let Some(setting) = setting else {
        return Attempt::refused(messages::HOOKS_INVALID);
    };
    send_setting(ctx, db, loaded, row, &setting).await
}

/// Sends the letter of `setting` for the registration; also what the merged-registration
/// integration sends.
pub async fn send_setting(
    ctx: &JobContext,
    db: &TenantDb,
    loaded: &Loaded,
    row: &Delivery,
    setting: &EmailSetting,
) -> Attempt {
    let blocks = loaded.blocks(setting.hide_empty);
    let mut letter = letter(setting, &loaded.tokens(), &blocks);
    if let Err(refusal) = developer_mode(&loaded.form_settings, &mut letter) {
        return Attempt::refused(refusal);
    }
    if letter.to.is_empty() {
        return Attempt::refused(messages::NOTICE_NO_RECIPIENT);
    }
    let folder = db.mails_dir().join(&row.id);
    let attachments = match attachments(db, loaded, setting, &blocks, &folder).await {
        Ok(files) => files,
        Err(err) => return Attempt::failed(format!("bijlagen: {err}")),
    };
    let kept = json!(attachments
        .iter()
        .map(|file| json!({"filename": file.filename, "content_type": file.content_type, "path": file.path}))
        .collect::<Vec<_>>())
    .to_string();
    let mail = OutgoingMail {
        // The key names the registration, the event and the hook: a receiver that sees it
        // twice (a retry after a crash mid-send) can tell.
        id: row.idempotency_key.replace(':', "."),
        to: letter.to.join(", "),
        cc: letter.cc.join(", "),
        bcc: letter.bcc.join(", "),
        from_name: letter.from_name,
        subject: letter.subject,
        text: letter.text,
        html: Some(letter.html),
        attachments,
    };
    match ctx.mailer.send(&mail).await {
        Ok(()) => Attempt::Delivered {
            answer: format!("verstuurd naar {}", mail.to),
            attachments: Some(kept),
        },
        Err(err) => Attempt::failed(err.to_string()),
    }
}

/// Developer mode (a form setting only admins switch): every mail goes to the developer's
/// address instead of its recipients.
fn developer_mode(settings: &Value, letter: &mut Letter) -> Result<(), &'static str> {
    if settings
        .get("email_developer_mode")
        .and_then(Value::as_bool)
        != Some(true)
    {
        return Ok(());
    }
    let address = settings
        .get("email_developer_address")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|a| domain::validate::is_valid_email(a))
        .ok_or(messages::NOTICE_NO_DEVELOPER_ADDRESS)?;
    letter.to = vec![address.to_owned()];
    letter.cc.clear();
    letter.bcc.clear();
    Ok(())
}

/// A file name made from a template with tokens: what a mail program and a zip accept.
pub fn file_name(template: &str, loaded: &Loaded, extension: &str) -> String {
    let rendered = render_tokens(template, &loaded.tokens(), RenderMode::Text);
    let mut name: String = rendered
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '_' | ' ' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect();
    name = name.trim().trim_matches('.').to_owned();
    if name.is_empty() {
        name = domain::notifications::DEFAULT_PDF_NAME.to_owned();
    }
    format!("{}.{extension}", name.chars().take(120).collect::<String>())
}

/// Writes what the mail carries into `folder` (emptied first, so a retry starts clean);
/// `blocks` is the registration laid out as the letter shows it.
async fn attachments(
    db: &TenantDb,
    loaded: &Loaded,
    setting: &EmailSetting,
    blocks: &[Block],
    folder: &Path,
) -> std::io::Result<Vec<Attachment>> {
    let _ = tokio::fs::remove_dir_all(folder).await;
    tokio::fs::create_dir_all(folder).await?;
    let mut found = Vec::new();
    let mut keep = |filename: String, content_type: &str, bytes: &[u8]| -> std::io::Result<()> {
        let path = folder.join(format!("{}-{}", found.len() + 1, safe_part(&filename)));
        std::fs::write(&path, bytes)?;
        found.push(Attachment {
            filename,
            content_type: content_type.to_owned(),
            path,
        });
        Ok(())
    };
    if let Some(name) = &setting.pdf {
        let pdf = registration_pdf(db, loaded, blocks.to_vec()).await?;
        keep(file_name(name, loaded, "pdf"), "application/pdf", &pdf)?;
    }
    if let Some(word) = &setting.word {
        let (name, content_type, bytes) = word_document(db, loaded, word).await?;
        keep(name, content_type, &bytes)?;
    }
    if setting.add_attachments {
        // Every file, also of fields the letter hides when empty (a file field is never
        // empty when it has files, so hiding changes nothing here).
        for file in domain::document::all_files(blocks) {
            // A file that is gone (purged with another registration) is left out, not a
            // reason to hold back the whole mail.
            if let Ok(bytes) = tokio::fs::read(db.files_dir().join(&file.id)).await {
                let mime = if file.mime.is_empty() {
                    "application/octet-stream"
                } else {
                    &file.mime
                };
                keep(file.filename.clone(), mime, &bytes)?;
            }
        }
    }
    Ok(found)
}

/// How long LibreOffice may take to turn one merged document into a PDF.
const CONVERT_LIMIT: Duration = Duration::from_secs(60);
const DOCX_TYPE: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// The Word attachment: the template (as processed, or as uploaded when processing has not
/// run) merged with the registration, as docx or converted to pdf.
async fn word_document(
    db: &TenantDb,
    loaded: &Loaded,
    word: &WordAttachment,
) -> std::io::Result<(String, &'static str, Vec<u8>)> {
    let processed = word_templates::prepared_docx(db, &word.file_id)
        .await
        .map_err(std::io::Error::other)?;
    let template = match processed {
        Some(docx) => docx,
        None => tokio::fs::read(db.files_dir().join(&word.file_id)).await?,
    };
    let styling = Styling {
        default_font: Some(word.default_font.clone()).filter(|font| !font.is_empty()),
        colors: word
            .value_color
            .as_deref()
            .map(|colour| value_colours(&loaded.schema, colour))
            .unwrap_or_default(),
    };
    let source = RegistrationValues {
        loaded,
        files_dir: db.files_dir(),
    };
    let merged = crate::word::merge(&template, &source, &styling).map_err(std::io::Error::other)?;
    if !word.as_pdf {
        return Ok((file_name(&word.filename, loaded, "docx"), DOCX_TYPE, merged));
    }
    let pdf = crate::convert::docx_to_pdf(&merged, &db.mails_dir(), CONVERT_LIMIT)
        .await
        .map_err(std::io::Error::other)?;
    Ok((
        file_name(&word.filename, loaded, "pdf"),
        "application/pdf",
        pdf,
    ))
}

/// The value colour for every element's token, subform fields as `subform.field`.
fn value_colours(schema: &[Element], colour: &str) -> HashMap<String, String> {
    let mut colours = HashMap::new();
    for element in schema {
        colours.insert(element.name.clone(), colour.to_owned());
        for field in element.subform_schema() {
            colours.insert(
                format!("{}.{}", element.name, field.name),
                colour.to_owned(),
            );
        }
    }
    colours
}

/// The registration PDF, made on a blocking thread (printpdf and image decoding are CPU work).
async fn registration_pdf(
    db: &TenantDb,
    loaded: &Loaded,
    blocks: Vec<Block>,
) -> std::io::Result<Vec<u8>> {
    let files: PathBuf = db.files_dir();
    let client_name = loaded.client_name.clone();
    let form_name = loaded.form_name.clone();
    let date = loaded.display_date();
    let serial_number = loaded.registration.serial_number;
    let username = loaded.registration.username.clone();
    tokio::task::spawn_blocking(move || {
        let header = crate::pdf::Header {
            client_name: &client_name,
            form_name: &form_name,
            serial_number,
            date: &date,
            username: username.as_deref(),
        };
        let picture = |file: &FileRef| std::fs::read(files.join(&file.id)).ok();
        crate::pdf::registration_pdf(&header, &blocks, &picture).map_err(std::io::Error::other)
    })
    .await
    .map_err(std::io::Error::other)?
}

/// A part of a path made from a name someone typed.
fn safe_part(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '_'
            }
        })
        .collect::<String>()
        .trim_start_matches('.')
        .chars()
        .take(100)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_value_colour_goes_to_every_element_and_subform_field() {
        let schema: Vec<Element> = serde_json::from_value(json!([
            {"elementType": "text", "name": "naam", "label": "Naam"},
            {"elementType": "subform", "name": "posten", "label": "Posten",
             "subform": {"schema": [{"elementType": "text", "name": "post", "label": "Post"}]}}
        ]))
        .unwrap_or_default();
        let colours = value_colours(&schema, "#1565c0");
        assert_eq!(colours.len(), 3);
        assert_eq!(colours["naam"], "#1565c0");
        assert_eq!(colours["posten.post"], "#1565c0");
    }
}
