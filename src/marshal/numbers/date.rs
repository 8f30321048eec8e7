//! DateType (0.8+) and TimestampType (2.0+): milliseconds since the epoch as
//! an 8-byte big-endian long (or empty), plus the date text forms
//! Cassandra 1.x accepts.
//!
//! The two differ only in order: DateType compares the raw bytes unsigned
//! (so dates before 1970 sort after all later ones, the bug Cassandra fixed
//! by adding TimestampType), TimestampType compares the signed value.
//!
//! Text without a zone is read as UTC (Cassandra used the server's zone);
//! field values must be in range (Cassandra's parser rolled them over).

use super::long::{compare_signed_be, parse_java_long};
use crate::marshal::{bytes_to_hex, class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;
use std::time::{SystemTime, UNIX_EPOCH};

#[derive(Debug, Default, Clone, Copy)]
pub struct DateType;

#[derive(Debug, Default, Clone, Copy)]
pub struct TimestampType;

fn validate_date(value: &[u8]) -> Result<(), MarshalError> {
    if value.is_empty() || value.len() == 8 {
        Ok(())
    } else {
        Err(MarshalError(format!(
            "Expected 8 or 0 byte long for date ({})",
            value.len()
        )))
    }
}

fn date_to_string(value: &[u8]) -> String {
    match <[u8; 8]>::try_from(value) {
        Ok(b) => format_millis(i64::from_be_bytes(b)),
        Err(_) if value.is_empty() => String::new(),
        Err(_) => bytes_to_hex(value),
    }
}

fn date_from_string(text: &str) -> Result<Vec<u8>, MarshalError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    Ok(parse_date_millis(text)?.to_be_bytes().to_vec())
}

impl AbstractType for DateType {
    fn class_name(&self) -> String {
        class_name_of("DateType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| a.cmp(b))
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        validate_date(value)
    }
    fn get_string(&self, value: &[u8]) -> String {
        date_to_string(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        date_from_string(text)
    }
}

impl AbstractType for TimestampType {
    fn class_name(&self) -> String {
        class_name_of("TimestampType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        compare_signed_be(a, b)
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        validate_date(value)
    }
    fn get_string(&self, value: &[u8]) -> String {
        date_to_string(value)
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        // 2.0's TimestampSerializer also reads a negative number as
        // milliseconds (before the epoch).
        match text.strip_prefix('-') {
            Some(digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                parse_java_long(text)
                    .map(|n| n.to_be_bytes().to_vec())
                    .ok_or_else(|| {
                        MarshalError(format!("unable to make long (for date) from: '{text}'"))
                    })
            }
            _ => date_from_string(text),
        }
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date.
pub fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The inverse of [`days_from_civil`].
pub(crate) fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// `yyyy-MM-dd HH:mm:ssZ` in UTC, Cassandra's default date rendering.
pub(crate) fn format_millis(millis: i64) -> String {
    let secs = millis.div_euclid(1000);
    let (days, rem) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02} {:02}:{:02}:{:02}+0000",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Reads a fixed number of ASCII digits.
fn take_digits(s: &mut &str, n: usize) -> Option<i64> {
    let head = s.get(..n)?;
    if !head.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    *s = &s[n..];
    head.parse().ok()
}

fn take_char(s: &mut &str, c: char) -> bool {
    match s.strip_prefix(c) {
        Some(rest) => {
            *s = rest;
            true
        }
        None => false,
    }
}

/// A zone suffix: `+hhmm`, `-hh:mm`, `Z`, `UTC`, `GMT`; offset in minutes.
fn parse_zone(s: &str) -> Option<i64> {
    if matches!(s, "Z" | "z" | "UTC" | "GMT") {
        return Some(0);
    }
    let s = s.strip_prefix("GMT").unwrap_or(s);
    let (sign, mut rest) = match s.as_bytes().first()? {
        b'+' => (1, &s[1..]),
        b'-' => (-1, &s[1..]),
        _ => return None,
    };
    let h = take_digits(&mut rest, 2)?;
    take_char(&mut rest, ':');
    let m = take_digits(&mut rest, 2)?;
    (rest.is_empty() && h < 24 && m < 60).then_some(sign * (h * 60 + m))
}

/// One of Cassandra's date patterns: `yyyy-MM-dd`, optionally followed by
/// ` ` or `T` and `HH:mm[:ss]`, optionally followed by a zone.
fn parse_date_pattern(text: &str) -> Option<i64> {
    let mut s = text;
    let y = take_digits(&mut s, 4)?;
    take_char(&mut s, '-').then_some(())?;
    let mo = take_digits(&mut s, 2)?;
    take_char(&mut s, '-').then_some(())?;
    let d = take_digits(&mut s, 2)?;
    let (mut h, mut mi, mut sec) = (0, 0, 0);
    if take_char(&mut s, ' ') || take_char(&mut s, 'T') {
        h = take_digits(&mut s, 2)?;
        take_char(&mut s, ':').then_some(())?;
        mi = take_digits(&mut s, 2)?;
        if take_char(&mut s, ':') {
            sec = take_digits(&mut s, 2)?;
        }
    }
    let offset = if s.is_empty() { 0 } else { parse_zone(s)? };
    let days_in_month = match mo {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    if d < 1 || d > days_in_month || h > 23 || mi > 59 || sec > 59 {
        return None;
    }
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec - offset * 60;
    Some(secs * 1000)
}

/// Cassandra's `dateStringToTimestamp`: `now`, a count of milliseconds,
/// or a date pattern.
pub(crate) fn parse_date_millis(text: &str) -> Result<i64, MarshalError> {
    if text.eq_ignore_ascii_case("now") {
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0);
        return Ok(i64::try_from(now).unwrap_or(i64::MAX));
    }
    // Cassandra 1.2 takes only unsigned digit strings as milliseconds.
    if text.bytes().all(|b| b.is_ascii_digit()) && !text.is_empty() {
        return parse_java_long(text)
            .ok_or_else(|| MarshalError(format!("unable to make long (for date) from: '{text}'")));
    }
    parse_date_pattern(text).ok_or_else(|| {
        MarshalError(format!(
            "unable to coerce '{text}' to a  formatted date (long)"
        ))
    })
}

/// The smallest version-1 UUID of a millisecond (Cassandra's `minTimeUUID`
/// clock-sequence-and-node), so a date turns into a deterministic time UUID.
pub(crate) fn time_uuid_for_millis(millis: i64) -> [u8; 16] {
    // 100ns intervals between 1582-10-15 (the UUID epoch) and 1970-01-01.
    const UUID_EPOCH_OFFSET: i64 = 0x01B2_1DD2_1381_4000;
    let ts = (millis.wrapping_mul(10_000).wrapping_add(UUID_EPOCH_OFFSET) as u64)
        & 0x0fff_ffff_ffff_ffff;
    let mut out = [0x80u8; 16];
    out[0..4].copy_from_slice(&((ts & 0xffff_ffff) as u32).to_be_bytes());
    out[4..6].copy_from_slice(&(((ts >> 32) & 0xffff) as u16).to_be_bytes());
    out[6..8].copy_from_slice(&((((ts >> 48) & 0x0fff) as u16) | 0x1000).to_be_bytes());
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn ms(v: i64) -> Vec<u8> {
        v.to_be_bytes().to_vec()
    }

    #[test]
    fn date_orders_unsigned_timestamp_signed() {
        assert_eq!(DateType.compare(&ms(-1), &ms(1)), Ordering::Greater);
        assert_eq!(TimestampType.compare(&ms(-1), &ms(1)), Ordering::Less);
        // 2.0's TimestampType read a negative number as milliseconds; 1.2's
        // DateType (as 1.2.9 parsed it) did not.
        assert_eq!(TimestampType.from_string("-1000").unwrap(), ms(-1000));
        assert!(DateType.from_string("-1000").is_err());
        assert_eq!(DateType.compare(b"", &ms(0)), Ordering::Less);
    }

    #[test]
    fn parsing_and_formatting() {
        assert_eq!(
            DateType.from_string("2013-01-01").unwrap(),
            ms(1_356_998_400_000)
        );
        assert_eq!(
            DateType.from_string("2013-01-01 01:02:03+0100").unwrap(),
            ms(1_356_998_523_000)
        );
        assert_eq!(
            DateType.from_string("2013-01-01T00:00").unwrap(),
            ms(1_356_998_400_000)
        );
        assert_eq!(
            DateType.from_string("1356998400000").unwrap(),
            ms(1_356_998_400_000)
        );
        assert!(DateType.from_string("-5").is_err());
        assert_eq!(
            DateType.from_string("99999999999999999999").unwrap_err().0,
            "unable to make long (for date) from: '99999999999999999999'"
        );
        assert_eq!(
            DateType.get_string(&ms(1_356_998_523_000)),
            "2013-01-01 00:02:03+0000"
        );
        assert_eq!(DateType.get_string(&ms(-1)), "1969-12-31 23:59:59+0000");
        assert_eq!(
            DateType.from_string("2013-02-30").unwrap_err().0,
            "unable to coerce '2013-02-30' to a  formatted date (long)"
        );
        assert!(DateType.from_string("now").unwrap().len() == 8);
        assert_eq!(
            DateType.validate(&[1, 2]).unwrap_err().0,
            "Expected 8 or 0 byte long for date (2)"
        );
    }

    #[test]
    fn time_uuid_for_epoch() {
        let u = time_uuid_for_millis(0);
        assert_eq!(
            crate::marshal::bytes_to_hex(&u),
            "13814000-1dd2-11b2-8080-808080808080".replace('-', "")
        );
    }

    proptest! {
        #[test]
        fn string_round_trip_whole_seconds(secs in -50_000_000_000i64..50_000_000_000) {
            let v = ms(secs * 1000);
            prop_assert_eq!(DateType.from_string(&DateType.get_string(&v)).unwrap(), v);
        }

        #[test]
        fn timestamp_order_is_numeric(a: i64, b: i64) {
            prop_assert_eq!(TimestampType.compare(&ms(a), &ms(b)), a.cmp(&b));
        }
    }
}
