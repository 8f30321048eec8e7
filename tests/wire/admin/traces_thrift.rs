//! `system_traces` through Thrift alone, as 1.2 answered it: the keyspace
//! in `describe_keyspace(s)` (its two CQL3 tables hidden from Thrift, as
//! 1.2 hid them; absent before 1.2), and a `trace_next_query` session read
//! back with raw `get_slice`, `get`, `get_count` and `get_range_slices` on
//! `sessions` and `events`: the cells 1.2's tracing wrote, named by
//! composites, expiring after a day.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::ConsistencyLevel as CL;
use supercolumn::thrift::gen::cassandra19::{
    ColumnParent, ColumnPath, KeyRange, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{connect19, cql3, Client19, Server};

/// A CompositeType name's components.
fn components(name: &[u8]) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut rest = name;
    while rest.len() >= 3 {
        let n = usize::from(u16::from_be_bytes([rest[0], rest[1]]));
        out.push(rest[2..2 + n].to_vec());
        rest = &rest[2 + n + 1..];
    }
    out
}

/// A CompositeType name of one component.
fn composite(part: &str) -> Vec<u8> {
    let mut out = u16::try_from(part.len()).unwrap().to_be_bytes().to_vec();
    out.extend_from_slice(part.as_bytes());
    out.push(0);
    out
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(Vec::new(), Vec::new(), false, 1000))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn describe_lists_system_traces_as_each_release_did() {
    let s = Server::start(&["--in-memory"]);
    let mut c = connect19(s.port);
    let ks = c.describe_keyspace("system_traces".into()).unwrap();
    assert_eq!(
        ks.strategy_class,
        "org.apache.cassandra.locator.SimpleStrategy"
    );
    let rf = |k: &supercolumn::thrift::gen::cassandra19::KsDef| {
        k.strategy_options.as_ref().unwrap()["replication_factor"].clone()
    };
    assert_eq!(rf(&ks), "1");
    assert!(ks.cf_defs.is_empty(), "1.2 hid its CQL3 tables from Thrift");
    let names: Vec<String> = c
        .describe_keyspaces()
        .unwrap()
        .into_iter()
        .map(|k| k.name)
        .collect();
    assert!(names.contains(&"system_traces".to_string()), "{names:?}");
    let s = Server::start(&["--in-memory", "--cassandra-version", "2.0.17"]);
    let ks = connect19(s.port)
        .describe_keyspace("system_traces".into())
        .unwrap();
    assert_eq!(rf(&ks), "2");
    assert!(ks.cf_defs.is_empty());
    let s = Server::start(&["--in-memory", "--cassandra-version", "1.1.12"]);
    assert!(connect19(s.port)
        .describe_keyspace("system_traces".into())
        .is_err());
}

/// Traces one CQL SELECT; its session id and the activities CQL reads back.
fn traced_select(c: &mut Client19) -> (Vec<u8>, Vec<String>) {
    cql3(
        c,
        "CREATE KEYSPACE trt WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}",
    );
    cql3(c, "CREATE TABLE trt.t (p int PRIMARY KEY, v int)");
    cql3(c, "INSERT INTO trt.t (p, v) VALUES (1, 1)");
    let id = c.trace_next_query().unwrap();
    cql3(c, "SELECT v FROM trt.t WHERE p = 1");
    let q = format!(
        "SELECT activity FROM system_traces.events WHERE session_id = {}",
        uuid::Uuid::from_slice(&id).unwrap()
    );
    let acts = cql3(c, &q)
        .rows
        .unwrap()
        .into_iter()
        .map(|r| text(&r.columns[0].value.clone().unwrap()))
        .collect();
    (id, acts)
}

#[test]
fn a_trace_next_query_session_reads_back_through_raw_thrift() {
    let s = Server::start(&["--in-memory"]);
    let mut c = connect19(s.port);
    let before_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let (id, acts) = traced_select(&mut c);
    assert!(acts.iter().any(|a| a == "Returning 1 rows"), "{acts:?}");
    c.set_keyspace("system_traces".into()).unwrap();

    // sessions: one row, the cells tracing wrote, by composite name.
    let sessions = ColumnParent::new("sessions".to_string(), None);
    let cols = c
        .get_slice(id.clone(), sessions.clone(), all(), CL::ONE)
        .unwrap();
    let cells: Vec<_> = cols.into_iter().map(|c| c.column.unwrap()).collect();
    let names: Vec<Vec<String>> = cells
        .iter()
        .map(|c| components(&c.name).iter().map(|p| text(p)).collect())
        .collect();
    assert_eq!(
        names,
        [
            vec!["coordinator"],
            vec!["duration"],
            vec!["parameters", "query"],
            vec!["request"],
            vec!["started_at"],
        ]
    );
    for cell in &cells {
        assert_eq!(cell.ttl, Some(86_400), "a day, as 1.2 kept them");
        let ts = cell.timestamp.unwrap();
        assert!(
            ts >= before_ms && ts < before_ms + 600_000,
            "milliseconds: {ts}"
        );
    }
    assert_eq!(cells[0].value.as_deref(), Some(&[127, 0, 0, 1][..]));
    assert_eq!(
        text(cells[2].value.as_ref().unwrap()),
        "SELECT v FROM trt.t WHERE p = 1"
    );
    assert_eq!(text(cells[3].value.as_ref().unwrap()), "execute_cql3_query");
    let path = ColumnPath::new("sessions".to_string(), None, composite("request"));
    let request = c.get(id.clone(), path, CL::ONE).unwrap().column.unwrap();
    assert_eq!(request.value.as_deref(), Some(&b"execute_cql3_query"[..]));

    // events: four cells an event, (event_id, column), in event order.
    let events = ColumnParent::new("events".to_string(), None);
    let cols = c
        .get_slice(id.clone(), events.clone(), all(), CL::ONE)
        .unwrap();
    assert_eq!(cols.len(), 4 * acts.len());
    let got: Vec<String> = cols
        .iter()
        .map(|c| c.column.as_ref().unwrap())
        .filter(|c| components(&c.name)[1] == b"activity")
        .map(|c| text(c.value.as_ref().unwrap()))
        .collect();
    assert_eq!(got, acts);
    let first = components(&cols[0].column.as_ref().unwrap().name);
    assert_eq!(first[0].len(), 16, "a timeuuid");
    let count = c
        .get_count(id.clone(), events.clone(), all(), CL::ONE)
        .unwrap();
    assert_eq!(count, i32::try_from(4 * acts.len()).unwrap());

    // get_range_slices lists the kept session.
    let range = KeyRange::new(Vec::new(), Vec::new(), None, None, 100, None);
    let rows = c.get_range_slices(sessions, all(), range, CL::ONE).unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].key, id);
    assert_eq!(rows[0].columns.len(), 5);

    // A session not kept is an empty row; another table is refused as 1.2 did.
    let none = c.get_slice(vec![0; 16], events, all(), CL::ONE).unwrap();
    assert!(none.is_empty());
    let err = c
        .get_slice(
            id,
            ColumnParent::new("nope".to_string(), None),
            all(),
            CL::ONE,
        )
        .unwrap_err();
    assert!(
        format!("{err:?}").contains("unconfigured columnfamily nope"),
        "{err:?}"
    );
}
