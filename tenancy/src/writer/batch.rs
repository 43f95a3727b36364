//! What a batch of sends writes, in the writer's transaction: the registration with its
//! serial number, credit, schema, hand-over and deliveries, over the query modules of those
//! tables. It lives beside the writer rather than in one of them, so the tables' modules
//! need not know each other for a send (registrations would otherwise import workflow,
//! which reads registrations).

use crate::error::{Result, TenancyError};
use crate::tenant::registrations::{self, Registration, Status};
use crate::tenant::{credits, deliveries, forms, workflow};
use crate::{new_id, now};
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

/// What the serial number and date are, once the writer has assigned them.
#[derive(Debug, Clone)]
pub struct Numbered {
    pub id: String,
    pub serial_number: i64,
    pub created_at: i64,
}

/// The parts of a registration that depend on its number: rendered by the caller's domain
/// logic inside the writer's transaction.
#[derive(Debug, Clone)]
pub struct Finished {
    pub values: Value,
    pub summary: String,
    pub registration_name: Option<String>,
}

/// Renders the number-dependent parts of a registration, once: it takes what the send
/// holds (its values) rather than copying them.
pub type Finish = Box<dyn FnOnce(&Numbered) -> Finished + Send>;

/// A registration to store.
pub struct NewRegistration {
    pub form_id: String,
    pub fill_token: Option<String>,
    /// Hash of what was sent; an identical resend with the same fill_token is a replay.
    pub payload_hash: String,
    pub user_id: Option<String>,
    pub username: Option<String>,
    pub wanted: Status,
    pub phase: Option<String>,
    /// A workflow's first send that hands the registration over (`wanted` is then draft and
    /// `phase` the next phase): recorded in the same transaction.
    pub handover: Option<workflow::Handover>,
    /// The form's schema as JSON text, kept (once per distinct schema) so the registration
    /// can always be shown as it was filled in; shared with the answer, never copied.
    pub schema: Arc<RawValue>,
    /// SHA-256 of `schema`, its key in `form_schemas`.
    pub schema_hash: std::sync::Arc<str>,
    /// Admins may use expired credits (spec document 3: expiry counts only for non-admins).
    pub allow_expired_credits: bool,
    pub finish: Finish,
    /// The e-mails and webhooks the send causes, recorded in its transaction unless it is
    /// kept on hold for want of credits.
    pub outbox: Vec<deliveries::Planned>,
}

impl std::fmt::Debug for NewRegistration {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NewRegistration")
            .field("form_id", &self.form_id)
            .field("fill_token", &self.fill_token)
            .finish()
    }
}

/// What became of a send.
#[derive(Debug, Clone, PartialEq)]
pub enum SubmitOutcome {
    Created(Registration),
    /// The same fill_token and payload were stored before: the original.
    Replayed(Registration),
    /// The fill_token was used for a different payload.
    Conflict,
}

/// Applies a batch on the writer's own connection, in one transaction with a savepoint per
/// send: a send that fails (its form gone, a constraint) is rolled back alone and answered
/// with its error, its neighbours are stored. Each statement is a call into SQLite on this
/// thread, prepared once per connection, so a send costs its statements and no hand-off.
/// `Err` means the transaction as a whole failed (BEGIN, a savepoint or COMMIT): nothing of
/// the batch was stored.
/// `known_schemas` holds the schema hashes this connection stored before; the batch's new
/// ones are added once it is committed. The sends are taken: what a stored registration
/// holds (its values, its sender) moves into it instead of being copied.
pub(crate) fn apply_batch(
    db: &rusqlite::Connection,
    known_schemas: &mut HashSet<Arc<str>>,
    news: Vec<NewRegistration>,
) -> Result<Vec<Result<SubmitOutcome>>> {
    if news.is_empty() {
        return Ok(Vec::new());
    }
    let at = now();
    // The write lock at once: a deferred transaction that starts with a read can find the
    // file changed by another writer when it first writes, and then fails without waiting.
    db.prepare_cached("BEGIN IMMEDIATE")?.execute([])?;
    let mut outcomes = Vec::with_capacity(news.len());
    let mut purse = credits::Purse::default();
    let mut new_schemas: Vec<Arc<str>> = Vec::new();
    // Each form's next serial number, read at its first send and written back once before
    // COMMIT: the row of `forms` holds the whole schema, and an UPDATE builds the row's record
    // again from every column, which per send was a tenth of a large batch's time (SQLite
    // then writes only the pages whose bytes changed, decision 028). The writer holds the
    // write lock, and only it numbers registrations.
    let mut serials: HashMap<String, Serial> = HashMap::new();
    let applied = (|| -> Result<()> {
        if news.iter().any(|new| new.wanted != Status::Draft) {
            purse = credits::Purse::load(db)?;
        }
        for new in news {
            db.prepare_cached("SAVEPOINT send")?.execute([])?;
            let serial = match serials.get(new.form_id.as_str()) {
                Some(serial) => Some(serial.next),
                None => forms::next_serial(db, &new.form_id)?.inspect(|&next| {
                    let serial = Serial {
                        next,
                        changed: false,
                    };
                    serials.insert(new.form_id.clone(), serial);
                }),
            };
            let (wanted, allow_expired, schema_hash) = (
                new.wanted,
                new.allow_expired_credits,
                new.schema_hash.clone(),
            );
            let schema_known =
                known_schemas.contains(&schema_hash) || new_schemas.contains(&schema_hash);
            match apply_one(db, new, at, serial, schema_known, &purse) {
                Ok(outcome) => {
                    db.prepare_cached("RELEASE send")?.execute([])?;
                    if let SubmitOutcome::Created(reg) = &outcome {
                        if let Some(serial) = serials.get_mut(reg.form_id.as_str()) {
                            *serial = Serial {
                                next: reg.serial_number + 1,
                                changed: true,
                            };
                        }
                        if wanted != Status::Draft && reg.status == Status::Completed.as_str() {
                            purse.take(allow_expired, at);
                        }
                        if !schema_known {
                            new_schemas.push(schema_hash);
                        }
                    }
                    outcomes.push(Ok(outcome));
                }
                Err(err) => {
                    db.prepare_cached("ROLLBACK TO send")?.execute([])?;
                    db.prepare_cached("RELEASE send")?.execute([])?;
                    outcomes.push(Err(err));
                }
            }
        }
        for (form, serial) in &serials {
            if serial.changed {
                forms::set_next_serial(db, form, serial.next)?;
            }
        }
        purse.settle(db)?;
        db.prepare_cached("COMMIT")?.execute([])?;
        Ok(())
    })();
    if let Err(err) = applied {
        if !db.is_autocommit() {
            // Rolled back here, not when the connection closes, so the next writer of the
            // file does not wait for the lock.
            let _ = db.execute_batch("ROLLBACK");
        }
        return Err(err);
    }
    known_schemas.extend(new_schemas);
    Ok(outcomes)
}

/// A form's next serial number inside a batch.
struct Serial {
    next: i64,
    /// Whether a send of the batch took one, so the form's row is written back.
    changed: bool,
}

/// One send inside the batch's savepoint: replay or conflict by fill token (a token used
/// earlier in the same batch is found too, as its row is already written), the form's next
/// serial number (`serial`, None when the form does not exist), a credit in the purse (or
/// status hold; the caller takes the credit once the send stands), the row and what follows it.
fn apply_one(
    db: &rusqlite::Connection,
    new: NewRegistration,
    at: i64,
    serial: Option<i64>,
    schema_stored: bool,
    purse: &credits::Purse,
) -> Result<SubmitOutcome> {
    if let Some(token) = &new.fill_token
        && let Some((id, hash)) = registrations::token_use(db, token)?
    {
        if hash != new.payload_hash {
            return Ok(SubmitOutcome::Conflict);
        }
        return Ok(SubmitOutcome::Replayed(registrations::find_direct(
            db, &id,
        )?));
    }
    let serial_number =
        serial.ok_or_else(|| TenancyError::NotFound(format!("form {}", new.form_id)))?;
    let status = if new.wanted == Status::Draft {
        Status::Draft
    } else if purse.has(new.allow_expired_credits, at) {
        Status::Completed
    } else {
        Status::Hold
    };
    let numbered = Numbered {
        id: new_id(),
        serial_number,
        created_at: at,
    };
    let finished = (new.finish)(&numbered);
    if !schema_stored {
        registrations::keep_schema(db, &new.schema_hash, new.schema.get())?;
    }
    let registration = Registration {
        id: numbered.id,
        form_id: new.form_id,
        serial_number,
        fill_token: new.fill_token,
        user_id: new.user_id,
        username: new.username,
        registration_name: finished.registration_name,
        summary: finished.summary,
        status: status.as_str().to_owned(),
        phase: new.phase,
        values: finished.values,
        schema: new.schema,
        created_at: at,
        updated_at: at,
        deleted_at: None,
    };
    registrations::insert_direct(db, &registration, &new.payload_hash, &new.schema_hash)?;
    if let Some(handover) = &new.handover {
        workflow::record_first(db, &registration.id, &registration.form_id, handover, at)?;
    }
    if status != Status::Hold {
        deliveries::record_direct(
            db,
            &registration.id,
            &registration.form_id,
            "new",
            &new.outbox,
            at,
        )?;
    }
    Ok(SubmitOutcome::Created(registration))
}
