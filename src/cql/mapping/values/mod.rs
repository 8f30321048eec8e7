//! Turning terms (constants, bind values, collection literals, functions)
//! into typed bytes for a given column.
//!
//! Owns literal typing with Cassandra 1.2's messages, bound-value decoding
//! (collections arrive in their u16-count form) and the value functions
//! (`functions`: `now()`, `minTimeuuid`, `maxTimeuuid`, `dateOf`, `unixTimestampOf`,
//! `<type>AsBlob`, `blobAs<type>`). It must not build cell names.

use super::super::ast::{ConstantKind, Term};
use super::super::error::{CqlError, CqlResult};
use super::super::timeuuid::TimeUuidGenerator;
use super::super::types::{CqlType, CqlValue, Native};
use super::value_rules::ValueRules;
use crate::cql::table::Table;
use crate::marshal::bytes_to_hex;

mod collections;
mod functions;
pub use collections::{check_element, decode_bound, frozen_bytes, Element};
use collections::{eval_element, frozen_literal, sorted_map, sorted_unique, unassignable};
use functions::eval_function;
pub(super) use functions::function_keyspace;

/// What terms may refer to while being evaluated.
pub struct TermContext<'a> {
    /// Bound values by marker index; `None` is a bound null.
    pub binds: &'a [Option<Vec<u8>>],
    /// Wall clock in milliseconds (`now()`).
    pub now_millis: i64,
    pub uuids: &'a mut TimeUuidGenerator,
    /// How the release checked a bound value (see [`ValueRules`]).
    pub values: ValueRules,
    /// How 2.1's messages about a user type literal named the column
    /// (its `ColumnDefinition` printed); `None`: by its name.
    pub receiver: Option<String>,
    /// Whether a frozen collection's literal (not one nested in another
    /// value, which always took the v3 form) takes the u16 form of
    /// protocol version 2, as 2.1 and 2.2 serialized it over Thrift.
    pub frozen_as_v2: bool,
}

impl TermContext<'_> {
    fn bind(&self, i: usize) -> CqlResult<Option<Vec<u8>>> {
        self.binds.get(i).cloned().ok_or_else(|| {
            CqlError::invalid(format!(
                "There were {} markers(?) in CQL but {} bound variables",
                i + 1,
                self.binds.len()
            ))
        })
    }
}

/// The receiver a refusal names for the column `column` of `table` (a
/// function whose result it does not take): 2.1 printed the column's
/// `ColumnDefinition`; the others its name (`None`).
pub fn column_receiver(table: &Table, column: &str, values: ValueRules) -> Option<String> {
    if values != ValueRules::Since21 {
        return None;
    }
    let d = table.definition(column)?;
    let ty = table.column(column)?.ty.class_name();
    let ty = match d.reversed {
        true => format!("org.apache.cassandra.db.marshal.ReversedType({ty})"),
        false => ty,
    };
    table.definition_words(column, &ty)
}

/// The receiver of a value that is no column (`value(m)`, a collection's
/// element; `partition key token`): named so, which 2.1 printed as a bare
/// `ColumnSpecification` of its type.
pub fn spec_receiver(name: &str, ty: &CqlType, values: ValueRules) -> String {
    match values {
        ValueRules::Since21 => format!(
            "ColumnSpecification{{name={name}, type={}}}",
            ty.class_name()
        ),
        _ => name.to_string(),
    }
}

/// Runs `f` with `receiver` as the context's receiver, then restores it.
pub fn with_receiver<T>(
    ctx: &mut TermContext,
    receiver: Option<String>,
    f: impl FnOnce(&mut TermContext) -> T,
) -> T {
    let before = std::mem::replace(&mut ctx.receiver, receiver);
    let out = f(ctx);
    ctx.receiver = before;
    out
}

/// Evaluates `term` for a column `column` of type `ty`.
pub fn eval(term: &Term, ty: &CqlType, column: &str, ctx: &mut TermContext) -> CqlResult<CqlValue> {
    match (term, ty) {
        (Term::Null, _) => Ok(CqlValue::Null),
        (Term::Bind(i), _) => match ctx.bind(*i)? {
            None => Ok(CqlValue::Null),
            Some(bytes) => decode_bound(&bytes, ty, ctx.values),
        },
        (Term::List(items), CqlType::List(elem)) => {
            for t in items {
                unassignable(t, elem, column, "list", "value")?;
            }
            let vals = items
                .iter()
                .map(|t| {
                    let v = eval_element(t, elem, column, "list", ctx)?;
                    check_element(Element::ListValue, &v)?;
                    Ok(v)
                })
                .collect::<CqlResult<Vec<_>>>()?;
            Ok(CqlValue::List(vals))
        }
        (Term::Set(items), CqlType::Set(elem)) => {
            for t in items {
                unassignable(t, elem, column, "set", "value")?;
            }
            let vals = items
                .iter()
                .map(|t| {
                    let v = eval_element(t, elem, column, "set", ctx)?;
                    check_element(Element::SetValue, &v)?;
                    Ok(v)
                })
                .collect::<CqlResult<Vec<_>>>()?;
            Ok(CqlValue::Set(sorted_unique(vals, elem)))
        }
        (Term::Map(entries), CqlType::Set(_)) if entries.is_empty() => {
            Ok(CqlValue::Set(Vec::new()))
        }
        (Term::Map(entries), CqlType::Map(kt, vt)) => {
            for (k, v) in entries {
                unassignable(k, kt, column, "map", "key")?;
                unassignable(v, vt, column, "map", "value")?;
            }
            let mut out = Vec::new();
            for (k, v) in entries {
                let k = eval_element(k, kt, column, "map", ctx)?;
                check_element(Element::MapKey, &k)?;
                let v = eval_element(v, vt, column, "map", ctx)?;
                check_element(Element::MapValue, &v)?;
                out.push((k, v));
            }
            Ok(CqlValue::Map(sorted_map(out, kt)))
        }
        (Term::List(items), CqlType::Frozen(inner)) => {
            frozen_literal(&Term::List(items.clone()), inner, column, ctx)
        }
        (Term::Set(items), CqlType::Frozen(inner)) => {
            frozen_literal(&Term::Set(items.clone()), inner, column, ctx)
        }
        (Term::Map(entries), CqlType::Frozen(inner)) => {
            frozen_literal(&Term::Map(entries.clone()), inner, column, ctx)
        }
        (Term::Tuple(items), CqlType::Tuple(types)) => {
            // 2.1's Tuples.Literal: no more elements than the type has.
            if items.len() > types.len() {
                return Err(CqlError::invalid(format!(
                    "Invalid tuple literal for {column}: too many elements. Type {} expects {} but got {}",
                    ty.cql_name(),
                    types.len(),
                    items.len()
                )));
            }
            let mut out = Vec::with_capacity(items.len());
            for (i, (item, t)) in items.iter().zip(types).enumerate() {
                if !assignable(item, t) {
                    return Err(CqlError::invalid(format!(
                        "Invalid tuple literal for {column}: component {i} is not of type {}",
                        t.cql_name()
                    )));
                }
                out.push(component(item, t, &format!("{column}[{i}]"), ctx)?);
            }
            Ok(CqlValue::Bytes(crate::marshal::join_components(&out)))
        }
        (Term::UserLiteral(fields), CqlType::User(u)) => {
            // 2.1's UserTypes.Literal: each field given must be of its
            // type, then a field the type lacks is named; the value holds
            // every field of the type, null where none was given.
            for (name, t) in &u.fields {
                if let Some((_, v)) = fields.iter().find(|(f, _)| f == name) {
                    if !assignable(v, t) {
                        return Err(CqlError::invalid(format!(
                            "Invalid user type literal for {}: field {name} is not of type {}",
                            ctx.receiver.as_deref().unwrap_or(column),
                            t.cql_name()
                        )));
                    }
                }
            }
            if let Some((f, _)) = fields.iter().find(|(f, _)| u.field(f).is_none()) {
                return Err(CqlError::invalid(format!(
                    "Unknown field '{f}' in value of user defined type {}",
                    u.name
                )));
            }
            let mut out = Vec::with_capacity(u.fields.len());
            for (name, t) in &u.fields {
                out.push(match fields.iter().find(|(f, _)| f == name) {
                    Some((_, v)) => component(v, t, &format!("{column}.{name}"), ctx)?,
                    None => None,
                });
            }
            Ok(CqlValue::Bytes(crate::marshal::join_components(&out)))
        }
        (Term::Tuple(_), _) => Err(CqlError::invalid(format!(
            "Invalid tuple type literal for {column} of type {}",
            ty.cql_name()
        ))),
        (Term::UserLiteral(_), _) => Err(CqlError::invalid(format!(
            "Invalid user type literal for {column} of type {}",
            ty.cql_name()
        ))),
        (Term::List(_), _) => Err(CqlError::invalid(format!(
            "Invalid list literal for {column} of type {}",
            ty.cql_name()
        ))),
        (Term::Set(_), _) => Err(CqlError::invalid(format!(
            "Invalid set literal for {column} of type {}",
            ty.cql_name()
        ))),
        (Term::Map(_), _) => Err(CqlError::invalid(format!(
            "Invalid map literal for {column} of type {}",
            ty.cql_name()
        ))),
        // 3.0's `time` took an integer constant (its nanoseconds).
        (Term::Constant(c), CqlType::Native(Native::Time))
            if c.kind == ConstantKind::Integer && ctx.values >= ValueRules::Since30 =>
        {
            Ok(CqlValue::Bytes(
                ty.marshal()
                    .from_string(&c.text)
                    .map_err(|e| CqlError::invalid(e.0))?,
            ))
        }
        // A date text is read by the release's own pattern list, and a
        // number as milliseconds where the release took its sign.
        (Term::Constant(c), CqlType::Native(Native::Timestamp | Native::SignedTimestamp))
            if matches!(c.kind, ConstantKind::String | ConstantKind::Integer) =>
        {
            crate::marshal::parse_timestamp_text(&c.text, ctx.values.date_texts())
                .map(CqlValue::Bytes)
                .map_err(|e| CqlError::invalid(e.0))
        }
        (Term::Constant(c), _) => {
            if ty.is_collection() {
                return Err(CqlError::invalid(format!(
                    "Invalid {} constant ({}) for {} of type {}",
                    c.kind.name(),
                    c.text,
                    column,
                    ty.cql_name()
                )));
            }
            if let Some(bytes) = blob_constant(c, ty, ctx.values)? {
                return Ok(CqlValue::Bytes(bytes));
            }
            if let Some(bytes) = ascii_constant(c, ty, ctx.values)? {
                return Ok(CqlValue::Bytes(bytes));
            }
            Ok(CqlValue::Bytes(ty.constant_to_bytes(c, column)?))
        }
        // 2.2's `fromJson(text)`: the JSON read for the receiver's type.
        // 2.2's FunctionCall made a collection's value of the function's
        // bytes and failed on the server (found by ordinary19n).
        (Term::Function { name, .. }, _)
            if name == "fromjson" && ty.is_collection() && ctx.values == ValueRules::Since22 =>
        {
            Err(CqlError::Failed(format!(
                "fromJson() of a collection for {column}"
            )))
        }
        (Term::Function { name, args }, _)
            if name == "fromjson" && args.len() == 1 && ctx.values >= ValueRules::Since22 =>
        {
            let text = eval_scalar(&args[0], &CqlType::Native(Native::Text), column, ctx)?
                .ok_or_else(|| CqlError::invalid("Invalid null argument to fromjson"))?;
            from_json_text(&String::from_utf8_lossy(&text), ty).map_err(|e| {
                CqlError::invalid(format!("execution of 'system.fromjson[text]' failed: {e}"))
            })
        }
        (Term::Function { name, args }, _) => eval_function(name, args, ty, column, ctx)
            .map(|v| v.map_or(CqlValue::Null, CqlValue::Bytes)),
        (Term::Json(text), _) => from_json_text(text, ty)
            .map_err(|e| CqlError::invalid(format!("Error decoding JSON value for {column}: {e}"))),
    }
}

/// A JSON text read for a value of `ty` (see `cql::json`); a JSON null is
/// the null value.
fn from_json_text(text: &str, ty: &CqlType) -> Result<CqlValue, String> {
    use crate::cql::json::{from_json, FromJson};
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("Error decoding JSON string: {e}"))?;
    if value.is_null() {
        return Ok(CqlValue::Null);
    }
    Ok(match from_json(ty, &value)? {
        FromJson::Bytes(b) => CqlValue::Bytes(b),
        FromJson::List(items) => CqlValue::List(items),
        FromJson::Set(items) => match ty {
            CqlType::Set(e) => CqlValue::Set(sorted_unique(items, e)),
            _ => CqlValue::Set(items),
        },
        FromJson::Map(entries) => match ty {
            CqlType::Map(k, _) => CqlValue::Map(sorted_map(entries, k)),
            _ => CqlValue::Map(entries),
        },
    })
}

/// A blob's constant as 1.1 on read it: a hex constant's digits by
/// `BytesType.fromString` (`Hex.hexToBytes`, which refused an odd count:
/// `cannot parse 'abc' as hex bytes`), and in 1.2 a string constant too
/// (`Constants.Literal`: blobs as strings, deprecated, still taken; 2.0
/// refused them). `None`: not such a constant.
fn blob_constant(
    c: &super::super::ast::Constant,
    ty: &CqlType,
    rules: ValueRules,
) -> CqlResult<Option<Vec<u8>>> {
    if *ty != CqlType::Native(Native::Blob) {
        return Ok(None);
    }
    let digits = match c.kind {
        ConstantKind::Hex => &c.text[2..],
        ConstantKind::String if rules < ValueRules::Since20 => c.text.as_str(),
        _ => return Ok(None),
    };
    let refused = || CqlError::invalid(format!("cannot parse '{digits}' as hex bytes"));
    if digits.len() % 2 == 1 {
        return Err(refused());
    }
    crate::marshal::hex_to_bytes(digits)
        .map(Some)
        .ok_or_else(refused)
}

/// An ascii string constant holding characters beyond US-ASCII. 1.2's
/// `AsciiType.fromString` was `String.getBytes(US_ASCII)`, which put one
/// `?` for each such character (a surrogate pair is one); 2.0 on encoded
/// with a reporting `CharsetEncoder` and refused it, quoting the
/// `UnmappableCharacterException` (its length: the character's UTF-16
/// units). `None`: not an ascii string, or plain ASCII.
fn ascii_constant(
    c: &super::super::ast::Constant,
    ty: &CqlType,
    rules: ValueRules,
) -> CqlResult<Option<Vec<u8>>> {
    if *ty != CqlType::Native(Native::Ascii) || c.kind != ConstantKind::String || c.text.is_ascii()
    {
        return Ok(None);
    }
    if rules >= ValueRules::Since20 {
        let first = c.text.chars().find(|ch| !ch.is_ascii()).unwrap_or('?');
        return Err(CqlError::invalid(format!(
            "Invalid ASCII character in string literal: \
             java.nio.charset.UnmappableCharacterException: Input length = {}",
            first.len_utf16()
        )));
    }
    let bytes = c
        .text
        .chars()
        .map(|ch| if ch.is_ascii() { ch as u8 } else { b'?' });
    Ok(Some(bytes.collect()))
}

/// Whether a term could be given for a type (Cassandra's
/// `testAssignment`): a constant of a kind the type takes, a literal of
/// its shape; markers, nulls and functions are left to evaluation.
pub fn assignable(term: &Term, ty: &CqlType) -> bool {
    let ty = match ty {
        CqlType::Frozen(inner) => inner.as_ref(),
        other => other,
    };
    match (term, ty) {
        (Term::Constant(c), CqlType::Native(n)) => n.accepts(c.kind),
        (Term::Constant(_), CqlType::Custom(_)) => true,
        (Term::Constant(_), _) => false,
        (Term::List(_), t) => matches!(t, CqlType::List(_)),
        (Term::Set(_), t) => matches!(t, CqlType::Set(_)),
        (Term::Map(m), t) => {
            matches!(t, CqlType::Map(..)) || (m.is_empty() && matches!(t, CqlType::Set(_)))
        }
        (Term::Tuple(_), t) => matches!(t, CqlType::Tuple(_)),
        (Term::UserLiteral(_), t) => matches!(t, CqlType::User(_)),
        _ => true,
    }
}

/// One component of a tuple or user type value (`None`: null).
fn component(
    term: &Term,
    ty: &CqlType,
    name: &str,
    ctx: &mut TermContext,
) -> CqlResult<Option<Vec<u8>>> {
    let v2 = std::mem::replace(&mut ctx.frozen_as_v2, false);
    let v = eval(term, ty, name, ctx);
    ctx.frozen_as_v2 = v2;
    Ok(match v? {
        CqlValue::Null => None,
        CqlValue::Bytes(b) => Some(b),
        other => Some(frozen_bytes(&other)),
    })
}

/// Evaluates a non-collection term to bytes (null not allowed).
pub fn eval_scalar(
    term: &Term,
    ty: &CqlType,
    column: &str,
    ctx: &mut TermContext,
) -> CqlResult<Option<Vec<u8>>> {
    match eval(term, ty, column, ctx)? {
        CqlValue::Null => Ok(None),
        CqlValue::Bytes(b) => Ok(Some(b)),
        _ => Err(CqlError::invalid(format!(
            "Invalid collection value for {column}"
        ))),
    }
}

/// A counter's increment (or decrement): a bound one is checked by the
/// counter's validator (`Constants.Marker.bindAndGet`), then read as a
/// long (`ByteBufferUtil.toLong`), which an empty value failed on the
/// server; others as [`eval_i64`] reads them.
pub fn eval_counter_delta(term: &Term, column: &str, ctx: &mut TermContext) -> CqlResult<i64> {
    // A constant of another kind than an integer did not fit the counter
    // (`Constants.Literal.validateAssignableTo`, 1.2 on).
    if let Term::Constant(c) = term {
        if c.kind != ConstantKind::Integer {
            return Err(CqlError::invalid(format!(
                "Invalid {} constant ({}) for {column} of type counter",
                c.kind.name(),
                c.text
            )));
        }
    }
    let Term::Bind(i) = term else {
        return eval_i64(term, "counter increment", ctx);
    };
    let Some(b) = ctx.bind(*i)? else {
        return Err(CqlError::invalid(
            "Invalid null value for counter increment",
        ));
    };
    ctx.values.validate(&CqlType::Native(Native::Counter), &b)?;
    let long = <[u8; 8]>::try_from(b.as_slice())
        .map_err(|_| CqlError::Failed(format!("a counter increment of {} bytes", b.len())))?;
    Ok(i64::from_be_bytes(long))
}

/// The type a `USING`, `LIMIT` or list index marker's receiver had.
fn marker_type(what: &str) -> CqlType {
    CqlType::Native(match what {
        "timestamp" => Native::Bigint,
        _ => Native::Int,
    })
}

/// The bytes of an integer-valued term (`USING TTL`, `LIMIT`, list indexes).
pub fn eval_i64(term: &Term, what: &str, ctx: &mut TermContext) -> CqlResult<i64> {
    match term {
        Term::Constant(c) if c.kind == ConstantKind::Integer => c
            .text
            .parse::<i64>()
            .map_err(|_| CqlError::invalid(format!("Invalid {what} value {}", c.text))),
        Term::Bind(i) => match ctx.bind(*i)? {
            Some(b) => {
                // A marker checked its value by its receiver's type first
                // (`Constants.Marker.bindAndGet`, 1.2 on): a timestamp's a
                // bigint, the others' an int.
                ctx.values.validate(&marker_type(what), &b)?;
                match b.len() {
                    8 => Ok(i64::from_be_bytes(
                        b.as_slice().try_into().expect("8 bytes"),
                    )),
                    4 => Ok(i64::from(i32::from_be_bytes(
                        b.as_slice().try_into().expect("4 bytes"),
                    ))),
                    // An empty one passed the check and composed to null,
                    // which unboxing failed on the server.
                    0 if what != "list index" => {
                        Err(CqlError::Failed(format!("an empty {what} value")))
                    }
                    _ => Err(CqlError::invalid(format!(
                        "Invalid {what} value 0x{}",
                        bytes_to_hex(&b)
                    ))),
                }
            }
            None => Err(CqlError::invalid(format!("Invalid null value of {what}"))),
        },
        Term::Null => Err(CqlError::invalid(format!("Invalid null value of {what}"))),
        _ => Err(CqlError::invalid(format!("Invalid {what} value"))),
    }
}

/// A list element's index (`l[i] = v`, `DELETE l[i]`): a constant other
/// than an integer is refused as a value of its receiver, `idx(l)` of type
/// int (`Lists.Setter`'s `indexSpecOf`), a marker's bytes as an int.
pub fn list_index(term: &Term, column: &str, ctx: &mut TermContext) -> CqlResult<i64> {
    if let Term::Constant(c) = term {
        if c.kind != ConstantKind::Integer {
            let int = CqlType::Native(Native::Int);
            eval_scalar(term, &int, &format!("idx({column})"), ctx)?;
        }
    }
    eval_i64(term, "list index", ctx)
}

#[cfg(test)]
mod list_index_tests {
    use super::*;
    use crate::cql::ast::Constant;

    fn index(kind: ConstantKind, text: &str) -> CqlResult<i64> {
        let mut uuids = TimeUuidGenerator::new(7);
        let mut ctx = TermContext {
            binds: &[],
            now_millis: 5,
            uuids: &mut uuids,
            values: ValueRules::default(),
            receiver: None,
            frozen_as_v2: false,
        };
        let term = Term::Constant(Constant {
            kind,
            text: text.to_string(),
        });
        list_index(&term, "items", &mut ctx)
    }

    #[test]
    fn a_list_index_is_an_int_constant() {
        assert_eq!(index(ConstantKind::Integer, "2").unwrap(), 2);
        // 1.2.9 to 2.2.19 (`zh_todo_lists`): `items['a'] = 'b'`.
        assert_eq!(
            index(ConstantKind::String, "a").unwrap_err().to_string(),
            "Invalid STRING constant (a) for idx(items) of type int"
        );
    }
}

#[cfg(test)]
mod ascii_constant_tests {
    use super::*;
    use crate::cql::ast::Constant;

    /// `f` given a statement's context under `values`, without binds.
    fn in_context<T>(values: ValueRules, f: impl FnOnce(&mut TermContext) -> T) -> T {
        let mut uuids = TimeUuidGenerator::new(7);
        let mut ctx = TermContext {
            binds: &[],
            now_millis: 5,
            uuids: &mut uuids,
            values,
            receiver: None,
            frozen_as_v2: false,
        };
        f(&mut ctx)
    }

    fn ascii(text: &str, values: ValueRules) -> CqlResult<CqlValue> {
        let term = Term::Constant(Constant {
            kind: ConstantKind::String,
            text: text.to_string(),
        });
        in_context(values, |ctx| {
            eval(&term, &CqlType::Native(Native::Ascii), "code", ctx)
        })
    }

    #[test]
    fn non_ascii_characters_became_question_marks_in_1_2_and_were_refused_from_2_0() {
        // 1.2.9 and 1.2.19 (`zzd_catalogue`): one `?` a character, one for
        // a pair of surrogates.
        let bytes = |v: CqlValue| match v {
            CqlValue::Bytes(b) => b,
            other => panic!("{other:?}"),
        };
        assert_eq!(bytes(ascii("café", ValueRules::Since12).unwrap()), b"caf?");
        assert_eq!(bytes(ascii("a🍣ñ", ValueRules::Since1216).unwrap()), b"a??");
        assert_eq!(
            bytes(ascii("plain", ValueRules::Since12).unwrap()),
            b"plain"
        );
        // 2.0.17 to 2.2.19: the encoder's exception, its length in UTF-16 units.
        let refusal = |t: &str| ascii(t, ValueRules::Since20).unwrap_err().to_string();
        assert_eq!(
            refusal("café"),
            "Invalid ASCII character in string literal: \
             java.nio.charset.UnmappableCharacterException: Input length = 1"
        );
        assert!(refusal("x🍣").ends_with("Input length = 2"));
        assert!(ascii("ok", ValueRules::Since22).is_ok());
    }

    #[test]
    fn a_function_result_went_to_its_own_type_in_1_2_and_to_one_taking_it_from_2_0() {
        // 1.2.9 to 2.2.19 (rel_fctargs): now() into a uuid, dateOf into a bigint.
        let call = |name: &str, args: Vec<Term>, ty: Native, values| {
            let term = Term::Function {
                name: name.into(),
                args,
            };
            in_context(values, |ctx| {
                eval(&term, &CqlType::Native(ty), "c", ctx).map(|_| ())
            })
        };
        let tu = || {
            vec![Term::Constant(Constant {
                kind: ConstantKind::Uuid,
                text: "50554d6e-29bb-11e5-b345-feff819cdc9f".into(),
            })]
        };
        assert_eq!(
            call("now", vec![], Native::Uuid, ValueRules::Since12)
                .unwrap_err()
                .to_string(),
            "Type error: cannot assign result of function now (type timeuuid) to c (type uuid)"
        );
        assert!(call("now", vec![], Native::Uuid, ValueRules::Since20).is_ok());
        assert!(call("dateof", tu(), Native::Bigint, ValueRules::Since12).is_err());
        assert!(call("dateof", tu(), Native::Bigint, ValueRules::Since21).is_ok());
        assert!(call(
            "unixtimestampof",
            tu(),
            Native::Timestamp,
            ValueRules::Since20
        )
        .is_ok());
        assert_eq!(
            call("now", tu(), Native::Timeuuid, ValueRules::Since22)
                .unwrap_err()
                .to_string(),
            "Invalid number of arguments in call to function system.now: 0 required but 1 provided"
        );
    }
}
