//! What a new user meets first: the built-in default, a file with no
//! keyspaces, typos refused with "did you mean", and the format told by
//! content.

use super::*;

#[test]
fn the_built_in_default_is_the_repository_config() {
    let c = Config::builtin();
    assert_eq!(c.origin, BUILTIN_ORIGIN);
    assert_eq!(c.source, None);
    assert_eq!(c, {
        let mut repo = Config::from_xml(REPO_CONF, BUILTIN_ORIGIN).unwrap();
        repo.origin = BUILTIN_ORIGIN.into();
        repo
    });
    assert!(c.keyspace("Keyspace1").is_some() && c.keyspace("BloggyAppy").is_some());
    // Data under ./data, relative to where the server runs.
    assert_eq!(
        c.directories().unwrap().commit_log,
        Path::new("./data/commitlog")
    );
    assert_eq!(c.thrift_api_default, ThriftApi::Auto);
    assert!(!c.framed_clients_speak_0_6());
}

#[test]
fn a_file_without_keyspaces_is_valid() {
    let x = replace("  <Keyspaces>", "  <Other>").replace("</Keyspaces>", "</Other>");
    let c = Config::from_xml(&x, "test.xml").unwrap();
    assert!(c.keyspaces.is_empty());
    let x = "<Storage>\n  <Keyspaces/>\n  <Partitioner>P</Partitioner>\n  <CommitLogSync>periodic</CommitLogSync>\n  <CommitLogSyncPeriodInMS>1</CommitLogSyncPeriodInMS>\n</Storage>";
    assert!(parse(x).keyspaces.is_empty());
}

#[test]
fn typos_are_refused_with_did_you_mean() {
    rejects(
        &cf("<ColumFamily Name=\"S\"/>"),
        "ColumFamily",
        "<ColumFamily>",
        "unknown element <ColumFamily> inside <Keyspace Name=\"K\">; did you mean <ColumnFamily>?",
    );
    rejects(
        &cf("<ColumnFamily Name=\"S\"\n    CompareWth=\"UTF8Type\"/>"),
        "CompareWth",
        "<ColumnFamily Name=\"S\"> in keyspace K attribute CompareWth",
        "did you mean CompareWith?",
    );
    rejects(
        &add("  <ComitLogDirectory>x</ComitLogDirectory>"),
        "ComitLogDirectory",
        "<ComitLogDirectory>",
        "did you mean <CommitLogDirectory>?",
    );
    rejects(
        &replace(
            "<ReplicationFactor>1</ReplicationFactor>",
            "<ReplicationFactors>1</ReplicationFactors>",
        ),
        "ReplicationFactors",
        "<ReplicationFactors>",
        "did you mean <ReplicationFactor>?",
    );
    rejects(
        &replace("<Keyspace Name=\"K\">", "<Keyspace Nmae=\"K\" Name=\"K\">"),
        "Nmae",
        "attribute Nmae",
        "did you mean Name?",
    );
    rejects(
        &add("  <Seeds>\n    <Sed>1.2.3.4</Sed>\n  </Seeds>"),
        "<Sed>",
        "<Sed>",
        "inside <Seeds>; did you mean <Seed>?",
    );
    rejects(
        &add("  <Authenticator PasswdMod=\"MD5\">org.apache.cassandra.auth.SimpleAuthenticator</Authenticator>"),
        "PasswdMod",
        "<Authenticator> attribute PasswdMod",
        "did you mean PasswdMode?",
    );
    // Case alone is a typo too (0.6 matched names exactly).
    rejects(
        &replace("<EndPointSnitch>", "<EndpointSnitch>")
            .replace("</EndPointSnitch>", "</EndpointSnitch>"),
        "EndpointSnitch",
        "<EndpointSnitch>",
        "did you mean <EndPointSnitch>?",
    );
}

#[test]
fn names_far_from_known_ones_stay_warnings() {
    let c = parse(&add("  <RequestScheduler>x</RequestScheduler>"));
    assert_eq!(c.warnings().len(), 1, "{:?}", c.warnings());
    let c = parse(&cf("<ColumnFamily Name=\"S\" FlushPeriod=\"3\"/>"));
    assert_eq!(c.warnings().len(), 1, "{:?}", c.warnings());
    // 0.7's per-CF names are known: a warning saying where 0.6 keeps them.
    let c = parse(&cf("<ColumnFamily Name=\"S\" ReadRepairChance=\"1\"/>"));
    assert!(c.warnings()[0].message.contains("0.7"));
}

#[test]
fn the_format_is_told_by_content() {
    let dir = tempfile::tempdir().unwrap();
    let xml = dir.path().join("conf.yaml");
    std::fs::write(&xml, format!("\u{feff}\n  {BASE}")).unwrap();
    assert_eq!(
        Config::from_file(&xml).unwrap().format,
        ConfigFormat::StorageConfXml
    );
    let yaml = dir.path().join("storage-conf.xml");
    std::fs::write(
        &yaml,
        "# a comment\npartitioner: RandomPartitioner\ncommitlog_sync: batch\ncommitlog_sync_batch_window_in_ms: 2\n",
    )
    .unwrap();
    let c = Config::from_file(&yaml).unwrap();
    assert_eq!(c.format, ConfigFormat::CassandraYaml);
    assert_eq!(
        c.commit_log_sync,
        CommitLogSync::Batch { window_in_ms: 2.0 }
    );
}

#[test]
fn framed_0_6_configs_keep_framed_clients_on_0_6() {
    let c = parse(&add(
        "  <ThriftFramedTransport>true</ThriftFramedTransport>",
    ));
    assert!(c.framed_clients_speak_0_6());
    let c = parse(&add(
        "  <ThriftFramedTransport>false</ThriftFramedTransport>",
    ));
    assert!(!c.framed_clients_speak_0_6());
}
