//! API 19.x (Cassandra 0.7 to 2.x, answered as 1.2.9 did): the method
//! implementations behind the generated 19.x processor.
//!
//! [`Handler`] adapts the generated handler trait to the functions of
//! `reads`, `writes` and `describe`, which return typed [`ApiError`]s; the
//! only conversion to Thrift exceptions is [`error::into_thrift`]. The
//! connection's 19.x state (keyspace, user, CQL version) lives in the
//! session. CQL3 runs in `cql::exec` and CQL 2 in `cql2`, both through
//! [`cql::NodeBackend`]; `execute_cql_query` picks the dialect by the
//! connection's CQL version, as 1.2 did (see [`cql2::speaks_cql2`]). The
//! login, keyspace and CQL-session helpers of [`Handler`] are in `handler`.

pub mod error;

mod batch;
mod cas;
mod convert;
mod counters;
pub mod cql;
pub mod cql2;
mod cql_version;
mod defs;
mod describe;
mod handler;
mod index;
mod reads;
mod scan;
mod validation;
mod writes;

pub use batch::process_batch_mutate;
pub use describe::VERSION;

use crate::cql::exec;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, CassandraSyncHandler, ConsistencyLevel};
use crate::thrift::node::Node;
use crate::thrift::session::Session;
use std::cell::RefCell;
use std::collections::BTreeMap;
use validation::known_level;
use writes::MutationMap;

/// The generated 19.x handler trait over one connection's session.
pub struct Handler<'a> {
    node: &'a Node,
    session: RefCell<&'a mut Session>,
}

fn wrap<T>(method: &str, r: ApiResult<T>) -> thrift::Result<T> {
    r.map_err(|e| error::into_thrift(e, method))
}

impl CassandraSyncHandler for Handler<'_> {
    /// 1.2's login names no keyspace: it authenticates the user. A
    /// keyspace already set is checked at once (so a user barred from it
    /// hears so from `login`); any other is checked on first use.
    fn handle_login(&self, auth_request: t::AuthenticationRequest) -> thrift::Result<()> {
        let auth = &self.node.auth;
        let ks = self.session.borrow().v19.keyspace.clone();
        let r = auth
            .authenticate(&auth_request.credentials)
            .and_then(|user| match &ks {
                Some(ks) => auth.authorize(&user, ks).map(|()| user),
                None => Ok(user),
            })
            .map_err(ApiError::from)
            .map(|user| {
                let state = &mut self.session.borrow_mut().v19;
                state.user = Some(user.username.unwrap_or_default());
                state.authorized = ks.into_iter().collect();
            });
        wrap("login", r)
    }

    fn handle_set_keyspace(&self, keyspace: String) -> thrift::Result<()> {
        let exists = self.node.schema().keyspace(&keyspace).is_some()
            || describe::keyspace(self.node, &keyspace).is_ok();
        if !exists {
            return wrap(
                "set_keyspace",
                Err(ApiError::invalid(format!(
                    "Keyspace '{keyspace}' does not exist"
                ))),
            );
        }
        let mut session = self.session.borrow_mut();
        if let Some(cql) = session.v19.cql.as_mut() {
            cql.set_keyspace(keyspace.clone());
        }
        session.v19.keyspace = Some(keyspace);
        Ok(())
    }

    fn handle_get(
        &self,
        key: Vec<u8>,
        column_path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<t::ColumnOrSuperColumn> {
        self.with_ks("get", Some(cl), |ks| {
            reads::get(self.node, ks, &key, &column_path, cl)
        })
    }

    fn handle_get_slice(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::ColumnOrSuperColumn>> {
        self.with_ks("get_slice", Some(cl), |ks| {
            reads::get_slice(self.node, ks, &key, &column_parent, &predicate, cl)
        })
    }

    fn handle_get_count(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<i32> {
        self.with_ks("get_count", Some(cl), |ks| {
            reads::get_count(self.node, ks, &key, &column_parent, &predicate, cl)
        })
    }

    fn handle_multiget_slice(
        &self,
        keys: Vec<Vec<u8>>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<Vec<u8>, Vec<t::ColumnOrSuperColumn>>> {
        self.with_ks("multiget_slice", Some(cl), |ks| {
            reads::multiget_slice(self.node, ks, &keys, &column_parent, &predicate, cl)
        })
    }

    fn handle_multiget_count(
        &self,
        keys: Vec<Vec<u8>>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<Vec<u8>, i32>> {
        self.with_ks("multiget_count", Some(cl), |ks| {
            reads::multiget_count(self.node, ks, &keys, &column_parent, &predicate, cl)
        })
    }

    fn handle_get_range_slices(
        &self,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        range: t::KeyRange,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks("get_range_slices", Some(cl), |ks| {
            reads::get_range_slices(self.node, ks, &column_parent, &predicate, &range, cl)
        })
    }

    fn handle_get_paged_slice(
        &self,
        column_family: String,
        range: t::KeyRange,
        start_column: Vec<u8>,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks("get_paged_slice", Some(cl), |ks| {
            reads::get_paged_slice(self.node, ks, &column_family, &range, &start_column, cl)
        })
    }

    fn handle_get_indexed_slices(
        &self,
        column_parent: t::ColumnParent,
        index_clause: t::IndexClause,
        column_predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks("get_indexed_slices", Some(cl), |ks| {
            reads::get_indexed_slices(
                self.node,
                ks,
                &column_parent,
                &index_clause,
                &column_predicate,
                cl,
            )
        })
    }

    fn handle_get_multi_slice(
        &self,
        request: t::MultiSliceRequest,
    ) -> thrift::Result<Vec<t::ColumnOrSuperColumn>> {
        self.with_ks("get_multi_slice", request.consistency_level, |ks| {
            reads::get_multi_slice(self.node, ks, &request)
        })
    }

    fn handle_insert(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        column: t::Column,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks("insert", Some(cl), |ks| {
            writes::insert(self.node, ks, &key, &column_parent, &column, cl)
        })
    }

    fn handle_add(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        column: t::CounterColumn,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks("add", Some(cl), |ks| {
            writes::add(self.node, ks, &key, &column_parent, &column, cl)
        })
    }

    fn handle_cas(
        &self,
        key: Vec<u8>,
        column_family: String,
        expected: Vec<t::Column>,
        updates: Vec<t::Column>,
        serial: ConsistencyLevel,
        commit: ConsistencyLevel,
    ) -> thrift::Result<t::CASResult> {
        let r = known_level(serial, "serial_consistency_level", "cas")
            .and_then(|_| known_level(commit, "commit_consistency_level", "cas"));
        if let Err(e) = r {
            return wrap("cas", Err(e));
        }
        self.with_ks("cas", None, |ks| {
            let req = cas::CasRequest {
                key: &key,
                column_family: &column_family,
                expected: &expected,
                updates: &updates,
                serial,
                commit,
            };
            cas::cas(self.node, ks, &req)
        })
    }

    fn handle_remove(
        &self,
        key: Vec<u8>,
        column_path: t::ColumnPath,
        timestamp: i64,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks("remove", Some(cl), |ks| {
            writes::remove(self.node, ks, &key, &column_path, timestamp, cl)
        })
    }

    fn handle_remove_counter(
        &self,
        key: Vec<u8>,
        path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks("remove_counter", Some(cl), |ks| {
            writes::remove_counter(self.node, ks, &key, &path, cl)
        })
    }

    fn handle_batch_mutate(
        &self,
        mutation_map: MutationMap,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.batch_mutate("batch_mutate", mutation_map, cl, false)
    }

    fn handle_atomic_batch_mutate(
        &self,
        mutation_map: MutationMap,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.batch_mutate("atomic_batch_mutate", mutation_map, cl, true)
    }

    fn handle_truncate(&self, cfname: String) -> thrift::Result<()> {
        self.with_ks("truncate", None, |ks| {
            writes::truncate(self.node, ks, &cfname)
        })
    }

    fn handle_describe_schema_versions(&self) -> thrift::Result<BTreeMap<String, Vec<String>>> {
        Ok(describe::schema_versions(self.node))
    }

    fn handle_describe_keyspaces(&self) -> thrift::Result<Vec<t::KsDef>> {
        Ok(describe::keyspaces(self.node))
    }

    fn handle_describe_cluster_name(&self) -> thrift::Result<String> {
        Ok(self.node.schema().cluster_name.clone())
    }

    fn handle_describe_version(&self) -> thrift::Result<String> {
        Ok(VERSION.to_string())
    }

    fn handle_describe_ring(&self, keyspace: String) -> thrift::Result<Vec<t::TokenRange>> {
        wrap("describe_ring", describe::ring(self.node, &keyspace))
    }

    fn handle_describe_local_ring(&self, keyspace: String) -> thrift::Result<Vec<t::TokenRange>> {
        wrap("describe_local_ring", describe::ring(self.node, &keyspace))
    }

    fn handle_describe_token_map(&self) -> thrift::Result<BTreeMap<String, String>> {
        Ok(describe::token_map(self.node))
    }

    fn handle_describe_partitioner(&self) -> thrift::Result<String> {
        Ok(self.node.schema().partitioner.class_name().to_string())
    }

    fn handle_describe_snitch(&self) -> thrift::Result<String> {
        Ok(describe::SNITCH.to_string())
    }

    fn handle_describe_keyspace(&self, keyspace: String) -> thrift::Result<t::KsDef> {
        wrap(
            "describe_keyspace",
            describe::keyspace(self.node, &keyspace),
        )
    }

    fn handle_describe_splits(
        &self,
        cf_name: String,
        start_token: String,
        end_token: String,
        keys_per_split: i32,
    ) -> thrift::Result<Vec<String>> {
        self.with_ks("describe_splits", None, |ks| {
            let splits = describe::splits(
                self.node,
                ks,
                &cf_name,
                &start_token,
                &end_token,
                keys_per_split,
            )?;
            let mut tokens: Vec<String> = splits.iter().map(|s| s.start_token.clone()).collect();
            tokens.extend(splits.last().map(|s| s.end_token.clone()));
            Ok(tokens)
        })
    }

    fn handle_trace_next_query(&self) -> thrift::Result<Vec<u8>> {
        // Tracing is not recorded; the session id is still a fresh UUID, as 1.2 returned.
        Ok(uuid::Uuid::new_v4().as_bytes().to_vec())
    }

    fn handle_describe_splits_ex(
        &self,
        cf_name: String,
        start_token: String,
        end_token: String,
        keys_per_split: i32,
    ) -> thrift::Result<Vec<t::CfSplit>> {
        self.with_ks("describe_splits_ex", None, |ks| {
            describe::splits(
                self.node,
                ks,
                &cf_name,
                &start_token,
                &end_token,
                keys_per_split,
            )
        })
    }

    fn handle_system_add_column_family(&self, cf_def: t::CfDef) -> thrift::Result<String> {
        self.with_ks("system_add_column_family", None, |_| {
            describe::add_column_family(self.node, &cf_def)
        })
    }

    fn handle_system_drop_column_family(&self, column_family: String) -> thrift::Result<String> {
        self.with_ks("system_drop_column_family", None, |ks| {
            describe::drop_column_family(self.node, ks, &column_family)
        })
    }

    fn handle_system_add_keyspace(&self, ks_def: t::KsDef) -> thrift::Result<String> {
        wrap(
            "system_add_keyspace",
            describe::add_keyspace(self.node, &ks_def),
        )
    }

    fn handle_system_drop_keyspace(&self, keyspace: String) -> thrift::Result<String> {
        wrap(
            "system_drop_keyspace",
            describe::drop_keyspace(self.node, &keyspace),
        )
    }

    fn handle_system_update_keyspace(&self, ks_def: t::KsDef) -> thrift::Result<String> {
        wrap(
            "system_update_keyspace",
            describe::update_keyspace(self.node, &ks_def),
        )
    }

    fn handle_system_update_column_family(&self, cf_def: t::CfDef) -> thrift::Result<String> {
        self.with_ks("system_update_column_family", None, |_| {
            describe::update_column_family(self.node, &cf_def)
        })
    }

    fn handle_execute_cql_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlResult> {
        if !self.speaks_cql2() {
            // 1.2 ran CQL 3 through this call at consistency ONE.
            return self.handle_execute_cql3_query(query, compression, ConsistencyLevel::ONE);
        }
        let r = cql::query_text(query, compression)
            .and_then(|text| self.cql2(|ctx| crate::cql2::execute(ctx, &text)));
        wrap("execute_cql_query", r)
    }

    fn handle_execute_cql3_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        let method = "execute_cql3_query";
        let text = match cql::query_text(query, compression) {
            Ok(text) => text,
            Err(e) => return wrap(method, Err(e)),
        };
        self.cql3(method, consistency, |backend, session| {
            exec::execute(backend, session, &text, consistency.0)
        })
    }

    fn handle_prepare_cql_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        if !self.speaks_cql2() {
            return self.handle_prepare_cql3_query(query, compression);
        }
        let r = cql::query_text(query, compression).and_then(|text| {
            self.node
                .prepared_cql2
                .prepare(&text)
                .map_err(|e| ApiError::invalid(e.to_string()))
        });
        wrap("prepare_cql_query", r.map(|p| cql2::prepared_result(&p)))
    }

    fn handle_prepare_cql3_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        let r = cql::query_text(query, compression).and_then(|text| {
            self.with_cql(|backend, session| {
                exec::prepare(backend, session, &self.node.prepared, &text)
            })
        });
        wrap("prepare_cql3_query", r.map(|p| cql::prepared_result(&p)))
    }

    fn handle_execute_prepared_cql_query(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
    ) -> thrift::Result<t::CqlResult> {
        let method = "execute_prepared_cql_query";
        if !self.speaks_cql2() {
            // 1.2 ran prepared CQL 3 through this call at consistency ONE.
            return self.handle_execute_prepared_cql3_query(item_id, values, ConsistencyLevel::ONE);
        }
        let r = self.cql2(|ctx| {
            let prepared = self.node.prepared_cql2.get(item_id)?;
            crate::cql2::execute_prepared(ctx, &prepared, &values)
        });
        wrap(method, r)
    }

    fn handle_execute_prepared_cql3_query(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        // Thrift cannot send a null list element: every value is bound.
        let values: Vec<Option<Vec<u8>>> = values.into_iter().map(Some).collect();
        self.cql3(
            "execute_prepared_cql3_query",
            consistency,
            |backend, session| {
                exec::execute_prepared(
                    backend,
                    session,
                    &self.node.prepared,
                    item_id,
                    &values,
                    consistency.0,
                )
            },
        )
    }

    fn handle_set_cql_version(&self, version: String) -> thrift::Result<()> {
        let r = cql_version::choose(&version)
            .map(|dialect| self.session.borrow_mut().v19.cql_version = Some(dialect.to_string()))
            .map_err(ApiError::InvalidRequest);
        wrap("set_cql_version", r)
    }
}
