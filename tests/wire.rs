//! The wire tests: the real binary started on port 0 and talked to over
//! Thrift (API 0.6 and 19.x, framed and unframed), CQL 2 and CQL3 over
//! Thrift, the admin HTTP surface and the explorer, plus the resource
//! limits (connections, memory) and the seeded wire fuzz. Its modules are
//! the files of `tests/wire/`; the helpers are the shared
//! `tests/support/<area>/` modules. Nothing here opens storage in process: these
//! tests fork servers all the time (see `crash.rs` for why that matters).
//!
//! One module: `cargo test --release --test wire -- wire_cql3::`.

// The helpers of `tests/support/`. (The path is for rustfmt, which reads
// this crate root as a plain file and would look in `tests/<binary>/`.)
#[path = "support"]
mod support {
    pub mod auth_matrix;
    pub mod explorer;
    pub mod fuzz;
    pub mod limits;
    pub mod native;
    pub mod tmpfs;
    pub mod wire;
}

mod wire {
    mod limits_connections;
    mod limits_memory;
    mod limits_request_memory;
    mod limits_statement_memory;
    mod wire_admin;
    mod wire_advisor;
    mod wire_api;
    mod wire_auth;
    mod wire_auth_matrix;
    mod wire_cached_reads;
    mod wire_capture;
    mod wire_capture_hostile;
    mod wire_capture_native;
    mod wire_capture_real;
    mod wire_cas;
    mod wire_commitlog_corruption;
    mod wire_connections;
    mod wire_cql2;
    mod wire_cql3;
    mod wire_cql3_lwt;
    mod wire_dataset;
    mod wire_disk_full;
    mod wire_explorer;
    mod wire_explorer_page;
    mod wire_explorer_queries;
    mod wire_faults;
    mod wire_fidelity;
    mod wire_first_contact;
    mod wire_fuzz;
    mod wire_input_bounds;
    mod wire_layout;
    mod wire_lifecycle;
    mod wire_logs;
    mod wire_prepared_eviction;
    mod wire_release;
    mod wire_stress;
    mod wire_system06;
    mod wire_traces_thrift;
    mod wire_tracing;
    mod wire_transport;
    mod wire_v19_api;
    mod wire_v19_schema;
}

/// A test file is a module of its folder's binary only once that binary's
/// root declares it; one that is not would silently never run. Every
/// `tests/<binary>/*.rs` must be named in `tests/<binary>.rs`.
#[test]
fn every_test_file_is_a_module_of_its_binary() {
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let folder = entry.unwrap().path();
        let root = folder.with_extension("rs");
        if !folder.is_dir() || !root.is_file() {
            continue;
        }
        let declared = std::fs::read_to_string(&root).unwrap();
        for file in std::fs::read_dir(&folder).unwrap() {
            let file = file.unwrap().path();
            if file.extension().is_some_and(|e| e == "rs") {
                let name = file.file_stem().unwrap().to_string_lossy();
                if !declared.contains(&format!("mod {name};")) {
                    missing.push(file.display().to_string());
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not declared by their binary's root: {missing:?}"
    );
}
