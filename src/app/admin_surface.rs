//! `serve`'s admin surface (the binary's side of [`supercolumn::admin`]):
//! installs the metrics on the node, prints the `supercolumn admin on
//! HOST:PORT` line, runs the HTTP server, and tells `serve` when `nodetool
//! drain` asks it to stop. Kept out of `main.rs` so that the command line
//! stays short.

use std::future::Future;
use std::sync::Arc;
use supercolumn::admin::metrics::{Metrics, ServerGauges};
use supercolumn::admin::AdminState;
use supercolumn::node::limits::Limits;
use supercolumn::node::Node;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

pub struct AdminSurface {
    state: Arc<AdminState>,
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl AdminSurface {
    /// Serves the admin surface on `listener` (bound before storage opened).
    pub fn start(
        listener: TcpListener,
        node: &Arc<Node>,
        limits: Arc<Limits>,
    ) -> std::io::Result<AdminSurface> {
        let budget = limits.budget().clone();
        let served = limits.clone();
        let metrics = Metrics::install(
            node,
            ServerGauges {
                budget,
                open_connections: Box::new(move || limits.open_connections()),
            },
        );
        let state = Arc::new(AdminState::new(node.clone()).with(metrics));
        let addr = listener.local_addr()?;
        println!("supercolumn admin on {addr}");
        tracing::info!("serving the admin surface on http://{addr}/");
        let (stop, stopped) = watch::channel(false);
        let task = tokio::spawn(supercolumn::admin::serve(
            listener,
            state.clone(),
            served,
            async move {
                let mut stopped = stopped;
                let _ = stopped.wait_for(|s| *s).await;
            },
        ));
        Ok(AdminSurface { state, stop, task })
    }

    /// Completes when `nodetool drain` asks the server to stop.
    pub fn drain_requested(&self) -> impl Future<Output = ()> + Send + 'static {
        self.state.stop_requested()
    }

    /// Stops serving, once storage is shut down (a drain's caller has its
    /// answer by then).
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}

/// Completes on `signal`, or on `drained` when there is an admin surface.
pub async fn stop_signal(
    signal: impl Future<Output = ()>,
    drained: Option<impl Future<Output = ()>>,
) {
    match drained {
        Some(drained) => tokio::select! {
            _ = signal => {}
            _ = drained => tracing::info!("drain requested over the admin surface"),
        },
        None => signal.await,
    }
}
