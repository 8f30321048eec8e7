//! The golden CQL3 scenarios end to end through the shells against a live server (the real
//! binary, in memory, Murmur3 as the recording ran):
//!
//! - every scenario of `cql3-cells-golden.json` (Cassandra 1.2.9), in
//!   recording order on one server, written to files and run with
//!   `supercolumn cqlsh -f`: each printed table has the recorded columns,
//!   rows and order, every value as cqlsh prints it (the recorded text;
//!   server-generated time UUIDs, dates and write times by shape), in
//!   cqlsh 1.2.9's frame; each refused statement prints its one
//!   `<file>:<line>:Bad Request: <recorded why>` line; and at every recorded
//!   cell view the table's column family, read over the wire with the
//!   generated 19.x client's `get_range_slices`, has the recorded row keys
//!   (ghosts included), cell names, values and TTLs byte for byte (masks
//!   and timestamp order as `support/cql/masks.rs` defines them);
//! - seed 002 filled through cqlsh, its `select *` printed as the seed
//!   shows it, and `supercolumn cli` `list testtable;` printing the seed's
//!   listing byte for byte, timestamps aside;
//! - the seeds' queries from 000, 001 and 003 (`support/cql/seeds.rs`)
//!   through `cqlsh -f` with the rows the seeds describe.

use crate::support::cql::golden;
use crate::support::cql::masks;
use crate::support::cql::seeds;
use crate::support::shell;
use crate::support::wire;

use serde_json::Value;
use shell::cqlsh_output::{tables, Printed, Script};
use shell::{normalize, shell, Run, Server, MURMUR3_CONFIG};
use std::collections::HashMap;
use std::path::Path;
use supercolumn::cql::ast::Statement;
use supercolumn::cql::table::Table;
use supercolumn::marshal::hex_to_bytes;
use supercolumn::model::Cell;
use supercolumn::shell::cqlsh::use_target;
use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, ConsistencyLevel, KeyRange, SlicePredicate, SliceRange, TCassandraSyncClient,
};

/// Runs `supercolumn cqlsh [-k ks] -f <dir>/<name>` with `text` as the file.
fn cqlsh_file(port: u16, dir: &Path, name: &str, keyspace: Option<&str>, text: &str) -> Run {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut args = Vec::new();
    if let Some(ks) = keyspace {
        args.extend(["-k", ks]);
    }
    args.extend(["-f", path.to_str().unwrap()]);
    shell("cqlsh", port, &args, "")
}

/// A server-generated value (masked in the golden comparison) printed as
/// cqlsh prints such a value: a version-1 time UUID, a UTC date, or a
/// microsecond write time from the server's clock.
fn server_value_shape_ok(ty: &str, printed: &str) -> bool {
    match ty {
        "TimeUUIDType" => uuid::Uuid::parse_str(printed).is_ok_and(|u| {
            u.get_version_num() == 1 && masks::v1_millis(u.as_bytes()) >= Some(masks::SERVER_MILLIS)
        }),
        "DateType" => {
            let b = printed.as_bytes();
            printed.len() == 24
                && printed.ends_with("+0000")
                && printed[..4] >= *"2023"
                && [4, 7].iter().all(|&i| b[i] == b'-')
                && b[10] == b' '
                && [13, 16].iter().all(|&i| b[i] == b':')
        }
        "LongType" => printed.parse::<i64>().is_ok_and(|t| t >= masks::SERVER_TS),
        _ => false,
    }
}

#[derive(Default)]
struct Stats {
    scenarios: usize,
    runs: usize,
    statements: usize,
    tables: usize,
    values: usize,
    masked: usize,
    errors: usize,
    cell_views: usize,
    cells: usize,
    cells_exact: usize,
    /// (scenario, what differs).
    mismatches: Vec<(String, String)>,
}

/// Statements queued for one `cqlsh -f` run, with the keyspace it starts in.
#[derive(Default)]
struct Chunk {
    script: Script,
    keyspace: Option<String>,
    /// (step, line its `;` is on).
    steps: Vec<(Value, usize)>,
}

struct Replay<'a> {
    port: u16,
    dir: &'a Path,
    stats: Stats,
    scenario: String,
    /// The connection keyspace after the statements queued so far.
    keyspace: Option<String>,
    /// Every table created so far, for reading its cell names.
    tables: HashMap<(String, String), Table>,
    chunk: Chunk,
}

impl Replay<'_> {
    fn fail(&mut self, what: String) {
        let scenario = self.scenario.clone();
        self.stats.mismatches.push((scenario, what));
    }

    /// Queues a statement; a successful USE or CREATE TABLE is noted for
    /// the statements (and cell views) after it.
    fn queue(&mut self, st: &Value) {
        let cql = st["cql"].as_str().unwrap();
        if self.chunk.steps.is_empty() {
            self.chunk.keyspace = self.keyspace.clone();
        }
        let line = self.chunk.script.push(cql);
        self.chunk.steps.push((st.clone(), line));
        self.stats.statements += 1;
        if st.get("error").is_some() {
            return;
        }
        if let Some(ks) = use_target(cql) {
            self.keyspace = Some(ks);
        }
        if let Ok(parsed) = supercolumn::cql::parse(cql) {
            if let Statement::CreateTable(ct) = parsed.statement {
                let ks = ct.table.keyspace.clone().or_else(|| self.keyspace.clone());
                let ks = ks.expect("a keyspace for CREATE TABLE");
                let table = Table::from_create(&ks, &ct).expect("the recorded table builds");
                self.tables.insert((ks, ct.table.name.clone()), table);
            }
        }
    }

    /// Runs the queued statements through `cqlsh -f` and checks what it printed.
    fn flush(&mut self) {
        let chunk = std::mem::take(&mut self.chunk);
        if chunk.script.is_empty() {
            return;
        }
        self.stats.runs += 1;
        let name = format!("{}-{}.cql", self.scenario, self.stats.runs);
        let run = cqlsh_file(
            self.port,
            self.dir,
            &name,
            chunk.keyspace.as_deref(),
            &chunk.script.text,
        );
        let path = self.dir.join(&name);
        let path = path.to_str().unwrap();
        let mut want_errors = Vec::new();
        let mut want_tables = Vec::new();
        for (st, line) in &chunk.steps {
            if let Some(err) = st.get("error").and_then(Value::as_str) {
                let why = err.strip_prefix("InvalidRequestException: ").unwrap_or(err);
                want_errors.push(Script::error_line(path, *line, why));
            } else if st["result"] == "ROWS" && !st["rows"].as_array().unwrap().is_empty() {
                want_tables.push(st);
            }
        }
        self.stats.errors += want_errors.len();
        let got_errors: Vec<&str> = run.stderr.lines().collect();
        if got_errors != want_errors {
            self.fail(format!(
                "{name}: stderr {got_errors:#?}, want {want_errors:#?}"
            ));
        }
        // cqlsh 1.2.9 exited 0 whatever failed (tests/data/shell/cqlsh12);
        // this one exits 1 off a terminal when a statement failed.
        let want_code = i32::from(!want_errors.is_empty());
        if run.code != want_code {
            self.fail(format!("{name}: exit code {}, want {want_code}", run.code));
        }
        let printed = match tables(&run.stdout) {
            Ok(t) => t,
            Err(e) => return self.fail(format!("{name}: {e}\n{}", run.stdout)),
        };
        if printed.len() != want_tables.len() {
            return self.fail(format!(
                "{name}: {} tables printed, want {}\n{}",
                printed.len(),
                want_tables.len(),
                run.stdout
            ));
        }
        for (st, table) in want_tables.into_iter().zip(&printed) {
            self.check_table(st, table);
        }
    }

    /// One printed table against the recorded result set.
    fn check_table(&mut self, st: &Value, table: &Printed) {
        self.stats.tables += 1;
        let cql = st["cql"].as_str().unwrap();
        let columns: Vec<&str> = st["columns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap())
            .collect();
        if !table.header_is(&columns) {
            return self.fail(format!(
                "{cql}: header {:?}, want {columns:?}",
                table.header
            ));
        }
        let want_rows = st["rows"].as_array().unwrap();
        if table.rows.len() != want_rows.len() {
            return self.fail(format!(
                "{cql}: {} rows, want {}",
                table.rows.len(),
                want_rows.len()
            ));
        }
        for (r, row) in want_rows.iter().enumerate() {
            for (c, col) in columns.iter().enumerate() {
                self.stats.values += 1;
                let cell = &row[c];
                let ty = st["types"][*col].as_str().unwrap();
                let bytes = cell["hex"].as_str().map(|h| hex_to_bytes(h).unwrap());
                let masked = masks::result_value(bytes.as_deref(), ty, col).starts_with("<server");
                let printed = table.value(r, c);
                if masked {
                    self.stats.masked += 1;
                    if !table.cell_is(r, c, printed) || !server_value_shape_ok(ty, printed) {
                        self.fail(format!(
                            "{cql}: row {r} {col}: {printed:?} is not a server {ty}"
                        ));
                    }
                } else if !table.cell_is(r, c, cell["text"].as_str().unwrap()) {
                    self.fail(format!(
                        "{cql}: row {r} {col}: {:?}, want {}",
                        table.rows[r][c], cell["text"]
                    ));
                }
            }
        }
        if !table.widths_fit(&columns) {
            self.fail(format!(
                "{cql}: column widths {:?} do not fit",
                table.widths
            ));
        }
    }

    /// The column family's cells over the wire against the recorded ones.
    fn cells_step(&mut self, st: &Value) {
        self.flush();
        self.stats.cell_views += 1;
        let ks = st["keyspace"].as_str().unwrap().to_string();
        let name = st["table"].as_str().unwrap().to_string();
        let Some(table) = self.tables.get(&(ks.clone(), name.clone())).cloned() else {
            return self.fail(format!("cells of {ks}.{name}: no CREATE TABLE seen"));
        };
        let mut client = wire::connect19(self.port);
        client.set_keyspace(ks.clone()).unwrap();
        let slices = client
            .get_range_slices(
                ColumnParent::new(name.clone(), None),
                SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 1_000_000)),
                KeyRange::new(vec![], vec![], None, None, 100_000, None),
                ConsistencyLevel::ONE,
            )
            .unwrap_or_else(|e| panic!("get_range_slices {ks}.{name}: {e:?}"));
        let cells: Vec<Vec<Cell>> = slices
            .iter()
            .map(|slice| {
                slice
                    .columns
                    .iter()
                    .map(|cosc| {
                        let c = cosc.column.clone().expect("standard columns");
                        let (value, ts) = (c.value.unwrap_or_default(), c.timestamp.unwrap());
                        match c.ttl {
                            Some(ttl) => Cell::expiring(c.name, value, ts, ttl, 0),
                            None => Cell::live(c.name, value, ts),
                        }
                    })
                    .collect()
            })
            .collect();
        let got: Vec<(&[u8], &[Cell])> = slices
            .iter()
            .zip(&cells)
            .map(|(s, c)| (s.key.as_slice(), c.as_slice()))
            .collect();
        let report = masks::check_rows(&name, &table, st["rows"].as_array().unwrap(), &got);
        self.stats.cells += report.cells;
        self.stats.cells_exact += report.exact;
        for b in report.problems {
            self.fail(b);
        }
    }
}

#[test]
fn every_golden_scenario_through_cqlsh_and_the_wire() {
    let server = Server::start_with(MURMUR3_CONFIG);
    let dir = tempfile::tempdir().unwrap();
    let mut r = Replay {
        port: server.port,
        dir: dir.path(),
        stats: Stats::default(),
        scenario: String::new(),
        keyspace: None,
        tables: HashMap::new(),
        chunk: Chunk::default(),
    };
    for (id, scenario) in golden::scenarios() {
        r.scenario = id;
        r.stats.scenarios += 1;
        for st in scenario["steps"].as_array().unwrap() {
            match st["kind"].as_str().unwrap() {
                "cql" => r.queue(st),
                "cells" => r.cells_step(st),
                _ => {}
            }
        }
        r.flush();
    }
    let s = &r.stats;
    let mut failed: Vec<&str> = s.mismatches.iter().map(|(id, _)| id.as_str()).collect();
    failed.dedup();
    eprintln!(
        "shell golden: {}/{} scenarios exact; {} statements in {} cqlsh runs; {} tables, {} values ({} server-generated, by shape); {} error lines; {} cell views, {}/{} cells exact",
        s.scenarios - failed.len(), s.scenarios, s.statements, s.runs, s.tables, s.values, s.masked, s.errors, s.cell_views, s.cells_exact, s.cells
    );
    for (id, m) in &s.mismatches {
        eprintln!("MISMATCH [{id}] {m}");
    }
    assert_eq!(s.scenarios, 17);
    assert!(s.mismatches.is_empty(), "{} mismatches", s.mismatches.len());
    assert!(
        s.tables > 20 && s.values > 200 && s.errors > 10 && s.cell_views > 25 && s.cells > 300,
        "too little compared"
    );
    assert_eq!(s.cells, s.cells_exact);
}

/// Seed 002's verbatim `list testtable;` output (shared with the cli
/// renderer's unit test) and its verbatim cqlsh `select *` table.
const SEED_002_LIST: &str = include_str!("../data/cql/seed002-cli-list-testtable.txt");
const SEED_002_SELECT: &str = include_str!("../data/cql/seed002-cqlsh-select.txt");

#[test]
fn seed_002_filled_through_cqlsh_and_listed_by_the_cli() {
    let server = Server::start_with(MURMUR3_CONFIG);
    let dir = tempfile::tempdir().unwrap();
    // The seed's statements as the golden recording fixed them, then its
    // phase 2 (UPDATEs, a deleted partition) that explains the listing.
    let (_, scenario) = golden::scenarios()
        .into_iter()
        .find(|(id, _)| id == "s002_testtable")
        .unwrap();
    let mut script = Script::default();
    for st in scenario["steps"].as_array().unwrap() {
        if st["kind"] == "cql" {
            script.push(st["cql"].as_str().unwrap());
        }
    }
    let run = cqlsh_file(server.port, dir.path(), "seed002.cql", None, &script.text);
    // The seed's table, less the row count its later cqlsh added (and got
    // wrong): printed once after the INSERTs and once after phase 2.
    let (rows, footer) = SEED_002_SELECT.split_once("\n\n").unwrap();
    assert_eq!(footer, "(7 rows)\n");
    let table = format!("\n{rows}\n\n");
    assert_eq!(run.stdout.matches(&table).count(), 2, "{}", run.stdout);
    assert!(run.stdout.starts_with(&table), "{}", run.stdout);
    // The two refused SELECTs of the scenario, and nothing else.
    assert_eq!(run.stderr.lines().count(), 2, "{run:?}");

    let cli = cli_file(
        server.port,
        dir.path(),
        "use key_space_test;\nlist testtable;\n",
    );
    assert_eq!((cli.code, cli.stderr.as_str()), (0, ""), "{cli:?}");
    let want = format!(
        "Connected to: \"Test Cluster\" on 127.0.0.1/{}\nAuthenticated to keyspace: key_space_test\n{SEED_002_LIST}",
        server.port
    );
    assert_eq!(normalize(&cli.stdout), normalize(&want));
}

/// Runs `supercolumn cli -f` with `text` as the file.
fn cli_file(port: u16, dir: &Path, text: &str) -> Run {
    let path = dir.join("list.cli");
    std::fs::write(&path, text).unwrap();
    shell("cli", port, &["-f", path.to_str().unwrap()], "")
}

#[test]
fn seeds_000_001_003_through_cqlsh() {
    let server = Server::start_with(MURMUR3_CONFIG);
    let dir = tempfile::tempdir().unwrap();
    let mut checked = (0, 0);
    for (n, case) in seeds::cases().iter().enumerate() {
        let name = format!("seed-case-{n}.cql");
        let path = dir.path().join(&name);
        let path = path.to_str().unwrap();
        let mut script = Script::default();
        let mut want_tables = Vec::new();
        let mut want_errors = Vec::new();
        for step in &case.steps {
            match step {
                seeds::Step::Run(cql) => {
                    script.push(cql);
                }
                seeds::Step::Rows { cql, rows, why } => {
                    script.push(cql);
                    // cqlsh 1.2.9 printed nothing at all for an empty result.
                    if !rows.is_empty() {
                        want_tables.push((cql, rows, why));
                    }
                }
                seeds::Step::Error { cql, why } => {
                    let line = script.push(cql);
                    want_errors.push(Script::error_line(path, line, why));
                }
            }
        }
        // The next case may reuse the keyspace.
        script.push(&format!("DROP KEYSPACE {}", case.keyspace));
        let run = cqlsh_file(server.port, dir.path(), &name, None, &script.text);
        let errors: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(errors, want_errors, "{}", case.name);
        // cqlsh 1.2.9 exited 0 whatever failed; this one exits 1 then.
        assert_eq!(run.code, i32::from(!errors.is_empty()), "{}", case.name);
        let printed = tables(&run.stdout).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        assert_eq!(
            printed.len(),
            want_tables.len(),
            "{}: {}",
            case.name,
            run.stdout
        );
        for ((cql, rows, why), table) in want_tables.into_iter().zip(&printed) {
            let values: Vec<Vec<&str>> = (0..table.rows.len())
                .map(|r| (0..table.widths.len()).map(|c| table.value(r, c)).collect())
                .collect();
            assert_eq!(&values, rows, "{}: {cql}: {why}", case.name);
            for (r, row) in rows.iter().enumerate() {
                for (c, v) in row.iter().enumerate() {
                    assert!(table.cell_is(r, c, v), "{}: {cql}: padding", case.name);
                }
            }
        }
        checked.0 += printed.len();
        checked.1 += want_errors.len();
    }
    assert_eq!(checked, (10, 3), "(tables, errors) checked");
}

#[test]
fn input_ending_inside_a_statement_is_reported_with_the_line_after() {
    let server = Server::start_with(MURMUR3_CONFIG);
    let dir = tempfile::tempdir().unwrap();
    let run = cqlsh_file(
        server.port,
        dir.path(),
        "tail.cql",
        None,
        "USE no_such_keyspace;\n\nSELECT *\n  FROM t",
    );
    let path = dir.path().join("tail.cql");
    let p = path.to_str().unwrap();
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 2, "{run:?}");
    assert!(
        lines[0].starts_with(&format!("{p}:2:Bad Request: ")),
        "{run:?}"
    );
    assert_eq!(
        lines[1],
        format!("{p}:5:Incomplete statement at end of file")
    );
    assert_eq!((run.code, run.stdout.as_str()), (1, ""));
}
