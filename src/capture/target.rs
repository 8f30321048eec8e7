//! Where a replay goes: a server already running (`--server`), or an
//! in-memory emulation of a release started for the replay
//! (`--cassandra-version`: this binary's own `serve --in-memory
//! --cassandra-version V` on a free port; without a version, its default;
//! with `--backend`, the gateway onto a cluster), stopped when the replay
//! ends.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

#[derive(Debug, thiserror::Error)]
pub enum TargetError {
    #[error("cannot start the emulation of {version}: {why}")]
    Start { version: String, why: String },
}

/// How an emulation is started.
#[derive(Clone, Copy, Debug, Default)]
pub struct Started<'a> {
    /// Serving the native protocol too.
    pub native: bool,
    /// On this configuration file (else the release's stock one, or the
    /// default's).
    pub config: Option<&'a Path>,
    /// Keeping its data in this cluster (`serve --backend URL`): a replay
    /// through the gateway.
    pub backend: Option<&'a str>,
    /// `serve --jvm-heap` (MB).
    pub jvm_heap: Option<u64>,
    /// `serve --machine-memory` (MB).
    pub machine_memory: Option<u64>,
}

/// An emulation started for a replay; killed when dropped.
pub struct Emulation {
    child: Child,
    pub addr: String,
    /// Its native-protocol port, when asked for.
    pub native: Option<String>,
}

impl Emulation {
    /// The emulation of `version`, or with `None` the default one, started
    /// as `with` says.
    pub fn start(version: Option<&str>, with: &Started) -> Result<Emulation, TargetError> {
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
        if with.native {
            cmd.args(["--native-listen", "127.0.0.1:0"]);
        }
        if let Some(file) = with.config {
            cmd.arg("--config").arg(file);
        }
        if let Some(url) = with.backend {
            cmd.args(["--backend", url]);
        }
        if let Some(mb) = with.jvm_heap {
            cmd.arg("--jvm-heap").arg(mb.to_string());
        }
        if let Some(mb) = with.machine_memory {
            cmd.arg("--machine-memory").arg(mb.to_string());
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
