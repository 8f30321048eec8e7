//! An argument its IDL gave a default (19.x's `remove(..., 4:
//! ConsistencyLevel consistency_level = ONE)`, or `get_slice`'s `4: required
//! ConsistencyLevel consistency_level = ONE`): Java's generated args struct
//! started out holding that default, so a call that left the field out ran
//! with it. A `required` enum so defaulted was never null, so its check
//! passed too (a `required` primitive was checked by whether it was read,
//! and is not filled in). The Rust generator makes every argument
//! required; this writes such an absent argument into the message, with
//! its default, before the generated reader sees it.
//!
//! Owns only that rewrite of a whole message in memory: which fields have
//! defaults is the IDL table's (`wire::idl`), and a message it cannot walk
//! is left as it came for the reader to refuse.

use super::idl::{Default, Req, StructDesc};
use super::{ttype, Reader};
use std::borrow::Cow;

/// `msg` (one whole call, header included, its arguments described by
/// `args`) with every absent argument of `args` declared with neither
/// `required` nor `optional` but with an integer or enum default, or
/// `required` with an enum default, written in at the end of the struct.
/// `shape`, when the transport's walk gave it for these very bytes, tells
/// the arguments present without a walk of their values (a batch's whole
/// mutation map lies before its consistency level).
pub fn with_defaults<'m>(
    msg: &'m [u8],
    args: &StructDesc,
    shape: Option<&[(i16, u8)]>,
) -> Cow<'m, [u8]> {
    if shape.is_some_and(|shape| defaulted(args).all(|(id, _)| shape.contains(&(id, ttype::I32)))) {
        return Cow::Borrowed(msg);
    }
    let mut r = Reader::new(msg);
    if r.message_header().is_err() {
        return Cow::Borrowed(msg);
    }
    let mut seen: Vec<i16> = Vec::new();
    let stop_at = loop {
        let at = r.position();
        let Ok(ft) = r.u8() else {
            return Cow::Borrowed(msg);
        };
        if ft == ttype::STOP {
            break at;
        }
        let Ok(id) = r.i16() else {
            return Cow::Borrowed(msg);
        };
        if r.skip(ft, 1).is_err() {
            return Cow::Borrowed(msg);
        }
        // A field of another wire type was skipped by Java's reader, so the
        // default stood; it is cut by the release's reading, or skipped by
        // ours, so only a field of the declared type counts as given.
        if args.fields.iter().any(|f| f.id == id && f.ty.wire() == ft) {
            seen.push(id);
        }
    };
    let missing: Vec<(i16, i32)> = defaulted(args)
        .filter(|(id, _)| !seen.contains(id))
        .collect();
    if missing.is_empty() {
        return Cow::Borrowed(msg);
    }
    let mut out = Vec::with_capacity(msg.len() + 7 * missing.len());
    out.extend_from_slice(&msg[..stop_at]);
    for (id, v) in missing {
        out.push(ttype::I32);
        out.extend_from_slice(&id.to_be_bytes());
        out.extend_from_slice(&v.to_be_bytes());
    }
    out.extend_from_slice(&msg[stop_at..]);
    Cow::Owned(out)
}

/// The arguments of `args` written in when absent, with their defaults:
/// each an i32 on the wire.
fn defaulted(args: &StructDesc) -> impl Iterator<Item = (i16, i32)> + '_ {
    args.fields
        .iter()
        .filter(|f| f.ty.wire() == ttype::I32)
        .filter_map(|f| match (&f.req, &f.default) {
            (Req::Plain, Default::I32(v) | Default::Enum(v)) => Some((f.id, *v)),
            (Req::Required, Default::Enum(v)) => Some((f.id, *v)),
            _ => None,
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thrift::wire::idl::{Field, Ty};

    static ARGS: StructDesc = StructDesc {
        name: "remove_args",
        fields: &[
            Field {
                id: 1,
                name: "key",
                ty: Ty::Bin,
                req: Req::Required,
                default: Default::None,
            },
            Field {
                id: 4,
                name: "consistency_level",
                ty: Ty::I32,
                req: Req::Plain,
                default: Default::Enum(1),
            },
        ],
    };

    fn call(fields: &[u8]) -> Vec<u8> {
        let mut m = vec![0x80, 0x01, 0x00, 0x01, 0, 0, 0, 6];
        m.extend_from_slice(b"remove");
        m.extend_from_slice(&7i32.to_be_bytes());
        m.extend_from_slice(fields);
        m.push(ttype::STOP);
        m
    }

    #[test]
    fn an_absent_defaulted_argument_is_written_in() {
        let key = [ttype::STRING, 0, 1, 0, 0, 0, 1, b'k'];
        let msg = call(&key);
        let got = with_defaults(&msg, &ARGS, None);
        let mut want = key.to_vec();
        want.extend_from_slice(&[ttype::I32, 0, 4, 0, 0, 0, 1]);
        assert_eq!(got.as_ref(), call(&want).as_slice());
    }

    #[test]
    fn a_required_enum_with_a_default_is_written_in_and_a_required_number_is_not() {
        static REQ: StructDesc = StructDesc {
            name: "get_slice_args",
            fields: &[
                Field {
                    id: 4,
                    name: "consistency_level",
                    ty: Ty::I32,
                    req: Req::Required,
                    default: Default::Enum(1),
                },
                Field {
                    id: 5,
                    name: "count",
                    ty: Ty::I32,
                    req: Req::Required,
                    default: Default::I32(100),
                },
            ],
        };
        let msg = call(&[]);
        let got = with_defaults(&msg, &REQ, None);
        assert_eq!(
            got.as_ref(),
            call(&[ttype::I32, 0, 4, 0, 0, 0, 1]).as_slice()
        );
    }

    #[test]
    fn a_given_argument_or_an_unreadable_message_is_left_as_it_came() {
        let given = call(&[ttype::I32, 0, 4, 0, 0, 0, 2]);
        assert!(matches!(
            with_defaults(&given, &ARGS, None),
            Cow::Borrowed(_)
        ));
        let truncated = &given[..given.len() - 3];
        assert!(matches!(
            with_defaults(truncated, &ARGS, None),
            Cow::Borrowed(_)
        ));
    }

    /// The walk's shape answers as the walk of the arguments does: a
    /// defaulted argument given (of its declared type) leaves the message
    /// as it is; one absent, or of another type, is still written in.
    #[test]
    fn the_walked_shape_spares_the_walk_and_agrees_with_it() {
        let key = [ttype::STRING, 0, 1, 0, 0, 0, 1, b'k'];
        let level = [ttype::I32, 0, 4, 0, 0, 0, 2];
        let given = call(&[&key[..], &level[..]].concat());
        let shape = [(1, ttype::STRING), (4, ttype::I32)];
        let got = with_defaults(&given, &ARGS, Some(&shape));
        assert!(matches!(got, Cow::Borrowed(_)));
        assert_eq!(got, with_defaults(&given, &ARGS, None));
        for (fields, shape) in [
            (key.to_vec(), vec![(1, ttype::STRING)]),
            (
                [&key[..], &[ttype::I64, 0, 4, 0, 0, 0, 0, 0, 0, 0, 2]].concat(),
                vec![(1, ttype::STRING), (4, ttype::I64)],
            ),
        ] {
            let msg = call(&fields);
            let got = with_defaults(&msg, &ARGS, Some(&shape));
            assert!(matches!(got, Cow::Owned(_)));
            assert_eq!(got, with_defaults(&msg, &ARGS, None));
        }
    }
}
