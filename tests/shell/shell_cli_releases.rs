//! `supercolumn cli` against the transcripts of the real cassandra-cli of
//! 0.7.10, 0.8.10, 1.0.12, 1.1.12, 2.0.17 and 2.1.22 (`conformance/releases/cli/`, see its README).
//!
//! Each `VERSION/NAME.golden` there is what that release's own cli printed
//! (stdout and stderr merged, piped) running `NAME.txt` (`NAME-0.7.txt`,
//! `NAME-0.8.txt` for those series where there is one) against a fresh real node of the release. Here
//! the same session goes through `supercolumn cli`, which picks the era
//! from the server, against `supercolumn serve --in-memory
//! --cassandra-version VERSION`, and every line must be identical after
//! `run.sh`'s masks (timestamps, elapsed times, the port, UUIDs, the home
//! directory).
//!
//! One difference is allowed, and counted: the Java stack trace the real
//! cli printed after a server's refusal that was not a `RuntimeException`
//! (the exception's `toString()` line and its `\tat ...` frames, after the
//! message both print). supercolumn prints the message only.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::support::shell::{Server, BIN};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/conformance/releases/cli");

/// `run.sh`'s masks, line by line.
fn mask(text: &str) -> Vec<String> {
    let rules: [(&str, &str); 5] = [
        (r"timestamp=[0-9]+", "timestamp=<ts>"),
        (
            r"Elapsed time: [0-9.]+ msec\(s\)\.",
            "Elapsed time: <t> msec(s).",
        ),
        (r"127\.0\.0\.1/[0-9]+", "127.0.0.1/<port>"),
        (
            r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}",
            "<uuid>",
        ),
        (r"[^ ]*/\.cassandra/", "<home>/.cassandra/"),
    ];
    let rules: Vec<(regex::Regex, &str)> = rules
        .iter()
        .map(|(r, w)| (regex::Regex::new(r).unwrap(), *w))
        .collect();
    text.lines()
        .map(|l| {
            rules.iter().fold(l.to_string(), |l, (r, w)| {
                r.replace_all(&l, *w).into_owned()
            })
        })
        .collect()
}

/// The golden's lines without the Java stack traces the module comment
/// allows; returns them and how many lines were left out.
fn without_stack_traces(golden: &[String]) -> (Vec<String>, usize) {
    let mut kept: Vec<String> = Vec::new();
    let mut dropped = 0;
    for (i, line) in golden.iter().enumerate() {
        let frame = line.starts_with("\tat ");
        let header =
            golden.get(i + 1).is_some_and(|n| n.starts_with("\tat ")) && line.contains("Exception");
        if frame || header {
            dropped += 1;
        } else {
            kept.push(line.clone());
        }
    }
    (kept, dropped)
}

/// The session a golden was recorded from: `NAME-0.7.txt` / `NAME-0.8.txt`
/// for those series where there is one (their grammars lacked forms the
/// later sessions use), else `NAME.txt`.
fn session_of(version: &str, name: &str) -> PathBuf {
    for series in ["0.7", "0.8"] {
        let old = Path::new(DIR).join(format!("{name}-{series}.txt"));
        if version.starts_with(&format!("{series}.")) && old.exists() {
            return old;
        }
    }
    Path::new(DIR).join(format!("{name}.txt"))
}

/// `supercolumn cli` with the session piped in, stdout and stderr into one
/// file, HOME in a fresh directory.
fn run_cli(port: u16, session: &Path) -> String {
    let dir = tempfile::tempdir().unwrap();
    let out_path = dir.path().join("out");
    let out = std::fs::File::create(&out_path).unwrap();
    let status = Command::new(BIN)
        .args(["cli", "-h", "127.0.0.1", "-p", &port.to_string()])
        .env("HOME", dir.path())
        .stdin(Stdio::from(std::fs::File::open(session).unwrap()))
        .stdout(Stdio::from(out.try_clone().unwrap()))
        .stderr(Stdio::from(out))
        .status()
        .expect("run cli");
    assert!(status.success(), "cli exited {status:?}");
    std::fs::read_to_string(&out_path).unwrap()
}

/// Every golden of one release: identical lines, stack traces apart.
fn release(version: &str) {
    let mut goldens: Vec<PathBuf> = std::fs::read_dir(Path::new(DIR).join(version))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "golden"))
        .collect();
    goldens.sort();
    assert!(!goldens.is_empty(), "no goldens for {version}");
    for golden in goldens {
        let name = golden.file_stem().unwrap().to_string_lossy().into_owned();
        let server = Server::start_release(version);
        let got = mask(&run_cli(server.port, &session_of(version, &name)));
        let (want, traces) =
            without_stack_traces(&mask(&std::fs::read_to_string(&golden).unwrap()));
        let first = want
            .iter()
            .zip(&got)
            .position(|(w, g)| w != g)
            .or((want.len() != got.len()).then_some(want.len().min(got.len())));
        if let Some(at) = first {
            let from = at.saturating_sub(3);
            panic!(
                "cli {version} {name}: line {} differs (want {} lines, got {})\n--- want\n{}\n--- got\n{}",
                at + 1,
                want.len(),
                got.len(),
                want[from..(at + 5).min(want.len())].join("\n"),
                got[from..(at + 5).min(got.len())].join("\n")
            );
        }
        eprintln!(
            "cli {version} {name}: {} lines identical ({traces} stack trace lines apart)",
            want.len()
        );
    }
}

#[test]
fn cli_0_7_10_transcripts() {
    release("0.7.10");
}

#[test]
fn cli_0_8_10_transcripts() {
    release("0.8.10");
}

#[test]
fn cli_1_0_12_transcripts() {
    release("1.0.12");
}

#[test]
fn cli_1_1_12_transcripts() {
    release("1.1.12");
}

#[test]
fn cli_2_0_17_transcripts() {
    release("2.0.17");
}

#[test]
fn cli_2_1_22_transcripts() {
    release("2.1.22");
}

#[test]
fn stack_traces_are_the_only_lines_left_out() {
    let golden: Vec<String> = [
        "[default@Ks] drop column family Notes;",
        "unconfigured columnfamily Notes",
        "InvalidRequestException(why:unconfigured columnfamily Notes)",
        "\tat org.apache.cassandra.thrift.Cassandra$Client.recv(Cassandra.java:1)",
        "\tat org.apache.cassandra.cli.CliMain.main(CliMain.java:2)",
        "[default@Ks] InvalidRequestException is a word here",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let (kept, dropped) = without_stack_traces(&golden);
    assert_eq!(dropped, 3);
    assert_eq!(kept.len(), 3);
    assert_eq!(kept[2], golden[5]);
}
