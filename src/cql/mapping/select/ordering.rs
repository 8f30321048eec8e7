//! ORDER BY's checks: the clustering columns it may name and in which
//! order (every release's `isReversed`), and 1.2's and 2.0's rule that an
//! ordered IN on the partition key selects the columns it orders by.

use super::rules::Words;
use super::selector_columns;
use crate::cql::ast::{Ordering as Order, Select, Selection, Selector};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::{ColumnRole, Table};

fn invalid(msg: impl Into<String>) -> CqlError {
    CqlError::invalid(msg)
}

/// ORDER BY: clustering columns in declared order, one direction; true
/// when rows come out reversed.
pub(super) fn order_by(table: &Table, sel: &Select, single: bool) -> CqlResult<bool> {
    if sel.order_by.is_empty() {
        return Ok(false);
    }
    if !single {
        return Err(invalid(
            "ORDER BY is only supported when the partition key is restricted by an EQ or an IN.",
        ));
    }
    let mut dir: Option<bool> = None;
    for (pos, (name, o)) in sel.order_by.iter().enumerate() {
        let Some(ColumnRole::Clustering(i)) = table.role(name) else {
            return Err(match table.role(name) {
                None => invalid(format!("Order by on unknown column {name}")),
                Some(_) => invalid(format!("Order by is currently only supported on the clustered columns of the PRIMARY KEY, got {name}")),
            });
        };
        if i != pos {
            return Err(invalid("Order by currently only support the ordering of columns following their declared order in the PRIMARY KEY"));
        }
        let r = (*o == Order::Desc) != table.clustering[i].reversed;
        if dir.is_some_and(|d| d != r) {
            return Err(invalid("Unsupported order by relation"));
        }
        dir = Some(r);
    }
    Ok(dir.unwrap_or(false))
}

/// 1.2's and 2.0's rule for an ORDER BY of an IN on the partition key:
/// each ordered column selected (the rows of the partitions were sorted by
/// it after the read). `*` selects them all; 1.2 matched plain column
/// selectors only, 2.0 every column its selectors read.
pub(super) fn ordering_selected(sel: &Select, words: Words) -> CqlResult<()> {
    let Selection::Columns(list) = &sel.selection else {
        return Ok(());
    };
    let mut read = Vec::new();
    list.iter()
        .for_each(|(s, _)| selector_columns(s, &mut read));
    for (name, _) in &sel.order_by {
        let selected = match words {
            Words::V11 | Words::V12 => list
                .iter()
                .any(|(s, _)| matches!(s, Selector::Column(c) if c == name)),
            _ => read.contains(&name.as_str()),
        };
        if !selected {
            return Err(invalid(match words {
                Words::V11 | Words::V12 => {
                    "ORDER BY could not be used on columns missing in select clause.".to_string()
                }
                _ => format!(
                    "ORDER BY can only be performed on columns in the select clause (got {name})"
                ),
            }));
        }
    }
    Ok(())
}
