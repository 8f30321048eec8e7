//! `get_paged_slice` as 1.1 and 1.2 answered it: `StorageProxy` cut the key
//! range at the ring's tokens (on one node: the node's own token, and the
//! ring's minimum where the range wraps; 1.2 merged the parts of one
//! node's replicas again, so only a wrap cut its range) and read the parts in ring order,
//! each part as a paging read of the whole count of columns (its first
//! row from `start_column`, the next ones from their first column, each
//! limited to what the part still wanted); it went on to the next part
//! only while the columns counted so far fell short of the count, and
//! kept everything the parts gave, so an answer may hold more columns
//! than asked for. `start_column` applied to the first row read at all:
//! a part that found rows made the next parts start their rows at the
//! first column. At ONE 1.1 added up, after each part, the columns of every
//! row read so far again (its local path's count); 1.2 counted each row's
//! columns once. This module
//! only orders and cuts the rows; the checks are the caller's, and it
//! must not answer for a release that read the range as one.

use crate::model::Slice;
use crate::node::Node;
use crate::partitioner::Token;
use crate::release::Behaviour;
use crate::thrift::api19::convert::{slice_command, thriftify};
use crate::thrift::api19::scan::scan;
use crate::thrift::error::ApiResult;
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// Whether a row starts a new part of the range: the ring order passed the
/// node's token, or wrapped past the ring's minimum.
fn starts_part(prev: Option<&Token>, tok: &Token, node_token: Option<&Token>) -> bool {
    let Some(prev) = prev else {
        return false;
    };
    tok < prev || node_token.is_some_and(|n| prev <= n && tok > n)
}

/// The rows 1.1 and 1.2 answered, or `None` where the release read the range as
/// one (the caller answers then).
pub fn split_at_token(
    node: &Node,
    ks: &str,
    cf: &crate::schema::CfDef,
    range: &t::KeyRange,
    start_column: &[u8],
    cl: ConsistencyLevel,
) -> Option<ApiResult<Vec<t::KeySlice>>> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::PagedSliceSplitAtToken))
    {
        return None;
    }
    Some(paged(node, ks, cf, range, start_column, cl))
}

fn paged(
    node: &Node,
    ks: &str,
    cf: &crate::schema::CfDef,
    range: &t::KeyRange,
    start_column: &[u8],
    cl: ConsistencyLevel,
) -> ApiResult<Vec<t::KeySlice>> {
    let count = usize::try_from(range.count).unwrap_or(0);
    // 1.2 added each row's columns once, whatever the level.
    let totals = node.release.is_some_and(|r| r.series() == (1, 2));
    let schema = node.schema();
    let p = schema.partitioner.as_ref();
    // 1.2 merged the parts a single node's token cut (the same replicas),
    // never across the ring's minimum: only a wrap starts a part.
    let node_token = match totals {
        true => None,
        false => p.token_from_string(&node.token).ok(),
    };
    let parent = t::ColumnParent::new(cf.name.clone(), None);
    let slice = |start: &[u8], count: usize| Slice::Range {
        start: start.to_vec(),
        finish: Vec::new(),
        reversed: false,
        count,
    };
    let keys_cmd = slice_command(ks, &parent, slice(&[], 1));
    let now = node.now();
    let mut out: Vec<t::KeySlice> = Vec::new();
    let (mut counted, mut part_cols) = (0usize, 0usize);
    let mut prev: Option<Token> = None;
    // The keys come a chunk at a time (twice as many each time), so a
    // count met early reads no more of the range.
    let (mut chunk, mut seen) = (count.max(1).saturating_mul(2), 0usize);
    'scan: loop {
        let rows = scan(node, &keys_cmd, range, chunk)?;
        let complete = rows.len() < chunk;
        for (key, _) in rows.into_iter().skip(seen) {
            seen += 1;
            let tok = p.token(&key);
            if starts_part(prev.as_ref(), &tok, node_token.as_ref()) {
                let so_far = out.iter().map(|r| r.columns.len()).sum::<usize>();
                counted = if totals {
                    so_far
                } else if cl == ConsistencyLevel::ONE {
                    counted + so_far
                } else {
                    counted + part_cols
                };
                if counted >= count {
                    break 'scan;
                }
                part_cols = 0;
            }
            prev = Some(tok);
            if part_cols >= count {
                continue;
            }
            let from: &[u8] = if out.is_empty() { start_column } else { &[] };
            let cmd = slice_command(ks, &parent, slice(from, count - part_cols));
            let columns = thriftify(&node.read(&cmd, &key)?, now, cf.is_counter());
            part_cols += columns.len();
            out.push(t::KeySlice::new(key, columns));
        }
        if complete {
            break;
        }
        chunk = chunk.saturating_mul(2);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_part_starts_past_the_node_token_or_at_a_wrap() {
        let t = |v: i64| Token::Long(v);
        assert!(!starts_part(None, &t(5), Some(&t(3))));
        assert!(starts_part(Some(&t(2)), &t(5), Some(&t(3))));
        assert!(starts_part(Some(&t(3)), &t(5), Some(&t(3))));
        assert!(!starts_part(Some(&t(4)), &t(5), Some(&t(3))));
        assert!(!starts_part(Some(&t(1)), &t(2), Some(&t(3))));
        assert!(starts_part(Some(&t(9)), &t(1), Some(&t(3))));
        assert!(!starts_part(Some(&t(1)), &t(2), None));
    }
}
