//! The connection-state half of [`Handler`]: the login and access checks
//! every call makes (what each needs is its row's `Requires` in
//! `api19::methods`, over the names its arguments give; checked by
//! `thrift::access`), the consistency-level check around them, and the
//! connection's CQL sessions (CQL3 and CQL 2), whose statements are checked
//! per keyspace and table they touch and run on a backend confined to
//! those keyspaces. The method implementations live in `mod.rs`; this file
//! must not implement API methods.

use super::cql::{self, cql2};
use super::methods::{Requires, Row};
use super::release;
use super::validation::known_level;
use super::Handler;
use crate::auth::access::{Access, Permission};
use crate::call::{self, Consistency};
use crate::cql::exec::{CqlOutcome, CqlSession};
use crate::cql::CqlError;
use crate::node::Node;
use crate::thrift::access;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::session::Session;
use std::cell::RefCell;

/// What a call on the session's keyspace must be allowed to do: its row's
/// [`Requires`] over the names its arguments give.
enum Needs<'a> {
    /// Only a keyspace chosen: 1.2 asked no login for it (describe_splits).
    KeyspaceOnly,
    /// `permission` on these column families of the session's keyspace
    /// (on the keyspace itself when the list is empty).
    Tables(Permission, Vec<&'a str>),
    /// Exactly these, whatever the session's keyspace is (a schema call
    /// naming the keyspace it changes).
    Exactly(Vec<Access>),
}

impl<'a> Needs<'a> {
    /// What `row` requires of a call whose arguments name `names`: column
    /// families of the session's keyspace (`Requires::Tables`) or the
    /// keyspaces a definition names (`Requires::Named`).
    fn of(row: &Row, names: Vec<&'a str>) -> Self {
        match row.requires {
            Requires::Tables(p) => Needs::Tables(p, names),
            Requires::Named(p) => Needs::Exactly(
                names
                    .into_iter()
                    .map(|ks| Access::keyspace(p, ks))
                    .collect(),
            ),
            // `Keyspace`; the other rows do not run on the session's
            // keyspace (they check with `checked`, `logged_in` or their
            // own code).
            _ => Needs::KeyspaceOnly,
        }
    }

    fn accesses(self, ks: &str) -> Option<Vec<Access>> {
        match self {
            Needs::KeyspaceOnly => None,
            Needs::Tables(p, cfs) if cfs.is_empty() => Some(vec![Access::keyspace(p, ks)]),
            Needs::Tables(p, cfs) => {
                Some(cfs.into_iter().map(|cf| Access::table(p, ks, cf)).collect())
            }
            Needs::Exactly(all) => Some(all),
        }
    }
}

impl<'a> Handler<'a> {
    pub fn new(node: &'a Node, session: &'a mut Session) -> Self {
        Handler {
            node,
            session: RefCell::new(session),
            message: &[],
        }
    }

    /// The same handler, with the call's whole message to quote in
    /// "Required field" errors.
    pub fn quoting(mut self, message: &'a [u8]) -> Self {
        self.message = message;
        self
    }

    /// 1.2's `validateLogin`.
    pub(super) fn logged_in(&self) -> ApiResult<()> {
        access::require_login(self.node, self.session.borrow().identity.as_ref())
    }

    /// Checks `accesses` for this connection (a login first).
    pub(super) fn allowed(&self, accesses: &[Access]) -> ApiResult<()> {
        access::check_all(self.node, self.session.borrow().identity.as_ref(), accesses)
    }

    /// Runs `f` after checking the permission `row` requires
    /// (`Requires::Named`) on each of `on`, a keyspace or a column family
    /// of one: schema calls that name the keyspace they change and need no
    /// session keyspace.
    pub(super) fn checked<T>(
        &self,
        row: &Row,
        on: Vec<(&str, Option<&str>)>,
        f: impl FnOnce() -> ApiResult<T>,
    ) -> thrift::Result<T> {
        let accesses: Vec<Access> = match row.requires {
            Requires::Named(p) => on
                .into_iter()
                .map(|(ks, cf)| match cf {
                    Some(cf) => Access::table(p, ks, cf),
                    None => Access::keyspace(p, ks),
                })
                .collect(),
            _ => Vec::new(),
        };
        self.wrap(row.name(), self.allowed(&accesses).and_then(|()| f()))
    }

    /// Runs `f` with the session's keyspace after checking the consistency
    /// level is one the IDL declares, that a keyspace was chosen (1.2's
    /// `ClientState.getKeyspace`, asked first) and that the connection may
    /// do what `row` requires on `names` (the column families, or the
    /// keyspaces, its arguments name: see [`Needs::of`]).
    pub(super) fn with_ks<T>(
        &self,
        row: &Row,
        cl: Option<ConsistencyLevel>,
        names: Vec<&str>,
        f: impl FnOnce(&str) -> ApiResult<T>,
    ) -> thrift::Result<T> {
        let method = row.name();
        let needs = Needs::of(row, names);
        let r = cl
            .map_or(Ok(()), |cl| known_level(cl, "consistency_level", method))
            .and_then(|_| {
                self.session
                    .borrow()
                    .api19
                    .keyspace
                    .clone()
                    .ok_or_else(|| ApiError::invalid("no keyspace has been specified"))
            })
            .and_then(|ks| {
                // Without an authenticator every access is allowed: the
                // list (a few strings per call) is not even built.
                if !access::enforced(self.node) {
                    return Ok(ks);
                }
                match needs.accesses(&ks) {
                    Some(accesses) => self.allowed(&accesses).map(|()| ks),
                    None => Ok(ks),
                }
            })
            .and_then(|ks| call::within(|s| &mut s.level, cl.and_then(cluster_level), || f(&ks)).0);
        self.wrap(method, r)
    }

    /// Runs `run` with this connection's CQL session (made on first use,
    /// sharing the node's clock; its keyspace is the Thrift one), after a
    /// login and the check of what `needs` says the statement needs, on a
    /// backend that can reach no other keyspace.
    pub(super) fn with_cql<T>(
        &self,
        needs: impl FnOnce(&CqlSession) -> Result<Vec<Access>, CqlError>,
        run: impl FnOnce(&crate::node::cql::NodeBackend, &mut CqlSession) -> Result<T, CqlError>,
    ) -> ApiResult<T> {
        self.logged_in()?;
        let mut session = self.session.borrow_mut();
        let Session {
            identity,
            api19: state,
            ..
        } = &mut **session;
        let keyspace = state.keyspace.clone();
        let cql = state.cql.get_or_insert_with(|| {
            let mut session = CqlSession::new(self.node.cql_clock.clone());
            // system.local says the release the node answers as.
            if let Some(release) = self.node.release {
                let mut facts = session.local_facts().clone();
                facts.release_version = release.version.to_string();
                facts.thrift_version = release.thrift_api.to_string();
                facts.emulated = true;
                if let Some(cql) = release.cql3_version {
                    facts.cql_version = cql.to_string();
                }
                // The node's own row: its tokens, address and id, and the
                // highest native protocol version the release spoke (its
                // `Server.CURRENT_VERSION`, whatever the client speaks).
                facts.tokens = match self.node.vnode_tokens.is_empty() {
                    true => vec![self.node.token.clone()],
                    false => self.node.vnode_tokens.clone(),
                };
                facts.address = self.node.endpoint.parse().ok();
                facts.host_id = Some(self.node.host_id().into_bytes());
                if let Some(v) = release.highest_native() {
                    facts.native_protocol_version = v.to_string();
                }
                session.set_local_facts(facts);
                // From 2.0 a super CF was read and written through CQL3 as
                // the table `(key, column1, column2, value)` (recorded from
                // 2.0.17 to 2.2.19; 3.x's native view is the same); 1.2 had
                // no such table.
                session.set_super_view(release.at_least(2, 0));
            }
            session
        });
        if let Some(ks) = keyspace {
            cql.set_keyspace(ks);
        }
        // Without an authenticator to answer to, the statement is left to
        // the executor whole (its own errors, in its own order).
        let accesses = if access::enforced(self.node) {
            needs(cql).map_err(|e| ApiError::invalid(e.to_string()))?
        } else {
            Vec::new()
        };
        access::check_all(self.node, identity.as_ref(), &accesses)?;
        let backend =
            crate::node::cql::NodeBackend::confined(self.node, access::reach(self.node, &accesses))
                .counting_replicas();
        backend.finish(run(&backend, cql)).map_err(ApiError::from)
    }

    /// Runs one CQL3 statement (plain or prepared) and answers as 1.2:
    /// a `USE` also becomes the Thrift keyspace of the connection.
    pub(super) fn cql3(
        &self,
        method: &str,
        cl: ConsistencyLevel,
        needs: impl FnOnce(&CqlSession) -> Result<Vec<Access>, CqlError>,
        run: impl FnOnce(
            &crate::node::cql::NodeBackend,
            &mut CqlSession,
        ) -> Result<CqlOutcome, CqlError>,
    ) -> thrift::Result<t::CqlResult> {
        // A statement that failed on the release's server (1.2 to 2.0)
        // had its connection closed.
        let failed = std::cell::RefCell::new(None);
        let run = |backend: &crate::node::cql::NodeBackend, session: &mut CqlSession| {
            run(backend, session).inspect_err(|e| {
                if let CqlError::Failed(why) = e {
                    *failed.borrow_mut() = Some(why.clone());
                }
            })
        };
        let r = known_level(cl, "consistency", method)
            .and_then(|_| {
                let level = cluster_level(cl);
                call::within(|s| &mut s.level, level, || self.with_cql(needs, run)).0
            })
            .map_err(|e| match failed.borrow_mut().take() {
                Some(why) => ApiError::Dropped(why),
                None => e,
            })
            .map(|outcome| {
                if let CqlOutcome::SetKeyspace(ks) = &outcome {
                    self.session.borrow_mut().api19.keyspace = Some(ks.clone());
                }
                let mut result = cql::result(outcome);
                super::release::v3x::collections::rows(self.node.release, &mut result);
                super::release::v3x::udt_names::rows(self.node.release, &mut result);
                result
            });
        self.wrap(method, r)
    }
}

impl Handler<'_> {
    /// True when this connection's `execute_cql_query` speaks CQL 2.
    pub(super) fn speaks_cql2(&self) -> bool {
        cql2::speaks_cql2(self.session.borrow().api19.cql_version.as_deref())
    }

    /// The release's refusal of a CQL `major` call on this connection
    /// (see [`super::release::cql_version_refusal`]).
    pub(super) fn cql_version_refusal(&self, major: u32) -> Option<ApiError> {
        let session = self.session.borrow();
        super::release::cql_version_refusal(self.node, session.api19.cql_version.as_deref(), major)
    }

    /// Runs a CQL 2 `statement` for this connection (see [`cql2::run`])
    /// after a login and the check of what it needs, on a backend confined
    /// to those keyspaces.
    pub(super) fn cql2(
        &self,
        statement: &crate::cql2::ast::Statement,
        run: impl FnOnce(&mut crate::cql2::exec::Context) -> Result<crate::cql2::Cql2Result, CqlError>,
    ) -> ApiResult<t::CqlResult> {
        self.logged_in()?;
        let mut session = self.session.borrow_mut();
        let Session {
            identity,
            api19: state,
            ..
        } = &mut **session;
        let accesses = if access::enforced(self.node) {
            crate::cql2::access::requirements(state.keyspace.as_deref(), statement)
                .map_err(|e| ApiError::invalid(e.to_string()))?
        } else {
            Vec::new()
        };
        access::check_all(self.node, identity.as_ref(), &accesses)?;
        let backend =
            crate::node::cql::NodeBackend::confined(self.node, access::reach(self.node, &accesses));
        let result = cql2::run(&backend, self.node, state, run)
            .inspect_err(|e| super::release::schema::ids::failed_cql2(self.node, statement, e))?;
        release::cql2_write_outcome(self.node, statement)?;
        Ok(result)
    }
}

/// A call's level as a cluster backend takes it (`None`: the serial
/// levels, which only conditional writes use, and unknown values).
fn cluster_level(cl: ConsistencyLevel) -> Option<Consistency> {
    Some(match cl {
        ConsistencyLevel::ONE => Consistency::One,
        ConsistencyLevel::QUORUM => Consistency::Quorum,
        ConsistencyLevel::LOCAL_QUORUM => Consistency::LocalQuorum,
        ConsistencyLevel::EACH_QUORUM => Consistency::EachQuorum,
        ConsistencyLevel::ALL => Consistency::All,
        ConsistencyLevel::ANY => Consistency::Any,
        ConsistencyLevel::TWO => Consistency::Two,
        ConsistencyLevel::THREE => Consistency::Three,
        ConsistencyLevel::LOCAL_ONE => Consistency::LocalOne,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    //! Every API 19.x data call checks the keyspace it runs on, driven through
    //! the handlers directly so that the per-call checks are exercised even
    //! where the wire cannot reach them (a user without a grant cannot make the
    //! keyspace the session's: both `set_keyspace` and `login` refuse it; here
    //! the session is set up by hand as if something had let it through).

    use super::*;
    use crate::auth::{PasswordMode, SimpleAuthenticator};
    use crate::node::test_nodes::Kit;
    use crate::thrift::gen::cassandra19 as t;
    use crate::thrift::gen::cassandra19::CassandraSyncHandler;
    use crate::thrift::session::{Identity, Session};
    use std::collections::BTreeMap;
    use std::sync::Arc;

    /// A node on the conformance config with SimpleAuthenticator: alice may
    /// use CT, bob may use Blog.
    fn node(dir: &std::path::Path) -> Node {
        std::fs::write(dir.join("passwd"), "alice=secret\nbob=hunter2\n").unwrap();
        std::fs::write(dir.join("access"), "CT=alice\nBlog=bob\n").unwrap();
        let auth =
            SimpleAuthenticator::new(dir.join("passwd"), dir.join("access"), PasswordMode::Plain)
                .unwrap();
        Kit::default()
            .config("src/config/testdata/storage-conf-v19.xml")
            .auth(Arc::new(auth))
            .node()
    }

    fn unit<T>(r: thrift::Result<T>) -> thrift::Result<()> {
        r.map(|_| ())
    }

    fn ire(r: thrift::Result<impl std::fmt::Debug>) -> String {
        match r {
            Err(thrift::Error::User(e)) => e
                .downcast::<t::InvalidRequestException>()
                .map(|e| e.why)
                .unwrap_or_else(|e| panic!("not an InvalidRequestException: {e:?}")),
            other => panic!("expected an InvalidRequestException, got {other:?}"),
        }
    }

    /// Every 19.x call that runs on the session's keyspace, as `who` with the
    /// session on CT: (method, outcome).
    fn calls_on_ct(node: &Node, who: Option<&str>) -> Vec<(&'static str, thrift::Result<()>)> {
        let mut alice = Session {
            identity: Some(Identity {
                user: Some("alice".into()),
                api2_keyspace: None,
            }),
            ..Session::default()
        };
        let described = Handler::new(node, &mut alice)
            .handle_describe_keyspace("CT".into())
            .unwrap();
        let mut cf_def = described.cf_defs[0].clone();
        cf_def.name = "Fresh".into();
        let mut session = Session::default();
        session.api19.keyspace = Some("CT".into());
        session.identity = who.map(|u| Identity {
            user: Some(u.into()),
            api2_keyspace: None,
        });
        let h = Handler::new(node, &mut session);
        let cl = t::ConsistencyLevel::ONE;
        let parent = || t::ColumnParent::new("StdBytes".to_string(), None);
        let path = || t::ColumnPath::new("StdBytes".to_string(), None, b"c".to_vec());
        let all = || t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], false, 10));
        let range = || t::KeyRange::new(Vec::new(), Vec::new(), None, None, 10, None);
        let column = || t::Column::new(b"c".to_vec(), b"v".to_vec(), 1, None);
        let cosc = t::ColumnOrSuperColumn::new(column(), None, None, None);
        let mutations = BTreeMap::from([(
            b"k".to_vec(),
            BTreeMap::from([("StdBytes".to_string(), vec![t::Mutation::new(cosc, None)])]),
        )]);
        let clause = t::IndexClause::new(
            vec![t::IndexExpression::new(
                b"c".to_vec(),
                t::IndexOperator::EQ,
                b"v".to_vec(),
            )],
            Vec::new(),
            10,
        );
        let multi = t::MultiSliceRequest::new(b"k".to_vec(), parent(), None, None, None, cl);
        vec![
            ("get", unit(h.handle_get(b"k".to_vec(), path(), cl))),
            (
                "get_slice",
                unit(h.handle_get_slice(b"k".to_vec(), parent(), all(), cl)),
            ),
            (
                "get_count",
                unit(h.handle_get_count(b"k".to_vec(), parent(), all(), cl)),
            ),
            (
                "multiget_slice",
                unit(h.handle_multiget_slice(vec![b"k".to_vec()], parent(), all(), cl)),
            ),
            (
                "multiget_count",
                unit(h.handle_multiget_count(vec![b"k".to_vec()], parent(), all(), cl)),
            ),
            (
                "get_range_slices",
                unit(h.handle_get_range_slices(parent(), all(), range(), cl)),
            ),
            (
                "get_paged_slice",
                unit(h.handle_get_paged_slice("StdBytes".into(), range(), Vec::new(), cl)),
            ),
            (
                "get_indexed_slices",
                unit(h.handle_get_indexed_slices(parent(), clause, all(), cl)),
            ),
            ("get_multi_slice", unit(h.handle_get_multi_slice(multi))),
            (
                "insert",
                unit(h.handle_insert(b"k".to_vec(), parent(), column(), cl)),
            ),
            (
                "add",
                unit(h.handle_add(
                    b"k".to_vec(),
                    parent(),
                    t::CounterColumn::new(b"c".to_vec(), 1),
                    cl,
                )),
            ),
            (
                "cas",
                unit(h.handle_cas(
                    b"k".to_vec(),
                    "StdBytes".into(),
                    vec![],
                    vec![column()],
                    t::ConsistencyLevel::SERIAL,
                    cl,
                )),
            ),
            (
                "remove",
                unit(h.handle_remove(b"k".to_vec(), path(), 2, cl)),
            ),
            (
                "remove_counter",
                unit(h.handle_remove_counter(b"k".to_vec(), path(), cl)),
            ),
            (
                "batch_mutate",
                unit(h.handle_batch_mutate(mutations.clone(), cl)),
            ),
            (
                "atomic_batch_mutate",
                unit(h.handle_atomic_batch_mutate(mutations, cl)),
            ),
            ("truncate", unit(h.handle_truncate("StdBytes".into()))),
            (
                "system_add_column_family",
                unit(h.handle_system_add_column_family(cf_def)),
            ),
            (
                "system_drop_column_family",
                unit(h.handle_system_drop_column_family("StdBytes".into())),
            ),
            (
                "execute_cql3_query",
                unit(h.handle_execute_cql3_query(
                    b"SELECT * FROM \"StdBytes\"".to_vec(),
                    t::Compression::NONE,
                    cl,
                )),
            ),
        ]
    }

    #[test]
    fn every_call_on_the_session_keyspace_is_checked() {
        let dir = tempfile::tempdir().unwrap();
        let node = node(dir.path());
        for (method, outcome) in calls_on_ct(&node, None) {
            assert_eq!(ire(outcome), "You have not logged in", "{method}");
        }
        for (method, outcome) in calls_on_ct(&node, Some("bob")) {
            let why = ire(outcome);
            assert!(
                why.starts_with("User bob has no ")
                    && why.contains(" permission on <")
                    && why.contains("CT"),
                "{method}: {why}"
            );
        }
        // A user with the grant gets past the check: whatever happens then is
        // the call's own business (a counter add to a bytes CF is refused).
        for (method, outcome) in calls_on_ct(&node, Some("alice")) {
            if let Err(e) = outcome {
                let text = format!("{e:?}");
                assert!(
                    !text.contains("permission") && !text.contains("logged in"),
                    "{method}: {text}"
                );
            }
        }
    }

    #[test]
    fn describe_splits_needs_no_login_as_in_1_2() {
        let dir = tempfile::tempdir().unwrap();
        let node = node(dir.path());
        let mut session = Session::default();
        session.api19.keyspace = Some("CT".into());
        let h = Handler::new(&node, &mut session);
        let splits = h
            .handle_describe_splits_ex("StdBytes".into(), "0".into(), "0".into(), 10)
            .unwrap();
        assert_eq!(splits.len(), 1);
        assert_eq!(
            ire(h.handle_describe_keyspaces()),
            "You have not logged in",
            "1.2's validateLogin"
        );
    }
}
