//! Reads and writes of static tables (column families with declared
//! columns, `layout::Shape::Static`): a declared column is a column of the
//! table, read and written by its name with its timestamp and TTL; an
//! undeclared one is a `(column1, value)` row, which only a cluster without
//! COMPACT STORAGE lets CQL reach (on 3.x it is hidden: refused here, so
//! nothing is silently dropped or missed by a names read).
//!
//! A slice by range merges the declared columns inside the range with the
//! undeclared rows, in comparator order. This module must not create
//! tables; the undeclared rows are read and written as a dense table's.

use super::ops::statement;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::table::layout::Layout;
use crate::gateway::table::slice::Range;
use crate::gateway::table::statics::{as_dense, pair_names_are_default, reachable};
use crate::model::{CellKind, Op};
use crate::schema::CfDef;

/// The statements of one op on one row of a static table.
pub fn statements(
    def: &CfDef,
    layout: &Layout,
    key: &[u8],
    op: &Op,
) -> GatewayResult<Vec<(String, Vec<Bound>)>> {
    let t = &layout.table;
    let key_b = || Bound::Bytes(key.to_vec());
    let declared = |name: &[u8]| layout.declared(name);
    Ok(match op {
        Op::Put {
            super_column: Some(_),
            ..
        }
        | Op::CounterAdd {
            super_column: Some(_),
            ..
        } => return Err(no_super_columns()),
        Op::Put { cell, .. } if declared(&cell.name).is_some() => {
            let col = &declared(&cell.name).expect("checked").column;
            match cell.kind {
                CellKind::Tombstone { .. } => vec![(
                    format!("DELETE {col} FROM {t} USING TIMESTAMP ? WHERE key = ?"),
                    vec![Bound::Long(cell.timestamp), key_b()],
                )],
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
                    let mut values = vec![
                        key_b(),
                        Bound::Bytes(cell.value.clone()),
                        Bound::Long(cell.timestamp),
                    ];
                    let using = match cell.kind {
                        CellKind::Expiring { ttl, .. } => {
                            values.push(Bound::Int(ttl));
                            "USING TIMESTAMP ? AND TTL ?"
                        }
                        _ => "USING TIMESTAMP ?",
                    };
                    vec![(
                        format!("INSERT INTO {t} (key, {col}) VALUES (?, ?) {using}"),
                        values,
                    )]
                }
            }
        }
        Op::CounterAdd { name, delta, .. } if declared(name).is_some() => {
            if !layout.counter {
                return Err(GatewayError::Invalid(
                    "counter additions need a counter column family".into(),
                ));
            }
            let col = &declared(name).expect("checked").column;
            vec![(
                format!("UPDATE {t} SET {col} = {col} + ? WHERE key = ?"),
                vec![Bound::Long(*delta), key_b()],
            )]
        }
        Op::Put { .. } | Op::CounterAdd { .. } => {
            reachable(def, layout)?;
            vec![statement(&as_dense(layout), key, op)?]
        }
        Op::DeleteRow(_) | Op::DeleteSuperColumn { .. } => {
            vec![statement(&as_dense(layout), key, op)?]
        }
        Op::DeleteRange {
            start,
            end,
            deletion,
        } => {
            // A deletion's bounds are in comparator order already.
            let range = Range {
                low: start,
                high: end,
                reversed: false,
                count: usize::MAX,
            };
            let inside: Vec<&str> = layout
                .declared
                .iter()
                .filter(|d| range.contains(&def.comparator, &d.name))
                .map(|d| d.column.as_str())
                .collect();
            let mut out = Vec::new();
            if !inside.is_empty() {
                out.push((
                    format!(
                        "DELETE {} FROM {t} USING TIMESTAMP ? WHERE key = ?",
                        inside.join(", ")
                    ),
                    vec![Bound::Long(deletion.marked_for_delete_at), key_b()],
                ));
            }
            // On 3.x the undeclared cells are out of CQL's reach: the
            // deletion covers what the gateway can have written.
            if layout.pair_reachable() && pair_names_are_default(layout) {
                out.push(statement(&as_dense(layout), key, op)?);
            }
            out
        }
    })
}

fn no_super_columns() -> GatewayError {
    GatewayError::Invalid("a standard column family has no super columns".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::driver::facts::Storage;
    use crate::marshal::parse_type;
    use crate::model::{Cell, DeletionTime};
    use crate::schema::ColumnDef;

    fn users(storage: Storage) -> (CfDef, Layout) {
        let mut def = CfDef::new("K", "Users", 10, parse_type("UTF8Type").unwrap(), None);
        for (name, class) in [("name", "UTF8Type"), ("age", "LongType")] {
            def.options.column_metadata.push(ColumnDef::plain(
                name.as_bytes().to_vec(),
                parse_type(class).unwrap(),
            ));
        }
        let layout = Layout::of(&def, storage).unwrap();
        (def, layout)
    }

    fn put(name: &str, ttl: Option<i32>) -> Op {
        Op::Put {
            super_column: None,
            cell: Cell {
                name: name.as_bytes().to_vec(),
                value: b"v".to_vec(),
                timestamp: 42,
                kind: match ttl {
                    Some(ttl) => CellKind::Expiring {
                        ttl,
                        local_expiration_time: 0,
                    },
                    None => CellKind::Live,
                },
            },
        }
    }

    #[test]
    fn declared_columns_are_written_by_name() {
        let (def, layout) = users(Storage::Compact);
        let s = statements(&def, &layout, b"k", &put("age", Some(9))).unwrap();
        assert_eq!(
            s[0].0,
            "INSERT INTO \"K\".\"Users\" (key, \"age\") VALUES (?, ?) USING TIMESTAMP ? AND TTL ?"
        );
        assert_eq!(s[0].1[3], Bound::Int(9));
        let range = Op::DeleteRange {
            start: b"a".to_vec(),
            end: b"m".to_vec(),
            deletion: DeletionTime::new(5, 0),
        };
        let s = statements(&def, &layout, b"k", &range).unwrap();
        assert_eq!(s.len(), 1);
        assert_eq!(
            s[0].0,
            "DELETE \"age\" FROM \"K\".\"Users\" USING TIMESTAMP ? WHERE key = ?"
        );
    }

    #[test]
    fn undeclared_columns_need_a_cluster_that_shows_them() {
        let (def, layout) = users(Storage::Compact);
        let e = statements(&def, &layout, b"k", &put("other", None)).unwrap_err();
        assert!(e.to_string().contains("only its declared columns"), "{e}");
        let (def, layout) = users(Storage::NonCompact);
        let s = statements(&def, &layout, b"k", &put("other", None)).unwrap();
        assert_eq!(
            s[0].0,
            "INSERT INTO \"K\".\"Users\" (key, column1, value) VALUES (?, ?, ?) USING TIMESTAMP ?"
        );
        let all = Op::DeleteRange {
            start: Vec::new(),
            end: Vec::new(),
            deletion: DeletionTime::new(5, 0),
        };
        let s = statements(&def, &layout, b"k", &all).unwrap();
        assert_eq!(s.len(), 2);
        assert!(s[0].0.starts_with("DELETE \"age\", \"name\" FROM"));
        assert_eq!(
            s[1].0,
            "DELETE FROM \"K\".\"Users\" USING TIMESTAMP ? WHERE key = ?"
        );
    }
}
