//! Thrift CFs with a `CompositeType` comparator through a gateway
//! (`gateway::composite`): one clustering column per component in the
//! backend. The same calls go to an embedded supercolumn, and every answer
//! must be the same: inserts, slices by prefix and by full bounds, reversed,
//! counted, by names, multiget, get_count, a column deletion and a prefix
//! deletion (CQL3 over Thrift: Thrift itself refuses slice deletions).

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::thrift19::simple_keyspace;
use wire::{connect19, cql3, gateway, Client19};

fn composite_cf(name: &str, comparator: &str) -> CfDef {
    CfDef {
        comparator_type: Some(comparator.into()),
        default_validation_class: Some("BytesType".into()),
        ..blank_cf_def("Comp", name)
    }
}

fn keyspace(c: &mut Client19) {
    let ks = simple_keyspace(
        "Comp",
        vec![
            composite_cf("Pairs", "CompositeType(UTF8Type,LongType)"),
            composite_cf("Recent", "CompositeType(UTF8Type,ReversedType(LongType))"),
        ],
    );
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Comp".into()).unwrap();
}

/// A composite of (text, long) with `eoc` on its last component.
fn name(text: &str, number: Option<i64>, eoc: u8) -> Vec<u8> {
    let mut out = Vec::new();
    let mut push = |bytes: &[u8]| {
        out.extend_from_slice(&(bytes.len() as u16).to_be_bytes());
        out.extend_from_slice(bytes);
        out.push(0);
    };
    push(text.as_bytes());
    if let Some(n) = number {
        push(&n.to_be_bytes());
    }
    if let Some(last) = out.last_mut() {
        *last = eoc;
    }
    out
}

/// `text:number` of a full name.
fn shown_name(b: &[u8]) -> String {
    let len = u16::from_be_bytes([b[0], b[1]]) as usize;
    let text = String::from_utf8_lossy(&b[2..2 + len]).into_owned();
    let rest = &b[3 + len..];
    let n = u16::from_be_bytes([rest[0], rest[1]]) as usize;
    let number = i64::from_be_bytes(rest[2..2 + n].try_into().unwrap());
    format!("{text}:{number}")
}

fn parent(cf: &str) -> ColumnParent {
    ColumnParent::new(cf.to_string(), None)
}

fn range(start: Vec<u8>, finish: Vec<u8>, reversed: bool, count: i32) -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(start, finish, reversed, count))
}

fn show(cols: Vec<supercolumn::thrift::gen::cassandra19::ColumnOrSuperColumn>) -> Vec<String> {
    cols.into_iter()
        .map(|c| {
            let c = c.column.unwrap();
            format!(
                "{}={}@{}",
                shown_name(&c.name),
                String::from_utf8_lossy(&c.value.unwrap_or_default()),
                c.timestamp.unwrap_or_default()
            )
        })
        .collect()
}

const CELLS: [(&str, i64); 7] = [
    ("a", 1),
    ("a", 2),
    ("a", 3),
    ("b", 1),
    ("b", 5),
    ("b", 9),
    ("c", 2),
];

fn fill(c: &mut Client19, cf: &str) {
    for key in ["k1", "k2"] {
        for (i, (text, n)) in CELLS.iter().enumerate() {
            let col = Column::new(
                name(text, Some(*n), 0),
                format!("{key}-{text}{n}").into_bytes(),
                100 + i as i64,
                None,
            );
            c.insert(key.as_bytes().to_vec(), parent(cf), col, CL::ONE)
                .unwrap();
        }
    }
}

/// Every read of the test, each answer as one line.
fn reads(c: &mut Client19, cf: &str) -> Vec<String> {
    let predicates: Vec<(&str, SlicePredicate)> = vec![
        ("all", range(vec![], vec![], false, 100)),
        ("all reversed", range(vec![], vec![], true, 100)),
        ("first 2", range(vec![], vec![], false, 2)),
        ("first 4", range(vec![], vec![], false, 4)),
        ("last 4", range(vec![], vec![], true, 4)),
        (
            "prefix b",
            range(name("b", None, 0), name("b", None, 1), false, 100),
        ),
        (
            "prefix b reversed",
            range(name("b", None, 1), name("b", None, 0), true, 100),
        ),
        (
            "a:2 to b:5",
            range(name("a", Some(2), 0), name("b", Some(5), 0), false, 100),
        ),
        (
            "a:2 to b:5 reversed, 3",
            range(name("b", Some(5), 0), name("a", Some(2), 0), true, 3),
        ),
        (
            "after prefix a",
            range(name("a", None, 1), vec![], false, 100),
        ),
        (
            "before prefix b",
            range(vec![], name("b", None, 0xff), false, 100),
        ),
        (
            "a:3 exclusive to c",
            range(name("a", Some(3), 1), name("c", None, 1), false, 100),
        ),
        (
            "b:5 to the end, 2",
            range(name("b", Some(5), 0), vec![], false, 2),
        ),
        (
            "names",
            SlicePredicate::new(
                vec![
                    name("c", Some(2), 0),
                    name("a", Some(2), 0),
                    name("z", Some(9), 0),
                    name("b", Some(5), 0),
                ],
                None,
            ),
        ),
    ];
    let mut out = Vec::new();
    for (what, p) in predicates {
        let got = c
            .get_slice(b"k1".to_vec(), parent(cf), p.clone(), CL::ONE)
            .unwrap_or_else(|e| panic!("{cf} {what}: {e:?}"));
        out.push(format!("{what}: {}", show(got).join(" ")));
        let n = c.get_count(b"k2".to_vec(), parent(cf), p, CL::ONE).unwrap();
        out.push(format!("{what} count: {n}"));
    }
    let multi = c
        .multiget_slice(
            vec![b"k1".to_vec(), b"k2".to_vec(), b"k3".to_vec()],
            parent(cf),
            range(name("b", None, 0), vec![], false, 2),
            CL::ONE,
        )
        .unwrap();
    for (k, cols) in multi {
        out.push(format!(
            "multiget {}: {}",
            String::from_utf8_lossy(&k),
            show(cols).join(" ")
        ));
    }
    out
}

/// The deletions: one column by Thrift, a prefix by CQL3.
fn delete(c: &mut Client19, cf: &str) {
    let path = ColumnPath::new(cf.to_string(), None, name("a", Some(2), 0));
    c.remove(b"k1".to_vec(), path, 1_000, CL::ONE).unwrap();
    cql3(
        c,
        &format!("DELETE FROM \"{cf}\" USING TIMESTAMP 1000 WHERE key = 0x6b31 AND column1 = 'b'"),
    );
}

#[test]
fn composite_cfs_answer_through_a_gateway_as_on_the_embedded_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, embedded) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut e = connect19(embedded.port);
    keyspace(&mut g);
    keyspace(&mut e);
    for cf in ["Pairs", "Recent"] {
        fill(&mut g, cf);
        fill(&mut e, cf);
        let expected = reads(&mut e, cf);
        // Not a vacuous comparison: the embedded engine answered.
        assert!(expected[0].contains("a:1=k1-a1@100"), "{expected:?}");
        assert_eq!(reads(&mut g, cf), expected, "{cf}");
        delete(&mut g, cf);
        delete(&mut e, cf);
        let expected = reads(&mut e, cf);
        assert!(
            !expected[0].contains("a:2=") && !expected[0].contains("b:"),
            "{expected:?}"
        );
        assert_eq!(reads(&mut g, cf), expected, "{cf} after deletions");
    }
    // The rows landed in the backend as its own composite CF: its Thrift
    // reads them back under the same names, in comparator order.
    let mut b = connect19(backend.port);
    b.set_keyspace("Comp".into()).unwrap();
    for cf in ["Pairs", "Recent"] {
        let all = range(vec![], vec![], false, 100);
        let read = |c: &mut Client19| {
            show(
                c.get_slice(b"k2".to_vec(), parent(cf), all.clone(), CL::ONE)
                    .unwrap(),
            )
        };
        let expected = read(&mut e);
        assert_eq!(expected.len(), CELLS.len());
        assert_eq!(read(&mut b), expected, "{cf} in the backend");
    }
    // A name without every component cannot be a row of the table.
    let partial = Column::new(name("a", None, 0), b"v".to_vec(), 1, None);
    let refused = g.insert(b"k1".to_vec(), parent("Pairs"), partial, CL::ONE);
    assert!(format!("{refused:?}").contains("components"), "{refused:?}");
}

/// Each row of a CQL3 result as `name=hex(value)` pairs.
fn rows(r: supercolumn::thrift::gen::cassandra19::CqlResult) -> Vec<String> {
    r.rows
        .unwrap_or_default()
        .into_iter()
        .map(|row| {
            row.columns
                .into_iter()
                .map(|c| {
                    let v: String = c
                        .value
                        .unwrap_or_default()
                        .iter()
                        .map(|b| format!("{b:02x}"))
                        .collect();
                    format!("{}={v}", String::from_utf8_lossy(&c.name))
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

const COMPACT_SETUP: [&str; 4] = [
    "CREATE KEYSPACE cc WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    "USE cc",
    "CREATE TABLE events (k text, day text, seq bigint, v text, PRIMARY KEY (k, day, seq)) \
     WITH COMPACT STORAGE AND CLUSTERING ORDER BY (day ASC, seq DESC)",
    "CREATE TABLE simple (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
];

const COMPACT_WRITES: [&str; 9] = [
    "INSERT INTO events (k, day, seq, v) VALUES ('x', 'mon', 1, 'a') USING TIMESTAMP 10",
    "INSERT INTO events (k, day, seq, v) VALUES ('x', 'mon', 2, 'b') USING TIMESTAMP 11",
    "INSERT INTO events (k, day, seq, v) VALUES ('x', 'tue', 1, 'c') USING TIMESTAMP 12",
    "INSERT INTO events (k, day, seq, v) VALUES ('x', 'tue', 7, 'd') USING TIMESTAMP 13",
    "INSERT INTO events (k, day, seq, v) VALUES ('y', 'wed', 3, 'e') USING TIMESTAMP 14",
    "UPDATE events USING TIMESTAMP 15 SET v = 'f' WHERE k = 'x' AND day = 'wed' AND seq = 4",
    "INSERT INTO simple (k, c, v) VALUES ('x', 3, 'p') USING TIMESTAMP 20",
    "INSERT INTO simple (k, c, v) VALUES ('x', 1, 'q') USING TIMESTAMP 21",
    "INSERT INTO simple (k, c, v) VALUES ('x', 2, 'r') USING TIMESTAMP 22",
];

const COMPACT_READS: [&str; 9] = [
    "SELECT * FROM events WHERE k = 'x'",
    "SELECT day, seq, v, writetime(v) FROM events WHERE k = 'x' ORDER BY day DESC",
    "SELECT * FROM events WHERE k = 'x' AND day = 'mon'",
    "SELECT * FROM events WHERE k = 'x' AND day = 'tue' AND seq < 7",
    "SELECT * FROM events WHERE k = 'x' AND day > 'mon' LIMIT 2",
    "SELECT * FROM events WHERE k = 'y'",
    "SELECT * FROM simple WHERE k = 'x'",
    "SELECT * FROM simple WHERE k = 'x' AND c >= 2",
    "SELECT * FROM simple WHERE k = 'x' AND c > 1 ORDER BY c DESC",
];

const COMPACT_DELETES: [&str; 3] = [
    "DELETE FROM events USING TIMESTAMP 100 WHERE k = 'x' AND day = 'tue' AND seq = 1",
    "DELETE FROM events USING TIMESTAMP 100 WHERE k = 'x' AND day = 'mon'",
    "DELETE FROM simple USING TIMESTAMP 100 WHERE k = 'x' AND c = 3",
];

fn compact_reads(c: &mut Client19) -> Vec<String> {
    COMPACT_READS
        .iter()
        .map(|q| format!("{q}: {}", rows(cql3(c, q)).join(" | ")))
        .collect()
}

#[test]
fn compact_storage_tables_made_by_cql3_answer_as_on_the_embedded_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, embedded) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut e = connect19(embedded.port);
    for c in [&mut g, &mut e] {
        for q in COMPACT_SETUP.iter().chain(&COMPACT_WRITES) {
            cql3(c, q);
        }
    }
    let expected = compact_reads(&mut e);
    assert!(expected[0].contains(" | "), "{expected:?}");
    assert_eq!(compact_reads(&mut g), expected);
    // The backend holds the same table under the same names.
    let mut b = connect19(backend.port);
    cql3(&mut b, "USE cc");
    assert_eq!(compact_reads(&mut b), expected, "in the backend");
    for c in [&mut g, &mut e] {
        for q in COMPACT_DELETES {
            cql3(c, q);
        }
    }
    let expected = compact_reads(&mut e);
    assert_eq!(compact_reads(&mut g), expected, "after deletions");
    assert_eq!(
        compact_reads(&mut b),
        expected,
        "in the backend after deletions"
    );
}
