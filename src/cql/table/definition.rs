//! A table's column as 2.1 and 2.2 held it in a `ColumnDefinition`: its
//! kind, its place in the composite it is part of, its index; and how 2.1
//! printed one (`toString`, Guava's `toStringHelper`), which its messages
//! and prepared markers named receivers by. Pure: owns no state.

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
                let index = c.index.as_deref();
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
}
