//! What an application meets going from one release to another, computed
//! from the definitions the emulation runs on ([`Release`], the method and
//! feature tables): API version, Thrift methods, features, native protocol
//! versions, CQL 3 version, stock defaults, the system keyspace's column
//! families, the column types, the struct fields declared, the behaviours that applied and
//! the refusals' words; across a span, the upgrade path and what releases between had
//! (`span`). A pure function over the data; printing it is the `release-diff` command's
//! business.
//!
//! What the emulation applies as code in a front end rather than holds as
//! data here (exception texts beyond [`Behaviour`]) is not compared.

use super::fields::FIELDS;
use super::span::{on_the_way, upgrade_path, wording_changes};
use super::span::{OnTheWay, WordingChange};
use super::types::TYPES;
use super::{Behaviour, Feature, Release, ThriftGeneration};

/// Members of a set one release had and the other lacked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetChange<T> {
    /// In the later-named release only, in the definitions' order.
    pub added: Vec<T>,
    /// In the first-named release only, in the definitions' order.
    pub removed: Vec<T>,
}

impl<T: PartialEq + Copy> SetChange<T> {
    fn between(from: &[T], to: &[T]) -> Self {
        SetChange {
            added: to.iter().filter(|x| !from.contains(x)).copied().collect(),
            removed: from.iter().filter(|x| !to.contains(x)).copied().collect(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty()
    }
}

/// A value that differs between the two releases.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Changed<T> {
    pub from: T,
    pub to: T,
}

fn changed<T: PartialEq>(from: T, to: T) -> Option<Changed<T>> {
    (from != to).then_some(Changed { from, to })
}

/// One setting of the stock configuration file that differs, named as
/// `cassandra.yaml` names it, valued as text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SettingChange {
    pub setting: &'static str,
    pub from: String,
    pub to: String,
}

/// A field of an API 19.x struct.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructField {
    pub structure: &'static str,
    pub name: &'static str,
}

/// The differences from release `from` to release `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReleaseDiff {
    pub from: &'static str,
    pub to: &'static str,
    /// What `describe_version` answers.
    pub thrift_api: Option<Changed<&'static str>>,
    /// The Thrift API generation changes (0.6's 2.2.0 against 19.x): a
    /// method of the same name takes other arguments.
    pub generation_changed: bool,
    pub methods: SetChange<&'static str>,
    pub features: SetChange<Feature>,
    pub native_versions: SetChange<u8>,
    /// The CQL 3 version reported (`None`: no CQL 3).
    pub cql3_version: Option<Changed<Option<&'static str>>>,
    pub defaults: Vec<SettingChange>,
    pub system_cfs: SetChange<&'static str>,
    /// The column types (`org.apache.cassandra.db.marshal`) a schema call
    /// may name.
    pub types: SetChange<&'static str>,
    /// Struct fields one release declared and the other did not (between
    /// two 19.x releases only: across the generations every struct differs).
    pub fields: SetChange<StructField>,
    /// Behaviours that start (`added`) or stop (`removed`) applying.
    pub behaviours: SetChange<Behaviour>,
    /// Refusals worded otherwise.
    pub wordings: Vec<WordingChange>,
    /// The releases an upgrade goes through, both ends included (empty:
    /// a downgrade, which Cassandra did not support).
    pub path: Vec<&'static str>,
    /// What a release between had that neither end had.
    pub on_the_way: OnTheWay,
}

impl ReleaseDiff {
    /// Nothing an application could tell apart in what is compared.
    pub fn is_empty(&self) -> bool {
        self.thrift_api.is_none()
            && !self.generation_changed
            && self.methods.is_empty()
            && self.features.is_empty()
            && self.native_versions.is_empty()
            && self.cql3_version.is_none()
            && self.defaults.is_empty()
            && self.system_cfs.is_empty()
            && self.types.is_empty()
            && self.fields.is_empty()
            && self.behaviours.is_empty()
            && self.wordings.is_empty()
            && self.on_the_way == OnTheWay::default()
    }
}

/// The differences an application meets going from `from` to `to`.
pub fn diff(from: &'static Release, to: &'static Release) -> ReleaseDiff {
    let features =
        |r: &Release| -> Vec<Feature> { Feature::ALL.into_iter().filter(|&f| r.has(f)).collect() };
    ReleaseDiff {
        from: from.version,
        to: to.version,
        thrift_api: changed(from.thrift_api, to.thrift_api),
        generation_changed: from.generation != to.generation,
        methods: SetChange::between(&from.thrift_methods(), &to.thrift_methods()),
        features: SetChange::between(&features(from), &features(to)),
        native_versions: SetChange::between(from.native_versions, to.native_versions),
        cql3_version: changed(from.cql3_version, to.cql3_version),
        defaults: default_changes(from, to),
        system_cfs: SetChange::between(from.system_cfs, to.system_cfs),
        types: SetChange::between(&types(from), &types(to)),
        fields: field_changes(from, to),
        behaviours: SetChange::between(&behaviours(from), &behaviours(to)),
        wordings: wording_changes(from, to),
        path: upgrade_path(from, to),
        on_the_way: on_the_way(from, to),
    }
}

fn types(r: &Release) -> Vec<&'static str> {
    TYPES
        .iter()
        .map(|&(name, _)| name)
        .filter(|name| r.has_type(name))
        .collect()
}

fn behaviours(r: &Release) -> Vec<Behaviour> {
    Behaviour::ALL
        .iter()
        .copied()
        .filter(|&b| r.does(b))
        .collect()
}

/// The listed fields each release declared, compared when both speak 19.x.
fn field_changes(from: &Release, to: &Release) -> SetChange<StructField> {
    let both_19 = [from, to]
        .iter()
        .all(|r| r.generation == ThriftGeneration::Api19);
    if !both_19 {
        return SetChange::between(&[], &[]);
    }
    let declared = |r: &Release| {
        let mut out: Vec<StructField> = Vec::new();
        for f in FIELDS.iter().filter(|f| r.has_field(f.structure, f.name)) {
            let field = StructField {
                structure: f.structure,
                name: f.name,
            };
            // A field that came back is listed twice.
            if !out.contains(&field) {
                out.push(field);
            }
        }
        out
    };
    SetChange::between(&declared(from), &declared(to))
}

/// The stock settings that differ, in `cassandra.yaml`'s names.
fn default_changes(from: &Release, to: &Release) -> Vec<SettingChange> {
    let settings = |r: &Release| {
        let d = &r.defaults;
        [
            ("cluster_name", d.cluster_name.to_string()),
            ("partitioner", d.partitioner.to_string()),
            // No num_tokens in the stock file: one token.
            ("num_tokens", d.num_tokens.unwrap_or(1).to_string()),
            ("endpoint_snitch", d.snitch.to_string()),
            ("start_rpc", d.start_rpc.to_string()),
        ]
    };
    settings(from)
        .into_iter()
        .zip(settings(to))
        .filter(|(a, b)| a.1 != b.1)
        .map(|((setting, from), (_, to))| SettingChange { setting, from, to })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(version: &str) -> &'static Release {
        Release::find(version).unwrap()
    }

    #[test]
    fn a_release_against_itself_differs_in_nothing() {
        for rel in crate::release::RELEASES {
            let d = diff(rel, rel);
            assert!(d.is_empty(), "{}: {d:?}", rel.version);
        }
    }

    #[test]
    fn from_1_0_to_1_2() {
        let d = diff(r("1.0.12"), r("1.2.9"));
        assert_eq!(
            d.thrift_api,
            Some(Changed {
                from: "19.20.0",
                to: "19.36.0"
            })
        );
        assert!(!d.generation_changed);
        assert_eq!(
            d.methods.added,
            [
                "get_paged_slice",
                "atomic_batch_mutate",
                "describe_token_map",
                "trace_next_query",
                "describe_splits_ex",
                "execute_cql3_query",
                "prepare_cql_query",
                "prepare_cql3_query",
                "execute_prepared_cql_query",
                "execute_prepared_cql3_query",
                "set_cql_version",
            ]
        );
        assert!(d.methods.removed.is_empty());
        assert_eq!(
            d.features.added,
            [
                Feature::Cql3,
                Feature::AtomicBatches,
                Feature::NativeProtocol
            ]
        );
        assert!(d.features.removed.is_empty());
        assert_eq!(d.native_versions.added, [1]);
        assert_eq!(
            d.cql3_version,
            Some(Changed {
                from: None,
                to: Some("3.0.5")
            })
        );
        assert_eq!(
            d.defaults,
            [SettingChange {
                setting: "partitioner",
                from: "org.apache.cassandra.dht.RandomPartitioner".into(),
                to: "org.apache.cassandra.dht.Murmur3Partitioner".into(),
            }]
        );
        assert_eq!(d.system_cfs.added, ["hints", "schema_keyspaces"]);
        assert_eq!(d.system_cfs.removed, ["Versions"]);
    }

    /// Going back is the same differences the other way round.
    #[test]
    fn the_reverse_swaps_added_and_removed() {
        let releases = crate::release::RELEASES;
        for a in releases {
            for b in releases {
                let there = diff(a, b);
                let back = diff(b, a);
                assert_eq!(there.methods.added, back.methods.removed);
                assert_eq!(there.features.added, back.features.removed);
                assert_eq!(there.native_versions.removed, back.native_versions.added);
                assert_eq!(there.system_cfs.added, back.system_cfs.removed);
                assert_eq!(there.fields.added, back.fields.removed);
                assert_eq!(there.behaviours.added, back.behaviours.removed);
                assert_eq!(there.defaults.len(), back.defaults.len());
                assert_eq!(there.is_empty(), std::ptr::eq(a, b));
            }
        }
    }

    #[test]
    fn features_dropped_and_defaults_changed() {
        // 1.1's CQL 3 beta is gone in 1.2; 2.2 drops CQL 2 and start_rpc.
        let d = diff(r("1.1.12"), r("2.2.19"));
        assert_eq!(d.features.removed, [Feature::Cql2, Feature::Cql3Beta]);
        assert!(d.features.added.contains(&Feature::Cas));
        assert_eq!(d.native_versions.added, [1, 2, 3, 4]);
        let settings: Vec<&str> = d.defaults.iter().map(|s| s.setting).collect();
        assert_eq!(settings, ["partitioner", "num_tokens", "start_rpc"]);
        assert_eq!(d.defaults[1].to, "256");
        assert_eq!(d.defaults[2].from, "true");
        // 2.2 still declared execute_cql_query: no method is removed.
        assert!(d.methods.removed.is_empty());
        let d = diff(r("2.0.17"), r("2.1.22"));
        assert_eq!(d.thrift_api, None);
        assert_eq!(d.methods.added, ["get_multi_slice"]);
        assert_eq!(d.system_cfs.removed, ["NodeIdInfo"]);
    }

    #[test]
    fn across_the_api_generations() {
        let d = diff(r("0.6.8"), r("0.7.10"));
        assert!(d.generation_changed);
        assert!(d.methods.removed.contains(&"get_range_slice"));
        assert!(d.methods.added.contains(&"set_keyspace"));
        assert!(!d.methods.added.contains(&"get"));
        assert_eq!(
            d.features.added,
            [
                Feature::SchemaOverThrift,
                Feature::SecondaryIndexes,
                Feature::Ttl
            ]
        );
    }

    fn names(fields: &[StructField]) -> Vec<String> {
        fields
            .iter()
            .map(|f| format!("{}.{}", f.structure, f.name))
            .collect()
    }

    #[test]
    fn the_memtable_fields_go_with_1_0_and_come_back_with_1_1() {
        let memtable = [
            "CfDef.memtable_flush_after_mins",
            "CfDef.memtable_throughput_in_mb",
            "CfDef.memtable_operations_in_millions",
        ];
        let d = diff(r("0.7.10"), r("1.0.12"));
        assert_eq!(names(&d.fields.removed), memtable);
        assert!(names(&d.fields.added).contains(&"CfDef.compaction_strategy".to_string()));
        assert!(names(&d.fields.added).contains(&"KsDef.durable_writes".to_string()));
        let d = diff(r("1.0.12"), r("1.1.12"));
        assert_eq!(
            names(&d.fields.added),
            [
                memtable[0],
                memtable[1],
                memtable[2],
                "CfDef.caching",
                "CfDef.dclocal_read_repair_chance",
                "KeyRange.row_filter",
            ]
        );
        assert!(d.fields.removed.is_empty());
        // Across the API generations the structs are not compared.
        assert!(diff(r("0.6.8"), r("0.7.10")).fields.is_empty());
    }

    #[test]
    fn behaviours_start_and_stop() {
        let d = diff(r("0.7.10"), r("0.8.10"));
        assert_eq!(
            d.behaviours.removed,
            [
                Behaviour::TruncateUnknownUnavailable,
                Behaviour::SchemaOf07,
                Behaviour::MessagesOf07,
                Behaviour::FramingFromConfig,
                Behaviour::UpdateSetsIndexNames,
                Behaviour::IndexNamesPerColumnFamily,
                Behaviour::BatchOfNoListsWithoutKeyspace,
                Behaviour::ColumnsInCopiedHashMap,
                Behaviour::CoscBothMembersTaken,
                Behaviour::SystemCfAddsTaken,
                Behaviour::LocalStrategyTaken,
            ]
        );
        assert_eq!(
            d.behaviours.added,
            [
                Behaviour::TruncateFlushesAll,
                Behaviour::CompactsFlushes,
                Behaviour::UpdateSetsKeyAlias,
                Behaviour::ColumnsInKeptMap,
                Behaviour::DynamicCompositeMixedTypesFail,
                Behaviour::DefaultIndexNamesRepeat,
                Behaviour::MemtableSettingsChecked08,
                Behaviour::StrategyConstructorFailsOnServer,
                Behaviour::UpdateKindsUnchecked,
                Behaviour::CounterStampsInMillis,
                Behaviour::DeletedCountersCountOn,
            ]
        );
        let d = diff(r("1.2.9"), r("1.0.12"));
        assert_eq!(
            d.behaviours.added,
            [
                Behaviour::KsDefReplicationFactor,
                Behaviour::SchemaVersionsOfMigrations,
                Behaviour::TruncateFlushesAllQueued,
                Behaviour::CompactsFlushes,
                Behaviour::CompactionThresholdsAsSent,
                Behaviour::CountOfUnknownCfFails,
                Behaviour::UpdateSetsKeyAlias,
                Behaviour::BigIntegerTokens,
                Behaviour::ScanAtAny,
                Behaviour::NoLz4Compressor,
                Behaviour::EmptyCompressorRefused,
                Behaviour::UpdateCompressionFailsInternally,
                Behaviour::ColumnsInKeptMap,
                Behaviour::CfIdsAfterHighest,
                Behaviour::NegativeCacheSizeFails,
                Behaviour::ComparatorsMustMatch,
                Behaviour::DefaultIndexNamesRepeat,
                Behaviour::StoreKeepsCompactionThresholds,
                Behaviour::SystemDataWritable,
                Behaviour::IndexedValidatorsFree,
                Behaviour::UpdateConversionFailsInternally,
                Behaviour::RowListSizedByCount,
                Behaviour::NamesOfAnyLength,
                Behaviour::TruncateOfDroppedKeyspaceTimesOut,
                Behaviour::TruncateTimeoutUnavailable,
                Behaviour::ShortDecimalSubNamesFail,
                Behaviour::KsDefCfsKeptByName,
                Behaviour::StrategyConstructorFailsOnServer,
                Behaviour::LongSliceStartFailsRead,
                Behaviour::ZeroBloomFilterFpChanceTaken,
            ]
        );
    }
}
