//! Parser tests of 1.2's grammar for an emulated 1.2 release (`Grammar::Cql12`).

use super::*;

#[test]
fn cql12_reads_2_0_if_and_distinct_as_names_as_1_2_9_did() {
    // Recorded from 1.2.9 and 1.2.19 (conformance/releases/*/rel_grammar12.json).
    let e = |s: &str| parse_with(s, Grammar::Cql12).unwrap_err().to_string();
    let cases = [
        (
            "CREATE KEYSPACE IF NOT EXISTS k WITH replication = {'class': 'SimpleStrategy'}",
            "line 1:23 missing '=' at 'EXISTS'",
        ),
        (
            "CREATE TABLE IF NOT EXISTS t (k text PRIMARY KEY)",
            "line 1:16 no viable alternative at input 'NOT'",
        ),
        (
            "CREATE INDEX IF NOT EXISTS i ON t (v)",
            "line 1:16 missing K_ON at 'NOT'",
        ),
        (
            "DROP INDEX IF EXISTS i",
            "line 1:14 missing EOF at 'EXISTS'",
        ),
        (
            "DROP TABLE IF EXISTS t",
            "line 1:14 no viable alternative at input 'EXISTS'",
        ),
        (
            "DROP KEYSPACE IF EXISTS k",
            "line 1:17 missing EOF at 'EXISTS'",
        ),
        (
            "INSERT INTO t (k, v) VALUES ('a', 1) IF NOT EXISTS",
            "line 1:37 missing EOF at 'IF'",
        ),
        (
            "UPDATE t SET v = 2 WHERE k = 'a' IF v = 1",
            "line 1:33 missing EOF at 'IF'",
        ),
        (
            "DELETE FROM t WHERE k = 'a' IF EXISTS",
            "line 1:28 missing EOF at 'IF'",
        ),
        (
            "SELECT DISTINCT k FROM t",
            "line 1:16 no viable alternative at input 'k'",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(e(text), want, "{text}");
        assert!(parse_with(text, Grammar::WithStatics).is_ok(), "{text}");
    }
    // The words are names there.
    for ok in [
        "CREATE TABLE if (k text PRIMARY KEY)",
        "DROP TABLE IF",
        "SELECT distinct FROM t",
    ] {
        assert!(parse_with(ok, Grammar::Cql12).is_ok(), "{ok}");
    }
}

#[test]
fn a_reserved_word_after_a_column_wants_the_closing_parenthesis() {
    // Recorded from 1.2.9 to 2.2.19 (conformance/releases/*/rel_reservedcol.json).
    for g in [Grammar::Cql12, Grammar::WithStatics, Grammar::Cql32] {
        let e = |s: &str| parse_with(s, g).unwrap_err().to_string();
        assert_eq!(
            e("CREATE TABLE bad3 (id text PRIMARY KEY, order int)"),
            "line 1:40 mismatched input 'order' expecting ')'"
        );
        assert!(parse_with("CREATE TABLE t (k int PRIMARY KEY, \"order\" int,)", g).is_ok());
    }
}
