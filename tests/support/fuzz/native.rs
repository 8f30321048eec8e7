//! The seeds of the native-protocol fuzz (`tests/native/wire_native_fuzz.rs`):
//! valid request bodies of every opcode a client sends, per protocol
//! version 1 to 4, built with the body notation while remembering where
//! each [short] and [int] length or count sits (the fields a hostile client
//! lies in), and the statements they use, prepared once so that EXECUTE and
//! BATCH members reach real prepared statements (their ids are the MD5 of
//! the text, as the server makes them).

use md5::{Digest, Md5};
use supercolumn::native::wire::frame::op;

/// One request body before framing (and compression).
#[derive(Clone)]
pub struct NativeSeed {
    pub version: u8,
    pub opcode: u8,
    pub body: Vec<u8>,
    /// (offset, width 2 or 4) of each length or count in `body`.
    pub lengths: Vec<(usize, u8)>,
}

/// A body under construction that records its length fields.
#[derive(Default)]
struct B {
    buf: Vec<u8>,
    lengths: Vec<(usize, u8)>,
}

impl B {
    fn byte(&mut self, v: u8) -> &mut Self {
        self.buf.push(v);
        self
    }
    fn short(&mut self, v: u16) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn count(&mut self, n: usize) -> &mut Self {
        self.lengths.push((self.buf.len(), 2));
        self.short(n as u16)
    }
    fn long(&mut self, v: i64) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn int(&mut self, v: i32) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }
    fn string(&mut self, s: &str) -> &mut Self {
        self.count(s.len());
        self.buf.extend_from_slice(s.as_bytes());
        self
    }
    fn long_string(&mut self, s: &str) -> &mut Self {
        self.lengths.push((self.buf.len(), 4));
        self.int(s.len() as i32);
        self.buf.extend_from_slice(s.as_bytes());
        self
    }
    fn bytes(&mut self, b: Option<&[u8]>) -> &mut Self {
        self.lengths.push((self.buf.len(), 4));
        match b {
            Some(b) => {
                self.int(b.len() as i32);
                self.buf.extend_from_slice(b);
            }
            None => {
                self.int(-1);
            }
        }
        self
    }
    fn short_bytes(&mut self, b: &[u8]) -> &mut Self {
        self.count(b.len());
        self.buf.extend_from_slice(b);
        self
    }
    fn string_map(&mut self, m: &[(&str, &str)]) -> &mut Self {
        self.count(m.len());
        for (k, v) in m {
            self.string(k).string(v);
        }
        self
    }
    fn string_list(&mut self, l: &[&str]) -> &mut Self {
        self.count(l.len());
        for s in l {
            self.string(s);
        }
        self
    }
    fn seed(self, version: u8, opcode: u8) -> NativeSeed {
        NativeSeed {
            version,
            opcode,
            body: self.buf,
            lengths: self.lengths,
        }
    }
}

/// The keyspace and table the fuzz's statements use (made by [`setup`]).
pub const SETUP: &[&str] = &[
    "CREATE KEYSPACE IF NOT EXISTS fz WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    "CREATE TABLE IF NOT EXISTS fz.t (k int, c int, v text, l list<int>, m map<text, int>, PRIMARY KEY (k, c))",
    "CREATE TABLE IF NOT EXISTS fz.s (k text PRIMARY KEY, v blob) WITH COMPACT STORAGE",
];

/// Statements with markers, prepared before the fuzz (EXECUTE uses their
/// ids), and the values they bind.
pub fn prepared() -> Vec<(&'static str, Vec<Option<Vec<u8>>>)> {
    let int = |v: i32| Some(v.to_be_bytes().to_vec());
    let text = |s: &str| Some(s.as_bytes().to_vec());
    vec![
        (
            "INSERT INTO fz.t (k, c, v) VALUES (?, ?, ?)",
            vec![int(1), int(2), text("value")],
        ),
        ("SELECT * FROM fz.t WHERE k = ?", vec![int(1)]),
        (
            "UPDATE fz.t SET v = ?, l = ? WHERE k = ? AND c = ?",
            vec![
                text("u"),
                Some([0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 7].to_vec()),
                int(3),
                int(4),
            ],
        ),
        (
            "INSERT INTO fz.s (k, v) VALUES (?, ?)",
            vec![text("sk"), Some(vec![1, 2, 3])],
        ),
        (
            "SELECT k, v FROM fz.s WHERE token(k) > token(?) LIMIT 5",
            vec![text("a")],
        ),
        (
            "DELETE FROM fz.t WHERE k = ? AND c = ?",
            vec![int(1), int(2)],
        ),
    ]
}

fn md5_id(text: &str) -> Vec<u8> {
    Md5::digest(text.as_bytes()).to_vec()
}

/// QUERY/EXECUTE parameters of `version`, every optional part present
/// that `flags` names.
fn params(b: &mut B, version: u8, values: &[Option<Vec<u8>>], flags: u8) {
    b.short(1); // ONE
    if version == 1 {
        return;
    }
    b.byte(flags);
    if flags & 0x01 != 0 {
        b.count(values.len());
        for (i, v) in values.iter().enumerate() {
            if flags & 0x40 != 0 {
                b.string(&format!("m{i}"));
            }
            b.bytes(v.as_deref());
        }
    }
    if flags & 0x04 != 0 {
        b.int(2);
    }
    if flags & 0x08 != 0 {
        b.bytes(Some(&[
            0, 0, 0, 0, 0, 0, 0, 2, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9,
        ]));
    }
    if flags & 0x10 != 0 {
        b.short(8); // SERIAL
    }
    if flags & 0x20 != 0 {
        b.long(1_400_000_000_000_000);
    }
}

/// The flag sets QUERY and EXECUTE are sent with on `version`.
fn flag_sets(version: u8, has_values: bool) -> Vec<u8> {
    let v = if has_values { 0x01 } else { 0 };
    let mut sets = vec![v, v | 0x02 | 0x04, v | 0x04 | 0x08, v | 0x10];
    if version >= 3 {
        sets.push(v | 0x20);
        if has_values {
            sets.push(0x01 | 0x40);
        }
    }
    sets
}

/// STARTUP with `compression` (or none).
pub fn startup(version: u8, compression: Option<&str>) -> NativeSeed {
    let mut b = B::default();
    match compression {
        Some(c) => b.string_map(&[("CQL_VERSION", "3.0.0"), ("COMPRESSION", c)]),
        None => b.string_map(&[("CQL_VERSION", "3.0.0")]),
    };
    b.seed(version, op::STARTUP)
}

/// A QUERY without values (the set-up's statements).
pub fn query(version: u8, text: &str) -> NativeSeed {
    let mut b = B::default();
    b.long_string(text);
    params(&mut b, version, &[], 0);
    b.seed(version, op::QUERY)
}

pub fn prepare(version: u8, text: &str) -> NativeSeed {
    let mut b = B::default();
    b.long_string(text);
    b.seed(version, op::PREPARE)
}

/// Every request of `version`, valid, as the fuzz mutates them.
pub fn seeds(version: u8) -> Vec<NativeSeed> {
    let mut out = vec![
        B::default().seed(version, op::OPTIONS),
        startup(version, None),
        {
            let mut b = B::default();
            b.string_list(&["SCHEMA_CHANGE", "TOPOLOGY_CHANGE", "STATUS_CHANGE"]);
            b.seed(version, op::REGISTER)
        },
        {
            let mut b = B::default();
            if version == 1 {
                b.string_map(&[("username", "u"), ("password", "p")]);
                b.seed(version, op::CREDENTIALS)
            } else {
                b.bytes(Some(b"\0user\0password"));
                b.seed(version, op::AUTH_RESPONSE)
            }
        },
    ];
    for text in [
        "SELECT release_version, native_protocol_version FROM system.local",
        "SELECT * FROM system.schema_columns",
        "USE fz",
        "SELECT * FROM fz.t",
        "INSERT INTO fz.t (k, c, v, m) VALUES (7, 1, 'x', {'a': 1}) IF NOT EXISTS",
        "BEGIN BATCH INSERT INTO fz.t (k, c) VALUES (1, 1); DELETE FROM fz.t WHERE k = 2 APPLY BATCH",
        "CREATE TABLE IF NOT EXISTS fz.x (k int PRIMARY KEY, v int)",
        "SELECT COUNT(*) FROM fz.t WHERE k IN (1, 2, 3)",
    ] {
        for flags in flag_sets(version, false) {
            let mut b = B::default();
            b.long_string(text);
            params(&mut b, version, &[], flags);
            out.push(b.seed(version, op::QUERY));
        }
        out.push(prepare(version, text));
    }
    for (text, values) in prepared() {
        for flags in flag_sets(version, true) {
            let mut b = B::default();
            b.long_string(text);
            params(&mut b, version, &values, flags);
            out.push(b.seed(version, op::QUERY));
            let mut b = B::default();
            b.short_bytes(&md5_id(text));
            if version == 1 {
                b.count(values.len());
                for v in &values {
                    b.bytes(v.as_deref());
                }
                b.short(1);
            } else {
                params(&mut b, version, &values, flags);
            }
            out.push(b.seed(version, op::EXECUTE));
        }
        out.push(prepare(version, text));
    }
    if version >= 2 {
        let (insert, values) = prepared().swap_remove(0);
        for kind in [0u8, 1, 2] {
            let mut b = B::default();
            b.byte(kind).count(3);
            b.byte(0)
                .long_string("INSERT INTO fz.t (k, c, v) VALUES (?, ?, 'b')");
            b.count(2)
                .bytes(Some(&5i32.to_be_bytes()))
                .bytes(Some(&6i32.to_be_bytes()));
            b.byte(1).short_bytes(&md5_id(insert)).count(values.len());
            for v in &values {
                b.bytes(v.as_deref());
            }
            b.byte(0)
                .long_string("DELETE FROM fz.t WHERE k = 9")
                .count(0);
            b.short(1);
            if version >= 3 {
                b.byte(0x30).short(9).long(1_400_000_000_000_001);
            }
            out.push(b.seed(version, op::BATCH));
        }
    }
    out
}
