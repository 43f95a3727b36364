//! Small input checks shared by the server's handlers.

/// A pragmatic e-mail check: one `@`, a non-empty local part, a dotted domain without
/// spaces. Deliverability is proven by the mail, not by a regex.
pub fn is_valid_email(raw: &str) -> bool {
    let Some((local, domain)) = raw.split_once('@') else {
        return false;
    };
    raw.chars().count() <= MAX_EMAIL_LEN
        && !local.is_empty()
        && !domain.contains('@')
        && !raw.chars().any(char::is_whitespace)
        && domain.split('.').count() >= 2
        && domain.split('.').all(|part| !part.is_empty())
}

/// Longest e-mail address (RFC 5321's limit on a path).
pub const MAX_EMAIL_LEN: usize = 254;

/// Minimum length of a password a user chooses.
pub const MIN_PASSWORD_LEN: usize = 8;

/// Longest fill token, in characters.
pub const MAX_FILL_TOKEN_LEN: usize = 128;

/// A fill token is an opaque id the device makes: taken exactly as sent (never trimmed, so
/// a resend matches), at most [`MAX_FILL_TOKEN_LEN`] characters, without control characters.
pub fn is_valid_fill_token(token: &str) -> bool {
    !token.is_empty()
        && token.chars().count() <= MAX_FILL_TOKEN_LEN
        && !token.chars().any(char::is_control)
}

/// A whole number as a form sends it: a JSON integer, or text that is one (surrounding
/// spaces and a sign allowed). Fractions, exponents and other text are not.
pub fn whole_number(value: &serde_json::Value) -> Option<i64> {
    match value {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(text) => text.trim().parse::<i64>().ok(),
        _ => None,
    }
}

/// Longest name of a folder, form, group or favourite, in characters.
pub const MAX_NAME_LEN: usize = 255;

/// Why a name is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameProblem {
    /// Nothing visible is left.
    Empty,
    /// Longer than [`MAX_NAME_LEN`].
    TooLong,
    /// Control characters (NUL, line breaks, ...) or invisible formatting characters.
    Invisible,
}

/// True for characters that take no room on screen and so make two names look the same:
/// zero-width spaces and joiners, bidi controls, the BOM and soft hyphens.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{00AD}' | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{2069}' | '\u{FEFF}')
}

/// A name as stored: trimmed, one line of visible text; what is sent is at most
/// [`MAX_NAME_LEN`] characters.
pub fn name(raw: &str) -> Result<String, NameProblem> {
    if raw.chars().any(|c| c.is_control() || is_invisible(c)) {
        return Err(NameProblem::Invisible);
    }
    if raw.chars().count() > MAX_NAME_LEN {
        return Err(NameProblem::TooLong);
    }
    let trimmed = raw.trim();
    if trimmed.is_empty() {
        return Err(NameProblem::Empty);
    }
    Ok(trimmed.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_as_numbers_or_digits() {
        use serde_json::json;
        assert_eq!(whole_number(&json!(10)), Some(10));
        assert_eq!(whole_number(&json!(" -25 ")), Some(-25));
        assert_eq!(whole_number(&json!("+7")), Some(7));
        for refused in [
            json!(2.5),
            json!(10.0),
            json!("1e3"),
            json!("veel"),
            json!(null),
            json!([1]),
        ] {
            assert_eq!(whole_number(&refused), None, "{refused}");
        }
    }

    #[test]
    fn fill_tokens() {
        assert!(is_valid_fill_token("0191e5b2-7c1a-7d3e-9a4b-0123456789ab"));
        assert!(is_valid_fill_token(" met spaties "));
        assert!(!is_valid_fill_token(""));
        assert!(!is_valid_fill_token("\u{85}"));
        assert!(!is_valid_fill_token("a\u{0}"));
        assert!(!is_valid_fill_token(&"x".repeat(MAX_FILL_TOKEN_LEN + 1)));
    }

    #[test]
    fn names() {
        assert_eq!(name("  Inspecties  "), Ok("Inspecties".to_owned()));
        assert_eq!(
            name("Café ĳs 'de Zwaan'"),
            Ok("Café ĳs 'de Zwaan'".to_owned())
        );
        assert_eq!(name("   "), Err(NameProblem::Empty));
        assert_eq!(name("a\u{0}b"), Err(NameProblem::Invisible));
        assert_eq!(name("regel\nregel"), Err(NameProblem::Invisible));
        assert_eq!(name("\u{200B}"), Err(NameProblem::Invisible));
        assert_eq!(name("map\u{200D}"), Err(NameProblem::Invisible));
        assert_eq!(
            name(&"x".repeat(MAX_NAME_LEN)).map(|n| n.len()),
            Ok(MAX_NAME_LEN)
        );
        assert_eq!(
            name(&"x".repeat(MAX_NAME_LEN + 1)),
            Err(NameProblem::TooLong)
        );
    }

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
        let long = format!("a@{}.nl", "b".repeat(MAX_EMAIL_LEN));
        assert!(!is_valid_email(&long));
    }
}
