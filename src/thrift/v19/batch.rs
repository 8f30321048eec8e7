//! The 19.x batch calls, `batch_mutate` and `atomic_batch_mutate`, read off
//! the wire and turned into engine mutations one `Mutation` at a time.
//!
//! Why: the generated reader would first build every `Mutation` of the
//! request (a few hundred bytes each, however small on the wire) and the
//! conversion would then hold the engine ops beside them; here each
//! `Mutation` is validated and converted (its names and values moved, not
//! copied) as soon as it is read, so a request's peak memory is its bytes,
//! its engine ops and their commit-log record.
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
use super::handler::Needs;
use super::validation::{self as v, Access};
use super::writes::{check_writable, check_write, row_mutation};
use super::Handler;
use crate::auth::access::Permission;
use crate::node::Node;
use crate::schema::{CfDef, Schema};
use crate::storage::model::{Op, RowMutation};
use crate::thrift::bounded::{self, OverBudget};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::collections::BTreeMap;
use std::mem::size_of;
use std::sync::Arc;
use thrift::protocol::{
    field_id, verify_required_field_exists, TInputProtocol, TMessageIdentifier, TMessageType,
    TOutputProtocol, TSerializable, TType,
};
use thrift::{ApplicationError, ApplicationErrorKind};

/// What one column family's list of mutations does.
enum Effect {
    Ops(Vec<Op>),
    Counter {
        increments: Vec<Increment>,
        deletes: Vec<t::Deletion>,
    },
}

/// One column family's list of mutations for one map entry, as far as read.
struct Part {
    /// Index of its row key's entry in [`Batch::keys`].
    entry: usize,
    cf_name: String,
    /// The resolved column family, or the part's first validation error.
    cf: Result<Arc<CfDef>, ApiError>,
    effect: Effect,
}

/// A batch being read: validated and converted mutation by mutation.
///
/// Kept flat, in wire order (one entry per row key read, one part per
/// column family list), because per-key maps would cost far more than the
/// mutations of a batch of many small rows; [`Batch::apply`] sorts it into
/// the order of the decoded map.
pub struct Batch {
    schema: Arc<Schema>,
    /// The connection's keyspace when the request arrived; without one
    /// nothing is validated (the call is refused before anything is used).
    keyspace: Option<String>,
    now: i32,
    atomic: bool,
    /// The row key of each map entry, in wire order (repeats included).
    keys: Vec<Vec<u8>>,
    parts: Vec<Part>,
}

impl Batch {
    pub fn new(node: &Node, keyspace: Option<String>, atomic: bool) -> Self {
        Batch {
            schema: node.schema(),
            keyspace,
            now: node.now(),
            atomic,
            keys: Vec::new(),
            parts: Vec::new(),
        }
    }

    /// The column families the batch mutates, each once, by name: what it
    /// must be allowed to modify.
    pub fn column_families(&self) -> Vec<String> {
        let names: std::collections::BTreeSet<&str> =
            self.parts.iter().map(|p| p.cf_name.as_str()).collect();
        names.into_iter().map(str::to_owned).collect()
    }

    /// Forgets everything read (a repeated `mutation_map` field replaces the
    /// earlier one, as in the generated reader).
    fn clear(&mut self) {
        self.keys.clear();
        self.parts.clear();
    }

    /// Starts the entry of a row key.
    pub fn key(&mut self, key: Vec<u8>) -> Result<(), OverBudget> {
        bounded::reserve(size_of::<Vec<u8>>())?;
        self.keys.push(key);
        Ok(())
    }

    /// Starts the mutation list of a column family of the current key.
    pub fn column_family(&mut self, name: String) -> Result<(), OverBudget> {
        bounded::reserve(size_of::<Part>())?;
        let Some(key) = self.keys.last() else {
            return Ok(());
        };
        let cf = match &self.keyspace {
            Some(ks) => v::validate_cf(&self.schema, ks, &name)
                .and_then(|cf| v::validate_key(&cf, key).map(|()| cf)),
            None => Err(ApiError::invalid("no keyspace has been specified")),
        };
        let effect = match &cf {
            Ok(cf) if cf.is_counter() => Effect::Counter {
                increments: Vec::new(),
                deletes: Vec::new(),
            },
            _ => Effect::Ops(Vec::new()),
        };
        self.parts.push(Part {
            entry: self.keys.len() - 1,
            cf_name: name,
            cf,
            effect,
        });
        Ok(())
    }

    /// Validates one mutation of the current column family and keeps what
    /// it does; after the part's first error the rest are only read.
    pub fn mutation(&mut self, m: t::Mutation) -> Result<(), OverBudget> {
        let now = self.now;
        let Some(part) = self.parts.last_mut() else {
            return Ok(());
        };
        let Ok(cf) = &part.cf else {
            return Ok(());
        };
        if let Err(e) = v::validate_mutation(cf, &m) {
            part.cf = Err(e);
            return Ok(());
        }
        match &mut part.effect {
            Effect::Ops(ops) => {
                let before = ops.len();
                mutation_ops(m, cf.is_super(), now, ops);
                bounded::reserve((ops.len() - before) * size_of::<Op>())
            }
            Effect::Counter {
                increments,
                deletes,
            } => {
                let key = &self.keys[part.entry];
                counter_mutation(key, &part.cf_name, m, increments, deletes)
            }
        }
    }

    /// Ends the current column family's list: counter mutations are refused
    /// in atomic batches, after the list's own errors.
    pub fn end_column_family(&mut self) {
        let atomic = self.atomic;
        if let Some(part) = self.parts.last_mut() {
            if let Effect::Ops(ops) = &mut part.effect {
                // A list of one small mutation must not keep room for four.
                ops.shrink_to_fit();
            }
            if atomic && part.cf.as_ref().is_ok_and(|cf| cf.is_counter()) {
                part.cf = Err(ApiError::invalid(
                    "Counter mutations are not allowed in atomic batches",
                ));
            }
        }
    }

    /// A whole map, as the generated handler receives it.
    pub fn from_map(
        node: &Node,
        keyspace: Option<String>,
        atomic: bool,
        map: BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>>,
    ) -> Result<Self, OverBudget> {
        let mut batch = Batch::new(node, keyspace, atomic);
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

    /// The parts the decoded map would hold, in its order (row key, then
    /// column family): of repeated keys only the last entry counts, of
    /// repeated column families within it only the last list.
    fn map_order(&self) -> Vec<usize> {
        let keys = &self.keys;
        let mut entries: Vec<usize> = (0..keys.len()).collect();
        entries.sort_by(|a, b| keys[*a].cmp(&keys[*b]).then(a.cmp(b)));
        let mut live = vec![false; keys.len()];
        for (i, e) in entries.iter().enumerate() {
            live[*e] = entries
                .get(i + 1)
                .is_none_or(|next| keys[*next] != keys[*e]);
        }
        let parts = &self.parts;
        let mut order: Vec<usize> = (0..parts.len()).filter(|p| live[parts[*p].entry]).collect();
        order.sort_by(|a, b| {
            let (pa, pb) = (&parts[*a], &parts[*b]);
            keys[pa.entry]
                .cmp(&keys[pb.entry])
                .then_with(|| pa.cf_name.cmp(&pb.cf_name))
                .then(a.cmp(b))
        });
        order.dedup_by(|next, kept| {
            let same = parts[*next].entry == parts[*kept].entry
                && parts[*next].cf_name == parts[*kept].cf_name;
            if same {
                *kept = *next;
            }
            same
        });
        order
    }

    /// Answers the batch for keyspace `ks` (the connection's, checked by the
    /// caller): the first error in key, column family, list order, else the
    /// consistency checks, then one engine call for the ordinary rows, the
    /// counter deletes, then the increments.
    pub fn apply(mut self, node: &Node, ks: &str, cl: ConsistencyLevel) -> ApiResult<()> {
        if self.keyspace.as_deref() != Some(ks) {
            return Err(ApiError::Internal(format!(
                "batch read for keyspace {:?}, applied to {ks}",
                self.keyspace
            )));
        }
        let order = self.map_order();
        if let Some(e) = order.iter().find_map(|p| self.parts[*p].cf.as_ref().err()) {
            return Err(e.clone());
        }
        let mut rows: Vec<RowMutation> = Vec::new();
        let mut increments = Vec::new();
        let mut counter_deletes = Vec::new();
        let mut counter_cf: Option<Arc<CfDef>> = None;
        let mut at = 0;
        while at < order.len() {
            let entry = self.parts[order[at]].entry;
            let run = order[at..]
                .iter()
                .take_while(|p| self.parts[**p].entry == entry)
                .count();
            let mut updates = Vec::with_capacity(run);
            for p in &order[at..at + run] {
                let part = &mut self.parts[*p];
                let cf_name = std::mem::take(&mut part.cf_name);
                if let Ok(cf) = &part.cf {
                    if cf.is_counter() && counter_cf.is_none() {
                        counter_cf = Some(cf.clone());
                    }
                }
                match std::mem::replace(&mut part.effect, Effect::Ops(Vec::new())) {
                    Effect::Ops(ops) if !ops.is_empty() => updates.push((cf_name, ops)),
                    Effect::Ops(_) => {}
                    Effect::Counter {
                        increments: inc,
                        deletes,
                    } => {
                        increments.extend(inc);
                        let key = &self.keys[entry];
                        counter_deletes.extend(
                            deletes
                                .into_iter()
                                .map(|d| (key.clone(), cf_name.clone(), d)),
                        );
                    }
                }
            }
            if !updates.is_empty() {
                let key = std::mem::take(&mut self.keys[entry]);
                rows.push(row_mutation(ks, key, updates));
            }
            at += run;
        }
        drop(self.parts);
        drop(self.keys);
        let counting = !increments.is_empty() || !counter_deletes.is_empty();
        check_write(node, ks, None, cl, Access::Write)?;
        if let Some(cf) = counter_cf.as_deref() {
            check_write(node, ks, Some(cf), cl, Access::CounterWrite)?;
        }
        if rows.is_empty() && !counting {
            return Ok(());
        }
        check_writable(node, ks)?;
        if !rows.is_empty() {
            node.apply_batch(&rows)?;
        }
        drop(rows);
        if !counter_deletes.is_empty() {
            let ts = counters::timestamp();
            let rows: Vec<RowMutation> = counter_deletes
                .into_iter()
                .map(|(key, cf, mut del)| {
                    del.timestamp = Some(ts);
                    let is_super = self.schema.cf(ks, &cf).is_some_and(|d| d.is_super());
                    let mut ops = Vec::new();
                    deletion_ops(del, is_super, self.now, &mut ops);
                    row_mutation(ks, key, vec![(cf, ops)])
                })
                .collect();
            node.apply_batch(&rows)?;
        }
        counters::add(node, ks, &increments)
    }
}

/// The increments and deletes of one validated counter-CF mutation.
fn counter_mutation(
    key: &[u8],
    cf: &str,
    m: t::Mutation,
    increments: &mut Vec<Increment>,
    deletes: &mut Vec<t::Deletion>,
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
            increments.push(inc(None, c)?);
        }
        if let Some(sc) = cosc.counter_super_column {
            for c in sc.columns {
                increments.push(inc(Some(sc.name.clone()), c)?);
            }
        }
    }
    if let Some(del) = m.deletion {
        deletes.push(del);
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
    verify_required_field_exists(&format!("{args}.mutation_map"), &have_map)?;
    verify_required_field_exists(&format!("{args}.consistency_level"), &cl)?;
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
    let (method, args) = if atomic {
        ("atomic_batch_mutate", "CassandraAtomicBatchMutateArgs")
    } else {
        ("batch_mutate", "CassandraBatchMutateArgs")
    };
    let keyspace = h.session.borrow().v19.keyspace.clone();
    let mut batch = Batch::new(h.node, keyspace, atomic);
    let cl = read_args(i, &mut batch, args)?;
    let cfs = batch.column_families();
    let needs = Needs::Tables(Permission::Modify, cfs.iter().map(String::as_str).collect());
    let result = h.with_ks(method, Some(cl), needs, |ks| batch.apply(h.node, ks, cl));
    // The reply is the same struct shape for both calls: void, ire, ue, te.
    let reply = match result {
        Ok(()) => Ok((None, None, None)),
        Err(thrift::Error::User(e)) => match e.downcast::<t::InvalidRequestException>() {
            Ok(ire) => Ok((Some(*ire), None, None)),
            Err(e) => match e.downcast::<t::UnavailableException>() {
                Ok(ue) => Ok((None, Some(*ue), None)),
                Err(e) => match e.downcast::<t::TimedOutException>() {
                    Ok(te) => Ok((None, None, Some(*te))),
                    Err(e) => Err(ApplicationError::new(
                        ApplicationErrorKind::Unknown,
                        e.to_string(),
                    )),
                },
            },
        },
        Err(thrift::Error::Application(a)) => Err(a),
        Err(e) => Err(ApplicationError::new(
            ApplicationErrorKind::Unknown,
            e.to_string(),
        )),
    };
    match reply {
        Ok((ire, ue, te)) => {
            o.write_message_begin(&TMessageIdentifier::new(method, TMessageType::Reply, seq))?;
            if atomic {
                t::CassandraAtomicBatchMutateResult { ire, ue, te }.write_to_out_protocol(o)?;
            } else {
                t::CassandraBatchMutateResult { ire, ue, te }.write_to_out_protocol(o)?;
            }
        }
        Err(app) => {
            o.write_message_begin(&TMessageIdentifier::new(
                method,
                TMessageType::Exception,
                seq,
            ))?;
            thrift::Error::write_application_error_to_out_protocol(&app, o)?;
        }
    }
    o.write_message_end()?;
    o.flush()
}

impl Handler<'_> {
    /// The generated handler's batch calls, on a map already decoded (the
    /// server reads batches with [`process_batch_mutate`] instead).
    pub(super) fn batch_mutate(
        &self,
        method: &str,
        map: super::writes::MutationMap,
        cl: ConsistencyLevel,
        atomic: bool,
    ) -> thrift::Result<()> {
        let keyspace = self.session.borrow().v19.keyspace.clone();
        let batch = Batch::from_map(self.node, keyspace, atomic, map)?;
        let cfs = batch.column_families();
        let needs = Needs::Tables(Permission::Modify, cfs.iter().map(String::as_str).collect());
        self.with_ks(method, Some(cl), needs, |ks| batch.apply(self.node, ks, cl))
    }
}
