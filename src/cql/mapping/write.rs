//! INSERT, UPDATE and DELETE → writes (a BATCH's are `batch_writes`'),
//! exactly as Cassandra 1.2.9 turned them into cells and tombstones.
//!
//! Owns the write rules: the row marker (INSERT *and* UPDATE write it in
//! 1.2.9, with the statement's TTL; 1.1's beta wrote none), null =
//! deleted cell, whole-collection writes = range tombstone at
//! timestamp − 1 then the elements, collection
//! element operations (list appends/prepends with time UUIDs, index
//! set/delete via a read of the current list), CQL row deletion = range
//! tombstone over the clustering prefix, partition deletion, COMPACT
//! STORAGE layouts, USING TTL / TIMESTAMP. Key resolution lives in `keys`,
//! per-assignment cell operations in `assign`, what they are all made
//! with in `context`. It must not apply anything.

use super::super::ast::{Assignment, Delete, Deletion, Insert, Operator, Relation, Update};
use super::super::error::{CqlError, CqlResult};
use super::super::table::{ColumnRole, Layout, Table};
use super::super::types::CqlType;
use super::assign::{
    column_type, compact_assignment, existing_element, regular_literals_first, sparse_assignment,
    value_checked,
};
use super::condition::statics;
use super::context::{stamp, stamp_for, EmptyDenseName, Stamp, WriteContext};
use super::keys::{cartesian, frozen_keys_valid, key_values, require_all, KeyRestrictions};
use super::names::{cell_name, marker_name, prefix_range, row_key_for, static_marker_name};
use super::range_delete;
use super::value_rules::ValueRules;
use super::values::{eval_scalar, list_index, spec_receiver};
use super::{CqlOp, CqlWrite};
use crate::model::DeletionTime;

fn new_write(table: &Table, key: Vec<u8>) -> CqlWrite {
    CqlWrite {
        keyspace: table.keyspace.clone(),
        table: table.name.clone(),
        row_key: key,
        ops: Vec::new(),
    }
}

/// INSERT: the row marker plus every given column, at one timestamp.
pub fn insert_writes(
    table: &Table,
    ins: &Insert,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    let expanded;
    let ins = match super::json_insert::expand(table, ins, ctx.binds)? {
        Some(json) => {
            expanded = json;
            &expanded
        }
        None => ins,
    };
    let (where_clause, assignments) = insert_parts(table, ins, ctx)?;
    let upd = Update {
        table: ins.table.clone(),
        using: ins.using.clone(),
        assignments,
        where_clause,
        condition: None,
    };
    write_rows(table, &upd, false, default_ts, ctx)
}

/// An INSERT's columns as the release prepared them, in their order: the
/// key columns' relations and the regular columns' assignments.
pub(super) fn insert_parts(
    table: &Table,
    ins: &Insert,
    ctx: &mut WriteContext,
) -> CqlResult<(Vec<Relation>, Vec<Assignment>)> {
    if ins.columns.len() != ins.values.len() {
        return Err(CqlError::invalid("Unmatched column names/values"));
    }
    if table.is_counter_table() {
        return Err(CqlError::invalid(
            "INSERT statement are not allowed on counter tables, use UPDATE instead",
        ));
    }
    // 3.0's `checkContainsNoDuplicates`, before any column was looked up.
    let repeated = |i: usize| ins.columns[..i].contains(&ins.columns[i]);
    if ctx.values >= ValueRules::Since30 && (0..ins.columns.len()).any(repeated) {
        return Err(CqlError::invalid("The column names contains duplicates"));
    }
    let mut where_clause = Vec::new();
    let mut assignments = Vec::new();
    for (i, (c, v)) in ins.columns.iter().zip(&ins.values).enumerate() {
        if ins.columns[..i].contains(c) {
            return Err(CqlError::invalid(format!(
                "Multiple definitions found for column {c}"
            )));
        }
        let role = table.role(c);
        // Each column's value was prepared as the loop over the columns met
        // it (`UpdateStatement.prepareInternal`): a key column's too before
        // 3.0, which left those to the WHERE clause it built; 1.1's beta
        // kept the terms for the mutation.
        let prepared_here = match role {
            Some(ColumnRole::Regular(_)) => true,
            Some(_) => ctx.values < ValueRules::Since30,
            None => false,
        };
        if prepared_here && !ctx.beta_words {
            value_checked(table, c, v, ctx)?;
        }
        match role {
            None => return Err(CqlError::unknown_identifier(c)),
            Some(ColumnRole::Regular(_)) => assignments.push(Assignment::Set {
                column: c.clone(),
                value: v.clone(),
            }),
            Some(_) => where_clause.push(Relation::Column {
                column: c.clone(),
                op: Operator::Eq,
                value: v.clone(),
            }),
        }
    }
    Ok((where_clause, assignments))
}

/// UPDATE: the row marker (1.2.9 writes it on UPDATE too) plus the assignments.
pub fn update_writes(
    table: &Table,
    upd: &Update,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    for a in &upd.assignments {
        match table.known_role(a.column())? {
            // 1.1's beta: a counter table takes only increments, a plain
            // one none.
            ColumnRole::Regular(_) if ctx.beta_words => {
                let counter = column_type(table, a.column()).is_counter();
                let increment = matches!(a, Assignment::Add { .. } | Assignment::Subtract { .. });
                if counter != increment {
                    let non = if counter { "" } else { "non " };
                    return Err(CqlError::invalid(format!(
                        "invalid operation for {non}commutative columnfamily {}",
                        table.name
                    )));
                }
            }
            // `Operation.SetValue.prepare`: a counter is only added to.
            ColumnRole::Regular(_)
                if matches!(a, Assignment::Set { .. })
                    && column_type(table, a.column()).is_counter() =>
            {
                return Err(CqlError::invalid(format!(
                    "Cannot set the value of counter column {} (counters can only be incremented/decremented, not set)",
                    a.column()
                )))
            }
            ColumnRole::Regular(_) => super::assign::literal_checked(table, a, ctx)?,
            _ => {
                let ty = column_type(table, a.column());
                let prepared = ctx.key_assignments_prepared;
                if let Some(e) = super::assign::key_assignment_refusal(a, &ty, ctx).filter(|_| prepared) {
                    return Err(e);
                }
                return Err(CqlError::invalid(format!(
                    "PRIMARY KEY part {} found in SET part",
                    a.column()
                )))
            }
        }
    }
    regular_literals_first(table, &upd.assignments, ctx)?;
    write_rows(table, upd, true, default_ts, ctx)
}

/// The writes of an UPDATE (`is_update`) or of the UPDATE an INSERT is.
fn write_rows(
    table: &Table,
    upd: &Update,
    is_update: bool,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    let st = stamp_for(table, &upd.using, default_ts, ctx)?;
    st.check_expiry(table, ctx.past_2038)?;
    let keys = key_values(table, &upd.where_clause, ctx)?;
    // 2.0: a write of static columns only may name the partition alone;
    // it writes no row (no marker). An UPDATE of them must not name a row,
    // unless a condition on a regular column is about it, which it must
    // then name whole.
    let only_statics =
        statics::writes_only_statics(table, upd.assignments.iter().map(|a| a.column()));
    if only_statics && is_update {
        require_all(table, &keys, 0)?;
        // 2.0 and 2.1 validated the partition keys (`buildPartitionKeyNames`)
        // before they built the clustering prefix that refused the row.
        if ctx.values < ValueRules::Since22 {
            for pk in cartesian(&keys.partition) {
                row_key_for(table, &pk, ctx.values)?;
            }
        }
        statics::refuse_clustering(
            table,
            "UPDATE",
            &upd.where_clause,
            upd.condition.as_ref(),
            ctx.values >= ValueRules::Since30,
        )?;
    }
    let statics_alone = only_statics
        && keys.clustering.iter().all(Vec::is_empty)
        && !statics::has_row_conditions(table, upd.condition.as_ref());
    let rows = if statics_alone {
        require_all(table, &keys, 0)?;
        vec![Vec::new()]
    } else if table.layout == Layout::CompactDense && ctx.dense_prefixes {
        let given = dense_prefix(table, &keys)?;
        cartesian(&keys.clustering[..given])
    } else {
        require_all(table, &keys, table.clustering.len())?;
        cartesian(&keys.clustering)
    };
    let mut out = Vec::new();
    for pk in cartesian(&keys.partition) {
        frozen_keys_valid(table, &pk)?;
        let mut w = new_write(table, row_key_for(table, &pk, ctx.values)?);
        for ck in &rows {
            if statics_alone {
                // 2.0's INSERT marked the row of the prefix it built, the
                // static one too (`UpdateStatement.addUpdateForKey`); 2.1 on
                // left a static prefix unmarked (`!prefix.isStatic()`).
                if !is_update && ctx.row_marker && ctx.values == ValueRules::Since20 {
                    w.ops.push(st.cell(static_marker_name(table)?, Vec::new()));
                }
                for a in &upd.assignments {
                    sparse_assignment(table, &w.row_key.clone(), ck, a, &st, ctx, &mut w.ops)?;
                }
                continue;
            }
            let ck = ck.clone();
            match table.layout {
                Layout::Sparse => {
                    // 1.2's UpdateStatement marks every row it writes, a
                    // counter table's too (a plain cell beside the counters,
                    // seen by Thrift reads and counts); INSERT, the only
                    // writer of markers from 2.0, is refused on counters.
                    let marked = !is_update || ctx.update_writes_marker;
                    if ctx.row_marker && marked && (ctx.counter_marker || !table.is_counter_table())
                    {
                        w.ops.push(st.cell(marker_name(&ck)?, Vec::new()));
                    }
                    for a in &upd.assignments {
                        sparse_assignment(table, &w.row_key.clone(), &ck, a, &st, ctx, &mut w.ops)?;
                    }
                }
                Layout::CompactStatic => {
                    for a in &upd.assignments {
                        compact_assignment(table, &ck, a, &st, ctx, &mut w.ops)?;
                    }
                }
                Layout::CompactDense => {
                    refuse_empty_name(table, &ck, ctx)?;
                    empty_dense_name(table, &ck, ctx)?;
                    if upd.assignments.is_empty() {
                        // A dense table has no row marker: with a value
                        // column, a write of the key alone would store
                        // nothing a read could find, so every release refuses
                        // it (`UpdateStatement`, CASSANDRA-5648).
                        if let Some(v) = table.regular.first() {
                            return Err(super::keys::compact_value_missing(&v.column.name));
                        }
                        // No value column: the name alone is the row.
                        w.ops
                            .push(st.cell(cell_name(table, &ck, "", None)?, Vec::new()));
                    }
                    for a in &upd.assignments {
                        compact_assignment(table, &ck, a, &st, ctx, &mut w.ops)?;
                    }
                }
            }
        }
        out.push(w);
    }
    Ok(out)
}

/// DELETE: cells, collection entries, whole collections (range tombstone),
/// whole CQL rows (range tombstone over the clustering prefix) or the partition.
pub fn delete_writes(
    table: &Table,
    del: &Delete,
    default_ts: Option<i64>,
    ctx: &mut WriteContext,
) -> CqlResult<Vec<CqlWrite>> {
    if del.using.ttl.is_some() {
        return Err(CqlError::invalid("TTL cannot be set on DELETE"));
    }
    for d in &del.columns {
        let c = statics::deleted_column(d);
        match table.known_role(c)? {
            ColumnRole::Regular(_) => {}
            _ => {
                return Err(CqlError::invalid(format!(
                    "Invalid identifier {c} for deletion (should not be a PRIMARY KEY part)"
                )))
            }
        }
    }
    let st = stamp(&del.using, default_ts, ctx)?;
    // 3.0 on: a slice of the clustering column after the prefix.
    if let Some((where_keys, slices)) = range_delete::split(table, &del.where_clause, ctx) {
        let keys = key_values(table, &where_keys, ctx)?;
        let (given, slice) = range_delete::slice_of(table, del, &slices, &keys, ctx)?;
        let mut out = Vec::new();
        for pk in cartesian(&keys.partition) {
            frozen_keys_valid(table, &pk)?;
            let mut w = new_write(table, row_key_for(table, &pk, ctx.values)?);
            for ck in cartesian(&keys.clustering[..given]) {
                let range = range_delete::bounds(table, &ck, &slice)?;
                w.ops.push(st.range(range, st.timestamp));
            }
            out.push(w);
        }
        return Ok(out);
    }
    let keys = key_values(table, &del.where_clause, ctx)?;
    let given = deleted_prefix(table, del, &keys, ctx)?;
    let mut out = Vec::new();
    for pk in cartesian(&keys.partition) {
        frozen_keys_valid(table, &pk)?;
        let key = row_key_for(table, &pk, ctx.values)?;
        let mut w = new_write(table, key.clone());
        for ck in cartesian(&keys.clustering[..given]) {
            if table.layout == Layout::CompactDense && ck.len() == table.clustering.len() {
                refuse_empty_name(table, &ck, ctx)?;
            }
            if !del.columns.is_empty() {
                for d in &del.columns {
                    delete_column(table, &key, &ck, d, &st, ctx, &mut w.ops)?;
                }
            } else if ck.is_empty() {
                w.ops.push(CqlOp::PartitionDelete(DeletionTime::new(
                    st.timestamp,
                    st.now,
                )));
            } else if table.layout == Layout::CompactDense && ck.len() == table.clustering.len() {
                w.ops.push(st.tombstone(cell_name(table, &ck, "", None)?));
            } else {
                w.ops
                    .push(st.range(prefix_range(table, &ck, None)?, st.timestamp));
            }
        }
        out.push(w);
    }
    Ok(out)
}

/// How many leading clustering columns a write of a COMPACT table names,
/// where a prefix would do (see `WriteContext::dense_prefixes`): at least
/// the first, and none after a missing one (1.2's `buildColumnNames` and
/// `mutationForKey`).
fn dense_prefix(table: &Table, keys: &KeyRestrictions) -> CqlResult<usize> {
    let given = leading_clustering(table, keys)?;
    if given == 0 {
        return Err(super::keys::missing_key(format!(
            "Missing PRIMARY KEY part {}",
            table.clustering[0].column.name
        )));
    }
    Ok(given)
}

/// The partition key whole and the clustering values named before the first
/// missing one, none named after it (1.2's `buildColumnNames`): their count.
fn leading_clustering(table: &Table, keys: &KeyRestrictions) -> CqlResult<usize> {
    require_all(table, keys, 0)?;
    let given = keys.clustering.iter().take_while(|v| !v.is_empty()).count();
    if let Some(set) = keys
        .clustering
        .iter()
        .skip(given)
        .position(|v| !v.is_empty())
    {
        return Err(super::keys::missing_key(format!(
            "Missing PRIMARY KEY part {} since {} is set",
            table.clustering[given].column.name,
            table.clustering[given + set].column.name
        )));
    }
    Ok(given)
}

/// 1.2.11's and 2.0's refusal of a COMPACT table's empty cell name: its only clustering
/// value, empty, would be the whole name.
fn refuse_empty_name(table: &Table, ck: &[Vec<u8>], ctx: &WriteContext) -> CqlResult<()> {
    if ctx.refuses_empty_names
        && table.clustering.len() == 1
        && ck.first().is_some_and(Vec::is_empty)
    {
        return Err(CqlError::invalid(
            "Invalid empty value for clustering column of COMPACT TABLE",
        ));
    }
    Ok(())
}

/// A write's refusal of a COMPACT table's only clustering value, empty,
/// from 2.1 (see [`EmptyDenseName`]).
fn empty_dense_name(table: &Table, ck: &[Vec<u8>], ctx: &WriteContext) -> CqlResult<()> {
    if table.clustering.len() != 1 || !ck.first().is_some_and(Vec::is_empty) {
        return Ok(());
    }
    let name = &table.clustering[0].column.name;
    match ctx.empty_dense_name {
        EmptyDenseName::Taken => Ok(()),
        EmptyDenseName::Missing => Err(super::keys::missing_key(format!(
            "Missing PRIMARY KEY part {name}"
        ))),
        EmptyDenseName::EmptyOrNull => Err(CqlError::invalid(format!(
            "Invalid empty or null value for column {name}"
        ))),
    }
}

/// How many leading clustering columns a DELETE names (by EQ/IN), checked:
/// a prefix, and the whole key when it names columns of a row.
fn deleted_prefix(
    table: &Table,
    del: &Delete,
    keys: &KeyRestrictions,
    ctx: &WriteContext,
) -> CqlResult<usize> {
    let given = leading_clustering(table, keys)?;
    let since_30 = ctx.values >= ValueRules::Since30;
    // 2.0: deleting static columns only is about the partition.
    let statics_only =
        statics::writes_only_statics(table, del.columns.iter().map(statics::deleted_column))
            && !statics::has_row_conditions(table, del.condition.as_ref());
    if statics_only {
        statics::refuse_clustering(
            table,
            "DELETE",
            &del.where_clause,
            del.condition.as_ref(),
            since_30,
        )?;
    } else if given < table.clustering.len() && since_30 && !del.columns.is_empty() {
        // 3.0: columns of a range of rows (a prefix of them).
        return Err(range_delete::of_columns());
    } else if given < table.clustering.len() {
        // Named columns need their whole row; 2.0 names a non-static one.
        let named = del.columns.iter().map(statics::deleted_column);
        if let Some(first) = named
            .clone()
            .find(|c| !table.is_static(c))
            .or(named.clone().next())
        {
            if ctx.partial_row_delete_fails && table.layout == Layout::Sparse {
                return Err(CqlError::Failed(format!(
                    "column {first} deleted with {given} of {} clustering values",
                    table.clustering.len()
                )));
            }
            return Err(super::keys::missing_key(format!(
                "Missing mandatory PRIMARY KEY part {} since {first} specified",
                table.clustering[given].column.name
            )));
        }
    }
    Ok(given)
}

/// The ops deleting one named column (or collection element) of a row.
fn delete_column(
    table: &Table,
    key: &[u8],
    ck: &[Vec<u8>],
    d: &Deletion,
    st: &Stamp,
    ctx: &mut WriteContext,
    ops: &mut Vec<CqlOp>,
) -> CqlResult<()> {
    match d {
        Deletion::Column(c) => {
            let ty = column_type(table, c);
            if ty.is_collection() || ty.is_multi_cell_user() {
                ops.push(st.range(prefix_range(table, ck, Some(c))?, st.timestamp));
            } else {
                ops.push(st.tombstone(cell_name(table, ck, c, None)?));
            }
        }
        // 3.11's `UserTypes.DeleterByField`: the field's cell.
        Deletion::Field { column, field } => {
            let at = super::assign::deleted_field(&column_type(table, column), column, field)?;
            let path = crate::cql::types::UserTypeDef::field_path(at);
            ops.push(st.tombstone(cell_name(table, ck, column, Some(&path))?));
        }
        Deletion::Element { column, key: k } => {
            let ty = column_type(table, column);
            let set_fails = ctx.set_element_deletion_fails;
            let mut tctx = ctx.terms();
            match &ty {
                // `Operation.ElementDeletion` prepared the element for
                // `Maps.keySpecOf` (`key(m)`) or `Sets.valueSpecOf`
                // (`value(s)`), the names its refusals carry.
                CqlType::Map(kt, _) => {
                    let spec = format!("key({column})");
                    tctx.receiver = Some(spec_receiver(&spec, kt, tctx.values));
                    let mk = eval_scalar(k, kt, &spec, &mut tctx)?
                        .ok_or_else(|| CqlError::invalid("Invalid null map key"))?;
                    ops.push(st.tombstone(cell_name(table, ck, column, Some(&mk))?));
                }
                CqlType::List(_) => {
                    let idx = list_index(k, column, &mut tctx)?;
                    let name = existing_element(table, key, ck, column, idx, true, ctx)?;
                    ops.push(st.tombstone(name));
                }
                // 1.2.12's `Operation.ElementDeletion` took a set's element
                // as `Sets.Discarder` does (a null one discards nothing);
                // before, `Lists.Discarder` failed on the server, after the
                // element was prepared.
                CqlType::Set(et) => {
                    let spec = format!("value({column})");
                    tctx.receiver = Some(spec_receiver(&spec, et, tctx.values));
                    let element = eval_scalar(k, et, &spec, &mut tctx)?;
                    if set_fails {
                        return Err(CqlError::Failed(format!(
                            "a set element of {column} deleted as a list's"
                        )));
                    }
                    if let Some(e) = element {
                        ops.push(st.tombstone(cell_name(table, ck, column, Some(&e))?));
                    }
                }
                _ => {
                    return Err(CqlError::invalid(format!(
                        "Invalid deletion operation for non list/map column {column}"
                    )))
                }
            }
        }
    }
    Ok(())
}
