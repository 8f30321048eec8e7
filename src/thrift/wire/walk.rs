//! The one walk of a request that is already whole in memory: where it
//! ends, how many values it holds (what decoding it costs, see
//! [`crate::budget::request_cost`]), the (field id, wire type) of
//! its top-level arguments (what tells the API generations apart, see
//! [`crate::thrift::dispatch::shown_generation`]) and where its method
//! name is (the transport looks the method up by it once).
//!
//! Why beside [`crate::thrift::wire::scan`]: the resumable [`Scanner`] pays a
//! state-machine step per token so that a message trickling in is walked
//! once in all; most requests arrive in one read, and a framed one is walked
//! only once its frame is complete. This walk is a plain recursive descent
//! over a complete buffer, several times cheaper per token, and it records
//! the argument shape on the way, so dispatch does not walk the arguments a
//! second time. It must agree with [`Scanner`] on every message it accepts
//! (end and value count: tested below); on anything else (a message not
//! whole in `buf`, or not valid) it answers `None` and the caller asks the
//! [`Scanner`], whose verdicts and messages stay the only ones. Like it, it
//! allocates nothing per declared length: every length is checked against
//! the bytes present before anything is skipped.
//!
//! [`Scanner`]: crate::thrift::wire::scan::Scanner

use crate::thrift::wire::scan::fixed_size;
use crate::thrift::wire::{min_size, ttype, MAX_DEPTH, VERSION_1, VERSION_MASK};
use std::ops::Range;

/// The (field id, wire type) pairs of a call's top-level arguments, in wire
/// order: what tells the generations apart for methods they share.
pub type ArgShape = Vec<(i16, u8)>;

/// One whole, valid message at the start of a buffer.
#[derive(Debug, PartialEq, Eq)]
pub struct Walked {
    /// Its length: where the next message (if any) starts.
    pub end: usize,
    /// Its values, counted as [`crate::thrift::wire::scan::Scanner::values`] does.
    pub values: u64,
    /// Its top-level arguments, in wire order.
    pub shape: ArgShape,
    /// Where its header's method name is.
    pub name: Range<usize>,
}

/// Walks the message at the start of `buf`; `None` unless a whole valid
/// message is there.
pub fn walk_message(buf: &[u8]) -> Option<Walked> {
    let mut w = Walker {
        buf,
        pos: 0,
        values: 0,
        shape: Vec::new(),
    };
    let name = w.header()?;
    w.value(ttype::STRUCT, 0)?;
    Some(Walked {
        end: w.pos,
        values: w.values,
        shape: w.shape,
        name,
    })
}

struct Walker<'b> {
    buf: &'b [u8],
    pos: usize,
    values: u64,
    shape: ArgShape,
}

impl<'b> Walker<'b> {
    /// The next `n` bytes, consumed; `None` if they are not all there.
    #[inline]
    fn take(&mut self, n: usize) -> Option<&'b [u8]> {
        let end = self.pos.checked_add(n)?;
        let bytes = self.buf.get(self.pos..end)?;
        self.pos = end;
        Some(bytes)
    }

    #[inline]
    fn word(&mut self) -> Option<i32> {
        let b = self.take(4)?;
        Some(i32::from_be_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A non-negative length word.
    #[inline]
    fn length(&mut self) -> Option<usize> {
        usize::try_from(self.word()?).ok()
    }

    /// Both header forms, as the scanner reads them; where the method
    /// name is.
    fn header(&mut self) -> Option<Range<usize>> {
        let first = self.word()?;
        if first < 0 {
            if (first as u32) & VERSION_MASK != VERSION_1 {
                return None;
            }
            let len = self.length()?;
            let start = self.pos;
            // Name, seqid.
            self.take(len.checked_add(4)?)?;
            Some(start..start + len)
        } else {
            let start = self.pos;
            // Name, type byte, seqid.
            self.take((first as usize).checked_add(5)?)?;
            Some(start..start + first as usize)
        }
    }

    /// One value of wire type `t` with `depth` structs and containers open.
    fn value(&mut self, t: u8, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        if let Some(n) = fixed_size(t) {
            self.take(n)?;
        } else {
            match t {
                ttype::STRING => {
                    let n = self.length()?;
                    self.take(n)?;
                }
                ttype::STRUCT => {
                    // Counted before its fields, as the scanner does; the
                    // count is only kept if the whole message is valid.
                    self.values += 1;
                    return self.fields(depth + 1);
                }
                ttype::LIST | ttype::SET => {
                    let et = *self.take(1)?.first()?;
                    let n = self.length()?;
                    self.elems([et, et], false, n, depth)?;
                }
                ttype::MAP => {
                    let h = self.take(2)?;
                    let (kt, vt) = (h[0], h[1]);
                    let n = self.length()?;
                    self.elems([kt, vt], true, n, depth)?;
                }
                _ => return None,
            }
        }
        self.values += 1;
        Some(())
    }

    /// The fields of a struct, through its STOP byte.
    fn fields(&mut self, depth: usize) -> Option<()> {
        loop {
            let t = *self.buf.get(self.pos)?;
            if t == ttype::STOP {
                self.pos += 1;
                return Some(());
            }
            let h = self.take(3)?;
            if depth == 1 {
                self.shape.push((i16::from_be_bytes([h[1], h[2]]), t));
            }
            self.value(t, depth)?;
        }
    }

    /// The `n` elements (pairs for a map) of a container opened at `depth`.
    /// Fixed-size elements are skipped whole and not counted one by one,
    /// as the scanner does; every other element is at least one byte, so a
    /// hostile count ends at the end of the buffer.
    fn elems(&mut self, kinds: [u8; 2], pairs: bool, n: usize, depth: usize) -> Option<()> {
        let kinds = if pairs { &kinds[..] } else { &kinds[..1] };
        let mut per = 0usize;
        let mut all_fixed = true;
        for t in kinds {
            per += min_size(*t)?;
            all_fixed &= fixed_size(*t).is_some();
        }
        if all_fixed {
            self.take(n.checked_mul(per)?)?;
            return Some(());
        }
        for _ in 0..n {
            for t in kinds {
                self.value(*t, depth + 1)?;
            }
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::wire::scan::{field_shape, Scan, Scanner};
    use crate::thrift::wire::tests::{call, sample};
    use crate::thrift::wire::{mtype, Value, Writer};

    /// What the scanner says of the same bytes, in the walk's terms.
    fn scanned(buf: &[u8], args_at: usize) -> Option<Walked> {
        let mut s = Scanner::new();
        match s.advance(buf) {
            Scan::Complete(end) => Some(Walked {
                end,
                values: s.values(),
                shape: field_shape(&buf[args_at..]),
                name: {
                    let name = crate::thrift::wire::Reader::new(buf).method_name().ok()?;
                    let start = name.as_ptr() as usize - buf.as_ptr() as usize;
                    start..start + name.len()
                },
            }),
            _ => None,
        }
    }

    fn nested() -> Value {
        Value::Struct(vec![
            (
                1,
                Value::Map(
                    ttype::STRING,
                    ttype::MAP,
                    vec![(
                        Value::Bin(b"k".to_vec()),
                        Value::Map(
                            ttype::STRING,
                            ttype::LIST,
                            vec![(
                                Value::Bin(b"cf".to_vec()),
                                Value::List(ttype::STRUCT, vec![sample(), sample()]),
                            )],
                        ),
                    )],
                ),
            ),
            (
                2,
                Value::List(ttype::I64, vec![Value::I64(1), Value::I64(2)]),
            ),
            (3, Value::I32(1)),
        ])
    }

    #[test]
    fn agrees_with_the_scanner_on_whole_messages() {
        for strict in [true, false] {
            for (name, args) in [("get", sample()), ("batch_mutate", nested())] {
                let bytes = call(name, args, strict);
                let args_at = if strict { 12 } else { 9 } + name.len();
                let walked = walk_message(&bytes).expect("a whole message");
                assert_eq!(Some(&walked), scanned(&bytes, args_at).as_ref());
                assert_eq!(walked.end, bytes.len());
                assert!(!walked.shape.is_empty());
                // A second message behind it is not walked.
                let mut two = bytes.clone();
                two.extend_from_slice(&bytes);
                assert_eq!(walk_message(&two), Some(walked));
            }
        }
    }

    #[test]
    fn no_verdict_on_a_prefix() {
        let bytes = call("batch_mutate", nested(), true);
        for cut in 0..bytes.len() {
            assert_eq!(walk_message(&bytes[..cut]), None, "cut {cut}");
        }
    }

    #[test]
    fn no_verdict_on_invalid_bytes() {
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(99, 1);
        w.stop();
        assert_eq!(walk_message(&w.buf), None);
        assert_eq!(walk_message(&[0x80, 0x02, 0, 1, 0, 0, 0, 0]), None);
        // A negative length.
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(ttype::STRING, 1);
        w.buf.extend_from_slice(&(-1i32).to_be_bytes());
        assert_eq!(walk_message(&w.buf), None);
        // Too deep.
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        for _ in 0..100 {
            w.field_header(ttype::STRUCT, 1);
        }
        w.buf.extend(std::iter::repeat_n(ttype::STOP, 101));
        assert_eq!(walk_message(&w.buf), None);
    }

    #[test]
    fn hostile_counts_end_at_the_buffer() {
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(ttype::LIST, 1);
        w.buf.push(ttype::STRUCT);
        w.buf.extend_from_slice(&i32::MAX.to_be_bytes());
        w.stop();
        w.stop();
        assert_eq!(walk_message(&w.buf), None);
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(ttype::LIST, 1);
        w.buf.push(ttype::I64);
        w.buf.extend_from_slice(&i32::MAX.to_be_bytes());
        assert_eq!(walk_message(&w.buf), None);
    }
}
