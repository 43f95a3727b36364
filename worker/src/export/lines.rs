//! The CSV lines of a form's export: one column per element in the order of the form, a
//! subform's fields as columns of their own with one line per entry in a cell. The values
//! are read as they are stored (`domain::raw_json`), never as a value tree, and written the
//! way Excel reads them: ';' between cells, CRLF after each line, a cell quoted only when it
//! holds ';', '"' or a line break (as the csv crate's `QuoteStyle::Necessary` does, tested),
//! and every cell a spreadsheet would run as a formula neutralised.
//!
//! A million registrations pass through here in one export, so a line is written straight
//! into the chunk's buffer: a cell borrows its text from the stored values or the form
//! where it can, and what one line learns serves the next (where each stored field was,
//! the date of the last minute written).

use domain::form::{Element, ElementType, Form};
use domain::raw_json;
use std::borrow::Cow;
use std::fmt::Write as _;
use tenancy::tenant::registrations::{self, ExportRow};

/// A chunk as CSV lines, with the (serial, file id) of the uploaded files it refers to.
pub(super) type Formatted = (Vec<u8>, Vec<(i64, String)>);

/// One column of the CSV.
enum Column<'a> {
    Serial,
    Date,
    User,
    Phase,
    /// An element of the main form and the slot of its stored value.
    Element(&'a Element, usize),
    /// A field of a subform's entries: the slot of the subform's stored value and the field.
    Entry(usize, &'a Element),
}

/// Turns registrations into the CSV lines of one form's export.
pub(super) struct Lines<'a> {
    columns: Vec<(String, Column<'a>)>,
    slots: Slots<'a>,
    /// The minute (unix time / 60) of the last date cell and its text: rows in serial order
    /// often share it, and the date shows no seconds.
    date: Option<(i64, String)>,
    /// A cell made rather than borrowed (a serial number, a subform column).
    cell: String,
}

impl<'a> Lines<'a> {
    pub(super) fn of(form: &'a Form, workflow: bool) -> Lines<'a> {
        let mut columns = vec![
            ("Serienummer".to_owned(), Column::Serial),
            ("Datum".to_owned(), Column::Date),
            ("Invuller".to_owned(), Column::User),
        ];
        if workflow {
            columns.push(("Fase".to_owned(), Column::Phase));
        }
        let mut names = Vec::new();
        for element in &form.schema {
            if element.element_type.is_layout() {
                continue;
            }
            let slot = slot_of(&mut names, &element.name);
            if element.element_type == ElementType::Subform {
                for field in element.subform_schema() {
                    if field.element_type.is_layout() {
                        continue;
                    }
                    let header = format!("{}: {}", label(element), label(field));
                    columns.push((header, Column::Entry(slot, field)));
                }
                continue;
            }
            columns.push((label(element).to_owned(), Column::Element(element, slot)));
        }
        Lines {
            columns,
            slots: Slots::of(names),
            date: None,
            cell: String::new(),
        }
    }

    /// The header line: the column names.
    pub(super) fn header(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let names: Vec<&str> = self.columns.iter().map(|(name, _)| name.as_str()).collect();
        write_line(&mut out, names.into_iter());
        out
    }

    /// The CSV lines of `rows`, and the (serial, file id) of the uploaded files they refer
    /// to when `files_of` names the client.
    pub(super) fn chunk(&mut self, rows: &[ExportRow], files_of: Option<&str>) -> Formatted {
        let mut out = Vec::with_capacity(rows.iter().map(|row| row.reg_values.len()).sum());
        let mut files = Vec::new();
        for row in rows {
            self.write(&mut out, row);
            if let Some(client) = files_of {
                files.extend(
                    registrations::file_ids_in(&row.reg_values, client)
                        .into_iter()
                        .map(|id| (row.serial_number, id)),
                );
            }
        }
        (out, files)
    }

    /// Writes one registration as a CSV line.
    fn write(&mut self, out: &mut Vec<u8>, row: &ExportRow) {
        let values = self.slots.read(&row.reg_values);
        let value = |slot: usize| values.get(slot).copied().flatten();
        // The entries of the subform whose columns are being written, read once for them all.
        let mut entries: Option<(usize, Vec<Fields<'_>>)> = None;
        for (n, (_, column)) in self.columns.iter().enumerate() {
            if n > 0 {
                out.push(b';');
            }
            let text: Cow<'_, str> = match column {
                Column::Serial => {
                    self.cell.clear();
                    let _ = write!(self.cell, "{}", row.serial_number);
                    Cow::Borrowed(&self.cell)
                }
                Column::Date => {
                    let minute = row.created_at.div_euclid(60);
                    let date = match self.date.take() {
                        Some((at, text)) if at == minute => (at, text),
                        _ => (
                            minute,
                            domain::tokens::format_display_date(&domain::dates::local_datetime(
                                row.created_at,
                            )),
                        ),
                    };
                    Cow::Borrowed(&self.date.insert(date).1)
                }
                Column::User => Cow::Borrowed(row.username.as_deref().unwrap_or_default()),
                Column::Phase => Cow::Borrowed(row.phase.as_deref().unwrap_or_default()),
                Column::Element(element, slot) => {
                    domain::tokens::display_raw(element, value(*slot))
                }
                Column::Entry(slot, field) => {
                    let list = match entries.take() {
                        Some((at, list)) if at == *slot => list,
                        _ => value(*slot)
                            .and_then(|raw| {
                                serde_json::from_str::<Vec<&serde_json::value::RawValue>>(raw).ok()
                            })
                            .unwrap_or_default()
                            .into_iter()
                            .map(|entry| Fields::of(entry.get()))
                            .collect(),
                    };
                    self.cell.clear();
                    for (n, entry) in list.iter().enumerate() {
                        if n > 0 {
                            self.cell.push('\n');
                        }
                        self.cell
                            .push_str(&domain::tokens::display_raw(field, entry.get(&field.name)));
                    }
                    entries = Some((*slot, list));
                    Cow::Borrowed(&self.cell)
                }
            };
            write_cell(out, &text);
        }
        out.extend_from_slice(b"\r\n");
    }
}

/// Writes `cells` as one line.
pub(crate) fn write_line<'c>(out: &mut Vec<u8>, cells: impl Iterator<Item = &'c str>) {
    for (n, cell) in cells.enumerate() {
        if n > 0 {
            out.push(b';');
        }
        write_cell(out, cell);
    }
    out.extend_from_slice(b"\r\n");
}

/// Writes one cell: neutralised when a spreadsheet would run it as a formula, quoted (with
/// its quotes doubled) when it holds the separator, a quote or a line break.
fn write_cell(out: &mut Vec<u8>, text: &str) {
    let prefix: &[u8] = if is_formula(text) { b"'" } else { b"" };
    let bytes = text.as_bytes();
    if raw_json::find_any(bytes, 0, *b";\"\r\n") == bytes.len() {
        out.extend_from_slice(prefix);
        out.extend_from_slice(bytes);
        return;
    }
    out.push(b'"');
    out.extend_from_slice(prefix);
    let mut rest = bytes;
    while let Some(at) = rest.iter().position(|&b| b == b'"') {
        out.extend_from_slice(&rest[..=at]);
        out.push(b'"');
        rest = &rest[at + 1..];
    }
    out.extend_from_slice(rest);
    out.push(b'"');
}

/// A cell a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
/// return); a negative number is not one.
fn is_formula(text: &str) -> bool {
    let risky = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    risky
        && !text.strip_prefix('-').is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_digit() || b == b',' || b == b'.')
        })
}

/// An element's column name: its label, or its data name when it has none.
fn label(element: &Element) -> &str {
    if element.label.trim().is_empty() {
        &element.name
    } else {
        &element.label
    }
}

/// The slot of `name` among the stored fields the columns read, added when new.
fn slot_of<'a>(names: &mut Vec<&'a str>, name: &'a str) -> usize {
    names
        .iter()
        .position(|known| *known == name)
        .unwrap_or_else(|| {
            names.push(name);
            names.len() - 1
        })
}

/// Where the stored fields of a registration go: one slot per field a column reads. The
/// registrations of a form almost always store their fields in the same order, so the name
/// found at a position in the last row is tried first, and only a miss searches the names.
struct Slots<'a> {
    /// (name, slot), sorted by name.
    names: Vec<(&'a str, usize)>,
    /// Per position in the last row read: the index in `names` of the field found there.
    last: Vec<usize>,
}

impl<'a> Slots<'a> {
    fn of(names: Vec<&'a str>) -> Slots<'a> {
        let mut names: Vec<(&'a str, usize)> = names.into_iter().zip(0..).collect();
        names.sort_unstable();
        Slots {
            names,
            last: Vec::new(),
        }
    }

    /// The values of `text`, each still as its JSON text, by slot; all empty when `text` is
    /// not a JSON object.
    fn read<'r>(&mut self, text: &'r str) -> Vec<Option<&'r str>> {
        let mut values = vec![None; self.names.len()];
        let mut position = 0;
        let read = raw_json::for_each_member(text, |name, value| {
            if let Some(slot) = self.find(position, &name)
                && let Some(cell) = values.get_mut(slot)
            {
                *cell = Some(value);
            }
            position += 1;
        });
        if read.is_err() {
            values.fill(None);
        }
        values
    }

    /// The slot of the field `name` found at `position` of a row; none when no column reads it.
    fn find(&mut self, position: usize, name: &str) -> Option<usize> {
        if let Some(&index) = self.last.get(position)
            && let Some(&(known, slot)) = self.names.get(index)
            && known == name
        {
            return Some(slot);
        }
        let index = self
            .names
            .binary_search_by(|(known, _)| (*known).cmp(name))
            .ok()?;
        if self.last.len() <= position {
            self.last.resize(position + 1, usize::MAX);
        }
        self.last[position] = index;
        self.names.get(index).map(|&(_, slot)| slot)
    }
}

/// The fields of a subform entry, each still as its JSON text, sorted by name for a binary
/// search (a stored entry's names are sorted already); none when it is not a JSON object.
struct Fields<'a>(Vec<(Cow<'a, str>, &'a str)>);

impl<'a> Fields<'a> {
    fn of(text: &'a str) -> Fields<'a> {
        let mut fields = Vec::new();
        if raw_json::for_each_member(text, |name, value| fields.push((name, value))).is_err() {
            fields.clear();
        }
        if !fields.is_sorted_by(|a, b| a.0 <= b.0) {
            fields.sort_by(|a, b| a.0.cmp(&b.0));
        }
        Fields(fields)
    }

    fn get(&self, name: &str) -> Option<&'a str> {
        self.0
            .binary_search_by(|(key, _)| key.as_ref().cmp(name))
            .ok()
            .map(|index| self.0[index].1)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use serde_json::json;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// A text, a number, a checkbox and a subform.
    pub(in crate::export) fn schema() -> serde_json::Value {
        json!([
            { "name": "naam", "label": "Naam", "elementType": "text" },
            { "name": "aantal", "label": "Aantal", "elementType": "number" },
            { "name": "vink", "label": "Vink", "elementType": "checkbox_single" },
            { "name": "posten", "label": "Posten", "elementType": "subform", "subform": { "schema": [
                { "name": "post", "label": "Post", "elementType": "text" },
                { "name": "bedrag", "label": "Bedrag", "elementType": "decimal" }
            ] } }
        ])
    }

    pub(in crate::export) fn definition() -> Result<Form, Box<dyn std::error::Error>> {
        domain::form::validate_schema(&schema(), &json!([]))
            .map_err(|errors| format!("{errors:?}").into())
    }

    /// The CSV lines of `rows` as a fresh [`Lines`] writes them.
    pub(in crate::export) fn text_of(
        definition: &Form,
        rows: &[ExportRow],
    ) -> Result<String, Box<dyn std::error::Error>> {
        Ok(String::from_utf8(
            Lines::of(definition, false).chunk(rows, None).0,
        )?)
    }

    #[test]
    fn formulas_are_neutralised_and_numbers_kept() {
        for (cell, expected) in [
            ("=SUM(A1:A3)", "'=SUM(A1:A3)"),
            ("+31 6 1234", "'+31 6 1234"),
            ("@cmd", "'@cmd"),
            ("\tx", "'\tx"),
            ("-5", "-5"),
            ("-2,5", "-2,5"),
            ("-", "'-"),
            ("-x", "'-x"),
            ("=a;b", "\"'=a;b\""),
            ("\rx", "\"'\rx\""),
            ("gewoon", "gewoon"),
            ("", ""),
        ] {
            let mut out = Vec::new();
            write_cell(&mut out, cell);
            assert_eq!(String::from_utf8_lossy(&out), expected, "{cell:?}");
        }
    }

    /// The cells are quoted exactly as the csv crate quotes them (Excel reads both).
    #[test]
    fn cells_are_quoted_as_the_csv_crate_quotes_them() -> TestResult {
        let cells = [
            "a",
            "",
            "a;b",
            "say \"hi\"",
            "\"",
            "line\nbreak",
            "cr\rx",
            "é€😀",
            "''",
            " ; ",
        ];
        let mut ours = Vec::new();
        write_line(&mut ours, cells.iter().copied());
        let mut theirs = csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(csv::Terminator::CRLF)
            .from_writer(Vec::new());
        theirs.write_record(cells)?;
        assert_eq!(
            String::from_utf8(ours)?,
            String::from_utf8(theirs.into_inner()?)?
        );
        Ok(())
    }

    /// Where each field was found in the row before is only a guess for the next one: rows
    /// with their fields in another order, with fields no column shows, with an escaped key
    /// or no JSON at all read as they would alone.
    #[test]
    fn a_line_does_not_depend_on_the_lines_before() -> TestResult {
        let definition = definition()?;
        let row = |serial_number: i64, values: &str| ExportRow {
            serial_number,
            created_at: 1_767_225_600, // 2026-01-01 00:00 UTC
            username: (serial_number % 2 == 1).then(|| "Zoë".to_owned()),
            phase: None,
            reg_values: values.to_owned(),
        };
        let full = r#"{"aantal":3,"naam":"Lamp","posten":[{"bedrag":1.5,"post":"kap"},{"post":"=glas"}],"vink":true}"#;
        let rows = [
            row(1, full),
            row(
                2,
                r#"{"vink":false,"weg":1,"na\u0061m":"Bank","aantal":-2}"#,
            ),
            row(3, r#"{"aantal":3}"#),
            row(4, "geen JSON"),
            row(5, full),
        ];
        let together = text_of(&definition, &rows)?;
        let mut alone = String::new();
        for row in &rows {
            alone += &text_of(&definition, std::slice::from_ref(row))?;
        }
        assert_eq!(together, alone);
        let lines: Vec<&str> = together.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "1;01 jan 2026 01:00;Zoë;Lamp;3;Ja;\"kap\n=glas\";\"1,5\n\""
        );
        assert_eq!(lines[1], "2;01 jan 2026 01:00;;Bank;-2;Nee;;");
        assert_eq!(lines[3], "4;01 jan 2026 01:00;;;;Nee;;");
        assert_eq!(lines[4], lines[0].replacen('1', "5", 1));
        Ok(())
    }

    /// The plain way to write a line, as a reference: the whole registration parsed into a
    /// value, each cell by `display_value`, written by the csv crate.
    fn reference(
        definition: &Form,
        row: &ExportRow,
    ) -> Result<Vec<u8>, Box<dyn std::error::Error>> {
        use domain::tokens::{display_value, format_number_nl};
        use serde_json::Value;
        let values: serde_json::Map<String, Value> = serde_json::from_str(&row.reg_values)
            .ok()
            .and_then(|value: Value| value.as_object().cloned())
            .unwrap_or_default();
        let cell = |element: &Element, value: Option<&Value>| match (element.element_type, value) {
            // serde_json reads some decimals a last bit off; the stored text is the truth.
            (ElementType::Number | ElementType::Decimal, Some(Value::Number(number)))
                if element.number_formatter.is_none() =>
            {
                format_number_nl(number.to_string().parse().unwrap_or_default())
            }
            _ => display_value(element, value),
        };
        let mut cells = vec![
            row.serial_number.to_string(),
            domain::tokens::format_display_date(&domain::dates::local_datetime(row.created_at)),
            row.username.clone().unwrap_or_default(),
        ];
        for element in definition
            .schema
            .iter()
            .filter(|e| !e.element_type.is_layout())
        {
            if element.element_type != ElementType::Subform {
                cells.push(cell(element, values.get(&element.name)));
                continue;
            }
            let entries = values
                .get(&element.name)
                .and_then(Value::as_array)
                .cloned()
                .unwrap_or_default();
            for field in element
                .subform_schema()
                .iter()
                .filter(|f| !f.element_type.is_layout())
            {
                let texts: Vec<String> = entries
                    .iter()
                    .map(|entry| cell(field, entry.as_object().and_then(|e| e.get(&field.name))))
                    .collect();
                cells.push(texts.join("\n"));
            }
        }
        let neutralised = cells.iter().map(|cell| {
            if is_formula(cell) {
                format!("'{cell}")
            } else {
                cell.clone()
            }
        });
        let mut writer = csv::WriterBuilder::new()
            .delimiter(b';')
            .terminator(csv::Terminator::CRLF)
            .from_writer(Vec::new());
        writer.write_record(neutralised)?;
        Ok(writer.into_inner()?)
    }

    /// Random registrations of a form with every kind of column: odd texts (separators,
    /// quotes, line breaks, formulas, escapes), numbers, choices, subforms, values of the
    /// wrong shape, fields in another order and no JSON at all.
    #[test]
    fn lines_match_the_plain_reference_on_random_registrations() -> TestResult {
        struct Rng(u64);
        impl Rng {
            fn below(&mut self, n: usize) -> usize {
                self.0 ^= self.0 << 13;
                self.0 ^= self.0 >> 7;
                self.0 ^= self.0 << 17;
                (self.0 % n as u64) as usize
            }
        }
        fn text(rng: &mut Rng) -> serde_json::Value {
            const PARTS: [&str; 14] = [
                "Waarde",
                ";",
                "\"",
                "\n",
                "\r",
                "\t",
                "=",
                "+",
                "-",
                "@",
                "é€😀",
                "2,5",
                "\\",
                "'",
            ];
            json!(
                (0..rng.below(5))
                    .map(|_| PARTS[rng.below(PARTS.len())])
                    .collect::<String>()
            )
        }
        fn value(rng: &mut Rng, depth: usize) -> serde_json::Value {
            match rng.below(if depth > 1 { 6 } else { 9 }) {
                0 | 1 => text(rng),
                2 => [
                    json!(-17),
                    json!(0),
                    json!(12.5),
                    json!(0.1 + 0.2),
                    json!(1e3),
                    json!(123_456_789_012_345_i64),
                    json!(i64::MAX),
                ][rng.below(7)]
                .clone(),
                3 => json!(rng.below(2) == 0),
                4 => serde_json::Value::Null,
                5 => json!(["a", "b", "c", "q", "2026-03-29 02:30"][rng.below(5)]),
                6 => json!(
                    (0..rng.below(3))
                        .map(|_| value(rng, depth + 1))
                        .collect::<Vec<_>>()
                ),
                7 => json!({ "name": "f.pdf", "url": "/api/client/x/file/abc", "lat": 52.1 }),
                _ => json!(
                    (0..rng.below(3))
                        .map(|_| json!({ "post": text(rng), "bedrag": value(rng, depth + 1) }))
                        .collect::<Vec<_>>()
                ),
            }
        }
        let opts = json!([{ "value": "a", "label": "Aap" }, { "value": "b", "label": "=B" }, { "value": "c", "label": "C;d" }]);
        let schema = json!([
            { "name": "naam", "label": "Naam", "elementType": "text" },
            { "name": "kop", "label": "Kop", "elementType": "header" },
            { "name": "aantal", "label": "=Aantal", "elementType": "number" },
            { "name": "bedrag", "label": "", "elementType": "decimal" },
            { "name": "prijs", "label": "Prijs", "elementType": "number", "number_formatter": "price" },
            { "name": "vink", "label": "Vink", "elementType": "checkbox_single" },
            { "name": "keuze", "label": "Keuze", "elementType": "select", "options": opts },
            { "name": "multi", "label": "Multi", "elementType": "checkbox_multiple", "options": opts },
            { "name": "tijd", "label": "Tijd", "elementType": "datetime" },
            { "name": "bestand", "label": "Bestand", "elementType": "file" },
            { "name": "plek", "label": "Plek", "elementType": "gps" },
            { "name": "posten", "label": "Posten", "elementType": "subform", "subform": { "schema": [
                { "name": "post", "label": "Post", "elementType": "text" },
                { "name": "bedrag", "label": "Bedrag", "elementType": "decimal" }
            ] } }
        ]);
        let definition = domain::form::validate_schema(&schema, &json!([]))
            .map_err(|errors| format!("{errors:?}"))?;
        let names = [
            "naam", "kop", "aantal", "bedrag", "prijs", "vink", "keuze", "multi", "tijd",
            "bestand", "plek", "posten", "weg",
        ];
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut lines = Lines::of(&definition, false);
        let mut created = 1_700_000_000_i64;
        for serial_number in 0..20_000 {
            created += [0, 1, 59, 3_600, -86_400][rng.below(5)];
            let mut fields: Vec<(&str, serde_json::Value)> = Vec::new();
            for name in names {
                if rng.below(5) != 0 {
                    fields.push((name, value(&mut rng, 0)));
                }
            }
            if rng.below(4) == 0 {
                fields.reverse();
            }
            let body: Vec<String> = fields
                .iter()
                .map(|(name, value)| format!("\"{name}\":{value}"))
                .collect();
            let reg_values = match rng.below(40) {
                0 => "[]".to_owned(),
                1 => "{".to_owned(),
                2 => "{} x".to_owned(),
                3 => r#"{"na\u0061m":"escaped key","aantal":3}"#.to_owned(),
                4 => r#"{ "naam" : "spaces" , "aantal" : 1.50 }"#.to_owned(),
                5 => r#"{"naam":"ok","aantal":}"#.to_owned(),
                _ => format!("{{{}}}", body.join(",")),
            };
            let row = ExportRow {
                serial_number,
                created_at: created,
                username: (rng.below(3) != 0).then(|| "=Zoë; \"x\"".to_owned()),
                phase: None,
                reg_values,
            };
            let ours = lines.chunk(std::slice::from_ref(&row), None).0;
            assert_eq!(
                String::from_utf8(ours)?,
                String::from_utf8(reference(&definition, &row)?)?,
                "{row:?}"
            );
        }
        Ok(())
    }
}
