//! Java's `java.text.Collator.getInstance(Locale.US)` collation keys: the
//! bytes `getCollationKey(text).toByteArray()` returns, which Cassandra 0.6's
//! CollatingOrderPreservingPartitioner used as tokens.
//!
//! The JDK's en_US collator is a `RuleBasedCollator` built from Java's own
//! (pre-UCA) rules, at tertiary strength without decomposition. Its order is
//! not ICU's or the Unicode Collation Algorithm's (hyphens and many other
//! marks are ignorable at the primary level, `_` sorts before `,`, unmapped
//! characters sort by code unit after everything else), and its tokens are
//! the exact key bytes, so no collation crate can stand in for it.
//! `collation_en_us.txt` is the JDK's answer for every character, generated
//! by `scripts/gen-collation-table.sh`, which refuses to write a table that
//! does not reproduce the JDK's keys; this module turns a string into the
//! same key the way the JDK assembles it:
//!
//! - each character (or contraction) yields collation elements, 32 bits
//!   each: primary (16), secondary (8), tertiary (8);
//! - an element with a primary adds `primary + 1` to the primary level and
//!   `secondary + 1`, `tertiary + 1` to the other two;
//! - a primary-ignorable element adds only its non-zero secondary and
//!   tertiary, raised by the table's `max_secondary` / `max_tertiary`;
//! - the key is the three levels as UTF-16 code units, separated by a zero
//!   unit, written big-endian.
//!
//! It must not know about tokens or the ring; that is the partitioner's.

use std::collections::HashMap;
use std::sync::OnceLock;

const TABLE: &str = include_str!("collation_en_us.txt");

/// A contraction: the whole character sequence and its elements.
type Contraction = (Vec<u32>, Vec<u32>);

/// The parsed `collation_en_us.txt`.
struct Table {
    max_secondary: u16,
    max_tertiary: u16,
    /// Planes whose characters take the entry of the BMP character with the
    /// same low 16 bits (a quirk of the JDK's character index).
    alias_planes: Vec<u32>,
    /// Character -> its elements, as a range of `orders`.
    entries: HashMap<u32, (usize, usize)>,
    /// First character -> (whole sequence, elements), longest first.
    contractions: HashMap<u32, Vec<Contraction>>,
    orders: Vec<u32>,
}

fn hex_u32(text: &str) -> Result<u32, String> {
    u32::from_str_radix(text, 16).map_err(|e| format!("{text:?}: {e}"))
}

fn parse_orders(text: &str) -> Result<Vec<u32>, String> {
    text.split_whitespace().map(hex_u32).collect()
}

impl Table {
    fn parse(text: &str) -> Result<Table, String> {
        let mut t = Table {
            max_secondary: 0,
            max_tertiary: 0,
            alias_planes: Vec::new(),
            entries: HashMap::new(),
            contractions: HashMap::new(),
            orders: Vec::new(),
        };
        for (n, line) in text.lines().enumerate() {
            let at = |e: String| format!("collation_en_us.txt line {}: {e}", n + 1);
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
            match head {
                "max_secondary" | "max_tertiary" => {
                    let v = u16::try_from(hex_u32(rest.trim()).map_err(at)?)
                        .map_err(|e| at(e.to_string()))?;
                    if head == "max_secondary" {
                        t.max_secondary = v;
                    } else {
                        t.max_tertiary = v;
                    }
                }
                "alias_planes" => {
                    for p in rest.split_whitespace() {
                        t.alias_planes
                            .push(p.parse().map_err(|e| at(format!("{p:?}: {e}")))?);
                    }
                }
                "contraction" => {
                    let (seq, orders) = rest.split_once('=').ok_or_else(|| at("no '='".into()))?;
                    let seq = parse_orders(seq).map_err(at)?;
                    let first = *seq.first().ok_or_else(|| at("empty sequence".into()))?;
                    let list = t.contractions.entry(first).or_default();
                    list.push((seq, parse_orders(orders).map_err(at)?));
                    list.sort_by_key(|c| std::cmp::Reverse(c.0.len()));
                }
                cp => {
                    let orders = rest
                        .trim()
                        .strip_prefix('=')
                        .ok_or_else(|| at("no '='".into()))?;
                    let orders = parse_orders(orders).map_err(at)?;
                    let start = t.orders.len();
                    t.orders.extend(orders);
                    t.entries
                        .insert(hex_u32(cp).map_err(at)?, (start, t.orders.len()));
                }
            }
        }
        if t.entries.is_empty() {
            return Err("collation_en_us.txt has no entries".into());
        }
        Ok(t)
    }

    fn entry(&self, cp: u32) -> Option<&[u32]> {
        self.entries.get(&cp).map(|&(s, e)| &self.orders[s..e])
    }

    /// The elements of one character, written into `buf` when computed.
    fn char_orders<'a>(&'a self, cp: u32, buf: &'a mut [u32; 3]) -> &'a [u32] {
        if let Some(o) = self.entry(cp) {
            return o;
        }
        if self.alias_planes.contains(&(cp >> 16)) {
            if let Some(o) = self.entry(cp & 0xFFFF) {
                return o;
            }
        }
        // Unmapped: a marker element, then one element per UTF-16 unit.
        buf[0] = 0x7FFF_0000;
        let mut units = [0u16; 2];
        let n = char::from_u32(cp).map_or(0, |c| c.encode_utf16(&mut units).len());
        for (slot, unit) in buf[1..].iter_mut().zip(&units[..n]) {
            *slot = u32::from(*unit) << 16;
        }
        &buf[..=n]
    }
}

fn table() -> &'static Table {
    static TABLE_CELL: OnceLock<Table> = OnceLock::new();
    // The table is part of the binary and checked by the unit tests.
    TABLE_CELL.get_or_init(|| Table::parse(TABLE).unwrap_or_else(|e| panic!("{e}")))
}

/// `Collator.getInstance(Locale.US).getCollationKey(text).toByteArray()`.
pub fn collation_key(text: &str) -> Vec<u8> {
    let t = table();
    let cps: Vec<u32> = text.chars().map(u32::from).collect();
    let (mut primary, mut secondary, mut tertiary) = (Vec::new(), Vec::new(), Vec::new());
    let mut buf = [0u32; 3];
    let mut i = 0;
    while i < cps.len() {
        let contraction = t.contractions.get(&cps[i]).and_then(|list| {
            list.iter()
                .find(|(seq, _)| cps[i..].starts_with(seq))
                .map(|(seq, orders)| (orders.as_slice(), seq.len()))
        });
        let (orders, used) = match contraction {
            Some(found) => found,
            None => (t.char_orders(cps[i], &mut buf), 1),
        };
        for &order in orders {
            // Java keeps each level in a `char`: the additions wrap at 16 bits.
            let p = (order >> 16) as u16;
            let s = ((order >> 8) & 0xFF) as u16;
            let te = (order & 0xFF) as u16;
            if p != 0 {
                primary.push(p.wrapping_add(1));
                secondary.push(s.wrapping_add(1));
                tertiary.push(te.wrapping_add(1));
            } else {
                if s != 0 {
                    secondary.push(s.wrapping_add(t.max_secondary).wrapping_add(1));
                }
                if te != 0 {
                    tertiary.push(te.wrapping_add(t.max_tertiary).wrapping_add(1));
                }
            }
        }
        i += used;
    }
    let units = primary
        .into_iter()
        .chain([0])
        .chain(secondary)
        .chain([0])
        .chain(tertiary);
    units.flat_map(u16::to_be_bytes).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marshal::{bytes_to_hex, hex_to_bytes};

    #[test]
    fn the_table_parses() {
        let t = Table::parse(TABLE).unwrap();
        assert!(t.entries.len() > 800, "{} entries", t.entries.len());
        assert_eq!(t.alias_planes, [4, 8, 12, 16]);
        assert!(Table::parse("0041 00520001\n").is_err());
        assert!(Table::parse("max_secondary zz\n0041 = 1").is_err());
    }

    #[test]
    fn keys_cassandra_0_6_tests_name() {
        // test_server.py's test_wrapped_range_slices ("generated from Java").
        for (key, token) in [
            ("a", "00530000000100000001"),
            ("b", "00540000000100000001"),
            ("c", "00550000000100000001"),
            ("d", "00560000000100000001"),
            ("e", "00580000000100000001"),
        ] {
            assert_eq!(bytes_to_hex(&collation_key(key)), token, "{key}");
        }
        assert_eq!(collation_key(""), [0, 0, 0, 0]);
    }

    /// Every key of the vector file (made by the JDK) gets the JDK's bytes,
    /// and the file's order is the order of those bytes.
    #[test]
    fn jdk_vectors() {
        let data = include_str!("collation_vectors.txt");
        let mut previous: Option<(Vec<u8>, Vec<u8>)> = None;
        let mut checked = 0;
        for line in data.lines().filter(|l| !l.starts_with('#')) {
            let (key, want) = line.split_once(' ').expect("two fields");
            let key = hex_to_bytes(key).unwrap();
            let text = String::from_utf8(key.clone()).unwrap();
            let got = collation_key(&text);
            assert_eq!(bytes_to_hex(&got), want, "key {text:?}");
            if let Some(p) = &previous {
                assert!(*p <= (got.clone(), key.clone()), "order at {text:?}");
            }
            previous = Some((got, key));
            checked += 1;
        }
        assert!(checked > 1000, "only {checked} vectors");
    }

    #[test]
    fn punctuation_and_case_order_as_java() {
        let order = |a: &str, b: &str| collation_key(a) < collation_key(b);
        // 0.6's test_range_collation order: digits, then letters with the
        // hyphenated form right after its letter.
        assert!(order("99", "a") && order("a", "-a") && order("-a", "b") && order("b", "-b"));
        assert!(order("1", "10") && order("19", "2"));
        assert!(order("a", "A") && order("A", "\u{e1}") && order("\u{e1}", "b"));
        assert!(order("_", ","), "Java puts '_' first among the marks");
        // Unmapped characters sort after every mapped one, by code unit.
        assert!(order("z", "\u{4e00}") && order("\u{4e00}", "\u{4e01}"));
        // An ignorable character changes nothing.
        assert_eq!(collation_key("a\u{0}"), collation_key("a"));
        // U+FFFF's primary wraps to zero, as in Java's char arithmetic.
        assert_eq!(
            bytes_to_hex(&collation_key("\u{ffff}")),
            "80000000000000010001000000010001"
        );
    }
}
