//! CQL 2 SELECT as 1.2.9 ran it: by key (`KEY = k`, `KEY IN (...)`), over
//! a key range (`KEY > a AND KEY <= b`), or by secondary index
//! (`col = v AND ...`), with a names or slice filter (`FIRST n`,
//! `REVERSED`, `a..b`, `*`), `LIMIT` and `COUNT`.
//!
//! Owns the WHERE clause split (key relations vs column relations), the
//! SELECT-specific checks and the row shaping (key column, requested
//! order, missing columns, counter totals, metadata). It must not write.

use super::{
    check_column_name, check_consistency, check_key, check_key_alias, invalid, key_name, keyspace,
    standard_cf, storage_level, term_bytes, Access, Bound, Context, Result,
};
use crate::cql2::ast::{RelOp, Relation, Select, Selection, Term, Where};
use crate::cql2::era::Era;
use crate::cql2::result::{short_name, Column, Cql2Result, Metadata, Row};
use crate::marshal::AsciiType;
use crate::model::{
    Bytes, Cell, IndexExpression, IndexOperator, IndexQuery, ReadCommand, RowRange, RowResult,
    Slice,
};
use crate::schema::CfDef;

/// The WHERE clause, split as 1.2's `WhereClause.extractKeysFromColumns`.
#[derive(Default)]
struct Clause<'a> {
    keys: Vec<&'a Term>,
    start: Option<(&'a Term, bool)>,
    finish: Option<(&'a Term, bool)>,
    columns: Vec<&'a Relation>,
    multi_key: bool,
    /// The key name the clause used (`KEY` when it named none).
    alias: String,
}

fn add_key<'a>(keys: &mut Vec<&'a Term>, t: &'a Term) {
    if !keys.iter().any(|k| k.same_as(t)) {
        keys.push(t);
    }
}

/// 0.8's split (`Era::key_word_only`): `KEY` relations are the key's; the
/// first relation of the alias's exact name (`alias`, as the column family
/// has it) stands for `KEY =` when there was none.
fn split_by_key_word<'a>(rels: &'a [Relation], alias: &str) -> Clause<'a> {
    let mut c = Clause {
        alias: "KEY".into(),
        ..Clause::default()
    };
    for r in rels {
        if !r.entity.text.eq_ignore_ascii_case("KEY") {
            c.columns.push(r);
            continue;
        }
        match r.op {
            RelOp::Eq => add_key(&mut c.keys, &r.value),
            RelOp::Gt | RelOp::Gte => c.start = Some((&r.value, r.op == RelOp::Gte)),
            RelOp::Lt | RelOp::Lte => c.finish = Some((&r.value, r.op == RelOp::Lte)),
        }
    }
    if c.keys.is_empty() {
        if let Some(i) = c.columns.iter().position(|r| r.entity.text == alias) {
            let r = c.columns.remove(i);
            c.alias = r.entity.text.to_uppercase();
            add_key(&mut c.keys, &r.value);
        }
    }
    c
}

/// `key_word` (1.0): `KEY` names the key whatever its alias.
fn split<'a>(where_: &'a Where, real_alias: &str, key_word: bool) -> Clause<'a> {
    let mut c = Clause {
        alias: "KEY".into(),
        ..Clause::default()
    };
    match where_ {
        Where::None => {}
        Where::KeyIn { alias, keys } => {
            c.alias = alias.to_uppercase();
            c.multi_key = true;
            for k in keys {
                add_key(&mut c.keys, k);
            }
        }
        Where::Relations(rels) => {
            let mut alias = None;
            for r in rels {
                let name = r.entity.text.to_uppercase();
                if name != real_alias && !(key_word && name == "KEY") {
                    c.columns.push(r);
                    continue;
                }
                // The first name that named the key is the one checked.
                c.alias = alias.get_or_insert(name).clone();
                match r.op {
                    RelOp::Eq => add_key(&mut c.keys, &r.value),
                    RelOp::Gt | RelOp::Gte => c.start = Some((&r.value, r.op == RelOp::Gte)),
                    RelOp::Lt | RelOp::Lte => c.finish = Some((&r.value, r.op == RelOp::Lte)),
                }
            }
        }
    }
    c
}

pub(super) fn run(ctx: &mut Context, s: &Select, vars: &Bound<'_>) -> Result<Cql2Result> {
    let schema = ctx.backend.schema();
    let ks = match &s.keyspace {
        Some(ks) => {
            keyspace(&schema, ks)?;
            ks.clone()
        }
        None => ctx.session_keyspace()?,
    };
    let cf = standard_cf(&schema, &ks, &s.cf)?;
    let alias = key_name(&cf)?;
    let clause = match &s.where_ {
        Where::Relations(rels) if ctx.era.key_word_only => split_by_key_word(rels, &alias),
        // 2.0 upper-cased only the alias `key` (any case).
        _ if ctx.era.alias_case_kept && !alias.eq_ignore_ascii_case("KEY") => {
            split(&s.where_, &alias, false)
        }
        _ => split(&s.where_, &alias.to_uppercase(), ctx.era.key_word_is_key),
    };
    if !clause.keys.is_empty() {
        check_key_alias(ctx.era, &cf, &clause.alias)?;
    }
    validate(&schema, &ks, &cf, s, &clause, vars)?;
    let key_range = clause.start.is_some();
    if s.count && ctx.era.count_is_number && (key_range || clause.keys.is_empty()) {
        // 0.8 counted one row's columns and nothing else.
        return invalid("Counts can only be performed for a single record (Hint: KEY=term)");
    }
    let rows = if !key_range && !clause.keys.is_empty() {
        by_keys(ctx, &ks, &cf, s, &clause, vars)?
    } else {
        by_range(ctx, &ks, &cf, s, &clause, vars, &schema)?
    };
    if s.count {
        if ctx.era.count_is_number && !key_range && !clause.keys.is_empty() {
            // 0.8 counted the columns of the (at most one) row it read.
            let columns = rows
                .first()
                .and_then(|(_, c)| c.as_ref())
                .map_or(0, Vec::len);
            return Ok(Cql2Result::Int(i64::try_from(columns).unwrap_or(i64::MAX)));
        }
        return count(s, rows.len());
    }
    Ok(shape(&cf, s, rows, vars, ctx.era))
}

/// 1.2's `validateSelect`.
fn validate(
    schema: &crate::schema::Schema,
    ks: &str,
    cf: &CfDef,
    s: &Select,
    c: &Clause,
    vars: &Bound<'_>,
) -> Result<()> {
    let level = s.consistency.as_deref().unwrap_or("ONE");
    check_consistency(vars.era, keyspace(schema, ks)?, level, Access::Read)?;
    let key_range = c.start.is_some();
    if !key_range && c.finish.is_some() {
        return invalid("Key range clauses must include a start key (i.e. KEY > term)");
    }
    if key_range && !c.keys.is_empty() {
        return invalid("You cannot combine key range and by-key clauses in a SELECT");
    }
    if key_range && c.finish.is_some() && !c.columns.is_empty() {
        return invalid("You cannot combine key range and by-column clauses in a SELECT");
    }
    if !c.multi_key && c.keys.len() > 1 {
        return invalid("You cannot use more than one KEY = in a SELECT");
    }
    if !c.columns.is_empty() {
        for r in &c.columns {
            // 0.8 to 1.1 read a relation's name only for `=` (the check's
            // `&&`); 1.2 read every relation's name first.
            if vars.era.index_check_reads_eq_only && r.op != RelOp::Eq {
                continue;
            }
            let name = term_bytes(&r.entity, &cf.comparator, vars)?;
            if r.op == RelOp::Eq
                && cf
                    .options
                    .column(&name)
                    .is_some_and(|d| d.index_type.is_some())
            {
                return Ok(());
            }
        }
        return invalid("No indexed columns present in by-columns clause with \"equals\" operator");
    }
    Ok(())
}

/// The names a column-list SELECT reads: every term but the key alias.
fn column_names(cf: &CfDef, s: &Select, vars: &Bound<'_>) -> Result<Option<Vec<Bytes>>> {
    let Selection::Columns(terms) = &s.selection else {
        return Ok(None);
    };
    let key = key_name(cf)?;
    let mut names = Vec::new();
    for t in terms {
        if !t.text.eq_ignore_ascii_case(&key) {
            let name = term_bytes(t, &cf.comparator, vars)?;
            check_column_name(&name)?;
            names.push(name);
        }
    }
    Ok(Some(names))
}

/// A slice filter from the selection's bounds (`*` is the open slice),
/// checked as 1.2's `validateSliceFilter`.
fn slice_filter(cf: &CfDef, s: &Select, vars: &Bound<'_>) -> Result<Slice> {
    let (start, finish) = match &s.selection {
        Selection::Range(a, b) => (
            term_bytes(a, &cf.comparator, vars)?,
            term_bytes(b, &cf.comparator, vars)?,
        ),
        _ => (Vec::new(), Vec::new()),
    };
    if !start.is_empty() && !finish.is_empty() {
        let order = if s.reversed {
            cf.comparator.reverse_compare(&start, &finish)
        } else {
            cf.comparator.compare(&start, &finish)
        };
        if order == std::cmp::Ordering::Greater {
            return invalid("range finish must come after start in traversal order");
        }
    }
    Ok(Slice::Range {
        start,
        finish,
        reversed: s.reversed,
        count: usize::try_from(s.first).unwrap_or(0),
    })
}

fn command(ks: &str, cf: &CfDef, slice: Slice) -> ReadCommand {
    ReadCommand {
        keyspace: ks.to_string(),
        cf: cf.name.clone(),
        super_column: None,
        slice,
    }
}

/// A row as read: its key, and its columns unless 1.2 would have had
/// no column family for it at all (`None`).
type ReadRow = (Bytes, Option<Vec<Cell>>);

fn cells(r: RowResult) -> Vec<Cell> {
    match r {
        RowResult::Cells(c) => c,
        // Super column families are refused before any read.
        RowResult::SuperColumns(_) => Vec::new(),
    }
}

fn by_keys(
    ctx: &Context,
    ks: &str,
    cf: &CfDef,
    s: &Select,
    c: &Clause,
    vars: &Bound<'_>,
) -> Result<Vec<ReadRow>> {
    let slice = match column_names(cf, s, vars)? {
        Some(names) => Slice::Names(names),
        None => slice_filter(cf, s, vars)?,
    };
    let cmd = command(ks, cf, slice);
    let mut keys = Vec::with_capacity(c.keys.len());
    for k in &c.keys {
        let key = term_bytes(k, &cf.options.key_validation_class, vars)?;
        check_key(&key)?;
        keys.push(key);
    }
    level_at_storage(ctx, ks, s)?;
    let mut rows = Vec::with_capacity(keys.len());
    for key in keys {
        let found = cells(ctx.backend.read(&cmd, &key)?);
        // A key read that finds nothing live had no column family, but
        // where the read met deletions within gc grace (a range scan's
        // ghost: `removeDeleted` kept the column family). 0.8 left out the
        // rows without one and showed a ghost's key column alone; later
        // releases name a ghost's asked columns without values.
        let found = match found.is_empty() {
            false => Some(found),
            // Where the backend can tell, the row is answered when the read
            // met its tombstones (QueryProcessor's `row.cf` was not null:
            // the asked names come without values) and not when it met
            // nothing, whatever lives elsewhere in the row.
            true => match ctx.backend.read_met(&cmd, &key)? {
                Some(true) => Some(Vec::new()),
                Some(false) => None,
                None => guessed(ctx, &cmd, &key)?,
            },
        };
        rows.push((key, found));
    }
    Ok(rows)
}

/// [`by_keys`]'s answer for a row whose read found nothing live, where the
/// backend cannot tell what the read met: live elsewhere in the row, what
/// the filter met is taken to be nothing (its own names' tombstones are not
/// told apart); else a ghost of the range is taken to have met deletions.
fn guessed(ctx: &Context, cmd: &ReadCommand, key: &Bytes) -> Result<Option<Vec<Cell>>> {
    Ok(match () {
        () if lives_elsewhere(ctx, cmd, key)? => None,
        () if ghost(ctx, cmd, key)? => Some(Vec::new()),
        () => None,
    })
}

/// Whether the row `key` has a live column outside `cmd`'s filter.
fn lives_elsewhere(ctx: &Context, cmd: &ReadCommand, key: &Bytes) -> Result<bool> {
    let whole = ReadCommand {
        slice: Slice::first(1),
        ..cmd.clone()
    };
    Ok(!cells(ctx.backend.read(&whole, key)?).is_empty())
}

/// Whether the row `key` is a ghost of `cmd`'s slice: a range read of that
/// key alone lists it, its data all deleted.
fn ghost(ctx: &Context, cmd: &ReadCommand, key: &Bytes) -> Result<bool> {
    let range = RowRange::Keys {
        start: key.clone(),
        end: key.clone(),
    };
    let rows = ctx.backend.read_range(cmd, &range, 1)?;
    Ok(rows.iter().any(|(k, _)| k == key))
}

/// The level as the read's storage call met it (see `storage_level`).
fn level_at_storage(ctx: &Context, ks: &str, s: &Select) -> Result<()> {
    let schema = ctx.backend.schema();
    let level = s.consistency.as_deref().unwrap_or("ONE");
    storage_level(ctx.era, keyspace(&schema, ks)?, level, true)
}

fn index_operator(op: RelOp) -> IndexOperator {
    match op {
        RelOp::Eq => IndexOperator::Eq,
        RelOp::Lt => IndexOperator::Lt,
        RelOp::Lte => IndexOperator::Lte,
        RelOp::Gt => IndexOperator::Gt,
        RelOp::Gte => IndexOperator::Gte,
    }
}

fn by_range(
    ctx: &Context,
    ks: &str,
    cf: &CfDef,
    s: &Select,
    c: &Clause,
    vars: &Bound<'_>,
    schema: &crate::schema::Schema,
) -> Result<Vec<ReadRow>> {
    let key_type = &cf.options.key_validation_class;
    let start = match c.start {
        Some((t, _)) => Some(term_bytes(t, key_type, vars)?),
        None => None,
    };
    let finish = match c.finish {
        Some((t, _)) => Some(term_bytes(t, key_type, vars)?),
        None => None,
    };
    let p = schema.partitioner.as_ref();
    if let (Some(a), Some(b)) = (&start, &finish) {
        let (ta, tb) = (p.token(a), p.token(b));
        if !b.is_empty() && (ta > tb || (ta == tb && a > b)) {
            if p.class_name().ends_with(".RandomPartitioner") && ctx.era.md5_words {
                return invalid("Start key's md5 sorts after end key's md5. This is not allowed; you probably should not specify end key at all, under RandomPartitioner");
            }
            if p.class_name().ends_with(".RandomPartitioner") {
                return invalid("Start key sorts after end key. This is not allowed; you probably should not specify end key at all, under RandomPartitioner");
            }
            return invalid(
                "Start key must sort before (or equal to) finish key in your partitioner!",
            );
        }
    }
    let slice = match column_names(cf, s, vars)? {
        Some(names) if !names.is_empty() => Slice::Names(names),
        _ => slice_filter(cf, s, vars)?,
    };
    let cmd = command(ks, cf, slice);
    let records = usize::try_from(s.limit).unwrap_or(0);
    let index_scan = !c.columns.is_empty();
    // 0.8 and 1.0 scanned an index from the start key whatever its
    // operator (see `Era::index_start_inclusive`).
    let start_inclusive = index_scan && finish.is_none() && ctx.era.index_start_inclusive;
    let limit = if start.is_some() && !start_inclusive {
        records.saturating_add(1)
    } else {
        records
    };
    level_at_storage(ctx, ks, s)?;
    let found = if !index_scan {
        let range = RowRange::Keys {
            start: start.clone().unwrap_or_default(),
            end: finish.clone().unwrap_or_default(),
        };
        ctx.backend.read_range(&cmd, &range, limit)?
    } else {
        let mut expressions = Vec::with_capacity(c.columns.len());
        for r in &c.columns {
            let column = term_bytes(&r.entity, &cf.comparator, vars)?;
            let value = term_bytes(&r.value, cf.options.value_validator(&column), vars)?;
            expressions.push(IndexExpression {
                column,
                op: index_operator(r.op),
                value,
            });
        }
        let query = IndexQuery {
            expressions,
            start_key: start.clone().unwrap_or_default(),
            count: limit,
        };
        ctx.backend.read_indexed(&cmd, &query)?
    };
    let mut rows: Vec<ReadRow> = found
        .into_iter()
        .map(|(k, r)| (k, Some(cells(r))))
        .collect();
    if let (Some((_, false)), Some(a), false) = (c.start, &start, start_inclusive) {
        if rows.first().is_some_and(|(k, _)| k == a) {
            rows.remove(0);
        }
    }
    if let (Some((_, false)), Some(b)) = (c.finish, &finish) {
        if rows.last().is_some_and(|(k, _)| k == b) {
            rows.pop();
        }
    }
    rows.truncate(records);
    Ok(rows)
}

/// COUNT's answer: one row `count` holding the number of rows as a long.
fn count(s: &Select, n: usize) -> Result<Cql2Result> {
    let valid = match &s.selection {
        Selection::Wildcard => true,
        Selection::Columns(cols) => cols.len() == 1 && (cols[0].text == "*" || cols[0].text == "1"),
        Selection::Range(..) => false,
    };
    if !valid {
        return invalid("Only COUNT(*) and COUNT(1) operations are currently supported.");
    }
    let name = b"count".to_vec();
    let column = Column {
        name: name.clone(),
        value: Some((n as i64).to_be_bytes().to_vec()),
        timestamp: None,
    };
    Ok(Cql2Result::Rows {
        rows: vec![Row {
            key: name,
            columns: vec![column],
        }],
        metadata: Metadata {
            default_name_type: "AsciiType".into(),
            default_value_type: "LongType".into(),
            ..Metadata::default()
        },
    })
}

fn thrift_column(c: Cell) -> Column {
    let value = match c.counter_total() {
        Some(total) => total.to_be_bytes().to_vec(),
        None => c.value,
    };
    Column {
        name: c.name,
        value: Some(value),
        timestamp: Some(c.timestamp),
    }
}

/// The ROWS answer, shaped as 1.2's `processStatement`.
fn shape(cf: &CfDef, s: &Select, rows: Vec<ReadRow>, vars: &Bound<'_>, era: Era) -> Cql2Result {
    let mut md = Metadata {
        default_name_type: short_name(cf.comparator.as_ref()),
        default_value_type: short_name(cf.options.default_validation_class.as_ref()),
        ..Metadata::default()
    };
    let key_value_type = short_name(cf.options.key_validation_class.as_ref());
    let key_name = key_name(cf).unwrap_or_else(|_| "KEY".into());
    let key_column = |md: &mut Metadata, name: &[u8], key: &[u8]| {
        md.name_types.insert(name.to_vec(), short_name(&AsciiType));
        md.value_types.insert(name.to_vec(), key_value_type.clone());
        Column {
            name: name.to_vec(),
            value: Some(key.to_vec()),
            timestamp: Some(-1),
        }
    };
    let mut out = Vec::with_capacity(rows.len());
    for (key, found) in rows {
        if era.skip_missing_rows && found.is_none() {
            continue;
        }
        let mut columns = Vec::new();
        match &s.selection {
            Selection::Columns(terms) => {
                for t in terms {
                    if t.text.eq_ignore_ascii_case(&key_name) {
                        // The key column keeps the case it was asked in.
                        columns.push(key_column(&mut md, t.text.as_bytes(), &key));
                        continue;
                    }
                    let Some(cells) = &found else { continue };
                    // Already converted once when reading.
                    let Ok(name) = term_bytes(t, &cf.comparator, vars) else {
                        continue;
                    };
                    if let Some(d) = cf.options.column(&name) {
                        md.value_types
                            .insert(name.clone(), short_name(d.validation_class.as_ref()));
                    }
                    match cells.iter().find(|c| c.name == name) {
                        Some(c) => columns.push(thrift_column(c.clone())),
                        None => columns.push(Column {
                            name,
                            value: None,
                            timestamp: None,
                        }),
                    }
                }
            }
            _ => {
                if s.selection == Selection::Wildcard && (era.first_keeps_key || !s.first_set) {
                    columns.push(key_column(&mut md, key_name.as_bytes(), &key));
                }
                // The row's columns came in the comparator's order whatever
                // the slice's direction (`getSortedColumns`): a REVERSED
                // row is reversed whole below, its key column last.
                let mut found = found.unwrap_or_default();
                if s.reversed {
                    found.reverse();
                }
                for c in found {
                    if let Some(d) = cf.options.column(&c.name) {
                        md.value_types
                            .insert(c.name.clone(), short_name(d.validation_class.as_ref()));
                    }
                    columns.push(thrift_column(c));
                }
            }
        }
        if s.reversed {
            columns.reverse();
        }
        out.push(Row { key, columns });
    }
    Cql2Result::Rows {
        rows: out,
        metadata: md,
    }
}
