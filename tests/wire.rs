//! The wire tests: the real binary started on port 0 and talked to over
//! Thrift (API 0.6 and 19.x, framed and unframed), CQL 2 and CQL3 over
//! Thrift, the admin HTTP surface and the explorer, plus the resource
//! limits (connections, memory) and the seeded wire fuzz. Its modules are
//! the files of `tests/wire/`; the helpers are the shared
//! `tests/support/<area>/` modules. Nothing here opens storage in process: these
//! tests fork servers all the time (see `crash.rs` for why that matters).
//!
//! One module: `cargo test --release --test wire -- cql::cql3::`.

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
    mod admin {
        mod dataset;
        mod faults;
        mod http;
        mod logs;
        mod nodetool;
        mod stress;
        mod traces_thrift;
        mod tracing;
    }
    mod api {
        mod api06;
        mod api19;
        mod fidelity;
        mod first_contact;
        mod prepared_eviction;
        mod release;
        mod schema19;
        mod system06;
    }
    mod auth {
        mod matrix;
        mod simple;
    }
    mod capture {
        mod hostile;
        mod native;
        mod real;
        mod roundtrip;
        mod upgrade;
    }
    mod cql {
        mod cas;
        mod cql2;
        mod cql3;
        mod lwt;
    }
    mod durability {
        mod cached_reads;
        mod commitlog_corruption;
        mod disk_full;
        mod layout;
        mod lifecycle;
    }
    mod explorer {
        mod advisor;
        mod api;
        mod page;
        mod queries;
    }
    mod limits {
        mod connections;
        mod input_bounds;
        mod memory;
        mod request_memory;
        mod statement_memory;
    }
    mod transport {
        mod connections;
        mod framing;
        mod fuzz;
    }
}

/// A test file is a module of its folder's binary only once that binary's
/// root declares it; one that is not would silently never run. Every
/// `tests/<binary>/**/*.rs` must be named in `tests/<binary>.rs` (a
/// subfolder as a `mod <folder> {` block), and a folder holds at most 25
/// test files: past that it wants subfolders by concept.
#[test]
fn every_test_file_is_a_module_of_its_binary() {
    fn walk(folder: &std::path::Path, declared: &str, missing: &mut Vec<String>) {
        let mut files = 0;
        for entry in std::fs::read_dir(folder).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            if path.is_dir() {
                if !declared.contains(&format!("mod {name} {{")) {
                    missing.push(path.display().to_string());
                }
                walk(&path, declared, missing);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files += 1;
                if !declared.contains(&format!("mod {name};")) {
                    missing.push(path.display().to_string());
                }
            }
        }
        assert!(files <= 25, "{} holds {files} test files", folder.display());
    }
    let tests = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&tests).unwrap() {
        let folder = entry.unwrap().path();
        let root = folder.with_extension("rs");
        if folder.is_dir() && root.is_file() {
            walk(
                &folder,
                &std::fs::read_to_string(&root).unwrap(),
                &mut missing,
            );
        }
    }
    assert!(
        missing.is_empty(),
        "not declared by their binary's root: {missing:?}"
    );
}
