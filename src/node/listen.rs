//! The accept loop every TCP front end shares (Thrift, the native
//! protocol): admission against the connection cap ([`Limits::admit`]),
//! back-off when accepting fails, and on shutdown a drain of the open
//! connections within a grace period. Owns connection lifetimes only; what
//! a connection speaks is the caller's `connection` function.

use crate::node::limits::{Admitted, Limits};
use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;

/// Accepts until `shutdown` completes, running `connection` for each
/// admitted peer (it is told to stop through the watch), then waits up to
/// `grace` for the open connections and abandons the rest.
pub async fn accept_loop<C, F>(
    what: &'static str,
    listener: TcpListener,
    limits: &Arc<Limits>,
    grace: Duration,
    shutdown: impl Future<Output = ()>,
    mut connection: C,
) where
    C: FnMut(TcpStream, SocketAddr, watch::Receiver<bool>, Admitted) -> F,
    F: Future<Output = ()> + Send + 'static,
{
    let (stop_tx, stop_rx) = watch::channel(false);
    let mut conns = JoinSet::new();
    tokio::pin!(shutdown);
    loop {
        tokio::select! {
            _ = &mut shutdown => break,
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => match limits.admit(peer) {
                    Some(admitted) => {
                        tracing::debug!(%peer, "{what} connection accepted");
                        conns.spawn(connection(stream, peer, stop_rx.clone(), admitted));
                    }
                    // Over the cap: closed at once (admit logged it).
                    None => drop(stream),
                },
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
    let drained =
        tokio::time::timeout(grace, async { while conns.join_next().await.is_some() {} }).await;
    if drained.is_err() {
        tracing::warn!(
            "shutdown grace period over; abandoning {} {what} connection(s)",
            conns.len()
        );
        conns.abort_all();
    }
}
