//! The data layer's error type; the HTTP layer maps it onto its own `AppError`.

/// Anything that can go wrong below the HTTP layer.
#[derive(Debug, thiserror::Error)]
pub enum TenancyError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    /// From the group-commit writer's own connection (`crate::writer`).
    #[error("database: {0}")]
    Direct(#[from] rusqlite::Error),
    #[error("migration: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("io: {0}")]
    Io(#[from] std::io::Error),
    #[error("json: {0}")]
    Json(#[from] serde_json::Error),
    /// The client does not exist (no row, or no data folder).
    #[error("unknown client {0}")]
    UnknownClient(String),
    /// A row the operation needs does not exist (any more).
    #[error("not found: {0}")]
    NotFound(String),
    /// A tenant file that belongs to another client than the folder says.
    #[error("tenant file of {found} found in the folder of {expected}")]
    MisplacedTenant { expected: String, found: String },
    /// Password hashing failed (bad stored hash or parameters).
    #[error("password hash: {0}")]
    PasswordHash(String),
    /// A snapshot file that is not one of ours.
    #[error("invalid snapshot: {0}")]
    InvalidSnapshot(String),
    /// Import over an existing client without `--replace`.
    #[error("client {0} already exists here")]
    ClientExists(String),
}

/// Shorthand used throughout the data layer.
pub type Result<T, E = TenancyError> = std::result::Result<T, E>;
