//! One request frame in, one response out: decompress, skip a v4 custom
//! payload, decode the message ([`decode`]), check the connection may send
//! it, run it ([`run`]), and turn any error into an ERROR message (through
//! `error`, the one mapping). Also what this node claims to be on each
//! protocol version.
//!
//! Runs wherever the server puts it: on the tokio worker that read the
//! frame when [`super::route`] says it cannot wait, else on the blocking
//! pool. It must not touch the socket.

use super::codec::Reader;
use super::conn::{self, ConnState};
use super::error::{NativeError, NativeResult};
use super::frame::{op, FLAG_COMPRESSED, FLAG_CUSTOM_PAYLOAD};
use super::query::{self, Ctx};
use super::request::{self, Request};
use crate::cql::exec::LocalFacts;
use crate::node::Node;
use md5::{Digest, Md5};
use parking_lot::Mutex;
use std::net::IpAddr;
use std::sync::OnceLock;

/// The release a server speaking `version` claims in `system.local`: the
/// Cassandra release line that introduced that protocol version (1.2: v1,
/// 2.0: v2, 2.1: v3, 2.2: v4), all before 3.0, so that drivers read the
/// schema from the 1.2-2.x tables (`system.schema_*`) this server serves.
pub fn claimed_release(version: u8) -> &'static str {
    match version {
        1 => "1.2.9",
        2 => "2.0.17",
        3 => "2.1.22",
        _ => "2.2.19",
    }
}

/// `system.local`'s facts for a connection speaking `version`, reached at `ip`.
pub fn local_facts(node: &Node, version: u8, ip: IpAddr) -> LocalFacts {
    // A stable id: the same node (address and token) keeps it across restarts.
    let host_id: [u8; 16] = Md5::digest(format!("{}/{}", node.endpoint, node.token)).into();
    LocalFacts {
        release_version: claimed_release(version).to_string(),
        native_protocol_version: version.to_string(),
        tokens: vec![node.token.clone()],
        address: Some(ip),
        host_id: Some(host_id),
    }
}

/// A response to send: opcode, body, warnings (v4).
pub struct Response {
    pub opcode: u8,
    pub body: Vec<u8>,
    pub warnings: Vec<String>,
}

impl Response {
    pub fn error(e: &NativeError) -> Response {
        Response {
            opcode: op::ERROR,
            body: e.body(),
            warnings: Vec::new(),
        }
    }
}

/// What a connection shares with its requests.
pub struct Shared {
    pub state: Mutex<ConnState>,
    /// The address the client reached this server at.
    pub local_ip: IpAddr,
    /// The largest body accepted, compressed or not.
    pub max_frame_bytes: usize,
    /// `system.local`'s facts for this connection, made once its version
    /// is known (they cost a digest and some strings; every statement
    /// wants them).
    pub local: OnceLock<(u8, LocalFacts)>,
}

impl Shared {
    pub fn new(local_ip: IpAddr, max_frame_bytes: usize) -> Shared {
        Shared {
            state: Mutex::new(ConnState::new(0)),
            local_ip,
            max_frame_bytes,
            local: OnceLock::new(),
        }
    }

    fn local_facts(&self, node: &Node, version: u8) -> LocalFacts {
        match self
            .local
            .get_or_init(|| (version, local_facts(node, version, self.local_ip)))
        {
            (v, facts) if *v == version => facts.clone(),
            _ => local_facts(node, version, self.local_ip),
        }
    }
}

/// Answers one request frame not decoded yet (see [`decode`] and [`run`]).
pub fn answer(node: &Node, shared: &Shared, flags: u8, opcode: u8, body: &[u8]) -> Response {
    match decode(shared, flags, body, opcode, shared.max_frame_bytes) {
        Ok(req) => run(node, shared, opcode, &req),
        Err(e) => Response::error(&e),
    }
}

/// A compressed body's size once inflated (as announced; `None` when it
/// announces nothing readable: decoding will say why).
pub fn inflated_len(shared: &Shared, flags: u8, body: &[u8]) -> Option<usize> {
    if flags & FLAG_COMPRESSED == 0 {
        return Some(body.len());
    }
    shared.state.lock().compression?.inflated_len(body)
}

/// Decodes a request frame's body: inflated (up to `max_inflated` bytes),
/// its v4 custom payload skipped, the message read.
pub fn decode(
    shared: &Shared,
    flags: u8,
    body: &[u8],
    opcode: u8,
    max_inflated: usize,
) -> NativeResult<Request> {
    let (version, compression) = {
        let s = shared.state.lock();
        (s.version, s.compression)
    };
    let inflated;
    let body = if flags & FLAG_COMPRESSED != 0 {
        let c = compression.ok_or_else(|| {
            NativeError::Protocol(
                "Received a compressed frame but no compression was agreed in STARTUP".into(),
            )
        })?;
        inflated = c.decompress(body, max_inflated)?;
        &inflated[..]
    } else {
        body
    };
    let mut message = body;
    if flags & FLAG_CUSTOM_PAYLOAD != 0 && version >= 4 {
        // A [bytes map] for a custom query handler; this server has none.
        let mut r = Reader::new(body);
        let n = r.count(6)?;
        for _ in 0..n {
            r.string()?;
            r.bytes()?;
        }
        message = &body[body.len() - r.remaining()..];
    }
    Ok(request::decode(version, opcode, message)?)
}

/// Runs a decoded request; errors become ERROR responses.
pub fn run(node: &Node, shared: &Shared, opcode: u8, req: &Request) -> Response {
    match execute(node, shared, opcode, req) {
        Ok(r) => r,
        Err(e) => Response::error(&e),
    }
}

fn execute(node: &Node, shared: &Shared, opcode: u8, req: &Request) -> NativeResult<Response> {
    let version = shared.state.lock().version;
    let simple = |(opcode, body): conn::Reply| Response {
        opcode,
        body,
        warnings: Vec::new(),
    };
    let local = shared.local_facts(node, version);
    let ctx = Ctx {
        node,
        version,
        local: &local,
        state: &shared.state,
    };
    let result = |(body, warnings): query::Answer| Response {
        opcode: op::RESULT,
        body,
        warnings,
    };
    Ok(match req {
        Request::Options => simple(conn::supported()),
        Request::Startup(options) => {
            simple(conn::startup(node, &mut shared.state.lock(), options)?)
        }
        Request::Credentials(c) => simple(conn::credentials(node, &mut shared.state.lock(), c)?),
        Request::AuthResponse(token) => simple(conn::auth_response(
            node,
            &mut shared.state.lock(),
            token.as_deref(),
        )?),
        Request::Register(types) => simple(conn::register(&mut shared.state.lock(), types)?),
        other => {
            shared.state.lock().require_ready(opcode)?;
            match other {
                Request::Query { query, params } => result(query::query(&ctx, query, params)?),
                Request::Prepare(text) => result(query::prepare(&ctx, text)?),
                Request::Execute { id, params } => result(query::execute(&ctx, id, params)?),
                Request::Batch(b) => result(query::batch(&ctx, b)?),
                _ => unreachable!("handled above"),
            }
        }
    })
}

/// Whether the response to a request with `opcode` is compressed: once
/// agreed, everything but the answer to STARTUP itself (the client turns
/// compression on when that answer arrives).
pub fn compresses(state: &ConnState, opcode: u8) -> bool {
    state.compression.is_some() && opcode != op::STARTUP
}
