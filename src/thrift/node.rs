//! What every connection shares: the schema, the storage engine, the
//! authenticator and a few facts about this node for the describe calls,
//! plus the narrow adapters through which the API reaches the engine.

use crate::auth::Authenticator;
use crate::schema::Schema;
use crate::storage::model::{Bytes, ReadCommand, RowMutation, RowRange, RowResult};
use crate::storage::Engine;
use crate::thrift::convert::now_seconds;
use crate::thrift::error::{ApiError, ApiResult};
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
    /// This node's token as a partitioner string (it owns the whole ring).
    pub token: String,
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(e.to_string())
}

impl Node {
    /// Server time in seconds (deletion times, expiry).
    pub fn now(&self) -> i32 {
        now_seconds()
    }

    pub fn read(&self, cmd: &ReadCommand, key: &[u8]) -> ApiResult<RowResult> {
        self.engine.read(cmd, key).map_err(internal)
    }

    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> ApiResult<Vec<(Bytes, RowResult)>> {
        self.engine
            .read_range(cmd, range, max_rows)
            .map_err(internal)
    }

    pub fn apply(&self, m: &RowMutation) -> ApiResult<()> {
        self.engine.apply(m).map_err(internal)
    }

    pub fn apply_batch(&self, ms: &[RowMutation]) -> ApiResult<()> {
        self.engine.apply_batch(ms).map_err(internal)
    }
}
