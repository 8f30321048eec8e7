//! The hot statements' forms: what a single-row read or a write of a
//! dense, super or composite table sends, short of its table and values.
//!
//! A call names its statement by (table, [`Form`]), a few bytes to hash,
//! and `statements` keeps one prepared statement per pair: the text is
//! written here only the first time a table meets a form (or after a
//! schema change emptied the cache), never per call. The values' order is
//! the caller's (`read`, `write`), which must bind them in the order the
//! text below puts the markers. This module writes texts; it must not talk
//! to the cluster.

use super::layout::Layout;

/// One statement form of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Form {
    /// `INSERT INTO t (key, <path>, value) VALUES (?, ..., ?) USING
    /// TIMESTAMP ? [AND TTL ?]`: a cell, named by the first `path`
    /// clustering columns.
    Insert { path: u8, ttl: bool },
    /// `UPDATE t SET value = value + ? WHERE key = ? AND <path> = ?`.
    CounterAdd { path: u8 },
    /// `DELETE FROM t [USING TIMESTAMP ?] WHERE key = ? [AND <path> = ?]
    /// [AND column1 >= ?] [AND column1 <= ?]`: a row, a clustering prefix
    /// or a cell, or a range of `column1` (bounds in comparator order). A
    /// counter table's deletions carry no timestamp (see `write::ops`).
    Delete { path: u8, low: bool, high: bool },
    /// `SELECT <name>, value[, writetime(value), ttl(value)] FROM t WHERE
    /// key = ? [AND column1 = ?] [AND <name> = ?] [bounds] [ORDER BY]
    /// [LIMIT n]`: one row's cells (`sub`: one super column's sub-columns,
    /// named by `column2`), by one name or by a range.
    Cells {
        sub: bool,
        by_name: bool,
        low: bool,
        high: bool,
        reversed: bool,
        limit: Option<i32>,
    },
    /// `SELECT column1, column2, value... FROM t WHERE key = ? [AND
    /// column1 = ?] [bounds] [ORDER BY column1 ...]`: a super CF row's
    /// super columns, by one name or by a range.
    SuperColumns {
        by_name: bool,
        low: bool,
        high: bool,
        reversed: bool,
    },
}

/// The text of `form` on `layout`'s table.
pub fn text(layout: &Layout, form: &Form) -> String {
    let (t, k, v) = (&layout.table, &layout.key_column, &layout.value_column);
    match *form {
        Form::Insert { path, ttl } => {
            let cols = path_columns(layout, path);
            let using = if ttl {
                "USING TIMESTAMP ? AND TTL ?"
            } else {
                "USING TIMESTAMP ?"
            };
            format!(
                "INSERT INTO {t} ({k}, {}, {v}) VALUES (?, {}, ?) {using}",
                cols.join(", "),
                vec!["?"; cols.len()].join(", ")
            )
        }
        Form::CounterAdd { path } => format!(
            "UPDATE {t} SET {v} = {v} + ? WHERE {k} = ?{}",
            equal(&path_columns(layout, path))
        ),
        Form::Delete { path, low, high } => {
            let mut text = if layout.counter {
                format!("DELETE FROM {t} WHERE {k} = ?")
            } else {
                format!("DELETE FROM {t} USING TIMESTAMP ? WHERE {k} = ?")
            };
            text.push_str(&equal(&path_columns(layout, path)));
            bounds(&mut text, "column1", low, high, layout.desc("column1"));
            text
        }
        Form::Cells {
            sub,
            by_name,
            low,
            high,
            reversed,
            limit: count,
        } => {
            let column = if sub { "column2" } else { "column1" };
            let mut text = format!(
                "SELECT {} FROM {t} WHERE key = ?",
                selected(column, layout.counter)
            );
            if sub {
                text.push_str(" AND column1 = ?");
            }
            if by_name {
                text.push_str(&format!(" AND {column} = ?"));
            }
            let desc = layout.desc(column);
            bounds(&mut text, column, low, high, desc);
            if reversed {
                // CQL orders by a clustering prefix only: a super column's
                // sub-columns (column1 fixed) are ordered by `column1,
                // column2`; 3.x refuses `ORDER BY column2` alone.
                if sub {
                    let first = reverse_order("column1", layout.desc("column1"));
                    let second = if desc { "ASC" } else { "DESC" };
                    text.push_str(&format!("{first}, column2 {second}"));
                } else {
                    text.push_str(&reverse_order(column, desc));
                }
            }
            if let Some(n) = count {
                text.push_str(&format!(" LIMIT {n}"));
            }
            text
        }
        Form::SuperColumns {
            by_name,
            low,
            high,
            reversed,
        } => {
            let what = format!("column1, {}", selected("column2", layout.counter));
            let mut text = format!("SELECT {what} FROM {t} WHERE key = ?");
            if by_name {
                text.push_str(" AND column1 = ?");
            }
            let desc = layout.desc("column1");
            bounds(&mut text, "column1", low, high, desc);
            if reversed {
                text.push_str(&reverse_order("column1", desc));
            }
            text
        }
    }
}

/// The first `n` clustering columns naming a cell: a composite table's
/// components, else `column1` (and a super CF's `column2`).
fn path_columns(layout: &Layout, n: u8) -> Vec<&str> {
    let n = usize::from(n);
    if layout.components.is_empty() {
        ["column1", "column2"].into_iter().take(n).collect()
    } else {
        layout
            .components
            .iter()
            .take(n)
            .map(|c| c.column.as_str())
            .collect()
    }
}

/// ` AND column = ?` for each of `cols`.
fn equal(cols: &[&str]) -> String {
    cols.iter().map(|c| format!(" AND {c} = ?")).collect()
}

/// The columns a cell is read from: name, value, then (not for counters,
/// whose cells have neither) `writetime` and `ttl`.
fn selected(name_column: &str, counter: bool) -> String {
    if counter {
        format!("{name_column}, value")
    } else {
        format!("{name_column}, value, writetime(value), ttl(value)")
    }
}

/// `AND c >= ? AND c <= ?` for the bounds given in comparator order (an
/// absent bound is open). CQL compares values, so a column clustered
/// descending (a `ReversedType` comparator) takes them the other way.
fn bounds(text: &mut String, column: &str, low: bool, high: bool, desc: bool) {
    let (from, to) = if desc { ("<=", ">=") } else { (">=", "<=") };
    if low {
        text.push_str(&format!(" AND {column} {from} ?"));
    }
    if high {
        text.push_str(&format!(" AND {column} {to} ?"));
    }
}

/// `ORDER BY` for the reverse of the comparator's order (CQL orders by
/// value: a descending column's reverse is ascending).
fn reverse_order(column: &str, desc: bool) -> String {
    format!(" ORDER BY {column} {}", if desc { "ASC" } else { "DESC" })
}

/// `LIMIT n` for a count (a literal: 1.2's CQL3 took no marker there);
/// none for "all".
pub fn limit(count: usize) -> Option<i32> {
    i32::try_from(count).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::driver::facts::Storage;
    use crate::marshal::parse_type;
    use crate::schema::CfDef;

    fn layout(comparator: &str, sub: Option<&str>) -> Layout {
        let def = CfDef::new(
            "K",
            "C",
            10,
            parse_type(comparator).unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        Layout::of(&def, Storage::Compact).unwrap()
    }

    #[test]
    fn a_slice_names_its_bounds_order_and_limit() {
        let cells = Form::Cells {
            sub: false,
            by_name: false,
            low: true,
            high: false,
            reversed: true,
            limit: limit(100),
        };
        assert_eq!(
            text(&layout("UTF8Type", None), &cells),
            "SELECT column1, value, writetime(value), ttl(value) FROM \"K\".\"C\" \
             WHERE key = ? AND column1 >= ? ORDER BY column1 DESC LIMIT 100"
        );
        // A reversed comparator is clustered descending: bounds and order
        // turn round.
        assert_eq!(
            text(&layout("ReversedType(UTF8Type)", None), &cells),
            "SELECT column1, value, writetime(value), ttl(value) FROM \"K\".\"C\" \
             WHERE key = ? AND column1 <= ? ORDER BY column1 ASC LIMIT 100"
        );
        assert_eq!(limit(usize::MAX), None);
    }

    #[test]
    fn sub_columns_are_ordered_by_their_clustering_prefix() {
        let sub = Form::Cells {
            sub: true,
            by_name: false,
            low: false,
            high: true,
            reversed: true,
            limit: None,
        };
        assert_eq!(
            text(&layout("UTF8Type", Some("BytesType")), &sub),
            "SELECT column2, value, writetime(value), ttl(value) FROM \"K\".\"C\" \
             WHERE key = ? AND column1 = ? AND column2 <= ? \
             ORDER BY column1 DESC, column2 DESC"
        );
        let supers = Form::SuperColumns {
            by_name: true,
            low: false,
            high: false,
            reversed: false,
        };
        assert_eq!(
            text(&layout("UTF8Type", Some("BytesType")), &supers),
            "SELECT column1, column2, value, writetime(value), ttl(value) \
             FROM \"K\".\"C\" WHERE key = ? AND column1 = ?"
        );
    }

    #[test]
    fn each_form_is_a_distinct_key() {
        use std::collections::HashSet;
        let forms = [
            Form::Insert {
                path: 1,
                ttl: false,
            },
            Form::Insert { path: 1, ttl: true },
            Form::Insert {
                path: 2,
                ttl: false,
            },
            Form::CounterAdd { path: 1 },
            Form::Delete {
                path: 0,
                low: false,
                high: false,
            },
            Form::Delete {
                path: 0,
                low: true,
                high: false,
            },
        ];
        let l = layout("UTF8Type", Some("BytesType"));
        let texts: HashSet<String> = forms.iter().map(|s| text(&l, s)).collect();
        assert_eq!(texts.len(), forms.len());
    }
}
