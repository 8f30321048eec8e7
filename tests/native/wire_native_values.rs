//! The CQL native protocol's v4 values over the wire: unset values leave
//! columns alone (and are refused where Cassandra refused them), and large
//! batches carry Cassandra's warning.

use crate::support::native;

use native::{int, native_port, op, schema, server, Conn, Reader, Writer};

/// A bound value: set, null, or v4's unset.
enum Bound<'a> {
    Set(&'a [u8]),
    Null,
    Unset,
}

/// A v4 QUERY with values (unset written as length -2).
fn query_bound(c: &mut Conn, q: &str, values: &[Bound]) -> native::Frame {
    let mut w = Writer::new();
    w.long_string(q).short(1).byte(1).short(values.len() as u16);
    for v in values {
        match v {
            Bound::Set(b) => w.bytes(Some(b)),
            Bound::Null => w.bytes(None),
            Bound::Unset => w.int(-2),
        };
    }
    c.call(op::QUERY, &w.buf)
}

/// The text of a one-row, one-column result.
fn one_text(c: &mut Conn, q: &str) -> Vec<Option<Vec<u8>>> {
    c.ok(q).rows().into_iter().next().expect("a row")
}

#[test]
fn v4_unset_values_leave_columns_alone_and_are_refused_where_cassandra_refused_them() {
    use Bound::{Null, Set, Unset};
    let s = server();
    let mut c = Conn::ready(native_port(&s), 4);
    schema(&mut c);
    c.ok("CREATE TABLE nk.u (k int PRIMARY KEY, s text, i int, m map<text, text>, l list<text>)");
    c.ok("INSERT INTO nk.u (k, s, i, m, l) VALUES (1, 'text', 10, {'a': 'b'}, ['x', 'y'])");
    let all = "SELECT s, i, m, l FROM nk.u WHERE k = 1";
    let before = one_text(&mut c, all);
    assert_eq!(before[0].as_deref(), Some(&b"text"[..]));

    // Unset leaves every kind of change out; a null deletes.
    let k = int(1);
    for (q, values) in [
        (
            "INSERT INTO nk.u (k, s, i, m, l) VALUES (?, ?, ?, ?, ?)",
            vec![Set(&k), Unset, Unset, Unset, Unset],
        ),
        (
            "UPDATE nk.u SET s = ?, i = ? WHERE k = ?",
            vec![Unset, Unset, Set(&k)],
        ),
        (
            "UPDATE nk.u SET m['a'] = ? WHERE k = ?",
            vec![Unset, Set(&k)],
        ),
        (
            "UPDATE nk.u SET l = l + ? WHERE k = ?",
            vec![Unset, Set(&k)],
        ),
        (
            "UPDATE nk.u SET l = l - ? WHERE k = ?",
            vec![Unset, Set(&k)],
        ),
        (
            "UPDATE nk.u SET l = ? + l WHERE k = ?",
            vec![Unset, Set(&k)],
        ),
        ("UPDATE nk.u SET l[1] = ? WHERE k = ?", vec![Unset, Set(&k)]),
        ("DELETE l[?] FROM nk.u WHERE k = ?", vec![Unset, Set(&k)]),
        (
            "UPDATE nk.u USING TTL ? SET m = m + ? WHERE k = ?",
            vec![Unset, Unset, Set(&k)],
        ),
    ] {
        let f = query_bound(&mut c, q, &values);
        assert_eq!(f.result_kind(), 1, "{q}: {}", f.describe());
        assert_eq!(one_text(&mut c, all), before, "{q} changed nothing");
    }
    // Mixed with set values: only the unset column is left alone.
    let f = query_bound(
        &mut c,
        "INSERT INTO nk.u (k, s, i) VALUES (?, ?, ?) USING TIMESTAMP ?",
        &[Set(&k), Set(b"new"), Unset, Unset],
    );
    assert_eq!(f.result_kind(), 1, "{}", f.describe());
    let row = one_text(&mut c, all);
    assert_eq!(row[0].as_deref(), Some(&b"new"[..]));
    assert_eq!(row[1], before[1], "i untouched");
    let f = query_bound(
        &mut c,
        "UPDATE nk.u SET s = ?, i = ? WHERE k = ?",
        &[Null, Unset, Set(&k)],
    );
    assert_eq!(f.result_kind(), 1);
    let row = one_text(&mut c, all);
    assert_eq!((row[0].clone(), row[1].clone()), (None, before[1].clone()));

    // An unset LIMIT is no limit.
    let f = query_bound(&mut c, "SELECT k FROM nk.u LIMIT ?", &[Unset]);
    assert_eq!(f.rows().len(), 1);

    // Where "leave alone" means nothing: Cassandra's errors.
    for (q, values, want) in [
        (
            "UPDATE nk.u SET i = 0 WHERE k = ?",
            vec![Unset],
            "Invalid unset value for column k",
        ),
        (
            "DELETE FROM nk.u WHERE k = ?",
            vec![Unset],
            "Invalid unset value for column k",
        ),
        (
            "SELECT * FROM nk.u WHERE k = ?",
            vec![Unset],
            "Invalid unset value for column k",
        ),
        (
            "INSERT INTO nk.u (k, s) VALUES (?, 'x')",
            vec![Unset],
            "Invalid unset value for column k",
        ),
        (
            "INSERT INTO nk.t (k, n, v) VALUES (1, ?, 'x')",
            vec![Unset],
            "Invalid unset value for column n",
        ),
        (
            "UPDATE nk.u SET m[?] = 'foo' WHERE k = 1",
            vec![Unset],
            "Invalid unset map key",
        ),
        (
            "DELETE m[?] FROM nk.u WHERE k = 1",
            vec![Unset],
            "Invalid unset map key",
        ),
        (
            "UPDATE nk.u SET l[?] = 'foo' WHERE k = 1",
            vec![Unset],
            "Invalid unset value for list index",
        ),
        (
            "UPDATE nk.u SET i = 1 WHERE k = 1 IF i = ?",
            vec![Unset],
            "Invalid 'unset' value in condition",
        ),
        (
            "SELECT * FROM nk.u WHERE k = blobAsInt(?)",
            vec![Unset],
            "Invalid unset value for argument in call to function blobasint",
        ),
    ] {
        let f = query_bound(&mut c, q, &values);
        assert_eq!(f.error(), (0x2200, want.to_string()), "{q}");
    }
    assert_eq!(one_text(&mut c, "SELECT k FROM nk.u WHERE k = 1").len(), 1);

    // Before v4 there is no unset: any negative length is a null.
    let mut c3 = Conn::ready(native_port(&s), 3);
    let f = query_bound(&mut c3, "UPDATE nk.u SET i = ? WHERE k = 1", &[Unset]);
    assert_eq!(f.result_kind(), 1, "{}", f.describe());
    assert_eq!(one_text(&mut c, all)[1], None, "a v3 -2 deleted i");
}

#[test]
fn v4_large_batches_carry_cassandras_warning() {
    let s = server();
    let mut c = Conn::ready(native_port(&s), 4);
    schema(&mut c);
    let batch = |c: &mut Conn, members: usize| {
        let big = "x".repeat(100);
        let mut w = Writer::new();
        w.byte(1).short(members as u16);
        for n in 0..members {
            w.byte(0)
                .long_string(&format!(
                    "INSERT INTO nk.t (k, n, v) VALUES (9, {n}, '{big}')"
                ))
                .short(0);
        }
        w.short(1).byte(0);
        c.call(op::BATCH, &w.buf)
    };
    // A small batch: no warnings flag.
    let f = batch(&mut c, 2);
    assert_eq!((f.opcode, f.flags & 0x08), (op::RESULT, 0));
    // Over 5 KiB: the flag, then the warnings before the result.
    let f = batch(&mut c, 60);
    assert_eq!(f.opcode, op::RESULT);
    assert_eq!(f.flags & 0x08, 0x08, "warnings flag");
    let mut r = Reader::new(&f.body);
    let warnings = r.string_list().unwrap();
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].starts_with("Batch of prepared statements for [nk.t] is of size ")
            && warnings[0].contains(", exceeding specified threshold of 5120 by "),
        "{warnings:?}"
    );
    assert_eq!(r.int().unwrap(), 1, "a void result follows");
    assert_eq!(c.ok("SELECT n FROM nk.t WHERE k = 9").rows().len(), 60);
    // v3 has no warnings: the same batch answers without the flag.
    let mut c3 = Conn::ready(native_port(&s), 3);
    let f = batch(&mut c3, 60);
    assert_eq!((f.opcode, f.flags & 0x08), (op::RESULT, 0));
}
