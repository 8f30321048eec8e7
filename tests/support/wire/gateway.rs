//! The gateway tests' harness: a supercolumn serving the native protocol
//! stands in for the cluster (it is the one CI has), gateways go in front of
//! it, configs lose their keyspaces so a backend starts as a fresh
//! cluster, and `supercolumn migrate` runs into it. Owns only process set-up; what each test checks stays in it.

use super::{conformance_config, Server};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `config` with an empty `<Keyspaces/>`, written as `dir/empty.xml`: the
/// cluster's tables are then made through the gateway (or migrate).
pub fn without_keyspaces(config: &Path, dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(config).unwrap();
    let (start, end) = (
        text.find("<Keyspaces>").unwrap(),
        text.find("</Keyspaces>").unwrap() + "</Keyspaces>".len(),
    );
    let empty = dir.join("empty.xml");
    std::fs::write(
        &empty,
        format!("{}<Keyspaces/>{}", &text[..start], &text[end..]),
    )
    .unwrap();
    empty
}

/// The config the 1.2.9 cases were recorded under (Murmur3), without keyspaces.
pub fn v19_without_keyspaces(dir: &Path) -> PathBuf {
    without_keyspaces(&conformance_config("storage-conf-v19.xml"), dir)
}

/// An in-memory supercolumn on `conf` serving the native protocol on a free port.
pub fn native_backend(conf: &Path) -> Server {
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
    ])
}

/// The `cassandra://` URL of `backend`, with `options` (a query string such
/// as `?storage=noncompact`, or empty) appended.
pub fn backend_url(backend: &Server, options: &str) -> String {
    let port = backend.native_port.expect("the backend serves native");
    format!("cassandra://127.0.0.1:{port}{options}")
}

/// An in-memory gateway on `conf` in front of `backend`, creating the
/// keyspaces and tables of `conf` the backend lacks.
pub fn gateway(conf: &Path, backend: &Server, options: &str) -> Server {
    let url = backend_url(backend, options);
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
        "--create-schema",
    ])
}

/// An in-memory gateway on `conf` in front of `backend` (URL `options`),
/// with the admin surface on a free port and no schema created.
pub fn gateway_with_admin(conf: &Path, backend: &Server, options: &str) -> Server {
    let url = backend_url(backend, options);
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--backend",
        &url,
        "--admin-listen",
        "127.0.0.1:0",
    ])
}

/// A backend and a gateway in front of it, both on `conf`.
pub fn pair(conf: &Path, options: &str) -> (Server, Server) {
    let backend = native_backend(conf);
    let gateway = gateway(conf, &backend, options);
    (backend, gateway)
}

/// On the 1.2.9 config without keyspaces: the backend, a gateway in front of
/// it (`options` as for [`gateway`]), and an embedded server to compare the
/// gateway's answers with.
pub fn with_embedded(dir: &Path, options: &str) -> (Server, Server, Server) {
    let conf = v19_without_keyspaces(dir);
    let (backend, gateway) = pair(&conf, options);
    let embedded = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    (backend, gateway, embedded)
}

/// What a `supercolumn migrate` run gave: its exit code and output.
pub struct MigrateRun {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
}

/// Runs `supercolumn migrate --config CONF --from FROM --to URL EXTRA...`.
pub fn migrate(conf: &Path, from: &Path, url: &str, extra: &[&str]) -> MigrateRun {
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args(["migrate", "--config"])
        .arg(conf)
        .arg("--from")
        .arg(from)
        .args(["--to", url])
        .args(extra)
        .output()
        .expect("run migrate");
    MigrateRun {
        code: out.status.code(),
        out: String::from_utf8_lossy(&out.stdout).into_owned(),
        err: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}
