//! Input files that would expand in memory are refused before they do:
//! a YAML anchor of 1 MiB aliased 2,000 times (a 1 MiB file that would
//! take 2 GiB) given as `serve --config` and as `serve --dataset` exits 1
//! with the file, the line and the limit, its peak resident memory well
//! under 100 MB. The peak is the server's own, from `wait4`'s rusage
//! (other tests' servers do not count), taken by a small Python parent:
//! Linux carries the resident peak of the process a program was exec'd
//! from into its rusage, and a child spawned straight from this test
//! process would report the test process's own peak (hundreds of MB
//! while the other wire tests run).

use std::path::Path;
use std::process::{Command, Stdio};

/// The peak memory a refused start may reach, in KiB.
const MAX_PEAK_KIB: i64 = 100 * 1024;

/// Forks, execs the rest of its arguments, waits, and writes the child's
/// exit code and peak resident memory (KiB) to the file named first.
const MEASURE: &str = "import os, sys
pid = os.fork()
if pid == 0:
    os.execv(sys.argv[2], sys.argv[2:])
_, status, usage = os.wait4(pid, 0)
open(sys.argv[1], 'w').write('%d %d' % (os.waitstatus_to_exitcode(status), usage.ru_maxrss))
";

/// Runs `serve ARGS` to its end: exit code, what it printed, and its peak
/// resident memory in KiB.
fn run_to_exit(dir: &Path, args: &[&str]) -> (i32, String, i64) {
    let log = dir.join("log");
    let measured = dir.join("measured");
    let out = std::fs::File::create(&log).unwrap();
    let status = Command::new("python3")
        .args(["-c", MEASURE])
        .arg(&measured)
        .arg(env!("CARGO_BIN_EXE_supercolumn"))
        .arg("serve")
        .args(args)
        .args(["--listen", "127.0.0.1:0", "--admin-listen", "off"])
        .stdin(Stdio::null())
        .stdout(out.try_clone().unwrap())
        .stderr(out)
        .status()
        .expect("python3 runs the server and measures it");
    assert!(status.success(), "the measuring parent failed: {status}");
    let text = std::fs::read_to_string(&measured).unwrap();
    let (code, peak) = text.split_once(' ').unwrap();
    (
        code.parse().unwrap(),
        std::fs::read_to_string(&log).unwrap(),
        peak.parse().unwrap(),
    )
}

/// 1 MiB of `x` anchored, then `aliases` aliases of it in one list.
fn alias_bomb(head: &str, aliases: usize) -> String {
    format!(
        "{head}a: &b \"{}\"\nl: [{}]\n",
        "x".repeat(1 << 20),
        vec!["*b"; aliases].join(", ")
    )
}

#[test]
fn a_long_string_aliased_thousands_of_times_is_refused_in_little_memory() {
    let dir = tempfile::tempdir().unwrap();
    let conf = dir.path().join("bomb.yaml");
    std::fs::write(&conf, alias_bomb("", 2000)).unwrap();
    let dataset = dir.path().join("bomb-dataset.yaml");
    std::fs::write(&dataset, alias_bomb("name: ks\n", 2000)).unwrap();
    let conf = conf.to_str().unwrap();
    let dataset = dataset.to_str().unwrap();
    for (args, says) in [
        (
            vec!["--config", conf, "--in-memory"],
            "bomb.yaml:2: malformed YAML: the aliases copy more than ",
        ),
        (
            vec!["--dataset", dataset, "--in-memory"],
            "bomb-dataset.yaml:3: the aliases copy more than ",
        ),
    ] {
        let (code, log, peak_kib) = run_to_exit(dir.path(), &args);
        assert_eq!(code, 1, "{args:?}: {log}");
        assert!(log.contains(says), "{args:?}: {says}: {log}");
        // The limit is the file's own size.
        assert!(
            log.contains(" bytes (each alias is a copy"),
            "{args:?}: {log}"
        );
        eprintln!("{args:?}: refused at a peak of {} KiB", peak_kib);
        assert!(
            peak_kib < MAX_PEAK_KIB,
            "{args:?}: peak {peak_kib} KiB over {MAX_PEAK_KIB} KiB: {log}"
        );
    }
}
