//! Range deletions of composite tables (`layout::Shape::Composite`, bounds
//! in `table::composite`): one statement per piece of the range. Cells and
//! their one-cell deletions are written by `ops`, with the name split into
//! its clustering columns. Pure: this module must not send nor read.

use crate::gateway::driver::error::GatewayResult;
use crate::gateway::driver::values::Bound;
use crate::gateway::table::composite::{pieces, prefix};
use crate::gateway::table::layout::Layout;
use crate::model::DeletionTime;

/// The statements deleting the names from `start` to `end` (a Thrift
/// slice deletion's bounds, in comparator order): one per piece of the
/// range. No timestamp in a counter CF (as `ops` says why).
pub fn range_deletion(
    layout: &Layout,
    key: &[u8],
    start: &[u8],
    end: &[u8],
    deletion: &DeletionTime,
) -> GatewayResult<Vec<(String, Vec<Bound>)>> {
    let comps = &layout.components;
    let start = prefix(start, true, comps.len(), layout.compound)?;
    let end = prefix(end, false, comps.len(), layout.compound)?;
    let (t, k) = (&layout.table, &layout.key_column);
    let mut out = Vec::new();
    for piece in pieces(start.as_ref(), end.as_ref()) {
        let (mut text, mut values) = if layout.counter {
            (format!("DELETE FROM {t} WHERE {k} = ?"), Vec::new())
        } else {
            (
                format!("DELETE FROM {t} USING TIMESTAMP ? WHERE {k} = ?"),
                vec![Bound::Long(deletion.marked_for_delete_at)],
            )
        };
        values.push(Bound::Bytes(key.to_vec()));
        piece.conditions(comps, &mut text, &mut values);
        out.push((text, values));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{parse_type, CompositeBuilder, Eoc};
    use crate::schema::CfDef;

    fn layout() -> Layout {
        let cf = CfDef::new(
            "K",
            "C",
            10,
            parse_type("CompositeType(UTF8Type,ReversedType(LongType))").unwrap(),
            None,
        );
        Layout::of(&cf, crate::gateway::driver::facts::Storage::Compact).unwrap()
    }

    #[test]
    fn a_range_deletion_deletes_each_piece() {
        let start = CompositeBuilder::new().push(b"a").unwrap().build(Eoc::None);
        let end = CompositeBuilder::new()
            .push(b"c")
            .unwrap()
            .build(Eoc::Start);
        let d = DeletionTime::new(9, 0);
        let stmts = range_deletion(&layout(), b"k", &start, &end, &d).unwrap();
        let texts: Vec<&str> = stmts.iter().map(|(t, _)| t.as_str()).collect();
        assert_eq!(
            texts,
            ["DELETE FROM \"K\".\"C\" USING TIMESTAMP ? WHERE key = ? AND column1 >= ? AND column1 < ?"]
        );
        assert_eq!(stmts[0].1[0], Bound::Long(9));
    }
}
