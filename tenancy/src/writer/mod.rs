//! The per-tenant group-commit writer. Sends that must be durable before they are
//! acknowledged queue here; the writer takes everything waiting, applies it in one
//! transaction (a savepoint each, so one failing send never fails its neighbours) and
//! commits once — one fsync for the whole batch under synchronous=FULL.
//!
//! The writer owns a connection of its own (rusqlite, on the SQLite library sqlx links) and
//! runs a whole batch on a thread of tokio's blocking pool: a send is one hand-off to that
//! thread and one back, where through sqlx each statement was a round trip to the
//! connection's own thread (decision 027).

mod batch;

pub use batch::{Finish, Finished, NewRegistration, Numbered, SubmitOutcome};

use crate::error::{Result, TenancyError};
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use tokio::sync::{Semaphore, oneshot};

/// Most sends in one transaction; bounds the latency of the first one in a batch.
const MAX_BATCH: usize = 512;
/// Sends waiting for the writer at most; beyond this callers wait for room (back-pressure).
const QUEUE_DEPTH: usize = 4096;

type Reply = oneshot::Sender<Result<SubmitOutcome>>;

/// A read on the writer's connection, given the connection or why it could not be opened.
type Read = Box<dyn FnOnce(std::result::Result<&rusqlite::Connection, &TenancyError>) + Send>;

/// What waits for the writer.
#[allow(clippy::large_enum_variant)] // sends are nearly every job; boxing each for the rare read's sake would cost an allocation per send
enum Job {
    Send(NewRegistration, Reply),
    Read(Read),
}

/// Handle to a tenant's writer; cloning shares it.
#[derive(Debug, Clone)]
pub struct Writer {
    shared: Arc<Shared>,
}

#[derive(Debug)]
struct Shared {
    /// The tenant's database file, opened again after a failed batch.
    path: PathBuf,
    state: Mutex<State>,
    room: Semaphore,
}

#[derive(Default)]
struct State {
    waiting: Vec<Job>,
    /// Whether a thread is applying batches now; it takes what waits until nothing does.
    running: bool,
    /// The connection between batches; None before the first job of a writer whose tenant
    /// was opened on a pooled connection, after a failure, and while a batch runs.
    conn: Option<Conn>,
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State")
            .field("waiting", &self.waiting.len())
            .field("running", &self.running)
            .finish()
    }
}

/// The writer's connection and what it knows about the file.
pub(crate) struct Conn {
    db: rusqlite::Connection,
    /// Schema hashes known to be stored in this tenant (see [`batch::apply_batch`]).
    known_schemas: HashSet<Arc<str>>,
}

impl Conn {
    pub(crate) fn new(db: rusqlite::Connection) -> Conn {
        Conn {
            db,
            known_schemas: HashSet::new(),
        }
    }
}

impl Writer {
    /// Whether the writer holds a connection now (between batches).
    #[cfg(test)]
    pub(crate) fn is_connected(&self) -> bool {
        self.shared.lock().conn.is_some()
    }

    /// A writer for the tenant file at `path`, going on with `conn` when the tenant was
    /// opened and checked with it, and opening its own at its first job otherwise.
    pub(crate) fn new(path: &Path, conn: Option<Conn>) -> Writer {
        Writer {
            shared: Arc::new(Shared {
                path: path.to_owned(),
                state: Mutex::new(State {
                    conn,
                    ..State::default()
                }),
                room: Semaphore::new(QUEUE_DEPTH),
            }),
        }
    }

    /// Stores a registration; answers only after its transaction is committed to disk.
    pub async fn submit(&self, new: NewRegistration) -> Result<SubmitOutcome> {
        let _room = self
            .shared
            .room
            .acquire()
            .await
            .map_err(|_| writer_gone())?;
        let (reply, answer) = oneshot::channel();
        self.enqueue(Job::Send(new, reply));
        answer.await.map_err(|_| writer_gone())?
    }

    /// Runs `read` on the writer's connection, between batches. For what a send is checked
    /// against (the form): a tenant that only receives sends then needs no other connection,
    /// and each connection costs a parse of the whole schema when it opens.
    pub(crate) async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&rusqlite::Connection) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let (reply, answer) = oneshot::channel();
        self.enqueue(Job::Read(Box::new(move |conn| {
            let _ = reply.send(match conn {
                Ok(conn) => read(conn),
                Err(err) => Err(TenancyError::Io(std::io::Error::other(err.to_string()))),
            });
        })));
        answer.await.map_err(|_| writer_gone())?
    }

    /// Queues a job and starts a thread to drain the queue when none runs.
    fn enqueue(&self, job: Job) {
        let start = {
            let mut state = self.shared.lock();
            state.waiting.push(job);
            !std::mem::replace(&mut state.running, true)
        };
        if start {
            let shared = self.shared.clone();
            tokio::task::spawn_blocking(move || shared.drain());
        }
    }
}

fn writer_gone() -> TenancyError {
    TenancyError::Io(std::io::Error::other("the tenant writer stopped"))
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic while holding the lock leaves the queue as it was; keep serving.
        self.state
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Runs what waits until nothing does: the reads, then the sends as one batch. Runs on a
    /// blocking thread, one at a time per tenant (`running`).
    fn drain(&self) {
        let running = Running(self);
        loop {
            let (jobs, conn) = {
                let mut state = self.lock();
                if state.waiting.is_empty() {
                    state.running = false;
                    std::mem::forget(running);
                    return;
                }
                let take = state.waiting.len().min(MAX_BATCH);
                let jobs: Vec<_> = state.waiting.drain(..take).collect();
                (jobs, state.conn.take())
            };
            let (mut news, mut replies, mut reads) = (Vec::new(), Vec::new(), Vec::new());
            for job in jobs {
                match job {
                    Job::Send(new, reply) => {
                        news.push(new);
                        replies.push(reply);
                    }
                    Job::Read(read) => reads.push(read),
                }
            }
            let conn = match conn {
                Some(conn) => Ok(conn),
                None => crate::connect::open_direct(&self.path).map(Conn::new),
            };
            let (outcomes, conn) = match conn {
                Ok(mut conn) => {
                    for read in reads {
                        read(Ok(&conn.db));
                    }
                    let count = news.len();
                    match batch::apply_batch(&conn.db, &mut conn.known_schemas, news) {
                        Ok(outcomes) => (outcomes, Some(conn)),
                        // A connection whose commit failed is not used again.
                        Err(err) => (failed(count, &err), None),
                    }
                }
                Err(err) => {
                    for read in reads {
                        read(Err(&err));
                    }
                    (failed(news.len(), &err), None)
                }
            };
            self.lock().conn = conn;
            for (outcome, reply) in outcomes.into_iter().zip(replies) {
                // A caller that gave up (client disconnected) no longer needs the answer;
                // the registration is stored all the same and a resend finds it by token.
                let _ = reply.send(outcome);
            }
        }
    }
}

/// Every send of a batch that could not be committed gets the error; none was stored.
fn failed(count: usize, err: &TenancyError) -> Vec<Result<SubmitOutcome>> {
    tracing::error!(error = %err, "group commit failed");
    (0..count)
        .map(|_| Err(TenancyError::Io(std::io::Error::other(err.to_string()))))
        .collect()
}

/// Marks the writer idle when its thread unwinds from a panic, so the next send starts
/// another; the sends of the batch that panicked get `writer_gone` (their replies dropped).
struct Running<'a>(&'a Shared);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.lock().running = false;
    }
}

impl Drop for Shared {
    /// Closing checkpoints the WAL into the database and syncs it: blocking work, so it goes
    /// to the blocking pool rather than the async thread that dropped the last handle.
    fn drop(&mut self) {
        let conn = self.lock().conn.take();
        if let (Some(conn), Ok(runtime)) = (conn, tokio::runtime::Handle::try_current()) {
            runtime.spawn_blocking(move || drop(conn));
        }
    }
}
