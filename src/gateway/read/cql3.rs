//! A CQL3 table's rows read back as the cells 1.2 stored them (see
//! [`cql3`](crate::gateway::table::cql3)), then sliced as the engine slices a row: by
//! names, or by a range of composite names (reversed, counted).
//!
//! A partition is read with one paged `SELECT` of its clustering columns,
//! every column, and each plain column's `writetime` and `ttl`, and made
//! into cells in comparator order: per CQL row its marker, then each
//! column's cell or elements. What CQL cannot show is stood in for, and
//! only there:
//! - the marker's timestamp and TTL (3.x keeps the row's liveness but
//!   shows neither) are those of the row's latest column write (as 1.2
//!   rewrote the marker with each statement's); timestamp 0 and no TTL
//!   when the row shows no plain column. A collection element's timestamp
//!   (3.x's `writetime`/`ttl` refuse collections) is the same stand-in
//!   time, the element live;
//! - a list element's name is its position ([`cql3::position_name`]), not
//!   the time UUID it was written under.
//!
//! The whole partition is read, then sliced here (comparator bounds on
//! composite names do not map onto CQL's clustering bounds one for one);
//! a wide CQL3 partition costs its size on every read. Keys for range
//! scans come from `scan` (`token(pk..)`). This module must not write.

use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::values::{BadColumn, Bound, RawRow};
use crate::gateway::session::statements::each_row;
use crate::gateway::session::Inner;
use crate::gateway::table::cql3::{collection_items, composite, position_name, Kind, Table3};
use crate::gateway::table::slice::Wanted;
use crate::marshal::{CompositeType, Eoc};
use crate::model::{Cell, CellKind, DeletionTime, ReadCommand, RowResult, Slice};
use std::cmp::Ordering;

pub async fn read_row(
    inner: &Inner,
    t: &Table3,
    cmd: &ReadCommand,
    key: &[u8],
    max_bytes: usize,
    cl: Consistency,
) -> GatewayResult<Option<RowResult>> {
    if cmd.super_column.is_some() {
        return Err(GatewayError::Invalid(format!(
            "the CQL3 table {} has no super columns",
            t.table
        )));
    }
    let cells = partition(inner, t, key, cl).await?;
    let cells = slice(t, cells, &cmd.slice);
    let size: usize = cells.iter().map(|c| c.name.len() + c.value.len()).sum();
    Ok((size <= max_bytes).then_some(RowResult::Cells(cells)))
}

/// Every cell of a partition, in comparator order.
async fn partition(
    inner: &Inner,
    t: &Table3,
    key: &[u8],
    cl: Consistency,
) -> GatewayResult<Vec<Cell>> {
    let mut what: Vec<String> = t.clustering.iter().map(|c| c.quoted.clone()).collect();
    for r in &t.regular {
        let c = &r.quoted;
        match r.kind {
            Kind::Plain => what.push(format!("{c}, writetime({c}), ttl({c})")),
            _ => what.push(c.clone()),
        }
    }
    if what.is_empty() {
        what.push(t.partition[0].quoted.clone());
    }
    let text = format!(
        "SELECT {} FROM {} WHERE {}",
        what.join(", "),
        t.table,
        t.where_clause(0)
    );
    let values: Vec<Bound> = t.split_key(key)?.into_iter().map(Bound::Bytes).collect();
    let now = now_seconds();
    let mut cells = Vec::new();
    each_row(inner, &text, values, cl, |row| {
        row_cells(t, row, now, &mut cells)?;
        Ok(true)
    })
    .await?;
    cells.sort_by(|a, b| t.comparator.compare(&a.name, &b.name));
    Ok(cells)
}

fn bad(e: BadColumn) -> GatewayError {
    GatewayError::Internal(format!("unexpected result from the cluster: {e}"))
}

/// The cells of one CQL row `(clustering.., columns..)`.
fn row_cells(t: &Table3, mut row: RawRow, now: i32, out: &mut Vec<Cell>) -> GatewayResult<()> {
    let n = t.clustering.len();
    let mut clustering = Vec::with_capacity(n);
    for i in 0..n {
        clustering.push(row.bytes(i).map_err(bad)?);
    }
    let name = |column: &[u8], element: Option<&[u8]>| {
        let mut parts: Vec<&[u8]> = clustering.iter().map(Vec::as_slice).collect();
        parts.push(column);
        parts.extend(element);
        composite(parts, Eoc::None)
    };
    // The latest column write: (writetime, live or expiring).
    let mut latest: Option<(i64, CellKind)> = None;
    let mut elements: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
    let mut i = n;
    for r in &t.regular {
        match r.kind {
            Kind::Plain => {
                let timestamp = row.long(i + 1).map_err(bad)?;
                let ttl = row.int(i + 2).map_err(bad)?;
                if let Some(value) = row.0.get_mut(i).and_then(Option::take) {
                    let timestamp = timestamp.unwrap_or(0);
                    let kind = match ttl.filter(|t| *t > 0) {
                        Some(ttl) => expiring(ttl, now),
                        None => CellKind::Live,
                    };
                    if latest.is_none_or(|(l, _)| timestamp > l) {
                        latest = Some((timestamp, kind));
                    }
                    out.push(Cell {
                        name: name(&r.name, None)?,
                        value,
                        timestamp,
                        kind,
                    });
                }
                i += 3;
            }
            Kind::Counter => {
                if let Some(value) = row.0.get_mut(i).and_then(Option::take) {
                    out.push(Cell {
                        name: name(&r.name, None)?,
                        value,
                        timestamp: 0,
                        kind: CellKind::Counter {
                            deletion: DeletionTime::LIVE,
                        },
                    });
                }
                i += 1;
            }
            Kind::Set | Kind::List | Kind::Map => {
                if let Some(value) = row.0.get_mut(i).and_then(Option::take) {
                    let items = collection_items(&value, r.kind == Kind::Map)?;
                    match r.kind {
                        Kind::Set => {
                            for e in items {
                                elements.push((name(&r.name, Some(&e))?, Vec::new()));
                            }
                        }
                        Kind::List => {
                            for (p, v) in items.into_iter().enumerate() {
                                elements.push((name(&r.name, Some(&position_name(p)))?, v));
                            }
                        }
                        _ => {
                            let mut it = items.into_iter();
                            while let (Some(k), Some(v)) = (it.next(), it.next()) {
                                elements.push((name(&r.name, Some(&k))?, v));
                            }
                        }
                    }
                }
                i += 1;
            }
        }
    }
    stand_ins(t, latest, elements, name(b"", None)?, out);
    Ok(())
}

/// What CQL cannot show of one CQL row, stood in for (see the module
/// note): its collection elements and its marker take the timestamp of the
/// row's `latest` plain column write, the marker its expiry too.
fn stand_ins(
    t: &Table3,
    latest: Option<(i64, CellKind)>,
    elements: Vec<(Vec<u8>, Vec<u8>)>,
    marker: Vec<u8>,
    out: &mut Vec<Cell>,
) {
    let (stamp, kind) = latest.unwrap_or((0, CellKind::Live));
    for (name, value) in elements {
        out.push(Cell {
            name,
            value,
            timestamp: stamp,
            kind: CellKind::Live,
        });
    }
    if !t.counter {
        // 1.2 rewrote the marker with each statement's timestamp and TTL:
        // the latest column write shows the latest statement's.
        out.push(Cell {
            name: marker,
            value: Vec::new(),
            timestamp: stamp,
            kind,
        });
    }
}

/// The cells a read through the gateway gives back of a partition whose
/// 1.2 cells are `cells` (live, in comparator order), once the cluster
/// holds them: plain columns and counters as they are, markers and
/// collection elements stood in for, list elements named by position.
/// What `migrate` compares a CQL3 table's copy with. A cell the table
/// cannot hold (see `cql3_writes`) is refused.
pub fn as_read(t: &Table3, cells: &[Cell]) -> GatewayResult<Vec<Cell>> {
    let n = t.clustering.len();
    let mut out = Vec::with_capacity(cells.len());
    let mut i = 0;
    while i < cells.len() {
        let prefix = clustering_of(t, &cells[i].name)?;
        let mut latest: Option<(i64, CellKind)> = None;
        let mut elements: Vec<(Vec<u8>, Vec<u8>)> = Vec::new();
        // (column, elements so far) of the list being renamed.
        let mut list: Option<(Vec<u8>, usize)> = None;
        let name = |column: &[u8], element: Option<&[u8]>| {
            let mut parts: Vec<&[u8]> = prefix.iter().map(Vec::as_slice).collect();
            parts.push(column);
            parts.extend(element);
            composite(parts, Eoc::None)
        };
        while i < cells.len() && clustering_of(t, &cells[i].name)? == prefix {
            let c = &cells[i];
            i += 1;
            let parts = CompositeType::split(&c.name).map_err(|e| GatewayError::Invalid(e.0))?;
            let column = parts.get(n).map(|(p, _)| p.to_vec()).unwrap_or_default();
            if column.is_empty() {
                continue; // the marker: stood in for below
            }
            let r = t.column(&column).ok_or_else(|| {
                GatewayError::Invalid(format!(
                    "the CQL3 table {} has no column {}",
                    t.table,
                    String::from_utf8_lossy(&column)
                ))
            })?;
            let element = parts.get(n + 1).map(|(p, _)| p.to_vec());
            match (r.kind, element) {
                (Kind::Plain, None) => {
                    if latest.is_none_or(|(l, _)| c.timestamp > l) {
                        latest = Some((c.timestamp, c.kind));
                    }
                    out.push(c.clone());
                }
                (Kind::Counter, None) => out.push(Cell {
                    timestamp: 0,
                    ..c.clone()
                }),
                (Kind::Set, Some(e)) => elements.push((name(&column, Some(&e))?, Vec::new())),
                (Kind::Map, Some(e)) => elements.push((name(&column, Some(&e))?, c.value.clone())),
                (Kind::List, Some(_)) => {
                    let at = match &mut list {
                        Some((col, at)) if *col == column => {
                            *at += 1;
                            *at
                        }
                        _ => {
                            list = Some((column.clone(), 0));
                            0
                        }
                    };
                    let position = position_name(at);
                    elements.push((name(&column, Some(&position))?, c.value.clone()));
                }
                _ => {
                    return Err(GatewayError::Invalid(format!(
                        "a cell of {} does not fit its column {}",
                        t.table, r.quoted
                    )))
                }
            }
        }
        stand_ins(t, latest, elements, name(b"", None)?, &mut out);
    }
    out.sort_by(|a, b| t.comparator.compare(&a.name, &b.name));
    Ok(out)
}

/// The clustering values a cell name starts with.
fn clustering_of(t: &Table3, name: &[u8]) -> GatewayResult<Vec<Vec<u8>>> {
    let parts = CompositeType::split(name).map_err(|e| GatewayError::Invalid(e.0))?;
    if parts.len() <= t.clustering.len() {
        return Err(GatewayError::Invalid(format!(
            "a cell name of {} without its column",
            t.table
        )));
    }
    Ok(parts
        .into_iter()
        .take(t.clustering.len())
        .map(|(p, _)| p.to_vec())
        .collect())
}

fn expiring(ttl: i32, now: i32) -> CellKind {
    CellKind::Expiring {
        ttl,
        local_expiration_time: now.saturating_add(ttl),
    }
}

/// The cells `slice` selects, as the engine selects them from a row.
pub fn slice(t: &Table3, cells: Vec<Cell>, slice: &Slice) -> Vec<Cell> {
    let cmp = |a: &[u8], b: &[u8]| t.comparator.compare(a, b);
    match Wanted::of(slice) {
        Wanted::Names(names) => cells
            .into_iter()
            .filter(|c| names.iter().any(|n| cmp(n, &c.name) == Ordering::Equal))
            .collect(),
        Wanted::Range(r) => {
            let picked = cells
                .into_iter()
                .filter(|c| r.contains(&t.comparator, &c.name));
            if r.reversed {
                let mut v: Vec<Cell> = picked.collect();
                v.reverse();
                v.truncate(r.count);
                v
            } else {
                picked.take(r.count).collect()
            }
        }
    }
}

fn now_seconds() -> i32 {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    i32::try_from(secs).unwrap_or(i32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::table::cql3::{collection_value, table_of, tests::posts};

    #[test]
    fn a_cql_row_becomes_its_marker_cells_and_elements() {
        let t = table_of(&posts()).unwrap().unwrap();
        // (id, tags, title, writetime(title), ttl(title))
        let tags = collection_value(2, [b"a".as_slice(), b"b".as_slice()]);
        let row = RawRow(vec![
            Some(3i32.to_be_bytes().to_vec()),
            Some(tags),
            Some(b"hello".to_vec()),
            Some(42i64.to_be_bytes().to_vec()),
            Some(100i32.to_be_bytes().to_vec()),
        ]);
        let mut cells = Vec::new();
        row_cells(&t, row, 1000, &mut cells).unwrap();
        cells.sort_by(|a, b| t.comparator.compare(&a.name, &b.name));
        let id = 3i32.to_be_bytes();
        let n = |parts: &[&[u8]]| composite(parts.iter().copied(), Eoc::None).unwrap();
        let names: Vec<Vec<u8>> = cells.iter().map(|c| c.name.clone()).collect();
        assert_eq!(
            names,
            [
                n(&[&id, b""]),
                n(&[&id, b"tags", b"a"]),
                n(&[&id, b"tags", b"b"]),
                n(&[&id, b"title"])
            ]
        );
        assert!(cells.iter().all(|c| c.timestamp == 42));
        // The marker takes the latest column's TTL, as 1.2 wrote it.
        assert_eq!(cells[0].kind, cells[3].kind);
        assert_eq!(
            cells[3].kind,
            CellKind::Expiring {
                ttl: 100,
                local_expiration_time: 1100
            }
        );
        // A range over one column, and a reversed count.
        let only_tags = Slice::Range {
            start: composite([id.as_slice(), b"tags"], Eoc::None).unwrap(),
            finish: composite([id.as_slice(), b"tags"], Eoc::End).unwrap(),
            reversed: false,
            count: 100,
        };
        assert_eq!(slice(&t, cells.clone(), &only_tags).len(), 2);
        let last = Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: true,
            count: 1,
        };
        assert_eq!(slice(&t, cells.clone(), &last)[0].name, n(&[&id, b"title"]));
        let names = Slice::Names(vec![n(&[&id, b"title"]), n(&[&id, b"nope"])]);
        assert_eq!(slice(&t, cells, &names).len(), 1);
    }

    #[test]
    fn source_cells_read_as_the_cluster_shows_them() {
        let t = table_of(&posts()).unwrap().unwrap();
        let id = 3i32.to_be_bytes();
        let n = |parts: &[&[u8]]| composite(parts.iter().copied(), Eoc::None).unwrap();
        let live = |name: Vec<u8>, value: &[u8], ts: i64| Cell::live(name, value.to_vec(), ts);
        // As 1.2 stored them: a marker and elements of their own times.
        let mut source = vec![
            live(n(&[&id, b""]), b"", 10),
            live(n(&[&id, b"tags", b"a"]), b"", 30),
            live(n(&[&id, b"tags", b"b"]), b"", 31),
            Cell::expiring(n(&[&id, b"title"]), b"hello".to_vec(), 42, 100, 1000),
        ];
        source.sort_by(|a, b| t.comparator.compare(&a.name, &b.name));
        let read = as_read(&t, &source).unwrap();
        // What the gateway makes of the same CQL row read at time 1000.
        let tags = collection_value(2, [b"a".as_slice(), b"b".as_slice()]);
        let row = RawRow(vec![
            Some(id.to_vec()),
            Some(tags),
            Some(b"hello".to_vec()),
            Some(42i64.to_be_bytes().to_vec()),
            Some(100i32.to_be_bytes().to_vec()),
        ]);
        let mut shown = Vec::new();
        row_cells(&t, row, 1000, &mut shown).unwrap();
        shown.sort_by(|a, b| t.comparator.compare(&a.name, &b.name));
        assert_eq!(read, shown);
        // A cell of a column the table does not have cannot be held.
        assert!(as_read(&t, &[live(n(&[&id, b"gone"]), b"x", 1)]).is_err());
    }
}
