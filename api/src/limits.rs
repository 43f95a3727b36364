//! Rate limits of the calls anyone can make without signing in: guest sends and uploads,
//! self-registration and the password links. Keyed by the client's address (see
//! `extract::ClientAddr` for proxies); kept per process with `governor`, so each API node
//! counts on its own (decision 011). Sign-in has its own limit in the platform database
//! (decision 003), because guessing passwords must be counted across nodes.

use crate::error::{AppError, Result};
use domain::messages;
use governor::{DefaultKeyedRateLimiter, Quota};
use std::num::NonZeroU32;

/// The public calls that are limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// 'Wachtwoord vergeten?': each one may send a mail.
    PasswordForgotten,
    /// Setting a password through a link: each one is an Argon2 hash.
    PasswordReset,
    /// Self-registration and confirming it: each one may send a mail.
    Register,
    /// Guest sends and uploads: each one writes to a client's storage.
    Guest,
}

/// Keyed limiters of one process.
#[derive(Debug)]
pub struct Limits {
    password_forgotten: DefaultKeyedRateLimiter<String>,
    password_reset: DefaultKeyedRateLimiter<String>,
    register: DefaultKeyedRateLimiter<String>,
    guest: DefaultKeyedRateLimiter<String>,
}

/// Keys kept before the oldest are dropped (a key whose bucket is full again is forgotten).
const MAX_KEYS: usize = 100_000;

fn per_hour(n: u32) -> Quota {
    Quota::per_hour(NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN))
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            // A person asks for a new link a few times, not hundreds.
            password_forgotten: DefaultKeyedRateLimiter::keyed(per_hour(10)),
            password_reset: DefaultKeyedRateLimiter::keyed(per_hour(20)),
            register: DefaultKeyedRateLimiter::keyed(per_hour(10)),
            // A crew behind one office address may send many guest forms; a script may not
            // fill a client's disk.
            guest: DefaultKeyedRateLimiter::keyed(Quota::per_minute(
                NonZeroU32::new(120).unwrap_or(NonZeroU32::MIN),
            )),
        }
    }
}

impl Limits {
    /// 429 when `address` used up its allowance for `limit`.
    pub fn check(&self, limit: Limit, address: &str) -> Result<()> {
        let limiter = match limit {
            Limit::PasswordForgotten => &self.password_forgotten,
            Limit::PasswordReset => &self.password_reset,
            Limit::Register => &self.register,
            Limit::Guest => &self.guest,
        };
        if limiter.len() > MAX_KEYS {
            limiter.retain_recent();
        }
        limiter.check_key(&address.to_owned()).map_err(|_| {
            tracing::warn!(?limit, %address, "rate limited");
            AppError::TooManyRequests(messages::RATE_LIMITED.to_owned())
        })
    }
}
