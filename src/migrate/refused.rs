//! The cells of the source the cluster cannot hold, found by asking the
//! gateway's own write path ([`cf_statements`], pure) whether it would
//! refuse them, and counted per column family with the reason it gives:
//! on a 3.x compact layout a static CF's undeclared columns (CQL cannot
//! name the hidden pair they would live in), a `CompositeType` name
//! without every component, a column a CQL3 table no longer has. Copy
//! leaves them out and says so; verification leaves them out of both
//! sides and makes the run's outcome "incomplete".
//!
//! This module decides and counts; it must not write or read the cluster.

use super::rows::Item;
use super::target::Cf;
use crate::gateway::write::plan::cf_statements;
use crate::model::{Cell, CellKind, Op};
use std::collections::BTreeMap;

/// Refused cells (and verification's differences) shown per column family.
pub const SHOWN: usize = 5;

/// The op that copies one item (a counter as an add of its total: what
/// matters here is whether the table takes it, not the amount).
pub fn op_of(item: &Item) -> Op {
    match (item.cell.kind, item.cell.counter_total()) {
        (CellKind::Counter { .. }, Some(total)) => Op::CounterAdd {
            super_column: item.super_column.clone(),
            name: item.cell.name.clone(),
            delta: total,
            timestamp: item.cell.timestamp,
        },
        _ => Op::Put {
            super_column: item.super_column.clone(),
            cell: item.cell.clone(),
        },
    }
}

/// A row's items split into those the cluster takes and those it refuses,
/// each refused one with the gateway's reason.
pub fn split(cf: &Cf, key: &[u8], items: Vec<Item>) -> (Vec<Item>, Vec<(Item, String)>) {
    let fits = |ops: &[Op]| cf_statements(&cf.def, cf.storage, key, ops);
    let ops: Vec<Op> = items.iter().map(op_of).collect();
    if fits(&ops).is_ok() {
        return (items, Vec::new());
    }
    let mut kept = Vec::with_capacity(items.len());
    let mut refused = Vec::new();
    for (item, op) in items.into_iter().zip(ops) {
        match fits(std::slice::from_ref(&op)) {
            Ok(_) => kept.push(item),
            Err(e) => refused.push((item, e.to_string())),
        }
    }
    (kept, refused)
}

/// Cells left out of one column family, by reason.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Refusals {
    /// reason -> (cells, rows, a few examples).
    pub by_reason: BTreeMap<String, (u64, u64, Vec<String>)>,
}

impl Refusals {
    pub fn cells(&self) -> u64 {
        self.by_reason.values().map(|v| v.0).sum()
    }

    /// Counts one row's refused items.
    pub fn note(&mut self, key: &[u8], refused: &[(Item, String)]) {
        let mut reasons_of_row: Vec<&str> = Vec::new();
        for (item, why) in refused {
            let e = self.by_reason.entry(why.clone()).or_default();
            e.0 += 1;
            if !reasons_of_row.contains(&why.as_str()) {
                reasons_of_row.push(why);
                e.1 += 1;
            }
            if e.2.len() < SHOWN {
                e.2.push(describe(key, item));
            }
        }
    }

    pub fn add(&mut self, other: Refusals) {
        for (why, (cells, rows, examples)) in other.by_reason {
            let e = self.by_reason.entry(why).or_default();
            e.0 += cells;
            e.1 += rows;
            for x in examples {
                if e.2.len() < SHOWN {
                    e.2.push(x);
                }
            }
        }
    }

    /// The report's lines for one column family.
    pub fn lines(&self, label: &str) -> Vec<String> {
        let mut out = Vec::new();
        for (why, (cells, rows, examples)) in &self.by_reason {
            out.push(format!(
                "{label}: {cells} cells in {rows} rows NOT COPIED (the cluster cannot hold \
                 them): {why}"
            ));
            out.extend(examples.iter().map(|x| format!("  {x}")));
        }
        out
    }
}

fn describe(key: &[u8], item: &Item) -> String {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let Cell { name, .. } = &item.cell;
    match &item.super_column {
        Some(sc) => format!("key {:?} {}:{}", text(key), text(sc), text(name)),
        None => format!("key {:?} {}", text(key), text(name)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::driver::facts::Storage;
    use crate::gateway::table::layout::Layout;
    use crate::marshal::parse_type;
    use crate::migrate::target::Table;
    use crate::schema::{CfDef, ColumnDef};
    use std::sync::Arc;

    fn users(storage: Storage) -> Cf {
        let mut def = CfDef::new("K", "Users", 10, parse_type("UTF8Type").unwrap(), None);
        def.options.column_metadata.push(ColumnDef::plain(
            b"name".to_vec(),
            parse_type("UTF8Type").unwrap(),
        ));
        let layout = Layout::of(&def, storage).unwrap();
        Cf {
            def: Arc::new(def),
            table: Table::Thrift(layout),
            storage,
        }
    }

    fn item(name: &str) -> Item {
        Item {
            super_column: None,
            cell: Cell::live(name.as_bytes().to_vec(), b"v".to_vec(), 1),
        }
    }

    #[test]
    fn undeclared_columns_are_refused_on_a_compact_layout_only() {
        let items = vec![item("name"), item("age"), item("city")];
        let (kept, refused) = split(&users(Storage::Compact), b"k", items.clone());
        assert_eq!(kept, [item("name")]);
        assert_eq!(refused.len(), 2);
        assert!(refused[0].1.contains("undeclared"), "{}", refused[0].1);
        let mut r = Refusals::default();
        r.note(b"k", &refused);
        r.note(b"j", &refused[..1]);
        assert_eq!(r.cells(), 3);
        let lines = r.lines("K/Users");
        assert!(
            lines[0].starts_with("K/Users: 3 cells in 2 rows NOT COPIED"),
            "{lines:?}"
        );
        assert_eq!(lines[1], "  key \"k\" age");
        // Without COMPACT STORAGE they are rows of column1/value.
        let (kept, refused) = split(&users(Storage::NonCompact), b"k", items.clone());
        assert_eq!((kept, refused.len()), (items, 0));
    }
}
