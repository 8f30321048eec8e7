//! How 1.1 described its CQL 3 beta tables through `describe_keyspace`
//! ([`Behaviour::Cql3BetaSchema`]): the beta's comparator, column
//! metadata and default validator. It must not read or reshape rows
//! (that is the module above).

use super::{MARSHAL, UTF8};
use crate::cql::exec::tables;
use crate::cql::table::Table;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::{javaorder, KeyspaceDef};
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

/// `ks`'s CQL 3 tables (which 1.2 kept from Thrift) added to `def` as the
/// beta described them, where the release listed them.
pub fn add_cql3_tables(node: &Node, ks: &KeyspaceDef, def: &mut t::KsDef) {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::Cql3BetaSchema))
    {
        return;
    }
    for cf in ks.cfs.values().filter(|cf| cf.is_thrift_incompatible()) {
        let Ok(table) = tables::table_of(cf) else {
            continue;
        };
        let mut cf_def = crate::thrift::api19::defs::cf_def(&cf.describe_v12());
        beta_cf_def(&table, &mut cf_def);
        def.cf_defs.push(cf_def);
    }
}

/// A CQL 3 table's definition as the beta kept it (see
/// [`Behaviour::Cql3BetaSchema`]).
fn beta_cf_def(table: &Table, cf: &mut t::CfDef) {
    if table.clustering.is_empty() {
        cf.comparator_type = Some(UTF8.to_string());
    }
    cf.column_metadata = Some(if table.clustering.is_empty() {
        // In the order of the definition's HashMap of columns.
        let names: Vec<&[u8]> = table
            .regular
            .iter()
            .map(|c| c.column.name.as_bytes())
            .collect();
        javaorder::java_hashmap_order(&names)
            .into_iter()
            .map(|i| {
                let regular = &table.regular[i];
                let column = &regular.column;
                // An index the beta made (CREATE INDEX) was a KEYS index
                // without options.
                let index = regular.index().map(|i| i.name.clone());
                t::ColumnDef::new(
                    column.name.as_bytes().to_vec(),
                    column.ty.class_name(),
                    index.as_ref().map(|_| t::IndexType::KEYS),
                    index.clone(),
                    index.map(|_| BTreeMap::new()),
                )
            })
            .collect()
    } else {
        Vec::new()
    });
    // A counter table's validator was the counters' (1.1's
    // `CreateColumnFamilyStatement.RawStatement.prepare`).
    cf.default_validation_class = Some(if table.is_counter_table() {
        format!("{MARSHAL}CounterColumnType")
    } else {
        UTF8.to_string()
    });
    cf.key_alias = table
        .partition_key
        .first()
        .map(|c| c.name.as_bytes().to_vec());
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::thrift::api19::release::cql::beta::tests::table;

    #[test]
    fn beta_tables_are_described_in_the_beta_layout() {
        let mut cf = crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::default());
        cf.comparator_type = Some("CompositeType(UTF8Type)".into());
        cf.bloom_filter_fp_chance = Some(thrift::OrderedFloat(0.01));
        beta_cf_def(
            &table("CREATE TABLE users (id text PRIMARY KEY, age int, name text)"),
            &mut cf,
        );
        assert_eq!(cf.comparator_type.as_deref(), Some(UTF8));
        let columns = cf.column_metadata.as_ref().unwrap();
        let names: Vec<&[u8]> = columns.iter().map(|c| c.name.as_slice()).collect();
        assert_eq!(names, [&b"name"[..], b"age"], "in the HashMap's order");
        assert_eq!(cf.default_validation_class.as_deref(), Some(UTF8));
        assert_eq!(cf.key_alias.as_deref(), Some(&b"id"[..]));
        // The chance is the table's own (the beta set none unless given).
        assert_eq!(cf.bloom_filter_fp_chance, Some(thrift::OrderedFloat(0.01)));
        assert!(columns.iter().all(|c| c.index_type.is_none()));

        let mut cf = crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::default());
        cf.comparator_type = Some("CompositeType(Int32Type,UTF8Type)".into());
        beta_cf_def(
            &table("CREATE TABLE posts (author text, at int, body text, PRIMARY KEY (author, at))"),
            &mut cf,
        );
        assert_eq!(
            cf.comparator_type.as_deref(),
            Some("CompositeType(Int32Type,UTF8Type)")
        );
        assert_eq!(cf.column_metadata, Some(Vec::new()));
    }
}
