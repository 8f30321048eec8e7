//! CQL 2 over Thrift 19.x: which dialect an `execute_cql_query` call
//! speaks, and the conversion of [`crate::cql2`]'s answers into Thrift's `CqlResult` /
//! `CqlPreparedResult` as Cassandra 1.2.9 sent them.
//!
//! Statement semantics belong to `cql2`; this module must not interpret
//! CQL.

use crate::cql::CqlError;
use crate::cql2::{era::Era, exec::Context, Cql2Result};
use crate::node::cql::NodeBackend;
use crate::node::Node;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use crate::thrift::session::State19;

/// 1.2's rule for `execute_cql_query` and its prepared pair: CQL 2 when
/// the connection's CQL version has major 2 (the default when
/// `set_cql_version` was never called), CQL 3 otherwise.
pub fn speaks_cql2(cql_version: Option<&str>) -> bool {
    match cql_version {
        None => true,
        Some(v) => v.trim().split('.').next() == Some("2"),
    }
}

/// Runs CQL 2 on `backend` with the connection's keyspace and answers in
/// Thrift form; a `USE` becomes the Thrift (and CQL 3) keyspace of the
/// connection, as in 1.2. Login and access are the caller's checks.
pub fn run(
    backend: &NodeBackend,
    node: &Node,
    state: &mut State19,
    run: impl FnOnce(&mut Context) -> Result<Cql2Result, CqlError>,
) -> ApiResult<t::CqlResult> {
    let mut ctx = Context {
        backend,
        clock: &node.cql_clock,
        keyspace: state.keyspace.clone(),
        now: node.now(),
        era: Era::of(node.release),
    };
    let outcome = match run(&mut ctx) {
        Err(CqlError::Failed(why)) => return Err(server_failure(node, why)),
        Err(CqlError::Unavailable(_)) => return Err(ApiError::Unavailable),
        r => backend.finish(r)?,
    };
    if ctx.keyspace != state.keyspace {
        if let (Some(cql), Some(ks)) = (state.cql.as_mut(), ctx.keyspace.clone()) {
            cql.set_keyspace(ks);
        }
        state.keyspace = ctx.keyspace;
    }
    Ok(result(outcome, ctx.era))
}

/// The grammar of the release the node answers as.
pub fn grammar(node: &Node) -> crate::cql2::parser::Grammar {
    Era::of(node.release).grammar
}

/// A statement the release failed on the server: 0.8's and 1.0's Thrift
/// processor answered `Internal error processing execute_cql_query`, later
/// ones closed the connection without a reply.
fn server_failure(node: &Node, why: String) -> ApiError {
    match node.release {
        Some(r) if !r.at_least(1, 1) => ApiError::Internal(why),
        _ => ApiError::Dropped(why),
    }
}

/// A statement that did not parse, as the release refused it: a failure
/// of the parser's own actions (a DELETE without WHERE dereferenced the
/// missing key) escaped 0.8's parse as a server failure.
pub fn parse_refusal(node: &Node, e: CqlError) -> ApiError {
    let why = e.to_string();
    if Era::of(node.release).parse_failures_escape && why.starts_with("Failed parsing statement:") {
        return server_failure(node, why);
    }
    ApiError::invalid(why)
}

/// The Thrift form of a CQL 2 answer, as 1.2.9 sent it unless the
/// release's `era` says otherwise. Rows carry their key; columns their
/// value and timestamp only where 1.2 set them.
pub fn result(r: Cql2Result, era: Era) -> t::CqlResult {
    let (rows, md) = match r {
        Cql2Result::Void => return t::CqlResult::new(t::CqlResultType::VOID, None, None, None),
        Cql2Result::Int(n) => {
            let n = i32::try_from(n).unwrap_or(i32::MAX);
            return t::CqlResult::new(t::CqlResultType::INT, None, n, None);
        }
        Cql2Result::Rows { rows, metadata } => (rows, metadata),
    };
    let rows: Vec<t::CqlRow> = rows
        .into_iter()
        .map(|row| {
            let columns = row
                .columns
                .into_iter()
                .map(|c| t::Column::new(c.name, c.value, c.timestamp, None))
                .collect();
            t::CqlRow::new(row.key, columns)
        })
        .collect();
    let metadata = (!era.no_result_metadata).then(|| {
        t::CqlMetadata::new(
            md.name_types,
            md.value_types,
            md.default_name_type,
            md.default_value_type,
        )
    });
    t::CqlResult::new(t::CqlResultType::ROWS, rows, None, metadata)
}

/// 1.2.9's `CqlPreparedResult` for CQL 2: the id and the marker count,
/// without variable types or names.
pub fn prepared_result(p: &crate::cql2::Prepared) -> t::CqlPreparedResult {
    t::CqlPreparedResult::new(p.id, p.markers as i32, None, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql2::{Column, Metadata, Row};

    #[test]
    fn version_routing() {
        assert!(speaks_cql2(None));
        assert!(speaks_cql2(Some("2.0.0")));
        assert!(!speaks_cql2(Some("3.0.0")));
        assert!(!speaks_cql2(Some("3.0.5")));
    }

    #[test]
    fn rows_keep_keys_timestamps_and_metadata() {
        let r = result(
            Cql2Result::Rows {
                rows: vec![Row {
                    key: b"k".to_vec(),
                    columns: vec![
                        Column {
                            name: b"KEY".to_vec(),
                            value: Some(b"k".to_vec()),
                            timestamp: Some(-1),
                        },
                        Column {
                            name: b"gone".to_vec(),
                            value: None,
                            timestamp: None,
                        },
                    ],
                }],
                metadata: Metadata {
                    default_name_type: "UTF8Type".into(),
                    default_value_type: "BytesType".into(),
                    ..Metadata::default()
                },
            },
            Era::default(),
        );
        assert_eq!(r.type_, t::CqlResultType::ROWS);
        let rows = r.rows.unwrap();
        assert_eq!(rows[0].key, b"k");
        assert_eq!(rows[0].columns[0].timestamp, Some(-1));
        assert_eq!(rows[0].columns[1].value, None);
        let md = r.schema.unwrap();
        assert_eq!(md.default_value_type, "BytesType");
        assert_eq!(
            result(Cql2Result::Void, Era::default()).type_,
            t::CqlResultType::VOID,
            "writes answer VOID"
        );
        let first = Era::of(crate::release::Release::find("0.8.10"));
        let count = result(Cql2Result::Int(2), first);
        assert_eq!((count.type_, count.num), (t::CqlResultType::INT, Some(2)));
        let rows = Cql2Result::Rows {
            rows: Vec::new(),
            metadata: Metadata::default(),
        };
        assert_eq!(result(rows, first).schema, None, "0.8 had no metadata");
    }
}
