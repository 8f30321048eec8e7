//! Shared by the shell tests: starts a server (the crate's own binary, or
//! the one `SUPERCOLUMN_TEST_SERVER` names, e.g. a build of a branch with
//! more of the API) on port 0 with `--in-memory`, and runs
//! `supercolumn cli`/`cqlsh` against it as a user would. [`cqlsh_output`]
//! reads cqlsh's printed tables back.
#![allow(dead_code)]

pub mod cqlsh_output;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub const BIN: &str = env!("CARGO_BIN_EXE_supercolumn");
pub const CONFIG: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");
/// The 1.2.9 conformance config: Murmur3Partitioner, as the CQL3 golden
/// recording ran (ring order of partitions depends on it).
pub const MURMUR3_CONFIG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/src/config/testdata/storage-conf-v19.xml"
);

pub struct Server {
    child: Child,
    pub port: u16,
    /// The CQL native-protocol port, when started with [`Server::start_all_ports`].
    pub native: Option<u16>,
    /// The admin HTTP port, likewise.
    pub admin: Option<u16>,
    /// The working directory of a server on the default config.
    _cwd: Option<tempfile::TempDir>,
}

impl Server {
    pub fn start() -> Server {
        Server::start_with(CONFIG)
    }

    /// A server on another config file.
    pub fn start_with(config: &str) -> Server {
        Server::launch(&["--config", config], None)
    }

    /// A server on the built-in default configuration: no `--config`, and a
    /// fresh working directory with no storage-conf.xml, as a new user has.
    pub fn start_default() -> Server {
        let cwd = tempfile::tempdir().unwrap();
        Server::launch(&[], Some(cwd))
    }

    /// A server answering as Cassandra `version` (`--cassandra-version`) on
    /// that release's stock settings, in a fresh working directory, with
    /// the 1 GB heap the real node of `conformance/releases/cli` ran with
    /// (0.7 sized memtables from it). Its native port, if the release had
    /// one, is a free one.
    pub fn start_release(version: &str) -> Server {
        let cwd = tempfile::tempdir().unwrap();
        Server::launch(
            &[
                "--cassandra-version",
                version,
                "--jvm-heap",
                "1024",
                "--native-listen",
                "127.0.0.1:0",
            ],
            Some(cwd),
        )
    }

    /// A server that also serves the CQL native protocol and the admin
    /// HTTP surface, each on a port of its own.
    pub fn start_all_ports() -> Server {
        Server::launch(
            &[
                "--config",
                CONFIG,
                "--native-listen",
                "127.0.0.1:0",
                "--admin-listen",
                "127.0.0.1:0",
            ],
            None,
        )
    }

    fn launch(config: &[&str], cwd: Option<tempfile::TempDir>) -> Server {
        let bin = std::env::var("SUPERCOLUMN_TEST_SERVER").unwrap_or_else(|_| BIN.to_string());
        let mut command = Command::new(bin);
        command
            .arg("serve")
            .args(config)
            .args(["--in-memory", "--listen", "127.0.0.1:0"]);
        // The admin port stays closed unless the caller asked for one.
        if !config.contains(&"--admin-listen") {
            command.args(["--admin-listen", "off"]);
        }
        if let Some(dir) = &cwd {
            command.current_dir(dir.path());
        }
        let mut child = command
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("spawn server");
        let stdout = child.stdout.take().unwrap();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout).lines();
            // The admin and native lines, if any, come before the ready line.
            for line in lines.by_ref().map_while(Result::ok) {
                let last = !line.starts_with("supercolumn native on ")
                    && !line.starts_with("supercolumn admin on ");
                let _ = tx.send(line);
                if last {
                    break;
                }
            }
            // Keep draining so the server never blocks on a full pipe.
            for _ in lines {}
        });
        let port_of = |line: &str| -> u16 {
            line.rsplit_once(':')
                .and_then(|(_, p)| p.parse().ok())
                .unwrap_or_else(|| panic!("unexpected ready line {line:?}"))
        };
        let (mut native, mut admin) = (None, None);
        let port = loop {
            let line = rx
                .recv_timeout(Duration::from_secs(30))
                .expect("server ready line");
            if line.starts_with("supercolumn native on ") {
                native = Some(port_of(&line));
            } else if line.starts_with("supercolumn admin on ") {
                admin = Some(port_of(&line));
            } else {
                break port_of(&line);
            }
        };
        Server {
            child,
            port,
            native,
            admin,
            _cwd: cwd,
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a shell run printed and how it ended.
#[derive(Debug)]
pub struct Run {
    pub stdout: String,
    pub stderr: String,
    pub code: i32,
}

/// Runs `supercolumn <shell> --port P ARGS` with `stdin` piped in.
pub fn shell(shell: &str, port: u16, args: &[&str], stdin: &str) -> Run {
    // A HOME of its own: the cli reads `~/.cassandra/assumptions.json`.
    let home = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .env("HOME", home.path())
        .arg(shell)
        .args(["--port", &port.to_string()])
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn shell");
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().expect("shell output");
    Run {
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        code: out.status.code().unwrap_or(-1),
    }
}

/// Runs a script file through `-f`.
pub fn script(shell_name: &str, port: u16, args: &[&str], script: &str) -> Run {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("script");
    std::fs::write(&path, script).unwrap();
    let mut all: Vec<&str> = args.to_vec();
    let p = path.to_str().unwrap().to_string();
    all.push("-f");
    all.push(&p);
    shell(shell_name, port, &all, "")
}

/// The output with `Elapsed time: ... msec(s).` lines checked for shape and
/// replaced by `Elapsed time: T`, and timestamps replaced by `T`.
pub fn normalize(out: &str) -> String {
    let mut lines = Vec::new();
    for line in out.lines() {
        if let Some(rest) = line.strip_prefix("Elapsed time: ") {
            let n = rest.strip_suffix(" msec(s).").expect("elapsed shape");
            assert!(n.parse::<f64>().is_ok(), "elapsed value {n:?}");
            lines.push("Elapsed time: T".to_string());
            continue;
        }
        let mut l = line.to_string();
        while let Some(at) = l.find("timestamp=") {
            let start = at + "timestamp=".len();
            let end = l[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(l.len(), |e| start + e);
            assert!(end > start, "timestamp digits in {line:?}");
            l.replace_range(at..end, "ts=T");
        }
        lines.push(l);
    }
    lines.join("\n") + "\n"
}

/// A TCP server that answers every connection with `reply` once something
/// arrives, then closes it: a stand-in for whatever is not a Thrift server.
pub fn answering_with(reply: &'static [u8]) -> u16 {
    use std::io::Read;
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut buf = [0u8; 64];
            let _ = stream.read(&mut buf);
            let _ = stream.write_all(reply);
            // Close gracefully: read what the client still sends until it
            // closes, so the kernel sends no reset that could discard the
            // reply before the client reads it.
            let _ = stream.shutdown(std::net::Shutdown::Write);
            let _ = stream.set_read_timeout(Some(std::time::Duration::from_secs(10)));
            while matches!(stream.read(&mut buf), Ok(n) if n > 0) {}
        }
    });
    port
}

/// A recorded cqlsh 1.2.9 transcript's `<exit code 0>` as this cqlsh ends
/// it: off a terminal it exits 1 after any failed statement (an error line
/// `<stdin>:N:` or `FILE:N:`), where 1.2.9 exited 0 whatever failed.
pub fn cqlsh_exit_code_as_ours(golden: &str) -> String {
    let failed = golden.lines().any(|l| {
        l.split_once(':').is_some_and(|(input, rest)| {
            (input == "<stdin>" || input.ends_with(".cql"))
                && rest
                    .split_once(':')
                    .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
    });
    if failed {
        golden.replace("<exit code 0>\n", "<exit code 1>\n")
    } else {
        golden.to_string()
    }
}
