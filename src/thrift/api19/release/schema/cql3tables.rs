//! The column families a Thrift update left alone from 1.2.12: a CQL 3
//! table (`CassandraServer.system_update_column_family`: "Cannot modify
//! CQL3 table ..."), refused once the table was found and before its
//! CfDef was read. 1.2's `CFMetaData.isThriftIncompatible`: a composite
//! comparator and column metadata naming a component; 2.x's
//! `isThriftCompatible`: not a super column family, and no regular column
//! with a component index (a non-compact CQL 3 table's); 3.x's: a compact
//! table (`isCompactTable`: super, dense or not compound).

use crate::cql::exec::tables::table_of;
use crate::cql::table::Layout;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The refusal of an update of `def`'s column family where the release
/// kept Thrift off it.
pub fn check_update(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let Some(release) = node.release else {
        return Ok(());
    };
    if !release.does(Behaviour::CqlTableUpdateRefused) {
        return Ok(());
    }
    let schema = node.schema();
    let Some(cf) = schema.cf(&def.keyspace, &def.name) else {
        return Ok(());
    };
    let refused = match release.at_least(2, 0) {
        true => is_cql3_table(cf, release.at_least(3, 0)),
        false => cf.is_thrift_incompatible(),
    };
    if refused {
        return Err(ApiError::invalid(format!(
            "Cannot modify CQL3 table {} as it may break the schema. You should use cqlsh to \
             modify CQL3 tables instead.",
            cf.name
        )));
    }
    Ok(())
}

/// Whether `cf` is a CQL 3 table by 2.x's rule or (`of_3x`) 3.x's.
fn is_cql3_table(cf: &CfDef, of_3x: bool) -> bool {
    if cf.is_super() {
        return false;
    }
    match of_3x {
        true => table_of(cf).is_ok_and(|t| t.layout == Layout::Sparse),
        false => cf
            .options
            .column_metadata
            .iter()
            .any(|c| !c.is_static && c.component_index.is_some()),
    }
}

#[cfg(test)]
mod tests {
    use super::is_cql3_table;
    use crate::marshal::parse_type;
    use crate::schema::{CfDef, ColumnDef};

    fn cf(comparator: &str, component_index: Option<i32>) -> CfDef {
        let mut cf = CfDef::new("ks", "t", 1000, parse_type(comparator).unwrap(), None);
        let mut c = ColumnDef::plain(b"v".to_vec(), parse_type("Int32Type").unwrap());
        c.component_index = component_index;
        cf.options.column_metadata.push(c);
        cf
    }

    #[test]
    fn a_non_compact_cql3_table_is_left_alone() {
        let cql3 = cf("CompositeType(UTF8Type)", Some(0));
        let thrift = cf("UTF8Type", None);
        for of_3x in [false, true] {
            assert!(is_cql3_table(&cql3, of_3x));
            assert!(!is_cql3_table(&thrift, of_3x));
        }
    }
}
