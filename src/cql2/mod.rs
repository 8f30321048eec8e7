//! CQL 2: the `org.apache.cassandra.cql` dialect Cassandra 1.2.9 served
//! over Thrift's `execute_cql_query` / `prepare_cql_query` /
//! `execute_prepared_cql_query` when a connection's CQL version was 2.x
//! (the default), as old clients such as npm's cassandra-client speak it.
//!
//! Owns the language ([`lexer`], [`parser`], [`ast`]), its execution
//! ([`exec`]) through the same narrow engine border the CQL3 executor
//! uses ([`CqlBackend`]), its answers ([`Cql2Result`]) and its prepared
//! statements. It must not know about Thrift: the server converts
//! [`Cql2Result`] into `CqlResult` and [`Prepared`] into
//! `CqlPreparedResult`.
//!
//! CQL 2 is untyped text: every term is converted by the type that
//! receives it (`fromString` of the comparator for names, of the column's
//! validator for values, of the key validator for keys), so `'1980'` and
//! `1980` are the same LongType value and `'ff'` is one BytesType byte.
//!
//! ```text
//! execute_cql_query(q):            cql2::execute(&mut ctx, q)
//! prepare_cql_query(q):            cache.prepare(q)      -> Prepared { id, markers }
//! execute_prepared_cql_query(id):  cql2::execute_prepared(&mut ctx, &prepared, values)
//! ```

pub mod access;
pub mod ast;
pub mod era;
pub mod exec;
pub mod lexer;
pub mod parser;
mod result;

pub use result::{Column, Cql2Result, Metadata, Row};

use exec::Context;

use crate::cql::lru::{ByteLru, LruStats};
use crate::cql::CqlError;
use parking_lot::Mutex;
use std::sync::Arc;

/// Parses and runs one statement.
pub fn execute(ctx: &mut Context, query: &str) -> Result<Cql2Result, CqlError> {
    let parsed = parser::parse_outlined_in(query, ctx.era.grammar)?;
    exec::run_outlined(ctx, &parsed.statement, query.into())
}

/// A prepared statement: 1.2's id (the Java `String.hashCode` of the
/// text) and its `?` markers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    pub id: i32,
    pub markers: usize,
    pub statement: ast::Statement,
}

/// Runs a prepared statement with one value per marker, sent as bytes
/// already in the receiving type's encoding.
pub fn execute_prepared(
    ctx: &mut Context,
    prepared: &Prepared,
    values: &[Vec<u8>],
) -> Result<Cql2Result, CqlError> {
    if !(values.is_empty() && prepared.markers == 0) && values.len() != prepared.markers {
        return Err(CqlError::Invalid(format!(
            "there were {} markers(?) in CQL but {} bound variables",
            prepared.markers,
            values.len()
        )));
    }
    exec::run(ctx, &prepared.statement, values)
}

/// 1.2's bound on each connection's map of prepared CQL 2 statements.
pub const MAX_PREPARED: usize = 10_000;

/// Prepared CQL 2 statements by id, every connection's. The releases kept
/// them per connection: which ids a connection may run is its own to
/// keep (the Thrift session's); the statements hold no connection state
/// (the keyspace is read when they run), so one copy serves every
/// connection that prepared the same text. It is bounded by bytes as
/// CQL 3's is (least recently used evicted first).
pub struct PreparedCache {
    entries: Mutex<ByteLru<i32, Arc<Prepared>>>,
}

impl Default for PreparedCache {
    fn default() -> Self {
        PreparedCache::with_max_bytes(crate::cql::exec::DEFAULT_PREPARED_BYTES)
    }
}

/// Java's `String.hashCode` over UTF-16 code units.
fn java_hash(text: &str) -> i32 {
    text.encode_utf16()
        .fold(0i32, |h, u| h.wrapping_mul(31).wrapping_add(i32::from(u)))
}

impl PreparedCache {
    pub fn new() -> PreparedCache {
        PreparedCache::default()
    }

    pub fn with_max_bytes(max_bytes: usize) -> PreparedCache {
        PreparedCache {
            entries: Mutex::new(ByteLru::new(max_bytes, MAX_PREPARED)),
        }
    }

    /// Changes the byte bound (start-up, from the configuration).
    pub fn set_max_bytes(&self, max_bytes: usize) {
        self.entries.lock().set_max_bytes(max_bytes);
    }

    pub fn stats(&self) -> LruStats {
        self.entries.lock().stats()
    }

    /// Parses `query` and keeps it under its id.
    pub fn prepare(&self, query: &str) -> Result<Arc<Prepared>, CqlError> {
        self.prepare_in(query, parser::Grammar::default())
    }

    /// [`PreparedCache::prepare`] in a release's grammar.
    pub fn prepare_in(
        &self,
        query: &str,
        grammar: parser::Grammar,
    ) -> Result<Arc<Prepared>, CqlError> {
        let cost = crate::cql::exec::prepared_cost(query.len());
        let max = self.entries.lock().max_bytes();
        if cost > max {
            return Err(crate::cql::exec::too_big_to_prepare(cost, max));
        }
        let parsed = parser::parse_in(query, grammar)?;
        let p = Arc::new(Prepared {
            id: java_hash(query),
            markers: parsed.markers,
            statement: parsed.statement,
        });
        self.entries.lock().insert(p.id, p.clone(), cost);
        Ok(p)
    }

    /// The statement prepared under `id`, or 1.2's "not found" error.
    pub fn get(&self, id: i32) -> Result<Arc<Prepared>, CqlError> {
        self.entries
            .lock()
            .get(&id)
            .cloned()
            .ok_or_else(|| not_found(id))
    }
}

/// The refusal of an id a connection has not prepared (CQL 2's in every
/// release, and 1.1's CQL 3's).
pub fn not_found(id: i32) -> CqlError {
    CqlError::Invalid(format!("Prepared query with ID {id} not found"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_java_string_hashes() {
        assert_eq!(java_hash(""), 0);
        assert_eq!(java_hash("abc"), 96354);
        let cache = PreparedCache::new();
        let p = cache.prepare("SELECT * FROM cf WHERE KEY = ?").unwrap();
        assert_eq!(p.markers, 1);
        assert_eq!(cache.get(p.id).unwrap().id, p.id);
        assert_eq!(
            cache.get(p.id.wrapping_add(1)).unwrap_err().to_string(),
            format!("Prepared query with ID {} not found", p.id.wrapping_add(1))
        );
    }
}
