//! 19.x schema calls over the wire: a keyspace and column families made
//! through the API take writes, survive a restart (on disk), can be
//! truncated and dropped; describe_keyspace reports them as 1.2.9 did.

use crate::support::wire;

use supercolumn::thrift::client::blank_cf_def;
use supercolumn::thrift::gen::cassandra19::{
    CfDef, Column, ColumnParent, ConsistencyLevel as CL, KsDef, SlicePredicate, SliceRange,
    TCassandraSyncClient,
};
use wire::{conformance_config, connect19, ire19 as ire, timestamp, Client19, Server};

fn cf_def(ks: &str, name: &str, comparator: &str) -> CfDef {
    CfDef {
        comparator_type: Some(comparator.into()),
        ..blank_cf_def(ks, name)
    }
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn count(c: &mut Client19, cf: &str) -> usize {
    c.get_slice(
        b"k".to_vec(),
        ColumnParent::new(cf.to_string(), None),
        all(),
        CL::ONE,
    )
    .unwrap()
    .len()
}

#[test]
fn dynamic_keyspaces_live_across_restarts() {
    let data = tempfile::tempdir().unwrap();
    let conf = conformance_config("storage-conf-v19.xml");
    let args = [
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.path().to_str().unwrap(),
    ];
    let mut s = Server::start(&args);
    let mut c = connect19(s.port);
    let ks = KsDef::new(
        "dyn".to_string(),
        "SimpleStrategy".to_string(),
        [("replication_factor".to_string(), "1".to_string())]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        None,
        vec![cf_def("dyn", "A", "UTF8Type")],
        None,
    );
    let version = c.system_add_keyspace(ks.clone()).unwrap();
    assert_eq!(version.len(), 36, "a schema version UUID: {version}");
    assert_eq!(
        ire(c.system_add_keyspace(ks)),
        "Keyspace names must be case-insensitively unique (\"dyn\" conflicts with \"dyn\")"
    );
    c.set_keyspace("dyn".into()).unwrap();
    c.system_add_column_family(cf_def("dyn", "B", "BytesType"))
        .unwrap();
    let ts = timestamp();
    for cf in ["A", "B"] {
        let col = Column::new(b"name".to_vec(), b"v".to_vec(), ts, None);
        c.insert(
            b"k".to_vec(),
            ColumnParent::new(cf.into(), None),
            col,
            CL::ONE,
        )
        .unwrap();
    }
    let described = c.describe_keyspace("dyn".into()).unwrap();
    let a = described.cf_defs.iter().find(|d| d.name == "A").unwrap();
    assert_eq!(
        a.comparator_type.as_deref(),
        Some("org.apache.cassandra.db.marshal.UTF8Type")
    );
    c.truncate("B".into()).unwrap();
    assert_eq!(count(&mut c, "B"), 0);
    drop(c);
    assert!(s.terminate().success());

    let s = Server::start(&args);
    let mut c = connect19(s.port);
    c.set_keyspace("dyn".into()).unwrap();
    assert_eq!(
        count(&mut c, "A"),
        1,
        "a dynamic CF's data survives a restart"
    );
    c.system_drop_column_family("A".into()).unwrap();
    assert_eq!(
        ire(c.get_slice(
            b"k".to_vec(),
            ColumnParent::new("A".into(), None),
            all(),
            CL::ONE
        )),
        "unconfigured columnfamily A"
    );
    c.system_drop_keyspace("dyn".into()).unwrap();
    assert_eq!(
        ire(c.set_keyspace("dyn".into())),
        "Keyspace 'dyn' does not exist"
    );
}

#[test]
fn counters_add_up_and_delete() {
    use supercolumn::thrift::gen::cassandra19::{
        ColumnOrSuperColumn, ColumnPath, CounterColumn, Deletion, Mutation,
    };
    let conf = conformance_config("storage-conf-v19.xml");
    let s = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
    let mut c = connect19(s.port);
    let mut counts = cf_def("cnt", "Counts", "UTF8Type");
    counts.default_validation_class = Some("CounterColumnType".into());
    let ks = KsDef::new(
        "cnt".to_string(),
        "SimpleStrategy".to_string(),
        [("replication_factor".to_string(), "1".to_string())]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        None,
        vec![counts, cf_def("cnt", "Plain", "BytesType")],
        None,
    );
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("cnt".into()).unwrap();
    let parent = ColumnParent::new("Counts".to_string(), None);
    let hits = || CounterColumn::new(b"hits".to_vec(), 5);
    c.add(b"k".to_vec(), parent.clone(), hits(), CL::ONE)
        .unwrap();
    c.add(
        b"k".to_vec(),
        parent.clone(),
        CounterColumn::new(b"hits".to_vec(), -2),
        CL::ONE,
    )
    .unwrap();
    let inc = Mutation::new(ColumnOrSuperColumn::new(None, None, hits(), None), None);
    let map = [(
        b"k".to_vec(),
        [("Counts".to_string(), vec![inc.clone(), inc])]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
    )]
    .into_iter()
    .collect();
    c.batch_mutate(map, CL::ONE).unwrap();
    let path = ColumnPath::new("Counts".to_string(), None, b"hits".to_vec());
    let got = c.get(b"k".to_vec(), path.clone(), CL::ONE).unwrap();
    assert_eq!(got.counter_column.unwrap().value, 13);
    assert_eq!(
        ire(c.add(b"k".to_vec(), parent.clone(), hits(), CL::ANY)),
        "Consistency level ANY is not yet supported for counter columnfamily Counts"
    );
    assert_eq!(
        ire(c.add(
            b"k".to_vec(),
            ColumnParent::new("Plain".into(), None),
            hits(),
            CL::ONE
        )),
        "invalid operation for non commutative columnfamily Plain"
    );
    c.remove_counter(b"k".to_vec(), path.clone(), CL::ONE)
        .unwrap();
    assert_eq!(count(&mut c, "Counts"), 0);
    c.add(b"k".to_vec(), parent, hits(), CL::ONE).unwrap();
    let got = c.get(b"k".to_vec(), path, CL::ONE).unwrap();
    assert_eq!(
        got.counter_column.unwrap().value,
        5,
        "a deleted counter restarts"
    );
    let del = Deletion::new(None, None, None);
    let map = [(
        b"k".to_vec(),
        [("Counts".to_string(), vec![Mutation::new(None, del)])]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
    )]
    .into_iter()
    .collect();
    c.batch_mutate(map, CL::ONE).unwrap();
    assert_eq!(count(&mut c, "Counts"), 0);
}

/// One engine and one schema for both generations: a keyspace made by a
/// 19.x client is listed to, written and read by a 0.6 client, and all of
/// it (data, counters, a truncate of a configuration CF) survives a restart.
#[test]
fn dynamic_keyspaces_are_shared_with_0_6_clients_and_config_cfs_truncate() {
    use supercolumn::thrift::gen::cassandra06 as t06;
    use supercolumn::thrift::gen::cassandra06::TCassandraSyncClient as _;
    use supercolumn::thrift::gen::cassandra19::{ColumnPath, CounterColumn};
    use wire::connect;

    let data = tempfile::tempdir().unwrap();
    let conf = conformance_config("storage-conf-v19.xml");
    let args = [
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.path().to_str().unwrap(),
    ];
    let path06 =
        |cf: &str, col: &str| t06::ColumnPath::new(cf.into(), None, col.as_bytes().to_vec());
    let names06 = |c: &mut wire::Client, ks: &str, cf: &str| -> Vec<String> {
        let all = t06::SlicePredicate::new(None, t06::SliceRange::new(vec![], vec![], false, 100));
        c.get_slice(
            ks.into(),
            "k".into(),
            t06::ColumnParent::new(cf.into(), None),
            all,
            t06::ConsistencyLevel::ONE,
        )
        .unwrap()
        .into_iter()
        .map(|c| String::from_utf8(c.column.unwrap().name).unwrap())
        .collect()
    };
    let counter_path = ColumnPath::new("Hits".to_string(), None, b"n".to_vec());

    let mut s = Server::start(&args);
    let mut c19 = connect19(s.port);
    let mut hits = cf_def("mixed", "Hits", "UTF8Type");
    hits.default_validation_class = Some("CounterColumnType".into());
    let ks = KsDef::new(
        "mixed".to_string(),
        "SimpleStrategy".to_string(),
        [("replication_factor".to_string(), "1".to_string())]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        None,
        vec![cf_def("mixed", "Std", "UTF8Type"), hits],
        None,
    );
    c19.system_add_keyspace(ks).unwrap();
    c19.set_keyspace("mixed".into()).unwrap();
    c19.add(
        b"k".to_vec(),
        ColumnParent::new("Hits".into(), None),
        CounterColumn::new(b"n".to_vec(), 7),
        CL::ONE,
    )
    .unwrap();

    let mut c06 = connect(s.port, false);
    c06.insert(
        "mixed".into(),
        "k".into(),
        path06("Std", "from06"),
        b"v".to_vec(),
        timestamp(),
        t06::ConsistencyLevel::ONE,
    )
    .unwrap();
    let refused = wire::ire(c06.insert(
        "mixed".into(),
        "k".into(),
        path06("Hits", "n"),
        b"v".to_vec(),
        timestamp(),
        t06::ConsistencyLevel::ONE,
    ));
    assert!(
        refused.contains("counter column family"),
        "a 0.6 insert into a counter CF is refused cleanly: {refused}"
    );
    assert!(
        c06.describe_keyspaces().unwrap().contains("mixed"),
        "0.6's describe_keyspaces lists a dynamic keyspace"
    );
    assert!(c06
        .describe_keyspace("mixed".into())
        .unwrap()
        .contains_key("Std"));
    assert_eq!(names06(&mut c06, "mixed", "Std"), ["from06"]);
    assert_eq!(count(&mut c19, "Std"), 1, "19.x reads what 0.6 wrote");

    // A configuration CF: written by 0.6, truncated by 19.x.
    for col in ["old1", "old2"] {
        c06.insert(
            "CT".into(),
            "k".into(),
            path06("StdBytes", col),
            b"v".to_vec(),
            timestamp(),
            t06::ConsistencyLevel::ONE,
        )
        .unwrap();
    }
    c19.set_keyspace("CT".into()).unwrap();
    c19.truncate("StdBytes".into()).unwrap();
    assert!(names06(&mut c06, "CT", "StdBytes").is_empty());
    c06.insert(
        "CT".into(),
        "k".into(),
        path06("StdBytes", "new"),
        b"v".to_vec(),
        timestamp(),
        t06::ConsistencyLevel::ONE,
    )
    .unwrap();
    drop((c06, c19));
    assert!(s.terminate().success());

    let mut s = Server::start(&args);
    let mut c06 = connect(s.port, true);
    assert_eq!(names06(&mut c06, "mixed", "Std"), ["from06"]);
    assert_eq!(
        names06(&mut c06, "CT", "StdBytes"),
        ["new"],
        "the truncate of a configuration CF holds after a restart"
    );
    let mut c19 = connect19(s.port);
    c19.set_keyspace("mixed".into()).unwrap();
    let got = c19
        .get(b"k".to_vec(), counter_path.clone(), CL::ONE)
        .unwrap();
    assert_eq!(got.counter_column.unwrap().value, 7);
    drop((c06, c19));
    // A crash, not a clean stop: the commit log replays into dynamic CFs.
    s.kill9();

    let mut s = Server::start(&args);
    let mut c06 = connect(s.port, false);
    c06.insert(
        "mixed".into(),
        "k".into(),
        path06("Std", "after"),
        b"v".to_vec(),
        timestamp(),
        t06::ConsistencyLevel::ONE,
    )
    .unwrap();
    let mut c19 = connect19(s.port);
    c19.set_keyspace("mixed".into()).unwrap();
    c19.add(
        b"k".to_vec(),
        ColumnParent::new("Hits".into(), None),
        CounterColumn::new(b"n".to_vec(), 1),
        CL::ONE,
    )
    .unwrap();
    drop((c06, c19));
    s.kill9();

    let s = Server::start(&args);
    let mut c06 = connect(s.port, false);
    assert_eq!(names06(&mut c06, "mixed", "Std"), ["after", "from06"]);
    let mut c19 = connect19(s.port);
    c19.set_keyspace("mixed".into()).unwrap();
    let got = c19.get(b"k".to_vec(), counter_path, CL::ONE).unwrap();
    assert_eq!(
        got.counter_column.unwrap().value,
        8,
        "counter increments replayed from the commit log exactly once"
    );
}

/// get_indexed_slices goes through the engine's KEYS indexes: EQ on the
/// indexed column plus a filter on another, overwritten values not found
/// under their old value, and the index rebuilt after a restart.
#[test]
fn indexed_slices_use_the_engine_index_across_restarts() {
    use supercolumn::thrift::gen::cassandra19::{
        ColumnDef, IndexClause, IndexExpression, IndexOperator, IndexType,
    };
    let data = tempfile::tempdir().unwrap();
    let conf = conformance_config("storage-conf-v19.xml");
    let args = [
        "--config",
        conf.to_str().unwrap(),
        "--data-dir",
        data.path().to_str().unwrap(),
    ];
    let mut users = cf_def("idx", "Users", "UTF8Type");
    users.column_metadata = Some(vec![
        ColumnDef::new(
            b"state".to_vec(),
            "UTF8Type".into(),
            IndexType::KEYS,
            Some("state_idx".to_string()),
            None,
        ),
        ColumnDef::new(b"age".to_vec(), "LongType".into(), None, None, None),
    ]);
    let ks = KsDef::new(
        "idx".to_string(),
        "SimpleStrategy".to_string(),
        [("replication_factor".to_string(), "1".to_string())]
            .into_iter()
            .collect::<std::collections::BTreeMap<_, _>>(),
        None,
        vec![users],
        None,
    );
    let put = |c: &mut Client19, key: &str, name: &str, value: Vec<u8>| {
        let col = Column::new(name.as_bytes().to_vec(), value, timestamp(), None);
        c.insert(
            key.as_bytes().to_vec(),
            ColumnParent::new("Users".into(), None),
            col,
            CL::ONE,
        )
        .unwrap();
    };
    let query = |c: &mut Client19, min_age: i64| -> Vec<String> {
        let clause = IndexClause::new(
            vec![
                IndexExpression::new(b"state".to_vec(), IndexOperator::EQ, b"TX".to_vec()),
                IndexExpression::new(
                    b"age".to_vec(),
                    IndexOperator::GTE,
                    min_age.to_be_bytes().to_vec(),
                ),
            ],
            vec![],
            100,
        );
        let mut keys: Vec<String> = c
            .get_indexed_slices(
                ColumnParent::new("Users".into(), None),
                clause,
                all(),
                CL::ONE,
            )
            .unwrap()
            .into_iter()
            .map(|s| String::from_utf8(s.key).unwrap())
            .collect();
        keys.sort();
        keys
    };

    let mut s = Server::start(&args);
    let mut c = connect19(s.port);
    c.system_add_keyspace(ks).unwrap();
    c.set_keyspace("idx".into()).unwrap();
    for (key, state, age) in [
        ("u1", "TX", 30),
        ("u2", "CA", 40),
        ("u3", "TX", 50),
        ("u4", "TX", 20),
    ] {
        put(&mut c, key, "state", state.as_bytes().to_vec());
        put(&mut c, key, "age", i64::to_be_bytes(age).to_vec());
    }
    put(&mut c, "u3", "state", b"NY".to_vec());
    assert_eq!(query(&mut c, 25), ["u1"], "u3 moved away, u4 is too young");
    assert_eq!(query(&mut c, 0), ["u1", "u4"]);
    drop(c);
    assert!(s.terminate().success());

    let s = Server::start(&args);
    let mut c = connect19(s.port);
    c.set_keyspace("idx".into()).unwrap();
    assert_eq!(
        query(&mut c, 0),
        ["u1", "u4"],
        "the index is rebuilt on open"
    );
    put(&mut c, "u2", "state", b"TX".to_vec());
    assert_eq!(query(&mut c, 25), ["u1", "u2"]);
}
