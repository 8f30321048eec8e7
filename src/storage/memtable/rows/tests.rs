//! Tests of the packed memtable rows: random ops on Standard, counter and
//! Super CFs give exactly what `Row` (the reconciling row compaction uses)
//! gives for the same ops, through every read (headers, slices either way
//! with bounds and limits, names, keys in ring order, the flush iterator);
//! and what a column (or a super column's sub-column) costs stays near its
//! packed size.

use super::Rows;
use crate::model::*;
use crate::partitioner::{
    DecoratedKey, OrderPreservingPartitioner, Partitioner, RandomPartitioner,
};
use crate::schema::CfDef;
use crate::storage::row::{Entry, Row};
use crate::storage::testutil::schema;
use std::collections::BTreeMap;
use std::ops::Bound;
use std::sync::Arc;

/// A pseudo-random sequence without a dependency.
fn lcg(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    *seed >> 33
}

fn name(seed: &mut u64) -> Bytes {
    (lcg(seed) % 40).to_be_bytes()[6..].to_vec()
}

/// A random op that `validate_op` accepts for `cf`.
fn random_op(seed: &mut u64, cf: &CfDef) -> Op {
    let ts = (lcg(seed) % 30) as i64;
    let now = 1000 + (lcg(seed) % 10) as i32;
    let value: Bytes = vec![b'v'; (lcg(seed) % 4) as usize];
    let sc = cf.is_super().then(|| vec![b's', (lcg(seed) % 4) as u8]);
    let cell = match lcg(seed) % 3 {
        _ if cf.is_counter() => Cell::tombstone(name(seed), ts, now),
        0 => Cell::live(name(seed), value, ts),
        1 => Cell::expiring(name(seed), value, ts, 5, now),
        _ => Cell::tombstone(name(seed), ts, now),
    };
    match lcg(seed) % 20 {
        0 => Op::DeleteRow(DeletionTime::new(ts - 10, now)),
        1 if !cf.is_super() => {
            let (mut a, mut z) = (name(seed), name(seed));
            if a > z {
                std::mem::swap(&mut a, &mut z);
            }
            if lcg(seed).is_multiple_of(4) {
                a.clear();
            }
            Op::DeleteRange {
                start: a,
                end: z,
                deletion: DeletionTime::new(ts - 5, now),
            }
        }
        2 if cf.is_super() => Op::DeleteSuperColumn {
            name: sc.clone().unwrap_or_default(),
            deletion: DeletionTime::new(ts - 5, now),
        },
        3..=10 if cf.is_counter() => Op::CounterAdd {
            super_column: sc,
            name: name(seed),
            delta: (lcg(seed) % 7) as i64 - 3,
            timestamp: ts,
        },
        _ => Op::Put {
            super_column: sc,
            cell,
        },
    }
}

/// An entry in a comparable shape: (name, deletion, cells).
fn flat(e: &Entry) -> (Bytes, Option<DeletionTime>, Vec<Cell>) {
    match e {
        Entry::Cell(c) => (c.name.clone(), None, vec![c.clone()]),
        Entry::Super(s) => (
            s.name.clone(),
            Some(s.deletion),
            s.cells.values().cloned().collect(),
        ),
    }
}

fn flats<'a>(
    es: impl IntoIterator<Item = &'a Entry>,
) -> Vec<(Bytes, Option<DeletionTime>, Vec<Cell>)> {
    es.into_iter().map(flat).collect()
}

fn check_against_row(cf_name: &str, partitioner: &dyn Partitioner, seed: u64) {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", cf_name).unwrap().clone();
    let cmp = &cf.comparator;
    let mut seed = seed;
    let mut rows = Rows::default();
    let mut want: BTreeMap<DecoratedKey, Row> = BTreeMap::new();
    let keys: Vec<DecoratedKey> = (0..6)
        .map(|k| partitioner.decorate(format!("key{k}").as_bytes()))
        .collect();
    for _ in 0..3000 {
        let key = &keys[(lcg(&mut seed) % keys.len() as u64) as usize];
        let ops: Vec<Op> = (0..1 + lcg(&mut seed) % 3)
            .map(|_| random_op(&mut seed, &cf))
            .collect();
        rows.apply(&cf, key, &ops);
        let row = want.entry(key.clone()).or_default();
        for op in &ops {
            row.apply(&cf, op);
        }
    }
    assert_eq!(rows.len(), want.len());
    let got_keys: Vec<DecoratedKey> = rows
        .keys_from(&Bound::Unbounded, 100)
        .into_iter()
        .map(|(k, _, _)| k)
        .collect();
    assert_eq!(got_keys, want.keys().cloned().collect::<Vec<_>>());
    let after_first: Vec<DecoratedKey> = rows
        .keys_from(&Bound::Excluded(got_keys[0].clone()), 2)
        .into_iter()
        .map(|(k, _, _)| k)
        .collect();
    assert_eq!(after_first, got_keys[1..3]);
    for ((key, row), flushed) in want.iter().zip(rows.iter(&cf)) {
        assert_eq!(&flushed.key, key);
        assert_eq!(
            (flushed.deletion, &flushed.ranges),
            (row.deletion, &row.ranges)
        );
        let entries: Vec<Entry> = flushed.entries.map(|e| e.into_entry()).collect();
        assert_eq!(flats(&entries), flats(row.entries.values()), "{cf_name}");
        assert_eq!(rows.header(key), Some((row.deletion, row.ranges.clone())));
        let names: Vec<Bytes> = (0..10).map(|_| name(&mut seed)).collect();
        let expected: Vec<&Entry> = names
            .iter()
            .filter_map(|n| row.entries.get(cmp, n))
            .collect();
        assert_eq!(flats(&rows.named(&cf, key, &names)), flats(expected));
        for _ in 0..50 {
            let (a, z) = (name(&mut seed), name(&mut seed));
            let bound = |n: &Bytes, seed: &mut u64| match lcg(seed) % 3 {
                0 => Bound::Included(n.clone()),
                1 => Bound::Excluded(n.clone()),
                _ => Bound::Unbounded,
            };
            let (lo, hi) = (bound(&a, &mut seed), bound(&z, &mut seed));
            let reversed = lcg(&mut seed).is_multiple_of(2);
            let limit = (lcg(&mut seed) % 12) as usize;
            let bounds = (
                lo.as_ref().map(Vec::as_slice),
                hi.as_ref().map(Vec::as_slice),
            );
            let range = row.entries.range(cmp, bounds.0, bounds.1);
            let expected: Vec<&Entry> = if reversed {
                range.rev().take(limit).collect()
            } else {
                range.take(limit).collect()
            };
            let got = rows.slice(&cf, key, bounds, reversed, limit);
            assert_eq!(flats(&got), flats(expected));
        }
    }
    let absent = partitioner.decorate(b"absent");
    assert!(rows.header(&absent).is_none());
    assert!(rows
        .slice(&cf, &absent, (Bound::Unbounded, Bound::Unbounded), false, 9)
        .is_empty());
}

#[test]
fn standard_rows_match_the_reference_row() {
    for seed in 1..4 {
        check_against_row("Std", &RandomPartitioner, seed);
        check_against_row("Std", &OrderPreservingPartitioner, seed + 10);
    }
}

#[test]
fn counter_rows_match_the_reference_row() {
    for seed in 1..4 {
        check_against_row("Counter", &RandomPartitioner, seed);
    }
}

#[test]
fn super_rows_match_the_reference_row() {
    check_against_row("Super", &RandomPartitioner, 5);
    check_against_row("SuperCounter", &OrderPreservingPartitioner, 6);
}

/// Heap per column for `count` columns of 34 bytes, `per_row` to a row.
fn bytes_per_column(count: u64, per_row: u64, name_of: impl Fn(u64) -> Bytes) -> f64 {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Std").unwrap().clone();
    let mut rows = Rows::default();
    for r in 0..count / per_row {
        let key = RandomPartitioner.decorate(format!("{r:010}").as_bytes());
        let ops: Vec<Op> = (0..per_row)
            .map(|c| Op::Put {
                super_column: None,
                cell: Cell::live(name_of(r * per_row + c), vec![b'x'; 34], 1),
            })
            .collect();
        rows.apply(&cf, &key, &ops);
    }
    rows.heap_bytes() as f64 / count as f64
}

#[test]
fn a_column_costs_near_its_packed_size() {
    // Packed: 1 + 1 + 2 + 1 + 34 + 8 = 47 bytes, and 8 for its reference;
    // the row (key and token once, its slot) is shared by five.
    // 1,000,000 columns, as the stress tool's 200,000 rows write them.
    let rows_of_5 = bytes_per_column(1_000_000, 5, |i| format!("C{}", i % 5).into_bytes());
    // 52 bytes packed (7-byte names) and 8 for the reference, in full chunks.
    let wide = bytes_per_column(100_000, 100_000, |i| format!("{i:07}").into_bytes());
    eprintln!(
        "memtable bytes per 34-byte column: {rows_of_5:.1} in rows of 5 (1,000,000 columns), \
         {wide:.1} in one row of 100,000"
    );
    assert!((55.0..90.0).contains(&rows_of_5), "{rows_of_5}");
    assert!((60.0..66.0).contains(&wide), "{wide}");
}

#[test]
fn overwrites_of_the_same_length_take_no_new_space() {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Counter").unwrap().clone();
    let mut rows = Rows::default();
    let key = RandomPartitioner.decorate(b"k");
    let add = |ts| Op::CounterAdd {
        super_column: None,
        name: b"hits".to_vec(),
        delta: 1,
        timestamp: ts,
    };
    rows.apply(&cf, &key, &[add(1)]);
    let held = rows.heap_bytes();
    for ts in 2..10_000 {
        rows.apply(&cf, &key, &[add(ts)]);
    }
    assert_eq!(rows.heap_bytes(), held);
    let got = rows.slice(&cf, &key, (Bound::Unbounded, Bound::Unbounded), false, 9);
    let [Entry::Cell(c)] = &got[..] else {
        panic!("{got:?}")
    };
    assert_eq!(c.counter_total(), Some(9_999));
}

#[test]
fn a_tie_of_timestamp_and_value_keeps_the_version_the_rule_says() {
    // One value at one timestamp, with a TTL then without (and the other
    // way): up to 2.0 the later write stayed, from 2.1 the first.
    use crate::storage::Ties;
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Std").unwrap().clone();
    let key = RandomPartitioner.decorate(b"k");
    let put = |cell: Cell| Op::Put {
        super_column: None,
        cell,
    };
    let live = || Cell::live(b"c".to_vec(), b"v".to_vec(), 7);
    let ttl = || Cell::expiring(b"c".to_vec(), b"v".to_vec(), 7, 60, 1000);
    // 3.0 on: the one living longer, whichever came first; of two TTLs
    // the later expiry; on a full tie the first.
    let later_ttl = || Cell::expiring(b"c".to_vec(), b"v".to_vec(), 7, 90, 1030);
    let longer = |a: &Cell, b: &Cell| {
        let until = |c: &Cell| match c.kind {
            crate::model::CellKind::Expiring {
                local_expiration_time,
                ..
            } => local_expiration_time,
            _ => i32::MAX,
        };
        if until(b) > until(a) {
            b.clone()
        } else {
            a.clone()
        }
    };
    for (ties, first, later) in [
        (Ties::TakeLater, ttl(), live()),
        (Ties::TakeLater, live(), ttl()),
        (Ties::KeepFirst, ttl(), live()),
        (Ties::KeepFirst, live(), ttl()),
        (Ties::LongerLived, ttl(), live()),
        (Ties::LongerLived, live(), ttl()),
        (Ties::LongerLived, ttl(), later_ttl()),
        (Ties::LongerLived, later_ttl(), ttl()),
        (Ties::LongerLived, ttl(), ttl()),
        (Ties::FirstUnlessOutlived, ttl(), live()),
        (Ties::FirstUnlessOutlived, live(), ttl()),
        (Ties::FirstUnlessOutlived, ttl(), later_ttl()),
        (Ties::FirstUnlessOutlived, later_ttl(), ttl()),
    ] {
        let mut rows = Rows::with_ties(ties.into());
        rows.apply(&cf, &key, &[put(first.clone())]);
        rows.apply(&cf, &key, &[put(later.clone())]);
        let got = rows.slice(&cf, &key, (Bound::Unbounded, Bound::Unbounded), false, 9);
        let want = match ties {
            Ties::TakeLater => later,
            Ties::KeepFirst => first,
            Ties::LongerLived => longer(&first, &later),
            Ties::FirstUnlessOutlived => match (&first.kind, &later.kind) {
                (CellKind::Expiring { .. }, CellKind::Expiring { .. }) => longer(&first, &later),
                _ => first,
            },
        };
        let [Entry::Cell(c)] = &got[..] else {
            panic!("{got:?}")
        };
        assert_eq!(*c, want, "{ties:?}");
    }
}

/// Heap per sub-column for `count` sub-columns of 34 bytes, `per_super` to
/// a super column and 10 super columns to a row.
/// Also what the same writes cost a `Row` by its own estimate (how the
/// memtable held Super CF rows before they were packed).
fn bytes_per_sub_column(count: u64, per_super: u64) -> (f64, f64) {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Super").unwrap().clone();
    let mut rows = Rows::default();
    let mut row_estimate = 0usize;
    let per_row = per_super * 10;
    for r in 0..count / per_row {
        let key = RandomPartitioner.decorate(format!("{r:010}").as_bytes());
        let ops: Vec<Op> = (0..per_row)
            .map(|c| Op::Put {
                super_column: Some(format!("S{}", c / per_super).into_bytes()),
                cell: Cell::live(
                    format!("C{}", c % per_super).into_bytes(),
                    vec![b'x'; 34],
                    1,
                ),
            })
            .collect();
        rows.apply(&cf, &key, &ops);
        let mut row = Row::default();
        row_estimate += std::mem::size_of::<Row>() + 32;
        for op in &ops {
            row_estimate += row.apply(&cf, op);
        }
    }
    let got = rows.slice(
        &cf,
        &RandomPartitioner.decorate(b"0000000000"),
        (Bound::Unbounded, Bound::Unbounded),
        false,
        100,
    );
    assert_eq!(got.len(), 10, "every super column is read back");
    (
        rows.heap_bytes() as f64 / count as f64,
        row_estimate as f64 / count as f64,
    )
}

#[test]
fn a_sub_column_costs_near_its_packed_size() {
    // Packed: 47 bytes and 8 for its reference; a super column (name
    // record, deletion, index) is shared by its sub-columns.
    let (small, small_row) = bytes_per_sub_column(100_000, 5);
    let (wide, wide_row) = bytes_per_sub_column(100_000, 1000);
    eprintln!(
        "bytes per sub-column, packed (as a Row): {small:.1} ({small_row:.1}) with 5 per \
         super column, {wide:.1} ({wide_row:.1}) with 1000"
    );
    assert!((55.0..100.0).contains(&small), "{small}");
    assert!((55.0..80.0).contains(&wide), "{wide}");
}

/// Replay's in-place path (`put_cells`, cells borrowed, key packed by the
/// caller) leaves a row exactly as `apply` does for the same plain puts,
/// overwrites and out-of-order names included.
#[test]
fn puts_in_place_match_apply() {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Std").unwrap().clone();
    let p = RandomPartitioner;
    let mut seed = 7;
    let (mut by_apply, mut in_place) = (Rows::default(), Rows::default());
    let keys: Vec<DecoratedKey> = (0..5)
        .map(|k| p.decorate(format!("key{k}").as_bytes()))
        .collect();
    for _ in 0..2000 {
        let key = &keys[(lcg(&mut seed) % keys.len() as u64) as usize];
        let cells: Vec<Cell> = (0..1 + lcg(&mut seed) % 5)
            .map(|_| match random_op(&mut seed, &cf) {
                Op::Put { cell, .. } => cell,
                _ => Cell::live(name(&mut seed), vec![b'x'; 3], 1),
            })
            .collect();
        let ops: Vec<Op> = cells
            .iter()
            .map(|c| Op::Put {
                super_column: None,
                cell: c.clone(),
            })
            .collect();
        by_apply.apply(&cf, key, &ops);
        let mut packed = Vec::new();
        crate::storage::memtable::arena::row_key::pack(key, &mut packed);
        let views: Vec<CellView<'_>> = cells.iter().map(CellView::from).collect();
        in_place.put_cells(&cf, &packed, &views);
    }
    assert_eq!(by_apply.len(), in_place.len());
    for (a, b) in by_apply.iter(&cf).zip(in_place.iter(&cf)) {
        assert_eq!(a.key, b.key);
        let a: Vec<Entry> = a.entries.map(|e| e.into_entry()).collect();
        let b: Vec<Entry> = b.entries.map(|e| e.into_entry()).collect();
        assert_eq!(flats(&a), flats(&b));
    }
    assert_eq!(by_apply.heap_bytes(), in_place.heap_bytes());
}

/// A new row's cell index is counted in the rows' size from the start,
/// whichever way the row came in (`apply`, replay's whole-row `put_cells`,
/// `put_cells` with names out of order), and the count kept as rows grow
/// and are overwritten is what the indexes hold (the flush thresholds read
/// it).
#[test]
fn new_rows_count_their_cell_index() {
    let schema = schema(Arc::new(RandomPartitioner));
    let cf = schema.cf("ks", "Std").unwrap().clone();
    let p = RandomPartitioner;
    let cells = |names: &[&str]| -> Vec<Cell> {
        names
            .iter()
            .map(|n| Cell::live(n.as_bytes().to_vec(), vec![b'x'; 34], 1))
            .collect()
    };
    let puts = |cells: &[Cell]| -> Vec<Op> {
        cells
            .iter()
            .map(|c| Op::Put {
                super_column: None,
                cell: c.clone(),
            })
            .collect()
    };
    // One 5-cell row's index: five 8-byte references, as malloc counts it.
    let one_index = crate::storage::heap::heap_bytes(5 * 8);

    let mut by_apply = Rows::default();
    by_apply.apply(
        &cf,
        &p.decorate(b"a"),
        &puts(&cells(&["C0", "C1", "C2", "C3", "C4"])),
    );
    assert_eq!(
        by_apply.row_bytes_kept_and_measured(),
        (one_index, one_index)
    );

    let mut in_place = Rows::default();
    let mut packed = Vec::new();
    crate::storage::memtable::arena::row_key::pack(&p.decorate(b"a"), &mut packed);
    let ordered = cells(&["C0", "C1", "C2", "C3", "C4"]);
    let views: Vec<CellView<'_>> = ordered.iter().map(CellView::from).collect();
    in_place.put_cells(&cf, &packed, &views);
    assert_eq!(
        in_place.row_bytes_kept_and_measured(),
        (one_index, one_index)
    );

    // Names out of order take the cell-by-cell path.
    let mut shuffled = Rows::default();
    let unordered = cells(&["C3", "C0", "C4", "C1", "C2"]);
    let views: Vec<CellView<'_>> = unordered.iter().map(CellView::from).collect();
    shuffled.put_cells(&cf, &packed, &views);
    let (kept, measured) = shuffled.row_bytes_kept_and_measured();
    assert_eq!(kept, measured);
    assert!(kept >= one_index, "{kept}");

    // Many rows, grown and overwritten at random: the count kept stays
    // what the indexes hold.
    let mut seed = 11;
    let mut rows = Rows::default();
    for _ in 0..3000 {
        let key = p.decorate(format!("key{}", lcg(&mut seed) % 200).as_bytes());
        let n = 1 + lcg(&mut seed) % 6;
        let ops: Vec<Op> = (0..n)
            .map(|_| Op::Put {
                super_column: None,
                cell: Cell::live(
                    format!("c{}", lcg(&mut seed) % 40).into_bytes(),
                    vec![1; 5],
                    1,
                ),
            })
            .collect();
        rows.apply(&cf, &key, &ops);
    }
    let (kept, measured) = rows.row_bytes_kept_and_measured();
    assert_eq!(kept, measured);
}

/// Everything a reader can see of `rows`, in a comparable shape.
type Dump = Vec<(
    DecoratedKey,
    (
        DeletionTime,
        crate::storage::row::range_tombstones::RangeTombstones,
    ),
    Vec<(Bytes, Option<DeletionTime>, Vec<Cell>)>,
)>;

fn dump(rows: &Rows, cf: &CfDef) -> Dump {
    rows.iter(cf)
        .map(|r| {
            let entries: Vec<Entry> = r.entries.map(|e| e.into_entry()).collect();
            (r.key, (r.deletion, r.ranges), flats(&entries))
        })
        .collect()
}

/// Row sets filled apart by key range and joined (replay's parts) hold
/// exactly what one set given every op holds, for every kind of CF: joined
/// in key order (blocks and slots moved) and out of order or from a set
/// not made apart (copied row by row); the joined set takes writes after.
#[test]
fn rows_filled_apart_and_joined_match_one_set() {
    for cf_name in ["Std", "Counter", "Super", "SuperCounter"] {
        let schema = schema(Arc::new(RandomPartitioner));
        let cf = schema.cf("ks", cf_name).unwrap().clone();
        let p = RandomPartitioner;
        let mut keys: Vec<DecoratedKey> = (0..40)
            .map(|k| p.decorate(format!("key{k}").as_bytes()))
            .collect();
        keys.sort();
        let mut seed = 11;
        let ops: Vec<(usize, Vec<Op>)> = (0..4000)
            .map(|_| {
                let k = (lcg(&mut seed) % keys.len() as u64) as usize;
                let n = 1 + lcg(&mut seed) % 3;
                (k, (0..n).map(|_| random_op(&mut seed, &cf)).collect())
            })
            .collect();
        let mut whole = Rows::default();
        for (k, o) in &ops {
            whole.apply(&cf, &keys[*k], o);
        }
        // Three key ranges, the middle one empty; a fourth set, not from
        // `apart`, takes every fifth key, in among the others'.
        let part_of = |k: usize| match k {
            _ if k % 5 == 4 => 3,
            0..15 => 0,
            _ => 2,
        };
        let fill = |parts: &mut Vec<Rows>| {
            parts.push(Rows::default());
            for (k, o) in &ops {
                parts[part_of(*k)].apply(&cf, &keys[*k], o);
            }
        };
        let mut joined = Rows::default();
        let mut parts = joined.apart(3);
        fill(&mut parts);
        for part in parts {
            joined.join(&cf, part);
        }
        assert_eq!(dump(&joined, &cf), dump(&whole, &cf), "{cf_name}");
        let mut backwards = Rows::default();
        let mut parts = backwards.apart(3);
        fill(&mut parts);
        for part in parts.into_iter().rev() {
            backwards.join(&cf, part);
        }
        assert_eq!(dump(&backwards, &cf), dump(&whole, &cf), "{cf_name}");
        for rows in [&mut joined, &mut backwards, &mut whole] {
            for (k, o) in ops.iter().take(300) {
                rows.apply(&cf, &keys[(k * 7) % keys.len()], o);
            }
        }
        assert_eq!(dump(&joined, &cf), dump(&whole, &cf), "{cf_name}");
        assert_eq!(dump(&backwards, &cf), dump(&whole, &cf), "{cf_name}");
    }
}
