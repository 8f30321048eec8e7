//! Reading `supercolumn cqlsh -f` back: a [`Script`] numbers the lines of the
//! file it writes (cqlsh's error prefixes name them), and [`tables`] parses
//! stdout into result tables, checking cqlsh 1.2.9's frame exactly: a blank
//! line, the header left-justified and right-trimmed, the `-+-` rule, rows
//! right-justified to the rule's widths (in display columns), a blank line.

use supercolumn::shell::cql_format::{display_width, pad_left, pad_right};
use unicode_width::UnicodeWidthChar;

/// A cqlsh script being written, one statement per `;`.
#[derive(Default)]
pub struct Script {
    pub text: String,
    lines: usize,
}

impl Script {
    /// Appends `cql;`; returns the line the `;` is on.
    pub fn push(&mut self, cql: &str) -> usize {
        self.text.push_str(cql);
        self.text.push_str(";\n");
        self.lines += cql.matches('\n').count() + 1;
        self.lines
    }

    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// The stderr line cqlsh 1.2.9 printed for a statement ending on `line`
    /// of `path` that the server refused with `why`: its line counter started
    /// at 1 and counted every line read, so it names the line after.
    pub fn error_line(path: &str, line: usize, why: &str) -> String {
        format!("{path}:{}:Bad Request: {why}", line + 1)
    }
}

/// One printed result table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Printed {
    pub widths: Vec<usize>,
    pub header: String,
    /// Each row's cells exactly as printed, padding included.
    pub rows: Vec<Vec<String>>,
}

impl Printed {
    /// The cell as a value: its left padding removed.
    pub fn value(&self, row: usize, col: usize) -> &str {
        self.rows[row][col].trim_start_matches(' ')
    }

    /// True when the header is these names, left-justified to the widths.
    pub fn header_is(&self, names: &[&str]) -> bool {
        if names.len() != self.widths.len() {
            return false;
        }
        let cells: Vec<String> = names
            .iter()
            .zip(&self.widths)
            .map(|(n, w)| pad_right(n, *w))
            .collect();
        format!(" {}", cells.join(" | ")).trim_end() == self.header
    }

    /// True when cell (`row`, `col`) is `value` right-justified to its width.
    pub fn cell_is(&self, row: usize, col: usize, value: &str) -> bool {
        self.rows[row][col] == pad_left(value, self.widths[col])
    }

    /// The widths cqlsh would have chosen for what is printed: each the
    /// widest of the column's name and values.
    pub fn widths_fit(&self, names: &[&str]) -> bool {
        (0..self.widths.len()).all(|c| {
            let widest = (0..self.rows.len())
                .map(|r| display_width(self.value(r, c)))
                .chain(names.get(c).map(|n| display_width(n)))
                .max()
                .unwrap_or(0);
            widest == self.widths[c]
        })
    }
}

fn widths_of(rule: &str) -> Result<Vec<usize>, String> {
    let inner = rule
        .strip_prefix('-')
        .and_then(|r| r.strip_suffix('-'))
        .ok_or_else(|| format!("not a rule: {rule:?}"))?;
    inner
        .split("-+-")
        .map(|part| {
            if part.chars().all(|c| c == '-') {
                Ok(part.len())
            } else {
                Err(format!("not a rule: {rule:?}"))
            }
        })
        .collect()
}

/// Cuts a row line into cells of the given display widths.
fn cells_of(line: &str, widths: &[usize]) -> Result<Vec<String>, String> {
    let bad = || format!("row {line:?} does not fit widths {widths:?}");
    let mut rest = line.strip_prefix(' ').ok_or_else(bad)?;
    let mut cells = Vec::new();
    for (i, w) in widths.iter().enumerate() {
        if i > 0 {
            rest = rest.strip_prefix(" | ").ok_or_else(bad)?;
        }
        let mut used = 0;
        let mut end = 0;
        for (at, c) in rest.char_indices() {
            if used >= *w {
                break;
            }
            used += c.width().unwrap_or(0);
            end = at + c.len_utf8();
        }
        if used != *w {
            return Err(bad());
        }
        cells.push(rest[..end].to_string());
        rest = &rest[end..];
    }
    if !rest.is_empty() {
        return Err(bad());
    }
    Ok(cells)
}

/// Every table in cqlsh's stdout, which must hold nothing else.
pub fn tables(stdout: &str) -> Result<Vec<Printed>, String> {
    let Some(body) = stdout.strip_suffix('\n') else {
        return if stdout.is_empty() {
            Ok(Vec::new())
        } else {
            Err(format!("output does not end a line: {stdout:?}"))
        };
    };
    let lines: Vec<&str> = body.split('\n').collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].is_empty() || i + 2 >= lines.len() {
            return Err(format!("line {i}: expected a table, got {:?}", lines[i]));
        }
        let header = lines[i + 1].to_string();
        let widths = widths_of(lines[i + 2])?;
        i += 3;
        let mut rows = Vec::new();
        while i < lines.len() && !lines[i].is_empty() {
            rows.push(cells_of(lines[i], &widths)?);
            i += 1;
        }
        if i == lines.len() {
            return Err("a table without its closing blank line".into());
        }
        i += 1;
        out.push(Printed {
            widths,
            header,
            rows,
        });
    }
    Ok(out)
}
