//! The auth matrix: every API call of both generations and
//! representative CQL3 and CQL 2 statements, each tried against a live
//! server with SimpleAuthenticator as nobody, with a wrong password, as a
//! user without a grant for the keyspace it touches (along both routes a
//! client has to a keyspace) and as the user with the grant. Zero
//! unauthorized successes, the expected refusal for each, no trace left
//! by refused writes, and success for the granted user. Then the holes
//! the matrix cannot show cell by cell: re-login in both generations, a
//! CfDef naming another keyspace, a CQL batch reaching into one.

use crate::support::auth_matrix;
use crate::support::wire;

use auth_matrix::world::{cql3, login19, row, rows3, World};
use auth_matrix::{as06, as19, cql_rows, creds, outcome, rows06, rows19, Outcome, Report};
use auth_matrix::{Generation, OWN, TARGET};
use supercolumn::thrift::gen::cassandra06 as t06;
use supercolumn::thrift::gen::cassandra19 as t19;

#[test]
fn every_call_and_statement_for_every_identity() {
    let mut world = World::new();
    let port = world.server.port;
    let mut report = Report::default();

    let mut rows = rows19::rows(&mut world);
    rows.extend(cql_rows::cql3_rows());
    rows.extend(cql_rows::cql2_rows());
    rows.extend(cql_rows::prepared_rows(&world));
    let admin = &mut world.admin;
    auth_matrix::run(&mut report, Generation::Api19, rows, admin, |who, r| {
        as19(port, who, r)
    });
    let v19_cells = report.cells;
    auth_matrix::run(
        &mut report,
        Generation::Api2,
        rows06::rows(),
        admin,
        |who, r| as06(port, who, r),
    );
    eprintln!(
        "auth matrix: {} rows, {} cells ({} API 19.x and CQL, {} API 0.6); {} unauthorized successes, {} other mismatches",
        report.rows,
        report.cells,
        v19_cells,
        report.cells - v19_cells,
        report.unauthorized_successes.len(),
        report.mismatches.len()
    );
    report.assert_clean();
    assert!(
        report.cells >= 5 * 90,
        "the matrix shrank: {} cells",
        report.cells
    );
    // What alice's reads saw is still there (reads change nothing).
    assert_eq!(row(admin, "U", "secret").len(), 1);
}

fn why(o: Outcome) -> String {
    match o {
        Outcome::Exception { why, .. } => why,
        other => panic!("expected a declared exception, got {other:?}"),
    }
}

#[test]
fn a_new_login_replaces_the_previous_identity_in_both_generations() {
    use t06::TCassandraSyncClient as _;
    use t19::TCassandraSyncClient as _;
    let world = World::new();
    let port = world.server.port;

    // API 0.6: login(mtx, alice) then login(mtx_bob, bob) leaves bob
    // without alice's mtx.
    let mut c = wire::connect(port, false);
    let path = || t06::ColumnPath::new("U".to_string(), None, b"c".to_vec());
    let get = |c: &mut wire::Client| {
        outcome(c.get(
            TARGET.into(),
            "secret".into(),
            path(),
            t06::ConsistencyLevel::ONE,
        ))
    };
    let login06 = |c: &mut wire::Client, ks: &str, user: &str, pw: &str| {
        outcome(c.login(ks.into(), t06::AuthenticationRequest::new(creds(user, pw))))
    };
    assert_eq!(login06(&mut c, TARGET, "alice", "secret"), Outcome::Ok);
    assert_eq!(get(&mut c), Outcome::Ok);
    assert_eq!(login06(&mut c, OWN, "bob", "hunter2"), Outcome::Ok);
    assert_eq!(
        why(get(&mut c)),
        format!("Login is required before any other API calls on keyspace {TARGET}")
    );
    // A failed login leaves nobody logged in, not the previous user.
    assert_eq!(login06(&mut c, TARGET, "alice", "secret"), Outcome::Ok);
    assert!(matches!(
        login06(&mut c, TARGET, "alice", "wrong"),
        Outcome::Exception {
            kind: "AuthenticationException",
            ..
        }
    ));
    assert_eq!(
        why(get(&mut c)),
        "Login is required before any other API calls"
    );

    // API 19.x: alice then bob; bob does not inherit alice's grant.
    let mut c = login19(port, "alice", "secret");
    assert_eq!(rows3(&mut c, "SELECT * FROM mtx.t3 WHERE k = 'victim3'"), 1);
    let relogin = |c: &mut wire::Client19, user: &str, pw: &str| {
        outcome(c.login(t19::AuthenticationRequest::new(creds(user, pw))))
    };
    assert_eq!(relogin(&mut c, "bob", "hunter2"), Outcome::Ok);
    let select = |c: &mut wire::Client19| {
        outcome(c.execute_cql3_query(
            b"SELECT * FROM mtx.t3 WHERE k = 'victim3'".to_vec(),
            t19::Compression::NONE,
            t19::ConsistencyLevel::ONE,
        ))
    };
    assert_eq!(
        why(select(&mut c)),
        "User bob has no SELECT permission on <table mtx.t3> or any of its parents"
    );
    // With the target as the session keyspace, bob's login is refused and
    // leaves the connection logged out, not logged in as alice.
    assert_eq!(relogin(&mut c, "alice", "secret"), Outcome::Ok);
    assert_eq!(outcome(c.set_keyspace(TARGET.into())), Outcome::Ok);
    assert_eq!(
        why(relogin(&mut c, "bob", "hunter2")),
        format!("User bob could not be authorized to use keyspace {TARGET}")
    );
    assert_eq!(why(select(&mut c)), "You have not logged in");
    let get = outcome(c.get(
        b"secret".to_vec(),
        t19::ColumnPath::new("U".to_string(), None, b"c".to_vec()),
        t19::ConsistencyLevel::ONE,
    ));
    assert_eq!(why(get), "You have not logged in");
    // A failed 19.x login logs the connection out too.
    let mut c = login19(port, "alice", "secret");
    c.set_keyspace(TARGET.into()).unwrap();
    let login = outcome(c.login(t19::AuthenticationRequest::new(creds("alice", "wrong"))));
    assert!(matches!(
        login,
        Outcome::Exception {
            kind: "AuthenticationException",
            ..
        }
    ));
    assert_eq!(why(select(&mut c)), "You have not logged in");
}

#[test]
fn changes_are_checked_against_the_keyspace_they_touch() {
    use t19::TCassandraSyncClient as _;
    let mut world = World::new();
    let port = world.server.port;
    // Bob, in his own keyspace, adds a column family whose CfDef names
    // the target: the target is what is checked.
    let mut bob = login19(port, "bob", "hunter2");
    bob.set_keyspace(OWN.into()).unwrap();
    let mut def = auth_matrix::world::cf(&mut world.admin, TARGET, "Trunc").unwrap();
    def.name = "Sneaky".into();
    def.id = None;
    assert_eq!(
        why(outcome(bob.system_add_column_family(def.clone()))),
        format!("User bob has no CREATE permission on <keyspace {TARGET}> or any of its parents")
    );
    assert!(auth_matrix::world::cf(&mut world.admin, TARGET, "Sneaky").is_none());
    // The same CfDef aimed at his own keyspace is his to add.
    def.keyspace = OWN.into();
    bob.system_add_column_family(def).unwrap();

    // A CQL3 batch with one member in his keyspace and one in the target
    // is refused whole: nothing is written in his own either.
    let batch = "BEGIN BATCH INSERT INTO mtx_bob.b3 (k, v) VALUES ('mixed', 'x'); \
                 INSERT INTO mtx.t3 (k, v) VALUES ('mixed', 'x'); APPLY BATCH";
    let o = outcome(bob.execute_cql3_query(
        batch.as_bytes().to_vec(),
        t19::Compression::NONE,
        t19::ConsistencyLevel::ONE,
    ));
    assert_eq!(
        why(o),
        "User bob has no MODIFY permission on <table mtx.t3> or any of its parents"
    );
    assert_eq!(
        rows3(&mut bob, "SELECT * FROM mtx_bob.b3 WHERE k = 'mixed'"),
        0
    );
    assert_eq!(
        rows3(&mut world.admin, "SELECT * FROM mtx.t3 WHERE k = 'mixed'"),
        0
    );
    // His own keyspace is his: the same statements there succeed.
    cql3(
        &mut bob,
        "INSERT INTO mtx_bob.b3 (k, v) VALUES ('mine', 'x')",
    );
    assert_eq!(
        rows3(&mut bob, "SELECT * FROM mtx_bob.b3 WHERE k = 'mine'"),
        1
    );
    // Keyspace-wide changes: the keyspace named is the one checked.
    assert_eq!(
        why(outcome(bob.system_drop_keyspace(TARGET.into()))),
        format!("User bob has no DROP permission on <keyspace {TARGET}> or any of its parents")
    );
    assert_eq!(
        why(outcome(bob.execute_cql3_query(
            b"DROP KEYSPACE mtx".to_vec(),
            t19::Compression::NONE,
            t19::ConsistencyLevel::ONE,
        ))),
        format!("User bob has no DROP permission on <keyspace {TARGET}> or any of its parents")
    );
    assert!(auth_matrix::world::keyspace_exists(
        &mut world.admin,
        TARGET
    ));
}
