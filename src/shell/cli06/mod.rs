//! `supercolumn cli --api 0.6`: Cassandra 0.6's cli over API 2.2.0.
//!
//! `-f FILE` and `-e TEXT` (which 0.6 lacked) run one statement per line
//! with no banner, prompt or echo, and exit with 1 if any line failed.
//! The session (banner, `cassandra> ` prompt, statement echo on a pipe as
//! its jline did, `connect host/port`, login with `--username`,
//! `--password` and `-k`) and the statements of its grammar (`cli06_parse`):
//! `get/set/del/count <ks>.<cf>['key']...`, `show cluster name | api version
//! | config file | keyspaces`, `describe keyspace X`, `help`, `quit`. Output
//! and error lines are 0.6.8's, including its quirks users met: slices come
//! newest name first (it asked for a reversed slice), values print as UTF-8
//! text, names through the column family's comparator, a backslash escape
//! keeps the escaped letter too, and failures print `Exception <message>`
//! (`Exception null` where Java's exception had no message). Rendering of
//! values and names is `cli06_render`'s; this module must not print 1.2 forms.

pub mod lex;
pub mod parse;
pub mod render;

use crate::shell::cli::CliArgs;
use crate::shell::cli06::parse::{parse, Access, Node, Show, Stmt};
use crate::shell::cli06::render::Failure;
use crate::shell::input::{Read, Source};
use crate::thrift::client::{connect06, Client06, Timeouts};
use crate::thrift::client_error::{classify, CallError};
use crate::thrift::gen::cassandra06 as t;
use crate::thrift::gen::cassandra06::TCassandraSyncClient as _;
use std::collections::{BTreeMap, HashMap};
use std::io::Write;

type CfMap = BTreeMap<String, BTreeMap<String, String>>;

const BANNER: &str =
    "Welcome to cassandra CLI.\n\nType 'help' or '?' for help. Type 'quit' or 'exit' to quit.\n";
pub const PROMPT: &str = "cassandra> ";

/// The connection as the 0.6 cli held it.
enum Conn {
    None,
    Open(Box<Client06>),
    /// A `connect` to a new address failed after the old one was closed:
    /// the old client stays, and every call fails as Java's did.
    Closed,
}

pub struct Cli06<'a> {
    conn: Conn,
    /// `describe_keyspace` answers, cached per connection as 0.6 did.
    keyspaces: HashMap<String, CfMap>,
    out: &'a mut dyn Write,
    debug: bool,
    username: Option<String>,
    password: Option<String>,
    login_keyspace: Option<String>,
    /// Whether any line went to stderr (a `-f`/`-e` run then exits with 1).
    failed: bool,
}

impl<'a> Cli06<'a> {
    pub fn new(out: &'a mut dyn Write, args: &CliArgs) -> Cli06<'a> {
        Cli06 {
            conn: Conn::None,
            keyspaces: HashMap::new(),
            out,
            debug: args.debug,
            username: args.username.clone(),
            password: args.password.clone(),
            login_keyspace: args.keyspace.clone(),
            failed: false,
        }
    }

    fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
    }

    /// A line on stderr, after everything already on stdout.
    fn err(&mut self, text: &str) {
        self.failed = true;
        let _ = self.out.flush();
        eprintln!("{text}");
    }

    fn client(&mut self) -> Result<&mut Client06, Failure> {
        match &mut self.conn {
            Conn::Open(c) => Ok(c),
            Conn::Closed => Err(Failure::Exception(
                "Cannot write to null outputStream".into(),
            )),
            // Callers check `connected` first; this is the same message.
            Conn::None => Err(Failure::Exception("null".into())),
        }
    }

    /// 0.6's `isConnected`: says so on stdout when there is no client.
    fn connected(&mut self) -> bool {
        if matches!(self.conn, Conn::None) {
            self.say("Not connected to a cassandra instance.\n");
            return false;
        }
        true
    }

    /// Opens a connection as 0.6's `CliMain.connect`; every failure is a
    /// line on stderr and leaves the session running.
    pub fn connect(&mut self, host: &str, port: u16) {
        let was_open = !matches!(self.conn, Conn::None);
        let client = match connect06(host, port, false, Timeouts::INTERACTIVE) {
            Ok(c) => c,
            Err(e) => {
                self.err(&format!(
                    "Exception connecting to {host}/{port} - {}",
                    render::java_connect_error(host, &e.source.to_string())
                ));
                if was_open {
                    self.conn = Conn::Closed;
                }
                return;
            }
        };
        self.conn = Conn::Open(Box::new(client));
        self.keyspaces.clear();
        if let (Some(user), Some(password), Some(ks)) = (
            self.username.clone(),
            self.password.clone(),
            self.login_keyspace.clone(),
        ) {
            let credentials = BTreeMap::from([
                ("username".to_string(), user),
                ("password".to_string(), password),
            ]);
            let result = self
                .client()
                .map(|c| c.login(ks.clone(), t::AuthenticationRequest::new(credentials)));
            let line = match result {
                Ok(Ok(())) => None,
                Ok(Err(e)) => Some(match classify(e) {
                    CallError::Authentication(_) => "Exception during authentication to the cassandra node, verify you are using correct credentials.".to_string(),
                    CallError::Authorization(_) => format!("You are not authorized to use keyspace: {ks}"),
                    _ => "Login failure. Did you specify 'keyspace', 'username' and 'password'?".to_string(),
                }),
                Err(_) => None,
            };
            if let Some(line) = line {
                self.err(&line);
                return;
            }
        }
        let cluster = match self
            .client()
            .map(|c| c.get_string_property("cluster name".into()))
        {
            Ok(Ok(name)) => name,
            Ok(Err(e)) if crate::thrift::client_read::not_thrift(&e).is_some() => {
                // Not a Thrift port at all: say what answered instead.
                self.err(&classify(e).to_string());
                return;
            }
            _ => {
                self.err("Exception retrieving information about the cassandra node, check you have connected to the thrift port.");
                return;
            }
        };
        // 0.6 read every keyspace's description here (for completion),
        // which also filled its cache; a failure ended the connect quietly.
        let listed = self
            .client()
            .map(|c| c.get_string_list_property("keyspaces".into()));
        let Ok(Ok(names)) = listed else { return };
        for ks in names.into_iter().filter(|k| k != "system") {
            if self.cf_meta(&ks).is_err() {
                return;
            }
        }
        self.say(&format!("Connected to: \"{cluster}\" on {host}/{port}\n"));
    }

    fn cf_meta(&mut self, ks: &str) -> Result<CfMap, Failure> {
        if let Some(m) = self.keyspaces.get(ks) {
            return Ok(m.clone());
        }
        let m = self
            .client()?
            .describe_keyspace(ks.to_string())
            .map_err(Failure::from)?;
        self.keyspaces.insert(ks.to_string(), m.clone());
        Ok(m)
    }

    /// Runs one line; returns false on `quit`/`exit`.
    pub fn execute(&mut self, line: &str) -> bool {
        let (stmt, errors) = parse(line);
        for e in errors {
            self.err(&e);
        }
        let result = match stmt {
            Stmt::Exit => return false,
            Stmt::NoOp => Ok(()),
            Stmt::Invalid => Err(Failure::Plain("Invalid Statement (Type: 0)".into())),
            Stmt::Help => {
                self.say(render::HELP);
                Ok(())
            }
            Stmt::Connect { host, port } => {
                self.execute_connect(host, port);
                Ok(())
            }
            Stmt::Show(which) => self.show(which),
            Stmt::Describe(ks) => self.describe(ks),
            Stmt::Get(Node::Ok(a)) => self.get(&a),
            Stmt::Set(Node::Ok(a), value) => self.set(&a, value),
            Stmt::Count(Node::Ok(a)) => self.count(&a),
            Stmt::Del(Node::Ok(a)) => self.del(&a),
            // A column access that failed to parse was skipped without a word.
            Stmt::Get(_) | Stmt::Set(..) | Stmt::Count(_) | Stmt::Del(_) => {
                let _ = self.connected();
                Ok(())
            }
        };
        if let Err(f) = result {
            self.err(&f.to_string());
            if self.debug {
                self.err(&format!("{f:?}"));
            }
        }
        true
    }

    fn execute_connect(&mut self, host: Node<String>, port: Node<String>) {
        let port = match port {
            Node::Ok(p) => p.parse::<u16>().ok(),
            Node::Error(_) => None,
        };
        let host = match host {
            Node::Ok(h) => h,
            Node::Error(text) => text.unwrap_or_default(),
        };
        match port {
            Some(port) => self.connect(&host, port),
            None => self.err("Exception null"),
        }
    }

    fn show(&mut self, which: Show) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let property = match which {
            Show::ClusterName => "cluster name",
            Show::ConfigFile => "config file",
            Show::ApiVersion => "version",
            Show::Keyspaces => {
                let names = self
                    .client()?
                    .get_string_list_property("keyspaces".into())
                    .map_err(Failure::from)?;
                for n in names {
                    self.say(&format!("{n}\n"));
                }
                return Ok(());
            }
        };
        let value = self
            .client()?
            .get_string_property(property.into())
            .map_err(Failure::from)?;
        self.say(&format!("{value}\n"));
        Ok(())
    }

    fn describe(&mut self, ks: Node<String>) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let name = match ks {
            Node::Ok(n) | Node::Error(Some(n)) => n,
            Node::Error(None) => {
                self.say("Keyspace argument required\n");
                return Ok(());
            }
        };
        match self
            .client()?
            .describe_keyspace(name.clone())
            .map_err(classify)
        {
            Ok(cfs) => {
                let text = render::describe(&cfs);
                self.say(&text);
                Ok(())
            }
            Err(CallError::NotFound) => {
                self.say(&format!("Keyspace {name} could not be found.\n"));
                Ok(())
            }
            Err(e) => Err(Failure::from_call(e)),
        }
    }

    fn get(&mut self, a: &Access) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let (ks, cf, key) = render::names(a)?;
        let meta = self.cf_meta(&ks)?;
        let Some(props) = meta.get(&cf) else {
            self.say(&format!("No such column family: {cf}\n"));
            return Ok(());
        };
        let is_super = props.get("Type").map(String::as_str) == Some("Super");
        let cols = render::column_names(a)?;
        let (sc, col) = match cols.as_slice() {
            [] => return self.slice(&ks, &key, &cf, None, props),
            [one] if is_super => return self.slice(&ks, &key, &cf, Some(one.clone()), props),
            [one] => (None, Some(one.clone())),
            [s, c] => (Some(s.clone()), Some(c.clone())),
            _ => {
                self.say("Invalid row, super column, or column specification.\n");
                return Ok(());
            }
        };
        let path = t::ColumnPath::new(cf.clone(), sc, col);
        let cosc = self
            .client()?
            .get(ks, key, path, t::ConsistencyLevel::ONE)
            .map_err(Failure::from)?;
        let column = cosc.column.ok_or(Failure::Exception("null".into()))?;
        let line = render::column_line(props, &column, false)?;
        self.say(&format!("=> {line}\n"));
        Ok(())
    }

    fn slice(
        &mut self,
        ks: &str,
        key: &str,
        cf: &str,
        super_column: Option<Vec<u8>>,
        props: &BTreeMap<String, String>,
    ) -> Result<(), Failure> {
        // 0.6 asked for a reversed slice of up to a million columns.
        let range = t::SliceRange::new(Vec::new(), Vec::new(), true, 1_000_000);
        let predicate = t::SlicePredicate::new(None, Some(range));
        let parent = t::ColumnParent::new(cf.to_string(), super_column);
        let coscs = self
            .client()?
            .get_slice(
                ks.to_string(),
                key.to_string(),
                parent,
                predicate,
                t::ConsistencyLevel::ONE,
            )
            .map_err(Failure::from)?;
        let n = coscs.len();
        for cosc in coscs {
            if let Some(sc) = cosc.super_column {
                let name = render::format_name(props.get("CompareWith"), &sc.name)?;
                self.say(&format!("=> (super_column={name},"));
                for c in &sc.columns {
                    let line = render::column_line(props, c, true)?;
                    self.say(&format!("\n     {line}"));
                }
                self.say(")\n");
            } else if let Some(c) = cosc.column {
                let line = render::column_line(props, &c, false)?;
                self.say(&format!("=> {line}\n"));
            }
        }
        self.say(&format!("Returned {n} results.\n"));
        Ok(())
    }

    fn set(&mut self, a: &Access, value: Node<String>) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let (ks, cf, key) = render::names(a)?;
        let cols = render::column_names(a)?;
        let value = render::literal(&value)?;
        let (sc, col) = match cols.as_slice() {
            [] => {
                return Err(Failure::Plain(
                    "No column name specified, (type 'help' or '?' for help on syntax).".into(),
                ))
            }
            [c] => (None, c.clone()),
            [s, c] => (Some(s.clone()), c.clone()),
            _ => unreachable!("the grammar allows two column names at most"),
        };
        let path = t::ColumnPath::new(cf, sc, Some(col));
        self.client()?
            .insert(
                ks,
                key,
                path,
                value.into_bytes(),
                render::timestamp_micros(),
                t::ConsistencyLevel::ONE,
            )
            .map_err(Failure::from)?;
        self.say("Value inserted.\n");
        Ok(())
    }

    fn count(&mut self, a: &Access) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let (ks, cf, key) = render::names(a)?;
        let cols = render::column_names(a)?;
        let sc = match cols.as_slice() {
            [] => None,
            [s] => Some(s.clone()),
            // 0.6 asserted one name at most and died here; say why instead.
            _ => {
                return Err(Failure::Plain(
                    "count takes a row or a super column, not a column.".into(),
                ))
            }
        };
        let n = self
            .client()?
            .get_count(
                ks,
                key,
                t::ColumnParent::new(cf, sc),
                t::ConsistencyLevel::ONE,
            )
            .map_err(Failure::from)?;
        self.say(&format!("{n} columns\n"));
        Ok(())
    }

    fn del(&mut self, a: &Access) -> Result<(), Failure> {
        if !self.connected() {
            return Ok(());
        }
        let (ks, cf, key) = render::names(a)?;
        let meta = match self.cf_meta(&ks) {
            Ok(m) => m,
            Err(Failure::NotFound) => {
                self.say(&format!("No such keyspace: {ks}\n"));
                return Ok(());
            }
            Err(e) => return Err(e),
        };
        let Some(props) = meta.get(&cf) else {
            self.say(&format!("No such column family: {cf}\n"));
            return Ok(());
        };
        let is_super = props.get("Type").map(String::as_str) == Some("Super");
        let cols = render::column_names(a)?;
        let (sc, col) = match cols.as_slice() {
            [] => (None, None),
            [one] if is_super => (Some(one.clone()), None),
            [one] => (None, Some(one.clone())),
            [s, c] => (Some(s.clone()), Some(c.clone())),
            _ => unreachable!("the grammar allows two column names at most"),
        };
        let what = if cols.is_empty() { "row" } else { "column" };
        self.client()?
            .remove(
                ks,
                key,
                t::ColumnPath::new(cf, sc, col),
                render::timestamp_micros(),
                t::ConsistencyLevel::ONE,
            )
            .map_err(Failure::from)?;
        self.say(&format!("{what} removed.\n"));
        Ok(())
    }
}

/// Entry point of `supercolumn cli --api 0.6`; returns the exit code.
pub fn main(args: &CliArgs) -> i32 {
    let mut stdout = std::io::stdout();
    let mut cli = Cli06::new(&mut stdout, args);
    cli.connect(&args.host, args.port);
    let scripted = args.execute.is_some() || args.file.is_some();
    let mut source = if let Some(text) = &args.execute {
        Source::text(text)
    } else if let Some(path) = &args.file {
        match Source::file(path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return 1;
            }
        }
    } else {
        Source::stdin(".cassandra.history")
    };
    let piped = !scripted && !source.is_interactive();
    if !scripted {
        cli.say(BANNER);
    }
    loop {
        if piped {
            // jline on a pipe showed the prompt and echoed what it read.
            cli.say(PROMPT);
            let _ = cli.out.flush();
        }
        match source.read(PROMPT) {
            Ok(Read::Line(line)) => {
                if piped {
                    cli.say(&format!("{line}\n"));
                }
                if !cli.execute(&line) {
                    break;
                }
            }
            Ok(Read::Interrupted) => continue,
            Ok(Read::Eof) => break,
            Err(e) => {
                eprintln!("{e}");
                return 1;
            }
        }
    }
    let _ = cli.out.flush();
    // The 0.6 cli had no scripts and always ended with 0; a `-f`/`-e` run
    // (this project's addition) says whether anything failed.
    i32::from(scripted && cli.failed)
}
