//! 2.2's cell layouts (`CellNames.fromAbstractType`): the class a column
//! family's comparator became, dense or sparse, simple or compound, which
//! 2.2's refusal of an incompatible comparator named for both sides
//! (`CFMetaData.validateCompatibility`: `found` the update's, `expected`
//! the column family's; 2.0 and 2.1 said `comparators do not match or are
//! not compatible.` alone), and the update 2.0 to 2.2 failed on the server
//! because it kept more clustering columns than its layout takes. Only
//! words the refusal; whether a change is refused is the schema's.

use crate::marshal::{parse_type, TypeRef};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The schema's refusal of an incompatible comparator (1.2's words).
const REFUSAL: &str = "comparators do not match or are not compatible.";

/// The comparator as 2.2 laid its cells out: a Super CF's is the composite
/// of its two comparators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Comparator {
    compound: bool,
    components: usize,
    /// The last component is a `ColumnToCollectionType` (CQL 3 collections).
    collections: bool,
    /// `CompositeType(UTF8Type)`: what a CQL 3 table of only a primary key
    /// had (`CFMetaData.isCQL3OnlyPKComparator`).
    only_key: bool,
}

impl Comparator {
    fn of(comparator: &TypeRef, is_super: bool) -> Comparator {
        if is_super {
            return Comparator {
                compound: true,
                components: 2,
                collections: false,
                only_key: false,
            };
        }
        match comparator.components() {
            Some(parts) => Comparator {
                compound: true,
                components: parts.len(),
                collections: parts
                    .last()
                    .is_some_and(|p| p.collection_columns().is_some()),
                only_key: parts.len() == 1
                    && parts[0].class_name() == "org.apache.cassandra.db.marshal.UTF8Type",
            },
            None => Comparator {
                compound: false,
                components: 1,
                collections: false,
                only_key: false,
            },
        }
    }

    /// `CFMetaData.calculateIsDense`: with clustering columns, dense when
    /// they are all the components; else when no column is declared.
    fn dense(&self, clustering: usize, declared: bool) -> bool {
        if clustering > 0 {
            clustering == self.components
        } else {
            !declared && !self.only_key
        }
    }

    /// The clustering columns a table of this layout had (`rebuild`): every
    /// component of a dense one, all but the column names' of a compound
    /// sparse one.
    fn clustering(&self, dense: bool) -> usize {
        match (dense, self.compound) {
            (true, _) => self.components,
            (false, true) => self.components - 1,
            (false, false) => 0,
        }
    }

    /// How many clustering columns a table of this layout takes
    /// (`clusteringPrefixSize`).
    fn takes(&self, dense: bool) -> usize {
        self.clustering(dense)
    }

    /// `getClass().getSimpleName()` of the layout.
    fn class(&self, dense: bool) -> &'static str {
        match (dense, self.compound) {
            (true, true) => "CompoundDenseCellNameType",
            (true, false) => "SimpleDenseCellNameType",
            (false, true) if self.collections => "WithCollection",
            (false, true) => "CompoundSparseCellNameType",
            (false, false) => "SimpleSparseCellNameType",
        }
    }
}

/// Whether the column family's table was dense: its clustering columns
/// (CQL 3's, as aliases) all its components, or no column declared.
fn old_dense(cf: &CfDef, layout: &Comparator) -> bool {
    let o = &cf.options;
    layout.dense(o.column_aliases.len(), !o.column_metadata.is_empty())
}

/// Whether `cf` declares columns and is a Super column family or a Standard
/// one of a simple comparator: sparse, so 2.0 to 2.2 carried no clustering
/// column or compact value of it into an update that changed its type.
pub fn simple_sparse(cf: &CfDef) -> bool {
    if cf.options.column_metadata.is_empty() {
        return false;
    }
    let layout = Comparator::of(&cf.comparator, cf.is_super());
    cf.is_super() || (!layout.compound && !old_dense(cf, &layout))
}

/// The update's layout (`ThriftConversion.fromThrift` of an update): dense
/// by its declared columns, then by the old table's clustering columns it
/// kept (all of them for a dense update; a sparse Super CF's first).
/// `None` when it kept more clustering columns than that layout takes:
/// `CFMetaData.rebuild` then failed on the server.
fn new_dense(
    declared: bool,
    layout: &Comparator,
    old_clustering: usize,
    is_super: bool,
) -> Option<bool> {
    let first = layout.dense(0, declared);
    let kept = match (first, is_super) {
        (true, _) => old_clustering,
        (false, true) => old_clustering.min(1),
        (false, false) => 0,
    };
    let dense = layout.dense(kept, declared);
    (kept <= layout.takes(dense)).then_some(dense)
}

/// `e` in 2.2's words when it is the refusal of an incompatible comparator
/// of a `system_update_column_family`: `Column family comparators do not
/// match or are not compatible (found SimpleDenseCellNameType; expected
/// SimpleSparseCellNameType).`
pub fn comparator_refusal(node: &Node, def: &t::CfDef, e: ApiError) -> ApiError {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    let names_layouts = does(Behaviour::ComparatorRefusalNamesLayouts);
    let fails = does(Behaviour::UpdateKeepingClusteringFails);
    if !(names_layouts || fails) || !matches!(&e, ApiError::InvalidRequest(why) if why == REFUSAL) {
        return e;
    }
    let Some(old) = node.schema().cf(&def.keyspace, &def.name).cloned() else {
        return e;
    };
    let Some(new_comparator) = def
        .comparator_type
        .as_deref()
        .and_then(|c| parse_type(c).ok())
    else {
        return e;
    };
    let is_super = old.is_super();
    let before = Comparator::of(&old.comparator, is_super);
    let dense_before = old_dense(&old, &before);
    let after = Comparator::of(&new_comparator, is_super);
    let declared = def.column_metadata.as_ref().is_some_and(|c| !c.is_empty());
    let dense_after = new_dense(declared, &after, before.clustering(dense_before), is_super);
    let Some(dense_after) = dense_after else {
        if !fails {
            return e;
        }
        return ApiError::Dropped(format!(
            "the release failed an update of {} keeping more clustering columns than its \
             comparator takes",
            def.name
        ));
    };
    if !names_layouts {
        return e;
    }
    ApiError::InvalidRequest(format!(
        "Column family comparators do not match or are not compatible (found {}; expected {}).",
        after.class(dense_after),
        before.class(dense_before)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(comparator: &str, is_super: bool) -> Comparator {
        Comparator::of(&parse_type(comparator).unwrap(), is_super)
    }

    #[test]
    fn declared_columns_make_a_super_or_simple_standard_cf_sparse() {
        let cf = |comparator: &str, sub: Option<&str>, declared: bool| {
            let sub = sub.map(|s| parse_type(s).unwrap());
            let mut cf = CfDef::new("ks", "cf", 1, parse_type(comparator).unwrap(), sub);
            if declared {
                let utf8 = parse_type("UTF8Type").unwrap();
                let column = crate::schema::ColumnDef::plain(b"email".to_vec(), utf8);
                cf.options.column_metadata.push(column);
            }
            cf
        };
        assert!(simple_sparse(&cf("UTF8Type", None, true)));
        assert!(!simple_sparse(&cf("UTF8Type", None, false)));
        assert!(simple_sparse(&cf("UTF8Type", Some("UTF8Type"), true)));
        assert!(!simple_sparse(&cf("UTF8Type", Some("UTF8Type"), false)));
        assert!(!simple_sparse(&cf(
            "CompositeType(UTF8Type,LongType)",
            None,
            true
        )));
    }

    #[test]
    fn a_declared_column_makes_a_simple_comparator_sparse() {
        let utf8 = layout("UTF8Type", false);
        assert_eq!(utf8.class(utf8.dense(0, true)), "SimpleSparseCellNameType");
        assert_eq!(utf8.class(utf8.dense(0, false)), "SimpleDenseCellNameType");
    }

    #[test]
    fn an_update_without_columns_of_a_sparse_table_is_dense() {
        // ordinary19's Meta: UTF8Type with declared columns, updated to
        // LongType without them.
        let long = layout("LongType", false);
        assert_eq!(new_dense(false, &long, 0, false), Some(true));
        assert_eq!(new_dense(true, &long, 0, false), Some(false));
    }

    #[test]
    fn a_dense_composite_keeps_its_clustering_columns() {
        let two = layout("CompositeType(UTF8Type,Int32Type)", false);
        assert!(two.dense(0, false));
        assert_eq!(two.clustering(true), 2);
        // the old two clustering columns kept: a one-component comparator
        // takes none (sparse), which 2.2 failed on
        let long = layout("LongType", false);
        assert_eq!(new_dense(false, &long, 2, false), None);
        let swapped = layout("CompositeType(Int32Type,UTF8Type)", false);
        assert_eq!(new_dense(false, &swapped, 2, false), Some(true));
        assert_eq!(new_dense(true, &swapped, 2, false), Some(false));
    }

    #[test]
    fn a_cql3_table_of_only_a_key_and_collections_are_sparse() {
        let key_only = layout("CompositeType(UTF8Type)", false);
        assert_eq!(
            key_only.class(key_only.dense(0, false)),
            "CompoundSparseCellNameType"
        );
        let super_cf = layout("UTF8Type", true);
        assert_eq!(
            super_cf.class(super_cf.dense(0, false)),
            "CompoundDenseCellNameType"
        );
    }
}
