//! What this node claims of itself in `system.local`: its release, API,
//! CQL and protocol versions, tokens, address and id ([`LocalFacts`]),
//! 1.2.9's by default. Read by the session and by every table the node
//! synthesizes; data only.

/// The Cassandra release whose behaviour this server keeps, as `system.local` names it.
pub const RELEASE_VERSION: &str = "1.2.9";
/// 1.2.9's API 19.x version (thrift's `describe_version`); spelled here
/// because cql sits below thrift in the layering.
pub const THRIFT_VERSION: &str = "19.36.0";
/// The CQL3 version the executor speaks (1.2.9's).
pub const CQL_VERSION: &str = "3.0.5";

/// What `system.local` says about this node, which depends on the front
/// end a session came through: the Thrift API keeps 1.2.9's claim, the
/// native protocol claims the release that introduced the protocol version
/// the connection speaks (see `native::claims`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalFacts {
    pub release_version: String,
    /// The Thrift API version (`thrift_version`): 1.2.9's, or the one of
    /// the release the node answers as.
    pub thrift_version: String,
    /// The CQL 3 version (`cql_version`): 1.2.9's 3.0.5, or the release's.
    pub cql_version: String,
    pub native_protocol_version: String,
    /// This node's tokens (one: it owns the whole ring); empty when unknown.
    pub tokens: Vec<String>,
    /// The address clients reach this node at.
    pub address: Option<std::net::IpAddr>,
    /// A stable id of this node (drivers key their host list by it).
    pub host_id: Option<[u8; 16]>,
    /// The node emulates the claimed release (`--cassandra-version`), so
    /// its system tables are that release's own; otherwise the claim picks
    /// the schema tables' generation and `local`/`peers` carry the columns
    /// drivers of every protocol version read.
    pub emulated: bool,
}

impl LocalFacts {
    /// The default facts with a claim of `release_version`.
    pub fn claiming(release_version: &str) -> LocalFacts {
        LocalFacts {
            release_version: release_version.to_string(),
            ..LocalFacts::default()
        }
    }

    /// Whether the release claimed is `at_least` (major, minor, patch) or
    /// later; a part that is not a number counts as 0.
    pub fn claims_at_least(&self, at_least: (u32, u32, u32)) -> bool {
        self.release_numbers() >= at_least
    }

    /// (major, minor, patch) of the release claimed.
    pub fn release_numbers(&self) -> (u32, u32, u32) {
        version_numbers(&self.release_version)
    }
}

/// (major, minor, patch) of a release version such as `1.2.19`.
fn version_numbers(version: &str) -> (u32, u32, u32) {
    let mut parts = version.split('.').map(|p| p.parse::<u32>().unwrap_or(0));
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

impl Default for LocalFacts {
    fn default() -> Self {
        LocalFacts {
            release_version: RELEASE_VERSION.to_string(),
            thrift_version: THRIFT_VERSION.to_string(),
            cql_version: CQL_VERSION.to_string(),
            native_protocol_version: "1".to_string(),
            tokens: Vec::new(),
            address: None,
            host_id: None,
            emulated: false,
        }
    }
}

/// The node's gossip generation (`system.local`): as Cassandra's, the
/// seconds since the epoch when it started, here when first asked.
pub fn gossip_generation() -> i32 {
    static STARTED: std::sync::OnceLock<i32> = std::sync::OnceLock::new();
    *STARTED.get_or_init(|| {
        let secs = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        i32::try_from(secs).unwrap_or(i32::MAX)
    })
}
