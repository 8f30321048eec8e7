//! Mapping tests: exact bytes of writes (seed 002, deletes, lists, compact
//! layouts), write errors, and SELECT planning with 1.2.9 messages.

use super::*;
use crate::cql::ast::{Statement, TableName};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::parse;
use crate::cql::table::Table;
use crate::cql::timeuuid::TimeUuidGenerator;
use crate::marshal::bytes_to_hex;
use crate::model::{CellKind, Slice};
use crate::partitioner::Murmur3Partitioner;

pub(super) fn table(cql: &str) -> Table {
    let Statement::CreateTable(ct) = parse(cql).unwrap().statement else {
        panic!()
    };
    Table::from_create("ks", &ct).unwrap()
}

struct Lists(Vec<Cell>);
impl ListReader for Lists {
    fn list_cells(&self, _: &Table, _: &[u8], _: &[u8], _: &[u8]) -> CqlResult<Vec<Cell>> {
        Ok(self.0.clone())
    }
}

pub(super) fn writes(t: &Table, cql: &str, lists: &[Cell]) -> CqlResult<Vec<CqlWrite>> {
    writes_bound(t, cql, lists, &[])
}

fn writes_bound(
    t: &Table,
    cql: &str,
    lists: &[Cell],
    binds: &[Option<Vec<u8>>],
) -> CqlResult<Vec<CqlWrite>> {
    writes_of(t, cql, lists, binds, true, Default::default())
}

/// The writes under a release whose UPDATE wrote the marker or not.
fn writes_with(t: &Table, cql: &str, update_writes_marker: bool) -> CqlResult<Vec<CqlWrite>> {
    writes_of(t, cql, &[], &[], update_writes_marker, Default::default())
}

fn writes_of(
    t: &Table,
    cql: &str,
    lists: &[Cell],
    binds: &[Option<Vec<u8>>],
    update_writes_marker: bool,
    values: crate::cql::mapping::ValueRules,
) -> CqlResult<Vec<CqlWrite>> {
    let stmt = parse(cql).unwrap().statement;
    let mut uuids = TimeUuidGenerator::new(7);
    let reader = Lists(lists.to_vec());
    let mut ctx = WriteContext {
        timestamp: 5000,
        now_millis: 1_795_289_830_328,
        now_seconds: 1_795_289_830,
        binds,
        uuids: &mut uuids,
        lists: &reader,
        row_marker: true,
        beta_words: false,
        update_writes_marker,
        counter_marker: update_writes_marker,
        refuses_empty_names: false,
        empty_dense_name: crate::cql::mapping::EmptyDenseName::Taken,
        key_assignments_prepared: true,
        null_list_words: false,
        dense_prefixes: false,
        past_2038: Default::default(),
        values,
        frozen_as_v2: false,
        clustering_in: true,
        set_element_deletion_fails: false,
        default_ttls: Default::default(),
        partial_row_delete_fails: false,
    };
    let t2 = t.clone();
    let tables = move |_: &TableName| -> CqlResult<Table> { Ok(t2.clone()) };
    statement_writes(&stmt, &tables, &mut ctx)
}

fn testtable() -> Table {
    table("CREATE TABLE testtable (pkey1 text, pkey2 text, skey int, value text, cvalue map<text,text>, PRIMARY KEY ((pkey1, pkey2), skey)) WITH CLUSTERING ORDER BY (skey DESC)")
}

fn cell_hex(op: &CqlOp) -> String {
    match op {
        CqlOp::Cell(c) => format!(
            "{}={}@{}",
            bytes_to_hex(&c.name),
            bytes_to_hex(&c.value),
            c.timestamp
        ),
        CqlOp::RangeTombstone {
            start,
            end,
            deletion,
        } => format!(
            "rt {}..{}@{}",
            bytes_to_hex(start),
            bytes_to_hex(end),
            deletion.marked_for_delete_at
        ),
        CqlOp::PartitionDelete(d) => format!("pd@{}", d.marked_for_delete_at),
        CqlOp::CounterAdd { name, delta, .. } => format!("ctr {} {delta}", bytes_to_hex(name)),
    }
}

#[test]
fn insert_matches_seed_002_bytes() {
    let w = writes(&testtable(), "INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value) VALUES ('pkey1_1', 'pkey2_1', 103, {'hoge1': 'fuga1'}, 'value11_103')", &[]).unwrap();
    assert_eq!(
        bytes_to_hex(&w[0].row_key),
        "0007706b6579315f31000007706b6579325f3100"
    );
    let ops: Vec<String> = w[0].ops.iter().map(cell_hex).collect();
    assert_eq!(
        ops,
        [
            "00040000006700000000=@5000",
            "rt 0004000000670000066376616c756500..0004000000670000066376616c756501@4999",
            "0004000000670000066376616c7565000005686f67653100=6675676131@5000",
            "00040000006700000576616c756500=76616c756531315f313033@5000",
        ]
    );
}

/// 2.0 on (CASSANDRA-6782): only an INSERT writes the marker
/// (`rel_updatemarker`).
#[test]
fn from_2_0_an_update_writes_no_marker() {
    let t = table("CREATE TABLE m_t (k text, c int, v text, PRIMARY KEY (k, c))");
    let stmt = "UPDATE m_t USING TIMESTAMP 42 SET v = 'x' WHERE k = 'c' AND c = 2";
    let w = writes_with(&t, stmt, false).unwrap();
    assert_eq!(w[0].ops.len(), 1);
    let insert = "INSERT INTO m_t (k, c, v) VALUES ('c', 2, 'x')";
    assert_eq!(writes_with(&t, insert, false).unwrap()[0].ops.len(), 2);
}

#[test]
fn update_writes_the_marker_and_null_writes_a_tombstone() {
    let t = table("CREATE TABLE del_t (k text, c int, v1 text, v2 text, PRIMARY KEY (k, c))");
    let w = writes(&t, "UPDATE del_t USING TTL 600 AND TIMESTAMP 42 SET v1 = null, v2 = 'x' WHERE k = 'c' AND c = 2", &[]).unwrap();
    let CqlOp::Cell(marker) = &w[0].ops[0] else {
        panic!()
    };
    assert_eq!(bytes_to_hex(&marker.name), "00040000000200000000");
    assert!(matches!(marker.kind, CellKind::Expiring { ttl: 600, .. }));
    assert_eq!(marker.timestamp, 42);
    let CqlOp::Cell(v1) = &w[0].ops[1] else {
        panic!()
    };
    assert!(matches!(v1.kind, CellKind::Tombstone { .. }));
}

#[test]
fn deletes_row_partition_and_collection() {
    let t =
        table("CREATE TABLE del_t (k text, c int, v1 text, m map<text,text>, PRIMARY KEY (k, c))");
    let row = writes(&t, "DELETE FROM del_t WHERE k = 'a' AND c = 2", &[]).unwrap();
    assert_eq!(
        cell_hex(&row[0].ops[0]),
        "rt 00040000000200..00040000000201@5000"
    );
    let part = writes(&t, "DELETE FROM del_t WHERE k = 'b'", &[]).unwrap();
    assert_eq!(cell_hex(&part[0].ops[0]), "pd@5000");
    let m = writes(&t, "DELETE m FROM del_t WHERE k = 'a' AND c = 3", &[]).unwrap();
    assert_eq!(
        cell_hex(&m[0].ops[0]),
        "rt 0004000000030000016d00..0004000000030000016d01@5000"
    );
    let (ops, rest) = m[0].engine_ops();
    assert!(ops.is_empty() && rest.len() == 1);
    assert_eq!(
        writes(&t, "DELETE v1 FROM del_t WHERE k = 'a'", &[])
            .unwrap_err()
            .to_string(),
        "Missing mandatory PRIMARY KEY part c since v1 specified"
    );
}

#[test]
fn list_operations() {
    let t = table("CREATE TABLE coll (k int PRIMARY KEY, l list<int>)");
    let pre = writes(&t, "UPDATE coll SET l = [8, 9] + l WHERE k = 2", &[]).unwrap();
    let names: Vec<Vec<u8>> = pre[0].ops[1..]
        .iter()
        .map(|o| {
            if let CqlOp::Cell(c) = o {
                c.name.clone()
            } else {
                panic!()
            }
        })
        .collect();
    // 1.2.9 gives the first prepended element the later UUID: [8, 9] + l reads 9, 8, ...
    assert!(t.comparator_type().compare(&names[1], &names[0]).is_lt());
    let existing = vec![Cell::live(vec![1], vec![0, 0, 0, 7], 1)];
    let set = writes(&t, "UPDATE coll SET l[0] = 10 WHERE k = 1", &existing).unwrap();
    assert_eq!(cell_hex(&set[0].ops[1]), "01=0000000a@5000");
    assert_eq!(
        writes(&t, "UPDATE coll SET l[10] = 1 WHERE k = 1", &existing)
            .unwrap_err()
            .to_string(),
        "List index 10 out of bound, list has size 1"
    );
    let discard = writes(&t, "UPDATE coll SET l = l - [7] WHERE k = 1", &existing).unwrap();
    assert!(
        matches!(&discard[0].ops[1], CqlOp::Cell(c) if c.name == vec![1] && matches!(c.kind, CellKind::Tombstone { .. }))
    );
}

#[test]
fn compact_layouts() {
    let dense = table(
        "CREATE TABLE cs_dyn (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
    );
    let w = writes(
        &dense,
        "INSERT INTO cs_dyn (k, c, v) VALUES ('a', 2, 'two')",
        &[],
    )
    .unwrap();
    assert_eq!(
        w[0].ops.iter().map(cell_hex).collect::<Vec<_>>(),
        ["00000002=74776f@5000"]
    );
    let stat =
        table("CREATE TABLE cs_static (k text PRIMARY KEY, v1 text, v2 int) WITH COMPACT STORAGE");
    let w = writes(
        &stat,
        "INSERT INTO cs_static (k, v1, v2) VALUES ('a', 'x', 1)",
        &[],
    )
    .unwrap();
    assert_eq!(
        w[0].ops.iter().map(cell_hex).collect::<Vec<_>>(),
        ["7631=78@5000", "7632=00000001@5000"]
    );
}

/// 2.1 on: a map less a set of its keys tombstones those keys; 1.2 and
/// 2.0 refuse the set literal for the map.
#[test]
fn a_map_less_a_set_of_keys() {
    use crate::cql::mapping::ValueRules;
    let t = table("CREATE TABLE m (k int PRIMARY KEY, m map<text, int>)");
    let q = "UPDATE m SET m = m - {'a', 'b'} WHERE k = 1";
    let w = writes_of(&t, q, &[], &[], false, ValueRules::Since21).unwrap();
    let dead = w[0]
        .ops
        .iter()
        .filter(|op| matches!(op, CqlOp::Cell(c) if matches!(c.kind, CellKind::Tombstone { .. })))
        .count();
    assert_eq!(dead, 2);
    assert_eq!(
        writes_of(
            &t,
            "UPDATE m SET m = m - {1} WHERE k = 1",
            &[],
            &[],
            false,
            ValueRules::Since21
        )
        .unwrap_err(),
        CqlError::Invalid("Invalid set literal for m: value 1 is not of type text".into())
    );
    assert_eq!(
        writes_of(&t, q, &[], &[], false, ValueRules::Since20).unwrap_err(),
        CqlError::Invalid("Invalid set literal for m of type map<text, int>".into())
    );
}

/// A dense table has no row marker: its key alone is refused where a value
/// column exists, and is the row where none does.
#[test]
fn a_dense_row_needs_its_value_column() {
    let dense = table(
        "CREATE TABLE cs_dyn (k text, c int, v text, PRIMARY KEY (k, c)) WITH COMPACT STORAGE",
    );
    assert_eq!(
        writes(&dense, "INSERT INTO cs_dyn (k, c) VALUES ('a', 2)", &[]).unwrap_err(),
        CqlError::Invalid("Column v is mandatory for this COMPACT STORAGE table".into())
    );
    let w = writes(
        &dense,
        "INSERT INTO cs_dyn (k, c, v) VALUES ('a', 2, null)",
        &[],
    )
    .unwrap();
    assert!(matches!(&w[0].ops[0], CqlOp::Cell(c) if matches!(c.kind, CellKind::Tombstone { .. })));
    let keys =
        table("CREATE TABLE cs_keys (k text, c int, PRIMARY KEY (k, c)) WITH COMPACT STORAGE");
    let w = writes(&keys, "INSERT INTO cs_keys (k, c) VALUES ('a', 2)", &[]).unwrap();
    assert_eq!(
        w[0].ops.iter().map(cell_hex).collect::<Vec<_>>(),
        ["00000002=@5000"]
    );
}

#[test]
fn write_errors() {
    let t = testtable();
    assert_eq!(
        writes(
            &t,
            "INSERT INTO testtable (pkey1, skey, value) VALUES ('a', 1, 'v')",
            &[]
        )
        .unwrap_err()
        .to_string(),
        "Missing mandatory PRIMARY KEY part pkey2"
    );
    assert_eq!(
        writes(
            &t,
            "INSERT INTO testtable (pkey1, pkey2, skey, nope) VALUES ('a', 'b', 1, 'v')",
            &[]
        )
        .unwrap_err()
        .to_string(),
        "Unknown identifier nope"
    );
    assert_eq!(
        writes(
            &t,
            "UPDATE testtable SET skey = 1 WHERE pkey1 = 'a' AND pkey2 = 'b'",
            &[]
        )
        .unwrap_err()
        .to_string(),
        "PRIMARY KEY part skey found in SET part"
    );
    let k = table("CREATE TABLE tok_text (k text PRIMARY KEY)");
    assert_eq!(
        writes(&k, "INSERT INTO tok_text (k) VALUES ('')", &[]).unwrap_err(),
        CqlError::Invalid("Key may not be empty".into())
    );
}

/// Collection elements travel with 2-byte lengths: longer ones are refused
/// with the words of Cassandra 2.0+, literal or bound, whole or by element.
#[test]
fn collection_elements_over_65535_bytes_are_refused() {
    let t =
        table("CREATE TABLE c (k int PRIMARY KEY, l list<text>, s set<text>, m map<text, text>)");
    let (big, max) = ("x".repeat(65536), "x".repeat(65535));
    let why = |cql: &str, lists: &[Cell], binds: &[Option<Vec<u8>>]| {
        writes_bound(&t, cql, lists, binds).unwrap_err().to_string()
    };
    let value = |kind: &str| {
        format!("{kind} value is too long. {kind} values are limited to 65535 bytes but 65536 bytes value provided")
    };
    for verb in [
        "INSERT INTO c (k, l) VALUES (1, [%])",
        "UPDATE c SET l = l + [%] WHERE k = 1",
    ] {
        assert_eq!(
            why(&verb.replace('%', &format!("'a', '{big}'")), &[], &[]),
            value("List")
        );
        assert!(writes(&t, &verb.replace('%', &format!("'{max}'")), &[]).is_ok());
    }
    assert_eq!(
        why(
            &format!("UPDATE c SET l = ['{big}'] + l WHERE k = 1"),
            &[],
            &[]
        ),
        value("List")
    );
    assert_eq!(
        why(
            &format!("UPDATE c SET s = {{'{big}'}} WHERE k = 1"),
            &[],
            &[]
        ),
        value("Set")
    );
    assert_eq!(
        why(
            &format!("UPDATE c SET m = {{'a': '{big}'}} WHERE k = 1"),
            &[],
            &[]
        ),
        value("Map")
    );
    assert_eq!(
        why(
            &format!("UPDATE c SET m = m + {{'{big}': 'a'}} WHERE k = 1"),
            &[],
            &[]
        ),
        "Map key is too long. Map keys are limited to 65535 bytes but 65536 bytes keys provided"
    );
    assert!(writes(
        &t,
        &format!("UPDATE c SET m = {{'{max}': '{max}'}} WHERE k = 1"),
        &[]
    )
    .is_ok());
    // By element, with a literal or a bound value.
    assert_eq!(
        why(
            &format!("UPDATE c SET m['a'] = '{big}' WHERE k = 1"),
            &[],
            &[]
        ),
        value("Map")
    );
    assert_eq!(
        why(
            "UPDATE c SET m['a'] = ? WHERE k = 1",
            &[],
            &[Some(big.clone().into_bytes())]
        ),
        value("Map")
    );
    let existing = [Cell::live(b"elem".to_vec(), b"v".to_vec(), 1)];
    assert_eq!(
        why(
            &format!("UPDATE c SET l[0] = '{big}' WHERE k = 1"),
            &existing,
            &[]
        ),
        value("List")
    );
    assert_eq!(
        why(
            "UPDATE c SET l[0] = ? WHERE k = 1",
            &existing,
            &[Some(big.into_bytes())]
        ),
        value("List")
    );
    assert!(writes_bound(
        &t,
        "UPDATE c SET l[0] = ? WHERE k = 1",
        &existing,
        &[Some(max.into_bytes())]
    )
    .is_ok());
}

#[test]
fn map_literals_keep_the_last_duplicate_in_key_order() {
    let t = table("CREATE TABLE c (k int PRIMARY KEY, m map<int, text>)");
    let w = writes(
        &t,
        "UPDATE c SET m = {3: 'a', 1: 'b', 3: 'c', 2: 'd', 1: 'e'} WHERE k = 1",
        &[],
    )
    .unwrap();
    let values: Vec<Vec<u8>> = w[0]
        .ops
        .iter()
        .filter_map(|op| match op {
            // The element cells (not the row marker).
            CqlOp::Cell(c) if !c.value.is_empty() => Some(c.value.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(values, [b"e".to_vec(), b"d".to_vec(), b"c".to_vec()]);
}

fn plan(t: &Table, cql: &str) -> CqlResult<SelectPlan> {
    let Statement::Select(s) = parse(cql).unwrap().statement else {
        panic!()
    };
    plan_select(
        t,
        &s,
        &[],
        &Murmur3Partitioner,
        &mut TimeUuidGenerator::new(1),
        0,
        Default::default(),
    )
}

#[test]
fn select_planning_and_messages() {
    let t = testtable();
    let msg = |cql: &str| plan(&t, cql).unwrap_err().to_string();
    assert_eq!(
        msg("SELECT * FROM testtable WHERE pkey1 = 'a'"),
        "Partition key part pkey2 must be restricted since preceding part is"
    );
    assert!(msg("SELECT * FROM testtable WHERE skey = 101")
        .starts_with("Cannot execute this query as it might involve data filtering"));
    assert_eq!(
        msg("SELECT * FROM testtable WHERE value = 'x'"),
        "No indexed columns present in by-columns clause with Equal operator"
    );
    assert_eq!(
        msg("SELECT * FROM testtable ORDER BY skey"),
        "ORDER BY is only supported when the partition key is restricted by an EQ or an IN."
    );
    // skey is DESC: ORDER BY skey ASC reads the slice backwards.
    let p = plan(
        &t,
        "SELECT * FROM testtable WHERE pkey1 = 'a' AND pkey2 = 'b' ORDER BY skey ASC",
    )
    .unwrap();
    assert!(p.reversed);
    // skey >= 100 on a DESC column bounds the *end* of the comparator slice.
    let p = plan(
        &t,
        "SELECT * FROM testtable WHERE pkey1 = 'a' AND pkey2 = 'b' AND skey >= 100 AND skey < 103",
    )
    .unwrap();
    let Slice::Range {
        start,
        finish,
        reversed: false,
        ..
    } = &p.slices[0]
    else {
        panic!()
    };
    assert_eq!(bytes_to_hex(start), "00040000006701");
    assert_eq!(bytes_to_hex(finish), "00040000006401");
    assert_eq!(
        plan(&t, "SELECT * FROM testtable LIMIT 0")
            .unwrap_err()
            .to_string(),
        "LIMIT must be strictly positive"
    );
}

#[test]
fn stand_ins_decode_as_every_type() {
    use crate::cql::types::Native;
    let natives = [
        Native::Ascii,
        Native::Bigint,
        Native::Blob,
        Native::Boolean,
        Native::Counter,
        Native::Decimal,
        Native::Double,
        Native::Float,
        Native::Inet,
        Native::Int,
        Native::Text,
        Native::Timestamp,
        Native::SignedTimestamp,
        Native::Timeuuid,
        Native::Uuid,
        Native::Varint,
    ];
    for n in natives {
        let t = crate::cql::types::CqlType::Native(n);
        for ty in [
            t.clone(),
            crate::cql::types::CqlType::List(Box::new(t.clone())),
            crate::cql::types::CqlType::Set(Box::new(t.clone())),
            crate::cql::types::CqlType::Map(Box::new(t.clone()), Box::new(t)),
        ] {
            let v = stand_in(&ty);
            assert!(!v.is_empty(), "{ty:?}");
            for rules in [super::ValueRules::Since12, super::ValueRules::Since22] {
                values::decode_bound(&v, &ty, rules).unwrap();
            }
        }
    }
}

#[test]
fn a_counter_is_added_to_never_set() {
    let t = table("CREATE TABLE n (k text PRIMARY KEY, c counter)");
    let e = writes(&t, "UPDATE n SET c = 5 WHERE k = 'a'", &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "Cannot set the value of counter column c (counters can only be incremented/decremented, not set)"
    );
    assert!(writes(&t, "UPDATE n SET c = c + 5 WHERE k = 'a'", &[]).is_ok());
}

/// 1.2's UPDATE wrote the row marker into a counter table too (a plain
/// empty cell beside the increments); 2.0's wrote none.
#[test]
fn a_1_2_counter_update_writes_the_row_marker() {
    let t = table("CREATE TABLE n (k text, d int, c counter, PRIMARY KEY (k, d))");
    let update = "UPDATE n SET c = c + 5 WHERE k = 'a' AND d = 1";
    let ops = &writes_with(&t, update, true).unwrap()[0].ops;
    assert_eq!(ops.len(), 2);
    assert!(matches!(&ops[0], CqlOp::Cell(c) if c.value.is_empty()));
    assert!(matches!(&ops[1], CqlOp::CounterAdd { delta: 5, .. }));
    let ops = &writes_with(&t, update, false).unwrap()[0].ops;
    assert!(matches!(ops.as_slice(), [CqlOp::CounterAdd { .. }]));
}

/// 3.0's INSERT met a regular column's bad literal before a key column's
/// (its key values were prepared later, as a WHERE clause); before 3.0 the
/// key's came first, as the columns were named.
#[test]
fn from_3_0_an_insert_checks_regular_literals_before_keys() {
    let t = table("CREATE TABLE s (k int, c int, v int, PRIMARY KEY (k, c))");
    let stmt = "INSERT INTO s (k, c, v) VALUES (1, 'x', 'y')";
    let err = |values| {
        writes_of(&t, stmt, &[], &[], true, values)
            .unwrap_err()
            .to_string()
    };
    assert!(
        err(ValueRules::Since30).contains("(y) for v"),
        "{}",
        err(ValueRules::Since30)
    );
    assert!(
        err(ValueRules::Since22).contains("(x) for c"),
        "{}",
        err(ValueRules::Since22)
    );
}

/// 2.0.17 (`rel_staticmarker`): an INSERT of static columns alone marked
/// the static row it wrote (2.1 on did not); the marker made no CQL row.
#[test]
fn a_2_0_insert_of_statics_alone_marks_the_static_row_which_reads_as_no_row() {
    use crate::cql::{parse_with, Grammar};
    let create = "CREATE TABLE a (id text, t int, s int static, v int, PRIMARY KEY (id, t))";
    let Statement::CreateTable(ct) = parse_with(create, Grammar::WithStatics).unwrap().statement
    else {
        panic!()
    };
    let t = Table::from_create("ks", &ct).unwrap();
    let insert = "INSERT INTO a (id, s) VALUES ('x', 1)";
    let ops = |values| -> Vec<String> {
        let w = writes_of(&t, insert, &[], &[], false, values).unwrap();
        w[0].ops.iter().map(cell_hex).collect()
    };
    assert_eq!(
        ops(ValueRules::Since20),
        ["ffff000000000000=@5000", "ffff00000000017300=00000001@5000"]
    );
    assert_eq!(
        ops(ValueRules::Since21),
        ["ffff00000000017300=00000001@5000"]
    );
    // the static column deleted, the marker alone is no row
    let marker = Cell::live(
        crate::marshal::hex_to_bytes("ffff000000000000").unwrap(),
        vec![],
        5,
    );
    assert!(rows_from_cells(&t, b"x", std::slice::from_ref(&marker), 0)
        .unwrap()
        .is_empty());
    let s = Cell::live(
        crate::marshal::hex_to_bytes("ffff00000000017300").unwrap(),
        vec![0, 0, 0, 1],
        5,
    );
    assert_eq!(rows_from_cells(&t, b"x", &[marker, s], 0).unwrap().len(), 1);
}
