//! cassandra-unit datasets over the wire: `serve --dataset` (XML, JSON,
//! YAML, CQL) then reads with the generated 19.x client (`get_slice`,
//! super columns, counters, CQL3), `supercolumn load` into a running
//! server, a bad dataset stopping the start with its file and line, and
//! `POST /reset` after writes and schema changes, with clients busy.

use crate::support::wire;

use std::path::PathBuf;
use std::process::Command;
use supercolumn::nodetool::http::Endpoint;
use supercolumn::thrift::gen::cassandra19::{
    ColumnOrSuperColumn, ColumnParent, ColumnPath, ConsistencyLevel as CL, SlicePredicate,
    SliceRange, TCassandraSyncClient,
};
use wire::{connect19, cql3, Client19, Server};

fn data(name: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/dataset")
        .join(name)
        .to_string_lossy()
        .into_owned()
}

fn all() -> SlicePredicate {
    SlicePredicate::new(None, SliceRange::new(vec![], vec![], false, 100))
}

fn slice(c: &mut Client19, cf: &str, key: &str) -> Vec<ColumnOrSuperColumn> {
    c.get_slice(
        key.as_bytes().to_vec(),
        ColumnParent::new(cf.to_string(), None),
        all(),
        CL::ONE,
    )
    .unwrap_or_else(|e| panic!("get_slice {cf}/{key}: {e:?}"))
}

/// Checks what the sample dataset (any of its three formats) wrote.
fn check_sample(c: &mut Client19) {
    c.set_keyspace("sample".into()).unwrap();
    let users = slice(c, "Users", "alice");
    let col = |name: &str| {
        users
            .iter()
            .filter_map(|c| c.column.as_ref())
            .find(|c| c.name == name.as_bytes())
            .unwrap_or_else(|| panic!("column {name}"))
            .clone()
    };
    assert_eq!(users.len(), 6);
    assert_eq!(col("name").value.unwrap(), b"Alice");
    assert_eq!(col("age").value.unwrap(), 30i64.to_be_bytes());
    assert_eq!(col("score").value.unwrap(), 7i64.to_be_bytes());
    assert_eq!(col("blob").value.unwrap(), [0xca, 0xfe]);
    assert_eq!(col("old").timestamp, Some(12345));

    let posts = slice(c, "Posts", "alice");
    let scs: Vec<_> = posts
        .iter()
        .filter_map(|c| c.super_column.as_ref())
        .collect();
    assert_eq!(scs.len(), 2);
    assert_eq!(scs[0].name, b"2011");
    assert_eq!(scs[0].columns[1].name, 2i64.to_be_bytes());
    assert_eq!(scs[0].columns[1].value.as_deref(), Some(&b"world"[..]));

    let counts = c
        .get(
            b"alice".to_vec(),
            ColumnPath::new("Counts".to_string(), None, b"views".to_vec()),
            CL::ONE,
        )
        .unwrap();
    assert_eq!(counts.counter_column.unwrap().value, 11);
    let sc = slice(c, "SuperCounts", "alice");
    assert_eq!(
        sc[0].counter_super_column.as_ref().unwrap().columns[0].value,
        3
    );

    // The KEYS index on Users.age answers through CQL too.
    let rows = cql3(c, "SELECT * FROM \"Users\" WHERE age = 41")
        .rows
        .unwrap();
    assert_eq!(rows.len(), 1);
}

fn check_cql_sample(c: &mut Client19) {
    let rows = cql3(c, "SELECT what FROM cqlsample.events WHERE user = 'alice'")
        .rows
        .unwrap();
    let values: Vec<Vec<u8>> = rows
        .iter()
        .map(|r| r.columns[0].value.clone().unwrap())
        .collect();
    assert_eq!(values, [b"login; first".to_vec(), b"it's me".to_vec()]);
}

#[test]
fn serve_loads_each_format_before_listening() {
    for file in ["sample.xml", "sample.json", "sample.yaml"] {
        let s = Server::start(&[
            "--in-memory",
            "--dataset",
            &data(file),
            "--dataset",
            &data("sample.cql"),
        ]);
        let mut c = connect19(s.port);
        check_sample(&mut c);
        check_cql_sample(&mut c);
    }
}

#[test]
fn serve_on_disk_drops_and_recreates_the_dataset_keyspace() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    {
        let s = Server::start(&["--data-dir", d, "--dataset", &data("sample.yaml")]);
        let mut c = connect19(s.port);
        c.set_keyspace("sample".into()).unwrap();
        cql3(
            &mut c,
            "INSERT INTO \"Users\" (key, age) VALUES ('carol', 5)",
        );
        assert_eq!(slice(&mut c, "Users", "carol").len(), 1);
    }
    // Loading again starts the keyspace over, as cassandra-unit did.
    let s = Server::start(&["--data-dir", d, "--dataset", &data("sample.yaml")]);
    let mut c = connect19(s.port);
    check_sample(&mut c);
    assert!(slice(&mut c, "Users", "carol").is_empty());
}

#[test]
fn a_bad_dataset_stops_the_start_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.yaml");
    std::fs::write(
        &bad,
        "name: k\ncolumnFamilies:\n- name: A\n  rows:\n  - key: key01\n",
    )
    .unwrap();
    let (status, log) = Server::try_start(&["--in-memory", "--dataset", bad.to_str().unwrap()])
        .err()
        .expect("the start fails");
    assert_eq!(status.and_then(|s| s.code()), Some(1));
    assert!(log.contains("bad.yaml:5: row key: "), "{log}");
    // Well formed, but a value its validator refuses (as Cassandra refused it).
    let bad = dir.path().join("invalid.yaml");
    std::fs::write(
        &bad,
        "name: k\ncolumnFamilies:\n- name: A\n  defaultColumnValueType: UTF8Type\n  rows:\n  \
         - key: 0a\n    columns:\n    - {name: 0b, value: bytes(ff)}\n",
    )
    .unwrap();
    let (_, log) = Server::try_start(&["--in-memory", "--dataset", bad.to_str().unwrap()])
        .err()
        .expect("the start fails");
    assert!(log.contains("invalid.yaml: row at line 6: ("), "{log}");
    assert!(log.contains("[k][A][0x0b] failed validation"), "{log}");
}

/// Datasets that would never finish loading (a "billion laughs" of YAML
/// aliases, XML or JSON nested 50,000 deep, a FIFO, a link to /dev/zero, a
/// file over the size cap) stop the start with their file (and line) and
/// exit 1, before anything loads; `supercolumn load` refuses them before
/// connecting.
#[test]
fn datasets_that_would_not_end_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = |name: &str| dir.path().join(name);
    let mut bomb = String::from("name: k\na0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..10 {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        bomb.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    std::fs::write(file("bomb.yaml"), bomb).unwrap();
    std::fs::write(
        file("deep.xml"),
        format!(
            "<keyspace>\n{}{}</keyspace>\n",
            "<a>".repeat(50_000),
            "</a>".repeat(50_000)
        ),
    )
    .unwrap();
    std::fs::write(
        file("deep.json"),
        format!(
            "{{\"name\": {}1{}}}\n",
            "[".repeat(50_000),
            "]".repeat(50_000)
        ),
    )
    .unwrap();
    assert!(Command::new("mkfifo")
        .arg(file("fifo.cql"))
        .status()
        .unwrap()
        .success());
    std::os::unix::fs::symlink("/dev/zero", file("zero.cql")).unwrap();
    // Sparse: over the cap without taking the disk.
    std::fs::File::create(file("big.cql"))
        .unwrap()
        .set_len(64 * 1024 * 1024 + 1)
        .unwrap();
    let good = data("sample.xml");
    for (name, says) in [
        ("bomb.yaml", "bomb.yaml:6: the aliases copy more than 1 MiB"),
        (
            "deep.xml",
            "deep.xml:2: elements nested more than 64 levels deep",
        ),
        // Valid JSON, checked without a tree; the YAML reader refuses its depth.
        ("deep.json", "deep.json:1: recursion limit exceeded"),
        ("fifo.cql", "fifo.cql: not a regular file (a FIFO)"),
        (
            "zero.cql",
            "zero.cql: not a regular file (a character device)",
        ),
        (
            "big.cql",
            "big.cql: the file is 67108865 bytes, over the limit of 64 MiB",
        ),
    ] {
        let path = file(name);
        let path = path.to_str().unwrap();
        // The good dataset first: nothing is loaded before every file is read.
        let (status, log) =
            Server::try_start(&["--in-memory", "--dataset", &good, "--dataset", path])
                .err()
                .expect("the start fails");
        assert_eq!(status.and_then(|s| s.code()), Some(1), "{log}");
        assert!(log.contains(says), "{says}: {log}");
        assert!(!log.contains("loaded: keyspace"), "{log}");
        let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
            .args(["load", "--server", "127.0.0.1:1", path])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1));
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{says}: {err}");
    }
}

#[test]
fn load_writes_into_a_running_server() {
    let s = Server::start(&["--in-memory"]);
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args(["load", "--server", &format!("127.0.0.1:{}", s.port)])
        .args([data("sample.json"), data("sample.cql")])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut c = connect19(s.port);
    check_sample(&mut c);
    check_cql_sample(&mut c);
    // Loading again replaces the keyspace (drop and create).
    c.set_keyspace("sample".into()).unwrap();
    cql3(
        &mut c,
        "INSERT INTO \"Users\" (key, age) VALUES ('carol', 5)",
    );
    let again = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "load",
            "--server",
            &format!("127.0.0.1:{}", s.port),
            &data("sample.xml"),
        ])
        .output()
        .unwrap();
    assert!(again.status.success());
    let mut c = connect19(s.port);
    c.set_keyspace("sample".into()).unwrap();
    assert!(slice(&mut c, "Users", "carol").is_empty());
    // A failing statement names its line.
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.cql");
    std::fs::write(
        &bad,
        "USE cqlsample;\n\nINSERT INTO nowhere (a) VALUES (1);\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_supercolumn"))
        .args([
            "load",
            "--server",
            &format!("127.0.0.1:{}", s.port),
            bad.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.cql:3: "), "{err}");
}

#[test]
fn post_reset_returns_to_the_datasets() {
    for storage in ["--in-memory", "--data-dir"] {
        let dir = tempfile::tempdir().unwrap();
        let mut args = vec![storage];
        if storage == "--data-dir" {
            args.push(dir.path().to_str().unwrap());
        }
        let (xml, cql) = (data("sample.xml"), data("sample.cql"));
        args.extend([
            "--dataset",
            &xml,
            "--dataset",
            &cql,
            "--admin-listen",
            "127.0.0.1:0",
        ]);
        let s = Server::start(&args);
        let admin = Endpoint::new("127.0.0.1", s.admin_port.expect("admin port"));
        let mut c = connect19(s.port);
        c.set_keyspace("sample".into()).unwrap();
        // A test's writes and schema changes.
        cql3(
            &mut c,
            "INSERT INTO \"Users\" (key, age) VALUES ('carol', 5)",
        );
        cql3(&mut c, "UPDATE \"Users\" SET age = 99 WHERE key = 'alice'");
        cql3(&mut c, "DELETE FROM cqlsample.events WHERE user = 'alice'");
        cql3(&mut c, "TRUNCATE \"Posts\"");
        cql3(&mut c, "CREATE KEYSPACE scratch WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql3(&mut c, "DROP TABLE cqlsample.events");
        // Clients keep writing while the reset runs: each of their calls
        // lands wholly before or after it.
        let stop = std::sync::atomic::AtomicBool::new(false);
        let answer = std::thread::scope(|scope| {
            for n in 0..2 {
                let (port, stop) = (s.port, &stop);
                scope.spawn(move || {
                    let mut w = connect19(port);
                    w.set_keyspace("sample".into()).unwrap();
                    let mut i = 0;
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        cql3(
                            &mut w,
                            &format!("INSERT INTO \"Users\" (key, age) VALUES ('w{n}-{i}', {i})"),
                        );
                        i += 1;
                    }
                });
            }
            std::thread::sleep(std::time::Duration::from_millis(50));
            let answer = admin.post("/reset", &serde_json::json!({})).unwrap();
            stop.store(true, std::sync::atomic::Ordering::Relaxed);
            answer
        });
        assert_eq!(answer.status, 200, "{}", answer.text());
        let report = answer.json().unwrap();
        assert_eq!(report["schema_changes"], 2, "{report}");
        // Writers may have landed after the reset: remove them, then check.
        let again = admin
            .post("/reset", &serde_json::json!({}))
            .unwrap()
            .json()
            .unwrap();
        assert_eq!(again["schema_changes"], 0, "{again}");
        let mut c = connect19(s.port);
        check_sample(&mut c);
        check_cql_sample(&mut c);
        assert!(slice(&mut c, "Users", "carol").is_empty());
        assert!(slice(&mut c, "Users", "w0-0").is_empty());
        let ks = c.describe_keyspaces().unwrap();
        assert!(!ks.iter().any(|k| k.name == "scratch"));
    }
}
