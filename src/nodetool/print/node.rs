//! nodetool 1.2's layouts of this node's own state: `info`, `tpstats`
//! (thread pools and dropped messages) and `netstats` (streams, read repair,
//! message pools and client connections).

use super::format::{count, file_size, list, str_of};
use serde_json::Value;

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

pub fn tpstats(v: &Value, out: &mut String) {
    let row = |out: &mut String, c: [&str; 6]| {
        out.push_str(&format!(
            "{:<25}{:>10}{:>10}{:>15}{:>10}{:>18}\n",
            c[0], c[1], c[2], c[3], c[4], c[5]
        ))
    };
    row(
        out,
        [
            "Pool Name",
            "Active",
            "Pending",
            "Completed",
            "Blocked",
            "All time blocked",
        ],
    );
    for p in list(&v["pools"]) {
        row(
            out,
            [
                &str_of(&p["name"]),
                &count(&p["active"]),
                &count(&p["pending"]),
                &count(&p["completed"]),
                &count(&p["blocked"]),
                &count(&p["all_time_blocked"]),
            ],
        );
    }
    out.push_str(&format!("\n{:<20}{:>10}\n", "Message type", "Dropped"));
    for d in list(&v["dropped"]) {
        out.push_str(&format!(
            "{:<20}{:>10}\n",
            str_of(&d["type"]),
            count(&d["dropped"])
        ));
    }
}

pub fn netstats(v: &Value, out: &mut String) {
    out.push_str(&format!("Mode: {}\n", str_of(&v["mode"])));
    if list(&v["streams_out"]).is_empty() {
        out.push_str("Not sending any streams.\n");
    }
    if list(&v["streams_in"]).is_empty() {
        out.push_str("Not receiving any streams.\n");
    }
    let rr = &v["read_repair"];
    out.push_str(&format!(
        "Read Repair Statistics:\nAttempted: {}\nMismatch (Blocking): {}\nMismatch (Background): {}\n",
        count(&rr["attempted"]),
        count(&rr["mismatch_blocking"]),
        count(&rr["mismatch_background"])
    ));
    out.push_str(&format!(
        "{:<25}{:>10}{:>10}{:>15}\n",
        "Pool Name", "Active", "Pending", "Completed"
    ));
    for (name, key) in [("Commands", "commands"), ("Responses", "responses")] {
        out.push_str(&format!(
            "{:<25}{:>10}{:>10}{:>15}\n",
            name,
            "n/a",
            count(&v[key]["pending"]),
            count(&v[key]["completed"])
        ));
    }
    // Not in 1.2's layout: the clients connected now (Thrift and native).
    out.push_str(&format!(
        "Client connections: {} (at most {})\n",
        count(&v["client_connections"]),
        count(&v["max_client_connections"])
    ));
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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

    #[test]
    fn unknown_figures_print_as_n_a() {
        let mut out = String::new();
        tpstats(
            &json!({"pools": [{"name": "ReadStage", "active": null, "pending": null,
                "completed": 7, "blocked": null, "all_time_blocked": null}],
                "dropped": [{"type": "READ", "dropped": 0}]}),
            &mut out,
        );
        assert_eq!(
            out,
            "Pool Name                    Active   Pending      Completed   Blocked  All time blocked\n\
             ReadStage                       n/a       n/a              7       n/a               n/a\n\
             \nMessage type           Dropped\nREAD                         0\n"
        );
    }
}
