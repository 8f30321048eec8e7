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

/// What supercolumn accepts on purpose and the release refused in its own
/// kind of file is a warning, and refused in the release's words when the
/// configuration answers as that release: a storage-conf.xml without
/// keyspaces for 0.6, a cassandra.yaml key with no property from 0.7 on.
#[test]
fn what_the_release_refused_is_refused_as_that_release() {
    use super::BASE;
    let start = BASE.find("  <Keyspaces>").unwrap();
    let end = BASE.find("</Keyspaces>\n").unwrap() + "</Keyspaces>\n".len();
    let bare = format!("{}{}", &BASE[..start], &BASE[end..]);
    let empty = BASE.replace(&BASE[start..end], "  <Keyspaces/>\n");
    // The line of <Keyspaces>, else of <Storage>.
    for (xml, line) in [(bare, 1), (empty, 2)] {
        let mut c = Config::from_xml(&xml, "t.xml").unwrap();
        let w = &c.warnings()[0];
        assert!(w.message.starts_with("no keyspaces configured"), "{w}");
        assert_eq!(
            w.refused_by_release.as_deref(),
            Some("No keyspaces configured")
        );
        c.check_release().unwrap();
        // A yaml-era release never read a storage-conf.xml.
        c.cassandra_version = Release::find("1.2.9");
        c.check_release().unwrap();
        c.cassandra_version = Release::find("0.6.8");
        let e = c.check_release().unwrap_err().to_string();
        assert_eq!(
            e,
            format!("t.xml:{line}: No keyspaces configured (as Cassandra 0.6.8 refused it)")
        );
    }

    let mut c = yaml("cluster_name: x\nno_such_key: 1\n").unwrap();
    let w = &c.warnings()[0];
    assert!(
        w.message.starts_with("unknown key no_such_key ignored"),
        "{w}"
    );
    c.check_release().unwrap();
    for version in ["0.7.10", "1.2.9", "2.1.22"] {
        c.cassandra_version = Release::find(version);
        let e = c.check_release().unwrap_err().to_string();
        assert_eq!(
            e,
            format!(
                "c.yaml:5: Invalid yaml: Unable to find property 'no_such_key' on class: \
                 org.apache.cassandra.config.Config (as Cassandra {version} refused it)"
            )
        );
    }
    // The release named in the file itself counts too.
    let c = yaml("cassandra_version: 1.2.9\nno_such_key: 1\n").unwrap();
    assert!(c.check_release().is_err());
}
