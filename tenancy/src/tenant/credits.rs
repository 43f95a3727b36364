//! Queries on `credits`, the client's credit ledger, and `credit_usage`, the credits used
//! per day.

use crate::error::Result;
use crate::param::{self, Param};
use crate::{TenantDb, new_id, now};

/// A bundle of credits in the ledger (bought, or added by hand).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Credit {
    pub id: String,
    pub name: String,
    pub credits_total: i64,
    pub credits_left: i64,
    /// Unix time after which they no longer count (for non-admins).
    pub credit_expire_date: Option<i64>,
    /// The contact fields, as JSON.
    pub contact: String,
    pub created_at: i64,
}

/// Every bundle of the ledger, newest first.
pub async fn list(db: &TenantDb) -> Result<Vec<Credit>> {
    Ok(sqlx::query_as(
        "SELECT id, name, credits_total, credits_left, credit_expire_date, contact, created_at
         FROM credits ORDER BY created_at DESC, id",
    )
    .fetch_all(db.pool())
    .await?)
}

/// Adds a bundle under `id` (a purchase's id, so a grant that runs twice adds it once);
/// answers whether it was added now.
pub async fn add_once(
    db: &TenantDb,
    id: &str,
    name: &str,
    total: i64,
    expires_at: Option<i64>,
    contact: &str,
) -> Result<bool> {
    let added = sqlx::query(
        "INSERT OR IGNORE INTO credits (id, name, credits_total, credits_left, credit_expire_date, contact, created_at)
         VALUES (?1, ?2, ?3, ?3, ?4, ?5, ?6)",
    )
    .bind(id)
    .bind(name)
    .bind(total)
    .bind(expires_at)
    .bind(contact)
    .bind(now())
    .execute(db.pool())
    .await?
    .rows_affected();
    Ok(added == 1)
}

/// When the next credits that still count expire (unix time), if any expire at all.
pub async fn next_expiry(db: &TenantDb) -> Result<Option<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT MIN(credit_expire_date) FROM credits WHERE credits_left > 0 AND credit_expire_date > ?1",
    )
    .bind(now())
    .fetch_one(db.pool())
    .await?)
}

/// Credits used per period: the sum over the days whose date starts with each prefix
/// (`YYYY-MM` for a month, `YYYY-MM-DD` for a day), in the order given.
pub async fn used_per_period(db: &TenantDb, periods: &[String]) -> Result<Vec<i64>> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT p.value, COALESCE(SUM(u.used), 0) FROM json_each(?1) p
         LEFT JOIN credit_usage u ON u.day >= p.value AND u.day < p.value || '~'
         GROUP BY p.key ORDER BY p.key",
    )
    .bind(serde_json::to_string(periods)?)
    .fetch_all(db.pool())
    .await?;
    Ok(rows.into_iter().map(|(_, used)| used).collect())
}

/// Records `used` credits as used today, inside the caller's transaction.
async fn record_use(conn: &mut sqlx::SqliteConnection, used: i64) -> Result<()> {
    if used <= 0 {
        return Ok(());
    }
    param::bind(sqlx::query(RECORD_USE), record_use_params(used))
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Adds credits used to today's count.
const RECORD_USE: &str = "INSERT INTO credit_usage (day, used) VALUES (?1, ?2)
     ON CONFLICT (day) DO UPDATE SET used = used + excluded.used";

/// [`RECORD_USE`]'s parameters: today ([`usage_day`]) and the number used.
fn record_use_params(used: i64) -> Vec<Param> {
    vec![usage_day().into(), used.into()]
}

/// Takes the credits wanted from the bundle that expires first when it has them all; changes
/// one row when it did, none otherwise (and none when nothing is wanted).
const TAKE_COVERED: &str = "UPDATE credits SET credits_left = credits_left - ?1
     WHERE ?1 > 0 AND credits_left >= ?1 AND id = (
       SELECT id FROM credits
       WHERE credits_left > 0 AND (?2 OR credit_expire_date IS NULL OR credit_expire_date > ?3)
       ORDER BY credit_expire_date IS NULL, credit_expire_date, created_at LIMIT 1)";

/// The bundles with credits left, as the group-commit writer reads them once a batch: a send
/// takes its credit here, in memory, and [`Purse::settle`] writes the bundles it took from
/// back before COMMIT. An UPDATE per send with its ordered subquery cost a one-client batch
/// more than its INSERT did. The writer holds the write lock from the read to the write, so
/// nothing else changes the ledger in between.
#[derive(Debug, Default)]
pub(crate) struct Purse {
    /// In the order credits are taken: first-expiring first, those that never expire last.
    bundles: Vec<Bundle>,
}

#[derive(Debug)]
struct Bundle {
    id: String,
    left: i64,
    expires_at: Option<i64>,
    /// Credits taken from it this batch.
    taken: i64,
}

impl Purse {
    /// Reads the bundles with credits left, inside the writer's transaction.
    pub(crate) fn load(db: &rusqlite::Connection) -> Result<Purse> {
        let bundles = db
            .prepare_cached(
                "SELECT id, credits_left, credit_expire_date FROM credits WHERE credits_left > 0
                 ORDER BY credit_expire_date IS NULL, credit_expire_date, created_at",
            )?
            .query_map([], |row| {
                Ok(Bundle {
                    id: row.get(0)?,
                    left: row.get(1)?,
                    expires_at: row.get(2)?,
                    taken: 0,
                })
            })?
            .collect::<rusqlite::Result<_>>()?;
        Ok(Purse { bundles })
    }

    /// The bundle a credit taken at `at` comes from: the first with credits left that still
    /// counts (an expired one counts only for `allow_expired`, as for admins).
    fn first(&self, allow_expired: bool, at: i64) -> Option<usize> {
        self.bundles.iter().position(|bundle| {
            bundle.left > 0 && (allow_expired || bundle.expires_at.is_none_or(|end| end > at))
        })
    }

    /// Whether a credit is there to take; a send asks before its row is written and takes it
    /// ([`Purse::take`]) only once the row stands, so a send that fails takes none.
    pub(crate) fn has(&self, allow_expired: bool, at: i64) -> bool {
        self.first(allow_expired, at).is_some()
    }

    /// Takes one credit, when there is one.
    pub(crate) fn take(&mut self, allow_expired: bool, at: i64) {
        if let Some(index) = self.first(allow_expired, at) {
            let bundle = &mut self.bundles[index];
            bundle.left -= 1;
            bundle.taken += 1;
        }
    }

    /// Writes back what the batch took and records it as used today.
    pub(crate) fn settle(&self, db: &rusqlite::Connection) -> Result<()> {
        let mut used = 0;
        for bundle in self.bundles.iter().filter(|bundle| bundle.taken > 0) {
            db.prepare_cached("UPDATE credits SET credits_left = ?2 WHERE id = ?1")?
                .execute(rusqlite::params![bundle.id, bundle.left])?;
            used += bundle.taken;
        }
        if used > 0 {
            db.prepare_cached(RECORD_USE)?
                .execute(rusqlite::params_from_iter(record_use_params(used)))?;
        }
        Ok(())
    }
}

/// The day credits used now are counted under, in the client's time zone.
pub(crate) fn usage_day() -> String {
    let mut day = domain::dates::local_datetime(now());
    day.truncate(10);
    day
}

/// Credits left over all bundles; bundles past their expiry count only when `include_expired`
/// (admins see real values, everyone else sees expired credits as 0 — spec document 3).
pub async fn left(db: &TenantDb, include_expired: bool) -> Result<i64> {
    let left: i64 = sqlx::query_scalar(
        "SELECT COALESCE(SUM(credits_left), 0) FROM credits
         WHERE ?1 OR credit_expire_date IS NULL OR credit_expire_date > ?2",
    )
    .bind(include_expired)
    .bind(now())
    .fetch_one(db.pool())
    .await?;
    Ok(left)
}

/// Adds a bundle of credits; `expires_at` is unix seconds.
pub async fn add(db: &TenantDb, name: &str, total: i64, expires_at: Option<i64>) -> Result<String> {
    let id = new_id();
    sqlx::query(
        "INSERT INTO credits (id, name, credits_total, credits_left, credit_expire_date, created_at) VALUES (?1, ?2, ?3, ?3, ?4, ?5)",
    )
    .bind(&id)
    .bind(name)
    .bind(total)
    .bind(expires_at)
    .bind(now())
    .execute(db.pool())
    .await?;
    Ok(id)
}

/// Number of bundles (seeding adds the first bundle only once).
pub async fn count(db: &TenantDb) -> Result<i64> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM credits")
        .fetch_one(db.pool())
        .await?)
}

/// Takes up to `wanted` credits, from the bundles that expire first, inside the caller's
/// transaction, and records them as used today; answers how many it got (the rest of the
/// sends are kept on hold).
pub(crate) async fn consume(
    conn: &mut sqlx::SqliteConnection,
    wanted: i64,
    allow_expired: bool,
) -> Result<i64> {
    let got = take(conn, wanted, allow_expired).await?;
    record_use(conn, got).await?;
    Ok(got)
}

/// Takes up to `wanted` credits, first-expiring bundles first; answers how many it got. The
/// caller records their use ([`RECORD_USE`]) in the same transaction.
pub(crate) async fn take(
    conn: &mut sqlx::SqliteConnection,
    wanted: i64,
    allow_expired: bool,
) -> Result<i64> {
    if wanted <= 0 {
        return Ok(0);
    }
    // Usual case, one statement: the bundle that expires first covers them all.
    let covered = sqlx::query(TAKE_COVERED)
        .bind(wanted)
        .bind(allow_expired)
        .bind(now())
        .execute(&mut *conn)
        .await?;
    if covered.rows_affected() == 1 {
        return Ok(wanted);
    }
    // Across bundles (or not enough left): take what each has, first-expiring first.
    let bundles: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, credits_left FROM credits
         WHERE credits_left > 0 AND (?1 OR credit_expire_date IS NULL OR credit_expire_date > ?2)
         ORDER BY credit_expire_date IS NULL, credit_expire_date, created_at",
    )
    .bind(allow_expired)
    .bind(now())
    .fetch_all(&mut *conn)
    .await?;
    let mut got = 0;
    for (id, left) in bundles {
        if got == wanted {
            break;
        }
        let take = left.min(wanted - got);
        sqlx::query("UPDATE credits SET credits_left = credits_left - ?2 WHERE id = ?1")
            .bind(&id)
            .bind(take)
            .execute(&mut *conn)
            .await?;
        got += take;
    }
    Ok(got)
}
