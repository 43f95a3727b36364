//! The HTML allowed in registration summaries: `p, strong, em, a (href, target), br, ul, li,
//! ol` (spec, document 000 section 3). Everything else is reduced to its text.
//!
//! A small tokenizer instead of a parser library: the allowed set is tiny and the output is
//! rebuilt from scratch (tags are written by us, text is re-escaped), so nothing the input
//! smuggles in survives; malformed input degrades to escaped text. Open tags are closed and
//! stray end tags dropped so a summary cannot break the page it is shown in.
//!
//! Twin: `web/src/lib/form-logic/sanitize.ts`; both run `domain/testdata/sanitize.json`.

use crate::tokens::escape_html;

const ALLOWED: [&str; 8] = ["p", "strong", "em", "a", "br", "ul", "li", "ol"];
/// Elements whose content is code, not text: dropped with their content.
const RAW_TEXT: [&str; 2] = ["script", "style"];
const URL_SCHEMES: [&str; 3] = ["http://", "https://", "mailto:"];
const TARGETS: [&str; 4] = ["_blank", "_self", "_parent", "_top"];

/// Sanitizes summary HTML; see the module documentation for what is kept.
pub fn sanitize_summary_html(input: &str) -> String {
    let bytes = input.as_bytes();
    let lower = input.to_ascii_lowercase();
    let mut out = String::with_capacity(input.len());
    let mut open: Vec<&'static str> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'<' => {
                if input[i..].starts_with("<!--") {
                    i = input[i + 4..]
                        .find("-->")
                        .map_or(bytes.len(), |end| i + 4 + end + 3);
                    continue;
                }
                if matches!(bytes.get(i + 1), Some(b'!' | b'?')) {
                    // Doctype, CDATA or processing instruction: never content.
                    match input[i..].find('>') {
                        Some(end) => i += end + 1,
                        None => {
                            out.push_str("&lt;");
                            i += 1;
                        }
                    }
                    continue;
                }
                let Some(tag) = parse_tag(input, i) else {
                    out.push_str("&lt;");
                    i += 1;
                    continue;
                };
                i = tag.end;
                if !tag.closing && RAW_TEXT.contains(&tag.name.as_str()) {
                    let close = format!("</{}", tag.name);
                    i = match lower[i..].find(&close) {
                        Some(at) => lower[i + at..]
                            .find('>')
                            .map_or(bytes.len(), |gt| i + at + gt + 1),
                        None => bytes.len(),
                    };
                    continue;
                }
                write_tag(&tag, &mut out, &mut open);
            }
            b'>' => {
                out.push_str("&gt;");
                i += 1;
            }
            b'&' => {
                let len = entity_len(&input[i..]);
                if len > 0 {
                    out.push_str(&input[i..i + len]);
                    i += len;
                } else {
                    out.push_str("&amp;");
                    i += 1;
                }
            }
            0 => i += 1,
            _ => {
                let Some(c) = input[i..].chars().next() else {
                    break;
                };
                out.push(c);
                i += c.len_utf8();
            }
        }
    }
    for name in open.iter().rev() {
        out.push_str("</");
        out.push_str(name);
        out.push('>');
    }
    out
}

struct Tag {
    name: String,
    closing: bool,
    attributes: Vec<(String, String)>,
    /// Byte index just after the tag's `>`.
    end: usize,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\x0c' | b'\r')
}

/// Reads the tag starting at `start` (a `<`). `None` when it is not a tag (`< 3`, `<>`) or
/// never closes; the `<` is then text.
fn parse_tag(input: &str, start: usize) -> Option<Tag> {
    let b = input.as_bytes();
    let mut j = start + 1;
    let closing = b.get(j) == Some(&b'/');
    if closing {
        j += 1;
    }
    if !b.get(j).is_some_and(u8::is_ascii_alphabetic) {
        return None;
    }
    let name_start = j;
    while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'-') {
        j += 1;
    }
    let name = input[name_start..j].to_ascii_lowercase();
    let mut attributes = Vec::new();
    loop {
        while j < b.len() && (is_space(b[j]) || b[j] == b'/') {
            j += 1;
        }
        match b.get(j) {
            None => return None,
            Some(b'>') => {
                return Some(Tag {
                    name,
                    closing,
                    attributes,
                    end: j + 1,
                });
            }
            Some(_) => {}
        }
        let attr_start = j;
        j += 1;
        while j < b.len() && !(is_space(b[j]) || matches!(b[j], b'/' | b'>' | b'=')) {
            j += 1;
        }
        // Advancing byte by byte may stop inside a multi-byte character only when the name
        // is one byte of it; `get` keeps that from panicking.
        let attr_name = input
            .get(attr_start..j)
            .unwrap_or_default()
            .to_ascii_lowercase();
        while j < b.len() && is_space(b[j]) {
            j += 1;
        }
        let mut value = String::new();
        if b.get(j) == Some(&b'=') {
            j += 1;
            while j < b.len() && is_space(b[j]) {
                j += 1;
            }
            match b.get(j) {
                None => return None,
                Some(&quote) if quote == b'"' || quote == b'\'' => {
                    let close = input[j + 1..].find(char::from(quote))?;
                    value = input[j + 1..j + 1 + close].to_owned();
                    j += close + 2;
                }
                Some(_) => {
                    let value_start = j;
                    while j < b.len() && !is_space(b[j]) && b[j] != b'>' {
                        j += 1;
                    }
                    value = input[value_start..j].to_owned();
                }
            }
        }
        attributes.push((attr_name, value));
    }
}

fn write_tag(tag: &Tag, out: &mut String, open: &mut Vec<&'static str>) {
    let Some(name) = ALLOWED.iter().copied().find(|allowed| *allowed == tag.name) else {
        return;
    };
    if tag.closing {
        if name != "br" && open.contains(&name) {
            while let Some(closed) = open.pop() {
                out.push_str("</");
                out.push_str(closed);
                out.push('>');
                if closed == name {
                    break;
                }
            }
        }
        return;
    }
    out.push('<');
    out.push_str(name);
    if name == "a" {
        let first = |wanted: &str| {
            tag.attributes
                .iter()
                .find(|(n, _)| n == wanted)
                .map(|(_, v)| v)
        };
        if let Some(href) = first("href").and_then(|raw| safe_href(raw)) {
            out.push_str(" href=\"");
            out.push_str(&escape_html(&href));
            out.push('"');
        }
        let target = first("target").map(|raw| raw.trim().to_ascii_lowercase());
        if let Some(target) = target.filter(|t| TARGETS.contains(&t.as_str())) {
            out.push_str(" target=\"");
            out.push_str(&target);
            out.push('"');
        }
    }
    out.push('>');
    if name != "br" {
        open.push(name);
    }
}

/// The link target when it is an http, https or mailto URL. Entities are decoded and control
/// characters and spaces ignored for the check, as a browser does before it follows the link,
/// so `java&#x09;script:` and `&#106;avascript:` are caught.
fn safe_href(raw: &str) -> Option<String> {
    let decoded = decode_entities(raw);
    let trimmed = decoded.trim_matches(|c: char| c <= ' ');
    let compact: String = trimmed
        .chars()
        .filter(|c| *c > ' ')
        .collect::<String>()
        .to_ascii_lowercase();
    URL_SCHEMES
        .iter()
        .any(|scheme| compact.starts_with(scheme))
        .then(|| trimmed.to_owned())
}

/// Length of a character reference at the start of `text` (`&amp;`, `&#39;`, `&#x27;`), or
/// 0 when the `&` starts none and must be escaped.
fn entity_len(text: &str) -> usize {
    let b = text.as_bytes();
    let run = |from: usize, accept: fn(&u8) -> bool| {
        b[from.min(b.len())..]
            .iter()
            .take_while(|c| accept(c))
            .count()
    };
    let (body_start, digits, max) = match (b.get(1), b.get(2)) {
        (Some(b'#'), Some(b'x' | b'X')) => (3, run(3, u8::is_ascii_hexdigit), 6),
        (Some(b'#'), _) => (2, run(2, u8::is_ascii_digit), 7),
        (Some(c), _) if c.is_ascii_alphabetic() => (1, run(1, u8::is_ascii_alphanumeric), 32),
        _ => return 0,
    };
    let end = body_start + digits;
    if digits == 0 || digits > max || b.get(end) != Some(&b';') {
        return 0;
    }
    end + 1
}

/// Decodes the character references that matter for URL checks: numeric ones (with or
/// without `;`, as browsers accept) and the five XML names. Others stay as written.
fn decode_entities(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let (decoded, consumed) = decode_one(tail);
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &tail[consumed..];
            }
            None => {
                out.push('&');
                rest = &tail[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

fn decode_one(tail: &str) -> (Option<char>, usize) {
    let b = tail.as_bytes();
    if b.get(1) == Some(&b'#') {
        let hex = matches!(b.get(2), Some(b'x' | b'X'));
        let start = if hex { 3 } else { 2 };
        let digits = b[start.min(b.len())..]
            .iter()
            .take_while(|c| {
                if hex {
                    c.is_ascii_hexdigit()
                } else {
                    c.is_ascii_digit()
                }
            })
            .count();
        if digits == 0 {
            return (None, 0);
        }
        let radix = if hex { 16 } else { 10 };
        let code = tail[start..start + digits]
            .chars()
            .filter_map(|c| c.to_digit(radix))
            .fold(0_u32, |acc, d| acc.saturating_mul(radix).saturating_add(d));
        let c = char::from_u32(code)
            .filter(|c| *c != '\0')
            .unwrap_or('\u{fffd}');
        let semicolon = usize::from(b.get(start + digits) == Some(&b';'));
        return (Some(c), start + digits + semicolon);
    }
    for (name, c) in [
        ("&amp;", '&'),
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&quot;", '"'),
        ("&apos;", '\''),
    ] {
        // Bytes, not a str slice: the cut may fall inside a multi-byte character.
        if b.get(..name.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(name.as_bytes()))
        {
            return (Some(c), name.len());
        }
    }
    (None, 0)
}

#[cfg(test)]
// A failed unwrap is a failed test, which is what we want here.
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct Case {
        name: String,
        input: String,
        expected: String,
    }

    #[test]
    fn shared_vectors() {
        crate::vectors::run(
            include_str!("../testdata/sanitize.json"),
            |case: &Case, failures: &mut Vec<String>| {
                let got = sanitize_summary_html(&case.input);
                if got != case.expected {
                    failures.push(format!(
                        "{}:\n   got      {got:?}\n   expected {:?}",
                        case.name, case.expected
                    ));
                }
            },
        );
    }

    #[test]
    fn output_is_stable() {
        // Sanitizing twice changes nothing: what comes out is already in the allowed form.
        for input in [
            "<p onclick=x>a &amp; b <a href='https://x.nl?a=1&b=2' target=_BLANK>l</a></p>",
            "<<script>>x</script>< p>&<br/>",
            "<ul><li>één<li>twee</ul></ol>",
        ] {
            let once = sanitize_summary_html(input);
            assert_eq!(sanitize_summary_html(&once), once, "{input}");
        }
    }
}
