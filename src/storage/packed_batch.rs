//! A batch of single-column-family row mutations held packed: every
//! statement's ops in their commit-log encoding (`codec::put_op`) back to
//! back in one buffer, with 16 bytes of bookkeeping each.
//!
//! Why: a batch of many small rows held as `RowMutation`s costs some 500
//! bytes a row however small it is on the wire (the keyspace and column
//! family names, the key, the op vector, each cell's name and value: a
//! dozen allocations), several times the request's own size. Packed, it
//! costs about its commit-log record; the engine logs the ops as they are
//! and decodes one row at a time to validate and apply it.
//!
//! Owns the packing and, when asked, the merging of a batch's writes to one
//! row key of one column family into one mutation (in statement order, the
//! rows in the order they were first written). It must not validate the
//! ops (the engine does, against its schema) nor apply them.

use super::codec::{decode_ops, put_op, put_record_head, CodecError};
use crate::model::{Op, RowMutation};

/// Mutations being packed (see [`PackedBatch`]).
pub struct PackedBatchBuilder {
    batch: PackedBatch,
    merge: bool,
}

/// Packed mutations, each of one row key in one column family.
#[derive(Debug, Default)]
pub struct PackedBatch {
    /// (keyspace, column family) of the entries, in order of first use (a
    /// batch touches few).
    tables: Vec<(String, String)>,
    /// Each entry's key, then its ops.
    data: Vec<u8>,
    entries: Vec<Entry>,
    /// The entries in the order they are applied, one row's consecutive,
    /// when some rows have several (merged rows); `None`: one row each, in
    /// the order given.
    order: Option<Vec<u32>>,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    /// Where its key starts in `data` (its ops end where the next entry
    /// starts).
    at: usize,
    key_len: u32,
    table: u32,
    nops: u32,
}

impl PackedBatchBuilder {
    /// Rows pushed one after another; with `merge_rows`, the pushes to one
    /// row key of one column family become one mutation.
    pub fn new(merge_rows: bool) -> PackedBatchBuilder {
        PackedBatchBuilder {
            batch: PackedBatch::default(),
            merge: merge_rows,
        }
    }

    /// Adds `ops` to row `key` of `keyspace`.`cf` (no ops is still a
    /// mutation, as a `RowMutation` with none would be).
    pub fn push(
        &mut self,
        keyspace: &str,
        cf: &str,
        key: &[u8],
        ops: impl IntoIterator<Item = Op>,
    ) {
        let b = &mut self.batch;
        // The table of the last entry first: a batch mostly writes one.
        let last = b.entries.last().map(|e| e.table as usize);
        let table = match last.filter(|&t| b.tables[t].0 == keyspace && b.tables[t].1 == cf) {
            Some(t) => t,
            None => match b.tables.iter().position(|(k, c)| k == keyspace && c == cf) {
                Some(t) => t,
                None => {
                    b.tables.push((keyspace.to_string(), cf.to_string()));
                    b.tables.len() - 1
                }
            },
        };
        let at = b.data.len();
        b.data.extend_from_slice(key);
        let mut nops = 0u32;
        for op in ops {
            put_op(&mut b.data, &op);
            nops += 1;
        }
        b.entries.push(Entry {
            at,
            key_len: key.len() as u32,
            table: table as u32,
            nops,
        });
    }

    /// The batch, its rows merged if asked.
    pub fn finish(self) -> PackedBatch {
        let mut b = self.batch;
        if self.merge {
            b.order = b.merged_order();
        }
        b.data.shrink_to_fit();
        b.entries.shrink_to_fit();
        b
    }
}

impl PackedBatch {
    /// How many row mutations.
    pub fn len(&self) -> usize {
        self.rows().count()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The (keyspace, column family) pairs written, in order of first write.
    pub fn tables(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tables.iter().map(|(k, c)| (k.as_str(), c.as_str()))
    }

    /// The row mutations, in order.
    pub fn rows(&self) -> impl Iterator<Item = PackedRow<'_>> {
        let n = self.entries.len();
        let mut i = 0;
        std::iter::from_fn(move || {
            if i >= n {
                return None;
            }
            let first = self.entry_at(i);
            let start = i;
            i += 1;
            if self.order.is_some() {
                while i < n && self.same_row(first, self.entry_at(i)) {
                    i += 1;
                }
            }
            Some(PackedRow {
                batch: self,
                from: start,
                to: i,
            })
        })
    }

    /// Every row as a `RowMutation` (for a backend without packed writes).
    pub fn to_mutations(&self) -> Result<Vec<RowMutation>, CodecError> {
        self.rows().map(|r| r.mutation()).collect()
    }

    fn entry_at(&self, i: usize) -> usize {
        match &self.order {
            Some(order) => order[i] as usize,
            None => i,
        }
    }

    fn key(&self, e: usize) -> &[u8] {
        let e = &self.entries[e];
        &self.data[e.at..e.at + e.key_len as usize]
    }

    fn ops(&self, e: usize) -> &[u8] {
        let entry = &self.entries[e];
        let end = self.entries.get(e + 1).map_or(self.data.len(), |n| n.at);
        &self.data[entry.at + entry.key_len as usize..end]
    }

    fn same_row(&self, a: usize, b: usize) -> bool {
        self.entries[a].table == self.entries[b].table && self.key(a) == self.key(b)
    }

    /// The entries grouped by row, the rows in the order of their first
    /// entry and each row's entries in theirs; `None` when no row has two.
    fn merged_order(&self) -> Option<Vec<u32>> {
        let n = self.entries.len();
        let mut by_row: Vec<u32> = (0..n as u32).collect();
        // Stable: a row's entries stay in statement order, its first first.
        by_row.sort_by(|&a, &b| {
            let (a, b) = (a as usize, b as usize);
            (self.entries[a].table, self.key(a)).cmp(&(self.entries[b].table, self.key(b)))
        });
        // (first entry, where the row starts in `by_row`, how many).
        let mut rows: Vec<(u32, u32, u32)> = Vec::new();
        for (at, &e) in by_row.iter().enumerate() {
            match rows.last_mut() {
                Some(r) if self.same_row(r.0 as usize, e as usize) => r.2 += 1,
                _ => rows.push((e, at as u32, 1)),
            }
        }
        if rows.len() == n {
            return None;
        }
        rows.sort_unstable_by_key(|r| r.0);
        let mut order = Vec::with_capacity(n);
        for (_, at, len) in rows {
            order.extend_from_slice(&by_row[at as usize..(at + len) as usize]);
        }
        Some(order)
    }
}

/// One row mutation of a [`PackedBatch`]: one or more entries.
#[derive(Clone, Copy)]
pub struct PackedRow<'a> {
    batch: &'a PackedBatch,
    from: usize,
    to: usize,
}

impl<'a> PackedRow<'a> {
    fn first(&self) -> &'a Entry {
        &self.batch.entries[self.batch.entry_at(self.from)]
    }

    pub fn keyspace(&self) -> &'a str {
        &self.batch.tables[self.first().table as usize].0
    }

    pub fn cf(&self) -> &'a str {
        &self.batch.tables[self.first().table as usize].1
    }

    pub fn key(&self) -> &'a [u8] {
        self.batch.key(self.batch.entry_at(self.from))
    }

    fn parts(&self) -> impl Iterator<Item = usize> + '_ {
        (self.from..self.to).map(|i| self.batch.entry_at(i))
    }

    /// How many ops.
    pub fn nops(&self) -> usize {
        self.parts()
            .map(|e| self.batch.entries[e].nops as usize)
            .sum()
    }

    /// Its ops, decoded.
    pub fn ops(&self) -> Result<Vec<Op>, CodecError> {
        let mut ops = Vec::with_capacity(self.nops());
        for e in self.parts() {
            ops.extend(decode_ops(
                self.batch.ops(e),
                self.batch.entries[e].nops as usize,
            )?);
        }
        Ok(ops)
    }

    /// It as a `RowMutation`.
    pub fn mutation(&self) -> Result<RowMutation, CodecError> {
        Ok(RowMutation {
            keyspace: self.keyspace().to_string(),
            key: self.key().to_vec(),
            updates: vec![(self.cf().to_string(), self.ops()?)],
        })
    }

    /// Its commit-log record (`codec::encode_mutation_with_token`'s bytes
    /// for its mutation), its column family being `cf_id` and its key's
    /// packed token `token` (or none), into `out`.
    pub fn encode(&self, cf_id: u32, token: &[u8], out: &mut Vec<u8>) {
        put_record_head(out, (self.key(), token), cf_id, self.nops());
        for e in self.parts() {
            out.extend_from_slice(self.batch.ops(e));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Cell, DeletionTime};

    fn put(name: &str, ts: i64) -> Op {
        Op::Put {
            super_column: None,
            cell: Cell::live(name.as_bytes().to_vec(), b"v".to_vec(), ts),
        }
    }

    fn row(ks: &str, cf: &str, key: &str, ops: Vec<Op>) -> RowMutation {
        RowMutation {
            keyspace: ks.into(),
            key: key.as_bytes().to_vec(),
            updates: vec![(cf.into(), ops)],
        }
    }

    #[test]
    fn unmerged_rows_come_back_as_pushed() {
        let mut b = PackedBatchBuilder::new(false);
        b.push("ks", "a", b"k1", [put("x", 1)]);
        b.push(
            "ks",
            "a",
            b"k1",
            [put("y", 2), Op::DeleteRow(DeletionTime::new(3, 4))],
        );
        b.push("ks", "b", b"", []);
        let b = b.finish();
        assert_eq!(b.len(), 3);
        assert_eq!(
            b.to_mutations().unwrap(),
            vec![
                row("ks", "a", "k1", vec![put("x", 1)]),
                row(
                    "ks",
                    "a",
                    "k1",
                    vec![put("y", 2), Op::DeleteRow(DeletionTime::new(3, 4))]
                ),
                row("ks", "b", "", vec![]),
            ]
        );
        let tables: Vec<_> = b.tables().collect();
        assert_eq!(tables, vec![("ks", "a"), ("ks", "b")]);
    }

    #[test]
    fn merged_rows_keep_first_write_order_and_statement_order() {
        let mut b = PackedBatchBuilder::new(true);
        b.push("ks", "a", b"k2", [put("1", 1)]);
        b.push("ks", "a", b"k1", [put("2", 1)]);
        b.push("ks", "b", b"k2", [put("3", 1)]);
        b.push("ks", "a", b"k2", [put("4", 1), put("5", 1)]);
        b.push("ks2", "a", b"k1", [put("6", 1)]);
        b.push("ks", "a", b"k1", [put("7", 1)]);
        let b = b.finish();
        assert_eq!(
            b.to_mutations().unwrap(),
            vec![
                row("ks", "a", "k2", vec![put("1", 1), put("4", 1), put("5", 1)]),
                row("ks", "a", "k1", vec![put("2", 1), put("7", 1)]),
                row("ks", "b", "k2", vec![put("3", 1)]),
                row("ks2", "a", "k1", vec![put("6", 1)]),
            ]
        );
    }

    #[test]
    fn a_row_is_logged_as_its_mutation_would_be() {
        let schema = crate::storage::testutil::schema(std::sync::Arc::new(
            crate::partitioner::ByteOrderedPartitioner,
        ));
        let id = schema.cf("ks", "Std").unwrap().id;
        let mut b = PackedBatchBuilder::new(true);
        let ops = vec![put("x", 1), Op::DeleteRow(DeletionTime::new(3, 4))];
        b.push("ks", "Std", b"k", ops[..1].to_vec());
        b.push("ks", "Std", b"k", ops[1..].to_vec());
        let b = b.finish();
        let row0 = b.rows().next().unwrap();
        let mut out = Vec::new();
        row0.encode(id, &[], &mut out);
        let m = row("ks", "Std", "k", ops);
        assert_eq!(out, super::super::codec::encode_mutation(&schema, &m));
        out.clear();
        row0.encode(id, &[7; 9], &mut out);
        let with_token = super::super::codec::encode_mutation_with_token(&schema, &m, &[7; 9]);
        assert_eq!(out, with_token);
    }

    /// Applied by the engine, a packed batch is validated whole (an invalid
    /// op anywhere refuses all of it), applied, and logged so that a
    /// restart replays it.
    #[test]
    fn the_engine_applies_logs_and_replays_a_packed_batch_whole() {
        use crate::partitioner::ByteOrderedPartitioner;
        use crate::storage::testutil::{pairs, range, schema};
        use crate::storage::{Engine, EngineOptions, ManualClock, StorageError};
        use std::sync::Arc;
        let dir = tempfile::tempdir().unwrap();
        let open = || {
            let clock = Arc::new(ManualClock::new(1_000_000));
            let mut opts = EngineOptions::in_memory(clock);
            opts.data_dir = Some(dir.path().to_path_buf());
            Engine::open(schema(Arc::new(ByteOrderedPartitioner)), opts).unwrap()
        };
        let engine = open();
        let mut bad = PackedBatchBuilder::new(true);
        bad.push("ks", "Std", b"a", [put("x", 1)]);
        bad.push("ks", "Super", b"a", [put("y", 1)]);
        assert!(matches!(
            engine.apply_packed(&bad.finish()),
            Err(StorageError::Invalid(_))
        ));
        let mut b = PackedBatchBuilder::new(true);
        b.push("ks", "Std", b"a", [put("x", 1)]);
        b.push("ks", "Std", b"b", [put("y", 1)]);
        b.push("ks", "Std", b"a", [put("z", 2), put("x", 3)]);
        engine.apply_packed(&b.finish()).unwrap();
        let read = |e: &Engine, key: &str| {
            pairs(
                &e.read(&range("Std", "", "", false, 10), key.as_bytes())
                    .unwrap(),
            )
        };
        let want_a = vec![("x".to_string(), "v".to_string()), ("z".into(), "v".into())];
        let want_b = vec![("y".to_string(), "v".to_string())];
        assert_eq!(read(&engine, "a"), want_a);
        assert_eq!(read(&engine, "b"), want_b);
        drop(engine);
        let engine = open();
        assert_eq!(read(&engine, "a"), want_a);
        assert_eq!(read(&engine, "b"), want_b);
    }
}
