//! A slice's bounds longer than a column name may be. From 1.2.14
//! `ThriftValidation.validateRange` refused them after the count's check
//! and before the comparator's (`range start length cannot be larger than
//! 65535`, then the finish's; 3.x: `LegacyLayout.MAX_CELL_NAME_LENGTH`,
//! the same 65535). Earlier releases read such a bound (see the engine's
//! slices), but 0.7 to 1.0 failed the read of a row their memtable held
//! on a start that long ([`check_memtable_start`]). This answers those
//! checks only, in their order, for the releases that made them; the
//! shared checks follow.

use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::api2::validation::MAX_NAME_LENGTH;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;

/// A predicate's range (a predicate of names, or of both, is the shared
/// checks' to refuse).
pub fn check(node: &Node, predicate: &t::SlicePredicate) -> ApiResult<()> {
    match (&predicate.column_names, &predicate.slice_range) {
        (None, Some(range)) => check_range(node, range),
        _ => Ok(()),
    }
}

/// One slice range: the count, then the start's and the finish's lengths.
pub fn check_range(node: &Node, range: &t::SliceRange) -> ApiResult<()> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::SliceBoundLengthChecked))
    {
        return Ok(());
    }
    if range.count < 0 {
        return Err(ApiError::invalid("get_slice requires non-negative count"));
    }
    for (what, bound) in [("start", &range.start), ("finish", &range.finish)] {
        if bound.len() > MAX_NAME_LENGTH {
            return Err(ApiError::invalid(format!(
                "range {what} length cannot be larger than {MAX_NAME_LENGTH}"
            )));
        }
    }
    Ok(())
}

/// 0.7 to 1.0's read of `keys` with `predicate`: a slice start longer than
/// a name may be failed the read stage where the memtable held one of the
/// rows (`Behaviour::LongSliceStartFailsRead`), and the call timed out (an
/// index query's rows too).
pub fn check_memtable_start<'k>(
    node: &Node,
    ks: &str,
    cf: &str,
    keys: impl IntoIterator<Item = &'k [u8]>,
    predicate: &t::SlicePredicate,
) -> ApiResult<()> {
    match memtable_start_fails(node, ks, cf, keys, predicate) {
        true => Err(ApiError::TimedOut(crate::node::Acknowledged {
            by: None,
            by_batchlog: None,
        })),
        false => Ok(()),
    }
}

/// Whether 0.7 to 1.0 failed the read of `keys` with `predicate`: its
/// start longer than a name, made a Column as the memtable's copy of one
/// of the rows was iterated, whose constructor asserted the length. A
/// range scan ran that in the calling thread: an internal error. The
/// keys are walked only when the release and the start call for it.
pub fn memtable_start_fails<'k>(
    node: &Node,
    ks: &str,
    cf: &str,
    keys: impl IntoIterator<Item = &'k [u8]>,
    predicate: &t::SlicePredicate,
) -> bool {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::LongSliceStartFailsRead))
    {
        return false;
    }
    let long = match (&predicate.column_names, &predicate.slice_range) {
        (None, Some(range)) => range.start.len() > MAX_NAME_LENGTH,
        _ => false,
    };
    if !long {
        return false;
    }
    // (a copy said flushed is an SSTable's, read without the assertion)
    let in_memtable = |key: &[u8]| {
        node.partition_copies(ks, cf, key)
            .unwrap_or_default()
            .iter()
            .any(|(flushed, _)| !flushed)
    };
    keys.into_iter().any(in_memtable)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;
    use crate::release::Release;

    fn answer(version: &str, start: usize, finish: usize, count: i32) -> Option<String> {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        let range = t::SliceRange::new(vec![b's'; start], vec![b'f'; finish], false, count);
        let predicate = t::SlicePredicate::new(None, Some(range));
        match check(&node, &predicate) {
            Ok(()) => None,
            Err(ApiError::InvalidRequest(why)) => Some(why),
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn bounds_longer_than_a_name_are_refused_from_1_2_14() {
        for v in ["1.2.19", "2.0.17", "2.2.19", "3.0.24", "3.11.10"] {
            assert_eq!(
                answer(v, 70000, 0, 10).as_deref(),
                Some("range start length cannot be larger than 65535"),
                "{v}"
            );
            assert_eq!(
                answer(v, 65535, 65536, 10).as_deref(),
                Some("range finish length cannot be larger than 65535"),
                "{v}"
            );
            assert_eq!(
                answer(v, 70000, 0, -1).as_deref(),
                Some("get_slice requires non-negative count"),
                "{v}"
            );
            assert_eq!(answer(v, 65535, 65535, 10), None, "{v}");
        }
        for v in ["0.7.10", "1.0.12", "1.1.12", "1.2.9"] {
            assert_eq!(answer(v, 70000, 70000, -1), None, "{v}");
        }
    }
}
