//! cqlsh 1.2.9's COPY: `COPY t [(cols)] TO 'file'|STDOUT` and `FROM
//! 'file'|STDIN`, `WITH` DELIMITER, QUOTE, ESCAPE, HEADER, NULL and (TO
//! only) ENCODING, ending with `N rows exported|imported in <time>.`.
//!
//! CSV is written and read as Python 2's `csv` module did with cqlsh's
//! dialect (`,` `"` `\`, no doubled quotes unless QUOTE equals ESCAPE;
//! `\r\n` line ends; a field is quoted when it holds the delimiter, the
//! escape character or a line break; a quote character is escaped, not
//! quoted). Values are written as cqlsh displays them; each imported record
//! becomes one INSERT of CQL literals, as cqlsh built it. Owns CSV and the
//! COPY command; the session and table layout are others'.

use crate::input_bounds::{read_at_most, MAX_COPY_BYTES};
use crate::shell::cql_format::format_value;
use crate::shell::cqlsh::layout::Layout;
use crate::shell::cqlsh::lex::{
    dotted_name, expand_user, io_error, protect_name, protect_value, py_repr, unquote_name,
    unquote_value, Kind, Token,
};
use crate::shell::cqlsh::{Cqlsh, ShellError};
use crate::shell::input::{Read, Source};
use crate::thrift::client_error::Classify;
use crate::thrift::gen::cassandra19::{Compression, TCassandraSyncClient};
use std::io::Write;

/// A parsed COPY command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Copy {
    pub keyspace: Option<String>,
    pub table: String,
    pub columns: Option<Vec<String>>,
    pub from: bool,
    /// `None` is STDIN/STDOUT.
    pub file: Option<String>,
    /// Option names lower-cased, values unquoted, in the order given.
    pub options: Vec<(String, String)>,
}

impl Copy {
    /// Reads the words after COPY; `None` if cqlsh's grammar would not.
    pub fn parse(toks: &[Token]) -> Option<Copy> {
        let (keyspace, table, mut i) = dotted_name(toks)?;
        let mut columns = None;
        if toks.get(i).is_some_and(|t| t.text == "(") {
            let mut cols = Vec::new();
            i += 1;
            loop {
                let t = toks.get(i)?;
                if !matches!(t.kind, Kind::Word | Kind::Name) {
                    return None;
                }
                cols.push(unquote_name(&t.text));
                i += 1;
                match toks.get(i)?.text.as_str() {
                    "," => i += 1,
                    ")" => {
                        i += 1;
                        break;
                    }
                    _ => return None,
                }
            }
            columns = Some(cols);
        }
        let dir = toks.get(i)?;
        let from = if dir.is_word("from") {
            true
        } else if dir.is_word("to") {
            false
        } else {
            return None;
        };
        let target = toks.get(i + 1)?;
        let file = match target.kind {
            Kind::Str => Some(unquote_value(&target.text)),
            Kind::Word if from && target.is_word("stdin") => None,
            Kind::Word if !from && target.is_word("stdout") => None,
            _ => return None,
        };
        i += 2;
        let mut options = Vec::new();
        if i < toks.len() {
            if !toks[i].is_word("with") {
                return None;
            }
            i += 1;
            loop {
                let name = toks.get(i).filter(|t| t.kind == Kind::Word)?;
                if toks.get(i + 1)?.text != "=" {
                    return None;
                }
                let v = toks.get(i + 2)?;
                let value = match v.kind {
                    Kind::Str => unquote_value(&v.text),
                    Kind::Word => v.text.clone(),
                    _ => return None,
                };
                options.push((name.text.to_ascii_lowercase(), value));
                i += 3;
                if i == toks.len() {
                    break;
                }
                if !toks[i].is_word("and") {
                    return None;
                }
                i += 1;
            }
        }
        Some(Copy {
            keyspace,
            table,
            columns,
            from,
            file,
            options,
        })
    }
}

/// cqlsh's CSV dialect after its options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dialect {
    pub delimiter: char,
    pub quote: char,
    /// `None` when QUOTE equals ESCAPE: quotes are doubled instead.
    pub escape: Option<char>,
}

impl Dialect {
    fn from_options(opts: &mut Vec<(String, String)>) -> Dialect {
        let mut take = |k: &str| {
            let at = opts.iter().rposition(|(n, _)| n == k)?;
            let v = opts[at].1.clone();
            opts.retain(|(n, _)| n != k);
            Some(v)
        };
        let first = |s: Option<String>, d: char| s.and_then(|s| s.chars().next()).unwrap_or(d);
        let quote = first(take("quote"), '"');
        let escape = first(take("escape"), '\\');
        let delimiter = first(take("delimiter"), ',');
        Dialect {
            delimiter,
            quote,
            escape: (escape != quote).then_some(escape),
        }
    }

    /// One record as Python's `csv.writer` wrote it (QUOTE_MINIMAL).
    pub fn write_row(&self, fields: &[String]) -> String {
        let mut out = Vec::new();
        for f in fields {
            let mut quoted = fields.len() == 1 && f.is_empty();
            let mut s = String::new();
            for c in f.chars() {
                if c == self.quote {
                    match self.escape {
                        None => {
                            s.push(c);
                            quoted = true;
                        }
                        Some(e) => s.push(e),
                    }
                } else if c == self.delimiter || Some(c) == self.escape || c == '\r' || c == '\n' {
                    quoted = true;
                }
                s.push(c);
            }
            out.push(if quoted {
                format!("{q}{s}{q}", q = self.quote)
            } else {
                s
            });
        }
        format!("{}\r\n", out.join(&self.delimiter.to_string()))
    }

    /// Reads records from text (Python's `csv.reader`); each with the line
    /// number it ended on.
    pub fn read_rows(&self, text: &str) -> Vec<(Vec<String>, usize)> {
        let mut rows = Vec::new();
        let mut fields: Vec<String> = Vec::new();
        let mut field = String::new();
        let mut in_quotes = false;
        let mut started = false;
        let mut line = 1;
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if in_quotes {
                if Some(c) == self.escape {
                    if let Some(n) = chars.next() {
                        if n == '\n' {
                            line += 1;
                        }
                        field.push(n);
                    }
                } else if c == self.quote {
                    if self.escape.is_none() && chars.peek() == Some(&self.quote) {
                        chars.next();
                        field.push(c);
                    } else {
                        in_quotes = false;
                    }
                } else {
                    if c == '\n' {
                        line += 1;
                    }
                    field.push(c);
                }
                continue;
            }
            match c {
                '\r' => {}
                '\n' => {
                    if started || !field.is_empty() || !fields.is_empty() {
                        fields.push(std::mem::take(&mut field));
                        rows.push((std::mem::take(&mut fields), line));
                    }
                    started = false;
                    line += 1;
                }
                c if c == self.delimiter => {
                    fields.push(std::mem::take(&mut field));
                    started = true;
                }
                c if c == self.quote && field.is_empty() => {
                    in_quotes = true;
                    started = true;
                }
                c if Some(c) == self.escape => {
                    if let Some(n) = chars.next() {
                        field.push(n);
                    }
                    started = true;
                }
                c => {
                    field.push(c);
                    started = true;
                }
            }
        }
        if started || !field.is_empty() || !fields.is_empty() {
            fields.push(field);
            rows.push((fields, line));
        }
        rows
    }
}

/// cqlsh's `describe_interval`.
pub fn describe_interval(seconds: f64) -> String {
    let mut parts = Vec::new();
    let mut rest = seconds;
    for (len, unit) in [(86400.0, "day"), (3600.0, "hour"), (60.0, "minute")] {
        let n = (rest / len).floor();
        if n > 0.0 {
            parts.push(format!("{n} {unit}{}", if n > 1.0 { "s" } else { "" }));
        }
        rest %= len;
    }
    let words = format!("{rest:.3} seconds");
    match parts.len() {
        0 => words,
        1 => format!("{} and {words}", parts[0]),
        _ => format!("{}, and {words}", parts.join(", ")),
    }
}

impl Cqlsh<'_> {
    pub(crate) fn copy(&mut self, c: Copy, source: &mut Source) -> Result<(), ShellError> {
        let ks = match c.keyspace.clone().or_else(|| self.state.keyspace.clone()) {
            Some(k) => k,
            None => return Err(ShellError::Message("Not in any keyspace.".into())),
        };
        let columns = match &c.columns {
            Some(cols) => cols.clone(),
            None => self
                .layout(Some(&ks), &c.table)?
                .columns
                .iter()
                .map(|col| col.name.clone())
                .collect(),
        };
        let file = c.file.as_deref().map(expand_user);
        let started = std::time::Instant::now();
        let mut opts = c.options.clone();
        if self.era.copy_unescapes_options {
            for (_, v) in opts.iter_mut() {
                *v = crate::shell::cqlsh::escape::string_escape(v).map_err(ShellError::Message)?;
            }
        }
        let (rows, verb) = if c.from {
            (
                self.import(&ks, &c.table, &columns, file.as_deref(), &mut opts, source)?,
                "imported",
            )
        } else {
            (
                self.export(&ks, &c.table, &columns, file.as_deref(), &mut opts)?,
                "exported",
            )
        };
        let took = describe_interval(started.elapsed().as_secs_f64());
        self.say(&format!("{rows} rows {verb} in {took}.\n"));
        Ok(())
    }

    fn export(
        &mut self,
        ks: &str,
        cf: &str,
        columns: &[String],
        file: Option<&str>,
        opts: &mut Vec<(String, String)>,
    ) -> Result<usize, ShellError> {
        let dialect = Dialect::from_options(opts);
        opts.retain(|(k, _)| k != "encoding");
        let null = take(opts, "null").unwrap_or_default();
        let header = take(opts, "header").is_some_and(|h| h.eq_ignore_ascii_case("true"));
        if !opts.is_empty() {
            let names: Vec<&str> = opts.iter().map(|(k, _)| k.as_str()).collect();
            self.printerr(&format!(
                "Unrecognized COPY TO options: {}",
                names.join(", ")
            ));
            return Ok(0);
        }
        let mut dest: Box<dyn Write> = match file {
            None => Box::new(std::io::stdout()),
            Some(f) => match std::fs::File::create(f) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    self.printerr(&format!(
                        "Can't open {} for writing: {}",
                        py_repr(f),
                        io_error(f, &e)
                    ));
                    return Ok(0);
                }
            },
        };
        let names: Vec<String> = columns.iter().map(|c| protect_name(c)).collect();
        let q = format!(
            "SELECT {} FROM {}.{} LIMIT 99999999",
            names.join(", "),
            protect_name(ks),
            protect_name(cf)
        );
        let result = self
            .client
            .execute_cql3_query(q.into_bytes(), Compression::NONE, self.state.consistency)
            .classified()?;
        let _ = self.out.flush();
        let schema = result.schema.clone();
        let rows = result.rows.unwrap_or_default();
        if header {
            let head: Vec<String> = match rows.first() {
                Some(r) => r
                    .columns
                    .iter()
                    .map(|c| String::from_utf8_lossy(&c.name).into_owned())
                    .collect(),
                None => columns.to_vec(),
            };
            let _ = dest.write_all(dialect.write_row(&head).as_bytes());
        }
        for r in &rows {
            let fields: Vec<String> = r
                .columns
                .iter()
                .map(|col| {
                    let class = schema
                        .as_ref()
                        .and_then(|s| s.value_types.get(&col.name).cloned())
                        .unwrap_or_else(|| "BytesType".to_string());
                    let t = crate::marshal::parse_type(&class).unwrap_or_else(|_| {
                        crate::marshal::parse_type("BytesType")
                            .expect("BytesType is always registered")
                    });
                    match col.value.as_deref() {
                        None => null.clone(),
                        Some(v) => format_value(&t, Some(v), false),
                    }
                })
                .collect();
            let _ = dest.write_all(dialect.write_row(&fields).as_bytes());
        }
        let _ = dest.flush();
        Ok(rows.len())
    }

    fn import(
        &mut self,
        ks: &str,
        cf: &str,
        columns: &[String],
        file: Option<&str>,
        opts: &mut Vec<(String, String)>,
        source: &mut Source,
    ) -> Result<usize, ShellError> {
        let dialect = Dialect::from_options(opts);
        let null = take(opts, "null").unwrap_or_default();
        let header = take(opts, "header").is_some_and(|h| h.eq_ignore_ascii_case("true"));
        if !opts.is_empty() {
            let names: Vec<&str> = opts.iter().map(|(k, _)| k.as_str()).collect();
            self.printerr(&format!(
                "Unrecognized COPY FROM options: {}",
                names.join(", ")
            ));
            return Ok(0);
        }
        let text = match file {
            Some(f) => {
                match std::fs::File::open(f).and_then(|file| read_at_most(file, MAX_COPY_BYTES)) {
                    Ok(b) => String::from_utf8_lossy(&b).into_owned(),
                    Err(e) => {
                        self.printerr(&format!(
                            "Can't open {} for reading: {}",
                            py_repr(f),
                            io_error(f, &e)
                        ));
                        return Ok(0);
                    }
                }
            }
            None => {
                self.say("[Use \\. on a line by itself to end input]\n");
                let mut text = String::new();
                // Input ends at `\.` alone on a line, or at the end of input.
                while let Ok(Read::Line(l)) = source.read("[copy] ") {
                    self.state.lineno += 1;
                    if l == "\\." {
                        break;
                    }
                    text.push_str(&l);
                    text.push('\n');
                }
                text
            }
        };
        let mut records = dialect.read_rows(&text);
        if header && !records.is_empty() {
            records.remove(0);
        }
        let layout = self.layout(Some(ks), cf)?;
        let mut done = 0;
        for (n, (row, line)) in records.iter().enumerate() {
            if row.len() != columns.len() {
                self.printerr(&format!(
                    "Record #{n} (line {line}) has the wrong number of fields ({} instead of {}).",
                    row.len(),
                    columns.len()
                ));
                return Ok(n);
            }
            let insert = insert_for(&layout, ks, cf, columns, row, &null)?;
            if !self.perform_untraced(&insert) {
                self.printerr(&format!(
                    "Aborting import at record #{n} (line {line}). Previously-inserted values still present."
                ));
                return Ok(n);
            }
            done = n + 1;
        }
        if file.is_none() && self.state.interactive {
            self.say("\n");
        }
        Ok(done)
    }
}

fn take(opts: &mut Vec<(String, String)>, k: &str) -> Option<String> {
    let v = opts
        .iter()
        .rev()
        .find(|(n, _)| n == k)
        .map(|(_, v)| v.clone());
    opts.retain(|(n, _)| n != k);
    v
}

/// The INSERT cqlsh built for one record: text-like values quoted, others
/// as typed, the NULL string as `null` (or an empty blob for a clustering
/// column that cannot be empty).
fn insert_for(
    layout: &Layout,
    ks: &str,
    cf: &str,
    columns: &[String],
    row: &[String],
    null: &str,
) -> Result<String, ShellError> {
    let mut values = Vec::new();
    for (name, value) in columns.iter().zip(row) {
        let col = layout.column(name).ok_or_else(|| {
            ShellError::Message(format!("\"column {} not found\"", py_repr(name)))
        })?;
        let ty = col.ty.unreversed();
        let cql = ty.cql();
        values.push(if value != null {
            if matches!(cql.as_str(), "ascii" | "text" | "timestamp" | "inet") {
                protect_value(value)
            } else {
                value.clone()
            }
        } else if layout.column_aliases.contains(name) && !ty.empty_ok() {
            let mut title = cql.clone();
            if let Some(f) = title.get_mut(0..1) {
                f.make_ascii_uppercase();
            }
            format!("blobAs{title}(0x)")
        } else {
            "null".to_string()
        });
    }
    let names: Vec<String> = columns.iter().map(|c| protect_name(c)).collect();
    Ok(format!(
        "INSERT INTO {}.{} ({}) VALUES ({})",
        protect_name(ks),
        protect_name(cf),
        names.join(", "),
        values.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::cqlsh::lex::split;

    fn parse(s: &str) -> Option<Copy> {
        let (p, _) = split(&format!("COPY {s};"));
        Copy::parse(&p[0].tokens[1..])
    }

    #[test]
    fn copy_commands_parse_as_cqlsh_grammar() {
        let c = parse(
            "blog.authors (name, \"Email\") TO 'a.csv' WITH HEADER = true AND DELIMITER = '|'",
        )
        .unwrap();
        assert_eq!(c.keyspace.as_deref(), Some("blog"));
        assert_eq!(c.columns, Some(vec!["name".into(), "Email".into()]));
        assert!(!c.from);
        assert_eq!(c.file.as_deref(), Some("a.csv"));
        assert_eq!(
            c.options,
            vec![
                ("header".into(), "true".into()),
                ("delimiter".into(), "|".into())
            ]
        );
        assert_eq!(parse("t FROM STDIN").unwrap().file, None);
        assert!(parse("t TO STDIN").is_none());
        assert!(parse("t FROM 'x' WITH").is_none());
    }

    #[test]
    fn csv_as_python_wrote_it() {
        let d = Dialect {
            delimiter: ',',
            quote: '"',
            escape: Some('\\'),
        };
        let f = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert_eq!(
            d.write_row(&f(&["Jane Doe", "", "{'a', 'b'}"])),
            "Jane Doe,,\"{'a', 'b'}\"\r\n"
        );
        assert_eq!(
            d.write_row(&f(&["An \"x\", y", "Line\\nz"])),
            "\"An \\\"x\\\", y\",\"Line\\nz\"\r\n"
        );
        let q = Dialect {
            delimiter: ',',
            quote: '\'',
            escape: Some('\\'),
        };
        assert_eq!(
            q.write_row(&f(&["O'Brien", "{'a', 'b'}"])),
            "O\\'Brien,'{\\'a\\', \\'b\\'}'\r\n"
        );
        let back = q.read_rows("O\\'Brien,'{\\'a\\', \\'b\\'}'\r\n");
        assert_eq!(back, vec![(f(&["O'Brien", "{'a', 'b'}"]), 1)]);
        let dbl = Dialect {
            delimiter: ',',
            quote: '"',
            escape: None,
        };
        assert_eq!(dbl.write_row(&f(&["say \"hi\""])), "\"say \"\"hi\"\"\"\r\n");
        assert_eq!(
            dbl.read_rows("\"say \"\"hi\"\"\"\n"),
            vec![(f(&["say \"hi\""]), 1)]
        );
    }

    #[test]
    fn intervals_read_as_cqlsh_wrote_them() {
        assert_eq!(describe_interval(0.0123), "0.012 seconds");
        assert_eq!(describe_interval(61.5), "1 minute and 1.500 seconds");
    }
}
