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

#[test]
fn tuples_meet_1_2_11_parenthesized_relation_and_2_0_multi_column_relations() {
    // Recorded from 1.2.9, 1.2.19 and 2.0.17 (conformance/releases/*/rel_multicolumn.json).
    let q = "SELECT a FROM t WHERE k = 1 AND (a, b) > (1, 0)";
    let e = |g| parse_with(q, g).unwrap_err().to_string();
    assert_eq!(
        e(Grammar::Cql12),
        "line 1:32 no viable alternative at input '('"
    );
    assert_eq!(e(Grammar::Cql12Paren), "line 1:39 missing EOF at '>'");
    assert!(parse_with("SELECT a FROM t WHERE (k = 1)", Grammar::Cql12Paren).is_ok());
    let rel = |text: &str| match parse_with(text, Grammar::WithStatics)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .statement
    {
        Statement::Select(s) => s.where_clause[1].clone(),
        _ => panic!("{text}"),
    };
    let Relation::MultiColumn { columns, op, value } =
        rel("SELECT a FROM t WHERE k = 1 AND (a, b) IN ((0, 1), (2, 0))")
    else {
        panic!()
    };
    assert_eq!((columns.len(), op), (2, Operator::In));
    assert_eq!(
        Relation::multi_written(&columns, op, &value),
        "(a, b) IN ((0, 1), (2, 0))"
    );
    for (text, written) in [
        ("SELECT a FROM t WHERE k = 1 AND (a, b) > ?", "(a, b) > ?"),
        (
            "SELECT a FROM t WHERE k = 1 AND (a, b) <= (?, 2)",
            "(a, b) <= (?, 2)",
        ),
        ("SELECT a FROM t WHERE k = 1 AND (a, b) IN ?", "(a, b) IN ?"),
        (
            "SELECT a FROM t WHERE k = 1 AND (a, b) IN (?, :t)",
            "(a, b) IN (?, ?)",
        ),
        (
            "SELECT a FROM t WHERE k = 1 AND (a, b) IN ()",
            "(a, b) IN ()",
        ),
        ("SELECT a FROM t WHERE k = 1 AND (a) = (1)", "(a) = (1)"),
    ] {
        let Relation::MultiColumn { columns, op, value } = rel(text) else {
            panic!("{text}")
        };
        assert_eq!(Relation::multi_written(&columns, op, &value), written);
    }
    assert!(matches!(
        rel("SELECT a FROM t WHERE k = 1 AND (a = 1)"),
        Relation::Column { .. }
    ));
}

#[test]
fn a_batch_or_a_relation_that_fails_its_own_rule_is_recovered_from() {
    // Recorded from 1.2.9 to 2.2.19 (conformance/releases/*/rel_recovery.json): the rule
    // reports, drops tokens to the `;` or the clause's next keyword, and
    // the last error of the text is the one reported.
    let e = |s: &str, g: Grammar| parse_with(s, g).unwrap_err().to_string();
    for g in [Grammar::Cql12, Grammar::WithStatics] {
        assert_eq!(
            e("BEGIN BATCH SELECT * FROM orders; APPLY BATCH", g),
            "line 1:34 missing EOF at 'APPLY'"
        );
        assert_eq!(
            e(
                "SELECT id FROM prod WHERE tags CONTAINS 'red' AND sizes CONTAINS 40 ALLOW FILTERING",
                g
            ),
            "line 1:56 no viable alternative at input 'CONTAINS'"
        );
    }
    assert_eq!(
        e(
            "BEGIN BATCH UPDATE orders SET total = 20 WHERE id = 1 IF total = 10; \
             UPDATE orders SET cust = 'c1b' WHERE id = 1; APPLY BATCH",
            Grammar::Cql12
        ),
        "line 1:69 missing EOF at 'UPDATE'"
    );
    // 2.2's `ErrorCollector` reports the first.
    assert_eq!(
        e(
            "BEGIN BATCH SELECT * FROM orders; APPLY BATCH",
            Grammar::Cql33
        ),
        "line 1:12 mismatched input 'SELECT' expecting K_APPLY"
    );
    // Nothing after the failed rule: its own error stands.
    assert_eq!(
        e(
            "BEGIN BATCH SELECT * FROM orders APPLY BATCH",
            Grammar::Cql12
        ),
        "line 1:12 required (...)+ loop did not match anything at input 'SELECT'"
    );
}

#[test]
fn recovery_from_2_1_types_selectors_and_tuples_reports_the_last_error_as_1_2_and_2_0_did() {
    // Recorded from 1.2.19 and 2.0.17 (conformance/releases/*/rel_udt.json):
    // ANTLR recovered at what follows a selector, a type or a value, and
    // the last error it reported stood (a tuple was read as a type cast).
    let cases = [
        (
            "SELECT addr.city, addr.zip FROM users WHERE id = 'u2'",
            "line 1:22 no viable alternative at input '.'",
        ),
        (
            "SELECT addr.nope FROM users WHERE id = 'u2'",
            "line 1:11 no viable alternative at input '.'",
        ),
        (
            "CREATE TABLE pts (k int PRIMARY KEY, p tuple<int, text>, t frozen<tuple<int, int>>)",
            "line 1:80 no viable alternative at input '>'",
        ),
        (
            "INSERT INTO pts (k, p, t) VALUES (1, (1, 'a'), (2, 3))",
            "line 1:45 missing EOF at ','",
        ),
        (
            "INSERT INTO pts (k, p) VALUES (2, (5))",
            "line 1:37 no viable alternative at input ')'",
        ),
        (
            "INSERT INTO pts (k, p) VALUES (3, (1, 'a', 2))",
            "line 1:45 extraneous input ')' expecting EOF",
        ),
        (
            "CREATE TABLE fz (k int PRIMARY KEY, m map<text, frozen<list<int>>>, s set<frozen<set<text>>>)",
            "line 1:64 mismatched input '>' expecting ')'",
        ),
        (
            "CREATE TABLE fk (k frozen<list<int>>, c frozen<set<text>>, v int, PRIMARY KEY (k, c))",
            "line 1:40 no viable alternative at input 'frozen'",
        ),
    ];
    for g in [Grammar::Cql12Paren, Grammar::WithStatics] {
        for (q, want) in cases {
            let got = parse_with(q, g).unwrap_err().to_string();
            assert_eq!(got, want, "{g:?}: {q}");
        }
    }
    // A cast that parses is its value.
    assert!(parse_with(
        "INSERT INTO t (k, v) VALUES (1, (int) 2)",
        Grammar::WithStatics
    )
    .is_ok());
}

#[test]
fn a_tuple_where_1_2_and_2_0_took_a_cast_recovers_by_what_follows_the_value() {
    // Recorded from 1.2.9 to 2.2.19 (conformance/releases/*/rel_castrecovery.json):
    // a relation's single value has no `,` after it, so the cast's type
    // recovered up to its `)`, and the cast's value then met the end or a
    // reserved word; in a list of values the recovery stopped at the `,`.
    let cases = [
        (
            "SELECT v FROM pts WHERE k = (1, 2)",
            "line 0:-1 no viable alternative at input '<EOF>'",
        ),
        (
            "SELECT v FROM pts WHERE k = (1, 2) AND c = 1",
            "line 1:35 no viable alternative at input 'AND'",
        ),
        (
            "SELECT v FROM pts WHERE k = 1 AND c > (1, 2) LIMIT 3",
            "line 1:45 no viable alternative at input 'LIMIT'",
        ),
        (
            "SELECT v FROM pts WHERE k IN ((1, 2))",
            "line 1:36 extraneous input ')' expecting EOF",
        ),
        (
            "UPDATE pts SET v = (1, 2) WHERE k = 1 AND c = 1",
            "line 1:23 no viable alternative at input '2'",
        ),
    ];
    for g in [Grammar::Cql12, Grammar::WithStatics] {
        for (q, want) in cases {
            let got = parse_with(q, g).unwrap_err().to_string();
            assert_eq!(got, want, "{g:?}: {q}");
        }
    }
    // 2.1 read a type's name and its `)` as a cast, anything else as a tuple.
    assert!(parse_with("SELECT v FROM pts WHERE k = (int) 1", Grammar::Cql32).is_ok());
    assert_eq!(
        parse_with("SELECT v FROM pts WHERE k = (int)", Grammar::Cql32)
            .unwrap_err()
            .to_string(),
        "line 0:-1 no viable alternative at input '<EOF>'"
    );
    assert!(parse_with("SELECT v FROM pts WHERE k = (1, 2)", Grammar::Cql32).is_ok());
}

#[test]
fn an_insert_without_its_columns_is_recovered_from_up_to_its_values() {
    // Recorded from 1.2.9 to 2.2.19 (conformance/releases/*/rel_insertrecovery.json):
    // the table name's decision fails at VALUES, ANTLR drops it and reads
    // the values as the column names (each failing and recovered to its
    // `,`), then misses VALUES at the end; 1.2 to 2.1 keep that last error,
    // 2.2 the first.
    let e = |s: &str, g: Grammar| parse_with(s, g).unwrap_err().to_string();
    let q = "INSERT INTO users VALUES (2, 'bob', 31)";
    for g in [Grammar::Cql12, Grammar::WithStatics, Grammar::Cql32] {
        assert_eq!(
            e(q, g),
            "line 0:-1 mismatched input '<EOF>' expecting K_VALUES"
        );
        assert_eq!(
            e("INSERT INTO users VALUES (2, 'bob') USING TTL 5", g),
            "line 1:36 mismatched input 'USING' expecting K_VALUES"
        );
        assert_eq!(
            e("INSERT INTO users VALUES ('a', 1);", g),
            "line 1:33 mismatched input ';' expecting K_VALUES"
        );
        // The values read as names: the first that is none is the last error.
        assert_eq!(
            e("INSERT INTO t VALUES (k, 5) VALUES ('a', 1)", g),
            "line 1:25 no viable alternative at input '5'"
        );
        // A word that may follow a table name passed its decision.
        assert_eq!(
            e("INSERT INTO t SET k = 'a'", g),
            "line 1:14 mismatched input 'SET' expecting '('"
        );
        // Nothing to recover at: the first error stands.
        assert_eq!(
            e("INSERT INTO users VALUES", g),
            "line 1:18 no viable alternative at input 'VALUES'"
        );
    }
    assert_eq!(
        e(q, Grammar::Cql33),
        "line 1:18 no viable alternative at input 'VALUES'"
    );
    assert_eq!(
        e("INSERT INTO t SET k = 'a'", Grammar::Cql33),
        "line 1:14 no viable alternative at input 'SET'"
    );
}

#[test]
fn a_set_clause_column_followed_by_neither_equals_nor_bracket_is_no_viable() {
    // Recorded from 1.2.9 to 2.2.19 (rel_insertrecovery): `columnOperation`'s
    // decision (2.1's `columnOperationDifferentiator`) failed at the token.
    let e = |s: &str, g: Grammar| parse_with(s, g).unwrap_err().to_string();
    for g in [
        Grammar::Cql12,
        Grammar::WithStatics,
        Grammar::Cql32,
        Grammar::Cql33,
    ] {
        assert_eq!(
            e("UPDATE profile SET home.city = 'Bergen' WHERE uid = 1", g),
            "line 1:23 no viable alternative at input '.'"
        );
    }
}

#[test]
fn nan_and_infinity_are_names_to_1_2_and_constants_from_2_0() {
    // Recorded from 1.2.9 and 2.0.17 (conformance/releases/*/rel_literallexing.json).
    let e = |s: &str| parse_with(s, Grammar::Cql12).unwrap_err().to_string();
    assert_eq!(
        e("INSERT INTO t (k, f) VALUES (1, NaN)"),
        "line 1:35 no viable alternative at input ')'"
    );
    assert_eq!(
        e("INSERT INTO t (k, f) VALUES (2, -NaN)"),
        "line 1:32 no viable alternative at input '-'"
    );
    let values = |s: &str| match parse_with(s, Grammar::WithStatics).unwrap().statement {
        Statement::Insert(i) => i.values,
        other => panic!("{other:?}"),
    };
    let texts: Vec<String> = values("INSERT INTO t (k, f, g, h) VALUES (-NaN, - Infinity, nan, 1)")
        .into_iter()
        .map(|t| match t {
            Term::Constant(c) => format!("{:?} {}", c.kind, c.text),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(
        texts,
        ["Float -NaN", "Float -Infinity", "Float nan", "Integer 1"]
    );
}

#[test]
fn a_limit_past_an_int_fails_the_parse_in_1_2() {
    // 1.2's action read LIMIT's number with Integer.parseInt (1.2.9 and
    // 1.2.19: `zh_cql_newcomer`); 2.0 on read the term later.
    let q = "SELECT * FROM users LIMIT 2147483648";
    assert_eq!(
        parse_with(q, Grammar::Cql12).unwrap_err().to_string(),
        "Failed parsing statement: [SELECT * FROM users LIMIT 2147483648] reason: \
         NumberFormatException For input string: \"2147483648\""
    );
    assert!(parse_with("SELECT * FROM users LIMIT 2147483647", Grammar::Cql12).is_ok());
    assert!(parse_with(q, Grammar::WithStatics).is_ok());
}

/// Recorded: 1.2.9, 1.2.19 and 2.0.17 (`ordinary19zn`'s reset tokens): a
/// column named `token` (a reserved word) where a relation or a selector
/// begins is the start of `token(...)`, its `(` due next.
#[test]
fn a_bare_token_begins_the_token_function() {
    for g in [Grammar::Cql12, Grammar::Cql305] {
        let e = |s: &str| parse_with(s, g).unwrap_err().to_string();
        assert_eq!(
            e("SELECT email FROM r WHERE token = 'tk1'"),
            "line 1:32 mismatched input '=' expecting '('"
        );
        assert_eq!(
            e("DELETE FROM r WHERE token = 'a' AND x = 1"),
            "line 1:26 mismatched input '=' expecting '('"
        );
        // `(` one token later: the IN dropped, the strings no names, the
        // operator due at the end
        assert_eq!(
            e("SELECT * FROM r WHERE token IN ('a', 'b')"),
            "line 0:-1 no viable alternative at input '<EOF>'"
        );
        assert_eq!(
            e("UPDATE r SET e = 'x' WHERE token IN ('a', 'b') AND y = 2"),
            "line 1:47 no viable alternative at input 'AND'"
        );
        assert_eq!(
            e("SELECT token, writetime(e) FROM r"),
            "line 1:12 no viable alternative at input ','"
        );
        // the function itself is read as before
        assert!(parse_with("SELECT * FROM r WHERE token(k) > 0", g).is_ok());
    }
}

#[test]
fn a_1_2_selector_had_no_alias_nor_a_constant_argument() {
    // Recorded from 1.2.9 and 1.2.19 (rel_fctargs, ordinary19zzd's zzd_audit).
    let e = |s: &str, g| parse_with(s, g).unwrap_err().to_string();
    for g in [Grammar::Cql12, Grammar::Cql12Paren] {
        assert_eq!(
            e("SELECT i AS v FROM t", g),
            "line 1:9 no viable alternative at input 'AS'"
        );
        assert_eq!(
            e("SELECT k, writetime(x) AS w FROM t WHERE k = 1", g),
            "line 1:23 missing K_FROM at 'AS'"
        );
        assert_eq!(
            e("SELECT writetime(v) AS wt FROM ev", g),
            "line 1:20 missing K_FROM at 'AS'"
        );
        assert_eq!(
            e("SELECT writetime(v, w) FROM ev", g),
            "line 1:21 extraneous input ')' expecting K_FROM"
        );
        assert_eq!(
            e("SELECT now(1) FROM t", g),
            "line 1:10 no viable alternative at input '('"
        );
        assert!(parse_with("SELECT now(k), blobAsInt(intAsBlob(i)) FROM t", g).is_ok());
    }
    // 2.0: aliases; its `selectionFunctionArgs` still chose at the `(`.
    assert!(parse_with("SELECT i AS v FROM t", Grammar::WithStatics).is_ok());
    assert_eq!(
        e("SELECT now(1) FROM t", Grammar::WithStatics),
        "line 1:10 no viable alternative at input '('"
    );
    assert_eq!(
        e("SELECT writetime(v, w) FROM ev", Grammar::WithStatics),
        "line 1:21 extraneous input ')' expecting K_FROM"
    );
}

#[test]
fn a_1_2_property_took_its_missing_equals_before_a_value() {
    // 1.2.9 and 1.2.19 (rel_propertydecision); 2.0 on: no viable alternative.
    let e = |s: &str, g| parse_with(s, g).unwrap_err().to_string();
    let cases = [
        (
            "CREATE KEYSPACE x1 WITH replication {'class': 'SimpleStrategy'}",
            "line 1:36 missing '=' at '{'",
            "line 1:36 no viable alternative at input '{'",
        ),
        (
            "CREATE TABLE t (k int PRIMARY KEY, v int) WITH comment 'x'",
            "line 1:55 missing '=' at 'x'",
            "line 1:55 no viable alternative at input 'x'",
        ),
        (
            "ALTER KEYSPACE k WITH durable_writes false",
            "line 1:37 missing '=' at 'false'",
            "line 1:37 no viable alternative at input 'false'",
        ),
        (
            "ALTER TABLE t WITH comment : 'x'",
            "line 1:27 mismatched input ':' expecting '='",
            "line 1:27 no viable alternative at input ':'",
        ),
    ];
    for (q, v12, v20) in cases {
        assert_eq!(e(q, Grammar::Cql12), v12, "{q}");
        assert_eq!(e(q, Grammar::WithStatics), v20, "{q}");
    }
}

#[test]
fn a_token_relations_value_after_a_column_that_is_no_name_fails_last() {
    // 1.2.9 to 2.1.22 (ordinary19zzd's zzd_export): the string reported,
    // ANTLR read on to the value `token(k)`, whose bare `k` failed at `)`.
    let q = "SELECT k FROM items WHERE token('k01') > token(k)";
    for g in [Grammar::Cql12, Grammar::WithStatics, Grammar::Cql32] {
        assert_eq!(
            parse_with(q, g).unwrap_err().to_string(),
            "line 1:48 no viable alternative at input ')'"
        );
    }
    // 2.2 answered the first.
    assert_eq!(
        parse_with(q, Grammar::Cql33).unwrap_err().to_string(),
        "line 1:32 no viable alternative at input 'k01'"
    );
    let q = "SELECT k FROM items WHERE token('k01') > token('k02')";
    assert_eq!(
        parse_with(q, Grammar::Cql12).unwrap_err().to_string(),
        "line 1:32 no viable alternative at input 'k01'"
    );
}
