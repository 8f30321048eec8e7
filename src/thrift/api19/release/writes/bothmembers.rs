//! 0.7's batch mutation whose ColumnOrSuperColumn held both a column and a
//! super column (`Behaviour::CoscBothMembersTaken`): 0.7 checked each
//! member as if it came alone and wrote the column alone. This module only
//! splits such a mutation; the batch validates and applies the parts.

use crate::release::{Behaviour, Release};
use crate::thrift::gen::cassandra19 as t;

/// Leaves `m` with its column alone when `release` took both members, and
/// answers the super column's part to be checked after it (none when the
/// super column listed no sub-column: 0.7 checked only the sub-columns).
pub fn split(release: Option<&Release>, m: &mut t::Mutation) -> Option<t::Mutation> {
    if !release.is_some_and(|r| r.does(Behaviour::CoscBothMembersTaken)) {
        return None;
    }
    let cosc = m.column_or_supercolumn.as_mut()?;
    if cosc.column.is_none() || m.deletion.is_some() {
        return None;
    }
    let sc = cosc.super_column.take()?;
    (!sc.columns.is_empty())
        .then(|| t::Mutation::new(t::ColumnOrSuperColumn::new(None, sc, None, None), None))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn both(sub: Vec<t::Column>) -> t::Mutation {
        let c = t::Column::new(b"c".to_vec(), b"v".to_vec(), 1, None);
        let sc = t::SuperColumn::new(b"s".to_vec(), sub);
        t::Mutation::new(t::ColumnOrSuperColumn::new(c, sc, None, None), None)
    }

    #[test]
    fn release_0_7_wrote_the_column_and_checked_the_super_columns_sub_columns() {
        let r07 = Release::find("0.7.10");
        let mut m = both(Vec::new());
        assert!(split(r07, &mut m).is_none());
        let cosc = m.column_or_supercolumn.as_ref().unwrap();
        assert!(cosc.column.is_some() && cosc.super_column.is_none());
        let sub = t::Column::new(b"x".to_vec(), b"1".to_vec(), 1, None);
        let mut m = both(vec![sub]);
        let rest = split(r07, &mut m).expect("the super column's part");
        assert!(rest.column_or_supercolumn.unwrap().column.is_none());
        // 0.8 on refused the pair whole.
        let mut m = both(Vec::new());
        assert!(split(Release::find("0.8.10"), &mut m).is_none());
        assert!(m.column_or_supercolumn.unwrap().super_column.is_some());
    }
}
