//! Secondary indexes in the cluster: a declared column's KEYS index (Thrift
//! `column_metadata` with an `index_type`, CQL `CREATE INDEX`) as the
//! cluster's own index on that column, and index queries
//! (`get_indexed_slices`, CQL SELECTs on an indexed column) as
//! `SELECT <key> ... WHERE <indexed> = ? [AND <filters>] ALLOW FILTERING`
//! resumed from a key's token (the key walk of range scans, `scan`).
//!
//! The cluster's index is made as Cassandra 3.x made an upgraded Thrift
//! index: on the static compact table's column, under the schema's index
//! name (the one given, else 1.2's `<cf>_<column>_idx`). The query finds the
//! matching keys in token order (the cluster filters the other expressions,
//! compared by the columns' types as 1.2 compared them by their
//! validators); each row is then read with the caller's slice by `reads`.
//!
//! Refused, with the reason: expressions on undeclared columns of a static
//! CF (Cassandra 3.x keeps those in a hidden pair CQL cannot name, let alone
//! filter on), expressions on a CQL3 table's collections, and Thrift index
//! reads of CQL3 tables (CQL SELECTs on them are served). This module must
//! not read row contents nor write data.

use super::cql3::{self, Kind};
use super::ddl;
use super::layout::{self, Layout, Shape, Storage};
use super::scan::{self, Piece, Target};
use super::values::Bound;
use super::{Consistency, GatewayError, GatewayResult, Inner};
use crate::model::{Bytes, IndexExpression, IndexOperator, IndexQuery};
use crate::schema::CfDef;

/// One index as the cluster holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClusterIndex {
    /// The index name, unquoted.
    pub name: String,
    /// The column's CQL name, quoted.
    pub column: String,
}

/// The indexes `cf` declares that its table in the cluster can hold
/// (none when the gateway does not lay the CF out).
pub fn indexes_of(cf: &CfDef, storage: Storage) -> Vec<ClusterIndex> {
    let t3 = match cql3::table_of(cf) {
        Ok(t) => t,
        Err(_) => return Vec::new(),
    };
    let layout = match &t3 {
        Some(_) => None,
        None => match Layout::of(cf, storage) {
            Ok(l) if l.shape == Shape::Static => Some(l),
            _ => return Vec::new(),
        },
    };
    cf.options
        .column_metadata
        .iter()
        .filter(|c| c.index_type.is_some())
        .filter_map(|c| {
            let column = match (&t3, &layout) {
                (Some(t), _) => t
                    .column(&c.name)
                    .filter(|r| r.kind == Kind::Plain)?
                    .quoted
                    .clone(),
                (None, Some(l)) => l.declared.iter().find(|d| d.name == c.name)?.column.clone(),
                (None, None) => return None,
            };
            let name = c
                .index_name
                .clone()
                .unwrap_or_else(|| default_name(&cf.name, &c.name));
            Some(ClusterIndex { name, column })
        })
        .collect()
}

/// 1.2's (and 3.x's) default index name: `<cf>_<column>_idx`, non-word
/// characters removed.
fn default_name(cf: &str, column: &[u8]) -> String {
    format!("{}_{}_idx", cf, String::from_utf8_lossy(column))
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// `CREATE INDEX` of `index` on `table` (`"ks"."cf"`).
pub fn create_index(index: &ClusterIndex, table: &str) -> String {
    format!(
        "CREATE INDEX {} ON {table} ({})",
        layout::quote(&index.name),
        index.column
    )
}

/// `DROP INDEX` of `index`, named with its keyspace (the gateway's session
/// has none).
pub fn drop_index(keyspace: &str, index: &ClusterIndex) -> String {
    format!(
        "DROP INDEX {}.{}",
        layout::quote(keyspace),
        layout::quote(&index.name)
    )
}

/// What changes `old`'s indexes (none: a new table) into `new`'s:
/// the `DROP INDEX`es, then the `CREATE INDEX`es.
pub fn changes(
    keyspace: &str,
    old: Option<&CfDef>,
    new: &CfDef,
    storage: Storage,
) -> (Vec<String>, Vec<String>) {
    let before = old.map(|o| indexes_of(o, storage)).unwrap_or_default();
    let after = indexes_of(new, storage);
    let table = format!("{}.{}", layout::quote(keyspace), layout::quote(&new.name));
    let drops = before
        .iter()
        .filter(|i| !after.contains(i))
        .map(|i| drop_index(keyspace, i))
        .collect();
    let creates = after
        .iter()
        .filter(|i| !before.contains(i))
        .map(|i| create_index(i, &table))
        .collect();
    (drops, creates)
}

/// Brings `new`'s indexes into the cluster (`old`: the CF as the cluster
/// had it, `None` for a table just created or found); true when it ran a
/// statement. An index that exists already is taken as made; any other
/// refusal is logged, as `ddl` logs a refused drop.
pub async fn sync_cf(
    inner: &Inner,
    keyspace: &str,
    old: Option<&CfDef>,
    new: &CfDef,
) -> GatewayResult<bool> {
    let (drops, creates) = changes(keyspace, old, new, inner.storage);
    if drops.is_empty() && creates.is_empty() {
        return Ok(false);
    }
    for text in drops.iter() {
        ddl::drop(inner, text).await?;
    }
    if !creates.is_empty() {
        // The table may have been made through another coordinator.
        ddl::agree(inner).await;
    }
    for text in &creates {
        match inner.session.query_unpaged(text.as_str(), ()).await {
            Ok(_) => {}
            Err(e) if ddl::already_exists(&e) => {}
            Err(e) => match GatewayError::from(e) {
                // 3.x and 1.2 refuse a second index on a column as invalid.
                GatewayError::Invalid(why) if why.contains("already exists") => {}
                GatewayError::Invalid(why) => tracing::warn!("{text}: {why}"),
                other => return Err(other),
            },
        }
    }
    Ok(true)
}

impl Target {
    /// The quoted CQL column an expression on `name` compares, or why the
    /// cluster cannot be asked.
    fn column(&self, cf: &CfDef, name: &[u8]) -> GatewayResult<String> {
        let shown = String::from_utf8_lossy(name);
        match self {
            Target::Cql3(t) => match t.column(name) {
                Some(r) if r.kind == Kind::Plain => Ok(r.quoted.clone()),
                Some(_) => Err(GatewayError::Invalid(format!(
                    "index expressions on collection column {shown} of {} are not served \
                     by the cluster backend",
                    cf.name
                ))),
                None => Err(GatewayError::Invalid(format!(
                    "Undefined name {shown} in where clause"
                ))),
            },
            Target::Thrift(l) => match l.declared.iter().find(|d| d.name == name) {
                Some(d) => Ok(d.column.clone()),
                None => Err(GatewayError::Invalid(format!(
                    "index expression on column {shown} of column family {}, which it does not \
                     declare: Cassandra 3.x keeps undeclared columns of a CF with column_metadata \
                     in a hidden pair that CQL cannot name or filter on, so the cluster backend \
                     serves index expressions on declared columns only",
                    cf.name
                ))),
            },
        }
    }
}

/// The engine's refusal of an unknown keyspace or CF, if any.
pub fn target_exists(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<()> {
    Target::of(inner, keyspace, cf).map(|_| ())
}

fn indexed(cf: &CfDef, column: &[u8]) -> bool {
    cf.options
        .column(column)
        .is_some_and(|c| c.index_type.is_some())
}

fn operator(op: IndexOperator) -> &'static str {
    match op {
        IndexOperator::Eq => "=",
        IndexOperator::Gt => ">",
        IndexOperator::Gte => ">=",
        IndexOperator::Lt => "<",
        IndexOperator::Lte => "<=",
    }
}

/// A key query: the table and its conditions on columns, each with its
/// value; the indexed `Eq` first.
pub struct Plan {
    target: Target,
    conditions: Vec<(String, Bound)>,
}

/// The plan of an index read of `keyspace.cf` answering every expression
/// of `query` (`all`), or only its first `Eq` on an indexed column (the
/// candidates of `index_candidates`, which the caller checks itself).
/// `Ok(None)`: no `Eq` expression is on an indexed column.
pub fn plan(
    inner: &Inner,
    keyspace: &str,
    cf: &str,
    query: &IndexQuery,
    all: bool,
) -> GatewayResult<Option<Plan>> {
    let (def, target) = Target::of(inner, keyspace, cf)?;
    let Some(primary) = query
        .expressions
        .iter()
        .find(|e| e.op == IndexOperator::Eq && indexed(&def, &e.column))
    else {
        return Ok(None);
    };
    let mut chosen: Vec<&IndexExpression> = vec![primary];
    if all {
        chosen.extend(
            query
                .expressions
                .iter()
                .filter(|e| !std::ptr::eq(*e, primary)),
        );
    }
    let mut conditions = Vec::with_capacity(chosen.len());
    for e in chosen {
        let column = target.column(&def, &e.column)?;
        conditions.push((
            format!("{column} {} ?", operator(e.op)),
            Bound::Bytes(e.value.clone()),
        ));
    }
    Ok(Some(Plan { target, conditions }))
}

/// Whether the plan's table is a CQL3 table, whose cells Thrift's index
/// reads name by composites the cluster's columns are not.
pub fn is_cql3(plan: &Plan) -> bool {
    matches!(plan.target, Target::Cql3(_))
}

/// The refusal of a Thrift index read of CQL3 table `cf`.
pub fn cql3_refused(cf: &str) -> GatewayError {
    GatewayError::Invalid(format!(
        "index reads of CQL3 table {cf} through the Thrift API are not served by the \
         cluster backend (CQL3 SELECTs on its indexed columns are)"
    ))
}

/// Up to `limit` keys of `piece` matching the plan, in the cluster's token
/// order, after `after` (a key found before) when given.
pub async fn keys(
    inner: &Inner,
    plan: &Plan,
    piece: &Piece,
    after: Option<&[u8]>,
    limit: usize,
    cl: Consistency,
) -> GatewayResult<Vec<Bytes>> {
    scan::keys_where(
        inner,
        &plan.target,
        &plan.conditions,
        piece,
        after,
        limit,
        cl,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::{ColumnDef, IndexType};

    fn people() -> CfDef {
        let mut cf = CfDef::new("ks", "People", 10, parse_type("UTF8Type").unwrap(), None);
        for (name, class, index) in [
            ("birth_year", "LongType", None),
            ("state", "UTF8Type", Some("people_state")),
        ] {
            cf.options.column_metadata.push(ColumnDef {
                name: name.as_bytes().to_vec(),
                validation_class: parse_type(class).unwrap(),
                index_type: index.map(|_| IndexType::Keys),
                index_name: index.map(str::to_string),
                index_options: None,
                component_index: None,
                is_static: false,
            });
        }
        cf
    }

    #[test]
    fn a_declared_index_is_created_and_dropped_by_name() {
        let cf = people();
        let (drops, creates) = changes("ks", None, &cf, Storage::Compact);
        assert!(drops.is_empty());
        assert_eq!(
            creates,
            [r#"CREATE INDEX "people_state" ON "ks"."People" ("state")"#]
        );
        let mut plain = cf.clone();
        plain.options.column_metadata[1].index_type = None;
        plain.options.column_metadata[1].index_name = None;
        let (drops, creates) = changes("ks", Some(&cf), &plain, Storage::Compact);
        assert_eq!(drops, [r#"DROP INDEX "ks"."people_state""#]);
        assert!(creates.is_empty());
        assert_eq!(
            changes("ks", Some(&cf), &cf, Storage::Compact),
            (vec![], vec![])
        );
    }

    #[test]
    fn default_names_drop_non_word_characters() {
        assert_eq!(default_name("Peo-ple", b"st ate"), "People_state_idx");
    }
}
