//! Every validation rule of `Schema::apply` with Cassandra 1.2's message,
//! plus ids, versions, snapshots and config-keyspace protection.

use std::collections::BTreeMap;
use supercolumn::schema::{CfSpec, KeyspaceSpec, SchemaChange, FIRST_USER_CF_ID};

use crate::support::schema;
use schema::*;

fn opts(pairs: &[(&str, &str)]) -> Option<BTreeMap<String, String>> {
    Some(
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
    )
}

#[test]
fn keyspace_rules() {
    let s = base();
    let add = |spec: KeyspaceSpec| SchemaChange::AddKeyspace(spec);
    assert_eq!(
        err(&s, add(KeyspaceSpec::simple("SYSTEM", 1))),
        "system keyspace is not user-modifiable"
    );
    assert_eq!(
        err(&s, add(KeyspaceSpec::simple("KS", 1))),
        "Keyspace names must be case-insensitively unique (\"KS\" conflicts with \"ks\")"
    );
    assert_eq!(
        err(&s, add(KeyspaceSpec::simple("system_traces", 1))),
        "system_traces keyspace is not user-modifiable."
    );
    assert_eq!(
        err(&s, add(KeyspaceSpec::simple("bad-name", 1))),
        "Keyspace name must not be empty, more than 48 characters long, or contain \
         non-alphanumeric-underscore characters (got \"bad-name\")"
    );
    assert!(s
        .apply(add(KeyspaceSpec::simple("k".repeat(48), 1)))
        .is_ok());
    assert!(err(&s, add(KeyspaceSpec::simple("k".repeat(49), 1)))
        .starts_with("Keyspace name must not be empty"));
    assert_eq!(
        err(
            &s,
            add(KeyspaceSpec {
                cf_defs: vec![CfSpec::new("other", "A")],
                ..KeyspaceSpec::simple("k2", 1)
            })
        ),
        "CfDef (A) had a keyspace definition that did not match KsDef"
    );
    assert_eq!(
        err(
            &s,
            add(KeyspaceSpec {
                strategy_class: "LocalStrategy".into(),
                ..KeyspaceSpec::simple("k2", 1)
            })
        ),
        "Unable to use given strategy class: LocalStrategy is reserved for internal use."
    );
    assert_eq!(
        err(
            &s,
            add(KeyspaceSpec {
                strategy_options: None,
                ..KeyspaceSpec::simple("k2", 1)
            })
        ),
        "SimpleStrategy requires a replication_factor strategy option."
    );
    assert_eq!(
        err(
            &s,
            add(KeyspaceSpec {
                strategy_options: opts(&[("replication_factor", "x")]),
                ..KeyspaceSpec::simple("k2", 1)
            })
        ),
        "Replication factor must be numeric; found x"
    );
    assert_eq!(
        err(
            &s,
            add(KeyspaceSpec {
                strategy_options: opts(&[("replication_factor", "-1")]),
                ..KeyspaceSpec::simple("k2", 1)
            })
        ),
        "Replication factor must be non-negative; found -1"
    );
    let nts = |o: &[(&str, &str)]| KeyspaceSpec {
        strategy_class: "NetworkTopologyStrategy".into(),
        strategy_options: opts(o),
        ..KeyspaceSpec::simple("k2", 1)
    };
    assert_eq!(
        err(&s, add(nts(&[("replication_factor", "1")]))),
        "Error constructing replication strategy class"
    );
    let two = s.apply(add(nts(&[("dc1", "2"), ("dc2", "1")]))).unwrap();
    assert_eq!(two.keyspace("k2").unwrap().replication_factor, 3);

    assert_eq!(
        err(&s, SchemaChange::DropKeyspace("system".into())),
        "system keyspace is not user-modifiable"
    );
    assert_eq!(
        err(&s, SchemaChange::DropKeyspace("nope".into())),
        "Cannot drop non existing keyspace 'nope'."
    );
    assert_eq!(
        err(
            &s,
            SchemaChange::UpdateKeyspace(KeyspaceSpec::simple("nope", 1))
        ),
        "Keyspace nope does not exist"
    );
    assert_eq!(
        err(
            &s,
            SchemaChange::UpdateKeyspace(KeyspaceSpec {
                cf_defs: vec![cf("A")],
                ..KeyspaceSpec::simple("ks", 1)
            })
        ),
        "Keyspace update must not contain any column family definitions."
    );
    let updated = s
        .apply(SchemaChange::UpdateKeyspace(KeyspaceSpec {
            durable_writes: Some(false),
            ..KeyspaceSpec::simple("ks", 3)
        }))
        .unwrap();
    let ks = updated.keyspace("ks").unwrap();
    assert_eq!(
        (ks.replication_factor, ks.durable_writes, ks.cfs.len()),
        (3, false, 1)
    );
    let dropped = s.apply(SchemaChange::DropKeyspace("ks".into())).unwrap();
    assert!(dropped.keyspace("ks").is_none());
}

#[test]
fn column_family_name_type_and_existence_rules() {
    let s = base();
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                comparator_type: Some("NoSuchType".into()),
                ..cf("C")
            })
        ),
        "Unable to find abstract-type class 'org.apache.cassandra.db.marshal.NoSuchType'"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                default_validation_class: Some("Nope".into()),
                ..cf("C")
            })
        ),
        "Unable to find abstract-type class 'org.apache.cassandra.db.marshal.Nope'"
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                column_type: Some("Duper".into()),
                ..cf("C")
            })
        ),
        "Invalid column type Duper"
    );
    assert_eq!(
        err(&s, add_cf(CfSpec { subcomparator_type: Some("UTF8Type".into()), ..cf("C") })),
        "Subcolumn comparator (org.apache.cassandra.db.marshal.UTF8Type) is invalid for standard column family C"
    );
    assert_eq!(
        err(&s, add_cf(cf("A"))),
        "Cannot add already existing column family \"A\" to keyspace \"ks\""
    );
    assert_eq!(
        err(&s, add_cf(CfSpec::new("nope", "D"))),
        "Cannot add column family 'D' to non existing keyspace 'nope'."
    );
    assert!(err(&s, add_cf(cf("bad name!")))
        .starts_with("ColumnFamily name must not be empty, more than 48"));
    assert_eq!(
        err(&s, add_cf(CfSpec::new("system", "X"))),
        "system keyspace is not user-modifiable."
    );
    assert_eq!(
        err(
            &s,
            SchemaChange::DropColumnFamily {
                keyspace: "ks".into(),
                name: "B".into()
            }
        ),
        "Cannot drop non existing column family 'B' in keyspace 'ks'."
    );
    assert_eq!(
        err(&s, SchemaChange::UpdateColumnFamily(cf("B"))),
        "Could not find column family definition to modify."
    );
    assert_eq!(
        err(
            &s,
            add_cf(CfSpec {
                caching: Some("some".into()),
                ..cf("C")
            })
        ),
        "some not found, available types: ALL, KEYS_ONLY, ROWS_ONLY, NONE."
    );
    let rows = s
        .apply(add_cf(CfSpec {
            caching: Some("rows_only".into()),
            ..cf("C")
        }))
        .unwrap();
    assert_eq!(
        rows.cf("ks", "C")
            .unwrap()
            .describe_v12()
            .caching
            .as_deref(),
        Some("ROWS_ONLY")
    );
}

#[test]
fn updates_check_compatibility_and_reset_omitted_fields() {
    let s = base()
        .apply(add_cf(CfSpec {
            comparator_type: Some("AsciiType".into()),
            read_repair_chance: Some(0.5),
            ..cf("B")
        }))
        .unwrap();
    let upd = |spec: CfSpec| SchemaChange::UpdateColumnFamily(spec);
    assert_eq!(
        err(
            &s,
            upd(CfSpec {
                comparator_type: Some("LongType".into()),
                ..cf("B")
            })
        ),
        "comparators do not match or are not compatible."
    );
    assert_eq!(
        err(
            &s,
            upd(CfSpec {
                column_type: Some("Super".into()),
                ..cf("B")
            })
        ),
        "types do not match."
    );
    let old_id = s.cf("ks", "B").unwrap().id;
    // 1.2 applied the IDL defaults to an update: BytesType replaces AsciiType
    // and the omitted read_repair_chance goes back to 0.1.
    let next = s
        .apply(upd(CfSpec {
            comment: Some("updated".into()),
            ..cf("B")
        }))
        .unwrap();
    let b = next.cf("ks", "B").unwrap();
    assert_eq!((b.id, b.comment.as_deref()), (old_id, Some("updated")));
    assert_eq!(
        b.comparator.class_name(),
        "org.apache.cassandra.db.marshal.BytesType"
    );
    assert_eq!(b.options.read_repair_chance, 0.1);
    // The old snapshot is untouched.
    assert_eq!(s.cf("ks", "B").unwrap().options.read_repair_chance, 0.5);
}

#[test]
fn ids_are_fresh_and_versions_follow_content() {
    let s = base();
    let mut ids = std::collections::BTreeSet::new();
    let mut cur = s.clone();
    for n in 0..50 {
        cur = cur.apply(add_cf(cf(&format!("C{n}")))).unwrap();
        let id = cur.cf("ks", &format!("C{n}")).unwrap().id;
        assert!(id >= FIRST_USER_CF_ID && id <= i32::MAX as u32);
        assert!(cur.column_families().filter(|c| c.id == id).count() == 1);
        assert!(ids.insert(id));
    }
    // Re-creating a dropped CF gives it a new id.
    let a = s.cf("ks", "A").unwrap().id;
    let again = s
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "ks".into(),
            name: "A".into(),
        })
        .unwrap()
        .apply(add_cf(cf("A")))
        .unwrap();
    assert_ne!(again.cf("ks", "A").unwrap().id, a);
    // Version: name-based v3, changes with content, returns with it.
    let v0 = s.version();
    assert_eq!(v0.get_version_num(), 3);
    let added = s
        .apply(SchemaChange::AddKeyspace(KeyspaceSpec::simple("k2", 1)))
        .unwrap();
    assert_ne!(added.version(), v0);
    assert_eq!(
        added
            .apply(SchemaChange::DropKeyspace("k2".into()))
            .unwrap()
            .version(),
        v0
    );
}

#[test]
fn config_keyspaces_change_like_any_other_and_get_1_2_defaults() {
    // The file only seeds the schema: its keyspaces can be dropped and
    // changed through the API (Cassandra's own system tests drop them all).
    let s = base();
    let std_id = s.cf("Conf", "Std").unwrap().id;
    let dropped = s.apply(SchemaChange::DropKeyspace("Conf".into())).unwrap();
    assert!(dropped.keyspace("Conf").is_none());
    assert!(dropped.retired_cf_ids.contains(&std_id));
    let updated = s
        .apply(SchemaChange::UpdateKeyspace(KeyspaceSpec::simple(
            "Conf", 1,
        )))
        .unwrap();
    assert_eq!(
        updated.keyspace("Conf").unwrap().origin,
        supercolumn::schema::KeyspaceOrigin::Config
    );
    let added = s.apply(add_cf(CfSpec::new("Conf", "New"))).unwrap();
    assert!(added.cf("Conf", "New").is_some());
    let gone = s
        .apply(SchemaChange::DropColumnFamily {
            keyspace: "Conf".into(),
            name: "Std".into(),
        })
        .unwrap();
    assert!(gone.cf("Conf", "Std").is_none());
    assert!(gone.retired_cf_ids.contains(&std_id));

    let ks = s.keyspace("Conf").unwrap().describe_v12();
    assert_eq!(
        ks.strategy_class,
        "org.apache.cassandra.locator.SimpleStrategy"
    );
    assert_eq!(ks.strategy_options, opts(&[("replication_factor", "1")]));
    let std = &ks.cf_defs[0];
    assert_eq!(std.gc_grace_seconds, Some(3600));
    assert_eq!(std.caching.as_deref(), Some("ROWS_ONLY"));
    assert_eq!(
        std.comparator_type.as_deref(),
        Some("org.apache.cassandra.db.marshal.UTF8Type")
    );
    assert_eq!(std.read_repair_chance, Some(0.1));
    assert_eq!(std.comment.as_deref(), Some(""));
}
