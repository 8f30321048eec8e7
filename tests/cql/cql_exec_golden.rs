//! Every scenario of `cql3-cells-golden.json` (recorded from a real
//! Cassandra 1.2.9) run through `cql::exec::execute` against a real
//! `storage::Engine` and the dynamic schema: SELECT results and error
//! texts must equal the recording's, the table metadata the schema stores
//! must rebuild the same tables, and the cells the engine stores (read
//! back with raw `ReadCommand`s on the table's column family: names,
//! values, TTLs, row markers, range-tombstone effects, deleted partitions
//! as ghosts) must equal the golden cell bytes.
//!
//! Masked as in `cql_golden.rs` (server-generated UUIDs and timestamps,
//! the latter compared by order). The flushed-SSTable steps flush the
//! on-disk run; their tombstone listings are `cql_golden.rs`'s business.
//! The on-disk run then restarts and checks every table and cell again.

use crate::support::cql::golden;
use crate::support::cql::masks;
use crate::support::cql_exec;

use cql_exec::{EngineBackend, Node};
use masks::{check_result_set, check_rows};
use serde_json::Value;
use supercolumn::cql::exec::tables::table_of;
use supercolumn::cql::exec::CqlOutcome;
use supercolumn::cql::schema::TableSchema;
use supercolumn::cql::table::Table;
use supercolumn::model::{Cell, ReadCommand, RowRange, RowResult, Slice};

#[derive(Default)]
struct Stats {
    scenarios: usize,
    scenarios_exact: usize,
    statements: usize,
    results: usize,
    errors: usize,
    schema: usize,
    cells: usize,
    cells_exact: usize,
    mismatches: Vec<String>,
}

struct Replay<'a> {
    node: &'a mut Node,
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
        let got = self.node.execute(cql);
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
            (Some("ROWS"), Ok(CqlOutcome::Rows(rs))) => {
                self.stats.results += 1;
                for problem in check_result_set(cql, st, &rs) {
                    self.fail(problem);
                }
            }
            (Some("VOID"), Ok(CqlOutcome::Rows(_))) => self.fail(format!("{cql}: rows, want VOID")),
            (Some("VOID"), Ok(_)) => {}
            (want, Ok(_)) => self.fail(format!("{cql}: wrong kind of result, want {want:?}")),
            (want, Err(e)) => self.fail(format!("{cql}: failed with {e}, want {want:?}")),
        }
    }

    /// The stored column family, read back as a table, has 1.2.9's metadata.
    fn schema_step(&mut self, st: &Value) {
        self.stats.schema += 1;
        let (ks, name) = (
            st["keyspace"].as_str().unwrap(),
            st["table"].as_str().unwrap(),
        );
        let schema = supercolumn::cql::exec::CqlBackend::schema(&self.node.backend);
        let Some(cf) = schema.cf(ks, name) else {
            return self.fail(format!("schema: no column family {ks}.{name}"));
        };
        let table = match table_of(cf) {
            Ok(t) => t,
            Err(e) => return self.fail(format!("{name}: stored schema does not rebuild: {e}")),
        };
        let s: TableSchema = table.schema();
        let want = &st["schema_columnfamilies"];
        for (field, ours) in [
            ("comparator", Some(s.comparator.clone())),
            ("key_validator", Some(s.key_validator.clone())),
            ("default_validator", Some(s.default_validator.clone())),
            ("key_aliases", Some(s.key_aliases.clone())),
            ("column_aliases", Some(s.column_aliases.clone())),
            ("value_alias", s.value_alias.clone()),
        ] {
            if want[field].as_str().map(str::to_string) != ours {
                self.fail(format!(
                    "schema {name}.{field}: {ours:?}, want {}",
                    want[field]
                ));
            }
        }
        // The engine's column family really uses those types.
        if cf.comparator.class_name() != s.comparator
            || cf.options.key_validation_class.class_name() != s.key_validator
        {
            self.fail(format!(
                "{name}: CfDef comparator/key validator differ from the table's"
            ));
        }
        let want_cols: Vec<(String, Option<String>)> = st["schema_columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["column_name"].as_str().unwrap().to_string(),
                    c["index_name"].as_str().map(str::to_string),
                )
            })
            .collect();
        let got_cols: Vec<(String, Option<String>)> = s
            .columns
            .iter()
            .map(|c| (c.name.clone(), c.index_name.clone()))
            .collect();
        if want_cols != got_cols {
            self.fail(format!(
                "schema_columns of {name}: {got_cols:?}, want {want_cols:?}"
            ));
        }
    }

    /// The engine's cells of the table's column family, every row in ring
    /// order (ghosts included), against the golden bytes.
    fn cells_step(&mut self, st: &Value) {
        let (ks, name) = (
            st["keyspace"].as_str().unwrap().to_string(),
            st["table"].as_str().unwrap().to_string(),
        );
        let schema = supercolumn::cql::exec::CqlBackend::schema(&self.node.backend);
        let table = table_of(schema.cf(&ks, &name).unwrap()).unwrap();
        let cmd = ReadCommand {
            keyspace: ks.clone(),
            cf: name.clone(),
            super_column: None,
            slice: Slice::Range {
                start: Vec::new(),
                finish: Vec::new(),
                reversed: false,
                count: usize::MAX,
            },
        };
        let all = RowRange::Keys {
            start: Vec::new(),
            end: Vec::new(),
        };
        let rows = self
            .node
            .backend
            .engine
            .read_range(&cmd, &all, usize::MAX)
            .unwrap();
        let mut got: Vec<(&[u8], &[Cell])> = Vec::new();
        for (key, result) in &rows {
            match result {
                RowResult::Cells(cells) => got.push((key, cells)),
                RowResult::SuperColumns(_) => return self.fail(format!("{name}: super columns")),
            }
        }
        let report = check_rows(&name, &table, st["rows"].as_array().unwrap(), &got);
        self.stats.cells += report.cells;
        self.stats.cells_exact += report.exact;
        for b in report.problems {
            self.fail(b);
        }
    }
}

/// Replays every scenario in recording order on one node.
fn replay(node: &mut Node, flush: bool) -> Stats {
    let mut stats = Stats::default();
    for (id, scenario) in golden::scenarios() {
        stats.scenarios += 1;
        let mut r = Replay {
            node,
            stats: &mut stats,
            scenario: id.clone(),
            ok: true,
        };
        for st in scenario["steps"].as_array().unwrap() {
            match st["kind"].as_str().unwrap() {
                "cql" => r.cql_step(st),
                "schema" => r.schema_step(st),
                "cells" => r.cells_step(st),
                "sstables" if flush => r
                    .node
                    .backend
                    .engine
                    .flush(st["keyspace"].as_str())
                    .unwrap(),
                _ => {}
            }
        }
        if r.ok {
            stats.scenarios_exact += 1;
        }
    }
    eprintln!(
        "exec golden: {}/{} scenarios exact; {} statements ({} result sets, {} recorded errors); {} schema checks; {}/{} cells exact",
        stats.scenarios_exact, stats.scenarios, stats.statements, stats.results, stats.errors, stats.schema, stats.cells_exact, stats.cells
    );
    for m in &stats.mismatches {
        eprintln!("MISMATCH {m}");
    }
    stats
}

#[test]
fn every_golden_scenario_through_the_executor_in_memory() {
    let mut node = Node::new(EngineBackend::in_memory());
    let stats = replay(&mut node, false);
    assert_eq!(stats.scenarios, 17);
    assert!(
        stats.mismatches.is_empty(),
        "{} mismatches",
        stats.mismatches.len()
    );
}

/// Every user table: its CQL model and all its rows (ghosts included).
type TableSnapshot = (String, String, Table, Vec<(Vec<u8>, RowResult)>);

fn snapshot(node: &Node) -> Vec<TableSnapshot> {
    let schema = supercolumn::cql::exec::CqlBackend::schema(&node.backend);
    let mut out = Vec::new();
    for ks in schema.user_keyspaces() {
        for (name, cf) in &ks.cfs {
            let cmd = ReadCommand {
                keyspace: ks.name.clone(),
                cf: name.clone(),
                super_column: None,
                slice: Slice::Range {
                    start: Vec::new(),
                    finish: Vec::new(),
                    reversed: false,
                    count: usize::MAX,
                },
            };
            let all = RowRange::Keys {
                start: Vec::new(),
                end: Vec::new(),
            };
            let rows = node
                .backend
                .engine
                .read_range(&cmd, &all, usize::MAX)
                .unwrap();
            out.push((ks.name.clone(), name.clone(), table_of(cf).unwrap(), rows));
        }
    }
    out
}

#[test]
fn every_golden_scenario_through_the_executor_on_disk_with_flushes() {
    let dir = tempfile::tempdir().unwrap();
    let mut node = Node::new(EngineBackend::on_disk(dir.path()));
    let stats = replay(&mut node, true);
    assert_eq!(stats.scenarios, 17);
    assert!(
        stats.mismatches.is_empty(),
        "{} mismatches",
        stats.mismatches.len()
    );
    // A restart (no shutdown: unflushed writes come back from the commit
    // log) rebuilds every CQL table from the persisted schema alone, with
    // the same cells.
    let before = snapshot(&node);
    assert!(before.len() >= 17, "{} tables", before.len());
    drop(node);
    let node = Node::new(EngineBackend::on_disk(dir.path()));
    let after = snapshot(&node);
    assert_eq!(before.len(), after.len());
    for (b, a) in before.iter().zip(&after) {
        assert_eq!((&b.0, &b.1), (&a.0, &a.1));
        assert_eq!(b.2, a.2, "table {}.{} rebuilt differently", b.0, b.1);
        assert_eq!(b.3, a.3, "cells of {}.{} differ after restart", b.0, b.1);
    }
}
