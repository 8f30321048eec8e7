use super::*;
use crate::capture::mutations::mutated;
use crate::native::wire::codec::Writer;
use crate::native::wire::result::{PREPARED, ROWS};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

const W: Windows = Windows {
    captured: (1_000_000_000_000_000, 1_000_000_100_000_000),
    replayed: (2_000_000_000_000_000, 2_000_000_100_000_000),
};

fn rows(ks: &str, cols: &[&str], rows: &[Vec<&[u8]>]) -> Vec<u8> {
    let mut w = Writer::new();
    w.int(ROWS)
        .int(1)
        .int(cols.len() as i32)
        .string(ks)
        .string("t");
    for c in cols {
        w.string(c).short(0x000D);
    }
    w.int(rows.len() as i32);
    for r in rows {
        for v in r {
            w.bytes(Some(v));
        }
    }
    w.buf
}

fn result(body: &[u8]) -> Frame<'_> {
    Frame {
        version: 4,
        opcode: op::RESULT,
        flags: 0,
        body,
    }
}

fn kinds(d: &[Difference]) -> Vec<Kind> {
    d.iter().map(|d| d.kind).collect()
}

#[test]
fn rows_differ_by_cell_by_order_and_by_count() {
    let a = rows("ks", &["k", "v"], &[vec![b"1", b"a"], vec![b"2", b"b"]]);
    assert!(compare(result(&a), result(&a), &W).is_empty());
    let swapped = rows("ks", &["k", "v"], &[vec![b"2", b"b"], vec![b"1", b"a"]]);
    assert_eq!(
        kinds(&compare(result(&a), result(&swapped), &W)),
        [Kind::Order]
    );
    let changed = rows("ks", &["k", "v"], &[vec![b"1", b"a"], vec![b"2", b"x"]]);
    let d = compare(result(&a), result(&changed), &W);
    assert_eq!(kinds(&d), [Kind::Value]);
    assert_eq!(d[0].path, "rows[1].v");
    let fewer = rows("ks", &["k", "v"], &[vec![b"1", b"a"]]);
    assert_eq!(
        kinds(&compare(result(&a), result(&fewer), &W)),
        [Kind::Missing]
    );
    let other_cols = rows("ks", &["k", "w"], &[vec![b"1", b"a"], vec![b"2", b"b"]]);
    assert_eq!(
        kinds(&compare(result(&a), result(&other_cols), &W)),
        [Kind::Value]
    );
}

#[test]
fn what_a_server_assigns_is_masked() {
    let local = |host: &[u8], ks: &str| rows(ks, &["key", "host_id"], &[vec![b"local", host]]);
    assert!(compare(
        result(&local(b"h1", "system")),
        result(&local(b"h2", "system")),
        &W
    )
    .is_empty());
    assert_eq!(
        kinds(&compare(
            result(&local(b"h1", "app")),
            result(&local(b"h2", "app")),
            &W
        )),
        [Kind::Value]
    );
    // A write time each server chose during its own run.
    let t = |us: i64| rows("app", &["w"], &[vec![&us.to_be_bytes()]]);
    let (c, r) = (t(1_000_000_050_000_000), t(2_000_000_050_000_000));
    assert!(compare(result(&c), result(&r), &W).is_empty());
    assert!(!compare(result(&c), result(&t(3)), &W).is_empty());
    let prepared = |id: &[u8], meta: i32| {
        let mut w = Writer::new();
        w.int(PREPARED).short_bytes(id).int(meta);
        w.buf
    };
    assert!(compare(
        result(&prepared(&[1], 0)),
        result(&prepared(&[2, 2], 0)),
        &W
    )
    .is_empty());
    assert_eq!(
        kinds(&compare(
            result(&prepared(&[1], 0)),
            result(&prepared(&[1], 1)),
            &W
        )),
        [Kind::Value]
    );
}

#[test]
fn errors_against_errors_and_results() {
    let err = |code: i32, msg: &str| {
        let mut w = Writer::new();
        w.int(code).string(msg);
        w.buf
    };
    fn e(b: &[u8]) -> Frame<'_> {
        Frame {
            version: 4,
            opcode: op::ERROR,
            flags: 0,
            body: b,
        }
    }
    let (a, b) = (
        err(0x2200, "no such table"),
        err(0x2200, "unconfigured table"),
    );
    assert_eq!(kinds(&compare(e(&a), e(&b), &W)), [Kind::Message]);
    let c = err(0x2100, "no such table");
    assert_eq!(kinds(&compare(e(&a), e(&c), &W)), [Kind::ExceptionType]);
    let void = [0, 0, 0, 1];
    assert_eq!(
        kinds(&compare(e(&a), result(&void), &W)),
        [Kind::ExceptionType]
    );
    assert_eq!(
        kinds(&compare(result(&[0, 0]), result(&void), &W)),
        [Kind::Undecodable]
    );
}

/// Replies cut, overwritten and grown at random (a corrupted capture, a
/// misbehaving target) are compared without a panic, whatever the header says.
#[test]
fn mutated_replies_never_panic() {
    let base = rows(
        "system",
        &["key", "host_id", "v"],
        &[
            vec![b"local", b"0123456789abcdef", b"x"],
            vec![b"b", b"", b"y"],
        ],
    );
    let mut rng = StdRng::seed_from_u64(0x9e37_79b9_7f4a_7c15);
    for _ in 0..20_000 {
        let b = mutated(&base, &mut rng);
        let (version, opcode, flags) = (rng.gen_range(1..=5), rng.gen(), rng.gen());
        let mutated = Frame {
            version,
            opcode,
            flags,
            body: &b,
        };
        let _ = compare(result(&base), mutated, &W);
        let _ = compare(mutated, result(&base), &W);
        let _ = compare(mutated, mutated, &W);
    }
}
