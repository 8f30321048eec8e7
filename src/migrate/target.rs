//! The target cluster: its URL, which of the source's column families it
//! can hold (the gateway's 3.x layouts), tables it already has that differ
//! from those layouts (refused before anything is written), and the
//! connection, which creates the missing keyspaces and tables and awaits
//! schema agreement (the gateway's `Cluster::connect`).
//!
//! Existing tables are read from `system_schema.columns` (Cassandra 3.0+,
//! ScyllaDB, supercolumn's native side) over a short-lived session of the
//! same driver; a cluster without it (2.x) is not checked, and says so.
//! This module must not write rows.

use super::{MigrateError, MigrateResult};
use crate::gateway::layout::{Layout, Shape, Storage};
use crate::gateway::{Cluster, ClusterUrl};
use crate::schema::{CfDef, Schema};
use std::sync::Arc;

/// A column family to copy, with its table in the cluster.
#[derive(Clone, Debug)]
pub struct Cf {
    pub def: Arc<CfDef>,
    pub layout: Layout,
}

impl Cf {
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
            match Layout::of(def, storage) {
                Ok(layout) => cfs.push(Cf {
                    def: def.clone(),
                    layout,
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

/// A type as `system_schema` and the layout may both spell it.
fn normal_type(t: &str) -> String {
    let t = t.trim().trim_matches('\'').to_ascii_lowercase();
    match t.as_str() {
        "varchar" => "text".into(),
        _ => t,
    }
}

/// How a table found in the cluster differs from what `cf` needs, if it does.
pub fn conflict(cf: &Cf, found: &[(String, String, String)]) -> Option<String> {
    let mut found: Vec<_> = found
        .iter()
        .map(|(n, k, t)| (n.clone(), k.clone(), normal_type(t)))
        .collect();
    found.sort();
    let want = expected_columns(&cf.layout);
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

/// Refuses when the cluster has a table of one of `cfs` in another shape.
fn check_conflicts(url: &ClusterUrl, cfs: &[Cf]) -> MigrateResult<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| MigrateError::Cluster(format!("cannot start the driver runtime: {e}")))?;
    let found = runtime.block_on(existing_tables(url, cfs))?;
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

/// Each CF's existing table's columns (`None`: no such table); `None`
/// overall when the cluster has no `system_schema`.
async fn existing_tables(
    url: &ClusterUrl,
    cfs: &[Cf],
) -> MigrateResult<Option<Vec<Option<Columns>>>> {
    use scylla::client::session_builder::SessionBuilder;
    let unreachable =
        |e: String| MigrateError::Cluster(format!("cannot reach {}: {e}", url.hosts.join(",")));
    let session = SessionBuilder::new()
        .known_nodes(&url.hosts)
        .connection_timeout(url.connect_timeout)
        .fetch_full_schema_metadata(false)
        .build()
        .await
        .map_err(|e| unreachable(e.to_string()))?;
    let literal = |t: &str| format!("'{}'", t.replace('\'', "''"));
    let mut out = Vec::new();
    for cf in cfs {
        // Literals, not markers: a statement with values is prepared first,
        // and some servers answer schema tables only to plain queries.
        let query = format!(
            "SELECT column_name, kind, type FROM system_schema.columns \
             WHERE keyspace_name = {} AND table_name = {}",
            literal(cf.keyspace()),
            literal(cf.name())
        );
        let result = match session.query_unpaged(query, ()).await {
            Ok(r) => r,
            Err(e) => {
                let text = e.to_string();
                if text.contains("system_schema") || text.contains("unconfigured") {
                    eprintln!("migrate: {text}");
                    return Ok(None);
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
    Ok(Some(out))
}

/// Checks for conflicting tables, then connects: the keyspaces and tables
/// the cluster lacks are created (with the source's replication; one made
/// beforehand with the replication the cluster needs is kept), and schema
/// agreement is awaited.
pub fn connect(url: &ClusterUrl, schema: &Arc<Schema>, cfs: &[Cf]) -> MigrateResult<Arc<Cluster>> {
    check_conflicts(url, cfs)?;
    eprintln!(
        "migrate: creating the keyspaces and tables the cluster at {} lacks",
        url.hosts.join(",")
    );
    let cluster = Cluster::connect(url, schema.clone())
        .map_err(|e| MigrateError::Cluster(format!("{}: {e}", url.hosts.join(","))))?;
    Ok(Arc::new(cluster))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

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
            layout,
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
        let l = &std.layout;
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
