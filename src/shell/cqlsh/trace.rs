//! cqlsh 1.2.9's TRACING printout after a traced statement: the session
//! row and events read from `system_traces` and printed as a table, or the
//! error that read ended in.
//! Owns that printout only; turning tracing on and off is a shell command.

use crate::shell::cqlsh::layout::{decode_rows, Val};
use crate::shell::cqlsh::{Cqlsh, ShellError};

impl Cqlsh<'_> {
    /// cqlsh's tracing printout: the session row, its events, and the end.
    pub(crate) fn print_trace(&mut self, id: &[u8]) -> Result<(), ShellError> {
        let uuid = uuid::Uuid::from_slice(id)
            .map_err(|_| ShellError::Message("bad tracing session id".into()))?;
        let sessions = self.query(&format!(
            "SELECT request, coordinator, started_at, duration FROM system_traces.sessions WHERE session_id = {uuid}"
        ))?;
        if decode_rows(&sessions).is_empty() {
            // cqlsh unpacked a missing row; Python said this.
            return Err(ShellError::Message(
                "'NoneType' object is not iterable".into(),
            ));
        }
        let events = self.query(&format!(
            "SELECT activity, event_id, source, source_elapsed FROM system_traces.events WHERE session_id = {uuid}"
        ))?;
        let session = decode_rows(&sessions).remove(0);
        let text = |r: &crate::shell::cqlsh::layout::Row, k: &str| match r.get(k) {
            Some(Val::Text(s)) => s.clone(),
            Some(Val::Int(i)) => i.to_string(),
            _ => String::new(),
        };
        let coordinator = text(&session, "coordinator");
        let started = match session.get("started_at") {
            Some(Val::Int(ms)) => *ms,
            _ => 0,
        };
        let duration = match session.get("duration") {
            Some(Val::Int(us)) => Some(*us),
            _ => None,
        };
        let mut rows = vec![vec![
            text(&session, "request"),
            trace_time(started),
            coordinator.clone(),
            "0".to_string(),
        ]];
        for e in decode_rows(&events) {
            let at = match e.get("event_id") {
                Some(Val::Text(u)) => uuid::Uuid::parse_str(u)
                    .ok()
                    .and_then(|u| u.get_timestamp())
                    .map(|t| {
                        let (s, n) = t.to_unix();
                        s as i64 * 1000 + i64::from(n / 1_000_000)
                    })
                    .map(trace_time)
                    .unwrap_or_default(),
                _ => String::new(),
            };
            rows.push(vec![
                text(&e, "activity"),
                at,
                text(&e, "source"),
                text(&e, "source_elapsed"),
            ]);
        }
        let (finished, took) = match duration {
            Some(d) if d != 0 => (trace_time(started + d / 1000), d.to_string()),
            _ => ("--".to_string(), "--".to_string()),
        };
        rows.push(vec!["Request complete".into(), finished, coordinator, took]);
        let table = crate::shell::cql_format::Table {
            header: ["activity", "timestamp", "source", "source_elapsed"]
                .map(String::from)
                .to_vec(),
            rows,
        };
        let body = crate::shell::cql_format::render_table(&table);
        self.result(&format!("\nTracing session: {uuid}\n{body}"));
        Ok(())
    }
}

/// A trace time as cqlsh printed it: `HH:MM:SS,mmm` (UTC here; cqlsh used
/// the local zone).
fn trace_time(millis: i64) -> String {
    let (s, ms) = (millis.div_euclid(1000), millis.rem_euclid(1000));
    let day = s.rem_euclid(86_400);
    format!(
        "{:02}:{:02}:{:02},{ms:03}",
        day / 3600,
        day % 3600 / 60,
        day % 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn trace_times_as_cqlsh_printed_them() {
        assert_eq!(super::trace_time(3_723_004), "01:02:03,004");
    }
}
