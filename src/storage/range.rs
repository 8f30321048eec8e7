//! Range reads: turning a `RowRange` into decorated-key bounds and
//! collecting the first row keys of each store inside them, in ring order.
//!
//! It must not read row contents.

use super::model::RowRange;
use super::query::RowStore;
use super::StorageError;
use crate::partitioner::{DecoratedKey, Token};
use crate::schema::Schema;
use std::collections::BTreeSet;
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

/// Adds the first `max_rows` keys of one store within the bounds.
pub(crate) fn collect_keys(
    store: &dyn RowStore,
    b: &KeyBounds,
    max_rows: usize,
    out: &mut BTreeSet<DecoratedKey>,
) -> Result<(), StorageError> {
    let want = max_rows.clamp(1, 1024);
    let mut from = b.from.clone();
    let mut found = 0usize;
    loop {
        let ks = store.keys_from(&from, want)?;
        let n = ks.len();
        let Some(last) = ks.last().cloned() else {
            return Ok(());
        };
        for k in ks {
            if b.past_end(&k) {
                return Ok(());
            }
            if !b.skipped(&k) {
                out.insert(k);
                found += 1;
                if found >= max_rows {
                    return Ok(());
                }
            }
        }
        if n < want {
            return Ok(());
        }
        from = Bound::Excluded(last);
    }
}
