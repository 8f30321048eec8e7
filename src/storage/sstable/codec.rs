//! Byte-level encoding shared by every SSTable component: LEB128 varints,
//! length-prefixed byte strings, tokens, decorated keys, the per-file header
//! (magic, component, version) and CRC32 framing.
//!
//! Decoding never panics on bad input: every read is bounds-checked and
//! returns a [`DecodeError`] that the caller turns into
//! `SSTableError::Corrupt` with the file name and absolute offset. It must not
//! do I/O.

use crate::partitioner::{DecoratedKey, Token};

/// Every component file starts with these 8 bytes: magic, component tag, version.
pub(crate) const MAGIC: &[u8; 5] = b"SCSST";
/// The version written. Version 2 cuts large entry blocks into checksummed
/// chunks with a directory (see `chunk`) and records the directory's length
/// in the partition head; every other structure is as in version 1.
pub(crate) const FORMAT_VERSION: u16 = 2;
/// The oldest version still read (files of earlier builds stay readable).
pub(crate) const OLDEST_FORMAT_VERSION: u16 = 1;
pub(crate) const FILE_HEADER_LEN: usize = 8;

/// Where a decode went wrong, relative to the start of the buffer decoded.
#[derive(Debug)]
pub(crate) struct DecodeError {
    pub offset: usize,
    pub reason: String,
}

pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    crc32fast::hash(bytes)
}

/// Appends the CRC32 of everything in `buf` from `start` on.
pub(crate) fn push_crc(buf: &mut Vec<u8>, start: usize) {
    let crc = crc32(&buf[start..]);
    buf.extend_from_slice(&crc.to_le_bytes());
}

/// Splits a framed chunk into its body after checking the trailing CRC32.
pub(crate) fn check_crc(chunk: &[u8]) -> Result<&[u8], DecodeError> {
    if chunk.len() < 4 {
        return Err(DecodeError {
            offset: 0,
            reason: format!(
                "chunk of {} bytes is too short for its checksum",
                chunk.len()
            ),
        });
    }
    let (body, tail) = chunk.split_at(chunk.len() - 4);
    let stored = u32::from_le_bytes([tail[0], tail[1], tail[2], tail[3]]);
    let actual = crc32(body);
    if stored != actual {
        return Err(DecodeError {
            offset: 0,
            reason: format!(
                "checksum mismatch over {} bytes (stored {stored:08x}, computed {actual:08x})",
                body.len()
            ),
        });
    }
    Ok(body)
}

pub(crate) fn file_header(component: u8) -> [u8; FILE_HEADER_LEN] {
    file_header_of(component, FORMAT_VERSION)
}

/// A header naming `version` (tests write version-1 files with it).
pub(crate) fn file_header_of(component: u8, version: u16) -> [u8; FILE_HEADER_LEN] {
    let mut h = [0u8; FILE_HEADER_LEN];
    h[..5].copy_from_slice(MAGIC);
    h[5] = component;
    h[6..8].copy_from_slice(&version.to_le_bytes());
    h
}

/// Outcome of checking a file header: `Err` for a bad magic or component,
/// `Ok(version)` otherwise (the caller rejects other versions with a typed error).
pub(crate) fn parse_file_header(bytes: &[u8], component: u8) -> Result<u16, DecodeError> {
    if bytes.len() < FILE_HEADER_LEN {
        return Err(DecodeError {
            offset: 0,
            reason: format!("file is {} bytes, shorter than its header", bytes.len()),
        });
    }
    if &bytes[..5] != MAGIC {
        return Err(DecodeError {
            offset: 0,
            reason: "bad magic number: not an SSTable component".into(),
        });
    }
    if bytes[5] != component {
        return Err(DecodeError {
            offset: 5,
            reason: format!(
                "component tag {} where {} was expected",
                bytes[5], component
            ),
        });
    }
    Ok(u16::from_le_bytes([bytes[6], bytes[7]]))
}

pub(crate) fn put_varint(buf: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        buf.push((v as u8) | 0x80);
        v >>= 7;
    }
    buf.push(v as u8);
}

pub(crate) fn put_bytes(buf: &mut Vec<u8>, bytes: &[u8]) {
    put_varint(buf, bytes.len() as u64);
    buf.extend_from_slice(bytes);
}

pub(crate) fn put_token(buf: &mut Vec<u8>, token: &Token) {
    match token {
        Token::Long(v) => {
            buf.push(0);
            buf.extend_from_slice(&v.to_be_bytes());
        }
        Token::Big(v) => {
            buf.push(1);
            buf.extend_from_slice(&v.to_be_bytes());
        }
        Token::Utf16(units) => {
            buf.push(2);
            put_varint(buf, units.len() as u64);
            for u in units {
                buf.extend_from_slice(&u.to_be_bytes());
            }
        }
        Token::Bytes(b) => {
            buf.push(3);
            put_bytes(buf, b);
        }
    }
}

pub(crate) fn put_key(buf: &mut Vec<u8>, key: &DecoratedKey) {
    put_token(buf, &key.token);
    put_bytes(buf, &key.key);
}

/// A bounds-checked cursor over a byte buffer.
pub(crate) struct Decoder<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Decoder<'a> {
    pub fn new(buf: &'a [u8]) -> Self {
        Decoder { buf, pos: 0 }
    }

    /// A decoder positioned at `pos` (offsets it reports stay buffer-relative).
    pub fn at(buf: &'a [u8], pos: usize) -> Self {
        Decoder { buf, pos }
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    pub fn is_empty(&self) -> bool {
        self.pos >= self.buf.len()
    }

    fn err(&self, reason: impl Into<String>) -> DecodeError {
        DecodeError {
            offset: self.pos,
            reason: reason.into(),
        }
    }

    #[inline]
    pub fn take(&mut self, n: usize) -> Result<&'a [u8], DecodeError> {
        match self.buf.get(self.pos..).and_then(|rest| rest.get(..n)) {
            Some(s) => {
                self.pos += n;
                Ok(s)
            }
            None => Err(self.short(n)),
        }
    }

    #[cold]
    fn short(&self, n: usize) -> DecodeError {
        self.err(format!(
            "needs {n} bytes but only {} remain",
            self.buf.len().saturating_sub(self.pos)
        ))
    }

    #[inline]
    pub fn u8(&mut self) -> Result<u8, DecodeError> {
        Ok(self.take(1)?[0])
    }

    /// Entry blocks and heads are mostly one-byte varints (lengths under
    /// 128): those take the inline path, the rest the loop.
    #[inline]
    pub fn varint(&mut self) -> Result<u64, DecodeError> {
        match self.buf.get(self.pos) {
            Some(&b) if b < 0x80 => {
                self.pos += 1;
                Ok(u64::from(b))
            }
            _ => self.varint_long(),
        }
    }

    fn varint_long(&mut self) -> Result<u64, DecodeError> {
        let mut v: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.u8()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(self.err("varint longer than 10 bytes"))
    }

    /// A varint that must fit a length or count in memory.
    #[inline]
    pub fn len(&mut self) -> Result<usize, DecodeError> {
        let v = self.varint()?;
        usize::try_from(v).map_err(|_| self.err(format!("length {v} does not fit in memory")))
    }

    /// Where the next length-prefixed byte string lies in the buffer.
    #[inline]
    pub fn bytes_range(&mut self) -> Result<std::ops::Range<usize>, DecodeError> {
        let n = self.len()?;
        let start = self.pos;
        self.take(n)?;
        Ok(start..self.pos)
    }

    #[inline]
    pub fn bytes(&mut self) -> Result<&'a [u8], DecodeError> {
        let n = self.len()?;
        self.take(n)
    }

    pub fn token(&mut self) -> Result<Token, DecodeError> {
        match self.u8()? {
            0 => {
                let b = self.take(8)?;
                Ok(Token::Long(i64::from_be_bytes(
                    b.try_into().expect("8 bytes"),
                )))
            }
            1 => {
                let b = self.take(16)?;
                Ok(Token::Big(i128::from_be_bytes(
                    b.try_into().expect("16 bytes"),
                )))
            }
            2 => {
                let n = self.len()?;
                let raw = self.take(
                    n.checked_mul(2)
                        .ok_or_else(|| self.err("token length overflows"))?,
                )?;
                Ok(Token::Utf16(
                    raw.chunks_exact(2)
                        .map(|c| u16::from_be_bytes([c[0], c[1]]))
                        .collect(),
                ))
            }
            3 => Ok(Token::Bytes(self.bytes()?.to_vec())),
            t => Err(self.err(format!("unknown token tag {t}"))),
        }
    }

    pub fn key(&mut self) -> Result<DecoratedKey, DecodeError> {
        let token = self.token()?;
        let key = self.bytes()?.to_vec();
        Ok(DecoratedKey { token, key })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_round_trip_and_reject_overlong() {
        for v in [0u64, 1, 127, 128, 300, u32::MAX as u64, u64::MAX] {
            let mut buf = Vec::new();
            put_varint(&mut buf, v);
            assert_eq!(Decoder::new(&buf).varint().unwrap(), v);
        }
        assert!(Decoder::new(&[0xff; 11]).varint().is_err());
        assert!(Decoder::new(&[0x80]).varint().is_err());
    }

    #[test]
    fn tokens_round_trip() {
        let tokens = [
            Token::Long(-5),
            Token::Big(i128::MAX),
            Token::Utf16(vec![0x41, 0xd800]),
            Token::Bytes(vec![1, 2, 3]),
        ];
        for t in tokens {
            let key = DecoratedKey {
                token: t,
                key: b"k".to_vec(),
            };
            let mut buf = Vec::new();
            put_key(&mut buf, &key);
            let mut d = Decoder::new(&buf);
            assert_eq!(d.key().unwrap(), key);
            assert!(d.is_empty());
        }
    }

    #[test]
    fn crc_framing_detects_flips() {
        let mut buf = b"hello".to_vec();
        push_crc(&mut buf, 0);
        assert_eq!(check_crc(&buf).unwrap(), b"hello");
        buf[1] ^= 1;
        assert!(check_crc(&buf).is_err());
        assert!(check_crc(&[1, 2]).is_err());
    }

    #[test]
    fn file_header_checks_magic_and_component() {
        let h = file_header(3);
        assert_eq!(parse_file_header(&h, 3).unwrap(), FORMAT_VERSION);
        assert!(parse_file_header(&h, 2).is_err());
        assert!(parse_file_header(b"NOTSSTAB", 3).is_err());
        assert!(parse_file_header(b"SCS", 3).is_err());
    }
}
