//! Per-connection CQL state (the current keyspace), the server-wide clock
//! that stamps writes and generates time UUIDs, and the server-wide cache
//! of prepared statements.
//!
//! Owns only state; it must not run statements.

use super::LocalFacts;
use crate::cql::ast::{Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::lru::{ByteLru, LruStats};
use crate::cql::mapping::BindSpec;
use crate::cql::table::Table;
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::schema::javaorder::string_hash;
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// 1.2.9's `MAX_CACHE_PREPARED` (quoted in its "not found" message).
pub const MAX_PREPARED: usize = 100_000;

/// 1.2.9's answer to an id no cache holds (never prepared, or evicted),
/// `id` as the front end spells it (a Thrift int, a native hex digest).
/// Its Thrift call said "queries {id} has been evicted" where the native
/// protocol's exception said "query {id}": `query_word` is which.
pub fn prepared_not_found(id: &str, query_word: &str) -> String {
    format!(
        "Prepared query with ID {id} not found (either the query was not prepared on this host \
         (maybe the host has been restarted?) or you have prepared more than {MAX_PREPARED} \
         queries and {query_word} {id} has been evicted from the internal cache)"
    )
}

fn wall_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}

/// The server's write clock: microsecond timestamps that strictly increase
/// across all sessions (two statements never share one), and the time
/// UUIDs of list elements and `now()`.
pub struct ServerClock {
    source: Box<dyn Fn() -> i64 + Send + Sync>,
    state: Mutex<(i64, TimeUuidGenerator)>,
}

impl ServerClock {
    /// The wall clock; `node` is the low 64 bits of generated UUIDs.
    pub fn new(node: u64) -> ServerClock {
        ServerClock::with_source(node, Box::new(wall_micros))
    }

    /// A clock reading microseconds from `source` (tests).
    pub fn with_source(node: u64, source: Box<dyn Fn() -> i64 + Send + Sync>) -> ServerClock {
        ServerClock {
            source,
            state: Mutex::new((i64::MIN, TimeUuidGenerator::new(node))),
        }
    }

    /// The next write timestamp (microseconds, strictly increasing).
    pub fn next_timestamp(&self) -> i64 {
        let now = (self.source)();
        let mut s = self.state.lock();
        let ts = if now > s.0 { now } else { s.0 + 1 };
        s.0 = ts;
        ts
    }

    /// The next write timestamp in milliseconds (0.8's CQL 2 stamped
    /// writes so), strictly increasing too: it takes a whole millisecond
    /// of the microsecond clock.
    pub fn next_millis(&self) -> i64 {
        let now = (self.source)();
        let mut s = self.state.lock();
        let ms = (now / 1000).max(s.0.div_euclid(1000) + 1);
        s.0 = ms.saturating_mul(1000);
        ms
    }

    /// Runs `f` with the UUID generator.
    pub fn with_uuids<R>(&self, f: impl FnOnce(&mut TimeUuidGenerator) -> R) -> R {
        f(&mut self.state.lock().1)
    }
}

/// One connection's CQL state.
pub struct CqlSession {
    keyspace: Option<String>,
    clock: Arc<ServerClock>,
    /// The client's timestamp for the writes of the next statements
    /// (the native protocol's default timestamp), else the server clock's.
    default_timestamp: Option<i64>,
    local: LocalFacts,
    /// The page a SELECT should answer (the native protocol's paging),
    /// and where the page it answered ended.
    paging: Option<crate::cql::mapping::Paging>,
    next_page: Option<crate::cql::mapping::PagePosition>,
    /// Super column families are 3.x's `(key, column1, column2, value)`
    /// tables (native connections; see `exec::super3`); 1.2's CQL3 over
    /// Thrift never sees them that way.
    super_tables: bool,
    /// Super column families are read and written as the same tables
    /// over Thrift (2.0 to 2.2's CQL3: `CFMetaData` gave a super CF the
    /// columns `column1`, `column2` and `value`), without the rest of a
    /// native session's ways.
    super_view: bool,
    /// The grammar of the statements it prepares (`static` columns on
    /// native connections; 1.2.9's CQL 3.0.5 over Thrift).
    grammar: crate::cql::Grammar,
    /// The tables a running prepared statement meets instead of the live
    /// ones (see `as_prepared`).
    pins: Pins,
}

/// Tables standing for the live ones of their names while a prepared
/// statement runs; `even_dropped`: for a table dropped since too.
#[derive(Default)]
struct Pins {
    tables: Vec<TableSnapshot>,
    even_dropped: bool,
}

/// A table as it was when a statement was prepared, and the id of its
/// column family then: a table of that name made anew is another one.
#[derive(Debug, Clone)]
pub struct TableSnapshot {
    pub table: Arc<Table>,
    pub cf_id: u32,
}

impl CqlSession {
    /// A session sharing the server's clock.
    pub fn new(clock: Arc<ServerClock>) -> CqlSession {
        CqlSession {
            keyspace: None,
            clock,
            default_timestamp: None,
            local: LocalFacts::default(),
            paging: None,
            next_page: None,
            super_tables: false,
            super_view: false,
            grammar: crate::cql::Grammar::Cql305,
            pins: Pins::default(),
        }
    }

    /// Parses statements in `grammar` (see [`crate::cql::Grammar`]).
    pub fn set_grammar(&mut self, grammar: crate::cql::Grammar) {
        self.grammar = grammar;
    }

    pub fn grammar(&self) -> crate::cql::Grammar {
        self.grammar
    }

    /// Shows super column families as 3.x's tables (see `exec::super3`).
    pub fn set_super_tables(&mut self, on: bool) {
        self.super_tables = on;
    }

    pub fn super_tables(&self) -> bool {
        self.super_tables
    }

    /// Shows super column families as tables to CQL3 over Thrift too.
    pub fn set_super_view(&mut self, on: bool) {
        self.super_view = on;
    }

    /// Whether super column families are tables here (a native session's,
    /// or one of [`CqlSession::set_super_view`]).
    pub fn sees_super_tables(&self) -> bool {
        self.super_tables || self.super_view
    }

    /// The timestamp of the next statement's writes: the client's default
    /// when it gave one, else the next tick of the server clock.
    pub fn write_timestamp(&self) -> i64 {
        self.default_timestamp
            .unwrap_or_else(|| self.clock.next_timestamp())
    }

    /// Sets (or clears) the client-supplied timestamp of later writes.
    pub fn set_default_timestamp(&mut self, timestamp: Option<i64>) {
        self.default_timestamp = timestamp;
    }

    /// Makes the next SELECT answer one page (`None`: every row).
    pub fn set_paging(&mut self, paging: Option<crate::cql::mapping::Paging>) {
        self.paging = paging;
    }

    pub fn paging(&self) -> Option<&crate::cql::mapping::Paging> {
        self.paging.as_ref()
    }

    /// Where the last SELECT's page ended, when more rows may follow.
    pub fn take_next_page(&mut self) -> Option<crate::cql::mapping::PagePosition> {
        self.next_page.take()
    }

    pub(super) fn set_next_page(&mut self, next: Option<crate::cql::mapping::PagePosition>) {
        self.next_page = next;
    }

    pub fn local_facts(&self) -> &LocalFacts {
        &self.local
    }

    pub fn set_local_facts(&mut self, facts: LocalFacts) {
        self.local = facts;
    }

    /// The keyspace chosen by USE (or Thrift `set_keyspace`).
    pub fn keyspace(&self) -> Option<&str> {
        self.keyspace.as_deref()
    }

    pub fn set_keyspace(&mut self, keyspace: String) {
        self.keyspace = Some(keyspace);
    }

    /// Runs `f` with `keyspace` (when given) as the session's, then puts
    /// the session's own back: a prepared statement reads its tables in
    /// the keyspace it was prepared in (`CFStatement.prepareKeyspace`).
    pub(super) fn in_keyspace<T>(
        &mut self,
        keyspace: Option<&str>,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let Some(ks) = keyspace else {
            return f(self);
        };
        let own = self.keyspace.replace(ks.to_string());
        let out = f(self);
        self.keyspace = own;
        out
    }

    /// Runs `f` with `tables` standing for the live tables of their names
    /// (for tables dropped since too, where `even_dropped`), then puts the
    /// live ones back.
    pub(super) fn with_pins<T>(
        &mut self,
        tables: &[TableSnapshot],
        even_dropped: bool,
        f: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let pins = Pins {
            tables: tables.to_vec(),
            even_dropped,
        };
        let own = std::mem::replace(&mut self.pins, pins);
        let out = f(self);
        self.pins = own;
        out
    }

    /// The table standing for `keyspace.name` while a prepared statement
    /// runs, and whether it stands for a dropped one too.
    pub(super) fn pinned(&self, keyspace: &str, name: &str) -> Option<(&TableSnapshot, bool)> {
        self.pins
            .tables
            .iter()
            .find(|t| t.table.keyspace == keyspace && t.table.name == name)
            .map(|t| (t, self.pins.even_dropped))
    }

    /// Whether the release this node emulates (`--cassandra-version`)
    /// behaved so; a node emulating none keeps its own ways.
    pub fn does(&self, behaviour: crate::release::Behaviour) -> bool {
        self.local.emulated
            && crate::release::Release::find(&self.local.release_version)
                .is_some_and(|r| r.does(behaviour))
    }

    pub fn clock(&self) -> &ServerClock {
        &self.clock
    }

    /// The keyspace a statement's table lives in.
    pub fn keyspace_for(&self, t: &TableName) -> CqlResult<String> {
        t.keyspace
            .clone()
            .or_else(|| self.keyspace.clone())
            .ok_or_else(|| CqlError::Invalid("You have not set a keyspace for this session".into()))
    }
}

/// A prepared statement.
#[derive(Debug, Clone)]
pub struct Prepared {
    /// 1.2.9's id: the Java `String.hashCode` of the query text.
    pub id: i32,
    /// The native protocol's id, as 1.2 and 2.0 made it: the MD5 digest
    /// of the query text.
    pub md5: [u8; 16],
    /// The text it was prepared from (the native protocol's BATCH
    /// combines the texts of its prepared members).
    pub query: String,
    /// The receivers of the `?` markers, in order.
    pub specs: Vec<BindSpec>,
    pub statement: Statement,
    /// The session's keyspace when it was prepared, which its unqualified
    /// tables are read in wherever it runs.
    pub keyspace: Option<String>,
    /// Its tables as they were when it was prepared, which 1.2 and 2.0
    /// ran it against (see `as_prepared`); empty on other releases.
    pub tables: Vec<TableSnapshot>,
}

impl Prepared {
    /// Whether the statement reads or writes `table` of `keyspace` (any
    /// table of it without one); its unqualified tables are in the
    /// keyspace it was prepared in.
    fn names_table(&self, keyspace: &str, table: Option<&str>) -> bool {
        let names = |t: &TableName| {
            t.keyspace.as_deref().or(self.keyspace.as_deref()) == Some(keyspace)
                && table.is_none_or(|name| name == t.name)
        };
        statement_tables(&self.statement).into_iter().any(names)
    }
}

/// The tables a statement reads or writes: a batch's members'.
pub(super) fn statement_tables(statement: &Statement) -> Vec<&TableName> {
    match statement {
        Statement::Select(s) => vec![&s.table],
        Statement::Insert(s) => vec![&s.table],
        Statement::Update(s) => vec![&s.table],
        Statement::Delete(s) => vec![&s.table],
        Statement::Batch(b) => match &b.outline {
            Some(outline) => outline.tables.iter().collect(),
            None => b.statements.iter().flat_map(statement_tables).collect(),
        },
        _ => Vec::new(),
    }
}

/// Prepared statements of the whole server, by id, bounded by bytes (see
/// [`crate::cql::lru`]): the least recently used go first, and their
/// clients re-prepare on "not found" (native: UNPREPARED).
pub struct PreparedCache {
    entries: Mutex<Entries>,
}

/// The statements by Thrift id, and the Thrift id of each native id.
struct Entries {
    by_id: ByteLru<i32, Arc<Prepared>>,
    by_md5: HashMap<[u8; 16], i32>,
}

impl Default for PreparedCache {
    fn default() -> Self {
        PreparedCache::with_max_bytes(DEFAULT_PREPARED_BYTES)
    }
}

/// The default byte bound of each prepared-statement cache: some 45,000
/// statements of 150 characters, far more than applications prepare, while
/// a client preparing large distinct statements holds at most this much.
pub const DEFAULT_PREPARED_BYTES: usize = 64 * 1024 * 1024;

/// What a prepared statement is counted as: its text, kept, and its syntax
/// tree and markers, about twice the text (500 distinct 2 MB statements
/// took 1.95 GB), plus a fixed part for the maps and small statements.
pub fn prepared_cost(query_len: usize) -> usize {
    query_len.saturating_mul(3).saturating_add(1024)
}

/// What a prepared statement's table snapshots weigh besides (a fixed part
/// and each column's name, type and place), so that the byte bound holds.
fn tables_cost(tables: &[TableSnapshot]) -> usize {
    tables
        .iter()
        .map(|s| &s.table)
        .map(|t| 512 + 256 * (t.partition_key.len() + t.clustering.len() + t.regular.len()))
        .sum()
}

/// The refusal of a statement bigger than a whole cache (2.1's words).
pub fn too_big_to_prepare(cost: usize, max: usize) -> CqlError {
    CqlError::Invalid(format!(
        "Prepared statement of size {cost} bytes is larger than allowed maximum of {max} bytes."
    ))
}

/// The MD5 digest of a query's text: the native protocol's prepared id.
pub fn md5_id(query: &str) -> [u8; 16] {
    use md5::{Digest, Md5};
    Md5::digest(query.as_bytes()).into()
}

impl PreparedCache {
    pub fn new() -> PreparedCache {
        PreparedCache::default()
    }

    pub fn with_max_bytes(max_bytes: usize) -> PreparedCache {
        PreparedCache {
            entries: Mutex::new(Entries {
                by_id: ByteLru::new(max_bytes, MAX_PREPARED),
                by_md5: HashMap::new(),
            }),
        }
    }

    /// Changes the byte bound (start-up, from the configuration).
    pub fn set_max_bytes(&self, max_bytes: usize) {
        let mut entries = self.entries.lock();
        for (_, gone) in entries.by_id.set_max_bytes(max_bytes) {
            entries.by_md5.remove(&gone.md5);
        }
    }

    pub fn stats(&self) -> LruStats {
        self.entries.lock().by_id.stats()
    }

    /// [`PreparedCache::insert_keyed`] under the text itself (the tests').
    #[cfg(test)]
    pub(super) fn insert(
        &self,
        query: &str,
        statement: Statement,
        specs: Vec<BindSpec>,
    ) -> CqlResult<Prepared> {
        self.insert_keyed(query, query, statement, specs, None, Vec::new())
    }

    /// `query` prepared as `statement`, under the Java hash of `id_text`
    /// (Thrift's id: from 1.2 the session's keyspace and the text, #5352).
    pub(super) fn insert_keyed(
        &self,
        query: &str,
        id_text: &str,
        statement: Statement,
        specs: Vec<BindSpec>,
        keyspace: Option<String>,
        tables: Vec<TableSnapshot>,
    ) -> CqlResult<Prepared> {
        let cost = prepared_cost(query.len()).saturating_add(tables_cost(&tables));
        let mut entries = self.entries.lock();
        let max = entries.by_id.max_bytes();
        if cost > max {
            return Err(too_big_to_prepare(cost, max));
        }
        let p = Prepared {
            id: string_hash(id_text),
            md5: md5_id(query),
            query: query.to_string(),
            specs,
            statement,
            keyspace,
            tables,
        };
        let md5 = p.md5;
        let id = p.id;
        for (_, gone) in entries.by_id.insert(id, Arc::new(p.clone()), cost) {
            entries.by_md5.remove(&gone.md5);
        }
        entries.by_md5.insert(md5, id);
        Ok(p)
    }

    pub fn get(&self, id: i32) -> Option<Arc<Prepared>> {
        self.entries.lock().by_id.get(&id).cloned()
    }

    /// Forgets every statement naming a table of `keyspace` (`table`
    /// alone where given), a batch naming it among others too: what a
    /// release from 2.1 did when the table or keyspace was dropped or the
    /// table's columns changed. Their clients are told "not found" and
    /// prepare again.
    pub fn forget(&self, keyspace: &str, table: Option<&str>) {
        let mut entries = self.entries.lock();
        let gone = entries
            .by_id
            .remove_unless(|p| !p.names_table(keyspace, table));
        for (_, p) in gone {
            entries.by_md5.remove(&p.md5);
        }
    }

    /// The statement prepared under the native protocol's `md5` id. Two
    /// texts sharing a Java hash replace each other, as under Thrift; the
    /// replaced text's digest is then forgotten (its client re-prepares).
    pub fn get_md5(&self, md5: &[u8]) -> Option<Arc<Prepared>> {
        let md5 = <[u8; 16]>::try_from(md5).ok()?;
        let mut entries = self.entries.lock();
        let id = *entries.by_md5.get(&md5)?;
        entries.by_id.get(&id).cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(ddl: &str) -> TableSnapshot {
        let Statement::CreateTable(ct) = crate::cql::parser::parse(ddl).unwrap().statement else {
            panic!("not a CREATE TABLE: {ddl}");
        };
        TableSnapshot {
            table: Arc::new(Table::from_create("ks", &ct).unwrap()),
            cf_id: 7,
        }
    }

    #[test]
    fn pinned_tables_stand_for_their_names_only_while_the_statement_runs() {
        let mut session = CqlSession::new(Arc::new(ServerClock::new(1)));
        let t = table("CREATE TABLE t (k text PRIMARY KEY, v text)");
        let seen = session.with_pins(std::slice::from_ref(&t), true, |s| {
            (
                s.pinned("ks", "t")
                    .map(|(p, dropped)| (p.table.name.clone(), p.cf_id, dropped)),
                s.pinned("ks", "u").is_some(),
                s.pinned("other", "t").is_some(),
            )
        });
        assert_eq!(seen, (Some(("t".to_string(), 7, true)), false, false));
        assert!(session.pinned("ks", "t").is_none());
    }

    #[test]
    fn table_snapshots_weigh_by_their_columns() {
        let t = table("CREATE TABLE t (k text, c int, v text, PRIMARY KEY (k, c))");
        assert_eq!(tables_cost(&[]), 0);
        assert_eq!(tables_cost(std::slice::from_ref(&t)), 512 + 3 * 256);
        assert_eq!(tables_cost(&[t.clone(), t]), 2 * (512 + 3 * 256));
    }

    #[test]
    fn a_prepared_statement_runs_in_its_own_keyspace_and_leaves_the_session_s() {
        let mut session = CqlSession::new(Arc::new(ServerClock::new(1)));
        let seen = session.in_keyspace(Some("prepared_in"), |s| s.keyspace().map(str::to_string));
        assert_eq!(seen.as_deref(), Some("prepared_in"));
        assert_eq!(session.keyspace(), None);
        session.set_keyspace("own".into());
        session.in_keyspace(None, |s| assert_eq!(s.keyspace(), Some("own")));
        session.in_keyspace(Some("other"), |_| ());
        assert_eq!(session.keyspace(), Some("own"));
    }

    #[test]
    fn a_table_s_statements_are_forgotten_and_no_others() {
        let cache = PreparedCache::new();
        let prepare = |text: &str, ks: &str| {
            let stmt = crate::cql::parse(text).unwrap().statement;
            let p = cache.insert_keyed(text, text, stmt, Vec::new(), Some(ks.into()), Vec::new());
            p.unwrap().id
        };
        let t = prepare("SELECT v FROM t WHERE k = 1", "a");
        let qualified = prepare("INSERT INTO a.t (k) VALUES (1)", "b");
        let batch = prepare(
            "BEGIN BATCH INSERT INTO u (k) VALUES (1); DELETE FROM t WHERE k = 1; APPLY BATCH",
            "a",
        );
        let other_ks = prepare("SELECT v FROM t WHERE k = 1 ", "b");
        let u = prepare("SELECT v FROM u WHERE k = 1", "a");
        cache.forget("a", Some("t"));
        for gone in [t, qualified, batch] {
            assert!(cache.get(gone).is_none());
        }
        assert!(cache.get(other_ks).is_some() && cache.get(u).is_some());
        cache.forget("a", None);
        assert!(cache.get(u).is_none() && cache.get(other_ks).is_some());
    }

    #[test]
    fn native_ids_are_the_md5_of_the_text() {
        // MD5("") is d41d8cd98f00b204e9800998ecf8427e.
        let hex: String = md5_id("").iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "d41d8cd98f00b204e9800998ecf8427e");
        let cache = PreparedCache::new();
        let stmt = crate::cql::parse("USE ks").unwrap().statement;
        let p = cache.insert("USE ks", stmt, Vec::new()).unwrap();
        assert_eq!(cache.get_md5(&p.md5).unwrap().id, p.id);
        assert!(cache.get_md5(&md5_id("USE other")).is_none());
        assert!(cache.get_md5(b"short").is_none());
    }

    #[test]
    fn the_cache_is_bounded_by_bytes_and_forgets_evicted_native_ids() {
        let stmt = || crate::cql::parse("USE ks").unwrap().statement;
        let text = |i: usize| format!("USE ks{i} {}", " ".repeat(1000));
        let cost = prepared_cost(text(0).len());
        let cache = PreparedCache::with_max_bytes(3 * cost);
        let first = cache.insert(&text(0), stmt(), Vec::new()).unwrap();
        for i in 1..3 {
            cache.insert(&text(i), stmt(), Vec::new()).unwrap();
        }
        // Used last, the first survives the next insert; the second goes.
        assert!(cache.get_md5(&first.md5).is_some());
        let second = md5_id(&text(1));
        cache.insert(&text(3), stmt(), Vec::new()).unwrap();
        assert!(cache.get_md5(&second).is_none());
        assert!(cache.get_md5(&first.md5).is_some());
        let s = cache.stats();
        assert_eq!((s.entries, s.bytes, s.evictions), (3, 3 * cost, 1));
        // A statement bigger than the whole cache is refused.
        let huge = "x".repeat(3 * cost);
        let e = cache.insert(&huge, stmt(), Vec::new()).unwrap_err();
        assert!(e.to_string().contains("larger than allowed maximum"), "{e}");
        cache.set_max_bytes(cost);
        assert_eq!(cache.stats().entries, 1);
    }

    #[test]
    fn timestamps_strictly_increase_on_a_stuck_clock() {
        let c = ServerClock::with_source(1, Box::new(|| 5));
        assert_eq!(c.next_timestamp(), 5);
        assert_eq!(c.next_timestamp(), 6);
        assert_eq!(c.next_timestamp(), 7);
    }
}
