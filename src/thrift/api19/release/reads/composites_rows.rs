//! 2.1 and 2.2's reads through a COMPOSITES index of a column family of
//! plain names (`get_indexed_slices`, a `get_range_slices` whose
//! `row_filter` an index answers). `CompositesSearcher` read each hit's
//! "CQL row" from the index entry's clustering prefix, which such a column
//! family's entries leave empty: the whole partition, every live column,
//! came into the answer without being cut back to the call's predicate
//! (recorded: a slice starting past a row's columns, an empty names list,
//! a count of 0 all answered the whole row). This owns when that applies
//! and the order a hit answers in; the rows the index finds are the
//! engine's.

use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::{CfDef, IndexType};
use crate::thrift::gen::cassandra19 as t;

/// Whether `expressions` of a read of `cf` went to 2.1's COMPOSITES
/// searcher over plain names: every EQ on an indexed column is on a
/// COMPOSITES index (a KEYS index's searcher cut rows back as before).
pub fn applies(node: &Node, cf: &CfDef, expressions: &[t::IndexExpression]) -> bool {
    let mut indexed = expressions
        .iter()
        .filter(|e| e.op == t::IndexOperator::EQ)
        .filter_map(|e| cf.options.column(&e.column_name)?.index_type)
        .peekable();
    node.release
        .is_some_and(|r| r.does(Behaviour::CompositesHitReadsWholeRow))
        && !cf.is_super()
        && cf.comparator.components().is_none()
        && indexed.peek().is_some()
        && indexed.all(|kind| kind == IndexType::Composites)
}

/// A hit's whole row as answered: `thriftifyColumns` reversed the
/// ascending columns for a reversed slice.
pub fn order(predicate: &t::SlicePredicate, columns: &mut [t::ColumnOrSuperColumn]) {
    if predicate.column_names.is_none()
        && predicate.slice_range.as_ref().is_some_and(|r| r.reversed)
    {
        columns.reverse();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slice(start: &[u8], reversed: bool) -> t::SlicePredicate {
        t::SlicePredicate::new(
            None,
            t::SliceRange::new(start.to_vec(), Vec::new(), reversed, 1),
        )
    }

    #[test]
    fn a_reversed_slice_answers_the_row_descending() {
        let col = |n: &[u8]| t::ColumnOrSuperColumn {
            column: Some(t::Column::new(n.to_vec(), None, None, None)),
            ..Default::default()
        };
        let mut columns = vec![col(b"a"), col(b"b")];
        order(&slice(b"", false), &mut columns);
        assert_eq!(columns[0].column.as_ref().unwrap().name, b"a");
        order(&slice(b"", true), &mut columns);
        assert_eq!(columns[0].column.as_ref().unwrap().name, b"b");
    }
}
