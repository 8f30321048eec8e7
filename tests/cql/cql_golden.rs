//! Every scenario of `cql3-cells-golden.json` (recorded from a real
//! Cassandra 1.2.9) replayed through `supercolumn::cql`: statements are
//! parsed and mapped to writes, applied to an in-test sorted cell store,
//! and then compared with the golden row keys, cell names and values,
//! SELECT results, schema metadata, error messages and (for flushed
//! scenarios) the tombstones sstable2json showed.
//!
//! Masked, because the server generated them: list-element time UUIDs,
//! `now()` values (and `dateOf` of them), server-assigned timestamps
//! (compared by their relative order instead). Client-given timestamps
//! (USING TIMESTAMP) and TTLs are compared exactly.

use crate::support::cql;

use cql::masks::{check_cells, check_result_set, server_order_problems, ts_text, KeyedRange};
use cql::{Outcome, Session, TableStore};
use serde_json::Value;
use std::collections::HashMap;
use supercolumn::cql::mapping::CqlOp;
use supercolumn::cql::mapping::{index_entries, CqlWrite};
use supercolumn::cql::schema::{SchemaColumn, TableSchema};
use supercolumn::cql::table::Table;
use supercolumn::marshal::{bytes_to_hex, parse_type};
use supercolumn::model::Cell;

const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cql/cql3-cells-golden.json"
);
const SHARED: &str = "/work/shared/spec/cql3-cells-golden.json";
/// Our clock starts where the recording's did (late 2026, microseconds).
const START_MICROS: i64 = 1_795_289_800_000_000;

#[derive(Default)]
struct Stats {
    scenarios: usize,
    scenarios_exact: usize,
    statements: usize,
    results: usize,
    errors: usize,
    schema: usize,
    cell_snapshots: usize,
    cells: usize,
    cells_exact: usize,
    tombstones: usize,
    index_entries: usize,
    rebuilt: usize,
    mismatches: Vec<String>,
}

struct Replay<'a> {
    session: &'a mut Session,
    stats: &'a mut Stats,
    scenario: String,
    ok: bool,
}

impl Replay<'_> {
    fn fail(&mut self, what: String) {
        self.ok = false;
        self.stats
            .mismatches
            .push(format!("[{}] {what}", self.scenario));
    }

    fn cql_step(&mut self, st: &Value) {
        let cql = st["cql"].as_str().unwrap();
        self.stats.statements += 1;
        let got = self.session.execute(cql);
        if let Some(err) = st.get("error").and_then(Value::as_str) {
            self.stats.errors += 1;
            let want = err.strip_prefix("InvalidRequestException: ").unwrap_or(err);
            match got {
                Err(e) if e.to_string() == want => {}
                Err(e) => self.fail(format!("{cql}: error {e:?}, want {want:?}")),
                Ok(_) => self.fail(format!("{cql}: succeeded, want error {want:?}")),
            }
            return;
        }
        match (st["result"].as_str(), got) {
            (Some("VOID"), Ok(Outcome::Void)) => {}
            (Some("ROWS"), Ok(Outcome::Rows(rs))) => {
                self.stats.results += 1;
                for problem in check_result_set(cql, st, &rs) {
                    self.fail(problem);
                }
            }
            (want, Ok(_)) => self.fail(format!("{cql}: wrong kind of result, want {want:?}")),
            (want, Err(e)) => self.fail(format!("{cql}: failed with {e}, want {want:?}")),
        }
    }

    fn schema_step(&mut self, st: &Value) {
        self.stats.schema += 1;
        let (ks, name) = (
            st["keyspace"].as_str().unwrap(),
            st["table"].as_str().unwrap(),
        );
        let Some(table) = self
            .session
            .tables
            .get(&(ks.to_string(), name.to_string()))
            .cloned()
        else {
            return self.fail(format!("schema: no table {ks}.{name}"));
        };
        let s = table.schema();
        let cf = &st["schema_columnfamilies"];
        let fields = [
            ("comparator", Some(s.comparator.clone())),
            ("key_validator", Some(s.key_validator.clone())),
            ("default_validator", Some(s.default_validator.clone())),
            ("key_aliases", Some(s.key_aliases.clone())),
            ("column_aliases", Some(s.column_aliases.clone())),
            ("value_alias", s.value_alias.clone()),
        ];
        for (field, ours) in fields {
            let want = cf[field].as_str().map(str::to_string);
            if want != ours {
                self.fail(format!("schema {name}.{field}: {ours:?}, want {want:?}"));
            }
        }
        let want_cols: Vec<String> = st["schema_columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                format!(
                    "{} {} {} {} {} {}",
                    c["column_name"],
                    c["component_index"],
                    c["validator"],
                    c["index_name"],
                    c["index_type"],
                    c["index_options"]
                )
            })
            .collect();
        let got_cols: Vec<String> = s
            .columns
            .iter()
            .map(|c| {
                let j = |v: &Option<String>| {
                    v.as_ref()
                        .map(|x| Value::String(x.clone()))
                        .unwrap_or(Value::Null)
                };
                let ci = c.component_index.map(Value::from).unwrap_or(Value::Null);
                format!(
                    "{} {} {} {} {} {}",
                    Value::String(c.name.clone()),
                    ci,
                    Value::String(c.validator.clone()),
                    j(&c.index_name),
                    j(&c.index_type),
                    j(&c.index_options)
                )
            })
            .collect();
        if want_cols != got_cols {
            self.fail(format!(
                "schema_columns of {name}: {got_cols:?}, want {want_cols:?}"
            ));
        }
        // A restarted server rebuilds the table from exactly these stored fields.
        let stored = TableSchema {
            comparator: cf["comparator"].as_str().unwrap().to_string(),
            key_validator: cf["key_validator"].as_str().unwrap().to_string(),
            default_validator: cf["default_validator"].as_str().unwrap().to_string(),
            key_aliases: cf["key_aliases"].as_str().unwrap().to_string(),
            column_aliases: cf["column_aliases"].as_str().unwrap().to_string(),
            value_alias: cf["value_alias"].as_str().map(str::to_string),
            // 1.2 indexed no key column.
            key_indexes: Vec::new(),
            columns: st["schema_columns"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| SchemaColumn {
                    name: c["column_name"].as_str().unwrap().to_string(),
                    component_index: c["component_index"].as_i64().map(|i| i as i32),
                    is_static: false,
                    validator: c["validator"].as_str().unwrap().to_string(),
                    index_name: c["index_name"].as_str().map(str::to_string),
                    index_type: c["index_type"].as_str().map(str::to_string),
                    index_options: c["index_options"].as_str().map(str::to_string),
                })
                .collect(),
        };
        match Table::from_schema(ks, name, &stored) {
            Ok(rebuilt) if rebuilt == table => self.stats.rebuilt += 1,
            Ok(rebuilt) => self.fail(format!(
                "{name}: rebuilt from stored schema as {rebuilt:?}, created as {table:?}"
            )),
            Err(e) => self.fail(format!("{name}: cannot rebuild from stored schema: {e}")),
        }
        let d = &st["describe_keyspace_cfdef"];
        if let Some(listed) = d.get("absent_from_describe_keyspace") {
            if table.visible_to_thrift() {
                self.fail(format!("{name} should be hidden from describe_keyspace"));
            }
            let mut want: Vec<String> = listed
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_str().unwrap().to_string())
                .collect();
            let mut got: Vec<String> = self
                .session
                .tables
                .iter()
                .filter(|((k, _), t)| k == ks && t.visible_to_thrift())
                .map(|((_, n), _)| n.clone())
                .collect();
            want.sort();
            got.sort();
            if want != got {
                self.fail(format!(
                    "describe_keyspace({ks}) lists {got:?}, want {want:?}"
                ));
            }
        } else {
            if !table.visible_to_thrift() {
                self.fail(format!("{name} should be listed by describe_keyspace"));
            }
            let alias = table.thrift_key_alias().map(|a| bytes_to_hex(&a));
            if d["key_alias"].as_str().map(str::to_string) != alias {
                self.fail(format!(
                    "{name}: key_alias {alias:?}, want {}",
                    d["key_alias"]
                ));
            }
            for (f, ours) in [
                ("comparator_type", &s.comparator),
                ("key_validation_class", &s.key_validator),
                ("default_validation_class", &s.default_validator),
            ] {
                if d[f].as_str() != Some(ours.as_str()) {
                    self.fail(format!("{name}: CfDef.{f} {ours}, want {}", d[f]));
                }
            }
            let mut want: Vec<String> = d["column_metadata"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| format!("{} {}", m["name_hex"], m["validation_class"]))
                .collect();
            let mut got: Vec<String> = s
                .columns
                .iter()
                .map(|c| {
                    format!(
                        "\"{}\" \"{}\"",
                        bytes_to_hex(c.name.as_bytes()),
                        c.validator
                    )
                })
                .collect();
            want.sort();
            got.sort();
            if want != got {
                self.fail(format!("{name}: column_metadata {got:?}, want {want:?}"));
            }
        }
    }

    fn cells_step(&mut self, st: &Value) {
        self.stats.cell_snapshots += 1;
        let (ks, name) = (
            st["keyspace"].as_str().unwrap().to_string(),
            st["table"].as_str().unwrap().to_string(),
        );
        let table = self.session.tables[&(ks.clone(), name.clone())].clone();
        if st["comparator"].as_str() != Some(&table.comparator())
            || st["key_validator"].as_str() != Some(&table.key_validator())
        {
            self.fail(format!("{name}: comparator/key_validator differ"));
        }
        let now = self.session.now_seconds();
        let store: &TableStore = &self.session.stores[&(ks, name.clone())];
        let keys = store.keys_in_token_order();
        let want_rows = st["rows"].as_array().unwrap();
        let want_keys: Vec<&str> = want_rows
            .iter()
            .map(|r| r["key_hex"].as_str().unwrap())
            .collect();
        let got_keys: Vec<String> = keys.iter().map(|k| bytes_to_hex(k)).collect();
        if want_keys != got_keys {
            return self.fail(format!("{name}: row keys {got_keys:?}, want {want_keys:?}"));
        }
        let mut pairs: Vec<(i64, i64)> = Vec::new();
        let mut bad = Vec::new();
        for (row, key) in want_rows.iter().zip(&keys) {
            let got: Vec<Cell> = store.live_cells(key, now);
            let want = row["cells"].as_array().unwrap();
            self.stats.cells += want.len();
            let (exact, problems) = check_cells(&name, &table, key, want, &got, &mut pairs);
            self.stats.cells_exact += exact;
            bad.extend(problems);
        }
        bad.extend(server_order_problems(&name, &pairs));
        bad.dedup();
        for b in bad {
            self.fail(b);
        }
    }

    /// The last flushed sstable's tombstones (range, cell, partition)
    /// against what this session wrote since the previous flush.
    fn sstables_step(&mut self, st: &Value) {
        let (ks, name) = (
            st["keyspace"].as_str().unwrap().to_string(),
            st["table"].as_str().unwrap().to_string(),
        );
        let table = self.session.tables[&(ks.clone(), name.clone())].clone();
        let comparator = table.comparator_type();
        let generation = self.session.generation;
        self.session.generation += 1;
        let files = st["files"].as_array().unwrap();
        // Index column families flush with their table: `<ks>-<table>.<index>-ic-N-Data.db`.
        let (index_files, base_files): (Vec<&Value>, Vec<&Value>) = files.iter().partition(|f| {
            f["file"].as_str().unwrap().contains('.')
                && f["file"]
                    .as_str()
                    .unwrap()
                    .split('-')
                    .nth(1)
                    .is_some_and(|cf| cf.contains('.'))
        });
        for f in index_files {
            self.index_file(&table, f);
        }
        let file = *base_files.last().unwrap();
        let dump: Value = serde_json::from_str(file["sstable2json"].as_str().unwrap()).unwrap();
        let uuidless = |s: &str| {
            s.split(':')
                .map(|p| {
                    if p.len() == 32 && p.chars().all(|c| c.is_ascii_hexdigit()) {
                        "<uuid>"
                    } else {
                        p
                    }
                })
                .collect::<Vec<_>>()
                .join(":")
        };
        let mut want: Vec<String> = Vec::new();
        for row in dump.as_array().unwrap() {
            let key = row["key"].as_str().unwrap();
            if let Some(d) = row.get("metadata").and_then(|m| m.get("deletionInfo")) {
                want.push(format!(
                    "{key} partition {}",
                    ts_text(d["markedForDeleteAt"].as_i64().unwrap())
                ));
            }
            for c in row["columns"].as_array().unwrap() {
                let c = c.as_array().unwrap();
                match c.get(3).and_then(Value::as_str) {
                    Some("t") => want.push(format!(
                        "{key} range {} {} {}",
                        c[0].as_str().unwrap(),
                        c[1].as_str().unwrap(),
                        ts_text(c[2].as_i64().unwrap())
                    )),
                    Some("d") => want.push(format!(
                        "{key} deleted {} {}",
                        uuidless(c[0].as_str().unwrap()),
                        ts_text(c[2].as_i64().unwrap())
                    )),
                    _ => {}
                }
            }
        }
        // The memtable merges identical range tombstones (keeping the
        // latest) and drops cells that a range or partition deletion shadows.
        let store = &self.session.stores[&(ks, name.clone())];
        let mut latest: HashMap<(Vec<u8>, Vec<u8>), Cell> = HashMap::new();
        let mut ranges: Vec<KeyedRange> = Vec::new();
        let mut partitions: HashMap<Vec<u8>, i64> = HashMap::new();
        for (g, key, op) in &store.log {
            if *g != generation {
                continue;
            }
            match op {
                CqlOp::Cell(c) => {
                    let e = latest
                        .entry((key.clone(), c.name.clone()))
                        .or_insert_with(|| c.clone());
                    if c.supersedes(e) {
                        *e = c.clone();
                    }
                }
                CqlOp::RangeTombstone {
                    start,
                    end,
                    deletion,
                } => {
                    match ranges
                        .iter_mut()
                        .find(|r| &r.0 == key && &r.1 == start && &r.2 == end)
                    {
                        Some(r) => r.3 = r.3.max(deletion.marked_for_delete_at),
                        None => ranges.push((
                            key.clone(),
                            start.clone(),
                            end.clone(),
                            deletion.marked_for_delete_at,
                        )),
                    }
                }
                CqlOp::PartitionDelete(d) => {
                    let e = partitions.entry(key.clone()).or_insert(i64::MIN);
                    *e = (*e).max(d.marked_for_delete_at);
                }
                CqlOp::CounterAdd { .. } => {}
            }
        }
        let mut got: Vec<String> = Vec::new();
        for (key, start, end, at) in &ranges {
            got.push(format!(
                "{} range {} {} {}",
                bytes_to_hex(key),
                comparator.get_string(start),
                comparator.get_string(end),
                ts_text(*at)
            ));
        }
        for (key, at) in &partitions {
            got.push(format!("{} partition {}", bytes_to_hex(key), ts_text(*at)));
        }
        for ((key, _), c) in &latest {
            let shadowed = partitions.get(key).is_some_and(|at| c.timestamp <= *at)
                || ranges.iter().any(|(k, s, e, at)| {
                    k == key
                        && c.timestamp <= *at
                        && comparator.compare(s, &c.name).is_le()
                        && comparator.compare(&c.name, e).is_le()
                });
            if cql::is_tombstone(c) && !shadowed {
                got.push(format!(
                    "{} deleted {} {}",
                    bytes_to_hex(key),
                    uuidless(&comparator.get_string(&c.name)),
                    ts_text(c.timestamp)
                ));
            }
        }
        want.sort();
        got.sort();
        self.stats.tombstones += want.len();
        if want != got {
            self.fail(format!(
                "{name} flushed tombstones: {got:#?}, want {want:#?}"
            ));
        }
    }
}

impl Replay<'_> {
    /// An index CF's sstable against the entries our writes imply.
    fn index_file(&mut self, table: &Table, file: &Value) {
        let fname = file["file"].as_str().unwrap();
        let index_cf = fname.split('-').nth(1).unwrap().to_string();
        let dump: Value = serde_json::from_str(file["sstable2json"].as_str().unwrap()).unwrap();
        let mut want: Vec<String> = Vec::new();
        for row in dump.as_array().unwrap() {
            for c in row["columns"].as_array().unwrap() {
                want.push(format!(
                    "{} {} {}",
                    row["key"].as_str().unwrap(),
                    c[0].as_str().unwrap(),
                    bytes_to_hex(c[1].as_str().unwrap().as_bytes())
                ));
            }
        }
        // The entry name renders its key component as bytes, like 1.2's LocalByPartionerType.
        let mut parts = vec!["org.apache.cassandra.db.marshal.BytesType".to_string()];
        parts.extend(table.clustering.iter().map(|c| c.column.ty.class_name()));
        let renderer = parse_type(&format!(
            "org.apache.cassandra.db.marshal.CompositeType({})",
            parts.join(",")
        ))
        .unwrap();
        let store = &self.session.stores[&(table.keyspace.clone(), table.name.clone())];
        let mut got: Vec<String> = Vec::new();
        for (_, key, op) in &store.log {
            let w = CqlWrite {
                keyspace: table.keyspace.clone(),
                table: table.name.clone(),
                row_key: key.clone(),
                ops: vec![op.clone()],
            };
            for e in index_entries(table, &w).unwrap() {
                if e.index_cf == index_cf {
                    got.push(format!(
                        "{} {} {}",
                        bytes_to_hex(&e.row_key),
                        renderer.get_string(&e.cell.name),
                        bytes_to_hex(&e.cell.value)
                    ));
                }
            }
        }
        want.sort();
        got.sort();
        self.stats.index_entries += want.len();
        if want != got {
            self.fail(format!("{index_cf} entries: {got:#?}, want {want:#?}"));
        }
    }
}

#[test]
fn bundled_golden_is_the_shared_one() {
    match std::fs::read(SHARED) {
        Ok(shared) => assert!(
            shared == std::fs::read(GOLDEN).unwrap(),
            "tests/data/cql copy differs from {SHARED}"
        ),
        Err(_) => eprintln!("skipped: {SHARED} is not on this machine (the bundled copy is used)"),
    }
}

#[test]
fn every_golden_scenario_matches_cassandra_1_2_9() {
    let text = std::fs::read_to_string(GOLDEN).unwrap();
    let golden: Value = serde_json::from_str(&text).unwrap();
    // serde_json sorts object keys; replay in the file's (recording) order.
    let mut order: Vec<(&String, &Value)> =
        golden["scenarios"].as_object().unwrap().iter().collect();
    order.sort_by_key(|(id, _)| {
        text.find(&format!("\"id\": \"{id}\""))
            .unwrap_or(usize::MAX)
    });
    let mut stats = Stats::default();
    // One session for all: scenarios were recorded in this order on one
    // node, and later ones use keyspaces (and see tables) of earlier ones.
    let mut session = Session::new(START_MICROS);
    for (id, scenario) in order {
        stats.scenarios += 1;
        let mut r = Replay {
            session: &mut session,
            stats: &mut stats,
            scenario: id.clone(),
            ok: true,
        };
        for st in scenario["steps"].as_array().unwrap() {
            match st["kind"].as_str().unwrap() {
                "cql" => r.cql_step(st),
                "schema" => r.schema_step(st),
                "cells" => r.cells_step(st),
                "sstables" => r.sstables_step(st),
                _ => {}
            }
        }
        if r.ok {
            stats.scenarios_exact += 1;
        }
    }
    eprintln!(
        "golden: {}/{} scenarios exact; {} statements ({} result sets, {} recorded errors); {} schema checks ({} tables rebuilt from stored fields); {}/{} cells exact in {} snapshots; {} flushed tombstones; {} index entries",
        stats.scenarios_exact, stats.scenarios, stats.statements, stats.results, stats.errors, stats.schema, stats.rebuilt, stats.cells_exact, stats.cells, stats.cell_snapshots, stats.tombstones, stats.index_entries
    );
    for m in &stats.mismatches {
        eprintln!("MISMATCH {m}");
    }
    assert!(
        stats.mismatches.is_empty(),
        "{} mismatches",
        stats.mismatches.len()
    );
    assert_eq!(stats.scenarios, 17);
}
