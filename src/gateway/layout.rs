//! How a Thrift column family is laid out as a table of the cluster: the
//! CQL table Cassandra 3.x made of it (its `CompactTables` default names and
//! `LegacySchemaMigrator`'s mapping, read as facts), so that data written
//! through Cassandra's own Thrift reads back through the gateway and back.
//!
//! - A Standard CF without `column_metadata` is a dense compact table:
//!   `(key, column1, value)`, `PRIMARY KEY (key, column1)`, where `key` has
//!   the key validator's type, `column1` the comparator's and `value` the
//!   default validator's.
//! - A Super CF is `(key, column1, column2, value)`: `column1` the super
//!   column name (comparator), `column2` the sub-column name (subcomparator).
//!   3.x shows Thrift-made super CFs this way; CQL cannot create a real
//!   super CF, so a super CF the gateway creates is the dense compact
//!   table of that shape (the same rows to every CQL reader).
//! - A counter CF is either of those with `value counter`.
//! - A Standard CF with `column_metadata` is a static compact table in 3.x
//!   (declared columns as columns, the rest hidden): not served yet, refused
//!   with a clear error.
//!
//! Types: a marshal class with a CQL name is written by that name, any
//! other (composites, reversed, custom) as the quoted class name, which
//! every CQL3 version accepts. (The same mapping exists in `cql::types`
//! above this layer; this copy keeps the gateway below the CQL front end.
//! branch schema3 maps Thrift CFs into `system_schema`: the lead unifies.)
//!
//! This module only describes tables and writes their DDL; it must not talk
//! to the cluster.

use super::GatewayError;
use crate::marshal::{TypeRef, MARSHAL_PACKAGE};
use crate::schema::{CfDef, KeyspaceDef};

/// What shape of table a CF is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// `(key, column1, value)`.
    Dense,
    /// `(key, column1, column2, value)`.
    Super,
}

/// One CF's table in the cluster.
#[derive(Clone, Debug)]
pub struct Layout {
    pub shape: Shape,
    pub counter: bool,
    /// `"ks"."cf"`, quoted as CQL needs (Thrift names are case-sensitive).
    pub table: String,
    pub key_type: String,
    pub column1_type: String,
    pub column2_type: Option<String>,
    pub value_type: String,
}

impl Layout {
    pub fn of(cf: &CfDef) -> Result<Layout, GatewayError> {
        if !cf.options.column_metadata.is_empty() && !cf.is_super() {
            return Err(GatewayError::Invalid(format!(
                "column family {} has column_metadata (a static compact table in Cassandra 3.x), \
                 which the cluster backend does not serve yet",
                cf.name
            )));
        }
        let (shape, column2_type) = match (&cf.subcomparator, cf.is_super()) {
            (Some(sub), true) => (Shape::Super, Some(cql_type(sub))),
            _ => (Shape::Dense, None),
        };
        let layout = Layout {
            shape,
            counter: cf.is_counter(),
            table: format!("{}.{}", quote(&cf.keyspace), quote(&cf.name)),
            key_type: cql_type(&cf.options.key_validation_class),
            column1_type: cql_type(&cf.comparator),
            column2_type,
            value_type: cql_type(&cf.options.default_validation_class),
        };
        // The driver refuses result metadata naming a type CQL has no name
        // for (scylla 1.9 parses only the types it knows): say so plainly.
        let types = [&layout.key_type, &layout.column1_type, &layout.value_type];
        if let Some(custom) = types
            .into_iter()
            .chain(layout.column2_type.as_ref())
            .find(|t| t.starts_with('\''))
        {
            return Err(GatewayError::Invalid(format!(
                "column family {} uses the type {custom}, which has no CQL name; \
                 the cluster backend does not serve such column families yet",
                cf.name
            )));
        }
        Ok(layout)
    }

    /// `CREATE TABLE` for this layout, in the CQL3 subset 1.2 and 3.x share.
    pub fn create_table(&self) -> String {
        let (columns, key) = match (&self.shape, &self.column2_type) {
            (Shape::Super, Some(c2)) => (
                format!(
                    "key {}, column1 {}, column2 {c2}, value {}",
                    self.key_type, self.column1_type, self.value_type
                ),
                "key, column1, column2",
            ),
            _ => (
                format!(
                    "key {}, column1 {}, value {}",
                    self.key_type, self.column1_type, self.value_type
                ),
                "key, column1",
            ),
        };
        format!(
            "CREATE TABLE {} ({columns}, PRIMARY KEY ({key})) WITH COMPACT STORAGE",
            self.table
        )
    }
}

/// `CREATE KEYSPACE` with the keyspace's strategy and options (1.2's and
/// 3.x's common `WITH replication = {...}` form).
pub fn create_keyspace(ks: &KeyspaceDef) -> String {
    // 0.6's strategy names as 1.2 converted them (RackUnaware is Simple).
    let class = ks.strategy_class();
    let class = class.rsplit('.').next().unwrap_or("SimpleStrategy");
    let mut options = vec![format!("'class': {}", literal(class))];
    let mut has_rf = false;
    for (k, v) in &ks.strategy_options {
        has_rf |= k == "replication_factor";
        options.push(format!("{}: {}", literal(k), literal(v)));
    }
    if class == "SimpleStrategy" && !has_rf {
        options.push(format!(
            "'replication_factor': '{}'",
            ks.replication_factor.max(1)
        ));
    }
    format!(
        "CREATE KEYSPACE {} WITH replication = {{{}}} AND durable_writes = {}",
        quote(&ks.name),
        options.join(", "),
        ks.durable_writes
    )
}

/// A CQL identifier, double-quoted (so case and any character survive).
pub fn quote(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A CQL string literal.
fn literal(text: &str) -> String {
    format!("'{}'", text.replace('\'', "''"))
}

/// The CQL type of a marshal type: its CQL name, else its quoted class.
pub fn cql_type(t: &TypeRef) -> String {
    let class = t.class_name();
    let short = class.strip_prefix(MARSHAL_PACKAGE).unwrap_or(&class);
    let name = match short {
        "AsciiType" => "ascii",
        "LongType" => "bigint",
        "BytesType" => "blob",
        "BooleanType" => "boolean",
        "CounterColumnType" => "counter",
        "DecimalType" => "decimal",
        "DoubleType" => "double",
        "FloatType" => "float",
        "InetAddressType" => "inet",
        "Int32Type" => "int",
        "UTF8Type" => "text",
        "DateType" | "TimestampType" => "timestamp",
        "TimeUUIDType" => "timeuuid",
        "UUIDType" => "uuid",
        "IntegerType" => "varint",
        _ => return literal(&class),
    };
    name.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::parse_type;
    use crate::schema::CfDef;

    fn cf(name: &str, comparator: &str, sub: Option<&str>) -> CfDef {
        let mut def = CfDef::new(
            "Keyspace1",
            name,
            10,
            parse_type(comparator).unwrap(),
            sub.map(|s| parse_type(s).unwrap()),
        );
        def.options.default_validation_class = parse_type("BytesType").unwrap();
        def
    }

    #[test]
    fn dense_and_super_tables_are_3x_compact_tables() {
        let std = Layout::of(&cf("Standard1", "UTF8Type", None)).unwrap();
        assert_eq!(
            std.create_table(),
            "CREATE TABLE \"Keyspace1\".\"Standard1\" (key blob, column1 text, value blob, \
             PRIMARY KEY (key, column1)) WITH COMPACT STORAGE"
        );
        let sup = Layout::of(&cf("Super1", "BytesType", Some("LongType"))).unwrap();
        assert_eq!(sup.shape, Shape::Super);
        assert!(sup.create_table().contains(
            "column1 blob, column2 bigint, value blob, PRIMARY KEY (key, column1, column2)"
        ));
        assert_eq!(
            cql_type(&parse_type("CompositeType(UTF8Type,LongType)").unwrap()),
            "'org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.UTF8Type,org.apache.cassandra.db.marshal.LongType)'"
        );
        let lexical = Layout::of(&cf("L", "LexicalUUIDType", None)).unwrap_err();
        assert!(lexical.to_string().contains("no CQL name"), "{lexical}");
    }

    #[test]
    fn quoting_keeps_case_and_quotes() {
        assert_eq!(quote("My\"Cf"), "\"My\"\"Cf\"");
        assert_eq!(literal("it's"), "'it''s'");
    }

    #[test]
    fn a_0_6_keyspace_is_created_with_1_2s_strategy_name() {
        let ks = crate::schema::KeyspaceDef::new("Old", []);
        assert_eq!(
            create_keyspace(&ks),
            "CREATE KEYSPACE \"Old\" WITH replication = {'class': 'SimpleStrategy', \
             'replication_factor': '1'} AND durable_writes = true"
        );
    }
}
