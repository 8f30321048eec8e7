//! Range scans bounded by a key the column family's key type refuses, as
//! 1.2 to 2.2 answered them: the calls' checks never asked the key type
//! about a range's keys, and the replica printed the range with it before
//! reading a row (`AbstractBounds.getString` in the scan's trace line), so
//! the read failed and the coordinator waited in vain: TimedOutException.
//! Only the bounds that were keys count (a token bound, an empty key: the
//! ring's ends, printed as tokens). This module answers nothing else, and
//! nothing without that behaviour.

use crate::marshal::Dialect;
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};

/// TimedOutException where the release's scan would have failed on one of
/// `keys` (a range's key bounds, `None` where the bound was a token), once
/// every check of the call passed.
pub fn check_printable<'a>(
    node: &Node,
    cf: &CfDef,
    keys: impl IntoIterator<Item = Option<&'a [u8]>>,
) -> ApiResult<()> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::ScanOfUnprintableKeyTimesOut))
    {
        return Ok(());
    }
    let key_type = &cf.options.key_validation_class;
    let unprintable = keys
        .into_iter()
        .flatten()
        .any(|k| !k.is_empty() && key_type.validate_for(k, Dialect::V12).is_err());
    if unprintable {
        return Err(ApiError::TimedOut(Acknowledged {
            by: None,
            by_batchlog: None,
        }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::node::test_nodes;
    use crate::release::Release;

    fn node_as(version: &str) -> Node {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find(version);
        node
    }

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
}
