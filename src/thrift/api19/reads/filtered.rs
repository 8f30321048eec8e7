//! The 19.x reads by expressions: `get_indexed_slices` and a
//! `get_range_slices` whose range carries a `row_filter`. The rows come
//! from the engine's secondary indexes (or a scan testing each row); where
//! the node's release answered them from what it stored otherwise (3.x,
//! [`v3x::filtered`]), each row the engine found is read whole and answered
//! as that release would have. Validation is the callers' (`reads`), in
//! 1.2's order.

use super::super::convert::{into_thrift, slice_command, thriftify};
use super::super::index;
use super::super::release::reads::{composites_rows, reversedprune, slicebounds};
use super::super::release::v3x::{self, filtered as v3x_filtered};
use super::super::scan::scan;
use super::super::validation as v;
use super::{as_answered, check_read, release_command, unstored};
use crate::model::{IndexQuery, ReadCommand, Slice};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::ApiResult;
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// A read of every column of a row.
fn whole_row() -> Slice {
    Slice::Range {
        start: Vec::new(),
        finish: Vec::new(),
        reversed: false,
        count: usize::MAX,
    }
}

/// KEYS-index queries, answered by the engine's secondary indexes. 1.2
/// requires at least one EQ expression on an indexed column.
pub fn get_indexed_slices(
    node: &Node,
    ks: &str,
    parent: &t::ColumnParent,
    clause: &t::IndexClause,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let schema = node.schema();
    let cf = v::validate_read_cf(&schema, ks, &parent.column_family)?;
    v::validate_column_parent(
        &cf,
        parent,
        crate::thrift::api19::release::checks(node.release),
    )?;
    // Every release checked the predicate before the index clause.
    slicebounds::check(node, predicate)?;
    v::validate_predicate(
        &cf,
        parent.super_column.as_deref(),
        predicate,
        crate::thrift::api19::release::checks(node.release),
    )?;
    if !clause.expressions.is_empty() {
        // 2.0 asked for the store to find the clause's indexes.
        unstored(node, ks, &cf.name)?;
    }
    let opened = super::super::release::schema::stores::as_opened(node, &cf);
    index::validate_index_clause(
        opened.as_ref().unwrap_or(&cf),
        clause,
        crate::thrift::api19::release::dialect(node.release),
    )?;
    check_read(node, ks, super::super::release::reads::scan_level(node, cl))?;
    super::super::release::reads::keybound::check_printable(
        node,
        &cf,
        [Some(clause.start_key.as_slice())],
    )?;
    super::super::release::reads::check_index_count(node, clause.count)?;
    super::super::release::reads::check_row_list(node, clause.count)?;
    let count = usize::try_from(clause.count).unwrap_or(0);
    let expressions = &clause.expressions;
    let stored = v3x_filtered::applies(node.release, &cf, expressions);
    if !stored && v3x::filter_unselected(node.release, predicate, expressions) {
        return Ok(Vec::new());
    }
    let query = IndexQuery {
        expressions: expressions
            .iter()
            .map(index::expression)
            .collect::<ApiResult<_>>()?,
        start_key: clause.start_key.clone(),
        // The release dropped rows after the index found them.
        count: if stored { usize::MAX } else { count },
    };
    let now = node.now();
    if stored {
        let cmd = slice_command(ks, parent, whole_row());
        let rows = node.read_indexed(&cmd, &query)?;
        let keys = rows.iter().map(|(k, _)| k.as_slice());
        slicebounds::check_memtable_start(node, ks, &cf.name, keys, predicate)?;
        let rows = rows
            .into_iter()
            .map(|(key, row)| (key, into_thrift(row, now, cf.is_counter())));
        return Ok(as_stored(
            node,
            ks,
            &cf,
            predicate,
            expressions,
            rows,
            count,
        ));
    }
    if composites_rows::applies(node, &cf, expressions) {
        let cmd = slice_command(ks, parent, whole_row());
        let rows = node.read_indexed(&cmd, &query)?;
        return Ok(whole_rows(&cf, predicate, rows, now));
    }
    let mut cmd = release_command(node, &cf, ks, parent, predicate);
    reversedprune::unbounded(node, &cf, &mut cmd);
    let rows = node.read_indexed(&cmd, &query)?;
    if parent.super_column.is_none() {
        let keys = rows.iter().map(|(k, _)| k.as_slice());
        slicebounds::check_memtable_start(node, ks, &cf.name, keys, predicate)?;
    }
    reversedprune::check(node, &cf, predicate, rows.iter().map(|(k, _)| k.as_slice()))?;
    let mut rows: Vec<_> = rows
        .into_iter()
        .map(|(key, row)| {
            let mut columns = into_thrift(row, now, cf.is_counter());
            as_answered(node, ks, &key, parent, predicate, &mut columns);
            t::KeySlice::new(key, columns)
        })
        .collect();
    reversedprune::ascending(node, &cf, predicate, expressions, &mut rows);
    Ok(rows)
}

/// The rows of `range` matching its `filter` (checked by the caller),
/// `cmd` reading the predicate's columns, at most `range.count` of them.
#[allow(clippy::too_many_arguments)]
pub(super) fn filtered_range(
    node: &Node,
    ks: &str,
    cf: &CfDef,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    range: &t::KeyRange,
    filter: &[t::IndexExpression],
    cmd: &ReadCommand,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let max_rows = usize::try_from(range.count).unwrap_or(0);
    if v3x_filtered::applies(node.release, cf, filter) {
        let whole = slice_command(ks, parent, whole_row());
        let rows = filtered_scan(node, cf, &whole, range, filter, usize::MAX)?
            .into_iter()
            .map(|(key, row)| (key, row.columns));
        return Ok(as_stored(node, ks, cf, predicate, filter, rows, max_rows));
    }
    if v3x::filter_unselected(node.release, predicate, filter) {
        return Ok(Vec::new());
    }
    if super::super::release::reads::superfilter::check(node, cf, cmd, range, filter, cl)? {
        return Ok(Vec::new());
    }
    if composites_rows::applies(node, cf, filter) {
        let whole = slice_command(ks, parent, whole_row());
        let mut rows = filtered_scan(node, cf, &whole, range, filter, max_rows)?;
        rows.iter_mut()
            .for_each(|(_, row)| composites_rows::order(predicate, &mut row.columns));
        return Ok(rows.into_iter().map(|(_, row)| row).collect());
    }
    let mut cmd = cmd.clone();
    reversedprune::unbounded(node, cf, &mut cmd);
    let rows = filtered_scan(node, cf, &cmd, range, filter, max_rows)?;
    reversedprune::check(node, cf, predicate, rows.iter().map(|(k, _)| k.as_slice()))?;
    let mut rows: Vec<_> = rows
        .into_iter()
        .map(|(_, mut row)| {
            as_answered(node, ks, &row.key, parent, predicate, &mut row.columns);
            row
        })
        .collect();
    reversedprune::ascending(node, cf, predicate, filter, &mut rows);
    Ok(rows)
}

/// The rows a COMPOSITES index of plain names found, each whole (see
/// [`composites_rows`]).
fn whole_rows(
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    rows: Vec<(Vec<u8>, crate::model::RowResult)>,
    now: i32,
) -> Vec<t::KeySlice> {
    rows.into_iter()
        .map(|(key, row)| {
            let mut columns = into_thrift(row, now, cf.is_counter());
            composites_rows::order(predicate, &mut columns);
            t::KeySlice::new(key, columns)
        })
        .collect()
}

/// The rows the engine matched (each read whole) as 3.x answered them, at
/// most `count` (see [`v3x_filtered::answer`]).
fn as_stored(
    node: &Node,
    ks: &str,
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    expressions: &[t::IndexExpression],
    rows: impl Iterator<Item = (Vec<u8>, Vec<t::ColumnOrSuperColumn>)>,
    count: usize,
) -> Vec<t::KeySlice> {
    let deleted = |key: &[u8]| {
        node.stored_partition(ks, &cf.name, key, &[], 0)
            .is_ok_and(|p| p.is_some_and(|p| !p.deletion.is_live()))
    };
    rows.filter_map(|(key, columns)| {
        // The row's copies order only a reversed slice (statics::merge_sources).
        let reversed = predicate.slice_range.as_ref().is_some_and(|r| r.reversed);
        let sources = match reversed {
            true => super::row_sources(node, ks, &cf.name, &key),
            false => Vec::new(),
        };
        let answered = v3x_filtered::answer(cf, predicate, expressions, columns, &sources, || {
            deleted(&key)
        });
        answered.map(|columns| t::KeySlice::new(key, columns))
    })
    .take(count)
    .collect()
}

/// Rows of `range` whose columns satisfy `filter`, `max_rows` of them, each
/// read with `cmd`'s slice. A backend that finds them through an index (a
/// cluster's) answers; otherwise every row of the range is read whole to
/// test it, as 1.2 did for expressions on unindexed columns.
fn filtered_scan(
    node: &Node,
    cf: &CfDef,
    cmd: &ReadCommand,
    range: &t::KeyRange,
    filter: &[t::IndexExpression],
    max_rows: usize,
) -> ApiResult<Vec<(Vec<u8>, t::KeySlice)>> {
    let exprs = filter
        .iter()
        .map(index::expression)
        .collect::<ApiResult<Vec<_>>>()?;
    let mut indexed = true;
    let rows = super::super::scan::scan_by(node, range, max_rows, &mut |r, max| match node
        .read_range_filtered(cmd, r, &exprs, max)?
    {
        Some(rows) => Ok(rows),
        None => {
            indexed = false;
            Ok(Vec::new())
        }
    })?;
    if indexed {
        let now = node.now();
        return Ok(rows
            .into_iter()
            .map(|(key, row)| {
                let columns = into_thrift(row, now, cf.is_counter());
                (key.clone(), t::KeySlice::new(key, columns))
            })
            .collect());
    }
    let whole = ReadCommand {
        super_column: None,
        slice: whole_row(),
        ..cmd.clone()
    };
    let now = node.now();
    // 1.1 and 1.2 tested a names predicate's row on what it named, where
    // no index answered the filter (SecondaryIndexManager.hasIndexFor: an
    // EQ on an indexed column; the index's search read the clause's columns
    // besides).
    let by_index = filter.iter().any(|e| {
        e.op == t::IndexOperator::EQ
            && cf
                .options
                .column(&e.column_name)
                .is_some_and(|c| c.index_type.is_some())
    });
    let named_only = !by_index
        && matches!(cmd.slice, Slice::Names(_))
        && node
            .release
            .is_some_and(|r| r.does(Behaviour::RowFilterSeesNamedColumns));
    let mut out = Vec::new();
    for (key, row) in scan(node, &whole, range, usize::MAX)? {
        if out.len() >= max_rows {
            break;
        }
        let read = if named_only {
            let columns = thriftify(&node.read(cmd, &key)?, now, cf.is_counter());
            if !index::row_matches(cf, &columns, filter) {
                continue;
            }
            columns
        } else {
            if !index::row_matches(cf, &thriftify(&row, now, cf.is_counter()), filter) {
                continue;
            }
            thriftify(&node.read(cmd, &key)?, now, cf.is_counter())
        };
        out.push((key.clone(), t::KeySlice::new(key, read)));
    }
    Ok(out)
}
