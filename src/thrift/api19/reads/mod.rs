//! The 19.x read calls: get, get_slice, get_count, multiget_slice,
//! multiget_count, get_range_slices, get_paged_slice, get_multi_slice
//! (`filtered`: get_indexed_slices and a range's row filter; `paged`:
//! get_paged_slice).
//! Validation runs first, in 1.2's order (column family, path or parent,
//! predicate, consistency level, keys).

pub(super) mod filtered;
mod multislice;
mod paged;

pub use multislice::get_multi_slice;
pub use paged::get_paged_slice;

use super::convert::{into_thrift, path_command, slice_command, slice_of, thriftify};
use super::release::reads::{badtoken, cqlrows, prefix_end, slicebounds, statics, wholerow};
use super::scan::bigtoken;
use super::scan::scan;
use super::validation::{self as v, Access};
use crate::cql::exec::system;
use crate::model::{ReadCommand, RowResult};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::{system19, CfDef};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::collections::BTreeMap;

/// 2.0 closed the connection where a read asked for the store of a column
/// family whose index it could not open (`release::schema::plainindex`);
/// 1.0 failed on the server for one whose store failed as it opened
/// (`release::schema::stores`): a row read in the read stage (timed out),
/// a range or index read in the calling thread.
pub(super) fn unstored(node: &Node, ks: &str, cf: &str) -> ApiResult<()> {
    super::release::schema::plainindex::check_store(node, ks, cf)?;
    super::release::schema::stores::check_store(node, ks, cf, false)
}

fn unstored_row(node: &Node, ks: &str, cf: &str) -> ApiResult<()> {
    super::release::schema::plainindex::check_store(node, ks, cf)?;
    super::release::schema::stores::check_store(node, ks, cf, true)
}

pub(super) fn check_read(node: &Node, ks: &str, cl: ConsistencyLevel) -> ApiResult<()> {
    let schema = node.schema();
    let traces;
    let ksdef = if system::traces::served(&schema, ks) {
        traces = system19::system_traces_keyspace();
        &traces
    } else {
        v::validate_keyspace(&schema, ks)?
    };
    let nts = ksdef
        .replica_placement_strategy
        .ends_with(".NetworkTopologyStrategy");
    let cl = super::release::reads::count::level_as_checked(node, cl, Access::Read, nts)?;
    let alone = node.engine().is_some();
    super::release::replicas::check_level(node, ksdef, None, cl, Access::Read, alone)
}

/// A level's check split as the releases made it: a level refused as
/// invalid fails at once (the outer `Err`), one that too few live nodes
/// could serve only when the read ran, after the keys were checked (the
/// inner one).
pub(super) fn refused_level(level: ApiResult<()>) -> ApiResult<ApiResult<()>> {
    match level {
        Err(ApiError::Unavailable) => Ok(Err(ApiError::Unavailable)),
        Err(e) => Err(e),
        Ok(()) => Ok(Ok(())),
    }
}

pub fn get(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<t::ColumnOrSuperColumn> {
    let (cmd, counter) = checked_get(node, ks, key, path, cl)?;
    let row = node.read(&cmd, key)?;
    thriftify(&row, node.now(), counter)
        .into_iter()
        .next()
        .ok_or(ApiError::NotFound)
}

/// The checks of a `get`, in 1.2's order, and its read command with
/// whether the column family holds counters.
pub(super) fn checked_get(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<(ReadCommand, bool)> {
    let cf = v::validate_read_cf(&node.schema(), ks, &path.column_family)?;
    v::validate_column_path(
        &cf,
        path,
        crate::thrift::api19::release::checks(node.release),
    )?;
    let level = refused_level(check_read(node, ks, cl))?;
    v::validate_key(
        &cf,
        key,
        crate::thrift::api19::release::checks(node.release),
    )?;
    unstored_row(node, ks, &cf.name)?;
    level?;
    Ok((path_command(ks, path), cf.is_counter()))
}

/// The checks of a slice of `keys`, in 1.2's order, and the read command
/// with whether the column family holds counters.
pub(super) fn checked_slice<'k>(
    node: &Node,
    ks: &str,
    keys: impl IntoIterator<Item = &'k [u8]>,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<(ReadCommand, bool)> {
    let cf = v::validate_read_cf(&node.schema(), ks, &parent.column_family)?;
    v::validate_column_parent(
        &cf,
        parent,
        crate::thrift::api19::release::checks(node.release),
    )?;
    slicebounds::check(node, predicate)?;
    v::validate_predicate(
        &cf,
        parent.super_column.as_deref(),
        predicate,
        crate::thrift::api19::release::checks(node.release),
    )?;
    let level = refused_level(check_read(node, ks, cl))?;
    // 3.x decoded the bounds as it built the read's filter, before the keys.
    super::release::v3x::slice_bounds(node.release, &cf, predicate)?;
    let keys: Vec<&[u8]> = keys.into_iter().collect();
    for key in &keys {
        v::validate_key(
            &cf,
            key,
            crate::thrift::api19::release::checks(node.release),
        )?;
    }
    unstored_row(node, ks, &cf.name)?;
    level?;
    // (a super column's sub-columns were sliced apart, no Column made)
    if parent.super_column.is_none() {
        slicebounds::check_memtable_start(node, ks, &cf.name, keys.iter().copied(), predicate)?;
    }
    let cmd = release_command(node, &cf, ks, parent, predicate);
    Ok((cmd, cf.is_counter()))
}

/// The read command of a checked slice as the release read it: 3.x widened
/// a reversed slice of a static compact table ([`statics`]) or of a CQL
/// table ([`cqlrows`]) and read an end bound at a composite prefix its way
/// ([`prefix_end`]).
pub(super) fn release_command(
    node: &Node,
    cf: &CfDef,
    ks: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
) -> ReadCommand {
    let mut cmd = slice_command(ks, parent, slice_of(predicate));
    if statics::applies(node.release, cf, predicate) {
        statics::widen(&mut cmd);
    }
    if cqlrows::applies(node.release, cf, predicate).is_some() {
        cqlrows::widen(&mut cmd);
    }
    prefix_end::apply(node.release, cf, &mut cmd);
    cmd
}

/// Row `key`'s columns as the release answered them: 3.x reversed a super
/// column's subcolumns with the slice, merged a static compact table's
/// declared columns into the others, source by source, and reversed a CQL
/// table's rows, not their cells.
pub(super) fn as_answered(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    out: &mut Vec<t::ColumnOrSuperColumn>,
) {
    super::release::v3x::reversed_super_slice(node.release, parent, predicate, out);
    let schema = node.schema();
    let cf = schema.cf(ks, &parent.column_family);
    let merged = node
        .release
        .is_some_and(|r| r.does(Behaviour::StaticColumnsMerged));
    if let Some(cf) = cf.filter(|cf| merged && statics::applies(node.release, cf, predicate)) {
        statics::order(cf, predicate, &row_sources(node, ks, &cf.name, key), out);
    }
    if let Some(clustering) = cf.and_then(|cf| cqlrows::applies(node.release, cf, predicate)) {
        cqlrows::order(clustering, predicate, out);
    }
}

/// Each copy of row `key` of `cf` (the memtable's, each flushed SSTable's)
/// by the names it holds; none where the engine cannot tell.
pub(super) fn row_sources(node: &Node, ks: &str, cf: &str, key: &[u8]) -> Vec<Vec<Vec<u8>>> {
    node.partition_copies(ks, cf, key)
        .unwrap_or_default()
        .into_iter()
        .map(|(_, copy)| copy.cells().map(|c| c.name.to_vec()).collect())
        .collect()
}

/// Whether [`checked_slice`] widened the slice to every column (a 3.x
/// static compact table's reversed slice, see [`statics`], or a CQL
/// table's, see [`cqlrows`]).
fn widened(node: &Node, ks: &str, parent: &t::ColumnParent, predicate: &t::SlicePredicate) -> bool {
    let schema = node.schema();
    let Some(cf) = schema.cf(ks, &parent.column_family) else {
        return false;
    };
    let statics = node
        .release
        .is_some_and(|r| r.does(Behaviour::StaticColumnsMerged))
        && statics::applies(node.release, cf, predicate);
    statics || cqlrows::applies(node.release, cf, predicate).is_some()
}

pub fn multiget_slice(
    node: &Node,
    ks: &str,
    keys: &[Vec<u8>],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<BTreeMap<Vec<u8>, Vec<t::ColumnOrSuperColumn>>> {
    let (cmd, counter) = checked_slice(
        node,
        ks,
        keys.iter().map(Vec::as_slice),
        parent,
        predicate,
        cl,
    )?;
    super::release::v3x::multiget_of_no_keys(node.release, keys.is_empty())?;
    super::release::reads::count::serial_multiget(node, keys.len(), cl)?;
    let keyed = keys.iter().map(Vec::as_slice);
    super::release::reads::zero_slice::check(node, ks, keyed, parent, predicate)?;
    let now = node.now();
    keys.iter()
        .map(|key| {
            let mut out = into_thrift(node.read(&cmd, key)?, now, counter);
            as_answered(node, ks, key, parent, predicate, &mut out);
            Ok((key.clone(), out))
        })
        .collect()
}

/// One key's slice, as [`multiget_slice`] would answer it (without the map
/// and the key's copy it would build).
pub fn get_slice(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::ColumnOrSuperColumn>> {
    let (cmd, counter) = checked_slice(node, ks, [key], parent, predicate, cl)?;
    super::release::reads::zero_slice::check(node, ks, [key], parent, predicate)?;
    let mut out = into_thrift(node.read(&cmd, key)?, node.now(), counter);
    as_answered(node, ks, key, parent, predicate, &mut out);
    Ok(out)
}

fn count(n: usize) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

pub fn multiget_count(
    node: &Node,
    ks: &str,
    keys: &[Vec<u8>],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<BTreeMap<Vec<u8>, i32>> {
    // Checked as multiget_slice; counted without holding any row.
    let (cmd, _) = checked_slice(
        node,
        ks,
        keys.iter().map(Vec::as_slice),
        parent,
        predicate,
        cl,
    )?;
    super::release::reads::count::serial_multiget(node, keys.len(), cl)?;
    let keyed = keys.iter().map(Vec::as_slice);
    super::release::reads::zero_slice::check(node, ks, keyed, parent, predicate)?;
    let widened = widened(node, ks, parent, predicate);
    keys.iter()
        .map(|key| {
            let n = node.count(&cmd, key)?;
            Ok((key.clone(), count(statics::counted(widened, predicate, n))))
        })
        .collect()
}

pub fn get_count(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    cl: ConsistencyLevel,
) -> ApiResult<i32> {
    // 2.0 asked for the store once the column family was known.
    super::release::schema::plainindex::check_count(node, ks, &parent.column_family)?;
    // 3.x decoded a CQL table's bounds past its clustering as it made the
    // slice, before the slice's order was asserted (see `count3x`).
    let schema = node.schema();
    let range = predicate
        .slice_range
        .as_ref()
        .filter(|_| predicate.column_names.is_none());
    if let (Some(cf), Some(range)) = (schema.cf(ks, &parent.column_family), range) {
        super::release::v3x::counted_slice_bounds(node.release, cf, range)?;
    }
    let counted = super::release::reads::count3x::checked(node, ks, key, parent, predicate, cl)
        .or_else(|| {
            super::release::reads::count::unvalidated(node, ks, key, parent, predicate, cl)
        });
    if let Some(counted) = counted {
        return counted;
    }
    // 1.0 to 1.2.9 looked the store up (`Table.getColumnFamilyStore`)
    // before any check of the column family, whatever the predicate (1.2.9's
    // CassandraServer.get_count did so before it sent column names on to
    // get_slice).
    let looks_up_store = node.release.is_some_and(|r| {
        r.does(Behaviour::CountOfUnknownCfFails) || r.does(Behaviour::CountOfUnknownCfDropped)
    });
    if looks_up_store {
        let schema = node.schema();
        if schema.keyspace(ks).is_some()
            && v::validate_read_cf(&schema, ks, &parent.column_family).is_err()
        {
            let why = format!(
                "get_count of the unknown column family {}",
                parent.column_family
            );
            return Err(match node.release {
                Some(r) if !r.at_least(1, 1) => ApiError::Internal(why),
                _ => ApiError::Dropped(why),
            });
        }
    }
    // 1.2 counted a whole row where no predicate came (the whole range).
    let whole;
    let predicate = if predicate.column_names.is_none()
        && predicate.slice_range.is_none()
        && node.release.is_some_and(|r| r.series() == (1, 2))
    {
        whole = t::SlicePredicate::new(
            None::<Vec<Vec<u8>>>,
            t::SliceRange::new(Vec::new(), Vec::new(), false, i32::MAX),
        );
        &whole
    } else {
        predicate
    };
    // 1.1 and 1.2 counted page by page, each page at least two columns whatever
    // the count asked, and answered the count asked once it had more
    // columns than that: for a count below zero, that count whenever the
    // row had a column.
    let requested = predicate.slice_range.as_ref().map(|r| r.count);
    if let Some(asked) = requested.filter(|&n| n < 0) {
        if node
            .release
            .is_some_and(|r| r.at_least(1, 1) && !r.at_least(2, 0))
        {
            let mut paged = predicate.clone();
            if let Some(range) = paged.slice_range.as_mut() {
                range.count = 2;
            }
            let (cmd, _) = checked_slice(node, ks, [key], parent, &paged, cl)?;
            return Ok(if node.count(&cmd, key)? == 0 {
                0
            } else {
                asked
            });
        }
    }
    // Checked as get_slice; counted without holding the row.
    let (cmd, _) = checked_slice(node, ks, [key], parent, predicate, cl)?;
    let widened = widened(node, ks, parent, predicate);
    Ok(count(statics::counted(
        widened,
        predicate,
        node.count(&cmd, key)?,
    )))
}

pub(super) fn row_filter(range: &t::KeyRange) -> Option<&[t::IndexExpression]> {
    range.row_filter.as_deref().filter(|f| !f.is_empty())
}

/// A range's key bounds (`None` for a token bound).
pub(super) fn range_keys(range: &t::KeyRange) -> [Option<&[u8]>; 2] {
    [range.start_key.as_deref(), range.end_key.as_deref()]
}

pub fn get_range_slices(
    node: &Node,
    ks: &str,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    range: &t::KeyRange,
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let schema = node.schema();
    let cf = v::validate_read_cf(&schema, ks, &parent.column_family)?;
    v::validate_column_parent(
        &cf,
        parent,
        crate::thrift::api19::release::checks(node.release),
    )?;
    slicebounds::check(node, predicate)?;
    v::validate_predicate(
        &cf,
        parent.super_column.as_deref(),
        predicate,
        crate::thrift::api19::release::checks(node.release),
    )?;
    super::release::check_key_range(node, schema.partitioner.as_ref(), range)?;
    if let Some(e) =
        super::release::reads::badtoken::unreadable(node, schema.partitioner.as_ref(), range)
    {
        return Err(e);
    }
    let read_range = range;
    let range = &*badtoken::for_checks(node, schema.partitioner.as_ref(), read_range);
    if let Some(e) = badtoken::in_checks(node, schema.partitioner.as_ref(), read_range) {
        return Err(e);
    }
    let first_expression = row_filter(range).and_then(<[_]>::first);
    if let Some(first) = first_expression.filter(|_| {
        cf.is_super()
            && node
                .release
                .is_some_and(|r| r.does(Behaviour::RowFilterOfSuperDropped))
    }) {
        // The range's keys and tokens were checked first, then the first
        // expression's name and size; its column's lookup failed.
        let mut bare = range.clone();
        bare.row_filter = None;
        bare.count = 1;
        v::validate_key_range(
            schema.partitioner.as_ref(),
            Some(&cf),
            None,
            &bare,
            crate::thrift::api19::release::checks(node.release),
        )?;
        super::index::validate_expression_name(
            &cf,
            first,
            crate::thrift::api19::release::dialect(node.release),
        )?;
        return Err(ApiError::Dropped(format!(
            "a row_filter on the Super column family {}",
            cf.name
        )));
    }
    let keys = |r: &t::KeyRange| {
        v::validate_key_range(
            schema.partitioner.as_ref(),
            Some(&cf),
            None,
            r,
            crate::thrift::api19::release::checks(node.release),
        )
    };
    // 3.x's Super CFs: a row filter that passed its checks found no row.
    let super_filtered = match super::release::v3x::super_row_filter(
        node.release,
        &cf,
        parent.super_column.as_deref(),
        range,
        keys,
    ) {
        Some(checked) => checked.map(|()| true)?,
        None => v::validate_key_range(
            schema.partitioner.as_ref(),
            Some(&cf),
            parent.super_column.as_deref(),
            &bigtoken::for_checks(node, schema.partitioner.as_ref(), range),
            crate::thrift::api19::release::checks(node.release),
        )
        .map(|()| false)?,
    };
    let scan_cl = super::release::reads::scan_level(node, cl);
    let level = refused_level(check_read(node, ks, scan_cl))?;
    unstored(node, ks, &cf.name)?;
    level?;
    super::release::v3x::slice_bounds(node.release, &cf, predicate)?;
    if let Some(e) = badtoken::at_read(node, schema.partitioner.as_ref(), read_range) {
        return Err(e);
    }
    if super_filtered {
        return Ok(Vec::new());
    }
    let comparator = cf.comparator.class_name();
    super::release::old::check_range_names(node, &comparator, parent, predicate, cl)?;
    super::release::reads::keybound::check_start_key(node, &cf, range)?;
    super::release::reads::keybound::check_printable(node, &cf, range_keys(range))?;
    super::release::reads::check_row_list(node, range.count)?;
    let cmd = release_command(node, &cf, ks, parent, predicate);
    if let Some(filter) = row_filter(range) {
        return filtered::filtered_range(node, ks, &cf, parent, predicate, range, filter, &cmd, cl);
    }
    let now = node.now();
    let max_rows = usize::try_from(range.count).unwrap_or(0);
    let rows = scan(node, &cmd, range, max_rows)?;
    let whole_rows = wholerow::applies(node.release, &cf, parent, predicate);
    // (a super column's sub-columns were sliced apart, no Column made)
    let keys = rows.iter().map(|(key, _)| key.as_ref());
    if parent.super_column.is_none()
        && slicebounds::memtable_start_fails(node, ks, &cf.name, keys, predicate)
    {
        return Err(ApiError::Internal(
            "a range scan's slice start longer than a name, in the memtable".into(),
        ));
    }
    Ok(rows
        .into_iter()
        .map(|(key, row)| {
            let mut columns = into_thrift(row, now, cf.is_counter());
            as_answered(node, ks, &key, parent, predicate, &mut columns);
            if let Some(cells) = whole_rows
                .then(|| wholerow::columns(node, ks, &cf, &key, now))
                .flatten()
            {
                columns = into_thrift(RowResult::Cells(cells), now, false);
            }
            t::KeySlice::new(key, columns)
        })
        .collect())
}
