//! CQL 3 refusals releases from 2.1 worded otherwise than the engine's 1.2
//! texts: syntax errors with the statement's snippet (see
//! [`crate::cql::snippet`]), and a SELECT restricting columns no index
//! serves. Only rewording: which statements are refused is the engine's.

use super::beta;
use crate::cql::ast::{Operator, Parsed, Relation, Statement};
use crate::cql::exec::CqlSession;
use crate::cql::table::Layout;
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use std::sync::Arc;

/// The engine's refusal of a SELECT whose non-key restrictions have no
/// indexed EQ (1.2's and 2.0's words).
const UNINDEXED: &str = "No indexed columns present in by-columns clause with Equal operator";

/// A CQL 3 syntax error of `text` as the node's release worded it.
pub fn syntax_error(node: &Node, text: &str, e: CqlError) -> String {
    if node
        .release
        .is_some_and(|r| r.does(Behaviour::Cql3SyntaxSnippets))
    {
        if let Some(with) = crate::cql::snippet::with_snippet(text, &e) {
            return with;
        }
    }
    e.to_string()
}

/// `e` as the node's release worded it, for the statement `parsed` run by
/// `session`: 2.1 refused the unindexed SELECT when it looked for an index
/// serving the restrictions on indexed columns, listing those; 2.2 named
/// the restricted non-key columns (of a table with clustering or composite
/// names; on a static compact one it asked for ALLOW FILTERING, as 3.x did
/// of any table).
pub fn reword_unindexed(
    node: &Node,
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: CqlError,
) -> CqlError {
    let Some(release) = node.release.filter(|r| r.at_least(2, 1)) else {
        return e;
    };
    if !matches!(&e, CqlError::Invalid(why) if why == UNINDEXED) {
        return e;
    }
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return e;
    };
    let regular: Vec<(&str, Operator)> = select
        .where_clause
        .iter()
        .filter_map(|r| match r {
            Relation::Column { column, op, .. } => Some((column.as_str(), *op)),
            Relation::Token { .. } => None,
        })
        .filter(|(c, _)| table.regular.iter().any(|r| r.column.name == *c))
        .collect();
    if release.at_least(2, 2) {
        // 3.x asked for ALLOW FILTERING whatever the table.
        if table.layout == Layout::CompactStatic || release.does(Behaviour::FilteringAlwaysAsked) {
            // With ALLOW FILTERING 2.2 filtered such a table, which the
            // engine does not: its refusal stands.
            if select.allow_filtering {
                return e;
            }
            return CqlError::Invalid(FILTERING.into());
        }
        let mut names: Vec<&str> = Vec::new();
        for (c, _) in &regular {
            if !names.contains(c) {
                names.push(c);
            }
        }
        return CqlError::Invalid(format!(
            "Predicates on non-primary-key columns ({}) are not yet supported for non \
             secondary index queries",
            names.join(", ")
        ));
    }
    let listed: Vec<String> = regular
        .iter()
        .filter(|(c, _)| {
            table
                .regular
                .iter()
                .any(|r| r.column.name == *c && r.index.is_some())
        })
        .map(|(c, op)| format!("'{c} {} <value>'", index_operator(*op)))
        .collect();
    CqlError::Invalid(format!(
        "No secondary indexes on the restricted columns support the provided operators: {}",
        listed.join(", ")
    ))
}

const FILTERING: &str = "Cannot execute this query as it might involve data filtering and thus \
                         may have unpredictable performance. If you want to execute this query \
                         despite the performance unpredictability, use ALLOW FILTERING";

/// The name of an `IndexExpression.Operator`.
fn index_operator(op: Operator) -> &'static str {
    match op {
        Operator::Eq | Operator::In => "EQ",
        Operator::Lt => "LT",
        Operator::Lte => "LTE",
        Operator::Gt => "GT",
        Operator::Gte => "GTE",
    }
}
