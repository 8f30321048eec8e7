//! The golden recording `cql3-cells-golden.json` (Cassandra 1.2.9) loaded
//! for the tests that replay it: its scenarios in recording order, which
//! matters because later scenarios reuse the keyspaces (and the connection
//! keyspace) of earlier ones.

use serde_json::Value;

pub const GOLDEN: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/cql/cql3-cells-golden.json"
);

/// Every scenario as (id, scenario), in the order the recording ran them.
pub fn scenarios() -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(GOLDEN).expect("golden json");
    let golden: Value = serde_json::from_str(&text).expect("golden json parses");
    let mut order: Vec<(String, Value)> = golden["scenarios"]
        .as_object()
        .expect("scenarios")
        .iter()
        .map(|(id, s)| (id.clone(), s.clone()))
        .collect();
    // serde_json sorts object keys; the file keeps the recording's order.
    order.sort_by_key(|(id, _)| {
        text.find(&format!("\"id\": \"{id}\""))
            .unwrap_or(usize::MAX)
    });
    order
}
