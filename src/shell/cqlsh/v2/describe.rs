//! cqlsh 2.0.0's `DESCRIBE`: `KEYSPACE [ks]`, `COLUMNFAMILY cf`,
//! `COLUMNFAMILIES`, `CLUSTER`, `SCHEMA`, read with `describe_keyspace(s)`,
//! `describe_ring` and friends and written as CQL 2 statements that would
//! recreate the definitions (the options 2.0.0 knew and its driver read,
//! in its order, each only when the server sent it; floats `%f`, booleans
//! `True`). Only
//! rendering over the session's client; the loop is `v2`'s.

use super::Cqlsh2;
use crate::shell::cqlsh::error_line;
use crate::thrift::client_error::Classify;
use crate::thrift::gen::cassandra19::{CfDef, KsDef, TCassandraSyncClient};

/// The CQL 2 type name of a validator class (2.0.0's table; `text` for
/// UTF8Type, as its dict gave it), else the class quoted.
fn cql_typename(class: &str) -> String {
    let short = class
        .strip_prefix("org.apache.cassandra.db.marshal.")
        .unwrap_or(class);
    let name = match short {
        "AsciiType" => "ascii",
        "LongType" => "bigint",
        "BytesType" => "blob",
        "BooleanType" => "boolean",
        "CounterColumnType" => "counter",
        "DecimalType" => "decimal",
        "DoubleType" => "double",
        "FloatType" => "float",
        "Int32Type" => "int",
        "UTF8Type" => "text",
        "DateType" => "timestamp",
        "UUIDType" => "uuid",
        "IntegerType" => "varint",
        other => return cql_escape(other),
    };
    name.to_string()
}

/// A string literal, quotes doubled.
fn cql_escape(s: &str) -> String {
    format!("'{}'", s.replace('\'', "''"))
}

/// A name as is when it reads as a CQL word, else quoted.
fn maybe_escape(s: &str) -> String {
    let word = s.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if word || (!s.is_empty() && s.chars().all(|c| c.is_ascii_digit())) {
        s.to_string()
    } else {
        cql_escape(s)
    }
}

fn trim<'s>(s: &'s str, prefix: &str) -> &'s str {
    s.strip_prefix(prefix).unwrap_or(s)
}

/// Python's `cmd.Cmd.columnize` over 80 columns.
fn columnize(names: &[String]) -> String {
    if names.is_empty() {
        return "<empty>\n".into();
    }
    if names.len() == 1 {
        return format!("{}\n", names[0]);
    }
    let size = names.len();
    let (mut rows, mut widths) = (size, vec![0]);
    for nrows in 1..size {
        let ncols = size.div_ceil(nrows);
        let mut colwidths = Vec::new();
        let mut total: isize = -2;
        for col in 0..ncols {
            let w = (0..nrows)
                .map(|r| r + nrows * col)
                .take_while(|&i| i < size)
                .map(|i| names[i].chars().count())
                .max()
                .unwrap_or(0);
            colwidths.push(w);
            total += w as isize + 2;
            if total > 80 {
                break;
            }
        }
        if total <= 80 {
            (rows, widths) = (nrows, colwidths);
            break;
        }
    }
    let ncols = widths.len();
    let mut out = String::new();
    for row in 0..rows {
        let mut texts: Vec<String> = (0..ncols)
            .map(|c| names.get(row + rows * c).cloned().unwrap_or_default())
            .collect();
        while texts.last().is_some_and(|t| t.is_empty()) {
            texts.pop();
        }
        let cells: Vec<String> = texts
            .iter()
            .enumerate()
            .map(|(c, t)| format!("{t:<w$}", w = widths[c]))
            .collect();
        out.push_str(&format!("{}\n", cells.join("  ")));
    }
    out
}

/// `CREATE KEYSPACE …` and, when it has any, `USE` and its column families.
fn recreate_keyspace(ks: &KsDef) -> String {
    let name = maybe_escape(&ks.name);
    let class = trim(&ks.strategy_class, "org.apache.cassandra.locator.");
    let mut out = format!(
        "CREATE KEYSPACE {name} WITH strategy_class = {}",
        cql_escape(class)
    );
    for (k, v) in ks.strategy_options.iter().flatten() {
        out.push_str(&format!("\n  AND strategy_options:{k} = {}", cql_escape(v)));
    }
    out.push_str(";\n");
    if !ks.cf_defs.is_empty() {
        out.push_str(&format!("\nUSE {name};\n"));
        for cf in &ks.cf_defs {
            out.push('\n');
            out.push_str(&recreate_columnfamily(cf));
        }
    }
    out
}

/// `CREATE COLUMNFAMILY …` with the options 2.0.0 listed, then its indexes.
fn recreate_columnfamily(cf: &CfDef) -> String {
    let name = maybe_escape(&cf.name);
    let alias = cf
        .key_alias
        .as_deref()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_else(|| "KEY".into());
    let key_type = cql_typename(cf.key_validation_class.as_deref().unwrap_or("BytesType"));
    let mut out = format!("CREATE COLUMNFAMILY {name} (\n  {alias} {key_type} PRIMARY KEY");
    let columns = cf.column_metadata.clone().unwrap_or_default();
    for c in &columns {
        let col = maybe_escape(&String::from_utf8_lossy(&c.name));
        out.push_str(&format!(",\n  {col} {}", cql_typename(&c.validation_class)));
    }
    let f = |x: f64| format!("{x:.6}");
    // 2.0.0 also named the cache options (`row_cache_provider`,
    // `key_cache_size`, `row_cache_size` and the save periods), but its
    // driver's CfDef had no such fields: it dropped them when it read the
    // reply, and they never showed.
    let options: Vec<(&str, Option<String>)> = vec![
        ("comment", cf.comment.as_deref().map(cql_escape)),
        (
            "comparator",
            cf.comparator_type.as_deref().map(cql_typename),
        ),
        ("read_repair_chance", cf.read_repair_chance.map(|x| f(x.0))),
        (
            "gc_grace_seconds",
            cf.gc_grace_seconds.map(|x| x.to_string()),
        ),
        (
            "default_validation",
            cf.default_validation_class.as_deref().map(cql_typename),
        ),
        (
            "min_compaction_threshold",
            cf.min_compaction_threshold.map(|x| x.to_string()),
        ),
        (
            "max_compaction_threshold",
            cf.max_compaction_threshold.map(|x| x.to_string()),
        ),
        (
            "replicate_on_write",
            cf.replicate_on_write
                .map(|b| if b { "True" } else { "False" }.to_string()),
        ),
    ];
    out.push_str("\n)");
    let mut joiner = "WITH";
    for (option, value) in options {
        if let Some(v) = value {
            out.push_str(&format!(" {joiner}\n  {option}={v}"));
            joiner = "AND";
        }
    }
    out.push_str(";\n");
    for c in columns.iter().filter(|c| c.index_name.is_some()) {
        out.push_str(&format!(
            "\nCREATE INDEX {} ON {name} ({});\n",
            c.index_name.as_deref().unwrap_or_default(),
            maybe_escape(&String::from_utf8_lossy(&c.name))
        ));
    }
    out
}

impl Cqlsh2<'_> {
    /// `DESCRIBE what [name]`; an error is the line to print.
    pub(super) fn describe(&mut self, what: &str, name: Option<String>) -> Result<(), String> {
        let call = |e| error_line(&e);
        let text = match what {
            "keyspace" => {
                let Some(ks) = name.or_else(|| self.keyspace.clone()) else {
                    return Err("Not in any keyspace.".into());
                };
                let def = self
                    .client
                    .describe_keyspace(ks)
                    .classified()
                    .map_err(call)?;
                format!("\n{}\n", recreate_keyspace(&def))
            }
            "columnfamily" => {
                let cf = name.ok_or("Improper describe command.")?;
                let ks = self.keyspace.clone().unwrap_or_else(|| "system".into());
                let def = self
                    .client
                    .describe_keyspace(ks)
                    .classified()
                    .map_err(call)?;
                let found = def.cf_defs.iter().find(|c| c.name == cf);
                let cf = found.ok_or_else(|| format!("Unconfigured column family '{cf}'"))?;
                format!("\n{}\n", recreate_columnfamily(cf))
            }
            "columnfamilies" => match self.keyspace.clone() {
                Some(ks) => {
                    let def = self
                        .client
                        .describe_keyspace(ks.clone())
                        .classified()
                        .map_err(|_| format!("Keyspace {ks} not found."))?;
                    let names: Vec<String> = def.cf_defs.iter().map(|c| c.name.clone()).collect();
                    format!("\n{}\n", columnize(&names))
                }
                None => {
                    let mut out = String::new();
                    for k in self
                        .client
                        .describe_keyspaces()
                        .classified()
                        .map_err(call)?
                    {
                        out.push_str(&format!("Keyspace {}\n", k.name));
                        out.push_str(&format!("---------{}\n\n", "-".repeat(k.name.len())));
                        let names: Vec<String> = k.cf_defs.iter().map(|c| c.name.clone()).collect();
                        out.push_str(&columnize(&names));
                        out.push('\n');
                    }
                    out
                }
            },
            "cluster" => self.describe_cluster()?,
            "schema" => {
                let mut out = String::from("\n");
                for k in self
                    .client
                    .describe_keyspaces()
                    .classified()
                    .map_err(call)?
                {
                    out.push_str(&recreate_keyspace(&k));
                    out.push('\n');
                }
                out
            }
            _ => return Err("Improper describe command.".into()),
        };
        self.say(&text);
        Ok(())
    }

    fn describe_cluster(&mut self) -> Result<String, String> {
        let call = |e| error_line(&e);
        let name = self
            .client
            .describe_cluster_name()
            .classified()
            .map_err(call)?;
        let p = self
            .client
            .describe_partitioner()
            .classified()
            .map_err(call)?;
        let snitch = self.client.describe_snitch().classified().map_err(call)?;
        let mut out = format!(
            "Cluster: {name}\nPartitioner: {}\nSnitch: {}\n\n",
            trim(&p, "org.apache.cassandra.dht."),
            trim(&snitch, "org.apache.cassandra.locator.")
        );
        if let Some(ks) = self.keyspace.clone().filter(|k| k != "system") {
            out.push_str("Range ownership:\n");
            for r in self.client.describe_ring(ks).classified().map_err(call)? {
                out.push_str(&format!(
                    " {:>39}  [{}]\n",
                    r.start_token,
                    r.endpoints.join(", ")
                ));
            }
            out.push('\n');
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columnize_fills_one_line_when_it_fits() {
        let names: Vec<String> = ["a", "bb", "c"].iter().map(|s| s.to_string()).collect();
        assert_eq!(columnize(&names), "a  bb  c\n");
        assert_eq!(columnize(&names[..1]), "a\n");
    }

    #[test]
    fn types_and_names_read_as_cql2() {
        assert_eq!(
            cql_typename("org.apache.cassandra.db.marshal.UTF8Type"),
            "text"
        );
        assert_eq!(cql_typename("Int32Type"), "int");
        assert_eq!(cql_typename("my.Custom"), "'my.Custom'");
        assert_eq!(maybe_escape("users"), "users");
        assert_eq!(maybe_escape("two words"), "'two words'");
    }
}
