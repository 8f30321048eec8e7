//! What every connection shares: the schema, the storage engine, the
//! authenticator and a few facts about this node for the describe calls.

use crate::auth::Authenticator;
use crate::schema::Schema;
use crate::storage::Engine;
use std::path::PathBuf;
use std::sync::Arc;

pub struct Node {
    pub schema: Arc<Schema>,
    pub engine: Arc<Engine>,
    pub auth: Arc<dyn Authenticator>,
    /// The configuration file, returned by `get_string_property("config file")`.
    pub config_file: Option<PathBuf>,
    /// This node's address as clients and rings name it (e.g. "127.0.0.1").
    pub endpoint: String,
}
