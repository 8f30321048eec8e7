//! Key and token range scans in the cluster's partitioner order: which
//! keys a range holds, a batch at a time, by `token(key)` comparisons.
//!
//! A range becomes one or two pieces (a token range that wraps around the
//! ring is read from its start to the end of the ring, then from the
//! start of the ring to its end), each a lower and an upper bound. Keys are
//! found with `SELECT key ... WHERE token(key) > ...`, which is in 1.2's and
//! 3.x's CQL alike; it returns a row per cell, so the keys are collapsed
//! here (`SELECT DISTINCT key`, 2.0+, would send each key once). Only keys
//! with live data are found: a row whose cells are all deleted (a Thrift
//! "range ghost") is not returned through the gateway. The one walk
//! ([`keys_where`]) serves CQL3 tables too (their partition key columns,
//! joined into 1.2's composite key) and index queries (`index`: conditions
//! on columns, which the cluster filters).
//!
//! Token strings are the schema's partitioner's; the cluster must use the
//! same partitioner (the gateway's configuration names it). This module
//! must not read the rows themselves (`row` and `rows` do).

use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::session::statements::each_row_first;
use crate::gateway::session::tables::{lookup, table};
use crate::gateway::session::Inner;
use crate::gateway::table::cql3::Table3;
use crate::gateway::table::layout::Layout;
use crate::model::{Bytes, ReadCommand, RowRange};
use crate::partitioner::Token;
use crate::schema::{CfDef, Schema};
use std::sync::Arc;

/// Keys asked for at a time (each is then read with its own slice).
pub const KEYS_PER_BATCH: usize = 100;

/// The rows the first page of a key walk asks for per key wanted: the
/// query returns a row per cell, and a full page
/// ([`crate::gateway::session::statements::PAGE_ROWS`]) to find a few keys has the cluster
/// read and send up to a thousand rows, most of a short range scan's cost
/// to it; later pages are full.
const FIRST_PAGE_ROWS_PER_KEY: usize = 8;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lower {
    Open,
    /// `token(key) >= token(?)`.
    KeyIncluded(Bytes),
    /// `token(key) > ?` on a token.
    TokenExcluded(Bound),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Upper {
    Open,
    /// `token(key) <= token(?)`.
    KeyIncluded(Bytes),
    /// `token(key) <= ?` on a token.
    TokenIncluded(Bound),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub lower: Lower,
    pub upper: Upper,
}

/// The pieces of `range`, in ring order.
pub fn pieces(schema: &Schema, range: &RowRange) -> GatewayResult<Vec<Piece>> {
    match range {
        RowRange::Keys { start, end } => Ok(vec![Piece {
            lower: if start.is_empty() {
                Lower::Open
            } else {
                Lower::KeyIncluded(start.clone())
            },
            upper: if end.is_empty() {
                Upper::Open
            } else {
                Upper::KeyIncluded(end.clone())
            },
        }]),
        RowRange::Tokens { start, end } => {
            let p = &schema.partitioner;
            let parse = |s: &str| {
                p.token_from_string(s)
                    .map_err(|e| GatewayError::Invalid(e.to_string()))
            };
            let (start, end) = (parse(start)?, parse(end)?);
            let min = p.min_token();
            let lower = if start == min {
                Lower::Open
            } else {
                Lower::TokenExcluded(token_value(&start)?)
            };
            if end == min {
                return Ok(vec![Piece {
                    lower,
                    upper: Upper::Open,
                }]);
            }
            let upper = Upper::TokenIncluded(token_value(&end)?);
            if start < end {
                Ok(vec![Piece { lower, upper }])
            } else {
                // Wraps: to the end of the ring, then from its start.
                Ok(vec![
                    Piece {
                        lower,
                        upper: Upper::Open,
                    },
                    Piece {
                        lower: Lower::Open,
                        upper,
                    },
                ])
            }
        }
    }
}

/// A token as the value `token(key)` compares with.
fn token_value(t: &Token) -> GatewayResult<Bound> {
    Ok(match t {
        Token::Long(v) => Bound::Long(*v),
        Token::Big(v) => Bound::Bytes(varint(*v)),
        Token::Bytes(b) => Bound::Bytes(b.clone()),
        Token::Utf16(units) => Bound::Bytes(
            String::from_utf16(units)
                .map_err(|e| GatewayError::Invalid(format!("token is not text: {e}")))?
                .into_bytes(),
        ),
    })
}

/// A `varint`: the shortest big-endian two's complement form.
fn varint(v: i128) -> Vec<u8> {
    let bytes = v.to_be_bytes();
    let mut skip = 0;
    while skip < 15 {
        let (b, next) = (bytes[skip], bytes[skip + 1]);
        let redundant = (b == 0 && next & 0x80 == 0) || (b == 0xff && next & 0x80 != 0);
        if !redundant {
            break;
        }
        skip += 1;
    }
    bytes[skip..].to_vec()
}

/// A table as a key walk sees it: its name and its partition key, whose
/// values a Thrift key splits into and is joined from (one `key` column for
/// a Thrift CF, 1.2's composite of the partition key columns for a CQL3
/// table).
pub enum Target {
    Thrift(Arc<Layout>),
    Cql3(Table3),
}

impl Target {
    /// The CF `keyspace.cf` and its table, with the engine's refusals for
    /// an unknown one.
    pub fn of(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<(Arc<CfDef>, Target)> {
        if let Some(t) = lookup(inner, keyspace, cf)? {
            let def =
                inner.schema().cf(keyspace, cf).cloned().ok_or_else(|| {
                    GatewayError::Invalid(format!("unconfigured columnfamily {cf}"))
                })?;
            return Ok((def, Target::Cql3(t)));
        }
        let (def, layout) = table(inner, keyspace, cf)?;
        Ok((def, Target::Thrift(layout)))
    }

    pub fn table(&self) -> &str {
        match self {
            Target::Thrift(l) => &l.table,
            Target::Cql3(t) => &t.table,
        }
    }

    /// The partition key columns, quoted where they are named by CQL3.
    fn partition_key(&self) -> Vec<String> {
        match self {
            // A CQL3 compact table names its key column itself.
            Target::Thrift(l) => vec![l.key_column.clone()],
            Target::Cql3(t) => t.partition.iter().map(|c| c.quoted.clone()).collect(),
        }
    }

    fn split_key(&self, key: &[u8]) -> GatewayResult<Vec<Vec<u8>>> {
        match self {
            Target::Thrift(_) => Ok(vec![key.to_vec()]),
            Target::Cql3(t) => t.split_key(key),
        }
    }

    fn join_key(&self, parts: &[Vec<u8>]) -> GatewayResult<Vec<u8>> {
        match self {
            Target::Thrift(_) => Ok(parts[0].clone()),
            Target::Cql3(t) => t.join_key(parts),
        }
    }
}

/// Up to `limit` keys of the CF `cmd` reads in `piece`, after `after` (a
/// key found before).
pub async fn keys(
    inner: &Inner,
    cmd: &ReadCommand,
    piece: &Piece,
    after: Option<&[u8]>,
    limit: usize,
    cl: Consistency,
) -> GatewayResult<Vec<Bytes>> {
    let (_, target) = Target::of(inner, &cmd.keyspace, &cmd.cf)?;
    keys_where(inner, &target, &[], piece, after, limit, cl).await
}

/// A bound of a key walk: a key's token, or a token itself.
enum Edge<'a> {
    Key(&'a [u8]),
    Token(&'a Bound),
}

/// Up to `limit` keys of `target` in `piece`, after `after` (a key found
/// before), in the cluster's token order: of every partition, or of those
/// with a row meeting `filter` (conditions on columns, each with its value,
/// which the cluster checks: `ALLOW FILTERING`).
pub async fn keys_where(
    inner: &Inner,
    target: &Target,
    filter: &[(String, Bound)],
    piece: &Piece,
    after: Option<&[u8]>,
    limit: usize,
    cl: Consistency,
) -> GatewayResult<Vec<Bytes>> {
    if limit == 0 {
        return Ok(Vec::new());
    }
    let pk = target.partition_key();
    let token = format!("token({})", pk.join(", "));
    let of_key = format!("token({})", vec!["?"; pk.len()].join(", "));
    let mut conditions: Vec<String> = filter.iter().map(|(c, _)| c.clone()).collect();
    let mut values: Vec<Bound> = filter.iter().map(|(_, v)| v.clone()).collect();
    let lower = match (after, &piece.lower) {
        (Some(key), _) => Some((">", Edge::Key(key))),
        (None, Lower::Open) => None,
        (None, Lower::KeyIncluded(k)) => Some((">=", Edge::Key(k))),
        (None, Lower::TokenExcluded(t)) => Some((">", Edge::Token(t))),
    };
    let upper = match &piece.upper {
        Upper::Open => None,
        Upper::KeyIncluded(k) => Some(("<=", Edge::Key(k))),
        Upper::TokenIncluded(t) => Some(("<=", Edge::Token(t))),
    };
    for (op, edge) in [lower, upper].into_iter().flatten() {
        match edge {
            Edge::Key(key) => {
                values.extend(target.split_key(key)?.into_iter().map(Bound::Bytes));
                conditions.push(format!("{token} {op} {of_key}"));
            }
            Edge::Token(t) => {
                values.push(t.clone());
                conditions.push(format!("{token} {op} ?"));
            }
        }
    }
    let mut text = format!("SELECT {} FROM {}", pk.join(", "), target.table());
    if !conditions.is_empty() {
        text.push_str(" WHERE ");
        text.push_str(&conditions.join(" AND "));
    }
    if !filter.is_empty() {
        text.push_str(" ALLOW FILTERING");
    }
    let mut out: Vec<Bytes> = Vec::new();
    let first = i32::try_from(limit.saturating_mul(FIRST_PAGE_ROWS_PER_KEY)).unwrap_or(i32::MAX);
    each_row_first(inner, &text, values, cl, first, |mut row| {
        let mut parts = Vec::with_capacity(pk.len());
        for i in 0..pk.len() {
            parts.push(row.bytes(i).map_err(|e| {
                GatewayError::Internal(format!("unexpected result from the cluster: {e}"))
            })?);
        }
        let key = target.join_key(&parts)?;
        // A row per CQL row (a table without COMPACT STORAGE has several
        // per partition): a partition's come together.
        if out.last() != Some(&key) {
            out.push(key);
        }
        Ok(out.len() < limit)
    })
    .await?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_are_minimal_twos_complement() {
        assert_eq!(varint(0), [0]);
        assert_eq!(varint(127), [0x7f]);
        assert_eq!(varint(128), [0x00, 0x80]);
        assert_eq!(varint(-1), [0xff]);
        assert_eq!(varint(-129), [0xff, 0x7f]);
        assert_eq!(varint(i128::MAX).len(), 16);
    }

    #[test]
    fn a_wrapping_token_range_is_two_pieces() {
        let config = crate::config::Config::builtin();
        let schema = Schema::from_config(&config).unwrap();
        let min = schema
            .partitioner
            .token_to_string(&schema.partitioner.min_token());
        let whole = pieces(
            &schema,
            &RowRange::Tokens {
                start: min.clone(),
                end: min.clone(),
            },
        )
        .unwrap();
        assert_eq!(
            whole,
            [Piece {
                lower: Lower::Open,
                upper: Upper::Open
            }]
        );
        let p = &schema.partitioner;
        let a = p.token_to_string(&p.token(b"a"));
        let b = p.token_to_string(&p.token(b"b"));
        let (lo, hi) = if p.token(b"a") < p.token(b"b") {
            (a, b)
        } else {
            (b, a)
        };
        let straight = pieces(
            &schema,
            &RowRange::Tokens {
                start: lo.clone(),
                end: hi.clone(),
            },
        )
        .unwrap();
        assert_eq!(straight.len(), 1);
        let wrapped = pieces(&schema, &RowRange::Tokens { start: hi, end: lo }).unwrap();
        assert_eq!(wrapped.len(), 2);
        assert_eq!(wrapped[0].upper, Upper::Open);
        assert_eq!(wrapped[1].lower, Lower::Open);
    }
}
