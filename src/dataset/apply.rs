//! Applies a dataset to a [`Node`], as cassandra-unit's loaders did: a
//! keyspace dataset drops its keyspace if it exists, creates it with its
//! column families (through `Node::change_schema`), then writes its rows
//! through the node's write path; a CQL script runs statement by statement
//! through the CQL3 executor, stopping at the first failure.
//!
//! The conversions to schema requests and mutations are here and shared
//! with the remote loader (`remote`). It must not know any wire protocol.

use super::model::*;
use crate::cql::exec::{self, CqlBackend, CqlOutcome, CqlSession, IndexCandidates};
use crate::cql::CqlError;
use crate::model::{Bytes, Cell, IndexQuery, Op, ReadCommand, RowMutation, RowRange, RowResult};
use crate::node::{Node, NodeError};
use crate::schema::{CfSpec, ColumnSpec, IndexType, KeyspaceSpec, Schema, SchemaChange};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Rows per write batch: keeps each commit-log record far below its cap.
const ROWS_PER_BATCH: usize = 200;

/// The schema request creating the dataset's keyspace and column families.
pub fn keyspace_spec(ks: &KeyspaceData) -> KeyspaceSpec {
    let rf = ks.replication_factor.to_string();
    // NetworkTopologyStrategy takes a factor per data centre; this node's
    // is `datacenter1`, as Cassandra's SimpleSnitch names it.
    let option = if ks.strategy.ends_with("NetworkTopologyStrategy") {
        "datacenter1"
    } else {
        "replication_factor"
    };
    KeyspaceSpec {
        name: ks.name.clone(),
        strategy_class: ks.strategy.clone(),
        strategy_options: Some([(option.to_string(), rf)].into()),
        replication_factor: None,
        cf_defs: ks
            .column_families
            .iter()
            .map(|cf| cf_spec(&ks.name, cf))
            .collect(),
        durable_writes: None,
    }
}

fn cf_spec(keyspace: &str, cf: &CfData) -> CfSpec {
    CfSpec {
        column_type: Some(if cf.is_super { "Super" } else { "Standard" }.to_string()),
        comparator_type: Some(cf.comparator.clone()),
        subcomparator_type: cf.subcomparator.clone(),
        comment: cf.comment.clone(),
        read_repair_chance: cf.read_repair_chance,
        column_metadata: Some(
            cf.column_metadata
                .iter()
                .map(|m| ColumnSpec {
                    name: m.name.clone(),
                    validation_class: Some(m.validation_class.class_name()),
                    index_type: m.indexed.then_some(IndexType::Keys),
                    index_name: m.index_name.clone(),
                    ..ColumnSpec::default()
                })
                .collect(),
        ),
        gc_grace_seconds: cf.gc_grace_seconds,
        default_validation_class: Some(cf.default_validator.class_name()),
        min_compaction_threshold: cf.min_compaction_threshold,
        max_compaction_threshold: cf.max_compaction_threshold,
        replicate_on_write: cf.replicate_on_write,
        key_validation_class: Some(cf.key_type.clone()),
        compaction_strategy: cf.compaction_strategy.clone(),
        compaction_strategy_options: (!cf.compaction_strategy_options.is_empty())
            .then(|| cf.compaction_strategy_options.clone()),
        ..CfSpec::new(keyspace, &cf.name)
    }
}

/// The writes of one column family, one mutation per row, stamped with
/// `now_ms` where the dataset gives no timestamp.
pub fn mutations(keyspace: &str, cf: &CfData, now_ms: i64) -> Vec<RowMutation> {
    let counter = cf.is_counter();
    let op = |sc: Option<&Bytes>, c: &ColumnData| {
        let timestamp = c.timestamp.unwrap_or(now_ms);
        if counter {
            Op::CounterAdd {
                super_column: sc.cloned(),
                name: c.name.clone(),
                delta: count(&c.value),
                timestamp,
            }
        } else {
            Op::Put {
                super_column: sc.cloned(),
                cell: Cell::live(c.name.clone(), c.value.clone(), timestamp),
            }
        }
    };
    let mut by_key: BTreeMap<&Bytes, Vec<Op>> = BTreeMap::new();
    for row in &cf.rows {
        let ops = by_key.entry(&row.key).or_default();
        ops.extend(row.columns.iter().map(|c| op(None, c)));
        for sc in &row.super_columns {
            ops.extend(sc.columns.iter().map(|c| op(Some(&sc.name), c)));
        }
    }
    by_key
        .into_iter()
        .filter(|(_, ops)| !ops.is_empty())
        .map(|(key, ops)| RowMutation {
            keyspace: keyspace.to_string(),
            key: key.clone(),
            updates: vec![(cf.name.clone(), ops)],
        })
        .collect()
}

/// A counter column's 8-byte count (the reader guarantees the length).
pub fn count(value: &[u8]) -> i64 {
    value.try_into().map(i64::from_be_bytes).unwrap_or(0)
}

/// Milliseconds since the epoch: cassandra-unit's default timestamp.
pub fn now_millis() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// Why applying failed, before the file name is added.
fn failed(what: impl std::fmt::Display, e: impl std::fmt::Display) -> String {
    format!("{what}: {e}")
}

/// Loads one keyspace dataset into `node`.
pub fn keyspace(node: &Node, ks: &KeyspaceData) -> Result<(), String> {
    if node.schema().keyspace(&ks.name).is_some() {
        node.change_schema(SchemaChange::DropKeyspace(ks.name.clone()))
            .map_err(|e| failed(format!("dropping keyspace {}", ks.name), e))?;
    }
    node.change_schema(SchemaChange::AddKeyspace(keyspace_spec(ks)))
        .map_err(|e| failed(format!("creating keyspace {}", ks.name), e))?;
    let now = now_millis();
    let schema = node.schema();
    for cf in &ks.column_families {
        if let Some(def) = schema.cf(&ks.name, &cf.name) {
            validate(def, cf)?;
        }
        for batch in mutations(&ks.name, cf, now).chunks(ROWS_PER_BATCH) {
            node.apply_batch(batch).map_err(|e| {
                failed(format!("writing rows of {} (line {})", cf.name, cf.line), e)
            })?;
        }
    }
    Ok(())
}

/// Checks keys, names and values against the created column family's
/// types, as the Thrift calls cassandra-unit made checked them (a value
/// that does not fit its validator was refused by Cassandra too).
fn validate(def: &crate::schema::CfDef, cf: &CfData) -> Result<(), String> {
    let o = &def.options;
    // Names as text when they are printable text, else as hex.
    let shown = |b: &[u8]| match std::str::from_utf8(b) {
        Ok(t) if !t.chars().any(char::is_control) => t.to_string(),
        _ => format!("0x{}", crate::marshal::bytes_to_hex(b)),
    };
    let check = |row: &RowData, names: &crate::marshal::TypeRef, c: &ColumnData| {
        names.validate(&c.name).map_err(|e| {
            format!(
                "row at line {}: column name {}: {e}",
                row.line,
                shown(&c.name)
            )
        })?;
        if cf.is_counter() {
            return Ok(());
        }
        let validator = o
            .column_metadata
            .iter()
            .find(|m| m.name == c.name)
            .map_or(&o.default_validation_class, |m| &m.validation_class);
        validator.validate(&c.value).map_err(|e| {
            format!(
                "row at line {}: ({e}) [{}][{}][{}] failed validation",
                row.line,
                def.keyspace,
                def.name,
                shown(&c.name)
            )
        })
    };
    for row in &cf.rows {
        o.key_validation_class
            .validate(&row.key)
            .map_err(|e| format!("row at line {}: key: {e}", row.line))?;
        for c in &row.columns {
            check(row, &def.comparator, c)?;
        }
        let sub = def.subcomparator.as_ref().unwrap_or(&def.comparator);
        for sc in &row.super_columns {
            def.comparator.validate(&sc.name).map_err(|e| {
                format!(
                    "row at line {}: super column name {}: {e}",
                    row.line,
                    shown(&sc.name)
                )
            })?;
            for c in &sc.columns {
                check(row, sub, c)?;
            }
        }
    }
    Ok(())
}

/// Runs a CQL script against `node`, the statements in order.
pub fn script(node: &Node, statements: &[Statement]) -> Result<(), (usize, String)> {
    let backend = Backend(node);
    let mut session = CqlSession::new(node.cql_clock.clone());
    for s in statements {
        // ONE: the consistency level is accepted and not acted on.
        exec::execute(&backend, &mut session, &s.text).map_err(|e| (s.line, e.to_string()))?;
    }
    Ok(())
}

/// The CQL3 executor's view of the node (no authorization: datasets are
/// the operator's own files).
struct Backend<'a>(&'a Node);

fn invalid(e: NodeError) -> CqlError {
    match e {
        NodeError::Invalid(why) => CqlError::Invalid(why),
        other => CqlError::Invalid(other.to_string()),
    }
}

impl CqlBackend for Backend<'_> {
    fn schema(&self) -> Arc<Schema> {
        self.0.schema()
    }
    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError> {
        self.0.change_schema(change).map(|_| ()).map_err(invalid)
    }
    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        self.0.apply_batch(mutations).map_err(invalid)
    }
    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.0.read(cmd, key).map_err(invalid)
    }
    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.0.read_range(cmd, range, max_rows).map_err(invalid)
    }
    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.0.read_indexed(cmd, query).map_err(invalid)
    }
    fn traces(&self) -> Option<Arc<crate::trace::Store>> {
        Some(self.0.traces.clone())
    }
    fn takes_plain_cells_among_counters(&self) -> bool {
        self.0.backend().cluster().is_none()
    }
    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.0.truncate(keyspace, cf).map_err(invalid)
    }
    fn serialized(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut dyn FnMut() -> Result<CqlOutcome, CqlError>,
    ) -> Result<CqlOutcome, CqlError> {
        self.0.serialized(keyspace, cf, key, f)
    }
    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.0
            .index_candidates(keyspace, cf, query)
            .map_err(invalid)
    }
}
