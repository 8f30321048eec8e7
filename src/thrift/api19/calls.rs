//! The generated 19.x handler trait, method by method: each of the
//! 45 methods hands its arguments to the functions of `reads`, `writes`,
//! `describe` and the CQL calls, under the checks of `handler`, and its
//! result to [`Handler::wrap`]. It must not decide anything itself.

use super::scan::bigtoken;
use super::validation::known_level;
use super::writes::MutationMap;
use super::*;
use crate::thrift::gen::cassandra19::{CassandraSyncHandler, ConsistencyLevel};
use std::collections::BTreeMap;

impl CassandraSyncHandler for Handler<'_> {
    fn handle_login(&self, auth_request: t::AuthenticationRequest) -> thrift::Result<()> {
        self.login(auth_request)
    }

    fn handle_set_keyspace(&self, keyspace: String) -> thrift::Result<()> {
        self.set_keyspace(keyspace)
    }

    fn handle_get(
        &self,
        key: Vec<u8>,
        column_path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<t::ColumnOrSuperColumn> {
        self.with_ks(
            &methods::GET,
            Some(cl),
            vec![&column_path.column_family],
            |ks| reads::get(self.node, ks, &key, &column_path, cl),
        )
    }

    fn handle_get_slice(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::ColumnOrSuperColumn>> {
        self.with_ks(
            &methods::GET_SLICE,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| reads::get_slice(self.node, ks, &key, &column_parent, &predicate, cl),
        )
    }

    fn handle_get_count(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<i32> {
        self.with_ks(
            &methods::GET_COUNT,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| reads::get_count(self.node, ks, &key, &column_parent, &predicate, cl),
        )
    }

    fn handle_multiget_slice(
        &self,
        keys: Vec<Vec<u8>>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<Vec<u8>, Vec<t::ColumnOrSuperColumn>>> {
        self.with_ks(
            &methods::MULTIGET_SLICE,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| reads::multiget_slice(self.node, ks, &keys, &column_parent, &predicate, cl),
        )
    }

    fn handle_multiget_count(
        &self,
        keys: Vec<Vec<u8>>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<Vec<u8>, i32>> {
        self.with_ks(
            &methods::MULTIGET_COUNT,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| reads::multiget_count(self.node, ks, &keys, &column_parent, &predicate, cl),
        )
    }

    fn handle_get_range_slices(
        &self,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        range: t::KeyRange,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks(
            &methods::GET_RANGE_SLICES,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| {
                reads::get_range_slices(self.node, ks, &column_parent, &predicate, &range, cl)
                    .map_err(|e| bigtoken::at_level(self.node, cl, e))
            },
        )
    }

    fn handle_get_paged_slice(
        &self,
        column_family: String,
        range: t::KeyRange,
        start_column: Vec<u8>,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks(
            &methods::GET_PAGED_SLICE,
            Some(cl),
            vec![&column_family],
            |ks| {
                reads::get_paged_slice(self.node, ks, &column_family, &range, &start_column, cl)
                    .map_err(|e| bigtoken::at_level(self.node, cl, e))
            },
        )
    }

    fn handle_get_indexed_slices(
        &self,
        column_parent: t::ColumnParent,
        index_clause: t::IndexClause,
        column_predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.with_ks(
            &methods::GET_INDEXED_SLICES,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| {
                reads::filtered::get_indexed_slices(
                    self.node,
                    ks,
                    &column_parent,
                    &index_clause,
                    &column_predicate,
                    cl,
                )
            },
        )
    }

    fn handle_get_multi_slice(
        &self,
        request: t::MultiSliceRequest,
    ) -> thrift::Result<Vec<t::ColumnOrSuperColumn>> {
        self.with_ks(
            &methods::GET_MULTI_SLICE,
            request.consistency_level,
            request
                .column_parent
                .iter()
                .map(|p| p.column_family.as_str())
                .collect(),
            |ks| reads::get_multi_slice(self.node, ks, &request),
        )
    }

    fn handle_insert(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        column: t::Column,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks(
            &methods::INSERT,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| writes::insert(self.node, ks, key, &column_parent, column, cl),
        )
    }

    fn handle_add(
        &self,
        key: Vec<u8>,
        column_parent: t::ColumnParent,
        column: t::CounterColumn,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks(
            &methods::ADD,
            Some(cl),
            vec![&column_parent.column_family],
            |ks| writes::add(self.node, ks, &key, &column_parent, &column, cl),
        )
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
        let cas = methods::CAS.name();
        let r = known_level(serial, "serial_consistency_level", cas)
            .and_then(|_| known_level(commit, "commit_consistency_level", cas));
        if let Err(e) = r {
            return self.wrap(methods::CAS.name(), Err(e));
        }
        // Arguments the release read as null (`as_declared`).
        let null = std::mem::take(&mut self.session.borrow_mut().api19.null_lists);
        self.with_ks(&methods::CAS, None, vec![&column_family], |ks| {
            let req = cas::CasRequest {
                key: &key,
                column_family: &column_family,
                expected: (!null.contains(&"expected")).then_some(&expected[..]),
                updates: (!null.contains(&"updates")).then_some(&updates[..]),
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
        // A level the release lacked, read as null (`as_declared`).
        let null_level = std::mem::take(&mut self.session.borrow_mut().api19.null_argument);
        self.with_ks(
            &methods::REMOVE,
            // Read as absent: no level to check before the method ran.
            Some(if null_level {
                ConsistencyLevel::ONE
            } else {
                cl
            }),
            vec![&column_path.column_family],
            |ks| {
                if null_level {
                    writes::remove_without_level(self.node, ks, &key, &column_path)
                } else {
                    writes::remove(self.node, ks, &key, &column_path, timestamp, cl)
                }
            },
        )
    }

    fn handle_remove_counter(
        &self,
        key: Vec<u8>,
        path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.with_ks(
            &methods::REMOVE_COUNTER,
            Some(cl),
            vec![&path.column_family],
            |ks| writes::remove_counter(self.node, ks, &key, &path, cl),
        )
    }

    fn handle_batch_mutate(
        &self,
        mutation_map: MutationMap,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.batch_mutate(mutation_map, cl, false)
    }

    fn handle_atomic_batch_mutate(
        &self,
        mutation_map: MutationMap,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        self.batch_mutate(mutation_map, cl, true)
    }

    fn handle_truncate(&self, cfname: String) -> thrift::Result<()> {
        self.with_ks(&methods::TRUNCATE, None, vec![&cfname], |ks| {
            writes::truncate(self.node, ks, &cfname)
        })
    }

    fn handle_describe_schema_versions(&self) -> thrift::Result<BTreeMap<String, Vec<String>>> {
        Ok(describe::schema_versions(self.node))
    }

    /// 1.2 asked for a login (its `validateLogin`), not for grants.
    fn handle_describe_keyspaces(&self) -> thrift::Result<Vec<t::KsDef>> {
        let r = self.logged_in().map(|()| describe::keyspaces(self.node));
        self.wrap(methods::DESCRIBE_KEYSPACES.name(), r)
    }

    fn handle_describe_cluster_name(&self) -> thrift::Result<String> {
        Ok(self.node.schema().cluster_name.clone())
    }

    fn handle_describe_version(&self) -> thrift::Result<String> {
        Ok(describe::version(self.node).to_string())
    }

    fn handle_describe_ring(&self, keyspace: String) -> thrift::Result<Vec<t::TokenRange>> {
        self.wrap(
            methods::DESCRIBE_RING.name(),
            describe::ring(self.node, &keyspace),
        )
    }

    fn handle_describe_local_ring(&self, keyspace: String) -> thrift::Result<Vec<t::TokenRange>> {
        self.wrap(
            methods::DESCRIBE_LOCAL_RING.name(),
            describe::ring(self.node, &keyspace),
        )
    }

    fn handle_describe_token_map(&self) -> thrift::Result<BTreeMap<String, String>> {
        self.wrap(
            methods::DESCRIBE_TOKEN_MAP.name(),
            describe::token_map(self.node),
        )
    }

    fn handle_describe_partitioner(&self) -> thrift::Result<String> {
        self.wrap(
            methods::DESCRIBE_PARTITIONER.name(),
            describe::partitioner(self.node),
        )
    }

    fn handle_describe_snitch(&self) -> thrift::Result<String> {
        Ok(describe::SNITCH.to_string())
    }

    fn handle_describe_keyspace(&self, keyspace: String) -> thrift::Result<t::KsDef> {
        let r = self
            .logged_in()
            .and_then(|()| describe::keyspace(self.node, &keyspace));
        self.wrap(methods::DESCRIBE_KEYSPACE.name(), r)
    }

    fn handle_describe_splits(
        &self,
        cf_name: String,
        start_token: String,
        end_token: String,
        keys_per_split: i32,
    ) -> thrift::Result<Vec<String>> {
        self.split_tokens_first(methods::DESCRIBE_SPLITS.name(), &start_token, &end_token)?;
        self.with_ks(&methods::DESCRIBE_SPLITS, None, vec![], |ks| {
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
        // The connection's next call is traced under this id (see `dispatch`).
        let id = self.node.new_trace_id();
        self.session.borrow_mut().api19.trace_next = Some(id);
        Ok(id.to_vec())
    }

    fn handle_describe_splits_ex(
        &self,
        cf_name: String,
        start_token: String,
        end_token: String,
        keys_per_split: i32,
    ) -> thrift::Result<Vec<t::CfSplit>> {
        self.split_tokens_first(methods::DESCRIBE_SPLITS_EX.name(), &start_token, &end_token)?;
        self.with_ks(&methods::DESCRIBE_SPLITS_EX, None, vec![], |ks| {
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
        let add = || {
            schema_calls::add_column_family(self.node, &cf_def)
                .inspect_err(|e| release::schema::ids::failed_add_cf(self.node, &cf_def, e))
        };
        if !release::old::add_cf_needs_keyspace(self.node) {
            let on = vec![(cf_def.keyspace.as_str(), Some(cf_def.name.as_str()))];
            return self.checked(&methods::SYSTEM_ADD_COLUMN_FAMILY, on, add);
        }
        // 1.2 required a session keyspace but checked it, not the one the
        // CfDef names and the column family goes to; this checks that one.
        let names = vec![cf_def.keyspace.as_str()];
        self.with_ks(&methods::SYSTEM_ADD_COLUMN_FAMILY, None, names, |ks| {
            release::schema::systemadd::add_cf_session_refusal(self.node, ks)?;
            add()
        })
    }

    fn handle_system_drop_column_family(&self, column_family: String) -> thrift::Result<String> {
        self.with_ks(
            &methods::SYSTEM_DROP_COLUMN_FAMILY,
            None,
            vec![&column_family],
            |ks| schema_calls::drop_column_family(self.node, ks, &column_family),
        )
    }

    fn handle_system_add_keyspace(&self, ks_def: t::KsDef) -> thrift::Result<String> {
        // 1.2 asked for CREATE on all keyspaces (`<modify-keyspaces>` in
        // its access.properties); the grants here are per keyspace, so a
        // grant for the new keyspace (and any its CfDefs name) is enough.
        let mut on = vec![(ks_def.name.as_str(), None)];
        for cf in &ks_def.cf_defs {
            on.push((cf.keyspace.as_str(), None));
        }
        self.checked(&methods::SYSTEM_ADD_KEYSPACE, on, || {
            schema_calls::add_keyspace(self.node, &ks_def)
                .inspect(|_| release::v07::remember_replication(self.node, &ks_def))
                .inspect_err(|e| release::schema::ids::failed_add_keyspace(self.node, &ks_def, e))
        })
    }

    fn handle_system_drop_keyspace(&self, keyspace: String) -> thrift::Result<String> {
        let on = vec![(keyspace.as_str(), None)];
        self.checked(&methods::SYSTEM_DROP_KEYSPACE, on, || {
            schema_calls::drop_keyspace(self.node, &keyspace)
        })
    }

    fn handle_system_update_keyspace(&self, ks_def: t::KsDef) -> thrift::Result<String> {
        let on = vec![(ks_def.name.as_str(), None)];
        self.checked(&methods::SYSTEM_UPDATE_KEYSPACE, on, || {
            schema_calls::update_keyspace(self.node, &ks_def)
                .inspect(|_| release::v07::remember_replication(self.node, &ks_def))
        })
    }

    fn handle_system_update_column_family(&self, cf_def: t::CfDef) -> thrift::Result<String> {
        if release::old::update_needs_keyspace(self.node)
            && self.session.borrow().api19.keyspace.is_none()
        {
            let e = ApiError::invalid("You have not set a keyspace for this session");
            return self.wrap("system_update_column_family", Err(e));
        }
        // 1.2 needed no session keyspace here: the CfDef names it.
        let on = vec![(cf_def.keyspace.as_str(), Some(cf_def.name.as_str()))];
        self.checked(&methods::SYSTEM_UPDATE_COLUMN_FAMILY, on, || {
            schema_calls::update_column_family(self.node, &cf_def)
                .map_err(|e| release::schema::cellnames::comparator_refusal(self.node, &cf_def, e))
                .map_err(|e| release::schema::params::type_refusal(self.node, &cf_def, e))
        })
    }

    fn handle_execute_cql_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlResult> {
        if let Some(e) = release::cql2_removed(self.node).or_else(|| self.cql_version_refusal(2)) {
            return self.wrap(methods::EXECUTE_CQL_QUERY.name(), Err(e));
        }
        if !self.speaks_cql2() {
            // 1.2 ran CQL 3 through this call at consistency ONE.
            return self.execute_cql3(query, compression, ConsistencyLevel::ONE);
        }
        self.execute_cql2(query, compression)
    }

    fn handle_execute_cql3_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        if let Some(e) = self.cql_version_refusal(3) {
            return self.wrap(methods::EXECUTE_CQL3_QUERY.name(), Err(e));
        }
        self.execute_cql3(query, compression, consistency)
    }

    fn handle_prepare_cql_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        if let Some(e) = release::cql2_removed(self.node).or_else(|| self.cql_version_refusal(2)) {
            return self.wrap(methods::PREPARE_CQL_QUERY.name(), Err(e));
        }
        if !self.speaks_cql2() {
            return self.prepare_cql3(query, compression);
        }
        self.prepare_cql2(query, compression)
    }

    fn handle_prepare_cql3_query(
        &self,
        query: Vec<u8>,
        compression: t::Compression,
    ) -> thrift::Result<t::CqlPreparedResult> {
        if let Some(e) = self.cql_version_refusal(3) {
            return self.wrap(methods::PREPARE_CQL3_QUERY.name(), Err(e));
        }
        self.prepare_cql3(query, compression)
    }

    fn handle_execute_prepared_cql_query(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
    ) -> thrift::Result<t::CqlResult> {
        if let Some(e) = release::cql2_removed(self.node).or_else(|| self.cql_version_refusal(2)) {
            return self.wrap(methods::EXECUTE_PREPARED_CQL_QUERY.name(), Err(e));
        }
        if !self.speaks_cql2() {
            // 1.2 ran prepared CQL 3 through this call at consistency ONE.
            return self.execute_prepared_cql3(item_id, values, ConsistencyLevel::ONE);
        }
        self.execute_prepared_cql2(item_id, values)
    }

    fn handle_execute_prepared_cql3_query(
        &self,
        item_id: i32,
        values: Vec<Vec<u8>>,
        consistency: ConsistencyLevel,
    ) -> thrift::Result<t::CqlResult> {
        if let Some(e) = self.cql_version_refusal(3) {
            return self.wrap(methods::EXECUTE_PREPARED_CQL3_QUERY.name(), Err(e));
        }
        self.execute_prepared_cql3(item_id, values, consistency)
    }

    fn handle_set_cql_version(&self, version: String) -> thrift::Result<()> {
        let ignored = self
            .node
            .release
            .is_some_and(|r| r.does(crate::release::Behaviour::SetCqlVersionIgnored));
        if ignored {
            return Ok(());
        }
        let r = cql::version::choose_on(self.node, &version)
            .map(|dialect| self.session.borrow_mut().api19.cql_version = Some(dialect.to_string()))
            .map_err(ApiError::InvalidRequest);
        self.wrap(methods::SET_CQL_VERSION.name(), r)
    }
}

impl Handler<'_> {
    /// From 1.1 a split's tokens were read before the session's keyspace
    /// was looked at ([`describe::split_tokens`]).
    fn split_tokens_first(&self, method: &str, start: &str, end: &str) -> thrift::Result<()> {
        if !self.node.release.is_some_and(|r| r.at_least(1, 1)) {
            return Ok(());
        }
        let r = describe::split_tokens(self.node, start, end).map(|_| ());
        self.wrap(method, r)
    }
}
