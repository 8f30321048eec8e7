//! `supercolumn cqlsh`: cqlsh 1.2.9 in CQL 3 mode, over the 19.x Thrift API,
//! or 2.0's cqlsh 4.1.1 against a server whose `system.local` says 2.0 or
//! later (what differs is `era`'s table).
//!
//! Connects framed, asks for CQL "3.0.0" (what cqlsh 1.2.9 expanded its
//! default `3` to; 4.1.1 asked for "3.1.1"), reads statements as cqlsh did (`cqlsh_lex`), runs its
//! shell commands itself (`cqlsh_commands`, `cqlsh_describe`, `cqlsh_copy`)
//! and sends everything else with `execute_cql3_query` at the session's
//! consistency level. Errors go to stderr, prefixed `<input>:<line>:` when
//! reading a file or a pipe; cqlsh's line counter started at 1 and counted
//! every line read, so the number is one past the line that ended the
//! statement. Query results go to the capture file while CAPTURE is on;
//! everything else a command prints goes to stdout. Run without a terminal
//! (`-e`, `-f`, a pipe) it exits 1 if any statement failed, so scripts can
//! trust it; 1.2.9's exited 0 once connected whatever failed. An
//! interactive session exits 0. A SELECT naming no
//! LIMIT is sent with `LIMIT 10000`. Owns the session loop; value and
//! table rendering live in `cql_format`.

mod args;
pub mod commands;
pub mod complete;
pub mod copy;
pub mod describe;
pub mod era;
pub mod escape;
pub mod help;
pub mod hint;
pub mod layout;
pub mod layout20;
pub mod lex;
pub mod select;
pub mod trace;
pub mod types;
pub mod v2;

use crate::shell::cql_format::{render_table, render_vertical, table_of};
use crate::shell::cqlsh::lex::{pending, Pending, Piece};
use crate::shell::cqlsh::select::{
    apply_assumption, counted, fills_default_limit, select_target, with_default_limit,
    DEFAULT_LIMIT_NOTE,
};
use crate::shell::input::{Read, Source};
use crate::thrift::client::{connect19, Client19, Timeouts};
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19::{
    AuthenticationRequest, Compression, ConsistencyLevel, CqlResult, TCassandraSyncClient,
};
pub use args::CqlshArgs;
use std::collections::BTreeMap;
use std::io::Write;

/// The CQL version cqlsh 1.2.9 asked for (its default `3`, expanded).
pub const CQL_VERSION: &str = "3.0.0";
/// The cqlsh release this shell reproduces: the one recorded (Cassandra
/// 1.2.13's copy, whose output differs from 1.2.9's cqlsh only where the
/// transcripts' README says).
pub const CQLSH_VERSION: &str = "3.1.8";

/// Why a command failed: a call's error, or one of cqlsh's own messages.
#[derive(Debug, thiserror::Error)]
pub enum ShellError {
    #[error("{}", error_line(.0))]
    Call(#[from] CallError),
    #[error("{0}")]
    Message(String),
}

/// Type overrides of one table (ASSUME).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Assumption {
    pub names: Option<String>,
    pub values: Option<String>,
    pub columns: BTreeMap<String, String>,
}

/// What a (sub)shell keeps: cqlsh's `Shell` attributes. SOURCE runs a file
/// in a fresh one over the same connection, as cqlsh's subshell did.
#[derive(Debug, Clone)]
pub struct State {
    pub keyspace: Option<String>,
    pub consistency: ConsistencyLevel,
    pub tracing: bool,
    pub expand: bool,
    pub assumptions: BTreeMap<(String, String), Assumption>,
    /// The input's name for error prefixes; `None` on a terminal.
    pub location: Option<String>,
    /// cqlsh's `lineno`: 1 plus the lines read.
    pub lineno: usize,
    pub interactive: bool,
}

impl State {
    pub fn new(location: Option<String>, interactive: bool) -> State {
        State {
            keyspace: None,
            consistency: ConsistencyLevel::ONE,
            tracing: false,
            expand: false,
            assumptions: BTreeMap::new(),
            location,
            lineno: 1,
            interactive,
        }
    }
}

/// A connected cqlsh session writing to `out` (stdout) and `err` (errors).
pub struct Cqlsh<'a> {
    pub(crate) client: Client19,
    pub(crate) state: State,
    pub(crate) out: &'a mut dyn Write,
    pub(crate) err: &'a mut dyn Write,
    /// CAPTURE's file and the name it was given.
    pub(crate) capture: Option<(String, std::fs::File)>,
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) stop: bool,
    /// Error lines printed (for `-e`'s exit code).
    pub(crate) failures: usize,
    /// Which cqlsh this is (picked by the server's release).
    pub(crate) era: &'static era::Era,
}

/// The readable line for a failed statement, as cqlsh worded them.
/// A failed login as the exception cqlsh's driver raised (`Name(why='…')`);
/// 1.2.9's cqlsh let it escape as a traceback ending in that line, this
/// shell prints it as the connection error cqlsh meant it to be.
fn login_error(e: &CallError) -> String {
    use crate::shell::cqlsh::lex::py_repr;
    match e {
        CallError::Authentication(why) => format!("AuthenticationException(why={})", py_repr(why)),
        CallError::Authorization(why) => format!("AuthorizationException(why={})", py_repr(why)),
        other => error_line(other),
    }
}

pub fn error_line(e: &CallError) -> String {
    match e {
        CallError::Invalid(why) => format!("Bad Request: {why}"),
        CallError::Unavailable => {
            "Unable to complete request: one or more nodes were unavailable.".to_string()
        }
        CallError::TimedOut => "Request did not complete within rpc_timeout.".to_string(),
        CallError::SchemaDisagreement => {
            "schema does not match across nodes, (try again later).".to_string()
        }
        CallError::NotFound => "Not found.".to_string(),
        CallError::Authentication(why) | CallError::Authorization(why) => {
            format!("Bad credentials: {why}")
        }
        CallError::NotThrift(_) | CallError::Other(_) => e.to_string(),
    }
}

/// The keyspace a `USE` statement names (unquoted names fold to lower case,
/// as CQL3 identifiers do); `None` for any other statement.
pub fn use_target(statement: &str) -> Option<String> {
    let s = statement.trim();
    let (word, rest) = s.split_at(s.find(char::is_whitespace)?);
    if !word.eq_ignore_ascii_case("use") {
        return None;
    }
    let name = rest.trim();
    if let Some(quoted) = name.strip_prefix('"').and_then(|n| n.strip_suffix('"')) {
        return Some(quoted.replace("\"\"", "\""));
    }
    (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .then(|| name.to_ascii_lowercase())
}

impl<'a> Cqlsh<'a> {
    /// Connects and negotiates the CQL version.
    pub fn connect(
        mut client: Client19,
        host: &str,
        port: u16,
        credentials: Option<(String, String)>,
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Result<Cqlsh<'a>, String> {
        if let Some((user, password)) = credentials {
            // cqlsh's driver logged in before anything else on the connection.
            let request = AuthenticationRequest::new(BTreeMap::from([
                ("username".to_string(), user),
                ("password".to_string(), password),
            ]));
            client
                .login(request)
                .classified()
                .map_err(|e| format!("Connection error: {}", login_error(&e)))?;
        }
        client
            .set_cql_version(CQL_VERSION.to_string())
            .classified()
            .map_err(|e| match e {
                CallError::NotThrift(_) => format!("Connection error: {e}"),
                e => format!("Unsupported CQL version: {}", error_line(&e)),
            })?;
        let era = era::of_server(&mut client);
        if era.cql != CQL_VERSION {
            client
                .set_cql_version(era.cql.to_string())
                .classified()
                .map_err(|e| format!("Unsupported CQL version: {}", error_line(&e)))?;
        }
        Ok(Cqlsh {
            client,
            state: State::new(None, false),
            out,
            err,
            capture: None,
            host: host.to_string(),
            port,
            stop: false,
            failures: 0,
            era,
        })
    }

    pub fn prompt(&self) -> String {
        match &self.state.keyspace {
            Some(ks) => format!("cqlsh:{ks}> "),
            None => "cqlsh> ".to_string(),
        }
    }

    fn continue_prompt(&self) -> String {
        match &self.state.keyspace {
            Some(ks) => format!("{}    ... ", " ".repeat(ks.chars().count())),
            None => "   ... ".to_string(),
        }
    }

    /// Prints to stdout (what cqlsh's `print` wrote).
    pub(crate) fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    /// Writes a query result (to the capture file while CAPTURE is on).
    pub(crate) fn result(&mut self, text: &str) {
        match &mut self.capture {
            Some((_, f)) => {
                let _ = f.write_all(text.as_bytes());
                let _ = f.flush();
            }
            None => self.say(text),
        }
    }

    /// An error line, with the input's name and line when not on a terminal.
    pub(crate) fn printerr(&mut self, msg: &str) {
        let line = match &self.state.location {
            Some(name) => format!("{name}:{}:{msg}\n", self.state.lineno),
            None => format!("{msg}\n"),
        };
        self.failures += 1;
        let _ = self.out.flush();
        let _ = self.err.write_all(line.as_bytes());
        let _ = self.err.flush();
    }

    /// Runs a query for the shell itself (schema, tracing, versions) at ONE.
    pub(crate) fn query(&mut self, q: &str) -> Result<CqlResult, CallError> {
        self.client
            .execute_cql3_query(
                q.as_bytes().to_vec(),
                Compression::NONE,
                ConsistencyLevel::ONE,
            )
            .classified()
    }

    /// Runs one CQL statement untraced, printing its result; false if it failed.
    pub(crate) fn perform_untraced(&mut self, statement: &str) -> bool {
        let is_select = statement
            .split_whitespace()
            .next()
            .is_some_and(|w| w.eq_ignore_ascii_case("select"));
        let (sent, default_limit) = if is_select {
            with_default_limit(statement)
        } else {
            (statement.to_string(), false)
        };
        let level = self.state.consistency;
        let result = match self
            .client
            .execute_cql3_query(sent.into_bytes(), Compression::NONE, level)
            .classified()
        {
            Ok(r) => r,
            Err(e) => {
                self.printerr(&error_line(&e));
                self.hint_for(statement, &e);
                return false;
            }
        };
        if let Some(ks) = use_target(statement) {
            if self.state.interactive {
                crate::shell::cqlsh::complete::set_keyspace(Some(&ks));
            }
            self.state.keyspace = Some(ks);
        }
        let mut result = result;
        if is_select {
            if let Some((ks, cf)) = select_target(statement) {
                let ks = ks
                    .or_else(|| self.state.keyspace.clone())
                    .unwrap_or_default();
                if let (Some(a), Some(schema)) = (
                    self.state.assumptions.get(&(ks, cf)).cloned(),
                    result.schema.as_mut(),
                ) {
                    apply_assumption(schema, &a);
                }
            }
        }
        if let Some(table) = table_of(&result) {
            let text = if self.state.expand {
                render_vertical(&table)
            } else {
                render_table(&table)
            };
            let text = if self.era.row_counts && is_select {
                counted(text, table.rows.len(), self.state.expand)
            } else {
                text
            };
            if !text.is_empty() {
                self.result(&text);
                if default_limit && fills_default_limit(&result) {
                    self.result(DEFAULT_LIMIT_NOTE);
                }
            }
        }
        true
    }

    /// A CQL statement, traced when TRACING is on (cqlsh's `perform_statement`).
    pub(crate) fn perform(&mut self, statement: &str) -> bool {
        if !self.state.tracing {
            return self.perform_untraced(statement);
        }
        let session = self.client.trace_next_query().classified();
        let ok = self.perform_untraced(statement);
        match session {
            Ok(id) => {
                if let Err(e) = self.print_trace(&id) {
                    self.printerr(&e.to_string());
                }
            }
            Err(e) => self.printerr(&error_line(&e)),
        }
        ok
    }

    /// Runs statements from `source` until it ends or EXIT.
    pub fn run(&mut self, source: &mut Source) {
        let mut buffer = String::new();
        while !self.stop {
            let prompt = if buffer.trim().is_empty() {
                self.prompt()
            } else {
                self.continue_prompt()
            };
            let line = match source.read(&prompt) {
                Ok(Read::Line(l)) => l,
                Ok(Read::Interrupted) => {
                    buffer.clear();
                    self.say("\n");
                    continue;
                }
                Ok(Read::Eof) => {
                    self.handle_eof(&buffer, source);
                    return;
                }
                Err(e) => {
                    self.printerr(&e.to_string());
                    return;
                }
            };
            self.state.lineno += 1;
            buffer.push_str(&line);
            buffer.push('\n');
            if self.onecmd(&buffer, source) {
                buffer.clear();
            }
        }
    }

    fn handle_eof(&mut self, buffer: &str, source: &mut Source) {
        if self.state.interactive {
            self.say("\n");
        }
        if buffer.trim().is_empty() {
            return;
        }
        // `-e` text (no name, no terminal): its last statement needs no `;`,
        // as later cqlshs' `-e`.
        let eof_ends_it = self.state.location.is_none() && !self.state.interactive;
        let complete = if eof_ends_it {
            self.onecmd(&format!("{buffer};"), source)
        } else {
            self.onecmd(buffer, source)
        };
        if !complete {
            self.printerr("Incomplete statement at end of file");
        }
    }

    /// Runs the buffer's statements if the last is complete; false to read on.
    fn onecmd(&mut self, buffer: &str, source: &mut Source) -> bool {
        match pending(buffer, self.state.location.is_some()) {
            Pending::Invalid(lines) => lines.iter().for_each(|l| self.printerr(l)),
            Pending::ReadOn => return false,
            Pending::Ready(pieces) => {
                for p in pieces {
                    if self.stop {
                        break;
                    }
                    self.handle(&p, source);
                }
            }
        }
        true
    }

    /// One statement: a shell command, or CQL for the server.
    fn handle(&mut self, p: &Piece, source: &mut Source) {
        match self.shell_command(p, source) {
            Some(Ok(())) => {}
            Some(Err(e)) => self.printerr(&e.to_string()),
            None => {
                self.perform(&p.text);
            }
        }
    }

    /// The welcome lines of an interactive session.
    pub fn banner(&mut self) {
        let _ = self.show_host();
        self.show_version();
        self.say("Use HELP for help.\n");
    }
}

/// Entry point of `supercolumn cqlsh`; returns the process exit code.
pub fn main(args: &CqlshArgs) -> i32 {
    let (host, port) = match args.target(|k| std::env::var(k).ok()) {
        Ok(t) => t,
        Err(msg) => {
            eprintln!("{msg}");
            return 2;
        }
    };
    // cqlsh 1.2.9 opened its file before connecting.
    let (mut source, location) = if let Some(text) = &args.execute {
        (Source::text(text), None)
    } else if let Some(path) = &args.file {
        match Source::file(path) {
            Ok(s) => (s, Some(path.display().to_string())),
            Err(e) => {
                let p = path.display().to_string();
                eprintln!(
                    "Can't open {}: {}",
                    crate::shell::cqlsh::lex::py_repr(&p),
                    crate::shell::cqlsh::lex::io_error(&p, &e)
                );
                return 1;
            }
        }
    } else {
        let s = crate::shell::cqlsh::complete::stdin_source(&host, port);
        let loc = (!s.is_interactive()).then(|| "<stdin>".to_string());
        (s, loc)
    };
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let credentials = match args.credentials() {
        Ok(c) => c,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    let mut client = match connect19(&host, port, Timeouts::INTERACTIVE) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("Connection error: {e}");
            return 1;
        }
    };
    // A server without `set_cql_version` gets the cqlsh of its time.
    match client.describe_version().classified() {
        Ok(api) if v2::predates_cql_version(&api) => {
            let ks = args.keyspace.as_deref();
            return run_v2(client, (&host, port), credentials, ks, &mut source);
        }
        // Not a Thrift server (a native or admin port): said once, as a
        // connection error naming what answered.
        Err(e @ CallError::NotThrift(_)) => {
            eprintln!("Connection error: {e}");
            return 1;
        }
        _ => {}
    }
    let mut shell = match Cqlsh::connect(client, &host, port, credentials, &mut stdout, &mut stderr)
    {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    if let Some(ks) = &args.keyspace {
        let quoted = format!("USE {}", crate::shell::cqlsh::lex::protect_name(ks));
        if let Err(e) = shell
            .client
            .execute_cql3_query(
                quoted.into_bytes(),
                Compression::NONE,
                ConsistencyLevel::ONE,
            )
            .classified()
        {
            // cqlsh 1.2.9 ran this USE while connecting, so it failed as a connection.
            eprintln!("Connection error: {}", error_line(&e));
            return 1;
        }
    }
    let interactive = source.is_interactive();
    shell.state = State::new(location, interactive);
    shell.state.keyspace = args.keyspace.clone();
    if interactive {
        shell.banner();
        crate::shell::cqlsh::complete::set_keyspace(args.keyspace.as_deref());
    }
    shell.run(&mut source);
    // cqlsh 1.2.9 exited 0 once connected, whatever failed, which CI
    // scripts cannot use; without a terminal this one says whether
    // everything worked, as `cli -f` does.
    i32::from(!interactive && shell.failures > 0)
}

/// cqlsh 2.0.0 against a server from before `set_cql_version`; `-k`
/// runs its `USE` first, as a statement.
fn run_v2(
    client: Client19,
    (host, port): (&str, u16),
    credentials: Option<(String, String)>,
    keyspace: Option<&str>,
    source: &mut Source,
) -> i32 {
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let mut shell =
        match v2::Cqlsh2::connect(client, host, port, credentials, &mut stdout, &mut stderr) {
            Ok(s) => s,
            Err(msg) => {
                eprintln!("{msg}");
                return 1;
            }
        };
    if keyspace.is_some_and(|ks| !shell.start_in(ks)) {
        return 1;
    }
    let interactive = source.is_interactive();
    shell.run(source);
    i32::from(!interactive && shell.failures > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn use_names_fold_like_cql_identifiers() {
        assert_eq!(use_target("USE Key_Space").as_deref(), Some("key_space"));
        assert_eq!(
            use_target("use \"MixedCase\"").as_deref(),
            Some("MixedCase")
        );
        assert_eq!(use_target("SELECT * FROM t"), None);
        assert_eq!(use_target("use"), None);
    }

    #[test]
    fn errors_read_as_cqlsh_printed_them() {
        assert_eq!(
            error_line(&CallError::Invalid("unconfigured columnfamily t".into())),
            "Bad Request: unconfigured columnfamily t"
        );
        assert_eq!(
            error_line(&CallError::TimedOut),
            "Request did not complete within rpc_timeout."
        );
    }
}
