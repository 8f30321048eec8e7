//! How Cassandra 0.6's cli printed things: names through the comparator
//! class a column family's `describe_keyspace` map named, values as UTF-8
//! text, `describe keyspace` in the order a Java `HashMap` iterated the
//! answer, literals unescaped with its quirks, and its failure lines. Pure
//! functions: no I/O, no server calls (`cli06` does those).

use crate::shell::cli06::parse::{Access, Node};
use crate::thrift::client_error::{classify, CallError};
use crate::thrift::gen::cassandra06 as t;
use std::collections::BTreeMap;

/// `help` and `?`. Written for this project (not the 0.6 cli's own text):
/// one line per statement form.
pub const HELP: &str = "\
Statements, one per line (a final ';' may be given or left out):
  connect <host>/<port>                          open a connection
  describe keyspace <name>                       column families of a keyspace
  show keyspaces | show cluster name             what the server holds / its name
  show api version | show config file            API version / configuration
  get <ks>.<cf>['<key>']                         every column of a row
  get <ks>.<cf>['<key>']['<column>']             one column
  get <ks>.<cf>['<key>']['<super>']              every column of a super column
  get <ks>.<cf>['<key>']['<super>']['<column>']  one column of a super column
  set <ks>.<cf>['<key>']['<column>'] = '<value>'
  set <ks>.<cf>['<key>']['<super>']['<column>'] = '<value>'
  del <ks>.<cf>['<key>'](['<super or column>'](['<column>'])?)?
  count <ks>.<cf>['<key>'](['<super>'])?         how many columns
  help | ?                                       this list
  quit | exit                                    leave
";

/// A failed statement, printed on stderr as the 0.6 cli did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Failure {
    /// A line of its own (`No column name specified, ...`).
    Plain(String),
    /// An InvalidRequestException: its `why` alone.
    Invalid(String),
    /// A NotFoundException, which carried no message.
    NotFound,
    /// Any other exception: `Exception <getMessage()>`.
    Exception(String),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Plain(s) | Failure::Invalid(s) => write!(f, "{s}"),
            Failure::NotFound => write!(f, "Exception null"),
            Failure::Exception(m) => write!(f, "Exception {m}"),
        }
    }
}

impl Failure {
    pub fn from_call(e: CallError) -> Failure {
        match e {
            CallError::Invalid(why) => Failure::Invalid(why),
            CallError::NotFound => Failure::NotFound,
            // 0.6's Thrift exceptions other than IRE had no message.
            CallError::Unavailable
            | CallError::TimedOut
            | CallError::Authentication(_)
            | CallError::Authorization(_)
            | CallError::SchemaDisagreement => Failure::Exception("null".into()),
            // Not a 0.6 message: what answered instead, and where to go.
            e @ CallError::NotThrift(_) => Failure::Plain(e.to_string()),
            CallError::Other(m) => Failure::Exception(m),
        }
    }
}

impl From<thrift::Error> for Failure {
    fn from(e: thrift::Error) -> Self {
        Failure::from_call(classify(e))
    }
}

/// The message Java's socket gave for a failed connect.
pub fn java_connect_error(host: &str, reason: &str) -> String {
    let r = reason.to_ascii_lowercase();
    if r.contains("refused") {
        "java.net.ConnectException: Connection refused".into()
    } else if r.contains("lookup") || r.contains("not known") {
        format!("java.net.UnknownHostException: {host}")
    } else if r.contains("timed out") {
        "java.net.SocketTimeoutException: connect timed out".into()
    } else {
        let plain = reason.split(" (os error").next().unwrap_or(reason);
        format!("java.net.ConnectException: {plain}")
    }
}

/// Milliseconds times 1000: 0.6's `timestampMicros`.
pub fn timestamp_micros() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64 * 1000)
        .unwrap_or(0)
}

/// A quoted literal's text as 0.6's `unescapeSQLString` made it: quotes
/// stripped, and a backslash escape adds the escaped character *and* keeps
/// the letter after it (its loop never skipped it), so `'a\nb'` is
/// `a`, newline, `nb`.
pub fn unescape(text: &str) -> Result<String, Failure> {
    let c: Vec<char> = text.chars().collect();
    if c.len() < 2 || c[0] != '\'' || c[c.len() - 1] != '\'' {
        // 0.6 asserted this and the cli died with an AssertionError.
        return Err(Failure::Plain(format!(
            "Exception java.lang.AssertionError: not a quoted string: {text}"
        )));
    }
    let mut s = String::new();
    for i in 1..c.len() - 1 {
        if c[i] == '\\' && i + 2 < c.len() {
            s.push(match c[i + 1] {
                '0' => '\0',
                'b' => '\u{8}',
                'n' => '\n',
                'r' => '\r',
                't' => '\t',
                'Z' => '\u{1a}',
                other => other,
            });
        } else {
            s.push(c[i]);
        }
    }
    Ok(s)
}

/// A literal node's value; an error node's text went through the same
/// assertion, and a missing one was Java's `null`.
pub fn literal(node: &Node<String>) -> Result<String, Failure> {
    match node {
        Node::Ok(text) | Node::Error(Some(text)) => unescape(text),
        Node::Error(None) => Err(Failure::Exception("null".into())),
    }
}

fn name(node: &Node<String>) -> Result<String, Failure> {
    match node {
        Node::Ok(text) | Node::Error(Some(text)) => Ok(text.clone()),
        Node::Error(None) => Err(Failure::Exception("null".into())),
    }
}

/// Keyspace, column family and row key of an access.
pub fn names(a: &Access) -> Result<(String, String, String), Failure> {
    Ok((name(&a.keyspace)?, name(&a.cf)?, literal(&a.key)?))
}

/// The column (or super column) names of an access, as UTF-8 bytes.
pub fn column_names(a: &Access) -> Result<Vec<Vec<u8>>, Failure> {
    a.columns
        .iter()
        .map(|c| literal(c).map(String::into_bytes))
        .collect()
}

fn uuid_text(b: &[u8]) -> String {
    let h: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &h[0..8],
        &h[8..12],
        &h[12..16],
        &h[16..20],
        &h[20..32]
    )
}

/// `getString` of the comparator class `class` (a class the 0.6 cli could
/// not load printed as bytes); `None` is the missing map entry Java passed
/// on as `null`.
pub fn format_name(class: Option<&String>, b: &[u8]) -> Result<String, Failure> {
    let class = class.ok_or(Failure::Exception("null".into()))?;
    let short = class
        .strip_prefix("org.apache.cassandra.db.marshal.")
        .unwrap_or("");
    let marshal = |m: &str| Err(Failure::Exception(m.to_string()));
    Ok(match short {
        "UTF8Type" => String::from_utf8_lossy(b).into_owned(),
        "AsciiType" => b
            .iter()
            .map(|&x| if x < 128 { x as char } else { '\u{fffd}' })
            .collect(),
        "LongType" if b.is_empty() => String::new(),
        "LongType" if b.len() != 8 => return marshal("A long is exactly 8 bytes"),
        "LongType" => i64::from_be_bytes(b.try_into().expect("8 bytes")).to_string(),
        "LexicalUUIDType" | "TimeUUIDType" if b.is_empty() => String::new(),
        "LexicalUUIDType" | "TimeUUIDType" if b.len() != 16 => {
            return marshal("UUIDs must be exactly 16 bytes")
        }
        "TimeUUIDType" if b[6] >> 4 != 1 => {
            return marshal("TimeUUID only makes sense with version 1 UUIDs")
        }
        "LexicalUUIDType" | "TimeUUIDType" => uuid_text(b),
        _ => b.iter().map(|x| format!("{x:02x}")).collect(),
    })
}

/// `(column=..., value=..., timestamp=...)`; `sub` names a super column's
/// column, whose name goes through `CompareSubcolumnsWith`.
pub fn column_line(
    props: &BTreeMap<String, String>,
    c: &t::Column,
    sub: bool,
) -> Result<String, Failure> {
    let key = if sub {
        "CompareSubcolumnsWith"
    } else {
        "CompareWith"
    };
    Ok(format!(
        "(column={}, value={}, timestamp={})",
        format_name(props.get(key), &c.name)?,
        String::from_utf8_lossy(&c.value),
        c.timestamp
    ))
}

/// Java's `String.hashCode`.
fn java_hash(s: &str) -> u32 {
    s.encode_utf16()
        .fold(0u32, |h, c| h.wrapping_mul(31).wrapping_add(u32::from(c)))
}

/// The order a `new HashMap(2 * n)` filled with `keys` (in wire order)
/// iterates them on Java 8 and later: by bucket of the spread hash, then
/// insertion order. The table never grows (2n slots hold n keys under the
/// 0.75 load factor).
pub fn java_map_order<'a>(keys: &[&'a str]) -> Vec<&'a str> {
    let capacity = (2 * keys.len()).max(1).next_power_of_two();
    let mut order: Vec<(usize, usize, &str)> = keys
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let h = java_hash(k);
            (((h ^ (h >> 16)) as usize) & (capacity - 1), i, *k)
        })
        .collect();
    order.sort();
    order.into_iter().map(|(_, _, k)| k).collect()
}

/// `describe keyspace`: per column family its description, type,
/// comparator and flush period (`null` when the map lacks one).
pub fn describe(cfs: &BTreeMap<String, BTreeMap<String, String>>) -> String {
    let keys: Vec<&str> = cfs.keys().map(String::as_str).collect();
    let mut out = String::new();
    for cf in java_map_order(&keys) {
        let m = &cfs[cf];
        let get = |k: &str| m.get(k).map_or("null", String::as_str);
        out += &format!(
            "{}\nColumn Family Type: {}\nColumn Sorted By: {}\nflush period: {} minutes\n------\n",
            get("Desc"),
            get("Type"),
            get("CompareWith"),
            get("FlushPeriodInMinutes")
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashmap_order_matches_the_recorded_describe() {
        // Recorded from the real 0.6 cli (Java 17) describing Keyspace1 and BloggyAppy.
        assert_eq!(
            java_map_order(&[
                "Standard1",
                "Standard2",
                "StandardByUUID1",
                "Super1",
                "Super2"
            ]),
            [
                "Super2",
                "Super1",
                "StandardByUUID1",
                "Standard1",
                "Standard2"
            ]
        );
        assert_eq!(
            java_map_order(&["Authors", "BlogEntries", "Comments", "TaggedPosts"]),
            ["TaggedPosts", "BlogEntries", "Comments", "Authors"]
        );
    }

    #[test]
    fn unescape_keeps_the_escaped_letter_as_0_6_did() {
        assert_eq!(
            unescape("'line one\\nline two'").unwrap(),
            "line one\nnline two"
        );
        assert_eq!(unescape("'it''s'").unwrap(), "it''s");
        assert!(unescape("k").is_err());
    }

    #[test]
    fn names_through_comparators() {
        let c = |s: &str| Some(format!("org.apache.cassandra.db.marshal.{s}"));
        assert_eq!(format_name(c("BytesType").as_ref(), b"ab").unwrap(), "6162");
        assert_eq!(format_name(c("UTF8Type").as_ref(), b"ab").unwrap(), "ab");
        assert_eq!(
            format_name(c("LongType").as_ref(), &7i64.to_be_bytes()).unwrap(),
            "7"
        );
        assert_eq!(
            format_name(c("LongType").as_ref(), b"ab")
                .unwrap_err()
                .to_string(),
            "Exception A long is exactly 8 bytes"
        );
        let v1 = [
            0x3c, 0x5e, 0x5f, 0x60, 0x1a, 0x2b, 0x11, 0xe0, 0x80, 0, 0, 0, 0, 0, 0, 1,
        ];
        assert_eq!(
            format_name(c("TimeUUIDType").as_ref(), &v1).unwrap(),
            "3c5e5f60-1a2b-11e0-8000-000000000001"
        );
        assert_eq!(format_name(Some(&"Custom".into()), b"\x01").unwrap(), "01");
        assert_eq!(
            format_name(None, b"x").unwrap_err().to_string(),
            "Exception null"
        );
    }
}
