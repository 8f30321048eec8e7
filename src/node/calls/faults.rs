//! Primed faults: rules a test adds (through the admin surface) that make
//! chosen calls fail, close their connection or wait before answering.
//!
//! This module owns the rules, which calls they match, when they fire
//! (the Nth matching call, the next N, every call, with a seeded
//! probability) and their hit counts. It is protocol-neutral: a call is
//! described by a [`Call`] (method, API generation, keyspace, column
//! families, row keys, CQL text, consistency level, client address), and
//! what fires is a [`Fault`] whose [`FaultKind`] (and [`Detail`]: the
//! replica counts and write type a timeout reports) each front end turns
//! into its own errors in one place (for Thrift, `thrift::error`; for the
//! native protocol, `native::handle::error`). It must not know
//! any wire protocol or HTTP; the front end says which kinds a call can
//! carry (a Thrift method declares only some exceptions).
//!
//! Cost: with no rules, [`Faults::armed`] is one relaxed atomic load and
//! the front end does nothing else.

use parking_lot::Mutex;
use serde::{Deserialize, Serialize};
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Duration;

/// What a fired rule does to the call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    TimedOut,
    Unavailable,
    InvalidRequest,
    NotFound,
    Authentication,
    Authorization,
    ApplicationError,
    /// A read that timed out (the native protocol's READ_TIMEOUT; Thrift's
    /// TimedOutException).
    ReadTimeout,
    /// A write that timed out (WRITE_TIMEOUT; Thrift's TimedOutException).
    WriteTimeout,
    /// A read that failed on some replicas (v4's READ_FAILURE; before v4
    /// and on Thrift, the read timeout Cassandra 4.0 and 3.x answered).
    ReadFailure,
    /// A write that failed on some replicas (WRITE_FAILURE; likewise).
    WriteFailure,
    /// The native protocol's OVERLOADED.
    Overloaded,
    /// The native protocol's IS_BOOTSTRAPPING.
    IsBootstrapping,
    /// A server error (the native protocol's SERVER_ERROR; Thrift's
    /// TApplicationException).
    ServerError,
    /// The connection is closed without a reply.
    DropConnection,
    /// Only the delay: the real answer follows.
    Delay,
}

/// A rule as a test writes it (the admin surface's JSON contract). Every
/// matching key is optional; an absent one matches every call.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub keyspace: Option<String>,
    /// The table (column family) the call names; `table` is accepted as
    /// its CQL name.
    #[serde(default, alias = "table", skip_serializing_if = "Option::is_none")]
    pub column_family: Option<String>,
    /// The call's consistency level by name ("QUORUM", "LOCAL_ONE").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub consistency: Option<String>,
    /// A row key the call names (as UTF-8 text).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// A regular expression searched for in the CQL text of CQL calls.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cql: Option<String>,
    /// The client's address: an IP (any port) or IP:PORT.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub client: Option<String>,
    /// The call's API as the front end names it ("0.6", "19", "native").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api: Option<String>,
    /// Fire from the Nth matching call on (1 is the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nth: Option<u64>,
    /// Fire at most this many times (default: once with `nth`, else no limit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub times: Option<u64>,
    /// Fire on each eligible call with this probability (0..=1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub probability: Option<f64>,
    /// Seeds the probability draws, so that a run can be repeated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub error: FaultKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    /// Wait this long before answering (required for `delay`; before the
    /// error for the other kinds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<u64>,
    /// Run the call (apply a write) before failing it, or not.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub applied: Option<bool>,
    /// What a timeout or an unavailable error reports (see [`Detail`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub received: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_for: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alive: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_present: Option<bool>,
    /// One of [`WRITE_TYPES`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_type: Option<String>,
    /// The replicas a read or write failure says failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failures: Option<u32>,
}

/// What a timeout or an unavailable error reports besides its kind: the
/// replicas that answered, the ones required (`block_for`), the ones alive,
/// whether the data was among the answers, and the kind of write. Absent
/// fields take the front end's defaults (one replica required, none
/// answered, the write type of the statement).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    pub received: Option<u32>,
    pub block_for: Option<u32>,
    pub alive: Option<u32>,
    pub data_present: Option<bool>,
    pub write_type: Option<String>,
    pub failures: Option<u32>,
}

/// Cassandra's write types, as a write timeout names them.
pub const WRITE_TYPES: &[&str] = &[
    "SIMPLE",
    "BATCH",
    "UNLOGGED_BATCH",
    "COUNTER",
    "BATCH_LOG",
    "CAS",
    "VIEW",
    "CDC",
];

/// A rule that cannot be added, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RuleError(pub String);

/// The longest delay a rule may ask for.
pub const MAX_DELAY_MS: u64 = 600_000;

/// One call, as the front end describes it for matching.
#[derive(Clone, Copy, Debug)]
pub struct Call<'a> {
    pub method: &'a str,
    pub api: &'a str,
    pub keyspace: Option<&'a str>,
    pub column_families: &'a [String],
    pub keys: &'a [Vec<u8>],
    pub cql: Option<&'a str>,
    /// The consistency level by name.
    pub consistency: Option<&'a str>,
    pub client: SocketAddr,
}

/// What fired for a call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    pub rule: u64,
    pub kind: FaultKind,
    pub why: Option<String>,
    pub delay: Option<Duration>,
    /// Run the call before failing it.
    pub applied: bool,
    pub detail: Detail,
}

/// A rule as listed: its spec with its id and counts.
#[derive(Clone, Debug, Serialize)]
pub struct RuleView {
    pub id: u64,
    #[serde(flatten)]
    pub spec: RuleSpec,
    /// Calls it matched.
    pub matched: u64,
    /// Times it fired.
    pub hits: u64,
}

enum ClientMatch {
    Ip(IpAddr),
    Addr(SocketAddr),
}

struct Rule {
    id: u64,
    spec: RuleSpec,
    cql: Option<regex::Regex>,
    client: Option<ClientMatch>,
    matched: u64,
    hits: u64,
    rng: u64,
}

impl Rule {
    fn new(id: u64, spec: RuleSpec) -> Result<Rule, RuleError> {
        let bad = |m: String| Err(RuleError(m));
        if spec.nth == Some(0) {
            return bad("nth counts from 1".into());
        }
        if spec.times == Some(0) {
            return bad("times must be at least 1".into());
        }
        if let Some(p) = spec.probability {
            if !(0.0..=1.0).contains(&p) {
                return bad(format!("probability {p} is not between 0 and 1"));
            }
        }
        match spec.delay_ms {
            Some(ms) if ms > MAX_DELAY_MS => {
                return bad(format!(
                    "delay_ms {ms} exceeds the maximum of {MAX_DELAY_MS}"
                ))
            }
            None if spec.error == FaultKind::Delay => {
                return bad("a delay rule needs delay_ms".into())
            }
            _ => {}
        }
        if let Some(w) = &spec.write_type {
            if !WRITE_TYPES.contains(&w.as_str()) {
                return bad(format!(
                    "write_type {w:?} is not one of {}",
                    WRITE_TYPES.join(", ")
                ));
            }
        }
        let cql = match &spec.cql {
            Some(pattern) => Some(
                regex::RegexBuilder::new(pattern)
                    .size_limit(1 << 20)
                    .build()
                    .map_err(|e| {
                        RuleError(format!("cql is not a valid regular expression: {e}"))
                    })?,
            ),
            None => None,
        };
        let client = match &spec.client {
            Some(text) => Some(if let Ok(ip) = text.parse::<IpAddr>() {
                ClientMatch::Ip(ip)
            } else if let Ok(addr) = text.parse::<SocketAddr>() {
                ClientMatch::Addr(addr)
            } else {
                return bad(format!(
                    "client {text:?} is neither an IP address nor IP:PORT"
                ));
            }),
            None => None,
        };
        // Without a seed the draws are still repeatable: they follow the id.
        let rng = spec.seed.unwrap_or(id);
        Ok(Rule {
            id,
            spec,
            cql,
            client,
            matched: 0,
            hits: 0,
            rng,
        })
    }

    fn matches(&self, call: &Call<'_>) -> bool {
        let s = &self.spec;
        let eq = |want: &Option<String>, have: Option<&str>| match want {
            Some(w) => have == Some(w.as_str()),
            None => true,
        };
        if !eq(&s.method, Some(call.method)) || !eq(&s.api, Some(call.api)) {
            return false;
        }
        if !eq(&s.keyspace, call.keyspace) {
            return false;
        }
        if let Some(cl) = &s.consistency {
            if !call.consistency.is_some_and(|c| c.eq_ignore_ascii_case(cl)) {
                return false;
            }
        }
        if let Some(cf) = &s.column_family {
            if !call.column_families.iter().any(|c| c == cf) {
                return false;
            }
        }
        if let Some(key) = &s.key {
            if !call.keys.iter().any(|k| k.as_slice() == key.as_bytes()) {
                return false;
            }
        }
        if let Some(re) = &self.cql {
            if !call.cql.is_some_and(|text| re.is_match(text)) {
                return false;
            }
        }
        match &self.client {
            Some(ClientMatch::Ip(ip)) => call.client.ip() == *ip,
            Some(ClientMatch::Addr(addr)) => call.client == *addr,
            None => true,
        }
    }

    /// Whether this matching call (already counted) is one the rule fires on.
    fn due(&mut self) -> bool {
        let nth = self.spec.nth.unwrap_or(1);
        if self.matched < nth {
            return false;
        }
        let times = self
            .spec
            .times
            .or(self.spec.nth.map(|_| 1))
            .unwrap_or(u64::MAX);
        if self.hits >= times {
            return false;
        }
        match self.spec.probability {
            Some(p) => unit_draw(&mut self.rng) < p,
            None => true,
        }
    }

    fn view(&self) -> RuleView {
        RuleView {
            id: self.id,
            spec: self.spec.clone(),
            matched: self.matched,
            hits: self.hits,
        }
    }
}

/// The next number of a splitmix64 sequence, as a fraction in [0, 1).
fn unit_draw(state: &mut u64) -> f64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

/// The node's fault rules.
#[derive(Default)]
pub struct Faults {
    /// Whether any rule exists: the only thing a call reads when none does.
    armed: AtomicBool,
    rules: Mutex<Vec<Rule>>,
    next_id: AtomicU64,
}

impl Faults {
    pub fn new() -> Faults {
        Faults::default()
    }

    /// Whether any rule exists (one relaxed load: the no-rule fast path).
    #[inline]
    pub fn armed(&self) -> bool {
        self.armed.load(Ordering::Relaxed)
    }

    /// Adds a rule; its id (ids start at 1 and are never reused).
    pub fn add(&self, spec: RuleSpec) -> Result<u64, RuleError> {
        let id = self.next_id.fetch_add(1, Ordering::Relaxed) + 1;
        let rule = Rule::new(id, spec)?;
        let mut rules = self.rules.lock();
        rules.push(rule);
        self.armed.store(true, Ordering::Relaxed);
        Ok(id)
    }

    /// The rules in the order they are tried, with their counts.
    pub fn list(&self) -> Vec<RuleView> {
        self.rules.lock().iter().map(Rule::view).collect()
    }

    /// Removes every rule.
    pub fn clear(&self) {
        let mut rules = self.rules.lock();
        rules.clear();
        self.armed.store(false, Ordering::Relaxed);
    }

    /// The fault for `call`, if a rule fires. Rules are tried in the order
    /// they were added; every rule that matches counts the call (so `nth`
    /// counts calls whether or not another rule fired on them), and the
    /// first one due fires. A rule whose kind the call cannot carry
    /// (`can_carry` says no) does not match it.
    pub fn decide(&self, call: &Call<'_>, can_carry: &dyn Fn(FaultKind) -> bool) -> Option<Fault> {
        if !self.armed() {
            return None;
        }
        let mut rules = self.rules.lock();
        let mut fired = None;
        for rule in rules.iter_mut() {
            if !rule.matches(call) || !can_carry(rule.spec.error) {
                continue;
            }
            rule.matched += 1;
            if fired.is_none() && rule.due() {
                rule.hits += 1;
                fired = Some(Fault {
                    rule: rule.id,
                    kind: rule.spec.error,
                    why: rule.spec.why.clone(),
                    delay: rule.spec.delay_ms.map(Duration::from_millis),
                    applied: rule.spec.applied.unwrap_or(false),
                    detail: Detail {
                        received: rule.spec.received,
                        block_for: rule.spec.block_for,
                        alive: rule.spec.alive,
                        data_present: rule.spec.data_present,
                        write_type: rule.spec.write_type.clone(),
                        failures: rule.spec.failures,
                    },
                });
            }
        }
        fired
    }
}

#[cfg(test)]
#[path = "faults_tests.rs"]
mod tests;
