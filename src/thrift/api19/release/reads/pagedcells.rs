//! `get_paged_slice` of a Super column family as 2.0 to 2.2 answered it:
//! `ColumnFamilyStore.makeExtendedFilter` made the paging filter anew
//! without the Super CF's grouping of cells by super column, so the count
//! was of sub-columns (the cells of 2.0's layout), and the row the count ran
//! out in ended inside a super column, which came back with the sub-columns
//! read so far. Before 2.0 and from 3.0 the count was of super columns.

use crate::thrift::gen::cassandra19 as t;

/// Keeps at most `budget` sub-columns of `columns` (a row's super columns,
/// in order; a Standard column counts one), cutting the super column the
/// budget runs out in; the number kept.
pub fn take(columns: &mut Vec<t::ColumnOrSuperColumn>, budget: usize) -> usize {
    let mut left = budget;
    let mut kept = 0;
    for cosc in columns.iter_mut() {
        if left == 0 {
            break;
        }
        let taken = match (&mut cosc.super_column, &mut cosc.counter_super_column) {
            (Some(sc), _) => cut(&mut sc.columns, left),
            (None, Some(sc)) => cut(&mut sc.columns, left),
            (None, None) => 1,
        };
        left -= taken;
        kept += 1;
    }
    columns.truncate(kept);
    budget - left
}

fn cut<T>(sub: &mut Vec<T>, left: usize) -> usize {
    sub.truncate(left);
    sub.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sc(name: &str, subs: &[&str]) -> t::ColumnOrSuperColumn {
        let columns = subs
            .iter()
            .map(|s| t::Column::new(s.as_bytes().to_vec(), b"v".to_vec(), 1, None))
            .collect();
        let sc = t::SuperColumn::new(name.as_bytes().to_vec(), columns);
        t::ColumnOrSuperColumn::new(None, sc, None, None)
    }

    fn shape(columns: &[t::ColumnOrSuperColumn]) -> Vec<usize> {
        columns
            .iter()
            .map(|c| c.super_column.as_ref().map_or(0, |s| s.columns.len()))
            .collect()
    }

    #[test]
    fn counts_sub_columns_and_cuts_the_last_super_column() {
        let row = || vec![sc("1", &["a", "b"]), sc("3", &["a", "b"]), sc("4", &["a"])];
        let mut r = row();
        assert_eq!(take(&mut r, 4), 4);
        assert_eq!(shape(&r), [2, 2]);
        let mut r = row();
        assert_eq!(take(&mut r, 3), 3);
        assert_eq!(shape(&r), [2, 1]);
        let mut r = row();
        assert_eq!(take(&mut r, 9), 5);
        assert_eq!(shape(&r), [2, 2, 1]);
    }
}
