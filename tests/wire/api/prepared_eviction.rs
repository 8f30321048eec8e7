//! Thrift's prepared statements past the byte bound of their cache: an
//! evicted CQL 3 or CQL 2 id answers 1.2.9's InvalidRequestException for
//! an id it does not know, the statement prepared again gets its id back,
//! and a `cassandra.yaml` sizes the CQL 3 and CQL 2 caches apart.

use crate::support::wire;

use std::path::Path;
use supercolumn::thrift::gen::cassandra19::{
    Compression, ConsistencyLevel as CL, CqlResultType, TCassandraSyncClient,
};
use wire::{conformance_config, connect19, ire19 as ire, Client19, Server};

const CQL3: &str = "SELECT * FROM \"StdUTF8\" WHERE key = ?";
const CQL2: &str = "SELECT * FROM StdUTF8 WHERE KEY = ?";

/// Eight distinct statements of 100 KB: more than a 1 MB cache holds.
fn padded(query: &str, i: usize) -> Vec<u8> {
    format!("{query}{}", " ".repeat(100 * 1024 + i)).into_bytes()
}

fn prepare3(c: &mut Client19, query: &[u8]) -> i32 {
    c.prepare_cql3_query(query.to_vec(), Compression::NONE)
        .unwrap()
        .item_id
}

fn prepare2(c: &mut Client19, query: &[u8]) -> i32 {
    c.prepare_cql_query(query.to_vec(), Compression::NONE)
        .unwrap()
        .item_id
}

fn execute3(c: &mut Client19, id: i32) -> thrift::Result<CqlResultType> {
    c.execute_prepared_cql3_query(id, vec![b"k".to_vec()], CL::ONE)
        .map(|r| r.type_)
}

fn execute2(c: &mut Client19, id: i32) -> thrift::Result<CqlResultType> {
    c.execute_prepared_cql_query(id, vec![b"k".to_vec()])
        .map(|r| r.type_)
}

/// 1.2.9's `execute_prepared_cql3_query` answer (its "queries" included).
fn cql3_not_found(id: i32) -> String {
    format!(
        "Prepared query with ID {id} not found (either the query was not prepared on this host \
         (maybe the host has been restarted?) or you have prepared more than 100000 queries \
         and queries {id} has been evicted from the internal cache)"
    )
}

fn on_ct(port: u16) -> Client19 {
    let mut c = connect19(port);
    c.set_keyspace("CT".into()).unwrap();
    c
}

#[test]
fn evicted_thrift_ids_answer_1_2_9s_not_found_and_prepare_again() {
    let conf = conformance_config("storage-conf-v19.xml");
    let s = Server::start(&[
        "--config",
        conf.to_str().unwrap(),
        "--in-memory",
        "--prepared-cache",
        "1",
    ]);
    let mut c = on_ct(s.port);

    // CQL 3.
    let first = prepare3(&mut c, CQL3.as_bytes());
    assert_eq!(execute3(&mut c, first).unwrap(), CqlResultType::ROWS);
    for i in 0..8 {
        prepare3(&mut c, &padded(CQL3, i));
    }
    assert_eq!(ire(execute3(&mut c, first)), cql3_not_found(first));
    // Another connection is answered the same (the cache is the node's).
    let mut other = on_ct(s.port);
    assert_eq!(ire(execute3(&mut other, first)), cql3_not_found(first));
    // The client prepares again: the same id, served again.
    assert_eq!(prepare3(&mut c, CQL3.as_bytes()), first);
    assert_eq!(execute3(&mut other, first).unwrap(), CqlResultType::ROWS);

    // CQL 2: 1.2.9's shorter words.
    let first = prepare2(&mut c, CQL2.as_bytes());
    assert_eq!(execute2(&mut c, first).unwrap(), CqlResultType::ROWS);
    for i in 0..8 {
        prepare2(&mut c, &padded(CQL2, i));
    }
    assert_eq!(
        ire(execute2(&mut c, first)),
        format!("Prepared query with ID {first} not found")
    );
    assert_eq!(prepare2(&mut c, CQL2.as_bytes()), first);
    assert_eq!(execute2(&mut c, first).unwrap(), CqlResultType::ROWS);
}

/// A yaml with the 1 MB bound on the cache its key names, and the
/// `CT.StdUTF8` column family.
fn yaml_with(dir: &Path, cache_key: &str) -> std::path::PathBuf {
    let path = dir.join("cassandra.yaml");
    std::fs::write(
        &path,
        format!(
            "partitioner: org.apache.cassandra.dht.Murmur3Partitioner\n\
             commitlog_sync: periodic\n\
             commitlog_sync_period_in_ms: 10000\n\
             {cache_key}: 1\n\
             keyspaces:\n    \
             - name: CT\n      \
               replica_placement_strategy: org.apache.cassandra.locator.SimpleStrategy\n      \
               replication_factor: 1\n      \
               column_families:\n        \
               - name: StdUTF8\n          \
                 compare_with: UTF8Type\n"
        ),
    )
    .unwrap();
    path
}

#[test]
fn a_yaml_sizes_the_cql3_and_cql2_caches_apart() {
    let dir = tempfile::tempdir().unwrap();
    for (key, cql3_evicted) in [
        ("prepared_statements_cache_size_mb", true),
        ("thrift_prepared_statements_cache_size_mb", false),
    ] {
        let conf = yaml_with(dir.path(), key);
        let mut s = Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"]);
        let log = s.wait_for_line(&["prepared statements"]);
        let sizes = if cql3_evicted {
            "prepared statements 1 MB (CQL 2: 64 MB)"
        } else {
            "prepared statements 64 MB (CQL 2: 1 MB)"
        };
        assert!(log.contains(sizes), "{key}: {log}");
        let mut c = on_ct(s.port);
        let first3 = prepare3(&mut c, CQL3.as_bytes());
        let first2 = prepare2(&mut c, CQL2.as_bytes());
        for i in 0..8 {
            prepare3(&mut c, &padded(CQL3, i));
            prepare2(&mut c, &padded(CQL2, i));
        }
        let cql3 = execute3(&mut c, first3);
        let cql2 = execute2(&mut c, first2);
        if cql3_evicted {
            assert_eq!(ire(cql3), cql3_not_found(first3), "{key}");
            assert_eq!(cql2.unwrap(), CqlResultType::ROWS, "{key}");
        } else {
            assert_eq!(cql3.unwrap(), CqlResultType::ROWS, "{key}");
            assert!(ire(cql2).ends_with(" not found"), "{key}");
        }
    }
}
