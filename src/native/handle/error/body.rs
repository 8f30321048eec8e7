//! An ERROR message as the wire carries it: the codes, the body each code
//! has, and what a protocol version can say (a write type it lacks, a
//! failure it has no code for). Must not decide which error a typed
//! failure is (the parent module maps those).

use super::super::super::wire::codec::Writer;
use super::NativeError;
use crate::node::calls::faults::WRITE_TYPES;

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
    pub const READ_FAILURE: i32 = 0x1300;
    pub const WRITE_FAILURE: i32 = 0x1500;
    pub const SYNTAX_ERROR: i32 = 0x2000;
    pub const UNAUTHORIZED: i32 = 0x2100;
    pub const INVALID: i32 = 0x2200;
    pub const CONFIG_ERROR: i32 = 0x2300;
    pub const ALREADY_EXISTS: i32 = 0x2400;
    pub const UNPREPARED: i32 = 0x2500;
}

/// The first version with READ_FAILURE and WRITE_FAILURE.
const FAILURES_FROM: u8 = 4;

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
            NativeError::ReadFailure { .. } => code::READ_FAILURE,
            NativeError::WriteFailure { .. } => code::WRITE_FAILURE,
            NativeError::Syntax(_) => code::SYNTAX_ERROR,
            NativeError::Unauthorized(_) => code::UNAUTHORIZED,
            NativeError::Invalid(_) => code::INVALID,
            NativeError::Config(_) => code::CONFIG_ERROR,
            NativeError::AlreadyExists { .. } => code::ALREADY_EXISTS,
            NativeError::Unprepared(_) => code::UNPREPARED,
        }
    }

    /// This error as protocol `version` can say it: a write type that
    /// version does not name is SIMPLE, and before v4 a replica failure is
    /// the timeout Cassandra 4.0 told such a client instead (the same
    /// counts, the timeout's own text, no failure count).
    pub fn for_version(self, version: u8) -> NativeError {
        let timed_out =
            |received: i32| format!("Operation timed out - received only {received} responses.");
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
            NativeError::WriteFailure {
                message,
                consistency,
                received,
                block_for,
                num_failures,
                write_type,
            } if version >= FAILURES_FROM => NativeError::WriteFailure {
                message,
                consistency,
                received,
                block_for,
                num_failures,
                write_type: write_type_for(version, write_type),
            },
            NativeError::WriteFailure {
                consistency,
                received,
                block_for,
                write_type,
                ..
            } => NativeError::WriteTimeout {
                message: timed_out(received),
                consistency,
                received,
                block_for,
                write_type: write_type_for(version, write_type),
            },
            NativeError::ReadFailure {
                consistency,
                received,
                block_for,
                data_present,
                ..
            } if version < FAILURES_FROM => NativeError::ReadTimeout {
                message: timed_out(received),
                consistency,
                received,
                block_for,
                data_present,
            },
            other => other,
        }
    }

    /// The ERROR message's body (of an error [`NativeError::for_version`]
    /// narrowed to the connection's version).
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
            NativeError::ReadFailure {
                consistency,
                received,
                block_for,
                num_failures,
                data_present,
                ..
            } => {
                w.short(*consistency)
                    .int(*received)
                    .int(*block_for)
                    .int(*num_failures);
                w.buf.push(u8::from(*data_present));
            }
            NativeError::WriteFailure {
                consistency,
                received,
                block_for,
                num_failures,
                write_type,
                ..
            } => {
                w.short(*consistency)
                    .int(*received)
                    .int(*block_for)
                    .int(*num_failures)
                    .string(write_type);
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

/// The write types each protocol version names: v1 has no CAS (2.0's),
/// v1-v3 no VIEW or CDC (3.0's). A type the version lacks is sent as SIMPLE,
/// which every driver of that version reads.
pub(super) fn write_type_for(version: u8, wanted: &str) -> &'static str {
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
        code::READ_FAILURE => "READ_FAILURE",
        code::WRITE_FAILURE => "WRITE_FAILURE",
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

    fn read_failure() -> NativeError {
        NativeError::ReadFailure {
            message: "Operation failed - received 1 responses and 1 failures".into(),
            consistency: 4,
            received: 1,
            block_for: 2,
            num_failures: 1,
            data_present: true,
        }
    }

    fn write_failure(write_type: &'static str) -> NativeError {
        NativeError::WriteFailure {
            message: "Operation failed - received 2 responses and 1 failures".into(),
            consistency: 5,
            received: 2,
            block_for: 3,
            num_failures: 1,
            write_type,
        }
    }

    #[test]
    fn v4_sends_replica_failures_with_their_failure_count() {
        let body = read_failure().for_version(4).body();
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), code::READ_FAILURE);
        assert_eq!(
            r.string().unwrap(),
            "Operation failed - received 1 responses and 1 failures"
        );
        assert_eq!(r.short().unwrap(), 4);
        let counts = [r.int().unwrap(), r.int().unwrap(), r.int().unwrap()];
        assert_eq!(counts, [1, 2, 1]);
        assert_eq!((r.byte().unwrap(), r.remaining()), (1, 0));
        assert_eq!(code_name(&body), Some("READ_FAILURE"));

        let body = write_failure("VIEW").for_version(4).body();
        let mut r = Reader::new(&body);
        assert_eq!(r.int().unwrap(), code::WRITE_FAILURE);
        r.string().unwrap();
        assert_eq!(r.short().unwrap(), 5);
        let counts = [r.int().unwrap(), r.int().unwrap(), r.int().unwrap()];
        assert_eq!(counts, [2, 3, 1]);
        assert_eq!(r.string().unwrap(), "VIEW");
        assert_eq!(r.remaining(), 0);
        assert_eq!(code_name(&body), Some("WRITE_FAILURE"));
    }

    #[test]
    fn before_v4_replica_failures_are_the_timeouts_of_their_counts() {
        for version in 1..=3 {
            let body = read_failure().for_version(version).body();
            let mut r = Reader::new(&body);
            assert_eq!(r.int().unwrap(), code::READ_TIMEOUT, "v{version}");
            assert_eq!(
                r.string().unwrap(),
                "Operation timed out - received only 1 responses."
            );
            assert_eq!(r.short().unwrap(), 4);
            assert_eq!([r.int().unwrap(), r.int().unwrap()], [1, 2]);
            assert_eq!((r.byte().unwrap(), r.remaining()), (1, 0));

            let e = write_failure("BATCH_LOG").for_version(version);
            assert_eq!(
                e,
                NativeError::WriteTimeout {
                    message: "Operation timed out - received only 2 responses.".into(),
                    consistency: 5,
                    received: 2,
                    block_for: 3,
                    write_type: "BATCH_LOG",
                },
                "v{version}"
            );
            let body = e.body();
            let mut r = Reader::new(&body);
            assert_eq!(r.int().unwrap(), code::WRITE_TIMEOUT);
            r.string().unwrap();
            r.short().unwrap();
            assert_eq!([r.int().unwrap(), r.int().unwrap()], [2, 3]);
            assert_eq!(r.string().unwrap(), "BATCH_LOG");
            assert_eq!(r.remaining(), 0);
        }
        // A write type the version lacks is SIMPLE, failure or not.
        let e = write_failure("VIEW").for_version(3);
        assert!(matches!(
            e,
            NativeError::WriteTimeout {
                write_type: "SIMPLE",
                ..
            }
        ));
    }
}
