//! Small input checks shared by the server's handlers.

/// A pragmatic e-mail check: one `@`, a non-empty local part, a dotted domain without
/// spaces. Deliverability is proven by the mail, not by a regex.
pub fn is_valid_email(raw: &str) -> bool {
    let Some((local, domain)) = raw.split_once('@') else {
        return false;
    };
    !local.is_empty()
        && !domain.contains('@')
        && !raw.chars().any(char::is_whitespace)
        && domain.split('.').count() >= 2
        && domain.split('.').all(|part| !part.is_empty())
}

/// Minimum length of a password a user chooses.
pub const MIN_PASSWORD_LEN: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails() {
        for ok in ["a@b.nl", "jan.jansen@demo.eform.nl", "x+y@sub.domain.org"] {
            assert!(is_valid_email(ok), "{ok}");
        }
        for bad in [
            "", "a", "a@", "@b.nl", "a@b", "a b@c.nl", "a@b..nl", "a@@b.nl", "a@b.nl.",
        ] {
            assert!(!is_valid_email(bad), "{bad}");
        }
    }
}
