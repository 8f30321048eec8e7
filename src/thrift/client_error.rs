//! What a failed Thrift call says to the user of a tool (the shells,
//! `load`): the kinds of failure a call of either API generation ends in,
//! told apart, and their one-line messages (a declared exception's `why`,
//! or its name as the tools of the time printed it, and what to do about a
//! port that does not speak Thrift). It owns no output format: callers
//! print the line as they see fit.

use crate::thrift::client_read::{not_thrift, Answer, NotThrift};
use crate::thrift::gen::{cassandra06, cassandra19};

/// The kinds of failure a call can end in, told apart for the message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallError {
    /// InvalidRequestException: the request was refused; `why` says why.
    Invalid(String),
    NotFound,
    Unavailable,
    TimedOut,
    Authentication(String),
    Authorization(String),
    SchemaDisagreement,
    /// The port answered in another protocol than Thrift (a native-protocol
    /// or admin port given by mistake).
    NotThrift(NotThrift),
    /// A transport, protocol or application error: the connection may be gone.
    Other(String),
}

/// What a shell says when its port does not speak Thrift: what answered,
/// and where to go instead. The shells stay Thrift clients, as the 1.2.9
/// cqlsh and cassandra-cli were; a native-protocol port is for a current
/// cqlsh or a driver.
fn wrong_port(nt: &NotThrift) -> String {
    let native = match nt.answer {
        Answer::Cql { .. } => {
            "; a native-protocol port takes a current cqlsh or a CQL driver, not this 1.2.9 shell"
        }
        _ => "",
    };
    format!(
        "{nt}. supercolumn's cqlsh and cli are Thrift clients: give them the server's Thrift port (9160 by default, `serve --listen`){native}"
    )
}

impl std::fmt::Display for CallError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CallError::Invalid(why) => write!(f, "{why}"),
            CallError::NotFound => write!(f, "NotFoundException()"),
            CallError::Unavailable => write!(f, "UnavailableException()"),
            CallError::TimedOut => write!(f, "TimedOutException()"),
            CallError::Authentication(why) => write!(f, "{why}"),
            CallError::Authorization(why) => write!(f, "{why}"),
            CallError::SchemaDisagreement => write!(f, "SchemaDisagreementException()"),
            CallError::NotThrift(nt) => write!(f, "{}", wrong_port(nt)),
            CallError::Other(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for CallError {}

/// Sorts a Thrift error into a [`CallError`], whichever API generation raised it.
pub fn classify(e: thrift::Error) -> CallError {
    if let Some(nt) = not_thrift(&e) {
        return CallError::NotThrift(nt.clone());
    }
    match e {
        thrift::Error::User(user) => {
            macro_rules! try_kinds {
                ($($m:ident),*) => {$(
                    if let Some(x) = user.downcast_ref::<$m::InvalidRequestException>() {
                        return CallError::Invalid(x.why.clone());
                    }
                    if user.downcast_ref::<$m::NotFoundException>().is_some() {
                        return CallError::NotFound;
                    }
                    if user.downcast_ref::<$m::UnavailableException>().is_some() {
                        return CallError::Unavailable;
                    }
                    if user.downcast_ref::<$m::TimedOutException>().is_some() {
                        return CallError::TimedOut;
                    }
                    if let Some(x) = user.downcast_ref::<$m::AuthenticationException>() {
                        return CallError::Authentication(x.why.clone());
                    }
                    if let Some(x) = user.downcast_ref::<$m::AuthorizationException>() {
                        return CallError::Authorization(x.why.clone());
                    }
                )*};
            }
            try_kinds!(cassandra19, cassandra06);
            if user
                .downcast_ref::<cassandra19::SchemaDisagreementException>()
                .is_some()
            {
                return CallError::SchemaDisagreement;
            }
            CallError::Other(user.to_string())
        }
        thrift::Error::Application(a) => CallError::Other(a.message),
        thrift::Error::Transport(t) => CallError::Other(format!("connection error: {}", t.message)),
        thrift::Error::Protocol(p) => CallError::Other(format!("protocol error: {}", p.message)),
    }
}

/// Shorthand for calls: any Thrift failure as a [`CallError`].
pub trait Classify<T> {
    fn classified(self) -> Result<T, CallError>;
}

impl<T> Classify<T> for thrift::Result<T> {
    fn classified(self) -> Result<T, CallError> {
        self.map_err(classify)
    }
}
