//! Which prepared statements a schema change makes the node forget, as a
//! release from 2.1 did (`QueryProcessor`'s migration listener): those of
//! a dropped keyspace or table, and of a table whose column definitions
//! changed. Releases before 2.1 kept every statement until it was evicted.
//!
//! Must not decide whether the change is taken (`Schema::apply` does), nor
//! hold statements itself (`cql::exec::PreparedCache` does).

use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::{CfDef, Schema, SchemaChange};

/// The tables whose statements a change may forget: a keyspace's (`None`:
/// all of them) or one table's.
pub(super) enum Touched {
    Keyspace(String),
    Dropped(String, String),
    Updated(String, String),
}

impl Touched {
    /// What `change` touches, before it is applied.
    pub(super) fn of(change: &SchemaChange) -> Option<Touched> {
        match change {
            SchemaChange::DropKeyspace(ks) => Some(Touched::Keyspace(ks.clone())),
            SchemaChange::DropColumnFamily { keyspace, name } => {
                Some(Touched::Dropped(keyspace.clone(), name.clone()))
            }
            SchemaChange::UpdateColumnFamily(spec) => {
                Some(Touched::Updated(spec.keyspace.clone(), spec.name.clone()))
            }
            _ => None,
        }
    }
}

impl Node {
    /// Forgets the prepared statements `touched` made stale, `old` and
    /// `next` the schema before and after the change.
    pub(super) fn forget_prepared(&self, touched: Touched, old: &Schema, next: &Schema) {
        let Some(release) = self
            .release
            .filter(|r| r.does(Behaviour::SchemaChangesForgetPrepared))
        else {
            return;
        };
        let with_keys = !release.does(Behaviour::KeyChangesKeepPrepared);
        match touched {
            Touched::Keyspace(ks) => self.prepared.forget(&ks, None),
            Touched::Dropped(ks, cf) => self.prepared.forget(&ks, Some(&cf)),
            Touched::Updated(ks, cf) => {
                let columns = |s: &Schema| s.cf(&ks, &cf).map(|d| column_definitions(d, with_keys));
                if columns(old) != columns(next) {
                    self.prepared.forget(&ks, Some(&cf));
                }
            }
        }
    }
}

/// A column family's column definitions as the release compared them, in
/// name order: each declared column's name, type, kind and index; with
/// `with_keys` (2.1, 2.2: their definitions held the key columns too) the
/// key and clustering columns' names and types. The value column's type
/// counts in both (3.x's compact value column is a regular one).
fn column_definitions(cf: &CfDef, with_keys: bool) -> Vec<String> {
    let o = &cf.options;
    let mut defs: Vec<String> = o
        .column_metadata
        .iter()
        .map(|c| {
            format!(
                "{:?} {} {:?} {:?} {:?} {:?} {}",
                c.name,
                c.validation_class.class_name(),
                c.index_type,
                c.index_name,
                c.index_options,
                c.component_index,
                c.is_static
            )
        })
        .collect();
    defs.sort();
    defs.push(format!("value {}", o.default_validation_class.class_name()));
    if with_keys {
        defs.push(format!(
            "keys {} {:?} {:?} {:?} {:?} {:?}",
            o.key_validation_class.class_name(),
            o.key_aliases,
            cf.comparator.class_name(),
            cf.subcomparator.as_ref().map(|t| t.class_name()),
            o.column_aliases,
            o.value_alias
        ));
    }
    defs
}
