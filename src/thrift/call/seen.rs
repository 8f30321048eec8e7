//! Tells the node's call observer (metrics) about each answered call: the
//! generation, the method name and whether the reply is an exception, read
//! from the request and reply headers without allocating (see
//! [`crate::node::calls::observe`]). Called by [`crate::thrift::call::log`] for
//! every call; it must stay this cheap.

use crate::node::calls::observe::{CallObserver, CallSeen};
use crate::thrift::dispatch::Unanswerable;
use crate::thrift::session::Generation;
use crate::thrift::wire::{mtype, Reader};
use std::time::Duration;

/// Reports one call to `observer`.
pub(crate) fn report(
    observer: &dyn CallObserver,
    generation: Option<Generation>,
    msg: &[u8],
    reply: &Result<Option<Vec<u8>>, Unanswerable>,
    took: Duration,
) {
    let failed = match reply {
        Ok(Some(bytes)) => reply_failed(bytes),
        Ok(None) => false,
        Err(_) => true,
    };
    observer.call(&CallSeen {
        api: generation.unwrap_or(Generation::Api2).as_str(),
        method: header(msg).map_or(&b""[..], |(name, _)| name),
        kind: None,
        failed,
        took,
    });
}

/// The name and type of a message, from its header (either form).
fn header(msg: &[u8]) -> Option<(&[u8], u8)> {
    let mut r = Reader::new(msg);
    let first = r.i32().ok()?;
    if first < 0 {
        let name = r.bytes().ok()?;
        Some((name, (first as u32 & 0xff) as u8))
    } else {
        let len = usize::try_from(first).ok()?;
        let name = msg.get(4..4 + len)?;
        Some((name, *msg.get(4 + len)?))
    }
}

/// Whether a reply is an exception: a TApplicationException message, or a
/// result struct whose first field is not the success field (0). A void
/// success is an empty struct.
fn reply_failed(reply: &[u8]) -> bool {
    let Some((name, kind)) = header(reply) else {
        return true;
    };
    if kind == mtype::EXCEPTION {
        return true;
    }
    // The strict header is 4 + 4 + name + 4 (seqid); the old one 4 + name + 1 + 4.
    let strict = reply.first().is_some_and(|b| b & 0x80 != 0);
    let start = if strict { 12 } else { 9 } + name.len();
    match reply.get(start) {
        None | Some(0) => false,
        Some(_) => reply.get(start + 1..start + 3) != Some(&[0, 0][..]),
    }
}

#[cfg(test)]
#[path = "seen_tests.rs"]
mod tests;
