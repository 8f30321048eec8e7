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
//! This owns which column family fails, what of the keyspace stays and
//! the keyspaces that cannot be dropped; it must not change the schema
//! itself (the front end asks the node).

use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::javaorder::string_hashmap_order;
use crate::schema::{CfSpec, IndexType, KeyspaceSpec};
use crate::thrift::error::ApiError;

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
/// failed it: nothing dropped, the connection closed.
pub fn check_drop(node: &Node, keyspace: &str) -> Result<(), ApiError> {
    if node.unopened_keyspaces.lock().contains(keyspace) {
        return Err(ApiError::Dropped(format!(
            "the release failed to drop {keyspace}, which held an index it could not open"
        )));
    }
    Ok(())
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
}
