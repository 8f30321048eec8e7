//! Tests of `cql::types`: class names, constants, collections' forms.
use super::*;

fn c(kind: ConstantKind, text: &str) -> Constant {
    Constant {
        kind,
        text: text.into(),
    }
}

#[test]
fn timestamps_of_2_0_are_timestamp_type_in_collections_too() {
    let t = CqlType::Map(
        Box::new(CqlType::Native(Native::Timestamp)),
        Box::new(CqlType::List(Box::new(CqlType::Native(Native::Timestamp)))),
    )
    .with_signed_timestamps();
    let m = "org.apache.cassandra.db.marshal.";
    assert_eq!(
        t.class_name(),
        format!("{m}MapType({m}TimestampType,{m}ListType({m}TimestampType))")
    );
    assert_eq!(t.cql_name(), "map<timestamp, list<timestamp>>");
    // Read back from its class, it stays 2.0's.
    let back = CqlType::from_marshal(t.marshal().as_ref()).unwrap();
    assert_eq!(back, t);
}

#[test]
fn class_names_match_1_2() {
    let m = CqlType::Map(
        Box::new(CqlType::Native(Native::Text)),
        Box::new(CqlType::Native(Native::Text)),
    );
    assert_eq!(m.class_name(), "org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.UTF8Type)");
    assert_eq!(
        CqlType::Native(Native::Timestamp).class_name(),
        "org.apache.cassandra.db.marshal.DateType"
    );
    assert_eq!(Native::from_name("VARCHAR"), Some(Native::Text));
    let back = CqlType::from_marshal(m.marshal().as_ref()).unwrap();
    assert_eq!(back, m);
    assert_eq!(m.cql_name(), "map<text, text>");
}

#[test]
fn constants_serialize_per_type() {
    let int = CqlType::Native(Native::Int);
    assert_eq!(
        int.constant_to_bytes(&c(ConstantKind::Integer, "-1"), "k")
            .unwrap(),
        vec![0xff; 4]
    );
    assert_eq!(
        int.constant_to_bytes(&c(ConstantKind::String, "notanint"), "id")
            .unwrap_err()
            .to_string(),
        "Invalid STRING constant (notanint) for id of type int"
    );
    let ts = CqlType::Native(Native::Timestamp);
    assert_eq!(
        ts.constant_to_bytes(&c(ConstantKind::String, "2012-06-01 08:00:00+0000"), "d")
            .unwrap(),
        1_338_537_600_000i64.to_be_bytes().to_vec()
    );
    let blob = CqlType::Native(Native::Blob);
    assert_eq!(
        blob.constant_to_bytes(&c(ConstantKind::Hex, "0x82a7"), "k")
            .unwrap(),
        vec![0x82, 0xa7]
    );
    let tu = CqlType::Native(Native::Timeuuid);
    assert!(tu
        .constant_to_bytes(
            &c(ConstantKind::Uuid, "99051fe9-6a9c-46c2-b949-38ef78858dd0"),
            "t"
        )
        .is_err());
    assert!(int
        .constant_to_bytes(&c(ConstantKind::Integer, "99999999999"), "k")
        .is_err());
}

#[test]
fn collection_serialization_round_trips() {
    let bytes = serialize_collection(&[b"hoge1", b"fuga1"], 1);
    assert_eq!(bytes_to_hex(&bytes), "00010005686f67653100056675676131");
    assert_eq!(
        deserialize_collection(&bytes, true).unwrap(),
        vec![b"hoge1".to_vec(), b"fuga1".to_vec()]
    );
    assert!(deserialize_collection(&[0, 1, 0], false).is_err());
}

#[test]
fn user_types_tuples_and_frozen_name_their_classes() {
    let m = "org.apache.cassandra.db.marshal.";
    let u = CqlType::User(UserTypeDef {
        keyspace: "ks".into(),
        name: "address".into(),
        fields: vec![
            ("street".into(), CqlType::Native(Native::Text)),
            ("zip".into(), CqlType::Native(Native::Int)),
        ],
        multi_cell: false,
    });
    assert_eq!(
        u.class_name(),
        format!("{m}UserType(ks,61646472657373,737472656574:{m}UTF8Type,7a6970:{m}Int32Type)")
    );
    assert_eq!(u.cql_name(), "address");
    assert_eq!(CqlType::from_marshal(u.marshal().as_ref()).unwrap(), u);
    let t = CqlType::Tuple(vec![
        CqlType::Native(Native::Int),
        CqlType::Native(Native::Text),
    ]);
    assert_eq!(t.cql_name(), "tuple<int, text>");
    assert_eq!(CqlType::from_marshal(t.marshal().as_ref()).unwrap(), t);
    let f = CqlType::List(Box::new(CqlType::Native(Native::Int))).freeze();
    assert_eq!(
        f.class_name(),
        format!("{m}FrozenType({m}ListType({m}Int32Type))")
    );
    assert!(!f.is_collection());
    assert_eq!(CqlType::from_marshal(f.marshal().as_ref()).unwrap(), f);
}

/// Recorded: 3.11.10 (`rel_udtcells311`): a multi-cell user type is kept
/// as `MultiCellUserType(...)` here, its field cells named by position
/// (a short).
#[test]
fn a_multi_cell_user_type_names_and_joins_its_fields() {
    let u = UserTypeDef {
        keyspace: "ks".into(),
        name: "addr".into(),
        fields: vec![
            ("street".into(), CqlType::Native(Native::Text)),
            ("zip".into(), CqlType::Native(Native::Int)),
        ],
        multi_cell: true,
    };
    let t = CqlType::User(u.clone());
    assert!(t.class_name().contains(".MultiCellUserType(ks,"));
    assert!(t.is_multi_cell_user());
    assert_eq!(CqlType::from_marshal(t.marshal().as_ref()).unwrap(), t);
    assert_eq!(UserTypeDef::field_path(1), vec![0, 1]);
    let frozen = CqlType::User(UserTypeDef {
        multi_cell: false,
        ..u
    });
    assert!(!frozen.is_multi_cell_user());
}
