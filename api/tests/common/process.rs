//! The real binary for crash tests, and a loopback HTTP server for webhook receivers.

use std::process::Command;
use std::time::{Duration, Instant};

/// The `eform` binary this test run built.
pub fn eform() -> Command {
    Command::new(env!("CARGO_BIN_EXE_eform"))
}

/// A TCP port on loopback that nothing listens on now.
pub fn free_port() -> std::io::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port())
}

/// Waits (at most 30 s) until `base` answers `/healthz`.
pub async fn wait_healthy(base: &str) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        if let Ok(answer) = reqwest::get(format!("{base}/healthz")).await
            && answer.status().is_success()
        {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("the server at {base} did not come up"))
}

/// Serves `app` on a free loopback port in the background; answers its base URL.
pub async fn serve(app: axum::Router) -> std::io::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(async move { axum::serve(listener, app).await });
    Ok(base)
}
