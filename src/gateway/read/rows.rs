//! The rows of a key range or of an index query: their keys a batch at a
//! time (`scan`, `index`), each batch's rows read concurrently, and handed
//! on one by one in the keys' order.
//!
//! Why: read one after another, a range of N rows was N + 1 requests to
//! the cluster in a row, each waiting for the one before; now a batch is two
//! round trips (its keys, then its rows, at most [`READS_IN_FLIGHT`] at a
//! time). What a caller sees is what reading the rows one by one showed:
//! the rows in key order, each shown to `take` as it comes, the walk
//! stopped where `take` says (the rows read past that point are dropped),
//! and the first error in key order (counted; errors of reads past it are
//! neither answered nor counted).
//!
//! Memory stays what one row read at a time held: the reads of a batch
//! share the bytes a row may take, each reading at most its share; a row
//! over its share (rare: with the default message limit of 16 MiB, a row of
//! more than about 160 KiB in a batch of 100 keys) is read again alone, with
//! all of them.

use super::index::{self, Plan};
use super::row;
use super::scan::{self, Piece};
use crate::call::Consistency;
use crate::gateway::driver::error::GatewayResult;
use crate::gateway::session::Inner;
use crate::gateway::{block_on, Cluster};
use crate::model::{Bytes, ReadCommand, RowResult};
use futures_util::StreamExt;

/// Rows of one batch read at a time.
pub const READS_IN_FLIGHT: usize = 32;

/// Where a walk's keys come from.
pub(in crate::gateway) enum Keys<'a> {
    /// Every key with data in the CF a command reads.
    All(&'a ReadCommand),
    /// The keys an index plan finds.
    Indexed(&'a Plan),
}

impl Keys<'_> {
    async fn after(
        &self,
        inner: &Inner,
        piece: &Piece,
        after: Option<&[u8]>,
        limit: usize,
        cl: Consistency,
    ) -> GatewayResult<Vec<Bytes>> {
        match self {
            Keys::All(cmd) => scan::keys(inner, cmd, piece, after, limit, cl).await,
            Keys::Indexed(plan) => index::keys(inner, plan, piece, after, limit, cl).await,
        }
    }
}

/// What a walk reads: whose keys, each row with which command, a row's
/// bytes at most, at which level.
pub(in crate::gateway) struct Walk<'a> {
    pub keys: Keys<'a>,
    pub cmd: &'a ReadCommand,
    pub max_row_bytes: usize,
    pub cl: Consistency,
}

/// One batch's keys with each one's row read (`None`: over its share).
type Batch = Vec<(Bytes, GatewayResult<Option<RowResult>>)>;

impl Walk<'_> {
    /// Walks `pieces` in token order, each next batch of a piece's keys
    /// after the last one seen (at most as many as rows are still wanted),
    /// and hands each key with its row (`None`: over `max_row_bytes`) to
    /// `take`, which adds it to the answer (or not) and says whether to go
    /// on; at most `max_rows`.
    pub fn rows(
        &self,
        cluster: &Cluster,
        pieces: Vec<Piece>,
        max_rows: usize,
        mut take: impl FnMut(Bytes, Option<RowResult>, &mut Vec<(Bytes, RowResult)>) -> bool,
    ) -> GatewayResult<Vec<(Bytes, RowResult)>> {
        let inner = &*cluster.inner;
        let mut out = Vec::new();
        for piece in pieces {
            let mut after: Option<Bytes> = None;
            while out.len() < max_rows {
                let limit = (max_rows - out.len()).min(scan::KEYS_PER_BATCH);
                let batch = self.batch(inner, &piece, after.as_deref(), limit);
                let rows = inner.counted(block_on(&cluster.driver, batch))?;
                let done = rows.len() < limit;
                after = rows.last().map(|(key, _)| key.clone());
                for (key, row) in rows {
                    let row = match inner.counted(row)? {
                        // Over its share: again, alone, with all the bytes.
                        None if self.share(limit) < self.max_row_bytes => {
                            cluster.read(self.cmd, &key, self.max_row_bytes, self.cl)?
                        }
                        row => row,
                    };
                    if !take(key, row, &mut out) {
                        return Ok(out);
                    }
                }
                if done {
                    break;
                }
            }
        }
        Ok(out)
    }

    /// The bytes each row of a batch of up to `limit` keys may take: the
    /// batch's rows together, held until they are taken, take no more than
    /// one row may.
    fn share(&self, limit: usize) -> usize {
        self.max_row_bytes / limit.max(1)
    }

    /// Up to `limit` keys of `piece` after `after`, each with its row.
    async fn batch(
        &self,
        inner: &Inner,
        piece: &Piece,
        after: Option<&[u8]>,
        limit: usize,
    ) -> GatewayResult<Batch> {
        let keys = self.keys.after(inner, piece, after, limit, self.cl).await?;
        let share = self.share(limit);
        // The futures are made first: a closure in the stream would not be
        // general enough over lifetimes for the runtime's `Send` bound.
        let reads: Vec<_> = keys
            .iter()
            .map(|key| row::read_row(inner, self.cmd, key, share, self.cl))
            .collect();
        let rows: Vec<_> = futures_util::stream::iter(reads)
            .buffered(READS_IN_FLIGHT)
            .collect()
            .await;
        Ok(keys.into_iter().zip(rows).collect())
    }
}
