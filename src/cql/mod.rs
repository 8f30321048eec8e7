//! CQL3 as Cassandra 1.2/2.0 spoke it, stored as Cassandra 1.2 stored it.
//!
//! This is the engine-independent half of CQL3: the language front end
//! (`lexer`, with what CQL 2 shares in `lexing`; `parser`, `ast`), CQL type names and literals (`types`,
//! `timeuuid`), the table model (`table`) and its Thrift-visible schema
//! (`schema`), and the exact mapping between CQL rows and storage cells
//! (`mapping`). It must not touch the storage engine or the network:
//! callers hand it cells and get back cells, writes and CQL rows
//! (except [`exec`], which reaches the engine only through a trait).
//!
//! How a server drives it:
//! - [`parse`] a query; `Parsed::bind_count` and
//!   [`mapping::bind_specs`] describe a prepared statement's markers.
//! - Schema statements: [`table::Table::from_create`], `Table::alter`,
//!   `Table::add_index`; persist [`table::Table::schema`] (the
//!   `schema_columnfamilies` / `schema_columns` fields 1.2.9 records) and
//!   rebuild with `Table::from_schema`; `Table::visible_to_thrift` says
//!   whether `describe_keyspace` lists it.
//! - Writes: [`mapping::statement_writes`] turns INSERT/UPDATE/DELETE/BATCH
//!   into [`mapping::CqlWrite`]s (cells, range tombstones, partition
//!   deletes, counter adds). List index operations read the current list
//!   through [`mapping::ListReader`]. Secondary indexes are kept by the
//!   storage engine; [`mapping::index_entries`] gives the entries 1.2.9
//!   wrote to its hidden index column family, checked against the golden
//!   recording only.
//! - Reads: [`mapping::plan_select`] checks a SELECT (1.2.9's messages) and
//!   plans partitions, comparator slices and the indexed restrictions;
//!   [`mapping::execute_select`] runs the plan over a
//!   [`mapping::PartitionSource`] into a [`mapping::ResultSet`], paging
//!   through key ranges and using an index where one applies.
//!
//! [`exec`] is the other half: it runs statements against the live schema
//! and storage engine through its `CqlBackend` border (the Thrift server
//! implements it), with sessions and prepared statements.
//!
//! The order of its modules, lowest first (`layering.rs` checks it):
//!
//! 1. [`ast`], [`duration_literal`], [`error`], [`lexing`], [`lru`], [`timeuuid`]: the
//!    syntax tree; where 3.10's duration literal ends; the errors; what CQL
//!    2 shares of the lexer; the caches' LRU; time UUIDs.
//! 2. [`lookahead`], [`option_names`], [`types`]: the parser's bounded
//!    lookahead; the table property names each release knew; CQL types
//!    and literals.
//! 3. [`json`], [`lexer`], [`table`]: 2.2's JSON forms of values; tokens;
//!    the table model.
//! 4. [`options`], [`parser`], [`schema`], [`snippet`]: a table's `WITH`
//!    options; the grammar; the table's Thrift-visible schema; a
//!    statement's text shown in messages.
//! 5. [`mapping`], [`syntax_words`]: CQL rows <-> cells; a syntax error
//!    in the words of a release's parser.
//! 6. [`exec`]: statements run against the live schema and a backend.

pub mod ast;
mod duration_literal;
mod error;
pub mod exec;
pub mod json;
pub mod lexer;
pub mod lexing;
pub mod lookahead;
pub mod lru;
pub mod mapping;
pub mod option_names;
pub mod options;
mod parser;
pub mod schema;
pub mod snippet;
pub mod syntax_words;
pub mod table;
pub mod timeuuid;
pub mod types;

pub use error::{CqlError, CqlResult};
pub use parser::{
    each_batch_statement, parse, parse_outlined, parse_outlined_with, parse_script, parse_with,
    parse_with_lexing, split_statements, Grammar,
};
