//! API 2.2.0 (Cassandra 0.6): the IDL as data, Java-faithful argument
//! reading, and the method implementations behind the generated processor.
//!
//! [`Handler`] adapts the generated handler trait to the functions of
//! `reads`, `writes` and `describe`, which return typed [`ApiError`]s; the
//! only conversion to Thrift exceptions is `ApiError::into_thrift`.
//! [`validation`] holds 0.6.13's ThriftValidation rules and [`convert`] the
//! conversion between 0.6's structs and the row model; API 19.x builds on
//! both where its rules and structs did not change.

pub mod batch;
pub mod convert;
pub mod idl;
pub mod javaread;
pub mod levels;
pub mod validation;

mod describe;
mod reads;
mod writes;

use crate::call;
use crate::node::Node;
use crate::thrift::access;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06::{self as t, CassandraSyncHandler, ConsistencyLevel};
use crate::thrift::session::Session;
use crate::thrift::wire::bounded;
use levels::Use;
use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

/// The generated handler trait over one connection's session.
pub struct Handler<'a> {
    node: &'a Node,
    session: RefCell<&'a mut Session>,
}

impl<'a> Handler<'a> {
    pub fn new(node: &'a Node, session: &'a mut Session) -> Self {
        Handler {
            node,
            session: RefCell::new(session),
        }
    }

    /// 0.6's checkLoginDone, per keyspace: only authenticators that require
    /// a login enforce it, and the connection's login only opens the
    /// keyspace it named (0.6 itself let one login open every keyspace; the
    /// access.properties grants are per keyspace, so we hold the connection
    /// to them). The login is the connection's last one (see
    /// `thrift::access::login`).
    /// Whether the call needs it is its row's (`idl::Method::keyspace_login`).
    fn check_login(&self, method: &idl::Method, keyspace: &str) -> ApiResult<()> {
        if !method.keyspace_login || !access::enforced(self.node) {
            return Ok(());
        }
        let session = self.session.borrow();
        let Some(identity) = &session.identity else {
            return Err(ApiError::invalid(
                "Login is required before any other API calls",
            ));
        };
        if identity.api2_keyspace.as_deref() != Some(keyspace) {
            return Err(ApiError::invalid(format!(
                "Login is required before any other API calls on keyspace {keyspace}"
            )));
        }
        Ok(())
    }
}

/// Reads refuse ZERO and ANY, as 0.6's readColumnFamily did.
fn check_read_level(cl: ConsistencyLevel) -> ApiResult<()> {
    match cl {
        ConsistencyLevel::ZERO => Err(ApiError::invalid(
            "Consistency level zero may not be applied to read operations",
        )),
        ConsistencyLevel::ANY => Err(ApiError::invalid(
            "Consistency level any may not be applied to read operations",
        )),
        _ => Ok(()),
    }
}

impl Handler<'_> {
    /// The one way a 0.6 result leaves the handler: a read that would have
    /// waited on the disk is noted in the session for the server (see
    /// `Session::would_block`), and errors become this generation's
    /// exceptions.
    pub(crate) fn wrap<T>(&self, method: &str, r: ApiResult<T>) -> thrift::Result<T> {
        if let Err(ApiError::WouldBlock(_)) = &r {
            self.session.borrow_mut().would_block = true;
        }
        r.map_err(|e| e.into_thrift(method))
    }

    /// Runs `f` with `cl` as a cluster backend takes it (see [`levels`]).
    pub(crate) fn at<T>(
        &self,
        keyspace: &str,
        cl: ConsistencyLevel,
        for_: Use,
        f: impl FnOnce() -> ApiResult<T>,
    ) -> ApiResult<T> {
        let level = levels::cluster_level(self.node, keyspace, cl, for_);
        call::within(|s| &mut s.level, level, f).0
    }

    /// `get_range_slices`, and `get_range_slice` (which it supersedes: the
    /// same read, its range given as key bounds and a count), named `method`.
    fn range_slices(
        &self,
        method: &idl::Method,
        keyspace: String,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        range: t::KeyRange,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        let r = self.check_login(method, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Read, || {
                reads::get_range_slices(
                    self.node,
                    &keyspace,
                    &column_parent,
                    &predicate,
                    &range,
                    cl,
                )
            })
        });
        self.wrap(method.name(), r)
    }
}

impl CassandraSyncHandler for Handler<'_> {
    fn handle_login(
        &self,
        keyspace: String,
        auth_request: t::AuthenticationRequest,
    ) -> thrift::Result<()> {
        let attempt = self.node.auth.login(&keyspace, &auth_request.credentials);
        let r = access::login(&mut self.session.borrow_mut(), Some(&keyspace), attempt);
        self.wrap(idl::LOGIN.name(), r)
    }

    fn handle_get(
        &self,
        keyspace: String,
        key: String,
        column_path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<t::ColumnOrSuperColumn> {
        let r = self.check_login(&idl::GET, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Read, || {
                reads::get(self.node, &keyspace, &key, &column_path, cl)
            })
        });
        self.wrap(idl::GET.name(), r)
    }

    fn handle_get_slice(
        &self,
        keyspace: String,
        key: String,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::ColumnOrSuperColumn>> {
        let r = self.check_login(&idl::GET_SLICE, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Read, || {
                reads::get_slice(self.node, &keyspace, &key, &column_parent, &predicate, cl)
            })
        });
        self.wrap(idl::GET_SLICE.name(), r)
    }

    fn handle_multiget(
        &self,
        keyspace: String,
        keys: Vec<String>,
        column_path: t::ColumnPath,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<String, t::ColumnOrSuperColumn>> {
        let r = self.check_login(&idl::MULTIGET, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Read, || {
                reads::multiget(self.node, &keyspace, &keys, &column_path, cl)
            })
        });
        self.wrap(idl::MULTIGET.name(), r)
    }

    fn handle_multiget_slice(
        &self,
        keyspace: String,
        keys: Vec<String>,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        cl: ConsistencyLevel,
    ) -> thrift::Result<BTreeMap<String, Vec<t::ColumnOrSuperColumn>>> {
        let r = self
            .check_login(&idl::MULTIGET_SLICE, &keyspace)
            .and_then(|_| {
                self.at(&keyspace, cl, Use::Read, || {
                    reads::multiget_slice(
                        self.node,
                        &keyspace,
                        &keys,
                        &column_parent,
                        &predicate,
                        cl,
                    )
                })
            });
        self.wrap(idl::MULTIGET_SLICE.name(), r)
    }

    fn handle_get_count(
        &self,
        keyspace: String,
        key: String,
        column_parent: t::ColumnParent,
        cl: ConsistencyLevel,
    ) -> thrift::Result<i32> {
        let r = self.check_login(&idl::GET_COUNT, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Read, || {
                reads::get_count(self.node, &keyspace, &key, &column_parent, cl)
            })
        });
        self.wrap(idl::GET_COUNT.name(), r)
    }

    fn handle_get_range_slice(
        &self,
        keyspace: String,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        start_key: String,
        finish_key: String,
        row_count: i32,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        let range = t::KeyRange::new(start_key, finish_key, None, None, row_count);
        self.range_slices(
            &idl::GET_RANGE_SLICE,
            keyspace,
            column_parent,
            predicate,
            range,
            cl,
        )
    }

    fn handle_get_range_slices(
        &self,
        keyspace: String,
        column_parent: t::ColumnParent,
        predicate: t::SlicePredicate,
        range: t::KeyRange,
        cl: ConsistencyLevel,
    ) -> thrift::Result<Vec<t::KeySlice>> {
        self.range_slices(
            &idl::GET_RANGE_SLICES,
            keyspace,
            column_parent,
            predicate,
            range,
            cl,
        )
    }

    fn handle_insert(
        &self,
        keyspace: String,
        key: String,
        column_path: t::ColumnPath,
        value: Vec<u8>,
        timestamp: i64,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        let r = self.check_login(&idl::INSERT, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Write, || {
                writes::insert(self.node, &keyspace, &key, &column_path, value, timestamp)
            })
        });
        self.wrap(idl::INSERT.name(), r)
    }

    fn handle_batch_insert(
        &self,
        keyspace: String,
        key: String,
        cfmap: BTreeMap<String, Vec<t::ColumnOrSuperColumn>>,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        // The server reads batches with `batch::process`; this is the
        // whole-struct path it leaves some messages to.
        let r = self
            .check_login(&idl::BATCH_INSERT, &keyspace)
            .and_then(|_| {
                // The decoded map was charged; converting it moves its bytes.
                let batch =
                    bounded::uncharged(|| batch::from_cfmap(self.node, &keyspace, key, cfmap))?;
                self.at(&keyspace, cl, Use::Write, || {
                    batch::apply(batch, self.node, &keyspace)
                })
            });
        self.wrap(idl::BATCH_INSERT.name(), r)
    }

    fn handle_remove(
        &self,
        keyspace: String,
        key: String,
        column_path: t::ColumnPath,
        timestamp: i64,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        let r = self.check_login(&idl::REMOVE, &keyspace).and_then(|_| {
            self.at(&keyspace, cl, Use::Write, || {
                writes::remove(self.node, &keyspace, &key, &column_path, timestamp)
            })
        });
        self.wrap(idl::REMOVE.name(), r)
    }

    fn handle_batch_mutate(
        &self,
        keyspace: String,
        mutation_map: BTreeMap<String, BTreeMap<String, Vec<t::Mutation>>>,
        cl: ConsistencyLevel,
    ) -> thrift::Result<()> {
        let r = self
            .check_login(&idl::BATCH_MUTATE, &keyspace)
            .and_then(|_| {
                let batch = bounded::uncharged(|| {
                    batch::from_mutation_map(self.node, &keyspace, mutation_map)
                })?;
                self.at(&keyspace, cl, Use::Write, || {
                    batch::apply(batch, self.node, &keyspace)
                })
            });
        self.wrap(idl::BATCH_MUTATE.name(), r)
    }

    fn handle_get_string_property(&self, property: String) -> thrift::Result<String> {
        self.wrap(
            idl::GET_STRING_PROPERTY.name(),
            describe::string_property(self.node, &property),
        )
    }

    fn handle_get_string_list_property(&self, property: String) -> thrift::Result<Vec<String>> {
        Ok(describe::string_list_property(self.node, &property))
    }

    fn handle_describe_keyspaces(&self) -> thrift::Result<BTreeSet<String>> {
        Ok(describe::keyspaces(self.node))
    }

    fn handle_describe_cluster_name(&self) -> thrift::Result<String> {
        Ok(self.node.schema().cluster_name.clone())
    }

    fn handle_describe_version(&self) -> thrift::Result<String> {
        Ok(describe::VERSION.to_string())
    }

    fn handle_describe_ring(&self, keyspace: String) -> thrift::Result<Vec<t::TokenRange>> {
        self.wrap(
            idl::DESCRIBE_RING.name(),
            describe::ring(self.node, &keyspace),
        )
    }

    fn handle_describe_partitioner(&self) -> thrift::Result<String> {
        match self.node.on_cluster(|c| c.ring()) {
            Some(ring) => self.wrap(
                idl::DESCRIBE_PARTITIONER.name(),
                ring.map(|r| r.partitioner).map_err(Into::into),
            ),
            None => Ok(self.node.schema().partitioner.class_name().to_string()),
        }
    }

    fn handle_describe_keyspace(
        &self,
        keyspace: String,
    ) -> thrift::Result<BTreeMap<String, BTreeMap<String, String>>> {
        self.wrap(
            idl::DESCRIBE_KEYSPACE.name(),
            describe::keyspace(self.node, &keyspace),
        )
    }

    fn handle_describe_splits(
        &self,
        start_token: String,
        end_token: String,
        keys_per_split: i32,
    ) -> thrift::Result<Vec<String>> {
        self.wrap(
            idl::DESCRIBE_SPLITS.name(),
            describe::splits(self.node, &start_token, &end_token, keys_per_split),
        )
    }
}
