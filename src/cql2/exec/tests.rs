//! Executor tests over a recording backend: which engine mutations and
//! reads each statement turns into (typed by the CF's comparator and
//! validators, as 1.2 converted terms), how rows are shaped, and the
//! checks that refuse a statement before anything is written.

use super::*;
use crate::cql2::parser::parse;
use crate::cql2::result::{Column, Row};
use crate::marshal::{AsciiType, BytesType, CounterColumnType, LongType, UTF8Type};
use crate::model::{
    Bytes, Cell, CellKind, IndexQuery, Op, ReadCommand, RowMutation, RowRange, RowResult, Slice,
};
use crate::schema::{ColumnDef, IndexType, SchemaChange};
use parking_lot::Mutex;

/// Serves canned rows and records what it was asked.
struct Recorder {
    schema: Arc<Schema>,
    rows: Vec<(Bytes, Vec<Cell>)>,
    applied: Mutex<Vec<RowMutation>>,
    reads: Mutex<Vec<ReadCommand>>,
    indexed: Mutex<Vec<IndexQuery>>,
    changes: Mutex<Vec<SchemaChange>>,
}

fn sliced(cells: &[Cell], slice: &Slice) -> Vec<Cell> {
    match slice {
        Slice::Names(names) => cells
            .iter()
            .filter(|c| names.contains(&c.name))
            .cloned()
            .collect(),
        Slice::Range {
            reversed, count, ..
        } => {
            let mut out: Vec<Cell> = cells.to_vec();
            if *reversed {
                out.reverse();
            }
            out.truncate(*count);
            out
        }
    }
}

impl CqlBackend for Recorder {
    fn schema(&self) -> Arc<Schema> {
        self.schema.clone()
    }
    fn change_schema(&self, change: SchemaChange) -> Result<()> {
        self.changes.lock().push(change);
        Ok(())
    }
    fn apply(&self, mutations: &[RowMutation]) -> Result<()> {
        self.applied.lock().extend_from_slice(mutations);
        Ok(())
    }
    fn read(&self, cmd: &ReadCommand, key: &[u8]) -> Result<RowResult> {
        self.reads.lock().push(cmd.clone());
        let cells = self
            .rows
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, c)| sliced(c, &cmd.slice))
            .unwrap_or_default();
        Ok(RowResult::Cells(cells))
    }
    fn read_range(
        &self,
        cmd: &ReadCommand,
        _range: &RowRange,
        max_rows: usize,
    ) -> Result<Vec<(Bytes, RowResult)>> {
        self.reads.lock().push(cmd.clone());
        Ok(self
            .rows
            .iter()
            .take(max_rows)
            .map(|(k, c)| (k.clone(), RowResult::Cells(sliced(c, &cmd.slice))))
            .collect())
    }
    fn read_indexed(
        &self,
        cmd: &ReadCommand,
        query: &IndexQuery,
    ) -> Result<Vec<(Bytes, RowResult)>> {
        self.indexed.lock().push(query.clone());
        self.read_range(
            cmd,
            &RowRange::Keys {
                start: vec![],
                end: vec![],
            },
            query.count,
        )
    }
    fn traces(&self) -> Option<std::sync::Arc<crate::trace::Store>> {
        None
    }

    fn takes_plain_cells_among_counters(&self) -> bool {
        true
    }

    fn truncate(&self, _keyspace: &str, _cf: &str) -> Result<()> {
        Ok(())
    }
}

fn schema() -> Arc<Schema> {
    let mut users = CfDef::new("ks", "Users", 100, Arc::new(UTF8Type), None);
    users.options.default_validation_class = Arc::new(UTF8Type);
    users.options.key_validation_class = Arc::new(UTF8Type);
    users.options.column_metadata = vec![
        ColumnDef::plain(b"age".to_vec(), Arc::new(LongType)),
        ColumnDef {
            name: b"state".to_vec(),
            validation_class: Arc::new(UTF8Type),
            index_type: Some(IndexType::Keys),
            index_name: Some("users_state".into()),
            index_options: None,
            component_index: None,
            is_static: false,
        },
    ];
    let mut hits = CfDef::new("ks", "Hits", 101, Arc::new(AsciiType), None);
    hits.options.default_validation_class = Arc::new(CounterColumnType);
    let blobs = CfDef::new("ks", "Blobs", 102, Arc::new(BytesType), None);
    let mut aliased = CfDef::new("ks", "Aliased", 103, Arc::new(UTF8Type), None);
    aliased.options.key_aliases = vec![b"id".to_vec()];
    let posts = CfDef::new(
        "ks",
        "Posts",
        104,
        Arc::new(UTF8Type),
        Some(Arc::new(UTF8Type)),
    );
    let scores = CfDef::new("ks", "Scores", 105, Arc::new(LongType), None);
    Arc::new(Schema::new(
        "test",
        crate::partitioner::by_name("org.apache.cassandra.dht.Murmur3Partitioner").unwrap(),
        [KeyspaceDef::new(
            "ks",
            [users, hits, blobs, aliased, posts, scores],
        )],
    ))
}

fn recorder(rows: Vec<(Bytes, Vec<Cell>)>) -> Recorder {
    Recorder {
        schema: schema(),
        rows,
        applied: Mutex::new(Vec::new()),
        reads: Mutex::new(Vec::new()),
        indexed: Mutex::new(Vec::new()),
        changes: Mutex::new(Vec::new()),
    }
}

fn exec(backend: &Recorder, clock: &ServerClock, q: &str) -> Result<Cql2Result> {
    let mut ctx = Context {
        backend,
        clock,
        keyspace: Some("ks".into()),
        now: 1_000,
        era: crate::cql2::era::Era::default(),
    };
    run(&mut ctx, &parse(q)?.statement, &[])
}

fn clock() -> ServerClock {
    ServerClock::with_source(1, Box::new(|| 500))
}

fn only_ops(b: &Recorder) -> Vec<Op> {
    let applied = b.applied.lock();
    assert_eq!(applied.len(), 1);
    applied[0].updates[0].1.clone()
}

#[test]
fn update_converts_terms_by_comparator_and_validators() {
    let b = recorder(vec![]);
    let c = clock();
    exec(
        &b,
        &c,
        "UPDATE Users USING TTL 60 AND TIMESTAMP 9 SET age = '41', name = 7 WHERE KEY = 'bob'",
    )
    .unwrap();
    let applied = b.applied.lock().clone();
    assert_eq!(
        (applied[0].keyspace.as_str(), applied[0].key.as_slice()),
        ("ks", &b"bob"[..])
    );
    assert_eq!(
        applied[0].updates[0].1,
        vec![
            Op::Put {
                super_column: None,
                cell: Cell::expiring(b"age".to_vec(), 41i64.to_be_bytes().to_vec(), 9, 60, 1_000),
            },
            Op::Put {
                super_column: None,
                cell: Cell::expiring(b"name".to_vec(), b"7".to_vec(), 9, 60, 1_000),
            },
        ]
    );
}

#[test]
fn insert_takes_server_timestamps_and_hex_for_bytes() {
    let b = recorder(vec![]);
    let c = clock();
    exec(
        &b,
        &c,
        "INSERT INTO Blobs (KEY, 'c0', 'c1') VALUES ('cafe', 'ff', '')",
    )
    .unwrap();
    let applied = b.applied.lock().clone();
    assert_eq!(applied[0].key, vec![0xca, 0xfe]);
    let Op::Put { cell, .. } = &applied[0].updates[0].1[0] else {
        panic!()
    };
    assert_eq!(
        (cell.name.as_slice(), cell.value.as_slice()),
        (&[0xc0][..], &[0xff][..])
    );
    assert_eq!(cell.timestamp, 500, "the server clock stamps it");
    assert_eq!(cell.kind, CellKind::Live);
}

#[test]
fn counters_deletes_and_batches() {
    let b = recorder(vec![]);
    let c = clock();
    exec(
        &b,
        &c,
        "UPDATE Hits SET v = v + 5, w = w - 2 WHERE KEY = 'a0'",
    )
    .unwrap();
    let deltas: Vec<i64> = only_ops(&b)
        .iter()
        .map(|op| match op {
            Op::CounterAdd { delta, .. } => *delta,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(deltas, [5, -2]);

    let b = recorder(vec![]);
    exec(
        &b,
        &c,
        "DELETE FROM Users USING TIMESTAMP 3 WHERE KEY IN ('a', 'b')",
    )
    .unwrap();
    let applied = b.applied.lock().clone();
    assert_eq!(applied.len(), 2);
    assert_eq!(
        applied[1].updates[0].1,
        vec![Op::DeleteRow(crate::model::DeletionTime::new(3, 1_000))]
    );

    let b = recorder(vec![]);
    exec(
        &b,
        &c,
        "BEGIN BATCH USING TIMESTAMP 4 UPDATE Users SET a = 'x' WHERE KEY = 'k' DELETE a FROM Users WHERE KEY = 'k' APPLY BATCH",
    )
    .unwrap();
    let applied = b.applied.lock().clone();
    assert_eq!(applied.len(), 2, "one backend call with both statements");
    assert_eq!(
        applied[1].updates[0].1,
        vec![Op::Put {
            super_column: None,
            cell: Cell::tombstone(b"a".to_vec(), 4, 1_000)
        }]
    );
}

#[test]
fn select_by_key_shapes_rows_as_1_2() {
    let cells = vec![
        Cell::live(b"age".to_vec(), 30i64.to_be_bytes().to_vec(), 7),
        Cell::live(b"name".to_vec(), b"Ann".to_vec(), 8),
    ];
    let b = recorder(vec![(b"ann".to_vec(), cells)]);
    let c = clock();
    let Cql2Result::Rows { rows, metadata } = exec(
        &b,
        &c,
        "SELECT name, KEY, missing FROM Users WHERE KEY IN ('ann', 'zed')",
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(
        b.reads.lock()[0].slice,
        Slice::Names(vec![b"name".to_vec(), b"missing".to_vec()])
    );
    assert_eq!(
        rows,
        vec![
            Row {
                key: b"ann".to_vec(),
                columns: vec![
                    Column {
                        name: b"name".to_vec(),
                        value: Some(b"Ann".to_vec()),
                        timestamp: Some(8)
                    },
                    Column {
                        name: b"KEY".to_vec(),
                        value: Some(b"ann".to_vec()),
                        timestamp: Some(-1)
                    },
                    Column {
                        name: b"missing".to_vec(),
                        value: None,
                        timestamp: None
                    },
                ]
            },
            Row {
                key: b"zed".to_vec(),
                columns: vec![Column {
                    name: b"KEY".to_vec(),
                    value: Some(b"zed".to_vec()),
                    timestamp: Some(-1)
                }]
            },
        ]
    );
    assert_eq!(metadata.name_types[&b"KEY".to_vec()], "AsciiType");
    assert_eq!(metadata.value_types[&b"KEY".to_vec()], "UTF8Type");
    assert_eq!(metadata.default_value_type, "UTF8Type");
}

#[test]
fn select_wildcard_first_reversed_and_count() {
    let cells = vec![
        Cell::live(b"a".to_vec(), b"1".to_vec(), 1),
        Cell::live(b"b".to_vec(), b"2".to_vec(), 1),
    ];
    let b = recorder(vec![(b"k".to_vec(), cells)]);
    let c = clock();
    let Cql2Result::Rows { rows, .. } = exec(
        &b,
        &c,
        "SELECT FIRST 1 REVERSED * FROM Users WHERE KEY = 'k'",
    )
    .unwrap() else {
        panic!()
    };
    assert_eq!(
        b.reads.lock()[0].slice,
        Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: true,
            count: 1
        }
    );
    // With FIRST the key column is left out.
    let names: Vec<&[u8]> = rows[0].columns.iter().map(|c| c.name.as_slice()).collect();
    assert_eq!(names, [&b"b"[..]]);

    // Two columns come as the reversed slice read them, the last first.
    let Cql2Result::Rows { rows, .. } = exec(
        &b,
        &c,
        "SELECT FIRST 2 REVERSED * FROM Users WHERE KEY = 'k'",
    )
    .unwrap() else {
        panic!()
    };
    let names: Vec<&[u8]> = rows[0].columns.iter().map(|c| c.name.as_slice()).collect();
    assert_eq!(names, [&b"b"[..], &b"a"[..]]);

    let Cql2Result::Rows { rows, metadata } = exec(&b, &c, "SELECT COUNT(1) FROM Users").unwrap()
    else {
        panic!()
    };
    assert_eq!(rows[0].key, b"count");
    assert_eq!(rows[0].columns[0].value, Some(1i64.to_be_bytes().to_vec()));
    assert_eq!(metadata.default_value_type, "LongType");
}

#[test]
fn index_queries_type_their_values() {
    let b = recorder(vec![]);
    let c = clock();
    exec(
        &b,
        &c,
        "SELECT * FROM Users WHERE state = 'TX' AND age > 20 LIMIT 3",
    )
    .unwrap();
    let q = b.indexed.lock()[0].clone();
    assert_eq!(q.count, 3);
    assert_eq!(q.expressions[1].column, b"age");
    assert_eq!(q.expressions[1].value, 20i64.to_be_bytes());
}

#[test]
fn refusals_write_nothing() {
    let c = clock();
    for (q, why) in [
        (
            "UPDATE Aliased SET a = 'b' WHERE KEY = 'k'",
            "Expected key 'ID' to be present in WHERE clause for 'Aliased'",
        ),
        (
            "BEGIN BATCH UPDATE Users SET a = 'b' WHERE KEY = 'k' UPDATE Users SET age = 'x' WHERE KEY = 'k' APPLY BATCH",
            "unable to make long from 'x'",
        ),
        (
            "UPDATE Hits SET v = v + 1 WHERE KEY = ''",
            "Key may not be empty",
        ),
        ("UPDATE other.x SET a = 'b' WHERE KEY = 'k'", "Keyspace other does not exist"),
        ("TRUNCATE Nope", "unconfigured columnfamily Nope"),
        (
            "UPDATE Posts SET a = 'b' WHERE KEY = 'k'",
            "Posts is a super column family; CQL 2 cannot address super columns",
        ),
        (
            "SELECT * FROM Posts WHERE KEY = 'k'",
            "Posts is a super column family; CQL 2 cannot address super columns",
        ),
    ] {
        let b = recorder(vec![]);
        assert_eq!(exec(&b, &c, q).unwrap_err().to_string(), why, "{q}");
        assert!(b.applied.lock().is_empty(), "{q}");
    }
    let b = recorder(vec![]);
    let mut ctx = Context {
        backend: &b,
        clock: &c,
        keyspace: None,
        now: 0,
        era: crate::cql2::era::Era::default(),
    };
    let stmt = parse("TRUNCATE Users").unwrap().statement;
    assert_eq!(
        run(&mut ctx, &stmt, &[]).unwrap_err().to_string(),
        "no keyspace has been specified"
    );
}

#[test]
fn schema_statements_become_schema_changes() {
    let b = recorder(vec![]);
    let c = clock();
    exec(
        &b,
        &c,
        "CREATE COLUMNFAMILY T (id bigint PRIMARY KEY, n text) WITH comparator = ascii AND compaction_strategy_options:min_sstable_size = 10",
    )
    .unwrap();
    exec(&b, &c, "CREATE INDEX ON Users (age)").unwrap();
    let changes = b.changes.lock().clone();
    let SchemaChange::AddColumnFamily(spec) = &changes[0] else {
        panic!()
    };
    assert_eq!(spec.key_alias.as_deref(), Some(&b"id"[..]));
    assert_eq!(
        spec.key_validation_class.as_deref(),
        Some("org.apache.cassandra.db.marshal.LongType")
    );
    assert_eq!(
        spec.compaction_strategy_options.as_ref().unwrap()["min_sstable_size"],
        "10"
    );
    let SchemaChange::UpdateColumnFamily(spec) = &changes[1] else {
        panic!()
    };
    let age = spec
        .column_metadata
        .as_ref()
        .unwrap()
        .iter()
        .find(|c| c.name == b"age")
        .unwrap();
    assert_eq!(age.index_type, Some(IndexType::Keys));
}

#[test]
fn create_index_of_a_name_its_comparator_cannot_read_fails_on_the_server() {
    // The missing column is named by the comparator's getString: an integer
    // term's one-byte varint under a long comparator threw instead.
    let b = recorder(vec![]);
    let c = clock();
    assert!(matches!(
        exec(&b, &c, "CREATE INDEX ON Scores (1)"),
        Err(CqlError::Failed(_))
    ));
    assert_eq!(
        exec(&b, &c, "CREATE INDEX ON Users (1)")
            .unwrap_err()
            .to_string(),
        "No column definition found for column \u{1}"
    );
    assert!(b.changes.lock().is_empty());
}

#[test]
fn create_index_in_a_missing_keyspace_names_the_column_family() {
    // 0.8's USE took any keyspace; CREATE INDEX then looked the column
    // family up there and found none, where DROP COLUMNFAMILY's migration
    // refused the keyspace.
    let b = recorder(vec![]);
    let c = clock();
    let era = crate::cql2::era::Era {
        use_unchecked: true,
        ..crate::cql2::era::Era::default()
    };
    let mut ctx = Context {
        backend: &b,
        clock: &c,
        keyspace: Some("gone".into()),
        now: 0,
        era,
    };
    let index = parse("CREATE INDEX posts_title ON posts (title)")
        .unwrap()
        .statement;
    assert_eq!(
        run(&mut ctx, &index, &[]).unwrap_err().to_string(),
        "No such column family: posts"
    );
    let drop = parse("DROP COLUMNFAMILY posts").unwrap().statement;
    assert_eq!(
        run(&mut ctx, &drop, &[]).unwrap_err().to_string(),
        "No such keyspace: gone"
    );
    assert!(b.changes.lock().is_empty());
}

fn exec_in(b: &Recorder, era: crate::cql2::era::Era, q: &str) -> Result<Cql2Result> {
    let c = clock();
    let mut ctx = Context {
        backend: b,
        clock: &c,
        keyspace: Some("ks".into()),
        now: 1_000,
        era,
    };
    run(&mut ctx, &parse(q)?.statement, &[])
}

#[test]
fn a_lower_case_alias_names_the_key_in_2_0_only_by_in() {
    // Recorded from 1.2.9 and 2.0.17 (rel_cql2aliascase): 2.0 compared the
    // relation's name upper-cased with the alias as written.
    let b = recorder(vec![(b"a".to_vec(), vec![])]);
    let kept = crate::cql2::era::Era {
        alias_case_kept: true,
        ..crate::cql2::era::Era::default()
    };
    let unindexed = "No indexed columns present in by-columns clause with \"equals\" operator";
    let says = |era, q| match exec_in(&b, era, q) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    assert_ne!(
        says(Default::default(), "SELECT * FROM Aliased WHERE id = '0a'"),
        unindexed
    );
    assert_eq!(
        says(kept, "SELECT * FROM Aliased WHERE id = '0a'"),
        unindexed
    );
    assert_ne!(
        says(kept, "SELECT * FROM Aliased WHERE id IN ('0a')"),
        unindexed
    );
    // a family without an alias is `KEY` in any case
    assert_ne!(says(kept, "SELECT * FROM Users WHERE key = 'a'"), unindexed);
}

#[test]
fn local_quorum_serves_a_simple_strategy_where_the_release_said_so() {
    let b = recorder(vec![]);
    let q = "SELECT * FROM Users USING CONSISTENCY LOCAL_QUORUM WHERE KEY = 'a'";
    assert!(exec_in(&b, Default::default(), q)
        .unwrap_err()
        .to_string()
        .starts_with("consistency level LOCAL_QUORUM not compatible"));
    let any = crate::cql2::era::Era {
        quorums_of_any_strategy: true,
        ..crate::cql2::era::Era::default()
    };
    assert!(exec_in(&b, any, q).is_ok());
    let each = "SELECT * FROM Users USING CONSISTENCY EACH_QUORUM WHERE KEY = 'a'";
    assert_eq!(
        exec_in(&b, any, each).unwrap_err().to_string(),
        "EACH_QUORUM ConsistencyLevel is only supported for writes"
    );
}

#[test]
fn the_index_check_reads_only_equals_names_before_1_2() {
    // Recorded from 0.8.10 to 1.2.19 (rel_cql2indexeqnames): a name the
    // comparator cannot read, by `>`, fails as unreadable on 1.2 only.
    let b = recorder(vec![]);
    let old = crate::cql2::era::Era {
        index_check_reads_eq_only: true,
        ..crate::cql2::era::Era::default()
    };
    let unindexed = "No indexed columns present in by-columns clause with \"equals\" operator";
    let says = |era, q| match exec_in(&b, era, q) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    };
    let q = "SELECT * FROM Blobs WHERE hour > 'x'";
    assert_eq!(says(old, q), unindexed);
    assert_ne!(says(Default::default(), q), unindexed);
    // an `=` name is read in every release
    let eq = "SELECT * FROM Blobs WHERE hour = 'x'";
    assert_eq!(says(old, eq), says(Default::default(), eq));
    assert_ne!(says(old, eq), unindexed);
}

#[test]
fn a_column_named_key_meets_1_0s_default_key_alias() {
    // 1.0 checked CREATE COLUMNFAMILY's definition as a Thrift CfDef whose
    // key alias was `KEY` where none was named; 0.8 and 1.1 took the column.
    let b = recorder(vec![]);
    let q = "CREATE COLUMNFAMILY Dup (KEY text PRIMARY KEY, KEY int)";
    let one_oh = crate::cql2::era::Era {
        create_checks_default_key_alias: true,
        ..crate::cql2::era::Era::default()
    };
    assert_eq!(
        exec_in(&b, one_oh, q).unwrap_err().to_string(),
        "Invalid column name: KEY, because it equals the key_alias"
    );
    assert!(b.changes.lock().is_empty());
    let aliased = "CREATE COLUMNFAMILY Named (id text PRIMARY KEY, KEY int)";
    exec_in(&b, one_oh, aliased).unwrap();
    exec_in(&b, crate::cql2::era::Era::default(), q).unwrap();
    assert_eq!(b.changes.lock().len(), 2);
}
