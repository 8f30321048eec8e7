//! Getting onto a cluster safely, before anything is served: each contact
//! point is asked one native-protocol `OPTIONS` under the connect deadline
//! ([`handshake`]), so that a port that accepts and never answers, or a
//! peer that announces a frame no CQL server would send, fails start-up in
//! seconds with a message that names it (the driver would wait on it, or
//! allocate what the peer announced); the driver's session is then built
//! under a deadline too, on the nodes that answer (`admit`: the ring's other
//! nodes are asked the same before the driver connects to them), and the
//! cluster's own description read from its
//! `system.local` ([`ClusterFacts`]): its name, partitioner and release,
//! which the gateway serves instead of its configuration's.
//!
//! A [`Connection`] holds a session and serves no schema: the caller checks
//! the facts, then hands it the schema to serve ([`Connection::serve`]),
//! saying whether the keyspaces and tables the cluster lacks are created
//! there ([`SchemaSync`]). [`points_at`] tells whether a URL names one of
//! the server's own listening addresses. This module must not read or
//! write rows.

use super::values::RawRow;
use super::{block_on, ddl, ClusterUrl, GatewayError, GatewayResult, Inner, OwnRuntime};
use crate::schema::Schema;
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What the cluster says of itself in `system.local`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClusterFacts {
    pub cluster_name: String,
    /// The partitioner's class name.
    pub partitioner: String,
    pub release_version: String,
    pub cql_version: String,
}

impl ClusterFacts {
    /// Refuses a cluster whose partitioner is not `served` (a class name):
    /// tokens, ranges and key order would not be the ones the clients are
    /// told.
    pub fn check_partitioner(&self, served: &str) -> GatewayResult<()> {
        let theirs = crate::partitioner::by_name(&self.partitioner).map_err(|e| {
            GatewayError::Invalid(format!(
                "the cluster uses {}, which supercolumn cannot serve: {}",
                self.partitioner, e.0
            ))
        })?;
        if theirs.class_name() != served {
            return Err(GatewayError::Invalid(format!(
                "the cluster uses {} but the configuration names {served}; a gateway serves \
                 the cluster's partitioner: name {} in the configuration, or leave it out",
                theirs.class_name(),
                theirs.class_name()
            )));
        }
        Ok(())
    }

    /// The release's major version (0 when it does not say).
    pub fn major(&self) -> u32 {
        self.release_version
            .split(|c: char| !c.is_ascii_digit())
            .next()
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }
}

/// What [`Connection::serve`] does with the keyspaces and tables of the
/// schema that the cluster lacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchemaSync {
    /// Creates them (`serve --create-schema`, `migrate`).
    Create,
    /// Leaves the cluster as it is and logs what it lacks: calls on those
    /// get the cluster's refusal. Schema changes made through the gateway
    /// later are made in the cluster all the same.
    Leave,
}

/// A session on a cluster, not serving a schema yet.
pub struct Connection {
    session: Session,
    facts: ClusterFacts,
    url: ClusterUrl,
    driver: tokio::runtime::Handle,
    own: OwnRuntime,
}

/// The largest answer to `OPTIONS` taken: a `SUPPORTED` map is a few
/// hundred bytes; a peer announcing more is not a CQL server.
const MAX_OPTIONS_FRAME: u32 = 1 << 20;

/// A v4 `OPTIONS` request on stream 1.
const OPTIONS: [u8; 9] = [0x04, 0, 0, 1, 0x05, 0, 0, 0, 0];

impl Connection {
    /// Connects with the driver on a small runtime of the connection's own.
    pub fn open(url: &ClusterUrl) -> GatewayResult<Connection> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("gateway")
            .enable_all()
            .build()
            .map_err(|e| GatewayError::Internal(format!("cannot start the driver runtime: {e}")))?;
        Self::start(url, runtime.handle().clone(), OwnRuntime(Some(runtime)))
    }

    /// [`Connection::open`] with the driver's tasks on `runtime`, a
    /// multi-thread runtime the caller keeps running for as long as the
    /// cluster is used (a server's own: its workers then drive the
    /// cluster's sockets beside the clients'). Not to be called from an
    /// async context.
    pub fn open_on(url: &ClusterUrl, runtime: tokio::runtime::Handle) -> GatewayResult<Connection> {
        if runtime.runtime_flavor() != tokio::runtime::RuntimeFlavor::MultiThread {
            return Err(GatewayError::Internal(
                "the cluster backend's driver needs a multi-thread runtime".into(),
            ));
        }
        Self::start(url, runtime, OwnRuntime(None))
    }

    fn start(
        url: &ClusterUrl,
        driver: tokio::runtime::Handle,
        own: OwnRuntime,
    ) -> GatewayResult<Connection> {
        let deadline = url.connect_timeout;
        let hosts = block_on(&driver, answering_hosts(&url.hosts, deadline))?;
        let admitted = Arc::new(super::admit::Answering::new(&hosts, deadline));
        let profile = ExecutionProfile::builder()
            .consistency(url.consistency.driver())
            .request_timeout(Some(url.timeout))
            .build()
            .into_handle();
        let builder = SessionBuilder::new()
            .known_nodes(&hosts)
            .connection_timeout(deadline)
            .default_execution_profile_handle(profile)
            // The contact points that answered alone, then the other nodes
            // that answer (see `admit`).
            .host_filter(admitted.clone())
            // Keyspaces' replication (for token-aware routing) only: the
            // gateway knows its tables from supercolumn's schema and does
            // not depend on the driver's view of them.
            .fetch_full_schema_metadata(false)
            // Agreement is awaited by `ddl`, under its own deadline.
            .auto_await_schema_agreement(false);
        // The driver's start reads the cluster's topology after the
        // handshakes: a few round trips, each bounded by the deadline.
        let build_deadline = deadline * 3;
        let shown = hosts.join(",");
        let session = block_on(&driver, async move {
            match tokio::time::timeout(build_deadline, builder.build()).await {
                Ok(session) => session.map_err(GatewayError::from),
                Err(_) => Err(GatewayError::Unreachable(format!(
                    "the driver's start-up on {shown} did not finish within {build_deadline:?}"
                ))),
            }
        })?;
        block_on(&driver, admitted.admit_others(&session))?;
        let facts = block_on(&driver, read_facts(&session, url.timeout))?;
        tracing::info!(
            cluster = %facts.cluster_name,
            partitioner = %facts.partitioner,
            release = %facts.release_version,
            cql = %facts.cql_version,
            "cluster"
        );
        Ok(Connection {
            session,
            facts,
            url: url.clone(),
            driver,
            own,
        })
    }

    pub fn facts(&self) -> &ClusterFacts {
        &self.facts
    }

    /// Serves `schema` on this connection: its tables are laid out as the
    /// cluster's release stores them, and what the cluster lacks is created
    /// or left as `sync` says.
    pub fn serve(self, schema: Arc<Schema>, sync: SchemaSync) -> GatewayResult<super::Cluster> {
        let storage = self.url.storage.unwrap_or_else(|| {
            super::layout::storage_of(&self.facts.release_version, &self.facts.cql_version)
        });
        let inner = Arc::new(Inner {
            session: self.session,
            statements: super::statements::Statements::default(),
            layouts: super::layout::Layouts::default(),
            schema: parking_lot::RwLock::new(schema.clone()),
            url: self.url,
            storage,
            // Cassandra 3.0+ fails a reversed slice of one super column's
            // sub-columns (see `reads`).
            forward_sub_slices: self.facts.major() >= 3,
            facts: self.facts,
            custom: super::custom::CustomTables::default(),
            errors: super::error::ErrorCounts::default(),
        });
        let cluster = super::Cluster {
            inner,
            driver: self.driver,
            _own: self.own,
        };
        match sync {
            SchemaSync::Create => cluster.block(ddl::sync(&cluster.inner, None, &schema))?,
            SchemaSync::Leave => cluster.block(ddl::report_missing(&cluster.inner, &schema))?,
        }
        Ok(cluster)
    }
}

/// The contact points that answer [`handshake`], all asked at once; an
/// error naming each one's failure when none does.
async fn answering_hosts(hosts: &[String], deadline: Duration) -> GatewayResult<Vec<String>> {
    let asked = hosts
        .iter()
        .map(|h| async move { (h, handshake(h, deadline).await) });
    let mut ok = Vec::new();
    let mut failures = Vec::new();
    for (host, outcome) in futures_util::future::join_all(asked).await {
        match outcome {
            Ok(()) => ok.push(host.clone()),
            Err(why) => {
                tracing::warn!("cluster contact point {host}: {why}");
                failures.push(why);
            }
        }
    }
    if ok.is_empty() {
        return Err(GatewayError::Unreachable(failures.join("; ")));
    }
    Ok(ok)
}

/// Connects to `host` and asks it `OPTIONS` (protocol v4), all within
/// `deadline`; the reason, naming the host, when it is not a CQL native
/// protocol server the driver can talk to.
pub async fn handshake(host: &str, deadline: Duration) -> Result<(), String> {
    let ms = deadline.as_millis();
    let mut stream =
        match tokio::time::timeout(deadline, tokio::net::TcpStream::connect(host)).await {
            Ok(Ok(s)) => s,
            Ok(Err(e)) => return Err(format!("cannot connect to {host}: {e}")),
            Err(_) => return Err(format!("no connection to {host} within {ms} ms")),
        };
    let exchange = options_exchange(&mut stream, host);
    match tokio::time::timeout(deadline, exchange).await {
        Ok(Ok(outcome)) => outcome,
        Ok(Err(e)) => Err(format!(
            "{host} closed the connection during the native protocol handshake ({e})"
        )),
        Err(_) => Err(format!(
            "{host} accepted the connection but did not answer the native protocol's \
             OPTIONS within {ms} ms (is it a CQL native port?)"
        )),
    }
}

/// `OPTIONS` written, its answer read: `Err` inside when the answer is not
/// a v4 `SUPPORTED` (a frame longer than [`MAX_OPTIONS_FRAME`] is never read).
async fn options_exchange(
    stream: &mut tokio::net::TcpStream,
    host: &str,
) -> std::io::Result<Result<(), String>> {
    stream.write_all(&OPTIONS).await?;
    let mut header = [0u8; 9];
    stream.read_exact(&mut header).await?;
    let length = u32::from_be_bytes([header[5], header[6], header[7], header[8]]);
    if header[0] & 0x80 == 0 || length > MAX_OPTIONS_FRAME {
        return Ok(Err(format!(
            "{host} answered OPTIONS with a frame of {length} bytes (header {header:02x?}): \
             not a CQL native protocol server"
        )));
    }
    if header[0] & 0x7f != 4 {
        return Ok(Err(format!(
            "{host} speaks native protocol v{} only; the gateway needs v4 (Cassandra 2.2 or later)",
            header[0] & 0x7f
        )));
    }
    let mut body = vec![0u8; length as usize];
    stream.read_exact(&mut body).await?;
    Ok(match header[4] {
        0x06 => Ok(()),
        op => Err(format!(
            "{host} answered OPTIONS with opcode {op:#04x}: {}",
            String::from_utf8_lossy(body.get(6..).unwrap_or_default())
        )),
    })
}

/// `system.local`'s description of the node the driver asks.
async fn read_facts(session: &Session, deadline: Duration) -> GatewayResult<ClusterFacts> {
    let query = session.query_unpaged(
        "SELECT cluster_name, partitioner, release_version, cql_version FROM system.local",
        (),
    );
    let result = tokio::time::timeout(deadline, query).await.map_err(|_| {
        GatewayError::Unreachable(format!("system.local was not read within {deadline:?}"))
    })??;
    let rows = result
        .into_rows_result()
        .map_err(|e| GatewayError::Internal(format!("system.local: {e}")))?;
    let mut row = rows
        .maybe_first_row::<RawRow>()
        .map_err(|e| GatewayError::Internal(format!("system.local: {e}")))?
        .ok_or_else(|| GatewayError::Internal("system.local has no row".into()))?;
    let mut text = |i| {
        row.bytes(i)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    Ok(ClusterFacts {
        cluster_name: text(0),
        partitioner: text(1),
        release_version: text(2),
        cql_version: text(3),
    })
}

/// The first of `url`'s contact points that is one of `listening` (the
/// server's own addresses: a wildcard address stands for each of this
/// machine's), as `host:port`; `None` when none is. A name that does not
/// resolve is not this server.
pub fn points_at(url: &ClusterUrl, listening: &[SocketAddr]) -> Option<String> {
    url.hosts.iter().find_map(|host| {
        let addrs: Vec<SocketAddr> = host.to_socket_addrs().ok()?.collect();
        addrs
            .iter()
            .any(|a| listening.iter().any(|l| same_socket(*a, *l)))
            .then(|| host.clone())
    })
}

fn same_socket(target: SocketAddr, listening: SocketAddr) -> bool {
    target.port() == listening.port()
        && (target.ip() == listening.ip()
            || (listening.ip().is_unspecified() && is_local(target.ip())))
}

/// Whether `ip` is one of this machine's addresses: loopback, or one a
/// socket can be bound to.
fn is_local(ip: IpAddr) -> bool {
    ip.is_loopback()
        || ip.is_unspecified()
        || std::net::UdpSocket::bind(SocketAddr::new(ip, 0)).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> ClusterUrl {
        ClusterUrl::parse(text).unwrap()
    }

    #[test]
    fn a_url_naming_a_listening_address_is_found() {
        let native: SocketAddr = "127.0.0.1:19042".parse().unwrap();
        let thrift: SocketAddr = "0.0.0.0:19160".parse().unwrap();
        let ours = [thrift, native];
        assert_eq!(
            points_at(&url("cassandra://127.0.0.1:19042"), &ours).as_deref(),
            Some("127.0.0.1:19042")
        );
        assert_eq!(
            points_at(&url("cassandra://localhost:19160"), &ours).as_deref(),
            Some("localhost:19160")
        );
        // Another port, or an address this machine does not have.
        assert_eq!(points_at(&url("cassandra://127.0.0.1:19043"), &ours), None);
        assert_eq!(points_at(&url("cassandra://192.0.2.1:19160"), &ours), None);
        assert_eq!(
            points_at(&url("cassandra://no-such-host.invalid:19160"), &ours),
            None
        );
    }

    #[test]
    fn the_release_major_is_read_from_its_text() {
        let facts = |r: &str| ClusterFacts {
            release_version: r.into(),
            ..ClusterFacts::default()
        };
        assert_eq!(facts("3.11.10").major(), 3);
        assert_eq!(facts("4.0.0").major(), 4);
        assert_eq!(facts("2.1.22").major(), 2);
        assert_eq!(facts("").major(), 0);
    }

    #[test]
    fn a_silent_port_and_a_huge_frame_fail_the_handshake_in_time() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async {
            let silent = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let host = silent.local_addr().unwrap().to_string();
            let held = tokio::spawn(async move {
                let (s, _) = silent.accept().await.unwrap();
                tokio::time::sleep(Duration::from_secs(5)).await;
                drop(s);
            });
            let started = std::time::Instant::now();
            let e = handshake(&host, Duration::from_millis(300))
                .await
                .unwrap_err();
            assert!(e.contains("did not answer"), "{e}");
            assert!(started.elapsed() < Duration::from_secs(2));
            held.abort();

            let huge = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            let host = huge.local_addr().unwrap().to_string();
            tokio::spawn(async move {
                let (mut s, _) = huge.accept().await.unwrap();
                let mut req = [0u8; 9];
                s.read_exact(&mut req).await.unwrap();
                s.write_all(&[0x84, 0, 0, 1, 0x06, 0x7f, 0xff, 0xff, 0xff])
                    .await
                    .unwrap();
                tokio::time::sleep(Duration::from_secs(5)).await;
            });
            let e = handshake(&host, Duration::from_millis(300))
                .await
                .unwrap_err();
            assert!(e.contains("2147483647 bytes"), "{e}");
        });
    }
}
