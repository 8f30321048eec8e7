//! Reading the engine's encodings back ([`Reader`]): every length and count
//! checked against the bytes left before anything is taken or allocated,
//! and a decode error naming what is wrong (the caller adds which file).
//! The reads replay makes per cell are inlined; their errors are built out
//! of line. It must not do I/O or know which form it reads.

use super::{CodecError, MUTATION_V1, MUTATION_V2};
use crate::model::{Bytes, Cell, CellKind, CellView, DeletionTime, Op};

pub(super) struct Reader<'a>(pub(super) &'a [u8]);

#[cold]
#[inline(never)]
fn truncated(wanted: usize, left: usize) -> CodecError {
    CodecError(format!("truncated: wanted {wanted} bytes, {left} left"))
}

#[cold]
#[inline(never)]
fn count_too_large(n: u64, left: usize) -> CodecError {
    CodecError(format!("count {n} exceeds the {left} bytes left"))
}

impl<'a> Reader<'a> {
    // The reads replay makes per cell are inlined, their errors built out
    // of line: called, each cost replay tens of instructions (callgrind).
    #[inline]
    pub(super) fn take(&mut self, n: usize) -> Result<&'a [u8], CodecError> {
        if self.0.len() < n {
            return Err(truncated(n, self.0.len()));
        }
        let (a, b) = self.0.split_at(n);
        self.0 = b;
        Ok(a)
    }
    #[inline]
    pub(super) fn u8(&mut self) -> Result<u8, CodecError> {
        Ok(self.take(1)?[0])
    }
    pub(super) fn i32(&mut self) -> Result<i32, CodecError> {
        Ok(i32::from_be_bytes(
            self.take(4)?.try_into().expect("4 bytes"),
        ))
    }
    pub(super) fn i64(&mut self) -> Result<i64, CodecError> {
        Ok(i64::from_be_bytes(
            self.take(8)?.try_into().expect("8 bytes"),
        ))
    }
    #[inline]
    pub(super) fn var(&mut self) -> Result<u64, CodecError> {
        // Most varints (lengths, counts, ids) are one byte.
        if let Some((&b, rest)) = self.0.split_first() {
            if b < 0x80 {
                self.0 = rest;
                return Ok(u64::from(b));
            }
        }
        self.long_var()
    }
    #[inline(never)]
    pub(super) fn long_var(&mut self) -> Result<u64, CodecError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(CodecError("varint too long".into()))
    }
    /// A length or count, which can never exceed the bytes left (each item
    /// takes at least one byte), so a corrupt count cannot cause a huge allocation.
    #[inline]
    pub(super) fn count(&mut self) -> Result<usize, CodecError> {
        let n = self.var()?;
        if n > self.0.len() as u64 {
            return Err(count_too_large(n, self.0.len()));
        }
        Ok(n as usize)
    }
    pub(super) fn bytes(&mut self) -> Result<Bytes, CodecError> {
        let n = self.count()?;
        Ok(self.take(n)?.to_vec())
    }
    /// A logged mutation's version, key and the key's packed token (empty
    /// in version 1).
    pub(super) fn mutation_key(&mut self) -> Result<(&'a [u8], &'a [u8]), CodecError> {
        let v = self.u8()?;
        if v != MUTATION_V1 && v != MUTATION_V2 {
            return Err(CodecError(format!("unknown mutation version {v}")));
        }
        let n = self.count()?;
        let key = self.take(n)?;
        let token = if v == MUTATION_V2 {
            let n = self.count()?;
            self.take(n)?
        } else {
            &[]
        };
        Ok((key, token))
    }
    /// One logged op (its tag, then its fields).
    pub(super) fn op(&mut self) -> Result<Op, CodecError> {
        Ok(match self.u8()? {
            0 => Op::Put {
                super_column: None,
                cell: self.cell()?,
            },
            1 => {
                let sc = self.bytes()?;
                Op::Put {
                    super_column: Some(sc),
                    cell: self.cell()?,
                }
            }
            2 => Op::DeleteRow(self.deletion()?),
            3 => {
                let name = self.bytes()?;
                Op::DeleteSuperColumn {
                    name,
                    deletion: self.deletion()?,
                }
            }
            4 => {
                let start = self.bytes()?;
                let end = self.bytes()?;
                Op::DeleteRange {
                    start,
                    end,
                    deletion: self.deletion()?,
                }
            }
            t @ (5 | 6) => {
                let super_column = if t == 6 { Some(self.bytes()?) } else { None };
                let name = self.bytes()?;
                let delta = self.i64()?;
                Op::CounterAdd {
                    super_column,
                    name,
                    delta,
                    timestamp: self.i64()?,
                }
            }
            t => return Err(CodecError(format!("unknown op tag {t}"))),
        })
    }
    pub(super) fn deletion(&mut self) -> Result<DeletionTime, CodecError> {
        let at = self.i64()?;
        Ok(DeletionTime::new(at, self.i32()?))
    }
    pub(super) fn cell(&mut self) -> Result<Cell, CodecError> {
        let name = self.bytes()?;
        self.cell_body(name)
    }
    /// A cell after its name, its value borrowed: the one decoding of a
    /// cell's timestamp, kind and value, which `cell_view` and `cell_body`
    /// only wrap. Always inlined: out of line, returning the three parts
    /// through memory cost replay ~40 instructions per cell (callgrind).
    #[inline(always)]
    pub(super) fn cell_parts(&mut self) -> Result<(i64, CellKind, &'a [u8]), CodecError> {
        let timestamp = self.i64()?;
        let kind = match self.u8()? {
            0 => CellKind::Live,
            1 => {
                let ttl = self.i32()?;
                CellKind::Expiring {
                    ttl,
                    local_expiration_time: self.i32()?,
                }
            }
            2 => CellKind::Tombstone {
                local_deletion_time: self.i32()?,
            },
            3 => CellKind::Counter {
                deletion: self.deletion()?,
            },
            t => return Err(CodecError(format!("unknown cell kind {t}"))),
        };
        let value = if matches!(kind, CellKind::Tombstone { .. }) {
            &[][..]
        } else {
            let n = self.count()?;
            self.take(n)?
        };
        Ok((timestamp, kind, value))
    }
    /// A cell borrowed; `None` for a counter (replay decodes those whole,
    /// to reconcile them).
    pub(super) fn cell_view(&mut self, name: &'a [u8]) -> Result<Option<CellView<'a>>, CodecError> {
        let (timestamp, kind, value) = self.cell_parts()?;
        Ok(
            (!matches!(kind, CellKind::Counter { .. })).then_some(CellView {
                name,
                value,
                timestamp,
                kind,
            }),
        )
    }
    /// A cell owned, under the name already read.
    pub(super) fn cell_body(&mut self, name: Bytes) -> Result<Cell, CodecError> {
        let (timestamp, kind, value) = self.cell_parts()?;
        Ok(Cell {
            name,
            value: value.to_vec(),
            timestamp,
            kind,
        })
    }
    pub(super) fn end(&self) -> Result<(), CodecError> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(CodecError(format!("{} trailing bytes", self.0.len())))
        }
    }
}
