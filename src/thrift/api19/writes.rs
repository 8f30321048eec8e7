//! The 19.x write calls: insert, remove, batch_mutate, atomic_batch_mutate,
//! truncate, add and remove_counter (counters: see `counters`; the batches
//! are read and converted in `batch`). Every mutation is validated whole
//! before any of it is applied.

use super::convert::{cell_from, remove_op};
use super::counters::{self, Increment};
use super::release::truncation;
use super::release::writes::{cellname, decimalname, ttlbound};
use super::validation::{self as v, Access};
use crate::model::{Op, RowMutation};
use crate::node::Node;
use crate::release::Behaviour;
use crate::schema::CfDef;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};
use std::collections::BTreeMap;

/// The system keyspaces belong to the server (before 1.1 only their
/// schema: [`Behaviour::SystemDataWritable`]).
pub(super) fn check_writable(node: &Node, ks: &str) -> ApiResult<()> {
    if node
        .release
        .is_some_and(|r| r.does(Behaviour::SystemDataWritable))
    {
        return Ok(());
    }
    if node.schema().keyspace(ks).is_some_and(|k| k.is_system()) {
        return Err(ApiError::invalid("system keyspace is not user-modifiable"));
    }
    Ok(())
}

pub(super) fn check_write(
    node: &Node,
    ks: &str,
    cf: Option<&CfDef>,
    cl: ConsistencyLevel,
    access: Access,
) -> ApiResult<()> {
    let schema = node.schema();
    let ksdef = v::validate_keyspace(&schema, ks)?;
    let nts = ksdef
        .replica_placement_strategy
        .ends_with(".NetworkTopologyStrategy");
    let cl = super::release::reads::count::level_as_checked(node, cl, access, nts)?;
    let alone = node.engine().is_some();
    super::release::replicas::check_level(node, ksdef, cf, cl, access, alone)
}

fn mutation(ks: &str, key: &[u8], updates: Vec<(String, Vec<Op>)>) -> RowMutation {
    row_mutation(ks, key.to_vec(), updates)
}

pub(super) fn row_mutation(ks: &str, key: Vec<u8>, updates: Vec<(String, Vec<Op>)>) -> RowMutation {
    RowMutation {
        keyspace: ks.to_string(),
        key,
        updates,
    }
}

/// `insert`, taking the key and the column's bytes rather than copying them.
pub fn insert(
    node: &Node,
    ks: &str,
    key: Vec<u8>,
    parent: &t::ColumnParent,
    mut column: t::Column,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    super::release::v07::key_first(node.release, &key)?;
    let cf = v::validate_cf_for(&node.schema(), ks, &parent.column_family, false)?;
    v::validate_key(&cf, &key, super::release::checks(node.release))?;
    v::validate_column_parent(&cf, parent, super::release::checks(node.release))?;
    if cf.is_super() && parent.super_column.is_none() {
        return Err(ApiError::invalid(format!(
            "missing mandatory super column name for super CF {}",
            cf.name
        )));
    }
    v::validate_column_names(
        &cf,
        parent.super_column.as_deref(),
        [column.name.as_slice()],
        super::release::checks(node.release),
    )?;
    // (3.11 read a TTL of 0 as none, but a TTL not sent as the default's.)
    let ttl_unset = column.ttl.is_none();
    super::release::v3x::column_ttl(node.release, &mut column)?;
    if let Some(e) = ttlbound::refusal(node.release, &cf, column.ttl, node.now()) {
        return Err(e);
    }
    v::validate_column_data(
        &cf,
        &column,
        parent.super_column.is_some(),
        super::release::checks(node.release),
    )
    .map_err(|e| super::release::v07::value_refusal(node.release, ks, &cf.name, &column, e))?;
    if let Some(e) = cellname::write_failure(node.release, &cf, &column.name) {
        return Err(e);
    }
    let sc = parent.super_column.as_deref();
    if let Some(e) = decimalname::failure(node.release, &cf, sc, &column.name) {
        return Err(e);
    }
    // Building the column failed where no validation bounded its expiry.
    if let Some(e) = ttlbound::failure(node.release, column.ttl, node.now()) {
        return Err(e);
    }
    // 2.0 checked the value's size against the store's indexes.
    super::release::schema::plainindex::check_store(node, ks, &cf.name)?;
    super::release::schema::stores::check_store(node, ks, &cf.name, false)?;
    check_write(node, ks, None, cl, Access::Write)?;
    check_writable(node, ks)?;
    let mut ops = [Op::Put {
        super_column: parent.super_column.clone(),
        cell: cell_from(column, node.now()),
    }];
    super::release::writes::defaultttl::apply(node.release, &cf, node.now(), &mut ops);
    if ttl_unset {
        super::release::writes::defaultttl::apply_to_insert(
            node.release,
            &cf,
            node.now(),
            &mut ops,
        );
    }
    node.apply(&row_mutation(ks, key, vec![(cf.name.clone(), ops.into())]))
        .map_err(ApiError::from)
}

pub fn remove(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    timestamp: i64,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    // 0.7 checked the key before the column path (`CassandraServer.remove`).
    super::release::v07::key_first(node.release, key)?;
    let cf = v::validate_cf_for(&node.schema(), ks, &path.column_family, false)?;
    v::validate_key(&cf, key, super::release::checks(node.release))?;
    v::validate_column_path_or_parent(&cf, path, super::release::checks(node.release))?;
    if let (None, Some(column)) = (&path.super_column, &path.column) {
        if let Some(e) = cellname::failure(node.release, &cf, column) {
            return Err(e);
        }
    }
    check_write(node, ks, None, cl, Access::Write)?;
    check_writable(node, ks)?;
    let op = remove_op(path, timestamp, node.now());
    node.apply(&mutation(ks, key, vec![(cf.name.clone(), vec![op])]))
        .map_err(ApiError::from)
}

/// `remove` with a null consistency level (a level the release's enum
/// lacked): the release made its checks, then failed on the level when it
/// came to write, writing nothing: its processor's internal error (from
/// 1.1 the server closed the connection instead).
pub fn remove_without_level(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
) -> ApiResult<()> {
    super::release::v07::key_first(node.release, key)?;
    let cf = v::validate_cf_for(&node.schema(), ks, &path.column_family, false)?;
    v::validate_key(&cf, key, super::release::checks(node.release))?;
    v::validate_column_path_or_parent(&cf, path, super::release::checks(node.release))?;
    let why = "the consistency level was read as null".to_string();
    match node.release {
        Some(r) if r.at_least(1, 1) => Err(ApiError::Dropped(why)),
        _ => Err(ApiError::Internal(why)),
    }
}

pub type MutationMap = BTreeMap<Vec<u8>, BTreeMap<String, Vec<t::Mutation>>>;

/// `add`: one counter increment.
pub fn add(
    node: &Node,
    ks: &str,
    key: &[u8],
    parent: &t::ColumnParent,
    column: &t::CounterColumn,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema(), ks, &parent.column_family, true)?;
    v::validate_key(&cf, key, super::release::checks(node.release))?;
    counter_level(node, &cf, cl)?;
    v::validate_column_parent(&cf, parent, super::release::checks(node.release))?;
    if cf.is_super() && parent.super_column.is_none() {
        return Err(ApiError::invalid(format!(
            "missing mandatory super column name for super CF {}",
            cf.name
        )));
    }
    v::validate_column_names(
        &cf,
        parent.super_column.as_deref(),
        [column.name.as_slice()],
        super::release::checks(node.release),
    )?;
    check_write(node, ks, Some(&cf), cl, Access::CounterWrite)?;
    let inc = Increment {
        key: key.to_vec(),
        cf: cf.name.clone(),
        super_column: parent.super_column.clone(),
        name: column.name.clone(),
        delta: column.value,
    };
    counters::add(node, ks, &[inc])
}

/// The level rules of a counter write, which `add` checked right after the
/// key and before the column parent (0.8-1.1's
/// `ThriftValidation.validateCommutativeForWrite`, 1.2-3.x's
/// `ConsistencyLevel.validateCounterForWrite`): ANY; a level above ONE on a
/// column family without replicate_on_write (before 2.1, which dropped the
/// option); a serial level (2.0 on, worded per release by `release::words`).
/// The availability of the level is checked later, as the write is made.
fn counter_level(node: &Node, cf: &CfDef, cl: ConsistencyLevel) -> ApiResult<()> {
    use ConsistencyLevel as L;
    if cl == L::ANY {
        return Err(ApiError::invalid(format!(
            "Consistency level ANY is not yet supported for counter columnfamily {}",
            cf.name
        )));
    }
    let replicate_on_write_kept = node.release.is_none_or(|r| !r.at_least(2, 1));
    if replicate_on_write_kept
        && !cf.options.replicate_on_write
        && !matches!(cl, L::ONE | L::LOCAL_ONE)
    {
        return Err(ApiError::invalid(format!(
            "cannot achieve CL > CL.ONE without replicate_on_write on columnfamily {}",
            cf.name
        )));
    }
    if matches!(cl, L::SERIAL | L::LOCAL_SERIAL) {
        return Err(ApiError::invalid(
            "You must use CAS for serializable writes",
        ));
    }
    Ok(())
}

/// `remove_counter`: a tombstone at the counter clock.
pub fn remove_counter(
    node: &Node,
    ks: &str,
    key: &[u8],
    path: &t::ColumnPath,
    cl: ConsistencyLevel,
) -> ApiResult<()> {
    let cf = v::validate_cf_for(&node.schema(), ks, &path.column_family, true)?;
    v::validate_key(&cf, key, super::release::checks(node.release))?;
    v::validate_column_path_or_parent(&cf, path, super::release::checks(node.release))?;
    check_write(node, ks, Some(&cf), cl, Access::CounterWrite)?;
    let op = remove_op(path, node.counter_timestamp(), node.now());
    node.apply(&mutation(ks, key, vec![(cf.name.clone(), vec![op])]))
        .map_err(ApiError::from)
}

/// `truncate`: every column family, from the configuration or not, is
/// emptied durably by the engine.
/// An unknown column family is not an error: 1.2.9 answered such a
/// truncate with success (recorded), having nothing to truncate; 1.2.19
/// and later refused it as every other call did.
/// Before 1.2 a session keyspace dropped since `set_keyspace` was not
/// checked either: the nodes asked never answered.
pub fn truncate(node: &Node, ks: &str, cf: &str) -> ApiResult<()> {
    let schema = node.schema();
    if schema.keyspace(ks).is_none() {
        if let Some(e) = truncation::truncate_in_dropped_keyspace(node) {
            return Err(e);
        }
    }
    v::validate_keyspace(&schema, ks)?;
    let does = |b| node.release.is_some_and(|r| r.does(b));
    if does(Behaviour::TruncateOfCountersRefused) {
        v::validate_cf_for(&schema, ks, cf, false)?;
    } else if does(Behaviour::TruncateUnknownRefused) {
        v::validate_cf(&schema, ks, cf)?;
    }
    if schema.cf(ks, cf).is_none() {
        return truncation::truncate_unknown(node);
    }
    check_writable(node, ks)?;
    // What the flush wrote, later reads meet as SSTables.
    node.keep_truncate_flush()?;
    node.truncate(ks, cf).map_err(ApiError::from)
}

// A deleted counter is a question of `counters`; it is tested here, through
// the calls, since `counters` must not use the module that calls it.
#[cfg(test)]
mod tests {
    use crate::node::{test_nodes, Node};
    use crate::release::Release;
    use crate::schema::CfSpec;
    use crate::thrift::api19::writes;
    use crate::thrift::api19::{defs, schema_calls};
    use crate::thrift::gen::cassandra19::{self as t, ConsistencyLevel};

    /// A node answering as `version` with a counter column family `Cnt`.
    /// A node answering as `version` with a counter column family `Cnt`,
    /// whose counter `c` the tests add to, delete (by its cell or its row)
    /// and read back.
    struct Counters {
        node: Node,
        ks: String,
    }

    impl Counters {
        fn of(version: &str) -> Self {
            let mut node = test_nodes::Kit::default().node();
            node.release = Release::find(version);
            let ks = node.schema().user_keyspaces().next().unwrap().name.clone();
            let mut def = defs::cf_def(&CfSpec::new(&ks, "Cnt"));
            def.comparator_type = Some("UTF8Type".into());
            def.default_validation_class = Some("CounterColumnType".into());
            schema_calls::add_column_family(&node, &def).unwrap();
            Counters { node, ks }
        }

        fn add(&self, key: &[u8], n: i64) {
            let parent = t::ColumnParent::new("Cnt".to_string(), None::<Vec<u8>>);
            let column = t::CounterColumn::new(b"c".to_vec(), n);
            writes::add(
                &self.node,
                &self.ks,
                key,
                &parent,
                &column,
                ConsistencyLevel::ONE,
            )
            .unwrap()
        }

        /// Deletes the counter's cell, or with `row` its whole row.
        fn remove(&self, key: &[u8], row: bool) {
            let name = (!row).then(|| b"c".to_vec());
            let path = t::ColumnPath::new("Cnt".to_string(), None::<Vec<u8>>, name);
            writes::remove_counter(&self.node, &self.ks, key, &path, ConsistencyLevel::ONE)
                .unwrap();
        }

        fn total(&self, key: &[u8]) -> Option<i64> {
            let cmd = crate::model::ReadCommand {
                keyspace: self.ks.clone(),
                cf: "Cnt".into(),
                super_column: None,
                slice: crate::model::Slice::Names(vec![b"c".to_vec()]),
            };
            match self.node.read(&cmd, key).unwrap() {
                crate::model::RowResult::Cells(c) => c.first().and_then(|c| c.counter_total()),
                _ => None,
            }
        }
    }

    /// Recorded from 2.1.22 and 2.2.19 (`rel_counterdel`): a deleted
    /// counter stays deleted, by its cell or its row. 2.0 counted anew
    /// after its cell's deletion and on past its row's (`rel_countermillis`).
    #[test]
    fn a_deleted_counter_cell_stays_deleted_from_2_1() {
        for (v, before) in [("2.0.17", true), ("2.1.22", false), ("2.2.19", false)] {
            let c = Counters::of(v);
            c.add(b"k", 5);
            c.remove(b"k", false);
            c.add(b"k", 2);
            assert_eq!(c.total(b"k"), before.then_some(2), "{v}");
            c.add(b"r", 6);
            c.remove(b"r", true);
            c.add(b"r", 1);
            assert_eq!(c.total(b"r"), before.then_some(7), "{v}");
        }
    }

    /// Recorded from 3.0.24 and 3.11.10 (`rel_counterdel`): a counter's own
    /// tombstone wins over what is added later; after its row's deletion it
    /// counts on from the counter cache (6, deleted, +1 reads 7), which a
    /// truncate forgets; a counter column family is not truncated over Thrift.
    #[test]
    fn a_3_x_counter_keeps_its_own_tombstone_and_counts_on_past_its_row() {
        for v in ["3.0.24", "3.11.10"] {
            let c = Counters::of(v);
            c.add(b"k", 5);
            c.remove(b"k", false);
            c.add(b"k", 2);
            assert_eq!(c.total(b"k"), None, "{v}");
            c.add(b"r", 6);
            c.remove(b"r", true);
            assert_eq!(c.total(b"r"), None, "{v}");
            c.add(b"r", 1);
            c.add(b"r", 10);
            assert_eq!(c.total(b"r"), Some(17), "{v}");
            let refused = writes::truncate(&c.node, &c.ks, "Cnt").unwrap_err();
            assert!(
                format!("{refused:?}").contains("commutative"),
                "{v}: {refused:?}"
            );
            c.remove(b"r", true);
            c.node.truncate(&c.ks, "Cnt").unwrap();
            c.add(b"r", 1);
            assert_eq!(c.total(b"r"), Some(1), "{v}");
        }
    }

    /// Recorded from 2.1.22 and 2.2.19 (`rel_dropflush`): of two writes of
    /// a column tied on timestamp and value, the earlier stays while both
    /// are in the memtable. A drop between them flushed the earlier: a
    /// slice then meets the later (here with its TTL) first and keeps it, a
    /// names read lets the flushed one replace it. Not so in a keyspace
    /// without durable writes, which the commit log did not hold.
    #[test]
    fn from_2_1_a_drop_flushes_and_a_slice_reads_the_later_tied_write() {
        use crate::model::{CellKind, ReadCommand, RowResult, Slice};
        // (names read, slice) each answering the version with the TTL.
        let ttl_read = |v: &str, drop: bool, durable: bool| {
            let node = test_nodes::as_release(v);
            let ks = "Flushed".to_string();
            let spec = crate::schema::KeyspaceSpec {
                durable_writes: Some(durable),
                ..crate::schema::KeyspaceSpec::simple(&ks, 1)
            };
            schema_calls::add_keyspace(&node, &defs::ks_def(&spec)).unwrap();
            for cf in ["Tie", "Gone"] {
                let mut def = defs::cf_def(&CfSpec::new(&ks, cf));
                def.comparator_type = Some("UTF8Type".into());
                schema_calls::add_column_family(&node, &def).unwrap();
            }
            let write = |ttl: Option<i32>| {
                let parent = t::ColumnParent::new("Tie".to_string(), None::<Vec<u8>>);
                let col = t::Column::new(b"c".to_vec(), b"v".to_vec(), 10i64, ttl);
                writes::insert(
                    &node,
                    &ks,
                    b"k".to_vec(),
                    &parent,
                    col,
                    ConsistencyLevel::ONE,
                )
                .unwrap();
            };
            write(None);
            if drop {
                schema_calls::drop_column_family(&node, &ks, "Gone").unwrap();
            }
            write(Some(600));
            let read = |slice: Slice| {
                let cmd = ReadCommand {
                    keyspace: ks.clone(),
                    cf: "Tie".into(),
                    super_column: None,
                    slice,
                };
                match node.read(&cmd, b"k").unwrap() {
                    RowResult::Cells(c) => matches!(c[0].kind, CellKind::Expiring { .. }),
                    other => panic!("{other:?}"),
                }
            };
            (
                read(Slice::Names(vec![b"c".to_vec()])),
                read(Slice::first(10)),
            )
        };
        for v in ["2.1.22", "2.2.19"] {
            assert_eq!(
                ttl_read(v, false, true),
                (false, false),
                "{v}: the earlier stays"
            );
            assert_eq!(
                ttl_read(v, true, true),
                (false, true),
                "{v}: the earlier was flushed"
            );
            assert_eq!(
                ttl_read(v, true, false),
                (false, false),
                "{v}: nothing to flush"
            );
        }
        // 2.0 flushed nothing on a drop (its memtable kept the later of a
        // tie, which this test node's engine does not: `rel_dropflush`
        // records it).
        assert_eq!(ttl_read("2.0.17", true, true), (false, false));
    }
}
