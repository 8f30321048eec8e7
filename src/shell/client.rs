//! Connections from the shells to a server, and what their failures say.
//!
//! Both API generations use the generated clients in `thrift::gen`: 19.x
//! over framed transport (as cqlsh and cassandra-cli 1.2 connected), 0.6
//! over the unframed transport 0.6 servers expect by default. Sockets carry
//! a read timeout so a silent server cannot hang a shell. This module owns
//! no output format: callers print [`describe_error`]'s line as they see fit.

use crate::thrift::client::connect;
use crate::thrift::client_read::{not_thrift, Answer, NotThrift};
use crate::thrift::gen::{cassandra06, cassandra19};
use std::time::Duration;
use thrift::protocol::{TInputProtocol, TOutputProtocol};

pub type Client19 =
    cassandra19::CassandraSyncClient<Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>>;
pub type Client06 =
    cassandra06::CassandraSyncClient<Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>>;

/// How long a call may wait for its answer before the shell gives up on it.
const CALL_TIMEOUT: Duration = Duration::from_secs(60);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// A failure to reach the server at all.
#[derive(Debug, thiserror::Error)]
#[error("Exception connecting to {host}/{port}. Reason: {reason}.")]
pub struct ConnectError {
    pub host: String,
    pub port: u16,
    pub reason: String,
}

type Boxed = (Box<dyn TInputProtocol>, Box<dyn TOutputProtocol>);

fn open(host: &str, port: u16, framed: bool) -> Result<Boxed, ConnectError> {
    let (i, o) =
        connect(host, port, framed, CONNECT_TIMEOUT, CALL_TIMEOUT).map_err(|e| ConnectError {
            host: host.to_string(),
            port,
            reason: e.to_string(),
        })?;
    Ok((i, o))
}

/// A 19.x client over framed transport (as cqlsh and cassandra-cli 1.2 connected).
pub fn connect19(host: &str, port: u16) -> Result<Client19, ConnectError> {
    let (i, o) = open(host, port, true)?;
    Ok(cassandra19::CassandraSyncClient::new(i, o))
}

/// A 0.6 client over unframed (buffered) transport, what 0.6 servers expect by default.
pub fn connect06(host: &str, port: u16) -> Result<Client06, ConnectError> {
    let (i, o) = open(host, port, false)?;
    Ok(cassandra06::CassandraSyncClient::new(i, o))
}

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

/// Microseconds since the epoch: the timestamp the shells write with, as
/// cassandra-cli did (`FBUtilities.timestampMicros`).
pub fn now_micros() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_micros() as i64)
        .unwrap_or(0)
}
