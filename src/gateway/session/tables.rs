//! A call's table looked up in the schema served: a CF's definition and
//! its layout (cached in `Inner`), or its CQL3 model, or the refusal the
//! engine would give for an unknown one. This module must not send
//! statements.

use super::Inner;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::table::cql3::{table_of, Table3};
use crate::gateway::table::layout::Layout;
use crate::schema::CfDef;
use std::sync::Arc;

/// A CF's definition and layout for a call, or the refusal the engine
/// would give for an unknown one.
pub fn table(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<(Arc<CfDef>, Arc<Layout>)> {
    let schema = inner.schema();
    if schema.keyspace(keyspace).is_none() {
        return Err(GatewayError::Invalid(format!(
            "Keyspace {keyspace} does not exist"
        )));
    }
    let def = schema
        .cf(keyspace, cf)
        .ok_or_else(|| GatewayError::Invalid(format!("unconfigured columnfamily {cf}")))?
        .clone();
    let layout = inner.layouts.of(&def, inner.storage)?;
    Ok((def, layout))
}

/// The CQL3 table of `keyspace.cf`, when the schema has that CF and it is
/// a non-compact CQL3 table (anything else: `None`, for `layout`'s path
/// and its messages).
pub fn lookup(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<Option<Table3>> {
    match inner.schema().cf(keyspace, cf) {
        Some(def) => table_of(def),
        None => Ok(None),
    }
}

/// The table's name in the cluster, for any CF (`TRUNCATE`).
pub fn table_name(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<String> {
    match lookup(inner, keyspace, cf)? {
        Some(t) => Ok(t.table),
        None => Ok(table(inner, keyspace, cf)?.1.table.clone()),
    }
}
