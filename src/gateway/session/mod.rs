//! What every call on a connected cluster shares ([`Inner`]): the driver's
//! session, the statements prepared on it (`statements`: once, cached by
//! table and form or by text, prepared again when a node forgets one),
//! the tables whose types have no CQL name and their statements' rewrite
//! (`custom`), the schema served and each CF's layout, and a call's table
//! looked up in them (`tables`).
//!
//! Above the driver's border and the table model, below the reads, the
//! writes and the DDL, which all take an `&Inner`. It must not know what a
//! read or a write is: it runs statements and hands back rows.
//!
//! The order of its modules (`layering.rs` checks it):
//!
//! 1. [`custom`], [`tables`]: custom-typed tables' statements rewritten;
//!    a call's CF, layout or CQL3 table looked up.
//! 2. [`statements`]: statements prepared once and run.

pub mod custom;
pub mod statements;
pub mod tables;

use crate::gateway::driver::deadline::Deadlines;
use crate::gateway::driver::error::ErrorCounts;
use crate::gateway::driver::error::GatewayResult;
use crate::gateway::driver::facts::{ClusterFacts, Storage};
use crate::gateway::driver::url::ClusterUrl;
use crate::gateway::table::layout::Layouts;
use crate::schema::Schema;
use parking_lot::RwLock;
use scylla::client::session::Session;
use std::sync::Arc;

/// What the async parts share: the session, the statements, the schema.
pub struct Inner {
    pub(crate) session: Session,
    pub(crate) statements: statements::Statements,
    pub(crate) layouts: Layouts,
    schema: RwLock<Arc<Schema>>,
    pub url: ClusterUrl,
    /// How long each kind of request is waited for.
    pub(crate) deadlines: Deadlines,
    /// How this cluster stores Thrift-era tables (see `layout`).
    pub(crate) storage: Storage,
    /// What the cluster said of itself when connected.
    pub(crate) facts: ClusterFacts,
    /// A reversed slice of one super column's sub-columns is read forward
    /// and reversed here (Cassandra 3.0+ fails it; see `read::row`).
    pub(crate) forward_sub_slices: bool,
    /// The calls' cluster errors by kind.
    pub(crate) errors: ErrorCounts,
    /// The tables whose types have no CQL name (see `custom`).
    pub(crate) custom: custom::CustomTables,
}

impl Inner {
    /// A session's shared state serving `schema`, its tables laid out as
    /// `storage` says, nothing prepared or counted yet.
    pub(crate) fn new(
        session: Session,
        url: ClusterUrl,
        facts: ClusterFacts,
        storage: Storage,
        schema: Arc<Schema>,
    ) -> Inner {
        Inner {
            session,
            statements: statements::Statements::default(),
            layouts: Layouts::default(),
            schema: RwLock::new(schema),
            deadlines: Deadlines::new(&url, facts.major()),
            url,
            storage,
            // Cassandra 3.0+ fails a reversed slice of one super column's
            // sub-columns (see `read::row`).
            forward_sub_slices: facts.major() >= 3,
            facts,
            custom: custom::CustomTables::default(),
            errors: ErrorCounts::default(),
        }
    }

    pub fn schema(&self) -> Arc<Schema> {
        self.schema.read().clone()
    }

    /// Serves `next` from now on.
    pub(crate) fn set_schema(&self, next: Arc<Schema>) {
        *self.schema.write() = next;
    }

    /// A call's result, its error counted: the one place a call's cluster
    /// errors are counted, however it was waited for.
    pub(crate) fn counted<T>(&self, result: GatewayResult<T>) -> GatewayResult<T> {
        if let Err(e) = &result {
            self.errors.count(e);
        }
        result
    }
}
