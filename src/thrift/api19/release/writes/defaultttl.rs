//! A column family's `default_time_to_live` on Thrift writes (2.0 to 2.2,
//! `ThriftWritesTakeDefaultTtl`): `Column.create` (2.1:
//! `AbstractCell.create`), which `ColumnFamily.addColumn` called for every
//! written column of `insert` and of a batch's mutations, gave a column
//! sent without a TTL (or with 0) the column family's default, when that
//! was above 0. From 3.0 (`ThriftInsertTakesDefaultTtl`) only `insert`
//! gave it, to a column sent without a TTL (`cellFromColumn`), a batch's
//! `toLegacyCell` none.

use crate::model::{Cell, CellKind, Op};
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;

/// Makes each live column `ops` writes to `cf` expire after the column
/// family's default TTL, from `now`.
pub fn apply(release: Option<&Release>, cf: &CfDef, now: i32, ops: &mut [Op]) {
    if release.is_some_and(|r| r.does(Behaviour::ThriftWritesTakeDefaultTtl)) {
        expire(cf, now, ops);
    }
}

/// [`apply`] for `insert`'s column, sent without a TTL, from 3.0.
pub fn apply_to_insert(release: Option<&Release>, cf: &CfDef, now: i32, ops: &mut [Op]) {
    if release.is_some_and(|r| r.does(Behaviour::ThriftInsertTakesDefaultTtl)) {
        expire(cf, now, ops);
    }
}

/// Makes each live column of `ops` expire after `cf`'s default TTL.
fn expire(cf: &CfDef, now: i32, ops: &mut [Op]) {
    let Some(ttl) = cf.options.default_time_to_live.filter(|&t| t > 0) else {
        return;
    };
    for op in ops {
        if let Op::Put { cell, .. } = op {
            if cell.kind == CellKind::Live {
                let (name, value) = (
                    std::mem::take(&mut cell.name),
                    std::mem::take(&mut cell.value),
                );
                *cell = Cell::expiring(name, value, cell.timestamp, ttl, now);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::apply;
    use crate::marshal::parse_type;
    use crate::model::{Cell, CellKind, Op};
    use crate::release::Release;
    use crate::schema::CfDef;

    fn ops() -> Vec<Op> {
        let put = |cell| Op::Put {
            super_column: None,
            cell,
        };
        vec![
            put(Cell::live(b"a".to_vec(), b"v".to_vec(), 1)),
            put(Cell::expiring(b"b".to_vec(), b"v".to_vec(), 1, 60, 100)),
            put(Cell::tombstone(b"c".to_vec(), 1, 100)),
        ]
    }

    fn ttls(version: &str, default: Option<i32>) -> Vec<Option<i32>> {
        let mut cf = CfDef::new("ks", "A", 1000, parse_type("UTF8Type").unwrap(), None);
        cf.options.default_time_to_live = default;
        let mut ops = ops();
        apply(Release::find(version), &cf, 100, &mut ops);
        ops.iter()
            .map(|op| match op {
                Op::Put { cell, .. } => match cell.kind {
                    CellKind::Expiring {
                        ttl,
                        local_expiration_time,
                    } => {
                        assert_eq!(local_expiration_time, 100 + ttl);
                        Some(ttl)
                    }
                    _ => None,
                },
                _ => None,
            })
            .collect()
    }

    #[test]
    fn a_column_without_a_ttl_takes_the_default_from_2_0() {
        assert_eq!(ttls("2.1.22", Some(86400)), [Some(86400), Some(60), None]);
        assert_eq!(ttls("2.0.17", Some(86400)), [Some(86400), Some(60), None]);
        assert_eq!(ttls("2.2.19", Some(0)), [None, Some(60), None]);
        assert_eq!(ttls("1.2.9", Some(86400)), [None, Some(60), None]);
        assert_eq!(ttls("3.0.24", Some(86400)), [None, Some(60), None]);
    }

    #[test]
    fn from_3_0_only_an_insert_takes_it() {
        let mut cf = CfDef::new("ks", "A", 1000, parse_type("UTF8Type").unwrap(), None);
        cf.options.default_time_to_live = Some(60);
        for (version, ttl) in [
            ("3.0.24", Some(60)),
            ("3.11.10", Some(60)),
            ("2.2.19", None),
        ] {
            let mut ops = ops();
            super::apply_to_insert(Release::find(version), &cf, 100, &mut ops);
            let first = match &ops[0] {
                Op::Put { cell, .. } => match cell.kind {
                    CellKind::Expiring { ttl, .. } => Some(ttl),
                    _ => None,
                },
                _ => None,
            };
            assert_eq!(first, ttl, "{version}");
        }
    }
}
