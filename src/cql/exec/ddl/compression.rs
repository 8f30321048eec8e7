//! 3.0's `compression` map of CQL's CREATE and ALTER TABLE
//! (`CompressionParams.fromMap`): the compressor as `class`, the chunk as
//! `chunk_length_in_kb`, compression turned off by `enabled: false`, beside
//! 2.x's `sstable_compression` and `chunk_length_kb`, which it still took.
//! The release judged the map in its own words (`tableprops3x`); this only
//! renames it to the options the engine keeps (2.x's), which `system_schema`
//! shows in 3.x's names again. It must not judge anything.

use std::collections::BTreeMap;

/// `given` (a 3.x statement's map) in the names the engine keeps.
pub(super) fn stored(given: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    if given
        .get("enabled")
        .is_some_and(|e| !e.eq_ignore_ascii_case("true"))
    {
        // No compressor: what an empty `sstable_compression` keeps.
        return BTreeMap::from([("sstable_compression".to_string(), String::new())]);
    }
    given
        .iter()
        .filter(|(k, _)| k.as_str() != "enabled")
        .map(|(k, v)| {
            let k = match k.as_str() {
                "class" => "sstable_compression",
                "chunk_length_in_kb" => "chunk_length_kb",
                other => other,
            };
            (k.to_string(), v.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::stored;
    use std::collections::BTreeMap;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn three_x_names_are_kept_as_two_x_options() {
        assert_eq!(
            stored(&map(&[
                ("class", "LZ4Compressor"),
                ("chunk_length_in_kb", "16")
            ])),
            map(&[
                ("sstable_compression", "LZ4Compressor"),
                ("chunk_length_kb", "16")
            ])
        );
        // 2.x's names as they were
        let old = map(&[
            ("sstable_compression", "SnappyCompressor"),
            ("chunk_length_kb", "64"),
        ]);
        assert_eq!(stored(&old), old);
        assert_eq!(
            stored(&map(&[("class", "DeflateCompressor"), ("enabled", "true")])),
            map(&[("sstable_compression", "DeflateCompressor")])
        );
        assert_eq!(
            stored(&map(&[("enabled", "false")])),
            map(&[("sstable_compression", "")])
        );
    }
}
