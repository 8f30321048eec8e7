//! Below storage: the schema's rules and persistence, the config's seed,
//! the recorded 1.2.9 schema calls, and the collating partitioner against
//! the JDK. Its modules are the files of `tests/schema/`.
//!
//! One module: `cargo test --release --test schema -- schema_store::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod schema;
}

mod schema {
    mod collation_jdk;
    mod schema_cf_rules;
    mod schema_changes;
    mod schema_seed;
    mod schema_store;
    mod schema_v19_cases;
}
