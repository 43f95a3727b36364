//! Statement parameters that both SQLite drivers bind: the group-commit writer talks to its
//! connection directly (rusqlite, [`crate::writer`]) and everything else goes through sqlx,
//! so a statement both run is written once, with its parameters made by one function.

use crate::SqliteQuery;

/// One parameter, owned, so a function can make a statement's whole list.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Param {
    Text(Option<String>),
    Int(i64),
}

impl From<&str> for Param {
    fn from(text: &str) -> Param {
        Param::Text(Some(text.to_owned()))
    }
}

impl From<String> for Param {
    fn from(text: String) -> Param {
        Param::Text(Some(text))
    }
}

impl From<Option<&String>> for Param {
    fn from(text: Option<&String>) -> Param {
        Param::Text(text.cloned())
    }
}

impl From<Option<&str>> for Param {
    fn from(text: Option<&str>) -> Param {
        Param::Text(text.map(str::to_owned))
    }
}

impl From<i64> for Param {
    fn from(number: i64) -> Param {
        Param::Int(number)
    }
}

impl From<bool> for Param {
    fn from(flag: bool) -> Param {
        Param::Int(i64::from(flag))
    }
}

impl rusqlite::ToSql for Param {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        match self {
            Param::Text(text) => text.to_sql(),
            Param::Int(number) => number.to_sql(),
        }
    }
}

/// Binds `params` to a sqlx query after those it has.
pub(crate) fn bind<'q>(mut query: SqliteQuery<'q>, params: Vec<Param>) -> SqliteQuery<'q> {
    for param in params {
        query = match param {
            Param::Text(text) => query.bind(text),
            Param::Int(number) => query.bind(number),
        };
    }
    query
}
