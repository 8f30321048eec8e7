//! Consistency levels as 1.2's `ConsistencyLevel` checked them: what a level
//! may be used for, what the keyspace's strategy allows, and whether the
//! replicas it needs are there when the embedded engine is the only one.
//! It reads the keyspace's definition only; a cluster backend answers for
//! its own replicas.

use super::invalid;
use crate::schema::{CfDef, KeyspaceDef};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::ConsistencyLevel;

/// What a consistency level is used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Read,
    Write,
    CounterWrite,
}

fn cl_name(cl: ConsistencyLevel) -> String {
    match cl {
        ConsistencyLevel::ONE => "ONE".into(),
        ConsistencyLevel::QUORUM => "QUORUM".into(),
        ConsistencyLevel::LOCAL_QUORUM => "LOCAL_QUORUM".into(),
        ConsistencyLevel::EACH_QUORUM => "EACH_QUORUM".into(),
        ConsistencyLevel::ALL => "ALL".into(),
        ConsistencyLevel::ANY => "ANY".into(),
        ConsistencyLevel::TWO => "TWO".into(),
        ConsistencyLevel::THREE => "THREE".into(),
        ConsistencyLevel::SERIAL => "SERIAL".into(),
        ConsistencyLevel::LOCAL_SERIAL => "LOCAL_SERIAL".into(),
        ConsistencyLevel::LOCAL_ONE => "LOCAL_ONE".into(),
        other => other.0.to_string(),
    }
}

/// The replication factor a keyspace asks for (NetworkTopologyStrategy:
/// the sum over data centres).
fn replication_factor(ks: &KeyspaceDef) -> usize {
    let opts = &ks.strategy_options;
    let n: usize = match opts.get("replication_factor") {
        Some(rf) => rf.trim().parse().unwrap_or(1),
        None => opts
            .values()
            .filter_map(|v| v.trim().parse::<usize>().ok())
            .sum(),
    };
    n.max(1)
}

/// 1.2's `ConsistencyLevel.validateForRead/Write` and `validateCounterForWrite`,
/// then, when `alone` (the embedded engine is the only replica), the
/// availability check a one-node cluster makes: only this node is alive, so
/// a level needing more than one replica is unavailable. On a cluster
/// backend the cluster counts its live replicas and answers for itself.
pub fn check_consistency(
    ks: &KeyspaceDef,
    cf: Option<&CfDef>,
    cl: ConsistencyLevel,
    access: Access,
    alone: bool,
) -> ApiResult<()> {
    // The strategy's name is built only for the levels that ask about it
    // (building it allocates, on every read and write otherwise).
    let needs_nts = || -> ApiResult<()> {
        let strategy = ks.strategy_class();
        if strategy.ends_with("NetworkTopologyStrategy") {
            return Ok(());
        }
        invalid(format!(
            "consistency level {} not compatible with replication strategy ({strategy})",
            cl_name(cl)
        ))
    };
    match cl {
        ConsistencyLevel::ANY if access == Access::Read => {
            return invalid("ANY ConsistencyLevel is only supported for writes")
        }
        ConsistencyLevel::LOCAL_QUORUM => needs_nts()?,
        ConsistencyLevel::EACH_QUORUM => {
            needs_nts()?;
            if access == Access::Read {
                return invalid("EACH_QUORUM ConsistencyLevel is only supported for writes");
            }
        }
        ConsistencyLevel::SERIAL | ConsistencyLevel::LOCAL_SERIAL if access != Access::Read => {
            return invalid("You must use CAS for serializable writes")
        }
        _ => {}
    }
    if access == Access::CounterWrite && cl == ConsistencyLevel::ANY {
        return invalid(format!(
            "Consistency level ANY is not yet supported for counter columnfamily {}",
            cf.map(|c| c.name.as_str()).unwrap_or_default()
        ));
    }
    check_available(ks, cl, alone)
}

/// The availability check alone: on the embedded engine (`alone`, the only
/// replica), a level needing more than one replica is unavailable.
pub fn check_available(ks: &KeyspaceDef, cl: ConsistencyLevel, alone: bool) -> ApiResult<()> {
    if !alone {
        return Ok(());
    }
    let rf = replication_factor(ks);
    let block_for = match cl {
        ConsistencyLevel::ONE | ConsistencyLevel::ANY | ConsistencyLevel::LOCAL_ONE => 1,
        ConsistencyLevel::TWO => 2,
        ConsistencyLevel::THREE => 3,
        ConsistencyLevel::ALL => rf,
        _ => rf / 2 + 1,
    };
    if block_for > 1 {
        return Err(ApiError::Unavailable);
    }
    Ok(())
}

/// An enum value the IDL does not declare arrives in Java as null, which the
/// generated `validate()` refuses as a missing required field.
pub fn known_level(cl: ConsistencyLevel, field: &str, method: &str) -> ApiResult<()> {
    if ConsistencyLevel::ENUM_VALUES.contains(&cl) {
        return Ok(());
    }
    Err(ApiError::Protocol(format!(
        "Required field '{field}' was not present! Struct: {method}_args({field}:null)"
    )))
}
