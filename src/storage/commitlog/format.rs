//! The on-disk format of commit log segments: file names, the segment header
//! and record framing.
//!
//! Owns bytes only; it does no I/O and has no policy about what to do with a
//! damaged segment (that is `replay`'s job).
//!
//! A segment file is named `CommitLog-<id>.log` (decimal id) and holds:
//!
//! ```text
//! header  (20 bytes): magic "SCCL" | version u16 LE | reserved u16 (0) | segment id u64 LE | crc32 of the previous 16 bytes, u32 LE
//! record* (12 + n bytes each): length n u32 LE | crc32 of the 4 length bytes u32 LE | payload (n bytes) | crc32 of the payload u32 LE
//! ```
//!
//! The length has its own checksum so that a damaged length is recognized
//! before it is trusted to find the payload. An all-zero record header never
//! passes that check (the crc32 of four zero bytes is not zero), so a zero-filled
//! tail (left by a file system that extended the file but did not write its
//! data before a crash) is recognized as the end of the log rather than as an
//! empty record.

use std::path::Path;

/// Identifies a commit log segment file.
pub const SEGMENT_MAGIC: [u8; 4] = *b"SCCL";
/// The segment format this code writes and reads.
pub const FORMAT_VERSION: u16 = 1;
/// Size of the segment header in bytes.
pub const HEADER_LEN: u64 = 20;
/// Bytes a record adds to its payload (length, its crc, the payload's crc).
pub const RECORD_OVERHEAD: u64 = 12;
/// Size of the record prefix that precedes the payload (length and its crc).
pub const RECORD_PREFIX_LEN: usize = 8;
/// The largest payload one record may carry. Well above any Thrift frame the
/// server accepts, and small enough that a damaged-but-plausible length can
/// never make replay allocate without bound.
pub const MAX_PAYLOAD_LEN: usize = 1 << 30;

const SEGMENT_PREFIX: &str = "CommitLog-";
const SEGMENT_SUFFIX: &str = ".log";
/// Suffix of a segment still being created; such files hold no records.
pub const TEMP_SUFFIX: &str = ".log.tmp";

/// The file name of segment `id`.
pub fn segment_file_name(id: u64) -> String {
    format!("{SEGMENT_PREFIX}{id}{SEGMENT_SUFFIX}")
}

/// The temporary name a segment has while its header is being made durable.
pub fn temp_file_name(id: u64) -> String {
    format!("{SEGMENT_PREFIX}{id}{TEMP_SUFFIX}")
}

/// What a directory entry's name says it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    /// A segment with this id.
    Segment(u64),
    /// A segment whose creation never finished.
    Temp,
    /// Named like a segment, but the id does not parse.
    MalformedSegmentName,
    /// Not ours.
    Other,
}

/// Classifies a directory entry by its name.
pub fn classify(path: &Path) -> FileKind {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return FileKind::Other;
    };
    let Some(rest) = name.strip_prefix(SEGMENT_PREFIX) else {
        return FileKind::Other;
    };
    if rest.ends_with(TEMP_SUFFIX) {
        return FileKind::Temp;
    }
    match rest.strip_suffix(SEGMENT_SUFFIX) {
        Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            match digits.parse::<u64>() {
                Ok(id) => FileKind::Segment(id),
                Err(_) => FileKind::MalformedSegmentName,
            }
        }
        Some(_) => FileKind::MalformedSegmentName,
        None => FileKind::Other,
    }
}

/// The header of segment `id`.
pub fn encode_header(id: u64) -> [u8; HEADER_LEN as usize] {
    let mut h = [0u8; HEADER_LEN as usize];
    h[0..4].copy_from_slice(&SEGMENT_MAGIC);
    h[4..6].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    // h[6..8]: reserved, zero.
    h[8..16].copy_from_slice(&id.to_le_bytes());
    let crc = crc32fast::hash(&h[0..16]);
    h[16..20].copy_from_slice(&crc.to_le_bytes());
    h
}

/// Why a segment header was rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderError {
    Short { len: u64 },
    BadMagic,
    BadChecksum,
    UnsupportedVersion(u16),
    IdMismatch { in_header: u64, in_name: u64 },
}

impl std::fmt::Display for HeaderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HeaderError::Short { len } => write!(f, "file is {len} bytes, shorter than a header"),
            HeaderError::BadMagic => write!(f, "bad magic"),
            HeaderError::BadChecksum => write!(f, "header checksum mismatch"),
            HeaderError::UnsupportedVersion(v) => write!(f, "unsupported format version {v}"),
            HeaderError::IdMismatch { in_header, in_name } => write!(
                f,
                "header names segment {in_header} but the file name says {in_name}"
            ),
        }
    }
}

/// Checks a header read from the file named for segment `expected_id`.
pub fn decode_header(h: &[u8; HEADER_LEN as usize], expected_id: u64) -> Result<(), HeaderError> {
    if h[0..4] != SEGMENT_MAGIC {
        return Err(HeaderError::BadMagic);
    }
    let crc = u32::from_le_bytes([h[16], h[17], h[18], h[19]]);
    if crc32fast::hash(&h[0..16]) != crc {
        return Err(HeaderError::BadChecksum);
    }
    let version = u16::from_le_bytes([h[4], h[5]]);
    if version != FORMAT_VERSION {
        return Err(HeaderError::UnsupportedVersion(version));
    }
    let mut id = [0u8; 8];
    id.copy_from_slice(&h[8..16]);
    let in_header = u64::from_le_bytes(id);
    if in_header != expected_id {
        return Err(HeaderError::IdMismatch {
            in_header,
            in_name: expected_id,
        });
    }
    Ok(())
}

/// Appends the framed record for `payload` to `out`. The caller has checked
/// `payload.len() <= MAX_PAYLOAD_LEN`.
pub fn encode_record(payload: &[u8], out: &mut Vec<u8>) {
    debug_assert!(payload.len() <= MAX_PAYLOAD_LEN);
    let len = (payload.len() as u32).to_le_bytes();
    out.extend_from_slice(&len);
    out.extend_from_slice(&crc32fast::hash(&len).to_le_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&crc32fast::hash(payload).to_le_bytes());
}

/// Frames, in place, the payload written to `out` after `start` (where
/// [`RECORD_PREFIX_LEN`] bytes were left for the prefix): the same bytes as
/// [`encode_record`] of that payload. The caller has checked its length.
pub fn frame_in_place(out: &mut Vec<u8>, start: usize) {
    let payload_at = start + RECORD_PREFIX_LEN;
    debug_assert!(out.len() - payload_at <= MAX_PAYLOAD_LEN);
    let len = ((out.len() - payload_at) as u32).to_le_bytes();
    out[start..start + 4].copy_from_slice(&len);
    out[start + 4..payload_at].copy_from_slice(&crc32fast::hash(&len).to_le_bytes());
    let crc = crc32fast::hash(&out[payload_at..]);
    out.extend_from_slice(&crc.to_le_bytes());
}

/// The records of a buffer framed by [`encode_record`] or
/// [`frame_in_place`], each split into its prefix and the rest of it (its
/// payload and checksum).
pub fn records_in(framed: &[u8]) -> impl Iterator<Item = (&[u8; RECORD_PREFIX_LEN], &[u8])> + '_ {
    let mut rest = framed;
    std::iter::from_fn(move || {
        let (prefix, after) = rest.split_first_chunk::<RECORD_PREFIX_LEN>()?;
        let len = u32::from_le_bytes([prefix[0], prefix[1], prefix[2], prefix[3]]) as usize;
        let (body, next) = after.split_at(len + 4);
        rest = next;
        Some((prefix, body))
    })
}

/// Size on disk of the record carrying `payload_len` bytes.
pub fn record_len(payload_len: usize) -> u64 {
    payload_len as u64 + RECORD_OVERHEAD
}

/// Decodes a record prefix: `Some(payload length)` if its checksum holds.
pub fn decode_prefix(prefix: &[u8; RECORD_PREFIX_LEN]) -> Option<usize> {
    let len = [prefix[0], prefix[1], prefix[2], prefix[3]];
    let crc = u32::from_le_bytes([prefix[4], prefix[5], prefix[6], prefix[7]]);
    (crc32fast::hash(&len) == crc).then(|| u32::from_le_bytes(len) as usize)
}

/// Whether `payload` matches the crc stored after it.
pub fn payload_intact(payload: &[u8], stored_crc: [u8; 4]) -> bool {
    crc32fast::hash(payload) == u32::from_le_bytes(stored_crc)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    #[test]
    fn names_round_trip_and_reject_lookalikes() {
        let p = PathBuf::from(segment_file_name(1_700_000_000_123));
        assert_eq!(classify(&p), FileKind::Segment(1_700_000_000_123));
        assert_eq!(classify(Path::new("CommitLog-7.log.tmp")), FileKind::Temp);
        assert_eq!(
            classify(Path::new("CommitLog-x7.log")),
            FileKind::MalformedSegmentName
        );
        assert_eq!(
            classify(Path::new("CommitLog-99999999999999999999999.log")),
            FileKind::MalformedSegmentName
        );
        assert_eq!(
            classify(Path::new("CommitLog-.log")),
            FileKind::MalformedSegmentName
        );
        assert_eq!(classify(Path::new("LOCK")), FileKind::Other);
        assert_eq!(classify(Path::new("CommitLog-5.txt")), FileKind::Other);
    }

    #[test]
    fn header_round_trips_and_every_damage_is_caught() {
        let h = encode_header(42);
        assert_eq!(decode_header(&h, 42), Ok(()));
        assert!(matches!(
            decode_header(&h, 43),
            Err(HeaderError::IdMismatch {
                in_header: 42,
                in_name: 43
            })
        ));
        for i in 0..h.len() {
            let mut bad = h;
            bad[i] ^= 0x01;
            assert!(
                decode_header(&bad, 42).is_err(),
                "flip at byte {i} accepted"
            );
        }
        assert!(decode_header(&[0u8; HEADER_LEN as usize], 0).is_err());
    }

    #[test]
    fn record_framing_round_trips() {
        for payload in [&b""[..], b"x", &[0xAB; 1000][..]] {
            let mut out = Vec::new();
            encode_record(payload, &mut out);
            assert_eq!(out.len() as u64, record_len(payload.len()));
            let prefix: [u8; RECORD_PREFIX_LEN] = out[..8].try_into().unwrap();
            assert_eq!(decode_prefix(&prefix), Some(payload.len()));
            let body = &out[8..8 + payload.len()];
            let crc: [u8; 4] = out[8 + payload.len()..].try_into().unwrap();
            assert!(payload_intact(body, crc));
        }
    }

    #[test]
    fn a_record_framed_in_place_is_the_encoded_record() {
        for payload in [&b""[..], b"x", &[0xAB; 1000][..]] {
            let mut want = b"before".to_vec();
            encode_record(payload, &mut want);
            let mut got = b"before".to_vec();
            got.extend_from_slice(&[0; RECORD_PREFIX_LEN]);
            got.extend_from_slice(payload);
            frame_in_place(&mut got, 6);
            assert_eq!(got, want);
        }
    }

    #[test]
    fn an_all_zero_prefix_is_never_a_record() {
        assert_eq!(decode_prefix(&[0u8; RECORD_PREFIX_LEN]), None);
    }
}
