//! The CREATE statements server-side DESCRIBE answers, laid out as
//! Cassandra 4.0 prints them (one `AND option = value` per line, options in
//! name order, identifiers quoted only when CQL needs it), from the 3.x view
//! of each table (`cql::exec::schema3x`) and its options (`system::schema_rows`).
//!
//! 4.0 has no COMPACT STORAGE. A compact table (every Thrift column family)
//! is printed as 3.11 printed it, `WITH COMPACT STORAGE` and its CQL columns
//! (`key`, `column1`.., `value`, or the declared columns of a static one),
//! which 3.x accepts and which shows how its cells read through CQL. A
//! super column family, which no CREATE TABLE can make, is printed inside a
//! comment, as 4.0 prints what it cannot recreate, with the shape CQL reads
//! (`key, column1, column2, value`).
//!
//! Owns the text only; what is described is `describe`'s.

use super::system::schema_rows::{self as rows, Val};
use crate::schema::legacy3x::{Kind, Layout3};
use crate::schema::{CfDef, KeyspaceDef};
use std::collections::BTreeMap;
use std::fmt::Write;

/// The words Cassandra 4.0 reserves beside those 1.2/2.0 did
/// ([`crate::cql::parser::RESERVED`]).
const RESERVED_SINCE_2_0: &[&str] = &[
    "describe", "entries", "execute", "full", "infinity", "is", "nan", "or", "replace", "unset",
    "view",
];

/// CQL 4.0's reserved words, which must be quoted as identifiers: 2.0's
/// but `true` and `false`, and those reserved since.
fn reserved(word: &str) -> bool {
    let in_2_0 = crate::cql::parser::RESERVED.contains(&word) && !matches!(word, "true" | "false");
    in_2_0 || RESERVED_SINCE_2_0.contains(&word)
}

/// An identifier as CQL must spell it: bare when lower-case and not
/// reserved, else double-quoted.
pub fn ident(name: &str) -> String {
    let bare = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        && !reserved(name);
    if bare {
        name.to_string()
    } else {
        format!("\"{}\"", name.replace('"', "\"\""))
    }
}

fn string(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

fn map(m: &BTreeMap<String, String>) -> String {
    let body: Vec<String> = m
        .iter()
        .map(|(k, v)| format!("{}: {}", string(k), string(v)))
        .collect();
    format!("{{{}}}", body.join(", "))
}

/// A double as Java prints it (`0.01`, `1.0`).
fn double(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e7 {
        format!("{v:.1}")
    } else {
        format!("{v}")
    }
}

/// `CREATE KEYSPACE` of a keyspace with `replication`.
pub fn keyspace(name: &str, replication: &BTreeMap<String, String>, durable: bool) -> String {
    format!(
        "CREATE KEYSPACE {} WITH replication = {}  AND durable_writes = {durable};",
        ident(name),
        map(replication)
    )
}

/// `CREATE KEYSPACE` of a keyspace of the schema.
pub fn keyspace_of(ks: &KeyspaceDef) -> String {
    keyspace(&ks.name, &rows::replication(ks), ks.durable_writes)
}

/// The table's options as `name = value`, in name order.
fn options(l: &Layout3, cf: Option<&CfDef>) -> Vec<String> {
    let mut out = Vec::new();
    for (name, v) in rows::table_options(l, cf) {
        // Not table options: reported by system_schema only.
        if matches!(
            name,
            "dclocal_read_repair_chance" | "read_repair_chance" | "flags" | "id"
        ) {
            continue;
        }
        let value = match (name, v) {
            ("bloom_filter_fp_chance" | "crc_check_chance", Val::Bytes(b)) => {
                double(f64::from_be_bytes(b.try_into().unwrap_or([0; 8])))
            }
            (
                "default_time_to_live"
                | "gc_grace_seconds"
                | "max_index_interval"
                | "memtable_flush_period_in_ms"
                | "min_index_interval",
                Val::Bytes(b),
            ) => i32::from_be_bytes(b.try_into().unwrap_or([0; 4])).to_string(),
            ("cdc", Val::Bytes(b)) => (b.first() == Some(&1)).to_string(),
            (_, Val::Bytes(b)) => string(&String::from_utf8_lossy(&b)),
            (_, Val::Entries(e)) => map(&e
                .into_iter()
                .map(|(k, v)| {
                    (
                        String::from_utf8_lossy(&k).into_owned(),
                        String::from_utf8_lossy(&v).into_owned(),
                    )
                })
                .collect()),
        };
        out.push(format!("{name} = {value}"));
    }
    out
}

/// `CREATE TABLE` of a table (a super column family's in a comment).
pub fn table(l: &Layout3, cf: Option<&CfDef>) -> String {
    let body = table_body(l, cf);
    if !l.flags.super_ {
        return body;
    }
    format!(
        "/*\nWarning: Table {}.{} is a super column family, which CQL cannot create; \
         it reads as (key, column1, column2, value) of the structure below.\n\
         Approximate structure, for reference:\n(this should not be used to reproduce this schema)\n\n{body}\n*/",
        ident(&l.keyspace),
        ident(&l.name)
    )
}

fn table_body(l: &Layout3, cf: Option<&CfDef>) -> String {
    let compact = l.flags.is_compact();
    let pk: Vec<String> = l.partition_key().iter().map(|c| ident(&c.name)).collect();
    let clustering: Vec<_> = if l.flags.super_ {
        l.clustering()
    } else {
        l.clustering().into_iter().filter(|c| !c.hidden).collect()
    };
    let mut columns: Vec<(String, String, bool)> = Vec::new();
    if compact {
        let shown: Vec<(String, String)> = l.cql_columns();
        for (name, ty) in shown {
            columns.push((name, ty, false));
        }
    } else {
        for c in &l.columns {
            columns.push((c.name.clone(), c.ty.clone(), c.kind == Kind::Static));
        }
    }
    let mut s = format!("CREATE TABLE {}.{} (\n", ident(&l.keyspace), ident(&l.name));
    let single = pk.len() == 1 && clustering.is_empty() && !l.flags.super_;
    for (name, ty, is_static) in &columns {
        let _ = write!(s, "    {} {ty}", ident(name));
        if *is_static {
            s.push_str(" static");
        }
        if single && ident(name) == pk[0] {
            s.push_str(" PRIMARY KEY");
        }
        s.push_str(",\n");
    }
    if single {
        s.truncate(s.len() - 2);
        s.push('\n');
    } else {
        let key = if pk.len() == 1 {
            pk[0].clone()
        } else {
            format!("({})", pk.join(", "))
        };
        let mut parts = vec![key];
        parts.extend(clustering.iter().map(|c| ident(&c.name)));
        if l.flags.super_ {
            parts.push("column2".into());
        }
        let _ = writeln!(s, "    PRIMARY KEY ({})", parts.join(", "));
    }
    s.push_str(") WITH ");
    let mut clauses = Vec::new();
    if compact {
        clauses.push("COMPACT STORAGE".to_string());
    }
    if !clustering.is_empty() {
        let order: Vec<String> = clustering
            .iter()
            .map(|c| format!("{} {}", ident(&c.name), if c.desc { "DESC" } else { "ASC" }))
            .collect();
        clauses.push(format!("CLUSTERING ORDER BY ({})", order.join(", ")));
    }
    clauses.extend(options(l, cf));
    s.push_str(&clauses.join("\n    AND "));
    s.push(';');
    s
}

/// `CREATE INDEX` of one index of a table.
pub fn index(l: &Layout3, name: &str, kind: &str, options: &BTreeMap<String, String>) -> String {
    let target = options
        .get("target")
        .map(String::as_str)
        .unwrap_or_default();
    let on = format!(
        "{}.{} ({})",
        ident(&l.keyspace),
        ident(&l.name),
        ident(target)
    );
    match (kind, options.get("class_name")) {
        ("CUSTOM", Some(class)) => format!(
            "CREATE CUSTOM INDEX {} ON {on} USING {};",
            ident(name),
            string(class)
        ),
        _ => format!("CREATE INDEX {} ON {on};", ident(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::exec::schema3x::layout_of;
    use crate::marshal::parse_type;

    #[test]
    fn identifiers_are_quoted_only_when_needed() {
        assert_eq!(ident("users"), "users");
        assert_eq!(ident("Keyspace1"), "\"Keyspace1\"");
        assert_eq!(ident("select"), "\"select\"");
        assert_eq!(ident("a\"b"), "\"a\"\"b\"");
        assert_eq!(ident(""), "\"\"");
    }

    #[test]
    fn a_thrift_cf_prints_as_3_11_did_with_compact_storage() {
        let cf = CfDef::new(
            "Keyspace1",
            "Standard1",
            1000,
            parse_type("BytesType").unwrap(),
            None,
        );
        let text = table(&layout_of(&cf).unwrap(), Some(&cf));
        assert!(
            text.starts_with(
                "CREATE TABLE \"Keyspace1\".\"Standard1\" (\n    key blob,\n    column1 blob,\n    value blob,\n    PRIMARY KEY (key, column1)\n) WITH COMPACT STORAGE\n    AND CLUSTERING ORDER BY (column1 ASC)\n    AND additional_write_policy = '99p'\n    AND bloom_filter_fp_chance = 0.01\n"
            ),
            "{text}"
        );
        assert!(
            text.ends_with("    AND speculative_retry = '99p';"),
            "{text}"
        );
        assert!(
            text.contains("    AND gc_grace_seconds = 864000\n"),
            "{text}"
        );
    }

    #[test]
    fn a_super_cf_is_a_comment() {
        let cf = CfDef::new(
            "Keyspace1",
            "Super1",
            1000,
            parse_type("BytesType").unwrap(),
            Some(parse_type("UTF8Type").unwrap()),
        );
        let text = table(&layout_of(&cf).unwrap(), Some(&cf));
        assert!(
            text.starts_with("/*\nWarning: Table \"Keyspace1\".\"Super1\""),
            "{text}"
        );
        assert!(
            text.contains(
                "    column2 text,\n    value blob,\n    PRIMARY KEY (key, column1, column2)\n"
            ),
            "{text}"
        );
        assert!(text.ends_with("*/"));
    }

    #[test]
    fn keyspaces_print_replication_then_durable_writes() {
        let r = BTreeMap::from([
            (
                "class".to_string(),
                "org.apache.cassandra.locator.SimpleStrategy".to_string(),
            ),
            ("replication_factor".to_string(), "1".to_string()),
        ]);
        assert_eq!(
            keyspace("py", &r, true),
            "CREATE KEYSPACE py WITH replication = {'class': 'org.apache.cassandra.locator.SimpleStrategy', 'replication_factor': '1'}  AND durable_writes = true;"
        );
    }
}
