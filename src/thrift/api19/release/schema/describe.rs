//! A keyspace and its column families as the release described them
//! (`describe_keyspace`, `describe_keyspaces`, `describe_ring`): the
//! CfDef defaults its server-side structs carried, the fields its structs
//! had, the order its `KsDef.cf_defs` and keyspaces came in, and the
//! column families of its system keyspace. Shapes answers only; what a
//! schema call makes of a CfDef is [`super::cfdefs`].

use super::super::wire::declared;
use super::super::{old, v07, v3x};
use super::ids::cf_id;
use super::keyspaces;
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::system19::SYSTEM_TRACES_KEYSPACE;
use crate::schema::{javaorder, CfSpec, ColumnOrder, KeyspaceDef};
use crate::thrift::gen::cassandra19 as t;
use std::collections::BTreeMap;

/// The defaults the release's own CfDef struct gave a field the client did
/// not send: before 1.1 `read_repair_chance` 1.0; from 2.0 on,
/// `read_repair_chance` 0.0 and `dclocal_read_repair_chance` 0.1 (1.2: 0.1
/// and 0.0). From 2.0 a Standard column family's sub-column comparator was
/// dropped (`CFMetaData.makeComparator` used it only for a Super one),
/// where 1.2 refused it: 2.0 parsed it first (an unknown type failed), 2.1
/// on never read it.
pub fn apply_cf_defaults(node: &Node, spec: &mut CfSpec) {
    let standard = matches!(spec.column_type.as_deref(), None | Some("Standard"));
    let parsed = spec
        .subcomparator_type
        .as_deref()
        .is_some_and(|s| crate::marshal::parse_type(s).is_ok());
    let dropped = match node.release {
        Some(r) if r.at_least(2, 1) => true,
        Some(r) => r.at_least(2, 0) && parsed,
        None => false,
    };
    if standard && dropped {
        spec.subcomparator_type = None;
    }
    // 2.1's ThriftConversion.fromThrift took a key alias only beside a key
    // validation class of the same CfDef (`hasKeyAlias`): without one the
    // key kept its name (`key`, or the one an update's table had).
    let alias_needs_validator = node
        .release
        .is_some_and(|r| r.does(Behaviour::KeyAliasNeedsKeyValidator));
    if alias_needs_validator && spec.key_validation_class.is_none() {
        spec.key_alias = None;
    }
    // Before 1.1 every read repaired.
    if node.release.is_some_and(|r| !r.at_least(1, 1)) {
        spec.read_repair_chance.get_or_insert(1.0);
    }
    // 1.0 compressed nothing unless told (1.1 and 1.2: Snappy).
    if node.release.is_some_and(|r| r.series() == (1, 0)) {
        spec.compression_options
            .get_or_insert_with(Default::default);
    }
    if node.release.is_some_and(|r| r.at_least(2, 0)) {
        spec.read_repair_chance.get_or_insert(0.0);
        spec.dclocal_read_repair_chance.get_or_insert(0.1);
        // 2.0 compressed with LZ4 unless told otherwise (1.2: Snappy).
        spec.compression_options
            .get_or_insert_with(|| [(SSTABLE_COMPRESSION.to_string(), LZ4.to_string())].into());
    }
    super::super::v3x::stored::as_stored(node.release, spec);
}

const SSTABLE_COMPRESSION: &str = "sstable_compression";

const LZ4: &str = "org.apache.cassandra.io.compress.LZ4Compressor";

const SNAPPY: &str = "org.apache.cassandra.io.compress.SnappyCompressor";

/// 2.1's `CachingOptions.fromThrift`, then `toThriftCaching` and
/// `toThriftCellsPerRow`: a row cache (`ALL`, `ROWS_ONLY`) keeps the cells
/// the CfDef's `cells_per_row_to_cache` says (the IDL's default `100` when
/// not sent): `all`, a number, or `none` (no row cache after all); without
/// a row cache, 0.
fn cells_per_row(cf: &mut t::CfDef) {
    let rows = matches!(cf.caching.as_deref(), Some("ALL" | "ROWS_ONLY"));
    let given = cf.cells_per_row_to_cache.take();
    let given = given.as_deref().unwrap_or("100");
    let cells = if !rows {
        "0".to_string()
    } else if given.eq_ignore_ascii_case("none") {
        let keys = cf.caching.as_deref() == Some("ALL");
        cf.caching = Some(if keys { "KEYS_ONLY" } else { "NONE" }.to_string());
        "0".to_string()
    } else if given.eq_ignore_ascii_case("all") {
        "ALL".to_string()
    } else {
        given
            .parse::<i32>()
            .map_or_else(|_| given.to_string(), |n| n.to_string())
    };
    cf.cells_per_row_to_cache = Some(cells);
}

/// A CfDef with the fields the release's struct had, valued as it valued
/// them: ids before 1.2; from 2.0 the default key alias, the flush period,
/// TTL, speculative retry and triggers (system tables as 2.0's CQL
/// created them); from 2.1 no `replicate_on_write` nor
/// `populate_io_cache_on_flush`, and index intervals as a range; from 2.2
/// the bloom filter chance of a user's column family.
/// `kept`: the order of the map a live definition held its columns in.
fn shape_cf(
    release: &Release,
    heap_mb: u64,
    cf: &mut t::CfDef,
    system: bool,
    id: Option<i32>,
    kept: Option<ColumnOrder>,
) {
    if !release.at_least(1, 2) {
        // Masked in the recordings, but sent back by clients' updates.
        cf.id = cf.id.or(id);
        cf.populate_io_cache_on_flush = None;
    }
    if !release.at_least(1, 1) {
        shape_old_cf(release, heap_mb, cf);
        if system {
            old::shape_old_system_cf(release, heap_mb, cf);
        }
    }
    old::order_column_metadata(release, cf, system, kept);
    if system
        && cf.name == "schema_keyspaces"
        && release.does(Behaviour::SchemaKeyspacesGcGraceWeek)
    {
        cf.gc_grace_seconds = Some(604_800);
    }
    if !release.at_least(2, 0) {
        return;
    }
    // A key alias where the key had one component (else none: Thrift knew
    // of one alias only).
    if key_components(cf) > 1 {
        cf.key_alias = None;
    } else {
        cf.key_alias.get_or_insert_with(|| b"key".to_vec());
    }
    if let Some(options) = &mut cf.compression_options {
        if options.get(SSTABLE_COMPRESSION).map(String::as_str) == Some(SNAPPY) && system {
            options.insert(SSTABLE_COMPRESSION.to_string(), LZ4.to_string());
        }
    }
    // 2.1's range takes a 2.0 index_interval given alone as its minimum.
    let given_interval = cf.index_interval;
    cf.memtable_flush_period_in_ms
        .get_or_insert(if system { 3_600_000 } else { 0 });
    cf.default_time_to_live.get_or_insert(0);
    cf.index_interval.get_or_insert(128);
    cf.speculative_retry
        .get_or_insert_with(|| if system { "99.0PERCENTILE" } else { "NONE" }.to_string());
    if release.does(Behaviour::SpeculativeRetryAsParsed) {
        if let Some(retry) = cf.speculative_retry.as_mut() {
            *retry = crate::schema::speculative::shown_2_0(retry);
        }
    }
    cf.triggers.get_or_insert_with(Vec::new);
    if system {
        system_table(release, cf);
    }
    if release.at_least(2, 1) {
        cf.replicate_on_write = None;
        cf.populate_io_cache_on_flush = None;
        cf.index_interval = None;
        if release.at_least(3, 0) {
            cf.cells_per_row_to_cache
                .get_or_insert_with(|| "0".to_string());
        } else {
            cells_per_row(cf);
        }
        // CFMetaData.applyImplicitDefaults: the minimum given, else the
        // index_interval given, else 128; the maximum given, else at least
        // 2048.
        let min = *cf
            .min_index_interval
            .get_or_insert(given_interval.unwrap_or(128));
        cf.max_index_interval.get_or_insert(min.max(2048));
    }
    if release.at_least(2, 2) && !system {
        // CFMetaData.getBloomFilterFpChance: none (or 0) is the strategy's
        // default, Leveled's 0.1, as the column family is described. (3.x's
        // recorded tables, Leveled ones made without a chance included,
        // describe 0.01.)
        let leveled = !release.at_least(3, 0)
            && cf
                .compaction_strategy
                .as_deref()
                .is_some_and(|s| s.ends_with(".LeveledCompactionStrategy"));
        let default = if leveled { 0.1 } else { 0.01 };
        cf.bloom_filter_fp_chance
            .get_or_insert(thrift::OrderedFloat(default));
    }
    v3x::shape_cf(release, cf, system);
}

/// A user's CfDef before 1.1: the cache and memtable settings of the
/// CfDef itself (1.0's serializing row cache, 0.8's memtable thresholds),
/// the "KEY" alias, no caching nor local read repair, no bloom filter
/// chance before 1.0; 0.8 had no compaction nor compression options (1.0's
/// compressed nothing unless told: `apply_cf_defaults`).
fn shape_old_cf(release: &Release, heap_mb: u64, cf: &mut t::CfDef) {
    let of = thrift::OrderedFloat;
    cf.row_cache_size.get_or_insert(of(0.0));
    cf.key_cache_size.get_or_insert(of(200_000.0));
    cf.row_cache_save_period_in_seconds.get_or_insert(0);
    cf.key_cache_save_period_in_seconds.get_or_insert(14_400);
    cf.merge_shards_chance.get_or_insert(of(0.1));
    cf.key_alias.get_or_insert_with(|| b"KEY".to_vec());
    cf.caching = None;
    cf.dclocal_read_repair_chance = None;
    // 1.0 kept a bloom filter chance it was given (and sent none unless).
    if !release.at_least(1, 0) {
        cf.bloom_filter_fp_chance = None;
    }
    if release.at_least(1, 0) {
        cf.row_cache_provider
            .get_or_insert_with(|| "org.apache.cassandra.cache.SerializingCacheProvider".into());
        cf.row_cache_keys_to_save.get_or_insert(i32::MAX);
    } else {
        cf.row_cache_provider.get_or_insert_with(|| {
            "org.apache.cassandra.cache.ConcurrentLinkedHashCacheProvider".into()
        });
        // Sized from the JVM heap when the node started (`release::machine`).
        if let Some(memtable) = release.memtable_defaults(heap_mb) {
            cf.memtable_flush_after_mins.get_or_insert(1440);
            cf.memtable_throughput_in_mb
                .get_or_insert(memtable.throughput_mb);
            cf.memtable_operations_in_millions
                .get_or_insert(of(memtable.million_ops));
        }
        cf.compaction_strategy = None;
        cf.compaction_strategy_options = None;
        cf.compression_options = None;
    }
}

/// What the system tables of 2.0 on said beyond 1.2's: hints compacted
/// only on demand at the default thresholds, and 2.2 described IndexInfo
/// anew.
fn system_table(release: &Release, cf: &mut t::CfDef) {
    match cf.name.as_str() {
        "IndexInfo" if release.at_least(2, 2) => {
            cf.comment = Some("built column indexes".to_string());
        }
        "hints" => {
            cf.min_compaction_threshold = Some(4);
            cf.max_compaction_threshold = Some(32);
            cf.compaction_strategy_options =
                Some([("enabled".to_string(), "false".to_string())].into());
        }
        _ => {}
    }
}

/// `describe_ring`'s ranges with the fields the release's TokenRange had.
pub fn shape_ring(node: &Node, ranges: &mut [t::TokenRange]) {
    if let Some(release) = node.release {
        declared::ring(release, ranges);
    }
}

/// 2.0's test of a CQL 3 table with only a primary key (a Standard column
/// family whose comparator is exactly `CompositeType(UTF8Type)`, not dense
/// as nothing but such a table had that comparator): not Thrift
/// compatible, so `describe_keyspace` left it out.
fn cql3_only_primary_key(cf: &t::CfDef) -> bool {
    const M: &str = "org.apache.cassandra.db.marshal.";
    cf.column_type.as_deref().unwrap_or("Standard") == "Standard"
        && cf.comparator_type.as_deref().is_some_and(|c| {
            c.strip_prefix(M)
                .and_then(|c| c.strip_prefix("CompositeType("))
                .and_then(|c| c.strip_suffix(')'))
                .is_some_and(|inner| inner.strip_prefix(M).unwrap_or(inner) == "UTF8Type")
        })
}

/// How many components the row key had: a CompositeType key validator's
/// count, else one.
fn key_components(cf: &t::CfDef) -> usize {
    cf.key_validation_class
        .as_deref()
        .and_then(|k| crate::marshal::parse_type(k).ok())
        .and_then(|t| t.components().map(|c| c.len()))
        .unwrap_or(1)
}

/// A keyspace as the release described it: its column families in the
/// order the release's `HashMap` of them iterated (the real releases here
/// ran on a current JDK), and for `system` only the ones it listed.
pub fn shape_keyspace(node: &Node, mut ks: t::KsDef) -> t::KsDef {
    let Some(release) = node.release else {
        return ks;
    };
    if ks.name == SYSTEM_TRACES_KEYSPACE && release.does(Behaviour::TracesReplicatedTwice) {
        let options = BTreeMap::from([("replication_factor".to_string(), "2".to_string())]);
        ks.strategy_options = Some(options);
    }
    let system = ks.name == crate::schema::SYSTEM_KEYSPACE;
    if system {
        // In the release's declaration order, which the HashMap keeps
        // for names that share a bucket.
        let place = |cf: &t::CfDef| release.system_cfs.iter().position(|n| *n == cf.name);
        ks.cf_defs.retain(|cf| place(cf).is_some());
        ks.cf_defs.sort_by_key(place);
    }
    if !release.at_least(1, 1) {
        shape_old_keyspace(release, &mut ks, system);
        v07::sent_replication(node, &mut ks);
    }
    if release.at_least(2, 0) {
        ks.cf_defs.retain(|cf| !cql3_only_primary_key(cf));
    }
    for cf in ks.cf_defs.iter_mut() {
        // The ids of [`check_cf_id`].
        let id = (!release.at_least(1, 2)).then(|| cf_id(node, &ks.name, &cf.name));
        let kept = node.schema().column_maps.order(&ks.name, &cf.name);
        shape_cf(release, node.jvm_heap_mb, cf, system, id.flatten(), kept);
        if let Some(stored) = node.schema().cf(&ks.name, &cf.name) {
            v3x::valueless_compact(release, cf, stored);
        }
    }
    if !system && !release.at_least(1, 1) {
        // Before 1.1 each schema change built the keyspace's map anew from
        // the old one's column families, then the new one: names sharing a
        // bucket came in the order they were created (their ids' order).
        ks.cf_defs.sort_by_key(|cf| cf.id);
    } else if !system {
        keyspaces::cf_insertion_order(&node.schema().creation_ids, &mut ks);
    }
    if v3x::tables_in_creation_order(release) {
        v07::shape_keyspace(release, node.jvm_heap_mb, &mut ks);
        declared::keyspace(release, &mut ks);
        return ks;
    }
    // A Java HashMap keyed by name held them; clients saw its order.
    let hashes: Vec<i32> = ks
        .cf_defs
        .iter()
        .map(|cf| javaorder::string_hash(&cf.name))
        .collect();
    let capacity = if system && release.does(Behaviour::SystemCfsAmongCql3Tables) {
        32
    } else if release.at_least(1, 2) {
        // The map held the tables Thrift was not shown too.
        let all = node.schema().keyspace(&ks.name).map_or(0, |k| k.cfs.len());
        javaorder::grown_capacity(all.max(hashes.len()))
    } else {
        javaorder::grown_capacity(hashes.len())
    };
    let order = javaorder::iteration_order(&hashes, capacity);
    let mut defs: Vec<Option<t::CfDef>> = ks.cf_defs.drain(..).map(Some).collect();
    ks.cf_defs = order.into_iter().filter_map(|i| defs[i].take()).collect();
    v07::shape_keyspace(release, node.jvm_heap_mb, &mut ks);
    declared::keyspace(release, &mut ks);
    ks
}

/// The keyspaces in the order `describe_keyspaces` of the release listed
/// them: the iteration order of the map the release kept them in, which
/// got the system keyspaces first at start-up (`keyspaces` holds the
/// user's, then the system ones). Unchanged when no release is answered as.
pub fn order_keyspaces(node: &Node, keyspaces: &mut Vec<KeyspaceDef>) {
    let Some(release) = node.release else {
        return;
    };
    if release.does(Behaviour::KeyspacesInNonBlockingHashMapOrder) {
        return keyspaces::by_slot(node, release, keyspaces);
    }
    if !release.does(Behaviour::KeyspacesInHashMapOrder) {
        return;
    }
    let users = keyspaces.iter().filter(|k| !k.is_system()).count();
    keyspaces.rotate_left(users);
    let hashes: Vec<i32> = keyspaces
        .iter()
        .map(|k| javaorder::string_hash(&k.name))
        .collect();
    let order = javaorder::iteration_order(&hashes, javaorder::grown_capacity(hashes.len()));
    let mut slots: Vec<Option<KeyspaceDef>> = keyspaces.drain(..).map(Some).collect();
    keyspaces.extend(order.into_iter().filter_map(|i| slots[i].take()));
}

/// A KsDef before 1.1: the deprecated `replication_factor` filled in (and
/// the system keyspace's option saying 1); 0.7 had neither strategy
/// options nor durable writes in it. 0.8 and 1.0 set the factor only from
/// a `replication_factor` option (`KSMetaData.toThrift`): a
/// NetworkTopologyStrategy keyspace has none.
fn shape_old_keyspace(release: &Release, ks: &mut t::KsDef, system: bool) {
    if system {
        ks.strategy_options = Some([("replication_factor".to_string(), "1".to_string())].into());
    }
    let rf = ks
        .strategy_options
        .as_ref()
        .and_then(|o| o.get("replication_factor"))
        .and_then(|rf| rf.parse().ok());
    ks.replication_factor = if release.at_least(0, 8) {
        rf
    } else {
        Some(rf.unwrap_or(1))
    };
    if !release.at_least(0, 8) {
        ks.strategy_options = None;
        ks.durable_writes = None;
    }
}
