//! One record made ready to insert: decoded (plain puts in place, borrowed
//! from the segment; anything else whole), checked against its CFs, and
//! split into one item per CF that still needs it. It must not insert.

use super::order::Ordered;
use crate::model::{CellView, Op};
use crate::partitioner::{DecoratedKey, PartitionerRef};
use crate::schema::CfDef;
use crate::storage::codec::{decode_logged, logged_puts};
use crate::storage::commitlog::Position;
use crate::storage::row::validate_op;
use crate::storage::store::CfStore;
use std::ops::Range;
use std::sync::Arc;

/// One CF's part of one record, decoded and checked, ready to insert.
/// Its CF is `target`, an index into the targets replay resolved.
pub(super) enum Item<'a> {
    /// Plain puts (see `codec::logged_puts`): the row's packed key (from
    /// `order`) and its cells, `cells[cells]` of the chunk.
    Puts {
        target: usize,
        key: &'a [u8],
        cells: Range<usize>,
        position: (u64, u64),
    },
    /// Anything else, decoded whole.
    Ops {
        target: usize,
        key: DecoratedKey,
        ops: Vec<Op>,
        position: (u64, u64),
    },
}

/// Records decoded at once before they are inserted (the vectors are
/// reused from one chunk to the next).
#[derive(Default)]
pub(super) struct Chunk<'a> {
    pub items: Vec<Item<'a>>,
    /// The borrowed cells of every `Item::Puts`.
    pub cells: Vec<CellView<'a>>,
}

/// A CF as replay sees it: its store, definition and whether its plain
/// puts may be inserted in place (a Standard CF, not of counters, without
/// an index: then such a put always fits it and touches nothing else).
pub(super) struct Target<'a> {
    pub id: u32,
    pub store: &'a CfStore,
    pub def: Arc<CfDef>,
    pub in_place: bool,
    /// Records before this are already in its SSTables (`replay_from`).
    pub from: Option<Position>,
}

/// Decodes one record and pushes an item for each CF that still needs
/// it; false when none does. `cfs` is scratch space.
pub(super) fn prepare<'a>(
    (partitioner, targets): (&PartitionerRef, &[Target<'a>]),
    r: &Ordered<'a>,
    packed: &'a [u8],
    cfs: &mut Vec<(u32, Range<usize>)>,
    chunk: &mut Chunk<'a>,
) -> bool {
    let position = r.position;
    let at = (position.segment, position.offset);
    let payload = r.payload;
    // Records of CFs no longer in the schema, and CFs whose SSTables
    // already hold this record, are left out.
    let wanted = |id: &u32| {
        let i = targets.iter().position(|t| t.id == *id)?;
        let done = targets[i].from.is_some_and(|from| position < from);
        (!done).then_some((i, &targets[i]))
    };
    cfs.clear();
    let mark = chunk.cells.len();
    if let Ok(Some(key)) = logged_puts(payload, cfs, &mut chunk.cells) {
        // The key `order` packed ends with the record's own key (always:
        // it was read from this record); in place only if every CF that
        // still wants the record takes plain puts in place.
        let in_place = !packed.is_empty()
            && packed.ends_with(key)
            && cfs
                .iter()
                .all(|(id, _)| wanted(id).is_none_or(|(_, t)| t.in_place));
        if in_place {
            let before = chunk.items.len();
            for (id, cells) in cfs.drain(..) {
                if let Some((target, _)) = wanted(&id) {
                    chunk.items.push(Item::Puts {
                        target,
                        key: packed,
                        cells,
                        position: at,
                    });
                }
            }
            return chunk.items.len() > before;
        }
    }
    chunk.cells.truncate(mark);
    let logged = match decode_logged(payload) {
        Ok(l) => l,
        Err(e) => {
            tracing::warn!("skipping undecodable commit log record at {position}: {e}");
            return false;
        }
    };
    let updates: Vec<(usize, &CfDef, Vec<Op>)> = logged
        .updates
        .into_iter()
        .filter_map(|(id, ops)| wanted(&id).map(|(i, t)| (i, &*t.def, ops)))
        .collect();
    // A record that does not fit its CFs any more is skipped whole.
    let fits = updates
        .iter()
        .all(|(_, def, ops)| ops.iter().all(|op| validate_op(def, op).is_ok()));
    if updates.is_empty() || !fits {
        return false;
    }
    // The key `order` packed for this record, decorated again only if it
    // somehow is not this record's (it always is).
    let key = crate::storage::memtable::arena::row_key::unpack(packed)
        .filter(|k| k.key == logged.key)
        .unwrap_or_else(|| partitioner.decorate(logged.key));
    for (target, _, ops) in updates {
        chunk.items.push(Item::Ops {
            target,
            key: key.clone(),
            ops,
            position: at,
        });
    }
    true
}
