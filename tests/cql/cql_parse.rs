//! The CQL3 parser against real text: every statement of the seed
//! articles 000–003 and every CQL3 query of the recorded 1.2.9
//! conformance cases (whose syntax errors must match byte for byte).
//!
//! Both corpora live under /work/shared; when it is absent the tests say
//! so and skip (the golden replay in `cql_golden.rs` carries its own copy).

use serde_json::Value;
use std::path::Path;
use supercolumn::cql::{parse, CqlError};

const SEEDS: &str = "/work/shared/seeds";
const CASES: &str = "/work/shared/conformance/cases";

/// Statements as they appear in a seed: from a line starting with a CQL
/// verb to a `;`, or to a blank line once parentheses balance (the
/// articles often omit the `;`). Interleaved shell prompts end a statement.
fn seed_statements(text: &str) -> Vec<String> {
    let verbs = [
        "create", "insert", "select", "update", "delete", "use", "begin", "alter", "drop", "nsert",
    ];
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let first = lines[i]
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        if !verbs.contains(&first.as_str()) {
            i += 1;
            continue;
        }
        let mut buf = String::new();
        while i < lines.len() {
            let l = lines[i].split("cqlsh>").next().unwrap_or("");
            let balanced = buf.matches('(').count() == buf.matches(')').count();
            if l.trim().is_empty() && !buf.is_empty() && balanced {
                break;
            }
            buf.push_str(l);
            buf.push('\n');
            i += 1;
            if l.trim_end().ends_with(';') || lines[i - 1].contains("cqlsh>") {
                break;
            }
        }
        out.push(buf.trim().to_string());
    }
    out
}

/// Seed statements that are not valid CQL, and why (see the notes in
/// cql3-cells-golden.json, which replays corrected versions).
const BROKEN_IN_SEEDS: &[(&str, &str)] = &[
    (
        "CREATE TABLE gyms_by_city",
        "clustering columns in parentheses and a missing ')'",
    ),
    (
        "SELECT content FROM posts_facebook WHERE user_id = \"Anna_id\"",
        "double-quoted string",
    ),
    ("SELECT * FROM gyms_by_city", "double-quoted strings"),
    (
        "SELECT * FROM Customer_By_Liked_Product WHERE title = \"Pepsi\"",
        "double-quoted string",
    ),
    (
        "SELECT * FROM Product_Liked_By_Customer",
        "double-quoted string",
    ),
    (
        "INSERT INTO testtable (pkey1, pkey2, skey, cvalue, value)\n VALUES('pkey1_1', 'pkey2_3'",
        "misplaced ')'",
    ),
    ("NSERT INTO", "typo for INSERT"),
];

#[test]
fn every_seed_statement_parses_or_is_a_known_seed_error() {
    if !Path::new(SEEDS).exists() {
        eprintln!("skipped: {SEEDS} is not on this machine");
        return;
    }
    let (mut parsed, mut rejected) = (0, 0);
    for n in ["000", "001", "002", "003"] {
        let entry = std::fs::read_dir(SEEDS)
            .unwrap()
            .map(|e| e.unwrap().path())
            .find(|p| p.file_name().unwrap().to_string_lossy().starts_with(n))
            .unwrap();
        let text = std::fs::read_to_string(&entry).unwrap();
        for stmt in seed_statements(&text) {
            let normalized: String = stmt.lines().map(str::trim).collect::<Vec<_>>().join(" ");
            let known = BROKEN_IN_SEEDS.iter().find(|(p, _)| {
                normalized.starts_with(&p.lines().map(str::trim).collect::<Vec<_>>().join(" "))
            });
            match (parse(&stmt), known) {
                (Ok(_), None) => parsed += 1,
                (Err(CqlError::Syntax { .. }), Some(_)) => rejected += 1,
                (Ok(_), Some((_, why))) => {
                    panic!("seed {n}: expected a syntax error ({why}) for {stmt}")
                }
                (Err(e), None) => panic!("seed {n}: {stmt}\n  -> {e}"),
                (Err(e), Some(_)) => {
                    panic!("seed {n}: expected a syntax error, got {e} for {stmt}")
                }
            }
        }
    }
    eprintln!("seeds: {parsed} statements parse, {rejected} known-broken ones rejected");
    assert!(parsed >= 25, "only {parsed} seed statements found");
}

#[test]
fn recorded_cql3_queries_parse_and_syntax_errors_match() {
    if !Path::new(CASES).exists() {
        eprintln!("skipped: {CASES} is not on this machine");
        return;
    }
    let (mut ok, mut syntax) = (0, 0);
    for dir in ["cql3", "v19"] {
        for entry in std::fs::read_dir(Path::new(CASES).join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let case: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            for step in case["steps"].as_array().unwrap() {
                if !matches!(
                    step["call"].as_str(),
                    Some("execute_cql3_query" | "prepare_cql3_query")
                ) {
                    continue;
                }
                let query = step["args"]["f"]["1"]["v"].as_str().unwrap();
                let body = &step["reply"]["body"]["f"];
                // An InvalidRequestException whose `why` has ANTLR's "line L:C" shape.
                let syntax_error = body
                    .as_object()
                    .unwrap()
                    .iter()
                    .find(|(k, _)| *k != "0")
                    .and_then(|(_, v)| v["f"]["1"]["v"].as_str())
                    .filter(|m| m.starts_with("line "));
                match (parse(query), syntax_error) {
                    (Ok(_), None) => ok += 1,
                    (Err(e), Some(want)) => {
                        assert_eq!(e.to_string(), want, "{}: {query}", path.display());
                        syntax += 1;
                    }
                    (Ok(_), Some(want)) => {
                        panic!("{}: {query} parsed, 1.2.9 said {want}", path.display())
                    }
                    (Err(e), None) => panic!("{}: {query} failed to parse: {e}", path.display()),
                }
            }
        }
    }
    eprintln!("conformance: {ok} queries parse, {syntax} syntax errors match");
    assert!(ok > 100);
}
