//! SELECTs over a real engine read only what they need: an indexed EQ on
//! a KEYS index (COMPACT STORAGE) or a COMPOSITES one (non-compact
//! tables, built over existing rows too) reads just the matching partitions,
//! LIMIT stops a range scan after the pages it needs (ghosts of deleted
//! partitions included), and token ranges start where they say — each
//! answer checked against the same query answered from a full listing.

use crate::support::cql_exec;

use cql_exec::EngineBackend;
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Arc;
use supercolumn::cql::exec::{
    self, CqlBackend, CqlOutcome, CqlSession, IndexCandidates, ServerClock,
};
use supercolumn::cql::CqlError;
use supercolumn::model::{Bytes, IndexQuery, ReadCommand, RowMutation, RowRange, RowResult};
use supercolumn::partitioner::{Murmur3Partitioner, Partitioner};
use supercolumn::schema::{Schema, SchemaChange};

/// The engine backend, counting what SELECTs ask of it.
struct Counting {
    inner: EngineBackend,
    reads: AtomicUsize,
    ranges: AtomicUsize,
    listed: AtomicUsize,
    indexed: AtomicUsize,
}

impl Counting {
    fn reset(&self) {
        for c in [&self.reads, &self.ranges, &self.listed, &self.indexed] {
            c.store(0, Relaxed);
        }
    }

    /// (point reads, range calls, keys listed by ranges, index calls)
    fn counts(&self) -> (usize, usize, usize, usize) {
        (
            self.reads.load(Relaxed),
            self.ranges.load(Relaxed),
            self.listed.load(Relaxed),
            self.indexed.load(Relaxed),
        )
    }
}

impl CqlBackend for Counting {
    fn schema(&self) -> Arc<Schema> {
        self.inner.schema()
    }

    fn change_schema(&self, change: SchemaChange) -> Result<(), CqlError> {
        self.inner.change_schema(change)
    }

    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        self.inner.apply(mutations)
    }

    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.reads.fetch_add(1, Relaxed);
        self.inner.read(cmd, key)
    }

    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        let rows = self.inner.read_range(cmd, range, max_rows)?;
        self.ranges.fetch_add(1, Relaxed);
        self.listed.fetch_add(rows.len(), Relaxed);
        Ok(rows)
    }

    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.indexed.fetch_add(1, Relaxed);
        self.inner.read_indexed(cmd, query)
    }

    fn traces(&self) -> Option<Arc<supercolumn::trace::Store>> {
        self.inner.traces()
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        self.inner.takes_plain_cells_among_counters()
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.inner.truncate(keyspace, cf)
    }

    fn index_candidates(&self, keyspace: &str, cf: &str, query: &IndexQuery) -> IndexCandidates {
        self.indexed.fetch_add(1, Relaxed);
        self.inner.index_candidates(keyspace, cf, query)
    }
}

struct Db {
    backend: Counting,
    session: CqlSession,
}

impl Db {
    fn new() -> Db {
        let mut db = Db {
            backend: Counting {
                inner: EngineBackend::in_memory(),
                reads: AtomicUsize::new(0),
                ranges: AtomicUsize::new(0),
                listed: AtomicUsize::new(0),
                indexed: AtomicUsize::new(0),
            },
            session: CqlSession::new(Arc::new(ServerClock::new(7))),
        };
        db.run("CREATE KEYSPACE s WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        db.run("USE s");
        db
    }

    fn run(&mut self, cql: &str) -> CqlOutcome {
        exec::execute(&self.backend, &mut self.session, cql)
            .unwrap_or_else(|e| panic!("{cql}: {e}"))
    }

    /// The first column of every row, as text.
    fn keys(&mut self, cql: &str) -> Vec<String> {
        self.backend.reset();
        match self.run(cql) {
            CqlOutcome::Rows(rs) => rs
                .rows
                .into_iter()
                .map(|r| String::from_utf8(r[0].clone().unwrap()).unwrap())
                .collect(),
            other => panic!("{cql}: {other:?}"),
        }
    }
}

fn token(k: &str) -> supercolumn::partitioner::Token {
    Murmur3Partitioner.token(k.as_bytes())
}

/// 300 partitions k0..k299 in each table; v = 'hit' in every 100th.
fn loaded() -> Db {
    let mut db = Db::new();
    db.run("CREATE TABLE compact (k text PRIMARY KEY, v text, n int) WITH COMPACT STORAGE");
    db.run("CREATE INDEX ON compact (v)");
    db.run("CREATE TABLE sparse (k text PRIMARY KEY, v text, n int)");
    db.run("CREATE INDEX ON sparse (v)");
    for i in 0..300 {
        let v = if i % 100 == 0 { "hit" } else { "miss" };
        for t in ["compact", "sparse"] {
            db.run(&format!(
                "INSERT INTO {t} (k, v, n) VALUES ('k{i}', '{v}', {i})"
            ));
        }
    }
    db
}

/// Every key of `table` in ring order, from a full listing.
fn all_keys(db: &mut Db, table: &str) -> Vec<String> {
    let keys = db.keys(&format!("SELECT k FROM {table}"));
    assert!(keys.windows(2).all(|w| token(&w[0]) < token(&w[1])));
    keys
}

#[test]
fn an_indexed_eq_reads_only_the_matching_partitions() {
    let mut db = loaded();
    let want: Vec<String> = all_keys(&mut db, "compact")
        .into_iter()
        .filter(|k| k[1..].parse::<u32>().unwrap() % 100 == 0)
        .collect();
    let got = db.keys("SELECT k, n FROM compact WHERE v = 'hit'");
    assert_eq!(got, want, "the matches, in ring order");
    let (reads, ranges, _, indexed) = db.backend.counts();
    assert_eq!((reads, ranges), (3, 0), "three reads, no range listing");
    assert_eq!(indexed, 1);
    // A stale value: k0 no longer holds 'hit' (its entry stays behind).
    db.run("UPDATE compact SET v = 'moved' WHERE k = 'k0'");
    let got = db.keys("SELECT k FROM compact WHERE v = 'hit'");
    assert_eq!(
        got,
        want[..]
            .iter()
            .filter(|k| *k != "k0")
            .cloned()
            .collect::<Vec<_>>()
    );
    // Other restrictions still filter the candidates.
    let got = db.keys("SELECT k FROM compact WHERE v = 'hit' AND n = 200 ALLOW FILTERING");
    assert_eq!(got, ["k200"]);
    let got = db.keys("SELECT k FROM compact WHERE v = 'hit' LIMIT 1");
    assert_eq!((got.len(), db.backend.counts().0), (1, 1));
}

#[test]
fn a_composites_index_reads_only_the_matching_partitions() {
    let mut db = loaded();
    let want: Vec<String> = all_keys(&mut db, "sparse")
        .into_iter()
        .filter(|k| k[1..].parse::<u32>().unwrap() % 100 == 0)
        .collect();
    assert_eq!(db.keys("SELECT k FROM sparse WHERE v = 'hit'"), want);
    let (reads, ranges, _, indexed) = db.backend.counts();
    assert_eq!((reads, ranges, indexed), (3, 0, 1));
    assert_eq!(
        db.keys("SELECT k FROM sparse WHERE v = 'hit' LIMIT 2"),
        want[..2]
    );
    assert_eq!(db.backend.counts().0, 2);
    db.run("UPDATE sparse SET v = 'moved' WHERE k = 'k100'");
    let got = db.keys("SELECT k FROM sparse WHERE v = 'hit'");
    assert_eq!(
        got,
        want[..]
            .iter()
            .filter(|k| *k != "k100")
            .cloned()
            .collect::<Vec<_>>()
    );
    assert_eq!(db.keys("SELECT k FROM sparse WHERE v = 'moved'"), ["k100"]);
}

#[test]
fn an_index_created_over_existing_rows_finds_them_in_clustering_order() {
    let mut db = Db::new();
    db.run("CREATE TABLE posts (blog text, at int, title text, tags set<text>, PRIMARY KEY (blog, at)) WITH CLUSTERING ORDER BY (at DESC)");
    for b in 0..50 {
        for at in 0..4 {
            let title = if at % 2 == 1 && b % 10 == 0 {
                "pick"
            } else {
                "other"
            };
            db.run(&format!(
                "INSERT INTO posts (blog, at, title, tags) VALUES ('b{b}', {at}, '{title}', {{'pick'}})"
            ));
        }
    }
    db.run("CREATE INDEX ON posts (title)");
    db.backend.reset();
    let got = match db.run("SELECT blog, at FROM posts WHERE title = 'pick'") {
        CqlOutcome::Rows(rs) => rs
            .rows
            .into_iter()
            .map(|r| {
                let blog = String::from_utf8(r[0].clone().unwrap()).unwrap();
                let at = i32::from_be_bytes(r[1].clone().unwrap().try_into().unwrap());
                (blog, at)
            })
            .collect::<Vec<_>>(),
        other => panic!("{other:?}"),
    };
    let mut blogs: Vec<String> = (0..50).step_by(10).map(|b| format!("b{b}")).collect();
    blogs.sort_by_key(|b| token(b));
    let want: Vec<(String, i32)> = blogs
        .iter()
        .flat_map(|b| [(b.clone(), 3), (b.clone(), 1)])
        .collect();
    assert_eq!(got, want, "ring order, then clustering order (DESC)");
    assert_eq!(db.backend.counts().0, 5, "one read per matching partition");
}

#[test]
fn limit_stops_a_range_scan_after_the_pages_it_needs() {
    let mut db = loaded();
    let all = all_keys(&mut db, "sparse");
    assert_eq!(all.len(), 300);
    assert_eq!(db.keys("SELECT * FROM sparse LIMIT 10"), all[..10]);
    let (reads, ranges, listed, _) = db.backend.counts();
    assert_eq!((reads, ranges, listed), (10, 1, 10));
    // Ghosts of deleted partitions take their place in pages: more
    // pages, each starting after the last key listed.
    let deleted: Vec<&String> = all.iter().step_by(3).collect();
    for k in &deleted {
        db.run(&format!("DELETE FROM sparse WHERE k = '{k}'"));
    }
    let live: Vec<String> = all
        .iter()
        .filter(|k| !deleted.contains(k))
        .cloned()
        .collect();
    assert_eq!(db.keys("SELECT k FROM sparse LIMIT 50"), live[..50]);
    let (_, ranges, listed, _) = db.backend.counts();
    assert!(ranges > 1, "{ranges} pages");
    assert!(listed < 100, "{listed} keys listed for 50 rows");
    assert_eq!(db.keys("SELECT k FROM sparse"), live);
    let counted = match db.run("SELECT COUNT(*) FROM sparse LIMIT 60") {
        CqlOutcome::Rows(rs) => rs.rows[0][0].clone().unwrap(),
        other => panic!("{other:?}"),
    };
    assert_eq!(counted, 60i64.to_be_bytes());
}

#[test]
fn token_ranges_start_and_stop_where_they_say() {
    let mut db = loaded();
    let all = all_keys(&mut db, "sparse");
    let from = &all[41];
    let q = format!("SELECT k FROM sparse WHERE token(k) >= token('{from}') LIMIT 5");
    assert_eq!(db.keys(&q), all[41..46]);
    let (_, ranges, listed, _) = db.backend.counts();
    assert_eq!(
        (ranges, listed),
        (1, 8),
        "one smallest page, from the range's start"
    );
    let q = format!("SELECT k FROM sparse WHERE token(k) > token('{from}') LIMIT 5");
    assert_eq!(db.keys(&q), all[42..47]);
    let to = &all[60];
    let q = format!(
        "SELECT k FROM sparse WHERE token(k) > token('{from}') AND token(k) <= token('{to}')"
    );
    assert_eq!(db.keys(&q), all[42..61]);
    let q = format!("SELECT k FROM sparse WHERE token(k) < token('{from}')");
    assert_eq!(db.keys(&q), all[..41]);
    let q = format!("SELECT k FROM compact WHERE v = 'hit' AND token(k) > token('{from}')");
    let want: Vec<String> = all[42..]
        .iter()
        .filter(|k| k[1..].parse::<u32>().unwrap() % 100 == 0)
        .cloned()
        .collect();
    assert_eq!(db.keys(&q), want);
    let q = "SELECT DISTINCT k FROM sparse LIMIT 4";
    assert_eq!(db.keys(q), all[..4]);
    assert_eq!(db.backend.counts().0, 4);
}
