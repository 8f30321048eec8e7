//! nodetool 1.2's layouts of the token ring and who owns it: `ring`,
//! `status`, `describering` and `getendpoints`.

use super::format::{file_size, list, str_of};
use serde_json::Value;

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
}
