//! CQL over Thrift as each release took it: which dialect a call may use
//! (`set_cql_version`), CQL 2's removal and 2.1's failing CQL 2 writes
//! (here), 1.1's CQL 3 beta rows (`beta`) and CQL 3 refusals worded
//! otherwise than 1.2's (`cql3`) or, in 3.x, than 2.2's (`words3x`), the
//! table properties each took (`tableprops`), and the levels a statement was refused at (`levels`). The statements
//! themselves run in `crate::cql` and `crate::cql2`.

pub(in crate::thrift::api19) mod beta;
pub(in crate::thrift::api19) mod cql3;
pub(in crate::thrift::api19) mod levels;
pub(in crate::thrift::api19) mod tableprops;
pub(in crate::thrift::api19) mod tableprops3x;
pub(in crate::thrift::api19) mod words3x;
#[cfg(test)]
mod words3x_tests;

use crate::cql2::ast::Statement as Cql2Statement;
use crate::node::Node;
use crate::release::Feature;
use crate::thrift::error::ApiError;

/// Why the release refused every CQL 2 call, when it did (2.2 and 3.x
/// still declared the methods; 3.x's words name 3.0, the series that wrote
/// them, 3.11 too).
pub fn cql2_removed(node: &Node) -> Option<ApiError> {
    let release = node.release?;
    (release.has_method("execute_cql_query") && !release.has(Feature::Cql2)).then(|| {
        let (major, minor) = release.series().min((3, 0));
        ApiError::invalid(format!(
            "CQL2 has been removed in Cassandra {major}.{minor}. Please use CQL3 instead"
        ))
    })
}

/// 1.2 to 2.1's check of a CQL call against the connection's
/// `set_cql_version` (`validateCQLVersion`, before anything else): a call
/// of the other major version than the one set is refused; with none set
/// anything goes. Without a release (1.2.9's answers as this server gives
/// them), before 1.2 (the 1.1 beta ran CQL 3 through `execute_cql_query`)
/// and from 2.2 (its `set_cql_version` did nothing) nothing is refused.
pub fn cql_version_refusal(node: &Node, set: Option<&str>, major: u32) -> Option<ApiError> {
    let release = node.release?;
    if !release.at_least(1, 2) || release.at_least(2, 2) {
        return None;
    }
    let set_major: u32 = set?.split('.').next()?.trim().parse().ok()?;
    (set_major != major).then(|| {
        ApiError::invalid(format!(
            "Cannot execute/prepare CQL{major} statement since the CQL has been set to \
             CQL{set_major}(This might mean your client hasn't been upgraded correctly to use \
             the new CQL3 methods introduced in Cassandra 1.2+)."
        ))
    })
}

/// What a CQL 2 write that succeeded answers: 2.1's CQL 2 write of a
/// value failed on the server (a NullPointerException) after validation,
/// which closed the connection without a reply (recorded for INSERT; an
/// UPDATE setting a value and a BATCH take the same path). Its counter
/// increments and deletions, which wrote no value, went through (recorded:
/// `rel_countermillis`).
pub fn cql2_write_outcome(node: &Node, statement: &Cql2Statement) -> Result<(), ApiError> {
    use crate::cql2::ast::Operation;
    let write = match statement {
        Cql2Statement::Update(u) => u
            .columns
            .iter()
            .any(|(_, op)| matches!(op, Operation::Set(_))),
        Cql2Statement::Batch { .. } => true,
        _ => false,
    };
    match node.release {
        Some(r) if write && r.series() == (2, 1) => Err(ApiError::Dropped(
            "CQL 2 write: Cassandra 2.1 failed it on the server and closed the connection"
                .to_string(),
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::cql2_write_outcome;
    use crate::node::test_nodes;
    use crate::release::Release;

    /// Recorded from 2.1.22 (`rel_cql2`, `rel_countermillis`): a CQL 2
    /// write of a value closed the connection; counter increments and
    /// deletions went through. Other releases wrote them all.
    #[test]
    fn only_2_1_fails_a_cql_2_write_of_a_value() {
        for (v, fails) in [("2.1.22", true), ("2.0.17", false)] {
            let mut node = test_nodes::Kit::default().node();
            node.release = Release::find(v);
            let outcome = |text: &str| {
                let parsed = crate::cql2::parser::parse(text).unwrap();
                cql2_write_outcome(&node, &parsed.statement).is_err()
            };
            assert_eq!(
                outcome("INSERT INTO c (KEY, a) VALUES ('k', 'v')"),
                fails,
                "{v}"
            );
            assert_eq!(
                outcome("UPDATE c SET a = 'v' WHERE KEY = 'k'"),
                fails,
                "{v}"
            );
            assert!(!outcome("UPDATE c SET n = n + 1 WHERE KEY = 'k'"), "{v}");
            assert!(!outcome("DELETE a FROM c WHERE KEY = 'k'"), "{v}");
            assert!(!outcome("SELECT a FROM c WHERE KEY = 'k'"), "{v}");
        }
    }
}
