//! The rule that decides what happens to one saved registration a device syncs.
//!
//! The server keeps a version per saved registration. A device sends the version its copy
//! was based on (none for a copy the server never saw). A change based on the newest
//! version is stored; a resend of what is stored changes nothing; anything else would
//! overwrite a newer copy made elsewhere and is a conflict the user resolves by choosing
//! a version. Another user's copy is never touched.

use serde_json::Value;

/// What a device sent for one fill token.
#[derive(Debug, Clone, PartialEq)]
pub struct Incoming<'a> {
    /// The server version the device copy is based on.
    pub base_version: Option<i64>,
    pub form_id: &'a str,
    pub values: &'a Value,
    pub deleted_at: Option<&'a str>,
}

/// What the server holds for that fill token.
#[derive(Debug, Clone, PartialEq)]
pub struct Stored<'a> {
    pub user_id: &'a str,
    pub version: i64,
    pub form_id: &'a str,
    pub values: &'a Value,
    pub deleted_at: Option<&'a str>,
}

/// The decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Store the device copy under this new version.
    Store(i64),
    /// The device sent what is stored already (a resend): nothing to do.
    Unchanged,
    /// The server holds a newer, different copy: report both to the user.
    Conflict,
    /// The fill token belongs to another user: ignore it and reveal nothing.
    Rejected,
}

/// Decides for one fill token synced by `user`.
pub fn decide(user: &str, incoming: &Incoming<'_>, stored: Option<&Stored<'_>>) -> Decision {
    let Some(stored) = stored else {
        return Decision::Store(1);
    };
    if stored.user_id != user {
        return Decision::Rejected;
    }
    let same = stored.form_id == incoming.form_id
        && stored.values == incoming.values
        && stored.deleted_at.is_some() == incoming.deleted_at.is_some();
    if same {
        Decision::Unchanged
    } else if incoming.base_version == Some(stored.version) {
        Decision::Store(stored.version + 1)
    } else {
        Decision::Conflict
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn decisions() {
        let old = json!({ "a": 1 });
        let new = json!({ "a": 2 });
        let stored = |user, version, values| Stored {
            user_id: user,
            version,
            form_id: "f",
            values,
            deleted_at: None,
        };
        let incoming = |base, values| Incoming {
            base_version: base,
            form_id: "f",
            values,
            deleted_at: None,
        };
        let table: Vec<(&str, Incoming<'_>, Option<Stored<'_>>, Decision)> = vec![
            ("new copy", incoming(None, &new), None, Decision::Store(1)),
            (
                "change on the newest version",
                incoming(Some(3), &new),
                Some(stored("u", 3, &old)),
                Decision::Store(4),
            ),
            (
                "resend of what is stored",
                incoming(Some(2), &new),
                Some(stored("u", 3, &new)),
                Decision::Unchanged,
            ),
            (
                "resend of a new copy",
                incoming(None, &new),
                Some(stored("u", 1, &new)),
                Decision::Unchanged,
            ),
            (
                "change on an older version",
                incoming(Some(2), &new),
                Some(stored("u", 3, &old)),
                Decision::Conflict,
            ),
            (
                "new copy where the server has another",
                incoming(None, &new),
                Some(stored("u", 1, &old)),
                Decision::Conflict,
            ),
            (
                "someone else's token",
                incoming(Some(1), &new),
                Some(stored("v", 1, &old)),
                Decision::Rejected,
            ),
            (
                "someone else's token, same values",
                incoming(Some(1), &old),
                Some(stored("v", 1, &old)),
                Decision::Rejected,
            ),
        ];
        for (name, incoming, stored, expected) in table {
            assert_eq!(decide("u", &incoming, stored.as_ref()), expected, "{name}");
        }
    }

    #[test]
    fn a_deletion_is_a_change() {
        let values = json!({ "a": 1 });
        let stored = Stored {
            user_id: "u",
            version: 2,
            form_id: "f",
            values: &values,
            deleted_at: None,
        };
        let delete = Incoming {
            base_version: Some(2),
            form_id: "f",
            values: &values,
            deleted_at: Some("2026-11-21T10:00:00Z"),
        };
        assert_eq!(decide("u", &delete, Some(&stored)), Decision::Store(3));
        let stale_delete = Incoming {
            base_version: Some(1),
            ..delete.clone()
        };
        assert_eq!(
            decide("u", &stale_delete, Some(&stored)),
            Decision::Conflict
        );
    }
}
