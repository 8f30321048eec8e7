//! nodetool 1.2's layouts of the data per keyspace and column family:
//! `cfstats` and `listsnapshots`.

use super::format::{file_size, str_of};
use serde_json::Value;

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
