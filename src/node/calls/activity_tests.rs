use super::*;
use std::time::Duration;

fn entry(method: &str, ks: &str, cfs: &[&str]) -> Entry {
    Entry {
        method: method.into(),
        keyspace: Some(ks.into()),
        column_family: cfs.first().map(|c| c.to_string()),
        column_families: cfs.iter().map(|c| c.to_string()).collect(),
        outcome: "ok".into(),
        ..Entry::default()
    }
}

#[test]
fn the_ring_keeps_the_last_calls_in_order() {
    let a = Activity::new(3);
    for i in 0..5 {
        a.record(entry(&format!("m{i}"), "K", &["C"]));
    }
    let all = a.list(&Filter::default());
    let methods: Vec<&str> = all.iter().map(|e| e.method.as_str()).collect();
    assert_eq!(methods, ["m2", "m3", "m4"]);
    assert_eq!(all.iter().map(|e| e.seq).collect::<Vec<_>>(), [3, 4, 5]);
    a.set_size(1);
    assert_eq!(a.list(&Filter::default()).len(), 1);
    a.clear();
    assert!(a.list(&Filter::default()).is_empty());
    a.record(entry("after", "K", &[]));
    assert_eq!(a.list(&Filter::default())[0].seq, 6, "numbering goes on");
}

#[test]
fn size_zero_records_nothing() {
    let a = Activity::new(0);
    assert!(!a.enabled());
    a.record(entry("get", "K", &[]));
    assert!(a.list(&Filter::default()).is_empty());
}

#[test]
fn filters_by_method_keyspace_column_family_since_and_limit() {
    let a = Activity::new(10);
    a.record(entry("get", "K", &["A"]));
    a.record(entry("insert", "K", &["B"]));
    a.record(entry("batch_mutate", "K2", &["A", "B"]));
    a.record(entry("get", "K2", &["B"]));
    let pick = |json: &str| -> Vec<u64> {
        let f: Filter = serde_json::from_str(json).unwrap();
        a.list(&f).iter().map(|e| e.seq).collect()
    };
    assert_eq!(pick(r#"{"method":"get"}"#), [1, 4]);
    assert_eq!(pick(r#"{"keyspace":"K2"}"#), [3, 4]);
    assert_eq!(pick(r#"{"column_family":"B"}"#), [2, 3, 4]);
    assert_eq!(pick(r#"{"column_family":"B","keyspace":"K"}"#), [2]);
    assert_eq!(pick(r#"{"since":2}"#), [3, 4]);
    assert_eq!(pick(r#"{"limit":1}"#), [4]);
    assert_eq!(pick(r#"{"api":"native"}"#), Vec::<u64>::new());
    assert!(serde_json::from_str::<Filter>(r#"{"metod":"get"}"#).is_err());
}

#[test]
fn the_json_shape_has_the_contract_fields() {
    let a = Activity::new(1);
    let mut e = entry("get", "K", &["C"]);
    e.consistency_level = Some("QUORUM".into());
    e.duration_us = 12;
    e.fault = Some(3);
    a.record(e);
    let v = serde_json::to_value(a.list(&Filter::default())).unwrap();
    let e = &v[0];
    for field in [
        "method",
        "keyspace",
        "column_family",
        "consistency_level",
        "outcome",
        "fault",
        "duration_us",
    ] {
        assert!(e.get(field).is_some(), "{field}");
    }
    assert_eq!(e["consistency_level"], "QUORUM");
    assert_eq!(e["fault"], 3);
    assert_eq!(e["outcome"], "ok");
}

#[test]
fn keys_and_text_are_shown_safely() {
    assert_eq!(show_key(b"user1"), "user1");
    assert_eq!(show_key(&[0, 1, 0xff]), "0x0001ff");
    assert_eq!(show_key(b"a\nb"), "0x610a62");
    assert_eq!(show_key(&[b'x'; 100]).len(), MAX_KEY_CHARS);
    assert!(show_key(&[0xfe; 100]).len() <= MAX_KEY_CHARS);
    assert_eq!(cut("héllo", 2), "hé");
}

#[test]
fn times_are_rfc3339_utc() {
    assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00.000000Z");
    let t = UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_456);
    assert_eq!(rfc3339(t), "2023-11-14T22:13:20.123456Z");
    let leap = UNIX_EPOCH + Duration::from_secs(951_782_400); // 2000-02-29
    assert_eq!(rfc3339(leap), "2000-02-29T00:00:00.000000Z");
}
