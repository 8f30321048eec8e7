//! 0.7's `batch_mutate` before `set_keyspace` on batches this module
//! builds (see `release::writes::unset`), and the order a batch's counter
//! increments and deletions are applied in.

use super::new_batch;
use crate::node::Node;
use crate::thrift::api19::release::writes::unset::{batch_of_no_lists, key_before_keyspace};
use crate::thrift::error::ApiError;
use crate::thrift::gen::cassandra19 as t;
use t::ConsistencyLevel as Cl;

use crate::node::test_nodes::as_release as node_as;

/// A batch without keyspace of these rows, each with these lists.
fn answer(node: &Node, rows: &[(&str, &[&str])], cl: Cl) -> Option<Result<(), ApiError>> {
    let mut batch = new_batch(node, None, false);
    for (key, cfs) in rows {
        batch.key(key.as_bytes().to_vec()).unwrap();
        for cf in *cfs {
            batch.column_family(cf.to_string()).unwrap();
            batch.end_column_family();
        }
    }
    if let Some(e) = key_before_keyspace(node, &batch) {
        return Some(Err(e));
    }
    batch_of_no_lists(node, &batch, cl)
}

#[test]
fn an_empty_map_writes_nothing_a_row_fails_the_write() {
    let node = node_as("0.7.10");
    let internal = |r: Option<Result<(), ApiError>>| matches!(r, Some(Err(ApiError::Internal(_))));
    assert_eq!(answer(&node, &[], Cl::ONE), Some(Ok(())));
    assert_eq!(answer(&node, &[], Cl::ANY), Some(Ok(())));
    assert!(internal(answer(&node, &[], Cl::LOCAL_QUORUM)));
    assert!(internal(answer(&node, &[("r6", &[])], Cl::ONE)));
    assert!(internal(answer(
        &node,
        &[("r6", &[]), ("r7", &[])],
        Cl::ONE
    )));
    assert_eq!(
        answer(&node, &[("", &[])], Cl::ONE),
        Some(Err(ApiError::invalid("Key may not be empty")))
    );
    // A list (an empty one too) asks for the keyspace.
    assert_eq!(answer(&node, &[("r7", &["Std"])], Cl::ONE), None);
    assert_eq!(
        answer(&node, &[("r6", &[]), ("r7", &["Std"])], Cl::ONE),
        None
    );
}

#[test]
fn later_releases_refuse_the_keyspace_first() {
    for v in ["0.8.10", "1.0.12", "1.1.12", "1.2.9"] {
        let node = node_as(v);
        assert_eq!(answer(&node, &[], Cl::ONE), None, "{v}");
        assert_eq!(answer(&node, &[("r6", &[])], Cl::ONE), None, "{v}");
    }
}

/// Recorded from 1.2.9 to 2.2.19 (`rel_counterlistorder`): a counter's
/// deletion listed after its increment in one batch deletes it (the
/// releases stamped both with their clock in list order, and a client's
/// own timestamp on the deletion was replaced); an increment of another
/// counter listed around it stays.
#[test]
fn a_counter_deletion_listed_after_its_increment_deletes_it() {
    use crate::model::{ReadCommand, RowResult, Slice};
    use crate::schema::CfSpec;
    use crate::thrift::api19::{defs, schema_calls};
    let inc = |name: &str, n: i64| {
        let c = t::CounterColumn::new(name.as_bytes().to_vec(), n);
        t::Mutation::new(
            t::ColumnOrSuperColumn::new(None, None, c, None::<t::CounterSuperColumn>),
            None::<t::Deletion>,
        )
    };
    let del = |name: &str, ts: Option<i64>| {
        let p = t::SlicePredicate::new(vec![name.as_bytes().to_vec()], None::<t::SliceRange>);
        let d = t::Deletion::new(ts, None::<Vec<u8>>, p);
        t::Mutation::new(None::<t::ColumnOrSuperColumn>, d)
    };
    for v in ["1.2.9", "2.0.17", "2.1.22"] {
        let node = node_as(v);
        let ks = node.schema().user_keyspaces().next().unwrap().name.clone();
        let mut def = defs::cf_def(&CfSpec::new(&ks, "Cnt"));
        def.comparator_type = Some("UTF8Type".into());
        def.default_validation_class = Some("CounterColumnType".into());
        schema_calls::add_column_family(&node, &def).unwrap();
        let lists = |muts: Vec<t::Mutation>| [("Cnt".to_string(), muts)].into_iter().collect();
        let map = [
            (b"a".to_vec(), lists(vec![inc("h", 4), del("h", None)])),
            (b"d".to_vec(), lists(vec![inc("h", 4), del("h", Some(1))])),
            (
                b"c".to_vec(),
                lists(vec![inc("h", 4), del("other", None), inc("g", 1)]),
            ),
        ]
        .into_iter()
        .collect();
        let batch = super::from_map(&node, Some(ks.clone()), false, map).unwrap();
        super::apply(batch, &node, &ks, Cl::ONE).unwrap();
        let names = |key: &[u8]| -> Vec<Vec<u8>> {
            let cmd = ReadCommand {
                keyspace: ks.clone(),
                cf: "Cnt".into(),
                super_column: None,
                slice: Slice::Names(vec![b"g".to_vec(), b"h".to_vec()]),
            };
            match node.read(&cmd, key).unwrap() {
                RowResult::Cells(c) => c.into_iter().map(|c| c.name).collect(),
                _ => Vec::new(),
            }
        };
        assert!(names(b"a").is_empty(), "{v}");
        assert!(names(b"d").is_empty(), "{v}");
        assert_eq!(names(b"c"), [b"g".to_vec(), b"h".to_vec()], "{v}");
    }
}
