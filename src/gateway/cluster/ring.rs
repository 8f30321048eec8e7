//! The cluster's ring as Thrift's describe calls show it: its nodes and
//! their tokens (`system.local` of one node, and that same node's
//! `system.peers`), its partitioner (`system.local`), each token range's
//! replicas under a keyspace's replication (the driver's view of the
//! keyspace's strategy, placed here as Cassandra places them). A range's
//! splits are `gateway::splits`'.
//!
//! Token strings are the partitioner's own (`system.local` names it); the
//! addresses are the cluster's: a ring-walking client that connects to
//! them needs a gateway there. This module must not write.

use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::RawRow;
use crate::gateway::session::statements::run_at;
use crate::gateway::session::Inner;
use crate::partitioner::{self, PartitionerRef, Token};
use scylla::cluster::metadata::Strategy;
use scylla::cluster::Node;
use std::collections::{BTreeSet, HashMap};
use std::net::IpAddr;
use std::sync::Arc;

/// One node of the cluster, as its system tables describe it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingNode {
    /// The address nodes know it by (`peer`, `broadcast_address`).
    pub address: String,
    /// The address clients reach it at (`rpc_address`; the node's address
    /// when that is unset or the wildcard).
    pub rpc_address: String,
    pub data_center: String,
    pub rack: String,
    pub tokens: Vec<String>,
}

/// The cluster's nodes and partitioner.
#[derive(Clone, Debug)]
pub struct Ring {
    /// The partitioner's class name, from `system.local`.
    pub partitioner: String,
    pub nodes: Vec<RingNode>,
}

/// A token range and its replicas (indexes into [`Ring::nodes`]), the
/// owner of its end token first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RingRange {
    pub start: String,
    pub end: String,
    pub replicas: Vec<usize>,
}

/// How many replicas a keyspace keeps where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Replication {
    Simple(usize),
    /// Per data center.
    Topology(HashMap<String, usize>),
    /// One replica (the owner): local or unknown strategies.
    Owner,
}

fn cluster_error(what: &str, e: impl std::fmt::Display) -> GatewayError {
    GatewayError::Internal(format!("unexpected {what} from the cluster: {e}"))
}

/// An `inet`'s bytes as its address text.
fn inet(bytes: &[u8]) -> GatewayResult<IpAddr> {
    match bytes.len() {
        4 => Ok(IpAddr::from(<[u8; 4]>::try_from(bytes).expect("4 bytes"))),
        16 => Ok(IpAddr::from(<[u8; 16]>::try_from(bytes).expect("16 bytes"))),
        n => Err(cluster_error("inet", format!("{n} bytes"))),
    }
}

/// A `set<text>`'s bytes (protocol v3+: an int count, then each element
/// as an int length and its bytes).
fn text_set(bytes: &[u8]) -> GatewayResult<Vec<String>> {
    let mut rest = bytes;
    let int = |rest: &mut &[u8]| -> GatewayResult<usize> {
        let (head, tail) = rest
            .split_at_checked(4)
            .ok_or_else(|| cluster_error("set", "truncated"))?;
        *rest = tail;
        usize::try_from(i32::from_be_bytes(head.try_into().expect("4 bytes")))
            .map_err(|e| cluster_error("set", e))
    };
    let n = int(&mut rest)?;
    let mut out = Vec::with_capacity(n.min(4096));
    for _ in 0..n {
        let len = int(&mut rest)?;
        let (item, tail) = rest
            .split_at_checked(len)
            .ok_or_else(|| cluster_error("set", "truncated"))?;
        out.push(String::from_utf8(item.to_vec()).map_err(|e| cluster_error("token", e))?);
        rest = tail;
    }
    Ok(out)
}

pub(super) fn text(row: &RawRow, i: usize) -> GatewayResult<String> {
    match row.0.get(i) {
        Some(Some(b)) => String::from_utf8(b.clone()).map_err(|e| cluster_error("text", e)),
        _ => Ok(String::new()),
    }
}

/// One system-table row as a node: `[address, rpc_address, dc, rack, tokens]`.
fn node_of(row: &RawRow) -> GatewayResult<RingNode> {
    let address = match row.0.first() {
        Some(Some(b)) => inet(b)?,
        _ => return Err(cluster_error("node", "no address")),
    };
    let rpc = match row.0.get(1) {
        Some(Some(b)) => Some(inet(b)?).filter(|a| !a.is_unspecified()),
        _ => None,
    };
    let tokens = match row.0.get(4) {
        Some(Some(b)) => text_set(b)?,
        _ => Vec::new(),
    };
    Ok(RingNode {
        address: address.to_string(),
        rpc_address: rpc.unwrap_or(address).to_string(),
        data_center: text(row, 2)?,
        rack: text(row, 3)?,
        tokens,
    })
}

/// The cluster's nodes and partitioner, read now: `system.local` and
/// `system.peers` of one node, the first of the driver's nodes (connected
/// ones first) that answers both. Each node's two tables are its own view
/// (itself, the others), so reading them from two nodes, as routing each
/// read on its own would, lists one node twice and leaves another out.
pub async fn read(inner: &Inner, cl: Consistency) -> GatewayResult<Ring> {
    let state = inner.session.get_cluster_state();
    let mut nodes: Vec<&Arc<Node>> = state.get_nodes_info().iter().collect();
    nodes.sort_by_key(|n| !n.is_connected());
    let mut last = None;
    for node in nodes {
        match read_at(inner, Some(node), cl).await {
            Ok(ring) => return Ok(ring),
            Err(e) => last = Some(e),
        }
    }
    match last {
        Some(e) => Err(e),
        None => read_at(inner, None, cl).await,
    }
}

/// [`read`] from `node` (any one node, when none is given).
async fn read_at(inner: &Inner, node: Option<&Arc<Node>>, cl: Consistency) -> GatewayResult<Ring> {
    let local = run_at(
        inner,
        node,
        "SELECT broadcast_address, rpc_address, data_center, rack, tokens, partitioner \
         FROM system.local WHERE key = 'local'",
        &[],
        cl,
    )
    .await?;
    let local = local
        .first()
        .ok_or_else(|| cluster_error("system.local", "no row"))?;
    let partitioner = text(local, 5)?;
    let mut nodes = vec![node_of(local)?];
    let peers = run_at(
        inner,
        node,
        "SELECT peer, rpc_address, data_center, rack, tokens FROM system.peers",
        &[],
        cl,
    )
    .await?;
    for row in &peers {
        nodes.push(node_of(row)?);
    }
    Ok(Ring { partitioner, nodes })
}

/// A keyspace's replication as the driver last read it (refreshed once
/// when the driver does not know the keyspace yet).
pub async fn replication(inner: &Inner, keyspace: &str) -> GatewayResult<Option<Replication>> {
    let known = |inner: &Inner| {
        let state = inner.session.get_cluster_state();
        state.get_keyspace(keyspace).map(|ks| match &ks.strategy {
            Strategy::SimpleStrategy { replication_factor } => {
                Replication::Simple(*replication_factor)
            }
            Strategy::NetworkTopologyStrategy {
                datacenter_repfactors,
            } => Replication::Topology(datacenter_repfactors.clone()),
            _ => Replication::Owner,
        })
    };
    if let Some(r) = known(inner) {
        return Ok(Some(r));
    }
    inner
        .session
        .refresh_metadata()
        .await
        .map_err(|e| GatewayError::Unreachable(e.to_string()))?;
    Ok(known(inner))
}

impl Ring {
    /// The cluster's partitioner, as supercolumn knows it.
    pub fn partitioner(&self) -> GatewayResult<PartitionerRef> {
        partitioner::by_name(&self.partitioner).map_err(|e| {
            GatewayError::Invalid(format!(
                "the cluster's partitioner {} is not one supercolumn knows: {e}",
                self.partitioner
            ))
        })
    }

    /// Every token with its node, in ring order.
    pub fn tokens(&self) -> GatewayResult<Vec<(Token, String, usize)>> {
        let p = self.partitioner()?;
        let mut out = Vec::new();
        for (i, node) in self.nodes.iter().enumerate() {
            for t in &node.tokens {
                let token = p
                    .token_from_string(t)
                    .map_err(|e| cluster_error("token", e))?;
                out.push((token, t.clone(), i));
            }
        }
        out.sort();
        Ok(out)
    }

    /// The ring's ranges, each `(previous token, token]`, with its
    /// replicas under `replication`, in ring order.
    pub fn ranges(&self, replication: &Replication) -> GatewayResult<Vec<RingRange>> {
        let tokens = self.tokens()?;
        let n = tokens.len();
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            let start = &tokens[(i + n - 1) % n].1;
            let walk = (0..n).map(|j| tokens[(i + j) % n].2);
            out.push(RingRange {
                start: start.clone(),
                end: tokens[i].1.clone(),
                replicas: self.place(walk, replication),
            });
        }
        Ok(out)
    }

    /// Replicas from the nodes met walking the ring from a range's owner:
    /// the first `rf` distinct ones (simple), or per data center its `rf`
    /// distinct ones, each rack first before a rack's second node.
    fn place(&self, walk: impl Iterator<Item = usize>, replication: &Replication) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        match replication {
            Replication::Owner => out.extend(walk.take(1)),
            Replication::Simple(rf) => {
                for node in walk {
                    if out.len() >= *rf {
                        break;
                    }
                    if !out.contains(&node) {
                        out.push(node);
                    }
                }
            }
            Replication::Topology(dcs) => {
                let racks_in = |dc: &str| {
                    self.nodes
                        .iter()
                        .filter(|n| n.data_center == dc)
                        .map(|n| n.rack.as_str())
                        .collect::<BTreeSet<_>>()
                        .len()
                };
                let mut chosen: HashMap<&str, Vec<usize>> = HashMap::new();
                let mut racks: HashMap<&str, BTreeSet<&str>> = HashMap::new();
                let mut skipped: HashMap<&str, Vec<usize>> = HashMap::new();
                for node in walk {
                    let (dc, rack) = (
                        self.nodes[node].data_center.as_str(),
                        self.nodes[node].rack.as_str(),
                    );
                    let rf = dcs.get(dc).copied().unwrap_or(0);
                    let mine = chosen.entry(dc).or_default();
                    if mine.len() >= rf || mine.contains(&node) || out.contains(&node) {
                        continue;
                    }
                    let seen = racks.entry(dc).or_default();
                    if seen.len() >= racks_in(dc) {
                        mine.push(node);
                        out.push(node);
                    } else if seen.contains(rack) {
                        let s = skipped.entry(dc).or_default();
                        if !s.contains(&node) {
                            s.push(node);
                        }
                    } else {
                        seen.insert(rack);
                        mine.push(node);
                        out.push(node);
                        if seen.len() >= racks_in(dc) {
                            for s in skipped.remove(dc).unwrap_or_default() {
                                if mine.len() < rf {
                                    mine.push(s);
                                    out.push(s);
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    pub(crate) fn node(address: &str, dc: &str, rack: &str, tokens: &[i64]) -> RingNode {
        RingNode {
            address: address.into(),
            rpc_address: address.into(),
            data_center: dc.into(),
            rack: rack.into(),
            tokens: tokens.iter().map(i64::to_string).collect(),
        }
    }

    pub(crate) fn ring(nodes: Vec<RingNode>) -> Ring {
        Ring {
            partitioner: "org.apache.cassandra.dht.Murmur3Partitioner".into(),
            nodes,
        }
    }

    #[test]
    fn simple_replicas_walk_the_ring_from_the_owner() {
        let r = ring(vec![
            node("10.0.0.1", "dc1", "r1", &[-100, 300]),
            node("10.0.0.2", "dc1", "r1", &[0]),
            node("10.0.0.3", "dc1", "r1", &[200]),
        ]);
        let ranges = r.ranges(&Replication::Simple(2)).unwrap();
        let got: Vec<_> = ranges
            .iter()
            .map(|x| (x.start.as_str(), x.end.as_str(), x.replicas.clone()))
            .collect();
        assert_eq!(
            got,
            [
                ("300", "-100", vec![0, 1]),
                ("-100", "0", vec![1, 2]),
                ("0", "200", vec![2, 0]),
                ("200", "300", vec![0, 1]),
            ]
        );
        assert_eq!(r.ranges(&Replication::Owner).unwrap()[2].replicas, [2]);
        // More replicas than nodes: every node once.
        assert_eq!(
            r.ranges(&Replication::Simple(5)).unwrap()[0].replicas.len(),
            3
        );
    }

    #[test]
    fn topology_replicas_are_per_data_center_and_racks_first() {
        let r = ring(vec![
            node("a", "dc1", "r1", &[0]),
            node("b", "dc1", "r1", &[10]),
            node("c", "dc1", "r2", &[20]),
            node("d", "dc2", "r1", &[30]),
        ]);
        let dcs = Replication::Topology([("dc1".to_string(), 2), ("dc2".to_string(), 1)].into());
        let ranges = r.ranges(&dcs).unwrap();
        // Range ending at 0 (owner a, rack r1): b shares r1 and is skipped for c (r2).
        assert_eq!(ranges[0].replicas, [0, 2, 3]);
        // Range ending at 10 (owner b): c (r2) next, then d.
        assert_eq!(ranges[1].replicas, [1, 2, 3]);
    }

    #[test]
    fn system_table_values_decode() {
        let mut set = 2i32.to_be_bytes().to_vec();
        for t in ["-5", "17"] {
            set.extend((t.len() as i32).to_be_bytes());
            set.extend(t.as_bytes());
        }
        assert_eq!(text_set(&set).unwrap(), ["-5", "17"]);
        assert!(text_set(&set[..set.len() - 1]).is_err());
        let row = RawRow(vec![
            Some(vec![127, 0, 0, 2]),
            Some(vec![0, 0, 0, 0]),
            Some(b"dc1".to_vec()),
            None,
            Some(set),
        ]);
        let n = node_of(&row).unwrap();
        assert_eq!(n.address, "127.0.0.2");
        assert_eq!(
            n.rpc_address, "127.0.0.2",
            "the wildcard means the node's address"
        );
        assert_eq!(n.rack, "");
        assert_eq!(n.tokens, ["-5", "17"]);
    }
}
