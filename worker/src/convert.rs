//! A merged Word attachment as PDF (`send_as_filetype` pdf, document 001 section 3), made by
//! LibreOffice headless (Debian `libreoffice-writer-nogui`).
//!
//! Each conversion runs in a fresh directory of its own under the caller's work directory,
//! with its own LibreOffice profile in it: LibreOffice locks its profile, so conversions that
//! shared one would wait for each other, and a crashed one would leave a stale lock behind.
//! `soffice` is a script that starts `oosplash`, which starts `soffice.bin`: killing the child
//! we started would leave the converter running. It is started as the leader of a process
//! group of its own, and on a timeout (or when the caller drops the conversion) the whole
//! group is killed before the directory is removed.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use tempfile::TempDir;

/// The program on PATH.
const SOFFICE: &str = "soffice";
/// How much of LibreOffice's output a failure reports: its last lines say what went wrong.
const MAX_REPORTED: usize = 500;

/// Why no PDF was made.
#[derive(Debug, thiserror::Error)]
pub enum ConvertError {
    /// `soffice` is not installed.
    #[error(
        "LibreOffice is niet geïnstalleerd: het Word-document kan niet als PDF worden verstuurd"
    )]
    Missing,
    /// The conversion took longer than the limit and was stopped.
    #[error("Het omzetten van het Word-document naar PDF duurde langer dan {0:?} en is afgebroken")]
    TimedOut(Duration),
    /// LibreOffice ended without a PDF; the end of what it said, for the log.
    #[error("Het Word-document kon niet naar PDF worden omgezet: {0}")]
    Failed(String),
    /// Writing the input or reading the PDF failed.
    #[error("Bestandsfout bij het omzetten naar PDF: {0}")]
    Io(#[from] std::io::Error),
}

/// Whether `soffice` is on PATH.
pub fn available() -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::env::var_os("PATH").is_some_and(|paths| {
        std::env::split_paths(&paths).any(|dir| {
            dir.join(SOFFICE)
                .metadata()
                .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        })
    })
}

/// Converts `docx` to PDF, in a temporary directory under `work_dir` that is removed
/// afterwards. Stops LibreOffice after `limit`.
pub async fn docx_to_pdf(
    docx: &[u8],
    work_dir: &Path,
    limit: Duration,
) -> Result<Vec<u8>, ConvertError> {
    tokio::fs::create_dir_all(work_dir).await?;
    let mut run = Run {
        group: None,
        dir: tempfile::Builder::new()
            .prefix("docx-pdf-")
            .tempdir_in(work_dir)?,
    };
    let result = convert(&mut run, docx, limit).await;
    // The profile LibreOffice made holds hundreds of files: remove them off the async threads.
    match tokio::task::spawn_blocking(move || remove(run)).await {
        Ok(Ok(())) => {}
        Ok(Err(dir)) => {
            tracing::warn!(dir = %dir.display(), "temporary directory of a PDF conversion not removed");
        }
        Err(err) => tracing::warn!(%err, "removing the directory of a PDF conversion failed"),
    }
    result
}

/// Kills what may still run of a conversion and removes its directory; answers the directory
/// when it is still there.
fn remove(run: Run) -> Result<(), PathBuf> {
    let dir = run.dir.path().to_owned();
    drop(run);
    // A LibreOffice that was just killed dies a moment after the signal and may still create a
    // file in its profile meanwhile, so that the removal finds the directory not empty: try
    // again for a while.
    for _ in 0..20 {
        if !dir.exists() {
            return Ok(());
        }
        std::thread::sleep(Duration::from_millis(100));
        let _ = std::fs::remove_dir_all(&dir);
    }
    if dir.exists() { Err(dir) } else { Ok(()) }
}

/// One conversion's directory and the process group working in it. Dropping it, also when
/// the caller drops the conversion halfway, kills the group first and then removes the
/// directory (the fields drop after `drop` ran), so nothing goes on writing into a removed
/// profile.
struct Run {
    /// The group of a LibreOffice that may still be running.
    group: Option<Pid>,
    dir: TempDir,
}

impl Run {
    fn kill(&mut self) {
        if let Some(group) = self.group.take() {
            // ESRCH: the group has ended already.
            let _ = killpg(group, Signal::SIGKILL);
        }
    }
}

impl Drop for Run {
    fn drop(&mut self) {
        self.kill();
    }
}

async fn convert(run: &mut Run, docx: &[u8], limit: Duration) -> Result<Vec<u8>, ConvertError> {
    let dir = run.dir.path().to_owned();
    let input = dir.join("document.docx");
    let out_dir = dir.join("pdf");
    tokio::fs::write(&input, docx).await?;
    // Output goes to a file: a pipe nobody reads while we wait could fill and stall it.
    let log_path = dir.join("soffice.log");
    let log = std::fs::File::create(&log_path)?;
    let mut command = tokio::process::Command::new(SOFFICE);
    command
        .arg(format!(
            "-env:UserInstallation={}",
            file_url(&dir.join("profile"))
        ))
        .args([
            "--headless",
            "--norestore",
            "--nologo",
            "--convert-to",
            "pdf",
            "--outdir",
        ])
        .arg(&out_dir)
        .arg(&input)
        .current_dir(&dir)
        .stdin(Stdio::null())
        .stdout(log.try_clone()?)
        .stderr(log)
        .process_group(0)
        .kill_on_drop(true);
    let mut child = match command.spawn() {
        Ok(child) => child,
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => {
            return Err(ConvertError::Missing);
        }
        Err(err) => return Err(err.into()),
    };
    // process_group(0): the child leads a group whose id is its pid.
    run.group = child
        .id()
        .and_then(|pid| i32::try_from(pid).ok())
        .map(Pid::from_raw);
    let status = match tokio::time::timeout(limit, child.wait()).await {
        Ok(status) => status?,
        Err(_) => {
            run.kill();
            // Reap the child so that it does not linger as a zombie.
            let _ = child.wait().await;
            return Err(ConvertError::TimedOut(limit));
        }
    };
    // `oosplash` waits for `soffice.bin`, so the group is done when its leader is; and once the
    // leader is reaped its id may be reused, so it must not be signalled any more.
    run.group = None;
    let said = || {
        let text = std::fs::read_to_string(&log_path).unwrap_or_default();
        let text = text.trim();
        let start = text
            .char_indices()
            .rev()
            .nth(MAX_REPORTED.saturating_sub(1))
            .map_or(0, |(at, _)| at);
        text[start..].to_owned()
    };
    if !status.success() {
        return Err(ConvertError::Failed(format!("{status}: {}", said())));
    }
    // LibreOffice also ends with success when it could not load the document; then there is
    // no PDF.
    match tokio::fs::read(out_dir.join("document.pdf")).await {
        Ok(pdf) => Ok(pdf),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => Err(ConvertError::Failed(said())),
        Err(err) => Err(err.into()),
    }
}

/// A `file://` URL for LibreOffice's `-env:UserInstallation`, which takes a URL, not a path.
fn file_url(path: &Path) -> String {
    let absolute: PathBuf = std::path::absolute(path).unwrap_or_else(|_| path.to_owned());
    let mut url = String::from("file://");
    for byte in absolute.to_string_lossy().bytes() {
        if byte.is_ascii_alphanumeric() || b"/-_.~".contains(&byte) {
            url.push(char::from(byte));
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::word::{self, Fill, Source, Styling};
    use std::time::Instant;

    const FIXTURE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/word-template-split-tokens.docx"
    );

    struct Registration;

    impl Source for Registration {
        fn fill(&self, token: &str, _entry: Option<usize>) -> Fill {
            let value = match token {
                "registratie.serienummer" => "2026-0042",
                "registratie.invuller" => "Jan de Vries",
                "registratie.registratiedatum" => "25 nov 2026 14:07",
                "omschrijving" => "Lantaarnpaal kapot",
                "aantal" => "17",
                _ => "",
            };
            Fill::Text(value.to_owned())
        }

        fn entries(&self, _group: &str) -> Option<usize> {
            None
        }
    }

    /// Processes whose command line names `path`: every process of a conversion does (the
    /// profile and the input lie under it).
    fn processes_under(path: &Path) -> Vec<String> {
        let needle = path.to_string_lossy().into_owned();
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|entry| std::fs::read(entry.ok()?.path().join("cmdline")).ok())
            .map(|cmdline| String::from_utf8_lossy(&cmdline).replace('\0', " "))
            .filter(|cmdline| cmdline.contains(&needle))
            .collect()
    }

    #[tokio::test]
    async fn a_merged_template_converts_to_a_pdf_with_its_values() {
        if !available() {
            println!("skipped: soffice is not installed (Debian package libreoffice-writer-nogui)");
            return;
        }
        let template = std::fs::read(FIXTURE).unwrap();
        let styling = Styling {
            default_font: Some("Arial".to_owned()),
            ..Styling::default()
        };
        let docx = word::merge(&template, &Registration, &styling).unwrap();
        let work = tempfile::tempdir().unwrap();
        let pdf = docx_to_pdf(&docx, work.path(), Duration::from_secs(120))
            .await
            .unwrap();
        assert!(pdf.starts_with(b"%PDF"));
        // Nothing of the conversion is left in the work directory.
        assert_eq!(std::fs::read_dir(work.path()).unwrap().count(), 0);

        let path = work.path().join("merged.pdf");
        std::fs::write(&path, &pdf).unwrap();
        let output = std::process::Command::new("pdftotext")
            .arg("-layout")
            .arg(&path)
            .arg("-")
            .output()
            .expect("pdftotext (Debian package poppler-utils)");
        assert!(output.status.success());
        let text = String::from_utf8_lossy(&output.stdout);
        for value in [
            "Serienummer: 2026-0042",
            "Omschrijving: Lantaarnpaal kapot",
            "Aantal: 17",
            "Ingevuld door Jan de Vries op 25 nov 2026 14:07.",
        ] {
            assert!(text.contains(value), "{value:?} missing in {text}");
        }
        assert!(!text.contains('$'), "{text}");
    }

    #[tokio::test]
    async fn a_conversion_past_its_limit_is_stopped_with_all_it_started() {
        if !available() {
            println!("skipped: soffice is not installed (Debian package libreoffice-writer-nogui)");
            return;
        }
        let docx = std::fs::read(FIXTURE).unwrap();
        let work = tempfile::tempdir().unwrap();
        // 1 ms stops the `soffice` script itself; by 500 ms `oosplash` has started
        // `soffice.bin` (a conversion with a new profile takes about 2 s), which only killing
        // the whole group stops.
        for limit in [Duration::from_millis(1), Duration::from_millis(500)] {
            let err = docx_to_pdf(&docx, work.path(), limit).await.unwrap_err();
            assert!(
                matches!(err, ConvertError::TimedOut(after) if after == limit),
                "{err:?}"
            );
            let deadline = Instant::now() + Duration::from_secs(5);
            loop {
                let left = processes_under(work.path());
                if left.is_empty() {
                    break;
                }
                assert!(Instant::now() < deadline, "still running: {left:?}");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            assert_eq!(std::fs::read_dir(work.path()).unwrap().count(), 0);
        }
    }

    #[test]
    fn the_profile_url_is_escaped() {
        assert_eq!(
            file_url(Path::new("/tmp/werk map/profiel#1")),
            "file:///tmp/werk%20map/profiel%231"
        );
    }
}
