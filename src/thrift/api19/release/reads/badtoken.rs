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

use crate::node::Node;
use crate::partitioner::Partitioner;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The failure of a call whose `range` has a token `partitioner` cannot
/// read at all, for any release answered as.
pub fn unreadable(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Option<ApiError> {
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
        for v in ["1.1.12", "1.2.9", "2.0.17", "2.2.19", "3.11.10"] {
            assert!(matches!(answer(v, "x"), Some(ApiError::Dropped(_))), "{v}");
            assert!(answer(v, "-5").is_none(), "{v}");
        }
    }
}
