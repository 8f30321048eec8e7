//! CQL 3 refusals 3.x worded otherwise than 2.2. 3.0: an unknown column of
//! an IF condition (`Unknown identifier X in IF conditions`) and an UPDATE's
//! or DELETE's slice of a partition key (`SingleColumnRelation` refused any
//! slice of one: `Only EQ and IN relation are supported on the partition
//! key ...`). 3.10 on (3.11.10): every unknown column a statement named,
//! wherever it named it (its selection, WHERE clause, SET or INSERT
//! columns, DELETE columns, IF conditions, ORDER BY), resolved by
//! `ColumnDefinition.Raw.prepare` and refused as `Undefined column name X`,
//! the name quoted as CQL would write it (`ColumnIdentifier.maybeQuote`);
//! (3.11) a key column's collection called non-frozen;
//! (3.0 on) a modification's WHERE clause naming a column not of the
//! primary key, refused after a missing key part and naming them all;
//! a SELECT's slice of a partition key, which 3.10 filtered
//! (CASSANDRA-11031) and so refused for want of `ALLOW FILTERING`, and an
//! UPDATE's or DELETE's refused `... for UPDATE statements`. Only
//! rewording: which statements are refused is the engine's (which, by
//! 3.11's rules, filters such a SELECT's partitions given `ALLOW
//! FILTERING`).

use crate::cql::ast::{Condition, Deletion, Operator, Parsed, Relation, Statement};
use crate::cql::exec::CqlSession;
use crate::cql::table::ColumnRole;
use crate::cql::CqlError;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::Schema;
use crate::thrift::api19::release::cql::beta;
use std::sync::Arc;

/// 3.11's `ReservedKeywords`: a name that is one is quoted.
const RESERVED: &[&str] = &[
    "SELECT",
    "FROM",
    "WHERE",
    "AND",
    "ENTRIES",
    "FULL",
    "INSERT",
    "UPDATE",
    "WITH",
    "LIMIT",
    "USING",
    "USE",
    "SET",
    "BEGIN",
    "UNLOGGED",
    "BATCH",
    "APPLY",
    "TRUNCATE",
    "DELETE",
    "IN",
    "CREATE",
    "KEYSPACE",
    "SCHEMA",
    "COLUMNFAMILY",
    "TABLE",
    "MATERIALIZED",
    "VIEW",
    "INDEX",
    "ON",
    "TO",
    "DROP",
    "PRIMARY",
    "INTO",
    "ALTER",
    "RENAME",
    "ADD",
    "ORDER",
    "BY",
    "ASC",
    "DESC",
    "ALLOW",
    "IF",
    "IS",
    "GRANT",
    "OF",
    "REVOKE",
    "MODIFY",
    "AUTHORIZE",
    "DESCRIBE",
    "EXECUTE",
    "NORECURSIVE",
    "TOKEN",
    "NULL",
    "NOT",
    "NAN",
    "INFINITY",
    "OR",
    "REPLACE",
    "DEFAULT",
    "UNSET",
    "MBEAN",
    "MBEANS",
];

const FILTERING: &str = "Cannot execute this query as it might involve data filtering and thus \
                         may have unpredictable performance. If you want to execute this query \
                         despite the performance unpredictability, use ALLOW FILTERING";

const PARTITION_KEY_EQ_ONLY: &str =
    "Only EQ and IN relation are supported on the partition key (unless you use the token() function)";

/// 3.0's `TupleType.asCQL3Type()` printed itself frozen, as it always
/// was: a tuple literal of too many elements names its type
/// `frozen<tuple<..>>` (recorded: 3.0.24 and 3.11.10, `ordinary19p`,
/// `zd`, `zi`).
fn frozen_tuple_named(why: &str) -> Option<String> {
    let (head, rest) = why.split_once(": too many elements. Type tuple<")?;
    let (inner, tail) = rest.split_once("> expects ")?;
    Some(format!(
        "{head}: too many elements. Type frozen<tuple<{inner}>> expects {tail}"
    ))
}

const NON_FROZEN_UDT: &str = "Non-frozen User-Defined types are not supported, please use frozen<>";

/// Whether a CREATE TYPE names a field's type by a name no native type
/// has, bare (not in `frozen<>`, a collection nor a tuple).
fn names_bare_user_type(statement: &Statement) -> bool {
    let Statement::CreateType { fields, .. } = statement else {
        return false;
    };
    fields.iter().any(|(_, ty)| {
        matches!(ty, crate::cql::ast::TypeExpr::Native(n)
            if crate::cql::types::Native::from_name_22(n).is_none())
    })
}

/// `e` in 3.11's words where they differ (see the module).
pub fn reword(
    node: &Node,
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    e: CqlError,
) -> CqlError {
    let does = |b| node.release.is_some_and(|r| r.does(b));
    let CqlError::Invalid(why) = &e else {
        return e;
    };
    if does(Behaviour::UndefinedColumnName) {
        if let Some(name) = unknown_column(why) {
            return CqlError::Invalid(format!("Undefined column name {}", maybe_quote(name)));
        }
    }
    if does(Behaviour::MultiCellUserTypes) {
        if let Some(k) = why.strip_prefix("Invalid collection type for PRIMARY KEY component ") {
            return CqlError::Invalid(format!(
                "Invalid non-frozen collection type for PRIMARY KEY component {k}"
            ));
        }
        // 3.11's CreateTypeStatement.validate: a field's type written as a
        // user type's bare name (3.0 refused it as a column's).
        if why == NON_FROZEN_UDT && names_bare_user_type(&parsed.statement) {
            return CqlError::Invalid("A user type cannot contain non-frozen UDTs".into());
        }
    }
    if !does(Behaviour::CqlWordsOf3x) {
        return e;
    }
    // 3.0's ColumnCondition.Raw.prepare refused a counter column's
    // condition before the statement refused its counter table.
    if why == "Conditional updates are not supported on counter tables"
        && counter_condition(schema, session, &parsed.statement)
    {
        return CqlError::Invalid("Conditions on counters are not supported".into());
    }
    // (A COMPACT table's write naming no clustering column says `Missing
    // PRIMARY KEY part c`.)
    let missing = why.starts_with("Missing mandatory PRIMARY KEY part ")
        || why.starts_with("Missing PRIMARY KEY part ");
    if missing {
        if let Some(words) = missing_key(schema, session, parsed) {
            return CqlError::Invalid(words);
        }
    }
    if let Some(words) = schema_words(&parsed.statement, why) {
        return CqlError::Invalid(words);
    }
    if let Some(words) = frozen_tuple_named(why) {
        return CqlError::Invalid(words);
    }
    // 3.0's CreateTableStatement refused a COMPACT STORAGE table's
    // collection in one message, whatever its clustering; 3.11 (3.6's
    // multi-cell user types) named those too.
    if why == "Collection types are not supported with COMPACT STORAGE" {
        return CqlError::Invalid(
            match does(Behaviour::MultiCellUserTypes) {
                true => "Non-frozen collections and UDTs are not supported with COMPACT STORAGE",
                false => "Non-frozen collection types are not supported with COMPACT STORAGE",
            }
            .into(),
        );
    }
    // 3.0's `StatementRestrictions` checked the partition key, then the
    // clustering columns, and only then refused every other column named.
    if why.starts_with("Non PRIMARY KEY ") && why.ends_with(" found in where clause") {
        if let Some(words) = missing_key(schema, session, parsed) {
            return CqlError::Invalid(words);
        }
        if let Some(columns) = non_key_columns(schema, session, parsed) {
            return CqlError::Invalid(format!(
                "Non PRIMARY KEY columns found in where clause: {} ",
                columns.join(", ")
            ));
        }
    }
    if let Some(name) = why.strip_prefix("Unknown identifier ") {
        if only_in_conditions(&parsed.statement, name) {
            return CqlError::Invalid(format!("Unknown identifier {name} in IF conditions"));
        }
    }
    // A CONTAINS on a frozen collection clustering column, which the
    // engine refuses as on no collection.
    let on_no_collection = why
        .strip_prefix("Cannot use CONTAINS on non-collection column ")
        .or_else(|| why.strip_prefix("Cannot use CONTAINS relation on non collection column "))
        .map(|part| ("CONTAINS", part))
        .or_else(|| {
            why.strip_prefix("Cannot use CONTAINS KEY on non-map column ")
                .map(|part| ("CONTAINS KEY", part))
        });
    let key_part = why
        .strip_prefix("Invalid operator ")
        .and_then(|rest| rest.split_once(" for PRIMARY KEY part "));
    if let Some((op, part)) = on_no_collection.or(key_part) {
        if frozen_collection_clustering(schema, session, parsed, op, part) {
            // 3.6 (with its filtering of key columns) allowed it filtered.
            return CqlError::Invalid(
                match does(Behaviour::PartitionKeySliceFiltered) {
                    true => {
                        "Clustering columns can only be restricted with CONTAINS with a \
                             secondary index or filtering"
                    }
                    false => {
                        "Cannot restrict clustering columns by a CONTAINS relation without \
                              a secondary index"
                    }
                }
                .into(),
            );
        }
    }
    let keyed = why.starts_with("Invalid operator ") && why.contains(" for PRIMARY KEY part ");
    // 3.0's `SingleColumnRelation.toReceivers` checked a CONTAINS against
    // the column's type before anything of a key column (none is a
    // collection but a frozen one, whose CONTAINS a SELECT's clustering
    // restrictions refused after).
    if let Some((op, part)) = why
        .strip_prefix("Invalid operator ")
        .and_then(|rest| rest.split_once(" for PRIMARY KEY part "))
    {
        match op {
            "CONTAINS" => {
                return CqlError::Invalid(format!(
                    "Cannot use CONTAINS on non-collection column {part}"
                ))
            }
            "CONTAINS KEY" => {
                return CqlError::Invalid(format!(
                    "Cannot use CONTAINS KEY on non-map column {part}"
                ))
            }
            _ => {}
        }
    }
    if keyed {
        if let Some(kind) = modification_slicing_partition_key(schema, session, parsed) {
            return CqlError::Invalid(if does(Behaviour::PartitionKeySliceFiltered) {
                format!("{PARTITION_KEY_EQ_ONLY} for {kind} statements")
            } else {
                PARTITION_KEY_EQ_ONLY.to_string()
            });
        }
    }
    if does(Behaviour::PartitionKeySliceFiltered)
        && why == PARTITION_KEY_EQ_ONLY
        && slices_partition_key(schema, session, parsed)
    {
        return CqlError::Invalid(FILTERING.into());
    }
    e
}

/// 3.0's refusal of a modification missing a PRIMARY KEY part, where the
/// engine says `Missing mandatory PRIMARY KEY part X` or `Missing PRIMARY
/// KEY part c since d is set`: its `StatementRestrictions` (an INSERT's
/// columns made into a WHERE clause) named every unrestricted partition key
/// part, then (INSERT, UPDATE) every unrestricted clustering column, while
/// a DELETE, which may name a prefix, was refused its first restricted
/// column after a gap.
fn missing_key(schema: &Arc<Schema>, session: &CqlSession, parsed: &Parsed) -> Option<String> {
    let (table, named): (_, Vec<&str>) = match &parsed.statement {
        Statement::Insert(i) => (&i.table, i.columns.iter().map(String::as_str).collect()),
        Statement::Update(u) => (&u.table, where_columns(&u.where_clause)),
        Statement::Delete(d) => (&d.table, where_columns(&d.where_clause)),
        _ => return None,
    };
    let keyspace = session.keyspace_for(table).ok()?;
    let table = crate::cql::exec::tables::lookup(schema, &keyspace, &table.name).ok()?;
    let unnamed = |names: Vec<&str>| -> Vec<String> {
        names
            .into_iter()
            .filter(|n| !named.contains(n))
            .map(maybe_quote)
            .collect()
    };
    let parts = unnamed(
        table
            .partition_key
            .iter()
            .map(|c| c.name.as_str())
            .collect(),
    );
    if !parts.is_empty() {
        return Some(format!(
            "Some partition key parts are missing: {}",
            parts.join(", ")
        ));
    }
    let clustering: Vec<&str> = table
        .clustering
        .iter()
        .map(|c| c.column.name.as_str())
        .collect();
    let restricted: Vec<&str> = clustering
        .iter()
        .copied()
        .filter(|c| named.contains(c))
        .collect();
    // A COMPACT table's write naming some clustering column may name a
    // prefix: only its gaps are refused, as a DELETE's are.
    let prefix_taken = table.is_compact() && !restricted.is_empty();
    if !matches!(parsed.statement, Statement::Delete(_)) && !prefix_taken {
        let missing = unnamed(clustering);
        return (!missing.is_empty())
            .then(|| format!("Some clustering keys are missing: {}", missing.join(", ")));
    }
    let (column, preceding) = restricted.iter().zip(&clustering).find(|(r, c)| r != c)?;
    Some(format!(
        "PRIMARY KEY column \"{column}\" cannot be restricted as preceding column \"{preceding}\" \
         is not restricted"
    ))
}

/// 3.0's words for a keyspace's or table's refusals: `CreateKeyspaceStatement`
/// and `CreateTableStatement` checked the name themselves, a SimpleStrategy
/// option named the keyspace (`validateExpectedOptions`), and an ALTER or
/// DROP of the system keyspace met `ClientState`'s access check first.
fn schema_words(statement: &Statement, why: &str) -> Option<String> {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    match statement {
        Statement::CreateKeyspace { name, .. } | Statement::AlterKeyspace { name, .. }
            if why.starts_with("Unrecognized strategy option ")
                && why.ends_with(" passed to SimpleStrategy") =>
        {
            Some(format!("{why} for keyspace {name}"))
        }
        Statement::CreateKeyspace { name, .. }
            if why.starts_with("Keyspace name must not be empty")
                && !name.is_empty()
                && !name.chars().all(word) =>
        {
            Some(format!("\"{name}\" is not a valid keyspace name"))
        }
        Statement::CreateTable(ct)
            if why.starts_with("ColumnFamily name must not be empty")
                && !ct.table.name.is_empty()
                && !ct.table.name.chars().all(word) =>
        {
            Some(format!(
                "\"{}\" is not a valid table name (must be alphanumeric character or \
                 underscore only: [a-zA-Z_0-9]+)",
                ct.table.name
            ))
        }
        Statement::AlterKeyspace { .. } | Statement::DropKeyspace { .. }
            if why == "system keyspace is not user-modifiable" =>
        {
            Some(format!("{why}."))
        }
        _ => None,
    }
}

/// The columns other than the primary key's a modification's WHERE clause
/// restricts, by name (3.0's `RestrictionSet` kept them sorted so).
fn non_key_columns(
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
) -> Option<Vec<String>> {
    let (table, relations) = match &parsed.statement {
        Statement::Update(u) => (&u.table, &u.where_clause),
        Statement::Delete(d) => (&d.table, &d.where_clause),
        _ => return None,
    };
    let keyspace = session.keyspace_for(table).ok()?;
    let table = crate::cql::exec::tables::lookup(schema, &keyspace, &table.name).ok()?;
    let mut columns: Vec<&str> = where_columns(relations)
        .into_iter()
        .filter(|c| matches!(table.role(c), Some(ColumnRole::Regular(_))))
        .collect();
    columns.sort_unstable();
    columns.dedup();
    (!columns.is_empty()).then(|| columns.into_iter().map(maybe_quote).collect())
}

/// The columns a WHERE clause restricts, in its order.
fn where_columns(relations: &[Relation]) -> Vec<&str> {
    relations
        .iter()
        .filter_map(|r| match r {
            Relation::Column { column, .. } => Some(column.as_str()),
            Relation::Token { .. } | Relation::MultiColumn { .. } => None,
        })
        .collect()
}

/// Whether `name` is named by the statement's IF conditions and not by
/// its assignments or deleted columns (those were checked first).
fn only_in_conditions(statement: &Statement, name: &str) -> bool {
    let (condition, elsewhere) = match statement {
        Statement::Update(u) => (
            &u.condition,
            u.assignments.iter().any(|a| a.column() == name),
        ),
        Statement::Delete(d) => (
            &d.condition,
            d.columns.iter().any(|c| match c {
                Deletion::Column(column)
                | Deletion::Element { column, .. }
                | Deletion::Field { column, .. } => column == name,
            }),
        ),
        _ => return false,
    };
    let in_condition =
        matches!(condition, Some(Condition::Columns(cs)) if cs.iter().any(|c| c.column == name));
    in_condition && !elsewhere
}

/// The statement type (`UPDATE`, `DELETE`) of a modification restricting a
/// partition key column by a slice.
fn modification_slicing_partition_key(
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
) -> Option<&'static str> {
    let (kind, table, relations) = match &parsed.statement {
        Statement::Update(u) => ("UPDATE", &u.table, &u.where_clause),
        Statement::Delete(d) => ("DELETE", &d.table, &d.where_clause),
        _ => return None,
    };
    let keyspace = session.keyspace_for(table).ok()?;
    let table = crate::cql::exec::tables::lookup(schema, &keyspace, &table.name).ok()?;
    slices_key(&table, relations).then_some(kind)
}

/// Whether a relation restricts a partition key column by a slice.
fn slices_key(table: &crate::cql::table::Table, relations: &[Relation]) -> bool {
    relations.iter().any(|r| match r {
        Relation::Column { column, op, .. } => {
            !matches!(
                op,
                Operator::Eq
                    | Operator::In
                    | Operator::Contains
                    | Operator::ContainsKey
                    | Operator::MapEntry { .. }
            ) && matches!(table.role(column), Some(ColumnRole::PartitionKey(_)))
        }
        Relation::Token { .. } | Relation::MultiColumn { .. } => false,
    })
}

/// The column an engine refusal of an unknown column names (its 1.2-3.0
/// words).
fn unknown_column(why: &str) -> Option<&str> {
    if let Some(rest) = why.strip_prefix("Undefined name ") {
        return rest
            .strip_suffix(" in selection clause")
            .or_else(|| rest.find(" in where clause ('").map(|at| &rest[..at]));
    }
    if let Some(rest) = why.strip_prefix("Unknown identifier ") {
        return Some(rest.strip_suffix(" in IF conditions").unwrap_or(rest));
    }
    why.strip_prefix("Order by on unknown column ")
        .or_else(|| why.strip_prefix("Group by on unknown column "))
        // CREATE INDEX's target (recorded: `ordinary19n`, `ordinary19p`)
        .or_else(|| why.strip_prefix("No column definition found for column "))
}

/// `ColumnIdentifier.maybeQuote`: a name of lower-case letters, digits and
/// underscores after a letter, not a reserved keyword, as it is; any other
/// in double quotes, its own doubled.
fn maybe_quote(name: &str) -> String {
    let mut chars = name.chars();
    let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if plain && !RESERVED.contains(&name.to_ascii_uppercase().as_str()) {
        return name.to_string();
    }
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// Whether `parsed` is a SELECT without `ALLOW FILTERING` restricting a
/// partition key column by a slice.
fn slices_partition_key(schema: &Arc<Schema>, session: &CqlSession, parsed: &Parsed) -> bool {
    let (Statement::Select(select), Some(table)) =
        (&parsed.statement, beta::table_of(schema, session, parsed))
    else {
        return false;
    };
    !select.allow_filtering && slices_key(&table, &select.where_clause)
}

/// Whether a conditional statement's IF names a counter column of its
/// table.
fn counter_condition(schema: &Arc<Schema>, session: &CqlSession, statement: &Statement) -> bool {
    let (table, condition) = match statement {
        Statement::Update(u) => (&u.table, &u.condition),
        Statement::Delete(d) => (&d.table, &d.condition),
        _ => return false,
    };
    let Some(Condition::Columns(conditions)) = condition else {
        return false;
    };
    let Some(t) = session
        .keyspace_for(table)
        .ok()
        .and_then(|ks| crate::cql::exec::tables::lookup(schema, &ks, &table.name).ok())
    else {
        return false;
    };
    conditions
        .iter()
        .any(|c| t.column(&c.column).is_some_and(|col| col.ty.is_counter()))
}

/// Whether a SELECT's `CONTAINS` (`op`) on `part` is on a clustering
/// column of a frozen collection it may hold (CONTAINS KEY: a map's):
/// 3.x's receiver check took it, its clustering restrictions refused it.
fn frozen_collection_clustering(
    schema: &Arc<Schema>,
    session: &CqlSession,
    parsed: &Parsed,
    op: &str,
    part: &str,
) -> bool {
    use crate::cql::types::CqlType;
    if !matches!(parsed.statement, Statement::Select(_)) {
        return false;
    }
    let Some(table) = beta::table_of(schema, session, parsed) else {
        return false;
    };
    if !matches!(table.role(part), Some(ColumnRole::Clustering(_))) {
        return false;
    }
    let Some(CqlType::Frozen(inner)) = table.column(part).map(|c| &c.ty) else {
        return false;
    };
    match op {
        "CONTAINS" => matches!(
            **inner,
            CqlType::List(_) | CqlType::Set(_) | CqlType::Map(..)
        ),
        "CONTAINS KEY" => matches!(**inner, CqlType::Map(..)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_quoted_as_cql_would_write_them() {
        assert_eq!(maybe_quote("nope"), "nope");
        assert_eq!(maybe_quote("a_1"), "a_1");
        // recorded: 3.11.10 (SELECT "Nope", SELECT "select")
        assert_eq!(maybe_quote("Nope"), "\"Nope\"");
        assert_eq!(maybe_quote("select"), "\"select\"");
        assert_eq!(maybe_quote("1a"), "\"1a\"");
        assert_eq!(maybe_quote("a\"b"), "\"a\"\"b\"");
    }

    #[test]
    fn every_unknown_column_refusal_names_its_column() {
        for (why, name) in [
            ("Undefined name nope in selection clause", "nope"),
            ("Undefined name nope in where clause ('nope = 1')", "nope"),
            ("Unknown identifier nope", "nope"),
            ("Unknown identifier nope in IF conditions", "nope"),
            ("Order by on unknown column nope", "nope"),
            ("No column definition found for column nope", "nope"),
        ] {
            assert_eq!(unknown_column(why), Some(name), "{why}");
        }
        assert_eq!(unknown_column("unconfigured table x"), None);
    }

    #[test]
    fn a_tuple_type_is_named_frozen() {
        assert_eq!(
            frozen_tuple_named(
                "Invalid tuple literal for geo: too many elements. Type tuple<double, double> \
                 expects 2 but got 3"
            )
            .as_deref(),
            Some(
                "Invalid tuple literal for geo: too many elements. Type frozen<tuple<double, \
                 double>> expects 2 but got 3"
            )
        );
        assert_eq!(
            frozen_tuple_named("Invalid tuple literal for geo: component 1"),
            None
        );
    }
}
