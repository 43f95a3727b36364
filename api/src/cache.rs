//! Short-lived caches on the request path. A send would otherwise read the session, the
//! membership, the directory and the form from SQLite on every call; these answers change
//! rarely, so each is kept for a few seconds. Changes made by this process invalidate at
//! once; another API node sees them within the TTL (ops/decisions/008-request-caches.md).

use crate::error::{AppError, Result};
use domain::access::Role;
use domain::ids::{ClientId, UserId};
use lru::LruCache;
use serde_json::value::RawValue;
use std::hash::Hash;
use std::num::NonZeroUsize;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tenancy::TenantDb;
use tenancy::platform::clients::Client;
use tenancy::platform::users::User;
use tenancy::tenant::forms::{self, Form};

/// A bounded map whose entries expire after a fixed time.
#[derive(Debug)]
pub struct TtlCache<K: Hash + Eq, V> {
    ttl: Duration,
    entries: Mutex<LruCache<K, (Instant, V)>>,
}

impl<K: Hash + Eq + Clone, V: Clone> TtlCache<K, V> {
    /// At most `capacity` entries, each valid for `ttl`.
    pub fn new(capacity: usize, ttl: Duration) -> TtlCache<K, V> {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        TtlCache {
            ttl,
            entries: Mutex::new(LruCache::new(capacity)),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, LruCache<K, (Instant, V)>> {
        // A poisoned lock only means a panic elsewhere; the map itself is intact.
        self.entries
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The live value for `key`.
    pub fn get(&self, key: &K) -> Option<V> {
        let mut entries = self.lock();
        match entries.get(key) {
            Some((at, value)) if at.elapsed() < self.ttl => Some(value.clone()),
            Some(_) => {
                entries.pop(key);
                None
            }
            None => None,
        }
    }

    /// Stores a value.
    pub fn insert(&self, key: K, value: V) {
        self.lock().put(key, (Instant::now(), value));
    }

    /// Forgets one key.
    pub fn remove(&self, key: &K) {
        self.lock().pop(key);
    }

    /// Forgets every entry whose key or value matches.
    pub fn remove_where(&self, matches: impl Fn(&K, &V) -> bool) {
        let mut entries = self.lock();
        let doomed: Vec<K> = entries
            .iter()
            .filter(|(k, (_, v))| matches(k, v))
            .map(|(k, _)| k.clone())
            .collect();
        for key in doomed {
            entries.pop(&key);
        }
    }
}

/// A form with what every send needs, parsed once.
#[derive(Debug)]
pub struct CachedForm {
    pub form: Form,
    /// The schema and rules, parsed and checked.
    pub definition: domain::form::Form,
    /// The schema as JSON text, stored (once) for the registrations made with it and shared
    /// by every answer to a send (never copied or parsed again per send).
    pub schema_json: Arc<RawValue>,
    /// SHA-256 of `schema_json`.
    pub schema_hash: Arc<str>,
    /// Users allowed to fill it in; empty means everyone of the client.
    pub allowed_users: Vec<String>,
    /// Groups allowed to fill it in.
    pub allowed_groups: Vec<String>,
    /// Its e-mail settings and integrations, read once: a send records those due.
    pub hooks: Vec<domain::notifications::Due>,
}

impl CachedForm {
    /// True when this user, member of `groups`, may fill in the (published) form.
    pub fn may_fill(&self, user: &str, groups: &[String]) -> bool {
        self.form.published_at.is_some()
            && ((self.allowed_users.is_empty() && self.allowed_groups.is_empty())
                || self.allowed_users.iter().any(|u| u == user)
                || self.allowed_groups.iter().any(|g| groups.contains(g)))
    }
}

/// A client and what the policy needs to know about one user there.
#[derive(Debug, Clone)]
pub struct Membership {
    pub client: Client,
    /// The membership's roles; None when the user is not a member.
    pub roles: Option<Vec<Role>>,
    /// True while the user must still accept the client's terms.
    pub terms_pending: bool,
}

/// Every request-path cache of the process.
#[derive(Debug)]
pub struct Caches {
    /// api-key hash -> user.
    pub sessions: TtlCache<String, User>,
    /// (user, client) -> the client and the user's membership there.
    pub access: TtlCache<(UserId, ClientId), Membership>,
    /// (kind, id) -> owning client.
    pub directory: TtlCache<(String, String), ClientId>,
    /// (client, form id) -> parsed form.
    pub forms: TtlCache<(ClientId, String), Arc<CachedForm>>,
    /// Clients whose credits were looked at after a send, lately.
    pub credit_checks: TtlCache<ClientId, ()>,
}

impl Caches {
    /// Forgets a changed form at once, so this process never serves the old one.
    pub fn forget_form(&self, client: &ClientId, form_id: &str) {
        self.forms.remove(&(client.clone(), form_id.to_owned()));
    }

    /// Whether the credits of a client should be looked at after a send: at most once a
    /// minute per client and process.
    pub fn credit_check_due(&self, client: &ClientId) -> bool {
        if self.credit_checks.get(client).is_some() {
            return false;
        }
        self.credit_checks.insert(client.clone(), ());
        true
    }

    /// Forgets a user's membership in a client after it changed (roles, terms accepted).
    pub fn forget_membership(&self, user: &UserId, client: &ClientId) {
        self.access.remove(&(user.clone(), client.clone()));
    }

    /// A form parsed for sending, from the cache or the tenant database: 404 when unknown
    /// or deleted.
    pub async fn form(&self, db: &TenantDb, form_id: &str) -> Result<Arc<CachedForm>> {
        let key = (db.client_id().clone(), form_id.to_owned());
        if let Some(cached) = self.forms.get(&key) {
            return Ok(cached);
        }
        let (form, allowed_users, allowed_groups) = forms::find_for_send(db, form_id)
            .await?
            .ok_or(AppError::NotFound)?;
        // A stored form was validated when it was saved; failing here is our fault, not the user's.
        let definition =
            domain::form::validate_schema(&form.schema, &form.rules).map_err(|errors| {
                AppError::internal(format!("stored form {form_id} is invalid: {errors:?}"))
            })?;
        let schema_text = form.schema.to_string();
        let schema_hash = tenancy::secrets::sha256_hex(schema_text.as_bytes()).into();
        let hooks = domain::notifications::form_hooks(
            &form.email_settings,
            &form.webhook_integrations,
            &form.schema,
        );
        let cached = Arc::new(CachedForm {
            hooks,
            form,
            definition,
            schema_json: tenancy::tenant::registrations::raw_json(schema_text),
            schema_hash,
            allowed_users,
            allowed_groups,
        });
        self.forms.insert(key, cached.clone());
        Ok(cached)
    }
}

impl Default for Caches {
    fn default() -> Caches {
        Caches {
            sessions: TtlCache::new(100_000, Duration::from_secs(30)),
            access: TtlCache::new(100_000, Duration::from_secs(30)),
            directory: TtlCache::new(100_000, Duration::from_secs(300)),
            forms: TtlCache::new(10_000, Duration::from_secs(10)),
            credit_checks: TtlCache::new(100_000, Duration::from_secs(60)),
        }
    }
}
