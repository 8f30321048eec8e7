//! `get_slice` and `get` answered straight into their replies: the
//! columns the engine shows in place (`Node::read_in_place`) are encoded
//! into the reply buffer as they are found, with no `ColumnOrSuperColumn`,
//! `Column` or vector built per column, byte for byte what the generated
//! processor writes for the same answer. Why: on a small read those
//! structs, their copies and their drop were a third of the server's
//! user-space instructions.
//!
//! It must not decide what a read answers (the engine does) nor check
//! anything `reads::get_slice` and `reads::get` do not: the checks, the
//! access control, the reply meter and the errors are the same code. A read
//! the backend cannot show this way (a counter or Super CF, a cluster) is
//! answered as `reads` answers it and written by the generated structs. Under a cluster, whose call runs the handler again with the
//! cluster's answer (`node::defer`), the arguments are read once.

use crate::model::{CellKind, CellView};
use crate::node::defer::reuse;
use crate::node::Node;
use crate::release::Behaviour;
use crate::thrift::api19::convert::{into_thrift, thriftify};
use crate::thrift::api19::methods;
use crate::thrift::api19::reads::{as_answered, checked_get, checked_slice};
use crate::thrift::api19::release::reads::{cqlrows, statics};
use crate::thrift::api19::Handler;
use crate::thrift::batch::{void_outcome, write_reply};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use crate::thrift::wire::{mtype, ttype, Writer};
use thrift::protocol::{
    TBinaryOutputProtocol, TInputProtocol, TListIdentifier, TOutputProtocol, TSerializable, TType,
};

/// `get_slice` in place of the generated `process_get_slice`: reads the
/// arguments, answers through the handler's usual checks and appends the
/// reply to `out`. An `Err` is an unreadable argument struct, answered by
/// the caller as a PROTOCOL_ERROR (as for the generated function).
pub fn process_get_slice(
    h: &Handler<'_>,
    seq: i32,
    i: &mut dyn TInputProtocol,
    out: &mut Vec<u8>,
) -> thrift::Result<()> {
    // Read once per request, however often a cluster's call runs it.
    let args = reuse(|| t::CassandraGetSliceArgs::read_from_in_protocol(i))?;
    let cfs = vec![args.column_parent.column_family.as_str()];
    let fill = |w: &mut Writer| {
        h.with_ks(
            &methods::GET_SLICE,
            Some(args.consistency_level),
            cfs,
            |ks| {
                let slice = Slice {
                    key: &args.key,
                    parent: &args.column_parent,
                    predicate: &args.predicate,
                    cl: args.consistency_level,
                };
                slice.answer(h.node, ks, w)
            },
        )
    };
    in_place_reply(
        methods::GET_SLICE.name(),
        seq,
        ttype::LIST,
        out,
        fill,
        |e, out| {
            let outcome = void_outcome::<
                t::InvalidRequestException,
                t::UnavailableException,
                t::TimedOutException,
            >(Err(e));
            let reply = outcome.map(|(ire, ue, te)| {
                move |o: &mut dyn TOutputProtocol| {
                    let result = t::CassandraGetSliceResult {
                        result_value: None,
                        ire,
                        ue,
                        te,
                    };
                    result.write_to_out_protocol(o)
                }
            });
            let mut o = TBinaryOutputProtocol::new(out, true);
            write_reply(&mut o, methods::GET_SLICE.name(), seq, reply)
        },
    )
}

/// A reply answered in place: the success reply's head (result field 0, of
/// wire type `success`) goes to `out`, `fill` writes the value after it,
/// and the result struct ends there (nothing else of it is set). When
/// `fill` fails, the head is dropped again and `error` writes the reply.
fn in_place_reply(
    method: &str,
    seq: i32,
    success: u8,
    out: &mut Vec<u8>,
    fill: impl FnOnce(&mut Writer) -> thrift::Result<()>,
    error: impl FnOnce(thrift::Error, &mut Vec<u8>) -> thrift::Result<()>,
) -> thrift::Result<()> {
    let start = out.len();
    let mut w = Writer {
        buf: std::mem::take(out),
    };
    w.message_header(method, mtype::REPLY, seq);
    w.field_header(success, 0);
    let r = fill(&mut w);
    *out = w.buf;
    match r {
        Ok(()) => {
            out.push(ttype::STOP);
            Ok(())
        }
        Err(e) => {
            out.truncate(start);
            error(e, out)
        }
    }
}

/// One `get_slice`'s arguments.
struct Slice<'a> {
    key: &'a [u8],
    parent: &'a t::ColumnParent,
    predicate: &'a t::SlicePredicate,
    cl: ConsistencyLevel,
}

impl Slice<'_> {
    /// Checks and reads the slice, writing its columns to `w` as the list
    /// of the result's success field.
    fn answer(&self, node: &Node, ks: &str, w: &mut Writer) -> ApiResult<()> {
        let (cmd, counter) =
            checked_slice(node, ks, [self.key], self.parent, self.predicate, self.cl)?;
        let zero = crate::thrift::api19::release::reads::zero_slice::check;
        zero(node, ks, [self.key], self.parent, self.predicate)?;
        let list = w.buf.len();
        w.buf.push(ttype::STRUCT);
        w.buf.extend_from_slice(&0i32.to_be_bytes());
        let mut n = 0usize;
        let now = node.now();
        // A slice 3.x answered in another order than the engine's.
        let merged = node
            .release
            .is_some_and(|r| r.does(Behaviour::StaticColumnsMerged));
        let reordered = node
            .schema()
            .cf(ks, &self.parent.column_family)
            .is_some_and(|cf| {
                (merged && statics::applies(node.release, cf, self.predicate))
                    || cqlrows::applies(node.release, cf, self.predicate).is_some()
            });
        let shown = !reordered
            && node.read_in_place(&cmd, self.key, &mut |c| {
                if live_at(&c, now) {
                    column(w, c);
                    n += 1;
                }
            })?;
        if shown {
            let n = n as i32;
            w.buf[list + 1..list + 5].copy_from_slice(&n.to_be_bytes());
            return Ok(());
        }
        // As `reads::get_slice` answers, with the checks already made.
        w.buf.truncate(list);
        let mut columns = into_thrift(node.read(&cmd, self.key)?, node.now(), counter);
        as_answered(
            node,
            ks,
            self.key,
            self.parent,
            self.predicate,
            &mut columns,
        );
        let mut o = TBinaryOutputProtocol::new(&mut w.buf, true);
        // Writing into a vector cannot fail.
        let _ = o.write_list_begin(&TListIdentifier::new(TType::Struct, columns.len() as i32));
        for c in &columns {
            let _ = c.write_to_out_protocol(&mut o);
        }
        Ok(())
    }
}

/// `get` in place of the generated `process_get`, as
/// [`process_get_slice`] (the reply's success field is one
/// `ColumnOrSuperColumn`).
pub fn process_get(
    h: &Handler<'_>,
    seq: i32,
    i: &mut dyn TInputProtocol,
    out: &mut Vec<u8>,
) -> thrift::Result<()> {
    let args = reuse(|| t::CassandraGetArgs::read_from_in_protocol(i))?;
    let (key, path, cl) = (&args.key, &args.column_path, args.consistency_level);
    let cfs = vec![path.column_family.as_str()];
    let fill = |w: &mut Writer| {
        h.with_ks(&methods::GET, Some(cl), cfs, |ks| {
            let (cmd, counter) = checked_get(h.node, ks, key, path, cl)?;
            let at = w.buf.len();
            let mut n = 0usize;
            let now = h.node.now();
            // A path names one column: the read shows it or nothing.
            let shown = h.node.read_in_place(&cmd, key, &mut |c| {
                if n == 0 && live_at(&c, now) {
                    column(w, c);
                    n += 1;
                }
            })?;
            if shown {
                return if n == 0 {
                    Err(ApiError::NotFound)
                } else {
                    Ok(())
                };
            }
            // As `reads::get` answers, with the checks already made.
            w.buf.truncate(at);
            let row = h.node.read(&cmd, key)?;
            let first = thriftify(&row, h.node.now(), counter).into_iter().next();
            let cosc = first.ok_or(ApiError::NotFound)?;
            let mut o = TBinaryOutputProtocol::new(&mut w.buf, true);
            // Writing into a vector cannot fail.
            let _ = cosc.write_to_out_protocol(&mut o);
            Ok(())
        })
    };
    in_place_reply(
        methods::GET.name(),
        seq,
        ttype::STRUCT,
        out,
        fill,
        |e, out| {
            // The generated processor's sorting, with `get`'s fourth declared
            // exception.
            let reply = match e {
                thrift::Error::User(u) => match u.downcast::<t::NotFoundException>() {
                    Ok(nfe) => Ok(get_result(None, Some(*nfe), None, None)),
                    Err(u) => get_outcome(thrift::Error::User(u)),
                },
                e => get_outcome(e),
            };
            let reply = reply
                .map(|result| move |o: &mut dyn TOutputProtocol| result.write_to_out_protocol(o));
            let mut o = TBinaryOutputProtocol::new(out, true);
            write_reply(&mut o, methods::GET.name(), seq, reply)
        },
    )
}

fn get_outcome(e: thrift::Error) -> Result<t::CassandraGetResult, thrift::ApplicationError> {
    void_outcome::<t::InvalidRequestException, t::UnavailableException, t::TimedOutException>(Err(
        e,
    ))
    .map(|(ire, ue, te)| get_result(ire, None, ue, te))
}

fn get_result(
    ire: Option<t::InvalidRequestException>,
    nfe: Option<t::NotFoundException>,
    ue: Option<t::UnavailableException>,
    te: Option<t::TimedOutException>,
) -> t::CassandraGetResult {
    t::CassandraGetResult {
        result_value: None,
        ire,
        nfe,
        ue,
        te,
    }
}

/// Whether a column the engine found live is still live at the node's
/// time, as `convert::thriftify` filters the general read's columns (the
/// engine's clock and the node's may differ by a tick, and do in tests).
fn live_at(c: &CellView<'_>, now: i32) -> bool {
    match c.kind {
        CellKind::Expiring {
            local_expiration_time,
            ..
        } => now < local_expiration_time,
        CellKind::Tombstone { .. } => false,
        CellKind::Live | CellKind::Counter { .. } => true,
    }
}

/// A live column as the `ColumnOrSuperColumn` holding its `Column` (with
/// the TTL of an expiring one) encodes.
fn column(w: &mut Writer, c: CellView<'_>) {
    w.field_header(ttype::STRUCT, 1);
    w.field_header(ttype::STRING, 1);
    w.bytes(c.name);
    w.field_header(ttype::STRING, 2);
    w.bytes(c.value);
    w.field_header(ttype::I64, 3);
    w.buf.extend_from_slice(&c.timestamp.to_be_bytes());
    if let CellKind::Expiring { ttl, .. } = c.kind {
        w.field_header(ttype::I32, 4);
        w.buf.extend_from_slice(&ttl.to_be_bytes());
    }
    w.stop();
    w.stop();
}

#[cfg(test)]
#[path = "reads_tests.rs"]
mod tests;
