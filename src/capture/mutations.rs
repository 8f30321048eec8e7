//! Test support: byte strings cut, overwritten and grown at random from a
//! seeded generator, for the no-panic tests of the Thrift and native-protocol
//! compares. Test-only; it must not be used by the product.

use rand::rngs::StdRng;
use rand::Rng;

/// `base` with one to three edits at random places: cut there, a byte
/// overwritten, or a byte inserted.
pub(crate) fn mutated(base: &[u8], rng: &mut StdRng) -> Vec<u8> {
    let mut b = base.to_vec();
    for _ in 0..=rng.gen_range(0..3) {
        let at = rng.gen_range(0..=b.len());
        match rng.gen_range(0..3) {
            0 => b.truncate(at),
            1 if at < b.len() => b[at] = rng.gen(),
            _ => b.insert(at, rng.gen()),
        }
    }
    b
}
