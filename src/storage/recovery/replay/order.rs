//! The replay order: every record's key read, decorated and packed as the
//! memtable orders rows (`arena::row_key`), on two threads (a record that
//! carries its key's hashed token, see `codec`, is not hashed again), and
//! the records sorted by that key, records of one key in log order. It
//! must not decode records beyond their keys.

use super::{prefetch, AHEAD};
use crate::partitioner::PartitionerRef;
use crate::storage::codec::logged_key;
use crate::storage::commitlog::{Position, RawRecords, RecordRef};

/// One record's place in the replay order: its packed row key (in `keys`),
/// its position and its payload. Everything replay needs of the record is
/// here, so visiting records in key order costs one load from memory for
/// the key and one for the payload, both asked for ahead (`prefetch`), and
/// none for a `RecordRef` in between.
#[derive(Clone, Copy)]
pub(super) struct Ordered<'a> {
    /// The packed key's first 8 bytes, big-endian: most comparisons end here.
    pub prefix: u64,
    pub start: usize,
    pub len: u32,
    pub position: Position,
    pub payload: &'a [u8],
}

/// The records' packed keys and their replay order. The keys are read and
/// decorated (a hash per key) on two threads, each over half the records.
pub(super) fn order<'a>(
    partitioner: &PartitionerRef,
    raw: &'a RawRecords,
) -> (Vec<u8>, Vec<Ordered<'a>>) {
    let records = &raw.records;
    let half = records.len() / 2;
    let (mut first, mut second) = std::thread::scope(|scope| {
        let second = scope.spawn(|| pack_keys(partitioner, raw, &records[half..], 0));
        // Room for every key, so the second half's go in without a move.
        let first = pack_keys(partitioner, raw, &records[..half], records.len());
        (
            first,
            second.join().expect("the key-packing thread panicked"),
        )
    });
    let base = first.0.len();
    first.0.extend_from_slice(&second.0);
    for o in &mut second.1 {
        o.start += base;
    }
    let order = sort(&first.0, &[first.1, second.1]);
    (first.0, order)
}

/// `order` cut into up to `n` consecutive parts of about the same length,
/// each cut moved forward past the records of the key before it (so one
/// key's records stay in one part, in log order). Parts may be empty.
pub(super) fn key_ranges<'o, 'a>(
    keys: &[u8],
    order: &'o [Ordered<'a>],
    n: usize,
) -> Vec<&'o [Ordered<'a>]> {
    let key = |o: &Ordered| &keys[o.start..o.start + o.len as usize];
    let mut cuts = vec![0];
    for i in 1..n {
        let mut at = (order.len() * i / n).max(cuts[cuts.len() - 1]);
        while at > 0 && at < order.len() && key(&order[at]) == key(&order[at - 1]) {
            at += 1;
        }
        cuts.push(at);
    }
    cuts.push(order.len());
    cuts.windows(2).map(|w| &order[w[0]..w[1]]).collect()
}

/// Buckets for `sort`'s first pass (a power of two).
const BUCKETS: usize = 1 << 16;

/// Sorts the entries of `parts` together by packed key, then position.
/// First a counting pass and one move of every entry into buckets by where
/// its prefix lies between
/// the least and greatest prefix (tokens of a hashing partitioner spread
/// evenly, so each bucket holds a handful), then a comparison sort of each
/// bucket: two passes over the entries instead of a comparison sort's
/// twenty. Keys that share their first 8 bytes land in one bucket and are
/// sorted there. The entries are gathered into the sorted vector by where
/// each comes from (4 bytes an entry), so that vector is written once, and
/// neither it nor the parts are copied whole first.
fn sort<'a>(keys: &[u8], parts: &[Vec<Ordered<'a>>]) -> Vec<Ordered<'a>> {
    let key = |o: &Ordered| &keys[o.start..o.start + o.len as usize];
    let by_key = |x: &Ordered, y: &Ordered| {
        x.prefix
            .cmp(&y.prefix)
            .then_with(|| key(x).cmp(key(y)))
            .then(x.position.cmp(&y.position))
    };
    let all = || parts.iter().flatten();
    let (Some(lo), Some(hi)) = (all().map(|o| o.prefix).min(), all().map(|o| o.prefix).max())
    else {
        return Vec::new();
    };
    // The bucket of a prefix: its distance from the least, cut to 16 bits
    // (a monotonic map, so buckets are in key order).
    let shift = (64 - (hi - lo).leading_zeros()).saturating_sub(BUCKETS.trailing_zeros());
    let bucket = |o: &Ordered| ((o.prefix - lo) >> shift) as usize;
    let mut starts = vec![0u32; BUCKETS + 1];
    for o in all() {
        starts[bucket(o) + 1] += 1;
    }
    let mut sum = 0;
    for s in &mut starts {
        sum += *s;
        *s = sum;
    }
    let mut next = starts.clone();
    let mut from = vec![0u32; sum as usize];
    for (i, o) in all().enumerate() {
        let at = &mut next[bucket(o)];
        from[*at as usize] = i as u32;
        *at += 1;
    }
    // Where each part's entries start among all of them.
    let firsts: Vec<usize> = parts
        .iter()
        .scan(0, |n, p| {
            let first = *n;
            *n += p.len();
            Some(first)
        })
        .collect();
    let entry = |i: u32| {
        let i = i as usize;
        let p = firsts.partition_point(|&f| f <= i) - 1;
        parts[p][i - firsts[p]]
    };
    let mut sorted: Vec<Ordered<'a>> = from.iter().map(|&i| entry(i)).collect();
    for w in starts.windows(2) {
        let part = &mut sorted[w[0] as usize..w[1] as usize];
        if part.len() > 1 {
            part.sort_unstable_by(by_key);
        }
    }
    sorted
}

/// Packs the row key of each of `records` into one buffer. A record whose
/// key does not decode gets an empty key; decoding it in full later says
/// what is wrong.
fn pack_keys<'a>(
    partitioner: &PartitionerRef,
    raw: &'a RawRecords,
    records: &[RecordRef],
    room_for: usize,
) -> (Vec<u8>, Vec<Ordered<'a>>) {
    // About 40 bytes a packed key (a token and a short key); only what is
    // written is touched.
    let mut keys = Vec::with_capacity(records.len().max(room_for) * 40);
    let mut order = Vec::with_capacity(records.len());
    // What this partitioner's token packs to (`row_key::token_part`) when
    // it is hashed: a record that carries a token of that tag and length
    // was written under this partitioner, and its token is taken as
    // written (its checksum held). Anything else is hashed here.
    let mut expected = Vec::new();
    let hashed = crate::storage::memtable::arena::row_key::token_part(
        &partitioner.token(&[]),
        &mut expected,
    );
    let carried =
        |token: &[u8]| hashed && token.len() == expected.len() && token.first() == expected.first();
    // The last record's key and where its packed form starts: a key
    // written again straight after (a wide row filled column by column, a
    // batch's mutations of one row) reuses its token, not hashed again.
    let mut last: Option<(&[u8], usize)> = None;
    for (i, r) in records.iter().enumerate() {
        if let Some(ahead) = records.get(i + AHEAD) {
            prefetch(&raw.payload(ahead)[..raw.payload(ahead).len().min(64)]);
        }
        let start = keys.len();
        let payload = raw.payload(r);
        if let Ok((key, token)) = logged_key(payload) {
            match last {
                _ if carried(token) => {
                    keys.extend_from_slice(token);
                    keys.extend_from_slice(key);
                }
                Some((k, at)) if k == key => keys.extend_from_within(at..start),
                _ => crate::storage::memtable::arena::row_key::pack_parts(
                    &partitioner.token(key),
                    key,
                    &mut keys,
                ),
            }
            last = Some((key, start));
        } else {
            last = None;
        }
        let packed = &keys[start..];
        let mut prefix = [0u8; 8];
        let n = packed.len().min(8);
        prefix[..n].copy_from_slice(&packed[..n]);
        order.push(Ordered {
            prefix: u64::from_be_bytes(prefix),
            start,
            len: packed.len() as u32,
            position: r.position,
            payload,
        });
    }
    (keys, order)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Entries for packed keys `ks` (positions in the given order).
    fn entries(ks: &[Vec<u8>]) -> (Vec<u8>, Vec<Ordered<'static>>) {
        let mut keys = Vec::new();
        let mut order = Vec::new();
        for (i, k) in ks.iter().enumerate() {
            let start = keys.len();
            keys.extend_from_slice(k);
            let mut prefix = [0u8; 8];
            let n = k.len().min(8);
            prefix[..n].copy_from_slice(&k[..n]);
            order.push(Ordered {
                prefix: u64::from_be_bytes(prefix),
                start,
                len: k.len() as u32,
                position: Position {
                    segment: 1,
                    offset: i as u64,
                },
                payload: &[],
            });
        }
        (keys, order)
    }

    /// The bucketed sort gives the comparison sort's order, for keys spread
    /// like tokens, keys sharing long prefixes, repeated keys (kept in log
    /// order), keys shorter than a prefix, and none at all.
    /// Key ranges cover the order, in order, and never part two records of
    /// one key, whatever the keys repeat.
    #[test]
    fn key_ranges_keep_each_key_whole() {
        for (ks, n) in [
            (
                (0..1000u32)
                    .map(|k| vec![(k / 7) as u8, 1])
                    .collect::<Vec<_>>(),
                2,
            ),
            ((0..10u32).map(|_| vec![5u8]).collect(), 3),
            ((0..10u32).map(|k| vec![k as u8]).collect(), 4),
            (vec![], 2),
            (vec![vec![1u8]], 4),
        ] {
            let (keys, order) = entries(&ks);
            let ranges = key_ranges(&keys, &order, n);
            assert_eq!(ranges.len(), n);
            let key = |o: &Ordered| keys[o.start..o.start + o.len as usize].to_vec();
            let joined: Vec<_> = ranges
                .iter()
                .flat_map(|r| r.iter().map(|o| o.position))
                .collect();
            assert_eq!(joined, order.iter().map(|o| o.position).collect::<Vec<_>>());
            for w in ranges.windows(2) {
                if let (Some(a), Some(b)) = (w[0].last(), w[1].first()) {
                    assert_ne!(key(a), key(b));
                }
            }
        }
        let (keys, order) = entries(
            &(0..1000u32)
                .map(|k| k.to_be_bytes().to_vec())
                .collect::<Vec<_>>(),
        );
        assert!(key_ranges(&keys, &order, 2).iter().all(|r| r.len() == 500));
    }

    #[test]
    fn bucketed_sort_matches_a_comparison_sort() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let spread: Vec<Vec<u8>> = (0..5000)
            .map(|_| {
                let mut k = vec![1];
                k.extend_from_slice(&next().to_be_bytes());
                k.extend_from_slice(&(next() % 50).to_be_bytes());
                k
            })
            .collect();
        let shared: Vec<Vec<u8>> = (0..3000)
            .map(|_| format!("user00000000{:04}", next() % 700).into_bytes())
            .collect();
        let short: Vec<Vec<u8>> = (0..500)
            .map(|_| (0..next() % 10).map(|_| (next() % 3) as u8).collect())
            .collect();
        let at = |v: &[Ordered]| v.iter().map(|o| o.position).collect::<Vec<_>>();
        for ks in [spread, shared, short, vec![], vec![vec![7; 3]]] {
            let (keys, order) = entries(&ks);
            let mut want = order.clone();
            want.sort_by(|x, y| {
                keys[x.start..x.start + x.len as usize]
                    .cmp(&keys[y.start..y.start + y.len as usize])
                    .then(x.position.cmp(&y.position))
            });
            let cut = order.len() / 3;
            let got = sort(&keys, &[order[..cut].to_vec(), order[cut..].to_vec()]);
            assert_eq!(at(&sort(&keys, &[vec![], order.clone()])), at(&want));
            assert_eq!(at(&got), at(&want));
        }
    }
}
