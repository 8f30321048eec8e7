//! `serve`'s start-up steps before the ready line, in the order `run` (in
//! `main.rs`) takes them: the listening sockets, the cluster with
//! `--backend` (connected before the schema is built, which takes the
//! cluster's partitioner and name), the schema (the file's, then the saved
//! one), the storage (the embedded engine or the cluster serving the
//! schema) and the node over them. Each step fails with one [`Fatal`]
//! message; none serves a client.

use crate::app::admin_surface;
use crate::app::serve_config::parse_listen;
use crate::{bind, Fatal, ServeArgs};
use std::net::SocketAddr;
use std::sync::Arc;
use supercolumn::auth::Authenticator;
use supercolumn::config::Config;
use supercolumn::gateway::cluster::connect::{points_at, Connection, SchemaSync};
use supercolumn::gateway::driver::facts::ClusterFacts;
use supercolumn::gateway::driver::url::ClusterUrl;
use supercolumn::gateway::Cluster;
use supercolumn::node::Node;
use supercolumn::schema::{NoteLevel, Schema, SchemaStore};
use supercolumn::storage::commitlog::CommitLogError;
use supercolumn::storage::{Engine, EngineOptions, StorageError};
use tokio::net::TcpListener;

/// Every port `serve` listens on, bound before storage is opened: a port
/// in use fails the start before the commit log or the schema store is
/// touched.
pub(crate) struct Listeners {
    /// Thrift, on the configured address and port.
    pub thrift: TcpListener,
    /// Where `thrift` listens (port 0 resolved).
    pub local: SocketAddr,
    /// Thrift pinned to the 1.x API (`<Thrift19Port>`).
    pub thrift19: Option<TcpListener>,
    pub admin: Option<TcpListener>,
    pub native: Option<TcpListener>,
}

impl Listeners {
    /// Every address a listener is bound to (port 0 resolved).
    pub fn addresses(&self) -> Vec<SocketAddr> {
        let others = [&self.thrift19, &self.admin, &self.native];
        let others = others
            .into_iter()
            .flatten()
            .filter_map(|l| l.local_addr().ok());
        std::iter::once(self.local).chain(others).collect()
    }

    pub async fn bind(config: &Config, args: &ServeArgs) -> Result<Listeners, Fatal> {
        let host = config.thrift_listen_address().to_string();
        let thrift = bind(&host, config.thrift_port, Some("--listen HOST:PORT")).await?;
        let local: SocketAddr = thrift.local_addr()?;
        let thrift19 = match config.thrift19_port {
            Some(port) => Some(bind(&host, port, None).await?),
            None => None,
        };
        let admin = admin_surface::bind_admin(config.admin_listen.as_ref()).await?;
        let native = match (&args.native_listen, config.native_port) {
            // A release before 1.2 had no native transport: nothing listens.
            (asked, _)
                if config
                    .cassandra_version
                    .is_some_and(|r| r.native_versions.is_empty()) =>
            {
                if asked.is_some() {
                    tracing::warn!(
                        "--native-listen ignored: Cassandra {} had no native protocol",
                        config.cassandra_version.map_or("", |r| r.version)
                    );
                }
                None
            }
            (Some(addr), _) => {
                let (h, port) = parse_listen(addr)
                    .map_err(|_| Fatal(format!("--native-listen {addr:?}: expected HOST:PORT")))?;
                Some(bind(&h, port, Some("--native-listen HOST:PORT")).await?)
            }
            (None, Some(port)) => Some(bind(&host, port, Some("--native-listen HOST:PORT")).await?),
            (None, None) => None,
        };
        Ok(Listeners {
            thrift,
            local,
            thrift19,
            admin,
            native,
        })
    }
}

/// The schema store and the schema to serve: the dynamic keyspaces are
/// loaded before the engine opens, so that commit-log replay knows their
/// column families.
pub(crate) fn open_schema(
    base: Schema,
    options: &EngineOptions,
) -> Result<(SchemaStore, Arc<Schema>), Fatal> {
    let store = match &options.data_dir {
        Some(dir) => SchemaStore::open(dir),
        None => SchemaStore::in_memory(),
    };
    let loaded = store
        .open_schema(base)
        .map_err(|e| Fatal(format!("cannot load the saved schema: {e}")))?;
    for note in &loaded.notes {
        match note.level {
            NoteLevel::Info => tracing::info!("schema: {}", note.message),
            NoteLevel::Warn => tracing::warn!("schema: {}", note.message),
        }
    }
    if loaded.changed {
        // The file's keyspaces are seeded once; from now on the persisted
        // schema is the truth.
        store
            .save(&loaded.schema)
            .map_err(|e| Fatal(format!("cannot save the schema: {e}")))?;
    }
    let schema = Arc::new(loaded.schema);
    if let Some(dir) = &options.data_dir {
        let stopgap = dir.join("dynamic");
        // A keyspace named `dynamic` keeps its files there now.
        if stopgap.exists() && schema.keyspace("dynamic").is_none() {
            tracing::warn!(
                "{} holds data of an earlier build (one engine per dynamic column family); \
                 it is not read any more",
                stopgap.display()
            );
        }
    }
    Ok((store, schema))
}

/// Where the data lives: the embedded engine or a cluster.
pub(crate) enum Storage {
    Embedded(Arc<Engine>),
    Cluster(Arc<Cluster>),
}

/// A connection to the cluster `--backend` (else the configuration) names,
/// with what it serves decided: its partitioner and name replace the
/// configuration's, a configuration file naming another partitioner is
/// refused, and whether the schema is created there. `None`: the embedded
/// engine.
pub(crate) struct Connected {
    connection: Connection,
    sync: SchemaSync,
}

/// Connects to the cluster (the driver's start blocks, so it runs off the
/// async workers; its tasks then run on the server's runtime, beside the
/// clients'), after refusing a URL that names this server itself, and
/// makes `config` describe the cluster.
pub(crate) async fn connect_backend(
    args: &ServeArgs,
    config: &mut Config,
    listeners: &Listeners,
) -> Result<Option<Connected>, Fatal> {
    let Some(text) = args.backend.clone().or_else(|| config.backend.clone()) else {
        return Ok(None);
    };
    let url = ClusterUrl::parse(&text).map_err(|e| Fatal(format!("--backend: {e}")))?;
    if let Some(host) = points_at(&url, &listeners.addresses()) {
        return Err(Fatal(format!(
            "--backend {host} is this server's own listening address: a gateway must \
             point at a cluster, not at itself"
        )));
    }
    let create = args.create_schema || url.create_schema;
    if create && config.source.is_none() {
        return Err(Fatal(
            "--create-schema creates a configuration file's keyspaces in the cluster; the \
             built-in default's are never created there: give --config"
                .into(),
        ));
    }
    let shown = url.hosts.join(",");
    let runtime = tokio::runtime::Handle::current();
    let connection = tokio::task::spawn_blocking(move || Connection::open_on(&url, runtime))
        .await?
        .map_err(|e| Fatal(format!("cannot use the cluster at {shown}: {e}")))?;
    describe_cluster(config, connection.facts())
        .map_err(|e| Fatal(format!("cannot use the cluster at {shown}: {e}")))?;
    tracing::info!("storage: the cluster at {shown}");
    let sync = if create {
        SchemaSync::Create
    } else {
        SchemaSync::Leave
    };
    Ok(Some(Connected { connection, sync }))
}

/// Makes `config` name the cluster's partitioner and cluster name. The
/// built-in default names no cluster, so it takes the cluster's
/// partitioner; a configuration file must name the same one.
fn describe_cluster(config: &mut Config, facts: &ClusterFacts) -> Result<(), String> {
    if config.source.is_none() {
        config.partitioner = facts.partitioner.clone();
    } else if let Ok(named) = supercolumn::partitioner::by_name(&config.partitioner) {
        // (A name supercolumn does not know is refused with the schema.)
        facts
            .check_partitioner(named.class_name())
            .map_err(|e| format!("{e} ({}: Partitioner)", config.origin))?;
    }
    if config.cluster_name != facts.cluster_name {
        if config.source.is_some() {
            tracing::warn!(
                "the configuration names cluster {:?}; serving the cluster's name {:?}",
                config.cluster_name,
                facts.cluster_name
            );
        }
        config.cluster_name = facts.cluster_name.clone();
    }
    Ok(())
}

impl Storage {
    /// The cluster connected to, serving `schema`, or the embedded engine.
    pub async fn open(
        backend: Option<Connected>,
        schema: &Arc<Schema>,
        options: EngineOptions,
    ) -> Result<Storage, Fatal> {
        let Some(Connected { connection, sync }) = backend else {
            let engine = Engine::open(schema.clone(), options).map_err(open_failure)?;
            return Ok(Storage::Embedded(Arc::new(engine)));
        };
        let schema = schema.clone();
        let cluster = tokio::task::spawn_blocking(move || connection.serve(schema, sync))
            .await?
            .map_err(|e| Fatal(format!("cannot serve the schema in the cluster: {e}")))?;
        Ok(Storage::Cluster(Arc::new(cluster)))
    }
}

/// Why the engine did not open, with what the operator can do about a
/// corrupt commit log.
fn open_failure(e: StorageError) -> Fatal {
    match e {
        StorageError::CommitLog(e @ CommitLogError::Corrupt { .. }) => Fatal(format!(
            "cannot open storage: {e}. Records after the damage were acknowledged to clients; \
             starting over them would serve old values and resurrect deleted data. \
             To start anyway, replaying every intact record and skipping only the damaged bytes, \
             restart once with --ignore-commitlog-replay-errors \
             (or <CommitLogIgnoreReplayErrors>true</CommitLogIgnoreReplayErrors>); \
             keep a copy of the commit log directory first"
        )),
        other => Fatal(format!("cannot open storage: {other}")),
    }
}

/// The node over the storage: this node's token (the configured one, else
/// the partitioner's for its address), the configuration file it names,
/// the activity record (kept only for the admin surface, which alone reads
/// it) and the prepared-statement caches' bounds.
pub(crate) fn build_node(
    config: &Config,
    schema: &Schema,
    storage: &Storage,
    store: SchemaStore,
    auth: Arc<dyn Authenticator>,
    local: SocketAddr,
    admin_on: bool,
) -> Node {
    let partitioner = schema.partitioner.clone();
    let token = match &config.initial_token {
        Some(t) => t.clone(),
        None => partitioner.token_to_string(&partitioner.token(local.ip().to_string().as_bytes())),
    };
    let mut node = match storage {
        Storage::Embedded(engine) => {
            Node::new(engine.clone(), store, auth, local.ip().to_string(), token)
        }
        Storage::Cluster(cluster) => {
            Node::with_backend(cluster.clone(), store, auth, local.ip().to_string(), token)
        }
    };
    node.release = config.cassandra_version;
    if let (Some(n), None) = (config.num_tokens.filter(|&n| n > 1), &config.initial_token) {
        node.pick_vnode_tokens(n);
    }
    node.config_file = config
        .source
        .as_ref()
        .and_then(|p| std::fs::canonicalize(p).ok());
    let activity = config.activity_log_size.map(|n| n as usize);
    node.activity.set_size(activity.unwrap_or(if admin_on {
        supercolumn::node::calls::activity::DEFAULT_SIZE
    } else {
        0
    }));
    let mb = |n: u32| n as usize * 1024 * 1024;
    let limits = &config.thrift_limits;
    node.prepared.set_max_bytes(mb(limits.prepared_cache_in_mb));
    node.prepared_cql2
        .set_max_bytes(mb(limits.cql2_prepared_cache_in_mb));
    node
}

/// The JVM heap the node models for its release (`release::machine`), in
/// MB: `--jvm-heap`, else what the stock `cassandra-env.sh` gave on a
/// machine of `--machine-memory` MB, else of this machine's memory (as
/// `free -m` counts it: MemTotal in MB).
pub(crate) fn jvm_heap_mb(jvm_heap: Option<u64>, machine_memory: Option<u64>) -> u64 {
    use supercolumn::release::machine::stock_heap_mb;
    if let Some(heap) = jvm_heap {
        return heap;
    }
    let memory = machine_memory.or_else(this_machines_memory_mb);
    // Without a machine to look at, the recorded nodes' 1 GB heap.
    memory.map_or(1024, stock_heap_mb)
}

fn this_machines_memory_mb() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}
