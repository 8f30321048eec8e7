//! Resolves a type by name. Short names (`LongType`) and full class names
//! (`org.apache.cassandra.db.marshal.LongType`) are the same type;
//! parameterised types (`CompositeType(...)`, `ReversedType(...)`) are parsed.
//! Other code can plug in a type with [`register_type`].

use super::{AbstractType, BytesType, MarshalError, TypeRef};
use parking_lot::RwLock;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Builds a type from its (already resolved) parameters, for parameterised types.
pub type TypeFactory = Arc<dyn Fn(&[TypeRef]) -> Result<TypeRef, MarshalError> + Send + Sync>;

const PREFIX: &str = "org.apache.cassandra.db.marshal.";

fn registry() -> &'static RwLock<HashMap<String, TypeFactory>> {
    static REG: OnceLock<RwLock<HashMap<String, TypeFactory>>> = OnceLock::new();
    REG.get_or_init(|| {
        let mut m: HashMap<String, TypeFactory> = HashMap::new();
        let bytes: TypeFactory = Arc::new(|_| Ok(Arc::new(BytesType) as TypeRef));
        m.insert("BytesType".into(), bytes);
        RwLock::new(m)
    })
}

/// Adds (or replaces) a type under its short name.
pub fn register_type(short_name: &str, factory: TypeFactory) {
    registry().write().insert(short_name.to_string(), factory);
}

/// Parses `Name` or `Name(Param, Param...)`, with or without the package prefix.
pub fn parse_type(name: &str) -> Result<TypeRef, MarshalError> {
    let name = name.trim();
    let (head, params) = match name.find('(') {
        Some(open) if name.ends_with(')') => (
            &name[..open],
            split_params(&name[open + 1..name.len() - 1])?,
        ),
        Some(_) => return Err(MarshalError(format!("Syntax error parsing '{name}'"))),
        None => (name, Vec::new()),
    };
    let short = head.trim().strip_prefix(PREFIX).unwrap_or(head.trim());
    let factory = registry().read().get(short).cloned().ok_or_else(|| {
        MarshalError(format!(
            "Unable to find abstract-type class '{}{}'",
            PREFIX, short
        ))
    })?;
    let resolved = params
        .iter()
        .map(|p| parse_type(p))
        .collect::<Result<Vec<_>, _>>()?;
    factory(&resolved)
}

/// Splits a parameter list at top-level commas.
fn split_params(inner: &str) -> Result<Vec<String>, MarshalError> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(MarshalError(format!("Syntax error parsing '{inner}'")));
        }
        cur.push(ch);
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    }
    Ok(out.into_iter().map(|s| s.trim().to_string()).collect())
}

#[allow(dead_code)]
fn _assert_object_safe(_: &dyn AbstractType) {}
