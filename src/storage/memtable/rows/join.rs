//! Joining row sets filled apart: replay fills one `Rows` per key range,
//! each on its own thread (`Rows::apart`), and joins them in key order by
//! moving each part's arena blocks and row slots as they are, no record
//! copied (`Arena::apart` keeps every reference valid). A part that does
//! not fit that way (a row not after these, an arena not made apart from
//! this one) is copied in row by row as ops, to the same effect, only
//! slower. It must not decide how rows are split among parts.

use super::supers::stored;
use super::{by_key, row_key, Body, Rows, Slot};
use crate::model::{DeletionTime, Op};
use crate::schema::CfDef;
use crate::storage::memtable::cell_record;
use std::cmp::Ordering;

impl Rows {
    /// `n` empty row sets to be filled apart (on separate threads) and then
    /// joined into this one (`join`), in key order.
    pub fn apart(&self, n: usize) -> Vec<Rows> {
        self.arena
            .apart(n)
            .into_iter()
            .map(|arena| Rows {
                arena,
                ties: self.ties,
                ..Rows::default()
            })
            .collect()
    }

    /// Moves the rows of `other` (of the CF `cf`) in: as they are when they
    /// all come after these and `other` came from this set's `apart`,
    /// otherwise copied row by row.
    pub fn join(&mut self, cf: &CfDef, other: Rows) {
        let Some(first) = other.slots.values().next() else {
            // No rows: its arena holds nothing anything refers to.
            return;
        };
        let first = row_key::get(&other.arena, first.key);
        let after = self
            .slots
            .last()
            .is_none_or(|last| by_key(&self.arena, first)(last) == Ordering::Less);
        let Rows {
            arena,
            slots,
            row_bytes,
            ties,
        } = other;
        let arena = match after {
            true => match self.arena.join(arena) {
                Ok(()) => {
                    self.slots.append(slots);
                    self.row_bytes += row_bytes;
                    return;
                }
                Err(arena) => arena,
            },
            false => arena,
        };
        let other = Rows {
            arena,
            slots,
            row_bytes,
            ties,
        };
        for s in other.slots.values() {
            self.apply(cf, &other.key_of(s), &other.ops_of(cf, s));
        }
    }

    /// The ops that rebuild the row in `s` (in an empty row: its deletion,
    /// range tombstones and cells; counter cells as they are).
    fn ops_of(&self, cf: &CfDef, s: &Slot) -> Vec<Op> {
        let (deletion, ranges) = s.body.header();
        let mut ops = Vec::new();
        if deletion != DeletionTime::LIVE {
            ops.push(Op::DeleteRow(deletion));
        }
        ops.extend(ranges.iter().map(|r| Op::DeleteRange {
            start: r.start.clone(),
            end: r.end.clone(),
            deletion: r.deletion,
        }));
        match &s.body {
            Body::Cells { cells, .. } => ops.extend(cells.values().map(|r| Op::Put {
                super_column: None,
                cell: cell_record::decode(self.arena.at(*r)),
            })),
            Body::Supers(row) => {
                let Some(subcmp) = cf.subcomparator.as_ref() else {
                    return ops;
                };
                for sup in row.supers.values() {
                    let sup = stored(&self.arena, sup, subcmp);
                    if sup.deletion != DeletionTime::LIVE {
                        ops.push(Op::DeleteSuperColumn {
                            name: sup.name.clone(),
                            deletion: sup.deletion,
                        });
                    }
                    ops.extend(sup.cells.into_values().map(|cell| Op::Put {
                        super_column: Some(sup.name.clone()),
                        cell,
                    }));
                }
            }
        }
        ops
    }
}
