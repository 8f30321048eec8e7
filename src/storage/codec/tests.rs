//! Unit tests of `codec` (a file of their own so `codec.rs` stays short).

use super::*;
use crate::partitioner::ByteOrderedPartitioner;
use crate::storage::testutil::{b, schema};
use std::sync::Arc;

#[test]
fn mutations_round_trip() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let m = RowMutation {
        keyspace: "ks".into(),
        key: b("key"),
        updates: vec![
            (
                "Std".into(),
                vec![
                    Op::Put {
                        super_column: None,
                        cell: Cell::live(b("a"), b("v"), -5),
                    },
                    Op::Put {
                        super_column: None,
                        cell: Cell::expiring(b("t"), b("v"), 7, 60, 100),
                    },
                    Op::Put {
                        super_column: None,
                        cell: Cell::tombstone(b("d"), 9, 100),
                    },
                    Op::DeleteRow(DeletionTime::new(3, 4)),
                    Op::CounterAdd {
                        super_column: None,
                        name: b("n"),
                        delta: -7,
                        timestamp: 8,
                    },
                    Op::Put {
                        super_column: None,
                        cell: Cell {
                            kind: CellKind::Counter {
                                deletion: DeletionTime::new(1, 2),
                            },
                            ..Cell::live(b("c"), 5i64.to_be_bytes().to_vec(), 3)
                        },
                    },
                    Op::DeleteRange {
                        start: b("a"),
                        end: vec![],
                        deletion: DeletionTime::new(-3, 4),
                    },
                ],
            ),
            (
                "Super".into(),
                vec![
                    Op::Put {
                        super_column: Some(b("s")),
                        cell: Cell::live(vec![], vec![0; 300], i64::MAX),
                    },
                    Op::DeleteSuperColumn {
                        name: b("s"),
                        deletion: DeletionTime::new(i64::MIN + 1, 0),
                    },
                    Op::CounterAdd {
                        super_column: Some(b("s")),
                        name: b("n"),
                        delta: i64::MIN,
                        timestamp: -1,
                    },
                ],
            ),
        ],
    };
    let enc = encode_mutation(&s, &m);
    assert_eq!(decode_mutation(&s, &enc).unwrap(), Some(m));
    for cut in 0..enc.len() {
        assert!(
            decode_mutation(&s, &enc[..cut]).is_err(),
            "prefix of {cut} bytes decoded"
        );
    }
}

#[test]
fn sstable_metadata_round_trips() {
    let enc = encode_meta((u64::MAX, 7), &[1, 300, 5], Some(4_000_000_000));
    let want = ((u64::MAX, 7), vec![1, 300, 5], Some(4_000_000_000));
    assert_eq!(decode_meta(&enc).unwrap(), want);
    assert_eq!(decode_meta(&[]).unwrap(), ((0, 0), vec![], None));
    // Version 1 (before the CF id was recorded) still decodes.
    let v1 = encode_meta((3, 4), &[9], None);
    assert_eq!(decode_meta(&v1).unwrap(), ((3, 4), vec![9], None));
    assert_eq!(
        v1.len() + 5,
        encode_meta((3, 4), &[9], Some(u32::MAX)).len()
    );
    for cut in 1..enc.len() {
        assert!(decode_meta(&enc[..cut]).is_err());
    }
}

#[test]
fn entries_and_headers_round_trip() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let cf = s.cf("ks", "Super").unwrap();
    let mut sup = StoredSuper::new(b("s"));
    sup.deletion = DeletionTime::new(5, 6);
    sup.merge_cell(
        Cell::live(b("x"), b("1"), 1),
        cf.subcomparator.as_ref().unwrap(),
    );
    sup.merge_cell(
        Cell::tombstone(b("y"), 2, 3),
        cf.subcomparator.as_ref().unwrap(),
    );
    let e = encode_entry(&Entry::Super(sup));
    let Entry::Super(back) = decode_entry(cf, b"s", &e).unwrap() else {
        panic!()
    };
    assert_eq!(back.deletion, DeletionTime::new(5, 6));
    assert_eq!(back.cells.len(), 2);
    let d = DeletionTime::new(42, 7);
    let none = RangeTombstones::default();
    assert_eq!(decode_header(&encode_header(&d, &none)).unwrap(), (d, none));
    let ranges: RangeTombstones = [RangeTombstone {
        start: b("a"),
        end: b("b"),
        deletion: DeletionTime::new(1, 2),
    }]
    .into_iter()
    .collect();
    let enc = encode_header(&d, &ranges);
    assert_eq!(decode_header(&enc).unwrap(), (d, ranges));
    for cut in 0..enc.len() {
        assert!(decode_header(&enc[..cut]).is_err());
    }
    assert!(decode_header(&[9, 9]).is_err());
    assert!(decode_entry(cf, b"s", &[1, 7]).is_err());
}

/// `entry_view` lends exactly the cell `decode_entry` decodes, declines a
/// super column's entry and a counter's, and refuses what `decode_entry`
/// refuses.
#[test]
fn entries_are_lent_as_decoded() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let std = s.cf("ks", "Std").unwrap();
    for c in [
        Cell::live(b("a"), b("value"), -5),
        Cell::expiring(b("b"), b(""), 9, 30, 1_000),
        Cell::tombstone(b("c"), 4, 77),
    ] {
        let e = encode_entry(&Entry::Cell(c.clone()));
        assert_eq!(entry_view(&c.name, &e).unwrap().unwrap().to_cell(), c);
        let Entry::Cell(decoded) = decode_entry(std, &c.name, &e).unwrap() else {
            panic!()
        };
        assert_eq!(decoded, c);
        for cut in 0..e.len() {
            assert!(entry_view(&c.name, &e[..cut]).is_err());
        }
        let mut longer = e.clone();
        longer.push(0);
        assert!(entry_view(&c.name, &longer).is_err());
    }
    let counter = Cell {
        kind: CellKind::Counter {
            deletion: DeletionTime::LIVE,
        },
        ..Cell::live(b("n"), 3i64.to_be_bytes().to_vec(), 1)
    };
    let e = encode_entry(&Entry::Cell(counter));
    assert!(entry_view(b"n", &e).unwrap().is_none());
    let e = encode_entry(&Entry::Super(StoredSuper::new(b("s"))));
    assert!(entry_view(b"s", &e).unwrap().is_none());
    assert!(entry_view(b"s", &[1, 7]).is_err());
    assert!(entry_view(b"s", &[2, 0]).is_err());
}

/// `logged_puts` borrows exactly the cells `decode_logged` decodes, and
/// declines (for the caller to decode whole) any record holding another op,
/// a counter cell or a super column.
#[test]
fn plain_puts_decode_in_place_and_others_are_declined() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let put = |cell: Cell| Op::Put {
        super_column: None,
        cell,
    };
    let record = |ops: Vec<Op>| {
        encode_mutation(
            &s,
            &RowMutation {
                keyspace: "ks".into(),
                key: b("key"),
                updates: vec![("Std".into(), ops)],
            },
        )
    };
    let plain = record(vec![
        put(Cell::live(b("a"), b("v"), -5)),
        put(Cell::expiring(b("t"), vec![b'x'; 300], 7, 60, 100)),
        put(Cell::tombstone(b("d"), 9, 100)),
    ]);
    let (mut cfs, mut cells) = (Vec::new(), Vec::new());
    let key = logged_puts(&plain, &mut cfs, &mut cells).unwrap();
    assert_eq!(key, Some(&b"key"[..]));
    let whole = decode_logged(&plain).unwrap();
    assert_eq!(cfs, vec![(whole.updates[0].0, 0..3)]);
    let decoded: Vec<Op> = cells.iter().map(|c| put(c.to_cell())).collect();
    assert_eq!(decoded, whole.updates[0].1);

    let counter = Cell {
        kind: CellKind::Counter {
            deletion: DeletionTime::LIVE,
        },
        ..Cell::live(b("c"), 5i64.to_be_bytes().to_vec(), 1)
    };
    for other in [
        Op::DeleteRow(DeletionTime::new(3, 4)),
        put(counter),
        Op::Put {
            super_column: Some(b("sc")),
            cell: Cell::live(b("a"), b("v"), 1),
        },
    ] {
        let rec = record(vec![put(Cell::live(b("a"), b("v"), 1)), other]);
        let (mut cfs, mut cells) = (Vec::new(), Vec::new());
        assert_eq!(logged_puts(&rec, &mut cfs, &mut cells), Ok(None));
    }
    assert!(logged_puts(&plain[..plain.len() - 1], &mut cfs, &mut cells).is_err());
}

/// A record carrying its key's token (version 2) decodes to the same
/// mutation as one without (version 1), gives its token back, and is
/// refused when cut anywhere; an unknown version is refused.
#[test]
fn records_carry_their_token_or_not() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let m = RowMutation {
        keyspace: "ks".into(),
        key: b("key"),
        updates: vec![(
            "Std".into(),
            vec![Op::Put {
                super_column: None,
                cell: Cell::live(b("a"), b("v"), 1),
            }],
        )],
    };
    let token = [0x42u8; 17];
    let v1 = encode_mutation(&s, &m);
    let v2 = encode_mutation_with_token(&s, &m, &token);
    assert_eq!((v1[0], v2[0]), (1, 2));
    assert_eq!(logged_key(&v1).unwrap(), (&b"key"[..], &[][..]));
    assert_eq!(logged_key(&v2).unwrap(), (&b"key"[..], &token[..]));
    assert_eq!(decode_logged(&v1).unwrap(), decode_logged(&v2).unwrap());
    assert_eq!(decode_mutation(&s, &v2).unwrap(), Some(m));
    let (mut cfs, mut cells) = (Vec::new(), Vec::new());
    assert_eq!(
        logged_puts(&v2, &mut cfs, &mut cells),
        Ok(Some(&b"key"[..]))
    );
    for cut in 0..v2.len() {
        assert!(decode_logged(&v2[..cut]).is_err(), "prefix of {cut} bytes");
    }
    let mut v3 = v2.clone();
    v3[0] = 3;
    assert!(logged_key(&v3).is_err());
    assert!(decode_logged(&v3).is_err());
}

/// A column family the schema does not know is left out of the record and
/// out of its count, however many the mutation names (the count is then
/// written after them when under 128, before them otherwise).
#[test]
fn unknown_column_families_are_not_logged() {
    let s = schema(Arc::new(ByteOrderedPartitioner));
    let put = |name: &str| Op::Put {
        super_column: None,
        cell: Cell::live(b(name), b("v"), 1),
    };
    let m = |cfs: Vec<String>| RowMutation {
        keyspace: "ks".into(),
        key: b("key"),
        updates: cfs.into_iter().map(|cf| (cf, vec![put("a")])).collect(),
    };
    let known = encode_mutation(&s, &m(vec!["Std".into()]));
    for n in [1, 127, 200] {
        let mut cfs: Vec<String> = (0..n).map(|i| format!("Nope{i}")).collect();
        cfs.insert(n / 2, "Std".into());
        assert_eq!(encode_mutation(&s, &m(cfs)), known, "{n} unknown");
    }
    let mut out = b("before");
    encode_mutation_into(&s, &m(vec!["Std".into()]), &[], &mut out);
    assert_eq!(&out[..6], b"before");
    assert_eq!(&out[6..], &known[..]);
}
