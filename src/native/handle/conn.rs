//! One connection's protocol state and the messages that change it:
//! STARTUP (CQL version, compression), OPTIONS, the login (v1 CREDENTIALS,
//! v2+ SASL PLAIN through AUTH_RESPONSE, both checked by the node's
//! authenticator), and REGISTER.
//!
//! A connection moves from "not started" to "authenticating" (only when
//! the authenticator requires a login) to "ready"; statements are refused
//! before it is ready. This module must not run statements.

use super::super::wire::codec::Writer;
use super::super::wire::frame::{op, Compression};
use super::error::{NativeError, NativeResult};
use crate::auth::{AuthError, AuthenticatedUser, PASSWORD_KEY, USERNAME_KEY};
use crate::cql::exec::CQL_VERSION;
use crate::node::Node;
use crate::release::{Behaviour, Release};
use crate::schema::javaorder::{grown_capacity, iteration_order, string_hash};
use std::collections::{BTreeMap, BTreeSet};

/// The largest frame taken before the connection is ready (before STARTUP,
/// and until the login when the authenticator requires one): the messages
/// of that phase (STARTUP, OPTIONS, AUTH_RESPONSE, CREDENTIALS, REGISTER)
/// are a few hundred bytes, and a peer that has not logged in must not make
/// the server buffer, or count against the shared budget, more than that.
pub const PREAUTH_MAX_FRAME: usize = 4096;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    NotStarted,
    Authenticating,
    Ready,
}

/// What a connection has agreed and who it is.
#[derive(Debug)]
pub struct ConnState {
    pub version: u8,
    pub phase: Phase,
    pub compression: Option<Compression>,
    pub user: Option<AuthenticatedUser>,
    pub keyspace: Option<String>,
    /// The event types this connection registered for.
    pub events: BTreeSet<String>,
}

impl ConnState {
    pub fn new(version: u8) -> ConnState {
        ConnState {
            version,
            phase: Phase::NotStarted,
            compression: None,
            user: None,
            keyspace: None,
            events: BTreeSet::new(),
        }
    }

    /// Refuses a frame of `len` bytes on a connection that is not ready
    /// when it is over [`PREAUTH_MAX_FRAME`].
    pub fn frame_limit_error(&self, len: usize) -> Option<NativeError> {
        (self.phase != Phase::Ready && len > PREAUTH_MAX_FRAME).then(|| {
            NativeError::Protocol(format!(
                "Request is too big for a connection that is not ready: length {len} exceeds \
                 the maximum of {PREAUTH_MAX_FRAME} bytes allowed before STARTUP and the login"
            ))
        })
    }

    /// Refuses a statement on a connection that is not ready.
    pub fn require_ready(&self, opcode: u8) -> NativeResult<()> {
        match self.phase {
            Phase::Ready => Ok(()),
            Phase::NotStarted => Err(NativeError::Protocol(format!(
                "Unexpected message {}, expecting STARTUP or OPTIONS",
                op::name(opcode)
            ))),
            Phase::Authenticating => {
                Err(NativeError::Unauthorized("You have not logged in".into()))
            }
        }
    }
}

/// A reply: the opcode and body of the response frame.
pub type Reply = (u8, Vec<u8>);

/// The SUPPORTED message. Without a release: CQL 3's version and both
/// compressions. An emulated release answers as its `OptionsMessage` did:
/// the CQL version it reported, snappy (and lz4 from 2.0), the protocol
/// versions from 3.10, its keys in the order of the `HashMap` they were
/// put in (which a client reading the raw frame sees).
pub fn supported(release: Option<&Release>) -> Reply {
    let mut w = Writer::new();
    let Some(r) = release else {
        w.string_multimap(&[
            ("CQL_VERSION", vec![CQL_VERSION]),
            ("COMPRESSION", vec!["lz4", "snappy"]),
        ]);
        return (op::SUPPORTED, w.buf);
    };
    let mut compressions = vec!["snappy"];
    if r.does(Behaviour::NativeOffersLz4) {
        compressions.push("lz4");
    }
    let mut entries = vec![
        ("CQL_VERSION", vec![r.cql3_version.unwrap_or(CQL_VERSION)]),
        ("COMPRESSION", compressions),
    ];
    if r.does(Behaviour::NativeListsProtocolVersions) {
        entries.push(("PROTOCOL_VERSIONS", protocol_versions(r)));
    }
    let hashes: Vec<i32> = entries.iter().map(|(k, _)| string_hash(k)).collect();
    let ordered: Vec<(&str, Vec<&str>)> = iteration_order(&hashes, grown_capacity(hashes.len()))
        .into_iter()
        .map(|i| entries[i].clone())
        .collect();
    w.string_multimap(&ordered);
    (op::SUPPORTED, w.buf)
}

/// `PROTOCOL_VERSIONS`' entries (`N/vN`): the versions the release spoke,
/// and v5, which 3.10 and later took as a beta.
fn protocol_versions(r: &Release) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = r
        .native_versions
        .iter()
        .filter_map(|v| match v {
            1 => Some("1/v1"),
            2 => Some("2/v2"),
            3 => Some("3/v3"),
            4 => Some("4/v4"),
            _ => None,
        })
        .collect();
    out.push("5/v5-beta");
    out
}

/// Whether a client's CQL_VERSION is one the executor serves on protocol
/// `version`. On v1 (1.2) only 3.x: 1.2 matched the asked version against
/// its CQL 3 version. From v2 on, Cassandra (2.0 to 3.x) only refused
/// versions below 3.0, so a driver asking for 4.0.0 (the Rust `scylla`
/// driver does) is served CQL 3 as 3.0.5.
fn cql_version_ok(v: &str, version: u8) -> bool {
    let parts: Vec<&str> = v.split('.').collect();
    if parts.is_empty()
        || !parts
            .iter()
            .all(|p| !p.is_empty() && p.chars().all(|c| c.is_ascii_digit()))
    {
        return false;
    }
    let major: u32 = parts[0].parse().unwrap_or(0);
    if version <= 1 {
        major == 3
    } else {
        major >= 3
    }
}

pub fn startup(
    node: &Node,
    state: &mut ConnState,
    options: &BTreeMap<String, String>,
) -> NativeResult<Reply> {
    if state.phase != Phase::NotStarted {
        return Err(NativeError::Protocol(
            "Unexpected message STARTUP: the connection is already started".into(),
        ));
    }
    let cql = options.get("CQL_VERSION").ok_or_else(|| {
        NativeError::Protocol("Missing value CQL_VERSION in STARTUP message".into())
    })?;
    if !cql_version_ok(cql, state.version) {
        return Err(NativeError::Protocol(format!(
            "Invalid or unsupported CQL version {cql}; supported: {CQL_VERSION} (any 3.x is served as {CQL_VERSION})"
        )));
    }
    if let Some(c) = options.get("COMPRESSION") {
        let unknown = || {
            NativeError::Protocol(format!(
                "Unknown compression algorithm: {}",
                c.to_lowercase()
            ))
        };
        let compression = Compression::parse(c).ok_or_else(unknown)?;
        // 1.2 knew snappy only.
        if compression == Compression::Lz4
            && node
                .release
                .is_some_and(|r| !r.does(Behaviour::NativeOffersLz4))
        {
            return Err(unknown());
        }
        state.compression = Some(compression);
    }
    if node.auth.requires_login() {
        state.phase = Phase::Authenticating;
        let mut w = Writer::new();
        w.string(node.auth.class_name());
        Ok((op::AUTHENTICATE, w.buf))
    } else {
        state.phase = Phase::Ready;
        state.user = Some(AuthenticatedUser { username: None });
        Ok((op::READY, Vec::new()))
    }
}

fn login(
    node: &Node,
    state: &mut ConnState,
    credentials: &BTreeMap<String, String>,
) -> NativeResult<()> {
    if state.phase != Phase::Authenticating {
        return Err(NativeError::Protocol(
            "Unexpected authentication message: no authentication was asked for".into(),
        ));
    }
    match node.auth.authenticate(credentials) {
        Ok(user) => {
            state.user = Some(user);
            state.phase = Phase::Ready;
            Ok(())
        }
        Err(AuthError::Internal(detail)) => {
            tracing::error!(%detail, "authenticator failed");
            Err(NativeError::Server(
                crate::auth::INTERNAL_ERROR_MESSAGE.into(),
            ))
        }
        Err(e) => Err(NativeError::BadCredentials(e.to_string())),
    }
}

/// v1's CREDENTIALS: a map of the authenticator's keys.
pub fn credentials(
    node: &Node,
    state: &mut ConnState,
    credentials: &BTreeMap<String, String>,
) -> NativeResult<Reply> {
    login(node, state, credentials)?;
    Ok((op::READY, Vec::new()))
}

/// v2+'s AUTH_RESPONSE with a SASL PLAIN token: `[authzid] NUL user NUL password`.
pub fn auth_response(
    node: &Node,
    state: &mut ConnState,
    token: Option<&[u8]>,
) -> NativeResult<Reply> {
    let token = token.unwrap_or_default();
    let mut parts = token.split(|b| *b == 0);
    let (Some(_authzid), Some(user), Some(password), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(NativeError::BadCredentials(
            "Authentication failed: the token is not a SASL PLAIN response".into(),
        ));
    };
    let text = |b: &[u8]| {
        String::from_utf8(b.to_vec())
            .map_err(|_| NativeError::BadCredentials("Credentials must be UTF-8".into()))
    };
    let credentials = BTreeMap::from([
        (USERNAME_KEY.to_string(), text(user)?),
        (PASSWORD_KEY.to_string(), text(password)?),
    ]);
    login(node, state, &credentials)?;
    let mut w = Writer::new();
    w.bytes(None);
    Ok((op::AUTH_SUCCESS, w.buf))
}

/// The event types a client may register for.
const EVENT_TYPES: &[&str] = &["TOPOLOGY_CHANGE", "STATUS_CHANGE", "SCHEMA_CHANGE"];

/// REGISTER: a single node never changes topology or status, so only
/// SCHEMA_CHANGE events are ever sent; the other two are accepted (a
/// driver registers for all three).
pub fn register(state: &mut ConnState, types: &[String]) -> NativeResult<Reply> {
    state.require_ready(op::REGISTER)?;
    for t in types {
        if !EVENT_TYPES.contains(&t.as_str()) {
            return Err(NativeError::Protocol(format!(
                "Invalid value '{t}' for Type"
            )));
        }
    }
    state.events.extend(types.iter().cloned());
    Ok((op::READY, Vec::new()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cql_versions() {
        assert!(cql_version_ok("3.0.0", 1));
        assert!(cql_version_ok("3.4.5", 4));
        assert!(!cql_version_ok("4.0.0", 1));
        assert!(cql_version_ok("4.0.0", 4));
        assert!(!cql_version_ok("2.0.0", 2));
        assert!(!cql_version_ok("3.x", 3));
        assert!(!cql_version_ok("", 3));
    }

    #[test]
    fn statements_wait_for_ready() {
        let mut s = ConnState::new(4);
        assert_eq!(
            s.require_ready(op::QUERY).unwrap_err().code(),
            super::super::error::code::PROTOCOL_ERROR
        );
        s.phase = Phase::Authenticating;
        assert!(matches!(
            s.require_ready(op::QUERY),
            Err(NativeError::Unauthorized(_))
        ));
        assert!(s.frame_limit_error(PREAUTH_MAX_FRAME).is_none());
        assert_eq!(
            s.frame_limit_error(PREAUTH_MAX_FRAME + 1).unwrap().code(),
            super::super::error::code::PROTOCOL_ERROR
        );
        s.phase = Phase::Ready;
        assert!(s.frame_limit_error(16 << 20).is_none());
        assert!(register(&mut s, &["SCHEMA_CHANGE".into()]).is_ok());
        assert!(register(&mut s, &["NOPE".into()]).is_err());
    }
}
