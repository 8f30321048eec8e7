//! A table as cqlsh 4.1.1 (Cassandra 2.0's) understood it from 2.0's
//! schema tables, and the CREATE statement it wrote for one: 2.0's
//! cqlshlib `CqlTableDef.from_layout` (every column in `schema_columns`
//! with its `type` — partition_key, clustering_key, regular, static,
//! compact_value — and `component_index`; partition key columns, then
//! clustering ones, each by index, then the rest by name; columns with an
//! empty name left out) and 4.1.1's `print_recreate_columnfamily` (the
//! partition key always in its own parentheses, `static`, the options the
//! era lists). Builds the same `Layout` 1.2's reading does, so COPY and
//! completion use either. Pure: no I/O, no session.

use crate::shell::cqlsh::layout::{index_statement, Column, Layout, Row, Val};
use crate::shell::cqlsh::lex::protect_name;
use crate::shell::cqlsh::types::parse;

/// `CqlTableDef.from_layout` of 2.0's cqlshlib.
pub fn from_rows(row: Row, cols: &[Row]) -> Layout {
    let t = |k: &str| row.get(k).and_then(Val::text).map(str::to_string);
    let comparator = parse(&t("comparator").unwrap_or_default());
    // (kind, index, column): 4.1.1 read `component_index` with `if idx:`,
    // so an index of 0 stayed None, which Python 2 sorted first.
    let mut defs: Vec<(String, i64, Column)> = cols
        .iter()
        .filter_map(|c| {
            let ct = |k: &str| c.get(k).and_then(Val::text).map(str::to_string);
            let name = ct("column_name").unwrap_or_default();
            if name.is_empty() {
                return None;
            }
            let kind = ct("type").unwrap_or_else(|| "regular".to_string());
            let index = match c.get("component_index") {
                Some(Val::Int(i)) if *i != 0 => *i,
                _ => -1,
            };
            let column = Column {
                name,
                ty: parse(&ct("validator").unwrap_or_default()),
                is_static: kind == "static",
                index_name: ct("index_name"),
                index_type: ct("index_type"),
                index_options: ct("index_options"),
            };
            Some((kind, index, column))
        })
        .collect();
    let mut take = |kind: &str| -> Vec<Column> {
        let mut picked: Vec<(i64, Column)> = Vec::new();
        let mut i = 0;
        while i < defs.len() {
            if defs[i].0 == kind {
                let (_, index, c) = defs.remove(i);
                picked.push((index, c));
            } else {
                i += 1;
            }
        }
        picked.sort_by_key(|(index, _)| *index);
        picked.into_iter().map(|(_, c)| c).collect()
    };
    let partition = take("partition_key");
    let clustering = take("clustering_key");
    let mut regular: Vec<Column> = defs.into_iter().map(|(_, _, c)| c).collect();
    regular.sort_by(|a, b| a.name.cmp(&b.name));
    let names = |cs: &[Column]| cs.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    // is_compact_storage
    let compact = if !comparator.is_composite() {
        true
    } else if comparator
        .params
        .iter()
        .any(|p| p.is("ColumnToCollectionType"))
    {
        false
    } else {
        !(clustering.len() + 1 == comparator.params.len()
            && comparator.params.last().is_some_and(|l| l.is("UTF8Type")))
    };
    let partition_key = names(&partition);
    let column_aliases = names(&clustering);
    let mut columns = partition;
    columns.extend(clustering);
    columns.extend(regular);
    Layout {
        keyspace: t("keyspace_name").unwrap_or_default(),
        name: t("columnfamily_name").unwrap_or_default(),
        row,
        comparator,
        partition_key,
        column_aliases,
        compact,
        columns,
    }
}

/// 4.1.1's `print_recreate_columnfamily`, writing `options` (the era's
/// `columnfamily_layout_options`).
pub fn create_statements(l: &Layout, options: &[(&str, &str)]) -> String {
    let cf = protect_name(&l.name);
    let mut out = format!("CREATE TABLE {cf} (\n");
    for col in &l.columns {
        out.push_str(&format!(
            "  {} {}{},\n",
            protect_name(&col.name),
            col.ty.unreversed().cql_with(true),
            if col.is_static { " static" } else { "" }
        ));
    }
    let quoted = |names: &[String]| names.iter().map(|n| protect_name(n)).collect::<Vec<_>>();
    // The partition key in its own parentheses, one column or more
    // (CASSANDRA-7274, in 2.0.9).
    let mut parts = vec![format!("({})", quoted(&l.partition_key).join(", "))];
    parts.extend(quoted(&l.column_aliases));
    out.push_str(&format!("  PRIMARY KEY ({})\n)", parts.join(", ")));
    l.push_with(&mut out, options);
    for col in l.columns.iter().filter(|c| c.index_name.is_some()) {
        out.push('\n');
        out.push_str(&index_statement(&cf, col));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shell::cqlsh::era::CQLSH_4_1_1;

    fn row(pairs: &[(&str, Val)]) -> Row {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    fn col(name: &str, class: &str, kind: &str, index: Option<i64>) -> Row {
        let m = "org.apache.cassandra.db.marshal.";
        let mut r = row(&[
            ("column_name", Val::Text(name.into())),
            ("validator", Val::Text(format!("{m}{class}"))),
            ("type", Val::Text(kind.into())),
        ]);
        if let Some(i) = index {
            r.insert("component_index".into(), Val::Int(i));
        }
        r
    }

    #[test]
    fn a_2_0_table_with_a_composite_partition_key() {
        let m = "org.apache.cassandra.db.marshal.";
        let t = |s: &str| Val::Text(s.to_string());
        let cf = row(&[
            ("columnfamily_name", t("tagged")),
            (
                "comparator",
                t(&format!(
                    "{m}CompositeType({m}ReversedType({m}TimestampType),{m}UTF8Type)"
                )),
            ),
            ("bloom_filter_fp_chance", Val::Double(0.01)),
            ("index_interval", Val::Int(128)),
            ("speculative_retry", t("99.0PERCENTILE")),
            (
                "compaction_strategy_class",
                t("org.apache.cassandra.db.compaction.SizeTieredCompactionStrategy"),
            ),
            ("compaction_strategy_options", t("{}")),
            ("compression_parameters", t("{}")),
        ]);
        let cols = [
            col(
                "posted",
                "ReversedType(org.apache.cassandra.db.marshal.TimestampType)",
                "clustering_key",
                None,
            ),
            col("author", "UTF8Type", "partition_key", Some(1)),
            col("tag", "UTF8Type", "partition_key", None),
            col("body", "UTF8Type", "regular", Some(1)),
            col("at", "Int32Type", "static", None),
        ];
        let l = from_rows(cf, &cols);
        assert!(!l.compact);
        assert_eq!(
            create_statements(&l, CQLSH_4_1_1.table_options),
            "CREATE TABLE tagged (\n  tag text,\n  author text,\n  posted timestamp,\n  at int static,\n  body text,\n  PRIMARY KEY ((tag, author), posted)\n) WITH CLUSTERING ORDER BY (posted DESC) AND\n  bloom_filter_fp_chance=0.010000 AND\n  index_interval=128 AND\n  speculative_retry='99.0PERCENTILE' AND\n  compaction={'class': 'SizeTieredCompactionStrategy'} AND\n  compression={};\n"
        );
    }
}
