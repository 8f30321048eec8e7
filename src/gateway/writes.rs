//! Mutations written to the cluster with their own timestamps and TTLs.
//!
//! Each op becomes one statement: a cell is `INSERT ... USING TIMESTAMP ?
//! [AND TTL ?]`, a column, super column or row deletion is `DELETE ...
//! USING TIMESTAMP ?` of that cell, clustering prefix or partition, a
//! counter increment `UPDATE ... SET value = value + ?`. (Markers in
//! `USING` are CQL 2.0+; 1.2 took literals there. A super column deletion
//! by its `column1` prefix and a name-range deletion with `>=`/`<=` on
//! `column1` are 3.0's range deletions.) A row's ops are sent in order,
//! one after the other; they are not atomic together, as a Thrift
//! `batch_mutate` across nodes was not either. A deletion in a counter
//! column family carries no timestamp: Cassandra 3.x refuses one on any
//! counter statement ("Cannot provide custom timestamp for counter
//! updates"), and its own Thrift `remove_counter` deletes at the
//! coordinator's time. This module must not read.

use super::layout::{Layout, Shape};
use super::reads::table;
use super::statements::run;
use super::values::Bound;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::storage::model::{CellKind, Op, RowMutation};

pub async fn apply(inner: &Inner, ms: &[RowMutation], cl: Consistency) -> GatewayResult<()> {
    // Every table is checked before anything is sent, as the engine
    // validates a batch whole.
    let mut plan = Vec::new();
    for m in ms {
        for (cf, ops) in &m.updates {
            let (_, layout) = table(inner, &m.keyspace, cf)?;
            for op in ops {
                plan.push(statement(&layout, &m.key, op)?);
            }
        }
    }
    for (text, values) in plan {
        run(inner, &text, &values, cl).await?;
    }
    Ok(())
}

/// The statement text and values of one op on one row.
pub fn statement(layout: &Layout, key: &[u8], op: &Op) -> GatewayResult<(String, Vec<Bound>)> {
    let t = &layout.table;
    let key_b = || Bound::Bytes(key.to_vec());
    // The clustering columns naming a cell, and their values.
    let cell_path = |super_column: &Option<Vec<u8>>, name: &[u8]| -> GatewayResult<_> {
        match (layout.shape, super_column) {
            (Shape::Super, Some(sc)) => Ok((
                vec!["column1", "column2"],
                vec![Bound::Bytes(sc.clone()), Bound::Bytes(name.to_vec())],
            )),
            (Shape::Dense, None) => Ok((vec!["column1"], vec![Bound::Bytes(name.to_vec())])),
            (Shape::Super, None) => Err(GatewayError::Invalid(
                "a super column family's column needs its super column".into(),
            )),
            (Shape::Dense, Some(_)) => Err(GatewayError::Invalid(
                "a standard column family has no super columns".into(),
            )),
        }
    };
    // `DELETE FROM t [USING TIMESTAMP ?] WHERE key = ?` and its values so
    // far: no timestamp in a counter CF (see the module note).
    let delete = |at: i64| {
        if layout.counter {
            (format!("DELETE FROM {t} WHERE key = ?"), vec![key_b()])
        } else {
            (
                format!("DELETE FROM {t} USING TIMESTAMP ? WHERE key = ?"),
                vec![Bound::Long(at), key_b()],
            )
        }
    };
    let equal = |cols: &[&str]| {
        cols.iter()
            .map(|c| format!(" AND {c} = ?"))
            .collect::<String>()
    };
    Ok(match op {
        Op::Put { super_column, cell } => {
            let (cols, names) = cell_path(super_column, &cell.name)?;
            match cell.kind {
                CellKind::Tombstone { .. } => {
                    let (mut text, mut values) = delete(cell.timestamp);
                    values.extend(names);
                    text.push_str(&equal(&cols));
                    (text, values)
                }
                CellKind::Counter { .. } => {
                    return Err(GatewayError::Invalid(
                        "a counter is written by adding to it".into(),
                    ))
                }
                CellKind::Live | CellKind::Expiring { .. } => {
                    if layout.counter {
                        return Err(GatewayError::Invalid(
                            "a counter column family takes only counter additions".into(),
                        ));
                    }
                    let mut values = vec![key_b()];
                    values.extend(names);
                    values.push(Bound::Bytes(cell.value.clone()));
                    values.push(Bound::Long(cell.timestamp));
                    let using = match cell.kind {
                        CellKind::Expiring { ttl, .. } => {
                            values.push(Bound::Int(ttl));
                            "USING TIMESTAMP ? AND TTL ?"
                        }
                        _ => "USING TIMESTAMP ?",
                    };
                    let text = format!(
                        "INSERT INTO {t} (key, {}, value) VALUES (?, {}, ?) {using}",
                        cols.join(", "),
                        vec!["?"; cols.len()].join(", ")
                    );
                    (text, values)
                }
            }
        }
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
            let (cols, names) = cell_path(super_column, name)?;
            let mut values = vec![Bound::Long(*delta), key_b()];
            values.extend(names);
            let text = format!(
                "UPDATE {t} SET value = value + ? WHERE key = ?{}",
                equal(&cols)
            );
            (text, values)
        }
        Op::DeleteRow(deletion) => delete(deletion.marked_for_delete_at),
        Op::DeleteSuperColumn { name, deletion } => {
            if layout.shape != Shape::Super {
                return Err(GatewayError::Invalid(
                    "a standard column family has no super columns".into(),
                ));
            }
            let (mut text, mut values) = delete(deletion.marked_for_delete_at);
            text.push_str(" AND column1 = ?");
            values.push(Bound::Bytes(name.clone()));
            (text, values)
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            let (mut text, mut values) = delete(deletion.marked_for_delete_at);
            if !start.is_empty() {
                text.push_str(" AND column1 >= ?");
                values.push(Bound::Bytes(start.clone()));
            }
            if !end.is_empty() {
                text.push_str(" AND column1 <= ?");
                values.push(Bound::Bytes(end.clone()));
            }
            (text, values)
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::CfDef;
    use crate::storage::model::{Cell, DeletionTime};

    fn layout(sub: Option<&str>) -> Layout {
        let def = CfDef::new(
            "K",
            "C",
            10,
            parse_type("UTF8Type").unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        Layout::of(&def).unwrap()
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
        let counters = Layout::of(&def).unwrap();
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
}
