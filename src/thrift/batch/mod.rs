//! A batch of mutations (`map<row key, map<column family, list<mutation>>>`)
//! taken in as it is read off the wire, one mutation at a time, for either
//! API generation: the shared bookkeeping of API 0.6's `batch_mutate` and
//! `batch_insert` (`api2::batch`) and 19.x's `batch_mutate` and
//! `atomic_batch_mutate` (`api19::batch`).
//!
//! Why: decoding a whole map first builds every mutation of the request (a
//! few hundred bytes each, however small on the wire) and converting it
//! then holds the engine ops beside them; here each mutation is validated
//! and converted by the generation's [`Rules`] as soon as it is read, so a
//! request's peak memory is its bytes, its engine ops and their commit-log
//! record.
//!
//! What must not change: the answers. Of several invalid mutations the one
//! reported is the first in the order of the decoded map (row key, then
//! column family, then list order), where a later duplicate key replaces an
//! earlier one; a row key's own error comes before those of its lists.
//! Nothing is applied here: [`Batch::into_entries`] hands the generation
//! the valid batch in map order, or its first error. This module reads no
//! bytes and knows no generation's types.
//!
//! Beside the batch itself: `order` (the order a release validated the
//! map in), `apply` (a valid batch into the engine, a bounded chunk at a
//! time) and `reply` (a void batch call's outcome on the wire), shared by
//! both generations' batch calls.

mod apply;
mod order;
mod reply;

pub use apply::{apply_in_chunks, APPLY_CHUNK_BYTES};
pub use reply::{void_outcome, write_reply, VoidOutcome};

use crate::thrift::error::ApiError;
use crate::thrift::wire::bounded::{self, OverBudget};
use order::{java_map_order, sorted_map_order};

/// What a generation checks and builds as a batch is read.
pub trait Rules {
    /// One mutation as the generation's reader produces it.
    type Mutation;
    /// A column family's list as opened: what its mutations are checked
    /// against (the resolved column family, say).
    type Cf;
    /// What one column family's list does (its engine ops, say).
    type Effect;

    /// Checks a row key as its entry starts.
    fn key(&self, key: &[u8]) -> Result<(), ApiError>;
    /// Opens the list of column family `name` under `key`.
    fn column_family(&self, key: &[u8], name: &str) -> Result<Self::Cf, ApiError>;
    /// What a list does before any of its mutations.
    fn effect(&self, cf: &Result<Self::Cf, ApiError>) -> Self::Effect;
    /// Validates one mutation of an open list and adds what it does to
    /// `effect`; the inner error is the mutation's validation error.
    fn mutation(
        &self,
        key: &[u8],
        cf_name: &str,
        cf: &Self::Cf,
        m: Self::Mutation,
        effect: &mut Self::Effect,
    ) -> Result<Result<(), ApiError>, OverBudget>;
    /// The error of a list refused as it opened, given its first mutation:
    /// `None` keeps it. (0.7 checked a mutation's shape before its column
    /// family.)
    fn refused_list(&self, _m: &Self::Mutation, _e: &ApiError) -> Option<ApiError> {
        None
    }
    /// Ends a list (it may still become an error).
    fn end_column_family(&self, cf: &mut Result<Self::Cf, ApiError>, effect: &mut Self::Effect);
    /// Whether the map is validated in a Java `HashMap`'s order (a real
    /// release's) rather than by sorted keys and names.
    fn java_map_order(&self) -> bool {
        false
    }
}

/// One column family's list of mutations for one map entry, as far as read.
struct Part<R: Rules> {
    /// Index of its row key's entry in [`Batch::keys`].
    entry: usize,
    cf_name: String,
    /// The list as opened, or its first validation error.
    cf: Result<R::Cf, ApiError>,
    effect: R::Effect,
    /// Whether a mutation of it has been read.
    read: bool,
}

/// A valid column family list, in map order.
pub struct List<R: Rules> {
    pub cf_name: String,
    pub cf: R::Cf,
    pub effect: R::Effect,
}

/// A row key of the decoded map and its lists, in map order.
pub struct Entry<R: Rules> {
    pub key: Vec<u8>,
    pub lists: Vec<List<R>>,
}

/// A batch being read.
///
/// Kept flat, in wire order (one entry per row key read, one part per
/// column family list), because per-key maps would cost far more than the
/// mutations of a batch of many small rows; [`Batch::into_entries`] sorts
/// it into the order of the decoded map.
pub struct Batch<R: Rules> {
    rules: R,
    /// The row key of each map entry, in wire order (repeats included).
    keys: Vec<Vec<u8>>,
    /// The entries whose row key itself is invalid (few, so kept apart).
    key_errors: Vec<(usize, ApiError)>,
    parts: Vec<Part<R>>,
}

impl<R: Rules> Batch<R> {
    pub fn new(rules: R) -> Self {
        Batch {
            rules,
            keys: Vec::new(),
            key_errors: Vec::new(),
            parts: Vec::new(),
        }
    }

    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The column families the batch mutates, each once, by name: what it
    /// must be allowed to modify.
    pub fn column_families(&self) -> Vec<String> {
        let names: std::collections::BTreeSet<&str> =
            self.parts.iter().map(|p| p.cf_name.as_str()).collect();
        names.into_iter().map(str::to_owned).collect()
    }

    /// Forgets everything read (a repeated map field replaces the earlier
    /// one, as in the generated readers).
    pub fn clear(&mut self) {
        self.keys.clear();
        self.key_errors.clear();
        self.parts.clear();
    }

    /// Starts the entry of a row key.
    pub fn key(&mut self, key: Vec<u8>) -> Result<(), OverBudget> {
        bounded::reserve(size_of::<Vec<u8>>())?;
        if let Err(e) = self.rules.key(&key) {
            self.key_errors.push((self.keys.len(), e));
        }
        self.keys.push(key);
        Ok(())
    }

    /// Starts the mutation list of a column family of the current key.
    pub fn column_family(&mut self, name: String) -> Result<(), OverBudget> {
        bounded::reserve(size_of::<Part<R>>())?;
        let Some(key) = self.keys.last() else {
            return Ok(());
        };
        let cf = self.rules.column_family(key, &name);
        let effect = self.rules.effect(&cf);
        self.parts.push(Part {
            entry: self.keys.len() - 1,
            cf_name: name,
            cf,
            effect,
            read: false,
        });
        Ok(())
    }

    /// Validates one mutation of the current column family and keeps what
    /// it does; after the list's first error the rest are only read.
    pub fn mutation(&mut self, m: R::Mutation) -> Result<(), OverBudget> {
        let Some(part) = self.parts.last_mut() else {
            return Ok(());
        };
        let first = !std::mem::replace(&mut part.read, true);
        let cf = match &part.cf {
            Ok(cf) => cf,
            Err(e) => {
                if let Some(e) = first.then(|| self.rules.refused_list(&m, e)).flatten() {
                    part.cf = Err(e);
                }
                return Ok(());
            }
        };
        let key = &self.keys[part.entry];
        if let Err(e) = self
            .rules
            .mutation(key, &part.cf_name, cf, m, &mut part.effect)?
        {
            part.cf = Err(e);
        }
        Ok(())
    }

    /// Ends the current column family's list.
    pub fn end_column_family(&mut self) {
        if let Some(part) = self.parts.last_mut() {
            self.rules.end_column_family(&mut part.cf, &mut part.effect);
        }
    }

    /// Whether the map held a row (an entry, with or without lists).
    pub fn has_rows(&self) -> bool {
        !self.keys.is_empty()
    }

    /// The refusal of a row key met, in the map's order, before any entry
    /// with a column family list: what a release that checked each entry's
    /// key before the lists' keyspace (0.7) reported first.
    pub fn key_error_before_lists(&self) -> Option<ApiError> {
        let (order, _) = if self.rules.java_map_order() {
            java_map_order(&self.keys, &self.parts)
        } else {
            sorted_map_order(&self.keys, &self.parts)
        };
        for e in order {
            if let Some((_, err)) = self.key_errors.iter().find(|(k, _)| *k == e) {
                return Some(err.clone());
            }
            if self.parts.iter().any(|p| p.entry == e) {
                return None;
            }
        }
        None
    }

    /// The entries of the decoded map, in its order (of repeated keys only
    /// the last entry counts, of repeated column families within it only the
    /// last list), or the first error in that order.
    pub fn into_entries(self) -> Result<(R, Vec<Entry<R>>), ApiError> {
        let (order, part_order) = if self.rules.java_map_order() {
            java_map_order(&self.keys, &self.parts)
        } else {
            sorted_map_order(&self.keys, &self.parts)
        };
        let parts = &self.parts;
        // The first error: an entry's key, then its lists.
        let mut lists = part_order.iter().peekable();
        for e in &order {
            if let Some((_, err)) = self.key_errors.iter().find(|(k, _)| k == e) {
                return Err(err.clone());
            }
            while let Some(p) = lists.next_if(|p| parts[**p].entry == *e) {
                if let Err(err) = &parts[*p].cf {
                    return Err(err.clone());
                }
            }
        }
        let Batch {
            rules,
            mut keys,
            parts,
            ..
        } = self;
        let mut slots: Vec<Option<Part<R>>> = parts.into_iter().map(Some).collect();
        let mut entries: Vec<Entry<R>> = order
            .iter()
            .map(|e| Entry {
                key: std::mem::take(&mut keys[*e]),
                lists: Vec::new(),
            })
            .collect();
        drop(keys);
        let mut at = 0;
        for p in part_order {
            let Some(part) = slots[p].take() else {
                continue;
            };
            while order[at] != part.entry {
                at += 1;
            }
            if let Ok(cf) = part.cf {
                entries[at].lists.push(List {
                    cf_name: part.cf_name,
                    cf,
                    effect: part.effect,
                });
            }
        }
        Ok((rules, entries))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys must not be "bad"; lists of column family "Bad" are invalid;
    /// a mutation "x" is invalid; the effect collects the mutations. Its
    /// flag: validated in a Java `HashMap`'s order.
    struct Toy(bool);

    impl Rules for Toy {
        type Mutation = &'static str;
        type Cf = ();
        type Effect = Vec<&'static str>;

        fn key(&self, key: &[u8]) -> Result<(), ApiError> {
            match key {
                b"bad" => Err(ApiError::invalid("bad key")),
                _ => Ok(()),
            }
        }
        fn column_family(&self, _key: &[u8], name: &str) -> Result<(), ApiError> {
            match name {
                "Bad" => Err(ApiError::invalid("bad cf")),
                _ => Ok(()),
            }
        }
        fn effect(&self, _cf: &Result<(), ApiError>) -> Vec<&'static str> {
            Vec::new()
        }
        fn mutation(
            &self,
            _key: &[u8],
            cf_name: &str,
            _cf: &(),
            m: &'static str,
            effect: &mut Vec<&'static str>,
        ) -> Result<Result<(), ApiError>, OverBudget> {
            if m == "x" {
                return Ok(Err(ApiError::invalid(format!("bad mutation in {cf_name}"))));
            }
            effect.push(m);
            Ok(Ok(()))
        }
        fn end_column_family(&self, _cf: &mut Result<(), ApiError>, _effect: &mut Vec<&str>) {}
        fn java_map_order(&self) -> bool {
            self.0
        }
    }

    /// Column family lists: a name and its mutations.
    type Lists<'a> = &'a [(&'a str, &'a [&'static str])];

    fn batch(entries: &[(&str, Lists<'_>)]) -> Batch<Toy> {
        fill(Batch::new(Toy(false)), entries)
    }

    fn fill(mut b: Batch<Toy>, entries: &[(&str, Lists<'_>)]) -> Batch<Toy> {
        for (key, lists) in entries {
            b.key(key.as_bytes().to_vec()).unwrap();
            for (cf, muts) in *lists {
                b.column_family(cf.to_string()).unwrap();
                for m in *muts {
                    b.mutation(m).unwrap();
                }
                b.end_column_family();
            }
        }
        b
    }

    fn why(b: Batch<Toy>) -> String {
        match b.into_entries() {
            Err(ApiError::InvalidRequest(why)) => why,
            Err(e) => panic!("{e:?}"),
            Ok(_) => "ok".into(),
        }
    }

    #[test]
    fn entries_come_in_map_order_with_later_duplicates_winning() {
        let b = batch(&[
            ("k2", &[("B", &["1"]), ("A", &["2"])]),
            ("k1", &[("A", &["3"])]),
            ("k2", &[("C", &["4"]), ("C", &["5", "6"])]),
        ]);
        let (_, entries) = b.into_entries().unwrap();
        type Seen = (String, Vec<(String, Vec<&'static str>)>);
        let seen: Vec<Seen> = entries
            .into_iter()
            .map(|e| {
                let lists = e.lists.into_iter().map(|l| (l.cf_name, l.effect)).collect();
                (String::from_utf8(e.key).unwrap(), lists)
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("k1".to_string(), vec![("A".to_string(), vec!["3"])]),
                ("k2".to_string(), vec![("C".to_string(), vec!["5", "6"])]),
            ]
        );
    }

    #[test]
    fn the_first_error_is_the_first_in_map_order() {
        assert_eq!(
            why(batch(&[("k2", &[("Bad", &[])]), ("k1", &[("A", &["x"])])])),
            "bad mutation in A"
        );
        // A key's own error comes before its lists'.
        assert_eq!(why(batch(&[("bad", &[("A", &["x"])])])), "bad key");
        // An entry replaced by a later one with the same key is not checked.
        assert_eq!(
            why(batch(&[("k", &[("Bad", &[])]), ("k", &[("A", &["1"])])])),
            "ok"
        );
        // A list's first invalid mutation is the one reported.
        assert_eq!(
            why(batch(&[("k", &[("A", &["1", "x", "Bad"])])])),
            "bad mutation in A"
        );
    }

    #[test]
    fn a_release_validated_in_its_hash_maps_order() {
        // ByteBuffer hashes: "u2" 2628 (bucket 4 of 8), "u1" 2597 (5),
        // "u4" 2690 (2): u4's list is checked first.
        let entries: &[(&str, Lists<'_>)] = &[
            ("u2", &[("A", &["x"])]),
            ("u1", &[("A", &["1"])]),
            ("u4", &[("B", &["x"])]),
        ];
        assert_eq!(
            why(fill(Batch::new(Toy(true)), entries)),
            "bad mutation in B"
        );
        assert_eq!(why(batch(entries)), "bad mutation in A");
        // Column families by String.hashCode ("B" 66 before "C" 67, in a
        // table of 8), a repeated one where it was first put, its last list.
        let lists: &[(&str, Lists<'_>)] = &[(
            "k",
            &[("C", &["x"]), ("B", &["1"]), ("C", &["2"]), ("B", &["3"])],
        )];
        let (_, got) = fill(Batch::new(Toy(true)), lists).into_entries().unwrap();
        let seen: Vec<(String, Vec<&str>)> = got[0]
            .lists
            .iter()
            .map(|l| (l.cf_name.clone(), l.effect.clone()))
            .collect();
        assert_eq!(
            seen,
            [("B".to_string(), vec!["3"]), ("C".to_string(), vec!["2"])]
        );
    }
}
