//! Per-connection state: what one client has established so far.
//!
//! Cassandra 0.6 kept the login flag per connection (a thread-local on its
//! thread-per-connection server); 0.7+ (API 19.x) adds the current keyspace,
//! the logged-in user and the CQL version. Both generations share one
//! connection type, so the session also remembers which generation the
//! client has shown, to answer the calls whose requests are identical in
//! both (see `dispatch::choose_generation`). Nothing here is shared between
//! connections.
//!
//! A connection has at most one [`Identity`], whichever generation's
//! `login` made it: every `login` replaces it, and a failed one leaves the
//! connection logged out (see `thrift::access`).

use crate::cql::exec::CqlSession;

/// Which Thrift API generation a call speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// API 2.2.0 (Cassandra 0.6): keyspace passed in each call.
    V06,
    /// API 19.x (Cassandra 0.7 to 2.x): `set_keyspace`, binary keys, KsDef/CfDef.
    V19,
}

impl Generation {
    /// The form used in configuration and logs: `0.6` or `19`.
    pub fn as_str(self) -> &'static str {
        match self {
            Generation::V06 => "0.6",
            Generation::V19 => "19",
        }
    }
}

/// How a listener decides the generation of calls that do not show it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenerationPolicy {
    /// Every call on this listener speaks this generation (a pinned port).
    pub pinned: Option<Generation>,
    /// The answer for an ambiguous call on a connection that has not shown
    /// its generation yet (`ThriftApiDefault`); `None` means 0.6. The
    /// transport is no hint: a 0.6 client may be framed
    /// (ThriftFramedTransport) and 1.x clients may be buffered.
    pub default: Option<Generation>,
}

/// One connection's state.
#[derive(Debug, Default)]
pub struct Session {
    /// Who logged in, by the last `login` of either generation; `None`
    /// before any and after a failed one.
    pub identity: Option<Identity>,
    /// The generation of the last call.
    pub generation: Option<Generation>,
    /// The generation of the last call whose request told the generations
    /// apart (a method only one generation has, or argument wire types).
    pub shown: Option<Generation>,
    pub policy: GenerationPolicy,
    /// The 19.x state (`set_keyspace`, `login`, `set_cql_version`).
    pub v19: State19,
    /// Set by a call that 1.2 failed with an uncaught exception: its Thrift
    /// server then closed the connection without a reply, and so does this
    /// one (see `ApiError::Dropped`). Holds why, for the log.
    pub close_connection: Option<String>,
}

/// What a 19.x client has established, as 1.2's `ClientState`.
#[derive(Default)]
pub struct State19 {
    pub keyspace: Option<String>,
    pub cql_version: Option<String>,
    /// The CQL3 session, made on the connection's first CQL call. Its
    /// keyspace is `keyspace` (1.2 had one for both): `set_keyspace` and
    /// `USE` each set both.
    pub cql: Option<CqlSession>,
}

impl std::fmt::Debug for State19 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("State19")
            .field("keyspace", &self.keyspace)
            .field("cql_version", &self.cql_version)
            .field("cql", &self.cql.is_some())
            .finish()
    }
}

impl Session {
    /// A fresh session on a listener with this policy.
    pub fn with_policy(policy: GenerationPolicy) -> Session {
        Session {
            policy,
            ..Session::default()
        }
    }

    /// The generation an ambiguous call gets on this connection.
    pub fn ambiguous_generation(&self) -> Generation {
        if let Some(g) = self.policy.pinned.or(self.shown) {
            return g;
        }
        self.policy.default.unwrap_or(Generation::V06)
    }
}

/// Who logged in on a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// `None` when the authenticator does not identify users.
    pub user: Option<String>,
    /// The keyspace a 0.6 `login` named: the only one 0.6 data calls may
    /// then use. `None` after a 19.x `login`, which names none.
    pub v06_keyspace: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambiguous_calls_follow_pin_then_history_then_default() {
        let mut s = Session::default();
        assert_eq!(s.ambiguous_generation(), Generation::V06);
        s.policy.default = Some(Generation::V19);
        assert_eq!(s.ambiguous_generation(), Generation::V19);
        s.shown = Some(Generation::V06);
        assert_eq!(s.ambiguous_generation(), Generation::V06);
        s.shown = Some(Generation::V19);
        assert_eq!(s.ambiguous_generation(), Generation::V19);
        s.policy.pinned = Some(Generation::V06);
        assert_eq!(s.ambiguous_generation(), Generation::V06);
    }
}
