//! API 19.x over the wire with the generated 19.x client (framed, as 1.2
//! clients were), against the real binary on the api19 conformance config
//! (Murmur3Partitioner), and both generations on one port at once.

use crate::support::wire;

use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06 as t06;
use supercolumn::thrift::gen::cassandra06::TCassandraSyncClient as _;
use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, Compression, ConsistencyLevel as CL,
    Deletion, KeyRange, Mutation, NotFoundException, SlicePredicate, SliceRange, SuperColumn,
    TCassandraSyncClient, UnavailableException,
};
use wire::{conformance_config, connect19, ire19 as ire, timestamp, Server};

fn server() -> Server {
    let conf = conformance_config("storage-conf-v19.xml");
    Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"])
}

fn is_user<E: std::error::Error + 'static, T: std::fmt::Debug>(r: thrift::Result<T>) -> bool {
    matches!(r, Err(thrift::Error::User(e)) if e.downcast_ref::<E>().is_some())
}

fn col(name: &str, value: &str, ts: i64, ttl: Option<i32>) -> Column {
    Column::new(name.as_bytes().to_vec(), value.as_bytes().to_vec(), ts, ttl)
}

fn parent(cf: &str) -> ColumnParent {
    ColumnParent::new(cf.to_string(), None)
}

fn path(cf: &str, sc: Option<&str>, c: Option<&str>) -> ColumnPath {
    ColumnPath::new(
        cf.to_string(),
        sc.map(|s| s.as_bytes().to_vec()),
        c.map(|s| s.as_bytes().to_vec()),
    )
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn names(cols: &[ColumnOrSuperColumn]) -> Vec<String> {
    cols.iter()
        .map(|c| match (&c.column, &c.super_column) {
            (Some(c), _) => String::from_utf8_lossy(&c.name).into_owned(),
            (None, Some(sc)) => String::from_utf8_lossy(&sc.name).into_owned(),
            _ => "?".into(),
        })
        .collect()
}

#[test]
fn describe_calls_answer_as_1_2() {
    let s = server();
    let mut c = connect19(s.port);
    // Before the connection shows its generation, identical requests are
    // answered by transport: framed, as 1.2 clients connected, is 19.x.
    assert_eq!(c.describe_version().unwrap(), "19.36.0");
    c.set_keyspace("CT".into()).unwrap();
    assert_eq!(c.describe_version().unwrap(), "19.36.0");
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    assert_eq!(
        c.describe_snitch().unwrap(),
        "org.apache.cassandra.locator.SimpleSnitch"
    );
    let ring = c.describe_ring("CT".into()).unwrap();
    assert_eq!(ring.len(), 1);
    let token: i64 = ring[0].start_token.parse().expect("a Murmur3 token");
    assert_eq!(ring[0].end_token, token.to_string());
    let map = c.describe_token_map().unwrap();
    assert_eq!(
        map.get(&ring[0].start_token),
        Some(&"127.0.0.1".to_string())
    );
    assert_eq!(
        ire(c.describe_ring("system".into())),
        "There is no ring for the keyspace: system"
    );
    let versions = c.describe_schema_versions().unwrap();
    assert_eq!(versions.len(), 1);
    let ks = c.describe_keyspace("CT".into()).unwrap();
    assert_eq!(
        ks.strategy_class,
        "org.apache.cassandra.locator.SimpleStrategy"
    );
    let long = ks.cf_defs.iter().find(|d| d.name == "StdLong").unwrap();
    assert_eq!(
        long.comparator_type.as_deref(),
        Some("org.apache.cassandra.db.marshal.LongType")
    );
    assert_eq!(
        long.default_validation_class.as_deref(),
        Some("org.apache.cassandra.db.marshal.BytesType")
    );
    let sup = ks.cf_defs.iter().find(|d| d.name == "SupUTF8Long").unwrap();
    assert_eq!(sup.column_type.as_deref(), Some("Super"));
    assert!(is_user::<NotFoundException, _>(
        c.describe_keyspace("Nope".into())
    ));
    let all_ks: Vec<String> = c
        .describe_keyspaces()
        .unwrap()
        .into_iter()
        .map(|k| k.name)
        .collect();
    for name in ["CT", "Blog", "Other", "system"] {
        assert!(all_ks.contains(&name.to_string()), "{all_ks:?}");
    }
    let splits = c
        .describe_splits("StdBytes".into(), "0".into(), "0".into(), 128)
        .unwrap();
    assert_eq!(splits, ["0", "0"]);
    // 1.2.9 dropped the connection on an unknown column family (an
    // uncaught IllegalArgumentException); the server does the same, and
    // only that connection is affected.
    for unknown in ["NoSuchCF", ""] {
        let mut doomed = connect19(s.port);
        doomed.set_keyspace("CT".into()).unwrap();
        match doomed.describe_splits(unknown.into(), "0".into(), "0".into(), 128) {
            Err(thrift::Error::Transport(_)) => {}
            other => panic!("expected the connection to close, got {other:?}"),
        }
    }
    assert_eq!(
        c.describe_splits("StdBytes".into(), "0".into(), "0".into(), 128)
            .unwrap(),
        ["0", "0"]
    );
}

#[test]
fn session_state_and_crud_with_1_2_rules() {
    let s = server();
    let mut c = connect19(s.port);
    let ts = timestamp();
    assert_eq!(
        ire(c.get(b"k".to_vec(), path("StdBytes", None, Some("c")), CL::ONE)),
        "no keyspace has been specified"
    );
    assert_eq!(
        ire(c.set_keyspace("NoSuchKs".into())),
        "Keyspace 'NoSuchKs' does not exist"
    );
    c.set_keyspace("CT".into()).unwrap();
    assert_eq!(
        ire(c.set_cql_version("3.1.0".into())),
        "Provided version 3.1.0 is not supported by this server (supported: 2.0.0, 3.0.5)"
    );
    assert_eq!(
        ire(c.set_cql_version("three".into())),
        "Invalid version value: three (see http://semver.org/ for details)"
    );
    c.set_cql_version("3.0.0".into()).unwrap();
    c.login(supercolumn::thrift::gen::cassandra19::AuthenticationRequest::new(BTreeMap::new()))
        .unwrap();
    let key = b"crud".to_vec();
    c.insert(
        key.clone(),
        parent("StdBytes"),
        col("a", "1", ts, None),
        CL::ONE,
    )
    .unwrap();
    c.insert(
        key.clone(),
        parent("StdBytes"),
        col("b", "2", ts, Some(3600)),
        CL::QUORUM,
    )
    .unwrap();
    let got = c
        .get(key.clone(), path("StdBytes", None, Some("b")), CL::ONE)
        .unwrap();
    assert_eq!(got.column.as_ref().unwrap().ttl, Some(3600));
    assert_eq!(got.column.unwrap().value, Some(b"2".to_vec()));
    assert!(is_user::<NotFoundException, _>(c.get(
        key.clone(),
        path("StdBytes", None, Some("zz")),
        CL::ONE
    )));
    assert_eq!(
        names(
            &c.get_slice(key.clone(), parent("StdBytes"), all(), CL::ONE)
                .unwrap()
        ),
        ["a", "b"]
    );
    assert_eq!(
        c.get_count(key.clone(), parent("StdBytes"), all(), CL::ONE)
            .unwrap(),
        2
    );
    let keys = vec![key.clone(), b"other".to_vec()];
    let multi = c
        .multiget_count(keys.clone(), parent("StdBytes"), all(), CL::ONE)
        .unwrap();
    assert_eq!(multi[&key], 2);
    assert_eq!(multi[&b"other".to_vec()], 0);
    assert_eq!(
        c.multiget_slice(keys, parent("StdBytes"), all(), CL::ONE)
            .unwrap()[&key]
            .len(),
        2
    );
    c.remove(
        key.clone(),
        path("StdBytes", None, Some("a")),
        ts + 1,
        CL::ONE,
    )
    .unwrap();
    assert_eq!(
        names(
            &c.get_slice(key.clone(), parent("StdBytes"), all(), CL::ONE)
                .unwrap()
        ),
        ["b"]
    );
    // 1.2's messages.
    assert_eq!(
        ire(c.insert(vec![], parent("StdBytes"), col("a", "1", ts, None), CL::ONE)),
        "Key may not be empty"
    );
    assert_eq!(
        ire(c.insert(
            key.clone(),
            parent("StdBytes"),
            col("a", "1", ts, Some(0)),
            CL::ONE
        )),
        "ttl must be positive"
    );
    let no_ts = Column::new(b"a".to_vec(), b"v".to_vec(), None, None);
    assert_eq!(
        ire(c.insert(key.clone(), parent("StdBytes"), no_ts, CL::ONE)),
        "Column timestamp is required"
    );
    assert_eq!(
        ire(c.insert(
            vec![b'x'; 65536],
            parent("StdBytes"),
            col("a", "1", ts, None),
            CL::ONE
        )),
        "Key length of 65536 is longer than maximum of 65535"
    );
    assert_eq!(
        ire(c.get(key.clone(), path("StdBytes", None, Some("b")), CL::ANY)),
        "ANY ConsistencyLevel is only supported for writes"
    );
    assert_eq!(
        ire(c.insert(
            key.clone(),
            parent("StdLong"),
            col("abc", "1", ts, None),
            CL::ONE
        )),
        "Expected 8 or 0 byte long (3)"
    );
    assert!(is_user::<UnavailableException, _>(c.insert(
        key.clone(),
        parent("StdBytes"),
        col("a", "1", ts, None),
        CL::TWO
    )));
    assert_eq!(
        ire(c.insert(
            key.clone(),
            parent("SupBytes"),
            col("a", "1", ts, None),
            CL::ONE
        )),
        "missing mandatory super column name for super CF SupBytes"
    );
    assert_eq!(
        ire(c.execute_cql3_query(b"SELECT * FROM x".to_vec(), Compression::NONE, CL::ONE)),
        "unconfigured columnfamily x"
    );
    // CQL 2 is the default dialect of execute_cql_query, as in 1.2.
    assert_eq!(
        ire(c.execute_cql_query(b"SELECT * FROM x".to_vec(), Compression::NONE)),
        "unconfigured columnfamily x"
    );
    assert_eq!(
        ire(c.system_drop_keyspace("cv_nothing".into())),
        "Cannot drop non existing keyspace 'cv_nothing'."
    );
}

#[test]
fn batches_ranges_and_pages() {
    let s = server();
    let mut c = connect19(s.port);
    c.set_keyspace("CT".into()).unwrap();
    let ts = timestamp();
    let mut map = BTreeMap::new();
    for k in 0..6 {
        let muts: Vec<Mutation> = (0..3)
            .map(|i| {
                let cosc = ColumnOrSuperColumn::new(
                    col(&format!("c{i}"), &format!("v{k}{i}"), ts, None),
                    None,
                    None,
                    None,
                );
                Mutation::new(cosc, None)
            })
            .collect();
        map.insert(
            format!("key{k}").into_bytes(),
            [("RangeAll".to_string(), muts)]
                .into_iter()
                .collect::<BTreeMap<_, _>>(),
        );
    }
    c.batch_mutate(map, CL::ONE).unwrap();
    let everything = KeyRange::new(vec![], vec![], None, None, 100, None);
    let rows = c
        .get_range_slices(parent("RangeAll"), all(), everything, CL::ONE)
        .unwrap();
    let keys: Vec<String> = rows
        .iter()
        .map(|r| String::from_utf8_lossy(&r.key).into_owned())
        .collect();
    assert_eq!(keys.len(), 6);
    // Murmur3 order: tokens ascend.
    let tokens: Vec<i64> = keys
        .iter()
        .map(|k| supercolumn::partitioner::cassandra_murmur3_h1(k.as_bytes()))
        .collect();
    assert!(tokens.windows(2).all(|w| w[0] <= w[1]), "{keys:?}");
    // (t, t] is the whole ring.
    let wrap = KeyRange::new(None, None, "0".to_string(), "0".to_string(), 100, None);
    let n = c
        .get_range_slices(parent("RangeAll"), all(), wrap, CL::ONE)
        .unwrap()
        .len();
    assert_eq!(n, 6);
    // Paging counts columns across rows.
    let page = c
        .get_paged_slice(
            "RangeAll".into(),
            KeyRange::new(keys[1].as_bytes().to_vec(), vec![], None, None, 4, None),
            b"c1".to_vec(),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(page.len(), 2);
    assert_eq!(names(&page[0].columns), ["c1", "c2"]);
    assert_eq!(names(&page[1].columns), ["c0", "c1"]);
    // A deletion and a super column write in one atomic batch.
    let del = Deletion::new(
        ts + 1,
        None,
        SlicePredicate::new(vec![b"c0".to_vec()], None),
    );
    let sc = SuperColumn::new(b"sc".to_vec(), vec![col("x", "y", ts, None)]);
    let map = [
        (
            b"key0".to_vec(),
            [("RangeAll".to_string(), vec![Mutation::new(None, del)])]
                .into_iter()
                .collect::<BTreeMap<_, _>>(),
        ),
        (
            b"sup".to_vec(),
            [(
                "SupBytes".to_string(),
                vec![Mutation::new(
                    ColumnOrSuperColumn::new(None, sc, None, None),
                    None,
                )],
            )]
            .into_iter()
            .collect(),
        ),
    ]
    .into_iter()
    .collect();
    c.atomic_batch_mutate(map, CL::ONE).unwrap();
    assert_eq!(
        names(
            &c.get_slice(b"key0".to_vec(), parent("RangeAll"), all(), CL::ONE)
                .unwrap()
        ),
        ["c1", "c2"]
    );
    let sup = c
        .get(b"sup".to_vec(), path("SupBytes", Some("sc"), None), CL::ONE)
        .unwrap();
    assert_eq!(sup.super_column.unwrap().columns.len(), 1);
    c.truncate("RangeAll".into()).unwrap();
    assert!(c
        .get_slice(b"key0".to_vec(), parent("RangeAll"), all(), CL::ONE)
        .unwrap()
        .is_empty());
}

#[test]
fn a_0_6_client_and_a_19_client_read_each_others_writes() {
    let s = server();
    let mut old = s.client(false);
    let mut new = connect19(s.port);
    new.set_keyspace("Blog".into()).unwrap();
    let ts = timestamp();
    old.insert(
        "Blog".into(),
        "from06".into(),
        t06::ColumnPath::new("Authors".to_string(), None, b"name".to_vec()),
        b"old".to_vec(),
        ts,
        t06::ConsistencyLevel::ONE,
    )
    .unwrap();
    new.insert(
        b"from19".to_vec(),
        parent("Authors"),
        col("name", "new", ts, None),
        CL::ONE,
    )
    .unwrap();
    let seen_by_new = new
        .get(
            b"from06".to_vec(),
            path("Authors", None, Some("name")),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(seen_by_new.column.unwrap().value, Some(b"old".to_vec()));
    let seen_by_old = old
        .get(
            "Blog".into(),
            "from19".into(),
            t06::ColumnPath::new("Authors".to_string(), None, b"name".to_vec()),
            t06::ConsistencyLevel::ONE,
        )
        .unwrap();
    assert_eq!(seen_by_old.column.unwrap().value, b"new");
    // The calls identical in both generations follow each connection's history.
    assert_eq!(old.describe_version().unwrap(), "2.2.0");
    assert_eq!(new.describe_version().unwrap(), "19.36.0");
    assert!(old.describe_keyspaces().unwrap().contains("Blog"));
    assert!(new
        .describe_keyspaces()
        .unwrap()
        .iter()
        .any(|k| k.name == "Blog"));
}

#[test]
fn a_pinned_19x_port_answers_every_call_as_19x() {
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port();
    drop(free);
    let conf = std::fs::read_to_string(conformance_config("storage-conf-v19.xml")).unwrap();
    let conf = conf.replace(
        "</Storage>",
        &format!("  <Thrift19Port>{port}</Thrift19Port>\n</Storage>"),
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("storage-conf.xml");
    std::fs::write(&path, conf).unwrap();
    let s = Server::start(&["--config", path.to_str().unwrap(), "--in-memory"]);
    let mut pinned = connect19(port);
    assert_eq!(pinned.describe_version().unwrap(), "19.36.0");
    assert!(pinned
        .describe_keyspaces()
        .unwrap()
        .iter()
        .any(|k| k.name == "CT"));
    // The main port still answers a fresh connection's ambiguous calls as 0.6.
    let mut old = s.client(false);
    assert_eq!(old.describe_version().unwrap(), "2.2.0");
}
