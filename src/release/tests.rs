use super::*;
use std::collections::BTreeSet;

fn facts() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/conformance/releases/facts.json"
    );
    let text = std::fs::read_to_string(path).expect("conformance/releases/facts.json");
    serde_json::from_str(&text).expect("facts.json is JSON")
}

#[test]
fn every_release_is_found_by_its_version_in_order() {
    let versions: Vec<&str> = RELEASES.iter().map(|r| r.version).collect();
    assert_eq!(
        versions,
        [
            "0.6.8", "0.7.10", "0.8.10", "1.0.12", "1.1.12", "1.2.9", "1.2.19", "2.0.17", "2.1.22",
            "2.2.19", "3.0.24", "3.11.10"
        ]
    );
    for r in RELEASES {
        assert_eq!(Release::find(r.version), Some(r));
    }
    assert!(RELEASES.windows(2).all(|w| w[0].numbers() < w[1].numbers()));
    assert_eq!(Release::find(" 2.0.17 ").map(|r| r.version), Some("2.0.17"));
    assert!(Release::find("3.0.0").is_none());
    // 3.x: 2.2's methods, native v3 and v4 only.
    let r = Release::find("3.11.10").unwrap();
    assert_eq!(
        r.thrift_methods(),
        Release::find("2.2.19").unwrap().thrift_methods()
    );
    assert!(!r.accepts_native(2) && r.accepts_native(4) && !r.has(Feature::Cql2));
    assert!(Release::known_versions().starts_with("0.6.8, 0.7.10"));
}

/// The definitions agree with what each real release declared and
/// answered (`conformance/releases/facts.json`, recorded from them).
#[test]
fn definitions_match_the_recorded_facts() {
    let facts = facts();
    let releases = facts["releases"].as_object().expect("releases");
    assert_eq!(releases.len(), 11);
    for (version, f) in releases {
        let r = Release::find(version).unwrap_or_else(|| panic!("{version} defined"));
        let node = &f["from_running_node"];
        assert_eq!(node["thrift_api_version"], r.thrift_api, "{version}");
        assert_eq!(node["release_version"], r.version, "{version}");
        assert_eq!(node["partitioner"], r.defaults.partitioner, "{version}");
        assert_eq!(node["cluster_name"], r.defaults.cluster_name, "{version}");
        assert_eq!(node["snitch"], r.defaults.snitch, "{version}");
        let cfs: BTreeSet<&str> = node["system_keyspace"]["column_families"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_str().unwrap())
            .collect();
        assert_eq!(cfs, r.system_cfs.iter().copied().collect(), "{version}");
        let methods: BTreeSet<&str> = f["idl"]["methods"]
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        let ours: BTreeSet<&str> = r.thrift_methods().into_iter().collect();
        assert_eq!(ours, methods, "{version}");
        let ready: Vec<u8> = match node["native_protocol"].as_object() {
            Some(map) => map
                .iter()
                .filter(|(_, v)| *v == "READY")
                .map(|(k, _)| k.parse().unwrap())
                .collect(),
            None => Vec::new(),
        };
        assert_eq!(ready, r.native_versions, "{version}");
        let stock = &f["from_stock_yaml"];
        let tokens = stock["num_tokens"].as_str().map(|n| n.parse().unwrap());
        assert_eq!(tokens, r.defaults.num_tokens, "{version}");
        assert_eq!(
            stock["start_rpc"].as_str() != Some("false"),
            r.defaults.start_rpc,
            "{version}"
        );
        assert_eq!(
            r.has(Feature::NativeProtocol),
            !ready.is_empty(),
            "{version}"
        );
        assert_eq!(r.has(Feature::Vnodes), tokens.is_some(), "{version}");
    }
}

#[test]
fn methods_follow_the_features() {
    for r in RELEASES {
        let api19 = r.generation == ThriftGeneration::Api19;
        assert_eq!(
            r.has_method("add"),
            api19 && r.has(Feature::Counters),
            "{}",
            r.version
        );
        assert_eq!(r.has_method("cas"), r.has(Feature::Cas), "{}", r.version);
        assert_eq!(r.has_method("get_multi_slice"), r.has(Feature::MultiSlice));
        assert_eq!(r.has_method("execute_cql3_query"), r.has(Feature::Cql3));
        assert_eq!(
            r.has_method("atomic_batch_mutate"),
            r.has(Feature::AtomicBatches)
        );
        assert_eq!(
            r.has_method("system_add_keyspace"),
            r.has(Feature::SchemaOverThrift)
        );
        assert!(r.has_method("describe_version"));
        assert!(!r.has_method("no_such_method"));
    }
    let r = |v| Release::find(v).unwrap();
    assert!(r("0.6.8").has_method("get_range_slice"));
    assert!(!r("0.7.10").has_method("get_range_slice"));
    assert_eq!(r("1.2.9").thrift_methods().len(), 42);
    assert!(!r("1.2.9").has_method("describe_local_ring"));
    assert!(r("1.2.19").has_method("describe_local_ring"));
    assert_eq!(r("1.2.19").thrift_methods().len(), 43);
    // 2.2 still declared execute_cql_query, refusing every CQL 2 query.
    assert!(r("2.2.19").has_method("execute_cql_query") && !r("2.2.19").has(Feature::Cql2));
}

#[test]
fn series_and_native_versions() {
    let r = Release::find("2.1.22").unwrap();
    assert_eq!(r.series(), (2, 1));
    assert!(r.at_least(2, 0) && r.at_least(2, 1) && !r.at_least(2, 2));
    assert!(r.accepts_native(3) && !r.accepts_native(4));
    assert_eq!(r.highest_native(), Some(3));
    assert_eq!(Release::find("1.1.12").unwrap().highest_native(), None);
}

/// `docs/compatibility.md` holds the table generated from the definitions
/// (regenerate it with `cargo test --lib release:: -- --ignored print_compat_table --nocapture`).
#[test]
fn the_compatibility_doc_holds_the_generated_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/compatibility.md");
    let doc = std::fs::read_to_string(path).expect("docs/compatibility.md");
    let table = compat_table();
    assert!(
        doc.contains(&table),
        "docs/compatibility.md lacks the releases table; it should contain:\n{table}"
    );
}

#[test]
#[ignore = "prints the table for docs/compatibility.md"]
fn print_compat_table() {
    print!("{}", compat_table());
}

/// The field's name in an IDL declaration such as `optional string
/// caching = "keys_only"`.
fn declared_name(decl: &str) -> &str {
    let head = decl.split('=').next().unwrap_or(decl);
    head.split_whitespace().last().unwrap_or(head)
}

/// The field table agrees with each release's IDL: a listed field is
/// declared exactly by the releases it names, and every field of ours a
/// release's struct lacked is listed.
#[test]
fn fields_match_each_releases_idl() {
    let facts = facts();
    for (version, f) in facts["releases"].as_object().expect("releases") {
        let r = Release::find(version).unwrap();
        let idl = &f["idl"];
        let declared = |structure: &str, name: &str| {
            ["structs", "exceptions"].iter().any(|kind| {
                idl[kind][structure].as_object().is_some_and(|fs| {
                    fs.values()
                        .any(|d| declared_name(d.as_str().unwrap()) == name)
                })
            })
        };
        for field in fields::FIELDS {
            assert_eq!(
                r.has_field(field.structure, field.name),
                declared(field.structure, field.name),
                "{version} {}.{}",
                field.structure,
                field.name
            );
        }
        for kind in ["structs", "exceptions"] {
            let changed = &f["idl_vs_ours"][kind]["changed"];
            for (structure, fs) in changed.as_object().into_iter().flatten() {
                for pair in fs.as_object().unwrap().values() {
                    if pair[1].is_null() {
                        let name = declared_name(pair[0].as_str().unwrap());
                        assert!(
                            !r.has_field(structure, name),
                            "{version} {structure}.{name}"
                        );
                    }
                }
            }
        }
    }
    let r = |v| Release::find(v).unwrap();
    assert!(r("1.2.9").has_field("CfDef", "populate_io_cache_on_flush"));
    assert!(!r("1.2.9").has_field("CfDef", "speculative_retry"));
    assert!(r("0.7.10").has_field("CfDef", "comment"));
}

#[test]
fn behaviours_follow_their_series() {
    let r = |v| Release::find(v).unwrap();
    assert!(r("0.7.10").does(Behaviour::KsDefReplicationFactor));
    assert!(r("1.0.12").does(Behaviour::KsDefReplicationFactor));
    assert!(!r("1.1.12").does(Behaviour::KsDefReplicationFactor));
    assert!(r("0.7.10").does(Behaviour::MessagesOf07));
    assert!(!r("0.8.10").does(Behaviour::SchemaOf07));
    assert!(r("1.1.12").does(Behaviour::Cql3BetaRows));
    assert!(r("1.1.12").does(Behaviour::Cql3BetaSchema));
    assert!(!r("1.0.12").does(Behaviour::Cql3BetaSchema));
    assert!(!r("1.2.9").does(Behaviour::Cql3BetaRows));
    assert!(r("0.8.10").does(Behaviour::KeyspacesInHashMapOrder));
    assert!(!r("1.0.12").does(Behaviour::KeyspacesInHashMapOrder));
    assert!(r("1.0.12").does(Behaviour::KeyspacesInNonBlockingHashMapOrder));
    assert!(r("2.2.19").does(Behaviour::KeyspacesInNonBlockingHashMapOrder));
    assert!(!r("1.2.9").does(Behaviour::TracesReplicatedTwice));
    assert!(r("2.0.17").does(Behaviour::TracesReplicatedTwice));
}

#[test]
fn behaviours_can_start_with_a_patch_release() {
    let r = |v| Release::find(v).unwrap();
    for b in [
        Behaviour::TruncateUnknownRefused,
        Behaviour::DropUnknownCfUnconfigured,
        Behaviour::SchemaKeyspacesGcGraceWeek,
    ] {
        assert!(!r("1.2.9").does(b), "{b:?}");
        assert!(r("1.2.19").does(b), "{b:?}");
        assert!(r("2.2.19").does(b), "{b:?}");
    }
    assert_eq!(r("1.2.19").numbers(), (1, 2, 19));
    assert_eq!(r("1.2.19").series(), (1, 2));
    assert!(r("1.2.19").does(Behaviour::TracesReplicatedTwice));
}
