//! Parser tests of 3.10's CQL 3.4 (`Grammar::Cql34`): GROUP BY and 3.6's PER PARTITION LIMIT;
//! and 2.2's relation on a map's entry, which 3.x kept.

use super::*;

#[test]
fn group_by_and_per_partition_limit_came_with_cql_3_4() {
    let q = "SELECT k, count(*) FROM t WHERE k = 1 GROUP BY k, c ORDER BY c DESC \
             PER PARTITION LIMIT 2 LIMIT ? ALLOW FILTERING";
    let Statement::Select(s) = parse_with(q, Grammar::Cql34).unwrap().statement else {
        panic!("not a SELECT")
    };
    assert_eq!(s.group_by, vec!["k".to_string(), "c".to_string()]);
    assert_eq!(s.order_by.len(), 1);
    assert!(matches!(s.per_partition_limit, Some(Term::Constant(_))));
    assert!(matches!(s.limit, Some(Term::Bind(_))));
    assert!(s.allow_filtering);
    // a marker, as the number's slot (`[per_partition_limit]`)
    assert_eq!(
        parse_with("SELECT k FROM t PER PARTITION LIMIT ?", Grammar::Cql34)
            .unwrap()
            .bind_count,
        1
    );
    let err = |q: &str, g: Grammar| parse_with(q, g).unwrap_err().to_string();
    // 2.2's and 3.0's grammar had neither clause
    for q in [
        "SELECT k FROM t GROUP BY k",
        "SELECT k FROM t PER PARTITION LIMIT 1",
    ] {
        assert!(parse_with(q, Grammar::Cql33).is_err(), "{q}");
    }
    // placement: GROUP BY before ORDER BY, PER PARTITION LIMIT before LIMIT
    assert!(err("SELECT k FROM t ORDER BY c GROUP BY k", Grammar::Cql34).contains("'GROUP'"));
    assert!(err(
        "SELECT k FROM t LIMIT 2 PER PARTITION LIMIT 1",
        Grammar::Cql34
    )
    .contains("'PER'"));
    assert_eq!(
        err("SELECT k FROM t PER PARTITION LIMIT 'a'", Grammar::Cql34),
        "line 1:36 no viable alternative at input 'a'"
    );
    assert!(err("SELECT k FROM t GROUP k", Grammar::Cql34).contains("expecting K_BY"));
}

/// Recorded: 3.0.24 (`ordinary19zi`, `ordinary19zk`): 3.0's grammar had no
/// CAST, so `CAST(c AS t)` is a call whose `)` ANTLR took as missing
/// before AS (which may follow a call in the selection); the later errors
/// are not the one answered.
#[test]
fn a_call_missing_its_close_before_what_may_follow_it() {
    let err = |q: &str| parse_with(q, Grammar::Cql33).unwrap_err().to_string();
    assert_eq!(
        err("SELECT CAST(probe AS int) FROM readings"),
        "line 1:18 missing ')' at 'AS'"
    );
    assert_eq!(
        err("SELECT max(a FROM t"),
        "line 1:13 missing ')' at 'FROM'"
    );
    // inside another call, AS cannot follow: mismatched
    assert!(err("SELECT max(min(a AS b)) FROM t").contains("mismatched input 'AS' expecting ')'"));
    // a name before a name fits no selector (recorded: 3.0.24)
    assert!(err("SELECT max(n n) FROM t").contains("no viable alternative at input 'n'"));
}

/// Recorded: 3.0.24 and 3.11.10 (`ordinary19zk`): `m['k'] = v` in a WHERE
/// clause, from 2.2's grammar on (2.1's read no `[` after a name there).
#[test]
fn a_map_entry_relation_came_with_2_2() {
    let q = "SELECT id FROM docs WHERE attrs['lang'] = ? AND k = 1";
    for g in [Grammar::Cql33, Grammar::Cql34] {
        let parsed = parse_with(q, g).unwrap();
        assert_eq!(parsed.bind_count, 1);
        let Statement::Select(s) = parsed.statement else {
            panic!("not a SELECT")
        };
        let Relation::Column { column, op, value } = &s.where_clause[0] else {
            panic!("not a column relation")
        };
        assert_eq!(column, "attrs");
        assert_eq!(*op, Operator::MapEntry { eq: true });
        assert!(matches!(value, Term::List(kv) if kv.len() == 2 && matches!(kv[1], Term::Bind(_))));
    }
    let Statement::Select(s) = parse_with("SELECT id FROM t WHERE m['a'] > 'b'", Grammar::Cql33)
        .unwrap()
        .statement
    else {
        panic!("not a SELECT")
    };
    assert!(matches!(
        s.where_clause[0],
        Relation::Column {
            op: Operator::MapEntry { eq: false },
            ..
        }
    ));
    let err = parse_with(q, Grammar::Cql32).unwrap_err().to_string();
    assert!(err.contains("no viable alternative at input '['"), "{err}");
}

/// Recorded: 3.11.10 and 3.0.24 (`rel_udtcells311`, `rel_udtcells3x`):
/// 3.6's grammar sets and deletes a user type's field alone; 3.0's had no
/// dot after an assigned or deleted column.
#[test]
fn a_user_type_field_is_set_and_deleted_from_3_6() {
    let q = "UPDATE t SET a.city = ?, b = 1 WHERE k = 1";
    let Statement::Update(u) = parse_with(q, Grammar::Cql34).unwrap().statement else {
        panic!("not an UPDATE")
    };
    assert!(matches!(&u.assignments[0],
        Assignment::SetField { column, field, value: Term::Bind(_) }
            if column == "a" && field == "city"));
    let Statement::Delete(d) = parse_with("DELETE a.zip, b FROM t WHERE k = 1", Grammar::Cql34)
        .unwrap()
        .statement
    else {
        panic!("not a DELETE")
    };
    assert_eq!(
        d.columns[0],
        Deletion::Field {
            column: "a".into(),
            field: "zip".into()
        }
    );
    assert!(parse_with(q, Grammar::Cql33).is_err());
    assert!(parse_with("DELETE a.zip FROM t WHERE k = 1", Grammar::Cql33).is_err());
}

#[test]
fn terms_are_selectors_from_3_10_and_a_marker_a_keyspace_before() {
    // rel_termselectors (2.2.19, 3.0.24, 3.11.10)
    let q = "SELECT (int)1, 'a', ?, max((int)?), (set<int>){1, 2} FROM t";
    let parsed = parse_with(q, Grammar::Cql34).unwrap();
    assert_eq!(parsed.bind_count, 2);
    let Statement::Select(s) = parsed.statement else {
        panic!("not a SELECT")
    };
    let Selection::Columns(items) = s.selection else {
        panic!("no selectors")
    };
    let terms = items
        .iter()
        .filter(|(s, _)| matches!(s, Selector::Term { .. }))
        .count();
    assert_eq!(terms, 4);
    assert!(matches!(
        &items[0].0,
        Selector::Term { term: Term::Constant(_), cast: Some(TypeExpr::Native(n)) } if n == "int"
    ));
    let err = |q: &str, g: Grammar| parse_with(q, g).unwrap_err().to_string();
    // after a cast, a value only
    assert_eq!(
        err("SELECT (int)v FROM t", Grammar::Cql34),
        "line 1:12 no viable alternative at input 'v'"
    );
    // 2.2 and 3.0: a marker began a function's keyspace name
    for g in [Grammar::Cql33, Grammar::Cql30] {
        assert_eq!(
            err("SELECT intAsBlob(?) FROM t", g),
            "Bind variables cannot be used for keyspace names"
        );
    }
}
