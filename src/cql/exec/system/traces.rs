//! `system_traces.sessions` and `system_traces.events`, the tables
//! Cassandra 1.2 and 2.0 kept query traces in (the same columns in both
//! releases), served from the node's kept sessions (`crate::trace::Store`)
//! as CQL table models whose cells are synthesized on read, as the schema
//! tables are: SELECT's planning, filtering and ordering are the ordinary
//! ones. cqlsh and the drivers read a trace here after a traced call.
//!
//! The cells are those 1.2's tracing wrote (expiring after a day, stamped
//! in milliseconds, no row markers), so a raw Thrift read of the two
//! column families ([`stored_cells`], [`cf_def`]) answers what 1.2's did.
//!
//! Owns the two definitions and the session → cells encoding; it must not
//! accept writes (they are refused before reaching here) nor record traces.

use super::synthesized::{keys_within, sliced};
use crate::cql::ast::Statement;
use crate::cql::error::CqlResult;
use crate::cql::exec::local::LocalFacts;
use crate::cql::mapping::{cell_name, PartitionSource};
use crate::cql::parse;
use crate::cql::table::Table;
use crate::model::{Cell, Slice};
use crate::partitioner::{Partitioner, Token};
use crate::schema::system19::system_traces_keyspace;
use crate::schema::{CfDef, KeyspaceDef};
use crate::trace::{Session, Store, TTL_SECONDS};
use std::net::IpAddr;
use std::ops::Bound;
use std::sync::Arc;

/// The tracing keyspace.
pub const KEYSPACE: &str = "system_traces";

/// Whether `keyspace` is the tracing keyspace the node serves from its kept
/// sessions: named so, and not a keyspace of the schema's.
pub fn served(schema: &crate::schema::Schema, keyspace: &str) -> bool {
    keyspace == KEYSPACE && schema.keyspace(keyspace).is_none()
}

/// 1.2's and 2.0's `sessions` (comment 'traced sessions').
const SESSIONS: &str = "CREATE TABLE system_traces.sessions (session_id uuid PRIMARY KEY, coordinator inet, duration int, parameters map<text, text>, request text, started_at timestamp)";
/// 2.2's `sessions`: 2.0's with the client's address and the command.
const SESSIONS_2_2: &str = "CREATE TABLE system_traces.sessions (session_id uuid PRIMARY KEY, client inet, command text, coordinator inet, duration int, parameters map<text, text>, request text, started_at timestamp)";
/// 1.2's and 2.0's `events`.
const EVENTS: &str = "CREATE TABLE system_traces.events (session_id uuid, event_id timeuuid, activity text, source inet, source_elapsed int, thread text, PRIMARY KEY (session_id, event_id))";

/// The table `system_traces.<name>` as a node claiming `local`'s release
/// made it: 2.0 from CQL, its `timestamp` 2.0's; 2.2's sessions.
pub fn table_claimed(name: &str, local: &LocalFacts) -> Option<Table> {
    let text = match name {
        "sessions" if local.claims_at_least((2, 2, 0)) => SESSIONS_2_2,
        _ => {
            return table(name).map(|mut t| {
                if local.claims_at_least((2, 0, 0)) {
                    t.sign_timestamps(None);
                }
                t
            })
        }
    };
    let Ok(parsed) = parse(text) else { return None };
    let Statement::CreateTable(ct) = parsed.statement else {
        return None;
    };
    let mut t = Table::from_create(KEYSPACE, &ct).ok()?;
    t.sign_timestamps(None);
    Some(t)
}

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

/// A cell as 1.2's tracing wrote it: expiring after [`TTL_SECONDS`], its
/// timestamp the moment it was written in milliseconds (1.2 stamped trace
/// cells with `currentTimeMillis`, not the microseconds of client writes).
fn written(name: Vec<u8>, value: Vec<u8>, at_millis: i64) -> Cell {
    let at_seconds = i32::try_from(at_millis / 1000).unwrap_or(i32::MAX);
    let ttl = i32::try_from(TTL_SECONDS).unwrap_or(i32::MAX);
    Cell::expiring(name, value, at_millis, ttl, at_seconds)
}

/// One session's partition as 1.2 stored it, in comparator order: the
/// cells its tracing wrote (no CQL row markers: it wrote none), the
/// session's at its start but `duration`, written at its end, and each
/// event's at the event's moment.
fn partition(table: &Table, s: &Session) -> CqlResult<Vec<Cell>> {
    let mut cells = Vec::new();
    if table.name == "events" {
        for e in &s.events {
            let at = s.started_at_millis + i64::from(e.source_elapsed_micros) / 1000;
            let clustering = [e.event_id.to_vec()];
            for (column, value) in [
                ("activity", e.activity.as_bytes().to_vec()),
                ("source", inet(e.source)),
                (
                    "source_elapsed",
                    e.source_elapsed_micros.to_be_bytes().to_vec(),
                ),
                ("thread", e.thread.as_bytes().to_vec()),
            ] {
                cells.push(written(
                    cell_name(table, &clustering, column, None)?,
                    value,
                    at,
                ));
            }
        }
    } else {
        let start = s.started_at_millis;
        let end = start + i64::from(s.duration_micros) / 1000;
        for (column, value, at) in [
            ("coordinator", inet(s.coordinator), start),
            ("duration", s.duration_micros.to_be_bytes().to_vec(), end),
            ("request", s.request.as_bytes().to_vec(), start),
            ("started_at", start.to_be_bytes().to_vec(), start),
        ] {
            cells.push(written(cell_name(table, &[], column, None)?, value, at));
        }
        for (k, v) in &s.parameters {
            let name = cell_name(table, &[], "parameters", Some(k.as_bytes()))?;
            cells.push(written(name, v.as_bytes().to_vec(), start));
        }
    }
    let cmp = table.comparator_type();
    cells.sort_by(|a, b| cmp.compare(&a.name, &b.name));
    Ok(cells)
}

/// Session `session`'s cells of table `name` (`sessions` or `events`) as
/// 1.2 stored them, within `slice`: what a Thrift read of the table
/// answers. `None` for another table.
pub fn stored_cells(name: &str, session: &Session, slice: &Slice) -> Option<Vec<Cell>> {
    let table = table(name)?;
    let cells = partition(&table, session).ok()?;
    Some(sliced(&table, cells, slice))
}

/// Table `name`'s column family as 1.2 compiled it from its CREATE TABLE
/// (its comparator and key type: what a Thrift read is checked against),
/// with the options 1.2 gave the tables of its own keyspaces: no read
/// repair, no gc grace, its comment or an empty one.
pub fn cf_def(name: &str) -> Option<CfDef> {
    let table = table(name)?;
    let comment = if name == "sessions" {
        "traced sessions"
    } else {
        ""
    };
    Some(super::release12::compiled_cf(&table, 0, comment, 0))
}

/// Table `name`'s column family as 2.0 defined it: 1.2's, expiring its
/// cells after a day by default and flushed at least hourly.
pub fn cf_def_2_0(name: &str) -> Option<CfDef> {
    let mut def = cf_def(name)?;
    def.options.default_time_to_live = i32::try_from(TTL_SECONDS).ok();
    def.options.memtable_flush_period_in_ms = Some(3_600_000);
    Some(def)
}

/// Whether a node claiming `local`'s release has `system_traces`
/// (Cassandra 1.2 introduced it).
pub fn exists_in(local: &LocalFacts) -> bool {
    local.claims_at_least((1, 2, 0))
}

/// The keyspace as the schema tables list it under a claim of `local`'s
/// release: SimpleStrategy with replication_factor 1 up to 1.2.10, 2 from
/// 1.2.11 (CASSANDRA-6133), holding the two tables, with 2.0's options
/// from 2.0.
pub fn keyspace_def(local: &LocalFacts) -> KeyspaceDef {
    let mut ks = system_traces_keyspace();
    if local.claims_at_least((1, 2, 11)) {
        ks.replication_factor = 2;
        ks.strategy_options
            .insert("replication_factor".to_string(), "2".to_string());
    }
    let later = local.claims_at_least((2, 0, 0));
    for name in ["events", "sessions"] {
        let def = if later {
            cf_def_2_0(name)
        } else {
            cf_def(name)
        };
        if let Some(def) = def {
            ks.cfs.insert(name.to_string(), Arc::new(def));
        }
    }
    ks
}

/// A `PartitionSource` over the kept sessions alive at `now_seconds`.
pub struct TraceSource<'a> {
    pub store: Option<Arc<Store>>,
    pub table: &'a Table,
    pub partitioner: &'a dyn Partitioner,
    pub now_seconds: i64,
}

impl PartitionSource for TraceSource<'_> {
    fn read(&self, row_key: &[u8], slice: &Slice) -> CqlResult<Vec<Cell>> {
        let Some(session) = self
            .store
            .as_ref()
            .and_then(|s| s.get(row_key, self.now_seconds))
        else {
            return Ok(Vec::new());
        };
        let cells = partition(self.table, &session).unwrap_or_default();
        Ok(sliced(self.table, cells, slice))
    }

    fn scan_keys(&self, start: Bound<Token>, end: Bound<Token>) -> CqlResult<Vec<Vec<u8>>> {
        let names = self.store.as_ref().map_or_else(Vec::new, |s| {
            s.live(self.now_seconds)
                .iter()
                .map(|s| s.id.to_vec())
                .collect()
        });
        Ok(keys_within(self.partitioner, names, start, end))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases_before_1_2_have_no_tracing_keyspace() {
        for old in ["1.1.12", "0.7.10", "0.6.13"] {
            assert!(!exists_in(&LocalFacts::claiming(old)), "{old}");
        }
        for later in ["1.2.9", "2.0.17", "4.0.0"] {
            assert!(exists_in(&LocalFacts::claiming(later)), "{later}");
        }
    }

    #[test]
    fn tracing_is_replicated_twice_from_1_2_11() {
        let rf = |v: &str| {
            keyspace_def(&LocalFacts::claiming(v)).strategy_options["replication_factor"].clone()
        };
        assert_eq!(rf("1.2.9"), "1");
        assert_eq!(rf("1.2.19"), "2");
        assert_eq!(rf("2.0.17"), "2");
        let ttl = |v: &str| {
            keyspace_def(&LocalFacts::claiming(v)).cfs["events"]
                .options
                .default_time_to_live
        };
        assert_eq!(ttl("1.2.19"), None);
        assert_eq!(ttl("2.0.17"), Some(86_400));
    }

    #[test]
    fn the_2_0_definition_expires_after_a_day() {
        let def = cf_def_2_0("events").unwrap();
        assert_eq!(def.options.default_time_to_live, Some(86_400));
        assert_eq!(def.gc_grace_seconds, 0);
        assert_eq!(cf_def("events").unwrap().options.default_time_to_live, None);
        assert_eq!(keyspace_def(&LocalFacts::claiming("1.2.9")).cfs.len(), 2);
    }
}
