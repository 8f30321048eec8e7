//! CQL 2's schema statements as 1.2.9 ran them: CREATE/DROP KEYSPACE,
//! CREATE/DROP COLUMNFAMILY, CREATE/DROP INDEX and ALTER COLUMNFAMILY,
//! each turned into one [`SchemaChange`] for the backend.
//!
//! Owns CQL 2's property names (`comparator`, `default_validation`,
//! `compaction_strategy_options:x`, ...), its type words and its own
//! checks; the schema's validation and messages are the backend's (1.2
//! wrapped those of CREATE COLUMNFAMILY and the index statements in the
//! exception's `toString`). It must not touch data.

use super::{column_family, invalid, keyspace, Context, Result};
use crate::cql::CqlError;
use crate::cql2::ast::{AlterOp, CfColumn, Statement, Term, TermKind};
use crate::cql2::era::Era;
use crate::cql2::result::Cql2Result;
use crate::marshal::{parse_type, AbstractType, FloatType, IntegerType, LexicalUUIDType, TypeRef};
use crate::schema::{CfSpec, ColumnSpec, IndexType, KeyspaceSpec, SchemaChange};
use std::collections::BTreeMap;

/// How 1.2 rendered a `ConfigurationException` it wrapped with `toString`.
const CONFIG_ERROR: &str = "org.apache.cassandra.exceptions.ConfigurationException: ";
/// How 1.2 rendered the `AlreadyExistsException` of an existing column family.
const ALREADY_EXISTS: &str = "org.apache.cassandra.exceptions.AlreadyExistsException: ";

/// CQL 2's type words and the classes they stand for; `first`: 0.8's
/// (`bytea`, `date`, and `int` a LongType; no `blob`, `timestamp` nor
/// `decimal`, which it looked up as class names).
fn type_class(word: &str, first: bool) -> &str {
    if first {
        return match word {
            "bytea" => "BytesType",
            "date" => "DateType",
            "int" => "LongType",
            "blob" | "timestamp" | "decimal" => word,
            other => type_class(other, false),
        };
    }
    match word {
        "ascii" => "AsciiType",
        "bigint" => "LongType",
        "blob" => "BytesType",
        "boolean" => "BooleanType",
        "counter" => "CounterColumnType",
        "decimal" => "DecimalType",
        "double" => "DoubleType",
        "float" => "FloatType",
        "int" => "Int32Type",
        "text" | "varchar" => "UTF8Type",
        "timestamp" => "DateType",
        "uuid" => "UUIDType",
        "varint" => "IntegerType",
        other => other,
    }
}

fn resolve(word: &str, first: bool) -> Result<TypeRef> {
    parse_type(type_class(word, first)).map_err(|e| CqlError::Invalid(format!("{CONFIG_ERROR}{e}")))
}

const CF_KEYWORDS: &[&str] = &[
    "comparator",
    "comment",
    "read_repair_chance",
    "dclocal_read_repair_chance",
    "gc_grace_seconds",
    "default_validation",
    "min_compaction_threshold",
    "max_compaction_threshold",
    "replicate_on_write",
    "compaction_strategy_class",
    "caching",
    "bloom_filter_fp_chance",
];

/// 1.2 accepted and ignored these pre-1.1 settings.
const OBSOLETE: &[&str] = &[
    "row_cache_size",
    "key_cache_size",
    "row_cache_save_period_in_seconds",
    "key_cache_save_period_in_seconds",
    "memtable_throughput_in_mb",
    "memtable_operations_in_millions",
    "memtable_flush_after_mins",
    "row_cache_provider",
];

/// `CFPropDefs` after `validate`: plain properties and the option maps.
struct Props {
    /// 0.8's type words (see `type_class`).
    first_words: bool,
    plain: BTreeMap<String, String>,
    compaction: BTreeMap<String, String>,
    compression: BTreeMap<String, String>,
}

impl Props {
    fn parse(list: &[(String, String)], first_words: bool) -> Result<Props> {
        let mut p = Props {
            first_words,
            plain: BTreeMap::new(),
            compaction: BTreeMap::new(),
            compression: BTreeMap::new(),
        };
        for (k, v) in list {
            match k.split_once(':') {
                Some((prefix, sub)) if prefix.starts_with("compaction_strategy_options") => {
                    p.compaction.insert(sub.to_string(), v.clone());
                }
                Some((prefix, sub)) if prefix.starts_with("compression_parameters") => {
                    p.compression.insert(sub.to_string(), v.clone());
                }
                _ => {
                    p.plain.insert(k.clone(), v.clone());
                }
            }
        }
        if let Some(bogus) = p
            .plain
            .keys()
            .find(|k| !CF_KEYWORDS.contains(&k.as_str()) && !OBSOLETE.contains(&k.as_str()))
        {
            return invalid(format!(
                "{bogus} is not a valid keyword argument for CREATE COLUMNFAMILY"
            ));
        }
        let min = p.int("min_compaction_threshold")?;
        let max = p.int("max_compaction_threshold")?;
        match (min, max) {
            (Some(min), Some(max)) if min > max && max != 0 => {
                return invalid("min_compaction_threshold cannot be larger than max_compaction_threshold")
            }
            (Some(min), None) if min > 32 => {
                return invalid("min_compaction_threshold cannot be larger than max_compaction_threshold, (default 32)")
            }
            (None, Some(max)) if max < 4 && max != 0 => {
                return invalid("max_compaction_threshold cannot be smaller than min_compaction_threshold, (default 4)")
            }
            _ => {}
        }
        Ok(p)
    }

    fn get(&self, key: &str) -> Option<&String> {
        self.plain.get(key)
    }

    fn parsed<T: std::str::FromStr>(&self, key: &str) -> Result<Option<T>> {
        self.get(key)
            .map(|v| {
                v.trim()
                    .parse::<T>()
                    .map_err(|_| CqlError::Invalid(format!("{v} not valid for \"{key}\"")))
            })
            .transpose()
    }

    fn int(&self, key: &str) -> Result<Option<i32>> {
        self.parsed(key)
    }

    fn boolean(&self, key: &str) -> Option<bool> {
        self.get(key)
            .map(|v| matches!(v.to_lowercase().as_str(), "1" | "true" | "yes"))
    }

    /// The cache settings 0.8's and 1.0's `getCFMetaData` set from the
    /// statement (`rowCacheSize`, `keyCacheSize`, the save periods, the
    /// provider; 0.8 the memtable thresholds too, which 1.0 ignored as
    /// obsolete), each only where given: the definition's defaults are
    /// the schema's.
    fn apply_cache_settings(&self, spec: &mut CfSpec, memtables: bool) -> Result<()> {
        let cache = &mut spec.old_cache;
        cache.row_cache_size = self.parsed("row_cache_size")?.or(cache.row_cache_size);
        cache.key_cache_size = self.parsed("key_cache_size")?.or(cache.key_cache_size);
        cache.row_cache_save_period_in_seconds = self
            .int("row_cache_save_period_in_seconds")?
            .or(cache.row_cache_save_period_in_seconds);
        cache.key_cache_save_period_in_seconds = self
            .int("key_cache_save_period_in_seconds")?
            .or(cache.key_cache_save_period_in_seconds);
        // `FBUtilities.newCacheProvider` looked a bare name up in
        // `org.apache.cassandra.cache`.
        if let Some(provider) = self.get("row_cache_provider") {
            cache.row_cache_provider = Some(if provider.contains('.') {
                provider.clone()
            } else {
                format!("org.apache.cassandra.cache.{provider}")
            });
        }
        if memtables {
            cache.memtable_flush_after_mins = self
                .int("memtable_flush_after_mins")?
                .or(cache.memtable_flush_after_mins);
            cache.memtable_throughput_in_mb = self
                .int("memtable_throughput_in_mb")?
                .or(cache.memtable_throughput_in_mb);
            cache.memtable_operations_in_millions = self
                .parsed("memtable_operations_in_millions")?
                .or(cache.memtable_operations_in_millions);
        }
        Ok(())
    }

    /// Writes every property that was given into `spec`.
    fn apply(&self, spec: &mut CfSpec) -> Result<()> {
        if let Some(c) = self.get("comment") {
            spec.comment = Some(c.clone());
        }
        if let Some(v) = self.get("default_validation") {
            spec.default_validation_class = Some(resolve(v, self.first_words)?.class_name());
        }
        spec.read_repair_chance = self
            .parsed("read_repair_chance")?
            .or(spec.read_repair_chance);
        spec.dclocal_read_repair_chance = self
            .parsed("dclocal_read_repair_chance")?
            .or(spec.dclocal_read_repair_chance);
        spec.gc_grace_seconds = self.int("gc_grace_seconds")?.or(spec.gc_grace_seconds);
        spec.replicate_on_write = self
            .boolean("replicate_on_write")
            .or(spec.replicate_on_write);
        spec.min_compaction_threshold = self
            .int("min_compaction_threshold")?
            .or(spec.min_compaction_threshold);
        spec.max_compaction_threshold = self
            .int("max_compaction_threshold")?
            .or(spec.max_compaction_threshold);
        if let Some(c) = self.get("caching") {
            spec.caching = Some(c.clone());
        }
        spec.bloom_filter_fp_chance = self
            .parsed("bloom_filter_fp_chance")?
            .or(spec.bloom_filter_fp_chance);
        if let Some(c) = self.get("compaction_strategy_class") {
            spec.compaction_strategy = Some(c.clone());
        }
        if !self.compaction.is_empty() {
            spec.compaction_strategy_options = Some(self.compaction.clone());
        }
        if !self.compression.is_empty() {
            spec.compression_options = Some(self.compression.clone());
        }
        Ok(())
    }
}

/// A change whose `ConfigurationException` 1.2 reported with `toString`
/// (a column family that exists is 1.2's `AlreadyExistsException`).
fn change_wrapped(ctx: &Context, change: SchemaChange) -> Result<Cql2Result> {
    ctx.backend.change_schema(change).map_err(|e| match e {
        CqlError::Invalid(why)
            if !ctx.era.column_families_word
                && why.starts_with("Cannot add already existing column family") =>
        {
            CqlError::Invalid(format!("{ALREADY_EXISTS}{why}"))
        }
        CqlError::Invalid(why) => CqlError::Invalid(format!("{CONFIG_ERROR}{why}")),
        other => other,
    })?;
    Ok(Cql2Result::Void)
}

fn change(ctx: &Context, change: SchemaChange) -> Result<Cql2Result> {
    ctx.backend.change_schema(change)?;
    Ok(Cql2Result::Void)
}

pub(super) fn run(ctx: &mut Context, statement: &Statement) -> Result<Cql2Result> {
    let schema = ctx.backend.schema();
    match statement {
        Statement::CreateKeyspace { name, attrs } => {
            let Some((_, strategy)) = attrs.iter().rev().find(|(k, _)| k == "strategy_class")
            else {
                return invalid("missing required argument \"strategy_class\"");
            };
            let options = attrs
                .iter()
                .filter(|(k, _)| k.starts_with("strategy_options") && k.contains(':'))
                .filter_map(|(k, v)| Some((k.split(':').nth(1)?.to_string(), v.clone())))
                .collect();
            if name.eq_ignore_ascii_case("system") {
                return invalid("system keyspace is not user-modifiable");
            }
            change(
                ctx,
                SchemaChange::AddKeyspace(KeyspaceSpec {
                    name: name.clone(),
                    strategy_class: strategy.clone(),
                    strategy_options: Some(options),
                    ..KeyspaceSpec::default()
                }),
            )
        }
        Statement::DropKeyspace(name) => {
            if name.eq_ignore_ascii_case("system") {
                return invalid("system keyspace is not user-modifiable");
            }
            change(ctx, SchemaChange::DropKeyspace(name.clone()))
        }
        Statement::CreateColumnFamily {
            name,
            columns,
            props,
        } => {
            // 0.8 built the definition first; its AddColumnFamily then
            // refused a keyspace `USE` had taken unchecked, reported with
            // the exception's `toString`.
            let ks = ctx.session_keyspace()?;
            let mut spec = create_cf_spec(&ks, name, columns, props, ctx.era)?;
            if ctx.migration_keyspace().is_err() {
                return invalid(format!("{CONFIG_ERROR}No such keyspace: {ks}"));
            }
            if ctx.era.read_repair_always {
                spec.read_repair_chance.get_or_insert(1.0);
            }
            if ctx.era.no_shard_merging {
                spec.old_cache.merge_shards_chance = Some(0.0);
            }
            if ctx.era.uncompressed_unless_told {
                spec.compression_options
                    .get_or_insert_with(Default::default);
            }
            change_wrapped(ctx, SchemaChange::AddColumnFamily(spec))
        }
        Statement::DropColumnFamily(name) => {
            let ks = ctx.migration_keyspace()?;
            change(
                ctx,
                SchemaChange::DropColumnFamily {
                    keyspace: ks,
                    name: name.clone(),
                },
            )
        }
        Statement::CreateIndex { name, cf, column } => {
            // The column family is looked up in the session keyspace alone:
            // one 0.8's `USE` took unchecked holds none, so it is refused as
            // a missing column family (`QueryProcessor`'s CREATE_INDEX).
            let ks = ctx.session_keyspace()?;
            let Some(def) = schema.cf(&ks, cf) else {
                if ctx.era.index_cf_unconfigured {
                    return invalid(format!("unconfigured columnfamily {cf}"));
                }
                return invalid(format!("No such column family: {cf}"));
            };
            let column_name = term_bytes_by_kind(column)?;
            let mut spec = def.describe_v12();
            let cols = spec.column_metadata.get_or_insert_with(Vec::new);
            let Some(col) = cols.iter_mut().find(|c| c.name == column_name) else {
                // The refusal names the column by the comparator's
                // `getString`, which threw an unchecked `MarshalException`
                // on a name the comparator cannot read (an integer term's
                // varint under an int or long comparator): the statement
                // failed on the server instead.
                if let Err(e) = def.comparator.validate(&column_name) {
                    return Err(CqlError::Failed(e.0));
                }
                return invalid(format!(
                    "No column definition found for column {}",
                    def.comparator.get_string(&column_name)
                ));
            };
            if col.index_type.is_some() {
                return invalid("Index already exists");
            }
            col.index_type = Some(IndexType::Keys);
            col.index_name = name.clone();
            // 1.1 on gave the index an empty map of options.
            if !ctx.era.index_without_options {
                col.index_options = Some(BTreeMap::new());
            }
            change_wrapped(ctx, SchemaChange::UpdateColumnFamily(spec))
        }
        Statement::DropIndex(index) => {
            let ks = ctx.session_keyspace()?;
            let found = keyspace(&schema, &ks)?.cfs.values().find_map(|def| {
                let mut spec = def.describe_v12();
                let col = spec.column_metadata.as_mut()?.iter_mut().find(|c| {
                    c.index_type.is_some() && c.index_name.as_deref() == Some(index.as_str())
                })?;
                col.index_type = None;
                col.index_name = None;
                Some(spec)
            });
            let Some(spec) = found else {
                let families = if ctx.era.column_families_word {
                    "ColumnFamilies"
                } else {
                    "column families"
                };
                return invalid(format!(
                    "Index '{index}' could not be found in any of the {families} of keyspace '{ks}'"
                ));
            };
            change_wrapped(ctx, SchemaChange::UpdateColumnFamily(spec))
        }
        Statement::AlterColumnFamily { cf, op } => {
            let ks = ctx.session_keyspace()?;
            let def = column_family(&schema, &ks, cf)?;
            let era = ctx.era;
            let spec = alter_spec(&def, op, era)?;
            change(ctx, SchemaChange::UpdateColumnFamily(spec))
        }
        other => invalid(format!("not a schema statement: {other:?}")),
    }
}

/// 1.2's `Term.getByteBuffer()` without a receiving type: the term's own
/// kind picks the type (strings are ASCII, integers varints).
fn term_bytes_by_kind(t: &Term) -> Result<Vec<u8>> {
    let r = match t.kind {
        TermKind::Integer => IntegerType.from_string(&t.text),
        TermKind::Uuid => LexicalUUIDType.from_string(&t.text),
        TermKind::Float => FloatType.from_string(&t.text),
        _ => crate::marshal::AsciiType.from_string(&t.text),
    };
    r.map_err(|e| CqlError::Invalid(e.0))
}

/// 1.2's `CreateColumnFamilyStatement.getCFMetaData`.
fn create_cf_spec(
    ks: &str,
    name: &str,
    columns: &[CfColumn],
    props: &[(String, String)],
    era: Era,
) -> Result<CfSpec> {
    let first = era.grammar.first_type_words;
    if let Some((unknown, _)) = props.iter().find(|(k, _)| !era.create_keyword_known(k)) {
        return invalid(format!(
            "{unknown} is not a valid keyword argument for CREATE COLUMNFAMILY"
        ));
    }
    let props = Props::parse(props, first)?;
    let keys: Vec<&CfColumn> = columns.iter().filter(|c| c.primary_key).collect();
    let key = match keys.as_slice() {
        [] => return invalid("You must specify a PRIMARY KEY"),
        [one] => *one,
        _ => return invalid("You may only specify one PRIMARY KEY"),
    };
    let comparator = resolve(
        props.get("comparator").map_or("text", |s| s.as_str()),
        first,
    )?;
    let key_alias = (!key.name.text.eq_ignore_ascii_case("KEY")).then(|| key.name.text.clone());
    let mut metadata: Vec<ColumnSpec> = Vec::new();
    for c in columns.iter().filter(|c| !c.primary_key) {
        let col = comparator
            .from_string(&c.name.text)
            .map_err(|e| CqlError::Invalid(e.0))?;
        if key_alias.as_deref().map(str::as_bytes) == Some(col.as_slice()) {
            return invalid(format!(
                "Invalid column name: {}, because it equals to the key_alias.",
                c.name.text
            ));
        }
        let validator = resolve(&c.validator, first)?;
        metadata.retain(|m| m.name != col);
        metadata.push(ColumnSpec {
            name: col,
            validation_class: Some(validator.class_name()),
            ..ColumnSpec::default()
        });
    }
    let mut spec = CfSpec::new(ks, name);
    spec.column_type = Some("Standard".into());
    spec.comparator_type = Some(comparator.class_name());
    spec.key_validation_class = Some(resolve(&key.validator, first)?.class_name());
    spec.default_validation_class = Some(resolve("text", first)?.class_name());
    spec.column_metadata = Some(metadata);
    // `getColumns` filled a HashMap (in the order of another, keyed by
    // `Term`, which no one can reproduce: the statement's stands for it).
    spec.columns_in_hash_map = true;
    spec.key_alias = key_alias.map(String::into_bytes);
    props.apply(&mut spec)?;
    if era.cache_settings {
        props.apply_cache_settings(&mut spec, first)?;
    }
    // 1.0 then checked the definition as a Thrift CfDef, whose key alias
    // was `KEY` where the statement named none.
    let default_alias = b"KEY".as_slice();
    if era.create_checks_default_key_alias
        && spec.key_alias.is_none()
        && spec
            .column_metadata
            .iter()
            .flatten()
            .any(|c| c.name == default_alias)
    {
        return invalid("Invalid column name: KEY, because it equals the key_alias");
    }
    Ok(spec)
}

/// 1.2's `AlterTableStatement.getCFMetaData`, as `era` ran it (its type
/// words, `Era::alter_keeps_bloom_unset`, `Era::alter_name_failure_escapes`,
/// `Era::alter_kinds_unchecked`).
fn alter_spec(def: &crate::schema::CfDef, op: &AlterOp, era: Era) -> Result<CfSpec> {
    let first = era.grammar.first_type_words;
    let keep_bloom_unset = era.alter_keeps_bloom_unset;
    let mut spec = def.describe_v12();
    spec.counter_kinds_unchecked = era.alter_kinds_unchecked;
    let name_of = |column: &str| {
        def.comparator.from_string(column).map_err(|e| {
            if era.alter_name_failure_escapes {
                CqlError::Failed(e.0)
            } else {
                CqlError::Invalid(e.0)
            }
        })
    };
    let not_found = |column: &str| {
        invalid(format!(
            "Column '{column}' was not found in CF '{}'",
            def.name
        ))
    };
    let cols = spec.column_metadata.get_or_insert_with(Vec::new);
    match op {
        AlterOp::Add { column, validator } => {
            let name = name_of(column)?;
            if def.options.key_aliases.contains(&name) {
                let to = match era.alter_key_alias_words {
                    true => "key_alias",
                    false => "a key alias",
                };
                return invalid(format!(
                    "Invalid column name: {column}, because it equals to {to}."
                ));
            }
            cols.retain(|c| c.name != name);
            cols.push(ColumnSpec {
                name,
                validation_class: Some(resolve(validator, first)?.class_name()),
                ..ColumnSpec::default()
            });
        }
        AlterOp::Alter { column, validator } => {
            let name = name_of(column)?;
            let class = resolve(validator, first)?.class_name();
            if def.options.key_aliases.first() == Some(&name) && !era.alter_key_alias_no_column {
                spec.key_validation_class = Some(class);
            } else {
                let Some(col) = cols.iter_mut().find(|c| c.name == name) else {
                    return not_found(column);
                };
                col.validation_class = Some(class);
            }
        }
        AlterOp::Drop { column } => {
            let name = name_of(column)?;
            let before = cols.len();
            cols.retain(|c| c.name != name);
            if cols.len() == before {
                return not_found(column);
            }
        }
        AlterOp::With(list) => {
            let props = Props::parse(list, first)?;
            if props.get("comparator").is_some() {
                return invalid("Can't change CF comparator after creation");
            }
            if let Some(v) = props.get("default_validation") {
                if parse_type(type_class(v, first)).is_err() {
                    return invalid(format!("Invalid validation type {v}"));
                }
            }
            props.apply(&mut spec)?;
            // 1.2 set the chance to what the definition's getter answered
            // when the statement named none: its default until then unset
            // (`applyPropertiesToCFMetadata`), which describe then shows.
            if spec.bloom_filter_fp_chance.is_none() && !keep_bloom_unset {
                let leveled = def
                    .options
                    .compaction_strategy
                    .ends_with("LeveledCompactionStrategy");
                spec.bloom_filter_fp_chance = Some(if leveled { 0.1 } else { 0.01 });
            }
        }
    }
    Ok(spec)
}
