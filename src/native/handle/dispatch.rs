//! One request frame in, one response out: decompress, skip a v4 custom
//! payload, decode the message ([`decode`]), check the connection may send
//! it, run it ([`run`]), and turn any error into an ERROR message (through
//! `error`, the one mapping). Also what this node claims to be on each
//! protocol version.
//!
//! Runs wherever the server puts it: on the tokio worker that read the
//! frame when [`crate::native::transport::route`] says it cannot wait, else
//! on the blocking pool. It must not touch the socket.

use super::super::wire::codec::Reader;
use super::super::wire::frame::{op, FLAG_COMPRESSED, FLAG_CUSTOM_PAYLOAD, FLAG_TRACING};
use super::super::wire::request::{self, Request};
use super::batch;
use super::conn::{self, ConnState};
use super::error::{NativeError, NativeResult};
use super::query::{self, Ctx};
use crate::call::{self, Consistency};
use crate::cql::exec::LocalFacts;
use crate::node::Node;
use parking_lot::Mutex;
use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

/// The release a server speaking `version` claims in `system.local`.
/// v1-v3: the release line that introduced the version (1.2, 2.0, 2.1), so
/// drivers read the 1.2-2.x schema tables (`system.schema_*`). v4: 4.0.0,
/// the first release whose DESCRIBE is answered by the server (cqlsh 6
/// sends it only to a node whose release starts with 4) and whose drivers
/// read `system_schema.*` and `system_virtual_schema.*` (python-driver's
/// SchemaParserV4 from "4.0-alpha" on, the Node and Rust drivers likewise);
/// no patch level is claimed beyond the first GA. v5, which 4.0 also
/// speaks, is not offered.
pub fn claimed_release(version: u8) -> &'static str {
    match version {
        1 => "1.2.9",
        2 => "2.0.17",
        3 => "2.1.22",
        _ => "4.0.0",
    }
}

/// The release a gateway's cluster says it is, which its native side
/// claims to a client speaking v3 or later (as the cluster's own nodes
/// would); v1 and v2, which 3.x and later no longer speak, keep the claim
/// whose schema tables the gateway serves them (`claimed_release`).
fn cluster_release(node: &Node, version: u8) -> Option<String> {
    let cluster = node.backend().cluster()?;
    let release = &cluster.facts().release_version;
    (version >= 3 && !release.is_empty()).then(|| release.clone())
}

/// `system.local`'s facts for a connection speaking `version`, reached at `ip`.
pub fn local_facts(node: &Node, version: u8, ip: IpAddr) -> LocalFacts {
    // A stable id: the same node (address and token) keeps it across restarts.
    let host_id = node.host_id().into_bytes();
    let release_version = cluster_release(node, version).unwrap_or_else(|| {
        node.release
            .map_or(claimed_release(version), |r| r.version)
            .to_string()
    });
    LocalFacts {
        // The emulated release's own tables and checks wherever its release
        // is the one claimed: always on a node of its own, and on a gateway
        // to the v1 and v2 clients (a v3+ client is told the cluster's
        // release, and a gateway serves it its own schema tables).
        emulated: node.release.is_some_and(|r| r.version == release_version),
        release_version,
        cql_version: node
            .release
            .and_then(|r| r.cql3_version)
            .unwrap_or(crate::cql::exec::CQL_VERSION)
            .to_string(),
        thrift_version: node
            .release
            .map_or(crate::cql::exec::THRIFT_VERSION, |r| r.thrift_api)
            .to_string(),
        native_protocol_version: version.to_string(),
        tokens: if node.vnode_tokens.is_empty() {
            vec![node.token.clone()]
        } else {
            node.vnode_tokens.clone()
        },
        address: Some(ip),
        host_id: Some(host_id),
    }
}

/// A response to send: opcode, body, warnings (v4).
pub struct Response {
    pub opcode: u8,
    pub body: Vec<u8>,
    pub warnings: Vec<String>,
    /// The tracing session of a request sent with the tracing flag.
    pub tracing_id: Option<[u8; 16]>,
}

impl Response {
    pub fn error(e: &NativeError) -> Response {
        Response {
            opcode: op::ERROR,
            body: e.body(),
            warnings: Vec::new(),
            tracing_id: None,
        }
    }
}

/// Runs `f`, the answer to a request with `flags` and `opcode`, traced
/// when the request asks for it (the tracing flag on a statement: QUERY,
/// PREPARE, EXECUTE or BATCH, named as Cassandra named their sessions).
pub fn traced(node: &Node, flags: u8, opcode: u8, f: impl FnOnce() -> Response) -> Response {
    let request = match opcode {
        op::QUERY => "Execute CQL3 query",
        op::PREPARE => "Preparing CQL3 query",
        op::EXECUTE => "Execute CQL3 prepared query",
        op::BATCH => "Execute batch of CQL3 queries",
        _ => return f(),
    };
    if flags & FLAG_TRACING == 0 {
        return f();
    }
    let id = node.new_trace_id();
    let mut resp = node.traced(id, request, f);
    resp.tracing_id = Some(id);
    resp
}

/// What a connection shares with its requests.
pub struct Shared {
    pub state: Mutex<ConnState>,
    /// The address the client reached this server at.
    pub local_ip: IpAddr,
    /// The client's address.
    pub peer: SocketAddr,
    /// The connection's number in the activity record.
    pub connection: u64,
    /// The largest body accepted, compressed or not.
    pub max_frame_bytes: usize,
    /// `system.local`'s facts for this connection, made once its version
    /// is known (they cost a digest and some strings; every statement
    /// wants them).
    pub local: OnceLock<(u8, LocalFacts)>,
}

impl Shared {
    pub fn new(
        local_ip: IpAddr,
        peer: SocketAddr,
        connection: u64,
        max_frame_bytes: usize,
    ) -> Shared {
        Shared {
            state: Mutex::new(ConnState::new(0)),
            local_ip,
            peer,
            connection,
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

/// Decodes a request frame that owns its body (a big one, on the pool): a
/// BATCH's members stay encoded in it (see [`run_owned`]).
pub fn decode_owned(
    shared: &Shared,
    flags: u8,
    opcode: u8,
    body: Vec<u8>,
) -> NativeResult<Request> {
    let version = shared.state.lock().version;
    let (body, start) = message(shared, flags, body, shared.max_frame_bytes)?;
    Ok(request::decode(version, opcode, body.into_owned(), start)?)
}

/// Runs a request decoded by [`decode_owned`], owning it: a BATCH's body is
/// freed once its members are packed, before the writes apply.
pub fn run_owned(node: &Node, shared: &Shared, opcode: u8, req: Request) -> Response {
    match req {
        Request::Batch(b) => run_batch(node, shared, opcode, b),
        req => run(node, shared, opcode, &req),
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

/// Decodes a request frame's body read in place: inflated (up to
/// `max_inflated` bytes), its v4 custom payload skipped, the message read.
pub fn decode(
    shared: &Shared,
    flags: u8,
    body: &[u8],
    opcode: u8,
    max_inflated: usize,
) -> NativeResult<Request> {
    let version = shared.state.lock().version;
    let (body, start) = message(
        shared,
        flags,
        std::borrow::Cow::Borrowed(body),
        max_inflated,
    )?;
    Ok(request::decode_in_place(version, opcode, &body[start..])?)
}

/// A body inflated if compressed (the compressed bytes dropped), and where
/// its message starts (after a v4 custom payload).
fn message<'a, B: Into<std::borrow::Cow<'a, [u8]>>>(
    shared: &Shared,
    flags: u8,
    body: B,
    max_inflated: usize,
) -> NativeResult<(std::borrow::Cow<'a, [u8]>, usize)> {
    let body = body.into();
    let (version, compression) = {
        let s = shared.state.lock();
        (s.version, s.compression)
    };
    let body = if flags & FLAG_COMPRESSED != 0 {
        let c = compression.ok_or_else(|| {
            NativeError::Protocol(
                "Received a compressed frame but no compression was agreed in STARTUP".into(),
            )
        })?;
        let plain = c.decompress(&body, max_inflated)?;
        // The compressed bytes are not needed while the request runs.
        drop(body);
        std::borrow::Cow::Owned(plain)
    } else {
        body
    };
    let mut start = 0;
    if flags & FLAG_CUSTOM_PAYLOAD != 0 && version >= 4 {
        // A [bytes map] for a custom query handler; this server has none.
        let mut r = Reader::new(&body);
        let n = r.count(6)?;
        for _ in 0..n {
            r.string()?;
            r.bytes()?;
        }
        start = r.offset();
    }
    Ok((body, start))
}

/// Runs a decoded request; errors become ERROR responses.
pub fn run(node: &Node, shared: &Shared, opcode: u8, req: &Request) -> Response {
    match execute(node, shared, opcode, req) {
        Ok(r) => r,
        Err(e) => Response::error(&e),
    }
}

fn execute(node: &Node, shared: &Shared, opcode: u8, req: &Request) -> NativeResult<Response> {
    let simple = |(opcode, body): conn::Reply| Response {
        opcode,
        body,
        warnings: Vec::new(),
        tracing_id: None,
    };
    Ok(match req {
        Request::Options => simple(conn::supported(node.release)),
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
        other => statement(node, shared, opcode, level(other), |ctx| match other {
            Request::Query { query, params } => query::query(ctx, query, params),
            Request::Prepare(text) => query::prepare(ctx, text),
            Request::Execute { id, params } => query::execute(ctx, id, params),
            // Small (decoded in place): the copy is cheap.
            Request::Batch(b) => batch::batch(ctx, b.clone()),
            _ => unreachable!("handled above"),
        })?,
    })
}

/// Runs a BATCH that owns its body (see [`run_owned`]).
fn run_batch(node: &Node, shared: &Shared, opcode: u8, b: request::Batch) -> Response {
    let level = Some(b.consistency);
    statement(node, shared, opcode, level, |ctx| batch::batch(ctx, b))
        .unwrap_or_else(|e| Response::error(&e))
}

/// The consistency level a request asks, by its protocol code.
fn level(req: &Request) -> Option<u16> {
    match req {
        Request::Query { params, .. } | Request::Execute { params, .. } => Some(params.consistency),
        Request::Batch(b) => Some(b.consistency),
        _ => None,
    }
}

/// Runs `f`, a statement's work, once the connection is ready, in a context
/// holding what this node claims on the connection's version, at the level
/// the request asked (which a cluster backend passes on; a serial level or
/// none leaves the cluster's default).
fn statement(
    node: &Node,
    shared: &Shared,
    opcode: u8,
    level: Option<u16>,
    f: impl FnOnce(&Ctx) -> NativeResult<query::Answer>,
) -> NativeResult<Response> {
    let version = {
        let state = shared.state.lock();
        state.require_ready(opcode)?;
        state.version
    };
    let local = shared.local_facts(node, version);
    let ctx = Ctx {
        node,
        version,
        local: &local,
        state: &shared.state,
    };
    // A cluster's refusal is in v4's words: narrowed to the connection's.
    let level = level.and_then(|code| {
        Consistency::from_name(crate::native::wire::request::consistency_name(code))
    });
    let (body, warnings) = call::within(|s| &mut s.level, level, || f(&ctx))
        .0
        .map_err(|e| e.for_version(version))?;
    Ok(Response {
        opcode: op::RESULT,
        body,
        warnings,
        tracing_id: None,
    })
}

/// Whether the response to a request with `opcode` is compressed: once
/// agreed, everything but the answer to STARTUP itself (the client turns
/// compression on when that answer arrives).
pub fn compresses(state: &ConnState, opcode: u8) -> bool {
    state.compression.is_some() && opcode != op::STARTUP
}
