//! Unit tests of [`super`]: how the schema tables list `system_traces`,
//! by the release claimed.

use super::super::traces::KEYSPACE;
use super::*;
use crate::config::Config;

/// The values of `keyspace.name`'s cells in partition `key`, as text
/// where they are (names are composites and left out).
fn values(release: &str, keyspace: &str, name: &str, key: &str) -> (bool, Vec<Vec<u8>>) {
    let schema = Schema::from_config(&Config::builtin()).unwrap();
    let local = LocalFacts::claiming(release);
    let table = table(keyspace, name, &local).unwrap();
    let source = SchemaSource {
        schema: &schema,
        table: &table,
        local: &local,
    };
    let listed = source
        .scan_keys(Bound::Unbounded, Bound::Unbounded)
        .unwrap()
        .contains(&key.as_bytes().to_vec());
    let all = Slice::Range {
        start: Vec::new(),
        finish: Vec::new(),
        reversed: false,
        count: usize::MAX,
    };
    let cells = source.read(key.as_bytes(), &all).unwrap();
    (
        listed,
        cells.into_iter().map(|c| c.value.to_vec()).collect(),
    )
}

fn has(values: &[Vec<u8>], text: &str) -> bool {
    values.iter().any(|v| v == text.as_bytes())
}

const M: &str = "org.apache.cassandra.db.marshal.";

#[test]
fn the_1_2_schema_tables_list_the_keyspace_and_its_two_tables() {
    let (listed, ks) = values("1.2.9", "system", "schema_keyspaces", KEYSPACE);
    assert!(listed);
    assert!(has(&ks, r#"{"replication_factor":"1"}"#));
    let (_, cfs) = values("1.2.9", "system", "schema_columnfamilies", KEYSPACE);
    assert!(has(&cfs, "traced sessions"));
    assert!(has(&cfs, r#"["session_id"]"#));
    assert!(has(&cfs, r#"["event_id"]"#));
    assert!(has(
        &cfs,
        &format!("{M}CompositeType({M}TimeUUIDType,{M}UTF8Type)")
    ));
    assert!(has(&cfs, &format!(
        "{M}CompositeType({M}UTF8Type,{M}ColumnToCollectionType(706172616d6574657273:{M}MapType({M}UTF8Type,{M}UTF8Type)))"
    )));
    assert!(has(&cfs, &format!("{M}UUIDType")));
    // gc grace 0, and no old-style id (1.2 gave them none).
    assert!(cfs.contains(&0i32.to_be_bytes().to_vec()));
    assert!(!cfs.iter().any(|v| v.len() == 4
        && v != &0i32.to_be_bytes()
        && v != &4i32.to_be_bytes()
        && v != &32i32.to_be_bytes()));
    let (_, cols) = values("1.2.9", "system", "schema_columns", KEYSPACE);
    assert!(has(&cols, &format!("{M}InetAddressType")));
    assert!(has(&cols, &format!("{M}DateType")));
    assert!(has(&cols, &format!("{M}MapType({M}UTF8Type,{M}UTF8Type)")));
    let (_, ks2) = values("2.0.17", "system", "schema_keyspaces", KEYSPACE);
    assert!(has(&ks2, r#"{"replication_factor":"2"}"#));
    let (_, cols2) = values("2.0.17", "system", "schema_columns", KEYSPACE);
    for kind in ["partition_key", "clustering_key", "regular"] {
        assert!(has(&cols2, kind), "{kind}");
    }
}

#[test]
fn the_triggers_table_is_there_from_2_0_and_empty() {
    assert!(table("system", "schema_triggers", &LocalFacts::claiming("1.2.9")).is_none());
    let (listed, rows) = values("2.0.17", "system", "schema_triggers", KEYSPACE);
    assert!(!listed && rows.is_empty());
}

#[test]
fn the_function_tables_are_there_from_2_2_and_empty() {
    for name in ["schema_functions", "schema_aggregates"] {
        assert!(table("system", name, &LocalFacts::claiming("2.1.22")).is_none());
        let t = table("system", name, &LocalFacts::claiming("2.2.19")).expect(name);
        assert_eq!(t.clustering.len(), 2, "{name}");
        let (listed, rows) = values("2.2.19", "system", name, KEYSPACE);
        assert!(!listed && rows.is_empty(), "{name}");
    }
}

#[test]
fn releases_before_1_2_list_no_tracing_keyspace() {
    let (listed, ks) = values("1.1.12", "system", "schema_keyspaces", KEYSPACE);
    assert!(!listed && ks.is_empty());
    let (_, cfs) = values("1.1.12", "system", "schema_columnfamilies", KEYSPACE);
    assert!(cfs.is_empty());
}

#[test]
fn the_2_2_schema_tables_list_its_role_and_repair_keyspaces() {
    for (keyspace, rf, table) in [
        ("system_auth", "1", "role memberships lookup table"),
        ("system_distributed", "3", "Repair history"),
    ] {
        let (listed, ks) = values("2.2.19", "system", "schema_keyspaces", keyspace);
        assert!(listed, "{keyspace}");
        assert!(has(&ks, &format!(r#"{{"replication_factor":"{rf}"}}"#)));
        let (_, cfs) = values("2.2.19", "system", "schema_columnfamilies", keyspace);
        assert!(has(&cfs, table), "{keyspace}");
        let (listed, _) = values("2.1.22", "system", "schema_keyspaces", keyspace);
        assert!(!listed, "{keyspace} before 2.2");
    }
}

#[test]
fn the_4_0_schema_tables_list_them_with_2_0_options() {
    let (listed, ks) = values("4.0.0", "system_schema", "keyspaces", KEYSPACE);
    assert!(listed);
    // `replication` is a frozen map: one cell of its serialized entries.
    let mut replication = 2i32.to_be_bytes().to_vec();
    for part in [
        "class",
        "org.apache.cassandra.locator.SimpleStrategy",
        "replication_factor",
        "2",
    ] {
        replication.extend((part.len() as i32).to_be_bytes());
        replication.extend(part.as_bytes());
    }
    assert!(ks.contains(&replication), "{ks:?}");
    let (_, tables) = values("4.0.0", "system_schema", "tables", KEYSPACE);
    assert!(has(&tables, "traced sessions"));
    assert!(tables.contains(&86_400i32.to_be_bytes().to_vec()));
    assert!(tables.contains(&3_600_000i32.to_be_bytes().to_vec()));
    let (_, cols) = values("4.0.0", "system_schema", "columns", KEYSPACE);
    for ty in ["uuid", "timeuuid", "inet", "map<text, text>", "timestamp"] {
        assert!(has(&cols, ty), "{ty}");
    }
    assert!(has(&cols, "clustering") && has(&cols, "partition_key"));
}
