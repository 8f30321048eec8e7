//! The cluster's address as `serve --backend` and the config's `Backend` /
//! `backend` take it: `cassandra://HOST[:PORT][,HOST[:PORT]...][?OPTIONS]`.
//!
//! Options (`&`-separated `name=value`):
//! - `consistency=ONE|TWO|THREE|QUORUM|ALL|LOCAL_QUORUM|EACH_QUORUM|LOCAL_ONE`:
//!   the level of calls that carry none (CQL over Thrift at 1.2's ONE is
//!   passed as it came; the native front end, schema work). Default ONE.
//! - `timeout_ms=N`: the longest wait for any request (default 12000);
//!   schema work and truncates wait this long.
//! - `read_timeout_ms=N`, `write_timeout_ms=N`, `range_timeout_ms=N`,
//!   `counter_write_timeout_ms=N`: the cluster's own coordinator timeouts
//!   (cassandra.yaml's `*_request_timeout_in_ms`; by default its release's
//!   defaults): the gateway waits each plus a twentieth (`deadline`).
//! - `hang_ms=N`: a node sent a request that has answered nothing for N ms
//!   is asked a handshake on a new connection; until it answers, it is
//!   tried last (default 500; `cluster::silence`).
//! - `keepalive_ms=N`: each connection is sent a keepalive `OPTIONS` every
//!   N ms and dropped when one is unanswered after 2N (default 2000): a
//!   stopped node's connections are then given up within 3N, and nothing
//!   waits on them (the driver prepares a statement on every connected node).
//! - `retry=cluster|driver`: pass the cluster's answers through and retry
//!   only what no coordinator answered (default, `cluster::retry`), or the
//!   driver's own retry policy.
//! - `speculative_ms=N`: a read unanswered after N ms is also sent to the
//!   next node, the first answer taken (default: off, as Cassandra's own
//!   drivers ship it).
//! - `connect_timeout_ms=N`: the first connection's (default 5000).
//! - `create_schema=true|false`: `serve --create-schema` (create the
//!   configuration's keyspaces and tables the cluster lacks at start).
//! - `storage=compact|noncompact`: how Thrift CFs are made into tables
//!   (`gateway::layout`); by default, compact unless the cluster is
//!   Cassandra 4.0+ (its `system.local` release and CQL versions).
//!
//! This module only parses; it must not connect.

use super::error::GatewayError;
use super::facts::Storage;
use crate::call::Consistency;
use std::time::Duration;

/// The native protocol's port when none is given.
pub const DEFAULT_PORT: u16 = 9042;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterUrl {
    /// `host:port` of every contact point, in the order given.
    pub hosts: Vec<String>,
    pub consistency: Consistency,
    pub timeout: Duration,
    pub connect_timeout: Duration,
    /// `None`: decided from the cluster's versions.
    pub storage: Option<Storage>,
    /// The schema's keyspaces and tables are created at start.
    pub create_schema: bool,
    /// The cluster's coordinator timeouts the URL names (see `deadline`).
    pub cluster_timeouts: GivenTimeouts,
    /// How long a node may leave a request unanswered before it is asked
    /// whether it answers at all (see `cluster::silence`).
    pub hang: Duration,
    /// The keepalive interval (the timeout is twice it).
    pub keepalive: Duration,
    pub retry: Retry,
    /// The delay before a read is also sent to the next node (`None`: never).
    pub speculative: Option<Duration>,
}

/// The coordinator timeouts a URL names; `None` for the release's default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GivenTimeouts {
    pub read: Option<Duration>,
    pub write: Option<Duration>,
    pub range: Option<Duration>,
    pub counter_write: Option<Duration>,
}

/// Which requests the gateway sends again on its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Retry {
    /// Only what no coordinator answered (`cluster::retry`).
    #[default]
    Cluster,
    /// The driver's default retry policy.
    Driver,
}

impl ClusterUrl {
    pub fn parse(text: &str) -> Result<ClusterUrl, GatewayError> {
        let bad = |why: String| GatewayError::Invalid(format!("backend URL {text:?}: {why}"));
        let rest = text
            .strip_prefix("cassandra://")
            .ok_or_else(|| bad("expected cassandra://HOST[:PORT][,HOST...][?options]".into()))?;
        let (hosts_part, query) = match rest.split_once('?') {
            Some((h, q)) => (h, Some(q)),
            None => (rest, None),
        };
        let hosts_part = hosts_part.trim_end_matches('/');
        let mut hosts = Vec::new();
        for h in hosts_part.split(',') {
            hosts.push(host_port(h).map_err(bad)?);
        }
        let mut url = ClusterUrl {
            hosts,
            consistency: Consistency::One,
            timeout: Duration::from_millis(12_000),
            connect_timeout: Duration::from_millis(5_000),
            storage: None,
            create_schema: false,
            cluster_timeouts: GivenTimeouts::default(),
            hang: Duration::from_millis(500),
            keepalive: Duration::from_millis(2000),
            retry: Retry::Cluster,
            speculative: None,
        };
        let mut given: Vec<&str> = Vec::new();
        for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
            let (name, value) = pair
                .split_once('=')
                .ok_or_else(|| bad(format!("option {pair:?} has no value")))?;
            // Which of two values was meant cannot be told.
            if given.contains(&name) {
                return Err(bad(format!("option {name:?} is given more than once")));
            }
            given.push(name);
            match name {
                "consistency" => {
                    url.consistency = Consistency::from_name(value)
                        .ok_or_else(|| bad(format!("unknown consistency level {value:?}")))?
                }
                "timeout_ms" => url.timeout = millis(value).map_err(bad)?,
                "connect_timeout_ms" => url.connect_timeout = millis(value).map_err(bad)?,
                "read_timeout_ms" => url.cluster_timeouts.read = Some(millis(value).map_err(bad)?),
                "write_timeout_ms" => {
                    url.cluster_timeouts.write = Some(millis(value).map_err(bad)?)
                }
                "range_timeout_ms" => {
                    url.cluster_timeouts.range = Some(millis(value).map_err(bad)?)
                }
                "counter_write_timeout_ms" => {
                    url.cluster_timeouts.counter_write = Some(millis(value).map_err(bad)?)
                }
                "hang_ms" => url.hang = millis(value).map_err(bad)?,
                "keepalive_ms" => url.keepalive = millis(value).map_err(bad)?,
                "speculative_ms" => url.speculative = Some(millis(value).map_err(bad)?),
                "retry" => {
                    url.retry = match value {
                        "cluster" => Retry::Cluster,
                        "driver" => Retry::Driver,
                        _ => return Err(bad(format!("retry {value:?}: cluster or driver"))),
                    }
                }
                "create_schema" => {
                    url.create_schema = match value {
                        "true" => true,
                        "false" => false,
                        _ => return Err(bad(format!("create_schema {value:?}: true or false"))),
                    }
                }
                "storage" => {
                    url.storage = Some(match value {
                        "compact" => Storage::Compact,
                        "noncompact" => Storage::NonCompact,
                        _ => return Err(bad(format!("storage {value:?}: compact or noncompact"))),
                    })
                }
                other => return Err(bad(format!("unknown option {other:?}"))),
            }
        }
        Ok(url)
    }
}

/// `HOST`, `HOST:PORT`, `[V6]` or `[V6]:PORT`, as `host:port`.
fn host_port(h: &str) -> Result<String, String> {
    if h.is_empty() {
        return Err("an empty host".into());
    }
    let (host, port) = if let Some(v6) = h.strip_prefix('[') {
        let (addr, after) = v6
            .split_once(']')
            .ok_or_else(|| format!("{h:?}: unclosed ["))?;
        let port = match after.strip_prefix(':') {
            Some(p) => Some(p),
            None if after.is_empty() => None,
            None => return Err(format!("{h:?}: expected :PORT after ]")),
        };
        (format!("[{addr}]"), port)
    } else {
        match h.split_once(':') {
            Some((host, port)) => (host.to_string(), Some(port)),
            None => (h.to_string(), None),
        }
    };
    if host.is_empty() || host.contains(['/', '@', ' ']) {
        return Err(format!("{h:?} is not a host name or address"));
    }
    let port = match port {
        None => DEFAULT_PORT,
        Some(p) => p
            .parse::<u16>()
            .ok()
            .filter(|&p| p > 0)
            .ok_or_else(|| format!("{h:?}: the port must be 1-65535"))?,
    };
    Ok(format!("{host}:{port}"))
}

fn millis(v: &str) -> Result<Duration, String> {
    v.parse::<u64>()
        .ok()
        .filter(|&ms| ms > 0)
        .map(Duration::from_millis)
        .ok_or_else(|| format!("{v:?} is not a positive number of milliseconds"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_ports_and_options() {
        let u =
            ClusterUrl::parse("cassandra://a,b:9999,[::1]:19042?consistency=QUORUM&timeout_ms=500")
                .unwrap();
        assert_eq!(u.hosts, ["a:9042", "b:9999", "[::1]:19042"]);
        assert_eq!(u.consistency, Consistency::Quorum);
        assert_eq!(u.timeout, Duration::from_millis(500));
        let plain = ClusterUrl::parse("cassandra://127.0.0.1/").unwrap();
        assert_eq!(plain.hosts, ["127.0.0.1:9042"]);
        assert_eq!(plain.consistency, Consistency::One);
        assert_eq!(plain.storage, None);
        let four = ClusterUrl::parse("cassandra://a?storage=noncompact").unwrap();
        assert_eq!(four.storage, Some(Storage::NonCompact));
        assert_eq!(plain.hang, Duration::from_millis(500));
        assert_eq!(plain.retry, Retry::Cluster);
        assert_eq!(plain.speculative, None);
        assert_eq!(plain.cluster_timeouts, GivenTimeouts::default());
        let tuned = ClusterUrl::parse(
            "cassandra://a?write_timeout_ms=1000&read_timeout_ms=3000&range_timeout_ms=9000\
             &counter_write_timeout_ms=4000&hang_ms=200&retry=driver&speculative_ms=50\
             &keepalive_ms=700",
        )
        .unwrap();
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(
            tuned.cluster_timeouts,
            GivenTimeouts {
                read: ms(3000),
                write: ms(1000),
                range: ms(9000),
                counter_write: ms(4000),
            }
        );
        assert_eq!(tuned.hang, Duration::from_millis(200));
        assert_eq!(tuned.keepalive, Duration::from_millis(700));
        assert_eq!(plain.keepalive, Duration::from_millis(2000));
        assert_eq!(tuned.retry, Retry::Driver);
        assert_eq!(tuned.speculative, ms(50));
    }

    #[test]
    fn bad_urls_say_why() {
        for (text, why) in [
            ("http://a", "expected cassandra://"),
            ("cassandra://", "empty host"),
            ("cassandra://a,,b", "empty host"),
            ("cassandra://a:0", "port must be"),
            ("cassandra://a:x", "port must be"),
            ("cassandra://a?consistency=SOME", "unknown consistency"),
            ("cassandra://a?colour=red", "unknown option"),
            ("cassandra://a?timeout_ms=0", "positive number"),
            ("cassandra://a?storage=dense", "compact or noncompact"),
            ("cassandra://a?retry=always", "cluster or driver"),
            ("cassandra://a?hang_ms=0", "positive number"),
            ("cassandra://a?write_timeout_ms=x", "positive number"),
            ("cassandra://[::1", "unclosed"),
            (
                "cassandra://a?timeout_ms=100&timeout_ms=200",
                "option \"timeout_ms\" is given more than once",
            ),
            (
                "cassandra://a?consistency=ONE&storage=compact&consistency=ONE",
                "option \"consistency\" is given more than once",
            ),
        ] {
            let e = ClusterUrl::parse(text).unwrap_err().to_string();
            assert!(e.contains(why), "{text}: {e}");
        }
    }
}
