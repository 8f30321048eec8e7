//! Java `.properties` files, read the way `java.util.Properties.load` reads
//! them, because `passwd.properties` and `access.properties` were written for
//! Java: `#`/`!` comments, `key=value`, `key: value` or `key value`,
//! backslash escapes (`Elvis\ Presley`), `\uXXXX`, and lines continued with a
//! trailing backslash. Bytes are ISO-8859-1, as `load(InputStream)` assumes.
//! Later duplicates replace earlier ones. Values keep trailing whitespace.

use std::collections::BTreeMap;

/// The only malformation Java rejects: a bad `\uXXXX` escape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: Malformed \\uxxxx encoding.")]
pub struct PropertiesError {
    pub line: usize,
}

fn is_blank(c: char) -> bool {
    c == ' ' || c == '\t' || c == '\u{c}'
}

/// Decodes ISO-8859-1 bytes (every byte is the code point of the same value).
pub fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Parses the text of a properties file.
pub fn parse(text: &str) -> Result<BTreeMap<String, String>, PropertiesError> {
    let mut out = BTreeMap::new();
    for (line, logical) in logical_lines(text) {
        let (key, value) = split_entry(&logical);
        let key = unescape(key, line)?;
        let value = unescape(value, line)?;
        out.insert(key, value);
    }
    Ok(out)
}

/// Natural lines joined into logical lines, comments and blank lines
/// dropped; each comes with the number of its first natural line.
fn logical_lines(text: &str) -> Vec<(usize, Vec<char>)> {
    let natural: Vec<&str> = text
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .collect();
    // A lone '\r' also ends a line in Java.
    let natural: Vec<&str> = natural.iter().flat_map(|l| l.split('\r')).collect();
    let mut out = Vec::new();
    let mut current: Option<(usize, Vec<char>)> = None;
    for (i, raw) in natural.iter().enumerate() {
        let trimmed: Vec<char> = raw.chars().skip_while(|c| is_blank(*c)).collect();
        let mut pending = match current.take() {
            Some(p) => p,
            None => {
                if trimmed.is_empty() || trimmed[0] == '#' || trimmed[0] == '!' {
                    continue;
                }
                (i + 1, Vec::new())
            }
        };
        let trailing = trimmed.iter().rev().take_while(|c| **c == '\\').count();
        if trailing % 2 == 1 {
            pending.1.extend_from_slice(&trimmed[..trimmed.len() - 1]);
            current = Some(pending);
        } else {
            pending.1.extend_from_slice(&trimmed);
            out.push(pending);
        }
    }
    // A continuation at the end of the file ends the entry.
    out.extend(current);
    out
}

/// Splits a logical line into raw (still escaped) key and value.
fn split_entry(line: &[char]) -> (&[char], &[char]) {
    let mut key_end = line.len();
    let mut value_start = line.len();
    let mut has_separator = false;
    let mut escaped = false;
    for (i, &c) in line.iter().enumerate() {
        if !escaped && (c == '=' || c == ':') {
            key_end = i;
            value_start = i + 1;
            has_separator = true;
            break;
        }
        if !escaped && is_blank(c) {
            key_end = i;
            value_start = i + 1;
            break;
        }
        escaped = c == '\\' && !escaped;
    }
    while value_start < line.len() {
        let c = line[value_start];
        if is_blank(c) {
            value_start += 1;
        } else if !has_separator && (c == '=' || c == ':') {
            has_separator = true;
            value_start += 1;
        } else {
            break;
        }
    }
    (&line[..key_end], &line[value_start.min(line.len())..])
}

fn unescape(raw: &[char], line: usize) -> Result<String, PropertiesError> {
    let mut out = String::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let c = raw[i];
        i += 1;
        if c != '\\' || i == raw.len() {
            out.push(c);
            continue;
        }
        let e = raw[i];
        i += 1;
        match e {
            't' => out.push('\t'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            'f' => out.push('\u{c}'),
            'u' => {
                let hex: String = raw
                    .get(i..i + 4)
                    .ok_or(PropertiesError { line })?
                    .iter()
                    .collect();
                let unit = u16::from_str_radix(&hex, 16).map_err(|_| PropertiesError { line })?;
                i += 4;
                // Java strings are UTF-16; an unpaired surrogate cannot be a Rust char.
                out.push(char::from_u32(unit as u32).unwrap_or(char::REPLACEMENT_CHARACTER));
            }
            other => out.push(other),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(text: &str) -> BTreeMap<String, String> {
        parse(text).unwrap()
    }

    #[test]
    fn separators_and_comments() {
        let p = props("# comment\n! also\n\n a=1\nb : 2\nc 3\nd\ne=\nf = x = y \n");
        assert_eq!(p["a"], "1");
        assert_eq!(p["b"], "2");
        assert_eq!(p["c"], "3");
        assert_eq!(p["d"], "");
        assert_eq!(p["e"], "");
        assert_eq!(p["f"], "x = y ", "trailing whitespace is kept");
        assert_eq!(p.len(), 6);
    }

    #[test]
    fn escapes() {
        let p = props(
            "Elvis\\ Presley=graceland\nk\\:ey=v\\=al\ntab=\\tx\nu=\\u00e9t\\u00E9\nback=a\\\\\n",
        );
        assert_eq!(p["Elvis Presley"], "graceland");
        assert_eq!(p["k:ey"], "v=al");
        assert_eq!(p["tab"], "\tx");
        assert_eq!(p["u"], "été");
        assert_eq!(
            p["back"], "a\\",
            "an even run of backslashes does not continue the line"
        );
        assert_eq!(parse("x=\\u12g4\n"), Err(PropertiesError { line: 1 }));
        assert_eq!(parse("a=1\nx=\\u12"), Err(PropertiesError { line: 2 }));
    }

    #[test]
    fn continuation_lines() {
        let p = props("list=a,\\\n    b,\\\r\n    c\n# c2\nnext=1\r\nlast=z\\");
        assert_eq!(p["list"], "a,b,c");
        assert_eq!(p["next"], "1");
        assert_eq!(p["last"], "z");
        // A continued line starting with '#' is data, not a comment.
        assert_eq!(props("k=a\\\n#b\n")["k"], "a#b");
    }

    #[test]
    fn later_duplicates_win_and_latin1_decodes() {
        assert_eq!(props("a=1\na=2\n")["a"], "2");
        assert_eq!(latin1(&[b'c', 0xe9]), "cé");
    }
}
