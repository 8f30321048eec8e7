//! `system_traces.sessions` and `system_traces.events`, the tables
//! Cassandra 1.2 and 2.0 kept query traces in (the same columns in both
//! releases), served from the node's kept sessions (`crate::trace::Store`)
//! as CQL table models whose cells are synthesized on read, as the schema
//! tables are: SELECT's planning, filtering and ordering are the ordinary
//! ones. cqlsh and the drivers read a trace here after a traced call.
//!
//! Owns the two definitions and the session → cells encoding; it must not
//! accept writes (they are refused before reaching here) nor record traces.

use super::system_tables::{cells_of, keys_within, sliced, Value};
use crate::cql::ast::Statement;
use crate::cql::error::CqlResult;
use crate::cql::mapping::{cell_name, PartitionSource};
use crate::cql::parse;
use crate::cql::table::Table;
use crate::model::{Cell, Slice};
use crate::partitioner::{Partitioner, Token};
use crate::trace::{Session, Store};
use std::net::IpAddr;
use std::ops::Bound;
use std::sync::Arc;

/// The tracing keyspace.
pub const KEYSPACE: &str = "system_traces";

/// 1.2's and 2.0's `sessions` (comment 'traced sessions').
const SESSIONS: &str = "CREATE TABLE system_traces.sessions (session_id uuid PRIMARY KEY, coordinator inet, duration int, parameters map<text, text>, request text, started_at timestamp)";
/// 1.2's and 2.0's `events`.
const EVENTS: &str = "CREATE TABLE system_traces.events (session_id uuid, event_id timeuuid, activity text, source inet, source_elapsed int, thread text, PRIMARY KEY (session_id, event_id))";

/// The table `system_traces.<name>`, if it is one of the two.
pub fn table(name: &str) -> Option<Table> {
    let text = match name {
        "sessions" => SESSIONS,
        "events" => EVENTS,
        _ => return None,
    };
    let Ok(parsed) = parse(text) else { return None };
    let Statement::CreateTable(ct) = parsed.statement else {
        return None;
    };
    Table::from_create(KEYSPACE, &ct).ok()
}

/// Whether `table` is one of this module's.
pub fn owns(table: &Table) -> bool {
    table.keyspace == KEYSPACE
}

fn inet(a: IpAddr) -> Vec<u8> {
    match a {
        IpAddr::V4(v4) => v4.octets().to_vec(),
        IpAddr::V6(v6) => v6.octets().to_vec(),
    }
}

/// One session's partition, in comparator order.
fn partition(table: &Table, s: &Session) -> CqlResult<Vec<Cell>> {
    if table.name == "events" {
        let rows = s
            .events
            .iter()
            .map(|e| {
                let values: Vec<Value> = vec![
                    ("activity", Some(e.activity.as_bytes().to_vec())),
                    ("source", Some(inet(e.source))),
                    (
                        "source_elapsed",
                        Some(e.source_elapsed_micros.to_be_bytes().to_vec()),
                    ),
                    ("thread", Some(e.thread.as_bytes().to_vec())),
                ];
                (vec![e.event_id.to_vec()], values)
            })
            .collect();
        return cells_of(table, rows);
    }
    let values: Vec<Value> = vec![
        ("coordinator", Some(inet(s.coordinator))),
        ("duration", Some(s.duration_micros.to_be_bytes().to_vec())),
        ("request", Some(s.request.as_bytes().to_vec())),
        (
            "started_at",
            Some(s.started_at_millis.to_be_bytes().to_vec()),
        ),
    ];
    let mut cells = cells_of(table, vec![(Vec::new(), values)])?;
    for (k, v) in &s.parameters {
        let name = cell_name(table, &[], "parameters", Some(k.as_bytes()))?;
        cells.push(Cell::live(name, v.as_bytes().to_vec(), 0));
    }
    let cmp = table.comparator_type();
    cells.sort_by(|a, b| cmp.compare(&a.name, &b.name));
    Ok(cells)
}

/// A `PartitionSource` over the kept sessions alive at `now_seconds`.
pub struct TraceSource<'a> {
    pub store: Option<Arc<Store>>,
    pub table: &'a Table,
    pub partitioner: &'a dyn Partitioner,
    pub now_seconds: i64,
}

impl PartitionSource for TraceSource<'_> {
    fn read(&self, row_key: &[u8], slice: &Slice) -> Vec<Cell> {
        let Some(session) = self
            .store
            .as_ref()
            .and_then(|s| s.get(row_key, self.now_seconds))
        else {
            return Vec::new();
        };
        let cells = partition(self.table, &session).unwrap_or_default();
        sliced(self.table, cells, slice)
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> Vec<Vec<u8>> {
        let names = self.store.as_ref().map_or_else(Vec::new, |s| {
            s.live(self.now_seconds)
                .iter()
                .map(|s| s.id.to_vec())
                .collect()
        });
        keys_within(self.partitioner, names, start, end)
    }
}
