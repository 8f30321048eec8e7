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
//! "range ghost") is not returned through the gateway.
//!
//! Token strings are the schema's partitioner's; the cluster must use the
//! same partitioner (the gateway's configuration names it). This module
//! must not read the rows themselves (`reads` does).

use super::reads::table;
use super::statements::each_row;
use super::values::Bound;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::partitioner::Token;
use crate::schema::Schema;
use crate::storage::model::{Bytes, ReadCommand, RowRange};

/// Keys asked for at a time (each is then read with its own slice).
pub const KEYS_PER_BATCH: usize = 100;

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

/// Up to `limit` keys of `piece` after `after` (a key found before).
pub async fn keys(
    inner: &Inner,
    cmd: &ReadCommand,
    piece: &Piece,
    after: Option<&[u8]>,
    limit: usize,
    cl: Consistency,
) -> GatewayResult<Vec<Bytes>> {
    if let Some(t) = super::cql3::lookup(inner, &cmd.keyspace, &cmd.cf)? {
        return super::cql3_reads::keys(inner, &t, piece, after, limit, cl).await;
    }
    let (_, layout) = table(inner, &cmd.keyspace, &cmd.cf)?;
    let mut conditions = Vec::new();
    let mut values = Vec::new();
    match (after, &piece.lower) {
        (Some(key), _) => {
            conditions.push("token(key) > token(?)");
            values.push(Bound::Bytes(key.to_vec()));
        }
        (None, Lower::Open) => {}
        (None, Lower::KeyIncluded(k)) => {
            conditions.push("token(key) >= token(?)");
            values.push(Bound::Bytes(k.clone()));
        }
        (None, Lower::TokenExcluded(t)) => {
            conditions.push("token(key) > ?");
            values.push(t.clone());
        }
    }
    match &piece.upper {
        Upper::Open => {}
        Upper::KeyIncluded(k) => {
            conditions.push("token(key) <= token(?)");
            values.push(Bound::Bytes(k.clone()));
        }
        Upper::TokenIncluded(t) => {
            conditions.push("token(key) <= ?");
            values.push(t.clone());
        }
    }
    // A CQL3 compact table names its key column itself.
    let k = &layout.key_column;
    let mut text = format!("SELECT {k} FROM {}", layout.table);
    if !conditions.is_empty() {
        text.push_str(" WHERE ");
        text.push_str(
            &conditions
                .join(" AND ")
                .replace("token(key)", &format!("token({k})")),
        );
    }
    let mut out: Vec<Bytes> = Vec::new();
    each_row(inner, &text, values, cl, |mut row| {
        let key = row.bytes(0).map_err(|e| {
            GatewayError::Internal(format!("unexpected result from the cluster: {e}"))
        })?;
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
