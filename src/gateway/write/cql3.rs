//! Cell writes on a CQL3 table (see [`cql3`](crate::gateway::table::cql3)) as row-level
//! CQL on the table the cluster holds, each with its timestamp and TTL:
//!
//! - the row marker `(c.., "")` is `INSERT INTO t (pk.., c..) VALUES ..
//!   USING TIMESTAMP ? [AND TTL ?]` (3.x's row liveness is 1.2's marker);
//! - a column's cell is `UPDATE t USING TIMESTAMP ? [AND TTL ?] SET c = ?`,
//!   its tombstone `DELETE c FROM t USING TIMESTAMP ?`;
//! - a set element is `SET c = c + {?}` / `c - {?}`, a map entry `SET c[?] =
//!   ?` / `DELETE c[?]`;
//! - a list element named by a position the gateway read
//!   ([`cql3::position_name`]) is `SET c[i] = ?` / `DELETE c[i]`; a new
//!   element is appended (`c = c + [?]`) or prepended (`c = [?] + c`), as its
//!   time UUID says; an element named by a UUID the cluster did not show
//!   cannot be found by CQL and is refused;
//! - a range tombstone over a clustering prefix is `DELETE FROM t WHERE`
//!   that prefix (3.0's range deletion when it is shorter than the
//!   clustering), one over a column is `DELETE c FROM t` (the whole
//!   collection, as 1.2 overwrites one); a row deletion deletes the
//!   partition; a counter increment is `SET c = c + ?`.
//!
//! Order within a row is kept, except where one cell at a time would
//! change the result: prepends of one statement are sent last-named first
//! (each lands in front), and deletions by position highest first (each
//! shifts the ones after it). This module must not read.

use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::table::cql3::{collection_value, list_name, Kind, ListName, Table3};
use crate::marshal::CompositeType;
use crate::model::{Cell, CellKind, DeletionTime, Op};

/// A statement to send, and how it may be reordered among its neighbours.
struct Planned {
    text: String,
    values: Vec<Bound>,
    /// (what it is part of, order key): a run of neighbours with the same
    /// first is sent by the second, highest first.
    run: Option<(String, i64)>,
}

/// The statements for one row's ops on `table`, in the order to send them.
pub fn statements(t: &Table3, key: &[u8], ops: &[Op]) -> GatewayResult<Vec<(String, Vec<Bound>)>> {
    let pk: Vec<Bound> = t.split_key(key)?.into_iter().map(Bound::Bytes).collect();
    let mut plan = Vec::with_capacity(ops.len());
    for op in ops {
        plan.push(statement(t, &pk, op)?);
    }
    // Runs of one prepend or positional deletion group, highest key first.
    let mut out = Vec::with_capacity(plan.len());
    let mut i = 0;
    while i < plan.len() {
        let mut j = i + 1;
        if let Some((group, _)) = &plan[i].run {
            while j < plan.len() && plan[j].run.as_ref().is_some_and(|(g, _)| g == group) {
                j += 1;
            }
            plan[i..j].sort_by_key(|p| std::cmp::Reverse(p.run.as_ref().map_or(0, |r| r.1)));
        }
        out.extend(
            plan[i..j]
                .iter()
                .map(|p| (p.text.clone(), p.values.clone())),
        );
        i = j;
    }
    Ok(out)
}

/// A cell name split: clustering values, column name, element.
struct Name {
    clustering: Vec<Vec<u8>>,
    column: Vec<u8>,
    element: Option<Vec<u8>>,
}

fn split_name(t: &Table3, name: &[u8]) -> GatewayResult<Name> {
    let n = t.clustering.len();
    let parts = CompositeType::split(name).map_err(|e| GatewayError::Invalid(e.0))?;
    if parts.len() < n + 1 || parts.len() > n + 2 {
        return Err(GatewayError::Invalid(format!(
            "a cell name of {} components is not a column of the CQL3 table {}",
            parts.len(),
            t.table
        )));
    }
    Ok(Name {
        clustering: parts[..n].iter().map(|(v, _)| v.to_vec()).collect(),
        column: parts[n].0.to_vec(),
        element: parts.get(n + 1).map(|(v, _)| v.to_vec()),
    })
}

/// `USING TIMESTAMP ? [AND TTL ?]` and its values.
fn using(cell: &Cell) -> (&'static str, Vec<Bound>) {
    match cell.kind {
        CellKind::Expiring { ttl, .. } => (
            "USING TIMESTAMP ? AND TTL ?",
            vec![Bound::Long(cell.timestamp), Bound::Int(ttl)],
        ),
        _ => ("USING TIMESTAMP ?", vec![Bound::Long(cell.timestamp)]),
    }
}

fn keys(pk: &[Bound], clustering: &[Vec<u8>]) -> Vec<Bound> {
    let mut v = pk.to_vec();
    v.extend(clustering.iter().cloned().map(Bound::Bytes));
    v
}

fn plain(text: String, values: Vec<Bound>) -> Planned {
    Planned {
        text,
        values,
        run: None,
    }
}

fn statement(t: &Table3, pk: &[Bound], op: &Op) -> GatewayResult<Planned> {
    let table = &t.table;
    let full = t.where_clause(t.clustering.len());
    match op {
        Op::Put {
            super_column: Some(_),
            ..
        }
        | Op::CounterAdd {
            super_column: Some(_),
            ..
        }
        | Op::DeleteSuperColumn { .. } => Err(GatewayError::Invalid(format!(
            "the CQL3 table {table} has no super columns"
        ))),
        Op::DeleteRow(d) => {
            let mut values = vec![Bound::Long(d.marked_for_delete_at)];
            values.extend_from_slice(pk);
            Ok(plain(
                format!(
                    "DELETE FROM {table} USING TIMESTAMP ? WHERE {}",
                    t.where_clause(0)
                ),
                values,
            ))
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => range_deletion(t, pk, start, end, deletion),
        Op::CounterAdd { name, delta, .. } => {
            let n = split_name(t, name)?;
            let col = t
                .column(&n.column)
                .filter(|c| c.kind == Kind::Counter && n.element.is_none())
                .ok_or_else(|| {
                    GatewayError::Invalid(format!("no counter column of {table} by that name"))
                })?;
            let mut values = vec![Bound::Long(*delta)];
            values.extend(keys(pk, &n.clustering));
            let c = &col.quoted;
            Ok(plain(
                format!("UPDATE {table} SET {c} = {c} + ? WHERE {full}"),
                values,
            ))
        }
        Op::Put {
            super_column: None,
            cell,
        } => put(t, pk, cell),
    }
}

fn put(t: &Table3, pk: &[Bound], cell: &Cell) -> GatewayResult<Planned> {
    let table = &t.table;
    let n = split_name(t, &cell.name)?;
    let tombstone = matches!(cell.kind, CellKind::Tombstone { .. });
    if matches!(cell.kind, CellKind::Counter { .. }) {
        return Err(GatewayError::Invalid(
            "a counter is written by adding to it".into(),
        ));
    }
    let where_values = keys(pk, &n.clustering);
    if n.column.is_empty() {
        // The row marker.
        if tombstone || n.element.is_some() {
            return Err(GatewayError::Invalid(format!(
                "a row marker of {table} can only be written"
            )));
        }
        return Ok(row_marker(t, cell, where_values));
    }
    let col = t.column(&n.column).ok_or_else(|| {
        GatewayError::Invalid(format!(
            "{} is not a column of the CQL3 table {table}",
            String::from_utf8_lossy(&n.column)
        ))
    })?;
    let c = &col.quoted;
    if col.kind == Kind::Counter {
        return Err(GatewayError::Invalid(format!(
            "{c} is a counter: it is written by adding to it"
        )));
    }
    let w = CellWrite {
        table,
        full: t.where_clause(t.clustering.len()),
        cell,
        where_values,
    };
    Ok(match (col.kind, &n.element) {
        (Kind::Plain, None) if tombstone => w.deletion(c.clone(), vec![]),
        (Kind::Plain, None) => w.update(format!("{c} = ?"), vec![Bound::Bytes(cell.value.clone())]),
        (Kind::Set, Some(e)) => {
            let one = Bound::Bytes(collection_value(1, [e.as_slice()]));
            let sign = if tombstone { '-' } else { '+' };
            w.update(format!("{c} = {c} {sign} ?"), vec![one])
        }
        (Kind::Map, Some(e)) if tombstone => {
            w.deletion(format!("{c}[?]"), vec![Bound::Bytes(e.clone())])
        }
        (Kind::Map, Some(e)) => w.update(
            format!("{c}[?] = ?"),
            vec![Bound::Bytes(e.clone()), Bound::Bytes(cell.value.clone())],
        ),
        (Kind::List, Some(e)) => list_element(&w, c, e, tombstone)?,
        _ => {
            return Err(GatewayError::Invalid(format!(
                "the cell name does not fit the column {c} of {table}"
            )))
        }
    })
}

/// `INSERT` of a row's primary key alone: its row marker.
fn row_marker(t: &Table3, cell: &Cell, where_values: Vec<Bound>) -> Planned {
    let (using, stamp) = using(cell);
    let cols: Vec<&str> = t
        .partition
        .iter()
        .chain(&t.clustering)
        .map(|c| c.quoted.as_str())
        .collect();
    let mut values = where_values;
    values.extend(stamp);
    plain(
        format!(
            "INSERT INTO {} ({}) VALUES ({}) {using}",
            t.table,
            cols.join(", "),
            vec!["?"; cols.len()].join(", ")
        ),
        values,
    )
}

/// One cell of a CQL3 row being written: the statement's table, its
/// WHERE clause on the whole primary key and that clause's values.
struct CellWrite<'a> {
    table: &'a str,
    full: String,
    cell: &'a Cell,
    where_values: Vec<Bound>,
}

impl CellWrite<'_> {
    /// `DELETE target`; markers bind in text order: an element's before
    /// the timestamp.
    fn deletion(&self, target: String, element: Vec<Bound>) -> Planned {
        let mut values = element;
        values.push(Bound::Long(self.cell.timestamp));
        values.extend(self.where_values.clone());
        let (table, full) = (self.table, &self.full);
        plain(
            format!("DELETE {target} FROM {table} USING TIMESTAMP ? WHERE {full}"),
            values,
        )
    }

    /// `UPDATE ... SET set` with the cell's timestamp (and TTL).
    fn update(&self, set: String, bound: Vec<Bound>) -> Planned {
        let (using, mut values) = using(self.cell);
        values.extend(bound);
        values.extend(self.where_values.clone());
        let (table, full) = (self.table, &self.full);
        plain(
            format!("UPDATE {table} {using} SET {set} WHERE {full}"),
            values,
        )
    }
}

/// A list element, written or deleted by its position, or added at an
/// end; deletions and prepends are sent in runs (see [`Planned::run`]).
fn list_element(w: &CellWrite, c: &str, e: &[u8], tombstone: bool) -> GatewayResult<Planned> {
    let value = &w.cell.value;
    Ok(match (list_name(e)?, tombstone) {
        (ListName::Position(i), true) => Planned {
            run: Some((format!("delete {c}"), i64::from(i))),
            ..w.deletion(format!("{c}[?]"), vec![Bound::Int(i)])
        },
        (ListName::Position(i), false) => w.update(
            format!("{c}[?] = ?"),
            vec![Bound::Int(i), Bound::Bytes(value.clone())],
        ),
        (ListName::Append(_), false) => {
            let one = Bound::Bytes(collection_value(1, [value.as_slice()]));
            w.update(format!("{c} = {c} + ?"), vec![one])
        }
        (ListName::Prepend(ticks), false) => {
            // 1.2 names a statement's prepends by falling times and the
            // lowest ends up first: each prepend lands in front, so the
            // highest goes first.
            let one = Bound::Bytes(collection_value(1, [value.as_slice()]));
            Planned {
                run: Some((format!("prepend {c}"), ticks)),
                ..w.update(format!("{c} = ? + {c}"), vec![one])
            }
        }
        (_, true) => {
            return Err(GatewayError::Invalid(format!(
                "a list element of {c} not read through the gateway cannot be deleted \
                 (CQL names list elements by position only)"
            )))
        }
    })
}

fn range_deletion(
    t: &Table3,
    pk: &[Bound],
    start: &[u8],
    end: &[u8],
    deletion: &DeletionTime,
) -> GatewayResult<Planned> {
    let table = &t.table;
    let mut values = vec![Bound::Long(deletion.marked_for_delete_at)];
    values.extend_from_slice(pk);
    if start.is_empty() && end.is_empty() {
        return Ok(plain(
            format!(
                "DELETE FROM {table} USING TIMESTAMP ? WHERE {}",
                t.where_clause(0)
            ),
            values,
        ));
    }
    let refuse = || {
        GatewayError::Invalid(format!(
            "a range deletion on the CQL3 table {table} must cover one clustering prefix \
             or one column (the cluster backend has no other CQL form for it)"
        ))
    };
    let a = CompositeType::split(start).map_err(|_| refuse())?;
    let b = CompositeType::split(end).map_err(|_| refuse())?;
    let same = a.len() == b.len() && a.iter().zip(&b).all(|(x, y)| x.0 == y.0);
    let ends_ok = matches!(a.last(), Some((_, 0 | 0xff))) && matches!(b.last(), Some((_, 1)));
    if !same || !ends_ok {
        return Err(refuse());
    }
    let n = t.clustering.len();
    let parts: Vec<Vec<u8>> = a.iter().map(|(v, _)| v.to_vec()).collect();
    if parts.len() <= n {
        values.extend(parts.iter().cloned().map(Bound::Bytes));
        return Ok(plain(
            format!(
                "DELETE FROM {table} USING TIMESTAMP ? WHERE {}",
                t.where_clause(parts.len())
            ),
            values,
        ));
    }
    if parts.len() == n + 1 {
        let col = t.column(&parts[n]).ok_or_else(refuse)?;
        values.extend(parts[..n].iter().cloned().map(Bound::Bytes));
        return Ok(plain(
            format!(
                "DELETE {} FROM {table} USING TIMESTAMP ? WHERE {}",
                col.quoted,
                t.where_clause(n)
            ),
            values,
        ));
    }
    Err(refuse())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::table::cql3::{composite, position_name, table_of, tests::posts};
    use crate::marshal::Eoc;

    fn cell(name: Vec<u8>, value: &[u8], ts: i64, kind: CellKind) -> Op {
        Op::Put {
            super_column: None,
            cell: Cell {
                name,
                value: value.to_vec(),
                timestamp: ts,
                kind,
            },
        }
    }

    fn name(parts: &[&[u8]]) -> Vec<u8> {
        composite(parts.iter().copied(), Eoc::None).unwrap()
    }

    #[test]
    fn markers_columns_and_elements_become_row_statements() {
        let t = table_of(&posts()).unwrap().unwrap();
        let id = 3i32.to_be_bytes();
        let ops = [
            cell(name(&[&id, b""]), b"", 5, CellKind::Live),
            cell(
                name(&[&id, b"title"]),
                b"x",
                5,
                CellKind::Expiring {
                    ttl: 60,
                    local_expiration_time: 0,
                },
            ),
            cell(name(&[&id, b"tags", b"a"]), b"", 5, CellKind::Live),
            cell(
                name(&[&id, b"tags", b"b"]),
                b"",
                6,
                CellKind::Tombstone {
                    local_deletion_time: 0,
                },
            ),
        ];
        let s = statements(&t, b"anna", &ops).unwrap();
        let texts: Vec<&str> = s.iter().map(|(t, _)| t.as_str()).collect();
        let tbl = "\"ks\".\"posts\"";
        let w = "WHERE \"user\" = ? AND \"id\" = ?";
        assert_eq!(
            texts,
            [
                format!("INSERT INTO {tbl} (\"user\", \"id\") VALUES (?, ?) USING TIMESTAMP ?"),
                format!("UPDATE {tbl} USING TIMESTAMP ? AND TTL ? SET \"title\" = ? {w}"),
                format!("UPDATE {tbl} USING TIMESTAMP ? SET \"tags\" = \"tags\" + ? {w}"),
                format!("UPDATE {tbl} USING TIMESTAMP ? SET \"tags\" = \"tags\" - ? {w}"),
            ]
        );
        assert_eq!(
            s[1].1,
            [
                Bound::Long(5),
                Bound::Int(60),
                Bound::Bytes(b"x".to_vec()),
                Bound::Bytes(b"anna".to_vec()),
                Bound::Bytes(id.to_vec())
            ]
        );
        assert_eq!(
            s[2].1[1],
            Bound::Bytes(collection_value(1, [b"a".as_slice()]))
        );
    }

    #[test]
    fn deletions_by_position_go_highest_first_and_ranges_by_prefix() {
        let t = table_of(&posts()).unwrap().unwrap();
        let id = 3i32.to_be_bytes();
        let tomb = CellKind::Tombstone {
            local_deletion_time: 0,
        };
        // `tags` is a set here; a list column checks positions the same way.
        let mut cf = posts();
        cf.options.column_metadata[1].validation_class =
            crate::marshal::parse_type("ListType(UTF8Type)").unwrap();
        let lt = table_of(&cf).unwrap().unwrap();
        let ops = [
            cell(name(&[&id, b"tags", &position_name(0)]), b"", 7, tomb),
            cell(name(&[&id, b"tags", &position_name(2)]), b"", 7, tomb),
        ];
        let s = statements(&lt, b"anna", &ops).unwrap();
        assert_eq!(s[0].1[0], Bound::Int(2));
        assert_eq!(s[1].1[0], Bound::Int(0));
        assert!(s[0].0.starts_with("DELETE \"tags\"[?] FROM"), "{}", s[0].0);
        let row = Op::DeleteRange {
            start: composite([id.as_slice()], Eoc::None).unwrap(),
            end: composite([id.as_slice()], Eoc::End).unwrap(),
            deletion: DeletionTime::new(9, 0),
        };
        let s = statements(&t, b"anna", &[row]).unwrap();
        assert_eq!(
            s[0].0,
            "DELETE FROM \"ks\".\"posts\" USING TIMESTAMP ? WHERE \"user\" = ? AND \"id\" = ?"
        );
        let whole = Op::DeleteRange {
            start: composite([id.as_slice(), b"tags"], Eoc::None).unwrap(),
            end: composite([id.as_slice(), b"tags"], Eoc::End).unwrap(),
            deletion: DeletionTime::new(9, 0),
        };
        let s = statements(&t, b"anna", &[whole]).unwrap();
        assert!(s[0].0.starts_with("DELETE \"tags\" FROM"), "{}", s[0].0);
        let bogus = cell(name(&[&id, b"nope"]), b"v", 1, CellKind::Live);
        assert!(statements(&t, b"anna", &[bogus]).is_err());
    }
}
