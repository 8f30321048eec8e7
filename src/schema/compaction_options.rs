//! A column family's compaction options as the release checked them:
//! 1.2's checks of the tombstone, SizeTiered and Leveled options, and from
//! 2.0 the refusal of options the strategy does not read. It must not
//! know which call carried them.

use super::index_options::Rules;
use super::javaorder::string_hashmap_order;
use super::options::*;

/// 1.2's compaction option checks (`validateCompactionOptions`, unknown
/// options allowed): the tombstone options of every strategy, then the
/// strategy's own; from 2.0 the unknown ones refused (`rules`).
pub(super) fn validate_compaction_options(o: &CfOptions, rules: Rules) -> Result<(), String> {
    strategy_exists(o, rules)?;
    let opts = &o.compaction_strategy_options;
    let unparsable = |v: &str, k: &str| format!("{v} is not a parsable int (base10) for {k}");
    if let Some(v) = opts.get("tombstone_threshold") {
        let t: f32 = v
            .parse()
            .map_err(|_| unparsable(v, "tombstone_threshold"))?;
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
    if o.compaction_strategy == DATE_TIERED {
        validate_date_tiered(opts, rules)?;
    }
    let size_tiered_options = o.compaction_strategy == SIZE_TIERED
        || (o.compaction_strategy == DATE_TIERED && rules.date_tiered_reads_size_tiered);
    if size_tiered_options {
        if let Some(v) = opts.get("min_sstable_size") {
            let n: i64 = v.parse().map_err(|_| unparsable(v, "min_sstable_size"))?;
            if n < 0 {
                return Err(format!("min_sstable_size must be non negative: {n}"));
            }
        }
        // 1.2 named the default constants, not the options, in these two messages.
        let low = match opts.get("bucket_low") {
            Some(v) => v.parse::<f64>().map_err(|_| unparsable(v, "0.5"))?,
            None => 0.5,
        };
        let high = match opts.get("bucket_high") {
            Some(v) => v.parse::<f64>().map_err(|_| unparsable(v, "1.5"))?,
            None => 1.5,
        };
        if high <= low {
            return Err(format!(
                "BucketHigh value ({high:?}) is less than or equal BucketLow value ({low:?})"
            ));
        }
    } else if o.compaction_strategy == LEVELED {
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
    if rules.unknown_compaction_options_refused {
        unknown_compaction_options(o, rules)?;
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
    let unparsable = |v: &str, k: &str| format!("{v} is not a parsable int (base10) for {k}");
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

/// 2.0's refusal of the options its strategy's `validateOptions` left
/// unread (`CFMetaData.validateCompactionOptions`), named in the order of
/// the `HashMap` copy they were left in: every strategy reads the
/// tombstone options and `enabled`; SizeTiered `min_sstable_size`,
/// `bucket_low`, `bucket_high` (`cold_reads_to_omit` in 2.0 and 2.1) and
/// the thresholds; Leveled `sstable_size_in_mb` and SizeTiered's own, not
/// the thresholds.
fn unknown_compaction_options(o: &CfOptions, rules: Rules) -> Result<(), String> {
    const ANY: [&str; 4] = [
        "tombstone_threshold",
        "tombstone_compaction_interval",
        "unchecked_tombstone_compaction",
        "enabled",
    ];
    const SIZE_TIERED_OWN: [&str; 3] = ["min_sstable_size", "bucket_low", "bucket_high"];
    let leveled = o.compaction_strategy == LEVELED;
    if o.compaction_strategy == DATE_TIERED {
        // DateTiered's own and the thresholds; from 2.1 SizeTiered's too.
        let wide = rules.date_tiered_reads_size_tiered;
        let dated = |k: &str| {
            ANY.contains(&k)
                || k == "min_threshold"
                || k == "max_threshold"
                || DATE_TIERED_OWN[..4].contains(&k)
                || (wide && k == "max_window_size_seconds")
                || (wide && SIZE_TIERED_OWN.contains(&k))
                || (wide && rules.cold_reads_to_omit && k == "cold_reads_to_omit")
        };
        return refuse_unread(o, dated);
    }
    let known = |k: &str| {
        ANY.contains(&k)
            || SIZE_TIERED_OWN.contains(&k)
            || (rules.cold_reads_to_omit && k == "cold_reads_to_omit")
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
