//! How the release the node answers as ran CQL 2 where it differed from
//! 1.2.9, derived once from [`crate::release`]'s data: 0.8 (CQL 2's first
//! release) stamped writes in milliseconds, let `USE` name any keyspace,
//! answered a by-key `COUNT` with a number, left out rows it read nothing
//! for and had no result metadata; 0.8 and 1.0 kept the key column in
//! `SELECT FIRST n *`. The default is 1.2.9's dialect. This module only
//! decides; the executor and the Thrift conversion apply it.

use crate::cql::exec::ServerClock;
use crate::cql2::parser::Grammar;
use crate::marshal::{AbstractType, MarshalError, TimestampType};
use crate::release::{Behaviour, Feature, Release};

const BYTES_TYPE: &str = "org.apache.cassandra.db.marshal.BytesType";
const TIME_UUID_TYPE: &str = "org.apache.cassandra.db.marshal.TimeUUIDType";
const ASCII_TYPE: &str = "org.apache.cassandra.db.marshal.AsciiType";
const DATE_TYPE: &str = "org.apache.cassandra.db.marshal.DateType";

/// The CQL 2 behaviours that changed between releases.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Era {
    /// `SELECT FIRST n *` still returns the key column first (0.8, 1.0;
    /// 1.1 and 1.2 left it out).
    pub first_keeps_key: bool,
    /// Writes without a timestamp are stamped in milliseconds (0.8).
    pub millisecond_timestamps: bool,
    /// `USE` sets any name; a schema statement on a keyspace that does not
    /// exist then fails with `No such keyspace: NAME` (0.8).
    pub use_unchecked: bool,
    /// A by-key `COUNT` answers INT: the number of columns of the row
    /// (0.8; later releases answer a `count` row).
    pub count_is_number: bool,
    /// Rows the read found nothing for are left out (0.8; later releases
    /// answer them with the key column only); a row whose read met only
    /// deletions (a ghost) shows its key column alone.
    pub skip_missing_rows: bool,
    /// Results carry no `CqlMetadata` (0.8's `CqlResult` had no `schema`).
    pub no_result_metadata: bool,
    /// A statement that needs the session keyspace, without one, says
    /// how to give one (from 2.0; SELECT kept the short text).
    pub keyspace_hint: bool,
    /// CREATE COLUMNFAMILY without `read_repair_chance` took 1.0, 0.8's
    /// default (later releases' was the schema's own).
    pub read_repair_always: bool,
    /// CREATE COLUMNFAMILY set `merge_shards_chance` 0.0 (0.8, 1.0: the
    /// CfDef field's default was 0.1).
    pub no_shard_merging: bool,
    /// CREATE COLUMNFAMILY took the cache settings (`row_cache_size`,
    /// `key_cache_size`, the save periods; 0.8 the memtable thresholds
    /// too) into the definition (0.8, 1.0: `getCFMetaData`); 1.1 on
    /// accepted and ignored them.
    pub cache_settings: bool,
    /// A SELECT by an indexed column with a start key and no finish
    /// (0.8, 1.0: `QueryProcessor.getIndexedSlices`) sent the start key
    /// as the `IndexClause`'s, inclusive whether `>` or `>=`, and the
    /// LIMIT as its count; 1.1 on dropped an exclusive start's row.
    pub index_start_inclusive: bool,
    /// BytesType read hex of an odd length with a leading 0 (0.8, 1.0;
    /// from 1.1 `Hex.hexToBytes` refused it: `cannot parse 'c01' as hex
    /// bytes`).
    pub odd_hex_read: bool,
    /// TimeUUIDType parsed text itself, in its own words (0.8, 1.0; later
    /// releases through DateType's).
    pub time_uuid_words: bool,
    /// The release's `Cql.g`: 0.8's type words are `bytea` and `date` (no
    /// `blob`, `timestamp` nor `decimal`), and its `int` a LongType (0.8's
    /// `CreateColumnFamilyStatement` comparators map).
    pub grammar: Grammar,
    /// No statement checked its consistency level (0.8, 1.0): a level the
    /// keyspace's strategy cannot serve failed in the storage call, on the
    /// server.
    pub levels_unchecked: bool,
    /// A read at EACH_QUORUM is refused for the strategy before being
    /// refused as a read (1.1's `ThriftValidation.validateConsistencyLevel`).
    pub each_quorum_strategy_first: bool,
    /// A range whose start key sorts after its end key is worded by the
    /// keys' md5 (0.8, 1.0).
    pub md5_words: bool,
    /// `KEY` names the key in a WHERE clause even where the column family
    /// has a key alias (1.0's `WhereClause.extractKeysFromColumns`), so the
    /// alias check then refuses it.
    pub key_word_is_key: bool,
    /// CREATE COLUMNFAMILY's definition went through the Thrift CfDef
    /// check, whose key alias was the default `KEY` where none was given
    /// (1.0: `CFMetaData.toThrift` set `getKeyName()`), so a column named
    /// `KEY` was refused as equal to the key alias.
    pub create_checks_default_key_alias: bool,
    /// CREATE INDEX gave the index no options (0.8, 1.0; 1.1 on an empty
    /// map).
    pub index_without_options: bool,
    /// Messages name "ColumnFamilies" (DROP INDEX of an unknown index) and
    /// an existing column family is a `ConfigurationException` (before
    /// 1.2).
    pub column_families_word: bool,
    /// The key alias check quoted the name the statement gave (0.8).
    pub alias_error_names_given: bool,
    /// Only `KEY` named the key in a relation, whatever the alias (`KEY >`
    /// a key range); without a `KEY =`, the first relation naming the
    /// alias exactly was taken as the key, whatever its operator (0.8's
    /// `Relation` and `WhereClause.extractKeysFromColumns`).
    pub key_word_only: bool,
    /// ALTER COLUMNFAMILY ... ALTER met the key alias as no column (0.8 and
    /// 1.0's `AlterTableStatement`: `Column 'k' was not found in CF 'cf'`;
    /// 1.1 on retyped the key).
    pub alter_key_alias_no_column: bool,
    /// ADD of the key alias was refused in 0.8 to 1.1's words (`because it
    /// equals to key_alias.`; 1.2: `to a key alias.`).
    pub alter_key_alias_words: bool,
    /// ALTER ... WITH left an unset bloom filter chance unset (1.1's
    /// getter answered the field itself; 1.2's its default, which the
    /// statement then set).
    pub alter_keeps_bloom_unset: bool,
    /// A failure of the parser's actions (a DELETE without WHERE) escaped
    /// the statement's parse (0.8 caught no `RuntimeException` there).
    pub parse_failures_escape: bool,
    /// CREATE COLUMNFAMILY without compression parameters compressed
    /// nothing (1.0; later releases' default was Snappy).
    pub uncompressed_unless_told: bool,
    /// ALTER TABLE's column name the comparator could not read failed on
    /// the server (0.8 and 1.0: `AlterTableStatement` read it with the
    /// comparator's `fromString`, whose `MarshalException` no one caught;
    /// 1.2's `fromStringCQL2` refused it as an invalid request).
    pub alter_name_failure_escapes: bool,
    /// A DELETE of a column family the keyspace lacks (or in a keyspace
    /// `USE` let through unchecked) failed on the server (0.8's
    /// `DeleteStatement.prepareRowMutations` read the key validator of the
    /// metadata it looked up before validating the column family).
    pub delete_of_missing_cf_fails: bool,
    /// ALTER COLUMNFAMILY's update was built without `CFMetaData.validate`
    /// (0.8 and 1.0's `AlterTableStatement` made an Avro definition that
    /// `UpdateColumnFamily` applied as it was): a column of the other kind
    /// than the family's, counter or plain, was taken.
    pub alter_kinds_unchecked: bool,
    /// CREATE COLUMNFAMILY's keywords as 0.8 and 1.0 listed them
    /// (`CreateColumnFamilyStatement.keywords`): 1.1's `caching`,
    /// `bloom_filter_fp_chance` and `dclocal_read_repair_chance` were no
    /// keywords (`.. is not a valid keyword argument ..`), nor, in 0.8,
    /// 1.0's `compaction_strategy_class`.
    pub create_keywords_before_1_1: bool,
    /// CREATE INDEX checked its column family's access first, which from
    /// 1.2.14 validated that it exists (`unconfigured columnfamily ..`).
    pub index_cf_unconfigured: bool,
    /// A DateType or TimeUUIDType term may be a negative number of
    /// milliseconds (see [`Behaviour::NegativeDateMillis`]).
    pub negative_date_millis: bool,
    /// LOCAL_QUORUM and EACH_QUORUM serve a keyspace of any strategy (see
    /// [`Behaviour::QuorumsOfAnyStrategy`]): no statement refuses them for
    /// it and the storage call counts the keyspace's replicas.
    pub quorums_of_any_strategy: bool,
    /// A relation names the key only by an alias written in capitals (2.0's
    /// `WhereClause.extractKeysFromColumns` compared the relation's name,
    /// upper-cased, with `CFMetaData.getCQL2KeyName`, which upper-cased
    /// only `key`): `WHERE user_name = 'x'` is a column relation there,
    /// though `user_name IN (..)` and the writes still name the key.
    pub alias_case_kept: bool,
    /// SELECT's index check read the names of `=` relations only (0.8 to
    /// 1.1's `validateSelect`: the name was converted after the operator's
    /// test); 1.2 converted every relation's name first, so a name the
    /// comparator cannot read failed before `No indexed columns ..`.
    pub index_check_reads_eq_only: bool,
}

/// 1.1's CREATE COLUMNFAMILY keywords 0.8 and 1.0 did not have.
const KEYWORDS_OF_1_1: &[&str] = &[
    "caching",
    "bloom_filter_fp_chance",
    "dclocal_read_repair_chance",
];

impl Era {
    /// Whether CREATE COLUMNFAMILY of this release knew the keyword
    /// `word` of 1.1's and later's list.
    pub fn create_keyword_known(&self, word: &str) -> bool {
        if !self.create_keywords_before_1_1 {
            return true;
        }
        if self.grammar.first_type_words && word == "compaction_strategy_class" {
            return false;
        }
        !KEYWORDS_OF_1_1.contains(&word)
    }

    /// The dialect of `release` (1.2.9's without one).
    pub fn of(release: Option<&Release>) -> Era {
        let Some(r) = release.filter(|r| r.has(Feature::Cql2)) else {
            return Era::default();
        };
        let first = !r.at_least(1, 0);
        Era {
            first_keeps_key: !r.at_least(1, 1),
            millisecond_timestamps: first,
            use_unchecked: first,
            count_is_number: first,
            skip_missing_rows: first,
            no_result_metadata: first,
            keyspace_hint: r.at_least(2, 0),
            read_repair_always: first,
            no_shard_merging: !r.at_least(1, 1),
            cache_settings: !r.at_least(1, 1),
            index_start_inclusive: !r.at_least(1, 1),
            odd_hex_read: !r.at_least(1, 1),
            time_uuid_words: !r.at_least(1, 1),
            grammar: Grammar {
                first_type_words: first,
                assignment_error_at_value: !r.at_least(1, 1),
                no_markers: !r.at_least(1, 1),
                no_two_three: !r.at_least(1, 1),
                plain_cf_properties: first,
                no_dots: first,
            },
            levels_unchecked: !r.at_least(1, 1),
            each_quorum_strategy_first: r.series() == (1, 1),
            md5_words: !r.at_least(1, 1),
            key_word_is_key: r.series() == (1, 0),
            create_checks_default_key_alias: r.series() == (1, 0),
            parse_failures_escape: first,
            alter_keeps_bloom_unset: !r.at_least(1, 2),
            alter_key_alias_no_column: !r.at_least(1, 1),
            alter_key_alias_words: !r.at_least(1, 2),
            alias_error_names_given: first,
            key_word_only: first,
            index_without_options: !r.at_least(1, 1),
            column_families_word: !r.at_least(1, 2),
            uncompressed_unless_told: r.series() == (1, 0),
            alter_name_failure_escapes: !r.at_least(1, 1),
            delete_of_missing_cf_fails: first,
            alter_kinds_unchecked: !r.at_least(1, 1),
            create_keywords_before_1_1: !r.at_least(1, 1),
            index_cf_unconfigured: r.does(Behaviour::Cql2IndexOfMissingCfUnconfigured),
            negative_date_millis: r.does(Behaviour::NegativeDateMillis),
            quorums_of_any_strategy: r.does(Behaviour::QuorumsOfAnyStrategy),
            alias_case_kept: r.at_least(2, 0),
            index_check_reads_eq_only: !r.at_least(1, 2),
        }
    }

    /// A term's text read by the type `ty` as the release's
    /// `fromString` read it.
    pub fn from_string(&self, ty: &dyn AbstractType, text: &str) -> Result<Vec<u8>, MarshalError> {
        let class = ty.class_name();
        if !self.odd_hex_read && class == BYTES_TYPE && text.len() % 2 == 1 {
            return Err(MarshalError(format!("cannot parse '{text}' as hex bytes")));
        }
        if class == ASCII_TYPE {
            // AsciiType.fromString encoded the text as US-ASCII (Java's
            // String.getBytes): each character it cannot map became '?'.
            return Ok(java_ascii_bytes(text));
        }
        if self.negative_date_millis && text.starts_with('-') {
            // Read as TimestampType reads it, which takes the sign.
            let date = || TimestampType.from_string(text);
            match class.as_str() {
                DATE_TYPE => return date(),
                TIME_UUID_TYPE => {
                    let millis = i64::from_be_bytes(date()?.try_into().unwrap_or_default());
                    return Ok(crate::marshal::time_uuid_for_millis(millis).to_vec());
                }
                _ => {}
            }
        }
        let parsed = ty.from_string(text);
        if !self.time_uuid_words || class != TIME_UUID_TYPE {
            return parsed;
        }
        // The same patterns, worded as TimeUUIDType did.
        parsed.map_err(|e| {
            let coerce = format!("unable to coerce '{text}' to a  formatted date (long)");
            let long = format!("unable to make long (for date) from: '{text}'");
            if e.0 == coerce {
                MarshalError(format!("unable to coerce '{text}' to version 1 UUID"))
            } else if e.0 == long {
                MarshalError(format!("unable to make version 1 UUID from '{text}'"))
            } else {
                e
            }
        })
    }

    /// A write's timestamp from the server clock.
    pub fn write_timestamp(&self, clock: &ServerClock) -> i64 {
        if self.millisecond_timestamps {
            clock.next_millis()
        } else {
            clock.next_timestamp()
        }
    }
}

/// `text` as Java's `String.getBytes(US_ASCII)` gave it: a character
/// outside ASCII (a supplementary one too) is one `?`.
fn java_ascii_bytes(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| if c.is_ascii() { c as u8 } else { b'?' })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_take_their_sign_from_1_2_16() {
        let date = crate::marshal::DateType;
        let read = |v: &str, text: &str| Era::of(Release::find(v)).from_string(&date, text);
        assert!(read("1.2.9", "-1").is_err());
        assert_eq!(read("1.2.19", "-1").unwrap(), (-1_i64).to_be_bytes());
        assert_eq!(read("2.0.17", "-5").unwrap(), (-5_i64).to_be_bytes());
        let uuid = crate::marshal::TimeUUIDType;
        let era = Era::of(Release::find("1.2.19"));
        let from_minus = era.from_string(&uuid, "-1").unwrap();
        assert_eq!(from_minus, crate::marshal::time_uuid_for_millis(-1));
    }

    #[test]
    fn ascii_terms_replace_what_ascii_cannot_hold() {
        let era = Era::of(Release::find("1.0.12"));
        let ascii = crate::marshal::AsciiType;
        assert_eq!(era.from_string(&ascii, "abc").unwrap(), b"abc");
        assert_eq!(era.from_string(&ascii, "caf\u{e9}!").unwrap(), b"caf?!");
        assert_eq!(era.from_string(&ascii, "\u{1F600}x").unwrap(), b"?x");
    }

    #[test]
    fn each_release_has_its_dialect() {
        let of = |v: &str| Era::of(Release::find(v));
        assert_eq!(Era::of(None), Era::default());
        assert_eq!(of("1.2.9"), Era::default());
        let first = of("0.8.10");
        assert!(first.use_unchecked && first.first_keeps_key && first.no_result_metadata);
        assert!(first.read_repair_always && !of("1.0.12").read_repair_always);
        assert!(first.delete_of_missing_cf_fails && !of("1.0.12").delete_of_missing_cf_fails);
        let clock = ServerClock::new(1);
        let (a, b) = (first.write_timestamp(&clock), first.write_timestamp(&clock));
        assert!(
            b > a && b < 10_000_000_000_000,
            "strictly increasing milliseconds"
        );
        let ten = of("1.0.12");
        assert!(ten.first_keeps_key && !ten.use_unchecked && !ten.keyspace_hint);
        assert!(ten.write_timestamp(&clock) > 1_000_000_000_000_000);
        assert!(of("2.1.22").keyspace_hint);
        assert!(!of("1.1.12").first_keeps_key);
        assert!(first.cache_settings && ten.cache_settings && !of("1.1.12").cache_settings);
        assert!(ten.index_start_inclusive && !of("1.1.12").index_start_inclusive);
    }

    #[test]
    fn create_keywords_grew_with_the_releases() {
        let of = |v: &str| Era::of(Release::find(v));
        let (first, ten, eleven) = (of("0.8.10"), of("1.0.12"), of("1.1.12"));
        assert!(!first.create_keyword_known("compaction_strategy_class"));
        assert!(ten.create_keyword_known("compaction_strategy_class"));
        for word in [
            "caching",
            "bloom_filter_fp_chance",
            "dclocal_read_repair_chance",
        ] {
            assert!(!first.create_keyword_known(word) && !ten.create_keyword_known(word));
            assert!(eleven.create_keyword_known(word) && Era::default().create_keyword_known(word));
        }
        assert!(first.create_keyword_known("comparator") && ten.create_keyword_known("comment"));
        assert!(of("1.2.19").index_cf_unconfigured && !of("1.2.9").index_cf_unconfigured);
    }

    #[test]
    fn terms_are_read_as_the_release_read_them() {
        use crate::marshal::{BytesType, TimeUUIDType, UTF8Type};
        let of = |v: &str| Era::of(Release::find(v));
        assert_eq!(
            of("1.0.12").from_string(&BytesType, "c01").unwrap(),
            vec![0x0c, 0x01]
        );
        assert_eq!(
            of("1.1.12").from_string(&BytesType, "c01").unwrap_err().0,
            "cannot parse 'c01' as hex bytes"
        );
        assert_eq!(
            of("1.1.12").from_string(&BytesType, "c0").unwrap(),
            vec![0xc0]
        );
        assert_eq!(of("1.1.12").from_string(&UTF8Type, "c01").unwrap(), b"c01");
        assert_eq!(
            of("0.8.10")
                .from_string(&TimeUUIDType, "c07")
                .unwrap_err()
                .0,
            "unable to coerce 'c07' to version 1 UUID"
        );
        assert_eq!(
            of("1.1.12")
                .from_string(&TimeUUIDType, "c07")
                .unwrap_err()
                .0,
            "unable to coerce 'c07' to a  formatted date (long)"
        );
        assert_eq!(
            Era::default().from_string(&BytesType, "c01").unwrap_err().0,
            "cannot parse 'c01' as hex bytes",
            "1.2.9 refused it too"
        );
    }
}
