//! The partition-key Bloom filter: "is this key possibly in this SSTable?".
//!
//! Hand-written (about fifty lines) rather than taken from a crate because its
//! bits are part of the on-disk format: a crate upgrade that changed hashing
//! or serialization would silently turn every old filter into false
//! negatives. Hashing is Murmur3 x64-128 (the `murmur3` crate the partitioner
//! already uses) split into two 64-bit halves and combined by double hashing
//! (Kirsch and Mitzenmacher). It must not do I/O; the Filter component file
//! framing lives in `format`.

use std::io::Cursor;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct BloomFilter {
    hashes: u32,
    bits: Vec<u64>,
}

impl BloomFilter {
    /// Sized for `expected` keys at false-positive probability `fp_chance`.
    pub fn new(expected: usize, fp_chance: f64) -> Self {
        let n = expected.max(1) as f64;
        let ln2 = std::f64::consts::LN_2;
        let bits = (-n * fp_chance.ln() / (ln2 * ln2)).ceil().max(64.0);
        // Cap at 2^36 bits (8 GiB): a wild `expected` must not exhaust memory.
        let bits = bits.min((1u64 << 36) as f64) as u64;
        let hashes = ((bits as f64 / n) * ln2).round().clamp(1.0, 30.0) as u32;
        BloomFilter {
            hashes,
            bits: vec![0; bits.div_ceil(64) as usize],
        }
    }

    pub fn from_parts(hashes: u32, bits: Vec<u64>) -> Option<Self> {
        if hashes == 0 || hashes > 30 || bits.is_empty() {
            return None;
        }
        Some(BloomFilter { hashes, bits })
    }

    pub fn hashes(&self) -> u32 {
        self.hashes
    }

    pub fn words(&self) -> &[u64] {
        &self.bits
    }

    fn positions(&self, key: &[u8]) -> impl Iterator<Item = u64> {
        let h = murmur3::murmur3_x64_128(&mut Cursor::new(key), 0)
            .expect("reading from memory cannot fail");
        let (h1, h2) = (h as u64, (h >> 64) as u64);
        let nbits = self.bits.len() as u64 * 64;
        (0..u64::from(self.hashes)).map(move |i| h1.wrapping_add(i.wrapping_mul(h2)) % nbits)
    }

    pub fn add(&mut self, key: &[u8]) {
        let positions: Vec<u64> = self.positions(key).collect();
        for p in positions {
            self.bits[(p / 64) as usize] |= 1 << (p % 64);
        }
    }

    pub fn might_contain(&self, key: &[u8]) -> bool {
        self.positions(key)
            .all(|p| self.bits[(p / 64) as usize] & (1 << (p % 64)) != 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_false_negatives_and_a_sane_false_positive_rate() {
        let mut f = BloomFilter::new(10_000, 0.01);
        for i in 0..10_000u32 {
            f.add(format!("key{i}").as_bytes());
        }
        for i in 0..10_000u32 {
            assert!(f.might_contain(format!("key{i}").as_bytes()));
        }
        let fp = (0..100_000u32)
            .filter(|i| f.might_contain(format!("other{i}").as_bytes()))
            .count();
        let rate = fp as f64 / 100_000.0;
        assert!(
            rate < 0.02,
            "false-positive rate {rate} far above the 1% target"
        );
    }

    #[test]
    fn rejects_nonsense_parts() {
        assert!(BloomFilter::from_parts(0, vec![1]).is_none());
        assert!(BloomFilter::from_parts(3, vec![]).is_none());
        assert!(BloomFilter::from_parts(3, vec![0]).is_some());
    }
}
