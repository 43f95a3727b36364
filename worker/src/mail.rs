//! Outgoing mail: through SMTP when `EFORM_SMTP_URL` is set, otherwise written as `.eml`
//! files under `data/mail/` so a newcomer can read every mail the system sends.

use lettre::message::header::ContentType;
use lettre::message::{Attachment as LettreAttachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Sender address of every mail.
pub const FROM: &str = "eform <no-reply@eform.nl>";
/// The address notifications are sent from, under the name their setting gives.
pub const FROM_ADDRESS: &str = "no-reply@eform.nl";

/// A rendered mail, ready to send. `id` makes sending idempotent for the file transport
/// and is the Message-ID for SMTP.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OutgoingMail {
    pub id: String,
    /// One address, or several separated by commas.
    pub to: String,
    /// Like `to`; empty for none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub cc: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub bcc: String,
    /// The sender's name shown with [`FROM_ADDRESS`]; empty: [`FROM`] as it is.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub from_name: String,
    pub subject: String,
    pub text: String,
    /// An HTML body sent beside `text` (multipart/alternative).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub html: Option<String>,
    /// Files sent with it, read when the mail is sent (a queued mail carries only where they
    /// are, never their bytes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attachments: Vec<Attachment>,
}

/// A file sent with a mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attachment {
    /// The name the recipient sees.
    pub filename: String,
    pub content_type: String,
    pub path: PathBuf,
}

/// Why a mail could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("smtp url: {0}")]
    Url(String),
    #[error("building the message: {0}")]
    Build(String),
    #[error("smtp: {0}")]
    Smtp(#[from] lettre::transport::smtp::Error),
    #[error("writing the mail file: {0}")]
    Io(#[from] std::io::Error),
}

/// Where mail goes.
#[derive(Clone)]
pub enum Mailer {
    Smtp(AsyncSmtpTransport<Tokio1Executor>),
    Files(PathBuf),
}

impl std::fmt::Debug for Mailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Mailer::Smtp(_) => f.write_str("Mailer::Smtp"),
            Mailer::Files(dir) => write!(f, "Mailer::Files({})", dir.display()),
        }
    }
}

impl Mailer {
    /// SMTP for `smtp://host:port` (or `smtps://...`), otherwise `.eml` files in `mail_dir`.
    pub fn new(smtp_url: Option<&str>, mail_dir: PathBuf) -> Result<Mailer, MailError> {
        match smtp_url {
            Some(url) => AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
                .map(|builder| Mailer::Smtp(builder.build()))
                .map_err(|err| MailError::Url(err.to_string())),
            None => Ok(Mailer::Files(mail_dir)),
        }
    }

    /// Sends one mail.
    pub async fn send(&self, mail: &OutgoingMail) -> Result<(), MailError> {
        let message = build_message(mail).await?;
        match self {
            Mailer::Smtp(transport) => {
                transport.send(message).await?;
            }
            Mailer::Files(dir) => {
                tokio::fs::create_dir_all(dir).await?;
                // Written under a temporary name and renamed, so a reader never sees half a mail
                // and a retried job overwrites its own file instead of adding a second one.
                let path = dir.join(format!("{}.eml", mail.id));
                let partial = dir.join(format!(".{}.eml.partial", mail.id));
                tokio::fs::write(&partial, message.formatted()).await?;
                tokio::fs::rename(&partial, &path).await?;
            }
        }
        Ok(())
    }
}

fn build_error(err: impl std::fmt::Display) -> MailError {
    MailError::Build(err.to_string())
}

/// The addresses of a comma-separated list.
fn mailboxes(list: &str) -> impl Iterator<Item = Result<Mailbox, MailError>> + '_ {
    list.split(',')
        .map(str::trim)
        .filter(|address| !address.is_empty())
        .map(|address| address.parse::<Mailbox>().map_err(build_error))
}

/// The message of a mail: the text (and HTML beside it), with the attachments read now.
async fn build_message(mail: &OutgoingMail) -> Result<Message, MailError> {
    let from: Mailbox = if mail.from_name.is_empty() {
        FROM.parse().map_err(build_error)?
    } else {
        Mailbox::new(
            Some(mail.from_name.clone()),
            FROM_ADDRESS.parse().map_err(build_error)?,
        )
    };
    let mut builder = Message::builder()
        .from(from)
        .subject(&mail.subject)
        .message_id(Some(format!("<{}@eform.nl>", mail.id)));
    for to in mailboxes(&mail.to) {
        builder = builder.to(to?);
    }
    for cc in mailboxes(&mail.cc) {
        builder = builder.cc(cc?);
    }
    for bcc in mailboxes(&mail.bcc) {
        builder = builder.bcc(bcc?);
    }
    let text = SinglePart::builder()
        .header(ContentType::TEXT_PLAIN)
        .body(mail.text.clone());
    let body = mail.html.as_ref().map(|html| {
        MultiPart::alternative()
            .singlepart(text.clone())
            .singlepart(
                SinglePart::builder()
                    .header(ContentType::TEXT_HTML)
                    .body(html.clone()),
            )
    });
    let message = if mail.attachments.is_empty() {
        match body {
            Some(alternative) => builder.multipart(alternative),
            None => builder.singlepart(text),
        }
    } else {
        let mut parts = match body {
            Some(alternative) => MultiPart::mixed().multipart(alternative),
            None => MultiPart::mixed().singlepart(text),
        };
        for file in &mail.attachments {
            let bytes = tokio::fs::read(&file.path).await?;
            let kind = ContentType::parse(&file.content_type).map_err(build_error)?;
            parts =
                parts.singlepart(LettreAttachment::new(file.filename.clone()).body(bytes, kind));
        }
        builder.multipart(parts)
    };
    message.map_err(build_error)
}
