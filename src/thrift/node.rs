//! What every connection shares: the schema, the storage engine, the
//! authenticator and a few facts about this node for the describe calls,
//! plus the narrow adapters through which the API reaches the engine.
//!
//! `schema` and `engine` are the configuration's (all the 0.6 API sees);
//! `dynamic` adds the keyspaces made by 19.x schema calls, and the engine
//! adapters route each read or write to the engine holding its column family.

use crate::auth::Authenticator;
use crate::schema::Schema;
use crate::storage::model::{Bytes, ReadCommand, RowMutation, RowRange, RowResult};
use crate::storage::Engine;
use crate::thrift::convert::now_seconds;
use crate::thrift::dynamic::DynamicKeyspaces;
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
    /// Keyspaces created through the 19.x API, with their engines.
    pub dynamic: Arc<DynamicKeyspaces>,
}

fn internal(e: impl std::fmt::Display) -> ApiError {
    ApiError::Internal(e.to_string())
}

impl Node {
    /// Server time in seconds (deletion times, expiry).
    pub fn now(&self) -> i32 {
        now_seconds()
    }

    /// The schema the 19.x API sees: the configuration's plus dynamic keyspaces.
    pub fn schema19(&self) -> Arc<Schema> {
        self.dynamic.schema()
    }

    fn engine_for(&self, keyspace: &str, cf: &str) -> Arc<Engine> {
        self.dynamic
            .engine(keyspace, cf)
            .unwrap_or_else(|| self.engine.clone())
    }

    pub fn read(&self, cmd: &ReadCommand, key: &[u8]) -> ApiResult<RowResult> {
        self.engine_for(&cmd.keyspace, &cmd.cf)
            .read(cmd, key)
            .map_err(internal)
    }

    pub fn read_range(
        &self,
        cmd: &ReadCommand,
        range: &RowRange,
        max_rows: usize,
    ) -> ApiResult<Vec<(Bytes, RowResult)>> {
        self.engine_for(&cmd.keyspace, &cmd.cf)
            .read_range(cmd, range, max_rows)
            .map_err(internal)
    }

    pub fn apply(&self, m: &RowMutation) -> ApiResult<()> {
        self.apply_batch(std::slice::from_ref(m))
    }

    /// One engine call for config keyspaces; dynamic ones go per column family.
    pub fn apply_batch(&self, ms: &[RowMutation]) -> ApiResult<()> {
        if !ms.iter().any(|m| self.dynamic.is_dynamic(&m.keyspace)) {
            return self.engine.apply_batch(ms).map_err(internal);
        }
        let (dynamic, config): (Vec<RowMutation>, Vec<RowMutation>) = ms
            .iter()
            .cloned()
            .partition(|m| self.dynamic.is_dynamic(&m.keyspace));
        if !config.is_empty() {
            self.engine.apply_batch(&config).map_err(internal)?;
        }
        if !dynamic.is_empty() {
            self.dynamic.apply(&dynamic)?;
        }
        Ok(())
    }
}
