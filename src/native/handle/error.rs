//! The one mapping from typed errors to the native protocol's ERROR
//! message: Cassandra's codes, its texts, and the extra fields some codes
//! carry. The executor's, the node's and the decoder's errors all become a
//! [`NativeError`] here and nowhere else, and so do the test kit's primed
//! faults ([`fault_error`]), with what each protocol version can say.
//!
//! Must not decide whether something is an error (the layers below do).

use super::super::wire::codec::{DecodeError, Writer};
use super::super::wire::frame::FrameError;
use super::super::wire::request::consistency_name;
use super::super::wire::result::BadPagingState;
use crate::call::{Refusal, Said};
use crate::cql::exec::prepared_not_found;
use crate::cql::CqlError;
use crate::node::calls::faults::{Fault, FaultKind, WRITE_TYPES};
use crate::node::NodeError;
use crate::release::{Behaviour, Release};

/// The error codes (native_protocol_v4.spec, section 9).
pub mod code {
    pub const SERVER_ERROR: i32 = 0x0000;
    pub const PROTOCOL_ERROR: i32 = 0x000A;
    pub const BAD_CREDENTIALS: i32 = 0x0100;
    pub const UNAVAILABLE: i32 = 0x1000;
    pub const OVERLOADED: i32 = 0x1001;
    pub const IS_BOOTSTRAPPING: i32 = 0x1002;
    pub const TRUNCATE_ERROR: i32 = 0x1003;
    pub const WRITE_TIMEOUT: i32 = 0x1100;
    pub const READ_TIMEOUT: i32 = 0x1200;
    pub const SYNTAX_ERROR: i32 = 0x2000;
    pub const UNAUTHORIZED: i32 = 0x2100;
    pub const INVALID: i32 = 0x2200;
    pub const CONFIG_ERROR: i32 = 0x2300;
    pub const ALREADY_EXISTS: i32 = 0x2400;
    pub const UNPREPARED: i32 = 0x2500;
}

/// An ERROR to send.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NativeError {
    #[error("{0}")]
    Server(String),
    /// The client broke the protocol (a bad frame, an unexpected message).
    #[error("{0}")]
    Protocol(String),
    #[error("{0}")]
    BadCredentials(String),
    #[error("{message}")]
    Unavailable {
        message: String,
        consistency: u16,
        required: i32,
        alive: i32,
    },
    #[error("{0}")]
    Overloaded(String),
    #[error("{0}")]
    IsBootstrapping(String),
    /// A truncate some replica did not take (unavailable or timed out).
    #[error("{0}")]
    Truncate(String),
    /// Also a write that could not be made durable: 1.2 answered it as a
    /// timeout, which clients retry.
    #[error("{message}")]
    WriteTimeout {
        message: String,
        consistency: u16,
        received: i32,
        block_for: i32,
        write_type: &'static str,
    },
    #[error("{message}")]
    ReadTimeout {
        message: String,
        consistency: u16,
        received: i32,
        block_for: i32,
        data_present: bool,
    },
    #[error("{0}")]
    Syntax(String),
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Invalid(String),
    /// A schema change the schema refused (1.2's `ConfigurationException`).
    #[error("{0}")]
    Config(String),
    #[error("{message}")]
    AlreadyExists {
        message: String,
        keyspace: String,
        table: String,
    },
    /// An id no cache holds: 1.2.9's words, and the id for the driver to
    /// prepare again.
    #[error("{}", prepared_not_found(&hex(.0), "query"))]
    Unprepared(Vec<u8>),
}

pub type NativeResult<T> = Result<T, NativeError>;

pub fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

impl From<DecodeError> for NativeError {
    fn from(e: DecodeError) -> Self {
        NativeError::Protocol(e.0)
    }
}

impl From<FrameError> for NativeError {
    fn from(e: FrameError) -> Self {
        NativeError::Protocol(e.0)
    }
}

impl From<BadPagingState> for NativeError {
    fn from(e: BadPagingState) -> Self {
        NativeError::Invalid(e.to_string())
    }
}

impl From<CqlError> for NativeError {
    fn from(e: CqlError) -> Self {
        match e {
            CqlError::Syntax { .. } => NativeError::Syntax(e.to_string()),
            CqlError::Invalid(why) => refused(why),
        }
    }
}

impl From<NodeError> for NativeError {
    fn from(e: NodeError) -> Self {
        match e {
            NodeError::Invalid(why) => refused(why),
            NodeError::Unwritable(why) => NativeError::WriteTimeout {
                message: format!("Operation timed out - received only 0 responses. ({why})"),
                consistency: 1,
                received: 0,
                block_for: 1,
                write_type: "SIMPLE",
            },
            NodeError::Internal(detail) => {
                tracing::error!(%detail, "native protocol request failed");
                NativeError::Server(detail)
            }
            // Native requests run where reads may wait (the blocking pool),
            // so no no-wait attempt is ever made on their behalf.
            NodeError::WouldBlock(detail) => NativeError::Server(detail),
            // A gateway serving native: the cluster's refusal, passed on as
            // it gave it, or for a data call's failure it did not answer (a
            // connection lost under the request, the driver's deadline, no
            // node to ask) the counts the node gave it
            // (`node::error::gateway_call_error`; a truncate's is
            // TRUNCATE_ERROR). Only a schema change has none: Cassandra's
            // DDL answered a silent cluster with no level-based error.
            NodeError::Unavailable {
                refusal: Some(r), ..
            }
            | NodeError::TimedOut {
                refusal: Some(r), ..
            } => from_cluster(r),
            NodeError::Unavailable { why, .. } | NodeError::TimedOut { why, .. } => {
                NativeError::Server(why)
            }
        }
    }
}

/// A statement's parse error as the node's release worded it: from 2.1
/// the parser's collector ended a syntax error with the statement's
/// snippet (see [`crate::cql::snippet`]), and QUERY, PREPARE and BATCH's
/// texts went through the same parse as Thrift's CQL 3 calls, so the
/// SyntaxError carries the same text Thrift's answer does.
pub fn parse_error(release: Option<&Release>, text: &str, e: CqlError) -> NativeError {
    let e = if release.is_some_and(|r| r.does(Behaviour::QuotedFunctionNames)) {
        crate::cql::snippet::as_function_name(text, &e).unwrap_or(e)
    } else {
        e
    };
    if release.is_some_and(|r| r.does(Behaviour::Cql3SyntaxSnippets)) {
        if let Some(with) = crate::cql::snippet::with_snippet(text, &e) {
            return NativeError::Syntax(with);
        }
    }
    e.into()
}

/// A cluster's refusal as the native protocol's ERROR it was (the write
/// type by v4's names; [`NativeError::for_version`] narrows it).
fn from_cluster(r: Refusal) -> NativeError {
    let message = r.message;
    match r.said {
        Said::Unavailable {
            consistency,
            required,
            alive,
        } => NativeError::Unavailable {
            message,
            consistency,
            required,
            alive,
        },
        Said::ReadTimeout {
            consistency,
            received,
            block_for,
            data_present,
        } => NativeError::ReadTimeout {
            message,
            consistency,
            received,
            block_for,
            data_present,
        },
        Said::WriteTimeout {
            consistency,
            received,
            block_for,
            write_type,
        } => NativeError::WriteTimeout {
            message,
            consistency,
            received,
            block_for,
            write_type: write_type_for(4, &write_type),
        },
        Said::Overloaded => NativeError::Overloaded(message),
        Said::IsBootstrapping => NativeError::IsBootstrapping(message),
        Said::TruncateError => NativeError::Truncate(message),
    }
}

/// An invalid request under the code 1.2 gave its text: its schema
/// refusals (`ConfigurationException`s: a missing keyspace or table to drop
/// or update, an incompatible type change) are CONFIG_ERROR, an existing one
/// to add is ALREADY_EXISTS, the rest INVALID.
fn refused(why: String) -> NativeError {
    const CONFIG: [&str; 5] = [
        "Cannot drop non existing ",
        "Cannot update non existing ",
        "Cannot add column family '",
        "Missing mandatory replication strategy class",
        "Missing replication strategy class",
    ];
    if CONFIG.iter().any(|p| why.starts_with(p))
        || (why.starts_with("Cannot change ") && why.ends_with(": types are incompatible."))
    {
        return NativeError::Config(why);
    }
    already_exists(&why).unwrap_or(NativeError::Invalid(why))
}

/// 1.2's refusals of a keyspace or table that exists already, which the
/// native protocol reports as ALREADY_EXISTS (drivers act on the code).
fn already_exists(why: &str) -> Option<NativeError> {
    // The names are the double-quoted parts of 1.2's texts.
    let quoted: Vec<&str> = why.split('"').skip(1).step_by(2).collect();
    let (keyspace, table) = if why.starts_with("Cannot add existing keyspace") {
        (quoted.first()?.to_string(), String::new())
    } else if why.starts_with("Cannot add already existing column family") {
        (quoted.get(1)?.to_string(), quoted.first()?.to_string())
    } else {
        return None;
    };
    Some(NativeError::AlreadyExists {
        message: why.to_string(),
        keyspace,
        table,
    })
}

impl NativeError {
    pub fn code(&self) -> i32 {
        match self {
            NativeError::Server(_) => code::SERVER_ERROR,
            NativeError::Protocol(_) => code::PROTOCOL_ERROR,
            NativeError::BadCredentials(_) => code::BAD_CREDENTIALS,
            NativeError::Unavailable { .. } => code::UNAVAILABLE,
            NativeError::Overloaded(_) => code::OVERLOADED,
            NativeError::IsBootstrapping(_) => code::IS_BOOTSTRAPPING,
            NativeError::Truncate(_) => code::TRUNCATE_ERROR,
            NativeError::WriteTimeout { .. } => code::WRITE_TIMEOUT,
            NativeError::ReadTimeout { .. } => code::READ_TIMEOUT,
            NativeError::Syntax(_) => code::SYNTAX_ERROR,
            NativeError::Unauthorized(_) => code::UNAUTHORIZED,
            NativeError::Invalid(_) => code::INVALID,
            NativeError::Config(_) => code::CONFIG_ERROR,
            NativeError::AlreadyExists { .. } => code::ALREADY_EXISTS,
            NativeError::Unprepared(_) => code::UNPREPARED,
        }
    }

    /// This error as protocol `version` can say it: a write timeout's
    /// write type that version does not name is SIMPLE.
    pub fn for_version(self, version: u8) -> NativeError {
        match self {
            NativeError::WriteTimeout {
                message,
                consistency,
                received,
                block_for,
                write_type,
            } => NativeError::WriteTimeout {
                message,
                consistency,
                received,
                block_for,
                write_type: write_type_for(version, write_type),
            },
            other => other,
        }
    }

    /// The ERROR message's body.
    pub fn body(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.int(self.code()).string(&self.to_string());
        match self {
            NativeError::Unavailable {
                consistency,
                required,
                alive,
                ..
            } => {
                w.short(*consistency).int(*required).int(*alive);
            }
            NativeError::WriteTimeout {
                consistency,
                received,
                block_for,
                write_type,
                ..
            } => {
                w.short(*consistency)
                    .int(*received)
                    .int(*block_for)
                    .string(write_type);
            }
            NativeError::ReadTimeout {
                consistency,
                received,
                block_for,
                data_present,
                ..
            } => {
                w.short(*consistency).int(*received).int(*block_for);
                w.buf.push(u8::from(*data_present));
            }
            NativeError::AlreadyExists {
                keyspace, table, ..
            } => {
                w.string(keyspace).string(table);
            }
            NativeError::Unprepared(id) => {
                w.short_bytes(id);
            }
            _ => {}
        }
        w.buf
    }
}

/// What a primed fault needs to know of the request it answers.
#[derive(Clone, Copy, Debug)]
pub struct FaultCall {
    pub version: u8,
    /// The request's consistency code (a PREPARE's: ONE).
    pub consistency: u16,
    /// A read (a SELECT): a plain `timed_out` rule is a read timeout.
    pub read: bool,
    /// The write type of the statement (a BATCH's by its kind).
    pub write_type: &'static str,
}

/// Whether a native request can carry a fault of `kind` (a NotFound has
/// no native form).
pub fn fault_carried(kind: FaultKind) -> bool {
    kind != FaultKind::NotFound
}

/// The write types each protocol version names: v1 has no CAS (2.0's),
/// v1-v3 no VIEW or CDC (3.0's). A type the version lacks is sent as SIMPLE,
/// which every driver of that version reads.
fn write_type_for(version: u8, wanted: &str) -> &'static str {
    const V1: [&str; 5] = ["SIMPLE", "BATCH", "UNLOGGED_BATCH", "COUNTER", "BATCH_LOG"];
    let known = |t: &&str| {
        V1.contains(t)
            || (*t == "CAS" && version >= 2)
            || (matches!(*t, "VIEW" | "CDC") && version >= 4)
    };
    WRITE_TYPES
        .iter()
        .copied()
        .find(|t| *t == wanted)
        .filter(known)
        .unwrap_or("SIMPLE")
}

/// The ERROR a fired fault answers `call` with; `None` for the kinds that
/// answer nothing themselves (a delay, a dropped connection). Counts not
/// given by the rule: one replica required, none answered or alive.
pub fn fault_error(fault: &Fault, call: &FaultCall) -> Option<NativeError> {
    let d = &fault.detail;
    let count =
        |v: Option<u32>, default: i32| v.map_or(default, |n| i32::try_from(n).unwrap_or(i32::MAX));
    let received = count(d.received, 0);
    let block_for = count(d.block_for, 1);
    let why = |default: String| fault.why.clone().unwrap_or(default);
    let injected = || why(format!("Injected by fault rule {}", fault.rule));
    let timed_out = || {
        why(format!(
            "Operation timed out - received only {received} responses."
        ))
    };
    let cl = call.consistency;
    let read = match fault.kind {
        FaultKind::ReadTimeout => true,
        FaultKind::WriteTimeout => false,
        FaultKind::TimedOut => call.read,
        FaultKind::Unavailable => {
            return Some(NativeError::Unavailable {
                message: why(format!(
                    "Cannot achieve consistency level {}",
                    consistency_name(cl)
                )),
                consistency: cl,
                required: block_for,
                alive: count(d.alive, 0),
            })
        }
        FaultKind::Overloaded => return Some(NativeError::Overloaded(injected())),
        FaultKind::IsBootstrapping => {
            return Some(NativeError::IsBootstrapping(why(
                "Cannot read from a bootstrapping node".into(),
            )))
        }
        FaultKind::ServerError | FaultKind::ApplicationError => {
            return Some(NativeError::Server(injected()))
        }
        FaultKind::InvalidRequest | FaultKind::NotFound => {
            return Some(NativeError::Invalid(injected()))
        }
        FaultKind::Authentication => return Some(NativeError::BadCredentials(injected())),
        FaultKind::Authorization => return Some(NativeError::Unauthorized(injected())),
        FaultKind::DropConnection | FaultKind::Delay => return None,
    };
    Some(if read {
        NativeError::ReadTimeout {
            message: timed_out(),
            consistency: cl,
            received,
            block_for,
            data_present: d.data_present.unwrap_or(false),
        }
    } else {
        NativeError::WriteTimeout {
            message: timed_out(),
            consistency: cl,
            received,
            block_for,
            write_type: write_type_for(
                call.version,
                d.write_type.as_deref().unwrap_or(call.write_type),
            ),
        }
    })
}

/// The name of an ERROR body's code, as the activity record shows an
/// outcome ("READ_TIMEOUT"); `None` when the body has no code.
pub fn code_name(body: &[u8]) -> Option<&'static str> {
    let code = i32::from_be_bytes(body.get(..4)?.try_into().ok()?);
    Some(match code {
        code::SERVER_ERROR => "SERVER_ERROR",
        code::PROTOCOL_ERROR => "PROTOCOL_ERROR",
        code::BAD_CREDENTIALS => "BAD_CREDENTIALS",
        code::UNAVAILABLE => "UNAVAILABLE",
        code::OVERLOADED => "OVERLOADED",
        code::IS_BOOTSTRAPPING => "IS_BOOTSTRAPPING",
        code::TRUNCATE_ERROR => "TRUNCATE_ERROR",
        code::WRITE_TIMEOUT => "WRITE_TIMEOUT",
        code::READ_TIMEOUT => "READ_TIMEOUT",
        code::SYNTAX_ERROR => "SYNTAX_ERROR",
        code::UNAUTHORIZED => "UNAUTHORIZED",
        code::INVALID => "INVALID",
        code::CONFIG_ERROR => "CONFIG_ERROR",
        code::ALREADY_EXISTS => "ALREADY_EXISTS",
        code::UNPREPARED => "UNPREPARED",
        _ => "ERROR",
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::codec::Reader;

    #[test]
    fn executor_errors_keep_their_texts_under_their_codes() {
        let e: NativeError = CqlError::Invalid("unconfigured columnfamily t".into()).into();
        assert_eq!(e.code(), code::INVALID);
        let body = e.body();
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), 0x2200);
        assert_eq!(r.string().unwrap(), "unconfigured columnfamily t");
        let e: NativeError = CqlError::Syntax {
            line: 1,
            column: 0,
            message: "x".into(),
        }
        .into();
        assert_eq!(e.code(), code::SYNTAX_ERROR);
        assert_eq!(e.to_string(), "line 1:0 x");
    }

    #[test]
    fn schema_refusals_are_config_errors() {
        for why in [
            "Cannot drop non existing column family 't' in keyspace 'ks'.",
            "Cannot drop non existing keyspace 'ks'.",
            "Cannot change v from type int to type text: types are incompatible.",
        ] {
            let e: NativeError = CqlError::Invalid(why.into()).into();
            assert_eq!(e.code(), code::CONFIG_ERROR, "{why}");
            assert_eq!(e.to_string(), why);
        }
        let e: NativeError =
            NodeError::Invalid("Cannot drop non existing keyspace 'x'.".into()).into();
        assert_eq!(e.code(), code::CONFIG_ERROR);
    }

    #[test]
    fn existing_keyspaces_are_already_exists() {
        let e: NativeError = CqlError::Invalid("Cannot add existing keyspace \"ks\"".into()).into();
        assert_eq!(e.code(), code::ALREADY_EXISTS);
        let e: NativeError = CqlError::Invalid(
            "Cannot add already existing column family \"t\" to keyspace \"ks\"".into(),
        )
        .into();
        let NativeError::AlreadyExists {
            keyspace, table, ..
        } = e
        else {
            panic!()
        };
        assert_eq!((keyspace.as_str(), table.as_str()), ("ks", "t"));
        let e = NativeError::Unprepared(vec![0xab, 0x01]);
        assert_eq!(
            e.to_string(),
            "Prepared query with ID ab01 not found (either the query was not prepared on this \
             host (maybe the host has been restarted?) or you have prepared more than 100000 \
             queries and query ab01 has been evicted from the internal cache)"
        );
        let body = e.body();
        let mut r = Reader::new(&body);
        r.int().unwrap();
        r.string().unwrap();
        assert_eq!(r.short_bytes().unwrap(), vec![0xab, 0x01]);
    }

    #[test]
    fn a_clusters_refusals_pass_on_as_it_gave_them() {
        let refused = |said| NodeError::TimedOut {
            why: "cluster timed out".into(),
            acknowledged: Default::default(),
            refusal: Some(Refusal {
                message: "Operation timed out - received only 1 responses.".into(),
                said,
            }),
        };
        let e = NativeError::from(refused(Said::ReadTimeout {
            consistency: 4,
            received: 1,
            block_for: 2,
            data_present: true,
        }));
        let body = e.body();
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), code::READ_TIMEOUT);
        assert_eq!(
            r.string().unwrap(),
            "Operation timed out - received only 1 responses."
        );
        assert_eq!((r.short().unwrap(), r.int().unwrap()), (4, 1));
        assert_eq!(r.int().unwrap(), 2);
        let view = refused(Said::WriteTimeout {
            consistency: 1,
            received: 0,
            block_for: 1,
            write_type: "VIEW".into(),
        });
        let written = |e: NativeError| match e {
            NativeError::WriteTimeout { write_type, .. } => write_type,
            other => panic!("{other:?}"),
        };
        assert_eq!(
            written(NativeError::from(view.clone()).for_version(4)),
            "VIEW"
        );
        assert_eq!(written(NativeError::from(view).for_version(3)), "SIMPLE");
        let e = NativeError::from(NodeError::Unavailable {
            why: "cluster unavailable".into(),
            refusal: Some(Refusal {
                message: "Cannot achieve consistency level ALL".into(),
                said: Said::Unavailable {
                    consistency: 5,
                    required: 3,
                    alive: 2,
                },
            }),
        });
        assert_eq!(
            e,
            NativeError::Unavailable {
                message: "Cannot achieve consistency level ALL".into(),
                consistency: 5,
                required: 3,
                alive: 2,
            }
        );
        let overloaded = refused(Said::Overloaded);
        assert_eq!(NativeError::from(overloaded).code(), code::OVERLOADED);
        // A failure the cluster did not answer has no counts to tell.
        let lost = NodeError::TimedOut {
            why: "cluster connection lost: broken pipe".into(),
            acknowledged: Default::default(),
            refusal: None,
        };
        assert_eq!(NativeError::from(lost).code(), code::SERVER_ERROR);
    }
}
