//! The Thrift server: accepts connections on tokio, reads whole messages,
//! runs each call on the blocking pool (engine calls block), and writes each
//! reply with one write. One task per connection; calls on one connection
//! are answered in order.
//!
//! Shutdown: when the shutdown future completes, the listener closes, every
//! connection finishes the call it is running (its reply is still sent) and
//! closes, and [`serve`] returns once all connections are gone (or after a
//! grace period). Flushing the engine is the caller's job.

use crate::thrift::dispatch;
use crate::thrift::node::Node;
use crate::thrift::session::{GenerationPolicy, Session};
use crate::thrift::transport::{frame_reply, Framing, MessageReader, TransportError};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use thrift::ApplicationErrorKind;
use tokio::io::AsyncWriteExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

#[derive(Clone, Debug)]
pub struct ServerOptions {
    /// Largest request accepted, in bytes (ThriftMaxMessageLengthInMB).
    pub max_message_bytes: usize,
    /// How long shutdown waits for running calls.
    pub shutdown_grace: Duration,
    /// How this listener picks the API generation of ambiguous calls.
    pub generations: GenerationPolicy,
}

impl Default for ServerOptions {
    fn default() -> Self {
        ServerOptions {
            max_message_bytes: 16 * 1024 * 1024,
            shutdown_grace: Duration::from_secs(10),
            generations: GenerationPolicy::default(),
        }
    }
}

/// Serves until `shutdown` completes, then drains connections.
pub async fn serve(
    listener: TcpListener,
    node: Arc<Node>,
    opts: ServerOptions,
    shutdown: impl Future<Output = ()>,
) {
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut conns = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    tracing::debug!(%peer, "connection accepted");
                    conns.spawn(connection(stream, node.clone(), opts.max_message_bytes, opts.generations, stop_rx.clone()));
                }
                Err(e) => {
                    // Typically EMFILE; back off instead of spinning.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            },
            Some(_) = conns.join_next(), if !conns.is_empty() => {}
        }
    }
    drop(listener);
    let _ = stop_tx.send(true);
    let drained = tokio::time::timeout(opts.shutdown_grace, async {
        while conns.join_next().await.is_some() {}
    })
    .await;
    if drained.is_err() {
        tracing::warn!(
            "shutdown grace period over; abandoning {} connection(s)",
            conns.len()
        );
        conns.abort_all();
    }
}

async fn connection(
    mut stream: TcpStream,
    node: Arc<Node>,
    max: usize,
    generations: GenerationPolicy,
    mut stop: watch::Receiver<bool>,
) {
    if let Err(e) = stream.set_nodelay(true) {
        tracing::debug!(error = %e, "set_nodelay failed");
    }
    let mut reader = MessageReader::new(max);
    let mut session = Session::with_policy(generations);
    loop {
        let next = tokio::select! {
            m = reader.next(&mut stream) => m,
            _ = stop.changed() => return,
        };
        let framing = reader.framing().unwrap_or(Framing::Unframed);
        let msg = match next {
            Ok(Some(msg)) => msg,
            Ok(None) => return,
            Err(TransportError::TooLarge { len, max, header }) => {
                tracing::warn!(
                    len,
                    max,
                    "request over the maximum message size; closing connection"
                );
                if let Some(h) = header {
                    let text = format!("Message length {len} exceeds the maximum of {max} bytes");
                    let reply = dispatch::exception(&h, ApplicationErrorKind::ProtocolError, text);
                    let _ = stream.write_all(&frame_reply(framing, reply)).await;
                }
                return;
            }
            Err(e) => {
                tracing::debug!(error = %e, "closing connection");
                return;
            }
        };
        // Until the connection shows its generation, its transport decides
        // the calls both generations share (see Session::ambiguous_generation).
        session.framing = Some(framing);
        let call_node = node.clone();
        let joined = tokio::task::spawn_blocking(move || {
            let reply = dispatch::handle(&call_node, &mut session, &msg);
            (session, reply)
        })
        .await;
        let reply = match joined {
            Ok((s, reply)) => {
                session = s;
                reply
            }
            Err(e) => {
                tracing::error!(error = %e, "call panicked; closing connection");
                return;
            }
        };
        match reply {
            Ok(Some(bytes)) => {
                if let Err(e) = stream.write_all(&frame_reply(framing, bytes)).await {
                    tracing::debug!(error = %e, "write failed");
                    return;
                }
            }
            Ok(None) => {}
            Err(e) => {
                tracing::debug!(error = %e, "closing connection");
                return;
            }
        }
    }
}
