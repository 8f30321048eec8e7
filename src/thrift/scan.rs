//! Finds where an unframed message ends by walking the binary protocol
//! structure without building any value: a skip-parser that answers
//! "complete at n", "need at least n bytes" or "not a message".
//!
//! Used only on unframed connections, whose messages carry no length. It
//! must not allocate per declared length: a hostile length only raises the
//! number of bytes it asks for, which the transport checks against its limit.

use crate::thrift::wire::{min_size, ttype, WireError, MAX_DEPTH, VERSION_1, VERSION_MASK};

/// What the skip-scanner concluded about a prefix of an unframed stream.
#[derive(Debug, PartialEq, Eq)]
pub enum Scan {
    /// One whole message is the first `n` bytes.
    Complete(usize),
    /// More bytes are needed; at least `n` in total.
    NeedMore(usize),
    /// The bytes cannot be a binary-protocol message.
    Invalid(String),
}

/// Finds the end of the first message in `buf` without building any value.
pub fn scan_message(buf: &[u8]) -> Scan {
    let mut s = Skipper {
        buf,
        pos: 0,
        need: 0,
    };
    match s.message() {
        Ok(()) => Scan::Complete(s.pos),
        Err(WireError::Truncated) => Scan::NeedMore(s.need.max(buf.len() + 1)),
        Err(WireError::Invalid(m)) => Scan::Invalid(m),
    }
}

/// The (field id, wire type) of each top-level field of the struct at the
/// start of `buf`, in wire order, without decoding any value. Stops quietly
/// at the first malformed or missing byte (the caller decodes properly later).
pub fn field_shape(buf: &[u8]) -> Vec<(i16, u8)> {
    let mut s = Skipper {
        buf,
        pos: 0,
        need: 0,
    };
    let mut shape = Vec::new();
    while let Ok(t) = s.u8() {
        if t == ttype::STOP || s.advance(2).is_err() {
            break;
        }
        let id = i16::from_be_bytes([buf[s.pos - 2], buf[s.pos - 1]]);
        shape.push((id, t));
        if s.skip(t, 1).is_err() {
            break;
        }
    }
    shape
}

struct Skipper<'a> {
    buf: &'a [u8],
    pos: usize,
    /// Total length known to be required when we ran out.
    need: usize,
}

impl Skipper<'_> {
    fn advance(&mut self, n: usize) -> Result<(), WireError> {
        let end = self.pos.saturating_add(n);
        if end > self.buf.len() {
            self.need = end;
            return Err(WireError::Truncated);
        }
        self.pos = end;
        Ok(())
    }
    fn u8(&mut self) -> Result<u8, WireError> {
        self.advance(1)?;
        Ok(self.buf[self.pos - 1])
    }
    fn i32(&mut self) -> Result<i32, WireError> {
        self.advance(4)?;
        let b = &self.buf[self.pos - 4..self.pos];
        Ok(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }
    fn len(&mut self) -> Result<usize, WireError> {
        let n = self.i32()?;
        if n < 0 {
            return Err(WireError::Invalid(format!("Negative length: {n}")));
        }
        Ok(n as usize)
    }
    fn message(&mut self) -> Result<(), WireError> {
        let first = self.i32()?;
        if first < 0 {
            if (first as u32) & VERSION_MASK != VERSION_1 {
                return Err(WireError::Invalid(format!(
                    "Bad version in readMessageBegin: {:#010x}",
                    first as u32
                )));
            }
            let n = self.len()?;
            self.advance(n)?;
            self.advance(4)?;
        } else {
            self.advance(first as usize)?;
            self.advance(5)?;
        }
        self.skip(ttype::STRUCT, 0)
    }
    fn skip(&mut self, t: u8, depth: usize) -> Result<(), WireError> {
        if depth > MAX_DEPTH {
            return Err(WireError::Invalid("Maximum nesting depth exceeded".into()));
        }
        match t {
            ttype::BOOL | ttype::BYTE => self.advance(1),
            ttype::I16 => self.advance(2),
            ttype::I32 => self.advance(4),
            ttype::I64 | ttype::DOUBLE => self.advance(8),
            ttype::STRING => {
                let n = self.len()?;
                self.advance(n)
            }
            ttype::STRUCT => loop {
                let ft = self.u8()?;
                if ft == ttype::STOP {
                    return Ok(());
                }
                self.advance(2)?;
                self.skip(ft, depth + 1)?;
            },
            ttype::LIST | ttype::SET => {
                let et = self.u8()?;
                let n = self.len()?;
                self.repeat(n, &[et], depth)
            }
            ttype::MAP => {
                let kt = self.u8()?;
                let vt = self.u8()?;
                let n = self.len()?;
                self.repeat(n, &[kt, vt], depth)
            }
            other => Err(WireError::Invalid(format!("Unknown field type {other}"))),
        }
    }
    fn repeat(&mut self, n: usize, types: &[u8], depth: usize) -> Result<(), WireError> {
        let mut per = 0usize;
        for t in types {
            per += min_size(*t)
                .ok_or_else(|| WireError::Invalid(format!("Unknown field type {t}")))?;
        }
        // Fixed-size elements are skipped in one step; this also bounds the
        // work of a rescan to the number of variable-size elements.
        if types.iter().all(|t| {
            matches!(
                *t,
                ttype::BOOL | ttype::BYTE | ttype::I16 | ttype::I32 | ttype::I64 | ttype::DOUBLE
            )
        }) {
            return self.advance(n.saturating_mul(per));
        }
        let floor = self.pos.saturating_add(n.saturating_mul(per));
        for _ in 0..n {
            for t in types {
                if let Err(e) = self.skip(*t, depth + 1) {
                    if e == WireError::Truncated {
                        self.need = self.need.max(floor);
                    }
                    return Err(e);
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::wire::tests::{call, sample};
    use crate::thrift::wire::{mtype, Writer};

    #[test]
    fn complete_messages_in_both_header_forms() {
        for strict in [true, false] {
            let bytes = call("get", sample(), strict);
            assert_eq!(scan_message(&bytes), Scan::Complete(bytes.len()));
        }
    }

    #[test]
    fn scanner_asks_for_more_on_every_strict_prefix() {
        let bytes = call("get", sample(), true);
        for cut in 0..bytes.len() {
            match scan_message(&bytes[..cut]) {
                Scan::NeedMore(n) => assert!(n > cut && n <= bytes.len(), "cut {cut}: need {n}"),
                other => panic!("cut {cut}: {other:?}"),
            }
        }
        let mut two = bytes.clone();
        two.extend_from_slice(&bytes);
        assert_eq!(scan_message(&two), Scan::Complete(bytes.len()));
    }

    #[test]
    fn shape_of_the_arguments() {
        let bytes = call("get", sample(), true);
        let args = 4 + 4 + 3 + 4;
        assert_eq!(
            field_shape(&bytes[args..]),
            [
                (1, ttype::STRING),
                (2, ttype::LIST),
                (3, ttype::MAP),
                (4, ttype::I32)
            ]
        );
        assert_eq!(
            field_shape(&bytes[args..bytes.len() - 3]),
            [
                (1, ttype::STRING),
                (2, ttype::LIST),
                (3, ttype::MAP),
                (4, ttype::I32)
            ]
        );
        assert_eq!(field_shape(&[]), []);
    }

    #[test]
    fn hostile_lengths_only_raise_the_need() {
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(ttype::LIST, 1);
        w.buf.push(ttype::I64);
        w.buf.extend_from_slice(&i32::MAX.to_be_bytes());
        assert!(matches!(scan_message(&w.buf), Scan::NeedMore(n) if n > 1 << 34));
    }

    #[test]
    fn garbage_is_invalid() {
        assert!(matches!(
            scan_message(&[0x80, 0x02, 0, 1, 0, 0, 0, 0]),
            Scan::Invalid(_)
        ));
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(99, 1);
        assert!(matches!(scan_message(&w.buf), Scan::Invalid(_)));
        assert!(matches!(
            scan_message(&[0xff, 0xff, 0xff, 0xff]),
            Scan::Invalid(_)
        ));
    }

    #[test]
    fn deep_nesting_is_refused() {
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        for _ in 0..100 {
            w.field_header(ttype::STRUCT, 1);
        }
        assert!(matches!(scan_message(&w.buf), Scan::Invalid(_)));
    }
}
