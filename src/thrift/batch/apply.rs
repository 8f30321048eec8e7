//! A valid non-atomic batch into the engine, a bounded chunk of rows at a
//! time. Owns the memory bound of applying; it validates nothing.

use crate::model::{Op, RowMutation};
use crate::node::{Node, NodeResult};
use std::mem::size_of;

/// About how much memory of a batch's rows one engine call takes at most
/// (their ops, and the commit-log record of the call, which is encoded
/// whole and copied once more into the log's buffer).
pub const APPLY_CHUNK_BYTES: usize = 1 << 20;

/// Memory an op holds beyond its bytes (the op itself, its allocations).
const OP_OVERHEAD: usize = size_of::<Op>() + 32;

/// About how much memory a row's mutation holds.
fn row_bytes(row: &RowMutation) -> usize {
    let ops: usize = row
        .updates
        .iter()
        .flat_map(|(_, ops)| ops)
        .map(|op| {
            OP_OVERHEAD
                + match op {
                    Op::Put { super_column, cell } => {
                        super_column.as_ref().map_or(0, Vec::len)
                            + cell.name.len()
                            + cell.value.len()
                    }
                    Op::CounterAdd {
                        super_column, name, ..
                    } => super_column.as_ref().map_or(0, Vec::len) + name.len(),
                    Op::DeleteRow(_) => 0,
                    Op::DeleteSuperColumn { name, .. } => name.len(),
                    Op::DeleteRange { start, end, .. } => start.len() + end.len(),
                }
        })
        .sum();
    size_of::<RowMutation>() + row.key.len() + ops
}

/// Applies a non-atomic batch's rows (each already valid) a chunk of about
/// [`APPLY_CHUNK_BYTES`] at a time, in their order, dropping each chunk once
/// applied.
///
/// Why: one engine call encodes a commit-log record for every row it is
/// given and keeps the rows until the memtables have them; a whole 16 MB
/// batch of small rows in one call held all of it at once, beside the
/// memtables' growing copy. `batch_mutate` is atomic per row only (so it
/// was in Cassandra: each row mutation was applied on its own), so a row
/// is never split, and a failure leaves the chunks before it applied, as a
/// failure part-way through a Cassandra batch did. `atomic_batch_mutate`
/// must not come here: it is applied in one call.
pub fn apply_in_chunks(node: &Node, rows: impl IntoIterator<Item = RowMutation>) -> NodeResult<()> {
    let mut chunk = Vec::new();
    let mut held = 0;
    for row in rows {
        held += row_bytes(&row);
        chunk.push(row);
        if held >= APPLY_CHUNK_BYTES {
            node.apply_batch(&chunk)?;
            chunk.clear();
            held = 0;
        }
    }
    if chunk.is_empty() {
        return Ok(());
    }
    node.apply_batch(&chunk)
}
