//! The native protocol under `serve --cassandra-version V`: only V's
//! protocol versions are accepted, the others refused in V's words and in
//! its highest version; `system.local` says V; no native listener before 1.2.

use crate::native_support::*;
use crate::wire_support::Server;

fn release_server(version: &str) -> Server {
    Server::start(&[
        "--in-memory",
        "--cassandra-version",
        version,
        "--native-listen",
        "127.0.0.1:0",
    ])
}

#[test]
fn only_the_releases_protocol_versions_are_accepted() {
    let server = release_server("2.0.17");
    let port = native_port(&server);
    let mut c = Conn::ready(port, 2);
    let rows = c.ok("SELECT release_version FROM system.local").rows();
    assert_eq!(rows[0][0].as_deref(), Some(&b"2.0.17"[..]));
    let mut c = Conn::open(port, 3);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(f.version, 2, "answered in 2.0's highest version");
    assert_eq!(
        f.error(),
        (
            0x000a,
            "Invalid or unsupported protocol version: 3".to_string()
        )
    );
}

#[test]
fn two_two_names_its_highest_version() {
    let server = release_server("2.2.19");
    let port = native_port(&server);
    Conn::ready(port, 4);
    let mut c = Conn::open(port, 5);
    let f = c.startup_with(&[("CQL_VERSION", "3.0.0")]);
    assert_eq!(f.version, 4);
    assert_eq!(
        f.error().1,
        "Invalid or unsupported protocol version (5); highest supported is 4 "
    );
}

#[test]
fn before_1_2_there_is_no_native_listener() {
    let server = release_server("1.1.12");
    assert_eq!(server.native_port, None);
}
