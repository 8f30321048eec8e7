//! The session statements of `supercolumn cli` (1.2 mode) around the
//! connection: `connect host/port [user 'password'];`, logging in with
//! SimpleAuthenticator (`-u`/`-pw`, `connect ... user 'pw'`, `use KS user
//! 'pw'`), `trace next query;` and `set trace probability`. Messages are
//! cassandra-cli 1.2.9's (`Exception connecting to H/P. Reason: ...`,
//! `Exception during authentication to the cassandra node, ...`,
//! `Will trace next query. Session ID: ...`). Data statements are not here.

use crate::shell::cli::backend::Backend;
use crate::shell::cli::statement::{Command, ParseError};
use crate::shell::cli::{Cli, CliError, Offline};
use crate::thrift::client_error::CallError;

/// `connect <host>/<port> [<user> '<password>']` (the statement's text,
/// without its `;`). The host is a dotted name or address, as in 1.2's grammar.
pub fn parse_connect(statement: &str) -> Result<Command, ParseError> {
    let err = |pos: usize, what: &str| {
        Err(ParseError {
            pos,
            what: what.to_string(),
        })
    };
    let lead = statement.len() - statement.trim_start().len();
    let rest = &statement[lead + "connect".len()..];
    let base = lead + "connect".len();
    let Some(slash) = rest.find('/') else {
        return err(statement.len(), "mismatched input '<EOF>' expecting '/'");
    };
    let host = rest[..slash].trim();
    let host_ok = !host.is_empty()
        && host.split('.').all(|p| {
            !p.is_empty()
                && p.chars()
                    .all(|c| c.is_alphanumeric() || c == '_' || c == '-')
        });
    if !host_ok {
        return err(base, "no viable alternative at input 'connect'");
    }
    let after = &rest[slash + 1..];
    let port_text: String = after
        .trim_start()
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    let port_at = base + slash + 1 + (after.len() - after.trim_start().len());
    let Ok(port) = port_text.parse::<u16>() else {
        return err(port_at, "mismatched input expecting IntegerPositiveLiteral");
    };
    let tail = after.trim_start()[port_text.len()..].trim();
    let login = if tail.is_empty() {
        None
    } else {
        let (user, pw) = tail.split_once(char::is_whitespace).unwrap_or((tail, ""));
        let pw = pw.trim();
        if user.is_empty()
            || !user.chars().all(|c| c.is_alphanumeric() || c == '_')
            || pw.len() < 2
            || !pw.starts_with('\'')
            || !pw.ends_with('\'')
        {
            return err(
                port_at + port_text.len(),
                "expected a user name and a quoted password",
            );
        }
        Some((user.to_string(), pw[1..pw.len() - 1].to_string()))
    };
    Ok(Command::Connect {
        host: host.to_string(),
        port,
        login,
    })
}

/// What a failed `login` prints, as cassandra-cli 1.2 worded each case.
fn login_failure(e: CallError, keyspace: Option<&str>) -> CliError {
    CliError(match e {
        CallError::Authentication(_) => "Exception during authentication to the cassandra node, Verify the keyspace exists, and that you are using the correct credentials.".into(),
        CallError::Authorization(_) => format!(
            "You are not authorized to use keyspace: {}",
            keyspace.unwrap_or("null")
        ),
        _ => "Login failure. Did you specify 'keyspace', 'username' and 'password'?".into(),
    })
}

impl Cli<'_> {
    /// Logs the connection in (cassandra-cli's start-up and `connect` path).
    pub fn login(&mut self, user: &str, password: &str) -> Result<(), CliError> {
        let ks = self.keyspace.clone();
        match self.backend.login(user, password) {
            Ok(()) => {
                self.username = user.to_string();
                Ok(())
            }
            Err(e) => {
                // cassandra-cli dropped the client after a failed login.
                self.offline = Some(Offline::NotConnected);
                Err(login_failure(e, ks.as_deref()))
            }
        }
    }

    /// `connect host/port [user 'password'];`: a new connection (the
    /// keyspace is forgotten, as a new cassandra-cli client started without
    /// one), logged in when credentials are given or were given before.
    pub(crate) fn reconnect(
        &mut self,
        host: &str,
        port: u16,
        login: Option<(String, String)>,
    ) -> Result<(), CliError> {
        if login.is_some() {
            self.credentials = login;
        }
        // The old connection is closed first: if the new one fails, the
        // session is left without one, as cassandra-cli's was.
        self.offline = Some(Offline::Closed);
        let backend = Backend::connect(host, port).map_err(|reason| {
            let reason = reason
                .strip_prefix(&format!("Exception connecting to {host}/{port}. Reason: "))
                .map(|r| r.trim_end_matches('.').to_string())
                .unwrap_or(reason);
            CliError(format!(
                "Exception connecting to {host}/{port}. Reason: {reason}."
            ))
        })?;
        self.backend = backend;
        self.offline = None;
        self.keyspace = None;
        self.schema = None;
        self.username = "default".into();
        self.host = host.to_string();
        if let Some((user, password)) = self.credentials.clone() {
            self.login(&user, &password)?;
        }
        if !self.enter_start_keyspace() {
            return Ok(());
        }
        let cluster = self.backend.cluster_name().map_err(|_| {
            CliError("Exception retrieving information about the cassandra node, check you have connected to the thrift port.".into())
        })?;
        self.say(&format!("Connected to: \"{cluster}\" on {host}/{port}\n"));
        Ok(())
    }

    /// Enters the `-k` keyspace on a new connection, quietly; if that fails
    /// cassandra-cli said `Keyspace KS not found` and left out its
    /// `Connected to:` line (the connection stays). Returns whether to print it.
    pub fn enter_start_keyspace(&mut self) -> bool {
        let Some(ks) = self.start_keyspace.clone() else {
            return true;
        };
        if self.use_keyspace(&ks, false).is_err() {
            let _ = self.out.flush();
            eprintln!("Keyspace {ks} not found");
            return false;
        }
        true
    }

    /// `use KS user 'password';`: switch, then log in; each failure in
    /// cassandra-cli 1.2's words.
    pub(crate) fn use_with_login(
        &mut self,
        ks: &str,
        user: &str,
        password: &str,
    ) -> Result<(), CliError> {
        let (before, before_schema) = (self.keyspace.clone(), self.schema.clone());
        self.use_keyspace(ks, false)?;
        let resolved = self.keyspace.clone().unwrap_or_default();
        self.backend.login(user, password).map_err(|e| {
            // cassandra-cli took the new keyspace only after the login.
            self.keyspace = before;
            self.schema = before_schema;
            CliError(match e {
                CallError::Authentication(_) => "Exception during authentication to the cassandra node: verify keyspace exists, and you are using correct credentials.".into(),
                CallError::Authorization(_) => format!("You are not authorized to use keyspace: {resolved}"),
                CallError::Invalid(_) | CallError::NotFound => format!("{resolved} does not exist."),
                _ => "Login failure. Did you specify 'keyspace', 'username' and 'password'?".into(),
            })
        })?;
        self.username = user.to_string();
        self.say(&format!("Authenticated to keyspace: {resolved}\n"));
        Ok(())
    }

    /// `trace next query;`: the server's session id for the next request.
    pub(crate) fn trace_next_query(&mut self) -> Result<(), CliError> {
        let id = self.backend.trace_next_query()?;
        let id = uuid::Uuid::from_slice(&id)
            .map_err(|_| CliError(format!("bad tracing session id {id:02x?}")))?;
        self.say(&format!("Will trace next query. Session ID: {id}\n"));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connect_forms() {
        assert_eq!(
            parse_connect("connect 127.0.0.1/9160").unwrap(),
            Command::Connect {
                host: "127.0.0.1".into(),
                port: 9160,
                login: None
            }
        );
        assert_eq!(
            parse_connect("CONNECT db-1.example/9161 alice 'se cret'").unwrap(),
            Command::Connect {
                host: "db-1.example".into(),
                port: 9161,
                login: Some(("alice".into(), "se cret".into()))
            }
        );
        assert!(parse_connect("connect localhost").is_err());
        assert!(parse_connect("connect localhost/x").is_err());
        assert!(parse_connect("connect localhost/9160 alice secret").is_err());
    }
}
