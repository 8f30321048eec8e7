//! A minimal HTTP/1.1 client for the admin surface: one request per
//! connection (`Connection: close`), optional Basic credentials, the whole
//! answer read into memory, and the escaping of query-string values.
//! Enough for nodetool and the tests; not a general client (no TLS, no
//! redirects, no chunked request bodies). It says so when what answers is
//! not the admin surface at all.

use base64::Engine as _;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

/// Where the admin surface is and who is asking.
#[derive(Clone, Debug)]
pub struct Endpoint {
    pub host: String,
    pub port: u16,
    /// Username and password for HTTP Basic, when the server requires a login.
    pub credentials: Option<(String, String)>,
    /// How long to wait for a connection and for each read.
    pub timeout: Duration,
}

/// An answer: status, content type and body.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    pub content_type: String,
    pub body: Vec<u8>,
}

impl Answer {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Result<serde_json::Value, String> {
        serde_json::from_slice(&self.body).map_err(|e| format!("the answer is not JSON: {e}"))
    }
}

impl Endpoint {
    pub fn new(host: &str, port: u16) -> Endpoint {
        Endpoint {
            host: host.to_string(),
            port,
            credentials: None,
            timeout: Duration::from_secs(600),
        }
    }

    pub fn get(&self, path: &str) -> Result<Answer, String> {
        self.request("GET", path, None)
    }

    pub fn post(&self, path: &str, json: &serde_json::Value) -> Result<Answer, String> {
        self.request("POST", path, Some(json.to_string().as_bytes()))
    }

    pub fn delete(&self, path: &str) -> Result<Answer, String> {
        self.request("DELETE", path, None)
    }

    /// Sends one request (`path` with its query string) and reads the answer.
    pub fn request(&self, method: &str, path: &str, body: Option<&[u8]>) -> Result<Answer, String> {
        let addr = format!("{}:{}", self.host, self.port);
        // nodetool 1.2's words when nothing listens there.
        let refused = |e: std::io::Error| format!("Failed to connect to '{addr}': {e}");
        let mut stream = TcpStream::connect((self.host.as_str(), self.port)).map_err(refused)?;
        let cannot = |e: std::io::Error| format!("cannot talk to the admin surface at {addr}: {e}");
        stream
            .set_read_timeout(Some(self.timeout))
            .map_err(cannot)?;
        let body = body.unwrap_or_default();
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
             Content-Length: {}\r\n",
            body.len()
        );
        if !body.is_empty() {
            head.push_str("Content-Type: application/json\r\n");
        }
        if let Some((user, password)) = &self.credentials {
            let token =
                base64::engine::general_purpose::STANDARD.encode(format!("{user}:{password}"));
            head.push_str(&format!("Authorization: Basic {token}\r\n"));
        }
        head.push_str("\r\n");
        stream.write_all(head.as_bytes()).map_err(cannot)?;
        stream.write_all(body).map_err(cannot)?;
        let mut raw = Vec::new();
        if let Err(e) = stream.read_to_end(&mut raw) {
            // A port that is not HTTP may drop the connection on our request.
            use std::io::ErrorKind::{ConnectionAborted, ConnectionReset};
            if !matches!(e.kind(), ConnectionReset | ConnectionAborted) {
                return Err(cannot(e));
            }
        }
        parse_answer(&raw).ok_or_else(|| not_the_surface(&addr, &raw))
    }
}

/// Why what answered at `addr` is not the admin surface: most often a
/// Cassandra node's JMX port (7199 too), which speaks Java RMI, not HTTP.
fn not_the_surface(addr: &str, raw: &[u8]) -> String {
    let got = if raw.is_empty() {
        "it closed the connection without an answer".to_string()
    } else if raw.starts_with(b"HTTP/") {
        "its HTTP answer could not be read".to_string()
    } else {
        format!("it answered {} bytes that are not HTTP", raw.len())
    };
    format!(
        "what listens at {addr} is not supercolumn's admin surface: {got} (a Cassandra \
         node's JMX port speaks Java RMI, not HTTP). Give the admin surface's port with -p \
         (supercolumn serve prints `supercolumn admin on HOST:PORT` at start)"
    )
}

fn parse_answer(raw: &[u8]) -> Option<Answer> {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = std::str::from_utf8(&raw[..end]).ok()?;
    let mut lines = head.split("\r\n");
    let status = lines.next()?.split(' ').nth(1)?.parse().ok()?;
    let mut content_type = String::new();
    let mut length = None;
    for line in lines {
        let (name, value) = line.split_once(':')?;
        if name.eq_ignore_ascii_case("content-type") {
            content_type = value.trim().to_string();
        } else if name.eq_ignore_ascii_case("content-length") {
            length = value.trim().parse::<usize>().ok();
        }
    }
    let mut body = raw[end + 4..].to_vec();
    if let Some(n) = length {
        body.truncate(n);
    }
    Some(Answer {
        status,
        content_type,
        body,
    })
}

/// Percent-escapes a query-string value.
pub(super) fn query_escape(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::parse_answer;

    #[test]
    fn answers_are_parsed() {
        let a = parse_answer(
            b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}xx",
        )
        .unwrap();
        assert_eq!(
            (a.status, a.content_type.as_str(), a.body.as_slice()),
            (404, "application/json", &b"{}"[..])
        );
        assert!(parse_answer(b"garbage").is_none());
    }

    #[test]
    fn what_is_not_the_surface_is_named() {
        let e = super::not_the_surface("127.0.0.1:7199", b"N\x00\x09");
        assert!(e.contains("not supercolumn's admin surface"), "{e}");
        assert!(
            e.contains("3 bytes that are not HTTP") && e.contains("RMI"),
            "{e}"
        );
        let e = super::not_the_surface("127.0.0.1:7199", b"");
        assert!(e.contains("closed the connection"), "{e}");
    }
}
