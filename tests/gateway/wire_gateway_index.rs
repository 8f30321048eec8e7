//! Secondary indexes through a gateway (`gateway::index`): a KEYS index made
//! through the gateway becomes the backend's own index, index queries
//! (`get_indexed_slices` with several filters and paging by start key,
//! `get_range_slices` with a `row_filter`, CQL3 and CQL 2 SELECTs on the
//! indexed column) answer exactly what an embedded server answers to the
//! same calls, and dropping the index drops it in the backend. The gateway
//! runs in front of a backend supercolumn serving native; the embedded
//! server gets the same schema and writes.

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, Compression, ConsistencyLevel as CL, IndexClause, IndexExpression,
    IndexOperator, KeyRange, KeySlice, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::thrift19::{declared, names, simple_keyspace};
use wire::{connect19, cql3, gateway, ire19, Client19};

fn people(indexed: bool) -> CfDef {
    CfDef {
        comparator_type: Some("UTF8Type".into()),
        key_validation_class: Some("UTF8Type".into()),
        default_validation_class: Some("UTF8Type".into()),
        column_metadata: Some(vec![
            declared("age", "LongType", None),
            declared("city", "UTF8Type", None),
            declared("name", "UTF8Type", None),
            declared("state", "UTF8Type", indexed.then_some("people_state")),
        ]),
        ..blank_cf_def("Idx", "People")
    }
}

fn keyspace(c: &mut Client19) {
    let ks = simple_keyspace("Idx", vec![people(true)]);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Idx".into()).unwrap();
}

fn parent() -> ColumnParent {
    ColumnParent::new("People".to_string(), None)
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn expr(column: &str, op: IndexOperator, value: &[u8]) -> IndexExpression {
    IndexExpression::new(column.as_bytes().to_vec(), op, value.to_vec())
}

fn eq(column: &str, value: &str) -> IndexExpression {
    expr(column, IndexOperator::EQ, value.as_bytes())
}

fn age(op: IndexOperator, v: i64) -> IndexExpression {
    expr("age", op, &v.to_be_bytes())
}

/// Each row as `key: name=value@ts, ...`.
fn show(rows: Vec<KeySlice>) -> Vec<String> {
    rows.into_iter()
        .map(|r| {
            let cols: Vec<String> = r
                .columns
                .into_iter()
                .map(|c| {
                    let c = c.column.unwrap();
                    format!(
                        "{}={:?}@{}",
                        String::from_utf8_lossy(&c.name),
                        c.value.unwrap_or_default(),
                        c.timestamp.unwrap_or_default()
                    )
                })
                .collect();
            format!("{}: {}", String::from_utf8_lossy(&r.key), cols.join(", "))
        })
        .collect()
}

fn indexed(
    c: &mut Client19,
    exprs: Vec<IndexExpression>,
    start: &str,
    count: i32,
    p: SlicePredicate,
) -> thrift::Result<Vec<String>> {
    let clause = IndexClause::new(exprs, start.as_bytes().to_vec(), count);
    c.get_indexed_slices(parent(), clause, p, CL::ONE).map(show)
}

/// Every page of an indexed query of `per` rows, resumed from the last key
/// (which comes back first and is dropped, as clients page).
fn pages(c: &mut Client19, exprs: &[IndexExpression], per: i32) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    let mut start = String::new();
    loop {
        let mut page = indexed(c, exprs.to_vec(), &start, per, all()).unwrap();
        if !start.is_empty() {
            assert!(page
                .first()
                .is_some_and(|r| r.starts_with(&format!("{start}:"))));
            page.remove(0);
        }
        let Some(last) = page.last() else {
            break;
        };
        start = last.split(':').next().unwrap().to_string();
        let full = page.len() + usize::from(!out.is_empty()) == per as usize;
        out.push(page);
        if !full {
            break;
        }
    }
    out
}

fn put(c: &mut Client19, key: &str, name: &str, value: &[u8], ts: i64) {
    let col = Column::new(name.as_bytes().to_vec(), value.to_vec(), ts, None);
    c.insert(key.as_bytes().to_vec(), parent(), col, CL::ONE)
        .unwrap();
}

fn rows_of(c: &mut Client19) {
    for i in 0..30i64 {
        let key = format!("p{i:02}");
        let state = ["TX", "CA", "TX", "NY"][i as usize % 4];
        put(c, &key, "state", state.as_bytes(), 1000 + i);
        put(c, &key, "age", &(20 + i).to_be_bytes(), 1000 + i);
        put(c, &key, "name", format!("N{i}").as_bytes(), 1000 + i);
        if i % 3 == 0 {
            put(c, &key, "city", b"Austin", 1000 + i);
        }
    }
}

fn cql_rows(c: &mut Client19, query: &str) -> Vec<String> {
    let result = cql3(c, query);
    result
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            let cols: Vec<String> = r
                .columns
                .into_iter()
                .map(|c| format!("{:?}={:?}", c.name, c.value))
                .collect();
            format!("{:?}: {}", r.key, cols.join(", "))
        })
        .collect()
}

fn cql2_rows(c: &mut Client19, query: &str) -> Vec<String> {
    c.set_cql_version("2.0.0".into()).unwrap();
    let result = c
        .execute_cql_query(query.as_bytes().to_vec(), Compression::NONE)
        .unwrap_or_else(|e| panic!("{query}: {e:?}"));
    c.set_cql_version("3.0.0".into()).unwrap();
    result
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            let cols: Vec<String> = r
                .columns
                .into_iter()
                .map(|c| format!("{:?}={:?}", c.name, c.value))
                .collect();
            format!("{:?}: {}", r.key, cols.join(", "))
        })
        .collect()
}

/// The index as the backend's own schema shows it.
fn backend_index(b: &mut Client19) -> Option<String> {
    let ks = b.describe_keyspace("Idx".into()).unwrap();
    let cf = ks.cf_defs.into_iter().find(|c| c.name == "People").unwrap();
    cf.column_metadata
        .unwrap_or_default()
        .into_iter()
        .find(|c| c.name == b"state")
        .and_then(|c| c.index_type.map(|_| c.index_name.unwrap_or_default()))
}

#[test]
fn index_queries_through_a_gateway_answer_as_the_embedded_engine() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, embedded) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut e = connect19(embedded.port);
    let mut b = connect19(backend.port);
    for c in [&mut g, &mut e] {
        keyspace(c);
        rows_of(c);
    }
    // The index is the backend's own, under the schema's name.
    assert_eq!(backend_index(&mut b).as_deref(), Some("people_state"));

    use IndexOperator as Op;
    let queries: Vec<(Vec<IndexExpression>, &str, i32, SlicePredicate)> = vec![
        (vec![eq("state", "TX")], "", 100, all()),
        (vec![eq("state", "TX")], "", 3, names(&["name", "city"])),
        (vec![eq("state", "TX")], "p10", 5, all()),
        (
            vec![eq("state", "TX"), age(Op::GT, 25), age(Op::LTE, 44)],
            "",
            100,
            names(&["name"]),
        ),
        (
            vec![age(Op::GTE, 30), eq("state", "TX"), age(Op::LT, 40)],
            "",
            100,
            all(),
        ),
        (
            vec![eq("state", "TX"), eq("city", "Austin")],
            "",
            100,
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], true, 1)),
        ),
        (vec![eq("state", "NY"), eq("city", "Paris")], "", 100, all()),
        (vec![eq("state", "XX")], "", 100, all()),
        (vec![eq("state", "CA")], "", 0, all()),
    ];
    for (exprs, start, count, p) in &queries {
        let want = indexed(&mut e, exprs.clone(), start, *count, p.clone()).unwrap();
        let got = indexed(&mut g, exprs.clone(), start, *count, p.clone()).unwrap();
        assert_eq!(got, want, "{exprs:?} from {start:?}, {count}");
    }
    assert_eq!(
        indexed(&mut g, vec![eq("state", "TX")], "", 100, all())
            .unwrap()
            .len(),
        15
    );

    // Paging by start key, 4 rows a page.
    for exprs in [
        vec![eq("state", "TX")],
        vec![eq("state", "CA"), age(Op::GT, 22)],
    ] {
        let want = pages(&mut e, &exprs, 4);
        assert!(want.len() >= 2, "{want:?}");
        assert_eq!(pages(&mut g, &exprs, 4), want);
    }

    // The engine's checks and messages come first; filters CQL cannot
    // express on 3.x are refused with the reason.
    for exprs in [vec![age(Op::GT, 1)], vec![eq("city", "Austin")]] {
        let want = ire19(indexed(&mut e, exprs.clone(), "", 10, all()));
        assert_eq!(ire19(indexed(&mut g, exprs, "", 10, all())), want);
    }
    let why = ire19(indexed(
        &mut g,
        vec![eq("state", "TX"), eq("undeclared", "x")],
        "",
        10,
        all(),
    ));
    assert!(why.contains("does not declare"), "{why}");

    // get_range_slices with a row_filter.
    let min = "-9223372036854775808".to_string();
    let range = KeyRange::new(
        None,
        None,
        Some(min.clone()),
        Some(min),
        100,
        Some(vec![eq("state", "TX"), age(Op::GTE, 30)]),
    );
    let want = show(
        e.get_range_slices(parent(), names(&["age", "name"]), range.clone(), CL::ONE)
            .unwrap(),
    );
    assert_eq!(want.len(), 10, "{want:?}");
    let got = show(
        g.get_range_slices(parent(), names(&["age", "name"]), range, CL::ONE)
            .unwrap(),
    );
    assert_eq!(got, want);

    // CQL3 and CQL 2 over Thrift go through the same calls.
    for q in [
        "SELECT name, age FROM \"People\" WHERE state = 'TX'",
        "SELECT * FROM \"People\" WHERE state = 'CA' LIMIT 3",
        "SELECT name FROM \"People\" WHERE state = 'TX' AND age > 30 ALLOW FILTERING",
        "SELECT name FROM \"People\" WHERE state = 'TX' AND token(key) > token('p10')",
        "SELECT count(*) FROM \"People\" WHERE state = 'NY'",
    ] {
        let want = cql_rows(&mut e, q);
        assert!(!want.is_empty(), "{q}");
        assert_eq!(cql_rows(&mut g, q), want, "{q}");
    }
    let q = "SELECT name, state FROM People WHERE state = 'TX' AND age > 40";
    let want = cql2_rows(&mut e, q);
    assert!(!want.is_empty(), "{q}");
    assert_eq!(cql2_rows(&mut g, q), want, "{q}");

    // The index follows updates and deletions.
    for c in [&mut g, &mut e] {
        put(c, "p01", "state", b"TX", 5000);
        let path = supercolumn::thrift::gen::cassandra19::ColumnPath::new(
            "People".to_string(),
            None,
            b"state".to_vec(),
        );
        c.remove(b"p04".to_vec(), path, 5000, CL::ONE).unwrap();
    }
    let want = indexed(&mut e, vec![eq("state", "TX")], "", 100, names(&["state"])).unwrap();
    assert_eq!(want.len(), 15);
    assert_eq!(
        indexed(&mut g, vec![eq("state", "TX")], "", 100, names(&["state"])).unwrap(),
        want
    );

    // Dropping the index drops it in the backend; adding it back makes it
    // there again, over the rows already written.
    for c in [&mut g, &mut e] {
        let mut cf = people(false);
        let id = c
            .describe_keyspace("Idx".into())
            .unwrap()
            .cf_defs
            .into_iter()
            .find(|d| d.name == "People")
            .unwrap()
            .id;
        cf.id = id;
        c.system_update_column_family(cf).unwrap();
    }
    assert_eq!(backend_index(&mut b), None);
    let want = ire19(indexed(&mut e, vec![eq("state", "TX")], "", 10, all()));
    assert_eq!(
        ire19(indexed(&mut g, vec![eq("state", "TX")], "", 10, all())),
        want
    );
    // CQL 2 (CQL3's index DDL on a Thrift CF: wire_gateway_index_cql3.rs).
    cql2_rows(&mut g, "CREATE INDEX people_state ON People (state)");
    cql2_rows(&mut e, "CREATE INDEX people_state ON People (state)");
    assert_eq!(backend_index(&mut b).as_deref(), Some("people_state"));
    let want = indexed(&mut e, vec![eq("state", "CA")], "", 100, all()).unwrap();
    assert_eq!(want.len(), 7);
    assert_eq!(
        indexed(&mut g, vec![eq("state", "CA")], "", 100, all()).unwrap(),
        want
    );
    cql2_rows(&mut g, "DROP INDEX people_state");
    assert_eq!(backend_index(&mut b), None);
}

#[test]
fn cql3_tables_index_through_a_gateway() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway, embedded) = gateway::with_embedded(dir.path(), "");
    let mut g = connect19(gateway.port);
    let mut e = connect19(embedded.port);
    for c in [&mut g, &mut e] {
        cql3(
            c,
            "CREATE KEYSPACE q WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
        );
        cql3(c, "USE q");
        cql3(
            c,
            "CREATE TABLE t (k int, c int, v text, w int, PRIMARY KEY (k, c))",
        );
        cql3(c, "CREATE INDEX t_v ON t (v)");
        for k in 0..12 {
            for c2 in 0..3 {
                let v = if (k + c2) % 3 == 0 { "x" } else { "y" };
                cql3(
                    c,
                    &format!(
                        "INSERT INTO t (k, c, v, w) VALUES ({k}, {c2}, '{v}', {})",
                        k * c2
                    ),
                );
            }
        }
    }
    // The index is the backend's own: it answers the query itself (1.2's
    // CQL3 refuses a WHERE on an unindexed column).
    let mut b = connect19(backend.port);
    assert_eq!(
        cql_rows(&mut b, "SELECT k FROM q.t WHERE v = 'x'").len(),
        12
    );
    for q in [
        "SELECT * FROM t WHERE v = 'x'",
        "SELECT k, c FROM t WHERE v = 'y' LIMIT 5",
        "SELECT k, w FROM t WHERE v = 'x' AND w > 4 ALLOW FILTERING",
    ] {
        let want = cql_rows(&mut e, q);
        assert!(!want.is_empty(), "{q}");
        assert_eq!(cql_rows(&mut g, q), want, "{q}");
    }
}
