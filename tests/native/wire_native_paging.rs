//! Native-protocol paging over the wire: 10,000 rows paged through with
//! pages that end mid-partition come back each exactly once, in order;
//! so do single partitions (forwards and ORDER BY DESC), clustering slices,
//! IN on a clustering column, tables without clustering columns, prepared
//! statements, and a LIMIT spanning several pages. Each page resumes after
//! the last row (its paging state holds the position), so the time per
//! row does not grow with the number of pages (printed, never asserted).

use crate::support::native;

use native::{op, server, Conn, Rows, Writer};
use std::collections::BTreeSet;
use std::time::Instant;

fn int(b: &Option<Vec<u8>>) -> i32 {
    let b = b.as_deref().expect("a value");
    i32::from_be_bytes(b.try_into().expect("an int"))
}

/// Pages through `query` (QUERY, or EXECUTE of prepared `id`) with pages of
/// `size`: every row, and how many pages it took.
fn page_all(c: &mut Conn, query: &str, id: Option<&[u8]>, size: i32) -> (Rows, usize) {
    let mut all = Vec::new();
    let mut state: Option<Vec<u8>> = None;
    let mut pages = 0;
    loop {
        let mut w = Writer::new();
        match id {
            Some(id) => w.short_bytes(id),
            None => w.long_string(query),
        };
        w.short(1)
            .byte(0x04 | if state.is_some() { 0x08 } else { 0 })
            .int(size);
        if let Some(s) = &state {
            w.bytes(Some(s));
        }
        let f = c.call(if id.is_some() { op::EXECUTE } else { op::QUERY }, &w.buf);
        let (rows, next) = f.rows_and_state();
        assert!(
            rows.len() <= size as usize,
            "{query}: a page of {}",
            rows.len()
        );
        pages += 1;
        all.extend(rows);
        match next {
            Some(s) => state = Some(s),
            None => return (all, pages),
        }
    }
}

/// 100 partitions of 100 rows (`nk.t`), and 500 one-row partitions (`nk.c`).
fn load(c: &mut Conn) {
    c.ok("CREATE KEYSPACE nk WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE nk.t (k int, n int, v text, PRIMARY KEY (k, n))");
    c.ok("CREATE TABLE nk.c (k int PRIMARY KEY, v text) WITH COMPACT STORAGE");
    for k in 0..100 {
        let inserts: Vec<String> = (0..100)
            .map(|n| format!("INSERT INTO nk.t (k, n, v) VALUES ({k}, {n}, 'v')"))
            .collect();
        c.ok(&format!(
            "BEGIN UNLOGGED BATCH {} APPLY BATCH",
            inserts.join("; ")
        ));
    }
    for k in 0..5 {
        let inserts: Vec<String> = (0..100)
            .map(|i| format!("INSERT INTO nk.c (k, v) VALUES ({}, 'v')", k * 100 + i))
            .collect();
        c.ok(&format!(
            "BEGIN UNLOGGED BATCH {} APPLY BATCH",
            inserts.join("; ")
        ));
    }
}

#[test]
fn paging_returns_every_row_exactly_once() {
    let s = server();
    let mut c = Conn::ready(s.native_port.expect("native port"), 4);
    load(&mut c);

    // 10,000 rows in pages of 333: pages end mid-partition.
    let q = "SELECT k, n FROM nk.t";
    let (whole, pages) = page_all(&mut c, q, None, 20_000);
    assert_eq!((whole.len(), pages), (10_000, 1));
    let (rows, pages) = page_all(&mut c, q, None, 333);
    assert_eq!(pages, 31);
    assert_eq!(rows, whole, "the same rows in the same order");
    let seen: BTreeSet<(i32, i32)> = rows.iter().map(|r| (int(&r[0]), int(&r[1]))).collect();
    assert_eq!(seen.len(), 10_000, "each row exactly once");

    // The time per page does not grow with the pages (printed only).
    for size in [10_000, 1000, 100] {
        let t = Instant::now();
        let (rows, pages) = page_all(&mut c, q, None, size);
        assert_eq!(rows.len(), 10_000);
        eprintln!(
            "paging 10,000 rows in {pages} pages of {size}: {:.0} ms",
            t.elapsed().as_secs_f64() * 1000.0
        );
    }

    // A prepared statement pages the same way.
    let mut w = Writer::new();
    w.long_string(q);
    let f = c.call(op::PREPARE, &w.buf);
    let mut r = native::Reader::new(&f.body);
    assert_eq!(r.int().unwrap(), 4, "prepared");
    let id = r.short_bytes().unwrap();
    let (rows, pages) = page_all(&mut c, q, Some(&id), 1000);
    assert_eq!((rows.len(), pages), (10_000, 11));
    assert_eq!(rows, whole);

    // A LIMIT spans pages.
    let (rows, pages) = page_all(&mut c, "SELECT k, n FROM nk.t LIMIT 1000", None, 333);
    assert_eq!((rows.len(), pages), (1000, 4));
    assert_eq!(rows, whole[..1000]);

    // One partition, forwards and backwards, and a clustering slice.
    let ns = |rows: &Rows| rows.iter().map(|r| int(&r[0])).collect::<Vec<_>>();
    let (rows, _) = page_all(&mut c, "SELECT n FROM nk.t WHERE k = 5", None, 7);
    assert_eq!(ns(&rows), (0..100).collect::<Vec<_>>());
    let (rows, _) = page_all(
        &mut c,
        "SELECT n FROM nk.t WHERE k = 5 ORDER BY n DESC",
        None,
        7,
    );
    assert_eq!(ns(&rows), (0..100).rev().collect::<Vec<_>>());
    let (rows, _) = page_all(
        &mut c,
        "SELECT n FROM nk.t WHERE k = 7 AND n >= 10 AND n < 90",
        None,
        9,
    );
    assert_eq!(ns(&rows), (10..90).collect::<Vec<_>>());
    let (rows, pages) = page_all(
        &mut c,
        "SELECT n FROM nk.t WHERE k = 3 AND n IN (77, 1, 50, 9, 5)",
        None,
        2,
    );
    assert_eq!((ns(&rows), pages), (vec![1, 5, 9, 50, 77], 3));
    let (rows, _) = page_all(&mut c, "SELECT n FROM nk.t WHERE k IN (4, 2)", None, 30);
    assert_eq!(rows.len(), 200);

    // One-row partitions.
    let (rows, pages) = page_all(&mut c, "SELECT k FROM nk.c", None, 64);
    assert_eq!(pages, 8);
    let keys: BTreeSet<i32> = rows.iter().map(|r| int(&r[0])).collect();
    assert_eq!((rows.len(), keys.len()), (500, 500));

    // COUNT answers whole.
    let (rows, pages) = page_all(&mut c, "SELECT COUNT(*) FROM nk.t", None, 10);
    assert_eq!((rows.len(), pages), (1, 1));
}

#[test]
fn a_forged_paging_state_is_refused() {
    let s = server();
    let mut c = Conn::ready(s.native_port.expect("native port"), 4);
    load(&mut c);
    let mut w = Writer::new();
    w.long_string("SELECT k FROM nk.c")
        .short(1)
        .byte(0x04)
        .int(10);
    let f = c.call(op::QUERY, &w.buf);
    let (_, state) = f.rows_and_state();
    let state = state.expect("more pages");
    // Truncated, lengthened or for another statement: Invalid, never a crash.
    for bad in [
        state[..state.len() - 1].to_vec(),
        [state.clone(), vec![0]].concat(),
        [vec![0; 16], state[16..].to_vec()].concat(),
        vec![0xff; 40],
    ] {
        let mut w = Writer::new();
        w.long_string("SELECT k FROM nk.c")
            .short(1)
            .byte(0x0c)
            .int(10);
        w.bytes(Some(&bad));
        assert_eq!(c.call(op::QUERY, &w.buf).error().0, 0x2200, "{bad:?}");
    }
    assert_eq!(c.ok("SELECT k FROM nk.c WHERE k = 1").rows().len(), 1);
}
