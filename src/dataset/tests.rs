//! Reading the sample datasets of `tests/data/dataset` (the same keyspace
//! in XML, JSON and YAML) and the errors bad datasets get.

use super::*;
use std::path::Path;

fn sample(name: &str) -> Dataset {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dataset")
        .join(name);
    read_file(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn keyspace(name: &str) -> KeyspaceData {
    match sample(name).content {
        Content::Keyspace(ks) => ks,
        other => panic!("{other:?}"),
    }
}

fn bad(format: Format, text: &str) -> String {
    parse(text, format, "bad".into()).unwrap_err().to_string()
}

/// The dataset without its source lines (which differ between formats).
fn lineless(mut ks: KeyspaceData) -> KeyspaceData {
    for cf in &mut ks.column_families {
        cf.line = 0;
        cf.rows.iter_mut().for_each(|r| r.line = 0);
    }
    ks
}

#[test]
fn the_three_formats_read_the_same() {
    let xml = lineless(keyspace("sample.xml"));
    assert_eq!(lineless(keyspace("sample.json")), xml);
    assert_eq!(lineless(keyspace("sample.yaml")), xml);
    assert_eq!(xml.column_count(), 14);
}

#[test]
fn keyspace_and_column_families() {
    let ks = keyspace("sample.xml");
    assert_eq!(ks.name, "sample");
    assert_eq!(ks.strategy, "org.apache.cassandra.locator.SimpleStrategy");
    assert_eq!(ks.replication_factor, 1);
    let names: Vec<&str> = ks.column_families.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["Users", "Posts", "Counts", "SuperCounts", "Composite"]
    );
    let users = &ks.column_families[0];
    assert!(!users.is_super);
    assert_eq!(users.comment.as_deref(), Some("people"));
    assert_eq!(users.gc_grace_seconds, Some(9999));
    assert_eq!(users.column_metadata.len(), 4);
    assert_eq!(
        users.column_metadata[0],
        ColumnMeta {
            name: b"age".to_vec(),
            validation_class: ValueType::Long,
            indexed: true,
            index_name: Some("age".into()),
        }
    );
    assert_eq!(
        users.column_metadata[2].validation_class,
        ValueType::TimeUuid
    );
    assert_eq!(users.column_metadata[2].index_name, None);
    let posts = &ks.column_families[1];
    assert!(posts.is_super);
    assert_eq!(posts.subcomparator.as_deref(), Some("LongType"));
    assert!(ks.column_families[2].is_counter());
    assert!(ks.column_families[3].is_counter() && ks.column_families[3].is_super);
    let composite = &ks.column_families[4];
    assert_eq!(
        composite.comparator,
        "CompositeType(LongType,ReversedType(UTF8Type))"
    );
    assert_eq!(composite.key_type, "LongType");
    assert_eq!(composite.default_validator, ValueType::Bytes);
}

#[test]
fn typed_values_and_timestamps() {
    let ks = keyspace("sample.yaml");
    let alice = &ks.column_families[0].rows[0];
    assert_eq!(alice.key, b"alice");
    let value = |name: &str| {
        alice
            .columns
            .iter()
            .find(|c| c.name == name.as_bytes())
            .unwrap_or_else(|| panic!("{name}"))
            .clone()
    };
    assert_eq!(value("name").value, b"Alice");
    // Typed by its metadata (LongType), not by the default (UTF8Type).
    assert_eq!(value("age").value, 30i64.to_be_bytes());
    assert_eq!(value("score").value, 7i64.to_be_bytes());
    assert_eq!(
        value("id").value,
        uuid::Uuid::parse_str("13816710-1dd2-11b2-879a-782bcb80ff6a")
            .unwrap()
            .as_bytes()
    );
    assert_eq!(value("blob").value, [0xca, 0xfe]);
    assert_eq!(value("old").timestamp, Some(12345));
    assert_eq!(value("name").timestamp, None);
    let posts = &ks.column_families[1].rows[0];
    assert_eq!(posts.super_columns[0].name, b"2011");
    assert_eq!(posts.super_columns[0].columns[0].name, 1i64.to_be_bytes());
    assert_eq!(posts.super_columns[0].columns[1].value, b"world");
    assert_eq!(posts.super_columns[1].columns[0].value, 5i32.to_be_bytes());
    let counts = &ks.column_families[2].rows[0];
    assert_eq!(counts.columns[0].value, 11i64.to_be_bytes());
    let composite = &ks.column_families[4].rows[0];
    assert_eq!(composite.key, 1i64.to_be_bytes());
    assert_eq!(
        composite.columns[0].name,
        [0, 8, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, b'a', 0]
    );
}

#[test]
fn cql_scripts_split_into_statements() {
    let Content::Cql(statements) = sample("sample.cql").content else {
        panic!("a script")
    };
    let texts: Vec<&str> = statements.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(texts.len(), 6, "{texts:#?}");
    assert!(texts[0].starts_with("CREATE KEYSPACE cqlsample"));
    assert_eq!(texts[1], "USE cqlsample");
    assert!(texts[2].starts_with("CREATE TABLE events ( user text,"));
    assert!(texts[3].ends_with("'login; first')"));
    assert_eq!(
        texts[4],
        "INSERT INTO events (user, at, what) VALUES ('alice', 2, 'it''s me')"
    );
    assert_eq!(statements[4].line, 13);
}

#[test]
fn errors_name_the_file_and_line() {
    let e = bad(
        Format::Yaml,
        "name: k\ncolumnFamilies:\n- name: A\n  comparatorTyp: UTF8Type\n",
    );
    assert!(
        e.starts_with("dataset bad:4: unknown field 'comparatorTyp'"),
        "{e}"
    );
    let e = bad(
        Format::Json,
        "{\"name\": \"k\",\n \"columnFamilies\": [{\"name\": \"A\",\n \"rows\": [{\"key\": \"key01\"}]}]}",
    );
    assert!(e.starts_with("dataset bad:3: row key: "), "{e}");
    assert!(e.contains("unknown binary encoding"), "{e}");
    let e = bad(Format::Json, "{\"name\": \"k\",,}");
    assert!(e.starts_with("dataset bad:1: invalid JSON"), "{e}");
    let e = bad(Format::Xml, "<keyspace><strategy>x</strategy></keyspace>");
    assert!(e.contains("Keyspace name is mandatory"), "{e}");
    let e = bad(
        Format::Xml,
        "<keyspace>\n<name>k</name>\n<replicationFactor>one</replicationFactor></keyspace>",
    );
    assert!(
        e.starts_with("dataset bad:3: 'replicationFactor' must be an integer"),
        "{e}"
    );
    let e = bad(Format::Yaml, "");
    assert!(e.contains("dataSet is empty"), "{e}");
    let e = bad(
        Format::Yaml,
        "name: k\ncolumnFamilies:\n- name: C\n  defaultColumnValueType: CounterColumnType\n  rows:\n  - key: 0a\n    columns:\n    - {name: 0b, value: long(1)}\n",
    );
    assert!(
        e.contains("Impossible to override Column value into a Counter column family"),
        "{e}"
    );
    let e = bad(
        Format::Yaml,
        "name: k\ncolumnFamilies:\n- name: S\n  type: SUPER\n  rows:\n  - key: 0a\n    columns:\n    - {name: 0b, value: 0c}\n",
    );
    assert!(e.contains("holds super columns, not columns"), "{e}");
    let e = bad(Format::Xml, "<keyspace><name>k</name><columnFamilies><columnFamily><name>A</name><rows/></columnFamily></columnFamilies></keyspace>");
    assert!(e.contains("unknown field 'rows'"), "{e}");
    let e = read_file(Path::new("nope.txt")).unwrap_err().to_string();
    assert!(e.contains("unknown dataset format"), "{e}");
}

/// Every format nests as deep as any outside input may, and no deeper:
/// at the bound the dataset is read (and refused for what it says), one
/// level more is refused for its depth, with its line.
#[test]
fn nesting_is_bounded_in_every_format() {
    let max = crate::input_bounds::MAX_NESTING;
    let xml = |n: usize| {
        format!(
            "<keyspace>\n<name>k</name>{}{}</keyspace>",
            "<a>".repeat(n - 1),
            "</a>".repeat(n - 1)
        )
    };
    let yaml = |n: usize| format!("name: k\nx: {}1{}\n", "[".repeat(n - 1), "]".repeat(n - 1));
    let json = |n: usize| {
        format!(
            "{{\"name\": \"k\",\n\"x\": {}1{}}}",
            "[".repeat(n - 1),
            "]".repeat(n - 1)
        )
    };
    for (format, doc, deep) in [
        (Format::Xml, &xml as &dyn Fn(usize) -> String, "elements"),
        (Format::Yaml, &yaml, "lists and mappings"),
        (Format::Json, &json, "lists and mappings"),
    ] {
        let at = bad(format, &doc(max));
        assert!(at.contains("unknown field"), "{at}");
        let past = bad(format, &doc(max + 1));
        assert_eq!(
            past,
            format!("dataset bad:2: {deep} nested more than {max} levels deep"),
        );
    }
}

/// A YAML dataset's aliases copy at most so many bytes in all.
#[test]
fn alias_bombs_are_refused() {
    let mut doc = String::from("name: k\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        doc.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    assert!(bad(Format::Yaml, &doc).starts_with("dataset bad:6: the aliases copy more than 1 MiB"));
}

/// Only regular files are read: a FIFO would block the start for ever, a
/// link to /dev/zero never end.
#[test]
fn only_regular_files_are_read() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.cql");
    assert!(std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let e = read_file(&fifo).unwrap_err().to_string();
    assert!(e.ends_with("f.cql: not a regular file (a FIFO)"), "{e}");
    let zero = dir.path().join("z.yaml");
    std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
    let e = read_file(&zero).unwrap_err().to_string();
    assert!(
        e.ends_with("z.yaml: not a regular file (a character device)"),
        "{e}"
    );
}
