//! How Cassandra 3.0 and 3.11 described and changed a column family over
//! Thrift, where 2.2 did otherwise: the CfDefs it described (their shape,
//! the order of declared columns), the columns
//! an update kept, the tables it failed on, its schema refusals, how 3.0
//! printed a column's definition. It shapes Thrift structs and reads the
//! schema; it must not write anything nor answer calls.

use super::does;
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::{CfDef, CfSpec};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// Whether a keyspace's tables came in the order they were made (and the
/// system keyspace's in its declaration order): 3.x kept them in an
/// insertion-ordered map, where earlier releases' `HashMap` ordered them
/// by hash.
pub fn tables_in_creation_order(release: &Release) -> bool {
    release.does(Behaviour::TablesInCreationOrder)
}

/// A CfDef as 3.x described it, after 2.2's shape: the compaction options
/// listed the thresholds and the compression options the chunk length
/// (64 KB); its system tables said `99PERCENTILE`, IndexInfo had no
/// values (`EmptyType`) and the legacy hints table was marked deprecated.
pub fn shape_cf(release: &Release, cf: &mut t::CfDef, system: bool) {
    if !release.does(Behaviour::CfDefsFromTables) {
        return;
    }
    let min = cf.min_compaction_threshold.unwrap_or(4);
    let max = cf.max_compaction_threshold.unwrap_or(32);
    let compaction = cf
        .compaction_strategy_options
        .get_or_insert_with(Default::default);
    // (Leveled took no thresholds: its options stay as given.)
    if super::compaction::lists_thresholds(cf.compaction_strategy.as_deref()) {
        compaction.insert("min_threshold".to_string(), min.to_string());
        compaction.insert("max_threshold".to_string(), max.to_string());
    }
    if let Some(compression) = &mut cf.compression_options {
        // CompressionParams.createCompressor dropped the deprecated option.
        compression.remove("crc_check_chance");
        if compression.contains_key("sstable_compression") {
            compression
                .entry("chunk_length_kb".to_string())
                .or_insert_with(|| "64".to_string());
        }
    }
    if let Some(retry) = cf.speculative_retry.as_mut() {
        *retry = described_retry(retry);
    }
    // The options of a column's index, without its `target`: none when
    // there are none (`ThriftConversion.toThrift`), and only an index's.
    for column in cf.column_metadata.iter_mut().flatten() {
        if column.index_type.is_none()
            || column.index_options.as_ref().is_some_and(|o| o.is_empty())
        {
            column.index_options = None;
        }
    }
    if cf.column_type.as_deref() != Some("Super") {
        hashmap_order(cf);
    }
    if cf.column_type.as_deref() == Some("Super")
        && cf.column_metadata.as_ref().is_none_or(Vec::is_empty)
    {
        super_columns(cf);
    }
    if !system {
        return;
    }
    cf.speculative_retry = Some("99PERCENTILE".to_string());
    match cf.name.as_str() {
        "IndexInfo" => {
            cf.default_validation_class = Some(format!("{MARSHAL}EmptyType"));
        }
        "hints" => cf.comment = Some("*DEPRECATED* hints awaiting delivery".to_string()),
        _ => {}
    }
}

const MARSHAL: &str = "org.apache.cassandra.db.marshal.";

/// A compact table of a clustering column and no value column (CQL's
/// `PRIMARY KEY (k, c) ... WITH COMPACT STORAGE`, kept with an empty value
/// alias): 3.x made its hidden value column of `EmptyType`
/// (`CompactTables`) and described that column's type as the CfDef's
/// `default_validation_class`; 2.x described the default validator.
pub fn valueless_compact(release: &Release, cf: &mut t::CfDef, stored: &CfDef) {
    let valueless = stored
        .options
        .value_alias
        .as_ref()
        .is_some_and(Vec::is_empty);
    if release.does(Behaviour::CfDefsFromTables) && valueless && !stored.is_super() {
        cf.default_validation_class = Some(format!("{MARSHAL}EmptyType"));
    }
}

/// A Thrift column family's declared columns in the order 3.x described
/// them: that of the table's `HashMap` of every column by name (sized by
/// Guava's `newHashMapWithExpectedSize` for them, the key, `column1` and
/// `value`), the declared ones put in by their names' bytes.
fn hashmap_order(cf: &mut t::CfDef) {
    use crate::schema::javaorder::{buffer_hash, iteration_order, sized_capacity};
    let Some(columns) = cf.column_metadata.as_mut().filter(|c| c.len() > 1) else {
        return;
    };
    columns.sort_by(|a, b| a.name.cmp(&b.name));
    let expected = columns.len() + 3;
    // Guava 18's `Maps.capacity` (3.x's lib/guava-18.0.jar).
    let initial = if expected < 3 {
        expected + 1
    } else {
        expected + expected / 3
    };
    let hashes: Vec<i32> = columns.iter().map(|c| buffer_hash(&c.name)).collect();
    let order = iteration_order(&hashes, sized_capacity(initial));
    let mut taken: Vec<Option<t::ColumnDef>> = columns.drain(..).map(Some).collect();
    columns.extend(order.into_iter().filter_map(|i| taken[i].take()));
}

/// The columns 3.x's table of a Super column family showed as its column
/// metadata (`schema::legacy3x` maps the same table): the super columns'
/// map, a column named `""` of `MapType(subcomparator, values)`, and the
/// `value` column of the values' type.
fn super_columns(cf: &mut t::CfDef) {
    let bytes = format!("{MARSHAL}BytesType");
    let values = cf
        .default_validation_class
        .clone()
        .unwrap_or_else(|| bytes.clone());
    let sub = cf.subcomparator_type.clone().unwrap_or(bytes);
    let column = |name: &[u8], validation_class: String| t::ColumnDef {
        name: name.to_vec(),
        validation_class,
        index_type: None,
        index_name: None,
        index_options: None,
    };
    cf.column_metadata = Some(vec![
        column(b"", format!("{MARSHAL}MapType({sub},{values})")),
        column(b"value", values),
    ]);
}

/// A CfDef whose cells' values (`default_validation_class`) are a
/// collection that is not frozen (`ListType`, `SetType`, `MapType`): 3.x
/// made such a compact table's value column and failed on the server
/// (an assertion), closing the connection without a reply.
pub fn collection_values(release: &Release, def: &t::CfDef) -> Result<(), ApiError> {
    if !release.does(Behaviour::CollectionValuesDropped) {
        return Ok(());
    }
    let Some(class) = def.default_validation_class.as_deref() else {
        return Ok(());
    };
    let short = class.strip_prefix(MARSHAL).unwrap_or(class);
    if ["ListType(", "SetType(", "MapType("]
        .iter()
        .any(|c| short.starts_with(c))
    {
        return Err(ApiError::Dropped(format!(
            "3.x failed a table whose values are {short}"
        )));
    }
    Ok(())
}

/// An update of a column family as 3.x made it: the table kept its CQL
/// columns and took the rest from the CfDef (`fromThriftForUpdate` copied
/// the old table's key, clustering and compact value columns). So the
/// comparator (2.2 refused another one, `Column family comparators do not
/// match or are not compatible`), the values' type (a CfDef without one
/// no longer meant BytesType) and, unless the CfDef named a key alias for
/// a key type that is not composite, the key's type stay as they were.
pub fn update_keeps_cql_columns(node: &Node, spec: &mut CfSpec) {
    if !does(node.release, Behaviour::UpdateKeepsTableColumns) {
        return;
    }
    let Some(cf) = node.schema().cf(&spec.keyspace, &spec.name).cloned() else {
        return;
    };
    spec.comparator_type = Some(cf.comparator.class_name());
    if !cf.is_super() {
        spec.default_validation_class = Some(cf.options.default_validation_class.class_name());
    }
    let composite_key = spec
        .key_validation_class
        .as_deref()
        .is_some_and(|k| k.contains("CompositeType"));
    if spec.key_alias.is_none() || composite_key {
        spec.key_validation_class = Some(cf.options.key_validation_class.class_name());
    }
}

/// The column family an update names, checked first as 3.x did
/// (`ClientState.hasColumnFamilyAccess` validated it before reading the
/// old definition): `Keyspace X does not exist`, then `unconfigured table
/// X`.
pub fn update_target(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !does(node.release, Behaviour::SchemaRefusalsOf3x) {
        return Ok(());
    }
    let schema = node.schema();
    let Some(ks) = schema.keyspace(&def.keyspace) else {
        return Err(ApiError::invalid(format!(
            "Keyspace {} does not exist",
            def.keyspace
        )));
    };
    if !ks.cfs.contains_key(&def.name) {
        return Err(ApiError::invalid(format!(
            "unconfigured table {}",
            def.name
        )));
    }
    Ok(())
}

/// An update whose CfDef says `Super` as 3.x failed it
/// (`Behaviour::SuperUpdateFails`): the table is rebuilt from the CfDef's
/// declared columns, so without the super columns' map column (named
/// empty, of a map type, as 3.x describes it) the server failed once the
/// CfDef's types read, and closed the connection, leaving the schema as
/// it was. A CfDef as described (pycassa's `alter_column_family`) has it.
/// Called after the column names were checked, before anything else of
/// the CfDef.
pub fn super_update_fails(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let is_super = def
        .column_type
        .as_deref()
        .is_some_and(|c| c.eq_ignore_ascii_case("super"));
    if !is_super || !does(node.release, Behaviour::SuperUpdateFails) {
        return Ok(());
    }
    let readable = crate::thrift::api19::release::types_readable(def);
    let map_column = def.column_metadata.iter().flatten().any(|c| {
        let class = c
            .validation_class
            .trim_start_matches("org.apache.cassandra.db.marshal.");
        c.name.is_empty() && class.starts_with("MapType(")
    });
    if !readable || map_column {
        return Ok(());
    }
    Err(ApiError::Dropped(format!(
        "3.x failed the update of the Super column family {}: no map column",
        def.name
    )))
}

/// A CUSTOM index without a `class_name` in 3.x's words, which name the
/// index (`IndexMetadata.validate`; the schema says it in 1.2's):
/// `cfs` are the CfDefs of the call, the index named as the node names an
/// unnamed one (`<cf>_<column>_idx`).
pub fn index_refusal(release: Option<&Release>, cfs: &[&t::CfDef], err: ApiError) -> ApiError {
    let ApiError::InvalidRequest(why) = &err else {
        return err;
    };
    if why != "Required index option missing: class_name"
        || !does(release, Behaviour::SchemaRefusalsOf3x)
    {
        return err;
    }
    let unnamed = |cf: &t::CfDef, c: &t::ColumnDef| {
        format!("{}_{}_idx", cf.name, String::from_utf8_lossy(&c.name))
    };
    let custom = cfs.iter().find_map(|cf| {
        cf.column_metadata.iter().flatten().find_map(|c| {
            let no_class = c
                .index_options
                .as_ref()
                .is_none_or(|o| !o.contains_key("class_name"));
            (c.index_type == Some(t::IndexType::CUSTOM) && no_class)
                .then(|| c.index_name.clone().unwrap_or_else(|| unnamed(cf, c)))
        })
    });
    match custom {
        Some(name) => ApiError::invalid(format!(
            "Required option missing for index {name} : class_name"
        )),
        None => err,
    }
}

/// 3.x's `SpeculativeRetryParam.toString()` of the setting it parsed from
/// `retry`: a delay as the double it read (`10ms` as `10.0ms`), a
/// percentile in `DecimalFormat("#.#####")`'s digits (`99PERCENTILE`, 2.x:
/// `99.0PERCENTILE`), `NONE` and `ALWAYS` as they are.
fn described_retry(retry: &str) -> String {
    use crate::schema::speculative::java_parse_double;
    let head = |n: usize| retry.len().checked_sub(n).and_then(|i| retry.get(..i));
    if retry.to_lowercase().ends_with("ms") {
        if let Some(v) = head(2).and_then(java_parse_double) {
            return format!("{}ms", crate::thrift::api19::javaargs::java_double(v));
        }
    }
    if retry.to_uppercase().ends_with("PERCENTILE") {
        if let Some(v) = head("PERCENTILE".len()).and_then(java_parse_double) {
            let digits = format!("{v:.5}");
            let digits = digits.trim_end_matches('0').trim_end_matches('.');
            return format!("{digits}PERCENTILE");
        }
    }
    retry.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_valueless_compact_table_describes_empty_values_from_3_0() {
        let utf8 = || crate::marshal::parse_type("UTF8Type").unwrap();
        let mut stored = CfDef::new("ks", "tags", 1000, utf8(), None);
        let described = |version: &str, stored: &CfDef| {
            let release = Release::find(version).unwrap();
            let mut def = crate::thrift::api19::defs::cf_def(&CfSpec::new("ks", "tags"));
            def.default_validation_class = Some(format!("{MARSHAL}BytesType"));
            valueless_compact(release, &mut def, stored);
            def.default_validation_class.unwrap()
        };
        // a Thrift column family: no value alias
        assert_eq!(described("3.0.24", &stored), format!("{MARSHAL}BytesType"));
        stored.options.value_alias = Some(Vec::new());
        assert_eq!(described("3.0.24", &stored), format!("{MARSHAL}EmptyType"));
        assert_eq!(described("3.11.10", &stored), format!("{MARSHAL}EmptyType"));
        assert_eq!(described("2.2.19", &stored), format!("{MARSHAL}BytesType"));
        // a compact table's value column named
        stored.options.value_alias = Some(b"v".to_vec());
        assert_eq!(described("3.0.24", &stored), format!("{MARSHAL}BytesType"));
    }

    #[test]
    fn a_super_update_without_the_map_column_fails_on_3x() {
        use crate::node::test_nodes::as_release;
        let sup = |columns: &[(&str, &str)]| {
            let mut def = crate::thrift::api19::defs::cf_def(&CfSpec::new("ks", "Sup"));
            def.column_type = Some("Super".into());
            def.column_metadata = Some(
                columns
                    .iter()
                    .map(|(n, class)| {
                        t::ColumnDef::new(
                            n.as_bytes().to_vec(),
                            class.to_string(),
                            None,
                            None,
                            None,
                        )
                    })
                    .collect(),
            );
            def
        };
        let fails = |v: &str, def: &t::CfDef| {
            matches!(
                super_update_fails(&as_release(v), def),
                Err(ApiError::Dropped(_))
            )
        };
        let map = "org.apache.cassandra.db.marshal.MapType(org.apache.cassandra.db.marshal.\
            UTF8Type,org.apache.cassandra.db.marshal.BytesType)";
        assert!(fails("3.11.10", &sup(&[])));
        assert!(fails("3.0.24", &sup(&[("", "BytesType")])));
        assert!(!fails(
            "3.11.10",
            &sup(&[("", map), ("value", "BytesType")])
        ));
        assert!(!fails("2.2.19", &sup(&[])));
        let mut standard = sup(&[]);
        standard.column_type = None;
        assert!(!fails("3.11.10", &standard));
    }

    #[test]
    fn three_x_prints_the_retry_it_parsed() {
        assert_eq!(described_retry("10ms"), "10.0ms");
        assert_eq!(described_retry("99.0PERCENTILE"), "99PERCENTILE");
        assert_eq!(described_retry("99.5percentile"), "99.5PERCENTILE");
        assert_eq!(described_retry("ALWAYS"), "ALWAYS");
    }

    /// Recorded: 3.0.24 and 3.11.10 (`rel_filtered`'s column families of 1
    /// to 10 names besides `xN`, and `o19_schema`'s Meta).
    #[test]
    fn declared_columns_come_in_the_order_of_guava_18s_sized_map() {
        let order = |names: &[&str]| {
            let mut cf = crate::thrift::api19::defs::cf_def(&CfSpec::new("ks", "cf"));
            cf.column_metadata = Some(
                names
                    .iter()
                    .map(|n| t::ColumnDef {
                        name: n.as_bytes().to_vec(),
                        validation_class: String::new(),
                        index_type: None,
                        index_name: None,
                        index_options: None,
                    })
                    .collect(),
            );
            hashmap_order(&mut cf);
            cf.column_metadata
                .unwrap()
                .into_iter()
                .map(|c| String::from_utf8(c.name).unwrap())
                .collect::<Vec<_>>()
        };
        assert_eq!(order(&["email", "age", "id"]), ["email", "id", "age"]);
        assert_eq!(order(&["email", "age"]), ["email", "age"]);
        assert_eq!(order(&["c00", "x1"]), ["x1", "c00"]);
        assert_eq!(
            order(&["c00", "c01", "c02", "c03", "c04", "x5"]),
            ["c01", "c00", "c03", "x5", "c02", "c04"]
        );
        assert_eq!(
            order(&["c00", "c01", "c02", "c03", "c04", "c05", "c06", "x7"]),
            ["c01", "x7", "c00", "c03", "c02", "c05", "c04", "c06"]
        );
        assert_eq!(
            order(&["c00", "c01", "c02", "c03", "c04", "c05", "c06", "c07", "c08", "c09", "x10"]),
            ["c01", "c00", "c03", "c02", "c05", "c04", "c07", "c06", "c09", "c08", "x10"]
        );
    }
}
