//! `supercolumn cli` end to end: the real binary serving storage-conf.xml
//! in memory, the real binary as the shell, scripts through `-f`, `-e` and
//! a pipe. The 0.6 API tests run against today's server; the 19.x ones need
//! the 19.x API in the server (run them against such a build with
//! `SUPERCOLUMN_TEST_SERVER=<path> cargo test --test shell -- shell_cli:: --ignored`).

use crate::support::shell;
use shell::{answering_with, normalize, script, shell, Server};

#[test]
fn api06_set_get_count_del_on_standard_and_super() {
    let server = Server::start();
    let run = script(
        "cli",
        server.port,
        &["--api", "0.6"],
        "set Keyspace1.Standard2['jsmith']['first'] = 'John'
set Keyspace1.Standard2['jsmith']['last'] = 'Smith'
get Keyspace1.Standard2['jsmith']
get Keyspace1.Standard2['jsmith']['last']
count Keyspace1.Standard2['jsmith']
set Keyspace1.Super1['k1']['sc1']['c1'] = 'v1'
set Keyspace1.Super1['k1']['sc1']['c2'] = 'v2';
set Keyspace1.Super1['k1']['sc2']['c1'] = 'v3'
get Keyspace1.Super1['k1']
get Keyspace1.Super1['k1']['sc1']
count Keyspace1.Super1['k1']['sc1']
del Keyspace1.Super1['k1']['sc1']
del Keyspace1.Standard2['jsmith']['first']
del Keyspace1.Standard2['jsmith']
get Keyspace1.Standard2['jsmith']
-- quit ends the run
quit
get Keyspace1.Standard2['jsmith']
",
    );
    assert_eq!(run.stderr, "", "{run:?}");
    assert_eq!(run.code, 0);
    // 0.6 read slices in reverse: newest name first.
    let want = format!(
        "Connected to: \"Test Cluster\" on 127.0.0.1/{}
Value inserted.
Value inserted.
=> (column=last, value=Smith, ts=T)
=> (column=first, value=John, ts=T)
Returned 2 results.
=> (column=last, value=Smith, ts=T)
2 columns
Value inserted.
Value inserted.
Value inserted.
=> (super_column=736332,
     (column=6331, value=v3, ts=T))
=> (super_column=736331,
     (column=6331, value=v1, ts=T)
     (column=6332, value=v2, ts=T))
Returned 2 results.
=> (column=6332, value=v2, ts=T)
=> (column=6331, value=v1, ts=T)
Returned 2 results.
2 columns
column removed.
column removed.
row removed.
Returned 0 results.
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
        "get Keyspace1.NoSuchCf['x']
get Keyspace1.Standard1[k]
set Keyspace1.Standard2['k']['c'] 'repaired'
set Keyspace1.Super1['k']['sc'] = 'v'
count Keyspace1.Standard2['k']['a']['b']
get Keyspace1.Standard2['k']['c']
",
    );
    assert_eq!(run.code, 1, "{run:?}");
    // The real 0.6 cli died on the unquoted key and on `count` with two
    // names (AssertionError); here each is one line and the run goes on.
    assert_eq!(
        run.stderr,
        "line 1:24 mismatched input 'k' expecting StringLiteral
Exception java.lang.AssertionError: not a quoted string: k
line 1:34 missing '=' at ''repaired''
supercolumn parameter is not optional for super CF Super1
count takes a row or a super column, not a column.
"
    );
    assert_eq!(
        normalize(&run.stdout),
        format!(
            "Connected to: \"Test Cluster\" on 127.0.0.1/{}
No such column family: NoSuchCf
Value inserted.
=> (column=c, value=repaired, ts=T)
",
            server.port
        )
    );
}

#[test]
fn api06_execute_option_and_a_pipe() {
    let server = Server::start();
    let run = shell(
        "cli",
        server.port,
        &[
            "--api",
            "0.6",
            "-e",
            "describe keyspace Keyspace1\nshow keyspaces",
        ],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run
        .stdout
        .contains("Keyspace1.Standard2\nColumn Family Type: Standard\n"));
    assert!(run.stdout.contains("flush period: null minutes\n------\n"));
    assert!(
        run.stdout.ends_with("Keyspace1\nBloggyAppy\nsystem\n"),
        "{}",
        run.stdout
    );
    // A pipe gets the banner, the prompt and the echo, as jline gave them.
    let run = shell(
        "cli",
        server.port,
        &["--api", "0.6"],
        "show api version\nset Keyspace1.Standard2['p']['c'] = 'a\\tb'\nget Keyspace1.Standard2['p']['c']\n",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("Welcome to cassandra CLI.\n"));
    assert!(run
        .stdout
        .contains("cassandra> show api version\n2.2.0\ncassandra> "));
    // 0.6 kept the escaped letter after the escape it made.
    assert!(
        run.stdout.contains("=> (column=c, value=a\ttb, timestamp="),
        "{}",
        run.stdout
    );
    assert!(run.stdout.ends_with("cassandra> "));
}

#[test]
fn host_is_dash_h_and_help_is_dash_question_mark_as_in_cassandra_cli() {
    let server = Server::start();
    let run = shell(
        "cli",
        server.port,
        &["-h", "127.0.0.1", "-e", "show api version;"],
        "",
    );
    assert_eq!(run.code, 0, "{run:?}");
    assert!(run.stdout.contains("19."), "{run:?}");
    let help = shell("cli", server.port, &["-?"], "");
    assert_eq!(help.code, 0, "{help:?}");
    assert!(help.stdout.contains("-h, --host"), "{help:?}");
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

#[test]
fn a_port_that_is_not_thrift_is_named_with_the_way_to_the_thrift_port() {
    let server = Server::start_all_ports();
    let native = server.native.unwrap();
    let admin = server.admin.unwrap();
    let huge = answering_with(b"\x7f\xff\xff\xff");
    for (port, what) in [
        (native, "answered with the CQL native protocol (v"),
        (admin, "answered as an HTTP server, not Thrift."),
        (
            huge,
            "answered with bytes that are not Thrift (7f ff ff ff)",
        ),
    ] {
        for api in ["1.2", "0.6"] {
            let run = shell("cli", port, &["--api", api, "-e", "show cluster name;"], "");
            assert_ne!(run.code, 0, "{run:?}");
            assert!(
                run.stderr.contains(&format!("127.0.0.1:{port} {what}")),
                "{api}: {run:?}"
            );
            assert!(
                run.stderr.contains("Thrift port (9160 by default"),
                "{run:?}"
            );
            assert!(!run.stderr.contains("panicked"), "{run:?}");
        }
    }
}

#[test]
fn api19_list_ranges_read_keys_as_hex_and_counter_sets_values_as_hex() {
    let server = Server::start();
    // As cassandra-cli 1.2: a range's keys are hex unless `assume ... keys`
    // says otherwise (whatever key_validation_class says), and a counter
    // family's values go through CounterColumnType's hex `fromString`, so
    // `set` fails in the cli before any call.
    let run = shell(
        "cli",
        server.port,
        &[],
        "use Keyspace1;
set Standard1['6b31']['6331'] = '7631';
list Standard1['k1':];
list Standard1['6b31':] limit 1;
create column family Hits with default_validation_class = CounterColumnType and key_validation_class = UTF8Type and comparator = UTF8Type;
set Hits['a']['n'] = '5';
set Hits['a']['n'] = 'five';
incr Hits['a']['n'] by 3;
list Hits['a':];
assume Hits keys as utf8;
list Hits['a':];
",
    );
    let errors: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(
        errors,
        [
            "org.apache.cassandra.db.marshal.MarshalException: cannot parse 'k1' as hex bytes",
            "An hex string representing bytes must have an even length",
            "Non-hex characters in five",
            "org.apache.cassandra.db.marshal.MarshalException: cannot parse 'a' as hex bytes",
        ],
        "{run:?}"
    );
    let out = normalize(&run.stdout);
    assert!(
        out.contains("RowKey: 6b31\n=> (name=6331, value=7631"),
        "{out}"
    );
    assert!(out.contains("Value incremented."), "{out}");
    assert!(out.contains("RowKey: a\n=> (counter=n, value=3)"), "{out}");
    assert_eq!(run.code, 0, "{run:?}");
}
