//! The `eform` binary: everything lives in the library so tests drive the same code.

#[tokio::main]
async fn main() -> std::process::ExitCode {
    api::cli::main().await
}
