//! 1.0 to 1.2's DecimalType names of fewer than 4 bytes: `DecimalType.
//! validate` took any bytes ("no useful check for invalid decimals"), so a
//! Thrift write's checks passed a name too short to hold the decimal's
//! scale; adding the column to the mutation's column map compared the name
//! (`JdbcDecimal.compose` reading the 4-byte scale), which threw on the
//! server. 1.0 answered its processor's internal error, 1.1 and 1.2 closed
//! the connection. A super column's sub-columns went into a map that
//! compared nothing on a first add from 1.1, so only 1.0 failed on them.
//! 2.0's `DecimalSerializer` refused such a name among the checks.

use crate::marshal::class_name_of;
use crate::marshal::TypeRef;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// Whether `name` is a name the comparator could not read: a decimal of
/// one to three bytes (an empty one sorted first without being read).
fn unreadable(comparator: &TypeRef, name: &[u8]) -> bool {
    (1..4).contains(&name.len()) && comparator.class_name() == class_name_of("DecimalType")
}

/// The failure of a write of `name` (a sub-column of `super_column` where
/// given) to `cf`, if the release met one.
pub fn failure(
    release: Option<&Release>,
    cf: &CfDef,
    super_column: Option<&[u8]>,
    name: &[u8],
) -> Option<ApiError> {
    let r = release.filter(|r| r.does(Behaviour::ShortDecimalNamesFail))?;
    let failed = match (super_column, &cf.subcomparator) {
        (Some(sc), Some(sub)) => {
            unreadable(&cf.comparator, sc)
                || (r.does(Behaviour::ShortDecimalSubNamesFail) && unreadable(sub, name))
        }
        _ => unreadable(&cf.comparator, name),
    };
    failed.then(|| {
        let why = format!(
            "a DecimalType name of {} bytes compared in {}",
            name.len(),
            cf.name
        );
        match r.series() {
            (1, 0) => ApiError::Internal(why),
            _ => ApiError::Dropped(why),
        }
    })
}

/// [`failure`] of the names a validated batch `Mutation` writes: a column's,
/// a counter column's, a super column's and its sub-columns', a deletion's
/// names.
pub fn mutation_failure(
    release: Option<&Release>,
    cf: &CfDef,
    m: &t::Mutation,
) -> Option<ApiError> {
    let cosc = m.column_or_supercolumn.as_ref();
    let mut names: Vec<(Option<&[u8]>, &[u8])> = Vec::new();
    if let Some(d) = &m.deletion {
        let sc = d.super_column.as_deref();
        if let Some(ns) = d.predicate.as_ref().and_then(|p| p.column_names.as_ref()) {
            names.extend(ns.iter().map(|n| (sc, n.as_slice())));
        }
    }
    if let Some(c) = cosc {
        if let Some(col) = &c.column {
            names.push((None, &col.name));
        }
        if let Some(col) = &c.counter_column {
            names.push((None, &col.name));
        }
        if let Some(sc) = &c.super_column {
            names.extend(
                sc.columns
                    .iter()
                    .map(|col| (Some(&sc.name[..]), &col.name[..])),
            );
        }
        if let Some(sc) = &c.counter_super_column {
            names.extend(
                sc.columns
                    .iter()
                    .map(|col| (Some(&sc.name[..]), &col.name[..])),
            );
        }
    }
    names
        .into_iter()
        .find_map(|(sc, n)| failure(release, cf, sc, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;

    #[test]
    fn only_a_decimal_of_one_to_three_bytes_is_unreadable() {
        let dec = parse_type("DecimalType").unwrap();
        let long = parse_type("LongType").unwrap();
        assert!(unreadable(&dec, &[0, 2]));
        assert!(!unreadable(&dec, &[]));
        assert!(!unreadable(&dec, &[0, 0, 0, 2, 7]));
        assert!(!unreadable(&long, &[0, 2]));
    }
}
