//! The model advisor through a gateway: a gateway (admin on) in front of a
//! backend supercolumn serving native, loaded through the gateway with the
//! seeds' tables. `supercolumn advise` against the gateway's admin port
//! measures the cluster's data and writes nothing until asked (the backend
//! holds no new table after a dry run, nor after advice on the reads the
//! gateway served, weighed by `--from-activity`); with `--migrate` the proposed table
//! is created and backfilled on the cluster, the re-run reads one partition
//! and returns the source's rows, and the backend itself answers the
//! rewritten query with those rows.

use crate::support::explorer::{
    advise, advise_served_reads, assert_migrated, assert_served_reads_advised, load_advisor_data,
    SEEDS_ADVISED,
};
use crate::support::wire;

use serde_json::Value;
use wire::gateway::{gateway_with_admin, native_backend, v19_without_keyspaces};
use wire::{connect19, cql3, Server};

/// The tables of keyspace `ks` as `server` itself holds them (its schema
/// table: Thrift's describe_keyspace leaves CQL3 tables out, as 1.2 did).
fn tables(server: &Server, ks: &str) -> Vec<String> {
    let mut c = connect19(server.port);
    let q = format!(
        "SELECT columnfamily_name FROM system.schema_columnfamilies WHERE keyspace_name = '{ks}'"
    );
    let mut names: Vec<String> = cql3(&mut c, &q)
        .rows
        .unwrap_or_default()
        .into_iter()
        .map(|row| String::from_utf8(row.columns[0].value.clone().unwrap()).unwrap())
        .collect();
    names.sort();
    names
}

/// `keyspace.table` of the advice's CREATE TABLE.
fn proposed_table(v: &Value) -> String {
    let create = v["create"].as_str().expect("a CREATE TABLE");
    let rest = create.strip_prefix("CREATE TABLE ").expect(create);
    rest[..rest.find(' ').expect(create)].to_string()
}

#[test]
fn advice_through_a_gateway_measures_and_migrates_the_clusters_data() {
    let dir = tempfile::tempdir().unwrap();
    let conf = v19_without_keyspaces(dir.path());
    let backend = native_backend(&conf);
    let gateway = gateway_with_admin(&conf, &backend, "");
    load_advisor_data(&gateway);
    let admin = gateway.admin_port.expect("admin port");

    // A dry run reads the cluster and writes nothing to it.
    let before = tables(&backend, "seeds");
    let q = "SELECT * FROM user_messages WHERE message = 'hello'";
    let (code, v) = advise(admin, "seeds", q, false);
    assert_eq!(code, 0, "{v:#}");
    assert!(v["migration"].is_null(), "{v:#}");
    assert_eq!(v["dry_run"]["source_partitions"], 1, "{v:#}");
    assert_eq!(v["dry_run"]["rows"], 2, "{v:#}");
    assert_eq!(v["original"]["refused_by_1_2"], true, "{v:#}");
    assert_eq!(
        tables(&backend, "seeds"),
        before,
        "a dry run wrote to the cluster"
    );

    // The reads the gateway served, weighed and advised on.
    assert_served_reads_advised(&advise_served_reads(&gateway));
    assert_eq!(
        tables(&backend, "seeds"),
        before,
        "advice wrote to the cluster"
    );

    for &(ks, q, rows) in SEEDS_ADVISED {
        let (code, v) = advise(admin, ks, q, true);
        assert_eq!(code, 0, "{q}: {v:#}");
        assert_migrated(q, &v, rows);
        // The table and its rows are the cluster's: the backend answers the
        // rewritten query itself.
        let table = proposed_table(&v);
        let name = table.split_once('.').unwrap().1.to_lowercase();
        assert!(
            tables(&backend, ks).contains(&name),
            "{table} not on the cluster"
        );
        let mut c = connect19(backend.port);
        cql3(&mut c, &format!("USE {ks}"));
        let rewritten = v["query"].as_str().unwrap();
        let got = cql3(&mut c, rewritten).rows.unwrap_or_default();
        assert_eq!(got.len(), rows, "{rewritten} on the cluster");
    }
}
