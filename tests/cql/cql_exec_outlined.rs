//! A CQL3 `BATCH` run as an outline (`cql::parse_outlined`: its statements
//! mapped one at a time as the text is parsed again, never all held) must
//! answer exactly as the same batch parsed whole (`cql::parse`, the path
//! prepared statements take): the same error, in the same order, and the
//! same data written, or nothing at all when any statement is refused.

use crate::support::cql_exec;

use cql_exec::{rows, EngineBackend, Node};
use supercolumn::cql::exec::{self, CqlOutcome};
use supercolumn::cql::{parse, parse_outlined, CqlError};

const SETUP: &[&str] = &[
    "CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    "USE ks",
    "CREATE TABLE t (k text, c int, v text, l list<int>, PRIMARY KEY (k, c))",
    "CREATE TABLE u (k text PRIMARY KEY, v int)",
    "CREATE TABLE n (k text PRIMARY KEY, hits counter)",
    "INSERT INTO t (k, c, v, l) VALUES ('a', 1, 'x', [1, 2, 3])",
];

/// Batches: applied ones, and ones refused at each check a batch has.
const BATCHES: &[&str] = &[
    "BEGIN BATCH INSERT INTO t (k, c, v) VALUES ('a', 2, 'y'); \
     UPDATE u SET v = 3 WHERE k = 'a'; INSERT INTO t (k, c, v) VALUES ('a', 3, 'z'); \
     DELETE FROM u WHERE k = 'b' APPLY BATCH",
    "BEGIN UNLOGGED BATCH USING TIMESTAMP 5 INSERT INTO u (k, v) VALUES ('b', 1) \
     INSERT INTO u (k, v) VALUES ('b', 2) UPDATE t SET l[1] = 9 WHERE k = 'a' AND c = 1 \
     APPLY BATCH",
    "BEGIN BATCH UPDATE t SET l = l + [4] WHERE k = 'a' AND c = 1; \
     UPDATE t SET l[0] = 7 WHERE k = 'a' AND c = 1 APPLY BATCH",
    "BEGIN COUNTER BATCH UPDATE n SET hits = hits + 2 WHERE k = 'h'; \
     UPDATE n SET hits = hits + 3 WHERE k = 'h' APPLY BATCH",
    // Refused: the first statement is fine, a later one is not.
    "BEGIN BATCH INSERT INTO u (k, v) VALUES ('c', 1); \
     INSERT INTO u (k, nope) VALUES ('c', 2) APPLY BATCH",
    "BEGIN BATCH INSERT INTO u (k, v) VALUES ('d', 1); UPDATE nowhere SET v = 1 WHERE k = 'd' \
     APPLY BATCH",
    "BEGIN BATCH INSERT INTO u (k, v) VALUES ('e', 1); \
     UPDATE n SET hits = hits + 1 WHERE k = 'e' APPLY BATCH",
    "BEGIN COUNTER BATCH UPDATE n SET hits = hits + 1 WHERE k = 'f'; \
     INSERT INTO u (k, v) VALUES ('f', 1) APPLY BATCH",
    "BEGIN BATCH USING TIMESTAMP 3 INSERT INTO u (k, v) VALUES ('g', 1); \
     INSERT INTO u (k, v) VALUES ('g', 2) USING TIMESTAMP 4 APPLY BATCH",
    "BEGIN BATCH USING TTL 3 INSERT INTO u (k, v) VALUES ('g', 1) APPLY BATCH",
    // An unknown table after a statement that fails its mapping: the
    // tables are checked first, as 1.2.9 did.
    "BEGIN BATCH INSERT INTO u (k, v) VALUES ('i', 'not an int'); \
     INSERT INTO other.u (k, v) VALUES ('i', 1) APPLY BATCH",
    "BEGIN BATCH INSERT INTO u (k, v) VALUES ('j', 'not an int'); \
     UPDATE t SET l[9] = 1 WHERE k = 'a' AND c = 1 APPLY BATCH",
    "BEGIN BATCH UPDATE t SET l[9] = 1 WHERE k = 'a' AND c = 1; \
     INSERT INTO u (k, v) VALUES ('j', 1) APPLY BATCH",
];

fn node() -> Node {
    let mut n = Node::new(EngineBackend::in_memory());
    n.run_all(SETUP);
    n
}

fn whole(n: &mut Node, cql: &str) -> Result<CqlOutcome, CqlError> {
    let parsed = parse(cql)?;
    exec::execute_parsed(&n.backend, &mut n.session, &parsed)
}

fn everything(n: &mut Node) -> Vec<Vec<Vec<String>>> {
    ["SELECT * FROM t", "SELECT * FROM u", "SELECT * FROM n"]
        .iter()
        .map(|q| rows(n, q))
        .collect()
}

#[test]
fn an_outlined_batch_answers_and_writes_as_the_whole_batch() {
    let mut outlined = node();
    let mut kept = node();
    let mut refused = 0;
    for b in BATCHES {
        let parsed = parse_outlined(b).unwrap();
        let supercolumn::cql::ast::Statement::Batch(batch) = &parsed.statement else {
            panic!("{b}: not a batch");
        };
        assert!(
            batch.statements.is_empty() && batch.outline.is_some(),
            "{b}"
        );
        let got = outlined.execute(b);
        let want = whole(&mut kept, b);
        assert_eq!(got, want, "{b}");
        refused += usize::from(got.is_err());
        assert_eq!(
            everything(&mut outlined),
            everything(&mut kept),
            "after {b}"
        );
    }
    assert_eq!(refused, 9, "every refusal above is one");
    // A refused batch wrote nothing of its statements that were fine.
    let u = rows(&mut outlined, "SELECT k FROM u");
    for k in ["c", "d", "e", "f", "g", "i", "j"] {
        assert!(!u.iter().any(|r| r[0] == k), "{k} in {u:?}");
    }
    // The counters were added once each (a counter renders as its long's bytes).
    assert_eq!(
        rows(&mut outlined, "SELECT hits FROM n"),
        [["0000000000000005"]]
    );
}

#[test]
fn a_conditional_batch_is_kept_whole() {
    let parsed = parse_outlined(
        "BEGIN BATCH INSERT INTO u (k, v) VALUES ('a', 1) IF NOT EXISTS APPLY BATCH",
    )
    .unwrap();
    let supercolumn::cql::ast::Statement::Batch(batch) = parsed.statement else {
        panic!("not a batch");
    };
    assert_eq!(batch.statements.len(), 1);
    assert!(batch.outline.is_none());
}
