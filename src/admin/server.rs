//! The HTTP/1.1 server under the admin surface (hyper): finds each
//! request's route, checks access from its headers, and only then reads its
//! body (up to [`MAX_BODY_BYTES`]: no route takes an upload) and runs the
//! handler on the blocking pool, then writes the answer. One task per
//! connection; keep-alive as the client asks.
//!
//! Limits, shared with the Thrift and native ports (`node::limits`): every
//! admin connection counts against the connection cap (and so the
//! file-descriptor reserve), and one over it gets a 503 and is closed at
//! once; with a read timeout set, a connection must send its request's
//! headers within it (a fresh one its first byte too), and a body must
//! arrive within it.

use super::auth::check_operator;
use super::http::{parse_query, AdminError, Method, Request, Response};
use super::routes::{self, Access, Route};
use super::state::AdminState;
use crate::node::limits::Limits;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::task::JoinSet;

/// The largest request body read. The bodies of the routes are small JSON
/// documents (faults, explorer query checks, thresholds); datasets are
/// loaded from files, never posted.
pub const MAX_BODY_BYTES: usize = 64 * 1024;

/// The answer of a connection over the cap, written without waiting.
const OVER_CAP: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: application/json\r\nconnection: close\r\ncontent-length: 78\r\n\r\n\
{\"error\": \"too many client connections open; try again when some have closed\"}";

/// Serves the admin surface on `listener` until `shutdown` completes; then
/// gives running requests a moment to finish and returns.
pub async fn serve(
    listener: TcpListener,
    state: Arc<AdminState>,
    limits: Arc<Limits>,
    shutdown: impl Future<Output = ()>,
) {
    let table: Arc<[Route]> = routes::routes().into();
    let read_timeout = limits.settings().read_timeout;
    let mut conns = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let Some(admitted) = limits.admit(peer) else {
                        // Small enough for the socket's buffer: never waits.
                        let _ = stream.try_write(OVER_CAP);
                        continue;
                    };
                    let state = state.clone();
                    let table = table.clone();
                    conns.spawn(async move {
                        let _admitted = admitted;
                        // A fresh connection must start its request in time.
                        if let Some(t) = read_timeout {
                            if !matches!(tokio::time::timeout(t, stream.readable()).await, Ok(Ok(())))
                            {
                                tracing::debug!(%peer, "admin peer sent nothing; closing");
                                return;
                            }
                        }
                        let io = TokioIo::new(stream);
                        let svc = service_fn(move |req| {
                            answer(state.clone(), table.clone(), peer, read_timeout, req)
                        });
                        let mut builder = http1::Builder::new();
                        builder.timer(TokioTimer::new()).header_read_timeout(read_timeout);
                        if let Err(e) = builder.serve_connection(io, svc).await {
                            tracing::debug!(%peer, error = %e, "admin connection ended");
                        }
                    });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "admin accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    drop(listener);
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    conns.abort_all();
}

async fn answer(
    state: Arc<AdminState>,
    table: Arc<[Route]>,
    peer: SocketAddr,
    read_timeout: Option<Duration>,
    req: hyper::Request<Incoming>,
) -> Result<hyper::Response<Full<Bytes>>, Infallible> {
    let head = req.method() == hyper::Method::HEAD;
    let response = match handle(state, table, peer, read_timeout, req).await {
        Ok(r) => r,
        Err(e) => {
            if e.status() >= 500 {
                tracing::warn!(%peer, error = %e, "admin request failed");
            }
            e.into()
        }
    };
    Ok(to_hyper(response, head))
}

async fn handle(
    state: Arc<AdminState>,
    table: Arc<[Route]>,
    peer: SocketAddr,
    read_timeout: Option<Duration>,
    req: hyper::Request<Incoming>,
) -> Result<Response, AdminError> {
    let method =
        Method::parse(req.method().as_str()).ok_or_else(|| AdminError::MethodNotAllowed {
            method: req.method().to_string(),
            path: req.uri().path().to_string(),
            allowed: "GET, POST, PUT, DELETE".into(),
        })?;
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(parse_query).unwrap_or_default();
    let route = *routes::find(&table, method, &path)?;
    let authorization = req
        .headers()
        .get(hyper::header::AUTHORIZATION)
        .map(|v| v.as_bytes().to_vec());
    // Credentials first: an anonymous peer gets its 401 before one byte of
    // its body is read (hyper then reads at most one chunk more and closes).
    // Checking them may read the access file: off the async workers.
    let user = {
        let state = state.clone();
        tokio::task::spawn_blocking(move || match route.access {
            Access::Open => Ok(None),
            Access::Operator => check_operator(&state.node, authorization.as_deref()),
        })
        .await
        .map_err(|e| AdminError::Internal(format!("the login check failed: {e}")))??
    };
    let body = read_body(req, read_timeout).await?;
    tokio::task::spawn_blocking(move || {
        let request = Request {
            method,
            path,
            query,
            body,
            peer,
            user,
        };
        (route.handler)(&state, &request)
    })
    .await
    .map_err(|e| AdminError::Internal(format!("the handler failed: {e}")))?
}

/// A request's body: refused from its announced length when that is over
/// [`MAX_BODY_BYTES`], else read up to that many bytes within `timeout`.
async fn read_body(
    req: hyper::Request<Incoming>,
    timeout: Option<Duration>,
) -> Result<Vec<u8>, AdminError> {
    let too_large =
        || AdminError::PayloadTooLarge(format!("request body over {MAX_BODY_BYTES} bytes"));
    let announced = req
        .headers()
        .get(hyper::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > MAX_BODY_BYTES as u64) {
        return Err(too_large());
    }
    let collect = Limited::new(req.into_body(), MAX_BODY_BYTES).collect();
    let collected = match timeout {
        None => collect.await,
        Some(t) => tokio::time::timeout(t, collect).await.map_err(|_| {
            AdminError::Timeout(format!("the request body did not arrive within {t:?}"))
        })?,
    };
    let body = collected.map_err(|e| {
        if e.downcast_ref::<http_body_util::LengthLimitError>()
            .is_some()
        {
            too_large()
        } else {
            AdminError::BadRequest(format!("cannot read the request body: {e}"))
        }
    })?;
    Ok(body.to_bytes().to_vec())
}

fn to_hyper(r: Response, head: bool) -> hyper::Response<Full<Bytes>> {
    let body = if head { Vec::new() } else { r.body };
    let mut builder = hyper::Response::builder()
        .status(r.status)
        .header(hyper::header::CONTENT_TYPE, r.content_type);
    for (name, value) in r.headers {
        builder = builder.header(name, value);
    }
    builder
        .body(Full::new(Bytes::from(body)))
        .unwrap_or_else(|_| {
            let mut fallback = hyper::Response::new(Full::new(Bytes::from_static(b"{}")));
            *fallback.status_mut() = hyper::StatusCode::INTERNAL_SERVER_ERROR;
            fallback
        })
}
