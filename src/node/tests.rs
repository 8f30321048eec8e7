//! The node's own unit tests: schema changes, reads and writes through
//! [`super::Node`] on an embedded engine.

use super::*;
use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};

/// A node on disk under `dir` with `Conf.Std`, and its seed schema.
fn node(dir: &std::path::Path) -> (Node, Schema) {
    let xml = crate::config::testing::one_keyspace(
        "Conf",
        &[r#"<ColumnFamily Name="Std" CompareWith="UTF8Type"/>"#],
        "RandomPartitioner",
        "",
    );
    super::test_nodes::node_from_xml(&xml, Some(dir))
}

fn add_keyspace(name: &str) -> SchemaChange {
    SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new(name, "A")],
        ..KeyspaceSpec::simple(name, 1)
    })
}

#[test]
fn concurrent_schema_calls_all_land_in_the_engine_and_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let (node, base) = node(dir.path());
    let names: Vec<String> = (0..8).map(|i| format!("ks{i}")).collect();
    std::thread::scope(|s| {
        for name in &names {
            let node = &node;
            s.spawn(move || node.change_schema(add_keyspace(name)).unwrap());
        }
    });
    let saved = SchemaStore::open(dir.path()).load(base).unwrap();
    for name in &names {
        assert!(
            node.schema().cf(name, "A").is_some(),
            "{name} in the engine"
        );
        assert!(saved.cf(name, "A").is_some(), "{name} in the file");
    }
    assert_eq!(saved.version(), node.schema().version());
}

#[test]
fn a_refused_schema_change_leaves_schema_and_file_as_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let (node, base) = node(dir.path());
    node.change_schema(add_keyspace("kept")).unwrap();
    let before = node.schema().version();
    assert!(matches!(
        node.change_schema(add_keyspace("kept")),
        Err(NodeError::Invalid(_))
    ));
    node.engine().unwrap().shutdown().unwrap();
    assert!(matches!(
        node.change_schema(add_keyspace("lost")),
        Err(NodeError::Internal(_))
    ));
    assert_eq!(node.schema().version(), before);
    let saved = SchemaStore::open(dir.path()).load(base).unwrap();
    assert!(saved.keyspace("kept").is_some());
    assert!(saved.keyspace("lost").is_none(), "the file was put back");
}

#[test]
fn before_1_1_a_schema_version_is_its_migrations_time_uuid() {
    let dir = tempfile::tempdir().unwrap();
    let (mut node, _) = node(dir.path());
    node.release = crate::release::Release::find("1.0.12");
    let fresh = node.schema_version();
    assert_eq!(fresh.to_string(), "00000000-0000-1000-0000-000000000000");
    let first = node.change_schema(add_keyspace("a")).unwrap();
    let second = node.change_schema(add_keyspace("b")).unwrap();
    assert_ne!(first, second);
    assert_eq!(node.schema_version().to_string(), second);
    assert_eq!(node.schema_version().get_version_num(), 1);
    // From 1.1 the digest of the content, as without a release.
    node.release = crate::release::Release::find("1.1.12");
    assert_eq!(node.schema_version(), node.schema().version());
    assert_eq!(node.schema_version().get_version_num(), 3);
}
