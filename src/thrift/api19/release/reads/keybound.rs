//! Range scans bounded by a key the column family's key type refuses. No
//! check of the calls asked the key type about a range's keys, so the read
//! failed on the replica and the coordinator waited in vain:
//! TimedOutException. From 1.2 to 2.2 the replica printed the range with
//! the key type before reading a row (`AbstractBounds.getString` in the
//! scan's trace line), so either bound of any scan failed
//! ([`check_printable`]); 3.x failed on the start key of
//! `get_range_slices` ([`check_start_key`]). Only the bounds that were keys
//! count (a token bound, an empty key: the ring's ends). This module
//! answers nothing else, and nothing without those behaviours.

use crate::marshal::Dialect;
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;

/// TimedOutException where a 1.2-2.2 scan would have failed on one of
/// `keys` (a range's key bounds, `None` where the bound was a token), once
/// every check of the call passed.
pub fn check_printable<'a>(
    node: &Node,
    cf: &CfDef,
    keys: impl IntoIterator<Item = Option<&'a [u8]>>,
) -> ApiResult<()> {
    if !does(node, Behaviour::ScanOfUnprintableKeyTimesOut) {
        return Ok(());
    }
    match keys.into_iter().flatten().any(|k| refused(cf, k)) {
        true => Err(timed_out()),
        false => Ok(()),
    }
}

/// TimedOutException where 3.x's `get_range_slices` would have failed on
/// `range`'s start key, whatever the rows.
pub fn check_start_key(node: &Node, cf: &CfDef, range: &t::KeyRange) -> ApiResult<()> {
    let start = range.start_key.as_deref();
    match does(node, Behaviour::RangeOfRefusedKeyTimesOut) && start.is_some_and(|k| refused(cf, k))
    {
        true => Err(timed_out()),
        false => Ok(()),
    }
}

fn does(node: &Node, behaviour: Behaviour) -> bool {
    node.release.is_some_and(|r| r.does(behaviour))
}

/// A key (not the ring's end) that `cf`'s key type could not print: what
/// 2.0's serializers refused (1.2's types printed through the same rules:
/// a decimal of fewer than 4 bytes, which 1.2 stored, failed its `compose`).
fn refused(cf: &CfDef, key: &[u8]) -> bool {
    !key.is_empty()
        && cf
            .options
            .key_validation_class
            .validate_for(key, Dialect::V20)
            .is_err()
}

fn timed_out() -> ApiError {
    ApiError::TimedOut(Acknowledged {
        by: None,
        by_batchlog: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    use crate::node::test_nodes::as_release as node_as;

    fn keyed_by(key_type: &str) -> CfDef {
        let mut cf = CfDef::new("ks", "Cf", 1000, parse_type("BytesType").unwrap(), None);
        cf.options.key_validation_class = parse_type(key_type).unwrap();
        cf
    }

    #[test]
    fn a_key_the_key_type_refuses_times_out_from_1_2_to_2_2() {
        let long = keyed_by("LongType");
        let eight = 7i64.to_be_bytes();
        for (v, times_out) in [
            ("1.1.12", false),
            ("1.2.9", true),
            ("2.0.17", true),
            ("2.2.19", true),
            ("3.0.24", false),
        ] {
            let node = node_as(v);
            let short: &[u8] = b"k5";
            let got = check_printable(&node, &long, [Some(short), None]);
            assert_eq!(matches!(got, Err(ApiError::TimedOut(_))), times_out, "{v}");
            // The end bound counts as the start does.
            let got = check_printable(&node, &long, [Some(&eight[..]), Some(short)]);
            assert_eq!(got.is_err(), times_out, "{v}");
            // A key the type reads, an empty key, a token bound: no failure.
            assert!(check_printable(&node, &long, [Some(&eight[..]), Some(&b""[..])]).is_ok());
            assert!(check_printable(&node, &long, [None, None]).is_ok());
            assert!(check_printable(&node, &keyed_by("BytesType"), [Some(short)]).is_ok());
        }
    }

    /// The recorded `rel_rangekey`: a start key a LongType key refuses
    /// times out in 3.x; an 8-byte one, an empty one, or one before 3.0
    /// (whose scans check both bounds above) is read.
    #[test]
    fn a_range_from_a_refused_start_key_times_out_in_3x() {
        let long = keyed_by("LongType");
        let from = |key: &[u8]| {
            t::KeyRange::new(
                key.to_vec(),
                None::<Vec<u8>>,
                None::<String>,
                None::<String>,
                2,
                None::<Vec<t::IndexExpression>>,
            )
        };
        for (v, times_out) in [("3.0.24", true), ("3.11.10", true), ("2.2.19", false)] {
            let node = node_as(v);
            let got = check_start_key(&node, &long, &from(b"k1"));
            assert_eq!(matches!(got, Err(ApiError::TimedOut(_))), times_out, "{v}");
            assert!(check_start_key(&node, &long, &from(&2i64.to_be_bytes())).is_ok());
            assert!(check_start_key(&node, &long, &from(b"")).is_ok());
        }
    }
}
