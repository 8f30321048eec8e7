//! The 0.6 API's consistency levels as a cluster backend takes them, as
//! 0.6.8 treated each (its enum is not 19.x's: 3 and 4 are DCQUORUM and
//! DCQUORUMSYNC there, and 0 is ZERO):
//!
//! - ZERO (writes only; reads are refused before): 0.6 answered before any
//!   replica did, so the write goes at ANY and the cluster's Unavailable
//!   or timeout answer is not the caller's ([`Consistency::Zero`]);
//! - ONE, QUORUM, ALL: themselves;
//! - DCQUORUM: a write to a data-center-aware keyspace
//!   (`DatacenterShardStrategy`, `NetworkTopologyStrategy`) waited for a
//!   quorum of the local data center (LOCAL_QUORUM); anywhere else 0.6
//!   blocked for every natural replica (ALL), reads included;
//! - DCQUORUMSYNC: likewise, a quorum in each data center (EACH_QUORUM)
//!   for a data-center-aware keyspace's writes, else ALL;
//! - ANY: writes at ANY; a range scan (the one read 0.6 let ANY through)
//!   blocked for one replica, ONE.
//!
//! This module must not validate levels (the handlers refuse what 0.6
//! refused, in 0.6's words).

use crate::call::Consistency;
use crate::node::Node;
use crate::thrift::gen::cassandra06::ConsistencyLevel;

/// What the level is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    Read,
    Write,
}

/// Whether `keyspace` places replicas by data center.
fn dc_aware(node: &Node, keyspace: &str) -> bool {
    node.schema().keyspace(keyspace).is_some_and(|ks| {
        let s = &ks.replica_placement_strategy;
        s.ends_with("DatacenterShardStrategy") || s.ends_with("NetworkTopologyStrategy")
    })
}

/// `cl` for the cluster, on `keyspace` (`None`: a value 0.6 did not
/// define).
pub fn cluster_level(
    node: &Node,
    keyspace: &str,
    cl: ConsistencyLevel,
    for_: Use,
) -> Option<Consistency> {
    level(cl, for_, || dc_aware(node, keyspace))
}

fn level(cl: ConsistencyLevel, for_: Use, dc_aware: impl Fn() -> bool) -> Option<Consistency> {
    let dc_write = || for_ == Use::Write && dc_aware();
    Some(match cl {
        ConsistencyLevel::ZERO => Consistency::Zero,
        ConsistencyLevel::ONE => Consistency::One,
        ConsistencyLevel::QUORUM => Consistency::Quorum,
        ConsistencyLevel::ALL => Consistency::All,
        ConsistencyLevel::DCQUORUM if dc_write() => Consistency::LocalQuorum,
        ConsistencyLevel::DCQUORUMSYNC if dc_write() => Consistency::EachQuorum,
        ConsistencyLevel::DCQUORUM | ConsistencyLevel::DCQUORUMSYNC => Consistency::All,
        ConsistencyLevel::ANY if for_ == Use::Write => Consistency::Any,
        ConsistencyLevel::ANY => Consistency::One,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_0_6_level_maps_as_0_6_8_treated_it() {
        let w = |cl| level(cl, Use::Write, || false);
        let r = |cl| level(cl, Use::Read, || false);
        assert_eq!(w(ConsistencyLevel::ZERO), Some(Consistency::Zero));
        assert_eq!(r(ConsistencyLevel::ONE), Some(Consistency::One));
        assert_eq!(w(ConsistencyLevel::QUORUM), Some(Consistency::Quorum));
        assert_eq!(r(ConsistencyLevel::ALL), Some(Consistency::All));
        // A rack-unaware keyspace: 0.6 blocked for every replica.
        assert_eq!(w(ConsistencyLevel::DCQUORUM), Some(Consistency::All));
        assert_eq!(w(ConsistencyLevel::DCQUORUMSYNC), Some(Consistency::All));
        assert_eq!(r(ConsistencyLevel::DCQUORUM), Some(Consistency::All));
        assert_eq!(w(ConsistencyLevel::ANY), Some(Consistency::Any));
        assert_eq!(r(ConsistencyLevel::ANY), Some(Consistency::One));
        assert_eq!(w(ConsistencyLevel::from(17)), None);
        // A data-center-aware keyspace's writes: the data center quorums.
        let dc = |cl| level(cl, Use::Write, || true);
        assert_eq!(
            dc(ConsistencyLevel::DCQUORUM),
            Some(Consistency::LocalQuorum)
        );
        assert_eq!(
            dc(ConsistencyLevel::DCQUORUMSYNC),
            Some(Consistency::EachQuorum)
        );
        assert_eq!(
            level(ConsistencyLevel::DCQUORUM, Use::Read, || true),
            Some(Consistency::All)
        );
    }
}
