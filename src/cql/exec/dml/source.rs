//! The engine-backed partition source a SELECT reads and a write reads its
//! lists through: paged key listing over token ranges, and candidate keys
//! from the engine's secondary indexes (KEYS or COMPOSITES). It must not
//! write.

use super::super::CqlBackend;
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::{self, IndexedEq, ListReader, Page, PartitionSource, TokenRange};
use crate::cql::table::{Layout, Table};
use crate::model::{
    Cell, IndexExpression, IndexOperator, IndexQuery, ReadCommand, RowRange, RowResult, Slice,
};
use crate::partitioner::{PartitionerRef, Token};
use std::cmp::Ordering;
use std::ops::Bound;

/// Reads cells of one table through the backend; its errors are returned
/// to the scan or the write that asked, which stops there.
pub(super) struct Source<'a> {
    pub(super) backend: &'a dyn CqlBackend,
    pub(super) keyspace: String,
    pub(super) cf: String,
    pub(super) partitioner: PartitionerRef,
    /// The table a SELECT reads (for its index lookups).
    pub(super) table: Option<Table>,
}

impl Source<'_> {
    fn cells(&self, key: &[u8], slice: Slice) -> CqlResult<Vec<Cell>> {
        let cmd = ReadCommand {
            keyspace: self.keyspace.clone(),
            cf: self.cf.clone(),
            super_column: None,
            slice,
        };
        match self.backend.read(&cmd, key)? {
            RowResult::Cells(c) => Ok(c),
            // Where a super CF is no table (1.2's CQL3), a read that met
            // its super columns failed on the server and the connection
            // was closed (1.2.9 recorded); an empty row read as one.
            RowResult::SuperColumns(s) if s.is_empty() => Ok(Vec::new()),
            RowResult::SuperColumns(_) => Err(CqlError::Failed(format!(
                "{} is a super column family, which CQL3 cannot read",
                self.cf
            ))),
        }
    }
}

impl Source<'_> {
    /// Lists keys only: the cheapest slice that still reports each row.
    fn key_listing(&self) -> ReadCommand {
        ReadCommand {
            keyspace: self.keyspace.clone(),
            cf: self.cf.clone(),
            super_column: None,
            slice: Slice::first(1),
        }
    }

    /// The engine's range that begins where `start` does, or as close
    /// before it as a range can say (the keys before it are skipped).
    fn first_range(&self, start: &Bound<Token>) -> RowRange {
        let p = &self.partitioner;
        let after = |t: &Token| RowRange::Tokens {
            start: p.token_to_string(t),
            end: p.token_to_string(&p.min_token()),
        };
        match start {
            Bound::Excluded(t) => after(t),
            Bound::Included(t) => match token_before(t) {
                Some(before) => after(&before),
                None => RowRange::Keys {
                    start: Vec::new(),
                    end: Vec::new(),
                },
            },
            Bound::Unbounded => RowRange::Keys {
                start: Vec::new(),
                end: Vec::new(),
            },
        }
    }
}

/// The token just before `t`, where tokens are integers (Murmur3,
/// Random); `None` at the minimum and for key-ordered tokens.
fn token_before(t: &Token) -> Option<Token> {
    match t {
        Token::Long(v) => v.checked_sub(1).map(Token::Long),
        Token::Big(v) if *v > -1 => Some(Token::Big(v - 1)),
        _ => None,
    }
}

impl PartitionSource for Source<'_> {
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>> {
        self.cells(row_key, slice.clone())
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        let all = Page {
            after: None,
            limit: usize::MAX,
        };
        self.scan_keys_page(&TokenRange { start, end }, all)
    }

    fn scan_keys_page(&self, bounds: &TokenRange, page: Page) -> CqlResult<Vec<Vec<u8>>> {
        let (after, limit) = (page.after, page.limit);
        let cmd = self.key_listing();
        let (mut range, mut skip) = match after {
            Some(k) => (
                RowRange::Keys {
                    start: k.to_vec(),
                    end: Vec::new(),
                },
                Some(k.to_vec()),
            ),
            None => (self.first_range(&bounds.start), None),
        };
        let mut out = Vec::new();
        loop {
            // A key range starts at (and so returns again) the last key seen.
            let want = (limit - out.len()).saturating_add(usize::from(skip.is_some()));
            let rows = self.backend.read_range(&cmd, &range, want)?;
            let full = rows.len() >= want;
            let Some(last) = rows.last().map(|(k, _)| k.clone()) else {
                return Ok(out);
            };
            for (k, _) in rows {
                if skip.as_ref() == Some(&k) {
                    continue;
                }
                match bounds.position(&self.partitioner.token(&k)) {
                    Ordering::Less => continue,
                    Ordering::Greater => return Ok(out),
                    Ordering::Equal => {
                        out.push(k);
                        if out.len() >= limit {
                            return Ok(out);
                        }
                    }
                }
            }
            if !full {
                return Ok(out);
            }
            range = RowRange::Keys {
                start: last.clone(),
                end: Vec::new(),
            };
            skip = Some(last);
        }
    }

    fn index_keys(&self, eq: &IndexedEq, page: Page) -> CqlResult<Option<Vec<Vec<u8>>>> {
        let Some(table) = self.table.as_ref() else {
            return Ok(None);
        };
        // The index's column: a composite name's last component in the
        // non-compact layout (COMPOSITES), the whole cell name otherwise (KEYS).
        let column = match table.layout {
            Layout::Sparse => eq.column.as_bytes().to_vec(),
            _ => match mapping::cell_name(table, &[], &eq.column, None) {
                Ok(name) => name,
                Err(_) => return Ok(None),
            },
        };
        let query = IndexQuery {
            expressions: vec![IndexExpression {
                column,
                op: IndexOperator::Eq,
                value: eq.value.clone(),
            }],
            // Inclusive: the key `after` comes back first if still listed.
            start_key: page.after.unwrap_or_default().to_vec(),
            count: page.limit.saturating_add(usize::from(page.after.is_some())),
        };
        let keys = self
            .backend
            .index_candidates(&self.keyspace, &self.cf, &query)?;
        Ok(keys.map(|keys| {
            keys.into_iter()
                .filter(|k| Some(k.as_slice()) != page.after)
                .take(page.limit)
                .collect()
        }))
    }
}

impl ListReader for Source<'_> {
    fn list_cells(
        &self,
        table: &Table,
        row_key: &[u8],
        start: &[u8],
        end: &[u8],
    ) -> CqlResult<Vec<Cell>> {
        let cmd = ReadCommand {
            keyspace: table.keyspace.clone(),
            cf: table.name.clone(),
            super_column: None,
            slice: Slice::Range {
                start: start.to_vec(),
                finish: end.to_vec(),
                reversed: false,
                count: usize::MAX,
            },
        };
        match self.backend.read(&cmd, row_key)? {
            RowResult::Cells(c) => Ok(c),
            RowResult::SuperColumns(_) => Ok(Vec::new()),
        }
    }
}
