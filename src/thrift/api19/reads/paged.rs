//! `get_paged_slice`: rows from the range's start, a count of columns in
//! all, as each release counted them (1.1 and 1.2's parts cut at the
//! node's token are `release::reads::paged`'s).
//!
//! 2.0 to 2.2 read a range wrapping past the ring's minimum (a token range
//! whose start is not before its end) in two parts, each for the whole
//! count (`StorageProxy.getRangeSlice`, the same command for every part),
//! and went on to the second part only while the rows so far counted fewer
//! than the count: columns, but a Super column family's super columns
//! (the command's filter grouped cells by super column, where each part's
//! own read counted sub-columns).

use super::{check_read, range_keys, refused_level, row_filter, unstored};
use crate::model::Slice;
use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::api19::convert::{slice_command, thriftify};
use crate::thrift::api19::release::reads::badtoken;
use crate::thrift::api19::scan::{bigtoken, scan};
use crate::thrift::api19::validation as v;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// Rows from the range's start, `range.count` columns in all (2.0-2.2: a
/// Super CF's sub-columns; 3.x: `range.count` rows, each whole); the start key's row begins at
/// `start_column` (1.2: the first row scanned, whatever its key), later
/// rows at their first column.
pub fn get_paged_slice(
    node: &Node,
    ks: &str,
    column_family: &str,
    range: &t::KeyRange,
    start_column: &[u8],
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let schema = node.schema();
    let cf = v::validate_read_cf(&schema, ks, column_family)?;
    if let Some(e) = badtoken::unreadable(node, schema.partitioner.as_ref(), range) {
        return Err(e);
    }
    if let Some(e) = badtoken::in_checks(node, schema.partitioner.as_ref(), range) {
        return Err(e);
    }
    let masked = badtoken::for_checks(node, schema.partitioner.as_ref(), range);
    let checked = bigtoken::for_checks(node, schema.partitioner.as_ref(), &masked);
    v::validate_key_range(
        schema.partitioner.as_ref(),
        Some(&cf),
        None,
        &checked,
        crate::thrift::api19::release::checks(node.release),
    )?;
    let level = refused_level(check_read(node, ks, cl))?;
    unstored(node, ks, &cf.name)?;
    level?;
    if let Some(e) = badtoken::at_read(node, schema.partitioner.as_ref(), range) {
        return Err(e);
    }
    if let Some(filter) = row_filter(range) {
        return Err(crate::thrift::api19::release::reads::pagedfilter::refusal(
            node, &cf, filter, cl,
        )
        .unwrap_or_else(|| {
            ApiError::invalid("get_paged_slice with a row_filter is not supported by this server")
        }));
    }
    // 3.x decoded the start column before it made the paging range.
    if !cf.is_super()
        && node
            .release
            .is_some_and(|r| r.does(Behaviour::PagedStartColumnDecoded))
    {
        crate::thrift::api19::release::v3x::decode_cell_name(&cf, start_column)?;
    }
    crate::thrift::api19::release::v3x::paged_wrap(
        node.release,
        schema.partitioner.as_ref(),
        range,
    )?;
    crate::thrift::api19::release::reads::keybound::check_printable(node, &cf, range_keys(range))?;
    if let Some(rows) = crate::thrift::api19::release::reads::paged::split_at_token(
        node,
        ks,
        &cf,
        range,
        start_column,
        cl,
    ) {
        return rows;
    }
    let mut budget = usize::try_from(range.count).unwrap_or(0);
    let first_row_starts = node
        .release
        .is_some_and(|r| r.does(Behaviour::PagedStartOnFirstRow));
    // 3.x counted partitions, each read whole.
    let partitions = node
        .release
        .is_some_and(|r| r.does(Behaviour::PagedSliceCountsPartitions));
    let per_row = |budget: usize| if partitions { usize::MAX } else { budget };
    // 2.0-2.2 counted a Super CF's sub-columns.
    let cells = cf.is_super()
        && node
            .release
            .is_some_and(|r| r.does(Behaviour::PagedSuperSliceCountsCells));
    let whole = |start: &[u8], count: usize| Slice::Range {
        start: start.to_vec(),
        finish: Vec::new(),
        reversed: false,
        count,
    };
    let parent = t::ColumnParent::new(cf.name.clone(), None);
    let cmd = slice_command(ks, &parent, whole(&[], per_row(budget)));
    let now = node.now();
    let mut out = Vec::new();
    // A row of tombstones alone comes back empty and counts nothing: while
    // columns are still wanted, the range is scanned again for twice as
    // many rows, and the rows not yet answered are taken.
    let (mut rows, mut answered) = (budget, 0);
    let parts = node
        .release
        .is_some_and(|r| r.does(Behaviour::PagedWrapInParts));
    let (full, p) = (budget, schema.partitioner.as_ref());
    let mut last_token = None;
    // A wrapping range's second part is met only by scanning past the
    // first: all of it is scanned at once.
    if parts {
        rows = usize::MAX;
    }
    'scan: while budget > 0 || parts {
        let scanned = scan(node, &cmd, range, rows)?;
        let complete = scanned.len() < rows;
        for (key, row) in scanned.into_iter().skip(answered) {
            if parts {
                let token = p.token(&key);
                if last_token.as_ref().is_some_and(|last| token < *last) {
                    if proxy_count(&out) >= full {
                        break 'scan;
                    }
                    budget = full;
                }
                last_token = Some(token);
            }
            if budget == 0 {
                if parts {
                    answered += 1;
                    continue;
                }
                break;
            }
            let starts = if first_row_starts {
                answered == 0
            } else {
                range.start_key.as_deref() == Some(key.as_slice())
            };
            answered += 1;
            let row = if starts && !start_column.is_empty() {
                node.read(
                    &slice_command(ks, &parent, whole(start_column, per_row(budget))),
                    &key,
                )?
            } else {
                row
            };
            let mut columns = thriftify(&row, now, cf.is_counter());
            if partitions {
                budget -= 1;
            } else if cells {
                budget -=
                    crate::thrift::api19::release::reads::pagedcells::take(&mut columns, budget);
            } else {
                columns.truncate(budget);
                budget -= columns.len();
            }
            out.push(t::KeySlice::new(key, columns));
        }
        if complete {
            break;
        }
        rows = rows.saturating_mul(2);
    }
    Ok(out)
}

/// The rows' count as 2.0's `StorageProxy` made it between the parts of a
/// range: columns, a super column (whole or cut) counting one.
fn proxy_count(rows: &[t::KeySlice]) -> usize {
    rows.iter().map(|r| r.columns.len()).sum()
}
