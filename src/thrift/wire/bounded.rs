//! The one Thrift input protocol the server decodes client messages with:
//! the binary protocol over a complete in-memory message that trusts no
//! length, and the per-message memory budget of everything decoded from it.
//!
//! Bounded by construction: every string/binary length and every list, set
//! and map count is checked against the bytes actually left in the message
//! (count × the fewest bytes one element can take) before anything is
//! allocated, and negative lengths and counts are protocol errors. Because a
//! count the bytes can hold may still decode into much larger Rust values
//! (an empty struct is one byte on the wire and hundreds in memory), the
//! message also gets a budget ([`DECODE_FACTOR`] × its size, plus
//! [`DECODE_SLACK`]) that decoded bytes and container elements are charged
//! against: this protocol charges strings, the generated readers charge each
//! element they add to a container (`scripts/gen-thrift-post.awk` inserts
//! the [`charge`] calls, so regenerating keeps them), and the other decoders
//! of client bytes (`wire::Reader`, the 0.6 Java-faithful reader, the 19.x
//! batch reader) charge what they build. It must not interpret any field.

use std::cell::Cell;
use thrift::protocol::{
    TFieldIdentifier, TInputProtocol, TListIdentifier, TMapIdentifier, TMessageIdentifier,
    TMessageType, TSetIdentifier, TStructIdentifier, TType,
};
use thrift::{ProtocolError, ProtocolErrorKind};

/// A message may decode into at most this many times its size in memory...
pub const DECODE_FACTOR: usize = 32;
/// ...plus this much, so that small messages with a few large structs
/// (a `KsDef` with its `CfDef`s) are never refused.
pub const DECODE_SLACK: usize = 1 << 20;
/// Containers read from the wire reserve at most this many elements up
/// front; beyond it they grow as elements actually arrive.
pub const PREALLOC_MAX: usize = 64;

/// The decoding of a message would take more memory than its budget.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("a message of {size} bytes may not decode into more than {limit} bytes of memory")]
pub struct OverBudget {
    pub size: usize,
    pub limit: usize,
}

impl From<OverBudget> for thrift::Error {
    fn from(e: OverBudget) -> Self {
        protocol(ProtocolErrorKind::SizeLimit, e.to_string())
    }
}

#[derive(Clone, Copy)]
struct Budget {
    left: usize,
    limit: usize,
    size: usize,
}

thread_local! {
    /// The budget of the message being decoded on this thread, if any. A
    /// message is decoded and answered on one thread, start to finish.
    static BUDGET: Cell<Option<Budget>> = const { Cell::new(None) };
}

/// While alive, decoding on this thread is charged to the budget of a
/// message of `size` bytes; dropping it restores the budget before it.
pub struct BudgetGuard {
    previous: Option<Budget>,
}

/// Opens the decoding budget of a message of `size` bytes.
pub fn budget_for(size: usize) -> BudgetGuard {
    let limit = size
        .saturating_mul(DECODE_FACTOR)
        .saturating_add(DECODE_SLACK);
    let previous = BUDGET.with(|b| {
        b.replace(Some(Budget {
            left: limit,
            limit,
            size,
        }))
    });
    BudgetGuard { previous }
}

impl Drop for BudgetGuard {
    fn drop(&mut self) {
        BUDGET.with(|b| b.set(self.previous));
    }
}

/// Charges `bytes` of decoded memory to the current message's budget (a
/// no-op when no message is being decoded on this thread, as when a client
/// reads a reply).
pub fn reserve(bytes: usize) -> Result<(), OverBudget> {
    BUDGET.with(|b| match b.get() {
        None => Ok(()),
        Some(budget) if bytes <= budget.left => {
            b.set(Some(Budget {
                left: budget.left - bytes,
                ..budget
            }));
            Ok(())
        }
        Some(budget) => Err(OverBudget {
            size: budget.size,
            limit: budget.limit,
        }),
    })
}

/// Runs `f`, whose decoded values are gone (used and dropped) by the time
/// it returns: its charges are given back, while the budget still bounds
/// what it decodes. For readers that convert a message piece by piece and
/// charge what they keep.
pub fn transient<T>(f: impl FnOnce() -> T) -> T {
    let before = BUDGET.with(|b| b.get());
    let out = f();
    BUDGET.with(|b| b.set(before));
    out
}

/// Runs `f` outside any budget: for work on values already decoded (and
/// charged) that moves them rather than adding to them.
pub fn uncharged<T>(f: impl FnOnce() -> T) -> T {
    let before = BUDGET.with(|b| b.replace(None));
    let out = f();
    BUDGET.with(|b| b.set(before));
    out
}

/// [`reserve`] for the generated readers.
pub fn charge(bytes: usize) -> thrift::Result<()> {
    reserve(bytes).map_err(thrift::Error::from)
}

/// The bytes of the current budget still unspent (`None` outside a decode).
pub fn budget_left() -> Option<usize> {
    BUDGET.with(|b| b.get().map(|b| b.left))
}

fn protocol(kind: ProtocolErrorKind, message: impl Into<String>) -> thrift::Error {
    thrift::Error::Protocol(ProtocolError::new(kind, message))
}

/// The fewest bytes one encoded value of this type takes; `None` for types
/// no value can be encoded as (so a container of them must be empty).
pub fn min_encoded_size(t: TType) -> Option<usize> {
    Some(match t {
        TType::Bool | TType::I08 | TType::Struct => 1,
        TType::I16 => 2,
        TType::I32 | TType::String => 4,
        TType::I64 | TType::Double => 8,
        TType::List | TType::Set => 5,
        TType::Map => 6,
        TType::Stop | TType::Void | TType::Utf7 | TType::Utf8 | TType::Utf16 => return None,
    })
}

fn ttype_of(b: u8) -> thrift::Result<TType> {
    Ok(match b {
        0x00 => TType::Stop,
        0x01 => TType::Void,
        0x02 => TType::Bool,
        0x03 => TType::I08,
        0x04 => TType::Double,
        0x06 => TType::I16,
        0x08 => TType::I32,
        0x0A => TType::I64,
        0x0B => TType::String,
        0x0C => TType::Struct,
        0x0D => TType::Map,
        0x0E => TType::Set,
        0x0F => TType::List,
        0x10 => TType::Utf8,
        0x11 => TType::Utf16,
        other => {
            return Err(protocol(
                ProtocolErrorKind::InvalidData,
                format!("Unknown field type {other}"),
            ))
        }
    })
}

/// The binary protocol (strict or old-style message headers, as Java's
/// server accepted both) over one complete message, with its budget open
/// for as long as the protocol lives.
pub struct BoundedInput<'a> {
    buf: &'a [u8],
    pos: usize,
    _budget: BudgetGuard,
}

impl<'a> BoundedInput<'a> {
    /// Reads `msg` (a whole message, header included) and opens its budget.
    pub fn new(msg: &'a [u8]) -> Self {
        BoundedInput {
            buf: msg,
            pos: 0,
            _budget: budget_for(msg.len()),
        }
    }

    /// The bytes not read yet, for a reader that takes them in place.
    pub fn rest(&self) -> &'a [u8] {
        &self.buf[self.pos..]
    }

    pub fn remaining(&self) -> usize {
        self.buf.len() - self.pos
    }

    fn take(&mut self, n: usize) -> thrift::Result<&'a [u8]> {
        if n > self.remaining() {
            return Err(protocol(
                ProtocolErrorKind::InvalidData,
                format!(
                    "Message truncated: {n} more bytes needed, {} left",
                    self.remaining()
                ),
            ));
        }
        let s = &self.buf[self.pos..self.pos + n];
        self.pos += n;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> thrift::Result<[u8; N]> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    /// A length prefix: negative is a protocol error, and so is a length the
    /// rest of the message cannot hold.
    fn length(&mut self) -> thrift::Result<usize> {
        let n = self.read_i32()?;
        if n < 0 {
            return Err(protocol(
                ProtocolErrorKind::NegativeSize,
                format!("Negative length: {n}"),
            ));
        }
        let n = n as usize;
        if n > self.remaining() {
            return Err(protocol(
                ProtocolErrorKind::SizeLimit,
                format!(
                    "Length {n} exceeds the {} bytes left in the message",
                    self.remaining()
                ),
            ));
        }
        Ok(n)
    }

    /// A container count: negative is a protocol error, and so is a count
    /// whose elements (at `per_element` bytes each, at least) the rest of the
    /// message cannot hold.
    fn count(&mut self, per_element: Option<usize>) -> thrift::Result<i32> {
        let n = self.read_i32()?;
        if n < 0 {
            return Err(protocol(
                ProtocolErrorKind::NegativeSize,
                format!("Negative container size: {n}"),
            ));
        }
        if n == 0 {
            return Ok(0);
        }
        let Some(per) = per_element else {
            return Err(protocol(
                ProtocolErrorKind::InvalidData,
                format!("A container of {n} elements of a type no value has"),
            ));
        };
        if (n as usize).saturating_mul(per) > self.remaining() {
            return Err(protocol(
                ProtocolErrorKind::SizeLimit,
                format!(
                    "Container size {n} exceeds what the {} bytes left in the message can hold",
                    self.remaining()
                ),
            ));
        }
        Ok(n)
    }

    fn bytes_slice(&mut self) -> thrift::Result<&'a [u8]> {
        let n = self.length()?;
        self.take(n)
    }

    fn owned_bytes(&mut self) -> thrift::Result<Vec<u8>> {
        let s = self.bytes_slice()?;
        charge(s.len())?;
        Ok(s.to_vec())
    }
}

impl TInputProtocol for BoundedInput<'_> {
    fn read_message_begin(&mut self) -> thrift::Result<TMessageIdentifier> {
        let first = self.read_i32()?;
        if first < 0 {
            let word = first as u32;
            if word & 0xffff_0000 != 0x8001_0000 {
                return Err(protocol(
                    ProtocolErrorKind::BadVersion,
                    format!("Bad version in readMessageBegin: {word:#010x}"),
                ));
            }
            let mtype = TMessageType::try_from((word & 0xff) as u8)?;
            let name = self.read_string()?;
            let seq = self.read_i32()?;
            Ok(TMessageIdentifier::new(name, mtype, seq))
        } else {
            let name = self.take(first as usize)?;
            let name = String::from_utf8(name.to_vec())?;
            let mtype = TMessageType::try_from(self.read_byte()?)?;
            let seq = self.read_i32()?;
            Ok(TMessageIdentifier::new(name, mtype, seq))
        }
    }

    fn read_message_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    fn read_struct_begin(&mut self) -> thrift::Result<Option<TStructIdentifier>> {
        Ok(None)
    }

    fn read_struct_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    fn read_field_begin(&mut self) -> thrift::Result<TFieldIdentifier> {
        let t = ttype_of(self.read_byte()?)?;
        let id = if t == TType::Stop {
            0
        } else {
            self.read_i16()?
        };
        Ok(TFieldIdentifier::new::<Option<String>, String, i16>(
            None, t, id,
        ))
    }

    fn read_field_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    fn read_bool(&mut self) -> thrift::Result<bool> {
        Ok(self.read_byte()? != 0)
    }

    fn read_bytes(&mut self) -> thrift::Result<Vec<u8>> {
        self.owned_bytes()
    }

    fn read_i8(&mut self) -> thrift::Result<i8> {
        Ok(self.read_byte()? as i8)
    }

    fn read_i16(&mut self) -> thrift::Result<i16> {
        Ok(i16::from_be_bytes(self.array()?))
    }

    fn read_i32(&mut self) -> thrift::Result<i32> {
        Ok(i32::from_be_bytes(self.array()?))
    }

    fn read_i64(&mut self) -> thrift::Result<i64> {
        Ok(i64::from_be_bytes(self.array()?))
    }

    fn read_double(&mut self) -> thrift::Result<f64> {
        Ok(f64::from_bits(u64::from_be_bytes(self.array()?)))
    }

    fn read_string(&mut self) -> thrift::Result<String> {
        let b = self.owned_bytes()?;
        Ok(String::from_utf8(b)?)
    }

    fn read_list_begin(&mut self) -> thrift::Result<TListIdentifier> {
        let et = ttype_of(self.read_byte()?)?;
        let n = self.count(min_encoded_size(et))?;
        Ok(TListIdentifier::new(et, n))
    }

    fn read_list_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    fn read_set_begin(&mut self) -> thrift::Result<TSetIdentifier> {
        let et = ttype_of(self.read_byte()?)?;
        let n = self.count(min_encoded_size(et))?;
        Ok(TSetIdentifier::new(et, n))
    }

    fn read_set_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    fn read_map_begin(&mut self) -> thrift::Result<TMapIdentifier> {
        let kt = ttype_of(self.read_byte()?)?;
        let vt = ttype_of(self.read_byte()?)?;
        let per = min_encoded_size(kt).zip(min_encoded_size(vt));
        let n = self.count(per.map(|(k, v)| k + v))?;
        Ok(TMapIdentifier::new(kt, vt, n))
    }

    fn read_map_end(&mut self) -> thrift::Result<()> {
        Ok(())
    }

    /// Skips without allocating: a skipped string is stepped over, not read.
    fn skip_till_depth(&mut self, t: TType, depth: i8) -> thrift::Result<()> {
        if depth <= 0 {
            return Err(protocol(
                ProtocolErrorKind::DepthLimit,
                format!("cannot parse past {t:?}"),
            ));
        }
        match t {
            TType::Bool | TType::I08 => self.take(1).map(drop),
            TType::I16 => self.take(2).map(drop),
            TType::I32 => self.take(4).map(drop),
            TType::I64 | TType::Double => self.take(8).map(drop),
            TType::String => self.bytes_slice().map(drop),
            TType::Struct => loop {
                let f = self.read_field_begin()?;
                if f.field_type == TType::Stop {
                    return Ok(());
                }
                self.skip_till_depth(f.field_type, depth - 1)?;
            },
            TType::List | TType::Set => {
                let et = ttype_of(self.read_byte()?)?;
                let n = self.count(min_encoded_size(et))?;
                for _ in 0..n {
                    self.skip_till_depth(et, depth - 1)?;
                }
                Ok(())
            }
            TType::Map => {
                let ident = self.read_map_begin()?;
                if let (Some(kt), Some(vt)) = (ident.key_type, ident.value_type) {
                    for _ in 0..ident.size {
                        self.skip_till_depth(kt, depth - 1)?;
                        self.skip_till_depth(vt, depth - 1)?;
                    }
                }
                Ok(())
            }
            other => Err(protocol(
                ProtocolErrorKind::InvalidData,
                format!("cannot skip field type {other:?}"),
            )),
        }
    }

    fn read_byte(&mut self) -> thrift::Result<u8> {
        Ok(self.take(1)?[0])
    }
}

#[cfg(test)]
#[path = "bounded_tests.rs"]
mod tests;
