//! Opening a client connection with the generated Thrift clients: the one
//! place that knows how to stack socket, transport (framed or buffered) and
//! binary protocol. Used by the command-line tools (`stress`); the server
//! side never uses it.

use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;
use thrift::protocol::{
    TBinaryInputProtocol, TBinaryOutputProtocol, TInputProtocol, TOutputProtocol,
};
use thrift::transport::{
    TBufferedReadTransport, TBufferedWriteTransport, TFramedReadTransport, TFramedWriteTransport,
    TIoChannel, TTcpChannel,
};

/// The protocol pair a generated `CassandraSyncClient::new(i, o)` takes.
pub type Protocols = (
    Box<dyn TInputProtocol + Send>,
    Box<dyn TOutputProtocol + Send>,
);

/// Connects to `addr` ("host:port") with TCP_NODELAY and a read timeout, and
/// stacks a framed or buffered transport under a strict binary protocol.
pub fn connect(addr: &str, framed: bool, timeout: Duration) -> std::io::Result<Protocols> {
    let sock = addr.to_socket_addrs()?.next().ok_or_else(|| {
        std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("cannot resolve {addr}"),
        )
    })?;
    let stream = TcpStream::connect_timeout(&sock, timeout)?;
    stream.set_nodelay(true)?;
    stream.set_read_timeout(Some(timeout))?;
    let (r, w) = TTcpChannel::with_stream(stream)
        .split()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    Ok(if framed {
        (
            Box::new(TBinaryInputProtocol::new(
                TFramedReadTransport::new(r),
                true,
            )),
            Box::new(TBinaryOutputProtocol::new(
                TFramedWriteTransport::new(w),
                true,
            )),
        )
    } else {
        (
            Box::new(TBinaryInputProtocol::new(
                TBufferedReadTransport::new(r),
                true,
            )),
            Box::new(TBinaryOutputProtocol::new(
                TBufferedWriteTransport::new(w),
                true,
            )),
        )
    })
}
