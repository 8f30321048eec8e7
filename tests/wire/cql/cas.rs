//! Compare-and-set over Thrift 19.x against the real binary, as Cassandra
//! 2.0 answered it on one node: `cas` (success, failure with the current
//! values, its refusals) and concurrent `cas` increments where exactly the
//! successful ones count.

use crate::support::wire;

use supercolumn::thrift::gen::cassandra19::{
    Column, ColumnParent, ConsistencyLevel as CL, SlicePredicate, SliceRange, TCassandraSyncClient,
};
use wire::{connect19, ire19, lwt_setup as setup, v19_server, Client19};

const KS: &str = "CT";
const STD: &str = "StdUTF8";

fn col(name: &str, value: &str, ts: i64) -> Column {
    Column::new(
        name.as_bytes().to_vec(),
        value.as_bytes().to_vec(),
        ts,
        None,
    )
}

fn row(c: &mut Client19, key: &str) -> Vec<(String, String)> {
    let pred = SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100));
    c.get_slice(
        key.as_bytes().to_vec(),
        ColumnParent::new(STD.to_string(), None),
        pred,
        CL::ONE,
    )
    .unwrap()
    .into_iter()
    .map(|cosc| {
        let col = cosc.column.unwrap();
        (
            String::from_utf8(col.name).unwrap(),
            String::from_utf8(col.value.unwrap()).unwrap(),
        )
    })
    .collect()
}

fn cas(
    c: &mut Client19,
    key: &str,
    expected: Vec<Column>,
    updates: Vec<Column>,
) -> thrift::Result<supercolumn::thrift::gen::cassandra19::CASResult> {
    c.cas(
        key.as_bytes().to_vec(),
        STD.into(),
        expected,
        updates,
        CL::SERIAL,
        CL::QUORUM,
    )
}

#[test]
fn cas_applies_only_when_the_row_matches_and_reports_what_it_read() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);

    // Empty expected: the row must not exist.
    let r = cas(
        &mut c,
        "k",
        vec![],
        vec![col("a", "1", 10), col("b", "x", 10)],
    )
    .unwrap();
    assert!(r.success && r.current_values.is_none());
    assert_eq!(
        row(&mut c, "k"),
        [("a".into(), "1".into()), ("b".into(), "x".into())]
    );

    // The row exists now: the first live column comes back.
    let r = cas(&mut c, "k", vec![], vec![col("a", "9", 11)]).unwrap();
    assert!(!r.success);
    let current = r.current_values.unwrap();
    assert_eq!(current.len(), 1);
    assert_eq!(current[0].name, b"a");
    assert_eq!(current[0].value.as_deref(), Some(&b"1"[..]));
    // Written at the Paxos ballot's time, as 2.0's `Commit.newProposal`
    // stamped a proposal's columns, not at the client's 10.
    let now_micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64;
    let written = current[0].timestamp.unwrap();
    assert!((now_micros - 60_000_000..=now_micros).contains(&written));

    // A wrong expected value: the expected columns that exist come back.
    let r = cas(
        &mut c,
        "k",
        vec![col("a", "2", 0), col("zz", "q", 0)],
        vec![col("a", "3", 12)],
    )
    .unwrap();
    assert!(!r.success);
    let names: Vec<Vec<u8>> = r
        .current_values
        .unwrap()
        .into_iter()
        .map(|c| c.name)
        .collect();
    assert_eq!(names, [b"a".to_vec()]);

    // Matching values (their timestamps do not matter): applied.
    let r = cas(
        &mut c,
        "k",
        vec![col("a", "1", 0), col("b", "x", 0)],
        vec![col("a", "2", 12)],
    )
    .unwrap();
    assert!(r.success);
    assert_eq!(
        row(&mut c, "k"),
        [("a".into(), "2".into()), ("b".into(), "x".into())]
    );

    // Expecting columns of a row that does not exist: failure, empty values.
    let r = cas(
        &mut c,
        "none",
        vec![col("a", "1", 0)],
        vec![col("a", "2", 1)],
    )
    .unwrap();
    assert!(!r.success);
    assert_eq!(r.current_values, Some(vec![]));
    assert!(row(&mut c, "none").is_empty());

    // An expected column sent without a value never matches.
    let mut no_value = col("a", "", 0);
    no_value.value = None;
    assert!(!cas(&mut c, "k", vec![no_value], vec![]).unwrap().success);
}

#[test]
fn cas_refuses_what_cassandra_2_0_refused() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    assert_eq!(
        ire19(cas(&mut c, "k", vec![], vec![col("a", "1", 1)])),
        "no keyspace has been specified"
    );
    setup(&mut c);
    let call =
        |c: &mut Client19, cf: &str, key: &str, serial: CL, commit: CL, updates: Vec<Column>| {
            c.cas(
                key.as_bytes().to_vec(),
                cf.into(),
                vec![],
                updates,
                serial,
                commit,
            )
        };
    let one = || vec![col("a", "1", 1)];
    c.set_keyspace("lwt".into()).unwrap();
    assert_eq!(
        ire19(call(&mut c, "counts", "k", CL::SERIAL, CL::QUORUM, one())),
        "invalid operation for commutative columnfamily counts"
    );
    c.set_keyspace(KS.into()).unwrap();
    assert_eq!(
        ire19(call(&mut c, "SupBytes", "k", CL::SERIAL, CL::QUORUM, one())),
        "CAS does not support supercolumns"
    );
    assert_eq!(
        ire19(call(&mut c, "Nope", "k", CL::SERIAL, CL::QUORUM, one())),
        "unconfigured columnfamily Nope"
    );
    assert_eq!(
        ire19(call(&mut c, STD, "", CL::SERIAL, CL::QUORUM, one())),
        "Key may not be empty"
    );
    let mut no_ts = col("a", "1", 0);
    no_ts.timestamp = None;
    assert_eq!(
        ire19(call(&mut c, STD, "k", CL::SERIAL, CL::QUORUM, vec![no_ts])),
        "Column timestamp is required"
    );
    assert_eq!(
        ire19(call(&mut c, STD, "k", CL::QUORUM, CL::QUORUM, one())),
        "Invalid consistency for conditional update. Must be one of SERIAL or LOCAL_SERIAL"
    );
    assert!(ire19(call(&mut c, STD, "k", CL::SERIAL, CL::SERIAL, one()))
        .starts_with("SERIAL is not supported as conditional update commit consistency."));
    assert!(row(&mut c, "k").is_empty(), "nothing refused was written");
    // LOCAL_SERIAL and a commit at ANY are fine.
    assert!(
        call(&mut c, STD, "k", CL::LOCAL_SERIAL, CL::ANY, one())
            .unwrap()
            .success
    );
}

#[test]
fn concurrent_cas_increments_count_exactly_the_successes() {
    let dir = tempfile::tempdir().unwrap();
    let srv = v19_server(dir.path());
    let mut c = connect19(srv.port);
    setup(&mut c);
    assert!(
        cas(&mut c, "n", vec![], vec![col("v", "0", 1)])
            .unwrap()
            .success
    );
    let threads = 6;
    let attempts = 25;
    let port = srv.port;
    let successes: usize = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(move || {
                    let mut c = connect19(port);
                    c.set_keyspace(KS.into()).unwrap();
                    let mut won = 0;
                    for _ in 0..attempts {
                        let current: i64 = row(&mut c, "n")[0].1.parse().unwrap();
                        let next = (current + 1).to_string();
                        let ts = wire::timestamp();
                        let r = cas(
                            &mut c,
                            "n",
                            vec![col("v", &current.to_string(), 0)],
                            vec![col("v", &next, ts)],
                        )
                        .unwrap();
                        if r.success {
                            won += 1;
                        } else {
                            assert_eq!(r.current_values.unwrap().len(), 1);
                        }
                    }
                    won
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert!(successes > 0);
    let total: usize = row(&mut c, "n")[0].1.parse().unwrap();
    assert_eq!(total, successes, "every success and only they were counted");
}
