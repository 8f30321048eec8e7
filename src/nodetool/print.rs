//! nodetool 1.2's layouts, filled from the admin surface's JSON answers.

use serde_json::Value;

/// Cassandra's `FileUtils.stringifyFileSize`: two decimals at most, in the
/// largest unit the size reaches.
pub fn file_size(bytes: f64) -> String {
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

fn line(out: &mut String, name: &str, value: impl std::fmt::Display) {
    out.push_str(&format!("{name:<17}: {value}\n"));
}

pub fn info(v: &Value, out: &mut String) {
    line(out, "Token", str_of(&v["token"]));
    line(
        out,
        "Gossip active",
        v["gossip_active"].as_bool().unwrap_or(false),
    );
    line(
        out,
        "Thrift active",
        v["thrift_active"].as_bool().unwrap_or(false),
    );
    line(
        out,
        "Load",
        file_size(v["load_bytes"].as_f64().unwrap_or(0.0)),
    );
    // Without gossip 1.2 printed generation 0.
    line(out, "Generation No", 0);
    line(
        out,
        "Uptime (seconds)",
        v["uptime_seconds"].as_u64().unwrap_or(0),
    );
    let mb = |key: &str| v[key].as_f64().map(|b| b / (1024.0 * 1024.0));
    if let (Some(used), Some(max)) = (mb("memory_used_bytes"), mb("memory_total_bytes")) {
        // This process's resident memory and the machine's (there is no heap).
        line(out, "Heap Memory (MB)", format!("{used:.2} / {max:.2}"));
    }
    line(out, "Data Center", str_of(&v["data_center"]));
    line(out, "Rack", str_of(&v["rack"]));
}

fn ring_row(out: &mut String, cols: [&str; 7]) {
    out.push_str(&format!(
        "{:<16}{:<12}{:<7}{:<8}{:<16}{:<20}{:<44}\n",
        cols[0], cols[1], cols[2], cols[3], cols[4], cols[5], cols[6]
    ));
}

pub fn ring(v: &Value, out: &mut String) {
    out.push_str("Note: Ownership information does not include topology; for complete information, specify a keyspace\n");
    out.push('\n');
    out.push_str(&format!(
        "Datacenter: {}\n==========\n",
        str_of(&v["datacenter"])
    ));
    ring_row(
        out,
        [
            "Address", "Rack", "Status", "State", "Load", "Owns", "Token",
        ],
    );
    let nodes = v["nodes"].as_array().cloned().unwrap_or_default();
    out.push('\n');
    for n in &nodes {
        let owns = format!("{:.2}%", n["owns"].as_f64().unwrap_or(0.0) * 100.0);
        let load = file_size(n["load_bytes"].as_f64().unwrap_or(0.0));
        ring_row(
            out,
            [
                &str_of(&n["address"]),
                &str_of(&n["rack"]),
                &str_of(&n["status"]),
                &str_of(&n["state"]),
                &load,
                &owns,
                &str_of(&n["token"]),
            ],
        );
    }
    out.push('\n');
}

/// `names`: keyspaces or `keyspace.cf` to keep (none: all).
pub fn cfstats(v: &Value, names: &[String], out: &mut String) -> Result<(), String> {
    let wanted = |ks: &str, cf: &str| {
        names.is_empty()
            || names
                .iter()
                .any(|n| n == ks || n.split_once('.') == Some((ks, cf)))
    };
    let mut shown = 0;
    for ks in v["keyspaces"].as_array().into_iter().flatten() {
        let name = str_of(&ks["keyspace"]);
        let cfs: Vec<&Value> = ks["column_families"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|cf| wanted(&name, &str_of(&cf["column_family"])))
            .collect();
        if cfs.is_empty() {
            continue;
        }
        shown += 1;
        let pending: u64 = cfs
            .iter()
            .filter_map(|c| c["memtables_flushing"].as_u64())
            .sum();
        out.push_str(&format!("Keyspace: {name}\n"));
        out.push_str(&format!("\tPending Tasks: {pending}\n"));
        for cf in cfs {
            let n = |k: &str| cf[k].as_u64().unwrap_or(0);
            out.push_str(&format!(
                "\t\tColumn Family: {}\n",
                str_of(&cf["column_family"])
            ));
            out.push_str(&format!("\t\tSSTable count: {}\n", n("sstable_count")));
            out.push_str(&format!(
                "\t\tSpace used (live): {}\n",
                n("space_used_live")
            ));
            out.push_str(&format!(
                "\t\tSpace used (total): {}\n",
                n("space_used_total")
            ));
            out.push_str(&format!(
                "\t\tMemtable Columns Count: {}\n",
                n("memtable_columns_count")
            ));
            out.push_str(&format!(
                "\t\tMemtable Data Size: {}\n",
                n("memtable_data_size")
            ));
            out.push_str(&format!("\t\tPending Tasks: {}\n", n("memtables_flushing")));
            out.push('\n');
        }
        out.push_str("----------------\n");
    }
    if shown == 0 && !names.is_empty() {
        return Err(format!(
            "Unknown keyspace or column family: {}",
            names.join(", ")
        ));
    }
    Ok(())
}

pub fn snapshots(v: &Value, out: &mut String) {
    let entries = v["snapshots"].as_array().cloned().unwrap_or_default();
    if entries.is_empty() {
        out.push_str("There are no snapshots\n");
        return;
    }
    out.push_str("Snapshot Details: \n");
    let row = |out: &mut String, c: [&str; 5]| {
        out.push_str(&format!(
            "{:<20}{:<29}{:<29}{:<19}{:<19}\n",
            c[0], c[1], c[2], c[3], c[4]
        ))
    };
    row(
        out,
        [
            "Snapshot name",
            "Keyspace name",
            "Column family name",
            "True size",
            "Size on disk",
        ],
    );
    let mut total = 0.0;
    for e in &entries {
        let true_size = e["true_size"].as_f64().unwrap_or(0.0);
        total += true_size;
        row(
            out,
            [
                &str_of(&e["tag"]),
                &str_of(&e["keyspace"]),
                &str_of(&e["column_family"]),
                &file_size(true_size),
                &file_size(e["size_on_disk"].as_f64().unwrap_or(0.0)),
            ],
        );
    }
    out.push_str(&format!(
        "\nTotal TrueDiskSpaceUsed: {}\n\n",
        file_size(total)
    ));
}

pub fn which_keyspaces(keyspaces: &[String]) -> String {
    if keyspaces.is_empty() {
        "all keyspaces".into()
    } else {
        keyspaces.join(", ")
    }
}

/// Percent-escapes a query-string value.
pub fn query_escape(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.') {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
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

    #[test]
    fn info_lines_are_aligned_as_nodetool_1_2() {
        let mut out = String::new();
        info(
            &serde_json::json!({"token": "42", "gossip_active": false, "thrift_active": true,
                "load_bytes": 2048, "uptime_seconds": 5, "data_center": "datacenter1", "rack": "rack1"}),
            &mut out,
        );
        assert!(
            out.starts_with("Token            : 42\nGossip active    : false\n"),
            "{out}"
        );
        assert!(out.contains("Load             : 2 KB\n"), "{out}");
        assert!(out.contains("Uptime (seconds) : 5\n"), "{out}");
    }
}
