//! Fidelity details over the wire, against the real binary:
//! - Cassandra 0.6.13's own system tests that depend on
//!   CollatingOrderPreservingPartitioner and on wrapping token ranges
//!   (test/system/test_server.py: test_range_collation, test_range_partial,
//!   test_wrapped_range_slices, test_get_range_slices_tokens, the describe
//!   tests), on a config with the keyspaces of 0.6.13's test config;
//! - a 0.6 client walking the ring from `describe_ring`'s single `(t, t)`;
//! - 0.6.8's comment rule (`<Comment>` element read, attribute ignored);
//! - 1.2.9's `system` keyspace through 19.x `describe_keyspace`, with the
//!   CQL3 `system.schema_*` tables still answering.

use crate::support::wire;

use std::collections::BTreeSet;
use supercolumn::thrift::gen::cassandra06::{
    ColumnParent, ColumnPath, ConsistencyLevel as CL, KeyRange, KeySlice, SlicePredicate,
    SliceRange, TCassandraSyncClient,
};
use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient as _;
use wire::{conformance_config, connect19, cql3, Client, Server};

/// The keyspaces of Cassandra 0.6.13's test/conf/storage-conf.xml (which
/// test_server.py runs against), plus two comments on Keyspace4.Standard1/3.
const TEST_CONF: &str = r#"<Storage>
  <ClusterName>Test Cluster</ClusterName>
  <Keyspaces>
    <Keyspace Name="Keyspace1">
      <ColumnFamily Name="Standard1" RowsCached="10%" KeysCached="0"/>
      <ColumnFamily Name="Standard2"/>
      <ColumnFamily CompareWith="LongType" Name="StandardLong1"/>
      <ColumnFamily CompareWith="LongType" Name="StandardLong2"/>
      <ColumnFamily Name="Standard3" KeysCached="50%"/>
      <ColumnFamily Name="Standard4" KeysCached="100%"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="LongType" Name="Super1" RowsCached="1000" KeysCached="0"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="LongType" Name="Super2"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="LongType" Name="Super3"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="UTF8Type" Name="Super4"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
    <Keyspace Name="Keyspace2">
      <ColumnFamily Name="Standard1"/>
      <ColumnFamily Name="Standard3"/>
      <ColumnFamily ColumnType="Super" Name="Super3"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="TimeUUIDType" Name="Super4"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
    <Keyspace Name="Keyspace3">
      <ColumnFamily Name="Standard1"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>5</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
    <Keyspace Name="Keyspace4">
      <ColumnFamily Name="Standard1" Comment="an attribute, which 0.6 never read"/>
      <ColumnFamily Name="Standard3"><Comment> read, untrimmed </Comment></ColumnFamily>
      <ColumnFamily ColumnType="Super" Name="Super3"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="TimeUUIDType" Name="Super4"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>3</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  <Partitioner>org.apache.cassandra.dht.CollatingOrderPreservingPartitioner</Partitioner>
  <CommitLogSync>batch</CommitLogSync>
  <CommitLogSyncBatchWindowInMS>1.0</CommitLogSyncBatchWindowInMS>
</Storage>
"#;

fn collating_server(dir: &tempfile::TempDir) -> Server {
    let conf = dir.path().join("storage-conf.xml");
    std::fs::write(&conf, TEST_CONF).unwrap();
    Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"])
}

fn names(names: &[&str]) -> SlicePredicate {
    SlicePredicate::new(
        names
            .iter()
            .map(|n| n.as_bytes().to_vec())
            .collect::<Vec<_>>(),
        None,
    )
}

fn keys(slices: &[KeySlice]) -> Vec<String> {
    slices.iter().map(|s| s.key.clone()).collect()
}

fn insert(c: &mut Client, ks: &str, key: &str, cf: &str, sc: Option<&str>, col: &str) {
    let path = ColumnPath::new(
        cf.to_string(),
        sc.map(|s| s.as_bytes().to_vec()),
        Some(col.as_bytes().to_vec()),
    );
    c.insert(ks.into(), key.into(), path, b"v".to_vec(), 0, CL::ONE)
        .unwrap_or_else(|e| panic!("insert {ks}/{cf}/{key}: {e:?}"));
}

fn range_slice(
    c: &mut Client,
    ks: &str,
    cf: &str,
    start: &str,
    finish: &str,
    count: i32,
) -> Vec<String> {
    keys(
        &c.get_range_slice(
            ks.into(),
            ColumnParent::new(cf.to_string(), None),
            names(&["-a", "-a"]),
            start.into(),
            finish.into(),
            count,
            CL::ONE,
        )
        .unwrap(),
    )
}

fn token_slices(
    c: &mut Client,
    ks: &str,
    cp: ColumnParent,
    start: &str,
    end: &str,
    count: i32,
) -> Vec<KeySlice> {
    let range = KeyRange::new(
        None,
        None,
        Some(start.to_string()),
        Some(end.to_string()),
        count,
    );
    c.get_range_slices(ks.into(), cp, names(&["col1", "col3"]), range, CL::ONE)
        .unwrap()
}

/// test_server.py's collation keys: "-a", "-b", "a", "b" and "0" to "99".
fn collation_keys() -> Vec<String> {
    let mut keys: Vec<String> = ["-a", "-b", "a", "b"].map(String::from).to_vec();
    keys.extend((0..100).map(|i| i.to_string()));
    keys
}

#[test]
fn cassandra_0_6_13_collation_and_wrapping_system_tests() {
    let dir = tempfile::tempdir().unwrap();
    let server = collating_server(&dir);
    // test_server.py used TBufferedTransport.
    let mut c = server.client(false);

    // test_describe_keyspace, test_describe, test_describe_ring(_on_invalid_keyspace)
    let kss = c.describe_keyspaces().unwrap();
    assert_eq!(kss.len(), 5, "{kss:?}");
    let ks1: BTreeSet<String> = c
        .describe_keyspace("Keyspace1".into())
        .unwrap()
        .into_keys()
        .collect();
    let want: BTreeSet<String> = [
        "Super1",
        "Standard1",
        "Standard2",
        "Standard3",
        "Standard4",
        "StandardLong1",
        "StandardLong2",
        "Super3",
        "Super2",
        "Super4",
    ]
    .map(String::from)
    .into();
    assert_eq!(ks1, want);
    c.describe_keyspace("system".into()).unwrap();
    assert_eq!(c.describe_version().unwrap(), "2.2.0");
    assert_eq!(c.describe_cluster_name().unwrap(), "Test Cluster");
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.CollatingOrderPreservingPartitioner"
    );
    let ring = c.describe_ring("Keyspace1".into()).unwrap();
    assert_eq!(ring[0].endpoints, ["127.0.0.1"]);
    assert!(wire::ire(c.describe_ring("system".into())).contains("system"));

    // test_range_collation: the collated order rather than ASCII.
    for key in collation_keys() {
        insert(&mut c, "Keyspace1", &key, "Standard1", None, &key);
    }
    let mut expect: Vec<String> = (0..100).map(|i| i.to_string()).collect();
    expect.sort(); // "0", "1", "10", "11", ... "19", "2", "20", ...: as strings
    expect.extend(["a", "-a", "b", "-b"].map(String::from));
    assert_eq!(
        range_slice(&mut c, "Keyspace1", "Standard1", "", "", 1000),
        expect
    );

    // test_range_partial
    assert_eq!(
        range_slice(&mut c, "Keyspace1", "Standard1", "a", "", 1000),
        ["a", "-a", "b", "-b"]
    );
    assert_eq!(
        range_slice(&mut c, "Keyspace1", "Standard1", "", "15", 1000),
        ["0", "1", "10", "11", "12", "13", "14", "15"]
    );
    assert_eq!(
        range_slice(&mut c, "Keyspace1", "Standard1", "50", "51", 1000),
        ["50", "51"]
    );
    assert_eq!(
        range_slice(&mut c, "Keyspace1", "Standard1", "1", "", 10),
        ["1", "10", "11", "12", "13", "14", "15", "16", "17", "18"]
    );

    // test_wrapped_range_slices (Standard2 here: Standard1 holds the keys above)
    for key in ["a", "b", "c", "d", "e"] {
        for col in ["col1", "col2", "col3", "col4", "col5"] {
            insert(&mut c, "Keyspace1", key, "Standard2", None, col);
        }
    }
    let cp = || ColumnParent::new("Standard2".to_string(), None);
    // The tokens test_server.py "generated from Java".
    let e = "00580000000100000001";
    let c_tok = "00550000000100000001";
    let rows = token_slices(&mut c, "Keyspace1", cp(), e, e, 100);
    assert_eq!(keys(&rows), ["a", "b", "c", "d", "e"]);
    let rows = token_slices(&mut c, "Keyspace1", cp(), c_tok, c_tok, 100);
    assert_eq!(keys(&rows), ["d", "e", "a", "b", "c"]);
    // `count` cuts across the wrap; a range ending before it starts wraps too.
    assert_eq!(
        keys(&token_slices(&mut c, "Keyspace1", cp(), c_tok, c_tok, 3)),
        ["d", "e", "a"]
    );
    let b_tok = "00540000000100000001";
    assert_eq!(
        keys(&token_slices(&mut c, "Keyspace1", cp(), c_tok, b_tok, 100)),
        ["d", "e", "a", "b"]
    );

    // test_get_range_slices_tokens: token "55" (hex) to itself is every row.
    for key in ["key1", "key2", "key3", "key4", "key5"] {
        for col in ["col1", "col2", "col3", "col4", "col5"] {
            insert(&mut c, "Keyspace2", key, "Super3", Some("sc1"), col);
        }
    }
    let sc = ColumnParent::new("Super3".to_string(), b"sc1".to_vec());
    let rows = token_slices(&mut c, "Keyspace2", sc, "55", "55", 100);
    assert_eq!(rows.len(), 5);
    let cols: Vec<Vec<u8>> = rows[0]
        .columns
        .iter()
        .map(|c| c.column.as_ref().unwrap().name.clone())
        .collect();
    assert_eq!(cols, [b"col1".to_vec(), b"col3".to_vec()]);
    // A token that is not hex is refused.
    let bad = KeyRange::new(
        None,
        None,
        Some("zz".to_string()),
        Some("zz".to_string()),
        10,
    );
    let why =
        wire::ire(c.get_range_slices("Keyspace1".into(), cp(), names(&["col1"]), bad, CL::ONE));
    assert!(why.contains("zz"), "{why}");

    // The ring's one range (t, t] scans the whole ring, in ring order after t.
    let ring = c.describe_ring("Keyspace1".into()).unwrap();
    let (start, end) = (ring[0].start_token.clone(), ring[0].end_token.clone());
    assert_eq!(start, end);
    let rows = token_slices(&mut c, "Keyspace1", cp(), &start, &end, 100);
    let mut all = keys(&rows);
    assert_eq!(all.len(), 5, "{all:?}");
    all.sort();
    assert_eq!(all, ["a", "b", "c", "d", "e"]);
}

#[test]
fn comment_rule_of_0_6_8() {
    let dir = tempfile::tempdir().unwrap();
    let server = collating_server(&dir);
    let mut c = server.client(false);
    let ks4 = c.describe_keyspace("Keyspace4".into()).unwrap();
    // The attribute is ignored: Desc is 0.6's generated description.
    let desc = &ks4["Standard1"]["Desc"];
    assert!(
        desc.starts_with("Keyspace4.Standard1\nColumn Family Type: Standard\nColumns Sorted By: org.apache.cassandra.db.marshal.BytesType@"),
        "{desc:?}"
    );
    // The element is read as it is written.
    assert_eq!(ks4["Standard3"]["Desc"], " read, untrimmed ");
}

#[test]
fn a_0_6_client_walks_the_ring_of_an_order_preserving_server() {
    let conf = conformance_config("storage-conf.xml");
    let server = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    let mut c = server.client(false);
    let keys_in: Vec<String> = (0..30).map(|i| format!("ring{i:02}")).collect();
    for k in &keys_in {
        c.insert(
            "Other".into(),
            k.clone(),
            ColumnPath::new("Plain".to_string(), None, b"c".to_vec()),
            b"v".to_vec(),
            1,
            CL::ONE,
        )
        .unwrap();
    }
    let ring = c.describe_ring("Other".into()).unwrap();
    assert_eq!(ring.len(), 1);
    let (start, end) = (ring[0].start_token.clone(), ring[0].end_token.clone());
    let pred = || SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 10));
    // A Hadoop-style walk: pages of 7 rows from the range's start, each
    // page starting after the last key's token (under this partitioner the
    // key itself), until a page comes back short.
    let mut seen = Vec::new();
    let mut from = start.clone();
    loop {
        let range = KeyRange::new(None, None, Some(from.clone()), Some(end.clone()), 7);
        let page = c
            .get_range_slices(
                "Other".into(),
                ColumnParent::new("Plain".to_string(), None),
                pred(),
                range,
                CL::ONE,
            )
            .unwrap();
        seen.extend(keys(&page));
        match page.last() {
            Some(last) if page.len() == 7 => from = last.key.clone(),
            _ => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), seen.len(), "no row twice: {seen:?}");
    assert_eq!(sorted, keys_in, "every row of the ring");
}

#[test]
fn system_keyspace_as_1_2_9_described_it() {
    let dir = tempfile::tempdir().unwrap();
    let server = wire::v19_server(dir.path());
    let mut c = connect19(server.port);
    // A 19.x-only call first, so the connection's generation is known.
    c.describe_schema_versions().unwrap();
    let ks = c.describe_keyspace("system".into()).unwrap();
    let names: Vec<&str> = ks.cf_defs.iter().map(|d| d.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "HintsColumnFamily",
            "IndexInfo",
            "LocationInfo",
            "Migrations",
            "NodeIdInfo",
            "Schema",
            "hints",
            "schema_keyspaces"
        ]
    );
    let hints = ks.cf_defs.iter().find(|d| d.name == "hints").unwrap();
    assert_eq!(hints.comment.as_deref(), Some("hints awaiting delivery"));
    assert_eq!(hints.key_alias.as_deref(), Some(&b"target_id"[..]));
    let all = c.describe_keyspaces().unwrap();
    let system = all.iter().find(|k| k.name == "system").unwrap();
    assert_eq!(system.cf_defs.len(), 8);
    // The CQL3 schema tables the shells read still answer.
    let rows = cql3(&mut c, "SELECT keyspace_name FROM system.schema_keyspaces")
        .rows
        .unwrap_or_default();
    let listed: Vec<String> = rows
        .iter()
        .map(|r| {
            String::from_utf8_lossy(r.columns[0].value.as_deref().unwrap_or_default()).into_owned()
        })
        .collect();
    assert!(listed.iter().any(|k| k == "system"), "{listed:?}");
}
