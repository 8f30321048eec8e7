//! Cuts one direction of a native-protocol connection into whole frames as
//! its bytes pass, and reads a frame for the record: its header (the
//! server's own [`crate::native::wire::frame`] layouts, 8 bytes in v1 and
//! v2, 9 from v3) and its body inflated when it is compressed. Owns only
//! where frames end and what a frame's body is; like the Thrift
//! [`crate::capture::cut`] it sees a copy of the traffic, never changes or
//! holds back what passes, and buffers at most one frame (up to `max`
//! bytes). A frame's version byte is taken as it comes (a driver's first
//! frame may offer a version the server refuses), so any version below the
//! direction bit is cut with the newest layout it knows.

use crate::native::wire::codec::Reader;
use crate::native::wire::frame::{header_len, op, Compression, Header, FLAG_COMPRESSED};

/// Why a stream can no longer be cut (its bytes still pass unchanged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FrameCutError {
    #[error("not a native-protocol stream: a frame of version byte {0:#04x}")]
    NotNative(u8),
    #[error("a frame of more than {max} bytes")]
    TooLarge { max: usize },
}

/// One whole frame, exactly as it was on the wire.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Frame {
    pub bytes: Vec<u8>,
}

impl Frame {
    pub fn header(&self) -> Header {
        Header::parse(&self.bytes[..header_len(self.bytes[0] & 0x7f)])
    }

    /// The body as on the wire (compressed or not).
    pub fn raw_body(&self) -> &[u8] {
        &self.bytes[header_len(self.bytes[0] & 0x7f)..]
    }

    pub fn compressed(&self) -> bool {
        self.header().flags & FLAG_COMPRESSED != 0
    }

    /// The body inflated with `compression` when the frame is compressed
    /// (`None`: compressed, and no compression known or the body is bad).
    pub fn body(&self, compression: Option<Compression>, max: usize) -> Option<Vec<u8>> {
        if !self.compressed() {
            return Some(self.raw_body().to_vec());
        }
        compression?.decompress(self.raw_body(), max).ok()
    }

    /// The opcode's name.
    pub fn opcode(&self) -> &'static str {
        op::name(self.header().opcode)
    }
}

/// Why `bytes` are not one whole frame: a record read back from a capture
/// file (cut, corrupted or written by hand) is checked before anything
/// reads its header, so a bad one is refused by its position in the file
/// instead of being read past its end.
pub fn check_whole(bytes: &[u8]) -> Result<(), String> {
    let Some(&first) = bytes.first() else {
        return Err("an empty frame".into());
    };
    let version = first & 0x7f;
    if version == 0 {
        return Err(format!("a frame of version byte {first:#04x}"));
    }
    let hl = header_len(version);
    if bytes.len() < hl {
        return Err(format!(
            "a frame of {} bytes, shorter than its {hl}-byte header",
            bytes.len()
        ));
    }
    let length = Header::parse(&bytes[..hl]).length as usize;
    if bytes.len() - hl != length {
        return Err(format!(
            "a frame whose header says {length} bytes of body and has {}",
            bytes.len() - hl
        ));
    }
    Ok(())
}

/// The compression a STARTUP body asks for (`None`: none, or not a STARTUP).
pub fn startup_compression(frame: &Frame) -> Option<Compression> {
    if frame.header().opcode != op::STARTUP || frame.compressed() {
        return None;
    }
    let options = Reader::new(frame.raw_body()).string_map().ok()?;
    options
        .iter()
        .find(|(k, _)| k.eq_ignore_ascii_case("COMPRESSION"))
        .and_then(|(_, v)| Compression::parse(v))
}

/// A frame built anew around `body` with `h`'s header (its length the new
/// body's), compressed with `compression` when `h` says compressed.
pub fn reframe(h: &Header, first_byte: u8, body: &[u8], compression: Option<Compression>) -> Frame {
    let body = match compression {
        Some(c) if h.flags & FLAG_COMPRESSED != 0 => c.compress(body),
        _ => body.to_vec(),
    };
    let mut bytes = Vec::with_capacity(9 + body.len());
    bytes.push(first_byte);
    bytes.push(h.flags);
    if header_len(h.version) == 8 {
        bytes.push(h.stream as i8 as u8);
    } else {
        bytes.extend_from_slice(&h.stream.to_be_bytes());
    }
    bytes.push(h.opcode);
    bytes.extend_from_slice(&(body.len() as u32).to_be_bytes());
    bytes.extend_from_slice(&body);
    Frame { bytes }
}

/// The state of one direction.
pub struct FrameCutter {
    buf: Vec<u8>,
    max: usize,
}

impl FrameCutter {
    pub fn new(max: usize) -> Self {
        FrameCutter {
            buf: Vec::new(),
            max,
        }
    }

    /// Bytes held of a frame not yet whole.
    pub fn pending(&self) -> usize {
        self.buf.len()
    }

    /// Takes the next bytes of the stream and appends every frame they
    /// complete to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Frame>) -> Result<(), FrameCutError> {
        self.buf.extend_from_slice(bytes);
        let mut at = 0;
        while let Some(&first) = self.buf.get(at) {
            let version = first & 0x7f;
            if version == 0 {
                self.buf.clear();
                return Err(FrameCutError::NotNative(first));
            }
            let hl = header_len(version);
            if self.buf.len() - at < hl {
                break;
            }
            let h = Header::parse(&self.buf[at..at + hl]);
            let total = hl + h.length as usize;
            if total > self.max {
                self.buf.clear();
                return Err(FrameCutError::TooLarge { max: self.max });
            }
            if self.buf.len() - at < total {
                break;
            }
            out.push(Frame {
                bytes: self.buf[at..at + total].to_vec(),
            });
            at += total;
        }
        self.buf.drain(..at);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::native::wire::frame::encode;

    #[test]
    fn cuts_frames_of_each_layout_across_reads() {
        let a = encode(2, 0, 5, op::QUERY, b"abc");
        let b = encode(4, 0, 300, op::EXECUTE, &[7u8; 40]);
        let mut all = a.clone();
        all.extend_from_slice(&b);
        let mut c = FrameCutter::new(1 << 20);
        let mut out = Vec::new();
        for chunk in all.chunks(3) {
            c.feed(chunk, &mut out).unwrap();
        }
        assert_eq!(out.len(), 2);
        assert_eq!(out[0].bytes, a);
        assert_eq!(out[1].header().stream, 300);
        assert_eq!(out[1].raw_body(), &[7u8; 40][..]);
        assert_eq!(out[0].opcode(), "QUERY");
    }

    #[test]
    fn refuses_what_is_no_frame_or_too_large() {
        let mut out = Vec::new();
        let mut c = FrameCutter::new(64);
        assert_eq!(
            c.feed(&encode(4, 0, 1, op::QUERY, &[0u8; 100]), &mut out),
            Err(FrameCutError::TooLarge { max: 64 })
        );
        let mut c = FrameCutter::new(64);
        assert_eq!(
            c.feed(&[0, 0, 0, 0, 0, 0, 0, 0, 0], &mut out),
            Err(FrameCutError::NotNative(0))
        );
        assert!(out.is_empty());
    }

    #[test]
    fn only_a_whole_frame_passes_the_check() {
        let f = encode(4, 0, 1, op::QUERY, b"body");
        assert_eq!(check_whole(&f), Ok(()));
        assert_eq!(check_whole(&encode(1, 0, 1, op::QUERY, b"")), Ok(()));
        for cut in 0..f.len() {
            assert!(check_whole(&f[..cut]).is_err(), "cut at {cut}");
        }
        let mut long = f.clone();
        long.push(0);
        assert!(check_whole(&long)
            .unwrap_err()
            .contains("says 4 bytes of body and has 5"));
        assert!(check_whole(&[0x80; 12])
            .unwrap_err()
            .contains("version byte 0x80"));
    }

    #[test]
    fn compressed_bodies_inflate_for_the_record_and_reframe() {
        let mut startup = crate::native::wire::codec::Writer::new();
        startup.short(1).string("COMPRESSION").string("lz4");
        let s = Frame {
            bytes: encode(3, 0, 0, op::STARTUP, &startup.buf),
        };
        let lz4 = startup_compression(&s);
        assert_eq!(lz4, Some(Compression::Lz4));
        let body = b"SELECT * FROM t WHERE k = 'aaaaaaaaaaaaaaaaaaaaaaaa'".repeat(4);
        let f = Frame {
            bytes: encode(
                3,
                FLAG_COMPRESSED,
                9,
                op::QUERY,
                &Compression::Lz4.compress(&body),
            ),
        };
        assert_eq!(f.body(lz4, 1 << 20).as_deref(), Some(&body[..]));
        assert_eq!(f.body(None, 1 << 20), None);
        let again = reframe(&f.header(), f.bytes[0], b"other", lz4);
        assert_eq!(again.header().stream, 9);
        assert_eq!(again.body(lz4, 1 << 20).as_deref(), Some(&b"other"[..]));
    }
}
