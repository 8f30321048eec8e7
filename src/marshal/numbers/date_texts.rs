//! The date texts each release's timestamp parser took, as its list of
//! `SimpleDateFormat` patterns tried strictly one after the other
//! (`DateUtils.parseDateStrictly`): 1.2's `JdbcDate` patterns, 2.0's
//! `TimestampSerializer` (milliseconds, ISO 8601 zones) and 2.2's (a zone's
//! name after a blank as well). [`parse_timestamp_text`] reads a CQL 3
//! string constant for a `timestamp` column the way the release did;
//! `date`'s `parse_date_millis` stays the lenient reading of every other
//! caller.

use super::date::{days_from_civil, parse_date_millis};
use super::long::parse_java_long;
use crate::marshal::MarshalError;

/// Which release's pattern list a date text meets.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateTexts {
    /// 1.2 (`JdbcDate.iso8601Patterns`): `yyyy-MM-dd`, then ` ` or `T` and
    /// `HH:mm` or `HH:mm:ss`, then an RFC 822 zone (`Z`: `+hhmm`, `GMT`,
    /// `GMT+h:mm`, a zone's name). No milliseconds, no `Z` for UTC.
    Jdbc12,
    /// 1.2.16 to 1.2.19: 1.2's patterns, and a negative number of
    /// milliseconds (CASSANDRA-6718).
    Jdbc12Signed,
    /// 2.0 and 2.1 (`TimestampSerializer`): 1.2's fields, `.SSS` after the
    /// seconds, and ISO 8601 zones (`X`, `XX`, `XXX`: `Z`, `+hh`, `+hhmm`,
    /// `+hh:mm`); no zone names.
    Iso20,
    /// 2.2 on: 2.0's, and a general zone after a blank (` z`: ` UTC`,
    /// ` GMT+1:00`, ` +0100`).
    Iso22,
}

/// A CQL 3 string constant for a `timestamp` column as the release read
/// it: `now`, milliseconds (1.2.16 on: negative ones too), or a date text of
/// its patterns; 8 bytes, or none for an empty text.
pub fn parse_timestamp_text(text: &str, texts: DateTexts) -> Result<Vec<u8>, MarshalError> {
    if text.is_empty() {
        return Ok(Vec::new());
    }
    let digits = text
        .strip_prefix('-')
        .filter(|_| texts != DateTexts::Jdbc12)
        .unwrap_or(text);
    if text.eq_ignore_ascii_case("now")
        || (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
    {
        let millis = if text.eq_ignore_ascii_case("now") {
            parse_date_millis(text)?
        } else {
            parse_java_long(text).ok_or_else(|| {
                MarshalError(format!("unable to make long (for date) from: '{text}'"))
            })?
        };
        return Ok(millis.to_be_bytes().to_vec());
    }
    read_date(text, texts)
        .map(|millis| millis.to_be_bytes().to_vec())
        .ok_or_else(|| {
            MarshalError(format!(
                "unable to coerce '{text}' to a  formatted date (long)"
            ))
        })
}

/// `SimpleDateFormat`'s number field: the blanks before it skipped (as
/// `subParse` skipped them before every field), then every digit that
/// follows (the fields are never abutting here), at least one.
fn number(s: &mut &str) -> Option<i64> {
    *s = s.trim_start_matches([' ', '\t']);
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 || n > 9 {
        return None;
    }
    let v = s[..n].parse().ok()?;
    *s = &s[n..];
    Some(v)
}

fn fixed(s: &mut &str, n: usize) -> Option<i64> {
    let head = s.get(..n)?;
    if !head.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    *s = &s[n..];
    head.parse().ok()
}

fn sign(s: &mut &str) -> Option<i64> {
    let v = match s.as_bytes().first()? {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    *s = &s[1..];
    Some(v)
}

/// Java's `subParseNumericZone` after a sign: `hh` then `mm` (with a `:`
/// between when `colon`, where one hour digit will do); minutes.
fn offset(mut s: &str, colon: bool, hours_only: bool) -> Option<i64> {
    let one_digit = colon && s.as_bytes().get(1) == Some(&b':');
    let h = fixed(&mut s, if one_digit { 1 } else { 2 })?;
    let mut m = 0;
    if !hours_only {
        if colon {
            s = s.strip_prefix(':')?;
        }
        m = fixed(&mut s, 2)?;
    }
    (s.is_empty() && h <= 23 && m <= 59).then_some(h * 60 + m)
}

/// An RFC 822 or general zone (`Z`, `z`) after the blanks `subParse`
/// skipped: `+hhmm`, `GMT`, `GMT+h:mm` (only where no blank was skipped:
/// Java matched `GMT` at the field's start, before the blanks), or a
/// name every JVM gives UTC.
fn general_zone(s: &str) -> Option<i64> {
    let t = s.trim_start_matches([' ', '\t']);
    let mut rest = t;
    if let Some(sgn) = sign(&mut rest) {
        return offset(rest, false, false).map(|m| sgn * m);
    }
    if t.len() == s.len() && t.len() > 3 && t[..3].eq_ignore_ascii_case("GMT") {
        let mut rest = &t[3..];
        let sgn = sign(&mut rest)?;
        return offset(rest, true, false).map(|m| sgn * m);
    }
    ["UTC", "GMT", "UCT", "Universal", "Zulu"]
        .iter()
        .any(|n| n.eq_ignore_ascii_case(t))
        .then_some(0)
}

/// An ISO 8601 zone (`X`, `XX`, `XXX`) after the blanks skipped: `Z`,
/// `+hh`, `+hhmm`, `+hh:mm`.
fn iso_zone(s: &str) -> Option<i64> {
    let t = s.trim_start_matches([' ', '\t']);
    if t == "Z" {
        return Some(0);
    }
    let mut rest = t;
    let sgn = sign(&mut rest)?;
    let m = match rest.len() {
        2 => offset(rest, false, true),
        4 => offset(rest, false, false),
        5 => offset(rest, true, false).filter(|_| rest.as_bytes()[2] == b':'),
        _ => None,
    }?;
    Some(sgn * m)
}

/// The zone after the fields, if the release's patterns took it.
fn zone(s: &str, texts: DateTexts) -> Option<i64> {
    if s.is_empty() {
        return Some(0);
    }
    match texts {
        DateTexts::Jdbc12 | DateTexts::Jdbc12Signed => general_zone(s),
        DateTexts::Iso20 => iso_zone(s),
        // (` z`: the pattern's blank, then a general zone)
        DateTexts::Iso22 => iso_zone(s).or_else(|| general_zone(s.strip_prefix(' ')?)),
    }
}

/// The time after its ` ` or `T`; `None` where the text goes on
/// otherwise (a zone, or nothing).
fn time_after(s: &str) -> Option<&str> {
    let rest = s.strip_prefix(' ').or_else(|| s.strip_prefix('T'))?;
    let mut probe = rest;
    number(&mut probe).and_then(|_| probe.starts_with(':').then_some(rest))
}

/// Milliseconds since the epoch of a date text the patterns take.
fn read_date(text: &str, texts: DateTexts) -> Option<i64> {
    let mut s = text;
    let y = number(&mut s)?;
    s = s.strip_prefix('-')?;
    let mo = number(&mut s)?;
    s = s.strip_prefix('-')?;
    let d = number(&mut s)?;
    let (mut h, mut mi, mut sec, mut ms) = (0, 0, 0, 0);
    if let Some(rest) = time_after(s) {
        s = rest;
        h = number(&mut s)?;
        s = s.strip_prefix(':')?;
        mi = number(&mut s)?;
        if let Some(rest) = s.strip_prefix(':') {
            s = rest;
            sec = number(&mut s)?;
            if !matches!(texts, DateTexts::Jdbc12 | DateTexts::Jdbc12Signed) {
                if let Some(rest) = s.strip_prefix('.') {
                    s = rest;
                    ms = number(&mut s)?;
                }
            }
        }
    }
    let offset = zone(s, texts)?;
    let days_in_month = match mo {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        _ => return None,
    };
    // (a strict calendar refuses a field out of its range)
    if d < 1 || d > days_in_month || h > 23 || mi > 59 || sec > 59 || ms > 999 {
        return None;
    }
    let secs = days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + sec - offset * 60;
    Some(secs * 1000 + ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn millis(text: &str, texts: DateTexts) -> Option<i64> {
        parse_timestamp_text(text, texts)
            .ok()
            .map(|b| i64::from_be_bytes(b.try_into().unwrap()))
    }

    const TEN: i64 = 1_367_402_400_000; // 2013-05-01 10:00:00 UTC

    #[test]
    fn one_two_takes_rfc822_zones_and_no_milliseconds() {
        use DateTexts::Jdbc12;
        assert_eq!(millis("2013-05-01 10:00:00+0000", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01T10:00:00+0000", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 10:00", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00+0100", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 10:00GMT", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00GMT+1:00", Jdbc12), Some(TEN));
        // every field skipped the blanks before it: a zone after a blank
        // too, but `GMT` was looked for before them (1.2.9's answers)
        assert_eq!(millis("2013-05-01 10:00:00 UTC", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00:00 +0100", Jdbc12), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00 GMT+01:00", Jdbc12), None);
        assert_eq!(millis("2013-05-01+0000", Jdbc12), Some(TEN - 36_000_000));
        // 'Z' is no RFC 822 zone, and 1.2 had no milliseconds
        assert_eq!(millis("2013-05-01T10:00:00Z", Jdbc12), None);
        assert_eq!(millis("2013-05-01 10:00:00.123+0000", Jdbc12), None);
        assert_eq!(millis("2013-05-01 10:00+01:00", Jdbc12), None);
        let e = parse_timestamp_text("2013-05-01T10:00:00Z", Jdbc12).unwrap_err();
        assert_eq!(
            e.0,
            "unable to coerce '2013-05-01T10:00:00Z' to a  formatted date (long)"
        );
        // 1.2 read only unsigned digits as milliseconds
        assert!(parse_timestamp_text("-1", Jdbc12).is_err());
        // 1.2.16 on: the sign too, the patterns as they were
        assert_eq!(millis("-1", DateTexts::Jdbc12Signed), Some(-1));
        assert_eq!(millis("-", DateTexts::Jdbc12Signed), None);
        assert_eq!(
            millis("2013-05-01 10:00", DateTexts::Jdbc12Signed),
            Some(TEN)
        );
        assert_eq!(
            millis("2013-05-01 10:00:00.000", DateTexts::Jdbc12Signed),
            None
        );
    }

    #[test]
    fn two_zero_takes_milliseconds_and_iso_zones() {
        use DateTexts::Iso20;
        assert_eq!(
            millis("2013-05-01 10:00:00.123+0000", Iso20),
            Some(TEN + 123)
        );
        assert_eq!(millis("2013-05-01 10:00:00.5", Iso20), Some(TEN + 5));
        assert_eq!(millis("2013-05-01T10:00:00Z", Iso20), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00+01", Iso20), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00+01:00", Iso20), Some(TEN));
        assert_eq!(millis("-1", Iso20), Some(-1));
        // no zone names, no milliseconds past 999
        assert_eq!(millis("2013-05-01 10:00:00UTC", Iso20), None);
        assert_eq!(millis("2013-05-01 10:00:00 UTC", Iso20), None);
        assert_eq!(millis("2013-05-01 10:00:00.1000", Iso20), None);
        assert_eq!(millis("2013/05/01", Iso20), None);
    }

    #[test]
    fn two_two_takes_a_named_zone_after_a_blank() {
        use DateTexts::Iso22;
        assert_eq!(millis("2013-05-01 10:00:00 UTC", Iso22), Some(TEN));
        assert_eq!(millis("2013-05-01 11:00 GMT+1:00", Iso22), Some(TEN));
        assert_eq!(millis("2013-05-01 UTC", Iso22), Some(TEN - 36_000_000));
        assert_eq!(millis("2013-05-01T10:00:00.123Z", Iso22), Some(TEN + 123));
        assert_eq!(millis("2013-05-01 10:00:00UTC", Iso22), None);
    }
}
