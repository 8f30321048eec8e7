//! Parsing of single setting values (numbers, booleans, cache sizes).
//!
//! Each parser returns a message without location; the caller adds the
//! element and line. Values are trimmed first: XML indentation around a
//! number is not an error here (Java's `Integer.parseInt` would have thrown).

use std::fmt;
use std::str::FromStr;

/// An integer of type `T`; `what` names the expectation in the message.
pub(crate) fn integer<T: FromStr>(raw: &str) -> Result<T, String> {
    raw.trim()
        .parse::<T>()
        .map_err(|_| format!("expected an integer, found '{}'", raw.trim()))
}

/// A release supercolumn can answer as, by its version (`2.0.17`).
pub(crate) fn release(raw: &str) -> Result<&'static crate::release::Release, String> {
    crate::release::Release::find(raw).ok_or_else(|| {
        format!(
            "unknown Cassandra version '{}' (known: {})",
            raw.trim(),
            crate::release::Release::known_versions()
        )
    })
}

/// A finite floating point number.
pub(crate) fn double(raw: &str) -> Result<f64, String> {
    match raw.trim().parse::<f64>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("expected a number, found '{}'", raw.trim())),
    }
}

/// `true` or `false` in any case, as 0.6 accepted them.
pub(crate) fn boolean(raw: &str) -> Result<bool, String> {
    let t = raw.trim();
    if t.eq_ignore_ascii_case("true") {
        Ok(true)
    } else if t.eq_ignore_ascii_case("false") {
        Ok(false)
    } else {
        Err(format!("expected 'true' or 'false', found '{t}'"))
    }
}

/// A `KeysCached` / `RowsCached` value: an absolute count (`200000`), a
/// fraction of the column family's keys (`0.5`) or a percentage (`50%`).
///
/// As in 0.6, a value in (0, 1] is a fraction and anything else an absolute
/// number, so `100%` means "every key" and `1` means the same thing.
#[derive(Debug, Clone, PartialEq)]
pub struct CacheSize {
    /// As written in the file (kept for describe calls and logs).
    pub raw: String,
    /// The parsed number; a percentage is already divided by 100.
    pub value: f64,
}

impl CacheSize {
    pub fn parse(raw: &str) -> Result<CacheSize, String> {
        let t = raw.trim();
        let bad = || {
            format!(
                "expected a number of entries, a fraction or a percentage such as 50%, found '{t}'"
            )
        };
        let value = match t.strip_suffix('%') {
            Some(pct) => double(pct).map_err(|_| bad())? / 100.0,
            None => double(t).map_err(|_| bad())?,
        };
        if value < 0.0 {
            return Err(format!("a cache size may not be negative, found '{t}'"));
        }
        Ok(CacheSize {
            raw: t.to_string(),
            value,
        })
    }

    /// How many entries to cache when the column family holds `total` keys
    /// (0.6's `absoluteFromFraction`).
    pub fn entries_for(&self, total: u64) -> u64 {
        if self.value > 0.0 && self.value <= 1.0 {
            ((self.value * total as f64) as u64).max(1)
        } else {
            self.value as u64
        }
    }

    /// True when the cache is switched off.
    pub fn is_disabled(&self) -> bool {
        self.value == 0.0
    }
}

impl fmt::Display for CacheSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.raw)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integers_and_doubles() {
        assert_eq!(integer::<u32>(" 128\n"), Ok(128));
        assert!(integer::<u32>("-1").is_err());
        assert!(integer::<u16>("70000").is_err());
        assert!(integer::<i32>("12x").unwrap_err().contains("'12x'"));
        assert_eq!(double("0.3"), Ok(0.3));
        assert!(double("NaN").is_err());
        assert!(double("inf").is_err());
        assert!(double("").is_err());
    }

    #[test]
    fn booleans() {
        assert_eq!(boolean("TRUE"), Ok(true));
        assert_eq!(boolean(" false "), Ok(false));
        assert!(boolean("yes").is_err());
    }

    #[test]
    fn cache_sizes() {
        let abs = CacheSize::parse("200000").unwrap();
        assert_eq!(abs.entries_for(10), 200000);
        let pct = CacheSize::parse("50%").unwrap();
        assert_eq!(pct.value, 0.5);
        assert_eq!(pct.entries_for(1000), 500);
        assert_eq!(pct.raw, "50%");
        let all = CacheSize::parse("100%").unwrap();
        assert_eq!(all.entries_for(1000), 1000);
        let tiny = CacheSize::parse("0.0001").unwrap();
        assert_eq!(
            tiny.entries_for(10),
            1,
            "a fraction caches at least one entry"
        );
        let off = CacheSize::parse("0").unwrap();
        assert!(off.is_disabled());
        assert_eq!(off.entries_for(1000), 0);
        assert!(CacheSize::parse("-5").is_err());
        assert!(CacheSize::parse("lots").is_err());
        assert!(CacheSize::parse("%").is_err());
        assert!(CacheSize::parse("5%%").is_err());
    }
}
