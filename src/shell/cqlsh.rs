//! `supercolumn cqlsh`: CQL3 through the 19.x Thrift API, shown as cqlsh did.
//!
//! Connects framed, calls `set_cql_version("3.0.5")` as cqlsh 3 did, then
//! sends each statement with `execute_cql3_query` (Compression NONE,
//! ConsistencyLevel ONE). `USE` moves the prompt's keyspace. Errors are one
//! line on stderr (`Bad Request: <why>`), prefixed `<input>:<line>:` when
//! reading a file or a pipe, as cqlsh 1.2.9 did: its line counter started at
//! 1 and counted every line read, so the number is one past the line that
//! ended the statement. Input ending inside a statement is an error
//! ("Incomplete statement at end of file"), except for `-e` text, whose last
//! statement needs no `;` (as cqlsh 2's `-e`). A SELECT naming no LIMIT is
//! sent with `LIMIT 10000` and a result that fills it says so, as cqlsh
//! 1.2.9's `do_select` did. Owns only the session loop: value and table
//! rendering live in `cql_format`.

use crate::cql::ast::Statement as CqlStatement;
use crate::shell::client::{connect19, CallError, Classify, Client19};
use crate::shell::cql_format::{render_table, table_of};
use crate::shell::input::{QuoteStyle, Read, Source, Splitter, Statement};
use crate::thrift::gen::cassandra19::{
    Compression, ConsistencyLevel, CqlResult, TCassandraSyncClient,
};
use std::io::Write;
use std::path::PathBuf;

/// The CQL version cqlsh 3 (Cassandra 1.2) asked for.
pub const CQL_VERSION: &str = "3.0.5";

#[derive(Debug, Clone, clap::Args)]
pub struct CqlshArgs {
    /// Server host.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Server Thrift port.
    #[arg(long, default_value_t = 9160)]
    pub port: u16,
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

/// The LIMIT cqlsh 1.2.9 added to a SELECT that named none.
pub const DEFAULT_SELECT_LIMIT: usize = 10_000;

/// What cqlsh 1.2.9 printed when a result filled the default LIMIT.
const DEFAULT_LIMIT_NOTE: &str =
    "Default LIMIT of 10000 was used. Specify your own LIMIT clause to get more results.\n\n";

/// The statement as cqlsh 1.2.9 sent it, and whether it added the default
/// LIMIT: it did for every SELECT its own grammar read that named no LIMIT.
/// That grammar knew neither ALLOW FILTERING nor DISTINCT; such SELECTs,
/// and anything that does not parse, go as typed.
pub fn with_default_limit(statement: &str) -> (String, bool) {
    let plain_select = match crate::cql::parse(statement) {
        Ok(p) => matches!(
            p.statement,
            CqlStatement::Select(ref s) if s.limit.is_none() && !s.allow_filtering && !s.distinct
        ),
        Err(_) => false,
    };
    if plain_select {
        (format!("{statement} LIMIT {DEFAULT_SELECT_LIMIT}"), true)
    } else {
        (statement.to_string(), false)
    }
}

/// True when a result filled the default LIMIT: that many rows, or a lone
/// `count` of that many.
fn fills_default_limit(result: &CqlResult) -> bool {
    let rows = result.rows.as_deref().unwrap_or_default();
    if rows.len() == DEFAULT_SELECT_LIMIT {
        return true;
    }
    match rows {
        [row] => match row.columns.as_slice() {
            [c] if c.name == b"count" => c
                .value
                .as_deref()
                .and_then(|v| <[u8; 8]>::try_from(v).ok())
                .is_some_and(|v| i64::from_be_bytes(v) == DEFAULT_SELECT_LIMIT as i64),
            _ => false,
        },
        _ => false,
    }
}

/// A connected cqlsh session writing to `out` (results) and `err` (errors).
pub struct Cqlsh<'a> {
    client: Client19,
    keyspace: Option<String>,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
}

/// The readable line for a failed statement, as cqlsh worded them.
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
        CallError::Other(msg) => msg.clone(),
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
        host: &str,
        port: u16,
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Result<Cqlsh<'a>, String> {
        let mut client = connect19(host, port).map_err(|e| format!("Connection error: {e}"))?;
        client
            .set_cql_version(CQL_VERSION.to_string())
            .classified()
            .map_err(|e| format!("Connection error: set_cql_version: {}", error_line(&e)))?;
        Ok(Cqlsh {
            client,
            keyspace: None,
            out,
            err,
        })
    }

    pub fn prompt(&self) -> String {
        match &self.keyspace {
            Some(ks) => format!("cqlsh:{ks}> "),
            None => "cqlsh> ".to_string(),
        }
    }

    /// Runs one statement, printing its result; `Err` carries the error line.
    pub fn execute(&mut self, statement: &str) -> Result<(), String> {
        let (sent, default_limit) = with_default_limit(statement);
        let result = self
            .client
            .execute_cql3_query(sent.into_bytes(), Compression::NONE, ConsistencyLevel::ONE)
            .classified()
            .map_err(|e| error_line(&e))?;
        if let Some(ks) = use_target(statement) {
            self.keyspace = Some(ks);
        }
        if let Some(table) = table_of(&result) {
            let _ = self.out.write_all(render_table(&table).as_bytes());
            if default_limit && fills_default_limit(&result) {
                let _ = self.out.write_all(DEFAULT_LIMIT_NOTE.as_bytes());
            }
        }
        let _ = self.out.flush();
        Ok(())
    }

    /// Runs statements from `source` until it ends or `exit`; returns the
    /// number of statements that failed.
    pub fn run(&mut self, source: &mut Source) -> usize {
        let mut splitter = Splitter::new(QuoteStyle::Doubled);
        let mut failures = 0;
        let location = source.name().map(str::to_string);
        loop {
            let prompt = if splitter.in_statement() {
                "   ... ".to_string()
            } else {
                self.prompt()
            };
            let line = match source.read(&prompt) {
                Ok(Read::Line(l)) => l,
                Ok(Read::Interrupted) => {
                    splitter = Splitter::new(QuoteStyle::Doubled);
                    continue;
                }
                Ok(Read::Eof) => break,
                Err(e) => {
                    let _ = writeln!(self.err, "{e}");
                    failures += 1;
                    break;
                }
            };
            if !splitter.in_statement() && is_exit(&line) {
                return failures;
            }
            for st in splitter.push_line(&line) {
                if is_exit(&st.text) {
                    return failures;
                }
                if !self.run_one(&st, location.as_deref()) {
                    failures += 1;
                }
            }
        }
        let lines_read = splitter.lines_read();
        if let Some(st) = splitter.finish() {
            if is_exit(&st.text) {
                return failures;
            }
            if source.is_interactive() || location.is_some() {
                let msg = "Incomplete statement at end of file";
                match &location {
                    Some(name) => {
                        let _ = writeln!(self.err, "{name}:{}:{msg}", lines_read + 1);
                    }
                    None => {
                        let _ = writeln!(self.err, "{msg}");
                    }
                }
                failures += 1;
            } else if !self.run_one(&st, None) {
                failures += 1;
            }
        }
        failures
    }

    fn run_one(&mut self, st: &Statement, location: Option<&str>) -> bool {
        if is_help(&st.text) {
            let _ = self.out.write_all(HELP.as_bytes());
            return true;
        }
        match self.execute(&st.text) {
            Ok(()) => true,
            Err(msg) => {
                match location {
                    Some(name) => {
                        let _ = writeln!(self.err, "{name}:{}:{msg}", st.end_line + 1);
                    }
                    None => {
                        let _ = writeln!(self.err, "{msg}");
                    }
                }
                let _ = self.err.flush();
                false
            }
        }
    }

    /// The welcome lines of an interactive session.
    pub fn banner(&mut self, host: &str, port: u16) -> String {
        let cluster = self
            .client
            .describe_cluster_name()
            .unwrap_or_else(|_| "unknown".to_string());
        let version = self
            .client
            .describe_version()
            .unwrap_or_else(|_| "unknown".to_string());
        format!(
            "Connected to {cluster} at {host}:{port}.\n[supercolumn cqlsh | CQL spec {CQL_VERSION} | Thrift protocol {version}]\nUse HELP for help.\n"
        )
    }
}

/// cqlsh 1.2.9's line for a file it could not open (Python's IOError text).
fn cannot_open(path: &std::path::Path, e: &std::io::Error) -> String {
    let p = path.display();
    let text = e.to_string();
    let why = text.split(" (os error").next().unwrap_or(&text);
    match e.raw_os_error() {
        Some(code) => format!("Can't open '{p}': [Errno {code}] {why}: '{p}'"),
        None => format!("Can't open '{p}': {why}"),
    }
}

fn is_exit(text: &str) -> bool {
    let t = text.trim().trim_end_matches(';').trim();
    t.eq_ignore_ascii_case("exit") || t.eq_ignore_ascii_case("quit")
}

fn is_help(text: &str) -> bool {
    let t = text.trim();
    t.eq_ignore_ascii_case("help") || t == "?"
}

const HELP: &str = "
Statements end with ';' and are sent to the server as CQL3 (execute_cql3_query),
e.g. CREATE KEYSPACE, USE, CREATE TABLE, INSERT, UPDATE, DELETE, SELECT, BATCH.
Shell commands: HELP, EXIT, QUIT.

";

/// Entry point of `supercolumn cqlsh`; returns the process exit code.
pub fn main(args: &CqlshArgs) -> i32 {
    // cqlsh 1.2.9 opened its file before connecting.
    let mut source = if let Some(text) = &args.execute {
        Source::text(text)
    } else if let Some(path) = &args.file {
        match Source::file(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}", cannot_open(path, &e));
                return 1;
            }
        }
    } else {
        Source::stdin(".supercolumn_cqlsh_history")
    };
    let mut stdout = std::io::stdout();
    let mut stderr = std::io::stderr();
    let mut shell = match Cqlsh::connect(&args.host, args.port, &mut stdout, &mut stderr) {
        Ok(s) => s,
        Err(msg) => {
            eprintln!("{msg}");
            return 1;
        }
    };
    if let Some(ks) = &args.keyspace {
        let quoted = format!("USE \"{}\"", ks.replace('"', "\"\""));
        if let Err(msg) = shell.execute(&quoted) {
            // cqlsh 1.2.9 ran this USE while connecting, so it failed as a connection.
            eprintln!("Connection error: {msg}");
            return 1;
        }
    }
    if source.is_interactive() {
        let banner = shell.banner(&args.host, args.port);
        let _ = shell.out.write_all(banner.as_bytes());
    }
    let failures = shell.run(&mut source);
    i32::from(failures > 0 && !source.is_interactive())
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

    #[test]
    fn selects_without_limit_get_cqlsh_default_limit() {
        let q = "SELECT * FROM t WHERE k = 'a;b' ORDER BY c DESC";
        assert_eq!(with_default_limit(q), (format!("{q} LIMIT 10000"), true));
        assert_eq!(
            with_default_limit("select count(*) from t"),
            ("select count(*) from t LIMIT 10000".to_string(), true)
        );
        for q in [
            "SELECT * FROM t LIMIT 5",
            "SELECT * FROM t WHERE v = 1 ALLOW FILTERING",
            "SELECT * FROM t WHERE k = \"x\"",
            "INSERT INTO t (k) VALUES ('a')",
            "SELEC * FROM t",
        ] {
            assert_eq!(with_default_limit(q), (q.to_string(), false), "{q}");
        }
    }

    #[test]
    fn a_full_default_limit_is_noted() {
        use crate::thrift::gen::cassandra19::{Column, CqlResultType, CqlRow};
        let count = |n: i64| {
            let col = Column::new(b"count".to_vec(), n.to_be_bytes().to_vec(), None, None);
            CqlResult::new(
                CqlResultType::ROWS,
                vec![CqlRow::new(vec![], vec![col])],
                None,
                None,
            )
        };
        assert!(fills_default_limit(&count(10_000)));
        assert!(!fills_default_limit(&count(9_999)));
        let row = CqlRow::new(vec![], vec![]);
        let full = CqlResult::new(CqlResultType::ROWS, vec![row; 10_000], None, None);
        assert!(fills_default_limit(&full));
    }

    #[test]
    fn a_missing_file_reads_as_python_said_it() {
        let path = std::path::Path::new("/nonexistent/s.cql");
        let e = std::fs::File::open(path).unwrap_err();
        assert_eq!(
            cannot_open(path, &e),
            "Can't open '/nonexistent/s.cql': [Errno 2] No such file or directory: '/nonexistent/s.cql'"
        );
    }

    #[test]
    fn exit_and_help_are_shell_commands() {
        assert!(is_exit("exit"));
        assert!(is_exit(" QUIT; "));
        assert!(!is_exit("exits"));
        assert!(is_help("HELP"));
    }
}
