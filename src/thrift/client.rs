//! Opening a client connection for the generated Thrift clients: the one
//! place that knows how to stack socket, transport (framed or buffered) and
//! binary protocol. Used by the command-line tools (`cqlsh`, `cli`,
//! `stress`); the server side never uses it.

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

/// Connects to the first reachable address of `host:port` with TCP_NODELAY,
/// waiting at most `connect_timeout` per address and `call_timeout` for any
/// reply (so a silent server cannot hang a tool), and stacks a framed or
/// buffered transport under a strict binary protocol.
pub fn connect(
    host: &str,
    port: u16,
    framed: bool,
    connect_timeout: Duration,
    call_timeout: Duration,
) -> std::io::Result<Protocols> {
    let mut last = std::io::Error::new(std::io::ErrorKind::NotFound, "no address");
    for addr in (host, port).to_socket_addrs()? {
        match TcpStream::connect_timeout(&addr, connect_timeout) {
            Ok(stream) => {
                stream.set_nodelay(true)?;
                stream.set_read_timeout(Some(call_timeout))?;
                return stack(TTcpChannel::with_stream(stream), framed);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

fn stack(channel: TTcpChannel, framed: bool) -> std::io::Result<Protocols> {
    let (r, w) = channel
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
