//! The beta's select lists and rows.

use super::*;
use crate::node::test_nodes;
use crate::release::Release;

/// `create`'s table (the module's tests and its children's).
pub(super) fn table(create: &str) -> Table {
    let parsed = crate::cql::parse(create).unwrap();
    let Statement::CreateTable(ct) = &parsed.statement else {
        panic!("not a CREATE TABLE");
    };
    Table::from_create("ks", ct).unwrap()
}

fn planned(version: &str, query: &str) -> Option<(Parsed, BetaSelect)> {
    let mut node = test_nodes::Kit::default().node();
    node.release = Release::find(version);
    plan(&node, &crate::cql::parse(query).unwrap())
}

fn column(name: &str, value: Option<&[u8]>) -> t::Column {
    t::Column::new(
        name.as_bytes().to_vec(),
        value.map(<[u8]>::to_vec),
        None,
        None,
    )
}

fn rows(columns: Vec<t::Column>, types: &[(&str, &str)]) -> t::CqlResult {
    let map = |f: fn(&str) -> String| -> BTreeMap<Vec<u8>, String> {
        types
            .iter()
            .map(|(n, ty)| (n.as_bytes().to_vec(), f(ty)))
            .collect()
    };
    let metadata = t::CqlMetadata::new(
        map(|_| "UTF8Type".to_string()),
        map(|ty| format!("{MARSHAL}{ty}")),
        "UTF8Type".to_string(),
        "UTF8Type".to_string(),
    );
    let row = t::CqlRow::new(Vec::new(), columns);
    t::CqlResult::new(t::CqlResultType::ROWS, vec![row], None, metadata)
}

#[test]
fn only_the_beta_reads_named_columns_whole() {
    let query = "SELECT name FROM users WHERE id = 'u1'";
    assert!(planned("1.2.9", query).is_none());
    assert!(planned("1.1.12", "INSERT INTO users (id) VALUES ('u1')").is_none());
    let (parsed, shape) = planned("1.1.12", query).unwrap();
    let Statement::Select(select) = parsed.statement else {
        panic!("not a SELECT");
    };
    assert_eq!(select.selection, Selection::Wildcard);
    assert_eq!(shape.items, Some(vec![Item::Column("name".to_string())]));
    let (_, shape) = planned("1.1.12", "SELECT writetime(name), TTL(age) FROM users").unwrap();
    assert_eq!(
        shape.items,
        Some(vec![
            Item::WriteTime("name".into()),
            Item::Ttl("age".into())
        ])
    );
    assert!(planned("1.1.12", "SELECT name AS n FROM users").is_none());
}

#[test]
fn beta_rows_are_keyed_stamped_and_typed_short() {
    let users = table("CREATE TABLE users (id text PRIMARY KEY, name text, age int)");
    let shape = BetaSelect {
        items: Some(vec![
            Item::Column("age".into()),
            Item::Column("name".into()),
        ]),
        count: false,
    };
    let result = rows(
        vec![
            column("id", Some(b"u1")),
            column("age", Some(&[0, 0, 0, 30])),
            column("name", None),
        ],
        &[
            ("id", "UTF8Type"),
            ("age", "Int32Type"),
            ("name", "UTF8Type"),
        ],
    );
    let shaped = shape.shape(&users, result, None);
    let row = &shaped.rows.unwrap()[0];
    assert_eq!(row.key, b"u1");
    let names: Vec<&[u8]> = row.columns.iter().map(|c| c.name.as_slice()).collect();
    assert_eq!(names, [&b"age"[..], b"name"]);
    assert!(row.columns[0].timestamp.is_some_and(|ts| ts > 0));
    assert_eq!(row.columns[1].timestamp, None, "a null has no cell");
    let md = shaped.schema.unwrap();
    assert_eq!(md.value_types[&b"age".to_vec()], "Int32Type");
    assert!(!md.value_types.contains_key(b"id".as_slice()));
    assert_eq!(md.default_name_type, "UTF8Type");

    let posts =
        table("CREATE TABLE posts (author text, at int, body text, PRIMARY KEY (author, at))");
    let all = BetaSelect {
        items: None,
        count: false,
    };
    let result = rows(
        vec![
            column("author", Some(b"u1")),
            column("at", Some(&[0, 0, 0, 1])),
        ],
        &[("author", "UTF8Type"), ("at", "Int32Type")],
    );
    let shaped = all.shape(&posts, result, None);
    let row = &shaped.rows.unwrap()[0];
    assert!(
        row.columns.iter().all(|c| c.timestamp == Some(-1)),
        "key cells"
    );
    assert_eq!(shaped.schema.unwrap().default_name_type, "CompositeType");

    let count = BetaSelect {
        items: None,
        count: true,
    };
    let result = rows(
        vec![column("count", Some(&[0; 8]))],
        &[("count", "LongType")],
    );
    let shaped = count.shape(&posts, result, None);
    assert_eq!(shaped.rows.unwrap()[0].key, b"count");
    let md = shaped.schema.unwrap();
    assert!(md.name_types.is_empty() && md.value_types.is_empty());
    assert_eq!(
        (
            md.default_name_type.as_str(),
            md.default_value_type.as_str()
        ),
        ("AsciiType", "LongType")
    );
}

#[test]
fn beta_functions_give_a_cells_time_without_a_timestamp() {
    let stock = table("CREATE TABLE stock (sku text PRIMARY KEY, qty int, note text, left int)");
    let shape = BetaSelect {
        items: Some(vec![
            Item::Column("sku".into()),
            Item::WriteTime("qty".into()),
            Item::WriteTime("note".into()),
            Item::Ttl("qty".into()),
        ]),
        count: false,
    };
    let result = rows(
        vec![
            column("sku", Some(b"s1")),
            column("left", None),
            column("note", None),
            column("qty", Some(&[0, 0, 0, 8])),
        ],
        &[
            ("sku", "UTF8Type"),
            ("qty", "Int32Type"),
            ("note", "UTF8Type"),
        ],
    );
    let times = [CellTimes {
        stamps: HashMap::from([(b"qty".to_vec(), 1_000_007)]),
        ttls: HashMap::from([(b"qty".to_vec(), 60)]),
    }];
    let shaped = shape.shape(&stock, result, Some(&times));
    let row = &shaped.rows.unwrap()[0];
    assert_eq!(row.key, b"s1");
    type Cell<'a> = (&'a [u8], Option<&'a [u8]>, Option<i64>);
    let cells: Vec<Cell> = row
        .columns
        .iter()
        .map(|c| (c.name.as_slice(), c.value.as_deref(), c.timestamp))
        .collect();
    let stamp = 1_000_007_i64.to_be_bytes();
    assert_eq!(
        cells,
        [
            (&b"sku"[..], Some(&b"s1"[..]), Some(-1)),
            (b"writetime(qty)", Some(&stamp[..]), None),
            (b"writetime(note)", None, None),
            (b"ttl(qty)", Some(&[0, 0, 0, 60][..]), None),
        ]
    );
    let md = shaped.schema.unwrap();
    assert_eq!(md.value_types[&b"writetime(qty)".to_vec()], "LongType");
    assert_eq!(md.value_types[&b"ttl(qty)".to_vec()], "Int32Type");
    assert_eq!(md.name_types[&b"writetime(qty)".to_vec()], "UTF8Type");
    assert!(!md.value_types.contains_key(b"qty".as_slice()));

    // Checked item by item, before the statement reads.
    let refusal = |items: Vec<Item>| {
        BetaSelect {
            items: Some(items),
            count: false,
        }
        .refusal(&stock)
        .map(|e| e.to_string())
    };
    assert_eq!(refusal(vec![Item::Column("qty".into())]), None);
    assert_eq!(
        refusal(vec![Item::Ttl("sku".into()), Item::Column("nope".into())]).as_deref(),
        Some("Cannot use function ttl on PRIMARY KEY part sku")
    );
    assert_eq!(
        refusal(vec![Item::Column("nope".into()), Item::Ttl("sku".into())]).as_deref(),
        Some("Undefined name nope in selection clause")
    );
}
