//! One captured native-protocol reply against the replayed one, decoded
//! ([`super::decode`]) and compared part by part into the Thrift side's
//! kinds of [`Difference`]: another opcode or error code is an `exception
//! type`, another error text a `message`, rows the other lacks `missing` or
//! `extra`, the same rows in another order `order`, any other cell or part
//! a `value`. Left out, as what a server assigns: a prepared statement's
//! id, a paging state, a tracing session id, the cells of `system_traces`
//! (its rows are counted), the cells of the system tables' columns that name the node or its schema version (host ids,
//! tokens, addresses, schema versions, table ids), and two differing cells
//! that are each a time chosen during their own run
//! ([`Windows::server_times`]). Owns this comparison only.

use super::decode::{reply, Body, Column, Reply, Rows};
use crate::capture::compare::{Difference, Kind};
use crate::capture::masks::Windows;
use crate::native::wire::frame::op;
use crate::thrift::wire::Value;

/// Rows more than this are compared in place only (matching is quadratic).
const MATCH_MAX: usize = 2_000;

/// System tables' columns whose cells a server assigns of its own.
const NODE_COLUMNS: &[&str] = &[
    "host_id",
    "tokens",
    "schema_version",
    "rpc_address",
    "broadcast_address",
    "listen_address",
    "peer",
    "preferred_ip",
    "gossip_generation",
    "truncated_at",
    "cf_id",
    "id",
];

/// A reply frame's header fields and inflated body.
#[derive(Clone, Copy, Debug)]
pub struct Frame<'a> {
    pub version: u8,
    pub opcode: u8,
    pub flags: u8,
    pub body: &'a [u8],
}

/// Compares two replies (captured first).
pub fn compare(c: Frame, r: Frame, w: &Windows) -> Vec<Difference> {
    let decoded = |f: Frame| reply(f.version, f.opcode, f.flags, f.body);
    let cr = match decoded(c) {
        Ok(d) => d,
        Err(e) => return vec![diff(Kind::Undecodable, "", format!("({e})"), String::new())],
    };
    let rr = match decoded(r) {
        Ok(d) => d,
        Err(e) => return vec![diff(Kind::Undecodable, "", outcome(&cr), format!("({e})"))],
    };
    let mut out = Vec::new();
    if cr.opcode != rr.opcode || kind(&cr) != kind(&rr) {
        out.push(diff(Kind::ExceptionType, "", outcome(&cr), outcome(&rr)));
        return out;
    }
    if cr.warnings != rr.warnings {
        out.push(diff(
            Kind::Value,
            "warnings",
            format!("{:?}", cr.warnings),
            format!("{:?}", rr.warnings),
        ));
    }
    match (&cr.body, &rr.body) {
        (
            Body::Error {
                code: cc,
                message: cm,
                rest: cx,
            },
            Body::Error {
                code: rc,
                message: rm,
                rest: rx,
            },
        ) => {
            if cc != rc {
                out.push(diff(Kind::ExceptionType, "", outcome(&cr), outcome(&rr)));
            } else if cm != rm {
                out.push(diff(Kind::Message, "message", cm.clone(), rm.clone()));
            } else if cx != rx {
                out.push(diff(Kind::Value, "error", hex(cx), hex(rx)));
            }
        }
        (Body::Rows(c), Body::Rows(r)) => rows(c, r, w, &mut out),
        (Body::Prepared { metadata: c, .. }, Body::Prepared { metadata: r, .. }) if c != r => {
            out.push(diff(Kind::Value, "metadata", hex(c), hex(r)));
        }
        // Their ids are the servers' own.
        (Body::Prepared { .. }, Body::Prepared { .. }) => {}
        (c, r) if c != r => out.push(diff(Kind::Value, "", show(c), show(r))),
        _ => {}
    }
    out
}

/// What kind of outcome a reply is: its opcode and, for a RESULT, its kind.
fn kind(r: &Reply) -> (u8, u8) {
    let k = match &r.body {
        Body::Error { .. } | Body::Bytes(_) => 0,
        Body::Void => 1,
        Body::Rows(_) => 2,
        Body::SetKeyspace(_) => 3,
        Body::Prepared { .. } => 4,
        Body::SchemaChange(_) => 5,
    };
    (r.opcode, k)
}

fn outcome(r: &Reply) -> String {
    match &r.body {
        Body::Error { code, message, .. } => format!("ERROR {code:#06x} {message:?}"),
        b => format!("{} {}", op::name(r.opcode), show(b)),
    }
}

fn show(b: &Body) -> String {
    match b {
        Body::Error { code, message, .. } => format!("{code:#06x} {message:?}"),
        Body::Void => "void".into(),
        Body::Rows(r) => format!("rows ({})", r.rows.len()),
        Body::SetKeyspace(k) => format!("keyspace {k:?}"),
        Body::Prepared { .. } => "prepared".into(),
        Body::SchemaChange(w) => format!("schema change {}", w.join(" ")),
        Body::Bytes(b) => hex(b),
    }
}

fn hex(b: &[u8]) -> String {
    let shown: String = b.iter().take(64).map(|x| format!("{x:02x}")).collect();
    if b.len() > 64 {
        format!("0x{shown}... ({} bytes)", b.len())
    } else {
        format!("0x{shown}")
    }
}

fn diff(kind: Kind, path: &str, captured: String, replayed: String) -> Difference {
    Difference {
        kind,
        path: path.to_string(),
        captured,
        replayed,
    }
}

fn rows(c: &Rows, r: &Rows, w: &Windows, out: &mut Vec<Difference>) {
    let names = |cols: &[Column]| -> Vec<(String, String, String, Vec<u8>)> {
        cols.iter()
            .map(|c| {
                (
                    c.keyspace.clone(),
                    c.table.clone(),
                    c.name.clone(),
                    c.ty.clone(),
                )
            })
            .collect()
    };
    if names(&c.columns) != names(&r.columns) {
        let list = |cols: &[Column]| -> String {
            let n: Vec<&str> = cols.iter().map(|c| c.name.as_str()).collect();
            n.join(", ")
        };
        out.push(diff(
            Kind::Value,
            "columns",
            list(&c.columns),
            list(&r.columns),
        ));
        return;
    }
    let masked: Vec<bool> = c
        .columns
        .iter()
        .map(|col| {
            // A trace is the server's own account (timings, threads): its rows count only.
            col.keyspace == "system_traces"
                || (col.keyspace.starts_with("system") && NODE_COLUMNS.contains(&col.name.as_str()))
        })
        .collect();
    // A `timestamp` column holds milliseconds, the windows microseconds.
    let millis: Vec<bool> = c.columns.iter().map(|col| col.ty == [0, 0x0B]).collect();
    let cell_same = |i: usize, a: &Option<Vec<u8>>, b: &Option<Vec<u8>>| {
        a == b
            || masked.get(i).copied().unwrap_or(false)
            || match (a, b) {
                (Some(a), Some(b)) if millis.get(i) == Some(&true) => {
                    match (as_i64(a), as_i64(b)) {
                        (Some(a), Some(b)) => w.server_times(
                            &Value::I64(a.saturating_mul(1000)),
                            &Value::I64(b.saturating_mul(1000)),
                        ),
                        _ => false,
                    }
                }
                (Some(a), Some(b)) => {
                    w.server_times(&Value::Bin(a.clone()), &Value::Bin(b.clone()))
                }
                _ => false,
            }
    };
    let row_same = |a: &[Option<Vec<u8>>], b: &[Option<Vec<u8>>]| {
        a.len() == b.len()
            && a.iter()
                .zip(b)
                .enumerate()
                .all(|(i, (x, y))| cell_same(i, x, y))
    };
    let col_name = |i: usize| {
        c.columns
            .get(i)
            .map(|c| c.name.clone())
            .unwrap_or(format!("{i}"))
    };
    let show_row = |row: &[Option<Vec<u8>>]| -> String {
        let cells: Vec<String> = row
            .iter()
            .map(|v| v.as_deref().map(cell).unwrap_or_else(|| "null".into()))
            .collect();
        format!("({})", cells.join(", "))
    };
    let (cr, rr) = (&c.rows, &r.rows);
    if cr.len() == rr.len() && cr.iter().zip(rr).all(|(a, b)| row_same(a, b)) {
        return;
    }
    let small = cr.len() <= MATCH_MAX && rr.len() <= MATCH_MAX;
    let (missing, extra) = if small {
        let mut used = vec![false; rr.len()];
        let mut missing = Vec::new();
        for (i, a) in cr.iter().enumerate() {
            match (0..rr.len()).find(|&j| !used[j] && row_same(a, &rr[j])) {
                Some(j) => used[j] = true,
                None => missing.push(i),
            }
        }
        (
            missing,
            (0..rr.len()).filter(|&j| !used[j]).collect::<Vec<_>>(),
        )
    } else {
        ((0..cr.len()).collect(), (0..rr.len()).collect())
    };
    if small && missing.is_empty() && extra.is_empty() {
        out.push(diff(
            Kind::Order,
            "rows",
            format!("{} rows", cr.len()),
            "the same rows in another order".into(),
        ));
        return;
    }
    if cr.len() == rr.len() {
        // Row by row: the cells that differ.
        for (n, (a, b)) in cr.iter().zip(rr).enumerate() {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                if !cell_same(i, x, y) {
                    let show =
                        |v: &Option<Vec<u8>>| v.as_deref().map(cell).unwrap_or("null".into());
                    out.push(diff(
                        Kind::Value,
                        &format!("rows[{n}].{}", col_name(i)),
                        show(x),
                        show(y),
                    ));
                }
            }
        }
        return;
    }
    for i in missing {
        out.push(diff(
            Kind::Missing,
            &format!("rows[{i}]"),
            show_row(&cr[i]),
            "(absent)".into(),
        ));
    }
    for j in extra {
        out.push(diff(
            Kind::Extra,
            &format!("rows[{j}]"),
            "(absent)".into(),
            show_row(&rr[j]),
        ));
    }
}

fn as_i64(b: &[u8]) -> Option<i64> {
    Some(i64::from_be_bytes(b.try_into().ok()?))
}

/// A cell as text when it is printable, else as hex.
fn cell(b: &[u8]) -> String {
    match std::str::from_utf8(b) {
        Ok(s) if !s.is_empty() && s.chars().all(|c| !c.is_control()) => format!("{s:?}"),
        _ => hex(b),
    }
}

#[cfg(test)]
#[path = "compare_tests.rs"]
mod tests;
