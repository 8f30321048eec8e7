//! Nodes that have stopped answering are tried last ([`Silence`]).
//!
//! A node that is alive but not answering (a long GC pause, a stalled disk,
//! a process stopped with SIGSTOP, a one-way partition) keeps its TCP
//! connections open and its kernel still accepts new ones, so the driver
//! goes on counting it up and choosing it as coordinator for its share of
//! requests, each waiting for the gateway's deadline. The driver's latency
//! awareness does not see it either: a request that never ends reports no
//! latency. So the load balancing policy (the driver's token-aware default)
//! is wrapped: each node the plan hands a request to is noted as waiting
//! from then, and any answer from it (a result or the cluster's error; not
//! a connection broken under it) clears that. A node still waiting after
//! the URL's `hang_ms` is asked a native-protocol handshake on a new
//! connection (`handshake`, one at a time, within the connect deadline);
//! until it answers one, or a request, it is tried after every other node
//! of the plan (never left out: when all are silent, the plan is the
//! driver's). A node that is merely busy (a coordinator waiting for its
//! replicas) answers the handshake at once and keeps its place. This module
//! must not send requests but the handshake.

use super::handshake::handshake;
use parking_lot::Mutex;
use scylla::cluster::{ClusterState, NodeRef};
use scylla::errors::RequestAttemptError;
use scylla::policies::load_balancing::{FallbackPlan, LoadBalancingPolicy, RoutingInfo};
use scylla::routing::Shard;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use uuid::Uuid;

/// The load balancing policy `inner`, with silent nodes tried last.
#[derive(Debug)]
pub struct Silence {
    inner: Arc<dyn LoadBalancingPolicy>,
    watch: Arc<Watch>,
}

/// What is known of each node's answers, by host id.
#[derive(Debug)]
struct Watch {
    nodes: Mutex<HashMap<Uuid, Waiting>>,
    /// How long a node may leave a request unanswered before it is asked.
    hang: Duration,
    /// The handshake's deadline.
    deadline: Duration,
}

#[derive(Debug, Default, Clone, Copy)]
struct Waiting {
    /// Since when a request handed to it has had no answer.
    since: Option<Instant>,
    /// When its last handshake ended (failed), and whether one is running.
    asked: Option<Instant>,
    asking: bool,
}

impl Silence {
    /// `inner` with nodes silent for `hang` tried last; handshakes under
    /// `deadline`.
    pub fn new(inner: Arc<dyn LoadBalancingPolicy>, hang: Duration, deadline: Duration) -> Self {
        Silence {
            inner,
            watch: Arc::new(Watch {
                nodes: Mutex::new(HashMap::new()),
                hang,
                deadline,
            }),
        }
    }
}

impl Watch {
    /// The node `id` was handed a request now.
    fn sent(&self, id: Uuid) {
        let mut nodes = self.nodes.lock();
        let w = nodes.entry(id).or_default();
        w.since.get_or_insert_with(Instant::now);
    }

    /// `node` answered.
    fn answered(&self, id: Uuid) {
        if let Some(w) = self.nodes.lock().get_mut(&id) {
            w.since = None;
        }
    }

    /// Whether `node` has left a request unanswered for longer than the
    /// hang time (and has not answered a handshake since); starts a
    /// handshake when one is due.
    fn silent(self: &Arc<Self>, node: NodeRef<'_>) -> bool {
        self.silent_at(node.host_id, || node.address.to_string())
    }

    /// [`Watch::silent`] of the node `id` at `address`.
    fn silent_at(self: &Arc<Self>, id: Uuid, address: impl FnOnce() -> String) -> bool {
        let now = Instant::now();
        let ask = {
            let mut nodes = self.nodes.lock();
            let Some(w) = nodes.get_mut(&id) else {
                return false;
            };
            match w.since {
                Some(t) if now.duration_since(t) >= self.hang => {}
                _ => return false,
            }
            let due = !w.asking && w.asked.is_none_or(|t| now.duration_since(t) >= self.hang);
            if due {
                w.asking = true;
            }
            due
        };
        if ask {
            self.ask(id, address());
        }
        true
    }

    /// Asks the node at `address` a handshake, on the runtime the driver
    /// calls from: an answer clears its silence.
    fn ask(self: &Arc<Self>, id: Uuid, address: String) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            if let Some(w) = self.nodes.lock().get_mut(&id) {
                w.asking = false;
            }
            return;
        };
        let watch = Arc::clone(self);
        runtime.spawn(async move {
            let outcome = handshake(&address, watch.deadline).await;
            let mut nodes = watch.nodes.lock();
            let Some(w) = nodes.get_mut(&id) else { return };
            w.asking = false;
            match outcome {
                Ok(()) => {
                    w.since = None;
                    w.asked = None;
                }
                Err(why) => {
                    if w.asked.is_none() {
                        tracing::warn!("cluster node {address} stopped answering ({why}); tried last until it answers");
                    }
                    w.asked = Some(Instant::now());
                }
            }
        });
    }
}

/// Whether `error` came from the node itself (an answer), not from the
/// connection to it.
fn is_answer(error: &RequestAttemptError) -> bool {
    !matches!(
        error,
        RequestAttemptError::BrokenConnectionError(_)
            | RequestAttemptError::UnableToAllocStreamId
            | RequestAttemptError::CqlRequestSerialization(_)
            | RequestAttemptError::SerializationError(_)
    )
}

impl LoadBalancingPolicy for Silence {
    fn pick<'a>(
        &'a self,
        request: &'a RoutingInfo,
        cluster: &'a ClusterState,
    ) -> Option<(NodeRef<'a>, Option<Shard>)> {
        let (node, shard) = self.inner.pick(request, cluster)?;
        if self.watch.silent(node) {
            // The fallback puts it last.
            return None;
        }
        self.watch.sent(node.host_id);
        Some((node, shard))
    }

    fn fallback<'a>(
        &'a self,
        request: &'a RoutingInfo,
        cluster: &'a ClusterState,
    ) -> FallbackPlan<'a> {
        let (answering, silent): (Vec<_>, Vec<_>) = self
            .inner
            .fallback(request, cluster)
            .partition(|(node, _)| !self.watch.silent(node));
        let watch = &self.watch;
        Box::new(
            answering
                .into_iter()
                .chain(silent)
                .inspect(move |(node, _)| watch.sent(node.host_id)),
        )
    }

    fn on_request_success(&self, request: &RoutingInfo, latency: Duration, node: NodeRef<'_>) {
        self.watch.answered(node.host_id);
        self.inner.on_request_success(request, latency, node);
    }

    fn on_request_failure(
        &self,
        request: &RoutingInfo,
        latency: Duration,
        node: NodeRef<'_>,
        error: &RequestAttemptError,
    ) {
        if is_answer(error) {
            self.watch.answered(node.host_id);
        }
        self.inner.on_request_failure(request, latency, node, error);
    }

    fn name(&self) -> String {
        format!("Silence({})", self.inner.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    fn watch(hang_ms: u64) -> Arc<Watch> {
        Arc::new(Watch {
            nodes: Mutex::new(HashMap::new()),
            hang: Duration::from_millis(hang_ms),
            deadline: Duration::from_millis(200),
        })
    }

    /// A port that accepts connections and, when `answers`, answers each
    /// `OPTIONS` with an empty v4 `SUPPORTED`; otherwise never a byte.
    async fn node(answers: bool) -> (String, tokio::task::JoinHandle<()>) {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        let task = tokio::spawn(async move {
            let mut kept = Vec::new();
            while let Ok((mut s, _)) = listener.accept().await {
                if answers {
                    let mut request = [0u8; 9];
                    if s.read_exact(&mut request).await.is_ok() {
                        let (a, b) = (request[2], request[3]);
                        let supported = [0x84, 0, a, b, 0x06, 0, 0, 0, 2, 0, 0];
                        let _ = s.write_all(&supported).await;
                    }
                }
                kept.push(s);
            }
        });
        (address, task)
    }

    #[tokio::test]
    async fn a_node_waiting_past_the_hang_time_is_silent_until_it_answers() {
        let (w, id) = (watch(30), Uuid::new_v4());
        let (address, held) = node(false).await;
        let at = || address.clone();
        assert!(!w.silent_at(id, at), "never sent anything");
        w.sent(id);
        assert!(!w.silent_at(id, at), "within the hang time");
        tokio::time::sleep(Duration::from_millis(40)).await;
        assert!(w.silent_at(id, at));
        w.answered(id);
        assert!(!w.silent_at(id, at));
        // An answer restarts the wait: a request handed to it right after
        // one that waited past the hang time is not yet late. (No sleep
        // between the two: a slow machine only lengthens the first wait.)
        w.sent(id);
        tokio::time::sleep(Duration::from_millis(40)).await;
        w.answered(id);
        w.sent(id);
        assert!(!w.silent_at(id, at));
        held.abort();
    }

    #[tokio::test]
    async fn a_silent_node_is_asked_a_handshake_which_alone_tells_hung_from_busy() {
        let (hung, held) = node(false).await;
        let (busy, answering) = node(true).await;
        let w = watch(10);
        let (h, b) = (Uuid::new_v4(), Uuid::new_v4());
        w.sent(h);
        w.sent(b);
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(w.silent_at(h, || hung.clone()));
        assert!(w.silent_at(b, || busy.clone()));
        // The busy node's handshake clears it; the hung one's times out and
        // it stays silent, asked again later. (Waited for, not timed: a
        // loaded machine only makes the handshakes end later.)
        let ended = || {
            let nodes = w.nodes.lock();
            nodes[&b].since.is_none() && nodes[&h].asked.is_some()
        };
        let give_up = Instant::now() + Duration::from_secs(20);
        while !ended() && Instant::now() < give_up {
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        assert!(!w.silent_at(b, || busy.clone()));
        assert!(w.silent_at(h, || hung.clone()));
        assert!(w.nodes.lock()[&h].asked.is_some());
        held.abort();
        answering.abort();
    }

    #[test]
    fn a_broken_connection_is_no_answer() {
        use scylla::errors::{BrokenConnectionErrorKind, DbError};
        let broken = RequestAttemptError::BrokenConnectionError(
            BrokenConnectionErrorKind::KeepaliveTimeout([127, 0, 0, 2].into()).into(),
        );
        assert!(!is_answer(&broken));
        assert!(is_answer(&RequestAttemptError::DbError(
            DbError::Overloaded,
            String::new()
        )));
    }
}
