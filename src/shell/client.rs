//! Connections from the shells to a server, and what their failures say.
//!
//! Both API generations use the generated clients in `thrift::gen`: 19.x
//! over framed transport (as cqlsh and cassandra-cli 1.2 connected), 0.6
//! over the unframed transport 0.6 servers expect by default. Sockets carry
//! a read timeout so a silent server cannot hang a shell. This module owns
//! no output format: callers print [`describe_error`]'s line as they see fit.

use crate::thrift::gen::{cassandra06, cassandra19};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;
use thrift::protocol::{
    TBinaryInputProtocol, TBinaryOutputProtocol, TInputProtocol, TOutputProtocol,
};
use thrift::transport::{
    TBufferedReadTransport, TBufferedWriteTransport, TFramedReadTransport, TFramedWriteTransport,
    TIoChannel, TTcpChannel,
};

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

fn open(host: &str, port: u16) -> Result<TTcpChannel, ConnectError> {
    let fail = |reason: String| ConnectError {
        host: host.to_string(),
        port,
        reason,
    };
    let addrs = (host, port)
        .to_socket_addrs()
        .map_err(|e| fail(e.to_string()))?;
    let mut last = "no address".to_string();
    for addr in addrs {
        match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
            Ok(stream) => {
                stream
                    .set_read_timeout(Some(CALL_TIMEOUT))
                    .and_then(|()| stream.set_nodelay(true))
                    .map_err(|e| fail(e.to_string()))?;
                return Ok(TTcpChannel::with_stream(stream));
            }
            Err(e) => last = e.to_string(),
        }
    }
    Err(fail(last))
}

/// A 19.x client over framed transport.
pub fn connect19(host: &str, port: u16) -> Result<Client19, ConnectError> {
    let channel = open(host, port)?;
    let (i, o) = channel.split().map_err(|e| ConnectError {
        host: host.to_string(),
        port,
        reason: e.to_string(),
    })?;
    let input: Box<dyn TInputProtocol> = Box::new(TBinaryInputProtocol::new(
        TFramedReadTransport::new(i),
        true,
    ));
    let output: Box<dyn TOutputProtocol> = Box::new(TBinaryOutputProtocol::new(
        TFramedWriteTransport::new(o),
        true,
    ));
    Ok(cassandra19::CassandraSyncClient::new(input, output))
}

/// A 0.6 client over unframed (buffered) transport.
pub fn connect06(host: &str, port: u16) -> Result<Client06, ConnectError> {
    let channel = open(host, port)?;
    let (i, o) = channel.split().map_err(|e| ConnectError {
        host: host.to_string(),
        port,
        reason: e.to_string(),
    })?;
    let input: Box<dyn TInputProtocol> = Box::new(TBinaryInputProtocol::new(
        TBufferedReadTransport::new(i),
        true,
    ));
    let output: Box<dyn TOutputProtocol> = Box::new(TBinaryOutputProtocol::new(
        TBufferedWriteTransport::new(o),
        true,
    ));
    Ok(cassandra06::CassandraSyncClient::new(input, output))
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
    /// A transport, protocol or application error: the connection may be gone.
    Other(String),
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
            CallError::Other(msg) => write!(f, "{msg}"),
        }
    }
}

impl std::error::Error for CallError {}

/// Sorts a Thrift error into a [`CallError`], whichever API generation raised it.
pub fn classify(e: thrift::Error) -> CallError {
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
