//! Opening the on-disk state: clearing what interrupted writes left behind,
//! opening each CF's SSTables (found by the CF id in their names), opening
//! the commit log and decoding the records to replay.
//!
//! Each record is replayed only into the CFs whose SSTables do not already
//! hold it (`SsMeta::covers_until`, truncation markers), and inputs of a
//! finished compaction are deleted, so every version of the data is merged
//! exactly once (counters add up; seeing one twice would double it).
//!
//! It must not apply anything itself: the engine re-applies the mutations.

use super::codec::decode_mutation;
use super::commitlog::{CommitLog, CommitLogOptions, Position};
use super::markers;
use super::model::RowMutation;
use super::sstable::{cleanup_temporaries, list_sstables, SSTableReader};
use super::sstore::{parse_sstable_name, SsTable};
use super::{EngineOptions, StorageError};
use crate::schema::Schema;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

pub(crate) struct Recovered {
    pub sstable_dir: PathBuf,
    pub marker_dir: PathBuf,
    /// CF id -> its SSTables.
    pub sstables: HashMap<u32, Vec<Arc<SsTable>>>,
    /// One more than the highest generation on disk.
    pub next_generation: u64,
    pub log: CommitLog,
    pub replay: Vec<(Position, RowMutation)>,
    /// Replay skipped corruption because the options said to.
    pub replayed_around_damage: bool,
    /// For the start-up log (see `startup`).
    pub stats: RecoveryStats,
}

/// What recovery read, for the start-up log.
#[derive(Clone, Debug, Default)]
pub(crate) struct RecoveryStats {
    pub log_segments: usize,
    pub log_bytes: u64,
    pub log_records: usize,
    /// Reading and decoding the commit log.
    pub log_read_in: Duration,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> StorageError + '_ {
    move |source| StorageError::io(path, source)
}

pub(crate) fn recover(
    schema: &Arc<Schema>,
    data_dir: &Path,
    opts: &EngineOptions,
) -> Result<Recovered, StorageError> {
    let sstable_dir = data_dir.join("data");
    std::fs::create_dir_all(&sstable_dir).map_err(io(&sstable_dir))?;
    for removed in cleanup_temporaries(&sstable_dir)? {
        tracing::info!(
            "removed leftover of an interrupted SSTable write: {}",
            removed.display()
        );
    }
    let marker_dir = data_dir.join("markers");
    let truncations = markers::read_all(&marker_dir)?;
    let mut sstables: HashMap<u32, Vec<Arc<SsTable>>> = HashMap::new();
    let mut next_generation = 1;
    for name in list_sstables(&sstable_dir)? {
        let Some((id, generation)) = parse_sstable_name(&name) else {
            tracing::warn!(
                "ignoring SSTable {name} in {}: not named by this engine",
                sstable_dir.display()
            );
            continue;
        };
        next_generation = next_generation.max(generation + 1);
        let Some(cf) = schema.cf_by_id(id) else {
            tracing::warn!("ignoring SSTable {name}: no column family with id {id} in the schema");
            continue;
        };
        let reader = SSTableReader::open(&sstable_dir, &name, &schema.partitioner)?;
        if truncations
            .get(&id)
            .is_some_and(|t| generation < t.min_generation)
        {
            // Truncated before a crash let the deletion finish.
            tracing::info!("deleting SSTable {name}: its column family was truncated");
            reader.delete_files()?;
            continue;
        }
        sstables
            .entry(id)
            .or_default()
            .push(Arc::new(SsTable::new(reader, cf.clone())?));
    }
    // Where each CF's replay starts: records before it are in SSTables (or
    // truncated), and replaying them again would count counters twice.
    let mut replay_from: HashMap<u32, Position> = truncations
        .iter()
        .map(|(id, t)| (*id, t.replay_from))
        .collect();
    for (id, tables) in sstables.iter_mut() {
        // Inputs of a compaction whose output is complete were about to be
        // deleted when the process stopped.
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
        if let Some(p) = tables.iter().map(|t| t.meta.covers_until).max() {
            let e = replay_from.entry(*id).or_default();
            *e = (*e).max(p);
        }
    }

    let log_dir = opts
        .commitlog_dir
        .clone()
        .unwrap_or_else(|| data_dir.join("commitlog"));
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
    let (log, report) = CommitLog::open_after(log_opts, min_segment)?;
    let replayed_around_damage = report.corruptions().next().is_some();
    let (log_segments, log_bytes, log_records) =
        (report.segments.len(), report.bytes, report.records.len());
    let mut replay = Vec::with_capacity(report.records.len());
    for r in report.records {
        match decode_mutation(schema, &r.payload) {
            Ok(Some(mut m)) => {
                m.updates.retain(|(cf, _)| {
                    let done = schema
                        .cf(&m.keyspace, cf)
                        .and_then(|d| replay_from.get(&d.id))
                        .is_some_and(|from| r.position < *from);
                    !done
                });
                if !m.updates.is_empty() {
                    replay.push((r.position, m));
                }
            }
            Ok(None) => {}
            Err(e) => tracing::warn!(
                "skipping undecodable commit log record at {}: {e}",
                r.position
            ),
        }
    }
    Ok(Recovered {
        sstable_dir,
        marker_dir,
        sstables,
        next_generation,
        log,
        replay,
        replayed_around_damage,
        stats: RecoveryStats {
            log_segments,
            log_bytes,
            log_records,
            log_read_in: log_started.elapsed(),
        },
    })
}
