//! `cas` (API 19.36, Cassandra 2.0): compare-and-set of one row of one
//! standard column family, answered as 2.0 answered it on one node.
//!
//! 2.0's rules, kept here:
//! - the column family must exist and must not be a counter or super CF;
//!   the key and the `updates` are validated as `insert` validates them;
//!   `expected` is not validated;
//! - the serial level must be SERIAL or LOCAL_SERIAL, the commit level
//!   must not be one of them (EACH_QUORUM wants NetworkTopologyStrategy);
//!   a commit level this node alone cannot meet is not refused: the
//!   update is committed, then the call times out (2.x: empty updates
//!   too; 3.0 on committed no empty proposal);
//! - empty `expected` means "the row has no live column" (2.0 read one
//!   column to tell); otherwise every expected column must be live with an
//!   equal value (before 3.0 a column sent without a value failed on the
//!   server, its cell asserting a value; `applies` never matches one);
//! - on failure the reply carries the live columns that were read: the
//!   first column of the row for an empty `expected`, else the expected
//!   columns that exist (an empty list when none does);
//! - `updates` are written at the time of the Paxos ballot (the server's
//!   clock, not the timestamps they were sent with; see [`ballot_time`]) and without their
//!   TTL (2.0 copied name, value and timestamp only; 3.0 kept it), so with the table's
//!   `default_time_to_live` where it has one (2.0 to 2.2: `Column.create`).
//!
//! The read-compare-write runs under [`Node::serialized`]. This module
//! must not know CQL.

use super::convert::thriftify;
use super::validation::{self as v, Access};
use crate::model::{Cell, Op, ReadCommand, RowMutation, RowResult, Slice};
use crate::node::Node;
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

/// One `cas` call after the keyspace is known. `None`: a list the call
/// left out, which 2.0 read as null and failed on where it first used it
/// (a NullPointerException: the connection closed).
pub struct CasRequest<'a> {
    pub key: &'a [u8],
    pub column_family: &'a str,
    pub expected: Option<&'a [t::Column]>,
    pub updates: Option<&'a [t::Column]>,
    pub serial: ConsistencyLevel,
    pub commit: ConsistencyLevel,
}

/// 2.0's `ConsistencyLevel.validateForCas` and `validateForCasCommit`:
/// of the commit levels, only the serial ones are refused and EACH_QUORUM
/// asks for NetworkTopologyStrategy (no write level's checks, no
/// availability: the commit's wait answers for that, see [`commit_wait`]).
fn check_levels(
    node: &Node,
    ks: &str,
    serial: ConsistencyLevel,
    commit: ConsistencyLevel,
) -> ApiResult<()> {
    let is_serial = |cl| cl == ConsistencyLevel::SERIAL || cl == ConsistencyLevel::LOCAL_SERIAL;
    if !is_serial(serial) {
        return Err(ApiError::invalid(
            "Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL",
        ));
    }
    if is_serial(commit) {
        let name = if commit == ConsistencyLevel::SERIAL {
            "SERIAL"
        } else {
            "LOCAL_SERIAL"
        };
        return Err(ApiError::invalid(format!(
            "{name} is not supported as conditional update commit consistency. Use ANY if you mean \"make sure it is accepted but I don't care how many replicas commit it for non-SERIAL reads\""
        )));
    }
    let schema = node.schema();
    let ksdef = v::validate_keyspace(&schema, ks)?;
    if commit == ConsistencyLevel::EACH_QUORUM {
        // Only `requireNetworkTopologyStrategy` (not alone: no availability).
        v::check_consistency(ksdef, None, commit, Access::Write, false)?;
    }
    Ok(())
}

/// The wait for a commit that was applied (`StorageProxy.commitPaxos`):
/// every replica was sent the commit and the call blocked for the commit
/// level's acknowledgements (none at ANY) without first asking whether
/// that many were alive, so a level this node alone cannot meet timed out
/// once the commit was in, acknowledged by this node.
fn commit_wait(node: &Node, ks: &str, commit: ConsistencyLevel) -> ApiResult<()> {
    let alone = node.engine().is_some();
    let schema = node.schema();
    let Some(ksdef) = schema.keyspace(ks) else {
        return Ok(());
    };
    if commit == ConsistencyLevel::ANY || v::check_available(ksdef, commit, alone).is_ok() {
        return Ok(());
    }
    Err(ApiError::TimedOut(crate::node::Acknowledged {
        by: Some(1),
        by_batchlog: None,
    }))
}

/// Whether the row as read satisfies `expected` (2.0's ThriftCASConditions).
fn applies(expected: &[t::Column], current: &[Cell]) -> bool {
    if expected.is_empty() {
        return current.is_empty();
    }
    expected.iter().all(|e| {
        current
            .iter()
            .find(|c| c.name == e.name)
            .is_some_and(|c| e.value.as_deref() == Some(c.value.as_slice()))
    })
}

pub fn cas(node: &Node, ks: &str, req: &CasRequest) -> ApiResult<t::CASResult> {
    let cf = v::validate_cf_for(&node.schema(), ks, req.column_family, false)?;
    v::validate_key(&cf, req.key, super::release::checks(node.release))?;
    if cf.is_super() {
        return Err(ApiError::invalid("CAS does not support supercolumns"));
    }
    let null = |name: &str| ApiError::Dropped(format!("cas: {name} read as null"));
    let updates = req.updates.ok_or_else(|| null("updates"))?;
    v::validate_column_names(
        &cf,
        None,
        updates.iter().map(|c| c.name.as_slice()),
        super::release::checks(node.release),
    )?;
    for c in updates {
        if let Some(e) = crate::thrift::api19::release::writes::ttlbound::refusal(
            node.release,
            &cf,
            c.ttl,
            node.now(),
        ) {
            return Err(e);
        }
        v::validate_column_data(&cf, c, false, super::release::checks(node.release))?;
        if let Some(e) =
            crate::thrift::api19::release::writes::cellname::failure(node.release, &cf, &c.name)
        {
            return Err(e);
        }
    }
    let expected = req.expected.ok_or_else(|| null("expected"))?;
    // 2.0 to 2.2 built the expected columns as cells (`addColumn(name,
    // value, timestamp)`), whose constructor asserted a value: one sent
    // without failed on the server before the levels were looked at.
    let built_as_cells = node
        .release
        .is_some_and(|r| r.at_least(2, 0) && !r.at_least(3, 0));
    if built_as_cells && expected.iter().any(|c| c.value.is_none()) {
        return Err(ApiError::Dropped(
            "cas: an expected column without a value (AssertionError)".to_string(),
        ));
    }
    check_levels(node, ks, req.serial, req.commit)?;
    if node.schema().keyspace(ks).is_some_and(|k| k.is_system()) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    let slice = if expected.is_empty() {
        Slice::Range {
            start: Vec::new(),
            finish: Vec::new(),
            reversed: false,
            count: 1,
        }
    } else {
        let mut names: Vec<Vec<u8>> = expected.iter().map(|c| c.name.clone()).collect();
        names.sort_by(|a, b| cf.comparator.compare(a, b));
        names.dedup();
        Slice::Names(names)
    };
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: cf.name.clone(),
        super_column: None,
        slice,
    };
    node.serialized(ks, &cf.name, req.key, || {
        let now = node.now();
        let current = match node.read(&cmd, req.key)? {
            RowResult::Cells(cells) => cells.into_iter().filter(|c| c.is_live(now)).collect(),
            RowResult::SuperColumns(_) => Vec::new(),
        };
        if !applies(expected, &current) {
            let values = thriftify(&RowResult::Cells(current), now, false)
                .into_iter()
                .filter_map(|cosc| cosc.column)
                .collect();
            return Ok(t::CASResult::new(false, Some(values)));
        }
        if !updates.is_empty() {
            // The proposal's cells take the ballot's time
            // (`Commit.newProposal`), whatever timestamp they were sent with.
            let ballot = ballot_time(node, ks, &cf, req.key, updates)?;
            // 3.0 on kept each column's TTL.
            let keeps_ttl = node
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CasKeepsColumnTtl));
            let mut ops: Vec<Op> = updates
                .iter()
                .map(|c| Op::Put {
                    super_column: None,
                    cell: match c.ttl.filter(|&t| t > 0 && keeps_ttl) {
                        Some(ttl) => Cell::expiring(
                            c.name.clone(),
                            c.value.clone().unwrap_or_default(),
                            ballot,
                            ttl,
                            now,
                        ),
                        None => {
                            Cell::live(c.name.clone(), c.value.clone().unwrap_or_default(), ballot)
                        }
                    },
                })
                .collect();
            // Each update became a cell of no TTL (`addColumn(name, value,
            // timestamp)`), which 2.0 to 2.2 gave the table's default.
            super::release::writes::defaultttl::apply(node.release, &cf, now, &mut ops);
            node.apply(&RowMutation {
                keyspace: ks.to_string(),
                key: req.key.to_vec(),
                updates: vec![(cf.name.clone(), ops)],
            })?;
        }
        // 3.0 on committed no empty proposal (`doPaxos`), so waited for none.
        let committed = !updates.is_empty() || !node.release.is_some_and(|r| r.at_least(3, 0));
        if committed {
            commit_wait(node, ks, req.commit)?;
        }
        Ok(t::CASResult::new(true, None))
    })
}

/// The time of the ballot a proposal is written at: the server's clock,
/// and never before a version of an updated column already stored.
///
/// Why the floor: a real node takes a second or more for each schema
/// change, so by the time an application's `cas` runs, its clock is past
/// the timestamps the application took when it began (recorded sessions
/// of 2.0 to 2.2 show the proposal replacing what the session wrote just
/// before). The emulation answers schema changes at once, which would leave
/// the ballot behind such a timestamp and the proposal shadowed by the very
/// column it replaced. Only a client clock running ahead of the server's
/// tells the two apart.
fn ballot_time(
    node: &Node,
    ks: &str,
    cf: &CfDef,
    key: &[u8],
    updates: &[t::Column],
) -> ApiResult<i64> {
    let mut names: Vec<Vec<u8>> = updates.iter().map(|c| c.name.clone()).collect();
    names.sort_by(|a, b| cf.comparator.compare(a, b));
    names.dedup();
    let cmd = ReadCommand {
        keyspace: ks.to_string(),
        cf: cf.name.clone(),
        super_column: None,
        slice: Slice::Names(names),
    };
    let stored = match node.read(&cmd, key)? {
        RowResult::Cells(cells) => cells,
        RowResult::SuperColumns(_) => Vec::new(),
    };
    Ok(after_stored(node.cql_clock.next_timestamp(), &stored))
}

/// `clock`, or just after the newest of `stored` when that is later.
fn after_stored(clock: i64, stored: &[Cell]) -> i64 {
    stored
        .iter()
        .map(|c| c.timestamp.saturating_add(1))
        .fold(clock, i64::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(name: &str, value: Option<&str>) -> t::Column {
        t::Column {
            name: name.as_bytes().to_vec(),
            value: value.map(|v| v.as_bytes().to_vec()),
            timestamp: Some(1),
            ttl: None,
        }
    }

    fn cell(name: &str, value: &str) -> Cell {
        Cell::live(name.as_bytes().to_vec(), value.as_bytes().to_vec(), 1)
    }

    #[test]
    fn a_commit_level_one_node_cannot_meet_times_out_after_the_commit() {
        let node = crate::node::test_nodes::as_release("2.0.17");
        let (ks, cf) = {
            let schema = node.schema();
            let k = schema.user_keyspaces().next().unwrap();
            let c = k
                .cfs
                .values()
                .find(|c| !c.is_super() && !c.is_counter())
                .unwrap();
            (k.name.clone(), c.name.clone())
        };
        let updates = [col("a", Some("1"))];
        let req = |commit| CasRequest {
            key: b"k",
            column_family: &cf,
            expected: Some(&[]),
            updates: Some(&updates),
            serial: ConsistencyLevel::SERIAL,
            commit,
        };
        assert!(matches!(
            cas(&node, &ks, &req(ConsistencyLevel::TWO)),
            Err(ApiError::TimedOut(a)) if a.by == Some(1)
        ));
        // The commit was in before the wait: the row is no longer empty.
        assert!(
            !cas(&node, &ks, &req(ConsistencyLevel::ONE))
                .unwrap()
                .success
        );
    }

    #[test]
    fn empty_expected_wants_no_live_column() {
        assert!(applies(&[], &[]));
        assert!(!applies(&[], &[cell("a", "1")]));
    }

    #[test]
    fn every_expected_column_must_hold_its_value() {
        let current = [cell("a", "1"), cell("b", "2")];
        assert!(applies(&[col("a", Some("1"))], &current));
        assert!(applies(
            &[col("a", Some("1")), col("b", Some("2"))],
            &current
        ));
        assert!(!applies(
            &[col("a", Some("1")), col("b", Some("3"))],
            &current
        ));
        assert!(!applies(&[col("c", Some("1"))], &current));
        assert!(!applies(&[col("a", Some("1"))], &[]));
    }

    #[test]
    fn the_ballot_is_the_clock_unless_a_stored_version_is_later() {
        let stored = [cell("a", "1"), Cell::live(b"b".to_vec(), b"2".to_vec(), 50)];
        assert_eq!(after_stored(100, &stored), 100);
        assert_eq!(after_stored(20, &stored), 51);
        assert_eq!(after_stored(20, &[]), 20);
    }

    #[test]
    fn an_expected_column_without_value_never_matches() {
        assert!(!applies(&[col("a", None)], &[cell("a", "")]));
        assert!(!applies(&[col("a", None)], &[]));
    }
}
