//! Delivering a webhook integration: the registration as JSON (post-to-url), as a Signalen
//! signal (sia-signal-create), or merged into one e-mail (schouten-merge-registrations).
//!
//! Every call is signed: `X-Eform-Signature: sha256=<hex>` is the HMAC-SHA256, keyed with the
//! client's webhook secret, of `<X-Eform-Timestamp>.<body>`; `Idempotency-Key` is the
//! delivery's key, the same on every retry. Only http(s) URLs are called, never a private,
//! loopback or link-local address unless the settings allow it (the host is resolved here and
//! the call pinned to the checked address, so a DNS answer cannot change in between), and
//! redirects are not followed.

use crate::deliver::{Attempt, Loaded};
use crate::jobs::JobContext;
use domain::messages;
use domain::notifications::{ContentMode, EmailSetting, HookType, webhooks};
use hmac::{Hmac, Mac};
use serde_json::{Value, json};
use sha2::Sha256;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;
use tenancy::TenantDb;
use tenancy::tenant::deliveries::Delivery;

/// How long a receiver may take to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// How much of an answer is kept in the delivery log.
const ANSWER_CHARS: usize = 300;

/// Delivers the webhook of an outbox row.
pub async fn deliver(ctx: &JobContext, db: &TenantDb, loaded: &Loaded, row: &Delivery) -> Attempt {
    let hook = serde_json::from_str::<Value>(&row.setting)
        .ok()
        .and_then(|item| webhooks(&Value::Array(vec![item])).ok())
        .and_then(|mut read| read.pop());
    let Some(hook) = hook else {
        return Attempt::refused(messages::HOOKS_INVALID);
    };
    match &hook.kind {
        HookType::PostToUrl { url } => {
            post(
                ctx,
                db,
                url,
                &registration_json(loaded),
                &row.idempotency_key,
            )
            .await
        }
        HookType::SiaSignalCreate { url, category } => {
            let blocks = loaded.blocks(true);
            let date = domain::dates::rfc3339_utc(loaded.registration.created_at);
            let facts = domain::sia::Facts {
                incident_date: &date,
                category: category.as_deref(),
            };
            let signal = domain::sia::signal(&loaded.schema, &loaded.values, &blocks, facts);
            post(ctx, db, url, &signal, &row.idempotency_key).await
        }
        HookType::SchoutenMergeRegistrations { email } => {
            crate::notice::send_setting(ctx, db, loaded, row, &merged_mail(email)).await
        }
    }
}

/// The merged-registration e-mail: every answer in the body and the registration PDF.
fn merged_mail(address: &str) -> EmailSetting {
    EmailSetting {
        to: vec![address.to_owned()],
        cc: Vec::new(),
        bcc: Vec::new(),
        from_name: "eform".to_owned(),
        subject: "Registratie $registratie.serienummer$ van $registratie.formuliernaam$".to_owned(),
        mode: ContentMode::Auto,
        content: String::new(),
        hide_empty: false,
        pdf: Some(domain::notifications::DEFAULT_PDF_NAME.to_owned()),
        add_attachments: true,
        no_styling: false,
        word: None,
        phases: Vec::new(),
    }
}

/// The registration as post-to-url sends it.
pub fn registration_json(loaded: &Loaded) -> Value {
    let reg = &loaded.registration;
    json!({
        "id": reg.id,
        "form_id": reg.form_id,
        "form_name": loaded.form_name,
        "client_name": loaded.client_name,
        "registration_serial_number": reg.serial_number,
        "registration_date": domain::dates::rfc3339_utc(reg.created_at),
        "registration_phase": reg.phase,
        "registration_status": reg.status,
        "registration_name": reg.registration_name,
        "username": reg.username,
        "form_summary": reg.summary,
        "values": reg.values,
    })
}

/// The signature of a body sent at `timestamp` (None only for a key HMAC refuses, which
/// HMAC-SHA256 never does: it takes keys of any length).
pub fn signature(secret: &str, timestamp: i64, body: &[u8]) -> Option<String> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).ok()?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Some(format!(
        "sha256={}",
        hex::encode(mac.finalize().into_bytes())
    ))
}

/// An address webhooks never call unless allowed: the machine itself, private networks,
/// link-local (cloud metadata) and the like.
pub fn is_internal(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => {
            v4.is_loopback()
                || v4.is_private()
                || v4.is_link_local()
                || v4.is_unspecified()
                || v4.is_broadcast()
                || v4.is_multicast()
                // 100.64.0.0/10, carrier-grade NAT
                || (v4.octets()[0] == 100 && (v4.octets()[1] & 0xc0) == 64)
        }
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_internal(IpAddr::V4(v4));
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local
                || (first & 0xffc0) == 0xfe80 // link-local
        }
    }
}

/// Where a URL may be called: its host and the address checked for it.
async fn target(url: &reqwest::Url, allow_private: bool) -> Result<(String, SocketAddr), Attempt> {
    if !matches!(url.scheme(), "http" | "https") {
        return Err(Attempt::refused(messages::HOOK_URL_INVALID));
    }
    let host = url
        .host_str()
        .ok_or_else(|| Attempt::refused(messages::HOOK_URL_INVALID))?
        .to_owned();
    let port = url.port_or_known_default().unwrap_or(443);
    let bare = host
        .trim_start_matches('[')
        .trim_end_matches(']')
        .to_owned();
    let addresses: Vec<SocketAddr> = tokio::net::lookup_host((bare.as_str(), port))
        .await
        .map_err(|err| Attempt::failed(format!("{host}: {err}")))?
        .collect();
    if !allow_private && addresses.iter().any(|a| is_internal(a.ip())) {
        return Err(Attempt::refused(messages::HOOK_ADDRESS_REFUSED));
    }
    let address = addresses
        .first()
        .copied()
        .ok_or_else(|| Attempt::failed(format!("{host}: geen adres")))?;
    Ok((bare, address))
}

/// Posts `body` to `url`, signed.
async fn post(ctx: &JobContext, db: &TenantDb, url: &str, body: &Value, key: &str) -> Attempt {
    let Ok(parsed) = reqwest::Url::parse(url) else {
        return Attempt::refused(messages::HOOK_URL_INVALID);
    };
    let (host, address) = match target(&parsed, ctx.settings.allow_private_hooks).await {
        Ok(found) => found,
        Err(attempt) => return attempt,
    };
    let secret = match tenancy::tenant::meta::webhook_secret(db).await {
        Ok(secret) => secret,
        Err(err) => return Attempt::failed(err.to_string()),
    };
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(TIMEOUT)
        .resolve(&host, address)
        .user_agent("eform-webhook/1")
        .build();
    let client = match client {
        Ok(client) => client,
        Err(err) => return Attempt::failed(err.to_string()),
    };
    let bytes = body.to_string().into_bytes();
    let timestamp = tenancy::now();
    let Some(signed) = signature(&secret, timestamp, &bytes) else {
        return Attempt::failed("de handtekening kon niet worden gemaakt");
    };
    let sent = client
        .post(parsed)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header("X-Eform-Timestamp", timestamp.to_string())
        .header("X-Eform-Signature", signed)
        .header("Idempotency-Key", key)
        .body(bytes)
        .send()
        .await;
    let response = match sent {
        Ok(response) => response,
        Err(err) => return Attempt::failed(err.to_string()),
    };
    let status = response.status();
    let text = response.text().await.unwrap_or_default();
    let answer = format!(
        "HTTP {}: {}",
        status.as_u16(),
        text.chars().take(ANSWER_CHARS).collect::<String>()
    )
    .trim()
    .to_owned();
    if status.is_success() {
        Attempt::Delivered {
            answer,
            attachments: None,
        }
    } else if status.is_redirection() {
        Attempt::refused(format!("{} ({answer})", messages::HOOK_REDIRECT))
    } else if status.is_client_error() && !matches!(status.as_u16(), 408 | 409 | 425 | 429) {
        // The receiver refuses this call as it is: sending it again changes nothing.
        Attempt::refused(answer)
    } else {
        Attempt::failed(answer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_signature_is_hmac_sha256_over_timestamp_and_body() {
        // Computed independently: printf '1700000000.{"a":1}' | openssl dgst -sha256 -hmac geheim
        assert_eq!(
            signature("geheim", 1_700_000_000, br#"{"a":1}"#).as_deref(),
            Some("sha256=c2f0a59f12d0bcd3933234d85083c03b99e970604203fd059a320436bb602adf")
        );
    }

    #[test]
    fn internal_addresses_are_recognised() {
        for internal in [
            "127.0.0.1",
            "10.1.2.3",
            "192.168.1.1",
            "172.16.0.1",
            "169.254.169.254",
            "100.64.0.1",
            "::1",
            "fd00::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "0.0.0.0",
        ] {
            assert!(is_internal(internal.parse().unwrap()), "{internal}");
        }
        for public in [
            "93.184.216.34",
            "2606:2800:220:1:248:1893:25c8:1946",
            "100.128.0.1",
        ] {
            assert!(!is_internal(public.parse().unwrap()), "{public}");
        }
    }
}
