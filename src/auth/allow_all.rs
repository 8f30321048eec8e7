//! AllowAllAuthenticator: every login succeeds and none is required.

use super::{AuthError, AuthenticatedUser, Authenticator, ALLOW_ALL_CLASS};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, Default)]
pub struct AllowAllAuthenticator;

impl Authenticator for AllowAllAuthenticator {
    fn class_name(&self) -> &'static str {
        ALLOW_ALL_CLASS
    }

    fn requires_login(&self) -> bool {
        false
    }

    fn authenticate(
        &self,
        _credentials: &BTreeMap<String, String>,
    ) -> Result<AuthenticatedUser, AuthError> {
        Ok(AuthenticatedUser { username: None })
    }

    fn authorize(&self, _user: &AuthenticatedUser, _keyspace: &str) -> Result<(), AuthError> {
        Ok(())
    }

    fn may_use(&self, _user: &AuthenticatedUser, _keyspace: &str) -> Result<bool, AuthError> {
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn anything_goes() {
        let a = AllowAllAuthenticator;
        assert!(!a.requires_login());
        assert_eq!(a.class_name(), ALLOW_ALL_CLASS);
        let creds = BTreeMap::from([("username".to_string(), "x".to_string())]);
        assert_eq!(
            a.login("NoSuchKS", &creds),
            Ok(AuthenticatedUser { username: None })
        );
        assert!(a.login("", &BTreeMap::new()).is_ok());
        assert_eq!(
            a.may_use(&AuthenticatedUser { username: None }, "x"),
            Ok(true)
        );
    }
}
