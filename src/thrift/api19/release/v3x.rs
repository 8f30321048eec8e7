//! What Cassandra 3.0 and 3.11 answered otherwise than 2.2 over Thrift,
//! where it is a rule about the request rather than a fact of the release
//! table (`crate::release`): the CfDefs it described, the columns an
//! update kept, a collection of values it failed on, the column TTLs 3.11
//! took, a multiget of no keys, a batch's range deletion, reversed super
//! slices, index filters on unselected columns, a range read from a key
//! the key type refuses, the order of a keyspace's
//! tables, how 3.0 printed a column's
//! definition. Requests are adjusted here before the shared 19.x
//! validation sees them; it builds the ops of what it changes but must not
//! read or write the engine, nor answer calls.

use crate::model::{DeletionTime, Op};
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::creation::CreationIds;
use crate::schema::{CfDef, CfSpec};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use std::cmp::Ordering;

/// Whether the release (if any) behaved so.
fn does(release: Option<&Release>, b: Behaviour) -> bool {
    release.is_some_and(|r| r.does(b))
}

/// Whether a keyspace's tables came in the order they were made (and the
/// system keyspace's in its declaration order): 3.x kept them in an
/// insertion-ordered map, where earlier releases' `HashMap` ordered them
/// by hash.
pub fn tables_in_creation_order(release: &Release) -> bool {
    release.does(Behaviour::TablesInCreationOrder)
}

/// A user keyspace's tables in 3.x's order: the ones read back from its
/// schema tables in one go with the keyspace (at its creation, or a start)
/// by name, then the ones added later in the order they were made
/// (`cf_defs` comes in creation order).
pub fn order_tables(ids: &CreationIds, ks: &mut t::KsDef) {
    let name = ks.name.clone();
    // A stable sort: the later ones keep their creation order.
    ks.cf_defs.sort_by(|a, b| {
        let (ta, tb) = (
            ids.read_with_keyspace(&name, &a.name),
            ids.read_with_keyspace(&name, &b.name),
        );
        match (ta, tb) {
            (true, true) => a.name.as_bytes().cmp(b.name.as_bytes()),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            (false, false) => Ordering::Equal,
        }
    });
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
    compaction.insert("min_threshold".to_string(), min.to_string());
    compaction.insert("max_threshold".to_string(), max.to_string());
    if let Some(compression) = &mut cf.compression_options {
        if compression.contains_key("sstable_compression") {
            compression
                .entry("chunk_length_kb".to_string())
                .or_insert_with(|| "64".to_string());
        }
    }
    // 3.x printed a percentile without a fraction it did not have
    // (`99PERCENTILE`; 2.x: `99.0PERCENTILE`).
    if let Some(retry) = cf.speculative_retry.as_mut() {
        if let Some(n) = retry.strip_suffix(".0PERCENTILE") {
            *retry = format!("{n}PERCENTILE");
        }
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
    let initial = (expected as f32 / 0.75 + 1.0) as usize;
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

/// A row filter of a Super column family as 3.x checked it
/// (`ThriftValidation.validateKeyRange`), `Some` where 3.x: the range's
/// keys and tokens, then each expression's name by the super columns'
/// comparator and its value's size (as before), then its value by the
/// type of the column its name found: `value`, the values' type; any
/// other, the table's map of super columns (see [`super_map_value`]);
/// then a super column in the parent, then the count. 2.x checked the
/// value by the CF's values type. One that passed found no row
/// (recorded: `rel_compact`).
pub fn super_row_filter(
    release: Option<&Release>,
    cf: &CfDef,
    super_column: Option<&[u8]>,
    range: &t::KeyRange,
    check_keys: impl FnOnce(&t::KeyRange) -> Result<(), ApiError>,
) -> Option<Result<(), ApiError>> {
    let filter = range.row_filter.as_ref().filter(|f| !f.is_empty())?;
    if !cf.is_super() || !does(release, Behaviour::CfDefsFromTables) {
        return None;
    }
    let mut bare = range.clone();
    bare.row_filter = None;
    bare.count = 1;
    let checked = check_keys(&bare).and_then(|()| {
        let hex = crate::marshal::bytes_to_hex;
        for e in filter {
            crate::thrift::api19::index::validate_expression_name(cf, e)?;
            let values = &cf.options.default_validation_class;
            let valid = if e.column_name == b"value" {
                values.validate(&e.value).map_err(|m| m.0)
            } else {
                super_map_value(cf, &e.value)
            };
            if let Err(why) = valid {
                return Err(ApiError::invalid(format!(
                    "[{}]=[{}] failed value validation ({why})",
                    hex(&e.column_name),
                    hex(&e.value)
                )));
            }
        }
        if super_column.is_some() {
            return Err(ApiError::invalid(
                "super columns are not supported for indexing",
            ));
        }
        if range.count <= 0 {
            return Err(ApiError::invalid("maxRows must be positive"));
        }
        Ok(())
    });
    Some(checked)
}

/// A value checked as the map of a 3.x Super column family's table
/// (`MapType(subcomparator, values)`) in the native protocol's v3 framing:
/// an int count, then each key and value after its int size (a negative
/// size a null, which no type checks), nothing after the last.
fn super_map_value(cf: &CfDef, value: &[u8]) -> Result<(), String> {
    if value.is_empty() {
        return Ok(());
    }
    let short = || "Not enough bytes to read a map".to_string();
    let int = |rest: &mut &[u8]| -> Result<i32, String> {
        let (head, tail) = rest.split_first_chunk::<4>().ok_or_else(short)?;
        *rest = tail;
        Ok(i32::from_be_bytes(*head))
    };
    let mut rest = value;
    let count = int(&mut rest)?;
    let sub = cf.subcomparator.as_ref().unwrap_or(&cf.comparator);
    let values = &cf.options.default_validation_class;
    for _ in 0..count.max(0) {
        for ty in [sub, values] {
            let Ok(size) = usize::try_from(int(&mut rest)?) else {
                continue;
            };
            if rest.len() < size {
                return Err(short());
            }
            let (element, tail) = rest.split_at(size);
            rest = tail;
            ty.validate_for(element, crate::marshal::Dialect::V12)
                .map_err(|m| m.0)?;
        }
    }
    if !rest.is_empty() {
        return Err("Unexpected extraneous bytes after map value".to_string());
    }
    Ok(())
}

/// `multiget_slice` of no keys, once checked: 3.x built a read of the
/// keys' group and failed on its first (a server-side exception), which
/// closed the connection without a reply; earlier releases answered `{}`.
pub fn multiget_of_no_keys(release: Option<&Release>, no_keys: bool) -> Result<(), ApiError> {
    if no_keys && does(release, Behaviour::MultigetOfNoKeysDropped) {
        return Err(ApiError::Dropped(
            "3.x failed multiget_slice of no keys".into(),
        ));
    }
    Ok(())
}

/// A batch's deletion by a `SliceRange` of a Standard column family as 3.x
/// made it (`Some`: the op, or none; `None`: not such a deletion, or not
/// 3.x): a range tombstone from start to finish, an empty bound open, the
/// `reversed` flag ignored, nothing when a start sorts after its finish.
/// 2.x's reading is `convert::deletion_ops`'.
pub fn range_deletion(
    release: Option<&Release>,
    cf: &CfDef,
    m: &t::Mutation,
    now: i32,
) -> Option<Option<Op>> {
    if !does(release, Behaviour::RangeDeletionsOpenBounds) || cf.is_super() {
        return None;
    }
    let del = m.deletion.as_ref()?;
    let predicate = del.predicate.as_ref()?;
    if predicate.column_names.is_some() {
        return None;
    }
    let range = predicate.slice_range.as_ref()?;
    let (start, finish) = (&range.start, &range.finish);
    if !start.is_empty()
        && !finish.is_empty()
        && cf.comparator.compare(start, finish) == Ordering::Greater
    {
        return Some(None);
    }
    let timestamp = del.timestamp.unwrap_or_default();
    Some(Some(Op::DeleteRange {
        start: start.clone(),
        end: finish.clone(),
        deletion: DeletionTime::new(timestamp, now),
    }))
}

/// A reversed slice of a Super column family's super columns as 3.x
/// answered it: each super column's subcolumns reversed too (3.x stored a
/// super column's subcolumns as cells of one clustering and read them in
/// the slice's order); earlier releases kept them ascending.
pub fn reversed_super_slice(
    release: Option<&Release>,
    parent: &t::ColumnParent,
    predicate: &t::SlicePredicate,
    out: &mut [t::ColumnOrSuperColumn],
) {
    let reversed = predicate.slice_range.as_ref().is_some_and(|r| r.reversed);
    if !reversed
        || parent.super_column.is_some()
        || !does(release, Behaviour::ReversedSuperSlicesReverseSubcolumns)
    {
        return;
    }
    for cosc in out {
        if let Some(sc) = cosc.super_column.as_mut() {
            sc.columns.reverse();
        }
        if let Some(sc) = cosc.counter_super_column.as_mut() {
            sc.columns.reverse();
        }
    }
}

/// Whether 3.x found no row for an index clause or row filter because the
/// predicate named columns and left out one the expressions test: it read
/// only the named columns and so never saw the tested value (recorded for
/// `get_indexed_slices` and `get_range_slices`).
pub fn filter_unselected(
    release: Option<&Release>,
    predicate: &t::SlicePredicate,
    expressions: &[t::IndexExpression],
) -> bool {
    let Some(names) = predicate.column_names.as_ref() else {
        return false;
    };
    does(release, Behaviour::FiltersSeeSelectedColumnsOnly)
        && expressions.iter().any(|e| !names.contains(&e.column_name))
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

/// A column's TTL as 3.11 took it: a TTL of 0 is no TTL (3.0 and before
/// refused it, `ttl must be positive`, which the shared validation says),
/// a negative one is refused in 3.11's words.
fn ttl(release: Option<&Release>, ttl: &mut Option<i32>) -> Result<(), ApiError> {
    if !does(release, Behaviour::TtlZeroIsNone) {
        return Ok(());
    }
    match *ttl {
        Some(0) => *ttl = None,
        Some(n) if n < 0 => {
            return Err(ApiError::invalid("ttl must be greater or equal to 0"));
        }
        _ => {}
    }
    Ok(())
}

/// [`ttl`] of one column (`insert`).
pub fn column_ttl(release: Option<&Release>, column: &mut t::Column) -> Result<(), ApiError> {
    ttl(release, &mut column.ttl)
}

/// [`ttl`] of every column a batch's mutation writes (a column, or the
/// columns of a super column).
pub fn mutation_ttls(release: Option<&Release>, m: &mut t::Mutation) -> Result<(), ApiError> {
    if !does(release, Behaviour::TtlZeroIsNone) {
        return Ok(());
    }
    let Some(cosc) = m.column_or_supercolumn.as_mut() else {
        return Ok(());
    };
    if let Some(c) = cosc.column.as_mut() {
        ttl(release, &mut c.ttl)?;
    }
    if let Some(sc) = cosc.super_column.as_mut() {
        for c in &mut sc.columns {
            ttl(release, &mut c.ttl)?;
        }
    }
    Ok(())
}

/// How 3.0 printed a column's definition (a prepared marker's name over
/// Thrift), from what 2.x printed of it (`kind_2x`: 2.x's kind,
/// `component`: its place in a composite): 3.0 named the kinds
/// `PARTITION_KEY`, `CLUSTERING`, `REGULAR` and `STATIC` (a compact
/// table's value is a regular column) and gave the key and clustering
/// columns their position (0 when alone), the others -1.
pub fn definition_30(name: &str, ty: &str, kind_2x: &str, component: Option<usize>) -> String {
    let (kind, position) = match kind_2x {
        "PARTITION_KEY" => ("PARTITION_KEY", component.map_or(0, |i| i as i64)),
        "CLUSTERING_COLUMN" => ("CLUSTERING", component.map_or(0, |i| i as i64)),
        "STATIC" => ("STATIC", -1),
        _ => ("REGULAR", -1),
    };
    format!("ColumnDefinition{{name={name}, type={ty}, kind={kind}, position={position}}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(ttl: Option<i32>) -> t::Column {
        t::Column {
            name: b"c".to_vec(),
            value: Some(b"v".to_vec()),
            timestamp: Some(1),
            ttl,
        }
    }

    #[test]
    fn ttl_zero_is_no_ttl_from_3_11() {
        let r = Release::find("3.11.10");
        let mut c = col(Some(0));
        column_ttl(r, &mut c).unwrap();
        assert_eq!(c.ttl, None);
        let mut c = col(Some(-5));
        let e = column_ttl(r, &mut c).unwrap_err();
        assert!(
            e.to_string().contains("ttl must be greater or equal to 0"),
            "{e}"
        );
        let mut c = col(Some(5));
        column_ttl(r, &mut c).unwrap();
        assert_eq!(c.ttl, Some(5));
    }

    #[test]
    fn a_super_row_filter_value_is_the_super_columns_map() {
        use crate::marshal::parse_type;
        let long = parse_type("LongType").unwrap();
        let mut cf = CfDef::new(
            "ks",
            "Sup",
            1000,
            parse_type("UTF8Type").unwrap(),
            Some(long.clone()),
        );
        cf.options.default_validation_class = long;
        let three = Release::find("3.0.24");
        let range = |name: &[u8], value: Vec<u8>, count| {
            let e = t::IndexExpression::new(name.to_vec(), t::IndexOperator::EQ, value);
            t::KeyRange::new(Vec::new(), Vec::new(), None, None, count, vec![e])
        };
        let check = |r: &t::KeyRange, sc: Option<&[u8]>| {
            super_row_filter(three, &cf, sc, r, |_| Ok(()))
                .unwrap()
                .map_err(|e| e.to_string())
        };
        let eight = 3i64.to_be_bytes().to_vec();
        let e = check(&range(b"birth", eight.clone(), 10), None).unwrap_err();
        assert!(e.contains("[6269727468]=[0000000000000003] failed value validation (Unexpected extraneous bytes after map value)"), "{e}");
        let e = check(&range(b"birth", vec![0, 1], 10), None).unwrap_err();
        assert!(e.contains("(Not enough bytes to read a map)"), "{e}");
        // one entry: a long key and a long value
        let mut map = 1i32.to_be_bytes().to_vec();
        for _ in 0..2 {
            map.extend(8i32.to_be_bytes());
            map.extend(&eight);
        }
        check(&range(b"birth", map.clone(), 10), None).unwrap();
        map[7] = 4;
        let e = check(&range(b"birth", map, 10), None).unwrap_err();
        assert!(e.contains("(Expected 8 or 0 byte long (4))"), "{e}");
        check(&range(b"value", eight.clone(), 10), None).unwrap();
        let e = check(&range(b"birth", Vec::new(), 10), Some(b"sc")).unwrap_err();
        assert!(
            e.contains("super columns are not supported for indexing"),
            "{e}"
        );
        let e = check(&range(b"birth", Vec::new(), 0), None).unwrap_err();
        assert!(e.contains("maxRows must be positive"), "{e}");
        assert!(super_row_filter(
            Release::find("2.2.19"),
            &cf,
            None,
            &range(b"birth", eight, 10),
            |_| Ok(())
        )
        .is_none());
    }

    #[test]
    fn three_oh_prints_definitions_with_positions() {
        let int = "org.apache.cassandra.db.marshal.Int32Type";
        assert_eq!(
            definition_30("c", int, "CLUSTERING_COLUMN", Some(0)),
            format!("ColumnDefinition{{name=c, type={int}, kind=CLUSTERING, position=0}}")
        );
        assert_eq!(
            definition_30("id", int, "PARTITION_KEY", None),
            format!("ColumnDefinition{{name=id, type={int}, kind=PARTITION_KEY, position=0}}")
        );
        assert_eq!(
            definition_30("body", int, "COMPACT_VALUE", None),
            format!("ColumnDefinition{{name=body, type={int}, kind=REGULAR, position=-1}}")
        );
    }

    #[test]
    fn earlier_releases_keep_the_ttl_for_the_shared_check() {
        for v in ["3.0.24", "2.2.19", "1.2.19"] {
            let mut c = col(Some(0));
            column_ttl(Release::find(v), &mut c).unwrap();
            assert_eq!(c.ttl, Some(0), "{v}");
        }
        let mut c = col(Some(0));
        column_ttl(None, &mut c).unwrap();
        assert_eq!(c.ttl, Some(0));
    }
}
