//! The shells' renderers against what real Cassandra 1.2.9 tools printed:
//! every verbatim cassandra-cli `list` in `cql3-cells-golden.json` (built
//! back from the recorded cells, timestamps and TTLs included, and the
//! recorded schema), seed 002's listing, and every cqlsh value the golden
//! results hold.

use super::cli::render::{elapsed_line, slice_list, CfView};
use super::cql_format::{display_width, format_value, render_table, Table};
use crate::marshal::{hex_to_bytes, parse_type};
use crate::thrift::gen::cassandra19::{Column, ColumnOrSuperColumn, KeySlice};
use serde_json::Value;
use std::collections::HashMap;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cql/cql3-cells-golden.json"
);

fn golden() -> Value {
    let text = std::fs::read_to_string(GOLDEN).expect("golden json");
    serde_json::from_str(&text).expect("golden json parses")
}

fn s(v: &Value) -> Option<String> {
    v.as_str().map(String::from)
}

fn hex(v: &Value) -> Vec<u8> {
    hex_to_bytes(v.as_str().unwrap_or("")).expect("hex")
}

/// The column family as cassandra-cli saw it: the Thrift CfDef when
/// describe_keyspace listed the table, else the schema-table row (no
/// declared columns), as its loadCql3Defs did.
fn view_of(schema: &Value) -> CfView {
    let cfdef = &schema["describe_keyspace_cfdef"];
    let cfs = &schema["schema_columnfamilies"];
    let name = s(&schema["table"]).unwrap();
    if cfdef.get("comparator_type").is_some() {
        return CfView {
            name,
            is_super: false,
            comparator: s(&cfdef["comparator_type"]).unwrap(),
            subcomparator: s(&cfdef["subcomparator_type"]),
            key_validator: s(&cfdef["key_validation_class"]),
            default_validator: s(&cfdef["default_validation_class"]),
            columns: cfdef["column_metadata"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| (hex(&c["name_hex"]), s(&c["validation_class"]).unwrap()))
                .collect(),
        };
    }
    CfView {
        name,
        is_super: false,
        comparator: s(&cfs["comparator"]).unwrap(),
        subcomparator: None,
        key_validator: s(&cfs["key_validator"]),
        default_validator: s(&cfs["default_validator"]),
        columns: Vec::new(),
    }
}

fn slices_of(cells: &Value) -> Vec<KeySlice> {
    cells["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| {
            let columns = row["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| {
                    let col = Column::new(
                        hex(&c["name_hex"]),
                        hex(&c["value_hex"]),
                        c["timestamp"].as_i64().unwrap(),
                        c["ttl"].as_i64().map(|t| t as i32),
                    );
                    ColumnOrSuperColumn::new(col, None, None, None)
                })
                .collect();
            KeySlice::new(hex(&row["key_hex"]), columns)
        })
        .collect()
}

/// The listing part of a recorded cli session: from `Using default limit`
/// up to (not including) the elapsed-time line, which is checked by shape.
fn listing(cli: &str) -> (String, String) {
    let start = cli.find("Using default limit").expect("list output");
    let body = &cli[start..];
    let end = body.find("Elapsed time: ").expect("elapsed line");
    (body[..end].to_string(), body[end..].to_string())
}

#[test]
fn every_recorded_cli_listing_is_reproduced() {
    let g = golden();
    let mut checked = 0;
    let mut lines = 0;
    for (id, scenario) in g["scenarios"].as_object().unwrap() {
        let mut views: HashMap<String, CfView> = HashMap::new();
        for step in scenario["steps"].as_array().unwrap() {
            match step["kind"].as_str() {
                Some("schema") => {
                    let v = view_of(step);
                    views.insert(v.name.clone(), v);
                }
                Some("cells") => {
                    let Some(cli) = step["cli"].as_str() else {
                        continue;
                    };
                    let table = step["table"].as_str().unwrap();
                    // x_ttl records no schema step: its table is a plain CQL3
                    // one, whose default validator is always BytesType.
                    let fallback = CfView {
                        name: table.to_string(),
                        is_super: false,
                        comparator: s(&step["comparator"]).unwrap(),
                        subcomparator: None,
                        key_validator: s(&step["key_validator"]),
                        default_validator: Some("BytesType".into()),
                        columns: Vec::new(),
                    };
                    let view = views.get(table).unwrap_or(&fallback);
                    // The recorded comparator must be the one the schema gave.
                    assert_eq!(
                        parse_type(step["comparator"].as_str().unwrap())
                            .unwrap()
                            .class_name(),
                        parse_type(&view.comparator).unwrap().class_name(),
                        "{id}"
                    );
                    let (want, elapsed) = listing(cli);
                    let got = format!(
                        "Using default limit of 100\nUsing default cell limit of 100\n{}",
                        slice_list(view, &slices_of(step))
                    );
                    for (n, (g, w)) in got.lines().zip(want.lines()).enumerate() {
                        assert_eq!(g, w, "{id} {table}: line {n}");
                    }
                    assert_eq!(got, want, "{id} {table}");
                    let shape = elapsed.lines().next().unwrap();
                    assert!(shape.starts_with("Elapsed time: ") && shape.ends_with(" msec(s)."));
                    lines += want.lines().count();
                    checked += 1;
                }
                _ => {}
            }
        }
    }
    assert!(checked >= 25, "only {checked} listings");
    assert!(lines > 300, "only {lines} lines");
    assert_eq!(elapsed_line(46_000_000), "Elapsed time: 46 msec(s).\n");
}

/// Seed 002's `list testtable;` output, verbatim (also what the end-to-end
/// shell test compares the live cli with, timestamps masked).
const SEED_002_LIST: &str = include_str!("../../tests/data/cql/seed002-cli-list-testtable.txt");

/// Seed 002's own listing (a 2014 cassandra-cli), timestamps included.
#[test]
fn seed_002_list_testtable() {
    let view = CfView {
        name: "testtable".into(),
        is_super: false,
        comparator: "CompositeType(ReversedType(Int32Type),UTF8Type,ColumnToCollectionType(6376616c7565:MapType(UTF8Type,UTF8Type)))".into(),
        subcomparator: None,
        key_validator: Some("CompositeType(UTF8Type,UTF8Type)".into()),
        default_validator: Some("BytesType".into()),
        columns: Vec::new(),
    };
    let comp = |parts: &[&[u8]]| {
        let mut out = Vec::new();
        for p in parts {
            out.extend_from_slice(&(p.len() as u16).to_be_bytes());
            out.extend_from_slice(p);
            out.push(0);
        }
        out
    };
    let cell = |skey: i32, col: &[u8], key: Option<&[u8]>, value: &[u8], ts: i64| {
        let sk = skey.to_be_bytes();
        let name = match key {
            Some(k) => comp(&[&sk, col, k]),
            None => comp(&[&sk, col]),
        };
        ColumnOrSuperColumn::new(
            Column::new(name, value.to_vec(), ts, None),
            None,
            None,
            None,
        )
    };
    let row = |k1: &str, k2: &str, rows: &[(i32, &str, &str, i64, i64)]| {
        let mut cells = Vec::new();
        for &(skey, mk, mv, ts, vts) in rows {
            let value = format!("value{}{}_{skey}", &k1[6..], &k2[6..]);
            cells.push(cell(skey, b"", None, b"", ts));
            cells.push(cell(
                skey,
                b"cvalue",
                Some(mk.as_bytes()),
                mv.as_bytes(),
                ts,
            ));
            cells.push(cell(skey, b"value", None, value.as_bytes(), vts));
        }
        KeySlice::new(comp(&[k1.as_bytes(), k2.as_bytes()]), cells)
    };
    let slices = vec![
        KeySlice::new(comp(&[b"pkey2_1", b"pkey2_1"]), vec![]),
        row(
            "pkey1_1",
            "pkey2_1",
            &[
                (103, "hoge1", "fuga1", 1409032006570000, 1409049933189000),
                (102, "hoge1", "fuga1", 1409032011667000, 1409049943179000),
                (101, "hoge1", "fuga1", 1409031979603000, 1409049954219000),
                (100, "hoge", "fuga", 1409029158989000, 1409049974715000),
                (12, "hoge", "fuga", 1409051010713000, 1409051010713000),
            ],
        ),
        row(
            "pkey1_2",
            "pkey2_1",
            &[(200, "hoge", "fuga", 1409029194029000, 1409050124020000)],
        ),
        row(
            "pkey1_1",
            "pkey2_3",
            &[(102, "hoge1", "fuga1", 1409029279630000, 1409050027490000)],
        ),
        row(
            "pkey1_1",
            "pkey2_2",
            &[(101, "hoge1", "fuga1", 1409029232070000, 1409050045987000)],
        ),
    ];
    let (want, elapsed) = listing(SEED_002_LIST);
    let got = format!(
        "Using default limit of 100\nUsing default cell limit of 100\n{}",
        slice_list(&view, &slices)
    );
    assert_eq!(got, want);
    assert_eq!(elapsed, "Elapsed time: 154 msec(s).\n");
}

/// Every value of every recorded result, formatted from its bytes and the
/// result's type as cqlsh showed it, and each whole table laid out.
#[test]
fn every_golden_cql_value_renders_as_cqlsh_showed_it() {
    let g = golden();
    let mut values = 0;
    let mut tables = 0;
    for (id, scenario) in g["scenarios"].as_object().unwrap() {
        for step in scenario["steps"].as_array().unwrap() {
            if step["result"].as_str() != Some("ROWS") {
                continue;
            }
            let columns: Vec<String> = step["columns"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| c.as_str().unwrap().to_string())
                .collect();
            let mut table = Table {
                header: columns.clone(),
                rows: Vec::new(),
            };
            for row in step["rows"].as_array().unwrap() {
                let mut rendered = Vec::new();
                for (col, cell) in columns.iter().zip(row.as_array().unwrap()) {
                    let t = parse_type(step["types"][col].as_str().unwrap()).unwrap();
                    let bytes = cell["hex"].as_str().map(|h| hex_to_bytes(h).unwrap());
                    let got = format_value(&t, bytes.as_deref(), false);
                    assert_eq!(got, cell["text"].as_str().unwrap(), "{id}: {}", step["cql"]);
                    rendered.push(got);
                    values += 1;
                }
                table.rows.push(rendered);
            }
            let text = render_table(&table);
            if table.rows.is_empty() {
                assert_eq!(text, "", "{id}: {}", step["cql"]);
            } else {
                // Blank, header, rule, the rows, blank; every row one column
                // short of the rule (which has a `-` at both ends).
                let lines: Vec<&str> = text.split('\n').collect();
                assert_eq!(lines.len(), table.rows.len() + 5, "{id}: {}", step["cql"]);
                let rule = display_width(lines[2]);
                for row in &lines[3..3 + table.rows.len()] {
                    assert_eq!(display_width(row) + 1, rule, "{id}: {row:?}");
                }
            }
            tables += 1;
        }
    }
    assert!(
        values > 200 && tables > 20,
        "{values} values, {tables} tables"
    );
}
