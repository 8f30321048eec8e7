//! A replay's report: calls replayed, identical and different, counted by
//! method and by kind of difference, with the first differences of each
//! kind side by side; as text for people and as JSON for CI. Owns the
//! counting and the rendering; the differences come from
//! [`crate::capture::compare`].

use crate::capture::compare::{Difference, Kind};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write as _;

/// How many differences of each kind are shown in full.
pub const FIRST_SHOWN: usize = 3;
/// How many differing calls are listed (by call, for comparing two reports).
pub const DIFFERING_LISTED: usize = 100_000;

#[derive(Debug, Default, Serialize)]
pub struct Report {
    /// The server replayed against.
    pub target: String,
    pub connections: u64,
    /// Calls whose reply was compared.
    pub calls: u64,
    pub identical: u64,
    pub different: u64,
    /// Requests sent whose captured reply is absent (the connection ended
    /// first, or its recording stopped): sent, not compared.
    pub uncompared: u64,
    pub by_method: BTreeMap<String, MethodCount>,
    pub by_kind: BTreeMap<Kind, KindCount>,
    /// What the replay noticed besides the replies (schema it created or could not).
    pub notes: Vec<String>,
    /// The differing calls (the first [`DIFFERING_LISTED`]), in the order
    /// they were compared: two replays of one capture list the same calls
    /// when the targets differ alike.
    pub differing: Vec<Differing>,
}

/// One differing call and the kinds of its differences.
#[derive(Debug, Serialize)]
pub struct Differing {
    pub conn: u64,
    pub n: u64,
    pub method: String,
    pub kinds: Vec<Kind>,
}

#[derive(Debug, Default, Serialize)]
pub struct MethodCount {
    pub calls: u64,
    pub different: u64,
}

#[derive(Debug, Default, Serialize)]
pub struct KindCount {
    /// Calls with at least one difference of this kind.
    pub calls: u64,
    pub first: Vec<Shown>,
}

/// One difference shown, with the call it is in.
#[derive(Debug, Serialize)]
pub struct Shown {
    pub conn: u64,
    pub n: u64,
    pub method: String,
    #[serde(flatten)]
    pub difference: Difference,
}

impl Report {
    pub fn new(target: String) -> Self {
        Report {
            target,
            ..Report::default()
        }
    }

    /// Counts one compared call.
    pub fn add(&mut self, conn: u64, n: u64, method: &str, diffs: Vec<Difference>) {
        self.calls += 1;
        let m = self.by_method.entry(method.to_string()).or_default();
        m.calls += 1;
        if diffs.is_empty() {
            self.identical += 1;
            return;
        }
        self.different += 1;
        m.different += 1;
        let mut kinds: Vec<Kind> = diffs.iter().map(|d| d.kind).collect();
        kinds.sort();
        kinds.dedup();
        for k in &kinds {
            self.by_kind.entry(*k).or_default().calls += 1;
        }
        if self.differing.len() < DIFFERING_LISTED {
            self.differing.push(Differing {
                conn,
                n,
                method: method.to_string(),
                kinds,
            });
        }
        for d in diffs {
            let entry = self.by_kind.entry(d.kind).or_default();
            if entry.first.len() < FIRST_SHOWN {
                entry.first.push(Shown {
                    conn,
                    n,
                    method: method.to_string(),
                    difference: d,
                });
            }
        }
    }

    /// Every compared reply matched (and something was compared).
    pub fn all_matched(&self) -> bool {
        self.different == 0
    }

    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    pub fn text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "replayed {} calls on {} connections against {}: {} identical, {} different",
            self.calls, self.connections, self.target, self.identical, self.different
        );
        if self.uncompared > 0 {
            let _ = writeln!(
                s,
                "{} requests had no captured reply (sent, not compared)",
                self.uncompared
            );
        }
        for note in &self.notes {
            let _ = writeln!(s, "note: {note}");
        }
        let _ = writeln!(s, "by method:");
        for (method, m) in &self.by_method {
            let _ = writeln!(
                s,
                "  {method:<32} {:>7} calls, {} different",
                m.calls, m.different
            );
        }
        if !self.by_kind.is_empty() {
            let _ = writeln!(s, "by kind of difference:");
        }
        for (kind, k) in &self.by_kind {
            let _ = writeln!(s, "  {:<16} {} calls", kind.name(), k.calls);
            for d in &k.first {
                let at = if d.difference.path.is_empty() {
                    String::new()
                } else {
                    format!(" at {}", d.difference.path)
                };
                let _ = writeln!(s, "    connection {} call {} {}{at}", d.conn, d.n, d.method);
                let _ = writeln!(s, "      captured: {}", d.difference.captured);
                let _ = writeln!(s, "      replayed: {}", d.difference.replayed);
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(kind: Kind) -> Difference {
        Difference {
            kind,
            path: "0".into(),
            captured: "a".into(),
            replayed: "b".into(),
        }
    }

    #[test]
    fn counts_calls_by_method_and_kind_and_keeps_the_first_shown() {
        let mut r = Report::new("t".into());
        r.add(1, 0, "get", vec![]);
        for n in 1..6 {
            r.add(
                1,
                n,
                "get",
                vec![d(Kind::Value), d(Kind::Value), d(Kind::Missing)],
            );
        }
        assert_eq!((r.calls, r.identical, r.different), (6, 1, 5));
        assert_eq!(r.by_method["get"].different, 5);
        assert_eq!(r.by_kind[&Kind::Value].calls, 5);
        assert_eq!(r.by_kind[&Kind::Value].first.len(), FIRST_SHOWN);
        assert_eq!(r.by_kind[&Kind::Missing].calls, 5);
        assert!(!r.all_matched());
        let text = r.text();
        assert!(text.contains("6 calls on 0 connections against t: 1 identical, 5 different"));
        assert!(text.contains("captured: a"), "{text}");
        let json: serde_json::Value = serde_json::from_str(&r.json()).unwrap();
        assert_eq!(json["by_kind"]["value"]["calls"], 5);
        assert_eq!(json["by_kind"]["missing"]["first"][0]["method"], "get");
        assert_eq!(json["differing"][0]["n"], 1);
        assert_eq!(json["differing"][4]["kinds"][0], "missing");
        assert_eq!(json["differing"].as_array().map(Vec::len), Some(5));
    }
}
