//! The ids Cassandra 0.7 to 1.1 gave column families: one node-wide
//! counter, from 1000, taken in the order column families were created.
//!
//! Those releases showed the id in `describe_keyspace(s)` and wanted it back
//! in `system_update_column_family` (a different one was refused, or in 1.1
//! broke the column family). The counter counted every column family the
//! node created, those later dropped included, and one more for each
//! secondary index (its hidden index column family took the next id when
//! the indexed column family was opened). At start-up it began again after
//! the highest id of a live column family, and the indexes opened then took
//! the ids after it; 0.7 to 1.0 began again so after each column family or
//! keyspace added too ([`CreationIds::after_highest`], chosen by the
//! schema's rules). The system column families had fixed ids below 1000
//! (see [`super::system_old`]).
//!
//! Owns that counter and the id of every live user column family, and
//! the user keyspaces made and dropped since the start (the map 1.0 to
//! 3.11 kept keyspaces in ordered them by that history: a dropped one
//! kept its slot, see [`super::nonblocking`]); the schema carries it ([`super::Schema::creation_ids`]) and
//! [`super::SchemaStore`] persists it. It must not decide how a release
//! shows or checks the id (the Thrift front end's business), nor touch the
//! stable ids files and the commit log use ([`super::CfDef::id`]).

use super::{KeyspaceDef, KeyspaceOrigin};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The first id the counter gave: the ones below were kept for the system
/// column families.
pub const FIRST_CREATION_ID: u32 = 1000;

/// The counter and the ids it gave the live column families.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreationIds {
    /// The id the next column family gets (0 before the first start).
    /// Not persisted: every start computes it again, as the real node did.
    #[serde(skip)]
    next: u32,
    /// Keyspace, then column family name, to its id.
    ids: BTreeMap<String, BTreeMap<String, u32>>,
    /// By keyspace, the highest id among the column families read in one
    /// go with it: those it was created with, or all it had at start-up
    /// (Cassandra 3.x listed those by name, the ones added later after
    /// them). Not persisted: every start reads them all again.
    #[serde(skip)]
    read_together: BTreeMap<String, u32>,
    /// The user keyspaces made and dropped since the start, in order (at
    /// a start: the live ones, by name). Not persisted.
    #[serde(skip)]
    keyspace_history: Vec<KeyspaceChange>,
}

/// A user keyspace made or dropped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeyspaceChange {
    pub name: String,
    /// Made (else dropped).
    pub made: bool,
    /// When, in milliseconds since the Unix epoch (0: at the start).
    pub at_ms: u64,
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl CreationIds {
    /// The id the column family `cf` of `keyspace` got, if it is a live
    /// user column family.
    pub fn id(&self, keyspace: &str, cf: &str) -> Option<u32> {
        self.ids.get(keyspace)?.get(cf).copied()
    }

    /// Whether the column family `cf` of `keyspace` was read in one go
    /// with its keyspace (see `read_together`).
    pub fn read_with_keyspace(&self, keyspace: &str, cf: &str) -> bool {
        match (self.id(keyspace, cf), self.read_together.get(keyspace)) {
            (Some(id), Some(&last)) => id <= last,
            _ => false,
        }
    }

    /// The column families `keyspace` has now were read in one go with it
    /// (its creation, or a start).
    pub(super) fn keyspace_read(&mut self, keyspace: &str) {
        match self.ids.get(keyspace).and_then(|cfs| cfs.values().max()) {
            Some(&last) => self.read_together.insert(keyspace.to_string(), last),
            None => self.read_together.remove(keyspace),
        };
    }

    /// The user keyspaces made and dropped since the start, in order.
    pub fn keyspace_history(&self) -> &[KeyspaceChange] {
        &self.keyspace_history
    }

    /// A user keyspace made now.
    pub(super) fn keyspace_made(&mut self, keyspace: &str) {
        self.keyspace_history.push(KeyspaceChange {
            name: keyspace.to_string(),
            made: true,
            at_ms: now_ms(),
        });
    }

    /// The id the next column family created gets.
    pub fn next(&self) -> u32 {
        self.next.max(FIRST_CREATION_ID)
    }

    /// No live column family has an id (nothing to persist).
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Gives the column family `cf` of `keyspace` the next id.
    pub(super) fn take(&mut self, keyspace: &str, cf: &str) -> u32 {
        let id = self.next();
        self.next = id + 1;
        self.ids
            .entry(keyspace.to_string())
            .or_default()
            .insert(cf.to_string(), id);
        id
    }

    /// The counter set after the highest live id, 1000 at least (0.7's
    /// `CFMetaData.fixMaxId`, 1.0's `Schema.fixCFMaxId`, run when a column
    /// family or keyspace was added): ids of dropped column families and
    /// ids spent without one are given again.
    pub(super) fn after_highest(&mut self) {
        self.next = self
            .highest()
            .map_or(FIRST_CREATION_ID, |h| (h + 1).max(FIRST_CREATION_ID));
    }

    /// One id taken for no column family: Cassandra 1.0 built a whole
    /// definition for an update that named no id, which took one, before
    /// refusing it for naming none. Returns the id taken.
    pub fn spend(&mut self) -> u32 {
        let id = self.next();
        self.next = id + 1;
        id
    }

    /// `count` ids taken by index column families (never shown).
    pub(super) fn skip(&mut self, count: usize) {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        self.next = self.next().saturating_add(count);
    }

    /// `count` ids counted for index column families given back: the
    /// release's store failed before it opened those indexes, so they
    /// took none (never below the ids given out before them).
    pub fn give_back(&mut self, count: usize) {
        let count = u32::try_from(count).unwrap_or(u32::MAX);
        let floor = self.highest().map_or(FIRST_CREATION_ID, |h| h + 1);
        self.next = self.next().saturating_sub(count).max(floor);
    }

    fn highest(&self) -> Option<u32> {
        self.ids
            .values()
            .flat_map(|cfs| cfs.values())
            .max()
            .copied()
    }

    /// A dropped column family: its id is not given again.
    pub(super) fn forget_cf(&mut self, keyspace: &str, cf: &str) {
        if let Some(cfs) = self.ids.get_mut(keyspace) {
            cfs.remove(cf);
            if cfs.is_empty() {
                self.ids.remove(keyspace);
            }
        }
    }

    /// A dropped keyspace, with all its column families.
    pub(super) fn forget_keyspace(&mut self, keyspace: &str) {
        self.ids.remove(keyspace);
        self.read_together.remove(keyspace);
        self.keyspace_history.push(KeyspaceChange {
            name: keyspace.to_string(),
            made: false,
            at_ms: now_ms(),
        });
    }

    /// The counter as the node had it after starting with `keyspaces`:
    /// ids of column families gone from them are forgotten, column families
    /// without one (from a configuration file, or a schema file written
    /// before the ids were kept) get one in name order, the counter starts
    /// after the highest, and every index opened takes one more.
    pub(super) fn started<'a>(&mut self, keyspaces: impl IntoIterator<Item = &'a KeyspaceDef>) {
        let users: Vec<&KeyspaceDef> = keyspaces
            .into_iter()
            .filter(|k| k.origin != KeyspaceOrigin::System)
            .collect();
        let mut kept: BTreeMap<String, BTreeMap<String, u32>> = BTreeMap::new();
        for ks in &users {
            for name in ks.cfs.keys() {
                if let Some(id) = self.id(&ks.name, name) {
                    kept.entry(ks.name.clone())
                        .or_default()
                        .insert(name.clone(), id);
                }
            }
        }
        self.ids = kept;
        let highest = self.ids.values().flat_map(|cfs| cfs.values()).max();
        self.next = highest.map_or(FIRST_CREATION_ID, |h| (h + 1).max(FIRST_CREATION_ID));
        for ks in &users {
            for name in ks.cfs.keys() {
                if self.id(&ks.name, name).is_none() {
                    self.take(&ks.name, name);
                }
            }
        }
        self.read_together.clear();
        for ks in &users {
            self.keyspace_read(&ks.name);
        }
        let mut names: Vec<&String> = users.iter().map(|ks| &ks.name).collect();
        names.sort();
        self.keyspace_history = names
            .into_iter()
            .map(|name| KeyspaceChange {
                name: name.clone(),
                made: true,
                at_ms: 0,
            })
            .collect();
        let indexes = users
            .iter()
            .flat_map(|k| k.cfs.values())
            .map(|cf| cf.options.indexed_columns().count())
            .sum();
        self.skip(indexes);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::{CfDef, ColumnDef, IndexType};

    fn cf(ks: &str, name: &str, indexes: usize) -> CfDef {
        let bytes = parse_type("BytesType").unwrap();
        let mut cf = CfDef::new(ks, name, 1, bytes.clone(), None);
        for i in 0..indexes {
            let mut c = ColumnDef::plain(vec![b'c', i as u8], bytes.clone());
            c.index_type = Some(IndexType::Keys);
            cf.options.column_metadata.push(c);
        }
        cf
    }

    #[test]
    fn knows_the_column_families_read_with_their_keyspace() {
        let mut ids = CreationIds::default();
        ids.take("K", "B");
        ids.take("K", "A");
        ids.keyspace_read("K");
        ids.take("K", "Later");
        assert!(ids.read_with_keyspace("K", "A") && ids.read_with_keyspace("K", "B"));
        assert!(!ids.read_with_keyspace("K", "Later"));
        assert!(!ids.read_with_keyspace("K", "Unknown"));
        ids.forget_keyspace("K");
        assert!(!ids.read_with_keyspace("K", "A"));
    }

    #[test]
    fn keeps_the_keyspaces_made_and_dropped_since_the_start() {
        let mut ids = CreationIds::default();
        ids.started([&KeyspaceDef::new("B", []), &KeyspaceDef::new("A", [])]);
        ids.keyspace_made("C");
        ids.forget_keyspace("A");
        let history: Vec<(&str, bool)> = ids
            .keyspace_history()
            .iter()
            .map(|c| (c.name.as_str(), c.made))
            .collect();
        assert_eq!(
            history,
            [("A", true), ("B", true), ("C", true), ("A", false)]
        );
        assert!(ids.keyspace_history()[2].at_ms > 0);
        ids.started([&KeyspaceDef::new("C", [])]);
        assert_eq!(ids.keyspace_history().len(), 1);
    }

    #[test]
    fn counts_every_creation_and_index_dropped_or_not() {
        let mut ids = CreationIds::default();
        assert_eq!(ids.take("K", "Users"), 1000);
        ids.skip(2);
        assert_eq!(ids.take("K", "Notes"), 1003);
        ids.forget_cf("K", "Notes");
        assert_eq!(ids.take("K", "Hits"), 1004);
        assert_eq!(ids.id("K", "Notes"), None);
        assert_eq!(ids.id("K", "Users"), Some(1000));
        ids.forget_keyspace("K");
        assert!(ids.id("K", "Users").is_none());
        assert_eq!(ids.next(), 1005);
    }

    #[test]
    fn a_start_resumes_after_the_highest_live_id_and_opens_the_indexes() {
        let mut ids = CreationIds::default();
        ids.take("K", "A");
        ids.take("K", "B");
        ids.take("K", "Gone");
        let ks = KeyspaceDef::new("K", [cf("K", "A", 2), cf("K", "B", 0), cf("K", "New", 0)]);
        ids.started([&ks]);
        assert_eq!(ids.id("K", "A"), Some(1000));
        assert_eq!(ids.id("K", "B"), Some(1001));
        assert_eq!(ids.id("K", "Gone"), None);
        // New (seeded without an id) after B; then A's two indexes.
        assert_eq!(ids.id("K", "New"), Some(1002));
        assert_eq!(ids.next(), 1005);
    }

    #[test]
    fn a_fresh_node_starts_at_1000() {
        let mut ids = CreationIds::default();
        ids.started([]);
        assert_eq!(ids.next(), FIRST_CREATION_ID);
        assert!(ids.ids.is_empty());
    }
}
