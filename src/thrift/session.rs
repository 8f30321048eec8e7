//! Per-connection state: what one client has established so far.
//!
//! Cassandra 0.6 kept the login flag per connection (a thread-local on its
//! thread-per-connection server); 0.7+ (API 19.x) adds the current keyspace,
//! the logged-in user and the CQL version. Both generations share one
//! connection type, so the session also remembers which generation the
//! client has shown, to answer the calls whose requests are identical in
//! both (see `dispatch::choose_generation`). Nothing here is shared between
//! connections.

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
    /// Set by a successful 0.6 `login`: the keyspace it named and the user.
    pub login: Option<Login>,
    /// Every keyspace a successful 0.6 `login` named on this connection: the
    /// ones its data calls may use when the authenticator requires a login.
    pub logged_in_keyspaces: std::collections::BTreeSet<String>,
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
    /// The user of a successful 19.x `login` (`Some("")` when the
    /// authenticator does not name users).
    pub user: Option<String>,
    /// Keyspaces that user was found allowed to use on this connection
    /// (checked once each, not on every call; a new login starts over).
    pub authorized: std::collections::BTreeSet<String>,
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
            .field("user", &self.user)
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub keyspace: String,
    /// `None` when the authenticator does not identify users.
    pub user: Option<String>,
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
