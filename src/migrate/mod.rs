//! `supercolumn migrate`: an embedded supercolumn's keyspaces copied into a
//! Cassandra or ScyllaDB cluster, schema first, then every row with its
//! cells' timestamps and TTLs, with progress, resume and a final check.
//!
//! It sits above both storage backends: it reads the embedded
//! `storage::Engine` and writes through the cluster backend only by the
//! node's border, [`crate::node::backend::Backend`] (`apply_batch`,
//! `read_bounded`), plus the gateway's public descriptions of its tables
//! (`layout`, `cql3`), its pure write planning (`writes::cf_statements`, to
//! know which cells the cluster cannot hold) and its stand-in rules for
//! CQL3 reads (`cql3::reads::as_read`), so that nothing of how the gateway
//! lays out, writes or reads a table is written twice. It must not be used
//! by anything below it.
//!
//! One concept per file: [`source`] (the data directory, locked and opened
//! on a private copy so that it is never modified), [`target`] (the
//! cluster: the URL, its storage, each CF's table, unsupported and
//! conflicting tables, the connection), [`rows`] (a CF's rows read from the
//! engine a window at a time, big rows in pages), [`refused`] (the cells
//! the cluster cannot hold, and their report), [`copy`] (rows turned into
//! mutations and applied in parallel), [`state`] (the progress file that makes a rerun resume),
//! [`verify`] (the source compared with what the cluster reads back).
//!
//! Decisions (docs/gateway.md's migrate section says them to users):
//! - TTLs: the expiry is kept, not the original TTL: a cell is written with
//!   the seconds it has left, so it disappears from the cluster when it
//!   would have from the source (Cassandra 3.x's `ttl()` reads the same).
//! - Tombstones are not copied: the tables are new (or hold only what an
//!   earlier run of this copy wrote), so no older data there can need
//!   shadowing; what the source deleted is simply absent.
//! - Counters: CQL cannot set a counter, only add to it; each counter is
//!   written as the difference between the source's total and what the
//!   cluster reads, so a rerun converges instead of doubling.

pub mod copy;
pub mod refused;
pub mod rows;
pub mod source;
pub mod state;
pub mod target;
pub mod verify;

use crate::schema::Schema;
use crate::storage::EngineOptions;
use std::path::PathBuf;

/// Why a migration could not run or finish.
#[derive(Debug, thiserror::Error)]
pub enum MigrateError {
    /// The command was asked something it cannot do (bad URL, options).
    #[error("{0}")]
    Usage(String),
    /// A server holds the source's commit log.
    #[error(
        "a server is running on {0} (its commit log's LOCK is held); stop it before migrating \
         (migrate reads the data directory while nothing else writes it)"
    )]
    SourceInUse(PathBuf),
    /// The source data directory cannot be read or opened.
    #[error("source: {0}")]
    Source(String),
    /// A file of the state directory or the source could not be used.
    #[error("{path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
    /// Column families the cluster backend cannot lay out yet.
    #[error("these column families cannot be copied yet (use --skip-unsupported to copy the rest):\n  {}", .0.join("\n  "))]
    Unsupported(Vec<String>),
    /// Tables of the cluster that differ from the layout of the source's CFs.
    #[error("the cluster has tables that conflict with the source's column families (nothing was written):\n  {}", .0.join("\n  "))]
    Conflict(Vec<String>),
    /// The cluster refused or failed a request.
    #[error("cluster: {0}")]
    Cluster(String),
    /// The progress file cannot be used.
    #[error("progress file {path}: {why}")]
    State { path: PathBuf, why: String },
}

pub type MigrateResult<T> = Result<T, MigrateError>;

pub(crate) fn io(path: impl Into<PathBuf>) -> impl FnOnce(std::io::Error) -> MigrateError {
    let path = path.into();
    move |source| MigrateError::Io { path, source }
}

/// What one run is asked to do.
pub struct Job {
    /// The keyspaces of the configuration the source was served with (the
    /// schema store in the data directory adds the dynamic ones).
    pub base: Schema,
    /// The source's directories (`data_dir`, `commitlog_dir`) and engine
    /// settings, as `serve` would open them.
    pub engine: EngineOptions,
    /// The directory the user named (`--from`), for messages.
    pub from: PathBuf,
    /// `cassandra://...`.
    pub url: String,
    /// Where the progress file and the private copy of the source live.
    pub state_dir: PathBuf,
    /// Rows applied at once (each by its own worker).
    pub parallel: usize,
    /// Stop after this many rows copied in this run (resume later).
    pub max_rows: Option<u64>,
    /// Copy what the cluster can hold and leave the rest, instead of refusing.
    pub skip_unsupported: bool,
}

/// How a run ended.
#[derive(Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Everything copied and verified equal.
    Verified,
    /// Verification found differences (already reported).
    Mismatch,
    /// Verified, but for cells the cluster cannot hold (already reported).
    Incomplete,
    /// Stopped by `--max-rows` before the end; a rerun resumes.
    Stopped,
}

/// The default state directory: beside the source, `DIR.migrate`.
pub fn default_state_dir(from: &std::path::Path) -> PathBuf {
    let mut name = from
        .file_name()
        .map(|n| n.to_os_string())
        .unwrap_or_else(|| "data".into());
    name.push(".migrate");
    match from.parent() {
        Some(p) => p.join(name),
        None => PathBuf::from(name),
    }
}

/// Runs a migration: lock and open the source, create the schema, copy
/// what is not done yet, verify.
pub fn run(job: &Job) -> MigrateResult<Outcome> {
    let url = target::parse_url(&job.url)?;
    std::fs::create_dir_all(&job.state_dir).map_err(io(&job.state_dir))?;
    let source = source::Source::open(job)?;
    let outcome = run_on(job, &url, &source);
    // The private copy goes whatever happened; the run's own error first.
    let closed = source.close();
    let outcome = outcome?;
    closed?;
    Ok(outcome)
}

fn run_on(
    job: &Job,
    url: &crate::gateway::driver::url::ClusterUrl,
    source: &source::Source,
) -> MigrateResult<Outcome> {
    let schema = source.engine.schema();
    let (cfs, cluster) = target::prepare(url, &schema, job.skip_unsupported)?;
    let mut progress = state::Progress::open(&job.state_dir, &job.url, &job.from)?;
    let stopped = copy::copy_all(job, source, &cluster, &cfs, &mut progress)?;
    if stopped {
        eprintln!(
            "migrate: stopped after {} rows as asked (--max-rows); run the same command again to \
             resume",
            job.max_rows.unwrap_or(0)
        );
        return Ok(Outcome::Stopped);
    }
    Ok(match verify::verify_all(job, source, &cluster, &cfs)? {
        verify::Verdict::Equal => Outcome::Verified,
        verify::Verdict::Incomplete => Outcome::Incomplete,
        verify::Verdict::Differs => Outcome::Mismatch,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_state_dir_sits_beside_the_source() {
        assert_eq!(
            default_state_dir(std::path::Path::new("/var/lib/sc")),
            PathBuf::from("/var/lib/sc.migrate")
        );
        assert_eq!(
            default_state_dir(std::path::Path::new("data")),
            PathBuf::from("data.migrate")
        );
    }
}
