//! Running a planned SELECT over a [`PartitionSource`]: which partitions
//! are read, in what order and how many are listed at a time; then rows,
//! filters, the ORDER BY merge of IN queries, LIMIT and COUNT.
//!
//! Owns the key streams — the keys a statement names, pages of a token
//! range, or pages of candidates from the most selective indexed EQ (as
//! 1.2.9 answered from its index) — so that listing and reading stop as
//! soon as LIMIT rows are found. Index candidates may be stale: every row
//! is checked against every restriction. It must not know how the source
//! stores cells or keeps its indexes.
//!
//! A source's read or listing can fail (the backend's error): the scan
//! stops at the first failure and returns it, reading nothing further.

use super::super::names::static_slice;
use super::super::read::{rows_from_cells, CqlRow};
use super::super::result::ResultSet;
use super::paging::{
    comes_after, output_order, position_after, resumed_slices, PagePosition, Paging,
};
use super::row_filter::passes;
use super::selection::values::{aggregated, eval_selector};
use super::selection::Selectors;
use super::{IndexedEq, Partitions, SelectPlan};
use crate::cql::error::CqlResult;
use crate::cql::table::Layout;
use crate::model::{Cell, Slice};
use crate::partitioner::{Partitioner, Token};
use std::cmp::Ordering;
use std::collections::VecDeque;
use std::ops::Bound;

/// Where the cells come from (the engine, or a test store). Every call
/// may fail with the source's error, which ends the scan.
pub trait PartitionSource {
    /// Live cells of one partition within `slice`, in the slice's
    /// traversal order (backwards when reversed).
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>>;

    /// Row keys whose token is within the bounds, in ring (token) order.
    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>>;

    /// Up to `page.limit` row keys of `range` in ring order, strictly
    /// after `page.after` (a key this method returned) or from the start.
    /// Fewer than the limit means the range is exhausted.
    ///
    /// The default lists the whole range on every call, which only suits
    /// small sources over one snapshot (where `after` is always found).
    fn scan_keys_page(&self, range: &TokenRange, page: Page) -> CqlResult<Vec<Vec<u8>>> {
        let keys = self.scan_keys(range.start.clone(), range.end.clone())?;
        let from = match page.after {
            None => 0,
            Some(a) => match keys.iter().position(|k| k == a) {
                Some(i) => i + 1,
                None => keys.len(),
            },
        };
        Ok(keys.into_iter().skip(from).take(page.limit).collect())
    }

    /// Up to `page.limit` distinct partitions that may hold `eq.value` in
    /// the indexed column `eq.column`, in ring order, strictly after
    /// `page.after`; fewer than the limit means there are no more. Entries
    /// may be stale (callers check every row). `None` when the source
    /// keeps no index for the column, and the caller scans instead.
    fn index_keys(&self, eq: &IndexedEq, page: Page) -> CqlResult<Option<Vec<Vec<u8>>>> {
        let _ = (eq, page);
        Ok(None)
    }
}

/// A stretch of the ring, as a SELECT's token restrictions bound it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TokenRange {
    pub start: Bound<Token>,
    pub end: Bound<Token>,
}

impl TokenRange {
    pub const ALL: TokenRange = TokenRange {
        start: Bound::Unbounded,
        end: Bound::Unbounded,
    };

    /// Where `t` lies: `Less` before the start, `Greater` past the end,
    /// `Equal` inside.
    pub fn position(&self, t: &Token) -> Ordering {
        let after_start = match &self.start {
            Bound::Unbounded => true,
            Bound::Included(s) => t >= s,
            Bound::Excluded(s) => t > s,
        };
        if !after_start {
            return Ordering::Less;
        }
        let before_end = match &self.end {
            Bound::Unbounded => true,
            Bound::Included(e) => t <= e,
            Bound::Excluded(e) => t < e,
        };
        if before_end {
            Ordering::Equal
        } else {
            Ordering::Greater
        }
    }
}

/// One call's worth of a key listing: keys strictly after `after` (from
/// the start when `None`), at most `limit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page<'a> {
    pub after: Option<&'a [u8]>,
    pub limit: usize,
}

/// Keys listed per call at least (so a filter that rejects most rows
/// does not make one call per key) and at most (so a COUNT does not
/// hold the whole table's keys at once).
const PAGE_MIN: usize = 8;
const PAGE_MAX: usize = 1024;

/// How many keys to list when `wanted` more rows are needed.
pub fn page_size(wanted: usize) -> usize {
    wanted.clamp(PAGE_MIN, PAGE_MAX)
}

/// The index to answer through: the one whose probe found the fewest
/// candidates (a probe that did not fill its page is an exact count),
/// the first in WHERE order on ties; `None` entries have no index.
pub fn most_selective(candidates: &[Option<usize>]) -> Option<usize> {
    candidates
        .iter()
        .enumerate()
        .filter_map(|(i, c)| c.map(|c| (c, i)))
        .min()
        .map(|(_, i)| i)
}

enum Cursor<'p> {
    /// Every key is in the buffer from the start.
    Fixed,
    /// Pages of the token range.
    Range,
    /// Pages of index candidates, kept to the token range.
    Index(&'p IndexedEq),
}

/// The partitions a plan reads, listed lazily in pages.
struct KeyStream<'p> {
    source: &'p dyn PartitionSource,
    partitioner: &'p dyn Partitioner,
    range: TokenRange,
    cursor: Cursor<'p>,
    buffer: VecDeque<Vec<u8>>,
    /// The last key the source listed: where the next page starts.
    last: Option<Vec<u8>>,
    done: bool,
}

impl<'p> KeyStream<'p> {
    fn open(
        plan: &'p SelectPlan,
        source: &'p dyn PartitionSource,
        partitioner: &'p dyn Partitioner,
        wanted: usize,
        resume: Option<&PagePosition>,
    ) -> CqlResult<KeyStream<'p>> {
        let mut s = KeyStream {
            source,
            partitioner,
            range: TokenRange::ALL,
            cursor: Cursor::Fixed,
            buffer: VecDeque::new(),
            last: None,
            done: false,
        };
        let (start, end) = match &plan.partitions {
            Partitions::Keys(keys) => {
                s.buffer = keys.iter().cloned().collect();
                s.done = true;
                if let Some(r) = resume {
                    // The named keys up to the one the last page ended in.
                    let at = keys.iter().position(|k| *k == r.row_key);
                    let skip = at.map_or(keys.len(), |i| i + usize::from(r.partition_done));
                    s.buffer.drain(..skip);
                }
                return Ok(s);
            }
            Partitions::Range { start, end } => (start, end),
        };
        s.range = TokenRange {
            start: start.clone(),
            end: end.clone(),
        };
        s.cursor = Cursor::Range;
        if let Some(r) = resume {
            // Keys in ring order after the partition the last page ended
            // in, that partition's rest first when it ended mid-partition.
            s.last = Some(r.row_key.clone());
            if !r.partition_done {
                s.buffer.push_back(r.row_key.clone());
            }
        }
        // Probe every indexed EQ with one page; keep the best one's page.
        let n = page_size(wanted);
        let mut probes: Vec<Option<Vec<Vec<u8>>>> = Vec::new();
        for eq in &plan.indexed {
            let page = source.index_keys(
                eq,
                Page {
                    after: s.last.as_deref(),
                    limit: n,
                },
            )?;
            let empty = page.as_ref().is_some_and(Vec::is_empty);
            probes.push(page);
            if empty {
                break; // nothing can match: no need to probe further
            }
        }
        let counts: Vec<Option<usize>> = probes.iter().map(|p| p.as_ref().map(Vec::len)).collect();
        if let Some(i) = most_selective(&counts) {
            s.cursor = Cursor::Index(&plan.indexed[i]);
            let page = probes[i].take().unwrap_or_default();
            s.accept(page, n);
        }
        Ok(s)
    }

    /// The next partition to read; `wanted` is how many rows are still
    /// needed, to size the next page. A failed listing ends the stream.
    fn next(&mut self, wanted: usize) -> CqlResult<Option<Vec<u8>>> {
        loop {
            if let Some(k) = self.buffer.pop_front() {
                return Ok(Some(k));
            }
            if self.done {
                return Ok(None);
            }
            let n = page_size(wanted);
            let page = Page {
                after: self.last.as_deref(),
                limit: n,
            };
            let page = match self.cursor {
                Cursor::Fixed => Vec::new(),
                Cursor::Range => self.source.scan_keys_page(&self.range, page)?,
                Cursor::Index(eq) => self.source.index_keys(eq, page)?.unwrap_or_default(),
            };
            self.accept(page, n);
        }
    }

    /// Takes one page listed with limit `n`.
    fn accept(&mut self, page: Vec<Vec<u8>>, n: usize) {
        if page.len() < n {
            self.done = true;
        }
        if let Some(last) = page.last() {
            self.last = Some(last.clone());
        }
        let index = matches!(self.cursor, Cursor::Index(_));
        for k in page {
            if index {
                // Index candidates come in ring order but ignore the range.
                match self.range.position(&self.partitioner.token(&k)) {
                    Ordering::Less => continue,
                    Ordering::Greater => {
                        self.done = true;
                        break;
                    }
                    Ordering::Equal => {}
                }
            }
            self.buffer.push_back(k);
        }
    }
}

/// The rows of several partitions (each in output order, the partitions
/// in the order read) merged for ORDER BY: by the ordering columns alone,
/// rows tied on them in the partitions' order, or its reverse where the
/// release sorted before reversing (see `SelectPlan::ties_reversed`).
fn merge_partitions(plan: &SelectPlan, rows: &mut Vec<CqlRow>) {
    if plan.ties_reversed {
        // The partitions' blocks in reverse order, each kept as it is.
        let mut blocks: Vec<Vec<CqlRow>> = Vec::new();
        for r in rows.drain(..) {
            match blocks.last_mut() {
                Some(b) if b[0].row_key == r.row_key => b.push(r),
                _ => blocks.push(vec![r]),
            }
        }
        rows.extend(blocks.into_iter().rev().flatten());
    }
    let n = plan.order_len;
    rows.sort_by(|a, b| {
        output_order(
            plan,
            &a.clustering[..n.min(a.clustering.len())],
            &b.clustering[..n.min(b.clustering.len())],
        )
    });
}

/// Runs a planned SELECT against `source`.
pub fn execute_select(
    plan: &SelectPlan,
    source: &dyn PartitionSource,
    partitioner: &dyn Partitioner,
    now_seconds: i32,
) -> CqlResult<ResultSet> {
    execute_select_paged(plan, source, partitioner, now_seconds, None).map(|(rs, _)| rs)
}

/// Runs one page of a planned SELECT: at most `paging.size` rows from
/// where the last page ended, and where the next one starts (`None`: no
/// more rows). COUNT and an IN ... ORDER BY merge answer whole, in one page.
pub fn execute_select_paged(
    plan: &SelectPlan,
    source: &dyn PartitionSource,
    partitioner: &dyn Partitioner,
    now_seconds: i32,
    paging: Option<&Paging>,
) -> CqlResult<(ResultSet, Option<PagePosition>)> {
    let table = &plan.table;
    // IN on the partition key with ORDER BY: every row, merged afterwards.
    let merge = plan.ordered && matches!(&plan.partitions, Partitions::Keys(k) if k.len() > 1);
    let paging = paging.filter(|_| !plan.count && !merge && plan.group.is_none());
    // PER PARTITION LIMIT of rows (under GROUP BY it counts groups).
    let per_partition = plan.per_partition.filter(|_| plan.group.is_none());
    let resume = paging.and_then(|p| p.from.as_ref());
    // The statement's LIMIT over every page, and this page's share.
    let limit = resume.map_or(plan.limit, |r| r.remaining.min(plan.limit));
    let page_limit = paging.map_or(limit, |p| p.size.max(1).min(limit));
    let mut keys = KeyStream::open(plan, source, partitioner, page_limit, resume)?;
    // The rest of the partition the last page ended in.
    let mut partial = resume.filter(|r| !r.partition_done);
    let mut rows: Vec<CqlRow> = Vec::new();
    'outer: while let Some(key) = keys.next(page_limit.saturating_sub(rows.len()))? {
        let before = rows.len();
        let after = partial
            .take()
            .filter(|r| r.row_key == key)
            .map(|r| r.clustering.as_slice());
        // Under PER PARTITION LIMIT the rows a page already gave are read
        // again, to be counted.
        let resumed = match per_partition {
            None => after.map(|a| resumed_slices(plan, a)).transpose()?,
            Some(_) => None,
        };
        let mut given = 0;
        let slices = resumed.as_ref().unwrap_or(&plan.slices);
        // A clustering slice never holds the static cells (they sort
        // first): read once, they are shown on each of the partition's rows.
        let statics = if table.has_statics() {
            source.read(&key, &static_slice(table)?)?
        } else {
            Vec::new()
        };
        for slice in slices {
            if plan.distinct && rows.len() > before {
                break;
            }
            if per_partition.is_some_and(|n| rows.len() - before + given >= n) {
                break;
            }
            let mut cells = source.read(&key, slice)?;
            if plan.reversed {
                cells.reverse();
            }
            if !statics.is_empty() {
                cells.splice(0..0, statics.iter().cloned());
            }
            let mut part = rows_from_cells(table, &key, &cells, now_seconds)?;
            if plan.reversed {
                part.reverse();
            }
            for r in part {
                let earlier = after.is_some_and(|a| !comes_after(plan, &r.clustering, a));
                // A partition's static cells alone make a row only when
                // whole partitions are asked for (2.0). A dense name of
                // fewer components (a prefix Thrift wrote) is a row a slice
                // holds like any other (1.2 to 2.2's ColumnGroupMap).
                let prefix_row = table.layout == Layout::CompactDense && !r.clustering.is_empty();
                if r.clustering.len() < table.clustering.len()
                    && !plan.full_partitions
                    && !prefix_row
                {
                    continue;
                }
                if plan.filters.iter().all(|f| passes(table, &r, f)) {
                    if earlier {
                        given += 1;
                        continue;
                    }
                    if per_partition.is_some_and(|n| rows.len() - before + given >= n) {
                        break;
                    }
                    rows.push(r);
                    if rows.len() >= page_limit && !merge {
                        break 'outer;
                    }
                    if plan.distinct {
                        break;
                    }
                }
            }
        }
    }
    if merge {
        merge_partitions(plan, &mut rows);
    }
    if plan.count && plan.group.is_none() {
        let n = rows.len().min(plan.limit) as i64;
        return Ok((
            ResultSet {
                columns: plan.columns.clone(),
                rows: vec![vec![Some(n.to_be_bytes().to_vec())]],
            },
            None,
        ));
    }
    rows.truncate(limit);
    // A full page short of the LIMIT: the next starts after its last row.
    let next = match rows.last() {
        Some(last) if paging.is_some() && rows.len() >= page_limit && page_limit < limit => {
            Some(position_after(plan, last, limit - rows.len()))
        }
        _ => None,
    };
    Ok((selected(plan, &rows, partitioner)?, next))
}

/// The result set of the rows found: each row's selectors evaluated (2.2:
/// one row of aggregates over them all, and `SELECT JSON`'s texts).
fn selected(
    plan: &SelectPlan,
    rows: &[CqlRow],
    partitioner: &dyn Partitioner,
) -> CqlResult<ResultSet> {
    for r in rows {
        for (s, _) in &plan.selectors {
            super::selection::values::check_conversions(
                &plan.table,
                s,
                r,
                partitioner,
                plan.values,
            )?;
        }
    }
    let eval_row = |r: &CqlRow| {
        plan.selectors
            .iter()
            .map(|(s, _)| {
                let v = eval_selector(&plan.table, s, r, partitioner);
                super::selection::values::as_answered(plan.values, s, v)
            })
            .collect::<Vec<_>>()
    };
    let mut out: Vec<Vec<Option<Vec<u8>>>> = match (plan.group, plan.aggregates.is_empty()) {
        (Some(prefix), _) => super::grouping::grouped_rows(plan, prefix, rows, partitioner)?,
        (None, true) => rows.iter().map(eval_row).collect(),
        (None, false) => {
            let selected = Selectors {
                selectors: plan.selectors.clone(),
                columns: Vec::new(),
                count: false,
                aggregates: plan.aggregates.clone(),
            };
            vec![aggregated(&plan.table, &selected, rows, partitioner)?]
        }
    };
    if let Some(columns) = &plan.json {
        out = out
            .into_iter()
            .map(|row| vec![Some(json_row(columns, &row).into_bytes())])
            .collect();
    }
    Ok(ResultSet {
        columns: plan.columns.clone(),
        rows: out,
    })
}

/// One row as `SELECT JSON` wrote it: `{"name": value, ...}`.
fn json_row(
    columns: &[(
        super::super::result::ResultColumn,
        crate::cql::types::CqlType,
    )],
    row: &[Option<Vec<u8>>],
) -> String {
    let fields: Vec<String> = columns
        .iter()
        .zip(row)
        .map(|((c, ty), v)| {
            let value = v
                .as_deref()
                .map_or("null".into(), |v| crate::cql::json::to_json(ty, v));
            format!("\"{}\": {value}", crate::cql::json::column_key(&c.name))
        })
        .collect();
    format!("{{{}}}", fields.join(", "))
}

#[cfg(test)]
#[path = "scan_tests.rs"]
mod tests;
