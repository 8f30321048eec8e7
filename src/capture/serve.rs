//! `serve --capture FILE`: supercolumn recording its own Thrift and
//! native-protocol traffic. The file is the one `supercolumn capture`
//! writes: its header, the schema (the server's own answer to
//! `describe_keyspaces`, asked in-process before any client is served),
//! then every connection as the front ends hand it to the tap
//! ([`crate::capture::tap`]) from their own connection tasks, so clients
//! connect where they always did and no socket hop is added. Owns that
//! wiring only: the cutting and the file are [`crate::capture::recording`]'s,
//! [`crate::capture::writer`]'s and [`crate::capture::format`]'s.

use crate::capture::format::{CaptureWriter, FormatError, Record, FORMAT};
use crate::capture::schema::{self, SchemaError};
use crate::capture::tap::CaptureTap;
use crate::capture::writer::{self, Writing};
use crate::node::tap::Taps;
use crate::node::Node;
use crate::thrift::dispatch;
use crate::thrift::session::{GenerationPolicy, Session};
use crate::thrift::wire::Framing;
use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;
use std::time::Instant;

/// The longest message recorded (longer ones stop their connection's recording).
const MAX_MESSAGE: usize = 16 << 20;

#[derive(Debug, thiserror::Error)]
pub enum SelfCaptureError {
    #[error("capture file: {0}")]
    File(#[from] FormatError),
    #[error("capture: cannot start its writer: {0}")]
    Writer(#[from] std::io::Error),
}

/// A capture of the server's own traffic, running until [`SelfCapture::stop`].
pub struct SelfCapture {
    writing: Writing,
}

/// Where the server's clients connect: what the capture's header names.
pub struct Ports {
    pub thrift: SocketAddr,
    pub native: Option<SocketAddr>,
    /// How the Thrift listener picks a call's API generation (the schema
    /// is asked as a framed client would ask it).
    pub generations: GenerationPolicy,
}

impl SelfCapture {
    /// Opens `file`, writes its header and `node`'s schema, and returns the
    /// tap to hand to every front end before it serves.
    pub async fn start(
        node: &Arc<Node>,
        ports: Ports,
        file: &Path,
    ) -> Result<(Taps, SelfCapture), SelfCaptureError> {
        let mut file = CaptureWriter::create(file, None, 0)?;
        let started_us = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_micros() as i64)
            .unwrap_or(0);
        let to = ports.thrift.to_string();
        let head = Record::Capture {
            format: FORMAT,
            started_us,
            to: to.clone(),
            protocol: if ports.native.is_some() {
                "thrift,native"
            } else {
                "thrift"
            }
            .into(),
            native_to: ports.native.map(|a| a.to_string()),
        };
        let (n, policy) = (node.clone(), ports.generations);
        let reply = tokio::task::spawn_blocking(move || {
            let mut session = Session::with_policy(policy);
            session.framing = Some(Framing::Framed);
            dispatch::handle(&n, &mut session, &schema::describe_keyspaces_request())
        })
        .await;
        let reply = match reply {
            Ok(Ok(Some(m))) => Ok(m),
            Ok(Ok(None)) => Err("no reply".to_string()),
            Ok(Err(e)) => Err(e.0),
            Err(e) => Err(e.to_string()),
        }
        .map_err(|why| SchemaError::Reply {
            addr: to.clone(),
            why,
        });
        file.header(&head)?;
        file.header(&schema::record(&to, reply))?;
        let (rec, writing) = writer::start(file, Instant::now())?;
        let tap = Taps(Arc::new(CaptureTap::new(rec, MAX_MESSAGE)));
        Ok((tap, SelfCapture { writing }))
    }

    /// Returns once what was recorded is written (after the front ends stopped).
    pub async fn stop(self) {
        self.writing.stop().await;
    }
}
