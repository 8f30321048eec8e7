//! What a release made of a level when the keyspace asked for more
//! replicas than the one-node ring had where it asked for them: the node
//! is the only endpoint, in the snitch's data center (`datacenter1`), so a
//! NetworkTopologyStrategy factor of another data center, or one above 1,
//! finds too few. Owns that judgement for the embedded engine (alone on
//! its ring) and nothing else: the Thrift layer's own level checks
//! (`validation::check_consistency`) came first in every release.
//!
//! - 0.7: `calculateNaturalEndpoints` threw IllegalStateException when a
//!   factor exceeded the endpoints it found (SimpleStrategy's
//!   `replication factor (%s) exceeds number of endpoints`, NTS's
//!   `datacenter (%s) has no more endpoints`): every read and write of the
//!   keyspace, and its `describe_ring`, failed as an internal error.
//! - 0.8 to 1.1 took the endpoints found: a level blocked for its count
//!   from the whole factor (`determineBlockFor`) and was unavailable with
//!   fewer live ones; LOCAL_QUORUM counted the local data center's factor
//!   (0.8 and 1.0 unboxed it, failing with a NullPointerException where
//!   the keyspace named no such data center; an EACH_QUORUM read was read
//!   as a LOCAL_QUORUM one, `DatacenterReadCallback`), EACH_QUORUM a
//!   quorum of each data center's; ANY needed no live replica but, with
//!   none, 0.8 found it unavailable and 1.0 and 1.1 waited for a hint
//!   that never came (TimedOutException).
//! - 1.2 and later kept that count (`ConsistencyLevel.blockFor`,
//!   `assureSufficientLiveNodes`: LOCAL_QUORUM and LOCAL_ONE count the
//!   local data center's live replicas, a data center the keyspace does
//!   not name having a factor of 0, EACH_QUORUM each named one's). ANY
//!   with no replica still timed out in 1.2 (`sendToHintedEndpoints` had
//!   no target to hint, acknowledged by 0); from 2.0 the coordinator wrote
//!   the hint itself and answered (`StorageProxy.mutate`). A serial read's
//!   Paxos round needs a majority of the replicas found, none found being
//!   unavailable (`getPaxosParticipants`).

use crate::node::placement::Placement;
use crate::node::ring::DATACENTER;
use crate::node::{Acknowledged, Node};
use crate::release::Behaviour;
use crate::schema::KeyspaceDef;
use crate::thrift::api19::validation::{self as v, Access};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::ConsistencyLevel;

/// 0.7's `describe_ring` of a keyspace whose factor its endpoints could
/// not meet: its processor's internal error.
pub fn check_ring(node: &Node, keyspace: &str) -> ApiResult<()> {
    if node.release.is_none_or(|r| r.series() != (0, 7)) || node.engine().is_none() {
        return Ok(());
    }
    match node.schema().keyspace(keyspace) {
        Some(ks) if !ks.is_system() && Placement::of(ks).short() => Err(ApiError::Internal(
            format!("describe_ring: the factor of {keyspace} exceeds its endpoints"),
        )),
        _ => Ok(()),
    }
}

/// The availability of `cl` for `access` on `ks` as the release judged it
/// (see the module), once the Thrift layer's checks passed; `None` with no
/// release or a cluster backend (`alone` false), whose availability
/// `validation::check_available` judges.
pub fn availability(
    node: &Node,
    ks: &KeyspaceDef,
    cl: ConsistencyLevel,
    access: Access,
    alone: bool,
) -> Option<ApiResult<()>> {
    let release = node.release?;
    if !alone || ks.is_system() {
        return None;
    }
    let p = Placement::of(ks);
    let internal = |why: &str| Err(ApiError::Internal(why.to_string()));
    if release.series() == (0, 7) {
        if p.short() {
            return Some(internal("the keyspace's factor exceeds its endpoints"));
        }
        return Some(v::check_available(ks, cl, alone));
    }
    let unavailable = |need: usize| {
        if p.live() < need {
            Err(ApiError::Unavailable)
        } else {
            Ok(())
        }
    };
    let before_1_1 = !release.at_least(1, 1);
    let local_quorum = || match p.local() {
        None if before_1_1 => internal("no factor for the local data center"),
        local => unavailable(local.unwrap_or(0) / 2 + 1),
    };
    Some(match cl {
        ConsistencyLevel::ANY if p.live() == 0 => {
            if before_1_1 && !release.at_least(1, 0) {
                Err(ApiError::Unavailable)
            } else if release.at_least(2, 0) {
                Ok(())
            } else if release.at_least(1, 2) {
                Err(ApiError::TimedOut(Acknowledged {
                    by: Some(0),
                    by_batchlog: None,
                }))
            } else {
                Err(ApiError::TimedOut(Default::default()))
            }
        }
        ConsistencyLevel::ANY | ConsistencyLevel::ONE => unavailable(1),
        ConsistencyLevel::LOCAL_ONE => unavailable(1),
        ConsistencyLevel::SERIAL | ConsistencyLevel::LOCAL_SERIAL if p.live() == 0 => {
            Err(ApiError::Unavailable)
        }
        ConsistencyLevel::TWO => unavailable(2),
        ConsistencyLevel::THREE => unavailable(3),
        ConsistencyLevel::QUORUM => unavailable(p.total() / 2 + 1),
        ConsistencyLevel::ALL => unavailable(p.total()),
        ConsistencyLevel::LOCAL_QUORUM if p.nts => local_quorum(),
        // 0.8 and 1.0 read it as a local quorum (`DatacenterReadCallback`);
        // 3.0's read counts each data center's, as a write does.
        ConsistencyLevel::EACH_QUORUM
            if p.nts && access == Access::Read && !release.does(Behaviour::EachQuorumReads) =>
        {
            local_quorum()
        }
        ConsistencyLevel::EACH_QUORUM if p.nts => {
            let short = p
                .factors
                .iter()
                .any(|(dc, f)| usize::from(dc == DATACENTER) < f / 2 + 1);
            if short {
                Err(ApiError::Unavailable)
            } else {
                Ok(())
            }
        }
        _ => v::check_available(ks, cl, alone),
    })
}

/// Whether enough replicas of `ks` are alive for `cl`, and nothing else of
/// the level (`assureSufficientLiveNodes` alone: 2.0 on counted rows so,
/// the level never checked as a read's): a NetworkTopologyStrategy
/// keyspace's local and each-DC quorums counted by data center, as
/// [`availability`] counts a write's.
pub fn live_enough(
    node: &Node,
    ks: &KeyspaceDef,
    cl: ConsistencyLevel,
    alone: bool,
) -> ApiResult<()> {
    availability(node, ks, cl, Access::Write, alone)
        .unwrap_or_else(|| v::check_available(ks, cl, alone))
}

/// A level's checks for `access` on `ks`: the Thrift layer's
/// (`validation::check_consistency`), then the availability 0.7 to 1.1
/// judged ([`availability`]). Before 1.1 an EACH_QUORUM read was not
/// refused as one (only its strategy was checked), nor from 3.0
/// (`validateForRead` refused ANY alone: a NetworkTopologyStrategy
/// keyspace's read keeps its level, another's was read as QUORUM).
pub fn check_level(
    node: &Node,
    ks: &KeyspaceDef,
    cf: Option<&crate::schema::CfDef>,
    cl: ConsistencyLevel,
    access: Access,
    alone: bool,
) -> ApiResult<()> {
    let Some(available) = availability(node, ks, cl, access, alone) else {
        return v::check_consistency(ks, cf, cl, access, alone);
    };
    let unrefused_read = cl == ConsistencyLevel::EACH_QUORUM
        && access == Access::Read
        && node
            .release
            .is_some_and(|r| !r.at_least(1, 1) || r.does(Behaviour::EachQuorumReads));
    let checked_as = if unrefused_read {
        Access::Write
    } else {
        access
    };
    v::check_consistency(ks, cf, cl, checked_as, false)?;
    available
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::node::test_nodes::as_release as node_as;

    use crate::node::placement::nts_keyspace as nts;

    fn outcome(version: &str, ks: &KeyspaceDef, cl: ConsistencyLevel, access: Access) -> String {
        match availability(&node_as(version), ks, cl, access, true) {
            None => "none".into(),
            Some(Ok(())) => "ok".into(),
            Some(Err(ApiError::Unavailable)) => "unavailable".into(),
            Some(Err(ApiError::TimedOut(_))) => "timeout".into(),
            Some(Err(ApiError::Internal(_))) => "internal".into(),
            Some(Err(e)) => format!("{e:?}"),
        }
    }

    #[test]
    fn a_data_center_without_the_node_has_no_live_replica() {
        use ConsistencyLevel as L;
        let dc1 = nts(&[("DC1", "1")]);
        let (r, w) = (Access::Read, Access::Write);
        assert_eq!(outcome("0.7.10", &dc1, L::ONE, r), "internal");
        assert_eq!(outcome("0.8.10", &dc1, L::ONE, w), "unavailable");
        assert_eq!(outcome("0.8.10", &dc1, L::ANY, w), "unavailable");
        assert_eq!(outcome("1.0.12", &dc1, L::ANY, w), "timeout");
        assert_eq!(outcome("1.0.12", &dc1, L::LOCAL_QUORUM, w), "internal");
        assert_eq!(outcome("1.0.12", &dc1, L::EACH_QUORUM, r), "internal");
        assert_eq!(outcome("1.0.12", &dc1, L::EACH_QUORUM, w), "unavailable");
        assert_eq!(outcome("1.1.12", &dc1, L::LOCAL_QUORUM, w), "unavailable");
        assert_eq!(outcome("1.1.12", &dc1, L::ANY, w), "timeout");
        assert_eq!(outcome("1.2.9", &dc1, L::ONE, w), "unavailable");
        assert_eq!(outcome("1.2.9", &dc1, L::ONE, r), "unavailable");
        assert_eq!(outcome("1.2.9", &dc1, L::LOCAL_QUORUM, r), "unavailable");
        assert_eq!(outcome("1.2.9", &dc1, L::EACH_QUORUM, w), "unavailable");
        assert_eq!(outcome("1.2.9", &dc1, L::ANY, w), "timeout");
        assert_eq!(outcome("2.0.17", &dc1, L::ANY, w), "ok");
        assert_eq!(outcome("2.0.17", &dc1, L::LOCAL_ONE, w), "unavailable");
        assert_eq!(outcome("2.0.17", &dc1, L::SERIAL, r), "unavailable");
    }

    /// A count's level on a keyspace naming the node's data center and
    /// another: the local quorum is the local factor's (`rel_ntsquorums`).
    #[test]
    fn a_count_counts_the_local_data_center_for_its_local_quorum() {
        use ConsistencyLevel as L;
        let node = node_as("2.0.17");
        let two_dcs = nts(&[("datacenter1", "1"), ("DC2", "1")]);
        assert!(live_enough(&node, &two_dcs, L::LOCAL_QUORUM, true).is_ok());
        assert!(live_enough(&node, &two_dcs, L::QUORUM, true).is_err());
        assert!(live_enough(&node, &two_dcs, L::EACH_QUORUM, true).is_err());
        let three = nts(&[("datacenter1", "3"), ("DC2", "1")]);
        assert!(live_enough(&node, &three, L::LOCAL_QUORUM, true).is_err());
        // 3.0 reads at EACH_QUORUM, counting each data center
        let (r, node) = (Access::Read, node_as("3.0.24"));
        let each = |ks: &KeyspaceDef| check_level(&node, ks, None, L::EACH_QUORUM, r, true);
        assert!(matches!(each(&two_dcs), Err(ApiError::Unavailable)));
        assert!(each(&nts(&[("datacenter1", "1")])).is_ok());
    }

    #[test]
    fn a_factor_above_the_node_count_is_short_of_a_quorum() {
        use ConsistencyLevel as L;
        let two = nts(&[("datacenter1", "2")]);
        let (r, w) = (Access::Read, Access::Write);
        assert_eq!(outcome("0.7.10", &two, L::ONE, w), "internal");
        assert_eq!(outcome("0.8.10", &two, L::ONE, r), "ok");
        assert_eq!(outcome("0.8.10", &two, L::ANY, w), "ok");
        assert_eq!(outcome("1.0.12", &two, L::LOCAL_QUORUM, r), "unavailable");
        assert_eq!(outcome("1.0.12", &two, L::EACH_QUORUM, r), "unavailable");
        assert_eq!(outcome("1.1.12", &two, L::EACH_QUORUM, w), "unavailable");
        assert_eq!(outcome("2.0.17", &two, L::ONE, r), "ok");
        assert_eq!(outcome("2.0.17", &two, L::LOCAL_QUORUM, w), "unavailable");
        assert_eq!(outcome("2.0.17", &two, L::EACH_QUORUM, w), "unavailable");
        let one = nts(&[("datacenter1", "1")]);
        assert_eq!(outcome("0.7.10", &one, L::EACH_QUORUM, r), "ok");
        assert_eq!(outcome("1.0.12", &one, L::EACH_QUORUM, r), "ok");
        let mut simple = KeyspaceDef::new("S", []);
        simple.replica_placement_strategy = "org.apache.cassandra.locator.SimpleStrategy".into();
        simple.strategy_options = [("replication_factor".into(), "2".into())].into();
        assert_eq!(outcome("0.7.10", &simple, L::ONE, w), "internal");
        assert_eq!(outcome("1.0.12", &simple, L::ONE, w), "ok");
        assert_eq!(outcome("1.0.12", &simple, L::QUORUM, w), "unavailable");
    }
}
