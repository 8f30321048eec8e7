//! 3.10's DurationType (`duration`): months, days and nanoseconds, each a
//! signed variable-length integer (zig-zag encoded, its length in the
//! leading one bits of its first byte). Owns its bytes, their validation,
//! the texts it reads (`1h30m`, `-2d10s`, ISO 8601's `P1DT2H`, `P2W` and
//! `P0001-02-03T04:05:06`) and writes (`1h30m`), with 3.10's refusals.
//! Its values order by their bytes (the class compared them so), and
//! nothing else: which statements refuse a duration is the CQL layer's.

use crate::marshal::{bytes_to_hex, class_name_of, empty_first, AbstractType, MarshalError};
use std::cmp::Ordering;

/// `duration`.
#[derive(Debug, Default, Clone, Copy)]
pub struct DurationType;

const NANOS_PER_MICRO: i64 = 1_000;
const NANOS_PER_MILLI: i64 = 1_000 * NANOS_PER_MICRO;
const NANOS_PER_SECOND: i64 = 1_000 * NANOS_PER_MILLI;
const NANOS_PER_MINUTE: i64 = 60 * NANOS_PER_SECOND;
const NANOS_PER_HOUR: i64 = 60 * NANOS_PER_MINUTE;

/// A duration's three parts, all of one sign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Duration {
    pub months: i32,
    pub days: i32,
    pub nanos: i64,
}

/// The units in the order a text must give them (a unit's index is its
/// place; a unit again, or one before the last, is refused).
const UNITS: [&str; 10] = [
    "years",
    "months",
    "weeks",
    "days",
    "hours",
    "minutes",
    "seconds",
    "milliseconds",
    "microseconds",
    "nanoseconds",
];

/// Sums a text's units, checking their order and the parts' bounds.
struct Builder {
    negative: bool,
    months: i64,
    days: i64,
    nanos: i64,
    /// The place in [`UNITS`] of the last unit added, plus one.
    last: usize,
}

fn invalid(message: String) -> MarshalError {
    MarshalError(message)
}

impl Builder {
    fn new(negative: bool) -> Builder {
        Builder {
            negative,
            months: 0,
            days: 0,
            nanos: 0,
            last: 0,
        }
    }

    /// Adds `n` of the unit at place `unit` (0-based in [`UNITS`]).
    fn add(&mut self, unit: usize, n: i64) -> Result<(), MarshalError> {
        let index = unit + 1;
        if index == self.last {
            return Err(invalid(format!(
                "Invalid duration. The {} are specified multiple times",
                UNITS[unit]
            )));
        }
        if index < self.last {
            return Err(invalid(format!(
                "Invalid duration. The {} should be after {}",
                UNITS[self.last - 1],
                UNITS[unit]
            )));
        }
        self.last = index;
        let bound = |limit: i64, what: &str| {
            if n <= limit {
                Ok(())
            } else {
                Err(invalid(format!(
                    "Invalid duration. The total number of {what} must be less or equal to {}",
                    i32::MAX
                )))
            }
        };
        let int_max = i64::from(i32::MAX);
        match unit {
            0 | 1 => {
                let per = if unit == 0 { 12 } else { 1 };
                bound((int_max - self.months) / per, "months")?;
                self.months += n * per;
            }
            2 | 3 => {
                let per = if unit == 2 { 7 } else { 1 };
                bound((int_max - self.days) / per, "days")?;
                self.days += n * per;
            }
            _ => {
                let per = [
                    NANOS_PER_HOUR,
                    NANOS_PER_MINUTE,
                    NANOS_PER_SECOND,
                    NANOS_PER_MILLI,
                    NANOS_PER_MICRO,
                    1,
                ][unit - 4];
                bound((i64::MAX - self.nanos) / per, "nanoseconds")?;
                self.nanos += n * per;
            }
        }
        Ok(())
    }

    fn build(self) -> Duration {
        let sign = if self.negative { -1 } else { 1 };
        Duration {
            months: (self.months * sign) as i32,
            days: (self.days * sign) as i32,
            nanos: self.nanos * sign,
        }
    }
}

/// The unit a standard text's symbol names (case-insensitive), as its
/// place in [`UNITS`], and the symbol's length; the longest symbol first
/// (`mo`, `ms` before `m`).
fn symbol_at(rest: &str) -> Option<(usize, usize)> {
    let lower = rest.to_lowercase();
    const SYMBOLS: [(&str, usize); 11] = [
        ("mo", 1),
        ("ms", 7),
        ("us", 8),
        ("µs", 8),
        ("ns", 9),
        ("y", 0),
        ("w", 2),
        ("d", 3),
        ("h", 4),
        ("s", 6),
        ("m", 5),
    ];
    SYMBOLS
        .iter()
        .find(|(s, _)| lower.starts_with(s))
        .map(|(s, unit)| (*unit, s.len()))
}

/// Digits at the start of `s`, as a long (Java's `Long.parseLong` of the
/// regex's group: too many digits fail it, which 3.10 did not catch).
fn leading_number(s: &str) -> Option<(i64, usize)> {
    let n = s.bytes().take_while(u8::is_ascii_digit).count();
    if n == 0 {
        return None;
    }
    s[..n].parse().ok().map(|v| (v, n))
}

impl Duration {
    /// 3.10's `Duration.from`: the standard form (`1h30m`), or an ISO 8601
    /// one (`P...`), either after an optional `-`.
    pub fn from_text(input: &str) -> Result<Duration, MarshalError> {
        let negative = input.starts_with('-');
        let source = if negative { &input[1..] } else { input };
        let unable = || invalid(format!("Unable to convert '{source}' to a duration"));
        let mut b = Builder::new(negative);
        if let Some(iso) = source.strip_prefix('P') {
            if let Some(weeks) = source.strip_suffix('W').and_then(|s| s.strip_prefix('P')) {
                let n = match leading_number(weeks) {
                    Some((n, len)) if len == weeks.len() => n,
                    _ => return Err(unable()),
                };
                b.add(2, n)?;
            } else if source.contains('-') {
                let parts = iso_alternative(iso).ok_or_else(unable)?;
                for (unit, n) in [0usize, 1, 3, 4, 5, 6].into_iter().zip(parts) {
                    b.add(unit, n)?;
                }
            } else {
                for (unit, n) in iso_designators(iso).ok_or_else(unable)? {
                    b.add(unit, n)?;
                }
            }
            return Ok(b.build());
        }
        // `\G(\d+)(symbol)` found again and again from the start; a text
        // not wholly made of them fails (after the units it held added).
        let mut at = 0;
        let mut found = false;
        while let Some((n, digits)) = leading_number(&source[at..]) {
            let Some((unit, len)) = symbol_at(&source[at + digits..]) else {
                break;
            };
            b.add(unit, n)?;
            found = true;
            at += digits + len;
        }
        if !found || at != source.len() {
            return Err(unable());
        }
        Ok(b.build())
    }

    /// 3.10's `toString`: `-` if any part is negative, then years, months,
    /// days and the time's units, each only when not zero.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.months < 0 || self.days < 0 || self.nanos < 0 {
            out.push('-');
        }
        fn append(out: &mut String, dividend: u64, divisor: u64, unit: &str) -> u64 {
            if dividend == 0 || dividend < divisor {
                return dividend;
            }
            out.push_str(&format!("{}{unit}", dividend / divisor));
            dividend % divisor
        }
        let months = u64::from(self.months.unsigned_abs());
        let rest = append(&mut out, months, 12, "y");
        append(&mut out, rest, 1, "mo");
        append(&mut out, u64::from(self.days.unsigned_abs()), 1, "d");
        if self.nanos != 0 {
            let mut rest = self.nanos.unsigned_abs();
            for (per, unit) in [
                (NANOS_PER_HOUR, "h"),
                (NANOS_PER_MINUTE, "m"),
                (NANOS_PER_SECOND, "s"),
                (NANOS_PER_MILLI, "ms"),
                (NANOS_PER_MICRO, "us"),
                (1, "ns"),
            ] {
                rest = append(&mut out, rest, per as u64, unit);
            }
        }
        out
    }

    /// The serialized form: the three parts as signed vints.
    pub fn to_bytes(self) -> Vec<u8> {
        let mut out = Vec::new();
        for v in [i64::from(self.months), i64::from(self.days), self.nanos] {
            write_vint(v, &mut out);
        }
        out
    }

    /// Reads the three parts back (`None`: the bytes end early).
    pub fn from_bytes(bytes: &[u8]) -> Option<(i64, i64, i64)> {
        let mut at = 0;
        let months = read_vint(bytes, &mut at)?;
        let days = read_vint(bytes, &mut at)?;
        let nanos = read_vint(bytes, &mut at)?;
        Some((months, days, nanos))
    }
}

/// ISO 8601's format with designators after the `P`:
/// `(nY)?(nM)?(nD)?(T(nH)?(nM)?(nS)?)?`, as (unit, count) pairs.
fn iso_designators(text: &str) -> Option<Vec<(usize, i64)>> {
    let (date, time) = match text.split_once('T') {
        Some((d, t)) => (d, Some(t)),
        None => (text, None),
    };
    let mut out = Vec::new();
    let mut read = |mut s: &str, designators: [(char, usize); 3]| -> Option<()> {
        let mut next = 0;
        while !s.is_empty() {
            let (n, len) = leading_number(s)?;
            let d = s[len..].chars().next()?;
            let i = designators[next..].iter().position(|(c, _)| *c == d)? + next;
            out.push((designators[i].1, n));
            next = i + 1;
            s = &s[len + 1..];
        }
        Some(())
    };
    read(date, [('Y', 0), ('M', 1), ('D', 3)])?;
    if let Some(t) = time {
        read(t, [('H', 4), ('M', 5), ('S', 6)])?;
    }
    Some(out)
}

/// ISO 8601's alternative format after the `P`: `YYYY-MM-DDThh:mm:ss`.
fn iso_alternative(text: &str) -> Option<[i64; 6]> {
    let b = text.as_bytes();
    let shape = "dddd-dd-ddTdd:dd:dd".as_bytes();
    if b.len() != shape.len() {
        return None;
    }
    let fits = b.iter().zip(shape).all(|(c, s)| match s {
        b'd' => c.is_ascii_digit(),
        _ => c == s,
    });
    if !fits {
        return None;
    }
    let n = |from: usize, to: usize| text[from..to].parse::<i64>().ok();
    Some([
        n(0, 4)?,
        n(5, 7)?,
        n(8, 10)?,
        n(11, 13)?,
        n(14, 16)?,
        n(17, 19)?,
    ])
}

/// A signed vint: zig-zag encoded, then the extra bytes' count as the
/// first byte's leading ones (the value big-endian after them).
fn write_vint(v: i64, out: &mut Vec<u8>) {
    let u = ((v << 1) ^ (v >> 63)) as u64;
    let magnitude = (u | 1).leading_zeros() as usize;
    let size = 9 - (magnitude - 1) / 7;
    if size == 1 {
        out.push(u as u8);
        return;
    }
    let extra = size - 1;
    let mut bytes = vec![0u8; size];
    let mut rest = u;
    for i in (0..size).rev() {
        bytes[i] = rest as u8;
        rest >>= 8;
    }
    bytes[0] |= !(0xffu32 >> extra) as u8;
    out.extend(bytes);
}

fn read_vint(bytes: &[u8], at: &mut usize) -> Option<i64> {
    let first = *bytes.get(*at)?;
    *at += 1;
    let u = if first < 0x80 {
        u64::from(first)
    } else {
        let extra = first.leading_ones() as usize;
        let mut v = u64::from(first) & (0xff >> extra);
        for _ in 0..extra {
            v = (v << 8) | u64::from(*bytes.get(*at)?);
            *at += 1;
        }
        v
    };
    Some(((u >> 1) as i64) ^ -((u & 1) as i64))
}

impl AbstractType for DurationType {
    fn class_name(&self) -> String {
        class_name_of("DurationType")
    }
    fn compare(&self, a: &[u8], b: &[u8]) -> Ordering {
        empty_first(a, b).unwrap_or_else(|| a.cmp(b))
    }
    fn validate(&self, value: &[u8]) -> Result<(), MarshalError> {
        if value.len() < 3 {
            return Err(MarshalError(format!(
                "Expected at least 3 bytes for a duration ({})",
                value.len()
            )));
        }
        // (Bytes ending early were an EOF the Java let escape.)
        let (months, days, nanos) = Duration::from_bytes(value)
            .ok_or_else(|| MarshalError("Not enough bytes to read a duration".into()))?;
        if i32::try_from(months).is_err() {
            return Err(MarshalError(format!(
                "The duration months must be a 32 bits integer but was: {months}"
            )));
        }
        if i32::try_from(days).is_err() {
            return Err(MarshalError(format!(
                "The duration days must be a 32 bits integer but was: {days}"
            )));
        }
        let all = [months, days, nanos];
        if !(all.iter().all(|v| *v >= 0) || all.iter().all(|v| *v <= 0)) {
            return Err(MarshalError(format!(
                "The duration months, days and nanoseconds must be all of the same sign \
                 ({months}, {days}, {nanos})"
            )));
        }
        Ok(())
    }
    fn get_string(&self, value: &[u8]) -> String {
        if value.is_empty() {
            return String::new();
        }
        match Duration::from_bytes(value) {
            Some((months, days, nanos)) => Duration {
                months: months as i32,
                days: days as i32,
                nanos,
            }
            .text(),
            None => bytes_to_hex(value),
        }
    }
    fn from_string(&self, text: &str) -> Result<Vec<u8>, MarshalError> {
        if text.is_empty() {
            return Ok(Vec::new());
        }
        Ok(Duration::from_text(text)?.to_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(text: &str) -> String {
        bytes_to_hex(&DurationType.from_string(text).unwrap())
    }

    #[test]
    fn texts_become_3_10s_bytes() {
        // (As recorded from 3.11.10: `1h30m`, `P1DT2H`, `-2d10s`, `3mo2w`.)
        assert_eq!(bytes("1h30m"), "0000fc09d29229e000");
        assert_eq!(bytes("P1DT2H"), "0002fc0d18c2e28000");
        assert_eq!(bytes("3mo2w"), "061c00");
    }

    #[test]
    fn texts_round_trip() {
        for t in [
            "1h30m", "-2d10s", "1y2mo", "3mo14d", "1ms", "7us", "12ns", "2d",
        ] {
            let b = DurationType.from_string(t).unwrap();
            let back = DurationType.get_string(&b);
            assert_eq!(DurationType.from_string(&back).unwrap(), b, "{t} -> {back}");
        }
        assert_eq!(
            DurationType.get_string(&DurationType.from_string("P2W").unwrap()),
            "14d"
        );
        assert_eq!(
            DurationType.get_string(&DurationType.from_string("P0001-02-03T04:05:06").unwrap()),
            "1y2mo3d4h5m6s"
        );
    }

    #[test]
    fn refusals_are_3_10s() {
        let err = |t: &str| DurationType.from_string(t).unwrap_err().0;
        assert_eq!(err("90"), "Unable to convert '90' to a duration");
        assert_eq!(err("-1x"), "Unable to convert '1x' to a duration");
        assert_eq!(
            err("1h2h"),
            "Invalid duration. The hours are specified multiple times"
        );
        assert_eq!(
            err("1m2h"),
            "Invalid duration. The minutes should be after hours"
        );
        assert_eq!(
            DurationType.validate(&[2]).unwrap_err().0,
            "Expected at least 3 bytes for a duration (1)"
        );
        assert_eq!(
            DurationType.validate(&[2, 1, 0]).unwrap_err().0,
            "The duration months, days and nanoseconds must be all of the same sign (1, -1, 0)"
        );
    }
}
