//! Queries on `value_indexes`: indexes on one value path of one form, made on demand so a
//! big form's registrations list sorts and filters on that path without reading every row
//! (decision 018). An 'order' index is a partial expression index on the value; a 'text'
//! index is a trigram FTS5 table that triggers keep, filled in steps for the rows that were
//! there before it.
//!
//! SQLite uses an expression index, and a partial index, only for a query that spells the
//! same expression and the same condition with literals, not bound values. So the form id and
//! the path are written into the SQL here and in `registrations::review_sql`, both taken
//! from [`form_literal`] and [`value_expr`]; neither can hold a quote (a form id is checked
//! here, a path is a data name of `a-z`, `0-9` and `_`).

use crate::TenantDb;
use crate::error::Result;
use crate::now;
use domain::review::{INDEX_FROM_ROWS, IndexKind, MAX_INDEXED_PATHS};

/// Rows a text index's backfill writes per transaction, so sends wait at most one step.
const BACKFILL_STEP: i64 = 20_000;
/// A 'building' index whose job has not finished in this long is asked for again (its job
/// was lost with a stopped process; building again is harmless).
const STALE_SECS: i64 = 600;

/// One value index of a form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueIndex {
    pub id: i64,
    pub form_id: String,
    pub path: String,
    pub kind: IndexKind,
    pub ready: bool,
}

impl ValueIndex {
    /// The SQL name of the index (order) or FTS table (text).
    pub fn name(&self) -> String {
        match self.kind {
            IndexKind::Order => format!("rv_o_{}", self.id),
            IndexKind::Text => format!("rv_t_{}", self.id),
        }
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    id: i64,
    form_id: String,
    path: String,
    kind: String,
    state: String,
}

impl Row {
    fn into_index(self) -> Option<ValueIndex> {
        Some(ValueIndex {
            id: self.id,
            kind: IndexKind::parse(&self.kind)?,
            ready: self.state == "ready",
            form_id: self.form_id,
            path: self.path,
        })
    }
}

/// The form id as an SQL literal; None for an id that is not plain letters, digits and
/// dashes (then no value index is made or used for it).
pub(crate) fn form_literal(form_id: &str) -> Option<String> {
    let plain = !form_id.is_empty()
        && form_id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-');
    plain.then(|| format!("'{form_id}'"))
}

/// The value at a top-level path of the values `doc` (`reg_values`, `NEW.reg_values`), as
/// the indexes and the queries that use them spell it; None for a path that is not a data
/// name.
pub(crate) fn value_expr(doc: &str, path: &str) -> Option<String> {
    domain::form::is_valid_data_name(path).then(|| format!("json_extract({doc}, '$.{path}')"))
}

/// The FTS5 query that finds `text` anywhere in a value: one phrase of its trigrams.
pub(crate) fn contains_query(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// The ready value indexes of a form.
pub async fn ready(db: &TenantDb, form_id: &str) -> Result<Vec<ValueIndex>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, form_id, path, kind, state FROM value_indexes WHERE form_id = ?1 AND state = 'ready'",
    )
    .bind(form_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().filter_map(Row::into_index).collect())
}

/// The value indexes of a form still being built.
pub async fn building(db: &TenantDb, form_id: &str) -> Result<Vec<ValueIndex>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, form_id, path, kind, state FROM value_indexes WHERE form_id = ?1 AND state = 'building' ORDER BY id",
    )
    .bind(form_id)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().filter_map(Row::into_index).collect())
}

/// One value index by id.
pub async fn find(db: &TenantDb, id: i64) -> Result<Option<ValueIndex>> {
    let row: Option<Row> =
        sqlx::query_as("SELECT id, form_id, path, kind, state FROM value_indexes WHERE id = ?1")
            .bind(id)
            .fetch_optional(db.pool())
            .await?;
    Ok(row.and_then(Row::into_index))
}

/// Asks for an index on `path` of a form: the index to build when one should be built now
/// (the form is big enough, has room for another path, and none is built or being built, or
/// the one being built was lost); None otherwise.
pub async fn claim(
    db: &TenantDb,
    form_id: &str,
    path: &str,
    kind: IndexKind,
) -> Result<Option<ValueIndex>> {
    if form_literal(form_id).is_none() || value_expr("reg_values", path).is_none() {
        return Ok(None);
    }
    let at = now();
    // One statement, so two managers asking at once make one row; the RETURNING row is
    // there only when this call made it or took over a stale one.
    let row: Option<Row> = sqlx::query_as(
        "INSERT INTO value_indexes (form_id, path, kind, state, requested_at)
         SELECT ?1, ?2, ?3, 'building', ?4
         WHERE (SELECT COALESCE(SUM(n), 0) FROM registration_counts WHERE form_id = ?1) >= ?5
           AND (SELECT COUNT(DISTINCT path) FROM value_indexes WHERE form_id = ?1 AND path <> ?2) < ?6
         ON CONFLICT (form_id, path, kind) DO UPDATE SET requested_at = excluded.requested_at
         WHERE value_indexes.state = 'building' AND value_indexes.requested_at < ?4 - ?7
         RETURNING id, form_id, path, kind, state",
    )
    .bind(form_id)
    .bind(path)
    .bind(kind.as_str())
    .bind(at)
    .bind(INDEX_FROM_ROWS)
    .bind(MAX_INDEXED_PATHS)
    .bind(STALE_SECS)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.and_then(Row::into_index))
}

/// Builds a value index and marks it ready. Safe to run again at any point: every step
/// checks what is already there.
pub async fn build(db: &TenantDb, index: &ValueIndex) -> Result<()> {
    let (Some(form), Some(value)) = (
        form_literal(&index.form_id),
        value_expr("reg_values", &index.path),
    ) else {
        return Ok(());
    };
    let name = index.name();
    match index.kind {
        IndexKind::Order => {
            // The tab's columns first, so a tab's rows are one range in value order.
            let ddl = format!(
                "CREATE INDEX IF NOT EXISTS \"{name}\" ON registrations(status, deleted_at, {value} COLLATE NOCASE, serial_number) WHERE form_id = {form}"
            );
            let mut tx = db.pool().begin().await?;
            sqlx::query(sqlx::AssertSqlSafe(ddl))
                .execute(&mut *tx)
                .await?;
            mark_ready(&mut tx, index.id).await?;
            tx.commit().await?;
        }
        IndexKind::Text => {
            let upto = create_text_index(db, index, &name, &form).await?;
            let mut from = 0;
            while from < upto {
                let to = (from + BACKFILL_STEP).min(upto);
                let fill = format!(
                    "INSERT INTO \"{name}\" (rowid, v)
                     SELECT serial_number, CAST({value} AS TEXT) FROM registrations
                     WHERE form_id = {form} AND serial_number > ?1 AND serial_number <= ?2 AND {value} IS NOT NULL
                       AND NOT EXISTS (SELECT 1 FROM \"{name}\" WHERE rowid = serial_number)"
                );
                sqlx::query(sqlx::AssertSqlSafe(fill))
                    .bind(from)
                    .bind(to)
                    .execute(db.pool())
                    .await?;
                from = to;
            }
            let mut tx = db.pool().begin().await?;
            mark_ready(&mut tx, index.id).await?;
            tx.commit().await?;
        }
    }
    Ok(())
}

/// Creates a text index's table and the triggers that keep it from now on, in one
/// transaction; answers the serial number up to which older rows are to be filled in.
async fn create_text_index(
    db: &TenantDb,
    index: &ValueIndex,
    name: &str,
    form: &str,
) -> Result<i64> {
    let Some(new) = value_expr("NEW.reg_values", &index.path) else {
        return Ok(0);
    };
    // Contentless (the values stay in registrations), rows deleted by rowid: the serial
    // number, unique within the form.
    let statements = [
        format!(
            "CREATE VIRTUAL TABLE IF NOT EXISTS \"{name}\" USING fts5(v, tokenize = 'trigram', content = '', contentless_delete = 1)"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS \"{name}_insert\" AFTER INSERT ON registrations WHEN NEW.form_id = {form}
             BEGIN
                 INSERT INTO \"{name}\" (rowid, v) SELECT NEW.serial_number, CAST({new} AS TEXT) WHERE {new} IS NOT NULL;
             END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS \"{name}_update\" AFTER UPDATE OF reg_values ON registrations WHEN NEW.form_id = {form}
             BEGIN
                 DELETE FROM \"{name}\" WHERE rowid = OLD.serial_number;
                 INSERT INTO \"{name}\" (rowid, v) SELECT NEW.serial_number, CAST({new} AS TEXT) WHERE {new} IS NOT NULL;
             END"
        ),
        format!(
            "CREATE TRIGGER IF NOT EXISTS \"{name}_delete\" AFTER DELETE ON registrations WHEN OLD.form_id = {form}
             BEGIN
                 DELETE FROM \"{name}\" WHERE rowid = OLD.serial_number;
             END"
        ),
    ];
    let mut tx = db.pool().begin().await?;
    for statement in statements {
        sqlx::query(sqlx::AssertSqlSafe(statement))
            .execute(&mut *tx)
            .await?;
    }
    // The rows up to here are filled in by `build`; the triggers see every later one.
    let upto: i64 = sqlx::query_scalar(
        "UPDATE value_indexes SET backfill_to = (SELECT COALESCE(MAX(serial_number), 0) FROM registrations WHERE form_id = ?2)
         WHERE id = ?1 AND backfill_to = 0
         RETURNING backfill_to",
    )
    .bind(index.id)
    .bind(&index.form_id)
    .fetch_optional(&mut *tx)
    .await?
    .unwrap_or_default();
    let upto = if upto > 0 {
        upto
    } else {
        sqlx::query_scalar("SELECT backfill_to FROM value_indexes WHERE id = ?1")
            .bind(index.id)
            .fetch_one(&mut *tx)
            .await?
    };
    tx.commit().await?;
    Ok(upto)
}

async fn mark_ready(tx: &mut sqlx::SqliteConnection, id: i64) -> Result<()> {
    sqlx::query("UPDATE value_indexes SET state = 'ready', ready_at = ?2 WHERE id = ?1")
        .bind(id)
        .bind(now())
        .execute(&mut *tx)
        .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_hold_no_quotes() {
        assert_eq!(form_literal("0b5e-41AF").as_deref(), Some("'0b5e-41AF'"));
        assert_eq!(form_literal("x' OR '1"), None);
        assert_eq!(form_literal(""), None);
        assert_eq!(
            value_expr("NEW.reg_values", "tekst_0").as_deref(),
            Some("json_extract(NEW.reg_values, '$.tekst_0')")
        );
        assert_eq!(value_expr("reg_values", "a'b"), None);
        assert_eq!(contains_query("zeg \"hoi\""), "\"zeg \"\"hoi\"\"\"");
    }
}
