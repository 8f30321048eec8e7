//! cqlsh 1.2.9's shell commands other than DESCRIBE and COPY: CONSISTENCY,
//! TRACING, EXPAND, SHOW, ASSUME, SOURCE, CAPTURE, HELP, EXIT/QUIT and USE's
//! bookkeeping, each with the messages 1.2.9 printed (a command its grammar
//! does not read is `Improper <WORD> command.`), and 4.1.1's changes to
//! them as the session's `era` lists them (no ASSUME, SHOW SESSION, the
//! serial levels). Owns the parsing of these
//! commands' words; printing goes through the session's sinks.

use crate::shell::cqlsh::copy::Copy;
use crate::shell::cqlsh::describe::Describe;
use crate::shell::cqlsh::layout::{decode_rows, Val};
use crate::shell::cqlsh::lex::{
    dotted_name, expand_user, protect_name, py_repr, unquote_name, unquote_value, Kind, Piece,
    Token,
};
use crate::shell::cqlsh::types::{class_of_cql_name, cql_name_of_class};
use crate::shell::cqlsh::{Assumption, Cqlsh, ShellError, State};
use crate::shell::input::Source;
use crate::thrift::client_error::Classify;
use crate::thrift::gen::cassandra19::{ConsistencyLevel, TCassandraSyncClient};

/// The levels 1.2.13's cqlsh grammar took (LOCAL_ONE came with 1.2.11).
const LEVELS: [(&str, ConsistencyLevel); 9] = [
    ("ANY", ConsistencyLevel::ANY),
    ("ONE", ConsistencyLevel::ONE),
    ("TWO", ConsistencyLevel::TWO),
    ("THREE", ConsistencyLevel::THREE),
    ("QUORUM", ConsistencyLevel::QUORUM),
    ("ALL", ConsistencyLevel::ALL),
    ("LOCAL_ONE", ConsistencyLevel::LOCAL_ONE),
    ("LOCAL_QUORUM", ConsistencyLevel::LOCAL_QUORUM),
    ("EACH_QUORUM", ConsistencyLevel::EACH_QUORUM),
];

/// The Paxos levels 2.0's cqlsh grammar added.
const SERIAL_LEVELS: [(&str, ConsistencyLevel); 2] = [
    ("SERIAL", ConsistencyLevel::SERIAL),
    ("LOCAL_SERIAL", ConsistencyLevel::LOCAL_SERIAL),
];

fn level_name(l: ConsistencyLevel) -> &'static str {
    LEVELS
        .iter()
        .chain(&SERIAL_LEVELS)
        .find(|(_, v)| *v == l)
        .map_or("ONE", |(n, _)| n)
}

fn improper(p: &Piece) -> ShellError {
    ShellError::Message(format!("Improper {} command.", p.command()))
}

impl Cqlsh<'_> {
    /// Runs `p` if it is a shell command; `None` when it is CQL for the server.
    pub(crate) fn shell_command(
        &mut self,
        p: &Piece,
        source: &mut Source,
    ) -> Option<Result<(), ShellError>> {
        // A lone `;` has no command word: it goes to the server, as cqlsh sent it.
        let (first, rest) = p.tokens.split_first()?;
        let word = first.text.to_ascii_lowercase();
        let words: Vec<String> = rest.iter().map(|t| t.text.to_ascii_uppercase()).collect();
        let w: Vec<&str> = words.iter().map(String::as_str).collect();
        Some(match word.as_str() {
            "use" => {
                let ok = self.perform_untraced(&p.text);
                let _ = ok;
                Ok(())
            }
            "select" => {
                self.perform(&p.text);
                Ok(())
            }
            "exit" | "quit" if rest.is_empty() => {
                self.stop = true;
                Ok(())
            }
            "consistency" => match w.as_slice() {
                [] => {
                    let l = level_name(self.state.consistency);
                    self.say(&format!("Current consistency level is {l}.\n"));
                    Ok(())
                }
                [l] => match LEVELS
                    .iter()
                    .chain(if self.era.serial_levels {
                        &SERIAL_LEVELS[..]
                    } else {
                        &[]
                    })
                    .find(|(n, _)| n == l)
                {
                    Some((n, v)) => {
                        self.state.consistency = *v;
                        self.say(&format!("Consistency level set to {n}.\n"));
                        Ok(())
                    }
                    None => Err(improper(p)),
                },
                _ => Err(improper(p)),
            },
            "tracing" => self.tracing(p, &w),
            "expand" => self.expand(p, &w),
            "show" => match w.as_slice() {
                ["VERSION"] => {
                    self.show_version();
                    Ok(())
                }
                ["HOST"] => self.show_host(),
                ["ASSUMPTIONS"] if self.era.assume => {
                    self.show_assumptions();
                    Ok(())
                }
                ["SESSION", ..] if self.era.show_session => {
                    let text: String = rest[1..].iter().map(|t| t.text.as_str()).collect();
                    match uuid::Uuid::parse_str(&text) {
                        Ok(id) => self.print_trace(id.as_bytes()),
                        Err(_) => Err(improper(p)),
                    }
                }
                _ => Err(improper(p)),
            },
            "describe" | "desc" => match self.describe_what(rest) {
                Some(d) => self.describe(d),
                None => Err(improper(p)),
            },
            "copy" => match Copy::parse(rest) {
                Some(c) => self.copy(c, source),
                None => Err(improper(p)),
            },
            "source" => match rest {
                [t] if t.kind == Kind::Str => {
                    self.source_file(&unquote_value(&t.text));
                    Ok(())
                }
                _ => Err(improper(p)),
            },
            "capture" => self.capture(p, rest),
            "assume" if self.era.assume => self.assume(p, rest),
            "help" | "?" => {
                let typed: Vec<String> = rest.iter().map(|t| t.text.clone()).collect();
                self.help(&typed);
                Ok(())
            }
            _ => return None,
        })
    }

    fn describe_what(&self, rest: &[Token]) -> Option<Describe> {
        let first = rest.first()?.text.to_ascii_uppercase();
        let more = &rest[1..];
        match first.as_str() {
            "KEYSPACES" if more.is_empty() => Some(Describe::Keyspaces),
            "KEYSPACE" => match more {
                [] => Some(Describe::Keyspace(None)),
                [t] if matches!(t.kind, Kind::Word | Kind::Name) => {
                    Some(Describe::Keyspace(Some(unquote_name(&t.text))))
                }
                _ => None,
            },
            "TABLE" | "COLUMNFAMILY" => match dotted_name(more) {
                Some((ks, cf, used)) if used == more.len() => Some(Describe::Table(ks, cf)),
                _ => None,
            },
            "TABLES" | "COLUMNFAMILIES" if more.is_empty() => Some(Describe::Tables),
            "SCHEMA" if more.is_empty() => Some(Describe::Schema(false)),
            "FULL" if self.era.schema_skips_system => match more {
                [t] if t.is_word("schema") => Some(Describe::Schema(true)),
                _ => None,
            },
            "CLUSTER" if more.is_empty() => Some(Describe::Cluster),
            _ => None,
        }
    }

    fn tracing(&mut self, p: &Piece, w: &[&str]) -> Result<(), ShellError> {
        match (w, self.state.tracing) {
            ([], true) => self.say("Tracing is currently enabled. Use TRACING OFF to disable\n"),
            ([], false) => self.say("Tracing is currently disabled. Use TRACING ON to enable.\n"),
            (["ON"], true) => {
                return Err(ShellError::Message(
                    "Tracing is already enabled. Use TRACING OFF to disable.".into(),
                ))
            }
            (["ON"], false) => {
                self.state.tracing = true;
                self.say("Now tracing requests.\n");
            }
            (["OFF"], false) => return Err(ShellError::Message("Tracing is not enabled.".into())),
            (["OFF"], true) => {
                self.state.tracing = false;
                self.say("Disabled tracing.\n");
            }
            _ => return Err(improper(p)),
        }
        Ok(())
    }

    fn expand(&mut self, p: &Piece, w: &[&str]) -> Result<(), ShellError> {
        match (w, self.state.expand) {
            ([], true) => {
                self.say("Expanded output is currently enabled. Use EXPAND OFF to disable\n")
            }
            ([], false) => {
                self.say("Expanded output is currently disabled. Use EXPAND ON to enable.\n")
            }
            (["ON"], true) => {
                return Err(ShellError::Message(
                    "Expanded output is already enabled. Use EXPAND OFF to disable.".into(),
                ))
            }
            (["ON"], false) => {
                self.state.expand = true;
                self.say("Now printing expanded output\n");
            }
            (["OFF"], false) => {
                return Err(ShellError::Message(
                    "Expanded output is not enabled.".into(),
                ))
            }
            (["OFF"], true) => {
                self.state.expand = false;
                self.say("Disabled expanded output.\n");
            }
            _ => return Err(improper(p)),
        }
        Ok(())
    }

    pub(crate) fn show_host(&mut self) -> Result<(), ShellError> {
        let name = self.client.describe_cluster_name().classified()?;
        let line = format!("Connected to {name} at {}:{}.\n", self.host, self.port);
        self.say(&line);
        Ok(())
    }

    /// The server's versions as cqlsh 1.2.9 looked them up: `system.local`,
    /// else `system."Versions"`, else `0.0.0` and `describe_version`.
    fn connection_versions(&mut self) -> (String, String) {
        if let Ok(r) = self.query("select * from system.local where key = 'local'") {
            if let Some(row) = decode_rows(&r).into_iter().next() {
                let t = |k: &str| match row.get(k) {
                    Some(Val::Text(s)) => s.clone(),
                    _ => "None".to_string(),
                };
                return (t("release_version"), t("thrift_version"));
            }
        }
        if let Ok(r) = self.query("select component, version from system.\"Versions\"") {
            let mut build = String::new();
            let mut thrift = String::new();
            for row in decode_rows(&r) {
                if let (Some(Val::Text(c)), Some(Val::Text(v))) =
                    (row.get("component"), row.get("version"))
                {
                    match c.as_str() {
                        "build" => build = v.clone(),
                        "thrift" => thrift = v.clone(),
                        _ => {}
                    }
                }
            }
            return (build, thrift);
        }
        let thrift = self
            .client
            .describe_version()
            .unwrap_or_else(|_| "unknown".to_string());
        ("0.0.0".to_string(), thrift)
    }

    pub(crate) fn show_version(&mut self) {
        let (build, thrift) = self.connection_versions();
        let (shell, cql) = (self.era.cqlsh, self.era.cql);
        self.say(&format!(
            "[cqlsh {shell} | Cassandra {build} | CQL spec {cql} | Thrift protocol {thrift}]\n"
        ));
    }

    fn show_assumptions(&mut self) {
        let all: Vec<((String, String), Assumption)> = self
            .state
            .assumptions
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        if all.is_empty() {
            self.say("No overrides.\n");
            return;
        }
        let mut out = String::from("\n");
        let mut current: Option<&str> = None;
        for ((ks, cf), a) in &all {
            if current != Some(ks.as_str()) {
                out.push_str(&format!("USE {};\n\n", protect_name(ks)));
                current = Some(ks);
            }
            let cf = protect_name(cf);
            if let Some(n) = &a.names {
                out.push_str(&format!(
                    "ASSUME {cf} NAMES ARE {};\n",
                    cql_name_of_class(n)
                ));
            }
            if let Some(v) = &a.values {
                out.push_str(&format!(
                    "ASSUME {cf} VALUES ARE {};\n",
                    cql_name_of_class(v)
                ));
            }
            for (col, v) in &a.columns {
                out.push_str(&format!(
                    "ASSUME {cf}({}) VALUES ARE {};\n",
                    protect_name(col),
                    cql_name_of_class(v)
                ));
            }
        }
        out.push('\n');
        self.say(&out);
    }

    /// `ASSUME [ks.]cf <def> (, <def>)*` with `NAMES ARE t`, `VALUES ARE t`
    /// or `(col) VALUES ARE t`.
    fn assume(&mut self, p: &Piece, rest: &[Token]) -> Result<(), ShellError> {
        let Some((ks, cf, mut i)) = dotted_name(rest) else {
            return Err(improper(p));
        };
        let mut defs: Vec<(&str, Option<String>, String)> = Vec::new();
        loop {
            let t = |k: usize| rest.get(k).map(|t| t.text.to_ascii_uppercase());
            let is = |k: usize, w: &str| t(k).as_deref() == Some(w);
            if is(i, "NAMES") && is(i + 1, "ARE") {
                defs.push((
                    "names",
                    None,
                    rest.get(i + 2)
                        .map(|t| t.text.clone())
                        .ok_or_else(|| improper(p))?,
                ));
                i += 3;
            } else if is(i, "VALUES") && is(i + 1, "ARE") {
                defs.push((
                    "values",
                    None,
                    rest.get(i + 2)
                        .map(|t| t.text.clone())
                        .ok_or_else(|| improper(p))?,
                ));
                i += 3;
            } else if is(i, "(") && is(i + 2, ")") && is(i + 3, "VALUES") && is(i + 4, "ARE") {
                let col = unquote_name(&rest[i + 1].text);
                defs.push((
                    "colvalues",
                    Some(col),
                    rest.get(i + 5)
                        .map(|t| t.text.clone())
                        .ok_or_else(|| improper(p))?,
                ));
                i += 6;
            } else {
                return Err(improper(p));
            }
            if i == rest.len() {
                break;
            }
            if is(i, ",") {
                i += 1;
            } else {
                return Err(improper(p));
            }
        }
        let ks = match ks.or_else(|| self.state.keyspace.clone()) {
            Some(k) => k,
            None => return Err(ShellError::Message("Error: not in any keyspace.".into())),
        };
        for (kind, col, ty) in defs {
            let ty = unquote_value(&ty);
            let Some(class) = class_of_cql_name(&ty) else {
                self.printerr(&format!("Error: validator type {ty} not found."));
                continue;
            };
            let a = self
                .state
                .assumptions
                .entry((ks.clone(), cf.clone()))
                .or_default();
            match (kind, col) {
                ("names", _) => a.names = Some(class.to_string()),
                ("values", _) => a.values = Some(class.to_string()),
                (_, Some(c)) => {
                    a.columns.insert(c, class.to_string());
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// SOURCE: the file's statements in a fresh subshell on this connection.
    fn source_file(&mut self, name: &str) {
        let path = expand_user(name);
        let mut file = match Source::file(std::path::Path::new(&path)) {
            Ok(f) => f,
            Err(e) => {
                let msg = format!(
                    "Could not open {}: {}",
                    py_repr(&path),
                    crate::shell::cqlsh::lex::io_error(&path, &e)
                );
                self.printerr(&msg);
                return;
            }
        };
        let outer = std::mem::replace(&mut self.state, State::new(Some(path), false));
        // The subshell printed its results to stdout, not to a capture file.
        let capture = self.capture.take();
        self.run(&mut file);
        self.stop = false;
        self.capture = capture;
        self.state = outer;
    }

    fn capture(&mut self, p: &Piece, rest: &[Token]) -> Result<(), ShellError> {
        match rest {
            [] => {
                let msg = match &self.capture {
                    Some((name, _)) => {
                        format!("Currently capturing query output to {}.\n", py_repr(name))
                    }
                    None => "Currently not capturing query output.\n".to_string(),
                };
                self.say(&msg);
                Ok(())
            }
            [t] if t.is_word("off") => {
                if self.capture.take().is_none() {
                    return Err(ShellError::Message(
                        "Not currently capturing output.".into(),
                    ));
                }
                Ok(())
            }
            [t] if t.kind == Kind::Str => {
                if let Some((name, _)) = &self.capture {
                    return Err(ShellError::Message(format!(
                        "Already capturing output to {name}. Use CAPTURE OFF to disable."
                    )));
                }
                let path = expand_user(&unquote_value(&t.text));
                match std::fs::OpenOptions::new()
                    .append(true)
                    .create(true)
                    .open(&path)
                {
                    Ok(f) => {
                        self.say(&format!(
                            "Now capturing query output to {}.\n",
                            py_repr(&path)
                        ));
                        self.capture = Some((path, f));
                        Ok(())
                    }
                    Err(e) => Err(ShellError::Message(format!(
                        "Could not open {} for append: {}",
                        py_repr(&path),
                        crate::shell::cqlsh::lex::io_error(&path, &e)
                    ))),
                }
            }
            _ => Err(improper(p)),
        }
    }

    fn help(&mut self, topics: &[String]) {
        if topics.is_empty() {
            self.say(&crate::shell::cqlsh::help::topics());
            return;
        }
        for t in topics {
            match crate::shell::cqlsh::help::topic(t) {
                Some(text) => self.say(&text),
                None => self.printerr(&format!("*** No help on {t}")),
            }
        }
    }
}
