//! The 3.x table of every column family, as the native protocol's
//! `system_schema` and DESCRIBE show it. The vocabulary (columns, kinds,
//! flags, type strings) and the mapping of Thrift column families (dense,
//! static compact, super, counter) live in the schema layer
//! (`schema::legacy3x`), shared with the Cassandra-backed gateway; this
//! module adds the tables CQL3 made, which need 1.2's CQL3 reading of
//! aliases and composite comparators (`cql::table`):
//!
//! - a CQL3 table is itself (`compound`; partition key, clustering,
//!   regular and static columns);
//! - a CQL3 compact table is `(key, column1.., value)` (`value` of `empty`
//!   type when it declared none), or static compact as a Thrift CF with
//!   declared columns is.
//!
//! It must not read storage or know the wire.

use super::tables::table_of;
use crate::cql::error::CqlResult;
use crate::cql::table::{Layout, Table};
use crate::marshal::MARSHAL_PACKAGE;
use crate::schema::CfDef;

use crate::schema::legacy3x::{
    complete_static, sort_columns, thrift_layout, Column3, DefaultNames, Flags, Kind, Layout3,
};

/// The 3.x layout of the column family `cf`.
pub fn layout_of(cf: &CfDef) -> CqlResult<Layout3> {
    // Thrift CFs (and every super CF) are mapped in the schema layer, the
    // one mapping the gateway uses too.
    if let Some(layout) = thrift_layout(cf) {
        return Ok(layout);
    }
    layout_of_cql3(cf)
}

/// A CQL3-made column family (or any standard CF read as 1.2's CQL3 reads
/// it, which for a plain Thrift CF agrees with the schema layer's mapping:
/// the unit tests hold them equal).
fn layout_of_cql3(cf: &CfDef) -> CqlResult<Layout3> {
    let table = table_of(cf)?;
    let mut layout = layout_of_table(&table);
    let counter = cf.options.default_validation_class.is_counter();
    layout.flags.counter |= counter;
    layout.flags.compound = cf
        .comparator
        .class_name()
        .starts_with(&format!("{MARSHAL_PACKAGE}CompositeType("));
    if table.layout == Layout::CompactStatic {
        complete_static(&mut layout, cf);
    } else if table.layout == Layout::CompactDense && table.regular.is_empty() {
        // A compact table without a value column: 3.x's `empty` value.
        let mut names = DefaultNames::new(&layout.columns);
        let value = names.next("value", true);
        layout.columns.push(Column3 {
            name: value.clone(),
            name_bytes: value.into_bytes(),
            kind: Kind::Regular,
            position: -1,
            ty: "empty".into(),
            desc: false,
            hidden: false,
        });
    }
    Ok(layout)
}

/// A CQL3 table (or a compact one, as 1.2's CQL3 read it) as itself.
pub fn layout_of_table(table: &Table) -> Layout3 {
    let mut columns = Vec::new();
    for (i, c) in table.partition_key.iter().enumerate() {
        columns.push(Column3 {
            name: c.name.clone(),
            name_bytes: c.name.as_bytes().to_vec(),
            kind: Kind::PartitionKey,
            position: i as i32,
            ty: c.ty.cql_name_3x(),
            desc: false,
            hidden: false,
        });
    }
    for (i, c) in table.clustering.iter().enumerate() {
        columns.push(Column3 {
            name: c.column.name.clone(),
            name_bytes: c.column.name.as_bytes().to_vec(),
            kind: Kind::Clustering,
            position: i as i32,
            ty: c.column.ty.cql_name_3x(),
            desc: c.reversed,
            hidden: false,
        });
    }
    for r in &table.regular {
        columns.push(Column3 {
            name: r.column.name.clone(),
            name_bytes: r.column.name.as_bytes().to_vec(),
            kind: if r.is_static {
                Kind::Static
            } else {
                Kind::Regular
            },
            position: -1,
            ty: r.column.ty.cql_name_3x(),
            desc: false,
            hidden: false,
        });
    }
    let flags = Flags {
        dense: table.layout == Layout::CompactDense,
        compound: table.layout == Layout::Sparse || table.clustering.len() > 1,
        super_: false,
        counter: table.is_counter_table(),
    };
    sort_columns(&mut columns);
    Layout3 {
        keyspace: table.keyspace.clone(),
        name: table.name.clone(),
        flags,
        columns,
        super_columns: None,
    }
}

#[cfg(test)]
#[path = "schema3x_tests.rs"]
mod tests;
