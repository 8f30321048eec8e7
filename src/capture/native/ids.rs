//! Prepared statement ids in requests: a replayed EXECUTE (or BATCH member)
//! must carry the id the target gave when the statement was prepared in
//! the replay, not the captured server's, and a request that names a
//! tracing session (cqlsh reading `system_traces` for the session its
//! traced request got) must name the target's session. Owns that rewriting
//! of a request body; which id maps to which is the replay's to learn (from
//! the replies it compares).

use crate::native::wire::codec::{DecodeResult, Reader, Writer};
use crate::native::wire::frame::op;
use std::collections::HashMap;

/// Captured id to the target's.
pub type IdMap = HashMap<Vec<u8>, Vec<u8>>;

/// `body` of an EXECUTE or BATCH with every mapped id replaced; `None` when
/// nothing is replaced (or the body does not decode: it is sent as captured).
pub fn rewrite(opcode: u8, body: &[u8], map: &IdMap) -> Option<Vec<u8>> {
    if map.is_empty() {
        return None;
    }
    match opcode {
        op::EXECUTE => {
            let mut r = Reader::new(body);
            let id = r.short_bytes_ref().ok()?;
            let to = map.get(id)?;
            let mut w = Writer::new();
            w.short_bytes(to);
            w.buf.extend_from_slice(&body[r.offset()..]);
            Some(w.buf)
        }
        op::BATCH => batch(body, map).ok().flatten(),
        _ => None,
    }
}

/// `body` with every captured tracing session id of `map` (16 bytes, as a
/// bound value, or as UUID text in a statement) replaced by the target's;
/// `None` when none occurs.
pub fn swap_sessions(body: &[u8], map: &IdMap) -> Option<Vec<u8>> {
    let mut out = body.to_vec();
    let mut changed = false;
    for (from, to) in map {
        for (f, t) in [(from.clone(), to.clone()), (uuid_text(from), uuid_text(to))] {
            if f.is_empty() || f.len() != t.len() {
                continue;
            }
            let mut i = 0;
            while i + f.len() <= out.len() {
                if out[i..i + f.len()] == f[..] {
                    out[i..i + f.len()].copy_from_slice(&t);
                    changed = true;
                    i += f.len();
                } else {
                    i += 1;
                }
            }
        }
    }
    changed.then_some(out)
}

/// A 16-byte UUID as its hyphenated lowercase text (empty for other lengths).
fn uuid_text(b: &[u8]) -> Vec<u8> {
    if b.len() != 16 {
        return Vec::new();
    }
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!(
        "{}-{}-{}-{}-{}",
        &hex[..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..]
    )
    .into_bytes()
}

/// A BATCH's members: kind 0 a query string, kind 1 a prepared id, each
/// followed by its [short] count of [value]s; what follows them is copied.
fn batch(body: &[u8], map: &IdMap) -> DecodeResult<Option<Vec<u8>>> {
    let mut r = Reader::new(body);
    let mut w = Writer::new();
    let kind = r.byte()?;
    let n = r.short()?;
    w.byte(kind).short(n);
    let mut changed = false;
    for _ in 0..n {
        let start = r.offset();
        match r.byte()? {
            1 => {
                let id = r.short_bytes_ref()?;
                w.byte(1);
                match map.get(id) {
                    Some(to) => {
                        changed = true;
                        w.short_bytes(to);
                    }
                    None => {
                        w.short_bytes(id);
                    }
                }
            }
            _ => {
                r.long_str()?;
                w.buf.extend_from_slice(&body[start..r.offset()]);
            }
        }
        let values_at = r.offset();
        for _ in 0..r.short()? {
            let len = r.int()?;
            if len > 0 {
                r.raw(len as usize)?;
            }
        }
        w.buf.extend_from_slice(&body[values_at..r.offset()]);
    }
    w.buf.extend_from_slice(&body[r.offset()..]);
    Ok(changed.then_some(w.buf))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map() -> IdMap {
        [(vec![1, 2], vec![9, 9, 9])].into_iter().collect()
    }

    #[test]
    fn an_execute_carries_the_targets_id() {
        let mut w = Writer::new();
        w.short_bytes(&[1, 2]).short(1).byte(0);
        let out = rewrite(op::EXECUTE, &w.buf, &map()).unwrap();
        let mut want = Writer::new();
        want.short_bytes(&[9, 9, 9]).short(1).byte(0);
        assert_eq!(out, want.buf);
        let mut other = Writer::new();
        other.short_bytes(&[3]).short(1);
        assert_eq!(rewrite(op::EXECUTE, &other.buf, &map()), None);
    }

    #[test]
    fn tracing_sessions_are_swapped_as_bytes_and_as_text() {
        let (from, to) = ([0xabu8; 16], [0x01u8; 16]);
        let map: IdMap = [(from.to_vec(), to.to_vec())].into_iter().collect();
        let text = |b: &[u8; 16]| String::from_utf8(uuid_text(b)).unwrap();
        assert_eq!(text(&from), "abababab-abab-abab-abab-abababababab");
        let q = format!(
            "SELECT * FROM system_traces.events WHERE session_id = {}",
            text(&from)
        );
        let want = format!(
            "SELECT * FROM system_traces.events WHERE session_id = {}",
            text(&to)
        );
        assert_eq!(swap_sessions(q.as_bytes(), &map), Some(want.into_bytes()));
        let mut bound = vec![0, 0, 0, 16];
        bound.extend_from_slice(&from);
        assert_eq!(swap_sessions(&bound, &map).unwrap()[4..], to);
        assert_eq!(swap_sessions(b"SELECT 1", &map), None);
    }

    #[test]
    fn a_batch_swaps_its_prepared_members_only() {
        let batch = |id: &[u8]| {
            let mut w = Writer::new();
            w.byte(0).short(2);
            w.byte(0)
                .long_string("INSERT INTO t (k) VALUES (1)")
                .short(0);
            w.byte(1).short_bytes(id).short(2);
            w.bytes(Some(b"ab")).bytes(None);
            w.short(1).byte(0);
            w.buf
        };
        assert_eq!(
            rewrite(op::BATCH, &batch(&[1, 2]), &map()),
            Some(batch(&[9, 9, 9]))
        );
        assert_eq!(rewrite(op::BATCH, &batch(&[4]), &map()), None);
        assert_eq!(rewrite(op::QUERY, &batch(&[1, 2]), &map()), None);
    }
}
