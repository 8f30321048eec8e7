//! Behaviour tests of the engine's range reads: ghosts of deleted rows,
//! bounds, token ranges that wrap around the ring, and ring order under a
//! hashing partitioner. Each runs in memory and on disk (`read`'s harness).

use super::read::{each, harnesses};
use crate::model::*;
use crate::partitioner::{Partitioner, RandomPartitioner};
use crate::storage::testutil::*;
use std::sync::Arc;

#[test]
fn range_reads_return_ghosts_and_respect_bounds() {
    each(|h| {
        for k in ["a", "b", "c", "d"] {
            h.apply(put("Std", k, "c", "v", 1));
        }
        h.apply(ops(
            "Std",
            "b",
            vec![Op::DeleteRow(DeletionTime::new(5, 1))],
        ));
        let cmd = range("Std", "", "", false, 10);
        let keys = |rows: Vec<(Bytes, RowResult)>| {
            rows.into_iter()
                .map(|(k, r)| (String::from_utf8(k).unwrap(), r.len()))
                .collect::<Vec<_>>()
        };
        let all = h
            .engine
            .read_range(
                &cmd,
                &RowRange::Keys {
                    start: vec![],
                    end: vec![],
                },
                100,
            )
            .unwrap();
        assert_eq!(
            keys(all),
            vec![
                ("a".into(), 1),
                ("b".into(), 0),
                ("c".into(), 1),
                ("d".into(), 1)
            ]
        );
        let some = h
            .engine
            .read_range(
                &cmd,
                &RowRange::Keys {
                    start: b("b"),
                    end: b("c"),
                },
                100,
            )
            .unwrap();
        assert_eq!(keys(some).len(), 2);
        let limited = h
            .engine
            .read_range(
                &cmd,
                &RowRange::Keys {
                    start: b("b"),
                    end: vec![],
                },
                2,
            )
            .unwrap();
        assert_eq!(keys(limited), vec![("b".into(), 0), ("c".into(), 1)]);
        let toks = h
            .engine
            .read_range(
                &cmd,
                &RowRange::Tokens {
                    start: "a".into(),
                    end: "c".into(),
                },
                100,
            )
            .unwrap();
        assert_eq!(keys(toks), vec![("b".into(), 0), ("c".into(), 1)]);
        assert!(h
            .engine
            .read_range(
                &cmd,
                &RowRange::Keys {
                    start: b("c"),
                    end: b("b")
                },
                10
            )
            .unwrap()
            .is_empty());
    });
}

#[test]
fn token_ranges_that_do_not_advance_wrap_around_the_ring() {
    each(|h| {
        for k in ["a", "b", "c", "d", "e"] {
            h.apply(put("Std", k, "c", "v", 1));
        }
        let cmd = range("Std", "", "", false, 10);
        let read = |start: &str, end: &str, max: usize| -> Vec<String> {
            let range = RowRange::Tokens {
                start: start.into(),
                end: end.into(),
            };
            h.engine
                .read_range(&cmd, &range, max)
                .unwrap()
                .into_iter()
                .map(|(k, _)| String::from_utf8(k).unwrap())
                .collect()
        };
        // (t, t] is the whole ring, beginning after t.
        assert_eq!(read("c", "c", 100), ["d", "e", "a", "b", "c"]);
        assert_eq!(read("e", "e", 100), ["a", "b", "c", "d", "e"]);
        // (d, b]: the end of the ring, then its start up to b inclusive.
        assert_eq!(read("d", "b", 100), ["e", "a", "b"]);
        // The row count cuts across the wrap.
        assert_eq!(read("c", "c", 3), ["d", "e", "a"]);
        assert_eq!(read("c", "c", 2), ["d", "e"]);
        // (min, min] and (x, min] do not wrap.
        assert_eq!(read("", "", 100), ["a", "b", "c", "d", "e"]);
        assert_eq!(read("b", "", 100), ["c", "d", "e"]);
    });
}

#[test]
fn range_reads_follow_ring_order_with_a_hashing_partitioner() {
    for h in harnesses(Arc::new(RandomPartitioner)) {
        let keys: Vec<String> = (0..50).map(|i| format!("key{i}")).collect();
        for k in &keys {
            h.apply(put("Std", k, "c", "v", 1));
        }
        let p = RandomPartitioner;
        let mut expect: Vec<_> = keys.iter().map(|k| p.decorate(k.as_bytes())).collect();
        expect.sort();
        let cmd = range("Std", "", "", false, 10);
        let mut got = Vec::new();
        let mut start = String::from(&p.token_to_string(&p.min_token()));
        loop {
            let page = h
                .engine
                .read_range(
                    &cmd,
                    &RowRange::Tokens {
                        start: start.clone(),
                        end: p.token_to_string(&p.min_token()),
                    },
                    7,
                )
                .unwrap();
            if page.is_empty() {
                break;
            }
            start = p.token_to_string(&p.token(&page.last().unwrap().0));
            got.extend(page.into_iter().map(|(k, _)| k));
        }
        assert_eq!(got, expect.into_iter().map(|d| d.key).collect::<Vec<_>>());
    }
}
