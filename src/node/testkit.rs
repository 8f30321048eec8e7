//! Nodes for the unit tests of the layers above the node (Thrift's
//! dispatch and hand-off, the native protocol's routing): the test config
//! (`config/testdata/storage-conf.xml`) on an engine opened with the
//! options a test asks for. Test-only; it must not grow test logic.

use super::Node;
use crate::config::Config;
use crate::schema::{Schema, SchemaStore};
use crate::storage::{Engine, EngineOptions};
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
