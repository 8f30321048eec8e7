//! 2.1 and 2.2's cell names of a CompositeType column family: a Thrift
//! write read each column name with `comparator.cellFromByteBuffer`, which
//! made a name whose last end-of-component byte is not 0 a slice bound
//! (`BoundedComposite`), not a cell name. The cast to `CellName` failed
//! (ClassCastException) and the server closed the connection, where the
//! name was first read so: the checks of `insert`, a batch's column write
//! or `cas` update once its value and timestamp were found present, a
//! deletion's names and `remove`'s column once validated. And 3.x's
//! failure on a CQL table's row marker written by Thrift ([`write_failure`]).

use crate::marshal::CompositeType;
use crate::release::{Behaviour, Release};
use crate::schema::CfDef;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// The failure of reading `name` as a cell name of `cf` (a name outside a
/// super column), if the release met one.
pub fn failure(release: Option<&Release>, cf: &CfDef, name: &[u8]) -> Option<ApiError> {
    if !release.is_some_and(|r| r.does(Behaviour::CompositeBoundNamesFail))
        || cf.is_super()
        || cf.comparator.components().is_none()
    {
        return None;
    }
    let parts = CompositeType::split(name).ok()?;
    let (_, eoc) = parts.last()?;
    (*eoc != 0).then(|| {
        ApiError::Dropped(format!(
            "a column name of {} ending in end-of-component {} read as a cell name",
            cf.name, *eoc as i8
        ))
    })
}

/// The failure of writing a cell named `name` to `cf` (an `insert`, a
/// batch's column): [`failure`], or 3.x's on a CQL table's row marker
/// (see `v3x::cellname::is_row_marker`).
pub fn write_failure(release: Option<&Release>, cf: &CfDef, name: &[u8]) -> Option<ApiError> {
    let marker = release.is_some_and(|r| r.does(Behaviour::ThriftRowMarkerWritesFail))
        && crate::thrift::api19::release::v3x::cellname::is_row_marker(cf, name);
    match marker {
        true => Some(ApiError::Dropped(format!(
            "3.x built no cell of a row marker of {} written by Thrift",
            cf.name
        ))),
        false => failure(release, cf, name),
    }
}

/// [`failure`] of the names a validated batch `Mutation` reads as cell
/// names ([`write_failure`] of the written ones): a column's or counter
/// column's, a deletion's names without a super column.
pub fn mutation_failure(
    release: Option<&Release>,
    cf: &CfDef,
    m: &t::Mutation,
) -> Option<ApiError> {
    let cosc = m.column_or_supercolumn.as_ref();
    let written = cosc
        .and_then(|c| c.column.as_ref().map(|c| &c.name))
        .or_else(|| cosc.and_then(|c| c.counter_column.as_ref().map(|c| &c.name)));
    let deleted = m
        .deletion
        .as_ref()
        .filter(|d| d.super_column.is_none())
        .and_then(|d| d.predicate.as_ref())
        .and_then(|p| p.column_names.as_ref());
    // A deletion was applied before the write of the same Mutation.
    deleted
        .into_iter()
        .flatten()
        .find_map(|n| failure(release, cf, n))
        .or_else(|| written.and_then(|n| write_failure(release, cf, n)))
}
