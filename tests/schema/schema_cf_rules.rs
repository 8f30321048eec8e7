//! The column-family rules of `Schema::apply` with Cassandra 1.2's messages:
//! counters, column metadata and indexes, thresholds, compaction and
//! compression.

use std::collections::BTreeMap;
use supercolumn::schema::{CfSpec, ColumnSpec, IndexType, SchemaChange};

use crate::support::schema;
use schema::*;

fn col(name: &str, class: &str) -> ColumnSpec {
    ColumnSpec {
        name: name.as_bytes().to_vec(),
        validation_class: Some(class.to_string()),
        ..ColumnSpec::default()
    }
}

fn indexed(name: &str, class: &str, index: Option<&str>) -> ColumnSpec {
    ColumnSpec {
        index_type: Some(IndexType::Keys),
        index_name: index.map(str::to_string),
        ..col(name, class)
    }
}

fn opts(pairs: &[(&str, &str)]) -> Option<BTreeMap<String, String>> {
    Some(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

#[test]
fn counter_rules() {
    let s = base();
    let counter = || CfSpec {
        default_validation_class: Some("CounterColumnType".into()),
        ..cf("C")
    };
    let ok = s.apply(add_cf(counter())).unwrap();
    assert!(ok.cf("ks", "C").unwrap().is_counter());
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                comparator_type: Some("CounterColumnType".into()),
                ..cf("C")
            })
        ),
        "CounterColumnType is not a valid comparator"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                column_type: Some("Super".into()),
                subcomparator_type: Some("CounterColumnType".into()),
                ..cf("C")
            })
        ),
        "CounterColumnType is not a valid sub-column comparator"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                key_validation_class: Some("CounterColumnType".into()),
                ..cf("C")
            })
        ),
        "CounterColumnType is not a valid key validator"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                comparator_type: Some("UTF8Type".into()),
                column_metadata: Some(vec![col("x", "LongType")]),
                ..counter()
            })
        ),
        "Cannot add a non counter column (x) in a counter column family"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                comparator_type: Some("UTF8Type".into()),
                column_metadata: Some(vec![col("x", "CounterColumnType")]),
                ..cf("C")
            })
        ),
        "Cannot add a counter column (x) in a non counter column family"
    );
}

#[test]
fn column_metadata_and_index_rules() {
    let s = base();
    let utf8 = |cols: Vec<ColumnSpec>| CfSpec {
        comparator_type: Some("UTF8Type".into()),
        column_metadata: Some(cols),
        ..cf("U")
    };
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                comparator_type: Some("LongType".into()),
                column_metadata: Some(vec![col("abc", "UTF8Type")]),
                ..cf("U")
            })
        ),
        "Column name 616263 is not valid for comparator org.apache.cassandra.db.marshal.LongType"
    );
    assert_eq!(
        err(
            &s,
            add_cf(utf8(vec![ColumnSpec {
                index_name: Some("i".into()),
                ..col("a", "UTF8Type")
            }]))
        ),
        "Index name cannot be set without index type"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                column_type: Some("Super".into()),
                ..utf8(vec![indexed("a", "UTF8Type", None)])
            })
        ),
        "Secondary indexes are not supported on super column families"
    );
    assert_eq!(
        err(
            &s,
            add_cf(utf8(vec![indexed("a", "UTF8Type", Some("bad name"))]))
        ),
        "Illegal index name bad name"
    );
    assert_eq!(
        err(
            &s,
            add_cf(utf8(vec![
                indexed("a", "UTF8Type", Some("i")),
                indexed("b", "UTF8Type", Some("i"))
            ]))
        ),
        "Duplicate index name i"
    );
    assert_eq!(
        err(
            &s,
            add_cf(utf8(vec![ColumnSpec {
                index_type: Some(IndexType::Custom),
                ..col("a", "UTF8Type")
            }]))
        ),
        "Required index option missing: class_name"
    );
    assert_eq!(
        err(
            &s,
            add_cf(utf8(vec![ColumnSpec {
                index_type: Some(IndexType::Composites),
                index_options: opts(&[("prefix_size", "x")]),
                ..col("a", "UTF8Type")
            }]))
        ),
        "Invalid non integer value for option prefix_size (got 'x')"
    );
    // Default names, unique across the schema.
    let s1 = s
        .apply(add_cf(utf8(vec![
            indexed("state", "UTF8Type", None),
            col("age", "LongType"),
        ])))
        .unwrap();
    let users = s1.cf("ks", "U").unwrap();
    assert_eq!(
        users
            .options
            .column(b"state")
            .unwrap()
            .index_name
            .as_deref(),
        Some("U_state_idx")
    );
    assert_eq!(users.options.column(b"age").unwrap().index_name, None);
    assert_eq!(
        users.options.value_validator(b"age").class_name(),
        "org.apache.cassandra.db.marshal.LongType"
    );
    let s2 = s1
        .apply(add_cf(CfSpec {
            name: "V".into(),
            ..utf8(vec![indexed("x", "UTF8Type", Some("U_state_idx"))])
        }))
        .map(|_| ())
        .unwrap_err();
    assert_eq!(s2.to_string(), "Duplicate index name U_state_idx");
    // An update keeps the index name, refuses renaming it and refuses an
    // incompatible validator on an indexed column.
    let upd = |cols: Vec<ColumnSpec>| SchemaChange::UpdateColumnFamily(utf8(cols));
    let kept = s1
        .apply(upd(vec![indexed("state", "UTF8Type", None)]))
        .unwrap();
    assert_eq!(
        kept.cf("ks", "U")
            .unwrap()
            .options
            .column(b"state")
            .unwrap()
            .index_name
            .as_deref(),
        Some("U_state_idx")
    );
    assert_eq!(
        err(&s1, upd(vec![indexed("state", "UTF8Type", Some("other"))])),
        "Can't modify index name: was 'U_state_idx' changed to 'other'."
    );
    assert_eq!(
        err(&s1, upd(vec![indexed("state", "LongType", None)])),
        "Cannot modify validator to a non-compatible one for column state since an index is set"
    );
}

#[test]
fn threshold_compaction_compression_and_bloom_rules() {
    let s = base();
    let c = |spec: CfSpec| err(&s, add_cf(spec));
    assert_eq!(
        c(CfSpec {
            min_compaction_threshold: Some(1),
            ..cf("C")
        }),
        "Min compaction threshold cannot be less than 2 (got 1)."
    );
    assert_eq!(
        c(CfSpec {
            min_compaction_threshold: Some(10),
            max_compaction_threshold: Some(5),
            ..cf("C")
        }),
        "Min compaction threshold (got 10) cannot be greater than max compaction threshold (got 5)"
    );
    assert!(s
        .apply(add_cf(CfSpec {
            min_compaction_threshold: Some(0),
            max_compaction_threshold: Some(0),
            ..cf("C")
        }))
        .is_ok());
    assert_eq!(c(CfSpec { bloom_filter_fp_chance: Some(0.0), ..cf("C") }), "Zero false positives is impossible; bloom filter false positive chance bffpc must be 0 < bffpc <= 1");
    assert_eq!(
        c(CfSpec {
            compaction_strategy: Some("FooStrategy".into()),
            ..cf("C")
        }),
        "Unable to find compaction strategy class 'org.apache.cassandra.db.compaction.FooStrategy'"
    );
    assert_eq!(
        c(CfSpec {
            compaction_strategy: Some("LeveledCompactionStrategy".into()),
            compaction_strategy_options: opts(&[("sstable_size_in_mb", "0")]),
            ..cf("C")
        }),
        "sstable_size_in_mb must be larger than 0, but was 0"
    );
    assert_eq!(
        c(CfSpec {
            compaction_strategy_options: opts(&[("bucket_low", "2"), ("bucket_high", "1")]),
            ..cf("C")
        }),
        "BucketHigh value (1.0) is less than or equal BucketLow value (2.0)"
    );
    assert_eq!(
        c(CfSpec {
            compression_options: opts(&[("sstable_compression", "Zip")]),
            ..cf("C")
        }),
        "Could not create Compression for type org.apache.cassandra.io.compress.Zip"
    );
    assert_eq!(
        c(CfSpec {
            compression_options: opts(&[
                ("sstable_compression", "SnappyCompressor"),
                ("chunk_length_kb", "3")
            ]),
            ..cf("C")
        }),
        "chunk_length_kb must be a power of 2"
    );
    assert_eq!(
        c(CfSpec {
            compression_options: opts(&[("level", "3")]),
            ..cf("C")
        }),
        "Unknown compression options ([level]) since no compression class found"
    );
    let ok = s
        .apply(add_cf(CfSpec {
            compression_options: opts(&[
                ("sstable_compression", "DeflateCompressor"),
                ("chunk_length_kb", "64"),
            ]),
            ..cf("C")
        }))
        .unwrap();
    let described = ok
        .cf("ks", "C")
        .unwrap()
        .describe_v12()
        .compression_options
        .unwrap();
    assert_eq!(
        described["sstable_compression"],
        "org.apache.cassandra.io.compress.DeflateCompressor"
    );
    assert_eq!(described["chunk_length_kb"], "64");
    let none = s
        .apply(add_cf(CfSpec {
            compression_options: opts(&[]),
            ..cf("C")
        }))
        .unwrap();
    assert!(none
        .cf("ks", "C")
        .unwrap()
        .options
        .compression_options
        .is_empty());
}
