//! 0.8's DynamicCompositeType names of different types at one position:
//! its `getNextComparator(i, bb1, bb2)` threw ("Comparator mismatch while
//! comparing two DynamicCompositeType colum name") when two names whose
//! components before agreed met there. `batch_mutate` built each row's
//! column families as it validated the mutations, putting every name into
//! a sorted map, so a batch holding two such names in one row's column
//! family (or one super column) failed on the server before anything was
//! written. (1.0 ordered different types by their class names.)
//!
//! Owns that check of one list of a batch; the batch reader calls it.

use crate::model::Op;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;

/// The failure of the ops of one row's column family from `new_from` on,
/// given the ones before them, where the release threw.
pub(in crate::thrift::api19) fn mismatch(
    release: Option<&Release>,
    cf: &CfDef,
    ops: &[Op],
    new_from: usize,
) -> Option<ApiError> {
    if !release.is_some_and(|r| r.does(Behaviour::DynamicCompositeMixedTypesFail)) {
        return None;
    }
    let sub = cf.subcomparator.as_ref().unwrap_or(&cf.comparator);
    let all: Vec<(Option<&[u8]>, &[u8])> = ops.iter().flat_map(names).collect();
    let first_new: usize = ops[..new_from.min(ops.len())]
        .iter()
        .map(|op| names(op).len())
        .sum();
    for (i, (scope, name)) in all.iter().enumerate().skip(first_new) {
        let comparator = if scope.is_some() { sub } else { &cf.comparator };
        let clash = all[..i]
            .iter()
            .any(|(s, other)| s == scope && comparator.mixes_types(other, name));
        if clash {
            return Some(ApiError::Internal(
                "Comparator mismatch while comparing two DynamicCompositeType colum name".into(),
            ));
        }
    }
    None
}

/// The names an op puts into the column family's sorted maps: a column's
/// (in a super column: the super column's, then the column's inside it).
fn names(op: &Op) -> Vec<(Option<&[u8]>, &[u8])> {
    match op {
        Op::Put {
            super_column: Some(sc),
            cell,
        } => vec![
            (None, sc.as_slice()),
            (Some(sc.as_slice()), cell.name.as_slice()),
        ],
        Op::Put {
            super_column: None,
            cell,
        } => vec![(None, cell.name.as_slice())],
        Op::CounterAdd {
            super_column: Some(sc),
            name,
            ..
        } => vec![
            (None, sc.as_slice()),
            (Some(sc.as_slice()), name.as_slice()),
        ],
        Op::CounterAdd {
            super_column: None,
            name,
            ..
        } => vec![(None, name.as_slice())],
        Op::DeleteSuperColumn { name, .. } => vec![(None, name.as_slice())],
        Op::DeleteRow(_) | Op::DeleteRange { .. } => Vec::new(),
    }
}
