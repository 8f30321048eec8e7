//! Per-connection state: what one client has established so far.
//!
//! Cassandra 0.6 kept the login flag per connection (a thread-local on its
//! thread-per-connection server); later generations add the current keyspace
//! and the API generation the client has shown. Nothing here is shared
//! between connections.

/// Which Thrift API generation a call speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// API 2.2.0 (Cassandra 0.6): keyspace passed in each call.
    V06,
}

/// One connection's state.
#[derive(Debug, Default)]
pub struct Session {
    /// Set by a successful `login`: the keyspace it named and the user.
    pub login: Option<Login>,
    /// The generation of the last call, used to answer the calls whose
    /// requests are identical across generations (describe_keyspace(s)).
    pub generation: Option<Generation>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Login {
    pub keyspace: String,
    /// `None` when the authenticator does not identify users.
    pub user: Option<String>,
}
