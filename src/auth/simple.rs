//! SimpleAuthenticator: usernames and passwords from `passwd.properties`,
//! keyspace access lists from `access.properties`, checked as Cassandra
//! 0.6.13 checked them, with its messages.
//!
//! Formats (Java properties files, see [`super::properties`]):
//! - passwd.properties: `user=password`; with `PasswdMode="MD5"` the
//!   password is the hex MD5 digest of the UTF-8 password.
//! - access.properties: `Keyspace=user1,user2`. As in 0.6 the list is split
//!   on commas and *not* trimmed: `a, b` lets in `a` and ` b`, not `b`.
//!
//! Both files are read again on every login, as 0.6 did, so edits apply
//! without a restart; they are also read once at start-up so a missing or
//! malformed file stops the server instead of failing every login.
//!
//! 0.6.13 quirks kept on purpose: an unknown user and a keyspace missing from
//! access.properties were thrown inside a catch-all and surfaced as internal
//! errors ([`AuthError::Internal`]), while a wrong password and a user not in
//! the keyspace's list were proper Authentication/Authorization exceptions.

use super::properties;
use super::{
    AuthError, AuthSetupError, AuthenticatedUser, Authenticator, PASSWORD_KEY, SIMPLE_CLASS,
    USERNAME_KEY,
};
use crate::input_bounds::{read_regular_file, MAX_CONFIG_BYTES};
use md5::{Digest, Md5};
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// How passwords are stored in passwd.properties (0.6's `passwd.mode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordMode {
    Plain,
    Md5,
}

impl fmt::Display for PasswordMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PasswordMode::Plain => "PLAIN",
            PasswordMode::Md5 => "MD5",
        })
    }
}

#[derive(Debug, Clone)]
pub struct SimpleAuthenticator {
    passwd_file: PathBuf,
    access_file: PathBuf,
    mode: PasswordMode,
}

/// 0.6's property names, used in its file error messages.
const PASSWD_ROLE: &str = "passwd.properties";
const ACCESS_ROLE: &str = "access.properties";

/// Reads one properties file, bounded as every configuration file is: a
/// device or FIFO named as a passwd file (`/dev/zero`) is refused, not read
/// forever, and so is a file over the configuration cap.
fn load(path: &Path) -> Result<BTreeMap<String, String>, String> {
    let bytes = read_regular_file(path, MAX_CONFIG_BYTES).map_err(|e| e.to_string())?;
    properties::parse(&properties::latin1(&bytes)).map_err(|e| e.to_string())
}

fn authentication_failed(mode: PasswordMode, username: &str) -> String {
    format!("Given password in password mode {mode} could not be validated for user {username}")
}

fn authorization_failed(keyspace: &str, username: &str) -> String {
    format!("User {username} could not be authorized to use keyspace {keyspace}")
}

/// Decodes a hex digest; `None` if it is not an even run of hex digits.
fn hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

impl SimpleAuthenticator {
    /// Checks that both files can be read and parsed.
    pub fn new(
        passwd_file: PathBuf,
        access_file: PathBuf,
        mode: PasswordMode,
    ) -> Result<SimpleAuthenticator, AuthSetupError> {
        for (role, path) in [(PASSWD_ROLE, &passwd_file), (ACCESS_ROLE, &access_file)] {
            load(path).map_err(|reason| AuthSetupError::File {
                role,
                path: path.clone(),
                reason,
            })?;
        }
        Ok(SimpleAuthenticator {
            passwd_file,
            access_file,
            mode,
        })
    }

    pub fn passwd_file(&self) -> &Path {
        &self.passwd_file
    }

    pub fn access_file(&self) -> &Path {
        &self.access_file
    }

    pub fn mode(&self) -> PasswordMode {
        self.mode
    }

    /// access.properties, read afresh.
    fn grants(&self) -> Result<BTreeMap<String, String>, AuthError> {
        load(&self.access_file).map_err(|e| {
            AuthError::Internal(format!(
                "Authorization table file given by property {ACCESS_ROLE} could not be opened: {}: {e}",
                self.access_file.display()
            ))
        })
    }

    fn password_matches(
        &self,
        username: &str,
        given: &str,
        stored: &str,
    ) -> Result<bool, AuthError> {
        match self.mode {
            PasswordMode::Plain => Ok(given == stored),
            PasswordMode::Md5 => {
                let stored = hex(stored).ok_or_else(|| {
                    AuthError::Internal(format!(
                        "Unexpected authentication problem: the MD5 password of user {username} in {} is not a hex digest",
                        self.passwd_file.display()
                    ))
                })?;
                Ok(Md5::digest(given.as_bytes()).as_slice() == stored.as_slice())
            }
        }
    }
}

impl Authenticator for SimpleAuthenticator {
    fn class_name(&self) -> &'static str {
        SIMPLE_CLASS
    }

    fn requires_login(&self) -> bool {
        true
    }

    fn authenticate(
        &self,
        credentials: &BTreeMap<String, String>,
    ) -> Result<AuthenticatedUser, AuthError> {
        let missing = |key: &str| {
            AuthError::Authentication(format!(
                "Authentication request was missing the required key '{key}'"
            ))
        };
        let username = credentials
            .get(USERNAME_KEY)
            .ok_or_else(|| missing(USERNAME_KEY))?;
        let password = credentials
            .get(PASSWORD_KEY)
            .ok_or_else(|| missing(PASSWORD_KEY))?;

        let passwords = load(&self.passwd_file).map_err(|e| {
            AuthError::Internal(format!(
                "Authentication table file given by property {PASSWD_ROLE} could not be opened: {}: {e}",
                self.passwd_file.display()
            ))
        })?;
        let Some(stored) = passwords.get(username) else {
            return Err(AuthError::Internal(format!(
                "Unexpected authentication problem: {}",
                authentication_failed(self.mode, username)
            )));
        };
        if !self.password_matches(username, password, stored)? {
            return Err(AuthError::Authentication(authentication_failed(
                self.mode, username,
            )));
        }
        Ok(AuthenticatedUser {
            username: Some(username.clone()),
        })
    }

    fn authorize(&self, user: &AuthenticatedUser, keyspace: &str) -> Result<(), AuthError> {
        let username = user.username.as_deref().unwrap_or_default();
        let access = self.grants()?;
        let Some(allowed) = access.get(keyspace) else {
            return Err(AuthError::Internal(format!(
                "Unexpected authorization problem: {}",
                authorization_failed(keyspace, username)
            )));
        };
        if !listed(allowed, username) {
            return Err(AuthError::Authorization(authorization_failed(
                keyspace, username,
            )));
        }
        Ok(())
    }

    fn may_use(&self, user: &AuthenticatedUser, keyspace: &str) -> Result<bool, AuthError> {
        let Some(username) = user.username.as_deref() else {
            return Ok(false);
        };
        Ok(self
            .grants()?
            .get(keyspace)
            .is_some_and(|allowed| listed(allowed, username)))
    }
}

/// Whether `username` is in an access.properties list (split on commas,
/// not trimmed, as 0.6 did).
fn listed(allowed: &str, username: &str) -> bool {
    allowed.split(',').any(|listed| listed == username)
}
