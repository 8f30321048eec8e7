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

use super::admit::Answering;
use super::handshake::handshake;
use super::retry::PassThrough;
use super::silence::Silence;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::facts::{storage_of, ClusterFacts};
use crate::gateway::driver::level::driver_level;
use crate::gateway::driver::url::{ClusterUrl, Retry};
use crate::gateway::driver::values::RawRow;
use crate::gateway::session::Inner;
use crate::gateway::{block_on, ddl, OwnRuntime};
use crate::schema::Schema;
use scylla::client::execution_profile::ExecutionProfile;
use scylla::client::session::Session;
use scylla::client::session_builder::SessionBuilder;
use scylla::policies::load_balancing::DefaultPolicy;
use scylla::policies::retry::{DefaultRetryPolicy, RetryPolicy};
use scylla::policies::speculative_execution::{
    SimpleSpeculativeExecutionPolicy, SpeculativeExecutionPolicy,
};
use std::net::{IpAddr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;
use std::time::Duration;

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
        let admitted = Arc::new(Answering::new(&hosts, deadline));
        let profile = profile(url).into_handle();
        let builder = SessionBuilder::new()
            .known_nodes(&hosts)
            .connection_timeout(deadline)
            // A stopped node's connections given up in seconds, not the
            // driver's minute: a prepare waits on every connected node.
            .keepalive_interval(url.keepalive)
            .keepalive_timeout(url.keepalive * 2)
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
    pub fn serve(
        self,
        schema: Arc<Schema>,
        sync: SchemaSync,
    ) -> GatewayResult<crate::gateway::Cluster> {
        let storage = self
            .url
            .storage
            .unwrap_or_else(|| storage_of(&self.facts.release_version, &self.facts.cql_version));
        let inner = Arc::new(Inner::new(
            self.session,
            self.url,
            self.facts,
            storage,
            schema.clone(),
        ));
        let cluster = crate::gateway::Cluster {
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

/// The requests' defaults: the URL's level and longest wait, the driver's
/// token-aware balancing with silent nodes tried last (`silence`), the
/// cluster's answers passed through (`retry`) unless the URL asks for the
/// driver's retries, and reads sent to a second node after the URL's
/// `speculative_ms` when it names one (only idempotent requests are: the
/// statements mark reads so).
fn profile(url: &ClusterUrl) -> ExecutionProfile {
    let balancing = Silence::new(
        DefaultPolicy::builder().build(),
        url.hang,
        url.connect_timeout,
    );
    let retry: Arc<dyn RetryPolicy> = match url.retry {
        Retry::Cluster => Arc::new(PassThrough),
        Retry::Driver => Arc::new(DefaultRetryPolicy::new()),
    };
    let speculative = url.speculative.map(|delay| {
        Arc::new(SimpleSpeculativeExecutionPolicy {
            max_retry_count: 1,
            retry_interval: delay,
        }) as Arc<dyn SpeculativeExecutionPolicy>
    });
    ExecutionProfile::builder()
        .consistency(driver_level(url.consistency))
        .request_timeout(Some(url.timeout))
        .load_balancing_policy(Arc::new(balancing))
        .retry_policy(retry)
        .speculative_execution_policy(speculative)
        .build()
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
}
