//! Replays the schema calls recorded from Cassandra 1.2.9 (conformance cases
//! `api19/*.json`) against `Schema::apply`: every `system_*` request is
//! converted to a change request, its outcome (success, or the exact IRE
//! message) must be the recorded one, and every recorded `describe_keyspace`
//! reply must equal `KeyspaceDef::describe_v12` field for field (ids and
//! versions are masked by the cases and not compared).

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use supercolumn::config::Config;
use supercolumn::schema::{
    CfSpec, ColumnSpec, IndexType, KeyspaceSpec, Schema, SchemaChange, SchemaChangeError,
};

const CASES: &str = "/work/shared/conformance/cases/v19";

fn field<'a>(v: &'a Value, id: &str) -> Option<&'a Value> {
    v["f"].get(id)
}

fn text(v: &Value) -> String {
    match (v.get("v"), v.get("hex")) {
        (Some(Value::String(s)), _) => s.clone(),
        (_, Some(Value::String(h))) => String::from_utf8(bytes_hex(h)).unwrap(),
        _ => panic!("not a string: {v}"),
    }
}

fn bytes(v: &Value) -> Vec<u8> {
    match (v.get("v"), v.get("hex")) {
        (Some(Value::String(s)), _) => s.as_bytes().to_vec(),
        (_, Some(Value::String(h))) => bytes_hex(h),
        _ => panic!("not binary: {v}"),
    }
}

fn bytes_hex(h: &str) -> Vec<u8> {
    (0..h.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
        .collect()
}

fn s(v: &Value, id: &str) -> Option<String> {
    field(v, id).map(text)
}
fn i(v: &Value, id: &str) -> Option<i32> {
    field(v, id).map(|x| x["v"].as_i64().unwrap() as i32)
}
fn d(v: &Value, id: &str) -> Option<f64> {
    field(v, id).map(|x| x["v"].as_f64().unwrap())
}
fn b(v: &Value, id: &str) -> Option<bool> {
    field(v, id).map(|x| x["v"].as_bool().unwrap())
}
fn map(v: &Value, id: &str) -> Option<BTreeMap<String, String>> {
    field(v, id).map(|m| {
        m["v"]
            .as_array()
            .unwrap()
            .iter()
            .map(|kv| (text(&kv[0]), text(&kv[1])))
            .collect()
    })
}
fn list<'a>(v: &'a Value, id: &str) -> Option<&'a Vec<Value>> {
    field(v, id).map(|l| l["v"].as_array().unwrap())
}

fn column_spec(v: &Value) -> ColumnSpec {
    ColumnSpec {
        name: bytes(field(v, "1").unwrap()),
        validation_class: s(v, "2"),
        index_type: i(v, "3").map(|t| IndexType::from_thrift_value(t).unwrap()),
        index_name: s(v, "4"),
        index_options: map(v, "5"),
        component_index: None,
        is_static: false,
    }
}

/// A recorded Thrift `CfDef` struct as a request (or describe reply).
fn cf_spec(v: &Value) -> CfSpec {
    let known = [
        "1", "2", "3", "5", "6", "8", "12", "13", "14", "15", "16", "17", "18", "24", "26", "28",
        "29", "30", "32", "33", "34", "37", "38",
    ];
    for id in v["f"].as_object().unwrap().keys() {
        assert!(
            known.contains(&id.as_str()),
            "CfDef field {id} not converted"
        );
    }
    CfSpec {
        keyspace: s(v, "1").unwrap(),
        name: s(v, "2").unwrap(),
        column_type: s(v, "3"),
        comparator_type: s(v, "5"),
        subcomparator_type: s(v, "6"),
        comment: s(v, "8"),
        read_repair_chance: d(v, "12"),
        column_metadata: list(v, "13").map(|l| l.iter().map(column_spec).collect()),
        gc_grace_seconds: i(v, "14"),
        default_validation_class: s(v, "15"),
        // Masked by the cases and never sent by 1.2.9.
        id: None,
        min_compaction_threshold: i(v, "17"),
        max_compaction_threshold: i(v, "18"),
        replicate_on_write: b(v, "24"),
        key_validation_class: s(v, "26"),
        key_alias: field(v, "28").map(bytes),
        compaction_strategy: s(v, "29"),
        compaction_strategy_options: map(v, "30"),
        compression_options: map(v, "32"),
        bloom_filter_fp_chance: d(v, "33"),
        caching: s(v, "34"),
        dclocal_read_repair_chance: d(v, "37"),
        populate_io_cache_on_flush: b(v, "38"),
        ..CfSpec::default()
    }
}

fn ks_spec(v: &Value) -> KeyspaceSpec {
    KeyspaceSpec {
        name: s(v, "1").unwrap(),
        strategy_class: s(v, "2").unwrap(),
        strategy_options: map(v, "3"),
        replication_factor: i(v, "4"),
        cf_defs: list(v, "5")
            .map(|l| l.iter().map(cf_spec).collect())
            .unwrap_or_default(),
        durable_writes: b(v, "6"),
    }
}

struct Replay {
    schema: Schema,
    session: Option<String>,
    checked_changes: usize,
    checked_describes: usize,
}

impl Replay {
    fn step(&mut self, case: &str, n: usize, step: &Value) {
        let call = step["call"].as_str().unwrap();
        let args = &step["args"];
        let arg = |id: &str| field(args, id).unwrap();
        let body = &step["reply"]["body"];
        let change = match call {
            "set_keyspace" => {
                let ks = text(arg("1"));
                if self.schema.keyspace(&ks).is_some() {
                    self.session = Some(ks);
                }
                return;
            }
            "describe_keyspace" => return self.describe(case, n, &text(arg("1")), body),
            "system_add_keyspace" => SchemaChange::AddKeyspace(ks_spec(arg("1"))),
            "system_update_keyspace" => SchemaChange::UpdateKeyspace(ks_spec(arg("1"))),
            "system_drop_keyspace" => SchemaChange::DropKeyspace(text(arg("1"))),
            "system_add_column_family" => SchemaChange::AddColumnFamily(cf_spec(arg("1"))),
            "system_update_column_family" => SchemaChange::UpdateColumnFamily(cf_spec(arg("1"))),
            "system_drop_column_family" => SchemaChange::DropColumnFamily {
                keyspace: self.session.clone().expect("session keyspace"),
                name: text(arg("1")),
            },
            _ => return,
        };
        let outcome = self.schema.apply(change);
        let expected_error = field(body, "1").map(|ire| s(ire, "1").unwrap());
        match (outcome, expected_error) {
            (Ok(next), None) => {
                assert_ne!(next.version(), self.schema.version(), "{case} step {n}");
                self.schema = next;
            }
            (Err(SchemaChangeError::Invalid(why)), Some(expected)) => {
                assert_eq!(why, expected, "{case} step {n} ({call})")
            }
            (outcome, expected) => {
                panic!("{case} step {n} ({call}): got {outcome:?}, recorded {expected:?}")
            }
        }
        self.checked_changes += 1;
    }

    fn describe(&mut self, case: &str, n: usize, name: &str, body: &Value) {
        let Some(reply) = field(body, "0") else {
            // NotFoundException.
            assert!(field(body, "1").is_some(), "{case} step {n}");
            assert!(self.schema.keyspace(name).is_none(), "{case} step {n}");
            return;
        };
        let mut expected = ks_spec(reply);
        let mut actual = self
            .schema
            .keyspace(name)
            .unwrap_or_else(|| panic!("{case} step {n}: no keyspace {name}"))
            .describe_v12();
        // The cases compare the CF list unordered.
        expected.cf_defs.sort_by(|a, b| a.name.cmp(&b.name));
        actual.cf_defs.sort_by(|a, b| a.name.cmp(&b.name));
        assert_eq!(actual, expected, "{case} step {n}");
        self.checked_describes += 1;
    }
}

#[test]
fn recorded_schema_calls_and_describe_replies() {
    if !Path::new(CASES).is_dir() {
        eprintln!("skipped: the conformance corpus is not at {CASES}");
        return;
    }
    let xml = include_str!("../../src/config/testdata/storage-conf-v19.xml");
    let config = Config::from_xml(xml, "storage-conf-v19.xml").unwrap();
    let base = Schema::from_config(&config).unwrap();
    let (mut changes, mut describes) = (0, 0);
    let mut files: Vec<_> = std::fs::read_dir(CASES)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for file in files {
        let case: Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        // CQL3-created keyspaces need the CQL layer; their steps are skipped
        // up to the first Thrift schema call.
        let mut replay = Replay {
            schema: base.clone(),
            session: None,
            checked_changes: 0,
            checked_describes: 0,
        };
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let uses_cql = case["steps"]
            .as_array()
            .unwrap()
            .iter()
            .any(|st| st["call"] == "execute_cql3_query");
        if uses_cql {
            continue;
        }
        for (n, step) in case["steps"].as_array().unwrap().iter().enumerate() {
            replay.step(&name, n, step);
        }
        changes += replay.checked_changes;
        describes += replay.checked_describes;
    }
    // 2 describe replies with column families; every system_* call outside
    // the CQL3 cases.
    assert_eq!(describes, 2);
    assert!(changes >= 20, "{changes}");
}
