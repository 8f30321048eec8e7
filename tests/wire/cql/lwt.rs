//! CQL3 lightweight transactions over Thrift 19.x against the real binary,
//! as Cassandra 2.0 answered them on one node: `INSERT ... IF NOT EXISTS`,
//! `UPDATE`/`DELETE ... IF`, their `[applied]` rows and refusals,
//! conditional batches (all or nothing, one partition), and concurrent
//! writers where exactly the applied statements take effect.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::{
    Compression, ConsistencyLevel as CL, TCassandraSyncClient,
};
use wire::{connect19, cql3 as cql, ire19, lwt_setup as setup, v19_server, Client19};

/// `[applied]` plus the other columns of the one row a conditional
/// statement answers with, as (name, value) pairs; checks the metadata.
fn cas_row(c: &mut Client19, query: &str) -> Vec<(String, Option<Vec<u8>>)> {
    let r = cql(c, query);
    assert_eq!(
        r.type_,
        supercolumn::thrift::gen::cassandra19::CqlResultType::ROWS
    );
    let schema = r.schema.unwrap();
    assert_eq!(
        schema
            .value_types
            .get(b"[applied]".as_slice())
            .map(String::as_str),
        Some("org.apache.cassandra.db.marshal.BooleanType")
    );
    let mut rows = r.rows.unwrap();
    assert_eq!(rows.len(), 1, "{query}");
    rows.remove(0)
        .columns
        .into_iter()
        .map(|c| (String::from_utf8(c.name).unwrap(), c.value))
        .collect()
}

fn applied(row: &[(String, Option<Vec<u8>>)]) -> bool {
    assert_eq!(row[0].0, "[applied]");
    row[0].1.as_deref() == Some(&[1][..])
}

#[test]
fn cql3_conditional_statements_answer_with_applied() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    cql(&mut c, "USE lwt");
    cql(
        &mut c,
        "CREATE TABLE users (id text PRIMARY KEY, name text, age int)",
    );

    let r = cas_row(
        &mut c,
        "INSERT INTO users (id, name, age) VALUES ('a', 'ann', 30) IF NOT EXISTS",
    );
    assert_eq!(r.len(), 1);
    assert!(applied(&r));
    // Not applied: the whole row as it is.
    let r = cas_row(
        &mut c,
        "INSERT INTO users (id, name) VALUES ('a', 'bob') IF NOT EXISTS",
    );
    assert!(!applied(&r));
    let names: Vec<&str> = r.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["[applied]", "id", "age", "name"]);
    assert_eq!(r[3].1.as_deref(), Some(&b"ann"[..]));

    // UPDATE ... IF: the conditioned columns come back when not applied.
    let r = cas_row(
        &mut c,
        "UPDATE users SET age = 31 WHERE id = 'a' IF name = 'bob'",
    );
    assert!(!applied(&r));
    assert_eq!(r[1], ("name".to_string(), Some(b"ann".to_vec())));
    assert_eq!(r.len(), 2);
    let r = cas_row(
        &mut c,
        "UPDATE users SET age = 31 WHERE id = 'a' IF name = 'ann' AND age = 30",
    );
    assert!(applied(&r) && r.len() == 1);
    // A missing row never satisfies a column condition, and reports nothing.
    let r = cas_row(
        &mut c,
        "UPDATE users SET age = 1 WHERE id = 'zz' IF name = null",
    );
    assert!(!applied(&r) && r.len() == 1);
    // Markers in the condition are bound like the others (text order).
    let p = c
        .prepare_cql3_query(
            b"UPDATE users SET age = ? WHERE id = ? IF name = ?".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(p.count, 3);
    for (name, want) in [("bob", false), ("ann", true)] {
        let r = c
            .execute_prepared_cql3_query(
                p.item_id,
                vec![31i32.to_be_bytes().to_vec(), b"a".to_vec(), name.into()],
                CL::ONE,
            )
            .unwrap();
        let first = &r.rows.unwrap()[0].columns[0];
        assert_eq!(first.value.as_deref(), Some(&[want as u8][..]), "{name}");
    }
    let r = cas_row(&mut c, "UPDATE users SET age = 32 WHERE id = 'a' IF EXISTS");
    assert!(applied(&r));
    // DELETE ... IF.
    let r = cas_row(&mut c, "DELETE FROM users WHERE id = 'a' IF age = 1");
    assert!(!applied(&r));
    assert_eq!(
        r[1],
        ("age".to_string(), Some(32i32.to_be_bytes().to_vec()))
    );
    assert!(applied(&cas_row(
        &mut c,
        "DELETE FROM users WHERE id = 'a' IF age = 32"
    )));
    assert!(!applied(&cas_row(
        &mut c,
        "DELETE FROM users WHERE id = 'a' IF EXISTS"
    )));
    assert!(applied(&cas_row(
        &mut c,
        "INSERT INTO users (id) VALUES ('a') IF NOT EXISTS"
    )));

    // Refusals.
    let err = |c: &mut Client19, q: &str| {
        ire19(c.execute_cql3_query(q.as_bytes().to_vec(), Compression::NONE, CL::ONE))
    };
    assert_eq!(
        err(
            &mut c,
            "UPDATE counts SET n = n + 1 WHERE k = 'a' IF EXISTS"
        ),
        "Conditional updates are not supported on counter tables"
    );
    assert_eq!(
        err(
            &mut c,
            "INSERT INTO users (id) VALUES ('b') IF NOT EXISTS USING TIMESTAMP 5"
        ),
        "Cannot provide custom timestamp for conditional updates"
    );
    assert_eq!(
        err(
            &mut c,
            "UPDATE users SET age = 1 WHERE id = 'a' IF id = 'a'"
        ),
        // 2.0 to 2.2's words (`rel_fcts22`).
        "PRIMARY KEY column 'id' cannot have IF conditions"
    );
    assert_eq!(
        err(
            &mut c,
            "UPDATE users SET age = 1 WHERE id = 'a' IF nope = 1"
        ),
        "Unknown identifier nope"
    );
    assert_eq!(
        err(
            &mut c,
            "UPDATE users SET age = 1 WHERE id IN ('a', 'b') IF age = 1"
        ),
        "IN on the partition key is not supported with conditional updates"
    );
}

#[test]
fn concurrent_insert_if_not_exists_has_one_winner() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    cql(
        &mut c,
        "CREATE TABLE lwt.seats (id int PRIMARY KEY, owner text)",
    );
    let port = srv.port;
    for seat in 0..5 {
        let winners: usize = std::thread::scope(|s| {
            let handles: Vec<_> = (0..6)
                .map(|t| {
                    s.spawn(move || {
                        let mut c = connect19(port);
                        let q = format!(
                            "INSERT INTO lwt.seats (id, owner) VALUES ({seat}, 't{t}') IF NOT EXISTS"
                        );
                        usize::from(applied(&cas_row(&mut c, &q)))
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        assert_eq!(winners, 1, "seat {seat}");
    }
}

/// All the rows of a reply, each as (name, value) pairs.
fn cas_rows(c: &mut Client19, query: &str) -> Vec<Vec<(String, Option<Vec<u8>>)>> {
    cql(c, query)
        .rows
        .unwrap()
        .into_iter()
        .map(|r| {
            r.columns
                .into_iter()
                .map(|c| (String::from_utf8(c.name).unwrap(), c.value))
                .collect()
        })
        .collect()
}

fn int(v: i32) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

fn text(v: &str) -> Option<Vec<u8>> {
    Some(v.as_bytes().to_vec())
}

#[test]
fn conditional_batches_apply_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    cql(&mut c, "USE lwt");
    cql(
        &mut c,
        "CREATE TABLE acct (k text, c int, v text, n int, PRIMARY KEY (k, c))",
    );

    // INSERT IF NOT EXISTS with a plain write: applied, both written.
    let r = cas_rows(
        &mut c,
        "BEGIN BATCH INSERT INTO acct (k, c, v, n) VALUES ('a', 1, 'x', 10) IF NOT EXISTS; \
         INSERT INTO acct (k, c, v, n) VALUES ('a', 2, 'y', 20); APPLY BATCH",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0].len(), 1);
    assert!(applied(&r[0]));

    // Mixed INSERT IF NOT EXISTS + UPDATE IF, one fails: nothing written;
    // the reply is every column of each row a condition touched.
    let r = cas_rows(
        &mut c,
        "BEGIN BATCH INSERT INTO acct (k, c, v) VALUES ('a', 3, 'z') IF NOT EXISTS; \
         UPDATE acct SET n = 11 WHERE k = 'a' AND c = 2 IF n = 10; APPLY BATCH",
    );
    assert_eq!(r.len(), 1, "row 3 does not exist, row 2 does");
    let names: Vec<&str> = r[0].iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["[applied]", "k", "c", "n", "v"]);
    assert!(!applied(&r[0]));
    assert_eq!(r[0][2].1, int(2));
    assert_eq!(r[0][3].1, int(20));
    let sel = cas_rows(&mut c, "SELECT c, n FROM acct WHERE k = 'a'");
    assert_eq!(sel.len(), 2, "the INSERT of row 3 was not applied");
    assert_eq!(sel[1][1].1, int(20));

    // Column conditions only: keys, then the conditioned columns, for
    // every touched row in clustering order.
    let r = cas_rows(
        &mut c,
        "BEGIN BATCH UPDATE acct SET n = 0 WHERE k = 'a' AND c = 2 IF v = 'y'; \
         UPDATE acct SET n = 0 WHERE k = 'a' AND c = 1 IF n = 99 AND v = 'x'; APPLY BATCH",
    );
    assert_eq!(r.len(), 2);
    let names: Vec<&str> = r[0].iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["[applied]", "k", "c", "v", "n"]);
    assert!(!applied(&r[0]) && !applied(&r[1]));
    assert_eq!((r[0][2].1.clone(), r[0][4].1.clone()), (int(1), int(10)));
    assert_eq!((r[1][2].1.clone(), r[1][3].1.clone()), (int(2), text("y")));

    // All hold: every write applied, with a DELETE in the same batch.
    let r = cas_rows(
        &mut c,
        "BEGIN BATCH UPDATE acct SET n = 5 WHERE k = 'a' AND c = 2 IF v = 'y'; \
         UPDATE acct SET v = 'w' WHERE k = 'a' AND c = 1 IF n = 10 AND v = 'x'; \
         DELETE FROM acct WHERE k = 'a' AND c = 7; APPLY BATCH",
    );
    assert!(r.len() == 1 && applied(&r[0]));
    let sel = cas_rows(&mut c, "SELECT c, n, v FROM acct WHERE k = 'a'");
    assert_eq!(sel[0][2].1, text("w"));
    assert_eq!(sel[1][1].1, int(5));

    // Not applied and no row touched exists: `[applied]` alone.
    let r = cas_rows(
        &mut c,
        "BEGIN BATCH UPDATE acct SET n = 1 WHERE k = 'b' AND c = 1 IF EXISTS; APPLY BATCH",
    );
    assert!(r.len() == 1 && r[0].len() == 1 && !applied(&r[0]));

    // Prepared, markers numbered across the statements.
    let p = c
        .prepare_cql3_query(
            b"BEGIN BATCH UPDATE acct SET n = ? WHERE k = ? AND c = 1 IF v = ?; \
              INSERT INTO acct (k, c, v) VALUES (?, 9, 'p'); APPLY BATCH"
                .to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(p.count, 4);
    for (v, want) in [("nope", false), ("w", true)] {
        let r = c
            .execute_prepared_cql3_query(
                p.item_id,
                vec![int(77).unwrap(), b"a".to_vec(), v.into(), b"a".to_vec()],
                CL::ONE,
            )
            .unwrap();
        let first = &r.rows.unwrap()[0].columns[0];
        assert_eq!(first.value.as_deref(), Some(&[want as u8][..]), "{v}");
    }
    let sel = cas_rows(&mut c, "SELECT c, n FROM acct WHERE k = 'a'");
    assert_eq!(sel.len(), 3);
    assert_eq!(sel[0][1].1, int(77));

    // Refusals, with 2.0's words; nothing is written.
    let err = |c: &mut Client19, q: &str| {
        ire19(c.execute_cql3_query(q.as_bytes().to_vec(), Compression::NONE, CL::ONE))
    };
    cql(&mut c, "CREATE TABLE other (k text PRIMARY KEY, v text)");
    let cases = [
        (
            "BEGIN BATCH UPDATE acct SET n = 1 WHERE k = 'a' AND c = 1 IF EXISTS; \
             UPDATE acct SET n = 1 WHERE k = 'z' AND c = 1; APPLY BATCH",
            "Batch with conditions cannot span multiple partitions",
        ),
        (
            "BEGIN BATCH UPDATE acct SET n = 1 WHERE k IN ('a', 'z') AND c = 1 IF EXISTS; APPLY BATCH",
            "Batch with conditions cannot span multiple partitions (you cannot use IN on the partition key)",
        ),
        (
            "BEGIN BATCH UPDATE acct SET n = 1 WHERE k = 'a' AND c = 1 IF EXISTS; \
             INSERT INTO other (k, v) VALUES ('a', 'v'); APPLY BATCH",
            "Batch with conditions cannot span multiple tables",
        ),
        (
            "BEGIN BATCH USING TIMESTAMP 5 UPDATE acct SET n = 1 WHERE k = 'a' AND c = 1 IF EXISTS; APPLY BATCH",
            "Cannot provide custom timestamp for conditional BATCH",
        ),
        (
            "BEGIN BATCH INSERT INTO acct (k, c) VALUES ('a', 1) IF NOT EXISTS; \
             UPDATE acct SET n = 1 WHERE k = 'a' AND c = 1 IF n = 1; APPLY BATCH",
            "Cannot mix IF conditions and IF NOT EXISTS for the same row",
        ),
        (
            "BEGIN BATCH INSERT INTO acct (k, c) VALUES ('a', 1) IF NOT EXISTS; \
             DELETE FROM acct WHERE k = 'a' AND c = 1 IF EXISTS; APPLY BATCH",
            "Cannot mix IF EXISTS and IF NOT EXISTS conditions for the same row",
        ),
        (
            "BEGIN COUNTER BATCH UPDATE counts SET n = n + 1 WHERE k = 'a' IF EXISTS; APPLY BATCH",
            "Conditional updates are not supported on counter tables",
        ),
    ];
    for (q, want) in cases {
        assert_eq!(err(&mut c, q), want, "{q}");
    }
    let sel = cas_rows(&mut c, "SELECT c, n FROM acct WHERE k = 'a'");
    assert_eq!(sel[0][1].1, int(77), "no refused batch wrote");
    assert!(cas_rows(&mut c, "SELECT * FROM acct WHERE k = 'z'").is_empty());
}

#[test]
fn concurrent_conditional_batches_move_each_unit_once() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    cql(
        &mut c,
        "CREATE TABLE lwt.pool (k text, c int, n int, PRIMARY KEY (k, c))",
    );
    cql(
        &mut c,
        "BEGIN BATCH INSERT INTO lwt.pool (k, c, n) VALUES ('p', 0, 10); \
         INSERT INTO lwt.pool (k, c, n) VALUES ('p', 1, 0); APPLY BATCH",
    );
    let port = srv.port;
    // Each thread moves one unit from row 0 to row 1, conditioned on both
    // values it read: the sum stays 10 and row 1 counts the successes.
    let moved: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(move || {
                    let mut c = connect19(port);
                    let mut done = 0;
                    for _ in 0..8 {
                        let r = cas_rows(&mut c, "SELECT c, n FROM lwt.pool WHERE k = 'p'");
                        let get = |i: usize| {
                            i32::from_be_bytes(r[i][1].1.clone().unwrap().try_into().unwrap())
                        };
                        let (a, b) = (get(0), get(1));
                        if a == 0 {
                            break;
                        }
                        let q = format!(
                            "BEGIN BATCH UPDATE lwt.pool SET n = {} WHERE k = 'p' AND c = 0 IF n = {a}; \
                             UPDATE lwt.pool SET n = {} WHERE k = 'p' AND c = 1 IF n = {b}; APPLY BATCH",
                            a - 1,
                            b + 1
                        );
                        done += usize::from(applied(&cas_rows(&mut c, &q)[0]));
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    let r = cas_rows(&mut c, "SELECT c, n FROM lwt.pool WHERE k = 'p'");
    let get = |i: usize| i32::from_be_bytes(r[i][1].1.clone().unwrap().try_into().unwrap());
    assert!(moved > 0);
    assert_eq!(get(0) + get(1), 10, "no unit lost or made");
    assert_eq!(get(1) as usize, moved, "exactly the applied batches moved");
}
