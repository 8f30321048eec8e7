//! Which of the cluster's nodes the driver connects to: those that answer.
//!
//! The driver learns the ring's other nodes from `system.peers` and, as it
//! starts, waits for a first connection to each; its handshake with a node
//! that accepts connections and never answers (a stopped process, whose
//! kernel still completes the TCP connect) has no deadline, so one such
//! node would hold a gateway's start for good. So the session starts on the
//! contact points that answered (`handshake`) alone ([`Answering`]
//! lets no other node in), then every other node is asked the same
//! handshake under the connect deadline: those that answer are let in
//! (the driver's topology is refreshed and their first connections
//! awaited), the others are marked down, named in the log, and asked again
//! at each of the driver's topology refreshes (every 60 s) until they
//! answer, when the next refresh takes them in. This module must not read
//! or write rows.

use super::handshake::handshake;
use crate::gateway::driver::error::GatewayResult;
use parking_lot::Mutex;
use scylla::client::session::Session;
use scylla::cluster::metadata::Peer;
use scylla::cluster::{Node, NodeAddr};
use scylla::policies::host_filter::HostFilter;
use std::collections::{HashMap, HashSet};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A node marked down is asked again at most this often.
const REPROBE: Duration = Duration::from_secs(30);

/// The driver's host filter: the nodes it may connect to.
pub struct Answering {
    state: Arc<Mutex<Admitted>>,
    deadline: Duration,
}

#[derive(Default)]
struct Admitted {
    /// While the session starts: the contact points that answered, alone.
    only: Option<HashSet<SocketAddr>>,
    /// Nodes marked down, with when they were last asked.
    silent: HashMap<SocketAddr, Instant>,
    /// Nodes being asked again now.
    asking: HashSet<SocketAddr>,
}

fn socket(addr: &NodeAddr) -> SocketAddr {
    SocketAddr::new(addr.ip(), addr.port())
}

impl Answering {
    /// A filter that lets in `contacts` (`host:port`, resolved) alone, until
    /// [`Answering::admit_others`]; handshakes under `deadline`.
    pub fn new(contacts: &[String], deadline: Duration) -> Answering {
        use std::net::ToSocketAddrs;
        let only = contacts
            .iter()
            .filter_map(|h| h.to_socket_addrs().ok())
            .flatten()
            .collect();
        Answering {
            state: Arc::new(Mutex::new(Admitted {
                only: Some(only),
                ..Admitted::default()
            })),
            deadline,
        }
    }

    /// Asks each node the session knows and has not connected to the
    /// handshake, lets in those that answer and marks the others down; then
    /// refreshes the session's topology and waits (within the deadline) for
    /// a first connection to each node let in. The nodes marked down.
    pub async fn admit_others(&self, session: &Session) -> GatewayResult<Vec<SocketAddr>> {
        let state = session.get_cluster_state();
        let others: Vec<SocketAddr> = state
            .get_nodes_info()
            .iter()
            .filter(|n| !n.is_enabled())
            .map(|n| socket(&n.address))
            .collect();
        let asked = others.iter().map(|a| async move {
            let outcome = handshake(&a.to_string(), self.deadline).await;
            (*a, outcome)
        });
        let mut down = Vec::new();
        {
            let answers = futures_util::future::join_all(asked).await;
            let mut s = self.state.lock();
            for (addr, outcome) in answers {
                if let Err(why) = outcome {
                    tracing::warn!(
                        "cluster node {addr}: {why}; marked down, not used until it answers"
                    );
                    s.silent.insert(addr, Instant::now());
                    down.push(addr);
                }
            }
            s.only = None;
        }
        if down.len() == others.len() {
            return Ok(down);
        }
        let refreshed = tokio::time::timeout(self.deadline, session.refresh_metadata()).await;
        if !matches!(refreshed, Ok(Ok(()))) {
            // The nodes let in are taken at the driver's next refresh.
            tracing::warn!("the cluster's topology was not refreshed: {refreshed:?}");
            return Ok(down);
        }
        let started = Instant::now();
        while started.elapsed() < self.deadline && !all_connected(session) {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Ok(down)
    }

    /// Asks `addr` again, on the runtime the driver calls from (none: not
    /// now); it is let in at the next refresh once it answers.
    fn ask_again(&self, addr: SocketAddr) {
        let Ok(runtime) = tokio::runtime::Handle::try_current() else {
            return;
        };
        {
            let mut s = self.state.lock();
            let due = s.silent.get(&addr).is_some_and(|t| t.elapsed() >= REPROBE);
            if !due || !s.asking.insert(addr) {
                return;
            }
        }
        let (state, deadline) = (Arc::clone(&self.state), self.deadline);
        runtime.spawn(async move {
            let outcome = handshake(&addr.to_string(), deadline).await;
            let mut s = state.lock();
            s.asking.remove(&addr);
            match outcome {
                Ok(()) => {
                    tracing::info!("cluster node {addr} answers again; used from the next refresh");
                    s.silent.remove(&addr);
                }
                Err(_) => {
                    s.silent.insert(addr, Instant::now());
                }
            }
        });
    }
}

/// Whether every node the session may connect to has a connection.
fn all_connected(session: &Session) -> bool {
    let state = session.get_cluster_state();
    let nodes: &[Arc<Node>] = state.get_nodes_info();
    nodes
        .iter()
        .filter(|n| n.is_enabled())
        .all(|n| n.is_connected())
}

impl HostFilter for Answering {
    fn accept(&self, peer: &Peer) -> bool {
        self.admits(socket(&peer.address))
    }
}

impl Answering {
    /// Whether the driver may connect to `addr` (see [`HostFilter`]).
    fn admits(&self, addr: SocketAddr) -> bool {
        let silent = {
            let s = self.state.lock();
            if let Some(only) = &s.only {
                return only.contains(&addr);
            }
            s.silent.contains_key(&addr)
        };
        if silent {
            self.ask_again(addr);
        }
        !silent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn peer(addr: &str) -> SocketAddr {
        addr.parse().unwrap()
    }

    #[test]
    fn contact_points_alone_until_the_others_are_asked_then_all_but_the_silent() {
        let filter = Answering::new(&["127.0.0.1:9042".into()], Duration::from_millis(100));
        assert!(filter.admits(peer("127.0.0.1:9042")));
        assert!(!filter.admits(peer("127.0.0.2:9042")));
        {
            let mut s = filter.state.lock();
            s.only = None;
            s.silent
                .insert("127.0.0.3:9042".parse().unwrap(), Instant::now());
        }
        assert!(filter.admits(peer("127.0.0.2:9042")));
        // Marked down: not let in (and not asked again so soon).
        assert!(!filter.admits(peer("127.0.0.3:9042")));
        assert!(filter.state.lock().asking.is_empty());
    }
}
