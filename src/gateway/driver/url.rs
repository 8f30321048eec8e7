//! The cluster's address as `serve --backend` and the config's `Backend` /
//! `backend` take it: `cassandra://HOST[:PORT][,HOST[:PORT]...][?OPTIONS]`.
//!
//! Options (`&`-separated `name=value`):
//! - `consistency=ONE|TWO|THREE|QUORUM|ALL|LOCAL_QUORUM|EACH_QUORUM|LOCAL_ONE`:
//!   the level of calls that carry none (CQL over Thrift at 1.2's ONE is
//!   passed as it came; the native front end, schema work). Default ONE.
//! - `timeout_ms=N`: a request's client-side timeout (default 12000, more
//!   than Cassandra's own 10 s write and 5 s read timeouts, so that the
//!   cluster's typed timeout arrives first).
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
