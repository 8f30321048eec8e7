//! CQL 3 refusals releases from 2.1 worded otherwise than the engine's 1.2
//! texts: syntax errors with the statement's snippet (see
//! [`crate::cql::snippet`]; 2.2 took a quoted name at a value for a
//! function's), a SELECT restricting columns no index
//! serves, and 2.2's SELECT DISTINCT restricting a clustering column.
//! Only rewording: which statements are refused is the engine's.

use super::beta;
use crate::cql::ast::{Operator, Parsed, Relation, Selection, Selector, Statement};
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
    let quoted_function_names = node
        .release
        .is_some_and(|r| r.does(Behaviour::QuotedFunctionNames));
    let e = if quoted_function_names {
        crate::cql::snippet::as_function_name(text, &e).unwrap_or(e)
    } else {
        e
    };
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
    if release.at_least(2, 2) && !release.at_least(3, 0) {
        if let Some(distinct) = distinct_restricted(schema, session, parsed, &e) {
            return distinct;
        }
    }
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

/// 2.2's refusal of a SELECT DISTINCT restricting a clustering column and
/// selecting no static column: only a selection holding a static column
/// counted as static-only there, so its DISTINCT check spoke first (the
/// engine's words are 2.0's and 2.1's).
fn distinct_restricted(
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: &CqlError,
) -> Option<CqlError> {
    let static_only = "Cannot restrict clustering columns when selecting only static columns";
    if !matches!(e, CqlError::Invalid(why) if why == static_only) {
        return None;
    }
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return None;
    };
    let Selection::Columns(list) = &select.selection else {
        return None;
    };
    let selects_static = list.iter().any(|(s, _)| match s {
        Selector::Column(c) | Selector::WriteTime(c) | Selector::Ttl(c) => table.is_static(c),
        Selector::Function { .. } => false,
    });
    (select.distinct && !selects_static).then(|| {
        CqlError::Invalid(
            "SELECT DISTINCT with WHERE clause only supports restriction by partition key.".into(),
        )
    })
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
