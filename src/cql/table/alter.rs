//! ALTER TABLE on the table model: ADD, ALTER ... TYPE, DROP, RENAME and
//! WITH, with Cassandra's checks. Only the model changes: 1.2 rewrote no
//! cells for any of these (a renamed key column only changes the aliases).

use super::{Column, ColumnRole, Layout, RegularColumn, Table};
use crate::cql::ast::AlterTableOp;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::types::{CqlType, Native};

/// Whether values of `old` stay readable as `new` (1.2's `isCompatibleWith`,
/// for the CQL types): identical, to blob, ascii to text.
fn compatible(old: &CqlType, new: &CqlType) -> bool {
    old == new
        || *new == CqlType::Native(Native::Blob) && !old.is_collection()
        || (*old == CqlType::Native(Native::Ascii) && *new == CqlType::Native(Native::Text))
}

/// 2.0's `isValueCompatibleWith` for a key or regular column's new type:
/// besides [`compatible`], varint reads an int or a bigint (and what a
/// bigint reads), bigint and timestamp read each other, uuid a timeuuid.
pub fn value_compatible(old: &CqlType, new: &CqlType) -> bool {
    use Native as N;
    let (CqlType::Native(o), CqlType::Native(n)) = (old, new) else {
        return compatible(old, new);
    };
    let long_reads = |t: &N| matches!(t, N::Bigint | N::Timestamp | N::SignedTimestamp);
    compatible(old, new)
        || match n {
            N::Varint => matches!(o, N::Int) || long_reads(o),
            N::Bigint | N::Timestamp | N::SignedTimestamp => long_reads(o),
            N::Uuid => matches!(o, N::Timeuuid),
            _ => false,
        }
}

impl Table {
    /// Applies one ALTER TABLE operation as 1.2.9 did.
    pub fn alter(&mut self, op: &AlterTableOp) -> CqlResult<()> {
        self.alter_as(op, (1, 2, 9))
    }

    /// Applies one ALTER TABLE operation as the release `release` (major,
    /// minor, patch) did: from 2.0 a new type need only read the old values
    /// (a clustering column's must still sort them), and the refusals of a
    /// compact table are worded for COMPACT STORAGE (2.1: a column is
    /// dropped from CQL 3 tables only). A clustering column's type that
    /// would not sort the old values was refused from 1.2.12 as "not
    /// order-compatible"; before, only the new comparator's check
    /// (`CFMetaData.validateCompatility`) refused it, in its words.
    pub fn alter_as(&mut self, op: &AlterTableOp, release: (u32, u32, u32)) -> CqlResult<()> {
        let series = (release.0, release.1);
        let since_2_0 = series >= (2, 0);
        let invalid = |m: String| Err(CqlError::Invalid(m));
        match op {
            AlterTableOp::Add {
                column,
                ty,
                is_static,
            } => {
                let ty = CqlType::from_expr(ty)?;
                // A static compact table is not compact to CQL 3
                // (`CFDefinition.isCompact`): only a dense one is refused.
                if self.layout == Layout::CompactDense {
                    return invalid(if since_2_0 {
                        "Cannot add new column to a COMPACT STORAGE table".into()
                    } else {
                        "Cannot add new column to a compact CF".into()
                    });
                }
                if *is_static && self.layout == Layout::CompactStatic {
                    return invalid(
                        "Static columns are not allowed in COMPACT STORAGE tables".into(),
                    );
                }
                if *is_static && self.clustering.is_empty() {
                    return invalid(super::STATICS_NEED_CLUSTERING.into());
                }
                match self.role(column) {
                    Some(ColumnRole::PartitionKey(_)) | Some(ColumnRole::Clustering(_)) => {
                        return invalid(format!("Invalid column name {column} because it conflicts with a PRIMARY KEY part"))
                    }
                    Some(ColumnRole::Regular(_)) => return invalid(format!("Invalid column name {column} because it conflicts with an existing column")),
                    None => {}
                }
                if ty.is_collection() && self.layout == Layout::CompactStatic {
                    return invalid(if series >= (3, 0) {
                        "Cannot use non-frozen collections in COMPACT STORAGE tables".into()
                    } else if series >= (2, 1) {
                        "Cannot use non-frozen collections with a non-composite PRIMARY KEY".into()
                    } else {
                        "Cannot use collection types with non-composite PRIMARY KEY".into()
                    });
                }
                // 3.x: a static compact table's one regular column is its
                // hidden compact value (`CompactTables.getCompactValueColumn`
                // asserted so when the table was rebuilt).
                if series >= (3, 0) && self.layout == Layout::CompactStatic {
                    return Err(CqlError::Failed(
                        "3.x's CFMetaData.rebuild asserted one compact value column".into(),
                    ));
                }
                if !self.regular.is_empty() && ty.is_counter() != self.is_counter_table() {
                    return invalid(if ty.is_counter() {
                        format!(
                            "Cannot add a counter column ({column}) in a non counter column family"
                        )
                    } else {
                        // 3.x's `CFMetaData.validate` printed the definition,
                        // which only 3.0 printed whole.
                        let def = match series == (3, 0) {
                            true => super::definition_30(
                                column,
                                &ty.marshal().class_name(),
                                if *is_static { "STATIC" } else { "REGULAR" },
                                None,
                            ),
                            false => column.clone(),
                        };
                        format!(
                            "Cannot add a non counter column ({def}) in a counter column family"
                        )
                    });
                }
                self.regular.push(RegularColumn::new(
                    Column {
                        name: column.clone(),
                        ty,
                    },
                    *is_static,
                ));
                self.regular
                    .sort_by(|a, b| a.column.name.as_bytes().cmp(b.column.name.as_bytes()));
                Ok(())
            }
            AlterTableOp::Alter { column, ty } => {
                let new = CqlType::from_expr(ty)?;
                // 3.0.11 and 3.10 on (`AlterTableStatement`) changed no
                // column's type, whatever the column, once the type was
                // read. (They let a dense table's hidden empty value
                // column become a blob, a column no CQL name reaches here.)
                if series >= (3, 0) {
                    return invalid("Altering of types is not allowed".into());
                }
                let role = self.role(column);
                let clustering = matches!(role, Some(ColumnRole::Clustering(_)));
                if clustering && series >= (2, 1) && self.layout != Layout::Sparse {
                    return invalid(format!(
                        "Cannot alter clustering column {column} in a non-CQL3 table"
                    ));
                }
                let slot: &mut Column = match role {
                    None => {
                        return invalid(format!(
                            "Column {column} was not found in table {}",
                            self.name
                        ))
                    }
                    Some(ColumnRole::PartitionKey(i)) => &mut self.partition_key[i],
                    Some(ColumnRole::Clustering(i)) => &mut self.clustering[i].column,
                    Some(ColumnRole::Regular(i)) => &mut self.regular[i].column,
                };
                // 1.2 to 2.2 refused a counter key before any check of
                // its compatibility.
                if matches!(role, Some(ColumnRole::PartitionKey(_)))
                    && new.is_counter()
                    && series < (3, 0)
                {
                    return invalid(format!(
                        "counter type is not supported for PRIMARY KEY part {column}"
                    ));
                }
                // 1.2.0 to 1.2.11's AlterTableStatement set a partition key
                // column's type as given (a counter refused above);
                // 1.2.12 asked `isValueCompatibleWith`.
                let key_free = series == (1, 2)
                    && release < (1, 2, 12)
                    && matches!(role, Some(ColumnRole::PartitionKey(_)));
                let fits = if key_free {
                    true
                } else if since_2_0 && !clustering {
                    value_compatible(&slot.ty, &new)
                } else {
                    compatible(&slot.ty, &new)
                };
                if !fits {
                    if clustering && release < (1, 2, 12) {
                        return invalid("comparators do not match or are not compatible.".into());
                    }
                    let why = if clustering {
                        "types are not order-compatible."
                    } else {
                        "types are incompatible."
                    };
                    return invalid(format!(
                        "Cannot change {column} from type {} to type {}: {why}",
                        slot.ty.cql_name(),
                        new.cql_name()
                    ));
                }
                slot.ty = new;
                Ok(())
            }
            AlterTableOp::Drop { column } => {
                // 1.2 took a static compact table for a CQL 3 one here too.
                let refused = match series {
                    (1, _) => self.layout == Layout::CompactDense,
                    _ => self.is_compact(),
                };
                if refused {
                    return invalid(match series {
                        (1, _) => "Cannot drop columns from a compact CF".into(),
                        (2, 0) => "Cannot drop columns from a COMPACT STORAGE table".into(),
                        _ => "Cannot drop columns from a non-CQL3 table".into(),
                    });
                }
                match self.role(column) {
                    None => invalid(format!(
                        "Column {column} was not found in table {}",
                        self.name
                    )),
                    Some(ColumnRole::Regular(i)) => {
                        if let Some(why) = dependent_index_refusal(&self.regular[i], series) {
                            return invalid(why);
                        }
                        self.regular.remove(i);
                        Ok(())
                    }
                    Some(_) => invalid(format!("Cannot drop PRIMARY KEY part {column}")),
                }
            }
            AlterTableOp::Rename(pairs) => {
                for (from, to) in pairs {
                    // The column renamed is looked up first (1.2's
                    // AlterTableStatement, 2.0's `renameColumn`).
                    if self.role(from).is_none() {
                        return invalid(format!(
                            "Column {from} was not found in table {}",
                            self.name
                        ));
                    }
                    if self.role(to).is_some() {
                        // 1.2's AlterTableStatement; 2.0 to 3.x's
                        // `CFMetaData.renameColumn` named the table as the keyspace.
                        let table = &self.name;
                        return invalid(match series {
                            s if s < (2, 0) => format!("Cannot rename column {from} in table {table} to {to}; another column of that name already exist"),
                            s if s < (4, 0) => format!("Cannot rename column {from} to {to} in keyspace {table}; another column of that name already exist"),
                            _ => format!("Cannot rename {from} to {to} in keyspace {}; another column of that name already exist in table {table}", self.keyspace),
                        });
                    }
                    // 2.0's `CFMetaData.renameColumn`: not an indexed one.
                    if self.key_index(from).is_some() {
                        return invalid(format!(
                            "Cannot rename column {from} because it is secondary indexed"
                        ));
                    }
                    match self.role(from) {
                        Some(ColumnRole::PartitionKey(i)) => {
                            self.partition_key[i].name = to.clone()
                        }
                        Some(ColumnRole::Clustering(i)) => {
                            self.clustering[i].column.name = to.clone()
                        }
                        Some(ColumnRole::Regular(i)) if self.layout == Layout::CompactDense => {
                            self.regular[i].column.name = to.clone()
                        }
                        Some(ColumnRole::Regular(_)) => {
                            return invalid(format!("Cannot rename non PRIMARY KEY part {from}"))
                        }
                        None => {
                            return invalid(format!(
                                "Column {from} was not found in table {}",
                                self.name
                            ))
                        }
                    }
                }
                Ok(())
            }
            // Table options do not change the CQL shape.
            AlterTableOp::With(_) => Ok(()),
        }
    }
}

/// 3.x's refusal to drop a column a secondary index depends on (the index
/// must be dropped first); 3.0 named the column by its definition's debug
/// form, 3.11 by its name. Before 3.0 the column went with its index.
fn dependent_index_refusal(col: &RegularColumn, series: (u32, u32)) -> Option<String> {
    if series < (3, 0) || !col.is_indexed() {
        return None;
    }
    let names: Vec<&str> = col.indexes.iter().map(|i| i.name.as_str()).collect();
    let index = names.join(",");
    let name = &col.column.name;
    let column = if series == (3, 0) {
        let kind = if col.is_static { "STATIC" } else { "REGULAR" };
        let ty = col.column.ty.class_name();
        format!("ColumnDefinition{{name={name}, type={ty}, kind={kind}, position=-1}}")
    } else {
        name.clone()
    };
    Some(format!(
        "Cannot drop column {column} because it has dependent secondary indexes ({index})"
    ))
}
