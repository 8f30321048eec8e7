//! The order a batch's map is validated in: the decoded map's sorted
//! order, or the iteration order of the Java `HashMap`s a release's
//! generated readers built. Owns only orders of indexes; it neither
//! validates nor reads anything.

use super::{Part, Rules};
use crate::schema::javaorder;

/// The live entries (the last of each repeated key) and their live lists
/// (the last of each repeated column family), by key bytes, then column
/// family name: a map validated in the order of its sorted keys.
pub(super) fn sorted_map_order<R: Rules>(
    keys: &[Vec<u8>],
    parts: &[Part<R>],
) -> (Vec<usize>, Vec<usize>) {
    let mut order: Vec<usize> = (0..keys.len()).collect();
    order.sort_by(|a, b| keys[*a].cmp(&keys[*b]).then(a.cmp(b)));
    // The last of each run of equal keys is the live entry.
    let mut live = vec![false; keys.len()];
    for (i, e) in order.iter().enumerate() {
        live[*e] = order.get(i + 1).is_none_or(|next| keys[*next] != keys[*e]);
    }
    order.retain(|e| live[*e]);
    let mut part_order: Vec<usize> = (0..parts.len()).filter(|p| live[parts[*p].entry]).collect();
    part_order.sort_by(|a, b| {
        let (pa, pb) = (&parts[*a], &parts[*b]);
        keys[pa.entry]
            .cmp(&keys[pb.entry])
            .then_with(|| pa.cf_name.cmp(&pb.cf_name))
            .then(a.cmp(b))
    });
    part_order.dedup_by(|next, kept| {
        let same = parts[*next].entry == parts[*kept].entry
            && parts[*next].cf_name == parts[*kept].cf_name;
        if same {
            *kept = *next;
        }
        same
    });
    (order, part_order)
}

/// The live entries and lists in the order a Java 8 `HashMap` iterates
/// them, as the generated readers made the maps (`new HashMap<>(2 * n)`
/// for the `n` entries on the wire) and the releases validated them: a key
/// in the bucket of its `ByteBuffer.hashCode`, a column family in that of
/// its `String.hashCode`, each where it was first put (a later duplicate
/// replaces the value only).
pub(super) fn java_map_order<R: Rules>(
    keys: &[Vec<u8>],
    parts: &[Part<R>],
) -> (Vec<usize>, Vec<usize>) {
    let mut firsts: Vec<usize> = Vec::new();
    let mut lasts: Vec<usize> = Vec::new();
    let mut seen: std::collections::HashMap<&[u8], usize> = std::collections::HashMap::new();
    for (i, key) in keys.iter().enumerate() {
        match seen.get(key.as_slice()) {
            Some(&u) => lasts[u] = i,
            None => {
                seen.insert(key, firsts.len());
                firsts.push(i);
                lasts.push(i);
            }
        }
    }
    let hashes: Vec<i32> = firsts
        .iter()
        .map(|&f| javaorder::buffer_hash(&keys[f]))
        .collect();
    let order: Vec<usize> =
        javaorder::iteration_order(&hashes, javaorder::sized_capacity(2 * keys.len()))
            .into_iter()
            .map(|u| lasts[u])
            .collect();
    let mut by_entry: Vec<Vec<usize>> = vec![Vec::new(); keys.len()];
    for (p, part) in parts.iter().enumerate() {
        by_entry[part.entry].push(p);
    }
    let mut part_order = Vec::with_capacity(parts.len());
    for e in &order {
        let mut names: Vec<&str> = Vec::new();
        let mut live: Vec<usize> = Vec::new();
        for &p in &by_entry[*e] {
            match names.iter().position(|n| *n == parts[p].cf_name) {
                Some(u) => live[u] = p,
                None => {
                    names.push(&parts[p].cf_name);
                    live.push(p);
                }
            }
        }
        let hashes: Vec<i32> = names.iter().map(|n| javaorder::string_hash(n)).collect();
        let capacity = javaorder::sized_capacity(2 * by_entry[*e].len());
        part_order.extend(
            javaorder::iteration_order(&hashes, capacity)
                .into_iter()
                .map(|u| live[u]),
        );
    }
    (order, part_order)
}
