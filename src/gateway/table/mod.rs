//! A column family as a table of the cluster, pure: its 3.x layout and its
//! DDL (`layout`), `CompositeType` comparators as one clustering column per
//! component (`composite`: names and bounds), CQL3 tables, which the
//! cluster holds as real CQL tables (`cql3`: the model, `CREATE TABLE`),
//! static tables' undeclared columns (`statics`), the hot reads' and
//! writes' statement forms (`forms`), and secondary indexes as the cluster
//! holds them (`index`: their DDL text), and a slice predicate's names or
//! range in comparator order (`slice`). [`quote`] is the one quoting of
//! a CQL identifier they all write.
//!
//! Text and shapes only: this module must not send a statement nor know a
//! session, a read or a write.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`cql3`], [`slice`]: CQL3 tables' model; a predicate in comparator
//!    order.
//! 2. [`composite`]: composite comparators' clustering columns.
//! 3. [`layout`]: a CF's table in the cluster.
//! 4. [`forms`], [`index`], [`statics`]: statement forms on a layout;
//!    indexes' DDL; static tables' undeclared columns.

pub mod composite;
pub mod cql3;
pub mod forms;
pub mod index;
pub mod layout;
pub mod slice;
pub mod statics;

/// A CQL identifier, double-quoted (so case and any character survive).
pub fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}
