//! Thrift-era reads: a call shape (as the explorer's query check takes it)
//! turned into the CQL3 SELECT it asks, or answered directly when the
//! column family already is the query's table:
//!
//! - `get_indexed_slices` (column = value) is the SELECT of rows by that
//!   column, advised as any SELECT;
//! - a super column family is shown as its CQL3 equivalent, `PRIMARY KEY
//!   (key, super, sub)` (Cassandra 3.0's reading of super columns): a read
//!   of one row's super columns, or a slice of one, is already one
//!   partition;
//! - a hand-made index column family (BloggyAppy's `TaggedPosts`: names
//!   ordered by time, values that are row keys of another column family of
//!   the keyspace) is recognised as a query table, one partition per value;
//! - `get_slice` / `multiget_slice` address their partitions already;
//!   `get_range_slices` walks the ring by design.
//!
//! Each recognised shape comes with its CQL3 table and a cassandra-cli
//! script (the CfDef as `create column family`). It reads at most one
//! partition of the column family and one lookup per sampled value.

use super::{AdvisorError, AdvisorResult};
use crate::cql::exec::describe_create::ident;
use crate::cql::types::CqlType;
use crate::explorer::catalog::cf_def;
use crate::explorer::query::ThriftCall;
use crate::marshal::AbstractType;
use crate::model::{ReadCommand, RowRange, RowResult, Slice};
use crate::node::Node;
use crate::schema::CfDef;
use serde_json::{json, Value};

/// Values of an index row sampled to recognise what they point to.
const SAMPLE: usize = 20;

/// A Thrift read's advice: a SELECT to advise on, or the answer itself.
pub enum Thrift {
    Query(String),
    Answer(Value),
}

fn cql_type(t: &dyn AbstractType) -> String {
    CqlType::from_marshal(t)
        .map(|c| c.cql_name())
        .unwrap_or_else(|_| "blob".into())
}

/// A typed value as a CQL constant (text-like quoted).
fn constant(t: &dyn AbstractType, text: &str) -> String {
    match cql_type(t).as_str() {
        "text" | "ascii" | "varchar" | "timestamp" | "inet" => {
            format!("'{}'", text.replace('\'', "''"))
        }
        "blob" => format!("0x{}", crate::marshal::bytes_to_hex(text.as_bytes())),
        _ => text.to_string(),
    }
}

fn short(t: &dyn AbstractType) -> String {
    t.class_name()
        .rsplit('.')
        .next()
        .unwrap_or_default()
        .to_string()
}

/// The cassandra-cli script that makes the column family.
fn cli_script(def: &CfDef) -> String {
    let mut s = format!(
        "create column family {} with column_type = '{}' and comparator = '{}'",
        def.name,
        if def.is_super() { "Super" } else { "Standard" },
        short(def.comparator.as_ref())
    );
    if let Some(sub) = &def.subcomparator {
        s.push_str(&format!(" and subcomparator = '{}'", short(sub.as_ref())));
    }
    s.push_str(&format!(
        " and key_validation_class = '{}' and default_validation_class = '{}';",
        short(def.options.key_validation_class.as_ref()),
        short(def.options.default_validation_class.as_ref())
    ));
    s
}

fn cfdef_json(def: &CfDef) -> Value {
    json!({
        "name": def.name,
        "column_type": if def.is_super() { "Super" } else { "Standard" },
        "comparator_type": def.comparator.class_name(),
        "subcomparator_type": def.subcomparator.as_ref().map(|s| s.class_name()),
        "key_validation_class": def.options.key_validation_class.class_name(),
        "default_validation_class": def.options.default_validation_class.class_name(),
    })
}

/// A super column family's CQL3 equivalent.
fn super_table(ks: &str, def: &CfDef) -> String {
    let sub = def
        .subcomparator
        .as_ref()
        .map(|s| cql_type(s.as_ref()))
        .unwrap_or_else(|| "blob".into());
    format!(
        "CREATE TABLE {}.{} (key {}, super {}, sub {}, value {}, PRIMARY KEY (key, super, sub)) WITH COMPACT STORAGE",
        ident(ks),
        ident(&def.name.to_ascii_lowercase()),
        cql_type(def.options.key_validation_class.as_ref()),
        cql_type(def.comparator.as_ref()),
        sub,
        cql_type(def.options.default_validation_class.as_ref()),
    )
}

/// The column families of `ks` whose keys the sampled values of `def`'s
/// first partition are.
fn pointed_at(node: &Node, ks: &str, def: &CfDef) -> AdvisorResult<Option<String>> {
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: def.name.clone(),
        super_column: None,
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: SAMPLE,
        },
    };
    let range = RowRange::Keys {
        start: Vec::new(),
        end: Vec::new(),
    };
    let rows = node.read_range(&cmd, &range, 1)?;
    let Some((_, RowResult::Cells(cells))) = rows.into_iter().next() else {
        return Ok(None);
    };
    if cells.is_empty() {
        return Ok(None);
    }
    let schema = node.schema();
    let Some(k) = schema.keyspace(ks) else {
        return Ok(None);
    };
    for other in k.cfs.values().filter(|c| c.name != def.name) {
        let mut all = true;
        for c in &cells {
            if node.partition_size(ks, &other.name, &c.value)?.is_none() {
                all = false;
                break;
            }
        }
        if all {
            return Ok(Some(other.name.clone()));
        }
    }
    Ok(None)
}

pub fn proposal(node: &Node, ks: &str, t: &ThriftCall) -> AdvisorResult<Thrift> {
    let schema = node.schema();
    let def = cf_def(&schema, ks, &t.column_family)?;
    let base = |shape: &str, message: String| {
        json!({
            "keyspace": ks,
            "source": def.name,
            "thrift": {"call": t.call, "shape": shape, "message": message},
            "cfdef": cfdef_json(&def),
            "cli": cli_script(&def),
        })
    };
    if def.is_super() {
        let mut v = base(
            "single_partition",
            format!("{} is a super column family: a row's super columns, or one super column's sub-columns, are one partition already; its CQL3 equivalent keys rows by (key, super, sub)", def.name),
        );
        v["create"] = json!(super_table(ks, &def));
        v["query"] = json!(format!(
            "SELECT * FROM {} WHERE key = ? AND super = ?",
            ident(&def.name.to_ascii_lowercase())
        ));
        return Ok(Thrift::Answer(v));
    }
    match t.call.as_str() {
        "get_indexed_slices" => {
            let (Some(col), Some(val)) = (&t.column, &t.value) else {
                return Err(AdvisorError::BadRequest(
                    "get_indexed_slices: give the column and the value it equals".into(),
                ));
            };
            let validator = def
                .options
                .column_metadata
                .iter()
                .find(|m| m.name == col.as_bytes())
                .map(|m| m.validation_class.clone())
                .unwrap_or_else(|| def.options.default_validation_class.clone());
            Ok(Thrift::Query(format!(
                "SELECT * FROM {} WHERE {} = {}",
                ident(&def.name),
                ident(col),
                constant(validator.as_ref(), val)
            )))
        }
        "get_slice" | "multiget_slice" | "get_range_slices" => {
            if let Some(target) = pointed_at(node, ks, &def)? {
                let mut v = base(
                    "single_partition",
                    format!("{} is a hand-made index: each row's column values are row keys of {target}, so a row is the query \"{target} by {} key\", one partition per value (read it, then multiget_slice {target})", def.name, def.name),
                );
                v["create"] = json!(format!(
                    "CREATE TABLE {}.{} (key {}, column1 {}, value {}, PRIMARY KEY (key, column1)) WITH COMPACT STORAGE",
                    ident(ks),
                    ident(&def.name.to_ascii_lowercase()),
                    cql_type(def.options.key_validation_class.as_ref()),
                    cql_type(def.comparator.as_ref()),
                    cql_type(def.options.default_validation_class.as_ref())
                ));
                v["recognised"] = json!({"kind": "query_table", "points_at": target});
                return Ok(Thrift::Answer(v));
            }
            let (shape, msg) = if t.call == "get_range_slices" {
                ("ring_scan", "get_range_slices walks the ring by design: to read rows by a column's value, ask about get_indexed_slices with that column and value".to_string())
            } else {
                (
                    "single_partition",
                    format!("{} reads the partitions of its keys already", t.call),
                )
            };
            Ok(Thrift::Answer(base(shape, msg)))
        }
        other => Err(AdvisorError::BadRequest(format!(
            "unknown call {other} (get_slice, multiget_slice, get_range_slices, get_indexed_slices)"
        ))),
    }
}
