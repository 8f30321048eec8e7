//! The selection's unit tests: result column names and types as each
//! release answered them, and the values of selectors evaluated on a row.

use super::selection::result_name;
use crate::cql::ast::Selector;
use crate::cql::table::Table;

/// The table a CREATE TABLE makes.
fn table(create: &str) -> Table {
    use crate::cql::ast::Statement;
    use crate::cql::{parse_with, Grammar};
    let Statement::CreateTable(ct) = parse_with(create, Grammar::Cql305).unwrap().statement else {
        panic!("not a CREATE TABLE: {create}")
    };
    Table::from_create("ks", &ct).unwrap()
}

#[test]
fn a_1_2_selector_passed_only_its_own_type_and_now_is_a_selector() {
    // 1.2.9 to 2.2.19 (rel_fctargs, ordinary19zzd's zzd_attachments, zzd_timeline).
    use super::rules::SelectRules;
    use super::selection::result_columns;
    use crate::cql::ast::Statement;
    use crate::cql::{parse_with, Grammar};
    use crate::partitioner::Murmur3Partitioner;
    let t = table("CREATE TABLE t (k int PRIMARY KEY, a ascii, x text, i int, tu timeuuid)");
    let select = |release, query: &str| {
        let Statement::Select(s) = parse_with(query, Grammar::WithStatics).unwrap().statement
        else {
            panic!()
        };
        let rules = SelectRules::of_release(release);
        match result_columns(&t, &s.selection, &Murmur3Partitioner, &rules) {
            Ok(c) => format!("{} columns", c.len()),
            Err(e) => e.to_string(),
        }
    };
    let v12 = (1, 2, 9);
    assert_eq!(
        select(v12, "SELECT blobAsText(a) FROM t"),
        "Type error: a cannot be passed as argument 0 of function blobastext of type blob"
    );
    assert_eq!(
        select(v12, "SELECT textAsBlob(a) FROM t"),
        "Type error: a cannot be passed as argument 0 of function textasblob of type text"
    );
    assert_eq!(
        select(v12, "SELECT bigintAsBlob(dateOf(tu)) FROM t"),
        "Type error: dateof(tu) cannot be passed as argument 0 of function bigintasblob of type bigint"
    );
    assert_eq!(
        select(v12, "SELECT textAsBlob(x), now() FROM t"),
        "2 columns"
    );
    assert_eq!(
        select(v12, "SELECT now(k) FROM t"),
        "Invalid number of arguments in call to function now: 0 required but 1 provided"
    );
    // 2.0: a type that takes the selector's values
    for q in [
        "SELECT blobAsText(a) FROM t",
        "SELECT textAsBlob(a) FROM t",
        "SELECT varintAsBlob(i) FROM t",
        "SELECT bigintAsBlob(dateOf(tu)) FROM t",
    ] {
        assert_eq!(select((2, 0, 17), q), "1 columns", "{q}");
    }
}

#[test]
fn functions_are_named_in_the_system_keyspace_from_2_2() {
    let f = |name: &str, arg: Selector| Selector::Function {
        name: name.to_lowercase(),
        args: vec![arg],
        shown: name.into(),
    };
    let token = f("token", Selector::Column("k".into()));
    assert_eq!(result_name(&token, false), "token(k)");
    assert_eq!(result_name(&token, true), "system.token(k)");
    let nested = f("unixTimestampOf", f("dateOf", Selector::Column("c".into())));
    assert_eq!(result_name(&nested, false), "unixTimestampOf(dateOf(c))");
    assert_eq!(
        result_name(&nested, true),
        "system.unixtimestampof(system.dateof(c))"
    );
    assert_eq!(
        result_name(&Selector::WriteTime("v".into()), true),
        "writetime(v)"
    );
}
#[test]
fn uuid_is_a_selector_from_2_0_7_a_random_uuid_each_row() {
    // 2.0.17 to 3.11.10 (rel_nowselector); 1.2.19 knew no `uuid`.
    use super::rules::SelectRules;
    use super::selection::selector_type;
    use super::selector_values::eval_selector;
    use crate::partitioner::Murmur3Partitioner;
    let t = table("CREATE TABLE t (k int PRIMARY KEY)");
    let uuid = Selector::Function {
        name: "uuid".into(),
        args: Vec::new(),
        shown: "uuid".into(),
    };
    let type_in = |release| {
        let rules = SelectRules::of_release(release);
        selector_type(&t, &uuid, &Murmur3Partitioner, &rules).map_err(|e| e.to_string())
    };
    assert_eq!(
        type_in((2, 0, 17)).unwrap(),
        "org.apache.cassandra.db.marshal.UUIDType"
    );
    assert!(type_in((1, 2, 19))
        .unwrap_err()
        .contains("Unknown function"));
    let row = super::super::read::CqlRow {
        row_key: 1i32.to_be_bytes().to_vec(),
        partition: vec![1i32.to_be_bytes().to_vec()],
        clustering: Vec::new(),
        columns: Vec::new(),
    };
    let a = eval_selector(&t, &uuid, &row, &Murmur3Partitioner).unwrap();
    let b = eval_selector(&t, &uuid, &row, &Murmur3Partitioner).unwrap();
    assert_eq!((a.len(), a[6] >> 4), (16, 4));
    assert_ne!(a, b);
}
