//! One row per API 19.x method of `idl/cassandra.thrift` but the CQL ones
//! (`cql_rows`), `login` and `set_keyspace` (every cell's setup calls
//! them and checks what they answer).

use super::world::{cf, keyspace_exists, ks_def, row, World};
use super::{outcome, Policy, Row, TARGET};
use crate::support::wire::Client19;
use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra19::{self as t, TCassandraSyncClient};

fn r(
    name: impl Into<String>,
    policy: Policy,
    run: impl Fn(&mut Client19) -> super::Outcome + 'static,
) -> Row<Client19> {
    Row::new(name, policy, run)
}

const CL: t::ConsistencyLevel = t::ConsistencyLevel::ONE;

fn parent(cf: &str) -> t::ColumnParent {
    t::ColumnParent::new(cf.to_string(), None)
}

fn path(cf: &str) -> t::ColumnPath {
    t::ColumnPath::new(cf.to_string(), None, b"c".to_vec())
}

fn all() -> t::SlicePredicate {
    t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], false, 100))
}

fn keys() -> t::KeyRange {
    t::KeyRange::new(Vec::new(), Vec::new(), None, None, 100, None)
}

fn column(value: &str) -> t::Column {
    t::Column::new(
        b"c".to_vec(),
        value.as_bytes().to_vec(),
        supercolumn_ts(),
        None,
    )
}

fn supercolumn_ts() -> i64 {
    crate::support::wire::timestamp()
}

fn key(k: &str) -> Vec<u8> {
    k.as_bytes().to_vec()
}

fn insert_map(k: &str) -> BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>> {
    let cosc = t::ColumnOrSuperColumn::new(column("x"), None, None, None);
    BTreeMap::from([(
        key(k),
        BTreeMap::from([("U".to_string(), vec![t::Mutation::new(cosc, None)])]),
    )])
}

pub fn rows(world: &mut World) -> Vec<Row<Client19>> {
    let open = Policy::Open {
        needs_keyspace: false,
    };
    let guarded = Policy::Guarded;
    let mut added = cf(&mut world.admin, TARGET, "Trunc").unwrap();
    added.name = "Added1".into();
    added.id = None;
    let mut updated = cf(&mut world.admin, TARGET, "Upd").unwrap();
    updated.comment = Some("changed".into());
    let mut durable_off = ks_def("doomed2");
    durable_off.durable_writes = Some(false);
    let absent =
        |cf: &'static str, k: &'static str| move |a: &mut Client19| row(a, cf, k).is_empty();
    let present =
        |cf: &'static str, k: &'static str| move |a: &mut Client19| !row(a, cf, k).is_empty();
    vec![
        r("get", guarded, |c| {
            outcome(c.get(key("secret"), path("U"), CL))
        }),
        r("get_slice", guarded, |c| {
            outcome(c.get_slice(key("secret"), parent("U"), all(), CL))
        }),
        r("get_count", guarded, |c| {
            outcome(c.get_count(key("secret"), parent("U"), all(), CL))
        }),
        r("multiget_slice", guarded, |c| {
            outcome(c.multiget_slice(vec![key("secret")], parent("U"), all(), CL))
        }),
        r("multiget_count", guarded, |c| {
            outcome(c.multiget_count(vec![key("secret")], parent("U"), all(), CL))
        }),
        r("get_range_slices", guarded, |c| {
            outcome(c.get_range_slices(parent("U"), all(), keys(), CL))
        }),
        r("get_paged_slice", guarded, |c| {
            outcome(c.get_paged_slice("U".into(), keys(), Vec::new(), CL))
        }),
        r("get_indexed_slices", guarded, |c| {
            let eq = t::IndexExpression::new(b"c".to_vec(), t::IndexOperator::EQ, b"v".to_vec());
            let clause = t::IndexClause::new(vec![eq], Vec::new(), 100);
            outcome(c.get_indexed_slices(parent("U"), clause, all(), CL))
        }),
        r("get_multi_slice", guarded, |c| {
            // With its slice list: a request without one fails on the server.
            let every = vec![t::ColumnSlice::new(Vec::new(), Vec::new())];
            let req = t::MultiSliceRequest::new(key("secret"), parent("U"), every, None, None, CL);
            outcome(c.get_multi_slice(req))
        }),
        r("insert", guarded, |c| {
            outcome(c.insert(key("w_insert"), parent("U"), column("x"), CL))
        })
        .untouched(absent("U", "w_insert")),
        r("add", guarded, |c| {
            let one = t::CounterColumn::new(b"n".to_vec(), 1);
            outcome(c.add(key("w_add"), parent("Hits"), one, CL))
        })
        .untouched(absent("Hits", "w_add")),
        r("cas", guarded, |c| {
            let serial = t::ConsistencyLevel::SERIAL;
            outcome(c.cas(
                key("w_cas"),
                "U".into(),
                vec![],
                vec![column("x")],
                serial,
                CL,
            ))
        })
        .untouched(absent("U", "w_cas")),
        r("remove", guarded, |c| {
            outcome(c.remove(key("victim_rm"), path("U"), supercolumn_ts(), CL))
        })
        .untouched(present("U", "victim_rm")),
        r("remove_counter", guarded, |c| {
            let p = t::ColumnPath::new("Hits".to_string(), None, b"n".to_vec());
            outcome(c.remove_counter(key("victim_rc"), p, CL))
        })
        .untouched(present("Hits", "victim_rc")),
        r("batch_mutate", guarded, |c| {
            outcome(c.batch_mutate(insert_map("w_batch"), CL))
        })
        .untouched(absent("U", "w_batch")),
        r("atomic_batch_mutate", guarded, |c| {
            outcome(c.atomic_batch_mutate(insert_map("w_abatch"), CL))
        })
        .untouched(absent("U", "w_abatch")),
        r("truncate", guarded, |c| outcome(c.truncate("Trunc".into())))
            .untouched(present("Trunc", "k")),
        r("describe_schema_versions", open, |c| {
            outcome(c.describe_schema_versions())
        }),
        r("describe_keyspaces", Policy::LoginOnly, |c| {
            outcome(c.describe_keyspaces())
        }),
        r("describe_cluster_name", open, |c| {
            outcome(c.describe_cluster_name())
        }),
        r("describe_version", open, |c| outcome(c.describe_version())),
        r("describe_ring", open, |c| {
            outcome(c.describe_ring(TARGET.into()))
        }),
        r("describe_local_ring", open, |c| {
            outcome(c.describe_local_ring(TARGET.into()))
        }),
        r("describe_token_map", open, |c| {
            outcome(c.describe_token_map())
        }),
        r("describe_partitioner", open, |c| {
            outcome(c.describe_partitioner())
        }),
        r("describe_snitch", open, |c| outcome(c.describe_snitch())),
        r("describe_keyspace", Policy::LoginOnly, |c| {
            outcome(c.describe_keyspace(TARGET.into()))
        }),
        r(
            "describe_splits",
            Policy::Open {
                needs_keyspace: true,
            },
            |c| outcome(c.describe_splits("U".into(), "0".into(), "0".into(), 10)),
        ),
        r("trace_next_query", open, |c| outcome(c.trace_next_query())),
        r(
            "describe_splits_ex",
            Policy::Open {
                needs_keyspace: true,
            },
            |c| outcome(c.describe_splits_ex("U".into(), "0".into(), "0".into(), 10)),
        ),
        r("system_add_column_family", guarded, move |c| {
            outcome(c.system_add_column_family(added.clone()))
        })
        .untouched(|a| cf(a, TARGET, "Added1").is_none()),
        r("system_drop_column_family", guarded, |c| {
            outcome(c.system_drop_column_family("Drop1".into()))
        })
        .untouched(|a| cf(a, TARGET, "Drop1").is_some()),
        r("system_add_keyspace", guarded, |c| {
            outcome(c.system_add_keyspace(ks_def("fresh1")))
        })
        .untouched(|a| !keyspace_exists(a, "fresh1")),
        r("system_drop_keyspace", guarded, |c| {
            outcome(c.system_drop_keyspace("doomed1".into()))
        })
        .untouched(|a| keyspace_exists(a, "doomed1")),
        r("system_update_keyspace", guarded, move |c| {
            outcome(c.system_update_keyspace(durable_off.clone()))
        })
        .untouched(|a| {
            a.describe_keyspace("doomed2".into())
                .unwrap()
                .durable_writes
                != Some(false)
        }),
        r("system_update_column_family", guarded, move |c| {
            outcome(c.system_update_column_family(updated.clone()))
        })
        .untouched(|a| cf(a, TARGET, "Upd").unwrap().comment.as_deref() != Some("changed")),
        r("set_cql_version", open, |c| {
            outcome(c.set_cql_version("2.0.0".into()))
        }),
    ]
}
