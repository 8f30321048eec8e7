//! The native protocol's tracing flag: a traced QUERY's response carries
//! the flag and its session id before the body (in every protocol
//! version), and the session and its events are read back from
//! `system_traces` through the native protocol, as drivers and cqlsh read
//! them, counting the tombstones the read merged.

use crate::support::native;

use native::{native_port, op, server, Conn, Frame};

const TRACING: u8 = 0x02;

fn text(v: &Option<Vec<u8>>) -> String {
    String::from_utf8_lossy(v.as_deref().unwrap_or_default()).into_owned()
}

/// Sends `q` with the tracing flag: its session id and its answer.
fn traced(c: &mut Conn, q: &str) -> ([u8; 16], Frame) {
    let body = c.query_body(q, &[]);
    c.send_raw(&Conn::frame(c.version, TRACING, 3, op::QUERY, &body));
    let f = c.recv().expect("a response");
    assert_eq!(
        f.flags & TRACING,
        TRACING,
        "v{}: the tracing flag",
        c.version
    );
    let id: [u8; 16] = f.body[..16].try_into().unwrap();
    let rest = Frame {
        body: f.body[16..].to_vec(),
        ..f
    };
    (id, rest)
}

#[test]
fn a_traced_query_carries_its_session_which_counts_the_tombstones() {
    let s = server();
    let port = native_port(&s);
    let mut c = Conn::ready(port, 4);
    c.ok("CREATE KEYSPACE trn WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE trn.t (p int, c int, v int, PRIMARY KEY (p, c))");
    for k in 1..=4 {
        c.ok(&format!("INSERT INTO trn.t (p, c, v) VALUES (1, {k}, {k})"));
    }
    for k in 1..=3 {
        c.ok(&format!("DELETE FROM trn.t WHERE p = 1 AND c = {k}"));
    }
    // Untraced: no flag, no id.
    let f = c.ok("SELECT v FROM trn.t WHERE p = 1");
    assert_eq!(f.flags & TRACING, 0);
    for v in 1..=4u8 {
        let mut c = Conn::ready(port, v);
        let (id, f) = traced(&mut c, "SELECT v FROM trn.t WHERE p = 1");
        assert_eq!(f.opcode, op::RESULT, "v{v}: {}", f.describe());
        assert_eq!(f.rows().len(), 1, "v{v}");
        let uuid = uuid::Uuid::from_bytes(id);
        let sessions = c
            .ok(&format!(
                "SELECT request, coordinator, duration, parameters FROM system_traces.sessions WHERE session_id = {uuid}"
            ))
            .rows();
        assert_eq!(sessions.len(), 1, "v{v}");
        assert_eq!(text(&sessions[0][0]), "Execute CQL3 query");
        assert_eq!(sessions[0][1].as_deref(), Some(&[127, 0, 0, 1][..]));
        assert!(sessions[0][2].is_some(), "a duration");
        let events = c
            .ok(&format!(
                "SELECT activity, source_elapsed FROM system_traces.events WHERE session_id = {uuid}"
            ))
            .rows();
        let acts: Vec<String> = events.iter().map(|r| text(&r[0])).collect();
        for step in [
            "Parsing SELECT v FROM trn.t WHERE p = 1",
            "Executing single-partition query on t",
            "Merging memtable tombstones",
            // The live row's marker and value; the deleted rows' six cells.
            "Read 2 live and 6 tombstoned cells",
            "Returning 1 rows",
        ] {
            assert!(acts.iter().any(|a| a == step), "v{v}: {step:?} in {acts:?}");
        }
        // Elapsed times never go back.
        let elapsed: Vec<i32> = events
            .iter()
            .map(|r| i32::from_be_bytes(r[1].as_deref().unwrap().try_into().unwrap()))
            .collect();
        assert!(elapsed.windows(2).all(|w| w[0] <= w[1]), "{elapsed:?}");
    }
}

/// The activities of session `id`, read through the native protocol.
fn activities(c: &mut Conn, id: [u8; 16]) -> Vec<String> {
    let uuid = uuid::Uuid::from_bytes(id);
    c.ok(&format!(
        "SELECT activity FROM system_traces.events WHERE session_id = {uuid}"
    ))
    .rows()
    .iter()
    .map(|r| text(&r[0]))
    .collect()
}

#[test]
fn traced_writes_list_the_memtables_they_added_to() {
    let s = server();
    let port = native_port(&s);
    let mut c = Conn::ready(port, 4);
    c.ok("CREATE KEYSPACE trw WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    c.ok("CREATE TABLE trw.t (p int, c int, v int, PRIMARY KEY (p, c))");
    for q in [
        "INSERT INTO trw.t (p, c, v) VALUES (1, 1, 1)",
        "UPDATE trw.t SET v = 2 WHERE p = 1 AND c = 1",
        "DELETE FROM trw.t WHERE p = 1 AND c = 1",
    ] {
        let (id, f) = traced(&mut c, q);
        assert_eq!(f.opcode, op::RESULT, "{q}: {}", f.describe());
        let acts = activities(&mut c, id);
        assert!(acts.contains(&format!("Parsing {q}")), "{acts:?}");
        assert!(
            acts.contains(&"Adding to t memtable".to_string()),
            "{q}: {acts:?}"
        );
    }
    let (id, _) = traced(
        &mut c,
        "BEGIN BATCH INSERT INTO trw.t (p, c, v) VALUES (2, 1, 1); INSERT INTO trw.t (p, c, v) VALUES (3, 1, 1); APPLY BATCH",
    );
    let acts = activities(&mut c, id);
    let adds = acts.iter().filter(|a| *a == "Adding to t memtable").count();
    assert_eq!(adds, 2, "{acts:?}");
}

/// Drivers' metadata and cqlsh's DESCRIBE find the two tables in the
/// schema tables of the release each protocol version claims: 1.2's and
/// 2.0's `schema_columnfamilies`, 4.0's `system_schema.tables`.
#[test]
fn the_schema_tables_list_the_tracing_tables() {
    let s = server();
    let port = native_port(&s);
    for v in [1u8, 2] {
        let mut c = Conn::ready(port, v);
        let ks = c.ok("SELECT strategy_options FROM system.schema_keyspaces WHERE keyspace_name = 'system_traces'");
        assert_eq!(ks.rows().len(), 1, "v{v}");
        let cfs = c.ok("SELECT columnfamily_name, comment, gc_grace_seconds FROM system.schema_columnfamilies WHERE keyspace_name = 'system_traces'");
        let rows = cfs.rows();
        let names: Vec<String> = rows.iter().map(|r| text(&r[0])).collect();
        assert_eq!(names, ["events", "sessions"], "v{v}");
        assert_eq!(text(&rows[1][1]), "traced sessions", "v{v}");
        assert_eq!(rows[0][2].as_deref(), Some(&[0u8, 0, 0, 0][..]), "v{v}");
        let cols = c.ok("SELECT column_name FROM system.schema_columns WHERE keyspace_name = 'system_traces' AND columnfamily_name = 'events'");
        assert!(!cols.rows().is_empty(), "v{v}");
    }
    let mut c = Conn::ready(port, 4);
    let tables = c.ok("SELECT table_name, default_time_to_live FROM system_schema.tables WHERE keyspace_name = 'system_traces'");
    let rows = tables.rows();
    let names: Vec<String> = rows.iter().map(|r| text(&r[0])).collect();
    assert_eq!(names, ["events", "sessions"]);
    assert_eq!(rows[0][1].as_deref(), Some(&86_400i32.to_be_bytes()[..]));
    let cols = c.ok("SELECT column_name, kind FROM system_schema.columns WHERE keyspace_name = 'system_traces' AND table_name = 'sessions'");
    assert_eq!(cols.rows().len(), 6);
}
