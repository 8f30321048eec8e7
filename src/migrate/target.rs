//! The target cluster: its URL, how it stores Thrift-era tables (compact or
//! not, as the gateway finds out), which of the source's column families it
//! can hold and as what table (a CQL3 table as itself, any other CF in the
//! gateway's 3.x layout), tables it already has that differ from those
//! (refused before anything is written), and the connection, which creates
//! the missing keyspaces, tables and secondary indexes and awaits schema
//! agreement (the gateway's `Cluster::connect`, so each table is made
//! exactly as a gateway makes it).
//!
//! Existing tables are read from `system_schema.columns` (Cassandra 3.0+,
//! ScyllaDB, supercolumn's native side) over a short-lived session of the
//! same driver; a cluster without it (2.x) is not checked, and says so.
//! This module must not write rows.

use super::{MigrateError, MigrateResult};
use crate::gateway::driver::facts::Storage;
use crate::gateway::driver::url::ClusterUrl;
use crate::gateway::table::cql3::{self, Table3};
use crate::gateway::table::layout::{Layout, Shape};
use crate::gateway::Cluster;
use crate::schema::{CfDef, Schema};
use std::sync::Arc;

/// The table a column family is in the cluster.
#[derive(Clone, Debug)]
pub enum Table {
    /// A Thrift CF (or a COMPACT STORAGE CQL3 table) in its 3.x layout.
    Thrift(Layout),
    /// A CQL3 table, as itself.
    Cql3(Table3),
}

/// A column family to copy, with its table in the cluster.
#[derive(Clone, Debug)]
pub struct Cf {
    pub def: Arc<CfDef>,
    pub table: Table,
    /// How the cluster stores Thrift-era tables (what it can hold of a
    /// static CF's undeclared columns).
    pub storage: Storage,
}

impl Cf {
    pub fn counter(&self) -> bool {
        match &self.table {
            Table::Thrift(l) => l.counter,
            Table::Cql3(t) => t.counter,
        }
    }

    pub fn keyspace(&self) -> &str {
        &self.def.keyspace
    }
    pub fn name(&self) -> &str {
        &self.def.name
    }
    pub fn label(&self) -> String {
        format!("{}/{}", self.def.keyspace, self.def.name)
    }
}

pub fn parse_url(text: &str) -> MigrateResult<ClusterUrl> {
    ClusterUrl::parse(text).map_err(|e| MigrateError::Usage(format!("--to: {e}")))
}

/// The user column families to copy, in keyspace and name order; those
/// the cluster cannot hold refuse the run, or are left out (with a line
/// each) when `skip_unsupported`.
pub fn plan(schema: &Schema, storage: Storage, skip_unsupported: bool) -> MigrateResult<Vec<Cf>> {
    let mut cfs = Vec::new();
    let mut refused = Vec::new();
    for ks in schema.user_keyspaces() {
        for def in ks.cfs.values() {
            // The gateway's own choice (`cql3::create_statement`): a CQL3
            // table as itself, else the Thrift layout.
            let table = match cql3::table_of(def) {
                Ok(Some(t)) => Ok(Table::Cql3(t)),
                Ok(None) => Layout::of(def, storage).map(Table::Thrift),
                Err(e) => Err(e),
            };
            match table {
                Ok(table) => cfs.push(Cf {
                    def: def.clone(),
                    table,
                    storage,
                }),
                Err(e) => refused.push(format!("{}/{}: {e}", ks.name, def.name)),
            }
        }
    }
    if !refused.is_empty() {
        if !skip_unsupported {
            return Err(MigrateError::Unsupported(refused));
        }
        for r in &refused {
            eprintln!("migrate: skipped {r}");
        }
    }
    Ok(cfs)
}

/// The columns a CF's table has: (name, kind, type), sorted.
pub fn expected(table: &Table) -> Vec<(String, String, String)> {
    match table {
        Table::Thrift(l) => expected_columns(l),
        Table::Cql3(t) => {
            let bare = |n: &str| n[1..n.len() - 1].replace("\"\"", "\"");
            let mut cols: Vec<(String, String, String)> = Vec::new();
            for (keys, kind) in [
                (&t.partition, "partition_key"),
                (&t.clustering, "clustering"),
            ] {
                for c in keys {
                    cols.push((bare(&c.quoted), kind.into(), normal_type(&c.cql_type)));
                }
            }
            for r in &t.regular {
                cols.push((bare(&r.quoted), "regular".into(), normal_type(&r.cql_type)));
            }
            cols.sort();
            cols
        }
    }
}

/// The columns a layout's table has: (name, kind, type).
pub fn expected_columns(l: &Layout) -> Vec<(String, String, String)> {
    // A CQL3 compact table's own names are quoted in the layout.
    let bare = |n: &str| n.trim_matches('"').to_string();
    let mut cols: Vec<(String, &str, String)> =
        vec![(bare(&l.key_column), "partition_key", l.key_type.clone())];
    let pair = |cols: &mut Vec<(String, &str, String)>| {
        cols.push((l.pair.0.clone(), "clustering", l.column1_type.clone()));
        cols.push((l.pair.1.clone(), "regular", l.value_type.clone()));
    };
    match l.shape {
        Shape::Static => {
            // Declared columns are static beside the undeclared pair when
            // the cluster has no compact tables.
            let kind = match l.storage {
                Storage::Compact => "regular",
                Storage::NonCompact => {
                    pair(&mut cols);
                    "static"
                }
            };
            for d in &l.declared {
                cols.push((d.column.trim_matches('"').to_string(), kind, d.ty.clone()));
            }
        }
        Shape::Dense => pair(&mut cols),
        Shape::Composite => {
            for c in &l.components {
                cols.push((bare(&c.column), "clustering", c.ty.clone()));
            }
            cols.push((bare(&l.value_column), "regular", l.value_type.clone()));
        }
        Shape::Super => {
            pair(&mut cols);
            if let Some(c2) = &l.column2_type {
                cols.push(("column2".into(), "clustering", c2.clone()));
            }
        }
    }
    let mut cols: Vec<_> = cols
        .into_iter()
        .map(|(n, k, t)| (n, k.to_string(), normal_type(&t)))
        .collect();
    cols.sort();
    cols
}

/// A type as `system_schema` and the layout may both spell it (`varchar`
/// is `text`, inside a collection too; spaces do not count).
fn normal_type(t: &str) -> String {
    let t: String = t
        .trim_matches(|c: char| c.is_whitespace() || c == '\'')
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_lowercase();
    t.replace("varchar", "text")
}

/// How a table found in the cluster differs from what `cf` needs, if it does.
pub fn conflict(cf: &Cf, found: &[(String, String, String)]) -> Option<String> {
    // 3.x's system_schema shows a static compact table's declared columns
    // as static beside its hidden pair (`column1`, `value`: the types CQL
    // gave it, not the CF's): the declared columns are what must match.
    let hidden = match &cf.table {
        Table::Thrift(l) if l.shape == Shape::Static && l.storage == Storage::Compact => {
            Some(&l.pair)
        }
        _ => None,
    };
    let mut found: Vec<_> = found
        .iter()
        .filter(|(n, k, _)| {
            hidden.is_none_or(|(c1, v)| {
                !((n == c1 && k == "clustering") || (n == v && k == "regular"))
            })
        })
        .map(|(n, k, t)| {
            let k = match (hidden, k.as_str()) {
                (Some(_), "static") => "regular".to_string(),
                _ => k.clone(),
            };
            (n.clone(), k, normal_type(t))
        })
        .collect();
    found.sort();
    let want = expected(&cf.table);
    if found == want {
        return None;
    }
    let show = |cols: &[(String, String, String)]| {
        cols.iter()
            .map(|(n, k, t)| format!("{n} {t} ({k})"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    Some(format!(
        "{}: the cluster's table has [{}], the migration needs [{}]",
        cf.label(),
        show(&found),
        show(&want)
    ))
}

/// Plans the copy against the cluster at `url` and connects: the storage
/// the cluster uses for Thrift-era tables (the URL's `storage=`, else what
/// its `system.local` says, as the gateway decides it), the CFs in that
/// storage's tables ([`plan`]), a refusal when a table the cluster has
/// differs from one of them, then the connection, which creates the
/// keyspaces, tables and indexes the cluster lacks (with the source's
/// replication; a keyspace made beforehand with the replication the
/// cluster needs is kept) and awaits schema agreement.
pub fn prepare(
    url: &ClusterUrl,
    schema: &Arc<Schema>,
    skip_unsupported: bool,
) -> MigrateResult<(Vec<Cf>, Arc<Cluster>)> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| MigrateError::Cluster(format!("cannot start the driver runtime: {e}")))?;
    let (cfs, found) = runtime.block_on(survey(url, schema, skip_unsupported))?;
    drop(runtime);
    check_conflicts(&cfs, found)?;
    eprintln!(
        "migrate: creating the keyspaces and tables the cluster at {} lacks",
        url.hosts.join(",")
    );
    // The gateway lays the tables out in the storage planned here.
    let url = ClusterUrl {
        storage: cfs.first().map(|cf| cf.storage).or(url.storage),
        ..url.clone()
    };
    let cluster = Cluster::connect(&url, schema.clone())
        .map_err(|e| MigrateError::Cluster(format!("{}: {e}", url.hosts.join(","))))?;
    Ok((cfs, Arc::new(cluster)))
}

/// Refuses when the cluster has a table of one of `cfs` in another shape.
fn check_conflicts(cfs: &[Cf], found: Option<Vec<Option<Columns>>>) -> MigrateResult<()> {
    let Some(found) = found else {
        eprintln!(
            "migrate: the cluster has no system_schema (before Cassandra 3.0): existing tables \
             are not checked against the source's column families"
        );
        return Ok(());
    };
    let conflicts: Vec<String> = cfs
        .iter()
        .zip(found)
        .filter_map(|(cf, cols)| cols.and_then(|cols| conflict(cf, &cols)))
        .collect();
    if conflicts.is_empty() {
        Ok(())
    } else {
        Err(MigrateError::Conflict(conflicts))
    }
}

type Columns = Vec<(String, String, String)>;

/// Over one short-lived session: the cluster's storage, the plan in it,
/// and each planned CF's existing table's columns (`None`: no such table;
/// `None` overall when the cluster has no `system_schema`).
async fn survey(
    url: &ClusterUrl,
    schema: &Schema,
    skip_unsupported: bool,
) -> MigrateResult<(Vec<Cf>, Option<Vec<Option<Columns>>>)> {
    use scylla::client::session_builder::SessionBuilder;
    let unreachable =
        |e: String| MigrateError::Cluster(format!("cannot reach {}: {e}", url.hosts.join(",")));
    // Every wait has a deadline, as the gateway's start-up has: a node that
    // accepts connections and never answers fails the survey in seconds.
    // The driver's start-up is a few round trips, each within the connect
    // deadline.
    let start_deadline = url.connect_timeout * 3;
    let mut builder = SessionBuilder::new();
    builder = builder
        .known_nodes(&url.hosts)
        .connection_timeout(url.connect_timeout)
        .fetch_full_schema_metadata(false);
    let session = match tokio::time::timeout(start_deadline, builder.build()).await {
        Ok(built) => built.map_err(|e| unreachable(e.to_string()))?,
        Err(_) => {
            return Err(unreachable(format!(
                "no node finished the driver's start-up within {start_deadline:?} \
                 (is it a CQL native protocol port?)"
            )))
        }
    };
    let late = |what: &str| {
        MigrateError::Cluster(format!(
            "{what} on {} was not answered within {:?}",
            url.hosts.join(","),
            url.timeout
        ))
    };
    let storage = match url.storage {
        Some(s) => s,
        None => {
            let read = crate::gateway::ddl::storage_of_cluster(&session);
            tokio::time::timeout(url.timeout, read)
                .await
                .map_err(|_| late("reading system.local"))?
                .map_err(|e| MigrateError::Cluster(format!("reading system.local: {e}")))?
        }
    };
    let cfs = plan(schema, storage, skip_unsupported)?;
    let literal = |t: &str| format!("'{}'", t.replace('\'', "''"));
    let mut out = Vec::new();
    for cf in &cfs {
        // Literals, not markers: a statement with values is prepared first,
        // and some servers answer schema tables only to plain queries.
        let query = format!(
            "SELECT column_name, kind, type FROM system_schema.columns \
             WHERE keyspace_name = {} AND table_name = {}",
            literal(cf.keyspace()),
            literal(cf.name())
        );
        let read = session.query_unpaged(query, ());
        let read = tokio::time::timeout(url.timeout, read)
            .await
            .map_err(|_| late("reading system_schema.columns"))?;
        let result = match read {
            Ok(r) => r,
            Err(e) => {
                let text = e.to_string();
                if text.contains("system_schema") || text.contains("unconfigured") {
                    eprintln!("migrate: {text}");
                    return Ok((cfs, None));
                }
                return Err(MigrateError::Cluster(format!(
                    "reading system_schema.columns: {text}"
                )));
            }
        };
        let rows = result
            .into_rows_result()
            .map_err(|e| MigrateError::Cluster(e.to_string()))?;
        let cols: Columns = rows
            .rows::<(String, String, String)>()
            .map_err(|e| MigrateError::Cluster(e.to_string()))?
            .collect::<Result<_, _>>()
            .map_err(|e| MigrateError::Cluster(e.to_string()))?;
        out.push((!cols.is_empty()).then_some(cols));
    }
    Ok((cfs, Some(out)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn a_cluster_that_never_answers_fails_the_survey_in_seconds() {
        // Accepts connections and holds them, answering nothing.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for s in listener.incoming().flatten() {
                held.push(s);
            }
        });
        let url = ClusterUrl::parse(&format!(
            "cassandra://127.0.0.1:{port}?connect_timeout_ms=300&timeout_ms=300"
        ))
        .unwrap();
        let partitioner =
            crate::partitioner::by_name("org.apache.cassandra.dht.Murmur3Partitioner").unwrap();
        let schema = Arc::new(Schema::new("test", partitioner, []));
        let started = std::time::Instant::now();
        let err = prepare(&url, &schema, false).err().expect("refused");
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
        let text = err.to_string();
        assert!(text.contains(&format!("127.0.0.1:{port}")), "{text}");
        assert!(text.contains("within"), "{text}");
    }

    fn cf(sub: Option<&str>) -> Cf {
        let def = CfDef::new(
            "K",
            "C",
            10,
            parse_type("UTF8Type").unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        let layout = Layout::of(&def, Storage::Compact).unwrap();
        Cf {
            def: Arc::new(def),
            table: Table::Thrift(layout),
            storage: Storage::Compact,
        }
    }

    fn cols(spec: &[(&str, &str, &str)]) -> Columns {
        spec.iter()
            .map(|(n, k, t)| (n.to_string(), k.to_string(), t.to_string()))
            .collect()
    }

    #[test]
    fn a_table_of_the_same_layout_is_no_conflict() {
        let std = cf(None);
        let Table::Thrift(l) = &std.table else {
            panic!("a Thrift CF")
        };
        let same = cols(&[
            ("value", "regular", &l.value_type),
            ("key", "partition_key", &l.key_type),
            ("column1", "clustering", "varchar"),
        ]);
        assert_eq!(l.column1_type, "text");
        assert_eq!(conflict(&std, &same), None);
        let other = cols(&[("key", "partition_key", "text"), ("x", "regular", "int")]);
        let why = conflict(&std, &other).unwrap();
        assert!(
            why.starts_with(
                "K/C: the cluster's table has [key text (partition_key), x int (regular)]"
            ),
            "{why}"
        );
        // A super CF needs its column2.
        assert!(conflict(&cf(Some("BytesType")), &same).is_some());
    }
}
