//! Queries on `registrations` and the schemas they were filled in with (`form_schemas`).
//! Inserts go only through the group-commit writer ([`crate::writer::Writer`]), whose batch
//! runs the `_direct` functions here on its own connection, in a transaction of its own.

use crate::error::Result;
use crate::tenant::{credits, deliveries};
use crate::{TenantDb, now};
use serde_json::Value;
use serde_json::value::RawValue;
use sqlx::SqliteConnection;
use std::sync::Arc;

/// Registration status (spec: completed, hold, draft).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Completed,
    /// Stored but hidden because the client had no credits left.
    Hold,
    /// Incomplete; workflow forms only.
    Draft,
}

impl Status {
    /// Stored and answered name.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Completed => "completed",
            Status::Hold => "hold",
            Status::Draft => "draft",
        }
    }
}

/// A stored registration.
#[derive(Debug, Clone)]
pub struct Registration {
    pub id: String,
    pub form_id: String,
    pub serial_number: i64,
    pub fill_token: Option<String>,
    pub user_id: Option<String>,
    pub username: Option<String>,
    pub registration_name: Option<String>,
    pub summary: String,
    pub status: String,
    pub phase: Option<String>,
    pub values: Value,
    /// The schema as it was when filled in, kept as JSON text: answers pass it through
    /// without building a tree of every element for each registration. Shared: every
    /// registration of a batch made with one schema points at the same text.
    pub schema: Arc<RawValue>,
    pub created_at: i64,
    pub updated_at: i64,
    /// When it was moved to the trash.
    pub deleted_at: Option<i64>,
}

impl PartialEq for Registration {
    fn eq(&self, other: &Registration) -> bool {
        // Same row: ids are unique, and the rest is compared so a replay can be checked
        // against the original in full.
        self.id == other.id
            && self.serial_number == other.serial_number
            && self.status == other.status
            && self.summary == other.summary
            && self.values == other.values
            && self.schema.get() == other.schema.get()
            && self.created_at == other.created_at
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    id: String,
    form_id: String,
    serial_number: i64,
    fill_token: Option<String>,
    user_id: Option<String>,
    username: Option<String>,
    registration_name: Option<String>,
    summary: String,
    status: String,
    phase: Option<String>,
    reg_values: String,
    schema: String,
    created_at: i64,
    updated_at: i64,
    deleted_at: Option<i64>,
}

impl From<Row> for Registration {
    fn from(row: Row) -> Registration {
        Registration {
            id: row.id,
            form_id: row.form_id,
            serial_number: row.serial_number,
            fill_token: row.fill_token,
            user_id: row.user_id,
            username: row.username,
            registration_name: row.registration_name,
            summary: row.summary,
            status: row.status,
            phase: row.phase,
            values: serde_json::from_str(&row.reg_values).unwrap_or(Value::Null),
            schema: raw_json(row.schema),
            created_at: row.created_at,
            updated_at: row.updated_at,
            deleted_at: row.deleted_at,
        }
    }
}

/// Stored JSON text as a raw value; text that is not JSON (never written by us) reads as null.
pub fn raw_json(text: String) -> Arc<RawValue> {
    Arc::from(RawValue::from_string(text).unwrap_or_else(|_| RawValue::NULL.to_owned()))
}

macro_rules! select {
    ($tail:literal) => {
        concat!(
            "SELECT id, form_id, serial_number, fill_token, user_id, username, registration_name, summary, status, phase, reg_values, schema, created_at, updated_at, deleted_at FROM registrations JOIN form_schemas ON hash = schema_hash ",
            $tail
        )
    };
}

/// Releases registrations on hold, oldest first, as far as the client's credits reach: at
/// most `limit` in one transaction, each taking a credit, becoming completed and recording
/// its e-mails and webhooks (`planned` answers them for a form and a phase). Answers how
/// many it released; 0 when none are held or no credits are left. Safe to run again and
/// beside sends: a registration is released once, by the transaction that takes its credit.
pub async fn release_held(
    db: &TenantDb,
    limit: i64,
    planned: &(dyn Fn(&str, Option<&str>) -> Vec<deliveries::Planned> + Sync),
) -> Result<u64> {
    // The write lock first: a send in between cannot take the credits counted here.
    let mut tx = db.pool().begin_with("BEGIN IMMEDIATE").await?;
    let held: Vec<(String, String, Option<String>)> = sqlx::query_as(
        "SELECT id, form_id, phase FROM registrations INDEXED BY registrations_held
         WHERE status = 'hold' ORDER BY created_at, serial_number LIMIT ?1",
    )
    .bind(limit)
    .fetch_all(&mut *tx)
    .await?;
    let got = credits::consume(&mut tx, i64::try_from(held.len()).unwrap_or(0), false).await?;
    let at = now();
    let mut released = 0;
    for (id, form_id, phase) in held.iter().take(usize::try_from(got).unwrap_or(0)) {
        sqlx::query(
            "UPDATE registrations SET status = 'completed', updated_at = ?2 WHERE id = ?1 AND status = 'hold'",
        )
        .bind(id)
        .bind(at)
        .execute(&mut *tx)
        .await?;
        deliveries::record(
            &mut tx,
            id,
            form_id,
            "new",
            &planned(form_id, phase.as_deref()),
            at,
        )
        .await?;
        released += 1;
    }
    tx.commit().await?;
    Ok(released)
}

/// Registrations kept on hold for want of credits.
pub async fn held_count(db: &TenantDb) -> Result<i64> {
    Ok(
        sqlx::query_scalar("SELECT COUNT(*) FROM registrations WHERE status = 'hold'")
            .fetch_one(db.pool())
            .await?,
    )
}

/// The registration that used a fill token, as its id and payload hash, on the writer's
/// connection.
pub(crate) fn token_use(
    db: &rusqlite::Connection,
    token: &str,
) -> Result<Option<(String, String)>> {
    use rusqlite::OptionalExtension;
    Ok(db
        .prepare_cached("SELECT id, payload_hash FROM registrations WHERE fill_token = ?1")?
        .query_row([token], |row| Ok((row.get(0)?, row.get(1)?)))
        .optional()?)
}

/// A registration by id, on the writer's connection (the original a replay answers with).
pub(crate) fn find_direct(db: &rusqlite::Connection, id: &str) -> Result<Registration> {
    let row = db
        .prepare_cached(select!("WHERE id = ?1"))?
        .query_row([id], direct_row)?;
    Ok(row.into())
}

/// Keeps a schema registrations are filled in with, once per hash.
pub(crate) fn keep_schema(db: &rusqlite::Connection, hash: &str, schema: &str) -> Result<()> {
    db.prepare_cached("INSERT OR IGNORE INTO form_schemas (hash, schema) VALUES (?1, ?2)")?
        .execute([hash, schema])?;
    Ok(())
}

/// Stores a new registration, on the writer's connection; its schema is kept already.
pub(crate) fn insert_direct(
    db: &rusqlite::Connection,
    reg: &Registration,
    payload_hash: &str,
    schema_hash: &str,
) -> Result<()> {
    db.prepare_cached(
        "INSERT INTO registrations (id, form_id, serial_number, fill_token, payload_hash, user_id, username, registration_name, summary, status, phase, reg_values, schema_hash, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
    )?
    .execute(rusqlite::params![
        reg.id,
        reg.form_id,
        reg.serial_number,
        reg.fill_token,
        payload_hash,
        reg.user_id,
        reg.username,
        reg.registration_name,
        reg.summary,
        reg.status,
        reg.phase,
        reg.values.to_string(),
        schema_hash,
        reg.created_at,
        reg.updated_at,
    ])?;
    Ok(())
}

/// The columns [`select!`] reads, as [`Row`], from the writer's connection.
fn direct_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Row> {
    Ok(Row {
        id: row.get(0)?,
        form_id: row.get(1)?,
        serial_number: row.get(2)?,
        fill_token: row.get(3)?,
        user_id: row.get(4)?,
        username: row.get(5)?,
        registration_name: row.get(6)?,
        summary: row.get(7)?,
        status: row.get(8)?,
        phase: row.get(9)?,
        reg_values: row.get(10)?,
        schema: row.get(11)?,
        created_at: row.get(12)?,
        updated_at: row.get(13)?,
        deleted_at: row.get(14)?,
    })
}

/// One registration of a form.
pub async fn find(db: &TenantDb, form_id: &str, id: &str) -> Result<Option<Registration>> {
    let row: Option<Row> = sqlx::query_as(select!(
        "WHERE form_id = ?1 AND id = ?2 AND deleted_at IS NULL"
    ))
    .bind(form_id)
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    Ok(row.map(Registration::from))
}

/// A page of the registrations a user sent (newest first), hold ones excluded because they
/// cannot be opened; plus the total count.
pub async fn page_for_user(
    db: &TenantDb,
    user_id: &str,
    page: i64,
    per_page: i64,
) -> Result<(Vec<Registration>, i64)> {
    let rows: Vec<Row> = sqlx::query_as(select!(
        "WHERE user_id = ?1 AND deleted_at IS NULL AND status <> 'hold' ORDER BY created_at DESC, serial_number DESC LIMIT ?2 OFFSET ?3"
    ))
    .bind(user_id)
    .bind(per_page)
    .bind(page.max(0) * per_page)
    .fetch_all(db.pool())
    .await?;
    let total: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM registrations WHERE user_id = ?1 AND deleted_at IS NULL AND status <> 'hold'",
    )
    .bind(user_id)
    .fetch_one(db.pool())
    .await?;
    Ok((rows.into_iter().map(Registration::from).collect(), total))
}

/// Completed registrations of a form whose value at each path contains the term
/// (case-insensitive), newest first. Paths are element names joined by '.', checked by the
/// caller against the form's searchable fields (so they are always `[a-z0-9_.]`).
pub async fn search(
    db: &TenantDb,
    form_id: &str,
    filters: &[(String, String)],
    limit: i64,
) -> Result<Vec<Registration>> {
    let filters: Vec<Value> = filters
        .iter()
        .map(|(path, term)| serde_json::json!({ "path": format!("$.{path}"), "term": term.to_lowercase() }))
        .collect();
    // The filters travel as one bound JSON array, so the SQL stays static; a missing value
    // reads as '' and matches only an empty term. Arrays and objects match on their JSON text.
    // instr, not LIKE: a term is plain text (its % and _ are not wildcards), and a long term
    // is no "pattern too complex" for SQLite.
    let rows: Vec<Row> = sqlx::query_as(select!(
        "WHERE form_id = ?1 AND deleted_at IS NULL AND status = 'completed'
           AND NOT EXISTS (
             SELECT 1 FROM json_each(?2) f
             WHERE instr(lower(COALESCE(CAST(json_extract(reg_values, json_extract(f.value, '$.path')) AS TEXT), '')),
                         json_extract(f.value, '$.term')) = 0
           )
         ORDER BY created_at DESC, serial_number DESC LIMIT ?3"
    ))
    .bind(form_id)
    .bind(Value::Array(filters).to_string())
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(Registration::from).collect())
}

/// One registration of a form, also when it is in the trash (for the form's managers).
pub async fn find_any(db: &TenantDb, form_id: &str, id: &str) -> Result<Option<Registration>> {
    let row: Option<Row> = sqlx::query_as(select!("WHERE form_id = ?1 AND id = ?2"))
        .bind(form_id)
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    Ok(row.map(Registration::from))
}

/// Moves a registration into the trash (`trashed`) or out of it; false when the form has
/// no such registration (or it is already there).
pub async fn set_trashed(db: &TenantDb, form_id: &str, id: &str, trashed: bool) -> Result<bool> {
    let at = now();
    let changed = if trashed {
        sqlx::query("UPDATE registrations SET deleted_at = ?3 WHERE form_id = ?1 AND id = ?2 AND deleted_at IS NULL")
    } else {
        sqlx::query("UPDATE registrations SET deleted_at = NULL WHERE form_id = ?1 AND id = ?2 AND deleted_at IS NOT NULL AND ?3 IS NOT NULL")
    }
    .bind(form_id)
    .bind(id)
    .bind(at)
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(changed == 1)
}

/// A page of a form's registrations as a manager asked (`domain::review`), with the number
/// of all that match. Hold registrations are never listed (they stay hidden until credits
/// are topped up). Where the form has value indexes for the review's paths (decision 018),
/// the count reads a filter's index, and the page either walks the rows in the page's order
/// or reads that index, whichever reads fewer rows.
pub async fn review(
    db: &TenantDb,
    form_id: &str,
    review: &domain::review::Review,
) -> Result<(Vec<Registration>, i64)> {
    let ready = ready_indexes(db, form_id, review).await?;
    let access = review_sql::Access::new(form_id, &ready);
    let total = count_with(db, form_id, review, access.as_ref()).await?;
    let wanted = review
        .page
        .saturating_add(1)
        .saturating_mul(review.per_page);
    let by_filter = match &access {
        Some(access) if !review.filters.is_empty() => {
            let rows = tab_count(db, form_id, review.tab).await?;
            !(access.walks_in_order(&review.sort)
                && domain::review::walk_in_order(wanted, rows, total))
        }
        _ => false,
    };
    let sql = review_sql::Where::of(form_id, review, access.as_ref().filter(|_| by_filter));
    let order = review_sql::order(&review.sort, access.as_ref());
    let (from, condition, binds) = sql.into_query(order.index.as_deref().filter(|_| !by_filter));
    let page_sql = format!(
        "SELECT id, form_id, serial_number, fill_token, user_id, username, registration_name, summary, status, phase, reg_values, schema, created_at, updated_at, deleted_at
         FROM {from} JOIN form_schemas ON hash = schema_hash
         WHERE {condition} ORDER BY {} LIMIT ? OFFSET ?",
        order.sql
    );
    // Built from fixed fragments and checked literals only; every value is bound (see
    // review_sql).
    let mut page = sqlx::query_as::<_, Row>(sqlx::AssertSqlSafe(page_sql));
    for bind in &binds {
        page = bind.apply_as(page);
    }
    if let Some(path) = &order.path {
        page = page.bind(path.clone());
    }
    let rows = page
        .bind(review.per_page)
        .bind(review.page.saturating_mul(review.per_page))
        .fetch_all(db.pool())
        .await?;
    Ok((rows.into_iter().map(Registration::from).collect(), total))
}

/// The ready value indexes of a form when a review could use one.
async fn ready_indexes(
    db: &TenantDb,
    form_id: &str,
    review: &domain::review::Review,
) -> Result<Vec<crate::tenant::value_indexes::ValueIndex>> {
    if review.wanted_indexes().is_empty() {
        return Ok(Vec::new());
    }
    crate::tenant::value_indexes::ready(db, form_id).await
}

/// Completed registrations of all the client's forms (kept counts, not counted).
pub async fn completed_count(db: &TenantDb) -> Result<i64> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COALESCE(SUM(n), 0) FROM registration_counts WHERE tab = 'completed'",
    )
    .fetch_one(db.pool())
    .await?;
    Ok(n)
}

/// The kept number of a form's registrations in a tab (`registration_counts`, kept by
/// triggers): the count of an unfiltered list without counting.
async fn tab_count(db: &TenantDb, form_id: &str, tab: domain::review::Tab) -> Result<i64> {
    let tab = match tab {
        domain::review::Tab::Completed => "completed",
        domain::review::Tab::Incomplete => "draft",
        domain::review::Tab::Trash => "trash",
    };
    let n: Option<i64> =
        sqlx::query_scalar("SELECT n FROM registration_counts WHERE form_id = ?1 AND tab = ?2")
            .bind(form_id)
            .bind(tab)
            .fetch_optional(db.pool())
            .await?;
    Ok(n.unwrap_or(0))
}

/// The SQL of a review, built only from fixed fragments: every value a user gave is bound.
mod review_sql {
    use crate::tenant::value_indexes::{self, ValueIndex};
    use domain::review::{
        Field, Filter, IndexKind, Operand, Operator, Review, Sort, Tab, indexable_path,
    };
    use sqlx::Sqlite;
    use sqlx::query::{QueryAs, QueryScalar};
    use sqlx::sqlite::SqliteArguments;

    /// A bound value.
    #[derive(Debug, Clone)]
    pub enum Bind {
        Text(String),
        Int(i64),
        Real(f64),
    }

    impl Bind {
        pub fn apply_as<'q, O>(
            &self,
            query: QueryAs<'q, Sqlite, O, SqliteArguments>,
        ) -> QueryAs<'q, Sqlite, O, SqliteArguments> {
            match self {
                Bind::Text(text) => query.bind(text.clone()),
                Bind::Int(n) => query.bind(*n),
                Bind::Real(n) => query.bind(*n),
            }
        }

        pub fn apply_scalar<'q, O>(
            &self,
            query: QueryScalar<'q, Sqlite, O, SqliteArguments>,
        ) -> QueryScalar<'q, Sqlite, O, SqliteArguments> {
            match self {
                Bind::Text(text) => query.bind(text.clone()),
                Bind::Int(n) => query.bind(*n),
                Bind::Real(n) => query.bind(*n),
            }
        }
    }

    /// The value indexes a review may use, and the form id as the literal they need.
    pub struct Access<'a> {
        form: String,
        ready: &'a [ValueIndex],
    }

    impl<'a> Access<'a> {
        /// None when the form has no ready index, or an id no index is made for.
        pub fn new(form_id: &str, ready: &'a [ValueIndex]) -> Option<Access<'a>> {
            if ready.is_empty() {
                return None;
            }
            Some(Access {
                form: value_indexes::form_literal(form_id)?,
                ready,
            })
        }

        fn index(&self, path: &str, kind: IndexKind) -> Option<&'a ValueIndex> {
            self.ready
                .iter()
                .find(|index| index.path == path && index.kind == kind)
        }

        /// The ready index that answers a filter, if any.
        fn serving(&self, filter: &Filter) -> Option<&'a ValueIndex> {
            let (path, kind) = filter.index_use()?;
            self.index(path, kind)
        }

        /// Whether a page can be read by walking an index in the sort's order.
        pub fn walks_in_order(&self, sort: &Sort) -> bool {
            match indexable_path(&sort.field) {
                Some(path) => self.index(path, IndexKind::Order).is_some(),
                None => matches!(sort.field, Field::Date | Field::DeletedAt | Field::Serial),
            }
        }
    }

    /// The WHERE clause of a review and its binds, in order; and what the query reads
    /// from, with the binds that go there.
    pub struct Where {
        parts: Vec<String>,
        binds: Vec<Bind>,
        from: String,
        from_binds: Vec<Bind>,
        /// The form id as a literal, for a query that reads a partial value index.
        form: Option<String>,
    }

    impl Where {
        pub fn new(form_id: &str, tab: Tab) -> Where {
            let tab = match tab {
                Tab::Completed => "deleted_at IS NULL AND status = 'completed'",
                Tab::Incomplete => "deleted_at IS NULL AND status = 'draft'",
                Tab::Trash => "deleted_at IS NOT NULL AND status <> 'hold'",
            };
            Where {
                parts: vec!["form_id = ?".to_owned(), tab.to_owned()],
                binds: vec![Bind::Text(form_id.to_owned())],
                from: "registrations".to_owned(),
                from_binds: Vec::new(),
                form: value_indexes::form_literal(form_id),
            }
        }

        /// The selection of a review; with `access`, read through the index of the first
        /// filter that has one (decision 018): an order index is read as a range, a text
        /// index drives the query with its matches. Every other filter is tested per row.
        pub fn of(form_id: &str, review: &Review, access: Option<&Access<'_>>) -> Where {
            let mut sql = Where::new(form_id, review.tab);
            let driver = access.and_then(|access| {
                review
                    .filters
                    .iter()
                    .enumerate()
                    .find_map(|(i, filter)| Some((i, access.serving(filter)?, access)))
            });
            for (i, filter) in review.filters.iter().enumerate() {
                match driver {
                    Some((at, index, access)) if at == i => sql.indexed(filter, index, access),
                    _ => sql.filter(filter),
                }
            }
            sql
        }

        pub fn finish(self) -> (String, Vec<Bind>) {
            (self.parts.join(" AND "), self.binds)
        }

        /// What to read from, the condition and all binds in order; `index` names the
        /// value index whose order a page walks.
        pub fn into_query(mut self, index: Option<&str>) -> (String, String, Vec<Bind>) {
            if let (Some(index), Some(form)) = (index, self.form.take()) {
                self.from = format!("registrations INDEXED BY \"{index}\"");
                self.parts.push(format!("form_id = {form}"));
            }
            let mut binds = self.from_binds;
            binds.extend(self.binds);
            (self.from, self.parts.join(" AND "), binds)
        }

        pub fn filter(&mut self, filter: &Filter) {
            let condition = match &filter.field {
                Field::Date => self.time("created_at", filter),
                Field::DeletedAt => self.time("deleted_at", filter),
                Field::Serial => self.number("serial_number", filter),
                Field::User => self.text("COALESCE(username, '')", filter),
                Field::Name => self.text("COALESCE(registration_name, '')", filter),
                Field::Phase => self.text("COALESCE(phase, '')", filter),
                Field::Value(path) => self.value(path, filter),
            };
            self.parts.push(condition);
        }

        /// A filter answered by its value index.
        fn indexed(&mut self, filter: &Filter, index: &ValueIndex, access: &Access<'_>) {
            let name = index.name();
            let Some(value) = value_indexes::value_expr("reg_values", &index.path) else {
                return self.filter(filter);
            };
            match (index.kind, &filter.operand) {
                (IndexKind::Text, Operand::Text(text)) => {
                    // The matches first, each looked up by (form, serial number).
                    self.from = format!(
                        "(SELECT rowid AS s FROM \"{name}\" WHERE \"{name}\" MATCH ?) AS hit CROSS JOIN registrations"
                    );
                    self.from_binds
                        .push(Bind::Text(value_indexes::contains_query(text)));
                    self.parts.push("serial_number = hit.s".to_owned());
                }
                (IndexKind::Order, Operand::Number(n)) => {
                    self.from = format!("registrations INDEXED BY \"{name}\"");
                    let op = Self::comparison(filter.operator);
                    let n = self.bind(Bind::Real(*n));
                    // Numbers sort before all text: `< ''` keeps the range to numbers.
                    self.parts.push(format!(
                        "form_id = {} AND {value} COLLATE NOCASE {op} {n} AND {value} COLLATE NOCASE < ''",
                        access.form
                    ));
                }
                (IndexKind::Order, Operand::Text(text)) => {
                    self.from = format!("registrations INDEXED BY \"{name}\"");
                    let t = self.bind(Bind::Text(text.clone()));
                    self.parts.push(format!(
                        "form_id = {} AND {value} COLLATE NOCASE = {t}",
                        access.form
                    ));
                }
                _ => self.filter(filter),
            }
        }

        fn bind(&mut self, bind: Bind) -> &'static str {
            self.binds.push(bind);
            "?"
        }

        fn comparison(operator: Operator) -> &'static str {
            match operator {
                Operator::Equals => "=",
                Operator::NotEquals => "<>",
                Operator::Greater => ">",
                Operator::GreaterOrEqual => ">=",
                Operator::Less => "<",
                Operator::LessOrEqual => "<=",
                Operator::Contains | Operator::Empty | Operator::NotEmpty => "=",
            }
        }

        /// A unix-time column against a date in Amsterdam time.
        fn time(&mut self, column: &str, filter: &Filter) -> String {
            let Operand::Date(date) = &filter.operand else {
                return self.presence(&format!("{column} IS NULL"), filter.operator);
            };
            let start = domain::dates::local_day_start(date).unwrap_or(0);
            let next = domain::dates::local_day_start(&next_date(date)).unwrap_or(start + 86_400);
            let (a, b) = (Bind::Int(start), Bind::Int(next));
            match filter.operator {
                // A date "contains" the moments of that day; empty has no date to compare.
                Operator::Equals | Operator::Contains | Operator::Empty | Operator::NotEmpty => {
                    format!(
                        "({column} >= {} AND {column} < {})",
                        self.bind(a),
                        self.bind(b)
                    )
                }
                Operator::NotEquals => {
                    format!(
                        "({column} < {} OR {column} >= {})",
                        self.bind(a),
                        self.bind(b)
                    )
                }
                Operator::Greater => format!("{column} >= {}", self.bind(b)),
                Operator::GreaterOrEqual => format!("{column} >= {}", self.bind(a)),
                Operator::Less => format!("{column} < {}", self.bind(a)),
                Operator::LessOrEqual => format!("{column} < {}", self.bind(b)),
            }
        }

        fn number(&mut self, column: &str, filter: &Filter) -> String {
            match &filter.operand {
                Operand::Number(n) => format!(
                    "{column} {} {}",
                    Self::comparison(filter.operator),
                    self.bind(Bind::Real(*n))
                ),
                _ => self.presence(&format!("{column} IS NULL"), filter.operator),
            }
        }

        fn text(&mut self, column: &str, filter: &Filter) -> String {
            match &filter.operand {
                Operand::Text(text) if filter.operator == Operator::Contains => {
                    format!(
                        "instr(lower({column}), {}) > 0",
                        self.bind(Bind::Text(text.clone()))
                    )
                }
                Operand::Text(text) | Operand::Date(text) => format!(
                    "lower({column}) {} {}",
                    Self::comparison(filter.operator),
                    self.bind(Bind::Text(text.clone()))
                ),
                Operand::Number(n) => format!(
                    "CAST({column} AS REAL) {} {}",
                    Self::comparison(filter.operator),
                    self.bind(Bind::Real(*n))
                ),
                Operand::None => self.presence(&format!("trim({column}) = ''"), filter.operator),
            }
        }

        /// `empty` / `!empty` of an "is empty" condition.
        fn presence(&mut self, empty: &str, operator: Operator) -> String {
            if operator == Operator::NotEmpty {
                format!("NOT ({empty})")
            } else {
                format!("({empty})")
            }
        }

        /// A condition on an element path: directly (`omschrijving`, `plek.lat`), or in any
        /// entry of a list (`posten.bedrag`: a subform field; `foto.filename`).
        fn value(&mut self, path: &[String], filter: &Filter) -> String {
            let full = format!("$.{}", path.join("."));
            let direct = self.on_json("reg_values", &full, filter);
            // "Empty" and "not" must hold for the whole value, not for some entry.
            let per_entry = !matches!(filter.operator, Operator::Empty | Operator::NotEquals);
            let Some((first, rest)) = path
                .split_first()
                .filter(|(_, rest)| per_entry && !rest.is_empty())
            else {
                return direct;
            };
            let list = self.bind(Bind::Text(format!("$.{first}")));
            let inner = self.on_json("entry.value", &format!("$.{}", rest.join(".")), filter);
            format!(
                "({direct} OR EXISTS (SELECT 1 FROM json_each(reg_values, {list}) AS entry WHERE entry.type = 'object' AND {inner}))"
            )
        }

        /// A condition on the value at `path` (a JSON path, bound) of the JSON in `doc`.
        fn on_json(&mut self, doc: &str, path: &str, filter: &Filter) -> String {
            let p = || Bind::Text(path.to_owned());
            match &filter.operand {
                Operand::None => {
                    let (t1, t2, t3, v1, v2) = (
                        self.bind(p()),
                        self.bind(p()),
                        self.bind(p()),
                        self.bind(p()),
                        self.bind(p()),
                    );
                    // Empty as everywhere in eform: absent, null, false, blank text, an empty
                    // list or object.
                    let empty = format!(
                        "(COALESCE(json_type({doc}, {t1}), 'null') IN ('null', 'false') \
                         OR (json_type({doc}, {t2}) = 'text' AND trim(json_extract({doc}, {v1})) = '') \
                         OR (json_type({doc}, {t3}) IN ('array', 'object') AND json_extract({doc}, {v2}) IN ('[]', '{{}}')))"
                    );
                    self.presence(&empty, filter.operator)
                }
                Operand::Number(n) => {
                    let (t, v) = (self.bind(p()), self.bind(p()));
                    let op = Self::comparison(filter.operator);
                    let n = self.bind(Bind::Real(*n));
                    format!(
                        "(json_type({doc}, {t}) IN ('integer', 'real') AND json_extract({doc}, {v}) {op} {n})"
                    )
                }
                Operand::Date(date) => {
                    let v = self.bind(p());
                    let op = Self::comparison(filter.operator);
                    let d = self.bind(Bind::Text(date.clone()));
                    format!("substr(CAST(json_extract({doc}, {v}) AS TEXT), 1, 10) {op} {d}")
                }
                Operand::Text(text) => {
                    let v = self.bind(p());
                    let value =
                        format!("lower(COALESCE(CAST(json_extract({doc}, {v}) AS TEXT), ''))");
                    let t = self.bind(Bind::Text(text.clone()));
                    match filter.operator {
                        Operator::Contains => format!("instr({value}, {t}) > 0"),
                        op => format!("{value} {} {t}", Self::comparison(op)),
                    }
                }
            }
        }
    }

    /// The day after `YYYY-MM-DD`.
    fn next_date(date: &str) -> String {
        let start = domain::dates::local_day_start(date).unwrap_or(0);
        // Noon the next day, read back as a local date.
        domain::dates::local_datetime(start + 36 * 3600)
            .get(..10)
            .unwrap_or_default()
            .to_owned()
    }

    /// The ORDER BY of a review, with the JSON path to bind when it sorts on a value
    /// without an index, or the value index whose order it is.
    pub struct Order {
        pub sql: String,
        pub path: Option<String>,
        pub index: Option<String>,
    }

    pub fn order(sort: &Sort, access: Option<&Access<'_>>) -> Order {
        let direction = if sort.descending { "DESC" } else { "ASC" };
        let indexed = indexable_path(&sort.field).and_then(|path| {
            let index = access?.index(path, IndexKind::Order)?;
            Some((value_indexes::value_expr("reg_values", path)?, index.name()))
        });
        let (column, path, index) = match (&sort.field, indexed) {
            (_, Some((value, index))) => (format!("{value} COLLATE NOCASE"), None, Some(index)),
            (Field::Date, None) => ("created_at".to_owned(), None, None),
            (Field::DeletedAt, None) => ("deleted_at".to_owned(), None, None),
            (Field::Serial, None) => ("serial_number".to_owned(), None, None),
            (Field::User, None) => ("username COLLATE NOCASE".to_owned(), None, None),
            (Field::Name, None) => ("registration_name COLLATE NOCASE".to_owned(), None, None),
            (Field::Phase, None) => ("CAST(phase AS INTEGER)".to_owned(), None, None),
            (Field::Value(parts), None) => (
                "json_extract(reg_values, ?) COLLATE NOCASE".to_owned(),
                Some(format!("$.{}", parts.join("."))),
                None,
            ),
        };
        Order {
            sql: format!("{column} {direction}, serial_number {direction}"),
            path,
            index,
        }
    }
}

/// One registration as an export writes it.
#[derive(Debug, Clone)]
pub struct ExportRow {
    pub serial_number: i64,
    pub created_at: i64,
    pub username: Option<String>,
    pub phase: Option<String>,
    pub reg_values: String,
}

/// Reads the registrations of a review for an export, a chunk at a time in serial order, so
/// an export walks the whole selection never holding more than a chunk.
///
/// It reads on a connection of its own with the file mapped into memory: an export reads
/// the whole file once, and a mapped page is read where it lies instead of being copied
/// into SQLite's page cache first (that copy was a fifth of an export's reading). The
/// connection is closed with the reader, so no pooled connection keeps the mapping.
///
/// SQLite answers a chunk as one row: the small columns of its registrations as a JSON
/// array, with the byte length of each one's values, and those values glued together (as a
/// blob, which SQLite hands over without copying it to end it in a zero), cut apart here.
/// Read as a row per registration, every registration cost a hand-over between sqlx's
/// SQLite thread and this task, more than SQLite took to find it.
pub struct ExportReader {
    connection: SqliteConnection,
    text: String,
    binds: Vec<review_sql::Bind>,
}

/// The most of a file an export maps (SQLite caps it further at its compile-time maximum).
const EXPORT_MMAP_BYTES: i64 = 1 << 40;

impl ExportReader {
    pub async fn open(
        db: &TenantDb,
        form_id: &str,
        review: &domain::review::Review,
    ) -> Result<ExportReader> {
        let mut connection = db.pool().acquire().await?.detach();
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "PRAGMA mmap_size = {EXPORT_MMAP_BYTES}"
        )))
        .execute(&mut connection)
        .await?;
        let mut sql = review_sql::Where::new(form_id, review.tab);
        for filter in &review.filters {
            sql.filter(filter);
        }
        let (condition, binds) = sql.finish();
        let text = format!(
            "SELECT json_group_array(json_array(serial_number, created_at, username, phase,
                                                octet_length(reg_values))),
                    CAST(group_concat(reg_values, '') AS BLOB)
             FROM (SELECT serial_number, created_at, username, phase, reg_values FROM registrations
                   WHERE {condition} AND serial_number > ? ORDER BY serial_number LIMIT ?)"
        );
        Ok(ExportReader {
            connection,
            text,
            binds,
        })
    }

    /// The next registrations after serial number `after`, at most `limit` (fewer when
    /// their values would not fit in one SQLite string); none at the end.
    pub async fn chunk(&mut self, after: i64, limit: i64) -> Result<Vec<ExportRow>> {
        let mut limit = limit;
        loop {
            // Built from fixed fragments only; every value is bound (see review_sql).
            let mut query =
                sqlx::query_as::<_, ExportChunk>(sqlx::AssertSqlSafe(self.text.clone()));
            for bind in &self.binds {
                query = bind.apply_as(query);
            }
            match query
                .bind(after)
                .bind(limit)
                .fetch_one(&mut self.connection)
                .await
            {
                // More values than SQLite holds in one string (SQLITE_TOOBIG): fewer at a time.
                Err(sqlx::Error::Database(err))
                    if limit > 1 && err.code().as_deref() == Some("18") =>
                {
                    limit /= 2;
                }
                answer => return Ok(answer?.0),
            }
        }
    }
}

/// The registrations of an export chunk, cut from its one row.
struct ExportChunk(Vec<ExportRow>);

impl sqlx::FromRow<'_, sqlx::sqlite::SqliteRow> for ExportChunk {
    fn from_row(row: &sqlx::sqlite::SqliteRow) -> sqlx::Result<ExportChunk> {
        /// The small columns of one registration and the byte length of its values.
        #[derive(serde::Deserialize)]
        struct Head(i64, i64, Option<String>, Option<String>, usize);

        use sqlx::Row;
        let decode = |err: Box<dyn std::error::Error + Send + Sync>| sqlx::Error::Decode(err);
        let heads: Vec<Head> =
            serde_json::from_slice(row.try_get(0)?).map_err(|err| decode(err.into()))?;
        let values: Option<&[u8]> = row.try_get(1)?;
        let mut rest =
            std::str::from_utf8(values.unwrap_or_default()).map_err(|err| decode(err.into()))?;
        let count = heads.len();
        let mut rows = Vec::with_capacity(count);
        for Head(serial_number, created_at, username, phase, length) in heads {
            let Some((reg_values, next)) = rest.split_at_checked(length) else {
                break;
            };
            rest = next;
            rows.push(ExportRow {
                serial_number,
                created_at,
                username,
                phase,
                reg_values: reg_values.to_owned(),
            });
        }
        if rows.len() != count || !rest.is_empty() {
            return Err(decode(
                "export chunk values do not add up to their lengths".into(),
            ));
        }
        // Both aggregates take the rows in one pass, in the order the subquery gives them;
        // an ORDER BY of their own would sort every value again (in a temporary file when
        // large).
        rows.sort_by_key(|row| row.serial_number);
        Ok(ExportChunk(rows))
    }
}

/// The number of registrations a review selects.
pub async fn count(db: &TenantDb, form_id: &str, review: &domain::review::Review) -> Result<i64> {
    let ready = ready_indexes(db, form_id, review).await?;
    let access = review_sql::Access::new(form_id, &ready);
    count_with(db, form_id, review, access.as_ref()).await
}

/// The number of registrations a review selects, read from a filter's value index where
/// one is ready.
async fn count_with(
    db: &TenantDb,
    form_id: &str,
    review: &domain::review::Review,
    access: Option<&review_sql::Access<'_>>,
) -> Result<i64> {
    if review.filters.is_empty() {
        return tab_count(db, form_id, review.tab).await;
    }
    let (from, condition, binds) = review_sql::Where::of(form_id, review, access).into_query(None);
    let text = format!("SELECT COUNT(*) FROM {from} WHERE {condition}");
    // Built from fixed fragments and checked literals only; every value is bound (see
    // review_sql).
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(text));
    for bind in &binds {
        query = bind.apply_scalar(query);
    }
    Ok(query.fetch_one(db.pool()).await?)
}

/// Registrations deleted for good, and the files that went with them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PurgedChunk {
    pub registrations: u64,
    /// Files no one refers to any more: their rows are gone, the caller removes the bytes.
    pub file_ids: Vec<String>,
}

/// Deletes for good up to `limit` registrations that went into the trash before `before`
/// (unix time), and in the same transaction the rows of the files only they referred to;
/// None when nothing is left to purge. A crash after the commit leaves at worst bytes
/// without a row, which [`crate::tenant::files::without_row`] finds.
pub async fn purge_trashed(db: &TenantDb, before: i64, limit: i64) -> Result<Option<PurgedChunk>> {
    let mut tx = db.pool().begin().await?;
    let doomed: Vec<(String, String)> = sqlx::query_as(
        "SELECT id, reg_values FROM registrations WHERE deleted_at IS NOT NULL AND deleted_at < ?1 ORDER BY deleted_at LIMIT ?2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(&mut *tx)
    .await?;
    if doomed.is_empty() {
        return Ok(None);
    }
    let ids: Vec<&str> = doomed.iter().map(|(id, _)| id.as_str()).collect();
    let deleted =
        sqlx::query("DELETE FROM registrations WHERE id IN (SELECT value FROM json_each(?1))")
            .bind(serde_json::to_string(&ids)?)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    let client = db.client_id().as_str();
    let referred: Vec<String> = doomed
        .iter()
        .flat_map(|(_, values)| file_ids_in(values, client))
        .collect();
    let file_ids = crate::tenant::files::delete_unreferenced_in(&mut tx, &referred).await?;
    tx.commit().await?;
    Ok(Some(PurgedChunk {
        registrations: deleted,
        file_ids,
    }))
}

/// The ids of this client's uploaded files a registration's values refer to
/// (`/api/client/{client}/file/{id}`).
pub fn file_ids_in(values: &str, client: &str) -> Vec<String> {
    let marker = format!("/api/client/{client}/file/");
    values
        .match_indices(&marker)
        .filter_map(|(at, _)| {
            let rest = &values[at + marker.len()..];
            let id: String = rest
                .chars()
                .take_while(|c| c.is_ascii_hexdigit() || *c == '-')
                .collect();
            (!id.is_empty()).then_some(id)
        })
        .collect()
}

#[cfg(test)]
mod file_ref_tests {
    #[test]
    fn file_ids_are_found_in_values() {
        let values = r#"{"foto":[{"url":"/api/client/c1/file/01a2-b3","filename":"x"}],"andere":"/api/client/c2/file/ff"}"#;
        assert_eq!(super::file_ids_in(values, "c1"), ["01a2-b3"]);
    }
}
