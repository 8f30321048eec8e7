//! What a server assigns, and so what a replay does not hold against it:
//! by place (a method's reply paths: the tokens and addresses of the ring,
//! schema versions, column family and prepared-statement ids) and by value
//! (a timestamp or time UUID the server chose while the capture or the
//! replay ran). Owns those rules only; the walk that applies them is
//! [`crate::capture::compare`]'s. The places are the corpus comparer's
//! (`conformance/`), written as paths of the reply's result struct: field
//! ids, `*` for any list element or map value, any other text a map key.

use crate::thrift::wire::Value;

/// One step into a decoded reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seg {
    Field(i16),
    /// A list or set element, by position.
    Elem(usize),
    /// A map value, by its key as shown.
    Key(String),
}

impl std::fmt::Display for Seg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seg::Field(id) => write!(f, "{id}"),
            Seg::Elem(i) => write!(f, "[{i}]"),
            Seg::Key(k) => write!(f, "{k:?}"),
        }
    }
}

/// The reply paths each method's server fills in itself.
fn places(method: &str) -> &'static [&'static str] {
    match method {
        // Tokens, endpoints, schema versions: the server's own.
        "describe_ring" | "describe_local_ring" | "describe_token_map" => &["0"],
        "describe_schema_versions" | "describe_splits" | "describe_splits_ex" => &["0"],
        // Schema changes answer the new schema version.
        "system_add_keyspace"
        | "system_drop_keyspace"
        | "system_update_keyspace"
        | "system_add_column_family"
        | "system_drop_column_family"
        | "system_update_column_family" => &["0"],
        // Column family ids (CfDef 16); 0.6's description text.
        "describe_keyspaces" => &["0/*/5/*/16"],
        "describe_keyspace" => &["0/5/*/16", "0/*/Desc"],
        // The id a prepared statement is known by (CqlPreparedResult 1).
        "prepare_cql_query" | "prepare_cql3_query" => &["0/1"],
        _ => &[],
    }
}

/// The reply lists whose order a server chose (from its own hash maps):
/// keyspaces and their column families; compared as sets.
fn unordered_places(method: &str) -> &'static [&'static str] {
    match method {
        "describe_keyspaces" => &["0", "0/*/5"],
        "describe_keyspace" => &["0/5"],
        _ => &[],
    }
}

/// Whether the list at `path` is one whose order the server chose.
pub fn unordered_place(method: &str, path: &[Seg]) -> bool {
    unordered_places(method)
        .iter()
        .any(|p| p.split('/').count() == path.len() && matches(p, path))
}

/// Keyspaces every server has of its own, whatever its schema.
pub const SYSTEM_KEYSPACES: &[&str] = &[
    "system",
    "system_auth",
    "system_traces",
    "system_distributed",
    "system_schema",
];

/// Whether `ks`, an element of a `describe_keyspaces` reply, is a server's
/// own keyspace (left out of the comparison: its tables are the release's,
/// not the application's, and a replay cannot create them).
pub fn system_keyspace(ks: &Value) -> bool {
    match ks.field(1) {
        Some(Value::Bin(name)) => SYSTEM_KEYSPACES
            .iter()
            .any(|s| s.as_bytes() == name.as_slice()),
        _ => false,
    }
}

/// Whether the reply value at `path` is one the server assigns by place.
pub fn masked_place(method: &str, path: &[Seg]) -> bool {
    places(method).iter().any(|p| matches(p, path))
}

fn matches(pattern: &str, path: &[Seg]) -> bool {
    let parts: Vec<&str> = pattern.split('/').collect();
    if parts.len() > path.len() {
        return false;
    }
    parts.iter().zip(path).all(|(p, seg)| match seg {
        Seg::Field(id) => p.parse::<i16>().ok() == Some(*id),
        Seg::Elem(_) => *p == "*",
        Seg::Key(k) => *p == "*" || p == k,
    })
}

/// The spans of wall-clock time (microseconds since the epoch) the capture
/// and the replay ran in: a server-chosen time falls inside its run's span.
#[derive(Clone, Copy, Debug)]
pub struct Windows {
    pub captured: (i64, i64),
    pub replayed: (i64, i64),
}

/// Slack around each span: clocks of client, proxy and server differ a little.
const SLACK_US: i64 = 300_000_000;

impl Windows {
    /// Two differing values that are each a time chosen during their own run
    /// (a write timestamp the server assigned, a `now()` time UUID).
    /// A time may be in milliseconds: 0.8 to 2.0 stamped counters with
    /// `System.currentTimeMillis()`.
    pub fn server_times(&self, captured: &Value, replayed: &Value) -> bool {
        let in_span = |span, v: &Value| {
            time_us(v).is_some_and(|t| within(span, t) || within(span, t.saturating_mul(1000)))
        };
        in_span(self.captured, captured) && in_span(self.replayed, replayed)
    }
}

fn within((from, to): (i64, i64), t: i64) -> bool {
    t >= from - SLACK_US && t <= to + SLACK_US
}

/// A value read as a time: an i64 of microseconds, or a version-1 UUID.
fn time_us(v: &Value) -> Option<i64> {
    match v {
        Value::I64(us) => Some(*us),
        Value::Bin(b) if b.len() == 16 => {
            crate::cql::timeuuid::unix_millis_of(b).map(|ms| ms.saturating_mul(1000))
        }
        Value::Bin(b) if b.len() == 8 => Some(i64::from_be_bytes(b[..8].try_into().ok()?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keyspace_and_column_family_lists_are_unordered_and_system_keyspaces_known() {
        assert!(unordered_place("describe_keyspaces", &[Seg::Field(0)]));
        let cfs = [Seg::Field(0), Seg::Elem(3), Seg::Field(5)];
        assert!(unordered_place("describe_keyspaces", &cfs));
        assert!(!unordered_place("describe_keyspaces", &cfs[..2]));
        assert!(unordered_place(
            "describe_keyspace",
            &[Seg::Field(0), Seg::Field(5)]
        ));
        assert!(!unordered_place("get_range_slices", &[Seg::Field(0)]));
        let ks = |n: &str| Value::Struct(vec![(1, Value::Bin(n.as_bytes().to_vec()))]);
        assert!(system_keyspace(&ks("system_auth")));
        assert!(!system_keyspace(&ks("BloggyAppy")));
    }

    #[test]
    fn places_match_fields_elements_and_keys() {
        let path = [
            Seg::Field(0),
            Seg::Elem(3),
            Seg::Field(5),
            Seg::Elem(0),
            Seg::Field(16),
        ];
        assert!(masked_place("describe_keyspaces", &path));
        assert!(!masked_place("describe_keyspaces", &path[..4]));
        assert!(!masked_place("get_slice", &path));
        let desc = [
            Seg::Field(0),
            Seg::Key("Standard1".into()),
            Seg::Key("Desc".into()),
        ];
        assert!(masked_place("describe_keyspace", &desc));
        let other = [
            Seg::Field(0),
            Seg::Key("Standard1".into()),
            Seg::Key("Type".into()),
        ];
        assert!(!masked_place("describe_keyspace", &other));
    }

    #[test]
    fn server_times_only_inside_their_own_runs() {
        let w = Windows {
            captured: (1_000_000_000_000_000, 1_000_000_100_000_000),
            replayed: (2_000_000_000_000_000, 2_000_000_100_000_000),
        };
        let c = Value::I64(1_000_000_050_000_000);
        let r = Value::I64(2_000_000_050_000_000);
        assert!(w.server_times(&c, &r));
        // A client's own timestamp from long before either run is compared.
        assert!(!w.server_times(&Value::I64(5), &r));
        assert!(!w.server_times(&c, &Value::I64(1_000_000_050_000_001)));
        assert!(!w.server_times(&Value::I32(1), &Value::I32(2)));
        // A counter's time in milliseconds (0.8 to 2.0) is the server's too.
        let ms = Value::I64(1_000_000_050_000);
        assert!(w.server_times(&ms, &r));
        assert!(!w.server_times(&ms, &Value::I64(1_000_000_050_000)));
    }
}
