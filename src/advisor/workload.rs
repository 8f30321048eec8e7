//! The reads the node has actually served, as the advisor's input: the
//! activity record's read calls grouped by shape (a CQL SELECT with its
//! constants taken out, a Thrift read by method and column family),
//! weighted by how often each ran, each judged by the query check, and the
//! ones that do not read one partition advised on (a dry run, never a
//! migration), heaviest first.
//!
//! It reads the activity record and asks [`super::api::advise`]; it must
//! not write, and must not fail as a whole for one read it cannot advise
//! on (that read's entry says why).

use super::api::{advise, Request};
use super::{AdvisorError, AdvisorResult};
use crate::explorer::query::{check, Check, ThriftCall};
use crate::node::calls::activity::{Entry, Filter};
use crate::node::Node;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// Groups advised at most unless the request says otherwise.
pub const DEFAULT_TOP: usize = 10;

/// The Thrift methods that read, as the query check takes them.
const THRIFT_READS: [&str; 4] = [
    "get_slice",
    "multiget_slice",
    "get_range_slices",
    "get_indexed_slices",
];

/// `POST /api/advisor/activity`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkloadRequest {
    /// Only reads of this keyspace.
    pub keyspace: Option<String>,
    /// Groups advised at most, heaviest first ([`DEFAULT_TOP`]).
    pub top: Option<usize>,
    /// Source cells each dry run reads at most.
    pub max_cells: Option<u64>,
}

/// One group of recorded reads of the same shape.
struct Group {
    keyspace: String,
    /// The shape's name: the SELECT without its constants, or
    /// `method column_family`.
    shape: String,
    count: u64,
    /// The latest call of the group, the one advised on.
    latest: Entry,
}

/// A CQL statement with every constant (quoted text, number, UUID, hex
/// blob) replaced by `?`, whitespace collapsed and keywords as written:
/// two calls of one query with other values share it.
pub fn without_constants(cql: &str) -> String {
    let mut out = String::new();
    let mut chars = cql.trim().trim_end_matches(';').chars().peekable();
    let mut last_word = false;
    while let Some(c) = chars.next() {
        match c {
            '\'' => {
                // a quoted constant ('' inside is a quote)
                while let Some(q) = chars.next() {
                    if q == '\'' {
                        if chars.peek() == Some(&'\'') {
                            chars.next();
                        } else {
                            break;
                        }
                    }
                }
                out.push('?');
                last_word = false;
            }
            c if c.is_ascii_digit() && !last_word => {
                while chars
                    .peek()
                    .is_some_and(|n| n.is_ascii_alphanumeric() || matches!(n, '-' | '.' | '+'))
                {
                    chars.next();
                }
                out.push('?');
                last_word = false;
            }
            c if c.is_whitespace() => {
                while chars.peek().is_some_and(|n| n.is_whitespace()) {
                    chars.next();
                }
                out.push(' ');
                last_word = false;
            }
            c => {
                last_word = c.is_alphanumeric() || c == '_';
                out.push(c);
            }
        }
    }
    out
}

fn is_select(cql: &str) -> bool {
    cql.trim_start()
        .get(..6)
        .is_some_and(|w| w.eq_ignore_ascii_case("select"))
}

/// The recorded reads of `req`'s keyspace (all keyspaces without one),
/// grouped by shape, heaviest first (ties: the most recent first).
fn groups(node: &Node, req: &WorkloadRequest) -> (Vec<Group>, u64) {
    let filter = Filter {
        keyspace: req.keyspace.clone(),
        ..Filter::default()
    };
    let mut by_shape: HashMap<(String, String), Group> = HashMap::new();
    let mut reads = 0;
    for e in node.activity.list(&filter) {
        let Some(ks) = e.keyspace.clone() else {
            continue;
        };
        let shape = match (&e.cql, e.column_family.as_deref()) {
            (Some(q), _) if is_select(q) => without_constants(q),
            (None, Some(cf)) if THRIFT_READS.contains(&e.method.as_str()) => {
                format!("{} {cf}", e.method)
            }
            _ => continue,
        };
        reads += 1;
        let g = by_shape
            .entry((ks.clone(), shape.clone()))
            .or_insert_with(|| Group {
                keyspace: ks,
                shape,
                count: 0,
                latest: e.clone(),
            });
        g.count += 1;
        if e.seq > g.latest.seq {
            g.latest = e;
        }
    }
    let mut groups: Vec<Group> = by_shape.into_values().collect();
    groups.sort_by(|a, b| b.count.cmp(&a.count).then(b.latest.seq.cmp(&a.latest.seq)));
    (groups, reads)
}

/// The query check's request for a group's latest call.
fn as_check(g: &Group) -> Check {
    let e = &g.latest;
    match &e.cql {
        Some(q) => Check {
            keyspace: g.keyspace.clone(),
            query: Some(q.clone()),
            thrift: None,
        },
        None => Check {
            keyspace: g.keyspace.clone(),
            query: None,
            thrift: Some(ThriftCall {
                call: e.method.clone(),
                column_family: e.column_family.clone().unwrap_or_default(),
                keys: e.keys.clone(),
                column: None,
                value: None,
            }),
        },
    }
}

/// Whether a verdict is a read of one partition that 1.2 runs.
fn one_partition(verdict: &Value) -> bool {
    matches!(
        verdict["shape"].as_str(),
        Some("single_partition" | "partition_slice")
    ) && verdict["refused_by_1_2"] != json!(true)
}

/// The workload's advice: every group with its weight and verdict, and
/// for the heaviest `top` that do not read one partition, the advice.
pub fn advise_workload(node: &Node, req: &WorkloadRequest) -> AdvisorResult<Value> {
    if !node.activity.enabled() {
        return Err(AdvisorError::BadRequest(
            "the activity record is off: serve with --activity-log-size N (N > 0) to keep calls"
                .into(),
        ));
    }
    let (groups, reads) = groups(node, req);
    let top = req.top.unwrap_or(DEFAULT_TOP);
    let mut advised = 0;
    let mut out = Vec::new();
    for g in &groups {
        let c = as_check(g);
        let mut item = json!({
            "keyspace": g.keyspace,
            "shape": g.shape,
            "count": g.count,
            "share": if reads == 0 { 0.0 } else { (g.count as f64 / reads as f64 * 1000.0).round() / 1000.0 },
            "latest": {"seq": g.latest.seq, "cql": g.latest.cql, "method": g.latest.method, "column_family": g.latest.column_family, "keys": g.latest.keys},
        });
        let verdict = match check(node, &c) {
            Ok(v) => v,
            Err(e) => {
                item["error"] = json!(e.to_string());
                out.push(item);
                continue;
            }
        };
        let needs = !one_partition(&verdict);
        item["check"] = verdict;
        item["needs_advice"] = json!(needs);
        if needs && advised < top {
            advised += 1;
            let r = Request {
                keyspace: c.keyspace,
                query: c.query,
                thrift: c.thrift,
                migrate: false,
                max_cells: req.max_cells,
                resume_after: None,
            };
            match advise(node, &r) {
                Ok(a) => item["advice"] = a,
                Err(e) => item["error"] = json!(e.to_string()),
            }
        }
        out.push(item);
    }
    Ok(json!({
        "reads": reads,
        "groups": out,
        "advised": advised,
        "top": top,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_come_out_of_a_query_and_names_stay() {
        let a = without_constants(
            "SELECT * FROM t1 WHERE title = 'it''s'  AND n = 12 AND id = 522b1fe2-2e36-4cef-a667-cd4237d08b89;",
        );
        assert_eq!(a, "SELECT * FROM t1 WHERE title = ? AND n = ? AND id = ?");
        assert_eq!(
            without_constants("select x from t1 where b = 0xCAFE and f = -1.5e3"),
            "select x from t1 where b = ? and f = -?"
        );
        assert!(is_select("  select 1") && !is_select("INSERT") && !is_select("sel"));
    }
}
