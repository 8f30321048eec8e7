//! A tap on the front ends' traffic: the border through which a tool above
//! (`serve --capture`) sees every byte a Thrift or native-protocol client
//! sent and every byte the server wrote back, inside the server's own
//! connection tasks, so recording costs no second socket hop. Owns only the
//! border: the front ends hand bytes over in wire order and never look at
//! what the tap does with them; the tap must not alter or delay traffic
//! beyond the backpressure [`ConnTap::sent`] may apply.

use std::fmt;
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

/// What a front end asks of a tap when a client connects.
pub trait Tap: Send + Sync {
    /// A client connected from `peer` (`native`: on the native protocol's
    /// port, else on Thrift's); its traffic goes to what this returns.
    fn open(&self, peer: SocketAddr, native: bool) -> Arc<dyn ConnTap>;
}

/// One connection's traffic, handed over in wire order.
pub trait ConnTap: Send + Sync {
    /// Bytes the client sent, exactly as they arrived (whole messages or
    /// any cut of the stream). The front end awaits it before it runs what
    /// the bytes ask: a recording that falls behind slows the client
    /// (bounded memory), it never drops or reorders.
    fn sent<'a>(&'a self, bytes: &'a [u8]) -> Pin<Box<dyn Future<Output = ()> + Send + 'a>>;
    /// Bytes the server wrote back, exactly as written, before they go
    /// out. Never waits: a reply answers a request [`ConnTap::sent`]
    /// already let through, so what is queued here stays bounded by what
    /// is in flight.
    fn answered(&self, bytes: &[u8]);
    /// The connection ended (`by`: `client` when the client closed it,
    /// `server` when the server did).
    fn closed(&self, by: &str);
}

/// A tap as the front ends' options carry it.
#[derive(Clone)]
pub struct Taps(pub Arc<dyn Tap>);

impl fmt::Debug for Taps {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Taps(..)")
    }
}

/// Closes a connection's tap when its task ends, however it ends; the
/// task says `client` where the client closed it.
pub struct TapGuard {
    pub tap: Arc<dyn ConnTap>,
    pub by: &'static str,
}

impl TapGuard {
    pub fn open(taps: &Option<Taps>, peer: SocketAddr, native: bool) -> Option<TapGuard> {
        taps.as_ref().map(|t| TapGuard {
            tap: t.0.open(peer, native),
            by: "server",
        })
    }
}

impl Drop for TapGuard {
    fn drop(&mut self) {
        self.tap.closed(self.by);
    }
}
