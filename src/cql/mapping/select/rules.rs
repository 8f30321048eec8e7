//! How a release checked and ordered a SELECT where releases differed:
//! which clustering column an IN may restrict and the words a clustering
//! restriction is refused in, the order (and duplicates) of the partitions
//! an IN on the partition key names (and, from 2.2, those a token range
//! beside them keeps), and how an ORDER BY merges them.
//! Data and the checks' texts only; `select` and `scan` apply them.

use super::super::value_rules::ValueRules;
use crate::cql::error::CqlError;
use crate::cql::types::CqlType;
use crate::partitioner::Token;
use std::cmp::Ordering;
use std::ops::Bound;

/// The release's `SelectStatement` (and from 2.2 `StatementRestrictions`)
/// rules; the default is the engine's own (the partitions in the IN's
/// order, each once; IN on any clustering column).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SelectRules {
    /// Whose words a clustering restriction is refused in.
    pub words: Words,
    /// An IN may restrict only the last clustering column (1.2 to 2.1:
    /// "We only support IN for the last name so far").
    pub in_on_last_clustering_only: bool,
    /// 1.2 and 2.0: an ORDER BY of an IN on the partition key sorted the
    /// rows it read by the ordered columns, which had to be selected.
    pub ordering_selected: bool,
    /// An IN may restrict only the last partition key part (1.2 to 2.1:
    /// "Partition KEY part k cannot be restricted by IN relation").
    pub in_on_last_partition_part_only: bool,
    /// The partitions an IN names.
    pub keys: KeyOrder,
    /// An ORDER BY across partitions sorted the rows as read (each
    /// partition in comparator order) by the ordering columns' comparator,
    /// then reversed them all when the order was the comparator's reverse
    /// (`orderResults`, then `cqlRows.reverse()`, before 3.0): rows tied on
    /// the ordering columns come out in the reverse of the partitions'
    /// order. 3.0 read each partition in the asked order and sorted once.
    pub sort_then_reverse: bool,
    /// How the statement's values are checked (see [`ValueRules`]).
    pub values: ValueRules,
    /// A function's result column is named with its keyspace
    /// (`system.token(k)`: 2.2's `FunctionName`).
    pub functions_in_system: bool,
    /// A token range beside EQ/IN on every partition key column keeps the
    /// keys whose token it holds (2.2's `TokenFilter`); before, refused.
    pub token_filters_keys: bool,
    /// 2.0 on: a relation other than CONTAINS on a whole collection is
    /// refused naming the column's type and the operator.
    pub collection_relations: bool,
    /// `dateOf` answers 2.0's `TimestampType` (1.2: `DateType`).
    pub signed_timestamps: bool,
    /// `uuid()`, a random (version 4) UUID (2.0.7 on, CASSANDRA-6473).
    pub uuid_function: bool,
    /// A frozen collection's literal takes the u16 form (2.1 and 2.2
    /// over Thrift; see `values::TermContext::frozen_as_v2`).
    pub frozen_as_v2: bool,
    /// Whose aggregates (2.2 on; see `aggregates::Era`).
    pub aggregates: super::super::aggregates::Era,
    /// How tuple relations merged and were refused (see [`Tuples`]).
    pub tuples: Tuples,
    /// A tuple slice over clustering columns of mixed order reads the
    /// tuples beyond its bound in each column's own order (2.2.6 and 3.0.4
    /// on, `TupleSlicesInTupleOrder`); before, one slice of the comparator
    /// from the bound, in the first column's order.
    pub tuple_order: bool,
    /// 3.0 on: given ALLOW FILTERING, restrictions on non-key columns no
    /// index serves are checked on each row of a scan (3.0's `RowFilter`);
    /// before, refused for want of an indexed EQ.
    pub filters_unindexed: bool,
    /// 3.6 on (CASSANDRA-11310): given ALLOW FILTERING, a clustering
    /// column restricted after one left out, or after a slice, is checked
    /// on each row rather than refused.
    pub filters_clustering: bool,
    /// 1.2.7 to 1.2.16: a read in the reverse of the comparator's order
    /// built the slice of an EQ or IN on every clustering column with the
    /// asked bound's end-of-component, not the reversed one's, so each
    /// slice of a table read by slices (not compact) ended before it began
    /// and was dropped as always empty: no rows (fixed by 1.2.17).
    pub reversed_full_prefix_empty: bool,
    /// 1.2.0 to 2.0.5: a compact table read by names (an EQ or IN on every
    /// clustering column) gave its rows in the IN's order, repeats kept.
    pub names_in_in_order: bool,
    /// An IN of one value on an indexed non-key column is served by the
    /// index as an EQ: 1.2's `Restriction` of one value was an equality;
    /// 2.1's `SelectStatement` let the restriction through without a
    /// queriable index, and `getIndexExpressions` made it an EQ
    /// expression. 2.0 asked for an index supporting IN (none did).
    pub in_of_one_uses_index: bool,
    /// Before 1.2.16: a reversed ORDER BY reversed those rows.
    pub names_order_reversed: bool,
    /// 2.2: the partition keys an IN names were sorted by the key's
    /// `SimpleCType`, which asserted its two values non-empty unless its
    /// type compared by bytes: two or more keys, one of them empty, of a
    /// single-column key of such a type failed on the server.
    pub empty_key_sort_fails: bool,
    /// How a partition key restricted in part (no index serving the
    /// query) was refused (see [`PartialKey`]).
    pub partial_key: PartialKey,
    /// 1.2 and 2.0: the refusal of a COMPACT table's empty cell name read
    /// by name (its one clustering column's value, empty): 1.2's
    /// `validateColumnNames`, from 1.2.11 `validateCellName`'s words (2.1's
    /// cell names of one empty component were not empty).
    pub empty_compact_name: Option<&'static str>,
}

/// The refusal of a partition key restricted in part.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum PartialKey {
    /// Before 3.0: the first part left out after a restricted one, or
    /// the first one restricted after one left out.
    #[default]
    ByPart,
    /// 3.0's `StatementRestrictions`: every part left out, listed.
    Listed,
    /// 3.11's: a filtering query, refused without ALLOW FILTERING.
    Filtering,
}

/// Whose handling of multi-column (tuple) relations on clustering columns
/// (`select::multi_column`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tuples {
    /// 2.0's `SelectStatement`: a tuple's null element refused as it was
    /// prepared (`Tuples may not contain null values`), `.. by inequalities
    /// not starting with the same column: rel`.
    V20,
    /// 2.1's: a null element refused as its bound was built, `.. by two
    /// inequalities ..`.
    V21,
    /// 2.2's and 3.x's `RestrictionSet` merges, in their words.
    #[default]
    V22,
    /// 3.10 on: an IN of one tuple read as its equality.
    V310,
}

/// The words of a release's clustering restriction refusals.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Words {
    /// 1.2's `PRIMARY KEY part d ...`.
    #[default]
    V12,
    /// 1.1's CQL 3 beta: 1.2's words, but its IN refusal said which parts
    /// could take one, and it refused only an IN of more than one value
    /// (one value was an equality).
    V11,
    /// 2.0's and 2.1's `PRIMARY KEY column "d" ...`.
    V20,
    /// 2.2's and 3.x's `StatementRestrictions`.
    V22,
}

/// The partitions an IN on the partition key reads, in order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum KeyOrder {
    /// In the IN's order, each once.
    #[default]
    Given,
    /// In the IN's order, a key named twice read twice (1.2 and 2.0 kept a
    /// `List` of the keys).
    AsWritten,
    /// Sorted by the key's type, each once (2.1's `TreeSet` on the key
    /// validator, 2.2's and 3.x's sorted restriction values).
    Sorted,
}

/// Whether the token range `(start, end)` of a WHERE clause holds `t`, as
/// 2.2's `TokenFilter` read it: an empty range where equal bounds exclude
/// either, and one wrapping the ring where the start sorts after the end.
pub(super) fn token_holds((start, end): &(Bound<Token>, Bound<Token>), t: &Token) -> bool {
    let above = match start {
        Bound::Included(s) => t >= s,
        Bound::Excluded(s) => t > s,
        Bound::Unbounded => true,
    };
    let below = match end {
        Bound::Included(e) => t <= e,
        Bound::Excluded(e) => t < e,
        Bound::Unbounded => true,
    };
    match (start, end) {
        (Bound::Included(s) | Bound::Excluded(s), Bound::Included(e) | Bound::Excluded(e))
            if s > e =>
        {
            above || below
        }
        _ => above && below,
    }
}

impl SelectRules {
    /// The rules of release `(major, minor, patch)`; before 1.2 (1.1's
    /// CQL 3 beta) the engine's but for its IN on a clustering column.
    pub fn of_release(release: (u32, u32, u32)) -> SelectRules {
        let at_least = |major, minor| release >= (major, minor, 0);
        if !at_least(1, 2) {
            // 1.1's SelectStatement: "We only support IN for the last name
            // so far", for an IN of more than one value.
            return SelectRules {
                words: Words::V11,
                in_on_last_clustering_only: true,
                ..SelectRules::default()
            };
        }
        SelectRules {
            words: match () {
                _ if at_least(2, 2) => Words::V22,
                _ if at_least(2, 0) => Words::V20,
                _ => Words::V12,
            },
            in_on_last_clustering_only: !at_least(2, 2),
            ordering_selected: !at_least(2, 1),
            in_on_last_partition_part_only: !at_least(2, 2),
            keys: if at_least(2, 1) {
                KeyOrder::Sorted
            } else {
                KeyOrder::AsWritten
            },
            sort_then_reverse: !at_least(3, 0),
            values: ValueRules::of_release(release),
            functions_in_system: at_least(2, 2),
            token_filters_keys: at_least(2, 2),
            collection_relations: at_least(2, 0),
            signed_timestamps: at_least(2, 0),
            uuid_function: release >= (2, 0, 7),
            frozen_as_v2: false,
            aggregates: super::super::aggregates::Era::of(release.0, release.1),
            tuples: match () {
                _ if release >= (3, 10, 0) => Tuples::V310,
                _ if at_least(2, 2) => Tuples::V22,
                _ if at_least(2, 1) => Tuples::V21,
                _ => Tuples::V20,
            },
            filters_unindexed: at_least(3, 0),
            filters_clustering: at_least(3, 6),
            // The session's release sets it (`TupleSlicesInTupleOrder`).
            tuple_order: false,
            reversed_full_prefix_empty: ((1, 2, 7)..(1, 2, 17)).contains(&release),
            empty_key_sort_fails: at_least(2, 2) && !at_least(3, 0),
            names_in_in_order: release < (2, 0, 6),
            in_of_one_uses_index: matches!((release.0, release.1), (1, _) | (2, 1)),
            names_order_reversed: release < (1, 2, 16),
            partial_key: match () {
                _ if at_least(3, 11) => PartialKey::Filtering,
                _ if at_least(3, 0) => PartialKey::Listed,
                _ => PartialKey::ByPart,
            },
            empty_compact_name: match () {
                _ if at_least(2, 1) => None,
                _ if release >= (1, 2, 11) => {
                    Some("Invalid empty value for clustering column of COMPACT TABLE")
                }
                _ => Some("zero-length column name"),
            },
        }
    }

    /// Whether a SELECT with (`allow_filtering`) or without ALLOW
    /// FILTERING checks its clustering restrictions past a gap or a slice
    /// on each row (see [`SelectRules::filters_clustering`]).
    pub fn clustering_filtered(&self, allow_filtering: bool) -> bool {
        self.filters_clustering && allow_filtering
    }

    /// The refusal of a restriction on clustering column `column` while
    /// the one before it, `preceding`, is not restricted.
    pub fn preceding_unrestricted(&self, column: &str, preceding: &str) -> CqlError {
        CqlError::invalid(match self.words {
            Words::V11 | Words::V12 => v12_preceding(column, preceding),
            Words::V20 => format!(
                "PRIMARY KEY column \"{column}\" cannot be restricted (preceding column \
                 \"{preceding}\" is not restricted)"
            ),
            Words::V22 => format!(
                "PRIMARY KEY column \"{column}\" cannot be restricted as preceding column \
                 \"{preceding}\" is not restricted"
            ),
        })
    }

    /// The refusal of a restriction on clustering column `column` after
    /// a slice on the one before it, `preceding` (2.2:
    /// `validateClusteringRestrictions`).
    pub fn preceding_slice(&self, column: &str, preceding: &str) -> CqlError {
        CqlError::invalid(match self.words {
            Words::V11 | Words::V12 => v12_preceding(column, preceding),
            Words::V20 => format!(
                "PRIMARY KEY column \"{column}\" cannot be restricted (preceding column \
                 \"{preceding}\" is restricted by a non-EQ relation)"
            ),
            Words::V22 => format!(
                "Clustering column \"{column}\" cannot be restricted (preceding column \
                 \"{preceding}\" is restricted by a non-EQ relation)"
            ),
        })
    }

    /// Whether an IN of `values` values on a clustering column is refused
    /// when that column is not the last ([`Self::in_on_last_clustering_only`]):
    /// 1.1 took an IN of one value as an equality.
    pub fn in_refused_off_last(&self, values: usize) -> bool {
        self.in_on_last_clustering_only && !self.in_of_one_is_eq(values)
    }

    /// Whether an IN of `values` values is an equality: 1.1's and 1.2's
    /// restriction was an IN only for more than one value, 2.0 to 3.9 kept
    /// an IN of one an IN, 3.10 made it an EQ restriction again
    /// (`SingleColumnRelation.newINRestriction`).
    fn in_of_one_is_eq(&self, values: usize) -> bool {
        values == 1
            && (matches!(self.words, Words::V11 | Words::V12) || self.tuples == Tuples::V310)
    }

    /// The refusal of an IN of `values` values on clustering column
    /// `column` while the query selects a collection (each cell of a
    /// collection is a clustering name of its own, which a read of several
    /// clustering prefixes could not slice), if it is refused.
    pub fn in_with_collection(&self, column: &str, values: usize) -> Option<CqlError> {
        if self.in_of_one_is_eq(values) {
            return None;
        }
        Some(CqlError::invalid(match self.words {
            Words::V11 | Words::V12 => format!(
                "Cannot restrict PRIMARY KEY part {column} by IN relation as a collection is \
                 selected by the query"
            ),
            Words::V20 => format!(
                "Cannot restrict column \"{column}\" by IN relation as a collection is selected \
                 by the query"
            ),
            Words::V22 => "Cannot restrict clustering columns by IN relations when a collection \
                           is selected by the query"
                .to_string(),
        }))
    }

    /// The refusal of an IN on clustering column `column`, not the last
    /// (1.1 to 2.1).
    pub fn in_not_last(&self, column: &str) -> CqlError {
        CqlError::invalid(match self.words {
            Words::V11 => format!(
                "PRIMARY KEY part {column} cannot be restricted by IN relation (only the first \
                 and last parts can)"
            ),
            Words::V12 => format!("PRIMARY KEY part {column} cannot be restricted by IN relation"),
            _ => format!("Clustering column \"{column}\" cannot be restricted by an IN relation"),
        })
    }

    /// The partitions an IN names, each as its partition key's values
    /// (of `types`) and its row key, in the order the release read them.
    pub fn order_keys(
        &self,
        mut keys: Vec<(Vec<Vec<u8>>, Vec<u8>)>,
        types: &[CqlType],
    ) -> Vec<Vec<u8>> {
        // A composite key compares part by part, each by its type (2.1's
        // CompositeType validator, 3.x's ClusteringComparator of the key).
        let compare = |a: &[Vec<u8>], b: &[Vec<u8>]| {
            a.iter()
                .zip(b)
                .zip(types)
                .map(|((x, y), t)| t.compare(x, y))
                .find(|o| o.is_ne())
                .unwrap_or(Ordering::Equal)
        };
        match self.keys {
            KeyOrder::AsWritten => {}
            KeyOrder::Given => {
                let mut seen: Vec<Vec<u8>> = Vec::with_capacity(keys.len());
                keys.retain(|(_, k)| {
                    let first = !seen.contains(k);
                    if first {
                        seen.push(k.clone());
                    }
                    first
                });
            }
            KeyOrder::Sorted => {
                keys.sort_by(|(a, _), (b, _)| compare(a, b));
                keys.dedup_by(|(a, _), (b, _)| compare(a, b) == Ordering::Equal);
            }
        }
        keys.into_iter().map(|(_, k)| k).collect()
    }
}

/// Whether 2.2 compared values of `ty` by their bytes
/// (`AbstractType.isByteOrderComparable`): its composites of such types
/// compared unsigned bytes, an empty value among them.
pub(super) fn compares_by_bytes(ty: &CqlType) -> bool {
    use crate::cql::types::Native;
    match ty {
        CqlType::Native(n) => matches!(
            n,
            Native::Ascii
                | Native::Blob
                | Native::Text
                | Native::Inet
                | Native::Timestamp
                | Native::Date
                | Native::Time
        ),
        CqlType::Frozen(inner) => match inner.as_ref() {
            CqlType::Set(e) => compares_by_bytes(e),
            CqlType::Map(k, _) => compares_by_bytes(k),
            _ => false,
        },
        CqlType::Custom(class) => {
            let short = class.rsplit('.').next().unwrap_or(class);
            matches!(
                short,
                "BytesType"
                    | "AsciiType"
                    | "UTF8Type"
                    | "DateType"
                    | "InetAddressType"
                    | "SimpleDateType"
                    | "TimeType"
            )
        }
        _ => false,
    }
}

/// 1.2's one refusal of a clustering column after `preceding`, whether
/// that one was left out or sliced.
fn v12_preceding(column: &str, preceding: &str) -> String {
    format!(
        "PRIMARY KEY part {column} cannot be restricted (preceding part {preceding} is either \
         not restricted or by a non-EQ relation)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::types::Native;

    #[test]
    fn releases_order_in_keys_as_they_read_them() {
        let named = |ks: &[&[u8]]| -> Vec<(Vec<Vec<u8>>, Vec<u8>)> {
            ks.iter().map(|k| (vec![k.to_vec()], k.to_vec())).collect()
        };
        let keys = || named(&[b"z", b"b", b"a", b"b"]);
        let rows = |ks: &[&[u8]]| -> Vec<Vec<u8>> { ks.iter().map(|k| k.to_vec()).collect() };
        let text = [CqlType::Native(Native::Text)];
        let of = |v| SelectRules::of_release(v).order_keys(keys(), &text);
        assert_eq!(of((1, 2, 9)), rows(&[b"z", b"b", b"a", b"b"]));
        assert_eq!(of((2, 0, 17)), rows(&[b"z", b"b", b"a", b"b"]));
        assert_eq!(of((2, 1, 22)), rows(&[b"a", b"b", b"z"]));
        assert_eq!(of((3, 11, 10)), rows(&[b"a", b"b", b"z"]));
        let given = SelectRules::default().order_keys(keys(), &text);
        assert_eq!(given, rows(&[b"z", b"b", b"a"]));
        // Int keys sort by value, not by their bytes.
        let int = [CqlType::Native(Native::Int)];
        let (minus, two) = ((-1i32).to_be_bytes(), 2i32.to_be_bytes());
        let r = SelectRules::of_release((3, 0, 24)).order_keys(named(&[&two, &minus]), &int);
        assert_eq!(r, rows(&[&minus, &two]));
    }

    #[test]
    fn the_beta_refuses_an_in_of_values_off_the_last_clustering_column() {
        let beta = SelectRules::of_release((1, 1, 12));
        assert_eq!(
            beta.in_not_last("day").to_string(),
            "PRIMARY KEY part day cannot be restricted by IN relation (only the first and last \
             parts can)"
        );
        assert!(beta.in_refused_off_last(2));
        assert!(!beta.in_refused_off_last(1));
        assert_eq!(
            beta.preceding_unrestricted("d", "c").to_string(),
            "PRIMARY KEY part d cannot be restricted (preceding part c is either not restricted \
             or by a non-EQ relation)"
        );
        // Its other rules are the engine's.
        assert_eq!(beta.keys, SelectRules::default().keys);
        // 1.2 took an IN of one value as an equality too (1.2.9, 1.2.19).
        assert!(!SelectRules::of_release((1, 2, 19)).in_refused_off_last(1));
        assert!(SelectRules::of_release((1, 2, 19)).in_refused_off_last(2));
        assert!(SelectRules::of_release((2, 0, 17)).in_refused_off_last(1));
        assert!(!SelectRules::of_release((2, 2, 19)).in_refused_off_last(2));
    }

    #[test]
    fn an_in_beside_a_selected_collection_in_each_release_words() {
        let refusal = |v, n| {
            SelectRules::of_release(v)
                .in_with_collection("seq", n)
                .map(|e| e.to_string())
        };
        // 1.2.9 and 1.2.19: an IN of one value is an equality.
        assert_eq!(refusal((1, 2, 9), 1), None);
        assert_eq!(
            refusal((1, 2, 19), 2).unwrap(),
            "Cannot restrict PRIMARY KEY part seq by IN relation as a collection is selected by \
             the query"
        );
        for v in [(2, 0, 17), (2, 1, 22)] {
            assert_eq!(
                refusal(v, 1).unwrap(),
                "Cannot restrict column \"seq\" by IN relation as a collection is selected by \
                 the query"
            );
        }
        assert_eq!(
            refusal((2, 2, 19), 2).unwrap(),
            "Cannot restrict clustering columns by IN relations when a collection is selected by \
             the query"
        );
        // 3.0 kept an IN of one an IN, 3.10 read it as an equality (3.0.24,
        // 3.11.10: rel_cql3inone).
        assert!(refusal((3, 0, 24), 1).is_some());
        assert_eq!(refusal((3, 11, 10), 1), None);
        assert!(refusal((3, 11, 10), 2).is_some());
    }

    #[test]
    fn clustering_refusals_in_each_release_words() {
        let words = |v| {
            let r = SelectRules::of_release(v);
            (
                r.preceding_unrestricted("d", "c").to_string(),
                r.in_not_last("c").to_string(),
                r.in_on_last_clustering_only,
            )
        };
        let (gap, inl, only_last) = words((1, 2, 19));
        assert_eq!(gap, "PRIMARY KEY part d cannot be restricted (preceding part c is either not restricted or by a non-EQ relation)");
        assert_eq!(
            inl,
            "PRIMARY KEY part c cannot be restricted by IN relation"
        );
        assert!(only_last);
        let (gap, inl, only_last) = words((2, 1, 22));
        assert_eq!(
            gap,
            "PRIMARY KEY column \"d\" cannot be restricted (preceding column \"c\" is not restricted)"
        );
        assert_eq!(
            inl,
            "Clustering column \"c\" cannot be restricted by an IN relation"
        );
        assert!(only_last);
        let (gap, _, only_last) = words((3, 0, 24));
        assert_eq!(
            gap,
            "PRIMARY KEY column \"d\" cannot be restricted as preceding column \"c\" is not restricted"
        );
        assert!(!only_last);
        assert!(SelectRules::of_release((2, 2, 19)).sort_then_reverse);
        assert!(!SelectRules::of_release((3, 0, 24)).sort_then_reverse);
    }

    #[test]
    fn releases_read_every_clustering_column_as_they_did() {
        let of = SelectRules::of_release;
        assert!(of((1, 2, 9)).reversed_full_prefix_empty);
        assert!(!of((1, 2, 19)).reversed_full_prefix_empty);
        assert!(!of((1, 2, 6)).reversed_full_prefix_empty);
        assert!(of((1, 2, 9)).names_in_in_order && of((1, 2, 9)).names_order_reversed);
        assert!(of((1, 2, 19)).names_in_in_order && !of((1, 2, 19)).names_order_reversed);
        assert!(!of((2, 0, 17)).names_in_in_order);
        assert!(of((2, 2, 19)).empty_key_sort_fails);
        assert!(!of((2, 1, 22)).empty_key_sort_fails && !of((3, 0, 24)).empty_key_sort_fails);
    }

    #[test]
    fn types_2_2_compared_by_bytes() {
        use super::compares_by_bytes;
        let native = |n| CqlType::Native(n);
        assert!(compares_by_bytes(&native(Native::Text)));
        assert!(compares_by_bytes(&native(Native::Blob)));
        assert!(!compares_by_bytes(&native(Native::Int)));
        assert!(!compares_by_bytes(&native(Native::SignedTimestamp)));
        let set = |e| CqlType::Frozen(Box::new(CqlType::Set(Box::new(native(e)))));
        assert!(compares_by_bytes(&set(Native::Ascii)));
        assert!(!compares_by_bytes(&set(Native::Uuid)));
        let custom = |c: &str| CqlType::Custom(c.into());
        assert!(compares_by_bytes(&custom(
            "org.apache.cassandra.db.marshal.BytesType"
        )));
        assert!(!compares_by_bytes(&custom(
            "org.apache.cassandra.db.marshal.LongType"
        )));
    }

    #[test]
    fn a_token_range_keeps_the_keys_it_holds_as_2_2_read_it() {
        use super::token_holds;
        use crate::partitioner::Token;
        use std::ops::Bound::{Excluded, Included, Unbounded};
        let t = Token::Long;
        assert!(token_holds(&(Excluded(t(1)), Unbounded), &t(2)));
        assert!(!token_holds(&(Excluded(t(1)), Unbounded), &t(1)));
        assert!(token_holds(&(Included(t(1)), Included(t(1))), &t(1)));
        assert!(!token_holds(&(Included(t(1)), Excluded(t(1))), &t(1)));
        // A start after the end wraps the ring.
        assert!(token_holds(&(Excluded(t(5)), Included(t(1))), &t(-9)));
        assert!(token_holds(&(Excluded(t(5)), Included(t(1))), &t(9)));
        assert!(!token_holds(&(Excluded(t(5)), Included(t(1))), &t(3)));
        let (old, new) = (
            SelectRules::of_release((2, 1, 22)),
            SelectRules::of_release((2, 2, 19)),
        );
        assert!(!old.token_filters_keys && new.token_filters_keys);
        assert!(!old.functions_in_system && new.functions_in_system);
    }
}
