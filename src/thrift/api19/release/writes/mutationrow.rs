//! The row one column family's list of mutations in a 2.1 or 2.2 batch
//! built before it reached the memtable (`MutationCellsReconciledInArray`).
//!
//! `CassandraServer.createMutationList` added each cell of the list, in the
//! list's order (a super column's sub-columns in theirs), to one
//! `ArrayBackedSortedColumns`. A cell sorting after the last one was
//! appended; one naming the last, or one its binary search found, replaced
//! it by `new.reconcile(old)`; any other made the array unsorted, and every
//! later cell was appended unchecked. Sorting (stable) merged the unsorted
//! tail into the sorted part from where its first name fell: a name in both
//! as `sorted.reconcile(unsorted)`, a name repeated in the tail as
//! `new.reconcile(merged so far)`. Only the survivor of each name reached
//! the memtable, which reconciled it against what it held. So of two writes
//! tied on timestamp and value the later stays while names come in order,
//! and one already sorted beats an out-of-order one. The engine applies a
//! list's cells one by one, the first of a tie kept (`Ties`): this module
//! drops, from the list's ops, every cell the array's reconciling dropped.

use crate::model::{Cell, CellKind, Op};
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use std::cmp::Ordering;

/// Keeps of `ops` (one column family's list, in order) only the cells the
/// release's mutation row kept; the other ops stay where they are.
pub fn reconcile(release: Option<&Release>, cf: &CfDef, ops: &mut Vec<Op>) {
    if !release.is_some_and(|r| r.does(Behaviour::MutationCellsReconciledInArray)) {
        return;
    }
    let puts: Vec<usize> = (0..ops.len())
        .filter(|&i| matches!(ops[i], Op::Put { .. }))
        .collect();
    if !repeats_a_name(ops, &puts) {
        return;
    }
    let kept = Array::build(cf, ops, &puts);
    let mut keep = vec![true; ops.len()];
    for &i in &puts {
        keep[i] = false;
    }
    for i in kept {
        keep[i] = true;
    }
    let mut at = 0;
    ops.retain(|_| {
        at += 1;
        keep[at - 1]
    });
}

/// The cell of a put and its super column.
fn parts(op: &Op) -> (Option<&[u8]>, &Cell) {
    match op {
        Op::Put { super_column, cell } => (super_column.as_deref(), cell),
        _ => unreachable!("only puts are placed in the array"),
    }
}

/// Whether two puts name the same (super column, column): only then can
/// the array's reconciling differ from the memtable's.
fn repeats_a_name(ops: &[Op], puts: &[usize]) -> bool {
    let mut names: Vec<(Option<&[u8]>, &[u8])> = puts
        .iter()
        .map(|&i| {
            let (sc, c) = parts(&ops[i]);
            (sc, &c.name[..])
        })
        .collect();
    names.sort_unstable();
    names.windows(2).any(|w| w[0] == w[1])
}

/// `ArrayBackedSortedColumns` over indices of a list's puts.
struct Array<'a> {
    cf: &'a CfDef,
    ops: &'a [Op],
    cells: Vec<usize>,
}

impl<'a> Array<'a> {
    /// The puts left once every cell was added and the array sorted.
    fn build(cf: &'a CfDef, ops: &'a [Op], puts: &[usize]) -> Vec<usize> {
        let mut a = Array {
            cf,
            ops,
            cells: Vec::with_capacity(puts.len()),
        };
        // `sortedSize`: while sorted, the whole array.
        let mut sorted = 0;
        for &i in puts {
            if sorted < a.cells.len() {
                a.cells.push(i);
                continue;
            }
            let Some(&last) = a.cells.last() else {
                a.cells.push(i);
                sorted = 1;
                continue;
            };
            match a.cmp(last, i) {
                Ordering::Less => {
                    a.cells.push(i);
                    sorted += 1;
                }
                Ordering::Equal => {
                    let n = a.cells.len() - 1;
                    a.cells[n] = a.reconciled(i, last);
                }
                Ordering::Greater => match a.search(&a.cells, i) {
                    Ok(pos) => a.cells[pos] = a.reconciled(i, a.cells[pos]),
                    Err(_) => a.cells.push(i),
                },
            }
        }
        if sorted < a.cells.len() {
            a.sort(sorted);
        }
        a.cells
    }

    /// `sortCells`: the unsorted tail merged into the sorted part.
    fn sort(&mut self, sorted: usize) {
        let mut tail = self.cells.split_off(sorted);
        tail.sort_by(|&x, &y| self.cmp(x, y));
        let pos = match self.search(&self.cells, tail[0]) {
            Ok(p) | Err(p) => p,
        };
        let left = self.cells.split_off(pos);
        let (mut l, mut r) = (0, 0);
        while l < left.len() && r < tail.len() {
            match self.cmp(left[l], tail[r]) {
                Ordering::Less => {
                    self.cells.push(left[l]);
                    l += 1;
                }
                Ordering::Equal => {
                    let won = self.reconciled(left[l], tail[r]);
                    self.cells.push(won);
                    l += 1;
                    r += 1;
                }
                Ordering::Greater => {
                    self.append_or_reconcile(tail[r]);
                    r += 1;
                }
            }
        }
        self.cells.extend_from_slice(&left[l..]);
        for &c in &tail[r..] {
            self.append_or_reconcile(c);
        }
    }

    /// `appendOrReconcile`: a cell equal in name (bytes) to the last one
    /// replaces it by `cell.reconcile(last)`.
    fn append_or_reconcile(&mut self, i: usize) {
        if let Some(&last) = self.cells.last() {
            let (a, b) = (parts(&self.ops[last]), parts(&self.ops[i]));
            if a.0 == b.0 && a.1.name == b.1.name {
                let n = self.cells.len() - 1;
                self.cells[n] = self.reconciled(i, last);
                return;
            }
        }
        self.cells.push(i);
    }

    /// The comparator of the row's cell names: a Super CF's by super
    /// column, then sub-column.
    fn cmp(&self, x: usize, y: usize) -> Ordering {
        let ((xs, xc), (ys, yc)) = (parts(&self.ops[x]), parts(&self.ops[y]));
        let by_super = match (xs, ys, &self.cf.subcomparator) {
            (Some(a), Some(b), Some(_)) => self.cf.comparator.compare(a, b),
            _ => Ordering::Equal,
        };
        by_super.then_with(|| {
            let names = self
                .cf
                .subcomparator
                .as_ref()
                .unwrap_or(&self.cf.comparator);
            names.compare(&xc.name, &yc.name)
        })
    }

    /// Java's binary search of the array for `i`'s name.
    fn search(&self, within: &[usize], i: usize) -> Result<usize, usize> {
        within.binary_search_by(|&c| self.cmp(c, i))
    }

    /// `this.reconcile(other)` of 2.1's cells: which of the two stays.
    fn reconciled(&self, this: usize, other: usize) -> usize {
        if keeps_itself(parts(&self.ops[this]).1, parts(&self.ops[other]).1) {
            this
        } else {
            other
        }
    }
}

/// 2.1's `Cell.reconcile`, true when `this` stays: the later timestamp, a
/// tombstone over a live cell, the greater value as Java's `ByteBuffer`
/// compared them (signed bytes), and on a full tie `this`, unless both
/// expire and the other lives longer (`BufferExpiringCell.reconcile`).
fn keeps_itself(this: &Cell, other: &Cell) -> bool {
    if this.timestamp != other.timestamp {
        return this.timestamp > other.timestamp;
    }
    match (&this.kind, &other.kind) {
        (
            CellKind::Tombstone {
                local_deletion_time: a,
            },
            CellKind::Tombstone {
                local_deletion_time: b,
            },
        ) => a >= b,
        (CellKind::Tombstone { .. }, _) => true,
        (_, CellKind::Tombstone { .. }) => false,
        (this_kind, other_kind) => match java_bytes_cmp(&this.value, &other.value) {
            Ordering::Equal => match (this_kind, other_kind) {
                (
                    CellKind::Expiring {
                        local_expiration_time: a,
                        ..
                    },
                    CellKind::Expiring {
                        local_expiration_time: b,
                        ..
                    },
                ) => a >= b,
                _ => true,
            },
            o => o == Ordering::Greater,
        },
    }
}

/// `ByteBuffer.compareTo`: bytes compared as Java's signed `byte`.
fn java_bytes_cmp(a: &[u8], b: &[u8]) -> Ordering {
    let signed = |x: &[u8]| x.iter().map(|&v| v as i8).collect::<Vec<i8>>();
    signed(a).cmp(&signed(b))
}

#[cfg(test)]
#[path = "mutationrow_tests.rs"]
mod tests;
