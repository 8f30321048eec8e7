//! The capture file: one JSON object per line (JSON Lines), written as the
//! traffic passes and read back one line at a time, so neither a long
//! capture nor its replay holds more than one record in memory. Owns the
//! records, their encoding and the rotation of a bounded capture; it must
//! not know what the recorded bytes mean (that is [`crate::thrift::wire`]'s).
//!
//! Why JSON Lines and not a binary framing: a capture is also a test fixture
//! that people read, grep and cut (`head`, `jq`), a partial last line (a
//! capture killed mid-write) is recognisable as such, and `serde_json` and
//! `base64` are already dependencies. The message bytes are base64 inside.
//! The records are documented in `docs/capture.md`.

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use std::fs::{self, File};
use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

/// The version of the format written in the `capture` record.
pub const FORMAT: u32 = 1;

/// One line of a capture file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Record {
    /// First line of every file (repeated at the top of each rotated file).
    Capture {
        format: u32,
        /// Wall-clock time of the capture's start, microseconds since the epoch;
        /// every `t_us` below counts from it.
        started_us: i64,
        /// The server the traffic went to.
        to: String,
        /// `thrift`, `native` or `thrift,native`: the ports recorded.
        protocol: String,
        /// The server's native port, when both were recorded (`to` is
        /// Thrift's then; with `native` alone, `to` is the native port).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        native_to: Option<String>,
    },
    /// The server's keyspaces when the capture started: its reply to
    /// `describe_keyspaces` (19.x), or why there is none.
    Schema {
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_b64")]
        describe_keyspaces: Option<Vec<u8>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        error: Option<String>,
    },
    /// A client connected (and the proxy reached the server for it);
    /// `protocol` is `native` on the CQL native protocol's port, absent on
    /// Thrift's.
    Open {
        conn: u64,
        t_us: u64,
        client: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        protocol: Option<String>,
    },
    /// The `n`th request of a connection, its bytes exactly as on the wire
    /// (a framed one with its 4-byte length).
    Request {
        conn: u64,
        n: u64,
        t_us: u64,
        framed: bool,
        method: String,
        #[serde(with = "b64")]
        data: Vec<u8>,
    },
    /// The server's `n`th reply on a connection, exactly as on the wire.
    Reply {
        conn: u64,
        n: u64,
        t_us: u64,
        #[serde(with = "b64")]
        data: Vec<u8>,
    },
    /// The `n`th native-protocol frame a client sent on `conn`, exactly as
    /// on the wire (`data`); `body` is its body inflated when the frame was
    /// compressed (lz4 or snappy, as agreed in STARTUP), for reading only.
    NativeRequest {
        conn: u64,
        n: u64,
        t_us: u64,
        version: u8,
        stream: i16,
        opcode: String,
        #[serde(with = "b64")]
        data: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_b64")]
        body: Option<Vec<u8>>,
    },
    /// A native-protocol frame the server sent on `conn`: the reply to
    /// request `n` (its stream's), or with no `n` a pushed EVENT.
    NativeReply {
        conn: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        n: Option<u64>,
        t_us: u64,
        version: u8,
        stream: i16,
        opcode: String,
        #[serde(with = "b64")]
        data: Vec<u8>,
        #[serde(default, skip_serializing_if = "Option::is_none", with = "opt_b64")]
        body: Option<Vec<u8>>,
    },
    /// From here on this connection's messages are passed on but not
    /// recorded (a message over the size limit, bytes that are not Thrift).
    Unrecorded { conn: u64, t_us: u64, why: String },
    /// The connection ended: `by` is `client`, `server` or `error`.
    Close { conn: u64, t_us: u64, by: String },
}

mod b64 {
    use base64::Engine as _;
    use serde::{Deserialize, Deserializer, Serializer};

    thread_local! {
        /// The text of the last message encoded on this thread, its
        /// allocation reused: the writer thread encodes every message of a
        /// capture, and a fresh `String` each was a measurable share of it.
        static TEXT: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
    }

    pub fn serialize<S: Serializer>(v: &[u8], s: S) -> Result<S::Ok, S::Error> {
        TEXT.with(|text| {
            let mut text = text.borrow_mut();
            text.clear();
            base64::engine::general_purpose::STANDARD.encode_string(v, &mut text);
            let done = s.serialize_str(&text);
            if text.capacity() > super::KEPT_BUFFER {
                *text = String::new();
            }
            done
        })
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u8>, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(s.as_bytes())
            .map_err(serde::de::Error::custom)
    }
}

mod opt_b64 {
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(v: &Option<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
        match v {
            Some(v) => super::b64::serialize(v, s),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Vec<u8>>, D::Error> {
        #[derive(Deserialize)]
        struct W(#[serde(with = "super::b64")] Vec<u8>);
        Ok(Option::<W>::deserialize(d)?.map(|w| w.0))
    }
}

impl Record {
    /// The connection a record belongs to (`None` for the header records).
    pub fn conn(&self) -> Option<u64> {
        match self {
            Record::Capture { .. } | Record::Schema { .. } => None,
            Record::Open { conn, .. }
            | Record::Request { conn, .. }
            | Record::Reply { conn, .. }
            | Record::NativeRequest { conn, .. }
            | Record::NativeReply { conn, .. }
            | Record::Unrecorded { conn, .. }
            | Record::Close { conn, .. } => Some(*conn),
        }
    }

    /// Whether the record is a reply to a request (what a replay compares
    /// and waits for before sending what was captured after it).
    pub fn is_reply(&self) -> bool {
        matches!(
            self,
            Record::Reply { .. } | Record::NativeReply { n: Some(_), .. }
        )
    }
}

/// Why a capture file could not be written or read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("{path}: {source}")]
    Io {
        path: String,
        #[source]
        source: io::Error,
    },
    #[error("{path}, line {line} (byte {offset}): {why}")]
    Bad {
        path: String,
        line: u64,
        offset: u64,
        why: String,
    },
    #[error(
        "{path}: not a capture file (its first line is no `capture` record of format {FORMAT})"
    )]
    NotCapture { path: String },
}

/// Writes records to a capture file, bounded: past `max_bytes` the file is
/// rotated (`CAPTURE` becomes `CAPTURE.1`, the older ones shift up, at most
/// `rotate` are kept) and the new file starts with the header records again,
/// so each file replays on its own. With `rotate` 0 a full file stops the
/// recording instead (the proxy keeps passing traffic).
pub struct CaptureWriter {
    path: PathBuf,
    out: Option<BufWriter<File>>,
    written: u64,
    max_bytes: Option<u64>,
    rotate: u32,
    /// The `capture` and `schema` lines, repeated at the top of each file.
    header: Vec<Vec<u8>>,
    /// Their length together.
    header_len: u64,
    /// The line being written, its allocation reused from record to record.
    line: Vec<u8>,
}

impl CaptureWriter {
    pub fn create(path: &Path, max_bytes: Option<u64>, rotate: u32) -> Result<Self, FormatError> {
        let file = File::create(path).map_err(|e| io_err(path, e))?;
        Ok(CaptureWriter {
            path: path.to_path_buf(),
            out: Some(BufWriter::with_capacity(WRITE_BUFFER, file)),
            written: 0,
            max_bytes,
            rotate,
            header: Vec::new(),
            header_len: 0,
            line: Vec::new(),
        })
    }

    /// Writes a header record (kept for the top of every rotated file).
    pub fn header(&mut self, rec: &Record) -> Result<(), FormatError> {
        let line = to_line(rec);
        self.header_len += line.len() as u64;
        self.header.push(line.clone());
        self.put(&line)
    }

    /// Writes one record; `Ok(false)` once the file is full and not rotated.
    pub fn write(&mut self, rec: &Record) -> Result<bool, FormatError> {
        let mut line = std::mem::take(&mut self.line);
        line_into(rec, &mut line);
        let wrote = self.write_line(&line);
        if line.capacity() <= KEPT_BUFFER {
            self.line = line;
        }
        wrote
    }

    fn write_line(&mut self, line: &[u8]) -> Result<bool, FormatError> {
        if let Some(max) = self.max_bytes {
            if self.written + line.len() as u64 > max && self.written > self.header_len {
                if self.rotate == 0 {
                    self.flush()?;
                    self.out = None;
                    return Ok(false);
                }
                self.rotate_files()?;
            }
        }
        if self.out.is_none() {
            return Ok(false);
        }
        self.put(line)?;
        Ok(true)
    }

    pub fn flush(&mut self) -> Result<(), FormatError> {
        match &mut self.out {
            Some(out) => out.flush().map_err(|e| io_err(&self.path, e)),
            None => Ok(()),
        }
    }

    fn put(&mut self, line: &[u8]) -> Result<(), FormatError> {
        if let Some(out) = &mut self.out {
            out.write_all(line).map_err(|e| io_err(&self.path, e))?;
            self.written += line.len() as u64;
        }
        Ok(())
    }

    fn rotate_files(&mut self) -> Result<(), FormatError> {
        self.flush()?;
        self.out = None;
        let nth = |k: u32| PathBuf::from(format!("{}.{k}", self.path.display()));
        let _ = fs::remove_file(nth(self.rotate));
        for k in (1..self.rotate).rev() {
            if nth(k).exists() {
                fs::rename(nth(k), nth(k + 1)).map_err(|e| io_err(&nth(k), e))?;
            }
        }
        fs::rename(&self.path, nth(1)).map_err(|e| io_err(&self.path, e))?;
        let file = File::create(&self.path).map_err(|e| io_err(&self.path, e))?;
        self.out = Some(BufWriter::with_capacity(WRITE_BUFFER, file));
        self.written = 0;
        for line in self.header.clone() {
            self.put(&line)?;
        }
        Ok(())
    }
}

fn to_line(rec: &Record) -> Vec<u8> {
    let mut line = Vec::new();
    line_into(rec, &mut line);
    line
}

/// The file's write buffer: a busy server's capture is tens of megabytes a
/// second, and at the default 8 KiB each tick's records took hundreds of
/// `write` calls on a core the server shares.
const WRITE_BUFFER: usize = 256 << 10;

/// The most a reused encoding buffer keeps between records: one message
/// near the 16 MB frame limit must not stay allocated for the rest of a
/// capture that otherwise carries small ones.
const KEPT_BUFFER: usize = 1 << 20;

/// `rec` as one line of the file, in place of what `line` held.
fn line_into(rec: &Record, line: &mut Vec<u8>) {
    line.clear();
    if !message_line::write(rec, line) {
        // A record of plain strings, numbers and byte strings always
        // serializes (into memory, nothing can fail).
        let _ = serde_json::to_writer(&mut *line, rec);
    }
    line.push(b'\n');
}

fn io_err(path: &Path, source: io::Error) -> FormatError {
    FormatError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// Reads a capture file one record at a time. A last line without its
/// newline (a capture killed mid-write) is skipped with a warning; any other
/// bad line is an error naming its line and byte offset.
pub struct CaptureReader<R> {
    path: String,
    input: R,
    line: u64,
    offset: u64,
    /// Where the last record read began (its line's first byte).
    record_at: u64,
    buf: String,
    /// Set when the last line was cut short.
    pub truncated_tail: Option<u64>,
}

impl CaptureReader<BufReader<File>> {
    /// Opens a capture and checks its first record.
    pub fn open(path: &Path) -> Result<(Self, Record), FormatError> {
        let file = File::open(path).map_err(|e| io_err(path, e))?;
        let mut r = CaptureReader::new(path.display().to_string(), BufReader::new(file));
        match r.next_record() {
            Ok(Some(rec @ Record::Capture { format: FORMAT, .. })) => Ok((r, rec)),
            _ => Err(FormatError::NotCapture {
                path: path.display().to_string(),
            }),
        }
    }
}

impl<R: BufRead> CaptureReader<R> {
    pub fn new(path: String, input: R) -> Self {
        CaptureReader {
            path,
            input,
            line: 0,
            offset: 0,
            record_at: 0,
            buf: String::new(),
            truncated_tail: None,
        }
    }

    /// The next record, `None` at the end.
    pub fn next_record(&mut self) -> Result<Option<Record>, FormatError> {
        loop {
            self.buf.clear();
            let start = self.offset;
            let n = self
                .input
                .read_line(&mut self.buf)
                .map_err(|e| self.bad(start, e.to_string()))?;
            if n == 0 {
                return Ok(None);
            }
            self.line += 1;
            self.offset += n as u64;
            let text = self.buf.trim_end_matches(['\n', '\r']);
            if text.trim().is_empty() {
                continue;
            }
            self.record_at = start;
            return match serde_json::from_str::<Record>(text) {
                Ok(rec) => Ok(Some(rec)),
                Err(_) if !self.buf.ends_with('\n') => {
                    self.truncated_tail = Some(self.line);
                    Ok(None)
                }
                Err(e) => Err(self.bad(start, e.to_string())),
            };
        }
    }

    /// An error naming the last record read by its line and byte offset:
    /// for a caller that finds its recorded bytes are not what its type
    /// says (this reader does not know what they mean).
    pub fn refuse(&self, why: String) -> FormatError {
        self.bad(self.record_at, why)
    }

    fn bad(&self, offset: u64, why: String) -> FormatError {
        FormatError::Bad {
            path: self.path.clone(),
            line: self.line.max(1),
            offset,
            why,
        }
    }
}

/// Base64 as the file writes it (for tools that show a record's bytes).
pub fn encode_bytes(b: &[u8]) -> String {
    base64::engine::general_purpose::STANDARD.encode(b)
}

mod message_line;
#[cfg(test)]
mod tests;
