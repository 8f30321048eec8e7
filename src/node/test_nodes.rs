//! Nodes for unit tests: the test config (`config/testdata/storage-conf.xml`)
//! on an engine opened with the options a test asks for. The layers above
//! the node (Thrift's dispatch and hand-off, the native protocol's routing)
//! ask through a [`Kit`] and a [`TestClock`], which name no storage type;
//! the node's own tests may pass the engine's options, or build a node from
//! a given config as `main` builds it, on disk or in memory. Test-only; it
//! must not grow test logic.

use super::Node;
use crate::auth::Authenticator;
use crate::config::Config;
use crate::schema::{Schema, SchemaStore};
use crate::storage::commitlog::SyncMode;
use crate::storage::{Engine, EngineOptions, ManualClock};
use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

/// The engine's local time (TTL expiry, deletion times, gc grace) for a
/// test node: it moves only when told to.
#[derive(Clone, Debug)]
pub struct TestClock(Arc<ManualClock>);

impl TestClock {
    /// A clock at `now` (seconds since the Unix epoch).
    pub fn new(now: i32) -> TestClock {
        TestClock(Arc::new(ManualClock::new(now)))
    }

    pub fn advance(&self, seconds: i32) {
        self.0.advance(seconds);
    }
}

/// A test node as a test above the node describes it: in memory on the
/// wall clock (the default), or with its data under a directory, its
/// commit log synced per write, its time from a [`TestClock`], its
/// authenticator given.
#[derive(Default)]
pub struct Kit {
    opts: EngineOptions,
    config: Option<&'static str>,
    auth: Option<Arc<dyn Authenticator>>,
}

impl Kit {
    /// Data (SSTables, the commit log) under `dir`, or in memory.
    pub fn data_dir(mut self, dir: Option<&Path>) -> Kit {
        self.opts.data_dir = dir.map(Path::to_path_buf);
        self
    }

    /// Data under `dir`.
    pub fn on_disk(self, dir: &Path) -> Kit {
        self.data_dir(Some(dir))
    }

    /// Writes acknowledged after an fsync (the commit log's batch mode),
    /// the syncer waiting up to `window` for more.
    pub fn batch_sync(mut self, window: Duration) -> Kit {
        self.opts.sync = SyncMode::Batch { window };
        self
    }

    /// Local time from `clock`.
    pub fn clock(mut self, clock: &TestClock) -> Kit {
        self.opts.clock = clock.0.clone();
        self
    }

    /// The config file `path` (under the crate's root) instead of the test
    /// config.
    pub fn config(mut self, path: &'static str) -> Kit {
        self.config = Some(path);
        self
    }

    /// `auth` instead of the config's authenticator.
    pub fn auth(mut self, auth: Arc<dyn Authenticator>) -> Kit {
        self.auth = Some(auth);
        self
    }

    pub fn node(self) -> Node {
        let path = self.config.unwrap_or(TEST_CONFIG);
        let config = Config::from_file(format!("{}/{path}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        let schema = Arc::new(Schema::from_config(&config).unwrap());
        let engine = Arc::new(Engine::open(schema, self.opts).unwrap());
        let auth = match self.auth {
            Some(auth) => auth,
            None => crate::auth::from_config(&config).unwrap(),
        };
        Node::new(
            engine,
            SchemaStore::in_memory(),
            auth,
            "127.0.0.1".into(),
            "t".into(),
        )
    }
}

/// Runs `f` with every read that must not wait missing, as if nothing were
/// in the page cache: for tests of a front end's path after a miss.
pub fn missing_everything<T>(f: impl FnOnce() -> T) -> T {
    crate::storage::nowait::missing_everything(f)
}

const TEST_CONFIG: &str = "src/config/testdata/storage-conf.xml";

/// A node on the test config, its engine opened with `opts`.
pub fn node(opts: EngineOptions) -> Node {
    Kit {
        opts,
        ..Kit::default()
    }
    .node()
}

/// A node on the test config answering as the release `version` (as
/// `--cassandra-version` makes one).
pub fn as_release(version: &str) -> Node {
    let mut node = Kit::default().node();
    node.release = crate::release::Release::find(version);
    node
}

/// A node on the config `xml`, as `main` builds it: its schema store and
/// data under `dir`, or in memory; with the config's own schema (the seed
/// the store started from).
pub fn node_from_xml(xml: &str, dir: Option<&Path>) -> (Node, Schema) {
    let config = Config::from_xml(xml, "test.xml").unwrap();
    let base = Schema::from_config(&config).unwrap();
    let store = match dir {
        Some(d) => SchemaStore::open(d),
        None => SchemaStore::in_memory(),
    };
    let schema = Arc::new(store.open_schema(base.clone()).unwrap().schema);
    let opts = EngineOptions {
        data_dir: dir.map(Path::to_path_buf),
        ..EngineOptions::default()
    };
    let engine = Arc::new(Engine::open(schema, opts).unwrap());
    let auth = crate::auth::from_config(&config).unwrap();
    let node = Node::new(engine, store, auth, "127.0.0.1".into(), "t".into());
    (node, base)
}
