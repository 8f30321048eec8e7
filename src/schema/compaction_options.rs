//! A column family's compaction options as the release checked them:
//! the strategy's `validateOptions` (the tombstone options and switches
//! every strategy read, then SizeTiered's, Leveled's and DateTiered's own,
//! in each release's words), and the options it left unread: refused by
//! 2.0 on for every call, by 1.2 for CQL 3's statements only, with the
//! words of its catch-all ([`statement_refusal`]). It must not know which
//! call carried them; the caller says what was asked.

use super::index_options::Rules;
use super::javaorder::string_hashmap_order;
use super::options::*;
use super::speculative::{java_double, java_parse_double};
use std::collections::BTreeMap;

/// Why a strategy's options were refused.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Refusal {
    /// A value `validateOptions` refused, in its words.
    Value(String),
    /// Options it left unread (`Properties specified [..] are not
    /// understood by ..`).
    Unread(String),
}

impl Refusal {
    fn words(self) -> String {
        match self {
            Refusal::Value(w) | Refusal::Unread(w) => w,
        }
    }
}

/// The options of a column family being added or updated
/// (`CFMetaData.validateCompactionOptions` from the Thrift calls: unread
/// options refused from 2.0, by `rules`).
pub(super) fn validate_compaction_options(o: &CfOptions, rules: Rules) -> Result<(), String> {
    check(o, rules, rules.unknown_compaction_options_refused).map_err(Refusal::words)
}

/// The refusal of a CQL 3 statement's `compaction` map: its values, and
/// with `unread_checked` (1.2 to 2.2's `CFPropDefs.validate`) the options
/// the strategy left unread: 1.2 threw that refusal inside the `try`
/// whose catch-all answered `Failed to validate compaction options`, where
/// 2.0 passed it on (1.2 is the release whose Thrift calls took them,
/// `rules`). `None` when it passes or names a strategy this does not model
/// (the schema change judges those).
pub fn statement_refusal(
    class: &str,
    options: &BTreeMap<String, String>,
    rules: Rules,
    unread_checked: bool,
) -> Option<String> {
    let class = if class.contains('.') {
        class.to_string()
    } else {
        format!("org.apache.cassandra.db.compaction.{class}")
    };
    if ![SIZE_TIERED, LEVELED, DATE_TIERED, TIME_WINDOW].contains(&class.as_str()) {
        return None;
    }
    let o = CfOptions {
        compaction_strategy: class,
        compaction_strategy_options: options.clone(),
        ..CfOptions::default()
    };
    match check(&o, rules, unread_checked) {
        Ok(()) => None,
        Err(Refusal::Unread(_)) if !rules.unknown_compaction_options_refused => {
            Some("Failed to validate compaction options".to_string())
        }
        Err(r) => Some(r.words()),
    }
}

/// The strategy's `validateOptions` in the release's words, then (with
/// `refuse_unread`) the options it left unread.
fn check(o: &CfOptions, rules: Rules, refuse_unread: bool) -> Result<(), Refusal> {
    strategy_exists(o, rules).map_err(Refusal::Value)?;
    values(o, rules).map_err(Refusal::Value)?;
    if refuse_unread {
        unknown_compaction_options(o, rules).map_err(Refusal::Unread)?;
    }
    Ok(())
}

/// `X is not a parsable int (base10) for K`, which the releases also said
/// of floats.
fn unparsable(v: &str, k: &str) -> String {
    format!("{v} is not a parsable int (base10) for {k}")
}

/// `AbstractCompactionStrategy.validateOptions`, then the strategy's own.
fn values(o: &CfOptions, rules: Rules) -> Result<(), String> {
    let opts = &o.compaction_strategy_options;
    if let Some(v) = opts.get("tombstone_threshold") {
        let t = java_parse_double(v).ok_or_else(|| unparsable(v, "tombstone_threshold"))? as f32;
        if t < 0.0 {
            return Err(format!(
                "tombstone_threshold must be greater than 0, but was {t:.6}"
            ));
        }
    }
    if let Some(v) = opts.get("tombstone_compaction_interval") {
        let t: i64 = v
            .parse()
            .map_err(|_| unparsable(v, "tombstone_compaction_interval"))?;
        if t < 0 {
            return Err(format!(
                "tombstone_compaction_interval must be greater than 0, but was {t}"
            ));
        }
    }
    if rules.compaction_switches_checked {
        let switch = |k: &str| {
            opts.get(k)
                .filter(|v| !v.eq_ignore_ascii_case("true") && !v.eq_ignore_ascii_case("false"))
        };
        if let Some(v) = switch("unchecked_tombstone_compaction") {
            return Err(format!(
                "'unchecked_tombstone_compaction' should be either 'true' or 'false', not '{v}'"
            ));
        }
        if let Some(v) = switch("enabled") {
            return Err(format!(
                "enabled should either be 'true' or 'false', not {v}"
            ));
        }
    }
    let strategy = o.compaction_strategy.as_str();
    if strategy == DATE_TIERED {
        validate_date_tiered(opts, rules)?;
    }
    if strategy == LEVELED {
        let v = opts
            .get("sstable_size_in_mb")
            .map(String::as_str)
            .unwrap_or("1");
        let n: i32 = v.parse().map_err(|_| unparsable(v, "sstable_size_in_mb"))?;
        if n < 1 {
            return Err(format!(
                "sstable_size_in_mb must be larger than 0, but was {n}"
            ));
        }
    }
    let size_tiered_options = strategy == SIZE_TIERED
        || (strategy == DATE_TIERED && rules.date_tiered_reads_size_tiered)
        || (strategy == LEVELED && rules.compaction_option_words_of_2_0);
    if size_tiered_options {
        size_tiered(opts, rules)?;
    }
    Ok(())
}

/// SizeTiered's own options (`SizeTieredCompactionStrategyOptions`; 1.2's
/// named the default constants, not the options, where a bucket value
/// was no number).
fn size_tiered(opts: &BTreeMap<String, String>, rules: Rules) -> Result<(), String> {
    let min_size = opts.get("min_sstable_size");
    if let Some(v) = min_size {
        let n: i64 = v.parse().map_err(|_| unparsable(v, "min_sstable_size"))?;
        if n < 0 {
            return Err(format!("min_sstable_size must be non negative: {n}"));
        }
    }
    let words_2_0 = rules.compaction_option_words_of_2_0;
    let double = |k: &str, default: f64| -> Result<f64, String> {
        let Some(v) = opts.get(k) else {
            return Ok(default);
        };
        java_parse_double(v).ok_or_else(|| match words_2_0 {
            true => format!("{v} is not a parsable float for {k}"),
            false => unparsable(v, &java_double(default)),
        })
    };
    let low = double("bucket_low", 0.5)?;
    let high = double("bucket_high", 1.5)?;
    if high <= low {
        let (high, low) = (java_double(high), java_double(low));
        return Err(match words_2_0 {
            true => format!(
                "bucket_high value ({high}) is less than or equal to the bucket_low value ({low})"
            ),
            false => {
                format!("BucketHigh value ({high}) is less than or equal BucketLow value ({low})")
            }
        });
    }
    if rules.cold_reads_to_omit_range_checked {
        let ratio = double("cold_reads_to_omit", 0.0)?;
        // (NaN passed Java's `< 0.0 || > 1.0`.)
        if !(ratio.is_nan() || (0.0..=1.0).contains(&ratio)) {
            // (Java printed the text it read last, min_sstable_size's.)
            let shown = min_size.map(String::as_str).unwrap_or("null");
            return Err(format!(
                "cold_reads_to_omit value ({shown}) should be between between 0.0 and 1.0"
            ));
        }
    }
    Ok(())
}

/// The time-series strategies exist only from the release that brought
/// them (the class lookup of `CFMetaData.createCompactionStrategy`).
pub(super) fn strategy_exists(o: &CfOptions, rules: Rules) -> Result<(), String> {
    let strategy = o.compaction_strategy.as_str();
    if (strategy == DATE_TIERED && !rules.date_tiered)
        || (strategy == TIME_WINDOW && !rules.time_window)
    {
        return Err(format!(
            "Unable to find compaction strategy class '{strategy}'"
        ));
    }
    Ok(())
}

/// The options DateTiered read (`DateTieredCompactionStrategyOptions`; 2.1
/// added `max_window_size_seconds`).
const DATE_TIERED_OWN: [&str; 5] = [
    "timestamp_resolution",
    "max_sstable_age_days",
    "base_time_seconds",
    "expired_sstable_check_frequency_seconds",
    "max_window_size_seconds",
];

/// `DateTieredCompactionStrategyOptions.validateOptions`: each option's
/// value, in the order it checked them.
fn validate_date_tiered(
    opts: &std::collections::BTreeMap<String, String>,
    rules: Rules,
) -> Result<(), String> {
    const UNITS: [&str; 7] = [
        "NANOSECONDS",
        "MICROSECONDS",
        "MILLISECONDS",
        "SECONDS",
        "MINUTES",
        "HOURS",
        "DAYS",
    ];
    if let Some(v) = opts.get("timestamp_resolution") {
        if !UNITS.contains(&v.as_str()) {
            return Err(format!("timestamp_resolution {v} is not valid"));
        }
    }
    if let Some(v) = opts.get("max_sstable_age_days") {
        let d: f64 = v
            .trim()
            .parse()
            .map_err(|_| unparsable(v, "max_sstable_age_days"))?;
        if d < 0.0 {
            return Err(format!("max_sstable_age_days must be non-negative: {d:.2}"));
        }
    }
    let long = |k: &str| -> Result<Option<i64>, String> {
        opts.get(k)
            .map(|v| v.parse::<i64>().map_err(|_| unparsable(v, k)))
            .transpose()
    };
    if let Some(n) = long("base_time_seconds")? {
        if n <= 0 {
            return Err(format!(
                "base_time_seconds must be greater than 0, but was {n}"
            ));
        }
    }
    if let Some(n) = long("expired_sstable_check_frequency_seconds")? {
        if n < 0 {
            return Err(format!(
                "expired_sstable_check_frequency_seconds must not be negative, but was {n}"
            ));
        }
    }
    if rules.date_tiered_reads_size_tiered {
        if let Some(n) = long("max_window_size_seconds")? {
            if n < 0 {
                return Err(format!(
                    "max_window_size_seconds must not be negative, but was {n}"
                ));
            }
        }
    }
    Ok(())
}

/// The refusal of the options the strategy's `validateOptions` left
/// unread (`CFMetaData.validateCompactionOptions`), named in the order of
/// the `HashMap` copy they were left in: every strategy reads the
/// tombstone options, from 2.0 `enabled` and (2.0.9) the unchecked
/// tombstone switch; SizeTiered `min_sstable_size`, `bucket_low`,
/// `bucket_high` (`cold_reads_to_omit` in 2.0 and 2.1) and the
/// thresholds; Leveled `sstable_size_in_mb` and from 2.0 SizeTiered's own,
/// not the thresholds.
fn unknown_compaction_options(o: &CfOptions, rules: Rules) -> Result<(), String> {
    let any = |k: &str| {
        k == "tombstone_threshold"
            || k == "tombstone_compaction_interval"
            || (rules.unknown_compaction_options_refused && k == "enabled")
            || (rules.compaction_switches_checked && k == "unchecked_tombstone_compaction")
    };
    const SIZE_TIERED_OWN: [&str; 3] = ["min_sstable_size", "bucket_low", "bucket_high"];
    let leveled = o.compaction_strategy == LEVELED;
    if o.compaction_strategy == DATE_TIERED {
        // DateTiered's own and the thresholds; from 2.1 SizeTiered's too.
        let wide = rules.date_tiered_reads_size_tiered;
        let dated = |k: &str| {
            any(k)
                || k == "min_threshold"
                || k == "max_threshold"
                || DATE_TIERED_OWN[..4].contains(&k)
                || (wide && k == "max_window_size_seconds")
                || (wide && SIZE_TIERED_OWN.contains(&k))
                || (wide && rules.cold_reads_to_omit && k == "cold_reads_to_omit")
        };
        return refuse_unread(o, dated);
    }
    let size_tiered_read = !leveled || rules.compaction_option_words_of_2_0;
    let known = |k: &str| {
        any(k)
            || (size_tiered_read && SIZE_TIERED_OWN.contains(&k))
            || (size_tiered_read && rules.cold_reads_to_omit && k == "cold_reads_to_omit")
            || (leveled && k == "sstable_size_in_mb")
            || (!leveled && (k == "min_threshold" || k == "max_threshold"))
    };
    refuse_unread(o, known)
}

/// The refusal of the options `known` does not name (none: `Ok`).
fn refuse_unread(o: &CfOptions, known: impl Fn(&str) -> bool) -> Result<(), String> {
    let keys = o.compaction_strategy_options.keys().map(String::as_str);
    let unknown: Vec<&str> = string_hashmap_order(keys)
        .into_iter()
        .filter(|k| !known(k))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    let strategy = o
        .compaction_strategy
        .rsplit('.')
        .next()
        .unwrap_or(&o.compaction_strategy);
    Err(format!(
        "Properties specified [{}] are not understood by {strategy}",
        unknown.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(strategy: &str, pairs: &[(&str, &str)]) -> CfOptions {
        CfOptions {
            compaction_strategy: strategy.to_string(),
            compaction_strategy_options: pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            ..CfOptions::default()
        }
    }

    /// 2.0.17 to 2.2.19's words (found by `difftest.py --app`).
    #[test]
    fn from_2_0_an_option_the_strategy_does_not_read_is_refused() {
        let of_2_2 = Rules {
            unknown_compaction_options_refused: true,
            ..Rules::default()
        };
        let sized = options(SIZE_TIERED, &[("sstable_size_in_mb", "10")]);
        assert_eq!(
            validate_compaction_options(&sized, of_2_2),
            Err(
                "Properties specified [sstable_size_in_mb] are not understood by \
                 SizeTieredCompactionStrategy"
                    .to_string()
            )
        );
        assert_eq!(
            validate_compaction_options(&sized, Rules::default()),
            Ok(())
        );
        let leveled = options(
            LEVELED,
            &[("sstable_size_in_mb", "10"), ("enabled", "true")],
        );
        assert_eq!(validate_compaction_options(&leveled, of_2_2), Ok(()));
        let thresholds = options(LEVELED, &[("min_threshold", "4")]);
        assert!(validate_compaction_options(&thresholds, of_2_2).is_err());
        let cold = options(SIZE_TIERED, &[("cold_reads_to_omit", "0.1")]);
        assert!(validate_compaction_options(&cold, of_2_2).is_err());
        let of_2_1 = Rules {
            cold_reads_to_omit: true,
            ..of_2_2
        };
        assert_eq!(validate_compaction_options(&cold, of_2_1), Ok(()));
    }

    /// Recorded: 1.2.9 to 2.2.19 (`rel_compactcql`).
    #[test]
    fn a_statement_s_unread_options_fail_in_1_2_s_catch_all_words() {
        let map = |pairs: &[(&str, &str)]| -> BTreeMap<String, String> {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect()
        };
        let bogus = map(&[("min_threshold", "6"), ("bogus_option", "1")]);
        let of_1_2 = Rules::default();
        let of_2_0 = Rules {
            unknown_compaction_options_refused: true,
            compaction_option_words_of_2_0: true,
            compaction_switches_checked: true,
            ..Rules::default()
        };
        let stcs = "SizeTieredCompactionStrategy";
        assert_eq!(
            statement_refusal(stcs, &bogus, of_1_2, true),
            Some("Failed to validate compaction options".to_string())
        );
        assert_eq!(
            statement_refusal(stcs, &bogus, of_2_0, true),
            Some(
                "Properties specified [bogus_option] are not understood by \
                 SizeTieredCompactionStrategy"
                    .to_string()
            )
        );
        // A value refused keeps its words in 1.2 too; 1.2 read no `enabled`.
        let high = map(&[("bucket_low", "1e10"), ("bucket_high", "1e9")]);
        assert_eq!(
            statement_refusal(stcs, &high, of_1_2, true),
            Some(
                "BucketHigh value (1.0E9) is less than or equal BucketLow value (1.0E10)"
                    .to_string()
            )
        );
        assert_eq!(
            statement_refusal(stcs, &high, of_2_0, true),
            Some(
                "bucket_high value (1.0E9) is less than or equal to the bucket_low value \
                 (1.0E10)"
                    .to_string()
            )
        );
        let enabled = map(&[("enabled", "maybe")]);
        assert_eq!(
            statement_refusal(stcs, &enabled, of_1_2, true),
            Some("Failed to validate compaction options".to_string())
        );
        assert_eq!(
            statement_refusal(stcs, &enabled, of_2_0, true),
            Some("enabled should either be 'true' or 'false', not maybe".to_string())
        );
        assert_eq!(
            statement_refusal("NoSuchStrategy", &enabled, of_2_0, true),
            None
        );
    }

    /// Recorded: 2.0.17 (`rel_compactcql`): the value shown is
    /// min_sstable_size's.
    #[test]
    fn cold_reads_out_of_range_show_another_option_s_text() {
        let of_2_0 = Rules {
            unknown_compaction_options_refused: true,
            compaction_option_words_of_2_0: true,
            cold_reads_to_omit: true,
            cold_reads_to_omit_range_checked: true,
            ..Rules::default()
        };
        let cold = options(SIZE_TIERED, &[("cold_reads_to_omit", "2.0")]);
        assert_eq!(
            validate_compaction_options(&cold, of_2_0),
            Err("cold_reads_to_omit value (null) should be between between 0.0 and 1.0".into())
        );
        let sized = options(
            SIZE_TIERED,
            &[("cold_reads_to_omit", "-1"), ("min_sstable_size", "10")],
        );
        assert_eq!(
            validate_compaction_options(&sized, of_2_0),
            Err("cold_reads_to_omit value (10) should be between between 0.0 and 1.0".into())
        );
    }

    /// Recorded: 2.0.17 to 3.11.10 (`rel_datetiered`).
    #[test]
    fn date_tiered_only_where_the_release_had_it_and_its_options_checked() {
        let of_2_1 = Rules {
            unknown_compaction_options_refused: true,
            cold_reads_to_omit: true,
            date_tiered: true,
            date_tiered_reads_size_tiered: true,
            ..Rules::default()
        };
        let of_2_0 = Rules {
            date_tiered_reads_size_tiered: false,
            ..of_2_1
        };
        let dt = |pairs: &[(&str, &str)]| options(DATE_TIERED, pairs);
        assert_eq!(
            validate_compaction_options(&dt(&[]), Rules::default()),
            Err(format!(
                "Unable to find compaction strategy class '{DATE_TIERED}'"
            ))
        );
        let sized = dt(&[("min_sstable_size", "10"), ("base_time_seconds", "60")]);
        assert_eq!(validate_compaction_options(&sized, of_2_1), Ok(()));
        assert!(validate_compaction_options(&sized, of_2_0).is_err());
        assert_eq!(
            validate_compaction_options(&dt(&[("base_time_seconds", "0")]), of_2_1),
            Err("base_time_seconds must be greater than 0, but was 0".to_string())
        );
        assert_eq!(
            validate_compaction_options(&dt(&[("timestamp_resolution", "SECS")]), of_2_1),
            Err("timestamp_resolution SECS is not valid".to_string())
        );
    }
}
