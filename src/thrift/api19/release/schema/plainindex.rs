//! A COMPOSITES index of a column family of plain names in 1.2 and 2.0:
//! the release took the definition (its options checked), put it in the
//! schema,
//! then failed to open the index (`CompositesIndexOnRegular` read the
//! column family's comparator as a `CompositeType`), which closed the
//! connection. A new keyspace was made as far as its column families were
//! opened: in the order of the `HashMap` of their names, up to and with
//! the failing one, the later ones never. 2.1 on indexed such a column
//! family (its cell names were composite whatever the comparator).
//!
//! Such a keyspace could not be dropped after: the drop failed on the
//! server (the connection closed) and the keyspace stayed.
//!
//! In 2.0 (`UnopenedStoreCloses`) the failing column family was in the
//! schema without a store: what asked for the store closed the connection
//! (a read, a count, a write of a column; a removal never asked), a drop of
//! the keyspace removed the column families before it in the keyspace's
//! `HashMap` order and stopped at it, and a later column family change of
//! the keyspace made those the creation never reached.
//!
//! This owns which column family fails, what of the keyspace stays, the
//! keyspaces that cannot be dropped and the column families still to be
//! made; it changes the schema only as the release's failed merges did
//! (the checks of a change are the node's).

use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::javaorder::string_hashmap_order;
use crate::schema::legacy3x::legacy_table_id;
use crate::schema::{composites_of_plain_names, CfSpec, IndexType, KeyspaceSpec, SchemaChange};
use crate::thrift::error::{ApiError, ApiResult};

/// Whether the release fails to open this column family's index: a
/// Standard CF whose comparator is not composite, with a COMPOSITES index.
pub fn fails(release: Option<&Release>, cf: &CfSpec) -> bool {
    let comparator = cf.comparator_type.as_deref().unwrap_or("BytesType");
    release.is_some_and(|r| r.does(Behaviour::CompositesIndexOfPlainNamesFails))
        && cf.column_type.as_deref() != Some("Super")
        && !comparator.contains("CompositeType")
        && cf
            .column_metadata
            .iter()
            .flatten()
            .any(|c| c.index_type == Some(IndexType::Composites))
}

/// The keyspace as the release left it when one of its column families
/// failed: `Some(name)` of the failing one, `spec` keeping the column
/// families opened before it and itself.
pub fn opened_part(release: Option<&Release>, spec: &mut KeyspaceSpec) -> Option<String> {
    let order = string_hashmap_order(spec.cf_defs.iter().map(|cf| cf.name.as_str()));
    let at = order.iter().position(|name| {
        spec.cf_defs
            .iter()
            .any(|cf| cf.name == *name && fails(release, cf))
    })?;
    let kept: Vec<String> = order[..=at].iter().map(|n| n.to_string()).collect();
    let failed = kept[at].clone();
    spec.cf_defs.retain(|cf| kept.contains(&cf.name));
    Some(failed)
}

/// Notes that `keyspace` holds a column family the release failed to open.
pub fn note_failure(node: &Node, keyspace: &str) {
    node.unopened_keyspaces.lock().insert(keyspace.to_string());
}

/// A drop of a keyspace holding such a column family, as the release
/// failed it: the connection closed, the keyspace kept; 2.0 had dropped
/// the column families before the failing one in the keyspace's `HashMap`
/// order.
pub fn check_drop(node: &Node, keyspace: &str) -> Result<(), ApiError> {
    if !node.unopened_keyspaces.lock().contains(keyspace) {
        return Ok(());
    }
    if stores_missing(node) {
        let names: Vec<String> = node
            .schema()
            .keyspace(keyspace)
            .map(|ks| ks.cfs.keys().cloned().collect())
            .unwrap_or_default();
        let schema = node.schema();
        for name in string_hashmap_order(names.iter().map(String::as_str)) {
            if schema
                .cf(keyspace, name)
                .is_some_and(|cf| composites_of_plain_names(cf))
            {
                break;
            }
            node.change_schema(SchemaChange::DropColumnFamily {
                keyspace: keyspace.to_string(),
                name: name.to_string(),
            })
            .map_err(ApiError::from)?;
        }
    }
    Err(ApiError::Dropped(format!(
        "the release failed to drop {keyspace}, which held an index it could not open"
    )))
}

fn stores_missing(node: &Node) -> bool {
    node.release
        .is_some_and(|r| r.does(Behaviour::UnopenedStoreCloses))
}

/// Closes the connection where 2.0 asked for the store of `cf` of
/// `keyspace` and it had none (the column family whose index failed).
pub fn check_store(node: &Node, keyspace: &str, cf: &str) -> ApiResult<()> {
    match unstored(node, keyspace, cf) {
        true => Err(ApiError::Dropped(format!(
            "the release had no store for {keyspace}.{cf}, whose index it could not open"
        ))),
        false => Ok(()),
    }
}

/// `get_count` asked for the store by the column family's id first,
/// refused as unknown by the id 2.0 gave it (the name-based UUID of the
/// keyspace's and the column family's names).
pub fn check_count(node: &Node, keyspace: &str, cf: &str) -> ApiResult<()> {
    if !unstored(node, keyspace, cf) {
        return Ok(());
    }
    let id = uuid::Uuid::from_bytes(legacy_table_id(keyspace, cf));
    Err(ApiError::invalid(format!("Unknown CF {id}")))
}

/// Whether `cf` of `keyspace` is a column family 2.0 made without a store.
pub fn unstored(node: &Node, keyspace: &str, cf: &str) -> bool {
    stores_missing(node)
        && node.unopened_keyspaces.lock().contains(keyspace)
        && node
            .schema()
            .cf(keyspace, cf)
            .is_some_and(|cf| composites_of_plain_names(cf))
}

/// Notes the column families of `asked` that the creation of `made` never
/// reached (2.0 made them on the keyspace's next column family change).
pub fn note_unmade(node: &Node, asked: KeyspaceSpec, made: &KeyspaceSpec) {
    if !stores_missing(node) {
        return;
    }
    let unmade: Vec<CfSpec> = asked
        .cf_defs
        .into_iter()
        .filter(|cf| !made.cf_defs.iter().any(|m| m.name == cf.name))
        .collect();
    if !unmade.is_empty() {
        node.unmade_tables.lock().insert(asked.name, unmade);
    }
}

/// Applies `change`, a column family change of `keyspace`, as 2.0 merged
/// it when the keyspace's creation left column families unmade: checked
/// first, then those made (in the order of the keyspace's `HashMap`),
/// then the change; `None` otherwise (the caller applies it as usual).
/// A drop of the column family without a store failed before it changed
/// anything.
pub fn retry(
    node: &Node,
    keyspace: &str,
    change: &SchemaChange,
    refusal: impl Fn(ApiError) -> ApiError,
) -> Option<ApiResult<String>> {
    if let SchemaChange::DropColumnFamily { name, .. } = change {
        if unstored(node, keyspace, name) {
            return Some(check_store(node, keyspace, name).map(|()| String::new()));
        }
    }
    if !stores_missing(node) {
        return None;
    }
    let pending = node.unmade_tables.lock().get(keyspace).cloned()?;
    Some(make_unmade(node, keyspace, change, pending, refusal))
}

fn make_unmade(
    node: &Node,
    keyspace: &str,
    change: &SchemaChange,
    pending: Vec<CfSpec>,
    refusal: impl Fn(ApiError) -> ApiError,
) -> ApiResult<String> {
    node.check_schema_change(change.clone())
        .map_err(|e| refusal(ApiError::from(e)))?;
    let made: Vec<String> = node
        .schema()
        .keyspace(keyspace)
        .map(|ks| ks.cfs.keys().cloned().collect())
        .unwrap_or_default();
    let names = made
        .iter()
        .map(String::as_str)
        .chain(pending.iter().map(|p| p.name.as_str()));
    let order: Vec<String> = string_hashmap_order(names)
        .into_iter()
        .map(str::to_string)
        .collect();
    node.unmade_tables.lock().remove(keyspace);
    for name in order {
        let Some(cf) = pending.iter().find(|p| p.name == name) else {
            continue;
        };
        node.change_schema(SchemaChange::AddColumnFamily(cf.clone()))
            .map_err(ApiError::from)?;
    }
    node.change_schema(change.clone())
        .map_err(|e| refusal(ApiError::from(e)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::release::Release;
    use crate::schema::ColumnSpec;

    fn release(v: &str) -> Option<&'static Release> {
        Some(Release::find(v).expect("a known release"))
    }

    fn cf(name: &str, comparator: &str, index: Option<IndexType>) -> CfSpec {
        CfSpec {
            comparator_type: Some(comparator.to_string()),
            column_metadata: index.map(|t| {
                vec![ColumnSpec {
                    name: b"birth".to_vec(),
                    index_type: Some(t),
                    ..ColumnSpec::default()
                }]
            }),
            ..CfSpec::new("ks", name)
        }
    }

    fn keyspace(cfs: Vec<CfSpec>) -> KeyspaceSpec {
        KeyspaceSpec {
            cf_defs: cfs,
            ..KeyspaceSpec::simple("ks", 1)
        }
    }

    #[test]
    fn the_keyspace_keeps_its_hashmap_order_up_to_the_failing_one() {
        // HashMap buckets of 16: Std 2, Cnt 8, Idx 12, Sup 15.
        let mut spec = keyspace(vec![
            cf("Std", "UTF8Type", None),
            cf("Sup", "UTF8Type", None),
            cf("Idx", "UTF8Type", Some(IndexType::Composites)),
            cf("Cnt", "UTF8Type", None),
        ]);
        assert_eq!(
            opened_part(release("2.0.17"), &mut spec),
            Some("Idx".to_string())
        );
        let names: Vec<&str> = spec.cf_defs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Std", "Idx", "Cnt"]);
    }

    #[test]
    fn only_1_2_and_2_0_fail_and_only_a_composites_index_of_plain_names() {
        let idx = cf("Idx", "UTF8Type", Some(IndexType::Composites));
        assert!(fails(release("2.0.17"), &idx));
        assert!(!fails(release("2.1.22"), &idx));
        assert!(fails(release("1.2.9"), &idx));
        assert!(!fails(None, &idx));
        assert!(!fails(
            release("2.0.17"),
            &cf("Idx", "UTF8Type", Some(IndexType::Keys))
        ));
        let composite = "CompositeType(UTF8Type,UTF8Type)";
        assert!(!fails(
            release("2.0.17"),
            &cf("Idx", composite, Some(IndexType::Composites))
        ));
        let mut spec = keyspace(vec![cf("Std", "UTF8Type", None)]);
        assert_eq!(opened_part(release("2.0.17"), &mut spec), None);
        assert_eq!(spec.cf_defs.len(), 1);
    }

    use crate::node::test_nodes::as_release as node_as;

    /// A 2.0 node holding `ks` as 2.0 made it of Std, Sup, Idx (failing)
    /// and Cnt: Std, Cnt and Idx made, Sup never reached.
    fn unopened_keyspace(version: &str) -> Node {
        let node = node_as(version);
        let mut asked = keyspace(vec![
            cf("Std", "UTF8Type", None),
            cf("Sup", "UTF8Type", None),
            cf("Idx", "UTF8Type", Some(IndexType::Composites)),
            cf("Cnt", "UTF8Type", None),
        ]);
        // 1.2 asked for an integer prefix_size; 2.0 skipped it.
        for c in asked
            .cf_defs
            .iter_mut()
            .flat_map(|cf| cf.column_metadata.iter_mut().flatten())
        {
            c.index_options = Some([("prefix_size".to_string(), "1".to_string())].into());
        }
        let made = {
            let mut made = asked.clone();
            opened_part(node.release, &mut made);
            made
        };
        node.change_schema(SchemaChange::AddKeyspace(made.clone()))
            .expect("the opened part is a valid keyspace");
        note_failure(&node, "ks");
        asked.name = "ks".to_string();
        note_unmade(&node, asked, &made);
        node
    }

    fn names(node: &Node) -> Vec<String> {
        let schema = node.schema();
        schema.keyspace("ks").unwrap().cfs.keys().cloned().collect()
    }

    #[test]
    fn only_2_0_closes_on_the_store_it_lacks() {
        let node = unopened_keyspace("2.0.17");
        assert!(unstored(&node, "ks", "Idx"));
        assert!(!unstored(&node, "ks", "Std"));
        assert!(matches!(
            check_store(&node, "ks", "Idx"),
            Err(ApiError::Dropped(_))
        ));
        let count = check_count(&node, "ks", "Idx").unwrap_err();
        let id = uuid::Uuid::from_bytes(legacy_table_id("ks", "Idx"));
        assert_eq!(
            count.to_string(),
            ApiError::invalid(format!("Unknown CF {id}")).to_string()
        );
        let old = unopened_keyspace("1.2.19");
        assert!(!unstored(&old, "ks", "Idx"));
        assert!(check_count(&old, "ks", "Idx").is_ok());
    }

    #[test]
    fn a_drop_removes_what_comes_before_the_unopened_one_then_fails() {
        let node = unopened_keyspace("2.0.17");
        assert_eq!(names(&node), ["Cnt", "Idx", "Std"]);
        assert!(matches!(check_drop(&node, "ks"), Err(ApiError::Dropped(_))));
        // HashMap order Std, Cnt, Idx: the two before Idx went.
        assert_eq!(names(&node), ["Idx"]);
        let old = unopened_keyspace("1.2.19");
        assert!(check_drop(&old, "ks").is_err());
        assert_eq!(names(&old), ["Cnt", "Idx", "Std"]);
    }

    #[test]
    fn a_column_family_change_makes_what_the_creation_never_reached() {
        let node = unopened_keyspace("2.0.17");
        let update = SchemaChange::UpdateColumnFamily(cf("Std", "UTF8Type", None));
        let merged = retry(&node, "ks", &update, |e| e).expect("Sup is unmade");
        assert!(merged.is_ok(), "{merged:?}");
        assert_eq!(names(&node), ["Cnt", "Idx", "Std", "Sup"]);
        assert!(retry(&node, "ks", &update, |e| e).is_none());
        let drop = SchemaChange::DropColumnFamily {
            keyspace: "ks".to_string(),
            name: "Idx".to_string(),
        };
        assert!(matches!(
            retry(&node, "ks", &drop, |e| e),
            Some(Err(ApiError::Dropped(_)))
        ));
        assert!(names(&node).contains(&"Idx".to_string()));
    }
}
