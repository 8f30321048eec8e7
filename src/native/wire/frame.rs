//! Frames: the header (version and direction, flags, stream id, opcode,
//! body length), the versions spoken, the frame size limit, and body
//! compression (lz4 and snappy, as agreed in STARTUP).
//!
//! Header layout: versions 1 and 2 have a one-byte stream id (8-byte
//! header), 3 and later a two-byte one (9 bytes). The length is checked
//! against the limit before any body byte is read or buffered, and a
//! compressed body's announced size against the limit before it is
//! inflated. This module must not interpret bodies.

use super::codec::DecodeError;
use crate::release::Release;

/// The protocol versions served (as Cassandra 2.2 served them).
pub const MIN_VERSION: u8 = 1;
pub const MAX_VERSION: u8 = 4;

/// The direction bit of the version byte: set on responses.
pub const RESPONSE: u8 = 0x80;

pub const FLAG_COMPRESSED: u8 = 0x01;
pub const FLAG_TRACING: u8 = 0x02;
pub const FLAG_CUSTOM_PAYLOAD: u8 = 0x04;
pub const FLAG_WARNING: u8 = 0x08;

/// Opcodes.
pub mod op {
    pub const ERROR: u8 = 0x00;
    pub const STARTUP: u8 = 0x01;
    pub const READY: u8 = 0x02;
    pub const AUTHENTICATE: u8 = 0x03;
    pub const CREDENTIALS: u8 = 0x04;
    pub const OPTIONS: u8 = 0x05;
    pub const SUPPORTED: u8 = 0x06;
    pub const QUERY: u8 = 0x07;
    pub const RESULT: u8 = 0x08;
    pub const PREPARE: u8 = 0x09;
    pub const EXECUTE: u8 = 0x0A;
    pub const REGISTER: u8 = 0x0B;
    pub const EVENT: u8 = 0x0C;
    pub const BATCH: u8 = 0x0D;
    pub const AUTH_CHALLENGE: u8 = 0x0E;
    pub const AUTH_RESPONSE: u8 = 0x0F;
    pub const AUTH_SUCCESS: u8 = 0x10;

    /// The name Cassandra's messages use for an opcode.
    pub fn name(op: u8) -> &'static str {
        match op {
            ERROR => "ERROR",
            STARTUP => "STARTUP",
            READY => "READY",
            AUTHENTICATE => "AUTHENTICATE",
            CREDENTIALS => "CREDENTIALS",
            OPTIONS => "OPTIONS",
            SUPPORTED => "SUPPORTED",
            QUERY => "QUERY",
            RESULT => "RESULT",
            PREPARE => "PREPARE",
            EXECUTE => "EXECUTE",
            REGISTER => "REGISTER",
            EVENT => "EVENT",
            BATCH => "BATCH",
            AUTH_CHALLENGE => "AUTH_CHALLENGE",
            AUTH_RESPONSE => "AUTH_RESPONSE",
            AUTH_SUCCESS => "AUTH_SUCCESS",
            _ => "UNKNOWN",
        }
    }
}

/// A frame header.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Header {
    /// Without the direction bit.
    pub version: u8,
    pub flags: u8,
    pub stream: i16,
    pub opcode: u8,
    pub length: u32,
}

/// The header's size for a version (unknown later versions are read with
/// the newest layout, so that their stream id can be answered).
pub fn header_len(version: u8) -> usize {
    if version >= 3 || version == 0 {
        9
    } else {
        8
    }
}

impl Header {
    /// Parses `bytes`, which hold exactly `header_len(bytes[0] & 0x7f)` bytes.
    pub fn parse(bytes: &[u8]) -> Header {
        let version = bytes[0] & !RESPONSE;
        if header_len(version) == 8 {
            Header {
                version,
                flags: bytes[1],
                stream: i16::from(bytes[2] as i8),
                opcode: bytes[3],
                length: u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
            }
        } else {
            Header {
                version,
                flags: bytes[1],
                stream: i16::from_be_bytes([bytes[2], bytes[3]]),
                opcode: bytes[4],
                length: u32::from_be_bytes([bytes[5], bytes[6], bytes[7], bytes[8]]),
            }
        }
    }

    /// Whether the version byte says "response": a client must not send one.
    pub fn is_response(first_byte: u8) -> bool {
        first_byte & RESPONSE != 0
    }
}

/// A frame the protocol refuses from its header alone (a response sent by
/// a client, a version not spoken or changed mid-connection, a length over
/// the limit): a protocol ERROR, after which the connection is closed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct FrameError(pub String);

/// The refusal of a protocol version the release answered as (`serve
/// --cassandra-version`) did not accept, in its words: 3.11 listed the
/// versions it spoke (v5 as a beta a client must flag), 3.0 named its
/// lowest and highest, 2.2 its highest, 1.2 to 2.1 only the one refused.
pub fn release_version_error(release: Option<&Release>, version: u8) -> Option<FrameError> {
    let release = release?;
    if release.accepts_native(version) {
        return None;
    }
    let highest = release.highest_native().unwrap_or(0);
    let lowest = release.native_versions.iter().copied().min().unwrap_or(0);
    Some(FrameError(
        if release.at_least(3, 11) && version == highest + 1 {
            format!("Beta version of the protocol used ({version}/v{version}-beta), but USE_BETA flag is unset")
        } else if release.at_least(3, 11) {
            let listed: Vec<String> = release
                .native_versions
                .iter()
                .map(|v| format!("{v}/v{v}"))
                .collect();
            format!(
            "Invalid or unsupported protocol version ({version}); supported versions are ({}, {}/v{}-beta)",
            listed.join(", "),
            highest + 1,
            highest + 1
        )
        } else if release.at_least(3, 0) {
            format!(
            "Invalid or unsupported protocol version ({version}); the lowest supported version is \
             {lowest} and the greatest is {highest}"
        )
        } else if release.at_least(2, 2) {
            format!(
            "Invalid or unsupported protocol version ({version}); highest supported is {highest} "
        )
        } else {
            format!("Invalid or unsupported protocol version: {version}")
        },
    ))
}

/// A framing error in the header `h` of a frame whose first byte is
/// `first`, on a connection whose version is `established` (0: none yet):
/// answered, then the connection is closed.
pub fn framing_error(
    h: &Header,
    first: u8,
    established: u8,
    max_frame_bytes: usize,
) -> Option<FrameError> {
    let version = h.version;
    if Header::is_response(first) {
        Some(FrameError(
            "Invalid message direction: a client sent a response frame".into(),
        ))
    } else if !(MIN_VERSION..=MAX_VERSION).contains(&version) {
        Some(FrameError(format!(
            "Invalid or unsupported protocol version ({version}); supported versions are (1/v1, 2/v2, 3/v3, 4/v4)"
        )))
    } else if established != 0 && version != established {
        Some(FrameError(format!(
            "Invalid message version. Got {version} but previous messages on this connection had version {established}"
        )))
    } else if h.length as usize > max_frame_bytes {
        Some(FrameError(format!(
            "Request is too big: length {} exceeds maximum allowed length {max_frame_bytes}.",
            h.length
        )))
    } else {
        None
    }
}

/// A whole response frame: header for `version` (direction bit set) and body.
pub fn encode(version: u8, flags: u8, stream: i16, opcode: u8, body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(9 + body.len());
    encode_header(&mut out, version, flags, stream, opcode, body.len());
    out.extend_from_slice(body);
    out
}

/// Appends a response frame's header, for a body of `len` bytes that the
/// caller appends next (so replies are laid out straight into the
/// connection's write buffer, never copied into a frame of their own).
pub fn encode_header(
    out: &mut Vec<u8>,
    version: u8,
    flags: u8,
    stream: i16,
    opcode: u8,
    len: usize,
) {
    out.push(version | RESPONSE);
    out.push(flags);
    if header_len(version) == 8 {
        out.push(stream as i8 as u8);
    } else {
        out.extend_from_slice(&stream.to_be_bytes());
    }
    out.push(opcode);
    out.extend_from_slice(&(len as u32).to_be_bytes());
}

/// A body compression agreed in STARTUP.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    Lz4,
    Snappy,
}

impl Compression {
    /// The STARTUP option's value (case-insensitive, as Cassandra read it).
    pub fn parse(name: &str) -> Option<Compression> {
        match name.to_ascii_lowercase().as_str() {
            "lz4" => Some(Compression::Lz4),
            "snappy" => Some(Compression::Snappy),
            _ => None,
        }
    }

    pub fn compress(self, body: &[u8]) -> Vec<u8> {
        match self {
            // The uncompressed length as a big-endian [int], then the block.
            Compression::Lz4 => {
                let mut out = (body.len() as u32).to_be_bytes().to_vec();
                out.extend_from_slice(&lz4_flex::block::compress(body));
                out
            }
            Compression::Snappy => snap::raw::Encoder::new()
                .compress_vec(body)
                .unwrap_or_else(|_| body.to_vec()),
        }
    }

    /// The size `body` announces it inflates to (`None`: it announces
    /// nothing readable).
    pub fn inflated_len(self, body: &[u8]) -> Option<usize> {
        match self {
            Compression::Lz4 => body
                .get(..4)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as usize),
            Compression::Snappy => snap::raw::decompress_len(body).ok(),
        }
    }

    /// Inflates `body`, refusing anything that would inflate beyond `max`
    /// bytes before allocating for it.
    pub fn decompress(self, body: &[u8], max: usize) -> Result<Vec<u8>, DecodeError> {
        let too_big = |n: usize| {
            DecodeError(format!(
                "Compressed body inflates to {n} bytes, over the frame limit of {max}"
            ))
        };
        match self {
            Compression::Lz4 => {
                if body.len() < 4 {
                    return Err(DecodeError("Truncated lz4 body".into()));
                }
                let n = u32::from_be_bytes([body[0], body[1], body[2], body[3]]) as usize;
                if n > max {
                    return Err(too_big(n));
                }
                lz4_flex::block::decompress(&body[4..], n)
                    .map_err(|e| DecodeError(format!("Bad lz4 body: {e}")))
            }
            Compression::Snappy => {
                let n = snap::raw::decompress_len(body)
                    .map_err(|e| DecodeError(format!("Bad snappy body: {e}")))?;
                if n > max {
                    return Err(too_big(n));
                }
                snap::raw::Decoder::new()
                    .decompress_vec(body)
                    .map_err(|e| DecodeError(format!("Bad snappy body: {e}")))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_of_each_layout() {
        let v2 = encode(2, 0, -1, op::EVENT, b"ab");
        assert_eq!(v2[..4], [0x82, 0, 0xff, op::EVENT]);
        let h = Header::parse(&v2[..8]);
        assert_eq!((h.version, h.stream, h.length), (2, -1, 2));
        let v4 = encode(4, FLAG_WARNING, 300, op::RESULT, b"");
        assert_eq!(v4.len(), 9);
        let h = Header::parse(&v4);
        assert_eq!(
            (h.version, h.flags, h.stream, h.opcode),
            (4, FLAG_WARNING, 300, op::RESULT)
        );
        assert!(Header::is_response(v4[0]));
    }

    /// The words recorded from each release's node (`conformance/releases/probe/`).
    #[test]
    fn three_x_refuses_versions_in_its_own_words() {
        let words =
            |v: &str, version: u8| release_version_error(Release::find(v), version).map(|e| e.0);
        assert_eq!(words("3.0.24", 3), None);
        assert_eq!(
            words("3.0.24", 2).unwrap(),
            "Invalid or unsupported protocol version (2); the lowest supported version is 3 and the greatest is 4"
        );
        assert_eq!(
            words("3.11.10", 1).unwrap(),
            "Invalid or unsupported protocol version (1); supported versions are (3/v3, 4/v4, 5/v5-beta)"
        );
        assert_eq!(
            words("3.11.10", 5).unwrap(),
            "Beta version of the protocol used (5/v5-beta), but USE_BETA flag is unset"
        );
        assert_eq!(
            words("2.2.19", 5).unwrap(),
            "Invalid or unsupported protocol version (5); highest supported is 4 "
        );
    }

    #[test]
    fn compression_round_trips_and_bounds_inflation() {
        let body = b"SELECT * FROM t WHERE k = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'".repeat(20);
        for c in [Compression::Lz4, Compression::Snappy] {
            let z = c.compress(&body);
            assert!(z.len() < body.len());
            assert_eq!(c.decompress(&z, 1 << 20).unwrap(), body);
            assert!(c.decompress(&z, 100).is_err(), "{c:?} over the limit");
            assert!(c.decompress(&z[..z.len() / 2], 1 << 20).is_err());
        }
        // An lz4 body announcing 4 GiB is refused before allocating.
        assert!(Compression::Lz4
            .decompress(&[0xff, 0xff, 0xff, 0xff, 0], 1 << 20)
            .is_err());
    }
}
