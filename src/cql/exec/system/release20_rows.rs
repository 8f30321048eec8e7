//! The values 2.0-2.2 wrote into their `system.schema_columnfamilies` row
//! of a column family (2.0-2.1: `CFMetaData.toSchemaNoColumnsNoTriggers`;
//! 2.2: `LegacySchemaTables.addTableToSchemaMutation`), beyond the ones
//! 1.2 wrote: its id, density, flush period, TTL, speculative retry, index
//! intervals, and caching as 2.1 printed it. The column lists are
//! `system20`'s; this owns the values only and must not encode cells.

use crate::cql::exec::tables::table_of;
use crate::cql::table::Layout;
use crate::schema::legacy3x::legacy_table_id;
use crate::schema::speculative::shown_2_0;
use crate::schema::{Caching, CfDef};

/// A column's name and its serialized value (`None` is null), as
/// `tables` lays its rows out (it takes these; this must not take
/// anything of it).
type Value = (&'static str, Option<Vec<u8>>);

/// The release's own values of `cf`'s row for `(major, minor)` 2.0-2.2,
/// which replace or join 1.2's (a column the release's table lacks is
/// never read).
pub fn values(cf: &CfDef, system: bool, release: (u32, u32)) -> Vec<Value> {
    let o = &cf.options;
    let of_2_1 = release >= (2, 1);
    let dense = table_of(cf).is_ok_and(|t| t.layout == Layout::CompactDense);
    let retry =
        o.speculative_retry
            .as_deref()
            .unwrap_or(if system { "99.0PERCENTILE" } else { "NONE" });
    let min_interval = o.min_index_interval.or(o.index_interval).unwrap_or(128);
    let mut row = vec![
        (
            "cf_id",
            of_2_1.then(|| legacy_table_id(&cf.keyspace, &cf.name).to_vec()),
        ),
        ("is_dense", Some(vec![u8::from(dense)])),
        (
            "memtable_flush_period_in_ms",
            int(o
                .memtable_flush_period_in_ms
                .unwrap_or(if system { 3_600_000 } else { 0 })),
        ),
        (
            "default_time_to_live",
            int(o.default_time_to_live.unwrap_or(0)),
        ),
        ("speculative_retry", Some(shown_2_0(retry).into_bytes())),
        (
            "index_interval",
            (!of_2_1)
                .then(|| int(o.index_interval.unwrap_or(128)))
                .flatten(),
        ),
        (
            "min_index_interval",
            of_2_1.then(|| int(min_interval)).flatten(),
        ),
        (
            "max_index_interval",
            of_2_1
                .then(|| int(o.max_index_interval.unwrap_or(min_interval.max(2048))))
                .flatten(),
        ),
        ("dropped_columns", None),
    ];
    if of_2_1 {
        row.push((
            "caching",
            Some(caching_2_1(o.caching, o.cells_per_row_to_cache.as_deref()).into_bytes()),
        ));
    }
    if release < (2, 2) && !system && !cf.is_super() {
        row.extend(default_aliases(cf));
    }
    if release >= (2, 2) {
        // LegacySchemaTables wrote the chance the table used, its
        // strategy's default where none was set.
        let chance = o.effective_bloom_filter_fp_chance();
        row.push((
            "bloom_filter_fp_chance",
            Some(chance.to_be_bytes().to_vec()),
        ));
    }
    row
}

/// The aliases 2.0 and 2.1 wrote for a column family Thrift made, which
/// declared none: `CFMetaData.rebuild` had named its key, clustering and
/// compact value columns by default (`key`, `column1`, `value`), and
/// `toSchemaNoColumnsNoTriggers` wrote those names (1.2 and 2.2 wrote the
/// declared aliases only).
fn default_aliases(cf: &CfDef) -> Vec<Value> {
    let o = &cf.options;
    let Ok(t) = table_of(cf) else {
        return Vec::new();
    };
    let dense = t.layout == Layout::CompactDense;
    let list = |names: Vec<&str>| {
        Some(crate::cql::schema::json_string_list(names.into_iter()).into_bytes())
    };
    let mut out = Vec::new();
    if o.key_aliases.is_empty() {
        let names = t.partition_key.iter().map(|c| c.name.as_str()).collect();
        out.push(("key_aliases", list(names)));
    }
    if dense && o.column_aliases.is_empty() {
        let names = t
            .clustering
            .iter()
            .map(|c| c.column.name.as_str())
            .collect();
        out.push(("column_aliases", list(names)));
    }
    if dense && o.value_alias.is_none() {
        if let Some(v) = t.regular.first() {
            out.push(("value_alias", Some(v.column.name.clone().into_bytes())));
        }
    }
    out
}

fn int(v: i32) -> Option<Vec<u8>> {
    Some(v.to_be_bytes().to_vec())
}

/// 2.1's `CachingOptions.toString()` of the caching a CfDef made
/// (`fromThrift`: a row cache keeps `cells_per_row_to_cache` rows, the
/// IDL's `100` where unsent).
fn caching_2_1(caching: Caching, cells: Option<&str>) -> String {
    let keys = matches!(caching, Caching::All | Caching::KeysOnly);
    let rows = match caching {
        Caching::All | Caching::RowsOnly => {
            let cells = cells.unwrap_or("100");
            if cells.eq_ignore_ascii_case("all") {
                "ALL".to_string()
            } else if cells.eq_ignore_ascii_case("none") {
                "NONE".to_string()
            } else {
                cells
                    .parse::<i32>()
                    .map_or_else(|_| cells.to_string(), |n| n.to_string())
            }
        }
        _ => "NONE".to_string(),
    };
    let keys = if keys { "ALL" } else { "NONE" };
    format!("{{\"keys\":\"{keys}\", \"rows_per_partition\":\"{rows}\"}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caching_as_2_1_printed_it() {
        assert_eq!(
            caching_2_1(Caching::RowsOnly, None),
            r#"{"keys":"NONE", "rows_per_partition":"100"}"#
        );
        assert_eq!(
            caching_2_1(Caching::KeysOnly, Some("all")),
            r#"{"keys":"ALL", "rows_per_partition":"NONE"}"#
        );
        assert_eq!(
            caching_2_1(Caching::All, Some("all")),
            r#"{"keys":"ALL", "rows_per_partition":"ALL"}"#
        );
    }
}
