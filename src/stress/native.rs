//! The stress calls over the CQL native protocol (`--api native`): a raw
//! client of protocol versions 2 to 4 (frames, optional lz4 or snappy),
//! the set-up (keyspace and table created when absent) and the prepared
//! statements a run executes. Requests are written here and answers read
//! and judged here; keeping many of them in flight is [`super::pipeline`]'s.
//!
//! The layout is Thrift's, cell for cell: a row `key` of `--columns`
//! columns `C0`, `C1`, ... as one compact-storage CQL3 table (`key blob
//! PRIMARY KEY, "C0" blob, ...`), whose rows are exactly the cells a Thrift
//! `batch_mutate` of the same columns writes (names `C0`..., values, the
//! client's timestamp), so one native insert is one prepared INSERT of the
//! same five cells a Thrift insert writes. A read is one prepared SELECT of
//! those columns by key; a range slice a SELECT from `token(key)` on; a null
//! call an OPTIONS, which touches no data (as `describe_version`).

use super::failure::Failure;
use super::{StressError, Workload};
use crate::native::wire::codec::{Reader, Writer};
use crate::native::wire::frame::{self, op, Compression, Header};
use std::io::{BufReader, BufWriter, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::time::Duration;

/// The default table of a native run (beside Thrift's Standard1).
pub(super) const DEFAULT_TABLE: &str = "Standard1Cql";

/// Answers larger than this are refused (a broken stream, not a row).
const MAX_BODY: usize = 256 << 20;

/// The protocol's consistency codes, by name.
pub(super) fn consistency(name: &str) -> Result<u16, StressError> {
    const LEVELS: &[(&str, u16)] = &[
        ("ANY", 0),
        ("ONE", 1),
        ("TWO", 2),
        ("THREE", 3),
        ("QUORUM", 4),
        ("ALL", 5),
        ("LOCAL_QUORUM", 6),
        ("EACH_QUORUM", 7),
        ("SERIAL", 8),
        ("LOCAL_SERIAL", 9),
        ("LOCAL_ONE", 10),
    ];
    super::level_by_name(name, LEVELS, "native")
}

/// The name Cassandra's drivers give an ERROR code.
fn error_name(code: i32) -> &'static str {
    match code {
        0x0000 => "ServerError",
        0x000A => "ProtocolError",
        0x0100 => "AuthenticationError",
        0x1000 => "Unavailable",
        0x1001 => "Overloaded",
        0x1002 => "IsBootstrapping",
        0x1003 => "TruncateError",
        0x1100 => "WriteTimeout",
        0x1200 => "ReadTimeout",
        0x2000 => "SyntaxError",
        0x2100 => "Unauthorized",
        0x2200 => "InvalidRequest",
        0x2300 => "ConfigurationException",
        0x2400 => "AlreadyExists",
        0x2500 => "Unprepared",
        _ => "UnknownError",
    }
}

/// A connection lost (transport failed, or an answer that cannot be read).
pub(super) fn lost(why: impl std::fmt::Display) -> Failure {
    Failure {
        exception: "ConnectionLost".into(),
        why: why.to_string(),
        connection_lost: true,
    }
}

/// An answer frame.
pub(super) struct Answer {
    pub stream: i16,
    pub opcode: u8,
    pub body: Vec<u8>,
}

impl Answer {
    /// The ERROR an answer is, as a failure (the connection stays usable).
    fn failure(&self) -> Failure {
        if self.opcode != op::ERROR {
            return Failure {
                exception: "UnexpectedAnswer".into(),
                why: format!("a {} frame", op::name(self.opcode)),
                connection_lost: false,
            };
        }
        let mut r = Reader::new(&self.body);
        let code = r.int().unwrap_or(-1);
        Failure {
            exception: error_name(code).into(),
            why: r.string().unwrap_or_default(),
            connection_lost: false,
        }
    }

    /// A RESULT of kind `kind`, its body after the kind.
    fn result(&self, kind: i32) -> Result<Reader<'_>, Failure> {
        let mut r = Reader::new(&self.body);
        match (self.opcode, r.int()) {
            (op::RESULT, Ok(k)) if k == kind => Ok(r),
            (op::RESULT, _) => Err(Failure {
                exception: "UnexpectedAnswer".into(),
                why: format!("a RESULT that is not of kind {kind}"),
                connection_lost: false,
            }),
            _ => Err(self.failure()),
        }
    }

    /// The rows of a ROWS result, values as bytes (`None`: null).
    pub fn rows(&self) -> Result<Vec<Vec<Option<Vec<u8>>>>, Failure> {
        let mut r = self.result(2)?;
        let bad =
            |e: crate::native::wire::codec::DecodeError| lost(format!("bad ROWS result: {e}"));
        // The column and row counts are [int]s, each value at least 4 bytes.
        let count = |r: &mut Reader, min: usize| -> Result<usize, Failure> {
            let n = r.int().map_err(bad)?;
            usize::try_from(n)
                .ok()
                .filter(|n| n.saturating_mul(min) <= r.remaining())
                .ok_or_else(|| lost(format!("a ROWS result announcing {n} items")))
        };
        let flags = r.int().map_err(bad)?;
        let columns = count(&mut r, 0)?;
        if flags & 0x0002 != 0 {
            r.bytes().map_err(bad)?;
        }
        if flags & 0x0004 == 0 {
            return Err(lost("a ROWS result with metadata, which was skipped"));
        }
        let n = count(&mut r, columns.max(1) * 4)?;
        (0..n)
            .map(|_| {
                (0..columns)
                    .map(|_| r.bytes().map_err(bad))
                    .collect::<Result<Vec<_>, _>>()
            })
            .collect()
    }

    pub fn is_void(&self) -> Result<(), Failure> {
        self.result(1).map(drop)
    }
}

/// One native connection, ready (STARTUP done) with its statements prepared.
pub(super) struct NativeConn {
    reader: BufReader<TcpStream>,
    writer: BufWriter<TcpStream>,
    version: u8,
    compression: Option<Compression>,
    pub work: Arc<Workload>,
    pub consistency: u16,
    insert: Vec<u8>,
    read: Vec<u8>,
    range: Vec<u8>,
}

/// `call` failed during the set-up.
fn setup(call: &'static str) -> impl Fn(Failure) -> StressError {
    move |failure| StressError::Setup { call, failure }
}

fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

impl NativeConn {
    /// Connects and sends STARTUP (with the run's compression).
    pub fn connect(work: &Arc<Workload>) -> Result<NativeConn, StressError> {
        let addr = (work.host.as_str(), work.port);
        let connect = |source| StressError::Connect {
            server: work.server.clone(),
            source,
        };
        let stream = std::net::ToSocketAddrs::to_socket_addrs(&addr)
            .map_err(connect)?
            .next()
            .ok_or_else(|| connect(std::io::ErrorKind::NotFound.into()))
            .and_then(|a| {
                TcpStream::connect_timeout(&a, Duration::from_secs(10)).map_err(connect)
            })?;
        // Generous: a loaded server is slow, not dead; a silent one ends the worker.
        stream
            .set_read_timeout(Some(Duration::from_secs(30)))
            .map_err(connect)?;
        stream.set_nodelay(true).map_err(connect)?;
        let reader = BufReader::with_capacity(64 << 10, stream.try_clone().map_err(connect)?);
        let mut c = NativeConn {
            reader,
            writer: BufWriter::with_capacity(64 << 10, stream),
            version: work.native_version,
            compression: None,
            work: work.clone(),
            consistency: consistency(&work.consistency)?,
            insert: Vec::new(),
            read: Vec::new(),
            range: Vec::new(),
        };
        let mut w = Writer::new();
        let mut options = vec![("CQL_VERSION", "3.0.0")];
        if let Some(name) = &work.compression {
            options.push(("COMPRESSION", name.as_str()));
        }
        w.short(options.len() as u16);
        for (k, v) in options {
            w.string(k).string(v);
        }
        let a = c.call(op::STARTUP, &w.buf).map_err(setup("STARTUP"))?;
        if a.opcode != op::READY {
            return Err(setup("STARTUP")(a.failure()));
        }
        c.compression = work.compression.as_deref().and_then(Compression::parse);
        Ok(c)
    }

    /// Creates what is absent: the keyspace (SimpleStrategy, replication
    /// factor 1) and the table. Says on `out` what it ran.
    pub fn create_schema(&mut self, out: &mut dyn Write) -> Result<(), StressError> {
        let ks = quoted(&self.work.keyspace);
        let columns: Vec<String> = (0..self.work.columns)
            .map(|c| format!("{} blob", quoted(&format!("C{c}"))))
            .collect();
        for (call, text) in [
            (
                "CREATE KEYSPACE",
                format!(
                    "CREATE KEYSPACE IF NOT EXISTS {ks} WITH replication = \
                     {{'class': 'SimpleStrategy', 'replication_factor': 1}}"
                ),
            ),
            (
                "CREATE TABLE",
                format!(
                    "CREATE TABLE IF NOT EXISTS {ks}.{} (key blob PRIMARY KEY, {}) \
                     WITH COMPACT STORAGE",
                    quoted(&self.work.column_family),
                    columns.join(", ")
                ),
            ),
        ] {
            let mut w = Writer::new();
            w.long_string(&text).short(self.consistency).byte(0);
            let a = self.call(op::QUERY, &w.buf).map_err(setup(call))?;
            if a.opcode != op::RESULT {
                return Err(setup(call)(a.failure()));
            }
        }
        let _ = writeln!(
            out,
            "table {}.{}: key blob, {} blob columns, compact storage",
            self.work.keyspace, self.work.column_family, self.work.columns
        );
        Ok(())
    }

    /// Prepares the run's statements on this connection.
    pub fn prepare(&mut self) -> Result<(), StressError> {
        let table = format!(
            "{}.{}",
            quoted(&self.work.keyspace),
            quoted(&self.work.column_family)
        );
        let names: Vec<String> = (0..self.work.columns)
            .map(|c| quoted(&format!("C{c}")))
            .collect();
        let marks = vec!["?"; names.len()].join(", ");
        let insert = format!(
            "INSERT INTO {table} (key, {}) VALUES (?, {marks})",
            names.join(", ")
        );
        let read = format!("SELECT {} FROM {table} WHERE key = ?", names.join(", "));
        let range = format!(
            "SELECT key, {} FROM {table} WHERE token(key) >= token(?) LIMIT {}",
            names.join(", "),
            self.work.range_count
        );
        self.insert = self.prepare_one(&insert)?;
        self.read = self.prepare_one(&read)?;
        self.range = self.prepare_one(&range)?;
        Ok(())
    }

    fn prepare_one(&mut self, text: &str) -> Result<Vec<u8>, StressError> {
        let mut w = Writer::new();
        w.long_string(text);
        let a = self.call(op::PREPARE, &w.buf).map_err(setup("PREPARE"))?;
        let mut r = a.result(4).map_err(setup("PREPARE"))?;
        r.short_bytes()
            .map_err(|e| setup("PREPARE")(lost(format!("bad PREPARED result: {e}"))))
    }

    /// Sends one request and reads its answer (set-up only: nothing else
    /// is in flight).
    fn call(&mut self, opcode: u8, body: &[u8]) -> Result<Answer, Failure> {
        self.send(0, opcode, body)?;
        self.flush()?;
        self.recv()
    }

    /// Queues the request of `call` on `stream` (sent at the next flush).
    pub fn send_call(
        &mut self,
        stream: i16,
        call: super::worker::Call,
        key: &str,
    ) -> Result<(), Failure> {
        use super::worker::Call;
        let (id, values, timestamp): (&[u8], usize, bool) = match call {
            Call::Null => return self.send(stream, op::OPTIONS, &[]),
            Call::Insert => (&self.insert, 1 + self.work.columns as usize, true),
            Call::Read => (&self.read, 1, false),
            Call::RangeSlice => (&self.range, 1, false),
        };
        let mut w = Writer::new();
        w.short_bytes(id).short(self.consistency);
        // Values, skip metadata (the rows' columns are known), and from v3
        // the writes' timestamp as a Thrift client gives it.
        let with_ts = timestamp && self.version >= 3;
        w.byte(0x01 | 0x02 | if with_ts { 0x20 } else { 0 });
        w.short(values as u16);
        w.bytes(Some(key.as_bytes()));
        for _ in 1..values {
            w.bytes(Some(&self.work.value));
        }
        if with_ts {
            w.long(super::worker::now_micros());
        }
        let body = w.buf;
        self.send(stream, op::EXECUTE, &body)
    }

    /// Whether `answer` is the success of `call` on `key` (false: a miss).
    pub fn judge(&self, call: super::worker::Call, key: &str, a: &Answer) -> Result<bool, Failure> {
        use super::worker::Call;
        match call {
            Call::Null if a.opcode == op::SUPPORTED => Ok(true),
            Call::Null => Err(a.failure()),
            Call::Insert => a.is_void().map(|()| true),
            Call::Read => {
                let rows = a.rows()?;
                Ok(rows.len() == 1 && rows[0].iter().all(Option::is_some))
            }
            Call::RangeSlice => {
                let rows = a.rows()?;
                Ok(rows
                    .first()
                    .and_then(|r| r.first())
                    .is_some_and(|k| k.as_deref() == Some(key.as_bytes())))
            }
        }
    }

    fn send(&mut self, stream: i16, opcode: u8, body: &[u8]) -> Result<(), Failure> {
        let (flags, body) = match self.compression {
            Some(c) => (frame::FLAG_COMPRESSED, c.compress(body)),
            None => (0, body.to_vec()),
        };
        let mut f = frame::encode(self.version, flags, stream, opcode, &body);
        f[0] &= !frame::RESPONSE;
        self.writer.write_all(&f).map_err(lost)
    }

    /// Sends what was queued.
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.writer.flush().map_err(lost)
    }

    /// The next answer (events are not registered for: none come).
    pub fn recv(&mut self) -> Result<Answer, Failure> {
        let len = frame::header_len(self.version);
        let mut h = [0u8; 9];
        self.reader.read_exact(&mut h[..len]).map_err(lost)?;
        let header = Header::parse(&h[..len]);
        if header.version != self.version || !Header::is_response(h[0]) {
            return Err(lost(format!("a frame of version byte 0x{:02x}", h[0])));
        }
        let n = header.length as usize;
        if n > MAX_BODY {
            return Err(lost(format!("a frame of {n} bytes")));
        }
        let mut body = vec![0u8; n];
        self.reader.read_exact(&mut body).map_err(lost)?;
        if header.flags & frame::FLAG_COMPRESSED != 0 {
            let c = self
                .compression
                .ok_or_else(|| lost("a compressed frame without compression agreed"))?;
            body = c.decompress(&body, MAX_BODY).map_err(lost)?;
        }
        if header.flags & frame::FLAG_WARNING != 0 {
            let mut r = Reader::new(&body);
            r.string_list().map_err(lost)?;
            let skip = body.len() - r.remaining();
            body.drain(..skip);
        }
        Ok(Answer {
            stream: header.stream,
            opcode: header.opcode,
            body,
        })
    }
}
