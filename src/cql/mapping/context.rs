//! What a write is made with, shared by `write` and the pieces it calls
//! (`keys`, `assign`): the statement's context ([`WriteContext`]: the
//! server's clock, the bound values, the UUID generator, the reader of a
//! list's current cells) and the parameters after `USING` ([`Stamp`]) that
//! every cell and tombstone of a statement is written with. It must not
//! decide which cells a statement writes.

use super::super::ast::Using;
use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::super::timeuuid::TimeUuidGenerator;
use super::value_rules::ValueRules;
use super::values::{eval_i64, TermContext};
use super::CqlOp;
use crate::model::{Cell, DeletionTime};

/// Reads a list column's current live cells for index operations
/// (`l[i] = x`, `DELETE l[i]`, `l = l - [...]`), in comparator order.
pub trait ListReader {
    /// `start..=end` is the range [`prefix_range`] gives for the column.
    /// A failed read is the source's error, which fails the write.
    fn list_cells(
        &self,
        table: &Table,
        row_key: &[u8],
        start: &[u8],
        end: &[u8],
    ) -> CqlResult<Vec<Cell>>;
}

/// Everything a write needs besides the statement and the table.
pub struct WriteContext<'a> {
    /// The timestamp used when the statement has no `USING TIMESTAMP`
    /// (the server's, in microseconds).
    pub timestamp: i64,
    /// Wall clock in milliseconds: list element UUIDs and `now()`.
    pub now_millis: i64,
    /// Server time in seconds: local deletion / expiration times.
    pub now_seconds: i32,
    pub binds: &'a [Option<Vec<u8>>],
    pub uuids: &'a mut TimeUuidGenerator,
    pub lists: &'a dyn ListReader,
    /// Whether a non-compact row gets its marker: 1.1's CQL 3 beta wrote
    /// none, so a row lived only while one of its cells did.
    pub row_marker: bool,
    /// Whether a counter set or a plain column incremented is refused in
    /// the words of 1.1's beta (its `UpdateStatement.mutationForKey`:
    /// "invalid operation for (non) commutative columnfamily").
    pub beta_words: bool,
    /// Whether an UPDATE writes the marker too: 1.2's `UpdateStatement`
    /// wrote it for every statement; from 2.0 (CASSANDRA-6782) only an
    /// INSERT did, so a row an UPDATE made lives only while one of its
    /// cells does.
    pub update_writes_marker: bool,
    /// Whether a counter table's rows get the marker too (1.2's UPDATE
    /// wrote it there as anywhere): only when emulating 1.2, whose own
    /// storage holds a plain cell among counters; a server of no release
    /// keeps counter rows unmarked, so a cluster behind a gateway, which
    /// cannot hold one, is never sent it.
    pub counter_marker: bool,
    /// Whether an empty cell name is refused (1.2.11's and 2.0's
    /// `UpdateParameters` checked every name it wrote: a COMPACT table's
    /// only clustering value may not be empty; 1.2.9 wrote it, and failed
    /// to flush it).
    pub refuses_empty_names: bool,
    /// Whether a list without elements, set or deleted by index, is
    /// refused as null (2.1 on: `Lists.SetterByIndex`,
    /// `Lists.DiscarderByIndex`), not as out of bounds.
    pub null_list_words: bool,
    /// How a write refuses an empty value of a COMPACT table's only
    /// clustering column, past `refuses_empty_names`' releases.
    pub empty_dense_name: EmptyDenseName,
    /// Whether an assignment to a key column is checked against the
    /// column's type before the key column is refused (1.2 to 2.2:
    /// `Operation.prepare` came first; 3.0 refused the column first).
    pub key_assignments_prepared: bool,
    /// Whether a write of a COMPACT table with several clustering columns
    /// may name a leading part of them only (1.2 to 3.11: `UpdateStatement`,
    /// then `ModificationStatement.createClusteringPrefix`, then 3.x's
    /// `StatementRestrictions`, asked for the whole clustering key only of
    /// a non-dense table; the cell's name is the prefix given).
    pub dense_prefixes: bool,
    /// What becomes of a TTL whose expiry passes 2038 (see [`Past2038`]).
    pub past_2038: Past2038,
    /// How the release checked the statement's values (see [`ValueRules`]).
    pub values: ValueRules,
    /// A frozen collection's literal takes the u16 form (see
    /// [`TermContext::frozen_as_v2`]).
    pub frozen_as_v2: bool,
    /// Whether an UPDATE or DELETE may name a clustering column by `IN`:
    /// 1.2's `UpdateStatement` and 2.x's `ModificationStatement` took `IN`
    /// on a partition key column only (`Invalid operator IN for PRIMARY
    /// KEY part c`); 3.0 took it on clustering columns too.
    pub clustering_in: bool,
    /// Whether deleting a set's element (`DELETE s['x']`) fails on the
    /// server: 1.2.0 to 1.2.11's `Operation.ElementDeletion` gave it to
    /// `Lists.Discarder`; 1.2.12 on to `Sets.Discarder`.
    pub set_element_deletion_fails: bool,
    /// When a table's `default_time_to_live` is given to the statement's
    /// cells, and where it is read (see [`DefaultTtls`]).
    pub default_ttls: DefaultTtls<'a>,
    /// Whether deleting a named column of a row whose clustering key is
    /// given in part fails on the server (2.1 and 2.2: no check was left,
    /// and `CompoundSparseCellNameType.create` asserted a whole prefix).
    pub partial_row_delete_fails: bool,
}

/// A TTL whose expiry passes 2038-01-19 overflows a cell's local
/// expiration time (an `int` of seconds, `now + ttl`). 2.1.20 on refused
/// it (CASSANDRA-14092, `Attributes.maybeApplyExpirationDateOverflowPolicy`
/// under the default policy REJECT); 1.2 to 2.1.19 built the cell anyway
/// and `ExpiringColumn`'s `assert localExpirationTime > 0` failed the
/// statement on the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Past2038 {
    /// Written, expiring at the last second an `int` holds.
    #[default]
    Written,
    Refused,
    Fails,
}

/// When a release gave a table's `default_time_to_live` to the cells of a
/// CQL write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DefaultTtl {
    /// Never (1.2 had no such option; a server not emulating a release).
    #[default]
    Never,
    /// 2.0 to 3.0: to every cell made with a TTL of 0, so when the
    /// statement gave none or `USING TTL 0` (`Column.create`, 2.1's
    /// `AbstractCell.create`, 3.0's `LivenessInfo.create`).
    WhenZero,
    /// 3.11 on: when the statement gave no TTL (`Attributes.getTimeToLive`);
    /// `USING TTL 0` writes none.
    WhenUnset,
}

/// The rule of [`DefaultTtl`] and where a table's default is read
/// (keyspace, table: the seconds, 0 for none).
#[derive(Clone, Copy)]
pub struct DefaultTtls<'a> {
    pub rule: DefaultTtl,
    pub of: &'a dyn Fn(&str, &str) -> i32,
}

fn no_default(_: &str, _: &str) -> i32 {
    0
}

impl Default for DefaultTtls<'_> {
    fn default() -> Self {
        DefaultTtls {
            rule: DefaultTtl::Never,
            of: &no_default,
        }
    }
}

impl DefaultTtls<'_> {
    /// The TTL a write into `table` gives its cells, from the statement's
    /// own (`given`: `None` without `USING TTL`).
    fn ttl(&self, table: &Table, given: Option<i32>) -> i32 {
        let own = given.unwrap_or(0);
        let takes = match self.rule {
            DefaultTtl::Never => false,
            DefaultTtl::WhenZero => own <= 0,
            DefaultTtl::WhenUnset => given.is_none(),
        };
        match takes {
            true => match (self.of)(&table.keyspace, &table.name) {
                d if d > 0 => d,
                _ => own,
            },
            false => own,
        }
    }
}

impl WriteContext<'_> {
    /// What evaluating a term needs of this context.
    pub(super) fn terms(&mut self) -> TermContext<'_> {
        TermContext {
            binds: self.binds,
            now_millis: self.now_millis,
            uuids: &mut *self.uuids,
            values: self.values,
            receiver: None,
            frozen_as_v2: self.frozen_as_v2,
        }
    }

    /// This context with `lists` reading the lists it changes.
    pub fn with_lists<'b>(&'b mut self, lists: &'b dyn ListReader) -> WriteContext<'b> {
        WriteContext {
            timestamp: self.timestamp,
            now_millis: self.now_millis,
            now_seconds: self.now_seconds,
            binds: self.binds,
            uuids: &mut *self.uuids,
            lists,
            row_marker: self.row_marker,
            beta_words: self.beta_words,
            update_writes_marker: self.update_writes_marker,
            counter_marker: self.counter_marker,
            refuses_empty_names: self.refuses_empty_names,
            empty_dense_name: self.empty_dense_name,
            key_assignments_prepared: self.key_assignments_prepared,
            null_list_words: self.null_list_words,
            dense_prefixes: self.dense_prefixes,
            past_2038: self.past_2038,
            values: self.values,
            frozen_as_v2: self.frozen_as_v2,
            clustering_in: self.clustering_in,
            set_element_deletion_fails: self.set_element_deletion_fails,
            default_ttls: self.default_ttls,
            partial_row_delete_fails: self.partial_row_delete_fails,
        }
    }

    /// This context with `binds` for the markers (the members of a native
    /// BATCH message each bring their own values).
    pub fn with_binds<'b>(&'b mut self, binds: &'b [Option<Vec<u8>>]) -> WriteContext<'b> {
        WriteContext {
            timestamp: self.timestamp,
            now_millis: self.now_millis,
            now_seconds: self.now_seconds,
            binds,
            uuids: &mut *self.uuids,
            lists: self.lists,
            row_marker: self.row_marker,
            beta_words: self.beta_words,
            update_writes_marker: self.update_writes_marker,
            counter_marker: self.counter_marker,
            refuses_empty_names: self.refuses_empty_names,
            empty_dense_name: self.empty_dense_name,
            key_assignments_prepared: self.key_assignments_prepared,
            null_list_words: self.null_list_words,
            dense_prefixes: self.dense_prefixes,
            past_2038: self.past_2038,
            values: self.values,
            frozen_as_v2: self.frozen_as_v2,
            clustering_in: self.clustering_in,
            set_element_deletion_fails: self.set_element_deletion_fails,
            default_ttls: self.default_ttls,
            partial_row_delete_fails: self.partial_row_delete_fails,
        }
    }
}

/// The per-statement write parameters after `USING`.
pub(super) struct Stamp {
    pub(super) timestamp: i64,
    ttl: i32,
    pub(super) now: i32,
}

impl Stamp {
    /// The answer to a TTL of a write into `table` whose expiry passes 2038
    /// (see [`Past2038`]).
    pub(super) fn check_expiry(&self, table: &Table, past_2038: Past2038) -> CqlResult<()> {
        if self.ttl <= 0 || self.ttl.checked_add(self.now).is_some() {
            return Ok(());
        }
        match past_2038 {
            Past2038::Written => Ok(()),
            Past2038::Refused => Err(CqlError::invalid(format!(
                "Request on table {}.{} with ttl of {} seconds exceeds maximum supported \
                 expiration date of 2038-01-19T03:14:06+00:00. In order to avoid this use a \
                 lower TTL, change the expiration date overflow policy or upgrade to a version \
                 where this limitation is fixed. See CASSANDRA-14092 for more details.",
                table.keyspace, table.name, self.ttl
            ))),
            Past2038::Fails => Err(CqlError::Failed(format!(
                "a TTL of {} s expires past 2038: ExpiringColumn's assertion failed",
                self.ttl
            ))),
        }
    }

    pub(super) fn cell(&self, name: Vec<u8>, value: Vec<u8>) -> CqlOp {
        if self.ttl > 0 {
            CqlOp::Cell(Cell::expiring(
                name,
                value,
                self.timestamp,
                self.ttl,
                self.now,
            ))
        } else {
            CqlOp::Cell(Cell::live(name, value, self.timestamp))
        }
    }
    pub(super) fn tombstone(&self, name: Vec<u8>) -> CqlOp {
        CqlOp::Cell(Cell::tombstone(name, self.timestamp, self.now))
    }
    pub(super) fn range(&self, (start, end): (Vec<u8>, Vec<u8>), at: i64) -> CqlOp {
        CqlOp::RangeTombstone {
            start,
            end,
            deletion: DeletionTime::new(at, self.now),
        }
    }
}

const MAX_TTL: i64 = 20 * 365 * 24 * 60 * 60;

pub(super) fn stamp(
    using: &Using,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Stamp> {
    let timestamp = match &using.timestamp {
        Some(t) => eval_i64(t, "timestamp", &mut ctx.terms())?,
        None => default_ts.unwrap_or(ctx.timestamp),
    };
    let ttl = match &using.ttl {
        Some(t) => eval_i64(t, "TTL", &mut ctx.terms())?,
        None => 0,
    };
    if ttl < 0 {
        return Err(ctx.values.negative_ttl(ttl));
    }
    if ttl > MAX_TTL {
        return Err(CqlError::invalid(format!(
            "ttl is too large. requested ({ttl}) maximum ({MAX_TTL})"
        )));
    }
    Ok(Stamp {
        timestamp,
        ttl: ttl as i32,
        now: ctx.now_seconds,
    })
}

/// [`stamp`] of a write into `table`: its cells' TTL the table's default
/// where the release gave it (see [`DefaultTtl`]).
pub(super) fn stamp_for(
    table: &Table,
    using: &Using,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Stamp> {
    let mut st = stamp(using, default_ts, ctx)?;
    let given = using.ttl.as_ref().map(|_| st.ttl);
    st.ttl = ctx.default_ttls.ttl(table, given);
    Ok(st)
}

/// A write's answer to an empty value of a COMPACT table's only
/// clustering column (the whole cell name in Thrift's view).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EmptyDenseName {
    /// Written (or refused by `refuses_empty_names`).
    Taken,
    /// 2.1, 2.2: `addUpdateForKey` found the prefix it made empty and
    /// refused it as a missing clustering value.
    Missing,
    /// 3.x: `UpdateParameters.newRow` refused it as empty or null.
    EmptyOrNull,
}
