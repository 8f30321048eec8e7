//! The endpoints of nodetool's actions: `POST /flush`, `/compact`,
//! `/cleanup`, `/drain` and `/compactionthreshold`. Each takes a JSON body
//! naming a keyspace (none: every keyspace) and column families (none:
//! every one of the keyspace), as nodetool's arguments do.

use super::http::{AdminError, Request, Response};
use super::state::AdminState;
use crate::node::{EngineError, Node};
use crate::schema::SchemaChange;
use serde::Deserialize;
use serde_json::json;

/// `{"keyspace": "K", "column_families": ["A", "B"]}`, both optional.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub keyspace: Option<String>,
    #[serde(default)]
    pub column_families: Vec<String>,
}

impl Target {
    /// The (keyspace, column family) pairs named, checked against the schema.
    /// Without a keyspace: every CF of every keyspace but `system`.
    pub fn resolve(&self, node: &Node) -> Result<Vec<(String, String)>, AdminError> {
        let schema = node.schema();
        let keyspaces: Vec<&crate::schema::KeyspaceDef> = match &self.keyspace {
            Some(ks) => vec![schema
                .keyspace(ks)
                .ok_or_else(|| AdminError::NotFound(format!("Keyspace [{ks}] does not exist.")))?],
            None if !self.column_families.is_empty() => {
                return Err(AdminError::BadRequest(
                    "column families are named with their keyspace".into(),
                ))
            }
            None => schema.user_keyspaces().collect(),
        };
        let mut out = Vec::new();
        for ks in keyspaces {
            if self.column_families.is_empty() {
                out.extend(ks.cfs.keys().map(|cf| (ks.name.clone(), cf.clone())));
            }
            for cf in &self.column_families {
                if !ks.cfs.contains_key(cf) {
                    return Err(AdminError::NotFound(format!(
                        "Unknown table/cf pair ({}.{cf})",
                        ks.name
                    )));
                }
                out.push((ks.name.clone(), cf.clone()));
            }
        }
        Ok(out)
    }
}

/// The engine's failure of an operator's action, as the surface answers it.
pub(crate) fn engine_error(e: impl Into<EngineError>) -> AdminError {
    match e.into() {
        EngineError::Invalid(why) => AdminError::BadRequest(why),
        EngineError::Closed => {
            AdminError::Conflict("storage is closed (the server is stopping)".into())
        }
        EngineError::Failed(why) => AdminError::Internal(why),
    }
}

/// `POST /flush`: writes the named memtables to SSTables and waits.
pub fn flush(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let cfs = req.json::<Target>()?.resolve(&state.node)?;
    for (ks, cf) in &cfs {
        state
            .node
            .embedded("flush")?
            .flush_cf(ks, cf)
            .map_err(engine_error)?;
    }
    Ok(Response::json(&json!({ "flushed": cfs.len() })))
}

/// `POST /compact`: a major compaction of each named CF (in memory: none
/// is needed, the answer says so).
pub fn compact(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let cfs = req.json::<Target>()?.resolve(&state.node)?;
    let engine = state.node.embedded("compaction")?;
    for (ks, cf) in &cfs {
        engine.compact(ks, cf).map_err(engine_error)?;
    }
    Ok(Response::json(&json!({
        "compacted": cfs.len(),
        "on_disk": engine.data_dir().is_some(),
    })))
}

/// `POST /cleanup`: Cassandra rewrote SSTables without the keys the node no
/// longer owns. This node owns the whole ring, so no key is ever foreign:
/// the call checks its arguments and rewrites nothing.
pub fn cleanup(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let cfs = req.json::<Target>()?.resolve(&state.node)?;
    Ok(Response::json(&json!({
        "checked": cfs.len(),
        "rewritten": 0,
        "note": "this node owns the whole ring: no data belongs elsewhere",
    })))
}

/// `POST /drain`: flushes every memtable, then stops the server as SIGTERM
/// does (Cassandra kept an idle process after a drain; a single-node
/// server has nothing left to do, so it exits 0 once connections close).
pub fn drain(state: &AdminState, _req: &Request) -> Result<Response, AdminError> {
    // A cluster backend holds nothing here to flush.
    if let Some(engine) = state.node.engine() {
        engine.flush(None).map_err(engine_error)?;
    }
    state.request_stop();
    Ok(Response::json(&json!({ "drained": true })))
}

/// `{"keyspace": "K", "column_family": "CF", "min": 4, "max": 32}`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thresholds {
    pub keyspace: String,
    pub column_family: String,
    pub min: i32,
    pub max: i32,
}

/// `POST /compactionthreshold`: sets a CF's minor-compaction thresholds (a
/// schema change, so describe calls show them and they survive a restart).
pub fn set_compaction_threshold(state: &AdminState, req: &Request) -> Result<Response, AdminError> {
    let t: Thresholds = req.json()?;
    // nodetool 1.2's checks and words.
    if t.min < 0 || t.max < 0 {
        return Err(AdminError::BadRequest(
            "Thresholds must be positive integers".into(),
        ));
    }
    if t.min > t.max && t.max != 0 {
        return Err(AdminError::BadRequest(
            "Min threshold cannot be greater than max.".into(),
        ));
    }
    if t.min < 2 && t.max != 0 {
        return Err(AdminError::BadRequest(
            "Min threshold must be at least 2".into(),
        ));
    }
    let schema = state.node.schema();
    let def = schema.cf(&t.keyspace, &t.column_family).ok_or_else(|| {
        AdminError::NotFound(format!(
            "Unknown table/cf pair ({}.{})",
            t.keyspace, t.column_family
        ))
    })?;
    let mut spec = def.describe_v12();
    spec.min_compaction_threshold = Some(t.min);
    spec.max_compaction_threshold = Some(t.max);
    state
        .node
        .change_schema(SchemaChange::UpdateColumnFamily(spec))?;
    Ok(Response::json(&json!({ "min": t.min, "max": t.max })))
}
