//! Typed errors as API 19.x exceptions: the 19.x counterpart of
//! `ApiError::into_thrift`, which builds the 0.6 exception types. The
//! generated 19.x processor only recognises its own exception structs, so
//! every 19.x handler returns errors through [`into_thrift`].

use crate::thrift::error::{application_error, internal_error, ApiError};
use crate::thrift::gen::cassandra19 as t;
use thrift::ApplicationErrorKind;

/// The Thrift form of `e` for a 19.x call of `method`.
pub fn into_thrift(e: ApiError, method: &str) -> thrift::Error {
    let user = |b: Box<dyn std::error::Error + Sync + Send>| thrift::Error::User(b);
    match e {
        ApiError::InvalidRequest(why) => user(Box::new(t::InvalidRequestException::new(why))),
        ApiError::NotFound => user(Box::new(t::NotFoundException::new())),
        ApiError::Unavailable => user(Box::new(t::UnavailableException::new())),
        ApiError::TimedOut(ack) => user(Box::new(t::TimedOutException::new(
            ack.by,
            ack.by_batchlog,
            None,
        ))),
        ApiError::Authentication(why) => user(Box::new(t::AuthenticationException::new(why))),
        ApiError::Authorization(why) => user(Box::new(t::AuthorizationException::new(why))),
        ApiError::Internal(detail) | ApiError::Dropped(detail) => {
            tracing::error!(method, %detail, "internal error");
            internal_error(method)
        }
        // Never sent: the server answers the call again (see the variant).
        ApiError::WouldBlock(_) => internal_error(method),
        ApiError::Protocol(msg) => {
            thrift::Error::Application(application_error(ApplicationErrorKind::ProtocolError, msg))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exceptions_are_the_19x_structs() {
        match into_thrift(ApiError::invalid("bad"), "get") {
            thrift::Error::User(e) => {
                let ire = e.downcast_ref::<t::InvalidRequestException>().unwrap();
                assert_eq!(ire.why, "bad");
            }
            other => panic!("{other:?}"),
        }
        match into_thrift(ApiError::NotFound, "get") {
            thrift::Error::User(e) => assert!(e.downcast_ref::<t::NotFoundException>().is_some()),
            other => panic!("{other:?}"),
        }
        match into_thrift(ApiError::Protocol("p".into()), "get") {
            thrift::Error::Application(a) => {
                assert_eq!(a.kind, ApplicationErrorKind::ProtocolError)
            }
            other => panic!("{other:?}"),
        }
    }
}
