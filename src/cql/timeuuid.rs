//! Version-1 time UUIDs as Cassandra 1.2 generates them for CQL3: `now()`
//! and the cell names of list elements.
//!
//! Owns the two clocks 1.2.9 uses: a forward one (appends, `now()`), whose
//! ticks strictly increase so elements written in one statement get
//! consecutive UUIDs, and the backward "prepend" clock, which counts down
//! from 2010-01-01 so prepended elements sort before every appended one.
//! It must not read the wall clock itself: callers pass the time in, so
//! tests are reproducible.

/// 100-ns intervals between 1582-10-15 (the UUID epoch) and 1970-01-01.
const UUID_EPOCH_OFFSET: i64 = 0x01B2_1DD2_1381_4000;
/// 2010-01-01T00:00:00Z in milliseconds: the pivot of the prepend clock.
const PREPEND_REFERENCE_MILLIS: i64 = 1_262_304_000_000;
/// Sub-millisecond slots the prepend clock hands out, counting down.
const PREPEND_MAX_NANOS: i64 = 9999;

/// Generates time UUIDs; one per server (or per test) is enough.
#[derive(Debug, Clone)]
pub struct TimeUuidGenerator {
    clock_seq_and_node: u64,
    last_ticks: i64,
    prepend_last: Option<(i64, i64)>,
}

impl TimeUuidGenerator {
    /// `clock_seq_and_node` is the low 64 bits of every UUID (variant bits
    /// are forced); Cassandra derives it from the host address.
    pub fn new(clock_seq_and_node: u64) -> Self {
        let v = (clock_seq_and_node & 0x3fff_ffff_ffff_ffff) | 0x8000_0000_0000_0000;
        TimeUuidGenerator {
            clock_seq_and_node: v,
            last_ticks: 0,
            prepend_last: None,
        }
    }

    /// A UUID for wall time `now_millis`, strictly after any UUID this
    /// generator made before (consecutive ticks within one millisecond).
    pub fn next(&mut self, now_millis: i64) -> [u8; 16] {
        let mut ticks = now_millis.saturating_mul(10_000);
        if ticks <= self.last_ticks {
            ticks = self.last_ticks.saturating_add(1);
        }
        self.last_ticks = ticks;
        self.from_ticks(ticks)
    }

    /// A UUID for a prepended list element at wall time `now_millis`.
    /// Successive calls within one millisecond count *down*, which is why
    /// 1.2.9 stores `[8, 9] + l` as 9, 8, ... (reproduced on purpose).
    pub fn next_prepend(&mut self, now_millis: i64) -> [u8; 16] {
        let millis = PREPEND_REFERENCE_MILLIS
            .saturating_sub(now_millis.saturating_sub(PREPEND_REFERENCE_MILLIS));
        let nanos = match self.prepend_last {
            Some((m, n)) if m == millis && n > 0 => n - 1,
            Some((m, _)) if m == millis => PREPEND_MAX_NANOS,
            _ => PREPEND_MAX_NANOS,
        };
        self.prepend_last = Some((millis, nanos));
        self.from_ticks(millis.saturating_mul(10_000).saturating_add(nanos))
    }

    /// The UUID with Unix time `unix_ticks` (100-ns units) and this node.
    pub fn from_ticks(&self, unix_ticks: i64) -> [u8; 16] {
        uuid_from_parts(unix_ticks, self.clock_seq_and_node)
    }
}

/// A version-1 UUID from Unix 100-ns ticks and the low 64 bits.
pub fn uuid_from_parts(unix_ticks: i64, clock_seq_and_node: u64) -> [u8; 16] {
    // Out-of-range times wrap, as Java's long arithmetic does; never a panic.
    let t = unix_ticks.wrapping_add(UUID_EPOCH_OFFSET) as u64;
    let time_low = (t & 0xffff_ffff) as u32;
    let time_mid = ((t >> 32) & 0xffff) as u16;
    let time_hi = (((t >> 48) & 0x0fff) as u16) | 0x1000;
    let mut out = [0u8; 16];
    out[0..4].copy_from_slice(&time_low.to_be_bytes());
    out[4..6].copy_from_slice(&time_mid.to_be_bytes());
    out[6..8].copy_from_slice(&time_hi.to_be_bytes());
    out[8..16].copy_from_slice(&clock_seq_and_node.to_be_bytes());
    out
}

/// Unix milliseconds of a version-1 UUID (`dateOf`, `unixTimestampOf`);
/// `None` when the bytes are not a version-1 UUID.
pub fn unix_millis_of(uuid: &[u8]) -> Option<i64> {
    if uuid.len() != 16 || uuid[6] >> 4 != 1 {
        return None;
    }
    let time_low = u32::from_be_bytes([uuid[0], uuid[1], uuid[2], uuid[3]]) as u64;
    let time_mid = u16::from_be_bytes([uuid[4], uuid[5]]) as u64;
    let time_hi = (u16::from_be_bytes([uuid[6], uuid[7]]) & 0x0fff) as u64;
    let t = (time_hi << 48) | (time_mid << 32) | time_low;
    Some(
        (t as i64)
            .wrapping_sub(UUID_EPOCH_OFFSET)
            .div_euclid(10_000),
    )
}

/// `minTimeuuid(t)` / `maxTimeuuid(t)`: the smallest / largest v1 UUID of
/// that millisecond, as Cassandra defines them.
pub fn min_timeuuid(millis: i64) -> [u8; 16] {
    uuid_from_parts(millis.saturating_mul(10_000), 0x8080_8080_8080_8080)
}
pub fn max_timeuuid(millis: i64) -> [u8; 16] {
    uuid_from_parts(
        millis.saturating_mul(10_000).saturating_add(9_999),
        0x7f7f_7f7f_7f7f_7f7f,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn appends_are_consecutive_and_decode_to_their_time() {
        let mut g = TimeUuidGenerator::new(0x9387_4d68_ff3a_d20d);
        let a = g.next(1_795_289_830_328);
        let b = g.next(1_795_289_830_328);
        assert!(a < b);
        assert_eq!(a[6] >> 4, 1);
        assert_eq!(unix_millis_of(&a), Some(1_795_289_830_328));
        assert_eq!(&a[8..], &0x9387_4d68_ff3a_d20du64.to_be_bytes());
    }

    #[test]
    fn prepends_sort_before_appends_and_count_down() {
        let mut g = TimeUuidGenerator::new(1);
        let now = 1_795_289_831_109;
        let p1 = g.next_prepend(now);
        let p2 = g.next_prepend(now);
        let a = g.next(now);
        let ticks = |u: &[u8; 16]| unix_millis_of(u).unwrap();
        assert!(ticks(&p1) < ticks(&a));
        // time_hi of 2026's prepends reads 11cc..., as in the golden listing.
        assert_eq!(&p1[6..8], &[0x11, 0xcc]);
        assert!(p2 < p1);
    }
}
