//! `supercolumn cli`: a cassandra-cli 1.2 style shell.
//!
//! Runs the statements of `cli_parse` against a server through
//! `cli_backend`, converting keys, names and values with the column
//! family's key validator, comparator and validators (`fromString`) as
//! cassandra-cli did, and printing with `cli_render`. Messages and their
//! wording follow cassandra-cli 1.2.9 (`Value inserted.`, `cell removed.`,
//! `N cells`, `Authenticated to keyspace: KS`, `Elapsed time: ...`), errors
//! keep the Java exception prefixes users grep for. Piped input gets the
//! banner, prompt and statement echo; with `-f` (or `-B`) the first error
//! prints `Line N => <why>` and ends the run with exit code 4.

pub mod backend;
pub mod cells;
pub mod connect;
pub mod convert;
pub mod describe;
pub mod era;
pub mod exec;
pub mod help;
pub mod help_topics;
pub mod lex;
pub mod parse;
pub mod render;
pub mod schema;
pub mod session;
pub mod show;
pub mod statement;

use crate::marshal::TypeRef;
use crate::shell::cli::backend::{Api, Backend, KsInfo};
use crate::shell::cli::convert::{format_type, from_string, function_type, marshal_error, Wrap};
use crate::shell::cli::parse::parse;
use crate::shell::cli::render::{elapsed_line, slice_list_as, type_named, CfView};
use crate::shell::cli::statement::{Command, Term};
use crate::thrift::client_error::CallError;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// cassandra-cli's options; `-h` is the host there, so help is `--help` or
/// `-?` as it was.
#[derive(Debug, Clone, clap::Args)]
#[command(disable_help_flag = true)]
pub struct CliArgs {
    /// Server host.
    #[arg(short = 'h', long, default_value = "127.0.0.1")]
    pub host: String,
    /// Server Thrift port.
    #[arg(short = 'p', long, default_value_t = 9160)]
    pub port: u16,
    /// Keyspace to use first.
    #[arg(short = 'k', long)]
    pub keyspace: Option<String>,
    /// Run these statements and exit.
    #[arg(short = 'e', long = "execute", conflicts_with = "file")]
    pub execute: Option<String>,
    /// Run the statements in FILE and exit.
    #[arg(short = 'f', long)]
    pub file: Option<PathBuf>,
    /// Thrift API generation the server speaks.
    #[arg(long, value_enum, default_value = "1.2")]
    pub api: Api,
    /// The cassandra-cli release to speak as (`0.7.10`, `1.0`, ... `2.1`);
    /// by default the server's, from its API version.
    #[arg(long, value_name = "VERSION")]
    pub release: Option<String>,
    /// Stop at the first error with exit code 4, as in a `-f` run.
    #[arg(short = 'B', long)]
    pub batch: bool,
    /// Print more about each error.
    #[arg(long)]
    pub debug: bool,
    /// User name to log in with (SimpleAuthenticator).
    #[arg(short = 'u', long)]
    pub username: Option<String>,
    /// Password to log in with (`-pw` as cassandra-cli spelled it also works).
    #[arg(long)]
    pub password: Option<String>,
    /// Print help.
    #[arg(short = '?', long, action = clap::ArgAction::Help)]
    pub help: Option<bool>,
}

/// A failed statement: the line to print, and whether it is a server's
/// refusal (an `InvalidRequestException` passed on as it came, which 0.8's
/// cli printed as `null`: its Thrift exceptions carried no message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{text}")]
pub struct CliError {
    pub text: String,
    pub refused: bool,
}

/// A failed statement of the cli's own wording (named as the type, so the
/// many `CliError(format!(...))` read as a constructor).
#[allow(non_snake_case)]
pub fn CliError(text: String) -> CliError {
    CliError {
        text,
        refused: false,
    }
}

impl From<CallError> for CliError {
    fn from(e: CallError) -> Self {
        CliError {
            text: e.to_string(),
            refused: matches!(e, CallError::Invalid(_)),
        }
    }
}

/// The super column and column names a path converts to.
type PathNames = (Option<Vec<u8>>, Option<Vec<u8>>);

/// Outcome of one statement.
pub enum Flow {
    Continue,
    Exit,
}

pub struct Cli<'a> {
    pub(crate) backend: Backend,
    pub(crate) keyspace: Option<String>,
    pub(crate) schema: Option<KsInfo>,
    pub(crate) out: &'a mut dyn Write,
    /// `host` as given, for the JMX warning of `describe`.
    pub(crate) host: String,
    pub(crate) assumptions: crate::shell::cli::exec::Assumptions,
    pub(crate) assumptions_changed: bool,
    pub(crate) level: crate::thrift::gen::cassandra19::ConsistencyLevel,
    /// Who the prompt says is logged in (`default` before any login).
    pub(crate) username: String,
    /// The last credentials given, reused by a later `connect`.
    pub(crate) credentials: Option<(String, String)>,
    /// `-k`: the keyspace every new connection starts in.
    pub(crate) start_keyspace: Option<String>,
    /// Why there is no usable connection, if there is none.
    pub(crate) offline: Option<Offline>,
    /// The release whose cli this session speaks as.
    pub(crate) era: crate::shell::cli::era::Era,
}

/// The ways cassandra-cli 1.2 could be left without a working connection.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Offline {
    /// A login failed: it dropped the client, and statements said so.
    NotConnected,
    /// A `connect` failed after closing the old transport: calls failed on it.
    Closed,
}

impl<'a> Cli<'a> {
    pub fn new(backend: Backend, out: &'a mut dyn Write) -> Cli<'a> {
        Cli {
            backend,
            keyspace: None,
            schema: None,
            out,
            host: "127.0.0.1".into(),
            assumptions: Default::default(),
            assumptions_changed: false,
            level: crate::thrift::gen::cassandra19::ConsistencyLevel::ONE,
            username: "default".into(),
            credentials: None,
            offline: None,
            start_keyspace: None,
            era: Default::default(),
        }
    }

    pub fn prompt(&self) -> String {
        format!(
            "[{}@{}] ",
            self.username,
            self.keyspace.as_deref().unwrap_or("unknown")
        )
    }

    /// `Elapsed time: ...` after a read or write, from 1.0's cli on.
    pub(crate) fn elapsed(&mut self, started: Instant) {
        if self.era.elapsed() {
            self.say(&elapsed_line(started.elapsed().as_nanos()));
        }
    }

    pub(crate) fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    pub(crate) fn ks(&self) -> Result<String, CliError> {
        self.keyspace
            .clone()
            .ok_or_else(|| CliError("Not authorized to a working keyspace.".into()))
    }

    /// The column family a statement names: exact, else the one
    /// case-insensitive match, as cassandra-cli resolved names.
    pub(crate) fn cf(&self, name: &str) -> Result<CfView, CliError> {
        let schema = self
            .schema
            .as_ref()
            .ok_or_else(|| CliError("Not authorized to a working keyspace.".into()))?;
        if let Some(cf) = schema.cfs.iter().find(|c| c.name == name) {
            return Ok(cf.clone());
        }
        let matches: Vec<&CfView> = schema
            .cfs
            .iter()
            .filter(|c| c.name.eq_ignore_ascii_case(name))
            .collect();
        match matches.as_slice() {
            [one] => Ok((*one).clone()),
            _ => Err(CliError(format!("{name} not found in current keyspace."))),
        }
    }

    /// A function term's bytes (`long(5)`, `timeuuid()`, ...).
    fn convert_func(&self, f: &str, arg: Option<&str>) -> Result<Vec<u8>, CliError> {
        let ft = function_type(f)?;
        match arg {
            Some(a) if !a.is_empty() => {
                from_string(&ft, a).map_err(|e| marshal_error(Wrap::Twice, &e))
            }
            _ => match ft.class_name().rsplit('.').next().unwrap_or_default() {
                "TimeUUIDType" => Ok(uuid::Uuid::now_v1(&[0x5c, 0, 0, 0, 0, 1])
                    .as_bytes()
                    .to_vec()),
                "LexicalUUIDType" => Ok(uuid::Uuid::new_v4().as_bytes().to_vec()),
                "BytesType" => Ok(Vec::new()),
                _ => Err(CliError(format!(
                    "java.lang.RuntimeException: Argument for '{f}' could not be empty."
                ))),
            },
        }
    }

    /// Text to bytes with `t`; `wrap` is how a failure of plain text shows.
    fn convert_as(&self, term: &Term, t: TypeRef, wrap: Wrap) -> Result<Vec<u8>, CliError> {
        match term {
            Term::Func(f, arg) => self.convert_func(f, arg.as_deref()),
            // 0.7's BytesType read text as its UTF-8 bytes, not as hex.
            Term::Text(s) if !self.era.at_least(0, 8) && t.class_name().ends_with(".BytesType") => {
                Ok(s.as_bytes().to_vec())
            }
            Term::Text(s) => from_string(&t, s).map_err(|e| marshal_error(wrap, &e)),
        }
    }

    /// A key, column or super column name.
    pub(crate) fn convert_name(&self, term: &Term, t: TypeRef) -> Result<Vec<u8>, CliError> {
        self.convert_as(term, t, Wrap::Once)
    }

    /// A value with the family's default validator.
    pub(crate) fn convert_value(&self, term: &Term, t: TypeRef) -> Result<Vec<u8>, CliError> {
        self.convert_as(term, t, Wrap::Bare)
    }

    fn convert(&self, term: &Term, t: TypeRef) -> Result<Vec<u8>, CliError> {
        self.convert_name(term, t)
    }

    pub(crate) fn key(&self, cf: &CfView, term: &Term) -> Result<Vec<u8>, CliError> {
        self.convert(term, cf.key_type())
    }

    /// The type `list CF['a':'b']` reads its keys with: cassandra-cli 1.2
    /// took only an `assume CF keys as ...` type there, else hex (BytesType),
    /// never the family's key_validation_class.
    fn range_key_type(&self, cf: &str) -> TypeRef {
        self.keyspace
            .as_deref()
            .and_then(|ks| self.assumptions.get(ks))
            .and_then(|cfs| cfs.get(cf))
            .and_then(|a| a.get("keys"))
            .and_then(|written| format_type(written).ok())
            .unwrap_or_else(|| {
                type_named(Some(if self.era.at_least(0, 8) {
                    "BytesType"
                } else {
                    "UTF8Type"
                }))
            })
    }

    /// A `list` range's start and end keys (empty: unbounded).
    fn list_range(
        &self,
        cf: &str,
        start: &Option<String>,
        end: &Option<String>,
    ) -> Result<(Vec<u8>, Vec<u8>), CliError> {
        let key_type = self.range_key_type(cf);
        let bound = |k: &Option<String>| match k {
            Some(k) if !k.is_empty() => {
                from_string(&key_type, k).map_err(|e| marshal_error(Wrap::Once, &e))
            }
            _ => Ok(Vec::new()),
        };
        Ok((bound(start)?, bound(end)?))
    }

    /// Loads a keyspace's schema, with the session's assumptions applied.
    pub(crate) fn load_schema(&mut self, ks: &str) -> Result<(), CliError> {
        let mut info = self.backend.keyspace(ks)?;
        // 0.7's cli had no key validator: keys went and came as UTF-8 text.
        if !self.era.at_least(0, 8) {
            for cf in &mut info.cfs {
                cf.key_validator = Some("UTF8Type".into());
            }
        }
        crate::shell::cli::exec::apply_assumptions(&mut info.cfs, self.assumptions.get(ks));
        self.schema = Some(info);
        Ok(())
    }

    /// `use KS;`: resolves the name (case-insensitively when unambiguous),
    /// switches, loads the schema. `announce` prints the confirmation line,
    /// which cassandra-cli left out for its `-k` option.
    pub(crate) fn use_keyspace(&mut self, name: &str, announce: bool) -> Result<(), CliError> {
        // cassandra-cli read the names inside the same `try` as
        // `set_keyspace`: a refusal (e.g. no login yet) reads as a missing keyspace.
        let names = self.backend.keyspace_names().map_err(|e| match e {
            CallError::Invalid(_) | CallError::NotFound => {
                CliError(format!("{name} does not exist."))
            }
            other => CliError::from(other),
        })?;
        let resolved = crate::shell::cli::exec::resolve_keyspace(name, &names)?;
        self.backend
            .set_keyspace(&resolved)
            .map_err(|_| CliError(format!("{resolved} does not exist.")))?;
        self.load_schema(&resolved)?;
        self.keyspace = Some(resolved.clone());
        if announce {
            self.say(&format!("Authenticated to keyspace: {resolved}\n"));
        }
        Ok(())
    }

    /// Runs one statement; output goes to `out`, a failure comes back.
    pub fn execute(&mut self, statement: &str) -> Result<Flow, CliError> {
        let cmd = parse(statement).map_err(|e| CliError(e.to_string()))?;
        if let Some(unknown) = self.era.not_in_grammar(statement, &cmd) {
            return Err(CliError(unknown));
        }
        let schema = matches!(cmd, Command::Create(..) | Command::Update(..));
        self.run_offline_checked(cmd)
            .map_err(|e| self.in_era(e, schema))
    }

    /// An error's text as the era's cli wrote it; `schema` for `create` and
    /// `update`, whose refusals 0.8 wrapped otherwise.
    fn in_era(&self, e: CliError, schema: bool) -> CliError {
        let text = if e.refused {
            self.era.refusal_text(e.text, schema)
        } else {
            e.text
        };
        CliError {
            text: self.era.error_text(text),
            refused: e.refused,
        }
    }

    fn run_offline_checked(&mut self, cmd: Command) -> Result<Flow, CliError> {
        let local = matches!(
            cmd,
            Command::Help(_)
                | Command::Exit
                | Command::Connect { .. }
                | Command::Assume { .. }
                | Command::Consistency(_)
        );
        match self.offline {
            Some(Offline::Closed) if !local => {
                return Err(CliError("Cannot write to null outputStream".into()))
            }
            Some(Offline::NotConnected) if !local => {
                self.say("Not connected to a cassandra instance.\n");
                return Ok(Flow::Continue);
            }
            _ => {}
        }
        let flow = self.run(cmd)?;
        if matches!(flow, Flow::Continue) {
            let _ = self.out.flush();
        }
        Ok(flow)
    }

    /// Runs one parsed statement.
    fn run(&mut self, cmd: Command) -> Result<Flow, CliError> {
        let started = Instant::now();
        match cmd {
            Command::Exit => return Ok(Flow::Exit),
            Command::Help(topic) => self.say(&help::help(topic.as_deref())),
            Command::Use(ks) => {
                self.use_keyspace(&ks, true)?;
                // A plain `use` speaks for no one in particular, as in 1.2.
                self.username = "default".into();
            }
            Command::UseLogin {
                keyspace,
                user,
                password,
            } => self.use_with_login(&keyspace, &user, &password)?,
            Command::Connect { host, port, login } => self.reconnect(&host, port, login)?,
            Command::TraceNextQuery => self.trace_next_query()?,
            // cassandra-cli 1.2.9 parsed it and then had no case for it.
            Command::SetTraceProbability(_) => {
                return Err(CliError("Invalid Statement (Type: 9)".into()))
            }
            Command::ShowClusterName => {
                let name = self.backend.cluster_name()?;
                self.say(&format!("{name}\n"));
            }
            Command::ShowApiVersion => {
                let v = self.backend.version()?;
                self.say(&format!("{v}\n"));
            }
            Command::ShowKeyspaces => {
                let _ = self.out.flush();
                let text = help::show_keyspaces(&mut self.backend, &self.host, &self.era)?;
                self.say(&text);
            }
            Command::Describe(name) => {
                // 0.7's only form was `describe keyspace [KS]`.
                let name =
                    name.filter(|n| self.era.at_least(0, 8) || !n.eq_ignore_ascii_case("keyspace"));
                let _ = self.out.flush();
                let text = help::describe(
                    &mut self.backend,
                    &self.host,
                    self.keyspace.as_deref(),
                    name.as_deref(),
                    &self.era,
                )?;
                self.say(&text);
            }
            Command::DescribeCluster => self.describe_cluster()?,
            Command::ShowSchema(ks) => {
                let _ = self.out.flush();
                let text =
                    show::show_schema(&mut self.backend, ks.as_deref(), self.keyspace.as_deref())?;
                self.say(&text);
            }
            Command::Create(target, name, attrs) => {
                self.schema_change(true, target, &name, &attrs)?
            }
            Command::Update(target, name, attrs) => {
                self.schema_change(false, target, &name, &attrs)?
            }
            Command::Drop(target, name) => self.drop(target, &name)?,
            Command::DropIndex { cf, column } => self.drop_index(&cf, &column)?,
            Command::Assume {
                cf,
                what,
                type_name,
            } => self.assume(&cf, &what, &type_name)?,
            Command::GetWhere { cf, conds, limit } => {
                self.get_where(&cf, &conds, limit, started)?
            }
            Command::Incr { access, by } => self.incr(&access, by)?,
            Command::Truncate(cf) => self.truncate(&cf)?,
            Command::Consistency(level) => self.consistency(&level)?,
            Command::Set { access, value, ttl } => self.set(&access, &value, ttl, started)?,
            Command::Get {
                access,
                as_type,
                limit,
            } => self.get(&access, as_type.as_deref(), limit, started)?,
            Command::Del(access) => self.del(&access, started)?,
            Command::Count(access) => self.count(&access)?,
            Command::List {
                cf,
                start,
                end,
                limit,
                columns,
                reversed,
            } => {
                // A working keyspace is needed first, as in cassandra-cli.
                self.ks()?;
                let cf = self.cf(&cf)?;
                let (rows, cells) = self.list_limits(limit, columns)?;
                let (s, e) = self.list_range(&cf.name, &start, &end)?;
                let slices = self.backend.range(&cf.name, s, e, rows, cells, reversed)?;
                self.say(&slice_list_as(&cf, &slices, self.era.name_label()));
                self.elapsed(started);
            }
        }
        Ok(Flow::Continue)
    }

    /// The super column and column a path names, converted per the schema.
    pub(crate) fn path(&self, cf: &CfView, path: &[Term]) -> Result<PathNames, CliError> {
        match path {
            [] => Ok((None, None)),
            [c] if cf.is_super => Ok((Some(self.convert(c, cf.comparator_type())?), None)),
            [c] => Ok((None, Some(self.convert(c, cf.comparator_type())?))),
            [s, c] if cf.is_super => Ok((
                Some(self.convert(s, cf.comparator_type())?),
                Some(self.convert(c, cf.subcomparator_type())?),
            )),
            _ => Err(CliError(
                "Invalid row, super column, or column specification.".into(),
            )),
        }
    }
}
