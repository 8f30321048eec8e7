//! What a release's flushes left for its reads: the memtables an engine
//! without a disk keeps as the SSTables the release's later reads met
//! (after 0.8-1.1's `truncate`, the drops from 2.1), and their compaction.
//! It decides only when and which; how reads meet kept tables is the
//! storage `query` folder's.

use super::{Node, NodeError, NodeResult};
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::storage::FlushedReads;

impl Node {
    /// What the release answered as flushed before a `truncate` (every
    /// column family, 0.8 to 1.1), kept by an engine in memory as the
    /// SSTables later reads meet, in that release's order, and compacted
    /// as the release compacted them after a flush.
    pub fn keep_truncate_flush(&self) -> NodeResult<()> {
        let reads = match self.release {
            Some(r) if r.does(Behaviour::TruncateFlushesAll) => FlushedReads::InTurn,
            Some(r) if r.does(Behaviour::TruncateFlushesAllQueued) => FlushedReads::Queued,
            _ => return Ok(()),
        };
        let compacts = self
            .release
            .is_some_and(|r| r.does(Behaviour::CompactsFlushes));
        self.keep_flush(reads, compacts, &|_| true)
    }

    /// What the release flushed when a column family or keyspace was
    /// dropped (from 2.1: every column family of a keyspace with durable
    /// writes), kept and compacted as [`Node::keep_truncate_flush`] keeps.
    pub fn keep_drop_flush(&self) -> NodeResult<()> {
        if !self
            .release
            .is_some_and(|r| r.does(Behaviour::DropFlushesAll))
        {
            return Ok(());
        }
        let schema = self.schema();
        let durable = |cf: &CfDef| {
            schema
                .keyspace(&cf.keyspace)
                .is_some_and(|k| k.durable_writes)
        };
        // 3.x reconciled versions whatever order its sources came in.
        let reads = match self.release {
            Some(r) if r.does(Behaviour::FlushedTiesQueued) => FlushedReads::NewestFirst,
            _ => FlushedReads::InTurn,
        };
        self.keep_flush(reads, true, &durable)
    }

    fn keep_flush(
        &self,
        reads: FlushedReads,
        compacts: bool,
        which: &dyn Fn(&CfDef) -> bool,
    ) -> NodeResult<()> {
        let Some(engine) = self.engine() else {
            return Ok(());
        };
        engine
            .keep_flushed_where(reads, which)
            .and_then(|()| match compacts {
                true => engine.compact_kept(reads),
                false => Ok(()),
            })
            .map_err(|e| NodeError::Internal(e.to_string()))
    }
}
