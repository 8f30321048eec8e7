//! The `cassandra.yaml` settings that need more than a default and a
//! check: the required partitioner, `commitlog_sync` with its period or
//! window, the authenticator (and the authorization keys it rules out),
//! the data directories, the Thrift frame size, `disk_access_mode`, a
//! warning for `start_rpc: false`, and 0.7's `keyspaces:`. They are read
//! before the plain settings, in this order, which decides which complaint
//! a file with several mistakes gets.

use super::fields::Fields;
use super::keyspace as yaml_keyspace;
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    AuthenticatorConfig, CommitLogSync, DiskAccessMode, KeyspaceConfig, DEFAULT_AUTHENTICATOR,
};
use std::path::PathBuf;

const AUTH_PACKAGE: &str = "org.apache.cassandra.auth.";

/// What [`Special::read`] found, for the plain settings to join.
pub(super) struct Special {
    pub partitioner: String,
    pub partitioner_line: usize,
    pub commit_log_sync: CommitLogSync,
    pub authenticator: AuthenticatorConfig,
    pub data_file_directories: Vec<PathBuf>,
    pub framed_size: Option<u32>,
    pub disk_access_mode: DiskAccessMode,
    pub keyspaces: Vec<KeyspaceConfig>,
}

impl Special {
    /// `ignored` gains the keyspace settings a single node does not use.
    pub fn read(
        cx: &mut Cx,
        f: &Fields<'_>,
        ignored: &mut Vec<IgnoredSetting>,
    ) -> Result<Special, ConfigError> {
        let Some((partitioner, partitioner_line)) = f.text(cx, "partitioner")? else {
            return Err(cx.invalid(f.line, "partitioner", "Missing directive: partitioner"));
        };
        let partitioner = partitioner.trim().to_string();
        let commit_log_sync = commit_log_sync(cx, f)?;
        let authenticator = authenticator(cx, f)?;
        let data_file_directories = f
            .list(cx, "data_file_directories")?
            .into_iter()
            .map(|(d, _)| PathBuf::from(d))
            .collect();
        let framed_size = f.opt_int(
            cx,
            "thrift_framed_transport_size_in_mb",
            |v| (0..=2047).contains(&v),
            "thrift_framed_transport_size_in_mb must be between 0 and 2047",
        )?;
        let disk_access_mode = disk_access_mode(cx, f)?;
        notes(cx, f)?;
        let endpoint_snitch = f
            .string(cx, "endpoint_snitch")?
            .unwrap_or_else(|| "org.apache.cassandra.locator.SimpleSnitch".to_string());
        let keyspaces = match f.node("keyspaces") {
            Some(node) => yaml_keyspace::keyspaces(cx, node, &endpoint_snitch, ignored)?,
            None => Vec::new(),
        };
        Ok(Special {
            partitioner,
            partitioner_line,
            commit_log_sync,
            authenticator,
            data_file_directories,
            framed_size,
            disk_access_mode,
            keyspaces,
        })
    }
}

/// `commitlog_sync` with exactly one of its period or batch window, with
/// the checks (and nearly the words) of 1.2's `DatabaseDescriptor`.
fn commit_log_sync(cx: &Cx, f: &Fields<'_>) -> Result<CommitLogSync, ConfigError> {
    let period = f.text(cx, "commitlog_sync_period_in_ms")?;
    let window = f.text(cx, "commitlog_sync_batch_window_in_ms")?;
    let Some((mode, line)) = f.text(cx, "commitlog_sync")? else {
        return Err(cx.invalid(
            f.line,
            "commitlog_sync",
            "Missing required directive CommitLogSync",
        ));
    };
    match mode.trim() {
        "batch" => {
            if let Some((_, pline)) = period {
                return Err(cx.invalid(pline, "commitlog_sync_period_in_ms", "Batch sync specified, but commitlog_sync_period_in_ms found.  Only specify commitlog_sync_batch_window_in_ms when using batch sync"));
            }
            let Some((raw, wline)) = window else {
                return Err(cx.invalid(
                    line,
                    "commitlog_sync",
                    "Missing value for commitlog_sync_batch_window_in_ms: Double expected.",
                ));
            };
            match values::double(raw) {
                Ok(w) if w >= 0.0 => Ok(CommitLogSync::Batch { window_in_ms: w }),
                _ => Err(cx.invalid(
                    wline,
                    "commitlog_sync_batch_window_in_ms",
                    format!("commitlog_sync_batch_window_in_ms must be a number of milliseconds, 0 or more (found '{raw}')"),
                )),
            }
        }
        "periodic" => {
            if let Some((_, wline)) = window {
                return Err(cx.invalid(wline, "commitlog_sync_batch_window_in_ms", "Periodic sync specified, but commitlog_sync_batch_window_in_ms found.  Only specify commitlog_sync_period_in_ms when using periodic sync."));
            }
            let Some((raw, pline)) = period else {
                return Err(cx.invalid(
                    line,
                    "commitlog_sync",
                    "Missing value for commitlog_sync_period_in_ms: Integer expected",
                ));
            };
            match values::integer::<u32>(raw) {
                Ok(p) if p > 0 => Ok(CommitLogSync::Periodic { period_in_ms: p }),
                _ => Err(cx.invalid(
                    pline,
                    "commitlog_sync_period_in_ms",
                    format!("commitlog_sync_period_in_ms must be a positive number of milliseconds (found '{raw}')"),
                )),
            }
        }
        other => Err(cx.invalid(
            line,
            "commitlog_sync",
            format!("commitlog_sync must be either 'periodic' or 'batch' (found '{other}')"),
        )),
    }
}

/// `authenticator` (short or full class name), and the authorization keys
/// that would need users and grants kept in tables.
fn authenticator(cx: &mut Cx, f: &Fields<'_>) -> Result<AuthenticatorConfig, ConfigError> {
    let mut config = AuthenticatorConfig {
        class_name: DEFAULT_AUTHENTICATOR.into(),
        passwd_properties: None,
        access_properties: None,
        passwd_mode: None,
        line: None,
    };
    if let Some((raw, line)) = f.text(cx, "authenticator")? {
        let class = raw.trim();
        let short = class.strip_prefix(AUTH_PACKAGE).unwrap_or(class);
        if short == "PasswordAuthenticator" {
            return Err(cx.invalid(
                line,
                "authenticator",
                "PasswordAuthenticator is not supported: its users live in the system_auth \
                 keyspace and are managed with CQL's CREATE USER, which supercolumn does not serve. \
                 Use AllowAllAuthenticator, or SimpleAuthenticator with passwd.properties and \
                 access.properties beside this file",
            ));
        }
        // The class resolves (or is refused, naming this line) where the
        // authenticator is built; the package is added to a short name.
        config.class_name = if class.contains('.') {
            class.to_string()
        } else {
            format!("{AUTH_PACKAGE}{class}")
        };
        config.line = Some(line);
    }
    if let Some((raw, line)) = f.text(cx, "authorizer")? {
        let class = raw.trim();
        if class.strip_prefix(AUTH_PACKAGE).unwrap_or(class) != "AllowAllAuthorizer" {
            return Err(cx.invalid(
                line,
                "authorizer",
                format!("authorizer {class} is not supported: GRANT and REVOKE are not served. Use AllowAllAuthorizer (SimpleAuthenticator applies access.properties)"),
            ));
        }
    }
    if let Some((raw, line)) = f.text(cx, "authority")? {
        let class = raw.trim();
        let short = class.strip_prefix(AUTH_PACKAGE).unwrap_or(class);
        if short != "AllowAllAuthority" && short != "SimpleAuthority" {
            cx.warn(
                line,
                format!("authority {class} ignored (SimpleAuthenticator applies access.properties itself)"),
            );
        }
    }
    Ok(config)
}

fn disk_access_mode(cx: &Cx, f: &Fields<'_>) -> Result<DiskAccessMode, ConfigError> {
    Ok(match f.text(cx, "disk_access_mode")? {
        None => DiskAccessMode::Auto,
        Some((raw, line)) => match raw.trim() {
            "auto" => DiskAccessMode::Auto,
            "mmap" => DiskAccessMode::Mmap,
            "mmap_index_only" => DiskAccessMode::MmapIndexOnly,
            "standard" => DiskAccessMode::Standard,
            other => {
                return Err(cx.invalid(
                    line,
                    "disk_access_mode",
                    format!("disk_access_mode must be auto, mmap, mmap_index_only or standard (found '{other}')"),
                ))
            }
        },
    })
}

/// Settings accepted with a word of warning: they ask for something
/// supercolumn does differently.
fn notes(cx: &mut Cx, f: &Fields<'_>) -> Result<(), ConfigError> {
    if f.opt_bool(cx, "start_rpc")? == Some(false) {
        let line = f.line_of("start_rpc").unwrap_or(f.line);
        cx.warn(
            line,
            "start_rpc: false ignored: supercolumn always serves Thrift on rpc_port",
        );
    }
    Ok(())
}
