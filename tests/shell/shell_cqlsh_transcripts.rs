//! `supercolumn cqlsh` against transcripts of the real cqlsh (Cassandra
//! 1.2.13's cqlsh 3.1.8, the closest tree reachable to 1.2.9; see
//! `tests/data/shell/cqlsh12/README.md` for what differs from 1.2.9's).
//!
//! The sessions in `tests/data/shell/cqlsh12` were run through the real
//! cqlsh (Python 2.7, unbuffered so stdout and stderr keep their order in
//! one pipe) against a fresh `supercolumn serve` on the built-in default
//! configuration, in a working directory holding the session's data files.
//! Here the same sessions go through `supercolumn cqlsh` the same way and
//! are compared line by line, as are the files COPY TO and CAPTURE wrote.
//!
//! Masking rule (identical for both sides): the port in `Connected to … at
//! 127.0.0.1:<port>.`; the time in `N rows exported|imported in <t>.`.
//! Lines starting `Hint: ` (printed only by supercolumn, after an error
//! caused by an unquoted name that exists with other case) are removed from
//! supercolumn's output before comparing, and counted. HELP's text is this
//! project's own: `help.cql` is not compared with cqlsh's, only checked to
//! answer every topic and refuse an unknown one as cqlsh did.
//!
//! Also the round trips: DESCRIBE output of the golden CQL3
//! scenarios, fed back through cqlsh, recreates the same schema; COPY TO
//! then COPY FROM into the emptied table gives the same rows.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::shell;

use shell::{Server, BIN};
const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shell/cqlsh12");
const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cql/cql3-cells-golden.json"
);

/// Runs `supercolumn cqlsh` in `cwd` with stdout and stderr into one file.
fn run_cqlsh(port: u16, cwd: &Path, args: &[&str], stdin: Option<&Path>) -> (String, i32) {
    let out_path = cwd.join(".out");
    let out = std::fs::File::create(&out_path).unwrap();
    let stdin = match stdin {
        Some(p) => Stdio::from(std::fs::File::open(p).unwrap()),
        None => Stdio::null(),
    };
    let status = Command::new(BIN)
        .arg("cqlsh")
        .args(["--port", &port.to_string()])
        .args(args)
        .current_dir(cwd)
        .env("HOME", cwd)
        .stdin(stdin)
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cqlsh");
    let text = std::fs::read_to_string(&out_path).unwrap();
    std::fs::remove_file(&out_path).unwrap();
    (text, status.code().unwrap_or(-1))
}

/// The masking rule of the module comment.
fn mask(text: &str) -> String {
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let mut l = line.to_string();
        if let (Some(at), true) = (l.find(" at 127.0.0.1:"), l.starts_with("Connected to ")) {
            let start = at + " at 127.0.0.1:".len();
            let end = l[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(l.len(), |e| start + e);
            l.replace_range(start..end, "<port>");
        }
        for verb in ["exported in ", "imported in "] {
            if let Some(at) = l.find(verb) {
                let start = at + verb.len();
                if let Some(end) = l[start..].find(" seconds.") {
                    l.replace_range(start..start + end + " seconds".len(), "<t>");
                }
            }
        }
        out.push_str(&l);
    }
    out
}

/// Our output without hint lines, and how many there were.
fn without_hints(text: &str) -> (String, usize) {
    let mut hints = 0;
    let kept: String = text
        .split_inclusive('\n')
        .filter(|l| {
            let h = l.starts_with("Hint: ");
            hints += usize::from(h);
            !h
        })
        .collect();
    (kept, hints)
}

fn compare(name: &str, want: &str, got: &str) -> Vec<String> {
    let (w, g): (Vec<&str>, Vec<&str>) = (want.lines().collect(), got.lines().collect());
    let same = w.iter().zip(&g).filter(|(a, b)| a == b).count();
    eprintln!(
        "{name}: lines compared {} / identical {same} (ours has {})",
        w.len(),
        g.len()
    );
    let mut diffs = Vec::new();
    for i in 0..w.len().max(g.len()) {
        if w.get(i) != g.get(i) {
            diffs.push(format!(
                "{name} line {}: want {:?}\n      got  {:?}",
                i + 1,
                w.get(i),
                g.get(i)
            ));
        }
    }
    diffs
}

fn workdir() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in ["source_me.cql", "import_bad.csv", "script.cql"] {
        std::fs::copy(Path::new(DATA).join(f), dir.path().join(f)).unwrap();
    }
    dir
}

#[test]
fn session_piped_on_stdin_matches_the_real_cqlsh() {
    let session = Path::new(DATA).join("session.cql");
    let statements = std::fs::read_to_string(&session)
        .unwrap()
        .lines()
        .filter(|l| l.ends_with(';') || *l == "DESCRIBE KEYSPACES")
        .count();
    let golden = std::fs::read_to_string(Path::new(DATA).join("session.stdin.golden")).unwrap();
    let golden = shell::cqlsh_exit_code_as_ours(&golden);
    let server = Server::start_default();
    let dir = workdir();
    let (got, code) = run_cqlsh(server.port, dir.path(), &[], Some(&session));
    let (got, hints) = without_hints(&mask(&format!("{got}<exit code {code}>\n")));
    let mut diffs = compare("stdin session", &golden, &got);
    for f in [
        "authors.csv",
        "authors_h.csv",
        "authors_n.csv",
        "capture.txt",
    ] {
        let want =
            std::fs::read_to_string(Path::new(DATA).join("files").join(format!("{f}.golden")))
                .unwrap();
        let got = std::fs::read_to_string(dir.path().join(f)).unwrap_or_default();
        diffs.extend(compare(f, &want, &got));
        if want.ends_with("\r\n") != got.ends_with("\r\n") {
            diffs.push(format!("{f}: line ends differ"));
        }
    }
    eprintln!("stdin session: {statements} statements; hint lines (supercolumn only): {hints}");
    // USE BloggyAppy, SELECT … FROM Authors, FROM CamelPosts, SELECT Value.
    assert_eq!(hints, 4, "hint lines");
    assert!(
        diffs.is_empty(),
        "transcript differs:\n{}",
        diffs.join("\n")
    );
}

#[test]
fn script_with_dash_f_matches_the_real_cqlsh() {
    let golden = std::fs::read_to_string(Path::new(DATA).join("script.file.golden")).unwrap();
    let golden = shell::cqlsh_exit_code_as_ours(&golden);
    let server = Server::start_default();
    let dir = workdir();
    let (got, code) = run_cqlsh(server.port, dir.path(), &["-f", "script.cql"], None);
    let (got, _) = without_hints(&mask(&format!("{got}<exit code {code}>\n")));
    let diffs = compare("-f script", &golden, &got);
    assert!(
        diffs.is_empty(),
        "transcript differs:\n{}",
        diffs.join("\n")
    );
}

#[test]
fn help_answers_every_topic_in_its_own_words() {
    let server = Server::start_default();
    let dir = workdir();
    let (got, code) = run_cqlsh(
        server.port,
        dir.path(),
        &[],
        Some(&Path::new(DATA).join("help.cql")),
    );
    // The unknown topic's error line makes the exit code 1.
    assert_eq!(code, 1);
    for topic in ["DESCRIBE", "COPY", "SELECT", "CONSISTENCY"] {
        assert!(got.contains(topic), "help on {topic}:\n{got}");
    }
    assert!(
        got.contains("<stdin>:7:*** No help on nosuchtopic"),
        "unknown topic as cqlsh refused it:\n{got}"
    );
}

/// The golden scenarios' schema statements (and, with `data`, their
/// INSERTs), in recorded order, each ending in `;`.
fn golden_statements(data: bool) -> (Vec<String>, Vec<String>) {
    let g: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(GOLDEN).unwrap()).unwrap();
    let mut out = Vec::new();
    let mut keyspaces = Vec::new();
    for (_, s) in g["scenarios"].as_object().unwrap() {
        for st in s["steps"].as_array().unwrap() {
            let Some(cql) = st["cql"].as_str() else {
                continue;
            };
            let head = cql.trim_start().to_ascii_uppercase();
            let schema = head.starts_with("CREATE") || head.starts_with("USE");
            if schema || (data && head.starts_with("INSERT")) {
                out.push(format!("{};", cql.trim().trim_end_matches(';')));
            }
            if head.starts_with("CREATE KEYSPACE") {
                let name = cql.split_whitespace().nth(2).unwrap().to_string();
                keyspaces.push(name);
            }
        }
    }
    (out, keyspaces)
}

fn run_text(port: u16, dir: &Path, text: &str) -> String {
    let path = dir.join("input.cql");
    std::fs::write(&path, text).unwrap();
    let (out, code) = run_cqlsh(port, dir, &[], Some(&path));
    // The scenarios include statements meant to be refused: the exit code
    // says whether any was (1), as off a terminal it does.
    let failed = out.lines().any(|l| l.starts_with("<stdin>:"));
    assert_eq!(code, i32::from(failed), "{out}");
    out
}

#[test]
fn describe_of_the_golden_scenarios_recreates_the_same_schema() {
    let server = Server::start_default();
    let dir = tempfile::tempdir().unwrap();
    let (statements, keyspaces) = golden_statements(false);
    run_text(server.port, dir.path(), &statements.join("\n"));
    let describe: String = keyspaces
        .iter()
        .map(|k| format!("DESCRIBE KEYSPACE {k};\n"))
        .collect();
    let first = run_text(server.port, dir.path(), &describe);
    assert!(!first.contains("<stdin>:"), "DESCRIBE failed:\n{first}");
    let tables = first.matches("CREATE TABLE").count();
    assert!(tables >= 25, "{tables} tables described");
    let drops: String = keyspaces
        .iter()
        .map(|k| format!("DROP KEYSPACE {k};\n"))
        .collect();
    run_text(server.port, dir.path(), &drops);
    let replay = run_text(server.port, dir.path(), &first);
    assert!(
        !replay.contains("<stdin>:"),
        "replaying DESCRIBE failed:\n{replay}"
    );
    let second = run_text(server.port, dir.path(), &describe);
    eprintln!(
        "DESCRIBE round trip: {} keyspaces, {tables} tables, {} indexes",
        keyspaces.len(),
        first.matches("CREATE INDEX").count()
    );
    assert_eq!(first, second, "the recreated schema describes differently");
}

#[test]
fn copy_to_then_from_into_the_emptied_table_gives_the_same_rows() {
    let server = Server::start_default();
    let dir = tempfile::tempdir().unwrap();
    let (statements, _) = golden_statements(true);
    run_text(server.port, dir.path(), &statements.join("\n"));
    // Every table of the golden keyspaces that holds rows, except counters
    // (COPY FROM writes INSERTs, which counters refuse, in cqlsh too).
    let listing = run_text(
        server.port,
        dir.path(),
        "SELECT keyspace_name, columnfamily_name, default_validator FROM system.schema_columnfamilies;\n",
    );
    let mut tables = Vec::new();
    for line in listing.lines().skip(3) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        if cells.len() == 3
            && !["system", "BloggyAppy", "Keyspace1"].contains(&cells[0])
            && !cells[2].contains("Counter")
        {
            tables.push(format!("{}.{}", cells[0], cells[1]));
        }
    }
    let mut compared = 0;
    for t in &tables {
        let select = format!("SELECT * FROM {t};\n");
        let before = run_text(server.port, dir.path(), &select);
        if before.trim().is_empty() || before.contains("<stdin>:") {
            continue;
        }
        let copy_out = run_text(
            server.port,
            dir.path(),
            &format!("COPY {t} TO 'dump.csv';\nTRUNCATE {t};\n"),
        );
        assert!(copy_out.contains("rows exported"), "{t}: {copy_out}");
        assert_eq!(
            run_text(server.port, dir.path(), &select),
            "",
            "{t} emptied"
        );
        let copy_in = run_text(
            server.port,
            dir.path(),
            &format!("COPY {t} FROM 'dump.csv';\n"),
        );
        assert!(
            copy_in.contains("rows imported") && !copy_in.contains("<stdin>:"),
            "{t}: {copy_in}"
        );
        let after = run_text(server.port, dir.path(), &select);
        assert_eq!(before, after, "{t}: rows after COPY TO/FROM");
        compared += 1;
    }
    eprintln!("COPY round trip: {compared} tables with rows, identical after re-import");
    assert!(compared >= 10, "only {compared} tables compared");
}
