//! Watching the calls a front end answers, for metrics: the front end
//! reports each call once, with facts it already has (no parsing beyond
//! the method name, no allocation), to the observer installed on the node.
//! Protocol-neutral: the API generation and method are plain labels.
//!
//! An observer must be cheap (a few atomic adds): it runs on the call's
//! thread before the reply is sent.

use std::time::Duration;

/// One answered call.
#[derive(Clone, Copy, Debug)]
pub struct CallSeen<'a> {
    /// The API generation, e.g. "0.6" or "19".
    pub api: &'static str,
    /// The method name as the request spelled it (raw bytes: unchecked UTF-8).
    pub method: &'a [u8],
    /// The reply carried an exception, or there was none (connection closed).
    pub failed: bool,
    /// From the request read whole to the reply ready.
    pub took: Duration,
}

/// Receives every answered call (see the module documentation).
pub trait CallObserver: Send + Sync {
    fn call(&self, call: &CallSeen<'_>);
}
