//! `show schema` for `supercolumn cli`: the keyspaces as the cli script
//! that would create them, laid out as cassandra-cli 1.2.9 printed it
//! (two-space indents, `with`/`and` attribute lines, short type names).
//! Reads definitions only; never changes the schema.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::exec::resolve_keyspace;
use crate::shell::cli::render::{java_map_order, type_named};
use crate::shell::cli::CliError;
use crate::thrift::gen::cassandra19::{CfDef, ColumnDef, KsDef};
use std::fmt::Write as _;

const TAB: &str = "  ";

/// `'` and `\` escaped the way the cli quotes strings.
fn esc(s: &str) -> String {
    s.replace('\\', "\\\\").replace('\'', "\\'")
}

fn short(path: &str, package: &str) -> String {
    path.strip_prefix(package)
        .and_then(|p| p.strip_prefix('.'))
        .unwrap_or(path)
        .to_string()
}

fn attr(out: &mut String, first: bool, name: &str, value: &str) {
    let _ = write!(
        out,
        "\n{TAB}{} {name} = {value}",
        if first { "with" } else { "and" }
    );
}

fn quoted(v: &str) -> String {
    format!("'{}'", esc(v))
}

fn map_text(m: &std::collections::BTreeMap<String, String>, quote: bool) -> String {
    let items: Vec<String> = java_map_order(m)
        .into_iter()
        .map(|(k, v)| {
            if quote {
                format!("{} : {}", quoted(k), quoted(v))
            } else {
                format!("{} : {}", esc(k), esc(v))
            }
        })
        .collect();
    format!("{{{}}}", items.join(", "))
}

const MARSHAL: &str = "org.apache.cassandra.db.marshal";

fn column_meta(out: &mut String, cf: &CfDef, col: &ColumnDef) {
    let is_super = cf.column_type.as_deref() == Some("Super");
    let comparator = if is_super {
        cf.subcomparator_type.as_deref()
    } else {
        cf.comparator_type.as_deref()
    };
    let name = type_named(comparator).get_string(&col.name);
    let _ = write!(out, "\n{TAB}{TAB}{{column_name : '{}',\n", esc(&name));
    let _ = write!(
        out,
        "{TAB}{TAB}validation_class : {}",
        esc(&short(&col.validation_class, MARSHAL))
    );
    if let Some(index_name) = &col.index_name {
        let _ = write!(
            out,
            ",\n{TAB}{TAB}index_name : '{}',\n{TAB}{TAB}index_type : {}",
            esc(index_name),
            col.index_type.map_or(0, |t| t.0)
        );
        if let Some(opts) = col.index_options.as_ref().filter(|o| !o.is_empty()) {
            out.push_str(",\n");
            let _ = writeln!(out, "{TAB}{TAB}index_options : {{");
            let items: Vec<String> = java_map_order(opts)
                .into_iter()
                .map(|(k, v)| format!("{TAB}{TAB}{TAB}'{}' : '{}'", esc(k), esc(v)))
                .collect();
            out.push_str(&items.join(",\n"));
            out.push('}');
        }
    }
    out.push('}');
}

fn column_family(out: &mut String, cf: &CfDef) {
    let _ = write!(out, "create column family {}", cf.name);
    let column_type = cf.column_type.as_deref().unwrap_or("Standard");
    attr(out, true, "column_type", &quoted(column_type));
    let comparator = cf.comparator_type.as_deref().unwrap_or("BytesType");
    attr(
        out,
        false,
        "comparator",
        &quoted(&short(comparator, MARSHAL)),
    );
    if column_type == "Super" {
        let sub = cf.subcomparator_type.as_deref().unwrap_or("BytesType");
        attr(out, false, "subcomparator", &quoted(&short(sub, MARSHAL)));
    }
    if let Some(v) = cf
        .default_validation_class
        .as_deref()
        .filter(|v| !v.is_empty())
    {
        attr(
            out,
            false,
            "default_validation_class",
            &quoted(&short(v, MARSHAL)),
        );
    }
    if let Some(v) = &cf.key_validation_class {
        attr(
            out,
            false,
            "key_validation_class",
            &quoted(&short(v, MARSHAL)),
        );
    }
    let float = |v: Option<thrift::OrderedFloat<f64>>| v.map(|f| format!("{:?}", f.0));
    let rows: [(&str, Option<String>); 9] = [
        ("read_repair_chance", float(cf.read_repair_chance)),
        (
            "dclocal_read_repair_chance",
            float(cf.dclocal_read_repair_chance),
        ),
        (
            "populate_io_cache_on_flush",
            cf.populate_io_cache_on_flush.map(|b| b.to_string()),
        ),
        ("gc_grace", cf.gc_grace_seconds.map(|v| v.to_string())),
        (
            "min_compaction_threshold",
            cf.min_compaction_threshold.map(|v| v.to_string()),
        ),
        (
            "max_compaction_threshold",
            cf.max_compaction_threshold.map(|v| v.to_string()),
        ),
        (
            "replicate_on_write",
            cf.replicate_on_write.map(|b| b.to_string()),
        ),
        (
            "compaction_strategy",
            cf.compaction_strategy.as_deref().map(quoted),
        ),
        ("caching", cf.caching.as_deref().map(quoted)),
    ];
    for (name, value) in rows {
        if let Some(v) = value {
            attr(out, false, name, &v);
        }
    }
    if let Some(f) = cf.bloom_filter_fp_chance {
        attr(out, false, "bloom_filter_fp_chance", &format!("{:?}", f.0));
    }
    if let Some(o) = cf
        .compaction_strategy_options
        .as_ref()
        .filter(|o| !o.is_empty())
    {
        attr(
            out,
            false,
            "compaction_strategy_options",
            &map_text(o, true),
        );
    }
    if let Some(c) = cf.comment.as_deref().filter(|c| !c.is_empty()) {
        attr(out, false, "comment", &quoted(c));
    }
    if let Some(cols) = cf.column_metadata.as_ref().filter(|c| !c.is_empty()) {
        let _ = write!(out, "\n{TAB}and column_metadata = [");
        for (i, col) in cols.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            column_meta(out, cf, col);
        }
        out.push(']');
    }
    if let Some(o) = cf.compression_options.as_ref().filter(|o| !o.is_empty()) {
        attr(out, false, "compression_options", &map_text(o, true));
    }
    out.push_str(";\n\n");
}

fn keyspace(ks: &KsDef) -> String {
    let mut out = format!("create keyspace {}", ks.name);
    attr(
        &mut out,
        true,
        "placement_strategy",
        &quoted(&short(&ks.strategy_class, "org.apache.cassandra.locator")),
    );
    if let Some(o) = ks.strategy_options.as_ref().filter(|o| !o.is_empty()) {
        attr(&mut out, false, "strategy_options", &map_text(o, false));
    }
    attr(
        &mut out,
        false,
        "durable_writes",
        &ks.durable_writes.unwrap_or(true).to_string(),
    );
    let _ = write!(out, ";\n\nuse {};\n\n", ks.name);
    let mut cfs = ks.cf_defs.clone();
    cfs.sort_by(|a, b| a.name.cmp(&b.name));
    for cf in &cfs {
        column_family(&mut out, cf);
    }
    out.push_str("\n\n");
    out
}

/// `show schema [KS]`: the named keyspace (found as `use` finds one),
/// else the current one, else all.
pub fn show_schema(
    backend: &mut Backend,
    named: Option<&str>,
    current: Option<&str>,
) -> Result<String, CliError> {
    eprintln!("\nWARNING: CQL3 tables are intentionally omitted from 'show schema' output.");
    eprintln!("See https://issues.apache.org/jira/browse/CASSANDRA-4377 for details.\n");
    let mut all = backend.all_keyspaces19()?;
    all.sort_by(|a, b| a.name.cmp(&b.name));
    let resolved = match named {
        Some(n) => {
            let names: Vec<String> = all.iter().map(|k| k.name.clone()).collect();
            Some(resolve_keyspace(n, &names)?)
        }
        None => None,
    };
    let ks = resolved.as_deref().or(current);
    Ok(all
        .iter()
        .filter(|k| ks.is_none_or(|n| n == k.name))
        .map(keyspace)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::client::blank_cf_def;
    use crate::thrift::gen::cassandra19::IndexType;

    #[test]
    fn keyspace_script_layout() {
        let mut cf = blank_cf_def("Blog", "Authors");
        cf.column_type = Some("Standard".into());
        cf.comparator_type = Some("org.apache.cassandra.db.marshal.UTF8Type".into());
        cf.gc_grace_seconds = Some(864000);
        cf.comment = Some("it's".into());
        cf.column_metadata = Some(vec![ColumnDef::new(
            b"email".to_vec(),
            "org.apache.cassandra.db.marshal.UTF8Type".to_string(),
            IndexType::KEYS,
            "Authors_email_idx".to_string(),
            None,
        )]);
        let mut opts = std::collections::BTreeMap::new();
        opts.insert("replication_factor".to_string(), "1".to_string());
        let ks = KsDef::new(
            "Blog".into(),
            "org.apache.cassandra.locator.SimpleStrategy".into(),
            opts,
            None,
            vec![cf],
            true,
        );
        assert_eq!(
            keyspace(&ks),
            "create keyspace Blog
  with placement_strategy = 'SimpleStrategy'
  and strategy_options = {replication_factor : 1}
  and durable_writes = true;

use Blog;

create column family Authors
  with column_type = 'Standard'
  and comparator = 'UTF8Type'
  and gc_grace = 864000
  and comment = 'it\\'s'
  and column_metadata = [
    {column_name : 'email',
    validation_class : UTF8Type,
    index_name : 'Authors_email_idx',
    index_type : 0}];



"
        );
    }
}
