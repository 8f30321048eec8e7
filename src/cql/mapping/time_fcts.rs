//! 2.2's time conversion functions of a selector (`TimeFcts`): `toDate`,
//! `toTimestamp` and `toUnixTimestamp`, each overloaded on a `timeuuid`,
//! `timestamp` or `date` argument.
//!
//! Owns their signatures and conversions; it must not read rows.

use super::super::error::{CqlError, CqlResult};
use super::super::timeuuid::unix_millis_of;
use super::super::types::{CqlType, Native};

/// The 2.2 time function of this name, if it is one.
pub(super) fn is_time_fct(name: &str) -> bool {
    matches!(name, "todate" | "totimestamp" | "tounixtimestamp")
}

/// The arguments each function took, as 2.2 declared its overloads.
fn takes(name: &str, arg: &CqlType) -> bool {
    let timeuuid = *arg == CqlType::Native(Native::Timeuuid);
    let timestamp = matches!(
        arg,
        CqlType::Native(Native::Timestamp | Native::SignedTimestamp)
    );
    let date = *arg == CqlType::Native(Native::Date);
    match name {
        "todate" => timeuuid || timestamp,
        "totimestamp" => timeuuid || date,
        _ => timeuuid || timestamp || date,
    }
}

/// The argument types of each overload, in the order 2.2's `Functions`
/// declared them, and the result's CQL name.
fn signatures(name: &str) -> (&'static [&'static str], &'static str) {
    match name {
        "todate" => (&["timeuuid", "timestamp"], "date"),
        "totimestamp" => (&["timeuuid", "date"], "timestamp"),
        _ => (&["timeuuid", "timestamp", "date"], "bigint"),
    }
}

/// The short class of what the function answers for an argument of
/// type `arg`; `Err` where no overload takes it (2.2's
/// `Functions.get`, listing the signatures as declared).
pub(super) fn result_class(name: &str, arg: &CqlType) -> CqlResult<&'static str> {
    if !takes(name, arg) {
        let (args, result) = signatures(name);
        let known: Vec<String> = args
            .iter()
            .map(|a| format!("system.{name} : ({a}) -> {result}"))
            .collect();
        return Err(CqlError::invalid(format!(
            "Invalid call to function {name}, none of its type signatures match (known type \
             signatures: {})",
            known.join(", ")
        )));
    }
    Ok(match name {
        "todate" => "SimpleDateType",
        "totimestamp" => "TimestampType",
        _ => "LongType",
    })
}

const MILLIS_PER_DAY: i64 = 86_400_000;
/// The day count of 1970-01-01 in a `date` (2^31).
const EPOCH_DAY: i64 = 1 << 31;

/// The function applied to a value of type `arg`.
pub(super) fn apply(name: &str, arg: &CqlType, v: &[u8]) -> Option<Vec<u8>> {
    let millis = match arg {
        CqlType::Native(Native::Timeuuid) => unix_millis_of(v)?,
        CqlType::Native(Native::Date) => {
            let days = i64::from(u32::from_be_bytes(v.try_into().ok()?));
            (days - EPOCH_DAY) * MILLIS_PER_DAY
        }
        CqlType::Native(Native::Timestamp | Native::SignedTimestamp) => {
            i64::from_be_bytes(v.try_into().ok()?)
        }
        _ => return None,
    };
    Some(match name {
        "todate" => {
            // `SimpleDateSerializer.timeInMillisToDay`: whole days toward
            // zero (`TimeUnit.toDays`), so a time before the epoch within
            // a day of it is the epoch's day.
            let days = millis / MILLIS_PER_DAY + EPOCH_DAY;
            (days as u32).to_be_bytes().to_vec()
        }
        _ => millis.to_be_bytes().to_vec(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_and_its_millis() {
        let date = CqlType::Native(Native::Date);
        let day = ((1u32 << 31) + 16798).to_be_bytes();
        let millis = apply("tounixtimestamp", &date, &day).unwrap();
        assert_eq!(
            i64::from_be_bytes(millis.clone().try_into().unwrap()),
            1_451_347_200_000
        );
        let ts = CqlType::Native(Native::Timestamp);
        assert_eq!(apply("todate", &ts, &millis).unwrap(), day.to_vec());
        // Toward zero: -1 ms is the epoch's day (2.2.19), -1 day and 1 ms
        // the day before.
        assert_eq!(
            apply("todate", &ts, &(-1000i64).to_be_bytes()).unwrap(),
            (1u32 << 31).to_be_bytes().to_vec()
        );
        assert_eq!(
            apply("todate", &ts, &(-MILLIS_PER_DAY - 1).to_be_bytes()).unwrap(),
            ((1u32 << 31) - 1).to_be_bytes().to_vec()
        );
    }

    #[test]
    fn overloads() {
        let date = CqlType::Native(Native::Date);
        assert_eq!(result_class("totimestamp", &date), Ok("TimestampType"));
        assert!(result_class("todate", &date).is_err());
        assert!(result_class("tounixtimestamp", &CqlType::Native(Native::Int)).is_err());
    }
}
