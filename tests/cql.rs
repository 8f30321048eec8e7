//! CQL in process: the parser, the CQL mapping on an in-test store, and
//! `cql::exec` on a real engine, against the recorded 1.2.9 conversations,
//! the golden cells and the seeds. Its modules are the files of
//! `tests/cql/`. Nothing here starts a process (some tests reopen a data
//! directory; see `crash.rs`).
//!
//! One module: `cargo test --release --test cql -- cql_exec_golden::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod cql;
    pub mod cql_exec;
}

mod cql {
    mod cql_exec_cases;
    mod cql_exec_golden;
    mod cql_exec_outlined;
    mod cql_exec_scan;
    mod cql_exec_seeds;
    mod cql_exec_statements;
    mod cql_golden;
    mod cql_parse;
    mod cql_session;
    mod cql_v19;
}
