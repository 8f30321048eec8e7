//! A collection element's term is prepared for the element's own receiver
//! (`Maps.keySpecOf`, `Maps.valueSpecOf`, `Lists.valueSpecOf`,
//! `Sets.valueSpecOf`): a literal it does not take is refused naming
//! `key(c)` or `value(c)`, not the column.

use super::tests::{table, writes};

fn refusal(cql: &str) -> String {
    let t = table(
        "CREATE TABLE carts (id text PRIMARY KEY, items map<text, int>, \
         picks list<int>, codes set<text>)",
    );
    writes(&t, cql, &[]).unwrap_err().to_string()
}

#[test]
fn a_map_element_set_by_key_names_its_key_and_value() {
    assert_eq!(
        refusal("UPDATE carts SET items['sku'] = 'two' WHERE id = 'a'"),
        "Invalid STRING constant (two) for value(items) of type int"
    );
    assert_eq!(
        refusal("UPDATE carts SET items[1] = 2 WHERE id = 'a'"),
        "Invalid INTEGER constant (1) for key(items) of type text"
    );
    assert_eq!(
        refusal("UPDATE carts SET items['sku'] = [1] WHERE id = 'a'"),
        "Invalid list literal for value(items) of type int"
    );
}

#[test]
fn a_list_element_set_by_index_names_its_value() {
    assert_eq!(
        refusal("UPDATE carts SET picks[0] = 'x' WHERE id = 'a'"),
        "Invalid STRING constant (x) for value(picks) of type int"
    );
}

#[test]
fn an_element_deleted_names_its_key_or_value() {
    assert_eq!(
        refusal("DELETE items[1] FROM carts WHERE id = 'a'"),
        "Invalid INTEGER constant (1) for key(items) of type text"
    );
    assert_eq!(
        refusal("DELETE codes[1] FROM carts WHERE id = 'a'"),
        "Invalid INTEGER constant (1) for value(codes) of type text"
    );
}

#[test]
fn a_whole_collection_still_names_its_column() {
    assert_eq!(
        refusal("UPDATE carts SET items = 3 WHERE id = 'a'"),
        "Invalid INTEGER constant (3) for items of type map<text, int>"
    );
}
