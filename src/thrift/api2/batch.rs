//! The 0.6 batch calls, `batch_mutate` and `batch_insert`, read off the wire
//! and turned into engine mutations one mutation at a time: the 0.6
//! [`Rules`] of the shared streamed batch (`thrift::batch`), a streaming
//! reader with the Java stubs' rules, and the reply.
//!
//! What must not change: the answers, which are 0.6.8's. Each mutation is
//! read by `javaread` exactly as the whole-struct reader reads it (so its
//! errors are the same), the keys and maps are read with the same checks,
//! and validation follows `ThriftValidation` in the order of the decoded
//! map: a row key, then its column families, then their mutations in list
//! order. Nothing is applied unless all is valid.
//!
//! The streamed reader only handles what it can answer alone: arguments in
//! which the keyspace (and `batch_insert`'s key) precede the map and nothing
//! is malformed. Anything else (a missing field, an unknown consistency
//! level, a decoding error, fields out of order) is answered by the
//! whole-struct path, which re-reads the message and quotes the struct as
//! Java did; that path builds the same [`Batch`] from the decoded map.

use super::idl;
use super::javaread::{self, ArgsError, JStruct, J};
use super::Handler;
use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::schema::Schema;
use crate::thrift::api2::convert::mutation_ops;
use crate::thrift::api2::validation as v;
use crate::thrift::batch::{self, Rules};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06::{self as t, ConsistencyLevel};
use crate::thrift::wire::bounded::{self, OverBudget};
use crate::thrift::wire::idl::Ty;
use crate::thrift::wire::{ttype, MessageHeader, Reader};
use std::collections::BTreeMap;
use std::mem::size_of;
use std::sync::Arc;
use thrift::protocol::{TBinaryOutputProtocol, TOutputProtocol};

/// 0.6's checks: the row key as its entry starts, then each mutation in
/// full (`validate_mutation` looks up the keyspace and column family itself,
/// so an empty list checks nothing, as in 0.6).
pub struct Api2 {
    schema: Arc<Schema>,
    keyspace: String,
    now: i32,
}

/// A 0.6 batch being read.
pub type Batch = batch::Batch<Api2>;

pub fn new_batch(node: &Node, keyspace: &str) -> Batch {
    Batch::new(Api2 {
        schema: node.schema(),
        keyspace: keyspace.to_string(),
        now: node.now(),
    })
}

impl Rules for Api2 {
    type Mutation = t::Mutation;
    /// Whether the column family is a Super one (false when it does not
    /// exist, which the first mutation's validation reports).
    type Cf = bool;
    type Effect = Vec<Op>;

    fn key(&self, key: &[u8]) -> Result<(), ApiError> {
        v::validate_key(&String::from_utf8_lossy(key))
    }

    fn column_family(&self, _key: &[u8], name: &str) -> Result<bool, ApiError> {
        let cf = self.schema.cf(&self.keyspace, name);
        Ok(cf.is_some_and(|cf| cf.is_super()))
    }

    fn effect(&self, _cf: &Result<bool, ApiError>) -> Vec<Op> {
        Vec::new()
    }

    fn mutation(
        &self,
        _key: &[u8],
        cf_name: &str,
        is_super: &bool,
        m: t::Mutation,
        ops: &mut Vec<Op>,
    ) -> Result<ApiResult<()>, OverBudget> {
        if let Err(e) = v::validate_mutation(&self.schema, &self.keyspace, cf_name, &m) {
            return Ok(Err(e));
        }
        let before = ops.len();
        mutation_ops(m, *is_super, self.now, ops);
        bounded::reserve((ops.len() - before) * size_of::<Op>())?;
        Ok(Ok(()))
    }

    fn end_column_family(&self, _cf: &mut Result<bool, ApiError>, ops: &mut Vec<Op>) {
        // A list of one small mutation must not keep room for four.
        ops.shrink_to_fit();
    }
}

/// Applies a batch read for keyspace `ks`: the first error in map order;
/// a batch with no row key is done; then the keyspace must exist and be
/// writable, and the rows go to the engine a chunk at a time
/// ([`batch::apply_in_chunks`]).
pub fn apply(batch: Batch, node: &Node, ks: &str) -> ApiResult<()> {
    if batch.rules().keyspace != ks {
        return Err(ApiError::Internal(format!(
            "batch read for keyspace {}, applied to {ks}",
            batch.rules().keyspace
        )));
    }
    let (rules, entries) = batch.into_entries()?;
    if entries.is_empty() {
        return Ok(());
    }
    v::validate_keyspace(&rules.schema, ks)?;
    super::writes::check_writable(&rules.schema, ks)?;
    // 0.6 applied each row of a batch on its own (`StorageProxy`).
    let rows = entries.into_iter().map(|e| RowMutation {
        keyspace: ks.to_string(),
        key: e.key,
        updates: e
            .lists
            .into_iter()
            .filter(|l| !l.effect.is_empty())
            .map(|l| (l.cf_name, l.effect))
            .collect(),
    });
    batch::apply_in_chunks(node, rows).map_err(ApiError::from)
}

/// A decoded `batch_mutate` map.
pub fn from_mutation_map(
    node: &Node,
    ks: &str,
    map: BTreeMap<String, BTreeMap<String, Vec<t::Mutation>>>,
) -> Result<Batch, OverBudget> {
    let mut batch = new_batch(node, ks);
    for (key, by_cf) in map {
        batch.key(key.into_bytes())?;
        add_lists(&mut batch, by_cf)?;
    }
    Ok(batch)
}

/// A decoded `batch_insert` call: one row key, its columns as mutations.
pub fn from_cfmap(
    node: &Node,
    ks: &str,
    key: String,
    cfmap: BTreeMap<String, Vec<t::ColumnOrSuperColumn>>,
) -> Result<Batch, OverBudget> {
    let mut batch = new_batch(node, ks);
    batch.key(key.into_bytes())?;
    let by_cf = cfmap.into_iter().map(|(cf, coscs)| {
        let muts = coscs.into_iter().map(|c| t::Mutation::new(c, None));
        (cf, muts.collect())
    });
    add_lists(&mut batch, by_cf)?;
    Ok(batch)
}

fn add_lists(
    batch: &mut Batch,
    by_cf: impl IntoIterator<Item = (String, Vec<t::Mutation>)>,
) -> Result<(), OverBudget> {
    for (cf, mutations) in by_cf {
        batch.column_family(cf)?;
        for m in mutations {
            batch.mutation(m)?;
        }
        batch.end_column_family();
    }
    Ok(())
}

/// Which batch call, and where its arguments are.
#[derive(Clone, Copy)]
struct Call {
    method: &'static idl::Method,
    /// `batch_insert`'s row key field.
    key_field: Option<i16>,
    map_field: i16,
    cl_field: i16,
    /// What one list element is read as.
    element: &'static crate::thrift::wire::idl::StructDesc,
}

static BATCH_MUTATE: Call = Call {
    method: &idl::BATCH_MUTATE,
    key_field: None,
    map_field: 2,
    cl_field: 3,
    element: &idl::MUTATION,
};

static BATCH_INSERT: Call = Call {
    method: &idl::BATCH_INSERT,
    key_field: Some(2),
    map_field: 3,
    cl_field: 4,
    element: &idl::COSC,
};

/// Answers a 0.6 `batch_mutate` or `batch_insert` whose arguments the
/// streamed reader can take (see the module comment); `None` leaves the
/// message to the whole-struct path. `r` is positioned after the header.
pub fn process(
    node: &Node,
    handler: &Handler<'_>,
    header: &MessageHeader,
    mut r: Reader<'_>,
    msg_len: usize,
) -> Option<Vec<u8>> {
    let call = [BATCH_MUTATE, BATCH_INSERT]
        .into_iter()
        .find(|c| c.method.name() == header.name)?;
    let (ks, batch, cl) = {
        let _budget = bounded::budget_for(msg_len);
        read_args(&mut r, node, call).ok()??
    };
    let result = handler.check_login(call.method, &ks).and_then(|()| {
        handler.at(&ks, cl, super::levels::Use::Write, || {
            apply(batch, node, &ks)
        })
    });
    let outcome = batch::void_outcome(handler.wrap(call.method.name(), result));
    let mut out = Vec::with_capacity(64);
    let mut o = TBinaryOutputProtocol::new(&mut out, true);
    // Writing into a Vec cannot fail.
    let _ = match call.key_field {
        Some(_) => {
            let reply = outcome.map(|(ire, ue, te)| {
                move |o: &mut dyn TOutputProtocol| {
                    t::CassandraBatchInsertResult { ire, ue, te }.write_to_out_protocol(o)
                }
            });
            batch::write_reply(&mut o, call.method.name(), header.seqid, reply)
        }
        None => {
            let reply = outcome.map(|(ire, ue, te)| {
                move |o: &mut dyn TOutputProtocol| {
                    t::CassandraBatchMutateResult { ire, ue, te }.write_to_out_protocol(o)
                }
            });
            batch::write_reply(&mut o, call.method.name(), header.seqid, reply)
        }
    };
    Some(out)
}

/// A `string` argument as Java held it.
fn string(r: &mut Reader<'_>, depth: usize) -> Result<String, ArgsError> {
    match javaread::read_value(r, &Ty::Str, depth)? {
        J::Str(s) => Ok(s),
        _ => Err(ArgsError::Malformed("expected a string".into())),
    }
}

/// Reads the arguments into a batch: `Ok(None)` when they are not for the
/// streamed reader (the keyspace or key after the map, or missing; an
/// unknown consistency level; no map), with the level.
fn read_args(
    r: &mut Reader<'_>,
    node: &Node,
    call: Call,
) -> Result<Option<(String, Batch, ConsistencyLevel)>, ArgsError> {
    let mut keyspace: Option<String> = None;
    let mut key: Option<String> = None;
    let mut batch: Option<Batch> = None;
    // Absent, the consistency level is its default (ONE).
    let mut known_level = true;
    let mut level = ConsistencyLevel::ONE;
    loop {
        let ft = r.u8()?;
        if ft == ttype::STOP {
            break;
        }
        let id = r.i16()?;
        match (id, ft) {
            (_, ttype::STRING) if id == 1 || Some(id) == call.key_field => {
                if batch.is_some() {
                    return Ok(None);
                }
                let s = string(r, 1)?;
                if id == 1 {
                    keyspace = Some(s);
                } else {
                    key = Some(s);
                }
            }
            (_, ttype::MAP) if id == call.map_field => {
                let Some(ks) = &keyspace else {
                    return Ok(None);
                };
                let mut b = new_batch(node, ks);
                match (call.key_field, &key) {
                    (None, _) => read_mutation_map(r, &mut b, call)?,
                    (Some(_), Some(key)) => {
                        b.key(key.clone().into_bytes())?;
                        read_lists(r, &mut b, call, 1)?;
                    }
                    (Some(_), None) => return Ok(None),
                }
                batch = Some(b);
            }
            (_, ttype::I32) if id == call.cl_field => {
                let v = r.i32()?;
                known_level = idl::cl_name(v).is_some();
                level = ConsistencyLevel::from(v);
            }
            _ => r.skip(ft, 1)?,
        }
    }
    Ok(match (keyspace, batch) {
        (Some(ks), Some(b)) if known_level => Some((ks, b, level)),
        _ => None,
    })
}

/// `map<string, map<string, list<Mutation>>>`, the map field's value.
fn read_mutation_map(r: &mut Reader<'_>, batch: &mut Batch, call: Call) -> Result<(), ArgsError> {
    let (kw, vw) = (r.u8()?, r.u8()?);
    let n = r.collection_len(kw)?;
    // Only the declared wire types are compared (map, list).
    javaread::elem_type_ok(&Ty::Str, kw, n)?;
    javaread::elem_type_ok(&Ty::Map(&Ty::Str, &Ty::Str), vw, n)?;
    for _ in 0..n {
        let key = string(r, 2)?;
        batch.key(key.into_bytes())?;
        read_lists(r, batch, call, 2)?;
    }
    Ok(())
}

/// `map<string, list<element>>` at nesting `depth` (as `javaread` counts
/// it): one row key's column families and their lists.
fn read_lists(
    r: &mut Reader<'_>,
    batch: &mut Batch,
    call: Call,
    depth: usize,
) -> Result<(), ArgsError> {
    let (kw, vw) = (r.u8()?, r.u8()?);
    let n = r.collection_len(kw)?;
    javaread::elem_type_ok(&Ty::Str, kw, n)?;
    javaread::elem_type_ok(&Ty::List(&Ty::Str), vw, n)?;
    let element = Ty::Struct(call.element);
    for _ in 0..n {
        batch.column_family(string(r, depth + 1)?)?;
        let wire = r.u8()?;
        let len = r.collection_len(wire)?;
        javaread::elem_type_ok(&element, wire, len)?;
        for _ in 0..len {
            // What the element decodes into is gone once converted; the
            // batch charges what it keeps.
            let m = bounded::transient(|| read_element(r, call, depth + 2))?;
            batch.mutation(m)?;
        }
        batch.end_column_family();
    }
    Ok(())
}

fn read_element(r: &mut Reader<'_>, call: Call, depth: usize) -> Result<t::Mutation, ArgsError> {
    let element: &'static Ty = match call.key_field {
        Some(_) => &ELEMENT_COSC,
        None => &ELEMENT_MUTATION,
    };
    match javaread::read_value(r, element, depth)? {
        J::Struct(s) if call.key_field.is_some() => Ok(t::Mutation::new(cosc(s), None)),
        J::Struct(s) => Ok(mutation(s)),
        _ => Err(ArgsError::Malformed("expected a struct".into())),
    }
}

static ELEMENT_MUTATION: Ty = Ty::Struct(&idl::MUTATION);
static ELEMENT_COSC: Ty = Ty::Struct(&idl::COSC);

// From a struct as `javaread` holds it (required fields present, defaults
// filled in) to the generated type, by the IDL's field positions.

fn slot(s: &mut JStruct, i: usize) -> Option<J> {
    s.slots.get_mut(i).and_then(Option::take)
}

fn bin(j: Option<J>) -> Vec<u8> {
    match j {
        Some(J::Bin(b)) => b,
        _ => Vec::new(),
    }
}

fn opt_bin(j: Option<J>) -> Option<Vec<u8>> {
    j.map(|j| bin(Some(j)))
}

fn i64_of(j: Option<J>) -> i64 {
    match j {
        Some(J::I64(n)) => n,
        _ => 0,
    }
}

fn structs(j: Option<J>) -> impl Iterator<Item = JStruct> {
    let items = match j {
        Some(J::List(items)) => items,
        _ => Vec::new(),
    };
    items.into_iter().filter_map(|j| match j {
        J::Struct(s) => Some(s),
        _ => None,
    })
}

fn sub(j: Option<J>) -> Option<JStruct> {
    match j {
        Some(J::Struct(s)) => Some(s),
        _ => None,
    }
}

fn column(mut s: JStruct) -> t::Column {
    t::Column::new(
        bin(slot(&mut s, 0)),
        bin(slot(&mut s, 1)),
        i64_of(slot(&mut s, 2)),
    )
}

fn cosc(mut s: JStruct) -> t::ColumnOrSuperColumn {
    let c = sub(slot(&mut s, 0)).map(column);
    let sc = sub(slot(&mut s, 1)).map(|mut sc| {
        let name = bin(slot(&mut sc, 0));
        t::SuperColumn::new(name, structs(slot(&mut sc, 1)).map(column).collect())
    });
    t::ColumnOrSuperColumn::new(c, sc)
}

fn predicate(mut s: JStruct) -> t::SlicePredicate {
    let names = match slot(&mut s, 0) {
        Some(J::List(items)) => Some(items.into_iter().map(|j| bin(Some(j))).collect()),
        _ => None,
    };
    let range = sub(slot(&mut s, 1)).map(|mut r| {
        let reversed = matches!(slot(&mut r, 2), Some(J::Bool(true)));
        let count = match slot(&mut r, 3) {
            Some(J::I32(n)) => n,
            _ => 0,
        };
        t::SliceRange::new(bin(slot(&mut r, 0)), bin(slot(&mut r, 1)), reversed, count)
    });
    t::SlicePredicate::new(names, range)
}

fn mutation(mut s: JStruct) -> t::Mutation {
    let c = sub(slot(&mut s, 0)).map(cosc);
    let del = sub(slot(&mut s, 1)).map(|mut d| {
        let ts = i64_of(slot(&mut d, 0));
        let sc = opt_bin(slot(&mut d, 1));
        t::Deletion::new(ts, sc, sub(slot(&mut d, 2)).map(predicate))
    });
    t::Mutation::new(c, del)
}

#[cfg(test)]
#[path = "batch_tests.rs"]
mod tests;
