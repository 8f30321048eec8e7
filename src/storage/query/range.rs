//! Range reads: turning a `RowRange` into decorated-key bounds and
//! collecting the first row keys of each store inside them, in ring order.
//!
//! A token range `(start, end]` whose start is not before its end wraps
//! around the ring, as Cassandra's `Range` did from 0.6 to 2.x: it is read
//! as `(start, end of ring]` then `(minimum, end]`, so `(t, t]` is the whole
//! ring beginning after `t`. This is the one place that splits such ranges
//! (both Thrift generations and CQL read through it).
//!
//! It must not read row contents.

use super::{RowHandle, RowStore};
use crate::model::RowRange;
use crate::partitioner::{DecoratedKey, Token};
use crate::schema::Schema;
use crate::storage::StorageError;
use std::collections::BTreeMap;
use std::ops::Bound;

/// A `RowRange` as decorated-key bounds.
pub(crate) struct KeyBounds {
    from: Bound<DecoratedKey>,
    /// Token ranges exclude their start token.
    skip_token: Option<Token>,
    to: Bound<DecoratedKey>,
    to_token: Option<Token>,
}

impl KeyBounds {
    /// Narrows the bounds to what comes after `key` (the next page of a
    /// scan that read up to it).
    pub fn after(&mut self, key: DecoratedKey) {
        self.from = Bound::Excluded(key);
    }

    /// The non-wrapping pieces of `range`, in the order a scan reads them.
    pub fn pieces(schema: &Schema, range: &RowRange) -> Result<Vec<KeyBounds>, StorageError> {
        let RowRange::Tokens { start, end } = range else {
            return Ok(vec![KeyBounds::new(schema, range)?]);
        };
        let p = &schema.partitioner;
        let parse = |t: &str| {
            p.token_from_string(t)
                .map_err(|e| StorageError::Invalid(e.to_string()))
        };
        let (s, e) = (parse(start)?, parse(end)?);
        let min = p.min_token();
        if e == min || s < e {
            return Ok(vec![KeyBounds::new(schema, range)?]);
        }
        let min_text = p.token_to_string(&min);
        let before_min = RowRange::Tokens {
            start: start.clone(),
            end: min_text.clone(),
        };
        let after_min = RowRange::Tokens {
            start: min_text,
            end: end.clone(),
        };
        Ok(vec![
            KeyBounds::new(schema, &before_min)?,
            KeyBounds::new(schema, &after_min)?,
        ])
    }

    /// Bounds of a range that does not wrap (a wrapping token range here
    /// covers nothing; see [`KeyBounds::pieces`]).
    pub fn new(schema: &Schema, range: &RowRange) -> Result<KeyBounds, StorageError> {
        let p = &schema.partitioner;
        match range {
            RowRange::Keys { start, end } => Ok(KeyBounds {
                from: if start.is_empty() {
                    Bound::Unbounded
                } else {
                    Bound::Included(p.decorate(start))
                },
                skip_token: None,
                to: if end.is_empty() {
                    Bound::Unbounded
                } else {
                    Bound::Included(p.decorate(end))
                },
                to_token: None,
            }),
            RowRange::Tokens { start, end } => {
                let parse = |t: &str| {
                    p.token_from_string(t)
                        .map_err(|e| StorageError::Invalid(e.to_string()))
                };
                let start = parse(start)?;
                let end = parse(end)?;
                let to_token = if end == p.min_token() {
                    None
                } else {
                    Some(end)
                };
                Ok(KeyBounds {
                    from: Bound::Included(DecoratedKey {
                        token: start.clone(),
                        key: Vec::new(),
                    }),
                    skip_token: Some(start),
                    to: Bound::Unbounded,
                    to_token,
                })
            }
        }
    }

    fn past_end(&self, k: &DecoratedKey) -> bool {
        let by_key = match &self.to {
            Bound::Included(e) => k > e,
            Bound::Excluded(e) => k >= e,
            Bound::Unbounded => false,
        };
        by_key || self.to_token.as_ref().is_some_and(|t| &k.token > t)
    }

    fn skipped(&self, k: &DecoratedKey) -> bool {
        self.skip_token.as_ref().is_some_and(|t| &k.token == t)
    }
}

/// The first rows of one store inside a range, opened by the scan.
pub(crate) struct ScannedRows<'a> {
    pub rows: BTreeMap<DecoratedKey, Box<dyn RowHandle + 'a>>,
    /// `rows` holds every row of the store up to this key (None: in the
    /// whole range); beyond it the store was not looked at.
    pub complete_until: Option<DecoratedKey>,
}

impl<'a> ScannedRows<'a> {
    /// The handle of `key` in this store: from the scan, or opened now when
    /// the scan stopped before it.
    pub fn take(
        &mut self,
        store: &'a dyn RowStore,
        key: &DecoratedKey,
    ) -> Result<Option<Box<dyn RowHandle + 'a>>, StorageError> {
        if let Some(h) = self.rows.remove(key) {
            return Ok(Some(h));
        }
        match &self.complete_until {
            Some(last) if key > last => store.open_row(key),
            _ => Ok(None),
        }
    }
}

/// Scans the first `max_rows` rows of one store within the bounds.
pub(crate) fn scan_rows<'a>(
    store: &'a dyn RowStore,
    b: &KeyBounds,
    max_rows: usize,
) -> Result<ScannedRows<'a>, StorageError> {
    let want = max_rows.clamp(1, 1024);
    let mut from = b.from.clone();
    let mut out = ScannedRows {
        rows: BTreeMap::new(),
        complete_until: None,
    };
    if max_rows == 0 {
        return Ok(out);
    }
    loop {
        let batch = store.rows_from(&from, want)?;
        let n = batch.len();
        let Some(last) = batch.last().map(|(k, _)| k.clone()) else {
            return Ok(out);
        };
        for (k, h) in batch {
            if b.past_end(&k) {
                return Ok(out);
            }
            if !b.skipped(&k) {
                out.rows.insert(k.clone(), h);
                if out.rows.len() >= max_rows {
                    out.complete_until = Some(k);
                    return Ok(out);
                }
            }
        }
        if n < want {
            return Ok(out);
        }
        from = Bound::Excluded(last);
    }
}
