//! Ordered scans of an SSTable from a key or token bound: walking the index
//! segment by segment and cutting small partitions out of a read-ahead
//! window of the Data file (one read per 256 KiB instead of one per
//! partition; the first window stops at the partitions of the first index
//! segment, so a scan that stops after ten rows reads about ten rows);
//! larger partitions are opened lazily. It must not know cell formats.

use std::ops::Bound;
use std::sync::Arc;

use super::files::Inner;
use super::format::IndexEntry;
use super::partition::PartitionReader;
use super::SSTableError;
use crate::partitioner::{DecoratedKey, Token};

/// Where a scan begins.
pub(crate) enum Start {
    Key(Bound<DecoratedKey>),
    Token(Bound<Token>),
}

impl Start {
    fn admits(&self, key: &DecoratedKey) -> bool {
        match self {
            Start::Key(Bound::Unbounded) | Start::Token(Bound::Unbounded) => true,
            Start::Key(Bound::Included(k)) => key >= k,
            Start::Key(Bound::Excluded(k)) => key > k,
            Start::Token(Bound::Included(t)) => key.token >= *t,
            Start::Token(Bound::Excluded(t)) => key.token > *t,
        }
    }
}

/// Iterator of [`SSTableReader::scan_partitions`]. Stops after the first error.
pub struct ScanPartitions {
    inner: Arc<Inner>,
    /// `None` once the scan is past its start: every later key qualifies.
    start: Option<Start>,
    segment: usize,
    pending: std::vec::IntoIter<IndexEntry>,
    /// Read-ahead of the Data file: (offset, bytes). Small partitions are cut
    /// from it instead of costing one read each.
    window: Option<(u64, Vec<u8>)>,
    done: bool,
}

/// Bytes of Data a scan reads at once; partitions larger than this are read lazily.
const SCAN_READ_AHEAD: u64 = 256 * 1024;

impl ScanPartitions {
    pub(crate) fn new(inner: Arc<Inner>, start: Start) -> Self {
        let summary = &inner.summary;
        // The segment holding the first wanted key is the last one starting before it.
        let after = match &start {
            Start::Key(Bound::Unbounded) | Start::Token(Bound::Unbounded) => 0,
            Start::Key(Bound::Included(k) | Bound::Excluded(k)) => {
                summary.partition_point(|s| s.first_key <= *k)
            }
            Start::Token(Bound::Included(t)) => summary.partition_point(|s| s.first_key.token < *t),
            Start::Token(Bound::Excluded(t)) => {
                summary.partition_point(|s| s.first_key.token <= *t)
            }
        };
        ScanPartitions {
            inner,
            start: Some(start),
            segment: after.saturating_sub(1),
            pending: Vec::new().into_iter(),
            window: None,
            done: false,
        }
    }

    fn load(&mut self, entry: &IndexEntry) -> Result<PartitionReader, SSTableError> {
        let (start, end) = (entry.data_offset, entry.end());
        if end - start > SCAN_READ_AHEAD {
            return PartitionReader::load(self.inner.clone(), entry, false);
        }
        let covered = matches!(&self.window, Some((w, bytes)) if *w <= start && end <= w + bytes.len() as u64);
        if !covered {
            // The first window stops at the last partition of the index
            // segment in hand (a scan asked for ten rows reads about ten
            // rows, not 256 KiB); a scan that goes on reads ahead fully.
            let limit = if self.window.is_none() {
                let known_end = self.pending.as_slice().last().map_or(end, |e| e.end());
                known_end.max(end) - start
            } else {
                self.inner.stats.data_len - start
            };
            let len = SCAN_READ_AHEAD.min(limit);
            let mut buf = self.window.take().map(|(_, b)| b).unwrap_or_default();
            self.inner.read_data_into(start, len, &mut buf)?;
            self.window = Some((start, buf));
        }
        let (w, bytes) = self.window.as_ref().expect("window just filled");
        let slice = bytes[(start - w) as usize..(end - w) as usize].to_vec();
        PartitionReader::from_bytes(self.inner.clone(), entry, slice)
    }
}

impl Iterator for ScanPartitions {
    type Item = Result<PartitionReader, SSTableError>;

    fn next(&mut self) -> Option<Self::Item> {
        while !self.done {
            if let Some(entry) = self.pending.next() {
                if let Some(start) = &self.start {
                    if !start.admits(&entry.key) {
                        continue;
                    }
                    self.start = None;
                }
                let r = self.load(&entry);
                self.done = r.is_err();
                return Some(r);
            }
            if self.segment >= self.inner.summary.len() {
                self.done = true;
                break;
            }
            match self.inner.read_segment(self.segment) {
                Ok(entries) => {
                    self.pending = entries.into_iter();
                    self.segment += 1;
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}
