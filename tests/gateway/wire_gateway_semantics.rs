//! The gateway's semantics beyond one row's reads and writes, over the
//! wire (a backend supercolumn serving native, a gateway in front of it):
//! a `batch_mutate` of many rows (one batch per row, rows concurrently),
//! a range's rows (a batch of keys, their rows concurrently), the ring and
//! splits the cluster describes, the 0.6 API's consistency levels, and the
//! backend's `IN (?, ...)` markers.

use crate::support::wire;

use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06 as t06;
use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnOrSuperColumn, ColumnParent, Compression, ConsistencyLevel as CL, CqlResult,
    Deletion, KeyRange, Mutation, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use t06::TCassandraSyncClient as _;
use wire::{conformance_config, connect, connect19, gateway, ire19, timestamp, Client19, Server};

fn pair(config: &str) -> (Server, Server) {
    let conf = conformance_config(config);
    let b = gateway::native_backend(&conf);
    let g = gateway::gateway(&conf, &b, "");
    (b, g)
}

fn client(s: &Server, ks: &str) -> Client19 {
    let mut c = connect19(s.port);
    c.set_keyspace(ks.into()).unwrap();
    c
}

fn everything() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 1000))
}

fn put(name: &str, value: &str, ts: i64) -> Mutation {
    Mutation::new(
        ColumnOrSuperColumn::new(
            Column::new(
                name.as_bytes().to_vec(),
                value.as_bytes().to_vec(),
                ts,
                None,
            ),
            None,
            None,
            None,
        ),
        None,
    )
}

/// Every row of `cf` as `key: name=value,...`, in the partitioner's order.
fn rows(c: &mut Client19, cf: &str) -> Vec<String> {
    c.get_range_slices(
        ColumnParent::new(cf.to_string(), None),
        everything(),
        KeyRange::new(Vec::new(), Vec::new(), None, None, 10_000, None),
        CL::ONE,
    )
    .unwrap()
    .into_iter()
    .filter(|ks| !ks.columns.is_empty())
    .map(|ks| {
        let cols: Vec<String> = ks
            .columns
            .iter()
            .map(|c| {
                let c = c.column.as_ref().unwrap();
                format!(
                    "{}={}",
                    String::from_utf8_lossy(&c.name),
                    String::from_utf8_lossy(c.value.as_deref().unwrap())
                )
            })
            .collect();
        format!("{}: {}", String::from_utf8_lossy(&ks.key), cols.join(","))
    })
    .collect()
}

#[test]
fn a_batch_mutate_of_many_rows_lands_whole_and_refuses_whole() {
    let (backend, gateway) = pair("storage-conf-v19.xml");
    let mut g = client(&gateway, "CT");
    let cf = "StdUTF8";
    let t = timestamp();
    // 120 rows (more than the rows sent at once), 6 columns each, and in
    // one row a deletion beside later writes.
    let mut map = BTreeMap::new();
    for r in 0..120 {
        let mut ops: Vec<Mutation> = (0..6)
            .map(|c| put(&format!("c{c}"), &format!("r{r}c{c}"), t))
            .collect();
        if r == 7 {
            ops.push(Mutation::new(
                None,
                Deletion::new(
                    t + 1,
                    None,
                    SlicePredicate::new(vec![b"c0".to_vec(), b"c1".to_vec()], None),
                ),
            ));
            ops.push(put("c1", "again", t + 2));
        }
        map.insert(
            format!("row{r:03}").into_bytes(),
            BTreeMap::from([(cf.to_string(), ops)]),
        );
    }
    g.batch_mutate(map, CL::QUORUM).unwrap();
    let mut b = client(&backend, "CT");
    let seen = rows(&mut b, cf);
    assert_eq!(seen.len(), 120);
    assert_eq!(
        seen,
        rows(&mut g, cf),
        "the gateway reads what the backend holds"
    );
    assert!(
        seen.contains(&"row007: c1=again,c2=r7c2,c3=r7c3,c4=r7c4,c5=r7c5".to_string()),
        "{:?}",
        seen.iter().find(|r| r.starts_with("row007"))
    );
    assert!(seen.contains(
        &"row119: c0=r119c0,c1=r119c1,c2=r119c2,c3=r119c3,c4=r119c4,c5=r119c5".to_string()
    ));

    // A batch naming an unknown CF in its last row writes none of its rows.
    let mut bad = BTreeMap::new();
    bad.insert(
        b"fresh".to_vec(),
        BTreeMap::from([(cf.to_string(), vec![put("a", "1", t)])]),
    );
    bad.insert(
        b"fresh2".to_vec(),
        BTreeMap::from([("NoSuchCF".to_string(), vec![put("a", "1", t)])]),
    );
    let why = ire19(g.batch_mutate(bad, CL::ONE));
    assert!(why.contains("NoSuchCF"), "{why}");
    assert_eq!(rows(&mut b, cf).len(), 120);
}

#[test]
fn the_ring_token_map_partitioner_and_splits_are_the_clusters() {
    let (backend, gateway) = pair("storage-conf-v19.xml");
    let mut g = client(&gateway, "CT");
    let mut b = client(&backend, "CT");
    // One backend node: its own description is the cluster's.
    assert_eq!(
        g.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    let map = g.describe_token_map().unwrap();
    assert_eq!(map, b.describe_token_map().unwrap());
    let ring = g.describe_ring("CT".into()).unwrap();
    assert_eq!(ring.len(), 1);
    let token = map.keys().next().unwrap().clone();
    assert_eq!(ring[0].start_token, token);
    assert_eq!(ring[0].end_token, token);
    assert_eq!(ring[0].endpoints, ["127.0.0.1"]);
    assert_eq!(
        ring[0].rpc_endpoints.as_deref(),
        Some(&["127.0.0.1".to_string()][..])
    );
    let details = ring[0].endpoint_details.as_ref().unwrap();
    assert_eq!(details[0].datacenter.as_deref(), Some("datacenter1"));
    assert!(ire19(g.describe_ring("NoSuchKeyspace".into())).contains("NoSuchKeyspace"));

    // Splits of a table with 250 keys, 100 keys a split: the backend keeps
    // no size estimates, so the keys are walked: 100, 100, 50.
    let cf = "StdBytes";
    let ts = timestamp();
    let mut map = BTreeMap::new();
    for k in 0..250 {
        map.insert(
            format!("k{k}").into_bytes(),
            BTreeMap::from([(cf.to_string(), vec![put("c", "v", ts)])]),
        );
    }
    g.batch_mutate(map, CL::ONE).unwrap();
    let min = i64::MIN.to_string();
    let splits = g
        .describe_splits_ex(cf.into(), min.clone(), min.clone(), 100)
        .unwrap();
    let counts: Vec<i64> = splits.iter().map(|s| s.row_count).collect();
    assert_eq!(counts, [100, 100, 50], "{splits:?}");
    assert_eq!(splits[0].start_token, min);
    assert_eq!(splits[2].end_token, min);
    for pair in splits.windows(2) {
        assert_eq!(pair[0].end_token, pair[1].start_token);
    }
    let tokens = g
        .describe_splits(cf.into(), min.clone(), min.clone(), 100)
        .unwrap();
    assert_eq!(tokens.len(), 4);
}

#[test]
fn the_0_6_api_levels_reach_the_cluster_as_0_6_treated_them() {
    let (backend, gateway) = pair("storage-conf.xml");
    // Unframed: the 0.6 API's connection.
    let mut g = connect(gateway.port, false);
    let ks = "CT".to_string();
    let ts = timestamp();
    let cp = |c: &str| t06::ColumnPath::new("StdBytes".to_string(), None, c.as_bytes().to_vec());
    // Every write level 0.6 defined is taken (ZERO at ANY, DCQUORUM on a
    // rack-unaware keyspace at ALL: one replica here either way).
    for (i, cl) in [
        t06::ConsistencyLevel::ZERO,
        t06::ConsistencyLevel::ONE,
        t06::ConsistencyLevel::QUORUM,
        t06::ConsistencyLevel::DCQUORUM,
        t06::ConsistencyLevel::DCQUORUMSYNC,
        t06::ConsistencyLevel::ALL,
        t06::ConsistencyLevel::ANY,
    ]
    .into_iter()
    .enumerate()
    {
        g.insert(
            ks.clone(),
            "lv".into(),
            cp(&format!("c{i}")),
            b"v".to_vec(),
            ts,
            cl,
        )
        .unwrap_or_else(|e| panic!("{cl:?}: {e:?}"));
    }
    let parent = t06::ColumnParent::new("StdBytes".to_string(), None);
    let all = t06::SlicePredicate::new(
        None,
        t06::SliceRange::new(Vec::new(), Vec::new(), false, 100),
    );
    for cl in [
        t06::ConsistencyLevel::ONE,
        t06::ConsistencyLevel::QUORUM,
        t06::ConsistencyLevel::DCQUORUM,
        t06::ConsistencyLevel::ALL,
    ] {
        let got = g
            .get_slice(ks.clone(), "lv".into(), parent.clone(), all.clone(), cl)
            .unwrap();
        assert_eq!(got.len(), 7, "{cl:?}");
    }
    // Reads refuse ZERO and ANY in 0.6's words; a range scan takes ANY.
    let why = wire::ire(g.get_slice(
        ks.clone(),
        "lv".into(),
        parent.clone(),
        all.clone(),
        t06::ConsistencyLevel::ANY,
    ));
    assert_eq!(
        why,
        "Consistency level any may not be applied to read operations"
    );
    let scanned = g
        .get_range_slices(
            ks.clone(),
            parent,
            all,
            t06::KeyRange::new("lv".to_string(), "lv".to_string(), None, None, 10),
            t06::ConsistencyLevel::ANY,
        )
        .unwrap();
    assert_eq!(scanned.len(), 1);
    drop(backend);
}

#[test]
fn in_markers_are_bound_one_value_each_as_1_2_took_them() {
    let b = gateway::native_backend(&conformance_config("storage-conf-v19.xml"));
    let mut c = client(&b, "CT");
    let ts = timestamp();
    for k in ["a", "b", "c"] {
        c.insert(
            k.as_bytes().to_vec(),
            ColumnParent::new("StdUTF8".to_string(), None),
            Column::new(b"n".to_vec(), k.as_bytes().to_vec(), ts, None),
            CL::ONE,
        )
        .unwrap();
    }
    let prepared = c
        .prepare_cql3_query(
            b"SELECT key, value FROM \"StdUTF8\" WHERE key IN (?, ?)".to_vec(),
            Compression::NONE,
        )
        .unwrap();
    assert_eq!(prepared.count, 2);
    let r: CqlResult = c
        .execute_prepared_cql3_query(
            prepared.item_id,
            vec![b"a".to_vec(), b"c".to_vec()],
            CL::ONE,
        )
        .unwrap();
    let mut values: Vec<String> = r
        .rows
        .unwrap()
        .iter()
        .map(|row| String::from_utf8_lossy(row.columns[1].value.as_deref().unwrap()).into_owned())
        .collect();
    values.sort();
    assert_eq!(values, ["a", "c"]);
}

/// The gateway reads a range's rows a batch at a time, concurrently: what
/// it answers is still the backend's own answer, row for row and column
/// for column, in order, whatever the range's count, the predicate's
/// column limit, direction or names, a page's start key or a token range
/// (one that wraps around the ring included).
#[test]
fn a_range_of_many_rows_is_the_backends_row_for_row() {
    let (backend, gateway) = pair("storage-conf-v19.xml");
    let mut g = client(&gateway, "CT");
    let mut b = client(&backend, "CT");
    let cf = "StdUTF8";
    let t = timestamp();
    // 250 rows: more than a batch of keys and than the reads in flight.
    let mut map = BTreeMap::new();
    for r in 0..250 {
        let ops: Vec<Mutation> = (0..(3 + r % 5))
            .map(|c| put(&format!("c{c}"), &format!("r{r}c{c}"), t + c as i64))
            .collect();
        map.insert(
            format!("row{r:03}").into_bytes(),
            BTreeMap::from([(cf.to_string(), ops)]),
        );
    }
    b.batch_mutate(map, CL::ONE).unwrap();
    let slice = |start: &str, finish: &str, reversed: bool, count: i32| {
        SlicePredicate::new(
            None,
            SliceRange::new(start.into(), finish.into(), reversed, count),
        )
    };
    let predicates = [
        everything(),
        slice("", "", false, 2),
        slice("", "", true, 3),
        slice("c1", "c3", false, 10),
        SlicePredicate::new(vec![b"c4".to_vec(), b"c0".to_vec(), b"zz".to_vec()], None),
    ];
    let keys = |start: &[u8], count: i32| {
        KeyRange::new(start.to_vec(), Vec::new(), None, None, count, None)
    };
    let tokens = |start: &str, end: &str, count: i32| {
        KeyRange::new(None, None, start.to_string(), end.to_string(), count, None)
    };
    let parent = ColumnParent::new(cf.to_string(), None);
    let mut same = |p: &SlicePredicate, range: KeyRange| {
        let want = b
            .get_range_slices(parent.clone(), p.clone(), range.clone(), CL::ONE)
            .unwrap();
        let got = g
            .get_range_slices(parent.clone(), p.clone(), range.clone(), CL::ONE)
            .unwrap();
        assert_eq!(got, want, "{p:?} {range:?}");
        want
    };
    for p in &predicates {
        for count in [1, 7, 100, 101, 250, 1000] {
            assert_eq!(same(p, keys(b"", count)).len(), count.min(250) as usize);
        }
        same(
            p,
            tokens("-3000000000000000000", "4000000000000000000", 1000),
        );
        same(
            p,
            tokens("4000000000000000000", "-3000000000000000000", 1000),
        );
        same(p, tokens("4000000000000000000", "-3000000000000000000", 30));
        // Paged as clients page: each page from the last key of the one before.
        let mut start = Vec::new();
        let mut seen = 0;
        loop {
            let page = same(p, keys(&start, 40));
            seen += page.len() - usize::from(!start.is_empty());
            if page.len() < 40 {
                break;
            }
            start = page.last().unwrap().key.clone();
        }
        assert_eq!(seen, 250);
    }
}
