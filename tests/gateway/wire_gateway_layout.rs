//! The gateway's table layouts over the wire (`gateway::layout`): a static
//! CF (declared columns), a reversed comparator, and a cluster without
//! COMPACT STORAGE (`storage=noncompact`, the layout Cassandra 4.x takes),
//! each made through a gateway in an empty backend supercolumn and checked
//! through the gateway and, where the layout is 1.2's too, through the
//! backend's own Thrift.

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnDef, ColumnParent, ColumnPath, ConsistencyLevel as CL, KeyRange,
    SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::thrift19::{names, simple_keyspace};
use wire::{connect19, gateway, ire19, timestamp, Client19, Server};

/// A backend with no keyspace serving native, and a gateway in front of it
/// (`options`: the backend URL's query string).
fn pair(dir: &std::path::Path, options: &str) -> (Server, Server) {
    gateway::pair(&gateway::v19_without_keyspaces(dir), options)
}

/// Makes keyspace `Lay` with `cfs` through `c`.
fn keyspace(c: &mut Client19, cfs: Vec<CfDef>) {
    let ks = simple_keyspace("Lay", cfs);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Lay".into()).unwrap();
}

fn users_cf() -> CfDef {
    let declared = |name: &str, class: &str| {
        ColumnDef::new(
            name.as_bytes().to_vec(),
            class.to_string(),
            None,
            None,
            None,
        )
    };
    CfDef {
        comparator_type: Some("UTF8Type".into()),
        default_validation_class: Some("BytesType".into()),
        column_metadata: Some(vec![
            declared("name", "UTF8Type"),
            declared("age", "LongType"),
            declared("city", "UTF8Type"),
        ]),
        ..blank_cf_def("Lay", "Users")
    }
}

fn parent(cf: &str) -> ColumnParent {
    ColumnParent::new(cf.to_string(), None)
}

fn range(start: &[u8], finish: &[u8], reversed: bool, count: i32) -> SlicePredicate {
    SlicePredicate::new(
        None,
        SliceRange::new(start.to_vec(), finish.to_vec(), reversed, count),
    )
}

/// `name=value@timestamp[~ttl]` of each column of a slice.
fn slice(c: &mut Client19, cf: &str, key: &str, p: SlicePredicate) -> Vec<String> {
    c.get_slice(key.as_bytes().to_vec(), parent(cf), p, CL::ONE)
        .unwrap()
        .into_iter()
        .map(|c| {
            let c = c.column.unwrap();
            let value = c.value.unwrap_or_default();
            let value = match std::str::from_utf8(&value) {
                Ok(text) if !text.is_empty() && text.bytes().all(|b| b.is_ascii_graphic()) => {
                    text.to_string()
                }
                _ => format!("0x{}", hex(&value)),
            };
            format!(
                "{}={}@{}{}",
                String::from_utf8_lossy(&c.name),
                value,
                c.timestamp.unwrap_or_default(),
                c.ttl.map(|t| format!("~{t}")).unwrap_or_default()
            )
        })
        .collect()
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

fn put(
    c: &mut Client19,
    cf: &str,
    key: &str,
    name: &[u8],
    value: &[u8],
    ts: i64,
    ttl: Option<i32>,
) {
    let col = Column::new(name.to_vec(), value.to_vec(), ts, ttl);
    c.insert(key.as_bytes().to_vec(), parent(cf), col, CL::ONE)
        .unwrap();
}

#[test]
fn a_static_cf_serves_its_declared_columns_with_timestamps_and_ttls() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair(dir.path(), "");
    let mut g = connect19(gateway.port);
    keyspace(&mut g, vec![users_cf()]);
    let t = timestamp();
    let age = 42i64.to_be_bytes();
    put(&mut g, "Users", "alice", b"name", b"Alice", t, None);
    put(&mut g, "Users", "alice", b"age", &age, t + 1, Some(600));
    put(&mut g, "Users", "alice", b"city", b"Paris", t + 2, None);
    put(&mut g, "Users", "bob", b"name", b"Bob", t, None);

    // The TTL read back is what is left of it (CQL's ttl()).
    let all = slice(&mut g, "Users", "alice", range(b"", b"", false, 100));
    assert_eq!(all.len(), 3, "{all:?}");
    assert!(
        all[0].starts_with(&format!("age=0x{}@{}~", hex(&age), t + 1)),
        "{all:?}"
    );
    let left: i32 = all[0].rsplit('~').next().unwrap().parse().unwrap();
    assert!((1..=600).contains(&left), "{all:?}");
    assert_eq!(
        all[1..],
        [format!("city=Paris@{}", t + 2), format!("name=Alice@{t}")]
    );
    // Names, ranges (reversed, counted) and counts.
    assert_eq!(
        slice(&mut g, "Users", "alice", names(&["name", "city"])),
        [format!("city=Paris@{}", t + 2), format!("name=Alice@{t}")]
    );
    assert_eq!(
        slice(&mut g, "Users", "alice", range(b"name", b"b", true, 10)),
        [format!("name=Alice@{t}"), format!("city=Paris@{}", t + 2)]
    );
    assert_eq!(
        slice(&mut g, "Users", "alice", range(b"", b"", false, 1)).len(),
        1
    );
    let count = g
        .get_count(
            b"alice".to_vec(),
            parent("Users"),
            range(b"b", b"", false, 100),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(count, 2);
    // A range scan sees both rows.
    let rows = g
        .get_range_slices(
            parent("Users"),
            names(&["name"]),
            KeyRange::new(Some(Vec::new()), Some(Vec::new()), None, None, 10, None),
            CL::ONE,
        )
        .unwrap();
    let mut seen: Vec<String> = rows
        .iter()
        .map(|r| String::from_utf8_lossy(&r.key).into_owned())
        .collect();
    seen.sort();
    assert_eq!(seen, ["alice", "bob"]);

    // A deletion keeps its timestamp: an older write stays deleted.
    g.remove(
        b"alice".to_vec(),
        ColumnPath::new("Users".to_string(), None, Some(b"city".to_vec())),
        t + 10,
        CL::ONE,
    )
    .unwrap();
    put(&mut g, "Users", "alice", b"city", b"Rome", t + 5, None);
    assert_eq!(
        slice(&mut g, "Users", "alice", names(&["city", "name"])),
        [format!("name=Alice@{t}")]
    );

    // An undeclared column has nowhere to go in a 3.x static compact
    // table that CQL can reach: refused, not dropped.
    let col = Column::new(b"other".to_vec(), b"x".to_vec(), t, None);
    let e = ire19(g.insert(b"alice".to_vec(), parent("Users"), col, CL::ONE));
    assert!(e.contains("declared columns"), "{e}");

    // The backend made a 1.2 static compact table of it: its own Thrift
    // shows the same columns, timestamps included.
    let mut b = connect19(backend.port);
    b.set_keyspace("Lay".into()).unwrap();
    assert_eq!(
        slice(&mut b, "Users", "alice", names(&["name", "city"])),
        [format!("name=Alice@{t}")]
    );
    let def = b.describe_keyspace("Lay".into()).unwrap();
    let users = def.cf_defs.iter().find(|c| c.name == "Users").unwrap();
    let mut declared: Vec<String> = users
        .column_metadata
        .iter()
        .flatten()
        .map(|c| String::from_utf8_lossy(&c.name).into_owned())
        .collect();
    declared.sort();
    assert_eq!(declared, ["age", "city", "name"]);
}

#[test]
fn a_reversed_comparator_is_clustered_descending() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair(dir.path(), "");
    let mut g = connect19(gateway.port);
    let cf = CfDef {
        comparator_type: Some("ReversedType(LongType)".into()),
        default_validation_class: Some("UTF8Type".into()),
        ..blank_cf_def("Lay", "Recent")
    };
    keyspace(&mut g, vec![cf]);
    let t = timestamp();
    for n in [1i64, 30, 7] {
        put(
            &mut g,
            "Recent",
            "r",
            &n.to_be_bytes(),
            format!("v{n}").as_bytes(),
            t,
            None,
        );
    }
    let order = |c: &mut Client19, p: SlicePredicate| -> Vec<i64> {
        c.get_slice(b"r".to_vec(), parent("Recent"), p, CL::ONE)
            .unwrap()
            .into_iter()
            .map(|c| i64::from_be_bytes(c.column.unwrap().name.try_into().unwrap()))
            .collect()
    };
    assert_eq!(order(&mut g, range(b"", b"", false, 10)), [30, 7, 1]);
    assert_eq!(order(&mut g, range(b"", b"", true, 2)), [1, 7]);
    assert_eq!(
        order(
            &mut g,
            range(&20i64.to_be_bytes(), &5i64.to_be_bytes(), false, 10)
        ),
        [7]
    );
    let mut b = connect19(backend.port);
    b.set_keyspace("Lay".into()).unwrap();
    assert_eq!(order(&mut b, range(b"", b"", false, 10)), [30, 7, 1]);
    let def = b.describe_keyspace("Lay".into()).unwrap();
    assert!(def.cf_defs[0]
        .comparator_type
        .as_deref()
        .unwrap()
        .contains("ReversedType"));
}

/// The layout a 4.x cluster gets (no COMPACT STORAGE), forced with
/// `storage=noncompact` against a backend supercolumn (whose CQL is 1.2's,
/// which has no static columns: the static table is unit-tested only).
#[test]
fn without_compact_storage_dense_cfs_keep_their_columns() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair(dir.path(), "?storage=noncompact");
    let mut g = connect19(gateway.port);
    let cf = CfDef {
        comparator_type: Some("UTF8Type".into()),
        default_validation_class: Some("UTF8Type".into()),
        ..blank_cf_def("Lay", "Plain")
    };
    keyspace(&mut g, vec![cf]);
    let t = timestamp();
    put(&mut g, "Plain", "k", b"b", b"2", t, Some(900));
    put(&mut g, "Plain", "k", b"a", b"1", t + 1, None);
    let all = slice(&mut g, "Plain", "k", range(b"", b"", false, 10));
    assert_eq!(all[0], format!("a=1@{}", t + 1));
    assert!(all[1].starts_with(&format!("b=2@{t}~")), "{all:?}");
    // The backend holds a CQL3 table (not compact; 1.2's Thrift does not
    // list those): its CQL shows the same rows under the same names.
    let mut b = connect19(backend.port);
    b.set_keyspace("Lay".into()).unwrap();
    let rows = wire::cql3(&mut b, "SELECT column1, value FROM \"Plain\"");
    let rows: Vec<String> = rows
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            r.columns
                .into_iter()
                .map(|c| String::from_utf8(c.value.unwrap_or_default()).unwrap())
                .collect::<Vec<_>>()
                .join("=")
        })
        .collect();
    assert_eq!(rows, ["a=1", "b=2"]);
    assert!(b
        .describe_keyspace("Lay".into())
        .unwrap()
        .cf_defs
        .is_empty());
}

/// A comparator CQL has no name for: the table is declared with the class
/// name (as 3.x did), and its names travel as literals of the type's text
/// form, never as a type the driver would have to parse.
#[test]
fn a_lexical_uuid_cf_is_served_with_its_class_named_type() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair(dir.path(), "");
    let mut g = connect19(gateway.port);
    let cf = CfDef {
        comparator_type: Some("LexicalUUIDType".into()),
        default_validation_class: Some("UTF8Type".into()),
        ..blank_cf_def("Lay", "Lexical")
    };
    keyspace(&mut g, vec![cf]);
    let t = timestamp();
    // LexicalUUIDType orders by the two halves as signed longs: 0xf0.. first.
    let uuid = |first: u8, last: u8| {
        let mut u = [0u8; 16];
        u[0] = first;
        u[15] = last;
        u
    };
    let (low, mid, high) = (uuid(0xf0, 1), uuid(0x10, 2), uuid(0x70, 3));
    for (u, v) in [(mid, "mid"), (high, "high"), (low, "low")] {
        put(&mut g, "Lexical", "r", &u, v.as_bytes(), t, None);
    }
    let values = |c: &mut Client19, p: SlicePredicate| -> Vec<String> {
        c.get_slice(b"r".to_vec(), parent("Lexical"), p, CL::ONE)
            .unwrap()
            .into_iter()
            .map(|c| {
                let c = c.column.unwrap();
                format!(
                    "{}@{}",
                    String::from_utf8(c.value.unwrap()).unwrap(),
                    c.timestamp.unwrap()
                )
            })
            .collect()
    };
    let at = |v: &str| format!("{v}@{t}");
    assert_eq!(
        values(&mut g, range(b"", b"", false, 10)),
        [at("low"), at("mid"), at("high")]
    );
    assert_eq!(values(&mut g, range(b"", b"", true, 1)), [at("high")]);
    assert_eq!(
        values(&mut g, range(&mid, &high, false, 10)),
        [at("mid"), at("high")]
    );
    assert_eq!(
        values(
            &mut g,
            SlicePredicate::new(vec![high.to_vec(), low.to_vec()], None)
        ),
        [at("low"), at("high")]
    );
    g.remove(
        b"r".to_vec(),
        ColumnPath::new("Lexical".to_string(), None, Some(mid.to_vec())),
        t + 1,
        CL::ONE,
    )
    .unwrap();
    assert_eq!(
        values(&mut g, range(b"", b"", false, 10)),
        [at("low"), at("high")]
    );
    let mut b = connect19(backend.port);
    b.set_keyspace("Lay".into()).unwrap();
    assert_eq!(
        values(&mut b, range(b"", b"", false, 10)),
        [at("low"), at("high")]
    );
    let def = b.describe_keyspace("Lay".into()).unwrap();
    assert!(def.cf_defs[0]
        .comparator_type
        .as_deref()
        .unwrap()
        .ends_with("LexicalUUIDType"));
}
