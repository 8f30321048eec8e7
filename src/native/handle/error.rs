//! The one mapping from typed errors to the native protocol's ERROR
//! message: Cassandra's codes, its texts, and the extra fields some codes
//! carry. The executor's, the node's and the decoder's errors all become a
//! [`NativeError`] here and nowhere else, and so do the test kit's primed
//! faults (`fault`), with what each protocol version can say (`body`:
//! the codes, each code's body, and the narrowing to a version).
//!
//! Must not decide whether something is an error (the layers below do).

mod body;
mod fault;

pub use body::{code, code_name};
pub use fault::{fault_carried, fault_error, FaultCall};

use super::super::wire::codec::DecodeError;
use super::super::wire::frame::FrameError;
use super::super::wire::result::BadPagingState;
use crate::call::{Refusal, Said};
use crate::cql::exec::prepared_not_found;
use crate::cql::CqlError;
use crate::node::NodeError;
use crate::release::Release;
use body::write_type_for;

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
    /// A read that failed on too many replicas (v4 on; before it, sent
    /// as the read timeout of the same counts).
    #[error("{message}")]
    ReadFailure {
        message: String,
        consistency: u16,
        received: i32,
        block_for: i32,
        num_failures: i32,
        data_present: bool,
    },
    /// A write that failed on too many replicas (likewise).
    #[error("{message}")]
    WriteFailure {
        message: String,
        consistency: u16,
        received: i32,
        block_for: i32,
        num_failures: i32,
        write_type: &'static str,
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
            CqlError::Unauthorized(why) => NativeError::Unauthorized(why),
            // CQL 2's outcomes of the old releases; native CQL never makes them.
            CqlError::Failed(why) | CqlError::Unavailable(why) => NativeError::Server(why),
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
            // (A Thrift schema change of 2.0's; the native protocol's DDL
            // is CQL's, which never meets it.)
            NodeError::FailedOnServer(why) => NativeError::Server(why),
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
    // Which of several syntax errors a statement answers is the release's.
    let lexing = crate::cql::syntax_words::lexing(release);
    let e = crate::cql::parse_with_lexing(text, crate::cql::Grammar::native(release), lexing)
        .err()
        .unwrap_or(e);
    match e {
        CqlError::Syntax { .. } => {
            NativeError::Syntax(crate::cql::syntax_words::worded(release, text, e))
        }
        e => e.into(),
    }
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
        Said::ReadFailure {
            consistency,
            received,
            block_for,
            num_failures,
            data_present,
        } => NativeError::ReadFailure {
            message,
            consistency,
            received,
            block_for,
            num_failures,
            data_present,
        },
        Said::WriteFailure {
            consistency,
            received,
            block_for,
            num_failures,
            write_type,
        } => NativeError::WriteFailure {
            message,
            consistency,
            received,
            block_for,
            num_failures,
            write_type: write_type_for(4, &write_type),
        },
        Said::Overloaded => NativeError::Overloaded(message),
        Said::IsBootstrapping => NativeError::IsBootstrapping(message),
        Said::TruncateError => NativeError::Truncate(message),
    }
}

/// An invalid request under the code 1.2 gave its text: its schema
/// refusals (`ConfigurationException`s: a missing keyspace or table to drop
/// or update, an incompatible type change, a comparator the new type
/// would not keep) are CONFIG_ERROR, an existing one
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
        || (why.starts_with("Cannot change ")
            && (why.ends_with(": types are incompatible.")
                || why.ends_with(": types are not order-compatible.")))
        || why == "comparators do not match or are not compatible."
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

    #[test]
    fn a_clusters_replica_failures_keep_their_codes_from_v4() {
        let failed = |said| {
            NativeError::from(NodeError::TimedOut {
                why: "cluster timed out".into(),
                acknowledged: Default::default(),
                refusal: Some(Refusal {
                    message: "Operation failed - received 0 responses and 1 failures".into(),
                    said,
                }),
            })
        };
        let read = failed(Said::ReadFailure {
            consistency: 1,
            received: 0,
            block_for: 1,
            num_failures: 1,
            data_present: false,
        });
        assert_eq!(
            read,
            NativeError::ReadFailure {
                message: "Operation failed - received 0 responses and 1 failures".into(),
                consistency: 1,
                received: 0,
                block_for: 1,
                num_failures: 1,
                data_present: false,
            }
        );
        assert_eq!(read.clone().for_version(4).code(), code::READ_FAILURE);
        assert_eq!(read.for_version(3).code(), code::READ_TIMEOUT);
        let write = failed(Said::WriteFailure {
            consistency: 4,
            received: 1,
            block_for: 2,
            num_failures: 1,
            write_type: "CDC".into(),
        });
        assert!(matches!(
            write.clone().for_version(4),
            NativeError::WriteFailure {
                write_type: "CDC",
                num_failures: 1,
                ..
            }
        ));
        assert!(matches!(
            write.for_version(2),
            NativeError::WriteTimeout {
                write_type: "SIMPLE",
                received: 1,
                block_for: 2,
                ..
            }
        ));
    }
}
