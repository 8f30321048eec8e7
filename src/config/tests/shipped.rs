//! The configs that ship: the repository's storage-conf.xml and the ones the
//! conformance cases were recorded under parse to what they say, and the
//! copies kept here stay those of the corpus.

use super::*;

/// The configs the 0.6 conformance cases were recorded under (copied from
/// the conformance corpus so the tests do not depend on its location).
const CONFORMANCE: &[(&str, &str)] = &[
    (
        "storage-conf.xml",
        include_str!("../testdata/storage-conf.xml"),
    ),
    (
        "storage-conf-random.xml",
        include_str!("../testdata/storage-conf-random.xml"),
    ),
    (
        "storage-conf-batch.xml",
        include_str!("../testdata/storage-conf-batch.xml"),
    ),
    (
        "storage-conf-v19.xml",
        include_str!("../testdata/storage-conf-v19.xml"),
    ),
];

pub(super) const REPO_CONF: &str = include_str!("../../../storage-conf.xml");

#[test]
fn conformance_configs_parse() {
    for (name, xml) in CONFORMANCE {
        let c = Config::from_xml(xml, name).unwrap_or_else(|e| panic!("{e}"));
        assert!(c.warnings().is_empty(), "{name}: {:?}", c.warnings());
        let names: Vec<&str> = c.keyspaces.iter().map(|k| k.name.as_str()).collect();
        assert_eq!(names, ["CT", "Blog", "Other"], "{name}");
        let ct = c.keyspace("CT").unwrap();
        assert_eq!(ct.column_families.len(), 16);
        let sup = ct.column_family("SupAsciiTimeUUID").unwrap();
        assert!(sup.is_super());
        assert_eq!(sup.compare_with, "AsciiType");
        assert_eq!(sup.compare_subcolumns_with.as_deref(), Some("TimeUUIDType"));
        let std = ct.column_family("StdLong").unwrap();
        assert!(!std.is_super());
        assert_eq!(std.compare_subcolumns_with, None);
        assert_eq!(std.keys_cached.value, 200000.0, "0.6 default");
        assert_eq!(std.rows_cached.value, 0.0);
        let comments = c
            .keyspace("Blog")
            .unwrap()
            .column_family("Comments")
            .unwrap();
        assert_eq!(comments.compare_with, "TimeUUIDType");
        assert_eq!(
            comments.compare_subcolumns_with.as_deref(),
            Some("BytesType")
        );
        assert_eq!(c.thrift_port, 9160);
        assert!(!c.thrift_framed_transport);
        assert_eq!(c.thrift_listen_address(), "127.0.0.1");
        assert_eq!(c.gc_grace_seconds, 864000);
        assert_eq!(c.memtable_operations_in_millions, 0.3);
        assert_eq!(c.authenticator.class_name, DEFAULT_AUTHENTICATOR);
        assert_eq!(
            c.data_file_directories,
            [PathBuf::from("/var/lib/cassandra/data")]
        );
        assert_eq!(c.initial_token, None, "an empty element is absent");
        let ignored: Vec<&str> = c.ignored().iter().map(|i| i.setting.as_str()).collect();
        for s in [
            "Seeds",
            "ListenAddress",
            "StoragePort",
            "RpcTimeoutInMillis",
            "AutoBootstrap",
        ] {
            assert!(ignored.contains(&s), "{name}: {s} not in {ignored:?}");
        }
        assert!(!ignored.contains(&"InitialToken"));
    }
    let by_name =
        |n: &str| Config::from_xml(CONFORMANCE.iter().find(|c| c.0 == n).unwrap().1, n).unwrap();
    let plain = by_name("storage-conf.xml");
    assert_eq!(plain.cluster_name, "Conformance Cluster");
    assert_eq!(
        plain.partitioner,
        "org.apache.cassandra.dht.OrderPreservingPartitioner"
    );
    assert_eq!(
        plain.commit_log_sync,
        CommitLogSync::Periodic {
            period_in_ms: 10000
        }
    );
    assert_eq!(
        by_name("storage-conf-random.xml").partitioner,
        "org.apache.cassandra.dht.RandomPartitioner"
    );
    assert_eq!(
        by_name("storage-conf-batch.xml").commit_log_sync,
        CommitLogSync::Batch { window_in_ms: 1.0 }
    );
    let api19 = by_name("storage-conf-v19.xml");
    assert_eq!(
        api19.partitioner,
        "org.apache.cassandra.dht.Murmur3Partitioner"
    );
    assert_eq!(api19.cluster_name, "Test Cluster");
}

#[test]
fn repository_config_is_the_0_6_sample_plus_bloggyappy() {
    let c = parse(REPO_CONF);
    assert!(c.warnings().is_empty(), "{:?}", c.warnings());
    assert_eq!(c.partitioner, "org.apache.cassandra.dht.RandomPartitioner");
    assert_eq!(c.thrift_port, 9160);
    assert_eq!(
        c.commit_log_sync,
        CommitLogSync::Periodic {
            period_in_ms: 10000
        }
    );
    assert_eq!(
        c.commit_log_directory,
        Some(PathBuf::from("./data/commitlog"))
    );
    assert_eq!(c.data_file_directories, [PathBuf::from("./data/data")]);
    assert_eq!(
        c.saved_caches_directory,
        Some(PathBuf::from("./data/saved_caches"))
    );
    assert_eq!(c.thrift_max_message_length_in_mb, 16);
    assert_eq!(c.thrift_max_message_length(), 16 << 20);

    let ks1 = c.keyspace("Keyspace1").unwrap();
    let names: Vec<&str> = ks1
        .column_families
        .iter()
        .map(|cf| cf.name.as_str())
        .collect();
    assert_eq!(
        names,
        [
            "Standard1",
            "Standard2",
            "StandardByUUID1",
            "Super1",
            "Super2"
        ]
    );
    let s1 = ks1.column_family("Standard1").unwrap();
    assert_eq!(
        (s1.keys_cached.raw.as_str(), s1.rows_cached.raw.as_str()),
        ("1000", "100")
    );
    assert_eq!(
        (
            s1.row_cache_save_period_in_seconds,
            s1.key_cache_save_period_in_seconds
        ),
        (0, 3600)
    );
    let s2 = ks1.column_family("Standard2").unwrap();
    assert_eq!(
        (s2.compare_with.as_str(), s2.keys_cached.value),
        ("UTF8Type", 1.0)
    );
    assert_eq!(
        ks1.column_family("StandardByUUID1").unwrap().compare_with,
        "TimeUUIDType"
    );
    let sup1 = ks1.column_family("Super1").unwrap();
    assert_eq!(sup1.compare_subcolumns_with.as_deref(), Some("BytesType"));
    let sup2 = ks1.column_family("Super2").unwrap();
    assert!(sup2.is_super());
    assert_eq!(
        (
            sup2.compare_with.as_str(),
            sup2.compare_subcolumns_with.as_deref()
        ),
        ("UTF8Type", Some("UTF8Type"))
    );
    assert_eq!(
        (sup2.rows_cached.raw.as_str(), sup2.keys_cached.raw.as_str()),
        ("10000", "50%")
    );
    assert_eq!(
        sup2.comment.as_deref(),
        Some(
            "A column family with supercolumns, whose column and subcolumn names are UTF8 strings"
        )
    );

    let blog = c.keyspace("BloggyAppy").unwrap();
    let names: Vec<&str> = blog
        .column_families
        .iter()
        .map(|cf| cf.name.as_str())
        .collect();
    assert_eq!(names, ["Authors", "BlogEntries", "TaggedPosts", "Comments"]);
    let comments = blog.column_family("Comments").unwrap();
    assert!(comments.is_super());
    assert_eq!(comments.compare_with, "TimeUUIDType");
    assert_eq!(
        comments.compare_subcolumns_with.as_deref(),
        Some("BytesType")
    );
    assert_eq!(
        blog.column_family("TaggedPosts").unwrap().compare_with,
        "TimeUUIDType"
    );
}

/// The copies in `testdata/` must stay those of the conformance corpus.
#[test]
fn testdata_matches_the_conformance_corpus() {
    let corpus = Path::new("/work/shared/conformance/config");
    if !corpus.is_dir() {
        eprintln!(
            "skipped: the conformance corpus is not at {}",
            corpus.display()
        );
        return;
    }
    for (name, copy) in CONFORMANCE {
        let original = std::fs::read_to_string(corpus.join(name)).unwrap();
        assert_eq!(&original, copy, "{name} differs from the corpus");
    }
}
