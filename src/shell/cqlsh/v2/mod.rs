//! `supercolumn cqlsh` against a server from before `set_cql_version`
//! (the 0.8 and 1.0 APIs, 19.10 to 19.29): cqlsh 2.0.0, the cqlsh 1.0.12
//! shipped, on the `cql` 1.0.10 Python driver, speaking CQL 2 through
//! `execute_cql_query`. A later cqlsh could not talk to those servers at
//! all (its driver asked for a CQL version first and died of `Invalid
//! method name: 'set_cql_version'`).
//!
//! What it reproduces: the driver's connection (login when both a user and
//! a password are given, `describe_version`, `USE system;`, a failure as
//! `Connection error: …`), statements cut as cqlsh cut them, `USE`,
//! `SHOW VERSION|HOST`, `DESCRIBE` (in `describe`), `EXIT`/`QUIT`, and
//! every other statement sent as it was typed; results as 2.0.0 printed
//! them: rows that all carry the same columns as a table (header left-
//! justified, values right-justified, no blank line before it, one after),
//! rows that differ as `name,value | …` lines, a `COUNT` result as its
//! own table, errors on stderr without a location (2.0.0 gave none, and
//! off a terminal no prompt, no banner). Like the later cqlsh of this
//! shell, it exits 1 off a terminal when a statement failed. Owns only
//! this loop; it must not be used against a server that has
//! `set_cql_version` (`cqlsh` proper speaks to those).

mod describe;

use crate::marshal::{bytes_to_hex, parse_type, TypeRef};
use crate::shell::cql_format::{display_width, escape_text, pad_left, pad_right};
use crate::shell::cqlsh::error_line;
use crate::shell::cqlsh::lex::{pending, unquote_name, Pending, Piece};
use crate::shell::input::{Read, Source};
use crate::thrift::client::Client19;
use crate::thrift::client_error::{CallError, Classify};
use crate::thrift::gen::cassandra19::{
    AuthenticationRequest, Compression, CqlResult, CqlResultType, TCassandraSyncClient,
};
use std::collections::BTreeMap;
use std::io::Write;

/// The version line's cqlsh release.
pub const CQLSH2_VERSION: &str = "2.0.0";

/// Whether a server's API version predates `set_cql_version` (added with
/// 1.1's 19.30): then cqlsh 2.0.0 is the one that spoke to it.
pub fn predates_cql_version(api: &str) -> bool {
    let mut parts = api.split('.').map(|p| p.parse::<u32>().ok());
    matches!((parts.next().flatten(), parts.next().flatten()), (Some(19), Some(m)) if m < 30)
}

/// A connected cqlsh 2.0.0 session.
pub struct Cqlsh2<'a> {
    pub(crate) client: Client19,
    out: &'a mut dyn Write,
    err: &'a mut dyn Write,
    host: String,
    port: u16,
    keyspace: Option<String>,
    interactive: bool,
    stop: bool,
    /// Error lines printed (for the exit code off a terminal).
    pub failures: usize,
}

impl<'a> Cqlsh2<'a> {
    /// The driver's connection steps on an open client.
    pub fn connect(
        mut client: Client19,
        host: &str,
        port: u16,
        credentials: Option<(String, String)>,
        out: &'a mut dyn Write,
        err: &'a mut dyn Write,
    ) -> Result<Cqlsh2<'a>, String> {
        let failed = |e: CallError| format!("Connection error: {}", error_line(&e));
        // cql 1.0.10 logged in only when both were given.
        if let Some((user, password)) = credentials.filter(|(u, p)| !u.is_empty() && !p.is_empty())
        {
            let request = AuthenticationRequest::new(BTreeMap::from([
                ("username".to_string(), user),
                ("password".to_string(), password),
            ]));
            client.login(request).classified().map_err(failed)?;
        }
        client.describe_version().classified().map_err(failed)?;
        client
            .execute_cql_query(b"USE system;".to_vec(), Compression::NONE)
            .classified()
            .map_err(failed)?;
        Ok(Cqlsh2 {
            client,
            out,
            err,
            host: host.to_string(),
            port,
            keyspace: None,
            interactive: false,
            stop: false,
            failures: 0,
        })
    }

    /// `-k KS` (which 2.0.0 lacked): `USE` it before anything is read.
    pub fn start_in(&mut self, keyspace: &str) -> bool {
        let ok = self.perform(&format!("USE {keyspace};"));
        if ok {
            self.keyspace = Some(unquote_name(keyspace));
        }
        ok
    }

    fn say(&mut self, text: &str) {
        let _ = self.out.write_all(text.as_bytes());
        let _ = self.out.flush();
    }

    fn printerr(&mut self, msg: &str) {
        self.failures += 1;
        let _ = self.out.flush();
        let _ = self.err.write_all(format!("{msg}\n").as_bytes());
        let _ = self.err.flush();
    }

    fn prompt(&self, continued: bool) -> String {
        if !self.interactive {
            return String::new();
        }
        match (&self.keyspace, continued) {
            (None, false) => "cqlsh> ".into(),
            (None, true) => "   ... ".into(),
            (Some(ks), false) => format!("cqlsh:{ks}> "),
            (Some(ks), true) => format!("{}    ... ", " ".repeat(ks.chars().count())),
        }
    }

    /// Reads and runs statements until the input ends or EXIT.
    pub fn run(&mut self, source: &mut Source) {
        self.interactive = source.is_interactive();
        if self.interactive {
            self.show_host();
            self.show_version();
            self.say("Use HELP for help.\n");
        }
        let mut buffer = String::new();
        while !self.stop {
            let prompt = self.prompt(!buffer.trim().is_empty());
            match source.read(&prompt) {
                Ok(Read::Line(line)) => {
                    buffer.push_str(&line);
                    buffer.push('\n');
                    if self.onecmd(&buffer) {
                        buffer.clear();
                    }
                }
                Ok(Read::Interrupted) => {
                    buffer.clear();
                    self.say("\n");
                }
                Ok(Read::Eof) => {
                    if self.interactive {
                        self.say("\n");
                    }
                    return;
                }
                Err(e) => {
                    self.printerr(&e.to_string());
                    return;
                }
            }
        }
    }

    /// Runs the buffer's statements once the last is ended; false to read on.
    fn onecmd(&mut self, buffer: &str) -> bool {
        match pending(buffer, false) {
            Pending::Invalid(lines) => lines.iter().for_each(|l| self.printerr(l)),
            Pending::ReadOn => return false,
            Pending::Ready(pieces) => {
                for p in pieces {
                    if self.stop {
                        break;
                    }
                    self.handle(&p);
                }
            }
        }
        true
    }

    /// One statement: one of cqlsh's commands, or CQL for the server.
    fn handle(&mut self, p: &Piece) {
        let words: Vec<&str> = p.tokens.iter().map(|t| t.text.as_str()).collect();
        let word = |i: usize| words.get(i).map(|w| w.to_ascii_lowercase());
        match word(0).as_deref() {
            Some("exit" | "quit") => self.stop = true,
            Some("use") => {
                if self.perform(&p.text) {
                    self.keyspace = words.get(1).map(|n| unquote_name(n));
                }
            }
            Some("show") => match word(1).as_deref() {
                Some("version") if words.len() <= 3 => self.show_version(),
                Some("host") if words.len() <= 3 => self.show_host(),
                _ => self.printerr("Improper show command."),
            },
            Some("describe" | "desc") => {
                let what = word(1).unwrap_or_default();
                let name = words.get(2).filter(|w| *w != &";").map(|n| unquote_name(n));
                if let Err(e) = self.describe(&what, name) {
                    self.printerr(&e);
                }
            }
            _ => {
                self.perform(&p.text);
            }
        }
    }

    fn show_host(&mut self) {
        match self.client.describe_cluster_name().classified() {
            Ok(name) => {
                let line = format!("Connected to {name} at {}:{}.\n", self.host, self.port);
                self.say(&line);
            }
            Err(e) => self.printerr(&error_line(&e)),
        }
    }

    /// The versions as cqlsh 2.0.0 found them: `system.Versions`'s rows,
    /// else `unknown` and the Thrift API version.
    fn show_version(&mut self) {
        let q = b"select component, version from system.Versions".to_vec();
        let mut vers: BTreeMap<String, String> = BTreeMap::new();
        match self
            .client
            .execute_cql_query(q, Compression::NONE)
            .classified()
        {
            Ok(r) => {
                for row in r.rows.unwrap_or_default() {
                    let text = |i: usize| {
                        row.columns
                            .get(i)
                            .and_then(|c| c.value.as_deref())
                            .map(|v| String::from_utf8_lossy(v).into_owned())
                            .unwrap_or_default()
                    };
                    vers.insert(text(0), text(1));
                }
            }
            Err(CallError::Invalid(_)) => {
                let thrift = self.client.describe_version().unwrap_or_default();
                vers.insert("build".into(), "unknown".into());
                vers.insert("cql".into(), "unknown".into());
                vers.insert("thrift".into(), thrift);
            }
            Err(e) => {
                self.printerr(&error_line(&e));
                return;
            }
        }
        let get = |k: &str| vers.get(k).cloned().unwrap_or_default();
        let line = format!(
            "[cqlsh {CQLSH2_VERSION} | Cassandra {} | CQL spec {} | Thrift protocol {}]\n",
            get("build"),
            get("cql"),
            get("thrift")
        );
        self.say(&line);
    }

    /// Sends a statement and prints its result; false if it failed.
    fn perform(&mut self, statement: &str) -> bool {
        let sent = statement.trim().to_string();
        match self
            .client
            .execute_cql_query(sent.into_bytes(), Compression::NONE)
            .classified()
        {
            Ok(r) => {
                let text = render_result(&r);
                self.say(&text);
                true
            }
            Err(e) => {
                self.printerr(&error_line(&e));
                false
            }
        }
    }
}

/// A type's short class name (`UTF8Type`), the package left off.
fn short_class(class: &str) -> &str {
    class.rsplit('.').next().unwrap_or(class)
}

/// One value as cqlsh 2.0.0's `format_value` wrote it for `class`.
fn format_value(class: &str, value: Option<&[u8]>) -> String {
    let Some(v) = value else {
        return "null".into();
    };
    let typed = |c: &str| -> Option<TypeRef> { parse_type(c).ok() };
    let as_string = |c: &str| typed(c).map_or_else(|| bytes_to_hex(v), |t| t.get_string(v));
    match short_class(class) {
        "UTF8Type" | "AsciiType" => escape_text(&String::from_utf8_lossy(v)),
        "BytesType" => bytes_to_hex(v),
        "LongType" | "Int32Type" | "IntegerType" | "CounterColumnType" | "DecimalType"
        | "UUIDType" => as_string(short_class(class)),
        "BooleanType" => match v {
            [0] => "False".into(),
            [_] => "True".into(),
            _ => bytes_to_hex(v),
        },
        "FloatType" | "DoubleType" => {
            let x = match v.len() {
                4 => f64::from(f32::from_be_bytes([v[0], v[1], v[2], v[3]])),
                8 => f64::from_be_bytes(v.try_into().unwrap_or([0; 8])),
                _ => return bytes_to_hex(v),
            };
            crate::shell::cql_format::format_g(x, 3)
        }
        // `%Y-%m-%d %H:%M:%S%z` in the machine's zone: UTC here, as the
        // marshal layer writes it.
        "DateType" => as_string("DateType"),
        other => as_string(other),
    }
}

/// A result as cqlsh 2.0.0 printed it (empty for VOID and no rows).
pub fn render_result(r: &CqlResult) -> String {
    match r.type_ {
        CqlResultType::INT => {
            let n = r.num.unwrap_or_default();
            format!("count\n-----\n{n}\n\n")
        }
        CqlResultType::ROWS => render_rows(r),
        _ => String::new(),
    }
}

fn render_rows(r: &CqlResult) -> String {
    let rows = r.rows.clone().unwrap_or_default();
    if rows.is_empty() {
        return String::new();
    }
    let schema = r.schema.as_ref();
    let name_class = |n: &[u8]| -> String {
        schema
            .and_then(|s| s.name_types.get(n).cloned())
            .or_else(|| schema.map(|s| s.default_name_type.clone()))
            .unwrap_or_else(|| "BytesType".into())
    };
    let value_class = |n: &[u8]| -> String {
        schema
            .and_then(|s| s.value_types.get(n).cloned())
            .or_else(|| schema.map(|s| s.default_value_type.clone()))
            .unwrap_or_else(|| "BytesType".into())
    };
    // A row's description: its names with their types.
    let described: Vec<Vec<(String, String, String)>> = rows
        .iter()
        .map(|row| {
            row.columns
                .iter()
                .map(|c| {
                    (
                        format_value(&name_class(&c.name), Some(&c.name)),
                        value_class(&c.name),
                        format_value(&value_class(&c.name), c.value.as_deref()),
                    )
                })
                .collect()
        })
        .collect();
    let shape = |d: &Vec<(String, String, String)>| -> Vec<(String, String)> {
        d.iter().map(|(n, t, _)| (n.clone(), t.clone())).collect()
    };
    let first = shape(&described[0]);
    let mut out = String::new();
    if described.iter().all(|d| shape(d) == first) {
        let mut widths: Vec<usize> = first.iter().map(|(n, _)| display_width(n)).collect();
        for d in &described {
            for (i, (_, _, v)) in d.iter().enumerate() {
                widths[i] = widths[i].max(display_width(v));
            }
        }
        let header: Vec<String> = first
            .iter()
            .zip(&widths)
            .map(|((n, _), w)| pad_right(n, *w))
            .collect();
        out.push_str(&format!(" {}\n", header.join(" | ").trim_end()));
        let rule: Vec<String> = widths.iter().map(|w| "-".repeat(*w)).collect();
        out.push_str(&format!("-{}-\n", rule.join("-+-")));
        for d in &described {
            let cells: Vec<String> = d
                .iter()
                .zip(&widths)
                .map(|((_, _, v), w)| pad_left(v, *w))
                .collect();
            out.push_str(&format!(" {}\n", cells.join(" | ")));
        }
    } else {
        for d in &described {
            let cells: Vec<String> = d.iter().map(|(n, _, v)| format!("{n},{v}")).collect();
            out.push_str(&format!(" {}\n", cells.join(" | ")));
        }
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::gen::cassandra19::{Column, CqlMetadata, CqlRow};

    fn row(key: &str, cols: &[(&str, &[u8])]) -> CqlRow {
        let columns = cols
            .iter()
            .map(|(n, v)| Column {
                name: n.as_bytes().to_vec(),
                value: Some(v.to_vec()),
                timestamp: Some(1),
                ttl: None,
            })
            .collect();
        CqlRow::new(key.as_bytes().to_vec(), columns)
    }

    fn result(rows: Vec<CqlRow>) -> CqlResult {
        let schema = CqlMetadata::new(
            BTreeMap::from([(b"KEY".to_vec(), "AsciiType".to_string())]),
            BTreeMap::from([(b"age".to_vec(), "Int32Type".to_string())]),
            "UTF8Type".to_string(),
            "UTF8Type".to_string(),
        );
        CqlResult {
            type_: CqlResultType::ROWS,
            rows: Some(rows),
            num: None,
            schema: Some(schema),
        }
    }

    #[test]
    fn rows_of_one_shape_are_a_table_without_a_leading_blank_line() {
        let r = result(vec![
            row("bob", &[("KEY", b"bob"), ("age", &25i32.to_be_bytes())]),
            row("alice", &[("KEY", b"alice"), ("age", &30i32.to_be_bytes())]),
        ]);
        assert_eq!(
            render_result(&r),
            " KEY   | age\n-------+-----\n   bob |  25\n alice |  30\n\n"
        );
    }

    #[test]
    fn rows_of_other_shapes_are_name_value_lines() {
        let r = result(vec![
            row("a", &[("KEY", b"a"), ("age", &1i32.to_be_bytes())]),
            row("b", &[("KEY", b"b")]),
        ]);
        assert_eq!(render_result(&r), " KEY,a | age,1\n KEY,b\n\n");
    }

    #[test]
    fn apis_before_19_30_had_no_set_cql_version() {
        assert!(predates_cql_version("19.20.0"));
        assert!(predates_cql_version("19.16.0"));
        assert!(!predates_cql_version("19.33.0"));
        assert!(!predates_cql_version("20.1.0"));
        assert!(!predates_cql_version("2.2.0"));
    }
}
