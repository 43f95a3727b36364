//! Consistent per-client snapshots: `eform tenant export` and `eform tenant import`, and the
//! admins' snapshot download and restore in the web app (through the queue, `worker::snapshot`).
//!
//! A snapshot is a tar file holding `client.json` (the platform row), `tenant.db` (made with
//! `VACUUM INTO`, so it is consistent while the tenant keeps serving) and `files/`. Memberships
//! are not in it: accounts belong to the platform, not to one client (decision 021).

use crate::TenantDb;
use crate::error::{Result, TenancyError};
use crate::platform::{Platform, clients, directory};
use crate::registry::TenantRegistry;
use domain::ids::ClientId;
use std::fs::File;
use std::io::Read;
use std::path::Path;

const CLIENT_JSON: &str = "client.json";
const TENANT_DB: &str = "tenant.db";

/// How far a snapshot is: steps done of all steps (the database, then each file).
pub type Progress = dyn Fn(u64, u64) + Send + Sync;

/// Writes a snapshot of one client to `out`.
pub async fn export(
    platform: &Platform,
    registry: &TenantRegistry,
    client: &ClientId,
    out: &Path,
) -> Result<()> {
    export_with_progress(
        platform,
        registry,
        client,
        out,
        std::sync::Arc::new(|_, _| {}),
    )
    .await
}

/// [`export`], telling `progress` how far it is: the database copy is the first step, each
/// uploaded file one more. `out` appears only once the whole snapshot is written and synced.
pub async fn export_with_progress(
    platform: &Platform,
    registry: &TenantRegistry,
    client: &ClientId,
    out: &Path,
    progress: std::sync::Arc<Progress>,
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
    // Uploads, and what notification e-mails carried (download-emails reads them).
    let mut file_names = Vec::new();
    for (folder, name) in [(db.files_dir(), "files"), (db.mails_dir(), "mails")] {
        walk(&folder, Path::new(name), &mut file_names)?;
    }
    let total = 1 + file_names.len() as u64;
    progress(0, total);
    let db_copy = work.path().join(TENANT_DB);
    sqlx::query("VACUUM INTO ?1")
        .bind(db_copy.to_string_lossy().as_ref())
        .execute(db.pool())
        .await?;
    progress(1, total);
    std::fs::write(
        work.path().join(CLIENT_JSON),
        serde_json::to_vec_pretty(&row)?,
    )?;

    let partial = work.path().join("snapshot.tar");
    let out_file = partial.clone();
    tokio::task::spawn_blocking(move || -> Result<()> {
        let mut tar = tar::Builder::new(File::create(&out_file)?);
        tar.append_path_with_name(out_file.with_file_name(CLIENT_JSON), CLIENT_JSON)?;
        tar.append_path_with_name(out_file.with_file_name(TENANT_DB), TENANT_DB)?;
        for (done, (path, name)) in file_names.iter().enumerate() {
            tar.append_path_with_name(path, name)?;
            progress(2 + done as u64, total);
        }
        tar.into_inner()?.sync_all()?;
        Ok(())
    })
    .await
    .map_err(|err| TenancyError::Io(std::io::Error::other(err)))??;
    std::fs::rename(&partial, out)?;
    Ok(())
}

/// Every file under `folder` (recursively), with its name in the snapshot under `name`.
fn walk(
    folder: &Path,
    name: &Path,
    found: &mut Vec<(std::path::PathBuf, std::path::PathBuf)>,
) -> Result<()> {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return Ok(()); // no such folder: nothing of this kind yet
    };
    for entry in entries {
        let entry = entry?;
        let kind = entry.file_type()?;
        let inner = name.join(entry.file_name());
        if kind.is_dir() {
            walk(&entry.path(), &inner, found)?;
        } else if kind.is_file() {
            found.push((entry.path(), inner));
        }
    }
    Ok(())
}

/// The platform row a snapshot carries (its first entry), without unpacking the rest: what a
/// restore must know before it starts (which client, whether it exists).
pub fn client_of(snapshot: &Path) -> Result<clients::Client> {
    let mut archive = tar::Archive::new(File::open(snapshot)?);
    for entry in archive.entries()? {
        let mut entry = entry?;
        if entry.path()?.as_os_str() == CLIENT_JSON {
            let mut json = Vec::new();
            entry.read_to_end(&mut json)?;
            return Ok(serde_json::from_slice(&json)?);
        }
    }
    Err(TenancyError::InvalidSnapshot(
        "client.json ontbreekt".into(),
    ))
}

/// Restores a snapshot under the client's own uuid. An existing client is replaced only
/// when `replace` is set; the old folder is removed only after the new one is in place. The
/// platform's directory learns the restored client's forms, guest links, folders and groups
/// again, so their ids lead to it (after a removal, or on another platform).
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
    let db = match registry.open(&client).await {
        Ok(db) => db,
        Err(err) => {
            registry.forget(&client);
            std::fs::remove_dir_all(&dir)?;
            if old.exists() {
                std::fs::rename(&old, &dir)?;
            }
            return Err(err);
        }
    };
    if old.exists() {
        std::fs::remove_dir_all(&old)?;
    }
    clients::upsert(platform, &row).await?;
    register_ids(platform, &db).await?;
    Ok(client)
}

/// Records in the platform directory every globally addressable id of the client's file:
/// forms (also removed ones, which can be restored), guest links, folders, user groups,
/// datasources.
async fn register_ids(platform: &Platform, db: &TenantDb) -> Result<()> {
    let client = db.client_id().clone();
    let ids: Vec<(String, String)> = sqlx::query_as(
        "SELECT 'form', id FROM forms
         UNION ALL SELECT 'guest', guest_id FROM forms WHERE guest_id IS NOT NULL
         UNION ALL SELECT 'folder', id FROM folders
         UNION ALL SELECT 'group', id FROM user_groups
         UNION ALL SELECT 'datasource', id FROM datasources",
    )
    .fetch_all(db.pool())
    .await?;
    for (kind, id) in ids {
        directory::register(platform, &kind, &id, &client).await?;
    }
    Ok(())
}
