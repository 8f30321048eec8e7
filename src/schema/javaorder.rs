//! Java 8 `HashMap` iteration order, the one model of it in the project.
//!
//! Cassandra built several answers from plain `HashMap`s, so clients saw
//! their iteration order: 0.6's keyspace and column family lists, 1.2's
//! per-table maps keyed by `ByteBuffer` (column metadata, the collections
//! inside `ColumnToCollectionType(...)`), and the maps the Java stubs quoted
//! in "Required field" errors. Java 8 iterates buckets in index order
//! (index = spread hash `h ^ h >>> 16` masked by the table size) and a
//! bucket in insertion order; tree bins (8 keys in one bucket) are not
//! modelled. This module only computes orders; it must not know any wire.

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
