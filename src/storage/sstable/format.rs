//! The on-disk layout of one SSTable: component files, their names, and the
//! encoding of every structure inside them.
//!
//! ```text
//! <name>-Data.db        header | partition*            partition = block* head
//!     block   = (name payload)* crc32                   (~column_index_size bytes; `block`)
//!             | chunk chunk+ directory                  (format 2, over 4 KiB; `chunk`)
//!     head    = key header column_index entry_count crc32                     (`head`)
//! <name>-Index.db       header | segment*               (index_interval keys each)
//!     segment = count (key data_offset head_delta head_len)* crc32
//! <name>-Summary.db     header count (first_key index_offset segment_len)* crc32
//! <name>-Filter.db      header hashes words u64* crc32
//! <name>-Statistics.db  header partitioner counts lengths options min/max key [user_meta] crc32
//! ```
//!
//! `header` is 8 bytes (magic `SCSST`, component tag, version: 2 is written,
//! 1 and 2 are read; only the Data file's chunks and heads differ). Integers are
//! LEB128 varints, byte strings are length-prefixed, CRC32s are little-endian.
//! Every byte of every file is covered by a checksum or checked on open.
//! Statistics is written last and is the commit marker of a complete SSTable.
//! Entry blocks and partition heads are encoded in their own modules. This
//! module must not do I/O.

use super::bloom::BloomFilter;
use super::codec::{
    check_crc, file_header, push_crc, put_bytes, put_key, put_varint, DecodeError, Decoder,
    FILE_HEADER_LEN,
};
use crate::partitioner::{DecoratedKey, Token};

/// The component files of an SSTable, in the order `finish` renames them
/// (Statistics last: its presence means the SSTable is complete).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Component {
    Data,
    Index,
    Summary,
    Filter,
    Statistics,
}

impl Component {
    pub const ALL: [Component; 5] = [
        Component::Data,
        Component::Index,
        Component::Summary,
        Component::Filter,
        Component::Statistics,
    ];

    pub fn suffix(self) -> &'static str {
        match self {
            Component::Data => "Data.db",
            Component::Index => "Index.db",
            Component::Summary => "Summary.db",
            Component::Filter => "Filter.db",
            Component::Statistics => "Statistics.db",
        }
    }

    pub(crate) fn tag(self) -> u8 {
        match self {
            Component::Data => 1,
            Component::Index => 2,
            Component::Summary => 3,
            Component::Filter => 4,
            Component::Statistics => 5,
        }
    }

    /// `<name>-<Component>.db`, e.g. `Standard1-7-Data.db`.
    pub fn file_name(self, name: &str) -> String {
        format!("{name}-{}", self.suffix())
    }

    /// The name written during `finish`, before the atomic rename.
    pub fn temp_file_name(self, name: &str) -> String {
        format!("{name}-{}{TEMP_SUFFIX}", self.suffix())
    }
}

pub(crate) const TEMP_SUFFIX: &str = ".tmp";

/// The Statistics component: everything needed to open and sanity-check the rest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Statistics {
    pub partitioner: String,
    pub partition_count: u64,
    pub entry_count: u64,
    pub data_len: u64,
    pub index_len: u64,
    pub summary_len: u64,
    pub filter_len: u64,
    pub column_index_size: u64,
    pub index_interval: u64,
    pub min_key: Option<DecoratedKey>,
    pub max_key: Option<DecoratedKey>,
    /// The owner's own bytes (the engine's SSTable metadata); absent in
    /// files written before it existed, which decode as empty.
    pub user_meta: Vec<u8>,
}

fn put_opt_key(buf: &mut Vec<u8>, key: &Option<DecoratedKey>) {
    match key {
        None => buf.push(0),
        Some(k) => {
            buf.push(1);
            put_key(buf, k);
        }
    }
}

fn opt_key(d: &mut Decoder) -> Result<Option<DecoratedKey>, DecodeError> {
    match d.u8()? {
        0 => Ok(None),
        1 => Ok(Some(d.key()?)),
        t => Err(DecodeError {
            offset: d.pos() - 1,
            reason: format!("bad optional-key flag {t}"),
        }),
    }
}

fn done(d: &Decoder) -> Result<(), DecodeError> {
    if d.is_empty() {
        Ok(())
    } else {
        Err(DecodeError {
            offset: d.pos(),
            reason: "trailing bytes after the structure".into(),
        })
    }
}

/// A whole small component file: header, body, CRC32 over both.
fn framed_file(component: Component, body: &[u8]) -> Vec<u8> {
    let mut buf = file_header(component.tag()).to_vec();
    buf.extend_from_slice(body);
    push_crc(&mut buf, 0);
    buf
}

/// The body of a whole small component file after its CRC is checked.
/// The header was already checked by the caller; offsets stay file-relative.
fn framed_body(file: &[u8]) -> Result<Decoder<'_>, DecodeError> {
    let all = check_crc(file)?;
    let mut d = Decoder::new(all);
    d.take(FILE_HEADER_LEN)?;
    Ok(d)
}

impl Statistics {
    pub fn encode(&self) -> Vec<u8> {
        let mut b = Vec::new();
        put_bytes(&mut b, self.partitioner.as_bytes());
        for v in [
            self.partition_count,
            self.entry_count,
            self.data_len,
            self.index_len,
            self.summary_len,
            self.filter_len,
            self.column_index_size,
            self.index_interval,
        ] {
            put_varint(&mut b, v);
        }
        put_opt_key(&mut b, &self.min_key);
        put_opt_key(&mut b, &self.max_key);
        if !self.user_meta.is_empty() {
            put_bytes(&mut b, &self.user_meta);
        }
        framed_file(Component::Statistics, &b)
    }

    pub fn decode(file: &[u8]) -> Result<Self, DecodeError> {
        let mut d = framed_body(file)?;
        let p = d.bytes()?;
        let partitioner = String::from_utf8(p.to_vec()).map_err(|_| DecodeError {
            offset: d.pos(),
            reason: "partitioner name is not UTF-8".into(),
        })?;
        let mut n = [0u64; 8];
        for v in n.iter_mut() {
            *v = d.varint()?;
        }
        let min_key = opt_key(&mut d)?;
        let max_key = opt_key(&mut d)?;
        let user_meta = if d.is_empty() {
            Vec::new()
        } else {
            d.bytes()?.to_vec()
        };
        done(&d)?;
        Ok(Statistics {
            partitioner,
            partition_count: n[0],
            entry_count: n[1],
            data_len: n[2],
            index_len: n[3],
            summary_len: n[4],
            filter_len: n[5],
            column_index_size: n[6],
            index_interval: n[7],
            min_key,
            max_key,
            user_meta,
        })
    }
}

/// One in-memory summary entry: the first key of an index segment and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SummaryEntry {
    pub first_key: DecoratedKey,
    pub offset: u64,
    pub len: u64,
}

pub(crate) fn encode_summary(entries: &[SummaryEntry]) -> Vec<u8> {
    let mut b = Vec::new();
    put_varint(&mut b, entries.len() as u64);
    for e in entries {
        put_key(&mut b, &e.first_key);
        put_varint(&mut b, e.offset);
        put_varint(&mut b, e.len);
    }
    framed_file(Component::Summary, &b)
}

pub(crate) fn decode_summary(file: &[u8]) -> Result<Vec<SummaryEntry>, DecodeError> {
    let mut d = framed_body(file)?;
    let n = d.len()?;
    let mut out = Vec::with_capacity(n.min(1 << 20));
    for _ in 0..n {
        let first_key = d.key()?;
        let offset = d.varint()?;
        let len = d.varint()?;
        out.push(SummaryEntry {
            first_key,
            offset,
            len,
        });
    }
    done(&d)?;
    Ok(out)
}

pub(crate) fn encode_filter(f: &BloomFilter) -> Vec<u8> {
    let mut b = Vec::new();
    put_varint(&mut b, u64::from(f.hashes()));
    put_varint(&mut b, f.words().len() as u64);
    for w in f.words() {
        b.extend_from_slice(&w.to_le_bytes());
    }
    framed_file(Component::Filter, &b)
}

pub(crate) fn decode_filter(file: &[u8]) -> Result<BloomFilter, DecodeError> {
    let mut d = framed_body(file)?;
    let hashes = d.varint()?;
    let n = d.len()?;
    let raw = d.take(n.checked_mul(8).ok_or_else(|| DecodeError {
        offset: d.pos(),
        reason: "filter size overflows".into(),
    })?)?;
    done(&d)?;
    let words = raw
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    u32::try_from(hashes)
        .ok()
        .and_then(|h| BloomFilter::from_parts(h, words))
        .ok_or_else(|| DecodeError {
            offset: FILE_HEADER_LEN,
            reason: format!("invalid filter parameters ({hashes} hashes, {n} words)"),
        })
}

/// One key-index entry: where a partition's bytes are in the Data file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct IndexEntry {
    pub key: DecoratedKey,
    /// First byte of the partition (its first block, or its head when it has none).
    pub data_offset: u64,
    /// The head starts at `data_offset + head_delta`.
    pub head_delta: u64,
    pub head_len: u64,
}

impl IndexEntry {
    pub fn head_offset(&self) -> u64 {
        self.data_offset + self.head_delta
    }
    pub fn end(&self) -> u64 {
        self.head_offset() + self.head_len
    }
}

pub(crate) fn encode_index_segment(entries: &[IndexEntry]) -> Vec<u8> {
    let mut b = Vec::new();
    put_varint(&mut b, entries.len() as u64);
    for e in entries {
        put_key(&mut b, &e.key);
        put_varint(&mut b, e.data_offset);
        put_varint(&mut b, e.head_delta);
        put_varint(&mut b, e.head_len);
    }
    push_crc(&mut b, 0);
    b
}

/// The position fields of an index entry, after its key.
fn index_position(d: &mut Decoder) -> Result<(u64, u64, u64), DecodeError> {
    let data_offset = d.varint()?;
    let head_delta = d.varint()?;
    let head_len = d.varint()?;
    if data_offset
        .checked_add(head_delta)
        .and_then(|h| h.checked_add(head_len))
        .is_none()
    {
        return Err(DecodeError {
            offset: d.pos(),
            reason: "partition position overflows".into(),
        });
    }
    Ok((data_offset, head_delta, head_len))
}

pub(crate) fn decode_index_segment(chunk: &[u8]) -> Result<Vec<IndexEntry>, DecodeError> {
    let mut d = Decoder::new(check_crc(chunk)?);
    let n = d.len()?;
    let mut out = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        let key = d.key()?;
        let (data_offset, head_delta, head_len) = index_position(&mut d)?;
        out.push(IndexEntry {
            key,
            data_offset,
            head_delta,
            head_len,
        });
    }
    done(&d)?;
    Ok(out)
}

/// Finds `key` in an index segment without materializing the other entries
/// (the point-lookup path; entries are in ring order, so it stops early).
pub(crate) fn find_in_segment(
    chunk: &[u8],
    key: &DecoratedKey,
) -> Result<Option<IndexEntry>, DecodeError> {
    let mut d = Decoder::new(check_crc(chunk)?);
    let n = d.len()?;
    for _ in 0..n {
        let (token, bytes, (data_offset, head_delta, head_len)) = next_entry(&mut d)?;
        match token.cmp(&key.token).then_with(|| bytes.cmp(&key.key[..])) {
            std::cmp::Ordering::Less => {}
            std::cmp::Ordering::Equal => {
                return Ok(Some(IndexEntry {
                    key: key.clone(),
                    data_offset,
                    head_delta,
                    head_len,
                }))
            }
            std::cmp::Ordering::Greater => return Ok(None),
        }
    }
    Ok(None)
}

/// One index entry's token, key bytes and position fields.
type RawEntry<'a> = (Token, &'a [u8], (u64, u64, u64));

fn next_entry<'a>(d: &mut Decoder<'a>) -> Result<RawEntry<'a>, DecodeError> {
    let token = d.token()?;
    let bytes = d.bytes()?;
    Ok((token, bytes, index_position(d)?))
}

/// A decoder at the entry starting `at` bytes into a segment's body (as
/// [`segment_starts`] found the starts).
fn decoder_at(body: &[u8], at: usize) -> Result<Decoder<'_>, DecodeError> {
    let rest = body.get(at..).ok_or_else(|| DecodeError {
        offset: at,
        reason: "index entry starts past its segment".into(),
    })?;
    Ok(Decoder::new(rest))
}

/// The entry starting `at` bytes into a segment's body.
pub(crate) fn entry_at(body: &[u8], at: usize) -> Result<RawEntry<'_>, DecodeError> {
    next_entry(&mut decoder_at(body, at)?)
}

/// Only the token and key bytes of the entry starting `at`: what a binary
/// search compares, without decoding the positions of entries it passes.
pub(crate) fn key_at(body: &[u8], at: usize) -> Result<(Token, &[u8]), DecodeError> {
    let mut d = decoder_at(body, at)?;
    Ok((d.token()?, d.bytes()?))
}

/// An index segment checked whole (checksum, every entry, nothing after
/// them): its body and where each entry starts in it.
pub(crate) fn segment_starts(chunk: &[u8]) -> Result<(&[u8], Vec<u32>), DecodeError> {
    let body = check_crc(chunk)?;
    let mut d = Decoder::new(body);
    let n = d.len()?;
    let mut starts = Vec::with_capacity(n.min(1 << 16));
    for _ in 0..n {
        starts.push(u32::try_from(d.pos()).map_err(|_| DecodeError {
            offset: d.pos(),
            reason: "index segment over 4 GiB".into(),
        })?);
        next_entry(&mut d)?;
    }
    done(&d)?;
    Ok((body, starts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partitioner::Token;

    fn key(i: i64) -> DecoratedKey {
        DecoratedKey {
            token: Token::Long(i),
            key: format!("k{i}").into_bytes(),
        }
    }

    #[test]
    fn statistics_round_trip_and_detect_damage() {
        let s = Statistics {
            partitioner: "p".into(),
            partition_count: 3,
            entry_count: 9,
            data_len: 100,
            index_len: 50,
            summary_len: 20,
            filter_len: 30,
            column_index_size: 65536,
            index_interval: 128,
            min_key: Some(key(1)),
            max_key: None,
            user_meta: Vec::new(),
        };
        let with_meta = Statistics {
            user_meta: b"meta".to_vec(),
            ..s.clone()
        };
        assert_eq!(Statistics::decode(&with_meta.encode()).unwrap(), with_meta);
        let mut bytes = s.encode();
        assert_eq!(Statistics::decode(&bytes).unwrap(), s);
        let last = bytes.len() - 5;
        bytes[last] ^= 0x10;
        assert!(Statistics::decode(&bytes).is_err());
    }

    #[test]
    fn key_at_reads_what_entry_at_reads_and_no_further() {
        let entries: Vec<IndexEntry> = (0..5)
            .map(|i| IndexEntry {
                key: key(i * 1000),
                data_offset: 1 << (i * 9),
                head_delta: 7,
                head_len: 300,
            })
            .collect();
        let chunk = encode_index_segment(&entries);
        let (body, starts) = segment_starts(&chunk).unwrap();
        for (e, &at) in entries.iter().zip(&starts) {
            let (token, bytes, (data_offset, _, _)) = entry_at(body, at as usize).unwrap();
            assert_eq!(key_at(body, at as usize).unwrap(), (token, bytes));
            assert_eq!((bytes, data_offset), (&e.key.key[..], e.data_offset));
        }
        // Past the body: an error, not a panic.
        assert!(key_at(body, body.len() + 1).is_err());
    }
}
