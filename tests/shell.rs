//! The shells end to end: `supercolumn cli` (0.6 and 1.2 modes) and
//! `supercolumn cqlsh` against a live server, their recorded transcripts,
//! and the golden CQL3 scenarios through them; and the offline command
//! `supercolumn release-diff`. Its modules are the files of `tests/shell/`.
//!
//! One module: `cargo test --release --test shell -- shell_cqlsh_transcripts::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod cql;
    pub mod shell;
    pub mod wire;
}

mod shell {
    mod shell_cli;
    mod shell_cli06_transcripts;
    mod shell_cli_releases;
    mod shell_cli_session12;
    mod shell_cli_transcripts;
    mod shell_cqlsh;
    mod shell_cqlsh_login;
    mod shell_cqlsh_releases;
    mod shell_cqlsh_transcripts;
    mod shell_golden;
    mod shell_release_diff;
}
