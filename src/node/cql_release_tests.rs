//! CQL 3 statements run as one release or another answered them: the
//! rules a release's `Behaviour` decides inside the executor (a counter
//! table's index, 2.0 to 2.2's conditional DELETE keys, 2.1/2.2's DROP TYPE of a
//! type used in a tuple, 2.2's keyspace-qualified functions).

use super::NodeBackend;
use crate::cql::exec::{self, CqlOutcome, CqlSession, LocalFacts};
use crate::cql::Grammar;
use crate::node::Node;
use crate::storage::EngineOptions;

fn node() -> Node {
    crate::node::test_nodes::node(EngineOptions::default())
}

/// Runs `q` as `release` answered it, in the keyspace `rk` once it exists.
fn run(node: &Node, release: &str, grammar: Grammar, q: &str) -> Result<CqlOutcome, String> {
    let backend = NodeBackend::new(node);
    let mut s = CqlSession::new(node.cql_clock.clone());
    s.set_grammar(grammar);
    s.set_local_facts(LocalFacts {
        emulated: true,
        ..LocalFacts::claiming(release)
    });
    if node.schema().keyspace("rk").is_some() {
        s.set_keyspace("rk".into());
    }
    backend
        .finish(exec::execute(&backend, &mut s, q))
        .map_err(|e| match e {
            crate::node::NodeError::Invalid(why) => why,
            other => other.to_string(),
        })
}

fn with_keyspace(release: &str, grammar: Grammar) -> impl Fn(&str) -> Result<CqlOutcome, String> {
    let node = node();
    let ks = "CREATE KEYSPACE rk WITH replication = {'class': 'SimpleStrategy', \
              'replication_factor': 1}";
    run(&node, release, grammar, ks).unwrap();
    let release = release.to_string();
    move |q| run(&node, &release, grammar, q)
}

#[test]
fn an_index_on_a_counter_table_is_refused_from_1_2_11() {
    const REFUSED: &str = "Secondary indexes are not supported on counter tables";
    for (release, grammar, refused) in [
        ("1.2.9", Grammar::Cql12, false),
        ("1.2.19", Grammar::Cql12Paren, true),
        ("2.0.17", Grammar::WithStatics, true),
        ("2.2.19", Grammar::Cql33, true),
    ] {
        let q = with_keyspace(release, grammar);
        q("CREATE TABLE likes (k text PRIMARY KEY, n counter)").unwrap();
        let got = q("CREATE INDEX ON likes (n)");
        match refused {
            true => assert_eq!(got.unwrap_err(), REFUSED, "{release}"),
            false => assert!(got.is_ok(), "{release}: {got:?}"),
        }
        // Before the column is looked up.
        if refused {
            assert_eq!(q("CREATE INDEX ON likes (nosuch)").unwrap_err(), REFUSED);
        }
    }
}

#[test]
fn a_conditional_delete_of_2_0_names_its_whole_primary_key() {
    let table = "CREATE TABLE l (a text, s int, b int static, v int, PRIMARY KEY (a, s))";
    let q = with_keyspace("2.0.17", Grammar::WithStatics);
    q(table).unwrap();
    q("INSERT INTO l (a, b) VALUES ('x', 1)").unwrap();
    assert_eq!(
        q("DELETE b FROM l WHERE a = 'x' IF b = 1").unwrap_err(),
        "DELETE statements must restrict all PRIMARY KEY columns with equality relations in \
         order to use IF conditions, but column 's' is not restricted"
    );
    // (An IN on `s` is refused as 2.0's words say: `rel_conddeletekeys`.)
    // 2.1 let a delete of statics alone name the partition only.
    let q = with_keyspace("2.1.22", Grammar::Cql32);
    q(table).unwrap();
    q("INSERT INTO l (a, b) VALUES ('x', 1)").unwrap();
    assert!(q("DELETE b FROM l WHERE a = 'x' IF b = 1").is_ok());
    assert_eq!(
        q("DELETE FROM l WHERE a = 'x' IF EXISTS").unwrap_err(),
        "DELETE statements must restrict all PRIMARY KEY columns with equality relations in \
         order to use IF conditions, but column 's' is not restricted"
    );
    assert_eq!(
        q("DELETE v FROM l WHERE a = 'x' IF b = 1").unwrap_err(),
        "Primary key column 's' must be specified in order to delete column 'v'"
    );
    assert_eq!(
        q("DELETE FROM l WHERE a = 'x' IF b = 1").unwrap_err(),
        "DELETE statements must restrict all PARTITION KEY columns with equality relations in \
         order to use IF conditions on static columns, but column 's' is not restricted"
    );
}

#[test]
fn drop_type_of_2_1_and_2_2_overlooks_a_tuple() {
    for (release, grammar, dropped) in [
        ("2.1.22", Grammar::Cql32, true),
        ("2.2.19", Grammar::Cql33, true),
        ("3.0.24", Grammar::Cql33, false),
    ] {
        let q = with_keyspace(release, grammar);
        q("CREATE TYPE addr (city text)").unwrap();
        q("CREATE TABLE t (k int PRIMARY KEY, d tuple<text, frozen<addr>>)").unwrap();
        let got = q("DROP TYPE addr");
        match dropped {
            true => assert!(got.is_ok(), "{release}: {got:?}"),
            false => assert_eq!(
                got.unwrap_err(),
                "Cannot drop user type rk.addr as it is still used by table rk.t"
            ),
        }
        // A type used outside a tuple is seen by all.
        q("CREATE TYPE other (n int)").unwrap();
        q("CREATE TABLE u (k int PRIMARY KEY, o frozen<other>)").unwrap();
        assert!(q("DROP TYPE other").is_err(), "{release}");
    }
}

#[test]
fn a_2_2_selector_may_name_a_system_function_by_its_keyspace() {
    let q = with_keyspace("2.2.19", Grammar::Cql33);
    q("CREATE TABLE c (k text, n int, v int, PRIMARY KEY (k, n))").unwrap();
    q("INSERT INTO c (k, n, v) VALUES ('a', 1, 4)").unwrap();
    q("INSERT INTO c (k, n, v) VALUES ('a', 2, 9)").unwrap();
    let Ok(CqlOutcome::Rows(rs)) = q("SELECT system.max(v), max(v) FROM c WHERE k = 'a'") else {
        panic!("no rows");
    };
    let names: Vec<&str> = rs.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["system.max(v)", "system.max(v)"]);
    assert_eq!(rs.rows[0][0].as_deref(), Some(&9i32.to_be_bytes()[..]));
}
