//! What a slice predicate asks for, as every gateway read takes it: a list
//! of names, or a range whose bounds are put in comparator order (Thrift
//! gives a reversed range from its last name back to its first). One home
//! for that swap, so that the dense, static, composite and CQL3 reads
//! cannot disagree on it. This module must not talk to the cluster.

use crate::marshal::TypeRef;
use crate::model::{Bytes, Slice};
use std::cmp::Ordering;

/// A slice predicate, taken apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wanted<'a> {
    Names(&'a [Bytes]),
    Range(Range<'a>),
}

/// A range with its bounds in comparator order (an empty bound is open).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Range<'a> {
    /// The first name in comparator order (Thrift's `finish` when reversed).
    pub low: &'a [u8],
    /// The last name in comparator order (Thrift's `start` when reversed).
    pub high: &'a [u8],
    /// Read from `high` down to `low`.
    pub reversed: bool,
    /// At most this many items.
    pub count: usize,
}

impl<'a> Wanted<'a> {
    pub fn of(slice: &'a Slice) -> Wanted<'a> {
        match slice {
            Slice::Names(names) => Wanted::Names(names),
            Slice::Range {
                start,
                finish,
                reversed,
                count,
            } => {
                let (low, high) = if *reversed {
                    (finish, start)
                } else {
                    (start, finish)
                };
                Wanted::Range(Range {
                    low,
                    high,
                    reversed: *reversed,
                    count: *count,
                })
            }
        }
    }
}

impl Range<'_> {
    /// Whether `name` lies between the bounds, by `comparator`.
    pub fn contains(&self, comparator: &TypeRef, name: &[u8]) -> bool {
        (self.low.is_empty() || comparator.compare(name, self.low) != Ordering::Less)
            && (self.high.is_empty() || comparator.compare(name, self.high) != Ordering::Greater)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    fn range(start: &str, finish: &str, reversed: bool) -> Slice {
        Slice::Range {
            start: start.as_bytes().to_vec(),
            finish: finish.as_bytes().to_vec(),
            reversed,
            count: 7,
        }
    }

    #[test]
    fn a_reversed_range_has_its_bounds_swapped_into_comparator_order() {
        let forward = range("a", "m", false);
        let Wanted::Range(r) = Wanted::of(&forward) else {
            panic!("a range")
        };
        assert_eq!(
            (r.low, r.high, r.reversed, r.count),
            (&b"a"[..], &b"m"[..], false, 7)
        );
        let backward = range("m", "a", true);
        let Wanted::Range(r) = Wanted::of(&backward) else {
            panic!("a range")
        };
        assert_eq!((r.low, r.high, r.reversed), (&b"a"[..], &b"m"[..], true));
        let names = Slice::Names(vec![b"x".to_vec()]);
        assert_eq!(Wanted::of(&names), Wanted::Names(&[b"x".to_vec()]));
    }

    #[test]
    fn contains_is_inclusive_and_open_where_a_bound_is_empty() {
        let utf8 = parse_type("UTF8Type").unwrap();
        let s = range("b", "d", false);
        let Wanted::Range(r) = Wanted::of(&s) else {
            panic!("a range")
        };
        assert!(r.contains(&utf8, b"b") && r.contains(&utf8, b"d") && r.contains(&utf8, b"c"));
        assert!(!r.contains(&utf8, b"a") && !r.contains(&utf8, b"e"));
        let open = range("", "", true);
        let Wanted::Range(r) = Wanted::of(&open) else {
            panic!("a range")
        };
        assert!(r.contains(&utf8, b"anything"));
    }
}
