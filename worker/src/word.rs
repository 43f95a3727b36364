//! Word attachments (document 001 sections 3 and 5: `word_upload`, `word_filename`,
//! `send_as_filetype`, `styling_options`): a `.docx` template merged with the values of a
//! registration.
//!
//! The guarantee: the merge changes only what it must. It works on the XML of the parts that
//! hold tokens (the main document, its headers and footers), of `styles.xml` when a default
//! font is set, and of the relationships and content types a picture needs; every other zip
//! entry (theme, images, numbering, settings, customXml, ...) is copied byte for byte, and a
//! part without tokens is not rewritten at all. A docx library that reads the document into
//! its own model and writes it back loses whatever it does not model: decision 016 records
//! what docx-rs lost on our fixture.
//!
//! Word splits a `$token$` over several runs (a spelling mark, a change of formatting, an edit
//! in the middle). [`prepare`] and [`merge`] first move each token whole into the run where it
//! starts, so that its value takes that run's formatting, and then replace tokens run by run.
//! Tokens follow the rule of `domain::tokens` (decision 006): `$`, then letters, digits, `_`,
//! `.`, `#` or `-`, then `$`.

use std::borrow::Cow;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::io::{Cursor, Read, Write};

use quick_xml::Reader;
use quick_xml::escape::{escape, unescape};
use quick_xml::events::{BytesStart, Event};
use zip::ZipArchive;
use zip::result::ZipError;
use zip::write::{SimpleFileOptions, ZipWriter};

/// What a token becomes in the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Fill {
    /// Text in the formatting of the token's run; a line break in it becomes a line break.
    Text(String),
    /// A png, jpeg or gif picture, inline where the token was, in its own proportions and
    /// `fraction` (0 to 1) of the text width wide; 0 or less: its own size at 96 dpi, at most
    /// the text width.
    Picture {
        bytes: Vec<u8>,
        width_px: u32,
        height_px: u32,
        fraction: f32,
    },
    /// A table with a header row, in place of the paragraph that holds the token.
    Table {
        header: Vec<String>,
        rows: Vec<Vec<String>>,
    },
}

/// The values of one registration, as the merge asks for them.
pub trait Source {
    /// What `token` (without its dollar signs, e.g. `registratie.serienummer` or
    /// `foto#halve_pagina`) becomes. `entry` is the subform entry whose table row is being
    /// written, None elsewhere. A token that names nothing answers empty text.
    fn fill(&self, token: &str, entry: Option<usize>) -> Fill;
    /// The number of entries of the repeated group (subform) named `group`; None when `group`
    /// is not a subform.
    fn entries(&self, group: &str) -> Option<usize>;
}

/// The `styling_options` of an e-mail setting.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Styling {
    /// `word_document_default_font`: the document's default font; None keeps the template's.
    pub default_font: Option<String>,
    /// Colour per element: an element's token (`naam`, `sub.veld`; a `#` suffix may be left
    /// off) to a colour `#RRGGBB`, in which that element's values are written.
    pub colors: HashMap<String, String>,
}

/// A template checked and made ready for merging.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    /// The template with every token whole in one run; otherwise as uploaded.
    pub docx: Vec<u8>,
    /// The tokens it holds (without dollar signs), in document order, each once: the main
    /// document first, then headers and footers.
    pub tokens: Vec<String>,
}

/// Why a template cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum WordError {
    /// Not a zip with a WordprocessingML main document.
    #[error("Er kunnen alleen Word (.docx) bestanden worden geupload")]
    NotDocx,
    /// A part of the document is not well-formed XML (or not UTF-8), or cannot be unpacked.
    #[error("Het Word-document is beschadigd: {part} kan niet worden gelezen")]
    Damaged { part: String },
    /// A part unpacks to more than we are willing to hold in memory.
    #[error("Het Word-document is te groot om te verwerken: {part}")]
    TooLarge { part: String },
    /// The merged document could not be packed.
    #[error("Het Word-document kon niet worden samengesteld")]
    Write(#[from] ZipError),
}

/// Checks that `template` is a docx, moves every token Word split over runs into one run,
/// and lists the tokens it holds.
pub fn prepare(template: &[u8]) -> Result<Prepared, WordError> {
    let mut package = Package::open(template)?;
    let layout = Layout::read(&mut package)?;
    let mut tokens = Vec::new();
    for part in layout.text_parts(&mut package)? {
        let Part { name, mut xml, ns } = part;
        if normalise(&mut xml.root, &ns) {
            package.write(&name, xml.to_bytes());
        }
        tokens_in(&xml.root, &ns, &mut tokens);
    }
    Ok(Prepared {
        docx: package.finish()?,
        tokens,
    })
}

/// Merges `template` with the values `source` gives: every token in the main document, its
/// headers and its footers is replaced, table rows of a subform are repeated per entry, and
/// `styling` is applied. Answers the merged docx.
pub fn merge(
    template: &[u8],
    source: &dyn Source,
    styling: &Styling,
) -> Result<Vec<u8>, WordError> {
    let mut package = Package::open(template)?;
    let layout = Layout::read(&mut package)?;
    let parts = layout.text_parts(&mut package)?;
    let mut merger = Merger::new(source, styling, &package, &parts);
    for part in parts {
        let Part { name, mut xml, ns } = part;
        let moved = normalise(&mut xml.root, &ns);
        let mut tokens = Vec::new();
        tokens_in(&xml.root, &ns, &mut tokens);
        if !moved && tokens.is_empty() {
            continue;
        }
        let rels_name = rels_name(&name);
        let mut rels = match package.read_xml(&rels_name)? {
            Some(text) => parse(&text).map_err(|_| damaged(&rels_name))?,
            None => parse(EMPTY_RELATIONSHIPS).map_err(|_| damaged(&rels_name))?,
        };
        merger.begin_part(&name, &rels.root, ns);
        merger.fill_children(&mut xml.root.children, None);
        if merger.add_relationships(&mut rels.root) {
            package.write(&rels_name, rels.to_bytes());
        }
        package.write(&name, xml.to_bytes());
    }
    if let Some(font) = styling.default_font.as_deref().map(str::trim)
        && !font.is_empty()
        && let Some(styles) = &layout.styles
        && let Some(mut part) = Part::load(&mut package, styles)?
        && set_default_font(&mut part.xml.root, &part.ns, font).is_some()
    {
        package.write(styles, part.xml.to_bytes());
    }
    if !merger.media.added.is_empty() {
        let mut types = package
            .read_xml(CONTENT_TYPES)?
            .ok_or(WordError::NotDocx)
            .and_then(|text| parse(&text).map_err(|_| damaged(CONTENT_TYPES)))?;
        add_content_types(&mut types.root, &merger.media.extensions);
        package.write(CONTENT_TYPES, types.to_bytes());
        for (name, bytes) in std::mem::take(&mut merger.media.added) {
            package.write(&name, bytes);
        }
    }
    package.finish()
}

// --- The package: the zip and the parts we read from it -------------------------------------

const CONTENT_TYPES: &str = "[Content_Types].xml";
const W_NS: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const W_NS_STRICT: &str = "http://purl.oclc.org/ooxml/wordprocessingml/main";
const EMPTY_RELATIONSHIPS: &str = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"></Relationships>";
const IMAGE_RELATIONSHIP: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/image";
/// A template is an upload of at most 20 MB, but a zip can unpack to far more: no part we
/// parse may unpack to more than this.
const MAX_PART_BYTES: u64 = 64 * 1024 * 1024;

fn damaged(part: &str) -> WordError {
    WordError::Damaged {
        part: part.to_owned(),
    }
}

/// The template's zip, and the parts written so far.
struct Package<'a> {
    archive: ZipArchive<Cursor<&'a [u8]>>,
    /// Names of the template's entries, so that a new part never takes one.
    names: HashSet<String>,
    /// New contents by part name: parts rewritten and parts added.
    written: HashMap<String, Vec<u8>>,
    /// Parts added, in the order they were added.
    added: Vec<String>,
}

impl<'a> Package<'a> {
    fn open(bytes: &'a [u8]) -> Result<Package<'a>, WordError> {
        let archive = ZipArchive::new(Cursor::new(bytes)).map_err(|_| WordError::NotDocx)?;
        // A name that is not UTF-8 cannot be one of the parts we read; it is copied as is.
        let names = archive
            .file_names()
            .filter_map(Result::ok)
            .map(Cow::into_owned)
            .collect::<HashSet<_>>();
        if !names.contains(CONTENT_TYPES) {
            return Err(WordError::NotDocx);
        }
        Ok(Package {
            archive,
            names,
            written: HashMap::new(),
            added: Vec::new(),
        })
    }

    /// The text of an XML part as in the template; None when there is no such part.
    fn read_xml(&mut self, name: &str) -> Result<Option<String>, WordError> {
        let mut file = match self.archive.by_name(name) {
            Ok(file) => file,
            Err(ZipError::FileNotFound) => return Ok(None),
            Err(_) => return Err(damaged(name)),
        };
        let too_large = || WordError::TooLarge {
            part: name.to_owned(),
        };
        if file.size() > MAX_PART_BYTES {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        // The size in the zip's directory can lie: the limit holds for what actually unpacks.
        Read::by_ref(&mut file)
            .take(MAX_PART_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(|_| damaged(name))?;
        if bytes.len() as u64 > MAX_PART_BYTES {
            return Err(too_large());
        }
        let text = String::from_utf8(bytes).map_err(|_| damaged(name))?;
        Ok(Some(match text.strip_prefix('\u{feff}') {
            Some(rest) => rest.to_owned(),
            None => text,
        }))
    }

    fn is_free(&self, name: &str) -> bool {
        !self.names.contains(name) && !self.written.contains_key(name)
    }

    fn write(&mut self, name: &str, bytes: Vec<u8>) {
        if self.is_free(name) {
            self.added.push(name.to_owned());
        }
        self.written.insert(name.to_owned(), bytes);
    }

    /// The docx: the template's entries in their order, each copied as it was (compressed
    /// bytes and all) unless it was rewritten, then the added parts.
    fn finish(mut self) -> Result<Vec<u8>, WordError> {
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let options =
            SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
        for index in 0..self.archive.len() {
            let file = self.archive.by_index_raw(index)?;
            let rewritten = file
                .name()
                .ok()
                .and_then(|name| self.written.remove_entry(name.as_ref()));
            match rewritten {
                Some((name, bytes)) => {
                    drop(file);
                    zip.start_file(name, options)?;
                    zip.write_all(&bytes).map_err(ZipError::from)?;
                }
                None => zip.raw_copy_file(file)?,
            }
        }
        for name in self.added {
            if let Some(bytes) = self.written.remove(&name) {
                zip.start_file(name, options)?;
                zip.write_all(&bytes).map_err(ZipError::from)?;
            }
        }
        Ok(zip.finish()?.into_inner())
    }
}

/// Where the parts that hold text are, found the way Word finds them: through the
/// relationships, not by conventional names.
struct Layout {
    main: String,
    styles: Option<String>,
    headers_footers: Vec<String>,
}

impl Layout {
    fn read(package: &mut Package<'_>) -> Result<Layout, WordError> {
        let root_rels = package.read_xml("_rels/.rels")?.ok_or(WordError::NotDocx)?;
        let main = relationships(&root_rels)
            .ok_or(WordError::NotDocx)?
            .into_iter()
            .find(|rel| rel.kind.ends_with("/officeDocument") && !rel.external)
            .map(|rel| resolve("", &rel.target))
            .ok_or(WordError::NotDocx)?;
        let mut layout = Layout {
            main,
            styles: None,
            headers_footers: Vec::new(),
        };
        let main_rels = rels_name(&layout.main);
        if let Some(text) = package.read_xml(&main_rels)? {
            let dir = dir_of(&layout.main).to_owned();
            for rel in relationships(&text).ok_or_else(|| damaged(&main_rels))? {
                if rel.external {
                    continue;
                }
                let target = resolve(&dir, &rel.target);
                if rel.kind.ends_with("/styles") {
                    layout.styles = Some(target);
                } else if (rel.kind.ends_with("/header") || rel.kind.ends_with("/footer"))
                    && !layout.headers_footers.contains(&target)
                {
                    layout.headers_footers.push(target);
                }
            }
        }
        Ok(layout)
    }

    /// The main document (which must be one) and its headers and footers, parsed.
    fn text_parts(&self, package: &mut Package<'_>) -> Result<Vec<Part>, WordError> {
        let main = match Part::load(package, &self.main) {
            Ok(Some(part)) if local(&part.xml.root.name) == "document" => part,
            Ok(_) | Err(WordError::Damaged { .. }) => return Err(WordError::NotDocx),
            Err(err) => return Err(err),
        };
        let mut parts = vec![main];
        for name in &self.headers_footers {
            parts.extend(Part::load(package, name)?);
        }
        Ok(parts)
    }
}

/// One XML part of WordprocessingML, parsed.
struct Part {
    name: String,
    xml: Xml,
    ns: Ns,
}

impl Part {
    fn load(package: &mut Package<'_>, name: &str) -> Result<Option<Part>, WordError> {
        let Some(text) = package.read_xml(name)? else {
            return Ok(None);
        };
        let xml = parse(&text).map_err(|_| damaged(name))?;
        let ns = Ns::of(&xml.root).ok_or_else(|| damaged(name))?;
        Ok(Some(Part {
            name: name.to_owned(),
            xml,
            ns,
        }))
    }
}

struct Relationship {
    kind: String,
    target: String,
    external: bool,
}

fn relationships(text: &str) -> Option<Vec<Relationship>> {
    let xml = parse(text).ok()?;
    Some(
        xml.root
            .elements()
            .filter(|el| local(&el.name) == "Relationship")
            .map(|el| Relationship {
                kind: el.value("Type"),
                target: el.value("Target"),
                external: el.value("TargetMode") == "External",
            })
            .collect(),
    )
}

/// The part a relationship target names: relative to the source part's folder unless it
/// starts with `/`.
fn resolve(dir: &str, target: &str) -> String {
    let joined = match target.strip_prefix('/') {
        Some(absolute) => absolute.to_owned(),
        None => format!("{dir}/{target}"),
    };
    let mut segments: Vec<&str> = Vec::new();
    for segment in joined.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                segments.pop();
            }
            segment => segments.push(segment),
        }
    }
    segments.join("/")
}

fn dir_of(part: &str) -> &str {
    part.rsplit_once('/').map_or("", |(dir, _)| dir)
}

/// The relationships part of `part`: `word/document.xml` -> `word/_rels/document.xml.rels`.
fn rels_name(part: &str) -> String {
    match part.rsplit_once('/') {
        Some((dir, file)) => format!("{dir}/_rels/{file}.rels"),
        None => format!("_rels/{part}.rels"),
    }
}

// --- XML: a small tree that writes back what it read -----------------------------------------

/// A node of a parsed part. Text and attribute values are kept escaped, as they were in the
/// file, so that what we do not change is written back as it was.
#[derive(Debug, Clone)]
enum Node {
    Element(Element),
    /// Character data, escaped (entity and character references included as written).
    Text(String),
    /// Written out as it is: comments, processing instructions, CDATA, and XML we made.
    Raw(String),
}

#[derive(Debug, Clone)]
struct Element {
    /// The qualified name as in the file (`w:p`).
    name: String,
    /// Qualified names and escaped values.
    attrs: Vec<(String, String)>,
    children: Vec<Node>,
}

impl Element {
    fn new(name: String) -> Element {
        Element {
            name,
            attrs: Vec::new(),
            children: Vec::new(),
        }
    }

    fn with(name: String, attrs: &[(String, &str)], children: Vec<Node>) -> Element {
        Element {
            name,
            attrs: attrs
                .iter()
                .map(|(key, value)| (key.clone(), escape(*value).into_owned()))
                .collect(),
            children,
        }
    }

    fn elements(&self) -> impl Iterator<Item = &Element> {
        self.children.iter().filter_map(|node| match node {
            Node::Element(el) => Some(el),
            _ => None,
        })
    }

    /// An attribute's value, unescaped; empty when absent.
    fn value(&self, key: &str) -> String {
        self.attrs
            .iter()
            .find(|(name, _)| name == key)
            .map(|(_, raw)| unescape(raw).map_or_else(|_| raw.clone(), Cow::into_owned))
            .unwrap_or_default()
    }

    fn set_attr(&mut self, key: &str, value: &str) {
        let value = escape(value).into_owned();
        match self.attrs.iter_mut().find(|(name, _)| name == key) {
            Some((_, old)) => *old = value,
            None => self.attrs.push((key.to_owned(), value)),
        }
    }

    fn remove_attr(&mut self, key: &str) {
        self.attrs.retain(|(name, _)| name != key);
    }
}

/// A parsed part: its root element with what stands before it (the XML declaration) and
/// after it.
struct Xml {
    before: Vec<Node>,
    root: Element,
    after: Vec<Node>,
}

impl Xml {
    fn to_bytes(&self) -> Vec<u8> {
        let mut out = String::new();
        write_nodes(&self.before, &mut out);
        write_element(&self.root, &mut out);
        write_nodes(&self.after, &mut out);
        out.into_bytes()
    }
}

struct Malformed;

fn parse(text: &str) -> Result<Xml, Malformed> {
    let mut reader = Reader::from_str(text);
    let mut open: Vec<Element> = Vec::new();
    let mut top: Vec<Node> = Vec::new();
    loop {
        let node = match reader.read_event().map_err(|_| Malformed)? {
            Event::Start(start) => {
                open.push(element(&start)?);
                continue;
            }
            Event::End(_) => Node::Element(open.pop().ok_or(Malformed)?),
            Event::Empty(start) => Node::Element(element(&start)?),
            Event::Text(text) => Node::Text(text.into_inner().into_owned()),
            Event::GeneralRef(reference) => Node::Text(format!("&{};", &*reference)),
            Event::CData(data) => Node::Raw(format!("<![CDATA[{}]]>", &*data)),
            Event::Comment(comment) => Node::Raw(format!("<!--{}-->", &*comment)),
            Event::Decl(decl) => Node::Raw(format!("<?{}?>", &*decl)),
            Event::PI(pi) => Node::Raw(format!("<?{}?>", &*pi)),
            // Office parts have no DTD; one here means this is not a part we know.
            Event::DocType(_) => return Err(Malformed),
            Event::Eof => break,
        };
        let siblings = match open.last_mut() {
            Some(parent) => &mut parent.children,
            None => &mut top,
        };
        // The reader hands text and references over in pieces: keep them as one node.
        match (siblings.last_mut(), node) {
            (Some(Node::Text(text)), Node::Text(more)) => text.push_str(&more),
            (_, node) => siblings.push(node),
        }
    }
    if !open.is_empty() {
        return Err(Malformed);
    }
    let at = top
        .iter()
        .position(|node| matches!(node, Node::Element(_)))
        .ok_or(Malformed)?;
    let after = top.split_off(at + 1);
    let Some(Node::Element(root)) = top.pop() else {
        return Err(Malformed);
    };
    if after.iter().any(|node| matches!(node, Node::Element(_))) {
        return Err(Malformed);
    }
    Ok(Xml {
        before: top,
        root,
        after,
    })
}

fn element(start: &BytesStart<'_>) -> Result<Element, Malformed> {
    let mut attrs = Vec::new();
    for attr in start.attributes() {
        let attr = attr.map_err(|_| Malformed)?;
        attrs.push((attr.key.as_ref().to_owned(), attr.value.into_owned()));
    }
    Ok(Element {
        name: start.name().as_ref().to_owned(),
        attrs,
        children: Vec::new(),
    })
}

fn write_nodes(nodes: &[Node], out: &mut String) {
    for node in nodes {
        match node {
            Node::Element(el) => write_element(el, out),
            Node::Text(text) | Node::Raw(text) => out.push_str(text),
        }
    }
}

fn write_element(el: &Element, out: &mut String) {
    out.push('<');
    out.push_str(&el.name);
    for (key, value) in &el.attrs {
        out.push(' ');
        out.push_str(key);
        out.push_str("=\"");
        // A value read from single quotes may hold a double quote.
        out.push_str(&value.replace('"', "&quot;"));
        out.push('"');
    }
    if el.children.is_empty() {
        out.push_str("/>");
    } else {
        out.push('>');
        write_nodes(&el.children, out);
        out.push_str("</");
        out.push_str(&el.name);
        out.push('>');
    }
}

/// The local part of a qualified name.
fn local(name: &str) -> &str {
    name.rsplit_once(':').map_or(name, |(_, local)| local)
}

/// The prefix a part binds to the WordprocessingML namespace. Word, LibreOffice and the
/// libraries we know all declare it on the root with a prefix (`w`); a part that uses it as
/// the default namespace would need unprefixed elements but prefixed attributes, and is not
/// supported.
#[derive(Debug, Clone)]
struct Ns {
    /// The prefix with its colon: `w:`.
    w: String,
}

impl Ns {
    fn of(root: &Element) -> Option<Ns> {
        root.attrs.iter().find_map(|(key, value)| {
            let prefix = key.strip_prefix("xmlns:")?;
            (value == W_NS || value == W_NS_STRICT).then(|| Ns {
                w: format!("{prefix}:"),
            })
        })
    }

    fn is(&self, el: &Element, local: &str) -> bool {
        el.name.strip_prefix(self.w.as_str()) == Some(local)
    }

    fn name(&self, local: &str) -> String {
        format!("{}{local}", self.w)
    }
}

// --- Tokens ---------------------------------------------------------------------------------

/// Byte ranges of the `$token$`s in `text`, dollar signs included. As in `domain::tokens`:
/// after a `$` that does not open a token, the search goes on at the next `$`, so that
/// "$5 en $naam$" finds `$naam$`.
fn find_tokens(text: &str) -> Vec<(usize, usize)> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(open) = text[from..].find('$').map(|at| from + at) {
        let body = open + 1;
        match text[body..].find('$') {
            Some(len) if is_token_body(&text[body..body + len]) => {
                found.push((open, body + len + 1));
                from = body + len + 1;
            }
            Some(_) => from = body,
            None => break,
        }
    }
    found
}

fn is_token_body(body: &str) -> bool {
    !body.is_empty()
        && body
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'#' | b'-'))
}

/// The text of a `w:t`, unescaped.
fn text_of(t: &Element) -> String {
    let raw: String = t
        .children
        .iter()
        .filter_map(|node| match node {
            Node::Text(text) => Some(text.as_str()),
            _ => None,
        })
        .collect();
    match unescape(&raw) {
        Ok(text) => text.into_owned(),
        // An entity XML does not define (Word never writes one): the text as written.
        Err(_) => raw,
    }
}

fn set_text(t: &mut Element, text: &str) {
    t.children = if text.is_empty() {
        Vec::new()
    } else {
        vec![Node::Text(escape_text(text))]
    };
    // Without it Word drops the spaces at either end, which a moved token often leaves.
    t.set_attr("xml:space", "preserve");
}

/// Escapes text for XML and leaves out the characters XML 1.0 cannot hold at all (control
/// characters from a pasted value would make the part unreadable).
fn escape_text(text: &str) -> String {
    let allowed: String = text
        .chars()
        .filter(|&c| {
            matches!(c, '\t' | '\n' | '\r') || (c >= ' ' && c != '\u{fffe}' && c != '\u{ffff}')
        })
        .collect();
    escape(allowed.as_str()).into_owned()
}

/// The tokens in the `w:t`s under `el`, in document order, each once, appended to `out`.
fn tokens_in(el: &Element, ns: &Ns, out: &mut Vec<String>) {
    if ns.is(el, "t") {
        let text = text_of(el);
        for (start, end) in find_tokens(&text) {
            let token = &text[start + 1..end - 1];
            if !out.iter().any(|known| known == token) {
                out.push(token.to_owned());
            }
        }
    }
    for child in el.elements() {
        tokens_in(child, ns, out);
    }
}

// --- Normalising: one token, one run --------------------------------------------------------

/// Moves every token that Word split over runs into the run where it starts, in every
/// paragraph under `el`. True when anything moved.
fn normalise(el: &mut Element, ns: &Ns) -> bool {
    let mut moved = ns.is(el, "p") && normalise_paragraph(el, ns);
    for child in &mut el.children {
        if let Node::Element(child) = child {
            moved |= normalise(child, ns);
        }
    }
    moved
}

fn normalise_paragraph(p: &mut Element, ns: &Ns) -> bool {
    let mut pieces = Vec::new();
    collect_texts(&mut p.children, ns, &mut pieces);
    let mut moved = false;
    for stretch in pieces.split_mut(Option::is_none) {
        moved |= join_split_tokens(stretch);
    }
    if moved {
        drop_emptied_runs(&mut p.children, ns);
    }
    moved
}

/// The `w:t`s of a paragraph's own runs in order (not those of a text box inside it), with a
/// None where a tab, a break or a picture stands between two of them: no token runs across
/// that. Proofing marks, bookmarks, hyperlinks and the like between runs are passed over.
fn collect_texts<'a>(children: &'a mut [Node], ns: &Ns, out: &mut Vec<Option<&'a mut Element>>) {
    for child in children {
        let Node::Element(el) = child else { continue };
        if ns.is(el, "r") {
            for part in &mut el.children {
                let Node::Element(part) = part else { continue };
                if ns.is(part, "t") {
                    out.push(Some(part));
                } else if !ns.is(part, "rPr") && !ns.is(part, "lastRenderedPageBreak") {
                    out.push(None);
                }
            }
        } else if !ns.is(el, "p") {
            collect_texts(&mut el.children, ns, out);
        }
    }
}

/// Within one stretch of `w:t`s, gives each token that spans several of them to the first:
/// that one gets the whole token, the others lose its characters. True when any moved.
fn join_split_tokens(stretch: &mut [Option<&mut Element>]) -> bool {
    let texts: Vec<String> = stretch
        .iter()
        .map(|piece| piece.as_deref().map(text_of).unwrap_or_default())
        .collect();
    let mut all = String::new();
    let mut bounds = Vec::with_capacity(texts.len());
    for text in &texts {
        let start = all.len();
        all.push_str(text);
        bounds.push((start, all.len()));
    }
    let piece_at = |pos: usize| bounds.iter().position(|&(s, e)| s <= pos && pos < e);
    // (start, end, piece that gets it) of each token that spans pieces.
    let spanning: Vec<(usize, usize, usize)> = find_tokens(&all)
        .into_iter()
        .filter_map(|(start, end)| {
            let first = piece_at(start)?;
            (piece_at(end - 1)? != first).then_some((start, end, first))
        })
        .collect();
    if spanning.is_empty() {
        return false;
    }
    let mut joined = vec![String::new(); texts.len()];
    for (index, &(start, end)) in bounds.iter().enumerate() {
        let mut pos = start;
        while pos < end {
            if let Some(&(_, token_end, owner)) =
                spanning.iter().find(|&&(s, e, _)| s <= pos && pos < e)
            {
                let stop = token_end.min(end);
                joined[owner].push_str(&all[pos..stop]);
                pos = stop;
            } else {
                let stop = spanning
                    .iter()
                    .map(|&(s, _, _)| s)
                    .filter(|&s| s > pos)
                    .min()
                    .map_or(end, |s| s.min(end));
                joined[index].push_str(&all[pos..stop]);
                pos = stop;
            }
        }
    }
    for ((piece, old), new) in stretch.iter_mut().zip(&texts).zip(joined) {
        if let Some(t) = piece
            && *old != new
        {
            set_text(t, &new);
        }
    }
    true
}

/// Removes the runs that moving tokens left with nothing but empty text.
fn drop_emptied_runs(children: &mut Vec<Node>, ns: &Ns) {
    children.retain(|node| match node {
        Node::Element(el) if ns.is(el, "r") => {
            let mut content = el.elements().filter(|e| !ns.is(e, "rPr")).peekable();
            !(content.peek().is_some() && content.all(|e| ns.is(e, "t") && text_of(e).is_empty()))
        }
        _ => true,
    });
    for child in children {
        if let Node::Element(el) = child
            && !ns.is(el, "r")
            && !ns.is(el, "p")
        {
            drop_emptied_runs(&mut el.children, ns);
        }
    }
}

// --- Merging ----------------------------------------------------------------------------------

/// A4 with margins of 2.54 cm, in twips: the text width when the document states none.
const DEFAULT_TEXT_WIDTH: i64 = 11906 - 2 * 1440;
const EMU_PER_TWIP: i64 = 635;
/// An image pixel at 96 dpi.
const EMU_PER_PX: i64 = 9525;
/// The elements of `w:rPr` that come after `w:color`: the schema fixes the order, and Word
/// calls a document with properties out of order damaged.
const AFTER_COLOR: [&str; 21] = [
    "spacing",
    "w",
    "kern",
    "position",
    "sz",
    "szCs",
    "highlight",
    "u",
    "effect",
    "bdr",
    "shd",
    "fitText",
    "vertAlign",
    "rtl",
    "cs",
    "em",
    "lang",
    "eastAsianLayout",
    "specVanish",
    "oMath",
    "rPrChange",
];

/// Pictures added while merging: media parts for the package, relationships for the part
/// being merged.
struct Media {
    /// Part names in use (the template's and ours), so that a picture never takes one.
    taken: HashSet<String>,
    added: Vec<(String, Vec<u8>)>,
    /// Extension -> content type of the pictures added.
    extensions: BTreeMap<&'static str, &'static str>,
    /// The next `wp:docPr` id: Word wants them unique in the document.
    next_id: u64,
    /// The folder of the part being merged, where its media folder is.
    dir: String,
    rel_ids: HashSet<String>,
    /// (id, target) of the relationships the part being merged needs.
    new_rels: Vec<(String, String)>,
}

impl Media {
    /// Stores a picture and answers the relationship id the part refers to it by.
    fn add(&mut self, bytes: Vec<u8>, ext: &'static str, content_type: &'static str) -> String {
        let media_dir = if self.dir.is_empty() {
            "media".to_owned()
        } else {
            format!("{}/media", self.dir)
        };
        let mut number = self.added.len() + 1;
        let file = loop {
            let file = format!("eform-image{number}.{ext}");
            if !self.taken.contains(&format!("{media_dir}/{file}")) {
                break file;
            }
            number += 1;
        };
        let name = format!("{media_dir}/{file}");
        self.taken.insert(name.clone());
        self.added.push((name, bytes));
        self.extensions.insert(ext, content_type);
        let mut number = self.new_rels.len() + 1;
        let id = loop {
            let id = format!("rIdEform{number}");
            if !self.rel_ids.contains(&id) {
                break id;
            }
            number += 1;
        };
        self.rel_ids.insert(id.clone());
        self.new_rels.push((id.clone(), format!("media/{file}")));
        id
    }
}

struct Merger<'a> {
    source: &'a dyn Source,
    /// Element token -> colour as `w:color` wants it (`RRGGBB`).
    colors: HashMap<String, String>,
    /// Text width of the document's last section, in twips: pictures and tables fit in it.
    text_width: i64,
    media: Media,
    /// The namespace prefix of the part being merged.
    ns: Ns,
}

impl<'a> Merger<'a> {
    fn new(
        source: &'a dyn Source,
        styling: &Styling,
        package: &Package<'_>,
        parts: &[Part],
    ) -> Merger<'a> {
        let main = parts.first();
        let next_id = parts
            .iter()
            .map(|part| max_drawing_id(&part.xml.root))
            .max()
            .unwrap_or(0)
            + 1;
        Merger {
            source,
            colors: styling
                .colors
                .iter()
                .filter_map(|(token, color)| Some((token.clone(), hex_color(color)?)))
                .collect(),
            text_width: main.map_or(DEFAULT_TEXT_WIDTH, |part| {
                text_width(&part.xml.root, &part.ns)
            }),
            media: Media {
                taken: package.names.clone(),
                added: Vec::new(),
                extensions: BTreeMap::new(),
                next_id,
                dir: String::new(),
                rel_ids: HashSet::new(),
                new_rels: Vec::new(),
            },
            ns: main.map_or(Ns { w: "w:".to_owned() }, |part| part.ns.clone()),
        }
    }

    fn begin_part(&mut self, name: &str, rels: &Element, ns: Ns) {
        self.ns = ns;
        self.media.dir = dir_of(name).to_owned();
        self.media.rel_ids = rels.elements().map(|rel| rel.value("Id")).collect();
        self.media.new_rels.clear();
    }

    /// Adds the relationships the part's pictures need to its relationships part. True when
    /// there were any.
    fn add_relationships(&mut self, rels: &mut Element) -> bool {
        let name = format!(
            "{}Relationship",
            rels.name.strip_suffix("Relationships").unwrap_or_default()
        );
        let added = !self.media.new_rels.is_empty();
        for (id, target) in self.media.new_rels.drain(..) {
            rels.children.push(Node::Element(Element::with(
                name.clone(),
                &[
                    ("Id".to_owned(), &id),
                    ("Type".to_owned(), IMAGE_RELATIONSHIP),
                    ("Target".to_owned(), &target),
                ],
                Vec::new(),
            )));
        }
        added
    }

    /// Fills the block-level content `children` (a body, a cell, a header): paragraphs,
    /// tables, and whatever holds them.
    fn fill_children(&mut self, children: &mut Vec<Node>, entry: Option<usize>) {
        let mut out = Vec::with_capacity(children.len());
        // Word needs a paragraph after a table we put in: at the end of a cell, before the
        // section properties, and between two tables (which would otherwise run together).
        let mut after_table = false;
        for node in std::mem::take(children) {
            match node {
                Node::Element(p) if self.ns.is(&p, "p") => {
                    for node in self.fill_paragraph(p, entry) {
                        let made_table =
                            matches!(&node, Node::Element(el) if self.ns.is(el, "tbl"));
                        self.push_block(&mut out, node, &mut after_table);
                        after_table |= made_table;
                    }
                }
                Node::Element(mut table) if self.ns.is(&table, "tbl") => {
                    self.fill_table(&mut table, entry);
                    // A table whose only rows were a subform's without entries has no rows
                    // left, and Word does not open a table without rows.
                    if table.elements().any(|el| self.ns.is(el, "tr")) {
                        self.push_block(&mut out, Node::Element(table), &mut after_table);
                    }
                }
                Node::Element(mut el) => {
                    self.fill_children(&mut el.children, entry);
                    self.push_block(&mut out, Node::Element(el), &mut after_table);
                }
                other => out.push(other),
            }
        }
        if after_table {
            out.push(Node::Element(Element::new(self.ns.name("p"))));
        }
        *children = out;
    }

    fn push_block(&self, out: &mut Vec<Node>, node: Node, after_table: &mut bool) {
        if *after_table {
            if !matches!(&node, Node::Element(el) if self.ns.is(el, "p")) {
                out.push(Node::Element(Element::new(self.ns.name("p"))));
            }
            *after_table = false;
        }
        out.push(node);
    }

    /// Fills a table: a row holding a token of a subform (`$sub.veld$`) is written once per
    /// entry of that subform, the entry's values in it.
    fn fill_table(&mut self, table: &mut Element, entry: Option<usize>) {
        for node in std::mem::take(&mut table.children) {
            match node {
                Node::Element(mut row) if self.ns.is(&row, "tr") => match self.entries_of(&row) {
                    Some(count) => {
                        for index in 0..count {
                            let mut copy = row.clone();
                            self.fill_children(&mut copy.children, Some(index));
                            table.children.push(Node::Element(copy));
                        }
                    }
                    None => {
                        self.fill_children(&mut row.children, entry);
                        table.children.push(Node::Element(row));
                    }
                },
                // Table properties, or a content control or custom XML around rows.
                Node::Element(mut el) => {
                    self.fill_table(&mut el, entry);
                    table.children.push(Node::Element(el));
                }
                other => table.children.push(other),
            }
        }
    }

    /// The number of entries of the subform the first grouped token of `row` names, if any.
    fn entries_of(&self, row: &Element) -> Option<usize> {
        let mut tokens = Vec::new();
        tokens_in(row, &self.ns, &mut tokens);
        tokens.iter().find_map(|token| {
            let (group, _) = token.split_once('.')?;
            self.source.entries(group)
        })
    }

    /// Fills a paragraph; answers what takes its place: itself, and the tables its tokens
    /// asked for.
    fn fill_paragraph(&mut self, mut p: Element, entry: Option<usize>) -> Vec<Node> {
        let mut tables = Vec::new();
        self.fill_runs(&mut p.children, entry, &mut tables);
        if tables.is_empty() {
            return vec![Node::Element(p)];
        }
        let tables = tables.into_iter().map(Node::Element);
        let ends_section = p
            .elements()
            .filter(|el| self.ns.is(el, "pPr"))
            .flat_map(Element::elements)
            .any(|el| self.ns.is(el, "sectPr"));
        if ends_section {
            // It carries the properties of the section it ends: it stays, last.
            tables.chain([Node::Element(p)]).collect()
        } else if has_content(&p, &self.ns) {
            [Node::Element(p)].into_iter().chain(tables).collect()
        } else {
            tables.collect()
        }
    }

    fn fill_runs(
        &mut self,
        children: &mut Vec<Node>,
        entry: Option<usize>,
        tables: &mut Vec<Element>,
    ) {
        for node in std::mem::take(children) {
            match node {
                Node::Element(run) if self.ns.is(&run, "r") => {
                    children.extend(self.fill_run(run, entry, tables));
                }
                // A hyperlink, a content control, an insertion: runs inside.
                Node::Element(mut el) => {
                    self.fill_runs(&mut el.children, entry, tables);
                    children.push(Node::Element(el));
                }
                other => children.push(other),
            }
        }
    }

    /// Fills one run; answers the runs that take its place: one, or more where a value has
    /// a colour of its own.
    fn fill_run(
        &mut self,
        mut run: Element,
        entry: Option<usize>,
        tables: &mut Vec<Element>,
    ) -> Vec<Node> {
        let has_token = run
            .elements()
            .any(|el| self.ns.is(el, "t") && !find_tokens(&text_of(el)).is_empty());
        if !has_token {
            // Text boxes in a drawing of this run have paragraphs of their own.
            for child in &mut run.children {
                if let Node::Element(el) = child {
                    self.fill_children(&mut el.children, entry);
                }
            }
            return vec![Node::Element(run)];
        }
        let props = run.elements().find(|el| self.ns.is(el, "rPr")).cloned();
        let mut pieces = Pieces::default();
        for child in std::mem::take(&mut run.children) {
            match child {
                Node::Element(el) if self.ns.is(&el, "rPr") => {}
                Node::Element(el) if self.ns.is(&el, "t") => {
                    self.fill_text(&text_of(&el), entry, &mut pieces, tables);
                }
                Node::Element(mut el) => {
                    self.fill_children(&mut el.children, entry);
                    pieces.push(None, Node::Element(el));
                }
                other => pieces.push(None, other),
            }
        }
        pieces
            .0
            .into_iter()
            .filter(|(_, nodes)| nodes.iter().any(|node| !matches!(node, Node::Text(_))))
            .map(|(color, nodes)| {
                let props = match color {
                    Some(color) => Some(with_color(props.clone(), &color, &self.ns)),
                    None => props.clone(),
                };
                let mut children: Vec<Node> = props.into_iter().map(Node::Element).collect();
                children.extend(nodes);
                Node::Element(Element {
                    name: run.name.clone(),
                    attrs: run.attrs.clone(),
                    children,
                })
            })
            .collect()
    }

    /// Writes the text of one `w:t` into `pieces`, its tokens filled.
    fn fill_text(
        &mut self,
        text: &str,
        entry: Option<usize>,
        pieces: &mut Pieces,
        tables: &mut Vec<Element>,
    ) {
        let mut rest = 0;
        for (start, end) in find_tokens(text) {
            pieces.literal(&text[rest..start], &self.ns);
            let token = &text[start + 1..end - 1];
            match self.source.fill(token, entry) {
                Fill::Text(value) => {
                    let color = self.color(token);
                    pieces.value(color.as_deref(), &value, &self.ns);
                }
                Fill::Picture {
                    bytes,
                    width_px,
                    height_px,
                    fraction,
                } => {
                    if let Some(drawing) = self.picture(bytes, width_px, height_px, fraction) {
                        pieces.push(None, drawing);
                    } else {
                        tracing::warn!(
                            token,
                            "picture for a Word attachment left out: not png, jpeg or gif, or without size"
                        );
                    }
                }
                Fill::Table { header, rows } => tables.extend(self.table(&header, &rows)),
            }
            rest = end;
        }
        pieces.literal(&text[rest..], &self.ns);
    }

    fn color(&self, token: &str) -> Option<String> {
        let element = token.split('#').next().unwrap_or(token);
        self.colors
            .get(token)
            .or_else(|| self.colors.get(element))
            .cloned()
    }

    /// An inline drawing of the picture; None when it is not a png, jpeg or gif, or has no
    /// size.
    fn picture(
        &mut self,
        bytes: Vec<u8>,
        width_px: u32,
        height_px: u32,
        fraction: f32,
    ) -> Option<Node> {
        let (ext, content_type) = image_kind(&bytes)?;
        if width_px == 0 || height_px == 0 {
            return None;
        }
        let full = self.text_width * EMU_PER_TWIP;
        let cx = if fraction.is_finite() && fraction > 0.0 {
            (f64::from(fraction.min(1.0)) * full as f64).round() as i64
        } else {
            (i64::from(width_px) * EMU_PER_PX).min(full)
        };
        let cy = cx * i64::from(height_px) / i64::from(width_px);
        let rel = self.media.add(bytes, ext, content_type);
        let id = self.media.next_id;
        self.media.next_id += 1;
        let w = &self.ns.w;
        // The drawing namespaces are declared where they are used: the template's root need
        // not declare them.
        Some(Node::Raw(format!(
            "<{w}drawing><wp:inline distT=\"0\" distB=\"0\" distL=\"0\" distR=\"0\" \
             xmlns:wp=\"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing\">\
             <wp:extent cx=\"{cx}\" cy=\"{cy}\"/><wp:effectExtent l=\"0\" t=\"0\" r=\"0\" b=\"0\"/>\
             <wp:docPr id=\"{id}\" name=\"Afbeelding {id}\"/>\
             <wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\" noChangeAspect=\"1\"/></wp:cNvGraphicFramePr>\
             <a:graphic xmlns:a=\"http://schemas.openxmlformats.org/drawingml/2006/main\">\
             <a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/picture\">\
             <pic:pic xmlns:pic=\"http://schemas.openxmlformats.org/drawingml/2006/picture\">\
             <pic:nvPicPr><pic:cNvPr id=\"{id}\" name=\"afbeelding{id}.{ext}\"/><pic:cNvPicPr/></pic:nvPicPr>\
             <pic:blipFill><a:blip xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\" r:embed=\"{rel}\"/>\
             <a:stretch><a:fillRect/></a:stretch></pic:blipFill>\
             <pic:spPr><a:xfrm><a:off x=\"0\" y=\"0\"/><a:ext cx=\"{cx}\" cy=\"{cy}\"/></a:xfrm>\
             <a:prstGeom prst=\"rect\"><a:avLst/></a:prstGeom></pic:spPr>\
             </pic:pic></a:graphicData></a:graphic></wp:inline></{w}drawing>"
        )))
    }

    /// A plain table over the text width: thin borders, the header row bold and repeated on
    /// every page. None when it has no columns.
    fn table(&self, header: &[String], rows: &[Vec<String>]) -> Option<Element> {
        let ns = &self.ns;
        let columns = rows
            .iter()
            .map(Vec::len)
            .chain([header.len()])
            .max()
            .unwrap_or(0);
        if columns == 0 {
            return None;
        }
        let column = (self.text_width / columns as i64).to_string();
        let border = |side: &str| {
            Node::Element(Element::with(
                ns.name(side),
                &[
                    (ns.name("val"), "single"),
                    (ns.name("sz"), "4"),
                    (ns.name("space"), "0"),
                    (ns.name("color"), "auto"),
                ],
                Vec::new(),
            ))
        };
        let row = |cells: &[String], head: bool| {
            let mut children = Vec::new();
            if head {
                children.push(Node::Element(Element::with(
                    ns.name("trPr"),
                    &[],
                    vec![Node::Element(Element::new(ns.name("tblHeader")))],
                )));
            }
            for index in 0..columns {
                let text = cells.get(index).map_or("", String::as_str);
                let mut run = Vec::new();
                if head {
                    run.push(Node::Element(Element::with(
                        ns.name("rPr"),
                        &[],
                        vec![Node::Element(Element::new(ns.name("b")))],
                    )));
                }
                run.extend(text_nodes(text, ns));
                children.push(Node::Element(Element::with(
                    ns.name("tc"),
                    &[],
                    vec![
                        Node::Element(Element::with(
                            ns.name("tcPr"),
                            &[],
                            vec![Node::Element(Element::with(
                                ns.name("tcW"),
                                &[(ns.name("w"), &column), (ns.name("type"), "dxa")],
                                Vec::new(),
                            ))],
                        )),
                        Node::Element(Element::with(
                            ns.name("p"),
                            &[],
                            vec![Node::Element(Element::with(ns.name("r"), &[], run))],
                        )),
                    ],
                )));
            }
            Node::Element(Element::with(ns.name("tr"), &[], children))
        };
        let width = self.text_width.to_string();
        let mut children = vec![
            Node::Element(Element::with(
                ns.name("tblPr"),
                &[],
                vec![
                    Node::Element(Element::with(
                        ns.name("tblW"),
                        &[(ns.name("w"), &width), (ns.name("type"), "dxa")],
                        Vec::new(),
                    )),
                    Node::Element(Element::with(
                        ns.name("tblBorders"),
                        &[],
                        ["top", "left", "bottom", "right", "insideH", "insideV"]
                            .into_iter()
                            .map(border)
                            .collect(),
                    )),
                ],
            )),
            Node::Element(Element::with(
                ns.name("tblGrid"),
                &[],
                (0..columns)
                    .map(|_| {
                        Node::Element(Element::with(
                            ns.name("gridCol"),
                            &[(ns.name("w"), &column)],
                            Vec::new(),
                        ))
                    })
                    .collect(),
            )),
        ];
        if !header.is_empty() {
            children.push(row(header, true));
        }
        children.extend(rows.iter().map(|cells| row(cells, false)));
        Some(Element::with(ns.name("tbl"), &[], children))
    }
}

/// The content of a run being rebuilt, cut where the colour changes: each piece becomes a run.
#[derive(Default)]
struct Pieces(Vec<(Option<String>, Vec<Node>)>);

impl Pieces {
    fn push(&mut self, color: Option<&str>, node: Node) {
        match self.0.last_mut() {
            Some((last, nodes)) if last.as_deref() == color => nodes.push(node),
            _ => self.0.push((color.map(str::to_owned), vec![node])),
        }
    }

    /// The template's own text around tokens, as it was.
    fn literal(&mut self, text: &str, ns: &Ns) {
        if !text.is_empty() {
            self.push(None, t_node(text, ns));
        }
    }

    /// A value.
    fn value(&mut self, color: Option<&str>, text: &str, ns: &Ns) {
        for node in text_nodes(text, ns) {
            self.push(color, node);
        }
    }
}

fn t_node(text: &str, ns: &Ns) -> Node {
    let mut t = Element::new(ns.name("t"));
    set_text(&mut t, text);
    Node::Element(t)
}

/// A value as run content: `w:t`s with a `w:br` for each line break.
fn text_nodes(text: &str, ns: &Ns) -> Vec<Node> {
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut nodes = Vec::new();
    for (index, line) in text.split('\n').enumerate() {
        if index > 0 {
            nodes.push(Node::Element(Element::new(ns.name("br"))));
        }
        if !line.is_empty() {
            nodes.push(t_node(line, ns));
        }
    }
    nodes
}

/// Run properties with `w:color` set, in its place in the schema's order.
fn with_color(props: Option<Element>, color: &str, ns: &Ns) -> Element {
    let mut props = props.unwrap_or_else(|| Element::new(ns.name("rPr")));
    props
        .children
        .retain(|node| !matches!(node, Node::Element(el) if ns.is(el, "color")));
    let at = props
        .children
        .iter()
        .position(|node| matches!(node, Node::Element(el) if AFTER_COLOR.iter().any(|name| ns.is(el, name))))
        .unwrap_or(props.children.len());
    props.children.insert(
        at,
        Node::Element(Element::with(
            ns.name("color"),
            &[(ns.name("val"), color)],
            Vec::new(),
        )),
    );
    props
}

/// `#RRGGBB` (or without `#`) as `w:color` wants it; None for anything else.
fn hex_color(color: &str) -> Option<String> {
    let hex = color.trim().trim_start_matches('#');
    (hex.len() == 6 && hex.bytes().all(|b| b.is_ascii_hexdigit())).then(|| hex.to_ascii_uppercase())
}

/// Whether a paragraph shows anything: text, a picture, a tab or a break.
fn has_content(el: &Element, ns: &Ns) -> bool {
    el.children.iter().any(|node| match node {
        Node::Raw(_) => true,
        Node::Text(_) => false,
        Node::Element(el) if ns.is(el, "t") => !text_of(el).trim().is_empty(),
        Node::Element(el) if ns.is(el, "pPr") || ns.is(el, "rPr") => false,
        Node::Element(el) => {
            ["drawing", "pict", "object", "tab", "br"]
                .iter()
                .any(|name| ns.is(el, name))
                || has_content(el, ns)
        }
    })
}

fn image_kind(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(("png", "image/png"))
    } else if bytes.starts_with(&[0xff, 0xd8, 0xff]) {
        Some(("jpeg", "image/jpeg"))
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some(("gif", "image/gif"))
    } else {
        None
    }
}

/// The width between the margins of the document's last section, in twips.
fn text_width(document: &Element, ns: &Ns) -> i64 {
    let twips = |el: &Element, key: &str| el.value(&ns.name(key)).trim().parse::<i64>().ok();
    document
        .elements()
        .find(|el| ns.is(el, "body"))
        .and_then(|body| body.elements().filter(|el| ns.is(el, "sectPr")).last())
        .and_then(|section| {
            let page = section.elements().find(|el| ns.is(el, "pgSz"))?;
            let margins = section.elements().find(|el| ns.is(el, "pgMar"));
            let margin = |side| margins.and_then(|m| twips(m, side)).unwrap_or(0);
            Some(twips(page, "w")? - margin("left") - margin("right"))
        })
        .filter(|width| *width > 0)
        .unwrap_or(DEFAULT_TEXT_WIDTH)
}

/// The highest `wp:docPr` id under `el`.
fn max_drawing_id(el: &Element) -> u64 {
    let own = if local(&el.name) == "docPr" {
        el.value("id").parse().unwrap_or(0)
    } else {
        0
    };
    el.elements().map(max_drawing_id).fold(own, u64::max)
}

/// Sets the document's default run font (`w:docDefaults`), which the themes' fonts would
/// otherwise override.
fn set_default_font(styles: &mut Element, ns: &Ns, font: &str) -> Option<()> {
    let defaults = child_or_insert(styles, ns, "docDefaults")?;
    let run_defaults = child_or_insert(defaults, ns, "rPrDefault")?;
    let props = child_or_insert(run_defaults, ns, "rPr")?;
    let fonts = child_or_insert(props, ns, "rFonts")?;
    for theme in ["asciiTheme", "hAnsiTheme", "eastAsiaTheme", "cstheme"] {
        fonts.remove_attr(&ns.name(theme));
    }
    for script in ["ascii", "hAnsi", "eastAsia", "cs"] {
        fonts.set_attr(&ns.name(script), font);
    }
    Some(())
}

/// The child `local` of `parent`, made as its first child when missing: each element this is
/// used for comes first in its parent.
fn child_or_insert<'e>(parent: &'e mut Element, ns: &Ns, local: &str) -> Option<&'e mut Element> {
    let index = match parent
        .children
        .iter()
        .position(|node| matches!(node, Node::Element(el) if ns.is(el, local)))
    {
        Some(index) => index,
        None => {
            parent
                .children
                .insert(0, Node::Element(Element::new(ns.name(local))));
            0
        }
    };
    match parent.children.get_mut(index) {
        Some(Node::Element(el)) => Some(el),
        _ => None,
    }
}

/// Declares the content type of each picture extension the package does not know yet.
fn add_content_types(types: &mut Element, extensions: &BTreeMap<&'static str, &'static str>) {
    let name = format!(
        "{}Default",
        types.name.strip_suffix("Types").unwrap_or_default()
    );
    for (ext, content_type) in extensions {
        let known = types.elements().any(|el| {
            local(&el.name) == "Default" && el.value("Extension").eq_ignore_ascii_case(ext)
        });
        if !known {
            types.children.push(Node::Element(Element::with(
                name.clone(),
                &[
                    ("Extension".to_owned(), ext),
                    ("ContentType".to_owned(), content_type),
                ],
                Vec::new(),
            )));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIXTURE: &str = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/testdata/word-template-split-tokens.docx"
    );

    fn fixture() -> Vec<u8> {
        std::fs::read(FIXTURE).expect("worker/testdata holds a copy of the shared fixture")
    }

    /// A registration: plain values, a subform `melder` with entries, a picture and a table.
    struct Registration {
        entries: usize,
    }

    impl Source for Registration {
        fn fill(&self, token: &str, entry: Option<usize>) -> Fill {
            let text = |value: &str| Fill::Text(value.to_owned());
            match (token, entry) {
                ("registratie.serienummer", _) => text("2026-0042"),
                ("registratie.invuller", _) => text("Jan de Vries"),
                ("registratie.registratiedatum", _) => text("25 nov 2026 14:07"),
                ("omschrijving", _) => text("Lantaarnpaal kapot"),
                ("aantal", _) => text("3"),
                ("opmerking", _) => text("a <b> & \"c\"\ntweede regel"),
                ("melder.naam", Some(index)) => text(&format!("Melder {}", index + 1)),
                ("melder.telefoon", Some(index)) => text(&format!("06-1234567{index}")),
                ("foto#halve_pagina", _) => Fill::Picture {
                    bytes: png(4, 2),
                    width_px: 4,
                    height_px: 2,
                    fraction: 0.5,
                },
                ("tabel", _) => Fill::Table {
                    header: vec!["Paal".to_owned(), "Status".to_owned()],
                    rows: vec![
                        vec!["P-1".to_owned(), "kapot".to_owned()],
                        vec!["P-2 & co".to_owned(), "hersteld".to_owned()],
                    ],
                },
                _ => text(""),
            }
        }

        fn entries(&self, group: &str) -> Option<usize> {
            (group == "melder").then_some(self.entries)
        }
    }

    fn png(width: u32, height: u32) -> Vec<u8> {
        let image = ::image::RgbImage::from_pixel(width, height, ::image::Rgb([200, 30, 30]));
        let mut bytes = Cursor::new(Vec::new());
        image
            .write_to(&mut bytes, ::image::ImageFormat::Png)
            .unwrap();
        bytes.into_inner()
    }

    /// The docx with entries replaced or added.
    fn rebuild(docx: &[u8], changes: &[(&str, String)]) -> Vec<u8> {
        let mut archive = ZipArchive::new(Cursor::new(docx)).unwrap();
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        let options = SimpleFileOptions::default();
        for index in 0..archive.len() {
            let file = archive.by_index_raw(index).unwrap();
            let name = file.name().unwrap().into_owned();
            match changes.iter().find(|(changed, _)| *changed == name) {
                Some((_, text)) => {
                    drop(file);
                    zip.start_file(name, options).unwrap();
                    zip.write_all(text.as_bytes()).unwrap();
                }
                None => zip.raw_copy_file(file).unwrap(),
            }
        }
        for (name, text) in changes {
            if archive.index_for_name(name).is_none() {
                zip.start_file(*name, options).unwrap();
                zip.write_all(text.as_bytes()).unwrap();
            }
        }
        zip.finish().unwrap().into_inner()
    }

    /// The fixture with `body` added at the end of its document.
    fn fixture_with(body: &str) -> Vec<u8> {
        let docx = fixture();
        let document = entry(&docx, "word/document.xml").unwrap();
        let document = document.replacen("<w:sectPr", &format!("{body}<w:sectPr"), 1);
        rebuild(&docx, &[("word/document.xml", document)])
    }

    fn entry(docx: &[u8], name: &str) -> Option<String> {
        let mut archive = ZipArchive::new(Cursor::new(docx)).unwrap();
        let mut file = archive.by_name(name).ok()?;
        let mut text = String::new();
        file.read_to_string(&mut text).unwrap();
        Some(text)
    }

    fn entry_bytes(docx: &[u8], name: &str) -> Option<Vec<u8>> {
        let mut archive = ZipArchive::new(Cursor::new(docx)).unwrap();
        let mut file = archive.by_name(name).ok()?;
        let mut bytes = Vec::new();
        file.read_to_end(&mut bytes).unwrap();
        Some(bytes)
    }

    /// The text of every `w:t`, a paragraph a line and `w:br` a line break, read with
    /// quick-xml on its own: panics when the XML is not well-formed.
    fn texts(xml: &str) -> String {
        let mut reader = Reader::from_str(xml);
        let mut out = String::new();
        let mut depth_in_t = 0;
        let mut open = Vec::new();
        loop {
            match reader.read_event().expect("well-formed XML") {
                Event::Start(start) => {
                    let name = start.name().as_ref().to_owned();
                    if name == "w:t" {
                        depth_in_t += 1;
                    }
                    open.push(name);
                }
                Event::End(end) => {
                    let name = end.name().as_ref().to_owned();
                    assert_eq!(open.pop().as_deref(), Some(name.as_str()));
                    match name.as_str() {
                        "w:t" => depth_in_t -= 1,
                        "w:p" => out.push('\n'),
                        _ => {}
                    }
                }
                Event::Empty(start) if start.name().as_ref() == "w:br" => out.push('\n'),
                Event::Text(text) if depth_in_t > 0 => out.push_str(&text.xml10_content()),
                Event::GeneralRef(reference) if depth_in_t > 0 => {
                    let resolved = match &*reference {
                        "amp" => '&',
                        "lt" => '<',
                        "gt" => '>',
                        "quot" => '"',
                        "apos" => '\'',
                        _ => reference.resolve_char_ref().unwrap().unwrap(),
                    };
                    out.push(resolved);
                }
                Event::Eof => break,
                _ => {}
            }
        }
        assert!(open.is_empty());
        out
    }

    fn merged_document(docx: &[u8], styling: &Styling) -> (Vec<u8>, String) {
        let merged = merge(docx, &Registration { entries: 3 }, styling).unwrap();
        let document = entry(&merged, "word/document.xml").unwrap();
        (merged, document)
    }

    #[test]
    fn the_fixture_merged_holds_the_values_and_no_token() {
        let (_, document) = merged_document(&fixture(), &Styling::default());
        let text = texts(&document);
        for value in [
            "Serienummer: 2026-0042",
            "Omschrijving: Lantaarnpaal kapot",
            "Aantal: 3",
            "Ingevuld door Jan de Vries op 25 nov 2026 14:07.",
        ] {
            assert!(text.contains(value), "{value:?} missing in {text}");
        }
        assert!(!text.contains('$'), "a token is left: {text}");
        // The unknown token became empty text.
        assert!(
            text.contains("Onbekend token blijft staan of wordt leeg: \n"),
            "{text}"
        );
    }

    #[test]
    fn a_split_token_is_replaced_in_the_formatting_of_its_first_run() {
        let (_, document) = merged_document(&fixture(), &Styling::default());
        // `$omschr` was italic, `ijving$` plain: the value is italic.
        assert!(
            document.contains(
                "<w:r><w:rPr><w:i/></w:rPr><w:t xml:space=\"preserve\">Lantaarnpaal kapot</w:t></w:r>"
            ),
            "{document}"
        );
        // `$` + `omschrijving` + `$` in the table cell: one value, the emptied runs gone.
        assert_eq!(document.matches("Lantaarnpaal kapot").count(), 2);
        assert!(
            !document.contains("<w:t xml:space=\"preserve\"/>"),
            "{document}"
        );
    }

    #[test]
    fn a_token_split_around_proofing_marks_and_bookmarks_is_joined() {
        let docx = fixture_with(
            "<w:p><w:r><w:t>Nog eens: $aa</w:t></w:r><w:proofErr w:type=\"spellStart\"/>\
             <w:bookmarkStart w:id=\"7\" w:name=\"b\"/><w:r><w:rPr><w:b/></w:rPr><w:t>nt</w:t></w:r>\
             <w:bookmarkEnd w:id=\"7\"/><w:proofErr w:type=\"spellEnd\"/>\
             <w:hyperlink r:id=\"x\"><w:r><w:t>al$ stuks</w:t></w:r></w:hyperlink></w:p>\
             <w:p><w:r><w:t>$aa</w:t><w:tab/><w:t>ntal$</w:t></w:r></w:p>",
        );
        let prepared = prepare(&docx).unwrap();
        let document = entry(&prepared.docx, "word/document.xml").unwrap();
        assert!(document.contains("Nog eens: $aantal$</w:t>"), "{document}");
        assert!(document.contains("<w:bookmarkStart w:id=\"7\" w:name=\"b\"/>"));
        assert!(
            document.contains("<w:t xml:space=\"preserve\"> stuks</w:t>"),
            "{document}"
        );
        let (_, merged) = merged_document(&docx, &Styling::default());
        let text = texts(&merged);
        assert!(text.contains("Nog eens: 3 stuks"), "{text}");
        // A tab between the halves: that is no token.
        assert!(text.contains("$aantal$"), "{text}");
    }

    #[test]
    fn the_tokens_of_the_fixture_are_listed_in_document_order() {
        let prepared = prepare(&fixture()).unwrap();
        assert_eq!(
            prepared.tokens,
            [
                "registratie.serienummer",
                "omschrijving",
                "aantal",
                "registratie.invuller",
                "registratie.registratiedatum",
                "bestaat_niet",
            ]
        );
        let document = entry(&prepared.docx, "word/document.xml").unwrap();
        assert!(
            document.contains(">$registratie.serienummer$</w:t>"),
            "{document}"
        );
        // Prepared twice: nothing more moves.
        let again = prepare(&prepared.docx).unwrap();
        assert_eq!(entry(&again.docx, "word/document.xml").unwrap(), document);
    }

    #[test]
    fn prepare_refuses_what_is_not_a_docx() {
        let err = prepare(b"Dit is geen Word-document").unwrap_err();
        assert!(matches!(err, WordError::NotDocx));
        assert_eq!(
            err.to_string(),
            "Er kunnen alleen Word (.docx) bestanden worden geupload"
        );
        // A zip, but no Word document in it.
        let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
        zip.start_file("[Content_Types].xml", SimpleFileOptions::default())
            .unwrap();
        zip.write_all(b"<Types/>").unwrap();
        let not_word = zip.finish().unwrap().into_inner();
        assert!(matches!(prepare(&not_word), Err(WordError::NotDocx)));
        // A docx whose document is not well-formed.
        let broken = rebuild(
            &fixture(),
            &[("word/document.xml", "<w:document><w:body>".to_owned())],
        );
        assert!(matches!(prepare(&broken), Err(WordError::NotDocx)));
    }

    #[test]
    fn a_subform_row_is_repeated_for_each_entry() {
        let docx = fixture_with(
            "<w:tbl><w:tblPr/><w:tblGrid><w:gridCol w:w=\"4320\"/><w:gridCol w:w=\"4320\"/></w:tblGrid>\
             <w:tr><w:tc><w:p><w:r><w:t>Naam</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r><w:t>Telefoon</w:t></w:r></w:p></w:tc></w:tr>\
             <w:tr><w:tc><w:p><w:r><w:t>$mel</w:t></w:r><w:r><w:t>der.naam$</w:t></w:r></w:p></w:tc>\
             <w:tc><w:p><w:r><w:t>$melder.telefoon$ ($aantal$)</w:t></w:r></w:p></w:tc></w:tr></w:tbl>",
        );
        let (_, document) = merged_document(&docx, &Styling::default());
        let text = texts(&document);
        assert!(
            text.contains(
                "Naam\nTelefoon\nMelder 1\n06-12345670 (3)\nMelder 2\n06-12345671 (3)\nMelder 3\n06-12345672 (3)\n"
            ),
            "{text}"
        );
        // No entries: the row goes, the header row stays.
        let merged = merge(&docx, &Registration { entries: 0 }, &Styling::default()).unwrap();
        let text = texts(&entry(&merged, "word/document.xml").unwrap());
        assert!(
            text.contains("Naam\nTelefoon\n") && !text.contains("Melder"),
            "{text}"
        );
    }

    #[test]
    fn a_picture_becomes_an_inline_drawing_with_its_media_part() {
        let docx = fixture_with("<w:p><w:r><w:t>Foto: $foto#halve_pagina$</w:t></w:r></w:p>");
        let (merged, document) = merged_document(&docx, &Styling::default());
        assert_eq!(
            entry_bytes(&merged, "word/media/eform-image1.png").unwrap(),
            png(4, 2)
        );
        let rels = entry(&merged, "word/_rels/document.xml.rels").unwrap();
        assert!(
            rels.contains(
                "<Relationship Id=\"rIdEform1\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/image\" Target=\"media/eform-image1.png\"/>"
            ),
            "{rels}"
        );
        let types = entry(&merged, CONTENT_TYPES).unwrap();
        assert!(
            types.contains("<Default Extension=\"png\" ContentType=\"image/png\"/>"),
            "{types}"
        );
        // Half of the text width (12240 - 1800 - 1800 twips), at 635 EMU a twip; 2:1.
        assert!(document.contains("r:embed=\"rIdEform1\""), "{document}");
        assert!(
            document.contains("<wp:extent cx=\"2743200\" cy=\"1371600\"/>"),
            "{document}"
        );
        assert!(texts(&document).contains("Foto: \n"));
    }

    #[test]
    fn values_are_escaped_and_keep_their_line_breaks() {
        let docx = fixture_with(
            "<w:p><w:r><w:rPr><w:b/></w:rPr><w:t>Opmerking: $opmerking$.</w:t></w:r></w:p>",
        );
        let (_, document) = merged_document(&docx, &Styling::default());
        assert!(
            texts(&document).contains("Opmerking: a <b> & \"c\"\ntweede regel.\n"),
            "{document}"
        );
        assert!(document.contains(
            "<w:r><w:rPr><w:b/></w:rPr><w:t xml:space=\"preserve\">Opmerking: </w:t>\
             <w:t xml:space=\"preserve\">a &lt;b&gt; &amp; &quot;c&quot;</w:t><w:br/>\
             <w:t xml:space=\"preserve\">tweede regel</w:t><w:t xml:space=\"preserve\">.</w:t></w:r>"
        ));
    }

    #[test]
    fn a_table_takes_the_place_of_its_paragraph() {
        let docx = fixture_with("<w:p><w:r><w:t>$tabel$</w:t></w:r></w:p>");
        let (_, document) = merged_document(&docx, &Styling::default());
        let text = texts(&document);
        assert!(
            text.contains("Paal\nStatus\nP-1\nkapot\nP-2 & co\nhersteld\n"),
            "{text}"
        );
        // The paragraph is gone; an empty one stands between the table and the section.
        assert!(!document.contains("<w:p><w:r/></w:p>"));
        assert!(document.contains("</w:tbl><w:p/><w:sectPr"), "{document}");
        assert!(document.contains("<w:tblHeader/>"));
    }

    #[test]
    fn headers_and_footers_are_merged_too() {
        let namespace = "xmlns:w=\"http://schemas.openxmlformats.org/wordprocessingml/2006/main\" \
                         xmlns:r=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships\"";
        let docx = fixture();
        let rels = entry(&docx, "word/_rels/document.xml.rels").unwrap().replace(
            "</Relationships>",
            "<Relationship Id=\"rIdH\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/header\" Target=\"header1.xml\"/>\
             <Relationship Id=\"rIdF\" Type=\"http://schemas.openxmlformats.org/officeDocument/2006/relationships/footer\" Target=\"footer1.xml\"/></Relationships>",
        );
        let docx = rebuild(
            &docx,
            &[
                ("word/_rels/document.xml.rels", rels),
                (
                    "word/header1.xml",
                    format!(
                        "<w:hdr {namespace}><w:p><w:r><w:t>Kop $foto#halve_pagina$</w:t></w:r></w:p></w:hdr>"
                    ),
                ),
                (
                    "word/footer1.xml",
                    format!(
                        "<w:ftr {namespace}><w:p><w:r><w:t>Voet $registratie.</w:t></w:r><w:r><w:t>serienummer$</w:t></w:r></w:p></w:ftr>"
                    ),
                ),
            ],
        );
        // The footer's token is in the document already: listed once.
        assert_eq!(prepare(&docx).unwrap().tokens[6..], ["foto#halve_pagina"]);
        let merged = merge(&docx, &Registration { entries: 0 }, &Styling::default()).unwrap();
        let footer = entry(&merged, "word/footer1.xml").unwrap();
        assert_eq!(texts(&footer), "Voet 2026-0042\n");
        // The header's picture is related from the header's own relationships.
        let header_rels = entry(&merged, "word/_rels/header1.xml.rels").unwrap();
        assert!(
            header_rels.contains("Target=\"media/eform-image1.png\""),
            "{header_rels}"
        );
        assert!(
            entry(&merged, "word/header1.xml")
                .unwrap()
                .contains("r:embed=\"rIdEform1\"")
        );
    }

    /// An entry as stored: its checksum, method and compressed bytes.
    fn stored(docx: &[u8], name: &str) -> (u32, zip::CompressionMethod, Vec<u8>) {
        let mut archive = ZipArchive::new(Cursor::new(docx)).unwrap();
        let index = archive
            .index_for_name(name)
            .unwrap_or_else(|| panic!("{name} lost"));
        let mut file = archive.by_index_raw(index).unwrap();
        let mut raw = Vec::new();
        file.read_to_end(&mut raw).unwrap();
        (file.crc32(), file.compression(), raw)
    }

    #[test]
    fn what_the_merge_does_not_change_is_copied_byte_for_byte() {
        let template = fixture();
        let merged = merge(&template, &Registration { entries: 0 }, &Styling::default()).unwrap();
        let names: Vec<String> = ZipArchive::new(Cursor::new(template.as_slice()))
            .unwrap()
            .file_names()
            .map(|name| name.unwrap().into_owned())
            .collect();
        assert_eq!(names.len(), 17);
        for name in names.iter().filter(|name| *name != "word/document.xml") {
            assert_eq!(stored(&merged, name), stored(&template, name), "{name}");
        }
    }

    #[test]
    fn a_part_written_back_unchanged_is_the_same_text() {
        let docx = fixture();
        for name in [
            "word/document.xml",
            "word/styles.xml",
            "word/numbering.xml",
            "word/settings.xml",
            "word/theme/theme1.xml",
            "[Content_Types].xml",
            "docProps/app.xml",
        ] {
            let text = entry(&docx, name).unwrap();
            let written = parse(&text).ok().unwrap().to_bytes();
            assert_eq!(String::from_utf8(written).unwrap(), text, "{name}");
        }
    }

    #[test]
    fn the_default_font_and_the_colours_are_applied() {
        let styling = Styling {
            default_font: Some("Garamond".to_owned()),
            colors: HashMap::from([
                ("aantal".to_owned(), "#c00000".to_owned()),
                ("omschrijving".to_owned(), "geen kleur".to_owned()),
            ]),
        };
        let (merged, document) = merged_document(&fixture(), &styling);
        let styles = entry(&merged, "word/styles.xml").unwrap();
        assert!(
            styles.contains(
                "<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii=\"Garamond\" w:hAnsi=\"Garamond\" w:eastAsia=\"Garamond\" w:cs=\"Garamond\"/>"
            ),
            "{}",
            &styles[..2000]
        );
        assert!(
            document.contains(
                "<w:r><w:t xml:space=\"preserve\">Aantal: </w:t></w:r><w:r><w:rPr><w:color w:val=\"C00000\"/></w:rPr><w:t xml:space=\"preserve\">3</w:t></w:r>"
            ),
            "{document}"
        );
        // A colour that is no colour is left out.
        assert!(!document.contains("geen kleur"));
        assert_eq!(with_color(
            Some(parse("<w:rPr xmlns:w=\"x\"><w:b/><w:color w:val=\"000000\"/><w:sz w:val=\"20\"/></w:rPr>").ok().unwrap().root),
            "FF0000",
            &Ns { w: "w:".to_owned() },
        ).children.len(), 3);
    }

    #[test]
    fn tokens_are_found_as_the_domain_finds_them() {
        let found = |text: &str| {
            find_tokens(text)
                .into_iter()
                .map(|(start, end)| text[start..end].to_owned())
                .collect::<Vec<_>>()
        };
        assert_eq!(found("$5 en $10"), Vec::<String>::new());
        assert_eq!(found("$5 en $naam$"), ["$naam$"]);
        assert_eq!(found("$$a.b#waarde$$c-d_e$"), ["$a.b#waarde$", "$c-d_e$"]);
        assert_eq!(found("$é$ $$"), Vec::<String>::new());
    }
}
