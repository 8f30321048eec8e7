//! The statements of `supercolumn cli` beyond reading and writing cells:
//! schema changes (create/update/drop), `assume`, `get ... where`,
//! `incr`/`decr`, `truncate`, `consistencylevel`, `describe cluster`, and
//! the session's assumptions file. 19.x API only; texts follow
//! cassandra-cli 1.2.9. Parsing is `cli_parse`'s, definitions `cli_schema`'s.

use crate::shell::cli::convert::{format_type, function_names};
use crate::shell::cli::render::{slice_list_as, CfView};
use crate::shell::cli::schema::{apply_cf_attrs, apply_ks_attrs, new_ks};
use crate::shell::cli::statement::{Access, Attr, SchemaTarget, Term};
use crate::shell::cli::{Cli, CliError};
use crate::thrift::client::blank_cf_def;
use crate::thrift::client::Client19;
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19 as api19;
use crate::thrift::gen::cassandra19::TCassandraSyncClient as _;
use std::collections::BTreeMap;
use std::time::Instant;

/// Session-wide `assume` statements: keyspace -> column family -> what -> class.
pub type Assumptions = BTreeMap<String, BTreeMap<String, BTreeMap<String, String>>>;

/// The consistency levels `consistencylevel as` takes, in the order its
/// error message lists them.
const LEVELS: &[(&str, api19::ConsistencyLevel)] = &[
    ("ONE", api19::ConsistencyLevel::ONE),
    ("TWO", api19::ConsistencyLevel::TWO),
    ("THREE", api19::ConsistencyLevel::THREE),
    ("QUORUM", api19::ConsistencyLevel::QUORUM),
    ("ALL", api19::ConsistencyLevel::ALL),
    ("LOCAL_QUORUM", api19::ConsistencyLevel::LOCAL_QUORUM),
    ("EACH_QUORUM", api19::ConsistencyLevel::EACH_QUORUM),
    ("ANY", api19::ConsistencyLevel::ANY),
];

/// A keyspace named as cassandra-cli 1.2.9 found it among `names`: that
/// name exactly, else the one name equal to it ignoring case.
pub fn resolve_keyspace(name: &str, names: &[String]) -> Result<String, CliError> {
    if names.iter().any(|n| n == name) {
        return Ok(name.to_string());
    }
    let m: Vec<&String> = names
        .iter()
        .filter(|n| n.eq_ignore_ascii_case(name))
        .collect();
    match m.as_slice() {
        [one] => Ok((*one).clone()),
        _ => Err(CliError(format!("Keyspace '{name}' not found."))),
    }
}

/// The message of a Java exception of `class` that 1.2.9's schema
/// statements caught and wrapped in a `RuntimeException`, whose message
/// is then the inner exception's `toString()`.
fn wrapped(class: &str, e: CliError) -> CliError {
    CliError(format!("java.lang.{class}: {}", e.text))
}

/// Applies one keyspace's assumptions to its column family views. Types are
/// kept as written (`utf8`, a class name) and resolved here.
pub fn apply_assumptions(
    cfs: &mut [CfView],
    assumed: Option<&BTreeMap<String, BTreeMap<String, String>>>,
) {
    let Some(assumed) = assumed else { return };
    for cf in cfs.iter_mut() {
        let Some(a) = assumed.get(&cf.name) else {
            continue;
        };
        for (what, written) in a {
            let Ok(t) = format_type(written) else {
                continue;
            };
            let class = t.class_name();
            match what.as_str() {
                "comparator" => cf.comparator = class,
                "sub_comparator" => cf.subcomparator = Some(class),
                "validator" => cf.default_validator = Some(class),
                "keys" => cf.key_validator = Some(class),
                _ => {}
            }
        }
    }
}

/// The assumptions file's layout, as the real cli wrote and read it:
/// `{"KS": [{"CF": [{"COMPARATOR": "utf8"}, ...]}]}`.
fn assumptions_to_json(a: &Assumptions) -> serde_json::Value {
    use serde_json::{Map, Value};
    let mut top = Map::new();
    for (ks, cfs) in a {
        let list: Vec<Value> = cfs
            .iter()
            .map(|(cf, whats)| {
                let items: Vec<Value> = whats
                    .iter()
                    .map(|(w, t)| {
                        let mut m = Map::new();
                        m.insert(w.to_ascii_uppercase(), Value::String(t.clone()));
                        Value::Object(m)
                    })
                    .collect();
                let mut m = Map::new();
                m.insert(cf.clone(), Value::Array(items));
                Value::Object(m)
            })
            .collect();
        top.insert(ks.clone(), Value::Array(list));
    }
    Value::Object(top)
}

fn assumptions_from_json(v: &serde_json::Value) -> Option<Assumptions> {
    let mut out = Assumptions::new();
    for (ks, cfs) in v.as_object()? {
        for cf_obj in cfs.as_array()? {
            for (cf, whats) in cf_obj.as_object()? {
                for w in whats.as_array()? {
                    for (what, t) in w.as_object()? {
                        out.entry(ks.clone())
                            .or_default()
                            .entry(cf.clone())
                            .or_default()
                            .insert(what.to_ascii_lowercase(), t.as_str()?.to_string());
                    }
                }
            }
        }
    }
    Some(out)
}

impl Cli<'_> {
    fn client(&mut self) -> Result<&mut Client19, CliError> {
        self.backend
            .client19()
            .ok_or_else(|| CliError("This statement needs the 19.x API.".into()))
    }

    /// Re-reads the current keyspace's schema after a change.
    fn reload(&mut self) -> Result<(), CliError> {
        if let Some(ks) = self.keyspace.clone() {
            self.load_schema(&ks)?;
        }
        Ok(())
    }

    /// `create`/`update` keyspace or column family: prints the new schema
    /// version, as the real cli did.
    pub(crate) fn schema_change(
        &mut self,
        create: bool,
        target: SchemaTarget,
        name: &str,
        attrs: &[(String, Attr)],
    ) -> Result<(), CliError> {
        let version = match (target, create) {
            // 1.2.9 built and sent the definitions inside one `try` that
            // wrapped every exception but the server's refusals: their
            // messages come out as the Java exception's `toString()`.
            (SchemaTarget::Keyspace, true) => {
                let ks = new_ks(name, attrs, &self.era)?;
                self.client()?.system_add_keyspace(ks).classified()?
            }
            (SchemaTarget::Keyspace, false) => {
                let names = self.backend.keyspace_names()?;
                let name =
                    resolve_keyspace(name, &names).map_err(|e| wrapped("RuntimeException", e))?;
                let mut ks = self
                    .client()?
                    .describe_keyspace(name.clone())
                    .classified()
                    .map_err(|e| match e {
                        CallError::NotFound => CliError(format!("Keyspace '{name}' not found.")),
                        e => e.into(),
                    })?;
                ks.cf_defs = Vec::new();
                apply_ks_attrs(&mut ks, attrs, &self.era)?;
                self.client()?.system_update_keyspace(ks).classified()?
            }
            (SchemaTarget::ColumnFamily, true) => {
                let ks = self.ks()?;
                let mut cf = blank_cf_def(&ks, name);
                apply_cf_attrs(&mut cf, attrs, &self.era)?;
                self.client()?.system_add_column_family(cf).classified()?
            }
            (SchemaTarget::ColumnFamily, false) => {
                let ks = self.ks()?;
                let view = self.cf(name)?;
                let def = self
                    .schema
                    .as_ref()
                    .and_then(|s| s.def19.as_ref())
                    .and_then(|d| d.cf_defs.iter().find(|c| c.name == view.name))
                    .cloned()
                    .ok_or_else(|| {
                        CliError(format!("Column family {name} definition not found"))
                    })?;
                let mut cf = def;
                cf.keyspace = ks;
                apply_cf_attrs(&mut cf, attrs, &self.era)?;
                self.client()?
                    .system_update_column_family(cf)
                    .classified()?
            }
        };
        self.schema_version(&version);
        self.reload()
    }

    /// The new schema version a change answered, and before 1.2 the wait
    /// for the cluster to agree on it (one node agrees at once).
    pub(crate) fn schema_version(&mut self, version: &str) {
        self.say(&format!("{version}\n"));
        if self.era.waits_for_agreement() {
            self.say("Waiting for schema agreement...\n... schemas agree across the cluster\n");
        }
    }

    pub(crate) fn drop(&mut self, target: SchemaTarget, name: &str) -> Result<(), CliError> {
        match target {
            SchemaTarget::Keyspace => {
                let names = self.backend.keyspace_names()?;
                let name = &resolve_keyspace(name, &names)?;
                let v = self
                    .client()?
                    .system_drop_keyspace(name.to_string())
                    .classified()?;
                // 0.7's cli stayed in a keyspace it dropped.
                if self.keyspace.as_deref() == Some(name) && self.era.at_least(0, 8) {
                    self.keyspace = None;
                    self.schema = None;
                }
                self.schema_version(&v);
            }
            SchemaTarget::ColumnFamily => {
                // The cli looked the name up in the keyspace as it last
                // read it, which a drop did not re-read: a second drop of
                // one column family reaches the server, which refuses it.
                self.ks()?;
                let cf = self.cf(name)?;
                let v = self
                    .client()?
                    .system_drop_column_family(cf.name)
                    .classified()?;
                self.schema_version(&v);
            }
        }
        Ok(())
    }

    /// `drop index on CF.column`: the column keeps its validator, loses its index.
    pub(crate) fn drop_index(&mut self, cf: &str, column: &str) -> Result<(), CliError> {
        let ks = self.ks()?;
        let view = self.cf(cf)?;
        let name = self.convert_name(&Term::Text(column.to_string()), view.comparator_type())?;
        let mut def = self
            .schema
            .as_ref()
            .and_then(|s| s.def19.as_ref())
            .and_then(|d| d.cf_defs.iter().find(|c| c.name == view.name))
            .cloned()
            .ok_or_else(|| CliError(format!("{cf} not found in current keyspace.")))?;
        let col = def
            .column_metadata
            .iter_mut()
            .flatten()
            .find(|c| c.name == name)
            .ok_or_else(|| {
                CliError(format!(
                    "Column '{column}' definition was not found in ColumnFamily '{}'.",
                    view.name
                ))
            })?;
        if col.index_type.is_none() {
            return Err(CliError(format!(
                "Column '{column}' does not have an index."
            )));
        }
        col.index_type = None;
        col.index_name = None;
        col.index_options = None;
        def.keyspace = ks;
        let version = self
            .client()?
            .system_update_column_family(def)
            .classified()?;
        self.schema_version(&version);
        self.reload()
    }

    pub(crate) fn assume(&mut self, cf: &str, what: &str, type_name: &str) -> Result<(), CliError> {
        let ks = self.ks()?;
        let view = self.cf(cf)?;
        if !["comparator", "sub_comparator", "validator", "keys"].contains(&what) {
            return Err(CliError(format!(
                "'{what}' is not a valid assumption; use comparator, sub_comparator, validator or keys."
            )));
        }
        if format_type(type_name).is_err() {
            // 1.2.9 said so on stdout and went on: no error, no exit code.
            self.say(&format!(
                "Type '{type_name}' was not found. Available: {}. Or any class which extends o.a.c.db.marshal.AbstractType.\n",
                function_names()
            ));
            return Ok(());
        }
        self.assumptions
            .entry(ks.clone())
            .or_default()
            .entry(view.name.clone())
            .or_default()
            .insert(what.to_string(), type_name.to_string());
        self.assumptions_changed = true;
        // Only the assumed part changes: columns typed by functions earlier
        // in the session keep their types, as in the real cli.
        if let Some(schema) = self.schema.as_mut() {
            let one = self
                .assumptions
                .get(&ks)
                .and_then(|k| k.get(&view.name))
                .map(|a| {
                    let mut m = BTreeMap::new();
                    m.insert(view.name.clone(), a.clone());
                    m
                });
            if let Some(cf) = schema.cfs.iter_mut().find(|c| c.name == view.name) {
                apply_assumptions(std::slice::from_mut(cf), one.as_ref());
            }
        }
        self.say(&format!(
            "Assumption for column family '{}' added successfully.\n",
            view.name
        ));
        Ok(())
    }

    pub(crate) fn get_where(
        &mut self,
        cf: &str,
        conds: &[(Term, String, Term)],
        limit: Option<i64>,
        started: Instant,
    ) -> Result<(), CliError> {
        self.ks()?;
        let view = self.cf(cf)?;
        let mut expressions = Vec::new();
        for (col, op, value) in conds {
            let name = self.convert_name(col, view.comparator_type())?;
            let vt = view
                .value_type(&name)
                .unwrap_or_else(|| crate::shell::cli::render::type_named(Some("BytesType")));
            let value = self.convert_value(value, vt)?;
            let op = match op.as_str() {
                "=" => api19::IndexOperator::EQ,
                ">" => api19::IndexOperator::GT,
                ">=" => api19::IndexOperator::GTE,
                "<" => api19::IndexOperator::LT,
                _ => api19::IndexOperator::LTE,
            };
            expressions.push(api19::IndexExpression::new(name, op, value));
        }
        let count = match limit {
            Some(n) if n <= 0 => return Err(CliError(format!("Invalid limit {n}"))),
            Some(n) => n.min(i64::from(i32::MAX)) as i32,
            None => 100,
        };
        let level = self.level;
        let slices = self
            .client()?
            .get_indexed_slices(
                api19::ColumnParent::new(view.name.clone(), None),
                api19::IndexClause::new(expressions, Vec::new(), count),
                api19::SlicePredicate::new(
                    None,
                    api19::SliceRange::new(Vec::new(), Vec::new(), false, i32::MAX),
                ),
                level,
            )
            .classified()?;
        self.say(&slice_list_as(&view, &slices, self.era.name_label()));
        self.elapsed(started);
        Ok(())
    }

    pub(crate) fn incr(&mut self, a: &Access, by: i64) -> Result<(), CliError> {
        self.ks()?;
        let view = self.cf(&a.cf)?;
        let key = self.key(&view, &a.key)?;
        let (sc, name) = self.path(&view, &a.path)?;
        let name = name.ok_or_else(|| {
            CliError("No cell name specified, (type 'help;' or '?' for help on syntax).".into())
        })?;
        let level = self.level;
        self.client()?
            .add(
                key,
                api19::ColumnParent::new(view.name.clone(), sc),
                api19::CounterColumn::new(name, by),
                level,
            )
            .classified()?;
        self.say(if by < 0 {
            "Value decremented.\n"
        } else {
            "Value incremented.\n"
        });
        Ok(())
    }

    pub(crate) fn truncate(&mut self, cf: &str) -> Result<(), CliError> {
        self.ks()?;
        let view = self.cf(cf)?;
        self.client()?.truncate(view.name.clone()).classified()?;
        // The name as written, as the real cli printed it.
        self.say(&format!("{cf} truncated.\n"));
        Ok(())
    }

    pub(crate) fn consistency(&mut self, level: &str) -> Result<(), CliError> {
        let upper = level.to_ascii_uppercase();
        let Some((name, l)) = LEVELS.iter().find(|(n, _)| *n == upper) else {
            let names: Vec<&str> = LEVELS.iter().map(|(n, _)| *n).collect();
            return Err(CliError(format!(
                "'{level}' is invalid. Available: {}",
                names.join(", ")
            )));
        };
        self.level = *l;
        self.backend.set_level(*l);
        self.say(&format!("Consistency level is set to '{name}'.\n"));
        Ok(())
    }

    pub(crate) fn describe_cluster(&mut self) -> Result<(), CliError> {
        let c = self.client()?;
        let name = c.describe_cluster_name().classified()?;
        let snitch = c.describe_snitch().classified()?;
        let partitioner = c.describe_partitioner().classified()?;
        let versions = c.describe_schema_versions().classified()?;
        let name_line = if self.era.cluster_name_line() {
            format!("   Name: {name}\n")
        } else {
            String::new()
        };
        let mut out = format!(
            "Cluster Information:\n{name_line}   Snitch: {snitch}\n   Partitioner: {partitioner}\n   Schema versions: \n"
        );
        for (v, hosts) in versions {
            out.push_str(&format!("\t{v}: [{}]\n", hosts.join(", ")));
            // 0.8 on printed a format ending in a newline with `println`.
            if self.era.at_least(0, 8) {
                out.push('\n');
            }
        }
        self.say(&out);
        Ok(())
    }

    /// The assumptions file under `$HOME/.cassandra`, written at `quit` when
    /// `assume` changed anything, as the real cli did.
    pub(crate) fn write_assumptions(&mut self) {
        if !self.assumptions_changed {
            return;
        }
        let Some(path) = assumptions_path() else {
            return;
        };
        let json = serde_json::to_string_pretty(&assumptions_to_json(&self.assumptions))
            .unwrap_or_default();
        let written = path
            .parent()
            .map(std::fs::create_dir_all)
            .unwrap_or(Ok(()))
            .and_then(|_| std::fs::write(&path, json));
        match written {
            Ok(()) => self.say(&format!(
                "Column Family assumptions written to {}\n",
                path.display()
            )),
            Err(e) => self.say(&format!(
                "Error while writing assumptions to {}: {e}\n",
                path.display()
            )),
        }
        self.assumptions_changed = false;
    }

    /// Reads the assumptions file at start, if there is one.
    pub(crate) fn read_assumptions(&mut self) {
        let Some(path) = assumptions_path() else {
            return;
        };
        let Ok(text) = std::fs::read_to_string(&path) else {
            return;
        };
        let parsed = serde_json::from_str::<serde_json::Value>(&text)
            .map_err(|e| e.to_string())
            .and_then(|v| assumptions_from_json(&v).ok_or_else(|| "unexpected layout".to_string()));
        match parsed {
            Ok(a) => {
                self.assumptions = a;
                self.say(&format!(
                    "Column Family assumptions read from {}\n",
                    path.display()
                ));
            }
            Err(e) => self.say(&format!(
                "Error while reading assumptions from {}: {e}\n",
                path.display()
            )),
        }
    }
}

fn assumptions_path() -> Option<std::path::PathBuf> {
    let home = std::env::var_os("HOME")?;
    Some(
        std::path::Path::new(&home)
            .join(".cassandra")
            .join("assumptions.json"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assumptions_file_layout_round_trips() {
        let text = r#"{"Blog": [{"Raw": [{"VALIDATOR": "utf8"}, {"KEYS": "bytes"}]}]}"#;
        let v: serde_json::Value = serde_json::from_str(text).unwrap();
        let a = assumptions_from_json(&v).unwrap();
        assert_eq!(a["Blog"]["Raw"]["keys"], "bytes");
        assert_eq!(assumptions_from_json(&assumptions_to_json(&a)).unwrap(), a);
        let mut cfs = vec![crate::shell::cli::backend::cf_view19(&blank_cf_def(
            "Blog", "Raw",
        ))];
        apply_assumptions(&mut cfs, a.get("Blog"));
        assert_eq!(
            cfs[0].default_validator.as_deref(),
            Some("org.apache.cassandra.db.marshal.UTF8Type")
        );
    }
}
