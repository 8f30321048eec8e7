//! What every admin handler shares: the node, when the surface started, a
//! way to ask the server to stop (`nodetool drain`), and typed extensions
//! that other parts of the program add without changing this struct
//! (fault rules, the activity log, dataset snapshots: each an `Arc<T>`
//! registered with [`AdminState::with`] and found with [`AdminState::get`]).

use crate::node::Node;
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::watch;

pub struct AdminState {
    pub node: Arc<Node>,
    /// When the server started (for uptime).
    pub started: Instant,
    /// Set to true to stop the whole server gracefully (as SIGTERM does).
    stop: watch::Sender<bool>,
    extensions: HashMap<TypeId, Arc<dyn Any + Send + Sync>>,
}

impl AdminState {
    pub fn new(node: Arc<Node>) -> AdminState {
        AdminState {
            node,
            started: Instant::now(),
            stop: watch::channel(false).0,
            extensions: HashMap::new(),
        }
    }

    /// Adds a shared value handlers can find by its type (one per type).
    pub fn with<T: Any + Send + Sync>(mut self, value: Arc<T>) -> AdminState {
        self.extensions.insert(TypeId::of::<T>(), value);
        self
    }

    /// The shared value of type `T`, if one was added.
    pub fn get<T: Any + Send + Sync>(&self) -> Option<Arc<T>> {
        let value = self.extensions.get(&TypeId::of::<T>())?.clone();
        value.downcast::<T>().ok()
    }

    /// Asks the server to stop as on SIGTERM (`nodetool drain`).
    pub fn request_stop(&self) {
        self.stop.send_replace(true);
    }

    /// Completes once [`AdminState::request_stop`] has been called.
    pub fn stop_requested(&self) -> impl std::future::Future<Output = ()> + Send + 'static {
        let mut rx = self.stop.subscribe();
        async move {
            let _ = rx.wait_for(|stop| *stop).await;
        }
    }
}
