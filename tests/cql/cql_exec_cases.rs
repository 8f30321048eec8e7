//! The CQL3 conversations recorded from a real Cassandra 1.2.9 over Thrift
//! (`cases/v19/v19_cql3_*.json`, `cases/cql3/*.json`) replayed through
//! `cql::exec` on a real engine: for every `execute_cql3_query` the
//! outcome must convert 1:1 into the recorded `CqlResult` — type, rows
//! (key "", column names, values, nulls unset), and `CqlMetadata`
//! (name_types all "UTF8Type", value_types the full class names,
//! default name/value types "UTF8Type") — or into the recorded
//! `InvalidRequestException.why`. Skips (saying so) without /work/shared.

use crate::support::cql_exec;

use cql_exec::{EngineBackend, Node};
use serde_json::Value;
use std::path::Path;
use supercolumn::cql::exec::CqlOutcome;
use supercolumn::marshal::bytes_to_hex;

const CASES: &str = "/work/shared/conformance/cases";

fn field_hex(v: &Value) -> Option<String> {
    if let Some(h) = v.get("hex").and_then(Value::as_str) {
        return Some(h.to_string());
    }
    v.get("v")
        .and_then(Value::as_str)
        .map(|s| bytes_to_hex(s.as_bytes()))
}

fn text(v: &Value) -> String {
    match v.get("hex").and_then(Value::as_str) {
        Some(h) => String::from_utf8(supercolumn::marshal::hex_to_bytes(h).unwrap()).unwrap(),
        None => v["v"].as_str().unwrap().to_string(),
    }
}

/// Sorted (key, value) pairs of a recorded Thrift map.
fn recorded_map(m: &Value) -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = m["v"]
        .as_array()
        .unwrap()
        .iter()
        .map(|kv| (text(&kv[0]), text(&kv[1])))
        .collect();
    out.sort();
    out
}

/// Replays one case file; returns (calls, mismatches).
fn replay(path: &Path, system_reads: &mut Vec<String>) -> (usize, Vec<String>) {
    let case: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let file = path.file_name().unwrap().to_string_lossy().to_string();
    let mut node = Node::new(EngineBackend::in_memory());
    let mut bad = Vec::new();
    let mut calls = 0;
    for step in case["steps"].as_array().unwrap() {
        let call = step["call"].as_str().unwrap();
        let arg = step["args"]["f"]["1"]["v"].as_str().unwrap_or("");
        let query = match call {
            "execute_cql3_query" => arg.to_string(),
            "set_keyspace" => format!("USE {arg}"),
            _ => continue,
        };
        if query.contains("FROM system.") {
            system_reads.push(format!("{file}: {query}"));
        }
        calls += 1;
        let got = node.execute(&query);
        let body = step["reply"]["body"]["f"].as_object();
        let Some(body) = body.filter(|b| !b.is_empty()) else {
            if let Err(e) = got {
                bad.push(format!("{file}: {query}: {e}, want success"));
            }
            continue;
        };
        let Some(result) = body.get("0") else {
            let want = body.values().next().unwrap()["f"]["1"]["v"]
                .as_str()
                .unwrap_or("");
            match got {
                Err(e) if e.to_string() == want => {}
                Err(e) => bad.push(format!("{file}: {query}: error {e}, want {want}")),
                Ok(_) => bad.push(format!("{file}: {query}: succeeded, want {want}")),
            }
            continue;
        };
        let got = match got {
            Ok(g) => g,
            Err(e) => {
                bad.push(format!("{file}: {query}: failed with {e}"));
                continue;
            }
        };
        if call == "set_keyspace" {
            continue;
        }
        match (result["f"]["1"]["v"].as_i64(), got) {
            (Some(1), CqlOutcome::Rows(rs)) => {
                let want_rows = result["f"]["2"]["v"].as_array().unwrap();
                if want_rows.len() != rs.rows.len() {
                    bad.push(format!(
                        "{file}: {query}: {} rows, want {}",
                        rs.rows.len(),
                        want_rows.len()
                    ));
                    continue;
                }
                for (w, g) in want_rows.iter().zip(&rs.rows) {
                    if w["f"]["1"]["v"].as_str() != Some("") {
                        bad.push(format!("{file}: {query}: row key not empty"));
                    }
                    let cols = w["f"]["2"]["v"].as_array().unwrap();
                    let want: Vec<(String, Option<String>)> = cols
                        .iter()
                        .map(|c| (text(&c["f"]["1"]), c["f"].get("2").and_then(field_hex)))
                        .collect();
                    let have: Vec<(String, Option<String>)> = rs
                        .columns
                        .iter()
                        .zip(g)
                        .map(|(c, v)| (c.name.clone(), v.as_deref().map(bytes_to_hex)))
                        .collect();
                    if want != have {
                        bad.push(format!("{file}: {query}: row {have:?}, want {want:?}"));
                    }
                }
                let meta = &result["f"]["4"]["f"];
                let names: Vec<(String, String)> = {
                    let mut v: Vec<(String, String)> = rs
                        .columns
                        .iter()
                        .map(|c| (c.name.clone(), "UTF8Type".to_string()))
                        .collect();
                    v.sort();
                    v
                };
                let values: Vec<(String, String)> = {
                    let mut v: Vec<(String, String)> = rs
                        .columns
                        .iter()
                        .map(|c| (c.name.clone(), c.type_class.clone()))
                        .collect();
                    v.sort();
                    v
                };
                if recorded_map(&meta["1"]) != names || recorded_map(&meta["2"]) != values {
                    bad.push(format!(
                        "{file}: {query}: metadata {values:?}, want {:?}",
                        recorded_map(&meta["2"])
                    ));
                }
                if meta["3"]["v"].as_str() != Some("UTF8Type")
                    || meta["4"]["v"].as_str() != Some("UTF8Type")
                {
                    bad.push(format!("{file}: {query}: default types are not UTF8Type"));
                }
            }
            (Some(2), CqlOutcome::Rows(_)) => bad.push(format!("{file}: {query}: rows, want VOID")),
            (Some(2), _) => {}
            (want, _) => bad.push(format!("{file}: {query}: wrong result kind, want {want:?}")),
        }
    }
    (calls, bad)
}

fn cases(dir: &str, prefix: &str) -> Vec<std::path::PathBuf> {
    let mut v: Vec<_> = std::fs::read_dir(Path::new(CASES).join(dir))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with(prefix))
        .collect();
    v.sort();
    v
}

#[test]
fn recorded_cql3_conversations_match_through_the_executor() {
    if !Path::new(CASES).exists() {
        eprintln!("skipped: {CASES} is not on this machine");
        return;
    }
    let mut all = Vec::new();
    let mut total = 0;
    let mut system_reads = Vec::new();
    for path in cases("v19", "v19_cql3_")
        .into_iter()
        .chain(cases("cql3", "cql3_"))
    {
        let (calls, bad) = replay(&path, &mut system_reads);
        eprintln!(
            "{}: {calls} calls, {} mismatches",
            path.display(),
            bad.len()
        );
        total += calls;
        all.extend(bad);
    }
    for b in &all {
        eprintln!("MISMATCH {b}");
    }
    eprintln!(
        "{total} calls replayed, {} of them schema-table SELECTs",
        system_reads.len()
    );
    assert!(all.is_empty(), "{} mismatches", all.len());
}
