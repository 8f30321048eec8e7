//! A CfDef's compaction settings as 3.x took them
//! (`ThriftConversion.compactionParamsFromThrift`, then
//! `CompactionParams.validate`): the thresholds went into the strategy's
//! options, unless an option of that name was given, where the strategy
//! took thresholds at all (`supportsThresholdParams`: not
//! `LeveledCompactionStrategy`, whose thresholds were the defaults, 4 and
//! 32); then the options the strategy did not understand were refused,
//! and the thresholds checked: a number, not 0, not below 2, the minimum
//! not above the maximum. This adjusts the request's spec before the
//! schema takes it; it must not read the engine.

use crate::release::{Behaviour, Release};
use crate::schema::javaorder::string_hashmap_order;
use crate::schema::CfSpec;
use crate::thrift::error::ApiError;

/// What every strategy understood (`AbstractCompactionStrategy.validateOptions`).
const COMMON: &[&str] = &[
    "tombstone_threshold",
    "tombstone_compaction_interval",
    "unchecked_tombstone_compaction",
    "enabled",
    "only_purge_repaired_tombstones",
];

/// `SizeTieredCompactionStrategyOptions`.
const SIZE_TIERED: &[&str] = &["min_sstable_size", "bucket_low", "bucket_high"];

const THRESHOLDS: &[&str] = &["min_threshold", "max_threshold"];

/// The options a strategy (by its simple name) understood in `release`,
/// and whether it took thresholds; `None`: a strategy not modelled.
fn understood(release: &Release, strategy: &str) -> Option<(Vec<&'static str>, bool)> {
    let mut known: Vec<&'static str> = COMMON.to_vec();
    let thresholds = match strategy {
        "SizeTieredCompactionStrategy" => {
            known.extend(SIZE_TIERED);
            true
        }
        "LeveledCompactionStrategy" => {
            known.push("sstable_size_in_mb");
            if release.at_least(3, 10) {
                known.push("fanout_size");
            }
            known.extend(SIZE_TIERED);
            false
        }
        "DateTieredCompactionStrategy" => {
            known.extend([
                "timestamp_resolution",
                "max_sstable_age_days",
                "base_time_seconds",
                "expired_sstable_check_frequency_seconds",
                "max_window_size_seconds",
            ]);
            known.extend(SIZE_TIERED);
            true
        }
        "TimeWindowCompactionStrategy" => {
            known.extend([
                "timestamp_resolution",
                "compaction_window_unit",
                "compaction_window_size",
                "expired_sstable_check_frequency_seconds",
            ]);
            if release.at_least(3, 10) {
                known.push("unsafe_aggressive_sstable_expiration");
            }
            true
        }
        _ => return None,
    };
    if thresholds {
        known.extend(THRESHOLDS);
    }
    Some((known, thresholds))
}

/// `spec`'s compaction as 3.x took it (other releases: as it is): the
/// thresholds it kept (`min`/`max_compaction_threshold` as 3.x described
/// them), or its refusal.
pub fn check(release: Option<&Release>, spec: &mut CfSpec) -> Result<(), ApiError> {
    let Some(release) = release.filter(|r| r.does(Behaviour::CompactionParamsOfCfDef)) else {
        return Ok(());
    };
    let class = spec
        .compaction_strategy
        .as_deref()
        .unwrap_or("SizeTieredCompactionStrategy");
    let simple = class.rsplit('.').next().unwrap_or(class);
    let Some((known, thresholds)) = understood(release, simple) else {
        return Ok(());
    };
    let mut options = spec.compaction_strategy_options.clone().unwrap_or_default();
    if thresholds {
        let min = spec.min_compaction_threshold.unwrap_or(4);
        let max = spec.max_compaction_threshold.unwrap_or(32);
        options
            .entry("min_threshold".into())
            .or_insert_with(|| min.to_string());
        options
            .entry("max_threshold".into())
            .or_insert_with(|| max.to_string());
    }
    let unknown: Vec<&str> = options
        .keys()
        .map(String::as_str)
        .filter(|k| !known.contains(k))
        .collect();
    if !unknown.is_empty() {
        return Err(ApiError::invalid(format!(
            "Properties specified [{}] are not understood by {simple}",
            string_hashmap_order(unknown).join(", ")
        )));
    }
    let threshold = |name: &str, default: i32| -> Result<i32, ApiError> {
        match options.get(name) {
            None => Ok(default),
            // StringUtils.isNumeric: digits only.
            Some(v) if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) => {
                // Integer.parseInt of digits too many for an int failed on
                // the server: not modelled, taken as the largest.
                Ok(v.parse().unwrap_or(i32::MAX))
            }
            Some(v) => Err(ApiError::invalid(format!(
                "Invalid value {v} for '{name}' compaction sub-option - must be an integer"
            ))),
        }
    };
    let min = threshold("min_threshold", 4)?;
    let max = threshold("max_threshold", 32)?;
    if min <= 0 || max <= 0 {
        return Err(ApiError::invalid(
            "Disabling compaction by setting compaction thresholds to 0 has been removed, set \
             the compaction option 'enabled' to false instead.",
        ));
    }
    if min <= 1 {
        return Err(ApiError::invalid(format!(
            "Min compaction threshold cannot be less than 2 (got {min})"
        )));
    }
    if min > max {
        return Err(ApiError::invalid(format!(
            "Min compaction threshold (got {min}) cannot be greater than max compaction \
             threshold (got {max})"
        )));
    }
    spec.min_compaction_threshold = Some(min);
    spec.max_compaction_threshold = Some(max);
    Ok(())
}

/// Whether 3.x's strategy of this class listed the thresholds among its
/// options (all but Leveled, and those not modelled).
pub fn lists_thresholds(class: Option<&str>) -> bool {
    let class = class.unwrap_or("SizeTieredCompactionStrategy");
    class.rsplit('.').next() != Some("LeveledCompactionStrategy")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(
        strategy: Option<&str>,
        options: &[(&str, &str)],
        min: Option<i32>,
        max: Option<i32>,
    ) -> CfSpec {
        let mut spec = CfSpec::new("ks", "cf");
        spec.compaction_strategy = strategy.map(str::to_string);
        if !options.is_empty() {
            spec.compaction_strategy_options = Some(
                options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
            );
        }
        spec.min_compaction_threshold = min;
        spec.max_compaction_threshold = max;
        spec
    }

    fn refusal(mut s: CfSpec) -> String {
        check(Release::find("3.0.24"), &mut s)
            .unwrap_err()
            .to_string()
    }

    /// Recorded: 3.0.24 and 3.11.10 (`rel_cfdefs3x`).
    #[test]
    fn options_a_strategy_does_not_understand_are_refused() {
        let e = refusal(spec(None, &[("sstable_size_in_mb", "10")], None, None));
        assert!(
            e.contains("Properties specified [sstable_size_in_mb] are not understood by SizeTieredCompactionStrategy"),
            "{e}"
        );
        let mut lcs = spec(
            Some("LeveledCompactionStrategy"),
            &[("sstable_size_in_mb", "10")],
            Some(8),
            Some(16),
        );
        check(Release::find("3.0.24"), &mut lcs).unwrap();
        // Leveled took no thresholds: the defaults
        assert_eq!(
            (lcs.min_compaction_threshold, lcs.max_compaction_threshold),
            (Some(4), Some(32))
        );
    }

    #[test]
    fn thresholds_of_zero_below_two_or_crossed_are_refused() {
        let e = refusal(spec(None, &[], Some(4), Some(0)));
        assert!(
            e.contains(
                "Disabling compaction by setting compaction thresholds to 0 has been removed"
            ),
            "{e}"
        );
        let e = refusal(spec(None, &[], Some(1), None));
        assert!(
            e.contains("Min compaction threshold cannot be less than 2 (got 1)"),
            "{e}"
        );
        let e = refusal(spec(None, &[], Some(8), Some(6)));
        assert!(e.contains("Min compaction threshold (got 8) cannot be greater than max compaction threshold (got 6)"), "{e}");
        // an option given wins over the CfDef's field
        let mut s = spec(None, &[("min_threshold", "6")], Some(2), None);
        check(Release::find("3.11.10"), &mut s).unwrap();
        assert_eq!(s.min_compaction_threshold, Some(6));
        // other releases: untouched
        let mut s = spec(None, &[("sstable_size_in_mb", "10")], None, None);
        check(Release::find("2.2.19"), &mut s).unwrap();
    }
}
