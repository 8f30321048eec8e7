//! Reads as each release took them: the key range a scan may name
//! (here), tokens no number (`badtoken`), RandomPartitioner's tokens
//! outside the ring before 1.2 (`bigtoken`), keys the key type refuses
//! (`keybound`), 1.1's and 1.2's paging cut at the node's token (`paged`),
//! a paged read's row filter (`pagedfilter`), 2.0-2.2's paged read of a
//! Super CF counting sub-columns (`pagedcells`), 1.1-2.0's row filter of a
//! Super CF (`superfilter`), 2.0's unchecked `get_count` (`count`), 3.x's (`count3x`) and
//! 2.1-2.2's trim of a negative one (`counttrim`), 2.0's prune of a
//! filtered row read reversed (`reversedprune`), 3.x's reversed slices of
//! static compact tables (`statics`) and of CQL tables (`cqlrows`), its end bounds at a composite
//! prefix (`prefix_end`) and its slices of count 0 of a Super CF
//! (`zero_slice`); 2.0-2.2's reversed range scan of whole rows, read
//! ascending where flushed (`wholerow`).

pub(in crate::thrift::api19) mod badtoken;
pub(in crate::thrift::api19) mod composites_rows;
pub(in crate::thrift::api19) mod count;
pub(in crate::thrift::api19) mod count3x;
pub(in crate::thrift::api19) mod counttrim;
pub(in crate::thrift::api19) mod cqlrows;
pub(in crate::thrift::api19) mod keybound;
pub(in crate::thrift::api19) mod paged;
pub(in crate::thrift::api19) mod pagedcells;
pub(in crate::thrift::api19) mod pagedfilter;
pub(in crate::thrift::api19) mod prefix_end;
pub(in crate::thrift::api19) mod reversedprune;
pub(in crate::thrift::api19) mod slicebounds;
pub(in crate::thrift::api19) mod statics;
pub(in crate::thrift::api19) mod superfilter;
pub(in crate::thrift::api19) mod wholerow;
pub(in crate::thrift::api19) mod zero_slice;

use crate::node::Node;
use crate::partitioner::Partitioner;
use crate::release::{Behaviour, Release};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// The level a range or index scan's checks see: 0.7 to 1.0 refused ANY
/// only in the reads by key, and a scan at ANY waited for one replica, as
/// at ONE.
pub fn scan_level(node: &Node, cl: ConsistencyLevel) -> ConsistencyLevel {
    let any = cl == ConsistencyLevel::ANY;
    match any && node.release.is_some_and(|r| r.does(Behaviour::ScanAtAny)) {
        true => ConsistencyLevel::ONE,
        false => cl,
    }
}

/// 1.1's refusal of a (key, token) range running backwards.
const KEY_AFTER_END_TOKEN: &str = "Start key's token sorts after end token";

/// A KeyRange as releases before 1.2 checked it: 0.7 to 1.0 wanted two
/// keys or two tokens, each pair whole, in their own words; 1.1 an end
/// token not before a start key's token. 1.2 on allowed the mix.
pub fn check_key_range(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 2)) else {
        return Ok(());
    };
    if !release.at_least(1, 1) {
        // Keys in pairs, tokens in pairs, and one pair of the two.
        let why = if range.start_key.is_none() != range.end_key.is_none() {
            "start key and end key must either both be non-null, or both be null"
        } else if range.start_token.is_none() != range.end_token.is_none() {
            "start token and end token must either both be non-null, or both be null"
        } else if range.start_key.is_none() == range.start_token.is_none() {
            "exactly one of {start key, end key} or {start token, end token} must be specified"
        } else {
            return Ok(());
        };
        return Err(ApiError::invalid(why));
    }
    // 1.1 checked the mix only once the range had exactly one start and
    // one end (its "exactly one each" refusal, the shared check's, first).
    if range.start_token.is_some() || range.end_key.is_some() {
        return Ok(());
    }
    let (Some(start), Some(end)) = (&range.start_key, &range.end_token) else {
        return Ok(());
    };
    if let Some(after) =
        crate::thrift::api19::scan::bigtoken::key_after_end(node, partitioner, start, end)
    {
        return match after {
            true => Err(ApiError::invalid(KEY_AFTER_END_TOKEN)),
            false => Ok(()),
        };
    }
    let end = partitioner
        .token_from_string(end)
        .map_err(|e| ApiError::invalid(e.0))?;
    if partitioner.token(start) > end && end != partitioner.min_token() {
        return Err(ApiError::invalid(KEY_AFTER_END_TOKEN));
    }
    Ok(())
}

/// The answer to `describe_splits` of a token the partitioner cannot read:
/// every `TokenFactory.fromString` threw an unchecked exception the call
/// did not catch ([`server_failure`]: 0.7 too closed the connection);
/// without a release, refused in the node's words.
pub fn split_token_refusal(node: &Node, why: String) -> ApiError {
    let fails = node.release.is_some_and(|r| {
        r.does(Behaviour::UnreadSplitTokenDrops) || matches!(r.series(), (0, 7) | (0, 8) | (1, 0))
    });
    if fails {
        return server_failure(node, why);
    }
    ApiError::invalid(why)
}

/// The answer to a call that failed on the server with an exception it did
/// not catch (`describe_splits` of an unknown keyspace or column family, a
/// `keys_per_split` of 0 dividing by zero, a token not read;
/// `get_indexed_slices` of a negative count): 0.8 and 1.0's Thrift server
/// answered `Internal error processing <method>`, the others' closed the
/// connection.
pub fn server_failure(node: &Node, why: String) -> ApiError {
    match node.release.map(Release::series) {
        Some((0, 8) | (1, 0)) => ApiError::Internal(why),
        _ => ApiError::Dropped(why),
    }
}

/// `get_indexed_slices` of a negative count: 0.7 to 1.0's `StorageProxy.
/// scan` sized its row list by it (`new ArrayList<Row>(count)`), 1.1 to
/// 2.2 cut the rows read to it (`subList(0, count)`): both threw (0.7 to
/// 1.0: an internal error; 1.1 on: the connection closed).
pub fn check_index_count(node: &Node, count: i32) -> Result<(), ApiError> {
    let fails = node
        .release
        .is_some_and(|r| r.does(Behaviour::NegativeIndexCountFails));
    if !fails || count >= 0 {
        return Ok(());
    }
    let why = format!("index clause count {count}");
    // 0.7's Thrift server too answered a data call's failure as an
    // internal error (rel_indexneg).
    Err(match node.release.map(Release::series) {
        Some((0, 7)) => ApiError::Internal(why),
        _ => server_failure(node, why),
    })
}

/// 0.7 to 1.0's `StorageProxy` made the list of rows of a range or index
/// scan with the call's count as its capacity (`new ArrayList<Row>(count)`,
/// `Behaviour::RowListSizedByCount`): an array of `count` references (4
/// bytes each, compressed on a heap under 32 GB, after a 16-byte header)
/// that the JVM could not make when it exceeded its array limit
/// (`Integer.MAX_VALUE - 2`) or the whole heap; the call failed as an
/// internal error. (A count just under the heap may fail too, by what the
/// heap then held: not modelled.)
pub fn check_row_list(node: &Node, count: i32) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::RowListSizedByCount))
    {
        return Ok(());
    }
    if row_list_fits(count, node.jvm_heap_mb) {
        return Ok(());
    }
    Err(ApiError::Internal(format!(
        "OutOfMemoryError: a list of {count} rows"
    )))
}

/// Whether a Java `Object[count]` fits a heap of `heap_mb` megabytes.
fn row_list_fits(count: i32, heap_mb: u64) -> bool {
    const VM_LIMIT: i64 = i32::MAX as i64 - 2;
    let count = i64::from(count);
    let bytes = 16 + 4 * count.max(0);
    count <= VM_LIMIT && u64::try_from(bytes).unwrap_or(u64::MAX) <= heap_mb << 20
}

#[cfg(test)]
mod row_list_tests {
    use super::*;
    use crate::node::test_nodes::as_release as node_as;

    #[test]
    fn a_row_list_fits_below_the_vm_limit_and_the_heap() {
        assert!(row_list_fits(100, 1024));
        assert!(row_list_fits(20_000_000, 1024));
        assert!(!row_list_fits(300_000_000, 1024));
        assert!(row_list_fits(300_000_000, 2048));
        assert!(!row_list_fits(i32::MAX, 1 << 20));
        assert!(!row_list_fits(i32::MAX - 1, 1 << 20));
        assert!(row_list_fits(i32::MAX - 2, 1 << 20));
    }

    #[test]
    fn only_0_7_to_1_0_sized_their_row_lists() {
        for (version, fails) in [("0.7.10", true), ("1.0.12", true), ("1.1.12", false)] {
            let out = check_row_list(&node_as(version), i32::MAX);
            assert_eq!(
                matches!(out, Err(ApiError::Internal(_))),
                fails,
                "{version}"
            );
        }
        assert!(check_row_list(&node_as("0.7.10"), 100).is_ok());
    }
}
