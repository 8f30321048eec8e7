//! A cell as one arena record: kind, name, value, timestamp and the kind's
//! times packed back to back, so a 34-byte column costs about 47 bytes and
//! no allocation of its own.
//!
//! Layout: kind (1 byte), name length (LEB128), name, value length (LEB128),
//! value, timestamp (8 bytes, little-endian), then by kind: nothing (live),
//! ttl and expiry (4 + 4), local deletion time (4), or the counter's
//! deletion (8 + 4). The name comes first so a binary search reads only it.
//! It must not know where records live or how cells reconcile.

use super::arena::{get_var, var_len, Arena, Ref};
use crate::model::{Cell, CellKind, CellView, DeletionTime};
use crate::storage::{Reconciling, Ties};

const LIVE: u8 = 0;
const EXPIRING: u8 = 1;
const TOMBSTONE: u8 = 2;
const COUNTER: u8 = 3;

fn kind_len(kind: &CellKind) -> usize {
    match kind {
        CellKind::Live => 0,
        CellKind::Expiring { .. } => 8,
        CellKind::Tombstone { .. } => 4,
        CellKind::Counter { .. } => 12,
    }
}

/// The record's length for `c`.
pub fn encoded_len<'a>(c: impl Into<CellView<'a>>) -> usize {
    let c = c.into();
    1 + var_len(c.name.len() as u64)
        + c.name.len()
        + var_len(c.value.len() as u64)
        + c.value.len()
        + 8
        + kind_len(&c.kind)
}

/// Writes the record of `c` at the start of `out` (at least
/// `encoded_len(c)` long) and returns its length. Fixed-size parts are
/// stored directly, not through a copy routine (a call per part cost
/// replay ~180 instructions a cell, callgrind).
#[inline]
fn write(c: CellView<'_>, out: &mut [u8]) -> usize {
    let tag = match c.kind {
        CellKind::Live => LIVE,
        CellKind::Expiring { .. } => EXPIRING,
        CellKind::Tombstone { .. } => TOMBSTONE,
        CellKind::Counter { .. } => COUNTER,
    };
    out[0] = tag;
    let mut at = 1;
    for part in [c.name, c.value] {
        at += write_var(part.len() as u64, &mut out[at..]);
        out[at..at + part.len()].copy_from_slice(part);
        at += part.len();
    }
    let mut fixed = |bytes: &[u8]| {
        out[at..at + bytes.len()].copy_from_slice(bytes);
        at += bytes.len();
    };
    fixed(&c.timestamp.to_le_bytes());
    match c.kind {
        CellKind::Live => {}
        CellKind::Expiring {
            ttl,
            local_expiration_time,
        } => {
            fixed(&ttl.to_le_bytes());
            fixed(&local_expiration_time.to_le_bytes());
        }
        CellKind::Tombstone {
            local_deletion_time,
        } => fixed(&local_deletion_time.to_le_bytes()),
        CellKind::Counter { deletion } => {
            fixed(&deletion.marked_for_delete_at.to_le_bytes());
            fixed(&deletion.local_deletion_time.to_le_bytes());
        }
    }
    at
}

/// `v` as LEB128 at the start of `out`; returns the bytes it took.
#[inline]
fn write_var(mut v: u64, out: &mut [u8]) -> usize {
    let mut n = 0;
    while v >= 0x80 {
        out[n] = v as u8 | 0x80;
        v >>= 7;
        n += 1;
    }
    out[n] = v as u8;
    n + 1
}

/// Stores `c` as a new record.
pub fn put<'a>(arena: &mut Arena, c: impl Into<CellView<'a>>) -> Ref {
    let c = c.into();
    let (r, room) = arena.alloc(encoded_len(c));
    write(c, room);
    r
}

/// Stores a new row whole: its packed key as `row_key::put` stores it
/// (length first), then each of `cells` as `put` stores it, in one arena
/// allocation (replay builds most rows at once). Pushes each cell's
/// reference to `refs` and returns the key's.
pub fn put_row(
    arena: &mut Arena,
    packed_key: &[u8],
    cells: &[CellView<'_>],
    refs: &mut Vec<Ref>,
) -> Ref {
    let total = var_len(packed_key.len() as u64)
        + packed_key.len()
        + cells.iter().map(|c| encoded_len(*c)).sum::<usize>();
    let first = refs.len();
    let (base, out) = arena.alloc(total);
    let mut at = write_var(packed_key.len() as u64, out);
    out[at..at + packed_key.len()].copy_from_slice(packed_key);
    at += packed_key.len();
    for c in cells {
        // The offset from the row's start, made a reference below.
        refs.push(at as u64);
        at += write(*c, &mut out[at..]);
    }
    debug_assert_eq!(at, total, "a row record of the wrong length");
    // One record lies in one block: an offset into it adds to the
    // in-block offset in the reference's low half.
    for r in &mut refs[first..] {
        *r += base;
    }
    base
}

/// Stores `c` over the record at `r` when it has the same length (an
/// overwrite of a value by one as long, every counter update), else as a
/// new record; returns where it is.
pub fn replace<'a>(arena: &mut Arena, r: Ref, c: impl Into<CellView<'a>>) -> Ref {
    let c = c.into();
    let len = encoded_len(c);
    if record_len(arena.at(r)) == len {
        write(c, &mut arena.at_mut(r)[..len]);
        r
    } else {
        put(arena, c)
    }
}

/// The name of the record at the start of `rec`.
pub fn name(rec: &[u8]) -> &[u8] {
    let (len, n) = get_var(&rec[1..]);
    &rec[1 + n..1 + n + len as usize]
}

pub fn is_counter(rec: &[u8]) -> bool {
    rec[0] == COUNTER
}

/// `Cell::supersedes(new, decode(rec))` without decoding: true when `new`
/// wins over the record (the rule for two versions that are not counters);
/// a tie of timestamp goes by value (compared as `ties` says), a tie of
/// value as `ties` says.
pub fn superseded_by<'a>(rec: &[u8], new: impl Into<CellView<'a>>, ties: Reconciling) -> bool {
    let new = new.into();
    let (vstart, vend) = value_span(rec);
    let timestamp = i64_at(rec, vend);
    if new.timestamp != timestamp {
        return new.timestamp > timestamp;
    }
    let new_tomb = matches!(new.kind, CellKind::Tombstone { .. });
    match (new_tomb, rec[0] == TOMBSTONE) {
        (true, false) => true,
        (false, true) => false,
        _ => match compare_values(new.value, &rec[vstart..vend], ties.signed_values) {
            std::cmp::Ordering::Equal => match ties.ties {
                Ties::KeepFirst => false,
                Ties::TakeLater => true,
                Ties::LongerLived => lives_until(&new.kind) > record_lives_until(rec, vend),
                Ties::FirstUnlessOutlived => {
                    matches!(new.kind, CellKind::Expiring { .. })
                        && rec[0] == EXPIRING
                        && lives_until(&new.kind) > record_lives_until(rec, vend)
                }
            },
            o => o == std::cmp::Ordering::Greater,
        },
    }
}

/// Two values as the release compared them: Java's signed bytes, or
/// unsigned ones.
fn compare_values(a: &[u8], b: &[u8], signed: bool) -> std::cmp::Ordering {
    if !signed {
        return a.cmp(b);
    }
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((&x, &y)) => (x as i8).cmp(&(y as i8)),
        None => a.len().cmp(&b.len()),
    }
}

/// Until when a version lives, as 3.x compared them on a tie: its local
/// deletion time, `i32::MAX` for one that never expires.
fn lives_until(kind: &CellKind) -> i32 {
    match *kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => local_expiration_time,
        CellKind::Tombstone {
            local_deletion_time,
        } => local_deletion_time,
        CellKind::Live | CellKind::Counter { .. } => i32::MAX,
    }
}

/// [`lives_until`] of the record whose value ends at `vend`.
fn record_lives_until(rec: &[u8], vend: usize) -> i32 {
    let i32_at = |at: usize| i32::from_le_bytes(rec[at..at + 4].try_into().expect("4 bytes"));
    match rec[0] {
        // The TTL, then the local expiration time.
        EXPIRING => i32_at(vend + 12),
        TOMBSTONE => i32_at(vend + 8),
        _ => i32::MAX,
    }
}

/// Where the value's length is, and the value's end.
fn value_span(rec: &[u8]) -> (usize, usize) {
    let (nlen, n) = get_var(&rec[1..]);
    let at = 1 + n + nlen as usize;
    let (vlen, m) = get_var(&rec[at..]);
    (at + m, at + m + vlen as usize)
}

fn record_len(rec: &[u8]) -> usize {
    let (_, end) = value_span(rec);
    end + 8
        + match rec[0] {
            EXPIRING => 8,
            TOMBSTONE => 4,
            COUNTER => 12,
            _ => 0,
        }
}

fn i32_at(b: &[u8], at: usize) -> i32 {
    i32::from_le_bytes(b[at..at + 4].try_into().expect("4 bytes"))
}

fn i64_at(b: &[u8], at: usize) -> i64 {
    i64::from_le_bytes(b[at..at + 8].try_into().expect("8 bytes"))
}

/// The cell the record at the start of `rec` holds.
pub fn decode(rec: &[u8]) -> Cell {
    view(rec).to_cell()
}

/// [`decode`] without a copy: the cell borrowed from its record.
pub fn view(rec: &[u8]) -> CellView<'_> {
    let (vstart, vend) = value_span(rec);
    let timestamp = i64_at(rec, vend);
    let t = vend + 8;
    let kind = match rec[0] {
        EXPIRING => CellKind::Expiring {
            ttl: i32_at(rec, t),
            local_expiration_time: i32_at(rec, t + 4),
        },
        TOMBSTONE => CellKind::Tombstone {
            local_deletion_time: i32_at(rec, t),
        },
        COUNTER => CellKind::Counter {
            deletion: DeletionTime::new(i64_at(rec, t), i32_at(rec, t + 8)),
        },
        _ => CellKind::Live,
    };
    CellView {
        name: name(rec),
        value: &rec[vstart..vend],
        timestamp,
        kind,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells() -> Vec<Cell> {
        vec![
            Cell::live(b"C0".to_vec(), vec![b'x'; 34], 1),
            Cell::live(vec![], vec![], i64::MIN),
            Cell::live(vec![7; 200], vec![9; 70_000], i64::MAX),
            Cell::expiring(b"e".to_vec(), b"v".to_vec(), -5, 60, i32::MAX - 10),
            Cell::tombstone(b"t".to_vec(), 42, 1_700_000_000),
            crate::storage::row::counter::increment(b"n".to_vec(), -3, 8),
            Cell {
                kind: CellKind::Counter {
                    deletion: DeletionTime::new(77, 99),
                },
                ..crate::storage::row::counter::increment(b"d".to_vec(), 1 << 40, 78)
            },
        ]
    }

    #[test]
    fn every_kind_round_trips_with_its_length_and_name() {
        let mut a = Arena::default();
        let refs: Vec<Ref> = cells().iter().map(|c| put(&mut a, c)).collect();
        for (c, &r) in cells().iter().zip(&refs) {
            let rec = a.at(r);
            assert_eq!(decode(rec), *c);
            assert_eq!(view(rec), CellView::from(c));
            assert_eq!(name(rec), &c.name[..]);
            assert_eq!(record_len(rec), encoded_len(c));
            assert_eq!(is_counter(rec), matches!(c.kind, CellKind::Counter { .. }));
        }
        for (d, other) in cells().iter().zip(refs.iter()) {
            for e in cells() {
                assert_eq!(
                    superseded_by(a.at(*other), &e, Reconciling::default()),
                    e.supersedes(d)
                );
            }
        }
        // 2-byte name, 34-byte value: 47 bytes.
        assert_eq!(encoded_len(&cells()[0]), 47);
    }

    #[test]
    fn values_tied_on_timestamp_compare_as_the_release_compared_them() {
        let mut a = Arena::default();
        let low = put(&mut a, &Cell::live(b"a".to_vec(), vec![0x01], 5));
        let high = Cell::live(b"a".to_vec(), vec![0x80], 5);
        let signed = Reconciling {
            ties: Ties::KeepFirst,
            signed_values: true,
        };
        // 0.6's unsigned bytes: 0x80 is the greater; Java's ByteBuffer: 0x01.
        assert!(superseded_by(a.at(low), &high, Reconciling::default()));
        assert!(!superseded_by(a.at(low), &high, signed));
        let rec = put(&mut a, &high);
        assert!(superseded_by(a.at(rec), &decode(a.at(low)), signed));
        // A shorter value that is a prefix is the lesser either way.
        let longer = Cell::live(b"a".to_vec(), vec![0x01, 0x80], 5);
        assert!(superseded_by(a.at(low), &longer, signed));
    }

    #[test]
    fn replace_writes_in_place_only_when_the_length_is_the_same() {
        let mut a = Arena::default();
        let r = put(&mut a, &Cell::live(b"a".to_vec(), b"1234".to_vec(), 1));
        let next = put(&mut a, &Cell::live(b"b".to_vec(), b"x".to_vec(), 1));
        let same = Cell::live(b"a".to_vec(), b"5678".to_vec(), 2);
        assert_eq!(replace(&mut a, r, &same), r);
        assert_eq!(decode(a.at(r)), same);
        let longer = Cell::live(b"a".to_vec(), b"56789".to_vec(), 3);
        let moved = replace(&mut a, r, &longer);
        assert_ne!(moved, r);
        assert_eq!(decode(a.at(moved)), longer);
        // The neighbour is untouched.
        assert_eq!(decode(a.at(next)).value, b"x".to_vec());
    }
}
