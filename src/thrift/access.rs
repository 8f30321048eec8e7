//! Who a connection is, and whether it may do what a call asks: the one
//! place both API generations log in and authorize.
//!
//! - [`login`]: every `login` (0.6 or 19.x) replaces the connection's
//!   identity. A failed one leaves the connection logged out: the client
//!   asked to become someone else, and acting on as the previous user would
//!   be acting for someone it no longer claims to be. (0.6.13 and 1.2 both
//!   kept the previous login when a new one failed; this is stricter.)
//! - [`require_login`]: 1.2's `validateLogin`.
//! - [`check`]: 1.2's `hasKeyspaceAccess` / `hasColumnFamilyAccess`, over
//!   the access.properties grants, read afresh on every check so that a
//!   revoked grant is gone at once.
//!
//! With an authenticator that requires no login (AllowAll) everything
//! passes. This module must not know which call needs what; the API
//! implementations say it with [`Access`] values.

use crate::auth::access::{Access, NOT_LOGGED_IN};
use crate::auth::{AuthError, AuthenticatedUser};
use crate::node::Node;
use crate::thrift::error::{ApiError, ApiResult};
use crate::thrift::session::{Identity, Session};

/// Replaces the connection's identity with the outcome of `attempt` (the
/// authenticator's check): the new user, or nobody when it failed.
pub fn login(
    session: &mut Session,
    api2_keyspace: Option<&str>,
    attempt: Result<AuthenticatedUser, AuthError>,
) -> ApiResult<()> {
    session.identity = None;
    let user = attempt.map_err(ApiError::from)?;
    session.identity = Some(Identity {
        user: user.username,
        api2_keyspace: api2_keyspace.map(str::to_string),
    });
    Ok(())
}

/// Whether calls must be made by someone logged in.
pub fn enforced(node: &Node) -> bool {
    node.auth.requires_login()
}

/// 1.2's `validateLogin`: an InvalidRequestException when the
/// authenticator requires a login and the connection has none.
pub fn require_login(node: &Node, identity: Option<&Identity>) -> ApiResult<()> {
    if enforced(node) && identity.is_none() {
        return Err(ApiError::invalid(NOT_LOGGED_IN));
    }
    Ok(())
}

/// May this connection do `access`? Refusals are InvalidRequestExceptions
/// with 1.2's texts; unreadable grants are an internal error (logged).
pub fn check(node: &Node, identity: Option<&Identity>, access: &Access) -> ApiResult<()> {
    if !enforced(node) {
        return Ok(());
    }
    let Some(identity) = identity else {
        return Err(ApiError::invalid(NOT_LOGGED_IN));
    };
    if access.needs_only_login() {
        return Ok(());
    }
    let user = AuthenticatedUser {
        username: identity.user.clone(),
    };
    match node.auth.may_use(&user, access.resource.keyspace()) {
        Ok(true) => Ok(()),
        Ok(false) => Err(ApiError::invalid(
            access.denial(identity.user.as_deref().unwrap_or_default()),
        )),
        Err(e) => Err(ApiError::Internal(e.to_string())),
    }
}

/// [`check`] for each of `accesses`, stopping at the first refusal; a
/// login is required even when the list is empty.
pub fn check_all(node: &Node, identity: Option<&Identity>, accesses: &[Access]) -> ApiResult<()> {
    require_login(node, identity)?;
    accesses.iter().try_for_each(|a| check(node, identity, a))
}

/// The keyspaces `accesses` cover: all a checked call may reach (see
/// `crate::node::cql::NodeBackend::confined`). `None` when nothing is enforced.
pub fn reach(node: &Node, accesses: &[Access]) -> Option<std::collections::BTreeSet<String>> {
    enforced(node).then(|| {
        accesses
            .iter()
            .map(|a| a.resource.keyspace().to_string())
            .collect()
    })
}

#[cfg(test)]
#[path = "access_tests.rs"]
mod tests;
