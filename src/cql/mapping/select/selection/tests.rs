//! The selection's unit tests: result column names and types as each
//! release answered them, and the values of selectors evaluated on a row.

use super::result_name;
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
    use super::result_columns;
    use crate::cql::ast::Statement;
    use crate::cql::mapping::select::rules::SelectRules;
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
    use super::selector_type;
    use super::values::eval_selector;
    use crate::cql::mapping::select::rules::SelectRules;
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
    let row = crate::cql::mapping::read::CqlRow {
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

#[test]
fn terms_are_selectors_from_3_10_typed_by_a_cast_or_a_parameter() {
    // 3.11.10 (rel_termselectors): a term is named by its text, typed by its
    // cast or by the parameter it is given to; else refused.
    use super::result_columns;
    use crate::cql::ast::Statement;
    use crate::cql::mapping::select::rules::SelectRules;
    use crate::cql::{parse_with, Grammar};
    use crate::partitioner::Murmur3Partitioner;
    let t = table("CREATE TABLE t (k int PRIMARY KEY, v int)");
    let select = |query: &str| {
        let Statement::Select(s) = parse_with(query, Grammar::Cql34).unwrap().statement else {
            panic!()
        };
        let rules = SelectRules::of_release((3, 11, 10));
        match result_columns(&t, &s.selection, &Murmur3Partitioner, &rules) {
            Ok(c) => c
                .iter()
                .map(|c| {
                    let class = c.type_class.rsplit('.').next().unwrap_or_default();
                    format!("{} {class}", c.name)
                })
                .collect::<Vec<_>>()
                .join(", "),
            Err(e) => e.to_string(),
        }
    };
    assert_eq!(
        select("SELECT (int)1, (text)'it''s', (int)null FROM t"),
        "(int)1 Int32Type, (text)'it's' UTF8Type, (int)NULL Int32Type"
    );
    let collections =
        select("SELECT (map<text, int>){'a': 1}, (frozen<tuple<int, text>>)(1, 'a') FROM t");
    assert!(
        collections.starts_with("(map<text, int>){'a': 1} "),
        "{collections}"
    );
    assert!(
        collections.contains(", (tuple<int, text>)(1, 'a') "),
        "{collections}"
    );
    assert_eq!(
        select("SELECT intAsBlob(2), token(7), max((int)1), max(0x01) FROM t"),
        "system.intasblob(2) BytesType, system.token(7) LongType, system.max((int)1) Int32Type, system.max(0x01) BytesType"
    );
    let cannot_infer = |x: &str| {
        format!(
            "Cannot infer type for term {x} in selection clause (try using a cast to force a type)"
        )
    };
    assert_eq!(select("SELECT k, 1 FROM t"), cannot_infer("1"));
    assert_eq!(select("SELECT {'a': 1} FROM t"), cannot_infer("{'a': 1}"));
    assert_eq!(select("SELECT CAST(1 AS text) FROM t"), cannot_infer("1"));
    assert_eq!(select("SELECT ? FROM t"), cannot_infer("?"));
    assert_eq!(
        select("SELECT (int)'a' FROM t"),
        "Cannot cast value 'a' to type int"
    );
    assert_eq!(select("SELECT (nope)1 FROM t"), "Unknown type ks.nope");
    assert_eq!(
        select("SELECT intAsBlob('a') FROM t"),
        "Type error: 'a' cannot be passed as argument 0 of function system.intasblob of type int"
    );
    assert_eq!(
        select("SELECT now(1) FROM t"),
        "Invalid number of arguments in call to function system.now: 0 required but 1 provided"
    );
    assert!(select("SELECT max(1) FROM t").starts_with("Ambiguous call to function max"));
}
