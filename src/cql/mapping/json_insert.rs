//! 2.2's `INSERT INTO t JSON '{...}'` (`Json.parseJson`): the JSON map
//! read into the statement's columns and values. Every column of the
//! table is written, a missing one as null (but under 3.10's DEFAULT
//! UNSET, which leaves it out);
//! each value stays JSON text until its column's type reads it (see
//! `values`, whose reading `fromJson` shares). Owns the map's checks and
//! their order: every value's type first, in the table's column order,
//! then a key naming no column.

use super::super::ast::{ConstantKind, Insert, Term};
use super::super::error::{CqlError, CqlResult};
use super::super::json::from_json;
use super::super::table::Table;
use serde_json::Value;

/// `ins` with its JSON map as columns and values (`None`: no JSON);
/// `binds`: the values of the statement's markers.
pub(super) fn expand(
    table: &Table,
    ins: &Insert,
    binds: &[Option<Vec<u8>>],
) -> CqlResult<Option<Insert>> {
    let Some(term) = &ins.json else {
        return Ok(None);
    };
    let text = match term {
        Term::Constant(c) if c.kind == ConstantKind::String => c.text.clone(),
        Term::Bind(i) => match binds.get(*i).cloned().flatten() {
            Some(b) => String::from_utf8_lossy(&b).into_owned(),
            None => return Err(CqlError::invalid("Got null for INSERT JSON values")),
        },
        other => {
            return Err(CqlError::invalid(format!(
                "Invalid JSON value for INSERT: {}",
                other.as_written()
            )))
        }
    };
    let not_a_map = |why: &str| {
        CqlError::invalid(format!(
            "Could not decode JSON string as a map: {why}. (String was: {text})"
        ))
    };
    let map = match serde_json::from_str::<Value>(&text) {
        Ok(Value::Object(m)) => m,
        Ok(Value::Null) => return Err(CqlError::invalid("Got null for INSERT JSON values")),
        Ok(_) => return Err(not_a_map("the JSON text is not an object")),
        Err(e) => return Err(not_a_map(&e.to_string())),
    };
    // A key in double quotes names its column as written; any other is
    // lower-cased (`Json.handleCaseSensitivity`).
    let mut given: Vec<(String, String, Value)> = map
        .into_iter()
        .map(|(k, v)| {
            let name = match k.strip_prefix('"').and_then(|k| k.strip_suffix('"')) {
                Some(exact) => exact.to_string(),
                None => k.to_lowercase(),
            };
            (name, k, v)
        })
        .collect();
    let mut out = Insert {
        json: None,
        columns: Vec::new(),
        values: Vec::new(),
        ..ins.clone()
    };
    for column in table.all_columns() {
        let value = match given.iter().position(|(n, _, _)| *n == column.name) {
            Some(at) => given.remove(at).2,
            None if ins.json_default_unset => continue,
            None => Value::Null,
        };
        let term = match value {
            Value::Null => Term::Null,
            v => {
                from_json(&column.ty, &v).map_err(|e| {
                    CqlError::invalid(format!(
                        "Error decoding JSON value for {}: {e}",
                        column.name
                    ))
                })?;
                Term::Json(v.to_string())
            }
        };
        out.columns.push(column.name.clone());
        out.values.push(term);
    }
    // The first key left, in the text's order (Jackson kept it).
    let first = given
        .iter()
        .min_by_key(|(_, key, _)| text.find(&format!("\"{key}\"")).unwrap_or(usize::MAX));
    if let Some((_, key, _)) = first {
        return Err(CqlError::invalid(format!(
            "JSON values map contains unrecognized column: {key}"
        )));
    }
    Ok(Some(out))
}
