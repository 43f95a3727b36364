//! Test harness: every test gets its own data dir with the demo seed, and drives the real
//! router (`api::http::app`) with `oneshot`.

#![allow(dead_code)] // each test binary uses a different part of the harness

pub mod inspection;
pub mod mail;
pub mod process;

use api::{AppState, Config, http, seed};
use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::Value;
use std::path::PathBuf;
use tower::ServiceExt;

pub type TestResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// Password of every demo user.
pub const PASSWORD: &str = "eform-demo";

/// A seeded application in a temp dir.
pub struct TestApp {
    pub state: AppState,
    pub router: Router,
    pub dir: tempfile::TempDir,
}

/// An answer: status and JSON (Null when the body is not JSON).
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub json: Value,
    pub headers: axum::http::HeaderMap,
    /// The body as it came (for answers that are not JSON: files, exports).
    pub body: Vec<u8>,
}

pub fn config(data_dir: PathBuf) -> Config {
    Config {
        data_dir,
        bind: "127.0.0.1:0".parse().unwrap_or_else(|_| unreachable!()),
        redis_url: None,
        smtp_url: None,
        public_base_url: "http://eform.test".into(),
        web_dir: PathBuf::from("../web/dist"),
        tenant_cache: 256,
        queue_prefix: format!("eform-test-{}", uuid::Uuid::new_v4().simple()),
        environment: "test".into(),
        trusted_proxies: Vec::new(),
        metrics_token: None,
        client_quota_mb: 10_240,
        guest_upload_mb_per_day: 1_024,
        job_lease_seconds: 60,
        delivery_retry_seconds: 1,
        webhook_allow_private: true,
        mollie_api_key: None,
        mollie_api_url: "http://127.0.0.1:9/v2".into(),
        sales_email: "verkoop@eform.test".into(),
    }
}

impl TestApp {
    /// Demo data, default settings.
    pub async fn new() -> TestResult<TestApp> {
        TestApp::with(|_| {}).await
    }

    /// Demo data with adjusted settings.
    pub async fn with(adjust: impl FnOnce(&mut Config)) -> TestResult<TestApp> {
        let dir = tempfile::tempdir()?;
        let mut config = config(dir.path().to_path_buf());
        adjust(&mut config);
        let state = AppState::open(config).await?;
        seed::demo(&state).await?;
        let router = http::app(state.clone());
        Ok(TestApp { state, router, dir })
    }

    /// Sends one request; `body` is JSON unless `content_type` says otherwise.
    pub async fn send(
        &self,
        method: Method,
        uri: &str,
        api_key: Option<&str>,
        content_type: Option<&str>,
        body: impl Into<Body>,
    ) -> TestResult<Answer> {
        let mut request = Request::builder().method(method).uri(uri);
        if let Some(key) = api_key {
            request = request.header("api-key", key);
        }
        if let Some(kind) = content_type {
            request = request.header("content-type", kind);
        }
        self.dispatch(request.body(body.into())?).await
    }

    /// Sends a request made by the caller (extra headers, connection info).
    pub async fn dispatch(&self, request: Request<Body>) -> TestResult<Answer> {
        let response = self.router.clone().oneshot(request).await?;
        let status = response.status();
        let headers = response.headers().clone();
        let bytes = response.into_body().collect().await?.to_bytes();
        let json = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        Ok(Answer {
            status,
            json,
            headers,
            body: bytes.to_vec(),
        })
    }

    pub async fn get(&self, uri: &str, api_key: Option<&str>) -> TestResult<Answer> {
        self.send(Method::GET, uri, api_key, None, Body::empty())
            .await
    }

    pub async fn post_json(
        &self,
        uri: &str,
        api_key: Option<&str>,
        body: &Value,
    ) -> TestResult<Answer> {
        self.send_json(Method::POST, uri, api_key, body).await
    }

    pub async fn patch_json(
        &self,
        uri: &str,
        api_key: Option<&str>,
        body: &Value,
    ) -> TestResult<Answer> {
        self.send_json(Method::PATCH, uri, api_key, body).await
    }

    async fn send_json(
        &self,
        method: Method,
        uri: &str,
        api_key: Option<&str>,
        body: &Value,
    ) -> TestResult<Answer> {
        let json = Some("application/json");
        self.send(method, uri, api_key, json, body.to_string())
            .await
    }

    pub async fn delete(&self, uri: &str, api_key: Option<&str>) -> TestResult<Answer> {
        self.send(Method::DELETE, uri, api_key, None, Body::empty())
            .await
    }

    /// The tenant database of a demo client by name.
    pub async fn tenant(&self, name: &str) -> TestResult<tenancy::TenantDb> {
        let client =
            domain::ids::ClientId::parse(&self.client_id(name).await?).ok_or("client id")?;
        Ok(self.state.tenants.for_operations().open(&client).await?)
    }

    /// Login with form data as the web app sends it.
    pub async fn login_raw(&self, username: &str, password: &str) -> TestResult<Answer> {
        let body = format!(
            "username={}&password={}",
            encode(username),
            encode(password)
        );
        self.send(
            Method::POST,
            "/api/user/login",
            None,
            Some("application/x-www-form-urlencoded"),
            body,
        )
        .await
    }

    /// Logs a demo user in (`name` is the part before @demo.eform.nl) and returns the api key.
    pub async fn login(&self, name: &str) -> TestResult<String> {
        let answer = self
            .login_raw(&format!("{name}@demo.eform.nl"), PASSWORD)
            .await?;
        assert_eq!(
            answer.status,
            StatusCode::OK,
            "login {name}: {:?}",
            answer.json
        );
        Ok(answer.json["api_key"]
            .as_str()
            .ok_or("no api_key")?
            .to_owned())
    }

    /// A new user with a fresh address `<prefix>-<random>@demo.eform.nl` (fresh, so parallel
    /// tests never read each other's mail), optionally with a password; answers id and address.
    pub async fn new_user(
        &self,
        prefix: &str,
        password: Option<&str>,
    ) -> TestResult<(domain::ids::UserId, String)> {
        let email = format!("{prefix}-{}@demo.eform.nl", uuid::Uuid::new_v4().simple());
        let password_hash = match password {
            Some(password) => Some(tenancy::secrets::hash_password(password)?),
            None => None,
        };
        let id = tenancy::platform::users::insert(
            &self.state.platform,
            tenancy::platform::users::NewUser {
                username: &email,
                email: &email,
                password_hash,
                global_roles: vec![],
            },
        )
        .await?;
        Ok((id, email))
    }

    /// The id of a demo client by name.
    pub async fn client_id(&self, name: &str) -> TestResult<String> {
        let client = tenancy::platform::clients::find_by_name(&self.state.platform, name)
            .await?
            .ok_or("no such client")?;
        Ok(client.id.to_string())
    }
}

/// Percent-encodes a form value.
pub fn encode(raw: &str) -> String {
    raw.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

impl TestApp {
    /// The id of a demo form by name (forms live in Demo Gemeente).
    pub async fn form_id(&self, name: &str) -> TestResult<String> {
        let client = domain::ids::ClientId::parse(&self.client_id("Demo Gemeente").await?)
            .ok_or("client id")?;
        let db = self.state.tenants.for_operations().open(&client).await?;
        Ok(tenancy::tenant::forms::find_by_name(&db, name)
            .await?
            .ok_or("no such form")?
            .id)
    }

    /// A multipart upload with one file field plus extra text fields.
    pub async fn upload(
        &self,
        uri: &str,
        api_key: Option<&str>,
        filename: &str,
        bytes: &[u8],
        fields: &[(&str, &str)],
    ) -> TestResult<Answer> {
        let boundary = "eformtestboundary7e3f";
        let mut body: Vec<u8> = Vec::new();
        for (name, value) in fields {
            body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes());
        }
        body.extend_from_slice(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
        self.send(
            Method::POST,
            uri,
            api_key,
            Some(&format!("multipart/form-data; boundary={boundary}")),
            body,
        )
        .await
    }
}
