//! 2.2's SimpleDateType (`date`: days as an unsigned int centred on the
//! epoch, 2^31 being 1970-01-01) and TimeType (`time`: nanoseconds since
//! midnight as a long). Owns their order (unsigned bytes), validation and
//! string forms as 2.2's `SimpleDateSerializer` / `TimeSerializer` wrote
//! and read them (Joda's `yyyy-MM-dd` in UTC; `hh:mm:ss[.fffffffff]`).

use super::date::{civil_from_days, days_from_civil};
use crate::marshal::{bytes_to_hex, class_name_of, AbstractType, MarshalError};
use std::cmp::Ordering;

/// `date`.
#[derive(Debug, Default, Clone, Copy)]
pub struct SimpleDateType;

/// `time`.
#[derive(Debug, Default, Clone, Copy)]
pub struct TimeType;

const NANOS_PER_DAY: i64 = 86_400_000_000_000;
/// The years Joda's ISO chronology had.
const JODA_YEARS: std::ops::RangeInclusive<i64> = -292_275_054..=292_278_993;

/// Whether `text` is `-?\d+` (both serializers' raw number pattern).
fn is_raw(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Java's `Integer.parseInt`: an optional sign, then digits, in range.
fn java_int(text: &str) -> Option<i64> {
    let digits = text.strip_prefix(['-', '+']).unwrap_or(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse::<i32>().ok().map(i64::from)
}

/// Days since the epoch of the stored value (`value - 2^31` as a wrapping int).
fn epoch_days(value: [u8; 4]) -> i64 {
    i64::from(u32::from_be_bytes(value)) - (1 << 31)
}

/// `yyyy-MM-dd` of a day since the epoch, as Joda printed a `LocalDate`.
pub(crate) fn format_day(days: i64) -> String {
    let (y, m, d) = civil_from_days(days);
    let year = if y < 0 {
        format!("-{:04}", -y)
    } else {
        format!("{y:04}")
    };
    format!("{year}-{m:02}-{d:02}")
}

/// Joda's `yyyy-MM-dd` parse: a signed year, a month and a day of one or
/// two digits, each field in its range; the day since the epoch.
fn parse_day(text: &str) -> Option<i64> {
    let (sign, rest) = match text.as_bytes().first()? {
        b'-' => (-1, &text[1..]),
        b'+' => (1, &text[1..]),
        _ => (1, text),
    };
    let mut parts = rest.splitn(3, '-');
    let field = |p: Option<&str>, max: usize| {
        p.filter(|p| (1..=max).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|p| p.parse::<i64>().ok())
    };
    let y = sign * field(parts.next(), 9)?;
    let m = field(parts.next(), 2)?;
    let d = field(parts.next(), 2)?;
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    let valid = JODA_YEARS.contains(&y)
        && (1..=12).contains(&m)
        && (1..=month_days[(m - 1) as usize]).contains(&d);
    valid.then(|| days_from_civil(y, m, d))
}

/// `SimpleDateSerializer.dateStringToDays`: the stored int.
fn date_from_string(text: &str) -> Result<i32, MarshalError> {
    if is_raw(text) {
        // A raw day count is unsigned; from 2^31 - 1 on, 2.2 subtracted
        // 2^32 and kept the low 32 bits (the same bits).
        return text
            .parse::<i64>()
            .ok()
            .filter(|v| (0..=u32::MAX as i64).contains(v))
            .map(|v| if v >= i32::MAX as i64 { v - (1 << 32) } else { v } as i32)
            .ok_or_else(|| {
                MarshalError(format!(
                    "Unable to make unsigned int (for date) from: '{text}'"
                ))
            });
    }
    let days = parse_day(text).ok_or_else(|| {
        MarshalError(format!(
            "Unable to coerce '{text}' to a formatted date (long)"
        ))
    })?;
    let (min, max) = (i64::from(i32::MIN), i64::from(i32::MAX));
    if days < min {
        return Err(MarshalError(format!(
            "Input date {text} is less than min supported date {}",
            format_day(min)
        )));
    }
    if days > max {
        return Err(MarshalError(format!(
            "Input date {text} is greater than max supported date {}",
            format_day(max)
        )));
    }
    Ok((days + (1 << 31)) as u32 as i32)
}

/// `TimeSerializer.parseTimeStrictly` (after trimming): nanoseconds.
fn parse_time(text: &str) -> Option<i64> {
    let s = text.trim_matches(|c: char| c <= ' ');
    let first = s.find(':').filter(|&i| i > 0)?;
    let second = first + 1 + s[first + 1..].find(':')?;
    if second >= s.len() - 1 {
        return None;
    }
    let hour = java_int(&s[..first]).filter(|h| (0..24).contains(h))?;
    let minute = java_int(&s[first + 1..second]).filter(|m| (0..60).contains(m))?;
    let rest = &s[second + 1..];
    let (second, nanos) = match rest.find('.') {
        Some(p) if p < rest.len() - 1 => {
            let frac = &rest[p + 1..];
            if frac.len() > 9 || !frac.as_bytes()[0].is_ascii_digit() {
                return None;
            }
            let padded = format!("{frac:0<9}");
            (java_int(&rest[..p])?, java_int(&padded)?)
        }
        Some(_) => return None,
        None => (java_int(rest)?, 0),
    };
    if !(0..60).contains(&second) {
        return None;
    }
    Some(((hour * 60 + minute) * 60 + second) * 1_000_000_000 + nanos)
}

/// `TimeSerializer.timeStringToLong`.
fn time_from_string(text: &str) -> Result<i64, MarshalError> {
    if is_raw(text) {
        return text
            .parse::<i64>()
            .ok()
            .filter(|v| (0..NANOS_PER_DAY).contains(v))
            .ok_or_else(|| MarshalError(format!("Unable to make long (for time) from: '{text}'")));
    }
    parse_time(text).ok_or_else(|| {
        MarshalError(format!(
            "(TimeType) Unable to coerce '{text}' to a formatted time (long)"
        ))
    })
}

/// `TimeSerializer.toString`: `hh:mm:ss.fffffffff`, each field padded by
/// comparing it with powers of ten (as 2.2 did, negative fields included).
pub(crate) fn format_time(mut value: i64) -> String {
    let mut take = |unit: i64| {
        let part = value % unit;
        value = (value - part) / unit;
        part
    };
    let (nano, micro, milli) = (take(1000), take(1000), take(1000));
    let (seconds, minutes, hours) = (take(60), take(60), take(24));
    let pad = |v: i64, digits: u32| {
        let zeros = (1..digits).filter(|&i| v < 10i64.pow(i)).count();
        format!("{}{v}", "0".repeat(zeros))
    };
    format!(
        "{}:{}:{}.{}{}{}",
        pad(hours, 2),
        pad(minutes, 2),
        pad(seconds, 2),
        pad(milli, 3),
        pad(micro, 3),
        pad(nano, 3)
    )
}

impl AbstractType for SimpleDateType {
    fn class_name(&self) -> String {
        class_name_of("SimpleDateType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        match value.len() {
            4 => Ok(()),
            n => Err(MarshalError(format!("Expected 4 byte long for date ({n})"))),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 4]>::try_from(value) {
            Ok(b) => format_day(epoch_days(b)),
            Err(_) if value.is_empty() => String::new(),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        date_from_string(text).map(|d| d.to_be_bytes().to_vec())
    }
}

impl AbstractType for TimeType {
    fn class_name(&self) -> String {
        class_name_of("TimeType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        a.cmp(b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        match value.len() {
            8 => Ok(()),
            n => Err(MarshalError(format!("Expected 8 byte long for time ({n})"))),
        }
    }
    fn get_string(&self, value: &[u8]) -> String {
        match <[u8; 8]>::try_from(value) {
            Ok(b) => format_time(i64::from_be_bytes(b)),
            Err(_) if value.is_empty() => "null".into(),
            Err(_) => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        time_from_string(text).map(|t| t.to_be_bytes().to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> String {
        bytes_to_hex(&SimpleDateType.from_string(text).unwrap())
    }
    fn time(text: &str) -> String {
        bytes_to_hex(&TimeType.from_string(text).unwrap())
    }

    #[test]
    fn dates_as_2_2_stored_them() {
        // Recorded from 2.2.19 (rel_types22).
        assert_eq!(date("1970-01-01"), "80000000");
        assert_eq!(date("2015-05-03"), "800040ae");
        assert_eq!(date("2262-04-11"), "8001a0ff");
        assert_eq!(date("1900-02-28"), "7fff9c5b");
        assert_eq!(date("2147483648"), "80000000");
        assert_eq!(date("-5877641-06-23"), "00000000");
        assert_eq!(date("2147483647"), "7fffffff");
        assert_eq!(
            SimpleDateType.from_string("2015-13-45").unwrap_err().0,
            "Unable to coerce '2015-13-45' to a formatted date (long)"
        );
        assert_eq!(
            SimpleDateType.from_string("4294967296").unwrap_err().0,
            "Unable to make unsigned int (for date) from: '4294967296'"
        );
        assert_eq!(
            SimpleDateType.get_string(&[0x80, 0, 0x40, 0xae]),
            "2015-05-03"
        );
        assert_eq!(SimpleDateType.get_string(&[0, 0, 0, 0]), "-5877641-06-23");
    }

    #[test]
    fn times_as_2_2_stored_them() {
        assert_eq!(time("13:30:54.234"), "00002c4032559a80");
        assert_eq!(time("23:59:59.999999999"), "00004e94914effff");
        assert_eq!(time("1:2:3"), "00000362d417ae00");
        assert_eq!(time("3600000000000"), "0000034630b8a000");
        assert_eq!(
            TimeType.from_string("25:00:00").unwrap_err().0,
            "(TimeType) Unable to coerce '25:00:00' to a formatted time (long)"
        );
        assert_eq!(
            TimeType.from_string("86400000000000").unwrap_err().0,
            "Unable to make long (for time) from: '86400000000000'"
        );
        assert_eq!(format_time(48_654_234_000_000), "13:30:54.234000000");
        assert_eq!(format_time(0), "00:00:00.000000000");
    }
}
