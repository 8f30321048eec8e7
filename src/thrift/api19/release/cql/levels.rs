//! The consistency levels a release refused for a CQL 3 statement over
//! Thrift as the statement began to run, once it was prepared (the
//! statement's `execute` calling `ConsistencyLevel.validateForRead`,
//! `validateForWrite` or `validateCounterForWrite` before anything was read
//! or written). Only which level is refused and in which words: the
//! statements themselves run in `crate::cql`.

use crate::cql::ast::{Operator, Relation, Statement, TableName, Term};
use crate::cql::exec::tables;
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::{Behaviour, Refusal, Release};
use crate::schema::Schema;
use crate::thrift::gen::cassandra19::ConsistencyLevel;
use std::sync::Arc;

/// How the node's release refused `statement` at `level` as it began to run
/// it, if it did (`keyspace`: the connection's, for unqualified tables): an
/// invalid request, or (1.2.9's counter write at a local quorum of a
/// SimpleStrategy keyspace, which `ConsistencyLevel.blockFor` cast to a
/// NetworkTopologyStrategy) a failure that closed the connection.
pub fn refusal(
    node: &Node,
    schema: &Arc<Schema>,
    keyspace: Option<&str>,
    statement: &Statement,
    level: ConsistencyLevel,
) -> Option<CqlError> {
    let why = refused(node, schema, keyspace, statement, level)?;
    Some(match why.strip_prefix(FAILED) {
        Some(failed) => CqlError::Failed(failed.to_string()),
        None => CqlError::Invalid(why),
    })
}

/// The mark of a refusal that failed on the server (see [`refusal`]).
const FAILED: &str = "failed: ";

/// Why the node's release refused `statement` at `level` (see [`refusal`]).
fn refused(
    node: &Node,
    schema: &Arc<Schema>,
    keyspace: Option<&str>,
    statement: &Statement,
    level: ConsistencyLevel,
) -> Option<String> {
    let release = node.release.filter(|r| r.at_least(1, 2))?;
    let is_serial = matches!(
        level,
        ConsistencyLevel::SERIAL | ConsistencyLevel::LOCAL_SERIAL
    );
    let target = |t: &TableName| -> Option<(String, String)> {
        let ks = t.keyspace.as_deref().or(keyspace)?;
        Some((ks.to_string(), t.name.clone()))
    };
    match statement {
        Statement::Select(select) => {
            if is_serial && release.at_least(2, 0) {
                let (ks, cf) = target(&select.table)?;
                return (partitions(schema, &ks, &cf, &select.where_clause) > 1).then(|| {
                    release
                        .wording(Refusal::SerialMultiget)
                        .unwrap_or(
                            "SERIAL/LOCAL_SERIAL consistency may only be requested for one row \
                             at a time",
                        )
                        .to_string()
                });
            }
            let name = match level {
                ConsistencyLevel::ANY => "ANY",
                ConsistencyLevel::EACH_QUORUM if !release.does(Behaviour::EachQuorumReads) => {
                    "EACH_QUORUM"
                }
                ConsistencyLevel::LOCAL_QUORUM => {
                    let (ks, _) = target(&select.table)?;
                    return needs_nts(release, schema, &ks, level);
                }
                _ => return None,
            };
            Some(format!(
                "{name} ConsistencyLevel is only supported for writes"
            ))
        }
        // A conditional statement went to Paxos instead, whose commit
        // could not be serial (`StorageProxy.cas`: `validateForCasCommit`).
        Statement::Insert(i) if i.if_not_exists => serial_commit(release, level),
        Statement::Update(u) if u.condition.is_some() => serial_commit(release, level),
        Statement::Delete(d) if d.condition.is_some() => serial_commit(release, level),
        Statement::Batch(b) if b.outline.as_ref().is_some_and(|o| o.conditional) => {
            serial_commit(release, level)
        }
        Statement::Insert(i) => written(release, schema, target(&i.table)?, level, is_serial),
        Statement::Update(u) => written(release, schema, target(&u.table)?, level, is_serial),
        Statement::Delete(d) => written(release, schema, target(&d.table)?, level, is_serial),
        // 1.2's BatchStatement.validateConsistency asked each statement's
        // in turn; from 2.0 a batch checked no level of its own.
        Statement::Batch(batch) if !release.at_least(2, 0) => {
            let tables: Vec<&TableName> = match &batch.outline {
                Some(outline) => outline.tables.iter().collect(),
                None => batch
                    .statements
                    .iter()
                    .filter_map(|s| match s {
                        Statement::Insert(i) => Some(&i.table),
                        Statement::Update(u) => Some(&u.table),
                        Statement::Delete(d) => Some(&d.table),
                        _ => None,
                    })
                    .collect(),
            };
            tables
                .into_iter()
                .find_map(|t| written(release, schema, target(t)?, level, is_serial))
        }
        _ => None,
    }
}

/// 2.0's refusal of a serial level as a conditional write's commit level.
fn serial_commit(release: &Release, level: ConsistencyLevel) -> Option<String> {
    let name = match level {
        ConsistencyLevel::SERIAL => "SERIAL",
        ConsistencyLevel::LOCAL_SERIAL => "LOCAL_SERIAL",
        _ => return None,
    };
    release.at_least(2, 0).then(|| {
        format!(
            "{name} is not supported as conditional update commit consistency. Use ANY if you \
             mean \"make sure it is accepted but I don't care how many replicas commit it for \
             non-SERIAL reads\""
        )
    })
}

/// A write of `ks.cf` at `level`: a counter table's
/// `validateCounterForWrite` (no ANY; from 2.0 no serial level), another's
/// `validateForWrite` (1.2.9: LOCAL_QUORUM and EACH_QUORUM only of a
/// NetworkTopologyStrategy keyspace; from 2.0 no serial level).
fn written(
    release: &Release,
    schema: &Schema,
    (ks, cf): (String, String),
    level: ConsistencyLevel,
    is_serial: bool,
) -> Option<String> {
    let def = schema.cf(&ks, &cf)?;
    if def.is_counter() {
        if level == ConsistencyLevel::ANY {
            // 2.2 renamed the column family a table.
            let noun = if release.at_least(2, 2) {
                "table"
            } else {
                "columnfamily"
            };
            return Some(format!(
                "Consistency level ANY is not yet supported for counter {noun} {cf}"
            ));
        }
        if is_serial && release.at_least(2, 0) {
            return Some("Counter operations are inherently non-serializable".to_string());
        }
        let local = matches!(
            level,
            ConsistencyLevel::LOCAL_QUORUM | ConsistencyLevel::EACH_QUORUM
        );
        return (local && needs_nts(release, schema, &ks, level).is_some())
            .then(|| format!("{FAILED}a counter write of {ks}.{cf} at a datacenter's quorum"));
    }
    if is_serial && release.at_least(2, 0) {
        return Some("You must use conditional updates for serializable writes".to_string());
    }
    match level {
        ConsistencyLevel::LOCAL_QUORUM | ConsistencyLevel::EACH_QUORUM => {
            needs_nts(release, schema, &ks, level)
        }
        _ => None,
    }
}

/// How many partitions a SELECT of `ks.cf` names by its key (the product of
/// the IN lists restricting the partition key's columns; 1 with none): 2.0's
/// `StorageProxy.read` took a serial read of one partition only (a range
/// read at a serial level was served).
fn partitions(schema: &Arc<Schema>, ks: &str, cf: &str, relations: &[Relation]) -> usize {
    let Ok(table) = tables::lookup(schema, ks, cf) else {
        return 1;
    };
    table
        .partition_key
        .iter()
        .map(|key| {
            relations
                .iter()
                .find_map(|r| match r {
                    Relation::Column {
                        column,
                        op: Operator::In,
                        value: Term::List(values),
                    } if column == &key.name => Some(values.len().max(1)),
                    _ => None,
                })
                .unwrap_or(1)
        })
        .product()
}

/// 1.2.9's `requireNetworkTopologyStrategy` (1.2.19 no longer asked).
fn needs_nts(
    release: &Release,
    schema: &Schema,
    ks: &str,
    level: ConsistencyLevel,
) -> Option<String> {
    if release.does(Behaviour::QuorumsOfAnyStrategy) || release.at_least(2, 0) {
        return None;
    }
    let strategy = schema.keyspace(ks)?.strategy_class();
    if strategy.ends_with("NetworkTopologyStrategy") {
        return None;
    }
    let name = if level == ConsistencyLevel::LOCAL_QUORUM {
        "LOCAL_QUORUM"
    } else {
        "EACH_QUORUM"
    };
    Some(format!(
        "consistency level {name} not compatible with replication strategy ({strategy})"
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;

    fn parse(q: &str) -> Statement {
        crate::cql::parse(q).unwrap().statement
    }

    #[test]
    fn counters_refuse_any_and_plain_tables_do_not() {
        let mut node = test_nodes::Kit::default().node();
        node.release = Release::find("2.0.17");
        let schema = node.schema();
        let ks = schema.user_keyspaces().next().unwrap().name.clone();
        let counter = schema
            .keyspace(&ks)
            .unwrap()
            .cfs
            .values()
            .find(|c| c.is_counter());
        let plain = schema
            .keyspace(&ks)
            .unwrap()
            .cfs
            .values()
            .find(|c| !c.is_counter());
        if let Some(c) = counter {
            let q = format!("UPDATE \"{}\" SET c = c + 1 WHERE key = 0x00", c.name);
            let why = refused(&node, &schema, Some(&ks), &parse(&q), ConsistencyLevel::ANY);
            assert_eq!(
                why.as_deref(),
                Some(
                    format!(
                        "Consistency level ANY is not yet supported for counter columnfamily {}",
                        c.name
                    )
                    .as_str()
                )
            );
        }
        let plain = plain.unwrap();
        let q = format!("INSERT INTO \"{}\" (key) VALUES (0x00)", plain.name);
        assert_eq!(
            refused(&node, &schema, Some(&ks), &parse(&q), ConsistencyLevel::ANY),
            None
        );
        assert_eq!(
            refused(
                &node,
                &schema,
                Some(&ks),
                &parse(&q),
                ConsistencyLevel::SERIAL
            )
            .as_deref(),
            Some("You must use conditional updates for serializable writes")
        );
    }
}
