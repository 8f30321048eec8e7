//! CQL 3 refusals later releases worded otherwise than the engine's 1.2
//! texts: a SELECT restricting columns no index serves, 2.2's SELECT
//! DISTINCT restricting a clustering column and CREATE INDEX.
//! (Syntax errors are worded in [`crate::cql::syntax_words`], for both
//! front ends.) Only rewording: which statements are refused is the
//! engine's.

use crate::cql::ast::{Operator, Parsed, Relation, Selection, Selector, Statement};
use crate::cql::exec::CqlSession;
use crate::cql::table::{ColumnRole, Layout, Table};
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use crate::thrift::api19::release::cql::beta;
use std::sync::Arc;

/// The engine's refusal of a SELECT whose non-key restrictions have no
/// indexed EQ (1.2's and 2.0's words).
const UNINDEXED: &str = "No indexed columns present in by-columns clause with Equal operator";

/// `e` as the node's release worded it, for the statement `parsed` run by
/// `session`: 2.1 refused the unindexed SELECT when it looked for an index
/// serving the restrictions on indexed columns, listing those; 2.2 named
/// the restricted non-key columns (of a table with clustering or composite
/// names; on a static compact one it asked for ALLOW FILTERING, as 3.x did
/// of any table).
pub fn reword_unindexed(
    node: &Node,
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: CqlError,
) -> CqlError {
    let Some(release) = node.release.filter(|r| r.at_least(2, 1)) else {
        return e;
    };
    if release.at_least(2, 2) && !release.at_least(3, 0) {
        if let Some(distinct) = distinct_restricted(schema, session, parsed, &e) {
            return distinct;
        }
    }
    if !matches!(&e, CqlError::Invalid(why) if why == UNINDEXED) {
        return e;
    }
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return e;
    };
    let regular: Vec<(&str, Operator)> = select
        .where_clause
        .iter()
        .filter_map(|r| match r {
            Relation::Column { column, op, .. } => Some((column.as_str(), *op)),
            Relation::Token { .. } | Relation::MultiColumn { .. } => None,
        })
        .filter(|(c, _)| table.regular.iter().any(|r| r.column.name == *c))
        .collect();
    if release.at_least(2, 2) {
        // 3.x asked for ALLOW FILTERING whatever the table.
        if table.layout == Layout::CompactStatic || release.does(Behaviour::FilteringAlwaysAsked) {
            // With ALLOW FILTERING 2.2 filtered such a table, which the
            // engine does not: its refusal stands.
            if select.allow_filtering {
                return e;
            }
            return CqlError::Invalid(FILTERING.into());
        }
        // 2.2's restrictions were a map ordered by column position (the
        // same for every regular column), then by name's bytes.
        let mut names: Vec<&str> = regular.iter().map(|(c, _)| *c).collect();
        names.sort_unstable();
        names.dedup();
        return CqlError::Invalid(format!(
            "Predicates on non-primary-key columns ({}) are not yet supported for non \
             secondary index queries",
            names.join(", ")
        ));
    }
    let listed: Vec<String> = regular
        .iter()
        .filter(|(c, _)| {
            table
                .regular
                .iter()
                .any(|r| r.column.name == *c && r.is_indexed())
        })
        .map(|(c, op)| format!("'{c} {} <value>'", index_operator(*op)))
        .collect();
    CqlError::Invalid(format!(
        "No secondary indexes on the restricted columns support the provided operators: {}",
        listed.join(", ")
    ))
}

/// 2.2's refusal of a SELECT restricting some of a composite partition
/// key's parts but not all (`StatementRestrictions`: every unrestricted
/// part named, in key order), where the engine's words are 1.2's to 2.1's
/// (`SelectStatement`: the first part after a restricted one, or the first
/// restricted one after an unrestricted one).
pub fn reword_partition_parts(
    node: &Node,
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: CqlError,
) -> CqlError {
    let CqlError::Invalid(why) = &e else {
        return e;
    };
    let after_unrestricted =
        why.starts_with("partition key part ") && why.contains(" cannot be restricted (");
    let partly = why.starts_with("Partition key part ")
        && why.ends_with(" since preceding part is")
        || after_unrestricted;
    let Some(series) = node.release.map(|r| r.series()) else {
        return e;
    };
    if !partly || !matches!(series, (2, 0..=2)) {
        return e;
    }
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return e;
    };
    if series != (2, 2) {
        return match after_unrestricted {
            true => partitioning_column(series, &table, why).unwrap_or(e),
            false => e,
        };
    }
    let restricted = |name: &str| {
        select
            .where_clause
            .iter()
            .any(|r| matches!(r, Relation::Column { column, .. } if column.as_str() == name))
    };
    let missing: Vec<&str> = table
        .partition_key
        .iter()
        .map(|c| c.name.as_str())
        .filter(|n| !restricted(n))
        .collect();
    if missing.is_empty() {
        return e;
    }
    CqlError::Invalid(format!(
        "Partition key parts: {} must be restricted as other parts are",
        missing.join(", ")
    ))
}

/// 2.0's and 2.1's words for a partition key part restricted after one
/// that is not (`SelectStatement.processPartitionKeyRestrictions`): 2.1
/// printed the preceding part's `ColumnDefinition` whole.
fn partitioning_column(series: (u32, u32), table: &Table, why: &str) -> Option<CqlError> {
    let rest = why.strip_prefix("partition key part ")?;
    let (part, rest) = rest.split_once(" cannot be restricted (preceding part ")?;
    let (preceding, _) = rest.split_once(" is either")?;
    let at = table
        .partition_key
        .iter()
        .position(|c| c.name == preceding)?;
    let column = &table.partition_key[at];
    let shown = match series {
        (2, 0) => preceding.to_string(),
        _ => format!(
            "ColumnDefinition{{name={preceding}, type={}, kind=PARTITION_KEY, componentIndex={}, \
             indexName=null, indexType=null}}",
            column.ty.class_name(),
            match table.partition_key.len() {
                1 => "null".to_string(),
                _ => at.to_string(),
            }
        ),
    };
    Some(CqlError::Invalid(format!(
        "Partitioning column \"{part}\" cannot be restricted because the preceding column \
         (\"{shown}\") is either not restricted or is restricted by a non-EQ relation"
    )))
}

/// 2.2's refusal of a SELECT DISTINCT restricting a clustering column and
/// selecting no static column: only a selection holding a static column
/// counted as static-only there, so its DISTINCT check spoke first (the
/// engine's words are 2.0's and 2.1's).
fn distinct_restricted(
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: &CqlError,
) -> Option<CqlError> {
    let static_only = "Cannot restrict clustering columns when selecting only static columns";
    if !matches!(e, CqlError::Invalid(why) if why == static_only) {
        return None;
    }
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return None;
    };
    let Selection::Columns(list) = &select.selection else {
        return None;
    };
    let selects_static = list.iter().any(|(s, _)| match s {
        Selector::Column(c) | Selector::WriteTime(c) | Selector::Ttl(c) => table.is_static(c),
        Selector::Field { column, .. } => table.is_static(column),
        Selector::Function { .. }
        | Selector::Cast { .. }
        | Selector::Term { .. }
        | Selector::Value { .. } => false,
    });
    (select.distinct && !selects_static).then(|| {
        CqlError::Invalid(
            "SELECT DISTINCT with WHERE clause only supports restriction by partition key.".into(),
        )
    })
}

const FILTERING: &str = "Cannot execute this query as it might involve data filtering and thus \
                         may have unpredictable performance. If you want to execute this query \
                         despite the performance unpredictability, use ALLOW FILTERING";

/// An `IndexExpression`'s operator as 2.1 printed it (`Operator.toString`:
/// the symbol, `CONTAINS`, `CONTAINS KEY`).
fn index_operator(op: Operator) -> &'static str {
    match op {
        Operator::Eq => "=",
        other => other.symbol(),
    }
}

/// `e` in the words of the Thrift CQL 3 path of the node's release, where
/// they were not the engine's: `QueryProcessor.processPrepared` counted the
/// bound values in lower case (`there were N markers(?) in CQL but M bound
/// variables`; the native BATCH message's capital is the engine's), and
/// 2.0's `ModificationStatement` refused a timestamp on a conditional
/// statement in the singular (`...for conditional update`).
pub fn reword(node: &Node, e: CqlError) -> CqlError {
    let e = map_spelled_as_set(node, e);
    let CqlError::Invalid(why) = &e else {
        return e;
    };
    if let Some(rest) = why.strip_prefix("There were ") {
        if rest.ends_with(" bound variables") {
            return CqlError::Invalid(format!("there were {rest}"));
        }
    }
    // 1.2's relations printed their operator by its enum name ('c EQ 1').
    if node.release.is_some_and(|r| !r.at_least(2, 0)) && why.starts_with("Undefined name ") {
        if let Some(at) = why.find(" in where clause ('") {
            let (head, quoted) = why.split_at(at + " in where clause ('".len());
            let named = [
                (" = ", " EQ "),
                (" <= ", " LTE "),
                (" >= ", " GTE "),
                (" < ", " LT "),
                (" > ", " GT "),
            ]
            .iter()
            .find_map(|(sym, name)| quoted.find(sym).map(|i| (i, sym, name)))
            .map(|(i, sym, name)| format!("{}{name}{}", &quoted[..i], &quoted[i + sym.len()..]));
            if let Some(quoted) = named {
                return CqlError::Invalid(format!("{head}{quoted}"));
            }
        }
    }
    // 1.2's relations named their operator by its enum name there too
    // (UpdateStatement: `Invalid operator GT for PRIMARY KEY part k`).
    if node.release.is_some_and(|r| !r.at_least(2, 0)) {
        if let Some(rest) = why.strip_prefix("Invalid operator ") {
            if let Some((op, part)) = rest.split_once(" for PRIMARY KEY part ") {
                let named = match op {
                    "=" => "EQ",
                    "<" => "LT",
                    "<=" => "LTE",
                    ">" => "GT",
                    ">=" => "GTE",
                    _ => op,
                };
                return CqlError::Invalid(format!(
                    "Invalid operator {named} for PRIMARY KEY part {part}"
                ));
            }
        }
    }
    // 1.2's CreateColumnFamilyStatement wanted one key list and said so
    // alike of none and of several.
    if node.release.is_some_and(|r| !r.at_least(2, 0))
        && (why == "No PRIMARY KEY specifed (exactly one required)"
            || why == "Multiple PRIMARY KEYs specifed (exactly one required)")
    {
        return CqlError::Invalid("You must specify one and only one PRIMARY KEY".into());
    }
    if node.release.is_some_and(|r| !r.at_least(2, 0)) {
        if let Some(bare) = bare_property_words(why) {
            return CqlError::Invalid(bare);
        }
    }
    // 2.2's SingleColumnRestriction worded a COMPACT value column's refusal.
    if node.release.is_some_and(|r| r.series() == (2, 2)) {
        if let Some(rest) = why.strip_prefix("Predicates on the non-primary-key column (") {
            if let Some(column) = rest.strip_suffix(") of a COMPACT table are not yet supported") {
                return CqlError::Invalid(format!(
                    "Predicates on non-primary-key columns ({column}) are not yet supported for \
                     non secondary index queries"
                ));
            }
        }
    }
    if let Some(words) = collection_words(node, why) {
        return CqlError::Invalid(words);
    }
    // 2.1's DropIndexStatement looked in the keyspace's "tables" (and so
    // did 3.x's).
    if node.release.is_some_and(|r| r.at_least(2, 1)) {
        if let Some((head, tail)) =
            why.split_once(" could not be found in any of the column families of keyspace ")
        {
            return CqlError::Invalid(format!(
                "{head} could not be found in any of the tables of keyspace {tail}"
            ));
        }
    }
    let series_2_0 = node.release.is_some_and(|r| r.series() == (2, 0));
    if series_2_0 && why == "Cannot provide custom timestamp for conditional updates" {
        return CqlError::Invalid("Cannot provide custom timestamp for conditional update".into());
    }
    e
}

/// A property's value of the wrong kind in 1.1's and 1.2's words
/// (`PropertyDefinitions.getSimple`, `getMap`: the property named, without
/// 2.0's "It should be a string/map" after it).
pub(super) fn bare_property_words(why: &str) -> Option<String> {
    if !why.starts_with("Invalid value for property '") {
        return None;
    }
    why.strip_suffix(". It should be a string")
        .or_else(|| why.strip_suffix(". It should be a map."))
        .map(str::to_string)
}

/// 2.2's and 3.x's words where the engine's are 2.1's: a map's second
/// index (2.2 printed each `TargetType` as `values(m)`); a CONTAINS on a
/// column that is no collection, which 2.2 did not check (its restriction
/// then found no index to serve it) and 3.x refused in its own words.
fn collection_words(node: &Node, why: &str) -> Option<String> {
    let series = node.release?.series();
    if let Some(column) = why.strip_prefix("Cannot use CONTAINS relation on non collection column ")
    {
        return match series {
            (2, 2) => Some(format!(
                "Predicates on non-primary-key columns ({column}) are not yet supported for non \
                 secondary index queries"
            )),
            (3, _) => Some(format!(
                "Cannot use CONTAINS on non-collection column {column}"
            )),
            _ => None,
        };
    }
    let rest = why
        .strip_prefix("Cannot create index on ")
        .filter(|_| series == (2, 2))?;
    let (new, rest) = rest.split_once(", an index on ")?;
    let (old, _) = rest.split_once(" already exists and indexing a map on both keys and values")?;
    let target = |said: &str| {
        let (column, what) = said.rsplit_once(' ')?;
        Some(format!("{what}({column})"))
    };
    Some(format!(
        "Cannot create index on {}: an index on {} already exists and indexing a map on more \
         than one dimension at the same time is not currently supported",
        target(new)?,
        target(old)?
    ))
}

/// What 2.1's (and 3.x's) `ModificationStatement.validate` refused of a
/// write to a counter table once the statement was prepared (before it ran): a
/// `USING TIMESTAMP` (`...custom timestamp for counter updates`), then a
/// `USING TTL` (`...custom TTL for counter updates`); 1.2 and 2.0 took
/// both. (A conditional statement on a counter table was refused while it
/// was prepared, by the engine.)
pub fn counter_attributes(
    node: &Node,
    schema: &Arc<Schema>,
    keyspace: Option<&str>,
    statement: &Statement,
) -> Option<CqlError> {
    node.release.filter(|r| r.at_least(2, 1))?;
    let (table, using) = match statement {
        Statement::Insert(i) if !i.if_not_exists => (&i.table, &i.using),
        Statement::Update(u) if u.condition.is_none() => (&u.table, &u.using),
        Statement::Delete(d) if d.condition.is_none() => (&d.table, &d.using),
        _ => return None,
    };
    if using.timestamp.is_none() && using.ttl.is_none() {
        return None;
    }
    let ks = table.keyspace.as_deref().or(keyspace)?;
    let t = crate::cql::exec::tables::lookup(schema, ks, &table.name).ok()?;
    if !t.is_counter_table() {
        return None;
    }
    let what = if using.timestamp.is_some() {
        "timestamp"
    } else {
        "TTL"
    };
    Some(CqlError::Invalid(format!(
        "Cannot provide custom {what} for counter updates"
    )))
}

/// A refused CREATE INDEX in the words of the node's release: 1.2 refused
/// a compact table's value column as `...of compact CF`; from 2.0 a
/// compact table's key columns and its value column were refused for
/// COMPACT STORAGE, and a table's single partition key column as already
/// indexed (2.0) or as the partition key (2.1). (2.0 on indexed the
/// clustering columns and a composite partition key's parts, which the
/// engine refuses.)
pub fn reword_index(
    node: &Node,
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: CqlError,
) -> CqlError {
    let (Some(release), CqlError::Invalid(why)) = (node.release, &e) else {
        return e;
    };
    let Statement::CreateIndex { table, column, .. } = &parsed.statement else {
        return e;
    };
    let Some(t) = session
        .keyspace_for(table)
        .ok()
        .and_then(|ks| crate::cql::exec::tables::lookup(schema, &ks, &table.name).ok())
    else {
        return e;
    };
    if why == "Index already exists" && release.does(Behaviour::IndexNamesOfKeyspace) {
        return existing_index_3x(schema, &t, parsed).unwrap_or(e);
    }
    let since_2_0 = release.at_least(2, 0);
    if why.starts_with("Secondary index on CLUSTERING column or COMPACT value") {
        return CqlError::Invalid(if since_2_0 {
            "Secondary indexes are not supported on COMPACT STORAGE tables that have clustering \
             columns"
                .into()
        } else {
            format!("Cannot create index on column {column} of compact CF")
        });
    }
    if !since_2_0 || !why.starts_with("Cannot create index on PRIMARY KEY part") {
        return e;
    }
    if t.is_compact() {
        return CqlError::Invalid(
            "Secondary indexes are not supported on PRIMARY KEY columns in COMPACT STORAGE tables"
                .into(),
        );
    }
    let sole_key = t.partition_key.len() == 1 && t.partition_key[0].name == *column;
    match (sole_key, release.at_least(2, 1)) {
        (true, false) => CqlError::Invalid(format!(
            "Cannot add secondary index to already primarily indexed column {column}"
        )),
        (true, true) => CqlError::Invalid(format!(
            "Cannot create secondary index on partition key column {column}"
        )),
        (false, _) => e,
    }
}

/// 3.x's refusal of a new index's name that the keyspace already has (on
/// any of its tables; `CreateIndexStatement.validate`, once the column was
/// found a regular one the table may index).
pub fn index_name_taken(
    node: &Node,
    schema: &Arc<Schema>,
    keyspace: Option<&str>,
    statement: &Statement,
) -> Option<CqlError> {
    node.release
        .filter(|r| r.does(Behaviour::IndexNamesOfKeyspace))?;
    let Statement::CreateIndex {
        name: Some(name),
        table,
        column,
        if_not_exists: false,
        ..
    } = statement
    else {
        return None;
    };
    let ks = table.keyspace.as_deref().or(keyspace)?;
    let t = crate::cql::exec::tables::lookup(schema, ks, &table.name).ok()?;
    // What 3.0's `validate` let through to the name check: a regular
    // column that is not static, a clustering column, a part of a
    // partition key of several.
    let indexable = t.layout == Layout::Sparse
        && !t.is_counter_table()
        && match t.role(column) {
            Some(ColumnRole::Regular(i)) => !t.regular[i].is_static,
            Some(ColumnRole::Clustering(_)) => true,
            Some(ColumnRole::PartitionKey(_)) => t.partition_key.len() > 1,
            None => false,
        };
    let taken = schema.keyspace(ks)?.cfs.values().any(|cf| {
        crate::cql::exec::tables::table_of(cf).is_ok_and(|t| t.index_names().any(|n| n == name))
    });
    (indexable && taken).then(|| CqlError::Invalid(format!("Index {name} already exists")))
}

/// 3.x's refusal of an index on a column already indexed for the same
/// target (`CreateIndexStatement`): a name the keyspace already has, given, is
/// `Index X already exists`; otherwise the name taken (given, or the first
/// of `<table>_<column>_idx`, `..._1`, ... no index of the keyspace has,
/// `Indexes.getAvailableIndexName`) makes a duplicate of the column's.
fn existing_index_3x(schema: &Schema, t: &Table, parsed: &Parsed) -> Option<CqlError> {
    let Statement::CreateIndex {
        name,
        column,
        target,
        ..
    } = &parsed.statement
    else {
        return None;
    };
    let ks = schema.keyspace(&t.keyspace)?;
    let names: Vec<String> = ks
        .cfs
        .values()
        .filter_map(|cf| crate::cql::exec::tables::table_of(cf).ok())
        .flat_map(|t| t.index_names().map(str::to_string).collect::<Vec<_>>())
        .collect();
    if let Some(name) = name.as_deref().filter(|n| names.iter().any(|x| x == n)) {
        return Some(CqlError::Invalid(format!("Index {name} already exists")));
    }
    let existing = t
        .regular
        .iter()
        .find(|r| r.column.name == *column)
        .and_then(|r| r.indexes.iter().find(|i| i.target == *target))
        .map(|i| i.name.clone())
        .or_else(|| t.key_index(column).map(|k| k.name.clone()))?;
    let accepted = name.clone().unwrap_or_else(|| {
        let base: String = format!("{}_{column}_idx", t.name)
            .chars()
            .filter(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut accepted = base.clone();
        let mut i = 0;
        while names.contains(&accepted) {
            i += 1;
            accepted = format!("{base}_{i}");
        }
        accepted
    });
    Some(CqlError::Invalid(format!(
        "Index {accepted} is a duplicate of existing index {existing}"
    )))
}

/// Whether the statement failed on the server of the node's release, which
/// closed the connection: 1.2's and 2.0's ALTER TABLE of a clustering
/// column asserted the comparator composite, which a COMPACT STORAGE
/// table of one clustering column's was not (`AlterTableStatement`'s
/// `assert cfDef.isComposite`; 2.1 refused it as a non-CQL3 table's).
pub fn fails_on_server(
    node: &Node,
    schema: &Schema,
    keyspace: Option<&str>,
    parsed: &Parsed,
) -> bool {
    if !node
        .release
        .is_some_and(|r| r.at_least(1, 2) && !r.at_least(2, 1))
    {
        return false;
    }
    let Statement::AlterTable {
        table,
        op: crate::cql::ast::AlterTableOp::Alter { column, .. },
    } = &parsed.statement
    else {
        return false;
    };
    let Some(ks) = table.keyspace.as_deref().or(keyspace) else {
        return false;
    };
    let Some(cf) = schema.cf(ks, &table.name) else {
        return false;
    };
    let Ok(t) = crate::cql::exec::tables::table_of(cf) else {
        return false;
    };
    t.layout == Layout::CompactDense
        && t.clustering.len() == 1
        && t.clustering[0].column.name == *column
}

/// 1.2.2 to 1.2.9 printed a map's CQL type as `set<k, v>`
/// (`CQL3Type.Collection.toString`'s MAP case began with `set<`): every
/// refusal naming a map column's type named it so.
fn map_spelled_as_set(node: &Node, e: CqlError) -> CqlError {
    match e {
        CqlError::Invalid(why)
            if why.contains("map<")
                && node
                    .release
                    .is_some_and(|r| r.does(Behaviour::MapTypeSpelledSet)) =>
        {
            CqlError::Invalid(why.replace("map<", "set<"))
        }
        e => e,
    }
}
