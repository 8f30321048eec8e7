//! Behaviour Cassandra 0.6.13's own system tests (test/system/test_server.py)
//! check, on a server configured like their test config, whose memtables
//! flushed every 20 operations (`MemtableOperationsInMillions` 0.00002); here
//! every 4, so that even the short sequences below read across several
//! SSTables and the memtable, with tombstones in some and the data they
//! shadow in others. The 0.6.13 suite
//! itself passes against supercolumn when run by hand (docs/development.md, "Checked
//! against Cassandra's own tests"); this file keeps the storage-heavy part of
//! it in CI, in our own words. The collation, wrapping-range and describe
//! tests of that suite are mirrored in `tests/wire/api/fidelity.rs`; its error
//! cases are in the conformance corpus.

use crate::support::wire;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use supercolumn::thrift::gen::cassandra06::{
    Column, ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{ire, Client, Server};

/// The parts of 0.6.13's test config these checks use, with its commit-log
/// settings and a memtable flushed every 4 operations.
const CONF: &str = r#"<Storage>
  <ClusterName>Test Cluster</ClusterName>
  <Keyspaces>
    <Keyspace Name="Keyspace1">
      <ColumnFamily Name="Standard1"/>
      <ColumnFamily CompareWith="LongType" Name="StandardLong1"/>
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="LongType" Name="Super1"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
    <Keyspace Name="Keyspace2">
      <ColumnFamily ColumnType="Super" CompareSubcolumnsWith="TimeUUIDType" Name="Super4"/>
      <ReplicaPlacementStrategy>org.apache.cassandra.locator.RackUnawareStrategy</ReplicaPlacementStrategy>
      <ReplicationFactor>1</ReplicationFactor>
      <EndPointSnitch>org.apache.cassandra.locator.EndPointSnitch</EndPointSnitch>
    </Keyspace>
  </Keyspaces>
  <Partitioner>org.apache.cassandra.dht.CollatingOrderPreservingPartitioner</Partitioner>
  <MemtableThroughputInMB>1</MemtableThroughputInMB>
  <MemtableOperationsInMillions>0.000004</MemtableOperationsInMillions>
  <CommitLogSync>batch</CommitLogSync>
  <CommitLogSyncBatchWindowInMS>1.0</CommitLogSyncBatchWindowInMS>
</Storage>
"#;

fn start(dir: &tempfile::TempDir) -> Server {
    let conf = dir.path().join("storage-conf.xml");
    std::fs::write(&conf, CONF).unwrap();
    let data = dir.path().join("data");
    Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.to_str().unwrap(),
    ])
}

fn long(n: i64) -> Vec<u8> {
    n.to_be_bytes().to_vec()
}

/// A column path in Keyspace1 or Keyspace2: `cf`, then a super column and a
/// column name when given.
fn path(cf: &str, sc: Option<&[u8]>, col: Option<&[u8]>) -> ColumnPath {
    ColumnPath::new(
        cf.to_string(),
        sc.map(<[u8]>::to_vec),
        col.map(<[u8]>::to_vec),
    )
}

/// Row `key1` of one keyspace, through a 0.6 connection.
struct Row<'a> {
    c: &'a mut Client,
    ks: &'static str,
}

impl Row<'_> {
    fn put(&mut self, p: ColumnPath, value: &str, ts: i64) {
        let r = self.c.insert(
            self.ks.into(),
            "key1".into(),
            p.clone(),
            value.into(),
            ts,
            CL::ONE,
        );
        r.unwrap_or_else(|e| panic!("insert {p:?}: {e:?}"));
    }

    fn remove(&mut self, p: ColumnPath, ts: i64) {
        let r = self
            .c
            .remove(self.ks.into(), "key1".into(), p.clone(), ts, CL::ONE);
        r.unwrap_or_else(|e| panic!("remove {p:?}: {e:?}"));
    }

    /// The columns of a slice (subcolumns when `sc` is given).
    fn slice(&mut self, cf: &str, sc: Option<&[u8]>, range: SliceRange) -> Vec<Column> {
        let parent = ColumnParent::new(cf.to_string(), sc.map(<[u8]>::to_vec));
        let predicate = SlicePredicate::new(None, range);
        let r = self
            .c
            .get_slice(self.ks.into(), "key1".into(), parent, predicate, CL::ONE);
        r.unwrap()
            .into_iter()
            .map(|cosc| cosc.column.expect("a column"))
            .collect()
    }
}

fn all(count: i32) -> SliceRange {
    SliceRange::new(vec![], vec![], false, count)
}

fn col(name: &[u8], value: &str, ts: i64) -> Column {
    Column::new(name.to_vec(), value.as_bytes().to_vec(), ts)
}

#[test]
fn deletions_and_resurrection_across_flushes() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let server = start(&dir);
    let mut c = server.client(false);
    let mut row = Row {
        c: &mut c,
        ks: "Keyspace1",
    };

    // test_long_remove: a column, its row removed just after, then the
    // column back with a newer timestamp, ten times over.
    let long1 = |name: Option<&[u8]>| path("StandardLong1", None, name);
    for i in 0..10 {
        if i == 2 {
            // Rounds 0 and 1 (six operations) are in an SSTable from here on.
            wait_for_sstables(&data, 1);
        }
        row.put(long1(Some(&long(i))), "value1", 10 * i);
        row.remove(long1(None), 10 * i + 1);
        assert_eq!(row.slice("StandardLong1", None, all(1)), []);
        row.put(long1(Some(&long(i))), "value2", 10 * i + 2);
        let got = row.slice("StandardLong1", None, all(1));
        assert_eq!(got, [col(&long(i), "value2", 10 * i + 2)], "round {i}");
    }

    // test_super_reinsert: three subcolumns, the whole row removed, three
    // newer ones; a slice of n subcolumns has n.
    let sub = |sc: &[u8], name: Option<i64>| path("Super1", Some(sc), name.map(long).as_deref());
    for x in 0..3 {
        row.put(sub(b"sc2", Some(x)), "value", 1);
    }
    row.remove(path("Super1", None, None), 2);
    wait_for_sstables(&data, 2);
    for x in 3..6 {
        row.put(sub(b"sc2", Some(x)), "value", 3);
    }
    for n in 1..4 {
        let got = row.slice("Super1", Some(b"sc2"), all(n));
        let names: Vec<Vec<u8>> = got.into_iter().map(|c| c.name).collect();
        assert_eq!(names, (3..3 + n as i64).map(long).collect::<Vec<_>>());
    }

    // test_super_cf_remove_supercolumn: a removed super column stays removed
    // for an older write and comes back with only the newer one.
    row.put(sub(b"sc1", Some(4)), "value4", 0);
    row.remove(sub(b"sc1", None), 5);
    row.put(sub(b"sc1", Some(5)), "value5", 1);
    assert_eq!(row.slice("Super1", Some(b"sc1"), all(100)), []);
    row.put(sub(b"sc1", Some(5)), "value5", 6);
    let got = row.slice("Super1", Some(b"sc1"), all(100));
    assert_eq!(got, [col(&long(5), "value5", 6)]);

    // test_cf_remove_column and test_cf_remove on Standard1: a removed
    // column, then the whole row, resurrected only by newer writes.
    let std1 = |name: Option<&[u8]>| path("Standard1", None, name);
    row.put(std1(Some(b"c1")), "value1", 0);
    row.put(std1(Some(b"c2")), "value2", 0);
    row.remove(std1(Some(b"c1")), 1);
    row.put(std1(Some(b"c1")), "value1", 0);
    wait_for_sstables(&data, 3);
    let got = row.slice("Standard1", None, all(1000));
    assert_eq!(got, [col(b"c2", "value2", 0)]);
    row.put(std1(Some(b"c1")), "value1", 2);
    let got = row.slice("Standard1", None, all(1000));
    assert_eq!(got, [col(b"c1", "value1", 2), col(b"c2", "value2", 0)]);
    row.remove(std1(None), 3);
    row.put(std1(Some(b"c1")), "value1", 0);
    assert_eq!(row.slice("Standard1", None, all(1000)), []);
    row.put(std1(Some(b"c1")), "value1", 4);
    let got = row.slice("Standard1", None, all(1000));
    assert_eq!(got, [col(b"c1", "value1", 4)]);
}

#[test]
fn time_uuid_subcolumns_keep_time_order_across_flushes() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir);
    let mut c = server.client(false);
    let mut row = Row {
        c: &mut c,
        ks: "Keyspace2",
    };
    // test_time_uuid: 500 subcolumns in time order. Each step adds a little
    // under 2^32 to the timestamp, so the leading time_low bytes fall while
    // time goes up: a byte-order comparator would reverse them.
    let step = (1u64 << 32) - 7;
    let l: Vec<Vec<u8>> = (0..500u64)
        .map(|i| time_uuid(0x01e0_0000_0000_0000 + i * step, i as u16))
        .collect();
    for (i, name) in l.iter().enumerate() {
        if i == 250 {
            wait_for_sstables(&dir.path().join("data"), 1);
        }
        let p = path("Super4", Some(b"sc1"), Some(name));
        row.put(p, &format!("value{i}"), i as i64);
    }
    let got = row.slice("Super4", Some(b"sc1"), all(1000));
    assert_eq!(got.len(), 500);
    for (i, column) in got.iter().enumerate() {
        assert_eq!(column.name, l[i], "position {i}");
        assert_eq!(column.value, format!("value{i}").into_bytes());
    }
    let mut sub = |start: &[u8], finish: &[u8], reversed: bool, count: i32| {
        let range = SliceRange::new(start.to_vec(), finish.to_vec(), reversed, count);
        row.slice("Super4", Some(b"sc1"), range)
    };
    let v = |i: usize| col(&l[i], &format!("value{i}"), i as i64);
    assert_eq!(sub(b"", b"", true, 1), [v(499)]);
    assert_eq!(sub(b"", &l[2], false, 1000), [v(0), v(1), v(2)]);
    assert_eq!(sub(&l[2], b"", true, 1000), [v(2), v(1), v(0)]);
    assert_eq!(sub(&l[2], b"", false, 1), [v(2)]);
}

/// A version-1 UUID with the given 60-bit timestamp.
fn time_uuid(t: u64, clock: u16) -> Vec<u8> {
    let mut u = Vec::with_capacity(16);
    u.extend_from_slice(&((t & 0xffff_ffff) as u32).to_be_bytes());
    u.extend_from_slice(&(((t >> 32) & 0xffff) as u16).to_be_bytes());
    u.extend_from_slice(&((((t >> 48) & 0x0fff) as u16) | 0x1000).to_be_bytes());
    u.extend_from_slice(&((clock & 0x3fff) | 0x8000).to_be_bytes());
    u.extend_from_slice(&[0x02, 0x42, 0xac, 0x11, 0x00, 0x02]);
    u
}

#[test]
fn column_name_and_key_length_limits() {
    let dir = tempfile::tempdir().unwrap();
    let server = start(&dir);
    let mut c = server.client(false);
    let mut row = Row {
        c: &mut c,
        ks: "Keyspace1",
    };
    // test_column_name_lengths: names of 1 to 65535 bytes are stored, an
    // empty one and one of 65536 are refused.
    for n in [1, 127, 128, 129, 255, 256, 257, 65535] {
        row.put(path("Standard1", None, Some(&vec![b'x'; n])), "value", 0);
    }
    assert_eq!(row.slice("Standard1", None, all(1000)).len(), 8);
    for n in [0, 65536] {
        let p = path("Standard1", None, Some(&vec![b'x'; n]));
        let r = c.insert(
            "Keyspace1".into(),
            "key1".into(),
            p,
            b"value".to_vec(),
            0,
            CL::ONE,
        );
        assert!(!ire(r).is_empty(), "name of {n} bytes");
    }
    // test_bad_calls: a key of 65536 bytes, and an empty key.
    for key in ["x".repeat(65536), String::new()] {
        let p = path("Standard1", None, Some(b"c1"));
        let r = c.get("Keyspace1".into(), key.clone(), p, CL::ONE);
        assert!(!ire(r).is_empty(), "key of {} bytes", key.len());
    }
}

/// Waits until `cfs` column families have SSTables under `data`: a flush
/// runs in the background, within half a second of a memtable filling.
fn wait_for_sstables(data: &Path, cfs: usize) {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let mut flushed: Vec<String> = walk(data)
            .into_iter()
            .filter_map(|p| {
                let name = p.file_name()?.to_string_lossy().into_owned();
                // `<column family>-<generation>-Data.db`
                let stem = name.strip_suffix("-Data.db")?;
                Some(stem.rsplit_once('-')?.0.to_string())
            })
            .collect();
        flushed.sort();
        flushed.dedup();
        if flushed.len() >= cfs {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "expected SSTables of {cfs} column families, found {flushed:?}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = entry.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}
