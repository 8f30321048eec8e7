//! Query tracing over Thrift 19.x: `trace_next_query` hands out a session
//! id, the connection's next call runs traced, and its session and events
//! are read back from `system_traces` with CQL over Thrift. The events say
//! what the read did: the partition read, the SSTables consulted, the
//! cells and tombstones merged.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::ConsistencyLevel as CL;
use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnParent, CqlResult, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{connect19, cql3, Client19, Server};

/// The values of a CQL result's rows, column by column, as text.
fn texts(r: CqlResult) -> Vec<Vec<String>> {
    r.rows
        .unwrap_or_default()
        .into_iter()
        .map(|row| {
            row.columns
                .into_iter()
                .map(|c| String::from_utf8_lossy(&c.value.unwrap_or_default()).into_owned())
                .collect()
        })
        .collect()
}

fn uuid(id: &[u8]) -> String {
    uuid::Uuid::from_slice(id).unwrap().to_string()
}

/// The activities of session `id`, in order.
fn activities(c: &mut Client19, id: &[u8]) -> Vec<String> {
    let q = format!(
        "SELECT activity FROM system_traces.events WHERE session_id = {}",
        uuid(id)
    );
    texts(cql3(c, &q))
        .into_iter()
        .map(|mut r| r.remove(0))
        .collect()
}

#[test]
fn the_call_after_trace_next_query_is_traced_with_its_tombstones() {
    let s = Server::start(&["--in-memory"]);
    let mut c = connect19(s.port);
    cql3(
        &mut c,
        "CREATE KEYSPACE tr WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql3(
        &mut c,
        "CREATE TABLE tr.t (p int, c int, v int, PRIMARY KEY (p, c))",
    );
    for k in 1..=4 {
        cql3(
            &mut c,
            &format!("INSERT INTO tr.t (p, c, v) VALUES (1, {k}, {k})"),
        );
    }
    for k in 1..=3 {
        cql3(
            &mut c,
            &format!("DELETE v FROM tr.t WHERE p = 1 AND c = {k}"),
        );
    }
    let id = c.trace_next_query().unwrap();
    assert_eq!(id.len(), 16, "a UUID");
    let r = texts(cql3(&mut c, "SELECT c FROM tr.t WHERE p = 1"));
    assert_eq!(r.len(), 4);
    let session = format!(
        "SELECT request, parameters FROM system_traces.sessions WHERE session_id = {}",
        uuid(&id)
    );
    let sessions = cql3(&mut c, &session).rows.unwrap();
    assert_eq!(sessions.len(), 1);
    let request = sessions[0].columns[0].value.clone().unwrap();
    assert_eq!(request, b"execute_cql3_query");
    let acts = activities(&mut c, &id);
    for step in [
        "Parsing SELECT c FROM tr.t WHERE p = 1",
        "Preparing statement",
        "Executing single-partition query on t",
        "Acquiring sstable references",
        "Merging memtable tombstones",
        "Merging data from memtables and 0 sstables",
        // Four row markers and one live value; three deleted values.
        "Read 5 live and 3 tombstoned cells",
        "Returning 4 rows",
    ] {
        assert!(acts.iter().any(|a| a == step), "{step:?} in {acts:?}");
    }
    // Only the next call: the reads of the trace were not traced.
    let all = texts(cql3(
        &mut c,
        "SELECT session_id FROM system_traces.sessions",
    ));
    assert_eq!(all.len(), 1, "{all:?}");
}

/// Writes column `name` of row `row` in Keyspace1.Standard1.
fn insert(c: &mut Client19, name: &[u8]) {
    let parent = ColumnParent::new("Standard1".to_string(), None);
    let col = Column::new(name.to_vec(), b"v".to_vec(), wire::timestamp(), None);
    c.insert(b"row".to_vec(), parent, col, CL::ONE).unwrap();
}

#[test]
fn a_traced_get_slice_names_the_sstables_it_read() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let s = Server::start(&["--data-dir", data, "--admin-listen", "127.0.0.1:0"]);
    let mut c = connect19(s.port);
    c.set_keyspace("Keyspace1".into()).unwrap();
    insert(&mut c, b"a");
    // The first cell in an SSTable, the second in the memtable.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args(["nodetool", "-h", "127.0.0.1", "-p"])
        .arg(s.admin_port.unwrap().to_string())
        .args(["flush", "Keyspace1"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    insert(&mut c, b"b");
    let id = c.trace_next_query().unwrap();
    let parent = ColumnParent::new("Standard1".to_string(), None);
    let range = SliceRange::new(Vec::new(), Vec::new(), false, 100);
    let predicate = SlicePredicate::new(None, range);
    let cols = c
        .get_slice(b"row".to_vec(), parent, predicate, CL::ONE)
        .unwrap();
    assert_eq!(cols.len(), 2);
    let q = format!(
        "SELECT request FROM system_traces.sessions WHERE session_id = {}",
        uuid(&id)
    );
    assert_eq!(texts(cql3(&mut c, &q)), [["get_slice"]]);
    let acts = activities(&mut c, &id);
    let seeks = acts
        .iter()
        .filter(|a| a.starts_with("Seeking to partition beginning in data file of sstable"))
        .count();
    assert_eq!(seeks, 1, "{acts:?}");
    assert!(
        acts.contains(&"Merging data from memtables and 1 sstables".to_string()),
        "{acts:?}"
    );
    assert!(
        acts.contains(&"Read 2 live and 0 tombstoned cells".to_string()),
        "{acts:?}"
    );
}

/// Whether `acts` holds `want` in that order (other steps between them).
fn in_order(acts: &[String], want: &[&str]) -> bool {
    let mut rest = acts.iter();
    want.iter().all(|w| rest.any(|a| a == w))
}

#[test]
fn a_traced_thrift_write_lists_its_log_append_and_memtables() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let s = Server::start(&["--data-dir", data]);
    let mut c = connect19(s.port);
    c.set_keyspace("Keyspace1".into()).unwrap();
    // insert: one mutation, one column family.
    let id = c.trace_next_query().unwrap();
    insert(&mut c, b"a");
    let acts = activities(&mut c, &id);
    assert_eq!(
        acts,
        ["Appending to commitlog", "Adding to Standard1 memtable"],
        "{acts:?}"
    );
    // batch_mutate: two rows, two column families in one of them; one
    // log append for the batch, then each row's memtables.
    use std::collections::BTreeMap;
    use supercolumn::thrift::gen::cassandra19::{ColumnOrSuperColumn, Mutation};
    let put = |name: &[u8]| {
        let col = Column::new(name.to_vec(), b"v".to_vec(), wire::timestamp(), None);
        Mutation::new(ColumnOrSuperColumn::new(col, None, None, None), None)
    };
    let both = BTreeMap::from([
        ("Standard1".to_string(), vec![put(b"x")]),
        ("Standard2".to_string(), vec![put(b"y")]),
    ]);
    let one = BTreeMap::from([("Standard1".to_string(), vec![put(b"z")])]);
    let id = c.trace_next_query().unwrap();
    c.batch_mutate(
        BTreeMap::from([(b"r1".to_vec(), both), (b"r2".to_vec(), one)]),
        CL::ONE,
    )
    .unwrap();
    let acts = activities(&mut c, &id);
    assert_eq!(
        acts.iter()
            .filter(|a| *a == "Appending to commitlog")
            .count(),
        1,
        "{acts:?}"
    );
    let memtables: Vec<&String> = acts.iter().filter(|a| a.starts_with("Adding to")).collect();
    assert_eq!(memtables.len(), 3, "{acts:?}");
    assert!(
        acts.contains(&"Adding to Standard2 memtable".to_string()),
        "{acts:?}"
    );
    // remove: a tombstone takes the same path.
    let id = c.trace_next_query().unwrap();
    let path = supercolumn::thrift::gen::cassandra19::ColumnPath::new(
        "Standard1".to_string(),
        None,
        b"a".to_vec(),
    );
    c.remove(b"row".to_vec(), path, wire::timestamp(), CL::ONE)
        .unwrap();
    let acts = activities(&mut c, &id);
    assert_eq!(
        acts,
        ["Appending to commitlog", "Adding to Standard1 memtable"],
        "{acts:?}"
    );
}

#[test]
fn traced_cql_writes_list_their_steps_and_the_index_update() {
    let s = Server::start(&["--in-memory"]);
    let mut c = connect19(s.port);
    cql3(
        &mut c,
        "CREATE KEYSPACE trw WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql3(
        &mut c,
        "CREATE TABLE trw.t (p int, c int, v text, PRIMARY KEY (p, c))",
    );
    cql3(&mut c, "CREATE INDEX ON trw.t (v)");
    let steps = |c: &mut Client19, q: &str| {
        let id = c.trace_next_query().unwrap();
        cql3(c, q);
        activities(c, &id)
    };
    // In memory: no commit log, so no append.
    let acts = steps(&mut c, "INSERT INTO trw.t (p, c, v) VALUES (1, 1, 'a')");
    assert!(
        in_order(
            &acts,
            &[
                "Parsing INSERT INTO trw.t (p, c, v) VALUES (1, 1, 'a')",
                "Preparing statement",
                "Adding to t memtable",
                "Adding to the index on v",
            ]
        ),
        "{acts:?}"
    );
    assert!(!acts.iter().any(|a| a.contains("commitlog")), "{acts:?}");
    let acts = steps(&mut c, "UPDATE trw.t SET v = 'b' WHERE p = 1 AND c = 2");
    assert!(
        in_order(&acts, &["Adding to t memtable", "Adding to the index on v"]),
        "{acts:?}"
    );
    // A deletion writes no indexed value.
    let acts = steps(&mut c, "DELETE v FROM trw.t WHERE p = 1 AND c = 1");
    assert!(
        acts.contains(&"Adding to t memtable".to_string()),
        "{acts:?}"
    );
    assert!(!acts.iter().any(|a| a.contains("index")), "{acts:?}");
    let acts = steps(
        &mut c,
        "BEGIN BATCH INSERT INTO trw.t (p, c, v) VALUES (2, 1, 'c'); INSERT INTO trw.t (p, c, v) VALUES (3, 1, 'd'); APPLY BATCH",
    );
    let memtables = acts.iter().filter(|a| *a == "Adding to t memtable").count();
    assert_eq!(memtables, 2, "{acts:?}");
}
