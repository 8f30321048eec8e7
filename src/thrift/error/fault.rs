//! Primed faults as Thrift answers (part of [`crate::thrift::error`], the
//! one place typed errors become Thrift exceptions).
//!
//! A fault kind becomes the exception struct of the call's generation (the
//! 0.6 and 19.x structs differ: 19.x's TimedOutException says how many
//! replicas acknowledged a write), written in the result field the method
//! declares it in. A method that declares no such exception cannot carry
//! the fault ([`fault_carried`] says no, and the rule does not match it).
//! Authentication and authorization errors are declared by `login` only;
//! on the other calls they are what Cassandra 1.2 answered a refused
//! login or permission with, an InvalidRequestException.

use crate::node::calls::faults::{Fault, FaultKind};
use crate::release::methods;
use crate::thrift::error::declared::exception_name;
use crate::thrift::gen::{cassandra06 as t06, cassandra19 as t19};
use crate::thrift::session::Generation;
use crate::thrift::wire::MessageHeader;
use thrift::protocol::{
    TBinaryOutputProtocol, TFieldIdentifier, TMessageIdentifier, TMessageType, TOutputProtocol,
    TSerializable, TStructIdentifier, TType,
};
use thrift::ApplicationErrorKind;

const IRE: &str = "InvalidRequestException";

/// Methods that declare no exception at all.
fn throws_nothing(g: Generation, method: &str) -> bool {
    match g {
        Generation::Api2 => matches!(
            method,
            "get_string_property"
                | "get_string_list_property"
                | "describe_keyspaces"
                | "describe_cluster_name"
                | "describe_version"
                | "describe_partitioner"
                | "describe_splits"
        ),
        Generation::Api19 => matches!(
            method,
            "describe_cluster_name"
                | "describe_version"
                | "describe_partitioner"
                | "describe_snitch"
                | "trace_next_query"
        ),
    }
}

fn known(g: Generation, method: &str) -> bool {
    match g {
        Generation::Api2 => methods::in_api_06(method),
        Generation::Api19 => methods::in_api_19(method),
    }
}

/// The declared exception a fault kind is answered with (`None`: not an
/// exception of the method's result).
fn exception_for(kind: FaultKind, method: &str) -> Option<&'static str> {
    let login = method == "login";
    Some(match kind {
        FaultKind::TimedOut
        | FaultKind::ReadTimeout
        | FaultKind::WriteTimeout
        | FaultKind::ReadFailure
        | FaultKind::WriteFailure => "TimedOutException",
        FaultKind::Unavailable => "UnavailableException",
        FaultKind::InvalidRequest => IRE,
        FaultKind::NotFound => "NotFoundException",
        FaultKind::Authentication if login => "AuthenticationException",
        FaultKind::Authorization if login => "AuthorizationException",
        FaultKind::Authentication | FaultKind::Authorization => IRE,
        FaultKind::ApplicationError
        | FaultKind::ServerError
        | FaultKind::DropConnection
        | FaultKind::Delay
        | FaultKind::Overloaded
        | FaultKind::IsBootstrapping => return None,
    })
}

/// The result field `method` declares `exception` in.
fn field_id(g: Generation, method: &str, exception: &str) -> Option<i16> {
    if !known(g, method) || throws_nothing(g, method) {
        return None;
    }
    (1..=4).find(|id| exception_name(g, method, *id) == Some(exception))
}

/// Whether a call of `method` can carry a fault of `kind`.
pub fn fault_carried(g: Generation, method: &str, kind: FaultKind) -> bool {
    // The native protocol's own: Thrift has no such answer.
    if matches!(kind, FaultKind::Overloaded | FaultKind::IsBootstrapping) {
        return false;
    }
    match exception_for(kind, method) {
        Some(name) => field_id(g, method, name).is_some(),
        None => true,
    }
}

/// The reply a fault answers the call of `header` with; `None` for the
/// kinds that answer nothing themselves (closing the connection, a delay)
/// and for an exception the method does not declare.
pub fn fault_reply(g: Generation, header: &MessageHeader, fault: &Fault) -> Option<Vec<u8>> {
    let method = header.name.as_str();
    let why = |default: String| fault.why.clone().unwrap_or(default);
    if matches!(
        fault.kind,
        FaultKind::ApplicationError | FaultKind::ServerError
    ) {
        let message = why(format!("Internal error processing {method}"));
        return Some(application(header, message));
    }
    let name = exception_for(fault.kind, method)?;
    let id = field_id(g, method, name)?;
    let default_why = match fault.kind {
        FaultKind::Authentication if method != "login" => "You have not logged in".to_string(),
        FaultKind::Authorization => format!("Access denied by fault rule {}", fault.rule),
        _ => format!("Injected by fault rule {}", fault.rule),
    };
    let why = why(default_why);
    // A timed-out write on one node was acknowledged by it exactly when it
    // was applied.
    // A replica failure is 3.x's bare TimedOutException: nothing said of
    // the replicas.
    let acknowledged = match fault.kind {
        FaultKind::ReadFailure | FaultKind::WriteFailure => None,
        _ => Some(i32::from(fault.applied)),
    };
    Some(match (g, name) {
        (Generation::Api2, "TimedOutException") => {
            declared(header, id, &t06::TimedOutException::new())
        }
        (Generation::Api2, "UnavailableException") => {
            declared(header, id, &t06::UnavailableException::new())
        }
        (Generation::Api2, "NotFoundException") => {
            declared(header, id, &t06::NotFoundException::new())
        }
        (Generation::Api2, "AuthenticationException") => {
            declared(header, id, &t06::AuthenticationException::new(why))
        }
        (Generation::Api2, "AuthorizationException") => {
            declared(header, id, &t06::AuthorizationException::new(why))
        }
        (Generation::Api2, _) => declared(header, id, &t06::InvalidRequestException::new(why)),
        (Generation::Api19, "TimedOutException") => declared(
            header,
            id,
            &t19::TimedOutException::new(acknowledged, None, None),
        ),
        (Generation::Api19, "UnavailableException") => {
            declared(header, id, &t19::UnavailableException::new())
        }
        (Generation::Api19, "NotFoundException") => {
            declared(header, id, &t19::NotFoundException::new())
        }
        (Generation::Api19, "AuthenticationException") => {
            declared(header, id, &t19::AuthenticationException::new(why))
        }
        (Generation::Api19, "AuthorizationException") => {
            declared(header, id, &t19::AuthorizationException::new(why))
        }
        (Generation::Api19, _) => declared(header, id, &t19::InvalidRequestException::new(why)),
    })
}

/// A REPLY whose result struct holds `exception` in field `id`.
fn declared<T: TSerializable>(header: &MessageHeader, id: i16, exception: &T) -> Vec<u8> {
    let mut out = Vec::with_capacity(64);
    let mut p = TBinaryOutputProtocol::new(&mut out, true);
    let ident = TMessageIdentifier::new(header.name.clone(), TMessageType::Reply, header.seqid);
    // Writing into a Vec cannot fail.
    let _ = p.write_message_begin(&ident);
    let _ = p.write_struct_begin(&TStructIdentifier::new(format!("{}_result", header.name)));
    let _ = p.write_field_begin(&TFieldIdentifier::new("e", TType::Struct, id));
    let _ = exception.write_to_out_protocol(&mut p);
    let _ = p.write_field_end();
    let _ = p.write_field_stop();
    let _ = p.write_struct_end();
    let _ = p.write_message_end();
    out
}

/// A TApplicationException INTERNAL_ERROR with `message`.
fn application(header: &MessageHeader, message: String) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 + message.len());
    let mut p = TBinaryOutputProtocol::new(&mut out, true);
    let err = super::application_error(ApplicationErrorKind::InternalError, message);
    let ident = TMessageIdentifier::new(header.name.clone(), TMessageType::Exception, header.seqid);
    let _ = p.write_message_begin(&ident);
    let _ = thrift::Error::write_application_error_to_out_protocol(&err, &mut p);
    let _ = p.write_message_end();
    out
}
