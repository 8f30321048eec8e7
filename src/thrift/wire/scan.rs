//! Finds where an unframed message ends by walking the binary protocol
//! structure without building any value: a skip-parser that answers
//! "complete at n", "need at least n bytes" or "not a message".
//!
//! Used on unframed connections, whose messages carry no length, and to
//! count the values of a framed message (what a request costs to decode).
//! [`Scanner`] keeps its place between calls, so a message that arrives a
//! few bytes at a time is walked once in total, not once per read: the work
//! is proportional to the new bytes. It must not allocate per declared
//! length: a hostile length only raises the number of bytes it asks for,
//! which the transport checks against its limit.

use crate::thrift::wire::{min_size, ttype, MAX_DEPTH, VERSION_1, VERSION_MASK};

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
    Scanner::new().advance(buf)
}

/// A resumable skip-parser for one message. Feed it the same growing buffer
/// (the message starts at offset 0) with [`Scanner::advance`]; each call
/// continues where the previous one stopped. Every token (a header word, a
/// field header, a fixed-size value, a length, a container header, a string
/// body) is consumed only once it is wholly present, so no state is ever
/// half-updated.
#[derive(Debug, Default)]
pub struct Scanner {
    /// Bytes of the message consumed so far.
    pos: usize,
    /// A lower bound on the whole message's length (from container counts).
    floor: usize,
    /// Values walked so far (each field value, element, key and value, and
    /// the argument struct): what decoding them allocates scales with it.
    values: u64,
    /// Open structs and containers, innermost last.
    stack: Vec<Frame>,
    step: Step,
    /// Why the bytes are not a message, once found (answered again after).
    invalid: Option<String>,
    /// When set, the (id, type) of each top-level field is recorded here.
    shape: Option<Vec<(i16, u8)>>,
    /// Tokens tried in all (consumed or found incomplete): the work done.
    steps: u64,
}

#[derive(Debug, Clone, Copy, Default)]
enum Step {
    /// The first word of the message header.
    #[default]
    Start,
    /// The name length of a strict header.
    StrictName,
    /// The rest of the header (name, type, seqid), then the argument struct.
    HeaderRest(usize),
    /// A value of this wire type comes next.
    Value(u8),
    /// This many bytes of value (a string body, fixed-size elements) come next.
    Skip(usize),
    /// The innermost open struct or container says what comes next.
    Next,
    /// The message ended at `pos`.
    Done,
}

#[derive(Debug)]
enum Frame {
    /// Fields until a STOP byte.
    Struct,
    /// `left` more values: all `kinds[0]` for a list or set; for a map
    /// (`pairs`), keys `kinds[0]` and values `kinds[1]`, alternating.
    Elems {
        kinds: [u8; 2],
        pairs: bool,
        left: usize,
    },
}

/// What one step found.
enum Stop {
    /// At least this many bytes in total are needed to go on.
    Need(usize),
    Invalid(String),
}

/// The size of a value of wire type `t` when every such value has one.
pub(crate) fn fixed_size(t: u8) -> Option<usize> {
    match t {
        ttype::BOOL | ttype::BYTE => Some(1),
        ttype::I16 => Some(2),
        ttype::I32 => Some(4),
        ttype::I64 | ttype::DOUBLE => Some(8),
        _ => None,
    }
}

fn known_min(t: u8) -> Result<usize, Stop> {
    min_size(t).ok_or_else(|| Stop::Invalid(format!("Unknown field type {t}")))
}

fn word(b: &[u8]) -> i32 {
    i32::from_be_bytes([b[0], b[1], b[2], b[3]])
}

fn length(b: &[u8]) -> Result<usize, Stop> {
    let n = word(b);
    if n < 0 {
        return Err(Stop::Invalid(format!("Negative length: {n}")));
    }
    Ok(n as usize)
}

impl Scanner {
    pub fn new() -> Self {
        Scanner::default()
    }

    /// Values walked so far; after `Complete`, the message's value count.
    pub fn values(&self) -> u64 {
        self.values
    }

    /// Tokens tried so far, for tests that check the work stays linear.
    pub fn steps(&self) -> u64 {
        self.steps
    }

    /// Continues the walk over `buf`, which must start with the same bytes
    /// as on every earlier call (it may have grown since).
    pub fn advance(&mut self, buf: &[u8]) -> Scan {
        if let Some(why) = &self.invalid {
            return Scan::Invalid(why.clone());
        }
        loop {
            if let Step::Done = self.step {
                return Scan::Complete(self.pos);
            }
            self.steps += 1;
            match self.step(buf) {
                Ok(()) => {}
                Err(Stop::Need(n)) => {
                    return Scan::NeedMore(n.max(self.floor).max(buf.len() + 1));
                }
                Err(Stop::Invalid(why)) => {
                    self.invalid = Some(why.clone());
                    return Scan::Invalid(why);
                }
            }
        }
    }

    /// The next `n` bytes, if all present (else how many are needed in all).
    fn peek<'b>(&self, buf: &'b [u8], n: usize) -> Result<&'b [u8], Stop> {
        let end = self.pos.saturating_add(n);
        if end > buf.len() {
            return Err(Stop::Need(end));
        }
        Ok(&buf[self.pos..end])
    }

    /// Consumes one token.
    fn step(&mut self, buf: &[u8]) -> Result<(), Stop> {
        match self.step {
            Step::Start => {
                let first = word(self.peek(buf, 4)?);
                if first < 0 {
                    if (first as u32) & VERSION_MASK != VERSION_1 {
                        return Err(Stop::Invalid(format!(
                            "Bad version in readMessageBegin: {:#010x}",
                            first as u32
                        )));
                    }
                    self.step = Step::StrictName;
                } else {
                    // Non-strict: the name, then the type byte and the seqid.
                    self.step = Step::HeaderRest((first as usize).saturating_add(5));
                }
                self.pos += 4;
            }
            Step::StrictName => {
                let n = length(self.peek(buf, 4)?)?;
                self.pos += 4;
                self.step = Step::HeaderRest(n.saturating_add(4));
            }
            Step::HeaderRest(n) => {
                self.peek(buf, n)?;
                self.pos += n;
                self.step = Step::Value(ttype::STRUCT);
            }
            Step::Skip(n) => {
                self.peek(buf, n)?;
                self.pos += n;
                self.step = Step::Next;
            }
            Step::Value(t) => self.value(buf, t)?,
            Step::Next => self.next(buf)?,
            Step::Done => {}
        }
        Ok(())
    }

    /// What the innermost open struct or container holds next.
    fn next(&mut self, buf: &[u8]) -> Result<(), Stop> {
        match self.stack.last_mut() {
            None => self.step = Step::Done,
            Some(Frame::Struct) => {
                let t = self.peek(buf, 1)?[0];
                if t == ttype::STOP {
                    self.pos += 1;
                    self.stack.pop();
                } else {
                    let h = self.peek(buf, 3)?;
                    if let (1, Some(shape)) = (self.stack.len(), &mut self.shape) {
                        shape.push((i16::from_be_bytes([h[1], h[2]]), t));
                    }
                    self.pos += 3;
                    self.step = Step::Value(t);
                }
            }
            Some(Frame::Elems { left: 0, .. }) => {
                self.stack.pop();
            }
            Some(Frame::Elems { kinds, pairs, left }) => {
                let t = if *pairs && *left % 2 == 1 {
                    kinds[1]
                } else {
                    kinds[0]
                };
                *left -= 1;
                self.step = Step::Value(t);
            }
        }
        if self.stack.is_empty() && matches!(self.step, Step::Next) {
            self.step = Step::Done;
        }
        Ok(())
    }

    /// One value of wire type `t` (its header, for containers and strings).
    fn value(&mut self, buf: &[u8], t: u8) -> Result<(), Stop> {
        if self.stack.len() > MAX_DEPTH {
            return Err(Stop::Invalid("Maximum nesting depth exceeded".into()));
        }
        if let Some(n) = fixed_size(t) {
            self.peek(buf, n)?;
            self.pos += n;
            self.step = Step::Next;
        } else {
            match t {
                ttype::STRING => {
                    let n = length(self.peek(buf, 4)?)?;
                    self.pos += 4;
                    self.step = Step::Skip(n);
                }
                ttype::STRUCT => {
                    self.stack.push(Frame::Struct);
                    self.step = Step::Next;
                }
                ttype::LIST | ttype::SET => {
                    let h = self.peek(buf, 5)?;
                    let (et, n) = (h[0], length(&h[1..])?);
                    self.elems([et, et], false, n)?;
                }
                ttype::MAP => {
                    let h = self.peek(buf, 6)?;
                    let (kt, vt, n) = (h[0], h[1], length(&h[2..])?);
                    self.elems([kt, vt], true, n)?;
                }
                other => return Err(Stop::Invalid(format!("Unknown field type {other}"))),
            }
        }
        self.values += 1;
        Ok(())
    }

    /// Enters a container of `n` elements (pairs for a map) whose header is
    /// the next 5 or 6 bytes.
    fn elems(&mut self, kinds: [u8; 2], pairs: bool, n: usize) -> Result<(), Stop> {
        let arity = if pairs { 2 } else { 1 };
        let mut per = 0;
        for t in &kinds[..arity] {
            per += known_min(*t)?;
        }
        self.pos += 4 + arity;
        self.floor = self
            .floor
            .max(self.pos.saturating_add(n.saturating_mul(per)));
        if kinds[..arity].iter().all(|t| fixed_size(*t).is_some()) {
            // Fixed-size elements are skipped in one step.
            self.step = Step::Skip(n.saturating_mul(per));
        } else {
            let left = n.saturating_mul(arity);
            self.stack.push(Frame::Elems { kinds, pairs, left });
            self.step = Step::Next;
        }
        Ok(())
    }
}

/// The (field id, wire type) of each top-level field of the struct at the
/// start of `buf`, in wire order, without decoding any value. Stops quietly
/// at the first malformed or missing byte (the caller decodes properly later).
pub fn field_shape(buf: &[u8]) -> Vec<(i16, u8)> {
    let mut s = Scanner {
        step: Step::Value(ttype::STRUCT),
        shape: Some(Vec::new()),
        ..Scanner::default()
    };
    s.advance(buf);
    s.shape.unwrap_or_default()
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

    /// A call whose arguments hold `n` small strings in a list of structs.
    fn many_values(n: usize) -> (Vec<u8>, u64) {
        let mut w = Writer::new();
        w.message_header("batch_mutate", mtype::CALL, 1);
        w.field_header(ttype::LIST, 1);
        w.buf.push(ttype::STRUCT);
        w.buf.extend_from_slice(&(n as i32).to_be_bytes());
        for i in 0..n {
            w.field_header(ttype::STRING, 1);
            w.bytes(format!("c{i}").as_bytes());
            w.field_header(ttype::I64, 2);
            w.buf.extend_from_slice(&(i as i64).to_be_bytes());
            w.stop();
        }
        w.stop();
        // The argument struct, the list, and per element the struct and its two fields.
        (w.buf, 2 + 3 * n as u64)
    }

    #[test]
    fn resumed_scans_agree_with_one_shot_scans() {
        for bytes in [
            call("get", sample(), true),
            call("get", sample(), false),
            many_values(50).0,
        ] {
            for chunk in [1, 2, 3, 7, 64] {
                let mut s = Scanner::new();
                let mut end = 0;
                loop {
                    end = (end + chunk).min(bytes.len());
                    let got = s.advance(&bytes[..end]);
                    assert_eq!(got, scan_message(&bytes[..end]), "chunk {chunk}, at {end}");
                    if end == bytes.len() {
                        assert_eq!(got, Scan::Complete(bytes.len()));
                        break;
                    }
                }
            }
        }
    }

    #[test]
    fn work_is_proportional_to_new_bytes() {
        // Fed one byte at a time, a rescanning parser would do about
        // len²/2 steps (10^10 here); the resumable one does a few per token.
        let (bytes, values) = many_values(10_000);
        let mut s = Scanner::new();
        for end in 1..bytes.len() {
            assert!(matches!(s.advance(&bytes[..end]), Scan::NeedMore(_)));
        }
        assert_eq!(s.advance(&bytes), Scan::Complete(bytes.len()));
        assert_eq!(s.values(), values);
        assert!(
            s.steps() < 3 * bytes.len() as u64,
            "{} steps for {} bytes",
            s.steps(),
            bytes.len()
        );
    }

    #[test]
    fn an_invalid_message_stays_invalid() {
        let mut w = Writer::new();
        w.message_header("x", mtype::CALL, 1);
        w.field_header(99, 1);
        let mut s = Scanner::new();
        assert!(matches!(s.advance(&w.buf), Scan::Invalid(_)));
        w.buf.push(0);
        assert!(matches!(s.advance(&w.buf), Scan::Invalid(_)));
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
