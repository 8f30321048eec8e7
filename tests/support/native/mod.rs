//! A raw native-protocol client for the wire tests: frames built and read
//! byte by byte (so malformed ones can be sent), with the body notation
//! from `supercolumn::native::wire::codec`.
#![allow(dead_code)]

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;
pub use supercolumn::native::wire::codec::{Reader, Writer};
pub use supercolumn::native::wire::frame::{op, Compression};

use super::wire::{conformance_config, Server};

/// A server (in memory, the 19.x conformance config) speaking Thrift and
/// the native protocol on free ports.
pub fn server() -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--native-listen",
        "127.0.0.1:0",
    ])
}

pub fn native_port(s: &Server) -> u16 {
    s.native_port.expect("the server announced its native port")
}

/// Keyspace `nk` with table `c` (compact: one cell per column) and `t`.
pub fn schema(c: &mut Conn) {
    c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nk.c (k text PRIMARY KEY, v text) WITH COMPACT STORAGE");
    c.ok("CREATE TABLE nk.t (k int, n int, v text, PRIMARY KEY (k, n))");
}

/// Rows of a ROWS result: each value as bytes, `None` for null.
pub type Rows = Vec<Vec<Option<Vec<u8>>>>;

/// A response frame.
#[derive(Debug)]
pub struct Frame {
    pub version: u8,
    pub flags: u8,
    pub stream: i16,
    pub opcode: u8,
    pub body: Vec<u8>,
}

impl Frame {
    /// The code and message of an ERROR frame.
    pub fn error(&self) -> (i32, String) {
        assert_eq!(self.opcode, op::ERROR, "not an error: {self:?}");
        let mut r = Reader::new(&self.body);
        (r.int().unwrap(), r.string().unwrap())
    }

    /// The kind of a RESULT frame.
    pub fn result_kind(&self) -> i32 {
        assert_eq!(
            self.opcode,
            op::RESULT,
            "not a result: {:?}",
            self.describe()
        );
        Reader::new(&self.body).int().unwrap()
    }

    pub fn describe(&self) -> String {
        if self.opcode == op::ERROR {
            format!("{:?}", self.error())
        } else {
            format!("opcode {} ({} bytes)", self.opcode, self.body.len())
        }
    }

    /// Rows of a ROWS result (with metadata), each value as bytes.
    pub fn rows(&self) -> Rows {
        self.rows_and_state().0
    }

    /// Rows and the paging state of a ROWS result.
    pub fn rows_and_state(&self) -> (Rows, Option<Vec<u8>>) {
        assert_eq!(self.result_kind(), 2, "{}", self.describe());
        let mut r = Reader::new(&self.body);
        r.int().unwrap();
        let flags = r.int().unwrap();
        let n = r.int().unwrap() as usize;
        let state = if flags & 2 != 0 {
            r.bytes().unwrap()
        } else {
            None
        };
        if flags & 4 == 0 {
            if flags & 1 != 0 {
                r.string().unwrap();
                r.string().unwrap();
            }
            for _ in 0..n {
                if flags & 1 == 0 {
                    r.string().unwrap();
                    r.string().unwrap();
                }
                r.string().unwrap();
                skip_type(&mut r);
            }
        }
        let count = r.int().unwrap();
        let rows = (0..count)
            .map(|_| (0..n).map(|_| r.bytes().unwrap()).collect())
            .collect();
        (rows, state)
    }
}

/// One column of a result (or bind) metadata: keyspace, table, name and
/// its type exactly as the bytes on the wire.
pub type ColumnSpec = (String, String, String, Vec<u8>);

/// A metadata block read from `body` at `r`: its flags, its paging state
/// and its columns.
pub fn read_metadata(
    body: &[u8],
    r: &mut Reader,
    pk_indexes: bool,
) -> (i32, Option<Vec<u8>>, Vec<ColumnSpec>) {
    let flags = r.int().unwrap();
    let n = r.int().unwrap() as usize;
    if pk_indexes {
        for _ in 0..r.int().unwrap() {
            r.short().unwrap();
        }
    }
    let state = if flags & 2 != 0 {
        r.bytes().unwrap()
    } else {
        None
    };
    let mut columns = Vec::new();
    if flags & 4 == 0 {
        let mut global = None;
        if flags & 1 != 0 {
            global = Some((r.string().unwrap(), r.string().unwrap()));
        }
        for _ in 0..n {
            let (ks, table) = match &global {
                Some(g) => g.clone(),
                None => (r.string().unwrap(), r.string().unwrap()),
            };
            let name = r.string().unwrap();
            let start = body.len() - r.remaining();
            skip_type(r);
            let end = body.len() - r.remaining();
            columns.push((ks, table, name, body[start..end].to_vec()));
        }
    }
    (flags, state, columns)
}

fn skip_type(r: &mut Reader) {
    match r.short().unwrap() {
        0 => {
            r.string().unwrap();
        }
        0x20 | 0x22 => skip_type(r),
        0x21 => {
            skip_type(r);
            skip_type(r);
        }
        // v3's user type: keyspace, name, then each field's name and type.
        0x30 => {
            r.string().unwrap();
            r.string().unwrap();
            for _ in 0..r.short().unwrap() {
                r.string().unwrap();
                skip_type(r);
            }
        }
        // v3's tuple: each element's type.
        0x31 => {
            for _ in 0..r.short().unwrap() {
                skip_type(r);
            }
        }
        _ => {}
    }
}

pub struct Conn {
    pub s: TcpStream,
    pub version: u8,
    pub compression: Option<Compression>,
}

impl Conn {
    pub fn open(port: u16, version: u8) -> Conn {
        let s = TcpStream::connect(("127.0.0.1", port)).expect("connect native");
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        Conn {
            s,
            version,
            compression: None,
        }
    }

    /// A request frame's bytes.
    pub fn frame(version: u8, flags: u8, stream: i16, opcode: u8, body: &[u8]) -> Vec<u8> {
        let mut out = vec![version, flags];
        if version >= 3 {
            out.extend_from_slice(&stream.to_be_bytes());
        } else {
            out.push(stream as i8 as u8);
        }
        out.push(opcode);
        out.extend_from_slice(&(body.len() as u32).to_be_bytes());
        out.extend_from_slice(body);
        out
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        self.s.write_all(bytes).unwrap();
    }

    pub fn send(&mut self, stream: i16, opcode: u8, body: &[u8]) {
        let (flags, body) = match self.compression {
            Some(c) if opcode != op::STARTUP => (1, c.compress(body)),
            _ => (0, body.to_vec()),
        };
        let f = Self::frame(self.version, flags, stream, opcode, &body);
        self.send_raw(&f);
    }

    /// The next frame, or `None` when the server closed the connection.
    pub fn recv(&mut self) -> Option<Frame> {
        let mut first = [0u8; 1];
        self.s.read_exact(&mut first).ok()?;
        let version = first[0] & 0x7f;
        assert!(first[0] & 0x80 != 0, "a response frame");
        let hlen = if version >= 3 { 9 } else { 8 };
        let mut h = vec![0u8; hlen];
        h[0] = first[0];
        self.s.read_exact(&mut h[1..]).ok()?;
        let (stream, opcode, len) = if hlen == 8 {
            (
                h[2] as i8 as i16,
                h[3],
                u32::from_be_bytes([h[4], h[5], h[6], h[7]]),
            )
        } else {
            (
                i16::from_be_bytes([h[2], h[3]]),
                h[4],
                u32::from_be_bytes([h[5], h[6], h[7], h[8]]),
            )
        };
        let mut body = vec![0u8; len as usize];
        self.s.read_exact(&mut body).ok()?;
        if h[1] & 1 != 0 {
            body = self
                .compression
                .expect("compressed")
                .decompress(&body, 1 << 30)
                .unwrap();
        }
        Some(Frame {
            version,
            flags: h[1],
            stream,
            opcode,
            body,
        })
    }

    pub fn call(&mut self, opcode: u8, body: &[u8]) -> Frame {
        self.send(1, opcode, body);
        self.recv().expect("a response")
    }

    pub fn startup_with(&mut self, options: &[(&str, &str)]) -> Frame {
        let mut w = Writer::new();
        w.short(options.len() as u16);
        for (k, v) in options {
            w.string(k).string(v);
        }
        self.call(op::STARTUP, &w.buf)
    }

    /// STARTUP that must answer READY.
    pub fn ready(port: u16, version: u8) -> Conn {
        let mut c = Conn::open(port, version);
        let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
        assert_eq!(f.opcode, op::READY, "{}", f.describe());
        c
    }

    pub fn query_body(&self, q: &str, values: &[Option<&[u8]>]) -> Vec<u8> {
        let mut w = Writer::new();
        w.long_string(q).short(1);
        if self.version >= 2 {
            if values.is_empty() {
                w.byte(0);
            } else {
                w.byte(1).short(values.len() as u16);
                for v in values {
                    w.bytes(*v);
                }
            }
        }
        w.buf
    }

    pub fn query(&mut self, q: &str) -> Frame {
        let body = self.query_body(q, &[]);
        self.call(op::QUERY, &body)
    }

    /// A query that must succeed.
    pub fn ok(&mut self, q: &str) -> Frame {
        let f = self.query(q);
        assert_eq!(f.opcode, op::RESULT, "{q}: {}", f.describe());
        f
    }

    /// PREPARE `q`: the answer, whatever it is.
    pub fn prepare(&mut self, q: &str) -> Frame {
        let mut w = Writer::new();
        w.long_string(q);
        self.call(op::PREPARE, &w.buf)
    }

    /// PREPARE `q`, which must succeed: the statement's id.
    pub fn prepared_id(&mut self, q: &str) -> Vec<u8> {
        let f = self.prepare(q);
        assert_eq!(f.opcode, op::RESULT, "{q}: {}", f.describe());
        let mut r = Reader::new(&f.body);
        assert_eq!(r.int().unwrap(), 4, "a PREPARED result");
        r.short_bytes().unwrap()
    }
}

pub fn int(v: i32) -> Vec<u8> {
    v.to_be_bytes().to_vec()
}
