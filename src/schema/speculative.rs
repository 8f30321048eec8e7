//! A column family's `speculative_retry` setting as 2.0 to 3.x read it:
//! which texts each took and the words it refused the others with. Owns
//! the reading only; how a release printed a setting back is the
//! describing layer's.

/// Java's `Double.parseDouble`: surrounding control characters and
/// spaces trimmed, an optional `d`/`f` suffix, `NaN` and `Infinity` as
/// Java spells them (not Rust's `inf` nor `nan`).
pub fn java_parse_double(text: &str) -> Option<f64> {
    let t = text.trim_matches(|c: char| c <= ' ');
    let unsigned = t.trim_start_matches(['+', '-']);
    if unsigned == "Infinity" || unsigned == "NaN" {
        return t.parse().ok();
    }
    let t = t.strip_suffix(['d', 'D', 'f', 'F']).unwrap_or(t);
    let lower = t.to_ascii_lowercase();
    if lower.contains("inf") || lower.contains("nan") || t.is_empty() {
        return None;
    }
    t.parse().ok()
}

/// 2.0 to 2.2's `CFMetaData.SpeculativeRetry.fromString`: upper-cased, a
/// percentile from 0 to 100, any delay in `MS`, else a type's name
/// (`NONE`, `CUSTOM`, `PERCENTILE`, `ALWAYS`).
pub fn check_2_0(retry: &str) -> Result<(), String> {
    let name = retry.to_uppercase();
    let invalid = || Err(format!("invalid speculative_retry type: {retry}"));
    if let Some(n) = name.strip_suffix("PERCENTILE") {
        let Some(v) = java_parse_double(n) else {
            return invalid();
        };
        // (NaN passed Java's `value > 100 || value < 0`.) 2.2's words,
        // which named the value (the release layer words it for 2.0/2.1).
        if !v.is_nan() && !(0.0..=100.0).contains(&v) {
            return Err(format!(
                "{PERCENTILE_OUT_OF_RANGE}, but was {}",
                java_double(v)
            ));
        }
        return Ok(());
    }
    if let Some(n) = name.strip_suffix("MS") {
        return java_parse_double(n).map(|_| ()).map_or_else(invalid, Ok);
    }
    match name.as_str() {
        "NONE" | "CUSTOM" | "PERCENTILE" | "ALWAYS" => Ok(()),
        _ => invalid(),
    }
}

/// 2.0 to 2.2's `SpeculativeRetry.toString()` of the setting read from
/// `retry` (upper-cased): a percentile as `(value / 100) * 100`, a delay
/// as the double read, each in `Double.toString`'s digits
/// (`99.0PERCENTILE`, `50.0ms`), a type by its name (`ALWAYS`).
pub fn shown_2_0(retry: &str) -> String {
    let upper = retry.to_uppercase();
    if let Some(v) = upper.strip_suffix("PERCENTILE").and_then(java_parse_double) {
        return format!("{}PERCENTILE", java_double(v / 100.0 * 100.0));
    }
    if let Some(v) = upper.strip_suffix("MS").and_then(java_parse_double) {
        return format!("{}ms", java_double(v));
    }
    upper
}

/// 3.x's `SpeculativeRetryParam.toString()` of the setting read from
/// `retry` (`None`: the default, the 99th percentile): a percentile in
/// `DecimalFormat("#.#####")`'s digits (`99PERCENTILE`, `99.5PERCENTILE`),
/// a delay as `Double.toString` (`50.0ms`), `NONE` / `ALWAYS` by name.
pub fn shown_3_0(retry: Option<&str>) -> String {
    let Some(retry) = retry else {
        return "99PERCENTILE".into();
    };
    let upper = retry.to_uppercase();
    if let Some(v) = upper.strip_suffix("PERCENTILE").and_then(java_parse_double) {
        let digits = format!("{v:.5}");
        let digits = digits.trim_end_matches('0').trim_end_matches('.');
        return format!("{digits}PERCENTILE");
    }
    if let Some(v) = upper.strip_suffix("MS").and_then(java_parse_double) {
        return format!("{}ms", java_double(v));
    }
    upper
}

/// 2.0 to 2.2's refusal of a percentile outside 0 to 100, before 2.2's
/// `, but was V`.
pub const PERCENTILE_OUT_OF_RANGE: &str = "PERCENTILE should be between 0 and 100";

/// `Double.toString`'s digits.
pub(super) fn java_double(v: f64) -> String {
    let bytes = v.to_be_bytes();
    crate::marshal::parse_type("DoubleType")
        .map(|t| t.get_string(&bytes))
        .unwrap_or_else(|_| format!("{v:?}"))
}

/// 3.x's `SpeculativeRetryParam.fromString`: a delay ending `ms` (any
/// case), a percentile from 0.0 to 100.0, `NONE` or `ALWAYS` exactly.
pub fn check_3_0(retry: &str) -> Result<(), String> {
    let invalid = || {
        Err(format!(
            "Invalid value {retry} for option 'speculative_retry'"
        ))
    };
    // The text without its last `n` bytes (None inside a character).
    let head = |n: usize| retry.len().checked_sub(n).and_then(|i| retry.get(..i));
    if retry.to_lowercase().ends_with("ms") {
        return head(2)
            .and_then(java_parse_double)
            .map(|_| ())
            .map_or_else(invalid, Ok);
    }
    if retry.to_uppercase().ends_with("PERCENTILE") {
        let Some(v) = head("PERCENTILE".len()).and_then(java_parse_double) else {
            return invalid();
        };
        if (0.0..=100.0).contains(&v) {
            return Ok(());
        }
        return Err(format!(
            "Invalid value {retry} for PERCENTILE option 'speculative_retry': must be between \
             0.0 and 100.0"
        ));
    }
    match retry {
        "NONE" | "ALWAYS" => Ok(()),
        _ => invalid(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doubles_read_as_java_did() {
        assert_eq!(java_parse_double(" 10 "), Some(10.0));
        assert_eq!(java_parse_double("1e2d"), Some(100.0));
        assert_eq!(java_parse_double("inf"), None);
        assert_eq!(java_parse_double(""), None);
        assert!(java_parse_double("NaN").unwrap().is_nan());
    }

    #[test]
    fn releases_3_x_print_percentiles_without_a_needless_fraction() {
        assert_eq!(shown_3_0(None), "99PERCENTILE");
        assert_eq!(shown_3_0(Some("99.0PERCENTILE")), "99PERCENTILE");
        assert_eq!(shown_3_0(Some("95.5percentile")), "95.5PERCENTILE");
        assert_eq!(shown_3_0(Some("10ms")), "10.0ms");
        assert_eq!(shown_3_0(Some("ALWAYS")), "ALWAYS");
    }

    #[test]
    fn releases_2_x_words() {
        assert_eq!(check_2_0("10ms"), Ok(()));
        assert_eq!(check_2_0("always"), Ok(()));
        assert_eq!(check_2_0("99percentile"), Ok(()));
        assert_eq!(
            check_2_0("99TH"),
            Err("invalid speculative_retry type: 99TH".into())
        );
        assert_eq!(
            check_2_0("101PERCENTILE"),
            Err("PERCENTILE should be between 0 and 100, but was 101.0".into())
        );
    }

    #[test]
    fn releases_2_x_print_what_they_parsed() {
        assert_eq!(shown_2_0("10ms"), "10.0ms");
        assert_eq!(shown_2_0("99percentile"), "99.0PERCENTILE");
        assert_eq!(shown_2_0("always"), "ALWAYS");
    }

    #[test]
    fn releases_3_x_words() {
        assert_eq!(check_3_0("10MS"), Ok(()));
        assert_eq!(check_3_0("ALWAYS"), Ok(()));
        assert_eq!(
            check_3_0("always"),
            Err("Invalid value always for option 'speculative_retry'".into())
        );
        assert_eq!(
            check_3_0("99TH"),
            Err("Invalid value 99TH for option 'speculative_retry'".into())
        );
        assert!(check_3_0("101PERCENTILE")
            .unwrap_err()
            .starts_with("Invalid value 101PERCENTILE for PERCENTILE option"));
    }
}
