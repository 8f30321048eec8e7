//! The memory budget shared by every connection: bytes of requests being
//! received, requests being decoded and run, and replies not yet sent.
//!
//! A connection takes a [`Charge`] before it buffers bytes and keeps it until
//! the memory is gone (the reply written). When the budget is spent, readers
//! stop reading (backpressure) until charges are returned. Owns only the
//! accounting: it never allocates or frees the memory it counts, and knows
//! nothing of sockets or messages.
//!
//! Deadlock freedom: a charge that holds nothing may wait for the budget (it
//! blocks nobody). A charge that already holds bytes (a message half
//! received, a whole message about to be decoded) must not wait for budget
//! held by others that may themselves be waiting: if what it needs is not
//! free at once, it takes the single *lane* and goes over the budget
//! instead. Only the lane's holder may go over (as debt, leaving what is
//! still free to others), and it never waits for budget, so it always
//! finishes and gives everything back. The worst case is therefore the
//! budget plus one request (the biggest one), which is also how a request
//! bigger than the whole budget is served: alone in the lane.
//!
//! Messages still arriving may fill only three quarters of the budget
//! ([`Charge::grow_partial_to`]); beyond that they too take the lane. The
//! last quarter stays for what finishes quickly (small requests, the cost
//! of a request about to run), so that big uploads waiting their turn in
//! the lane do not stop every other client until one of them is done.
//!
//! Accounting is in KiB units (a tokio semaphore counts them) so that any
//! budget up to terabytes fits its 32-bit acquisitions; going over the
//! budget is recorded as debt that returned units pay before the semaphore
//! sees them again.

use parking_lot::Mutex;
use std::sync::Arc;
use tokio::sync::{OwnedMutexGuard, Semaphore};

const UNIT: usize = 1024;

/// Measured cost of decoding and running a request, per byte of message
/// (the message itself, the decoded arguments, the storage mutations, the
/// commit-log record and the memtable copy): a 16 MB `batch_mutate` of 163
/// large columns peaked at 8.1x its size on API 0.6 (which decodes twice)
/// and 6.2x on API 19.x; with the bounded decoder, 7.1x and 5.2x.
pub const COST_PER_BYTE: usize = 8;

/// Measured cost per Thrift value (each struct, field value and element):
/// a 16 MB 0.6 `batch_mutate` of 409,196 column deletions (6 values each)
/// peaked at 636 MB, of which about 128 MB is the per-byte cost above:
/// about 210 bytes per value (the bounded decoder: 584 MB on 0.6, 209 MB
/// on 19.x, about 55 bytes per value there). Rounded up: the budget errs
/// on the side of counting too much.
pub const COST_PER_VALUE: usize = 256;

/// What a request of `len` bytes holding `values` Thrift values is counted
/// as while it is decoded and run.
pub fn request_cost(len: usize, values: u64) -> usize {
    let per_value = usize::try_from(values)
        .unwrap_or(usize::MAX)
        .saturating_mul(COST_PER_VALUE);
    len.saturating_mul(COST_PER_BYTE).saturating_add(per_value)
}

/// The shared budget.
#[derive(Debug)]
pub struct Budget {
    sem: Semaphore,
    /// The budget, in units.
    total: u32,
    /// Units in use beyond what the semaphore handed out.
    debt: Mutex<u64>,
    lane: Arc<tokio::sync::Mutex<()>>,
}

fn units(bytes: usize) -> u64 {
    bytes.div_ceil(UNIT) as u64
}

impl Budget {
    /// A budget of `bytes` (at least one unit, at most 4 TiB).
    pub fn new(bytes: usize) -> Arc<Budget> {
        let total = u32::try_from(units(bytes).max(1)).unwrap_or(u32::MAX);
        Arc::new(Budget {
            sem: Semaphore::new(total as usize),
            total,
            debt: Mutex::new(0),
            lane: Arc::new(tokio::sync::Mutex::new(())),
        })
    }

    /// A budget nothing will exhaust (tests, embedded servers).
    pub fn unlimited() -> Arc<Budget> {
        Budget::new(u32::MAX as usize * UNIT)
    }

    /// The budget in bytes.
    pub fn total_bytes(&self) -> usize {
        self.total as usize * UNIT
    }

    /// Bytes currently counted (may exceed the budget by the lane's request).
    pub fn in_use_bytes(&self) -> usize {
        let debt = *self.debt.lock();
        let held = u64::from(self.total).saturating_sub(self.sem.available_permits() as u64);
        ((held + debt) as usize).saturating_mul(UNIT)
    }

    /// Takes `n` units without waiting: what is free, the rest as debt.
    fn take_now(&self, n: u64) {
        let mut debt = self.debt.lock();
        let free = (self.sem.available_permits() as u64).min(n);
        let got = match u32::try_from(free) {
            Ok(f) if f > 0 => match self.sem.try_acquire_many(f) {
                Ok(p) => {
                    p.forget();
                    free
                }
                Err(_) => 0,
            },
            _ => 0,
        };
        *debt += n - got;
    }

    /// Returns `n` units: debt first, then to the semaphore.
    fn give_back(&self, n: u64) {
        let mut debt = self.debt.lock();
        let paid = (*debt).min(n);
        *debt -= paid;
        let rest = (n - paid) as usize;
        if rest > 0 {
            self.sem.add_permits(rest);
        }
    }
}

/// Bytes counted against the budget for one buffer or request; returned
/// when dropped.
#[derive(Debug)]
pub struct Charge {
    budget: Arc<Budget>,
    /// Bytes this charge stands for.
    bytes: usize,
    /// Units taken for them (at least `units(bytes)`).
    units: u64,
    /// Held while this charge is over the budget (see the module comment).
    lane: Option<OwnedMutexGuard<()>>,
}

impl Charge {
    /// An empty charge on `budget`.
    pub fn new(budget: &Arc<Budget>) -> Charge {
        Charge {
            budget: budget.clone(),
            bytes: 0,
            units: 0,
            lane: None,
        }
    }

    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Whether this charge holds the lane (may go over the budget).
    pub fn in_lane(&self) -> bool {
        self.lane.is_some()
    }

    /// Grows the charge to `bytes`, waiting for the budget as the module
    /// comment describes. Cancel-safe: nothing is taken unless it returns.
    pub async fn grow_to(&mut self, bytes: usize) {
        self.grow(bytes, 0).await
    }

    /// Like [`Charge::grow_to`], for a message still arriving: if holding
    /// something already, it takes from the budget only while a quarter of
    /// it stays free, and goes to the lane otherwise.
    pub async fn grow_partial_to(&mut self, bytes: usize) {
        self.grow(bytes, u64::from(self.budget.total / 4)).await
    }

    async fn grow(&mut self, bytes: usize, keep_free: u64) {
        let want = units(bytes);
        if want > self.units {
            let mut need = want - self.units;
            if self.lane.is_none() {
                let budget = &self.budget;
                if self.units == 0 {
                    // Holding nothing, waiting blocks nobody. A need beyond
                    // the whole budget waits for all of it, then goes over.
                    let n = need.min(u64::from(budget.total)) as u32;
                    if let Ok(p) = budget.sem.acquire_many(n).await {
                        p.forget();
                        self.units += u64::from(n);
                        need -= u64::from(n);
                    }
                } else if let Some(p) = u32::try_from(need)
                    .ok()
                    .filter(|_| budget.sem.available_permits() as u64 >= need + keep_free)
                    .and_then(|n| budget.sem.try_acquire_many(n).ok())
                {
                    p.forget();
                    self.units += need;
                    need = 0;
                } else {
                    self.lane = Some(budget.lane.clone().lock_owned().await);
                }
            }
            if need > 0 {
                // Over the budget, not out of what is free: what others
                // could still take stays theirs.
                *self.budget.debt.lock() += need;
                self.units += need;
            }
        }
        self.bytes = self.bytes.max(bytes);
    }

    /// Sets the charge to `bytes` without waiting: for memory that already
    /// exists (a reply), which waiting would not make smaller. Growth beyond
    /// what is free is debt.
    pub fn set_now(&mut self, bytes: usize) {
        let want = units(bytes);
        if want > self.units {
            self.budget.take_now(want - self.units);
            self.units = want;
        }
        self.bytes = bytes;
        self.shrink_to(bytes);
    }

    /// Gives back what exceeds `bytes`.
    pub fn shrink_to(&mut self, bytes: usize) {
        self.bytes = self.bytes.min(bytes);
        let want = units(self.bytes);
        if want < self.units {
            self.budget.give_back(self.units - want);
            self.units = want;
        }
    }

    /// Leaves the lane (once the memory that went over is gone).
    pub fn leave_lane(&mut self) {
        self.lane = None;
    }

    /// Moves `bytes` of this charge (and the lane, if held) into a new one.
    pub fn split(&mut self, bytes: usize) -> Charge {
        let bytes = bytes.min(self.bytes);
        let moved = units(bytes).min(self.units);
        self.units -= moved;
        self.bytes -= bytes;
        let rest = self.bytes;
        // Rounding may leave the rest one unit short.
        self.set_now(rest);
        Charge {
            budget: self.budget.clone(),
            bytes,
            units: moved,
            lane: self.lane.take(),
        }
    }
}

impl Drop for Charge {
    fn drop(&mut self) {
        if self.units > 0 {
            self.budget.give_back(self.units);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    const MB: usize = 1 << 20;

    #[tokio::test]
    async fn charges_are_returned_when_dropped() {
        let b = Budget::new(4 * MB);
        let mut c = Charge::new(&b);
        c.grow_to(MB + 1).await;
        assert_eq!(b.in_use_bytes(), MB + UNIT);
        let part = c.split(MB / 2);
        assert_eq!(part.bytes(), MB / 2);
        assert_eq!(c.bytes(), MB / 2 + 1);
        assert_eq!(b.in_use_bytes(), MB + UNIT);
        drop(part);
        c.shrink_to(10);
        assert_eq!(b.in_use_bytes(), UNIT);
        drop(c);
        assert_eq!(b.in_use_bytes(), 0);
    }

    #[tokio::test]
    async fn an_empty_charge_waits_for_the_budget() {
        let b = Budget::new(2 * MB);
        let mut big = Charge::new(&b);
        big.grow_to(2 * MB).await;
        let waiter = {
            let b = b.clone();
            tokio::spawn(async move {
                let mut c = Charge::new(&b);
                c.grow_to(MB).await;
                c
            })
        };
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiter.is_finished(), "took budget that was spent");
        big.shrink_to(MB);
        let c = tokio::time::timeout(Duration::from_secs(10), waiter)
            .await
            .expect("woken when the budget drained")
            .unwrap();
        assert!(!c.in_lane());
        assert_eq!(b.in_use_bytes(), 2 * MB);
    }

    #[tokio::test]
    async fn a_holder_short_of_budget_goes_over_in_the_lane() {
        let b = Budget::new(2 * MB);
        let mut a = Charge::new(&b);
        let mut c = Charge::new(&b);
        a.grow_to(MB).await;
        c.grow_to(MB).await;
        // Both hold half; neither can get more without the other giving
        // back: one goes over in the lane instead of both waiting forever.
        tokio::time::timeout(Duration::from_secs(10), a.grow_to(3 * MB))
            .await
            .expect("the lane never waits for budget");
        assert!(a.in_lane());
        assert_eq!(b.in_use_bytes(), 4 * MB);
        // The second one waits for the lane, which drop returns.
        let waiter = tokio::spawn(async move {
            c.grow_to(2 * MB).await;
            c
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!waiter.is_finished(), "two charges over the budget at once");
        drop(a);
        let c = tokio::time::timeout(Duration::from_secs(10), waiter)
            .await
            .expect("lane handed on")
            .unwrap();
        assert!(c.in_lane());
        assert_eq!(b.in_use_bytes(), 2 * MB);
        drop(c);
        assert_eq!(b.in_use_bytes(), 0);
        // Debt was paid back before the semaphore saw the units again.
        let mut d = Charge::new(&b);
        d.grow_to(2 * MB).await;
        assert!(!d.in_lane());
    }

    #[tokio::test]
    async fn arriving_messages_leave_a_quarter_of_the_budget() {
        let b = Budget::new(4 * MB);
        let mut upload = Charge::new(&b);
        upload.grow_partial_to(UNIT).await;
        upload.grow_partial_to(3 * MB).await;
        assert!(!upload.in_lane());
        let mut more = Charge::new(&b);
        more.grow_partial_to(UNIT).await;
        // Taking another byte would leave less than a quarter free.
        more.grow_partial_to(MB / 2).await;
        assert!(more.in_lane());
        // A request about to run may use the last quarter without the lane.
        let mut small = Charge::new(&b);
        small.grow_to(UNIT).await;
        small.grow_to(MB / 4).await;
        assert!(!small.in_lane());
    }

    #[tokio::test]
    async fn replies_are_counted_without_waiting() {
        let b = Budget::new(MB);
        let mut c = Charge::new(&b);
        c.grow_to(MB).await;
        c.set_now(3 * MB);
        assert_eq!(b.in_use_bytes(), 3 * MB);
        c.set_now(100);
        assert_eq!(b.in_use_bytes(), UNIT);
    }

    #[test]
    fn request_costs_count_bytes_and_values() {
        assert_eq!(request_cost(100, 0), 100 * COST_PER_BYTE);
        assert_eq!(
            request_cost(16 * MB, 1000),
            16 * MB * COST_PER_BYTE + 1000 * COST_PER_VALUE
        );
        assert_eq!(request_cost(usize::MAX, u64::MAX), usize::MAX);
    }
}
