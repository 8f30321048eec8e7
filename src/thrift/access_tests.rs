//! Logins replace identities, checks follow the grants, and a confined CQL
//! backend reaches no other keyspace (the 19.x calls' own checks are
//! `api19::handler`'s tests).

use super::*;
use crate::auth::{PasswordMode, SimpleAuthenticator};
use crate::node::test_nodes::Kit;
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

fn user(name: &str) -> AuthenticatedUser {
    AuthenticatedUser {
        username: Some(name.into()),
    }
}

fn why(e: ApiError) -> String {
    match e {
        ApiError::InvalidRequest(why) => why,
        other => panic!("expected an invalid request, got {other:?}"),
    }
}

#[test]
fn a_login_replaces_the_identity_and_a_failed_one_clears_it() {
    let mut s = Session::default();
    login(&mut s, Some("CT"), Ok(user("alice"))).unwrap();
    assert_eq!(
        s.identity,
        Some(Identity {
            user: Some("alice".into()),
            api2_keyspace: Some("CT".into()),
        })
    );
    login(&mut s, None, Ok(user("bob"))).unwrap();
    assert_eq!(s.identity.as_ref().unwrap().user.as_deref(), Some("bob"));
    assert_eq!(s.identity.as_ref().unwrap().api2_keyspace, None);
    let failed = login(
        &mut s,
        Some("Blog"),
        Err(AuthError::Authentication("no".into())),
    );
    assert_eq!(failed, Err(ApiError::Authentication("no".into())));
    assert_eq!(s.identity, None);
}

#[test]
fn checks_follow_the_grants_with_1_2s_words() {
    let dir = tempfile::tempdir().unwrap();
    let node = node(dir.path());
    let select = |ks: &str| Access::table(crate::auth::access::Permission::Select, ks, "T");
    assert_eq!(
        why(check(&node, None, &select("CT")).unwrap_err()),
        "You have not logged in"
    );
    assert_eq!(
        why(require_login(&node, None).unwrap_err()),
        "You have not logged in"
    );
    let alice = Identity {
        user: Some("alice".into()),
        api2_keyspace: None,
    };
    check(&node, Some(&alice), &select("CT")).unwrap();
    assert_eq!(
        why(check(&node, Some(&alice), &select("Blog")).unwrap_err()),
        "User alice has no SELECT permission on <table Blog.T> or any of its parents"
    );
    // The schema tables 1.2 let everyone read need only a login.
    let schema_table = Access::table(
        crate::auth::access::Permission::Select,
        "system",
        "schema_keyspaces",
    );
    check(&node, Some(&alice), &schema_table).unwrap();
    assert!(check(&node, None, &schema_table).is_err());
    // Grants are read on every check: a revoked one is gone at once.
    std::fs::write(dir.path().join("access"), "Blog=bob\n").unwrap();
    assert!(check(&node, Some(&alice), &select("CT")).is_err());
    // Unreadable grants: nobody may, and it is an internal error.
    std::fs::remove_file(dir.path().join("access")).unwrap();
    assert!(matches!(
        check(&node, Some(&alice), &select("CT")),
        Err(ApiError::Internal(_))
    ));
    assert_eq!(
        reach(&node, &[select("CT"), select("CT"), select("x")]),
        Some(["CT".to_string(), "x".to_string()].into())
    );
}

#[test]
fn a_confined_cql_backend_reaches_no_other_keyspace() {
    use crate::cql::exec::CqlBackend;
    use crate::model::RowMutation;
    let dir = tempfile::tempdir().unwrap();
    let node = node(dir.path());
    let backend = crate::node::cql::NodeBackend::confined(&node, Some(["CT".to_string()].into()));
    let write = |ks: &str| RowMutation {
        keyspace: ks.into(),
        key: b"k".to_vec(),
        updates: vec![],
    };
    backend.apply(&[write("CT")]).unwrap();
    let refused = backend.apply(&[write("CT"), write("Blog")]);
    assert!(matches!(
        backend.finish(refused).map_err(ApiError::from),
        Err(ApiError::Internal(why)) if why.contains("keyspace Blog")
    ));
    let outside = |r: Result<(), crate::cql::CqlError>| matches!(backend.finish(r).map_err(ApiError::from), Err(ApiError::Internal(why)) if why.contains("did not cover"));
    assert!(outside(backend.truncate("Blog", "Authors")));
    let drop = crate::schema::SchemaChange::DropKeyspace("Blog".into());
    assert!(outside(backend.change_schema(drop)));
    assert!(node.schema().keyspace("Blog").is_some());
    // Unconfined (nothing enforced): every keyspace.
    crate::node::cql::NodeBackend::confined(&node, None)
        .apply(&[write("Blog")])
        .unwrap();
}
