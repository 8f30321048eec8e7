//! Turns one complete request message into one reply message.
//!
//! Steps: read the header; choose the API generation from the method's
//! rows (found by name once per call, [`Called`]) and the wire types of the
//! arguments (see [`choose_generation`]); read the
//! arguments (0.6: with Java-faithful rules, then re-encoded canonically;
//! 19.x: with the generated argument structs, a decoding failure answered as
//! PROTOCOL_ERROR the way 1.2's processor did, except `get_slice`, `get` and
//! the batches of plain writes, read in place by `api19::inplace`
//! (its `reads` and `batch`); run the generation's API
//! implementation. Every decoding of client bytes here goes through
//! [`BoundedInput`] or a `wire::Reader` under the message's budget, so no
//! length or count in a message is trusted. Only a message whose header
//! cannot be read, or a call
//! 1.2 answered by dropping the connection (`ApiError::Dropped`), closes
//! the connection; every other problem is answered with an exception.

use crate::node::defer::{Answers, Step};
use crate::node::Node;
use crate::release::methods::{self, Method, TRACE_NEXT_QUERY};
use crate::thrift::api19;
use crate::thrift::api19::methods::{Row, Run, Shows};
use crate::thrift::api2::{self, idl, javaread};
use crate::thrift::error::application_error;
use crate::thrift::gen::cassandra06::CassandraSyncProcessor;
use crate::thrift::session::{Generation, Session};
use crate::thrift::wire::bounded::{self, BoundedInput};
use crate::thrift::wire::located::{Where, NOWHERE};
use crate::thrift::wire::scan::field_shape;
use crate::thrift::wire::walk::ArgShape;
use crate::thrift::wire::{mtype, MessageHeader, Reader, Writer};
use std::sync::OnceLock;
use thrift::protocol::{
    TBinaryOutputProtocol, TInputProtocol, TMessageIdentifier, TMessageType, TOutputProtocol,
};
use thrift::server::TProcessor;
use thrift::ApplicationErrorKind;

/// What a reply buffer starts with (see `handle_api19`).
const REPLY_CAPACITY: usize = 1024;

/// The message cannot be answered (its header is unreadable, or 1.2 dropped
/// the connection on this call): close the connection.
#[derive(Debug, thiserror::Error)]
#[error("unreadable message: {0}")]
pub struct Unanswerable(pub String);

/// A request's method: its rows in the method tables (`release::methods`,
/// `api19::methods`, `api2::idl`), found by name once per call, when the
/// transport has the request whole ([`Called::of`]), and carried to the
/// hand-off and dispatch so that neither looks a name up again.
#[derive(Clone, Copy)]
pub struct Called {
    pub method: &'static Method,
    /// The 19.x row, when 19.x declares the method.
    pub api19: Option<&'static Row>,
    /// The 0.6 row, when 0.6 declares it.
    pub api2: Option<&'static idl::Method>,
}

impl Called {
    /// The method of this name in either generation.
    #[inline]
    pub fn by_name(name: &[u8]) -> Option<Called> {
        INDEX.get_or_init(Index::build).find(name)
    }

    /// The method a request (header first) calls; `None` for a header that
    /// cannot be read or a name no generation declares.
    pub fn of(msg: &[u8]) -> Option<Called> {
        Called::by_name(Reader::new(msg).method_name().ok()?)
    }

    /// Where the method's arguments name things in generation `g` (nothing
    /// when `g` lacks it).
    pub fn at(&self, g: Generation) -> &'static Where {
        let at = match g {
            Generation::Api2 => self.api2.map(|m| &m.at),
            Generation::Api19 => self.api19.map(|r| &r.at),
        };
        at.unwrap_or(&NOWHERE)
    }
}

impl std::fmt::Debug for Called {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Called")
            .field("method", &self.method.name)
            .field("api19", &self.api19.is_some())
            .field("api2", &self.api2.is_some())
            .finish()
    }
}

/// Slots of [`Index`]: a power of two, a few times the methods.
const SLOTS: usize = 256;

/// Every method of both generations by name: an open-addressing hash
/// table over the method tables, built once. A lookup is a hash of the
/// name's length and first and last eight bytes, then one comparison in
/// the usual case (a linear search of the ~50 names cost a few hundred
/// instructions per call).
struct Index {
    /// Index into `called`, plus one; 0 is empty.
    slots: [u8; SLOTS],
    called: Vec<Called>,
}

static INDEX: OnceLock<Index> = OnceLock::new();

impl Index {
    fn build() -> Index {
        let called: Vec<Called> = methods::all()
            .map(|method| Called {
                method,
                api19: api19::methods::row(method.name),
                api2: idl::method(method.name),
            })
            .collect();
        let mut slots = [0u8; SLOTS];
        for (i, c) in called.iter().enumerate() {
            let mut s = slot(c.method.name.as_bytes());
            while slots[s] != 0 {
                s = (s + 1) % SLOTS;
            }
            slots[s] = u8::try_from(i + 1).expect("fewer methods than slots");
        }
        Index { slots, called }
    }

    #[inline]
    fn find(&self, name: &[u8]) -> Option<Called> {
        let mut s = slot(name);
        loop {
            let c = self
                .called
                .get(usize::from(self.slots[s]).checked_sub(1)?)?;
            if c.method.name.as_bytes() == name {
                return Some(*c);
            }
            s = (s + 1) % SLOTS;
        }
    }
}

/// The home slot of a name.
#[inline]
fn slot(name: &[u8]) -> usize {
    let n = name.len();
    let word = |b: &[u8]| {
        let mut w = [0u8; 8];
        w[..b.len()].copy_from_slice(b);
        u64::from_le_bytes(w)
    };
    let (first, last) = if n >= 8 {
        (word(&name[..8]), word(&name[n - 8..]))
    } else {
        let w = word(name);
        (w, w)
    };
    let h = (first ^ last.rotate_left(32) ^ n as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> (64 - SLOTS.trailing_zeros())) as usize
}

/// The generation a request shows by itself, if any: a method only one
/// generation has, or the wire type of the argument that differs between
/// the two (thrift-facts.md §2c), as the 19.x method table says
/// ([`Shows`]). `None` for requests identical in both (describe_keyspace(s),
/// describe_version, describe_cluster_name, describe_ring,
/// describe_partitioner) and for unknown methods.
pub fn shown_generation(name: &str, shape: &ArgShape) -> Option<Generation> {
    shown(Called::by_name(name.as_bytes()), shape)
}

/// [`shown_generation`] of a method already looked up.
fn shown(called: Option<Called>, shape: &ArgShape) -> Option<Generation> {
    use crate::thrift::wire::ttype;
    let type_of = |id: i16| shape.iter().find(|(f, _)| *f == id).map(|(_, t)| *t);
    let called = called?;
    match called.api19.map(|r| r.shows) {
        None if called.api2.is_some() => Some(Generation::Api2),
        None => None,
        Some(Shows::Unique) => Some(Generation::Api19),
        Some(Shows::Same) => None,
        Some(Shows::By(id, api19_type)) => match type_of(id) {
            Some(t) if t == api19_type => Some(Generation::Api19),
            Some(ttype::STRING) => Some(Generation::Api2),
            _ => None,
        },
        Some(Shows::Splits) => match type_of(3) {
            Some(ttype::I32) => Some(Generation::Api2),
            Some(ttype::STRING) => Some(Generation::Api19),
            _ => type_of(4).map(|_| Generation::Api19),
        },
    }
}

/// Which generation a call speaks: a pinned listener decides everything;
/// otherwise the request itself when it shows its generation, else what
/// the connection has shown before, else the listener's default (see
/// [`Session::ambiguous_generation`]).
pub fn choose_generation(name: &str, shape: &ArgShape, session: &Session) -> Generation {
    if let Some(g) = session.policy.pinned {
        return g;
    }
    shown_generation(name, shape).unwrap_or_else(|| session.ambiguous_generation())
}

/// Answers one request. `Ok(None)` means a oneway call (no reply).
pub fn handle(
    node: &Node,
    session: &mut Session,
    msg: &[u8],
) -> Result<Option<Vec<u8>>, Unanswerable> {
    handle_shaped(node, session, msg, None, Called::of(msg))
}

/// [`handle`] for a request whose argument shape the transport already
/// read (`Message::shape`), so the arguments are not walked again here,
/// and whose method it looked up (`called`, [`Called::of`] the request).
pub fn handle_shaped(
    node: &Node,
    session: &mut Session,
    msg: &[u8],
    shape: Option<&ArgShape>,
    called: Option<Called>,
) -> Result<Option<Vec<u8>>, Unanswerable> {
    // A reset (`Node::reset`) waits for this call or this call for it.
    let _gate = node.call_gate();
    let mut r = Reader::new(msg);
    session.would_block = false;
    let header = r
        .message_header()
        .map_err(|e| Unanswerable(e.to_string()))?;
    let walked;
    let shape = match shape {
        Some(s) => s,
        None => {
            walked = field_shape(&msg[r.position()..]);
            &walked
        }
    };
    // As `choose_generation` chooses, the method looked up once.
    let generation = match session.policy.pinned {
        Some(g) => g,
        None => {
            let shown = shown(called, shape);
            if shown.is_some() {
                session.shown = shown;
            }
            shown.unwrap_or_else(|| session.ambiguous_generation())
        }
    };
    session.generation = Some(generation);
    let reply = match generation {
        Generation::Api2 => handle_api2(node, session, &header, called, &mut r, msg.len()),
        Generation::Api19 => handle_api19(node, session, &header, called, msg, shape),
    };
    if let Some(why) = session.close_connection.take() {
        return Err(Unanswerable(why));
    }
    // The reads of a call are refused once its reply would exceed the cap;
    // what they did not count (describe calls, CQL result metadata) is
    // checked here, so that no reply over the cap is ever sent.
    let reply = match crate::node::reply::cap() {
        Some(cap) if reply.len() > cap => exception(
            &header,
            ApplicationErrorKind::InternalError,
            format!(
                "Internal error processing {}: reply of {} bytes exceeds the maximum message length of {cap} bytes",
                header.name,
                reply.len()
            ),
        ),
        _ => reply,
    };
    Ok((header.mtype != mtype::ONEWAY).then_some(reply))
}

/// [`handle`] with reads that do not wait on the disk (see
/// [`crate::node::route::attempt`]); `None` when one of them would have (the
/// handlers note the typed `ApiError::WouldBlock` in the session): what the
/// call produced is dropped, for the caller to run it again where it may
/// wait. Reads change nothing, so running one twice is harmless.
pub fn handle_without_waiting(
    node: &Node,
    session: &mut Session,
    msg: &[u8],
    shape: Option<&ArgShape>,
    called: Option<Called>,
) -> Option<Result<Option<Vec<u8>>, Unanswerable>> {
    // The attempt also gives up on a miss no handler saw (one swallowed
    // on its way up, e.g. by a read that falls back to another source).
    // A traced call run again is traced again, under the same id.
    let trace_next = session.api19.trace_next;
    let reply = crate::node::route::attempt(|| handle_shaped(node, session, msg, shape, called));
    if std::mem::take(&mut session.would_block) || reply.is_none() {
        session.api19.trace_next = trace_next;
        return None;
    }
    reply
}

/// [`handle`] with a cluster backend's calls answered from `answers` and
/// the first new one handed back to be awaited (see [`crate::node::defer`]):
/// then what the call produced is dropped (the handlers saw
/// `ApiError::WouldBlock`), for the caller to run it again with that
/// call's answer too. A write not yet answered is taken as succeeded
/// ([`Step::Assumed`]) unless the call is traced (a traced run records its
/// trace, which a run made again would record twice).
pub fn handle_awaiting(
    node: &Node,
    session: &mut Session,
    msg: &[u8],
    shape: Option<&ArgShape>,
    called: Option<Called>,
    answers: &mut Answers,
) -> Step<Result<Option<Vec<u8>>, Unanswerable>> {
    let trace_next = session.api19.trace_next;
    let handle = || handle_shaped(node, session, msg, shape, called);
    let step = match trace_next {
        None => crate::node::defer::run_assuming(answers, handle),
        Some(_) => crate::node::defer::run(answers, handle),
    };
    // Noted by the handlers for a call handed back, which the step says.
    session.would_block = false;
    if matches!(step, Step::Wait(_)) {
        session.api19.trace_next = trace_next;
    }
    step
}

fn handle_api2(
    node: &Node,
    session: &mut Session,
    header: &MessageHeader,
    called: Option<Called>,
    r: &mut Reader<'_>,
    msg_len: usize,
) -> Vec<u8> {
    let Some(method) = called.and_then(|c| c.api2) else {
        return unknown_method(header);
    };
    // The batches are read and converted mutation by mutation when they can
    // be (see `api2::batch`).
    if let Some(reply) = {
        let handler = api2::Handler::new(node, session);
        api2::batch::process(node, &handler, header, r.clone(), msg_len)
    } {
        return reply;
    }
    // The Java-faithful tree lives only until it is re-encoded, under the
    // message's budget; the generated code then decodes the canonical bytes.
    let canonical = {
        let _budget = bounded::budget_for(msg_len);
        let args = match javaread::read_args(r, &method.args) {
            Ok(args) => args,
            Err(e) => return exception(header, ApplicationErrorKind::ProtocolError, e.to_string()),
        };
        let mut canonical = Writer::new();
        canonical.message_header(&header.name, mtype::CALL, header.seqid);
        canonical.value(&javaread::to_value(&args));
        canonical.buf
    };
    let mut input = BoundedInput::new(&canonical);
    let mut out = Vec::with_capacity(REPLY_CAPACITY);
    let result = {
        let mut output = TBinaryOutputProtocol::new(&mut out, true);
        let processor = CassandraSyncProcessor::new(api2::Handler::new(node, session));
        processor.process(&mut input, &mut output)
    };
    match result {
        Ok(()) => out,
        Err(e) => {
            tracing::error!(method = %header.name, error = %e, "processor failed");
            exception(
                header,
                ApplicationErrorKind::InternalError,
                format!("Internal error processing {}", header.name),
            )
        }
    }
}

/// Java's TProtocolException text for a missing required field, from the
/// generated Rust reader's "missing required field Struct.field".
fn required_field_message(method: &str, rust: &str) -> String {
    match rust.rsplit_once("missing required field ") {
        Some((_, path)) => {
            let field = path.rsplit('.').next().unwrap_or(path);
            format!("Required field '{field}' was not present! Struct: {method}_args")
        }
        None => rust.to_string(),
    }
}

fn handle_api19(
    node: &Node,
    session: &mut Session,
    header: &MessageHeader,
    called: Option<Called>,
    msg: &[u8],
    shape: &ArgShape,
) -> Vec<u8> {
    // What the last call's refused arguments left unread in its frame
    // was read as this call: no release could parse it.
    if std::mem::take(&mut session.api19.unread_in_frame) {
        session.close_connection =
            Some("the previous call's arguments left bytes unread in its frame".into());
        return Vec::new();
    }
    // A method the release answered as did not declare: its processor's
    // reply to any unknown name.
    if node.release.is_some_and(|r| !r.has_method(&header.name)) {
        return unknown_method(header);
    }
    // The arguments as the release's own IDL declared them (without a
    // release, as they came: not even a call for it).
    let declared = match node.release {
        None => std::borrow::Cow::Borrowed(msg),
        Some(_) => match api19::as_declared(node, session, msg) {
            Ok(declared) => declared,
            Err((kind, text)) => return exception(header, kind, text),
        },
    };
    // The shape describes the message as it came, not one the release's
    // reading rewrote.
    let same = std::ptr::eq(declared.as_ptr(), msg.as_ptr()) && declared.len() == msg.len();
    let defaulted = api19::with_defaults(&header.name, &declared, same.then_some(&shape[..]));
    let msg: &[u8] = &defaulted;
    // Non-strict headers are accepted, as the Java server's TBinaryProtocol did.
    let mut input = BoundedInput::new(msg);
    if let Err(e) = input.read_message_begin() {
        return exception(header, ApplicationErrorKind::ProtocolError, e.to_string());
    }
    // Room for a typical reply and its frame header, so neither grows it
    // (a malloc of 1 KiB costs what one of 256 bytes does; a regrowth copies).
    let mut out = Vec::with_capacity(REPLY_CAPACITY);
    // The call after `trace_next_query` runs traced (the connection's
    // next one, whatever it is, as in 1.2).
    let traced = if header.name == TRACE_NEXT_QUERY.name {
        None
    } else {
        session.api19.trace_next.take()
    };
    let unframed = session.is_unframed();
    let mut run = || {
        // A method the 19.x IDL does not declare: the processor's reply
        // to an unknown name.
        let row = called?.api19?;
        let handler = api19::Handler::new(node, session).quoting(msg);
        Some(match row.run {
            Run::Generated(process) => {
                let mut output = TBinaryOutputProtocol::new(&mut out, true);
                process(&handler, header.seqid, &mut input, &mut output)
            }
            // Encoded straight from the engine's cells (see `api19::inplace`).
            Run::GetSlice => api19::process_get_slice(&handler, header.seqid, &mut input, &mut out),
            Run::Get => api19::process_get(&handler, header.seqid, &mut input, &mut out),
            // Plain writes are read in place (see `api19::inplace`).
            Run::Batch { atomic } => {
                let mut output = TBinaryOutputProtocol::new(&mut out, true);
                api19::process_batch_mutate_in_place(
                    &handler,
                    atomic,
                    header.seqid,
                    &mut input,
                    &mut output,
                )
            }
        })
    };
    let result = match traced {
        Some(id) => node.traced(id, &header.name, run),
        None => run(),
    };
    match result {
        None => unknown_method(header),
        Some(Ok(())) => out,
        // The handler's errors are all written as replies; an error here is
        // an argument struct that could not be read.
        Some(Err(thrift::Error::Protocol(p))) => exception(
            header,
            ApplicationErrorKind::ProtocolError,
            api19::required_field_error(node, unframed, msg)
                .unwrap_or_else(|| required_field_message(&header.name, &p.message)),
        ),
        Some(Err(e)) => exception(header, ApplicationErrorKind::ProtocolError, e.to_string()),
    }
}

/// The reply to a method the IDL (or the release) does not declare.
fn unknown_method(header: &MessageHeader) -> Vec<u8> {
    exception(
        header,
        ApplicationErrorKind::UnknownMethod,
        format!("Invalid method name: '{}'", header.name),
    )
}

/// A TApplicationException reply to `header`.
pub fn exception(header: &MessageHeader, kind: ApplicationErrorKind, message: String) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + message.len());
    let mut p = TBinaryOutputProtocol::new(&mut out, true);
    let err = application_error(kind, message);
    let ident = TMessageIdentifier::new(header.name.clone(), TMessageType::Exception, header.seqid);
    // Writing into a Vec cannot fail.
    let _ = p.write_message_begin(&ident);
    let _ = thrift::Error::write_application_error_to_out_protocol(&err, &mut p);
    let _ = p.write_message_end();
    out
}

#[cfg(test)]
#[path = "dispatch_tests.rs"]
mod tests;
