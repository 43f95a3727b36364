//! Random tokens, their stored hashes, and password hashing.

use crate::error::{Result, TenancyError};
use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use rand::RngCore;
use sha2::{Digest, Sha256};

/// A new random token (256 bits, hex): api keys and one-time links.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

/// What is stored for a token: its SHA-256. Tokens carry 256 bits of entropy, so a fast
/// hash is enough and lookups stay a single index probe.
pub fn token_hash(token: &str) -> String {
    sha256_hex(token.as_bytes())
}

/// True when two tokens are the same, compared through their hashes so the time taken says
/// nothing about how much of a guess was right.
pub fn same(given: &str, known: &str) -> bool {
    token_hash(given) == token_hash(known)
}

/// SHA-256 of some bytes, as hex (also the fingerprint of a send's payload).
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex::encode(Sha256::digest(bytes))
}

/// Hashes a password with argon2 (default parameters, random salt). CPU-heavy: call it
/// from a blocking task.
pub fn hash_password(password: &str) -> Result<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|err| TenancyError::PasswordHash(err.to_string()))
}

/// True when `password` matches the stored argon2 hash.
pub fn verify_password(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_verify_and_tokens_hash() -> Result<()> {
        let stored = hash_password("eform-demo")?;
        assert!(stored.starts_with("$argon2"));
        assert!(verify_password("eform-demo", &stored));
        assert!(!verify_password("eform-demo!", &stored));
        assert!(!verify_password("eform-demo", "not a hash"));
        let token = new_token();
        assert_eq!(token.len(), 64);
        assert_ne!(token, new_token());
        assert_eq!(token_hash(&token), token_hash(&token));
        assert_ne!(token_hash(&token), token);
        Ok(())
    }
}
