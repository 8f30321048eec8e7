//! cqlsh 1.2.9's DESCRIBE: KEYSPACES, KEYSPACE, TABLES/COLUMNFAMILIES,
//! TABLE/COLUMNFAMILY, SCHEMA, CLUSTER (and 4.1.1's `FULL SCHEMA`, its
//! schema queries and table layout, as the session's `era` says).
//!
//! Keyspaces come from `describe_keyspace(s)`; tables from the CQL view of
//! the schema tables (`system.schema_columnfamilies`, `schema_columns`),
//! read back into a table layout (`cqlsh_layout`) and written as CREATE
//! statements that can be pasted back. Owns the DESCRIBE command and the
//! schema reads it makes; the session loop and output sinks are `cqlsh`'s.

use crate::shell::cqlsh::era::SchemaRead;
use crate::shell::cqlsh::layout::{decode_rows, trim, Layout, Val};
use crate::shell::cqlsh::layout20;
use crate::shell::cqlsh::lex::{protect_name, protect_value, py_repr};
use crate::shell::cqlsh::types::py2_dict_order;
use crate::shell::cqlsh::{Cqlsh, ShellError};
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19::{KsDef, TCassandraSyncClient};

/// Python's `cmd.Cmd.columnize` at 80 columns, names in the order given.
pub fn columnize(list: &[String]) -> String {
    if list.is_empty() {
        return "<empty>\n".to_string();
    }
    if list.len() == 1 {
        return format!("{}\n", list[0]);
    }
    let size = list.len();
    let mut chosen: Option<(usize, Vec<usize>)> = None;
    for nrows in 1..size {
        let ncols = size.div_ceil(nrows);
        let mut widths = Vec::new();
        let mut total: isize = -2;
        for col in 0..ncols {
            let mut w = 0;
            for row in 0..nrows {
                let i = row + nrows * col;
                if i >= size {
                    break;
                }
                w = w.max(list[i].chars().count());
            }
            widths.push(w);
            total += w as isize + 2;
            if total > 80 {
                break;
            }
        }
        if total <= 80 {
            chosen = Some((nrows, widths));
            break;
        }
    }
    let (nrows, widths) = chosen.unwrap_or((size, vec![0]));
    let ncols = widths.len();
    let mut out = String::new();
    for row in 0..nrows {
        let mut texts: Vec<String> = (0..ncols)
            .map(|col| list.get(row + nrows * col).cloned().unwrap_or_default())
            .collect();
        while texts.last().is_some_and(String::is_empty) {
            texts.pop();
        }
        let cells: Vec<String> = texts
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{t:<w$}", w = widths[i]))
            .collect();
        out.push_str(&cells.join("  "));
        out.push('\n');
    }
    out
}

/// What DESCRIBE was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Describe {
    Keyspaces,
    Keyspace(Option<String>),
    Tables,
    Table(Option<String>, String),
    /// SCHEMA, or `FULL SCHEMA` (true: the system keyspaces too).
    Schema(bool),
    Cluster,
}

/// The keyspaces 4.1.1's DESCRIBE SCHEMA leaves out (`SYSTEM_KEYSPACES`).
const SYSTEM_KEYSPACES: [&str; 3] = ["system", "system_traces", "system_auth"];

/// A value as 4.1.1's driver substituted it into a query (`cql_quote`):
/// a string quoted, a missing one the word `None`.
fn cql_quote(v: Option<&str>) -> String {
    v.map_or_else(|| "None".to_string(), protect_value)
}

impl Cqlsh<'_> {
    fn keyspaces(&mut self) -> Result<Vec<KsDef>, ShellError> {
        Ok(self.client.describe_keyspaces().classified()?)
    }

    fn keyspace_def(&mut self, name: &str) -> Result<KsDef, ShellError> {
        match self.client.describe_keyspace(name.to_string()).classified() {
            Ok(k) => Ok(k),
            Err(CallError::NotFound) => Err(ShellError::Message(format!(
                "Keyspace {} not found.",
                py_repr(name)
            ))),
            Err(e) => Err(e.into()),
        }
    }

    /// Table names of a keyspace, from `system.schema_columnfamilies`.
    pub(crate) fn table_names(&mut self, ks: &str) -> Result<Vec<String>, ShellError> {
        let q = match self.era.schema {
            SchemaRead::Aliases => format!(
                "select columnfamily_name from system.schema_columnfamilies where keyspace_name={}",
                protect_value(ks)
            ),
            SchemaRead::ColumnTypes => format!(
                "select columnfamily_name from system.schema_columnfamilies\n                   where keyspace_name={}",
                cql_quote(Some(ks))
            ),
        };
        let rows = decode_rows(&self.query(&q)?);
        Ok(rows
            .iter()
            .filter_map(|r| r.get("columnfamily_name").and_then(Val::text))
            .map(str::to_string)
            .collect())
    }

    /// A table's layout (`get_columnfamily_layout`).
    pub(crate) fn layout(&mut self, ks: Option<&str>, cf: &str) -> Result<Layout, ShellError> {
        if self.era.schema == SchemaRead::ColumnTypes {
            return self.layout20(ks, cf);
        }
        let ks = match ks
            .map(str::to_string)
            .or_else(|| self.state.keyspace.clone())
        {
            Some(k) => k,
            None => return Err(ShellError::Message("Not in any keyspace.".into())),
        };
        let cond = format!(
            "where keyspace_name={} and columnfamily_name={}",
            protect_value(&ks),
            protect_value(cf)
        );
        let rows = decode_rows(&self.query(&format!(
            "select * from system.schema_columnfamilies {cond}"
        ))?);
        let Some(row) = rows.into_iter().next() else {
            return Err(ShellError::Message(format!(
                "Column family {} not found",
                py_repr(cf)
            )));
        };
        let cols =
            decode_rows(&self.query(&format!("select * from system.schema_columns {cond}"))?);
        Ok(Layout::from_rows(row, &cols))
    }

    /// 4.1.1's `get_columnfamily_layout`: no check for a keyspace (without
    /// one the queries say `keyspace_name=None`, which the server refuses).
    fn layout20(&mut self, ks: Option<&str>, cf: &str) -> Result<Layout, ShellError> {
        let ks = ks
            .map(str::to_string)
            .or_else(|| self.state.keyspace.clone());
        let cond = format!(
            "where keyspace_name={} and columnfamily_name={}",
            cql_quote(ks.as_deref()),
            cql_quote(Some(cf))
        );
        let q = format!("select * from system.schema_columnfamilies\n                   {cond}");
        let Some(row) = decode_rows(&self.query(&q)?).into_iter().next() else {
            return Err(ShellError::Message(format!(
                "Column family {} not found",
                py_repr(cf)
            )));
        };
        let q = format!("select * from system.schema_columns\n                    {cond}");
        let cols = decode_rows(&self.query(&q)?);
        Ok(layout20::from_rows(row, &cols))
    }

    /// A table's CREATE statement as this era's cqlsh wrote it.
    fn create_statements(&self, l: &Layout) -> String {
        match self.era.schema {
            SchemaRead::Aliases => l.create_statements(self.era.table_options),
            SchemaRead::ColumnTypes => layout20::create_statements(l, self.era.table_options),
        }
    }

    fn recreate_keyspace(&mut self, ks: &KsDef) -> Result<String, ShellError> {
        let mut out = String::new();
        let strategy = trim(&ks.strategy_class, "org.apache.cassandra.locator.");
        let name = protect_name(&ks.name);
        out.push_str(&format!("CREATE KEYSPACE {name} WITH replication = {{\n"));
        out.push_str(&format!("  'class': {}", protect_value(&strategy)));
        let opts = ks.strategy_options.clone().unwrap_or_default();
        let keys: Vec<String> = opts.keys().cloned().collect();
        for k in py2_dict_order(&keys) {
            out.push_str(&format!(
                ",\n  {}: {}",
                protect_value(&k),
                protect_value(&opts[&k])
            ));
        }
        out.push_str("\n}");
        if ks.durable_writes == Some(false) {
            out.push_str(" AND durable_writes = 'false'");
        }
        out.push_str(";\n");
        let cfs = self.table_names(&ks.name)?;
        if !cfs.is_empty() {
            out.push_str(&format!("\nUSE {name};\n"));
            for cf in cfs {
                out.push('\n');
                let layout = self.layout(Some(&ks.name), &cf)?;
                out.push_str(&self.create_statements(&layout));
            }
        }
        Ok(out)
    }

    /// Runs one DESCRIBE; what it prints goes to stdout, as cqlsh's `print`.
    pub(crate) fn describe(&mut self, what: Describe) -> Result<(), ShellError> {
        match what {
            Describe::Keyspaces => {
                let names: Vec<String> = self.keyspaces()?.into_iter().map(|k| k.name).collect();
                self.say(&format!("\n{}\n", columnize(&names)));
            }
            Describe::Keyspace(name) => {
                let Some(ks) = name.or_else(|| self.state.keyspace.clone()) else {
                    return Err(ShellError::Message("Not in any keyspace.".into()));
                };
                self.say("\n");
                let def = self.keyspace_def(&ks)?;
                let text = self.recreate_keyspace(&def)?;
                self.say(&format!("{text}\n"));
            }
            Describe::Table(ks, cf) => {
                self.say("\n");
                let layout = self.layout(ks.as_deref(), &cf)?;
                let text = self.create_statements(&layout);
                self.say(&format!("{text}\n"));
            }
            Describe::Tables => {
                self.say("\n");
                match self.state.keyspace.clone() {
                    None => {
                        for k in self.keyspaces()? {
                            let name = protect_name(&k.name);
                            let names = self.table_names(&k.name)?;
                            self.say(&format!(
                                "Keyspace {name}\n---------{}\n{}\n",
                                "-".repeat(name.chars().count()),
                                columnize(&names)
                            ));
                        }
                    }
                    Some(ks) => {
                        let names = self.table_names(&ks)?;
                        self.say(&format!("{}\n", columnize(&names)));
                    }
                }
            }
            Describe::Schema(full) => {
                self.say("\n");
                let skip = self.era.schema_skips_system && !full;
                for k in self.keyspaces()? {
                    if skip && SYSTEM_KEYSPACES.contains(&k.name.as_str()) {
                        continue;
                    }
                    let text = self.recreate_keyspace(&k)?;
                    self.say(&format!("{text}\n"));
                }
            }
            Describe::Cluster => {
                let name = self.client.describe_cluster_name().classified()?;
                self.say(&format!("\nCluster: {name}\n"));
                let p = self.client.describe_partitioner().classified()?;
                self.say(&format!(
                    "Partitioner: {}\n",
                    trim(&p, "org.apache.cassandra.dht.")
                ));
                let s = self.client.describe_snitch().classified()?;
                self.say(&format!(
                    "Snitch: {}\n\n",
                    trim(&s, "org.apache.cassandra.locator.")
                ));
                if let Some(ks) = self.state.keyspace.clone() {
                    if !self.era.no_ring_in.contains(&ks.as_str()) {
                        self.say("Range ownership:\n");
                        let ring = self.client.describe_ring(ks).classified()?;
                        for r in ring {
                            self.say(&format!(
                                " {:>39}  [{}]\n",
                                r.start_token,
                                r.endpoints.join(", ")
                            ));
                        }
                        self.say("\n");
                    }
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columnize_like_python_cmd() {
        let names: Vec<String> = ["BloggyAppy", "Keyspace1", "system", "system_traces"]
            .map(String::from)
            .to_vec();
        assert_eq!(
            columnize(&names),
            "BloggyAppy  Keyspace1  system  system_traces\n"
        );
        assert_eq!(columnize(&[]), "<empty>\n");
    }
}
