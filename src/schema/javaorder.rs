//! Java 8 `HashMap` iteration order for byte-string keys.
//!
//! Cassandra 1.2 kept several per-table maps keyed by `ByteBuffer` in plain
//! `HashMap`s (a column family's column metadata, the collections of a CQL3
//! table), so what it sent or printed came out in their iteration order.
//! This module only computes that order; it must not know any wire.

/// The iteration order of a Java `HashMap` keyed by these byte strings
/// (`ByteBuffer.hashCode`, Java 8 hash spreading, default capacity and
/// load factor), as indices into `keys`. Cassandra 1.2 let such maps decide
/// the order inside `ColumnToCollectionType(...)` and some messages.
pub fn java_hashmap_order(keys: &[&[u8]]) -> Vec<usize> {
    let mut capacity = 16usize;
    while keys.len() * 4 > capacity * 3 {
        capacity *= 2;
    }
    let bucket = |k: &[u8]| {
        let mut h: i32 = 1;
        for &b in k.iter().rev() {
            h = h.wrapping_mul(31).wrapping_add(b as i8 as i32);
        }
        let h = h ^ ((h as u32) >> 16) as i32;
        (h as u32 as usize) & (capacity - 1)
    };
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by_key(|&i| bucket(keys[i]));
    idx
}
