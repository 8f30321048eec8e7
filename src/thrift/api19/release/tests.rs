//! Unit tests of the per-release answers (`super`), on a node made by
//! `node::test_nodes`.

use super::*;
use crate::node::test_nodes;
use crate::node::Node;
use crate::thrift::api19::validation as v;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

use crate::node::test_nodes::as_release as node_as;

/// The first user keyspace of the test configuration, as 1.2.9
/// described it, with its column families renamed to `names`.
fn ks(node: &Node, names: &[&str]) -> t::KsDef {
    let schema = node.schema();
    let def = schema.user_keyspaces().next().unwrap().describe_v12();
    let mut ks = super::super::defs::ks_def(&def);
    ks.strategy_options = Some(BTreeMap::new());
    ks.cf_defs.truncate(names.len());
    assert_eq!(
        ks.cf_defs.len(),
        names.len(),
        "the test config has enough CFs"
    );
    for (cf, name) in ks.cf_defs.iter_mut().zip(names) {
        cf.name = name.to_string();
        cf.key_alias = None;
    }
    ks
}

#[test]
fn without_a_release_nothing_changes() {
    let node = test_nodes::Kit::default().node();
    let before = ks(&node, &["First", "Second", "Sup"]);
    assert_eq!(shape_keyspace(&node, before.clone()), before);
    let e = reword(
        &node,
        "truncate",
        ApiError::invalid("unconfigured columnfamily X"),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == "unconfigured columnfamily X"));
    assert!(cql2_removed(&node).is_none());
}

#[test]
fn cf_defs_have_the_releases_fields_and_order() {
    let node = node_as("2.1.22");
    let shaped = shape_keyspace(&node, ks(&node, &["First", "Second", "Sup"]));
    let names: Vec<&str> = shaped.cf_defs.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Second", "First", "Sup"]);
    let c = &shaped.cf_defs[0];
    assert_eq!(c.key_alias.as_deref(), Some(&b"key"[..]));
    assert_eq!(
        (c.replicate_on_write, c.populate_io_cache_on_flush),
        (None, None)
    );
    assert_eq!(
        (c.min_index_interval, c.max_index_interval),
        (Some(128), Some(2048))
    );
    assert_eq!(c.speculative_retry.as_deref(), Some("NONE"));
    // 0.8 and 1.0 told the factor of a keyspace whose options gave one.
    let node = node_as("1.0.12");
    let old = shape_keyspace(&node, ks(&node, &["Std"]));
    assert_eq!(old.replication_factor, None);
    let mut with_factor = ks(&node, &["Std"]);
    with_factor.strategy_options = Some(BTreeMap::from([(
        "replication_factor".to_string(),
        "1".to_string(),
    )]));
    assert_eq!(
        shape_keyspace(&node, with_factor).replication_factor,
        Some(1)
    );
    let node = node_as("0.7.10");
    let old = shape_keyspace(&node, ks(&node, &["Std"]));
    assert_eq!((old.strategy_options, old.durable_writes), (None, None));
}

#[test]
fn system_column_families_in_the_releases_order() {
    let listed = |version: &str| {
        let node = node_as(version);
        let system = old::system_keyspaces(&node).into_iter().next().unwrap();
        let def = system.describe_v12();
        let shaped = shape_keyspace(&node, super::super::defs::ks_def(&def));
        let names: Vec<String> = shaped.cf_defs.into_iter().map(|c| c.name).collect();
        names
    };
    // Recorded from 1.2.9 and 1.2.19 alike; 2.0 kept the order.
    let of_1_2 = [
        "hints",
        "NodeIdInfo",
        "Migrations",
        "Schema",
        "IndexInfo",
        "LocationInfo",
        "HintsColumnFamily",
        "schema_keyspaces",
    ];
    assert_eq!(listed("1.2.9"), of_1_2);
    assert_eq!(listed("1.2.19"), of_1_2);
    assert_eq!(
        listed("2.0.17"),
        ["hints", "NodeIdInfo", "IndexInfo", "schema_keyspaces"]
    );
}

#[test]
fn errors_in_the_releases_words() {
    let e = reword(
        &node_as("2.2.19"),
        "truncate",
        ApiError::invalid("unconfigured columnfamily X"),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == "unconfigured table X"));
    let drop = "Cannot drop non existing column family 'X' in keyspace 'k'.";
    let e = reword(
        &node_as("2.0.17"),
        "system_drop_column_family",
        ApiError::invalid(drop),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == "unconfigured columnfamily X"));
    // From 1.2.19 on, a patch release of the series that said otherwise.
    let e = reword(
        &node_as("1.2.19"),
        "execute_cql_query",
        ApiError::invalid(drop),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == "unconfigured columnfamily X"));
    let e = reword(
        &node_as("1.2.9"),
        "system_drop_column_family",
        ApiError::invalid(drop),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == drop));
    let out_of_order = |version| {
        let e = reword(
            &node_as(version),
            "get_range_slices",
            ApiError::invalid(v::KEYS_OUT_OF_TOKEN_ORDER),
        );
        match e {
            ApiError::InvalidRequest(why) => why,
            other => panic!("{other:?}"),
        }
    };
    assert!(out_of_order("1.1.12").starts_with("start key's md5 sorts after end key's md5."));
    assert_eq!(out_of_order("1.2.19"), v::KEYS_OUT_OF_TOKEN_ORDER);
    assert_eq!(out_of_order("2.0.17"), v::KEYS_OUT_OF_TOKEN_ORDER);
    let e = reword(
        &node_as("2.1.22"),
        "get",
        ApiError::invalid("no keyspace has been specified"),
    );
    assert!(
        matches!(e, ApiError::InvalidRequest(ref w) if w.starts_with("No keyspace has been specified. USE"))
    );
    let e = reword(
        &node_as("2.1.22"),
        "execute_cql3_query",
        ApiError::invalid("Invalid STRING constant (x) for age of type int"),
    );
    assert!(
        matches!(e, ApiError::InvalidRequest(ref w) if w == "Invalid STRING constant (x) for \"age\" of type int")
    );
    // 2.2's Int32Type.fromString capitalized its refusal (a LIMIT past
    // an int: `zh_cql_newcomer`); 2.1's did not.
    let limit = |version| match reword(
        &node_as(version),
        "execute_cql3_query",
        ApiError::invalid("unable to make int from '2147483648'"),
    ) {
        ApiError::InvalidRequest(why) => why,
        other => panic!("{other:?}"),
    };
    assert_eq!(limit("2.1.22"), "unable to make int from '2147483648'");
    assert_eq!(limit("2.2.19"), "Unable to make int from '2147483648'");
    // inside a JSON value's refusal (3.0.24, 3.11.10: `ordinary19n`, `u`, `zi`)
    let json = reword(
        &node_as("3.0.24"),
        "execute_cql3_query",
        ApiError::invalid("Error decoding JSON value for id: unable to make int from 'x'"),
    );
    assert!(
        matches!(json, ApiError::InvalidRequest(ref w) if w == "Error decoding JSON value for id: Unable to make int from 'x'")
    );
    let e = reword(
        &node_as("2.2.19"),
        "execute_cql3_query",
        ApiError::invalid("unconfigured columnfamily users"),
    );
    assert!(matches!(e, ApiError::InvalidRequest(ref w) if w == "unconfigured table users"));
    let removed = cql2_removed(&node_as("2.2.19")).unwrap();
    assert!(
        matches!(removed, ApiError::InvalidRequest(ref w) if w == "CQL2 has been removed in Cassandra 2.2. Please use CQL3 instead")
    );
    assert!(cql2_removed(&node_as("2.1.22")).is_none());
    assert!(matches!(
        server_failure(&node_as("1.0.12"), "x".into()),
        ApiError::Internal(_)
    ));
    assert!(matches!(
        server_failure(&node_as("2.0.17"), "x".into()),
        ApiError::Dropped(_)
    ));
}

#[test]
fn an_update_without_its_id_took_one_in_1_0() {
    use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};
    let node = node_as("1.0.12");
    node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("Ids", "A"), CfSpec::new("Ids", "B")],
        ..KeyspaceSpec::simple("Ids", 1)
    }))
    .unwrap();
    let a = cf_id(&node, "Ids", "A").unwrap();
    let b = cf_id(&node, "Ids", "B").unwrap();
    let version = node.schema().version().to_string();
    let mut def = super::super::defs::cf_def(&CfSpec::new("Ids", "A"));
    def.id = None;
    let taken = |e: Result<(), ApiError>| match e {
        Err(ApiError::InvalidRequest(w)) => w,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        taken(check_cf_id(&node, &def)),
        format!("Column family ID mismatch (found {}; expected {a})", b + 1)
    );
    // Each refusal takes the next; the schema's version stays.
    assert_eq!(
        taken(check_cf_id(&node, &def)),
        format!("Column family ID mismatch (found {}; expected {a})", b + 2)
    );
    assert_eq!(node.schema().version().to_string(), version);
    node.change_schema(SchemaChange::AddColumnFamily(CfSpec::new("Ids", "C")))
        .unwrap();
    assert_eq!(cf_id(&node, "Ids", "C"), Some(b + 3));
    // 0.8 read the missing id as 0, taking none.
    let node = node_as("0.8.10");
    node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("Ids", "A")],
        ..KeyspaceSpec::simple("Ids", 1)
    }))
    .unwrap();
    let a = cf_id(&node, "Ids", "A").unwrap();
    assert_eq!(
        taken(check_cf_id(&node, &def)),
        format!("Column family ID mismatch (found 0; expected {a})")
    );
}

/// 0.7 to 1.0 refused ANY only in the reads by key: a scan's checks see ONE.
#[test]
fn scans_take_any_before_1_1() {
    use t::ConsistencyLevel as Cl;
    for v in ["0.7.10", "0.8.10", "1.0.12"] {
        assert_eq!(reads::scan_level(&node_as(v), Cl::ANY), Cl::ONE, "{v}");
        assert_eq!(
            reads::scan_level(&node_as(v), Cl::QUORUM),
            Cl::QUORUM,
            "{v}"
        );
    }
    for v in ["1.1.12", "1.2.9"] {
        assert_eq!(reads::scan_level(&node_as(v), Cl::ANY), Cl::ANY, "{v}");
    }
}

#[test]
fn a_zero_bloom_filter_chance_was_taken_before_1_2() {
    use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};
    let chance = |node: &Node| {
        node.schema()
            .cf("Bf", "Z")
            .and_then(|cf| cf.options.bloom_filter_fp_chance)
    };
    let add = |node: &Node| {
        node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec::simple("Bf", 1)))
            .unwrap();
        node.change_schema(SchemaChange::AddColumnFamily(CfSpec {
            bloom_filter_fp_chance: Some(0.0),
            ..CfSpec::new("Bf", "Z")
        }))
    };
    for rel in ["1.0.12", "1.1.12"] {
        let node = node_as(rel);
        add(&node).unwrap();
        assert_eq!(chance(&node), Some(0.0), "{rel}");
    }
    let node = node_as("1.2.19");
    let refused = add(&node).unwrap_err().to_string();
    assert!(
        refused.contains("Zero false positives is impossible"),
        "{refused}"
    );
    assert_eq!(chance(&node), None);
}
