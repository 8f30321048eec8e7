//! Java 8 `HashMap` iteration order, the one model of it in the project.
//!
//! Cassandra built several answers from plain `HashMap`s, so clients saw
//! their iteration order: 0.6's keyspace and column family lists, 1.2's
//! per-table maps keyed by `ByteBuffer` (column metadata, the collections
//! inside `ColumnToCollectionType(...)`), and the maps the Java stubs quoted
//! in "Required field" errors, and 0.7's to 1.0's column metadata
//! ([`HashMapModel`]). Java 8 iterates buckets in index order (index =
//! spread hash `h ^ h >>> 16` masked by the table size) and a bucket in
//! insertion order; tree bins (8 keys in one bucket) are not modelled.
//! The real releases compared with ran on OpenJDK 17 (17.0.15), whose
//! `HashMap` spreads and sizes as Java 8's did (its copy constructor
//! still sizes by `size / 0.75 + 1`, JDK 19's JDK-8281631 not in it).
//! This module only computes orders; it must not know any wire.

/// Java's `String.hashCode` (over UTF-16 code units).
pub fn string_hash(s: &str) -> i32 {
    s.encode_utf16()
        .fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(i32::from(c)))
}

/// `ByteBuffer.hashCode` of the buffer's remaining bytes: from the last
/// (signed) byte down, starting at 1.
pub fn buffer_hash(bytes: &[u8]) -> i32 {
    bytes.iter().rev().fold(1i32, |h, &b| {
        h.wrapping_mul(31).wrapping_add(i32::from(b as i8))
    })
}

/// The table size of a `new HashMap<>()` after `n` distinct puts: 16,
/// doubled whenever the size passes three quarters of it.
pub fn grown_capacity(n: usize) -> usize {
    let mut capacity = 16usize;
    while n * 4 > capacity * 3 {
        capacity *= 2;
    }
    capacity
}

/// The table size of a `new HashMap<>(initial)` (Java's `tableSizeFor`),
/// as long as it is not grown past it.
pub fn sized_capacity(initial: usize) -> usize {
    initial.max(1).next_power_of_two()
}

/// The iteration order of distinct keys with these hashes, put in this
/// order into a table of `capacity` buckets, as indices into `hashes`.
pub fn iteration_order(hashes: &[i32], capacity: usize) -> Vec<usize> {
    let bucket = |h: i32| {
        let h = h as u32;
        ((h ^ (h >> 16)) as usize) & (capacity - 1)
    };
    let mut idx: Vec<usize> = (0..hashes.len()).collect();
    // A stable sort keeps insertion order within a bucket.
    idx.sort_by_key(|&i| bucket(hashes[i]));
    idx
}

/// A Java 8 `HashMap` as far as its iteration order depends on it: the
/// table size, the resize threshold and the keys in the order they went
/// in (a bucket keeps that order through a resize, which splits it in
/// two). Removing a key never shrinks the table. Keys are `(hash, key)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HashMapModel<K> {
    /// 0 until the first put made the table.
    capacity: usize,
    /// `threshold` of the Java object (before the table exists: the size
    /// the first put makes it, 0 for the default 16).
    threshold: usize,
    keys: Vec<(i32, K)>,
}

impl<K: PartialEq> Default for HashMapModel<K> {
    fn default() -> Self {
        HashMapModel::new()
    }
}

impl<K: PartialEq> HashMapModel<K> {
    /// `new HashMap<>()`.
    pub fn new() -> Self {
        HashMapModel {
            capacity: 0,
            threshold: 0,
            keys: Vec::new(),
        }
    }

    /// `new HashMap<>(map)` of `map`'s entries in its iteration order
    /// (`putMapEntries` on an empty map: the table sized for them by
    /// `tableSizeFor(size / 0.75f + 1)`, JDK 8 to 17's rounding).
    pub fn copy_of(entries: impl IntoIterator<Item = (i32, K)>) -> Self {
        let entries: Vec<(i32, K)> = entries.into_iter().collect();
        let mut map = HashMapModel::new();
        if !entries.is_empty() {
            map.threshold = sized_capacity((entries.len() as f32 / 0.75 + 1.0) as usize);
        }
        for (hash, key) in entries {
            map.put(hash, key);
        }
        map
    }

    /// `put`: a key already in keeps its place.
    pub fn put(&mut self, hash: i32, key: K) {
        if self.keys.iter().any(|(_, k)| *k == key) {
            return;
        }
        if self.capacity == 0 {
            self.resize();
        }
        self.keys.push((hash, key));
        if self.keys.len() > self.threshold {
            self.resize();
        }
    }

    /// `remove`.
    pub fn remove(&mut self, key: &K) {
        self.keys.retain(|(_, k)| k != key);
    }

    /// Whether `key` is in.
    pub fn contains(&self, key: &K) -> bool {
        self.keys.iter().any(|(_, k)| k == key)
    }

    /// `HashMap.resize`: the first table (16, or the size a copy asked
    /// for), then doubling; the threshold doubles with the table from 16
    /// on, below that it is three quarters of it.
    fn resize(&mut self) {
        let (capacity, threshold) = if self.capacity > 0 {
            let capacity = self.capacity * 2;
            if self.capacity >= 16 {
                (capacity, self.threshold * 2)
            } else {
                (capacity, (capacity as f32 * 0.75) as usize)
            }
        } else if self.threshold > 0 {
            (self.threshold, (self.threshold as f32 * 0.75) as usize)
        } else {
            (16, 12)
        };
        self.capacity = capacity;
        self.threshold = threshold;
    }

    /// The keys in iteration order.
    pub fn iter(&self) -> impl Iterator<Item = &K> {
        let hashes: Vec<i32> = self.keys.iter().map(|(h, _)| *h).collect();
        iteration_order(&hashes, self.capacity.max(1))
            .into_iter()
            .map(move |i| &self.keys[i].1)
    }
}

/// The iteration order of a default `HashMap` keyed by these distinct byte
/// strings (`ByteBuffer` keys), as indices into `keys`.
pub fn java_hashmap_order(keys: &[&[u8]]) -> Vec<usize> {
    let hashes: Vec<i32> = keys.iter().map(|k| buffer_hash(k)).collect();
    iteration_order(&hashes, grown_capacity(keys.len()))
}

/// The order a default `HashMap<String, _>` iterates `keys`, given in
/// insertion order; a repeated key keeps its first place.
pub fn string_hashmap_order<'a>(keys: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut unique: Vec<&str> = Vec::new();
    for k in keys {
        if !unique.contains(&k) {
            unique.push(k);
        }
    }
    let hashes: Vec<i32> = unique.iter().map(|k| string_hash(k)).collect();
    iteration_order(&hashes, grown_capacity(unique.len()))
        .into_iter()
        .map(|i| unique[i])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_java_s() {
        // "hello".hashCode() and ByteBuffer.wrap({1, 2, -1}).hashCode() in Java.
        assert_eq!(string_hash("hello"), 99_162_322);
        assert_eq!(buffer_hash(&[1, 2, 0xff]), ((31 - 1) * 31 + 2) * 31 + 1);
        assert_eq!(string_hash("é"), 0xe9);
    }

    #[test]
    fn capacities_grow_and_round_as_java_s() {
        assert_eq!(grown_capacity(0), 16);
        assert_eq!(grown_capacity(12), 16);
        assert_eq!(grown_capacity(13), 32);
        assert_eq!(sized_capacity(0), 1);
        assert_eq!(sized_capacity(6), 8);
        assert_eq!(sized_capacity(16), 16);
    }

    #[test]
    fn a_model_map_sizes_and_grows_as_jdk_17_s() {
        // Table sizes OpenJDK 17.0.15 gave `new HashMap<>(map)` of n
        // entries: 1 -> 2, 2 -> 4, 3 -> 8, 6 -> 16, 12 -> 32.
        for (n, capacity) in [(1, 2), (2, 4), (3, 8), (5, 8), (6, 16), (12, 32)] {
            let map = HashMapModel::copy_of((0..n).map(|i| (i, i)));
            assert_eq!(map.capacity, capacity, "{n} entries");
        }
        // Two entries (4 buckets, threshold 3): a third goes in without a
        // resize, a fourth doubles the table.
        let mut map = HashMapModel::copy_of([(4, "a"), (1, "b")]);
        map.put(2, "c");
        assert_eq!(map.iter().copied().collect::<Vec<_>>(), ["a", "b", "c"]);
        map.put(5, "d");
        assert_eq!(map.capacity, 8);
        assert_eq!(
            map.iter().copied().collect::<Vec<_>>(),
            ["b", "c", "a", "d"]
        );
        map.remove(&"b");
        assert!(!map.contains(&"b") && map.capacity == 8);
        // `new HashMap<>()`: 16 buckets at the first put.
        let mut fresh = HashMapModel::new();
        fresh.put(17, "x");
        fresh.put(1, "y");
        assert_eq!(fresh.iter().copied().collect::<Vec<_>>(), ["x", "y"]);
    }

    #[test]
    fn string_keys_match_the_recorded_0_6_8_replies() {
        // describe_keyspaces and describe_keyspace("CT") of Cassandra 0.6.8.
        assert_eq!(
            string_hashmap_order(["system", "CT", "Blog", "Other", "CT"]),
            ["CT", "system", "Blog", "Other"]
        );
        let cfs = [
            "StdBytes",
            "StdAscii",
            "StdUTF8",
            "StdLong",
            "StdLexUUID",
            "StdTimeUUID",
            "RangeAll",
            "RangeDel",
            "SupBytes",
            "SupUTF8Long",
            "SupLongUTF8",
            "SupTimeUUID",
            "SupAsciiTimeUUID",
            "SupLexUUIDAscii",
            "SupBytesLexUUID",
            "RangeAllSuper",
        ];
        assert_eq!(
            string_hashmap_order(cfs),
            [
                "SupBytesLexUUID",
                "RangeDel",
                "StdLong",
                "SupLongUTF8",
                "RangeAll",
                "SupBytes",
                "StdLexUUID",
                "SupLexUUIDAscii",
                "StdAscii",
                "RangeAllSuper",
                "StdUTF8",
                "SupUTF8Long",
                "SupTimeUUID",
                "StdTimeUUID",
                "StdBytes",
                "SupAsciiTimeUUID",
            ]
        );
    }

    #[test]
    fn byte_keys_match_the_recorded_1_2_9_order() {
        // The collections of a CQL3 table in 1.2.9's comparator string.
        assert_eq!(java_hashmap_order(&[b"l", b"s", b"m"]), vec![1, 0, 2]);
        assert_eq!(java_hashmap_order(&[b"v1", b"v2"]), vec![1, 0]);
    }

    #[test]
    fn string_maps_iterate_as_java_8_did() {
        assert_eq!(string_hash("First"), 67887760);
        let names = ["First", "Second", "Sup"];
        let order = string_hashmap_order(names);
        assert_eq!(order, ["Second", "First", "Sup"]);
        // 1.1.12's system keyspace (in its declaration order), as it listed it.
        let system = [
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
        ];
        let order = string_hashmap_order(system);
        assert_eq!(
            order,
            [
                "Versions",
                "HintsColumnFamily",
                "NodeIdInfo",
                "Migrations",
                "Schema",
                "schema_columnfamilies",
                "IndexInfo",
                "schema_keyspaces",
                "schema_columns",
                "LocationInfo"
            ]
        );
    }
}
