//! The data: one [`Release`] per release (the Thrift methods with the
//! release series that added them are in `methods`). Facts recorded from the real releases
//! (`conformance/releases/facts.json`, `../shared/conformance` for 0.6.8
//! and 1.2.9); no logic here.

use super::{Feature, Release, StockDefaults, ThriftGeneration};

const RANDOM: &str = "org.apache.cassandra.dht.RandomPartitioner";
const MURMUR3: &str = "org.apache.cassandra.dht.Murmur3Partitioner";
const SIMPLE_SNITCH: &str = "org.apache.cassandra.locator.SimpleSnitch";
const TEST_CLUSTER: &str = "Test Cluster";

/// One token picked by the node, RandomPartitioner: 0.6 to 1.1's stock file.
const RANDOM_ONE_TOKEN: StockDefaults = StockDefaults {
    cluster_name: TEST_CLUSTER,
    partitioner: RANDOM,
    num_tokens: None,
    snitch: SIMPLE_SNITCH,
    start_rpc: true,
};

/// Murmur3Partitioner with one token: 1.2's stock file (`num_tokens`
/// commented out).
const MURMUR3_ONE_TOKEN: StockDefaults = StockDefaults {
    partitioner: MURMUR3,
    ..RANDOM_ONE_TOKEN
};

/// 256 vnodes, Murmur3Partitioner: 2.0's stock file and later.
const MURMUR3_VNODES: StockDefaults = StockDefaults {
    cluster_name: TEST_CLUSTER,
    partitioner: MURMUR3,
    num_tokens: Some(256),
    snitch: SIMPLE_SNITCH,
    start_rpc: true,
};

use Feature::*;

/// A release series, `(major, minor)`.
type Series = (u32, u32);

/// The system column families 1.2 described, in the order 1.2.9 and
/// 1.2.19 listed them (recorded). The order of the map they came from is
/// computed; the list matters only where two names share a bucket
/// (`hints` was put before `NodeIdInfo`).
const SYSTEM_CFS_1_2: &[&str] = &[
    "hints",
    "NodeIdInfo",
    "Migrations",
    "Schema",
    "IndexInfo",
    "LocationInfo",
    "HintsColumnFamily",
    "schema_keyspaces",
];

/// The system tables 3.x's `describe_keyspace("system")` listed (recorded):
/// the two compact ones left, the rest are CQL tables Thrift does not show.
const SYSTEM_CFS_3: &[&str] = &["IndexInfo", "hints"];

/// Each feature with the first release series that had it and, where one
/// dropped it, the first that did not.
pub const FEATURES: &[(Feature, Series, Option<Series>)] = &[
    (SchemaOverThrift, (0, 7), None),
    (SecondaryIndexes, (0, 7), None),
    (Ttl, (0, 7), None),
    (Counters, (0, 8), None),
    (CompositeTypes, (0, 8), None),
    (Cql2, (0, 8), Some((2, 2))),
    (Cql3Beta, (1, 1), Some((1, 2))),
    (Cql3, (1, 2), None),
    (AtomicBatches, (1, 2), None),
    (NativeProtocol, (1, 2), None),
    (Vnodes, (2, 0), None),
    (Cas, (2, 0), None),
    (MultiSlice, (2, 1), None),
];

/// Every release supercolumn can answer as, oldest first.
pub const RELEASES: &[Release] = &[
    Release {
        version: "0.6.8",
        generation: ThriftGeneration::Api2,
        thrift_api: "2.2.0",
        native_versions: &[],
        cql3_version: None,
        defaults: RANDOM_ONE_TOKEN,
        system_cfs: &["HintsColumnFamily", "LocationInfo"],
    },
    Release {
        version: "0.7.10",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.4.0",
        native_versions: &[],
        cql3_version: None,
        defaults: RANDOM_ONE_TOKEN,
        system_cfs: &[
            "HintsColumnFamily",
            "IndexInfo",
            "LocationInfo",
            "Migrations",
            "Schema",
        ],
    },
    Release {
        version: "0.8.10",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.16.0",
        native_versions: &[],
        cql3_version: None,
        defaults: RANDOM_ONE_TOKEN,
        system_cfs: &[
            "HintsColumnFamily",
            "IndexInfo",
            "LocationInfo",
            "Migrations",
            "NodeIdInfo",
            "Schema",
        ],
    },
    Release {
        version: "1.0.12",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.20.0",
        native_versions: &[],
        cql3_version: None,
        defaults: RANDOM_ONE_TOKEN,
        system_cfs: &[
            "HintsColumnFamily",
            "IndexInfo",
            "LocationInfo",
            "Migrations",
            "NodeIdInfo",
            "Schema",
            "Versions",
        ],
    },
    Release {
        version: "1.1.12",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.33.0",
        native_versions: &[],
        cql3_version: Some("3.0.0-beta1"),
        defaults: RANDOM_ONE_TOKEN,
        system_cfs: &[
            "HintsColumnFamily",
            "IndexInfo",
            "LocationInfo",
            "Migrations",
            "NodeIdInfo",
            "Schema",
            "Versions",
            "schema_keyspaces",
            "schema_columnfamilies",
            "schema_columns",
        ],
    },
    Release {
        version: "1.2.9",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.36.0",
        native_versions: &[1],
        cql3_version: Some("3.0.5"),
        defaults: MURMUR3_ONE_TOKEN,
        system_cfs: SYSTEM_CFS_1_2,
    },
    Release {
        version: "1.2.19",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.36.2",
        native_versions: &[1],
        cql3_version: Some("3.0.5"),
        defaults: MURMUR3_ONE_TOKEN,
        system_cfs: SYSTEM_CFS_1_2,
    },
    Release {
        version: "2.0.17",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.39.0",
        native_versions: &[1, 2],
        cql3_version: Some("3.1.7"),
        defaults: MURMUR3_VNODES,
        system_cfs: &["hints", "IndexInfo", "NodeIdInfo", "schema_keyspaces"],
    },
    Release {
        version: "2.1.22",
        generation: ThriftGeneration::Api19,
        thrift_api: "19.39.0",
        native_versions: &[1, 2, 3],
        cql3_version: Some("3.2.1"),
        defaults: MURMUR3_VNODES,
        system_cfs: &["hints", "IndexInfo", "schema_keyspaces"],
    },
    Release {
        version: "2.2.19",
        generation: ThriftGeneration::Api19,
        thrift_api: "20.1.0",
        native_versions: &[1, 2, 3, 4],
        cql3_version: Some("3.3.1"),
        defaults: StockDefaults {
            start_rpc: false,
            ..MURMUR3_VNODES
        },
        system_cfs: &["hints", "IndexInfo", "schema_keyspaces"],
        // CQL 2 is gone: execute_cql_query is still declared but refuses
        // every query.
    },
    // 3.x declares 2.2's IDL (API 20.1.0); its schema lives in
    // `system_schema`, so `describe_keyspace("system")` lists only the two
    // tables Thrift can still show. Native protocol v1 and v2 are gone.
    Release {
        version: "3.0.24",
        generation: ThriftGeneration::Api19,
        thrift_api: "20.1.0",
        native_versions: &[3, 4],
        cql3_version: Some("3.4.0"),
        defaults: StockDefaults {
            start_rpc: false,
            ..MURMUR3_VNODES
        },
        system_cfs: SYSTEM_CFS_3,
    },
    Release {
        version: "3.11.10",
        generation: ThriftGeneration::Api19,
        thrift_api: "20.1.0",
        native_versions: &[3, 4],
        cql3_version: Some("3.4.4"),
        defaults: StockDefaults {
            start_rpc: false,
            ..MURMUR3_VNODES
        },
        system_cfs: SYSTEM_CFS_3,
    },
];
