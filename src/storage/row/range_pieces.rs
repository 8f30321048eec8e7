//! A row's range tombstones as 2.0 to 2.2 kept them: adjacent pieces,
//! newest per name, two neighbours sharing the bound between them, and the
//! ways those releases' reads looked a name up in them (a walk in
//! comparator order, a binary search, the pieces a slice or a names query
//! selected first).
//!
//! It must not know releases or reads: `range_tombstones` says which way a
//! read judges and asks here.

use crate::marshal::TypeRef;
use crate::model::DeletionTime;
use std::cmp::Ordering;

/// One bound of a piece: an empty start is before every name, an empty end
/// after every name.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Edge<'a> {
    First,
    At(&'a [u8]),
    Last,
}

fn edge_cmp(cmp: &TypeRef, a: &Edge<'_>, b: &Edge<'_>) -> Ordering {
    match (a, b) {
        (Edge::At(x), Edge::At(y)) => cmp.compare(x, y),
        (Edge::First, Edge::First) | (Edge::Last, Edge::Last) => Ordering::Equal,
        (Edge::First, _) | (_, Edge::Last) => Ordering::Less,
        (_, Edge::First) | (Edge::Last, _) => Ordering::Greater,
    }
}

/// One piece of the list: from `start` to `end`, both inclusive.
#[derive(Clone, Debug)]
struct Piece<'a> {
    start: Edge<'a>,
    end: Edge<'a>,
    deletion: DeletionTime,
}

/// The pieces, in comparator order.
#[derive(Clone, Debug)]
pub struct Pieces<'a> {
    cmp: TypeRef,
    list: Vec<Piece<'a>>,
}

impl<'a> Pieces<'a> {
    pub fn new(cmp: &TypeRef) -> Self {
        Pieces {
            cmp: cmp.clone(),
            list: Vec::new(),
        }
    }

    fn c(&self, a: &Edge<'_>, b: &Edge<'_>) -> Ordering {
        edge_cmp(&self.cmp, a, b)
    }

    /// Adds the deletion of `start..=end` (empty: open). Where it is newer
    /// than a piece it takes that part of it over (the piece cut around
    /// it); where it is not, the piece stays and the new deletion only
    /// fills what no piece held, cut at their bounds.
    pub fn add(&mut self, start: &'a [u8], end: &'a [u8], deletion: DeletionTime) {
        let mut s = if start.is_empty() {
            Edge::First
        } else {
            Edge::At(start)
        };
        let e = if end.is_empty() {
            Edge::Last
        } else {
            Edge::At(end)
        };
        let t = deletion.marked_for_delete_at;
        let piece = |start: Edge<'a>, end: Edge<'a>| Piece {
            start,
            end,
            deletion,
        };
        // The first piece ending at or after the new start.
        let mut i = self
            .list
            .partition_point(|p| self.c(&p.end, &s) == Ordering::Less);
        while i < self.list.len() {
            let p = self.list[i].clone();
            let single = self.c(&p.start, &p.end) == Ordering::Equal;
            if self.c(&s, &p.end) == Ordering::Equal {
                // Starting where this piece ends: the new deletion begins
                // with the next one, unless this one is that single name.
                if single {
                    if t > p.deletion.marked_for_delete_at {
                        self.list.remove(i);
                        continue;
                    }
                    if self.c(&s, &e) == Ordering::Equal {
                        return;
                    }
                }
                i += 1;
                continue;
            }
            if t > p.deletion.marked_for_delete_at {
                if self.c(&p.start, &s) == Ordering::Less {
                    // The older piece keeps what comes before the new start.
                    self.list.insert(
                        i,
                        Piece {
                            end: s.clone(),
                            ..p.clone()
                        },
                    );
                    i += 1;
                }
                match self.c(&e, &p.start) {
                    Ordering::Less => {
                        self.list.insert(i, piece(s, e));
                        return;
                    }
                    Ordering::Equal => {
                        if single {
                            self.list[i] = piece(s, e);
                        } else {
                            self.list.insert(i, piece(s, e));
                        }
                        return;
                    }
                    Ordering::Greater => {}
                }
                if self.c(&p.end, &e) != Ordering::Greater {
                    // This piece is taken over to its end.
                    if i == self.list.len() - 1 {
                        self.list[i] = piece(s, e);
                        return;
                    }
                    self.list[i] = piece(s, p.end.clone());
                    if self.c(&p.end, &e) == Ordering::Equal {
                        return;
                    }
                    s = p.end;
                    i += 1;
                } else {
                    // Taken over in its middle: it resumes after the new end.
                    self.list.insert(i, piece(s, e.clone()));
                    self.list[i + 1] = Piece { start: e, ..p };
                    return;
                }
            } else {
                if self.c(&s, &p.start) == Ordering::Less {
                    if self.c(&e, &p.start) != Ordering::Greater {
                        self.list.insert(i, piece(s, e));
                        return;
                    }
                    self.list.insert(i, piece(s, p.start.clone()));
                    i += 1;
                }
                if self.c(&e, &p.end) != Ordering::Greater {
                    return;
                }
                s = p.end;
                i += 1;
            }
        }
        self.list.insert(i, piece(s, e));
    }

    /// The piece a binary search over the starts finds for `name` (the
    /// previous one instead when it ends at `name` and is newer), or where
    /// the search ended: `Err(i)`, `i` the first piece starting after it.
    fn search(&self, name: &[u8]) -> Result<usize, usize> {
        let at = Edge::At(name);
        // The halving of java.util.Arrays.binarySearch, so that among
        // pieces starting at one name the same one is found.
        let (mut lo, mut hi) = (0isize, self.list.len() as isize - 1);
        while lo <= hi {
            let mid = ((lo + hi) as usize) >> 1;
            match self.c(&self.list[mid].start, &at) {
                Ordering::Less => lo = mid as isize + 1,
                Ordering::Greater => hi = mid as isize - 1,
                Ordering::Equal => {
                    let newer_before = mid > 0
                        && self.c(&at, &self.list[mid - 1].end) == Ordering::Equal
                        && self.list[mid - 1].deletion.marked_for_delete_at
                            > self.list[mid].deletion.marked_for_delete_at;
                    return Ok(if newer_before { mid - 1 } else { mid });
                }
            }
        }
        let before = lo as usize;
        match before.checked_sub(1) {
            Some(idx) if self.c(&at, &self.list[idx].end) != Ordering::Greater => Ok(idx),
            _ => Err(before),
        }
    }

    /// The pieces a slice from `start` on selected (2.1's memtable read of
    /// one row): the one the search finds for the start, and those after.
    pub fn selected_from(&self, start: &[u8]) -> Pieces<'a> {
        let first = if start.is_empty() {
            0
        } else {
            self.search(start).unwrap_or_else(|after| after)
        };
        Pieces {
            cmp: self.cmp.clone(),
            list: self.list[first.min(self.list.len())..].to_vec(),
        }
    }

    /// The pieces a names query selected (2.1's memtable read of one row):
    /// for each name in comparator order, the piece found for the name
    /// before it when that one holds it too, else the one the search finds.
    pub fn for_names(&self, sorted_names: &[&[u8]]) -> Pieces<'a> {
        let mut out = Pieces::new(&self.cmp);
        let mut last: Option<usize> = None;
        for name in sorted_names {
            let at = Edge::At(name);
            let holds = |i: usize| {
                let p = &self.list[i];
                self.c(&p.start, &at) != Ordering::Greater
                    && self.c(&at, &p.end) != Ordering::Greater
            };
            last = match last.filter(|&i| holds(i)) {
                Some(i) => Some(i),
                None => self.search(name).ok(),
            };
            if let Some(i) = last {
                let p = &self.list[i];
                out.add_piece(p.clone());
            }
        }
        out
    }

    fn add_piece(&mut self, p: Piece<'a>) {
        let edge = |e: &Edge<'a>| match e {
            Edge::At(x) => *x,
            Edge::First | Edge::Last => &[][..],
        };
        self.add(edge(&p.start), edge(&p.end), p.deletion);
    }

    /// The deletion a walk of the row in comparator order meets `name`
    /// with: the first piece ending at or after it, when it holds it (on
    /// its start, the previous piece instead when that ends there and is
    /// newer).
    pub fn walking(&self, name: &[u8]) -> Option<DeletionTime> {
        let at = Edge::At(name);
        let i = self
            .list
            .partition_point(|p| self.c(&p.end, &at) == Ordering::Less);
        let p = self.list.get(i)?;
        match self.c(&at, &p.start) {
            Ordering::Less => None,
            Ordering::Equal => match i.checked_sub(1).map(|j| &self.list[j]) {
                Some(q)
                    if self.c(&at, &q.end) == Ordering::Equal
                        && q.deletion.marked_for_delete_at > p.deletion.marked_for_delete_at =>
                {
                    Some(q.deletion)
                }
                _ => Some(p.deletion),
            },
            Ordering::Greater => Some(p.deletion),
        }
    }

    /// The bounds and deletion times of the pieces (tests).
    #[cfg(test)]
    pub fn shape(&self) -> Vec<(Vec<u8>, Vec<u8>, i64)> {
        let edge = |e: &Edge<'_>| match e {
            Edge::At(x) => x.to_vec(),
            Edge::First | Edge::Last => Vec::new(),
        };
        self.list
            .iter()
            .map(|p| {
                (
                    edge(&p.start),
                    edge(&p.end),
                    p.deletion.marked_for_delete_at,
                )
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::BytesType;
    use std::sync::Arc;

    fn d(t: i64) -> DeletionTime {
        DeletionTime::new(t, 1)
    }

    fn shape(p: &Pieces<'_>) -> Vec<(String, String, i64)> {
        p.shape()
            .into_iter()
            .map(|(s, e, t)| {
                (
                    String::from_utf8(s).unwrap(),
                    String::from_utf8(e).unwrap(),
                    t,
                )
            })
            .collect()
    }

    fn s(a: &str, b: &str, t: i64) -> (String, String, i64) {
        (a.to_string(), b.to_string(), t)
    }

    #[test]
    fn newer_deletions_cut_older_pieces_and_share_bounds() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut p = Pieces::new(&cmp);
        p.add(b"c", b"f", d(553));
        p.add(b"a", b"d", d(52));
        p.add(b"c", b"e", d(790));
        assert_eq!(
            shape(&p),
            [s("a", "c", 52), s("c", "e", 790), s("e", "f", 553)]
        );
        // Walking forward, c is met by [a, c]; the search finds [c, e].
        assert_eq!(p.walking(b"c"), Some(d(52)));
        assert_eq!(p.search(b"c"), Ok(1));
        assert_eq!(p.walking(b"e"), Some(d(790)));
        assert_eq!(p.walking(b"g"), None);
        // A slice from c selects from [c, e] on.
        assert_eq!(p.selected_from(b"c").walking(b"c"), Some(d(790)));
        // Names: c after b is met by b's piece, c alone by the search's.
        assert_eq!(p.for_names(&[b"b", b"c"]).walking(b"c"), Some(d(52)));
        assert_eq!(p.for_names(&[b"c", b"ea"]).walking(b"c"), Some(d(790)));
    }

    #[test]
    fn older_deletions_fill_only_the_gaps_and_singles_stay_singles() {
        let cmp: TypeRef = Arc::new(BytesType);
        let mut p = Pieces::new(&cmp);
        p.add(b"b", b"c", d(9));
        p.add(b"a", b"z", d(3));
        assert_eq!(shape(&p), [s("a", "b", 3), s("b", "c", 9), s("c", "z", 3)]);
        p.add(b"m", b"m", d(5));
        assert_eq!(
            shape(&p),
            [
                s("a", "b", 3),
                s("b", "c", 9),
                s("c", "m", 3),
                s("m", "m", 5),
                s("m", "z", 3)
            ]
        );
        assert_eq!(p.walking(b"m"), Some(d(3)));
        assert_eq!(p.search(b"m").map(|i| p.list[i].deletion), Ok(d(5)));
        let mut open = Pieces::new(&cmp);
        open.add(b"", b"c", d(4));
        open.add(b"b", b"", d(6));
        assert_eq!(shape(&open), [s("", "b", 4), s("b", "", 6)]);
    }
}
