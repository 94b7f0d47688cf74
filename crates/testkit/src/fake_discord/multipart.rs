//! Request bodies: JSON, or multipart with a `payload_json` part and files.

use super::*;

/// A request body as the fake reads it: its JSON, its files (filename, bytes), and the
/// form field each file came in (`files[0]`, …), in part order.
pub(super) struct Body {
    pub json: Value,
    pub files: Vec<(String, Vec<u8>)>,
    pub file_parts: Vec<String>,
}

pub(super) fn parse_body(content_type: &str, body: &[u8]) -> Body {
    if body.is_empty() {
        return Body {
            json: Value::Null,
            files: Vec::new(),
            file_parts: Vec::new(),
        };
    }
    let lower = content_type.to_ascii_lowercase();
    if lower.starts_with("multipart/form-data") {
        let boundary = content_type
            .split(';')
            .filter_map(|p| p.trim().strip_prefix("boundary="))
            .next()
            .map(|b| b.trim_matches('"').to_string());
        if let Some(boundary) = boundary {
            return parse_multipart(&boundary, body);
        }
    }
    let json = serde_json::from_slice(body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()));
    Body {
        json,
        files: Vec::new(),
        file_parts: Vec::new(),
    }
}

/// Splits a multipart/form-data body: `payload_json` becomes the JSON, parts with a filename
/// become files, other text fields are added to the JSON object.
pub(super) fn parse_multipart(boundary: &str, body: &[u8]) -> Body {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut json = Value::Null;
    let mut fields = Map::new();
    let mut files = Vec::new();
    let mut file_parts = Vec::new();
    let mut pos = match find(body, &delimiter, 0) {
        Some(p) => p + delimiter.len(),
        None => {
            return Body {
                json,
                files,
                file_parts,
            }
        }
    };
    loop {
        // After a delimiter: "--" ends the body, else CRLF then the part.
        if body[pos..].starts_with(b"--") {
            break;
        }
        let start = match find(body, b"\r\n", pos) {
            Some(p) => p + 2,
            None => break,
        };
        let Some(next) = find(body, &delimiter, start) else {
            break;
        };
        // The part's content ends with the CRLF before the next delimiter.
        let part = &body[start..next.saturating_sub(2).max(start)];
        pos = next + delimiter.len();
        let Some(header_end) = find(part, b"\r\n\r\n", 0) else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..header_end]).into_owned();
        let content = &part[header_end + 4..];
        let mut name = None;
        let mut filename = None;
        for line in head.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            if !key.trim().eq_ignore_ascii_case("content-disposition") {
                continue;
            }
            for (k, v) in disposition_params(value) {
                match k.as_str() {
                    "name" => name = Some(v),
                    "filename" if filename.is_none() => filename = Some(v),
                    "filename*" => filename = Some(decode_ext_value(&v)),
                    _ => {}
                }
            }
        }
        match (name.as_deref(), filename) {
            (part, Some(f)) => {
                files.push((f, content.to_vec()));
                file_parts.push(part.unwrap_or_default().to_string());
            }
            (Some("payload_json"), None) => {
                json = serde_json::from_slice(content).unwrap_or(Value::Null);
            }
            (Some(n), None) => {
                fields.insert(
                    n.to_string(),
                    Value::String(String::from_utf8_lossy(content).into_owned()),
                );
            }
            (None, None) => {}
        }
    }
    if !fields.is_empty() {
        match &mut json {
            Value::Object(m) => {
                for (k, v) in fields {
                    m.entry(k).or_insert(v);
                }
            }
            _ => json = Value::Object(fields),
        }
    }
    Body {
        json,
        files,
        file_parts,
    }
}

pub(super) fn find(hay: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    if from > hay.len() || needle.is_empty() {
        return None;
    }
    hay[from..]
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|p| p + from)
}

/// `form-data; name="files[0]"; filename="b.png"` → [(name, files[0]), (filename, b.png)].
pub(super) fn disposition_params(value: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = value.chars().peekable();
    loop {
        // Skip to after the next ';'.
        let mut skipped = false;
        for c in chars.by_ref() {
            if c == ';' {
                skipped = true;
                break;
            }
        }
        if !skipped {
            break;
        }
        let mut key = String::new();
        while let Some(&c) = chars.peek() {
            if c == '=' || c == ';' {
                break;
            }
            key.push(c);
            chars.next();
        }
        if chars.peek() != Some(&'=') {
            continue;
        }
        chars.next();
        let mut v = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            while let Some(c) = chars.next() {
                match c {
                    '\\' => {
                        if let Some(n) = chars.next() {
                            v.push(n);
                        }
                    }
                    '"' => break,
                    c => v.push(c),
                }
            }
        } else {
            while let Some(&c) = chars.peek() {
                if c == ';' {
                    break;
                }
                v.push(c);
                chars.next();
            }
        }
        out.push((key.trim().to_ascii_lowercase(), v.trim().to_string()));
    }
    out
}

/// RFC 5987 `utf-8''b%C3%A9.png` → `bé.png`.
pub(super) fn decode_ext_value(v: &str) -> String {
    let encoded = v.split_once("''").map(|(_, e)| e).unwrap_or(v);
    let bytes = encoded.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}
