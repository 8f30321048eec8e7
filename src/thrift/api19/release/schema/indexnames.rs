//! 0.8 and 1.0 naming a CfDef's unnamed indexes before the rest of it was
//! validated (`CFMetaData.addDefaultIndexNames`: `<cf>_<column>_idx`, and
//! a server failure when the comparator could not read the column's name):
//! first in `system_add_column_family` and for each column family of
//! `system_add_keyspace`; in `system_update_column_family` after the
//! column family was looked up ("Could not find column family definition
//! to modify."), whatever the index was named before, each index's name
//! then compared with the one it had (`ThriftValidation.validateCfDef`:
//! "Cannot modify index name").
//!
//! It must not change the schema or judge anything else of the CfDef.

use crate::node::Node;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// Whether the release named a CfDef's indexes before validating it
/// (0.8 and 1.0).
fn names_first(node: &Node) -> bool {
    node.release
        .is_some_and(|r| r.at_least(0, 8) && !r.at_least(1, 1))
}

/// The CfDef of an update as 0.8 and 1.0 went on with it (its indexes
/// named), or their refusal; `None` for any other release.
pub fn named_update(node: &Node, def: &t::CfDef) -> Result<Option<t::CfDef>, ApiError> {
    if !names_first(node) {
        return Ok(None);
    }
    if node.schema().cf(&def.keyspace, &def.name).is_none() {
        return Err(ApiError::invalid(
            "Could not find column family definition to modify.",
        ));
    }
    default_names(def).map(Some)
}

/// 0.8 and 1.0's `addDefaultIndexNames` first thing in
/// `system_add_column_family` and for each column family of
/// `system_add_keyspace`: only its failure matters there (the schema names
/// the indexes alike after).
pub fn check_added(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !names_first(node) {
        return Ok(());
    }
    default_names(def).map(|_| ())
}

/// `def` with each index sent without a name given `<cf>_<column>_idx`.
fn default_names(def: &t::CfDef) -> Result<t::CfDef, ApiError> {
    let mut named = def.clone();
    // addDefaultIndexNames read names with the CfDef's comparator_type
    // (BytesType when unset), for a super column family too; a type it
    // could not parse is refused by the validation after, in its words.
    let sent = def.comparator_type.as_deref().unwrap_or("BytesType");
    let Ok(comparator) = crate::marshal::parse_type(sent) else {
        return Ok(named);
    };
    for c in named.column_metadata.iter_mut().flatten() {
        if c.index_type.is_none() || c.index_name.is_some() {
            continue;
        }
        // getDefaultIndexName's getString threw a MarshalException, which
        // no handler caught: the client saw the server's internal error.
        if comparator.validate(&c.name).is_err() {
            return Err(ApiError::Internal(format!(
                "the default name of an index on {} (unreadable by {})",
                crate::marshal::bytes_to_hex(&c.name),
                comparator.class_name()
            )));
        }
        let name: String = format!("{}_{}_idx", def.name, comparator.get_string(&c.name))
            .chars()
            .filter(|ch| ch.is_ascii_alphanumeric() || *ch == '_')
            .collect();
        c.index_name = Some(name);
    }
    Ok(named)
}

/// validateCfDef's check of an index's name against the one it had (an
/// index keeps its name while it exists).
pub fn check_kept_names(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let schema = node.schema();
    let Some(old) = schema.cf(&def.keyspace, &def.name) else {
        return Ok(());
    };
    for c in def.column_metadata.iter().flatten() {
        if c.index_type.is_none() {
            continue;
        }
        let Some(o) = old.options.column(&c.name) else {
            continue;
        };
        if o.index_type.is_some() && o.index_name != c.index_name {
            return Err(ApiError::invalid("Cannot modify index name"));
        }
    }
    Ok(())
}
