//! A reply's struct fields as the release's IDL declared them: a field the
//! release lacked (`Release::has_field`, from `crate::release`'s field
//! table) is left out of what the node answers, so a client of that
//! release reads exactly the fields it knew. Only the structs a 19.x reply
//! carries schema in are shaped here; values are the callers' business.

use crate::release::Release;
use crate::thrift::gen::cassandra19 as t;

/// Clears each listed optional field of `$value` that the release's
/// `$structure` did not declare.
macro_rules! leave_out {
    ($release:expr, $value:expr, $structure:literal, [$($field:ident),* $(,)?]) => {
        $(
            if !$release.has_field($structure, stringify!($field)) {
                $value.$field = None;
            }
        )*
    };
}

/// A KsDef, its CfDefs and their ColumnDefs with the release's fields only.
pub fn keyspace(release: &Release, ks: &mut t::KsDef) {
    leave_out!(release, ks, "KsDef", [durable_writes]);
    for cf in &mut ks.cf_defs {
        column_family(release, cf);
    }
}

fn column_family(release: &Release, cf: &mut t::CfDef) {
    leave_out!(
        release,
        cf,
        "CfDef",
        [
            memtable_flush_after_mins,
            memtable_throughput_in_mb,
            memtable_operations_in_millions,
            replicate_on_write,
            merge_shards_chance,
            key_validation_class,
            row_cache_provider,
            key_alias,
            compaction_strategy,
            compaction_strategy_options,
            row_cache_keys_to_save,
            compression_options,
            bloom_filter_fp_chance,
            caching,
            column_aliases,
            value_alias,
            dclocal_read_repair_chance,
            populate_io_cache_on_flush,
            memtable_flush_period_in_ms,
            default_time_to_live,
            index_interval,
            speculative_retry,
            triggers,
            cells_per_row_to_cache,
            min_index_interval,
            max_index_interval,
        ]
    );
    for column in cf.column_metadata.iter_mut().flatten() {
        leave_out!(release, column, "ColumnDef", [index_options]);
    }
}

/// `describe_ring`'s ranges with the release's TokenRange fields.
pub fn ring(release: &Release, ranges: &mut [t::TokenRange]) {
    for range in ranges {
        leave_out!(
            release,
            range,
            "TokenRange",
            [rpc_endpoints, endpoint_details]
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn release(version: &str) -> &'static Release {
        Release::find(version).unwrap()
    }

    #[test]
    fn fields_a_release_lacked_are_left_out() {
        let mut cf = crate::thrift::api19::defs::cf_def(&crate::schema::CfSpec::new("ks", "cf"));
        cf.key_alias = Some(b"KEY".to_vec());
        cf.memtable_throughput_in_mb = Some(64);
        cf.caching = Some("KEYS_ONLY".into());
        let mut ks = t::KsDef::new(
            "ks".to_string(),
            "SimpleStrategy".to_string(),
            None::<std::collections::BTreeMap<String, String>>,
            Some(1),
            vec![cf],
            Some(true),
        );
        let mut old = ks.clone();
        keyspace(release("0.7.10"), &mut old);
        let cf = &old.cf_defs[0];
        assert_eq!((old.durable_writes, cf.key_alias.as_ref()), (None, None));
        assert_eq!(cf.memtable_throughput_in_mb, Some(64));
        // 1.0 dropped the memtable thresholds, 1.1 declared them again.
        let mut mid = ks.clone();
        keyspace(release("1.0.12"), &mut mid);
        assert_eq!(mid.cf_defs[0].memtable_throughput_in_mb, None);
        assert_eq!(mid.cf_defs[0].caching, None);
        keyspace(release("1.1.12"), &mut ks);
        assert_eq!(ks.cf_defs[0].memtable_throughput_in_mb, Some(64));
        assert_eq!(ks.cf_defs[0].caching.as_deref(), Some("KEYS_ONLY"));
    }

    #[test]
    fn rings_before_one_zero_name_only_endpoints() {
        let full = t::TokenRange::new(
            "0".to_string(),
            "1".to_string(),
            vec!["127.0.0.1".to_string()],
            vec!["127.0.0.1".to_string()],
            Vec::<t::EndpointDetails>::new(),
        );
        let mut ranges = [full.clone(), full];
        ring(release("0.7.10"), &mut ranges[..1]);
        ring(release("0.8.10"), &mut ranges[1..]);
        assert_eq!(
            (&ranges[0].rpc_endpoints, &ranges[0].endpoint_details),
            (&None, &None)
        );
        assert!(ranges[1].rpc_endpoints.is_some() && ranges[1].endpoint_details.is_none());
    }
}
