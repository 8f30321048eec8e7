//! Super column families as Cassandra 3.x shows them to CQL: the table
//! `(key, column1, column2, value)`, `column1` the super column's name (of
//! the comparator), `column2` the sub-column's (of the subcomparator),
//! `value` of the default validator (counters in a counter CF). This is
//! the native protocol's view (`CqlSession::super_tables`), and 2.0 to
//! 2.2's over Thrift (`CqlSession::set_super_view`); 1.2's CQL3 over
//! Thrift keeps its own (a super CF is not a CQL3 table there).
//!
//! How: the executor reads such a CF as 1.2's compact table over a
//! `CompositeType(comparator, subcomparator)` comparator ([`table`]), so
//! the mapping checks, plans and assembles rows as for any dense composite
//! table, and [`View`], a backend around the real one, turns that table's
//! composite cell names into the super CF's (super column, sub-column)
//! pairs and back:
//!
//! - a read of a slice of composites reads the super columns the slice
//!   spans and cuts their sub-columns to it (in the slice's order);
//! - a cell, tombstone or counter addition names its super column;
//! - a range tombstone over one `column1` (`DELETE ... WHERE key = ? AND
//!   column1 = ?`) is a super column deletion, which is what 3.x's range
//!   tombstone over `column1` is: it shadows every sub-column of that super
//!   column written at or before its time; a partition deletion stays one.
//!   Any other range (3.0's `column1 >= ?` deletions, which 1.2's CQL3 does
//!   not parse anyway) is refused.
//!
//! It must not parse or plan CQL (the mapping does) nor know a wire.

use super::{CqlBackend, CqlOutcome, IndexCandidates};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::schema::{json_string_list, TableSchema};
use crate::cql::table::Table;
use crate::marshal::{
    AbstractType, BytesType, CompositeBuilder, CompositeType, Eoc, TypeRef, MARSHAL_PACKAGE,
};
use crate::model::{
    Bytes, Cell, IndexQuery, Op, ReadCommand, RowMutation, RowRange, RowResult, Slice, SuperColumn,
};
use crate::schema::{CfDef, Schema, SchemaChange};
use crate::storage::packed_batch::PackedBatch;
use std::cmp::Ordering;
use std::sync::Arc;

/// The table a super CF is read and written as in the 3.x view.
pub fn table(cf: &CfDef) -> CqlResult<Table> {
    let o = &cf.options;
    // The key's name as 3.x shows it (`schema::legacy3x::super_layout`).
    let key = o
        .key_aliases
        .first()
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .unwrap_or_else(|| "key".to_string());
    let stored = TableSchema {
        comparator: format!(
            "{MARSHAL_PACKAGE}CompositeType({},{})",
            cf.comparator.class_name(),
            subcomparator(cf).class_name()
        ),
        key_validator: o.key_validation_class.class_name(),
        default_validator: o.default_validation_class.class_name(),
        key_aliases: json_string_list(std::iter::once(key.as_str())),
        column_aliases: json_string_list(["column1", "column2"].into_iter()),
        // A value alias makes it compact and dense whatever the types.
        value_alias: Some("value".into()),
        columns: Vec::new(),
        key_indexes: Vec::new(),
    };
    Table::from_schema(&cf.keyspace, &cf.name, &stored)
}

/// The sub-columns' comparator (BytesType when none was given).
fn subcomparator(cf: &CfDef) -> TypeRef {
    cf.subcomparator
        .clone()
        .unwrap_or_else(|| Arc::new(BytesType))
}

/// The order of the composite names `(super column, sub-column)`.
fn composite_type(cf: &CfDef) -> CompositeType {
    CompositeType::new(vec![cf.comparator.clone(), subcomparator(cf)])
}

/// The composite name of a sub-column.
fn compose(super_column: &[u8], name: &[u8]) -> CqlResult<Bytes> {
    Ok(CompositeBuilder::new()
        .push(super_column)
        .and_then(|b| b.push(name))
        .map_err(|e| CqlError::invalid(e.0))?
        .build(Eoc::None))
}

/// A composite cell name split into (super column, sub-column).
fn split(name: &[u8]) -> CqlResult<(Bytes, Bytes)> {
    match CompositeType::split(name).map_err(|e| CqlError::invalid(e.0))?[..] {
        [(sc, 0), (sub, 0)] => Ok((sc.to_vec(), sub.to_vec())),
        _ => Err(CqlError::invalid(
            "a super column family's cell needs both column1 and column2",
        )),
    }
}

/// The first component of a slice bound (empty for an open bound).
fn first_component(bound: &[u8]) -> CqlResult<Bytes> {
    if bound.is_empty() {
        return Ok(Vec::new());
    }
    let parts = CompositeType::split(bound).map_err(|e| CqlError::invalid(e.0))?;
    Ok(parts.first().map(|(v, _)| v.to_vec()).unwrap_or_default())
}

/// The super column a range tombstone covers exactly: `(c1)` with EOC 0
/// or -1 to `(c1)` with EOC 1.
fn whole_super_column(start: &[u8], end: &[u8]) -> Option<Bytes> {
    let s = CompositeType::split(start).ok()?;
    let e = CompositeType::split(end).ok()?;
    match (&s[..], &e[..]) {
        ([(a, 0 | 0xff)], [(b, 1)]) if a == b => Some(a.to_vec()),
        _ => None,
    }
}

/// A super CF's sub-columns as the composite cells of its 3.x table, in
/// the order given (super columns in turn, each one's sub-columns forward
/// or, `reversed`, backwards).
fn flatten(supers: Vec<SuperColumn>, reversed: bool) -> CqlResult<Vec<Cell>> {
    let mut out = Vec::new();
    for sc in supers {
        let mut cells = sc.cells;
        if reversed {
            cells.reverse();
        }
        for c in cells {
            out.push(Cell {
                name: compose(&sc.name, &c.name)?,
                ..c
            });
        }
    }
    Ok(out)
}

/// The backend as the 3.x view of super CFs sees it (see the module
/// comment); everything else goes through unchanged.
pub struct View<'a> {
    inner: &'a dyn CqlBackend,
}

impl<'a> View<'a> {
    pub fn new(inner: &'a dyn CqlBackend) -> View<'a> {
        View { inner }
    }

    /// The definition of `keyspace.cf` when it is a super CF.
    fn super_cf<'s>(schema: &'s Schema, keyspace: &str, cf: &str) -> Option<&'s Arc<CfDef>> {
        schema.cf(keyspace, cf).filter(|d| d.is_super())
    }

    /// Whether any of `mutations` writes a super CF.
    fn writes_super(schema: &Schema, mutations: &[RowMutation]) -> bool {
        mutations.iter().any(|m| {
            m.updates
                .iter()
                .any(|(cf, _)| schema.cf(&m.keyspace, cf).is_some_and(|d| d.is_super()))
        })
    }

    /// `mutations` with every super CF's op in the super CF's terms.
    fn translate(schema: &Schema, mutations: &[RowMutation]) -> CqlResult<Vec<RowMutation>> {
        mutations
            .iter()
            .map(|m| {
                let updates = m
                    .updates
                    .iter()
                    .map(|(cf, ops)| {
                        let sup = schema.cf(&m.keyspace, cf).is_some_and(|d| d.is_super());
                        let ops = if sup {
                            ops.iter()
                                .cloned()
                                .map(super_op)
                                .collect::<CqlResult<_>>()?
                        } else {
                            ops.clone()
                        };
                        Ok((cf.clone(), ops))
                    })
                    .collect::<CqlResult<_>>()?;
                Ok(RowMutation {
                    keyspace: m.keyspace.clone(),
                    key: m.key.clone(),
                    updates,
                })
            })
            .collect()
    }

    /// A slice of the composite names of `cf`'s 3.x table, read from the
    /// super CF.
    fn read_slice(&self, cf: &CfDef, cmd: &ReadCommand, key: &[u8]) -> CqlResult<Vec<Cell>> {
        let order = composite_type(cf);
        let read = |super_column: Option<Bytes>, slice: Slice| {
            self.inner.read(
                &ReadCommand {
                    keyspace: cmd.keyspace.clone(),
                    cf: cmd.cf.clone(),
                    super_column,
                    slice,
                },
                key,
            )
        };
        match &cmd.slice {
            Slice::Names(names) => {
                // One read per super column named, of the sub-columns named.
                let mut wanted: Vec<(Bytes, Vec<Bytes>)> = Vec::new();
                for n in names {
                    let (sc, sub) = split(n)?;
                    match wanted.iter_mut().find(|(s, _)| *s == sc) {
                        Some((_, subs)) => subs.push(sub),
                        None => wanted.push((sc, vec![sub])),
                    }
                }
                let mut out = Vec::new();
                for (sc, subs) in wanted {
                    if let RowResult::Cells(cells) = read(Some(sc.clone()), Slice::Names(subs))? {
                        for c in cells {
                            out.push(Cell {
                                name: compose(&sc, &c.name)?,
                                ..c
                            });
                        }
                    }
                }
                out.sort_by(|a, b| order.compare(&a.name, &b.name));
                out.dedup_by(|a, b| a.name == b.name);
                Ok(out)
            }
            Slice::Range {
                start,
                finish,
                reversed,
                count,
            } => {
                // The super columns the bounds' first components span, then
                // their sub-columns cut to the composite bounds.
                let (first, last) = (first_component(start)?, first_component(finish)?);
                // Bounds the wrong way round select nothing (the engine
                // would refuse them as a Thrift slice).
                let wrong_way = if *reversed {
                    Ordering::Less
                } else {
                    Ordering::Greater
                };
                if !first.is_empty()
                    && !last.is_empty()
                    && cf.comparator.compare(&first, &last) == wrong_way
                {
                    return Ok(Vec::new());
                }
                let spanned = Slice::Range {
                    start: first,
                    finish: last,
                    reversed: *reversed,
                    count: usize::MAX,
                };
                let supers = match read(None, spanned)? {
                    RowResult::SuperColumns(s) => s,
                    RowResult::Cells(_) => Vec::new(),
                };
                // In traversal order: `start` first, `finish` last.
                let before = |a: &[u8], b: &[u8]| {
                    let o = order.compare(a, b);
                    if *reversed {
                        o != Ordering::Less
                    } else {
                        o != Ordering::Greater
                    }
                };
                let mut out = Vec::new();
                for c in flatten(supers, *reversed)? {
                    if !start.is_empty() && !before(start, &c.name) {
                        continue;
                    }
                    if !finish.is_empty() && !before(&c.name, finish) {
                        break;
                    }
                    if out.len() >= *count {
                        break;
                    }
                    out.push(c);
                }
                Ok(out)
            }
        }
    }
}

/// One op of the 3.x table in the super CF's terms.
fn super_op(op: Op) -> CqlResult<Op> {
    Ok(match op {
        Op::Put {
            super_column: None,
            cell,
        } => {
            let (sc, name) = split(&cell.name)?;
            Op::Put {
                super_column: Some(sc),
                cell: Cell { name, ..cell },
            }
        }
        Op::CounterAdd {
            super_column: None,
            name,
            delta,
            timestamp,
        } => {
            let (sc, name) = split(&name)?;
            Op::CounterAdd {
                super_column: Some(sc),
                name,
                delta,
                timestamp,
            }
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => match whole_super_column(&start, &end) {
            Some(name) => Op::DeleteSuperColumn { name, deletion },
            None => {
                return Err(CqlError::invalid(
                    "a super column family's rows are deleted by column1 = ? (a super column) or by column1 and column2 (a sub-column)",
                ))
            }
        },
        other => other,
    })
}

impl CqlBackend for View<'_> {
    fn schema(&self) -> Arc<Schema> {
        self.inner.schema()
    }

    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError> {
        self.inner.change_schema(change)
    }

    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        let schema = self.inner.schema();
        if !Self::writes_super(&schema, mutations) {
            return self.inner.apply(mutations);
        }
        self.inner.apply(&Self::translate(&schema, mutations)?)
    }

    fn apply_logged(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        let schema = self.inner.schema();
        if !Self::writes_super(&schema, mutations) {
            return self.inner.apply_logged(mutations);
        }
        self.inner
            .apply_logged(&Self::translate(&schema, mutations)?)
    }

    fn apply_packed(&self, batch: &PackedBatch, logged: bool) -> Result<(), CqlError> {
        let schema = self.inner.schema();
        let sup = batch
            .tables()
            .any(|(ks, cf)| schema.cf(ks, cf).is_some_and(|d| d.is_super()));
        if !sup {
            return self.inner.apply_packed(batch, logged);
        }
        let mutations = batch
            .to_mutations()
            .map_err(|e| CqlError::Invalid(e.to_string()))?;
        let translated = Self::translate(&schema, &mutations)?;
        match logged {
            true => self.inner.apply_logged(&translated),
            false => self.inner.apply(&translated),
        }
    }

    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        let schema = self.inner.schema();
        match Self::super_cf(&schema, &cmd.keyspace, &cmd.cf) {
            Some(cf) if cmd.super_column.is_none() => {
                Ok(RowResult::Cells(self.read_slice(cf, cmd, key)?))
            }
            _ => self.inner.read(cmd, key),
        }
    }

    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        let rows = self.inner.read_range(cmd, range, max_rows)?;
        if cmd.super_column.is_some()
            || Self::super_cf(&self.inner.schema(), &cmd.keyspace, &cmd.cf).is_none()
        {
            return Ok(rows);
        }
        rows.into_iter()
            .map(|(k, r)| {
                let r = match r {
                    RowResult::SuperColumns(s) => RowResult::Cells(flatten(s, false)?),
                    cells => cells,
                };
                Ok((k, r))
            })
            .collect()
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.inner.read_indexed(cmd, query)
    }

    fn traces(&self) -> Option<Arc<crate::trace::Store>> {
        self.inner.traces()
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        self.inner.takes_plain_cells_among_counters()
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.inner.truncate(keyspace, cf)
    }

    fn serialized(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut dyn FnMut() -> Result<CqlOutcome, CqlError>,
    ) -> Result<CqlOutcome, CqlError> {
        self.inner.serialized(keyspace, cf, key, f)
    }

    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.inner.index_candidates(keyspace, cf, query)
    }
}

#[cfg(test)]
#[path = "super3_tests.rs"]
mod tests;
