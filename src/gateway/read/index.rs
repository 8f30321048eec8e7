//! Index queries (`get_indexed_slices`, CQL SELECTs on an indexed column)
//! as `SELECT <key> ... WHERE <indexed> = ? [AND <filters>] ALLOW
//! FILTERING` resumed from a key's token (the key walk of range scans,
//! `scan`). The query finds the matching keys in token order (the cluster
//! filters the other expressions, compared by the columns' types as 1.2
//! compared them by their validators); each row is then read with the
//! caller's slice by `rows`.
//!
//! Refused, with the reason: expressions on undeclared columns of a static
//! CF (Cassandra 3.x keeps those in a hidden pair CQL cannot name, let alone
//! filter on), expressions on a CQL3 table's collections, and Thrift index
//! reads of CQL3 tables (CQL SELECTs on them are served). This module must
//! not read row contents nor write data.

use super::scan::{self, Piece, Target};
use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::session::Inner;
use crate::gateway::table::cql3::Kind;
use crate::model::{Bytes, IndexExpression, IndexOperator, IndexQuery};
use crate::schema::CfDef;

impl Target {
    /// The quoted CQL column an expression on `name` compares, or why the
    /// cluster cannot be asked.
    fn column(&self, cf: &CfDef, name: &[u8]) -> GatewayResult<String> {
        let shown = String::from_utf8_lossy(name);
        match self {
            Target::Cql3(t) => match t.column(name) {
                Some(r) if r.kind == Kind::Plain => Ok(r.quoted.clone()),
                Some(_) => Err(GatewayError::Invalid(format!(
                    "index expressions on collection column {shown} of {} are not served \
                     by the cluster backend",
                    cf.name
                ))),
                None => Err(GatewayError::Invalid(format!(
                    "Undefined name {shown} in where clause"
                ))),
            },
            Target::Thrift(l) => match l.declared.iter().find(|d| d.name == name) {
                Some(d) => Ok(d.column.clone()),
                None => Err(GatewayError::Invalid(format!(
                    "index expression on column {shown} of column family {}, which it does not \
                     declare: Cassandra 3.x keeps undeclared columns of a CF with column_metadata \
                     in a hidden pair that CQL cannot name or filter on, so the cluster backend \
                     serves index expressions on declared columns only",
                    cf.name
                ))),
            },
        }
    }
}

/// The engine's refusal of an unknown keyspace or CF, if any.
pub fn target_exists(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<()> {
    Target::of(inner, keyspace, cf).map(|_| ())
}

fn indexed(cf: &CfDef, column: &[u8]) -> bool {
    cf.options
        .column(column)
        .is_some_and(|c| c.index_type.is_some())
}

fn operator(op: IndexOperator) -> &'static str {
    match op {
        IndexOperator::Eq => "=",
        IndexOperator::Gt => ">",
        IndexOperator::Gte => ">=",
        IndexOperator::Lt => "<",
        IndexOperator::Lte => "<=",
    }
}

/// A key query: the table and its conditions on columns, each with its
/// value; the indexed `Eq` first.
pub struct Plan {
    target: Target,
    conditions: Vec<(String, Bound)>,
}

/// The plan of an index read of `keyspace.cf` answering every expression
/// of `query` (`all`), or only its first `Eq` on an indexed column (the
/// candidates of `index_candidates`, which the caller checks itself).
/// `Ok(None)`: no `Eq` expression is on an indexed column.
pub fn plan(
    inner: &Inner,
    keyspace: &str,
    cf: &str,
    query: &IndexQuery,
    all: bool,
) -> GatewayResult<Option<Plan>> {
    let (def, target) = Target::of(inner, keyspace, cf)?;
    let Some(primary) = query
        .expressions
        .iter()
        .find(|e| e.op == IndexOperator::Eq && indexed(&def, &e.column))
    else {
        return Ok(None);
    };
    let mut chosen: Vec<&IndexExpression> = vec![primary];
    if all {
        chosen.extend(
            query
                .expressions
                .iter()
                .filter(|e| !std::ptr::eq(*e, primary)),
        );
    }
    let mut conditions = Vec::with_capacity(chosen.len());
    for e in chosen {
        let column = target.column(&def, &e.column)?;
        conditions.push((
            format!("{column} {} ?", operator(e.op)),
            Bound::Bytes(e.value.clone()),
        ));
    }
    Ok(Some(Plan { target, conditions }))
}

/// Whether the plan's table is a CQL3 table, whose cells Thrift's index
/// reads name by composites the cluster's columns are not.
pub fn is_cql3(plan: &Plan) -> bool {
    matches!(plan.target, Target::Cql3(_))
}

/// The refusal of a Thrift index read of CQL3 table `cf`.
pub fn cql3_refused(cf: &str) -> GatewayError {
    GatewayError::Invalid(format!(
        "index reads of CQL3 table {cf} through the Thrift API are not served by the \
         cluster backend (CQL3 SELECTs on its indexed columns are)"
    ))
}

/// Up to `limit` keys of `piece` matching the plan, in the cluster's token
/// order, after `after` (a key found before) when given.
pub async fn keys(
    inner: &Inner,
    plan: &Plan,
    piece: &Piece,
    after: Option<&[u8]>,
    limit: usize,
    cl: Consistency,
) -> GatewayResult<Vec<Bytes>> {
    scan::keys_where(
        inner,
        &plan.target,
        &plan.conditions,
        piece,
        after,
        limit,
        cl,
    )
    .await
}
