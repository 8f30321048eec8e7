//! A pushed EVENT frame against another, for the replay of a connection
//! that registered for them: an event is read as its words (its type, the
//! change, then what changed: a schema change's keyspace and table or
//! target, a topology or status change's address), and two are compared
//! word by word. Masked, as what a server assigns: the node's address in a
//! topology or status change (a replay's target is another node). Read with
//! the server's own [`Reader`]; owns the reading and comparing of events
//! only, never when they are waited for ([`super::replay`]'s).

use crate::capture::compare::{Difference, Kind};
use crate::native::wire::codec::{DecodeResult, Reader};

/// What stands for a masked address among an event's words.
const ADDRESS: &str = "(address)";

/// The words of an EVENT frame's body (inflated).
pub fn words(body: &[u8]) -> DecodeResult<Vec<String>> {
    let mut r = Reader::new(body);
    let kind = r.string()?;
    let mut out = vec![kind.clone()];
    if kind == "TOPOLOGY_CHANGE" || kind == "STATUS_CHANGE" {
        out.push(r.string()?);
        // [inet]: an address of 4 or 16 bytes and a port, the node's own.
        let n = r.byte()? as usize;
        r.raw(n)?;
        r.int()?;
        out.push(ADDRESS.into());
        return Ok(out);
    }
    // A schema change: strings to the end (v3's function arguments, a
    // string list, read as strings all the same on both sides).
    while r.remaining() > 0 {
        match r.string() {
            Ok(w) => out.push(w),
            Err(_) => break,
        }
    }
    Ok(out)
}

/// The differences of an expected event (captured, or the first target's)
/// and the event a target pushed; `None` for either side that has none.
pub fn compare(expected: Option<&[u8]>, got: Option<&[u8]>) -> Vec<Difference> {
    let show = |b: Option<&[u8]>| match b.map(words) {
        None => Ok("(absent)".to_string()),
        Some(Ok(w)) => Ok(w.join(" ")),
        Some(Err(e)) => Err(format!("({e})")),
    };
    let (e, g) = (show(expected), show(got));
    let kind = match (&e, &g, expected, got) {
        (Err(_), ..) | (_, Err(_), ..) => Kind::Undecodable,
        (.., None, None) => return Vec::new(),
        (.., Some(_), None) => Kind::Missing,
        (.., None, Some(_)) => Kind::Extra,
        (Ok(a), Ok(b), ..) if a == b => return Vec::new(),
        _ => Kind::Value,
    };
    let text = |s: Result<String, String>| s.unwrap_or_else(|e| e);
    vec![Difference {
        kind,
        path: "event".into(),
        captured: text(e),
        replayed: text(g),
    }]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::codec::Writer;

    fn schema(words: &[&str]) -> Vec<u8> {
        let mut w = Writer::new();
        for s in words {
            w.string(s);
        }
        w.buf
    }

    fn status(change: &str, ip: [u8; 4], port: i32) -> Vec<u8> {
        let mut w = Writer::new();
        w.string("STATUS_CHANGE").string(change);
        w.buf.push(4);
        w.buf.extend_from_slice(&ip);
        w.buf.extend_from_slice(&port.to_be_bytes());
        w.buf
    }

    fn kinds(d: Vec<Difference>) -> Vec<Kind> {
        d.into_iter().map(|d| d.kind).collect()
    }

    #[test]
    fn schema_changes_are_compared_word_by_word() {
        let created = schema(&["SCHEMA_CHANGE", "CREATED", "TABLE", "ks", "t"]);
        let dropped = schema(&["SCHEMA_CHANGE", "DROPPED", "TABLE", "ks", "t"]);
        assert!(compare(Some(&created), Some(&created)).is_empty());
        let d = compare(Some(&created), Some(&dropped));
        assert_eq!(d[0].kind, Kind::Value);
        assert_eq!(d[0].captured, "SCHEMA_CHANGE CREATED TABLE ks t");
        assert_eq!(d[0].replayed, "SCHEMA_CHANGE DROPPED TABLE ks t");
        assert_eq!(kinds(compare(Some(&created), None)), [Kind::Missing]);
        assert_eq!(kinds(compare(None, Some(&dropped))), [Kind::Extra]);
        assert!(compare(None, None).is_empty());
    }

    #[test]
    fn a_nodes_address_is_masked_but_not_its_change() {
        let up = status("UP", [127, 0, 0, 1], 9042);
        let up_elsewhere = status("UP", [10, 1, 2, 3], 9043);
        let down = status("DOWN", [127, 0, 0, 1], 9042);
        assert!(compare(Some(&up), Some(&up_elsewhere)).is_empty());
        assert_eq!(kinds(compare(Some(&up), Some(&down))), [Kind::Value]);
    }

    #[test]
    fn a_cut_or_garbled_event_is_undecodable_not_a_panic() {
        let up = status("UP", [127, 0, 0, 1], 9042);
        for cut in 0..up.len() {
            let d = compare(Some(&up), Some(&up[..cut]));
            assert_eq!(kinds(d), [Kind::Undecodable], "cut at {cut}");
        }
        assert_eq!(
            kinds(compare(Some(&[0xff; 7]), Some(&up))),
            [Kind::Undecodable]
        );
    }
}
