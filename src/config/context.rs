//! What both readers share while reading one file: the parsing context
//! (where the file came from, the warnings so far, errors that name the
//! place) and the rule for names that become file names. It knows neither
//! file format; each format's unknown-name checks live with that format.

use super::error::{ConfigError, ConfigWarning};

/// Parsing context: where we are reading from and what we warned about.
pub(super) struct Cx {
    pub origin: String,
    pub warnings: Vec<ConfigWarning>,
}

impl Cx {
    /// A context for reading the file named by `origin`, no warnings yet.
    pub fn new(origin: String) -> Cx {
        Cx {
            origin,
            warnings: Vec::new(),
        }
    }

    pub fn invalid(
        &self,
        line: usize,
        at: impl Into<String>,
        message: impl Into<String>,
    ) -> ConfigError {
        ConfigError::Invalid {
            origin: self.origin.clone(),
            line,
            at: at.into(),
            message: message.into(),
        }
    }

    pub fn warn(&mut self, line: usize, message: impl Into<String>) {
        self.warnings.push(ConfigWarning {
            line,
            message: message.into(),
            refused_by_release: None,
        });
    }

    /// A warning about what supercolumn accepts and the releases that read
    /// this kind of file refused, in their `words`.
    pub fn warn_release(&mut self, line: usize, message: impl Into<String>, words: String) {
        self.warnings.push(ConfigWarning {
            line,
            message: message.into(),
            refused_by_release: Some(words),
        });
    }
}

/// Names become directory and file names; refuse the ones that would escape
/// the data directory or cannot be file names. (Our rule; 0.6 had none.)
pub(super) fn check_file_name(kind: &str, name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err(format!("{kind} name may not be empty"));
    }
    if name == "."
        || name == ".."
        || name
            .chars()
            .any(|c| c == '/' || c == '\\' || c.is_control())
    {
        return Err(format!(
            "{kind} name '{name}' cannot be used as a file name"
        ));
    }
    Ok(())
}
