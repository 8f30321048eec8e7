//! Range tombstones: deletion markers over an inclusive range of column
//! names of one row (CQL3 deletes a row or a collection this way), and the
//! set of them a row carries.
//!
//! It must not know where a row is stored; it only answers "is this cell
//! shadowed" and merges and purges the markers.

use super::range_pieces::Pieces;
use crate::marshal::TypeRef;
use crate::model::{Bytes, DeletionTime};
use std::cmp::Ordering;

/// Everything named from `start` to `end` (inclusive, compared with the CF
/// comparator; an empty bound is open) with a timestamp at or below the
/// deletion's is deleted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RangeTombstone {
    pub start: Bytes,
    pub end: Bytes,
    pub deletion: DeletionTime,
}

impl RangeTombstone {
    pub fn covers(&self, cmp: &TypeRef, name: &[u8]) -> bool {
        (self.start.is_empty() || cmp.compare(name, &self.start) != Ordering::Less)
            && (self.end.is_empty() || cmp.compare(name, &self.end) != Ordering::Greater)
    }
}

/// How a release's reads met the markers of a row where two of them share
/// a bound.
///
/// Why: 2.0 to 2.2 kept a row's markers as adjacent pieces, newest per
/// name, two neighbours sharing the bound between them (`range_pieces`); a
/// read walking the row in comparator order judged a name there by the
/// piece on its left, though the newer might be the one on its right.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RangeJudging {
    /// The newest marker covering a name judges it, whichever way a read
    /// walks the row.
    #[default]
    Covering,
    /// A forward read (a slice, a names query, a count, a range scan, a
    /// compaction) walks all the pieces; a reversed slice searches them
    /// (the newer of two on a shared bound).
    Walked,
    /// As `Walked`, but a read of one row first selects the pieces its
    /// slice (from the one the start is found in) or its names (each
    /// name's, or the previous name's when that holds it too) reach.
    WalkedSelected,
}

/// Which way one read goes through a row, for [`RangeTombstones::judge`].
#[derive(Clone, Copy, Debug)]
pub enum Walk<'n> {
    /// A reversed slice: each name searched for.
    Back,
    /// A range scan or a compaction: forward over every marker.
    Whole,
    /// A read of one row by a forward slice from this start (empty: open).
    From(&'n [u8]),
    /// A read of one row by these names.
    Names(&'n [Bytes]),
}

/// The markers as one read judges cells by them.
pub struct Judge<'a> {
    markers: &'a RangeTombstones,
    walked: Option<Pieces<'a>>,
}

impl Judge<'_> {
    /// True when a cell `name` written at `timestamp` is deleted for this read.
    pub fn shadows(&self, cmp: &TypeRef, name: &[u8], timestamp: i64) -> bool {
        match &self.walked {
            None => self.markers.shadows(cmp, name, timestamp),
            Some(pieces) => pieces.walking(name).is_some_and(|d| d.shadows(timestamp)),
        }
    }
}

/// The range tombstones of one row. Few per row in practice, so a list.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RangeTombstones(Vec<RangeTombstone>);

impl RangeTombstones {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn iter(&self) -> impl Iterator<Item = &RangeTombstone> {
        self.0.iter()
    }

    /// Adds a marker; one with the same bounds keeps the later deletion.
    pub fn add(&mut self, t: RangeTombstone) {
        match self
            .0
            .iter_mut()
            .find(|o| o.start == t.start && o.end == t.end)
        {
            Some(o) => o.deletion = o.deletion.max(t.deletion),
            None => self.0.push(t),
        }
    }

    pub fn merge(&mut self, other: RangeTombstones) {
        for t in other.0 {
            self.add(t);
        }
    }

    /// True when a cell `name` written at `timestamp` is deleted by a marker.
    pub fn shadows(&self, cmp: &TypeRef, name: &[u8], timestamp: i64) -> bool {
        self.0
            .iter()
            .any(|t| t.deletion.shadows(timestamp) && t.covers(cmp, name))
    }

    /// How a read going through the row by `walk` judges cells, as
    /// `judging` says its release did.
    pub fn judge<'a>(&'a self, cmp: &TypeRef, judging: RangeJudging, walk: Walk<'_>) -> Judge<'a> {
        let whole = || {
            let mut pieces = Pieces::new(cmp);
            for t in &self.0 {
                pieces.add(&t.start, &t.end, t.deletion);
            }
            pieces
        };
        let walked = match (judging, walk) {
            _ if self.0.is_empty() => None,
            (RangeJudging::Covering, _) | (_, Walk::Back) => None,
            (RangeJudging::Walked, _) | (_, Walk::Whole) => Some(whole()),
            (RangeJudging::WalkedSelected, Walk::From(start)) => Some(whole().selected_from(start)),
            (RangeJudging::WalkedSelected, Walk::Names(names)) => {
                let mut sorted: Vec<&[u8]> = names.iter().map(Vec::as_slice).collect();
                sorted.sort_by(|a, b| cmp.compare(a, b));
                sorted.dedup_by(|a, b| cmp.compare(a, b) == Ordering::Equal);
                Some(whole().for_names(&sorted))
            }
        };
        Judge {
            markers: self,
            walked,
        }
    }

    /// The latest deletion of the markers covering `name` (`LIVE` if none).
    pub fn deletion_for(&self, cmp: &TypeRef, name: &[u8]) -> DeletionTime {
        self.0
            .iter()
            .filter(|t| t.covers(cmp, name))
            .fold(DeletionTime::LIVE, |d, t| d.max(t.deletion))
    }

    /// Drops markers a row deletion covers (they delete nothing more) and,
    /// with `gc_before`, those deleted at or before it.
    pub fn purge(&mut self, row_deletion: DeletionTime, gc_before: Option<i32>) {
        self.0.retain(|t| {
            t.deletion.marked_for_delete_at > row_deletion.marked_for_delete_at
                && gc_before.is_none_or(|g| t.deletion.local_deletion_time > g)
        });
    }
}

impl FromIterator<RangeTombstone> for RangeTombstones {
    fn from_iter<I: IntoIterator<Item = RangeTombstone>>(iter: I) -> Self {
        let mut out = RangeTombstones::default();
        for t in iter {
            out.add(t);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;
    use std::sync::Arc;

    fn t(start: &str, end: &str, at: i64, ldt: i32) -> RangeTombstone {
        RangeTombstone {
            start: start.as_bytes().to_vec(),
            end: end.as_bytes().to_vec(),
            deletion: DeletionTime::new(at, ldt),
        }
    }

    #[test]
    fn shadowing_is_inclusive_open_ended_and_timestamped() {
        let cmp: TypeRef = Arc::new(BytesType);
        let rs: RangeTombstones = [t("b", "d", 10, 100), t("", "a", 5, 100), t("x", "", 1, 1)]
            .into_iter()
            .collect();
        assert!(rs.shadows(&cmp, b"b", 10));
        assert!(rs.shadows(&cmp, b"d", 3));
        assert!(rs.shadows(&cmp, b"c", 10));
        assert!(!rs.shadows(&cmp, b"c", 11));
        assert!(!rs.shadows(&cmp, b"e", 1));
        assert!(rs.shadows(&cmp, b"", 5));
        assert!(rs.shadows(&cmp, b"zz", 1));
        assert!(!rs.shadows(&cmp, b"zz", 2));
    }

    #[test]
    fn reads_judge_a_shared_bound_as_their_release_walked_it() {
        let cmp: TypeRef = Arc::new(BytesType);
        // 2.0-2.2 keep [a,c]@52, [c,e]@790, [e,f]@553 of these three.
        let rs: RangeTombstones = [t("c", "f", 553, 1), t("a", "d", 52, 1), t("c", "e", 790, 1)]
            .into_iter()
            .collect();
        let hidden = |judging, walk| rs.judge(&cmp, judging, walk).shadows(&cmp, b"c", 696);
        let names = [b"b".to_vec(), b"c".to_vec()];
        let alone = [b"c".to_vec()];
        assert!(hidden(RangeJudging::Covering, Walk::Whole));
        assert!(!hidden(RangeJudging::Walked, Walk::Whole));
        assert!(!hidden(RangeJudging::Walked, Walk::From(b"c")));
        assert!(hidden(RangeJudging::Walked, Walk::Back));
        assert!(!hidden(RangeJudging::WalkedSelected, Walk::From(b"")));
        assert!(hidden(RangeJudging::WalkedSelected, Walk::From(b"c")));
        assert!(!hidden(RangeJudging::WalkedSelected, Walk::Names(&names)));
        assert!(hidden(RangeJudging::WalkedSelected, Walk::Names(&alone)));
        assert!(!hidden(RangeJudging::WalkedSelected, Walk::Whole));
        let judge = rs.judge(&cmp, RangeJudging::Walked, Walk::Whole);
        assert!(judge.shadows(&cmp, b"c", 52));
        assert!(judge.shadows(&cmp, b"e", 790));
        assert!(!judge.shadows(&cmp, b"e", 791));
    }

    #[test]
    fn same_bounds_merge_and_purge_respects_row_deletion_and_gc() {
        let mut rs: RangeTombstones = [t("a", "b", 1, 50), t("a", "b", 7, 60), t("c", "d", 3, 200)]
            .into_iter()
            .collect();
        assert_eq!(rs.iter().count(), 2);
        assert_eq!(rs.iter().next().unwrap().deletion, DeletionTime::new(7, 60));
        let mut copy = rs.clone();
        copy.purge(DeletionTime::new(5, 0), None);
        assert_eq!(copy.iter().count(), 1);
        rs.purge(DeletionTime::LIVE, Some(100));
        assert_eq!(
            rs.iter().map(|t| t.start.clone()).collect::<Vec<_>>(),
            [b"c".to_vec()]
        );
    }
}
