//! Request extractors: bodies and queries that reject in our error shape, the signed-in user
//! and the client's address. The road from a request to a tenant's data is `policy`.

use crate::AppState;
use crate::error::{AppError, Result};
use crate::objects_only;
use axum::extract::rejection::FormRejection;
use axum::extract::{FromRef, FromRequest, FromRequestParts, Multipart, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use domain::ids::UserId;
use ipnet::IpNet;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::net::IpAddr;
use tenancy::platform::users::User;
use tenancy::platform::{tokens, users};

/// Name of the header carrying the api key on every call.
pub const API_KEY_HEADER: &str = "api-key";

fn body_rejection(status: StatusCode) -> AppError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType,
        _ => AppError::BadRequest(domain::messages::BAD_JSON.to_owned()),
    }
}

/// Reads a JSON body whose top level opens with `open` (`{` or `[`): serde would also read
/// a struct from an array by position, which no caller means. Bad JSON, another shape, a
/// wrong content type or an oversized body answer in our shape.
async fn json_body<S: Send + Sync, T: DeserializeOwned>(
    req: Request,
    state: &S,
    open: u8,
) -> Result<T> {
    let content_type = req
        .headers()
        .get(CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    if essence != "application/json" && !essence.ends_with("+json") {
        return Err(AppError::UnsupportedMediaType);
    }
    let bytes = axum::body::Bytes::from_request(req, state)
        .await
        .map_err(|rejection| body_rejection(rejection.status()))?;
    let bad = || AppError::BadRequest(domain::messages::BAD_JSON.to_owned());
    let first = bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .ok_or_else(bad)?;
    if *first != open {
        return Err(bad());
    }
    read_json(&bytes).ok_or_else(bad)
}

/// `bytes` read as JSON into `T`, each struct from an object only ([`objects_only`]).
/// JSON Schema counts `3.0` as an integer, as do the clients that write every number as a
/// float; serde does not. So when a first reading fails, numbers without a fraction are made
/// integers and it is read again. The first reading is the only one a well-formed request
/// pays for.
pub fn read_json<T: DeserializeOwned>(bytes: &[u8]) -> Option<T> {
    if let Some(value) = objects_only::from_slice(bytes) {
        return Some(value);
    }
    let mut value: serde_json::Value = serde_json::from_slice(bytes).ok()?;
    whole_numbers_as_integers(&mut value);
    objects_only::from_value(value)
}

/// Turns every float in `value` that is a whole number a float holds exactly into an
/// integer. Past 2^53 a float is rounded: `-9223372036854775809` reads as i64's least
/// value, and must stay out of range.
fn whole_numbers_as_integers(value: &mut serde_json::Value) {
    use serde_json::Value;
    match value {
        Value::Number(number) => {
            const EXACT: f64 = 9_007_199_254_740_992.0;
            if let Some(float) = number.as_f64().filter(|_| number.is_f64())
                && float.fract() == 0.0
                && float.abs() < EXACT
            {
                *number = (float as i64).into();
            }
        }
        Value::Array(items) => items.iter_mut().for_each(whole_numbers_as_integers),
        Value::Object(fields) => fields.values_mut().for_each(whole_numbers_as_integers),
        Value::Null | Value::Bool(_) | Value::String(_) => {}
    }
}

/// A JSON object body, read into `T`.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        json_body(req, state, b'{').await.map(JsonBody)
    }
}

/// A JSON list body, read into `T`.
#[derive(Debug)]
pub struct JsonList<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonList<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        json_body(req, state, b'[').await.map(JsonList)
    }
}

/// A multipart body; a request that is no multipart answers in our shape (415 or 400).
#[derive(Debug)]
pub struct MultipartBody(pub Multipart);

impl<S: Send + Sync> FromRequest<S> for MultipartBody {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        Multipart::from_request(req, state)
            .await
            .map(MultipartBody)
            .map_err(|rejection| match rejection {
                axum::extract::multipart::MultipartRejection::InvalidBoundary(_) => {
                    AppError::UnsupportedMediaType
                }
                other => body_rejection(other.status()),
            })
    }
}

/// Form data as browsers send it: urlencoded or multipart (text fields only), or JSON for
/// scripts. The login call of the specification sends "form data".
#[derive(Debug)]
pub struct FormBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for FormBody<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        let content_type = req
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_ascii_lowercase();
        if content_type.starts_with("multipart/form-data") {
            let mut multipart = Multipart::from_request(req, state)
                .await
                .map_err(|rejection| body_rejection(rejection.status()))?;
            let mut fields: HashMap<String, String> = HashMap::new();
            while let Some(field) = multipart
                .next_field()
                .await
                .map_err(|err| body_rejection(err.status()))?
            {
                let name = field.name().unwrap_or_default().to_owned();
                // Form fields are text; bytes that are no UTF-8 are read as well as they can
                // be and then judged like any other value.
                let bytes = field
                    .bytes()
                    .await
                    .map_err(|err| body_rejection(err.status()))?;
                fields.insert(name, String::from_utf8_lossy(&bytes).into_owned());
            }
            let value = serde_json::to_value(fields).map_err(AppError::internal)?;
            return serde_json::from_value(value)
                .map(FormBody)
                .map_err(|_| AppError::BadRequest(domain::messages::BAD_JSON.to_owned()));
        }
        if content_type.starts_with("application/json") {
            return JsonBody::<T>::from_request(req, state)
                .await
                .map(|JsonBody(value)| FormBody(value));
        }
        axum::Form::<T>::from_request(req, state)
            .await
            .map(|axum::Form(value)| FormBody(value))
            .map_err(|rejection: FormRejection| body_rejection(rejection.status()))
    }
}

/// The signed-in user, from the `api-key` header. 401 when it is missing, unknown, expired
/// or revoked.
#[derive(Debug, Clone)]
pub struct AuthUser {
    pub user: User,
    /// The api key of this request (logout revokes exactly this one).
    pub api_key: String,
}

impl<S: Send + Sync> FromRequestParts<S> for AuthUser
where
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let state = AppState::from_ref(state);
        let api_key = parts
            .headers
            .get(API_KEY_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::trim)
            .filter(|key| !key.is_empty())
            .ok_or(AppError::Unauthenticated)?
            .to_owned();
        let hash = tenancy::secrets::token_hash(&api_key);
        if let Some(user) = state.caches.sessions.get(&hash) {
            return Ok(AuthUser { user, api_key });
        }
        let user_id: UserId = tokens::resolve(&state.platform, &api_key)
            .await?
            .ok_or(AppError::Unauthenticated)?;
        let user = users::find_by_id(&state.platform, &user_id)
            .await?
            .ok_or(AppError::Unauthenticated)?;
        state.caches.sessions.insert(hash, user.clone());
        Ok(AuthUser { user, api_key })
    }
}

/// `Option<AuthUser>`: None without an `api-key` header (a guest), 401 for a key that is
/// sent but not valid — a wrong key never silently turns a call into a guest's.
impl<S: Send + Sync> axum::extract::OptionalFromRequestParts<S> for AuthUser
where
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>> {
        if !parts.headers.contains_key(API_KEY_HEADER) {
            return Ok(None);
        }
        <AuthUser as FromRequestParts<S>>::from_request_parts(parts, state)
            .await
            .map(Some)
    }
}

/// The address of the client for rate limits: the connecting address, or, when that is a
/// trusted reverse proxy (`EFORM_TRUSTED_PROXIES`), the last address in `X-Forwarded-For`
/// that is not one of our proxies. "unknown" when the server runs without connection info
/// (tests through `oneshot`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClientAddr {
    pub ip: Option<IpAddr>,
    /// True when the address came from a proxy's `X-Forwarded-For`.
    pub forwarded: bool,
}

impl ClientAddr {
    /// The address as a rate-limit key.
    pub fn key(&self) -> String {
        self.ip
            .map(|ip| ip.to_string())
            .unwrap_or_else(|| "unknown".to_owned())
    }

    /// Resolves the client behind `peer` from the `X-Forwarded-For` values, believing only
    /// the proxies in `trusted`: walking from the right, the first address that is not a
    /// trusted proxy is the client (a client can put anything on the left).
    pub fn resolve(peer: Option<IpAddr>, forwarded_for: &[&str], trusted: &[IpNet]) -> ClientAddr {
        let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
        let Some(peer) = peer else {
            return ClientAddr {
                ip: None,
                forwarded: false,
            };
        };
        if !is_trusted(&peer) {
            return ClientAddr {
                ip: Some(peer),
                forwarded: false,
            };
        }
        let hops = forwarded_for
            .iter()
            .flat_map(|value| value.split(','))
            .map(str::trim)
            .rev();
        let mut client = peer;
        let mut forwarded = false;
        for hop in hops {
            let Ok(ip) = hop.parse::<IpAddr>() else { break };
            client = ip;
            forwarded = true;
            if !is_trusted(&ip) {
                break;
            }
        }
        ClientAddr {
            ip: Some(client),
            forwarded,
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientAddr
where
    AppState: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &S,
    ) -> std::result::Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip());
        let forwarded: Vec<&str> = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|value| value.to_str().ok())
            .collect();
        Ok(ClientAddr::resolve(
            peer,
            &forwarded,
            &state.config.trusted_proxies,
        ))
    }
}

/// Query parameters that reject in our error shape (400) rather than with axum's text.
#[derive(Debug)]
pub struct QueryParams<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for QueryParams<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        axum::extract::Query::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(value)| QueryParams(value))
            .map_err(|_| AppError::BadRequest(domain::messages::BAD_QUERY.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(raw: &str) -> Option<IpAddr> {
        raw.parse().ok()
    }

    #[test]
    fn forwarded_addresses_count_only_behind_trusted_proxies() {
        let proxies: Vec<IpNet> = vec![
            "10.0.0.0/8".parse().unwrap(),
            "127.0.0.1/32".parse().unwrap(),
        ];
        // No proxy configured: the connecting address, whatever the header says.
        let direct = ClientAddr::resolve(ip("203.0.113.9"), &["198.51.100.1"], &proxies);
        assert_eq!(direct.ip, ip("203.0.113.9"));
        assert!(!direct.forwarded);
        // Behind our proxy: the address the proxy saw.
        let behind = ClientAddr::resolve(ip("10.1.2.3"), &["198.51.100.1"], &proxies);
        assert_eq!(behind.ip, ip("198.51.100.1"));
        assert!(behind.forwarded);
        // A client's own forged entry on the left is skipped; chained proxies are walked.
        let chained = ClientAddr::resolve(
            ip("127.0.0.1"),
            &["1.2.3.4, 198.51.100.7", "10.9.9.9"],
            &proxies,
        );
        assert_eq!(chained.ip, ip("198.51.100.7"));
        // A trusted proxy without the header: the proxy itself.
        let bare = ClientAddr::resolve(ip("10.1.2.3"), &[], &proxies);
        assert_eq!(bare.ip, ip("10.1.2.3"));
        assert!(!bare.forwarded);
        assert_eq!(ClientAddr::resolve(None, &[], &proxies).key(), "unknown");
    }

    #[derive(Debug, serde::Deserialize, PartialEq)]
    struct Counts {
        credits: i64,
        price: u32,
        share: f64,
    }

    #[test]
    fn whole_floats_read_as_integers_and_fractions_are_refused() {
        let read = |raw: &str| read_json::<Counts>(raw.as_bytes());
        let counts = |credits, price, share| {
            Some(Counts {
                credits,
                price,
                share,
            })
        };
        assert_eq!(
            read(r#"{"credits": 9070.0, "price": 1.39e2, "share": 2.0}"#),
            counts(9070, 139, 2.0)
        );
        assert_eq!(
            read(r#"{"credits": -3, "price": 0, "share": 0.5}"#),
            counts(-3, 0, 0.5)
        );
        assert_eq!(read(r#"{"credits": 9070.5, "price": 1, "share": 1}"#), None);
        // Past i64, and below u32: still refused, not wrapped or rounded into range.
        assert_eq!(read(r#"{"credits": 1e19, "price": 1, "share": 1}"#), None);
        assert_eq!(
            read(r#"{"credits": -9223372036854775809, "price": 1, "share": 1}"#),
            None
        );
        assert_eq!(read(r#"{"credits": 1, "price": -1.0, "share": 1}"#), None);
        assert_eq!(read("{"), None);
        // Seventeen digits: serde_json's fast float reading made this 3810802372904377.5, a
        // fraction (found by the contract run); read exactly, it is the whole number it says.
        assert_eq!(
            read(r#"{"credits": 3810802372904378.0, "price": 1, "share": 1}"#),
            counts(3_810_802_372_904_378, 1, 1.0)
        );
    }
}
