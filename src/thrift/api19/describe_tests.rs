//! Unit tests of keyspaces described as the release answered as described
//! them (`super`), on a node made by `node::test_nodes`.

use super::super::release::{cf_id, check_cf_id};
use super::*;
use crate::node::test_nodes;
use crate::thrift::error::ApiError;

fn node_as(version: &str) -> Node {
    let mut node = test_nodes::Kit::default().node();
    node.release = crate::release::Release::find(version);
    node
}

#[test]
fn before_1_2_column_families_have_their_creation_ids() {
    use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};
    let node = node_as("0.7.10");
    let add = |name: &str| SchemaChange::AddColumnFamily(CfSpec::new("CfIds", name));
    node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("CfIds", "B")],
        ..KeyspaceSpec::simple("CfIds", 1)
    }))
    .unwrap();
    node.change_schema(add("A")).unwrap();
    node.change_schema(SchemaChange::DropColumnFamily {
        keyspace: "CfIds".into(),
        name: "A".into(),
    })
    .unwrap();
    node.change_schema(add("C")).unwrap();
    let b = cf_id(&node, "CfIds", "B").unwrap();
    assert!(b >= 1000);
    // In creation order, the dropped A's id not given again.
    assert_eq!(cf_id(&node, "CfIds", "C"), Some(b + 2));
    assert_eq!(cf_id(&node, "system", "IndexInfo"), Some(5));
    let described = keyspace(&node, "CfIds").unwrap();
    let ids: Vec<(String, Option<i32>)> = described
        .cf_defs
        .iter()
        .map(|c| (c.name.clone(), c.id))
        .collect();
    assert!(ids.contains(&("C".to_string(), Some(b + 2))), "{ids:?}");
    let mut def = described.cf_defs[0].clone();
    assert!(check_cf_id(&node, &def).is_ok());
    def.id = None;
    let expected = cf_id(&node, "CfIds", &def.name).unwrap();
    assert!(matches!(
        check_cf_id(&node, &def),
        Err(ApiError::InvalidRequest(ref w))
            if *w == format!("Column family ID mismatch (found 0; expected {expected})")
    ));
    // 1.2 and later: no such ids.
    let node = node_as("1.2.9");
    node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("CfIds", "B")],
        ..KeyspaceSpec::simple("CfIds", 1)
    }))
    .unwrap();
    let described = keyspace(&node, "CfIds").unwrap();
    assert_eq!(described.cf_defs[0].id, None);
}
