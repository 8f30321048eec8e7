//! How 3.0 and 3.11 answered a reversed slice of a column family declared
//! with column metadata (a Standard CF whose comparator is not
//! composite): 3.x made it a static compact table, whose declared columns
//! are the static row's cells and every other column a clustering row.
//! Its Thrift reads merged the static cells, ascending, into the rows as
//! they came, taking whichever name sorted first: a forward slice stayed
//! in the comparator's order, a reversed one gave the declared columns
//! that sort before the next row first. That merge was made in each
//! source of the row (the memtable, each SSTable a flush left), whose
//! streams were then merged as if each were in the slice's order, the
//! greatest name first (recorded on a real 3.11.10: declared columns
//! flushed apart from the others came after them). The count was applied
//! after.
//!
//! This owns the widening of such a read (so no declared column the
//! reversed order puts after the count is missed) and the order of its
//! answer; it must not read the engine nor check the request.

use crate::model::{ReadCommand, Slice};
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;
use std::collections::HashMap;

/// Whether the release answered this slice otherwise than the engine's
/// order: 3.x, a reversed range of a Standard CF with declared columns
/// and a comparator that is not composite (a composite one made a CQL
/// table's regular columns).
pub fn applies(release: Option<&Release>, cf: &CfDef, predicate: &t::SlicePredicate) -> bool {
    release.is_some_and(|r| r.does(Behaviour::StaticColumnsMerged))
        && predicate.slice_range.as_ref().is_some_and(|r| r.reversed)
        && !cf.is_super()
        && !cf.options.column_metadata.is_empty()
        && !cf.comparator.class_name().contains("CompositeType")
}

/// The command read for such a slice: the range's every column, the count
/// applied by [`order`] once the declared columns are merged in.
pub fn widen(cmd: &mut ReadCommand) {
    if let Slice::Range { count, .. } = &mut cmd.slice {
        *count = usize::MAX;
    }
}

/// A row's columns as 3.x answered them (`out` in the slice's order;
/// `sources`: the names each copy of the row held): in each copy the
/// declared ones, ascending, merged into the others, each time the one
/// whose name sorts first; the copies merged greatest name first; then at
/// most the slice's count.
pub fn order(
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    sources: &[Vec<Vec<u8>>],
    out: &mut Vec<t::ColumnOrSuperColumn>,
) {
    merge_sources(cf, predicate, sources, out);
    if let Some(range) = &predicate.slice_range {
        out.truncate(usize::try_from(range.count).unwrap_or(0));
    }
}

/// The merge of [`order`], every column kept: [`merge`] where the row had
/// one source (or the slice is not reversed), else the order of the
/// sources' merged streams.
pub(in crate::thrift::api19::release) fn merge_sources(
    cf: &CfDef,
    predicate: &t::SlicePredicate,
    sources: &[Vec<Vec<u8>>],
    out: &mut Vec<t::ColumnOrSuperColumn>,
) {
    match &predicate.slice_range {
        Some(range) if range.reversed && sources.len() > 1 => {
            let merged = merged_sources(cf, range, sources);
            let place =
                |c: &t::ColumnOrSuperColumn| merged.get(name_of(c)).copied().unwrap_or(usize::MAX);
            out.sort_by_key(place);
        }
        _ => merge(cf, out),
    }
}

/// The place of each name of a reversed slice `range` as 3.x's merge of
/// the row's `sources` gave them: each source's own merge (see [`merge`]),
/// then a merge of those streams taking the greatest head first, equal
/// heads together.
fn merged_sources(
    cf: &CfDef,
    range: &t::SliceRange,
    sources: &[Vec<Vec<u8>>],
) -> HashMap<Vec<u8>, usize> {
    let cmp = |a: &[u8], b: &[u8]| cf.comparator.compare(a, b);
    // A reversed slice starts at its greater bound.
    let inside = |n: &[u8]| {
        (range.start.is_empty() || cmp(n, &range.start) != Ordering::Greater)
            && (range.finish.is_empty() || cmp(n, &range.finish) != Ordering::Less)
    };
    let streams: Vec<Vec<&[u8]>> = sources
        .iter()
        .map(|names| {
            let names = names.iter().map(Vec::as_slice).filter(|n| inside(n));
            let (mut statics, mut rows): (Vec<&[u8]>, Vec<&[u8]>) =
                names.partition(|n| cf.options.column(n).is_some());
            statics.sort_by(|a, b| cmp(a, b));
            rows.sort_by(|a, b| cmp(b, a));
            let mut statics = statics.into_iter().peekable();
            let mut stream = Vec::new();
            for row in rows {
                while let Some(s) = statics.next_if(|s| cmp(s, row) == Ordering::Less) {
                    stream.push(s);
                }
                stream.push(row);
            }
            stream.extend(statics);
            stream
        })
        .collect();
    let mut at = vec![0usize; streams.len()];
    let mut merged: HashMap<Vec<u8>, usize> = HashMap::new();
    loop {
        let heads = streams
            .iter()
            .zip(&at)
            .filter_map(|(s, &i)| s.get(i).copied());
        let Some(top) = heads.max_by(|a, b| cmp(a, b)) else {
            return merged;
        };
        for (s, i) in streams.iter().zip(at.iter_mut()) {
            if s.get(*i).is_some_and(|n| cmp(n, top) == Ordering::Equal) {
                *i += 1;
            }
        }
        let next = merged.len();
        merged.entry(top.to_vec()).or_insert(next);
    }
}

/// The merge of [`order`], every column kept (also 3.x's read of an index
/// clause or row filter, `v3x::filtered`).
pub(in crate::thrift::api19::release) fn merge(cf: &CfDef, out: &mut Vec<t::ColumnOrSuperColumn>) {
    let declared = |c: &t::ColumnOrSuperColumn| cf.options.column(name_of(c)).is_some();
    let (mut statics, rows): (Vec<_>, Vec<_>) = out.drain(..).partition(|c| declared(c));
    let cmp = |a: &t::ColumnOrSuperColumn, b: &t::ColumnOrSuperColumn| {
        cf.comparator.compare(name_of(a), name_of(b))
    };
    statics.sort_by(cmp);
    let mut statics = statics.into_iter().peekable();
    for row in rows {
        while let Some(s) = statics.next_if(|s| cmp(s, &row) == Ordering::Less) {
            out.push(s);
        }
        out.push(row);
    }
    out.extend(statics);
}

/// A count of a widened slice (`widened`: [`applies`] held): the columns
/// counted, at most the slice's count, which 3.x applied after the merge.
pub fn counted(widened: bool, predicate: &t::SlicePredicate, n: usize) -> usize {
    match &predicate.slice_range {
        Some(range) if widened => n.min(usize::try_from(range.count).unwrap_or(0)),
        _ => n,
    }
}

fn name_of(c: &t::ColumnOrSuperColumn) -> &[u8] {
    c.column
        .as_ref()
        .map(|c| c.name.as_slice())
        .or(c.counter_column.as_ref().map(|c| c.name.as_slice()))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::ColumnDef;

    fn cf(comparator: &str, declared: &[&str]) -> CfDef {
        let mut cf = CfDef::new("ks", "Idx", 1000, parse_type(comparator).unwrap(), None);
        let long = parse_type("LongType").unwrap();
        cf.options.column_metadata = declared
            .iter()
            .map(|n| ColumnDef::plain(n.as_bytes().to_vec(), long.clone()))
            .collect();
        // Kept sorted by name, as the schema keeps them (looked up by a search).
        cf.options
            .column_metadata
            .sort_by(|a, b| a.name.cmp(&b.name));
        cf
    }

    fn cols(names: &[&str]) -> Vec<t::ColumnOrSuperColumn> {
        names
            .iter()
            .map(|n| t::ColumnOrSuperColumn {
                column: Some(t::Column::new(
                    n.as_bytes().to_vec(),
                    b"v".to_vec(),
                    1,
                    None,
                )),
                ..Default::default()
            })
            .collect()
    }

    fn names(out: &[t::ColumnOrSuperColumn]) -> Vec<String> {
        out.iter()
            .map(|c| String::from_utf8_lossy(name_of(c)).into_owned())
            .collect()
    }

    fn range(reversed: bool, count: i32) -> t::SlicePredicate {
        t::SlicePredicate::new(
            None,
            t::SliceRange::new(Vec::new(), Vec::new(), reversed, count),
        )
    }

    #[test]
    fn declared_columns_merge_into_a_reversed_slice() {
        let cf = cf("UTF8Type", &["zeta", "birth"]);
        // a reversed read as the engine gives it (recorded: rel_compact)
        let mut out = cols(&["zeta", "c02", "c01", "birth", "a"]);
        order(&cf, &range(true, 100), &[], &mut out);
        assert_eq!(names(&out), ["birth", "c02", "c01", "a", "zeta"]);
        let mut out = cols(&["zeta", "c02", "c01", "birth", "a"]);
        order(&cf, &range(true, 3), &[], &mut out);
        assert_eq!(names(&out), ["birth", "c02", "c01"]);
    }

    #[test]
    fn each_source_merges_its_own_declared_columns_then_the_sources_merge() {
        // Recorded on a real 3.11.10 (declared birth, m, zeta): the first
        // names are what a drop flushed, the second what came after.
        let cf = cf("UTF8Type", &["birth", "m", "zeta"]);
        let src = |names: &[&str]| names.iter().map(|n| n.as_bytes().to_vec()).collect();
        let cases: [(&[&str], &[&str], &[&str]); 3] = [
            (
                &["birth", "m", "zeta"],
                &["c01", "n05", "x09"],
                &["x09", "n05", "c01", "birth", "m", "zeta"],
            ),
            (
                &["birth"],
                &["zeta", "c01", "n05"],
                &["n05", "c01", "zeta", "birth"],
            ),
            (
                &["birth", "c01"],
                &["zeta", "n05"],
                &["n05", "zeta", "birth", "c01"],
            ),
        ];
        for (flushed, later, answered) in cases {
            let sources = [src(later), src(flushed)];
            let mut out = cols(answered);
            out.sort_by(|a, b| name_of(b).cmp(name_of(a)));
            order(&cf, &range(true, 100), &sources, &mut out);
            assert_eq!(names(&out), answered);
            let mut out = cols(answered);
            order(&cf, &range(true, 2), &sources, &mut out);
            assert_eq!(names(&out), answered[..2]);
        }
    }

    #[test]
    fn a_widened_count_stops_at_the_slice_count() {
        assert_eq!(counted(true, &range(true, 1), 3), 1);
        assert_eq!(counted(true, &range(true, 5), 3), 3);
        assert_eq!(counted(false, &range(true, 1), 3), 3);
    }

    #[test]
    fn only_reversed_slices_of_3x_static_compact_tables() {
        let three = Release::find("3.0.24");
        let declared = cf("UTF8Type", &["birth"]);
        assert!(applies(three, &declared, &range(true, 1)));
        assert!(!applies(three, &declared, &range(false, 1)));
        assert!(!applies(three, &cf("UTF8Type", &[]), &range(true, 1)));
        let composite = cf("CompositeType(UTF8Type,UTF8Type)", &["birth"]);
        assert!(!applies(three, &composite, &range(true, 1)));
        assert!(!applies(
            Release::find("2.2.19"),
            &declared,
            &range(true, 1)
        ));
        assert!(!applies(None, &declared, &range(true, 1)));
    }
}
