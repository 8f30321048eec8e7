//! nodetool 1.2's layouts of `status`, `tpstats`, `describering`,
//! `getendpoints`, `compactionstats`, `netstats` and `repair`, filled from
//! the admin surface's JSON answers. A figure the server does not keep
//! comes as `null` and prints as `n/a`, as 1.2 printed what it did not know.

use super::print::{file_size, str_of};
use serde_json::Value;

fn list(v: &Value) -> Vec<Value> {
    v.as_array().cloned().unwrap_or_default()
}

/// A figure, or `n/a` when the server does not keep it.
fn count(v: &Value) -> String {
    match v {
        Value::Null => "n/a".into(),
        other => str_of(other),
    }
}

pub fn status(v: &Value, out: &mut String) {
    let effective = v["effective"].as_bool().unwrap_or(false);
    let owns_title = if effective {
        "Owns (effective)"
    } else {
        "Owns"
    };
    let dcs = list(&v["datacenters"]);
    let width = dcs
        .iter()
        .flat_map(|dc| list(&dc["nodes"]))
        .map(|n| str_of(&n["address"]).len())
        .max()
        .unwrap_or(0);
    let row = |out: &mut String, c: [&str; 8]| {
        let owns = if effective {
            format!("{:<16}  ", c[4])
        } else {
            format!("{:<5}  ", c[4])
        };
        out.push_str(&format!(
            "{}{}  {:<width$}  {:<9}  {owns}{:<36}  {:<39}  {}\n",
            c[0], c[1], c[2], c[3], c[5], c[6], c[7]
        ));
    };
    for dc in &dcs {
        let header = format!("Datacenter: {}", str_of(&dc["datacenter"]));
        out.push_str(&format!("{header}\n{}\n", "=".repeat(header.len())));
        out.push_str("Status=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n");
        row(
            out,
            [
                "-", "-", "Address", "Load", owns_title, "Host ID", "Token", "Rack",
            ],
        );
        for n in list(&dc["nodes"]) {
            let owns = format!("{:.1}%", n["owns"].as_f64().unwrap_or(0.0) * 100.0);
            let load = file_size(n["load_bytes"].as_f64().unwrap_or(0.0));
            let token = list(&n["tokens"]).first().map(str_of).unwrap_or_default();
            row(
                out,
                [
                    &str_of(&n["status"]),
                    &str_of(&n["state"]),
                    &str_of(&n["address"]),
                    &load,
                    &owns,
                    &str_of(&n["host_id"]),
                    &token,
                    &str_of(&n["rack"]),
                ],
            );
        }
    }
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

/// A list as Java's `List.toString` wrote it: `[a, b]`.
fn java_list(items: &[String]) -> String {
    format!("[{}]", items.join(", "))
}

pub fn describering(v: &Value, out: &mut String) {
    out.push_str(&format!(
        "Schema Version:{}\nTokenRange: \n",
        str_of(&v["schema_version"])
    ));
    let strings = |v: &Value| list(v).iter().map(str_of).collect::<Vec<_>>();
    for r in list(&v["ranges"]) {
        let details: Vec<String> = list(&r["endpoint_details"])
            .iter()
            .map(|d| {
                format!(
                    "EndpointDetails(host:{}, datacenter:{}, rack:{})",
                    str_of(&d["host"]),
                    str_of(&d["datacenter"]),
                    str_of(&d["rack"])
                )
            })
            .collect();
        out.push_str(&format!(
            "\tTokenRange(start_token:{}, end_token:{}, endpoints:{}, rpc_endpoints:{}, endpoint_details:{})\n",
            str_of(&r["start_token"]),
            str_of(&r["end_token"]),
            java_list(&strings(&r["endpoints"])),
            java_list(&strings(&r["rpc_endpoints"])),
            java_list(&details),
        ));
    }
}

pub fn endpoints(v: &Value, out: &mut String) {
    for e in list(&v["endpoints"]) {
        out.push_str(&format!("{}\n", str_of(&e)));
    }
}

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

/// 1.2's `[yyyy-MM-dd HH:mm:ss,SSS]` stamp (UTC).
fn stamp() -> String {
    let t = crate::node::activity::rfc3339(std::time::SystemTime::now());
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
    fn status_is_laid_out_as_1_2() {
        let mut out = String::new();
        status(
            &json!({"effective": true, "datacenters": [{"datacenter": "datacenter1", "nodes": [{
                "status": "U", "state": "N", "address": "127.0.0.1", "load_bytes": 2048,
                "tokens": ["42"], "owns": 1.0, "host_id": "00000000-0000-0000-0000-000000000001",
                "rack": "rack1"}]}]}),
            &mut out,
        );
        let expected = "Datacenter: datacenter1\n=======================\n\
            Status=Up/Down\n|/ State=Normal/Leaving/Joining/Moving\n\
            --  Address    Load       Owns (effective)  Host ID                               Token                                    Rack\n\
            UN  127.0.0.1  2 KB       100.0%            00000000-0000-0000-0000-000000000001  42                                       rack1\n";
        assert_eq!(out, expected);
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
