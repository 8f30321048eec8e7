use super::*;
use crate::marshal::parse_type;
use crate::partitioner::by_name;
use crate::schema::KeyspaceDef;

fn cf(name: &str, id: u32, cmp: &str, sub: Option<&str>) -> CfDef {
    let sub = sub.map(|s| parse_type(s).unwrap());
    CfDef::new("KS", name, id, parse_type(cmp).unwrap(), sub)
}

fn schema(partitioner: &str) -> Schema {
    let ks = KeyspaceDef::new(
        "KS",
        [
            cf("Std", 1, "BytesType", None),
            cf("Long", 2, "LongType", None),
            cf("Sup", 3, "UTF8Type", Some("LongType")),
        ],
    );
    Schema::new("Test", by_name(partitioner).unwrap(), [ks])
}

fn why<T: std::fmt::Debug>(r: ApiResult<T>) -> String {
    match r {
        Err(ApiError::InvalidRequest(w)) => w,
        other => panic!("expected an IRE, got {other:?}"),
    }
}

fn path(cf: &str, sc: Option<&[u8]>, col: Option<&[u8]>) -> t::ColumnPath {
    t::ColumnPath::new(
        cf.to_string(),
        sc.map(<[u8]>::to_vec),
        col.map(<[u8]>::to_vec),
    )
}

#[test]
fn keys() {
    assert_eq!(why(validate_key("")), "Key may not be empty");
    assert!(validate_key(&"x".repeat(65535)).is_ok());
    assert_eq!(
        why(validate_key(&"x".repeat(65536))),
        "Encoded key length of 65536 is longer than maximum of 65535"
    );
    // U+0000 and 2-byte chars count twice in Java's modified UTF-8.
    assert_eq!(encoded_utf8_length("\u{0}é€😀"), 2 + 2 + 3 + 6);
}

#[test]
fn paths() {
    let s = schema("org.apache.cassandra.dht.OrderPreservingPartitioner");
    assert_eq!(
        why(validate_column_path(
            &s,
            "No",
            &path("Std", None, Some(b"c"))
        )),
        "Keyspace No does not exist in this schema."
    );
    assert_eq!(
        why(validate_column_path(&s, "KS", &path("", None, Some(b"c")))),
        "non-empty columnfamily is required"
    );
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Nope", None, Some(b"c"))
        )),
        "unconfigured columnfamily Nope"
    );
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Std", Some(b"s"), Some(b"c"))
        )),
        "supercolumn parameter is invalid for standard CF Std"
    );
    assert_eq!(
        why(validate_column_path(&s, "KS", &path("Std", None, None))),
        "column parameter is not optional for standard CF Std"
    );
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Sup", None, Some(b"c"))
        )),
        "supercolumn parameter is not optional for super CF Sup"
    );
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Long", None, Some(b"abc"))
        )),
        "A long is exactly 8 bytes"
    );
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Std", None, Some(b""))
        )),
        "column name must not be empty"
    );
    // In a super CF the column is checked with the sub-comparator.
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Sup", Some(b"s"), Some(b"c"))
        )),
        "A long is exactly 8 bytes"
    );
    assert!(validate_column_path(&s, "KS", &path("Sup", Some(b"s"), Some(&[0; 8]))).is_ok());
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Sup", Some(b""), Some(&[0; 8]))
        )),
        "supercolumn name must not be empty"
    );
    // Without a column, 0.6 checks the super column name as a plain name.
    assert_eq!(
        why(validate_column_path(
            &s,
            "KS",
            &path("Sup", Some(b""), None)
        )),
        "column name must not be empty"
    );
    assert_eq!(
        why(validate_column_path_or_parent(&s, "KS", &path("Sup", None, Some(b"c")))),
        "A column cannot be specified without specifying a super column for removal on super CF Sup"
    );
    assert_eq!(
        why(validate_column_path_or_parent(
            &s,
            "KS",
            &path("Std", Some(b"s"), None)
        )),
        "supercolumn may not be specified for standard CF Std"
    );
    let parent = t::ColumnParent::new("Std".to_string(), b"s".to_vec());
    assert_eq!(
        why(validate_column_parent(&s, "KS", &parent)),
        "columnfamily alone is required for standard CF Std"
    );
}

#[test]
fn predicates_and_ranges() {
    let s = schema("org.apache.cassandra.dht.OrderPreservingPartitioner");
    let long = s.cf("KS", "Long").unwrap();
    let range = |a: &[u8], b: &[u8], rev: bool, n: i32| {
        t::SlicePredicate::new(None, t::SliceRange::new(a.to_vec(), b.to_vec(), rev, n))
    };
    let one = 1i64.to_be_bytes();
    let two = 2i64.to_be_bytes();
    assert!(validate_predicate(long, None, &range(&one, &two, false, 10)).is_ok());
    assert!(validate_predicate(long, None, &range(&two, &one, true, 10)).is_ok());
    assert!(validate_predicate(long, None, &range(b"", &one, true, 10)).is_ok());
    assert_eq!(
        why(validate_predicate(
            long,
            None,
            &range(&two, &one, false, 10)
        )),
        "range finish must come after start in the order of traversal"
    );
    assert_eq!(
        why(validate_predicate(long, None, &range(&one, &two, true, 10))),
        "range finish must come after start in the order of traversal"
    );
    assert_eq!(
        why(validate_predicate(long, None, &range(b"", b"", false, -1))),
        "get_slice requires non-negative count"
    );
    assert_eq!(
        why(validate_predicate(long, None, &range(b"x", b"", false, 1))),
        "A long is exactly 8 bytes"
    );
    assert_eq!(
        why(validate_predicate(
            long,
            None,
            &t::SlicePredicate::new(None, None)
        )),
        "predicate column_names and slice_range may not both be null"
    );
    let both = t::SlicePredicate::new(
        vec![one.to_vec()],
        t::SliceRange::new(vec![], vec![], false, 1),
    );
    assert_eq!(
        why(validate_predicate(long, None, &both)),
        "predicate column_names and slice_range may not both be present"
    );
}

#[test]
fn mutations_and_deletions() {
    let s = schema("org.apache.cassandra.dht.OrderPreservingPartitioner");
    let col = t::Column::new(b"n".to_vec(), b"v".to_vec(), 1);
    let cosc = t::ColumnOrSuperColumn::new(col, None);
    let del = t::Deletion::new(1, b"s1".to_vec(), None);
    assert_eq!(
        why(validate_mutation(
            &s,
            "KS",
            "Std",
            &t::Mutation::new(cosc.clone(), del.clone())
        )),
        "Mutation may have either a ColumnOrSuperColumn or a Deletion, but not both"
    );
    assert_eq!(
        why(validate_mutation(
            &s,
            "KS",
            "Std",
            &t::Mutation::new(None, None)
        )),
        "Mutation must have one ColumnOrSuperColumn or one Deletion"
    );
    assert_eq!(
        why(validate_mutation(&s, "KS", "Std", &t::Mutation::new(None, del))),
        "deletion of super_column is not possible on a standard ColumnFamily (KeySpace=KS ColumnFamily=Std Deletion=Deletion(timestamp:1, super_column:73 31))"
    );
    let ranged = t::Deletion::new(
        1,
        None,
        t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], false, 1)),
    );
    assert_eq!(
        why(validate_mutation(
            &s,
            "KS",
            "Std",
            &t::Mutation::new(None, ranged)
        )),
        "Deletion does not yet support SliceRange predicates."
    );
    assert_eq!(
        why(validate_cosc(
            &s,
            "KS",
            "Std",
            &t::ColumnOrSuperColumn::new(None, None)
        )),
        "ColumnOrSuperColumn must have one or both of Column or SuperColumn"
    );
    assert!(validate_mutation(&s, "KS", "Std", &t::Mutation::new(cosc, None)).is_ok());
}

#[test]
fn key_ranges() {
    let opp = schema("org.apache.cassandra.dht.OrderPreservingPartitioner");
    let p = opp.partitioner.as_ref();
    let keys =
        |a: &str, b: &str, n: i32| t::KeyRange::new(a.to_string(), b.to_string(), None, None, n);
    assert!(validate_key_range(p, &keys("a", "b", 1)).is_ok());
    assert!(validate_key_range(p, &keys("b", "", 1)).is_ok());
    assert_eq!(
        why(validate_key_range(p, &keys("b", "a", 1))),
        "start key must sort before (or equal to) finish key in your partitioner!"
    );
    assert_eq!(
        why(validate_key_range(p, &keys("a", "b", 0))),
        "maxRows must be positive"
    );
    let half = t::KeyRange::new("a".to_string(), None, None, None, 1);
    assert_eq!(
        why(validate_key_range(p, &half)),
        "start key and end key must either both be non-null, or both be null"
    );
    let none = t::KeyRange::new(None, None, None, None, 1);
    assert_eq!(
        why(validate_key_range(p, &none)),
        "exactly one of {start key, end key} or {start token, end token} must be specified"
    );
    let rp = schema("org.apache.cassandra.dht.RandomPartitioner");
    // md5 tokens: "a" sorts after "key1"? Check both orders; exactly one is refused.
    let ab = validate_key_range(rp.partitioner.as_ref(), &keys("a", "key1", 1)).is_ok();
    let ba = validate_key_range(rp.partitioner.as_ref(), &keys("key1", "a", 1));
    assert!(ab);
    assert_eq!(
        why(ba),
        "start key's md5 sorts after end key's md5.  this is not allowed; you probably should not specify end key at all, under RandomPartitioner"
    );
}
