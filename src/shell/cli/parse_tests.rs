//! Unit tests of `cli_parse` (a file of their own so `cli_parse.rs` stays short).

use super::*;
use crate::shell::cli::statement::{Access, SchemaTarget, Term};

fn text(s: &str) -> Term {
    Term::Text(s.to_string())
}

#[test]
fn set_get_del_count() {
    assert_eq!(
        parse("set Standard1['jsmith']['first'] = 'John';").unwrap(),
        Command::Set {
            access: Access {
                cf: "Standard1".into(),
                key: text("jsmith"),
                path: vec![text("first")],
            },
            value: text("John"),
            ttl: None,
        }
    );
    assert_eq!(
        parse("SET Super1[utf8('k')]['sc'][long(5)] = 'v' with ttl = 30").unwrap(),
        Command::Set {
            access: Access {
                cf: "Super1".into(),
                key: Term::Func("utf8".into(), Some("k".into())),
                path: vec![text("sc"), Term::Func("long".into(), Some("5".into()))],
            },
            value: text("v"),
            ttl: Some(30),
        }
    );
    assert!(matches!(
        parse("get Standard1['k'] as utf8 limit 3;").unwrap(),
        Command::Get { as_type: Some(t), limit: Some(3), .. } if t == "utf8"
    ));
    assert!(matches!(parse("del Standard1['k'];").unwrap(), Command::Del(a) if a.path.is_empty()));
    assert!(
        matches!(parse("count Super1['k']['sc'];").unwrap(), Command::Count(a) if a.path.len() == 1)
    );
}

#[test]
fn list_options() {
    assert_eq!(
        parse("list Standard1[a:z] limit 5 columns 2 reversed;").unwrap(),
        Command::List {
            cf: "Standard1".into(),
            start: Some("a".into()),
            end: Some("z".into()),
            limit: Some(5),
            columns: Some(2),
            reversed: true,
        }
    );
    assert!(matches!(
        parse("list testtable").unwrap(),
        Command::List { limit: None, .. }
    ));
}

#[test]
fn escapes_and_other_commands() {
    assert!(matches!(
        parse(r"set S['k']['c'] = 'it\'s\n';").unwrap(),
        Command::Set { value: Term::Text(v), .. } if v == "it's\n"
    ));
    assert_eq!(parse("show keyspaces;").unwrap(), Command::ShowKeyspaces);
    assert_eq!(parse("describe;").unwrap(), Command::Describe(None));
    assert_eq!(
        parse("describe keyspace Keyspace1;").unwrap(),
        Command::Describe(Some("Keyspace1".into()))
    );
    assert_eq!(
        parse("DESCRIBE Standard1").unwrap(),
        Command::Describe(Some("Standard1".into()))
    );
    assert_eq!(parse("quit;").unwrap(), Command::Exit);
    assert_eq!(parse("?").unwrap(), Command::Help(None));
    assert_eq!(
        parse("help set;").unwrap(),
        Command::Help(Some("set".into()))
    );
    assert_eq!(
        parse("use Keyspace1;").unwrap(),
        Command::Use("Keyspace1".into())
    );
}

#[test]
fn errors_name_the_position() {
    let e = parse("set Standard1['k'] 'v';").unwrap_err();
    assert_eq!(e.pos, 19);
    assert!(parse("frobnicate;")
        .unwrap_err()
        .to_string()
        .contains("no viable alternative at input 'frobnicate'"));
    assert!(parse("get Standard1['k").is_err());
    assert!(parse("list Standard1 limit x;").is_err());
}

#[test]
fn schema_and_session_statements() {
    assert!(matches!(
        parse("create column family C with comparator = UTF8Type and column_metadata = [{column_name: a, validation_class: LongType}];").unwrap(),
        Command::Create(SchemaTarget::ColumnFamily, n, a) if n == "C" && a.len() == 2
    ));
    assert_eq!(
        parse("drop keyspace Blog;").unwrap(),
        Command::Drop(SchemaTarget::Keyspace, "Blog".into())
    );
    assert!(matches!(
        parse("get Authors where country = 'US' and numPosts >= 5 limit 3;").unwrap(),
        Command::GetWhere { conds, limit: Some(3), .. } if conds.len() == 2 && conds[1].1 == ">="
    ));
    assert!(matches!(
        parse("decr C['k']['c'] by 3;").unwrap(),
        Command::Incr { by: -3, .. }
    ));
    assert!(matches!(
        parse("assume C sub_comparator as utf8;").unwrap(),
        Command::Assume { what, .. } if what == "sub_comparator"
    ));
    assert_eq!(
        parse("get Authors['Arin'").unwrap_err().to_string(),
        "Syntax error at position 18: missing ']' at ';'"
    );
    assert_eq!(
        parse("drop index on Authors.email;").unwrap(),
        Command::DropIndex {
            cf: "Authors".into(),
            column: "email".into()
        }
    );
    assert_eq!(
        parse("set S['k']['c'] = 'v' with ttl = -5")
            .unwrap_err()
            .to_string(),
        "Syntax error at position 33: mismatched input '-5' expecting IntegerPositiveLiteral"
    );
    assert_eq!(
        parse("get Standard1").unwrap_err().to_string(),
        "Syntax error at position 0: no viable alternative at input 'get'"
    );
    assert_eq!(
        parse("foo bar").unwrap_err().to_string(),
        "Syntax error at position 0: no viable alternative at input 'foo'"
    );
}

/// Texts the real cassandra-cli 1.2.9 printed for these statements (as the
/// cli passes them: with their `;`).
#[test]
fn syntax_errors_read_as_antlr_recovered_in_1_2_9() {
    let err = |s: &str| parse(s).unwrap_err().to_string();
    for (statement, said) in [
        // Three brackets at most: a fourth is where the statement ended.
        (
            "get Super1['61']['62']['63']['64'];",
            "position 28: missing EOF at '['",
        ),
        (
            "del Standard1['61']['62']['63']['64'];",
            "position 31: missing EOF at '['",
        ),
        (
            "set Super1['61']['62']['63']['64'] = '65';",
            "position 28: mismatched input '[' expecting '='",
        ),
        (
            "get Standard1['61'] junk;",
            "position 20: missing EOF at 'junk'",
        ),
        (
            "use Keyspace1; show cluster name;",
            "position 15: missing EOF at 'show'",
        ),
        // The next token deleted, one inserted, or neither.
        (
            "count Standard1['61' foo];",
            "position 21: extraneous input 'foo' expecting ']'",
        ),
        ("get Authors['Arin';", "position 18: missing ']' at ';'"),
        (
            "count Standard1;",
            "position 15: mismatched input ';' expecting '['",
        ),
        (
            "list Standard1 limit x;",
            "position 21: mismatched input 'x' expecting IntegerPositiveLiteral",
        ),
        (
            "set Standard1['61']['62'] = '63' with ttl = x;",
            "position 44: mismatched input 'x' expecting IntegerPositiveLiteral",
        ),
        // Sets of tokens: neither, and no name.
        (
            "get Standard1['61']['62'] as;",
            "position 28: mismatched input ';' expecting set null",
        ),
        (
            "incr Standard1['61']['62'] by x;",
            "position 30: mismatched input 'x' expecting set null",
        ),
        // A type is an Identifier: no dots.
        (
            "assume Standard1 keys as org.apache.cassandra.db.marshal.NoSuchType;",
            "position 28: missing EOF at '.'",
        ),
    ] {
        assert_eq!(
            err(statement),
            format!("Syntax error at {said}"),
            "{statement}"
        );
    }
    // `--` hides the rest of a statement joined from several lines.
    assert!(matches!(
        parse("get Standard1['61']; -- trailing comment show cluster name;").unwrap(),
        Command::Get { .. }
    ));
    // A string type is whole; a user or a password alone is a plain `use`.
    assert!(matches!(
        parse("assume Standard1 keys as 'org.apache.cassandra.db.marshal.UTF8Type';").unwrap(),
        Command::Assume { type_name, .. } if type_name.ends_with(".UTF8Type")
    ));
    for statement in ["use Keyspace1 'x';", "use Keyspace1 bob;"] {
        assert_eq!(
            parse(statement).unwrap(),
            Command::Use("Keyspace1".into()),
            "{statement}"
        );
    }
    assert!(matches!(
        parse("use Keyspace1 bob 'x';").unwrap(),
        Command::UseLogin { .. }
    ));
}
