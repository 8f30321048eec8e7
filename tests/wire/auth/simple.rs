//! SimpleAuthenticator over the wire: data calls need a login, login checks
//! the password and the keyspace's access list, with 0.6's messages; a
//! login opens only the keyspace it named, replaces the previous login, and
//! a failed one logs the connection out. Over 19.x, `login` names no
//! keyspace: it checks the password, and each keyspace is checked on use.
//! (Every call of both generations: `tests/wire/auth/matrix.rs`.)

use crate::support::wire;

use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06::{
    AuthenticationException, AuthenticationRequest, AuthorizationException, ColumnParent,
    ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{conformance_config, connect19, ire, ire19, timestamp, Server};

fn creds(user: &str, password: &str) -> AuthenticationRequest {
    AuthenticationRequest::new(BTreeMap::from([
        ("username".to_string(), user.to_string()),
        ("password".to_string(), password.to_string()),
    ]))
}

fn user_error<T: std::fmt::Debug, E: std::error::Error + 'static>(r: thrift::Result<T>) -> Box<E> {
    match r {
        Err(thrift::Error::User(e)) => e
            .downcast::<E>()
            .unwrap_or_else(|e| panic!("unexpected exception {e:?}")),
        other => panic!("expected a declared exception, got {other:?}"),
    }
}

/// A server on the conformance config with SimpleAuthenticator: alice may
/// use CT, bob may use Blog.
fn simple_server(dir: &std::path::Path) -> Server {
    let passwd = dir.join("passwd.properties");
    let access = dir.join("access.properties");
    std::fs::write(&passwd, "alice=secret\nbob=hunter2\n").unwrap();
    std::fs::write(&access, "CT=alice\nBlog=bob\n").unwrap();
    let base = std::fs::read_to_string(conformance_config("storage-conf.xml")).unwrap();
    let auth = format!(
        "<Authenticator PasswdProperties=\"{}\" AccessProperties=\"{}\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>",
        passwd.display(),
        access.display()
    );
    let conf = dir.join("storage-conf.xml");
    std::fs::write(
        &conf,
        base.replace(
            "<Authenticator>org.apache.cassandra.auth.AllowAllAuthenticator</Authenticator>",
            &auth,
        ),
    )
    .unwrap();
    Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"])
}

#[test]
fn simple_authenticator_requires_and_checks_login() {
    let dir = tempfile::tempdir().unwrap();
    let server = simple_server(dir.path());

    for framed in [false, true] {
        let mut c = server.client(framed);
        let path = ColumnPath::new("StdBytes".to_string(), None, b"c".to_vec());
        let insert = |c: &mut wire::Client| {
            c.insert(
                "CT".into(),
                "auth/k".into(),
                path.clone(),
                b"v".to_vec(),
                timestamp(),
                CL::ONE,
            )
        };
        assert_eq!(
            ire(insert(&mut c)),
            "Login is required before any other API calls"
        );
        // Meta calls need no login.
        assert_eq!(c.describe_version().unwrap(), "2.2.0");
        let e: Box<AuthenticationException> =
            user_error(c.login("CT".into(), creds("alice", "wrong")));
        assert_eq!(
            e.why,
            "Given password in password mode PLAIN could not be validated for user alice"
        );
        let e: Box<AuthorizationException> =
            user_error(c.login("CT".into(), creds("bob", "hunter2")));
        assert_eq!(e.why, "User bob could not be authorized to use keyspace CT");
        assert_eq!(
            ire(insert(&mut c)),
            "Login is required before any other API calls"
        );
        c.login("CT".into(), creds("alice", "secret")).unwrap();
        insert(&mut c).unwrap();
        assert_eq!(
            c.get("CT".into(), "auth/k".into(), path.clone(), CL::ONE)
                .unwrap()
                .column
                .unwrap()
                .value,
            b"v"
        );
        // A login opens only the keyspace it named: alice may not use Blog,
        // and logging in to Blog as her is refused by access.properties.
        let blog_path = ColumnParent::new("Authors".to_string(), None);
        let everything = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 10));
        let blog_read = |c: &mut wire::Client| {
            c.get_slice(
                "Blog".into(),
                "auth/k".into(),
                blog_path.clone(),
                everything.clone(),
                CL::ONE,
            )
        };
        assert_eq!(
            ire(blog_read(&mut c)),
            "Login is required before any other API calls on keyspace Blog"
        );
        let e: Box<AuthorizationException> =
            user_error(c.login("Blog".into(), creds("alice", "secret")));
        assert_eq!(
            e.why,
            "User alice could not be authorized to use keyspace Blog"
        );
        // The failed login logged the connection out: alice's CT is closed.
        assert_eq!(
            ire(insert(&mut c)),
            "Login is required before any other API calls"
        );
        // A new login replaces the previous one: bob in Blog, and alice's
        // CT stays closed.
        c.login("CT".into(), creds("alice", "secret")).unwrap();
        c.login("Blog".into(), creds("bob", "hunter2")).unwrap();
        blog_read(&mut c).unwrap();
        assert_eq!(
            ire(insert(&mut c)),
            "Login is required before any other API calls on keyspace CT"
        );
        c.login("CT".into(), creds("alice", "secret")).unwrap();
        insert(&mut c).unwrap();
        // The login belongs to the connection.
        let mut other = server.client(framed);
        assert_eq!(
            ire(other.get("CT".into(), "auth/k".into(), path, CL::ONE)),
            "Login is required before any other API calls"
        );
    }
}

#[test]
fn api_19_login_authenticates_and_keyspaces_are_checked_on_use() {
    use supercolumn::thrift::gen::cassandra19 as t19;
    use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient as _;
    let dir = tempfile::tempdir().unwrap();
    let server = simple_server(dir.path());
    let creds19 = |user: &str, password: &str| {
        t19::AuthenticationRequest::new(creds(user, password).credentials)
    };
    let parent = || t19::ColumnParent::new("StdBytes".to_string(), None);
    let column = || t19::Column {
        name: b"c".to_vec(),
        value: Some(b"v".to_vec()),
        timestamp: Some(timestamp()),
        ttl: None,
    };

    let mut c = connect19(server.port);
    c.set_keyspace("CT".into()).unwrap();
    assert_eq!(
        ire19(c.insert(
            b"k".to_vec(),
            parent(),
            column(),
            t19::ConsistencyLevel::ONE
        )),
        "You have not logged in"
    );
    let wrong = user_error::<_, t19::AuthenticationException>(c.login(creds19("alice", "nope")));
    assert_eq!(
        wrong.why,
        "Given password in password mode PLAIN could not be validated for user alice"
    );
    // Logged in with no keyspace set: only the password is checked.
    let mut fresh = connect19(server.port);
    fresh.login(creds19("alice", "secret")).unwrap();
    fresh.set_keyspace("CT".into()).unwrap();
    fresh
        .insert(
            b"k".to_vec(),
            parent(),
            column(),
            t19::ConsistencyLevel::ONE,
        )
        .unwrap();
    // Once logged in, a keyspace must be granted to become the session's;
    // a refusal leaves the session where it was.
    assert_eq!(
        ire19(fresh.set_keyspace("Blog".into())),
        "User alice could not be authorized to use keyspace Blog"
    );
    assert_eq!(
        ire19(fresh.set_keyspace("NoSuchKS".into())),
        "Keyspace 'NoSuchKS' does not exist"
    );
    fresh
        .insert(
            b"k".to_vec(),
            parent(),
            column(),
            t19::ConsistencyLevel::ONE,
        )
        .unwrap();
    // Before a login any name is kept (1.2 did, for clients that call
    // set_keyspace first); login then checks it at once.
    c.set_keyspace("Blog".into()).unwrap();
    let barred = user_error::<_, t19::AuthorizationException>(c.login(creds19("alice", "secret")));
    assert_eq!(
        barred.why,
        "User alice could not be authorized to use keyspace Blog"
    );
    c.login(creds19("bob", "hunter2")).unwrap();
    c.insert(
        b"k".to_vec(),
        t19::ColumnParent::new("Authors".to_string(), None),
        column(),
        t19::ConsistencyLevel::ONE,
    )
    .unwrap();
}
