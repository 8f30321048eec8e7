//! `schema_rows`' tests: the options converted, the cells of frozen
//! collections and of the claimed release's columns.

use super::*;

#[test]
fn options_are_converted_as_the_upgrades_did() {
    assert_eq!(speculative_retry(Some("99.0PERCENTILE")), "99p");
    assert_eq!(speculative_retry(Some("95PERCENTILE")), "95p");
    assert_eq!(speculative_retry(Some("10ms")), "10ms");
    assert_eq!(speculative_retry(None), "99p");
    assert_eq!(caching(Some(Caching::KeysOnly))["keys"], "ALL");
    assert_eq!(caching(Some(Caching::RowsOnly))["keys"], "NONE");
    assert_eq!(caching(Some(Caching::All))["rows_per_partition"], "ALL");
    let mut cf = CfDef::new(
        "ks",
        "cf",
        1000,
        crate::marshal::parse_type("BytesType").unwrap(),
        None,
    );
    cf.options.compression_options = BTreeMap::from([(
        "sstable_compression".to_string(),
        "org.apache.cassandra.io.compress.SnappyCompressor".to_string(),
    )]);
    let c = compression(Some(&cf));
    assert_eq!(
        c["class"],
        "org.apache.cassandra.io.compress.SnappyCompressor"
    );
    assert_eq!(c["chunk_length_in_kb"], "64");
    cf.options.compression_options.clear();
    assert_eq!(compression(Some(&cf))["enabled"], "false");
    let k = compaction(Some(&cf));
    assert_eq!(
        (k["min_threshold"].as_str(), k["max_threshold"].as_str()),
        ("4", "32")
    );
    // Leveled reads no thresholds: its map is its class and options.
    cf.options.compaction_strategy = crate::schema::LEVELED.to_string();
    cf.options.compaction_strategy_options =
        BTreeMap::from([("sstable_size_in_mb".to_string(), "160".to_string())]);
    let k = compaction(Some(&cf));
    assert_eq!(
        k.keys().map(String::as_str).collect::<Vec<_>>(),
        ["class", "sstable_size_in_mb"]
    );
}

/// A frozen collection is one cell of the whole collection in the v3
/// form (a set's members, a list's values, a map's pairs); a column the
/// claimed release's table lacks is left out.
#[test]
fn frozen_collections_are_one_cell_and_absent_columns_left_out() {
    let local = LocalFacts::claiming("3.0.24");
    let t = super::super::schema::table_claimed(SCHEMA_KEYSPACE, "tables", &local).unwrap();
    let row: Row = (
        vec![b"t".to_vec()],
        vec![
            (
                "flags",
                Val::Entries(vec![(b"compound".to_vec(), Vec::new())]),
            ),
            ("cdc", boolean(false)),
            ("comment", text("c")),
        ],
    );
    let cells = cells(&t, vec![row]).unwrap();
    // the row marker, flags whole, comment; no cdc
    assert_eq!(cells.len(), 3);
    let whole = write_v3_collection(&[b"compound"], 1);
    assert!(cells.iter().any(|c| c.value == whole));
    let list = CqlType::Frozen(Box::new(CqlType::List(Box::new(CqlType::Native(
        crate::cql::types::Native::Text,
    )))));
    let entries = vec![
        (vec![0u8; 16], b"a".to_vec()),
        (vec![1u8; 16], b"b".to_vec()),
    ];
    assert_eq!(
        frozen_value(&list, entries),
        write_v3_collection(&[b"a", b"b"], 2)
    );
}

/// Recorded: 3.0.24 and 3.11.10 (`ordinary19p`'s `system_schema.tables`
/// read): `99PERCENTILE`, and 3.11's `cdc` null on the stock node.
#[test]
fn releases_before_4_0_spell_the_retry_their_way_and_leave_cdc_out() {
    let options = || vec![("cdc", boolean(false)), ("speculative_retry", text("99p"))];
    let mut before = options();
    claimed_options(&mut before, None, (3, 11, 10));
    assert_eq!(before.len(), 1);
    assert!(matches!(&before[0], ("speculative_retry", Val::Bytes(b)) if b == b"99PERCENTILE"));
    let mut after = options();
    claimed_options(&mut after, None, (4, 0, 0));
    assert_eq!(after.len(), 2);
    assert!(matches!(&after[1], ("speculative_retry", Val::Bytes(b)) if b == b"99p"));
}
