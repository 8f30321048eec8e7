//! Applies one schema change to a snapshot, producing the next snapshot.
//!
//! Owns the checks that need the whole schema, in the order Cassandra 1.2's
//! Thrift handlers and `MigrationManager` made them (so the first error a
//! request hits is 1.2's): protected keyspaces, existence and duplicates,
//! index names across column families, compatibility with the definition
//! being replaced, and fresh column-family ids. The old snapshot is never
//! modified, so readers holding it keep a consistent view. It must not
//! touch disk (see [`super::store`]) or the engine.

use super::column_maps::GivenColumns;
use super::compaction_options::validate_compaction_options;
use super::index_options::composites_of_plain_names;
use super::spec::{CfSpec, KeyspaceSpec, SchemaChange};
use super::system19::{SYSTEM_AUTH_KEYSPACE, SYSTEM_TRACES_KEYSPACE};
use super::validate::*;
use super::Rules;
use super::{
    CfDef, CfOptions, KeyspaceDef, KeyspaceOrigin, Schema, FIRST_USER_CF_ID, SYSTEM_KEYSPACE,
};
pub use replacing::refused_on_apply;
use replacing::{check_compatible, names_reread};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// Why a schema change was refused. Every variant becomes a Thrift
/// `InvalidRequestException` whose `why` is the `Display` text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SchemaChangeError {
    /// Refused as Cassandra 1.2 refused it; the text is 1.2's message.
    /// (Keyspaces from the configuration file are changed like any other:
    /// the file only seeds the schema, see [`super::SchemaStore`].)
    #[error("{0}")]
    Invalid(String),
    /// What the release failed on the server (an exception it did not
    /// catch: the connection closed), in the words it would have logged.
    #[error("{0}")]
    FailsOnServer(String),
}

impl From<String> for SchemaChangeError {
    fn from(message: String) -> Self {
        SchemaChangeError::Invalid(message)
    }
}

type Result<T> = std::result::Result<T, SchemaChangeError>;

fn invalid<T>(message: impl Into<String>) -> Result<T> {
    Err(SchemaChangeError::Invalid(message.into()))
}

/// 1.2's `ThriftValidation.validateKeyspaceNotSystem` (add/update/drop keyspace).
fn not_system(keyspace: &str) -> Result<()> {
    if keyspace.eq_ignore_ascii_case(SYSTEM_KEYSPACE) {
        return invalid("system keyspace is not user-modifiable");
    }
    not_protected(keyspace)
}

/// 1.2's `ClientState.preventSystemKSSchemaModification`, which every
/// schema change went through.
fn not_protected(keyspace: &str) -> Result<()> {
    let lower = keyspace.to_lowercase();
    if lower == SYSTEM_KEYSPACE
        || lower == SYSTEM_TRACES_KEYSPACE
        || keyspace == SYSTEM_AUTH_KEYSPACE
    {
        return invalid(format!("{keyspace} keyspace is not user-modifiable."));
    }
    Ok(())
}

impl Schema {
    /// Validates `change` against this snapshot and returns the snapshot
    /// that results from it. `self` is left as it was.
    pub fn apply(&self, change: SchemaChange) -> Result<Schema> {
        self.apply_under(change, Rules::default())
    }

    /// [`Schema::apply`] under a later release's `rules`.
    pub fn apply_under(&self, change: SchemaChange, rules: Rules) -> Result<Schema> {
        let mut next = self.clone();
        match change {
            SchemaChange::AddKeyspace(spec) => next.add_keyspace(spec, rules)?,
            SchemaChange::UpdateKeyspace(spec) => next.update_keyspace(spec, rules)?,
            SchemaChange::DropKeyspace(name) => next.drop_keyspace(&name)?,
            SchemaChange::AddColumnFamily(spec) => next.add_cf(spec, rules)?,
            SchemaChange::UpdateColumnFamily(spec) => next.update_cf(spec, rules)?,
            SchemaChange::DropColumnFamily { keyspace, name } => next.drop_cf(&keyspace, &name)?,
            SchemaChange::SetUserType {
                keyspace,
                name,
                class,
            } => {
                if !next.keyspaces.contains_key(&keyspace) {
                    return invalid(format!("Keyspace {keyspace} does not exist"));
                }
                let types = next.user_types.entry(keyspace.clone()).or_default();
                match class {
                    Some(class) => {
                        types.insert(name, class);
                    }
                    None => {
                        types.remove(&name);
                    }
                }
                if types.is_empty() {
                    next.user_types.remove(&keyspace);
                }
            }
        }
        Ok(next)
    }

    fn keyspace_names_with_reserved(&self) -> impl Iterator<Item = &str> {
        self.keyspaces
            .keys()
            .map(String::as_str)
            .chain([SYSTEM_TRACES_KEYSPACE, SYSTEM_AUTH_KEYSPACE])
    }

    /// Index names of every column family except those named `exclude`
    /// (1.2 excluded same-named column families of every keyspace) and,
    /// under `rules`, those whose store the release never opened.
    fn index_names_except(&self, exclude: Option<&str>, rules: Rules) -> BTreeSet<String> {
        self.column_families()
            .filter(|cf| Some(cf.name.as_str()) != exclude)
            .filter(|cf| !(rules.plain_composites_unopened && composites_of_plain_names(cf)))
            .flat_map(|cf| cf.options.index_names())
            .map(str::to_string)
            .collect()
    }

    /// 1.2's `addDefaultIndexNames`: an index keeps the name it already
    /// has; an unnamed one gets `<cf>_<column>_idx`, made unique.
    fn name_indexes(&self, cf: &mut CfDef, rules: Rules) -> Result<()> {
        let old = self
            .cf(&cf.keyspace, &cf.name)
            .filter(|_| !rules.update_sets_index_names && !rules.update_takes_index_names);
        if let Some(old) = old {
            for c in cf.options.column_metadata.iter_mut() {
                if c.index_type.is_none() {
                    continue;
                }
                let Some(old_name) = old
                    .options
                    .column(&c.name)
                    .and_then(|o| o.index_name.clone())
                else {
                    continue;
                };
                match &c.index_name {
                    Some(new) if *new != old_name => {
                        return invalid(format!(
                            "Can't modify index name: was '{old_name}' changed to '{new}'."
                        ))
                    }
                    _ => c.index_name = Some(old_name),
                }
            }
        }
        // 0.7 named no index: its ColumnDefinition kept the name sent.
        if rules.update_sets_index_names {
            return Ok(());
        }
        let taken = match rules.default_index_names_repeat {
            true => BTreeSet::new(),
            false => self.index_names_except(None, rules),
        };
        // 2.0's `addDefaultIndexNames` named an index by the comparator's
        // `getString` of its column's name, whose MarshalException it did
        // not catch (its rebuild of a dense table had read no name).
        if rules.updates_keep_dense {
            for c in &cf.options.column_metadata {
                let comparator = cf.column_name_comparator(c.component_index);
                let words = super::name_words::get_string_refusal(&comparator, &c.name);
                if let (Some(_), None, Some(why)) = (c.index_type, &c.index_name, words) {
                    return Err(SchemaChangeError::FailsOnServer(why));
                }
            }
        }
        let names: Vec<Option<String>> = cf
            .options
            .column_metadata
            .iter()
            .map(|c| {
                (c.index_type.is_some() && c.index_name.is_none())
                    .then(|| default_index_name(cf, c, &taken))
            })
            .collect();
        for (c, name) in cf.options.column_metadata.iter_mut().zip(names) {
            if name.is_some() {
                c.index_name = name;
            }
        }
        Ok(())
    }

    /// An id no live column family has and no dropped one had. Seeded
    /// randomly rather than from the name, and never a retired id, so that
    /// a new column family never inherits a dropped one's files or
    /// commit-log entries.
    fn fresh_id(&self, also_taken: &BTreeSet<u32>) -> u32 {
        let seed = uuid::Uuid::new_v4();
        let b = seed.as_bytes();
        self.free_id_from(u32::from_be_bytes([b[0], b[1], b[2], b[3]]), also_taken)
    }

    /// The first usable id at or after `seed` (wrapped into the user range).
    pub(super) fn free_id_from(&self, seed: u32, also_taken: &BTreeSet<u32>) -> u32 {
        let span = (1u32 << 31) - FIRST_USER_CF_ID;
        let mut id = FIRST_USER_CF_ID + seed % span;
        while self.cf_by_id(id).is_some()
            || also_taken.contains(&id)
            || self.retired_cf_ids.contains(&id)
        {
            id = FIRST_USER_CF_ID + (id - FIRST_USER_CF_ID + 1) % span;
        }
        id
    }

    fn add_keyspace(&mut self, spec: KeyspaceSpec, rules: Rules) -> Result<()> {
        not_system(&spec.name)?;
        let name_free = || {
            match self
            .keyspace_names_with_reserved()
            .find(|k| k.eq_ignore_ascii_case(&spec.name))
        {
            Some(existing) => invalid(format!(
                "Keyspace names must be case-insensitively unique (\"{}\" conflicts with \"{existing}\")",
                spec.name
            )),
            None => Ok(()),
        }
        };
        if !rules.name_taken_after_strategy {
            name_free()?;
        }
        if let Some(cf) = spec.cf_defs.iter().find(|cf| cf.keyspace != spec.name) {
            return invalid(format!(
                "CfDef ({}) had a keyspace definition that did not match KsDef",
                cf.name
            ));
        }
        let mut cfs = Vec::with_capacity(spec.cf_defs.len());
        for cf_spec in &spec.cf_defs {
            let mut cf = cf_from_spec(cf_spec)?;
            self.name_indexes(&mut cf, rules)?;
            cfs.push(cf);
        }
        let strategy = keyspace_strategy(&spec, rules)?;
        // 0.7's AddKeyspace looked for the name once the definition was
        // built (its strategy class loaded).
        if rules.name_taken_after_strategy {
            name_free()?;
        }
        if !is_name_valid(&spec.name, rules) {
            return invalid(keyspace_name_error(&spec.name));
        }
        let options = spec.strategy_options.clone().unwrap_or_default();
        validate_strategy_options(&spec.name, &strategy, &options, rules)?;
        // Besides 1.2's per-CF rules: names and index names unique within the request.
        let mut seen_names = BTreeSet::new();
        let mut request_indexes = BTreeSet::new();
        // 0.7 to 1.1 kept the request's column families by name: one a
        // later one of its name replaces was checked, then lost.
        let replaced = |at: usize| {
            rules.ks_def_cfs_by_name && cfs[at + 1..].iter().any(|l| l.name == cfs[at].name)
        };
        for (at, cf) in cfs.iter().enumerate() {
            if replaced(at) {
                validate_cf(cf, &self.index_names_except(Some(&cf.name), rules), rules)?;
                continue;
            }
            let mut others = self.index_names_except(Some(&cf.name), rules);
            others.extend(request_indexes.iter().cloned());
            validate_cf(cf, &others, rules)?;
            if !seen_names.insert(cf.name.clone()) {
                return invalid(format!(
                    "Cannot add already existing column family \"{}\" to keyspace \"{}\"",
                    cf.name, spec.name
                ));
            }
            request_indexes.extend(
                cf.options
                    .indexed_columns()
                    .filter_map(|c| c.index_name.clone()),
            );
        }
        // The releases before 1.2 numbered the column families in the
        // request's order, then opened their indexes.
        for cf in &cfs {
            self.creation_ids.take(&spec.name, &cf.name);
        }
        if rules.cf_ids_after_highest {
            self.creation_ids.after_highest();
        }
        self.creation_ids.keyspace_read(&spec.name);
        self.creation_ids.keyspace_made(&spec.name);
        let indexes = (0..cfs.len())
            .filter(|&at| !replaced(at))
            .map(|at| cfs[at].options.indexed_columns().count());
        self.creation_ids.skip(indexes.sum());
        for (cf, cf_spec) in cfs.iter().zip(&spec.cf_defs) {
            let order = hashed_order(cf_spec);
            self.column_maps
                .created(rules.column_maps, cf, given_columns(cf_spec, &order));
        }
        let mut ids = BTreeSet::new();
        let mut defs = BTreeMap::new();
        for mut cf in cfs {
            cf.id = self.fresh_id(&ids);
            ids.insert(cf.id);
            defs.insert(cf.name.clone(), Arc::new(cf));
        }
        let ks = dynamic_keyspace(&spec, strategy, options, defs);
        self.keyspaces.insert(spec.name.clone(), ks);
        Ok(())
    }

    fn update_keyspace(&mut self, spec: KeyspaceSpec, rules: Rules) -> Result<()> {
        // (0.7 and 0.8 looked the name up as sent: `System` is no keyspace.)
        if !rules.system_keyspace_updates {
            not_system(&spec.name)?;
        }
        let Some(old) = self.keyspaces.get(&spec.name) else {
            return invalid(format!("Keyspace {} does not exist", spec.name));
        };
        if !spec.cf_defs.is_empty() {
            return invalid("Keyspace update must not contain any column family definitions.");
        }
        let strategy = keyspace_strategy(&spec, rules)?;
        if !is_name_valid(&spec.name, rules) {
            return invalid(keyspace_name_error(&spec.name));
        }
        let options = spec.strategy_options.clone().unwrap_or_default();
        validate_strategy_options(&spec.name, &strategy, &options, rules)?;
        let mut ks = dynamic_keyspace(&spec, strategy, options, old.cfs.clone());
        // A keyspace seeded from the config file keeps saying so.
        ks.origin = old.origin;
        self.keyspaces.insert(spec.name.clone(), ks);
        Ok(())
    }

    fn drop_keyspace(&mut self, name: &str) -> Result<()> {
        not_system(name)?;
        if !self.keyspaces.contains_key(name) {
            return invalid(format!("Cannot drop non existing keyspace '{name}'."));
        }
        self.creation_ids.forget_keyspace(name);
        self.column_maps.forget_keyspace(name);
        self.user_types.remove(name);
        if let Some(gone) = self.keyspaces.remove(name) {
            self.retired_cf_ids
                .extend(gone.cfs.values().map(|cf| cf.id));
        }
        Ok(())
    }

    fn add_cf(&mut self, spec: CfSpec, rules: Rules) -> Result<()> {
        let takes_system = rules.system_cf_adds || spec.system_keyspace_taken;
        if !(takes_system && spec.keyspace == SYSTEM_KEYSPACE) {
            not_protected(&spec.keyspace)?;
        }
        let mut cf = cf_from_spec(&spec)?;
        names_read_as_built(&cf, rules)?;
        validate_compaction_options(&cf.options, rules)?;
        self.name_indexes(&mut cf, rules)?;
        validate_cf(&cf, &self.index_names_except(Some(&cf.name), rules), rules)?;
        let Some(ks) = self.keyspaces.get(&cf.keyspace) else {
            return invalid(format!(
                "Cannot add column family '{}' to non existing keyspace '{}'.",
                cf.name, cf.keyspace
            ));
        };
        if ks.cfs.contains_key(&cf.name) {
            return invalid(format!(
                "Cannot add already existing column family \"{}\" to keyspace \"{}\"",
                cf.name, cf.keyspace
            ));
        }
        cf.id = self.fresh_id(&BTreeSet::new());
        self.creation_ids.take(&cf.keyspace, &cf.name);
        if rules.cf_ids_after_highest {
            self.creation_ids.after_highest();
        }
        self.creation_ids.skip(cf.options.indexed_columns().count());
        let order = hashed_order(&spec);
        self.column_maps
            .created(rules.column_maps, &cf, given_columns(&spec, &order));
        let ks = self
            .keyspaces
            .get_mut(&spec.keyspace)
            .expect("checked above");
        ks.cfs.insert(cf.name.clone(), Arc::new(cf));
        Ok(())
    }

    fn update_cf(&mut self, spec: CfSpec, rules: Rules) -> Result<()> {
        let Some(old) = self.cf(&spec.keyspace, &spec.name).cloned() else {
            return invalid("Could not find column family definition to modify.");
        };
        not_protected(&spec.keyspace)?;
        let mut cf = cf_from_spec(&spec)?;
        // Thrift knows nothing of the indexes on key columns either.
        if spec.key_indexes.is_none() {
            cf.options.key_indexes = old.options.key_indexes.clone();
        }
        // Nor of the columns CQL dropped.
        if spec.dropped_columns.is_none() {
            cf.options.dropped_columns = old.options.dropped_columns.clone();
        }
        // 2.0's `CFMetaData.fromThriftForUpdate` kept a dense table's
        // clustering column, so the definition rebuilt was dense (compact)
        // and read no declared name: `validate` refused it instead.
        // (2.0 kept it so through later updates: `updates_keep_dense`.)
        let dense = thrift_dense(&old) || old.options.dense_kept;
        let rules = Rules {
            names_refused_in_type_words: rules.names_refused_in_type_words && !dense,
            counter_kinds_unchecked: spec.counter_kinds_unchecked,
            ..rules
        };
        // ... and the table stayed dense whatever the update declared (the
        // same 2.0 rule; 2.1 on rebuilt it from what the update said).
        cf.options.dense_kept = dense && rules.updates_keep_dense;
        names_read_as_built(&cf, rules)?;
        validate_compaction_options(&cf.options, rules)?;
        self.name_indexes(&mut cf, rules)?;
        validate_cf(&cf, &self.index_names_except(Some(&cf.name), rules), rules)?;
        check_compatible(&old, &cf, rules)?;
        names_reread(&old, &cf, rules)?;
        // Thrift knows nothing of CQL3 aliases: an update without them keeps them.
        let o = &mut cf.options;
        if o.key_aliases.is_empty() && !rules.update_sets_key_alias {
            o.key_aliases = old.options.key_aliases.clone();
        }
        // (Thrift's single `key_alias`; a CQL rename replaced the name.)
        if rules.key_aliases_by_hash_order && spec.key_aliases.is_none() {
            o.key_aliases = alias_iterated_last(&old, &o.key_aliases);
        }
        if o.column_aliases.is_empty() {
            o.column_aliases = old.options.column_aliases.clone();
        }
        if o.value_alias.is_none() {
            o.value_alias = old.options.value_alias.clone();
        }
        if rules.live_aliases_kept {
            live_aliases_kept(&old.options, o);
        }
        cf.id = old.id;
        // A new index opened its index column family, which took an id.
        let new_indexes = cf.options.indexed_columns().filter(|c| {
            old.options
                .column(&c.name)
                .is_none_or(|o| o.index_type.is_none())
        });
        let new_key_indexes = cf.options.key_indexes.iter().filter(|c| {
            !old.options
                .key_indexes
                .iter()
                .any(|o| o.name == c.name && o.index_name == c.index_name)
        });
        self.creation_ids
            .skip(new_indexes.count() + new_key_indexes.count());
        self.column_maps.updated(rules.column_maps, &old, &cf);
        let ks = self
            .keyspaces
            .get_mut(&spec.keyspace)
            .expect("checked above");
        ks.cfs.insert(cf.name.clone(), Arc::new(cf));
        Ok(())
    }

    fn drop_cf(&mut self, keyspace: &str, name: &str) -> Result<()> {
        not_protected(keyspace)?;
        let Some(ks) = self.keyspaces.get_mut(keyspace) else {
            return invalid(format!(
                "Cannot drop non existing column family '{name}' in keyspace '{keyspace}'."
            ));
        };
        if !ks.cfs.contains_key(name) {
            return invalid(format!(
                "Cannot drop non existing column family '{name}' in keyspace '{keyspace}'."
            ));
        }
        if let Some(gone) = ks.cfs.remove(name) {
            self.retired_cf_ids.insert(gone.id);
        }
        self.creation_ids.forget_cf(keyspace, name);
        self.column_maps.forget_cf(keyspace, name);
        Ok(())
    }
}

/// The names of columns a definition gave in a `HashMap`, in the order
/// it was filled.
fn hashed_order(spec: &CfSpec) -> Vec<Vec<u8>> {
    match (&spec.column_metadata, spec.columns_in_hash_map) {
        (Some(columns), true) => columns.iter().map(|c| c.name.clone()).collect(),
        _ => Vec::new(),
    }
}

/// How `spec` gave its columns: CQL 2's in a `HashMap`, a CfDef's in a
/// sorted map, or none at all (0.8 and 1.0 then made an empty `HashMap`).
fn given_columns<'a>(spec: &CfSpec, order: &'a [Vec<u8>]) -> GivenColumns<'a> {
    if spec.columns_in_hash_map || spec.column_metadata.is_none() {
        GivenColumns::Hashed(order)
    } else {
        GivenColumns::Sorted
    }
}

/// 1.2's `KSMetaData.fromThrift` strategy resolution (0.7 took
/// `LocalStrategy` as any other class).
fn keyspace_strategy(spec: &KeyspaceSpec, rules: Rules) -> Result<String> {
    let class = resolve_strategy_class(&spec.strategy_class)?;
    if class.ends_with(".LocalStrategy") && !rules.local_strategy_taken {
        return invalid(
            "Unable to use given strategy class: LocalStrategy is reserved for internal use.",
        );
    }
    Ok(class)
}

fn dynamic_keyspace(
    spec: &KeyspaceSpec,
    strategy: String,
    strategy_options: BTreeMap<String, String>,
    cfs: BTreeMap<String, Arc<CfDef>>,
) -> KeyspaceDef {
    // The 0.6 view of the keyspace: SimpleStrategy's factor, or the sum of
    // a NetworkTopologyStrategy's per-datacenter factors.
    let replication_factor = match strategy_options.get("replication_factor") {
        Some(rf) => rf.parse().unwrap_or(1),
        None => strategy_options
            .values()
            .filter_map(|v| v.parse::<i32>().ok())
            .sum(),
    };
    KeyspaceDef {
        name: spec.name.clone(),
        replica_placement_strategy: strategy,
        replication_factor,
        endpoint_snitch: "org.apache.cassandra.locator.SimpleSnitch".to_string(),
        cfs,
        strategy_options,
        durable_writes: spec.durable_writes.unwrap_or(true),
        origin: KeyspaceOrigin::Dynamic,
    }
}

/// Whether a Thrift column family's table was dense (2.0's
/// `CFMetaData.calculateIsDense`): a clustering column for each component
/// of its comparator, or no column declared.
fn thrift_dense(cf: &CfDef) -> bool {
    let o = &cf.options;
    let components = cf.comparator.components().map_or(1, |c| c.len());
    if !o.column_aliases.is_empty() {
        return o.column_aliases.len() == components;
    }
    o.column_metadata.is_empty()
        && !cf.comparator.components().is_some_and(|c| {
            c.len() == 1 && c[0].class_name() == "org.apache.cassandra.db.marshal.UTF8Type"
        })
}

/// 1.2.17 to 1.2.19: the update's aliases go to the schema tables only
/// (`stored_aliases`, none when they are the live ones); the live
/// definition keeps `old`'s.
fn live_aliases_kept(old: &CfOptions, new: &mut CfOptions) {
    let written = new.aliases();
    let live = old.aliases();
    new.stored_aliases = (written != live).then_some(written);
    new.set_aliases(live);
}

/// The key's name after a 2.0 or 2.1 update sent `sent` (its key aliases,
/// else the table's kept): a single alias other than the table's (the
/// implicit `key` when it has none) joined it among the columns, and the
/// one a `HashMap` of them iterates last names the key.
fn alias_iterated_last(old: &CfDef, sent: &[Vec<u8>]) -> Vec<Vec<u8>> {
    let kept = &old.options.key_aliases;
    let ([new], [] | [_]) = (sent, kept.as_slice()) else {
        return sent.to_vec();
    };
    let was: &[u8] = kept.first().map_or(b"key", Vec::as_slice);
    if was == new.as_slice() {
        return sent.to_vec();
    }
    use super::javaorder::{buffer_hash, grown_capacity, iteration_order};
    // The table's columns: its declared ones, both key columns and a dense
    // table's clustering column and value.
    let capacity = grown_capacity(old.options.column_metadata.len() + 4);
    let order = iteration_order(&[buffer_hash(was), buffer_hash(new)], capacity);
    match order.last() {
        Some(0) => kept.clone(),
        _ => sent.to_vec(),
    }
}

mod replacing;
#[cfg(test)]
mod tests;
