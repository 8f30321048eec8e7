//! A range bounded by a token its partitioner cannot read as a number
//! (`get_range_slices`, `get_paged_slice`). No check before the read asked
//! the partitioner about a range's tokens: the call itself parsed them
//! (`TokenFactory.fromString`) and its `NumberFormatException` escaped it,
//! which 0.7 to 1.0's generated processors answered `Internal error
//! processing <method>` (they caught any `Throwable` of a method declaring
//! exceptions) and the others (3.x too) closed the connection on. A number
//! outside the ring was read as a token; that is the shared checks'
//! business (before 1.2: `bigtoken`'s). It answers only that failure, and
//! nothing without a release.
//!
//! From 1.2 every partitioner's `fromString` threw an unchecked exception
//! for any text it could not read (Murmur3's `Long.valueOf`: a number
//! outside the signed 64-bit range too, `IllegalArgumentException:
//! Invalid token for Murmur3Partitioner`), and nothing caught it, so the
//! connection closed; but `validateKeyRange`'s checks and the level's ran
//! first, except for a (key, token) range, whose end token those checks
//! read themselves right after the range's shape ([`in_checks`]). So the
//! checks see such a token as the minimum ([`for_checks`]) and the call
//! reads it after them ([`at_read`]).

use crate::node::Node;
use crate::partitioner::Partitioner;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::borrow::Cow;

/// The failure of a call whose `range` has a token `partitioner` cannot
/// read at all, for any release answered as.
pub fn unreadable(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Option<ApiError> {
    if reads_late(node) {
        return None;
    }
    node.release?;
    let unreadable = [&range.start_token, &range.end_token]
        .into_iter()
        .flatten()
        .find(|tok| !is_number(tok) && partitioner.token_from_string(tok).is_err())?;
    let why = format!("NumberFormatException for the token '{unreadable}'");
    Some(match node.release.is_some_and(|r| r.at_least(1, 1)) {
        true => ApiError::Dropped(why),
        false => ApiError::Internal(why),
    })
}

/// Whether `node` answers as 1.2 on, which read a range's tokens after
/// its checks.
fn reads_late(node: &Node) -> bool {
    node.release.is_some_and(|r| r.at_least(1, 2))
}

fn closed(token: &str) -> ApiError {
    ApiError::Dropped(format!(
        "IllegalArgumentException: the partitioner cannot read the token '{token}'"
    ))
}

/// 1.2 on: `range` as the checks before the read saw it, a token the
/// partitioner cannot read standing as the minimum.
pub fn for_checks<'a>(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &'a t::KeyRange,
) -> Cow<'a, t::KeyRange> {
    let bad = |tok: &Option<String>| {
        tok.as_deref()
            .is_some_and(|s| partitioner.token_from_string(s).is_err())
    };
    if !reads_late(node) || !(bad(&range.start_token) || bad(&range.end_token)) {
        return Cow::Borrowed(range);
    }
    let mut checked = range.clone();
    for tok in [&mut checked.start_token, &mut checked.end_token] {
        if bad(tok) {
            *tok = Some(partitioner.token_to_string(&partitioner.min_token()));
        }
    }
    Cow::Owned(checked)
}

/// 1.2 on: a (key, token) range of the right shape whose end token the
/// partitioner cannot read (`validateKeyRange` read it after the shape
/// checks, before the row filter's and the count's).
pub fn in_checks(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Option<ApiError> {
    let shaped = range.start_key.is_some() != range.start_token.is_some()
        && range.end_key.is_some() != range.end_token.is_some();
    let end = range
        .end_token
        .as_deref()
        .filter(|_| reads_late(node) && shaped && range.start_key.is_some())?;
    partitioner
        .token_from_string(end)
        .is_err()
        .then(|| closed(end))
}

/// 1.2 on: once the checks and the level's passed, the read parsed the
/// range's tokens; one the partitioner cannot read closed the connection.
pub fn at_read(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Option<ApiError> {
    if !reads_late(node) {
        return None;
    }
    [&range.start_token, &range.end_token]
        .into_iter()
        .flatten()
        .find(|tok| partitioner.token_from_string(tok).is_err())
        .map(|tok| closed(tok))
}

/// Whether Java's `BigInteger(String)` or `Long.valueOf` could read `text`
/// (an optional sign, then decimal digits): such a token is the shared
/// checks' to judge.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;
    use crate::partitioner::Murmur3Partitioner;
    use crate::release::Release;

    fn answer(version: &str, start: &str) -> Option<ApiError> {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        let mut range = t::KeyRange::new(None, None, None, None, 5, None);
        range.start_token = Some(start.to_string());
        range.end_token = Some("0".to_string());
        unreadable(&node, &Murmur3Partitioner, &range)
    }

    #[test]
    fn a_token_that_is_no_number_fails_the_call() {
        for v in ["0.7.10", "0.8.10", "1.0.12"] {
            assert!(matches!(answer(v, "x"), Some(ApiError::Internal(_))), "{v}");
        }
        assert!(matches!(answer("1.1.12", "x"), Some(ApiError::Dropped(_))));
        assert!(answer("1.1.12", "-5").is_none());
        // 1.2 on: after the checks.
        for v in ["1.2.9", "2.0.17", "2.2.19", "3.11.10"] {
            assert!(answer(v, "x").is_none(), "{v}");
        }
    }

    fn range(version: &str, start: Option<&str>, key: bool) -> (Node, t::KeyRange) {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        let mut range = t::KeyRange::new(None, None, None, None, 5, None);
        match key {
            true => range.start_key = Some(b"k".to_vec()),
            false => range.start_token = start.map(str::to_string),
        }
        range.end_token = Some("85070591730234615865843651857942052864".to_string());
        (node, range)
    }

    #[test]
    fn from_1_2_a_token_murmur3_cannot_read_closes_after_the_checks() {
        let p = Murmur3Partitioner;
        for v in ["1.2.19", "2.0.17", "3.0.24", "3.11.10"] {
            let (node, r) = range(v, Some("0"), false);
            assert!(in_checks(&node, &p, &r).is_none(), "{v}");
            let checked = for_checks(&node, &p, &r);
            assert_eq!(checked.end_token.as_deref(), Some("-9223372036854775808"));
            assert!(matches!(at_read(&node, &p, &r), Some(ApiError::Dropped(_))));
            let (node, r) = range(v, None, true);
            assert!(matches!(
                in_checks(&node, &p, &r),
                Some(ApiError::Dropped(_))
            ));
        }
        let (node, r) = range("1.1.12", Some("0"), false);
        assert!(at_read(&node, &p, &r).is_none());
        assert!(matches!(for_checks(&node, &p, &r), Cow::Borrowed(_)));
    }
}
