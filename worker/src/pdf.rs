//! The registration PDF: what a notification e-mail attaches, so that its reader sees the
//! registration as it was filled in, pictures included, without logging in.
//!
//! Text is set in printpdf's builtin Helvetica, so no font file has to be on the machine.
//! printpdf 0.12 writes the builtin fonts with `/WinAnsiEncoding` and encodes text as
//! CP1252 bytes itself, putting `?` for anything CP1252 lacks. [`pdf_text`] therefore first
//! spells such characters the nearest way CP1252 can ("ĳ" as "ij", "ł" as "l"), and widths
//! come from Adobe's metrics of those fonts, so that a wrapped line fits.

use std::io::Cursor;
use std::panic::{AssertUnwindSafe, catch_unwind};

use domain::document::{Block, FileRef};
use printpdf::{
    BuiltinFont, Color, CurTransMat, Greyscale, ImageOptimizationOptions, Line, LinePoint, Mm, Op,
    PdfDocument, PdfFontHandle, PdfPage, PdfParseErrorSeverity, PdfSaveOptions, Point, Pt,
    RawImage, RawImageData, RawImageFormat, TextItem, XObjectId, XObjectTransform,
};

/// What the top of the PDF says.
pub struct Header<'a> {
    pub client_name: &'a str,
    pub form_name: &'a str,
    pub serial_number: i64,
    /// Already formatted the Dutch way, e.g. "25 nov 2026 14:07".
    pub date: &'a str,
    pub username: Option<&'a str>,
}

#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// printpdf gave no PDF (or panicked): nothing a retry with the same input changes.
    #[error("de PDF van de registratie kon niet worden gemaakt: {0}")]
    Render(String),
}

/// The registration as a PDF. `picture` answers the bytes of an uploaded file (None when it
/// cannot be read: then the file name is printed instead). Reads files and decodes images
/// synchronously: call it from blocking code.
pub fn registration_pdf(
    header: &Header<'_>,
    blocks: &[Block],
    picture: &dyn Fn(&FileRef) -> Option<Vec<u8>>,
) -> Result<Vec<u8>, PdfError> {
    // A panic inside printpdf or a decoder must fail this one PDF, not the worker's job loop.
    catch_unwind(AssertUnwindSafe(|| render(header, blocks, picture)))
        .unwrap_or_else(|_| Err(PdfError::Render("printpdf panicked".to_owned())))
}

fn render(
    header: &Header<'_>,
    blocks: &[Block],
    picture: &dyn Fn(&FileRef) -> Option<Vec<u8>>,
) -> Result<Vec<u8>, PdfError> {
    let mut writer = Writer::new(header, picture);
    writer.header(header);
    if blocks.is_empty() {
        writer.lines("Er zijn geen gegevens ingevuld.", META, 0.0);
    }
    writer.blocks(blocks, 0.0);
    let doc = writer.finish(header);
    save(&doc)
}

fn save(doc: &PdfDocument) -> Result<Vec<u8>, PdfError> {
    let options = PdfSaveOptions {
        // printpdf's own shrinking of images over 2 MB picks nearest pixels; ours are already
        // scaled down (with filtering) to what the page needs.
        image_optimization: Some(ImageOptimizationOptions {
            max_image_size: None,
            ..ImageOptimizationOptions::default()
        }),
        ..PdfSaveOptions::default()
    };
    let mut warnings = Vec::new();
    let bytes = doc.save(&options, &mut warnings);
    for warning in warnings
        .iter()
        .filter(|w| w.severity == PdfParseErrorSeverity::Error)
    {
        tracing::warn!(page = warning.page, message = %warning.msg, "registration PDF");
    }
    if bytes.starts_with(b"%PDF") {
        Ok(bytes)
    } else {
        Err(PdfError::Render("printpdf wrote no PDF".to_owned()))
    }
}

// --- page geometry, in points from the bottom left ---------------------------------------

const PT_PER_MM: f32 = 72.0 / 25.4;
const PAGE_WIDTH_MM: f32 = 210.0;
const PAGE_HEIGHT_MM: f32 = 297.0;
const PAGE_WIDTH: f32 = PAGE_WIDTH_MM * PT_PER_MM;
const PAGE_HEIGHT: f32 = PAGE_HEIGHT_MM * PT_PER_MM;
const MARGIN: f32 = 20.0 * PT_PER_MM;
const TOP: f32 = PAGE_HEIGHT - MARGIN;
/// Content stays above this, clear of the footer.
const BOTTOM: f32 = 22.0 * PT_PER_MM;
const FOOTER_BASELINE: f32 = 12.0 * PT_PER_MM;
const CONTENT_WIDTH: f32 = PAGE_WIDTH - 2.0 * MARGIN;
const INDENT_STEP: f32 = 14.0;
/// Deeper subforms stop indenting, so their values keep a usable width.
const MAX_INDENT: f32 = 4.0 * INDENT_STEP;
const FIELD_GAP: f32 = 7.0;
const PICTURE_MAX_HEIGHT: f32 = PAGE_HEIGHT / 3.0;
const SIGNATURE_MAX_WIDTH: f32 = 60.0 * PT_PER_MM;
const SIGNATURE_MAX_HEIGHT: f32 = 25.0 * PT_PER_MM;
/// About 180 dpi at the widest a picture is drawn: sharp on paper, small in an e-mail.
const PICTURE_MAX_PIXELS: u32 = 1200;
const SIGNATURE_MAX_PIXELS: u32 = 600;
/// A picture that claims more than this is not decoded (a decompression bomb fills memory).
const DECODE_MAX_ALLOC: u64 = 256 * 1024 * 1024;

const EMPTY_VALUE: &str = "—";

#[derive(Debug, Clone, Copy)]
struct Style {
    bold: bool,
    size: f32,
    /// 0 is black, 1 white.
    grey: f32,
}

impl Style {
    fn leading(self) -> f32 {
        self.size * 1.3
    }

    fn font(self) -> BuiltinFont {
        if self.bold {
            BuiltinFont::HelveticaBold
        } else {
            BuiltinFont::Helvetica
        }
    }
}

const TITLE: Style = Style {
    bold: true,
    size: 18.0,
    grey: 0.0,
};
const SUBTITLE: Style = Style {
    bold: false,
    size: 11.0,
    grey: 0.25,
};
const META: Style = Style {
    bold: false,
    size: 9.0,
    grey: 0.4,
};
const LABEL: Style = Style {
    bold: true,
    size: 8.5,
    grey: 0.4,
};
const VALUE: Style = Style {
    bold: false,
    size: 10.5,
    grey: 0.0,
};
const ENTRY: Style = Style {
    bold: true,
    size: 10.0,
    grey: 0.2,
};
const CAPTION: Style = Style {
    bold: false,
    size: 8.0,
    grey: 0.45,
};
const FOOTER: Style = Style {
    bold: false,
    size: 8.0,
    grey: 0.45,
};

fn heading_style(level: u8) -> Style {
    let size = match level {
        0 | 1 => 16.0,
        2 => 14.0,
        3 => 12.0,
        _ => 11.0,
    };
    Style {
        bold: true,
        size,
        grey: 0.1,
    }
}

// --- the writer: a cursor going down the pages ---------------------------------------------

/// A picture added to the document, with the size it is drawn at.
struct Picture {
    id: XObjectId,
    width: f32,
    height: f32,
    /// The file's name, printed under a photo (never under a signature).
    caption: String,
}

/// One file of a Files block as it is printed.
enum FileItem {
    Picture(Picture),
    Name(String),
}

struct Writer<'a> {
    doc: PdfDocument,
    done: Vec<Vec<Op>>,
    ops: Vec<Op>,
    /// Top of the free space on the current page.
    y: f32,
    picture: &'a dyn Fn(&FileRef) -> Option<Vec<u8>>,
}

impl<'a> Writer<'a> {
    fn new(header: &Header<'_>, picture: &'a dyn Fn(&FileRef) -> Option<Vec<u8>>) -> Self {
        let title = format!(
            "{} - registratie {}",
            header.form_name.trim(),
            header.serial_number
        );
        Writer {
            doc: PdfDocument::new(&title),
            done: Vec::new(),
            ops: Vec::new(),
            y: TOP,
            picture,
        }
    }

    fn page_is_empty(&self) -> bool {
        self.y >= TOP
    }

    /// Starts a new page unless `height` still fits; on an empty page it always fits, so
    /// nothing taller than a page can loop.
    fn room(&mut self, height: f32) {
        if self.y - height < BOTTOM && !self.page_is_empty() {
            self.done.push(std::mem::take(&mut self.ops));
            self.y = TOP;
        }
    }

    /// White space, except at the top of a page where it would only push content down.
    fn gap(&mut self, height: f32) {
        if !self.page_is_empty() {
            self.y -= height;
        }
    }

    fn lines(&mut self, text: &str, style: Style, indent: f32) {
        let text = pdf_text(text);
        for line in wrap(text.trim(), style, CONTENT_WIDTH - indent) {
            self.line(&line, style, indent);
        }
    }

    fn line(&mut self, line: &str, style: Style, indent: f32) {
        self.room(style.leading());
        // The baseline sits so that the half-leading is shared above and below the glyphs.
        let baseline = self.y - style.leading() * 0.5 - style.size * 0.35;
        if !line.is_empty() {
            self.ops
                .extend(text_ops(line, style, MARGIN + indent, baseline));
        }
        self.y -= style.leading();
    }

    fn rule(&mut self) {
        let point = |x: f32, y: f32| LinePoint {
            p: Point { x: Pt(x), y: Pt(y) },
            bezier: false,
        };
        self.ops.extend([
            Op::SetOutlineColor { col: grey(0.75) },
            Op::SetOutlineThickness { pt: Pt(0.5) },
            Op::DrawLine {
                line: Line {
                    points: vec![point(MARGIN, self.y), point(PAGE_WIDTH - MARGIN, self.y)],
                    is_closed: false,
                },
            },
        ]);
    }

    fn header(&mut self, header: &Header<'_>) {
        let title = match header.form_name.trim() {
            "" => "Registratie",
            name => name,
        };
        self.lines(title, TITLE, 0.0);
        if !header.client_name.trim().is_empty() {
            self.lines(header.client_name, SUBTITLE, 0.0);
        }
        self.gap(2.0);
        self.lines(&meta_line(header), META, 0.0);
        self.gap(6.0);
        self.rule();
        self.gap(14.0);
    }

    fn blocks(&mut self, blocks: &[Block], indent: f32) {
        for block in blocks {
            match block {
                Block::Heading { level, text } => self.heading(*level, text, indent),
                Block::Field { label, text } => self.field(label, text, indent),
                Block::Files {
                    label,
                    files,
                    signature,
                } => self.files(label, files, *signature, indent),
                Block::Subform { label, entries } => self.subform(label, entries, indent),
            }
        }
    }

    fn heading(&mut self, level: u8, text: &str, indent: f32) {
        let style = heading_style(level);
        self.gap(if level <= 2 { 10.0 } else { 6.0 });
        // A heading alone at the foot of a page reads as if its fields were missing.
        self.room(style.leading() + LABEL.leading() + VALUE.leading());
        self.lines(text, style, indent);
        self.gap(3.0);
    }

    fn label(&mut self, label: &str, indent: f32) {
        if !label.trim().is_empty() {
            self.lines(label, LABEL, indent);
        }
    }

    fn field(&mut self, label: &str, text: &str, indent: f32) {
        self.room(LABEL.leading() + VALUE.leading());
        self.label(label, indent);
        let value = if text.trim().is_empty() {
            EMPTY_VALUE
        } else {
            text
        };
        self.lines(value, VALUE, indent);
        self.gap(FIELD_GAP);
    }

    fn files(&mut self, label: &str, files: &[FileRef], signature: bool, indent: f32) {
        let items: Vec<FileItem> = files
            .iter()
            .map(|file| match self.picture(file, signature, indent) {
                Some(picture) => FileItem::Picture(picture),
                None => FileItem::Name(file_name(file)),
            })
            .collect();
        let first = items
            .first()
            .map_or(VALUE.leading(), |item| item_height(item, signature));
        self.room(LABEL.leading() + first);
        self.label(label, indent);
        if items.is_empty() {
            self.lines(EMPTY_VALUE, VALUE, indent);
        }
        for item in items {
            match item {
                FileItem::Picture(picture) => self.draw(&picture, signature, indent),
                FileItem::Name(name) => self.lines(&name, VALUE, indent),
            }
        }
        self.gap(FIELD_GAP);
    }

    fn subform(&mut self, label: &str, entries: &[Vec<Block>], indent: f32) {
        let title_style = heading_style(3);
        self.gap(6.0);
        self.room(title_style.leading() + ENTRY.leading() + LABEL.leading() + VALUE.leading());
        self.label_as(label, title_style, indent);
        if entries.is_empty() {
            self.lines(EMPTY_VALUE, VALUE, indent);
        }
        let name = match label.trim() {
            "" => "Onderdeel",
            label => label,
        };
        let inner = (indent + INDENT_STEP).min(MAX_INDENT);
        for (index, entry) in entries.iter().enumerate() {
            self.room(ENTRY.leading() + LABEL.leading() + VALUE.leading());
            self.lines(&format!("{name} {}", index + 1), ENTRY, indent);
            self.gap(2.0);
            if entry.is_empty() {
                self.lines(EMPTY_VALUE, VALUE, inner);
                self.gap(FIELD_GAP);
            }
            self.blocks(entry, inner);
        }
        self.gap(4.0);
    }

    fn label_as(&mut self, label: &str, style: Style, indent: f32) {
        if !label.trim().is_empty() {
            self.lines(label, style, indent);
        }
    }

    /// Decodes and adds the picture `file` is, if it is one that can be read.
    fn picture(&mut self, file: &FileRef, signature: bool, indent: f32) -> Option<Picture> {
        if !file.is_picture() {
            return None;
        }
        let bytes = (self.picture)(file)?;
        let max_pixels = if signature {
            SIGNATURE_MAX_PIXELS
        } else {
            PICTURE_MAX_PIXELS
        };
        // Decoders have panicked on hostile files before; one photo must not cost the PDF.
        let decoded = catch_unwind(|| decode_picture(&bytes, max_pixels))
            .ok()
            .flatten();
        let Some(rgb) = decoded else {
            tracing::warn!(file = %file.id, name = %file.filename, "picture not decoded; listed by name");
            return None;
        };
        let (max_width, max_height) = if signature {
            (SIGNATURE_MAX_WIDTH, SIGNATURE_MAX_HEIGHT)
        } else {
            (CONTENT_WIDTH - indent, PICTURE_MAX_HEIGHT)
        };
        let (width, height) = fit(
            rgb.width(),
            rgb.height(),
            max_width.min(CONTENT_WIDTH - indent),
            max_height,
        );
        let id = self.doc.add_image(&raw_image(rgb));
        Some(Picture {
            id,
            width,
            height,
            caption: file_name(file),
        })
    }

    fn draw(&mut self, picture: &Picture, signature: bool, indent: f32) {
        let caption = if signature { 0.0 } else { CAPTION.leading() };
        self.room(picture.height + caption);
        self.gap(2.0);
        self.y -= picture.height;
        self.ops.extend([
            Op::SaveGraphicsState,
            // An image XObject fills the unit square; this matrix makes that square the picture.
            Op::SetTransformationMatrix {
                matrix: CurTransMat::Raw([
                    picture.width,
                    0.0,
                    0.0,
                    picture.height,
                    MARGIN + indent,
                    self.y,
                ]),
            },
            Op::UseXobject {
                id: picture.id.clone(),
                transform: XObjectTransform {
                    no_auto_scale: true,
                    ..XObjectTransform::default()
                },
            },
            Op::RestoreGraphicsState,
        ]);
        if !signature {
            self.lines(&picture.caption, CAPTION, indent);
        }
        self.gap(2.0);
    }

    /// Every page with its footer, in the document.
    fn finish(self, header: &Header<'_>) -> PdfDocument {
        let Writer {
            mut doc,
            mut done,
            ops,
            ..
        } = self;
        done.push(ops);
        let total = done.len();
        let pages = done
            .into_iter()
            .enumerate()
            .map(|(index, mut ops)| {
                ops.extend(footer(header, index + 1, total));
                PdfPage::new(Mm(PAGE_WIDTH_MM), Mm(PAGE_HEIGHT_MM), ops)
            })
            .collect();
        doc.with_pages(pages);
        doc
    }
}

fn item_height(item: &FileItem, signature: bool) -> f32 {
    match item {
        FileItem::Picture(picture) if signature => picture.height,
        FileItem::Picture(picture) => picture.height + CAPTION.leading(),
        FileItem::Name(_) => VALUE.leading(),
    }
}

fn file_name(file: &FileRef) -> String {
    match file.filename.trim() {
        "" => "(bestand zonder naam)".to_owned(),
        name => name.to_owned(),
    }
}

fn meta_line(header: &Header<'_>) -> String {
    let mut parts = vec![format!("Registratie {}", header.serial_number)];
    if !header.date.trim().is_empty() {
        parts.push(header.date.trim().to_owned());
    }
    if let Some(user) = header.username.map(str::trim).filter(|u| !u.is_empty()) {
        parts.push(format!("ingevuld door {user}"));
    }
    parts.join(" · ")
}

fn footer(header: &Header<'_>, page: usize, total: usize) -> Vec<Op> {
    let number = format!("Pagina {page} van {total}");
    let number_x = PAGE_WIDTH - MARGIN - measure(&number, FOOTER);
    let about = pdf_text(&format!(
        "{} · registratie {}",
        header.form_name.trim(),
        header.serial_number
    ));
    let about = truncate(&about, FOOTER, CONTENT_WIDTH * 0.6);
    let mut ops = text_ops(&about, FOOTER, MARGIN, FOOTER_BASELINE);
    ops.extend(text_ops(&number, FOOTER, number_x, FOOTER_BASELINE));
    ops
}

/// `text` must already be [`pdf_text`]: printpdf writes it as WinAnsi bytes.
fn text_ops(text: &str, style: Style, x: f32, baseline: f32) -> Vec<Op> {
    vec![
        Op::StartTextSection,
        Op::SetFont {
            font: PdfFontHandle::Builtin(style.font()),
            size: Pt(style.size),
        },
        Op::SetFillColor {
            col: grey(style.grey),
        },
        Op::SetTextCursor {
            pos: Point {
                x: Pt(x),
                y: Pt(baseline),
            },
        },
        Op::ShowText {
            items: vec![TextItem::Text(text.to_owned())],
        },
        Op::EndTextSection,
    ]
}

fn grey(level: f32) -> Color {
    Color::Greyscale(Greyscale::new(level, None))
}

// --- pictures ------------------------------------------------------------------------------

/// The picture upright (phones store a turn in EXIF), at most `max_pixels` on its longest
/// side, and flat on white: a signature pad's transparent black would otherwise print as a
/// black block wherever a reader ignores the soft mask.
fn decode_picture(bytes: &[u8], max_pixels: u32) -> Option<::image::RgbImage> {
    use ::image::ImageDecoder;

    let mut reader = ::image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()?;
    let mut limits = ::image::Limits::default();
    limits.max_alloc = Some(DECODE_MAX_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().ok()?;
    let orientation = decoder
        .orientation()
        .unwrap_or(::image::metadata::Orientation::NoTransforms);
    let mut image = ::image::DynamicImage::from_decoder(decoder).ok()?;
    image.apply_orientation(orientation);
    if image.width() == 0 || image.height() == 0 {
        return None;
    }
    if image.width().max(image.height()) > max_pixels {
        image = image.thumbnail(max_pixels, max_pixels);
    }
    Some(on_white(&image))
}

fn on_white(image: &::image::DynamicImage) -> ::image::RgbImage {
    if !image.color().has_alpha() {
        return image.to_rgb8();
    }
    let rgba = image.to_rgba8();
    ::image::RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend = |c: u8| {
            let (c, a) = (u16::from(c), u16::from(a));
            // Exact in u16: at most 255 * 255 + 255 * 255.
            ((c * a + 255 * (255 - a)) / 255) as u8
        };
        ::image::Rgb([blend(r), blend(g), blend(b)])
    })
}

fn raw_image(rgb: ::image::RgbImage) -> RawImage {
    RawImage {
        width: rgb.width() as usize,
        height: rgb.height() as usize,
        data_format: RawImageFormat::RGB8,
        pixels: RawImageData::U8(rgb.into_raw()),
        tag: Vec::new(),
    }
}

/// The drawn size: a pixel a point at most (a small picture is not blown up into blur),
/// smaller to fit `max_width` by `max_height`, aspect ratio kept.
fn fit(pixels_wide: u32, pixels_high: u32, max_width: f32, max_height: f32) -> (f32, f32) {
    let (width, height) = (pixels_wide as f32, pixels_high as f32);
    let scale = (max_width / width).min(max_height / height).min(1.0);
    (width * scale, height * scale)
}

// --- text: what WinAnsi can say, and how wide it is -----------------------------------------

/// The characters WinAnsi (CP1252) puts in 0x80..=0x9F, where Latin-1 has control codes.
const WIN_ANSI_HIGH: [(char, u8); 27] = [
    ('€', 0x80),
    ('‚', 0x82),
    ('ƒ', 0x83),
    ('„', 0x84),
    ('…', 0x85),
    ('†', 0x86),
    ('‡', 0x87),
    ('ˆ', 0x88),
    ('‰', 0x89),
    ('Š', 0x8A),
    ('‹', 0x8B),
    ('Œ', 0x8C),
    ('Ž', 0x8E),
    ('\u{2018}', 0x91),
    ('\u{2019}', 0x92),
    ('\u{201C}', 0x93),
    ('\u{201D}', 0x94),
    ('•', 0x95),
    ('–', 0x96),
    ('—', 0x97),
    ('˜', 0x98),
    ('™', 0x99),
    ('š', 0x9A),
    ('›', 0x9B),
    ('œ', 0x9C),
    ('ž', 0x9E),
    ('Ÿ', 0x9F),
];

/// The WinAnsi byte of a printable `c`, as printpdf encodes it.
fn win_ansi(c: char) -> Option<u8> {
    match u32::from(c) {
        code @ (0x20..=0x7E | 0xA0..=0xFF) => u8::try_from(code).ok(),
        _ => WIN_ANSI_HIGH
            .iter()
            .find(|(high, _)| *high == c)
            .map(|(_, byte)| *byte),
    }
}

/// The base letters of Latin Extended-A (U+0100..=U+017F), for the Central and Eastern
/// European names WinAnsi cannot spell; the few it can are looked up before this.
const LATIN_EXTENDED_A: &[u8; 128] = b"AaAaAaCcCcCcCcDd\
DdEeEeEeEeEeGgGg\
GgGgHhHhIiIiIiIi\
IiIiJjKkkLlLlLlL\
lLlNnNnNnnNnOoOo\
OoOoRrRrRrSsSsSs\
SsTtTtTtUuUuUuUu\
UuUuWwYyYZzZzZzs";

/// `text` in what WinAnsi can encode, with newlines kept as `\n`: a character it lacks
/// becomes its nearest spelling (so "ĳsbaan" reads "ijsbaan", not "?sbaan").
fn pdf_text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                out.push('\n');
            }
            '\n' | '\u{2028}' | '\u{2029}' => out.push('\n'),
            '\t' => out.push_str("    "),
            // Non-breaking and typographic spaces: pdftotext and copy-paste want a space.
            '\u{00A0}' | '\u{2000}'..='\u{200A}' | '\u{202F}' | '\u{205F}' | '\u{3000}' => {
                out.push(' ')
            }
            // Invisible marks that would show as a stray hyphen or '?'.
            '\u{00AD}'
            | '\u{200B}'..='\u{200D}'
            | '\u{2060}'
            | '\u{FE00}'..='\u{FE0F}'
            | '\u{FEFF}' => {}
            c if win_ansi(c).is_some() => out.push(c),
            c => push_nearest(&mut out, c),
        }
    }
    out
}

fn push_nearest(out: &mut String, c: char) {
    let spelled = match c {
        'ĳ' => "ij",
        'Ĳ' => "IJ",
        '\u{0100}'..='\u{017F}' => {
            let index = u32::from(c) as usize - 0x100;
            out.push(char::from(LATIN_EXTENDED_A[index]));
            return;
        }
        'Ș' => "S",
        'ș' => "s",
        'Ț' => "T",
        'ț' => "t",
        '\u{2010}'..='\u{2012}' | '\u{2212}' => "-",
        '\u{2015}' => "—",
        '\u{201B}' | '\u{2032}' => "'",
        '\u{201F}' | '\u{2033}' => "\"",
        '\u{2044}' => "/",
        '\u{2116}' => "nr.",
        '\u{2190}' => "<-",
        '\u{2192}' => "->",
        '\u{2248}' => "~",
        '\u{2264}' => "<=",
        '\u{2265}' => ">=",
        '\u{FB00}' => "ff",
        '\u{FB01}' => "fi",
        '\u{FB02}' => "fl",
        '\u{FB03}' => "ffi",
        '\u{FB04}' => "ffl",
        c if c.is_control() => "",
        _ => "?",
    };
    out.push_str(spelled);
}

/// Advance widths in thousandths of an em, by WinAnsi byte.
type Widths = [u16; 256];

fn widths(bold: bool) -> &'static Widths {
    if bold { &HELVETICA_BOLD } else { &HELVETICA }
}

// The metrics a PDF reader uses for the standard fonts (they are not embedded), so a
// measured line is the line drawn.
/// Helvetica, by WinAnsi byte (Adobe's AFM; 0 where WinAnsi has no glyph).
const HELVETICA: Widths = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667,
    611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500,
    222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    350, 556, 350, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350, 350,
    222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 350, 500, 667, 278, 333, 556,
    556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 556,
    537, 278, 333, 333, 365, 556, 834, 834, 834, 611, 667, 667, 667, 667, 667, 667, 1000, 722, 667,
    667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722,
    722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278,
    278, 556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,
];
/// Helvetica-Bold, likewise.
const HELVETICA_BOLD: Widths = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556,
    556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667,
    611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667,
    667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556,
    278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    350, 556, 350, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 350, 611, 350, 350,
    278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 350, 500, 667, 278, 333, 556,
    556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333, 400, 584, 333, 333, 333, 611,
    556, 278, 333, 333, 365, 556, 834, 834, 834, 611, 722, 722, 722, 722, 722, 722, 1000, 722, 667,
    667, 667, 667, 278, 278, 278, 278, 722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722,
    722, 667, 667, 611, 556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278,
    278, 611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,
];

fn measure(text: &str, style: Style) -> f32 {
    let table = widths(style.bold);
    let thousandths: u32 = text
        .chars()
        .map(|c| u32::from(table[usize::from(win_ansi(c).unwrap_or(b'?'))]))
        .sum();
    thousandths as f32 * style.size / 1000.0
}

/// `text` cut to `max_width`, with an ellipsis where it was cut.
fn truncate(text: &str, style: Style, max_width: f32) -> String {
    if measure(text, style) <= max_width {
        return text.to_owned();
    }
    let mut cut: String = text.to_owned();
    while !cut.is_empty() && measure(&format!("{cut}…"), style) > max_width {
        cut.pop();
    }
    format!("{}…", cut.trim_end())
}

/// Lines of at most `max_width`: broken between words, within a word only when it is
/// longer than a line, and at every `\n` of the text (an empty line stays one).
fn wrap(text: &str, style: Style, max_width: f32) -> Vec<String> {
    let space = measure(" ", style);
    let mut lines = Vec::new();
    for paragraph in text.split('\n') {
        let mut line = String::new();
        let mut width = 0.0;
        for word in paragraph.split(' ').filter(|word| !word.is_empty()) {
            let word_width = measure(word, style);
            if line.is_empty() || width + space + word_width > max_width {
                if !line.is_empty() {
                    lines.push(std::mem::take(&mut line));
                }
                if word_width > max_width {
                    line = break_word(word, style, max_width, &mut lines);
                    width = measure(&line, style);
                } else {
                    line = word.to_owned();
                    width = word_width;
                }
            } else {
                line.push(' ');
                line.push_str(word);
                width += space + word_width;
            }
        }
        lines.push(line);
    }
    lines
}

/// Pushes the full-width pieces of `word` to `lines` and answers the rest.
fn break_word(word: &str, style: Style, max_width: f32, lines: &mut Vec<String>) -> String {
    let mut piece = String::new();
    let mut width = 0.0;
    for c in word.chars() {
        let char_width = measure(c.encode_utf8(&mut [0; 4]), style);
        if !piece.is_empty() && width + char_width > max_width {
            lines.push(std::mem::take(&mut piece));
            width = 0.0;
        }
        piece.push(c);
        width += char_width;
    }
    piece
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;
    use std::path::Path;
    use std::process::Command;
    use std::time::Instant;

    fn field(label: &str, text: &str) -> Block {
        Block::Field {
            label: label.into(),
            text: text.into(),
        }
    }

    fn file(id: &str, filename: &str, mime: &str) -> FileRef {
        FileRef {
            id: id.into(),
            filename: filename.into(),
            mime: mime.into(),
        }
    }

    fn encoded(image: ::image::DynamicImage, format: ::image::ImageFormat) -> Vec<u8> {
        let mut bytes = Cursor::new(Vec::new());
        image.write_to(&mut bytes, format).unwrap();
        bytes.into_inner()
    }

    fn photo_png() -> Vec<u8> {
        let image = ::image::RgbImage::from_fn(240, 160, |x, y| {
            ::image::Rgb([(x % 256) as u8, (y % 256) as u8, 128])
        });
        encoded(image.into(), ::image::ImageFormat::Png)
    }

    fn photo_jpeg() -> Vec<u8> {
        // Taller than a third of the page, so fitting it has to shrink it.
        let image = ::image::RgbImage::from_fn(300, 900, |x, y| {
            ::image::Rgb([200, (x % 256) as u8, (y % 256) as u8])
        });
        encoded(image.into(), ::image::ImageFormat::Jpeg)
    }

    fn signature_png() -> Vec<u8> {
        let image = ::image::RgbaImage::from_fn(600, 200, |x, y| {
            let ink = (y as i64 - 100 - (x as i64 - 300) / 4).abs() < 3;
            ::image::Rgba([0, 0, 0, if ink { 255 } else { 0 }])
        });
        encoded(image.into(), ::image::ImageFormat::Png)
    }

    fn header() -> Header<'static> {
        Header {
            client_name: "Gemeente Zuidermeer",
            form_name: "Melding openbare ruimte",
            serial_number: 12,
            date: "25 nov 2026 14:07",
            username: Some("jan@example.nl"),
        }
    }

    fn layout() -> Vec<Block> {
        let mut blocks = vec![
            Block::Heading {
                level: 1,
                text: "Uw melding".into(),
            },
            field(
                "Omschrijving",
                "Straatverlichting kapot bij de ĳsbaan, €12,50, coördinaten",
            ),
            field(
                "Toelichting",
                "Eerste regel\nTweede regel: café, ruïne, één",
            ),
            field(
                "Lange tekst",
                &"Dit is een lange omschrijving die over meerdere regels loopt. ".repeat(8),
            ),
            Block::Files {
                label: "Foto's".into(),
                files: vec![
                    file("png", "lantaarnpaal.png", "image/png"),
                    file("jpg", "overzicht.jpg", "image/jpeg"),
                    file("pdf", "proces-verbaal.pdf", "application/pdf"),
                ],
                signature: false,
            },
            Block::Subform {
                label: "Onderdelen".into(),
                entries: vec![
                    vec![field("Naam onderdeel", "Kap"), field("Aantal", "2")],
                    vec![field("Naam onderdeel", "Lamp"), field("Aantal", "1")],
                ],
            },
        ];
        for n in 1..=80 {
            blocks.push(field(&format!("Veld {n}"), &format!("Waarde nummer {n}")));
        }
        blocks.push(Block::Files {
            label: "Handtekening".into(),
            files: vec![file("sig", "handtekening.png", "image/png")],
            signature: true,
        });
        blocks
    }

    fn run(program: &str, args: &[&str], pdf: &Path) -> String {
        let output = Command::new(program).args(args).arg(pdf).arg("-").output();
        let output = output.unwrap_or_else(|err| panic!("{program}: {err}"));
        assert!(output.status.success(), "{program}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    fn run_plain(program: &str, pdf: &Path) -> String {
        let output = Command::new(program).arg(pdf).output().unwrap();
        assert!(output.status.success(), "{program}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    fn write(dir: &Path, bytes: &[u8]) -> std::path::PathBuf {
        let path = dir.join("registratie.pdf");
        std::fs::write(&path, bytes).unwrap();
        path
    }

    #[test]
    fn a_long_registration_reads_back_with_its_pictures_and_dutch_text() {
        let files: HashMap<&str, Vec<u8>> = [
            ("png", photo_png()),
            ("jpg", photo_jpeg()),
            ("sig", signature_png()),
        ]
        .into();
        let picture = |file: &FileRef| files.get(file.id.as_str()).cloned();
        let blocks = layout();

        let started = Instant::now();
        let bytes = registration_pdf(&header(), &blocks, &picture).unwrap();
        eprintln!(
            "registration PDF: {} fields, {} bytes in {:?}",
            80 + 6,
            bytes.len(),
            started.elapsed()
        );

        let dir = tempfile::tempdir().unwrap();
        let pdf = write(dir.path(), &bytes);
        let text = run("/usr/bin/pdftotext", &["-layout"], &pdf);
        for expected in [
            "Melding openbare ruimte",
            "Gemeente Zuidermeer",
            "Registratie 12 · 25 nov 2026 14:07 · ingevuld door jan@example.nl",
            "Uw melding",
            "Omschrijving",
            "Straatverlichting kapot bij de ijsbaan, €12,50, coördinaten",
            "Eerste regel",
            "Tweede regel: café, ruïne, één",
            "Onderdelen 1",
            "Onderdelen 2",
            "Lamp",
            "Veld 1",
            "Waarde nummer 80",
            "proces-verbaal.pdf",
            "lantaarnpaal.png",
            "Pagina 1 van",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
        assert!(!text.contains('?'), "an unencodable character:\n{text}");
        assert!(
            !text.contains("handtekening.png"),
            "a drawn signature is not listed:\n{text}"
        );

        let info = run_plain("/usr/bin/pdfinfo", &pdf);
        let pages: usize = info
            .lines()
            .find_map(|line| line.strip_prefix("Pages:"))
            .unwrap()
            .trim()
            .parse()
            .unwrap();
        assert!(pages > 1, "{info}");
        assert!(
            text.contains(&format!("Pagina {pages} van {pages}")),
            "{text}"
        );
        assert!(info.contains("(A4)"), "A4 portrait: {info}");

        let list = run_plain_args("/usr/bin/pdfimages", &["-list"], &pdf);
        let drawn: Vec<&str> = list
            .lines()
            .skip(2)
            .filter(|line| line.split_whitespace().nth(2) == Some("image"))
            .collect();
        assert_eq!(drawn.len(), 3, "{list}");
        // The JPEG is scaled down to a third of the page height, not stretched or cut.
        assert!(list.lines().skip(2).all(|l| !l.contains("smask")), "{list}");
    }

    fn run_plain_args(program: &str, args: &[&str], pdf: &Path) -> String {
        let output = Command::new(program).args(args).arg(pdf).output().unwrap();
        assert!(output.status.success(), "{program}: {output:?}");
        String::from_utf8(output.stdout).unwrap()
    }

    #[test]
    fn a_broken_or_unreadable_picture_is_listed_by_name() {
        let blocks = vec![
            Block::Files {
                label: "Foto".into(),
                files: vec![
                    file("kapot", "kapotte-foto.jpg", "image/jpeg"),
                    file("weg", "verdwenen-foto.png", "image/png"),
                ],
                signature: false,
            },
            Block::Files {
                label: "Handtekening".into(),
                files: vec![file("kapot", "handtekening.png", "image/png")],
                signature: true,
            },
        ];
        let picture = |file: &FileRef| (file.id == "kapot").then(|| b"geen plaatje".to_vec());
        let bytes = registration_pdf(&header(), &blocks, &picture).unwrap();

        let dir = tempfile::tempdir().unwrap();
        let pdf = write(dir.path(), &bytes);
        let text = run("/usr/bin/pdftotext", &["-layout"], &pdf);
        for expected in [
            "kapotte-foto.jpg",
            "verdwenen-foto.png",
            "handtekening.png",
            "Pagina 1 van 1",
        ] {
            assert!(
                text.contains(expected),
                "{expected:?} missing from:\n{text}"
            );
        }
        let list = run_plain_args("/usr/bin/pdfimages", &["-list"], &pdf);
        assert_eq!(list.lines().count(), 2, "no image drawn: {list}");
    }

    #[test]
    fn an_empty_registration_still_says_what_it_is() {
        let bytes = registration_pdf(&header(), &[], &|_: &FileRef| None).unwrap();
        let dir = tempfile::tempdir().unwrap();
        let pdf = write(dir.path(), &bytes);
        let text = run("/usr/bin/pdftotext", &["-layout"], &pdf);
        assert!(text.contains("Melding openbare ruimte"), "{text}");
        assert!(text.contains("geen gegevens"), "{text}");
    }

    #[test]
    fn no_line_is_drawn_outside_the_content_area() {
        let picture = |file: &FileRef| match file.id.as_str() {
            "png" => Some(photo_png()),
            "jpg" => Some(photo_jpeg()),
            _ => None,
        };
        let mut writer = Writer::new(&header(), &picture);
        writer.header(&header());
        writer.blocks(&layout(), 0.0);
        let pages = writer.finish(&header()).pages;
        assert!(pages.len() > 2);
        for (index, page) in pages.iter().enumerate() {
            let mut texts = 0;
            for op in &page.ops {
                match op {
                    Op::SetTextCursor { pos } => {
                        texts += 1;
                        let footer = (pos.y.0 - FOOTER_BASELINE).abs() < 0.01;
                        assert!(
                            footer || (pos.y.0 >= BOTTOM && pos.y.0 <= TOP),
                            "page {index}: a line at {}",
                            pos.y.0
                        );
                    }
                    Op::SetTransformationMatrix {
                        matrix: CurTransMat::Raw([w, _, _, h, x, y]),
                    } => {
                        assert!(*y >= BOTTOM && y + h <= TOP, "page {index}: picture at {y}");
                        assert!(x + w <= PAGE_WIDTH - MARGIN + 0.01, "too wide: {w}");
                        assert!(*h <= PICTURE_MAX_HEIGHT + 0.01, "too tall: {h}");
                    }
                    _ => {}
                }
            }
            assert!(texts > 2, "page {index} has only its footer");
        }
    }

    #[test]
    fn widths_are_helveticas() {
        // Adobe's Helvetica and Helvetica-Bold AFM widths.
        for (c, regular, bold) in [
            (' ', 278, 278),
            ('a', 556, 556),
            ('i', 222, 278),
            ('m', 833, 889),
            ('W', 944, 944),
            ('€', 556, 556),
            ('é', 556, 556),
        ] {
            let byte = usize::from(win_ansi(c).unwrap());
            assert_eq!(widths(false)[byte], regular, "{c}");
            assert_eq!(widths(true)[byte], bold, "{c} bold");
        }
    }

    #[test]
    fn wrapped_lines_fit_and_keep_newlines() {
        let text = pdf_text(&format!(
            "kort\n\n{} {}",
            "woorden die samen te lang zijn voor één regel".repeat(3),
            "x".repeat(200)
        ));
        let lines = wrap(&text, VALUE, 200.0);
        assert_eq!(&lines[..2], ["kort", ""]);
        assert!(lines.len() > 5, "{lines:?}");
        for line in &lines {
            assert!(measure(line, VALUE) <= 200.0, "{line:?}");
        }
        let rejoined: String = lines[2..].concat().replace(' ', "");
        assert_eq!(rejoined, text[6..].replace(' ', ""), "no character lost");
    }

    #[test]
    fn dutch_and_other_characters_become_win_ansi() {
        assert_eq!(
            pdf_text("ĳsbaan Ĳmuiden é ë ï ö ü €5\r\nŁódź – ½"),
            "ijsbaan IJmuiden é ë ï ö ü €5\nLódz – ½"
        );
        assert_eq!(pdf_text("a\u{00A0}b\u{00AD}c\u{200B}d 😀"), "a bcd ?");
        assert!(pdf_text("İıŉſ").chars().all(|c| win_ansi(c).is_some()));
    }
}
