//! Secondary indexes as the cluster holds them: a declared column's KEYS
//! index (Thrift `column_metadata` with an `index_type`, CQL `CREATE
//! INDEX`) as the cluster's own index on that column, made as Cassandra 3.x
//! made an upgraded Thrift index: on the static compact table's column,
//! under the schema's index name (the one given, else 1.2's
//! `<cf>_<column>_idx`). Their DDL text only (`ddl` runs it; queries
//! through them are `read::index`'s). Pure: this module must not send
//! statements.

use super::cql3::{self, Kind};
use super::layout::{Layout, Shape};
use super::quote;
use crate::gateway::driver::facts::Storage;
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
        quote(&index.name),
        index.column
    )
}

/// `DROP INDEX` of `index`, named with its keyspace (the gateway's session
/// has none).
pub fn drop_index(keyspace: &str, index: &ClusterIndex) -> String {
    format!("DROP INDEX {}.{}", quote(keyspace), quote(&index.name))
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
    let table = format!("{}.{}", quote(keyspace), quote(&new.name));
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
