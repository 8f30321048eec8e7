use super::*;
use crate::config::Config;
use crate::thrift::gen::cassandra19::ConsistencyLevel;

fn schema() -> Schema {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/src/config/testdata/storage-conf-v19.xml"
    );
    Schema::from_config(&Config::from_file(path).unwrap()).unwrap()
}

fn why<T: std::fmt::Debug>(r: ApiResult<T>) -> String {
    match r {
        Err(ApiError::InvalidRequest(w)) => w,
        other => panic!("{other:?}"),
    }
}

#[test]
fn keys_follow_1_2() {
    let s = schema();
    let cf = validate_cf(&s, "CT", "StdBytes").unwrap();
    assert_eq!(
        why(validate_key(&cf, b"", Dialect::V12)),
        "Key may not be empty"
    );
    assert_eq!(
        why(validate_key(&cf, &vec![0; 65536], Dialect::V12)),
        "Key length of 65536 is longer than maximum of 65535"
    );
    assert!(validate_key(&cf, &vec![0; 65535], Dialect::V12).is_ok());
    assert_eq!(
        why(validate_cf(&s, "CT", "")),
        "non-empty columnfamily is required"
    );
    assert_eq!(
        why(validate_cf(&s, "CT", "X")),
        "unconfigured columnfamily X"
    );
}

#[test]
fn consistency_levels_on_one_node() {
    let s = schema();
    let ks = s.keyspace("CT").unwrap();
    assert_eq!(
        why(check_consistency(
            ks,
            None,
            ConsistencyLevel::ANY,
            Access::Read,
            true
        )),
        "ANY ConsistencyLevel is only supported for writes"
    );
    assert!(check_consistency(ks, None, ConsistencyLevel::ANY, Access::Write, true).is_ok());
    assert_eq!(
        why(check_consistency(ks, None, ConsistencyLevel::LOCAL_QUORUM, Access::Write, true)),
        "consistency level LOCAL_QUORUM not compatible with replication strategy (org.apache.cassandra.locator.SimpleStrategy)"
    );
    assert!(check_consistency(ks, None, ConsistencyLevel::QUORUM, Access::Read, true).is_ok());
    assert_eq!(
        check_consistency(ks, None, ConsistencyLevel::TWO, Access::Read, true),
        Err(ApiError::Unavailable)
    );
    // On a cluster backend the cluster counts its own live replicas; the
    // levels' validity rules still apply here.
    assert!(check_consistency(ks, None, ConsistencyLevel::TWO, Access::Read, false).is_ok());
    assert!(check_consistency(ks, None, ConsistencyLevel::ALL, Access::Write, false).is_ok());
    assert_eq!(
        why(check_consistency(
            ks,
            None,
            ConsistencyLevel::ANY,
            Access::Read,
            false
        )),
        "ANY ConsistencyLevel is only supported for writes"
    );
    assert!(matches!(
        known_level(ConsistencyLevel(42), "consistency_level", "insert"),
        Err(ApiError::Protocol(_))
    ));
}

#[test]
fn ttl_value_and_timestamp() {
    let s = schema();
    let cf = validate_cf(&s, "CT", "StdBytes").unwrap();
    let c = |v: Option<&str>, ts: Option<i64>, ttl: Option<i32>| {
        t::Column::new(b"n".to_vec(), v.map(|v| v.as_bytes().to_vec()), ts, ttl)
    };
    assert_eq!(
        why(validate_column_data(
            &cf,
            &c(Some("v"), Some(1), Some(0)),
            false,
            Dialect::V12
        )),
        "ttl must be positive"
    );
    assert_eq!(
        why(validate_column_data(
            &cf,
            &c(None, Some(1), None),
            false,
            Dialect::V12
        )),
        "Column value is required"
    );
    assert_eq!(
        why(validate_column_data(
            &cf,
            &c(Some("v"), None, None),
            false,
            Dialect::V12
        )),
        "Column timestamp is required"
    );
    assert!(
        validate_column_data(&cf, &c(Some("v"), Some(1), Some(5)), false, Dialect::V12).is_ok()
    );
}

#[test]
fn keys_out_of_order_as_1_2_worded_them() {
    let out_of_order = |name: &str| {
        let p = crate::partitioner::by_name(name).unwrap();
        // Two keys whose tokens are out of order under this partitioner.
        let (start, end) = [b"a", b"b", b"c", b"d"]
            .iter()
            .flat_map(|s| [b"a", b"b", b"c", b"d"].map(|e| (s.to_vec(), e.to_vec())))
            .find(|(s, e)| p.token(s) > p.token(e))
            .unwrap();
        let range = t::KeyRange::new(start, end, None, None, 100, None);
        why(validate_key_range(
            p.as_ref(),
            None,
            None,
            &range,
            Dialect::V12,
        ))
    };
    // Random and Murmur3 alike: 1.2 no longer named the md5.
    for hashing in ["RandomPartitioner", "Murmur3Partitioner"] {
        assert_eq!(out_of_order(hashing), KEYS_OUT_OF_TOKEN_ORDER, "{hashing}");
    }
    assert_eq!(
        out_of_order("ByteOrderedPartitioner"),
        "start key must sort before (or equal to) finish key in your partitioner!"
    );
}

/// Recorded: `rel_bindtexts` (and ordinary19b.py) on 1.2.9 to 3.11.10: a
/// UUID column family's names and keys of the wrong size, as 1.2's types
/// and 2.0's serializers worded them.
#[test]
fn uuid_names_and_keys_in_each_generations_words() {
    let uuid = || crate::marshal::parse_type("UUIDType").unwrap();
    let mut cf = CfDef::new("K", "U", 1000, uuid(), None);
    cf.options.key_validation_class = uuid();
    let short = [0u8; 15];
    assert_eq!(
        why(validate_column_names(&cf, None, [&short[..]], Dialect::V12)),
        "UUIDs must be exactly 16 bytes"
    );
    assert_eq!(
        why(validate_column_names(&cf, None, [&short[..]], Dialect::V20)),
        "UUID should be 16 or 0 bytes (15)"
    );
    assert_eq!(
        why(validate_key(&cf, &short, Dialect::V20)),
        "UUID should be 16 or 0 bytes (15)"
    );
}
