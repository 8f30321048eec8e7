//! Request validation with Cassandra 1.2's ThriftValidation rules, in its
//! order and with its exact messages, over the API 19.x structs.
//!
//! 1.2 differs from 0.6 (`thrift::api2::validation`): keys are bytes checked by
//! the key validator, names and values use the 1.2 type rules
//! (`Dialect::V12`; a release from 2.0 passes its own, `Dialect::V20`), column values are checked by their validator, TTLs
//! must be positive, Column value and timestamp became optional fields, and
//! consistency levels follow 1.2's `validateForRead` / `validateForWrite`
//! ([`levels`]).
//! These functions read the schema only; they must not touch storage.

use super::cql3cells::{self, CollectionCells, KeyColumns};
use crate::cql::exec::system;
use crate::marshal::{Dialect, TypeRef};
use crate::partitioner::Partitioner;
use crate::schema::{CfDef, KeyspaceDef, Schema};
use crate::thrift::api2::validation::{predicate_part, PredicatePart, MAX_NAME_LENGTH};
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;
use std::sync::Arc;

mod levels;
pub use levels::{check_available, check_consistency, known_level, Access};

/// What the checks read of the release: its values' dialect, and whether
/// (and how) it checked a CQL 3 table's cell names (2.0 to 2.2; see
/// [`cql3cells`]). A bare [`Dialect`] checks no cell names.
#[derive(Clone, Copy, Debug)]
pub struct Checks {
    pub dialect: Dialect,
    pub cql3_cells: Option<KeyColumns>,
    /// How a collection's element cell value is checked, where not by the
    /// collection type's own rules.
    pub collection_cells: Option<CollectionCells>,
    /// 3.x's check of a CQL table's cell name (`v3x::cellname::validated`),
    /// handed in so that this module needs no release's.
    pub cell_names: Option<CellNameCheck>,
}

/// A release's own check of a cell name of a column family.
pub type CellNameCheck = fn(&CfDef, &[u8]) -> ApiResult<()>;

impl From<Dialect> for Checks {
    fn from(dialect: Dialect) -> Checks {
        Checks {
            dialect,
            cql3_cells: None,
            collection_cells: None,
            cell_names: None,
        }
    }
}

fn invalid<T>(why: impl Into<String>) -> ApiResult<T> {
    Err(ApiError::invalid(why))
}

fn marshal<T>(r: Result<T, crate::marshal::MarshalError>) -> ApiResult<T> {
    r.map_err(|e| ApiError::invalid(e.0))
}

pub fn validate_key(cf: &CfDef, key: &[u8], checks: impl Into<Checks>) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if key.is_empty() {
        return invalid("Key may not be empty");
    }
    if key.len() > MAX_NAME_LENGTH {
        return invalid(format!(
            "Key length of {} is longer than maximum of {MAX_NAME_LENGTH}",
            key.len()
        ));
    }
    marshal(
        cf.options
            .key_validation_class
            .validate_for(key, checks.dialect),
    )
}

pub fn validate_keyspace<'a>(schema: &'a Schema, keyspace: &str) -> ApiResult<&'a KeyspaceDef> {
    schema
        .existing_keyspace(keyspace)
        .map_err(ApiError::invalid)
}

/// 1.2's `validateColumnFamily(keyspace, cf)`.
pub fn validate_cf(schema: &Schema, keyspace: &str, cf: &str) -> ApiResult<Arc<CfDef>> {
    schema
        .existing_cf(keyspace, cf)
        .cloned()
        .map_err(ApiError::invalid)
}

/// [`validate_cf`] for a read, which also finds the two column families
/// of `system_traces` (kept by the node, not the schema): 1.2 read them
/// over Thrift as any other, hiding them only from its describe calls.
pub fn validate_read_cf(schema: &Schema, keyspace: &str, cf: &str) -> ApiResult<Arc<CfDef>> {
    if !system::traces::served(schema, keyspace) {
        return validate_cf(schema, keyspace, cf);
    }
    if cf.is_empty() {
        return invalid("non-empty columnfamily is required");
    }
    system::traces::cf_def(cf)
        .map(Arc::new)
        .ok_or_else(|| ApiError::invalid(format!("unconfigured columnfamily {cf}")))
}

/// 1.2's `validateColumnFamily(keyspace, cf, isCommutativeOp)`.
pub fn validate_cf_for(
    schema: &Schema,
    keyspace: &str,
    cf: &str,
    counter_op: bool,
) -> ApiResult<Arc<CfDef>> {
    let def = validate_cf(schema, keyspace, cf)?;
    match (counter_op, def.is_counter()) {
        (true, false) => invalid(format!(
            "invalid operation for non commutative columnfamily {cf}"
        )),
        (false, true) => invalid(format!(
            "invalid operation for commutative columnfamily {cf}"
        )),
        _ => Ok(def),
    }
}

fn comparator_for(cf: &CfDef, super_column: Option<&[u8]>) -> TypeRef {
    match (super_column, &cf.subcomparator) {
        (Some(_), Some(sub)) => sub.clone(),
        _ => cf.comparator.clone(),
    }
}

pub fn validate_column_path(
    cf: &CfDef,
    path: &t::ColumnPath,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    crate::thrift::api2::validation::column_path_shape(
        cf,
        path.super_column.is_some(),
        path.column.is_some(),
    )?;
    check_path_names(cf, path, checks)
}

fn check_path_names(cf: &CfDef, path: &t::ColumnPath, checks: impl Into<Checks>) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if let Some(column) = &path.column {
        validate_column_names(
            cf,
            path.super_column.as_deref(),
            [column.as_slice()],
            checks,
        )?;
    }
    if let Some(sc) = &path.super_column {
        validate_column_names(cf, None, [sc.as_slice()], checks)?;
    }
    Ok(())
}

pub fn validate_column_parent(
    cf: &CfDef,
    parent: &t::ColumnParent,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if !cf.is_super() && parent.super_column.is_some() {
        return invalid(format!(
            "columnfamily alone is required for standard CF {}",
            cf.name
        ));
    }
    if let Some(sc) = &parent.super_column {
        validate_column_names(cf, None, [sc.as_slice()], checks)?;
    }
    Ok(())
}

/// For remove: any level of the path, from the CF down.
pub fn validate_column_path_or_parent(
    cf: &CfDef,
    path: &t::ColumnPath,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if !cf.is_super() && path.super_column.is_some() {
        return invalid(format!(
            "supercolumn may not be specified for standard CF {}",
            cf.name
        ));
    }
    if cf.is_super() && path.super_column.is_none() && path.column.is_some() {
        return invalid(format!(
            "A column cannot be specified without specifying a super column for removal on super CF {}",
            cf.name
        ));
    }
    check_path_names(cf, path, checks)
}

pub fn validate_column_names<'n>(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    names: impl IntoIterator<Item = &'n [u8]>,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if let Some(sc) = super_column {
        if sc.len() > MAX_NAME_LENGTH {
            return invalid(format!(
                "supercolumn name length must not be greater than {MAX_NAME_LENGTH}"
            ));
        }
        if sc.is_empty() {
            return invalid("supercolumn name must not be empty");
        }
        if !cf.is_super() {
            return invalid(format!(
                "supercolumn specified to ColumnFamily {} containing normal columns",
                cf.name
            ));
        }
    }
    let comparator = comparator_for(cf, super_column);
    for name in names {
        if name.len() > MAX_NAME_LENGTH {
            return invalid(format!(
                "column name length must not be greater than {MAX_NAME_LENGTH}"
            ));
        }
        if name.is_empty() {
            return invalid("column name must not be empty");
        }
        marshal(comparator.validate_for(name, checks.dialect))?;
        if let (Some(keys), None) = (checks.cql3_cells, super_column) {
            cql3cells::check_name(cf, name, keys)?;
        }
        if let (Some(decode), None) = (checks.cell_names, super_column) {
            decode(cf, name)?;
        }
    }
    Ok(())
}

pub fn validate_range(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    range: &t::SliceRange,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    validate_bounds(cf, super_column, &range.start, &range.finish, checks)?;
    let comparator = comparator_for(cf, super_column);
    if range.count < 0 {
        return invalid("get_slice requires non-negative count");
    }
    if !range.start.is_empty() && !range.finish.is_empty() {
        let order = if range.reversed {
            comparator.reverse_compare(&range.start, &range.finish)
        } else {
            comparator.compare(&range.start, &range.finish)
        };
        if order == Ordering::Greater {
            return invalid("range finish must come after start in the order of traversal");
        }
    }
    Ok(())
}

/// A slice's bounds, each a name of the comparator (or empty).
pub fn validate_bounds(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    start: &[u8],
    finish: &[u8],
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    let comparator = comparator_for(cf, super_column);
    marshal(comparator.validate_for(start, checks.dialect))?;
    marshal(comparator.validate_for(finish, checks.dialect))
}

/// A read predicate: exactly one of names or range.
pub fn validate_predicate(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    predicate: &t::SlicePredicate,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    match predicate_part(&predicate.column_names, &predicate.slice_range)? {
        PredicatePart::Range(range) => validate_range(cf, super_column, range, checks),
        PredicatePart::Names(names) => {
            validate_column_names(cf, super_column, names.iter().map(Vec::as_slice), checks)
        }
    }
}

/// A Column's fields, borrowed: what the checks of a written column read
/// (from a `t::Column`, or straight from a request's bytes).
#[derive(Clone, Copy)]
pub struct ColumnParts<'a> {
    pub name: &'a [u8],
    pub value: Option<&'a [u8]>,
    pub timestamp: Option<i64>,
    pub ttl: Option<i32>,
}

impl<'a> From<&'a t::Column> for ColumnParts<'a> {
    fn from(c: &'a t::Column) -> Self {
        ColumnParts {
            name: &c.name,
            value: c.value.as_deref(),
            timestamp: c.timestamp,
            ttl: c.ttl,
        }
    }
}

fn validate_ttl(ttl: Option<i32>) -> ApiResult<()> {
    match ttl {
        Some(ttl) if ttl <= 0 => invalid("ttl must be positive"),
        _ => Ok(()),
    }
}

/// Everything of a Column but its name: TTL, presence of value and
/// timestamp, and the value against its validator.
pub fn validate_column_data(
    cf: &CfDef,
    column: &t::Column,
    is_sub: bool,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    validate_column_parts(cf, column.into(), is_sub, checks)
}

/// [`validate_column_data`] of borrowed fields.
fn validate_column_parts(
    cf: &CfDef,
    column: ColumnParts<'_>,
    is_sub: bool,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    validate_ttl(column.ttl)?;
    let Some(value) = column.value else {
        return invalid("Column value is required");
    };
    if column.timestamp.is_none() {
        return invalid("Column timestamp is required");
    }
    // 1.2 on: the column a CQL 3 table's cell name names by a component.
    let validator = cql3cells::column_of(cf, column.name)
        .map_or(&cf.options.default_validation_class, |c| {
            &c.validation_class
        });
    let checked = checks
        .collection_cells
        .and_then(|rule| cql3cells::collection_cell(validator, value, rule, checks.dialect))
        .unwrap_or_else(|| validator.validate_for(value, checks.dialect));
    if let Err(e) = checked {
        let names = if is_sub {
            cf.subcomparator.as_ref().unwrap_or(&cf.comparator)
        } else {
            &cf.comparator
        };
        return invalid(format!(
            "({}) [{}][{}][{}] failed validation",
            e.0,
            cf.keyspace,
            cf.name,
            names.get_string(column.name)
        ));
    }
    Ok(())
}

/// `validate_column_path` of the path to `column` (under `super_column`),
/// without building the path: a write checks each of its columns so.
fn validate_column_at(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    column: &[u8],
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    crate::thrift::api2::validation::column_path_shape(cf, super_column.is_some(), true)?;
    validate_column_names(cf, super_column, [column], checks)?;
    if let Some(sc) = super_column {
        validate_column_names(cf, None, [sc], checks)?;
    }
    Ok(())
}

pub fn validate_cosc(
    cf: &CfDef,
    cosc: &t::ColumnOrSuperColumn,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    let set = [
        cosc.column.is_some(),
        cosc.super_column.is_some(),
        cosc.counter_column.is_some(),
        cosc.counter_super_column.is_some(),
    ];
    if set.iter().filter(|s| **s).count() != 1 {
        return invalid("ColumnOrSuperColumn must have one (and only one) of column, super_column, counter and counter_super_column");
    }
    let commutative = |counter: bool| -> ApiResult<()> {
        match (counter, cf.is_counter()) {
            (false, true) => invalid(format!(
                "invalid operation for commutative columnfamily {}",
                cf.name
            )),
            (true, false) => invalid(format!(
                "invalid operation for non commutative columnfamily {}",
                cf.name
            )),
            _ => Ok(()),
        }
    };
    if let Some(c) = &cosc.column {
        commutative(false)?;
        validate_standard_column(cf, c.into(), checks)?;
    }
    if let Some(sc) = &cosc.super_column {
        commutative(false)?;
        for c in &sc.columns {
            validate_column_at(cf, Some(&sc.name), &c.name, checks)?;
            validate_column_data(cf, c, true, checks)?;
        }
    }
    if let Some(c) = &cosc.counter_column {
        commutative(true)?;
        validate_column_at(cf, None, &c.name, checks)?;
    }
    if let Some(sc) = &cosc.counter_super_column {
        commutative(true)?;
        for c in &sc.columns {
            validate_column_at(cf, Some(&sc.name), &c.name, checks)?;
        }
    }
    Ok(())
}

/// The checks of a `ColumnOrSuperColumn` holding only `column`, after the
/// column family was found not to be a counter one: what a batch's plain
/// column write is checked for, in 1.2's order.
pub fn validate_standard_column(
    cf: &CfDef,
    c: ColumnParts<'_>,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    validate_ttl(c.ttl)?;
    validate_column_at(cf, None, c.name, checks)?;
    validate_column_parts(cf, c, false, checks)
}

/// Which `SliceRange` deletions of a batch a release took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RangeDeletions {
    /// Before 2.0: every one refused (`Deletion does not yet support
    /// SliceRange predicates.`).
    Refused,
    /// 2.0 to 2.2: a Standard CF's columns, a Super CF's super columns
    /// and a super column's sub-columns.
    Taken,
    /// 3.x: as 2.x, a super column's sub-columns refused once the
    /// deletion's other checks passed (`CassandraServer.deleteColumnOrSuperColumn`).
    SubcolumnsRefused,
}

/// A batch's Mutation, its range deletion checked as `range_deletions` says.
pub fn validate_mutation(
    cf: &CfDef,
    m: &t::Mutation,
    range_deletions: RangeDeletions,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    match (&m.column_or_supercolumn, &m.deletion) {
        (Some(cosc), None) => validate_cosc(cf, cosc, checks),
        (None, Some(del)) => validate_deletion(cf, del, range_deletions, checks),
        _ => invalid("mutation must have one and only one of column_or_supercolumn or deletion"),
    }
}

pub fn validate_deletion(
    cf: &CfDef,
    del: &t::Deletion,
    range_deletions: RangeDeletions,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if let Some(sc) = &del.super_column {
        validate_column_names(cf, None, [sc.as_slice()], checks)?;
    }
    if let Some(predicate) = &del.predicate {
        if predicate.column_names.is_none() && predicate.slice_range.is_none() {
            return invalid(
                "A SlicePredicate must be given a list of Columns, a SliceRange, or both",
            );
        }
        if let Some(range) = &predicate.slice_range {
            validate_range(cf, del.super_column.as_deref(), range, checks)?;
        }
        if let Some(names) = &predicate.column_names {
            validate_column_names(
                cf,
                del.super_column.as_deref(),
                names.iter().map(Vec::as_slice),
                checks,
            )?;
        }
        if predicate.slice_range.is_some() && range_deletions == RangeDeletions::Refused {
            return invalid("Deletion does not yet support SliceRange predicates.");
        }
    }
    if !cf.is_super() && del.super_column.is_some() {
        return invalid(format!(
            "Deletion of super columns is not possible on a standard ColumnFamily (KeySpace={} ColumnFamily={} Deletion={})",
            cf.keyspace,
            cf.name,
            super::javaargs::deletion_to_string(del)
        ));
    }
    if !cf.is_counter() && del.timestamp.is_none() {
        return invalid(format!(
            "Deletion timestamp is not optional for non commutative column family {}",
            cf.name
        ));
    }
    let sub_range = del.super_column.is_some()
        && del
            .predicate
            .as_ref()
            .is_some_and(|p| p.column_names.is_none() && p.slice_range.is_some());
    if sub_range && range_deletions == RangeDeletions::SubcolumnsRefused {
        return invalid("Cannot delete a range of subcolumns in a super column");
    }
    Ok(())
}

/// 1.2's refusal of a start key after the end key under a partitioner
/// that does not keep keys in order (Random and Murmur3 alike).
pub const KEYS_OUT_OF_TOKEN_ORDER: &str = "start key's token sorts after end key's token.  \
     this is not allowed; you probably should not specify end key at all except with an ordered \
     partitioner";

/// A KeyRange, as 1.2 checked it.
pub fn validate_key_range(
    partitioner: &dyn Partitioner,
    cf: Option<&CfDef>,
    super_column: Option<&[u8]>,
    range: &t::KeyRange,
    checks: impl Into<Checks>,
) -> ApiResult<()> {
    let checks: Checks = checks.into();
    if range.start_key.is_some() == range.start_token.is_some()
        || range.end_key.is_some() == range.end_token.is_some()
    {
        return invalid("exactly one each of {start key, start token} and {end key, end token} must be specified");
    }
    if range.start_token.is_some() && range.end_key.is_some() {
        return invalid("start token + end key is not a supported key range");
    }
    if let (Some(start), Some(end)) = (&range.start_key, &range.end_key) {
        let (s, e) = (partitioner.token(start), partitioner.token(end));
        if s > e && e != partitioner.min_token() {
            if partitioner.preserves_order() {
                return invalid(
                    "start key must sort before (or equal to) finish key in your partitioner!",
                );
            }
            return invalid(KEYS_OUT_OF_TOKEN_ORDER);
        }
    }
    for tok in [&range.start_token, &range.end_token].into_iter().flatten() {
        partitioner
            .token_from_string(tok)
            .map_err(|e| ApiError::invalid(e.0))?;
    }
    // ThriftValidation.validateKeyRange (1.2 to 2.2): a (key, token) range
    // may not wrap; the key past the end token's maximum bound is refused
    // unless that token is the minimum.
    if let (Some(start), Some(end)) = (&range.start_key, &range.end_token) {
        let end = partitioner
            .token_from_string(end)
            .map_err(|e| ApiError::invalid(e.0))?;
        if partitioner.token(start) > end && end != partitioner.min_token() {
            return invalid("Start key's token sorts after end token");
        }
    }
    let filtered = range.row_filter.as_ref().is_some_and(|f| !f.is_empty());
    if let (Some(cf), Some(filter)) = (cf, &range.row_filter) {
        super::index::validate_filter_clauses(cf, filter, checks.dialect)?;
    }
    if filtered && super_column.is_some() {
        return invalid("super columns are not supported for indexing");
    }
    if range.count <= 0 {
        return invalid("maxRows must be positive");
    }
    Ok(())
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
