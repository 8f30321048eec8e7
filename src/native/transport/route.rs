//! Where a native request runs: inline on the tokio worker that read it, or
//! handed off to the blocking pool. Thrift's rule (see
//! [`crate::thrift::transport::handoff`] for the reasoning and the measurements): a
//! hand-off costs a wake-up and context switches per request, often more
//! than the request itself, and most requests never wait, so only what may
//! wait is handed off. Owns that choice only; it must not run requests.
//!
//! Inline: OPTIONS, STARTUP, REGISTER (connection state in memory), an
//! EXECUTE of an unknown id (answered with an error at once), and EXECUTEs
//! of prepared statements that cannot wait:
//!
//! - writes with nothing to read first (an INSERT, an UPDATE of plain `SET
//!   c = v` assignments, a DELETE of whole columns or rows; no `IF`) of a
//!   table of the schema, while the engine says they would not wait
//!   ([`crate::node::route::for_write`]; see Thrift's rule for writes);
//! - reads of one partition or a few (every partition key column bound by
//!   `=` or `IN`, no `token()`) of a table of the schema, as an *attempt*
//!   ([`Route::Attempt`]): its reads take cached bytes only, and locks no
//!   writer holds ([`crate::node::route::attempt`]); a read that would
//!   wait makes the server drop the answer and run the request again on
//!   the pool.
//!
//! Everything else goes to the pool: QUERY (its text may be anything: DDL,
//! a scan, a system table), PREPARE, BATCH, the logins (the authenticator
//! may read its files), every statement when the authenticator needs a
//! login (its checks may read files), writes that read first (list
//! element updates, collection removals, counters, conditions), scans, and
//! requests over [`INLINE_MAX_REQUEST`](crate::node::route::INLINE_MAX_REQUEST) bytes (long CPU work would hold the
//! worker's other connections back). The engine's answers are hints taken
//! just before the request runs; the window in which they can go stale is
//! as narrow as Thrift's.

use super::super::wire::request::Request;
use crate::cql::ast::{Assignment, Deletion, Operator, Relation, Select, Statement, TableName};
use crate::cql::exec::tables;
use crate::node::Node;
use crate::schema::Schema;
use std::collections::HashMap;
use std::sync::Arc;

use crate::node::route::{self, Route};

/// One connection's router: it remembers the partition key of the tables
/// its statements name, for as long as the schema does not change.
#[derive(Default)]
pub struct Router {
    schema: Option<Arc<Schema>>,
    /// (keyspace, table) -> the partition key's columns (`None`: no such
    /// table in the schema).
    keys: HashMap<(String, String), Option<Vec<String>>>,
}

impl Router {
    /// Chooses where `req` runs on a connection whose keyspace is `keyspace`.
    pub fn route(&mut self, node: &Node, keyspace: Option<&str>, req: &Request) -> Route {
        match req {
            Request::Options | Request::Startup(_) | Request::Register(_) => Route::Inline,
            Request::Execute { id, .. } => {
                if node.auth.requires_login() {
                    return Route::Pool;
                }
                match node.prepared.get_md5(id) {
                    Some(p) => self.statement(node, keyspace, &p.statement),
                    None => Route::Inline,
                }
            }
            _ => Route::Pool,
        }
    }

    fn statement(&mut self, node: &Node, keyspace: Option<&str>, s: &Statement) -> Route {
        let write = match s {
            Statement::Select(select) => return self.read(node, keyspace, select),
            Statement::Insert(i) if !i.if_not_exists => &i.table,
            Statement::Update(u)
                if u.condition.is_none()
                    && u.assignments
                        .iter()
                        .all(|a| matches!(a, Assignment::Set { .. })) =>
            {
                &u.table
            }
            Statement::Delete(d)
                if d.condition.is_none()
                    && d.columns.iter().all(|c| matches!(c, Deletion::Column(_))) =>
            {
                &d.table
            }
            _ => return Route::Pool,
        };
        if self.key(node, keyspace, write).is_none() {
            Route::Pool
        } else {
            route::for_write(node)
        }
    }

    fn read(&mut self, node: &Node, keyspace: Option<&str>, s: &Select) -> Route {
        if s.where_clause
            .iter()
            .any(|r| matches!(r, Relation::Token { .. }))
        {
            return Route::Pool;
        }
        let Some((_, key)) = self.key(node, keyspace, &s.table) else {
            return Route::Pool;
        };
        let one_partition = key.iter().all(|k| {
            s.where_clause.iter().any(|r| {
                matches!(r, Relation::Column { column, op: Operator::Eq | Operator::In, .. }
                    if column == k)
            })
        });
        if !one_partition {
            return Route::Pool;
        }
        route::for_read(node)
    }

    /// The keyspace and partition key of a table of the schema.
    fn key(
        &mut self,
        node: &Node,
        keyspace: Option<&str>,
        t: &TableName,
    ) -> Option<(String, &[String])> {
        let ks = t.keyspace.as_deref().or(keyspace)?.to_string();
        let schema = node.schema();
        if !self
            .schema
            .as_ref()
            .is_some_and(|s| Arc::ptr_eq(s, &schema))
        {
            self.keys.clear();
            self.schema = Some(schema.clone());
        }
        let key = self
            .keys
            .entry((ks.clone(), t.name.clone()))
            .or_insert_with(|| {
                schema.cf(&ks, &t.name)?;
                let table = tables::lookup(&schema, &ks, &t.name).ok()?;
                Some(table.partition_key.iter().map(|c| c.name.clone()).collect())
            })
            .as_deref()?;
        Some((ks, key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::exec::{self, CqlSession};
    use crate::node::cql::NodeBackend;
    use crate::node::test_nodes::Kit;
    use std::time::Duration;

    /// A node on disk (so SSTables and a commit log exist), its commit log
    /// synced periodically (writes do not wait for an fsync).
    fn node(dir: &std::path::Path) -> Node {
        Kit::default().on_disk(dir).node()
    }

    /// An EXECUTE of `text`, prepared as the PREPARE message prepares it.
    fn execute(node: &Node, text: &str) -> Request {
        let backend = NodeBackend::new(node);
        let mut session = CqlSession::new(node.cql_clock.clone());
        session.set_keyspace("CT".into());
        let p = backend
            .finish(exec::prepare(&backend, &session, &node.prepared, text))
            .unwrap();
        Request::Execute {
            id: p.md5.to_vec(),
            params: Default::default(),
        }
    }

    #[test]
    fn requests_that_cannot_wait_run_inline_and_others_on_the_pool() {
        let dir = tempfile::tempdir().unwrap();
        let node = node(dir.path());
        let mut r = Router::default();
        let mut route = |req: &Request| r.route(&node, Some("CT"), req);
        assert_eq!(route(&Request::Options), Route::Inline);
        let query = Request::Query {
            query: "SELECT * FROM \"StdBytes\" WHERE key = 0x00".into(),
            params: Default::default(),
        };
        assert_eq!(route(&query), Route::Pool);
        assert_eq!(route(&Request::Prepare("SELECT".into())), Route::Pool);
        // An unknown id is answered (with an error) at once.
        let unknown = Request::Execute {
            id: vec![1; 16],
            params: Default::default(),
        };
        assert_eq!(route(&unknown), Route::Inline);

        let insert = execute(
            &node,
            "INSERT INTO \"StdBytes\" (key, column1, value) VALUES (?, ?, ?)",
        );
        assert_eq!(route(&insert), Route::Inline);
        let delete = execute(&node, "DELETE FROM \"StdBytes\" WHERE key = ?");
        assert_eq!(route(&delete), Route::Inline);
        let read = execute(&node, "SELECT * FROM \"StdBytes\" WHERE key = ?");
        assert_eq!(route(&read), Route::Attempt);
        let qualified = execute(
            &node,
            "SELECT * FROM \"CT\".\"StdBytes\" WHERE key IN (0x01, 0x02)",
        );
        assert_eq!(r.route(&node, None, &qualified), Route::Attempt);
        let mut route = |req: &Request| r.route(&node, Some("CT"), req);
        // Scans are never inline, whatever the data.
        let scan = execute(&node, "SELECT * FROM \"StdBytes\"");
        assert_eq!(route(&scan), Route::Pool);
        let tokens = execute(
            &node,
            "SELECT * FROM \"StdBytes\" WHERE token(key) > token(?)",
        );
        assert_eq!(route(&tokens), Route::Pool);

        // With an SSTable too, a read is an attempt.
        node.engine()
            .unwrap()
            .apply(&crate::model::RowMutation {
                keyspace: "CT".into(),
                key: b"k".to_vec(),
                updates: vec![(
                    "StdBytes".into(),
                    vec![crate::model::Op::Put {
                        super_column: None,
                        cell: crate::model::Cell::live(b"c".to_vec(), b"v".to_vec(), 1),
                    }],
                )],
            })
            .unwrap();
        node.engine().unwrap().flush(Some("CT")).unwrap();
        assert_eq!(route(&read), Route::Attempt);
        assert_eq!(route(&insert), Route::Inline);
    }

    #[test]
    fn writes_that_wait_for_an_fsync_go_to_the_pool() {
        let dir = tempfile::tempdir().unwrap();
        let node = Kit::default()
            .on_disk(dir.path())
            .batch_sync(Duration::from_millis(1))
            .node();
        let mut r = Router::default();
        let insert = execute(
            &node,
            "INSERT INTO \"StdBytes\" (key, column1, value) VALUES (?, ?, ?)",
        );
        assert_eq!(r.route(&node, Some("CT"), &insert), Route::Pool);
        let read = execute(&node, "SELECT * FROM \"StdBytes\" WHERE key = ?");
        assert_eq!(r.route(&node, Some("CT"), &read), Route::Attempt);
    }
}
