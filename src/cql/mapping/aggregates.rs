//! 2.2's built-in aggregates (`AggregateFcts`): `count(*)`, and `count`,
//! `min`, `max`, `sum` and `avg` of a selector, over every row a SELECT
//! read. Owns how a call is matched to one of the signatures 2.2 declared
//! (`FunctionResolver`: an exact type first, else the one signature whose
//! type can read the argument's values) and each function's arithmetic,
//! Java's included (a `smallint` sum wraps; an `int` average divides as
//! ints). It must not read data or name result columns (see `selection`).

use super::super::error::{CqlError, CqlResult};
use crate::marshal::{parse_type, TypeRef, MARSHAL_PACKAGE};
use num_bigint::BigInt;

/// The CQL types 2.2 declared `count`, `min` and `max` for, in
/// `CQL3Type.Native`'s order (varchar is text's synonym): (name, class).
const NATIVE: [(&str, &str); 19] = [
    ("ascii", "AsciiType"),
    ("bigint", "LongType"),
    ("blob", "BytesType"),
    ("boolean", "BooleanType"),
    ("counter", "CounterColumnType"),
    ("decimal", "DecimalType"),
    ("double", "DoubleType"),
    ("float", "FloatType"),
    ("inet", "InetAddressType"),
    ("int", "Int32Type"),
    ("smallint", "ShortType"),
    ("text", "UTF8Type"),
    ("timestamp", "TimestampType"),
    ("tinyint", "ByteType"),
    ("uuid", "UUIDType"),
    ("varint", "IntegerType"),
    ("timeuuid", "TimeUUIDType"),
    ("date", "SimpleDateType"),
    ("time", "TimeType"),
];

/// A number an aggregate adds, as its Java accumulator held it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Num {
    Byte,
    Short,
    Int,
    Long,
    Float,
    Double,
    Decimal,
    Varint,
    Counter,
}

impl Num {
    fn cql(self) -> &'static str {
        match self {
            Num::Byte => "tinyint",
            Num::Short => "smallint",
            Num::Int => "int",
            Num::Long => "bigint",
            Num::Float => "float",
            Num::Double => "double",
            Num::Decimal => "decimal",
            Num::Varint => "varint",
            Num::Counter => "counter",
        }
    }
}

/// Whose aggregates: their signatures' order in messages and `avg`'s
/// arithmetic (3.x summed wider, with a compensated sum of floating
/// values and a running decimal mean).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Era {
    #[default]
    V22,
    V30,
    V311,
}

impl Era {
    /// The era of release `(major, minor)`.
    pub fn of(major: u32, minor: u32) -> Era {
        match (major, minor) {
            (3, 0) => Era::V30,
            (3, _) => Era::V311,
            _ => Era::V22,
        }
    }

    /// `sum`'s or `avg`'s signatures in the order the release listed
    /// them: 2.2 as it declared them; 3.x from a hash map, in an order
    /// that changed from one start of a node to the next (2.2's is given).
    fn order(self, name: &str) -> [Num; 9] {
        use Num::*;
        match (self, name) {
            (Era::V22, "avg") => [
                Byte, Short, Int, Long, Float, Double, Varint, Decimal, Counter,
            ],
            _ => [
                Byte, Short, Int, Long, Float, Double, Decimal, Varint, Counter,
            ],
        }
    }
}

/// One aggregate of a selection.
#[derive(Debug, Clone)]
pub enum Aggregate {
    /// `count(*)`: the rows.
    CountRows,
    /// `count(x)`: the rows where `x` is not null.
    Count,
    /// `min(x)` / `max(x)` by the signature's type.
    Min(TypeRef),
    Max(TypeRef),
    Sum(Num),
    Avg(Num, Era),
}

/// Whether `name` is one of 2.2's aggregates.
pub(super) fn is_aggregate(name: &str) -> bool {
    matches!(name, "count" | "min" | "max" | "sum" | "avg")
}

fn class_of(cql: &str) -> String {
    let short = NATIVE
        .iter()
        .find(|(n, _)| *n == cql)
        .map_or("BytesType", |(_, c)| c);
    format!("{MARSHAL_PACKAGE}{short}")
}

/// Whether a signature taking `sig` reads values of `arg` (2.2's
/// `isValueCompatibleWith`, both as short class names).
fn reads(sig: &str, arg: &str) -> bool {
    sig == arg
        || match sig {
            "BytesType" => true,
            "UTF8Type" => arg == "AsciiType",
            "LongType" => matches!(arg, "DateType" | "TimestampType"),
            "TimestampType" => matches!(arg, "DateType" | "LongType"),
            "IntegerType" => reads("Int32Type", arg) || reads("LongType", arg),
            "SimpleDateType" => arg == "Int32Type",
            "TimeType" => arg == "LongType",
            "UUIDType" => arg == "TimeUUIDType",
            _ => false,
        }
}

/// The call `name(arg)` (`arg` the argument's class; none for
/// `count(*)`) matched to its signature: the aggregate and its result's
/// class.
pub(super) fn resolve(name: &str, arg: Option<&str>, era: Era) -> CqlResult<(Aggregate, String)> {
    let Some(arg) = arg else {
        return Ok((Aggregate::CountRows, class_of("bigint")));
    };
    let short = arg.strip_prefix(MARSHAL_PACKAGE).unwrap_or(arg);
    // 3.10 declared `count`, `min` and `max` of its `duration` too (its
    // values ordered by their bytes); no earlier release had the type.
    if short == "DurationType" {
        let ty = parse_type(arg).map_err(|e| CqlError::invalid(e.0))?;
        match name {
            "count" => return Ok((Aggregate::Count, class_of("bigint"))),
            "min" => return Ok((Aggregate::Min(ty), arg.to_string())),
            "max" => return Ok((Aggregate::Max(ty), arg.to_string())),
            _ => {}
        }
    }
    // (the signature's CQL name, its result's CQL name, the aggregate)
    let signatures: Vec<(&str, &str, Aggregate)> = match name {
        "sum" | "avg" => era
            .order(name)
            .into_iter()
            .map(|n| {
                let agg = match name {
                    "sum" => Aggregate::Sum(n),
                    _ => Aggregate::Avg(n, era),
                };
                (n.cql(), n.cql(), agg)
            })
            .collect(),
        _ => NATIVE
            .iter()
            .map(|&(cql, class)| {
                let ty = || parse_type(class).unwrap_or_else(|_| parse_type("BytesType").unwrap());
                match name {
                    "count" => (cql, "bigint", Aggregate::Count),
                    "min" => (cql, cql, Aggregate::Min(ty())),
                    _ => (cql, cql, Aggregate::Max(ty())),
                }
            })
            .collect(),
    };
    let short_of = |cql: &str| {
        let class = class_of(cql);
        class[MARSHAL_PACKAGE.len()..].to_string()
    };
    let pairs = |sigs: &[&(&str, &str, Aggregate)]| -> Vec<(String, String)> {
        sigs.iter()
            .map(|(a, r, _)| (a.to_string(), r.to_string()))
            .collect()
    };
    if let Some((_, r, agg)) = signatures.iter().find(|(a, _, _)| short_of(a) == short) {
        return Ok((agg.clone(), class_of(r)));
    }
    let compatible: Vec<_> = signatures
        .iter()
        .filter(|(a, _, _)| reads(&short_of(a), short))
        .collect();
    match compatible.as_slice() {
        [(_, r, agg)] => Ok((agg.clone(), class_of(r))),
        fits => Err(refused_call(
            name,
            &pairs(&signatures.iter().collect::<Vec<_>>()),
            &pairs(fits),
        )),
    }
}

/// `FunctionResolver`'s refusal of a call of `name` that `fits` of its
/// signatures `all` (each its argument's and its result's CQL names)
/// took: none, or several (ambiguous).
pub(super) fn refused_call(
    name: &str,
    all: &[(String, String)],
    fits: &[(String, String)],
) -> CqlError {
    let listed = |sigs: &[(String, String)]| {
        sigs.iter()
            .map(|(a, r)| format!("system.{name} : ({a}) -> {r}"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match fits {
        [] => CqlError::invalid(format!(
            "Invalid call to function {name}, none of its type signatures match (known type \
             signatures: {})",
            listed(all)
        )),
        many => CqlError::invalid(format!(
            "Ambiguous call to function {name} (can be matched by following signatures: {}): use \
             type casts to disambiguate",
            listed(many)
        )),
    }
}

/// A decimal as (unscaled, scale).
type Decimal = (BigInt, i32);

fn decimal_of(v: &[u8]) -> Option<Decimal> {
    let scale = i32::from_be_bytes(v.get(..4)?.try_into().ok()?);
    Some((BigInt::from_signed_bytes_be(&v[4..]), scale))
}

fn decimal_bytes((unscaled, scale): &Decimal) -> Vec<u8> {
    let mut out = scale.to_be_bytes().to_vec();
    out.extend_from_slice(&unscaled.to_signed_bytes_be());
    out
}

/// The scales two decimals may be apart for a sum to align them: beyond,
/// the sum is refused rather than computed with a huge power of ten.
const MAX_ALIGN: i64 = 10_000;

fn add_decimal(a: &Decimal, b: &Decimal) -> CqlResult<Decimal> {
    let gap = (i64::from(a.1) - i64::from(b.1)).abs();
    if gap > MAX_ALIGN {
        return Err(CqlError::Failed(format!(
            "decimal scales {} and {} too far apart",
            a.1, b.1
        )));
    }
    let pow = BigInt::from(10).pow(gap as u32);
    Ok(if a.1 >= b.1 {
        (&a.0 + &b.0 * pow, a.1)
    } else {
        (&a.0 * pow + &b.0, b.1)
    })
}

/// Java's exact `BigDecimal.divide(BigDecimal.valueOf(n))`: the smallest
/// scale at or above the dividend's that holds the quotient exactly; a
/// quotient without an end failed on the server.
fn divide_decimal((unscaled, scale): &Decimal, n: i64) -> CqlResult<Decimal> {
    let n = BigInt::from(n);
    let mut u = unscaled.clone();
    // Each factor of 2 or 5 in `n` needs at most one more digit.
    for extra in 0..64 {
        if (&u % &n) == BigInt::from(0) {
            return Ok((u / &n, scale.saturating_add(extra)));
        }
        u *= 10;
    }
    Err(CqlError::Failed(
        "Non-terminating decimal expansion; no exact representable decimal result.".into(),
    ))
}

fn long_of(v: &[u8]) -> Option<i64> {
    Some(i64::from_be_bytes(v.try_into().ok()?))
}

/// Folds the values of one aggregate's argument over the rows read (a
/// null, or a value too short for its type, is skipped as Java's null).
pub(super) fn fold<'v>(
    agg: &Aggregate,
    rows: usize,
    values: impl Iterator<Item = Option<&'v [u8]>>,
) -> CqlResult<Option<Vec<u8>>> {
    let values: Vec<&[u8]> = values.flatten().collect();
    let n = values.len() as i64;
    Ok(Some(match agg {
        Aggregate::CountRows => (rows as i64).to_be_bytes().to_vec(),
        Aggregate::Count => n.to_be_bytes().to_vec(),
        Aggregate::Min(t) | Aggregate::Max(t) => {
            let pick = |best: &[u8], v: &[u8]| match agg {
                Aggregate::Min(_) => t.compare(best, v).is_gt(),
                _ => t.compare(best, v).is_lt(),
            };
            let mut best: Option<&[u8]> = None;
            for v in values {
                if best.is_none_or(|b| pick(b, v)) {
                    best = Some(v);
                }
            }
            return Ok(best.map(<[u8]>::to_vec));
        }
        Aggregate::Avg(num, era) if *era != Era::V22 => {
            return Ok(Some(wide_average(*num, &values)?))
        }
        Aggregate::Sum(num) | Aggregate::Avg(num, _) => {
            let avg = matches!(agg, Aggregate::Avg(..));
            // Java divides by an int count; an empty average is 0.
            let count = n as i32;
            match num {
                Num::Byte => {
                    let sum = values
                        .iter()
                        .filter_map(|v| v.first())
                        .fold(0i8, |s, b| s.wrapping_add(*b as i8));
                    let out = if avg && count != 0 {
                        (i32::from(sum) / count) as i8
                    } else if avg {
                        0
                    } else {
                        sum
                    };
                    vec![out as u8]
                }
                Num::Short => {
                    let sum = values
                        .iter()
                        .filter_map(|v| <[u8; 2]>::try_from(*v).ok())
                        .fold(0i16, |s, b| s.wrapping_add(i16::from_be_bytes(b)));
                    let out = if avg && count != 0 {
                        (i32::from(sum) / count) as i16
                    } else if avg {
                        0
                    } else {
                        sum
                    };
                    out.to_be_bytes().to_vec()
                }
                Num::Int => {
                    let sum = values
                        .iter()
                        .filter_map(|v| <[u8; 4]>::try_from(*v).ok())
                        .fold(0i32, |s, b| s.wrapping_add(i32::from_be_bytes(b)));
                    let out = if avg && count != 0 {
                        sum.wrapping_div(count)
                    } else if avg {
                        0
                    } else {
                        sum
                    };
                    out.to_be_bytes().to_vec()
                }
                Num::Long | Num::Counter => {
                    let sum = values
                        .iter()
                        .filter_map(|v| long_of(v))
                        .fold(0i64, i64::wrapping_add);
                    let out = if avg && count != 0 {
                        sum.wrapping_div(i64::from(count))
                    } else if avg {
                        0
                    } else {
                        sum
                    };
                    out.to_be_bytes().to_vec()
                }
                Num::Float => {
                    let sum = values
                        .iter()
                        .filter_map(|v| <[u8; 4]>::try_from(*v).ok())
                        .fold(0f32, |s, b| s + f32::from_be_bytes(b));
                    let out = if avg && count != 0 {
                        sum / count as f32
                    } else if avg {
                        0.0
                    } else {
                        sum
                    };
                    out.to_be_bytes().to_vec()
                }
                Num::Double => {
                    let sum = values
                        .iter()
                        .filter_map(|v| <[u8; 8]>::try_from(*v).ok())
                        .fold(0f64, |s, b| s + f64::from_be_bytes(b));
                    let out = if avg && count != 0 {
                        sum / f64::from(count)
                    } else if avg {
                        0.0
                    } else {
                        sum
                    };
                    out.to_be_bytes().to_vec()
                }
                Num::Varint => {
                    let sum: BigInt = values
                        .iter()
                        .filter(|v| !v.is_empty())
                        .map(|v| BigInt::from_signed_bytes_be(v))
                        .sum();
                    let out = if avg && count != 0 {
                        sum / BigInt::from(count)
                    } else if avg {
                        BigInt::from(0)
                    } else {
                        sum
                    };
                    out.to_signed_bytes_be()
                }
                Num::Decimal => {
                    let mut sum: Decimal = (BigInt::from(0), 0);
                    for d in values.iter().filter_map(|v| decimal_of(v)) {
                        sum = add_decimal(&sum, &d)?;
                    }
                    let out = match (avg, count) {
                        (true, 0) => (BigInt::from(0), 0),
                        (true, c) => divide_decimal(&sum, i64::from(c))?,
                        (false, _) => sum,
                    };
                    decimal_bytes(&out)
                }
            }
        }
    }))
}

/// 3.x's averages: integers summed without wrapping, then cut to their
/// width; floating values by a compensated (Kahan) sum; decimals as a
/// running mean rounded half-even at each value's scale.
fn wide_average(num: Num, values: &[&[u8]]) -> CqlResult<Vec<u8>> {
    let n = values.len() as i128;
    let ints = |width: usize| -> i128 {
        values
            .iter()
            .filter(|v| v.len() == width)
            .map(|v| {
                let mut b = [if v[0] & 0x80 != 0 { 0xff } else { 0 }; 16];
                b[16 - width..].copy_from_slice(v);
                i128::from_be_bytes(b)
            })
            .sum()
    };
    let mean = |sum: i128| if n == 0 { 0 } else { (sum / n) as i64 };
    let kahan = |width: usize| -> f64 {
        let (mut sum, mut compensation) = (0f64, 0f64);
        for v in values.iter().filter(|v| v.len() == width) {
            let x = match width {
                4 => f64::from(f32::from_be_bytes((*v).try_into().unwrap_or([0; 4]))),
                _ => f64::from_be_bytes((*v).try_into().unwrap_or([0; 8])),
            };
            let tmp = x - compensation;
            let rounded = sum + tmp;
            compensation = (rounded - sum) - tmp;
            sum = rounded;
        }
        if n == 0 {
            0.0
        } else {
            (sum + compensation) / n as f64
        }
    };
    Ok(match num {
        Num::Byte => vec![mean(ints(1)) as i8 as u8],
        Num::Short => (mean(ints(2)) as i16).to_be_bytes().to_vec(),
        Num::Int => (mean(ints(4)) as i32).to_be_bytes().to_vec(),
        Num::Long | Num::Counter => mean(ints(8)).to_be_bytes().to_vec(),
        Num::Float => (kahan(4) as f32).to_be_bytes().to_vec(),
        Num::Double => kahan(8).to_be_bytes().to_vec(),
        Num::Varint => {
            let sum: BigInt = values
                .iter()
                .filter(|v| !v.is_empty())
                .map(|v| BigInt::from_signed_bytes_be(v))
                .sum();
            let out = if n == 0 {
                BigInt::from(0)
            } else {
                sum / BigInt::from(n)
            };
            out.to_signed_bytes_be()
        }
        Num::Decimal => {
            let mut avg: Decimal = (BigInt::from(0), 0);
            for (i, d) in values.iter().filter_map(|v| decimal_of(v)).enumerate() {
                let negated = (-&avg.0, avg.1);
                let diff = add_decimal(&d, &negated)?;
                let step = (half_even(&diff.0, &BigInt::from(i + 1)), diff.1);
                avg = add_decimal(&avg, &step)?;
            }
            decimal_bytes(&avg)
        }
    })
}

/// `a / b` rounded half to even (Java's `RoundingMode.HALF_EVEN`).
fn half_even(a: &BigInt, b: &BigInt) -> BigInt {
    let zero = BigInt::from(0);
    let (q, r) = (a / b, a % b);
    if r == zero {
        return q;
    }
    let away = match (&r * 2i32).magnitude().cmp(b.magnitude()) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => &q % 2i32 != zero,
    };
    match (away, (a < &zero) != (b < &zero)) {
        (false, _) => q,
        (true, true) => q - 1,
        (true, false) => q + 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum_avg(num: Num, values: &[&[u8]]) -> (Vec<u8>, Vec<u8>) {
        let run = |agg| {
            fold(&agg, values.len(), values.iter().map(|v| Some(*v)))
                .unwrap()
                .unwrap()
        };
        (run(Aggregate::Sum(num)), run(Aggregate::Avg(num, Era::V22)))
    }

    #[test]
    fn arithmetic_is_javas() {
        // Recorded from 2.2.19 (rel_types22): smallints 12, -32768, 32767.
        let s = [&[0, 12][..], &[0x80, 0], &[0x7f, 0xff]];
        assert_eq!(sum_avg(Num::Short, &s), (vec![0, 11], vec![0, 3]));
        let y = [&[3u8][..], &[0x80], &[0x7f]];
        assert_eq!(sum_avg(Num::Byte, &y), (vec![2], vec![0]));
        // decimals 3.125 and -1.5: sum 1.625, average 0.8125.
        let d = [&[0, 0, 0, 3, 0x0c, 0x35][..], &[0, 0, 0, 1, 0xf1]];
        let (sum, avg) = sum_avg(Num::Decimal, &d);
        assert_eq!(
            (sum, avg),
            (vec![0, 0, 0, 3, 0x06, 0x59], vec![0, 0, 0, 4, 0x1f, 0xbd])
        );
        let longs = [&1i64.to_be_bytes()[..], &(-5i64).to_be_bytes()];
        let (sum, avg) = sum_avg(Num::Long, &longs);
        assert_eq!(
            (sum, avg),
            (
                (-4i64).to_be_bytes().to_vec(),
                (-2i64).to_be_bytes().to_vec()
            )
        );
    }

    #[test]
    fn averages_of_3_x_are_wide() {
        // Recorded from 3.0.24 and 3.11.10 (rel_types22): decimals 3.125
        // and -1.5 average 0.813 (-2.3125 rounded to -2.312 on the way).
        let d = [&[0, 0, 0, 3, 0x0c, 0x35][..], &[0, 0, 0, 1, 0xf1]];
        assert_eq!(
            wide_average(Num::Decimal, &d).unwrap(),
            vec![0, 0, 0, 3, 0x03, 0x2d]
        );
        let s = [&[0x7f, 0xff][..], &[0x7f, 0xff]];
        assert_eq!(wide_average(Num::Short, &s).unwrap(), vec![0x7f, 0xff]);
        assert_eq!(
            half_even(&BigInt::from(-5), &BigInt::from(2)),
            BigInt::from(-2)
        );
        assert_eq!(
            half_even(&BigInt::from(7), &BigInt::from(2)),
            BigInt::from(4)
        );
        assert_eq!(
            half_even(&BigInt::from(-7), &BigInt::from(2)),
            BigInt::from(-4)
        );
    }

    #[test]
    fn signatures_resolve_as_2_2s() {
        assert!(
            matches!(resolve("max", Some("org.apache.cassandra.db.marshal.Int32Type"), Era::V22), Ok((Aggregate::Max(_), c)) if c.ends_with("Int32Type"))
        );
        // A list reads as a blob; a timestamp sums as a bigint or a varint.
        assert!(matches!(resolve("count", Some("org.apache.cassandra.db.marshal.ListType(org.apache.cassandra.db.marshal.Int32Type)"), Era::V22), Ok((Aggregate::Count, _))));
        let err = resolve(
            "sum",
            Some("org.apache.cassandra.db.marshal.TimestampType"),
            Era::V22,
        )
        .unwrap_err();
        assert!(err.to_string().starts_with("Ambiguous call to function sum (can be matched by following signatures: system.sum : (bigint) -> bigint, system.sum : (varint) -> varint)"));
        let err = resolve(
            "avg",
            Some("org.apache.cassandra.db.marshal.TimeType"),
            Era::V22,
        )
        .unwrap_err();
        assert!(err
            .to_string()
            .contains("system.avg : (varint) -> varint, system.avg : (decimal) -> decimal"));
        assert_eq!(
            resolve("count", None, Era::V22).unwrap().1,
            "org.apache.cassandra.db.marshal.LongType"
        );
    }
}
