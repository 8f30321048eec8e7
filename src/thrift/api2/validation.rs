//! Request validation with Cassandra 0.6.13's ThriftValidation rules, in its
//! order and with its exact messages.
//!
//! Every request is checked here before anything reaches the engine (the
//! engine trusts its input). These functions read the schema only; they must
//! not touch storage or build replies.

use crate::marshal::TypeRef;
use crate::partitioner::Partitioner;
use crate::schema::{CfDef, Schema};
use crate::thrift::api2::javaread::java_hex;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra06 as t;
use std::cmp::Ordering;
use std::sync::Arc;

/// Cassandra's IColumn.MAX_NAME_LENGTH.
pub const MAX_NAME_LENGTH: usize = 65535;

fn invalid<T>(why: impl Into<String>) -> ApiResult<T> {
    Err(ApiError::invalid(why))
}

/// Java's `writeUTF` length of a string (modified UTF-8 over UTF-16 units).
fn encoded_utf8_length(s: &str) -> usize {
    s.encode_utf16()
        .map(|c| match c {
            0x0001..=0x007f => 1,
            0x0800.. => 3,
            _ => 2,
        })
        .sum()
}

pub fn validate_key(key: &str) -> ApiResult<()> {
    if key.is_empty() {
        return invalid("Key may not be empty");
    }
    let n = encoded_utf8_length(key);
    if n > MAX_NAME_LENGTH {
        return invalid(format!(
            "Encoded key length of {n} is longer than maximum of 65535"
        ));
    }
    Ok(())
}

pub fn validate_keyspace(schema: &Schema, keyspace: &str) -> ApiResult<()> {
    if schema.keyspace(keyspace).is_none() {
        return invalid(format!(
            "Keyspace {keyspace} does not exist in this schema."
        ));
    }
    Ok(())
}

/// The CF, after the keyspace is known to exist.
pub fn validate_cf<'a>(schema: &'a Schema, keyspace: &str, cf: &str) -> ApiResult<&'a Arc<CfDef>> {
    if cf.is_empty() {
        return invalid("non-empty columnfamily is required");
    }
    schema
        .cf(keyspace, cf)
        .ok_or_else(|| ApiError::invalid(format!("unconfigured columnfamily {cf}")))
}

/// The comparator for names under `super_column` (the sub-comparator when given).
fn comparator_for(cf: &CfDef, super_column: Option<&[u8]>) -> TypeRef {
    match (super_column, &cf.subcomparator) {
        (Some(_), Some(sub)) => sub.clone(),
        _ => cf.comparator.clone(),
    }
}

/// For get and insert: the path must reach one column (or super column on get).
pub fn validate_column_path(
    schema: &Schema,
    keyspace: &str,
    path: &t::ColumnPath,
) -> ApiResult<Arc<CfDef>> {
    validate_keyspace(schema, keyspace)?;
    let cf = validate_cf(schema, keyspace, &path.column_family)?.clone();
    column_path_shape(&cf, path.super_column.is_some(), path.column.is_some())?;
    check_path_names(&cf, path)?;
    Ok(cf)
}

/// The parts a ColumnPath of a get or insert must have for its CF's type;
/// the rule and its messages are the same in 0.6 and 1.2.
pub fn column_path_shape(cf: &CfDef, has_super_column: bool, has_column: bool) -> ApiResult<()> {
    if cf.is_super() {
        if !has_super_column {
            return invalid(format!(
                "supercolumn parameter is not optional for super CF {}",
                cf.name
            ));
        }
    } else {
        if has_super_column {
            return invalid(format!(
                "supercolumn parameter is invalid for standard CF {}",
                cf.name
            ));
        }
        if !has_column {
            return invalid(format!(
                "column parameter is not optional for standard CF {}",
                cf.name
            ));
        }
    }
    Ok(())
}

fn check_path_names(cf: &CfDef, path: &t::ColumnPath) -> ApiResult<()> {
    if let Some(column) = &path.column {
        validate_columns(cf, path.super_column.as_deref(), [column.as_slice()])?;
    }
    if let Some(sc) = &path.super_column {
        validate_columns(cf, None, [sc.as_slice()])?;
    }
    Ok(())
}

pub fn validate_column_parent(
    schema: &Schema,
    keyspace: &str,
    parent: &t::ColumnParent,
) -> ApiResult<Arc<CfDef>> {
    validate_keyspace(schema, keyspace)?;
    let cf = validate_cf(schema, keyspace, &parent.column_family)?.clone();
    if !cf.is_super() && parent.super_column.is_some() {
        return invalid(format!(
            "columnfamily alone is required for standard CF {}",
            cf.name
        ));
    }
    if let Some(sc) = &parent.super_column {
        validate_columns(&cf, None, [sc.as_slice()])?;
    }
    Ok(cf)
}

/// For remove: any level of the path may be given, from the CF down.
pub fn validate_column_path_or_parent(
    schema: &Schema,
    keyspace: &str,
    path: &t::ColumnPath,
) -> ApiResult<Arc<CfDef>> {
    validate_keyspace(schema, keyspace)?;
    let cf = validate_cf(schema, keyspace, &path.column_family)?.clone();
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
    check_path_names(&cf, path)?;
    Ok(cf)
}

/// Names under `super_column` (or top-level names when `None`).
pub fn validate_columns<'n>(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    names: impl IntoIterator<Item = &'n [u8]>,
) -> ApiResult<()> {
    if let Some(sc) = super_column {
        if sc.len() > MAX_NAME_LENGTH {
            return invalid("supercolumn name length must not be greater than 65535");
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
            return invalid("column name length must not be greater than 65535");
        }
        if name.is_empty() {
            return invalid("column name must not be empty");
        }
        comparator.validate(name)?;
    }
    Ok(())
}

pub fn validate_range(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    range: &t::SliceRange,
) -> ApiResult<()> {
    let comparator = comparator_for(cf, super_column);
    comparator.validate(&range.start)?;
    comparator.validate(&range.finish)?;
    if range.count < 0 {
        return invalid("get_slice requires non-negative count");
    }
    if !range.start.is_empty() && !range.finish.is_empty() {
        let order = comparator.compare(&range.start, &range.finish);
        let out_of_order = if range.reversed {
            order == Ordering::Less
        } else {
            order == Ordering::Greater
        };
        if out_of_order {
            return invalid("range finish must come after start in the order of traversal");
        }
    }
    Ok(())
}

/// The one part a read predicate (of either API generation) has.
pub enum PredicatePart<'a, R> {
    Names(&'a [Vec<u8>]),
    Range(&'a R),
}

/// A read predicate's part: exactly one of names or range (1.2 kept 0.6's
/// rule and messages).
pub fn predicate_part<'a, R>(
    names: &'a Option<Vec<Vec<u8>>>,
    range: &'a Option<R>,
) -> ApiResult<PredicatePart<'a, R>> {
    match (names, range) {
        (None, None) => invalid("predicate column_names and slice_range may not both be null"),
        (Some(_), Some(_)) => {
            invalid("predicate column_names and slice_range may not both be present")
        }
        (None, Some(range)) => Ok(PredicatePart::Range(range)),
        (Some(names), None) => Ok(PredicatePart::Names(names)),
    }
}

/// A read predicate: exactly one of names or range.
pub fn validate_predicate(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    predicate: &t::SlicePredicate,
) -> ApiResult<()> {
    match predicate_part(&predicate.column_names, &predicate.slice_range)? {
        PredicatePart::Range(range) => validate_range(cf, super_column, range),
        PredicatePart::Names(names) => {
            validate_columns(cf, super_column, names.iter().map(Vec::as_slice))
        }
    }
}

pub fn validate_cosc(
    schema: &Schema,
    keyspace: &str,
    cf_name: &str,
    cosc: &t::ColumnOrSuperColumn,
) -> ApiResult<()> {
    if let Some(column) = &cosc.column {
        let path = t::ColumnPath::new(cf_name.to_string(), None, column.name.clone());
        validate_column_path(schema, keyspace, &path)?;
    }
    if let Some(sc) = &cosc.super_column {
        for column in &sc.columns {
            let path =
                t::ColumnPath::new(cf_name.to_string(), sc.name.clone(), column.name.clone());
            validate_column_path(schema, keyspace, &path)?;
        }
    }
    if cosc.column.is_none() && cosc.super_column.is_none() {
        return invalid("ColumnOrSuperColumn must have one or both of Column or SuperColumn");
    }
    Ok(())
}

pub fn validate_mutation(
    schema: &Schema,
    keyspace: &str,
    cf_name: &str,
    mutation: &t::Mutation,
) -> ApiResult<()> {
    match (&mutation.column_or_supercolumn, &mutation.deletion) {
        (Some(_), Some(_)) => {
            invalid("Mutation may have either a ColumnOrSuperColumn or a Deletion, but not both")
        }
        (Some(cosc), None) => validate_cosc(schema, keyspace, cf_name, cosc),
        (None, Some(del)) => validate_deletion(schema, keyspace, cf_name, del),
        (None, None) => invalid("Mutation must have one ColumnOrSuperColumn or one Deletion"),
    }
}

pub fn validate_deletion(
    schema: &Schema,
    keyspace: &str,
    cf_name: &str,
    del: &t::Deletion,
) -> ApiResult<()> {
    // Unlike the other paths, 0.6 looks the CF up without the keyspace and
    // CF checks first; we do them so an unknown CF is a clean IRE.
    validate_keyspace(schema, keyspace)?;
    let cf = validate_cf(schema, keyspace, cf_name)?;
    if let Some(predicate) = &del.predicate {
        validate_slice_predicate(cf, del.super_column.as_deref(), predicate)?;
        if predicate.slice_range.is_some() {
            return invalid("Deletion does not yet support SliceRange predicates.");
        }
    }
    if !cf.is_super() && del.super_column.is_some() {
        return invalid(format!(
            "deletion of super_column is not possible on a standard ColumnFamily (KeySpace={keyspace} ColumnFamily={cf_name} Deletion={})",
            deletion_to_string(del)
        ));
    }
    Ok(())
}

/// The predicate of a Deletion: names, a range, or both.
fn validate_slice_predicate(
    cf: &CfDef,
    super_column: Option<&[u8]>,
    predicate: &t::SlicePredicate,
) -> ApiResult<()> {
    if predicate.column_names.is_none() && predicate.slice_range.is_none() {
        return invalid("A SlicePredicate must be given a list of Columns, a SliceRange, or both");
    }
    if let Some(range) = &predicate.slice_range {
        validate_range(cf, super_column, range)?;
    }
    if let Some(names) = &predicate.column_names {
        validate_columns(cf, super_column, names.iter().map(Vec::as_slice))?;
    }
    Ok(())
}

/// Java's `Deletion.toString()`, quoted in one message.
fn deletion_to_string(del: &t::Deletion) -> String {
    let mut s = format!("Deletion(timestamp:{}", del.timestamp);
    if let Some(sc) = &del.super_column {
        s.push_str(", super_column:");
        java_hex(&mut s, sc);
    }
    if let Some(p) = &del.predicate {
        s.push_str(", predicate:SlicePredicate(");
        let mut first = true;
        if let Some(names) = &p.column_names {
            s.push_str("column_names:[");
            for (i, n) in names.iter().enumerate() {
                if i > 0 {
                    s.push_str(", ");
                }
                java_hex(&mut s, n);
            }
            s.push(']');
            first = false;
        }
        if let Some(r) = &p.slice_range {
            if !first {
                s.push_str(", ");
            }
            s.push_str("slice_range:SliceRange(start:");
            java_hex(&mut s, &r.start);
            s.push_str(", finish:");
            java_hex(&mut s, &r.finish);
            s.push_str(&format!(", reversed:{}, count:{})", r.reversed, r.count));
        }
        s.push(')');
    }
    s.push(')');
    s
}

/// A KeyRange: keys or tokens (not both), in order, with a positive count.
pub fn validate_key_range(partitioner: &dyn Partitioner, range: &t::KeyRange) -> ApiResult<()> {
    if range.start_key.is_some() != range.end_key.is_some() {
        return invalid("start key and end key must either both be non-null, or both be null");
    }
    if range.start_token.is_some() != range.end_token.is_some() {
        return invalid("start token and end token must either both be non-null, or both be null");
    }
    if range.start_key.is_some() == range.start_token.is_some() {
        return invalid(
            "exactly one of {start key, end key} or {start token, end token} must be specified",
        );
    }
    if let (Some(start), Some(end)) = (&range.start_key, &range.end_key) {
        validate_key_order(partitioner, start, end)?;
    }
    if range.count <= 0 {
        return invalid("maxRows must be positive");
    }
    Ok(())
}

/// The start key's token must not sort after the end key's (unless the end is the minimum).
pub fn validate_key_order(partitioner: &dyn Partitioner, start: &str, end: &str) -> ApiResult<()> {
    let start_token = partitioner.token(start.as_bytes());
    let end_token = partitioner.token(end.as_bytes());
    if start_token > end_token && end_token != partitioner.min_token() {
        if partitioner.class_name().ends_with("RandomPartitioner") {
            return invalid("start key's md5 sorts after end key's md5.  this is not allowed; you probably should not specify end key at all, under RandomPartitioner");
        }
        return invalid("start key must sort before (or equal to) finish key in your partitioner!");
    }
    Ok(())
}

#[cfg(test)]
#[path = "validation_tests.rs"]
mod tests;
