//! A keyspace's placement on the one-node ring: the replication factor
//! of each data center it names, and what a consistency level needs of
//! it. The node is the only endpoint, in SimpleSnitch's data center
//! (`datacenter1`): a NetworkTopologyStrategy factor of another data
//! center finds no endpoint there, a factor above one finds only the
//! node. Owns that count for every front end (1.2 on:
//! `ConsistencyLevel.blockFor`, `isSufficientLiveNodes`, a data center
//! the keyspace does not name having a factor of 0); must not decide how
//! a front end words or orders its refusals, nor know wire types.

use super::ring::DATACENTER;
use crate::call::Consistency;
use crate::schema::KeyspaceDef;

/// The factor of each data center a keyspace names (SimpleStrategy: one,
/// the node's), and whether its strategy is NetworkTopologyStrategy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub factors: Vec<(String, usize)>,
    pub nts: bool,
}

impl Placement {
    pub fn of(ks: &KeyspaceDef) -> Placement {
        let nts = ks.strategy_class().ends_with(".NetworkTopologyStrategy");
        let parse = |v: &String| v.trim().parse::<usize>().unwrap_or(0);
        let factors = if nts {
            ks.strategy_options
                .iter()
                .map(|(dc, f)| (dc.clone(), parse(f)))
                .collect()
        } else {
            let rf = ks
                .strategy_options
                .get("replication_factor")
                .map_or(1, parse);
            vec![(DATACENTER.to_string(), rf)]
        };
        Placement { factors, nts }
    }

    /// Every data center's factor summed (`getReplicationFactor`).
    pub fn total(&self) -> usize {
        self.factors.iter().map(|(_, f)| f).sum()
    }

    /// The factor of the node's own data center, None when not named.
    pub fn local(&self) -> Option<usize> {
        self.factors
            .iter()
            .find(|(dc, _)| dc == DATACENTER)
            .map(|(_, f)| *f)
    }

    /// The live replicas found: the node, when its data center holds any.
    pub fn live(&self) -> usize {
        usize::from(self.local().unwrap_or(0) >= 1)
    }

    /// Whether some data center's factor exceeds the endpoints it has
    /// (one in the node's, none elsewhere).
    pub fn short(&self) -> bool {
        self.factors
            .iter()
            .any(|(dc, f)| *f > usize::from(dc == DATACENTER))
    }

    /// Whether `level` finds too few live replicas (1.2 on), ANY aside
    /// (its answer with none live changed between releases): the count a
    /// level blocks for, against the live replicas it counts (the local
    /// data center's for LOCAL_QUORUM and LOCAL_ONE; each named data
    /// center's quorum for EACH_QUORUM of a NetworkTopologyStrategy).
    pub fn unavailable(&self, level: Consistency) -> bool {
        let quorum = |f: usize| f / 2 + 1;
        let live = self.live();
        match level {
            Consistency::Zero | Consistency::Any => false,
            Consistency::One | Consistency::LocalOne => live < 1,
            Consistency::Two => live < 2,
            Consistency::Three => live < 3,
            Consistency::Quorum => live < quorum(self.total()),
            Consistency::All => live < self.total(),
            Consistency::LocalQuorum if self.nts => live < quorum(self.local().unwrap_or(0)),
            Consistency::LocalQuorum => live < quorum(self.total()),
            Consistency::EachQuorum if self.nts => self
                .factors
                .iter()
                .any(|(dc, f)| usize::from(dc == DATACENTER && *f >= 1) < quorum(*f)),
            Consistency::EachQuorum => live < quorum(self.total()),
        }
    }
}

/// A keyspace `Dc` of NetworkTopologyStrategy with `options`, for tests
/// here and of the front ends that count its replicas.
#[cfg(test)]
pub fn nts_keyspace(options: &[(&str, &str)]) -> KeyspaceDef {
    let mut ks = KeyspaceDef::new("Dc", []);
    ks.replica_placement_strategy = "org.apache.cassandra.locator.NetworkTopologyStrategy".into();
    ks.strategy_options = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    ks
}

#[cfg(test)]
mod tests {
    use super::*;

    fn nts(options: &[(&str, &str)]) -> Placement {
        Placement::of(&nts_keyspace(options))
    }

    #[test]
    fn another_data_center_has_no_live_replica() {
        let p = nts(&[("DC1", "1")]);
        assert_eq!(p.live(), 0);
        for level in [
            Consistency::One,
            Consistency::LocalOne,
            Consistency::LocalQuorum,
            Consistency::EachQuorum,
            Consistency::Quorum,
        ] {
            assert!(p.unavailable(level), "{level:?}");
        }
        assert!(!p.unavailable(Consistency::Any));
    }

    #[test]
    fn a_factor_of_two_finds_one_live() {
        let p = nts(&[("datacenter1", "2")]);
        assert!(!p.unavailable(Consistency::One));
        assert!(p.unavailable(Consistency::LocalQuorum));
        assert!(p.unavailable(Consistency::EachQuorum));
        assert!(p.unavailable(Consistency::Quorum));
        let one = nts(&[("datacenter1", "1")]);
        assert!(!one.unavailable(Consistency::EachQuorum));
        assert!(!one.unavailable(Consistency::All));
    }
}
