//! supercolumn's schema made real in the cluster: keyspaces and tables it
//! has are created there when missing, ones it drops are dropped, and
//! schema agreement is awaited after each change, then the driver's view
//! of the keyspaces and ring read again (so that token-aware routing knows
//! a new keyspace's replicas from its first write); `TRUNCATE` too.
//!
//! Creation is attempted and "already exists" taken as success (1.2's CQL3
//! has no `IF NOT EXISTS`; 2.0+ does), so a cluster that already holds the
//! application's data, written through Cassandra's own Thrift, is kept as
//! it is. Schema agreement is awaited before the first creation too, and
//! after a keyspace is created: a keyspace just made through another
//! coordinator may not have reached the node the driver picks, and a table
//! created there under the same name gets another id, which a real 3.11
//! cannot merge (its schema migration fails with an AssertionError on every
//! node); a table made right after its keyspace, through another node, is
//! refused ("Keyspace ... doesn't exist"). A column family the gateway cannot lay out yet (see `layout`) is
//! logged and left alone: calls on it are refused, the rest serve. At
//! start, the schema is created only when asked (`SchemaSync::Create`);
//! otherwise [`report_missing`] logs what the cluster lacks. Each
//! agreement check is bounded by what is left of [`AGREEMENT_WAIT`]. This
//! module must not read or write rows.

use crate::call::Consistency;
use crate::gateway::driver::error::{GatewayError, GatewayResult};
use crate::gateway::driver::facts::{storage_of, Storage};
use crate::gateway::driver::values::RawRow;
use crate::gateway::session::statements::run;
use crate::gateway::session::tables::table_name;
use crate::gateway::session::Inner;
use crate::gateway::table::cql3::{self, table_of};
use crate::gateway::table::index::changes;
use crate::gateway::table::layout::{self, Layout};
use crate::gateway::table::quote;
use crate::schema::CfDef;
use crate::schema::Schema;
use scylla::errors::{DbError, ExecutionError, RequestAttemptError};

/// Brings the cluster from `old` (`None`: whatever it holds) to `next`.
pub async fn sync(inner: &Inner, old: Option<&Schema>, next: &Schema) -> GatewayResult<()> {
    let mut changed = false;
    let mut agreed = false;
    for ks in next.user_keyspaces() {
        let old_ks = old.and_then(|o| o.keyspace(&ks.name));
        if old_ks.is_none() && create(inner, &mut agreed, &layout::create_keyspace(ks)).await? {
            changed = true;
            // Its tables may be created through other coordinators, which
            // must know it first ("Keyspace ... doesn't exist" otherwise).
            agreed = false;
        }
        for cf in ks.cfs.values() {
            let known = old_ks
                .and_then(|o| o.cfs.get(&cf.name))
                .is_some_and(|o| o.id == cf.id);
            if known {
                // A CQL3 table altered (same id): altered there too. A
                // refusal is logged, as a drop's is.
                if let Some(o) = old_ks.and_then(|o| o.cfs.get(&cf.name)) {
                    let altered = cql3::alterations(o, cf)
                        .into_iter()
                        .chain(layout::added_statics(o, cf, inner.storage));
                    for text in altered {
                        drop(inner, &text).await?;
                        changed = true;
                    }
                    changed |= sync_cf(inner, &ks.name, Some(o), cf).await?;
                }
                continue;
            }
            match create_statement(cf, inner.storage) {
                Ok(text) => {
                    changed |= create(inner, &mut agreed, &text).await?;
                    changed |= sync_cf(inner, &ks.name, None, cf).await?;
                }
                Err(e) => tracing::warn!(
                    keyspace = %ks.name,
                    column_family = %cf.name,
                    "not created in the cluster: {e}"
                ),
            }
        }
    }
    if let Some(old) = old {
        for ks in old.user_keyspaces() {
            match next.keyspace(&ks.name) {
                None => {
                    drop(inner, &format!("DROP KEYSPACE {}", quote(&ks.name))).await?;
                    changed = true;
                }
                Some(kept) => {
                    for cf in ks.cfs.values() {
                        if kept.cfs.get(&cf.name).is_none_or(|n| n.id != cf.id) {
                            let table = format!("{}.{}", quote(&ks.name), quote(&cf.name));
                            drop(inner, &format!("DROP TABLE {table}")).await?;
                            changed = true;
                        }
                    }
                }
            }
        }
        // A CF dropped and created again under its name: drop first.
        for ks in next.user_keyspaces() {
            let Some(old_ks) = old.keyspace(&ks.name) else {
                continue;
            };
            for cf in ks.cfs.values() {
                if old_ks.cfs.get(&cf.name).is_some_and(|o| o.id != cf.id) {
                    if let Ok(text) = create_statement(cf, inner.storage) {
                        create(inner, &mut agreed, &text).await?;
                        sync_cf(inner, &ks.name, None, cf).await?;
                    }
                }
            }
        }
    }
    if changed {
        agree(inner).await;
        refresh_ring(inner).await;
    }
    Ok(())
}

/// Reads the cluster's keyspaces and ring into the driver again, within
/// the URL's `timeout_ms`: a keyspace just created has no replication in
/// the driver's token map until then (the driver's own refresh comes with
/// its next topology read, up to a minute later), and each write to it
/// would go to any node, to be forwarded to its replicas. A failure is
/// logged: the change was made, and the driver's refresh follows.
pub(super) async fn refresh_ring(inner: &Inner) {
    let wait = inner.url.timeout;
    match tokio::time::timeout(wait, inner.session.refresh_metadata()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::warn!("the cluster's keyspaces were not read again: {e}"),
        Err(_) => tracing::warn!("the cluster's keyspaces were not read again within {wait:?}"),
    }
}

/// Logs each keyspace of `schema` the cluster does not have (the driver's
/// view of its keyspaces, refreshed once): not created, as not asked.
pub async fn report_missing(inner: &Inner, schema: &Schema) -> GatewayResult<()> {
    let missing = |inner: &Inner| -> Vec<String> {
        let state = inner.session.get_cluster_state();
        schema
            .user_keyspaces()
            .filter(|ks| state.get_keyspace(&ks.name).is_none())
            .map(|ks| ks.name.clone())
            .collect()
    };
    if missing(inner).is_empty() {
        return Ok(());
    }
    if let Err(e) = inner.session.refresh_metadata().await {
        tracing::warn!("cannot read the cluster's keyspaces: {e}");
        return Ok(());
    }
    for ks in missing(inner) {
        tracing::warn!(
            keyspace = %ks,
            "not in the cluster and not created there (serve --create-schema creates the \
             configuration's keyspaces); calls on it are refused"
        );
    }
    Ok(())
}

/// Runs a `CREATE`; true when it created something, false when it existed.
/// The first one of a sync waits for schema agreement (see the module note).
async fn create(inner: &Inner, agreed: &mut bool, text: &str) -> GatewayResult<bool> {
    if !*agreed {
        agree(inner).await;
        *agreed = true;
    }
    match inner.session.query_unpaged(text, ()).await {
        Ok(_) => Ok(true),
        Err(e) if already_exists(&e) => Ok(false),
        Err(e) => Err(e.into()),
    }
}

/// Runs a `DROP` (or an `ALTER`); one of something the cluster does not
/// have (or already has) is logged, no error.
pub(super) async fn drop(inner: &Inner, text: &str) -> GatewayResult<()> {
    match inner.session.query_unpaged(text, ()).await {
        Ok(_) => Ok(()),
        Err(e) => match GatewayError::from(e) {
            GatewayError::Invalid(why) => {
                tracing::warn!("{text}: {why}");
                Ok(())
            }
            other => Err(other),
        },
    }
}

pub(super) fn already_exists(e: &ExecutionError) -> bool {
    matches!(
        e,
        ExecutionError::LastAttemptError(RequestAttemptError::DbError(
            DbError::AlreadyExists { .. },
            _
        ))
    )
}

/// Waits until every node has the same schema version, at most
/// [`AGREEMENT_WAIT`]; a cluster that does not agree in time, or whose
/// schema versions cannot be read (supercolumn's native side serves no
/// paged `system.peers` read yet), is logged, not failed: the change was made.
pub(super) async fn agree(inner: &Inner) {
    let deadline = tokio::time::Instant::now() + AGREEMENT_WAIT;
    loop {
        let check = inner.session.check_schema_agreement();
        let Ok(checked) = tokio::time::timeout_at(deadline, check).await else {
            tracing::warn!("the cluster's schema versions were not read within {AGREEMENT_WAIT:?}");
            return;
        };
        match checked {
            Ok(Some(_)) => return,
            Ok(None) if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(200)).await
            }
            Ok(None) => {
                tracing::warn!("the cluster's schema did not agree within {AGREEMENT_WAIT:?}");
                return;
            }
            Err(e) => {
                tracing::warn!("cannot check the cluster's schema agreement: {e}");
                return;
            }
        }
    }
}

/// The longest wait for schema agreement after a change.
pub const AGREEMENT_WAIT: std::time::Duration = std::time::Duration::from_secs(30);

pub async fn truncate(
    inner: &Inner,
    keyspace: &str,
    cf: &str,
    cl: Consistency,
) -> GatewayResult<()> {
    let table = table_name(inner, keyspace, cf)?;
    run(inner, &format!("TRUNCATE {table}"), &[], cl).await?;
    Ok(())
}

/// How the cluster stores Thrift-era tables, from its `system.local`
/// (`driver::facts::storage_of`); a cluster that does not say is taken as compact.
pub async fn storage_of_cluster(
    session: &scylla::client::session::Session,
) -> GatewayResult<Storage> {
    let result = session
        .query_unpaged("SELECT release_version, cql_version FROM system.local", ())
        .await?;
    let rows = match result.into_rows_result() {
        Ok(rows) => rows,
        Err(_) => return Ok(Storage::Compact),
    };
    let mut row = match rows.maybe_first_row::<RawRow>() {
        Ok(Some(row)) => row,
        _ => return Ok(Storage::Compact),
    };
    let text = |row: &mut RawRow, i| {
        row.bytes(i)
            .map(|b| String::from_utf8_lossy(&b).into_owned())
            .unwrap_or_default()
    };
    let (release, cql) = (text(&mut row, 0), text(&mut row, 1));
    let storage = storage_of(&release, &cql);
    tracing::info!(release, cql, ?storage, "cluster versions");
    Ok(storage)
}

/// Brings `new`'s indexes into the cluster (`old`: the CF as the cluster
/// had it, `None` for a table just created or found); true when it ran a
/// statement. An index that exists already is taken as made; any other
/// refusal is logged, as `ddl` logs a refused drop.
pub async fn sync_cf(
    inner: &Inner,
    keyspace: &str,
    old: Option<&CfDef>,
    new: &CfDef,
) -> GatewayResult<bool> {
    let (drops, creates) = changes(keyspace, old, new, inner.storage);
    if drops.is_empty() && creates.is_empty() {
        return Ok(false);
    }
    for text in drops.iter() {
        drop(inner, text).await?;
    }
    if !creates.is_empty() {
        // The table may have been made through another coordinator.
        agree(inner).await;
    }
    for text in &creates {
        match inner.session.query_unpaged(text.as_str(), ()).await {
            Ok(_) => {}
            Err(e) if already_exists(&e) => {}
            Err(e) => match GatewayError::from(e) {
                // 3.x and 1.2 refuse a second index on a column as invalid.
                GatewayError::Invalid(why) if why.contains("already exists") => {}
                GatewayError::Invalid(why) => tracing::warn!("{text}: {why}"),
                other => return Err(other),
            },
        }
    }
    Ok(true)
}

/// The `CREATE TABLE` of a CF in the cluster: a CQL3 table as itself, any
/// other CF in its compact layout.
pub fn create_statement(cf: &CfDef, storage: Storage) -> GatewayResult<String> {
    match table_of(cf)? {
        Some(t) => Ok(t.create_table()),
        None => Ok(Layout::of(cf, storage)?.create_table()),
    }
}
