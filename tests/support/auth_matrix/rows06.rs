//! One row per API 2.2.0 (Cassandra 0.6) method of
//! `idl/cassandra-0.6.thrift` but `login` (every cell's setup calls it and
//! checks what it answers). 0.6 answered the meta calls without a login.

use super::world::row;
use super::{outcome, Policy, Row, TARGET};
use crate::support::wire::{timestamp, Client};
use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06::{self as t, TCassandraSyncClient};

fn r(
    name: impl Into<String>,
    policy: Policy,
    run: impl Fn(&mut Client) -> super::Outcome + 'static,
) -> Row<Client> {
    Row::new(name, policy, run)
}

const CL: t::ConsistencyLevel = t::ConsistencyLevel::ONE;

fn ks() -> String {
    TARGET.to_string()
}

fn parent() -> t::ColumnParent {
    t::ColumnParent::new("U".to_string(), None)
}

fn path() -> t::ColumnPath {
    t::ColumnPath::new("U".to_string(), None, b"c".to_vec())
}

fn all() -> t::SlicePredicate {
    t::SlicePredicate::new(None, t::SliceRange::new(vec![], vec![], false, 100))
}

fn cosc() -> t::ColumnOrSuperColumn {
    let column = t::Column::new(b"c".to_vec(), b"x".to_vec(), timestamp());
    t::ColumnOrSuperColumn::new(column, None)
}

pub fn rows() -> Vec<Row<Client>> {
    let open = Policy::Open {
        needs_keyspace: false,
    };
    let g = Policy::Guarded;
    vec![
        r("get", g, |c| {
            outcome(c.get(ks(), "secret".into(), path(), CL))
        }),
        r("get_slice", g, |c| {
            outcome(c.get_slice(ks(), "secret".into(), parent(), all(), CL))
        }),
        r("multiget", g, |c| {
            outcome(c.multiget(ks(), vec!["secret".into()], path(), CL))
        }),
        r("multiget_slice", g, |c| {
            outcome(c.multiget_slice(ks(), vec!["secret".into()], parent(), all(), CL))
        }),
        r("get_count", g, |c| {
            outcome(c.get_count(ks(), "secret".into(), parent(), CL))
        }),
        r("get_range_slice", g, |c| {
            outcome(c.get_range_slice(ks(), parent(), all(), String::new(), String::new(), 100, CL))
        }),
        r("get_range_slices", g, |c| {
            let range = t::KeyRange::new(String::new(), String::new(), None, None, 100);
            outcome(c.get_range_slices(ks(), parent(), all(), range, CL))
        }),
        r("insert", g, |c| {
            let path = path();
            outcome(c.insert(
                ks(),
                "w06_insert".into(),
                path,
                b"x".to_vec(),
                timestamp(),
                CL,
            ))
        })
        .untouched(|a| row(a, "U", "w06_insert").is_empty()),
        r("batch_insert", g, |c| {
            let cfmap = BTreeMap::from([("U".to_string(), vec![cosc()])]);
            outcome(c.batch_insert(ks(), "w06_binsert".into(), cfmap, CL))
        })
        .untouched(|a| row(a, "U", "w06_binsert").is_empty()),
        r("remove", g, |c| {
            outcome(c.remove(ks(), "victim06".into(), path(), timestamp(), CL))
        })
        .untouched(|a| !row(a, "U", "victim06").is_empty()),
        r("batch_mutate", g, |c| {
            let m = t::Mutation::new(cosc(), None);
            let map = BTreeMap::from([(
                "w06_bm".to_string(),
                BTreeMap::from([("U".to_string(), vec![m])]),
            )]);
            outcome(c.batch_mutate(ks(), map, CL))
        })
        .untouched(|a| row(a, "U", "w06_bm").is_empty()),
        r("get_string_property", open, |c| {
            outcome(c.get_string_property("version".into()))
        }),
        r("get_string_list_property", open, |c| {
            outcome(c.get_string_list_property("keyspaces".into()))
        }),
        r("describe_keyspaces", open, |c| {
            outcome(c.describe_keyspaces())
        }),
        r("describe_cluster_name", open, |c| {
            outcome(c.describe_cluster_name())
        }),
        r("describe_version", open, |c| outcome(c.describe_version())),
        r("describe_ring", open, |c| outcome(c.describe_ring(ks()))),
        r("describe_partitioner", open, |c| {
            outcome(c.describe_partitioner())
        }),
        r("describe_keyspace", open, |c| {
            outcome(c.describe_keyspace(ks()))
        }),
        r("describe_splits", open, |c| {
            outcome(c.describe_splits("0".into(), "0".into(), 10))
        }),
    ]
}
