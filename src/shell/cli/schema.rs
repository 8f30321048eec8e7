//! `create`/`update` of keyspaces and column families for `supercolumn cli`:
//! turns the `with a = v and ...` attributes cassandra-cli 1.2.9 accepted
//! into 19.x `KsDef`/`CfDef` values. Only builds definitions; sending them
//! and printing the schema version is `cli_exec`'s job.

use crate::marshal::parse_type;
use crate::shell::cli::era::Era;
use crate::shell::cli::statement::Attr;
use crate::shell::cli::CliError;
use crate::thrift::gen::cassandra19::{CfDef, ColumnDef, IndexType, KsDef};
use std::collections::BTreeMap;
use thrift::OrderedFloat;

fn text<'a>(name: &str, v: &'a Attr) -> Result<&'a str, CliError> {
    match v {
        Attr::Text(t) => Ok(t),
        _ => Err(CliError(format!("{name} takes a single value"))),
    }
}

fn map(name: &str, v: &Attr) -> Result<BTreeMap<String, String>, CliError> {
    let Attr::Map(entries) = v else {
        return Err(CliError(format!("{name} takes a {{key: value}} map")));
    };
    entries
        .iter()
        .map(|(k, v)| Ok((k.clone(), text(name, v)?.to_string())))
        .collect()
}

// The errors below are as 1.2.9 printed them from `create`/`update`, which
// wrapped them in a `RuntimeException` whose message is the Java
// exception's `toString()`, class name first.

fn not_a_number(t: &str) -> CliError {
    CliError(format!(
        "java.lang.NumberFormatException: For input string: \"{t}\""
    ))
}

fn int(name: &str, v: &Attr) -> Result<i32, CliError> {
    let t = text(name, v)?;
    t.parse().map_err(|_| not_a_number(t))
}

fn float(name: &str, v: &Attr) -> Result<OrderedFloat<f64>, CliError> {
    let t = text(name, v)?;
    t.parse::<f64>()
        .map(OrderedFloat)
        .map_err(|_| not_a_number(t))
}

/// A read repair chance, which the cli checked itself (0.7 only that it
/// was not above 1).
fn chance(name: &str, v: &Attr, era: &Era) -> Result<OrderedFloat<f64>, CliError> {
    let c = float(name, v)?;
    if !era.at_least(0, 8) && c.0 > 1.0 {
        return Err(CliError(format!(
            "Error: {name} should not be greater than 1."
        )));
    }
    if era.at_least(0, 8) && !(0.0..=1.0).contains(&c.0) {
        return Err(CliError(format!(
            "java.lang.RuntimeException: Error: {name} must be between 0 and 1."
        )));
    }
    Ok(c)
}

/// An attribute name outside the era's enum of them (`enum_name` is the
/// enum's Java name, as `Era` gives it).
fn unknown_argument(enum_name: &str, name: &str) -> CliError {
    CliError(format!(
        "java.lang.IllegalArgumentException: No enum constant {enum_name}.{}",
        name.to_ascii_uppercase()
    ))
}

const KS_ARGUMENT: &str = "org.apache.cassandra.cli.CliClient.AddKeyspaceArgument";

/// `strategy_options`: `{k: v}`, or the `[{k: v}]` list 0.7 and 0.8 took,
/// which later clis still read (its first map) with a warning on stderr.
fn strategy_options(name: &str, v: &Attr, era: &Era) -> Result<BTreeMap<String, String>, CliError> {
    match v {
        Attr::List(items) if era.at_least(1, 0) => {
            eprintln!("WARNING: [{{}}] strategy_options syntax is deprecated, please use {{}}");
            items
                .first()
                .map_or_else(|| Ok(BTreeMap::new()), |m| map(name, m))
        }
        Attr::List(items) => {
            let mut all = BTreeMap::new();
            for m in items {
                all.extend(map(name, m)?);
            }
            Ok(all)
        }
        _ => map(name, v),
    }
}

fn boolean(name: &str, v: &Attr) -> Result<bool, CliError> {
    Ok(text(name, v)?.eq_ignore_ascii_case("true"))
}

/// `SimpleStrategy` -> the class name the server expects (the cli added
/// the package when none was given).
fn strategy_class(s: &str) -> String {
    if s.contains('.') {
        s.to_string()
    } else {
        format!("org.apache.cassandra.locator.{s}")
    }
}

/// Applies keyspace attributes (`placement_strategy`, `strategy_options`,
/// `durable_writes`) to `ks`.
pub fn apply_ks_attrs(ks: &mut KsDef, attrs: &[(String, Attr)], era: &Era) -> Result<(), CliError> {
    for (k, v) in attrs {
        if !era.takes_ks_attribute(k) {
            return Err(unknown_argument(KS_ARGUMENT, k));
        }
        match k.as_str() {
            "placement_strategy" => ks.strategy_class = strategy_class(text(k, v)?),
            "strategy_options" => ks.strategy_options = Some(strategy_options(k, v, era)?),
            "durable_writes" => ks.durable_writes = Some(boolean(k, v)?),
            "replication_factor" => ks.replication_factor = Some(int(k, v)?),
            other => return Err(unknown_argument(KS_ARGUMENT, other)),
        }
    }
    Ok(())
}

/// A new keyspace definition from `create keyspace NAME with ...`.
pub fn new_ks(name: &str, attrs: &[(String, Attr)], era: &Era) -> Result<KsDef, CliError> {
    let mut ks = KsDef::new(
        name.to_string(),
        strategy_class("NetworkTopologyStrategy"),
        None,
        None,
        Vec::new(),
        None,
    );
    apply_ks_attrs(&mut ks, attrs, era)?;
    Ok(ks)
}

fn index_type(v: &str) -> Result<IndexType, CliError> {
    match v.to_ascii_uppercase().as_str() {
        "KEYS" | "0" => Ok(IndexType::KEYS),
        "CUSTOM" | "1" => Ok(IndexType::CUSTOM),
        "COMPOSITES" | "2" => Ok(IndexType::COMPOSITES),
        _ => Err(CliError(format!("Unknown index type: {v}"))),
    }
}

fn column_def(cf: &CfDef, v: &Attr) -> Result<ColumnDef, CliError> {
    let Attr::Map(entries) = v else {
        return Err(CliError(
            "column_metadata takes a list of {column_name: ..., validation_class: ...}".into(),
        ));
    };
    let comparator = cf.comparator_type.as_deref().unwrap_or("BytesType");
    let t = parse_type(comparator).map_err(|e| CliError(e.to_string()))?;
    let mut def = ColumnDef::new(Vec::new(), "BytesType".to_string(), None, None, None);
    let mut named = false;
    for (k, v) in entries {
        match k.to_ascii_lowercase().as_str() {
            "column_name" => {
                def.name = t
                    .from_string(text(k, v)?)
                    .map_err(|e| CliError(format!("java.lang.RuntimeException: org.apache.cassandra.db.marshal.MarshalException: {e}")))?;
                named = true;
            }
            "validation_class" => def.validation_class = text(k, v)?.to_string(),
            "index_type" => def.index_type = Some(index_type(text(k, v)?)?),
            "index_name" => def.index_name = Some(text(k, v)?.to_string()),
            "index_options" => def.index_options = Some(map(k, v)?),
            other => {
                let value = match v {
                    Attr::Text(t) => t.as_str(),
                    _ => "",
                };
                return Err(CliError(format!(
                    "java.lang.RuntimeException: Unsupported column_metadata pair given => {other}: {value}"
                )));
            }
        }
    }
    if !named {
        return Err(CliError("Column name is required.".into()));
    }
    Ok(def)
}

/// Applies column family attributes to `cf`, in the order written (so a
/// `comparator` before `column_metadata` converts its column names).
pub fn apply_cf_attrs(cf: &mut CfDef, attrs: &[(String, Attr)], era: &Era) -> Result<(), CliError> {
    for (k, v) in attrs {
        if !era.takes_cf_attribute(k) {
            return Err(unknown_argument(era.cf_argument_enum(), k));
        }
        match k.as_str() {
            "column_type" => cf.column_type = Some(text(k, v)?.to_string()),
            "comparator" => cf.comparator_type = Some(text(k, v)?.to_string()),
            "subcomparator" => cf.subcomparator_type = Some(text(k, v)?.to_string()),
            "comment" => cf.comment = Some(text(k, v)?.to_string()),
            "read_repair_chance" => cf.read_repair_chance = Some(chance(k, v, era)?),
            "dclocal_read_repair_chance" => {
                cf.dclocal_read_repair_chance = Some(chance(k, v, era)?)
            }
            // 0.7 and 0.8 sent the memtable settings; 1.0 on took and
            // dropped them.
            "memtable_operations" if !era.at_least(1, 0) => {
                cf.memtable_operations_in_millions = Some(float(k, v)?)
            }
            "memtable_throughput" if !era.at_least(1, 0) => {
                cf.memtable_throughput_in_mb = Some(int(k, v)?)
            }
            "memtable_flush_after" => cf.memtable_flush_after_mins = Some(int(k, v)?),
            "memtable_operations" | "memtable_throughput" => {}
            "rows_cached" => cf.row_cache_size = Some(float(k, v)?),
            "keys_cached" => cf.key_cache_size = Some(float(k, v)?),
            "row_cache_save_period" => cf.row_cache_save_period_in_seconds = Some(int(k, v)?),
            "key_cache_save_period" => cf.key_cache_save_period_in_seconds = Some(int(k, v)?),
            "row_cache_keys_to_save" => cf.row_cache_keys_to_save = Some(int(k, v)?),
            "row_cache_provider" => cf.row_cache_provider = Some(text(k, v)?.to_string()),
            "speculative_retry" => cf.speculative_retry = Some(text(k, v)?.to_string()),
            "gc_grace" => cf.gc_grace_seconds = Some(int(k, v)?),
            "default_validation_class" => {
                cf.default_validation_class = Some(text(k, v)?.to_string())
            }
            "key_validation_class" => cf.key_validation_class = Some(text(k, v)?.to_string()),
            "min_compaction_threshold" => cf.min_compaction_threshold = Some(int(k, v)?),
            "max_compaction_threshold" => cf.max_compaction_threshold = Some(int(k, v)?),
            "replicate_on_write" => cf.replicate_on_write = Some(boolean(k, v)?),
            "populate_io_cache_on_flush" => cf.populate_io_cache_on_flush = Some(boolean(k, v)?),
            "compaction_strategy" => cf.compaction_strategy = Some(text(k, v)?.to_string()),
            "compaction_strategy_options" => cf.compaction_strategy_options = Some(map(k, v)?),
            "compression_options" => cf.compression_options = Some(map(k, v)?),
            "caching" => cf.caching = Some(text(k, v)?.to_string()),
            "bloom_filter_fp_chance" => cf.bloom_filter_fp_chance = Some(float(k, v)?),
            "index_interval" => cf.index_interval = Some(int(k, v)?),
            "default_time_to_live" => cf.default_time_to_live = Some(int(k, v)?),
            "memtable_flush_period_in_ms" => cf.memtable_flush_period_in_ms = Some(int(k, v)?),
            "key_alias" => cf.key_alias = Some(text(k, v)?.as_bytes().to_vec()),
            "column_metadata" => {
                let Attr::List(items) = v else {
                    return Err(CliError("column_metadata takes a [...] list".into()));
                };
                let defs = items
                    .iter()
                    .map(|i| column_def(cf, i))
                    .collect::<Result<Vec<_>, _>>()?;
                cf.column_metadata = Some(defs);
            }
            other => return Err(unknown_argument(era.cf_argument_enum(), other)),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::cli::parse::parse;
    use crate::shell::cli::statement::Command;
    use crate::thrift::client::blank_cf_def;

    fn attrs(stmt: &str) -> Vec<(String, Attr)> {
        match parse(stmt).unwrap() {
            Command::Create(_, _, a) | Command::Update(_, _, a) => a,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn keyspace_attributes() {
        let ks = new_ks(
            "Blog",
            &attrs("create keyspace Blog with placement_strategy = 'SimpleStrategy' and strategy_options = {replication_factor:1};"),
            &Era::default(),
        )
        .unwrap();
        assert_eq!(
            ks.strategy_class,
            "org.apache.cassandra.locator.SimpleStrategy"
        );
        assert_eq!(
            ks.strategy_options
                .unwrap()
                .get("replication_factor")
                .map(String::as_str),
            Some("1")
        );
    }

    #[test]
    fn column_metadata_uses_the_comparator_and_index_types() {
        let mut cf = blank_cf_def("Blog", "Authors");
        apply_cf_attrs(
            &mut cf,
            &attrs("create column family Authors with comparator = UTF8Type and gc_grace = 10 and column_metadata = [{column_name: email, validation_class: UTF8Type, index_type: KEYS}, {column_name: n, validation_class: LongType}];"),
            &Era::default(),
        )
        .unwrap();
        let cols = cf.column_metadata.unwrap();
        assert_eq!(cols[0].name, b"email");
        assert_eq!(cols[0].index_type, Some(IndexType::KEYS));
        assert_eq!(cols[1].index_type, None);
        assert_eq!(cf.gc_grace_seconds, Some(10));
        let mut bad = blank_cf_def("Blog", "X");
        assert!(apply_cf_attrs(
            &mut bad,
            &attrs("create column family X with colour = red;"),
            &Era::default(),
        )
        .is_err());
    }
}
