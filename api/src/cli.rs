//! The `eform` command line: serve | worker | migrate | seed demo | tenant ...

use crate::{AppState, Config, http, seed};
use clap::{Parser, Subcommand};
use domain::ids::ClientId;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;
use tenancy::platform::clients;
use tenancy::{registry, snapshot};
use tokio::sync::watch;

type AnyResult<T = ()> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// eform: electronic forms for organisations, online and offline.
#[derive(Debug, Parser)]
#[command(name = "eform", version)]
struct Cli {
    #[command(flatten)]
    config: Config,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// HTTP server with the web app and, unless --no-workers, the job workers.
    Serve {
        /// Run no job workers in this process (use `eform worker` elsewhere).
        #[arg(long)]
        no_workers: bool,
    },
    /// Job workers only.
    Worker,
    /// Migrate the platform database and every tenant database.
    Migrate,
    /// Seed data.
    Seed {
        #[command(subcommand)]
        what: SeedCommand,
    },
    /// Manage client (tenant) databases.
    Tenant {
        #[command(subcommand)]
        command: TenantCommand,
    },
    /// Print the OpenAPI document of this version's API (what /api/openapi.json serves).
    Openapi,
}

#[derive(Debug, Subcommand)]
enum SeedCommand {
    /// Demo clients 'Demo Gemeente' and 'Tweede Gemeente' with a user for every role.
    Demo,
}

#[derive(Debug, Subcommand)]
enum TenantCommand {
    /// Create a client and its database; prints its uuid.
    Create { name: String },
    /// List clients: uuid and name.
    List,
    /// Write a consistent snapshot of a client (database + files) to FILE.
    Export { uuid: String, file: PathBuf },
    /// Restore a snapshot under its own uuid.
    Import {
        file: PathBuf,
        /// Replace the client when it already exists here.
        #[arg(long)]
        replace: bool,
    },
}

/// Entry point of the binary.
pub async fn main() -> ExitCode {
    let cli = Cli::parse();
    init_tracing();
    match run(cli).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("eform: {err}");
            ExitCode::FAILURE
        }
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("EFORM_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,apalis=warn"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .init();
}

async fn run(cli: Cli) -> AnyResult {
    let config = cli.config;
    match cli.command {
        Command::Serve { no_workers } => serve(config, !no_workers).await,
        Command::Worker => {
            let state = AppState::open(config).await?;
            let (tx, rx) = watch::channel(false);
            let workers = tokio::spawn(run_workers(state, rx));
            shutdown_signal().await;
            let _ = tx.send(true);
            workers.await??;
            Ok(())
        }
        Command::Migrate => migrate(config).await,
        Command::Seed {
            what: SeedCommand::Demo,
        } => {
            let state = AppState::open(config).await?;
            let (logins, links) = seed::demo(&state).await?;
            println!(
                "Demo-gegevens staan klaar. Inloggen met (wachtwoord voor iedereen: {}):",
                logins.first().map(|l| l.password.as_str()).unwrap_or("")
            );
            for login in logins {
                println!(
                    "  {:<32} {:<40} {}",
                    login.email, login.roles, login.clients
                );
            }
            println!("Gastformulieren (zonder inloggen):");
            for (name, link) in links.guest_forms {
                println!("  {name:<20} {link}");
            }
            println!("Gastkaarten (zonder inloggen):");
            for (name, link) in links.guest_maps {
                println!("  {name:<20} {link}");
            }
            println!("Zelfregistratie van gebruikers:");
            for (name, link) in links.self_registration {
                println!("  {name:<20} {link}");
            }
            Ok(())
        }
        Command::Tenant { command } => tenant(config, command).await,
        Command::Openapi => {
            let doc = http::document().map_err(|problems| problems.join("\n"))?;
            println!("{}", serde_json::to_string_pretty(&doc)?);
            Ok(())
        }
    }
}

async fn serve(config: Config, with_workers: bool) -> AnyResult {
    let bind: SocketAddr = config.bind;
    let state = AppState::open(config).await?;
    let (tx, rx) = watch::channel(false);
    let workers = with_workers.then(|| tokio::spawn(run_workers(state.clone(), rx.clone())));
    let listener = tokio::net::TcpListener::bind(bind).await?;
    tracing::info!(address = %listener.local_addr()?, workers = with_workers, "eform serving");
    axum::serve(
        listener,
        http::app(state).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async move {
        shutdown_signal().await;
        let _ = tx.send(true);
    })
    .await?;
    if let Some(workers) = workers {
        // Jobs in progress get a moment to finish; unfinished ones stay queued for next time.
        match tokio::time::timeout(Duration::from_secs(20), workers).await {
            Ok(joined) => joined??,
            Err(_) => tracing::warn!("workers did not stop within 20 s"),
        }
    }
    tracing::info!("eform stopped");
    Ok(())
}

async fn run_workers(state: AppState, stop: watch::Receiver<bool>) -> AnyResult {
    let ctx = state.job_context()?;
    worker::runner::supervise(state.queue.clone(), ctx, stop).await?;
    Ok(())
}

/// Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    tokio::select! {
        () = ctrl_c => {},
        () = term => {},
    }
}

async fn migrate(config: Config) -> AnyResult {
    let platform = tenancy::platform::Platform::open(&config.data_dir).await?;
    let tenants = registry::TenantRegistry::new(&config.data_dir, config.tenant_cache);
    let mut migrated = 0;
    for client in clients::list(&platform).await? {
        let dir = tenants.tenant_dir(&client.id);
        if dir.join("tenant.db").is_file() {
            registry::migrate_dir(&dir).await?;
            migrated += 1;
        } else {
            tracing::warn!(client = %client.id, "client has no tenant database");
        }
    }
    println!("Platform en {migrated} klant(en) zijn bijgewerkt.");
    Ok(())
}

async fn tenant(config: Config, command: TenantCommand) -> AnyResult {
    let platform = tenancy::platform::Platform::open(&config.data_dir).await?;
    let tenants = registry::TenantRegistry::new(&config.data_dir, config.tenant_cache);
    match command {
        TenantCommand::Create { name } => {
            let name = name.trim();
            if name.is_empty() {
                return Err("de naam van de klant is verplicht".into());
            }
            let client = clients::new_client(name);
            clients::upsert(&platform, &client).await?;
            tenants.create(&client.id).await?;
            println!("{}", client.id);
        }
        TenantCommand::List => {
            for client in clients::list(&platform).await? {
                println!("{}\t{}", client.id, client.name);
            }
        }
        TenantCommand::Export { uuid, file } => {
            let id = ClientId::parse(&uuid).ok_or("ongeldige klant-uuid")?;
            snapshot::export(&platform, &tenants, &id, &file).await?;
            println!("{} -> {}", id, file.display());
        }
        TenantCommand::Import { file, replace } => {
            let id = snapshot::import(&platform, &tenants, &file, replace).await?;
            println!("{id}");
        }
    }
    Ok(())
}
