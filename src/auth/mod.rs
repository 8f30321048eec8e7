//! Authenticators: who may use the API, as Cassandra 0.6's `login` call
//! decided it. [`AllowAllAuthenticator`] lets everyone in; with
//! [`SimpleAuthenticator`] a client must `login` with a username and password
//! from `passwd.properties` and be listed for the keyspace in
//! `access.properties`.
//!
//! The authenticator is chosen by the config's `<Authenticator>` class name
//! ([`from_config`]). Errors carry 0.6.13's exact `why` texts; the server
//! turns [`AuthError`] into the Thrift exceptions (see its variants). This
//! module must not know about the wire or connections: the server keeps the
//! per-connection login state. 0.6's `login` names a keyspace and runs
//! both checks ([`Authenticator::login`]); 19.x's names none, so the server
//! authenticates at `login` and asks [`Authenticator::may_use`] for each
//! keyspace a request touches ([`access`] names what a request needs).

pub mod access;
mod allow_all;
pub mod properties;
mod simple;

pub use allow_all::AllowAllAuthenticator;
pub use simple::{PasswordMode, SimpleAuthenticator};

use crate::config::Config;
use std::collections::BTreeMap;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;

/// Full class names as the config writes them.
pub const ALLOW_ALL_CLASS: &str = "org.apache.cassandra.auth.AllowAllAuthenticator";
pub const SIMPLE_CLASS: &str = "org.apache.cassandra.auth.SimpleAuthenticator";

/// The credential keys SimpleAuthenticator reads.
pub const USERNAME_KEY: &str = "username";
pub const PASSWORD_KEY: &str = "password";

/// The message 0.6's Thrift processor sent (as a `TApplicationException` of
/// type INTERNAL_ERROR) when `login` failed with anything but the two
/// declared exceptions; see [`AuthError::Internal`].
pub const INTERNAL_ERROR_MESSAGE: &str = "Internal error processing login";

/// Checks `login` calls.
pub trait Authenticator: Send + Sync + fmt::Debug {
    /// The Java class this stands for, e.g. [`SIMPLE_CLASS`] (for logs).
    fn class_name(&self) -> &'static str;

    /// Whether the data calls need a prior successful login on the
    /// connection. In 0.6.13 those were get, get_slice, multiget,
    /// multiget_slice, get_count, get_range_slice(s), insert, batch_insert,
    /// batch_mutate and remove (not login, logout, describe_* or
    /// get_string(_list)_property); without a login they answered
    /// `InvalidRequestException("Login is required before any other API
    /// calls")`. False only for AllowAll, which 0.6 exempted by class.
    fn requires_login(&self) -> bool;

    /// Checks `credentials` (the Thrift `AuthenticationRequest` map): who
    /// is this? The 19.x `login`, which names no keyspace.
    fn authenticate(
        &self,
        credentials: &BTreeMap<String, String>,
    ) -> Result<AuthenticatedUser, AuthError>;

    /// May `user` use `keyspace`? 0.6's login check, with its errors.
    fn authorize(&self, user: &AuthenticatedUser, keyspace: &str) -> Result<(), AuthError>;

    /// May `user` use `keyspace`, as a yes or no: the per-request check.
    /// `Err` only when the grants cannot be read at all (then nobody may).
    fn may_use(&self, user: &AuthenticatedUser, keyspace: &str) -> Result<bool, AuthError>;

    /// 0.6's `login(keyspace, credentials)`: both checks at once.
    fn login(
        &self,
        keyspace: &str,
        credentials: &BTreeMap<String, String>,
    ) -> Result<AuthenticatedUser, AuthError> {
        let user = self.authenticate(credentials)?;
        self.authorize(&user, keyspace)?;
        Ok(user)
    }
}

/// Who logged in; the server may keep it with the connection for its logs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AuthenticatedUser {
    /// `None` when the authenticator does not identify users (AllowAll).
    pub username: Option<String>,
}

/// Why a login failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AuthError {
    /// Thrift `AuthenticationException` with this `why`.
    #[error("{0}")]
    Authentication(String),
    /// Thrift `AuthorizationException` with this `why`.
    #[error("{0}")]
    Authorization(String),
    /// 0.6.13 threw a RuntimeException here (an unknown user, a keyspace not
    /// in access.properties, an unreadable file): its Thrift processor logged
    /// it and replied with `TApplicationException(INTERNAL_ERROR,
    /// INTERNAL_ERROR_MESSAGE)`. The text is the detail for the server log,
    /// not for the client.
    #[error("{0}")]
    Internal(String),
}

/// The configured authenticator cannot be set up.
#[derive(Debug, thiserror::Error)]
pub enum AuthSetupError {
    #[error("{origin}:{line}: <Authenticator>: Invalid authenticator class {class_name}")]
    UnknownClass {
        origin: String,
        line: usize,
        class_name: String,
    },

    #[error("SimpleAuthenticator cannot use {path} as its {role}: {reason}")]
    File {
        role: &'static str,
        path: PathBuf,
        reason: String,
    },
}

/// Builds the authenticator `<Authenticator>` names. Both the full class
/// names and the short ones (`SimpleAuthenticator`) are accepted.
///
/// SimpleAuthenticator's files are the `PasswdProperties` /
/// `AccessProperties` attributes when given (relative to the current
/// directory, like every path in the config), otherwise `passwd.properties`
/// and `access.properties` next to the config file (or in the current
/// directory for a config that was not read from a file). 0.6 took them from
/// the `passwd.properties` / `access.properties` Java system properties.
pub fn from_config(config: &Config) -> Result<Arc<dyn Authenticator>, AuthSetupError> {
    let auth = &config.authenticator;
    let class = auth.class_name.trim();
    let short = class
        .strip_prefix("org.apache.cassandra.auth.")
        .unwrap_or(class);
    match short {
        "AllowAllAuthenticator" => Ok(Arc::new(AllowAllAuthenticator)),
        "SimpleAuthenticator" => {
            let dir = config
                .config_dir()
                .map(|d| d.to_path_buf())
                .unwrap_or_else(|| PathBuf::from("."));
            let passwd = auth
                .passwd_properties
                .clone()
                .unwrap_or_else(|| dir.join("passwd.properties"));
            let access = auth
                .access_properties
                .clone()
                .unwrap_or_else(|| dir.join("access.properties"));
            let mode = match auth.passwd_mode.as_deref() {
                Some("MD5") => PasswordMode::Md5,
                _ => PasswordMode::Plain,
            };
            Ok(Arc::new(SimpleAuthenticator::new(passwd, access, mode)?))
        }
        _ => Err(AuthSetupError::UnknownClass {
            origin: config.origin.clone(),
            line: auth.line.unwrap_or(1),
            class_name: class.to_string(),
        }),
    }
}

#[cfg(test)]
mod tests;
