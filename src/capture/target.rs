//! Where a replay goes: a server already running (`--server`), or an
//! in-memory emulation of a release started for the replay
//! (`--cassandra-version`: this binary's own `serve --in-memory
//! --cassandra-version V` on a free port; without a version, its default),
//! stopped when the replay ends.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error("cannot start the emulation of {version}: {why}")]
    Start { version: String, why: String },
}

/// An emulation started for a replay; killed when dropped.
pub struct Emulation {
    child: Child,
    pub addr: String,
    /// Its native-protocol port, when asked for.
    pub native: Option<String>,
}

impl Emulation {
    /// The emulation of `version`, or with `None` the default one; with
    /// `native`, serving the native protocol too.
    pub fn start(version: Option<&str>, native: bool) -> Result<Emulation, TargetError> {
        let fail = |why: String| TargetError::Start {
            version: version.unwrap_or("the default release").to_string(),
            why,
        };
        let exe = std::env::current_exe().map_err(|e| fail(e.to_string()))?;
        let mut cmd = Command::new(exe);
        cmd.args(["serve", "--in-memory"]);
        if let Some(v) = version {
            cmd.args(["--cassandra-version", v]);
        }
        if native {
            cmd.args(["--native-listen", "127.0.0.1:0"]);
        }
        let mut child = cmd
            .args(["--listen", "127.0.0.1:0", "--admin-listen", "off"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| fail(e.to_string()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| fail("no stdout".into()))?;
        let mut lines = BufReader::new(stdout).lines();
        let mut native_addr = None;
        let addr = loop {
            match lines.next() {
                Some(Ok(line)) => {
                    if let Some(addr) = line.strip_prefix("supercolumn native on ") {
                        native_addr = Some(addr.trim().to_string());
                    }
                    if let Some(addr) = line.strip_prefix("supercolumn listening on ") {
                        break addr.trim().to_string();
                    }
                }
                _ => {
                    let _ = child.kill();
                    let mut err = String::new();
                    if let Some(mut e) = child.stderr.take() {
                        let _ = std::io::Read::read_to_string(&mut e, &mut err);
                    }
                    let _ = child.wait();
                    let last = err.lines().last().unwrap_or("it exited").to_string();
                    return Err(fail(last));
                }
            }
        };
        // The server's later output is read and dropped, so it never blocks on a full pipe.
        std::thread::spawn(move || lines.for_each(drop));
        if let Some(err) = child.stderr.take() {
            std::thread::spawn(move || BufReader::new(err).lines().for_each(drop));
        }
        Ok(Emulation {
            child,
            addr,
            native: native_addr,
        })
    }
}

impl Drop for Emulation {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
