//! The key order of high-scale-lib's `NonBlockingHashMap<String, _>`, the
//! map Cassandra 1.0 to 3.11 kept its keyspaces in (`Schema`), so the
//! order `describe_keyspaces` listed them in.
//!
//! The map is an open-addressed table of 32 slots at first (8 asked for,
//! four times as many made). A key goes to its spread hash's slot or, when
//! that holds another key, the next one (linear reprobing). A removed key
//! keeps its slot (its value is a tombstone), so it still pushes later
//! keys on, and a key put again takes its old slot back. The table is
//! replaced by a new one when a put reprobes `10 + slots / 4` times, or
//! claims a fresh slot after 10 reprobes once that many slots are taken:
//! the new table is twice as large when a quarter of the slots hold live
//! keys, four times when half do, as large otherwise (twice as large if
//! the last replacement was under ten seconds before and at least half the
//! claimed slots are dead); the live keys are copied over in slot order,
//! then the key being put. Iteration goes by slot.
//!
//! This module only models that order (checked against the library's own
//! jar with random sequences of puts and removes); it must not know
//! keyspaces or any wire.

use super::javaorder::string_hash;

/// The slots of a `new NonBlockingHashMap()`.
const FIRST_SLOTS: usize = 32;
/// Reprobes before a put needs a fresh table ...
const REPROBE_LIMIT: usize = 10;
/// ... and how recent the last fresh table must be for a non-growing one
/// to double all the same.
const RECENT_RESIZE_MS: u64 = 10_000;

/// high-scale-lib's spreading of a key's `hashCode` (a Wang/Jenkins mix).
fn spread(h: i32) -> i32 {
    let mut h = h;
    h = h.wrapping_add((h << 15) ^ (0xffff_cd7d_u32 as i32));
    h ^= ((h as u32) >> 10) as i32;
    h = h.wrapping_add(h << 3);
    h ^= ((h as u32) >> 6) as i32;
    h = h.wrapping_add((h << 2).wrapping_add(h << 14));
    h ^ ((h as u32) >> 16) as i32
}

/// A claimed slot: its key, and whether a value is there (not removed).
#[derive(Clone, Debug)]
struct Slot {
    key: String,
    live: bool,
}

/// The keys of one map, by slot.
#[derive(Clone, Debug)]
pub struct NonBlockingKeys {
    slots: Vec<Option<Slot>>,
    /// Slots holding a key, live or removed.
    claimed: usize,
    /// When the table was made or last replaced (milliseconds on the
    /// caller's clock); `None`: longer ago than any put cares about.
    last_resize_ms: Option<u64>,
}

impl NonBlockingKeys {
    /// An empty map made at `made_ms` (`None`: long before the first put).
    pub fn new(made_ms: Option<u64>) -> Self {
        NonBlockingKeys {
            slots: vec![None; FIRST_SLOTS],
            claimed: 0,
            last_resize_ms: made_ms,
        }
    }

    fn limit(&self) -> usize {
        REPROBE_LIMIT + (self.slots.len() >> 2)
    }

    /// `put(key, _)` at `now_ms`.
    pub fn put(&mut self, key: &str, now_ms: u64) {
        let mask = self.slots.len() - 1;
        let mut idx = (spread(string_hash(key)) as u32 as usize) & mask;
        let mut reprobes = 0;
        loop {
            match &mut self.slots[idx] {
                None => {
                    self.slots[idx] = Some(Slot {
                        key: key.to_string(),
                        live: false,
                    });
                    self.claimed += 1;
                    if reprobes >= REPROBE_LIMIT && self.claimed >= self.limit() {
                        // Full: the key's slot is claimed but holds no
                        // value yet, so the copy leaves it out.
                        self.resize(now_ms);
                        return self.put(key, now_ms);
                    }
                    if let Some(slot) = &mut self.slots[idx] {
                        slot.live = true;
                    }
                    return;
                }
                Some(slot) if slot.key == key => {
                    slot.live = true;
                    return;
                }
                Some(_) => {}
            }
            reprobes += 1;
            if reprobes >= self.limit() {
                self.resize(now_ms);
                return self.put(key, now_ms);
            }
            idx = (idx + 1) & mask;
        }
    }

    /// `remove(key)`: the key keeps its slot.
    pub fn remove(&mut self, key: &str) {
        if let Some(slot) = self.slots.iter_mut().flatten().find(|s| s.key == key) {
            slot.live = false;
        }
    }

    fn resize(&mut self, now_ms: u64) {
        let len = self.slots.len();
        let live = self.slots.iter().flatten().filter(|s| s.live).count();
        let mut size = live;
        if live >= len >> 2 {
            size = len << 1;
            if live >= len >> 1 {
                size = len << 2;
            }
        }
        let recent = self
            .last_resize_ms
            .is_some_and(|t| now_ms <= t + RECENT_RESIZE_MS);
        if size <= len && recent && self.claimed >= live << 1 {
            size = len << 1;
        }
        let size = size.max(len).next_power_of_two().max(8);
        let old = std::mem::replace(&mut self.slots, vec![None; size]);
        self.claimed = 0;
        for slot in old.into_iter().flatten().filter(|s| s.live) {
            self.put(&slot.key, now_ms);
        }
        self.last_resize_ms = Some(now_ms);
    }

    /// The live keys in the order the map iterates them.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.slots
            .iter()
            .flatten()
            .filter(|s| s.live)
            .map(|s| s.key.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs `+key` (put) and `-key` (remove) at `now_ms`, on a map made
    /// at `made_ms`.
    fn run(made_ms: Option<u64>, ops: &str, now_ms: u64) -> Vec<String> {
        let mut map = NonBlockingKeys::new(made_ms);
        for op in ops.split_whitespace() {
            let (sign, key) = op.split_at(1);
            if sign == "+" {
                map.put(key, now_ms);
            } else {
                map.remove(key);
            }
        }
        map.keys().map(str::to_string).collect()
    }

    const SYSTEM_3X: &str =
        "+system_schema +system +system_traces +system_distributed +system_auth";

    #[test]
    fn iterates_as_3_11_10_listed_its_keyspaces() {
        // describe_keyspaces of a real 3.11.10 (rel_connect): cv_r_connect
        // shares system_schema's slot and takes the next one.
        assert_eq!(
            run(None, &format!("{SYSTEM_3X} +cv_r_connect"), 0),
            [
                "system_distributed",
                "system",
                "system_schema",
                "cv_r_connect",
                "system_auth",
                "system_traces"
            ]
        );
    }

    #[test]
    fn iterates_as_2_0_17_listed_its_keyspaces() {
        // describe_keyspaces of real 2.0.17 (conformance/releases/cli):
        // CliDemo shares system_traces' slot and takes the next one.
        let expected = ["system", "system_traces", "CliDemo"];
        assert_eq!(run(None, "+system +system_traces +CliDemo", 0), expected);
        assert_eq!(
            run(None, "+CliDemo +system +system_traces", 0),
            ["system", "CliDemo", "system_traces"]
        );
    }

    #[test]
    fn removed_keys_keep_their_slots() {
        // What the library's jar (high-scale-lib 1.0.6, 3.x's lib/)
        // iterated. ks146 hashes to system_schema's slot (14), ks18 and
        // cv_r_connect to 14's successor taken then (15).
        let order = |ops: &str| run(None, &format!("{SYSTEM_3X} {ops}"), 0);
        let around = |mid: &[&'static str]| {
            let mut all = vec!["system_distributed", "system", "system_schema"];
            all.extend_from_slice(mid);
            all.extend(["system_auth", "system_traces"]);
            all
        };
        assert_eq!(order("+ks146 +ks18"), around(&["ks146", "ks18"]));
        // The removed cv_r_connect still holds slot 15.
        assert_eq!(
            order("+cv_r_connect -cv_r_connect +ks18 +ks146"),
            around(&["ks18", "ks146"])
        );
        // A key put again takes its old slot back.
        assert_eq!(
            order("+ks146 +cv_r_connect -ks146 +ks18 +ks146"),
            around(&["ks146", "cv_r_connect", "ks18"])
        );
    }

    #[test]
    fn a_full_table_grows_and_keeps_slot_order() {
        let puts: String = (0..30).map(|i| format!(" +ks{i}")).collect();
        let order = run(None, &format!("{SYSTEM_3X}{puts}"), 0);
        let jar = "ks18 ks4 ks26 ks13 ks14 ks29 system_distributed ks11 ks19 ks25 ks8 ks27 \
                   ks23 ks0 system_auth ks12 ks24 ks10 ks6 ks17 ks21 ks16 ks28 ks3 ks2 ks15 ks1 \
                   system ks20 system_schema ks22 ks7 ks5 system_traces ks9";
        assert_eq!(order, jar.split_whitespace().collect::<Vec<_>>());
    }

    #[test]
    fn a_table_of_dead_keys_is_made_anew_doubled_only_after_a_recent_one() {
        // 40 keyspaces made and dropped, then two: the table fills with
        // dead keys and is replaced (the jar, a map made 10 s before, and
        // one made just before).
        let churn: String = (0..40).map(|i| format!(" +k0_{i} -k0_{i}")).collect();
        let ops = format!("{SYSTEM_3X}{churn} +last0 +other");
        let long_ago = "system_distributed system system_schema last0 other system_auth \
                        system_traces";
        let recent = "last0 system_distributed system system_schema other system_auth \
                      system_traces";
        assert_eq!(
            run(None, &ops, 50_000),
            long_ago.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(
            run(Some(50_000), &ops, 50_000),
            recent.split_whitespace().collect::<Vec<_>>()
        );
        assert_eq!(
            run(Some(20_000), &ops, 50_000),
            long_ago.split_whitespace().collect::<Vec<_>>()
        );
    }
}
