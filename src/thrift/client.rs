//! Opening a client connection for the generated Thrift clients: the one
//! place that knows how to stack socket, transport (framed or buffered) and
//! binary protocol, and the one client type of each API generation. Used by
//! the command-line tools (the shells, `stress`, `load`); the server side
//! never uses it. What comes back is read through
//! [`client_read`](crate::thrift::client_read), which trusts no length and
//! names a port that answers in another protocol; a failed call is named by
//! [`client_error`](crate::thrift::client_error).

use crate::thrift::client_read::{CheckedInput, ReplyReader};
use crate::thrift::gen::{cassandra06, cassandra19 as t19};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;
use thrift::protocol::{TBinaryOutputProtocol, TInputProtocol, TOutputProtocol};
use thrift::transport::{TBufferedWriteTransport, TFramedWriteTransport, TIoChannel, TTcpChannel};

/// The protocol pair a generated `CassandraSyncClient::new(i, o)` takes.
pub type Protocols = (
    Box<dyn TInputProtocol + Send>,
    Box<dyn TOutputProtocol + Send>,
);

/// A generated API 19.x client on a connection from [`connect19`].
pub type Client19 =
    t19::CassandraSyncClient<Box<dyn TInputProtocol + Send>, Box<dyn TOutputProtocol + Send>>;

/// A generated API 0.6 client on a connection from [`connect06`].
pub type Client06 = cassandra06::CassandraSyncClient<
    Box<dyn TInputProtocol + Send>,
    Box<dyn TOutputProtocol + Send>,
>;

/// How long a tool waits for a connection (per address) and for any reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeouts {
    pub connect: Duration,
    pub call: Duration,
}

impl Timeouts {
    /// What the shells and `load` wait: a minute for an answer before
    /// giving up on a call.
    pub const INTERACTIVE: Timeouts = Timeouts {
        connect: Duration::from_secs(10),
        call: Duration::from_secs(60),
    };
}

/// A failure to reach the server at all, worded as cassandra-cli worded it.
#[derive(Debug, thiserror::Error)]
#[error("Exception connecting to {host}/{port}. Reason: {source}.")]
pub struct ConnectError {
    pub host: String,
    pub port: u16,
    pub source: std::io::Error,
}

/// An API 19.x client over framed transport, as every 0.7 and later client
/// connected.
pub fn connect19(host: &str, port: u16, timeouts: Timeouts) -> Result<Client19, ConnectError> {
    let (i, o) = open(host, port, true, timeouts)?;
    Ok(t19::CassandraSyncClient::new(i, o))
}

/// An API 0.6 client, framed or over the unframed (buffered) transport 0.6
/// servers expected by default.
pub fn connect06(
    host: &str,
    port: u16,
    framed: bool,
    timeouts: Timeouts,
) -> Result<Client06, ConnectError> {
    let (i, o) = open(host, port, framed, timeouts)?;
    Ok(cassandra06::CassandraSyncClient::new(i, o))
}

fn open(host: &str, port: u16, framed: bool, t: Timeouts) -> Result<Protocols, ConnectError> {
    connect(host, port, framed, t.connect, t.call).map_err(|source| ConnectError {
        host: host.to_string(),
        port,
        source,
    })
}

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
                let peer = format!("{host}:{port}");
                return stack(TTcpChannel::with_stream(stream), framed, peer);
            }
            Err(e) => last = e,
        }
    }
    Err(last)
}

fn stack(channel: TTcpChannel, framed: bool, peer: String) -> std::io::Result<Protocols> {
    let (r, w) = channel
        .split()
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    let input = Box::new(CheckedInput::new(ReplyReader::new(
        std::io::BufReader::new(r),
        peer,
        framed,
    )));
    Ok(if framed {
        (
            input,
            Box::new(TBinaryOutputProtocol::new(
                TFramedWriteTransport::new(w),
                true,
            )),
        )
    } else {
        (
            input,
            Box::new(TBinaryOutputProtocol::new(
                TBufferedWriteTransport::new(w),
                true,
            )),
        )
    })
}

/// An API 19.x column family definition with nothing set but its names:
/// the server fills in every default, as for the real cli's sparse
/// `CfDef`. Tools set what they need with struct update syntax.
pub fn blank_cf_def(keyspace: &str, name: &str) -> t19::CfDef {
    t19::CfDef {
        keyspace: keyspace.to_string(),
        name: name.to_string(),
        column_type: None,
        comparator_type: None,
        subcomparator_type: None,
        comment: None,
        row_cache_size: None,
        key_cache_size: None,
        read_repair_chance: None,
        column_metadata: None,
        gc_grace_seconds: None,
        default_validation_class: None,
        id: None,
        min_compaction_threshold: None,
        max_compaction_threshold: None,
        row_cache_save_period_in_seconds: None,
        key_cache_save_period_in_seconds: None,
        memtable_flush_after_mins: None,
        memtable_throughput_in_mb: None,
        memtable_operations_in_millions: None,
        replicate_on_write: None,
        merge_shards_chance: None,
        key_validation_class: None,
        row_cache_provider: None,
        key_alias: None,
        compaction_strategy: None,
        compaction_strategy_options: None,
        row_cache_keys_to_save: None,
        compression_options: None,
        bloom_filter_fp_chance: None,
        caching: None,
        column_aliases: None,
        value_alias: None,
        dclocal_read_repair_chance: None,
        populate_io_cache_on_flush: None,
        memtable_flush_period_in_ms: None,
        default_time_to_live: None,
        index_interval: None,
        speculative_retry: None,
        triggers: None,
        cells_per_row_to_cache: None,
        min_index_interval: None,
        max_index_interval: None,
    }
}
