//! The native protocol's body notation as data: [int], [long], [short],
//! [string], [long string], [bytes], [short bytes], [value], string lists,
//! maps and multimaps, read from a frame body and written into one.
//!
//! Every length read is checked against the bytes actually left in the body
//! before anything is allocated (the hardening rule of `thrift::wire::bounded`):
//! a hostile length can only produce [`DecodeError`], never an allocation
//! larger than the frame that arrived. This module must not know opcodes or
//! statements.

use std::collections::BTreeMap;

/// A body that does not hold what its opcode says it holds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct DecodeError(pub String);

pub type DecodeResult<T> = Result<T, DecodeError>;

/// A bound value as the protocol carries it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    Set(Vec<u8>),
    Null,
    /// v4's "not set": leave the receiver as it is.
    Unset,
}

/// Reads a frame body front to back.
pub struct Reader<'a> {
    body: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(body: &'a [u8]) -> Reader<'a> {
        Reader { body, at: 0 }
    }

    /// How many bytes were read.
    pub fn offset(&self) -> usize {
        self.at
    }

    pub fn remaining(&self) -> usize {
        self.body.len() - self.at
    }

    /// The next `n` bytes, or an error naming `what` when fewer are left.
    fn take(&mut self, n: usize, what: &str) -> DecodeResult<&'a [u8]> {
        if n > self.remaining() {
            return Err(DecodeError(format!(
                "Not enough bytes to read {what}: {n} needed, {} left",
                self.remaining()
            )));
        }
        let out = &self.body[self.at..self.at + n];
        self.at += n;
        Ok(out)
    }

    /// The next `n` raw bytes.
    pub fn raw(&mut self, n: usize) -> DecodeResult<&'a [u8]> {
        self.take(n, "bytes")
    }

    pub fn byte(&mut self) -> DecodeResult<u8> {
        Ok(self.take(1, "a byte")?[0])
    }

    pub fn short(&mut self) -> DecodeResult<u16> {
        let b = self.take(2, "a short")?;
        Ok(u16::from_be_bytes([b[0], b[1]]))
    }

    pub fn int(&mut self) -> DecodeResult<i32> {
        let b = self.take(4, "an int")?;
        Ok(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    pub fn long(&mut self) -> DecodeResult<i64> {
        let b = self.take(8, "a long")?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(i64::from_be_bytes(a))
    }

    fn utf8(bytes: &[u8]) -> DecodeResult<String> {
        String::from_utf8(bytes.to_vec())
            .map_err(|_| DecodeError("Cannot decode string as UTF8".into()))
    }

    pub fn string(&mut self) -> DecodeResult<String> {
        let n = self.short()? as usize;
        Self::utf8(self.take(n, "a string")?)
    }

    pub fn long_string(&mut self) -> DecodeResult<String> {
        self.long_str().map(str::to_owned)
    }

    /// A [long string] borrowed from the body.
    pub fn long_str(&mut self) -> DecodeResult<&'a str> {
        let n = self.int()?;
        let n = usize::try_from(n)
            .map_err(|_| DecodeError(format!("Invalid long string length {n}")))?;
        std::str::from_utf8(self.take(n, "a long string")?)
            .map_err(|_| DecodeError("Cannot decode string as UTF8".into()))
    }

    /// [bytes]: a negative length is null.
    pub fn bytes(&mut self) -> DecodeResult<Option<Vec<u8>>> {
        let n = self.int()?;
        if n < 0 {
            return Ok(None);
        }
        Ok(Some(self.take(n as usize, "bytes")?.to_vec()))
    }

    pub fn short_bytes(&mut self) -> DecodeResult<Vec<u8>> {
        self.short_bytes_ref().map(<[u8]>::to_vec)
    }

    /// [short bytes] borrowed from the body.
    pub fn short_bytes_ref(&mut self) -> DecodeResult<&'a [u8]> {
        let n = self.short()? as usize;
        self.take(n, "short bytes")
    }

    /// [value]: -1 null, -2 unset (v4 only; before v4 any negative is null).
    pub fn value(&mut self, version: u8) -> DecodeResult<Value> {
        let n = self.int()?;
        match n {
            -2 if version >= 4 => Ok(Value::Unset),
            n if n < 0 => Ok(Value::Null),
            n => Ok(Value::Set(self.take(n as usize, "a value")?.to_vec())),
        }
    }

    /// A [short] count that cannot promise more items than bytes are left
    /// (each item takes at least `min_item` bytes).
    pub fn count(&mut self, min_item: usize) -> DecodeResult<usize> {
        let n = self.short()? as usize;
        if n.saturating_mul(min_item.max(1)) > self.remaining() {
            return Err(DecodeError(format!(
                "{n} items announced but only {} bytes left",
                self.remaining()
            )));
        }
        Ok(n)
    }

    pub fn string_map(&mut self) -> DecodeResult<BTreeMap<String, String>> {
        let n = self.count(4)?;
        let mut m = BTreeMap::new();
        for _ in 0..n {
            let k = self.string()?;
            let v = self.string()?;
            m.insert(k, v);
        }
        Ok(m)
    }

    pub fn string_list(&mut self) -> DecodeResult<Vec<String>> {
        let n = self.count(2)?;
        (0..n).map(|_| self.string()).collect()
    }

    /// Fails when bytes are left over: a body longer than its message is
    /// as malformed as a shorter one.
    pub fn finish(&self, what: &str) -> DecodeResult<()> {
        match self.remaining() {
            0 => Ok(()),
            n => Err(DecodeError(format!(
                "{n} unexpected trailing bytes after the {what} message"
            ))),
        }
    }
}

/// Builds a frame body.
#[derive(Default)]
pub struct Writer {
    pub buf: Vec<u8>,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    pub fn byte(&mut self, b: u8) -> &mut Self {
        self.buf.push(b);
        self
    }

    pub fn short(&mut self, v: u16) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }

    pub fn int(&mut self, v: i32) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }

    pub fn long(&mut self, v: i64) -> &mut Self {
        self.buf.extend_from_slice(&v.to_be_bytes());
        self
    }

    /// [string]; a text longer than a [short] can say is cut at a char
    /// boundary (only server-made texts are written: messages, names).
    pub fn string(&mut self, s: &str) -> &mut Self {
        let mut end = s.len().min(u16::MAX as usize);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.short(end as u16);
        self.buf.extend_from_slice(&s.as_bytes()[..end]);
        self
    }

    pub fn long_string(&mut self, s: &str) -> &mut Self {
        self.int(s.len() as i32);
        self.buf.extend_from_slice(s.as_bytes());
        self
    }

    pub fn bytes(&mut self, b: Option<&[u8]>) -> &mut Self {
        match b {
            None => self.int(-1),
            Some(b) => {
                self.int(b.len() as i32);
                self.buf.extend_from_slice(b);
                self
            }
        }
    }

    pub fn short_bytes(&mut self, b: &[u8]) -> &mut Self {
        self.short(b.len() as u16);
        self.buf.extend_from_slice(b);
        self
    }

    pub fn string_list(&mut self, list: &[&str]) -> &mut Self {
        self.short(list.len() as u16);
        for s in list {
            self.string(s);
        }
        self
    }

    pub fn string_multimap(&mut self, m: &[(&str, Vec<&str>)]) -> &mut Self {
        self.short(m.len() as u16);
        for (k, v) in m {
            self.string(k);
            self.string_list(v);
        }
        self
    }

    /// [inet]: address bytes and port.
    pub fn inet(&mut self, addr: std::net::SocketAddr) -> &mut Self {
        match addr.ip() {
            std::net::IpAddr::V4(v4) => {
                self.byte(4);
                self.buf.extend_from_slice(&v4.octets());
            }
            std::net::IpAddr::V6(v6) => {
                self.byte(16);
                self.buf.extend_from_slice(&v6.octets());
            }
        }
        self.int(i32::from(addr.port()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_beyond_the_body_are_errors_not_allocations() {
        // A [long string] claiming 2 GiB in a 6-byte body.
        let body = [0x7f, 0xff, 0xff, 0xff, b'a', b'b'];
        assert!(Reader::new(&body).long_string().is_err());
        // A [bytes] claiming more than is there.
        assert!(Reader::new(&[0, 0, 0, 9, 1]).bytes().is_err());
        // A map announcing 65535 entries in 2 bytes.
        assert!(Reader::new(&[0xff, 0xff]).string_map().is_err());
        assert!(Reader::new(&[]).short().is_err());
        assert!(Reader::new(&[0, 5, 0xc3, 0x28, 0, 0, 0]).string().is_err());
    }

    #[test]
    fn values_null_and_unset() {
        let mut w = Writer::new();
        w.bytes(None).int(-2).bytes(Some(b"xy"));
        let mut r = Reader::new(&w.buf);
        assert_eq!(r.value(4).unwrap(), Value::Null);
        assert_eq!(r.value(4).unwrap(), Value::Unset);
        assert_eq!(r.value(4).unwrap(), Value::Set(b"xy".to_vec()));
        r.finish("test").unwrap();
        // Before v4, -2 is just another null.
        assert_eq!(
            Reader::new(&[0xff, 0xff, 0xff, 0xfe]).value(3).unwrap(),
            Value::Null
        );
    }

    #[test]
    fn strings_round_trip() {
        let mut w = Writer::new();
        w.string("héllo").long_string("q").string_list(&["a", "b"]);
        let mut r = Reader::new(&w.buf);
        assert_eq!(r.string().unwrap(), "héllo");
        assert_eq!(r.long_string().unwrap(), "q");
        assert_eq!(r.string_list().unwrap(), vec!["a", "b"]);
        assert!(r.finish("x").is_ok());
    }
}
