//! Python 2's `str.decode('string-escape')`, which 4.1.1's COPY applied to
//! each of its option values: `\\`, `\'`, `\"`, `\n`, `\t`, `\r`, `\b`, `\f`,
//! `\v`, `\a`, octal `\ooo`, `\xhh` and a backslash-newline decoded, any
//! other backslash kept; a value ending in a lone backslash is
//! `Trailing \ in string` and a short `\x` is `invalid \x escape`, the
//! ValueErrors cqlsh printed. Pure.

/// The decoded value, or the ValueError's message.
pub fn string_escape(s: &str) -> Result<String, String> {
    let b = s.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else {
            return Err("Trailing \\ in string".to_string());
        };
        i += 1;
        match c {
            b'\n' => {}
            b'\\' | b'\'' | b'"' => out.push(c),
            b'b' => out.push(8),
            b'f' => out.push(12),
            b't' => out.push(b'\t'),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b'v' => out.push(11),
            b'a' => out.push(7),
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                for _ in 0..2 {
                    match b.get(i) {
                        Some(d @ b'0'..=b'7') => {
                            v = v * 8 + u32::from(d - b'0');
                            i += 1;
                        }
                        _ => break,
                    }
                }
                out.push((v & 0xff) as u8);
            }
            b'x' => {
                let hex = b.get(i..i + 2).and_then(|h| std::str::from_utf8(h).ok());
                match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
                    Some(v) => {
                        out.push(v);
                        i += 2;
                    }
                    None => return Err("invalid \\x escape".to_string()),
                }
            }
            other => {
                out.push(b'\\');
                out.push(other);
            }
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_as_python_2_string_escape() {
        assert_eq!(string_escape("a\\tb").unwrap(), "a\tb");
        assert_eq!(string_escape("|").unwrap(), "|");
        assert_eq!(string_escape("\\\\").unwrap(), "\\");
        assert_eq!(string_escape("\\q").unwrap(), "\\q");
        assert_eq!(string_escape("\\101").unwrap(), "A");
        assert_eq!(string_escape("\\x41").unwrap(), "A");
        assert_eq!(string_escape("\\").unwrap_err(), "Trailing \\ in string");
        assert_eq!(string_escape("\\x4").unwrap_err(), "invalid \\x escape");
    }
}
