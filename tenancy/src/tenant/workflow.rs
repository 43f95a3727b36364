//! Queries on `workflow_assignments` and `workflow_transitions`: who a workflow registration
//! waits for, and every move it made. A first send that hands over is written by the
//! group-commit writer with the registration ([`record_first`]); later sends move it with
//! [`advance`], in one transaction that checks the phase it was sent from.

use crate::error::Result;
use crate::param::{self, Param};
use crate::tenant::credits;
use crate::tenant::registrations::{Registration, Status, find_any};
use crate::{TenantDb, new_id, now};
use serde_json::Value;
use sqlx::SqliteConnection;

/// A move from one phase to the next (or to completion), and who made it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Handover {
    pub from_phase: String,
    /// None: the send completed the registration.
    pub to_phase: Option<String>,
    /// Who it waits for now; None for nobody.
    pub assigned_to: Option<String>,
    pub assigned_username: Option<String>,
    pub by_user: Option<String>,
    pub by_username: Option<String>,
}

/// One recorded move.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Move {
    pub from_phase: String,
    pub to_phase: Option<String>,
    pub assigned_username: Option<String>,
    pub by_username: Option<String>,
    pub at: i64,
}

/// Where an open workflow registration is.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Assignment {
    pub registration_id: String,
    pub form_id: String,
    pub assigned_to: Option<String>,
    pub phase: String,
    pub updated_at: i64,
}

/// Records a move.
const INSERT_MOVE: &str = "INSERT INTO workflow_transitions (id, registration_id, from_phase, to_phase, assigned_to, assigned_username, by_user, by_username, fill_token, payload_hash, at)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)";

/// Where an open registration waits now.
const ASSIGN: &str = "INSERT INTO workflow_assignments (registration_id, form_id, assigned_to, phase, updated_at) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (registration_id) DO UPDATE SET assigned_to = excluded.assigned_to, phase = excluded.phase, updated_at = excluded.updated_at";

/// A completed registration waits for no one.
const UNASSIGN: &str = "DELETE FROM workflow_assignments WHERE registration_id = ?1";

/// [`INSERT_MOVE`]'s parameters for a move with a new id.
fn move_params(
    id: &str,
    registration: &str,
    handover: &Handover,
    token: Option<&str>,
    hash: Option<&str>,
    at: i64,
) -> Vec<Param> {
    vec![
        id.into(),
        registration.into(),
        handover.from_phase.as_str().into(),
        handover.to_phase.as_ref().into(),
        handover.assigned_to.as_ref().into(),
        handover.assigned_username.as_ref().into(),
        handover.by_user.as_ref().into(),
        handover.by_username.as_ref().into(),
        token.into(),
        hash.into(),
        at.into(),
    ]
}

/// The statement that records where a registration waits after `handover`, with its
/// parameters: [`ASSIGN`] to the next phase, or [`UNASSIGN`] once it is completed.
fn assignment(
    registration: &str,
    form: &str,
    handover: &Handover,
    at: i64,
) -> (&'static str, Vec<Param>) {
    match &handover.to_phase {
        Some(phase) => (
            ASSIGN,
            vec![
                registration.into(),
                form.into(),
                handover.assigned_to.as_ref().into(),
                phase.as_str().into(),
                at.into(),
            ],
        ),
        None => (UNASSIGN, vec![registration.into()]),
    }
}

/// Records a move; answers its id.
async fn insert_move(
    conn: &mut SqliteConnection,
    registration: &str,
    handover: &Handover,
    token: Option<&str>,
    hash: Option<&str>,
    at: i64,
) -> Result<String> {
    let id = new_id();
    param::bind(
        sqlx::query(INSERT_MOVE),
        move_params(&id, registration, handover, token, hash, at),
    )
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

async fn assign(
    conn: &mut SqliteConnection,
    registration: &str,
    form: &str,
    handover: &Handover,
    at: i64,
) -> Result<()> {
    let (sql, params) = assignment(registration, form, handover, at);
    param::bind(sqlx::query(sql), params)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Records the hand-over of a first send, inside the writer's transaction that stores the
/// registration (its fill token is the registration's, so no second token is kept here),
/// on the writer's own connection.
pub(crate) fn record_first(
    conn: &rusqlite::Connection,
    registration: &str,
    form: &str,
    handover: &Handover,
    at: i64,
) -> Result<()> {
    let id = new_id();
    conn.prepare_cached(INSERT_MOVE)?
        .execute(rusqlite::params_from_iter(move_params(
            &id,
            registration,
            handover,
            None,
            None,
            at,
        )))?;
    let (sql, params) = assignment(registration, form, handover, at);
    conn.prepare_cached(sql)?
        .execute(rusqlite::params_from_iter(params))?;
    Ok(())
}

/// The open workflow registration `id`, with where it is.
pub async fn find_open(db: &TenantDb, id: &str) -> Result<Option<(Registration, Assignment)>> {
    let assignment: Option<Assignment> = sqlx::query_as(
        "SELECT registration_id, form_id, assigned_to, phase, updated_at FROM workflow_assignments WHERE registration_id = ?1",
    )
    .bind(id)
    .fetch_optional(db.pool())
    .await?;
    let Some(assignment) = assignment else {
        return Ok(None);
    };
    let registration = find_any(db, &assignment.form_id, id)
        .await?
        .filter(|reg| reg.deleted_at.is_none() && reg.status == Status::Draft.as_str());
    Ok(registration.map(|reg| (reg, assignment)))
}

/// Open registrations waiting for `user`, and those handed to nobody (the caller keeps the
/// ones of forms the user may fill in); most recently moved first.
pub async fn waiting_for(db: &TenantDb, user: &str, limit: i64) -> Result<Vec<Assignment>> {
    Ok(sqlx::query_as(
        "SELECT a.registration_id, a.form_id, a.assigned_to, a.phase, a.updated_at
         FROM workflow_assignments a JOIN registrations r ON r.id = a.registration_id
         WHERE (a.assigned_to = ?1 OR a.assigned_to IS NULL) AND r.deleted_at IS NULL AND r.status = 'draft'
         ORDER BY a.updated_at DESC LIMIT ?2",
    )
    .bind(user)
    .bind(limit)
    .fetch_all(db.pool())
    .await?)
}

/// Every move of a registration, oldest first.
pub async fn history(db: &TenantDb, id: &str) -> Result<Vec<Move>> {
    Ok(sqlx::query_as(
        "SELECT from_phase, to_phase, assigned_username, by_username, at FROM workflow_transitions WHERE registration_id = ?1 ORDER BY at, rowid",
    )
    .bind(id)
    .fetch_all(db.pool())
    .await?)
}

/// A later send of a workflow registration.
#[derive(Debug, Clone)]
pub struct Advance {
    pub registration_id: String,
    pub form_id: String,
    /// The phase the sender filled in; the move happens only if it is still there.
    pub from_phase: String,
    pub values: Value,
    pub summary: String,
    pub registration_name: Option<String>,
    pub handover: Handover,
    pub fill_token: String,
    pub payload_hash: String,
    /// Admins may use expired credits.
    pub allow_expired_credits: bool,
    /// The e-mails and webhooks the move causes, recorded with it unless the registration
    /// is kept on hold for want of credits.
    pub outbox: Vec<crate::tenant::deliveries::Planned>,
}

/// What became of a later send.
#[derive(Debug, Clone, PartialEq)]
pub enum Advanced {
    Moved(Registration),
    /// The same fill token and payload moved it before: the registration as it is.
    Replayed(Registration),
    /// The fill token was used for something else.
    Conflict,
    /// It is no longer in that phase (another send moved it, or it was completed or trashed).
    MovedOn,
}

/// The registration as it is now, when the send with this fill token and payload moved it
/// (a resend of a send whose answer was lost); None when the token is unknown or was used
/// for something else.
pub async fn replay(
    db: &TenantDb,
    form_id: &str,
    registration_id: &str,
    fill_token: &str,
    payload_hash: &str,
) -> Result<Option<Registration>> {
    let earlier: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT registration_id, payload_hash FROM workflow_transitions WHERE fill_token = ?1",
    )
    .bind(fill_token)
    .fetch_optional(db.pool())
    .await?;
    match earlier {
        Some((registration, Some(hash)))
            if registration == registration_id && hash == payload_hash =>
        {
            find_any(db, form_id, registration_id).await
        }
        _ => Ok(None),
    }
}

/// Stores the new values and makes the move, in one transaction: to the next phase and its
/// user, or completed (taking a credit, or kept on hold without one).
pub async fn advance(db: &TenantDb, step: &Advance) -> Result<Advanced> {
    let mut tx = db.pool().begin().await?;
    let earlier: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT registration_id, payload_hash FROM workflow_transitions WHERE fill_token = ?1",
    )
    .bind(&step.fill_token)
    .fetch_optional(&mut *tx)
    .await?;
    if earlier.is_some() {
        drop(tx);
        return Ok(
            match replay(
                db,
                &step.form_id,
                &step.registration_id,
                &step.fill_token,
                &step.payload_hash,
            )
            .await?
            {
                Some(reg) => Advanced::Replayed(reg),
                None => Advanced::Conflict,
            },
        );
    }
    let at = now();
    let status = match step.handover.to_phase {
        Some(_) => Status::Draft,
        None if credits::consume(&mut tx, 1, step.allow_expired_credits).await? == 1 => {
            Status::Completed
        }
        None => Status::Hold,
    };
    let phase = step
        .handover
        .to_phase
        .as_deref()
        .unwrap_or(&step.from_phase);
    let moved = sqlx::query(
        "UPDATE registrations SET reg_values = ?4, summary = ?5, registration_name = ?6, phase = ?7, status = ?8, updated_at = ?9
         WHERE id = ?1 AND form_id = ?2 AND phase = ?3 AND status = 'draft' AND deleted_at IS NULL",
    )
    .bind(&step.registration_id)
    .bind(&step.form_id)
    .bind(&step.from_phase)
    .bind(step.values.to_string())
    .bind(&step.summary)
    .bind(&step.registration_name)
    .bind(phase)
    .bind(status.as_str())
    .bind(at)
    .execute(&mut *tx)
    .await?
    .rows_affected();
    if moved != 1 {
        // Rolled back: the credit taken above goes back too.
        return Ok(Advanced::MovedOn);
    }
    let move_id = insert_move(
        &mut tx,
        &step.registration_id,
        &step.handover,
        Some(&step.fill_token),
        Some(&step.payload_hash),
        at,
    )
    .await?;
    if status != Status::Hold {
        crate::tenant::deliveries::record(
            &mut tx,
            &step.registration_id,
            &step.form_id,
            &move_id,
            &step.outbox,
            at,
        )
        .await?;
    }
    assign(
        &mut tx,
        &step.registration_id,
        &step.form_id,
        &step.handover,
        at,
    )
    .await?;
    tx.commit().await?;
    let stored = find_any(db, &step.form_id, &step.registration_id).await?;
    Ok(stored.map_or(Advanced::MovedOn, Advanced::Moved))
}
