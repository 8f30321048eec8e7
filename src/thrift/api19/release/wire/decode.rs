//! A request read as the release's own IDL declared it (`crate::thrift::api19::release::idl`),
//! before the node's 19.36 reader sees it: what the release's generated
//! Java readers did with a struct from a later (or earlier) IDL.
//! - a field its struct did not declare, or declared with another wire
//!   type, was skipped: it is cut out of the message here (a struct is
//!   not length-prefixed, so cutting a field changes no other byte);
//! - an enum value its enum did not declare was read as null: the field is
//!   cut too (absent, as Java's null was);
//! - a struct missing a field the release declared `required` was refused
//!   when its read ended, with libthrift's TProtocolException text (quoted
//!   by `javaargs` with the release's table).
//!
//! It decides nothing else: values, and what a field means, stay the
//! handlers' business. Malformed bytes are left for the node's reader to
//! refuse as it does.

use crate::release::Release;
use crate::thrift::api19::javaargs::{self, ArgsOf, BufferQuote};
use crate::thrift::api19::release::idl::args_table;
use crate::thrift::wire::idl::{Default, Field, Req, StructDesc, Ty};
use crate::thrift::wire::{ttype, Reader, WireError, MAX_DEPTH};
use std::borrow::Cow;

/// What the release made of a request's arguments.
#[derive(Debug, PartialEq, Eq)]
pub enum Declared<'m> {
    /// The message to decode: as it came, or without what the release's
    /// IDL did not declare.
    Read(Cow<'m, [u8]>),
    /// The release refused the arguments: its TProtocolException text,
    /// and whether its reader stopped before the end of the message (a
    /// nested struct failed), leaving bytes it then read as the next call.
    Refused(String, bool),
    /// The release read an argument it did not require as null (an enum
    /// value it lacked, `remove`'s consistency level): the method ran and
    /// made its checks first (keyspace, column family, key, path), failing
    /// only when it came to use the argument (every release, 1.2.19 to 2.2
    /// too); the message to check, the level given as ONE.
    FailsAfterChecks(Cow<'m, [u8]>),
    /// Arguments of list type the release declared neither `required` nor
    /// with a default (`cas`'s `expected` and `updates`) were absent: Java
    /// left them null and the method failed where it first used one (a
    /// NullPointerException, the connection closed). Their names, and the
    /// message with each given as an empty list for the checks before.
    NullLists(Cow<'m, [u8]>, Vec<&'static str>),
}

/// `msg` (one whole call, header included) as `release` read it.
pub fn as_declared<'m>(release: &Release, msg: &'m [u8], quote: BufferQuote) -> Declared<'m> {
    let Some(args_of) = args_table(release.version) else {
        return Declared::Read(Cow::Borrowed(msg));
    };
    let mut r = Reader::new(msg);
    let Ok(header) = r.message_header() else {
        return Declared::Read(Cow::Borrowed(msg));
    };
    let Some(desc) = args_of(&header.name) else {
        return Declared::Read(Cow::Borrowed(msg));
    };
    let mut walk = Walk {
        cuts: Vec::new(),
        missing: None,
        null_argument: false,
        null_at: None,
        top_seen: 0,
        top_stop: 0,
    };
    if walk.structure(&mut r, desc, 0).is_err() {
        // Not a readable message: the node's own reader says so.
        return Declared::Read(Cow::Borrowed(msg));
    }
    if let Some((field, structure, end)) = walk.missing {
        let text = refusal(msg, quote, args_of, field, structure);
        return Declared::Refused(text, end < msg.len());
    }
    if walk.null_argument {
        // The level kept, as ONE (the node's reader wants one), for the
        // checks to run on.
        let mut patched = msg.to_vec();
        let cuts: Vec<(usize, usize)> = walk
            .cuts
            .iter()
            .copied()
            .filter(|c| Some(*c) != walk.null_at)
            .collect();
        if let Some((_, end)) = walk.null_at {
            patched[end - 4..end].copy_from_slice(&1i32.to_be_bytes());
        }
        return Declared::FailsAfterChecks(Cow::Owned(cut(&patched, &cuts).into_owned()));
    }
    let null_lists: Vec<&'static Field> = desc
        .fields
        .iter()
        .enumerate()
        .filter(|(i, f)| {
            f.req == Req::Plain
                && matches!(f.ty, Ty::List(_))
                && walk.top_seen & (1 << (*i).min(63)) == 0
        })
        .map(|(_, f)| f)
        .collect();
    if !null_lists.is_empty() {
        // Empty lists written in before the arguments' end (after every
        // cut, so the cuts' offsets stand).
        let mut patched = msg[..walk.top_stop].to_vec();
        for f in &null_lists {
            let Ty::List(et) = f.ty else { continue };
            patched.push(ttype::LIST);
            patched.extend_from_slice(&f.id.to_be_bytes());
            patched.push(et.wire());
            patched.extend_from_slice(&0i32.to_be_bytes());
        }
        patched.extend_from_slice(&msg[walk.top_stop..]);
        let names = null_lists.iter().map(|f| f.name).collect();
        return Declared::NullLists(Cow::Owned(cut(&patched, &walk.cuts).into_owned()), names);
    }
    Declared::Read(cut(msg, &walk.cuts))
}

/// Whether Java's generated struct started out holding `f`'s IDL default:
/// an object (an enum, a string) so defaulted was never null, so its
/// `required` check passed when the field was left out (`get_slice`'s
/// `consistency_level = ONE`); a primitive was checked by whether it was
/// read.
fn held(f: &Field) -> bool {
    f.default != Default::None && !f.ty.is_primitive()
}

/// `msg` without the byte ranges `cuts` (in message order).
fn cut<'m>(msg: &'m [u8], cuts: &[(usize, usize)]) -> Cow<'m, [u8]> {
    if cuts.is_empty() {
        return Cow::Borrowed(msg);
    }
    let mut out = Vec::with_capacity(msg.len());
    let mut at = 0;
    for &(start, end) in cuts {
        out.extend_from_slice(&msg[at..start]);
        at = end;
    }
    out.extend_from_slice(&msg[at..]);
    Cow::Owned(out)
}

/// The release's text for the first struct whose read failed; the short
/// form when the message is too big to quote (see `javaargs::QUOTE_MAX`).
fn refusal(
    msg: &[u8],
    quote: BufferQuote,
    args_of: ArgsOf,
    field: &str,
    structure: &str,
) -> String {
    javaargs::required_field_error_of(msg, quote, args_of)
        .unwrap_or_else(|| format!("Required field '{field}' was not present! Struct: {structure}"))
}

struct Walk {
    /// Byte ranges of fields to cut, in message order.
    cuts: Vec<(usize, usize)>,
    /// The first required field found missing, its struct, and where that
    /// struct ended (where Java's reader stopped).
    missing: Option<(&'static str, &'static str, usize)>,
    /// An argument (not a nested field) the release did not require, read
    /// as null, and where its field was.
    null_argument: bool,
    null_at: Option<(usize, usize)>,
    /// The arguments (fields of the outermost struct) read, by their
    /// place in it, and where that struct's stop byte was.
    top_seen: u64,
    top_stop: usize,
}

impl Walk {
    fn structure(
        &mut self,
        r: &mut Reader<'_>,
        desc: &'static StructDesc,
        depth: usize,
    ) -> Result<(), WireError> {
        if depth > MAX_DEPTH {
            return Err(WireError::Invalid("too deep".into()));
        }
        // Fields read, and fields read as null (which a default the struct
        // started out holding no longer covers).
        let (mut seen, mut nulled) = (0u64, 0u64);
        loop {
            let start = r.position();
            let ft = r.u8()?;
            if ft == ttype::STOP {
                if depth == 0 {
                    self.top_stop = start;
                }
                break;
            }
            let id = r.i16()?;
            let declared = desc
                .fields
                .iter()
                .position(|f| f.id == id && f.ty.wire() == ft);
            let kept = match declared {
                Some(i) => self.value(r, &desc.fields[i].ty, depth + 1)?,
                None => {
                    r.skip(ft, depth + 1)?;
                    false
                }
            };
            match declared {
                Some(i) if kept => seen |= 1 << i.min(63),
                Some(i) => {
                    nulled |= 1 << i.min(63);
                    if depth == 0 && desc.fields[i].req != Req::Required {
                        self.null_argument = true;
                        self.null_at = Some((start, r.position()));
                    }
                    self.cuts.push((start, r.position()));
                }
                None => self.cuts.push((start, r.position())),
            }
        }
        if depth == 0 {
            self.top_seen = seen;
        }
        if self.missing.is_none() {
            self.missing = desc
                .fields
                .iter()
                .enumerate()
                .find(|(i, f)| {
                    let bit = 1 << (*i).min(63);
                    f.req == Req::Required && seen & bit == 0 && (nulled & bit != 0 || !held(f))
                })
                .map(|(_, f)| (f.name, desc.name, r.position()));
        }
        Ok(())
    }

    /// Reads one declared value; false when Java read it as null (an enum
    /// value the release did not declare).
    fn value(
        &mut self,
        r: &mut Reader<'_>,
        ty: &'static Ty,
        depth: usize,
    ) -> Result<bool, WireError> {
        if depth > MAX_DEPTH {
            return Err(WireError::Invalid("too deep".into()));
        }
        match ty {
            Ty::Enum(names) => return Ok(names(r.i32()?).is_some()),
            Ty::Struct(d) => self.structure(r, d, depth)?,
            Ty::List(et) | Ty::Set(et) => {
                let wire = r.u8()?;
                let n = r.collection_len(wire)?;
                for _ in 0..n {
                    self.element(r, et, wire, depth + 1)?;
                }
            }
            Ty::Map(kt, vt) => {
                let (kw, vw, n) = r.map_len()?;
                for _ in 0..n {
                    self.element(r, kt, kw, depth + 1)?;
                    self.element(r, vt, vw, depth + 1)?;
                }
            }
            _ => r.skip(ty.wire(), depth)?,
        }
        Ok(true)
    }

    /// A container's element: walked when it is of the declared type (an
    /// element of another type is the node reader's to refuse).
    fn element(
        &mut self,
        r: &mut Reader<'_>,
        ty: &'static Ty,
        wire: u8,
        depth: usize,
    ) -> Result<(), WireError> {
        match ty {
            Ty::Struct(_) | Ty::List(_) | Ty::Set(_) | Ty::Map(..) if ty.wire() == wire => {
                self.value(r, ty, depth).map(drop)
            }
            _ => r.skip(wire, depth),
        }
    }
}

#[cfg(test)]
#[path = "decode_tests.rs"]
mod tests;
