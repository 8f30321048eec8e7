//! The HTTP/1.1 server under the admin surface (hyper): reads each request
//! whole (up to [`MAX_BODY_BYTES`]), checks access, finds its route and
//! runs the handler on the blocking pool, then writes the answer. One task
//! per connection; keep-alive as the client asks.

use super::auth::check_operator;
use super::http::{parse_query, AdminError, Method, Request, Response};
use super::routes::{self, Access, Route};
use super::state::AdminState;
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::{Bytes, Incoming};
use hyper::server::conn::http1;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::task::JoinSet;

/// The largest request body read (datasets may be posted whole).
pub const MAX_BODY_BYTES: usize = 256 * 1024 * 1024;

/// Serves the admin surface on `listener` until `shutdown` completes; then
/// gives running requests a moment to finish and returns.
pub async fn serve(
    listener: TcpListener,
    state: Arc<AdminState>,
    shutdown: impl Future<Output = ()>,
) {
    let table: Arc<[Route]> = routes::routes().into();
    let mut conns = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let state = state.clone();
                    let table = table.clone();
                    conns.spawn(async move {
                        let io = TokioIo::new(stream);
                        let svc = service_fn(move |req| {
                            answer(state.clone(), table.clone(), peer, req)
                        });
                        if let Err(e) = http1::Builder::new().serve_connection(io, svc).await {
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
    req: hyper::Request<Incoming>,
) -> Result<hyper::Response<Full<Bytes>>, Infallible> {
    let head = req.method() == hyper::Method::HEAD;
    let response = match handle(state, table, peer, req).await {
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
    let body = Limited::new(req.into_body(), MAX_BODY_BYTES)
        .collect()
        .await
        .map_err(|e| {
            if e.downcast_ref::<http_body_util::LengthLimitError>()
                .is_some()
            {
                AdminError::PayloadTooLarge(format!("request body over {MAX_BODY_BYTES} bytes"))
            } else {
                AdminError::BadRequest(format!("cannot read the request body: {e}"))
            }
        })?
        .to_bytes()
        .to_vec();
    // Checking credentials may read the access file: off the async workers,
    // with the handler.
    tokio::task::spawn_blocking(move || {
        let user = match route.access {
            Access::Open => None,
            Access::Operator => check_operator(&state.node, authorization.as_deref())?,
        };
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
