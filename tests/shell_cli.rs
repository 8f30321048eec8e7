//! `supercolumn cli` end to end: the real binary serving storage-conf.xml
//! in memory, the real binary as the shell, scripts through `-f`, `-e` and
//! a pipe. The 0.6 API tests run against today's server; the 19.x ones need
//! the 19.x API in the server (run them against such a build with
//! `SUPERCOLUMN_TEST_SERVER=<path> cargo test --test shell_cli -- --ignored`).

mod shell_support;
use shell_support::{normalize, script, shell, Server};

#[test]
fn api06_set_get_count_del_list_on_standard_and_super() {
    let server = Server::start();
    let run = script(
        "cli",
        server.port,
        &["--api", "0.6"],
        "use Keyspace1;
set Standard2['jsmith']['first'] = 'John';
set Standard2['jsmith']['last'] = 'Smith';
set Standard2['adoe']['first'] = 'Ann';
get Standard2['jsmith'];
get Standard2['jsmith']['last'];
count Standard2['jsmith'];
get Standard2['jsmith']['middle'];
set Super1['k1']['sc1']['c1'] = 'v1';
set Super1['k1']['sc1']['c2'] = 'v2';
set Super1['k1']['sc2']['c1'] = 'v3';
get Super1['k1']['sc1'];
count Super1['k1'];
list Super1;
del Standard2['jsmith']['first'];
count Standard2['jsmith'];
del Standard2['jsmith'];
get Standard2['jsmith'];
list Standard2 limit 10;
-- the deleted row still lists, empty: a range ghost, as Cassandra shows it
quit;
list Standard2;
",
    );
    assert_eq!(run.stderr, "", "{run:?}");
    assert_eq!(run.code, 0);
    let want = format!(
        "Connected to: \"Test Cluster\" on 127.0.0.1/{}
Authenticated to keyspace: Keyspace1
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
=> (name=first, value=John, ts=T)
=> (name=last, value=Smith, ts=T)
Returned 2 results.
Elapsed time: T
=> (name=last, value=Smith, ts=T)
Elapsed time: T
2 cells
Value was not found
Elapsed time: T
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
=> (name=6331, value=v1, ts=T)
=> (name=6332, value=v2, ts=T)
Returned 2 results.
Elapsed time: T
2 cells
Using default limit of 100
Using default cell limit of 100
-------------------
RowKey: k1
=> (super_column=736331,
     (name=6331, value=v1, ts=T)
     (name=6332, value=v2, ts=T))
=> (super_column=736332,
     (name=6331, value=v3, ts=T))

1 Row Returned.
Elapsed time: T
cell removed.
Elapsed time: T
1 cells
row removed.
Elapsed time: T
Returned 0 results.
Elapsed time: T
Using default cell limit of 100
-------------------
RowKey: jsmith
-------------------
RowKey: adoe
=> (name=first, value=Ann, ts=T)

2 Rows Returned.
Elapsed time: T
",
        server.port
    );
    assert_eq!(normalize(&run.stdout), want);
}

#[test]
fn api06_script_errors_are_one_line_each_and_the_run_goes_on() {
    let server = Server::start();
    let run = script(
        "cli",
        server.port,
        &["--api", "0.6"],
        "get Standard2['x'];
use Keyspace1;
get NoSuchCf['x'];
set Standard2['k'] 'v';
set Super1['k']['sc'] = 'v';
set Standard2['k']['c'] = 'still runs';
get Standard2['k']['c'];
",
    );
    assert_eq!(run.code, 1, "{run:?}");
    assert_eq!(
        run.stderr,
        "Line 1 => Not authorized to a working keyspace.
Line 3 => NoSuchCf not found in current keyspace.
Line 4 => Syntax error at position 19: missing '=' at ''v''
Line 5 => Column family Super1 may only contain SuperColumns
"
    );
    assert!(
        normalize(&run.stdout).ends_with("=> (name=c, value=still runs, ts=T)\nElapsed time: T\n"),
        "{}",
        run.stdout
    );
}

#[test]
fn api06_execute_option_pipes_and_describe() {
    let server = Server::start();
    let run = shell(
        "cli",
        server.port,
        &[
            "--api",
            "0.6",
            "-k",
            "Keyspace1",
            "-e",
            "describe Standard2; show keyspaces;",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    // -k switches quietly, as cassandra-cli's did.
    assert!(run.stdout.starts_with(&format!(
        "Connected to: \"Test Cluster\" on 127.0.0.1/{}\n    ColumnFamily: Standard2\n",
        server.port
    )));
    for ks in [
        "Keyspace: BloggyAppy:",
        "Keyspace: Keyspace1:",
        "Keyspace: system:",
    ] {
        assert!(run.stdout.contains(ks), "{ks} in {}", run.stdout);
    }
    // A pipe is a script: no prompt, no banner, statements across lines.
    let run = shell(
        "cli",
        server.port,
        &["--api", "0.6"],
        "use Keyspace1;\nset Standard2['p']\n  ['c'] = 'multi\nline';\nget Standard2['p']['c'];\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(!run.stdout.contains("[default@"), "{}", run.stdout);
    assert!(run
        .stdout
        .contains("=> (name=c, value=multi\nline, timestamp="));
}

#[test]
fn unreachable_server_is_one_clear_line() {
    // Bind then drop a listener: nothing answers on that port afterwards.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let run = shell("cli", port, &["-e", "show keyspaces;"], "");
    assert_eq!(run.code, 1);
    assert!(
        run.stderr.starts_with(&format!(
            "Exception connecting to 127.0.0.1/{port}. Reason: "
        )),
        "{run:?}"
    );
    assert_eq!(run.stderr.lines().count(), 1);
}

#[test]
fn api19_set_get_del_count_list_with_comparators_and_validators() {
    let server = Server::start();
    // 1.2's cli converts with the schema's types: BytesType wants hex,
    // utf8() picks UTF8Type, Standard2's names are UTF8Type.
    let run = script(
        "cli",
        server.port,
        &[],
        "use Keyspace1;
set Standard1['6a736d697468']['6669727374'] = '4a6f686e';
set Standard2[utf8('jsmith')]['first'] = utf8('John');
set Standard2[utf8('jsmith')]['last'] = utf8('Smith') with ttl = 3600;
get Standard1['6a736d697468'];
get Standard2[utf8('jsmith')]['first'] as utf8;
count Standard2[utf8('jsmith')];
set Super1['6b31']['736331']['6331'] = '7631';
list Super1;
list Standard2;
del Standard2[utf8('jsmith')]['first'];
count Standard2[utf8('jsmith')];
del Standard1['6a736d697468'];
list Standard1;
",
    );
    assert_eq!(run.stderr, "", "{run:?}");
    assert_eq!(run.code, 0);
    let want = format!(
        "Connected to: \"Test Cluster\" on 127.0.0.1/{}
Authenticated to keyspace: Keyspace1
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
Value inserted.
Elapsed time: T
=> (name=6669727374, value=4a6f686e, ts=T)
Returned 1 results.
Elapsed time: T
=> (name=first, value=John, ts=T)
Elapsed time: T
2 cells
Value inserted.
Elapsed time: T
Using default limit of 100
Using default cell limit of 100
-------------------
RowKey: 6b31
=> (super_column=736331,
     (name=6331, value=7631, ts=T))

1 Row Returned.
Elapsed time: T
Using default limit of 100
Using default cell limit of 100
-------------------
RowKey: 6a736d697468
=> (name=first, value=John, ts=T)
=> (name=last, value=Smith, ts=T, ttl=3600)

1 Row Returned.
Elapsed time: T
cell removed.
Elapsed time: T
1 cells
row removed.
Elapsed time: T
Using default limit of 100
Using default cell limit of 100
-------------------
RowKey: 6a736d697468

1 Row Returned.
Elapsed time: T
",
        server.port
    );
    assert_eq!(normalize(&run.stdout), want);
}

#[test]
fn api19_describe_and_show_keyspaces_in_cassandra_cli_layout() {
    let server = Server::start();
    let run = shell(
        "cli",
        server.port,
        &[
            "-k",
            "Keyspace1",
            "-e",
            "describe; show keyspaces; describe Standard2;",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run
        .stdout
        .contains("Keyspace: Keyspace1:\n  Replication Strategy: "));
    assert!(run.stdout.contains("    ColumnFamily: Super1 (Super)\n"));
    assert!(run.stdout.contains("      Cells sorted by: org.apache.cassandra.db.marshal.BytesType/org.apache.cassandra.db.marshal.BytesType\n"));
    assert!(run.stdout.contains("Keyspace: BloggyAppy:"));
    assert!(run
        .stderr
        .contains("WARNING: CQL3 tables are intentionally omitted from 'show keyspaces' output."));
    // Bad input is refused with the type's message, not sent.
    let run = shell(
        "cli",
        server.port,
        &["-k", "Keyspace1", "-e", "set Standard1['zz']['c'] = '00';"],
        "",
    );
    // As cassandra-cli: a script stops at its first error with exit code 4.
    assert_eq!(run.code, 4, "{run:?}");
    assert!(run.stderr.starts_with("Line 1 => "), "{}", run.stderr);
}
