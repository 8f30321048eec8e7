//! A write's statements, planned before anything is sent: every row's
//! statements (one key, every CF of its keyspace it names), by batch type,
//! each table checked first as the engine validates a batch whole; a hot
//! statement kept by its form on its table (no text built). This module
//! must not send statements nor read rows.

use super::ops::formed;
use crate::gateway::driver::error::GatewayResult;
use crate::gateway::driver::facts::Storage;
use crate::gateway::driver::values::Bound;
use crate::gateway::session::statements::Sql;
use crate::gateway::session::tables::table;
use crate::gateway::session::Inner;
use crate::gateway::table::forms::Form;
use crate::gateway::table::layout::{Layout, Shape};
use crate::model::{Op, RowMutation};
use crate::schema::CfDef;
use std::sync::Arc;

/// One statement: its text and values.
pub type Stmt = (String, Vec<Bound>);

/// One statement as it is sent: a hot one by its form on its table (no
/// text built), or a text.
pub(super) enum Planned {
    Formed(Arc<Layout>, Form, Vec<Bound>),
    Text(Stmt),
}

impl Planned {
    pub(super) fn sql(&self) -> Sql<'_> {
        match self {
            Planned::Formed(layout, form, _) => Sql::Formed(layout, *form),
            Planned::Text((text, _)) => Sql::Text(text),
        }
    }

    pub(super) fn values(&self) -> &[Bound] {
        match self {
            Planned::Formed(_, _, values) | Planned::Text((_, values)) => values,
        }
    }

    #[cfg(test)]
    pub(super) fn sql_text(&self) -> String {
        match self {
            Planned::Formed(layout, form, _) => crate::gateway::table::forms::text(layout, form),
            Planned::Text((text, _)) => text.clone(),
        }
    }

    fn into_text(self) -> Stmt {
        match self {
            Planned::Formed(layout, form, values) => {
                (crate::gateway::table::forms::text(&layout, &form), values)
            }
            Planned::Text(stmt) => stmt,
        }
    }
}

/// One row's statements, by batch type.
#[derive(Default)]
pub struct RowPlan {
    pub(super) plain: Vec<Planned>,
    pub(super) counter: Vec<Planned>,
}

/// Every row's statements, each key once (a key named twice has its ops
/// joined, in order), owning their values (so that the mutations need not
/// outlive them). Every table is checked before anything is sent, as the
/// engine validates a batch whole.
pub fn plan(inner: &Inner, ms: &[RowMutation]) -> GatewayResult<Vec<RowPlan>> {
    let mut plans: Vec<RowPlan> = Vec::with_capacity(ms.len());
    let mut index: std::collections::HashMap<(&str, &[u8]), usize> =
        std::collections::HashMap::with_capacity(ms.len());
    for m in ms {
        let at = *index
            .entry((m.keyspace.as_str(), m.key.as_slice()))
            .or_insert_with(|| {
                plans.push(RowPlan::default());
                plans.len() - 1
            });
        for (cf, ops) in &m.updates {
            let def = cf_def(inner, &m.keyspace, cf)?;
            let (counter, stmts) = match crate::gateway::table::cql3::table_of(&def)? {
                Some(t) => {
                    let stmts = super::cql3::statements(&t, &m.key, ops)?;
                    (t.counter, stmts.into_iter().map(Planned::Text).collect())
                }
                None => {
                    let layout = inner.layouts.of(&def, inner.storage)?;
                    layout_planned(&def, &layout, &m.key, ops)?
                }
            };
            let into = if counter {
                &mut plans[at].counter
            } else {
                &mut plans[at].plain
            };
            into.extend(stmts);
        }
    }
    Ok(plans)
}

/// The CF `keyspace.cf` of the gateway's schema (refused as the engine
/// refuses an unknown keyspace or CF).
fn cf_def(inner: &Inner, keyspace: &str, cf: &str) -> GatewayResult<Arc<CfDef>> {
    if let Some(def) = inner.schema().cf(keyspace, cf) {
        return Ok(def.clone());
    }
    // The engine's messages for what is missing.
    Ok(table(inner, keyspace, cf)?.0)
}

/// The statements of one row's `ops` on `def`'s table in the cluster's
/// `storage`, and whether they go in a counter batch: what [`apply`] sends,
/// refused exactly as it refuses. Pure, so that `migrate` can ask which of
/// a source's cells the cluster cannot hold before it writes a row.
pub fn cf_statements(
    def: &CfDef,
    storage: Storage,
    key: &[u8],
    ops: &[Op],
) -> GatewayResult<(bool, Vec<Stmt>)> {
    if let Some(t) = crate::gateway::table::cql3::table_of(def)? {
        return Ok((t.counter, super::cql3::statements(&t, key, ops)?));
    }
    let layout = Arc::new(Layout::of(def, storage)?);
    let (counter, planned) = layout_planned(def, &layout, key, ops)?;
    Ok((
        counter,
        planned.into_iter().map(Planned::into_text).collect(),
    ))
}

/// The statements of one row's `ops` on a CF that is not a CQL3 table,
/// laid out as `layout`, and whether they go in a counter batch.
fn layout_planned(
    def: &CfDef,
    layout: &Arc<Layout>,
    key: &[u8],
    ops: &[Op],
) -> GatewayResult<(bool, Vec<Planned>)> {
    let mut out = Vec::with_capacity(ops.len());
    for op in ops {
        if layout.shape == Shape::Static {
            let stmts = super::statics::statements(def, layout, key, op)?;
            out.extend(stmts.into_iter().map(Planned::Text));
        } else if let (
            Shape::Composite,
            Op::DeleteRange {
                start,
                end,
                deletion,
            },
        ) = (layout.shape, op)
        {
            let stmts = super::composite::range_deletion(layout, key, start, end, deletion)?;
            out.extend(stmts.into_iter().map(Planned::Text));
        } else {
            let (form, values) = formed(layout, key, op)?;
            out.push(Planned::Formed(Arc::clone(layout), form, values));
        }
    }
    Ok((layout.counter, out))
}
