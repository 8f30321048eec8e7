//! `serve`'s start-up steps before the ready line, in the order `run` (in
//! `main.rs`) takes them: the listening sockets, the schema (the file's,
//! then the saved one), the storage (the embedded engine or a cluster) and
//! the node over them. Each step fails with one [`Fatal`] message; none
//! serves a client.

use crate::app::admin_surface;
use crate::app::serve_config::parse_listen;
use crate::{bind, Fatal, ServeArgs};
use std::net::SocketAddr;
use std::sync::Arc;
use supercolumn::auth::Authenticator;
use supercolumn::config::Config;
use supercolumn::gateway::{Cluster, ClusterUrl};
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

impl Storage {
    /// The cluster `--backend` (else the configuration) names, or the
    /// embedded engine.
    pub async fn open(
        args: &ServeArgs,
        config: &Config,
        schema: &Arc<Schema>,
        options: EngineOptions,
    ) -> Result<Storage, Fatal> {
        let backend_url = args.backend.clone().or_else(|| config.backend.clone());
        Ok(match backend_url {
            Some(url) => Storage::Cluster(connect_cluster(&url, schema.clone()).await?),
            None => Storage::Embedded(Arc::new(
                Engine::open(schema.clone(), options).map_err(open_failure)?,
            )),
        })
    }
}

/// Connects to the cluster `url` names and creates supercolumn's tables
/// there (the driver's start blocks, so it runs off the async workers).
/// The driver's tasks run on the server's runtime: its workers then read
/// the cluster's answers beside the clients' requests, and a call wakes
/// no thread of a runtime of the driver's own.
async fn connect_cluster(url: &str, schema: Arc<Schema>) -> Result<Arc<Cluster>, Fatal> {
    let url = ClusterUrl::parse(url).map_err(|e| Fatal(format!("--backend: {e}")))?;
    let shown = url.hosts.join(",");
    let runtime = tokio::runtime::Handle::current();
    let cluster = tokio::task::spawn_blocking(move || Cluster::connect_on(&url, schema, runtime))
        .await?
        .map_err(|e| Fatal(format!("cannot use the cluster at {shown}: {e}")))?;
    tracing::info!("storage: the cluster at {shown}");
    Ok(Arc::new(cluster))
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
        supercolumn::node::activity::DEFAULT_SIZE
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
