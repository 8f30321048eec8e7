//! 3.0's tables it failed to make. A table whose store 3.0 could not open
//! (a COMPOSITES index of a declared column, which 3.x stored as a static
//! one, see [`statics`](crate::thrift::api19::release::reads::statics)) was written to the schema tables
//! all the same, and the failure ended the schema merge there, closing the
//! connection: the tables the merge had not reached stayed unmade too.
//! Every later schema change of that keyspace merged them again, dropping
//! first, then creating what was written but not made in the order of a
//! `HashMap` copied from the keyspace's tables (all of them, in name
//! order), up to the failing one again; an update waited for the creations.
//! 3.11 opened such a table.
//!
//! This owns which table fails, the unmade tables of each keyspace and the
//! order of their creation; it must not check a change itself (the node's
//! schema does, before anything is written).

use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::javaorder::{iteration_order, sized_capacity, string_hash};
use crate::schema::{CfSpec, IndexType, KeyspaceSpec, SchemaChange};
use crate::thrift::error::{ApiError, ApiResult};

/// Whether 3.0 failed to open this table: a Standard CF with a COMPOSITES
/// index of a declared column, whatever its comparator (recorded:
/// rel_compact, rel_widened).
pub fn fails(release: Option<&Release>, cf: &CfSpec) -> bool {
    release.is_some_and(|r| r.does(Behaviour::StaticIndexFails))
        && cf.column_type.as_deref() != Some("Super")
        && cf
            .column_metadata
            .iter()
            .flatten()
            .any(|c| c.index_type == Some(IndexType::Composites))
}

/// A new keyspace as 3.0 made it: its tables in the order of their names
/// up to the first that fails, which `spec` keeps; `Some(name)` of the
/// failing one.
pub fn fails_keyspace(release: Option<&Release>, spec: &mut KeyspaceSpec) -> Option<String> {
    let first = spec
        .cf_defs
        .iter()
        .filter(|cf| fails(release, cf))
        .map(|cf| cf.name.clone())
        .min()?;
    spec.cf_defs.retain(|cf| cf.name < first);
    Some(first)
}

/// Notes the tables of keyspace `asked` that [`fails_keyspace`] left out
/// of `made`, once the keyspace is made.
pub fn note(node: &Node, asked: KeyspaceSpec, made: &KeyspaceSpec) {
    let unmade: Vec<CfSpec> = asked
        .cf_defs
        .into_iter()
        .filter(|cf| !made.cf_defs.iter().any(|m| m.name == cf.name))
        .collect();
    node.unmade_tables.lock().insert(asked.name, unmade);
}

/// A dropped keyspace's unmade tables go with it.
pub fn forget(node: &Node, keyspace: &str) {
    node.unmade_tables.lock().remove(keyspace);
}

/// Applies `change` of `keyspace` as 3.0 merged it, when the keyspace has
/// unmade tables or the change adds one that fails; `None` otherwise (the
/// caller applies it as usual). `refusal` words a refused change.
pub fn apply(
    node: &Node,
    keyspace: &str,
    change: SchemaChange,
    refusal: impl Fn(ApiError) -> ApiError,
) -> Option<ApiResult<String>> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::UnmadeTablesRetried))
    {
        return None;
    }
    let pending = node
        .unmade_tables
        .lock()
        .get(keyspace)
        .cloned()
        .unwrap_or_default();
    let adds_failing =
        matches!(&change, SchemaChange::AddColumnFamily(cf) if fails(node.release, cf));
    if pending.is_empty() && !adds_failing {
        return None;
    }
    Some(merge(node, keyspace, change, pending, refusal))
}

fn merge(
    node: &Node,
    keyspace: &str,
    change: SchemaChange,
    mut pending: Vec<CfSpec>,
    refusal: impl Fn(ApiError) -> ApiError,
) -> ApiResult<String> {
    node.check_schema_change(change.clone())
        .map_err(|e| refusal(ApiError::from(e)))?;
    let mut update = None;
    match change {
        SchemaChange::AddColumnFamily(cf) => {
            // Written over an unmade table of that name, merged with it in
            // the schema tables: a failing one kept its index (rel_unmade).
            let failing = |p: &CfSpec| p.name == cf.name && fails(node.release, p);
            if !pending.iter().any(failing) {
                pending.retain(|p| p.name != cf.name);
                pending.push(cf);
            }
        }
        SchemaChange::UpdateColumnFamily(cf) => update = Some(cf),
        other => {
            node.change_schema(other).map_err(ApiError::from)?;
        }
    }
    let made: Vec<String> = node
        .schema()
        .keyspace(keyspace)
        .map(|ks| ks.cfs.keys().cloned().collect())
        .unwrap_or_default();
    let mut version = None;
    for (i, name) in creation_order(&made, &pending).into_iter().enumerate() {
        let at = pending.iter().position(|p| p.name == name);
        let Some(cf) = at.map(|at| pending[at].clone()) else {
            continue;
        };
        if fails(node.release, &cf) {
            let left = creation_order(&made, &pending)[i..].to_vec();
            pending.retain(|p| left.contains(&p.name));
            node.unmade_tables
                .lock()
                .insert(keyspace.to_string(), pending);
            return Err(ApiError::Dropped(format!(
                "the release failed to open the index of {name}"
            )));
        }
        version = Some(
            node.change_schema(SchemaChange::AddColumnFamily(cf))
                .map_err(ApiError::from)?,
        );
    }
    node.unmade_tables.lock().remove(keyspace);
    if let Some(cf) = update {
        version = Some(
            node.change_schema(SchemaChange::UpdateColumnFamily(cf))
                .map_err(|e| refusal(ApiError::from(e)))?,
        );
    }
    Ok(version.unwrap_or_else(|| node.schema_version().to_string()))
}

/// The order 3.0 created the `pending` tables of a keyspace that had made
/// `made`: a `HashMap` copied from all of them in name order (its table
/// sized for them all), the made ones taken out.
fn creation_order(made: &[String], pending: &[CfSpec]) -> Vec<String> {
    let mut all: Vec<&str> = made
        .iter()
        .map(String::as_str)
        .chain(pending.iter().map(|p| p.name.as_str()))
        .collect();
    all.sort_unstable();
    all.dedup();
    let hashes: Vec<i32> = all.iter().map(|n| string_hash(n)).collect();
    iteration_order(&hashes, copied_capacity(all.len()))
        .into_iter()
        .map(|i| all[i])
        .filter(|n| pending.iter().any(|p| p.name == *n))
        .map(str::to_string)
        .collect()
}

/// The table size of `new HashMap<>(map)` for a map of `n` entries.
fn copied_capacity(n: usize) -> usize {
    // Java: (int) (n / 0.75f + 1.0f), then tableSizeFor
    let t = (n as f32 / 0.75 + 1.0) as usize;
    sized_capacity(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cf(name: &str) -> CfSpec {
        CfSpec::new("ks", name)
    }

    fn indexed(name: &str, comparator: &str, index: Option<IndexType>) -> CfSpec {
        let mut cf = cf(name);
        cf.comparator_type = Some(comparator.to_string());
        cf.column_metadata = Some(vec![crate::schema::ColumnSpec {
            name: b"birth".to_vec(),
            index_type: index,
            ..Default::default()
        }]);
        cf
    }

    #[test]
    fn a_composites_index_of_a_declared_column_ends_a_new_keyspace_there() {
        let mut spec = KeyspaceSpec::simple("ks", 1);
        spec.cf_defs = vec![
            indexed("Std", "UTF8Type", None),
            indexed("Idx", "UTF8Type", Some(IndexType::Composites)),
            indexed("Cnt", "UTF8Type", Some(IndexType::Keys)),
            indexed(
                "Cmp",
                "CompositeType(UTF8Type)",
                Some(IndexType::Composites),
            ),
        ];
        let three = Release::find("3.0.24");
        let mut made = spec.clone();
        // recorded: rel_compact; a composite comparator's too: rel_widened
        assert_eq!(fails_keyspace(three, &mut made), Some("Cmp".into()));
        assert_eq!(made.cf_defs.len(), 0);
        spec.cf_defs.pop();
        let mut made = spec.clone();
        assert_eq!(fails_keyspace(three, &mut made), Some("Idx".into()));
        let names: Vec<&str> = made.cf_defs.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names, ["Cnt"]);
        let eleven = Release::find("3.11.10");
        assert_eq!(fails_keyspace(eleven, &mut spec.clone()), None);
    }

    #[test]
    fn unmade_tables_are_created_in_the_copied_maps_order() {
        // recorded: difftest seed 219 of 3.0.24 (Cnt made, Idx failing): the
        // next change made Std, failed at Idx again, Add1004 and Sup unmade
        let made = ["Cnt".to_string()];
        let pending = [cf("Std"), cf("Sup"), cf("Idx"), cf("Add1004")];
        assert_eq!(
            creation_order(&made, &pending),
            ["Std", "Idx", "Add1004", "Sup"]
        );
    }

    #[test]
    fn a_copied_map_is_sized_for_its_entries() {
        assert_eq!(copied_capacity(0), 1);
        assert_eq!(copied_capacity(5), 8);
        assert_eq!(copied_capacity(6), 16);
        assert_eq!(copied_capacity(12), 32);
    }
}
