//! The options a secondary index's definition may carry, checked as the
//! release answered as checked them (`SecondaryIndex.validateOptions`).
//!
//! Owns the per-type option rules and the choice between 1.2's and 2.0's
//! ([`Rules`], picked by the caller: the schema knows no release). It must
//! not look at anything but one column's index type and options.

use super::javaorder::{iteration_order, sized_capacity, string_hash};
use super::IndexType;
use std::collections::BTreeMap;

/// The schema rules a later release changed, which the caller picks for
/// the release it answers as; the default is 1.2's.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Rules {
    /// 2.0 on: a COMPOSITES index takes no option (`prefix_size`, 1.2's
    /// one, skipped), where 1.2 required an integer `prefix_size`.
    pub composites_without_prefix_size: bool,
    /// 2.2: a collection's COMPOSITES index skips `index_keys_and_values`
    /// too (its ENTRIES index), beside `index_keys` and `index_values`.
    pub composites_take_entries_option: bool,
    /// 3.0 on: a COMPOSITES index of a CfDef takes whatever options it
    /// carries (a legacy index's options were taken as given).
    pub composites_any_options: bool,
    /// 1.2 and 2.0: a COMPOSITES index of a column family of plain names
    /// never opened, and index names were taken from the opened stores
    /// only: such a column family's index names are free for others.
    pub plain_composites_unopened: bool,
    /// 0.7 to 1.0: the compaction thresholds were checked on the CfDef as
    /// the call sent it (by the caller), never on the definition made.
    pub thresholds_as_sent: bool,
    /// 0.8 to 1.1: an update set the key alias from the CfDef, an unsent
    /// one clearing it (1.2 kept the old aliases).
    pub update_sets_key_alias: bool,
    /// 2.0 and 2.1: an update's key alias joined the table's, the one a
    /// Java `HashMap` iterated last naming the key.
    pub key_aliases_by_hash_order: bool,
    /// 1.2.17 to 1.2.19: an update's aliases reached the schema tables
    /// only; the live definition kept its own (see
    /// `CfOptions::stored_aliases`).
    pub live_aliases_kept: bool,
    /// 0.7: an index's name is the one its CfDef sent, in an add or an
    /// update (an index sent unnamed has none; a renamed index renamed).
    pub update_sets_index_names: bool,
    /// 0.7: an index name was checked among its column family's own
    /// only, not every column family's.
    pub index_names_per_cf: bool,
    /// 0.8 to 1.1: an unnamed index was named `<cf>_<column>_idx` as it
    /// was (`CFMetaData.getDefaultIndexName`), taken or not; 1.2 made the
    /// name unique.
    pub default_index_names_repeat: bool,
    /// 3.0 on: an update's indexes were its CfDef's, named as sent (a
    /// renamed index renamed), an unnamed one named anew past every index
    /// name of the keyspace, the column family's own old ones too.
    pub update_takes_index_names: bool,
    /// 2.0 to 2.2: compaction options the strategy does not read are
    /// refused (`Properties specified [..] are not understood by ..`; 1.2's
    /// Thrift took them).
    pub unknown_compaction_options_refused: bool,
    /// 2.0 and 2.1: SizeTiered (and Leveled) read `cold_reads_to_omit`.
    pub cold_reads_to_omit: bool,
    /// 2.0.3 on: the bucket options refused in 2.0's words, and Leveled
    /// checked SizeTiered's options after its own.
    pub compaction_option_words_of_2_0: bool,
    /// 2.0.9 on: `enabled` and `unchecked_tombstone_compaction` must be
    /// `true` or `false`.
    pub compaction_switches_checked: bool,
    /// 2.0.3 to 2.1.4: `cold_reads_to_omit` must be from 0.0 to 1.0.
    pub cold_reads_to_omit_range_checked: bool,
    /// 2.0.11 on: `DateTieredCompactionStrategy` exists.
    pub date_tiered: bool,
    /// 2.1 and 2.2: DateTiered also read SizeTiered's options and
    /// `max_window_size_seconds` (2.0's read its own alone).
    pub date_tiered_reads_size_tiered: bool,
    /// 3.0.8 on: `TimeWindowCompactionStrategy` exists.
    pub time_window: bool,
    /// 0.7 to 1.0: the map a column family kept its columns in (see
    /// [`super::column_maps`]).
    pub column_maps: super::column_maps::ColumnMapRule,
    /// 0.7 to 1.0: a column family or keyspace added set the id counter
    /// after the highest live id (`CFMetaData.fixMaxId`, 1.0's
    /// `Schema.fixCFMaxId`), before its indexes were opened.
    pub cf_ids_after_highest: bool,
    /// 0.7 to 1.0: an update's comparator and subcomparator must be the
    /// column family's own (`CFMetaData.apply`), not merely compatible.
    pub comparators_must_match: bool,
    /// 0.7: a column family may be added to the `system` keyspace.
    pub system_cf_adds: bool,
    /// 0.7 to 1.0: an update may change an indexed column's validator to
    /// an incompatible one (`CFMetaData.apply` set it as sent).
    pub indexed_validators_free: bool,
    /// 2.0.15 on: a strategy constructor's refusal in its own words (1.2
    /// said `Error constructing replication strategy class`).
    pub strategy_constructor_words: bool,
    /// 2.0 on: a keyspace's strategy option its strategy does not
    /// recognize is refused (1.2 logged it and went on).
    pub unknown_strategy_options_refused: bool,
    /// 1.1 and 1.2: a declared column name was read by the comparator's
    /// `getString` before it was validated (see [`super::name_words`]).
    pub names_read_by_get_string: bool,
    /// 2.0: such a name was refused in its type's own words
    /// (`CFMetaData.rebuild`: `Expected 8 or 0 byte long (16)`).
    pub names_refused_in_type_words: bool,
    /// 2.0: a Thrift update kept a dense table's clustering column (the
    /// table stayed dense whatever the update declared), and named its new
    /// indexes by the comparator's `getString`, failing on the server on a
    /// name the comparator could not read.
    pub updates_keep_dense: bool,
    /// 1.2 to 2.2: an update's column names were stored in the old
    /// comparator's words and read back by the new one's, failing on the
    /// server where it could not read them.
    pub names_reread_by_new_comparator: bool,
    /// 0.7: a keyspace may use `LocalStrategy` (0.8 on reserved it).
    pub local_strategy_taken: bool,
    /// 0.7 to 1.0: a keyspace or column family name is any word, however
    /// long (1.1 on: at most 48 characters).
    pub names_any_length: bool,
    /// 0.7 and 0.8: the `system` keyspace may be updated.
    pub system_keyspace_updates: bool,
    /// 0.7 to 1.1: a KsDef's column families kept by name, the last of a
    /// name replacing the earlier (each took a creation id).
    pub ks_def_cfs_by_name: bool,
    /// 0.7: a keyspace's name found taken only once its definition was
    /// built (the strategy class loaded).
    pub name_taken_after_strategy: bool,
    /// 0.7: a keyspace's replication factor taken whatever it is (no
    /// check of its sign).
    pub replication_factor_unchecked: bool,
    /// This change was built without `CFMetaData.validate`, so a column
    /// of the other kind than its family (counter or plain) and a counter
    /// key validator were taken (0.8 and 1.0's CQL 2 ALTER COLUMNFAMILY,
    /// 0.8's Thrift update): set from the change's own
    /// `CfSpec::counter_kinds_unchecked`, never by a release.
    pub counter_kinds_unchecked: bool,
    /// Before 1.2.1: a `bloom_filter_fp_chance` of 0 was taken as sent
    /// (1.2.1's `CFMetaData.validate` refused it).
    pub zero_bloom_fp_chance_taken: bool,
}

/// Whether `cf` is a Standard column family of plain (not composite)
/// names with a COMPOSITES index: one 1.2 and 2.0 could not open.
pub fn composites_of_plain_names(cf: &super::CfDef) -> bool {
    !cf.is_super()
        && !cf.comparator.class_name().contains("CompositeType")
        && cf
            .options
            .indexed_columns()
            .any(|c| c.index_type == Some(IndexType::Composites))
}

/// One column's index options, `Err` holding the release's message.
#[cfg(test)]
fn validate(
    index_type: IndexType,
    options: Option<&BTreeMap<String, String>>,
    rules: Rules,
) -> Result<(), String> {
    validate_column(index_type, options, rules, false)
}

/// The options of an index on a column, `collection` when its values are
/// a (non-frozen) collection: 2.1's `CompositesIndex.validateOptions`
/// skipped `index_keys` and `index_values` of those, which its CREATE
/// INDEX recorded.
pub(super) fn validate_column(
    index_type: IndexType,
    options: Option<&BTreeMap<String, String>>,
    rules: Rules,
    collection: bool,
) -> Result<(), String> {
    match index_type {
        IndexType::Keys => Ok(()),
        IndexType::Custom => {
            let class = options
                .and_then(|o| o.get("class_name"))
                .ok_or_else(|| "Required index option missing: class_name".to_string())?;
            // 1.2 loaded the class here; no Java class can be loaded by this server.
            Err(format!("Unable to find custom indexer class '{class}'"))
        }
        IndexType::Composites if rules.composites_any_options => Ok(()),
        IndexType::Composites if rules.composites_without_prefix_size => {
            unknown_composites_options(
                options.map(|o| o.keys().map(String::as_str).collect()),
                collection,
                collection && rules.composites_take_entries_option,
            )
        }
        IndexType::Composites => {
            // 1.2 failed with a NullPointerException when options were absent.
            let prefix = options
                .and_then(|o| o.get("prefix_size"))
                .ok_or_else(|| "Missing option prefix_size".to_string())?;
            prefix.parse::<i32>().map(|_| ()).map_err(|_| {
                format!("Invalid non integer value for option prefix_size (got '{prefix}')")
            })
        }
    }
}

/// 2.0's rule: the options but `prefix_size` must be none. They are named
/// as Java printed the key set of the `HashMap` copied from the column's
/// options (sized for all of them), `prefix_size` removed (and a
/// collection's `index_keys` / `index_values`, and from 2.2 `entries`:
/// its `index_keys_and_values`).
fn unknown_composites_options(
    keys: Option<Vec<&str>>,
    collection: bool,
    entries: bool,
) -> Result<(), String> {
    let keys = keys.unwrap_or_default();
    let hashes: Vec<i32> = keys.iter().map(|k| string_hash(k)).collect();
    // `new HashMap<>(m)`: a table for `m.size() / 0.75 + 1` entries.
    let capacity = sized_capacity(keys.len() * 4 / 3 + 1);
    let unknown: Vec<&str> = iteration_order(&hashes, capacity)
        .into_iter()
        .map(|i| keys[i])
        .filter(|k| *k != "prefix_size")
        .filter(|k| !(collection && (*k == "index_keys" || *k == "index_values")))
        .filter(|k| !(entries && *k == "index_keys_and_values"))
        .collect();
    if unknown.is_empty() {
        return Ok(());
    }
    Err(format!(
        "Unknown options provided for COMPOSITES index: [{}]",
        unknown.join(", ")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    const OF_2_0: Rules = Rules {
        composites_without_prefix_size: true,
        composites_take_entries_option: false,
        composites_any_options: false,
        plain_composites_unopened: true,
        thresholds_as_sent: false,
        update_sets_key_alias: false,
        key_aliases_by_hash_order: false,
        live_aliases_kept: false,
        update_sets_index_names: false,
        index_names_per_cf: false,
        default_index_names_repeat: false,
        update_takes_index_names: false,
        unknown_compaction_options_refused: false,
        cold_reads_to_omit: false,
        compaction_option_words_of_2_0: false,
        compaction_switches_checked: false,
        cold_reads_to_omit_range_checked: false,
        date_tiered: false,
        date_tiered_reads_size_tiered: false,
        time_window: false,
        column_maps: super::super::column_maps::ColumnMapRule::Untracked,
        cf_ids_after_highest: false,
        comparators_must_match: false,
        system_cf_adds: false,
        indexed_validators_free: false,
        strategy_constructor_words: false,
        unknown_strategy_options_refused: false,
        names_read_by_get_string: false,
        names_refused_in_type_words: false,
        updates_keep_dense: false,
        names_reread_by_new_comparator: false,
        local_strategy_taken: false,
        names_any_length: false,
        system_keyspace_updates: false,
        ks_def_cfs_by_name: false,
        name_taken_after_strategy: false,
        replication_factor_unchecked: false,
        counter_kinds_unchecked: false,
        zero_bloom_fp_chance_taken: false,
    };
    const OF_3_0: Rules = Rules {
        composites_without_prefix_size: false,
        composites_take_entries_option: false,
        composites_any_options: true,
        plain_composites_unopened: false,
        thresholds_as_sent: false,
        update_sets_key_alias: false,
        key_aliases_by_hash_order: false,
        live_aliases_kept: false,
        update_sets_index_names: false,
        index_names_per_cf: false,
        default_index_names_repeat: false,
        update_takes_index_names: false,
        unknown_compaction_options_refused: false,
        cold_reads_to_omit: false,
        compaction_option_words_of_2_0: false,
        compaction_switches_checked: false,
        cold_reads_to_omit_range_checked: false,
        date_tiered: false,
        date_tiered_reads_size_tiered: false,
        time_window: false,
        column_maps: super::super::column_maps::ColumnMapRule::Untracked,
        cf_ids_after_highest: false,
        comparators_must_match: false,
        system_cf_adds: false,
        indexed_validators_free: false,
        strategy_constructor_words: false,
        unknown_strategy_options_refused: false,
        names_read_by_get_string: false,
        names_refused_in_type_words: false,
        updates_keep_dense: false,
        names_reread_by_new_comparator: false,
        local_strategy_taken: false,
        names_any_length: false,
        system_keyspace_updates: false,
        ks_def_cfs_by_name: false,
        name_taken_after_strategy: false,
        replication_factor_unchecked: false,
        counter_kinds_unchecked: false,
        zero_bloom_fp_chance_taken: false,
    };

    #[test]
    fn composites_took_any_options_from_3_0() {
        let c = IndexType::Composites;
        for o in [
            options(&[]),
            options(&[("prefix_size", "x"), ("other", "1")]),
        ] {
            assert_eq!(validate(c, Some(&o), OF_3_0), Ok(()));
        }
        assert_eq!(validate(c, None, OF_3_0), Ok(()));
    }

    #[test]
    fn composites_needed_an_integer_prefix_size_in_1_2() {
        let c = IndexType::Composites;
        let none = options(&[]);
        let bad = options(&[("prefix_size", "x")]);
        let good = options(&[("prefix_size", "1")]);
        let rules = Rules::default();
        assert_eq!(
            validate(c, Some(&none), rules),
            Err("Missing option prefix_size".into())
        );
        assert_eq!(
            validate(c, None, rules),
            Err("Missing option prefix_size".into())
        );
        assert_eq!(
            validate(c, Some(&bad), rules),
            Err("Invalid non integer value for option prefix_size (got 'x')".into())
        );
        assert_eq!(validate(c, Some(&good), rules), Ok(()));
    }

    #[test]
    fn composites_take_no_option_from_2_0() {
        let c = IndexType::Composites;
        assert_eq!(validate(c, None, OF_2_0), Ok(()));
        assert_eq!(validate(c, Some(&options(&[])), OF_2_0), Ok(()));
        // 1.2's option is skipped, whatever its value.
        let old = options(&[("prefix_size", "x")]);
        assert_eq!(validate(c, Some(&old), OF_2_0), Ok(()));
        let other = options(&[("prefix_size", "1"), ("foo", "1")]);
        assert_eq!(
            validate(c, Some(&other), OF_2_0),
            Err("Unknown options provided for COMPOSITES index: [foo]".into())
        );
        // Java's HashMap order of a table of 4: "aa" (3104, bucket 0), "b" (98, bucket 2).
        let two = options(&[("b", "1"), ("aa", "1")]);
        assert_eq!(
            validate(c, Some(&two), OF_2_0),
            Err("Unknown options provided for COMPOSITES index: [aa, b]".into())
        );
    }

    #[test]
    fn a_collections_entries_option_is_taken_from_2_2() {
        let c = IndexType::Composites;
        let entries = options(&[("index_keys_and_values", "")]);
        let of_2_2 = Rules {
            composites_take_entries_option: true,
            ..OF_2_0
        };
        assert_eq!(validate_column(c, Some(&entries), of_2_2, true), Ok(()));
        let refused =
            Err("Unknown options provided for COMPOSITES index: [index_keys_and_values]".into());
        // 2.1's collection index knew keys and values only
        assert_eq!(validate_column(c, Some(&entries), OF_2_0, true), refused);
        // and no column but a collection skips it
        assert_eq!(validate_column(c, Some(&entries), of_2_2, false), refused);
        let keys = options(&[("index_keys", "")]);
        assert_eq!(validate_column(c, Some(&keys), OF_2_0, true), Ok(()));
    }

    #[test]
    fn keys_take_any_options_and_custom_needs_a_class() {
        let any = options(&[("foo", "1")]);
        for rules in [Rules::default(), OF_2_0] {
            assert_eq!(validate(IndexType::Keys, Some(&any), rules), Ok(()));
            assert_eq!(
                validate(IndexType::Custom, Some(&any), rules),
                Err("Required index option missing: class_name".into())
            );
        }
    }

    #[test]
    fn an_unopened_index_leaves_its_name_free_in_1_2_and_2_0() {
        use crate::schema::{CfSpec, ColumnSpec, KeyspaceSpec, Schema, SchemaChange};
        let indexed = |ks: &str, comparator: &str, index_type| CfSpec {
            comparator_type: Some(comparator.to_string()),
            column_metadata: Some(vec![ColumnSpec {
                name: b"birth".to_vec(),
                validation_class: Some("LongType".to_string()),
                index_type: Some(index_type),
                ..ColumnSpec::default()
            }]),
            ..CfSpec::new(ks, "Idx")
        };
        let keyspace = |ks: &str, cf: CfSpec| {
            SchemaChange::AddKeyspace(KeyspaceSpec {
                cf_defs: vec![cf],
                ..KeyspaceSpec::simple(ks, 1)
            })
        };
        let name_in = |schema: &Schema, ks: &str| {
            let cf = schema.cf(ks, "Idx").expect("made");
            let column = cf.options.indexed_columns().next().expect("indexed");
            column.index_name.clone().expect("named")
        };
        let xml = include_str!("../../storage-conf.xml");
        let config = crate::config::Config::from_xml(xml, "storage-conf.xml").expect("the repo's");
        let fresh = Schema::from_config(&config).expect("the repo's schema");
        for (rules, second) in [(OF_2_0, "Idx_birth_idx"), (OF_3_0, "Idx_birth_idx_1")] {
            let first = fresh
                .apply_under(
                    keyspace("a", indexed("a", "UTF8Type", IndexType::Composites)),
                    rules,
                )
                .expect("a COMPOSITES index without options");
            let next = first
                .apply_under(
                    keyspace("b", indexed("b", "UTF8Type", IndexType::Keys)),
                    rules,
                )
                .expect("a KEYS index");
            assert_eq!(name_in(&next, "b"), second);
        }
    }
}
