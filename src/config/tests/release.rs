//! The release to answer as (`<CassandraVersion>`, `cassandra_version`),
//! `num_tokens`, and a release's stock configuration.

use super::{add, parse};
use crate::config::Config;
use crate::release::Release;

/// A valid yaml (partitioner and commit log sync are required) plus `extra`.
fn yaml(extra: &str) -> Result<Config, crate::config::ConfigError> {
    let text = format!(
        "partitioner: org.apache.cassandra.dht.Murmur3Partitioner\ncommitlog_sync: periodic\n\
         commitlog_sync_period_in_ms: 10000\n{extra}"
    );
    Config::from_yaml(&text, "c.yaml")
}

#[test]
fn both_formats_name_the_release() {
    let c = parse(&add("<CassandraVersion>0.6.8</CassandraVersion>"));
    assert_eq!(c.cassandra_version.map(|r| r.version), Some("0.6.8"));
    assert_eq!(c.num_tokens, None);
    let c = yaml("cassandra_version: 2.1.22\nnum_tokens: 16\n").unwrap();
    assert_eq!(c.cassandra_version.map(|r| r.version), Some("2.1.22"));
    assert_eq!(c.num_tokens, Some(16));
    let c = yaml("cluster_name: x\n").unwrap();
    assert_eq!(c.cassandra_version, None);
}

#[test]
fn an_unknown_release_or_token_count_is_refused() {
    let e = yaml("cassandra_version: 3.0.0\n").unwrap_err();
    assert!(
        e.to_string().contains("unknown Cassandra version '3.0.0'"),
        "{e}"
    );
    let xml = add("<CassandraVersion>9</CassandraVersion>");
    let e = Config::from_xml(&xml, "t.xml").unwrap_err();
    assert!(e.to_string().contains("<CassandraVersion>"), "{e}");
    let e = yaml("num_tokens: 0\n").unwrap_err();
    assert!(
        e.to_string()
            .contains("num_tokens must be between 1 and 1536"),
        "{e}"
    );
}

#[test]
fn a_stock_configuration_is_the_releases() {
    let r = Release::find("2.0.17").unwrap();
    let c = Config::stock(r);
    assert!(c.keyspaces.is_empty());
    assert_eq!(c.partitioner, "org.apache.cassandra.dht.Murmur3Partitioner");
    assert_eq!(c.cluster_name, "Test Cluster");
    assert_eq!(c.num_tokens, Some(256));
    assert_eq!(c.cassandra_version, Some(r));
    assert!(c.native_port.is_some());
    let c = Config::stock(Release::find("0.7.10").unwrap());
    assert_eq!(c.partitioner, "org.apache.cassandra.dht.RandomPartitioner");
    assert_eq!(c.num_tokens, None);
    assert_eq!(c.native_port, None);
}
