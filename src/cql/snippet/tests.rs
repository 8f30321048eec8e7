use super::*;

fn syntax(line: i32, column: i32, message: &str) -> CqlError {
    CqlError::Syntax {
        line,
        column,
        message: message.into(),
    }
}

fn snippet_of(text: &str) -> String {
    let err = crate::cql::parse(text).expect_err("a syntax error");
    with_snippet(text, &err).expect("a parser's error")
}

#[test]
fn an_error_at_the_first_token_quotes_only_it() {
    // Recorded from 2.1.22.
    assert_eq!(
        snippet_of("SELEKT * FROM users"),
        "line 1:0 no viable alternative at input 'SELEKT' ([SELEKT]...)"
    );
}

#[test]
fn the_snippet_starts_ten_stream_tokens_back_whitespace_counted() {
    // SELECT ␣ * ␣ FROM ␣ t ␣ WHERE ␣ k ␣ = ␣ =: the offending `=` is the
    // stream's token 14, so the snippet starts at token 4 (FROM).
    let err = syntax(1, 26, "x");
    let text = "SELECT * FROM t WHERE k = = 1";
    assert_eq!(
        with_snippet(text, &err).as_deref(),
        Some("line 1:26 x (...FROM t WHERE k = [=]...)")
    );
    // Few tokens: from the statement's start; the last token ends it.
    let err = syntax(1, 9, "x");
    assert_eq!(
        with_snippet("INSERT x y", &err).as_deref(),
        Some("line 1:9 x (INSERT x [y])")
    );
}

#[test]
fn string_constants_span_their_unquoted_text_and_lines_join() {
    // The string token's text is `a'b` (3 chars), its source 6: the cut
    // after the offending token counts the text's length, as Java did.
    let err = syntax(1, 7, "x");
    assert_eq!(
        with_snippet("INSERT 'a''b' zz", &err).as_deref(),
        Some("line 1:7 x (INSERT ['a']...)")
    );
    // A string before the offending token is skipped whole, spaces in it.
    let err = syntax(1, 13, "x");
    assert_eq!(
        with_snippet("INSERT 'a b' zz", &err).as_deref(),
        Some("line 1:13 x (INSERT 'a b' [zz])")
    );
    // Two lines: joined without the line break.
    let err = syntax(2, 2, "x");
    assert_eq!(
        with_snippet("SELECT *\nF FROM t", &err).as_deref(),
        Some("line 2:2 x (SELECT *F [FROM]...)")
    );
    // Comments are hidden tokens.
    let err = syntax(1, 15, "x");
    assert_eq!(
        with_snippet("SELECT /* c */ x", &err).as_deref(),
        Some("line 1:15 x (SELECT /* c */ [x])")
    );
}

#[test]
fn an_error_at_the_end_has_no_snippet() {
    // Recorded from 2.1.22 and 2.2.19: the end token had no position.
    for text in ["SELECT *", "DELETE FROM msgs", "SELECT *\n"] {
        let err = syntax(0, -1, "mismatched input '<EOF>' expecting K_FROM");
        assert_eq!(
            with_snippet(text, &err).as_deref(),
            Some("line 0:-1 mismatched input '<EOF>' expecting K_FROM"),
            "{text}"
        );
    }
}

#[test]
fn lexer_errors_and_semantic_errors_have_none() {
    assert_eq!(with_snippet("x", &CqlError::Invalid("no".into())), None);
    let err = syntax(1, 7, "no viable alternative at character '~'");
    assert_eq!(with_snippet("SELECT ~", &err), None);
}

#[test]
fn the_snippet_starts_where_the_stream_stood_and_ends_where_it_had_read() {
    // Recorded from 2.1.22 (conformance/releases/2.1.22/rel_syntax.json).
    let cases = [
        (
            "SELECT * foo FROM ev",
            "line 1:9 extraneous input 'foo' expecting K_FROM (SELECT * foo [FROM]...)",
        ),
        (
            "SELECT * FROM ev LIMIT 10 foo",
            "line 1:26 extraneous input 'foo' expecting EOF",
        ),
        (
            "SELECT * FROM cv_r_syntax.ev foo bar",
            "line 1:29 missing EOF at 'foo' (SELECT * FROM cv_r_syntax.ev [foo] bar)",
        ),
        (
            "SELECT * FROM ev foo bar",
            "line 1:17 no viable alternative at input 'foo' (SELECT * FROM [ev] foo...)",
        ),
        (
            "CREATE TABLE plain (k text PRIMARY KEY s text)",
            "line 1:39 mismatched input 's' expecting ')' (... (k text PRIMARY KEY [s] text...)",
        ),
        (
            // Recorded from 2.1.22 and 2.2.19 (a field of a user type in a
            // relation): the relation's decision stood at the name.
            "SELECT home FROM homes WHERE owner = 'ann' AND home.street = 'Elm'",
            "line 1:51 no viable alternative at input '.' (...WHERE owner = 'ann' AND [home]....)",
        ),
        (
            "UPDATE ev SET b = 'x' WHERE id = 'a' AND seq = 1 AND",
            "line 0:-1 no viable alternative at input '<EOF>'",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(snippet_of(text), expected, "{text}");
    }
}

/// Recorded from 2.2.19 (`rel_syntax`): a quoted name where a value was due
/// was a function's name, the error at the token after it; 2.1.22 refused
/// the name itself.
#[test]
fn a_quoted_name_at_a_value_fails_after_it_as_a_function_name() {
    let cases = [
        (
            r#"SELECT * FROM ev WHERE id = "a" foo"#,
            r#"line 1:32 no viable alternative at input 'foo' (...FROM ev WHERE id = ["]a" foo)"#,
        ),
        (
            r#"SELECT * FROM ev WHERE id = "a" LIMIT 1 foo"#,
            r#"line 1:32 no viable alternative at input 'LIMIT' (...FROM ev WHERE id = ["]a" LIMIT...)"#,
        ),
        (
            r#"SELECT * FROM ev WHERE id = "a" AND seq = "b""#,
            r#"line 1:32 no viable alternative at input 'AND' (...FROM ev WHERE id = ["]a" AND...)"#,
        ),
    ];
    for (text, expected) in cases {
        let err = crate::cql::parse(text).expect_err("a syntax error");
        let as_22 = as_function_name(text, &err)
            .unwrap_or_else(|| panic!("a quoted name at a value: {text}: {err:?}"));
        assert_eq!(with_snippet(text, &as_22).unwrap(), expected, "{text}");
    }
    // 2.1's words stand where the name was called, or ended the statement.
    for text in [
        r#"SELECT * FROM ev WHERE id = "a""#,
        r#"SELECT * FROM ev WHERE "a" = 1"#,
    ] {
        if let Err(err) = crate::cql::parse(text) {
            assert!(as_function_name(text, &err).is_none(), "{text}");
        }
    }
}

#[test]
fn release_2_1_reported_a_table_named_order_at_its_missing_by() {
    // Recorded from 2.1.22 (ordinary19h's prepared orders).
    let text = "SELECT * FROM order WHERE customer = 'acme'";
    let err = crate::cql::parse(text).expect_err("a syntax error");
    let last = as_order_clause(text, &err).expect("the ORDER BY recovery");
    assert_eq!(
        with_snippet(text, &last).as_deref(),
        Some("line 1:20 mismatched input 'WHERE' expecting K_BY (SELECT * FROM order [WHERE] customer...)")
    );
    assert_eq!(as_order_clause("SELECT * FROM order", &err), None);
}

#[test]
fn a_token_set_mismatch_quotes_up_to_its_token() {
    // Recorded from 2.1.22 (conformance/releases/2.1.22/rel_authanon.json):
    // a MismatchedSetException read no token past the offending one.
    let text = "CREATE USER 5";
    let err = crate::cql::parse_with(text, crate::cql::Grammar::Cql32).expect_err("a syntax error");
    assert_eq!(
        with_snippet(text, &err).expect("a parser's error"),
        "line 1:12 mismatched input '5' expecting set null (CREATE USER [5])"
    );
}

#[test]
fn a_skipped_character_makes_no_token_and_a_hidden_end_keeps_its_text() {
    // Recorded from 2.1.22: the lexer skipped `~`, leaving the whitespace
    // on either side of it two tokens; the snippet, two stream tokens past
    // the column's name, ends after the second one's text.
    let err = syntax(1, 30, "no viable alternative at input '1'");
    assert_eq!(
        with_snippet("DELETE FROM orders WHERE id ~ 1 AND cust = 'x'", &err).as_deref(),
        Some("line 1:30 no viable alternative at input '1' (DELETE FROM orders WHERE [id] ~ ...)")
    );
    let err = syntax(1, 44, "no viable alternative at input 'x'");
    assert_eq!(
        with_snippet("SELECT id FROM prod WHERE id ~ 1 AND name ~ 'x'", &err).as_deref(),
        Some("line 1:44 no viable alternative at input 'x' (... WHERE id ~ 1 AND [name] ~ ...)")
    );
}

#[test]
fn without_a_recovery_a_mismatch_ends_the_snippet() {
    // Recorded from 3.11.10 (3.0.24 quoted `[SELECT] *...`: its recovery
    // had looked at the next token).
    let err = syntax(1, 12, "mismatched input 'SELECT' expecting K_APPLY");
    let text = "BEGIN BATCH SELECT * FROM orders; APPLY BATCH";
    assert_eq!(
        without_recovery(text, &err).as_deref(),
        Some("line 1:12 mismatched input 'SELECT' expecting K_APPLY (BEGIN BATCH [SELECT]...)")
    );
    assert_eq!(
        with_snippet(text, &err).as_deref(),
        Some("line 1:12 mismatched input 'SELECT' expecting K_APPLY (BEGIN BATCH [SELECT] *...)")
    );
}

#[test]
fn a_name_argument_of_a_call_was_read_two_tokens_past() {
    // Recorded from 3.11.10 (conformance/releases/3.11.10/rel_opencall3x.json).
    let cases = [
        ("SELECT max(n FROM t", 13, "(SELECT max(n [FROM] t)"),
        ("SELECT max(n, k FROM t", 16, "(SELECT max(n, k [FROM] t)"),
        ("SELECT max(n.f FROM t", 15, "(SELECT max(n.f [FROM] t)"),
        (
            "SELECT k, max(n FROM t LIMIT 1",
            16,
            "(SELECT k, max(n [FROM] t...)",
        ),
        ("SELECT max(1 FROM t", 13, "(SELECT max(1 [FROM]...)"),
        (
            "SELECT max(min(n) FROM t",
            18,
            "(SELECT max(min(n) [FROM]...)",
        ),
        (
            "SELECT writetime(s FROM t",
            19,
            "(SELECT writetime(s [FROM]...)",
        ),
        (
            "SELECT CAST(n AS text FROM t",
            22,
            "(SELECT CAST(n AS text [FROM]...)",
        ),
    ];
    for (text, column, quoted) in cases {
        let err = syntax(1, column, "mismatched input 'FROM' expecting ')'");
        assert_eq!(
            without_recovery(text, &err),
            Some(format!(
                "line 1:{column} mismatched input 'FROM' expecting ')' {quoted}"
            )),
            "{text}"
        );
    }
}

#[test]
fn a_calls_arguments_decisions_stood_at_the_paren_and_at_a_name() {
    // Recorded from 3.0.24 and 3.11.10 (conformance/releases/*/rel_opencall3x.json).
    let err = syntax(1, 13, "no viable alternative at input 'x'");
    assert_eq!(
        with_snippet("SELECT max(n x FROM t", &err).unwrap(),
        "line 1:13 no viable alternative at input 'x' (SELECT max([n] x...)"
    );
    let err = syntax(1, 11, "no viable alternative at input '1'");
    assert_eq!(
        with_snippet("SELECT max(1 FROM t", &err).unwrap(),
        "line 1:11 no viable alternative at input '1' (SELECT max[(]1...)"
    );
}

#[test]
fn a_later_selectors_decision_stood_at_its_name() {
    // Recorded from 2.1.22 and 2.2.19 (conformance/releases/*/rel_selectorwords.json).
    let err = syntax(1, 12, "no viable alternative at input 'w'");
    assert_eq!(
        with_snippet("SELECT c, v w FROM t WHERE k = 'a'", &err).unwrap(),
        "line 1:12 no viable alternative at input 'w' (SELECT c, [v] w...)"
    );
}

#[test]
fn a_bare_word_at_a_values_place_stood_at_the_word() {
    // Recorded from 2.1.22 and 2.2.19 (conformance/releases/*/rel_insertrecovery.json):
    // the term's decision, a value or a function call, looked one past it.
    let err = syntax(1, 48, "no viable alternative at input ','");
    assert_eq!(
        with_snippet(
            "INSERT INTO users (id, name, age) VALUES (2, bob, 31)",
            &err
        )
        .unwrap(),
        "line 1:48 no viable alternative at input ',' (... age) VALUES (2, [bob],...)"
    );
    let err = syntax(1, 21, "no viable alternative at input 'WHERE'");
    assert_eq!(
        with_snippet("UPDATE t SET v = bob WHERE k = 'a'", &err).unwrap(),
        "line 1:21 no viable alternative at input 'WHERE' (UPDATE t SET v = [bob] WHERE...)"
    );
    // A column's name after a SET clause's `,` is no value.
    let err = syntax(1, 22, "no viable alternative at input 'c'");
    assert_eq!(
        with_snippet("UPDATE t SET v = 1, b c = 2 WHERE k = 'a'", &err).unwrap(),
        "line 1:22 no viable alternative at input 'c' (... v = 1, b [c]...)"
    );
}

#[test]
fn a_word_that_follows_a_table_name_stands_where_the_statement_failed() {
    // Recorded from 2.2.19 (conformance/releases/2.2.19/rel_insertrecovery.json).
    let err = syntax(1, 14, "no viable alternative at input 'SET'");
    assert_eq!(
        with_snippet("INSERT INTO t SET k = 'a'", &err).unwrap(),
        "line 1:14 no viable alternative at input 'SET' (INSERT INTO t [SET] k...)"
    );
}

#[test]
fn a_bare_token_selector_is_quoted_from_the_token_after_it() {
    // Recorded from 2.1.22 and 2.2.19 (rel_baretoken): TOKEN is no name.
    assert_eq!(
        snippet_of("SELECT token, email FROM resets"),
        "line 1:12 no viable alternative at input ',' (SELECT token[,]...)"
    );
    assert_eq!(
        snippet_of("SELECT token FROM resets"),
        "line 1:13 no viable alternative at input 'FROM' (SELECT token [FROM]...)"
    );
    assert_eq!(
        snippet_of("SELECT email, token FROM resets WHERE \"token\" = 'tk1'"),
        "line 1:20 no viable alternative at input 'FROM' (SELECT email, token [FROM]...)"
    );
}

#[test]
fn a_deletion_s_decision_stood_at_its_name() {
    // Recorded from 3.0.24 (`rel_udtcells3x`): `deleteOp` looked one past
    // the name, and failed there.
    let text = "DELETE a.zip FROM c USING TIMESTAMP 12 WHERE id = 1";
    let err = crate::cql::parse_with(text, crate::cql::Grammar::Cql33).expect_err("no field");
    assert_eq!(
        with_snippet(text, &err).expect("a parser's error"),
        "line 1:8 no viable alternative at input '.' (DELETE [a]....)"
    );
    let text = "DELETE b, f.city FROM c WHERE id = 1";
    let err = crate::cql::parse_with(text, crate::cql::Grammar::Cql33).expect_err("no field");
    assert_eq!(
        with_snippet(text, &err).expect("a parser's error"),
        "line 1:11 no viable alternative at input '.' (DELETE b, [f]....)"
    );
    // 3.6 took a field.
    assert!(crate::cql::parse_with(text, crate::cql::Grammar::Cql34).is_ok());
}

#[test]
fn a_deletion_without_names_stood_at_its_table() {
    // Recorded from 2.1.22 (`rel_ordertable`): FROM is no deletion's name.
    let err = syntax(1, 12, "no viable alternative at input 'order'");
    assert_eq!(
        with_snippet("DELETE FROM order WHERE k = 1", &err).as_deref(),
        Some("line 1:12 no viable alternative at input 'order' (DELETE FROM [order]...)")
    );
}

#[test]
fn a_property_without_its_equals_stood_at_its_name() {
    // 2.1.22 (ordinary19zzd's zzd_tenants): 1.1's option syntax sent to 2.1.
    use crate::cql::{parse_with, Grammar};
    let text = "CREATE KEYSPACE zzd_ten3 WITH strategy_class = 'SimpleStrategy' AND \
                strategy_options:replication_factor = 1";
    let err = parse_with(text, Grammar::Cql32).expect_err("a syntax error");
    assert_eq!(
        with_snippet(text, &err).as_deref(),
        Some(
            "line 1:84 no viable alternative at input ':' (...WITH strategy_class = \
             'SimpleStrategy' AND [strategy_options]:...)"
        )
    );
    // 1.2's one alternative matched the `=`.
    let err = parse_with(text, Grammar::Cql12).expect_err("a syntax error");
    assert_eq!(
        err.to_string(),
        "line 1:84 mismatched input ':' expecting '='"
    );
}

#[test]
fn writetime_without_its_name_stood_at_the_close() {
    // 2.1.22 and 2.2.19 (ordinary19zzd's zzd_audit): no arguments' decision.
    assert_eq!(
        snippet_of("SELECT writetime() FROM ev"),
        "line 1:17 no viable alternative at input ')' (SELECT writetime([)]...)"
    );
}

#[test]
fn a_bare_name_in_a_token_value_stood_at_the_name() {
    // 2.1.22 (rel_tokennamerecovery): the term's decision looked past `k`.
    use crate::cql::{parse_with, Grammar};
    let text = "SELECT k FROM t WHERE token('a') > token(k)";
    let err = parse_with(text, Grammar::Cql32).expect_err("a syntax error");
    assert_eq!(
        with_snippet(text, &err).as_deref(),
        Some("line 1:42 no viable alternative at input ')' (... token('a') > token([k]))")
    );
}
