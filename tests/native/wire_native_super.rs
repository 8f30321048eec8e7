//! Super column families on the native protocol, over the wire: a config's
//! super CF is 3.x's `(key, column1, column2, value)` table there (what a
//! gateway in front of this server sends), and what is written either way
//! reads back the same through the server's Thrift. CQL3 over Thrift keeps
//! 1.2's view (no `column2`).

use crate::support::native;
use crate::support::wire;

use native::{native_port, op, server, Conn, Rows, Writer};
use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, ColumnPath, Compression, ConsistencyLevel as CL, SlicePredicate,
    SliceRange, TCassandraSyncClient,
};
use wire::{connect19, ire19, Client19};

fn long(v: i64) -> Vec<u8> {
    v.to_be_bytes().to_vec()
}

fn thrift(port: u16) -> Client19 {
    let mut c = connect19(port);
    c.set_keyspace("CT".into()).unwrap();
    c
}

fn native(port: u16) -> Conn {
    let mut c = Conn::ready(port, 4);
    c.ok("USE \"CT\"");
    c
}

/// A QUERY with values at ONE.
fn query_with(c: &mut Conn, q: &str, values: &[&[u8]]) -> native::Frame {
    let values: Vec<Option<&[u8]>> = values.iter().map(|v| Some(*v)).collect();
    let body = c.query_body(q, &values);
    c.call(op::QUERY, &body)
}

fn rows(c: &mut Conn, q: &str) -> Rows {
    c.ok(q).rows()
}

/// `column1/column2=value@writetime` of each row of a super CF of
/// UTF8 super columns and Long sub-columns.
fn shown(rows: &Rows) -> Vec<String> {
    rows.iter()
        .map(|r| {
            let b = |i: usize| r[i].clone().unwrap_or_default();
            format!(
                "{}/{}={}@{}",
                String::from_utf8_lossy(&b(0)),
                i64::from_be_bytes(b(1).try_into().unwrap()),
                String::from_utf8_lossy(&b(2)),
                i64::from_be_bytes(b(3).try_into().unwrap())
            )
        })
        .collect()
}

const SELECT: &str =
    "SELECT column1, column2, value, writetime(value) FROM \"SupUTF8Long\" WHERE key = 0x6b";

/// The sub-columns of super column `sc` of row `k`, through Thrift.
fn thrift_subs(t: &mut Client19, cf: &str, k: &[u8], sc: &[u8]) -> Vec<Column> {
    t.get_slice(
        k.to_vec(),
        ColumnParent::new(cf.to_string(), sc.to_vec()),
        SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100)),
        CL::ONE,
    )
    .unwrap()
    .into_iter()
    .filter_map(|c| c.column)
    .collect()
}

#[test]
fn a_super_cf_is_read_and_written_as_3x_table_and_agrees_with_thrift() {
    let s = server();
    let mut t = thrift(s.port);
    let mut c = native(native_port(&s));
    let cf = "SupUTF8Long";
    // Written through Thrift, read as rows.
    for (sc, n, v) in [("a", 1, "a1"), ("a", 2, "a2"), ("b", 1, "b1")] {
        t.insert(
            b"k".to_vec(),
            ColumnParent::new(cf.to_string(), sc.as_bytes().to_vec()),
            Column::new(long(n), v.as_bytes().to_vec(), 10, None),
            CL::ONE,
        )
        .unwrap();
    }
    assert_eq!(
        shown(&rows(&mut c, SELECT)),
        ["a/1=a1@10", "a/2=a2@10", "b/1=b1@10"]
    );
    // The columns 3.x shows, in its order.
    let f = c.ok(&format!("{SELECT} AND column1 = 'a'"));
    assert_eq!(f.rows().len(), 2);
    let all = c
        .ok("SELECT * FROM \"SupUTF8Long\" WHERE key = 0x6b")
        .rows();
    assert_eq!(all[0].len(), 4);

    // Written as rows (timestamp, TTL, prepared markers), read through Thrift.
    c.ok("INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (0x6b, 'c', 7, textAsBlob('c7')) USING TIMESTAMP 20 AND TTL 5000");
    let q = "INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (?, ?, ?, ?) USING TIMESTAMP ?";
    let mut w = Writer::new();
    w.long_string(q);
    let f = c.call(op::PREPARE, &w.buf);
    assert_eq!(f.result_kind(), 4, "{}", f.describe());
    let id = supercolumn::cql::exec::md5_id(q).to_vec();
    let mut w = Writer::new();
    w.short_bytes(&id).short(1).byte(1).short(5);
    w.bytes(Some(b"k"))
        .bytes(Some(b"c"))
        .bytes(Some(&long(8)))
        .bytes(Some(b"c8"))
        .bytes(Some(&long(21)));
    assert_eq!(c.call(op::EXECUTE, &w.buf).result_kind(), 1);
    let subs = thrift_subs(&mut t, cf, b"k", b"c");
    assert_eq!(subs.len(), 2);
    assert_eq!(
        (subs[0].name.clone(), subs[0].timestamp),
        (long(7), Some(20))
    );
    assert_eq!(subs[0].ttl, Some(5000));
    assert_eq!(
        (subs[1].name.clone(), subs[1].timestamp),
        (long(8), Some(21))
    );
    let ttl = rows(
        &mut c,
        "SELECT ttl(value) FROM \"SupUTF8Long\" WHERE key = 0x6b AND column1 = 'c' AND column2 = 7",
    );
    let left = i32::from_be_bytes(ttl[0][0].clone().unwrap().try_into().unwrap());
    assert!((4900..=5000).contains(&left), "{left}");

    // Bounds, reversed order, LIMIT (of rows, i.e. sub-columns).
    let sel = |c: &mut Conn, w: &str| shown(&rows(c, &format!("{SELECT}{w}")));
    assert_eq!(
        sel(
            &mut c,
            " AND column1 = 'a' AND column2 >= 2 AND column2 <= 9"
        ),
        ["a/2=a2@10"]
    );
    assert_eq!(
        sel(
            &mut c,
            " AND column1 > 'a' ORDER BY column1 DESC, column2 DESC LIMIT 2"
        ),
        ["c/8=c8@21", "c/7=c7@20"]
    );
    assert_eq!(
        sel(&mut c, " AND column1 = 'c' AND column2 < 8"),
        ["c/7=c7@20"]
    );
    let bound = query_with(
        &mut c,
        &format!("{SELECT} AND column1 = ? AND column2 > ?"),
        &[b"a", &long(1)],
    );
    assert_eq!(shown(&bound.rows()), ["a/2=a2@10"]);

    // A sub-column deleted; a super column deleted (what came before it
    // only); the row.
    c.ok("DELETE FROM \"SupUTF8Long\" USING TIMESTAMP 30 WHERE key = 0x6b AND column1 = 'a' AND column2 = 1");
    assert_eq!(thrift_subs(&mut t, cf, b"k", b"a").len(), 1);
    c.ok("DELETE FROM \"SupUTF8Long\" USING TIMESTAMP 30 WHERE key = 0x6b AND column1 = 'c'");
    assert!(thrift_subs(&mut t, cf, b"k", b"c").is_empty());
    c.ok("INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (0x6b, 'c', 1, 0x00) USING TIMESTAMP 29");
    assert!(
        thrift_subs(&mut t, cf, b"k", b"c").is_empty(),
        "older than the deletion"
    );
    c.ok("INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (0x6b, 'c', 1, textAsBlob('new')) USING TIMESTAMP 31");
    assert_eq!(sel(&mut c, " AND column1 = 'c'"), ["c/1=new@31"]);
    c.ok("DELETE FROM \"SupUTF8Long\" USING TIMESTAMP 40 WHERE key = 0x6b");
    assert!(rows(&mut c, SELECT).is_empty());
    assert_eq!(
        t.get_count(
            b"k".to_vec(),
            ColumnParent::new(cf.to_string(), None::<Vec<u8>>),
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100)),
            CL::ONE
        )
        .unwrap(),
        0
    );
}

#[test]
fn keys_are_scanned_by_token_and_batches_write_super_columns() {
    let s = server();
    let mut c = native(native_port(&s));
    // A BATCH message of text members across keys and CFs.
    let mut w = Writer::new();
    w.byte(1).short(3);
    for q in [
        "INSERT INTO \"SupBytes\" (key, column1, column2, value) VALUES (0x01, 0x73, 0x61, 0x01) USING TIMESTAMP 5",
        "INSERT INTO \"SupBytes\" (key, column1, column2, value) VALUES (0x02, 0x73, 0x61, 0x02) USING TIMESTAMP 5",
        "INSERT INTO \"StdBytes\" (key, column1, value) VALUES (0x01, 0x63, 0x03)",
    ] {
        w.byte(0).long_string(q).short(0);
    }
    w.short(1).byte(0);
    assert_eq!(c.call(op::BATCH, &w.buf).result_kind(), 1);
    let mut t = thrift(s.port);
    assert_eq!(thrift_subs(&mut t, "SupBytes", &[2], b"s").len(), 1);
    // Every key once through token() ranges, as a gateway walks the ring.
    let keys = rows(
        &mut c,
        "SELECT key FROM \"SupBytes\" WHERE token(key) > -9223372036854775808",
    );
    assert_eq!(keys.len(), 2);
    let first = keys[0][0].clone().unwrap();
    let rest = query_with(
        &mut c,
        "SELECT key FROM \"SupBytes\" WHERE token(key) > token(?)",
        &[&first],
    )
    .rows();
    assert_eq!(rest.len(), 1);
    assert_ne!(rest[0][0].as_deref(), Some(&first[..]));
}

#[test]
fn counter_super_cfs_add_into_sub_columns() {
    let s = server();
    let mut t = thrift(s.port);
    let def = CfDef {
        column_type: Some("Super".into()),
        comparator_type: Some("UTF8Type".into()),
        subcomparator_type: Some("UTF8Type".into()),
        default_validation_class: Some("CounterColumnType".into()),
        ..blank_cf_def("CT", "SupCounts")
    };
    t.system_add_column_family(def).unwrap();
    let mut c = native(native_port(&s));
    for _ in 0..3 {
        c.ok("UPDATE \"SupCounts\" SET value = value + 4 WHERE key = 0x6b AND column1 = 'page' AND column2 = 'hits'");
    }
    let r = rows(
        &mut c,
        "SELECT column1, column2, value FROM \"SupCounts\" WHERE key = 0x6b",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0][2], Some(long(12)));
    let got = t
        .get(
            b"k".to_vec(),
            ColumnPath::new("SupCounts".to_string(), b"page".to_vec(), b"hits".to_vec()),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(got.counter_column.map(|c| c.value), Some(12));
    c.ok("DELETE FROM \"SupCounts\" WHERE key = 0x6b AND column1 = 'page' AND column2 = 'hits'");
    assert!(rows(&mut c, "SELECT * FROM \"SupCounts\" WHERE key = 0x6b").is_empty());
}

#[test]
fn cql3_over_thrift_keeps_1_2s_view_of_super_cfs() {
    let s = server();
    let mut t = thrift(s.port);
    let r = t.execute_cql3_query(
        b"INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (0x6b, 'a', 1, 0x01)"
            .to_vec(),
        Compression::NONE,
        CL::ONE,
    );
    assert_eq!(ire19(r), "Unknown identifier column2");
    // The same statement on the native protocol is a write.
    let mut c = native(native_port(&s));
    c.ok("INSERT INTO \"SupUTF8Long\" (key, column1, column2, value) VALUES (0x6b, 'a', 1, 0x01)");
    assert_eq!(thrift_subs(&mut t, "SupUTF8Long", b"k", b"a").len(), 1);
    // A range over column1 is not a super column: refused, clearly.
    let f = c.query("DELETE FROM \"SupUTF8Long\" WHERE key = 0x6b AND column1 > 'a'");
    assert_eq!(f.error().0, 0x2200, "{}", f.describe());
}
