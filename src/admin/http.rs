//! The admin surface's request and response types, independent of the HTTP
//! library underneath, and the one place where an [`AdminError`] becomes a
//! status and a JSON body (`{"error": "why"}`).

use crate::node::NodeError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::net::SocketAddr;

/// The HTTP methods the surface routes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    pub fn parse(name: &str) -> Option<Method> {
        Some(match name {
            "GET" | "HEAD" => Method::Get,
            "POST" => Method::Post,
            "PUT" => Method::Put,
            "DELETE" => Method::Delete,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// One request, read whole.
#[derive(Debug)]
pub struct Request {
    pub method: Method,
    /// The path without the query string, e.g. `/metrics`.
    pub path: String,
    /// The query string's pairs, percent-decoded, in order.
    pub query: Vec<(String, String)>,
    pub body: Vec<u8>,
    pub peer: SocketAddr,
    /// The authenticated user, when the authenticator names one.
    pub user: Option<String>,
}

impl Request {
    /// The first value of query parameter `name`.
    pub fn param(&self, name: &str) -> Option<&str> {
        self.query
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON of type `T`; an empty body reads as `{}`.
    pub fn json<T: DeserializeOwned>(&self) -> Result<T, AdminError> {
        let body: &[u8] = if self.body.iter().all(u8::is_ascii_whitespace) {
            b"{}"
        } else {
            &self.body
        };
        serde_json::from_slice(body)
            .map_err(|e| AdminError::BadRequest(format!("invalid JSON body: {e}")))
    }
}

/// One response.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub content_type: &'static str,
    pub body: Vec<u8>,
    /// Extra headers (e.g. `WWW-Authenticate`, `Allow`).
    pub headers: Vec<(&'static str, String)>,
}

pub const JSON: &str = "application/json";
/// The Prometheus text exposition format, version 0.0.4.
pub const PROMETHEUS: &str = "text/plain; version=0.0.4; charset=utf-8";
pub const TEXT: &str = "text/plain; charset=utf-8";

impl Response {
    /// 200 with `value` as JSON.
    pub fn json<T: Serialize + ?Sized>(value: &T) -> Response {
        Response::json_status(200, value)
    }

    pub fn json_status<T: Serialize + ?Sized>(status: u16, value: &T) -> Response {
        match serde_json::to_vec(value) {
            Ok(body) => Response {
                status,
                content_type: JSON,
                body,
                headers: Vec::new(),
            },
            Err(e) => AdminError::Internal(format!("cannot encode the answer: {e}")).into(),
        }
    }

    /// 200 with a body of the given content type.
    pub fn body(content_type: &'static str, body: impl Into<Vec<u8>>) -> Response {
        Response {
            status: 200,
            content_type,
            body: body.into(),
            headers: Vec::new(),
        }
    }

    /// 200 with `{"ok": true}` (for actions with nothing else to say).
    pub fn ok() -> Response {
        Response::json(&serde_json::json!({ "ok": true }))
    }
}

/// Why a request failed; each variant has one HTTP status.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    #[error("{0}")]
    BadRequest(String),
    /// No or wrong credentials (401, with a Basic challenge).
    #[error("{0}")]
    Unauthenticated(String),
    /// Valid credentials of a user not allowed to use the surface (403).
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    /// The path exists with other methods (405, with `Allow`).
    #[error("method {method} is not allowed on {path} (allowed: {allowed})")]
    MethodNotAllowed {
        method: String,
        path: String,
        allowed: String,
    },
    /// The request did not arrive within the read timeout (408).
    #[error("{0}")]
    Timeout(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    /// The request is valid but cannot be done in the node's state (409).
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    Internal(String),
}

impl AdminError {
    pub fn status(&self) -> u16 {
        match self {
            AdminError::BadRequest(_) => 400,
            AdminError::Unauthenticated(_) => 401,
            AdminError::Forbidden(_) => 403,
            AdminError::NotFound(_) => 404,
            AdminError::MethodNotAllowed { .. } => 405,
            AdminError::Timeout(_) => 408,
            AdminError::Conflict(_) => 409,
            AdminError::PayloadTooLarge(_) => 413,
            AdminError::Internal(_) => 500,
        }
    }
}

impl From<NodeError> for AdminError {
    fn from(e: NodeError) -> Self {
        match e {
            NodeError::Invalid(why) => AdminError::BadRequest(why),
            other => AdminError::Internal(other.to_string()),
        }
    }
}

impl From<AdminError> for Response {
    fn from(e: AdminError) -> Response {
        let mut headers = Vec::new();
        match &e {
            AdminError::Unauthenticated(_) => {
                headers.push((
                    "WWW-Authenticate",
                    "Basic realm=\"supercolumn\"".to_string(),
                ));
            }
            AdminError::MethodNotAllowed { allowed, .. } => {
                headers.push(("Allow", allowed.clone()));
            }
            _ => {}
        }
        // What failed inside names the server's files (a data directory, an
        // SSTable): for its log, not for the client.
        let said = match &e {
            AdminError::Internal(detail) => {
                tracing::error!(%detail, "admin request failed");
                "internal error (the server's log says why)".to_string()
            }
            other => other.to_string(),
        };
        let body = serde_json::json!({ "error": said });
        Response {
            status: e.status(),
            content_type: JSON,
            body: serde_json::to_vec(&body).unwrap_or_default(),
            headers,
        }
    }
}

/// Splits and percent-decodes a query string (`a=1&b=x%20y`; `+` is a space).
pub fn parse_query(query: &str) -> Vec<(String, String)> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                match std::str::from_utf8(&bytes[i + 1..i + 3])
                    .ok()
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    Some(b) => {
                        out.push(b);
                        i += 3;
                        continue;
                    }
                    None => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_strings_are_decoded() {
        assert_eq!(
            parse_query("keyspace=Keyspace1&tag=a%20b+c&flag&bad=%zz&end=%4"),
            vec![
                ("keyspace".into(), "Keyspace1".into()),
                ("tag".into(), "a b c".into()),
                ("flag".into(), "".into()),
                ("bad".into(), "%zz".into()),
                ("end".into(), "%4".into()),
            ]
        );
    }

    #[test]
    fn errors_have_their_status_and_a_json_body() {
        let r: Response = AdminError::Unauthenticated("who?".into()).into();
        assert_eq!(r.status, 401);
        assert!(r.headers.iter().any(|(h, _)| *h == "WWW-Authenticate"));
        let body: serde_json::Value = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(body["error"], "who?");
        let r: Response = AdminError::MethodNotAllowed {
            method: "PUT".into(),
            path: "/x".into(),
            allowed: "GET".into(),
        }
        .into();
        assert_eq!((r.status, r.headers[0].1.as_str()), (405, "GET"));
    }
}
