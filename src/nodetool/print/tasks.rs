//! nodetool 1.2's layouts of background work: `compactionstats` and
//! `repair`.

use super::format::{count, list, str_of};
use serde_json::Value;

pub fn compactionstats(v: &Value, out: &mut String) {
    out.push_str(&format!("pending tasks: {}\n", count(&v["pending"])));
    let running = list(&v["running"]);
    let row = |out: &mut String, c: [&str; 7]| {
        out.push_str(&format!(
            "{:>25}{:>16}{:>16}{:>16}{:>16}{:>10}{:>10}\n",
            c[0], c[1], c[2], c[3], c[4], c[5], c[6]
        ))
    };
    if !running.is_empty() {
        row(
            out,
            [
                "compaction type",
                "keyspace",
                "column family",
                "completed",
                "total",
                "unit",
                "progress",
            ],
        );
    }
    for c in &running {
        let done = c["completed"].as_f64().unwrap_or(0.0);
        let total = c["total"].as_f64().unwrap_or(0.0);
        let progress = if total == 0.0 {
            "n/a".to_string()
        } else {
            format!("{:.2}%", done / total * 100.0)
        };
        row(
            out,
            [
                &str_of(&c["type"]),
                &str_of(&c["keyspace"]),
                &str_of(&c["column_family"]),
                &count(&c["completed"]),
                &count(&c["total"]),
                &str_of(&c["unit"]),
                &progress,
            ],
        );
    }
    // Compaction is not throttled here, and its progress counts keys, not
    // bytes: no remaining time can be told, as 1.2 said when unthrottled.
    out.push_str(&format!(
        "{:>25}{:>10}\n",
        "Active compaction remaining time : ", "n/a"
    ));
}

/// 1.2's `[yyyy-MM-dd HH:mm:ss,SSS]` stamp (UTC).
fn stamp() -> String {
    let t = crate::node::calls::activity::rfc3339(std::time::SystemTime::now());
    // "YYYY-MM-DDTHH:MM:SS.ffffffZ"
    format!("{} {},{}", &t[..10], &t[11..19], &t[20..23])
}

pub fn repair(v: &Value, out: &mut String) {
    for ks in list(&v["keyspaces"]) {
        out.push_str(&format!(
            "[{}] Nothing to repair for keyspace '{}'\n",
            stamp(),
            str_of(&ks)
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn compactions_show_their_progress() {
        let mut out = String::new();
        compactionstats(
            &json!({"pending": 1, "running": [{"type": "Compaction", "keyspace": "ks",
                "column_family": "cf", "completed": 1, "total": 4, "unit": "keys"}]}),
            &mut out,
        );
        assert!(out.starts_with("pending tasks: 1\n"), "{out}");
        assert!(out.contains("25.00%\n"), "{out}");
        assert!(
            out.ends_with("Active compaction remaining time :        n/a\n"),
            "{out}"
        );
    }

    #[test]
    fn repair_stamps_look_like_1_2() {
        let s = stamp();
        assert_eq!(s.len(), 23, "{s}");
        assert_eq!((&s[10..11], &s[19..20]), (" ", ","), "{s}");
    }
}
