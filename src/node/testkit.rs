//! Nodes for unit tests: the test config (`config/testdata/storage-conf.xml`)
//! on an engine opened with the options a test asks for (the layers above
//! the node: Thrift's dispatch and hand-off, the native protocol's routing),
//! or a node built from a given config as `main` builds it, on disk or in
//! memory (the node's own tests). Test-only; it must not grow test logic.

use super::Node;
use crate::config::Config;
use crate::schema::{Schema, SchemaStore};
use crate::storage::{Engine, EngineOptions};
use std::path::Path;
use std::sync::Arc;

/// A node on the test config, its engine opened with `opts`.
pub fn node(opts: EngineOptions) -> Node {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/config/testdata/storage-conf.xml"
    );
    let config = Config::from_file(path).unwrap();
    let schema = Arc::new(Schema::from_config(&config).unwrap());
    let engine = Arc::new(Engine::open(schema, opts).unwrap());
    Node::new(
        engine,
        SchemaStore::in_memory(),
        crate::auth::from_config(&config).unwrap(),
        "127.0.0.1".into(),
        "t".into(),
    )
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
