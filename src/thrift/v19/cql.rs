//! CQL3 over Thrift 19.x: the server's [`CqlBackend`] over [`Node`], the
//! query text of an `execute`/`prepare` call, and the conversion of the
//! executor's answers into Thrift's `CqlResult` / `CqlPreparedResult`, as
//! Cassandra 1.2.9 replied.
//!
//! Statement semantics belong to `cql::exec`; this module must not
//! interpret CQL. Schema changes go through `Node::change_schema` so they
//! are validated, persisted and applied under the node's schema lock.

use crate::cql::exec::{CqlBackend, CqlOutcome, IndexCandidates, Prepared};
use crate::cql::CqlError;
use crate::node::Node;
use crate::schema::{Schema, SchemaChange};
use crate::storage::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use parking_lot::Mutex;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// The executor's view of the node for one call.
///
/// The executor only knows [`CqlError`] (an InvalidRequestException), but a
/// failing disk must still reach the client as 1.2's "Internal error
/// processing ..." and be logged, so such errors are kept aside and win
/// over the `CqlError` they were squeezed into (see [`NodeBackend::finish`]).
///
/// A confined backend serves only the keyspaces the statement was
/// authorized for: the authorization check reads the statement, and this
/// makes sure no way of running it reaches further (a refusal here is a
/// bug, so it is an internal error, logged).
pub struct NodeBackend<'a> {
    node: &'a Node,
    internal: Mutex<Option<ApiError>>,
    confined: Option<BTreeSet<String>>,
}

impl<'a> NodeBackend<'a> {
    pub fn new(node: &'a Node) -> Self {
        NodeBackend::confined(node, None)
    }

    /// A backend that reaches only `keyspaces` (every keyspace when `None`).
    pub fn confined(node: &'a Node, keyspaces: Option<BTreeSet<String>>) -> Self {
        NodeBackend {
            node,
            internal: Mutex::new(None),
            confined: keyspaces,
        }
    }

    /// Refuses a keyspace outside the confinement.
    fn reach(&self, keyspace: &str) -> Result<(), CqlError> {
        match &self.confined {
            Some(allowed) if !allowed.contains(keyspace) => Err(self.fail(ApiError::Internal(
                format!("a CQL statement reached keyspace {keyspace}, which its authorization check did not cover"),
            ))),
            _ => Ok(()),
        }
    }

    fn fail(&self, e: impl Into<ApiError>) -> CqlError {
        match e.into() {
            ApiError::InvalidRequest(why) => CqlError::Invalid(why),
            other => {
                let shown = CqlError::Invalid(other.to_string());
                self.internal.lock().get_or_insert(other);
                shown
            }
        }
    }

    /// The call's result in API terms: an error the node raised that is
    /// not an invalid request is returned as it was.
    pub fn finish<T>(&self, r: Result<T, CqlError>) -> ApiResult<T> {
        r.map_err(|e| {
            self.internal
                .lock()
                .take()
                .unwrap_or_else(|| ApiError::invalid(e.to_string()))
        })
    }
}

impl CqlBackend for NodeBackend<'_> {
    fn schema(&self) -> Arc<Schema> {
        self.node.schema()
    }

    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError> {
        for ks in changed_keyspaces(&change) {
            self.reach(ks)?;
        }
        self.node
            .change_schema(change)
            .map(|_version| ())
            .map_err(|e| self.fail(e))
    }

    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        for m in mutations {
            self.reach(&m.keyspace)?;
        }
        self.node.apply_batch(mutations).map_err(|e| self.fail(e))
    }

    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.node.read(cmd, key).map_err(|e| self.fail(e))
    }

    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.node
            .read_range(cmd, range, max_rows)
            .map_err(|e| self.fail(e))
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.reach(&cmd.keyspace)?;
        self.node.read_indexed(cmd, query).map_err(|e| self.fail(e))
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.reach(keyspace)?;
        self.node.truncate(keyspace, cf).map_err(|e| self.fail(e))
    }

    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.reach(keyspace)?;
        self.node
            .index_candidates(keyspace, cf, query)
            .map_err(|e| self.fail(e))
    }

    fn serialized(
        &self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        f: &mut dyn FnMut() -> Result<CqlOutcome, CqlError>,
    ) -> Result<CqlOutcome, CqlError> {
        self.reach(keyspace)?;
        self.node.serialized(keyspace, cf, key, f)
    }
}

/// Every keyspace a schema change writes to.
fn changed_keyspaces(change: &SchemaChange) -> Vec<&str> {
    match change {
        SchemaChange::AddKeyspace(ks) | SchemaChange::UpdateKeyspace(ks) => {
            let mut all = vec![ks.name.as_str()];
            all.extend(ks.cf_defs.iter().map(|cf| cf.keyspace.as_str()));
            all
        }
        SchemaChange::DropKeyspace(name) => vec![name.as_str()],
        SchemaChange::AddColumnFamily(cf) | SchemaChange::UpdateColumnFamily(cf) => {
            vec![cf.keyspace.as_str()]
        }
        SchemaChange::DropColumnFamily { keyspace, .. } => vec![keyspace.as_str()],
    }
}

/// The largest statement an inflated GZIP query may grow to. Without a cap
/// a few kilobytes of deflated zeros could make the server allocate
/// gigabytes; no real statement comes near this.
const MAX_INFLATED_QUERY: u64 = 64 << 20;

/// The statement text of a CQL call, as 1.2 decoded it: GZIP means a zlib
/// stream (Java's `Inflater`) whose bytes are read as UTF-8 with bad
/// sequences replaced; NONE must be valid UTF-8, else Java's decoder error
/// text. A truncated stream made 1.2 spin forever; here it is the same
/// "Error deflating" refusal as any other bad stream.
pub fn query_text(query: Vec<u8>, compression: t::Compression) -> ApiResult<String> {
    match compression {
        t::Compression::NONE => String::from_utf8(query).map_err(|e| {
            let bytes = e.as_bytes();
            let err = e.utf8_error();
            let bad = err.error_len().unwrap_or(bytes.len() - err.valid_up_to());
            ApiError::invalid(format!("Input length = {bad}"))
        }),
        t::Compression::GZIP => {
            use std::io::Read;
            let mut out = Vec::new();
            let mut inflater =
                flate2::read::ZlibDecoder::new(query.as_slice()).take(MAX_INFLATED_QUERY + 1);
            inflater
                .read_to_end(&mut out)
                .map_err(|_| ApiError::invalid("Error deflating query string."))?;
            if out.len() as u64 > MAX_INFLATED_QUERY {
                return Err(ApiError::invalid(format!(
                    "the inflated query is larger than {MAX_INFLATED_QUERY} bytes"
                )));
            }
            Ok(String::from_utf8_lossy(&out).into_owned())
        }
        other => Err(ApiError::invalid(format!(
            "Unknown compression type: {}",
            other.0
        ))),
    }
}

/// 1.2's Thrift form of a statement's outcome: ROWS with every column
/// named by a UTF8Type name, or VOID for everything else (USE and schema
/// changes included).
pub fn result(outcome: CqlOutcome) -> t::CqlResult {
    let rs = match outcome {
        CqlOutcome::Rows(rs) => rs,
        CqlOutcome::Void | CqlOutcome::SetKeyspace(_) | CqlOutcome::SchemaChange { .. } => {
            return t::CqlResult::new(t::CqlResultType::VOID, None, None, None)
        }
    };
    let names: Vec<Vec<u8>> = rs
        .columns
        .iter()
        .map(|c| c.name.as_bytes().to_vec())
        .collect();
    let rows: Vec<t::CqlRow> = rs
        .rows
        .into_iter()
        .map(|values| {
            let columns = names
                .iter()
                .zip(values)
                .map(|(name, value)| t::Column::new(name.clone(), value, None, None))
                .collect();
            t::CqlRow::new(Vec::new(), columns)
        })
        .collect();
    let mut name_types = BTreeMap::new();
    let mut value_types = BTreeMap::new();
    for c in &rs.columns {
        name_types.insert(c.name.as_bytes().to_vec(), "UTF8Type".to_string());
        value_types.insert(c.name.as_bytes().to_vec(), c.type_class.clone());
    }
    let metadata = t::CqlMetadata::new(
        name_types,
        value_types,
        "UTF8Type".to_string(),
        "UTF8Type".to_string(),
    );
    t::CqlResult::new(t::CqlResultType::ROWS, rows, None, metadata)
}

/// 1.2's Thrift form of a prepared statement: its id and its markers.
pub fn prepared_result(p: &Prepared) -> t::CqlPreparedResult {
    t::CqlPreparedResult::new(
        p.id,
        p.specs.len() as i32,
        p.specs
            .iter()
            .map(|s| s.ty.class_name())
            .collect::<Vec<_>>(),
        p.specs.iter().map(|s| s.name.clone()).collect::<Vec<_>>(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::mapping::{ResultColumn, ResultSet};

    #[test]
    fn rows_carry_names_values_and_1_2_metadata() {
        let rs = ResultSet {
            columns: vec![
                ResultColumn {
                    name: "k".into(),
                    type_class: "org.apache.cassandra.db.marshal.UTF8Type".into(),
                },
                ResultColumn {
                    name: "v".into(),
                    type_class: "org.apache.cassandra.db.marshal.Int32Type".into(),
                },
            ],
            rows: vec![vec![Some(b"a".to_vec()), None]],
        };
        let r = result(CqlOutcome::Rows(rs));
        assert_eq!(r.type_, t::CqlResultType::ROWS);
        assert_eq!(r.num, None);
        let rows = r.rows.unwrap();
        assert_eq!(rows.len(), 1);
        assert!(rows[0].key.is_empty());
        let cols = &rows[0].columns;
        assert_eq!(cols[0].name, b"k");
        assert_eq!(cols[0].value.as_deref(), Some(&b"a"[..]));
        assert_eq!(cols[0].timestamp, None);
        assert_eq!(cols[1].name, b"v");
        assert_eq!(cols[1].value, None, "a null is an unset value");
        let md = r.schema.unwrap();
        assert_eq!(md.name_types[&b"v".to_vec()], "UTF8Type");
        assert_eq!(
            md.value_types[&b"v".to_vec()],
            "org.apache.cassandra.db.marshal.Int32Type"
        );
        assert_eq!(md.default_name_type, "UTF8Type");
        assert_eq!(md.default_value_type, "UTF8Type");
    }

    #[test]
    fn everything_but_rows_is_void() {
        for o in [
            CqlOutcome::Void,
            CqlOutcome::SetKeyspace("ks".into()),
            CqlOutcome::SchemaChange {
                change: crate::cql::exec::ChangeKind::Created,
                keyspace: "ks".into(),
                table: String::new(),
            },
        ] {
            let r = result(o);
            assert_eq!(r.type_, t::CqlResultType::VOID);
            assert!(r.rows.is_none() && r.schema.is_none() && r.num.is_none());
        }
    }

    fn deflate(text: &[u8]) -> Vec<u8> {
        use std::io::Write;
        let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        z.write_all(text).unwrap();
        z.finish().unwrap()
    }

    fn refusal(q: Vec<u8>, c: t::Compression) -> String {
        match query_text(q, c) {
            Err(ApiError::InvalidRequest(why)) => why,
            other => panic!("expected an InvalidRequest, got {other:?}"),
        }
    }

    #[test]
    fn query_text_reads_plain_and_zlib_queries() {
        assert_eq!(
            query_text(b"USE ks".to_vec(), t::Compression::NONE).unwrap(),
            "USE ks"
        );
        let q = "SELECT * FROM t WHERE k = 'h\u{e9}'";
        assert_eq!(
            query_text(deflate(q.as_bytes()), t::Compression::GZIP).unwrap(),
            q
        );
        // Java's String(bytes, "UTF-8") replaces what it cannot decode.
        assert_eq!(
            query_text(deflate(b"a\xffb"), t::Compression::GZIP).unwrap(),
            "a\u{fffd}b"
        );
    }

    #[test]
    fn query_text_refuses_what_it_cannot_read() {
        assert_eq!(
            refusal(vec![b'a', 0xff, 0xfe], t::Compression::NONE),
            "Input length = 1"
        );
        assert_eq!(
            refusal(vec![b'a', 0xe2, 0x82], t::Compression::NONE),
            "Input length = 2"
        );
        let whole = deflate(b"USE ks");
        for bad in [b"x".to_vec(), whole[..whole.len() - 3].to_vec()] {
            assert_eq!(
                refusal(bad, t::Compression::GZIP),
                "Error deflating query string."
            );
        }
        assert_eq!(
            refusal(b"x".to_vec(), t::Compression(7)),
            "Unknown compression type: 7"
        );
    }

    #[test]
    fn query_text_caps_what_a_small_stream_inflates_to() {
        let bomb = deflate(&vec![b' '; (MAX_INFLATED_QUERY + 1) as usize]);
        assert!(bomb.len() < 1 << 20);
        assert!(refusal(bomb, t::Compression::GZIP).contains("larger than"));
    }
}
