//! The table layout a gateway gives a cluster without COMPACT STORAGE
//! (`storage=noncompact`, Cassandra 4.x/5.x) for a CF with declared columns:
//! `(key, column1, value, <declared> static)`, against a backend supercolumn
//! (whose native sessions take 2.0's `static` columns and, claiming 4.0 on
//! v4, indexes on them). Undeclared columns are rows, declared ones static
//! cells; every call is also made to an embedded server, whose answers the
//! gateway's must equal (columns merged in comparator order, timestamps,
//! deletions, index queries, a column declared by a later update).

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnDef, ColumnParent, ColumnPath, ConsistencyLevel as CL, IndexClause,
    IndexExpression, IndexOperator, KeyRange, KeySlice, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::thrift19::{declared, names, simple_keyspace};
use wire::{connect19, cql3, gateway, timestamp, Client19};

fn people(extra: Option<ColumnDef>) -> CfDef {
    let mut columns = vec![
        declared("age", "LongType", None),
        declared("city", "UTF8Type", Some("people_city")),
        declared("name", "UTF8Type", None),
    ];
    columns.extend(extra);
    CfDef {
        comparator_type: Some("UTF8Type".into()),
        key_validation_class: Some("UTF8Type".into()),
        default_validation_class: Some("UTF8Type".into()),
        column_metadata: Some(columns),
        ..blank_cf_def("Nc", "People")
    }
}

fn keyspace(c: &mut Client19) {
    let ks = simple_keyspace("Nc", vec![people(None)]);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Nc".into()).unwrap();
}

fn parent() -> ColumnParent {
    ColumnParent::new("People".to_string(), None)
}

fn range(start: &str, finish: &str, reversed: bool, count: i32) -> SlicePredicate {
    SlicePredicate::new(
        None,
        SliceRange::new(
            start.as_bytes().to_vec(),
            finish.as_bytes().to_vec(),
            reversed,
            count,
        ),
    )
}

/// `name=value@timestamp` of each column (TTLs left out: the remaining
/// TTL a gateway reads may be a second less).
fn columns(cols: Vec<supercolumn::thrift::gen::cassandra19::ColumnOrSuperColumn>) -> String {
    cols.into_iter()
        .map(|c| {
            let c = c.column.unwrap();
            format!(
                "{}={}@{}",
                String::from_utf8_lossy(&c.name),
                hex_or_text(&c.value.unwrap_or_default()),
                c.timestamp.unwrap_or_default()
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

fn hex_or_text(v: &[u8]) -> String {
    match std::str::from_utf8(v) {
        Ok(t) if !t.is_empty() && t.bytes().all(|b| b.is_ascii_graphic()) => t.to_string(),
        _ => v.iter().map(|b| format!("{b:02x}")).collect(),
    }
}

fn rows(r: Vec<KeySlice>) -> Vec<String> {
    r.into_iter()
        .map(|r| {
            format!(
                "{}: {}",
                String::from_utf8_lossy(&r.key),
                columns(r.columns)
            )
        })
        .collect()
}

/// Both servers, one call each: the gateway's answer must be the embedded one.
struct Both {
    g: Client19,
    e: Client19,
}

impl Both {
    fn put(&mut self, key: &str, name: &str, value: &[u8], ts: i64) {
        for c in [&mut self.g, &mut self.e] {
            let col = Column::new(name.as_bytes().to_vec(), value.to_vec(), ts, None);
            c.insert(key.as_bytes().to_vec(), parent(), col, CL::ONE)
                .unwrap_or_else(|e| panic!("insert {key}.{name}: {e:?}"));
        }
    }

    fn remove(&mut self, key: &str, name: Option<&str>, ts: i64) {
        for c in [&mut self.g, &mut self.e] {
            let path = ColumnPath::new(
                "People".to_string(),
                None,
                name.map(|n| n.as_bytes().to_vec()),
            );
            c.remove(key.as_bytes().to_vec(), path, ts, CL::ONE)
                .unwrap();
        }
    }

    /// The slice of `key`, checked equal on both; returned for a look.
    fn slice(&mut self, key: &str, p: SlicePredicate) -> String {
        let get = |c: &mut Client19| {
            columns(
                c.get_slice(key.as_bytes().to_vec(), parent(), p.clone(), CL::ONE)
                    .unwrap(),
            )
        };
        let want = get(&mut self.e);
        assert_eq!(get(&mut self.g), want, "get_slice {key} {p:?}");
        want
    }

    fn count(&mut self, key: &str, p: SlicePredicate) -> i32 {
        let get = |c: &mut Client19| {
            c.get_count(key.as_bytes().to_vec(), parent(), p.clone(), CL::ONE)
                .unwrap()
        };
        let want = get(&mut self.e);
        assert_eq!(get(&mut self.g), want, "get_count {key} {p:?}");
        want
    }

    fn indexed(&mut self, city: &str, p: SlicePredicate) -> Vec<String> {
        let clause = IndexClause::new(
            vec![IndexExpression::new(
                b"city".to_vec(),
                IndexOperator::EQ,
                city.as_bytes().to_vec(),
            )],
            Vec::new(),
            100,
        );
        let get = |c: &mut Client19| {
            let mut r = rows(
                c.get_indexed_slices(parent(), clause.clone(), p.clone(), CL::ONE)
                    .unwrap(),
            );
            // Token order differs by nothing here, but say so plainly.
            r.sort();
            r
        };
        let want = get(&mut self.e);
        assert_eq!(get(&mut self.g), want, "get_indexed_slices city={city}");
        want
    }

    fn scan(&mut self, p: SlicePredicate) -> Vec<String> {
        let get = |c: &mut Client19| {
            let range = KeyRange::new(Some(Vec::new()), Some(Vec::new()), None, None, 100, None);
            let mut r = rows(
                c.get_range_slices(parent(), p.clone(), range, CL::ONE)
                    .unwrap(),
            );
            r.sort();
            r
        };
        let want = get(&mut self.e);
        assert_eq!(get(&mut self.g), want, "get_range_slices");
        want
    }
}

#[test]
fn declared_and_undeclared_columns_live_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, embedded) = gateway::with_embedded(dir.path(), "?storage=noncompact");
    let mut both = Both {
        g: connect19(gateway.port),
        e: connect19(embedded.port),
    };
    keyspace(&mut both.g);
    keyspace(&mut both.e);
    let t = timestamp();
    let age = 41i64.to_be_bytes();
    // alice: declared and undeclared; bob: declared only (a partition of
    // static cells alone); carol: undeclared only.
    both.put("alice", "name", b"Alice", t);
    both.put("alice", "age", &age, t + 1);
    both.put("alice", "city", b"Paris", t + 2);
    both.put("alice", "bio", b"likes-tea", t + 3);
    both.put("alice", "zip", b"75001", t + 4);
    both.put("alice", "email", b"a@example.org", t + 5);
    both.put("bob", "city", b"Paris", t);
    both.put("carol", "zip", b"10001", t);

    // Merged in comparator order, whatever the slice.
    assert_eq!(
        both.slice("alice", range("", "", false, 100)),
        format!(
            "age={}@{}, bio=likes-tea@{}, city=Paris@{}, email=a@example.org@{}, name=Alice@{t}, zip=75001@{}",
            age.iter().map(|b| format!("{b:02x}")).collect::<String>(),
            t + 1,
            t + 3,
            t + 2,
            t + 5,
            t + 4
        )
    );
    both.slice("alice", range("", "", true, 2));
    both.slice("alice", range("b", "d", false, 100));
    both.slice("alice", range("m", "c", true, 100));
    both.slice("alice", range("", "", false, 3));
    both.slice("alice", names(&["zip", "name", "age", "nothing"]));
    assert_eq!(
        both.slice("bob", range("", "", false, 100)),
        format!("city=Paris@{t}")
    );
    assert_eq!(
        both.slice("carol", range("", "", false, 100)),
        format!("zip=10001@{t}")
    );
    assert_eq!(both.count("alice", range("", "", false, 100)), 6);
    assert_eq!(both.scan(names(&["city", "zip"])).len(), 3);

    // The index on a declared (static) column finds both Paris rows.
    assert_eq!(both.indexed("Paris", range("", "", false, 100)).len(), 2);
    assert!(both.indexed("Rome", range("", "", false, 100)).is_empty());

    // Deletions of either kind keep their timestamps.
    both.remove("alice", Some("bio"), t + 10);
    both.remove("alice", Some("age"), t + 10);
    both.put("alice", "bio", b"older", t + 9);
    assert_eq!(
        both.slice("alice", range("", "d", false, 100)),
        format!("city=Paris@{}", t + 2)
    );
    both.remove("carol", None, t + 10);
    both.slice("carol", range("", "", false, 100));

    // A column declared by an update is a static column added to the
    // table; values written afterwards read back as declared.
    for c in [&mut both.g, &mut both.e] {
        let id = c
            .describe_keyspace("Nc".into())
            .unwrap()
            .cf_defs
            .into_iter()
            .find(|d| d.name == "People")
            .unwrap()
            .id;
        let mut cf = people(Some(declared("phone", "UTF8Type", None)));
        cf.id = id;
        c.system_update_column_family(cf).unwrap();
    }
    both.put("alice", "phone", b"555-0100", t + 20);
    both.put("bob", "phone", b"555-0101", t + 20);
    both.slice("alice", range("", "", false, 100));
    both.slice("bob", range("", "", false, 100));
    both.slice("alice", names(&["phone", "zip"]));

    // In the backend, a table with static columns: its CQL3 (1.2's
    // language, 2.0's static layout) shows the undeclared cells as rows,
    // each with the partition's declared values (`bio` stays deleted).
    let mut b = connect19(backend.port);
    b.set_keyspace("Nc".into()).unwrap();
    let r = cql3(
        &mut b,
        "SELECT column1, value, city, phone FROM \"People\" WHERE key = 'alice'",
    );
    let shown: Vec<String> = r
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            r.columns
                .into_iter()
                .map(|c| String::from_utf8(c.value.unwrap_or_default()).unwrap())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect();
    assert_eq!(
        shown,
        [
            "email a@example.org Paris 555-0100",
            "zip 75001 Paris 555-0100"
        ]
    );
}
