//! `get_paged_slice` of a `KeyRange` carrying a `row_filter`, as each
//! release answered it. 1.1 and 1.2 passed the filter on to a paging range
//! read, whose filter refused to page along index clauses
//! (`ExtendedFilter.create` threw): 1.1 read locally inline at ONE, so the
//! exception closed the connection, and otherwise waited in vain for the
//! replica (TimedOutException), as 1.2 always did (its read ran on the read
//! stage). Where an expression named an indexed column the read searched
//! that index instead; that case is left to the caller. From 2.0 the call
//! refused the filter itself. It only answers the refusal; the checks before
//! it and the read are the caller's.

use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// What the release answered a paged read of `filter` (non-empty) on `cf`,
/// or `None` where it read the range (an index of an expression's column
/// searched it: not emulated, the caller refuses it in its own words).
pub fn refusal(
    node: &Node,
    cf: &CfDef,
    filter: &[t::IndexExpression],
    cl: ConsistencyLevel,
) -> Option<ApiError> {
    let release = node.release?;
    if release.does(Behaviour::PagedRowFilterRefused) {
        return Some(ApiError::invalid(
            "Cross-row paging is not supported along with index clauses",
        ));
    }
    if !release.does(Behaviour::PagedRowFilterFailsRead) {
        return None;
    }
    let indexed = filter.iter().any(|e| {
        cf.options
            .indexed_columns()
            .any(|c| c.name == e.column_name)
    });
    if indexed {
        return None;
    }
    Some(match (release.series(), cl) {
        ((1, 1), ConsistencyLevel::ONE) => ApiError::Dropped(
            "1.1's paging read refused its row_filter (IllegalArgumentException)".into(),
        ),
        _ => ApiError::TimedOut(Acknowledged {
            by: None,
            by_batchlog: None,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::node::test_nodes;
    use crate::release::Release;

    fn answer(version: &str, cl: ConsistencyLevel) -> Option<ApiError> {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        let cf = CfDef::new("ks", "R", 1000, parse_type("UTF8Type").unwrap(), None);
        let e = t::IndexExpression::new(b"a".to_vec(), t::IndexOperator::EQ, b"v".to_vec());
        refusal(&node, &cf, &[e], cl)
    }

    #[test]
    fn each_release_answers_its_own_way() {
        let one = ConsistencyLevel::ONE;
        assert!(matches!(answer("1.1.12", one), Some(ApiError::Dropped(_))));
        let quorum = ConsistencyLevel::QUORUM;
        assert!(matches!(
            answer("1.1.12", quorum),
            Some(ApiError::TimedOut(_))
        ));
        assert!(matches!(answer("1.2.9", one), Some(ApiError::TimedOut(_))));
        for v in ["2.0.17", "2.2.19", "3.11.10"] {
            let e = answer(v, one).expect(v).to_string();
            assert!(e.contains("Cross-row paging is not supported"), "{v}: {e}");
        }
        assert!(answer("1.0.12", one).is_none());
    }
}
