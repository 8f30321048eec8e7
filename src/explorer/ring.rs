//! The spread of one column family over a hypothetical ring: N nodes with
//! evenly spaced tokens for a chosen partitioner (Murmur3, Random or
//! ByteOrdered, tokens computed by `crate::partitioner`), replication
//! factor R placed as SimpleStrategy does (the primary node, the one whose
//! range holds the token, then the next R-1 nodes clockwise).
//!
//! Owns token spacing, ownership and the skew figure; per-node primary
//! totals always add up to the column family's totals. Cost: one scan of
//! the column family (see `stats`), each key hashed once.

use super::catalog::cf_def;
use super::error::{ExplorerError, ExplorerResult};
use super::render::text;
use super::stats::scan;
use crate::node::Node;
use crate::partitioner::{
    ByteOrderedPartitioner, Murmur3Partitioner, Partitioner, RandomPartitioner, Token,
};
use serde_json::{json, Value};

pub const MAX_NODES: usize = 64;
/// Partitions listed as hot at most.
const HOT: usize = 10;
/// A ring is skewed when its most loaded node holds more than this many
/// times the mean.
const SKEWED: f64 = 1.5;
/// A partition is hot when its node holds more than the mean and either the
/// ring is skewed (it is among that node's biggest) or it holds at least
/// this share of its node's data.
const HOT_SHARE: f64 = 0.10;

/// What a ring request asked for.
pub struct RingQuery {
    pub nodes: usize,
    pub rf: usize,
    /// `murmur3`, `random` or `byteordered`; `None`: the node's partitioner
    /// when it is one of those, else murmur3.
    pub partitioner: Option<String>,
    pub max_partitions: u64,
}

/// The partitioner named by the request.
fn partitioner(name: &str) -> ExplorerResult<Box<dyn Partitioner>> {
    Ok(match name.to_ascii_lowercase().as_str() {
        "murmur3" | "murmur3partitioner" => Box::new(Murmur3Partitioner),
        "random" | "randompartitioner" => Box::new(RandomPartitioner),
        "byteordered" | "byteorderedpartitioner" => Box::new(ByteOrderedPartitioner),
        other => {
            return Err(ExplorerError::BadRequest(format!(
                "unknown partitioner '{other}' (murmur3, random or byteordered)"
            )))
        }
    })
}

/// The short name of the node's partitioner when the ring can model it.
fn default_partitioner(node: &Node) -> &'static str {
    let class = node.schema().partitioner.class_name();
    if class.ends_with("RandomPartitioner") {
        "random"
    } else if class.ends_with("ByteOrderedPartitioner") {
        "byteordered"
    } else {
        "murmur3"
    }
}

/// `n` evenly spaced tokens, ascending (the last is the partitioner's
/// largest); node `i` owns (t[i-1], t[i]] and
/// node 0 also everything after the last token (the ring wraps).
pub fn tokens(p: &dyn Partitioner, n: usize) -> Vec<Token> {
    let n128 = n as i128;
    (1..=n128)
        .map(|i| match p.min_token() {
            Token::Long(_) => {
                let span: i128 = 1 << 64;
                Token::Long((i64::MIN as i128 + i * span / n128 - 1) as i64)
            }
            Token::Big(_) => {
                // [0, 2^127 - 1]: computed unsigned, as 2^127 is not an i128.
                let (span, n) = (1u128 << 127, n128 as u128);
                let i = i as u128;
                let t = i * (span / n) - 1 + if i == n { span % n } else { 0 };
                Token::Big(t as i128)
            }
            _ => {
                let v = (i * 65_536 / n128 - 1) as u16;
                Token::Bytes(v.to_be_bytes().to_vec())
            }
        })
        .collect()
}

/// The node whose range holds `t`.
pub fn owner(ring: &[Token], t: &Token) -> usize {
    ring.partition_point(|r| r < t) % ring.len()
}

/// `GET .../ring`.
pub fn ring(node: &Node, ks: &str, cf: &str, q: &RingQuery) -> ExplorerResult<Value> {
    if !(1..=MAX_NODES).contains(&q.nodes) {
        return Err(ExplorerError::BadRequest(format!(
            "nodes must be from 1 to {MAX_NODES}"
        )));
    }
    if !(1..=q.nodes).contains(&q.rf) {
        return Err(ExplorerError::BadRequest(
            "rf must be from 1 to the number of nodes".to_string(),
        ));
    }
    let schema = node.schema();
    let def = cf_def(&schema, ks, cf)?;
    let key_type = super::catalog::key_type(node, &def);
    let name = q
        .partitioner
        .clone()
        .unwrap_or_else(|| default_partitioner(node).to_string());
    let p = partitioner(&name)?;
    let ring = tokens(p.as_ref(), q.nodes);
    let n = q.nodes;
    let mut primary_parts = vec![0u64; n];
    let mut primary_bytes = vec![0u64; n];
    let mut replica_bytes = vec![0u64; n];
    // The biggest partitions per node, to name the hot ones.
    let mut biggest: Vec<Vec<(u64, Vec<u8>)>> = vec![Vec::new(); n];
    let mut partial = 0u64;
    let complete = scan(node, ks, cf, q.max_partitions, &mut |s| {
        partial += u64::from(s.partial);
        let home = owner(&ring, &p.token(&s.key));
        primary_parts[home] += 1;
        primary_bytes[home] += s.bytes;
        for r in 0..q.rf {
            replica_bytes[(home + r) % n] += s.bytes;
        }
        let top = &mut biggest[home];
        let pos = top
            .iter()
            .position(|(b, _)| s.bytes > *b)
            .unwrap_or(top.len());
        if pos < HOT {
            top.insert(pos, (s.bytes, s.key.clone()));
            top.truncate(HOT);
        }
    })?;
    let total: u64 = primary_bytes.iter().sum();
    let mean = total as f64 / n as f64;
    let max = primary_bytes.iter().copied().max().unwrap_or(0) as f64;
    let skew = if total == 0 { 1.0 } else { max / mean };
    let skewed = skew > SKEWED;
    let mut hot: Vec<(u64, usize, Vec<u8>)> = Vec::new();
    for (i, top) in biggest.iter().enumerate() {
        if (primary_bytes[i] as f64) <= mean || n == 1 {
            continue;
        }
        for (b, k) in top {
            // On a skewed ring the biggest partitions of the overloaded
            // nodes are what to move; otherwise only a partition that is a
            // large share of its node's load on its own.
            if skewed || *b as f64 >= HOT_SHARE * primary_bytes[i] as f64 {
                hot.push((*b, i, k.clone()));
            }
        }
    }
    hot.sort_by_key(|h| std::cmp::Reverse(h.0));
    hot.truncate(HOT);
    let nodes: Vec<Value> = (0..n)
        .map(|i| {
            let start = &ring[(i + n - 1) % n];
            json!({
                "index": i,
                "start_token": p.token_to_string(start),
                "end_token": p.token_to_string(&ring[i]),
                "primary_partitions": primary_parts[i],
                "primary_bytes": primary_bytes[i],
                "replica_bytes": replica_bytes[i],
            })
        })
        .collect();
    Ok(json!({
        "partitioner": name.to_ascii_lowercase(),
        "rf": q.rf,
        "nodes": nodes,
        "total_partitions": primary_parts.iter().sum::<u64>(),
        "total_bytes": total,
        "skew": skew,
        "skewed": skewed,
        "complete": complete,
        "partial_partitions": partial,
        "source": super::cells::source(node),
        "hot": hot.iter().map(|(b, i, k)| json!({
            "key": text(key_type.as_ref(), k),
            "key_hex": crate::marshal::bytes_to_hex(k),
            "bytes": b,
            "node": i,
        })).collect::<Vec<_>>(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_evenly_spaced_and_cover_the_ring() {
        let m = tokens(&Murmur3Partitioner, 4);
        assert_eq!(m[3], Token::Long(i64::MAX));
        assert_eq!(m[0], Token::Long(i64::MIN / 2 - 1));
        let r = tokens(&RandomPartitioner, 3);
        assert_eq!(r[2], Token::Big(i128::MAX));
        assert!(matches!(r[0], Token::Big(t) if t > 0 && t < i128::MAX / 2));
        let b = tokens(&ByteOrderedPartitioner, 2);
        assert_eq!(
            b,
            vec![
                Token::Bytes(vec![0x7f, 0xff]),
                Token::Bytes(vec![0xff, 0xff])
            ]
        );
        // After the last token the ring wraps to node 0.
        assert_eq!(owner(&b, &Token::Bytes(vec![0xff, 0xff, 0x00])), 0);
        assert_eq!(owner(&b, &Token::Bytes(vec![0x80])), 1);
        assert_eq!(owner(&m, &Token::Long(i64::MIN)), 0);
        assert_eq!(owner(&m, &Token::Long(0)), 2);
    }
}
