//! Parser tests: recorded 1.2.9 syntax errors, every statement form, and
//! property tests that arbitrary input never panics.

use super::*;

fn err(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn recorded_syntax_errors_match_cassandra_1_2_9() {
    assert_eq!(
        err("SELECT content FROM posts_facebook WHERE user_id = \"Anna_id\" LIMIT 20"),
        "line 1:51 no viable alternative at input 'Anna_id'"
    );
    assert_eq!(
        err("SELECT * FROM gyms_by_city\n  WHERE country_code = \"us\" AND state = \"Arizona\" AND city = \"Phoenix\"\n  LIMIT 10"),
        "line 2:61 no viable alternative at input 'Phoenix'"
    );
    assert_eq!(
        err("SELECT * FROM Customer_By_Liked_Product WHERE title = \"Pepsi\" LIMIT 10"),
        "line 1:54 no viable alternative at input 'Pepsi'"
    );
    assert_eq!(
        err("CREATE TABLE st (k int, c int, s int static, v int, PRIMARY KEY (k, c))"),
        "line 1:37 mismatched input 'static' expecting ')'"
    );
    assert_eq!(
        err("SELECT k, v, TTL(v) < 1001, WRITETIME(v) FROM ttl WHERE k = 1"),
        "line 1:20 mismatched input '<' expecting K_FROM"
    );
    assert_eq!(
        err("SELEC * FROM posts"),
        "line 1:0 no viable alternative at input 'SELEC'"
    );
}

#[test]
fn antlr_recovery_errors_match_cassandra_1_2_19() {
    // Recorded from 1.2.19 (conformance/releases/1.2.19/rel_syntax.json).
    assert_eq!(
        err("CREATE TABLE plain (k text PRIMARY KEY, s text static)"),
        "line 1:47 extraneous input 'static' expecting ')'"
    );
    assert_eq!(
        err("CREATE TABLE plain (k text PRIMARY KEY, s text static foo)"),
        "line 1:47 mismatched input 'static' expecting ')'"
    );
    assert_eq!(
        err("SELECT * foo FROM ev"),
        "line 1:9 extraneous input 'foo' expecting K_FROM"
    );
    assert_eq!(
        err("SELECT * FROM ev LIMIT 10 foo"),
        "line 1:26 extraneous input 'foo' expecting EOF"
    );
    assert_eq!(
        err("SELECT * FROM ev ; ; foo"),
        "line 1:21 extraneous input 'foo' expecting EOF"
    );
    assert_eq!(
        err("SELECT * FROM ks.ev foo bar"),
        "line 1:20 missing EOF at 'foo'"
    );
    assert_eq!(
        err("SELECT * FROM ev foo bar"),
        "line 1:17 no viable alternative at input 'foo'"
    );
    assert_eq!(
        err("TRUNCATE ev foo"),
        "line 1:12 no viable alternative at input 'foo'"
    );
    // A name where a value is due, then text after the statement: the
    // first error of the run is kept (no token matched in between).
    assert_eq!(
        err("SELECT * FROM ev WHERE id = \"a\" foo"),
        "line 1:28 no viable alternative at input 'a'"
    );
    // A bare name could start a function call: the token after it is the
    // one reported (as 2.0.17 answered cqlsh 4.1.1's `keyspace_name=None`).
    assert_eq!(
        err("SELECT * FROM ev WHERE id=None and x='y'"),
        "line 1:31 no viable alternative at input 'and'"
    );
    assert!(parse("SELECT * FROM ev;;").is_ok());
}

/// Nesting deep enough to exhaust a thread's stack (which aborts the whole
/// server) is refused one level past the shared bound; the bound itself
/// still parses, on a thread with an eighth of a request thread's stack.
#[test]
fn deep_nesting_is_refused_not_recursed_into() {
    use crate::input_bounds::{MAX_NESTING as MAX, TEST_STACK_BYTES};
    let too_deep = crate::input_bounds::too_deep("input");
    fn nest(open: &str, close: &str, n: usize, shape: fn(String) -> String) -> String {
        shape(format!("{}1{}", open.repeat(n), close.repeat(n)))
    }
    fn insert(v: String) -> String {
        format!("INSERT INTO t (k, v) VALUES (1, {v})")
    }
    fn select(v: String) -> String {
        format!("SELECT {} FROM t", v.replace('1', "c"))
    }
    type Case = (&'static str, &'static str, fn(String) -> String);
    let cases: [Case; 5] = [
        ("[", "]", insert),
        ("{1: ", "}", insert),
        ("blobasint(", ")", insert),
        ("token(", ")", select),
        ("blobAsText(textAsBlob(", "))", select),
    ];
    std::thread::Builder::new()
        .stack_size(TEST_STACK_BYTES)
        .spawn(move || {
            for (open, close, shape) in cases {
                // The pairs nest two levels a repeat.
                let per = if open.matches('(').count() == 2 { 2 } else { 1 };
                let at = nest(open, close, MAX / per, shape);
                assert!(parse(&at).is_ok(), "{at}");
                let past = nest(open, close, MAX / per + 1, shape);
                let e = err(&past);
                assert!(e.starts_with("line 1:"), "{e}");
                assert!(e.ends_with(&too_deep), "{e}");
                let e = err(&nest(open, close, 10_000, shape));
                assert!(e.ends_with(&too_deep), "{e}");
            }
            let ty = |n: usize| {
                format!(
                    "CREATE TABLE t (k int PRIMARY KEY, v {}int{})",
                    "list<".repeat(n),
                    ">".repeat(n)
                )
            };
            assert!(parse(&ty(MAX)).is_ok());
            assert!(err(&ty(MAX + 1)).ends_with(&too_deep));
            assert!(err(&ty(100_000)).ends_with(&too_deep));
        })
        .unwrap()
        .join()
        .unwrap();
}

/// The refusal points at the token one level too deep, as a syntax error.
#[test]
fn too_deep_selector_is_a_syntax_error_at_its_token() {
    let q = format!("SELECT {}c{} FROM t", "token(".repeat(65), ")".repeat(65));
    assert_eq!(
        parse(&q).unwrap_err(),
        CqlError::Syntax {
            line: 1,
            column: 7 + 64 * 6,
            message: "input nested more than 64 levels deep".into(),
        }
    );
}

#[test]
fn end_of_input_is_reported_like_antlr() {
    assert_eq!(
        err("SELECT * FROM"),
        "line 0:-1 no viable alternative at input '<EOF>'"
    );
}

#[test]
fn create_table_compound_and_composite_keys() {
    let p = parse("CREATE TABLE testtable (\n pkey1 text, pkey2 text, skey int, value text, cvalue map<text,text>,\n PRIMARY KEY ((pkey1, pkey2), skey)\n) WITH CLUSTERING ORDER BY (skey DESC) AND comment = 'x';").unwrap();
    let Statement::CreateTable(ct) = p.statement else {
        panic!()
    };
    assert_eq!(ct.partition_key, vec!["pkey1", "pkey2"]);
    assert_eq!(ct.clustering, vec!["skey"]);
    assert_eq!(
        ct.clustering_order,
        vec![("skey".to_string(), Ordering::Desc)]
    );
    assert_eq!(
        ct.columns[4].ty,
        TypeExpr::Map(
            Box::new(TypeExpr::Native("text".into())),
            Box::new(TypeExpr::Native("text".into()))
        )
    );
    assert_eq!(ct.properties[0].name, "comment");
}

#[test]
fn compact_storage_and_inline_key() {
    let p =
        parse("create table \"Mixed\" (k text PRIMARY KEY, v1 text) with compact storage").unwrap();
    let Statement::CreateTable(ct) = p.statement else {
        panic!()
    };
    assert!(ct.compact_storage);
    assert_eq!(ct.table.name, "Mixed");
    assert_eq!(ct.partition_key, vec!["k"]);
}

#[test]
fn update_collection_operations() {
    let p = parse("UPDATE coll USING TTL 5 AND TIMESTAMP 7 SET l = l + [4], l = [0] + l, s = s - {'a'}, m[3] = 'three', l[1] = 10, m = m + {1: 'x'} WHERE k = 1").unwrap();
    let Statement::Update(u) = p.statement else {
        panic!()
    };
    assert!(matches!(u.assignments[0], Assignment::Add { .. }));
    assert!(matches!(u.assignments[1], Assignment::Prepend { .. }));
    assert!(matches!(u.assignments[2], Assignment::Subtract { .. }));
    assert!(matches!(u.assignments[3], Assignment::SetElement { .. }));
    assert!(matches!(u.assignments[4], Assignment::SetElement { .. }));
    assert!(matches!(u.assignments[5], Assignment::Add { .. }));
    assert!(u.using.ttl.is_some() && u.using.timestamp.is_some());
}

#[test]
fn delete_forms_and_batch() {
    let p = parse("BEGIN UNLOGGED BATCH USING TIMESTAMP 5 INSERT INTO t (k, v) VALUES (?, ?); DELETE m['k'], l[1], v FROM t WHERE k = 1; DELETE FROM t WHERE k IN (1, 2) APPLY BATCH").unwrap();
    assert_eq!(p.bind_count, 2);
    let Statement::Batch(b) = p.statement else {
        panic!()
    };
    assert_eq!(b.kind, BatchKind::Unlogged);
    assert_eq!(b.statements.len(), 3);
    let Statement::Delete(d) = &b.statements[1] else {
        panic!()
    };
    assert_eq!(d.columns.len(), 3);
}

#[test]
fn select_features() {
    let p = parse("SELECT token(pkey1, pkey2), WRITETIME(v), TTL(v), dateOf(post_id), v AS x FROM ks.t WHERE token(k) > token('a') AND c IN (1, 2) AND d <= 3 ORDER BY c DESC LIMIT 10 ALLOW FILTERING").unwrap();
    let Statement::Select(s) = p.statement else {
        panic!()
    };
    assert_eq!(s.table.keyspace.as_deref(), Some("ks"));
    let Selection::Columns(items) = &s.selection else {
        panic!()
    };
    assert_eq!(items.len(), 5);
    assert!(matches!(s.where_clause[0], Relation::Token { .. }));
    assert!(s.allow_filtering);
    assert_eq!(s.order_by, vec![("c".to_string(), Ordering::Desc)]);
    assert!(matches!(
        parse("SELECT COUNT(*) FROM t").unwrap().statement,
        Statement::Select(Select {
            selection: Selection::Count,
            ..
        })
    ));
}

#[test]
fn keyspace_and_index_statements() {
    for s in [
        "CREATE KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false",
        "ALTER KEYSPACE k WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 3}",
        "DROP KEYSPACE k",
        "USE \"K\"",
        "CREATE INDEX ON uprofile_v2.user (message)",
        "CREATE INDEX idx ON t (v)",
        "DROP INDEX idx",
        "TRUNCATE t",
        "DROP TABLE ks.t",
        "ALTER TABLE t ADD x int",
        "ALTER TABLE t ALTER x TYPE blob",
        "ALTER TABLE t DROP x",
        "ALTER TABLE t WITH comment = 'c'",
        "ALTER TABLE t RENAME a TO b",
        "INSERT INTO t (k, b, u, f, x, n) VALUES (0x00ff, true, 99051fe9-6a9c-46c2-b949-38ef78858dd0, -1.5e3, now(), null) USING TTL 10",
        "/* comment */ SELECT * FROM t // trailing\n",
    ] {
        // 1.2's grammar (the default) lacked ALTER ... DROP; 2.0's has it.
        parse_with(s, Grammar::WithStatics).unwrap_or_else(|e| panic!("{s}: {e}"));
    }
    assert!(parse("ALTER TABLE t DROP x").is_err());
    // 2.0+'s keyspace-qualified index name (what a gateway sends).
    match parse("DROP INDEX \"ks\".\"people_state\"")
        .unwrap()
        .statement
    {
        Statement::DropIndex { keyspace, name, .. } => {
            assert_eq!(
                (keyspace.as_deref(), name.as_str()),
                (Some("ks"), "people_state")
            )
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn keywords_are_case_insensitive_and_unreserved_ones_are_names() {
    let p =
        parse("insert into uprofile.user (user, id, key, value, ttl) values ('theo', 1, 2, 3, 4)")
            .unwrap();
    let Statement::Insert(i) = p.statement else {
        panic!()
    };
    assert_eq!(i.columns, vec!["user", "id", "key", "value", "ttl"]);
    assert!(parse("SELECT select FROM t").is_err());
}

#[test]
fn script_splitting_respects_quotes_and_comments() {
    let parts = split_statements("use a; -- x;y\nINSERT INTO t (k) VALUES ('a;b');\n");
    assert_eq!(parts.len(), 2);
    assert!(parts[1].contains("'a;b'"));
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    const WORDS: &[&str] = &[
        "SELECT",
        "INSERT",
        "INTO",
        "UPDATE",
        "DELETE",
        "FROM",
        "WHERE",
        "AND",
        "SET",
        "VALUES",
        "(",
        ")",
        ",",
        ";",
        "=",
        "<",
        ">=",
        "[",
        "]",
        "{",
        "}",
        ":",
        "+",
        "-",
        "?",
        "*",
        "k",
        "v",
        "l",
        "m",
        "t",
        "ks.t",
        "'s'",
        "1",
        "-2",
        "1.5",
        "0x0f",
        "true",
        "null",
        "now()",
        "token(k)",
        "IN",
        "ORDER",
        "BY",
        "DESC",
        "LIMIT",
        "USING",
        "TTL",
        "TIMESTAMP",
        "BEGIN",
        "BATCH",
        "APPLY",
        "CREATE",
        "TABLE",
        "PRIMARY",
        "KEY",
        "WITH",
        "COMPACT",
        "STORAGE",
        "map<int,text>",
        "\"Q\"",
        "ALLOW",
        "FILTERING",
        "99051fe9-6a9c-46c2-b949-38ef78858dd0",
        "/*",
        "*/",
        "--",
        "'",
    ];

    proptest! {
        #[test]
        fn on_arbitrary_text(s in "\\PC{0,120}") {
            let _ = parse(&s);
        }

        #[test]
        fn on_token_soup(words in proptest::collection::vec(proptest::sample::select(WORDS), 0..40)) {
            let _ = parse(&words.join(" "));
        }
    }
}

#[test]
fn beta1_reads_the_keyspace_options_of_1_1() {
    let q = "CREATE KEYSPACE k WITH strategy_class = SimpleStrategy \
             AND strategy_options:replication_factor = 1";
    assert_eq!(err(q), "line 1:75 mismatched input ':' expecting '='");
    let Statement::CreateKeyspace { properties, .. } =
        parse_with(q, Grammar::Beta1).unwrap().statement
    else {
        panic!("a CREATE KEYSPACE");
    };
    assert_eq!(
        properties,
        [Property {
            name: "replication".into(),
            value: PropertyValue::Map(vec![
                ("class".into(), "SimpleStrategy".into()),
                ("replication_factor".into(), "1".into()),
            ]),
        }]
    );
}

#[test]
fn markers_for_ttl_and_timestamp_came_with_2_0() {
    // Recorded from 1.2.9 (ordinary19b): 1.2's grammar took a number only.
    assert_eq!(
        err("INSERT INTO tl (k, c, v) VALUES (?, ?, ?) USING TIMESTAMP ?"),
        "line 1:58 mismatched input '?' expecting INTEGER"
    );
    assert_eq!(
        err("UPDATE tl USING TTL ? SET v = ? WHERE k = ? AND c = ?"),
        "line 1:20 mismatched input '?' expecting INTEGER"
    );
    assert!(parse("UPDATE tl USING TTL 5 AND TIMESTAMP 3 SET v = ? WHERE k = ?").is_ok());
    // Recorded from 1.2.9 and 1.2.19 (rel_usingrecovery): ANTLR recovered
    // and parsed on; the last error reported was answered.
    for (text, expected) in [
        (
            "INSERT INTO c (k, v) VALUES (?, ?) USING TTL ? AND TIMESTAMP ?",
            "line 1:61 mismatched input '?' expecting INTEGER",
        ),
        (
            "UPDATE c USING TTL x y SET v = 'x' WHERE k = 'a'",
            "line 1:19 mismatched input 'x' expecting INTEGER",
        ),
        (
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL ? 5",
            "line 1:49 extraneous input '?' expecting INTEGER",
        ),
        (
            "INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL",
            "line 0:-1 mismatched input '<EOF>' expecting INTEGER",
        ),
        (
            "BEGIN BATCH INSERT INTO c (k, v) VALUES ('a', 'b') USING TTL 'x' UPDATE c SET v = 'y' WHERE k = 'b' APPLY BATCH",
            "line 1:61 mismatched input 'x' expecting INTEGER",
        ),
        (
            "UPDATE c USING TIMESTAMP SET v = 'x' WHERE k = 'a'",
            "Failed parsing statement: [UPDATE c USING TIMESTAMP SET v = 'x' WHERE k = 'a'] reason: NumberFormatException For input string: \"<missing INTEGER>\"",
        ),
    ] {
        assert_eq!(err(text), expected, "{text}");
    }
    let statics = |q| parse_with(q, Grammar::WithStatics);
    assert!(statics("DELETE FROM tl USING TIMESTAMP ? WHERE k = ?").is_ok());
    assert!(statics("UPDATE tl USING TTL ? SET v = ? WHERE k = ?").is_ok());
}

#[test]
fn named_markers_came_with_2_0() {
    let statics = |q| parse_with(q, Grammar::WithStatics);
    let p = statics("UPDATE t SET age = age - :v WHERE id = :k").unwrap();
    assert_eq!(p.bind_count, 2);
    assert_eq!(
        err("UPDATE t SET age = age - :v WHERE id = :k"),
        "line 1:25 no viable alternative at input ':'"
    );
}

#[test]
fn cql_3_2_collection_indexes_and_contains() {
    let index = |s: &str, g| match parse_with(s, g).map(|p| p.statement) {
        Ok(Statement::CreateIndex { column, target, .. }) => Ok((column, target)),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    let g = Grammar::Cql32;
    assert_eq!(
        index("CREATE INDEX ON t (KEYS(m))", g),
        Ok(("m".into(), IndexTarget::Keys))
    );
    assert_eq!(
        index("CREATE INDEX ON t (full(l))", g),
        Ok(("l".into(), IndexTarget::Full))
    );
    // The words are unreserved: columns of those names.
    assert_eq!(
        index("CREATE INDEX ON t (keys)", g),
        Ok(("keys".into(), IndexTarget::Values))
    );
    // 2.0's grammar has neither.
    assert_eq!(
        index("CREATE INDEX ON t (KEYS(m))", Grammar::WithStatics),
        Err("line 1:23 mismatched input '(' expecting ')'".into())
    );
    // 2.2's `ENTRIES(m)` (recorded on 3.0.24, u_index_life), not 2.1's.
    assert_eq!(
        index("CREATE INDEX ON t (ENTRIES(m))", Grammar::Cql33),
        Ok(("m".into(), IndexTarget::Entries))
    );
    // 2.2 reserved the word (`K_ENTRIES` is no `unreserved_keyword`); 2.1
    // took it as a name.
    assert!(index("CREATE INDEX ON t (entries)", Grammar::Cql33).is_err());
    assert_eq!(
        index("CREATE INDEX ON t (entries)", g),
        Ok(("entries".into(), IndexTarget::Values))
    );
    assert_eq!(
        index("CREATE INDEX ON t (ENTRIES(m))", g),
        Err("line 1:26 mismatched input '(' expecting ')'".into())
    );
    let rel = |s: &str| match parse_with(s, g).unwrap().statement {
        Statement::Select(sel) => sel.where_clause,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        rel("SELECT k FROM t WHERE m CONTAINS KEY 'y' AND s CONTAINS ?"),
        vec![
            Relation::Column {
                column: "m".into(),
                op: Operator::ContainsKey,
                value: Term::Constant(Constant {
                    kind: ConstantKind::String,
                    text: "y".into()
                }),
            },
            Relation::Column {
                column: "s".into(),
                op: Operator::Contains,
                value: Term::Bind(0),
            },
        ]
    );
    assert!(parse_with("SELECT k FROM t WHERE s CONTAINS 1", Grammar::WithStatics).is_err());
}

#[test]
fn conditions_on_collection_elements_from_2_0() {
    let Statement::Update(u) = parse_with(
        "UPDATE t SET v = 1 WHERE k = 1 IF m['y'] = 2 AND l = ['a']",
        Grammar::WithStatics,
    )
    .unwrap()
    .statement
    else {
        panic!()
    };
    let Some(Condition::Columns(cs)) = u.condition else {
        panic!()
    };
    assert_eq!(cs[0].column, "m");
    assert!(cs[0].element.is_some());
    assert_eq!(cs[1].element, None);
}

#[test]
fn cql_3_2_user_types_tuples_and_frozen() {
    let g = Grammar::Cql32;
    let st = |s: &str| parse_with(s, g).unwrap().statement;
    match st("CREATE TYPE IF NOT EXISTS ks.address (street text, zip int)") {
        Statement::CreateType {
            name,
            if_not_exists,
            fields,
        } => {
            assert_eq!(name.keyspace.as_deref(), Some("ks"));
            assert!(if_not_exists);
            assert_eq!(fields[1], ("zip".into(), TypeExpr::Native("int".into())));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        st("ALTER TYPE address RENAME a TO b AND c TO d"),
        Statement::AlterType {
            op: AlterTypeOp::Rename(p),
            ..
        } if p.len() == 2
    ));
    assert!(matches!(
        st("DROP TYPE IF EXISTS address"),
        Statement::DropType {
            if_exists: true,
            ..
        }
    ));
    match st("CREATE TABLE t (k int PRIMARY KEY, a frozen<address>, p tuple<int, text>, m map<text, frozen<list<int>>>)") {
        Statement::CreateTable(ct) => {
            assert_eq!(
                ct.columns[1].ty,
                TypeExpr::Frozen(Box::new(TypeExpr::Native("address".into())))
            );
            assert!(matches!(&ct.columns[2].ty, TypeExpr::Tuple(t) if t.len() == 2));
        }
        other => panic!("{other:?}"),
    }
    match st("INSERT INTO t (k, a, p) VALUES (1, {street: 'x', zip: 2}, (1, 'a'))") {
        Statement::Insert(i) => {
            assert!(matches!(&i.values[1], Term::UserLiteral(f) if f.len() == 2));
            assert!(matches!(&i.values[2], Term::Tuple(t) if t.len() == 2));
        }
        other => panic!("{other:?}"),
    }
    match st("SELECT a.street FROM t") {
        Statement::Select(s) => assert_eq!(
            s.selection,
            Selection::Columns(vec![(
                Selector::Field {
                    column: "a".into(),
                    fields: vec!["street".into()]
                },
                None
            )])
        ),
        other => panic!("{other:?}"),
    }
    // A field of a field: `selector ('.' ident)*`.
    match st("SELECT fw.ver.major FROM t") {
        Statement::Select(s) => assert_eq!(
            s.selection,
            Selection::Columns(vec![(
                Selector::Field {
                    column: "fw".into(),
                    fields: vec!["ver".into(), "major".into()]
                },
                None
            )])
        ),
        other => panic!("{other:?}"),
    }
    // 2.0's grammar has none of them.
    assert_eq!(
        parse_with("CREATE TYPE a (b int)", Grammar::WithStatics)
            .unwrap_err()
            .to_string(),
        "line 1:7 no viable alternative at input 'TYPE'"
    );
}

#[test]
fn cql_3_0_5_refuses_2_1_types_and_literals_as_1_2_19_did() {
    // Recorded from 1.2.19 and 2.0.17 (conformance/releases/*/rel_udt.json):
    // the last error ANTLR reported.
    for g in [Grammar::Cql305, Grammar::WithStatics] {
        let e = |s: &str| parse_with(s, g).unwrap_err().to_string();
        assert_eq!(
            e("CREATE TABLE users (id text PRIMARY KEY, name text, addr frozen<address>)"),
            "line 1:57 no viable alternative at input 'frozen'"
        );
        assert_eq!(
            e("CREATE TABLE users2 (id text PRIMARY KEY, addr address)"),
            "line 1:47 no viable alternative at input 'address'"
        );
        assert_eq!(
            e("CREATE TABLE fk (k frozen<list<int>>, c frozen<set<text>>, v int, PRIMARY KEY (k, c))"),
            "line 1:40 no viable alternative at input 'frozen'"
        );
        assert_eq!(
            e("UPDATE users SET addr = {street: '2 Rue', city: 'Nice', zip: 6000} WHERE id = 'u3'"),
            "line 1:59 no viable alternative at input ':'"
        );
        assert_eq!(
            e("INSERT INTO users (id, addr) VALUES ('u4', {nope: 'x'})"),
            "line 1:48 no viable alternative at input ':'"
        );
    }
}

#[test]
fn a_line_comment_ending_the_text_after_a_parser_error() {
    // 2.1's collector threw the last error: the comment's, lexed after
    // the parser's error at FROM (2.1.22: rel_cql3linecomment); 2.2 the
    // first, the parser's.
    let q = "SELECT FROM hosts -- broken";
    assert_eq!(
        parse_with(q, Grammar::Cql32).unwrap_err().to_string(),
        "line 1:27 mismatched character '<EOF>' expecting set null"
    );
    // 2.2's words for it, `line 1:7 no viable alternative at input 'FROM'`,
    // are chosen by the Thrift layer over the parser's: the recorded case
    // rel_cql3linecomment checks them on 2.2.19.
}

#[test]
fn cql_3_3_function_of_a_keyspace() {
    // Recorded on 3.0.24 (u_udf_stock): `system.max(pts)`.
    let selectors = |s: &str, g| match parse_with(s, g).map(|p| p.statement) {
        Ok(Statement::Select(sel)) => Ok(sel.selection),
        Ok(other) => panic!("{other:?}"),
        Err(e) => Err(e.to_string()),
    };
    let f = |name: &str, shown: &str| Selector::Function {
        name: name.into(),
        args: vec![Selector::Column("pts".into())],
        shown: shown.into(),
    };
    assert_eq!(
        selectors("SELECT system.max(pts) FROM t", Grammar::Cql33),
        Ok(Selection::Columns(vec![(f("max", "max"), None)]))
    );
    assert_eq!(
        selectors("SELECT ks.Top(pts) FROM t", Grammar::Cql33),
        Ok(Selection::Columns(vec![(f("ks.top", "ks.Top"), None)]))
    );
    // 2.1's grammar had no such name: a field selector's '(' is refused.
    assert!(selectors("SELECT system.max(pts) FROM t", Grammar::Cql32).is_err());
}

#[test]
fn words_2_1_and_2_2_reserved_are_no_names() {
    let q = |w: &str| format!("CREATE TABLE {w} (k int PRIMARY KEY, v int)");
    // 2.1's `K_FULL`.
    assert!(parse_with(&q("full"), Grammar::WithStatics).is_ok());
    assert!(parse_with(&q("full"), Grammar::Cql32).is_err());
    // 2.2's five.
    for w in ["entries", "describe", "execute", "or", "replace"] {
        assert!(parse_with(&q(w), Grammar::Cql32).is_ok(), "{w}");
        let e = parse_with(&q(w), Grammar::Cql33).unwrap_err();
        assert!(e.to_string().contains("no viable alternative"), "{w}: {e}");
    }
    // Quoted, each is a name.
    assert!(parse_with(&q("\"entries\""), Grammar::Cql33).is_ok());
}
/// Recorded: `rel_cql3betatablename` (1.1.12). 1.1's beta took any
/// token after a table's name as the name's end; the statement's next
/// match then dropped it (`extraneous input`) or missed (`missing EOF`).
#[test]
fn beta_ends_a_table_name_at_any_token() {
    let err = |q: &str| match parse_with(q, Grammar::Beta1) {
        Err(CqlError::Syntax {
            column, message, ..
        }) => (column, message),
        other => panic!("{q}: {other:?}"),
    };
    assert_eq!(
        err("SELECT k FROM t x"),
        (16, "extraneous input 'x' expecting EOF".to_string())
    );
    assert_eq!(
        err("SELECT k FROM t x WHERE k = 'a'"),
        (16, "missing EOF at 'x'".to_string())
    );
    assert_eq!(
        err("DELETE FROM t x WHERE k = 'a'"),
        (14, "extraneous input 'x' expecting K_WHERE".to_string())
    );
    assert_eq!(
        err("INSERT INTO t x (k, v) VALUES ('b', 'y')"),
        (14, "extraneous input 'x' expecting '('".to_string())
    );
    assert_eq!(
        err("UPDATE t x SET v = 'b' WHERE k = 'a'"),
        (9, "extraneous input 'x' expecting K_SET".to_string())
    );
    // 1.2 on, the name's decision has no viable alternative there.
    assert_eq!(
        parse_with("SELECT k FROM t x", Grammar::Cql12)
            .err()
            .map(|e| e.to_string()),
        Some("line 1:16 no viable alternative at input 'x'".to_string())
    );
}
