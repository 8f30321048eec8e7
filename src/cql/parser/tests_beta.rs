//! Parser tests of 1.1's CQL 3.0.0-beta1 (`Grammar::Beta1`): the values its
//! `term` took.

use super::*;

#[test]
fn beta_terms_had_no_boolean_or_null_constant() {
    // Recorded from 1.1.12 (rel_cql3betaconstants): `true`, `false` and
    // `null` were names to the beta's lexer, which no term could start.
    let err = |q: &str| parse_with(q, Grammar::Beta1).unwrap_err().to_string();
    assert_eq!(
        err("INSERT INTO t (k, b) VALUES (1, true)"),
        "line 1:32 no viable alternative at input 'true'"
    );
    // after `=` a name was a counter's own, so what follows it was refused
    assert_eq!(
        err("UPDATE t SET b = false WHERE k = 1"),
        "line 1:23 no viable alternative at input 'WHERE'"
    );
    assert_eq!(
        err("UPDATE t SET v = null, w = 'x' WHERE k = 1"),
        "line 1:21 no viable alternative at input ','"
    );
    assert!(parse_with("UPDATE t SET c = c + 1 WHERE k = 1", Grammar::Beta1).is_ok());
    assert_eq!(
        err("INSERT INTO t (k, v) VALUES (1, null)"),
        "line 1:32 no viable alternative at input 'null'"
    );
    // quoted, as the beta's clients sent them, they are values
    assert!(parse_with("INSERT INTO t (k, b) VALUES (1, 'true')", Grammar::Beta1).is_ok());
    // 1.2's grammar has the constants
    assert!(parse_with("INSERT INTO t (k, b) VALUES (1, true)", Grammar::Cql12).is_ok());
}

#[test]
fn an_insert_without_into_takes_it_for_missing() {
    // Recorded from 1.1.12 (rel_cql2recovery's beta statements): the table's
    // name may follow INTO, which ANTLR reported missing and read on.
    let err = |q: &str| parse_with(q, Grammar::Beta1).unwrap_err().to_string();
    assert_eq!(
        err("INSERT messages (room, sent, author) VALUES ('x', 1, 'y')"),
        "line 1:7 missing K_INTO at 'messages'"
    );
}

#[test]
fn a_selector_name_is_chosen_by_its_token_alone() {
    // Recorded from 1.1.12 (rel_cql3betaselectname): the beta's selector was a
    // name, `writetime(c)` or `ttl(c)`, so what follows a name is SELECT's
    // FROM to refuse, where 1.2's selector decision failed.
    let err = |q: &str| parse_with(q, Grammar::Beta1).unwrap_err().to_string();
    assert_eq!(
        err("SELECT FIRST 1 * FROM t WHERE k = 'a'"),
        "line 1:13 mismatched input '1' expecting K_FROM"
    );
    assert_eq!(
        err("SELECT v w FROM t"),
        "line 1:9 extraneous input 'w' expecting K_FROM"
    );
    assert_eq!(
        err("SELECT dateOf(v) FROM t"),
        "line 1:13 mismatched input '(' expecting K_FROM"
    );
    assert_eq!(
        err("SELECT k.v FROM t"),
        "line 1:8 mismatched input '.' expecting K_FROM"
    );
    assert!(parse_with("SELECT writetime(v), ttl(v) FROM t", Grammar::Beta1).is_ok());
    assert_eq!(
        err("SELECT token(k) FROM t"),
        "line 1:7 no viable alternative at input 'token'"
    );
}
