//! What the release made of the CfDef of a schema call before the schema
//! judged it: the column types it had (a CfDef naming one it lacked is
//! refused in its words, from [`crate::release`]), its shape, compaction
//! thresholds, compressor and column names, and the update of 0.7 and 0.8
//! that took an unsent gc grace as 0; from 2.0 an update's target checked
//! first. The cache settings of 0.7 to 1.0 are `oldcache`'s. It must not
//! apply the change.

use super::oldcache::check_sent_memtables;
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfSpec;
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;

/// An update of a column family that does not exist: from 2.0 the call's
/// access check validated the keyspace and the column family first
/// (`hasColumnFamilyAccess`), in their words, before the update's own
/// "Could not find column family definition to modify.".
pub fn check_update_target(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if !node.release.is_some_and(|r| r.at_least(2, 0)) {
        return Ok(());
    }
    let schema = node.schema();
    if schema.keyspace(&def.keyspace).is_none() {
        return Err(ApiError::invalid(format!(
            "Keyspace {} does not exist",
            def.keyspace
        )));
    }
    if schema.cf(&def.keyspace, &def.name).is_none() {
        return Err(ApiError::invalid(format!(
            "unconfigured columnfamily {}",
            def.name
        )));
    }
    Ok(())
}

/// A CfDef compressing with a class the release did not ship (1.0 and 1.1:
/// `LZ4Compressor`; 1.0: the package itself, for an empty name), refused as its `Class.forName` failed, once the rest
/// of the CfDef was read; 1.0's `update` failed on the server when the
/// CfDef had no `column_metadata` (its check came only after the columns').
pub fn check_compressor(node: &Node, def: &t::CfDef, update: bool) -> Result<(), ApiError> {
    if !node
        .release
        .is_some_and(|r| r.does(Behaviour::NoLz4Compressor))
    {
        return Ok(());
    }
    let Some(class) = def
        .compression_options
        .as_ref()
        .and_then(|o| o.get("sstable_compression"))
    else {
        return Ok(());
    };
    let full = match class.contains('.') {
        true => class.clone(),
        false => format!("{COMPRESS_PACKAGE}{class}"),
    };
    let empty = class.is_empty()
        && node
            .release
            .is_some_and(|r| r.does(Behaviour::EmptyCompressorRefused));
    if !empty && full != format!("{COMPRESS_PACKAGE}LZ4Compressor") {
        return Ok(());
    }
    let why = format!("Could not create Compression for type {full}");
    let internal = update
        && def.column_metadata.is_none()
        && node
            .release
            .is_some_and(|r| r.does(Behaviour::UpdateCompressionFailsInternally));
    Err(match internal {
        true => ApiError::Internal(why),
        false => ApiError::invalid(why),
    })
}

const COMPRESS_PACKAGE: &str = "org.apache.cassandra.io.compress.";

/// A CfDef naming a column type the release lacked (as comparator,
/// validator or a parameter of one) is refused as the release refused it.
pub fn check_types(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let Some(release) = node.release else {
        return Ok(());
    };
    let columns = def.column_metadata.iter().flatten();
    let names = [
        &def.comparator_type,
        &def.subcomparator_type,
        &def.default_validation_class,
        &def.key_validation_class,
    ];
    names
        .into_iter()
        .flatten()
        .chain(columns.map(|c| &c.validation_class))
        .find_map(|name| release.type_refusal(name))
        .map_or(Ok(()), |why| Err(ApiError::invalid(why)))?;
    crate::thrift::api19::release::v3x::collection_values(release, def)
}

/// 0.7 to 1.0's checks of a CfDef's shape around its types
/// (`ThriftValidation.validateCfDef`): a column type other than `Standard`
/// or `Super` first, in its own words; then the types ([`check_types`]);
/// then a sub-column comparator given to a Standard column family. Later
/// releases judged both in the schema (or, from 2.0, dropped such a
/// comparator: `apply_cf_defaults`).
pub fn check_shape(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    let old = node.release.is_some_and(|r| !r.at_least(1, 1));
    let column_type = def.column_type.as_deref();
    if old && !matches!(column_type, None | Some("Standard") | Some("Super")) {
        return Err(ApiError::invalid(format!(
            "invalid column type {}",
            column_type.unwrap_or_default()
        )));
    }
    check_types(node, def)?;
    if old
        && super::super::types_readable(def)
        && column_type != Some("Super")
        && def.subcomparator_type.is_some()
    {
        return Err(ApiError::invalid(
            "subcomparator_type is invalid for standard columns",
        ));
    }
    Ok(())
}

/// A CfDef's compaction thresholds as 0.7 to 1.0 checked them
/// (`Behaviour::CompactionThresholdsAsSent`). 0.7 filled the unsent ones
/// with the defaults (4 and 32, `CFMetaData.applyImplicitDefaults`) and
/// refused only a minimum above a maximum other than 0
/// (`validateMinMaxCompactionThresholds`), adding and updating alike. 0.8
/// and 1.0 checked the fields sent, and only in a CfDef that sent its
/// column metadata (`ThriftValidation.validateCfDef` returned before its
/// checks without): a minimum below 2 too; an update then checked the
/// thresholds with the defaults filled in as 0.7 did (`CFMetaData.apply`).
/// 0.8 checked the memtable thresholds after the compaction ones, in both.
pub fn check_compaction_thresholds(
    node: &Node,
    def: &t::CfDef,
    update: bool,
) -> Result<(), ApiError> {
    let Some(release) = node
        .release
        .filter(|r| r.does(Behaviour::CompactionThresholdsAsSent))
    else {
        return Ok(());
    };
    let (min, max) = (def.min_compaction_threshold, def.max_compaction_threshold);
    let above = |min: i32, max: i32| min > max && max != 0;
    let filled = || {
        if above(min.unwrap_or(4), max.unwrap_or(32)) {
            Err(ApiError::invalid(
                "min_compaction_threshold cannot be greater than max_compaction_threshold",
            ))
        } else {
            Ok(())
        }
    };
    if release.series() == (0, 7) {
        return filled();
    }
    if def.column_metadata.is_some() {
        match (min, max) {
            (Some(min), _) if min <= 1 => {
                return Err(ApiError::invalid(
                    "min_compaction_threshold cannot be less than 2.",
                ))
            }
            (Some(min), max) if above(min, max.unwrap_or(32)) => {
                return Err(ApiError::invalid(format!(
                    "min_compaction_threshold cannot be greater than max_compaction_threshold {}",
                    max.unwrap_or(32)
                )))
            }
            (None, Some(max)) if max < 4 && max != 0 => {
                return Err(ApiError::invalid(
                    "max_compaction_threshold cannot be less than min_compaction_threshold",
                ))
            }
            _ => {}
        }
        check_sent_memtables(node, def)?;
    }
    if update {
        filled()?;
        return check_sent_memtables(node, def);
    }
    Ok(())
}

/// Each declared column's name against the CfDef's own comparator (a
/// Super CF's sub-comparator), as 0.7 to 1.0's `validateCfDef` checked
/// them before anything of the schema: in the order the call listed
/// them, the comparator named as the call named it. 0.7 first checked
/// each column's `CFMetaData.indexName` (the column family's name, a dot
/// and the index name, or without one the column's name in hex) among
/// those of the columns before it, indexed or not.
pub fn check_column_names(node: &Node, def: &t::CfDef) -> Result<(), ApiError> {
    if node
        .release
        .is_some_and(|r| r.does(Behaviour::NamesCheckedAsConverted))
    {
        return names_as_converted(def);
    }
    if node.release.is_none_or(|r| r.at_least(1, 1)) {
        return Ok(());
    }
    let sent = def.comparator_type.as_deref().unwrap_or("BytesType");
    let names = if def.column_type.as_deref() == Some("Super") {
        def.subcomparator_type.as_deref()
    } else {
        Some(sent)
    };
    let Some(comparator) = names.and_then(|n| crate::marshal::parse_type(n).ok()) else {
        return Ok(());
    };
    let keyed = node
        .release
        .is_some_and(|r| r.does(Behaviour::IndexNamesPerColumnFamily));
    let mut keys = std::collections::BTreeSet::new();
    for c in def.column_metadata.iter().flatten() {
        let hex = || crate::marshal::bytes_to_hex(&c.name);
        if keyed {
            let key = format!("{}.{}", def.name, c.index_name.clone().unwrap_or_else(hex));
            if !keys.insert(key.clone()) {
                return Err(ApiError::invalid(format!("Duplicate index names {key}")));
            }
        }
        if comparator.validate(&c.name).is_err() {
            return Err(ApiError::invalid(format!(
                "Column name {} is not valid for comparator {sent}",
                hex()
            )));
        }
    }
    Ok(())
}

/// 2.1's `ColumnDefinition.fromThrift` (2.2 on: `ThriftConversion`) read
/// each declared name with the comparator (a Super CF's sub-comparator)
/// as it converted the CfDef, in the order the call listed them, before
/// the definition was validated: the comparator named by its class. An
/// update's names were read so too, whatever comparator the column family
/// kept (`Behaviour::NamesCheckedAsConverted`).
fn names_as_converted(def: &t::CfDef) -> Result<(), ApiError> {
    let sent = if def.column_type.as_deref() == Some("Super") {
        def.subcomparator_type.as_deref()
    } else {
        Some(def.comparator_type.as_deref().unwrap_or("BytesType"))
    };
    let Some(comparator) = sent.and_then(|n| crate::marshal::parse_type(n).ok()) else {
        return Ok(());
    };
    for c in def.column_metadata.iter().flatten() {
        if comparator.validate(&c.name).is_err() {
            return Err(ApiError::invalid(format!(
                "Column name {} is not valid for comparator {}",
                crate::marshal::bytes_to_hex(&c.name),
                comparator.class_name()
            )));
        }
    }
    Ok(())
}

/// An update before 1.0 set every field of the column family from the
/// CfDef, and a CfDef that did not send `gc_grace_seconds` (no default in
/// its IDL) said 0; 1.2 and 2.0 kept the bloom filter chance of an update
/// that sent none (their schema row's tombstone missed the column).
pub fn update_defaults(node: &Node, spec: &mut CfSpec) {
    if node.release.is_some_and(|r| !r.at_least(1, 0)) {
        spec.gc_grace_seconds.get_or_insert(0);
    }
    let keeps_bloom = node
        .release
        .is_some_and(|r| r.does(Behaviour::UpdateKeepsUnsetBloomChance));
    if keeps_bloom && spec.bloom_filter_fp_chance.is_none() {
        let schema = node.schema();
        let old = schema.cf(&spec.keyspace, &spec.name);
        spec.bloom_filter_fp_chance = old.and_then(|cf| cf.options.bloom_filter_fp_chance);
    }
    crate::thrift::api19::release::v3x::update_keeps_cql_columns(node, spec);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::node::test_nodes;

    use crate::node::test_nodes::as_release as node_as;

    fn def(comparator: &str) -> t::CfDef {
        let mut def = crate::thrift::api19::defs::cf_def(&CfSpec::new("ks", "cf"));
        def.comparator_type = Some(comparator.to_string());
        def
    }

    #[test]
    fn lz4_is_a_class_1_0_and_1_1_could_not_load() {
        let compressed = |class: &str| {
            let mut d = def("BytesType");
            d.compression_options = Some(
                [("sstable_compression".to_string(), class.to_string())]
                    .into_iter()
                    .collect(),
            );
            d
        };
        let why =
            "Could not create Compression for type org.apache.cassandra.io.compress.LZ4Compressor";
        for v in ["1.0.12", "1.1.12"] {
            let node = node_as(v);
            assert_eq!(
                check_compressor(&node, &compressed("LZ4Compressor"), false),
                Err(ApiError::invalid(why))
            );
            let full = compressed("org.apache.cassandra.io.compress.LZ4Compressor");
            assert_eq!(
                check_compressor(&node, &full, false),
                Err(ApiError::invalid(why))
            );
            let snappy = compressed("SnappyCompressor");
            assert!(check_compressor(&node, &snappy, true).is_ok());
        }
        let lz4 = compressed("LZ4Compressor");
        assert!(check_compressor(&node_as("1.2.9"), &lz4, false).is_ok());
        // 1.0's update without columns failed on the server.
        let failed = check_compressor(&node_as("1.0.12"), &lz4, true);
        assert_eq!(failed, Err(ApiError::Internal(why.to_string())));
        let mut with_columns = lz4.clone();
        with_columns.column_metadata = Some(Vec::new());
        let refused = check_compressor(&node_as("1.0.12"), &with_columns, true);
        assert_eq!(refused, Err(ApiError::invalid(why)));
        let refused = check_compressor(&node_as("1.1.12"), &lz4, true);
        assert_eq!(refused, Err(ApiError::invalid(why)));
        let empty = compressed("");
        let package = "Could not create Compression for type org.apache.cassandra.io.compress.";
        let refused = check_compressor(&node_as("1.0.12"), &empty, false);
        assert_eq!(refused, Err(ApiError::invalid(package)));
        assert!(check_compressor(&node_as("1.1.12"), &empty, false).is_ok());
    }

    fn refused(version: &str, comparator: &str) -> Option<String> {
        match check_types(&node_as(version), &def(comparator)) {
            Ok(()) => None,
            Err(ApiError::InvalidRequest(why)) => Some(why),
            Err(e) => panic!("{e:?}"),
        }
    }

    fn thresholds(
        version: &str,
        min: Option<i32>,
        max: Option<i32>,
        meta: bool,
        update: bool,
    ) -> String {
        let mut d = def("UTF8Type");
        d.min_compaction_threshold = min;
        d.max_compaction_threshold = max;
        d.column_metadata = meta.then(Vec::new);
        match check_compaction_thresholds(&node_as(version), &d, update) {
            Ok(()) => "ok".into(),
            Err(ApiError::InvalidRequest(why)) => why,
            Err(e) => panic!("{e:?}"),
        }
    }

    #[test]
    fn compaction_thresholds_are_checked_as_sent_before_1_1() {
        let above = "min_compaction_threshold cannot be greater than max_compaction_threshold";
        // 0.7: the defaults filled in, a minimum above the maximum alone refused.
        assert_eq!(thresholds("0.7.10", Some(0), None, false, false), "ok");
        assert_eq!(thresholds("0.7.10", None, Some(2), true, false), above);
        assert_eq!(thresholds("0.7.10", Some(8), Some(0), false, true), "ok");
        // 0.8 and 1.0: only with column metadata, then a minimum below 2 too.
        assert_eq!(thresholds("1.0.12", Some(0), None, false, false), "ok");
        assert_eq!(thresholds("1.0.12", Some(8), Some(4), false, false), "ok");
        assert_eq!(
            thresholds("0.8.10", Some(0), None, true, false),
            "min_compaction_threshold cannot be less than 2."
        );
        assert_eq!(
            thresholds("1.0.12", Some(8), Some(4), true, false),
            format!("{above} 4")
        );
        assert_eq!(
            thresholds("1.0.12", None, Some(3), true, false),
            "max_compaction_threshold cannot be less than min_compaction_threshold"
        );
        // An update again at apply, with the defaults.
        assert_eq!(thresholds("1.0.12", None, Some(3), false, true), above);
        // 1.1 on: the schema's own check.
        assert_eq!(thresholds("1.1.12", Some(0), None, true, true), "ok");
    }

    #[test]
    fn column_names_are_checked_in_the_order_sent_before_1_1() {
        let named = |n: &str| {
            t::ColumnDef::new(
                n.as_bytes().to_vec(),
                "UTF8Type".to_string(),
                None,
                None,
                None,
            )
        };
        let mut d = def("LongType");
        d.column_metadata = Some(vec![named("rank"), named("city")]);
        let why = |v: &str| match check_column_names(&node_as(v), &d) {
            Ok(()) => "ok".to_string(),
            Err(e) => e.to_string(),
        };
        assert!(why("0.7.10").contains("Column name 72616e6b is not valid for comparator LongType"));
        assert!(why("1.0.12").contains("72616e6b"));
        assert_eq!(why("1.1.12"), "ok");
        // 2.1 on, 3.x too: as the CfDef was converted, by the class's name.
        let long = "Column name 72616e6b is not valid for comparator \
            org.apache.cassandra.db.marshal.LongType";
        assert!(why("2.1.22").contains(long));
        assert!(why("3.11.10").contains(long));
    }

    #[test]
    fn release_0_7_keyed_each_column_by_its_column_familys_name() {
        let col = |n: &str, index: Option<&str>| {
            t::ColumnDef::new(
                n.as_bytes().to_vec(),
                "BytesType".to_string(),
                index.map(|_| t::IndexType::KEYS),
                index.map(str::to_string),
                None,
            )
        };
        let why = |v: &str, cols: Vec<t::ColumnDef>| {
            let mut d = def("BytesType");
            d.name = "Bad".into();
            d.column_metadata = Some(cols);
            match check_column_names(&node_as(v), &d) {
                Ok(()) => "ok".to_string(),
                Err(e) => e.to_string(),
            }
        };
        let indexed = || vec![col("foo", Some("i")), col("bar", Some("i"))];
        assert!(why("0.7.10", indexed()).contains("Duplicate index names Bad.i"));
        let twice = || vec![col("foo", None), col("foo", None)];
        assert!(why("0.7.10", twice()).contains("Duplicate index names Bad.666f6f"));
        // 0.8 on: the schema's own check, of index names only.
        assert_eq!(why("0.8.10", indexed()), "ok");
        assert_eq!(why("0.8.10", twice()), "ok");
    }

    #[test]
    fn before_1_1_a_cfdefs_shape_is_refused_in_its_own_words() {
        let mut odd = def("UTF8Type");
        odd.column_type = Some("Odd".into());
        let e = check_shape(&node_as("1.0.12"), &odd).unwrap_err();
        assert!(e.to_string().contains("invalid column type Odd"), "{e}");
        assert!(check_shape(&node_as("1.1.12"), &odd).is_ok());
        let mut sub = def("UTF8Type");
        sub.subcomparator_type = Some("UTF8Type".into());
        let e = check_shape(&node_as("0.8.10"), &sub).unwrap_err();
        assert!(
            e.to_string().contains("subcomparator_type is invalid"),
            "{e}"
        );
        sub.column_type = Some("Super".into());
        assert!(check_shape(&node_as("0.8.10"), &sub).is_ok());
    }

    #[test]
    fn each_release_refuses_the_types_it_lacked() {
        let unknown = |c: &str| {
            Some(format!(
                "Unable to find abstract-type class 'org.apache.cassandra.db.marshal.{c}'"
            ))
        };
        assert_eq!(refused("0.8.10", "DecimalType"), unknown("DecimalType"));
        assert_eq!(refused("1.0.12", "DecimalType"), None);
        assert_eq!(
            refused("0.8.10", "org.apache.cassandra.db.marshal.Int32Type"),
            unknown("Int32Type")
        );
        assert_eq!(refused("0.7.10", "UUIDType"), unknown("UUIDType"));
        assert_eq!(
            refused("0.7.10", "ReversedType(LongType)"),
            unknown("ReversedType(LongType)")
        );
        assert_eq!(
            refused("1.1.12", "CompositeType(UTF8Type,InetAddressType)"),
            Some(
                "Invalid definition for comparator org.apache.cassandra.db.marshal.CompositeType."
                    .to_string()
            )
        );
        assert_eq!(
            refused("0.8.10", "DynamicCompositeType(a=>AsciiType,b=>LongType)"),
            None
        );
        assert_eq!(refused("0.8.10", "UTF8Type(reversed=false)"), None);
        assert_eq!(refused("1.2.9", "TimestampType"), unknown("TimestampType"));
        assert_eq!(refused("2.0.17", "TimestampType"), None);
        // EmptyType came with 1.2, and is in the type registry.
        assert_eq!(refused("1.1.12", "EmptyType"), unknown("EmptyType"));
        assert_eq!(refused("1.2.19", "EmptyType"), None);
        assert!(crate::marshal::parse_type("EmptyType").is_ok());
        // A parameter no release had is left to the registry, which fails
        // the parameterised type as 0.8 on did.
        assert_eq!(
            refused("0.8.10", "CompositeType(UTF8Type,NoSuchType)"),
            None
        );
        assert_eq!(
            crate::marshal::parse_type("CompositeType(UTF8Type,NoSuchType)")
                .unwrap_err()
                .to_string(),
            "Invalid definition for comparator org.apache.cassandra.db.marshal.CompositeType."
        );
        assert!(check_types(&test_nodes::Kit::default().node(), &def("TimestampType")).is_ok());
        let mut validator = def("UTF8Type");
        validator.key_validation_class = Some("DecimalType".into());
        assert!(check_types(&node_as("0.8.10"), &validator).is_err());
    }

    #[test]
    fn a_wrong_parameter_count_is_an_invalid_definition_from_0_8() {
        // 0.7 had no parameterised type: the whole name is an unknown class.
        assert_eq!(
            refused("0.7.10", "CompositeType()").as_deref(),
            Some("Unable to find abstract-type class 'org.apache.cassandra.db.marshal.CompositeType()'")
        );
        // From 0.8 the release passes the names to the type registry, whose
        // refusal (Cassandra's `getInstance` failing under reflection) every
        // release from 0.8 to 2.2 worded alike.
        let releases = [
            "0.8.10", "1.0.12", "1.1.12", "1.2.19", "2.0.17", "2.1.22", "2.2.19",
        ];
        for version in releases {
            for (comparator, class) in [
                ("CompositeType()", "CompositeType"),
                ("ReversedType()", "ReversedType"),
                ("ReversedType(LongType,UTF8Type)", "ReversedType"),
            ] {
                assert_eq!(refused(version, comparator), None, "{version} {comparator}");
                assert_eq!(
                    crate::marshal::parse_type(comparator).unwrap_err().to_string(),
                    format!("Invalid definition for comparator org.apache.cassandra.db.marshal.{class}."),
                    "{version} {comparator}"
                );
            }
        }
    }
}
