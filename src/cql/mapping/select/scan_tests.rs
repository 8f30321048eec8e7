//! Scan tests: the index choice, paging sizes, token positions, and a
//! counting in-memory source showing that indexed SELECTs read only the
//! candidates, that stale entries are filtered out, that LIMIT stops a
//! range scan after the pages it needs, and that every answer equals the
//! one a full scan gives.

use super::*;
use crate::cql::ast::{Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::mapping::{plan_select, statement_writes, CqlOp, ListReader, WriteContext};
use crate::cql::parse;
use crate::cql::table::Table;
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::partitioner::{DecoratedKey, Murmur3Partitioner};
use std::cell::Cell as Counter;
use std::collections::{BTreeMap, BTreeSet};

#[test]
fn the_most_selective_index_wins_and_ties_go_to_the_first() {
    assert_eq!(most_selective(&[Some(5), None, Some(2), Some(2)]), Some(2));
    assert_eq!(most_selective(&[None, Some(0)]), Some(1));
    assert_eq!(most_selective(&[Some(3)]), Some(0));
    assert_eq!(most_selective(&[None, None]), None);
    assert_eq!(most_selective(&[]), None);
}

#[test]
fn pages_follow_the_rows_still_wanted_within_bounds() {
    assert_eq!(page_size(10), 10);
    assert_eq!(page_size(1), PAGE_MIN);
    assert_eq!(page_size(0), PAGE_MIN);
    assert_eq!(page_size(usize::MAX), PAGE_MAX);
}

#[test]
fn token_positions() {
    let t = Token::Long;
    let range = |start, end| TokenRange { start, end };
    let (inc, exc, open) = (Bound::Included, Bound::Excluded, || Bound::Unbounded);
    assert_eq!(range(inc(t(5)), exc(t(6))).position(&t(5)), Ordering::Equal);
    assert_eq!(range(exc(t(5)), open()).position(&t(5)), Ordering::Less);
    assert_eq!(range(open(), exc(t(6))).position(&t(6)), Ordering::Greater);
    assert_eq!(range(open(), inc(t(6))).position(&t(6)), Ordering::Equal);
    assert_eq!(TokenRange::ALL.position(&t(i64::MIN)), Ordering::Equal);
}

const TABLE: &str = "CREATE TABLE t (k text PRIMARY KEY, v text, w text, x int)";

fn table() -> Table {
    let Statement::CreateTable(ct) = parse(TABLE).unwrap().statement else {
        panic!()
    };
    let mut t = Table::from_create("ks", &ct).unwrap();
    t.add_index("v", None).unwrap();
    t.add_index("w", None).unwrap();
    t
}

struct NoLists;
impl ListReader for NoLists {
    fn list_cells(&self, _: &Table, _: &[u8], _: &[u8], _: &[u8]) -> CqlResult<Vec<Cell>> {
        Ok(Vec::new())
    }
}

/// An in-memory table with an index on every indexed column (entries
/// added on write, never removed, as 1.2 kept them), counting what a
/// SELECT asks of it.
struct Store {
    table: Table,
    rows: BTreeMap<DecoratedKey, Vec<Cell>>,
    index: BTreeMap<(String, Vec<u8>), BTreeSet<DecoratedKey>>,
    use_index: bool,
    reads: Counter<usize>,
    pages: Counter<usize>,
    listed: Counter<usize>,
}

impl Store {
    fn new() -> Store {
        Store {
            table: table(),
            rows: BTreeMap::new(),
            index: BTreeMap::new(),
            use_index: true,
            reads: Counter::new(0),
            pages: Counter::new(0),
            listed: Counter::new(0),
        }
    }

    fn insert(&mut self, k: &str, v: &str, w: &str, x: i32) {
        let cql = format!("INSERT INTO t (k, v, w, x) VALUES ('{k}', '{v}', '{w}', {x})");
        let stmt = parse(&cql).unwrap().statement;
        let mut uuids = TimeUuidGenerator::new(7);
        let mut ctx = WriteContext {
            timestamp: 5000,
            now_millis: 5,
            now_seconds: 1,
            binds: &[],
            uuids: &mut uuids,
            lists: &NoLists,
            row_marker: true,
            beta_words: false,
            update_writes_marker: true,
            counter_marker: true,
            refuses_empty_names: false,
            empty_dense_name: crate::cql::mapping::EmptyDenseName::Taken,
            key_assignments_prepared: true,
            null_list_words: false,
            dense_prefixes: false,
            past_2038: Default::default(),
            values: Default::default(),
            frozen_as_v2: false,
            clustering_in: true,
            set_element_deletion_fails: false,
            default_ttls: Default::default(),
            partial_row_delete_fails: false,
        };
        let t = self.table.clone();
        let tables = move |_: &TableName| -> CqlResult<Table> { Ok(t.clone()) };
        for w in statement_writes(&stmt, &tables, &mut ctx).unwrap() {
            let dk = Murmur3Partitioner.decorate(&w.row_key);
            let cells: Vec<Cell> = w
                .ops
                .iter()
                .filter_map(|op| match op {
                    CqlOp::Cell(c) => Some(c.clone()),
                    _ => None,
                })
                .collect();
            let mut cells_sorted = cells.clone();
            cells_sorted.sort_by(|a, b| {
                crate::marshal::CompositeType::split(&a.name)
                    .unwrap()
                    .iter()
                    .map(|(p, _)| p.to_vec())
                    .cmp(
                        crate::marshal::CompositeType::split(&b.name)
                            .unwrap()
                            .iter()
                            .map(|(p, _)| p.to_vec()),
                    )
            });
            for e in
                crate::cql::mapping::index_entries_for_partition(&self.table, &w.row_key, &cells)
                    .unwrap()
            {
                let column = if e.index_cf.ends_with("v_idx") {
                    "v"
                } else {
                    "w"
                };
                self.stale_entry(column, &e.row_key, &dk);
            }
            self.rows.insert(dk, cells_sorted);
        }
    }

    /// An index entry whatever the row holds (an overwritten value's).
    fn stale_entry(&mut self, column: &str, value: &[u8], dk: &DecoratedKey) {
        self.index
            .entry((column.to_string(), value.to_vec()))
            .or_default()
            .insert(dk.clone());
    }

    fn key_after(&self, after: Option<&[u8]>) -> Bound<DecoratedKey> {
        match after {
            Some(a) => Bound::Excluded(Murmur3Partitioner.decorate(a)),
            None => Bound::Unbounded,
        }
    }
}

impl PartitionSource for Store {
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>> {
        self.reads.set(self.reads.get() + 1);
        let Slice::Range {
            start,
            finish,
            reversed,
            ..
        } = slice
        else {
            panic!("a name slice: {slice:?}")
        };
        assert!(start.is_empty() && finish.is_empty(), "whole rows only");
        let mut cells = self
            .rows
            .get(&Murmur3Partitioner.decorate(row_key))
            .cloned()
            .unwrap_or_default();
        if *reversed {
            cells.reverse();
        }
        Ok(cells)
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        let all = Page {
            after: None,
            limit: usize::MAX,
        };
        self.scan_keys_page(&TokenRange { start, end }, all)
    }

    fn scan_keys_page(&self, range: &TokenRange, page: Page) -> CqlResult<Vec<Vec<u8>>> {
        self.pages.set(self.pages.get() + 1);
        let keys: Vec<Vec<u8>> = self
            .rows
            .range((self.key_after(page.after), Bound::Unbounded))
            .map(|(dk, _)| dk)
            .filter(|dk| range.position(&dk.token).is_ge())
            .take_while(|dk| range.position(&dk.token).is_eq())
            .take(page.limit)
            .map(|dk| dk.key.clone())
            .collect();
        self.listed.set(self.listed.get() + keys.len());
        Ok(keys)
    }

    fn index_keys(&self, eq: &IndexedEq, page: Page) -> CqlResult<Option<Vec<Vec<u8>>>> {
        if !self.use_index {
            return Ok(None);
        }
        let keys: Vec<Vec<u8>> = self
            .index
            .get(&(eq.column.clone(), eq.value.clone()))
            .map(|set| {
                set.range((self.key_after(page.after), Bound::Unbounded))
                    .take(page.limit)
                    .map(|dk| dk.key.clone())
                    .collect()
            })
            .unwrap_or_default();
        self.listed.set(self.listed.get() + keys.len());
        Ok(Some(keys))
    }
}

fn plan(cql: &str, t: &Table) -> SelectPlan {
    let Statement::Select(sel) = parse(cql).unwrap().statement else {
        panic!()
    };
    let mut uuids = TimeUuidGenerator::new(7);
    plan_select(
        t,
        &sel,
        &[],
        &Murmur3Partitioner,
        &mut uuids,
        5,
        Default::default(),
    )
    .unwrap()
}

fn run(store: &Store, cql: &str) -> Vec<Vec<Option<Vec<u8>>>> {
    store.reads.set(0);
    store.pages.set(0);
    store.listed.set(0);
    let p = plan(cql, &store.table);
    execute_select(&p, store, &Murmur3Partitioner, 1)
        .unwrap()
        .rows
}

/// 1000 partitions; v is "hit" in every 100th, "common" in every other;
/// w is "rare" in k3 and k7 only.
fn loaded() -> Store {
    let mut s = Store::new();
    for i in 0..1000 {
        let v = match i {
            _ if i % 100 == 0 => "hit",
            _ if i % 2 == 0 => "common",
            _ => "other",
        };
        let w = if i == 3 || i == 7 { "rare" } else { "plain" };
        s.insert(&format!("k{i}"), v, w, i);
    }
    s
}

/// The same query answered by listing every key (no index, no paging).
fn by_full_scan(store: &mut Store, cql: &str) -> Vec<Vec<Option<Vec<u8>>>> {
    store.use_index = false;
    let p = plan(cql, &store.table);
    let keys = store.scan_keys(Bound::Unbounded, Bound::Unbounded).unwrap();
    let mut out = Vec::new();
    for k in keys {
        let cells = store.read(&k, &p.slices[0]).unwrap();
        for r in rows_from_cells(&store.table, &k, &cells, 1).unwrap() {
            if p.filters.iter().all(|f| passes(&store.table, &r, f))
                && p.partitions_allow(&Murmur3Partitioner.token(&k))
            {
                out.push(
                    p.selectors
                        .iter()
                        .map(|(s, _)| eval_selector(&store.table, s, &r, &Murmur3Partitioner))
                        .collect(),
                );
            }
        }
    }
    out.truncate(p.limit);
    store.use_index = true;
    out
}

impl SelectPlan {
    fn partitions_allow(&self, t: &Token) -> bool {
        match &self.partitions {
            Partitions::Keys(_) => unreachable!("range queries only"),
            Partitions::Range { start, end } => TokenRange {
                start: start.clone(),
                end: end.clone(),
            }
            .position(t)
            .is_eq(),
        }
    }
}

#[test]
fn the_planner_lists_every_indexed_eq_in_where_order() {
    let t = table();
    let p = plan(
        "SELECT * FROM t WHERE w = 'rare' AND x = 3 AND v = 'hit' ALLOW FILTERING",
        &t,
    );
    let cols: Vec<&str> = p.indexed.iter().map(|e| e.column.as_str()).collect();
    assert_eq!(cols, ["w", "v"], "x is not indexed");
    assert_eq!(p.indexed[1].value, b"hit");
    assert_eq!(p.filters.len(), 3, "every restriction is still checked");
}

#[test]
fn an_indexed_eq_reads_only_the_candidates() {
    let mut s = loaded();
    let q = "SELECT k, x FROM t WHERE v = 'hit'";
    let rows = run(&s, q);
    assert_eq!(rows.len(), 10);
    assert_eq!(s.reads.get(), 10, "one read per matching partition");
    assert_eq!(s.pages.get(), 0, "no range listing");
    assert_eq!(rows, by_full_scan(&mut s, q), "same rows in the same order");
}

#[test]
fn stale_entries_are_checked_against_the_row() {
    let mut s = loaded();
    let dk = Murmur3Partitioner.decorate(b"k1");
    s.stale_entry("v", b"hit", &dk);
    let q = "SELECT k FROM t WHERE v = 'hit'";
    let rows = run(&s, q);
    assert_eq!(rows.len(), 10, "k1 holds 'other' whatever its entry says");
    assert_eq!(s.reads.get(), 11);
    assert_eq!(rows, by_full_scan(&mut s, q));
}

#[test]
fn the_most_selective_indexed_eq_finds_the_candidates() {
    let mut s = loaded();
    for q in [
        "SELECT k FROM t WHERE v = 'other' AND w = 'rare' ALLOW FILTERING",
        "SELECT k FROM t WHERE w = 'rare' AND v = 'other' ALLOW FILTERING",
    ] {
        let rows = run(&s, q);
        assert_eq!(rows.len(), 2, "{q}");
        assert_eq!(s.reads.get(), 2, "{q}: only w's two candidates are read");
        assert_eq!(rows, by_full_scan(&mut s, q), "{q}");
    }
    // An indexed value nobody holds answers at once.
    assert!(run(
        &s,
        "SELECT k FROM t WHERE v = 'none' AND w = 'rare' ALLOW FILTERING"
    )
    .is_empty());
    assert_eq!(s.reads.get(), 0);
}

#[test]
fn indexed_pages_honour_limit_and_token_bounds() {
    let mut s = loaded();
    let q = "SELECT k FROM t WHERE v = 'common' LIMIT 20";
    let rows = run(&s, q);
    assert_eq!(rows.len(), 20);
    assert_eq!(s.reads.get(), 20);
    assert!(s.listed.get() <= 20, "listed {}", s.listed.get());
    assert_eq!(rows, by_full_scan(&mut s, q));
    let q = "SELECT k FROM t WHERE v = 'common' AND token(k) > token('k500') AND token(k) <= token('k20')";
    let rows = run(&s, q);
    // Candidates outside the range are skipped unread.
    assert!(s.reads.get() <= rows.len(), "{} reads", s.reads.get());
    assert_eq!(rows, by_full_scan(&mut s, q));
}

#[test]
fn limit_stops_a_range_scan_after_the_pages_it_needs() {
    let mut s = loaded();
    let q = "SELECT * FROM t LIMIT 10";
    let rows = run(&s, q);
    assert_eq!(rows.len(), 10);
    assert_eq!((s.pages.get(), s.listed.get(), s.reads.get()), (1, 10, 10));
    assert_eq!(rows, by_full_scan(&mut s, q));
    // One row wanted: one small page.
    run(&s, "SELECT * FROM t LIMIT 1");
    assert_eq!(
        (s.pages.get(), s.listed.get(), s.reads.get()),
        (1, PAGE_MIN, 1)
    );
    // A big LIMIT pages through everything in bounded pages.
    let rows = run(&s, "SELECT k FROM t LIMIT 5000");
    assert_eq!(rows.len(), 1000);
    assert_eq!(s.pages.get(), 1, "one page of up to {PAGE_MAX} keys");
    assert_eq!(s.reads.get(), 1000);
    let q = "SELECT COUNT(*) FROM t LIMIT 2000";
    assert_eq!(run(&s, q), vec![vec![Some(1000i64.to_be_bytes().to_vec())]]);
}

#[test]
fn token_ranges_and_distinct_page_too() {
    let mut s = loaded();
    let q = "SELECT k FROM t WHERE token(k) >= token('k42') LIMIT 15";
    let rows = run(&s, q);
    assert_eq!(rows.len(), 15);
    assert_eq!(s.reads.get(), 15);
    assert_eq!(rows, by_full_scan(&mut s, q));
    assert_eq!(rows[0], vec![Some(b"k42".to_vec())]);
    let q = "SELECT DISTINCT k FROM t LIMIT 3";
    let rows = run(&s, q);
    assert_eq!((rows.len(), s.reads.get()), (3, 3));
    assert_eq!(rows, by_full_scan(&mut s, q));
}

#[test]
fn a_bound_at_the_minimum_token_bounds_nothing() {
    // An empty key's token is the minimum: as a start or an end (an
    // equality too) it leaves that side of the ring open.
    let s = loaded();
    let all = run(&s, "SELECT k FROM t");
    for q in [
        "SELECT k FROM t WHERE token(k) <= token('')",
        "SELECT k FROM t WHERE token(k) > token('')",
        "SELECT k FROM t WHERE token(k) = token('')",
    ] {
        assert_eq!(run(&s, q), all, "{q}");
    }
    let after = run(&s, "SELECT k FROM t WHERE token(k) > token('k42')");
    let wrapped = run(
        &s,
        "SELECT k FROM t WHERE token(k) > token('k42') AND token(k) < token('')",
    );
    assert_eq!(wrapped, after);
}

#[test]
fn pages_continue_after_the_last_key_listed() {
    // A LIMIT larger than one page: the stream asks for more pages, each
    // starting after the previous page's last key.
    let mut s = loaded();
    s.use_index = false;
    let mut expected = by_full_scan(&mut s, "SELECT k FROM t");
    expected.truncate(1500);
    let p = plan("SELECT k FROM t", &s.table);
    s.pages.set(0);
    let mut keys = KeyStream::open(&p, &s, &Murmur3Partitioner, 5, None).unwrap();
    let mut got = Vec::new();
    while let Some(k) = keys.next(5).unwrap() {
        got.push(vec![Some(k)]);
    }
    assert_eq!(got, expected);
    assert_eq!(s.pages.get(), 1000 / PAGE_MIN + 1);
}

/// Pages of a range scan resume after the last partition: every row once,
/// and the keys listed and partitions read over all pages are those of one
/// full scan (linear, not a re-run per page). The LIMIT spans pages.
#[test]
fn pages_resume_where_the_last_ended() {
    let store = loaded();
    let full = run(&store, "SELECT k FROM t");
    for (limit, size) in [
        (None, 64usize),
        (Some(150usize), 64),
        (None, 1000),
        (None, 1),
    ] {
        let cql = match limit {
            Some(n) => format!("SELECT k FROM t LIMIT {n}"),
            None => "SELECT k FROM t".to_string(),
        };
        let p = plan(&cql, &store.table);
        store.reads.set(0);
        store.listed.set(0);
        let mut paging = Paging { size, from: None };
        let mut got = Vec::new();
        let mut pages = 0;
        loop {
            let (rs, next) =
                execute_select_paged(&p, &store, &Murmur3Partitioner, 1, Some(&paging)).unwrap();
            assert!(rs.rows.len() <= size);
            pages += 1;
            got.extend(rs.rows);
            match next {
                Some(n) => {
                    assert!(n.partition_done, "no clustering: a row is a partition");
                    paging.from = Some(n);
                }
                None => break,
            }
        }
        let want = limit.map_or(full.len(), |n| n.min(full.len()));
        assert_eq!(got, full[..want], "limit {limit:?}, pages of {size}");
        // A full last page short of the LIMIT is followed by an empty one.
        let empty_last = usize::from(limit.is_none() && want % size == 0);
        assert_eq!(pages, want.div_ceil(size) + empty_last, "{limit:?} {size}");
        // Each partition read once; keys listed at most a page beyond.
        assert_eq!(store.reads.get(), want, "{limit:?} {size}");
        assert!(
            store.listed.get() <= want + pages * page_size(size),
            "{limit:?} {size}: {} keys listed",
            store.listed.get()
        );
    }
}

/// Five empty partitions whose `fail_read`-th read (counting from 1) or
/// whose key listing fails, counting reads and listings.
struct Failing {
    fail_read: usize,
    fail_listing: bool,
    reads: Counter<usize>,
    listings: Counter<usize>,
}

impl Failing {
    fn new(fail_read: usize, fail_listing: bool) -> Failing {
        Failing {
            fail_read,
            fail_listing,
            reads: Counter::new(0),
            listings: Counter::new(0),
        }
    }
}

impl PartitionSource for Failing {
    fn read(&self, row_key: &[u8], _: &Slice) -> CqlResult<Vec<Cell>> {
        self.reads.set(self.reads.get() + 1);
        if self.reads.get() == self.fail_read {
            let key = String::from_utf8_lossy(row_key);
            return Err(CqlError::Invalid(format!("reading {key} failed")));
        }
        Ok(Vec::new())
    }

    fn scan_keys(&self, _: Bound<Token>, _: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        self.listings.set(self.listings.get() + 1);
        if self.fail_listing {
            return Err(CqlError::Invalid("listing failed".into()));
        }
        Ok((0..5).map(|i| format!("k{i}").into_bytes()).collect())
    }
}

#[test]
fn a_failed_read_stops_the_scan_with_its_error() {
    let p = plan("SELECT * FROM t", &table());
    let source = Failing::new(2, false);
    let err = execute_select(&p, &source, &Murmur3Partitioner, 1).unwrap_err();
    assert_eq!(
        err,
        CqlError::Invalid("reading k1 failed".into()),
        "the second partition's error, as it was given"
    );
    assert_eq!(source.reads.get(), 2, "no partition read after the failure");

    // The same through a paged SELECT and a named-keys one.
    let source = Failing::new(2, false);
    let paging = Paging {
        size: 2,
        from: None,
    };
    assert!(execute_select_paged(&p, &source, &Murmur3Partitioner, 1, Some(&paging)).is_err());
    assert_eq!(source.reads.get(), 2);
    let named = plan("SELECT * FROM t WHERE k IN ('a', 'b', 'c')", &table());
    let source = Failing::new(2, false);
    let err = execute_select(&named, &source, &Murmur3Partitioner, 1).unwrap_err();
    assert!(
        matches!(&err, CqlError::Invalid(m) if m.starts_with("reading ")),
        "{err:?}"
    );
    assert_eq!(source.reads.get(), 2);
}

#[test]
fn a_failed_key_listing_stops_the_scan_before_any_read() {
    let p = plan("SELECT * FROM t", &table());
    let source = Failing::new(0, true);
    let err = execute_select(&p, &source, &Murmur3Partitioner, 1).unwrap_err();
    assert_eq!(err, CqlError::Invalid("listing failed".into()));
    assert_eq!((source.listings.get(), source.reads.get()), (1, 0));
}
