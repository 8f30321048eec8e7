//! Statements sent to the cluster: prepared once and cached, then executed
//! with the call's consistency level, whole or page by page.
//!
//! Two caches: the hot calls' statements by table and [`Form`] (no text
//! is built or hashed per call; `forms` writes it on a miss; the table's
//! name and the form are hashed with [`Fnv`], as every call looks them
//! up), the others by text. The statements are few (a handful per table and slice form),
//! so each cache is emptied if it ever grows past [`MAX_STATEMENTS`] (a
//! bound, not an eviction policy), and both are emptied when the schema
//! changes. The driver re-prepares a statement the node has forgotten
//! (UNPREPARED) itself; one it cannot re-prepare as it was (its id changed
//! with the table) or still finds unprepared is dropped from the cache,
//! prepared again and run once more here. Each statement is told, once as
//! it is prepared, how long it is waited for (by its kind: see
//! `driver::deadline`) and whether it is idempotent (a read: the driver
//! may then send it to another node when one fails to answer). This module
//! must not build statement texts; the readers, writers and `forms` do.

use super::custom::{for_statement, has_custom};
use super::Inner;
use crate::call::Consistency;
use crate::gateway::driver::deadline::Asked;
use crate::gateway::driver::error::{is_stale_prepared, GatewayError, GatewayResult, TimeoutCause};
use crate::gateway::driver::level::driver_level;
use crate::gateway::driver::values::{Bound, RawRow};
use crate::gateway::table::forms::{self, Form};
use crate::gateway::table::layout::{Fast, Layout};
use parking_lot::Mutex;
use scylla::cluster::Node;
use scylla::policies::load_balancing::{NodeIdentifier, SingleTargetLoadBalancingPolicy};
use scylla::response::query_result::QueryResult;
use scylla::response::PagingState;
use scylla::statement::prepared::PreparedStatement;
use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;

/// The most statement texts kept prepared.
pub const MAX_STATEMENTS: usize = 4096;

/// Rows a page of a paged read asks for.
pub const PAGE_ROWS: i32 = 1000;

/// Prepared statements by table (`"ks"."cf"`), then by form.
type ByForm = HashMap<String, HashMap<Form, PreparedStatement, Fast>, Fast>;

#[derive(Default)]
pub struct Statements {
    cache: Mutex<HashMap<String, PreparedStatement>>,
    formd: Mutex<ByForm>,
}

impl Statements {
    /// Forgets every prepared statement (the schema changed: a table may
    /// be another under the same name).
    pub fn clear(&self) {
        self.cache.lock().clear();
        self.formd.lock().clear();
    }

    /// `form` on `layout`'s table prepared (from the cache when it was
    /// before: then no text is built).
    pub async fn prepared_form(
        &self,
        inner: &Inner,
        layout: &Layout,
        form: Form,
    ) -> GatewayResult<PreparedStatement> {
        if let Some(p) = self
            .formd
            .lock()
            .get(layout.table.as_str())
            .and_then(|by| by.get(&form))
        {
            return Ok(p.clone());
        }
        let text = forms::text(layout, &form);
        let p = prepare(inner, text).await?;
        let mut formd = self.formd.lock();
        if formd.values().map(HashMap::len).sum::<usize>() >= MAX_STATEMENTS {
            formd.clear();
        }
        formd
            .entry(layout.table.clone())
            .or_default()
            .insert(form, p.clone());
        Ok(p)
    }

    /// Drops what [`Statements::prepared_form`] kept for `form`.
    fn forget_form(&self, layout: &Layout, form: Form) {
        if let Some(by) = self.formd.lock().get_mut(layout.table.as_str()) {
            by.remove(&form);
        }
    }

    /// Drops what [`Statements::prepared`] kept for `text`.
    fn forget(&self, text: &str) {
        self.cache.lock().remove(text);
    }

    /// `text` prepared (from the cache when it was before).
    pub async fn prepared(&self, inner: &Inner, text: &str) -> GatewayResult<PreparedStatement> {
        if let Some(p) = self.cache.lock().get(text) {
            return Ok(p.clone());
        }
        let p = prepare(inner, text.to_string()).await?;
        let mut cache = self.cache.lock();
        if cache.len() >= MAX_STATEMENTS {
            cache.clear();
        }
        cache.insert(text.to_string(), p.clone());
        Ok(p)
    }
}

/// `text` prepared, its results to be read with the columns the cluster
/// described when preparing it: every answer then comes without them (the
/// cluster does not write them and the driver does not parse them). Safe
/// because every statement here names its columns (no `SELECT *`), so a
/// table changed under it keeps the columns' number, and rows are read as
/// bytes whatever their types say ([`RawRow`]).
///
/// A prepare gets the URL's `timeout_ms` as every request does: the driver
/// bounds executions by it but not a prepare, which a node that accepts
/// and never answers (paused, or hung) would hold forever.
async fn prepare(inner: &Inner, text: String) -> GatewayResult<PreparedStatement> {
    let timeout = inner.url.timeout;
    let mut p = tokio::time::timeout(timeout, inner.session.prepare(text))
        .await
        .map_err(|_| {
            GatewayError::timed_out(
                TimeoutCause::Client,
                format!("no answer to a prepare in {} ms", timeout.as_millis()),
            )
        })??;
    p.set_use_cached_result_metadata(true);
    let kind = asked(p.get_statement());
    p.set_request_timeout(Some(inner.deadlines.wait(kind)));
    p.set_is_idempotent(matches!(kind, Asked::Read | Asked::Range));
    Ok(p)
}

/// What the statement `text` asks of the cluster, for its deadline: a
/// read of partitions by token or by index is a range read, as the
/// cluster times it; an increment without a timestamp is a counter write.
pub(in crate::gateway) fn asked(text: &str) -> Asked {
    let t = text.trim_start();
    let starts = |word: &str| {
        t.get(..word.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(word))
    };
    if starts("SELECT") {
        if t.contains("token(") || t.contains("ALLOW FILTERING") {
            Asked::Range
        } else {
            Asked::Read
        }
    } else if starts("UPDATE") && t.contains(" + ?") && !t.contains("USING TIMESTAMP") {
        Asked::CounterWrite
    } else if ["INSERT", "UPDATE", "DELETE", "BEGIN"]
        .iter()
        .any(|w| starts(w))
    {
        Asked::Write
    } else {
        Asked::Other
    }
}

/// What a call runs: a text, or a hot statement's form on a table.
#[derive(Clone, Copy, Debug)]
pub enum Sql<'a> {
    Text(&'a str),
    Formed(&'a Layout, Form),
}

impl Sql<'_> {
    /// Whether `self` and `other` are one statement (a form on the same
    /// table, or the same text).
    pub fn same(&self, other: &Sql<'_>) -> bool {
        match (self, other) {
            (Sql::Text(a), Sql::Text(b)) => a == b,
            (Sql::Formed(a, f), Sql::Formed(b, g)) => f == g && a.table == b.table,
            _ => false,
        }
    }
}

impl Statements {
    /// `sql` prepared (see [`Statements::prepared`] and
    /// [`Statements::prepared_form`]).
    pub(in crate::gateway) async fn of(
        &self,
        inner: &Inner,
        sql: Sql<'_>,
    ) -> GatewayResult<PreparedStatement> {
        match sql {
            Sql::Text(text) => self.prepared(inner, text).await,
            Sql::Formed(layout, form) => self.prepared_form(inner, layout, form).await,
        }
    }

    /// Drops `sql`'s prepared statement, to be prepared afresh.
    pub(in crate::gateway) fn forget_sql(&self, sql: Sql<'_>) {
        match sql {
            Sql::Text(text) => self.forget(text),
            Sql::Formed(layout, form) => self.forget_form(layout, form),
        }
    }
}

/// `sql` and `values` rewritten for a table with custom columns (see
/// `custom`); `None` (run them as they are) for any other table.
fn rewritten(
    inner: &Inner,
    sql: Sql<'_>,
    values: &[Bound],
) -> GatewayResult<Option<(String, Vec<Bound>)>> {
    match sql {
        Sql::Text(text) => for_statement(inner, text, values),
        Sql::Formed(layout, form) if has_custom(inner, &layout.table) => {
            let text = forms::text(layout, &form);
            for_statement(inner, &text, values)
        }
        Sql::Formed(..) => Ok(None),
    }
}

/// Runs `text` with `values`; the rows of a result (none for a write).
pub async fn run(
    inner: &Inner,
    text: &str,
    values: &[Bound],
    cl: Consistency,
) -> GatewayResult<Vec<RawRow>> {
    run_sql(inner, None, Sql::Text(text), values, cl).await
}

/// [`run`] of a hot statement, named by its form on `layout`'s table.
pub async fn run_form(
    inner: &Inner,
    layout: &Layout,
    form: Form,
    values: &[Bound],
    cl: Consistency,
) -> GatewayResult<Vec<RawRow>> {
    run_sql(inner, None, Sql::Formed(layout, form), values, cl).await
}

/// [`run`] on `node` alone when one is given (no other node tried): a
/// read of a node-local system table (`system.local`, `system.peers`)
/// whose rows must come from the same node as another's.
pub async fn run_at(
    inner: &Inner,
    node: Option<&Arc<Node>>,
    text: &str,
    values: &[Bound],
    cl: Consistency,
) -> GatewayResult<Vec<RawRow>> {
    run_sql(inner, node, Sql::Text(text), values, cl).await
}

/// [`run`] of `sql`, on `node` alone when one is given.
pub(in crate::gateway) async fn run_sql(
    inner: &Inner,
    node: Option<&Arc<Node>>,
    sql: Sql<'_>,
    values: &[Bound],
    cl: Consistency,
) -> GatewayResult<Vec<RawRow>> {
    let custom = rewritten(inner, sql, values)?;
    let (sql, values) = match &custom {
        Some((t, v)) => (Sql::Text(t.as_str()), v.as_slice()),
        None => (sql, values),
    };
    let mut retried = false;
    let result = loop {
        let mut p = inner.statements.of(inner, sql).await?;
        p.set_consistency(driver_level(cl));
        if let Some(node) = node {
            p.set_load_balancing_policy(Some(SingleTargetLoadBalancingPolicy::new(
                NodeIdentifier::Node(Arc::clone(node)),
                None,
            )));
        }
        match inner.session.execute_unpaged(&p, values).await {
            Err(e) if !retried && is_stale_prepared(&e) => {
                inner.statements.forget_sql(sql);
                retried = true;
            }
            other => break other?,
        }
    };
    let mut rows = Vec::new();
    each_row_of(result, |row| {
        rows.push(row);
        Ok(true)
    })?;
    Ok(rows)
}

/// Hands each row of one answer (none unless it is rows) to `each`; false
/// when `each` said stop.
fn each_row_of(
    result: QueryResult,
    mut each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<bool> {
    if !result.is_rows() {
        return Ok(true);
    }
    let internal = |e: &dyn std::fmt::Display| GatewayError::Internal(e.to_string());
    let rows = result.into_rows_result().map_err(|e| internal(&e))?;
    for row in rows.rows::<RawRow>().map_err(|e| internal(&e))? {
        if !each(row.map_err(|e| internal(&e))?)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// Runs `text` page by page, handing each row to `each` until it says stop.
///
/// The pages are fetched here, one request each, on the caller's task: the
/// driver's own pager (`execute_iter`) would spawn a task per read to fetch
/// them and pass each page over a channel, a thread hand-off more per read
/// (most reads are one page).
pub async fn each_row(
    inner: &Inner,
    text: &str,
    values: Vec<Bound>,
    cl: Consistency,
    each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<()> {
    each_row_sql(inner, Sql::Text(text), values, cl, PAGE_ROWS, each).await
}

/// [`each_row`] whose first page asks for `first` rows (at most
/// [`PAGE_ROWS`]), for a caller that expects to stop early: the cluster
/// then reads and sends no more than that unless asked for the next page.
pub async fn each_row_first(
    inner: &Inner,
    text: &str,
    values: Vec<Bound>,
    cl: Consistency,
    first: i32,
    each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<()> {
    let first = first.clamp(1, PAGE_ROWS);
    each_row_sql(inner, Sql::Text(text), values, cl, first, each).await
}

/// [`each_row`] of a hot statement, named by its form on `layout`'s table.
pub async fn each_row_form(
    inner: &Inner,
    layout: &Layout,
    form: Form,
    values: Vec<Bound>,
    cl: Consistency,
    each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<()> {
    each_row_sql(
        inner,
        Sql::Formed(layout, form),
        values,
        cl,
        PAGE_ROWS,
        each,
    )
    .await
}

async fn each_row_sql(
    inner: &Inner,
    sql: Sql<'_>,
    values: Vec<Bound>,
    cl: Consistency,
    first_page: i32,
    mut each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<()> {
    let custom = rewritten(inner, sql, &values)?;
    let (sql, values) = match &custom {
        Some((t, v)) => (Sql::Text(t.as_str()), v.as_slice()),
        None => (sql, values.as_slice()),
    };
    let mut p = inner.statements.of(inner, sql).await?;
    p.set_consistency(driver_level(cl));
    p.set_page_size(first_page);
    let mut paging = PagingState::start();
    let mut first = true;
    loop {
        let (result, next) = match inner
            .session
            .execute_single_page(&p, values, paging.clone())
            .await
        {
            // Nothing was handed on yet: the first page may be asked again.
            Err(e) if first && is_stale_prepared(&e) => {
                inner.statements.forget_sql(sql);
                first = false;
                p = inner.statements.of(inner, sql).await?;
                p.set_consistency(driver_level(cl));
                p.set_page_size(first_page);
                continue;
            }
            other => other?,
        };
        if first {
            p.set_page_size(PAGE_ROWS);
        }
        first = false;
        if !each_row_of(result, &mut each)? {
            return Ok(());
        }
        match next.into_paging_control_flow() {
            ControlFlow::Break(()) => return Ok(()),
            ControlFlow::Continue(state) => paging = state,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gateway::driver::facts::Storage;
    use crate::marshal::parse_type;
    use crate::schema::CfDef;

    fn layout(cf: &str) -> Layout {
        let def = CfDef::new("K", cf, 10, parse_type("UTF8Type").unwrap(), None);
        Layout::of(&def, Storage::Compact).unwrap()
    }

    #[test]
    fn one_statement_is_a_form_on_one_table_or_one_text() {
        let (a, b) = (layout("A"), layout("B"));
        let insert = Form::Insert {
            path: 1,
            ttl: false,
        };
        let with_ttl = Form::Insert { path: 1, ttl: true };
        assert!(Sql::Formed(&a, insert).same(&Sql::Formed(&layout("A"), insert)));
        assert!(!Sql::Formed(&a, insert).same(&Sql::Formed(&a, with_ttl)));
        assert!(!Sql::Formed(&a, insert).same(&Sql::Formed(&b, insert)));
        assert!(Sql::Text("SELECT 1").same(&Sql::Text("SELECT 1")));
        assert!(!Sql::Text("SELECT 1").same(&Sql::Formed(&a, insert)));
    }

    #[test]
    fn each_statement_is_timed_as_the_cluster_times_its_kind() {
        for (text, kind) in [
            (
                "SELECT column1, value FROM \"K\".\"S\" WHERE key = ?",
                Asked::Read,
            ),
            (
                "select key FROM t WHERE token(key) > ? LIMIT 10",
                Asked::Range,
            ),
            (
                "SELECT key FROM t WHERE \"age\" = ? ALLOW FILTERING",
                Asked::Range,
            ),
            (
                "INSERT INTO t (key, v) VALUES (?, ?) USING TIMESTAMP ?",
                Asked::Write,
            ),
            (
                "DELETE FROM t USING TIMESTAMP ? WHERE key = ?",
                Asked::Write,
            ),
            (
                "UPDATE t SET value = value + ? WHERE key = ?",
                Asked::CounterWrite,
            ),
            (
                "UPDATE t USING TIMESTAMP ? SET \"tags\" = \"tags\" + ? WHERE k = ?",
                Asked::Write,
            ),
            ("TRUNCATE \"K\".\"S\"", Asked::Other),
        ] {
            assert_eq!(asked(text), kind, "{text}");
        }
    }
}
