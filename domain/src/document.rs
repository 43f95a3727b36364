//! A registration laid out for reading, in the order of its form: what an e-mail in auto mode
//! lists, what the registration PDF prints and what a Word table of a subform repeats. One
//! layout, so the three never disagree about which fields a reader sees.

use crate::form::{Element, ElementType};
use crate::tokens::display_value;
use crate::values::SUBFORM_INDEX;
use serde_json::{Map, Value};

/// One part of a laid-out registration.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    /// A header element: `level` 1 to 4 (h1 to h4).
    Heading { level: u8, text: String },
    /// A label and the value as it reads (option labels, 'Ja'/'Nee', euros, dates).
    Field { label: String, text: String },
    /// Photos, a signature or other uploaded files.
    Files {
        label: String,
        files: Vec<FileRef>,
        /// A signature: drawn, never listed as a file name.
        signature: bool,
    },
    /// A subform: each entry laid out in turn.
    Subform {
        label: String,
        entries: Vec<Vec<Block>>,
    },
}

/// An uploaded file a registration refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileRef {
    /// The id of the uploaded file (`fid`).
    pub id: String,
    pub filename: String,
    pub mime: String,
}

impl FileRef {
    /// A picture a document can draw (PNG or JPEG; GIF and others are listed by name).
    pub fn is_picture(&self) -> bool {
        matches!(self.mime.as_str(), "image/png" | "image/jpeg" | "image/jpg")
    }
}

/// The files of a file, image or signature value.
pub fn files_of(value: Option<&Value>) -> Vec<FileRef> {
    value
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let text = |key: &str| entry.get(key).and_then(Value::as_str).unwrap_or_default();
            let id = text("fid");
            (!id.is_empty()).then(|| FileRef {
                id: id.to_owned(),
                filename: text("filename").to_owned(),
                mime: text("filemime").to_owned(),
            })
        })
        .collect()
}

/// Lays out `values` in the order of `schema`. With `hide_empty`, fields without a value
/// are left out (an unticked checkbox, `false`, is a value); headers stay.
pub fn layout(schema: &[Element], values: &Map<String, Value>, hide_empty: bool) -> Vec<Block> {
    let mut blocks = Vec::new();
    for element in schema {
        let value = values.get(&element.name);
        match element.element_type {
            ElementType::Header => {
                if !element.label.trim().is_empty() {
                    blocks.push(Block::Heading {
                        level: heading_level(element.component.as_deref()),
                        text: element.label.trim().to_owned(),
                    });
                }
            }
            ElementType::File | ElementType::Image | ElementType::Signature => {
                let files = files_of(value);
                if !(hide_empty && files.is_empty()) {
                    blocks.push(Block::Files {
                        label: element.label.clone(),
                        files,
                        signature: element.element_type == ElementType::Signature,
                    });
                }
            }
            ElementType::Subform => {
                let entries: Vec<Vec<Block>> = value
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_object)
                    .map(|entry| layout(element.subform_schema(), entry, hide_empty))
                    .collect();
                if !(hide_empty && entries.is_empty()) {
                    blocks.push(Block::Subform {
                        label: element.label.clone(),
                        entries,
                    });
                }
            }
            element_type if element_type.is_layout() || element.name == SUBFORM_INDEX => {}
            // A stateTransition is the workflow's, shown in its history instead.
            ElementType::StateTransition => {}
            _ => {
                let text = display_value(element, value);
                if !(hide_empty && is_empty_value(value)) {
                    blocks.push(Block::Field {
                        label: element.label.clone(),
                        text,
                    });
                }
            }
        }
    }
    blocks
}

/// No value at all, an empty text or an empty list.
fn is_empty_value(value: Option<&Value>) -> bool {
    match value {
        None | Some(Value::Null) => true,
        Some(Value::String(text)) => text.trim().is_empty(),
        Some(Value::Array(items)) => items.is_empty(),
        Some(Value::Object(map)) => map.is_empty(),
        Some(_) => false,
    }
}

fn heading_level(component: Option<&str>) -> u8 {
    match component {
        Some("h1") => 1,
        Some("h3") => 3,
        Some("h4") => 4,
        _ => 2,
    }
}

/// Every file a layout refers to, in order (e-mail attachments, `download-emails`).
pub fn all_files(blocks: &[Block]) -> Vec<&FileRef> {
    let mut found = Vec::new();
    for block in blocks {
        match block {
            Block::Files { files, .. } => found.extend(files),
            Block::Subform { entries, .. } => {
                for entry in entries {
                    found.extend(all_files(entry));
                }
            }
            _ => {}
        }
    }
    found
}

/// The layout as plain text: "Label: value" lines, headings and subform entries on lines of
/// their own (a signal's text, the text part of a mail).
pub fn auto_text(blocks: &[Block]) -> String {
    let mut lines = Vec::new();
    text_lines(blocks, &mut lines);
    lines.join("\n")
}

fn text_lines(blocks: &[Block], lines: &mut Vec<String>) {
    for block in blocks {
        match block {
            Block::Heading { text, .. } => lines.push(text.clone()),
            Block::Field { label, text } => lines.push(format!("{label}: {text}")),
            Block::Files { label, files, .. } => {
                let names: Vec<&str> = files.iter().map(|f| f.filename.as_str()).collect();
                lines.push(format!("{label}: {}", names.join(", ")));
            }
            Block::Subform { label, entries } => {
                for (index, entry) in entries.iter().enumerate() {
                    lines.push(format!("{label} {}", index + 1));
                    text_lines(entry, lines);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn schema() -> Vec<Element> {
        serde_json::from_value(json!([
            { "name": "kop", "label": "Melding", "elementType": "header", "component": "h1" },
            { "name": "omschrijving", "label": "Omschrijving", "elementType": "text" },
            { "name": "leeg", "label": "Leeg veld", "elementType": "text" },
            { "name": "soort", "label": "Soort", "elementType": "radio",
              "options": [{ "value": "lamp", "label": "Lantaarnpaal" }] },
            { "name": "akkoord", "label": "Akkoord", "elementType": "checkbox_single" },
            { "name": "foto", "label": "Foto", "elementType": "image" },
            { "name": "uitleg", "label": "", "elementType": "staticText", "staticText": "<p>x</p>" },
            { "name": "onderdelen", "label": "Onderdelen", "elementType": "subform",
              "subform": { "schema": [{ "name": "naam", "label": "Naam", "elementType": "text" }] } }
        ]))
        .unwrap()
    }

    #[test]
    fn a_registration_is_laid_out_in_form_order_with_readable_values() {
        let values = json!({
            "omschrijving": "Lamp kapot", "soort": "lamp", "akkoord": false,
            "foto": [{ "fid": "f1", "filename": "paal.jpg", "filemime": "image/jpeg" }],
            "onderdelen": [{ "subform_index": 1, "naam": "Kap" }, { "subform_index": 2, "naam": "" }]
        });
        let blocks = layout(&schema(), values.as_object().unwrap(), false);
        assert_eq!(
            blocks[0],
            Block::Heading {
                level: 1,
                text: "Melding".into()
            }
        );
        assert_eq!(
            blocks[3],
            Block::Field {
                label: "Soort".into(),
                text: "Lantaarnpaal".into()
            }
        );
        assert_eq!(
            blocks[4],
            Block::Field {
                label: "Akkoord".into(),
                text: "Nee".into()
            }
        );
        assert!(matches!(&blocks[5], Block::Files { files, .. } if files[0].is_picture()));
        let Block::Subform { entries, .. } = &blocks[6] else {
            panic!("{blocks:?}")
        };
        assert_eq!(entries.len(), 2);
        assert_eq!(all_files(&blocks).len(), 1);

        let hidden = layout(&schema(), values.as_object().unwrap(), true);
        let labels: Vec<&str> = hidden
            .iter()
            .filter_map(|b| match b {
                Block::Field { label, .. } => Some(label.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(labels, ["Omschrijving", "Soort", "Akkoord"]);
        let Block::Subform { entries, .. } = &hidden[5] else {
            panic!("{hidden:?}")
        };
        assert_eq!(entries[1], []);
    }
}
