//! Schema changes as the node makes them: validated by `Schema::apply`,
//! persisted by the `SchemaStore`, then handed to the backend, all under the
//! store's lock; and the schema version the node reports for them (a digest,
//! or before 1.1 the last migration's id). It must not know how a front end
//! asked for the change.
//!
//! After a change: the news of it (`notices`, for the native protocol's
//! events) and the prepared statements it makes a release forget
//! (`forget_prepared`).

mod forget_prepared;
pub mod notices;

use self::forget_prepared::Touched;
use super::{Node, NodeError, NodeResult};
use crate::schema::SchemaChange;
use std::sync::Arc;

impl Node {
    /// Validates, persists and applies one schema change; returns the new
    /// schema version. On failure the schema, its file and the engine are
    /// as they were.
    pub fn change_schema(&self, change: SchemaChange) -> NodeResult<String> {
        let store = self.schema_store.lock();
        let old = self.backend.schema();
        let notice = notices::SchemaNotice::of(&change);
        let drops = matches!(
            change,
            SchemaChange::DropKeyspace(_) | SchemaChange::DropColumnFamily { .. }
        );
        let touched = Touched::of(&change);
        let next = old
            .apply_under(change, self.schema_rules())
            .map_err(schema_refusal)?;
        store
            .save(&next)
            .map_err(|e| NodeError::Internal(e.to_string()))?;
        let version = next.version();
        let next = Arc::new(next);
        if let Err(e) = self.backend.update_schema(next.clone()) {
            // The backend refused before touching anything: put the file back.
            if let Err(undo) = store.save(&old) {
                tracing::error!(error = %undo, "cannot restore the schema file");
            }
            return Err(e);
        }
        if let Some(touched) = touched {
            self.forget_prepared(touched, &old, &next);
        }
        self.notices.announce(notice);
        if drops {
            self.keep_drop_flush()?;
        }
        if !self.versions_by_migration() {
            return Ok(version.to_string());
        }
        let millis = self.cql_clock.next_timestamp() / 1000;
        let id = uuid::Uuid::from_bytes(self.cql_clock.with_uuids(|g| g.next(millis)));
        *self.migration_id.lock() = Some(id);
        Ok(id.to_string())
    }

    /// Whether `change` would be taken, the schema left as it is (a release
    /// that checked a whole request before taking part of it).
    pub fn check_schema_change(&self, change: SchemaChange) -> NodeResult<()> {
        self.backend
            .schema()
            .apply_under(change, self.schema_rules())
            .map(|_| ())
            .map_err(schema_refusal)
    }

    /// The schema version the node reports: the schema's digest
    /// ([`Schema::version`]), or, answering as a release before 1.1, the
    /// last migration's id (a fresh node's: the time UUID of zero).
    pub fn schema_version(&self) -> uuid::Uuid {
        if !self.versions_by_migration() {
            return self.schema().version();
        }
        self.migration_id
            .lock()
            .unwrap_or(uuid::Uuid::from_u64_pair(0x1000, 0))
    }

    /// The schema rules of the release answered as, where it changed 1.2's.
    pub(crate) fn schema_rules(&self) -> crate::schema::Rules {
        crate::schema::Rules {
            composites_without_prefix_size: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompositesWithoutPrefixSize)),
            composites_take_entries_option: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompositesTakeEntriesOption)),
            composites_any_options: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompositesAnyOptions)),
            plain_composites_unopened: self.release.is_some_and(|r| {
                r.does(crate::release::Behaviour::CompositesIndexOfPlainNamesFails)
            }),
            thresholds_as_sent: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompactionThresholdsAsSent)),
            update_sets_key_alias: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::UpdateSetsKeyAlias)),
            key_aliases_by_hash_order: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::KeyAliasesKeptByHashOrder)),
            live_aliases_kept: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::LiveAliasesKept)),
            update_sets_index_names: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::UpdateSetsIndexNames)),
            index_names_per_cf: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::IndexNamesPerColumnFamily)),
            default_index_names_repeat: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::DefaultIndexNamesRepeat)),
            update_takes_index_names: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::UpdateTakesIndexNames)),
            unknown_compaction_options_refused: self.release.is_some_and(|r| {
                r.does(crate::release::Behaviour::UnknownCompactionOptionsRefused)
            }),
            cold_reads_to_omit: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::ColdReadsToOmit)),
            compaction_option_words_of_2_0: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompactionOptionWordsOf20)),
            compaction_switches_checked: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CompactionSwitchesChecked)),
            cold_reads_to_omit_range_checked: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::ColdReadsToOmitRangeChecked)),
            date_tiered: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::DateTieredCompaction)),
            date_tiered_reads_size_tiered: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::DateTieredReadsSizeTiered)),
            time_window: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::TimeWindowCompaction)),
            column_maps: self.column_map_rule(),
            cf_ids_after_highest: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::CfIdsAfterHighest)),
            comparators_must_match: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::ComparatorsMustMatch)),
            system_cf_adds: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::SystemCfAddsTaken)),
            indexed_validators_free: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::IndexedValidatorsFree)),
            strategy_constructor_words: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::StrategyConstructorWords)),
            unknown_strategy_options_refused: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::UnknownStrategyOptionsRefused)),
            names_read_by_get_string: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::NamesReadByGetString)),
            names_refused_in_type_words: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::NamesRefusedInTypeWords)),
            updates_keep_dense: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::UpdatesKeepDense)),
            names_reread_by_new_comparator: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::NamesRereadByNewComparator)),
            local_strategy_taken: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::LocalStrategyTaken)),
            names_any_length: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::NamesOfAnyLength)),
            system_keyspace_updates: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::SystemKeyspaceUpdatesTaken)),
            replication_factor_unchecked: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::SchemaOf07)),
            name_taken_after_strategy: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::SchemaOf07)),
            ks_def_cfs_by_name: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::KsDefCfsKeptByName)),
            // a change's own (`CfSpec::counter_kinds_unchecked`), no release's
            counter_kinds_unchecked: false,
            zero_bloom_fp_chance_taken: self
                .release
                .is_some_and(|r| r.does(crate::release::Behaviour::ZeroBloomFilterFpChanceTaken)),
        }
    }

    /// The map the release kept a column family's columns in.
    fn column_map_rule(&self) -> crate::schema::ColumnMapRule {
        use crate::release::Behaviour;
        use crate::schema::ColumnMapRule;
        match self.release {
            Some(r) if r.does(Behaviour::ColumnsInCopiedHashMap) => ColumnMapRule::Copied,
            // 1.0's Avro ColumnDef had `index_options`.
            Some(r) if r.does(Behaviour::ColumnsInKeptMap) => ColumnMapRule::Kept {
                index_options: r.at_least(1, 0),
            },
            Some(r) if r.does(Behaviour::ColumnsInLiveHashMap) => ColumnMapRule::Live,
            _ => ColumnMapRule::Untracked,
        }
    }

    fn versions_by_migration(&self) -> bool {
        self.release
            .is_some_and(|r| r.does(crate::release::Behaviour::SchemaVersionsOfMigrations))
    }

    /// Takes the next column family creation id for no column family (see
    /// [`crate::schema::creation::CreationIds::spend`]); the schema's
    /// version stays.
    pub fn spend_creation_id(&self) -> NodeResult<u32> {
        let _store = self.schema_store.lock();
        let mut next = (*self.backend.schema()).clone();
        let id = next.creation_ids.spend();
        self.backend.update_schema(Arc::new(next))?;
        Ok(id)
    }

    /// Gives back `count` column family creation ids counted for indexes
    /// the release never opened (see
    /// [`crate::schema::creation::CreationIds::give_back`]).
    pub fn give_back_creation_ids(&self, count: usize) -> NodeResult<()> {
        if count == 0 {
            return Ok(());
        }
        let _store = self.schema_store.lock();
        let mut next = (*self.backend.schema()).clone();
        next.creation_ids.give_back(count);
        self.backend.update_schema(Arc::new(next))
    }
}

/// The node's error for a schema change the schema refused.
fn schema_refusal(e: crate::schema::SchemaChangeError) -> NodeError {
    use crate::schema::SchemaChangeError;
    match e {
        SchemaChangeError::Invalid(why) => NodeError::Invalid(why),
        SchemaChangeError::FailsOnServer(why) => NodeError::FailedOnServer(why),
    }
}
