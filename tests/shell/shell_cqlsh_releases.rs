//! `supercolumn cqlsh` against a release, as the cqlsh that release shipped
//! did with the real release: `conformance/releases/cqlsh/` (see its
//! README) holds what cqlsh 2.0.0 (1.0.12's, CQL 2) printed running
//! `session-cql2.txt`, and what cqlsh 4.1.1 (2.0.17's) printed running
//! `tests/data/shell/cqlsh12/session.cql`, each piped against a fresh real
//! node. Here the same session goes through `supercolumn cqlsh` against
//! `supercolumn serve --in-memory --cassandra-version VERSION`, and every
//! line must be identical after `run.sh`'s masks (the port, the node's
//! tokens, COPY's timings; this shell's own `Hint:` lines are left out),
//! but for the server's known gaps listed per release (the real cqlsh
//! against supercolumn shows the same ones: `run.sh supercolumn
//! VERSION`). Each gap must still be there, so that closing one fails here
//! until it is taken off the list.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::shell::{Server, BIN};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/conformance/releases/cqlsh");
/// The CQL 3 session and the files it reads from its working directory.
const CQLSH12: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/shell/cqlsh12");

/// A known gap: 1-based golden line, what the real node gave, what
/// supercolumn gives.
type Gap = (usize, &'static str, &'static str);

/// 1.0.12: the emulation has no rows in `system.Versions`, so the version
/// line says `unknown`.
const GAPS_1_0_12: &[Gap] = &[(
    1,
    "[cqlsh 2.0.0 | Cassandra 1.0.12 | CQL spec 2.0.0 | Thrift protocol 19.20.0]",
    "[cqlsh 2.0.0 | Cassandra unknown | CQL spec unknown | Thrift protocol 19.20.0]",
)];

/// 2.0.17: none.
const GAPS_2_0_17: &[Gap] = &[];

/// `run.sh`'s masks, line by line.
fn mask(text: &str) -> Vec<String> {
    let port = regex::Regex::new(r" at 127\.0\.0\.1:[0-9]+\.").unwrap();
    let token = regex::Regex::new(r"^ +-?[0-9]+  \[127\.0\.0\.1\]$").unwrap();
    let took = regex::Regex::new(r" (exported|imported) in [0-9.]+ seconds\.").unwrap();
    text.lines()
        .map(|l| {
            let l = port.replace_all(l, " at 127.0.0.1:<port>.").into_owned();
            let l = token.replace_all(&l, " <token>  [127.0.0.1]").into_owned();
            took.replace_all(&l, " $1 in <t> seconds.").into_owned()
        })
        .collect()
}

/// `supercolumn cqlsh` with `session` piped in from a fresh working
/// directory holding `files`, stdout and stderr merged.
fn run_cqlsh(port: u16, session: &Path, files: &[&str]) -> (String, std::process::ExitStatus) {
    let dir = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    for f in files {
        std::fs::copy(Path::new(CQLSH12).join(f), work.path().join(f)).unwrap();
    }
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let status = Command::new(BIN)
        .args(["cqlsh", "127.0.0.1", &port.to_string()])
        .current_dir(work.path())
        .env("HOME", dir.path())
        .stdin(Stdio::from(std::fs::File::open(session).unwrap()))
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cqlsh");
    (std::fs::read_to_string(&out_path).unwrap(), status)
}

fn release(version: &str, session: &Path, files: &[&str], gaps: &[Gap]) {
    let golden = Path::new(DIR).join(version).join("session.golden");
    let want = mask(&std::fs::read_to_string(golden).unwrap());
    let server = Server::start_release(version);
    let (text, status) = run_cqlsh(server.port, session, files);
    let mut got: Vec<String> = mask(&text)
        .into_iter()
        .filter(|l| !l.starts_with("Hint: "))
        .collect();
    for (line, real, ours) in gaps {
        let at = line - 1;
        assert_eq!(
            want.get(at).map(String::as_str),
            Some(*real),
            "golden line {line}"
        );
        assert_eq!(
            got.get(at).map(String::as_str),
            Some(*ours),
            "gap at line {line} closed?"
        );
        got[at] = real.to_string();
    }
    let first = want
        .iter()
        .zip(&got)
        .position(|(w, g)| w != g)
        .or((want.len() != got.len()).then_some(want.len().min(got.len())));
    if let Some(at) = first {
        let from = at.saturating_sub(3);
        panic!(
            "cqlsh {version}: line {} differs (want {} lines, got {})\n--- want\n{}\n--- got\n{}",
            at + 1,
            want.len(),
            got.len(),
            want[from..(at + 5).min(want.len())].join("\n"),
            got[from..(at + 5).min(got.len())].join("\n")
        );
    }
    // The session has refused statements: off a terminal that is exit 1.
    assert_eq!(status.code(), Some(1), "{version}: exit code");
    eprintln!(
        "cqlsh {version}: {} lines identical ({} server gap lines apart)",
        want.len() - gaps.len(),
        gaps.len()
    );
}

#[test]
fn cqlsh_1_0_12_over_cql2() {
    let session = Path::new(DIR).join("session-cql2.txt");
    release("1.0.12", &session, &[], GAPS_1_0_12);
}

#[test]
fn cqlsh_4_1_1_against_2_0_17() {
    let session = Path::new(CQLSH12).join("session.cql");
    release(
        "2.0.17",
        &session,
        &["source_me.cql", "import_bad.csv"],
        GAPS_2_0_17,
    );
}
