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

impl Table {
    /// Applies one ALTER TABLE operation.
    pub fn alter(&mut self, op: &AlterTableOp) -> CqlResult<()> {
        let invalid = |m: String| Err(CqlError::Invalid(m));
        match op {
            AlterTableOp::Add {
                column,
                ty,
                is_static,
            } => {
                let ty = CqlType::from_expr(ty)?;
                if self.is_compact() {
                    return invalid("Cannot add new column to a COMPACT STORAGE table".into());
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
                if !self.regular.is_empty() && ty.is_counter() != self.is_counter_table() {
                    return invalid(if ty.is_counter() {
                        format!(
                            "Cannot add a counter column ({column}) in a non counter column family"
                        )
                    } else {
                        format!(
                            "Cannot add a non counter column ({column}) in a counter column family"
                        )
                    });
                }
                self.regular.push(RegularColumn {
                    column: Column {
                        name: column.clone(),
                        ty,
                    },
                    index: None,
                    is_static: *is_static,
                });
                self.regular
                    .sort_by(|a, b| a.column.name.as_bytes().cmp(b.column.name.as_bytes()));
                Ok(())
            }
            AlterTableOp::Alter { column, ty } => {
                let new = CqlType::from_expr(ty)?;
                let slot: &mut Column = match self.role(column) {
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
                if !compatible(&slot.ty, &new) {
                    return invalid(format!(
                        "Cannot change {column} from type {} to type {}: types are incompatible.",
                        slot.ty.cql_name(),
                        new.cql_name()
                    ));
                }
                slot.ty = new;
                Ok(())
            }
            AlterTableOp::Drop { column } => {
                if self.is_compact() {
                    return invalid("Cannot drop columns from a non-CQL3 table".into());
                }
                match self.role(column) {
                    None => invalid(format!(
                        "Column {column} was not found in table {}",
                        self.name
                    )),
                    Some(ColumnRole::Regular(i)) => {
                        self.regular.remove(i);
                        Ok(())
                    }
                    Some(_) => invalid(format!("Cannot drop PRIMARY KEY part {column}")),
                }
            }
            AlterTableOp::Rename(pairs) => {
                for (from, to) in pairs {
                    if self.role(to).is_some() {
                        return invalid(format!("Cannot rename {from} to {to} in keyspace {}; another column of that name already exist in table {}", self.keyspace, self.name));
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
