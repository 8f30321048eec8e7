//! One captured reply against the replayed one: both decoded with the
//! server's own decoder ([`crate::thrift::wire::Reader`]) and walked side by
//! side, each difference named by its kind (exception type, message text,
//! missing or extra element or field, order, value) and its path, with what
//! a server assigns left out ([`crate::capture::masks`]). Owns the walk and
//! the kinds; what is reported of them is [`crate::capture::report`]'s.

use crate::capture::masks::{masked_place, system_keyspace, unordered_place, Seg, Windows};
use crate::thrift::wire::{mtype, ttype, Reader, Value};
use serde::Serialize;
use std::fmt::Write as _;

/// The kinds of difference a report counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    /// A different exception, or an exception against a result.
    ExceptionType,
    /// The same exception with another message text.
    Message,
    /// Elements, entries or fields the captured reply had and the replay lacks.
    Missing,
    /// Elements, entries or fields only the replay has.
    Extra,
    /// The same elements in another order.
    Order,
    /// A different value.
    Value,
    /// No reply: the target closed the connection or did not answer in time.
    NoReply,
    /// A reply where the captured server (or the first target) closed the
    /// connection without one.
    Closed,
    /// A reply that does not decode.
    Undecodable,
}

impl Kind {
    pub fn name(self) -> &'static str {
        match self {
            Kind::ExceptionType => "exception type",
            Kind::Message => "message",
            Kind::Missing => "missing",
            Kind::Extra => "extra",
            Kind::Order => "order",
            Kind::Value => "value",
            Kind::NoReply => "no reply",
            Kind::Closed => "closed",
            Kind::Undecodable => "undecodable",
        }
    }
}

/// One difference, side by side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Difference {
    pub kind: Kind,
    /// Where in the reply: result-struct field ids, `[i]` elements, `"k"` map keys.
    pub path: String,
    pub captured: String,
    pub replayed: String,
}

impl Difference {
    /// A reply the target did not give: `expected` says whether there was
    /// one to compare it with (a captured one, or the first target's).
    pub fn no_reply(expected: bool) -> Difference {
        Difference {
            kind: Kind::NoReply,
            path: String::new(),
            captured: if expected {
                "a reply".into()
            } else {
                "no reply from the first target".into()
            },
            replayed: "the connection closed or nothing came in time".into(),
        }
    }
}

impl Difference {
    /// A reply the target gave where the captured server, or the first
    /// target, closed the connection without one.
    pub fn replied_where_closed(first_target: bool) -> Difference {
        Difference {
            kind: Kind::Closed,
            path: String::new(),
            captured: if first_target {
                "the first target closed the connection without a reply".into()
            } else {
                "the server closed the connection without a reply".into()
            },
            replayed: "a reply".into(),
        }
    }
}

/// Lists longer than this are compared element by element only (the
/// multiset match that tells order and missing elements apart is quadratic).
const MATCH_MAX: usize = 2_000;

/// Compares two replies (messages without their frame length) of `method`.
pub fn compare(method: &str, captured: &[u8], replayed: &[u8], w: &Windows) -> Vec<Difference> {
    let mut out = Vec::new();
    let (ch, cv) = match decode(captured) {
        Ok(d) => d,
        Err(why) => {
            out.push(diff(
                Kind::Undecodable,
                &[],
                format!("({why})"),
                show_bytes(replayed),
            ));
            return out;
        }
    };
    let (rh, rv) = match decode(replayed) {
        Ok(d) => d,
        Err(why) => {
            out.push(diff(Kind::Undecodable, &[], show(&cv), format!("({why})")));
            return out;
        }
    };
    if ch != rh {
        // A TApplicationException against a result (or the reverse).
        out.push(diff(
            Kind::ExceptionType,
            &[],
            outcome(ch, &cv),
            outcome(rh, &rv),
        ));
        return out;
    }
    if ch == mtype::EXCEPTION {
        // TApplicationException: 1 message, 2 type.
        if cv.field(2) != rv.field(2) {
            out.push(diff(Kind::ExceptionType, &[], show(&cv), show(&rv)));
        } else if cv.field(1) != rv.field(1) {
            out.push(diff(
                Kind::Message,
                &[Seg::Field(1)],
                opt(cv.field(1)),
                opt(rv.field(1)),
            ));
        }
        return out;
    }
    // A result struct: field 0 the success, any other an exception.
    let set = |v: &Value| match v {
        Value::Struct(f) => f.first().map(|(id, _)| *id),
        _ => None,
    };
    let (cset, rset) = (set(&cv), set(&rv));
    if cset != rset {
        out.push(diff(
            Kind::ExceptionType,
            &[],
            outcome(ch, &cv),
            outcome(rh, &rv),
        ));
        return out;
    }
    let mut walk = Walk { method, w, out };
    match cset {
        Some(id) if id != 0 => {
            let (ce, re) = (cv.field(id), rv.field(id));
            if ce.and_then(|e| e.field(1)) != re.and_then(|e| e.field(1)) {
                let path = [Seg::Field(id), Seg::Field(1)];
                walk.out.push(diff(
                    Kind::Message,
                    &path,
                    opt(ce.and_then(|e| e.field(1))),
                    opt(re.and_then(|e| e.field(1))),
                ));
            }
        }
        _ => walk.value(&mut Vec::new(), &cv, &rv),
    }
    walk.out
}

fn decode(msg: &[u8]) -> Result<(u8, Value), String> {
    let mut r = Reader::new(msg);
    let head = r.message_header().map_err(|e| e.to_string())?;
    let v = r.value(ttype::STRUCT, 0).map_err(|e| e.to_string())?;
    Ok((head.mtype, v))
}

fn outcome(mt: u8, v: &Value) -> String {
    if mt == mtype::EXCEPTION {
        return format!("TApplicationException {}", show(v));
    }
    match v {
        Value::Struct(f) => match f.first() {
            Some((0, v)) => format!("result {}", show(v)),
            Some((id, v)) => format!("exception field {id} {}", show(v)),
            None => "void".into(),
        },
        other => show(other),
    }
}

struct Walk<'a> {
    method: &'a str,
    w: &'a Windows,
    out: Vec<Difference>,
}

impl Walk<'_> {
    fn value(&mut self, path: &mut Vec<Seg>, c: &Value, r: &Value) {
        if masked_place(self.method, path) || c == r {
            return;
        }
        match (c, r) {
            (Value::Struct(cf), Value::Struct(rf)) => {
                for (id, cv) in cf {
                    path.push(Seg::Field(*id));
                    match r.field(*id) {
                        Some(rv) => self.value(path, cv, rv),
                        None if !masked_place(self.method, path) => {
                            self.out
                                .push(diff(Kind::Missing, path, show(cv), "(absent)".into()))
                        }
                        None => {}
                    }
                    path.pop();
                }
                for (id, rv) in rf.iter().filter(|(id, _)| c.field(*id).is_none()) {
                    path.push(Seg::Field(*id));
                    if !masked_place(self.method, path) {
                        self.out
                            .push(diff(Kind::Extra, path, "(absent)".into(), show(rv)));
                    }
                    path.pop();
                }
            }
            (Value::List(_, ci), Value::List(_, ri)) | (Value::Set(_, ci), Value::Set(_, ri)) => {
                let unordered = matches!(c, Value::Set(..)) || unordered_place(self.method, path);
                if self.method == "describe_keyspaces" && path.len() == 1 {
                    let own = |l: &[Value]| -> Vec<Value> {
                        l.iter().filter(|k| !system_keyspace(k)).cloned().collect()
                    };
                    return self.elements(path, &own(ci), &own(ri), unordered);
                }
                self.elements(path, ci, ri, unordered)
            }
            (Value::Map(_, _, ce), Value::Map(_, _, re)) => {
                for (k, cv) in ce {
                    path.push(Seg::Key(key_text(k)));
                    match re.iter().find(|(rk, _)| rk == k) {
                        Some((_, rv)) => self.value(path, cv, rv),
                        None => {
                            self.out
                                .push(diff(Kind::Missing, path, show(cv), "(absent)".into()))
                        }
                    }
                    path.pop();
                }
                for (k, rv) in re.iter().filter(|(k, _)| !ce.iter().any(|(ck, _)| ck == k)) {
                    path.push(Seg::Key(key_text(k)));
                    self.out
                        .push(diff(Kind::Extra, path, "(absent)".into(), show(rv)));
                    path.pop();
                }
            }
            _ if self.w.server_times(c, r) => {}
            _ => self.out.push(diff(Kind::Value, path, show(c), show(r))),
        }
    }

    /// Lists: equal lengths compared in place unless only the order
    /// differs; different lengths as the elements each side lacks.
    fn elements(&mut self, path: &mut Vec<Seg>, c: &[Value], r: &[Value], unordered: bool) {
        let small = c.len() <= MATCH_MAX && r.len() <= MATCH_MAX;
        if c.len() == r.len() {
            let in_place = c.iter().zip(r).all(|(a, b)| self.same(path, a, b));
            if in_place {
                return;
            }
            if small && self.unmatched(path, c, r).0.is_empty() {
                if !unordered {
                    self.out
                        .push(diff(Kind::Order, path, show_list(c), show_list(r)));
                }
                return;
            }
            for (i, (a, b)) in c.iter().zip(r).enumerate() {
                path.push(Seg::Elem(i));
                self.value(path, a, b);
                path.pop();
            }
            return;
        }
        if !small {
            self.out
                .push(diff(Kind::Value, path, show_list(c), show_list(r)));
            return;
        }
        let (missing, extra) = self.unmatched(path, c, r);
        for i in missing {
            path.push(Seg::Elem(i));
            self.out
                .push(diff(Kind::Missing, path, show(&c[i]), "(absent)".into()));
            path.pop();
        }
        for j in extra {
            path.push(Seg::Elem(j));
            self.out
                .push(diff(Kind::Extra, path, "(absent)".into(), show(&r[j])));
            path.pop();
        }
    }

    /// Whether two values are the same once masked.
    fn same(&self, path: &[Seg], a: &Value, b: &Value) -> bool {
        let mut probe = Walk {
            method: self.method,
            w: self.w,
            out: Vec::new(),
        };
        let mut p = path.to_vec();
        p.push(Seg::Elem(0));
        probe.value(&mut p, a, b);
        probe.out.is_empty()
    }

    /// The captured elements no replayed one matches and the replayed ones
    /// left over (a multiset match under the masks).
    fn unmatched(&self, path: &[Seg], c: &[Value], r: &[Value]) -> (Vec<usize>, Vec<usize>) {
        let mut used = vec![false; r.len()];
        let mut missing = Vec::new();
        for (i, a) in c.iter().enumerate() {
            match (0..r.len()).find(|&j| !used[j] && self.same(path, a, &r[j])) {
                Some(j) => used[j] = true,
                None => missing.push(i),
            }
        }
        let extra = (0..r.len()).filter(|&j| !used[j]).collect();
        (missing, extra)
    }
}

fn diff(kind: Kind, path: &[Seg], captured: String, replayed: String) -> Difference {
    let mut p = String::new();
    for (i, s) in path.iter().enumerate() {
        if i > 0 {
            p.push('/');
        }
        let _ = write!(p, "{s}");
    }
    Difference {
        kind,
        path: p,
        captured,
        replayed,
    }
}

/// A map key as a path step: a string key as itself.
fn key_text(k: &Value) -> String {
    match k {
        Value::Bin(b) => match std::str::from_utf8(b) {
            Ok(t) => t.to_string(),
            Err(_) => show(k),
        },
        other => show(other),
    }
}

fn opt(v: Option<&Value>) -> String {
    v.map(show).unwrap_or_else(|| "(absent)".into())
}

/// Longest rendering of one value in a report.
const SHOW_MAX: usize = 200;

/// A value as a report shows it: printable strings quoted, other bytes in hex.
pub fn show(v: &Value) -> String {
    let mut s = String::new();
    render(v, &mut s);
    if s.len() > SHOW_MAX {
        let cut = (0..=SHOW_MAX)
            .rev()
            .find(|&i| s.is_char_boundary(i))
            .unwrap_or(0);
        s.truncate(cut);
        s.push_str("...");
    }
    s
}

fn show_list(items: &[Value]) -> String {
    show(&Value::List(ttype::STRUCT, items.to_vec()))
}

fn show_bytes(msg: &[u8]) -> String {
    show(&Value::Bin(msg.to_vec()))
}

fn render(v: &Value, s: &mut String) {
    if s.len() > SHOW_MAX {
        return;
    }
    match v {
        Value::Bool(b) => {
            let _ = write!(s, "{b}");
        }
        Value::Byte(n) => {
            let _ = write!(s, "{n}");
        }
        Value::I16(n) => {
            let _ = write!(s, "{n}");
        }
        Value::I32(n) => {
            let _ = write!(s, "{n}");
        }
        Value::I64(n) => {
            let _ = write!(s, "{n}");
        }
        Value::Double(n) => {
            let _ = write!(s, "{n}");
        }
        Value::Bin(b) => match std::str::from_utf8(b) {
            Ok(t) if !t.chars().any(char::is_control) => {
                let _ = write!(s, "{t:?}");
            }
            _ => {
                s.push_str("0x");
                for byte in b.iter().take(SHOW_MAX / 2) {
                    let _ = write!(s, "{byte:02x}");
                }
            }
        },
        Value::Struct(fields) => {
            s.push('{');
            for (i, (id, v)) in fields.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                let _ = write!(s, "{id}: ");
                render(v, s);
            }
            s.push('}');
        }
        Value::List(_, items) | Value::Set(_, items) => {
            s.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                render(v, s);
            }
            s.push(']');
        }
        Value::Map(_, _, entries) => {
            s.push('{');
            for (i, (k, v)) in entries.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                render(k, s);
                s.push_str(": ");
                render(v, s);
            }
            s.push('}');
        }
    }
}

#[cfg(test)]
#[path = "compare_tests.rs"]
mod tests;
