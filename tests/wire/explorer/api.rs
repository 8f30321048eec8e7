//! The explorer's JSON API (`/api/explorer`, docs/explorer-api.md) over
//! HTTP on the real binary: every catalog, partition, stats and ring route
//! on BloggyAppy (storage-conf.xml, written through the 0.6 API) and seed
//! 002's table (CQL3); the cells shown for seed 002's row are compared with
//! what `supercolumn cli` lists for it, and ring per-node totals must add
//! up to the partition totals. The query check is in
//! `tests/wire/explorer/queries.rs`.

use crate::support::explorer;
use crate::support::wire;

use explorer::*;
use serde_json::{json, Value};
use wire::{connect19, cql3};

#[test]
fn catalog_lists_keyspaces_and_describes_column_families() {
    let (server, api) = server();
    load_seed_002(&server);
    let all = get(&api, "/api/explorer/keyspaces");
    let ks = |name: &str| {
        all["keyspaces"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["name"] == name)
            .unwrap_or_else(|| panic!("{name} in {all}"))
            .clone()
    };
    let blog = ks("BloggyAppy");
    assert_eq!(
        blog["strategy"],
        "org.apache.cassandra.locator.SimpleStrategy"
    );
    assert_eq!(blog["replication"]["replication_factor"], "1");
    let cfs = blog["column_families"].as_array().unwrap();
    let comments = cfs.iter().find(|c| c["name"] == "Comments").unwrap();
    assert_eq!(
        (&comments["type"], &comments["cql3"]),
        (&json!("Super"), &json!(false))
    );
    let test = ks("key_space_test");
    assert_eq!(
        test["column_families"][0],
        json!({"name": "testtable", "type": "Standard", "cql3": true})
    );

    let c = get(&api, "/api/explorer/keyspaces/BloggyAppy/cfs/Comments");
    assert_eq!(c["column_type"], "Super");
    assert_eq!(c["comparator"], "TimeUUIDType");
    assert_eq!(c["subcomparator"], "BytesType");
    assert_eq!(c["origin"], "storage-conf.xml");
    assert_eq!(c["cql_definition"], Value::Null);
    let t = get(&api, "/api/explorer/keyspaces/key_space_test/cfs/testtable");
    assert_eq!(t["origin"], "cql3");
    assert_eq!(t["key_validator"], "CompositeType(UTF8Type,UTF8Type)");
    assert_eq!(t["comparator"], "CompositeType(ReversedType(Int32Type),UTF8Type,ColumnToCollectionType(6376616c7565:MapType(UTF8Type,UTF8Type)))");
    let def = t["cql_definition"].as_str().unwrap();
    assert!(def.contains("PRIMARY KEY ((pkey1, pkey2), skey)"), "{def}");
    assert!(def.contains("CLUSTERING ORDER BY (skey DESC)"), "{def}");
    assert!(def.contains("cvalue map<text, text>"), "{def}");
    let names: Vec<&str> = t["column_metadata"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"value") && names.contains(&"cvalue"),
        "{names:?}"
    );
    let sys = get(&api, "/api/explorer/keyspaces/system/cfs/LocationInfo");
    assert_eq!(sys["origin"], "built-in");

    let (code, body) = status(&api, "/api/explorer/keyspaces/Nope/cfs/x");
    assert_eq!(
        (code, body["error"].as_str().unwrap()),
        (404, "Keyspace Nope does not exist")
    );
    let (code, body) = status(&api, "/api/explorer/keyspaces/BloggyAppy/cfs/Nope");
    assert_eq!(
        (code, body["error"].as_str().unwrap()),
        (404, "unconfigured columnfamily Nope")
    );
    assert_eq!(status(&api, "/api/explorer/nothing").0, 404);
    assert_eq!(api.delete("/api/explorer/keyspaces").unwrap().status, 405);
}

#[test]
fn seed_002_row_shows_the_cells_cassandra_cli_lists_and_its_cql_rows() {
    let (server, api) = server();
    load_seed_002(&server);
    let base = "/api/explorer/keyspaces/key_space_test/cfs/testtable";
    let page = get(&api, &format!("{base}/partitions?key=pkey1_1:pkey2_1"));
    let found = page["partitions"].as_array().unwrap();
    assert_eq!(found.len(), 1, "{page}");
    assert_eq!(found[0]["key"], "pkey1_1:pkey2_1");
    let key_hex = found[0]["key_hex"].as_str().unwrap().to_string();
    let p = get(&api, &format!("{base}/partitions/{key_hex}"));
    assert_eq!(p["key"], "pkey1_1:pkey2_1");
    let cells = p["cells"].as_array().unwrap();
    let shown: Vec<(String, String, i64)> = cells
        .iter()
        .filter(|c| c["scope"] == "cell")
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                c["value_hex"].as_str().unwrap().to_string(),
                c["timestamp"].as_i64().unwrap(),
            )
        })
        .collect();
    let listed = cli_listing(
        server.port,
        "key_space_test",
        "testtable",
        "pkey1_1:pkey2_1",
    );
    assert_eq!(shown, listed);
    // The names seed 002 recorded from Cassandra 1.2's cli, in its order.
    let names: Vec<&str> = shown.iter().map(|(n, _, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "103:",
            "103:cvalue:686f676531",
            "103:value",
            "102:",
            "102:cvalue:686f676531",
            "102:value",
            "101:",
            "101:cvalue:686f676531",
            "101:value",
            "100:",
            "100:cvalue:686f6765",
            "100:value",
            "12:",
            "12:cvalue:686f6765",
            "12:value"
        ]
    );
    // Each map overwrite also stored a range tombstone over the old map.
    let rts = cells
        .iter()
        .filter(|c| c["kind"] == "range_tombstone")
        .count();
    assert_eq!(rts, 5);
    // Kinds, components and the link between cells and CQL rows.
    let marker = cells.iter().find(|c| c["name"] == "103:").unwrap();
    assert_eq!(marker["kind"], "row_marker");
    let coll = cells
        .iter()
        .find(|c| c["name"] == "103:cvalue:686f676531")
        .unwrap();
    assert_eq!(coll["kind"], "collection");
    let comps: Vec<&str> = coll["components"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap())
        .collect();
    assert_eq!(comps, ["103", "cvalue", "hoge1"]);
    assert_eq!(coll["value"], "fuga1");
    let rows = p["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 5);
    let row = &rows[coll["row"].as_u64().unwrap() as usize];
    assert_eq!(row["columns"]["skey"], "103");
    assert_eq!(row["columns"]["value"], "value11_103");
    assert_eq!(row["columns"]["cvalue"], "{'hoge1': 'fuga1'}");
    assert_eq!(row["columns"]["pkey2"], "pkey2_1");
    assert_eq!(p["supers"], json!([]));
    assert_eq!(p["truncated"], false);
    let short = get(&api, &format!("{base}/partitions/{key_hex}?limit=2"));
    assert_eq!(short["truncated"], true);

    // TTLs, a deleted CQL row and a deleted partition.
    let mut c = connect19(server.port);
    cql3(&mut c, "USE key_space_test");
    cql3(&mut c, "UPDATE testtable USING TTL 3600 SET value = 'brief' WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey = 12");
    cql3(
        &mut c,
        "DELETE FROM testtable WHERE pkey1 = 'pkey1_1' AND pkey2 = 'pkey2_1' AND skey = 101",
    );
    cql3(
        &mut c,
        "DELETE FROM testtable WHERE pkey1 = 'pkey1_2' AND pkey2 = 'pkey2_1'",
    );
    let p = get(&api, &format!("{base}/partitions/{key_hex}"));
    let cells = p["cells"].as_array().unwrap();
    let brief = cells.iter().find(|c| c["name"] == "12:value").unwrap();
    assert_eq!(
        (&brief["kind"], &brief["ttl"], &brief["value"]),
        (&json!("expiring"), &json!(3600), &json!("brief"))
    );
    assert!(brief["local_deletion_time"].as_i64().unwrap() > 0);
    assert_eq!(p["rows"].as_array().unwrap().len(), 4, "row 101 is deleted");
    assert!(cells
        .iter()
        .any(|c| c["kind"] == "range_tombstone" && c["components"][0]["value"] == "101"));
    let gone_hex = hex(&supercolumn::marshal::CompositeBuilder::new()
        .push(b"pkey1_2")
        .unwrap()
        .push(b"pkey2_1")
        .unwrap()
        .build(supercolumn::marshal::Eoc::None));
    let gone = get(&api, &format!("{base}/partitions/{gone_hex}"));
    let marker = &gone["cells"][0];
    assert_eq!(
        (&marker["kind"], &marker["scope"]),
        (&json!("tombstone"), &json!("partition"))
    );
    assert_eq!(gone["rows"], json!([]));

    assert_eq!(status(&api, &format!("{base}/partitions/00ff")).0, 404);
    assert_eq!(status(&api, &format!("{base}/partitions/xyz")).0, 400);
}

#[test]
fn thrift_column_families_show_columns_tombstones_and_nested_super_columns() {
    let (server, api) = server();
    load_blog(&server);
    let base = "/api/explorer/keyspaces/BloggyAppy/cfs";
    let arin = get(&api, &format!("{base}/Authors/partitions/{}", hex(b"Arin")));
    let cells = arin["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 2);
    // BytesType names and values render as hex, as cassandra-cli printed them.
    assert_eq!(
        (&cells[0]["name"], &cells[0]["value"], &cells[0]["kind"]),
        (
            &json!(hex(b"bio")),
            &json!(hex(b"some bio")),
            &json!("column")
        )
    );
    assert_eq!(
        (&cells[1]["name"], &cells[1]["kind"]),
        (&json!(hex(b"email")), &json!("tombstone"))
    );
    assert_eq!(arin["key"], "Arin", "0.6 keys are strings");
    assert_eq!(arin["rows"], json!([]));
    let tagged = get(
        &api,
        &format!("{base}/TaggedPosts/partitions/{}", hex(b"rust")),
    );
    let name = tagged["cells"][0]["components"][0]["value"]
        .as_str()
        .unwrap();
    assert!(
        name.ends_with("(2014-05-13 16:53:20+0000)"),
        "a TimeUUID shows its time: {name}"
    );
    let comments = get(
        &api,
        &format!("{base}/Comments/partitions/{}", hex(b"first-post")),
    );
    let supers = comments["supers"].as_array().unwrap();
    assert_eq!(supers.len(), 2);
    assert_eq!(supers[0]["cells"].as_array().unwrap().len(), 2);
    let first = &comments["cells"][supers[0]["cells"][0].as_u64().unwrap() as usize];
    assert_eq!(first["super"], supers[0]["name"]);
    assert_eq!(
        (&first["name"], &first["value"]),
        (&json!("626f6479"), &json!("6e696365"))
    );
}

#[test]
fn partitions_page_in_ring_order_and_stats_and_ring_add_up() {
    let (server, api) = server();
    load_blog(&server);
    let base = "/api/explorer/keyspaces/BloggyAppy/cfs/Authors";
    let mut all: Vec<Value> = Vec::new();
    let mut next = String::new();
    let mut pages = 0;
    loop {
        let page = get(&api, &format!("{base}/partitions?limit=7&after={next}"));
        pages += 1;
        let list = page["partitions"].as_array().unwrap();
        assert!(list.len() <= 7);
        all.extend(list.iter().cloned());
        match page["next"].as_str() {
            Some(n) => next = n.to_string(),
            None => break,
        }
    }
    assert_eq!(all.len(), AUTHORS + 1);
    assert_eq!(pages, (AUTHORS + 1).div_ceil(7));
    // RandomPartitioner: tokens are integers, ascending in ring order.
    let tokens: Vec<u128> = all
        .iter()
        .map(|p| p["token"].as_str().unwrap().parse().unwrap())
        .collect();
    assert!(tokens.windows(2).all(|w| w[0] < w[1]), "{tokens:?}");
    let one = get(&api, &format!("{base}/partitions?key=author03"));
    assert_eq!(one["partitions"][0]["cells"], 4);
    assert_eq!(
        get(&api, &format!("{base}/partitions?key=nobody"))["partitions"],
        json!([])
    );
    assert_eq!(status(&api, &format!("{base}/partitions?after=zz")).0, 400);
    assert_eq!(status(&api, &format!("{base}/partitions?limit=x")).0, 400);

    let total_cells: u64 = all.iter().map(|p| p["cells"].as_u64().unwrap()).sum();
    let total_bytes: u64 = all.iter().map(|p| p["bytes"].as_u64().unwrap()).sum();
    let stats = get(&api, &format!("{base}/stats"));
    assert_eq!(stats["partitions"], AUTHORS + 1);
    assert_eq!(
        (
            stats["cells"].as_u64().unwrap(),
            stats["bytes"].as_u64().unwrap()
        ),
        (total_cells, total_bytes)
    );
    assert_eq!(stats["complete"], true);
    for h in ["cells", "bytes"] {
        let n: u64 = stats["histogram"][h]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b["count"].as_u64().unwrap())
            .sum();
        assert_eq!(n, (AUTHORS + 1) as u64, "{h} histogram");
    }
    let largest = stats["largest"].as_array().unwrap();
    assert_eq!(largest.len(), 10);
    assert!(largest
        .windows(2)
        .all(|w| w[0]["bytes"].as_u64() >= w[1]["bytes"].as_u64()));
    assert_eq!(stats["warnings"], json!([]));
    let strict = get(&api, &format!("{base}/stats?warn_cells=6"));
    // author i has 1 + i % 7 cells: 7 cells when i % 7 == 6.
    let warned = (0..AUTHORS).filter(|i| i % 7 == 6).count();
    assert_eq!(strict["warnings"].as_array().unwrap().len(), warned);
    assert!(strict["warnings"][0]["reason"]
        .as_str()
        .unwrap()
        .contains("7 cells"));

    for partitioner in ["murmur3", "random", "byteordered"] {
        for nodes in 3..=12usize {
            for rf in [1, 3] {
                let r = get(
                    &api,
                    &format!("{base}/ring?nodes={nodes}&rf={rf}&partitioner={partitioner}"),
                );
                let ns = r["nodes"].as_array().unwrap();
                assert_eq!(ns.len(), nodes);
                let sum = |f: &str| ns.iter().map(|n| n[f].as_u64().unwrap()).sum::<u64>();
                assert_eq!(
                    sum("primary_bytes"),
                    total_bytes,
                    "{partitioner} {nodes} {rf}"
                );
                assert_eq!(sum("primary_partitions"), (AUTHORS + 1) as u64);
                assert_eq!(sum("replica_bytes"), rf as u64 * total_bytes);
                assert_eq!(r["total_bytes"], total_bytes);
                assert!(r["skew"].as_f64().unwrap() >= 1.0);
                if partitioner == "random" {
                    // Evenly spaced over [0, 2^127 - 1], ascending.
                    let ends: Vec<u128> = ns
                        .iter()
                        .map(|n| n["end_token"].as_str().unwrap().parse().unwrap())
                        .collect();
                    assert!(ends.windows(2).all(|w| w[0] < w[1]), "{ends:?}");
                    assert_eq!(ends[nodes - 1], (1u128 << 127) - 1);
                }
            }
        }
    }
    // ByteOrdered: every key starts with 'a' or 'A' (0x41/0x61), so with 4 nodes it all lands on node 1.
    let bop = get(
        &api,
        &format!("{base}/ring?nodes=4&partitioner=byteordered"),
    );
    assert_eq!(bop["nodes"][1]["primary_partitions"], AUTHORS + 1);
    assert_eq!(bop["skewed"], true);
    assert!((bop["skew"].as_f64().unwrap() - 4.0).abs() < 1e-9);
    assert!(!bop["hot"].as_array().unwrap().is_empty());
    for bad in ["nodes=0", "nodes=65", "nodes=3&rf=4", "partitioner=ordered"] {
        assert_eq!(status(&api, &format!("{base}/ring?{bad}")).0, 400, "{bad}");
    }
}
