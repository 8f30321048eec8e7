//! Reset to the baseline: data, schema, counters and super columns come
//! back on disk and in memory; untouched column families are left alone;
//! a call in flight finishes before a reset starts.

use super::*;
use crate::model::{Cell, Op, ReadCommand, RowMutation, Slice};
use crate::schema::{CfSpec, KeyspaceSpec, SchemaChange};

/// A node with `Conf.{Std,Sup,Idle}`, on disk under `dir` or in memory.
fn node(dir: Option<&std::path::Path>) -> Node {
    let xml = crate::config::testing::one_keyspace(
        "Conf",
        &[
            r#"<ColumnFamily Name="Std" CompareWith="UTF8Type"/>"#,
            r#"<ColumnFamily Name="Sup" ColumnType="Super" CompareWith="UTF8Type" CompareSubcolumnsWith="UTF8Type"/>"#,
            r#"<ColumnFamily Name="Idle" CompareWith="UTF8Type"/>"#,
        ],
        "RandomPartitioner",
        "",
    );
    crate::node::test_nodes::node_from_xml(&xml, dir).0
}

fn put(ks: &str, cf: &str, key: &str, sc: Option<&str>, name: &str, value: &str) -> RowMutation {
    RowMutation {
        keyspace: ks.into(),
        key: key.into(),
        updates: vec![(
            cf.into(),
            vec![Op::Put {
                super_column: sc.map(Into::into),
                cell: Cell::live(name.into(), value.into(), 10),
            }],
        )],
    }
}

/// Every row of a column family, as (key, rendering of its result).
fn dump(node: &Node, ks: &str, cf: &str) -> Vec<(Vec<u8>, String)> {
    let cmd = ReadCommand {
        keyspace: ks.into(),
        cf: cf.into(),
        super_column: None,
        slice: Slice::Range {
            start: vec![],
            finish: vec![],
            reversed: false,
            count: usize::MAX,
        },
    };
    let range = crate::model::RowRange::Keys {
        start: vec![],
        end: vec![],
    };
    node.read_range(&cmd, &range, usize::MAX)
        .unwrap()
        .into_iter()
        .filter(|(_, r)| !r.is_empty())
        .map(|(k, r)| (k, format!("{r:?}")))
        .collect()
}

fn counters_cf() -> SchemaChange {
    SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec {
            default_validation_class: Some("CounterColumnType".into()),
            ..CfSpec::new("Dyn", "Counts")
        }],
        ..KeyspaceSpec::simple("Dyn", 1)
    })
}

fn add(delta: i64) -> RowMutation {
    RowMutation {
        keyspace: "Dyn".into(),
        key: b"k".to_vec(),
        updates: vec![(
            "Counts".into(),
            vec![Op::CounterAdd {
                super_column: None,
                name: b"c".to_vec(),
                delta,
                timestamp: 5,
            }],
        )],
    }
}

fn reset_restores_data_and_schema(node: &Node) {
    node.change_schema(counters_cf()).unwrap();
    node.apply(&put("Conf", "Std", "a", None, "x", "1"))
        .unwrap();
    node.apply(&put("Conf", "Sup", "a", Some("s"), "y", "2"))
        .unwrap();
    node.apply(&add(7)).unwrap();
    node.apply(&put("Conf", "Idle", "i", None, "z", "3"))
        .unwrap();
    assert_eq!(node.mark_baseline().unwrap(), 4);
    let (std0, sup0, cnt0) = (
        dump(node, "Conf", "Std"),
        dump(node, "Conf", "Sup"),
        dump(node, "Dyn", "Counts"),
    );

    // Writes, a truncation, counter increments and schema changes.
    node.apply(&put("Conf", "Std", "a", None, "x", "changed"))
        .unwrap();
    node.apply(&put("Conf", "Std", "b", None, "new", "row"))
        .unwrap();
    node.truncate("Conf", "Sup").unwrap();
    node.apply(&add(100)).unwrap();
    node.change_schema(SchemaChange::AddKeyspace(KeyspaceSpec {
        cf_defs: vec![CfSpec::new("Later", "T")],
        ..KeyspaceSpec::simple("Later", 1)
    }))
    .unwrap();
    node.change_schema(SchemaChange::DropColumnFamily {
        keyspace: "Dyn".into(),
        name: "Counts".into(),
    })
    .unwrap();

    let report = node.reset().unwrap();
    assert_eq!(report.schema_changes, 2, "{report:?}");
    assert_eq!(report.column_families, 3, "Idle is untouched: {report:?}");
    assert!(node.schema().keyspace("Later").is_none());
    assert_eq!(dump(node, "Conf", "Std"), std0);
    assert_eq!(dump(node, "Conf", "Sup"), sup0);
    assert_eq!(dump(node, "Dyn", "Counts"), cnt0);
    assert_eq!(dump(node, "Conf", "Idle").len(), 1);

    // A second round, with nothing but a counter increment.
    node.apply(&add(1)).unwrap();
    let report = node.reset().unwrap();
    assert_eq!((report.schema_changes, report.column_families), (0, 1));
    assert_eq!(dump(node, "Dyn", "Counts"), cnt0);
    // Nothing written: nothing to do.
    assert_eq!(node.reset().unwrap(), ResetReport::default());
}

#[test]
fn reset_in_memory() {
    reset_restores_data_and_schema(&node(None));
}

#[test]
fn reset_on_disk_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    {
        let n = node(Some(dir.path()));
        reset_restores_data_and_schema(&n);
        n.engine().unwrap().shutdown().unwrap();
    }
    let n = node(Some(dir.path()));
    assert!(n.schema().keyspace("Later").is_none());
    assert_eq!(dump(&n, "Conf", "Std").len(), 1);
    assert!(dump(&n, "Dyn", "Counts")[0]
        .1
        .contains("value: [0, 0, 0, 0, 0, 0, 0, 7]"));
}

#[test]
fn a_keyspace_a_client_dropped_and_created_again_alike_is_reset() {
    let node = node(None);
    node.change_schema(counters_cf()).unwrap();
    node.apply(&add(7)).unwrap();
    node.mark_baseline().unwrap();
    let cnt0 = dump(&node, "Dyn", "Counts");
    node.change_schema(SchemaChange::DropKeyspace("Dyn".into()))
        .unwrap();
    node.change_schema(counters_cf()).unwrap();
    node.apply(&add(100)).unwrap();
    let report = node.reset().unwrap();
    assert_eq!((report.schema_changes, report.column_families), (0, 1));
    assert_eq!(dump(&node, "Dyn", "Counts"), cnt0);
}

#[test]
fn reset_without_a_baseline_is_refused() {
    assert!(matches!(node(None).reset(), Err(NodeError::Invalid(_))));
}

#[test]
fn a_call_in_flight_finishes_before_the_reset() {
    let n = node(None);
    n.mark_baseline().unwrap();
    let (held_tx, held_rx) = std::sync::mpsc::channel();
    std::thread::scope(|s| {
        let call = s.spawn(|| {
            let _gate = n.call_gate();
            held_tx.send(()).unwrap();
            // The reset is waiting now (or soon): this call's two writes
            // must both land before it runs, and both be undone by it.
            std::thread::sleep(std::time::Duration::from_millis(100));
            n.apply(&put("Conf", "Std", "a", None, "x", "1")).unwrap();
            n.apply(&put("Conf", "Std", "b", None, "x", "1")).unwrap();
        });
        held_rx.recv().unwrap();
        let report = n.reset().unwrap();
        assert_eq!(report.column_families, 1, "the call's writes were seen");
        call.join().unwrap();
    });
    assert!(dump(&n, "Conf", "Std").is_empty());
}
