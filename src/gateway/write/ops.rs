//! One op's statement on a table laid out by `table::layout` (dense, super,
//! static's undeclared rows, composite): a cell is `INSERT ... USING
//! TIMESTAMP ? [AND TTL ?]`, a column, super column or row deletion is
//! `DELETE ... USING TIMESTAMP ?` of that cell, clustering prefix or
//! partition, a counter increment `UPDATE ... SET value = value + ?`.
//! (Markers in `USING` are CQL 2.0+; 1.2 took literals there. A super
//! column deletion by its `column1` prefix and a name-range deletion with
//! `>=`/`<=` on `column1` are 3.0's range deletions.) A deletion in a
//! counter column family carries no timestamp: Cassandra 3.x refuses one
//! on any counter statement ("Cannot provide custom timestamp for counter
//! updates"), and its own Thrift `remove_counter` deletes at the
//! coordinator's time. Pure: this module must not send nor read.

use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::table::forms::Form;
use crate::gateway::table::layout::{Layout, Shape};
use crate::model::{Cell, CellKind, Op};

/// The statement text and values of one op on one row.
pub fn statement(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(String, Vec<Bound>)> {
    let (form, values) = formed(layout, key, op)?;
    Ok((crate::gateway::table::forms::text(layout, &form), values))
}

/// The statement form and values of one op on one row.
pub(super) fn formed(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(Form, Vec<Bound>)> {
    Ok(match op {
        Op::Put { super_column, cell } => put(layout, key, super_column, cell)?,
        Op::CounterAdd {
            super_column,
            name,
            delta,
            ..
        } => {
            if !layout.counter {
                return Err(GatewayError::Invalid(
                    "counter additions need a counter column family".into(),
                ));
            }
            let mut values = vec![Bound::Long(*delta), Bound::Bytes(key.to_vec())];
            let path = cell_path(layout, super_column, name, &mut values)?;
            (Form::CounterAdd { path }, values)
        }
        Op::DeleteRow(deletion) => (
            deletion_of(0, false, false),
            delete(layout, key, deletion.marked_for_delete_at),
        ),
        Op::DeleteSuperColumn { name, deletion } => {
            if layout.shape != Shape::Super {
                return Err(GatewayError::Invalid(
                    "a standard column family has no super columns".into(),
                ));
            }
            let mut values = delete(layout, key, deletion.marked_for_delete_at);
            values.push(Bound::Bytes(name.clone()));
            (deletion_of(1, false, false), values)
        }
        Op::DeleteRange { .. } if layout.shape == Shape::Super => {
            return Err(GatewayError::Invalid(
                "a range deletion of super columns has no CQL form here".into(),
            ));
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            // Bounds in comparator order (`forms` turns them for a
            // descending column).
            let mut values = delete(layout, key, deletion.marked_for_delete_at);
            for bound in [start, end] {
                if !bound.is_empty() {
                    values.push(Bound::Bytes(bound.clone()));
                }
            }
            (deletion_of(0, !start.is_empty(), !end.is_empty()), values)
        }
    })
}

fn deletion_of(path: u8, low: bool, high: bool) -> Form {
    Form::Delete { path, low, high }
}

/// A cell written (`INSERT`) or deleted (`DELETE` of its clustering path).
fn put(
    layout: &Layout,
    key: &[u8],
    super_column: &Option<Vec<u8>>,
    cell: &Cell,
) -> GatewayResult<(Form, Vec<Bound>)> {
    let tombstone = matches!(cell.kind, CellKind::Tombstone { .. });
    let mut values = if tombstone {
        delete(layout, key, cell.timestamp)
    } else {
        // Sized once: key, the path (at most a composite's components),
        // value, timestamp, TTL.
        let mut values = Vec::with_capacity(4 + layout.components.len().max(2));
        values.push(Bound::Bytes(key.to_vec()));
        values
    };
    // The path's refusals come first, whatever the cell.
    let path = cell_path(layout, super_column, &cell.name, &mut values)?;
    let ttl = match cell.kind {
        CellKind::Tombstone { .. } => return Ok((deletion_of(path, false, false), values)),
        CellKind::Counter { .. } => {
            return Err(GatewayError::Invalid(
                "a counter is written by adding to it".into(),
            ))
        }
        _ if layout.counter => {
            return Err(GatewayError::Invalid(
                "a counter column family takes only counter additions".into(),
            ));
        }
        CellKind::Expiring { ttl, .. } => Some(ttl),
        CellKind::Live => None,
    };
    values.push(Bound::Bytes(cell.value.clone()));
    values.push(Bound::Long(cell.timestamp));
    if let Some(ttl) = ttl {
        values.push(Bound::Int(ttl));
    }
    let ttl = ttl.is_some();
    Ok((Form::Insert { path, ttl }, values))
}

/// How many clustering columns name a cell (the first ones of the table:
/// see `forms`), their values added to `values`.
fn cell_path(
    layout: &Layout,
    super_column: &Option<Vec<u8>>,
    name: &[u8],
    values: &mut Vec<Bound>,
) -> GatewayResult<u8> {
    match (layout.shape, super_column) {
        (Shape::Super, Some(sc)) => {
            values.push(Bound::Bytes(sc.clone()));
            values.push(Bound::Bytes(name.to_vec()));
            Ok(2)
        }
        (Shape::Dense | Shape::Static, None) => {
            values.push(Bound::Bytes(name.to_vec()));
            Ok(1)
        }
        (Shape::Composite, None) => {
            let n = layout.components.len();
            let path = u8::try_from(n).map_err(|_| {
                GatewayError::Invalid(format!("a comparator of {n} components is too wide"))
            })?;
            let parts = crate::gateway::table::composite::split(name, n, layout.compound)?;
            values.extend(parts.into_iter().map(Bound::Bytes));
            Ok(path)
        }
        (Shape::Super, None) => Err(GatewayError::Invalid(
            "a super column family's column needs its super column".into(),
        )),
        (Shape::Dense | Shape::Static | Shape::Composite, Some(_)) => Err(GatewayError::Invalid(
            "a standard column family has no super columns".into(),
        )),
    }
}

/// The values of `DELETE FROM t [USING TIMESTAMP ?] WHERE key = ?`: no
/// timestamp in a counter CF (see the module note).
fn delete(layout: &Layout, key: &[u8], at: i64) -> Vec<Bound> {
    // Room for the path or bounds that follow.
    let mut values = Vec::with_capacity(4 + layout.components.len());
    if !layout.counter {
        values.push(Bound::Long(at));
    }
    values.push(Bound::Bytes(key.to_vec()));
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::model::{Cell, DeletionTime};
    use crate::schema::CfDef;

    fn layout(sub: Option<&str>) -> Layout {
        let def = CfDef::new(
            "K",
            "C",
            10,
            parse_type("UTF8Type").unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        Layout::of(&def, crate::gateway::driver::facts::Storage::Compact).unwrap()
    }

    #[test]
    fn cells_carry_their_timestamp_and_ttl() {
        let put = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: b"v".to_vec(),
                timestamp: 42,
                kind: CellKind::Expiring {
                    ttl: 9,
                    local_expiration_time: 0,
                },
            },
        };
        let (text, values) = statement(&layout(None), b"k", &put).unwrap();
        assert_eq!(
            text,
            "INSERT INTO \"K\".\"C\" (key, column1, value) VALUES (?, ?, ?) USING TIMESTAMP ? AND TTL ?"
        );
        assert_eq!(
            values,
            [
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(b"c".to_vec()),
                Bound::Bytes(b"v".to_vec()),
                Bound::Long(42),
                Bound::Int(9)
            ]
        );
    }

    #[test]
    fn deletions_name_what_they_delete() {
        let sup = layout(Some("BytesType"));
        let sc = Op::DeleteSuperColumn {
            name: b"s".to_vec(),
            deletion: DeletionTime::new(5, 0),
        };
        let (text, _) = statement(&sup, b"k", &sc).unwrap();
        assert_eq!(
            text,
            "DELETE FROM \"K\".\"C\" USING TIMESTAMP ? WHERE key = ? AND column1 = ?"
        );
        let tomb = Op::Put {
            super_column: Some(b"s".to_vec()),
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Tombstone {
                    local_deletion_time: 0,
                },
            },
        };
        let (text, values) = statement(&sup, b"k", &tomb).unwrap();
        assert!(text.ends_with("WHERE key = ? AND column1 = ? AND column2 = ?"));
        assert_eq!(values[0], Bound::Long(6));
        let row = statement(&layout(None), b"k", &Op::DeleteRow(DeletionTime::new(7, 0))).unwrap();
        assert_eq!(row.1, [Bound::Long(7), Bound::Bytes(b"k".to_vec())]);
        assert!(statement(&layout(None), b"k", &sc).is_err());
    }

    #[test]
    fn counter_deletions_carry_no_timestamp() {
        let mut def = CfDef::new("K", "C", 10, parse_type("UTF8Type").unwrap(), None);
        def.options.default_validation_class = parse_type("CounterColumnType").unwrap();
        let counters = Layout::of(&def, crate::gateway::driver::facts::Storage::Compact).unwrap();
        assert!(counters.counter);
        let tomb = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Tombstone {
                    local_deletion_time: 0,
                },
            },
        };
        let (text, values) = statement(&counters, b"k", &tomb).unwrap();
        assert_eq!(
            text,
            "DELETE FROM \"K\".\"C\" WHERE key = ? AND column1 = ?"
        );
        assert_eq!(
            values,
            [Bound::Bytes(b"k".to_vec()), Bound::Bytes(b"c".to_vec())]
        );
        let row = statement(&counters, b"k", &Op::DeleteRow(DeletionTime::new(7, 0))).unwrap();
        assert_eq!(row.0, "DELETE FROM \"K\".\"C\" WHERE key = ?");
        assert_eq!(row.1, [Bound::Bytes(b"k".to_vec())]);
    }

    #[test]
    fn a_cell_s_path_is_refused_before_its_kind() {
        let sup = layout(Some("BytesType"));
        let counter = Op::Put {
            super_column: None,
            cell: Cell {
                name: b"c".to_vec(),
                value: Vec::new(),
                timestamp: 6,
                kind: CellKind::Counter {
                    deletion: DeletionTime::LIVE,
                },
            },
        };
        let e = statement(&sup, b"k", &counter).unwrap_err();
        assert!(e.to_string().contains("needs its super column"), "{e}");
        let e = statement(&layout(None), b"k", &counter).unwrap_err();
        assert!(e.to_string().contains("written by adding to it"), "{e}");
    }

    #[test]
    fn a_super_column_cell_binds_key_path_value_timestamp() {
        let put = Op::Put {
            super_column: Some(b"s".to_vec()),
            cell: Cell::live(b"c".to_vec(), b"v".to_vec(), 3),
        };
        let (text, values) = statement(&layout(Some("BytesType")), b"k", &put).unwrap();
        assert!(text.starts_with("INSERT INTO \"K\".\"C\" (key, column1, column2, value)"));
        assert_eq!(
            values,
            [
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(b"s".to_vec()),
                Bound::Bytes(b"c".to_vec()),
                Bound::Bytes(b"v".to_vec()),
                Bound::Long(3)
            ]
        );
    }
}
