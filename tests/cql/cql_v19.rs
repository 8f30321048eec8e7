//! The CQL3 conversations recorded from a real Cassandra 1.2.9 over Thrift
//! (`v19_cql3_compound_keys.json`, `v19_cql3_collections.json`) replayed
//! through `supercolumn::cql` on the in-test store: every result row,
//! column name, value, result value type and error message must match.
//! Skips (saying so) when /work/shared is not on this machine.

use crate::support::cql;

use cql::{Outcome, Session};
use serde_json::Value;
use std::path::Path;
use supercolumn::marshal::bytes_to_hex;

const CASES: &str = "/work/shared/conformance/cases/v19";

/// A recorded binary field as hex (`v` is UTF-8 text, `hex` raw bytes).
fn field_hex(v: &Value) -> Option<String> {
    if let Some(h) = v.get("hex").and_then(Value::as_str) {
        return Some(h.to_string());
    }
    v.get("v")
        .and_then(Value::as_str)
        .map(|s| bytes_to_hex(s.as_bytes()))
}

fn replay(file: &str) -> (usize, usize) {
    let case: Value =
        serde_json::from_str(&std::fs::read_to_string(Path::new(CASES).join(file)).unwrap())
            .unwrap();
    let mut session = Session::new(1_795_289_800_000_000);
    let (mut checked, mut rows_checked) = (0, 0);
    for step in case["steps"].as_array().unwrap() {
        let call = step["call"].as_str().unwrap();
        let arg = step["args"]["f"]["1"]["v"].as_str().unwrap_or("");
        let query = match call {
            "execute_cql3_query" => arg.to_string(),
            "set_keyspace" => format!("USE {arg}"),
            _ => continue,
        };
        let got = session.execute(&query);
        checked += 1;
        let Some(body) = step["reply"]["body"]["f"]
            .as_object()
            .filter(|b| !b.is_empty())
        else {
            // A void reply (set_keyspace).
            assert!(got.is_ok(), "{file}: {query}");
            continue;
        };
        let Some(result) = body.get("0") else {
            let want = body.values().next().unwrap()["f"]["1"]["v"]
                .as_str()
                .unwrap();
            match got {
                Err(e) => assert_eq!(e.to_string(), want, "{file}: {query}"),
                Ok(_) => panic!("{file}: {query} succeeded, 1.2.9 said {want}"),
            }
            continue;
        };
        if call == "set_keyspace" {
            assert!(got.is_ok(), "{file}: {query}");
            continue;
        }
        let got = got.unwrap_or_else(|e| panic!("{file}: {query} failed: {e}"));
        match (result["f"]["1"]["v"].as_i64(), got) {
            (Some(2), Outcome::Void) => {}
            (Some(1), Outcome::Rows(rs)) => {
                let want_rows = result["f"]["2"]["v"].as_array().unwrap();
                assert_eq!(rs.rows.len(), want_rows.len(), "{file}: {query}: row count");
                for (w, g) in want_rows.iter().zip(&rs.rows) {
                    let cols = w["f"]["2"]["v"].as_array().unwrap();
                    assert_eq!(
                        cols.len(),
                        rs.columns.len(),
                        "{file}: {query}: column count"
                    );
                    for ((c, rc), gv) in cols.iter().zip(&rs.columns).zip(g) {
                        assert_eq!(
                            c["f"]["1"]["v"].as_str().unwrap(),
                            rc.name,
                            "{file}: {query}"
                        );
                        let want = c["f"].get("2").and_then(field_hex);
                        assert_eq!(
                            gv.as_deref().map(bytes_to_hex),
                            want,
                            "{file}: {query}: column {}",
                            rc.name
                        );
                    }
                    rows_checked += 1;
                }
                let mut want_types: Vec<(String, String)> = result["f"]["4"]["f"]["2"]["v"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|kv| {
                        (
                            kv[0]["v"].as_str().unwrap().to_string(),
                            kv[1]["v"].as_str().unwrap().to_string(),
                        )
                    })
                    .collect();
                let mut got_types: Vec<(String, String)> = rs
                    .columns
                    .iter()
                    .map(|c| (c.name.clone(), c.type_class.clone()))
                    .collect();
                want_types.sort();
                got_types.sort();
                assert_eq!(got_types, want_types, "{file}: {query}: value types");
            }
            (want, _) => panic!("{file}: {query}: wrong result kind, want type {want:?}"),
        }
    }
    (checked, rows_checked)
}

#[test]
fn recorded_v19_cql3_conversations_match() {
    if !Path::new(CASES).exists() {
        eprintln!("skipped: {CASES} is not on this machine");
        return;
    }
    for file in ["v19_cql3_compound_keys.json", "v19_cql3_collections.json"] {
        let (steps, rows) = replay(file);
        eprintln!("{file}: {steps} calls, {rows} result rows match");
    }
}
