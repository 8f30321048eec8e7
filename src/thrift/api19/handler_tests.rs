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
