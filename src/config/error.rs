//! Errors and warnings produced while reading `storage-conf.xml` or
//! `cassandra.yaml`.
//!
//! Every error found in the file names the element (or attribute) and its
//! line; where Cassandra 0.6 had a message for the same mistake, the message
//! is 0.6's text so that operators can search for it.

use std::fmt;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read at all.
    #[error("cannot read config file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },

    /// The file is not well-formed XML (or not UTF-8).
    #[error("{origin}:{line}: malformed XML: {message}")]
    Xml {
        origin: String,
        line: usize,
        message: String,
    },

    /// The file is not well-formed YAML (a `cassandra.yaml`).
    #[error("{origin}:{line}: malformed YAML: {message}")]
    Yaml {
        origin: String,
        line: usize,
        message: String,
    },

    /// A well-formed file with a bad or missing setting. `at` names the
    /// element or attribute, e.g. `<CommitLogSync>` or
    /// `<ColumnFamily Name="Super1"> attribute CompareWith`; for a missing
    /// element it names the parent that should contain it.
    #[error("{origin}:{line}: {at}: {message}")]
    Invalid {
        origin: String,
        line: usize,
        at: String,
        message: String,
    },

    /// Accepted by supercolumn but refused by the release it answers as,
    /// in that release's words.
    #[error("{origin}:{line}: {message} (as Cassandra {release} refused it)")]
    Refused {
        origin: String,
        line: usize,
        release: &'static str,
        message: String,
    },

    /// A setting is missing that cannot be tied to a line, e.g. a directory
    /// that is needed once command-line overrides have been applied.
    #[error("{origin}: {message}")]
    Incomplete { origin: String, message: String },
}

impl ConfigError {
    /// The line the error refers to, when it has one.
    pub fn line(&self) -> Option<usize> {
        match self {
            ConfigError::Xml { line, .. }
            | ConfigError::Yaml { line, .. }
            | ConfigError::Invalid { line, .. }
            | ConfigError::Refused { line, .. } => Some(*line),
            ConfigError::Io { .. } | ConfigError::Incomplete { .. } => None,
        }
    }

    /// The bare message without location (for matching 0.6 texts).
    pub fn message(&self) -> String {
        match self {
            ConfigError::Io { source, .. } => source.to_string(),
            ConfigError::Xml { message, .. }
            | ConfigError::Yaml { message, .. }
            | ConfigError::Invalid { message, .. }
            | ConfigError::Refused { message, .. }
            | ConfigError::Incomplete { message, .. } => message.clone(),
        }
    }
}

/// Something accepted but worth telling the operator about (an unknown
/// element, a deprecated attribute).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigWarning {
    pub line: usize,
    pub message: String,
    /// Where supercolumn accepts what the releases that read this kind of
    /// file refused: their words. A start answering as one of those
    /// releases is refused with them ([`super::Config::check_release`]).
    pub refused_by_release: Option<String>,
}

impl fmt::Display for ConfigWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// A setting present in the file that only matters to a multi-node cluster;
/// a single supercolumn node accepts it and does nothing with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredSetting {
    /// The element, e.g. `Seeds` or `Keyspace[Blog]/ReplicationFactor`.
    pub setting: String,
    /// The value as written (seeds joined with ", ").
    pub value: String,
    pub line: usize,
}

impl fmt::Display for IgnoredSetting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} = {} (line {})", self.setting, self.value, self.line)
    }
}
