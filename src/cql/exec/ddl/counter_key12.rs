//! 1.2's words for a counter clustering column of CREATE TABLE: its
//! `CreateColumnFamilyStatement` printed the column's name bytes, a
//! `ByteBuffer` (`java.nio.HeapByteBuffer[pos=0 lim=N cap=N]`), where the
//! engine names the column. Owns that rewording only.

use crate::cql::ast::CreateTable;
use crate::cql::error::CqlError;

const COUNTER_KEY: &str = "counter type is not supported for PRIMARY KEY part ";

/// `e` as a 1.2 release `(1, 2, patch)` worded it for `ct`: the single
/// clustering column of a COMPACT STORAGE table was printed by its bytes
/// in every 1.2 (`stmt.columnAliases.get(0)`), any other clustering column
/// up to 1.2.16 (`t.key`; 1.2.17 printed the identifier). A partition key
/// column was printed by name.
pub(super) fn reworded(e: CqlError, ct: &CreateTable, patch: u32) -> CqlError {
    let CqlError::Invalid(why) = &e else {
        return e;
    };
    let Some(column) = why.strip_prefix(COUNTER_KEY) else {
        return e;
    };
    if !ct.clustering.iter().any(|c| c == column) || ct.partition_key.iter().any(|c| c == column) {
        return e;
    }
    let by_bytes = (ct.compact_storage && ct.clustering.len() == 1) || patch <= 16;
    if !by_bytes {
        return e;
    }
    let n = column.len();
    CqlError::Invalid(format!(
        "{COUNTER_KEY}java.nio.HeapByteBuffer[pos=0 lim={n} cap={n}]"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::ast::Statement;
    use crate::cql::parse_with;
    use crate::cql::Grammar;

    fn why(q: &str, patch: u32) -> String {
        let Statement::CreateTable(ct) = parse_with(q, Grammar::Cql12).unwrap().statement else {
            panic!("{q}");
        };
        let col = ct.clustering.last().cloned().unwrap_or_default();
        let e = CqlError::Invalid(format!("{COUNTER_KEY}{col}"));
        reworded(e, &ct, patch).to_string()
    }

    #[test]
    fn clustering_counters_were_printed_by_their_bytes() {
        let plain = "CREATE TABLE t (k text, cc counter, PRIMARY KEY (k, cc))";
        let buf = "counter type is not supported for PRIMARY KEY part \
                   java.nio.HeapByteBuffer[pos=0 lim=2 cap=2]";
        assert_eq!(why(plain, 9), buf);
        assert_eq!(why(plain, 19), format!("{COUNTER_KEY}cc"));
        let compact = "CREATE TABLE t (k text, cc counter, PRIMARY KEY (k, cc)) \
                       WITH COMPACT STORAGE";
        assert_eq!(why(compact, 19), buf);
        let two = "CREATE TABLE t (k text, a int, cc counter, v int, PRIMARY KEY (k, a, cc)) \
                   WITH COMPACT STORAGE";
        assert_eq!(why(two, 19), format!("{COUNTER_KEY}cc"));
    }
}
