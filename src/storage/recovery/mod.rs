//! Opening the on-disk state: moving an old-layout directory to the current
//! layout (`layout::upgrade`), clearing what interrupted writes left behind,
//! opening each CF's SSTables (found by keyspace and CF name, see `layout`;
//! one written for a dropped CF of the same name is deleted), opening the
//! commit log and reading the records to replay (`replay` decodes and
//! applies them).
//!
//! Each record is replayed only into the CFs whose SSTables do not already
//! hold it (`SsMeta::covers_until`, truncation markers), and inputs of a
//! finished compaction are deleted, so every version of the data is merged
//! exactly once (counters add up; seeing one twice would double it).
//!
//! It must not apply anything itself: the engine re-applies the mutations.
//!
//! The folder is the engine's start: this module, the replay of the log into
//! memtables (`replay`; `commitlog` only reads the records back) and what the
//! start tells the operator (`startup_log`).

pub(super) mod replay;
pub(super) mod startup_log;

use super::commitlog::{CommitLog, CommitLogOptions, Position};
use super::layout;
use super::sstable::SSTableReader;
use super::{EngineOptions, StorageError};
use crate::schema::Schema;
use crate::storage::layout::truncation_markers;
use crate::storage::layout::upgrade::migrate;
use crate::storage::store::sstable_store::SsTable;
use replay::PendingReplay;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) struct Recovered {
    pub data_dir: PathBuf,
    /// CF id -> its SSTables, oldest first.
    pub sstables: HashMap<u32, Vec<Arc<SsTable>>>,
    /// One more than the highest generation on disk or in a marker.
    pub next_generation: u64,
    pub log: CommitLog,
    /// The records to re-apply (decoded while applied, see `replay`).
    pub replay: PendingReplay,
    /// Replay skipped corruption because the options said to.
    pub replayed_around_damage: bool,
    /// For the start-up log (see `startup_log`).
    pub stats: RecoveryStats,
}

/// What recovery read, for the start-up log.
#[derive(Clone, Debug, Default)]
pub(crate) struct RecoveryStats {
    pub log_segments: usize,
    pub log_bytes: u64,
    pub log_records: usize,
    /// Reading the commit log and checking its records' checksums.
    pub log_read_in: Duration,
}

pub(crate) fn recover(
    schema: &Arc<Schema>,
    data_dir: &Path,
    opts: &EngineOptions,
) -> Result<Recovered, StorageError> {
    layout::check_names(schema)?;
    let log_dir = commitlog_dir(schema, data_dir, opts)?;
    std::fs::create_dir_all(data_dir).map_err(|e| StorageError::io(data_dir, e))?;
    migrate(schema, data_dir)?;
    let mut truncations = HashMap::new();
    for cf in schema.column_families() {
        if let Some(t) = truncation_markers::read(data_dir, cf)? {
            truncations.insert(cf.id, t);
        }
    }
    let scan = layout::scan(schema, data_dir)?;
    // A truncation's bound must stay below every generation written after
    // it, even once the SSTables that held the highest ones are gone.
    let next_generation = truncations
        .values()
        .map(|t| t.min_generation)
        .fold(scan.max_generation + 1, u64::max);
    let mut sstables = open_sstables(schema, scan.found, &truncations)?;
    // Where each CF's replay starts: records before it are in SSTables (or
    // truncated), and replaying them again would count counters twice.
    let mut replay_from: HashMap<u32, Position> = truncations
        .iter()
        .map(|(id, t)| (*id, t.replay_from))
        .collect();
    for (id, tables) in sstables.iter_mut() {
        drop_compacted(tables)?;
        if let Some(p) = tables.iter().map(|t| t.meta.covers_until).max() {
            let e = replay_from.entry(*id).or_default();
            *e = (*e).max(p);
        }
    }

    let log_opts = CommitLogOptions {
        dir: log_dir,
        sync: opts.sync,
        segment_size: opts.segment_size,
        ignore_replay_errors: opts.ignore_commitlog_replay_errors,
    };
    // New records must sort after every position recorded above.
    let min_segment = replay_from
        .values()
        .map(|p| p.segment.saturating_add(1))
        .max()
        .unwrap_or(0);
    // The log refuses corruption (unless told otherwise) and logs damage.
    let log_started = Instant::now();
    let (log, report, raw) = CommitLog::open_raw(log_opts, min_segment)?;
    let replayed_around_damage = report.corruptions().next().is_some();
    Ok(Recovered {
        data_dir: data_dir.to_path_buf(),
        sstables,
        next_generation,
        log,
        stats: RecoveryStats {
            log_segments: report.segments.len(),
            log_bytes: report.bytes,
            log_records: raw.records.len(),
            log_read_in: log_started.elapsed(),
        },
        replay: PendingReplay { raw, replay_from },
        replayed_around_damage,
    })
}

/// The commit log's directory; refused when it is a keyspace's.
fn commitlog_dir(
    schema: &Schema,
    data_dir: &Path,
    opts: &EngineOptions,
) -> Result<PathBuf, StorageError> {
    let log_dir = opts
        .commitlog_dir
        .clone()
        .unwrap_or_else(|| data_dir.join("commitlog"));
    if let Some(ks) = schema
        .keyspaces
        .keys()
        .find(|ks| log_dir == layout::keyspace_dir(data_dir, ks))
    {
        return Err(StorageError::Invalid(format!(
            "the commit log directory {} is keyspace {ks}'s data directory; move one of them",
            log_dir.display()
        )));
    }
    Ok(log_dir)
}

/// Opens the SSTables found, per CF id and oldest first, deleting those a
/// truncation or a dropped column family left behind.
fn open_sstables(
    schema: &Schema,
    found: Vec<layout::Found>,
    truncations: &HashMap<u32, truncation_markers::Truncation>,
) -> Result<HashMap<u32, Vec<Arc<SsTable>>>, StorageError> {
    let mut sstables: HashMap<u32, Vec<Arc<SsTable>>> = HashMap::new();
    for found in found {
        let (cf, name) = (&found.cf, &found.name);
        let reader = SSTableReader::open(&found.dir, name, &schema.partitioner)?;
        if truncations
            .get(&cf.id)
            .is_some_and(|t| found.generation < t.min_generation)
        {
            // Truncated before a crash let the deletion finish.
            tracing::info!("deleting SSTable {name}: its column family was truncated");
            reader.delete_files()?;
            continue;
        }
        let table = SsTable::new(reader, cf.clone())?;
        if let Some(other) = table.meta.cf_id.filter(|id| *id != cf.id) {
            // Files are found by name: these were written for a column
            // family of the same name that was dropped (its deletion was
            // cut short), never for this one.
            tracing::info!(
                "deleting SSTable {name} in {}: written for a dropped column family (id {other}), not {}.{} (id {})",
                found.dir.display(),
                cf.keyspace,
                cf.name,
                cf.id
            );
            table.reader.delete_files()?;
            continue;
        }
        sstables.entry(cf.id).or_default().push(Arc::new(table));
    }
    for tables in sstables.values_mut() {
        // Reads take SSTables in age order (counter versions add up).
        tables.sort_by_key(|t| t.generation);
    }
    Ok(sstables)
}

/// Deletes one CF's inputs of a compaction whose output is complete: they
/// were about to be deleted when the process stopped.
fn drop_compacted(tables: &mut Vec<Arc<SsTable>>) -> Result<(), StorageError> {
    let merged: HashSet<u64> = tables
        .iter()
        .flat_map(|t| t.meta.ancestors.iter().copied())
        .collect();
    for t in tables.iter().filter(|t| merged.contains(&t.generation)) {
        tracing::info!(
            "deleting SSTable {}: already compacted into another",
            t.reader.name()
        );
        t.reader.delete_files()?;
    }
    tables.retain(|t| !merged.contains(&t.generation));
    Ok(())
}
