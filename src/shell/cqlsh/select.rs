//! How cqlsh 1.2.9 sent a SELECT and showed its result: the `LIMIT 10000`
//! it added when none was named (and the note when the result filled it),
//! the ASSUME overrides applied to the result's types, and 4.1.1's `(N rows)`
//! after it. Pure functions;
//! the session calls them.

use crate::cql::ast::Statement as CqlStatement;
use crate::shell::cqlsh::Assumption;
use crate::thrift::gen::cassandra19::{CqlMetadata, CqlResult};

/// The LIMIT cqlsh 1.2.9 added to a SELECT that named none.
pub const DEFAULT_SELECT_LIMIT: usize = 10_000;

/// What cqlsh 1.2.9 printed when a result filled the default LIMIT.
pub const DEFAULT_LIMIT_NOTE: &str =
    "Default LIMIT of 10000 was used. Specify your own LIMIT clause to get more results.\n\n";

/// The statement as cqlsh 1.2.9 sent it, and whether it added the default
/// LIMIT: it did for every SELECT its own grammar read that named no LIMIT.
/// That grammar knew neither ALLOW FILTERING nor DISTINCT; such SELECTs,
/// and anything that does not parse, go as typed.
pub fn with_default_limit(statement: &str) -> (String, bool) {
    let plain_select = match crate::cql::parse(statement) {
        Ok(p) => matches!(
            p.statement,
            CqlStatement::Select(ref s) if s.limit.is_none() && !s.allow_filtering && !s.distinct
        ),
        Err(_) => false,
    };
    if plain_select {
        (format!("{statement} LIMIT {DEFAULT_SELECT_LIMIT}"), true)
    } else {
        (statement.to_string(), false)
    }
}

/// The (keyspace, table) a SELECT reads, for ASSUME overrides.
pub fn select_target(statement: &str) -> Option<(Option<String>, String)> {
    match crate::cql::parse(statement).ok()?.statement {
        CqlStatement::Select(s) => Some((s.table.keyspace.clone(), s.table.name.clone())),
        _ => None,
    }
}

/// True when a result filled the default LIMIT: that many rows, or a lone
/// `count` of that many.
pub fn fills_default_limit(result: &CqlResult) -> bool {
    let rows = result.rows.as_deref().unwrap_or_default();
    if rows.len() == DEFAULT_SELECT_LIMIT {
        return true;
    }
    match rows {
        [row] => match row.columns.as_slice() {
            [c] if c.name == b"count" => c
                .value
                .as_deref()
                .and_then(|v| <[u8; 8]>::try_from(v).ok())
                .is_some_and(|v| i64::from_be_bytes(v) == DEFAULT_SELECT_LIMIT as i64),
            _ => false,
        },
        _ => false,
    }
}

/// The metadata with ASSUME's overrides applied, as cqlsh's decoder did.
pub fn apply_assumption(schema: &mut CqlMetadata, a: &Assumption) {
    if let Some(n) = &a.names {
        schema.default_name_type = n.clone();
    }
    if let Some(v) = &a.values {
        schema.default_value_type = v.clone();
    }
    for (col, class) in &a.columns {
        schema
            .value_types
            .insert(col.as_bytes().to_vec(), class.clone());
    }
}

/// A SELECT's rendered result as 4.1.1's `print_result` wrote it: a blank
/// line, the rows (none for an empty result) with the blank line that
/// `print_formatted_result` ended in (`_vertically` ended each row in one),
/// then `(N rows)` and a blank line. `rendered` is 1.2.9's text: the
/// table's ended in that blank line, the vertical one in one more.
pub fn counted(rendered: String, rows: usize, vertical: bool) -> String {
    let body = match (rows, vertical) {
        (0, _) => "\n".to_string(),
        (_, true) => rendered.strip_suffix('\n').unwrap_or(&rendered).to_string(),
        (_, false) => rendered,
    };
    format!("{body}({rows} rows)\n\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn selects_without_limit_get_cqlsh_default_limit() {
        let q = "SELECT * FROM t WHERE k = 'a;b' ORDER BY c DESC";
        assert_eq!(with_default_limit(q), (format!("{q} LIMIT 10000"), true));
        assert_eq!(
            with_default_limit("select count(*) from t"),
            ("select count(*) from t LIMIT 10000".to_string(), true)
        );
        for q in [
            "SELECT * FROM t LIMIT 5",
            "SELECT * FROM t WHERE v = 1 ALLOW FILTERING",
            "SELECT * FROM t WHERE k = \"x\"",
            "INSERT INTO t (k) VALUES ('a')",
            "SELEC * FROM t",
        ] {
            assert_eq!(with_default_limit(q), (q.to_string(), false), "{q}");
        }
    }

    #[test]
    fn a_full_default_limit_is_noted() {
        use crate::thrift::gen::cassandra19::{Column, CqlResultType, CqlRow};
        let count = |n: i64| {
            let col = Column::new(b"count".to_vec(), n.to_be_bytes().to_vec(), None, None);
            CqlResult::new(
                CqlResultType::ROWS,
                vec![CqlRow::new(vec![], vec![col])],
                None,
                None,
            )
        };
        assert!(fills_default_limit(&count(10_000)));
        assert!(!fills_default_limit(&count(9_999)));
        let row = CqlRow::new(vec![], vec![]);
        let full = CqlResult::new(CqlResultType::ROWS, vec![row; 10_000], None, None);
        assert!(fills_default_limit(&full));
    }

    #[test]
    fn assumptions_override_the_result_types() {
        let mut m = CqlMetadata::new(
            BTreeMap::new(),
            BTreeMap::new(),
            "UTF8Type".into(),
            "UTF8Type".into(),
        );
        let mut a = Assumption::default();
        a.columns.insert("email".into(), "BytesType".into());
        a.values = Some("AsciiType".into());
        apply_assumption(&mut m, &a);
        assert_eq!(m.value_types[&b"email".to_vec()], "BytesType");
        assert_eq!(m.default_value_type, "AsciiType");
        assert_eq!(
            select_target("SELECT * FROM blog.posts WHERE k = 1"),
            Some((Some("blog".into()), "posts".into()))
        );
    }
}
