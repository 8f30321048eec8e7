//! RandomPartitioner's tokens before 1.2: a `BigIntegerToken` held any
//! integer (`TokenFactory.fromString` is `new BigInteger(text)`, no check
//! of the ring's bounds on a read's path), so a range bounded below the
//! minimum token -1 or above 2^127 - 1 was read, as the release's
//! `StorageProxy.getRestrictedRanges` cut it:
//!
//! - the query range was split at the ring's tokens met walking from its
//!   start (the node's own token, the minimum inserted: `TokenMetadata.
//!   ringIterator`), while the remainder held the token;
//! - each part was read from its left bound on, up to its right bound, but
//!   to the ring's end when that bound was the minimum (0.7 to 1.0: the
//!   stop key is "empty" then), so `(-2^63, -1]`, which does not wrap, read
//!   every row; 1.1 kept only the keys its `Range<RowPosition>` contained
//!   (the minimum's bound sorts before every key: none);
//! - a part still wrapping whose right bound is not the minimum failed the
//!   read's assertion (`ColumnFamilyStore.getRangeSlice` on 0.7 to 1.0,
//!   `getSequentialIterator` on 1.1; the nodes ran with `-ea`) once the
//!   parts before it had not filled the count.
//!
//! Within the ring the engine's own wrap is the releases' reading, so only
//! a range with a bound outside it is read here. Tokens also came back as
//! `BigInteger.toString` printed them (`describe_splits`). Nothing here
//! answers for 1.2 on, or for another partitioner.

use crate::node::Node;
use crate::partitioner::{Partitioner, Token};
use crate::release::Behaviour;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use num_bigint::BigInt;
use std::borrow::Cow;
use std::cmp::Ordering;

/// Why a read failed on a part that still wrapped: the assertion, at ONE
/// read in the client's thread ([`at_level`] says how it was answered).
pub const WRAPPED_PART: &str =
    "AssertionError: a part of the range wraps past a right bound that is not the minimum";

/// Whether `node` reads tokens as a release before 1.2 under
/// RandomPartitioner did.
fn applies(node: &Node, p: &dyn Partitioner) -> bool {
    does(node, Behaviour::BigIntegerTokens)
        && p.class_name() == "org.apache.cassandra.dht.RandomPartitioner"
}

fn does(node: &Node, b: Behaviour) -> bool {
    node.release.is_some_and(|r| r.does(b))
}

/// `text` as Java's `new BigInteger(text)` read it (an optional sign, then
/// decimal digits), or `None` where it threw.
fn big(text: &str) -> Option<BigInt> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.strip_prefix('+').unwrap_or(text).parse().ok()
}

/// A key's token (or the minimum) as a big integer.
fn of_token(t: &Token) -> Option<BigInt> {
    match t {
        Token::Big(v) => Some(BigInt::from(*v)),
        _ => None,
    }
}

/// `text` as the release printed the token it read (`BigInteger.toString`:
/// no sign for a positive number, no leading zeros), where it applies.
pub fn printed(node: &Node, p: &dyn Partitioner, text: &str) -> Option<String> {
    applies(node, p)
        .then(|| big(text))
        .flatten()
        .map(|v| v.to_string())
}

/// Whether the shared checks must leave `text` alone: a number the release
/// read as a token wherever it lay.
pub fn accepted(node: &Node, p: &dyn Partitioner, text: &str) -> bool {
    applies(node, p) && big(text).is_some()
}

/// `range` as the shared checks (1.2's, which read tokens within the ring)
/// may see it: a token the release read wherever it lay stands as the
/// minimum, so only what else they check can refuse it.
pub fn for_checks<'a>(
    node: &Node,
    p: &dyn Partitioner,
    range: &'a t::KeyRange,
) -> Cow<'a, t::KeyRange> {
    let outside = |tok: &Option<String>| {
        tok.as_deref()
            .is_some_and(|s| accepted(node, p, s) && p.token_from_string(s).is_err())
    };
    if !outside(&range.start_token) && !outside(&range.end_token) {
        return Cow::Borrowed(range);
    }
    let mut checked = range.clone();
    for tok in [&mut checked.start_token, &mut checked.end_token] {
        if outside(tok) {
            *tok = Some(p.token_to_string(&p.min_token()));
        }
    }
    Cow::Owned(checked)
}

/// The end token of a (key, token) range as the engine can compare keys
/// with it: above every key's token it stops nothing.
pub fn end_of_keys(node: &Node, p: &dyn Partitioner, text: &str) -> Option<Token> {
    let v = big(text).filter(|_| applies(node, p))?;
    Some(Token::Big(i128::try_from(v).unwrap_or(i128::MAX)))
}

/// 1.1's (key, token) check: the start key's token after the end token's
/// maximum bound, unless that is the minimum. `None` where it does not
/// apply (the caller checks the ring's own tokens).
pub fn key_after_end(node: &Node, p: &dyn Partitioner, key: &[u8], end: &str) -> Option<bool> {
    let end = big(end).filter(|_| applies(node, p))?;
    let key = of_token(&p.token(key))?;
    Some(end != BigInt::from(-1) && key > end)
}

/// How the failed assertion was answered: at ONE the read ran in the
/// client's thread, and 0.7 to 1.0's processors caught it (`Internal
/// error processing <method>`) while 1.1's let the error end the thread
/// without a reply (the emulation closes the connection instead); at other
/// levels the replica's read failed and the coordinator timed out.
pub fn at_level(node: &Node, cl: ConsistencyLevel, e: ApiError) -> ApiError {
    let failed = matches!(&e, ApiError::Internal(why) if why == WRAPPED_PART);
    if !failed {
        return e;
    }
    if cl != ConsistencyLevel::ONE {
        return ApiError::TimedOut(crate::node::Acknowledged {
            by: None,
            by_batchlog: None,
        });
    }
    // 1.1's libthrift 0.7 processors caught no Throwable, and its server
    // loop only Exceptions.
    match node.release.map(crate::release::Release::series) == Some((1, 1)) {
        true => ApiError::Dropped(WRAPPED_PART.to_string()),
        false => ApiError::Internal(WRAPPED_PART.to_string()),
    }
}

/// A ring position: 0.7 to 1.0 compared tokens alone (`Side::Key`); 1.1's
/// `RowPosition` put a token's minimum bound before its keys and its
/// maximum bound after them.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Pos {
    token: BigInt,
    side: Side,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Side {
    Min,
    Key,
    Max,
}

/// How one release read positions.
struct Ring {
    /// 1.1: row positions (`Token.maxKeyBound`, the minimum's `minKeyBound`).
    bounds: bool,
    min: BigInt,
}

impl Ring {
    /// A token as a bound of a range (and a split point).
    fn bound(&self, t: &BigInt) -> Pos {
        let side = match (self.bounds, *t == self.min) {
            (false, _) => Side::Key,
            (true, true) => Side::Min,
            (true, false) => Side::Max,
        };
        Pos {
            token: t.clone(),
            side,
        }
    }

    fn is_min(&self, p: &Pos) -> bool {
        p.token == self.min
    }
}

fn wraps(l: &Pos, r: &Pos) -> bool {
    l >= r
}

/// `Range.contains(left, right, point)`.
fn contains(l: &Pos, r: &Pos, point: &Pos) -> bool {
    match wraps(l, r) {
        true => point > l || point <= r,
        false => point > l && point <= r,
    }
}

/// One part of the query range, as `getRestrictedRanges` gave it.
#[derive(Debug, PartialEq, Eq)]
struct Part {
    left: Pos,
    right: Pos,
}

/// `getRestrictedRanges` of `(left, right]` on a ring of the node's token
/// alone.
fn parts(ring: &Ring, node_token: &BigInt, left: &BigInt, right: &BigInt) -> Vec<Part> {
    // ringIterator: from the first ring token not before the start, the
    // minimum inserted after the last one.
    let order = match left.cmp(node_token) {
        Ordering::Greater => [ring.min.clone(), node_token.clone()],
        _ => [node_token.clone(), ring.min.clone()],
    };
    let mut out = Vec::new();
    let mut rem = Some(Part {
        left: ring.bound(left),
        right: ring.bound(right),
    });
    for t in &order {
        let Some(r) = rem.take() else {
            break;
        };
        let at = ring.bound(t);
        if r.left != at && !contains(&r.left, &r.right, &at) {
            rem = Some(r);
            break;
        }
        if ring.bounds {
            // 1.1's Range.split: nothing to cut at either end.
            if at == r.left || at == r.right {
                rem = Some(r);
                continue;
            }
            out.push(Part {
                left: r.left,
                right: at.clone(),
            });
            rem = Some(Part {
                left: at,
                right: r.right,
            });
            continue;
        }
        // 0.7 to 1.0's AbstractBounds.split (Range.createFrom).
        let cut = r.left != at;
        if cut {
            out.push(Part {
                left: r.left,
                right: at.clone(),
            });
        }
        if !(cut && at == r.right) {
            rem = Some(Part {
                left: at,
                right: r.right,
            });
        }
    }
    out.extend(rem);
    out
}

/// The tokens of the keys one part read: `(lo, hi]`, `hi` `None` for the
/// ring's end; `None` for a part that fails its assertion.
fn span(ring: &Ring, part: &Part) -> Option<(BigInt, Option<BigInt>)> {
    let (l, r) = (&part.left, &part.right);
    let wrapped = wraps(l, r);
    if wrapped && !ring.is_min(r) {
        return None;
    }
    let one = BigInt::from(1);
    // Keys after the left bound: a minimum bound lets in its own token's.
    let lo = match l.side {
        Side::Min => &l.token - &one,
        _ => l.token.clone(),
    };
    if !ring.bounds {
        // Read up to the right bound, or on to the end past the minimum.
        return Some((lo, (!ring.is_min(r)).then(|| r.token.clone())));
    }
    if wrapped {
        return Some((lo, None));
    }
    let hi = match r.side {
        Side::Min => &r.token - &one,
        _ => r.token.clone(),
    };
    Some((lo, Some(hi)))
}

/// A part's keys as an engine token range that does not wrap, `None`
/// where no key's token lies in it (keys' tokens are 0 to 2^127 - 1).
fn engine_range(lo: &BigInt, hi: Option<&BigInt>) -> Option<(String, String)> {
    let top = BigInt::from(i128::MAX);
    let lo = lo.max(&BigInt::from(-1)).clone();
    if lo >= top {
        return None;
    }
    match hi {
        None => Some((lo.to_string(), "-1".to_string())),
        Some(hi) => {
            let hi = hi.min(&top).clone();
            (hi > lo && hi >= BigInt::from(0)).then(|| (lo.to_string(), hi.to_string()))
        }
    }
}

/// The rows of a token range with a bound outside the ring, read part by
/// part through `read` (an engine token range that does not wrap, and the
/// rows still wanted) until `max_rows` are found; `None` where the engine's
/// own reading is the release's.
pub fn scan<R>(
    node: &Node,
    p: &dyn Partitioner,
    start: &str,
    end: &str,
    max_rows: usize,
    mut read: impl FnMut(String, String, usize) -> ApiResult<Vec<R>>,
) -> Option<ApiResult<Vec<R>>> {
    if !applies(node, p) {
        return None;
    }
    let (left, right) = (big(start)?, big(end)?);
    let in_ring = |v: &BigInt| *v >= BigInt::from(-1) && *v <= BigInt::from(i128::MAX);
    if in_ring(&left) && in_ring(&right) {
        return None;
    }
    let node_token = big(&node.token)?;
    let ring = Ring {
        bounds: does(node, Behaviour::RangesOfRowPositions),
        min: BigInt::from(-1),
    };
    let mut rows = Vec::new();
    for part in parts(&ring, &node_token, &left, &right) {
        if rows.len() >= max_rows {
            break;
        }
        let Some((lo, hi)) = span(&ring, &part) else {
            return Some(Err(ApiError::Internal(WRAPPED_PART.to_string())));
        };
        if let Some((s, e)) = engine_range(&lo, hi.as_ref()) {
            match read(s, e, max_rows - rows.len()) {
                Ok(found) => rows.extend(found),
                Err(err) => return Some(Err(err)),
            }
        }
    }
    Some(Ok(rows))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(text: &str) -> BigInt {
        big(text).unwrap()
    }

    /// The key tokens (lo, hi] each part reads, `None` for a failing part.
    fn spans(bounds: bool, node: &str, l: &str, r: &str) -> Vec<Option<(String, Option<String>)>> {
        let ring = Ring {
            bounds,
            min: n("-1"),
        };
        parts(&ring, &n(node), &n(l), &n(r))
            .iter()
            .map(|p| span(&ring, p).map(|(lo, hi)| (lo.to_string(), hi.map(|h| h.to_string()))))
            .collect()
    }

    fn read(lo: &str, hi: Option<&str>) -> Option<(String, Option<String>)> {
        Some((lo.to_string(), hi.map(str::to_string)))
    }

    const M63: &str = "-9223372036854775808";
    const T: &str = "1000";

    #[test]
    fn below_the_minimum_to_the_minimum_reads_every_row_before_1_1_and_none_on_it() {
        // Neither wraps, and the node's token is not in it: one part.
        assert_eq!(spans(false, T, M63, "-1"), vec![read(M63, None)]);
        assert_eq!(spans(true, T, M63, "-1"), vec![read(M63, Some("-2"))]);
        let (lo, hi) = (n(M63), n("-2"));
        assert_eq!(engine_range(&lo, Some(&hi)), None);
        assert_eq!(
            engine_range(&lo, None),
            Some(("-1".to_string(), "-1".to_string()))
        );
    }

    #[test]
    fn a_range_over_the_node_token_is_cut_there() {
        assert_eq!(
            spans(false, T, M63, "5000"),
            vec![read(M63, Some(T)), read(T, Some("5000"))]
        );
        assert_eq!(
            spans(true, T, M63, "5000"),
            vec![read(M63, Some(T)), read(T, Some("5000"))]
        );
    }

    #[test]
    fn a_wrap_to_below_the_minimum_fails_after_the_node_token() {
        // From before the node's token: its part is read first.
        assert_eq!(spans(false, T, "10", "-5"), vec![read("10", Some(T)), None]);
        assert_eq!(spans(true, T, "10", "-5"), vec![read("10", Some(T)), None]);
        // From after it: the first part fails.
        assert_eq!(spans(false, T, "2000", "-5"), vec![None]);
        assert_eq!(spans(true, T, "-1", "-5"), vec![read("-2", Some(T)), None]);
    }

    #[test]
    fn a_wrap_past_the_top_reads_the_whole_ring() {
        let huge = "10000000000000000000000000000000000000000";
        let huger = "110000000000000000000000000000000000000000";
        for bounds in [false, true] {
            assert_eq!(
                spans(bounds, T, huger, huge),
                vec![read(huger, None), read("-1", Some(T)), read(T, Some(huge))]
                    .into_iter()
                    .map(|r| match (bounds, r) {
                        (true, Some((lo, hi))) if lo == "-1" => read("-2", hi.as_deref()),
                        (_, r) => r,
                    })
                    .collect::<Vec<_>>(),
                "{bounds}"
            );
        }
    }

    #[test]
    fn printed_as_big_integer_did() {
        assert_eq!(big("+5"), Some(n("5")));
        assert_eq!(n("007").to_string(), "7");
        assert_eq!(n("-00").to_string(), "0");
        assert_eq!(big("5x"), None);
        assert_eq!(big("-"), None);
        assert_eq!(big("1_0"), None);
    }
}
