//! A registration as the Word merge asks for it ([`crate::word::Source`]): text tokens as
//! e-mails render them, pictures for image and signature elements (with the spec's size
//! suffixes `#halve_pagina`, `#derde_pagina`, `#kwart_pagina`, `#hele_pagina`, and
//! `.afbeelding`), a subform as a table (`.tabel`) or as repeated table rows.

use crate::deliver::Loaded;
use crate::word::{Fill, Source};
use domain::form::{Element, ElementType};
use domain::tokens::{RenderMode, TokenContext, render_tokens};
use serde_json::{Map, Value};
use std::path::PathBuf;

/// The values of one registration, with where its files are.
pub struct RegistrationValues<'a> {
    pub loaded: &'a Loaded,
    pub files_dir: PathBuf,
}

/// The share of the text width a picture takes for a size suffix; 0: its own size.
fn fraction(suffix: Option<&str>) -> f32 {
    match suffix {
        Some("hele_pagina") => 1.0,
        Some("halve_pagina") => 0.5,
        Some("derde_pagina") => 1.0 / 3.0,
        Some("kwart_pagina") => 0.25,
        _ => 0.0,
    }
}

impl RegistrationValues<'_> {
    fn element(&self, name: &str) -> Option<&Element> {
        self.loaded.schema.iter().find(|e| e.name == name)
    }

    /// The first picture of an image or signature value, drawn.
    fn picture(&self, value: Option<&Value>, suffix: Option<&str>) -> Option<Fill> {
        let file = domain::document::files_of(value)
            .into_iter()
            .find(domain::document::FileRef::is_picture)?;
        let bytes = std::fs::read(self.files_dir.join(&file.id)).ok()?;
        let (width_px, height_px) = image::ImageReader::new(std::io::Cursor::new(&bytes))
            .with_guessed_format()
            .ok()?
            .into_dimensions()
            .ok()?;
        Some(Fill::Picture {
            bytes,
            width_px,
            height_px,
            fraction: fraction(suffix),
        })
    }

    /// A subform as a table: its labels, and each entry's values as they read.
    fn table(&self, element: &Element) -> Fill {
        let fields: Vec<&Element> = element
            .subform_schema()
            .iter()
            .filter(|f| {
                !matches!(
                    f.element_type,
                    ElementType::Header | ElementType::StaticText
                )
            })
            .collect();
        let rows = entries(self.loaded.values.get(&element.name))
            .iter()
            .map(|entry| {
                fields
                    .iter()
                    .map(|f| domain::tokens::display_value(f, entry.get(&f.name)))
                    .collect()
            })
            .collect();
        Fill::Table {
            header: fields.iter().map(|f| f.label.clone()).collect(),
            rows,
        }
    }
}

/// The entries of a subform value.
fn entries(value: Option<&Value>) -> Vec<Map<String, Value>> {
    value
        .and_then(Value::as_array)
        .map(|items| {
            items
                .iter()
                .filter_map(|i| i.as_object().cloned())
                .collect()
        })
        .unwrap_or_default()
}

impl Source for RegistrationValues<'_> {
    fn fill(&self, token: &str, entry: Option<usize>) -> Fill {
        let (path, suffix) = match token.split_once('#') {
            Some((path, suffix)) => (path, Some(suffix)),
            None => (token, None),
        };
        let (name, rest) = path.split_once('.').unwrap_or((path, ""));
        let element = self.element(name);
        if let Some(element) = element {
            let pictured = matches!(
                element.element_type,
                ElementType::Image | ElementType::Signature
            ) && (rest == "afbeelding" || (rest.is_empty() && suffix.is_some()));
            if pictured && let Some(picture) = self.picture(self.loaded.values.get(name), suffix) {
                return picture;
            }
            if element.element_type == ElementType::Subform {
                if rest == "tabel" {
                    return self.table(element);
                }
                // A field of the entry whose table row is being written.
                if let (Some(index), false) = (entry, rest.is_empty()) {
                    let values = entries(self.loaded.values.get(name))
                        .into_iter()
                        .nth(index)
                        .unwrap_or_default();
                    let ctx = TokenContext {
                        schema: element.subform_schema(),
                        values: &values,
                        registration: &self.loaded.meta,
                    };
                    let inner = match suffix {
                        Some(suffix) => format!("${rest}#{suffix}$"),
                        None => format!("${rest}$"),
                    };
                    return Fill::Text(render_tokens(&inner, &ctx, RenderMode::Text));
                }
            }
        }
        Fill::Text(render_tokens(
            &format!("${token}$"),
            &self.loaded.tokens(),
            RenderMode::Text,
        ))
    }

    fn entries(&self, group: &str) -> Option<usize> {
        let element = self.element(group)?;
        (element.element_type == ElementType::Subform)
            .then(|| entries(self.loaded.values.get(group)).len())
    }
}
