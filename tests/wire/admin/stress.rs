//! `supercolumn stress` end to end against the real server: it writes rows
//! and reads every one of them back (no misses, no errors) over both API
//! generations, for Standard and Super column families, with every
//! operation; with --api 19 it creates its keyspace and column family; a
//! refused call is an error, not an operation; a killed server ends the run
//! with one error per connection; Ctrl-C prints the results so far. Null
//! calls (describe_version) run over both generations, and the server's CPU
//! per operation is reported for a local server, found by its port or named
//! by --server-pid. `--api native` runs the same operations over the CQL
//! native protocol with many requests in flight per connection.

use crate::support::wire;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ConsistencyLevel, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::Server;

/// A server on the repository's own storage-conf.xml (Keyspace1), in memory.
fn start() -> Server {
    let conf = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
    Server::start(&["--config", conf, "--in-memory"])
}

/// A finished stress run: exit code and stdout.
struct Run {
    code: Option<i32>,
    out: String,
}

impl Run {
    /// A report line's number (`operations  300` -> 300).
    fn field(&self, name: &str) -> u64 {
        self.out
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("no {name} in {}", self.out))
    }
}

fn stress_cmd(port: u16, args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_supercolumn"));
    cmd.arg("stress")
        .args(["--server", &format!("127.0.0.1:{port}"), "-t", "3"])
        .args(args);
    cmd
}

/// Runs stress with 300 keys (unless `args` says otherwise) and returns
/// what it printed, whatever its exit status.
fn run(port: u16, args: &[&str]) -> Run {
    let keys: &[&str] = if args.contains(&"-n") {
        &[]
    } else {
        &["-n", "300"]
    };
    let out = stress_cmd(port, &[keys, args].concat())
        .output()
        .expect("run stress");
    Run {
        code: out.status.code(),
        out: format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        ),
    }
}

/// Like `run`, and it must succeed.
fn stress(port: u16, args: &[&str]) -> Run {
    let r = run(port, args);
    assert_eq!(r.code, Some(0), "stress {args:?} failed:\n{}", r.out);
    r
}

#[test]
fn inserts_then_reads_everything_back() {
    let server = start();
    for extra in [&[][..], &["--super", "2", "--framed"][..]] {
        let insert = stress(server.port, &[&["--operation", "insert"], extra].concat());
        assert_eq!(insert.field("operations"), 300);
        assert!(insert.out.contains("API 0.6"), "{}", insert.out);
        let read = stress(server.port, &[&["--operation", "read"], extra].concat());
        assert_eq!(read.field("operations"), 300);
        assert_eq!(read.field("misses"), 0, "{}", read.out);
        assert_eq!(read.field("errors"), 0, "{}", read.out);
        let range = stress(
            server.port,
            &[&["--operation", "range-slice"], extra].concat(),
        );
        assert_eq!(range.field("operations"), 300);
        assert_eq!(range.field("misses"), 0, "{}", range.out);
    }
}

/// The text after `name` on its report line (`server cpu  25.0 µs/op ...`).
fn line_after<'a>(r: &'a Run, name: &str) -> &'a str {
    r.out
        .lines()
        .find_map(|l| l.strip_prefix(name))
        .unwrap_or_else(|| panic!("no {name} in {}", r.out))
        .trim()
}

#[test]
fn null_calls_and_the_servers_cpu_per_operation() {
    let server = start();
    let pid = server.pid().to_string();
    for api in ["0.6", "19"] {
        let r = stress(
            server.port,
            &["--api", api, "--operation", "null", "-n", "3000"],
        );
        assert_eq!((r.field("operations"), r.field("errors")), (3000, 0));
        // Found by its port: 3000 calls take some clock ticks of its CPU.
        let cpu = line_after(&r, "server cpu");
        assert!(cpu.ends_with(&format!("pid {pid})")), "{}", r.out);
        let per_op: f64 = cpu.split_whitespace().next().unwrap().parse().unwrap();
        assert!(per_op > 0.0, "{}", r.out);
        let rss = line_after(&r, "server      rss");
        assert!(rss.ends_with("threads at the end"), "{}", r.out);
        assert!(line_after(&r, "client cpu").ends_with("µs/op"), "{}", r.out);
    }
    // Named by --server-pid, for an insert run.
    let r = stress(server.port, &["--server-pid", &pid, "-n", "30"]);
    assert!(line_after(&r, "server cpu").contains(&format!("pid {pid}")));
    // A process that cannot exist: the run goes on, and says why.
    let r = stress(
        server.port,
        &["--operation", "null", "--server-pid", "4294967295"],
    );
    let why = line_after(&r, "server cpu");
    assert!(
        why.starts_with("not measured: cannot read /proc/4294967295/stat"),
        "{}",
        r.out
    );
}

#[test]
fn reading_keys_never_written_counts_misses() {
    let server = start();
    for op in ["read", "range-slice"] {
        let r = stress(
            server.port,
            &["--operation", op, "--column-family", "Standard2"],
        );
        assert_eq!(r.field("misses"), 300, "{}", r.out);
    }
}

#[test]
fn api_19_creates_its_keyspace_and_column_families() {
    let server = start();
    let base = ["--api", "19", "--keyspace", "StressKs"];
    let insert = stress(
        server.port,
        &[&base[..], &["--operation", "insert"]].concat(),
    );
    assert!(
        insert
            .out
            .contains("created keyspace StressKs with column family Standard1"),
        "{}",
        insert.out
    );
    assert!(insert.out.contains("(API 19, framed)"), "{}", insert.out);
    assert_eq!(insert.field("operations"), 300);
    for op in ["read", "range-slice"] {
        let r = stress(server.port, &[&base[..], &["--operation", op]].concat());
        assert!(!r.out.contains("created"), "{}", r.out);
        // What it found is said as well as what it made.
        assert!(
            r.out
                .contains("using the existing keyspace StressKs and column family Standard1"),
            "{}",
            r.out
        );
        assert_eq!(
            (r.field("operations"), r.field("misses")),
            (300, 0),
            "{}",
            r.out
        );
    }
    // A second column family in the existing keyspace, Super this time.
    let sup = ["--super", "2", "--operation", "mixed", "--ratio", "1:2"];
    let mixed = stress(server.port, &[&base[..], &sup[..]].concat());
    assert!(
        mixed.out.contains("created column family StressKs.Super1"),
        "{}",
        mixed.out
    );
    assert_eq!(mixed.field("operations"), 900, "{}", mixed.out);
    assert_eq!((mixed.field("misses"), mixed.field("errors")), (0, 0));
    // The wrong kind of column family is refused before the run.
    let wrong = run(
        server.port,
        &[&base[..], &["--column-family", "Super1"]].concat(),
    );
    assert_eq!(wrong.code, Some(1), "{}", wrong.out);
    assert!(
        wrong
            .out
            .contains("column family StressKs.Super1 is Super; a run without --super"),
        "{}",
        wrong.out
    );
    // Rows the 19.x run wrote in Keyspace1 are read back over 0.6, and the other way.
    stress(server.port, &["--api", "19", "-n", "30"]);
    let r = stress(server.port, &["--operation", "read", "-n", "30"]);
    assert_eq!(r.field("misses"), 0, "{}", r.out);
}

#[test]
fn refused_calls_are_errors_with_the_first_why() {
    let server = start();
    let r = run(server.port, &["--keyspace", "Nope"]);
    assert_eq!(r.code, Some(1), "{}", r.out);
    assert_eq!(r.field("operations"), 0, "{}", r.out);
    assert_eq!(r.field("errors"), 300, "{}", r.out);
    assert!(
        r.out
            .contains("first error InvalidRequestException: Keyspace Nope does not exist"),
        "{}",
        r.out
    );
    // The consistency level reaches the server: 0.6 wrote at ZERO but refused to read at it.
    let write = stress(server.port, &["--consistency", "zero", "-n", "30"]);
    assert!(write.out.contains("consistency ZERO"), "{}", write.out);
    let read = run(
        server.port,
        &["--consistency", "ZERO", "--operation", "read", "-n", "30"],
    );
    assert_eq!(
        (read.code, read.field("errors")),
        (Some(1), 30),
        "{}",
        read.out
    );
    assert!(
        read.out.contains("first error InvalidRequestException: "),
        "{}",
        read.out
    );
    for api in ["0.6", "19"] {
        stress(
            server.port,
            &["--api", api, "--consistency", "QUORUM", "-n", "30"],
        );
    }
}

#[test]
fn column_size_sets_the_value_length() {
    let server = start();
    stress(server.port, &["-S", "1000", "-c", "2", "-n", "3"]);
    let mut c = server.client(false);
    let got = c
        .get_slice(
            "Keyspace1".into(),
            "0000000002".into(),
            ColumnParent::new("Standard1".into(), None),
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 10)),
            ConsistencyLevel::ONE,
        )
        .expect("get_slice");
    let sizes: Vec<usize> = got
        .iter()
        .map(|c| c.column.as_ref().unwrap().value.len())
        .collect();
    assert_eq!(sizes, [1000, 1000]);
}

/// `--api native`: many requests in flight per connection, every row read
/// back (prepared statements, v4 and v3 with lz4), the same cells Thrift
/// writes (`C0`.. of `-S` bytes, seen through `get_slice`), and the
/// options a Thrift run or a CQL3 table cannot take refused.
#[test]
fn native_protocol_with_requests_in_flight() {
    let server = start();
    let port = server
        .native_port
        .expect("the server serves the native protocol");
    let native = |extra: &[&str]| {
        let args = [&["--api", "native", "--in-flight", "16"][..], extra].concat();
        stress(port, &args)
    };
    let insert = native(&["--operation", "insert"]);
    assert_eq!(
        (insert.field("operations"), insert.field("errors")),
        (300, 0)
    );
    assert!(
        insert
            .out
            .contains("native protocol v4, 16 in flight per connection"),
        "{}",
        insert.out
    );
    assert!(
        insert.out.contains("Keyspace1.Standard1Cql"),
        "{}",
        insert.out
    );
    for op in ["read", "range-slice", "mixed", "null"] {
        let r = native(&["--operation", op]);
        assert_eq!(r.field("operations"), if op == "mixed" { 600 } else { 300 });
        assert_eq!(
            (r.field("misses"), r.field("errors")),
            (0, 0),
            "{op}: {}",
            r.out
        );
    }
    let v3 = native(&[
        "--operation",
        "read",
        "--native-version",
        "3",
        "--compression",
        "lz4",
    ]);
    assert_eq!(
        (v3.field("operations"), v3.field("misses")),
        (300, 0),
        "{}",
        v3.out
    );
    // Rows never written are misses, not errors.
    let unwritten = native(&["--operation", "read", "-n", "600"]);
    assert_eq!(unwritten.field("misses"), 300, "{}", unwritten.out);

    let mut c = server.client(false);
    let got = c
        .get_slice(
            "Keyspace1".into(),
            "0000000002".into(),
            ColumnParent::new("Standard1Cql".into(), None),
            SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 10)),
            ConsistencyLevel::ONE,
        )
        .expect("get_slice");
    let cells: Vec<(Vec<u8>, usize)> = got
        .iter()
        .map(|c| {
            let c = c.column.as_ref().unwrap();
            (c.name.clone(), c.value.len())
        })
        .collect();
    let want: Vec<(Vec<u8>, usize)> = (0..5).map(|i| (format!("C{i}").into_bytes(), 34)).collect();
    assert_eq!(cells, want);

    for (bad, why) in [
        (
            &["--api", "native", "--super", "2"][..],
            "--super needs a Thrift API",
        ),
        (
            &["--api", "19", "--in-flight", "4"][..],
            "--in-flight and --compression need --api native",
        ),
        (
            &["--api", "native", "--native-version", "1"][..],
            "--native-version: 2, 3 or 4",
        ),
        (
            &[
                "--api",
                "native",
                "--native-version",
                "2",
                "--in-flight",
                "200",
            ][..],
            "--in-flight: 1 to 128",
        ),
    ] {
        let r = run(port, bad);
        assert_ne!(r.code, Some(0), "{bad:?}");
        assert!(r.out.contains(why), "{bad:?}: {}", r.out);
    }
}

/// A long run in the background, its stdout read line by line.
struct Background {
    child: Child,
    lines: mpsc::Receiver<String>,
    seen: Vec<String>,
}

impl Background {
    fn start(port: u16, args: &[&str]) -> Background {
        let mut child = stress_cmd(port, &[&["-n", "100000000"], args].concat())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn stress");
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Background {
            child,
            lines,
            seen: Vec::new(),
        }
    }

    /// Waits (up to 60 s) for a progress line with operations done.
    fn wait_for_progress(&mut self) {
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(line) = self.lines.recv_timeout(Duration::from_millis(100)) {
                let cols: Vec<&str> = line.split_whitespace().collect();
                self.seen.push(line.clone());
                if cols.len() == 4 && cols[1].parse::<u64>().is_ok_and(|ops| ops > 0) {
                    return;
                }
            }
        }
        panic!("no progress line in 60 s: {:?}", self.seen);
    }

    /// Waits (up to 60 s) for the exit; returns it with all it printed.
    fn finish(mut self) -> Run {
        let deadline = Instant::now() + Duration::from_secs(60);
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("stress did not exit within 60 s: {:?}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        while let Ok(line) = self.lines.recv_timeout(Duration::from_secs(5)) {
            self.seen.push(line);
        }
        Run {
            code: status.code(),
            out: self.seen.join("\n"),
        }
    }
}

#[test]
fn a_killed_server_ends_the_run_with_one_error_per_connection() {
    let mut server = start();
    let mut bg = Background::start(server.port, &["--api", "19"]);
    bg.wait_for_progress();
    assert!(
        bg.seen
            .iter()
            .any(|l| l.starts_with("  time s  operations")),
        "{:?}",
        bg.seen
    );
    server.kill9();
    let r = bg.finish();
    assert_eq!(r.code, Some(1), "{}", r.out);
    assert_eq!(r.field("errors"), 3, "{}", r.out);
    assert!(r.out.contains("connections lost 3 of 3"), "{}", r.out);
    assert!(
        r.out.contains("first error TTransportException"),
        "{}",
        r.out
    );
    assert!(r.field("operations") > 0, "{}", r.out);
}

#[test]
fn ctrl_c_prints_the_results_so_far() {
    let server = start();
    let mut bg = Background::start(server.port, &["--operation", "mixed"]);
    bg.wait_for_progress();
    let pid = bg.child.id().to_string();
    let kill = Command::new("kill").args(["-INT", &pid]).status();
    assert!(kill.expect("run kill").success());
    let r = bg.finish();
    assert_eq!(r.code, Some(130), "{}", r.out);
    assert!(
        r.out.contains("interrupted: the results so far"),
        "{}",
        r.out
    );
    assert!(r.field("operations") > 0, "{}", r.out);
    assert_eq!((r.field("errors"), r.field("misses")), (0, 0), "{}", r.out);
    drop(server);
}
