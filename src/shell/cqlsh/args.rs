//! cqlsh's command line: where to connect (arguments, then `CQLSH_HOST` /
//! `CQLSH_PORT`, then the defaults) and the credentials to log in with.
//! Owns option parsing only; connecting and the session are `cqlsh`'s.

use std::io::Write;
use std::path::PathBuf;

/// cqlsh 1.2.9's command line: `[options] [host [port]]`, with the host and
/// port also taken from `CQLSH_HOST` / `CQLSH_PORT` as it did. `--host` and
/// `--port` are supercolumn's older spellings, kept working.
#[derive(Debug, Clone, clap::Args)]
pub struct CqlshArgs {
    /// Server host (default: $CQLSH_HOST, else 127.0.0.1).
    #[arg(value_name = "HOST")]
    pub host_arg: Option<String>,
    /// Server Thrift port (default: $CQLSH_PORT, else 9160).
    #[arg(value_name = "PORT")]
    pub port_arg: Option<String>,
    #[arg(long = "host", hide = true, conflicts_with = "host_arg")]
    pub host_opt: Option<String>,
    #[arg(long = "port", hide = true, conflicts_with = "port_arg")]
    pub port_opt: Option<String>,
    /// Authenticate as user.
    #[arg(short = 'u', long)]
    pub username: Option<String>,
    /// Authenticate using password (asked for on the terminal when only -u is given).
    #[arg(short = 'p', long)]
    pub password: Option<String>,
    /// Keyspace to USE first.
    #[arg(short = 'k', long)]
    pub keyspace: Option<String>,
    /// Run these statements and exit.
    #[arg(short = 'e', long = "execute", conflicts_with = "file")]
    pub execute: Option<String>,
    /// Run the statements in FILE and exit.
    #[arg(short = 'f', long)]
    pub file: Option<PathBuf>,
}

impl CqlshArgs {
    /// Where to connect: the arguments, else the environment, else the
    /// defaults; an unreadable port is cqlsh's option error.
    pub fn target(&self, env: impl Fn(&str) -> Option<String>) -> Result<(String, u16), String> {
        let host = self
            .host_arg
            .clone()
            .or_else(|| self.host_opt.clone())
            .or_else(|| env("CQLSH_HOST"))
            .unwrap_or_else(|| "127.0.0.1".to_string());
        let port = self
            .port_arg
            .clone()
            .or_else(|| self.port_opt.clone())
            .or_else(|| env("CQLSH_PORT"));
        let port = match port {
            None => 9160,
            Some(p) => p.trim().parse::<u16>().map_err(|_| {
                format!(
                    "error: {} is not a valid port number.",
                    crate::shell::cqlsh::lex::py_repr(&p)
                )
            })?,
        };
        Ok((host, port))
    }

    /// The credentials to log in with, if a user was named; the password is
    /// asked for on the terminal when none was given (as later cqlsh did;
    /// 1.2.9's crashed).
    pub(crate) fn credentials(&self) -> Result<Option<(String, String)>, String> {
        let Some(user) = &self.username else {
            return Ok(None);
        };
        let password = match &self.password {
            Some(p) => p.clone(),
            None => ask_password().map_err(|e| format!("Connection error: no password: {e}"))?,
        };
        Ok(Some((user.clone(), password)))
    }
}

/// Reads a password from the controlling terminal without echoing it.
fn ask_password() -> std::io::Result<String> {
    use std::io::BufRead;
    let mut tty = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/tty")?;
    tty.write_all(b"Password: ")?;
    let echo = std::process::Command::new("stty")
        .arg("-echo")
        .stdin(tty.try_clone()?)
        .status();
    let mut line = String::new();
    let read = std::io::BufReader::new(tty.try_clone()?).read_line(&mut line);
    if echo.is_ok() {
        let _ = std::process::Command::new("stty")
            .arg("echo")
            .stdin(tty.try_clone()?)
            .status();
    }
    tty.write_all(b"\n")?;
    read?;
    Ok(line.trim_end_matches(['\r', '\n']).to_string())
}
