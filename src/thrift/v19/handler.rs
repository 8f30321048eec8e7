//! The connection-state half of [`Handler`]: the login and keyspace checks
//! every data call makes, the consistency-level check around them, and the
//! connection's CQL sessions (CQL3 and CQL 2). The method implementations
//! live in `mod.rs`; this file must not implement API methods.

use super::validation::known_level;
use super::{cql, cql2, wrap, Handler};
use crate::auth::AuthenticatedUser;
use crate::cql::exec::{CqlOutcome, CqlSession};
use crate::cql::CqlError;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::node::Node;
use crate::thrift::session::Session;
use std::cell::RefCell;

impl<'a> Handler<'a> {
    pub fn new(node: &'a Node, session: &'a mut Session) -> Self {
        Handler {
            node,
            session: RefCell::new(session),
        }
    }

    /// The login check every data call made.
    pub(super) fn logged_in(&self) -> ApiResult<()> {
        if self.node.auth.requires_login() && self.session.borrow().v19.user.is_none() {
            return Err(ApiError::invalid("You have not logged in"));
        }
        Ok(())
    }

    /// 1.2's `ClientState.getKeyspace` plus the login check every data call
    /// made, and the keyspace access check of the authenticator (once per
    /// keyspace and connection; a refusal is an InvalidRequestException, as
    /// 1.2's refused permissions were).
    pub(super) fn keyspace(&self) -> ApiResult<String> {
        self.logged_in()?;
        let mut session = self.session.borrow_mut();
        let state = &mut session.v19;
        let ks = state
            .keyspace
            .clone()
            .ok_or_else(|| ApiError::invalid("no keyspace has been specified"))?;
        if self.node.auth.requires_login() && !state.authorized.contains(&ks) {
            let user = AuthenticatedUser {
                username: state.user.clone(),
            };
            self.node
                .auth
                .authorize(&user, &ks)
                .map_err(|e| ApiError::invalid(e.to_string()))?;
            state.authorized.insert(ks.clone());
        }
        Ok(ks)
    }

    /// Runs `f` with the session's keyspace after checking the consistency
    /// level is one the IDL declares.
    pub(super) fn with_ks<T>(
        &self,
        method: &str,
        cl: Option<ConsistencyLevel>,
        f: impl FnOnce(&str) -> ApiResult<T>,
    ) -> thrift::Result<T> {
        let r = cl
            .map_or(Ok(()), |cl| known_level(cl, "consistency_level", method))
            .and_then(|_| self.keyspace())
            .and_then(|ks| f(&ks));
        if let Err(ApiError::Dropped(why)) = &r {
            tracing::warn!(
                method,
                why,
                "closing the connection without a reply, as Cassandra 1.2 did"
            );
            self.session.borrow_mut().close_connection = Some(why.clone());
        }
        wrap(method, r)
    }

    /// Runs `f` with this connection's CQL session (made on first use,
    /// sharing the node's clock), whose keyspace is the Thrift one.
    pub(super) fn with_cql<T>(
        &self,
        f: impl FnOnce(&cql::NodeBackend, &mut CqlSession) -> Result<T, CqlError>,
    ) -> ApiResult<T> {
        let backend = cql::NodeBackend::new(self.node);
        let mut session = self.session.borrow_mut();
        let state = &mut session.v19;
        let keyspace = state.keyspace.clone();
        let cql = state
            .cql
            .get_or_insert_with(|| CqlSession::new(self.node.cql_clock.clone()));
        if let Some(ks) = keyspace {
            cql.set_keyspace(ks);
        }
        backend.finish(f(&backend, cql))
    }

    /// Runs one CQL3 statement (plain or prepared) and answers as 1.2:
    /// a `USE` also becomes the Thrift keyspace of the connection.
    pub(super) fn cql3(
        &self,
        method: &str,
        cl: ConsistencyLevel,
        run: impl FnOnce(&cql::NodeBackend, &mut CqlSession) -> Result<CqlOutcome, CqlError>,
    ) -> thrift::Result<t::CqlResult> {
        let r = known_level(cl, "consistency", method)
            .and_then(|_| self.logged_in())
            .and_then(|_| self.with_cql(run))
            .map(|outcome| {
                if let CqlOutcome::SetKeyspace(ks) = &outcome {
                    self.session.borrow_mut().v19.keyspace = Some(ks.clone());
                }
                cql::result(outcome)
            });
        wrap(method, r)
    }
}

impl Handler<'_> {
    /// True when this connection's `execute_cql_query` speaks CQL 2.
    pub(super) fn speaks_cql2(&self) -> bool {
        cql2::speaks_cql2(self.session.borrow().v19.cql_version.as_deref())
    }

    /// Runs CQL 2 for this connection (see [`cql2::run`]).
    pub(super) fn cql2(
        &self,
        run: impl FnOnce(&mut crate::cql2::Context) -> Result<crate::cql2::Cql2Result, CqlError>,
    ) -> ApiResult<t::CqlResult> {
        self.logged_in()?;
        cql2::run(self.node, &mut self.session.borrow_mut().v19, run)
    }
}
