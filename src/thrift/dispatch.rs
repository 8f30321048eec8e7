//! Turns one complete request message into one reply message.
//!
//! Steps: read the header; choose the API generation from the method name
//! and the wire types of the arguments (see [`choose_generation`]); read the
//! arguments with the generation's Java-faithful rules; hand the canonical
//! form to the generated processor, whose handler is the generation's API
//! implementation. Only a message whose header cannot be read closes the
//! connection; every other problem is answered with an exception.

use crate::thrift::error::application_error;
use crate::thrift::gen::cassandra06::CassandraSyncProcessor;
use crate::thrift::node::Node;
use crate::thrift::scan::field_shape;
use crate::thrift::session::{Generation, Session};
use crate::thrift::v06::{self, idl, javaread};
use crate::thrift::wire::{mtype, MessageHeader, Reader, Writer};
use thrift::protocol::{
    TBinaryInputProtocol, TBinaryOutputProtocol, TMessageIdentifier, TMessageType, TOutputProtocol,
};
use thrift::server::TProcessor;
use thrift::ApplicationErrorKind;

/// The message cannot be answered (its header is unreadable): close the connection.
#[derive(Debug, thiserror::Error)]
#[error("unreadable message: {0}")]
pub struct Unanswerable(pub String);

/// The (field id, wire type) pairs of a call's top-level arguments, in wire
/// order: what tells the generations apart for methods they share.
pub type ArgShape = Vec<(i16, u8)>;

/// Which generation a call speaks. Only API 2.2.0 is served today; the 19.x
/// API will be chosen here per call from `shape` (e.g. `get` with field 2 a
/// STRUCT rather than a STRING, `login` with field 1 a STRUCT), and from the
/// session for the calls whose requests are identical in both generations.
pub fn choose_generation(_name: &str, _shape: &ArgShape, _session: &Session) -> Generation {
    Generation::V06
}

/// Answers one request. `Ok(None)` means a oneway call (no reply).
pub fn handle(
    node: &Node,
    session: &mut Session,
    msg: &[u8],
) -> Result<Option<Vec<u8>>, Unanswerable> {
    let mut r = Reader::new(msg);
    let header = r
        .message_header()
        .map_err(|e| Unanswerable(e.to_string()))?;
    let shape = field_shape(&msg[r.position()..]);
    let generation = choose_generation(&header.name, &shape, session);
    session.generation = Some(generation);
    let reply = match generation {
        Generation::V06 => handle_v06(node, session, &header, &mut r),
    };
    Ok((header.mtype != mtype::ONEWAY).then_some(reply))
}

fn handle_v06(
    node: &Node,
    session: &mut Session,
    header: &MessageHeader,
    r: &mut Reader<'_>,
) -> Vec<u8> {
    let Some(method) = idl::method(&header.name) else {
        return exception(
            header,
            ApplicationErrorKind::UnknownMethod,
            format!("Invalid method name: '{}'", header.name),
        );
    };
    let args = match javaread::read_args(r, &method.args) {
        Ok(args) => args,
        Err(e) => return exception(header, ApplicationErrorKind::ProtocolError, e.to_string()),
    };
    let mut canonical = Writer::new();
    canonical.message_header(&header.name, mtype::CALL, header.seqid);
    canonical.value(&javaread::to_value(&args));
    let mut input = TBinaryInputProtocol::new(&canonical.buf[..], true);
    let mut out = Vec::with_capacity(256);
    let result = {
        let mut output = TBinaryOutputProtocol::new(&mut out, true);
        let processor = CassandraSyncProcessor::new(v06::Handler::new(node, session));
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
