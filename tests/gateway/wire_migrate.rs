//! `supercolumn migrate` end to end: an embedded supercolumn on the
//! repository's config (BloggyAppy: Standard, TimeUUID-named and Super CFs,
//! plus a counter CF added over Thrift) gets data with TTLs and deletions,
//! part flushed to SSTables and part only in its commit log (killed with
//! SIGKILL); it is migrated, interrupted and resumed, into a second
//! supercolumn serving the native protocol; a gateway supercolumn in front
//! of that one then serves, over Thrift, the same rows, values, timestamps
//! and (remaining) TTLs as the source. Also: a running source, a wrong URL,
//! an unreachable cluster and a conflicting table are refused.

use crate::support::wire;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel as CL,
    CounterColumn, KeyRange, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{connect19, cql3, gateway, timestamp, Client19, Server};

const REPO_CONF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/storage-conf.xml");

fn source(dir: &Path) -> Server {
    Server::start(&["--config", REPO_CONF, "--data-dir", dir.to_str().unwrap()])
}

/// A fresh supercolumn serving the native protocol: the "cluster".
fn cluster(dir: &Path) -> (Server, String) {
    let s = gateway::native_backend(&gateway::without_keyspaces(Path::new(REPO_CONF), dir));
    let url = gateway::backend_url(&s, "");
    (s, url)
}

fn migrate(from: &Path, url: &str, extra: &[&str]) -> gateway::MigrateRun {
    gateway::migrate(Path::new(REPO_CONF), from, url, extra)
}

/// A version-1 UUID whose time is `n` (TimeUUIDType orders by it).
fn uuid(n: u32) -> Vec<u8> {
    let mut b = n.to_be_bytes().to_vec();
    b.extend([0, 0, 0x10, 0, 0x80, 0, 1, 2, 3, 4, 5, 6]);
    b
}

fn col(name: &[u8], value: &str, ts: i64, ttl: Option<i32>) -> Column {
    Column::new(name.to_vec(), value.as_bytes().to_vec(), ts, ttl)
}

fn parent(cf: &str, sc: Option<&[u8]>) -> ColumnParent {
    ColumnParent::new(cf.to_string(), sc.map(|s| s.to_vec()))
}

fn put(c: &mut Client19, key: &str, cf: &str, sc: Option<&[u8]>, column: Column) {
    c.insert(key.as_bytes().to_vec(), parent(cf, sc), column, CL::ONE)
        .unwrap();
}

fn likes_def() -> CfDef {
    CfDef {
        comparator_type: Some("BytesType".into()),
        default_validation_class: Some("CounterColumnType".into()),
        ..blank_cf_def("BloggyAppy", "Likes")
    }
}

/// The first load: flushed to SSTables when the server stops.
fn load_first(c: &mut Client19, t: i64) {
    c.set_keyspace("BloggyAppy".into()).unwrap();
    c.system_add_column_family(likes_def()).unwrap();
    c.set_keyspace("BloggyAppy".into()).unwrap();
    for i in 0..300 {
        let key = format!("author{i:03}");
        let ts = t + i as i64;
        put(
            c,
            &key,
            "Authors",
            None,
            col(b"name", &format!("Author {i}"), ts, None),
        );
        put(
            c,
            &key,
            "Authors",
            None,
            col(b"email", &format!("a{i}@blog"), ts, None),
        );
        if i % 10 == 0 {
            put(
                c,
                &key,
                "Authors",
                None,
                col(b"bio", "short-lived", ts, Some(3600)),
            );
        }
    }
    for e in 0..20 {
        let key = format!("entry{e}");
        put(
            c,
            &key,
            "BlogEntries",
            None,
            col(b"title", &format!("Post {e}"), t, None),
        );
        put(
            c,
            &key,
            "BlogEntries",
            None,
            col(b"body", "text", t + 1, None),
        );
        put(
            c,
            &format!("tag{}", e % 3),
            "TaggedPosts",
            None,
            col(&uuid(e), &key, t, None),
        );
        for n in 0..3 {
            let sc = uuid(e * 10 + n);
            let ttl = (n == 2).then_some(7200);
            put(
                c,
                &key,
                "Comments",
                Some(&sc),
                col(b"author", &format!("author{n:03}"), t, ttl),
            );
            put(
                c,
                &key,
                "Comments",
                Some(&sc),
                col(b"text", &format!("comment {n}"), t, ttl),
            );
        }
        let like = CounterColumn::new(b"likes".to_vec(), e as i64 + 1);
        c.add(key.into_bytes(), parent("Likes", None), like, CL::ONE)
            .unwrap();
    }
}

/// The second load, deletions included: only in the commit log (SIGKILL).
fn load_second(c: &mut Client19, t: i64) {
    c.set_keyspace("BloggyAppy".into()).unwrap();
    let path = |cf: &str, sc: Option<Vec<u8>>, name: Option<&[u8]>| {
        ColumnPath::new(cf.to_string(), sc, name.map(|n| n.to_vec()))
    };
    let later = t + 1_000_000;
    c.remove(
        b"author000".to_vec(),
        path("Authors", None, Some(b"email")),
        later,
        CL::ONE,
    )
    .unwrap();
    c.remove(
        b"author001".to_vec(),
        path("Authors", None, None),
        later,
        CL::ONE,
    )
    .unwrap();
    c.remove(
        b"entry0".to_vec(),
        path("Comments", Some(uuid(0)), None),
        later,
        CL::ONE,
    )
    .unwrap();
    c.remove(
        b"entry0".to_vec(),
        path("Comments", Some(uuid(1)), Some(b"text")),
        later,
        CL::ONE,
    )
    .unwrap();
    put(
        c,
        "author002",
        "Authors",
        None,
        col(b"late", "1", later, None),
    );
    put(
        c,
        "late-entry",
        "BlogEntries",
        None,
        col(b"title", "Late", later, Some(5400)),
    );
    let like = CounterColumn::new(b"likes".to_vec(), 100);
    c.add(b"entry3".to_vec(), parent("Likes", None), like, CL::ONE)
        .unwrap();
}

/// One cell as read over Thrift: its path, value, timestamp and TTL.
#[derive(Debug, Clone, PartialEq)]
struct Seen {
    path: String,
    value: Vec<u8>,
    timestamp: i64,
    ttl: Option<i32>,
}

fn flat(cols: Vec<ColumnOrSuperColumn>) -> Vec<Seen> {
    let cell = |prefix: String, c: Column| Seen {
        path: format!("{prefix}{}", hexs(&c.name)),
        value: c.value.unwrap_or_default(),
        timestamp: c.timestamp.unwrap_or_default(),
        ttl: c.ttl,
    };
    let mut out = Vec::new();
    for c in cols {
        if let Some(c) = c.column {
            out.push(cell(String::new(), c));
        } else if let Some(sc) = c.super_column {
            let prefix = format!("{}:", hexs(&sc.name));
            out.extend(sc.columns.into_iter().map(|c| cell(prefix.clone(), c)));
        } else if let Some(cc) = c.counter_column {
            out.push(Seen {
                path: hexs(&cc.name),
                value: cc.value.to_be_bytes().to_vec(),
                timestamp: 0,
                ttl: None,
            });
        }
    }
    out
}

fn hexs(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Every non-empty row of a CF, by key.
fn rows(c: &mut Client19, cf: &str) -> BTreeMap<String, Vec<Seen>> {
    let all = SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 10_000));
    let range = KeyRange::new(Vec::new(), Vec::new(), None, None, 10_000, None);
    c.get_range_slices(parent(cf, None), all, range, CL::ONE)
        .unwrap_or_else(|e| panic!("{cf}: {e:?}"))
        .into_iter()
        .filter(|k| !k.columns.is_empty())
        .map(|k| {
            (
                String::from_utf8_lossy(&k.key).into_owned(),
                flat(k.columns),
            )
        })
        .collect()
}

/// Every file under `dir` but the lock, with its bytes.
fn files(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if p.file_name().unwrap() != "LOCK" {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

const CFS: [&str; 5] = ["Authors", "BlogEntries", "TaggedPosts", "Comments", "Likes"];

#[test]
fn the_blog_moves_into_a_cluster_with_its_timestamps_ttls_and_deletions() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let state = dir.path().join("state");
    let t = timestamp();
    let mut src = source(&data);
    load_first(&mut connect19(src.port), t);
    assert!(src.terminate().success());
    let mut src = source(&data);
    load_second(&mut connect19(src.port), t);
    let (_cluster, url) = cluster(dir.path());

    // A running server keeps its data directory.
    let st = state.to_str().unwrap();
    let run = migrate(&data, &url, &["--state", st]);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("a server is running on"), "{}", run.err);
    src.kill9();
    let before = files(&data);

    // Interrupted after 150 rows, then resumed to the end.
    let run = migrate(&data, &url, &["--state", st, "--max-rows", "150"]);
    assert_eq!(run.code, Some(3), "{}\n{}", run.out, run.err);
    assert!(run.err.contains("stopped after 150 rows"), "{}", run.err);
    let progress = std::fs::read_to_string(state.join("progress.json")).unwrap();
    assert!(progress.contains("BloggyAppy/Authors"), "{progress}");
    assert!(!state.join("source-copy").exists());
    let run = migrate(&data, &url, &["--state", st, "--parallel", "4"]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.out, run.err);
    assert!(
        run.err.contains("BloggyAppy/Authors: resuming after"),
        "{}",
        run.err
    );
    assert!(run.err.contains("cells/s"), "{}", run.err);
    assert!(run.out.contains("BloggyAppy/Authors: 299/"), "{}", run.out);
    assert!(
        run.out.contains("verified: the cluster holds every row"),
        "{}",
        run.out
    );
    // A rerun has nothing left to copy and verifies again.
    let run = migrate(&data, &url, &["--state", st]);
    assert_eq!(run.code, Some(0), "{}\n{}", run.out, run.err);
    assert!(
        run.err.contains("BloggyAppy/Likes: already copied"),
        "{}",
        run.err
    );
    // The source is as it was.
    assert!(before == files(&data), "the source directory changed");

    // Through a gateway, the cluster serves what the source serves.
    let gateway = Server::start(&["--config", REPO_CONF, "--in-memory", "--backend", &url]);
    let mut g = connect19(gateway.port);
    g.set_keyspace("BloggyAppy".into()).unwrap();
    g.system_add_column_family(likes_def()).unwrap();
    g.set_keyspace("BloggyAppy".into()).unwrap();
    let src = source(&data);
    let mut s = connect19(src.port);
    s.set_keyspace("BloggyAppy".into()).unwrap();
    for cf in CFS {
        let (want, got) = (rows(&mut s, cf), rows(&mut g, cf));
        assert_eq!(
            want.keys().collect::<Vec<_>>(),
            got.keys().collect::<Vec<_>>(),
            "{cf}: keys"
        );
        for (key, cells) in &want {
            let other = &got[key];
            assert_eq!(
                cells.len(),
                other.len(),
                "{cf}/{key}: {cells:?} vs {other:?}"
            );
            for (a, b) in cells.iter().zip(other) {
                assert_eq!((&a.path, &a.value), (&b.path, &b.value), "{cf}/{key}");
                if cf != "Likes" {
                    assert_eq!(a.timestamp, b.timestamp, "{cf}/{key} {}", a.path);
                }
                // The source shows the TTL given; the cluster what is left.
                match (a.ttl, b.ttl) {
                    (None, None) => {}
                    (Some(x), Some(y)) => assert!(y <= x && y > x - 300, "{cf}/{key}: {x} {y}"),
                    other => panic!("{cf}/{key} {}: ttl {other:?}", a.path),
                }
            }
        }
    }
    // The deletions and the commit log's writes are there.
    let authors = rows(&mut g, "Authors");
    assert_eq!(authors.len(), 299);
    assert!(!authors.contains_key("author001"));
    assert_eq!(authors["author000"].len(), 2, "{:?}", authors["author000"]);
    assert!(authors["author002"].iter().any(|c| c.path == hexs(b"late")));
    assert_eq!(
        authors["author010"]
            .iter()
            .filter(|c| c.ttl.is_some())
            .count(),
        1
    );
    let comments = rows(&mut g, "Comments");
    assert_eq!(comments["entry0"].len(), 3, "{:?}", comments["entry0"]);
    assert!(rows(&mut g, "BlogEntries").contains_key("late-entry"));
    let likes = rows(&mut g, "Likes");
    assert_eq!(likes["entry3"][0].value, 104i64.to_be_bytes());
}

#[test]
fn wrong_urls_unreachable_clusters_and_conflicting_tables_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let mut src = source(&data);
    {
        let mut c = connect19(src.port);
        c.set_keyspace("BloggyAppy".into()).unwrap();
        put(
            &mut c,
            "a",
            "Authors",
            None,
            col(b"name", "A", timestamp(), None),
        );
    }
    assert!(src.terminate().success());
    let state = dir.path().join("state");
    let st = state.to_str().unwrap();

    let run = migrate(&data, "http://127.0.0.1:9042", &["--state", st]);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("expected cassandra://HOST"), "{}", run.err);
    assert!(!state.exists(), "nothing is made for a wrong URL");

    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("cassandra://127.0.0.1:{port}?connect_timeout_ms=2000");
    let run = migrate(&data, &url, &["--state", st]);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("cannot reach 127.0.0.1"), "{}", run.err);

    // The cluster has BloggyAppy.Authors in another shape: nothing is written.
    let (cluster, url) = cluster(dir.path());
    let mut c = connect19(cluster.port);
    cql3(
        &mut c,
        "CREATE KEYSPACE \"BloggyAppy\" WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    c.set_keyspace("BloggyAppy".into()).unwrap();
    cql3(
        &mut c,
        "CREATE TABLE \"Authors\" (key text PRIMARY KEY, x int)",
    );
    let run = migrate(&data, &url, &["--state", st]);
    assert_eq!(run.code, Some(1), "{}", run.err);
    assert!(run.err.contains("conflict"), "{}", run.err);
    assert!(
        run.err
            .contains("BloggyAppy/Authors: the cluster's table has"),
        "{}",
        run.err
    );
    let made: Vec<String> = c
        .describe_keyspace("BloggyAppy".into())
        .unwrap()
        .cf_defs
        .into_iter()
        .map(|d| d.name)
        .collect();
    assert!(
        !made.contains(&"BlogEntries".to_string()),
        "no table was created: {made:?}"
    );
}
