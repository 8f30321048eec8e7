//! How long the gateway waits for each kind of request: the cluster's own
//! coordinator timeout for it, plus a twentieth ([`Deadlines`]).
//!
//! A coordinator that is alive answers within its own timeout
//! (`read_request_timeout_in_ms` and its siblings in cassandra.yaml) even
//! when replicas do not: with a typed timeout that says how many answered.
//! Waiting a twentieth longer lets that answer arrive first (a live
//! coordinator's comes within a few milliseconds of its timeout); a request
//! still unanswered then was sent to a node that has stopped answering, and
//! is answered as a timeout of its kind about when the cluster would have
//! answered it, not at the client's own deadline. The other twentieth is
//! the answer's way back: a client sees every timeout within the cluster's
//! timeout plus a tenth (a gateway waiting the full tenth answered 2-4 ms
//! past it, measured against 3.11 by scripts/gateway-hung-check.sh). The timeouts are the
//! release's defaults unless the backend URL names them (a cluster
//! configured otherwise), and every wait is bounded by the URL's
//! `timeout_ms`. Plain numbers: this module must not know a statement.

use super::url::ClusterUrl;
use std::time::Duration;

/// The cluster's coordinator timeouts, as its release sets them by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClusterTimeouts {
    pub read: Duration,
    pub write: Duration,
    pub range: Duration,
    pub counter_write: Duration,
}

impl ClusterTimeouts {
    /// The defaults of a release of major version `major`: 1.2's
    /// cassandra.yaml waits 10 s for everything; 2.0 on wait 5 s for a read,
    /// 2 s for a write, 10 s for a range and 5 s for a counter write.
    pub fn of_release(major: u32) -> ClusterTimeouts {
        let ms = Duration::from_millis;
        if major < 2 {
            ClusterTimeouts {
                read: ms(10_000),
                write: ms(10_000),
                range: ms(10_000),
                counter_write: ms(10_000),
            }
        } else {
            ClusterTimeouts {
                read: ms(5_000),
                write: ms(2_000),
                range: ms(10_000),
                counter_write: ms(5_000),
            }
        }
    }
}

/// What a request is, for its deadline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asked {
    Read,
    Range,
    Write,
    CounterWrite,
    /// Anything else (a truncate, schema work): the URL's `timeout_ms`.
    Other,
}

/// The gateway's wait for each kind of request.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadlines {
    cluster: ClusterTimeouts,
    ceiling: Duration,
}

impl Deadlines {
    /// The waits for a cluster of release major `major` reached at `url`.
    pub fn new(url: &ClusterUrl, major: u32) -> Deadlines {
        let defaults = ClusterTimeouts::of_release(major);
        let given = url.cluster_timeouts;
        Deadlines {
            cluster: ClusterTimeouts {
                read: given.read.unwrap_or(defaults.read),
                write: given.write.unwrap_or(defaults.write),
                range: given.range.unwrap_or(defaults.range),
                counter_write: given.counter_write.unwrap_or(defaults.counter_write),
            },
            ceiling: url.timeout,
        }
    }

    /// The cluster's own timeout for `asked` (`None`: it has none of its
    /// own, the URL's `timeout_ms` is the wait).
    pub fn cluster(&self, asked: Asked) -> Option<Duration> {
        let c = &self.cluster;
        match asked {
            Asked::Read => Some(c.read),
            Asked::Range => Some(c.range),
            Asked::Write => Some(c.write),
            Asked::CounterWrite => Some(c.counter_write),
            Asked::Other => None,
        }
    }

    /// How long the gateway waits for `asked`'s answer.
    pub fn wait(&self, asked: Asked) -> Duration {
        match self.cluster(asked) {
            Some(own) => (own + own / 20).min(self.ceiling),
            None => self.ceiling,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_waits_its_clusters_timeout_and_a_twentieth_within_the_ceiling() {
        let url = ClusterUrl::parse("cassandra://a").unwrap();
        let d = Deadlines::new(&url, 3);
        assert_eq!(d.wait(Asked::Write), Duration::from_millis(2_100));
        assert_eq!(d.wait(Asked::Read), Duration::from_millis(5_250));
        assert_eq!(d.wait(Asked::Range), Duration::from_millis(10_500));
        assert_eq!(d.wait(Asked::CounterWrite), Duration::from_millis(5_250));
        assert_eq!(d.wait(Asked::Other), Duration::from_millis(12_000));
        // 1.2 waits 10 s for a write.
        assert_eq!(
            Deadlines::new(&url, 1).wait(Asked::Write),
            Duration::from_millis(10_500)
        );
        let tight =
            ClusterUrl::parse("cassandra://a?timeout_ms=3000&write_timeout_ms=500").unwrap();
        let d = Deadlines::new(&tight, 3);
        assert_eq!(d.wait(Asked::Write), Duration::from_millis(525));
        assert_eq!(d.wait(Asked::Read), Duration::from_millis(3_000));
        assert_eq!(d.cluster(Asked::Write), Some(Duration::from_millis(500)));
    }
}
