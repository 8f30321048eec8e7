//! Thrift column families with a `CompositeType` comparator, as Cassandra
//! 3.x laid them out: a compact table `(key, column1, ..., columnN, value)`
//! with one clustering column per component, of the component's type (a
//! `ReversedType` component clustered descending); and the compact tables
//! CQL3 made (`WITH COMPACT STORAGE` and clustering columns), which are the
//! same table under their own column names ([`compact_cql3`]). This module owns the
//! byte forms both directions share and the translation of Thrift's
//! composite slice bounds into CQL clustering conditions; `io`
//! talks to the cluster. It must not talk to the cluster itself.
//!
//! Facts from 3.0's `LegacyLayout.decodeBound` and thrift
//! `CassandraServer.makeSlices`: a bound is a clustering prefix (fewer
//! components than the comparator are allowed); the end-of-component byte
//! of its last component decides inclusion: a start is exclusive when it is
//! positive (1), an end when it is negative (-1); anything else includes
//! the whole prefix. (1.2 compared the bound as a name, so an end prefix
//! with EOC 0 stopped before the longer names under it; 3.x, whose rows
//! all have every component, includes them: the gateway follows 3.x.)
//!
//! A clustering range is sent as a few disjoint pieces in clustering
//! order, each "equal on a prefix, then at most one column between
//! bounds" ([`pieces`]): the form every Cassandra since 1.2 (and
//! supercolumn's native side) reads alike, whatever the columns' orders.
//! A multi-column restriction `(column1, column2) >= (?, ?)` would be one
//! statement, but its meaning on columns of mixed order changed in 3.0.9
//! (CASSANDRA-7281: tuple order instead of clustering order) and 1.2's
//! CQL3 has none.

use super::cql3::table_of;
use super::quote;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::Bound;
use crate::marshal::{CompositeBuilder, CompositeType, Eoc, TypeRef, MARSHAL_PACKAGE};
use crate::schema::legacy3x::type_string;
use crate::schema::CfDef;

/// One component of the comparator: its clustering column.
#[derive(Clone, Debug)]
pub struct Component {
    /// `column1`, `column2`, ... (3.x's default names).
    pub column: String,
    /// The CQL type (or quoted class name) of the component.
    pub ty: String,
    /// A `ReversedType` component: clustered descending.
    pub desc: bool,
    /// The component's type without `ReversedType`.
    pub base: TypeRef,
}

/// The components of `cf`'s comparator when it is a Thrift CF with a
/// `CompositeType` comparator (no CQL3 aliases, not super); `None` for
/// any other CF.
pub fn components(cf: &CfDef) -> Option<Vec<Component>> {
    let o = &cf.options;
    let composite = format!("{MARSHAL_PACKAGE}CompositeType(");
    if cf.is_super()
        || !cf.comparator.class_name().starts_with(&composite)
        || !o.key_aliases.is_empty()
        || !o.column_aliases.is_empty()
        || o.value_alias.is_some()
    {
        return None;
    }
    let parts = cf.comparator.components()?;
    Some(
        parts
            .iter()
            .enumerate()
            .map(|(i, t)| Component {
                column: format!("column{}", i + 1),
                ty: type_string(t.as_ref()),
                desc: t.is_reversed(),
                base: base_of(t),
            })
            .collect(),
    )
}

/// A compact table made by CQL3 (`WITH COMPACT STORAGE`, clustering
/// columns): its clustering columns (by their aliases, quoted), partition
/// key and value column names, as 3.x kept it; `None` for any other CF.
/// Those 3.x kept otherwise, or the gateway does not serve, are refused.
pub fn compact_cql3(cf: &CfDef) -> Option<GatewayResult<(Vec<Component>, String, String)>> {
    let o = &cf.options;
    let made_by_cql3 =
        !o.key_aliases.is_empty() || !o.column_aliases.is_empty() || o.value_alias.is_some();
    if cf.is_super() || !made_by_cql3 || crate::schema::legacy3x::is_plain_thrift(cf) {
        return None;
    }
    if matches!(table_of(cf), Ok(Some(_))) {
        return None;
    }
    let refuse = |why: &str| {
        Some(Err(GatewayError::Invalid(format!(
            "compact table {}: {why}, which the cluster backend does not serve yet",
            cf.name
        ))))
    };
    if o.key_aliases.len() > 1 {
        return refuse("a compound partition key");
    }
    if !o.column_metadata.is_empty() || o.column_aliases.is_empty() {
        return refuse("no clustering column (a static compact table)");
    }
    let value = match &o.value_alias {
        Some(v) if v.is_empty() => return refuse("no value column"),
        Some(v) => quote(&String::from_utf8_lossy(v)),
        None => "value".to_string(),
    };
    let key = o
        .key_aliases
        .first()
        .map_or_else(|| "key".to_string(), |k| quote(&String::from_utf8_lossy(k)));
    let types: Vec<TypeRef> = match cf.comparator.components() {
        Some(c) => c.to_vec(),
        None => vec![cf.comparator.clone()],
    };
    let components = types
        .iter()
        .enumerate()
        .map(|(i, t)| Component {
            column: o.column_aliases.get(i).map_or_else(
                || format!("column{}", i + 1),
                |a| quote(&String::from_utf8_lossy(a)),
            ),
            ty: type_string(t.as_ref()),
            desc: t.is_reversed(),
            base: base_of(t),
        })
        .collect();
    Some(Ok((components, key, value)))
}

fn base_of(t: &TypeRef) -> TypeRef {
    match t.base_type() {
        Some(b) if t.is_reversed() => b.clone(),
        _ => t.clone(),
    }
}

/// A cell name's components; a name with another number of components
/// than the table has clustering columns cannot be a row of it. (Not
/// `compound`: the name is the one clustering value.)
pub fn split(name: &[u8], n: usize, compound: bool) -> GatewayResult<Vec<Vec<u8>>> {
    if !compound {
        return Ok(vec![name.to_vec()]);
    }
    let parts = CompositeType::split(name).map_err(|e| GatewayError::Invalid(e.to_string()))?;
    if parts.len() != n {
        return Err(GatewayError::Invalid(format!(
            "a column name of this column family needs all {n} components of its \
             comparator in the cluster (one clustering column each); it has {}",
            parts.len()
        )));
    }
    Ok(parts.into_iter().map(|(c, _)| c.to_vec()).collect())
}

/// A cell name from its components (each with EOC 0, as stored).
pub fn join(parts: &[Vec<u8>], compound: bool) -> GatewayResult<Vec<u8>> {
    if !compound {
        return Ok(parts.concat());
    }
    let mut b = CompositeBuilder::new();
    for p in parts {
        b = b
            .push(p)
            .map_err(|e| GatewayError::Internal(e.to_string()))?;
    }
    Ok(b.build(Eoc::None))
}

/// A slice bound as a clustering prefix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prefix {
    pub values: Vec<Vec<u8>>,
    pub inclusive: bool,
}

/// The clustering prefix a Thrift start (`start`) or finish bound names;
/// `None` for an empty (open) bound.
pub fn prefix(
    bound: &[u8],
    start: bool,
    n: usize,
    compound: bool,
) -> GatewayResult<Option<Prefix>> {
    if bound.is_empty() {
        return Ok(None);
    }
    if !compound {
        return Ok(Some(Prefix {
            values: vec![bound.to_vec()],
            inclusive: true,
        }));
    }
    let parts = CompositeType::split(bound).map_err(|e| GatewayError::Invalid(e.to_string()))?;
    if parts.len() > n {
        return Err(GatewayError::Invalid(format!(
            "a slice bound of {} components, but the comparator has {n}",
            parts.len()
        )));
    }
    let eoc = parts.last().map_or(0, |(_, e)| *e as i8);
    Ok(Some(Prefix {
        values: parts.into_iter().map(|(c, _)| c.to_vec()).collect(),
        inclusive: if start { eoc <= 0 } else { eoc >= 0 },
    }))
}

/// One piece of a clustering range: the columns before `equal.len()` equal
/// to `equal`, the next one (if any bound is given) between `lower` and
/// `upper` in clustering order, each with whether it is included.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    pub equal: Vec<Vec<u8>>,
    pub lower: Option<(Vec<u8>, bool)>,
    pub upper: Option<(Vec<u8>, bool)>,
}

/// The clustering range from `start` to `end` (in clustering order; `None`
/// is open) as disjoint pieces, in clustering order. Components are equal
/// when their bytes are.
pub fn pieces(start: Option<&Prefix>, end: Option<&Prefix>) -> Vec<Piece> {
    let empty = Prefix {
        values: Vec::new(),
        inclusive: true,
    };
    let (s, e) = (start.unwrap_or(&empty), end.unwrap_or(&empty));
    let common = s
        .values
        .iter()
        .zip(&e.values)
        .take_while(|(a, b)| a == b)
        .count();
    // A start that is a prefix of the end, excluded, starts after the
    // whole subtree the end lies in (and the other way round): nothing.
    if (s.values.len() == common && !s.inclusive && !s.values.is_empty())
        || (e.values.len() == common && !e.inclusive && !e.values.is_empty())
    {
        return Vec::new();
    }
    // A bound's value at level `i`, included only when it is the bound's
    // last component (deeper levels are the deeper pieces').
    let at = |p: &Prefix, i: usize| -> Option<(Vec<u8>, bool)> {
        p.values
            .get(i)
            .map(|v| (v.clone(), i + 1 == p.values.len() && p.inclusive))
    };
    let mut out = Vec::new();
    // From the start up to the common level, deepest first.
    for i in (common + 1..s.values.len()).rev() {
        out.push(Piece {
            equal: s.values[..i].to_vec(),
            lower: at(s, i),
            upper: None,
        });
    }
    out.push(Piece {
        equal: s.values[..common].to_vec(),
        lower: at(s, common),
        upper: at(e, common),
    });
    // Then down to the end, shallowest first.
    for i in common + 1..e.values.len() {
        out.push(Piece {
            equal: e.values[..i].to_vec(),
            lower: None,
            upper: at(e, i),
        });
    }
    out
}

impl Piece {
    /// ` AND column1 = ? ... AND columnK > ?` for this piece (bounds in
    /// clustering order: a descending column takes them the other way).
    pub fn conditions(&self, components: &[Component], text: &mut String, values: &mut Vec<Bound>) {
        for (c, v) in components.iter().zip(&self.equal) {
            text.push_str(&format!(" AND {} = ?", c.column));
            values.push(Bound::Bytes(v.clone()));
        }
        let Some(c) = components.get(self.equal.len()) else {
            return;
        };
        let op = |lower: bool, inclusive: bool| {
            let greater = lower != c.desc;
            match (greater, inclusive) {
                (true, true) => ">=",
                (true, false) => ">",
                (false, true) => "<=",
                (false, false) => "<",
            }
        };
        for (bound, lower) in [(&self.lower, true), (&self.upper, false)] {
            if let Some((v, inclusive)) = bound {
                text.push_str(&format!(" AND {} {} ?", c.column, op(lower, *inclusive)));
                values.push(Bound::Bytes(v.clone()));
            }
        }
    }
}

/// ` ORDER BY` every clustering column against its declared order (a
/// reversed slice; CQL orders by value).
pub fn reverse_order(components: &[Component]) -> String {
    let each: Vec<String> = components
        .iter()
        .map(|c| format!("{} {}", c.column, if c.desc { "ASC" } else { "DESC" }))
        .collect();
    format!(" ORDER BY {}", each.join(", "))
}

#[cfg(test)]
#[path = "composite_tests.rs"]
mod tests;
