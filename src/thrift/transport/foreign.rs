//! Recognises the first bytes of a connection that speaks some other
//! protocol than Thrift (a CQL native-protocol driver, an HTTP client, a TLS
//! handshake), so the server can say what it saw instead of logging a
//! nonsense message length, and close the connection.
//!
//! Only byte patterns that no Thrift client can send are recognised: read as
//! Thrift, each is either refused outright (a bad version word) or announces
//! a message over the size limit (an HTTP verb read as a method-name length
//! is over a gigabyte). The CQL v1/v2 header looks like the length word of
//! a framed message of 16 MiB or more, so it is recognised only when that
//! length is over the server's maximum (the message would be refused anyway).
//! This module never reads more than the first bytes and never answers CQL
//! clients (a driver would retry with other protocol versions).

use std::fmt;

/// What a connection's first bytes looked like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Foreign {
    /// A CQL native-protocol request (driver to server) of this version,
    /// with the opcode's name.
    CqlRequest { version: u8, opcode: &'static str },
    /// A CQL native-protocol response (server to client) of this version:
    /// something connected a server or proxy to this port.
    CqlResponse { version: u8 },
    /// An HTTP request with this method.
    Http { method: &'static str },
    /// The HTTP/2 connection preface.
    Http2,
    /// A TLS handshake record (a client configured for SSL).
    Tls,
}

impl Foreign {
    /// Whether a short plain-text reply helps the peer: an HTTP client
    /// shows it (curl, a browser); every other protocol would not parse it.
    pub fn wants_http_reply(&self) -> bool {
        matches!(self, Foreign::Http { .. })
    }
}

impl fmt::Display for Foreign {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Foreign::CqlRequest { version, opcode } => {
                write!(f, "a CQL native protocol v{version} client ({opcode})")
            }
            Foreign::CqlResponse { version } => {
                write!(f, "a CQL native protocol v{version} response")
            }
            Foreign::Http { method } => write!(f, "an HTTP {method} request"),
            Foreign::Http2 => f.write_str("an HTTP/2 client"),
            Foreign::Tls => f.write_str("a TLS handshake (a client configured for SSL)"),
        }
    }
}

/// Bytes needed to decide: the longest verb with its space, or a CQL v3+
/// header up to its opcode.
pub const DECIDING_BYTES: usize = 8;

/// Native-protocol request opcodes (v1 to v5).
fn cql_request_opcode(op: u8) -> Option<&'static str> {
    Some(match op {
        0x01 => "STARTUP",
        0x04 => "CREDENTIALS",
        0x05 => "OPTIONS",
        0x07 => "QUERY",
        0x09 => "PREPARE",
        0x0A => "EXECUTE",
        0x0B => "REGISTER",
        0x0D => "BATCH",
        0x0F => "AUTH_RESPONSE",
        _ => return None,
    })
}

const HTTP_METHODS: &[&str] = &[
    "GET", "POST", "HEAD", "PUT", "DELETE", "OPTIONS", "PATCH", "TRACE", "CONNECT",
];

/// What `first` (a connection's first bytes) is, when it is recognisably
/// not Thrift; `None` when it may be Thrift or too few bytes have come.
/// `max_message` is the largest Thrift message the server accepts.
pub fn identify(first: &[u8], max_message: usize) -> Option<Foreign> {
    if first.starts_with(b"PRI * HTTP/2") {
        return Some(Foreign::Http2);
    }
    for method in HTTP_METHODS {
        let m = method.as_bytes();
        if first.len() > m.len() && first.starts_with(m) && first[m.len()] == b' ' {
            return Some(Foreign::Http { method });
        }
    }
    if first.len() < 5 {
        return None;
    }
    // TLS: a handshake record (22) of version 3.x.
    if first[0] == 0x16 && first[1] == 0x03 && first[2] <= 0x04 {
        return Some(Foreign::Tls);
    }
    let version = first[0] & 0x7f;
    if !(1..=5).contains(&version) {
        return None;
    }
    if first[0] & 0x80 != 0 {
        // A response (0x81 to 0x85); Thrift's strict version word starts 0x80.
        return Some(Foreign::CqlResponse { version });
    }
    if version >= 3 {
        // version, flags, two stream bytes, opcode: read as Thrift, an
        // unframed method name of at least 48 MiB.
        let opcode = cql_request_opcode(first[4])?;
        return Some(Foreign::CqlRequest { version, opcode });
    }
    // v1/v2: version, flags, one stream byte, opcode, then a body length
    // whose high byte is 0, like a framed message's. Recognised only where
    // Thrift would refuse the frame's length anyway.
    let opcode = cql_request_opcode(first[3])?;
    let frame = u32::from_be_bytes([first[0], first[1], first[2], first[3]]) as u64;
    (first[4] == 0 && frame > max_message as u64).then_some(Foreign::CqlRequest { version, opcode })
}

/// The reply to an HTTP client: a 400 with a line a person can read.
pub fn http_reply() -> &'static [u8] {
    b"HTTP/1.0 400 Bad Request\r\n\
      Content-Type: text/plain; charset=utf-8\r\n\
      Connection: close\r\n\
      \r\n\
      This is a Cassandra Thrift port (supercolumn): it serves only the Thrift RPC API \
      (0.6 and 0.7-2.x clients), not HTTP.\n"
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::transport::{classify, frame_reply};
    use crate::thrift::wire::Framing;
    use crate::thrift::wire::{mtype, Writer};

    const MAX: usize = 16 * 1024 * 1024;

    #[test]
    fn cql_native_headers() {
        // v4 OPTIONS, stream 0, empty body.
        let v4 = [0x04, 0, 0, 0, 0x05, 0, 0, 0, 0];
        assert_eq!(
            identify(&v4, MAX),
            Some(Foreign::CqlRequest {
                version: 4,
                opcode: "OPTIONS"
            })
        );
        // v5 STARTUP with the beta flag.
        let v5 = [0x05, 0x10, 0, 1, 0x01, 0, 0, 0, 22];
        assert_eq!(
            identify(&v5, MAX).map(|f| f.to_string()).as_deref(),
            Some("a CQL native protocol v5 client (STARTUP)")
        );
        // v1/v2 STARTUP with a 22-byte body: a frame "length" of 16 MiB + 1.
        let v2 = [0x02, 0, 0, 0x01, 0, 0, 0, 22];
        assert_eq!(
            identify(&v2, MAX),
            Some(Foreign::CqlRequest {
                version: 2,
                opcode: "STARTUP"
            })
        );
        // ...unless the server accepts messages that long.
        assert_eq!(identify(&v2, 64 * 1024 * 1024), None);
        assert_eq!(
            identify(&[0x84, 0, 0, 0, 0x06, 0, 0, 0, 0], MAX),
            Some(Foreign::CqlResponse { version: 4 })
        );
        // A v4 header with an unknown opcode is left to Thrift.
        assert_eq!(identify(&[0x04, 0, 0, 0, 0x63, 0, 0, 0, 0], MAX), None);
    }

    #[test]
    fn http_and_tls() {
        for (bytes, method) in [
            (&b"GET / HTTP/1.1\r\n"[..], "GET"),
            (b"POST /x HTTP/1.1", "POST"),
            (b"HEAD / HTTP/1.0", "HEAD"),
            (b"PUT /a HTTP/1.1", "PUT"),
            (b"OPTIONS * HTTP/1.1", "OPTIONS"),
            (b"DELETE /", "DELETE"),
        ] {
            assert_eq!(identify(bytes, MAX), Some(Foreign::Http { method }));
        }
        assert_eq!(identify(b"GET", MAX), None, "too few bytes to tell yet");
        assert_eq!(
            identify(b"PRI * HTTP/2.0\r\n\r\nSM", MAX),
            Some(Foreign::Http2)
        );
        assert_eq!(
            identify(&[0x16, 0x03, 0x01, 0x02, 0x00, 0x01], MAX),
            Some(Foreign::Tls)
        );
        assert!(Foreign::Http { method: "GET" }.wants_http_reply());
        assert!(!Foreign::Tls.wants_http_reply());
    }

    /// Every message shape a Thrift client sends, at every prefix length,
    /// is left alone.
    #[test]
    fn thrift_is_never_mistaken() {
        let mut strict = Writer::new();
        strict.message_header("describe_version", mtype::CALL, 1);
        strict.stop();
        let mut old = Writer::new();
        old.bytes(b"get_slice");
        old.buf.push(mtype::CALL);
        old.buf.extend_from_slice(&1i32.to_be_bytes());
        old.stop();
        // Method names that start like HTTP verbs.
        let mut verbish = Writer::new();
        verbish.bytes(b"GET ");
        verbish.buf.push(mtype::CALL);
        verbish.buf.extend_from_slice(&1i32.to_be_bytes());
        let messages = [strict.buf, old.buf, verbish.buf];
        for msg in messages {
            for bytes in [
                msg.clone(),
                frame_reply(Framing::Framed, msg.clone()),
                // The largest frames a default server accepts.
                {
                    let mut f = frame_reply(Framing::Framed, msg.clone());
                    f[..4].copy_from_slice(&(MAX as u32).to_be_bytes());
                    f
                },
            ] {
                assert!(classify(&bytes).is_ok());
                for end in 0..=bytes.len() {
                    assert_eq!(identify(&bytes[..end], MAX), None, "{:?}", &bytes[..end]);
                }
            }
        }
    }
}
