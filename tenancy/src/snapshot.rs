//! Consistent per-client snapshots: `eform tenant export` and `eform tenant import`.
//!
//! A snapshot is a tar file holding `client.json` (the platform row), `tenant.db` (made with
//! `VACUUM INTO`, so it is consistent while the tenant keeps serving) and `files/`.

use crate::error::{Result, TenancyError};
use crate::platform::{Platform, clients};
use crate::registry::TenantRegistry;
use domain::ids::ClientId;
use std::fs::File;
use std::path::Path;

const CLIENT_JSON: &str = "client.json";
const TENANT_DB: &str = "tenant.db";

/// Writes a snapshot of one client to `out`.
pub async fn export(
    platform: &Platform,
    registry: &TenantRegistry,
    client: &ClientId,
    out: &Path,
) -> Result<()> {
    let row = clients::find(platform, client)
        .await?
        .ok_or_else(|| TenancyError::UnknownClient(client.to_string()))?;
    let db = registry.open(client).await?;
    let work = tempfile::tempdir_in(
        out.parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new(".")),
    )?;
    let db_copy = work.path().join(TENANT_DB);
    sqlx::query("VACUUM INTO ?1")
        .bind(db_copy.to_string_lossy().as_ref())
        .execute(db.pool())
        .await?;
    std::fs::write(
        work.path().join(CLIENT_JSON),
        serde_json::to_vec_pretty(&row)?,
    )?;

    let files = db.files_dir();
    let partial = work.path().join("snapshot.tar");
    let out_file = partial.clone();
    tokio::task::spawn_blocking(move || -> Result<()> {
        let mut tar = tar::Builder::new(File::create(&out_file)?);
        tar.append_path_with_name(out_file.with_file_name(CLIENT_JSON), CLIENT_JSON)?;
        tar.append_path_with_name(out_file.with_file_name(TENANT_DB), TENANT_DB)?;
        if files.is_dir() {
            tar.append_dir_all("files", &files)?;
        }
        tar.into_inner()?.sync_all()?;
        Ok(())
    })
    .await
    .map_err(|err| TenancyError::Io(std::io::Error::other(err)))??;
    std::fs::rename(&partial, out)?;
    Ok(())
}

/// Restores a snapshot under the client's own uuid. An existing client is replaced only
/// when `replace` is set; the old folder is removed only after the new one is in place.
pub async fn import(
    platform: &Platform,
    registry: &TenantRegistry,
    snapshot: &Path,
    replace: bool,
) -> Result<ClientId> {
    let tenants_root = registry.root();
    std::fs::create_dir_all(tenants_root)?;
    let staging = tempfile::Builder::new()
        .prefix(".import-")
        .tempdir_in(tenants_root)?;
    let source = snapshot.to_path_buf();
    let target = staging.path().to_path_buf();
    tokio::task::spawn_blocking(move || -> Result<()> {
        // `unpack` refuses entries that would land outside the target folder.
        tar::Archive::new(File::open(source)?).unpack(target)?;
        Ok(())
    })
    .await
    .map_err(|err| TenancyError::Io(std::io::Error::other(err)))??;

    let row: clients::Client = serde_json::from_slice(
        &std::fs::read(staging.path().join(CLIENT_JSON))
            .map_err(|_| TenancyError::InvalidSnapshot("client.json ontbreekt".into()))?,
    )?;
    let client = ClientId::parse(row.id.as_str())
        .ok_or_else(|| TenancyError::InvalidSnapshot("ongeldige klant-id".into()))?;
    if !staging.path().join(TENANT_DB).is_file() {
        return Err(TenancyError::InvalidSnapshot("tenant.db ontbreekt".into()));
    }
    std::fs::remove_file(staging.path().join(CLIENT_JSON))?;
    std::fs::create_dir_all(staging.path().join("files"))?;

    let dir = registry.tenant_dir(&client);
    if dir.exists() && !replace {
        return Err(TenancyError::ClientExists(client.to_string()));
    }
    registry.forget(&client);
    let old = dir.with_extension("replaced");
    if dir.exists() {
        std::fs::rename(&dir, &old)?;
    }
    std::fs::rename(staging.keep(), &dir)?;
    // Opening checks the file belongs to this client and migrates it to this version.
    if let Err(err) = registry.open(&client).await {
        registry.forget(&client);
        std::fs::remove_dir_all(&dir)?;
        if old.exists() {
            std::fs::rename(&old, &dir)?;
        }
        return Err(err);
    }
    if old.exists() {
        std::fs::remove_dir_all(&old)?;
    }
    clients::upsert(platform, &row).await?;
    Ok(client)
}
