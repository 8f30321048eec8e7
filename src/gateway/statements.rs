//! Statements sent to the cluster: prepared once per text and cached, then
//! executed with the call's consistency level, whole or page by page.
//!
//! The texts are few (a handful per table and slice shape), so the cache
//! is a map by text; it is emptied if it ever grows past
//! [`MAX_STATEMENTS`] (a bound, not an eviction policy: texts embed only
//! table names and `IN` arities). This module must not build statement
//! texts; the readers and writers do.

use super::values::{Bound, RawRow};
use super::{Consistency, GatewayError, GatewayResult, Inner};
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

#[derive(Default)]
pub struct Statements {
    cache: Mutex<HashMap<String, PreparedStatement>>,
}

impl Statements {
    /// `text` prepared (from the cache when it was before).
    pub async fn prepared(&self, inner: &Inner, text: &str) -> GatewayResult<PreparedStatement> {
        if let Some(p) = self.cache.lock().get(text) {
            return Ok(p.clone());
        }
        let p = inner.session.prepare(text).await?;
        let mut cache = self.cache.lock();
        if cache.len() >= MAX_STATEMENTS {
            cache.clear();
        }
        cache.insert(text.to_string(), p.clone());
        Ok(p)
    }
}

/// Runs `text` with `values`; the rows of a result (none for a write).
pub async fn run(
    inner: &Inner,
    text: &str,
    values: &[Bound],
    cl: Consistency,
) -> GatewayResult<Vec<RawRow>> {
    run_at(inner, None, text, values, cl).await
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
    let custom = super::custom::for_statement(inner, text, values)?;
    let (text, values) = match &custom {
        Some((t, v)) => (t.as_str(), v.as_slice()),
        None => (text, values),
    };
    let mut p = inner.statements.prepared(inner, text).await?;
    p.set_consistency(cl.driver());
    if let Some(node) = node {
        p.set_load_balancing_policy(Some(SingleTargetLoadBalancingPolicy::new(
            NodeIdentifier::Node(Arc::clone(node)),
            None,
        )));
    }
    let result = inner.session.execute_unpaged(&p, values).await?;
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
    mut each: impl FnMut(RawRow) -> GatewayResult<bool>,
) -> GatewayResult<()> {
    let custom = super::custom::for_statement(inner, text, &values)?;
    let (text, values) = match custom {
        Some((t, v)) => (std::borrow::Cow::Owned(t), v),
        None => (std::borrow::Cow::Borrowed(text), values),
    };
    let mut p = inner.statements.prepared(inner, &text).await?;
    p.set_consistency(cl.driver());
    p.set_page_size(PAGE_ROWS);
    let mut paging = PagingState::start();
    loop {
        let (result, next) = inner
            .session
            .execute_single_page(&p, values.as_slice(), paging)
            .await?;
        if !each_row_of(result, &mut each)? {
            return Ok(());
        }
        match next.into_paging_control_flow() {
            ControlFlow::Break(()) => return Ok(()),
            ControlFlow::Continue(state) => paging = state,
        }
    }
}
