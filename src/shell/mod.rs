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
//! statements; [`client`] opens connections and sorts call failures.

pub mod cli;
pub mod cli06;
pub mod cli06_lex;
pub mod cli06_parse;
pub mod cli06_render;
pub mod cli_backend;
pub mod cli_connect;
pub mod cli_convert;
pub mod cli_exec;
pub mod cli_help;
pub mod cli_help_topics;
pub mod cli_lex;
pub mod cli_parse;
pub mod cli_render;
pub mod cli_schema;
pub mod cli_session;
pub mod cli_show;
pub mod client;
pub mod cql_format;
pub mod cqlsh;
pub mod cqlsh_args;
pub mod cqlsh_commands;
pub mod cqlsh_complete;
pub mod cqlsh_copy;
pub mod cqlsh_describe;
pub mod cqlsh_help;
pub mod cqlsh_hint;
pub mod cqlsh_layout;
pub mod cqlsh_lex;
pub mod cqlsh_select;
pub mod cqlsh_trace;
pub mod cqlsh_types;
pub mod input;

#[cfg(test)]
mod golden_tests;

pub use cli::CliArgs;
pub use cqlsh::CqlshArgs;

/// Runs `supercolumn cqlsh`; returns the process exit code.
pub fn run_cqlsh(args: &CqlshArgs) -> i32 {
    cqlsh::main(args)
}

/// Runs `supercolumn cli`; returns the process exit code.
pub fn run_cli(args: &CliArgs) -> i32 {
    match args.api {
        cli_backend::Api::V06 => cli06::main(args),
        cli_backend::Api::V12 => cli::main(args),
    }
}
