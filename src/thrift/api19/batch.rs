//! The 19.x batch calls, `batch_mutate` and `atomic_batch_mutate`, read off
//! the wire and turned into engine mutations one `Mutation` at a time: the
//! 19.x [`Rules`] of the shared streamed batch (`thrift::batch`), the
//! argument reader, and the reply. (A batch of plain column writes is read
//! in place by `inplace`, which hands every other one to this module.)
//!
//! What must not change: the answers. The arguments are read exactly as the
//! generated reader reads them (field ids and types, skipped fields, a later
//! duplicate key replacing an earlier one, the same required-field errors),
//! a protocol error anywhere in the message wins over every validation
//! error, and of several invalid mutations the one reported is the first in
//! key order, then column family order, then list order, as when the whole
//! map was validated after decoding. Nothing is applied unless all is valid.

use super::convert::{deletion_ops, mutation_ops};
use super::counters::{self, Increment};
use super::methods::{self, Row};
use super::release::writes::{cellname, decimalname, subrange, ttlbound};
use super::validation::{self as v, Access};
use super::writes::{check_writable, check_write, row_mutation};
use super::Handler;
use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::{CfDef, Schema};
use crate::thrift::batch::{self, Rules};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::wire::bounded::{self, OverBudget};
use std::collections::BTreeMap;
use std::mem::size_of;
use std::sync::Arc;
use thrift::protocol::{
    field_id, verify_required_field_exists, TInputProtocol, TOutputProtocol, TSerializable, TType,
};

/// What one column family's list of mutations does.
pub enum Effect {
    /// The ops, and the deletions of a range of one super column's
    /// sub-columns, whose tombstones are found as the batch is applied
    /// (`release::writes::subrange`).
    Ops(Vec<Op>, Vec<t::Deletion>),
    /// A counter column family's increments and deletions, in list order.
    Counter(Vec<CounterStep>),
}

/// One part of a counter column family's mutation. The releases stamped
/// each with the server's clock as the list was read (an increment's cell
/// as it was made, a deletion's timestamp as it was validated), so a
/// deletion listed after an increment of its counter is the later and
/// deletes it; the steps are applied in that order.
pub enum CounterStep {
    Add(Increment),
    Delete(t::Deletion),
}

/// 1.2's checks of a batch, list by list: the column family and the row key
/// (its validator is the column family's), then each mutation.
pub struct Api19 {
    schema: Arc<Schema>,
    /// The connection's keyspace when the request arrived; without one
    /// nothing is validated (the call is refused before anything is used).
    keyspace: Option<String>,
    now: i32,
    atomic: bool,
    /// The release answered as, whose words a refused mutation gets.
    release: Option<&'static Release>,
    /// The keyspace's column families without a store (2.0's unopened
    /// index): a column written to one closes the connection.
    unstored: Vec<String>,
}

/// A 19.x batch being read.
pub type Batch = batch::Batch<Api19>;

/// The column families of `keyspace` that 2.0 made without a store.
fn unstored(node: &Node, keyspace: Option<&str>) -> Vec<String> {
    let Some(ks) = keyspace else {
        return Vec::new();
    };
    let names: Vec<String> = node
        .schema()
        .keyspace(ks)
        .map(|k| k.cfs.keys().cloned().collect())
        .unwrap_or_default();
    names
        .into_iter()
        .filter(|cf| super::release::schema::plainindex::unstored(node, ks, cf))
        .collect()
}

/// A batch for a connection whose keyspace is `keyspace`.
pub fn new_batch(node: &Node, keyspace: Option<String>, atomic: bool) -> Batch {
    Batch::new(Api19 {
        schema: node.schema(),
        keyspace: keyspace.clone(),
        now: node.now(),
        atomic,
        release: node.release,
        unstored: unstored(node, keyspace.as_deref()),
    })
}

impl Rules for Api19 {
    type Mutation = t::Mutation;
    type Cf = Arc<CfDef>;
    type Effect = Effect;

    fn key(&self, key: &[u8]) -> Result<(), ApiError> {
        super::release::v07::key_first(self.release, key)
    }

    fn column_family(&self, key: &[u8], name: &str) -> Result<Arc<CfDef>, ApiError> {
        match &self.keyspace {
            Some(ks) => v::validate_cf(&self.schema, ks, name).and_then(|cf| {
                v::validate_key(&cf, key, super::release::checks(self.release)).map(|()| cf)
            }),
            None => Err(ApiError::invalid("no keyspace has been specified")),
        }
    }

    fn refused_list(&self, m: &t::Mutation, e: &ApiError) -> Option<ApiError> {
        super::release::v07::refused_list(self.release, m, e)
    }

    fn effect(&self, cf: &Result<Arc<CfDef>, ApiError>) -> Effect {
        match cf {
            Ok(cf) if cf.is_counter() => Effect::Counter(Vec::new()),
            _ => Effect::Ops(Vec::new(), Vec::new()),
        }
    }

    fn mutation(
        &self,
        key: &[u8],
        cf_name: &str,
        cf: &Arc<CfDef>,
        mut m: t::Mutation,
        effect: &mut Effect,
    ) -> Result<ApiResult<()>, OverBudget> {
        let does = |b| self.release.is_some_and(|r| r.does(b));
        let range_deletions = if does(Behaviour::SuperSubcolumnRangeDeletionsRefused) {
            v::RangeDeletions::SubcolumnsRefused
        } else if does(Behaviour::SliceRangeDeletions) {
            v::RangeDeletions::Taken
        } else {
            v::RangeDeletions::Refused
        };
        // 0.7 checked a column and a super column given together one after
        // the other, and wrote the column alone.
        let super_part = super::release::writes::bothmembers::split(self.release, &mut m);
        // 1.1 on bounded a column's TTL first of its checks
        // (`ThriftValidation.validateTtl`), as each column was validated.
        if let Err(e) = super::release::v3x::mutation_ttls(self.release, &mut m)
            .and_then(
                |()| match ttlbound::mutation_refusal(self.release, cf, &m, self.now) {
                    Some(e) => Err(e),
                    None => Ok(()),
                },
            )
            .and_then(|()| {
                v::validate_mutation(
                    cf,
                    &m,
                    range_deletions,
                    super::release::checks(self.release),
                )
            })
            .and_then(
                |()| match cellname::mutation_failure(self.release, cf, &m) {
                    Some(e) => Err(e),
                    None => Ok(()),
                },
            )
            .and_then(
                |()| match decimalname::mutation_failure(self.release, cf, &m) {
                    Some(e) => Err(e),
                    None => Ok(()),
                },
            )
        {
            return Ok(Err(super::release::v07::mutation_error(
                self.release,
                cf,
                &m,
                e,
            )));
        }
        if let Some(part) = &super_part {
            let dialect = super::release::checks(self.release);
            if let Err(e) = v::validate_mutation(cf, part, range_deletions, dialect) {
                return Ok(Err(super::release::v07::mutation_error(
                    self.release,
                    cf,
                    part,
                    e,
                )));
            }
        }
        // The mutation's columns were built as it was validated, before
        // the next one: building one failed where no check bounded its
        // expiry.
        if let Some(e) = ttlbound::mutation_failure(self.release, &m, self.now) {
            return Ok(Err(e));
        }
        if m.column_or_supercolumn.is_some() && self.unstored.iter().any(|n| n == cf_name) {
            return Ok(Err(ApiError::Dropped(format!(
                "the release had no store for {cf_name}, whose index it could not open"
            ))));
        }
        match effect {
            Effect::Ops(ops, subranges) => {
                if let Some(del) = m.deletion.as_ref().filter(|d| subrange::is_subrange(d)) {
                    subranges.push(del.clone());
                }
                let before = ops.len();
                match super::release::v3x::range_deletion(self.release, cf, &m, self.now) {
                    Some(op) => ops.extend(op),
                    None => mutation_ops(m, cf, self.now, ops),
                }
                bounded::reserve((ops.len() - before) * size_of::<Op>())?;
                if let Some(e) =
                    super::release::writes::dynamic::mismatch(self.release, cf, ops, before)
                {
                    return Ok(Err(e));
                }
            }
            Effect::Counter(steps) => counter_mutation(key, cf_name, m, steps)?,
        }
        Ok(Ok(()))
    }

    /// A release (run as one, on a Java 8 `HashMap`) validated the map in
    /// its iteration order.
    fn java_map_order(&self) -> bool {
        self.release.is_some()
    }

    /// Counter mutations are refused in atomic batches, after the list's
    /// own errors.
    fn end_column_family(&self, cf: &mut Result<Arc<CfDef>, ApiError>, effect: &mut Effect) {
        if let Effect::Ops(ops, _) = effect {
            if let Ok(def) = cf.as_ref() {
                super::release::writes::defaultttl::apply(self.release, def, self.now, ops);
                super::release::writes::mutationrow::reconcile(self.release, def, ops);
            }
            // A list of one small mutation must not keep room for four.
            ops.shrink_to_fit();
        }
        if self.atomic && cf.as_ref().is_ok_and(|cf| cf.is_counter()) {
            *cf = Err(ApiError::invalid(
                "Counter mutations are not allowed in atomic batches",
            ));
        }
    }
}

/// A whole map, as the generated handler receives it.
fn from_map(
    node: &Node,
    keyspace: Option<String>,
    atomic: bool,
    map: BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>>,
) -> Result<Batch, OverBudget> {
    let mut batch = new_batch(node, keyspace, atomic);
    for (key, by_cf) in map {
        batch.key(key)?;
        for (cf, mutations) in by_cf {
            batch.column_family(cf)?;
            for m in mutations {
                batch.mutation(m)?;
            }
            batch.end_column_family();
        }
    }
    Ok(batch)
}

/// Answers the batch for keyspace `ks` (the connection's, checked by the
/// caller): the first error in key, column family, list order, else the
/// consistency checks, then the ordinary rows (`atomic_batch_mutate`'s in
/// one engine call, `batch_mutate`'s a chunk of rows at a time), then the
/// counter increments and deletes in the order they were listed (each run
/// of one kind with one timestamp).
pub fn apply(batch: Batch, node: &Node, ks: &str, cl: ConsistencyLevel) -> ApiResult<()> {
    if batch.rules().keyspace.as_deref() != Some(ks) {
        return Err(ApiError::Internal(format!(
            "batch read for keyspace {:?}, applied to {ks}",
            batch.rules().keyspace
        )));
    }
    let (rules, entries) = batch.into_entries()?;
    let mut rows: Vec<RowMutation> = Vec::new();
    let mut counter_steps: Vec<(Vec<u8>, String, CounterStep)> = Vec::new();
    let mut counter_cf: Option<Arc<CfDef>> = None;
    // 2.1 on made the row of an empty list's column family (a partition of
    // no cells), which range scans then listed.
    let empty_lists_make_rows = rules
        .release
        .is_some_and(|r| r.does(Behaviour::EmptyMutationListMakesRow));
    for entry in entries {
        let mut updates = Vec::with_capacity(entry.lists.len());
        for list in entry.lists {
            if list.cf.is_counter() && counter_cf.is_none() {
                counter_cf = Some(list.cf.clone());
            }
            match list.effect {
                Effect::Ops(mut ops, subranges) => {
                    for del in &subranges {
                        let tombstones =
                            subrange::tombstones(node, ks, &entry.key, &list.cf, del, &ops)?;
                        ops.extend(tombstones);
                    }
                    if !ops.is_empty() || empty_lists_make_rows {
                        updates.push((list.cf_name, ops))
                    }
                }
                Effect::Counter(steps) => {
                    let (key, cf) = (&entry.key, &list.cf_name);
                    counter_steps.extend(steps.into_iter().map(|s| (key.clone(), cf.clone(), s)));
                }
            }
        }
        if !updates.is_empty() {
            rows.push(row_mutation(ks, entry.key, updates));
        }
    }
    let counting = !counter_steps.is_empty();
    check_write(node, ks, None, cl, Access::Write)?;
    if let Some(cf) = counter_cf.as_deref() {
        check_write(node, ks, Some(cf), cl, Access::CounterWrite)?;
    }
    if rows.is_empty() && !counting {
        return Ok(());
    }
    check_writable(node, ks)?;
    if rules.atomic && !rows.is_empty() {
        super::release::writes::batchlog::check_atomic(node, &rules.schema, &rows)?;
        // All or nothing: one engine call, one commit-log write (a
        // cluster's batch log).
        node.apply_logged(&rows)?;
    } else {
        batch::apply_in_chunks(node, rows)?;
    }
    let mut steps = counter_steps.into_iter().peekable();
    while let Some((key, cf, step)) = steps.next() {
        match step {
            CounterStep::Add(first) => {
                let mut run = vec![first];
                while let Some((_, _, CounterStep::Add(_))) = steps.peek() {
                    if let Some((_, _, CounterStep::Add(inc))) = steps.next() {
                        run.push(inc);
                    }
                }
                counters::add(node, ks, &run)?;
            }
            CounterStep::Delete(first) => {
                let mut run = vec![(key, cf, first)];
                while let Some((_, _, CounterStep::Delete(_))) = steps.peek() {
                    if let Some((key, cf, CounterStep::Delete(del))) = steps.next() {
                        run.push((key, cf, del));
                    }
                }
                counter_deletes(node, ks, &rules, run)?;
            }
        }
    }
    Ok(())
}

/// Applies a run of counter deletions at one server timestamp (the releases
/// forced it whatever the client sent).
fn counter_deletes(
    node: &Node,
    ks: &str,
    rules: &Api19,
    deletes: Vec<(Vec<u8>, String, t::Deletion)>,
) -> ApiResult<()> {
    let ts = node.counter_timestamp();
    let rows: Vec<RowMutation> = deletes
        .into_iter()
        .map(|(key, cf, mut del)| {
            del.timestamp = Some(ts);
            let mut ops = Vec::new();
            if let Some(def) = rules.schema.cf(ks, &cf) {
                // 3.x's range deletions of a counter column family were
                // its Standard ones' (at the server's time).
                let m = t::Mutation::new(None, del);
                match super::release::v3x::range_deletion(rules.release, def, &m, rules.now) {
                    Some(op) => ops.extend(op),
                    None => {
                        let del = m.deletion.unwrap_or_default();
                        if subrange::is_subrange(&del) {
                            ops.extend(subrange::tombstones(node, ks, &key, def, &del, &[])?);
                        }
                        deletion_ops(del, def, rules.now, &mut ops)
                    }
                }
            }
            Ok(row_mutation(ks, key, vec![(cf, ops)]))
        })
        .collect::<ApiResult<_>>()?;
    node.apply_batch(&rows)?;
    Ok(())
}

/// The increments and deletes of one validated counter-CF mutation, in order.
fn counter_mutation(
    key: &[u8],
    cf: &str,
    m: t::Mutation,
    steps: &mut Vec<CounterStep>,
) -> Result<(), OverBudget> {
    let inc = |super_column: Option<Vec<u8>>, c: t::CounterColumn| -> Result<_, OverBudget> {
        bounded::reserve(size_of::<Increment>() + key.len() + cf.len())?;
        Ok(Increment {
            key: key.to_vec(),
            cf: cf.to_string(),
            super_column,
            name: c.name,
            delta: c.value,
        })
    };
    if let Some(cosc) = m.column_or_supercolumn {
        if let Some(c) = cosc.counter_column {
            steps.push(CounterStep::Add(inc(None, c)?));
        }
        if let Some(sc) = cosc.counter_super_column {
            for c in sc.columns {
                steps.push(CounterStep::Add(inc(Some(sc.name.clone()), c)?));
            }
        }
    }
    if let Some(del) = m.deletion {
        steps.push(CounterStep::Delete(del));
    }
    Ok(())
}

/// Reads the arguments of `batch_mutate` / `atomic_batch_mutate` into
/// `batch` the way the generated `Cassandra*BatchMutateArgs` reader reads
/// them (`args` is its struct name, for its required-field errors).
fn read_args(
    i: &mut dyn TInputProtocol,
    batch: &mut Batch,
    args: &str,
) -> thrift::Result<ConsistencyLevel> {
    let mut have_map = None;
    let mut cl = None;
    i.read_struct_begin()?;
    loop {
        let field = i.read_field_begin()?;
        if field.field_type == TType::Stop {
            break;
        }
        match field_id(&field)? {
            1 if field.field_type == TType::Map => {
                batch.clear();
                read_mutation_map(i, batch)?;
                have_map = Some(());
            }
            2 if field.field_type == TType::I32 => {
                cl = Some(ConsistencyLevel::read_from_in_protocol(i)?);
            }
            _ => i.skip(field.field_type)?,
        }
        i.read_field_end()?;
    }
    i.read_struct_end()?;
    // The field names are formatted only for the error (a call that has
    // both pays nothing for them).
    if have_map.is_none() {
        verify_required_field_exists(&format!("{args}.mutation_map"), &have_map)?;
    }
    if cl.is_none() {
        verify_required_field_exists(&format!("{args}.consistency_level"), &cl)?;
    }
    cl.ok_or_else(|| thrift::Error::from(format!("missing {args}.consistency_level")))
}

/// `map<binary, map<string, list<Mutation>>>`, element types taken from the
/// IDL as the generated reader takes them.
fn read_mutation_map(i: &mut dyn TInputProtocol, batch: &mut Batch) -> thrift::Result<()> {
    let keys = i.read_map_begin()?;
    for _ in 0..keys.size {
        batch.key(i.read_bytes()?)?;
        let cfs = i.read_map_begin()?;
        for _ in 0..cfs.size {
            batch.column_family(i.read_string()?)?;
            let list = i.read_list_begin()?;
            for _ in 0..list.size {
                batch.mutation(t::Mutation::read_from_in_protocol(i)?)?;
            }
            i.read_list_end()?;
            batch.end_column_family();
        }
        i.read_map_end()?;
    }
    i.read_map_end()
}

/// `batch_mutate` (or, `atomic`, `atomic_batch_mutate`) in place of the
/// generated `process_*` function: reads the arguments into a [`Batch`],
/// answers through the handler's usual checks, and writes the reply the
/// generated processor would write. An `Err` is an unreadable argument
/// struct, answered by the caller as a PROTOCOL_ERROR.
pub fn process_batch_mutate(
    h: &Handler<'_>,
    atomic: bool,
    seq: i32,
    i: &mut dyn TInputProtocol,
    o: &mut dyn TOutputProtocol,
) -> thrift::Result<()> {
    let args = if atomic {
        "CassandraAtomicBatchMutateArgs"
    } else {
        "CassandraBatchMutateArgs"
    };
    let row = batch_row(atomic);
    let keyspace = h.session.borrow().api19.keyspace.clone();
    let unset = keyspace.is_none();
    let mut batch = new_batch(h.node, keyspace, atomic);
    let cl = read_args(i, &mut batch, args)?;
    if unset {
        if let Some(r) = before_keyspace(h.node, &batch, cl, row) {
            return write_outcome(o, atomic, seq, h.wrap(row.name(), r));
        }
    }
    let cfs = batch.column_families();
    let cfs = cfs.iter().map(String::as_str).collect();
    let result = h.with_ks(row, Some(cl), cfs, |ks| apply(batch, h.node, ks, cl));
    write_outcome(o, atomic, seq, result)
}

/// 0.7's answer to a batch before `set_keyspace`, where it was not the
/// keyspace's refusal: a row key's refusal met before any list, or a map
/// of no list (at a level the release had).
fn before_keyspace<R: crate::thrift::batch::Rules>(
    node: &Node,
    batch: &crate::thrift::batch::Batch<R>,
    cl: ConsistencyLevel,
    row: &Row,
) -> Option<ApiResult<()>> {
    if let Some(e) = super::release::writes::unset::key_before_keyspace(node, batch) {
        return Some(Err(e));
    }
    v::known_level(cl, "consistency_level", row.name()).ok()?;
    super::release::writes::unset::batch_of_no_lists(node, batch, cl)
}

/// The row of `batch_mutate` (or, `atomic`, `atomic_batch_mutate`).
pub(super) fn batch_row(atomic: bool) -> &'static Row {
    if atomic {
        &methods::ATOMIC_BATCH_MUTATE
    } else {
        &methods::BATCH_MUTATE
    }
}

/// Writes the reply of `batch_mutate` (or, `atomic`, `atomic_batch_mutate`)
/// as the generated processor would.
pub(super) fn write_outcome(
    o: &mut dyn TOutputProtocol,
    atomic: bool,
    seq: i32,
    result: thrift::Result<()>,
) -> thrift::Result<()> {
    let method = batch_row(atomic).name();
    // The reply is the same struct shape for both calls: void, ire, ue, te.
    let outcome = batch::void_outcome(result);
    if atomic {
        let reply = outcome.map(|(ire, ue, te)| {
            move |o: &mut dyn TOutputProtocol| {
                t::CassandraAtomicBatchMutateResult { ire, ue, te }.write_to_out_protocol(o)
            }
        });
        batch::write_reply(o, method, seq, reply)
    } else {
        let reply = outcome.map(|(ire, ue, te)| {
            move |o: &mut dyn TOutputProtocol| {
                t::CassandraBatchMutateResult { ire, ue, te }.write_to_out_protocol(o)
            }
        });
        batch::write_reply(o, method, seq, reply)
    }
}

impl Handler<'_> {
    /// The generated handler's batch calls, on a map already decoded (the
    /// server reads batches with [`process_batch_mutate`] instead).
    pub(super) fn batch_mutate(
        &self,
        map: super::writes::MutationMap,
        cl: ConsistencyLevel,
        atomic: bool,
    ) -> thrift::Result<()> {
        let keyspace = self.session.borrow().api19.keyspace.clone();
        let unset = keyspace.is_none();
        let batch = from_map(self.node, keyspace, atomic, map)?;
        if unset {
            if let Some(r) = before_keyspace(self.node, &batch, cl, batch_row(atomic)) {
                return self.wrap(batch_row(atomic).name(), r);
            }
        }
        let cfs = batch.column_families();
        let cfs = cfs.iter().map(String::as_str).collect();
        self.with_ks(batch_row(atomic), Some(cl), cfs, |ks| {
            apply(batch, self.node, ks, cl)
        })
    }
}

#[cfg(test)]
#[path = "batch_tests.rs"]
mod tests;
