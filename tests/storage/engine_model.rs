//! Model test: random sequences of writes, deletes at every level and
//! range deletes (with colliding timestamps), TTLs, counter increments and
//! deletes, clock moves, flushes, compactions, crashes and restarts run against the engine and against a plain BTreeMap model; every
//! read must agree.

use crate::support::engine;

use engine::{counter_schema, schema};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::sync::Arc;
use supercolumn::model::*;
use supercolumn::partitioner::ByteOrderedPartitioner;
use supercolumn::schema::Schema;
use supercolumn::storage::{commitlog::SyncMode, Engine, EngineOptions, ManualClock};

const KEYS: u8 = 4;
const SUPERS: u8 = 3;
const NAMES: u8 = 5;

#[derive(Clone, Debug)]
enum Step {
    Put {
        sup: bool,
        key: u8,
        sc: u8,
        name: u8,
        value: u8,
        ts: i64,
        ttl: Option<i32>,
    },
    DelCell {
        sup: bool,
        key: u8,
        sc: u8,
        name: u8,
        ts: i64,
    },
    DelSuper {
        key: u8,
        sc: u8,
        ts: i64,
    },
    DelRow {
        sup: bool,
        key: u8,
        ts: i64,
    },
    /// A range tombstone in the Standard CF; `None` bounds are open.
    DelRange {
        key: u8,
        start: Option<u8>,
        end: Option<u8>,
        ts: i64,
    },
    /// Add to a counter of the counter CF `Counts`.
    Incr {
        key: u8,
        name: u8,
        delta: i8,
    },
    /// Delete a counter (later increments start from zero).
    DelCounter {
        key: u8,
        name: u8,
    },
    /// Delete a whole row of counters.
    DelCounterRow {
        key: u8,
    },
    Advance(i32),
    Flush,
    Compact,
    /// Drop the engine without shutdown (memtables lost, log replayed).
    Crash,
    /// Shutdown (flush) and reopen.
    Restart,
}

fn step() -> impl Strategy<Value = Step> {
    let ts = 0i64..6;
    prop_oneof![
        8 => (any::<bool>(), 0..KEYS, 0..SUPERS, 0..NAMES, 0u8..3, ts.clone(), prop::option::weighted(0.2, 1i32..4))
            .prop_map(|(sup, key, sc, name, value, ts, ttl)| Step::Put { sup, key, sc, name, value, ts, ttl }),
        2 => (any::<bool>(), 0..KEYS, 0..SUPERS, 0..NAMES, ts.clone()).prop_map(|(sup, key, sc, name, ts)| Step::DelCell { sup, key, sc, name, ts }),
        1 => (0..KEYS, 0..SUPERS, ts.clone()).prop_map(|(key, sc, ts)| Step::DelSuper { key, sc, ts }),
        1 => (any::<bool>(), 0..KEYS, ts.clone()).prop_map(|(sup, key, ts)| Step::DelRow { sup, key, ts }),
        2 => (0..KEYS, prop::option::weighted(0.8, 0..NAMES), prop::option::weighted(0.8, 0..NAMES), ts)
            .prop_map(|(key, start, end, ts)| Step::DelRange { key, start, end, ts }),
        1 => (0i32..3).prop_map(Step::Advance),
        1 => Just(Step::Flush),
        1 => Just(Step::Compact),
        1 => Just(Step::Crash),
        1 => Just(Step::Restart),
        4 => (0..KEYS, 0..NAMES, any::<i8>()).prop_map(|(key, name, delta)| Step::Incr { key, name, delta }),
        1 => (0..KEYS, 0..NAMES).prop_map(|(key, name)| Step::DelCounter { key, name }),
        1 => (0..KEYS).prop_map(|key| Step::DelCounterRow { key }),
    ]
}

/// One row of one CF in the model: everything ever written, reconciled.
#[derive(Clone, Debug)]
struct ModelRow {
    deleted_at: i64,
    /// (super column or empty for Standard, name) -> winning cell.
    cells: BTreeMap<(Vec<u8>, Vec<u8>), Cell>,
    super_deleted_at: BTreeMap<Vec<u8>, i64>,
    /// Range tombstones (Standard CF): inclusive bounds, None open, timestamp.
    ranges: Vec<(Option<u8>, Option<u8>, i64)>,
}

/// (name, value) pairs in name order.
type Pairs = Vec<(Vec<u8>, Vec<u8>)>;

impl Default for ModelRow {
    fn default() -> ModelRow {
        ModelRow {
            deleted_at: i64::MIN,
            cells: BTreeMap::new(),
            super_deleted_at: BTreeMap::new(),
            ranges: Vec::new(),
        }
    }
}

impl ModelRow {
    fn put(&mut self, sc: Vec<u8>, cell: Cell) {
        let k = (sc, cell.name.clone());
        match self.cells.get(&k) {
            Some(old) if !cell.supersedes(old) => {}
            _ => {
                self.cells.insert(k, cell);
            }
        }
    }
    /// Live (name, value) pairs per super column ("" for Standard), in order.
    fn live(&self, now: i32) -> BTreeMap<Vec<u8>, Pairs> {
        let mut out: BTreeMap<Vec<u8>, Pairs> = BTreeMap::new();
        for ((sc, name), c) in &self.cells {
            let sdel = self
                .super_deleted_at
                .get(sc)
                .copied()
                .unwrap_or(i64::MIN)
                .max(self.deleted_at);
            let in_range = sc.is_empty()
                && self.ranges.iter().any(|&(s, e, at)| {
                    c.timestamp <= at
                        && s.is_none_or(|s| name.as_slice() >= [s].as_slice())
                        && e.is_none_or(|e| name.as_slice() <= [e].as_slice())
                });
            if c.is_live(now) && c.timestamp > sdel && !in_range {
                out.entry(sc.clone())
                    .or_default()
                    .push((name.clone(), c.value.clone()));
            }
        }
        out
    }
}

struct World {
    dir: tempfile::TempDir,
    clock: Arc<ManualClock>,
    engine: Option<Engine>,
    /// (super?, key) -> row
    model: BTreeMap<(bool, Vec<u8>), ModelRow>,
    /// Makes every TTL cell's timestamp unique (see `run`).
    ttl_writes: i64,
    /// (key, counter name) -> total, None once deleted (until incremented).
    counters: BTreeMap<(u8, u8), Option<i64>>,
    /// Counter timestamps increase with every counter op.
    counter_clock: i64,
}

impl World {
    fn open(&mut self) {
        let mut opts = EngineOptions::in_memory(self.clock.clone());
        opts.data_dir = Some(self.dir.path().to_path_buf());
        // In-process restarts see the page cache, so per-write fsyncs would
        // only slow the test down; engine_crash covers Batch durability.
        opts.sync = SyncMode::Periodic {
            period: std::time::Duration::from_secs(10),
        };
        opts.compaction_min_threshold = 2;
        self.engine = Some(Engine::open(schema_with_counters(), opts).unwrap());
    }
    fn engine(&self) -> &Engine {
        self.engine.as_ref().unwrap()
    }
}

/// The shared test schema plus the counter CF `Counts`.
fn schema_with_counters() -> Arc<Schema> {
    let mut s = (*schema(Arc::new(ByteOrderedPartitioner), 864_000)).clone();
    let counters = counter_schema(Arc::new(ByteOrderedPartitioner));
    let mut def = (**counters.cf("ks", "Counts").unwrap()).clone();
    def.id = 3;
    let ks = s.keyspaces.get_mut("ks").unwrap();
    ks.cfs.insert("Counts".into(), Arc::new(def));
    Arc::new(s)
}

fn cf(sup: bool) -> &'static str {
    if sup {
        "Super"
    } else {
        "Std"
    }
}

fn key(k: u8) -> Vec<u8> {
    vec![b'k', b'0' + k]
}

fn run(world: &mut World, s: &Step) {
    let now = world.clock.now();
    world.ttl_writes += 1;
    let ttl_stamp = world.ttl_writes;
    let mut write = |sup: bool, k: u8, op: Op, apply: &dyn Fn(&mut ModelRow)| {
        let m = RowMutation {
            keyspace: "ks".into(),
            key: key(k),
            updates: vec![(cf(sup).into(), vec![op])],
        };
        world.engine().apply(&m).unwrap();
        apply(world.model.entry((sup, key(k))).or_default());
    };
    match s.clone() {
        Step::Put {
            sup,
            key: k,
            sc,
            name,
            value,
            ts,
            ttl,
        } => {
            // A timestamp tie between an expired cell and a live one is
            // decided by values before expiry and by "tombstone wins" after
            // (as in Cassandra), so which one a read shows depends on when
            // the versions met. TTL cells get unique timestamps to keep the
            // model exact; ordinary ties are kept (all stamps are multiples
            // of 1000, TTL ones are offset by a counter).
            let cell = match ttl {
                Some(t) => Cell::expiring(vec![name], vec![value], ts * 1000 + ttl_stamp, t, now),
                None => Cell::live(vec![name], vec![value], ts * 1000),
            };
            let scn = if sup { vec![sc] } else { vec![] };
            let op = Op::Put {
                super_column: sup.then(|| scn.clone()),
                cell: cell.clone(),
            };
            write(sup, k, op, &|r| r.put(scn.clone(), cell.clone()));
        }
        Step::DelCell {
            sup,
            key: k,
            sc,
            name,
            ts,
        } => {
            let cell = Cell::tombstone(vec![name], ts * 1000, now);
            let scn = if sup { vec![sc] } else { vec![] };
            let op = Op::Put {
                super_column: sup.then(|| scn.clone()),
                cell: cell.clone(),
            };
            write(sup, k, op, &|r| r.put(scn.clone(), cell.clone()));
        }
        Step::DelSuper { key: k, sc, ts } => {
            let (ts, op) = (
                ts * 1000,
                Op::DeleteSuperColumn {
                    name: vec![sc],
                    deletion: DeletionTime::new(ts * 1000, now),
                },
            );
            write(true, k, op, &|r| {
                let e = r.super_deleted_at.entry(vec![sc]).or_insert(i64::MIN);
                *e = (*e).max(ts);
            });
        }
        Step::DelRow { sup, key: k, ts } => {
            let ts = ts * 1000;
            write(sup, k, Op::DeleteRow(DeletionTime::new(ts, now)), &|r| {
                r.deleted_at = r.deleted_at.max(ts)
            });
        }
        Step::DelRange {
            key: k,
            start,
            end,
            ts,
        } => {
            let ts = ts * 1000;
            let op = Op::DeleteRange {
                start: start.map(|s| vec![s]).unwrap_or_default(),
                end: end.map(|e| vec![e]).unwrap_or_default(),
                deletion: DeletionTime::new(ts, now),
            };
            write(false, k, op, &|r| r.ranges.push((start, end, ts)));
        }
        Step::Advance(secs) => world.clock.advance(secs),
        Step::Flush => world.engine().flush(None).unwrap(),
        Step::Compact => {
            world.engine().compact("ks", "Std").unwrap();
            world.engine().compact("ks", "Super").unwrap();
        }
        Step::Incr {
            key: k,
            name,
            delta,
        } => {
            world.counter_clock += 1;
            let m = RowMutation {
                keyspace: "ks".into(),
                key: key(k),
                updates: vec![(
                    "Counts".into(),
                    vec![Op::CounterAdd {
                        super_column: None,
                        name: vec![name],
                        delta: i64::from(delta),
                        timestamp: world.counter_clock,
                    }],
                )],
            };
            world.engine().apply(&m).unwrap();
            let c = world.counters.entry((k, name)).or_insert(None);
            *c = Some(c.unwrap_or(0) + i64::from(delta));
        }
        Step::DelCounter { key: k, name } => {
            world.counter_clock += 1;
            let m = RowMutation {
                keyspace: "ks".into(),
                key: key(k),
                updates: vec![(
                    "Counts".into(),
                    vec![Op::Put {
                        super_column: None,
                        cell: Cell::tombstone(vec![name], world.counter_clock, now),
                    }],
                )],
            };
            world.engine().apply(&m).unwrap();
            world.counters.insert((k, name), None);
        }
        Step::DelCounterRow { key: k } => {
            world.counter_clock += 1;
            let m = RowMutation {
                keyspace: "ks".into(),
                key: key(k),
                updates: vec![(
                    "Counts".into(),
                    vec![Op::DeleteRow(DeletionTime::new(world.counter_clock, now))],
                )],
            };
            world.engine().apply(&m).unwrap();
            for ((key, _), v) in world.counters.iter_mut() {
                if *key == k {
                    *v = None;
                }
            }
        }
        Step::Crash => {
            drop(world.engine.take());
            world.open();
        }
        Step::Restart => {
            world.engine.take().unwrap().shutdown().unwrap();
            world.open();
        }
    }
}

fn slice(start: &[u8], finish: &[u8], reversed: bool, count: usize) -> Slice {
    Slice::Range {
        start: start.to_vec(),
        finish: finish.to_vec(),
        reversed,
        count,
    }
}

fn cells(r: RowResult) -> Pairs {
    match r {
        RowResult::Cells(cs) => cs.into_iter().map(|c| (c.name, c.value)).collect(),
        RowResult::SuperColumns(_) => panic!("cells expected"),
    }
}

fn supers(r: RowResult) -> Vec<(Vec<u8>, Pairs)> {
    match r {
        RowResult::SuperColumns(ss) => ss
            .into_iter()
            .map(|s| {
                (
                    s.name,
                    s.cells.into_iter().map(|c| (c.name, c.value)).collect(),
                )
            })
            .collect(),
        RowResult::Cells(_) => panic!("super columns expected"),
    }
}

/// Applies a Cassandra slice to an ordered list of named items.
fn model_slice<T: Clone>(items: &[(Vec<u8>, T)], s: &Slice) -> Vec<(Vec<u8>, T)> {
    match s {
        Slice::Names(ns) => items
            .iter()
            .filter(|(n, _)| ns.contains(n))
            .cloned()
            .collect(),
        Slice::Range {
            start,
            finish,
            reversed,
            count,
        } => {
            let (lo, hi) = if *reversed {
                (finish, start)
            } else {
                (start, finish)
            };
            let mut v: Vec<_> = items
                .iter()
                .filter(|(n, _)| (lo.is_empty() || n >= lo) && (hi.is_empty() || n <= hi))
                .cloned()
                .collect();
            if *reversed {
                v.reverse();
            }
            v.truncate(*count);
            v
        }
    }
}

fn check(world: &World) {
    let now = world.clock.now();
    let slices = [
        slice(b"", b"", false, 100),
        slice(b"", b"", true, 2),
        slice(&[1], &[3], false, 2),
        slice(&[3], &[1], true, 100),
        Slice::Names(vec![vec![0], vec![2], vec![9]]),
    ];
    let e = world.engine();
    for k in 0..KEYS {
        let empty = ModelRow::default();
        // Standard CF.
        let row = world.model.get(&(false, key(k))).unwrap_or(&empty);
        let live = row.live(now).remove(&Vec::new()).unwrap_or_default();
        for s in &slices {
            let cmd = ReadCommand {
                keyspace: "ks".into(),
                cf: "Std".into(),
                super_column: None,
                slice: s.clone(),
            };
            assert_eq!(
                cells(e.read(&cmd, &key(k)).unwrap()),
                model_slice(&live, s),
                "Std key {k} slice {s:?}"
            );
        }
        // Super CF: super columns, then sub-columns of each.
        let row = world.model.get(&(true, key(k))).unwrap_or(&empty);
        let live: Vec<(Vec<u8>, Pairs)> = row.live(now).into_iter().collect();
        for s in &slices {
            let cmd = ReadCommand {
                keyspace: "ks".into(),
                cf: "Super".into(),
                super_column: None,
                slice: s.clone(),
            };
            assert_eq!(
                supers(e.read(&cmd, &key(k)).unwrap()),
                model_slice(&live, s),
                "Super key {k} slice {s:?}"
            );
        }
        for sc in 0..SUPERS {
            let subs = live
                .iter()
                .find(|(n, _)| n == &vec![sc])
                .map(|(_, c)| c.clone())
                .unwrap_or_default();
            for s in &slices {
                let cmd = ReadCommand {
                    keyspace: "ks".into(),
                    cf: "Super".into(),
                    super_column: Some(vec![sc]),
                    slice: s.clone(),
                };
                assert_eq!(
                    cells(e.read(&cmd, &key(k)).unwrap()),
                    model_slice(&subs, s),
                    "Super key {k} sc {sc} slice {s:?}"
                );
            }
        }
    }
    // Counters: every total exact, deleted ones absent.
    for k in 0..KEYS {
        let cmd = ReadCommand {
            keyspace: "ks".into(),
            cf: "Counts".into(),
            super_column: None,
            slice: slice(b"", b"", false, 100),
        };
        let RowResult::Cells(got) = e.read(&cmd, &key(k)).unwrap() else {
            panic!("cells expected")
        };
        let got: Vec<(u8, i64)> = got
            .iter()
            .map(|c| (c.name[0], c.counter_total().unwrap()))
            .collect();
        let want: Vec<(u8, i64)> = world
            .counters
            .iter()
            .filter(|((key, _), _)| *key == k)
            .filter_map(|((_, n), v)| v.map(|v| (*n, v)))
            .collect();
        assert_eq!(got, want, "counters of key {k}");
    }
    // Range scans: every row ever written is present (gc grace is long, so
    // nothing is purged), ghosts included, in key order.
    for sup in [false, true] {
        let cmd = ReadCommand {
            keyspace: "ks".into(),
            cf: cf(sup).into(),
            super_column: None,
            slice: slice(b"", b"", false, 100),
        };
        let got: Vec<(Vec<u8>, usize)> = e
            .read_range(
                &cmd,
                &RowRange::Keys {
                    start: vec![],
                    end: vec![],
                },
                100,
            )
            .unwrap()
            .into_iter()
            .map(|(k, r)| (k, r.len()))
            .collect();
        let want: Vec<(Vec<u8>, usize)> = world
            .model
            .iter()
            .filter(|((s, _), _)| *s == sup)
            .map(|((_, k), r)| {
                (
                    k.clone(),
                    r.live(now)
                        .values()
                        .map(|v| if sup { 1 } else { v.len() })
                        .sum(),
                )
            })
            .collect();
        assert_eq!(got, want, "range of {}", cf(sup));
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, max_shrink_iters: 2000, ..ProptestConfig::default() })]
    #[test]
    fn engine_agrees_with_model(steps in prop::collection::vec(step(), 1..60)) {
        let mut world = World { dir: tempfile::tempdir().unwrap(), clock: Arc::new(ManualClock::new(1_000_000)), engine: None, model: BTreeMap::new(), ttl_writes: 0, counters: BTreeMap::new(), counter_clock: 0 };
        world.open();
        for (i, s) in steps.iter().enumerate() {
            run(&mut world, s);
            if i % 5 == 4 {
                check(&world);
            }
        }
        check(&world);
        world.engine.take().unwrap().shutdown().unwrap();
    }
}
