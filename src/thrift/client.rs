//! Opening a client connection for the generated Thrift clients: the one
//! place that knows how to stack socket, transport (framed or buffered) and
//! binary protocol. Used by the command-line tools (`cqlsh`, `cli`,
//! `stress`); the server side never uses it. What comes back is read
//! through [`client_read`](crate::thrift::client_read), which trusts no
//! length and names a port that answers in another protocol.

use crate::thrift::client_read::{CheckedInput, ReplyReader};
use crate::thrift::gen::cassandra19 as t19;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;
use thrift::protocol::{TBinaryOutputProtocol, TInputProtocol, TOutputProtocol};
use thrift::transport::{TBufferedWriteTransport, TFramedWriteTransport, TIoChannel, TTcpChannel};

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
