//! The `<Storage>` settings that need more than a default and a check:
//! enumerations (`CommitLogSync`, `ThriftApiDefault`, `DiskAccessMode`,
//! `AdminListen`), ports of supercolumn's own front ends, the required
//! partitioner, the listen address, the directories (checked against each
//! other), the authenticator with its attributes, the seeds and the
//! keyspaces. They are read before the plain settings, in this order,
//! which decides which complaint a file with several mistakes gets.

use super::fields::{leaf_text, Top};
use super::keyspace;
use crate::config::context::Cx;
use crate::config::error::{ConfigError, IgnoredSetting};
use crate::config::values;
use crate::config::{
    AdminChoice, AuthenticatorConfig, CommitLogSync, DiskAccessMode, KeyspaceConfig, ThriftApi,
    DEFAULT_AUTHENTICATOR,
};
use std::path::PathBuf;

/// Supercolumn's attributes on `<Authenticator>`.
const AUTHENTICATOR_ATTRIBUTES: &[&str] = &["PasswdProperties", "AccessProperties", "PasswdMode"];

/// What [`Special::read`] found, for the plain settings to join.
pub(super) struct Special {
    pub commit_log_sync: CommitLogSync,
    pub thrift_api_default: ThriftApi,
    pub admin_listen: Option<AdminChoice>,
    pub thrift19_port: Option<u16>,
    pub native_port: Option<u16>,
    pub disk_access_mode: DiskAccessMode,
    pub authenticator: AuthenticatorConfig,
    pub partitioner: String,
    pub listen_address: Option<String>,
    pub data_file_directories: Vec<PathBuf>,
    pub commit_log_directory: Option<PathBuf>,
    pub seeds: Vec<String>,
    pub keyspaces: Vec<KeyspaceConfig>,
    /// Keyspace settings a single node does not use.
    pub keyspace_ignored: Vec<IgnoredSetting>,
}

impl Special {
    pub fn read(cx: &mut Cx, top: &Top<'_>, root_line: usize) -> Result<Special, ConfigError> {
        let commit_log_sync = commit_log_sync(cx, top, root_line)?;
        let thrift_api_default = thrift_api_default(cx, top)?;
        let admin_listen = admin_listen(cx, top)?;
        let thrift19_port = port(cx, top, "Thrift19Port")?;
        let native_port = port(cx, top, "NativeTransportPort")?;
        let disk_access_mode = disk_access_mode(cx, top)?;
        let authenticator = authenticator(cx, top)?;
        let Some((partitioner, _)) = top.text(cx, "Partitioner")? else {
            return Err(cx.invalid(
                root_line,
                "<Storage>",
                "Missing partitioner directive /Storage/Partitioner",
            ));
        };
        let partitioner = partitioner.to_string();
        let listen_address = listen_address(cx, top, root_line)?;
        let (data_file_directories, commit_log_directory) = directories(cx, top)?;
        let seeds = top.list(cx, "Seeds", "Seed")?;
        let mut keyspace_ignored = Vec::new();
        let keyspaces = match top.element("Keyspaces") {
            Some(el) => keyspace::keyspaces(cx, el, &mut keyspace_ignored)?,
            None => Vec::new(),
        };
        // No keyspaces is fine on purpose (0.6 refused it): the 19.x API
        // and CQL on the same port create them. Said, and refused when
        // answering as 0.6.
        if keyspaces.is_empty() {
            let line = top.element("Keyspaces").map_or(root_line, |el| el.line);
            cx.warn_release(
                line,
                "no keyspaces configured: Cassandra 0.6 refused this file \
                 (\"No keyspaces configured\"); supercolumn starts with none, \
                 for the 19.x API or CQL to create",
                "No keyspaces configured".into(),
            );
        }
        Ok(Special {
            commit_log_sync,
            thrift_api_default,
            admin_listen,
            thrift19_port,
            native_port,
            disk_access_mode,
            authenticator,
            partitioner,
            listen_address,
            data_file_directories,
            commit_log_directory,
            seeds: seeds.into_iter().map(|(s, _)| s).collect(),
            keyspaces,
            keyspace_ignored,
        })
    }
}

fn thrift_api_default(cx: &Cx, top: &Top<'_>) -> Result<ThriftApi, ConfigError> {
    Ok(match top.text(cx, "ThriftApiDefault")? {
        None => ThriftApi::Auto,
        Some((raw, line)) => ThriftApi::parse(raw).ok_or_else(|| {
            cx.invalid(
                line,
                "<ThriftApiDefault>",
                format!("ThriftApiDefault must be '0.6', '19' or 'auto' (found '{raw}')"),
            )
        })?,
    })
}

fn admin_listen(cx: &Cx, top: &Top<'_>) -> Result<Option<AdminChoice>, ConfigError> {
    Ok(match top.text(cx, "AdminListen")? {
        None => None,
        Some((raw, line)) => Some(
            AdminChoice::parse(raw)
                .map_err(|e| cx.invalid(line, "<AdminListen>", format!("AdminListen: {e}")))?,
        ),
    })
}

/// The port of one of supercolumn's own front ends (absent: not served
/// from this file).
fn port(cx: &Cx, top: &Top<'_>, name: &str) -> Result<Option<u16>, ConfigError> {
    Ok(match top.text(cx, name)? {
        None => None,
        Some((raw, line)) => Some(raw.trim().parse::<u16>().map_err(|_| {
            cx.invalid(
                line,
                format!("<{name}>"),
                format!("{name} must be a port number (found '{raw}')"),
            )
        })?),
    })
}

fn disk_access_mode(cx: &Cx, top: &Top<'_>) -> Result<DiskAccessMode, ConfigError> {
    Ok(match top.text(cx, "DiskAccessMode")? {
        None => DiskAccessMode::Auto,
        Some((raw, line)) => match raw {
            "auto" => DiskAccessMode::Auto,
            "mmap" => DiskAccessMode::Mmap,
            "mmap_index_only" => DiskAccessMode::MmapIndexOnly,
            "standard" => DiskAccessMode::Standard,
            _ => {
                return Err(cx.invalid(
                    line,
                    "<DiskAccessMode>",
                    format!(
                        "DiskAccessMode must be either 'auto', 'mmap', 'mmap_index_only', or 'standard' (found '{raw}')"
                    ),
                ))
            }
        },
    })
}

fn listen_address(cx: &Cx, top: &Top<'_>, root_line: usize) -> Result<Option<String>, ConfigError> {
    let listen_address = top.string(cx, "ListenAddress")?;
    if listen_address.as_deref() == Some("0.0.0.0") {
        let line = top.element("ListenAddress").map_or(root_line, |e| e.line);
        return Err(cx.invalid(
            line,
            "<ListenAddress>",
            "ListenAddress must be a single interface.  See http://wiki.apache.org/cassandra/FAQ#cant_listen_on_ip_any",
        ));
    }
    Ok(listen_address)
}

/// The data file directories and the commit log directory, which may not
/// be one of them.
fn directories(cx: &mut Cx, top: &Top<'_>) -> Result<(Vec<PathBuf>, Option<PathBuf>), ConfigError> {
    let data_file_directories: Vec<PathBuf> = top
        .list(cx, "DataFileDirectories", "DataFileDirectory")?
        .into_iter()
        .map(|(d, _)| PathBuf::from(d))
        .collect();
    let commit_log_directory = top.path(cx, "CommitLogDirectory")?;
    if let (Some(cl), Some(el)) = (&commit_log_directory, top.element("CommitLogDirectory")) {
        if data_file_directories
            .iter()
            .any(|d| crate::config::same_path(d, cl))
        {
            return Err(cx.invalid(
                el.line,
                "<CommitLogDirectory>",
                "CommitLogDirectory must not be the same as any DataFileDirectory",
            ));
        }
    }
    Ok((data_file_directories, commit_log_directory))
}

fn commit_log_sync(cx: &Cx, top: &Top<'_>, root_line: usize) -> Result<CommitLogSync, ConfigError> {
    let period = top.text(cx, "CommitLogSyncPeriodInMS")?;
    let window = top.text(cx, "CommitLogSyncBatchWindowInMS")?;
    match top.text(cx, "CommitLogSync")? {
        None => Err(cx.invalid(
            root_line,
            "<Storage>",
            "Missing required directive CommitLogSync",
        )),
        Some(("batch", line)) => {
            if let Some((_, pline)) = period {
                return Err(cx.invalid(pline, "<CommitLogSyncPeriodInMS>", "Batch sync specified, but CommitLogSyncPeriodInMS found.  Only specify CommitLogSyncBatchWindowInMS when using batch sync."));
            }
            let expected = "Unrecognized value for CommitLogSyncBatchWindowInMS.  Double expected.";
            let Some((raw, wline)) = window else {
                return Err(cx.invalid(
                    line,
                    "<CommitLogSync>",
                    format!("{expected} (<CommitLogSyncBatchWindowInMS> is missing)"),
                ));
            };
            match values::double(raw) {
                Ok(w) if w >= 0.0 => Ok(CommitLogSync::Batch { window_in_ms: w }),
                _ => Err(cx.invalid(
                    wline,
                    "<CommitLogSyncBatchWindowInMS>",
                    format!("{expected} (found '{raw}')"),
                )),
            }
        }
        Some(("periodic", line)) => {
            if let Some((_, wline)) = window {
                return Err(cx.invalid(wline, "<CommitLogSyncBatchWindowInMS>", "Periodic sync specified, but CommitLogSyncBatchWindowInMS found.  Only specify CommitLogSyncPeriodInMS when using periodic sync."));
            }
            let expected = "Unrecognized value for CommitLogSyncPeriodInMS.  Integer expected.";
            let Some((raw, pline)) = period else {
                return Err(cx.invalid(
                    line,
                    "<CommitLogSync>",
                    format!("{expected} (<CommitLogSyncPeriodInMS> is missing)"),
                ));
            };
            match values::integer::<u32>(raw) {
                Ok(p) if p > 0 => Ok(CommitLogSync::Periodic { period_in_ms: p }),
                _ => Err(cx.invalid(
                    pline,
                    "<CommitLogSyncPeriodInMS>",
                    format!("{expected} (found '{raw}'; it must be positive)"),
                )),
            }
        }
        Some((other, line)) => Err(cx.invalid(
            line,
            "<CommitLogSync>",
            format!("CommitLogSync must be either 'periodic' or 'batch' (found '{other}')"),
        )),
    }
}

fn authenticator(cx: &mut Cx, top: &Top<'_>) -> Result<AuthenticatorConfig, ConfigError> {
    let Some(el) = top.element("Authenticator") else {
        return Ok(AuthenticatorConfig {
            class_name: DEFAULT_AUTHENTICATOR.into(),
            passwd_properties: None,
            access_properties: None,
            passwd_mode: None,
            line: None,
        });
    };
    let class_name = leaf_text(cx, el)?
        .unwrap_or(DEFAULT_AUTHENTICATOR)
        .to_string();
    let mut config = AuthenticatorConfig {
        class_name,
        passwd_properties: None,
        access_properties: None,
        passwd_mode: None,
        line: Some(el.line),
    };
    for a in &el.attrs {
        let at = format!("<Authenticator> attribute {}", a.name);
        let value = a.value.trim();
        match a.name.as_str() {
            "PasswdProperties" | "AccessProperties" if value.is_empty() => {
                return Err(cx.invalid(a.line, at, format!("{} may not be empty", a.name)));
            }
            "PasswdProperties" => config.passwd_properties = Some(PathBuf::from(value)),
            "AccessProperties" => config.access_properties = Some(PathBuf::from(value)),
            "PasswdMode" => {
                // Same check and text as 0.6's SimpleAuthenticator, but at start-up.
                if value != "PLAIN" && value != "MD5" {
                    return Err(cx.invalid(a.line, at, format!("The requested password check mode '{value}' is not a valid mode.  Possible values are 'PLAIN', 'MD5', or leave it unspecified.")));
                }
                config.passwd_mode = Some(value.to_string());
            }
            _ => cx.unknown_attribute(a, "<Authenticator>", AUTHENTICATOR_ATTRIBUTES, "")?,
        }
    }
    Ok(config)
}
