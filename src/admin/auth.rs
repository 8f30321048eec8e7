//! Who may use the admin surface. With an authenticator that requires a
//! login (SimpleAuthenticator), a request carries HTTP Basic credentials
//! that the node's authenticator accepts (the same username and password
//! a Thrift `login` takes) of an operator: a user who may use every
//! keyspace of the schema (the admin calls act on all of them: flush,
//! snapshot, reset, faults, the activity of every client). `/healthz` is
//! open to all, for readiness probes. With AllowAll every request is let in.
//!
//! Bad or missing credentials are a 401 with a Basic challenge; good
//! credentials of a user without access to every keyspace a 403.

use super::http::AdminError;
use crate::auth::{AuthError, PASSWORD_KEY, USERNAME_KEY};
use crate::node::Node;
use base64::Engine as _;
use std::collections::BTreeMap;

/// Checks the `Authorization` header value (if any) of an operator-only
/// request; the user's name when the authenticator names users.
pub fn check_operator(
    node: &Node,
    authorization: Option<&[u8]>,
) -> Result<Option<String>, AdminError> {
    let auth = &node.auth;
    if !auth.requires_login() {
        return Ok(None);
    }
    let Some(header) = authorization else {
        return Err(AdminError::Unauthenticated(
            "this server requires a login: send HTTP Basic credentials".into(),
        ));
    };
    let (username, password) = basic_credentials(header)?;
    let credentials = BTreeMap::from([
        (USERNAME_KEY.to_string(), username.clone()),
        (PASSWORD_KEY.to_string(), password),
    ]);
    let user = auth.authenticate(&credentials).map_err(|e| match e {
        AuthError::Authentication(why) | AuthError::Authorization(why) => {
            AdminError::Unauthenticated(why)
        }
        // 0.6 hid these behind an internal error; the detail goes to the log.
        AuthError::Internal(detail) => {
            tracing::info!("admin login of {username:?} refused: {detail}");
            AdminError::Unauthenticated(format!("user {username} could not be authenticated"))
        }
    })?;
    for ks in node.schema().user_keyspaces() {
        let allowed = auth
            .may_use(&user, &ks.name)
            .map_err(|e| AdminError::Internal(format!("cannot read the access grants: {e}")))?;
        if !allowed {
            return Err(AdminError::Forbidden(format!(
                "user {username} may not use keyspace {}; the admin surface is for users \
                 who may use every keyspace",
                ks.name
            )));
        }
    }
    Ok(user.username.or(Some(username)))
}

/// The username and password of a `Basic` authorization header.
fn basic_credentials(header: &[u8]) -> Result<(String, String), AdminError> {
    let bad = || AdminError::Unauthenticated("malformed Basic credentials".into());
    let text = std::str::from_utf8(header).map_err(|_| bad())?.trim();
    let (scheme, encoded) = text.split_once(' ').ok_or_else(bad)?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(AdminError::Unauthenticated(format!(
            "unsupported authorization scheme {scheme}: use Basic"
        )));
    }
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(encoded.trim())
        .map_err(|_| bad())?;
    let pair = String::from_utf8(decoded).map_err(|_| bad())?;
    let (user, password) = pair.split_once(':').ok_or_else(bad)?;
    Ok((user.to_string(), password.to_string()))
}

#[cfg(test)]
mod tests {
    use super::basic_credentials;

    #[test]
    fn basic_headers_are_decoded() {
        // "jsmith:havebadpass"
        let (u, p) = basic_credentials(b"Basic anNtaXRoOmhhdmViYWRwYXNz").unwrap();
        assert_eq!((u.as_str(), p.as_str()), ("jsmith", "havebadpass"));
        // "a:b:c": the password may hold colons.
        assert_eq!(basic_credentials(b"basic YTpiOmM=").unwrap().1, "b:c");
        for bad in [
            &b"Bearer x"[..],
            b"Basic",
            b"Basic !!!",
            b"Basic bm9jb2xvbg==",
        ] {
            assert!(
                basic_credentials(bad).is_err(),
                "{:?}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
