//! The interactive shells: `supercolumn cqlsh` and `supercolumn cli`.
//!
//! Both are Thrift clients of a running server, built on the generated
//! clients in `thrift::gen`; they never reach into the server's internals.
//! [`cqlsh`] is cqlsh 1.2.9 (CQL 3): it speaks CQL3 through the 19.x API
//! and runs cqlsh's shell commands itself (`cqlsh_*` modules: statement
//! splitting, DESCRIBE, COPY, the other commands, help, completion);
//! [`cli`] is cassandra-cli 1.2 over the 19.x API, and with `--api 0.6`
//! [`cli06`] is Cassandra 0.6's own cli over API 2.2.0. [`input`] turns
//! terminals, files and `-e` text into
//! statements. Connections are opened, and call failures named, by
//! `thrift::client` and `thrift::client_error`.

pub mod cli;
pub mod cli06;
pub mod cql_format;
pub mod cqlsh;
pub mod input;

#[cfg(test)]
mod tests;

use cli::CliArgs;
use cqlsh::CqlshArgs;

/// Runs `supercolumn cqlsh`; returns the process exit code.
pub fn run_cqlsh(args: &CqlshArgs) -> i32 {
    cqlsh::main(args)
}

/// Runs `supercolumn cli`; returns the process exit code.
pub fn run_cli(args: &CliArgs) -> i32 {
    match args.api {
        cli::backend::Api::Api2 => cli06::main(args),
        cli::backend::Api::V12 => cli::session::main(args),
    }
}
