//! Test support for the CQL golden tests: an in-memory sorted cell store
//! that honours range tombstones, partition deletions and Cassandra's
//! reconciliation, and a minimal session that runs statements through
//! `supercolumn::cql` against it. Not a server: only what the tests need.

#![allow(dead_code)]

pub mod golden;
pub mod masks;
pub mod seeds;

use std::collections::HashMap;
use std::ops::Bound;

use supercolumn::cql::ast::{Statement, TableName};
use supercolumn::cql::mapping::{
    self, CqlOp, CqlWrite, ListReader, PartitionSource, ResultSet, WriteContext,
};
use supercolumn::cql::schema::TableSchema;
use supercolumn::cql::table::Table;
use supercolumn::cql::timeuuid::TimeUuidGenerator;
use supercolumn::cql::{parse, CqlError, CqlResult};
use supercolumn::marshal::{AbstractType, TypeRef};
use supercolumn::model::{Cell, CellKind, DeletionTime, Slice};
use supercolumn::partitioner::{Murmur3Partitioner, Partitioner, Token};

/// One partition: cells sorted by the comparator, range tombstones, and
/// the partition-level deletion.
#[derive(Debug, Clone)]
pub struct Partition {
    pub cells: Vec<Cell>,
    pub ranges: Vec<(Vec<u8>, Vec<u8>, DeletionTime)>,
    pub deletion: DeletionTime,
}

/// The cells of one table, by row key.
pub struct TableStore {
    pub comparator: TypeRef,
    pub partitions: HashMap<Vec<u8>, Partition>,
    /// Every op applied, with the flush generation it landed in.
    pub log: Vec<(usize, Vec<u8>, CqlOp)>,
}

impl TableStore {
    fn new(comparator: TypeRef) -> Self {
        TableStore {
            comparator,
            partitions: HashMap::new(),
            log: Vec::new(),
        }
    }

    fn apply(&mut self, w: &CqlWrite, generation: usize) {
        let cmp = self.comparator.clone();
        let p = self
            .partitions
            .entry(w.row_key.clone())
            .or_insert_with(|| Partition {
                cells: Vec::new(),
                ranges: Vec::new(),
                deletion: DeletionTime::LIVE,
            });
        for op in &w.ops {
            self.log.push((generation, w.row_key.clone(), op.clone()));
            match op {
                CqlOp::Cell(c) => match p.cells.binary_search_by(|x| cmp.compare(&x.name, &c.name))
                {
                    Ok(i) => {
                        if c.supersedes(&p.cells[i]) {
                            p.cells[i] = c.clone();
                        }
                    }
                    Err(i) => p.cells.insert(i, c.clone()),
                },
                CqlOp::RangeTombstone {
                    start,
                    end,
                    deletion,
                } => p.ranges.push((start.clone(), end.clone(), *deletion)),
                CqlOp::PartitionDelete(d) => p.deletion = p.deletion.max(*d),
                // A local counter: the sum of the increments (no replica contexts here).
                CqlOp::CounterAdd {
                    name,
                    delta,
                    timestamp,
                } => match p.cells.binary_search_by(|x| cmp.compare(&x.name, name)) {
                    Ok(i) => {
                        let old = i64::from_be_bytes(
                            p.cells[i].value.as_slice().try_into().unwrap_or([0; 8]),
                        );
                        let ts = p.cells[i].timestamp.max(*timestamp);
                        p.cells[i] =
                            Cell::live(name.clone(), (old + delta).to_be_bytes().to_vec(), ts);
                    }
                    Err(i) => p.cells.insert(
                        i,
                        Cell::live(name.clone(), delta.to_be_bytes().to_vec(), *timestamp),
                    ),
                },
            }
        }
    }

    /// A cell survives when live and not shadowed by a deletion covering it.
    fn visible(&self, p: &Partition, c: &Cell, now: i32) -> bool {
        if !c.is_live(now) || p.deletion.shadows(c.timestamp) {
            return false;
        }
        !p.ranges.iter().any(|(s, e, d)| {
            d.shadows(c.timestamp)
                && self.comparator.compare(s, &c.name).is_le()
                && self.comparator.compare(&c.name, e).is_le()
        })
    }

    /// Live cells of a partition in comparator order.
    pub fn live_cells(&self, key: &[u8], now: i32) -> Vec<Cell> {
        let Some(p) = self.partitions.get(key) else {
            return Vec::new();
        };
        p.cells
            .iter()
            .filter(|c| self.visible(p, c, now))
            .cloned()
            .collect()
    }

    /// Row keys in Murmur3 token order (every partition ever written,
    /// deleted ones included: Thrift shows them as range ghosts).
    pub fn keys_in_token_order(&self) -> Vec<Vec<u8>> {
        let mut keys: Vec<Vec<u8>> = self.partitions.keys().cloned().collect();
        keys.sort_by(|a, b| {
            Murmur3Partitioner
                .decorate(a)
                .cmp(&Murmur3Partitioner.decorate(b))
        });
        keys
    }
}

/// A `PartitionSource` / `ListReader` view of one table at one moment.
pub struct View<'a> {
    pub store: &'a TableStore,
    pub now: i32,
}

impl PartitionSource for View<'_> {
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>> {
        Ok(self.cells(row_key, slice))
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        Ok(self
            .store
            .keys_in_token_order()
            .into_iter()
            .filter(|k| {
                let t = Murmur3Partitioner.token(k);
                (match &start {
                    Bound::Unbounded => true,
                    Bound::Included(s) => &t >= s,
                    Bound::Excluded(s) => &t > s,
                }) && (match &end {
                    Bound::Unbounded => true,
                    Bound::Included(e) => &t <= e,
                    Bound::Excluded(e) => &t < e,
                })
            })
            .collect())
    }
}

impl View<'_> {
    /// Live cells of one partition within `slice`, in its traversal order.
    fn cells(&self, row_key: &[u8], slice: &Slice) -> Vec<Cell> {
        let cmp = &self.store.comparator;
        let cells = self.store.live_cells(row_key, self.now);
        let Slice::Range {
            start,
            finish,
            reversed,
            count,
        } = slice
        else {
            let Slice::Names(names) = slice else {
                unreachable!()
            };
            return cells
                .into_iter()
                .filter(|c| names.contains(&c.name))
                .collect();
        };
        let (lo, hi) = if *reversed {
            (finish, start)
        } else {
            (start, finish)
        };
        let mut out: Vec<Cell> = cells
            .into_iter()
            .filter(|c| {
                (lo.is_empty() || cmp.compare(lo, &c.name).is_le())
                    && (hi.is_empty() || cmp.compare(&c.name, hi).is_le())
            })
            .collect();
        if *reversed {
            out.reverse();
        }
        out.truncate(*count);
        out
    }
}

/// Lists of any table of the session, for index operations.
pub struct Lists<'a> {
    pub stores: &'a HashMap<(String, String), TableStore>,
    pub now: i32,
}

impl ListReader for Lists<'_> {
    fn list_cells(
        &self,
        table: &Table,
        row_key: &[u8],
        start: &[u8],
        end: &[u8],
    ) -> CqlResult<Vec<Cell>> {
        let Some(store) = self
            .stores
            .get(&(table.keyspace.clone(), table.name.clone()))
        else {
            return Ok(Vec::new());
        };
        let view = View {
            store,
            now: self.now,
        };
        view.read(
            row_key,
            &Slice::Range {
                start: start.to_vec(),
                finish: end.to_vec(),
                reversed: false,
                count: usize::MAX,
            },
        )
    }
}

/// What running a statement produced.
pub enum Outcome {
    Void,
    Rows(ResultSet),
}

/// A connection: keyspaces, tables, their stores, a clock.
pub struct Session {
    pub keyspace: Option<String>,
    pub keyspaces: HashMap<String, Vec<String>>,
    pub tables: HashMap<(String, String), Table>,
    pub stores: HashMap<(String, String), TableStore>,
    /// Server clock in microseconds; every statement advances it.
    pub clock_micros: i64,
    pub uuids: TimeUuidGenerator,
    pub generation: usize,
    /// Statements read by 2.0's grammar rather than 1.2.9's.
    pub grammar_20: bool,
}

impl Session {
    pub fn new(start_micros: i64) -> Self {
        Session {
            keyspace: None,
            keyspaces: HashMap::new(),
            tables: HashMap::new(),
            stores: HashMap::new(),
            clock_micros: start_micros,
            uuids: TimeUuidGenerator::new(0x9387_4d68_ff3a_d20d),
            generation: 0,
            grammar_20: false,
        }
    }

    pub fn now_seconds(&self) -> i32 {
        (self.clock_micros / 1_000_000) as i32
    }

    fn qualify(&self, t: &TableName) -> CqlResult<(String, String)> {
        let ks = t
            .keyspace
            .clone()
            .or_else(|| self.keyspace.clone())
            .ok_or_else(|| {
                CqlError::Invalid("You have not set a keyspace for this session".into())
            })?;
        Ok((ks, t.name.clone()))
    }

    pub fn table(&self, t: &TableName) -> CqlResult<Table> {
        let k = self.qualify(t)?;
        if !self.keyspaces.contains_key(&k.0) {
            return Err(CqlError::Invalid(format!(
                "Keyspace {} does not exist",
                k.0
            )));
        }
        self.tables
            .get(&k)
            .cloned()
            .ok_or_else(|| CqlError::Invalid(format!("unconfigured columnfamily {}", k.1)))
    }

    pub fn execute(&mut self, cql: &str) -> CqlResult<Outcome> {
        self.execute_with(cql, &[])
    }

    /// Runs a statement with bound values for its `?` markers.
    pub fn execute_with(&mut self, cql: &str, binds: &[Option<Vec<u8>>]) -> CqlResult<Outcome> {
        let parsed = match self.grammar_20 {
            // 2.0's grammar (`LIMIT ?`, `ALTER ... DROP`), as the native protocol's sessions.
            true => supercolumn::cql::parse_with(cql, supercolumn::cql::Grammar::WithStatics)?,
            false => parse(cql)?,
        };
        if parsed.bind_count != binds.len() {
            return Err(CqlError::Invalid(format!(
                "There were {} markers(?) in CQL but {} bound variables",
                parsed.bind_count,
                binds.len()
            )));
        }
        self.clock_micros += 1000;
        match parsed.statement {
            Statement::CreateKeyspace { name, .. } => {
                if self.keyspaces.contains_key(&name) {
                    return Err(CqlError::Invalid(format!(
                        "Cannot add existing keyspace \"{name}\""
                    )));
                }
                self.keyspaces.insert(name, Vec::new());
                Ok(Outcome::Void)
            }
            Statement::Use(ks) => {
                if !self.keyspaces.contains_key(&ks) {
                    return Err(CqlError::Invalid(format!("Keyspace '{ks}' does not exist")));
                }
                self.keyspace = Some(ks);
                Ok(Outcome::Void)
            }
            Statement::CreateTable(ct) => {
                let (ks, name) = self.qualify(&ct.table)?;
                let t = Table::from_create(&ks, &ct)?;
                let list = self
                    .keyspaces
                    .get_mut(&ks)
                    .ok_or_else(|| CqlError::Invalid(format!("Keyspace {ks} does not exist")))?;
                list.push(name.clone());
                self.stores.insert(
                    (ks.clone(), name.clone()),
                    TableStore::new(t.comparator_type()),
                );
                self.tables.insert((ks, name), t);
                Ok(Outcome::Void)
            }
            Statement::CreateIndex {
                name,
                table,
                column,
                ..
            } => {
                let k = self.qualify(&table)?;
                let t = self.tables.get_mut(&k).ok_or_else(|| {
                    CqlError::Invalid(format!("unconfigured columnfamily {}", k.1))
                })?;
                t.add_index(&column, name.as_deref())?;
                Ok(Outcome::Void)
            }
            s @ (Statement::Insert(_)
            | Statement::Update(_)
            | Statement::Delete(_)
            | Statement::Batch(_)) => {
                let now = self.now_seconds();
                let writes = {
                    let lists = Lists {
                        stores: &self.stores,
                        now,
                    };
                    let mut ctx = WriteContext {
                        timestamp: self.clock_micros,
                        now_millis: self.clock_micros / 1000,
                        now_seconds: now,
                        binds,
                        uuids: &mut self.uuids,
                        lists: &lists,
                        row_marker: true,
                        beta_words: false,
                        update_writes_marker: true,
                        counter_marker: false,
                        refuses_empty_names: false,
                        empty_dense_name: supercolumn::cql::mapping::EmptyDenseName::Taken,
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
                    let (tables_map, keyspaces, current) =
                        (&self.tables, &self.keyspaces, self.keyspace.clone());
                    let tables = |t: &TableName| -> CqlResult<Table> {
                        let ks =
                            t.keyspace
                                .clone()
                                .or_else(|| current.clone())
                                .ok_or_else(|| {
                                    CqlError::Invalid(
                                        "You have not set a keyspace for this session".into(),
                                    )
                                })?;
                        if !keyspaces.contains_key(&ks) {
                            return Err(CqlError::Invalid(format!("Keyspace {ks} does not exist")));
                        }
                        tables_map
                            .get(&(ks, t.name.clone()))
                            .cloned()
                            .ok_or_else(|| {
                                CqlError::Invalid(format!("unconfigured columnfamily {}", t.name))
                            })
                    };
                    mapping::statement_writes(&s, &tables, &mut ctx)?
                };
                for w in &writes {
                    let store = self
                        .stores
                        .get_mut(&(w.keyspace.clone(), w.table.clone()))
                        .expect("written tables exist");
                    store.apply(w, self.generation);
                }
                Ok(Outcome::Void)
            }
            Statement::Select(sel) => {
                let t = self.table(&sel.table)?;
                let plan = mapping::plan_select(
                    &t,
                    &sel,
                    binds,
                    &Murmur3Partitioner,
                    &mut self.uuids,
                    self.clock_micros / 1000,
                    Default::default(),
                )?;
                let key = self.qualify(&sel.table)?;
                let view = View {
                    store: &self.stores[&key],
                    now: self.now_seconds(),
                };
                Ok(Outcome::Rows(mapping::execute_select(
                    &plan,
                    &view,
                    &Murmur3Partitioner,
                    self.now_seconds(),
                )?))
            }
            Statement::Truncate(t) => {
                let k = self.qualify(&t)?;
                self.table(&t)?;
                self.stores
                    .get_mut(&k)
                    .expect("table exists")
                    .partitions
                    .clear();
                Ok(Outcome::Void)
            }
            other => Err(CqlError::Invalid(format!(
                "not exercised by these tests: {other:?}"
            ))),
        }
    }

    /// The schema fields of a table.
    pub fn schema(&self, ks: &str, table: &str) -> Option<TableSchema> {
        self.tables
            .get(&(ks.to_string(), table.to_string()))
            .map(Table::schema)
    }
}

/// True when the cell is a tombstone.
pub fn is_tombstone(c: &Cell) -> bool {
    matches!(c.kind, CellKind::Tombstone { .. })
}

/// Renders a name with a comparator, as sstable2json does.
pub fn render(t: &dyn AbstractType, name: &[u8]) -> String {
    t.get_string(name)
}
