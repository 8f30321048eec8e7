//! 3.x's COMPACT STORAGE value column renamed over the data it held
//! ([`Behaviour::RenamedValueReadCloses`]): the memtable's cells still
//! named the old column, and a read's response, serialized under a header
//! naming the new one, could not be read back; the uncaught error closed
//! the Thrift connection. Recorded on 3.0.24 and 3.11.10 (`rel_renamed_value3x`).
//!
//! The node notes, as the rename is applied, which cells (row key, cell
//! name) the table held; a CQL read that returns one of them fails so
//! (3.11's reads by names and reversed ones left them out instead:
//! [`Behaviour::RenamedValueSkippedByNames`]). A truncation empties the
//! table's note (3.x's memtable was gone). Owns that note only; it must
//! not change data.

use super::error::{NodeError, NodeResult};
use super::Node;
use crate::model::{Cell, ReadCommand, RowRange, RowResult, Slice};
use crate::release::Behaviour;
use crate::schema::{CfDef, CfSpec};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// A table: keyspace, name and id (one made again under the name is another).
pub type TableKey = (String, String, u32);

/// The cells (row key, cell name) each table held when its value column
/// was renamed.
pub type RenamedValues = BTreeMap<TableKey, BTreeSet<(Vec<u8>, Vec<u8>)>>;

/// The name a dense table's value cells go by: its alias, `value` unless given.
fn value_name(alias: Option<&[u8]>) -> &[u8] {
    alias.unwrap_or(b"value")
}

/// Whether `new` renames the value column of the dense table `old` (one
/// with no declared columns: its cells are all the value column's).
pub fn renames_value(old: &CfDef, new: &CfSpec) -> bool {
    old.options.column_metadata.is_empty()
        && !old.is_super()
        && value_name(old.options.value_alias.as_deref()) != value_name(new.value_alias.as_deref())
}

impl Node {
    fn renamed_value_reads_close(&self) -> bool {
        self.release
            .is_some_and(|r| r.does(Behaviour::RenamedValueReadCloses))
    }

    /// Notes the cells `old` holds, when the change about to be applied
    /// (`new`) renames its value column; called with the table as it was.
    pub fn note_value_rename(&self, old: &Arc<CfDef>, new: &CfSpec) -> NodeResult<()> {
        if !self.renamed_value_reads_close() || !renames_value(old, new) {
            return Ok(());
        }
        let cmd = ReadCommand {
            keyspace: old.keyspace.clone(),
            cf: old.name.clone(),
            super_column: None,
            slice: Slice::first(usize::MAX),
        };
        let whole = RowRange::Keys {
            start: Vec::new(),
            end: Vec::new(),
        };
        let rows =
            self.backend
                .read_range_while(&cmd, &whole, usize::MAX, usize::MAX, &mut |_, _| true)?;
        let mut held = BTreeSet::new();
        for (key, row) in rows {
            if let RowResult::Cells(cells) = row {
                held.extend(cells.into_iter().map(|c| (key.clone(), c.name)));
            }
        }
        let table = (old.keyspace.clone(), old.name.clone(), old.id);
        self.renamed_values
            .lock()
            .entry(table)
            .or_default()
            .extend(held);
        Ok(())
    }

    /// `row` (the row `key` a CQL read of `cmd` returned) as the release
    /// answered it when it holds a value written before its table's value
    /// column was renamed: the read failed, or (3.11, a read by names or a
    /// reversed one) those values were left out.
    pub fn renamed_values_read(
        &self,
        cmd: &ReadCommand,
        key: &[u8],
        row: RowResult,
    ) -> NodeResult<RowResult> {
        let RowResult::Cells(cells) = row else {
            return Ok(row);
        };
        if self.renamed_values.lock().is_empty() {
            return Ok(RowResult::Cells(cells));
        }
        let Some(cf) = self.schema().cf(&cmd.keyspace, &cmd.cf).cloned() else {
            return Ok(RowResult::Cells(cells));
        };
        let noted = self.renamed_values.lock();
        let Some(held) = noted.get(&(cf.keyspace.clone(), cf.name.clone(), cf.id)) else {
            return Ok(RowResult::Cells(cells));
        };
        let stale = |c: &Cell| held.contains(&(key.to_vec(), c.name.clone()));
        if !cells.iter().any(stale) {
            return Ok(RowResult::Cells(cells));
        }
        // (A slice from a name to the same name reads that one name.)
        let by_names = match &cmd.slice {
            Slice::Names(_) => true,
            Slice::Range {
                start,
                finish,
                reversed,
                ..
            } => *reversed || (!start.is_empty() && start == finish),
        };
        let skipped = self
            .release
            .is_some_and(|r| r.does(Behaviour::RenamedValueSkippedByNames));
        if by_names && skipped {
            return Ok(RowResult::Cells(
                cells.into_iter().filter(|c| !stale(c)).collect(),
            ));
        }
        Err(NodeError::FailedOnServer(format!(
            "a value of {}.{} written before its value column was renamed could not be read",
            cf.keyspace, cf.name
        )))
    }

    /// Forgets what a truncated table held.
    pub(super) fn forget_renamed_values(&self, keyspace: &str, cf: &str) {
        self.renamed_values
            .lock()
            .retain(|(k, c, _), _| !(k == keyspace && c == cf));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dense(alias: Option<&str>) -> CfDef {
        let comparator = crate::marshal::parse_type("UTF8Type").unwrap();
        let mut cf = CfDef::new("ks", "t", 1, comparator, None);
        cf.options.value_alias = alias.map(|a| a.as_bytes().to_vec());
        cf
    }

    fn spec(alias: Option<&str>) -> CfSpec {
        CfSpec {
            keyspace: "ks".into(),
            name: "t".into(),
            value_alias: alias.map(|a| a.as_bytes().to_vec()),
            ..CfSpec::default()
        }
    }

    #[test]
    fn only_a_new_name_for_a_dense_tables_value_is_a_rename() {
        assert!(renames_value(&dense(None), &spec(Some("device"))));
        assert!(renames_value(&dense(Some("v")), &spec(Some("val"))));
        assert!(!renames_value(&dense(None), &spec(Some("value"))));
        assert!(!renames_value(&dense(Some("v")), &spec(Some("v"))));
    }
}
