//! The tenant registry and snapshots against real SQLite files in temp dirs.

use domain::ids::ClientId;
use tenancy::platform::{Platform, clients};
use tenancy::tenant::credits;
use tenancy::{TenancyError, TenantRegistry, snapshot};

type TestResult = Result<(), Box<dyn std::error::Error>>;

async fn new_client(
    platform: &Platform,
    registry: &TenantRegistry,
    name: &str,
) -> Result<ClientId, TenancyError> {
    let client = clients::new_client(name);
    clients::upsert(platform, &client).await?;
    registry.create(&client.id).await?;
    Ok(client.id)
}

#[tokio::test]
async fn lru_cap_two_serves_five_clients_and_reopens_closed_ones() -> TestResult {
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    let registry = TenantRegistry::new(dir.path(), 2);
    let mut ids = Vec::new();
    for i in 0..5i64 {
        let id = new_client(&platform, &registry, &format!("Klant {i}")).await?;
        let db = registry.open(&id).await?;
        credits::add(&db, "start", 100 + i, None).await?;
        ids.push(id);
        assert!(registry.open_count() <= 2);
    }
    // Twice round: every tenant is closed by the time it is asked again, and reopens with its data.
    for _ in 0..2 {
        for (i, id) in ids.iter().enumerate() {
            let db = registry.open(id).await?;
            assert_eq!(db.client_id(), id);
            assert_eq!(credits::left(&db, true).await?, 100 + i as i64);
            assert!(registry.open_count() <= 2);
        }
    }
    // Each client's data lives in its own file.
    for id in &ids {
        assert!(
            dir.path()
                .join("tenants")
                .join(id.as_str())
                .join("tenant.db")
                .is_file()
        );
    }
    Ok(())
}

#[tokio::test]
async fn unknown_and_misplaced_tenants_are_refused() -> TestResult {
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    let registry = TenantRegistry::new(dir.path(), 8);
    let missing = ClientId::from_trusted(tenancy::new_id());
    assert!(matches!(
        registry.open(&missing).await,
        Err(TenancyError::UnknownClient(_))
    ));

    let a = new_client(&platform, &registry, "A").await?;
    let b = ClientId::from_trusted(tenancy::new_id());
    // A copy of A's file in B's folder must not be served as B.
    std::fs::create_dir_all(registry.tenant_dir(&b))?;
    std::fs::copy(
        registry.tenant_dir(&a).join("tenant.db"),
        registry.tenant_dir(&b).join("tenant.db"),
    )?;
    assert!(matches!(
        registry.open(&b).await,
        Err(TenancyError::MisplacedTenant { .. })
    ));
    Ok(())
}

#[tokio::test]
async fn migrations_run_on_open() -> TestResult {
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    let registry = TenantRegistry::new(dir.path(), 8);
    let id = new_client(&platform, &registry, "Oud").await?;
    registry.forget(&id);
    // Simulate a tenant file from before its migrations ran: drop the schema and the marker.
    {
        let path = registry.tenant_dir(&id).join("tenant.db");
        let pool = sqlx::SqlitePool::connect(&format!("sqlite://{}", path.display())).await?;
        sqlx::query("DROP TABLE credits").execute(&pool).await?;
        sqlx::query("DELETE FROM _sqlx_migrations")
            .execute(&pool)
            .await?;
        sqlx::query("PRAGMA user_version = 0")
            .execute(&pool)
            .await?;
        pool.close().await;
    }
    let db = registry.open(&id).await?;
    credits::add(&db, "na migratie", 5, None).await?;
    assert_eq!(credits::left(&db, true).await?, 5);
    Ok(())
}

#[tokio::test]
async fn export_then_import_round_trips_a_client() -> TestResult {
    let source = tempfile::tempdir()?;
    let platform = Platform::open(source.path()).await?;
    let registry = TenantRegistry::new(source.path(), 8);
    let id = new_client(&platform, &registry, "Export Gemeente").await?;
    let db = registry.open(&id).await?;
    let past = tenancy::now() - 10;
    credits::add(&db, "verlopen", 7, Some(past)).await?;
    credits::add(&db, "geldig", 40, None).await?;
    std::fs::create_dir_all(db.files_dir().join("2026"))?;
    std::fs::write(
        db.files_dir().join("2026/foto.jpg"),
        b"\xff\xd8\xff jpeg bytes",
    )?;

    let out = source.path().join("export.tar");
    snapshot::export(&platform, &registry, &id, &out).await?;

    let target = tempfile::tempdir()?;
    let platform2 = Platform::open(target.path()).await?;
    let registry2 = TenantRegistry::new(target.path(), 8);
    let imported = snapshot::import(&platform2, &registry2, &out, false).await?;
    assert_eq!(imported, id);
    let row = clients::find(&platform2, &id)
        .await?
        .ok_or("client row missing")?;
    assert_eq!(Some(row), clients::find(&platform, &id).await?);
    let db2 = registry2.open(&id).await?;
    assert_eq!(credits::left(&db2, true).await?, 47);
    assert_eq!(credits::left(&db2, false).await?, 40);
    assert_eq!(
        std::fs::read(db2.files_dir().join("2026/foto.jpg"))?,
        b"\xff\xd8\xff jpeg bytes"
    );

    // Importing again without replace is refused and changes nothing; with replace it succeeds.
    assert!(matches!(
        snapshot::import(&platform2, &registry2, &out, false).await,
        Err(TenancyError::ClientExists(_))
    ));
    credits::add(&db2, "na import", 1, None).await?;
    snapshot::import(&platform2, &registry2, &out, true).await?;
    assert_eq!(credits::left(&registry2.open(&id).await?, true).await?, 47);
    Ok(())
}

#[tokio::test]
async fn a_damaged_snapshot_is_refused_without_changes() -> TestResult {
    let dir = tempfile::tempdir()?;
    let platform = Platform::open(dir.path()).await?;
    let registry = TenantRegistry::new(dir.path(), 8);
    let bogus = dir.path().join("bogus.tar");
    std::fs::write(
        &bogus,
        b"this is not a tar file at all, just text padding it out to a block",
    )?;
    assert!(
        snapshot::import(&platform, &registry, &bogus, false)
            .await
            .is_err()
    );
    assert!(clients::list(&platform).await?.is_empty());
    let leftovers: Vec<_> = std::fs::read_dir(registry.root())?.collect();
    assert!(
        leftovers.is_empty(),
        "staging folder left behind: {leftovers:?}"
    );
    Ok(())
}
