//! Text to bytes the way cassandra-cli 1.2 converted it: its type
//! functions (`long(5)`, `utf8('x')`), `fromString` with 1.2's TimeUUID
//! and counter (hex) rules, the Java exception text a failed conversion printed, and the
//! millisecond-based timestamps it wrote. No statements, no I/O.

use crate::marshal::{parse_type, TypeRef};
use crate::shell::cli::render::type_named;
use crate::shell::cli::CliError;

/// What a failed conversion printed: Java's message for the exception the
/// real cli let through at that point (a `MarshalException` as is, wrapped
/// once in a `RuntimeException`, or twice).
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Wrap {
    Bare,
    Once,
    Twice,
}

const MARSHAL: &str = "org.apache.cassandra.db.marshal.MarshalException";

/// Why text did not convert, as the Java exception the real cli saw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ConvertError {
    /// A `MarshalException` (the types' own refusals).
    Marshal(String),
    /// Another exception (of this Java class), which the cli's converting
    /// helper did not catch and wrap: it shows one wrapper fewer.
    Java(&'static str, String),
}

pub(crate) fn marshal_error(wrap: Wrap, e: &ConvertError) -> CliError {
    CliError(match (e, wrap) {
        (ConvertError::Marshal(msg), Wrap::Bare) => msg.to_string(),
        (ConvertError::Marshal(msg), Wrap::Once) => format!("{MARSHAL}: {msg}"),
        (ConvertError::Marshal(msg), Wrap::Twice) => {
            format!("java.lang.RuntimeException: {MARSHAL}: {msg}")
        }
        (ConvertError::Java(_, msg), Wrap::Bare | Wrap::Once) => msg.to_string(),
        (ConvertError::Java(class, msg), Wrap::Twice) => format!("{class}: {msg}"),
    })
}

/// Text to bytes with `t`, as 1.2's `fromString`: TimeUUIDType takes only
/// the UUID form there (dates were CQL's), and CounterColumnType reads hex
/// (so a counter family's `set` fails in the cli, before any call).
pub(crate) fn from_string(t: &TypeRef, text: &str) -> Result<Vec<u8>, ConvertError> {
    if t.is_counter() {
        return java_hex(text);
    }
    if t.class_name().rsplit('.').next() == Some("BytesType") {
        // 1.2's hex refused an odd length (this project's marshal pads it).
        return java_hex(text).map_err(|e| match e {
            ConvertError::Java(c, msg) if !c.ends_with("NumberFormatException") => {
                ConvertError::Java(c, msg)
            }
            _ => ConvertError::Marshal(format!("cannot parse '{text}' as hex bytes")),
        });
    }
    if t.class_name().ends_with("TimeUUIDType") && !text.is_empty() {
        let b = text.as_bytes();
        let uuid_form = b.len() == 36
            && b.iter().enumerate().all(|(i, c)| match i {
                8 | 13 | 18 | 23 => *c == b'-',
                _ => c.is_ascii_hexdigit(),
            });
        if !uuid_form {
            return Err(ConvertError::Marshal(format!(
                "Unknown timeuuid representation: {text}"
            )));
        }
    }
    t.from_string(text)
        .map_err(|e| ConvertError::Marshal(e.to_string()))
}

/// Hex to bytes as Cassandra 1.2's `Hex.hexToBytes`: its length rule first
/// (in UTF-16 units, as Java counted), then each pair looked up in a
/// 256-entry table (a character past it overran the table).
fn java_hex(text: &str) -> Result<Vec<u8>, ConvertError> {
    const NFE: &str = "java.lang.NumberFormatException";
    let units: Vec<u16> = text.encode_utf16().collect();
    if units.len() % 2 == 1 {
        return Err(ConvertError::Java(
            NFE,
            "An hex string representing bytes must have an even length".into(),
        ));
    }
    let half = |u: u16| -> Result<Option<u8>, ConvertError> {
        if u >= 256 {
            return Err(ConvertError::Java(
                "java.lang.ArrayIndexOutOfBoundsException",
                format!("Index {u} out of bounds for length 256"),
            ));
        }
        Ok(char::from(u as u8).to_digit(16).map(|d| d as u8))
    };
    let mut out = Vec::with_capacity(units.len() / 2);
    for pair in units.chunks(2) {
        match (half(pair[0])?, half(pair[1])?) {
            (Some(hi), Some(lo)) => out.push(hi << 4 | lo),
            _ => {
                return Err(ConvertError::Java(
                    NFE,
                    format!("Non-hex characters in {text}"),
                ))
            }
        }
    }
    Ok(out)
}

/// Timestamps as the real cli wrote them: milliseconds times 1000.
pub(crate) fn cli_timestamp() -> i64 {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as i64);
    (micros / 1000) * 1000
}

const FUNCTIONS: &[(&str, &str)] = &[
    ("bytes", "BytesType"),
    ("integer", "IntegerType"),
    ("long", "LongType"),
    ("int", "Int32Type"),
    ("lexicaluuid", "LexicalUUIDType"),
    ("timeuuid", "TimeUUIDType"),
    ("utf8", "UTF8Type"),
    ("ascii", "AsciiType"),
    ("double", "DoubleType"),
    ("countercolumn", "CounterColumnType"),
];

/// The function names, as 1.2.9's messages listed them.
pub(crate) fn function_names() -> String {
    let names: Vec<&str> = FUNCTIONS.iter().map(|(f, _)| *f).collect();
    names.join(", ")
}

fn function(name: &str) -> Option<TypeRef> {
    let lower = name.to_ascii_lowercase();
    FUNCTIONS
        .iter()
        .find(|(f, _)| *f == lower)
        .map(|(_, class)| type_named(Some(class)))
}

/// A type named as cassandra-cli accepted it: a function name (`long`) or a class.
pub(crate) fn format_type(name: &str) -> Result<TypeRef, CliError> {
    if let Some(t) = function(name) {
        return Ok(t);
    }
    parse_type(name).map_err(|_| {
        CliError(format!(
            "Unknown comparator '{name}'. Available functions: {}.",
            function_names()
        ))
    })
}

/// The type of a function term (`utf8('x')`): a function name only, as
/// 1.2.9's `getTypeByFunction` took it.
pub(crate) fn function_type(name: &str) -> Result<TypeRef, CliError> {
    function(name).ok_or_else(|| {
        CliError(format!(
            "Function '{name}' not found. Available functions: {}.",
            function_names()
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counter() -> TypeRef {
        type_named(Some("CounterColumnType"))
    }

    #[test]
    fn counters_read_hex_as_1_2_did() {
        assert_eq!(from_string(&counter(), "0a0B").unwrap(), vec![0x0a, 0x0b]);
        let odd = from_string(&counter(), "5").unwrap_err();
        assert_eq!(
            marshal_error(Wrap::Bare, &odd).text,
            "An hex string representing bytes must have an even length"
        );
        let bad = from_string(&counter(), "ab1x").unwrap_err();
        assert_eq!(
            marshal_error(Wrap::Bare, &bad).text,
            "Non-hex characters in ab1x"
        );
        // A declared column's value: one wrapper, naming the class.
        assert_eq!(
            marshal_error(Wrap::Twice, &bad).text,
            "java.lang.NumberFormatException: Non-hex characters in ab1x"
        );
        // Past the lookup table before the pair is judged.
        let wide = from_string(&counter(), "x\u{3c0}").unwrap_err();
        assert_eq!(
            marshal_error(Wrap::Bare, &wide).text,
            "Index 960 out of bounds for length 256"
        );
    }

    #[test]
    fn marshal_failures_keep_their_wrappers() {
        let bytes = type_named(Some("BytesType"));
        assert_eq!(from_string(&bytes, "0aff").unwrap(), vec![0x0a, 0xff]);
        let odd = from_string(&bytes, "a").unwrap_err();
        assert_eq!(
            marshal_error(Wrap::Bare, &odd).text,
            "cannot parse 'a' as hex bytes"
        );
        let e = from_string(&bytes, "zz").unwrap_err();
        assert_eq!(
            marshal_error(Wrap::Once, &e).text,
            "org.apache.cassandra.db.marshal.MarshalException: cannot parse 'zz' as hex bytes"
        );
    }
}
