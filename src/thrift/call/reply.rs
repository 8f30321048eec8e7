//! How a Thrift call ended, from its reply: ok, the declared exception it
//! carried (named by [`crate::thrift::error::declared::exception_name`]) or a
//! TApplicationException, with the exception's `why` (or message); or no
//! reply at all. One reading for the request log and the activity record.
//!
//! Read from the reply bytes only when one of them needs it; it never
//! changes the reply.

use crate::thrift::dispatch::Unanswerable;
use crate::thrift::error::declared::exception_name;
use crate::thrift::session::Generation;
use crate::thrift::wire::{mtype, ttype, Reader};
use std::fmt;

/// How a call ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// The declared exception the reply carries (or its field id, for one
    /// the IDL does not declare).
    Exception(String),
    /// A TApplicationException of this type.
    Application(&'static str),
    /// A oneway call (no reply).
    NoReply,
    /// No reply: the connection is closed (why).
    Closed(String),
}

impl Outcome {
    /// The outcome as the activity record names it: "ok", the exception's
    /// name, "TApplicationException" or "connection_closed".
    pub fn recorded(&self) -> &str {
        match self {
            Outcome::Ok | Outcome::NoReply => "ok",
            Outcome::Exception(name) => name,
            Outcome::Application(_) => "TApplicationException",
            Outcome::Closed(_) => "connection_closed",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ok => f.write_str("ok"),
            Outcome::Exception(e) => f.write_str(e),
            Outcome::Application(kind) => write!(f, "TApplicationException({kind})"),
            Outcome::NoReply => f.write_str("ok (oneway)"),
            Outcome::Closed(why) => write!(f, "connection closed: {why}"),
        }
    }
}

/// A call's outcome and the `why` of its exception (the reason the
/// connection closed, for no reply), if it has one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    pub outcome: Outcome,
    pub why: Option<String>,
}

/// How a call of `method` in generation `g` ended, from what the server
/// answered: a reply message, no reply (oneway) or a closed connection.
pub fn ending(
    g: Generation,
    method: &str,
    reply: &Result<Option<Vec<u8>>, Unanswerable>,
) -> Ending {
    match reply {
        Ok(Some(bytes)) => read(g, method, bytes),
        Ok(None) => Ending {
            outcome: Outcome::NoReply,
            why: None,
        },
        Err(e) => Ending {
            outcome: Outcome::Closed(e.0.clone()),
            why: Some(e.0.clone()),
        },
    }
}

/// How the reply message `reply` to a call of `method` ended.
pub fn read(g: Generation, method: &str, reply: &[u8]) -> Ending {
    let mut r = Reader::new(reply);
    let Ok(header) = r.message_header() else {
        return Ending {
            outcome: Outcome::Application("UNKNOWN"),
            why: None,
        };
    };
    let mut first = None;
    let mut app_kind = 0;
    let mut why = None;
    let _ = r.each_field(&mut |r, id, t| {
        let is_first = first.is_none();
        first.get_or_insert(id);
        match (header.mtype, id, t) {
            // TApplicationException's message and type.
            (mtype::EXCEPTION, 1, ttype::STRING) => {
                why = Some(String::from_utf8_lossy(r.bytes()?).into_owned())
            }
            (mtype::EXCEPTION, 2, ttype::I32) => app_kind = r.i32()?,
            // A declared exception: its `why`, when it has one.
            (mtype::REPLY, id, ttype::STRUCT) if id != 0 && is_first => {
                r.each_field(&mut |r, f, t| {
                    match (f, t) {
                        (1, ttype::STRING) => {
                            why = Some(String::from_utf8_lossy(r.bytes()?).into_owned())
                        }
                        _ => r.skip(t, 2)?,
                    }
                    Ok(())
                })?
            }
            _ => r.skip(t, 1)?,
        }
        Ok(())
    });
    let outcome = if header.mtype == mtype::EXCEPTION {
        Outcome::Application(application_kind(app_kind))
    } else {
        match first {
            None | Some(0) => Outcome::Ok,
            Some(id) => Outcome::Exception(match exception_name(g, method, id) {
                Some(n) => n.to_string(),
                None => format!("exception in result field {id}"),
            }),
        }
    };
    Ending { outcome, why }
}

/// The names of TApplicationException's types, as Thrift's Java enum.
fn application_kind(kind: i32) -> &'static str {
    match kind {
        1 => "UNKNOWN_METHOD",
        2 => "INVALID_MESSAGE_TYPE",
        3 => "WRONG_METHOD_NAME",
        4 => "BAD_SEQUENCE_ID",
        5 => "MISSING_RESULT",
        6 => "INTERNAL_ERROR",
        7 => "PROTOCOL_ERROR",
        8 => "INVALID_TRANSFORM",
        9 => "INVALID_PROTOCOL",
        10 => "UNSUPPORTED_CLIENT_TYPE",
        _ => "UNKNOWN",
    }
}

#[cfg(test)]
#[path = "reply_tests.rs"]
mod tests;
