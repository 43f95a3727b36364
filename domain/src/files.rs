//! What an uploaded file really is, judged by its first bytes rather than its name, and
//! the file entries a registration's values refer to.

use crate::form::{Element, ElementType};
use serde_json::{Map, Value};

/// Largest file a user may upload: 20 MB (spec: 20971520 bytes).
pub const MAX_FILE_SIZE: usize = 20_971_520;

/// The type the bytes show, for the formats whose signature we know.
pub fn sniff(bytes: &[u8]) -> Option<&'static str> {
    const SIGNATURES: &[(&[u8], &str)] = &[
        (b"\x89PNG\r\n\x1a\n", "image/png"),
        (b"\xff\xd8\xff", "image/jpeg"),
        (b"GIF87a", "image/gif"),
        (b"GIF89a", "image/gif"),
        (b"BM", "image/bmp"),
        (b"%PDF-", "application/pdf"),
        (b"PK\x03\x04", "application/zip"),
    ];
    SIGNATURES
        .iter()
        .find(|(magic, _)| bytes.starts_with(magic))
        .map(|(_, mime)| *mime)
}

/// The type a file name claims, for extensions whose content we can check; None for the
/// rest (plain text, CSV, ...), which cannot be recognised by a signature.
fn claimed(filename: &str) -> Option<&'static str> {
    let ext = filename
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())?;
    Some(match ext.as_str() {
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "bmp" => "image/bmp",
        "pdf" => "application/pdf",
        "docx" | "xlsx" | "pptx" | "odt" | "ods" | "zip" => "application/zip",
        _ => return None,
    })
}

/// Why an upload is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UploadProblem {
    /// The content does not match what the name claims (a text file named .jpg).
    ContentMismatch,
    /// An image field got something that is not png, jpeg, gif or bmp.
    NotAnImage,
    /// A form builder upload of a type its element does not take.
    TypeNotAllowed,
}

/// MIME type of Word files.
pub const DOCX: &str = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/// MIME type of Excel workbooks.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/// What a datasource takes: CSV (spec 002 section 5), and Excel workbooks (issue 15).
pub const DATASOURCE_TYPES: &[&str] = &["text/csv", XLSX];

/// What an image tag element takes (spec document 001 section 5).
pub const IMAGE_TAG_TYPES: &[&str] = &["image/jpeg", "image/png", "image/gif"];
/// What a static file element takes.
pub const STATIC_FILE_TYPES: &[&str] = &[
    "application/pdf",
    DOCX,
    "text/plain",
    "image/jpeg",
    "image/png",
    "image/gif",
];

/// Checks a form builder upload like any upload, then against the types its element takes.
/// Plain text has no signature, so a `.txt` name without a known signature counts as text.
pub fn check_typed_upload(
    filename: &str,
    bytes: &[u8],
    allowed: &[&str],
) -> Result<String, UploadProblem> {
    let mime = check_upload(filename, bytes, false)?;
    let lower = filename.to_ascii_lowercase();
    let text = mime == "application/octet-stream" && std::str::from_utf8(bytes).is_ok();
    let mime = if text && lower.ends_with(".txt") {
        "text/plain".to_owned()
    } else if text && lower.ends_with(".csv") {
        "text/csv".to_owned()
    } else {
        mime
    };
    if allowed.contains(&mime.as_str()) {
        Ok(mime)
    } else {
        Err(UploadProblem::TypeNotAllowed)
    }
}

/// Checks an upload: for image fields the bytes must be an image; for file fields a name
/// that claims a known type must carry that type's bytes. Returns the MIME type to store.
pub fn check_upload(
    filename: &str,
    bytes: &[u8],
    image_only: bool,
) -> Result<String, UploadProblem> {
    let found = sniff(bytes);
    if image_only {
        return match found {
            Some(mime) if mime.starts_with("image/") => Ok(mime.to_owned()),
            _ => Err(UploadProblem::NotAnImage),
        };
    }
    match (claimed(filename), found) {
        (Some(claim), Some(actual)) if claim == actual => Ok(refine(filename, actual)),
        (Some(_), _) => Err(UploadProblem::ContentMismatch),
        (None, Some(actual)) => Ok(refine(filename, actual)),
        (None, None) => Ok("application/octet-stream".to_owned()),
    }
}

/// Office files are zip containers; keep their specific type for downloads.
fn refine(filename: &str, mime: &str) -> String {
    let lower = filename.to_ascii_lowercase();
    match mime {
        "application/zip" if lower.ends_with(".docx") => DOCX.to_owned(),
        "application/zip" if lower.ends_with(".xlsx") => XLSX.to_owned(),
        other => other.to_owned(),
    }
}

/// Calls `visit` with every file entry (`{url, filename, filemime, filesize}`) of the file
/// and image elements in `values`, subform entries included, so the server can check and
/// complete each reference to an uploaded file.
pub fn visit_file_entries(
    schema: &[Element],
    values: &mut Map<String, Value>,
    visit: &mut dyn FnMut(&mut Value),
) {
    for element in schema {
        let Some(value) = values.get_mut(&element.name) else {
            continue;
        };
        match element.element_type {
            ElementType::File | ElementType::Image => {
                if let Value::Array(entries) = value {
                    entries.iter_mut().for_each(&mut *visit);
                }
            }
            ElementType::Subform => {
                let (Some(subform), Value::Array(entries)) = (&element.subform, value) else {
                    continue;
                };
                for entry in entries.iter_mut().filter_map(Value::as_object_mut) {
                    visit_file_entries(&subform.schema, entry, visit);
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_entries_are_found_in_subforms_too() {
        let form = crate::form::validate_schema(
            &serde_json::json!([
                { "name": "foto", "elementType": "image" },
                { "name": "tekst", "elementType": "text" },
                { "name": "posten", "elementType": "subform", "subform": { "schema": [
                    { "name": "bijlage", "elementType": "file" }
                ] } }
            ]),
            &serde_json::json!([]),
        )
        .unwrap();
        let mut values = serde_json::json!({
            "foto": [{ "url": "a" }], "tekst": "b",
            "posten": [{ "bijlage": [{ "url": "c" }, { "url": "d" }] }, { "bijlage": [] }]
        })
        .as_object()
        .cloned()
        .unwrap();
        let mut seen = Vec::new();
        visit_file_entries(&form.schema, &mut values, &mut |entry| {
            seen.push(entry["url"].as_str().unwrap_or_default().to_owned());
            entry["filesize"] = serde_json::json!(1);
        });
        assert_eq!(seen, ["a", "c", "d"]);
        assert_eq!(values["posten"][0]["bijlage"][1]["filesize"], 1);
    }

    #[test]
    fn content_decides_not_the_name() {
        let png = b"\x89PNG\r\n\x1a\nrest";
        let jpeg = b"\xff\xd8\xff\xe0rest";
        assert_eq!(check_upload("foto.png", png, true), Ok("image/png".into()));
        assert_eq!(
            check_upload("foto.jpg", jpeg, true),
            Ok("image/jpeg".into())
        );
        assert_eq!(
            check_upload("foto.jpg", b"just some text", true),
            Err(UploadProblem::NotAnImage)
        );
        assert_eq!(
            check_upload("foto.jpg", b"just some text", false),
            Err(UploadProblem::ContentMismatch)
        );
        assert_eq!(
            check_upload("foto.jpg", png, false),
            Err(UploadProblem::ContentMismatch)
        );
        assert_eq!(
            check_upload("rapport.pdf", b"%PDF-1.7", false),
            Ok("application/pdf".into())
        );
        assert_eq!(
            check_upload("notities.txt", b"hallo", false),
            Ok("application/octet-stream".into())
        );
        assert_eq!(
            check_upload("zonder-extensie", png, false),
            Ok("image/png".into())
        );
        assert!(
            check_upload("brief.docx", b"PK\x03\x04...", false)
                .is_ok_and(|m| m.contains("wordprocessingml"))
        );
        assert_eq!(
            check_upload("pdf.pdf", b"", false),
            Err(UploadProblem::ContentMismatch)
        );
    }

    #[test]
    fn form_builder_uploads_take_only_their_types() {
        let gif = b"GIF89a....";
        assert_eq!(
            check_typed_upload("logo.gif", gif, IMAGE_TAG_TYPES),
            Ok("image/gif".into())
        );
        assert_eq!(
            check_typed_upload("logo.bmp", b"BM....", IMAGE_TAG_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
        assert_eq!(
            check_typed_upload(
                "palen.csv",
                "object.name;x\nPaal é;1\n".as_bytes(),
                DATASOURCE_TYPES
            ),
            Ok("text/csv".into())
        );
        assert_eq!(
            check_typed_upload("palen.csv", &[0xff, 0xfe, 0x00], DATASOURCE_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
        assert_eq!(
            check_typed_upload("palen.xlsx", b"PK\x03\x04....", DATASOURCE_TYPES),
            Ok(XLSX.into())
        );
        assert_eq!(
            check_typed_upload("palen.pdf", b"%PDF-1.4", DATASOURCE_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
        assert_eq!(
            check_typed_upload("uitleg.pdf", b"%PDF-1.4", IMAGE_TAG_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
        assert_eq!(
            check_typed_upload("uitleg.pdf", b"%PDF-1.4", STATIC_FILE_TYPES),
            Ok("application/pdf".into())
        );
        assert_eq!(
            check_typed_upload("lees.txt", b"hallo", STATIC_FILE_TYPES),
            Ok("text/plain".into())
        );
        assert_eq!(
            check_typed_upload("brief.docx", b"PK\x03\x04..", STATIC_FILE_TYPES),
            Ok(DOCX.into())
        );
        assert_eq!(
            check_typed_upload("tabel.xlsx", b"PK\x03\x04..", STATIC_FILE_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
        assert_eq!(
            check_typed_upload("script.sh", b"#!/bin/sh", STATIC_FILE_TYPES),
            Err(UploadProblem::TypeNotAllowed)
        );
    }
}
