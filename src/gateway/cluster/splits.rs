//! A token range's splits for `describe_splits(_ex)` and 0.6's
//! `describe_splits`, from the cluster behind the gateway.
//!
//! Splits are estimated from the cluster where it keeps estimates
//! (`system.size_estimates`, 2.1.5+: each node's estimates of its own
//! primary ranges, so the answering node's density is taken for the whole
//! range, and the range is cut into even token pieces); where it keeps none
//! (an older cluster, a supercolumn backend, a table not yet estimated),
//! the range's keys are walked in token order and every `keys_per_split`th
//! key's token ends a split, up to [`MAX_WALKED_KEYS`] keys (the rest of
//! the range is then one more split). [`Splits::source`] says which.
//! Token pieces are computed in integers: a float cannot tell tokens a few
//! units apart in the middle of a 2^64 ring. This module must not write.

use super::ring::{text, Ring};
use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::read::scan;
use crate::gateway::session::statements::run;
use crate::gateway::session::Inner;
use crate::model::{ReadCommand, RowRange, Slice};
use crate::partitioner::Token;

/// Keys a split walk reads at most before it gives up exact splits.
pub const MAX_WALKED_KEYS: usize = 100_000;

/// Where a split estimate came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SplitSource {
    /// `system.size_estimates`, cut into even token pieces.
    SizeEstimates,
    /// The range's keys walked in token order.
    KeyWalk,
}

/// A range's splits: (start token, end token, estimated rows) each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Splits {
    pub splits: Vec<(String, String, i64)>,
    pub source: SplitSource,
}

/// The splits of `(start, end]` of one table, about `keys_per_split` rows
/// each.
pub async fn splits(
    inner: &Inner,
    keyspace: &str,
    cf: &str,
    start: &str,
    end: &str,
    keys_per_split: usize,
    cl: Consistency,
) -> GatewayResult<Splits> {
    let p = inner.schema().partitioner.clone();
    let parse = |s: &str| {
        p.token_from_string(s)
            .map_err(|e| GatewayError::Invalid(e.to_string()))
    };
    let (lo, hi) = (parse(start)?, parse(end)?);
    let keys_per_split = keys_per_split.max(1);
    if let Some(rows) = estimate(inner, keyspace, cf, &lo, &hi, cl).await? {
        let pieces = rows.div_ceil(keys_per_split as u64).max(1);
        let bounds = even(&lo, &hi, pieces, &p.min_token());
        let per = i64::try_from(rows / (bounds.len() - 1).max(1) as u64).unwrap_or(i64::MAX);
        let mut splits = Vec::new();
        for pair in bounds.windows(2) {
            splits.push((
                p.token_to_string(&pair[0]),
                p.token_to_string(&pair[1]),
                per,
            ));
        }
        return Ok(Splits {
            splits,
            source: SplitSource::SizeEstimates,
        });
    }
    // The keys of the range in token order: every keys_per_split-th ends a split.
    let cmd = ReadCommand {
        keyspace: keyspace.to_string(),
        cf: cf.to_string(),
        super_column: None,
        slice: Slice::Names(Vec::new()),
    };
    let range = RowRange::Tokens {
        start: start.to_string(),
        end: end.to_string(),
    };
    let mut splits = Vec::new();
    let mut from = start.to_string();
    let mut in_split = 0usize;
    let mut walked = 0usize;
    'pieces: for piece in scan::pieces(&inner.schema(), &range)? {
        let mut after: Option<Vec<u8>> = None;
        loop {
            let keys = scan::keys(
                inner,
                &cmd,
                &piece,
                after.as_deref(),
                scan::KEYS_PER_BATCH,
                cl,
            )
            .await?;
            let done = keys.len() < scan::KEYS_PER_BATCH;
            for key in keys {
                walked += 1;
                in_split += 1;
                if in_split >= keys_per_split {
                    let to = p.token_to_string(&p.token(&key));
                    if to != from {
                        splits.push((from, to.clone(), in_split as i64));
                        from = to;
                        in_split = 0;
                    }
                }
                after = Some(key);
                if walked >= MAX_WALKED_KEYS {
                    in_split = keys_per_split;
                    break 'pieces;
                }
            }
            if done {
                break;
            }
        }
    }
    if in_split > 0 || splits.is_empty() || from != end {
        splits.push((from, end.to_string(), in_split as i64));
    }
    Ok(Splits {
        splits,
        source: SplitSource::KeyWalk,
    })
}

/// Rows `(lo, hi]` holds by the answering node's `system.size_estimates`
/// (its density over the ranges it estimates, for numeric tokens); `None`
/// where the cluster keeps no estimates of the table.
async fn estimate(
    inner: &Inner,
    keyspace: &str,
    cf: &str,
    lo: &Token,
    hi: &Token,
    cl: Consistency,
) -> GatewayResult<Option<u64>> {
    let rows = match run(
        inner,
        "SELECT range_start, range_end, partitions_count FROM system.size_estimates \
         WHERE keyspace_name = ? AND table_name = ?",
        &[
            Bound::Bytes(keyspace.as_bytes().to_vec()),
            Bound::Bytes(cf.as_bytes().to_vec()),
        ],
        cl,
    )
    .await
    {
        Ok(rows) => rows,
        // No such table (before 2.1.5, or a supercolumn backend).
        Err(GatewayError::Invalid(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let p = inner.schema().partitioner.clone();
    let (mut width, mut count) = (0u128, 0u64);
    for row in &rows {
        let (Ok(s), Ok(e)) = (text(row, 0), text(row, 1)) else {
            continue;
        };
        let (Ok(s), Ok(e)) = (p.token_from_string(&s), p.token_from_string(&e)) else {
            continue;
        };
        count += row.long(2).ok().flatten().unwrap_or(0).max(0) as u64;
        width = width.saturating_add(span(&s, &e, &p.min_token()).unwrap_or(0));
    }
    if rows.is_empty() {
        return Ok(None);
    }
    match (span(lo, hi, &p.min_token()), width > 0) {
        (Some(asked), true) => Ok(Some(
            (count as f64 * asked as f64 / width as f64).ceil() as u64
        )),
        _ => Ok(Some(count)),
    }
}

/// A numeric token as a point on the ring, from 0 (the minimum) up.
fn position(t: &Token) -> Option<u128> {
    match t {
        Token::Long(v) => Some((i128::from(*v) - i128::from(i64::MIN)) as u128),
        Token::Big(v) => Some((*v).max(0) as u128),
        _ => None,
    }
}

/// The ring's whole width for a numeric partitioner's tokens.
fn ring_width(t: &Token) -> Option<u128> {
    match t {
        Token::Long(_) => Some(1 << 64),
        Token::Big(_) => Some(1 << 127),
        _ => None,
    }
}

/// How much of the ring `(lo, hi]` covers (wrapping; the minimum token as
/// an end means the whole ring after `lo`). Integer arithmetic: a float
/// cannot tell tokens 25 apart near the middle of a 2^64 ring.
fn span(lo: &Token, hi: &Token, min: &Token) -> Option<u128> {
    let (a, b, w) = (position(lo)?, position(hi)?, ring_width(lo)?);
    if hi == min || lo == hi {
        return Some(if lo == hi { w } else { w - a });
    }
    Some(if b > a { b - a } else { w - a + b })
}

/// `pieces` even token pieces of `(lo, hi]`: their bounds, `lo` first and
/// `hi` last; ordered tokens have no arithmetic, so they stay one piece.
fn even(lo: &Token, hi: &Token, pieces: u64, min: &Token) -> Vec<Token> {
    let (Some(width), Some(a), Some(ring)) = (span(lo, hi, min), position(lo), ring_width(lo))
    else {
        return vec![lo.clone(), hi.clone()];
    };
    let pieces = u128::from(pieces.clamp(1, 1 << 16));
    let mut out = vec![lo.clone()];
    for i in 1..pieces {
        // width * i / pieces without overflowing (width <= 2^127).
        let step = width / pieces * i + width % pieces * i / pieces;
        let at = (a + step) % ring;
        let t = match lo {
            Token::Long(_) => Token::Long((at as i128 + i128::from(i64::MIN)) as i64),
            _ => Token::Big(at as i128),
        };
        if out.last() != Some(&t) && &t != hi {
            out.push(t);
        }
    }
    out.push(hi.clone());
    out
}

/// 0.6's splits (no table): the cluster's tokens inside `(start, end]`,
/// so each split lies on one node's range.
pub fn ring_splits(ring: &Ring, start: &str, end: &str) -> GatewayResult<Vec<String>> {
    let p = ring.partitioner()?;
    let parse = |s: &str| {
        p.token_from_string(s)
            .map_err(|e| GatewayError::Invalid(e.to_string()))
    };
    let (lo, hi, min) = (parse(start)?, parse(end)?, p.min_token());
    let inside = |t: &Token| {
        if lo < hi && hi != min {
            *t > lo && *t < hi
        } else {
            // Wraps (or the whole ring).
            *t > lo || (*t < hi && hi != min)
        }
    };
    let mut out = vec![start.to_string()];
    let tokens = ring.tokens()?;
    let first_after = tokens.iter().position(|(t, _, _)| *t > lo).unwrap_or(0);
    let n = tokens.len();
    for j in 0..n {
        let (t, s, _) = &tokens[(first_after + j) % n];
        if inside(t) && t != &lo && Some(s) != out.last() {
            out.push(s.clone());
        }
    }
    if out.last().map(String::as_str) != Some(end) {
        out.push(end.to_string());
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::cluster::ring::tests::{node, ring};

    #[test]
    fn even_pieces_cover_the_range_and_wrap() {
        let min = Token::Long(i64::MIN);
        let cut = even(&Token::Long(0), &Token::Long(100), 4, &min);
        assert_eq!(cut, [0, 25, 50, 75, 100].map(Token::Long).to_vec());
        let whole = even(&min, &min, 2, &min);
        assert_eq!(whole, [min.clone(), Token::Long(0), min.clone()]);
        let ordered = even(
            &Token::Bytes(b"a".to_vec()),
            &Token::Bytes(b"b".to_vec()),
            9,
            &min,
        );
        assert_eq!(ordered.len(), 2);
    }

    #[test]
    fn old_api_splits_follow_the_cluster_tokens() {
        let r = ring(vec![
            node("a", "dc1", "r1", &[-100, 300]),
            node("b", "dc1", "r1", &[0]),
        ]);
        assert_eq!(
            ring_splits(&r, "-200", "100").unwrap(),
            ["-200", "-100", "0", "100"]
        );
        assert_eq!(
            ring_splits(&r, "0", "0").unwrap(),
            ["0", "300", "-100", "0"]
        );
    }
}
