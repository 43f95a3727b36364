//! Request extractors: bodies that reject in our error shape, the signed-in user, and the
//! client context — the only road from a request to a tenant's data.

use crate::AppState;
use crate::error::{AppError, Result};
use axum::extract::rejection::{FormRejection, JsonRejection};
use axum::extract::{FromRef, FromRequest, FromRequestParts, Multipart, Path, Request};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use domain::access::{Access, Permission};
use domain::ids::{ClientId, UserId};
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use tenancy::TenantDb;
use tenancy::platform::clients::Client;
use tenancy::platform::users::User;
use tenancy::platform::{clients, directory, memberships, tokens, users};

/// Name of the header carrying the api key on every call.
pub const API_KEY_HEADER: &str = "api-key";

fn body_rejection(status: StatusCode) -> AppError {
    match status {
        StatusCode::PAYLOAD_TOO_LARGE => AppError::PayloadTooLarge,
        StatusCode::UNSUPPORTED_MEDIA_TYPE => AppError::UnsupportedMediaType,
        _ => AppError::BadRequest(domain::messages::BAD_JSON.to_owned()),
    }
}

/// A JSON body; bad JSON, a wrong content type or an oversized body answer in our shape.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self> {
        axum::Json::<T>::from_request(req, state)
            .await
            .map(|axum::Json(value)| JsonBody(value))
            .map_err(|rejection: JsonRejection| body_rejection(rejection.status()))
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
                let text = field
                    .text()
                    .await
                    .map_err(|err| body_rejection(err.status()))?;
                fields.insert(name, text);
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

/// A signed-in user working in one client: the client from the path parameter `client_id`,
/// the user's effective access there, and the tenant database. Members get their roles;
/// platform admins and employees reach every client through their global roles; anyone
/// else gets 403.
#[derive(Debug, Clone)]
pub struct ClientCtx {
    pub auth: AuthUser,
    pub client: Client,
    pub access: Access,
    pub db: TenantDb,
}

impl ClientCtx {
    /// 403 unless the user holds `permission` in this client.
    pub fn require(&self, permission: Permission) -> Result<()> {
        if self.access.may(permission) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientCtx
where
    AppState: FromRef<S>,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self> {
        let auth = AuthUser::from_request_parts(parts, state).await?;
        let app = AppState::from_ref(state);
        let Path(params) = Path::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map_err(|_| AppError::NotFound)?;
        let client_id = params
            .get("client_id")
            .and_then(|raw| ClientId::parse(raw))
            .ok_or(AppError::NotFound)?;
        ClientCtx::resolve(&app, auth, &client_id).await
    }
}

impl ClientCtx {
    /// Loads the client (404), checks the user may work in it (403) and opens its database.
    pub async fn resolve(
        app: &AppState,
        auth: AuthUser,
        client_id: &ClientId,
    ) -> Result<ClientCtx> {
        let key = (auth.user.id.clone(), client_id.clone());
        let (client, membership) = match app.caches.access.get(&key) {
            Some(known) => known,
            None => {
                let client = clients::find(&app.platform, client_id)
                    .await?
                    .ok_or(AppError::NotFound)?;
                let membership =
                    memberships::roles_in_client(&app.platform, &auth.user.id, client_id).await?;
                app.caches
                    .access
                    .insert(key, (client.clone(), membership.clone()));
                (client, membership)
            }
        };
        let global = auth.user.global_roles.clone();
        let access = match membership {
            Some(roles) => Access::new(global.into_iter().chain(roles)),
            None if !global.is_empty() => Access::new(global),
            None => return Err(AppError::Forbidden),
        };
        let db = app.tenants.open(client_id).await?;
        Ok(ClientCtx {
            auth,
            client,
            access,
            db,
        })
    }

    /// The context of the client that owns a globally addressable id ("form", "guest", ...):
    /// 404 when the id is unknown, 403 when it belongs to a client the user is not in.
    pub async fn for_owner_of(
        app: &AppState,
        auth: AuthUser,
        kind: &str,
        id: &str,
    ) -> Result<ClientCtx> {
        let client_id = owner_of(app, kind, id).await?;
        ClientCtx::resolve(app, auth, &client_id).await
    }
}

/// The client owning a globally addressable id (cached: ids never move between clients).
pub async fn owner_of(app: &AppState, kind: &str, id: &str) -> Result<ClientId> {
    let key = (kind.to_owned(), id.to_owned());
    if let Some(client) = app.caches.directory.get(&key) {
        return Ok(client);
    }
    let client = directory::client_of(&app.platform, kind, id)
        .await?
        .ok_or(AppError::NotFound)?;
    app.caches.directory.insert(key, client.clone());
    Ok(client)
}

/// The database of the client owning a globally addressable id, for calls without sign-in
/// (guest forms, public registration). Only `routes::guest` and `routes::register` use it;
/// they check that the resource is public before answering.
pub async fn public_tenant(app: &AppState, kind: &str, id: &str) -> Result<(Client, TenantDb)> {
    let client_id = owner_of(app, kind, id).await?;
    let client = clients::find(&app.platform, &client_id)
        .await?
        .ok_or(AppError::NotFound)?;
    let db = app.tenants.open(&client_id).await?;
    Ok((client, db))
}

/// The network address of the caller (for rate limiting), or "unknown" when the server
/// runs without connection info (tests through `oneshot`).
#[derive(Debug, Clone)]
pub struct PeerAddr(pub String);

impl<S: Send + Sync> FromRequestParts<S> for PeerAddr {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut Parts,
        _state: &S,
    ) -> std::result::Result<Self, Self::Rejection> {
        let addr = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|info| info.0.ip().to_string())
            .unwrap_or_else(|| "unknown".to_owned());
        Ok(PeerAddr(addr))
    }
}
