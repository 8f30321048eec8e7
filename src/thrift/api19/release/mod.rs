//! Where a 19.x answer depends on the release the node answers as
//! (`Node::release`, from `serve --cassandra-version`): the CfDef defaults
//! its server-side structs carried, the order its `KsDef.cf_defs` came in,
//! and the column families of its system keyspace. Without a release,
//! everything here leaves 1.2.9's answer as it is. The facts come from
//! [`crate::release`]; this module only applies them to Thrift's structs.

// What only some releases answered, apart: the releases before 1.2
// (`old`), 0.7 alone (`v07`), and the struct fields a release's IDL
// lacked (`declared`) and the request fields it did not read (`decode`,
// from its own IDL: `idl`), 1.1's CQL 3 beta rows (`beta`), what a release
// made of a schema call's CfDef (`cfdefs`), the column family ids the
// releases before 1.2 spent on refused schema calls (`ids`), 2.0's
// unchecked `get_count` (`count`) and its batch log's failure on super
// columns (`batchlog`), 1.1's paging cut at the node's token (`paged`),
// 3.x's rules of a request (`v3x`) and its static compact tables'
// slices (`statics`), 1.2-2.2's scans of a key the key type refused
// (`keybound`), 1.2's and 2.0's failing COMPOSITES index of plain names
// (`plainindex`), 1.1's row filter of a Super CF (`superfilter`), 0.7-1.1's
// levels on a keyspace asking for more replicas than the ring has (`replicas`),
// a token no number (`badtoken`), a paged read's row filter (`pagedfilter`), 2.1's
// and 2.2's row of a batch's list of mutations (`mutationrow`), 2.0-2.2's default
// TTL of a Thrift write (`defaultttl`).
pub(super) mod badtoken;
pub(super) mod batchlog;
pub(super) mod beta;
pub(super) mod cfdefs;
pub(super) mod count;
pub(super) mod cql3;
pub(super) mod declared;
pub(super) mod decode;
pub(super) mod defaultttl;
mod idl;
pub(super) mod ids;
pub(super) mod keybound;
mod keyspaces;
pub(super) mod mutationrow;
pub(super) mod old;
pub(super) mod paged;
pub(super) mod pagedfilter;
pub(super) mod plainindex;
pub(super) mod replicas;
pub(super) mod statics;
pub(super) mod superfilter;
pub(super) mod unmade;
pub(super) mod v07;
pub(super) mod v3x;

use super::validation as v;
use crate::cql2::ast::Statement as Cql2Statement;
use crate::node::Node;
use crate::partitioner::Partitioner;
use crate::release::{Behaviour, Feature, Release};
use crate::schema::system19::SYSTEM_TRACES_KEYSPACE;
use crate::schema::{javaorder, CfSpec, KeyspaceDef};
use crate::thrift::error::ApiError;
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
    // Before 1.1 every read repaired.
    if node.release.is_some_and(|r| !r.at_least(1, 1)) {
        spec.read_repair_chance.get_or_insert(1.0);
    }
    if node.release.is_some_and(|r| r.at_least(2, 0)) {
        spec.read_repair_chance.get_or_insert(0.0);
        spec.dclocal_read_repair_chance.get_or_insert(0.1);
        // 2.0 compressed with LZ4 unless told otherwise (1.2: Snappy).
        spec.compression_options
            .get_or_insert_with(|| [(SSTABLE_COMPRESSION.to_string(), LZ4.to_string())].into());
    }
}

const SSTABLE_COMPRESSION: &str = "sstable_compression";
const LZ4: &str = "org.apache.cassandra.io.compress.LZ4Compressor";
const SNAPPY: &str = "org.apache.cassandra.io.compress.SnappyCompressor";

/// `CFMetaData.SpeculativeRetry.toString()` of the setting parsed from
/// `retry` (upper-cased): a percentile as `value / 100 * 100`, a custom
/// delay as the double it parsed, each in `Double.toString`'s digits
/// (`99.0PERCENTILE`, `50.0ms`), a type by its name (`ALWAYS`).
fn described_retry(retry: &str) -> String {
    let upper = retry.to_uppercase();
    let number = |n: &str| n.trim().parse::<f64>().ok();
    if let Some(v) = upper.strip_suffix("PERCENTILE").and_then(number) {
        return format!(
            "{}PERCENTILE",
            super::javaargs::java_double(v / 100.0 * 100.0)
        );
    }
    if let Some(v) = upper.strip_suffix("MS").and_then(number) {
        return format!("{}ms", super::javaargs::java_double(v));
    }
    upper
}

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
fn shape_cf(release: &Release, heap_mb: u64, cf: &mut t::CfDef, system: bool, id: Option<i32>) {
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
    old::order_column_metadata(release, cf, system);
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
            *retry = described_retry(retry);
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
        cf.bloom_filter_fp_chance
            .get_or_insert(thrift::OrderedFloat(0.01));
    }
    v3x::shape_cf(release, cf, system);
}

/// A user's CfDef before 1.1: the cache and memtable settings of the
/// CfDef itself (1.0's serializing row cache, 0.8's memtable thresholds),
/// the "KEY" alias, no caching nor local read repair, no bloom filter
/// chance before 1.0; 1.0 compressed
/// nothing unless told, 0.8 had no compaction nor compression options.
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
        if let Some(options) = &mut cf.compression_options {
            if options.get(SSTABLE_COMPRESSION).map(String::as_str) == Some(SNAPPY) {
                options.clear();
            }
        }
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

/// An error of a call other than CQL's in the release's words (1.2.9's
/// are the node's own): before 1.2 RandomPartitioner's message for keys
/// out of order; from 1.2.19 "unconfigured columnfamily" for dropping a
/// missing column family; from 2.0 the longer "no keyspace" text (CQL 3's
/// too), "No
/// such keyspace" for the ring of a missing one; from 2.1 CQL 3 quoted the column a value
/// did not fit; 2.2 said "table" where earlier releases said column family
/// (in CQL 3 too) and "INSERT statements" on counter tables; 1.2 refused a
/// partition key's non-EQ relation at more length.
pub fn reword(node: &Node, method: &str, e: ApiError) -> ApiError {
    let Some(release) = node.release else {
        return e;
    };
    let ApiError::InvalidRequest(why) = e else {
        return e;
    };
    let why = match why
        .strip_prefix("Cannot drop non existing column family '")
        .and_then(|rest| rest.split_once('\''))
    {
        Some((cf, _)) if release.does(Behaviour::DropUnknownCfUnconfigured) => {
            format!("unconfigured columnfamily {cf}")
        }
        _ => why,
    };
    if !release.at_least(1, 2) && why == v::KEYS_OUT_OF_TOKEN_ORDER {
        // RandomPartitioner, the one that did not keep keys in order then.
        return ApiError::invalid(
            "start key's md5 sorts after end key's md5.  this is not allowed; you probably \
             should not specify end key at all, under RandomPartitioner",
        );
    }
    let why = prepared_not_found(release, why);
    if !release.at_least(1, 1) {
        return ApiError::InvalidRequest(old_schema_words(release, why));
    }
    if !release.at_least(2, 0) {
        // 1.2's SelectStatement said it otherwise.
        let why = match why.as_str() {
            PARTITION_KEY_EQ_ONLY => "Only EQ and IN relation are supported on the partition key \
                (you will need to use the token() function for non equality based relation)"
                .to_string(),
            _ => why,
        };
        return ApiError::InvalidRequest(why);
    }
    let cql = method.contains("cql");
    // (2.0's CQL 3 statements asked ClientState.getKeyspace too.)
    let cql3_unset =
        method.contains("cql3") && why == "You have not set a keyspace for this session";
    let mut why = if (why == "no keyspace has been specified" && !cql) || cql3_unset {
        "No keyspace has been specified. USE a keyspace, or explicitly specify keyspace.tablename"
            .to_string()
    } else if let Some(ks) = why
        .strip_prefix("There is no ring for the keyspace: ")
        .filter(|ks| node.schema().keyspace(ks).is_none())
    {
        format!("No such keyspace: {ks}")
    } else {
        why
    };
    // 2.0's words: a serial level refused for a write (a counter's in its
    // own), and both UUID types' length check shared with UUIDType.
    if why == "You must use CAS for serializable writes" {
        why = if method == "add" {
            "Counter operations are inherently non-serializable"
        } else {
            "You must use conditional updates for serializable writes"
        }
        .to_string();
    }
    for old in ["LexicalUUID should be 16", "TimeUUID should be 16"] {
        if why.contains(old) {
            why = why.replace(old, "UUID should be 16");
        }
    }
    if cql && release.at_least(2, 1) {
        why = quote_cql_column(why);
    }
    if release.at_least(2, 2)
        && why == "INSERT statement are not allowed on counter tables, use UPDATE instead"
    {
        why = "INSERT statements are not allowed on counter tables, use UPDATE instead".to_string();
    }
    if release.at_least(2, 2) {
        why = if why == "comparators do not match or are not compatible." && !cql {
            "Column family comparators do not match or are not compatible \
             (found SimpleDenseCellNameType; expected SimpleDenseCellNameType)."
                .to_string()
        } else {
            why.replace("columnfamily ", "table ")
                .replace("column family ", "table ")
                .replace(
                    "on a standard ColumnFamily (KeySpace=",
                    "on a standard table (KeySpace=",
                )
                .replace(" ColumnFamily=", " Table=")
        };
    }
    ApiError::InvalidRequest(why)
}

/// CQL 3's refusal of a non-EQ relation on a partition key, in 2.0's words.
const PARTITION_KEY_EQ_ONLY: &str =
    "Only EQ and IN relation are supported on the partition key (unless you use the token() function)";

/// 2.1 on quoted the column a CQL 3 value did not fit: `Invalid STRING
/// constant (x) for "age" of type int`.
fn quote_cql_column(why: String) -> String {
    let Some((head, rest)) = why
        .split_once(" for ")
        .filter(|(head, _)| head.starts_with("Invalid ") && head.contains(" constant ("))
    else {
        return why;
    };
    match rest.split_once(" of type ") {
        Some((name, ty)) if !name.starts_with('"') => format!("{head} for \"{name}\" of type {ty}"),
        _ => why,
    }
}

/// Why the release refused every CQL 2 call, when it did (2.2 and 3.x
/// still declared the methods; 3.x's words name 3.0, the series that wrote
/// them, 3.11 too).
pub fn cql2_removed(node: &Node) -> Option<ApiError> {
    let release = node.release?;
    (release.has_method("execute_cql_query") && !release.has(Feature::Cql2)).then(|| {
        let (major, minor) = release.series().min((3, 0));
        ApiError::invalid(format!(
            "CQL2 has been removed in Cassandra {major}.{minor}. Please use CQL3 instead"
        ))
    })
}

/// 1.2 to 2.1's check of a CQL call against the connection's
/// `set_cql_version` (`validateCQLVersion`, before anything else): a call
/// of the other major version than the one set is refused; with none set
/// anything goes. Without a release (1.2.9's answers as this server gives
/// them), before 1.2 (the 1.1 beta ran CQL 3 through `execute_cql_query`)
/// and from 2.2 (its `set_cql_version` did nothing) nothing is refused.
pub fn cql_version_refusal(node: &Node, set: Option<&str>, major: u32) -> Option<ApiError> {
    let release = node.release?;
    if !release.at_least(1, 2) || release.at_least(2, 2) {
        return None;
    }
    let set_major: u32 = set?.split('.').next()?.trim().parse().ok()?;
    (set_major != major).then(|| {
        ApiError::invalid(format!(
            "Cannot execute/prepare CQL{major} statement since the CQL has been set to \
             CQL{set_major}(This might mean your client hasn't been upgraded correctly to use \
             the new CQL3 methods introduced in Cassandra 1.2+)."
        ))
    })
}

/// What a CQL 2 write that succeeded answers: 2.1's CQL 2 write path
/// failed on the server (a NullPointerException) after validation, which
/// closed the connection without a reply (recorded for INSERT; UPDATE,
/// DELETE and BATCH take the same path).
pub fn cql2_write_outcome(node: &Node, statement: &Cql2Statement) -> Result<(), ApiError> {
    let write = matches!(
        statement,
        Cql2Statement::Update(_) | Cql2Statement::Delete(_) | Cql2Statement::Batch { .. }
    );
    match node.release {
        Some(r) if write && r.series() == (2, 1) => Err(ApiError::Dropped(
            "CQL 2 write: Cassandra 2.1 failed it on the server and closed the connection"
                .to_string(),
        )),
        _ => Ok(()),
    }
}

/// A KeyRange as releases before 1.2 checked it: 0.7 to 1.0 wanted two
/// keys or two tokens, each pair whole, in their own words; 1.1 an end
/// token not before a start key's token. 1.2 on allowed the mix.
pub fn check_key_range(
    node: &Node,
    partitioner: &dyn Partitioner,
    range: &t::KeyRange,
) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 2)) else {
        return Ok(());
    };
    if !release.at_least(1, 1) {
        // Keys in pairs, tokens in pairs, and one pair of the two.
        let why = if range.start_key.is_none() != range.end_key.is_none() {
            "start key and end key must either both be non-null, or both be null"
        } else if range.start_token.is_none() != range.end_token.is_none() {
            "start token and end token must either both be non-null, or both be null"
        } else if range.start_key.is_none() == range.start_token.is_none() {
            "exactly one of {start key, end key} or {start token, end token} must be specified"
        } else {
            return Ok(());
        };
        return Err(ApiError::invalid(why));
    }
    let (Some(start), Some(end)) = (&range.start_key, &range.end_token) else {
        return Ok(());
    };
    let end = partitioner
        .token_from_string(end)
        .map_err(|e| ApiError::invalid(e.0))?;
    if partitioner.token(start) > end && end != partitioner.min_token() {
        return Err(ApiError::invalid("Start key's token sorts after end token"));
    }
    Ok(())
}

/// The answer to `describe_splits` of an unknown column family: 0.8 and
/// 1.0 failed the call (`Internal error processing describe_splits`), the
/// others dropped the connection.
pub fn unknown_split_cf(node: &Node, why: String) -> ApiError {
    match node.release.map(Release::series) {
        Some((0, 8) | (1, 0)) => ApiError::Internal(why),
        _ => ApiError::Dropped(why),
    }
}

/// Before 1.1 an update named its column family by id too: one without
/// the id the node gave it was refused (the ids are the node's own, see
/// [`shape_keyspace`]). 0.7 and 0.8 read a missing id as 0; 1.0 built the
/// update's definition first, which took the counter's next id, and
/// compared that one.
pub fn check_cf_id(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let Some(release) = node.release.filter(|r| !r.at_least(1, 1)) else {
        return Ok(());
    };
    let Some(expected) = cf_id(node, &def.keyspace, &def.name) else {
        return Ok(());
    };
    let found = match def.id {
        Some(id) => id,
        None if release.series() == (1, 0) => {
            let spent = node.spend_creation_id().map_err(ApiError::from)?;
            i32::try_from(spent).unwrap_or(i32::MAX)
        }
        None => 0,
    };
    if found == expected {
        return Ok(());
    }
    Err(ApiError::invalid(format!(
        "Column family ID mismatch (found {found}; expected {expected})"
    )))
}

/// The id a release before 1.2 gave the column family `cf` of `keyspace`:
/// a system one's fixed id, else the one its creation counter gave (see
/// [`crate::schema::creation`]). `None` for a column family it does not
/// have.
pub fn cf_id(node: &Node, keyspace: &str, cf: &str) -> Option<i32> {
    let id = if keyspace == crate::schema::SYSTEM_KEYSPACE {
        crate::schema::system_old::system_cf_id(cf)
    } else {
        node.schema().creation_ids.id(keyspace, cf)
    };
    id.and_then(|id| i32::try_from(id).ok())
}

/// How the release's libthrift quoted a binary argument in a "Required
/// field" message, on a connection framed or not.
pub fn buffer_quote(node: &Node, unframed: bool) -> super::javaargs::BufferQuote {
    match node.release {
        // Only 0.7's port read unframed calls (`FramingFromConfig`).
        Some(_) if unframed => super::javaargs::BufferQuote::Copied,
        Some(r) if r.does(Behaviour::RequiredFieldQuotesOwnBytes) => {
            super::javaargs::BufferQuote::OwnBytes
        }
        _ => super::javaargs::BufferQuote::FromFrame,
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
        shape_cf(release, node.jvm_heap_mb, cf, system, id.flatten());
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

/// A schema refusal in 0.7 to 1.0's words: an update changing the
/// comparator (`CFMetaData.apply` compared the types themselves, "comparators
/// do not match."), and, from 0.8, one renaming an index
/// (`ThriftValidation.validateCfDef`: "Cannot modify index name").
fn old_schema_words(release: &Release, why: String) -> String {
    if why == "comparators do not match or are not compatible." {
        return "comparators do not match.".to_string();
    }
    if release.at_least(0, 8) && why.starts_with("Can't modify index name: was '") {
        return "Cannot modify index name".to_string();
    }
    why
}

/// An unknown prepared id as the release worded it: from 1.2.19 its
/// CassandraServer named no cache size nor the id twice.
fn prepared_not_found(release: &Release, why: String) -> String {
    if !release.does(Behaviour::PreparedEvictionUnsized) {
        return why;
    }
    match why
        .strip_prefix("Prepared query with ID ")
        .and_then(|rest| rest.split_once(" or you have prepared more than "))
    {
        Some((head, _)) => format!(
            "Prepared query with ID {head} or you have prepared too many queries and it has been \
             evicted from the internal cache)"
        ),
        None => why,
    }
}

#[cfg(test)]
mod tests;
