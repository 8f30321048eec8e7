//! The capture proxy and the replay as the wire tests run them: the real
//! binary's `capture` (its ready line read for the port, stopped with
//! SIGTERM) and `replay` (its exit status and stdout).

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_supercolumn");

/// A running `supercolumn capture`; stopped (SIGTERM, then waited for) when dropped.
pub struct Capture {
    child: Child,
    /// The Thrift port (or, for a native-only capture, the native one).
    pub port: u16,
}

impl Capture {
    /// `capture --listen 127.0.0.1:0 --to 127.0.0.1:TO --file FILE EXTRA...`.
    pub fn start(to: u16, file: &Path, extra: &[&str]) -> Capture {
        let to = format!("127.0.0.1:{to}");
        Self::spawn(
            &["--listen", "127.0.0.1:0", "--to", &to],
            "listening on",
            file,
            extra,
        )
    }

    /// `capture --native-listen 127.0.0.1:0 --native-to 127.0.0.1:TO --file FILE EXTRA...`.
    pub fn start_native(to: u16, file: &Path, extra: &[&str]) -> Capture {
        let to = format!("127.0.0.1:{to}");
        let args = ["--native-listen", "127.0.0.1:0", "--native-to", &to];
        Self::spawn(&args, "native on", file, extra)
    }

    fn spawn(ports: &[&str], says: &str, file: &Path, extra: &[&str]) -> Capture {
        let mut child = Command::new(BIN)
            .arg("capture")
            .args(ports)
            .arg("--file")
            .arg(file)
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("spawn supercolumn capture");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port = first
            .trim()
            .strip_prefix("supercolumn capture ")
            .and_then(|l| l.strip_prefix(says))
            .and_then(|a| a.rsplit_once(':'))
            .and_then(|(_, p)| p.parse().ok())
            .unwrap_or_else(|| panic!("unexpected ready line {first:?}"));
        Capture { child, port }
    }

    /// Stops the proxy as an operator would (SIGTERM) and returns its exit code.
    pub fn stop(mut self) -> Option<i32> {
        self.terminate()
    }

    fn terminate(&mut self) -> Option<i32> {
        let pid = rustix::process::Pid::from_raw(self.child.id() as i32).unwrap();
        let _ = rustix::process::kill_process(pid, rustix::process::Signal::TERM);
        self.child.wait().ok().and_then(|s| s.code())
    }
}

impl Drop for Capture {
    fn drop(&mut self) {
        if matches!(self.child.try_wait(), Ok(None)) {
            self.terminate();
        }
    }
}

/// `supercolumn replay ARGS...`: its exit code and stdout (stderr shown on failure).
pub fn replay(args: &[&str]) -> (i32, String) {
    let out = Command::new(BIN)
        .arg("replay")
        .args(args)
        .output()
        .expect("run supercolumn replay");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    (out.status.code().unwrap_or(-1), format!("{stdout}{stderr}"))
}
