//! A table's column as 2.1 and 2.2 held it in a `ColumnDefinition`: its
//! kind, its place in the composite it is part of, its index; and how 2.1
//! printed one (`toString`, Guava's `toStringHelper`), which its messages
//! and prepared markers named receivers by, and how 3.0 printed one.
//! Pure: owns no state.

use super::{ColumnRole, Layout, Table};

/// What 2.x's `ColumnDefinition` of a table's column held.
pub struct Definition<'a> {
    pub kind: &'static str,
    /// The component of the composite the column is part of (none where
    /// that has one part, or for a compact table's value).
    pub component: Option<usize>,
    /// A clustering column that sorts descending.
    pub reversed: bool,
    pub index: Option<&'a str>,
    pub index_type: &'static str,
}

impl Table {
    /// The definition of the column `name` (`None`: no such column).
    pub fn definition(&self, name: &str) -> Option<Definition<'_>> {
        let sparse = self.layout == Layout::Sparse;
        let plain = |kind| Definition {
            kind,
            component: None,
            reversed: false,
            index: None,
            index_type: "null",
        };
        Some(match self.role(name)? {
            ColumnRole::PartitionKey(i) => Definition {
                component: (self.partition_key.len() > 1).then_some(i),
                ..plain("PARTITION_KEY")
            },
            ColumnRole::Clustering(i) => Definition {
                component: (sparse || self.clustering.len() > 1).then_some(i),
                reversed: self.clustering[i].reversed,
                ..plain("CLUSTERING_COLUMN")
            },
            ColumnRole::Regular(i) => {
                let c = &self.regular[i];
                let kind = match self.layout {
                    Layout::CompactDense => "COMPACT_VALUE",
                    _ if c.is_static => "STATIC",
                    _ => "REGULAR",
                };
                let index = c.index().map(|i| i.name.as_str());
                Definition {
                    component: sparse.then_some(self.clustering.len()),
                    index,
                    index_type: match (index, sparse) {
                        (None, _) => "null",
                        (Some(_), true) => "COMPOSITES",
                        (Some(_), false) => "KEYS",
                    },
                    ..plain(kind)
                }
            }
        })
    }

    /// 2.1's `ColumnDefinition.toString` of the column `name`, its type's
    /// class `ty` as given (a descending column's `ReversedType` and all).
    pub fn definition_words(&self, name: &str, ty: &str) -> Option<String> {
        let d = self.definition(name)?;
        Some(format!(
            "ColumnDefinition{{name={name}, type={ty}, kind={}, componentIndex={}, indexName={}, \
             indexType={}}}",
            d.kind,
            d.component.map_or("null".to_string(), |i| i.to_string()),
            d.index.unwrap_or("null"),
            d.index_type,
        ))
    }

    /// 3.0's `ColumnDefinition.toString` of the column `name` (see
    /// [`definition_30`]): a static compact table's columns (COMPACT
    /// STORAGE without clustering, a Thrift column family's metadata) were
    /// static ones (`CFMetaData.isStaticCompactTable`).
    pub fn definition_words_30(&self, name: &str, ty: &str) -> Option<String> {
        let d = self.definition(name)?;
        let kind = match (self.layout, d.kind) {
            (Layout::CompactStatic, "REGULAR") => "STATIC",
            (_, kind) => kind,
        };
        Some(definition_30(name, ty, kind, d.component))
    }
}

/// How 3.0 printed a column's definition (a prepared marker's name over
/// Thrift, a column refused by `CFMetaData.validate`), from what 2.x printed of it (`kind_2x`: 2.x's kind,
/// `component`: its place in a composite): 3.0 named the kinds
/// `PARTITION_KEY`, `CLUSTERING`, `REGULAR` and `STATIC` (a compact
/// table's value is a regular column) and gave the key and clustering
/// columns their position (0 when alone), the others -1.
pub fn definition_30(name: &str, ty: &str, kind_2x: &str, component: Option<usize>) -> String {
    let (kind, position) = match kind_2x {
        "PARTITION_KEY" => ("PARTITION_KEY", component.map_or(0, |i| i as i64)),
        "CLUSTERING_COLUMN" => ("CLUSTERING", component.map_or(0, |i| i as i64)),
        "STATIC" => ("STATIC", -1),
        _ => ("REGULAR", -1),
    };
    format!("ColumnDefinition{{name={name}, type={ty}, kind={kind}, position={position}}}")
}

#[cfg(test)]
mod tests {
    use super::definition_30;

    #[test]
    fn three_oh_prints_definitions_with_positions() {
        let int = "org.apache.cassandra.db.marshal.Int32Type";
        assert_eq!(
            definition_30("c", int, "CLUSTERING_COLUMN", Some(0)),
            format!("ColumnDefinition{{name=c, type={int}, kind=CLUSTERING, position=0}}")
        );
        assert_eq!(
            definition_30("id", int, "PARTITION_KEY", None),
            format!("ColumnDefinition{{name=id, type={int}, kind=PARTITION_KEY, position=0}}")
        );
        assert_eq!(
            definition_30("body", int, "COMPACT_VALUE", None),
            format!("ColumnDefinition{{name=body, type={int}, kind=REGULAR, position=-1}}")
        );
    }

    #[test]
    fn three_oh_held_a_static_compact_tables_columns_static() {
        let text = "org.apache.cassandra.db.marshal.UTF8Type";
        let table = |sql: &str| {
            let crate::cql::ast::Statement::CreateTable(c) =
                crate::cql::parse(sql).expect(sql).statement
            else {
                panic!("{sql}")
            };
            crate::cql::table::Table::from_create("ks", &c).expect(sql)
        };
        let compact = table("CREATE TABLE c (k text PRIMARY KEY, v text) WITH COMPACT STORAGE");
        assert_eq!(
            compact.definition_words_30("v", text).as_deref(),
            Some("ColumnDefinition{name=v, type=org.apache.cassandra.db.marshal.UTF8Type, kind=STATIC, position=-1}")
        );
        let sparse = table("CREATE TABLE s (k text PRIMARY KEY, v text)");
        assert_eq!(
            sparse.definition_words_30("v", text).as_deref(),
            Some("ColumnDefinition{name=v, type=org.apache.cassandra.db.marshal.UTF8Type, kind=REGULAR, position=-1}")
        );
        assert_eq!(
            compact.definition_words_30("k", text).as_deref(),
            Some("ColumnDefinition{name=k, type=org.apache.cassandra.db.marshal.UTF8Type, kind=PARTITION_KEY, position=0}")
        );
    }
}
