//! Stored values read as they are stored: the members of a JSON object as slices of its
//! text, without building a value tree or going through serde's visitors. An export reads a
//! million registrations of fifty fields; serde_json's `RawValue` road cost about 4 µs a
//! registration, this scanner a fraction of that.
//!
//! It accepts and refuses exactly what `serde_json` does when it reads an object of raw
//! values (tested against it on random and broken texts): a text that is not one valid JSON
//! object, with nothing but whitespace around it, is refused as a whole.

use std::borrow::Cow;

/// The text is not exactly one valid JSON object.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Invalid;

/// Calls `member(name, value)` for each member of the JSON object `text`, in the order they
/// are written, with the value as its JSON text. Names are borrowed from the text unless they
/// hold escapes. On [`Invalid`] some members may have been given already; the caller drops
/// what it took from them (serde_json would have given nothing).
pub fn for_each_member<'a>(
    text: &'a str,
    mut member: impl FnMut(Cow<'a, str>, &'a str),
) -> Result<(), Invalid> {
    let bytes = text.as_bytes();
    let mut at = skip_ws(bytes, 0);
    if bytes.get(at) != Some(&b'{') {
        return Err(Invalid);
    }
    at = skip_ws(bytes, at + 1);
    if bytes.get(at) == Some(&b'}') {
        return finish(bytes, at + 1);
    }
    loop {
        if bytes.get(at) != Some(&b'"') {
            return Err(Invalid);
        }
        let (end, escaped) = string_end(bytes, at)?;
        let name = if escaped {
            // A name is read as a string (serde checks its escapes fully, surrogates too).
            Cow::Owned(serde_json::from_str::<String>(&text[at..end]).map_err(|_| Invalid)?)
        } else {
            Cow::Borrowed(&text[at + 1..end - 1])
        };
        at = skip_ws(bytes, end);
        if bytes.get(at) != Some(&b':') {
            return Err(Invalid);
        }
        let start = skip_ws(bytes, at + 1);
        let end = value_end(bytes, start)?;
        member(name, &text[start..end]);
        at = skip_ws(bytes, end);
        match bytes.get(at) {
            Some(b',') => at = skip_ws(bytes, at + 1),
            Some(b'}') => return finish(bytes, at + 1),
            _ => return Err(Invalid),
        }
    }
}

/// The text of a JSON string without its quotes when it holds no escapes: most stored texts,
/// read without copying. None for anything else (escapes, not a string). `raw` is valid
/// JSON (a member [`for_each_member`] gave, a `RawValue`), so only a backslash can be in
/// the way.
pub fn plain_string(raw: &str) -> Option<&str> {
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    (find_any(inner.as_bytes(), 0, [b'\\']) == inner.len()).then_some(inner)
}

/// Eight bytes at a time (SWAR): each byte of a word compared at once.
mod swar {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;

    /// The high bit of every byte of `word` that equals `byte` (exact up to the first one).
    #[inline]
    pub fn equal(word: u64, byte: u8) -> u64 {
        let x = word ^ (LO * u64::from(byte));
        x.wrapping_sub(LO) & !x & HI
    }

    /// The high bit of every byte of `word` below `limit` (at most 128; exact up to the
    /// first one).
    #[inline]
    pub fn below(word: u64, limit: u8) -> u64 {
        word.wrapping_sub(LO * u64::from(limit)) & !word & HI
    }

    /// The word of the eight bytes at `at`, if there are eight.
    #[inline]
    fn word(bytes: &[u8], at: usize) -> Option<u64> {
        let eight: [u8; 8] = bytes.get(at..at + 8)?.try_into().ok()?;
        Some(u64::from_le_bytes(eight))
    }

    /// The first position from `at` where `hits` flags a byte of a word (`hit` says the
    /// same of one byte), or the length. The last bytes are read as the word that ends the
    /// text, its bytes before `at` masked off: no copying, no byte-by-byte loop, but for a
    /// text shorter than a word.
    #[inline]
    pub fn find(
        bytes: &[u8],
        mut at: usize,
        hits: impl Fn(u64) -> u64,
        hit: impl Fn(u8) -> bool,
    ) -> usize {
        while let Some(word) = word(bytes, at) {
            let flagged = hits(word);
            if flagged != 0 {
                return at + (flagged.trailing_zeros() / 8) as usize;
            }
            at += 8;
        }
        if at >= bytes.len() {
            return bytes.len();
        }
        let last = bytes.len().saturating_sub(8);
        match word(bytes, last) {
            // The bytes before `at` were no hits, so none of them flags a byte after it.
            Some(word) => {
                let flagged = hits(word) & (u64::MAX << (8 * (at - last)));
                if flagged == 0 {
                    bytes.len()
                } else {
                    last + (flagged.trailing_zeros() / 8) as usize
                }
            }
            None => bytes[at..]
                .iter()
                .position(|&b| hit(b))
                .map_or(bytes.len(), |offset| at + offset),
        }
    }
}

/// The first position from `at` that holds one of `targets` (each below 128), or the
/// length: what a CSV writer needs to know before it decides to quote a cell.
pub fn find_any<const N: usize>(bytes: &[u8], at: usize, targets: [u8; N]) -> usize {
    swar::find(
        bytes,
        at,
        |word| {
            targets
                .iter()
                .fold(0, |hits, &target| hits | swar::equal(word, target))
        },
        |byte| targets.contains(&byte),
    )
}

/// The first position from `at` inside a string that ends its plain run: a quote, a
/// backslash or a control character; or the length.
fn plain_run_end(bytes: &[u8], at: usize) -> usize {
    swar::find(
        bytes,
        at,
        |word| swar::equal(word, b'"') | swar::equal(word, b'\\') | swar::below(word, 0x20),
        |byte| byte == b'"' || byte == b'\\' || byte < 0x20,
    )
}

/// Only whitespace may follow the object.
fn finish(bytes: &[u8], at: usize) -> Result<(), Invalid> {
    if skip_ws(bytes, at) == bytes.len() {
        Ok(())
    } else {
        Err(Invalid)
    }
}

fn skip_ws(bytes: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\n' | b'\r') = bytes.get(at) {
        at += 1;
    }
    at
}

/// The end (past the closing quote) of the string starting at `at`, and whether it holds
/// escapes. Control characters are refused, as serde_json refuses them.
fn string_end(bytes: &[u8], at: usize) -> Result<(usize, bool), Invalid> {
    let mut i = at + 1;
    let mut escaped = false;
    loop {
        i = plain_run_end(bytes, i);
        match bytes.get(i) {
            Some(b'"') => return Ok((i + 1, escaped)),
            Some(b'\\') => {
                escaped = true;
                match bytes.get(i + 1) {
                    Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => i += 2,
                    Some(b'u') => {
                        let hex = bytes.get(i + 2..i + 6).ok_or(Invalid)?;
                        if !hex.iter().all(u8::is_ascii_hexdigit) {
                            return Err(Invalid);
                        }
                        i += 6;
                    }
                    _ => return Err(Invalid),
                }
            }
            Some(0x00..=0x1f) | None => return Err(Invalid),
            Some(_) => i += 1,
        }
    }
}

/// The end of the number starting at `at`: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
fn number_end(bytes: &[u8], at: usize) -> Result<usize, Invalid> {
    let digits = |mut i: usize| {
        let from = i;
        while bytes.get(i).is_some_and(u8::is_ascii_digit) {
            i += 1;
        }
        (i > from).then_some(i).ok_or(Invalid)
    };
    let mut i = at;
    if bytes.get(i) == Some(&b'-') {
        i += 1;
    }
    i = match bytes.get(i) {
        Some(b'0') => i + 1,
        Some(b'1'..=b'9') => digits(i)?,
        _ => return Err(Invalid),
    };
    if bytes.get(i) == Some(&b'.') {
        i = digits(i + 1)?;
    }
    if let Some(b'e' | b'E') = bytes.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = bytes.get(i) {
            i += 1;
        }
        i = digits(i)?;
    }
    Ok(i)
}

/// The end of the JSON value starting at `at`. Nested arrays and objects are walked with a
/// stack of their own, so no text can exhaust the thread's stack.
fn value_end(bytes: &[u8], at: usize) -> Result<usize, Invalid> {
    // The containers open around the current position: b']' or b'}' each.
    let mut open: Vec<u8> = Vec::new();
    let mut i = at;
    loop {
        // A value starts at `i`.
        i = skip_ws(bytes, i);
        let mut end = match bytes.get(i) {
            Some(b'"') => string_end(bytes, i)?.0,
            Some(b'-' | b'0'..=b'9') => number_end(bytes, i)?,
            Some(b't') if bytes[i..].starts_with(b"true") => i + 4,
            Some(b'f') if bytes[i..].starts_with(b"false") => i + 5,
            Some(b'n') if bytes[i..].starts_with(b"null") => i + 4,
            Some(b'[') => {
                let next = skip_ws(bytes, i + 1);
                if bytes.get(next) == Some(&b']') {
                    next + 1
                } else {
                    open.push(b']');
                    i = next;
                    continue;
                }
            }
            Some(b'{') => {
                let next = skip_ws(bytes, i + 1);
                if bytes.get(next) == Some(&b'}') {
                    next + 1
                } else {
                    open.push(b'}');
                    i = member_value(bytes, next)?;
                    continue;
                }
            }
            _ => return Err(Invalid),
        };
        // After a value: close containers or go on to the next element or member.
        loop {
            let Some(&close) = open.last() else {
                return Ok(end);
            };
            let next = skip_ws(bytes, end);
            match bytes.get(next) {
                Some(b',') if close == b']' => {
                    i = next + 1;
                    break;
                }
                Some(b',') => {
                    i = member_value(bytes, skip_ws(bytes, next + 1))?;
                    break;
                }
                Some(&byte) if byte == close => {
                    open.pop();
                    end = next + 1;
                }
                _ => return Err(Invalid),
            }
        }
    }
}

/// Past the name and colon of an object member starting at `at`: where its value starts.
fn member_value(bytes: &[u8], at: usize) -> Result<usize, Invalid> {
    if bytes.get(at) != Some(&b'"') {
        return Err(Invalid);
    }
    // A nested name is only skipped, as serde_json skips it: its escapes are checked for
    // their form, not read.
    let (end, _) = string_end(bytes, at)?;
    let colon = skip_ws(bytes, end);
    if bytes.get(colon) != Some(&b':') {
        return Err(Invalid);
    }
    Ok(colon + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::de::{DeserializeSeed, MapAccess, Visitor};
    use serde_json::value::RawValue;

    /// What serde_json reads of a text as a map of raw values, or None when it refuses it.
    fn serde_members(text: &str) -> Option<Vec<(String, String)>> {
        struct Members;
        impl<'de> Visitor<'de> for Members {
            type Value = Vec<(String, String)>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Self::Value, M::Error> {
                let mut out = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    let value = map.next_value::<&'de RawValue>()?;
                    out.push((key, value.get().to_owned()));
                }
                Ok(out)
            }
        }
        impl<'de> DeserializeSeed<'de> for Members {
            type Value = Vec<(String, String)>;
            fn deserialize<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<Self::Value, D::Error> {
                d.deserialize_map(self)
            }
        }
        let mut reader = serde_json::Deserializer::from_str(text);
        let members = Members.deserialize(&mut reader).ok()?;
        reader.end().ok()?;
        Some(members)
    }

    fn ours(text: &str) -> Option<Vec<(String, String)>> {
        let mut out = Vec::new();
        for_each_member(text, |name, value| {
            out.push((name.into_owned(), value.to_owned()))
        })
        .ok()?;
        Some(out)
    }

    #[test]
    fn reads_what_serde_reads_and_refuses_what_it_refuses() {
        for text in [
            r#"{"a":1,"b":"x","c":[1,{"d":null}],"e":{"f":[true,false]}}"#,
            " { \"a\" : -0.5e+3 , \"b\" : \"\\u00e9\\n\" } \n",
            "{}",
            " {\t}\r\n",
            r#"{"na\u0061m":"escaped name"}"#,
            r#"{"a":[],"b":{},"c":[ ],"d":{ }}"#,
            r#"{"a":1,"a":2}"#,
            r#"{"a":"é€😀"}"#,
            r#"{"a":[[[[[]]]]]}"#,
            r#"{"a":{"b":{"c":{}}}}"#,
            r#"{"a":{"\u00e9":1}}"#,
            r#"{"a":"\ud800"}"#,
            // refused
            "",
            "[]",
            "null",
            "\"text\"",
            "{",
            "{} x",
            "{}{}",
            r#"{"a":}"#,
            r#"{"a":1,}"#,
            r#"{"a" 1}"#,
            r#"{a:1}"#,
            r#"{"a":01}"#,
            r#"{"a":1.}"#,
            r#"{"a":.5}"#,
            r#"{"a":1e}"#,
            r#"{"a":-}"#,
            r#"{"a":+1}"#,
            r#"{"a":tru}"#,
            r#"{"a":nul}"#,
            r#"{"a":[1,]}"#,
            r#"{"a":[1 2]}"#,
            r#"{"a":{"b"}}"#,
            r#"{"a":{"b":1,}}"#,
            r#"{"a":{1:2}}"#,
            r#"{"a":"\x"}"#,
            r#"{"a":"\u12"}"#,
            "{\"a\":\"\u{1}\"}",
            r#"{"a":"unclosed}"#,
            r#"{"a":[}"#,
            r#"{"a":{]}"#,
            r#"{"\ud800":1}"#,
        ] {
            assert_eq!(ours(text), serde_members(text), "{text:?}");
        }
    }

    /// A small generator of JSON-ish texts: valid objects, then the same with one byte
    /// changed, cut short or doubled.
    struct Rng(u64);
    impl Rng {
        fn below(&mut self, n: u64) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0 % n
        }
    }

    fn value(rng: &mut Rng, depth: u32) -> String {
        let ws = |rng: &mut Rng| [" ", "", "", "\n", "\t"][rng.below(5) as usize].to_owned();
        match rng.below(if depth > 3 { 6 } else { 8 }) {
            0 => format!(
                "{:?}",
                ["", "a", "é", "x\"y", "a\\b", "\u{7f}", "😀"][rng.below(7) as usize]
            )
            .replace("\\u{7f}", "\u{7f}"),
            1 => [
                "0",
                "-1",
                "12.5",
                "1e3",
                "-0.0",
                "3E-2",
                "99999999999999999999",
            ][rng.below(7) as usize]
                .to_owned(),
            2 => "true".to_owned(),
            3 => "null".to_owned(),
            4 => "\"\\u00e9\\n\\/\"".to_owned(),
            5 => "false".to_owned(),
            6 => {
                let items: Vec<String> = (0..rng.below(4))
                    .map(|_| format!("{}{}{}", ws(rng), value(rng, depth + 1), ws(rng)))
                    .collect();
                format!("[{}]", items.join(","))
            }
            _ => object(rng, depth + 1),
        }
    }

    fn object(rng: &mut Rng, depth: u32) -> String {
        let members: Vec<String> = (0..rng.below(5))
            .map(|n| {
                let name = if rng.below(10) == 0 {
                    "\\u0061".to_owned()
                } else {
                    format!("k{n}")
                };
                format!(
                    "\"{name}\"{}:{}",
                    [" ", ""][rng.below(2) as usize],
                    value(rng, depth)
                )
            })
            .collect();
        format!("{{{}}}", members.join(","))
    }

    #[test]
    fn agrees_with_serde_on_random_and_broken_texts() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let symbols = b"{}[]\":,\\ 0-1e.tnu\x01a";
        for _ in 0..40_000 {
            let text = object(&mut rng, 0);
            assert_eq!(ours(&text), serde_members(&text), "{text:?}");
            let mut broken = text.clone().into_bytes();
            match rng.below(3) {
                0 if !broken.is_empty() => {
                    let at = rng.below(broken.len() as u64) as usize;
                    broken[at] = symbols[rng.below(symbols.len() as u64) as usize];
                }
                1 => broken.truncate(rng.below(broken.len() as u64 + 1) as usize),
                _ => broken.extend_from_slice(&text.clone().into_bytes()),
            }
            if let Ok(broken) = String::from_utf8(broken) {
                assert_eq!(ours(&broken), serde_members(&broken), "{broken:?}");
            }
        }
    }

    #[test]
    fn deep_nesting_does_not_exhaust_the_stack() {
        let deep = format!(
            "{{\"a\":{}{}}}",
            "[".repeat(1_000_000),
            "]".repeat(1_000_000)
        );
        assert!(ours(&deep).is_some());
        assert_eq!(ours(&deep), serde_members(&deep));
        assert!(ours(&format!("{{\"a\":{}}}", "[".repeat(1_000_000))).is_none());
    }

    #[test]
    fn byte_searches_find_the_first_hit_in_and_after_whole_words() {
        let text = b"abcdefghij;klmnop\"q\nr";
        assert_eq!(find_any(text, 0, *b";\"\r\n"), 10);
        assert_eq!(find_any(text, 11, *b";\"\r\n"), 17);
        assert_eq!(find_any(text, 18, *b";\"\r\n"), 19);
        assert_eq!(find_any(text, 20, *b";\"\r\n"), text.len());
        assert_eq!(find_any(b"", 0, [b';']), 0);
        for len in 0..40 {
            for hit in 0..len {
                let mut bytes = vec![b'x'; len];
                bytes[hit] = 0x1f;
                assert_eq!(plain_run_end(&bytes, 0), hit);
                bytes[hit] = b'\\';
                assert_eq!(plain_run_end(&bytes, 0), hit);
                bytes[hit] = 0xc3; // a byte of a multi-byte character is plain
                assert_eq!(plain_run_end(&bytes, 0), len);
            }
        }
    }

    #[test]
    fn plain_strings_are_borrowed_and_escaped_ones_are_not() {
        assert_eq!(plain_string("\"Lamp é\""), Some("Lamp é"));
        assert_eq!(plain_string("\"\""), Some(""));
        assert_eq!(plain_string("\"a\\nb\""), None);
        assert_eq!(plain_string("12"), None);
        assert_eq!(plain_string("\""), None);
    }
}
