//! 3.10's `CAST(x AS type)` (`Selectable.WithCast` and `CastFcts`): the
//! native function `castAs<Type>` taking x's type. Between numbers it
//! converts as Java's `Number` methods did (narrowing keeps the low bits;
//! a floating point value saturates, truncated toward zero); to `ascii` or
//! `text` it gives the value's CQL literal; between `timeuuid`,
//! `timestamp` and `date` it is 2.2's time functions.
//!
//! Owns the functions' overloads, names and conversions; it must not read
//! rows nor parse.

use super::super::error::{CqlError, CqlResult};
use super::super::types::{CqlType, Native};
use super::time_fcts;
use crate::marshal::{decode_decimal, java_decimal_string, AbstractType, DecimalType};
use num_bigint::BigInt;
use Native::*;

/// The numbers `CastFcts.all` converts between, in the order a refusal
/// lists their overloads (3.11.10's answer for `castAsInt`).
const NUMBERS: [Native; 9] = [
    Bigint, Varint, Smallint, Tinyint, Decimal, Double, Float, Counter, Int,
];

/// What else `castAsAscii` and `castAsText` take.
const TEXTUAL: [Native; 7] = [Inet, Boolean, Timeuuid, SignedTimestamp, Date, Time, Uuid];

/// What `CAST(x AS to)` calls for an argument of type `arg`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cast {
    /// A cast to the argument's own type is the argument.
    Same,
    /// `castAs<to>` of the argument's type, answering `to`.
    To(Native),
}

/// The type a CAST to the word `to` answers.
pub(crate) fn target_type(to: &str) -> Option<Native> {
    target(to).map(|(native, _)| native)
}

/// The type a CAST names by the word `to`, and whether the word names a
/// `castAs` function at all: `varchar` is text's type but no function's
/// name (3.11's `CastFcts.getFunctionName` spells the output's CQL type,
/// `text`).
fn target(to: &str) -> Option<(Native, bool)> {
    let native = match Native::from_name_22(to)? {
        Timestamp => SignedTimestamp,
        n => n,
    };
    Some((native, to == native.name()))
}

/// The inputs of the function converting to `to`, as `CastFcts.all`
/// declared them (none: the function does not exist).
fn inputs(to: Native) -> Vec<Native> {
    let numbers = NUMBERS.iter().copied().filter(|&n| n != to);
    match to {
        Tinyint | Smallint | Int | Bigint | Float | Double | Decimal | Varint => numbers.collect(),
        Ascii => numbers.chain(TEXTUAL).collect(),
        Text => numbers.chain([Ascii]).chain(TEXTUAL).collect(),
        Date => vec![Timeuuid, SignedTimestamp],
        SignedTimestamp => vec![Timeuuid, Date],
        _ => Vec::new(),
    }
}

/// `castAsInt`: the function a CAST to the word `to` calls.
pub(crate) fn function_name(to: &str) -> String {
    let mut chars = to.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase());
    format!(
        "castAs{}{}",
        first.into_iter().collect::<String>(),
        chars.as_str()
    )
}

/// What `CAST(arg AS to)` resolves to; `column` is the first column the
/// argument reads, which a cast to a type no function makes names.
pub(crate) fn resolve(to: &str, arg: &CqlType, column: &str) -> CqlResult<Cast> {
    let cannot = || CqlError::invalid(format!("{column} cannot be cast to {to}"));
    let (target, named) = target(to).ok_or_else(cannot)?;
    if CqlType::Native(target).class_name() == arg.class_name() {
        return Ok(Cast::Same);
    }
    let takes = inputs(target);
    if !named || takes.is_empty() {
        return Err(cannot());
    }
    if takes
        .iter()
        .any(|&n| CqlType::Native(n).class_name() == arg.class_name())
    {
        return Ok(Cast::To(target));
    }
    // No exact overload, but one whose argument reads the value: a
    // timestamp's milliseconds are a long's (`LongType.isValueCompatibleWith`),
    // so `castAsBigint` of a counter takes it.
    if target == Bigint && matches!(arg, CqlType::Native(Timestamp | SignedTimestamp)) {
        return Ok(Cast::To(target));
    }
    let name = function_name(to);
    let known: Vec<String> = takes
        .iter()
        .map(|n| format!("system.{name} : ({}) -> {to}", n.name()))
        .collect();
    Err(CqlError::invalid(format!(
        "Invalid call to function system.{name}, none of its type signatures match (known type \
         signatures: {})",
        known.join(", ")
    )))
}

/// A number as Java held it.
enum Number {
    /// byte, short, int, long (and a counter's long).
    Integral(i64),
    Float(f32),
    Double(f64),
    Decimal(BigInt, i32),
    Varint(BigInt),
}

impl Number {
    fn read(ty: Native, v: &[u8]) -> Option<Number> {
        Some(match ty {
            Tinyint => Number::Integral(i8::from_be_bytes(v.try_into().ok()?).into()),
            Smallint => Number::Integral(i16::from_be_bytes(v.try_into().ok()?).into()),
            Int => Number::Integral(i32::from_be_bytes(v.try_into().ok()?).into()),
            Bigint | Counter | Timestamp | SignedTimestamp => {
                Number::Integral(i64::from_be_bytes(v.try_into().ok()?))
            }
            Float => Number::Float(f32::from_be_bytes(v.try_into().ok()?)),
            Double => Number::Double(f64::from_be_bytes(v.try_into().ok()?)),
            Decimal => {
                let (unscaled, scale) = decode_decimal(v)?;
                Number::Decimal(unscaled, scale)
            }
            Varint => Number::Varint(BigInt::from_signed_bytes_be(v)),
            _ => return None,
        })
    }

    /// `longValue()`: a float saturates (NaN is 0, as Rust's `as`); a
    /// decimal's integer part and a varint keep their low 64 bits.
    fn long(&self) -> i64 {
        match self {
            Number::Integral(i) => *i,
            Number::Float(f) => *f as i64,
            Number::Double(d) => *d as i64,
            Number::Decimal(u, s) => low_bits(&integer_part(u, *s)),
            Number::Varint(b) => low_bits(b),
        }
    }

    /// `intValue()` (and, narrowed again, `shortValue()` and
    /// `byteValue()`): a float saturates to an int first.
    fn int(&self) -> i32 {
        match self {
            Number::Float(f) => *f as i32,
            Number::Double(d) => *d as i32,
            other => other.long() as i32,
        }
    }

    /// `doubleValue()`: the nearest double (a decimal's and a varint's
    /// correctly rounded from their digits).
    fn double(&self) -> f64 {
        match self {
            Number::Integral(i) => *i as f64,
            Number::Float(f) => f64::from(*f),
            Number::Double(d) => *d,
            n => n.text().parse().unwrap_or(f64::NAN),
        }
    }

    /// `floatValue()`.
    fn float(&self) -> f32 {
        match self {
            Number::Integral(i) => *i as f32,
            Number::Float(f) => *f,
            Number::Double(d) => *d as f32,
            n => n.text().parse().unwrap_or(f32::NAN),
        }
    }

    /// The digits of a decimal or varint, for parsing as a float.
    fn text(&self) -> String {
        match self {
            Number::Decimal(u, s) => format!("{u}e{}", -i64::from(*s)),
            Number::Varint(b) => b.to_string(),
            Number::Integral(i) => i.to_string(),
            Number::Float(f) => f.to_string(),
            Number::Double(d) => d.to_string(),
        }
    }

    /// `CastFcts.getDecimalConversionFunction`: a float through
    /// `BigDecimal.valueOf(double)` (the digits of `Double.toString`), a
    /// varint at scale 0, the others through `longValue()`.
    fn decimal(&self) -> Option<Vec<u8>> {
        let text = match self {
            Number::Float(_) | Number::Double(_) => {
                let double = CqlType::Native(Double).marshal();
                double.get_string(&self.double().to_be_bytes())
            }
            Number::Varint(b) => b.to_string(),
            Number::Decimal(..) => return None,
            Number::Integral(i) => i.to_string(),
        };
        // NaN and the infinities are no BigDecimal (the call failed).
        DecimalType.from_string(&text).ok()
    }
}

/// The integer part of `unscaled × 10^-scale`, toward zero, as far as its
/// low 64 bits go: a stored scale may be any int, and 10^k is never
/// computed past what can change them (`2^64` divides `10^64`, and a
/// divisor longer than the digits leaves 0).
fn integer_part(unscaled: &BigInt, scale: i32) -> BigInt {
    let k = scale.unsigned_abs();
    match scale {
        s if s <= 0 && k >= 64 => BigInt::from(0),
        s if s <= 0 => unscaled * BigInt::from(10).pow(k),
        _ if u64::from(k) > unscaled.bits() => BigInt::from(0),
        _ => unscaled / BigInt::from(10).pow(k),
    }
}

/// The low 64 bits of `b` (Java's `BigInteger.longValue()`).
fn low_bits(b: &BigInt) -> i64 {
    let bytes = b.to_signed_bytes_le();
    let fill = if b.sign() == num_bigint::Sign::Minus {
        0xff
    } else {
        0
    };
    let mut out = [fill; 8];
    for (o, v) in out.iter_mut().zip(bytes) {
        *o = v;
    }
    i64::from_le_bytes(out)
}

/// `castAs<to>` applied to `v`, a value of type `arg` (a function that
/// failed on the server gives nothing).
pub(crate) fn apply(to: Native, arg: &CqlType, v: &[u8]) -> Option<Vec<u8>> {
    let CqlType::Native(from) = arg else {
        return None;
    };
    match to {
        Ascii | Text => Some(literal(*from, v)?.into_bytes()),
        Date => time_fcts::apply("todate", arg, v),
        SignedTimestamp => time_fcts::apply("totimestamp", arg, v),
        _ => {
            let n = Number::read(*from, v)?;
            Some(match to {
                Tinyint => (n.int() as i8).to_be_bytes().to_vec(),
                Smallint => (n.int() as i16).to_be_bytes().to_vec(),
                Int => n.int().to_be_bytes().to_vec(),
                Bigint => n.long().to_be_bytes().to_vec(),
                Float => n.float().to_be_bytes().to_vec(),
                Double => n.double().to_be_bytes().to_vec(),
                Decimal => n.decimal()?,
                Varint => BigInt::from(n.long()).to_signed_bytes_be(),
                _ => return None,
            })
        }
    }
}

/// The CQL literal of a value (`toCQLLiteral`): a timestamp in UTC with
/// its milliseconds, a decimal as `BigDecimal.toString()`, the others as
/// their type prints them.
fn literal(from: Native, v: &[u8]) -> Option<String> {
    Some(match from {
        Timestamp | SignedTimestamp => {
            let millis = i64::from_be_bytes(v.try_into().ok()?);
            crate::cql::json::utc_millis_text(millis, 'T')
        }
        Decimal => {
            let (unscaled, scale) = decode_decimal(v)?;
            java_decimal_string(&unscaled, scale)
        }
        // A counter's value is a long (`CounterSerializer`).
        Counter => CqlType::Native(Bigint).marshal().get_string(v),
        n => CqlType::Native(n).marshal().get_string(v),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn native(n: Native) -> CqlType {
        CqlType::Native(n)
    }

    #[test]
    fn casts_resolve_as_3_11_named_them() {
        assert_eq!(resolve("int", &native(Tinyint), "c"), Ok(Cast::To(Int)));
        assert_eq!(resolve("text", &native(Text), "c"), Ok(Cast::Same));
        assert_eq!(resolve("varchar", &native(Text), "c"), Ok(Cast::Same));
        assert_eq!(
            resolve("timestamp", &native(Date), "c"),
            Ok(Cast::To(SignedTimestamp))
        );
        assert_eq!(
            resolve("bigint", &native(SignedTimestamp), "c"),
            Ok(Cast::To(Bigint))
        );
        let refused = |to, from| resolve(to, &native(from), "room").unwrap_err().to_string();
        assert_eq!(
            refused("varchar", Smallint),
            "room cannot be cast to varchar"
        );
        assert_eq!(
            refused("boolean", Tinyint),
            "room cannot be cast to boolean"
        );
        assert_eq!(
            refused("int", Date),
            "Invalid call to function system.castAsInt, none of its type signatures match \
             (known type signatures: system.castAsInt : (bigint) -> int, system.castAsInt : \
             (varint) -> int, system.castAsInt : (smallint) -> int, system.castAsInt : \
             (tinyint) -> int, system.castAsInt : (decimal) -> int, system.castAsInt : \
             (double) -> int, system.castAsInt : (float) -> int, system.castAsInt : (counter) \
             -> int)"
        );
    }

    #[test]
    fn numbers_convert_as_java_did() {
        let cast = |to, from, v: &[u8]| apply(to, &native(from), v).unwrap();
        assert_eq!(cast(Int, Tinyint, &[0xf9]), (-7_i32).to_be_bytes());
        assert_eq!(cast(Tinyint, Int, &300_i32.to_be_bytes()), [44]);
        assert_eq!(
            cast(Int, Double, &1e12_f64.to_be_bytes()),
            i32::MAX.to_be_bytes()
        );
        assert_eq!(
            cast(Smallint, Double, &1e12_f64.to_be_bytes()),
            (-1_i16).to_be_bytes()
        );
        assert_eq!(
            cast(Double, Float, &0.1_f32.to_be_bytes()),
            f64::from(0.1_f32).to_be_bytes()
        );
        let twelve_fifty = DecimalType.from_string("12.50").unwrap();
        assert_eq!(cast(Int, Decimal, &twelve_fifty), 12_i32.to_be_bytes());
        assert_eq!(cast(Double, Decimal, &twelve_fifty), 12.5_f64.to_be_bytes());
        assert_eq!(cast(Text, Decimal, &twelve_fifty), b"12.50");
        let from_double = cast(Decimal, Double, &100.0_f64.to_be_bytes());
        assert_eq!(from_double, DecimalType.from_string("100.0").unwrap());
        assert_eq!(cast(Varint, Double, &2.9_f64.to_be_bytes()), [2]);
        // A hostile scale costs nothing: the low bits of a huge power are 0.
        let huge = [&i32::MIN.to_be_bytes()[..], &[7]].concat();
        assert_eq!(cast(Bigint, Decimal, &huge), 0_i64.to_be_bytes());
        let tiny = [&i32::MAX.to_be_bytes()[..], &[7]].concat();
        assert_eq!(cast(Int, Decimal, &tiny), 0_i32.to_be_bytes());
        assert_eq!(
            apply(Decimal, &native(Double), &f64::NAN.to_be_bytes()),
            None
        );
        assert_eq!(cast(Text, Float, &1e10_f32.to_be_bytes()), b"1.0E10");
    }

    #[test]
    fn other_values_cast_to_their_literal_or_time() {
        let cast = |to, from, v: &[u8]| apply(to, &native(from), v).unwrap();
        let day = 1_456_790_400_000_i64; // 2016-03-01
        assert_eq!(
            cast(Text, SignedTimestamp, &day.to_be_bytes()),
            b"2016-03-01T00:00:00.000Z"
        );
        let date = ((1_u32 << 31) + 16_861).to_be_bytes();
        assert_eq!(cast(SignedTimestamp, Date, &date), day.to_be_bytes());
        assert_eq!(cast(Text, Date, &date), b"2016-03-01");
        assert_eq!(cast(Ascii, Boolean, &[1]), b"true");
        assert_eq!(cast(Text, Counter, &41_i64.to_be_bytes()), b"41");
        assert_eq!(function_name("timestamp"), "castAsTimestamp");
    }
}
