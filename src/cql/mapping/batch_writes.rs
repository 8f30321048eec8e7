//! A statement's writes, and a BATCH's: every statement at the batch's
//! timestamp, writes to one row of one table merged into one mutation,
//! and the batch's own checks (its TTL, a statement's own timestamp judged
//! once every statement was prepared). Each statement's writes are
//! `write`'s; it must not apply anything.

use super::super::ast::{Batch, Statement, TableName, Using};
use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::assign::literal_checked;
use super::condition::statics;
use super::context::{stamp, WriteContext};
use super::write::{delete_writes, insert_parts, insert_writes, update_writes};
use super::CqlWrite;
use std::collections::HashMap;

/// The writes of one INSERT/UPDATE/DELETE/BATCH against `table` (for a
/// batch, `tables` resolves each inner statement's table).
pub fn statement_writes(
    statement: &Statement,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    match statement {
        Statement::Insert(i) => insert_writes(&tables(&i.table)?, i, None, ctx),
        Statement::Update(u) => update_writes(&tables(&u.table)?, u, None, ctx),
        Statement::Delete(d) => delete_writes(&tables(&d.table)?, d, None, ctx),
        Statement::Batch(b) => batch_writes(b, tables, ctx),
        _ => Err(CqlError::invalid(
            "Only INSERT, UPDATE, DELETE and BATCH statements write",
        )),
    }
}

/// A batch: every statement shares the batch's timestamp (USING TIMESTAMP
/// on the batch, else the server's); writes to one row key are merged.
pub fn batch_writes(
    batch: &Batch,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    let mut writes = BatchWrites::new(&batch.using, ctx)?;
    for s in &batch.statements {
        writes.add(s, tables, ctx)?;
    }
    writes.timestamps_checked()?;
    Ok(writes.finish())
}

/// A batch's writes, gathered statement by statement (so that a caller can
/// drop each statement once it is added): writes to one row key of one
/// table are merged into one, in statement order.
pub struct BatchWrites {
    /// The batch's own `USING TIMESTAMP`, if any.
    timestamped: bool,
    timestamp: i64,
    out: Vec<CqlWrite>,
    /// Where the writes of a row key are in `out`, without a copy of every
    /// key (a batch of small rows would hold its keys twice): the last
    /// write in `out` whose key has this hash, and from each write the one
    /// before it with the same hash (`usize::MAX`: none). A batch of many
    /// rows is not merged in quadratic time.
    by_hash: HashMap<u64, usize>,
    same_hash: Vec<usize>,
    /// Whether a statement of a timestamped batch carried its own: refused
    /// once every statement was made ([`BatchWrites::timestamps_checked`]).
    own_timestamp: std::cell::Cell<bool>,
}

fn key_hash(key: &[u8]) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault};
    BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default().hash_one(key)
}

impl BatchWrites {
    /// Checks the batch's own `USING` (before any statement, as 1.2.9 did).
    pub fn new(using: &Using, ctx: &mut WriteContext) -> CqlResult<BatchWrites> {
        if using.ttl.is_some() {
            return Err(CqlError::invalid(
                "Global TTL on the BATCH statement is not supported.",
            ));
        }
        Ok(BatchWrites {
            timestamped: using.timestamp.is_some(),
            timestamp: stamp(using, None, ctx)?.timestamp,
            out: Vec::new(),
            by_hash: HashMap::new(),
            same_hash: Vec::new(),
            own_timestamp: std::cell::Cell::new(false),
        })
    }

    /// Adds the writes of the batch's next statement.
    pub fn add(
        &mut self,
        s: &Statement,
        tables: &dyn Fn(&TableName) -> CqlResult<Table>,
        ctx: &mut WriteContext,
    ) -> CqlResult<()> {
        let writes = self.statement_writes(s, tables, ctx)?;
        for w in writes {
            let hash = key_hash(&w.row_key);
            let mut at = self.by_hash.get(&hash).copied().unwrap_or(usize::MAX);
            while at != usize::MAX {
                let o = &self.out[at];
                if o.row_key == w.row_key && o.keyspace == w.keyspace && o.table == w.table {
                    break;
                }
                at = self.same_hash[at];
            }
            if at != usize::MAX {
                self.out[at].ops.extend(w.ops);
            } else {
                let before = self.by_hash.insert(hash, self.out.len());
                self.same_hash.push(before.unwrap_or(usize::MAX));
                self.out.push(w);
            }
        }
        Ok(())
    }

    /// Refuses a timestamped batch whose statement carried its own. Every
    /// release prepared each statement (its table, columns and literals)
    /// before `BatchStatement.validate` judged the timestamps: called once
    /// every statement was added.
    pub fn timestamps_checked(&self) -> CqlResult<()> {
        match self.own_timestamp.get() {
            true => Err(CqlError::invalid(
                "Timestamp must be set either on BATCH or individual statements",
            )),
            false => Ok(()),
        }
    }

    /// The merged writes, in the order their rows were first written.
    pub fn finish(self) -> Vec<CqlWrite> {
        self.out
    }

    /// The writes of one of the batch's statements, checked and stamped as
    /// [`BatchWrites::add`] does, for a caller that merges them itself.
    pub fn statement_writes(
        &self,
        s: &Statement,
        tables: &dyn Fn(&TableName) -> CqlResult<Table>,
        ctx: &mut WriteContext,
    ) -> CqlResult<Vec<CqlWrite>> {
        let batch_ts = Some(self.timestamp);
        // BatchStatement.validate: no statement of a timestamped batch may
        // carry its own (an UPDATE's or a DELETE's as an INSERT's).
        let own = match s {
            Statement::Insert(i) => i.using.timestamp.is_some(),
            Statement::Update(u) => u.using.timestamp.is_some(),
            Statement::Delete(d) => d.using.timestamp.is_some(),
            _ => false,
        };
        if self.timestamped && own {
            self.own_timestamp.set(true);
        }
        if self.own_timestamp.get() {
            // The batch is refused once its statements are prepared: only
            // a preparation's refusal comes first now.
            prepared_checked(s, tables, ctx)?;
            return Ok(Vec::new());
        }
        Ok(match s {
            Statement::Insert(i) => insert_writes(&tables(&i.table)?, i, batch_ts, ctx)?,
            Statement::Update(u) => update_writes(&tables(&u.table)?, u, batch_ts, ctx)?,
            Statement::Delete(d) => delete_writes(&tables(&d.table)?, d, batch_ts, ctx)?,
            _ => {
                return Err(CqlError::invalid(
                    "Only INSERT, UPDATE and DELETE statements are allowed in a BATCH",
                ))
            }
        })
    }
}

/// What preparing a batch's statement refused: its table, its columns and
/// their literals (its key's values and binds were read when it ran).
fn prepared_checked(
    s: &Statement,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
    ctx: &mut WriteContext,
) -> CqlResult<()> {
    match s {
        Statement::Insert(i) => insert_parts(&tables(&i.table)?, i, ctx).map(drop),
        Statement::Update(u) => {
            let table = tables(&u.table)?;
            for a in &u.assignments {
                table.known_role(a.column())?;
                literal_checked(&table, a, ctx)?;
            }
            Ok(())
        }
        Statement::Delete(d) => {
            let table = tables(&d.table)?;
            for c in d.columns.iter().map(statics::deleted_column) {
                table.known_role(c)?;
            }
            Ok(())
        }
        _ => Ok(()),
    }
}
