//! Every 0.6 method over the wire, with the generated client, framed and
//! buffered, against the real binary (in memory, conformance schema).

use crate::support::wire;

use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06::{
    AuthenticationRequest, Column, ColumnOrSuperColumn, ColumnParent, ColumnPath,
    ConsistencyLevel as CL, Deletion, KeyRange, Mutation, NotFoundException, SlicePredicate,
    SliceRange, SuperColumn, TCassandraSyncClient,
};
use wire::{conformance_config, ire, timestamp, Client, Server};

fn server() -> Server {
    let conf = conformance_config("storage-conf.xml");
    Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"])
}

fn path(cf: &str, sc: Option<&str>, col: Option<&str>) -> ColumnPath {
    ColumnPath::new(
        cf.to_string(),
        sc.map(|s| s.as_bytes().to_vec()),
        col.map(|s| s.as_bytes().to_vec()),
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

fn insert(c: &mut Client, key: &str, cf: &str, sc: Option<&str>, col: &str, value: &str) {
    c.insert(
        "CT".into(),
        key.into(),
        path(cf, sc, Some(col)),
        value.as_bytes().to_vec(),
        timestamp(),
        CL::ONE,
    )
    .unwrap();
}

fn crud(c: &mut Client, prefix: &str) {
    let k = format!("{prefix}/row");
    insert(c, &k, "StdBytes", None, "b", "vb");
    insert(c, &k, "StdBytes", None, "a", "va");
    let got = c
        .get(
            "CT".into(),
            k.clone(),
            path("StdBytes", None, Some("a")),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(got.column.unwrap().value, b"va");
    let slice = c
        .get_slice(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            all(),
            CL::QUORUM,
        )
        .unwrap();
    assert_eq!(names(&slice), ["a", "b"]);
    let rev = SlicePredicate::new(None, SliceRange::new(vec![], vec![], true, 1));
    let slice = c
        .get_slice(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            rev,
            CL::ONE,
        )
        .unwrap();
    assert_eq!(names(&slice), ["b"]);
    assert_eq!(
        c.get_count(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            CL::ONE
        )
        .unwrap(),
        2
    );

    let other = format!("{prefix}/zz");
    insert(c, &other, "StdBytes", None, "a", "other");
    let multi = c
        .multiget(
            "CT".into(),
            vec![k.clone(), other.clone(), format!("{prefix}/none")],
            path("StdBytes", None, Some("a")),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(multi.len(), 3);
    assert_eq!(multi[&other].column.as_ref().unwrap().value, b"other");
    assert!(multi[&format!("{prefix}/none")].column.is_none());
    let ms = c
        .multiget_slice(
            "CT".into(),
            vec![k.clone(), other.clone()],
            ColumnParent::new("StdBytes".to_string(), None),
            all(),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(names(&ms[&k]), ["a", "b"]);

    let range = KeyRange::new(format!("{prefix}/"), format!("{prefix}/~"), None, None, 10);
    let rows = c
        .get_range_slices(
            "CT".into(),
            ColumnParent::new("StdBytes".to_string(), None),
            all(),
            range,
            CL::ONE,
        )
        .unwrap();
    assert_eq!(
        rows.iter().map(|r| r.key.clone()).collect::<Vec<_>>(),
        [k.clone(), other.clone()]
    );
    let rows = c
        .get_range_slice(
            "CT".into(),
            ColumnParent::new("StdBytes".to_string(), None),
            all(),
            format!("{prefix}/"),
            format!("{prefix}/~"),
            1,
            CL::ONE,
        )
        .unwrap();
    assert_eq!(rows.len(), 1);

    c.remove(
        "CT".into(),
        k.clone(),
        path("StdBytes", None, Some("a")),
        timestamp(),
        CL::ONE,
    )
    .unwrap();
    match c.get(
        "CT".into(),
        k.clone(),
        path("StdBytes", None, Some("a")),
        CL::ONE,
    ) {
        Err(thrift::Error::User(e)) => assert!(e.downcast_ref::<NotFoundException>().is_some()),
        other => panic!("expected NotFoundException, got {other:?}"),
    }
    c.remove(
        "CT".into(),
        k.clone(),
        path("StdBytes", None, None),
        timestamp(),
        CL::ONE,
    )
    .unwrap();
    assert_eq!(
        c.get_count(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            CL::ONE
        )
        .unwrap(),
        0
    );
}

fn supers_and_batches(c: &mut Client, prefix: &str) {
    let k = format!("{prefix}/super");
    let sc = SuperColumn::new(
        b"s1".to_vec(),
        vec![Column::new(b"x".to_vec(), b"1".to_vec(), timestamp())],
    );
    let mut cfmap = BTreeMap::new();
    cfmap.insert(
        "SupBytes".to_string(),
        vec![ColumnOrSuperColumn::new(None, sc)],
    );
    cfmap.insert(
        "StdBytes".to_string(),
        vec![ColumnOrSuperColumn::new(
            Column::new(b"c".to_vec(), b"v".to_vec(), timestamp()),
            None,
        )],
    );
    c.batch_insert("CT".into(), k.clone(), cfmap, CL::ONE)
        .unwrap();
    let got = c
        .get(
            "CT".into(),
            k.clone(),
            path("SupBytes", Some("s1"), None),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(got.super_column.unwrap().columns[0].value, b"1");
    let got = c
        .get(
            "CT".into(),
            k.clone(),
            path("SupBytes", Some("s1"), Some("x")),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(got.column.unwrap().value, b"1");

    let mut by_cf = BTreeMap::new();
    by_cf.insert(
        "SupBytes".to_string(),
        vec![
            Mutation::new(
                ColumnOrSuperColumn::new(
                    None,
                    SuperColumn::new(
                        b"s2".to_vec(),
                        vec![Column::new(b"y".to_vec(), b"2".to_vec(), timestamp())],
                    ),
                ),
                None,
            ),
            Mutation::new(None, Deletion::new(timestamp(), b"s1".to_vec(), None)),
        ],
    );
    let mut map = BTreeMap::new();
    map.insert(k.clone(), by_cf);
    c.batch_mutate("CT".into(), map, CL::ALL).unwrap();
    let scs = c
        .get_slice(
            "CT".into(),
            k.clone(),
            ColumnParent::new("SupBytes".to_string(), None),
            all(),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(names(&scs), ["s2"]);
    let subs = c
        .get_slice(
            "CT".into(),
            k,
            ColumnParent::new("SupBytes".to_string(), b"s2".to_vec()),
            all(),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(names(&subs), ["y"]);
}

fn describe(c: &mut Client) {
    assert_eq!(c.describe_version().unwrap(), "2.2.0");
    assert_eq!(c.describe_cluster_name().unwrap(), "Conformance Cluster");
    assert_eq!(
        c.describe_partitioner().unwrap(),
        "org.apache.cassandra.dht.OrderPreservingPartitioner"
    );
    let ks = c.describe_keyspaces().unwrap();
    assert!(
        ["CT", "Blog", "Other", "system"]
            .iter()
            .all(|k| ks.contains(*k)),
        "{ks:?}"
    );
    let ct = c.describe_keyspace("CT".into()).unwrap();
    assert_eq!(
        ct["SupUTF8Long"]["CompareSubcolumnsWith"],
        "org.apache.cassandra.db.marshal.LongType"
    );
    assert_eq!(ct["StdBytes"]["Type"], "Standard");
    let ring = c.describe_ring("CT".into()).unwrap();
    assert_eq!(ring.len(), 1);
    assert_eq!(ring[0].endpoints, ["127.0.0.1"]);
    assert_eq!(
        ire(c.describe_ring("system".into())),
        "There is no ring for the keyspace: system"
    );
    assert_eq!(
        c.describe_splits("a".into(), "z".into(), 128).unwrap(),
        ["a", "z"]
    );
    assert_eq!(
        c.get_string_property("cluster name".into()).unwrap(),
        "Conformance Cluster"
    );
    assert_eq!(c.get_string_property("version".into()).unwrap(), "2.2.0");
    assert!(c
        .get_string_property("config file".into())
        .unwrap()
        .contains("<ClusterName>Conformance Cluster"));
    assert_eq!(c.get_string_property("nonsense".into()).unwrap(), "?");
    assert!(c
        .get_string_list_property("keyspaces".into())
        .unwrap()
        .contains(&"Blog".to_string()));
    c.login(
        "NoSuchKS".into(),
        AuthenticationRequest::new(BTreeMap::new()),
    )
    .unwrap();
}

fn errors(c: &mut Client, prefix: &str) {
    let k = format!("{prefix}/err");
    let v = b"v".to_vec();
    assert_eq!(
        ire(c.insert(
            "CT".into(),
            k.clone(),
            path("StdLong", None, Some("abc")),
            v.clone(),
            1,
            CL::ONE
        )),
        "A long is exactly 8 bytes"
    );
    assert_eq!(
        ire(c.insert(
            "CT".into(),
            "".into(),
            path("StdBytes", None, Some("c")),
            v.clone(),
            1,
            CL::ONE
        )),
        "Key may not be empty"
    );
    assert_eq!(
        ire(c.insert(
            "NoKS".into(),
            k.clone(),
            path("StdBytes", None, Some("c")),
            v.clone(),
            1,
            CL::ONE
        )),
        "Keyspace NoKS does not exist in this schema."
    );
    assert_eq!(
        ire(c.get(
            "CT".into(),
            k.clone(),
            path("Nope", None, Some("c")),
            CL::ONE
        )),
        "unconfigured columnfamily Nope"
    );
    assert_eq!(
        ire(c.get(
            "CT".into(),
            k.clone(),
            path("StdBytes", None, Some("c")),
            CL::ZERO
        )),
        "Consistency level zero may not be applied to read operations"
    );
    assert_eq!(
        ire(c.get_count(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            CL::ANY
        )),
        "Consistency level any may not be applied to read operations"
    );
    let bad = SlicePredicate::new(
        None,
        SliceRange::new(b"b".to_vec(), b"a".to_vec(), false, 10),
    );
    assert_eq!(
        ire(c.get_slice(
            "CT".into(),
            k.clone(),
            ColumnParent::new("StdBytes".to_string(), None),
            bad,
            CL::ONE
        )),
        "range finish must come after start in the order of traversal"
    );
    let mut m = BTreeMap::new();
    m.insert(
        k.clone(),
        BTreeMap::from([("StdBytes".to_string(), vec![Mutation::new(None, None)])]),
    );
    assert_eq!(
        ire(c.batch_mutate("CT".into(), m, CL::ONE)),
        "Mutation must have one ColumnOrSuperColumn or one Deletion"
    );
    // An unknown consistency level is a protocol error, and the connection stays usable.
    match c.get(
        "CT".into(),
        k.clone(),
        path("StdBytes", None, Some("c")),
        CL(42),
    ) {
        Err(thrift::Error::Application(a)) => {
            assert_eq!(a.kind, thrift::ApplicationErrorKind::ProtocolError);
            assert!(
                a.message.starts_with(
                    "Required field 'consistency_level' was not present! Struct: get_args("
                ),
                "{}",
                a.message
            );
        }
        other => panic!("expected a protocol error, got {other:?}"),
    }
    assert_eq!(c.describe_version().unwrap(), "2.2.0");
}

#[test]
fn all_methods_buffered_and_framed() {
    // A framed 0.6 client opening with describe_version is taken for a
    // 19.x one unless the config says this 0.6 deployment frames, as a
    // 0.6.8 serving framed clients had to (ThriftFramedTransport true).
    let dir = tempfile::tempdir().unwrap();
    let framed_conf = dir.path().join("storage-conf.xml");
    let text = std::fs::read_to_string(conformance_config("storage-conf.xml")).unwrap();
    let text = text.replace(
        "<ThriftFramedTransport>false</ThriftFramedTransport>",
        "<ThriftFramedTransport>true</ThriftFramedTransport>",
    );
    std::fs::write(&framed_conf, text).unwrap();
    let framed_server = Server::start(&["--config", framed_conf.to_str().unwrap(), "--in-memory"]);
    let buffered_server = server();
    for framed in [false, true] {
        let prefix = if framed { "framed" } else { "buffered" };
        let server = if framed {
            &framed_server
        } else {
            &buffered_server
        };
        let mut c = server.client(framed);
        describe(&mut c);
        crud(&mut c, prefix);
        supers_and_batches(&mut c, prefix);
        errors(&mut c, prefix);
    }
}
