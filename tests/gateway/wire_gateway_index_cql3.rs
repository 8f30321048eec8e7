//! CQL3's `CREATE INDEX`/`DROP INDEX` on a Thrift static column family
//! through a gateway (`gateway::index`, `schema::legacy3x::is_plain_thrift`):
//! the CF keeps 1.2.9's schema (no CQL3 aliases) and its table in the
//! cluster, the index becomes the backend's own, and Thrift index reads and
//! CQL3 SELECTs on the indexed column answer exactly what an embedded server
//! answers, before and after the gateway restarts on its persisted schema.
//! A CF holding the default aliases (`key_alias` "key", which supercolumn's
//! CQL3 DDL wrote before) is served the same. Both table layouts: 3.x's
//! compact one and 4.x's (`storage=noncompact`).

use crate::support::wire;

use std::path::Path;
use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, Compression, ConsistencyLevel as CL, IndexClause, IndexExpression,
    IndexOperator, KeyRange, KeySlice, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::gateway::{backend_url, native_backend, v19_without_keyspaces};
use wire::thrift19::{declared, names, simple_keyspace};
use wire::{connect19, cql3, ire19, Client19, Server};

fn people() -> CfDef {
    CfDef {
        comparator_type: Some("UTF8Type".into()),
        key_validation_class: Some("UTF8Type".into()),
        default_validation_class: Some("UTF8Type".into()),
        column_metadata: Some(vec![
            declared("age", "LongType", None),
            declared("city", "UTF8Type", None),
            declared("name", "UTF8Type", None),
            declared("state", "UTF8Type", None),
        ]),
        ..blank_cf_def("Idx", "People")
    }
}

fn keyspace(c: &mut Client19) {
    let ks = simple_keyspace("Idx", vec![people()]);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("Idx".into()).unwrap();
}

fn parent() -> ColumnParent {
    ColumnParent::new("People".to_string(), None)
}

fn put(c: &mut Client19, key: &str, name: &str, value: &[u8], ts: i64) {
    let col = Column::new(name.as_bytes().to_vec(), value.to_vec(), ts, None);
    c.insert(key.as_bytes().to_vec(), parent(), col, CL::ONE)
        .unwrap();
}

fn rows_of(c: &mut Client19) {
    for i in 0..20i64 {
        let key = format!("p{i:02}");
        put(
            c,
            &key,
            "state",
            ["TX", "CA", "NY"][i as usize % 3].as_bytes(),
            1000 + i,
        );
        put(c, &key, "age", &(20 + i).to_be_bytes(), 1000 + i);
        put(c, &key, "name", format!("N{i}").as_bytes(), 1000 + i);
    }
}

fn eq(column: &str, value: &[u8]) -> IndexExpression {
    IndexExpression::new(
        column.as_bytes().to_vec(),
        IndexOperator::EQ,
        value.to_vec(),
    )
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
                    let name = String::from_utf8_lossy(&c.name).into_owned();
                    format!("{name}={:?}@{:?}", c.value, c.timestamp)
                })
                .collect();
            format!("{}: {}", String::from_utf8_lossy(&r.key), cols.join(", "))
        })
        .collect()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The rows of a CQL3 query, or its error's text.
fn cql_rows(c: &mut Client19, query: &str) -> Vec<String> {
    let result = c.execute_cql3_query(query.as_bytes().to_vec(), Compression::NONE, CL::ONE);
    let result = match result {
        Ok(r) => r,
        Err(e) => return vec![ire19::<()>(Err(e))],
    };
    result
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|r| {
            let cols: Vec<String> = r
                .columns
                .into_iter()
                .map(|c| format!("{}={}", text(&c.name), text(&c.value.unwrap_or_default())))
                .collect();
            format!("{}: {}", text(&r.key), cols.join(", "))
        })
        .collect()
}

/// Every read the index serves, through `c`: `get_indexed_slices` (with
/// a start key and a count), `get_range_slices` with a `row_filter`, CQL3
/// SELECTs on the indexed column; errors as their text.
fn reads(c: &mut Client19) -> Vec<String> {
    let all = || SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100));
    let age = |op, v: i64| IndexExpression::new(b"age".to_vec(), op, v.to_be_bytes().to_vec());
    let mut out = Vec::new();
    let clauses = [
        IndexClause::new(vec![eq("state", b"TX")], vec![], 100),
        IndexClause::new(vec![eq("state", b"CA")], b"p07".to_vec(), 3),
        IndexClause::new(
            vec![eq("state", b"NY"), age(IndexOperator::GT, 25)],
            vec![],
            100,
        ),
        IndexClause::new(vec![age(IndexOperator::GT, 25)], vec![], 100),
    ];
    for clause in clauses {
        out.push(
            match c.get_indexed_slices(parent(), clause, all(), CL::ONE) {
                Ok(rows) => show(rows).join("; "),
                Err(e) => ire19::<()>(Err(e)),
            },
        );
    }
    let min = "-9223372036854775808".to_string();
    let range = KeyRange::new(
        None,
        None,
        Some(min.clone()),
        Some(min),
        100,
        Some(vec![eq("state", b"TX"), age(IndexOperator::GTE, 30)]),
    );
    out.push(
        match c.get_range_slices(parent(), names(&["age", "name"]), range, CL::ONE) {
            Ok(rows) => show(rows).join("; "),
            Err(e) => ire19::<()>(Err(e)),
        },
    );
    for q in [
        "SELECT name, age FROM \"People\" WHERE state = 'TX'",
        "SELECT * FROM \"People\" WHERE state = 'CA' LIMIT 3",
        "SELECT name FROM \"People\" WHERE state = 'NY' AND age > 30 ALLOW FILTERING",
        "SELECT count(*) FROM \"People\" WHERE state = 'TX'",
    ] {
        out.push(format!("{q}: {}", cql_rows(c, q).join("; ")));
    }
    out
}

/// The backend's own index on `People.state`, by its name, as its schema
/// holds it (with the 4.x layout the table is a CQL3 one, which Thrift's
/// describe hides).
fn backend_index(b: &mut Client19) -> Option<String> {
    let rows = cql_rows(
        b,
        "SELECT column_name, index_name FROM system.schema_columns \
         WHERE keyspace_name = 'Idx' AND columnfamily_name = 'People'",
    );
    let state = rows.iter().find(|r| r.contains("column_name=state,"))?;
    let name = state.split("index_name=").nth(1)?;
    (!name.is_empty()).then(|| name.to_string())
}

/// What 1.2's schema tables and Thrift's describe show of `People`.
fn schema_of(c: &mut Client19) -> (Vec<String>, Option<Vec<u8>>) {
    let rows = cql_rows(
        c,
        "SELECT key_aliases, column_aliases, value_alias FROM system.schema_columnfamilies \
         WHERE keyspace_name = 'Idx' AND columnfamily_name = 'People'",
    );
    let ks = c.describe_keyspace("Idx".into()).unwrap();
    let cf = ks.cf_defs.into_iter().find(|d| d.name == "People").unwrap();
    (rows, cf.key_alias)
}

fn gateway_on(conf: &Path, data: &Path, url: &str) -> Server {
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
        "--backend",
        url,
    ])
}

fn cql3_index_ddl_on_a_thrift_cf(options: &str) {
    let dir = tempfile::tempdir().unwrap();
    let conf = v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let url = backend_url(&backend, options);
    let data = dir.path().join("gateway");
    let mut gateway = gateway_on(&conf, &data, &url);
    let embedded = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    let mut g = connect19(gateway.port);
    let mut e = connect19(embedded.port);
    let mut b = connect19(backend.port);
    for c in [&mut g, &mut e] {
        keyspace(c);
        rows_of(c);
        cql3(c, "CREATE INDEX ON \"People\" (state)");
    }
    // 1.2.9 kept a Thrift CF's aliases absent: no `key_alias` either.
    let schema = schema_of(&mut e);
    assert!(
        schema.0[0].contains("key_aliases=[], column_aliases=[], value_alias="),
        "{schema:?}"
    );
    assert_eq!(schema.1, None);
    assert_eq!(schema_of(&mut g), schema);
    assert_eq!(
        backend_index(&mut b).as_deref(),
        Some("People_state_idx"),
        "the backend's own index, under 1.2's default name"
    );
    let want = reads(&mut e);
    assert!(want[0].matches("p").count() >= 7, "{want:?}");
    assert!(want[3].contains("No indexed columns"), "{want:?}");
    assert_eq!(reads(&mut g), want);

    // Restarted on its persisted schema, the gateway serves the same.
    drop(g);
    gateway.terminate();
    gateway = gateway_on(&conf, &data, &url);
    let mut g = connect19(gateway.port);
    g.set_keyspace("Idx".into()).unwrap();
    assert_eq!(reads(&mut g), want);
    for c in [&mut g, &mut e] {
        put(c, "p03", "state", b"TX", 5000);
    }
    assert_eq!(reads(&mut g), reads(&mut e));

    // DROP INDEX drops the backend's; the reads refuse alike.
    for c in [&mut g, &mut e] {
        cql3(c, "DROP INDEX \"People_state_idx\"");
    }
    assert_eq!(backend_index(&mut b), None);
    let want = reads(&mut e);
    assert!(want[0].contains("No indexed columns"), "{want:?}");
    assert_eq!(reads(&mut g), want);

    // A CF holding the default aliases (Thrift's key_alias "key") is the
    // same table: indexed through CQL3 again, under a given name.
    for c in [&mut g, &mut e] {
        let id = c
            .describe_keyspace("Idx".into())
            .unwrap()
            .cf_defs
            .into_iter()
            .find(|d| d.name == "People")
            .unwrap()
            .id;
        let cf = CfDef {
            id,
            key_alias: Some(b"key".to_vec()),
            ..people()
        };
        c.system_update_column_family(cf).unwrap();
        cql3(c, "CREATE INDEX people_state ON \"People\" (state)");
    }
    assert_eq!(schema_of(&mut g), schema_of(&mut e));
    assert_eq!(backend_index(&mut b).as_deref(), Some("people_state"));
    let want = reads(&mut e);
    assert_eq!(reads(&mut g), want);
    drop(g);
    gateway.terminate();
    let gateway = gateway_on(&conf, &data, &url);
    let mut g = connect19(gateway.port);
    g.set_keyspace("Idx".into()).unwrap();
    assert_eq!(reads(&mut g), want);
}

#[test]
fn cql3_index_ddl_on_a_thrift_cf_through_a_gateway() {
    cql3_index_ddl_on_a_thrift_cf("");
}

#[test]
fn cql3_index_ddl_on_a_thrift_cf_with_the_4x_layout() {
    cql3_index_ddl_on_a_thrift_cf("?storage=noncompact");
}
