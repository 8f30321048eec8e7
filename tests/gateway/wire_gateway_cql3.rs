//! CQL3 tables through the gateway: a backend supercolumn serves the native
//! protocol, a gateway (`serve --backend cassandra://`) in front of it, and
//! a plain embedded supercolumn beside them as the reference. The same CQL3
//! statements (compound partition and clustering keys, a descending
//! clustering order, sets, lists, maps, TTLs, timestamps, deletions of
//! cells, elements, rows and partitions, counters) run on the gateway and
//! on the reference; their answers must be the same, and so must what the
//! backend shows of the table through its own CQL3 and Thrift.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, ConsistencyLevel as CL, CqlResult, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{connect19, cql3, gateway, Client19};

/// A result's rows as `name=hex` lists (the answer as a client sees it).
fn shown(r: &CqlResult) -> Vec<String> {
    r.rows
        .iter()
        .flatten()
        .map(|row| {
            row.columns
                .iter()
                .map(|c| {
                    format!(
                        "{}={}",
                        String::from_utf8_lossy(&c.name),
                        hex(c.value.as_deref().unwrap_or_default())
                    )
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Runs `q` on every client and checks they answer alike; the answer.
fn same(clients: &mut [&mut Client19], q: &str) -> Vec<String> {
    let answers: Vec<Vec<String>> = clients.iter_mut().map(|c| shown(&cql3(c, q))).collect();
    for (i, a) in answers.iter().enumerate().skip(1) {
        assert_eq!(&answers[0], a, "{q}: client {i} differs from client 0");
    }
    answers.into_iter().next().unwrap()
}

/// Every cell of a row through Thrift, as `name=value` hex pairs (and the
/// timestamp of the cells `with_time` picks).
fn cells(c: &mut Client19, cf: &str, key: &[u8], with_time: &dyn Fn(&[u8]) -> bool) -> Vec<String> {
    let all = SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 1000));
    c.get_slice(
        key.to_vec(),
        ColumnParent::new(cf.to_string(), None),
        all,
        CL::ONE,
    )
    .unwrap()
    .into_iter()
    .map(|cosc| {
        let col = cosc.column.unwrap();
        let value = hex(col.value.as_deref().unwrap_or_default());
        if with_time(&col.name) {
            format!("{}={value}@{}", hex(&col.name), col.timestamp.unwrap())
        } else {
            format!("{}={value}", hex(&col.name))
        }
    })
    .collect()
}

#[test]
fn a_cql3_table_through_the_gateway_answers_as_the_embedded_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, reference) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut r = connect19(reference.port);
    let ddl = [
        "CREATE KEYSPACE g3 WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE g3",
        "CREATE TABLE events (src text, day int, seq int, what text, n bigint, \
         tags set<text>, hits list<int>, attrs map<text, text>, \
         PRIMARY KEY ((src, day), seq)) WITH CLUSTERING ORDER BY (seq DESC)",
        "CREATE TABLE counts (k text PRIMARY KEY, c counter)",
    ];
    let writes = [
        "INSERT INTO events (src, day, seq, what, n, tags, hits, attrs) VALUES \
         ('a', 1, 1, 'one', 10, {'x', 'y'}, [1, 2, 3], {'k': 'v'}) USING TIMESTAMP 1000",
        "INSERT INTO events (src, day, seq, what, n) VALUES ('a', 1, 2, 'two', 20) \
         USING TTL 5000 AND TIMESTAMP 1001",
        "INSERT INTO events (src, day, seq, what) VALUES ('a', 1, 3, 'three') USING TIMESTAMP 1002",
        "INSERT INTO events (src, day, seq, what) VALUES ('b', 2, 1, 'other') USING TIMESTAMP 1003",
        "UPDATE events USING TIMESTAMP 1100 SET tags = tags + {'z'}, hits = hits + [4], \
         attrs['k2'] = 'v2' WHERE src = 'a' AND day = 1 AND seq = 1",
        "UPDATE events SET hits = [0] + hits WHERE src = 'a' AND day = 1 AND seq = 1",
        "UPDATE events SET hits[2] = 20 WHERE src = 'a' AND day = 1 AND seq = 1",
        "DELETE hits[1] FROM events WHERE src = 'a' AND day = 1 AND seq = 1",
        "UPDATE events SET tags = tags - {'x'} WHERE src = 'a' AND day = 1 AND seq = 1",
        "DELETE attrs['k'] FROM events WHERE src = 'a' AND day = 1 AND seq = 1",
        "DELETE what FROM events USING TIMESTAMP 2000 WHERE src = 'a' AND day = 1 AND seq = 3",
        "INSERT INTO events (src, day, seq, what) VALUES ('a', 1, 4, 'four') USING TIMESTAMP 1004",
        "DELETE FROM events USING TIMESTAMP 2001 WHERE src = 'a' AND day = 1 AND seq = 4",
        "INSERT INTO events (src, day, seq, attrs) VALUES ('c', 3, 1, {'p': 'q'})",
        "UPDATE events SET attrs = {'only': 'this'} WHERE src = 'c' AND day = 3 AND seq = 1",
        "INSERT INTO events (src, day, seq, what) VALUES ('d', 4, 1, 'gone') USING TIMESTAMP 1005",
        "DELETE FROM events USING TIMESTAMP 2002 WHERE src = 'd' AND day = 4",
        "ALTER TABLE events ADD extra text",
        "UPDATE events SET extra = 'e' WHERE src = 'b' AND day = 2 AND seq = 1",
        "UPDATE counts SET c = c + 5 WHERE k = 'x'",
        "UPDATE counts SET c = c - 2 WHERE k = 'x'",
    ];
    for q in ddl.iter().chain(&writes) {
        same(&mut [&mut g, &mut r], q);
    }
    let a = "src = 'a' AND day = 1";
    let reads = [
        format!("SELECT * FROM events WHERE {a}"),
        format!("SELECT seq, what, writetime(what) FROM events WHERE {a}"),
        format!("SELECT seq, n FROM events WHERE {a} AND seq >= 2 ORDER BY seq ASC"),
        format!("SELECT hits, tags, attrs FROM events WHERE {a} AND seq = 1"),
        format!("SELECT seq FROM events WHERE {a} LIMIT 1"),
        format!("SELECT COUNT(*) FROM events WHERE {a}"),
        "SELECT * FROM events".to_string(),
        "SELECT * FROM events WHERE src = 'd' AND day = 4".to_string(),
        "SELECT * FROM counts".to_string(),
    ];
    let mut answers = Vec::new();
    for q in &reads {
        answers.push(same(&mut [&mut g, &mut r], q));
    }
    // Not vacuous: the rows are there, the deleted ones are not.
    assert_eq!(answers[0].len(), 3, "{:?}", answers[0]);
    // hits: [1, 2, 3] + [4], [0] prepended, hits[2] = 20, hits[1] deleted;
    // a list as 1.2's Thrift CQL3 sends it ([short] count and lengths).
    let list: String = [4u16]
        .iter()
        .map(|n| hex(&n.to_be_bytes()))
        .chain(
            [0i32, 20, 3, 4]
                .iter()
                .map(|v| format!("0004{}", hex(&v.to_be_bytes()))),
        )
        .collect();
    assert!(
        answers[3][0].contains(&format!("hits={list}")),
        "{:?}",
        answers[3]
    );
    assert_eq!(answers[6].len(), 5, "{:?}", answers[6]);
    assert!(answers[7].is_empty());
    // TTLs: what is left of 5000 s.
    let ttl = cql3(
        &mut g,
        &format!("SELECT ttl(what) FROM events WHERE {a} AND seq = 2"),
    );
    let left = i32::from_be_bytes(
        ttl.rows.unwrap()[0].columns[0]
            .value
            .clone()
            .unwrap()
            .try_into()
            .unwrap(),
    );
    assert!((4000..=5000).contains(&left), "ttl left {left}");
    // The backend holds the same table, which its own CQL3 reads alike.
    let mut b = connect19(backend.port);
    b.set_keyspace("g3".into()).unwrap();
    for (q, want) in reads.iter().zip(&answers) {
        assert_eq!(&shown(&cql3(&mut b, q)), want, "{q} on the backend");
    }
    // Thrift's view of a CQL3 row without lists: the same composite cells
    // through the gateway, on the backend and on the reference, with the
    // plain columns' timestamps (markers' and elements' times are not
    // shown by CQL, see gateway::cql3::reads).
    let plain = |name: &[u8]| name.windows(4).any(|w| w == b"what");
    // (src, day) as 1.2's composite row key: ('b', 2), then ('c', 3), whose
    // map was overwritten whole.
    for (src, day) in [(b'b', 2u8), (b'c', 3)] {
        let key = [0, 1, src, 0, 0, 4, 0, 0, 0, day, 0];
        let through_gateway = cells(&mut g, "events", &key, &plain);
        assert!(through_gateway.len() >= 2, "{through_gateway:?}");
        assert_eq!(through_gateway, cells(&mut r, "events", &key, &plain));
        assert_eq!(through_gateway, cells(&mut b, "events", &key, &plain));
    }
}

/// CQL 2 over Thrift runs on Thrift's column families, which the gateway
/// lays out in 3.x's compact tables: a flow on a dense CF and a counter CF
/// answers as on the embedded engine. (A CQL 2 CF with declared columns is
/// a static compact table, which the gateway does not serve yet.)
#[test]
fn a_cql2_flow_through_the_gateway_answers_as_the_embedded_engine() {
    use supercolumn::thrift::gen::cassandra19::Compression;
    let dir = tempfile::tempdir().unwrap();
    let (_backend, gateway, reference) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut r = connect19(reference.port);
    let mut answers = Vec::new();
    for q in [
        "CREATE KEYSPACE k2 WITH strategy_class = SimpleStrategy AND strategy_options:replication_factor = 1",
        "USE k2",
        "CREATE COLUMNFAMILY Wide (KEY text PRIMARY KEY) WITH comparator = text AND default_validation = text",
        "CREATE COLUMNFAMILY Hits (KEY text PRIMARY KEY) WITH comparator = text AND default_validation = counter",
        "INSERT INTO Wide (KEY, a, b, c) VALUES ('k', '1', '2', '3')",
        "UPDATE Wide USING TIMESTAMP 42 AND TTL 1000 SET d = '4' WHERE KEY IN ('k', 'j')",
        "DELETE b FROM Wide WHERE KEY = 'k'",
        "UPDATE Hits SET n = n + 3 WHERE KEY = 'h'",
        "SELECT * FROM Wide WHERE KEY = 'k'",
        "SELECT FIRST 2 REVERSED * FROM Wide WHERE KEY = 'k'",
        "SELECT 'a'..'c' FROM Wide WHERE KEY = 'k'",
        "SELECT COUNT(*) FROM Wide",
        "SELECT d FROM Wide",
        "SELECT n FROM Hits WHERE KEY = 'h'",
    ] {
        let run = |c: &mut Client19| {
            let res = c
                .execute_cql_query(q.as_bytes().to_vec(), Compression::NONE)
                .unwrap_or_else(|e| panic!("{q}: {e:?}"));
            (shown(&res), res.num)
        };
        let want = run(&mut r);
        assert_eq!(run(&mut g), want, "{q}");
        answers.push(want);
    }
    assert_eq!(answers[8].0.len(), 1, "{:?}", answers[8]);
    assert!(answers[8].0[0].contains("d=34"), "{:?}", answers[8]);
    assert_eq!(answers[12].0.len(), 2, "{:?}", answers[12]);
}

/// 1.2 wrote its CQL row marker, a plain cell, among a counter table's
/// counters; a cluster of 2.0 or later refuses such a write. A gateway
/// answering as 1.2.9 keeps the marker out of what it sends, so the
/// counter update goes through and the backend's row holds counters only.
#[test]
fn a_gateway_answering_as_1_2_sends_no_row_marker_among_counters() {
    let dir = tempfile::tempdir().unwrap();
    let conf = gateway::v19_without_keyspaces(dir.path());
    let backend = gateway::native_backend(&conf);
    let url = gateway::backend_url(&backend, "");
    let gw = wire::Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
        "--cassandra-version",
        "1.2.9",
    ]);
    let mut g = connect19(gw.port);
    for q in [
        "CREATE KEYSPACE gc WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        "USE gc",
        "CREATE TABLE counts (k text PRIMARY KEY, c counter, d counter)",
        "UPDATE counts SET c = c + 5, d = d + 1 WHERE k = 'x'",
        "UPDATE counts SET c = c - 2 WHERE k = 'x'",
    ] {
        cql3(&mut g, q);
    }
    assert_eq!(
        shown(&cql3(&mut g, "SELECT * FROM counts")),
        vec!["k=78 c=0000000000000003 d=0000000000000001".to_string()]
    );
    // The backend's own view of the row (a CQL 3 table's composite
    // names): its two counters, no marker (an empty name) before them.
    let mut b = connect19(backend.port);
    b.set_keyspace("gc".to_string()).unwrap();
    let all = SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 100));
    let names: Vec<String> = b
        .get_slice(
            b"x".to_vec(),
            ColumnParent::new("counts".to_string(), None),
            all,
            CL::ONE,
        )
        .unwrap()
        .into_iter()
        .map(|cosc| {
            let name = cosc
                .counter_column
                .map(|c| c.name)
                .or(cosc.column.map(|c| c.name));
            hex(&name.unwrap())
        })
        .collect();
    assert_eq!(names, vec!["00016300".to_string(), "00016400".to_string()]);
}
