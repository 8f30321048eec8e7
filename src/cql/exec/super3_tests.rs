use super::*;
use crate::config::Config;
use crate::cql::exec::{self, CqlSession, PreparedCache, ServerClock};
use crate::cql::table::Layout;
use crate::model::DeletionTime;
use crate::schema::CfSpec;
use crate::storage::{Engine, EngineOptions, StorageError, SystemClock};

/// An in-memory engine with `K.Sup` (UTF8 super columns, Long
/// sub-columns), `K.Std` and `K.Counts` (a counter super CF).
struct EngineBackend {
    engine: Engine,
    schema: Arc<Schema>,
}

fn storage(e: StorageError) -> CqlError {
    CqlError::Invalid(e.to_string())
}

impl EngineBackend {
    fn new() -> EngineBackend {
        let xml = crate::config::testing::one_keyspace(
            "K",
            &[
                r#"<ColumnFamily Name="Sup" ColumnType="Super" CompareWith="UTF8Type" CompareSubcolumnsWith="LongType"/>"#,
                r#"<ColumnFamily Name="Std" CompareWith="UTF8Type"/>"#,
            ],
            "Murmur3Partitioner",
            "",
        );
        let config = Config::from_xml(&xml, "test.xml").unwrap();
        let schema = Schema::from_config(&config).unwrap();
        let schema = Arc::new(
            schema
                .apply(SchemaChange::AddColumnFamily(CfSpec {
                    keyspace: "K".into(),
                    name: "Counts".into(),
                    column_type: Some("Super".into()),
                    comparator_type: Some("UTF8Type".into()),
                    subcomparator_type: Some("UTF8Type".into()),
                    default_validation_class: Some("CounterColumnType".into()),
                    ..CfSpec::default()
                }))
                .unwrap(),
        );
        let engine = Engine::open(
            schema.clone(),
            EngineOptions::in_memory(Arc::new(SystemClock)),
        )
        .unwrap();
        EngineBackend { engine, schema }
    }
}

impl CqlBackend for EngineBackend {
    fn schema(&self) -> Arc<Schema> {
        self.schema.clone()
    }
    fn change_schema(&self, _: SchemaChange) -> Result<(), CqlError> {
        Err(CqlError::invalid("no schema changes in these tests"))
    }
    fn apply(&self, mutations: &[RowMutation]) -> Result<(), CqlError> {
        self.engine.apply_batch(mutations).map_err(storage)
    }
    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult, CqlError> {
        self.engine.read(cmd, key).map_err(storage)
    }
    fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.engine
            .read_range(cmd, range, max_rows)
            .map_err(storage)
    }
    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>, CqlError> {
        self.engine.read_indexed(cmd, query).map_err(storage)
    }
    fn traces(&self) -> Option<Arc<crate::trace::Store>> {
        None
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        true
    }

    fn truncate(&self, keyspace: &str, cf: &str) -> Result<(), CqlError> {
        self.engine.truncate(keyspace, cf).map_err(storage)
    }
}

fn session(super_tables: bool) -> CqlSession {
    let mut s = CqlSession::new(Arc::new(ServerClock::new(1)));
    s.set_keyspace("K".into());
    s.set_super_tables(super_tables);
    // As a native session: its grammar (2.0's markers for TTL and timestamp).
    if super_tables {
        s.set_grammar(crate::cql::Grammar::WithStatics);
    }
    s
}

/// Runs `q` in the 3.x view.
fn run(b: &EngineBackend, q: &str) -> Result<CqlOutcome, CqlError> {
    exec::execute(b, &mut session(true), q)
}

fn rows(b: &EngineBackend, q: &str) -> Vec<Vec<Option<Vec<u8>>>> {
    match run(b, q) {
        Ok(CqlOutcome::Rows(rs)) => rs.rows,
        other => panic!("{q}: {other:?}"),
    }
}

fn long(v: i64) -> Vec<u8> {
    v.to_be_bytes().to_vec()
}

/// (column1, column2, value) of each row of `SELECT column1, column2, value`.
fn triples(b: &EngineBackend, q: &str) -> Vec<(String, i64, String)> {
    rows(b, q)
        .into_iter()
        .map(|r| {
            let text = |v: &Option<Vec<u8>>| String::from_utf8(v.clone().unwrap()).unwrap();
            let n = i64::from_be_bytes(r[1].clone().unwrap().try_into().unwrap());
            (text(&r[0]), n, text(&r[2]))
        })
        .collect()
}

/// The sub-columns of super column `sc` of row `key`, as the engine holds them.
fn sub_columns(b: &EngineBackend, cf: &str, key: &[u8], sc: &[u8]) -> Vec<Cell> {
    let cmd = ReadCommand {
        keyspace: "K".into(),
        cf: cf.into(),
        super_column: Some(sc.to_vec()),
        slice: Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: usize::MAX,
        },
    };
    match b.engine.read(&cmd, key).unwrap() {
        RowResult::Cells(c) => c,
        other => panic!("{other:?}"),
    }
}

fn fill(b: &EngineBackend) {
    for (sc, sub, v) in [
        ("a", 1, "a1"),
        ("a", 2, "a2"),
        ("a", 3, "a3"),
        ("b", 1, "b1"),
        ("b", 2, "b2"),
        ("c", 5, "c5"),
    ] {
        run(
            b,
            &format!(
                "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b, '{sc}', {sub}, textAsBlob('{v}')) USING TIMESTAMP 100"
            ),
        )
        .unwrap();
    }
}

#[test]
fn a_super_cf_is_a_dense_table_of_column1_column2_value() {
    let b = EngineBackend::new();
    let cf = b.schema.cf("K", "Sup").unwrap();
    let t = table(cf).unwrap();
    assert_eq!(t.layout, Layout::CompactDense);
    let names: Vec<&str> = t
        .partition_key
        .iter()
        .map(|c| c.name.as_str())
        .chain(t.clustering.iter().map(|c| c.column.name.as_str()))
        .chain(t.regular.iter().map(|c| c.column.name.as_str()))
        .collect();
    assert_eq!(names, ["key", "column1", "column2", "value"]);
    assert_eq!(t.clustering[1].column.ty.cql_name(), "bigint");
    let counts = table(b.schema.cf("K", "Counts").unwrap()).unwrap();
    assert!(counts.is_counter_table());
}

#[test]
fn writes_land_in_super_columns_and_read_back_as_rows() {
    let b = EngineBackend::new();
    fill(&b);
    // The engine holds super columns of sub-columns.
    let a = sub_columns(&b, "Sup", b"k", b"a");
    assert_eq!(
        a.iter().map(|c| c.name.clone()).collect::<Vec<_>>(),
        [long(1), long(2), long(3)]
    );
    assert_eq!(a[0].timestamp, 100);

    let q = |w: &str| {
        triples(
            &b,
            &format!("SELECT column1, column2, blobAsText(value) FROM \"Sup\" WHERE key = 0x6b{w}"),
        )
    };
    let all = q("");
    assert_eq!(all.len(), 6);
    assert_eq!(all[0], ("a".into(), 1, "a1".into()));
    assert_eq!(all[5], ("c".into(), 5, "c5".into()));
    assert_eq!(q(" AND column1 = 'b'").len(), 2);
    assert_eq!(
        q(" AND column1 = 'a' AND column2 >= 2 AND column2 <= 3"),
        [("a".into(), 2, "a2".into()), ("a".into(), 3, "a3".into())]
    );
    assert_eq!(
        q(" AND column1 = 'a' AND column2 > 1 AND column2 < 3"),
        [("a".into(), 2, "a2".into())]
    );
    assert_eq!(
        q(" AND column1 = 'a' AND column2 = 3"),
        [("a".into(), 3, "a3".into())]
    );
    // Bounds on column1: every sub-column of the super columns in range.
    let bc = q(" AND column1 > 'a' AND column1 <= 'c'");
    assert_eq!(bc.len(), 3);
    assert_eq!(bc[0].0, "b");
    // Reversed, and a LIMIT counting rows (sub-columns), not super columns.
    let back = q(" ORDER BY column1 DESC, column2 DESC LIMIT 4");
    assert_eq!(
        back.iter().map(|t| t.2.as_str()).collect::<Vec<_>>(),
        ["c5", "b2", "b1", "a3"]
    );
    let back_a = q(" AND column1 = 'a' AND column2 <= 2 ORDER BY column1 DESC, column2 DESC");
    assert_eq!(
        back_a.iter().map(|t| t.2.as_str()).collect::<Vec<_>>(),
        ["a2", "a1"]
    );
    assert_eq!(q(" LIMIT 2").len(), 2);
    // Bounds the wrong way round: nothing, as on any table.
    assert!(q(" AND column1 > 'c' AND column1 < 'a'").is_empty());
}

#[test]
fn timestamps_and_ttls_are_the_cells() {
    let b = EngineBackend::new();
    run(
        &b,
        "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b, 's', 1, 0x01) USING TIMESTAMP 42 AND TTL 1000",
    )
    .unwrap();
    run(
        &b,
        "UPDATE \"Sup\" USING TIMESTAMP 43 SET value = 0x02 WHERE key = 0x6b AND column1 = 's' AND column2 = 2",
    )
    .unwrap();
    let r = rows(
        &b,
        "SELECT column2, writetime(value), ttl(value) FROM \"Sup\" WHERE key = 0x6b AND column1 = 's'",
    );
    assert_eq!(r.len(), 2);
    assert_eq!(r[0][1], Some(long(42)));
    let ttl = i32::from_be_bytes(r[0][2].clone().unwrap().try_into().unwrap());
    assert!((990..=1000).contains(&ttl), "{ttl}");
    assert_eq!(r[1][1], Some(long(43)));
    assert_eq!(r[1][2], None);
    assert!(matches!(
        sub_columns(&b, "Sup", b"k", b"s")[0].kind,
        crate::model::CellKind::Expiring { ttl: 1000, .. }
    ));
}

#[test]
fn deletions_of_a_sub_column_a_super_column_and_a_row() {
    let b = EngineBackend::new();
    fill(&b);
    let count = |b: &EngineBackend| rows(b, "SELECT * FROM \"Sup\" WHERE key = 0x6b").len();
    run(
        &b,
        "DELETE FROM \"Sup\" USING TIMESTAMP 101 WHERE key = 0x6b AND column1 = 'a' AND column2 = 1",
    )
    .unwrap();
    assert_eq!(count(&b), 5);
    assert_eq!(sub_columns(&b, "Sup", b"k", b"a").len(), 2);

    // A super column deletion is 3.x's range tombstone over column1: it
    // hides what was written before it, not what comes after.
    run(
        &b,
        "DELETE FROM \"Sup\" USING TIMESTAMP 101 WHERE key = 0x6b AND column1 = 'b'",
    )
    .unwrap();
    assert_eq!(count(&b), 3);
    run(
        &b,
        "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b, 'b', 9, 0x09) USING TIMESTAMP 100",
    )
    .unwrap();
    assert_eq!(count(&b), 3, "older than the deletion");
    run(
        &b,
        "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b, 'b', 9, 0x09) USING TIMESTAMP 102",
    )
    .unwrap();
    assert_eq!(count(&b), 4);
    let engine_row = b
        .engine
        .read(
            &ReadCommand {
                keyspace: "K".into(),
                cf: "Sup".into(),
                super_column: None,
                slice: Slice::Names(vec![b"b".to_vec()]),
            },
            b"k",
        )
        .unwrap();
    match engine_row {
        RowResult::SuperColumns(s) => {
            assert_eq!(
                s[0].deletion,
                DeletionTime::new(101, s[0].deletion.local_deletion_time)
            );
            assert_eq!(s[0].cells.len(), 1);
        }
        other => panic!("{other:?}"),
    }

    run(
        &b,
        "DELETE FROM \"Sup\" USING TIMESTAMP 200 WHERE key = 0x6b",
    )
    .unwrap();
    assert_eq!(count(&b), 0);
    // A range of super columns is not one super column: refused, clearly.
    let e = super_op(Op::DeleteRange {
        start: compose(b"a", b"").unwrap(),
        end: compose(b"c", b"").unwrap(),
        deletion: DeletionTime::new(1, 0),
    })
    .unwrap_err();
    assert!(e.to_string().contains("column1 = ?"), "{e}");
}

#[test]
fn counters_add_into_sub_columns() {
    let b = EngineBackend::new();
    for _ in 0..2 {
        run(
            &b,
            "UPDATE \"Counts\" SET value = value + 5 WHERE key = 0x6b AND column1 = 'x' AND column2 = 'hits'",
        )
        .unwrap();
    }
    let r = rows(
        &b,
        "SELECT column1, column2, value FROM \"Counts\" WHERE key = 0x6b",
    );
    assert_eq!(r.len(), 1);
    assert_eq!(r[0][2], Some(long(10)));
    assert_eq!(sub_columns(&b, "Counts", b"k", b"x").len(), 1);
    run(
        &b,
        "DELETE FROM \"Counts\" WHERE key = 0x6b AND column1 = 'x' AND column2 = 'hits'",
    )
    .unwrap();
    assert!(rows(&b, "SELECT * FROM \"Counts\" WHERE key = 0x6b").is_empty());
}

#[test]
fn prepared_markers_batches_and_token_ranges() {
    let b = EngineBackend::new();
    let cache = PreparedCache::new();
    let mut s = session(true);
    let p = exec::prepare(
        &b,
        &s,
        &cache,
        "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (?, ?, ?, ?) USING TIMESTAMP ? AND TTL ?",
    )
    .unwrap();
    let names: Vec<&str> = p.specs.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[..4], ["key", "column1", "column2", "value"]);
    for k in [&b"k1"[..], b"k2", b"k3"] {
        exec::execute_prepared(
            &b,
            &mut s,
            &cache,
            p.id,
            &[
                Some(k.to_vec()),
                Some(b"s".to_vec()),
                Some(long(7)),
                Some(b"v".to_vec()),
                Some(long(5)),
                Some(1000i32.to_be_bytes().to_vec()),
            ],
        )
        .unwrap();
    }
    run(
        &b,
        "BEGIN UNLOGGED BATCH \
         INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b31, 't', 1, 0x01) USING TIMESTAMP 6 \
         INSERT INTO \"Std\" (key, column1, value) VALUES (0x6b31, 'c', 0x01) \
         APPLY BATCH",
    )
    .unwrap();
    assert_eq!(sub_columns(&b, "Sup", b"k1", b"t").len(), 1);
    // Every key through token() ranges: the whole ring in two halves.
    let all = rows(&b, "SELECT key, column1 FROM \"Sup\"");
    assert_eq!(all.len(), 4);
    let low = rows(&b, "SELECT key FROM \"Sup\" WHERE token(key) <= 0");
    let high = rows(&b, "SELECT key FROM \"Sup\" WHERE token(key) > 0");
    assert_eq!(low.len() + high.len(), 4);
}

#[test]
fn thrift_cql3_keeps_1_2s_view() {
    let b = EngineBackend::new();
    fill(&b);
    let mut thrift = session(false);
    let e = exec::execute(
        &b,
        &mut thrift,
        "INSERT INTO \"Sup\" (key, column1, column2, value) VALUES (0x6b, 'a', 1, 0x01)",
    )
    .unwrap_err();
    assert_eq!(e.to_string(), "Unknown identifier column2");
    let e = exec::execute(&b, &mut thrift, "SELECT * FROM \"Sup\" WHERE key = 0x6b").unwrap_err();
    assert!(e.to_string().contains("super column family"), "{e}");
}

#[test]
fn prepare_runs_the_checks_of_execution() {
    let b = EngineBackend::new();
    let cache = PreparedCache::new();
    let s = session(true);
    let prepare = |q: &str| exec::prepare(&b, &s, &cache, q).map(|p| p.specs.len());
    assert_eq!(
        prepare("INSERT INTO \"Std\" (key, column1) VALUES (?)"),
        Err(CqlError::invalid("Unmatched column names/values"))
    );
    assert_eq!(
        prepare("SELECT nope FROM \"Std\" WHERE key = ?"),
        Err(CqlError::invalid("Undefined name nope in selection clause"))
    );
    // Nothing is read nor written while preparing.
    assert_eq!(
        prepare("INSERT INTO \"Std\" (key, column1, value) VALUES (?, ?, ?)"),
        Ok(3)
    );
    assert!(rows(&b, "SELECT * FROM \"Std\"").is_empty());
    // Before 3.0 a missing PRIMARY KEY part is found when the values are.
    assert_eq!(
        prepare("INSERT INTO \"Std\" (key, value) VALUES (?, ?)"),
        Ok(2)
    );
}
