use super::*;
use crate::thrift::session::GenerationPolicy;
use crate::thrift::wire::{Value, Writer};

fn bin(s: &str) -> Value {
    Value::Bin(s.as_bytes().to_vec())
}

/// A request's arguments (its bytes after the header).
fn args(fields: Vec<(i16, Value)>) -> Vec<u8> {
    let mut w = Writer::new();
    w.value(&Value::Struct(fields));
    w.buf
}

fn parent(cf: &str) -> Value {
    Value::Struct(vec![(3, bin(cf))])
}

fn session() -> Session {
    Session::with_policy(GenerationPolicy::default())
}

fn names(n: &Named) -> (Option<&str>, Vec<&str>, usize) {
    (
        n.keyspace.as_deref(),
        n.column_families.iter().map(String::as_str).collect(),
        n.more_cfs,
    )
}

#[test]
fn a_06_get_slice_names_its_keyspace_column_family_and_key() {
    let a = args(vec![
        (1, bin("Keyspace1")),
        (2, bin("secret-key")),
        (3, parent("Standard1")),
    ]);
    let n = read(Generation::Api2, "get_slice", &a, &session());
    assert_eq!(names(&n), (Some("Keyspace1"), vec!["Standard1"], 0));
    assert_eq!(n.keys, [b"secret-key".to_vec()]);
    assert_eq!(n.statement, None);
}

#[test]
fn a_19x_get_names_key_level_and_the_connection_keyspace() {
    let mut s = session();
    s.api19.keyspace = Some("Blog".into());
    let a = args(vec![
        (1, bin("row1")),
        (2, parent("Posts")),
        (3, Value::I32(2)),
    ]);
    let n = read(Generation::Api19, "get", &a, &s);
    assert_eq!(names(&n), (Some("Blog"), vec!["Posts"], 0));
    assert_eq!(n.keys, [b"row1".to_vec()]);
    assert_eq!(n.consistency_level.as_deref(), Some("QUORUM"));
    assert_eq!(n.cql, None);
}

#[test]
fn a_06_multiget_slice_names_its_keyspace_keys_and_level() {
    let a = args(vec![
        (1, bin("Keyspace1")),
        (2, Value::List(ttype::STRING, vec![bin("a"), bin("b")])),
        (3, parent("Standard1")),
        (4, Value::Struct(vec![])),
        (5, Value::I32(3)),
    ]);
    let n = read(Generation::Api2, "multiget_slice", &a, &session());
    assert_eq!(n.keyspace.as_deref(), Some("Keyspace1"));
    assert_eq!(n.keys, [b"a".to_vec(), b"b".to_vec()]);
    assert_eq!(n.consistency_level.as_deref(), Some("DCQUORUM"));
}

#[test]
fn batch_keys_and_column_families_and_a_defaulted_remove_level() {
    let cfmap = Value::Map(
        ttype::STRING,
        ttype::LIST,
        vec![(bin("CF1"), Value::List(ttype::STRUCT, vec![]))],
    );
    let a = args(vec![
        (
            1,
            Value::Map(
                ttype::STRING,
                ttype::MAP,
                vec![(bin("k1"), cfmap.clone()), (bin("k2"), cfmap)],
            ),
        ),
        (2, Value::I32(11)),
    ]);
    let n = read(Generation::Api19, "batch_mutate", &a, &session());
    assert_eq!(n.keys, [b"k1".to_vec(), b"k2".to_vec()]);
    assert_eq!(n.column_families, ["CF1"]);
    assert_eq!(n.consistency_level.as_deref(), Some("LOCAL_ONE"));
    let remove = args(vec![(1, bin("k")), (2, parent("CF")), (3, Value::I64(1))]);
    let n = read(Generation::Api19, "remove", &remove, &session());
    assert_eq!(
        n.consistency_level.as_deref(),
        Some("ONE"),
        "the IDL default"
    );
}

#[test]
fn a_batch_names_four_column_families_and_counts_the_rest() {
    // 19.x batch_mutate: key -> cf -> mutations, six CFs over two keys.
    let key = |cfs: &[&str]| {
        Value::Map(
            ttype::STRING,
            ttype::LIST,
            cfs.iter()
                .map(|cf| (bin(cf), Value::List(ttype::STRUCT, vec![])))
                .collect(),
        )
    };
    let a = args(vec![(
        1,
        Value::Map(
            ttype::STRING,
            ttype::MAP,
            vec![
                (bin("k1"), key(&["A", "B", "C"])),
                (bin("k2"), key(&["C", "D", "E", "F"])),
            ],
        ),
    )]);
    let n = read(Generation::Api19, "batch_mutate", &a, &session());
    assert_eq!(names(&n), (None, vec!["A", "B", "C", "D"], 2));
}

#[test]
fn schema_calls_name_what_their_definitions_name() {
    let a = args(vec![(
        1,
        Value::Struct(vec![(1, bin("ks")), (2, bin("new\ncf"))]),
    )]);
    let n = read(
        Generation::Api19,
        "system_add_column_family",
        &a,
        &session(),
    );
    assert_eq!(names(&n), (Some("ks"), vec!["new\ncf"], 0));
    // Truncated or garbage arguments give what could be read, never a panic.
    for cut in 0..a.len() {
        let _ = read(
            Generation::Api19,
            "system_add_column_family",
            &a[..cut],
            &session(),
        );
    }
    let _ = read(Generation::Api2, "batch_mutate", &[0xff; 40], &session());
}

#[test]
fn a_parent_is_read_whole_and_each_parent_counts() {
    // Two parents (a malformed request): both.
    let a = args(vec![(2, parent("A")), (2, parent("B")), (2, parent("A"))]);
    let n = read(Generation::Api19, "get_slice", &a, &session());
    assert_eq!(n.column_families, ["A", "B"]);
    // A parent that does not read whole names nothing.
    let mut a = args(vec![(1, bin("k"))]);
    a.pop();
    a.extend_from_slice(&[ttype::STRUCT, 0, 2, ttype::STRING, 0, 3, 0, 0, 0, 1]);
    a.extend_from_slice(&[b'x', 99]);
    let n = read(Generation::Api19, "get", &a, &session());
    assert!(n.column_families.is_empty());
    assert_eq!(n.keys, [b"k".to_vec()]);
}

#[test]
fn get_multi_slice_names_its_column_family_and_level() {
    let request = Value::Struct(vec![(2, parent("Wide")), (6, Value::I32(5))]);
    let n = read(
        Generation::Api19,
        "get_multi_slice",
        &args(vec![(1, request)]),
        &session(),
    );
    assert_eq!(n.column_families, ["Wide"]);
    assert_eq!(n.consistency_level.as_deref(), Some("ALL"));
    let n = read(
        Generation::Api19,
        "get_multi_slice",
        &args(vec![(1, Value::Struct(vec![]))]),
        &session(),
    );
    assert_eq!(n.consistency_level.as_deref(), Some("ONE"), "the default");
}

#[test]
fn cql_calls_carry_their_statement_and_text_plain_or_compressed() {
    let q = "SELECT * FROM ks.users WHERE KEY = 'x'";
    let a = args(vec![(1, bin(q)), (2, Value::I32(2)), (3, Value::I32(5))]);
    let n = read(Generation::Api19, "execute_cql3_query", &a, &session());
    assert_eq!(n.statement.as_ref().unwrap().kind, "SELECT");
    assert_eq!(names(&n), (Some("ks"), vec!["users"], 0));
    assert_eq!(n.cql.as_deref(), Some(q));
    assert_eq!(n.consistency_level.as_deref(), Some("ALL"));
    let mut z = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut z, q.as_bytes()).unwrap();
    let a = args(vec![
        (1, Value::Bin(z.finish().unwrap())),
        (2, Value::I32(1)),
    ]);
    let n = read(Generation::Api19, "execute_cql_query", &a, &session());
    // A compressed statement is not scanned for names.
    assert_eq!(n.statement.unwrap().kind, "(compressed)");
    assert_eq!(n.keyspace, None);
    assert_eq!(n.cql.as_deref(), Some(q));
    assert_eq!(n.consistency_level, None, "CQL 2 has no level argument");
    let n = read(Generation::Api19, "execute_cql_query", &[0], &session());
    assert_eq!(n.statement.unwrap().kind, "(unreadable)");
    assert_eq!(n.cql, None);
}

#[test]
fn a_prepared_execution_names_its_statement_id() {
    let a = args(vec![(1, Value::I32(42)), (3, Value::I32(1))]);
    let n = read(
        Generation::Api19,
        "execute_prepared_cql3_query",
        &a,
        &session(),
    );
    assert_eq!(n.statement.unwrap().kind, "EXECUTE PREPARED");
    assert_eq!(n.prepared_id, Some(42));
    assert_eq!(n.consistency_level.as_deref(), Some("ONE"));
    let n = read(
        Generation::Api19,
        "execute_prepared_cql_query",
        &a,
        &session(),
    );
    assert_eq!(n.prepared_id, None, "a CQL 2 id is not in the CQL 3 cache");
}
