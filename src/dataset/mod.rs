//! cassandra-unit datasets: reading its XML (its XSD), JSON and YAML
//! dataset files and `.cql` scripts into one model ([`model`]), and
//! loading them into a [`Node`] at start (`supercolumn serve --dataset
//! FILE`, [`load_files`]) or into a running server over Thrift 19.x
//! (`supercolumn load --server HOST:PORT FILE`, [`remote`]).
//!
//! The format is chosen by the file's extension (`.xml`, `.json`,
//! `.yaml`/`.yml`, `.cql`), as cassandra-unit chose it. Every problem in a
//! file is a [`DatasetError`] naming the file and, for its content, the
//! line. Loading goes through the node (schema changes via
//! `Node::change_schema`, writes via its write path, scripts via the CQL3
//! executor); this module must not reach the storage engine directly, and
//! only [`remote`] knows Thrift.

mod apply;
mod model;
mod read;
pub mod remote;
mod script;
mod tree;
mod typed;

pub use model::*;
pub use typed::ValueType;

use crate::node::Node;
use std::path::{Path, PathBuf};

/// A dataset that could not be read or loaded.
#[derive(Debug, thiserror::Error)]
pub enum DatasetError {
    #[error("dataset {file}: {source}")]
    Io {
        file: PathBuf,
        #[source]
        source: std::io::Error,
    },
    /// The file's content is wrong at `line`.
    #[error("dataset {file}:{line}: {message}")]
    Invalid {
        file: PathBuf,
        line: usize,
        message: String,
    },
    /// The file is fine but could not be applied (a refused schema change,
    /// a write the node refused, an unreachable server).
    #[error("dataset {file}: {message}")]
    Load { file: PathBuf, message: String },
}

/// The dataset formats, by extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Xml,
    Json,
    Yaml,
    Cql,
}

impl Format {
    pub fn of(path: &Path) -> Option<Format> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "xml" => Format::Xml,
            "json" => Format::Json,
            "yaml" | "yml" => Format::Yaml,
            "cql" => Format::Cql,
            _ => return None,
        })
    }
}

/// Reads and checks a dataset file.
pub fn read_file(path: &Path) -> Result<Dataset, DatasetError> {
    let file = path.to_path_buf();
    let format = Format::of(path).ok_or_else(|| DatasetError::Load {
        file: file.clone(),
        message: "unknown dataset format: the name must end in .xml, .json, .yaml, .yml or .cql"
            .into(),
    })?;
    let io = |source| DatasetError::Io {
        file: file.clone(),
        source,
    };
    // A regular file under a size cap: a FIFO or a link to /dev/zero
    // would be read for ever.
    let bytes =
        crate::input_bounds::read_regular_file(path, crate::input_bounds::MAX_DATASET_BYTES)
            .map_err(io)?;
    let text = String::from_utf8(bytes).map_err(|_| {
        io(std::io::Error::new(
            std::io::ErrorKind::InvalidData,
            "stream did not contain valid UTF-8",
        ))
    })?;
    parse(&text, format, file)
}

/// Reads a dataset from text in the given format; `source` names it in errors.
pub fn parse(text: &str, format: Format, source: PathBuf) -> Result<Dataset, DatasetError> {
    let invalid = |(line, message): (usize, String)| DatasetError::Invalid {
        file: source.clone(),
        line,
        message,
    };
    let empty = || invalid((1, "dataSet is empty".to_string()));
    let content = match format {
        Format::Cql => Content::Cql(script::statements(text)),
        Format::Xml => {
            let (root, tree) = tree::xml(text).map_err(invalid)?;
            if root != "keyspace" {
                return Err(invalid((
                    1,
                    format!("the root element is <{root}>, expected <keyspace>"),
                )));
            }
            Content::Keyspace(read::keyspace(&tree, read::Flavor::Xml).map_err(invalid)?)
        }
        Format::Json => {
            let tree = tree::json(text).map_err(invalid)?.ok_or_else(empty)?;
            Content::Keyspace(read::keyspace(&tree, read::Flavor::Bean).map_err(invalid)?)
        }
        Format::Yaml => {
            let tree = tree::yaml(text).map_err(invalid)?.ok_or_else(empty)?;
            Content::Keyspace(read::keyspace(&tree, read::Flavor::Bean).map_err(invalid)?)
        }
    };
    Ok(Dataset { source, content })
}

/// Applies a dataset read by [`read_file`] to `node`.
pub fn load(node: &Node, dataset: &Dataset) -> Result<(), DatasetError> {
    let file = dataset.source.clone();
    match &dataset.content {
        Content::Keyspace(ks) => {
            apply::keyspace(node, ks).map_err(|message| DatasetError::Load { file, message })
        }
        Content::Cql(statements) => {
            apply::script(node, statements).map_err(|(line, message)| DatasetError::Invalid {
                file,
                line,
                message,
            })
        }
    }
}

/// Reads every file first (so a bad one fails before anything changes),
/// then loads them in order. For `serve --dataset`.
pub fn load_files(node: &Node, files: &[PathBuf]) -> Result<(), DatasetError> {
    let datasets = files
        .iter()
        .map(|f| read_file(f))
        .collect::<Result<Vec<_>, _>>()?;
    for d in &datasets {
        let started = std::time::Instant::now();
        load(node, d)?;
        let what = match &d.content {
            Content::Keyspace(ks) => format!(
                "keyspace {} ({} column families, {} columns)",
                ks.name,
                ks.column_families.len(),
                ks.column_count()
            ),
            Content::Cql(s) => format!("{} CQL statements", s.len()),
        };
        tracing::info!(
            "dataset {} loaded: {what} in {} ms",
            d.source.display(),
            started.elapsed().as_millis()
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests;
