//! The cluster backend over the wire: a backend supercolumn serves the
//! native protocol, a gateway supercolumn (`serve --backend cassandra://`)
//! keeps its data there, and generated 19.x clients run a Thrift flow
//! through the gateway, then check what the backend holds through the
//! backend's own Thrift port.

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use wire::thrift19::simple_keyspace;

use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel as CL, Deletion,
    KeyRange, Mutation, NotFoundException, SlicePredicate, SliceRange, SuperColumn,
    TCassandraSyncClient,
};
use wire::{conformance_config, connect19, cql3, gateway, timestamp, Client19, Server};

/// A backend serving native on a free port, and a gateway in front of it,
/// both on the api19 conformance config (Murmur3Partitioner): the gateway
/// finds its tables in the backend already (as Thrift CFs).
fn pair() -> (Server, Server) {
    gateway::pair(&conformance_config("storage-conf-v19.xml"), "")
}

/// As [`pair`], but the backend starts with no keyspace at all: the gateway
/// creates its keyspaces and tables there (super CFs as the CQL table 3.x
/// shows them, which a CQL3-made table is in supercolumn: a composite CF).
fn pair_on_empty_backend(dir: &std::path::Path) -> (Server, Server) {
    let backend = gateway::native_backend(&gateway::v19_without_keyspaces(dir));
    let gateway = gateway::gateway(&conformance_config("storage-conf-v19.xml"), &backend, "");
    (backend, gateway)
}

fn client(s: &Server, ks: &str) -> Client19 {
    let mut c = connect19(s.port);
    c.set_keyspace(ks.into()).unwrap();
    c
}

fn col(name: &str, value: &str, ts: i64, ttl: Option<i32>) -> Column {
    Column::new(name.as_bytes().to_vec(), value.as_bytes().to_vec(), ts, ttl)
}

fn parent(cf: &str, sc: Option<&str>) -> ColumnParent {
    ColumnParent::new(cf.to_string(), sc.map(|s| s.as_bytes().to_vec()))
}

fn path(cf: &str, sc: Option<&str>, c: Option<&str>) -> ColumnPath {
    ColumnPath::new(
        cf.to_string(),
        sc.map(|s| s.as_bytes().to_vec()),
        c.map(|s| s.as_bytes().to_vec()),
    )
}

fn range(start: &str, finish: &str, reversed: bool, count: i32) -> SlicePredicate {
    SlicePredicate::new(
        None,
        SliceRange::new(
            start.as_bytes().to_vec(),
            finish.as_bytes().to_vec(),
            reversed,
            count,
        ),
    )
}

fn by_names(names: &[&str]) -> SlicePredicate {
    SlicePredicate::new(
        names
            .iter()
            .map(|n| n.as_bytes().to_vec())
            .collect::<Vec<_>>(),
        None,
    )
}

/// `name=value@timestamp` of each column (or super column: `name{...}`).
fn shown(cols: &[ColumnOrSuperColumn]) -> Vec<String> {
    cols.iter()
        .map(|c| match (&c.column, &c.super_column) {
            (Some(c), _) => cell(c),
            (None, Some(sc)) => format!(
                "{}{{{}}}",
                String::from_utf8_lossy(&sc.name),
                sc.columns.iter().map(cell).collect::<Vec<_>>().join(",")
            ),
            _ => "?".into(),
        })
        .collect()
}

fn cell(c: &Column) -> String {
    format!(
        "{}={}@{}",
        String::from_utf8_lossy(&c.name),
        String::from_utf8_lossy(c.value.as_deref().unwrap_or_default()),
        c.timestamp.unwrap_or_default()
    )
}

fn everything() -> SlicePredicate {
    range("", "", false, 1000)
}

#[test]
fn a_standard_cf_flow_through_the_gateway_lands_in_the_backend() {
    let (backend, gateway) = pair();
    let mut g = client(&gateway, "CT");
    let cf = "StdUTF8";
    let t = timestamp();
    for (i, name) in ["a", "b", "c", "d", "e"].iter().enumerate() {
        g.insert(
            b"k1".to_vec(),
            parent(cf, None),
            col(name, &format!("v{i}"), t + i as i64, None),
            CL::ONE,
        )
        .unwrap();
    }
    // A TTL'd column reads back with its TTL while it lives.
    g.insert(
        b"k2".to_vec(),
        parent(cf, None),
        col("x", "short", t, Some(3600)),
        CL::QUORUM,
    )
    .unwrap();

    let got = g
        .get(b"k1".to_vec(), path(cf, None, Some("c")), CL::ONE)
        .unwrap();
    assert_eq!(shown(&[got]), [format!("c=v2@{}", t + 2)]);
    assert!(matches!(
        g.get(b"k1".to_vec(), path(cf, None, Some("zz")), CL::ONE),
        Err(thrift::Error::User(e)) if e.downcast_ref::<NotFoundException>().is_some()
    ));
    let ttl = g
        .get(b"k2".to_vec(), path(cf, None, Some("x")), CL::ONE)
        .unwrap();
    let ttl = ttl.column.unwrap().ttl.expect("a ttl");
    assert!((3500..=3600).contains(&ttl), "ttl {ttl}");

    let slice = |g: &mut Client19, p: SlicePredicate| {
        shown(
            &g.get_slice(b"k1".to_vec(), parent(cf, None), p, CL::ONE)
                .unwrap(),
        )
    };
    assert_eq!(
        slice(&mut g, by_names(&["d", "a", "nope"])),
        [format!("a=v0@{t}"), format!("d=v3@{}", t + 3)]
    );
    assert_eq!(
        slice(&mut g, range("b", "d", false, 100)),
        ["b", "c", "d"]
            .iter()
            .enumerate()
            .map(|(i, n)| format!("{n}=v{}@{}", i + 1, t + 1 + i as i64))
            .collect::<Vec<_>>()
    );
    let reversed: Vec<String> = slice(&mut g, range("d", "", true, 2));
    assert_eq!(
        reversed,
        [format!("d=v3@{}", t + 3), format!("c=v2@{}", t + 2)]
    );
    assert_eq!(slice(&mut g, range("", "", false, 2)).len(), 2);
    assert_eq!(
        g.get_count(b"k1".to_vec(), parent(cf, None), everything(), CL::ONE)
            .unwrap(),
        5
    );
    let multi = g
        .multiget_slice(
            vec![b"k1".to_vec(), b"k2".to_vec(), b"k3".to_vec()],
            parent(cf, None),
            range("", "", false, 1),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(multi.len(), 3);
    assert_eq!(shown(&multi[&b"k1".to_vec()]), [format!("a=v0@{t}")]);
    assert!(multi[&b"k3".to_vec()].is_empty());
    // More keys than the server awaits cluster calls for on its task: the
    // call is finished on the pool, the reads already answered replayed.
    let keys: Vec<Vec<u8>> = (0..9).map(|i| format!("k{i}").into_bytes()).collect();
    let many = g
        .multiget_slice(
            keys.clone(),
            parent(cf, None),
            range("", "", false, 1),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(many.len(), keys.len());
    assert_eq!(shown(&many[&b"k1".to_vec()]), [format!("a=v0@{t}")]);
    assert_eq!(many[&b"k2".to_vec()].len(), 1);
    assert!(many[&b"k8".to_vec()].is_empty());

    // A column and then a whole row deleted, each at its own timestamp.
    g.remove(b"k1".to_vec(), path(cf, None, Some("a")), t + 10, CL::ONE)
        .unwrap();
    assert_eq!(slice(&mut g, everything()).len(), 4);
    // A deletion older than the column leaves it.
    g.remove(b"k1".to_vec(), path(cf, None, Some("b")), t, CL::ONE)
        .unwrap();
    assert_eq!(slice(&mut g, everything()).len(), 4);
    g.remove(b"k2".to_vec(), path(cf, None, None), t + 10, CL::ONE)
        .unwrap();
    assert!(g
        .get_slice(b"k2".to_vec(), parent(cf, None), everything(), CL::ONE)
        .unwrap()
        .is_empty());

    // batch_mutate: writes to two rows, a deletion by names in one.
    let mut rows = std::collections::BTreeMap::new();
    let put = |c: Column| Mutation::new(ColumnOrSuperColumn::new(c, None, None, None), None);
    let mut k4 = std::collections::BTreeMap::new();
    k4.insert(
        cf.to_string(),
        vec![put(col("p", "1", t, None)), put(col("q", "2", t, None))],
    );
    rows.insert(b"k4".to_vec(), k4);
    let mut k1 = std::collections::BTreeMap::new();
    k1.insert(
        cf.to_string(),
        vec![Mutation::new(
            None,
            Deletion::new(t + 20, None, by_names(&["e"])),
        )],
    );
    rows.insert(b"k1".to_vec(), k1);
    g.batch_mutate(rows, CL::ONE).unwrap();
    assert_eq!(slice(&mut g, everything()).len(), 3);

    // The keys with data, in the partitioner's order, as the backend has them.
    let keys_of = |c: &mut Client19| -> Vec<Vec<u8>> {
        c.get_range_slices(
            parent(cf, None),
            everything(),
            KeyRange::new(Vec::new(), Vec::new(), None, None, 100, None),
            CL::ONE,
        )
        .unwrap()
        .into_iter()
        .filter(|k| !k.columns.is_empty())
        .map(|k| k.key)
        .collect()
    };
    let mut b = client(&backend, "CT");
    let through_gateway = keys_of(&mut g);
    assert_eq!(through_gateway.len(), 2, "{through_gateway:?}");
    assert_eq!(through_gateway, keys_of(&mut b));
    // A range from a key on: the first key is included.
    let from_second = g
        .get_range_slices(
            parent(cf, None),
            everything(),
            KeyRange::new(
                through_gateway[1].clone(),
                Vec::new(),
                None,
                None,
                100,
                None,
            ),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(from_second[0].key, through_gateway[1]);

    // The backend holds the same columns with the same timestamps.
    let backend_row = b
        .get_slice(b"k1".to_vec(), parent(cf, None), everything(), CL::ONE)
        .unwrap();
    assert_eq!(shown(&backend_row), slice(&mut g, everything()));
    assert_eq!(
        shown(&backend_row),
        [
            format!("b=v1@{}", t + 1),
            format!("c=v2@{}", t + 2),
            format!("d=v3@{}", t + 3)
        ]
    );

    g.truncate(cf.into()).unwrap();
    assert!(keys_of(&mut b).is_empty());
    assert!(keys_of(&mut g).is_empty());
}

#[test]
fn a_super_cf_flow_through_the_gateway_lands_in_the_backend() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair_on_empty_backend(dir.path());
    let mut g = client(&gateway, "CT");
    let cf = "SupBytes";
    let t = timestamp();
    for (sc, name, value) in [
        ("s1", "a", "1"),
        ("s1", "b", "2"),
        ("s2", "a", "3"),
        ("s3", "c", "4"),
    ] {
        g.insert(
            b"k".to_vec(),
            parent(cf, Some(sc)),
            col(name, value, t, None),
            CL::ONE,
        )
        .unwrap();
    }
    let supers = |c: &mut Client19, p: SlicePredicate| {
        shown(
            &c.get_slice(b"k".to_vec(), parent(cf, None), p, CL::ONE)
                .unwrap(),
        )
    };
    assert_eq!(
        supers(&mut g, everything()),
        [
            format!("s1{{a=1@{t},b=2@{t}}}"),
            format!("s2{{a=3@{t}}}"),
            format!("s3{{c=4@{t}}}")
        ]
    );
    assert_eq!(
        supers(&mut g, range("", "", true, 2)),
        [format!("s3{{c=4@{t}}}"), format!("s2{{a=3@{t}}}")]
    );
    assert_eq!(
        supers(&mut g, by_names(&["s3", "s1"])),
        [format!("s1{{a=1@{t},b=2@{t}}}"), format!("s3{{c=4@{t}}}")]
    );
    let sub = g
        .get_slice(
            b"k".to_vec(),
            parent(cf, Some("s1")),
            range("b", "", false, 10),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(shown(&sub), [format!("b=2@{t}")]);
    let one = g
        .get(b"k".to_vec(), path(cf, Some("s2"), None), CL::ONE)
        .unwrap();
    assert_eq!(
        one.super_column,
        Some(SuperColumn::new(
            b"s2".to_vec(),
            vec![col("a", "3", t, None)]
        ))
    );
    // A super column deleted whole, a sub-column alone.
    g.remove(b"k".to_vec(), path(cf, Some("s2"), None), t + 1, CL::ONE)
        .unwrap();
    g.remove(
        b"k".to_vec(),
        path(cf, Some("s1"), Some("a")),
        t + 1,
        CL::ONE,
    )
    .unwrap();
    let expected = [format!("s1{{b=2@{t}}}"), format!("s3{{c=4@{t}}}")];
    assert_eq!(supers(&mut g, everything()), expected);
    // The backend holds the (key, column1, column2, value) rows.
    let mut b = client(&backend, "CT");
    let rows = cql3(
        &mut b,
        "SELECT column1, column2, value, writetime(value) FROM \"SupBytes\" WHERE key = 0x6b",
    )
    .rows
    .unwrap_or_default();
    let rows: Vec<String> = rows
        .iter()
        .map(|r| {
            let v: Vec<Vec<u8>> = r
                .columns
                .iter()
                .map(|c| c.value.clone().unwrap_or_default())
                .collect();
            format!(
                "{}/{}={}@{}",
                String::from_utf8_lossy(&v[0]),
                String::from_utf8_lossy(&v[1]),
                String::from_utf8_lossy(&v[2]),
                i64::from_be_bytes(v[3].clone().try_into().unwrap())
            )
        })
        .collect();
    assert_eq!(rows, [format!("s1/b=2@{t}"), format!("s3/c=4@{t}")]);
}

#[test]
fn a_keyspace_made_through_the_gateway_is_made_in_the_backend() {
    let dir = tempfile::tempdir().unwrap();
    let (backend, gateway) = pair_on_empty_backend(dir.path());
    let mut g = connect19(gateway.port);
    let cf = CfDef {
        comparator_type: Some("LongType".into()),
        default_validation_class: Some("UTF8Type".into()),
        ..blank_cf_def("Made", "Wide")
    };
    let ks = simple_keyspace("Made", vec![cf]);
    g.system_add_keyspace(ks).unwrap();
    g.set_keyspace("Made".into()).unwrap();
    let t = timestamp();
    let name = |n: i64| n.to_be_bytes().to_vec();
    for n in [3i64, -1, 20] {
        let c = Column::new(name(n), format!("n{n}").into_bytes(), t, None);
        g.insert(b"row".to_vec(), parent("Wide", None), c, CL::ONE)
            .unwrap();
    }
    let order = |c: &mut Client19| -> Vec<i64> {
        c.get_slice(b"row".to_vec(), parent("Wide", None), everything(), CL::ONE)
            .unwrap()
            .into_iter()
            .map(|c| i64::from_be_bytes(c.column.unwrap().name.try_into().unwrap()))
            .collect()
    };
    // LongType order (-1 first), through the gateway and in the backend.
    assert_eq!(order(&mut g), [-1, 3, 20]);
    let mut b = client(&backend, "Made");
    assert_eq!(order(&mut b), [-1, 3, 20]);
    let def = b.describe_keyspace("Made".into()).unwrap();
    let wide = &def.cf_defs[0];
    assert!(wide
        .comparator_type
        .as_deref()
        .unwrap()
        .ends_with("LongType"));
    assert!(wide
        .default_validation_class
        .as_deref()
        .unwrap()
        .ends_with("UTF8Type"));
}

#[test]
fn a_gateway_whose_cluster_cannot_be_reached_does_not_start() {
    // A port nothing listens on: the one a closed listener had.
    let port = {
        let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        l.local_addr().unwrap().port()
    };
    let url = format!("cassandra://127.0.0.1:{port}?connect_timeout_ms=2000");
    let (status, log) = Server::try_start(&["--in-memory", "--backend", &url])
        .err()
        .expect("the gateway must not start");
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
    assert!(log.contains("cannot use the cluster at 127.0.0.1"), "{log}");
    let (status, log) = Server::try_start(&["--in-memory", "--backend", "cassandra://"])
        .err()
        .expect("a bad URL must not start");
    assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
    assert!(log.contains("empty host"), "{log}");
}
