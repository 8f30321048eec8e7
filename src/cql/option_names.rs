//! The table property names each release's CQL 3 `CFPropDefs` knew (its
//! keywords) and ignored (its obsolete keywords), and which unknown name
//! it refused: `PropertyDefinitions.validate` walked the statement's
//! properties as its `HashMap<String, Object>` iterated them and named the
//! first it knew neither way; 3.x's `TableAttributes` did the same with
//! its `TableParams.Option`s. Names only (and the properties without the
//! ignored ones); `options` and 3.x's `tableprops3x` read the values.

use super::ast::Property;
use crate::schema::javaorder::string_hashmap_order;

/// Whose `CFPropDefs` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vocabulary {
    /// 1.2's: no TTL, index interval, retry or flush period yet; the
    /// CQL 3 beta's compaction and compression names ignored.
    V12,
    /// 2.0's.
    V20,
    /// 2.1's and 2.2's: `min_index_interval`, `max_index_interval` and
    /// `id` added; `index_interval`, `replicate_on_write` and
    /// `populate_io_cache_on_flush` ignored.
    V21,
    /// 3.0's `TableAttributes`: the `TableParams.Option`s and `id`; none
    /// ignored any more.
    V30,
    /// 3.8's on: `cdc` added.
    V38,
}

/// 3.x's `TableParams.Option`s in their declaration order, which is the
/// order `TableAttributes.build` read the values in.
pub const TABLE_PARAMS: [&str; 15] = [
    "bloom_filter_fp_chance",
    "caching",
    "comment",
    "compaction",
    "compression",
    "dclocal_read_repair_chance",
    "default_time_to_live",
    "extensions",
    "gc_grace_seconds",
    "max_index_interval",
    "memtable_flush_period_in_ms",
    "min_index_interval",
    "read_repair_chance",
    "speculative_retry",
    "crc_check_chance",
];

const COMMON: [&str; 7] = [
    "comment",
    "read_repair_chance",
    "dclocal_read_repair_chance",
    "gc_grace_seconds",
    "caching",
    "bloom_filter_fp_chance",
    "compaction",
];

const V12_MORE: [&str; 3] = [
    "replicate_on_write",
    "populate_io_cache_on_flush",
    "compression",
];

const V20_MORE: [&str; 7] = [
    "replicate_on_write",
    "populate_io_cache_on_flush",
    "compression",
    "default_time_to_live",
    "index_interval",
    "speculative_retry",
    "memtable_flush_period_in_ms",
];

const V21_MORE: [&str; 7] = [
    "compression",
    "default_time_to_live",
    "min_index_interval",
    "max_index_interval",
    "speculative_retry",
    "memtable_flush_period_in_ms",
    "id",
];

const V12_OBSOLETE: [&str; 6] = [
    "compaction_strategy_class",
    "compaction_strategy_options",
    "min_compaction_threshold",
    "max_compaction_threshold",
    "compaction_parameters",
    "compression_parameters",
];

/// 3.x's table parameters the engine keeps nothing of.
const UNKEPT_3X: [&str; 2] = ["crc_check_chance", "cdc"];

const V21_OBSOLETE: [&str; 3] = [
    "index_interval",
    "replicate_on_write",
    "populate_io_cache_on_flush",
];

impl Vocabulary {
    /// The lists of release `(major, minor, patch)`; `None` before 1.2's
    /// CQL 3, where the engine's own apply judges.
    pub fn of_release(release: (u32, u32, u32)) -> Option<Vocabulary> {
        match (release.0, release.1) {
            (1, 2) => Some(Vocabulary::V12),
            (2, 0) => Some(Vocabulary::V20),
            (2, 1) | (2, 2) => Some(Vocabulary::V21),
            (3, minor) if minor >= 8 => Some(Vocabulary::V38),
            (3, _) => Some(Vocabulary::V30),
            _ => None,
        }
    }

    /// Whether the release knew `name` as a property.
    pub fn knows(self, name: &str) -> bool {
        let more: &[&str] = match self {
            Vocabulary::V12 => &V12_MORE,
            Vocabulary::V20 => &V20_MORE,
            Vocabulary::V21 => &V21_MORE,
            Vocabulary::V30 => return TABLE_PARAMS.contains(&name) || name == "id",
            Vocabulary::V38 => return Vocabulary::V30.knows(name) || name == "cdc",
        };
        COMMON.contains(&name) || more.contains(&name)
    }

    /// Whether the release took `name` and ignored it (with a warning in
    /// its log).
    pub fn ignores(self, name: &str) -> bool {
        match self {
            Vocabulary::V12 => V12_OBSOLETE.contains(&name),
            Vocabulary::V20 | Vocabulary::V30 | Vocabulary::V38 => false,
            Vocabulary::V21 => V21_OBSOLETE.contains(&name),
        }
    }

    /// `props` without those the release ignored.
    pub fn without_ignored(self, props: &[Property]) -> Vec<Property> {
        props
            .iter()
            .filter(|p| !self.ignores(&p.name))
            .cloned()
            .collect()
    }

    /// Whether the release took `name` for a table parameter the engine
    /// keeps nothing of: 3.x's `crc_check_chance` (a table option from 3.0,
    /// no longer a compression one) and 3.8's `cdc`. The release judged the
    /// value (`tableprops3x`); the emulation checks no checksums and keeps
    /// no change-data log, so reads answer alike.
    pub fn unkept(self, name: &str) -> bool {
        matches!(self, Vocabulary::V30 | Vocabulary::V38)
            && self.knows(name)
            && UNKEPT_3X.contains(&name)
    }

    /// `props` without those the release ignored or the engine keeps
    /// nothing of ([`Vocabulary::unkept`]).
    pub fn without_ignored_or_unkept(self, props: &[Property]) -> Vec<Property> {
        props
            .iter()
            .filter(|p| !self.ignores(&p.name) && !self.unkept(&p.name))
            .cloned()
            .collect()
    }

    /// The unknown name the release refused among `names` (in the
    /// statement's order): the first its property map iterated.
    pub fn first_unknown<'a>(self, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
        string_hashmap_order(names)
            .into_iter()
            .find(|n| !self.knows(n) && !self.ignores(n))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_knew_their_own_names() {
        let v = |r| Vocabulary::of_release(r).unwrap();
        assert!(!v((1, 2, 9)).knows("default_time_to_live"));
        assert!(v((2, 0, 17)).knows("index_interval"));
        assert!(!v((2, 0, 17)).knows("min_index_interval"));
        assert!(v((2, 1, 22)).knows("max_index_interval"));
        assert!(v((2, 2, 19)).ignores("index_interval"));
        assert!(v((1, 2, 19)).ignores("compaction_strategy_class"));
        assert!(!v((3, 0, 24)).knows("index_interval"));
        assert!(v((3, 0, 24)).knows("crc_check_chance"));
        assert!(!v((3, 0, 24)).knows("cdc"));
        assert!(v((3, 11, 10)).knows("cdc"));
        assert_eq!(Vocabulary::of_release((1, 1, 12)), None);
    }

    #[test]
    fn only_3_x_takes_its_unkept_parameters() {
        let v = |r| Vocabulary::of_release(r).unwrap();
        assert!(v((3, 0, 24)).unkept("crc_check_chance"));
        assert!(!v((3, 0, 24)).unkept("cdc"));
        assert!(v((3, 11, 10)).unkept("cdc"));
        assert!(!v((2, 2, 19)).unkept("crc_check_chance"));
        assert!(!v((3, 11, 10)).unkept("comment"));
    }

    #[test]
    fn the_first_unknown_is_the_hash_maps() {
        // Recorded from 1.2.9 and 2.0.17: `max_index_interval` named,
        // though given after `min_index_interval`.
        let names = ["min_index_interval", "max_index_interval"];
        assert_eq!(
            Vocabulary::V20.first_unknown(names),
            Some("max_index_interval")
        );
        assert_eq!(
            Vocabulary::V12.first_unknown(names),
            Some("max_index_interval")
        );
        assert_eq!(Vocabulary::V21.first_unknown(names), None);
        assert_eq!(
            Vocabulary::V21.first_unknown(["comment", "index_interval", "nope"]),
            Some("nope")
        );
    }
}
