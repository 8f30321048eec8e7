//! Per-connection state: what one client has established so far.
//!
//! Cassandra 0.6 kept the login flag per connection (a thread-local on its
//! thread-per-connection server); 0.7+ (API 19.x) adds the current keyspace,
//! the logged-in user and the CQL version. Both generations share one
//! connection type, so the session also remembers which generation the
//! client has shown, to answer the calls whose requests are identical in
//! both (see `dispatch::choose_generation`), and the transport it uses,
//! which decides those calls until it has shown one. Nothing here is shared
//! between connections.
//!
//! A connection has at most one [`Identity`], whichever generation's
//! `login` made it: every `login` replaces it, and a failed one leaves the
//! connection logged out (see `thrift::access`).

use crate::cql::exec::CqlSession;
use crate::cql::lru::ByteLru;
use crate::thrift::wire::Framing;

/// Which Thrift API generation a call speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Generation {
    /// API 2.2.0 (Cassandra 0.6): keyspace passed in each call.
    Api2,
    /// API 19.x (Cassandra 0.7 to 2.x): `set_keyspace`, binary keys, KsDef/CfDef.
    Api19,
}

impl Generation {
    /// The form used in configuration and logs: `0.6` or `19`.
    pub fn as_str(self) -> &'static str {
        match self {
            Generation::Api2 => "0.6",
            Generation::Api19 => "19",
        }
    }
}

/// How a listener decides the generation of calls that do not show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerationPolicy {
    /// Every call on this listener speaks this generation (a pinned port).
    pub pinned: Option<Generation>,
    /// The answer for an ambiguous call on a connection that has not shown
    /// its generation yet, when the operator chose one (`ThriftApiDefault`
    /// or `serve --api-default` set to `0.6` or `19`). `None` is `auto`:
    /// the connection's transport decides (see [`Session::ambiguous_generation`]).
    pub default: Option<Generation>,
    /// Under `auto`, the generation of a framed connection: 19.x, since
    /// 0.7+ clients framed by default and 0.6 clients did not; 0.6 when a
    /// 0.6 `storage-conf.xml` declares `ThriftFramedTransport` true (its
    /// clients were then framed 0.6 clients, as 0.6.8 served nothing else).
    pub framed: Generation,
}

impl Default for GenerationPolicy {
    fn default() -> Self {
        GenerationPolicy {
            pinned: None,
            default: None,
            framed: Generation::Api19,
        }
    }
}

impl GenerationPolicy {
    /// How this listener answers ambiguous first calls, for the start-up log.
    pub fn describe(&self) -> String {
        match (self.pinned, self.default) {
            (Some(g), _) => format!("every call is API {}", api_name(g)),
            (None, Some(g)) => format!(
                "API 2.2.0 (0.6) and 19.x; calls both share answer as API {} until a connection shows its own",
                api_name(g)
            ),
            (None, None) => format!(
                "API 2.2.0 (0.6) and 19.x; calls both share answer by transport until a connection shows its own \
                 (unframed: 0.6, framed: {})",
                self.framed.as_str()
            ),
        }
    }
}

fn api_name(g: Generation) -> &'static str {
    match g {
        Generation::Api2 => "2.2.0 (0.6)",
        Generation::Api19 => "19.x",
    }
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
    /// The transport of the connection's requests (set by the server before
    /// each call; `None` outside a server, e.g. in tests).
    pub framing: Option<Framing>,
    /// The 19.x state (`set_keyspace`, `login`, `set_cql_version`).
    pub api19: State19,
    /// Set by a call that 1.2 failed with an uncaught exception: its Thrift
    /// server then closed the connection without a reply, and so does this
    /// one (see `ApiError::Dropped`). Holds why, for the log.
    pub close_connection: Option<String>,
    /// Set by a call run as a no-wait attempt when one of its reads would
    /// have waited on the disk (`ApiError::WouldBlock`): its reply is not
    /// sent, and the server runs it again on the blocking pool (see
    /// `dispatch::handle_without_waiting`).
    pub would_block: bool,
}

/// What a 19.x client has established, as 1.2's `ClientState`.
#[derive(Default)]
pub struct State19 {
    /// Set when the release answered as refused a call's arguments inside
    /// a nested struct: its reader left the rest of the frame unread and
    /// read it as the next call, which it could not parse, so the
    /// connection closes at the next call (`api19::as_declared`).
    pub unread_in_frame: bool,
    /// Set when the release read the call's consistency level as null
    /// and ran the method on it (`api19::as_declared`): it fails after its
    /// checks.
    pub null_argument: bool,
    /// The list arguments the release read as null (absent, declared
    /// neither required nor with a default; `api19::as_declared`): the
    /// method fails where it first uses one.
    pub null_lists: Vec<&'static str>,
    pub keyspace: Option<String>,
    pub cql_version: Option<String>,
    /// The CQL3 session, made on the connection's first CQL call. Its
    /// keyspace is `keyspace` (1.2 had one for both): `set_keyspace` and
    /// `USE` each set both.
    pub cql: Option<CqlSession>,
    /// The session id `trace_next_query` handed out: the connection's next
    /// call runs traced under it.
    pub trace_next: Option<[u8; 16]>,
    /// The statements this connection prepared where its release kept
    /// them per connection.
    pub prepared: PreparedIds,
}

/// The ids of the statements a connection prepared, where its release
/// kept them in the connection's `ClientState` (an LRU map of 10,000):
/// CQL 2's in every release that had them (1.1 to 2.1), and 1.1's CQL 3
/// too (1.2 on shared those between connections). The statements are in
/// the node's caches; another connection's are not found on this one.
#[derive(Default)]
pub struct PreparedIds {
    cql2: Option<ByteLru<i32, ()>>,
    cql3: Option<ByteLru<i32, ()>>,
}

impl PreparedIds {
    fn map(&mut self, cql3: bool) -> &mut Option<ByteLru<i32, ()>> {
        if cql3 {
            &mut self.cql3
        } else {
            &mut self.cql2
        }
    }

    /// Notes that the connection prepared `id` (in CQL 3 if `cql3`).
    pub fn add(&mut self, cql3: bool, id: i32) {
        // Each entry counts one: the bound is the releases' count.
        let max = crate::cql2::MAX_PREPARED;
        self.map(cql3)
            .get_or_insert_with(|| ByteLru::new(max, max))
            .insert(id, (), 1);
    }

    /// Whether the connection prepared `id` and still has it (a use
    /// makes it the most recent, as the releases' access-ordered map did).
    pub fn has(&mut self, cql3: bool, id: i32) -> bool {
        self.map(cql3)
            .as_mut()
            .is_some_and(|ids| ids.get(&id).is_some())
    }
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

    /// Whether the connection's requests came unframed (0.7's port read
    /// them so when its configuration said; see `api19::as_declared`).
    pub fn is_unframed(&self) -> bool {
        self.framing == Some(Framing::Unframed)
    }

    /// The generation an ambiguous call gets on this connection: the
    /// pinned one, else the one the connection last showed, else the
    /// operator's choice, else by transport (framed: `policy.framed`;
    /// unframed or unknown: 0.6).
    pub fn ambiguous_generation(&self) -> Generation {
        if let Some(g) = self.policy.pinned.or(self.shown).or(self.policy.default) {
            return g;
        }
        match self.framing {
            Some(Framing::Framed) => self.policy.framed,
            Some(Framing::Unframed) | None => Generation::Api2,
        }
    }
}

/// Who logged in on a connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// `None` when the authenticator does not identify users.
    pub user: Option<String>,
    /// The keyspace a 0.6 `login` named: the only one 0.6 data calls may
    /// then use. `None` after a 19.x `login`, which names none.
    pub api2_keyspace: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ambiguous_calls_follow_pin_then_history_then_default() {
        let mut s = Session::default();
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        s.policy.default = Some(Generation::Api19);
        assert_eq!(s.ambiguous_generation(), Generation::Api19);
        s.shown = Some(Generation::Api2);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        s.shown = Some(Generation::Api19);
        assert_eq!(s.ambiguous_generation(), Generation::Api19);
        s.policy.pinned = Some(Generation::Api2);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
    }

    #[test]
    fn auto_follows_the_transport_until_the_connection_shows_its_generation() {
        let mut s = Session {
            framing: Some(Framing::Framed),
            ..Session::default()
        };
        assert_eq!(s.ambiguous_generation(), Generation::Api19);
        s.framing = Some(Framing::Unframed);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        // A 0.6 config that declares framed transport: its framed clients are 0.6.
        s.policy.framed = Generation::Api2;
        s.framing = Some(Framing::Framed);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        // What the connection showed wins over the transport...
        s.policy.framed = Generation::Api19;
        s.shown = Some(Generation::Api2);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        // ...and the operator's choice wins over the transport.
        s.shown = None;
        s.policy.default = Some(Generation::Api2);
        assert_eq!(s.ambiguous_generation(), Generation::Api2);
        s.framing = Some(Framing::Unframed);
        s.policy.default = Some(Generation::Api19);
        assert_eq!(s.ambiguous_generation(), Generation::Api19);
    }

    #[test]
    fn prepared_ids_are_the_connections_own_and_bounded() {
        let mut ids = PreparedIds::default();
        assert!(!ids.has(false, 7));
        ids.add(false, 7);
        assert!(ids.has(false, 7));
        // CQL 2's and CQL 3's are kept apart, as 1.1's two maps were.
        assert!(!ids.has(true, 7));
        // A new connection's session has none.
        assert!(!PreparedIds::default().has(false, 7));
        // The least recently used goes first past the releases' 10,000.
        for id in 100..100 + crate::cql2::MAX_PREPARED as i32 {
            ids.add(false, id);
        }
        assert!(ids.has(false, 100) && !ids.has(false, 7));
    }
}
