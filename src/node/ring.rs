//! The token ring as this node describes it, for every front end alike:
//! the ranges of a keyspace and their replicas (`describe_ring`, `nodetool
//! describering`), the replicas of one key (`nodetool getendpoints`) and
//! this node's host ID. With the embedded engine the node is the whole
//! ring: one range (token, token] that it alone holds, in SimpleSnitch's
//! data center and rack. With a cluster backend the cluster's ring is read.
//! This module must not know any wire protocol's types.

use super::{Node, NodeError, NodeResult};
use crate::cql::exec::system::replicated;
use crate::schema::system19::SYSTEM_TRACES_KEYSPACE;
use crate::schema::SYSTEM_KEYSPACE;

/// The data center and rack of a single node (SimpleSnitch's).
pub const DATACENTER: &str = "datacenter1";
pub const RACK: &str = "rack1";

/// One replica of a range: where it is, its data center and rack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replica {
    /// The address nodes know it by.
    pub address: String,
    /// The address clients reach it at.
    pub rpc_address: String,
    pub datacenter: String,
    pub rack: String,
}

/// A range of the ring, (start, end], and its replicas (the owner of the
/// end token first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingRange {
    pub start: String,
    pub end: String,
    pub replicas: Vec<Replica>,
}

impl Node {
    /// This node as a replica.
    fn local_replica(&self) -> Replica {
        Replica {
            address: self.endpoint.clone(),
            rpc_address: self.endpoint.clone(),
            datacenter: DATACENTER.to_string(),
            rack: RACK.to_string(),
        }
    }

    /// The ranges of `keyspace`'s ring, as 1.2's `describe_ring` gave
    /// them. Only a keyspace of LocalStrategy has no ring (1.2 to 3.x's
    /// `StorageService.describeRing`): `system` (0.7 to 1.1 left it out by
    /// name), 3.x's `system_schema`; `system_traces` and `system_auth`
    /// are SimpleStrategy keyspaces, ringed like an application's, as is
    /// 2.2's `system_distributed` (three replicas, on one node its one).
    pub fn describe_ring(&self, keyspace: &str) -> NodeResult<Vec<RingRange>> {
        let local = |k: &crate::schema::KeyspaceDef| {
            k.replica_placement_strategy.ends_with("LocalStrategy")
        };
        // system_traces (1.2 on), and 2.2's system_auth and
        // system_distributed, are described, not kept in the schema.
        let of_2_2 = [replicated::AUTH, replicated::DISTRIBUTED].contains(&keyspace)
            && self.release.is_some_and(|r| r.at_least(2, 2));
        let described = of_2_2
            || (keyspace == SYSTEM_TRACES_KEYSPACE
                && self.release.is_none_or(|r| r.at_least(1, 2)));
        let ringless = keyspace == SYSTEM_KEYSPACE
            || (!described && self.schema().keyspace(keyspace).is_none_or(local));
        if ringless {
            return Err(NodeError::Invalid(format!(
                "There is no ring for the keyspace: {keyspace}"
            )));
        }
        if let Some(r) = self
            .on_cluster(|c| c.keyspace_ring(keyspace))
            .filter(|_| !described)
        {
            let r = r?;
            return Ok(r
                .ranges
                .iter()
                .map(|range| RingRange {
                    start: range.start.clone(),
                    end: range.end.clone(),
                    replicas: range
                        .replicas
                        .iter()
                        .map(|&i| {
                            let n = &r.ring.nodes[i];
                            Replica {
                                address: n.address.clone(),
                                rpc_address: n.rpc_address.clone(),
                                datacenter: n.data_center.clone(),
                                rack: n.rack.clone(),
                            }
                        })
                        .collect(),
                })
                .collect());
        }
        if self.vnode_tokens.len() > 1 {
            // Each token ends the range that starts at the one before it;
            // the first range wraps from the last token.
            let t = &self.vnode_tokens;
            return Ok((0..t.len())
                .map(|i| RingRange {
                    start: t[(i + t.len() - 1) % t.len()].clone(),
                    end: t[i].clone(),
                    replicas: vec![self.local_replica()],
                })
                .collect());
        }
        Ok(vec![RingRange {
            start: self.token.clone(),
            end: self.token.clone(),
            replicas: vec![self.local_replica()],
        }])
    }

    /// The splits of `(start, end]` at a cluster's nodes' tokens (0.6's
    /// `describe_splits`, which names no column family to estimate);
    /// `None` with the embedded engine. A ring that cannot be split (a
    /// token it cannot read) is an internal error.
    pub fn ring_splits(&self, start: &str, end: &str) -> Option<NodeResult<Vec<String>>> {
        let ring = self.on_cluster(|c| c.ring())?;
        Some(ring.and_then(|ring| {
            crate::gateway::cluster::splits::ring_splits(&ring, start, end)
                .map_err(|e| NodeError::Internal(e.to_string()))
        }))
    }

    /// `n` tokens for this node, derived from its address so that a restart
    /// keeps them, sorted as the partitioner orders them; the first is
    /// [`Node::token`]'s seed. Cassandra picked them at random and saved
    /// them; a single node's answers do not depend on which they are.
    pub fn pick_vnode_tokens(&mut self, n: u32) {
        let schema = self.schema();
        let p = &schema.partitioner;
        let mut tokens: Vec<_> = (0..n)
            .map(|i| p.token(format!("{}#{i}", self.endpoint).as_bytes()))
            .collect();
        tokens.sort();
        tokens.dedup();
        self.vnode_tokens = tokens.iter().map(|t| p.token_to_string(t)).collect();
        if let Some(first) = self.vnode_tokens.first() {
            self.token = first.clone();
        }
    }

    /// The replicas of `key` (in the column family's key type, written as
    /// 1.2's `getendpoints` read it) and the key's token: on one node,
    /// this node.
    pub fn natural_endpoints(
        &self,
        keyspace: &str,
        cf: &str,
        key: &str,
    ) -> NodeResult<(String, Vec<Replica>)> {
        let schema = self.schema();
        let def = schema.cf(keyspace, cf).ok_or_else(|| {
            NodeError::Invalid(format!("Unknown keyspace/cf pair ({keyspace}.{cf})"))
        })?;
        let bytes = def
            .options
            .key_validation_class
            .from_string(key)
            .map_err(|e| NodeError::Invalid(e.to_string()))?;
        let p = &schema.partitioner;
        let token = p.token_to_string(&p.token(&bytes));
        if self.backend.cluster().is_some() {
            return Err(self.engine_only("getendpoints"));
        }
        Ok((token, vec![self.local_replica()]))
    }

    /// This node's host ID: a stable UUID of its address and token (what
    /// `system.local` and the native protocol report).
    pub fn host_id(&self) -> uuid::Uuid {
        use md5::{Digest, Md5};
        let digest: [u8; 16] = Md5::digest(format!("{}/{}", self.endpoint, self.token)).into();
        uuid::Uuid::from_bytes(digest)
    }
}

#[cfg(test)]
mod tests {
    use crate::node::test_nodes;

    #[test]
    fn one_node_is_the_whole_ring() {
        let node = test_nodes::node(crate::storage::EngineOptions::default());
        let ks = node.schema().user_keyspaces().next().unwrap().name.clone();
        let ring = node.describe_ring(&ks).unwrap();
        assert_eq!(ring.len(), 1);
        assert_eq!((&ring[0].start, &ring[0].end), (&node.token, &node.token));
        assert_eq!(ring[0].replicas[0].address, node.endpoint);
        for bad in ["system", "system_auth", "NoSuch"] {
            let e = node.describe_ring(bad).unwrap_err();
            assert!(
                e.to_string().contains("There is no ring for the keyspace"),
                "{e}"
            );
        }
    }

    #[test]
    fn the_replicated_system_keyspaces_are_ringed_from_2_2() {
        for ks in ["system_auth", "system_distributed"] {
            let node = test_nodes::as_release("3.0.24");
            let ring = node.describe_ring(ks).unwrap();
            assert_eq!(ring.len(), node.vnode_tokens.len().max(1));
            assert_eq!(ring[0].replicas, vec![node.local_replica()]);
            let e = test_nodes::as_release("2.1.22")
                .describe_ring(ks)
                .unwrap_err();
            assert!(e.to_string().contains("There is no ring"), "{e}");
        }
        let e = test_nodes::as_release("3.11.10")
            .describe_ring("system_schema")
            .unwrap_err();
        assert!(e.to_string().contains("There is no ring"), "{e}");
    }

    #[test]
    fn a_key_is_on_this_node_at_its_token() {
        let node = test_nodes::node(crate::storage::EngineOptions::default());
        let schema = node.schema();
        let ks = schema.user_keyspaces().next().unwrap();
        let cf = ks.cfs.keys().next().unwrap();
        // The test config's keys are BytesType: written in hex.
        let (token, replicas) = node.natural_endpoints(&ks.name, cf, "6b").unwrap();
        let p = &schema.partitioner;
        let def = schema.cf(&ks.name, cf).unwrap();
        let bytes = def.options.key_validation_class.from_string("6b").unwrap();
        assert_eq!(token, p.token_to_string(&p.token(&bytes)));
        assert_eq!(replicas[0].address, node.endpoint);
        assert!(node.natural_endpoints(&ks.name, "NoSuchCf", "6b").is_err());
        let e = node.natural_endpoints(&ks.name, cf, "k").unwrap_err();
        assert!(e.to_string().contains("hex"), "{e}");
    }
}
