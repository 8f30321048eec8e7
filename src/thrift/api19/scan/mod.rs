//! Range scans for 19.x KeyRanges on top of the engine's `read_range`:
//! key bounds, (key, token) bounds, and token ranges (which the engine
//! wraps around the ring: `(t, t]` is the whole ring, as 1.2 read it);
//! a release's tokens outside the ring are its own (`bigtoken`).
//!
//! The range is already validated; this module must not build replies.

pub(in crate::thrift::api19) mod bigtoken;

use crate::model::{Bytes, ReadCommand, RowRange, RowResult};
use crate::node::{Node, NodeResult};
use crate::partitioner::{Partitioner, Token};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;

fn parse(p: &dyn Partitioner, text: &str) -> ApiResult<Token> {
    p.token_from_string(text)
        .map_err(|e| ApiError::invalid(e.0))
}

/// Up to `max_rows` rows of `range` in ring order, range ghosts included.
pub fn scan(
    node: &Node,
    cmd: &ReadCommand,
    range: &t::KeyRange,
    max_rows: usize,
) -> ApiResult<Vec<(Bytes, RowResult)>> {
    scan_by(node, range, max_rows, &mut |r, max| {
        node.read_range(cmd, r, max)
    })
}

/// Reads one engine range (at most that many rows, in ring order).
pub type RangeReader<'a> = dyn FnMut(&RowRange, usize) -> NodeResult<Vec<(Bytes, RowResult)>> + 'a;

/// [`scan`] with the rows of each engine range read by `read` (a reader
/// that filters rows keeps the key range's semantics).
pub fn scan_by(
    node: &Node,
    range: &t::KeyRange,
    max_rows: usize,
    read: &mut RangeReader<'_>,
) -> ApiResult<Vec<(Bytes, RowResult)>> {
    let schema = node.schema();
    let p = schema.partitioner.as_ref();
    let min = p.min_token();
    match (&range.start_key, &range.end_key, &range.start_token, &range.end_token) {
        (Some(start), Some(end), _, _) => read(
            &RowRange::Keys {
                start: start.clone(),
                end: end.clone(),
            },
            max_rows,
        )
        .map_err(ApiError::from),
        (Some(start), None, _, Some(end)) => {
            let end = match bigtoken::end_of_keys(node, p, end) {
                Some(end) => end,
                None => parse(p, end)?,
            };
            let rows = read(
                &RowRange::Keys {
                    start: start.clone(),
                    end: Vec::new(),
                },
                max_rows,
            )?;
            Ok(rows
                .into_iter()
                .take_while(|(k, _)| end == min || p.token(k) <= end)
                .collect())
        }
        // The engine reads a wrapping range (start >= end) around the ring.
        (None, None, Some(start), Some(end)) => {
            let part = |s: String, e: String, max: usize| {
                read(&RowRange::Tokens { start: s, end: e }, max).map_err(ApiError::from)
            };
            if let Some(rows) = bigtoken::scan(node, p, start, end, max_rows, part) {
                return rows;
            }
            for tok in [start, end] {
                parse(p, tok)?;
            }
            read(
                &RowRange::Tokens {
                    start: start.clone(),
                    end: end.clone(),
                },
                max_rows,
            )
            .map_err(ApiError::from)
        }
        _ => Err(ApiError::invalid(
            "exactly one each of {start key, start token} and {end key, end token} must be specified",
        )),
    }
}
