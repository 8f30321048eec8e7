//! Row keys and cell names of CQL3 tables, byte for byte as 1.2.9 wrote
//! them, and the reverse parse of a stored cell name.
//!
//! Owns the three layouts: non-compact (`(clustering..., column[, element])`
//! composites, empty column component = row marker), COMPACT STORAGE
//! without clustering (plain UTF-8 column names) and COMPACT STORAGE with
//! clustering (raw or composite clustering value as the name). It must not
//! decide what a statement writes.
//!
//! A `static` column (2.0.6+, non-compact only) is named as 2.0 named it:
//! the static marker `ff ff`, one empty component per clustering column,
//! then the column name (and element) components; a static name parses
//! back with no clustering values.

use super::super::error::{CqlError, CqlResult};
use super::super::table::{Layout, Table};
use super::value_rules::ValueRules;
use crate::marshal::{is_static_name, CompositeBuilder, CompositeType, Eoc, STATIC_MARKER};
use crate::model::Slice;

fn composite(parts: &[&[u8]], eoc: Eoc) -> CqlResult<Vec<u8>> {
    let mut b = CompositeBuilder::new();
    for p in parts {
        b = b.push(p).map_err(|e| CqlError::invalid(e.0))?;
    }
    Ok(b.build(eoc))
}

/// The row key: a single key column's bytes, or their composite.
pub fn row_key(table: &Table, values: &[Vec<u8>]) -> CqlResult<Vec<u8>> {
    row_key_for(table, values, ValueRules::Since12)
}

/// [`row_key`] of a write under `rules`: 2.0's `ModificationStatement`
/// measured the key before `ThriftValidation.validateKey`, in its words.
pub fn row_key_for(table: &Table, values: &[Vec<u8>], rules: ValueRules) -> CqlResult<Vec<u8>> {
    let key = key_bytes(values)?;
    if key.len() > u16::MAX as usize {
        return Err(rules.oversized_key(key.len()));
    }
    if key.is_empty() {
        return Err(CqlError::invalid("Key may not be empty"));
    }
    let _ = table;
    Ok(key)
}

/// The bytes of the key `values` make, unchecked: what `token(..)` hashes
/// (1.2 to 2.2's `TokenFct` built the key and asked the partitioner, an
/// empty one included, whose token is the minimum).
pub fn key_bytes(values: &[Vec<u8>]) -> CqlResult<Vec<u8>> {
    if values.len() == 1 {
        return Ok(values[0].clone());
    }
    let parts: Vec<&[u8]> = values.iter().map(Vec::as_slice).collect();
    composite(&parts, Eoc::None)
}

/// Splits a row key back into the partition key columns' values.
pub fn split_row_key(table: &Table, key: &[u8]) -> CqlResult<Vec<Vec<u8>>> {
    if table.partition_key.len() == 1 {
        return Ok(vec![key.to_vec()]);
    }
    let parts = CompositeType::split(key).map_err(|e| CqlError::invalid(e.0))?;
    Ok(parts.into_iter().map(|(v, _)| v.to_vec()).collect())
}

/// Name of a regular column's cell (`element` for collection members).
pub fn cell_name(
    table: &Table,
    clustering: &[Vec<u8>],
    column: &str,
    element: Option<&[u8]>,
) -> CqlResult<Vec<u8>> {
    match table.layout {
        Layout::Sparse if table.is_static(column) => {
            let mut parts = vec![column.as_bytes()];
            if let Some(e) = element {
                parts.push(e);
            }
            static_composite(table, &parts, Eoc::None)
        }
        Layout::Sparse => {
            let mut parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
            parts.push(column.as_bytes());
            if let Some(e) = element {
                parts.push(e);
            }
            composite(&parts, Eoc::None)
        }
        Layout::CompactStatic => Ok(column.as_bytes().to_vec()),
        // A prefix of a compound key is still a composite name.
        Layout::CompactDense if clustering.len() < table.clustering.len() => {
            let parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
            composite(&parts, Eoc::None)
        }
        Layout::CompactDense => dense_name(clustering, Eoc::None),
    }
}

/// A static name: the marker, the table's clustering columns as empty
/// components, then `parts` (`eoc` on the last).
fn static_composite(table: &Table, parts: &[&[u8]], eoc: Eoc) -> CqlResult<Vec<u8>> {
    let mut all: Vec<&[u8]> = table.clustering.iter().map(|_| &[][..]).collect();
    all.extend_from_slice(parts);
    let mut out = STATIC_MARKER.to_vec();
    out.extend(composite(&all, eoc)?);
    Ok(out)
}

/// The row marker of a partition's static row (2.0's INSERT of static
/// columns alone wrote one): the static prefix + an empty component.
pub fn static_marker_name(table: &Table) -> CqlResult<Vec<u8>> {
    static_composite(table, &[b""], Eoc::None)
}

/// The slice holding every static cell of a partition (they sort first).
pub fn static_slice(table: &Table) -> CqlResult<Slice> {
    Ok(Slice::Range {
        start: STATIC_MARKER.to_vec(),
        finish: static_composite(table, &[], Eoc::End)?,
        reversed: false,
        count: usize::MAX,
    })
}

fn dense_name(clustering: &[Vec<u8>], eoc: Eoc) -> CqlResult<Vec<u8>> {
    if clustering.len() == 1 && eoc == Eoc::None {
        return Ok(clustering[0].clone());
    }
    let parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
    composite(&parts, eoc)
}

/// The row marker of a non-compact CQL row: clustering + empty component.
pub fn marker_name(clustering: &[Vec<u8>]) -> CqlResult<Vec<u8>> {
    let mut parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
    parts.push(b"");
    composite(&parts, Eoc::None)
}

/// The `[start, end]` pair covering every name with this prefix:
/// the prefix with EOC 0 and with EOC 1 (what 1.2.9's range tombstones use).
/// `column` extends the clustering prefix by a column name (whole collection).
pub fn prefix_range(
    table: &Table,
    clustering: &[Vec<u8>],
    column: Option<&str>,
) -> CqlResult<(Vec<u8>, Vec<u8>)> {
    if let Some(c) = column.filter(|c| table.layout == Layout::Sparse && table.is_static(c)) {
        return Ok((
            static_composite(table, &[c.as_bytes()], Eoc::None)?,
            static_composite(table, &[c.as_bytes()], Eoc::End)?,
        ));
    }
    let mut parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
    if let Some(c) = column {
        parts.push(c.as_bytes());
    }
    if parts.is_empty() || (table.layout == Layout::CompactDense && table.clustering.len() == 1) {
        return Err(CqlError::invalid("a prefix range needs a composite prefix"));
    }
    Ok((composite(&parts, Eoc::None)?, composite(&parts, Eoc::End)?))
}

/// Slice bounds for a clustering prefix: `start` sorts before every name
/// with the prefix, `end` after (EOC -1 / 1); for a single-component dense
/// comparator the raw value itself is both bounds.
pub fn slice_bound(table: &Table, clustering: &[Vec<u8>], eoc: Eoc) -> CqlResult<Vec<u8>> {
    if clustering.is_empty() {
        return Ok(Vec::new());
    }
    match table.layout {
        Layout::CompactDense if table.clustering.len() == 1 => Ok(clustering[0].clone()),
        _ => {
            let parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
            composite(&parts, eoc)
        }
    }
}

/// A stored cell name read back.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedName {
    /// Empty for a static cell's name.
    pub clustering: Vec<Vec<u8>>,
    /// `None` for the row marker.
    pub column: Option<String>,
    /// The collection element key (set element, map key, list timeuuid).
    pub element: Option<Vec<u8>>,
}

/// Parses a cell name of this table; `None` for names that belong to no
/// CQL column (e.g. written through Thrift into a compact table).
pub fn parse_name(table: &Table, name: &[u8]) -> Option<ParsedName> {
    let n = table.clustering.len();
    match table.layout {
        Layout::Sparse => {
            let is_static = is_static_name(name);
            let body = if is_static { &name[2..] } else { name };
            let parts = CompositeType::split(body).ok()?;
            if parts.len() < n + 1 {
                return None;
            }
            let clustering = if is_static {
                Vec::new()
            } else {
                parts[..n].iter().map(|(v, _)| v.to_vec()).collect()
            };
            let col = std::str::from_utf8(parts[n].0).ok()?;
            let column = if col.is_empty() {
                None
            } else {
                Some(col.to_string())
            };
            let element = parts.get(n + 1).map(|(v, _)| v.to_vec());
            Some(ParsedName {
                clustering,
                column,
                element,
            })
        }
        Layout::CompactStatic => {
            let col = std::str::from_utf8(name).ok()?;
            table
                .regular
                .iter()
                .any(|r| r.column.name == col)
                .then(|| ParsedName {
                    clustering: Vec::new(),
                    column: Some(col.to_string()),
                    element: None,
                })
        }
        Layout::CompactDense => {
            let clustering = if n == 1 {
                vec![name.to_vec()]
            } else {
                // A name of fewer components (a clustering prefix, as 1.2's
                // UPDATE of a COMPACT table wrote one) is a row whose later
                // clustering columns are null (1.2 and 2.0's ColumnGroupMap).
                let parts = CompositeType::split(name).ok()?;
                if parts.is_empty() || parts.len() > n {
                    return None;
                }
                parts.iter().map(|(v, _)| v.to_vec()).collect()
            };
            Some(ParsedName {
                clustering,
                column: table.regular.first().map(|r| r.column.name.clone()),
                element: None,
            })
        }
    }
}
