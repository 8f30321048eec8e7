//! How nodetool 1.2 printed single figures: sizes as Cassandra's
//! `FileUtils` wrote them, values from the admin surface's JSON, and `n/a`
//! for a figure the server does not keep (as 1.2 printed what it did not
//! know). No layout lives here.

use serde_json::Value;

/// Cassandra's `FileUtils.stringifyFileSize`: two decimals at most, in the
/// largest unit the size reaches.
pub(super) fn file_size(bytes: f64) -> String {
    const KB: f64 = 1024.0;
    let units = [
        (KB * KB * KB * KB, "TB"),
        (KB * KB * KB, "GB"),
        (KB * KB, "MB"),
        (KB, "KB"),
    ];
    for (size, unit) in units {
        if bytes >= size {
            return format!("{} {unit}", decimal(bytes / size));
        }
    }
    format!("{} bytes", decimal(bytes))
}

/// Java's `DecimalFormat("#.##")`: at most two decimals, no trailing zeros.
fn decimal(v: f64) -> String {
    let text = format!("{v:.2}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    text.to_string()
}

pub(super) fn str_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "?".into(),
        other => other.to_string(),
    }
}

pub(super) fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

/// A figure, or `n/a` when the server does not keep it.
pub(super) fn count(v: &Value) -> String {
    match v {
        Value::Null => "n/a".into(),
        other => str_of(other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_as_cassandra_printed_them() {
        assert_eq!(file_size(0.0), "0 bytes");
        assert_eq!(file_size(1000.0), "1000 bytes");
        assert_eq!(file_size(1024.0), "1 KB");
        assert_eq!(file_size(1536.0), "1.5 KB");
        assert_eq!(file_size(3.0 * 1024.0 * 1024.0 + 10_000.0), "3.01 MB");
    }
}
