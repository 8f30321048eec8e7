//! What a failed call says, for the stress report: the exception's Thrift
//! type name and its `why` (as a client of the time printed them), and
//! whether the connection can still be used. It must not decide what the
//! run does with a failure; the workers do.

use crate::thrift::gen::{cassandra06 as api2, cassandra19 as api19};
use std::fmt;

/// One failed call, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// The exception's type as the IDL names it (`InvalidRequestException`),
    /// or Thrift's own (`TTransportException`, `TProtocolException`,
    /// `TApplicationException`).
    pub exception: String,
    /// The exception's `why`, or the error's message; empty when it has none.
    pub why: String,
    /// The connection is unusable: the transport failed or the reply could
    /// not be decoded, so the next reply cannot be matched to its call.
    pub connection_lost: bool,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.why.is_empty() {
            f.write_str(&self.exception)
        } else {
            write!(f, "{}: {}", self.exception, self.why)
        }
    }
}

/// Returns from the enclosing function with the first generated exception
/// type (both generations have their own types of the same names) that the
/// boxed error is: those listed after `why:` carry a `why`.
macro_rules! user_exception {
    ($e:expr; why: $($w:ty),+; bare: $($b:ty),+) => {{
        $(
            if let Some(x) = $e.downcast_ref::<$w>() {
                return named::<$w>(x.why.clone());
            }
        )+
        $(
            if $e.is::<$b>() {
                return named::<$b>(String::new());
            }
        )+
    }};
}

/// A call refused with exception `T`: the connection stays usable.
fn named<T>(why: String) -> Failure {
    let path = std::any::type_name::<T>();
    Failure {
        exception: path.rsplit("::").next().unwrap_or(path).to_string(),
        why,
        connection_lost: false,
    }
}

impl Failure {
    pub fn from_thrift(e: &thrift::Error) -> Failure {
        match e {
            thrift::Error::Transport(t) => Failure {
                exception: "TTransportException".into(),
                why: format!("{t}: {}", t.message),
                connection_lost: true,
            },
            thrift::Error::Protocol(p) => Failure {
                exception: "TProtocolException".into(),
                why: format!("{p}: {}", p.message),
                connection_lost: true,
            },
            thrift::Error::Application(a) => Failure {
                exception: "TApplicationException".into(),
                why: format!("{a}: {}", a.message),
                connection_lost: false,
            },
            thrift::Error::User(u) => {
                user_exception!(u;
                    why: api2::InvalidRequestException, api2::AuthenticationException,
                        api2::AuthorizationException, api19::InvalidRequestException,
                        api19::AuthenticationException, api19::AuthorizationException;
                    bare: api2::NotFoundException, api2::UnavailableException,
                        api2::TimedOutException, api19::NotFoundException,
                        api19::UnavailableException, api19::TimedOutException,
                        api19::SchemaDisagreementException);
                Failure {
                    exception: "exception".into(),
                    why: u.to_string(),
                    connection_lost: false,
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_the_exception_and_its_why() {
        let e = thrift::Error::User(Box::new(api2::InvalidRequestException::new(
            "Keyspace Nope does not exist".into(),
        )));
        let f = Failure::from_thrift(&e);
        assert_eq!(
            f.to_string(),
            "InvalidRequestException: Keyspace Nope does not exist"
        );
        assert!(!f.connection_lost);
        let e = thrift::Error::User(Box::new(api19::UnavailableException::new()));
        assert_eq!(Failure::from_thrift(&e).to_string(), "UnavailableException");
    }

    #[test]
    fn a_broken_transport_loses_the_connection() {
        let io = std::io::Error::new(std::io::ErrorKind::ConnectionReset, "reset by peer");
        let f = Failure::from_thrift(&thrift::Error::from(io));
        assert_eq!(f.exception, "TTransportException");
        assert!(f.why.contains("reset by peer"), "{f}");
        assert!(f.connection_lost);
        let app = thrift::Error::Application(thrift::ApplicationError::new(
            thrift::ApplicationErrorKind::InternalError,
            "boom",
        ));
        let f = Failure::from_thrift(&app);
        assert_eq!(f.exception, "TApplicationException");
        assert!(!f.connection_lost);
    }
}
