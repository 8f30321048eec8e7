//! Shared by the wire tests: starts the real `supercolumn` binary on port 0,
//! reads its ready line, and opens generated-client connections to it.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::CassandraSyncClient;
use supercolumn::thrift::gen::cassandra19;
use thrift::protocol::{TInputProtocol, TOutputProtocol};

pub mod capture;
pub mod gateway;
pub mod thrift19;

/// Copies of the conformance configs (kept identical to the corpus by the config tests).
pub const CONFORMANCE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/config/testdata");

pub fn conformance_config(name: &str) -> PathBuf {
    Path::new(CONFORMANCE).join(name)
}

/// A server on the config the 1.2.9 cases were recorded under
/// (Murmur3Partitioner), keeping its data in `data_dir`.
pub fn v19_server(data_dir: &Path) -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data_dir.to_str().unwrap(),
    ])
}

pub type Client = CassandraSyncClient<Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>>;

/// A running server process; killed when dropped.
pub struct Server {
    child: Child,
    pub port: u16,
    /// The admin surface's port, when started with `--admin-listen`.
    pub admin_port: Option<u16>,
    /// The native protocol's port, when the server announced one.
    pub native_port: Option<u16>,
    /// Everything the server wrote to stderr so far (collected by a thread).
    log: mpsc::Receiver<String>,
    log_lines: Vec<String>,
}

impl Server {
    /// Starts `supercolumn serve ARGS --listen 127.0.0.1:0` and waits for the ready line.
    pub fn start(args: &[&str]) -> Server {
        Self::try_start(args)
            .unwrap_or_else(|(status, log)| panic!("server did not start ({status:?}):\n{log}"))
    }

    /// Like `start`, but returns the exit status and log when the server fails to start.
    pub fn try_start(args: &[&str]) -> Result<Server, (Option<ExitStatus>, String)> {
        Self::try_start_in(None, args)
    }

    /// Like `try_start`, with the server's current directory set to `cwd`.
    pub fn try_start_in(
        cwd: Option<&Path>,
        args: &[&str],
    ) -> Result<Server, (Option<ExitStatus>, String)> {
        Self::launch(cwd, &[], &[], args)
    }

    /// Like `try_start`, but without the `--admin-listen off` the other
    /// starts add when no `--admin-listen` is given: the server takes the
    /// admin surface's default port (127.0.0.1:7199) if it is free.
    pub fn try_start_default_admin(args: &[&str]) -> Result<Server, (Option<ExitStatus>, String)> {
        Self::spawn(None, &[], &[], args, false)
    }

    /// Like `start`, with these environment variables set (`RUST_LOG` is
    /// `info` unless set here).
    pub fn start_with_env(env: &[(&str, &str)], args: &[&str]) -> Server {
        Self::launch(None, env, &[], args)
            .unwrap_or_else(|(status, log)| panic!("server did not start ({status:?}):\n{log}"))
    }

    /// Starts the server through `wrapper` (a program and its arguments that
    /// end by running the command appended to them, e.g. a shell setting a
    /// resource limit and then `exec "$@"`); the pid is the server's if the
    /// wrapper execs it.
    pub fn start_via(wrapper: &[&str], args: &[&str]) -> Server {
        Self::launch(None, &[], wrapper, args)
            .unwrap_or_else(|(status, log)| panic!("server did not start ({status:?}):\n{log}"))
    }

    /// Starts a server; one that is not given `--admin-listen` gets
    /// `--admin-listen off`, so that test servers never race for the admin
    /// surface's default port.
    fn launch(
        cwd: Option<&Path>,
        env: &[(&str, &str)],
        wrapper: &[&str],
        args: &[&str],
    ) -> Result<Server, (Option<ExitStatus>, String)> {
        Self::spawn(cwd, env, wrapper, args, true)
    }

    fn spawn(
        cwd: Option<&Path>,
        env: &[(&str, &str)],
        wrapper: &[&str],
        args: &[&str],
        admin_off_unless_asked: bool,
    ) -> Result<Server, (Option<ExitStatus>, String)> {
        let admin_off: &[&str] = if admin_off_unless_asked && !args.contains(&"--admin-listen") {
            &["--admin-listen", "off"]
        } else {
            &[]
        };
        let bin = env!("CARGO_BIN_EXE_supercolumn");
        let mut command = match wrapper.split_first() {
            Some((program, rest)) => {
                let mut c = Command::new(program);
                c.args(rest).arg(bin);
                c
            }
            None => Command::new(bin),
        };
        if let Some(dir) = cwd {
            command.current_dir(dir);
        }
        let mut child = command
            .arg("serve")
            .args(args)
            .args(admin_off)
            .args(["--listen", "127.0.0.1:0"])
            .env("RUST_LOG", "info")
            .envs(env.iter().copied())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("spawn supercolumn");
        let (log_tx, log_rx) = mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if log_tx.send(line).is_err() {
                    break;
                }
            }
        });
        let (ready_tx, ready_rx) = mpsc::channel();
        let mut stdout = child.stdout.take().unwrap();
        std::thread::spawn(move || {
            let mut line = Vec::new();
            let mut byte = [0u8; 1];
            while let Ok(1) = stdout.read(&mut byte) {
                if byte[0] == b'\n' {
                    let _ = ready_tx.send(String::from_utf8_lossy(&line).into_owned());
                    line.clear();
                } else {
                    line.push(byte[0]);
                }
            }
        });
        let deadline = Instant::now() + Duration::from_secs(30);
        let mut server = Server {
            child,
            port: 0,
            admin_port: None,
            native_port: None,
            log: log_rx,
            log_lines: Vec::new(),
        };
        loop {
            match ready_rx.recv_timeout(Duration::from_millis(50)) {
                Ok(line) if line.starts_with("supercolumn admin on ") => {
                    let port = line.rsplit_once(':').and_then(|(_, p)| p.parse().ok());
                    server.admin_port = Some(port.expect("admin port"));
                }
                Ok(line) => {
                    if let Some(addr) = line.strip_prefix("supercolumn native on ") {
                        server.native_port =
                            addr.rsplit_once(':').and_then(|(_, p)| p.parse().ok());
                        continue;
                    }
                    let port = line
                        .strip_prefix("supercolumn listening on ")
                        .and_then(|addr| addr.rsplit_once(':'))
                        .and_then(|(_, p)| p.parse().ok())
                        .unwrap_or_else(|| panic!("unexpected first stdout line {line:?}"));
                    server.port = port;
                    return Ok(server);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => {}
            }
            if let Ok(Some(status)) = server.child.try_wait() {
                std::thread::sleep(Duration::from_millis(100));
                return Err((Some(status), server.log()));
            }
            if Instant::now() > deadline {
                return Err((None, server.log()));
            }
        }
    }

    /// The server's stderr so far.
    pub fn log(&mut self) -> String {
        while let Ok(l) = self.log.try_recv() {
            self.log_lines.push(l);
        }
        self.log_lines.join("\n")
    }

    /// Waits (up to 20 s) until the log holds a line containing every one
    /// of `parts`, and returns that line; panics with the log if none does.
    pub fn wait_for_line(&mut self, parts: &[&str]) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let log = self.log();
            if let Some(line) = log.lines().find(|l| parts.iter().all(|p| l.contains(p))) {
                return line.to_string();
            }
            if Instant::now() > deadline {
                panic!("no log line with {parts:?} in:\n{log}");
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    pub fn client(&self, framed: bool) -> Client {
        connect(self.port, framed)
    }

    pub fn raw(&self) -> TcpStream {
        let s = TcpStream::connect(("127.0.0.1", self.port)).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s
    }

    /// Sends SIGTERM and waits (up to 20 s) for the exit status.
    pub fn terminate(&mut self) -> ExitStatus {
        let ok = Command::new("kill")
            .args(["-TERM", &self.pid().to_string()])
            .status()
            .expect("run kill");
        assert!(ok.success());
        self.wait(Duration::from_secs(20))
            .expect("server did not exit after SIGTERM")
    }

    /// SIGKILL, no chance to flush.
    pub fn kill9(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    pub fn wait(&mut self, limit: Duration) -> Option<ExitStatus> {
        let deadline = Instant::now() + limit;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

fn protocols(port: u16, framed: bool) -> (Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>) {
    let (i, o) = supercolumn::thrift::client::connect(
        "127.0.0.1",
        port,
        framed,
        Duration::from_secs(5),
        Duration::from_secs(15),
    )
    .expect("connect");
    (i, o)
}

/// A generated 0.6 client on a fresh connection, framed or buffered.
pub fn connect(port: u16, framed: bool) -> Client {
    let (i, o) = protocols(port, framed);
    CassandraSyncClient::new(i, o)
}

pub type Client19 =
    cassandra19::CassandraSyncClient<Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>>;

/// A generated 19.x client on a fresh framed connection (as 1.2 clients connected).
pub fn connect19(port: u16) -> Client19 {
    connect19_framed(port, true)
}

/// A generated 19.x client on a fresh connection, framed or buffered (0.7
/// could serve either).
pub fn connect19_framed(port: u16, framed: bool) -> Client19 {
    let (i, o) = protocols(port, framed);
    cassandra19::CassandraSyncClient::new(i, o)
}

/// The `why` of a 19.x InvalidRequestException, or a panic naming what came instead.
pub fn ire19<T: std::fmt::Debug>(r: thrift::Result<T>) -> String {
    match r {
        Err(thrift::Error::User(e)) => match e.downcast::<cassandra19::InvalidRequestException>() {
            Ok(ire) => ire.why,
            Err(other) => panic!("expected an InvalidRequestException, got {other:?}"),
        },
        other => panic!("expected an InvalidRequestException, got {other:?}"),
    }
}

/// The `why` of an InvalidRequestException, or a panic naming what came instead.
pub fn ire<T: std::fmt::Debug>(r: thrift::Result<T>) -> String {
    use supercolumn::thrift::gen::cassandra06::InvalidRequestException;
    match r {
        Err(thrift::Error::User(e)) => match e.downcast::<InvalidRequestException>() {
            Ok(ire) => ire.why,
            Err(other) => panic!("expected an InvalidRequestException, got {other:?}"),
        },
        other => panic!("expected an InvalidRequestException, got {other:?}"),
    }
}

/// A microsecond timestamp, unique per call within this process.
pub fn timestamp() -> i64 {
    use std::sync::atomic::{AtomicI64, Ordering};
    static LAST: AtomicI64 = AtomicI64::new(0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64;
    let prev = LAST.fetch_max(now, Ordering::SeqCst);
    if prev >= now {
        LAST.fetch_add(1, Ordering::SeqCst) + 1
    } else {
        now
    }
}

/// Runs one CQL3 statement at ONE, panicking with the statement on failure.
pub fn cql3(c: &mut Client19, query: &str) -> cassandra19::CqlResult {
    use cassandra19::TCassandraSyncClient;
    c.execute_cql3_query(
        query.as_bytes().to_vec(),
        cassandra19::Compression::NONE,
        cassandra19::ConsistencyLevel::ONE,
    )
    .unwrap_or_else(|e| panic!("{query}: {e:?}"))
}

/// For the compare-and-set tests: keyspace `lwt` with a counter table
/// `counts`, and the connection on keyspace CT of the api19 config (StdUTF8,
/// SupBytes).
pub fn lwt_setup(c: &mut Client19) {
    use cassandra19::TCassandraSyncClient;
    cql3(
        c,
        "CREATE KEYSPACE lwt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql3(c, "CREATE TABLE lwt.counts (k text PRIMARY KEY, n counter)");
    c.set_keyspace("CT".into()).unwrap();
}
