//! A source partition's cells laid out as the proposed table's rows: the
//! one mapping the dry run sizes and the backfill writes, so that what is
//! measured is what would be written.
//!
//! Each live cell keeps its value, timestamp and TTL (its expiry time
//! unchanged); only its partition and name move. A row's key values come
//! from the source row (its key columns, or a regular column promoted into
//! the key, whose own cell is then not written) or from the bucket. A row
//! that loses a promoted cell and had no row marker gets one at that
//! cell's timestamp, so that it exists as it did. A row with no value for
//! a key column (a null) cannot be placed and is counted as skipped.
//! Tombstones are not carried: the table is new. It must not read or write.

use super::propose::Proposal;
use super::{AdvisorError, AdvisorResult};
use crate::cql::mapping::{cell_name, marker_name, parse_name, row_key, split_row_key, ParsedName};
use crate::cql::table::{ColumnRole, Table};
use crate::marshal::is_static_name;
use crate::model::Cell;

/// One row of the proposed table.
#[derive(Debug, Clone)]
pub struct TargetRow {
    /// Its partition key (row key bytes).
    pub key: Vec<u8>,
    /// The partition key without the bucket (the same when unbucketed).
    pub base_key: Vec<u8>,
    /// The bucket value, when bucketed.
    pub bucket: Option<Vec<u8>>,
    pub cells: Vec<Cell>,
}

/// A source cell with its parsed name.
type Named = (ParsedName, Cell);

/// What a partition carries from its first chunk to the next.
#[derive(Default)]
pub struct PartitionState {
    statics: Vec<(ParsedName, Cell)>,
}

/// Where a proposed key column's value comes from.
enum Part {
    Source(ColumnRole, String),
    Bucket,
}

/// The mapping of one proposal.
pub struct Reshape {
    pub proposal: Proposal,
    pub target: Table,
    partition: Vec<Part>,
    clustering: Vec<Part>,
    /// The target's key column names (their cells are not copied).
    key_names: Vec<String>,
    /// The bucket's time column, when a time bucket.
    time_column: Option<String>,
}

impl Reshape {
    pub fn new(proposal: &Proposal, keyspace: &str) -> AdvisorResult<Reshape> {
        let target = proposal.target_table(keyspace)?;
        let source = &proposal.source;
        let part = |k: &super::propose::KeyColumn| -> AdvisorResult<Part> {
            if k.is_bucket {
                return Ok(Part::Bucket);
            }
            let role = source.role(&k.column.name).ok_or_else(|| {
                AdvisorError::Internal(format!("no source column {}", k.column.name))
            })?;
            Ok(Part::Source(role, k.column.name.clone()))
        };
        let partition = proposal
            .partition
            .iter()
            .map(part)
            .collect::<AdvisorResult<_>>()?;
        let clustering = proposal
            .clustering
            .iter()
            .map(|(k, _)| part(k))
            .collect::<AdvisorResult<_>>()?;
        let key_names = proposal
            .partition
            .iter()
            .chain(proposal.clustering.iter().map(|(k, _)| k))
            .map(|k| k.column.name.clone())
            .collect();
        let time_column = match &proposal.bucket {
            Some(super::split::Bucket::Time { column, .. }) => Some(column.clone()),
            _ => None,
        };
        Ok(Reshape {
            proposal: proposal.clone(),
            target,
            partition,
            clustering,
            key_names,
            time_column,
        })
    }

    /// The target rows of a chunk of one source partition's cells (whole
    /// rows, in comparator order); `state` carries its static cells.
    /// Returns the rows and how many source rows were skipped (a null key).
    pub fn rows(
        &self,
        key: &[u8],
        cells: &[Cell],
        state: &mut PartitionState,
        now: i32,
    ) -> AdvisorResult<(Vec<TargetRow>, u64)> {
        let source = &self.proposal.source;
        let pvals = split_row_key(source, key)?;
        let mut groups: Vec<(Vec<Vec<u8>>, Vec<Named>)> = Vec::new();
        for cell in cells {
            if !cell.is_live(now) {
                continue;
            }
            let Some(parsed) = parse_name(source, &cell.name) else {
                continue;
            };
            if source.has_statics() && is_static_name(&cell.name) {
                state.statics.push((parsed, cell.clone()));
                continue;
            }
            match groups.last_mut() {
                Some((c, g)) if *c == parsed.clustering => g.push((parsed, cell.clone())),
                _ => groups.push((parsed.clustering.clone(), vec![(parsed, cell.clone())])),
            }
        }
        let mut out = Vec::with_capacity(groups.len());
        let mut skipped = 0;
        for (clustering, group) in groups {
            match self.row(&pvals, &clustering, &group, &state.statics)? {
                Some(r) => out.push(r),
                None => skipped += 1,
            }
        }
        Ok((out, skipped))
    }

    /// One source row's target row; `None` when a key value is missing.
    fn row(
        &self,
        pvals: &[Vec<u8>],
        clustering: &[Vec<u8>],
        group: &[(ParsedName, Cell)],
        statics: &[(ParsedName, Cell)],
    ) -> AdvisorResult<Option<TargetRow>> {
        let all = || group.iter().chain(statics);
        let regular = |name: &str| -> Option<Vec<u8>> {
            all()
                .find(|(p, _)| p.column.as_deref() == Some(name) && p.element.is_none())
                .map(|(_, c)| c.value.to_vec())
        };
        let value = |part: &Part, bucket: &Option<Vec<u8>>| -> Option<Vec<u8>> {
            match part {
                Part::Source(ColumnRole::PartitionKey(i), _) => pvals.get(*i).cloned(),
                Part::Source(ColumnRole::Clustering(i), _) => clustering.get(*i).cloned(),
                Part::Source(ColumnRole::Regular(_), name) => regular(name),
                Part::Bucket => bucket.clone(),
            }
        };
        let no_bucket = None;
        let mut tclust = Vec::with_capacity(self.clustering.len());
        for p in &self.clustering {
            let Some(v) = value(p, &no_bucket) else {
                return Ok(None);
            };
            tclust.push(v);
        }
        let bucket = match &self.proposal.bucket {
            None => None,
            Some(b) => {
                let time = self.time_column.as_deref().and_then(|c| {
                    self.proposal
                        .source
                        .role(c)
                        .and_then(|r| value(&Part::Source(r, c.to_string()), &None))
                });
                match b.value(time.as_deref(), &tclust) {
                    Some(v) => Some(v),
                    None => return Ok(None),
                }
            }
        };
        let mut pk = Vec::with_capacity(self.partition.len());
        let mut base = Vec::with_capacity(self.partition.len());
        for p in &self.partition {
            let Some(v) = value(p, &bucket).filter(|v| !v.is_empty()) else {
                return Ok(None);
            };
            if !matches!(p, Part::Bucket) {
                base.push(v.clone());
            }
            pk.push(v);
        }
        let key = row_key(&self.target, &pk)?;
        let base_key = if bucket.is_some() {
            row_key(&self.target, &base)?
        } else {
            key.clone()
        };
        let mut cells = Vec::with_capacity(group.len() + statics.len() + 1);
        let mut marker = false;
        let mut dropped: Option<&Cell> = None;
        for (parsed, cell) in all() {
            let name = match &parsed.column {
                None => {
                    marker = true;
                    marker_name(&tclust)?
                }
                Some(col) if self.key_names.contains(col) => {
                    if dropped.is_none_or(|d| d.timestamp < cell.timestamp) {
                        dropped = Some(cell);
                    }
                    continue;
                }
                Some(col) => cell_name(&self.target, &tclust, col, parsed.element.as_deref())?,
            };
            cells.push(Cell {
                name,
                value: cell.value.clone(),
                timestamp: cell.timestamp,
                kind: cell.kind,
            });
        }
        if let (false, Some(d)) = (marker, dropped) {
            cells.push(Cell {
                name: marker_name(&tclust)?,
                value: Vec::new(),
                timestamp: d.timestamp,
                kind: d.kind,
            });
        }
        Ok(Some(TargetRow {
            key,
            base_key,
            bucket,
            cells,
        }))
    }
}
