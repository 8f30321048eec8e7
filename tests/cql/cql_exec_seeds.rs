//! The seeds' CQL (000 KillrVideo, 001 data-modelling examples, 003 the
//! user tables) run through `cql::exec` on a real engine, with the results
//! the seeds describe. The cases and their expected rows live in
//! `support/cql/seeds.rs`, shared with the end-to-end run through
//! `supercolumn cqlsh -f` in `shell_golden.rs`; values are compared as
//! cqlsh renders them.

use crate::support::cql::seeds;
use crate::support::cql_exec;

use cql_exec::{rows_rendered, EngineBackend, Node};
use seeds::Step;
use supercolumn::shell::cql_format::format_value;

/// Runs the named case on a fresh in-memory node.
fn run_case(name: &str) {
    let case = seeds::cases()
        .into_iter()
        .find(|c| c.name == name)
        .unwrap_or_else(|| panic!("no seed case {name:?}"));
    let mut n = Node::new(EngineBackend::in_memory());
    for step in &case.steps {
        match step {
            Step::Run(cql) => {
                n.execute(cql).unwrap_or_else(|e| panic!("{cql}: {e}"));
            }
            Step::Rows { cql, rows, why } => {
                assert_eq!(
                    rows_rendered(&mut n, cql, |t, v| format_value(t, v, false)),
                    *rows,
                    "{name}: {cql}: {why}"
                )
            }
            Step::Error { cql, why } => {
                let err = n.execute(cql).expect_err(cql);
                assert_eq!(err.to_string(), *why, "{name}: {cql}");
            }
        }
    }
}

#[test]
fn seed_000_clustering_order_and_order_by() {
    run_case("seed 000 clustering order and ORDER BY");
}

#[test]
fn seed_000_videos_by_id_with_collections() {
    run_case("seed 000 videos by id with collections");
}

#[test]
fn seed_001_posts_newest_first() {
    run_case("seed 001 posts newest first");
}

#[test]
fn seed_001_gyms_by_city() {
    run_case("seed 001 gyms by city");
}

#[test]
fn seed_003_user_tables() {
    run_case("seed 003 user tables");
}

#[test]
fn every_seed_case_is_run_here() {
    let names: Vec<&str> = seeds::cases().iter().map(|c| c.name).collect();
    assert_eq!(names.len(), 5, "{names:?}: add a #[test] for a new case");
}
