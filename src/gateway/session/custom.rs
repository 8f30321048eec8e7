//! Column families whose types have no CQL name (`LexicalUUIDType`,
//! `CompositeType(...)`, `DynamicCompositeType(...)`, other classes): their
//! tables keep 3.x's layout exactly, the columns declared by quoted class
//! name, but the driver (scylla 1.9) cannot parse such a type anywhere in
//! a result's or a prepared statement's metadata. So no such column ever
//! appears there:
//!
//! - a bound value of such a column is written into the statement as a
//!   string literal of the type's own text form (`getString`), which 3.x
//!   and 1.2 both parse back with the type's `fromString` for a custom type
//!   (a value whose text form does not read back to the same bytes is
//!   refused, never altered);
//! - a selected such column is read through `blobAsVarint(c)`, whose
//!   argument takes any type (a blob reads anything) and whose result is a
//!   native type that validates any bytes: the bytes come back unchanged.
//!
//! The statements of other tables pass untouched. This module rewrites
//! statement texts built by the readers and writers; it must not build them.

use super::Inner;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::gateway::table::layout::Layout;
use crate::gateway::table::quote;
use crate::marshal::TypeRef;
use crate::schema::legacy3x::{cql_name, unreversed};
use crate::schema::{CfDef, Schema};
use parking_lot::Mutex;
use std::collections::HashMap;
use std::sync::Arc;

/// The columns of one table that have no CQL type name, by the name the
/// statements use (`key`, `column1`, `column2`, `value`, `"declared"`; a
/// composite table's components by their own columns).
pub type CustomColumns = Vec<(String, TypeRef)>;

/// The custom columns of `cf`'s table (empty for most CFs).
pub fn custom_columns(cf: &CfDef, layout: &Layout) -> CustomColumns {
    let o = &cf.options;
    let mut out: CustomColumns = Vec::new();
    let mut add = |name: String, t: &TypeRef| {
        if cql_name(unreversed(t.as_ref())).is_none() {
            out.push((name, t.clone()));
        }
    };
    add(layout.key_column.clone(), &o.key_validation_class);
    if layout.components.is_empty() {
        add("column1".into(), &cf.comparator);
    }
    for c in &layout.components {
        add(c.column.clone(), &c.base);
    }
    if let Some(sub) = &cf.subcomparator {
        add("column2".into(), sub);
    }
    add(layout.value_column.clone(), &o.default_validation_class);
    for d in &o.column_metadata {
        if layout.declared(&d.name).is_some() {
            add(
                quote(&String::from_utf8_lossy(&d.name)),
                &d.validation_class,
            );
        }
    }
    out
}

/// Each table with custom columns, by its quoted `"ks"."cf"`.
type ByTable = Arc<HashMap<String, CustomColumns>>;

/// The tables of one schema snapshot that have custom columns.
#[derive(Default)]
pub struct CustomTables {
    made: Mutex<Option<(Arc<Schema>, ByTable)>>,
}

impl CustomTables {
    fn of(&self, inner: &Inner) -> ByTable {
        let schema = inner.schema();
        let mut made = self.made.lock();
        if let Some((s, tables)) = &*made {
            if Arc::ptr_eq(s, &schema) {
                return tables.clone();
            }
        }
        let mut tables = HashMap::new();
        for ks in schema.user_keyspaces() {
            for cf in ks.cfs.values() {
                if let Ok(layout) = Layout::of(cf, inner.storage) {
                    let custom = custom_columns(cf, &layout);
                    if !custom.is_empty() {
                        tables.insert(layout.table.clone(), custom);
                    }
                }
            }
        }
        let tables = Arc::new(tables);
        *made = Some((schema, tables.clone()));
        tables
    }
}

/// Whether `table` (`"ks"."cf"`) has custom columns: its statements are
/// rewritten (see [`for_statement`]).
pub fn has_custom(inner: &Inner, table: &str) -> bool {
    inner.custom.of(inner).contains_key(table)
}

/// `text` and `values` rewritten for a table with custom columns; `None`
/// (run them as they are) for any other table.
pub fn for_statement(
    inner: &Inner,
    text: &str,
    values: &[Bound],
) -> GatewayResult<Option<(String, Vec<Bound>)>> {
    let tables = inner.custom.of(inner);
    if tables.is_empty() {
        return Ok(None);
    }
    let tokens = tokenize(text);
    let Some(table) = table_named(&tokens, text) else {
        return Ok(None);
    };
    match tables.get(&table) {
        Some(custom) => rewrite(custom, text, &tokens, values).map(Some),
        None => Ok(None),
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    Word,
    Quoted,
    Str,
    Marker,
    Punct,
}

/// (kind, start, end) of each token of a statement text.
fn tokenize(text: &str) -> Vec<(Tok, usize, usize)> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let start = i;
        let kind = match c {
            b' ' | b'\t' | b'\n' | b'\r' => {
                i += 1;
                continue;
            }
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() {
                    if b[i] == c {
                        if b.get(i + 1) == Some(&c) {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    i += 1;
                }
                i += 1;
                if c == b'"' {
                    Tok::Quoted
                } else {
                    Tok::Str
                }
            }
            b'?' => {
                i += 1;
                Tok::Marker
            }
            c if c.is_ascii_alphanumeric() || c == b'_' => {
                while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                    i += 1;
                }
                Tok::Word
            }
            b'<' | b'>' if b.get(i + 1) == Some(&b'=') => {
                i += 2;
                Tok::Punct
            }
            _ => {
                i += 1;
                Tok::Punct
            }
        };
        out.push((kind, start, i.min(b.len())));
    }
    out
}

/// The `"ks"."cf"` after FROM, INTO or UPDATE.
fn table_named(tokens: &[(Tok, usize, usize)], text: &str) -> Option<String> {
    let at = tokens.iter().position(|&(k, s, e)| {
        k == Tok::Word && ["FROM", "INTO", "UPDATE"].contains(&&text[s..e])
    })?;
    match tokens.get(at + 1..at + 4)? {
        [(Tok::Quoted, s, _), (Tok::Punct, _, _), (Tok::Quoted, _, e)] => {
            Some(text[*s..*e].to_string())
        }
        _ => None,
    }
}

fn rewrite(
    custom: &CustomColumns,
    text: &str,
    tokens: &[(Tok, usize, usize)],
    values: &[Bound],
) -> GatewayResult<(String, Vec<Bound>)> {
    let word = |i: usize| tokens.get(i).map(|&(_, s, e)| &text[s..e]).unwrap_or("");
    let is_column = |i: usize| matches!(tokens.get(i), Some((Tok::Word | Tok::Quoted, _, _)));
    let custom_of = |name: &str| custom.iter().find(|(n, _)| n == name).map(|(_, t)| t);
    // Each replaced token: (index, new text).
    let mut replaced: Vec<(usize, String)> = Vec::new();
    let mut kept = Vec::new();
    // An INSERT's column list, for its VALUES markers.
    let mut insert_columns: Vec<&str> = Vec::new();
    let mut in_values = false;
    let mut value_index = 0;
    let mut select_list = word(0).eq_ignore_ascii_case("SELECT");
    let mut depth = 0;
    let mut marker = 0;
    for (i, &(kind, _, _)) in tokens.iter().enumerate() {
        let w = word(i);
        match kind {
            Tok::Punct if w == "(" => depth += 1,
            Tok::Punct if w == ")" => depth -= 1,
            _ => {}
        }
        if select_list {
            if kind == Tok::Word && w.eq_ignore_ascii_case("FROM") && depth == 0 {
                select_list = false;
            } else if is_column(i)
                && custom_of(w).is_some()
                && [",", "SELECT", "DISTINCT"].contains(&word(i.wrapping_sub(1)))
                && [",", "FROM"].contains(&word(i + 1))
            {
                replaced.push((i, format!("blobAsVarint({w})")));
            }
            continue;
        }
        if word(0).eq_ignore_ascii_case("INSERT") && depth == 1 && is_column(i) && !in_values {
            insert_columns.push(w);
        }
        if kind == Tok::Word && w.eq_ignore_ascii_case("VALUES") {
            in_values = true;
        }
        if kind != Tok::Marker {
            continue;
        }
        let value = values.get(marker).ok_or_else(|| {
            GatewayError::Internal(format!("statement {text:?} has more markers than values"))
        })?;
        marker += 1;
        let column = if in_values && depth == 1 {
            value_index += 1;
            insert_columns.get(value_index - 1).copied()
        } else if ["=", "<", ">", "<=", ">="].contains(&word(i.wrapping_sub(1)))
            && is_column(i.wrapping_sub(2))
        {
            Some(word(i - 2))
        } else if word(i.wrapping_sub(1)) == "("
            && word(i.wrapping_sub(2)).eq_ignore_ascii_case("token")
        {
            Some("key")
        } else {
            // `c IN (?, ?, ...)`: back over the list to its column.
            let mut j = i.saturating_sub(1);
            while j > 0 && matches!(word(j), "," | "?") {
                j -= 1;
            }
            (word(j) == "("
                && word(j.wrapping_sub(1)).eq_ignore_ascii_case("IN")
                && is_column(j.wrapping_sub(2)))
            .then(|| word(j - 2))
        };
        match (column.and_then(custom_of), value) {
            (Some(t), Bound::Bytes(bytes)) => replaced.push((i, literal(t, bytes)?)),
            _ => kept.push(value.clone()),
        }
    }
    let mut out = String::with_capacity(text.len() + 64);
    let mut at = 0;
    for (i, new) in replaced {
        let (_, s, e) = tokens[i];
        out.push_str(&text[at..s]);
        out.push_str(&new);
        at = e;
    }
    out.push_str(&text[at..]);
    Ok((out, kept))
}

/// A custom type's value as a CQL string literal of its text form.
fn literal(t: &TypeRef, bytes: &[u8]) -> GatewayResult<String> {
    let base = unreversed(t.as_ref());
    let shown = base.get_string(bytes);
    if base.from_string(&shown).ok().as_deref() != Some(bytes) {
        return Err(GatewayError::Invalid(format!(
            "a value of type {} whose text form ({shown}) does not read back to the same bytes \
             cannot be sent to the cluster backend",
            base.class_name()
        )));
    }
    Ok(format!("'{}'", shown.replace('\'', "''")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::driver::facts::Storage;
    use crate::marshal::parse_type;

    fn lexical() -> (CfDef, Layout) {
        let cf = CfDef::new("K", "L", 10, parse_type("LexicalUUIDType").unwrap(), None);
        let layout = Layout::of(&cf, Storage::Compact).unwrap();
        (cf, layout)
    }

    fn run(text: &str, values: &[Bound]) -> (String, Vec<Bound>) {
        let (cf, layout) = lexical();
        let custom = custom_columns(&cf, &layout);
        let tokens = tokenize(text);
        assert_eq!(table_named(&tokens, text).as_deref(), Some("\"K\".\"L\""));
        rewrite(&custom, text, &tokens, values).unwrap()
    }

    const UUID: [u8; 16] = [
        0x55, 0x0e, 0x84, 0x00, 0xe2, 0x9b, 0x41, 0xd4, 0xa7, 0x16, 0x44, 0x66, 0x55, 0x44, 0x00,
        0x00,
    ];

    #[test]
    fn custom_names_become_literals_and_selected_columns_blobs() {
        let (text, values) = run(
            "SELECT column1, value, writetime(value), ttl(value) FROM \"K\".\"L\" \
             WHERE key = ? AND column1 >= ? ORDER BY column1 DESC LIMIT 5",
            &[Bound::Bytes(b"k".to_vec()), Bound::Bytes(UUID.to_vec())],
        );
        assert_eq!(
            text,
            "SELECT blobAsVarint(column1), value, writetime(value), ttl(value) FROM \"K\".\"L\" \
             WHERE key = ? AND column1 >= '550e8400-e29b-41d4-a716-446655440000' \
             ORDER BY column1 DESC LIMIT 5"
        );
        assert_eq!(values, [Bound::Bytes(b"k".to_vec())]);
        let (text, values) = run(
            "INSERT INTO \"K\".\"L\" (key, column1, value) VALUES (?, ?, ?) USING TIMESTAMP ?",
            &[
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(UUID.to_vec()),
                Bound::Bytes(b"v".to_vec()),
                Bound::Long(7),
            ],
        );
        assert!(
            text.contains("VALUES (?, '550e8400-e29b-41d4-a716-446655440000', ?)"),
            "{text}"
        );
        assert_eq!(values.len(), 3);
        let (text, _) = run(
            "DELETE FROM \"K\".\"L\" USING TIMESTAMP ? WHERE key = ? AND column1 IN (?, ?)",
            &[
                Bound::Long(7),
                Bound::Bytes(b"k".to_vec()),
                Bound::Bytes(UUID.to_vec()),
                Bound::Bytes(UUID.to_vec()),
            ],
        );
        assert_eq!(text.matches("'550e8400").count(), 2, "{text}");
    }

    #[test]
    fn a_value_without_a_faithful_text_form_is_refused() {
        let (cf, layout) = lexical();
        let custom = custom_columns(&cf, &layout);
        let text = "SELECT value FROM \"K\".\"L\" WHERE key = ? AND column1 = ?";
        let e = rewrite(
            &custom,
            text,
            &tokenize(text),
            &[Bound::Bytes(b"k".to_vec()), Bound::Bytes(vec![1, 2, 3])],
        )
        .unwrap_err();
        assert!(e.to_string().contains("does not read back"), "{e}");
    }
}
