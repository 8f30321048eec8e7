//! Representative CQL3 and CQL 2 statements, each a row: reads, writes,
//! a conditional write, batches, TRUNCATE, USE, keyspace and table DDL,
//! CREATE INDEX, and the prepare / execute-prepared calls of both
//! dialects (alice's prepared ids run by the others).

use super::world::{cf, cql3, keyspace_exists, row, rows3, World};
use super::{outcome, Policy, Probe, Row, TARGET};
use crate::support::wire::Client19;
use supercolumn::thrift::gen::cassandra19::{self as t, TCassandraSyncClient};

fn r(
    name: impl Into<String>,
    policy: Policy,
    run: impl Fn(&mut Client19) -> super::Outcome + 'static,
) -> Row<Client19> {
    Row::new(name, policy, run)
}

fn run3(q: &'static str) -> impl Fn(&mut Client19) -> super::Outcome {
    move |c| {
        outcome(c.execute_cql3_query(
            q.as_bytes().to_vec(),
            t::Compression::NONE,
            t::ConsistencyLevel::ONE,
        ))
    }
}

fn run2(q: &'static str) -> impl Fn(&mut Client19) -> super::Outcome {
    move |c| outcome(c.execute_cql_query(q.as_bytes().to_vec(), t::Compression::NONE))
}

/// A CQL3 row of `mtx.t3`, by key.
fn t3_has(key: &'static str) -> impl Fn(&mut Client19) -> bool {
    move |a| rows3(a, &format!("SELECT * FROM mtx.t3 WHERE k = '{key}'")) == 1
}

fn t3_lacks(key: &'static str) -> impl Fn(&mut Client19) -> bool {
    move |a| rows3(a, &format!("SELECT * FROM mtx.t3 WHERE k = '{key}'")) == 0
}

/// Whether the CQL3 table `mtx.<name>` exists (such tables are hidden
/// from Thrift's describe, as in 1.2).
fn table3(a: &mut Client19, name: &str) -> bool {
    let q = format!(
        "SELECT columnfamily_name FROM system.schema_columnfamilies WHERE keyspace_name = 'mtx' AND columnfamily_name = '{name}'"
    );
    rows3(a, &q) == 1
}

fn column_of(a: &mut Client19, table: &str, column: &str) -> bool {
    let q = format!("SELECT {column} FROM mtx.{table}");
    a.execute_cql3_query(
        q.into_bytes(),
        t::Compression::NONE,
        t::ConsistencyLevel::ONE,
    )
    .is_ok()
}

pub fn cql3_rows() -> Vec<Row<Client19>> {
    let g = Policy::Guarded;
    let name = |q: &str| format!("execute_cql3_query: {q}");
    let mut rows = Vec::new();
    let mut add = |q: &'static str, probe: Probe| {
        let mut r = r(name(q), g, run3(q));
        r.untouched = probe;
        rows.push(r);
    };
    add("SELECT * FROM mtx.t3 WHERE k = 'victim3'", None);
    add("SELECT COUNT(*) FROM mtx.t3", None);
    add("SELECT * FROM t3 WHERE k = 'victim3'", None);
    add(
        "INSERT INTO t3 (k, v) VALUES ('w3unq', 'x')",
        Some(Box::new(t3_lacks("w3unq"))),
    );
    add(
        "INSERT INTO mtx.t3 (k, v) VALUES ('w3ins', 'x')",
        Some(Box::new(t3_lacks("w3ins"))),
    );
    add(
        "UPDATE mtx.t3 SET v = 'x' WHERE k = 'w3upd'",
        Some(Box::new(t3_lacks("w3upd"))),
    );
    add(
        "DELETE FROM mtx.t3 WHERE k = 'victim3'",
        Some(Box::new(t3_has("victim3"))),
    );
    add(
        "UPDATE mtx.t3 SET v = 'lwt' WHERE k = 'victim3lwt' IF v = 'orig'",
        Some(Box::new(|a: &mut Client19| {
            let r = cql3(a, "SELECT v FROM mtx.t3 WHERE k = 'victim3lwt'");
            let value = r
                .rows
                .unwrap_or_default()
                .pop()
                .map(|row| row.columns[0].value.clone());
            value == Some(Some(b"orig".to_vec()))
        })),
    );
    add(
        "BEGIN BATCH INSERT INTO mtx.t3 (k, v) VALUES ('w3batch', 'x'); DELETE FROM mtx.t3 WHERE k = 'victim3b'; APPLY BATCH",
        Some(Box::new(|a: &mut Client19| t3_lacks("w3batch")(a) && t3_has("victim3b")(a))),
    );
    add(
        "TRUNCATE mtx.trunc3",
        Some(Box::new(|a: &mut Client19| {
            rows3(a, "SELECT * FROM mtx.trunc3") == 1
        })),
    );
    add("USE mtx", None);
    add(
        "CREATE KEYSPACE fresh3 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        Some(Box::new(|a: &mut Client19| !keyspace_exists(a, "fresh3"))),
    );
    add(
        "ALTER KEYSPACE altks3 WITH durable_writes = false",
        Some(Box::new(|a: &mut Client19| {
            a.describe_keyspace("altks3".into()).unwrap().durable_writes != Some(false)
        })),
    );
    add(
        "DROP KEYSPACE doomed3",
        Some(Box::new(|a: &mut Client19| keyspace_exists(a, "doomed3"))),
    );
    add(
        "CREATE TABLE mtx.new3 (k text PRIMARY KEY, v text)",
        Some(Box::new(|a: &mut Client19| !table3(a, "new3"))),
    );
    add(
        "ALTER TABLE mtx.alt3 ADD w text",
        Some(Box::new(|a: &mut Client19| !column_of(a, "alt3", "w"))),
    );
    add(
        "DROP TABLE mtx.drop3",
        Some(Box::new(|a: &mut Client19| table3(a, "drop3"))),
    );
    add(
        "CREATE INDEX ON mtx.idx3 (v)",
        Some(Box::new(|a: &mut Client19| {
            let q = "SELECT index_type FROM system.schema_columns WHERE keyspace_name = 'mtx' AND columnfamily_name = 'idx3'";
            let r = cql3(a, q);
            r.rows
                .unwrap_or_default()
                .iter()
                .all(|row| row.columns[0].value.is_none())
        })),
    );
    rows
}

pub fn cql2_rows() -> Vec<Row<Client19>> {
    let g = Policy::Guarded;
    let name = |q: &str| format!("execute_cql_query (CQL 2): {q}");
    let mut rows = Vec::new();
    let mut add = |q: &'static str, probe: Probe| {
        let mut r = r(name(q), g, run2(q));
        r.untouched = probe;
        rows.push(r);
    };
    let absent = |cf: &'static str, k: &'static str| -> Probe {
        Some(Box::new(move |a: &mut Client19| row(a, cf, k).is_empty()))
    };
    let present = |cf: &'static str, k: &'static str| -> Probe {
        Some(Box::new(move |a: &mut Client19| !row(a, cf, k).is_empty()))
    };
    let no_cf = |name: &'static str| -> Probe {
        Some(Box::new(move |a: &mut Client19| {
            cf(a, TARGET, name).is_none()
        }))
    };
    add("SELECT * FROM mtx.U WHERE KEY = 'secret'", None);
    add("SELECT * FROM U WHERE KEY = 'secret'", None);
    add(
        "INSERT INTO mtx.U (KEY, c) VALUES ('w2ins', 'x')",
        absent("U", "w2ins"),
    );
    add(
        "UPDATE mtx.U SET c = 'x' WHERE KEY = 'w2upd'",
        absent("U", "w2upd"),
    );
    add(
        "DELETE c FROM mtx.U WHERE KEY = 'victim2'",
        present("U", "victim2"),
    );
    add(
        "BEGIN BATCH INSERT INTO mtx.U (KEY, c) VALUES ('w2batch', 'x') DELETE FROM mtx.U WHERE KEY = 'victim2b' APPLY BATCH",
        Some(Box::new(|a: &mut Client19| {
            row(a, "U", "w2batch").is_empty() && !row(a, "U", "victim2b").is_empty()
        })),
    );
    add("TRUNCATE mtx.Trunc2", present("Trunc2", "k"));
    add("USE mtx", None);
    add(
        "CREATE KEYSPACE fresh2 WITH strategy_class = SimpleStrategy AND strategy_options:replication_factor = 1",
        Some(Box::new(|a: &mut Client19| !keyspace_exists(a, "fresh2"))),
    );
    add(
        "DROP KEYSPACE doomed2b",
        Some(Box::new(|a: &mut Client19| keyspace_exists(a, "doomed2b"))),
    );
    add(
        "CREATE COLUMNFAMILY New2 (KEY text PRIMARY KEY)",
        no_cf("New2"),
    );
    add(
        "ALTER COLUMNFAMILY Alt2 ADD d text",
        Some(Box::new(|a: &mut Client19| {
            let def = cf(a, TARGET, "Alt2").unwrap();
            def.column_metadata
                .unwrap_or_default()
                .iter()
                .all(|c| c.name != b"d")
        })),
    );
    add(
        "DROP COLUMNFAMILY Drop2",
        Some(Box::new(|a: &mut Client19| {
            cf(a, TARGET, "Drop2").is_some()
        })),
    );
    add(
        "CREATE INDEX ON Idx2 (c)",
        Some(Box::new(|a: &mut Client19| {
            let def = cf(a, TARGET, "Idx2").unwrap();
            def.column_metadata
                .unwrap_or_default()
                .iter()
                .all(|c| c.index_type.is_none())
        })),
    );
    add(
        "DROP INDEX idx2b_c",
        Some(Box::new(|a: &mut Client19| {
            let def = cf(a, TARGET, "Idx2b").unwrap();
            def.column_metadata
                .unwrap_or_default()
                .iter()
                .any(|c| c.index_type.is_some())
        })),
    );
    rows
}

pub fn prepared_rows(world: &World) -> Vec<Row<Client19>> {
    let p = &world.prepared;
    let (select3, insert3) = (p.select3, p.insert3);
    // A CQL 2 statement runs on the connection that prepared it.
    let prepared2 = |c: &mut Client19, q: &[u8], values: Vec<Vec<u8>>| {
        let id = c
            .prepare_cql_query(q.to_vec(), t::Compression::NONE)?
            .item_id;
        c.execute_prepared_cql_query(id, values)
    };
    let none = t::Compression::NONE;
    let one = t::ConsistencyLevel::ONE;
    vec![
        r(
            "prepare_cql3_query: SELECT * FROM mtx.t3 WHERE k = ?",
            Policy::Guarded,
            move |c| {
                outcome(c.prepare_cql3_query(b"SELECT * FROM mtx.t3 WHERE k = ?".to_vec(), none))
            },
        ),
        // CQL 2 statements are only parsed when prepared: a login is enough.
        r(
            "prepare_cql_query (CQL 2): SELECT * FROM mtx.U WHERE KEY = ?",
            Policy::LoginOnly,
            move |c| {
                outcome(c.prepare_cql_query(b"SELECT * FROM mtx.U WHERE KEY = ?".to_vec(), none))
            },
        ),
        r(
            "execute_prepared_cql3_query: alice's SELECT",
            Policy::Guarded,
            move |c| {
                outcome(c.execute_prepared_cql3_query(select3, vec![b"victim3".to_vec()], one))
            },
        ),
        r(
            "execute_prepared_cql3_query: alice's INSERT",
            Policy::Guarded,
            move |c| {
                let values = vec![b"w3prep".to_vec(), b"x".to_vec()];
                outcome(c.execute_prepared_cql3_query(insert3, values, one))
            },
        )
        .untouched(t3_lacks("w3prep")),
        r(
            "execute_prepared_cql_query (CQL 2): an UPDATE it prepared",
            Policy::Guarded,
            move |c| {
                let values = vec![b"x".to_vec(), b"w2prep".to_vec()];
                outcome(prepared2(
                    c,
                    b"UPDATE mtx.U SET c = ? WHERE KEY = ?",
                    values,
                ))
            },
        )
        .untouched(|a| row(a, "U", "w2prep").is_empty()),
        r(
            "execute_prepared_cql_query (CQL 2): a SELECT it prepared",
            Policy::Guarded,
            move |c| {
                let values = vec![b"secret".to_vec()];
                outcome(prepared2(c, b"SELECT * FROM mtx.U WHERE KEY = ?", values))
            },
        ),
    ]
}
