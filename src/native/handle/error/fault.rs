//! A primed fault as the native ERROR it answers: the kit's rule, with
//! the counts it gave or the request's own, under the code of its kind.
//! Must not decide when a fault fires (`node::calls::faults` does).

use super::super::super::wire::request::consistency_name;
use super::body::write_type_for;
use super::NativeError;
use crate::node::calls::faults::{Fault, FaultKind};

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

/// The ERROR a fired fault answers `call` with, as `call`'s version says
/// it; `None` for the kinds that answer nothing themselves (a delay, a
/// dropped connection). Counts not given by the rule: one replica
/// required, none answered or alive, one failed.
pub fn fault_error(fault: &Fault, call: &FaultCall) -> Option<NativeError> {
    let d = &fault.detail;
    let count =
        |v: Option<u32>, default: i32| v.map_or(default, |n| i32::try_from(n).unwrap_or(i32::MAX));
    let received = count(d.received, 0);
    let block_for = count(d.block_for, 1);
    let num_failures = count(d.failures, 1);
    let why = |default: String| fault.why.clone().unwrap_or(default);
    let injected = || why(format!("Injected by fault rule {}", fault.rule));
    let timed_out = || {
        why(format!(
            "Operation timed out - received only {received} responses."
        ))
    };
    let failed = || {
        why(format!(
            "Operation failed - received {received} responses and {num_failures} failures"
        ))
    };
    let cl = call.consistency;
    let write_type = || d.write_type.as_deref().unwrap_or(call.write_type);
    let read = match fault.kind {
        FaultKind::ReadTimeout => true,
        FaultKind::WriteTimeout => false,
        FaultKind::TimedOut => call.read,
        FaultKind::ReadFailure => {
            let e = NativeError::ReadFailure {
                message: failed(),
                consistency: cl,
                received,
                block_for,
                num_failures,
                data_present: d.data_present.unwrap_or(false),
            };
            return Some(e.for_version(call.version));
        }
        FaultKind::WriteFailure => {
            let e = NativeError::WriteFailure {
                message: failed(),
                consistency: cl,
                received,
                block_for,
                num_failures,
                write_type: write_type_for(4, write_type()),
            };
            return Some(e.for_version(call.version));
        }
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
            write_type: write_type_for(call.version, write_type()),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::calls::faults::Detail;

    fn fired(kind: FaultKind, detail: Detail) -> Fault {
        Fault {
            rule: 7,
            kind,
            why: None,
            delay: None,
            applied: false,
            detail,
        }
    }

    fn call(version: u8) -> FaultCall {
        FaultCall {
            version,
            consistency: 4,
            read: false,
            write_type: "BATCH",
        }
    }

    #[test]
    fn failure_faults_take_the_rules_counts_or_the_calls() {
        let read = fired(
            FaultKind::ReadFailure,
            Detail {
                received: Some(1),
                block_for: Some(2),
                failures: Some(3),
                ..Detail::default()
            },
        );
        assert_eq!(
            fault_error(&read, &call(4)),
            Some(NativeError::ReadFailure {
                message: "Operation failed - received 1 responses and 3 failures".into(),
                consistency: 4,
                received: 1,
                block_for: 2,
                num_failures: 3,
                data_present: false,
            })
        );
        // The statement's write type, one replica required, one failed.
        let write = fired(FaultKind::WriteFailure, Detail::default());
        assert_eq!(
            fault_error(&write, &call(4)),
            Some(NativeError::WriteFailure {
                message: "Operation failed - received 0 responses and 1 failures".into(),
                consistency: 4,
                received: 0,
                block_for: 1,
                num_failures: 1,
                write_type: "BATCH",
            })
        );
        // Before v4: the timeouts Cassandra 4.0 sent instead.
        let timeout = |f: &Fault| fault_error(f, &call(3)).map(|e| e.code());
        assert_eq!(timeout(&read), Some(super::super::code::READ_TIMEOUT));
        assert_eq!(timeout(&write), Some(super::super::code::WRITE_TIMEOUT));
    }
}
