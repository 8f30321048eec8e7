//! Cuts one direction of a Thrift connection into whole messages as its
//! bytes pass, for the record: the framing is told from the first bytes
//! ([`crate::thrift::transport::classify`], the server's own rule, after its
//! check for other protocols' openings), a framed
//! message ends where its length says and an unframed one where the
//! server's resumable [`Scanner`] says. Owns only where messages end; it
//! never changes, holds back or reorders the bytes the proxy passes on (it
//! sees a copy), and it buffers at most one message (up to `max` bytes).

use crate::thrift::transport::classify;
use crate::thrift::transport::foreign::{identify, DECIDING_BYTES};
use crate::thrift::wire::scan::{Scan, Scanner};
use crate::thrift::wire::{Framing, Reader};

/// Why a stream can no longer be cut (its bytes still pass unchanged).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CutError {
    #[error("not a Thrift binary-protocol stream: {0}")]
    NotThrift(String),
    #[error("a message of more than {max} bytes")]
    TooLarge { max: usize },
}

/// One whole message as it was on the wire (a framed one with its length).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cut {
    pub bytes: Vec<u8>,
    pub framed: bool,
}

impl Cut {
    /// The message without its frame length.
    pub fn message(&self) -> &[u8] {
        if self.framed {
            &self.bytes[4..]
        } else {
            &self.bytes
        }
    }

    /// The method name of its header, or `?` when it has none readable.
    pub fn method(&self) -> String {
        Reader::new(self.message())
            .message_header()
            .map(|h| h.name)
            .unwrap_or_else(|_| "?".into())
    }
}

/// The state of one direction.
pub struct Cutter {
    framing: Option<Framing>,
    buf: Vec<u8>,
    scanner: Scanner,
    max: usize,
}

impl Cutter {
    pub fn new(max: usize) -> Self {
        Cutter {
            framing: None,
            buf: Vec::new(),
            scanner: Scanner::new(),
            max,
        }
    }

    /// A cutter for a stream whose framing is already known (a replay
    /// reading its target's replies).
    pub fn with_framing(framing: Framing, max: usize) -> Self {
        Cutter {
            framing: Some(framing),
            ..Cutter::new(max)
        }
    }

    /// Takes the next bytes of the stream and appends every message they
    /// complete to `out`.
    pub fn feed(&mut self, bytes: &[u8], out: &mut Vec<Cut>) -> Result<(), CutError> {
        self.buf.extend_from_slice(bytes);
        loop {
            let framing = match self.framing {
                Some(f) => f,
                None if self.buf.len() < DECIDING_BYTES => return Ok(()),
                None if identify(&self.buf[..DECIDING_BYTES], self.max).is_some() => {
                    let what = identify(&self.buf[..DECIDING_BYTES], self.max);
                    return Err(CutError::NotThrift(
                        what.map(|f| f.to_string()).unwrap_or_default(),
                    ));
                }
                None => match classify(&self.buf) {
                    Ok(Some(f)) => *self.framing.insert(f),
                    Ok(None) => return Ok(()),
                    Err(e) => return Err(CutError::NotThrift(e.to_string())),
                },
            };
            let end = match framing {
                Framing::Framed => {
                    let Some(head) = self.buf.get(..4) else {
                        return Ok(());
                    };
                    let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
                    if len > self.max {
                        return Err(CutError::TooLarge { max: self.max });
                    }
                    if self.buf.len() < 4 + len {
                        return Ok(());
                    }
                    4 + len
                }
                Framing::Unframed => match self.scanner.advance(&self.buf) {
                    Scan::Complete(n) if n > self.max => {
                        return Err(CutError::TooLarge { max: self.max })
                    }
                    Scan::Complete(n) => {
                        self.scanner = Scanner::new();
                        n
                    }
                    Scan::NeedMore(n) if n > self.max || self.buf.len() > self.max => {
                        return Err(CutError::TooLarge { max: self.max })
                    }
                    Scan::NeedMore(_) => return Ok(()),
                    Scan::Invalid(why) => return Err(CutError::NotThrift(why)),
                },
            };
            let rest = self.buf.split_off(end);
            let bytes = std::mem::replace(&mut self.buf, rest);
            out.push(Cut {
                bytes,
                framed: framing == Framing::Framed,
            });
        }
    }

    /// Bytes of an incomplete message held.
    pub fn pending(&self) -> usize {
        self.buf.len()
    }
}

#[cfg(test)]
#[path = "cut_tests.rs"]
mod tests;
