//! End-to-end behaviour of the CQL mapping beyond the recorded scenarios:
//! batches, bind markers (including collections), DISTINCT, IN with ORDER
//! BY, COUNT, token ranges, TTL expiry, ALLOW FILTERING, ALTER TABLE.
//! Runs on the in-test store of `support::cql`.

use crate::support::cql;

use cql::{Outcome, Session};
use supercolumn::cql::types::serialize_collection;
use supercolumn::marshal::bytes_to_hex;

fn session(setup: &[&str]) -> Session {
    let mut s = Session::new(1_795_289_800_000_000);
    for cql in ["CREATE KEYSPACE ks WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}", "USE ks"].iter().chain(setup) {
        s.execute(cql).unwrap_or_else(|e| panic!("{cql}: {e}"));
    }
    s
}

/// Result rows as hex strings ("null" for nulls).
fn rows(s: &mut Session, cql: &str) -> Vec<Vec<String>> {
    rows_with(s, cql, &[])
}

fn rows_with(s: &mut Session, cql: &str, binds: &[Option<Vec<u8>>]) -> Vec<Vec<String>> {
    match s
        .execute_with(cql, binds)
        .unwrap_or_else(|e| panic!("{cql}: {e}"))
    {
        Outcome::Rows(rs) => rs
            .rows
            .iter()
            .map(|r| {
                r.iter()
                    .map(|v| {
                        v.as_deref()
                            .map(bytes_to_hex)
                            .unwrap_or_else(|| "null".into())
                    })
                    .collect()
            })
            .collect(),
        Outcome::Void => panic!("{cql}: no rows"),
    }
}

fn int(v: i32) -> String {
    bytes_to_hex(&v.to_be_bytes())
}

fn err(s: &mut Session, cql: &str) -> String {
    match s.execute(cql) {
        Err(e) => e.to_string(),
        Ok(_) => panic!("{cql} succeeded"),
    }
}

#[test]
fn batch_applies_every_statement_at_one_timestamp() {
    let mut s = session(&[
        "CREATE TABLE t (k int, c int, v int, PRIMARY KEY (k, c))",
        "CREATE TABLE u (k int PRIMARY KEY, v int)",
    ]);
    s.execute("BEGIN BATCH INSERT INTO t (k, c, v) VALUES (1, 1, 10); INSERT INTO u (k, v) VALUES (1, 5); UPDATE t SET v = 11 WHERE k = 1 AND c = 2; DELETE FROM t WHERE k = 1 AND c = 1 APPLY BATCH")
        .unwrap();
    let batch_ts = s.clock_micros;
    // The delete shares the insert's timestamp, and a tombstone wins a tie.
    assert_eq!(
        rows(&mut s, "SELECT c, v FROM t WHERE k = 1"),
        vec![vec![int(2), int(11)]]
    );
    assert_eq!(
        rows(&mut s, "SELECT v, writetime(v) FROM u"),
        vec![vec![int(5), bytes_to_hex(&batch_ts.to_be_bytes())]]
    );
    assert_eq!(
        err(
            &mut s,
            "BEGIN BATCH USING TTL 5 INSERT INTO u (k, v) VALUES (2, 2) APPLY BATCH"
        ),
        "Global TTL on the BATCH statement is not supported."
    );
}

#[test]
fn bind_markers_for_keys_values_collections_limit_and_in() {
    let mut s =
        session(&["CREATE TABLE c (k int PRIMARY KEY, l list<int>, m map<text, int>, n int)"]);
    // `LIMIT ?` is 2.0's grammar (1.2.9's took a number).
    s.grammar_20 = true;
    let l = serialize_collection(&[&1i32.to_be_bytes(), &2i32.to_be_bytes()], 2);
    let m = serialize_collection(&[b"a", &7i32.to_be_bytes()], 1);
    s.execute_with(
        "INSERT INTO c (k, l, m, n) VALUES (?, ?, ?, ?)",
        &[
            Some(1i32.to_be_bytes().to_vec()),
            Some(l.clone()),
            Some(m.clone()),
            None,
        ],
    )
    .unwrap();
    s.execute("INSERT INTO c (k, n) VALUES (2, 20)").unwrap();
    let got = rows_with(
        &mut s,
        "SELECT k, l, m, n FROM c WHERE k IN ? LIMIT ?",
        &[
            Some(serialize_collection(
                &[&1i32.to_be_bytes(), &2i32.to_be_bytes()],
                2,
            )),
            Some(1i32.to_be_bytes().to_vec()),
        ],
    );
    assert_eq!(
        got,
        vec![vec![
            int(1),
            bytes_to_hex(&l),
            bytes_to_hex(&m),
            "null".into()
        ]]
    );
    assert!(s.execute_with("SELECT * FROM c WHERE k = ?", &[]).is_err());
    assert!(
        s.execute_with(
            "INSERT INTO c (k, n) VALUES (?, ?)",
            &[Some(vec![1, 2, 3]), Some(vec![0; 4])]
        )
        .is_err(),
        "a 3-byte int must be rejected"
    );
}

#[test]
fn distinct_count_and_in_with_order_by() {
    let mut s = session(&["CREATE TABLE t (k int, c int, v text, PRIMARY KEY (k, c))"]);
    for (k, c) in [(1, 3), (1, 1), (2, 2), (2, 4)] {
        s.execute(&format!("INSERT INTO t (k, c, v) VALUES ({k}, {c}, 'x')"))
            .unwrap();
    }
    assert_eq!(rows(&mut s, "SELECT DISTINCT k FROM t").len(), 2);
    assert_eq!(
        err(&mut s, "SELECT DISTINCT k, c FROM t"),
        "SELECT DISTINCT queries must only request partition key columns and/or static columns (not c)"
    );
    assert_eq!(
        rows(&mut s, "SELECT COUNT(*) FROM t WHERE k = 1"),
        vec![vec![bytes_to_hex(&2i64.to_be_bytes())]]
    );
    let cs: Vec<String> = rows(&mut s, "SELECT c FROM t WHERE k IN (1, 2) ORDER BY c DESC")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(cs, [int(4), int(3), int(2), int(1)]);
    let cs: Vec<String> = rows(&mut s, "SELECT c FROM t WHERE k = 1 AND c IN (3, 1, 9)")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(cs, [int(1), int(3)]);
}

#[test]
fn token_ranges_page_through_partitions() {
    let mut s = session(&["CREATE TABLE t (k int PRIMARY KEY, v int)"]);
    for k in 0..10 {
        s.execute(&format!("INSERT INTO t (k, v) VALUES ({k}, {k})"))
            .unwrap();
    }
    let all: Vec<String> = rows(&mut s, "SELECT k FROM t")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    let mut paged = Vec::new();
    let mut last: Option<String> = None;
    loop {
        let q = match &last {
            None => "SELECT k FROM t LIMIT 3".to_string(),
            Some(k) => format!(
                "SELECT k FROM t WHERE token(k) > token({}) LIMIT 3",
                i32::from_str_radix(k, 16).unwrap()
            ),
        };
        let page: Vec<String> = rows(&mut s, &q).into_iter().map(|r| r[0].clone()).collect();
        if page.is_empty() {
            break;
        }
        last = page.last().cloned();
        paged.extend(page);
    }
    assert_eq!(paged, all);
}

#[test]
fn ttl_expiry_removes_values_and_rows() {
    let mut s = session(&["CREATE TABLE t (k int, c int, v int, w int, PRIMARY KEY (k, c))"]);
    s.execute("INSERT INTO t (k, c, v) VALUES (1, 1, 1) USING TTL 10")
        .unwrap();
    s.execute("UPDATE t USING TTL 100 SET w = 2 WHERE k = 1 AND c = 2")
        .unwrap();
    assert_eq!(
        rows(&mut s, "SELECT c, ttl(v) FROM t WHERE k = 1"),
        vec![vec![int(1), int(10)], vec![int(2), "null".into()]]
    );
    s.clock_micros += 20_000_000;
    assert_eq!(
        rows(&mut s, "SELECT c, w FROM t WHERE k = 1"),
        vec![vec![int(2), int(2)]]
    );
    s.clock_micros += 200_000_000;
    assert!(rows(&mut s, "SELECT * FROM t").is_empty());
}

#[test]
fn filtering_rules() {
    let mut s = session(&[
        "CREATE TABLE t (k int, c int, v int, w int, PRIMARY KEY (k, c))",
        "CREATE INDEX ON t (v)",
    ]);
    for (k, c, v, w) in [(1, 1, 5, 1), (1, 2, 5, 2), (2, 1, 6, 1)] {
        s.execute(&format!(
            "INSERT INTO t (k, c, v, w) VALUES ({k}, {c}, {v}, {w})"
        ))
        .unwrap();
    }
    assert_eq!(rows(&mut s, "SELECT k, c FROM t WHERE v = 5").len(), 2);
    assert!(err(&mut s, "SELECT k FROM t WHERE v = 5 AND w = 2")
        .starts_with("Cannot execute this query"));
    assert_eq!(
        rows(
            &mut s,
            "SELECT k, c FROM t WHERE v = 5 AND w = 2 ALLOW FILTERING"
        ),
        vec![vec![int(1), int(2)]]
    );
    assert_eq!(
        rows(&mut s, "SELECT k, c FROM t WHERE c = 1 ALLOW FILTERING").len(),
        2
    );
    assert_eq!(
        err(&mut s, "SELECT k FROM t WHERE w = 1"),
        "No indexed columns present in by-columns clause with Equal operator"
    );
}

#[test]
fn compact_dense_slices_and_deletes() {
    let mut s = session(&["CREATE TABLE d (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE AND CLUSTERING ORDER BY (c DESC)"]);
    for c in 1..=5 {
        s.execute(&format!(
            "INSERT INTO d (k, c, v) VALUES ('a', {c}, 'v{c}')"
        ))
        .unwrap();
    }
    let cs: Vec<String> = rows(&mut s, "SELECT c FROM d WHERE k = 'a' AND c > 1 AND c <= 4")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(cs, [int(4), int(3), int(2)]);
    s.execute("DELETE FROM d WHERE k = 'a' AND c = 3").unwrap();
    let cs: Vec<String> = rows(&mut s, "SELECT c FROM d WHERE k = 'a' ORDER BY c ASC")
        .into_iter()
        .map(|r| r[0].clone())
        .collect();
    assert_eq!(cs, [int(1), int(2), int(4), int(5)]);
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    const PARTS: &[&str] = &[
        "k", "c", "v", "l", "m", "s", "1", "2", "-1", "0", "'a'", "null", "[1, 2]", "{'x': 1}",
        "{'a'}", "[]", "{}", "l[0]", "l[5]", "m['x']", "?", "now()", "0x01", "1.5",
    ];

    fn part() -> impl Strategy<Value = &'static str> {
        proptest::sample::select(PARTS)
    }

    proptest! {
        /// Random, mostly ill-typed statements: errors are fine, panics are not.
        #[test]
        fn random_statements(a in part(), b in part(), c in part(), d in part(), e in part(), kind in 0..7usize) {
            let mut s = session(&["CREATE TABLE t (k int, c int, v text, l list<int>, m map<text, int>, s set<text>, PRIMARY KEY (k, c))"]);
            s.execute("INSERT INTO t (k, c, l) VALUES (1, 1, [1, 2, 3])").unwrap();
            let q = match kind {
                0 => format!("INSERT INTO t (k, c, {a}) VALUES ({b}, {c}, {d})"),
                1 => format!("UPDATE t SET {a} = {b} WHERE k = {c} AND c = {d}"),
                2 => format!("UPDATE t SET {a} = {a} + {b}, {c} = {d} - {c} WHERE k IN ({e}) AND c = 1"),
                3 => format!("DELETE {a} FROM t WHERE k = {b} AND c = {c}"),
                4 => format!("SELECT {a}, ttl({b}) FROM t WHERE k = {c} AND c > {d} ORDER BY c DESC LIMIT {e}"),
                5 => format!("SELECT * FROM t WHERE {a} = {b} AND {c} IN ({d}, {e}) ALLOW FILTERING"),
                _ => format!("UPDATE t SET {a}[{b}] = {c} WHERE k = 1 AND c = {d}"),
            };
            let _ = s.execute(&q);
            let _ = s.execute("SELECT * FROM t");
        }
    }
}
