//! `serve --capture FILE`: supercolumn recording its own Thrift and
//! native-protocol traffic. The capture proxy takes the server's Thrift
//! listener and its native one when it serves one (so clients connect where
//! they always did) and forwards to the server on loopback ports of its own; the file is the one `supercolumn capture` writes, its schema
//! record fetched from the server once it serves. Owns that wiring only:
//! the proxying and the file are [`crate::capture::proxy`]'s and
//! [`crate::capture::format`]'s.

use crate::capture::format::{CaptureWriter, FormatError, Record, FORMAT};
use crate::capture::{proxy, schema};
use std::path::Path;
use std::time::Instant;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tokio::task::JoinHandle;

/// The longest message recorded (longer ones stop their connection's recording).
const MAX_MESSAGE: usize = 16 << 20;

#[derive(Debug, thiserror::Error)]
pub enum SelfCaptureError {
    #[error("capture file: {0}")]
    File(#[from] FormatError),
    #[error("capture: cannot listen on loopback for the server: {0}")]
    Listen(#[from] std::io::Error),
}

/// A capture of the server's own traffic, running until [`SelfCapture::stop`].
pub struct SelfCapture {
    stop: watch::Sender<bool>,
    task: JoinHandle<()>,
}

impl SelfCapture {
    /// Takes `public` and `native` (where clients connect) for the proxy
    /// and hands back the listeners the server is to serve on instead.
    pub async fn start(
        public: TcpListener,
        native: Option<TcpListener>,
        file: &Path,
    ) -> Result<(TcpListener, Option<TcpListener>, SelfCapture), SelfCaptureError> {
        let mut writer = CaptureWriter::create(file, None, 0)?;
        let inner = TcpListener::bind("127.0.0.1:0").await?;
        let to = inner.local_addr()?.to_string();
        let mut listeners = vec![];
        let mut native_inner = None;
        let mut native_to = None;
        if let Some(native) = native {
            let l = TcpListener::bind("127.0.0.1:0").await?;
            let addr = l.local_addr()?.to_string();
            native_to = Some(addr.clone());
            listeners.push(proxy::Listener {
                listener: native,
                to: addr,
                native: true,
            });
            native_inner = Some(l);
        }
        let started_us = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros() as i64)
            .unwrap_or(0);
        let start = Instant::now();
        let (stop, mut stopped) = watch::channel(false);
        let task = tokio::spawn(async move {
            // The schema is asked for once the server serves (after this
            // returns); clients that connect meanwhile wait in the backlog.
            let a = to.clone();
            let schema = tokio::task::spawn_blocking(move || schema::fetch(&a))
                .await
                .unwrap_or_else(|e| Record::Schema {
                    describe_keyspaces: None,
                    error: Some(e.to_string()),
                });
            let head = Record::Capture {
                format: FORMAT,
                started_us,
                to: to.clone(),
                protocol: if native_to.is_some() {
                    "thrift,native"
                } else {
                    "thrift"
                }
                .into(),
                native_to,
            };
            if let Err(e) = writer.header(&head).and_then(|_| writer.header(&schema)) {
                tracing::warn!("serve --capture: the capture stops: {e}");
                return;
            }
            let shutdown = async move {
                let _ = stopped.changed().await;
            };
            listeners.push(proxy::Listener {
                listener: public,
                to,
                native: false,
            });
            proxy::run(listeners, writer, start, MAX_MESSAGE, shutdown).await;
        });
        Ok((inner, native_inner, SelfCapture { stop, task }))
    }

    /// Stops accepting, and returns once what was recorded is written.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.task.await;
    }
}
