//! API 19.x (Cassandra 0.7 to 2.x, answered as 1.2.9 did): the method
//! implementations behind the generated 19.x processor.
//!
//! [`Handler`] adapts the generated handler trait (its methods in `calls`)
//! to the functions of `reads`, `writes`, `describe` and `schema_calls`,
//! which return typed [`ApiError`]s; the
//! only conversion to Thrift exceptions is [`error::into_thrift`]. The
//! connection's 19.x state (keyspace, user, CQL version) lives in the
//! session. CQL3 runs in `cql::exec` and CQL 2 in `cql2`, both through
//! [`cql::NodeBackend`]; `execute_cql_query` picks the dialect by the
//! connection's CQL version, as 1.2 did (see [`cql::cql2::speaks_cql2`]); the
//! CQL calls themselves are in `cql::calls`. The login, access and
//! CQL-session helpers of [`Handler`] are in `handler`: what a call must be
//! allowed to do is its row's in the method table ([`methods`], following
//! 1.2.9's checks), over the names its arguments give, and
//! `thrift::access` decides.

pub mod error;

mod batch;
mod calls;
mod cas;
mod convert;
mod counters;
pub mod cql;
mod cql3cells;
mod defs;
mod describe;
mod handler;
mod idl;
mod index;
mod inplace;
pub mod javaargs;
mod login;
pub mod methods;
mod reads;
mod release;
mod scan;
mod schema_calls;
mod validation;
mod writes;

pub use batch::process_batch_mutate;
pub use describe::VERSION;
pub use inplace::process_batch_mutate_in_place;
pub use inplace::{process_get, process_get_slice};

use crate::node::Node;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use crate::thrift::session::Session;
use std::borrow::Cow;
use std::cell::RefCell;

/// The Java text of the first required field `msg`'s arguments lack (see
/// `javaargs`), binary fields quoted as the node's release did.
pub fn required_field_error(node: &Node, unframed: bool, msg: &[u8]) -> Option<String> {
    javaargs::required_field_error_quoting(msg, release::buffer_quote(node, unframed))
}

/// `msg` (one whole call) with each argument the 19.x IDL defaulted
/// without requiring it (`remove`'s consistency level) written in where
/// absent, as Java's args struct started out holding it (see
/// `thrift::wire::defaults`).
/// `shape` is the transport's walk of these bytes, when it walked them.
pub fn with_defaults<'m>(
    method: &str,
    msg: &'m [u8],
    shape: Option<&[(i16, u8)]>,
) -> Cow<'m, [u8]> {
    match idl::args_of(method) {
        Some(args) => crate::thrift::wire::defaults::with_defaults(msg, args, shape),
        None => Cow::Borrowed(msg),
    }
}

/// `msg` (one whole call) as the node's release read it, by its own IDL
/// (see `release::wire::decode`): `Ok` the message to decode, as it came or
/// without the fields that release did not declare; `Err` the text of the
/// TProtocolException it refused the arguments with. Without a release,
/// the message as it came.
///
/// A refusal inside a nested struct left the rest of the frame unread;
/// the release's server read those bytes as the start of the next call
/// and closed the connection then: the session remembers it
/// (`State19::unread_in_frame`).
pub fn as_declared<'m>(
    node: &Node,
    session: &mut Session,
    msg: &'m [u8],
) -> Result<Cow<'m, [u8]>, (thrift::ApplicationErrorKind, String)> {
    let Some(r) = node.release else {
        return Ok(Cow::Borrowed(msg));
    };
    session.api19.null_argument = false;
    session.api19.null_lists.clear();
    match release::wire::decode::as_declared(
        r,
        msg,
        release::buffer_quote(node, session.is_unframed()),
    ) {
        release::wire::decode::Declared::Read(msg) => Ok(msg),
        release::wire::decode::Declared::FailsAfterChecks(msg) => {
            session.api19.null_argument = true;
            Ok(msg)
        }
        release::wire::decode::Declared::NullLists(msg, names) => {
            session.api19.null_lists = names;
            Ok(msg)
        }
        release::wire::decode::Declared::Refused(text, left_unread) => {
            session.api19.unread_in_frame = left_unread;
            Err((thrift::ApplicationErrorKind::ProtocolError, text))
        }
    }
}

/// The generated 19.x handler trait over one connection's session.
pub struct Handler<'a> {
    node: &'a Node,
    session: RefCell<&'a mut Session>,
    /// The call's whole message, quoted by Java-style "Required field"
    /// errors (see `javaargs`); empty when unknown.
    message: &'a [u8],
}

impl Handler<'_> {
    /// The one way a 19.x result leaves the handler: a read that would
    /// have waited on the disk is noted in the session for the server (see
    /// `Session::would_block`), and errors become this generation's
    /// exceptions.
    fn wrap<T>(&self, method: &str, r: ApiResult<T>) -> thrift::Result<T> {
        // In the release's words first: some of its refusals closed the
        // connection instead.
        let r = r.map_err(|e| release::reword(self.node, method, e));
        let r = r.map_err(|e| release::v07::reword(self.node, method, e));
        match r {
            Err(ApiError::WouldBlock(_)) => self.session.borrow_mut().would_block = true,
            Err(ApiError::Dropped(ref why)) => {
                tracing::warn!(
                    method,
                    why,
                    "closing the connection without a reply, as Cassandra did"
                );
                self.session.borrow_mut().close_connection = Some(why.clone());
            }
            // A Deletion quoted in a refusal: as the release's libthrift
            // printed its binary fields.
            Err(ApiError::InvalidRequest(ref why)) if why.contains("Deletion=Deletion(") => {
                let quote = release::buffer_quote(self.node, self.session.borrow().is_unframed());
                let why = javaargs::requote_deletions(self.message, quote, why.clone());
                return Err(error::into_thrift(ApiError::InvalidRequest(why), method));
            }
            // An undeclared ConsistencyLevel (Java's null): quote the
            // arguments as the Java stub's validate() did.
            Err(ApiError::Protocol(ref text)) if text.starts_with("Required field '") => {
                let unframed = self.session.borrow().is_unframed();
                if let Some(java) = required_field_error(self.node, unframed, self.message) {
                    return Err(error::into_thrift(ApiError::Protocol(java), method));
                }
            }
            _ => {}
        }
        r.map_err(|e| error::into_thrift(e, method))
    }
}
