//! Text to bytes the way cassandra-cli 1.2 converted it: its type
//! functions (`long(5)`, `utf8('x')`), `fromString` with 1.2's TimeUUID
//! rule, the Java exception text a failed conversion printed, and the
//! millisecond-based timestamps it wrote. No statements, no I/O.

use crate::marshal::{parse_type, TypeRef};
use crate::shell::cli::CliError;
use crate::shell::cli_render::type_named;
use crate::shell::client::now_micros;

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

pub(crate) fn marshal_error(wrap: Wrap, msg: &str) -> CliError {
    CliError(match wrap {
        Wrap::Bare => msg.to_string(),
        Wrap::Once => format!("{MARSHAL}: {msg}"),
        Wrap::Twice => format!("java.lang.RuntimeException: {MARSHAL}: {msg}"),
    })
}

/// Text to bytes with `t`, as 1.2's `fromString`: TimeUUIDType takes only
/// the UUID form there (dates were CQL's).
pub(crate) fn from_string(t: &TypeRef, text: &str) -> Result<Vec<u8>, String> {
    if t.class_name().ends_with("TimeUUIDType") && !text.is_empty() {
        let b = text.as_bytes();
        let uuid_form = b.len() == 36
            && b.iter().enumerate().all(|(i, c)| match i {
                8 | 13 | 18 | 23 => *c == b'-',
                _ => c.is_ascii_hexdigit(),
            });
        if !uuid_form {
            return Err(format!("Unknown timeuuid representation: {text}"));
        }
    }
    t.from_string(text).map_err(|e| e.to_string())
}

/// Timestamps as the real cli wrote them: milliseconds times 1000.
pub(crate) fn cli_timestamp() -> i64 {
    (now_micros() / 1000) * 1000
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

/// A type named as cassandra-cli accepted it: a function name (`long`) or a class.
pub(crate) fn format_type(name: &str) -> Result<TypeRef, CliError> {
    let lower = name.to_ascii_lowercase();
    if let Some((_, class)) = FUNCTIONS.iter().find(|(f, _)| *f == lower) {
        return Ok(type_named(Some(class)));
    }
    parse_type(name).map_err(|_| {
        let names: Vec<&str> = FUNCTIONS.iter().map(|(f, _)| *f).collect();
        CliError(format!(
            "Unknown comparator '{name}'. Available functions: {}.",
            names.join(", ")
        ))
    })
}
