//! CQL3 as Cassandra 1.2/2.0 spoke it, stored as Cassandra 1.2 stored it.
//!
//! This is the engine-independent half of CQL3: the language front end
//! (`lexer`, `parser`, `ast`), CQL type names and literals (`types`), the
//! table model and its Thrift-visible schema (`table`), and the exact
//! mapping between CQL rows and storage cells (`mapping`). It must not
//! touch the storage engine or the network: callers hand it cells and get
//! back cells, writes and CQL rows.

pub mod ast;
pub mod error;
pub mod lexer;
pub mod mapping;
pub mod parser;
pub mod schema;
pub mod table;
pub mod timeuuid;
pub mod types;

pub use error::{CqlError, CqlResult};
pub use parser::{parse, parse_script, split_statements};
