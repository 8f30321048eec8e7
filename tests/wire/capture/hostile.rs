//! Bad input to `supercolumn capture` and `supercolumn replay`: capture
//! files whose records hold cut or garbled messages are refused by their
//! line and byte offset (exit 2), a garbled captured reply is a difference
//! (`undecodable`), never a crash; peers that close in the middle of a
//! message leave the proxy serving the next connection and the file
//! replayable; a server that closes without replying is a reply the
//! target must not give.

use crate::support::native::{op, Conn};
use crate::support::wire;

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use supercolumn::thrift::gen::cassandra19::TCassandraSyncClient;
use wire::capture::{replay, Capture};
use wire::{connect19, Server};

const HEAD: &str = r#"{"type":"capture","format":1,"started_us":0,"to":"127.0.0.1:1","protocol":"thrift,native"}
{"type":"schema","error":"none"}
"#;

fn b64(b: &[u8]) -> String {
    use base64::Engine as _;
    base64::engine::general_purpose::STANDARD.encode(b)
}

const OPEN_THRIFT: &str = r#"{"type":"open","conn":1,"t_us":1,"client":"c"}"#;
const OPEN_NATIVE: &str = r#"{"type":"open","conn":1,"t_us":1,"client":"c","protocol":"native"}"#;

/// A capture of the header, one connection's `open` and `line`.
fn capture_with(dir: &std::path::Path, native: bool, line: &str) -> std::path::PathBuf {
    let open = if native { OPEN_NATIVE } else { OPEN_THRIFT };
    let path = dir.join("hostile.capture");
    std::fs::write(&path, format!("{HEAD}{open}\n{line}\n")).unwrap();
    path
}

fn native_request(data: &[u8]) -> String {
    format!(
        r#"{{"type":"native_request","conn":1,"n":0,"t_us":2,"version":4,"stream":1,"opcode":"OPTIONS","data":"{}"}}"#,
        b64(data)
    )
}

#[test]
fn records_holding_cut_or_garbled_messages_are_refused_by_their_position() {
    let dir = tempfile::tempdir().unwrap();
    // Where the fourth line begins: after the header's two lines and the open's.
    let at = |native: bool| HEAD.len() + if native { OPEN_NATIVE } else { OPEN_THRIFT }.len() + 1;
    let options = [4u8, 0, 0, 1, 5, 0, 0, 0, 0];
    let cases: [(bool, String, &str); 5] = [
        (true, native_request(&[]), "an empty frame"),
        (
            true,
            native_request(&options[..5]),
            "shorter than its 9-byte header",
        ),
        (
            true,
            native_request(&[4, 0, 0, 1, 5, 0, 0, 0, 9, 1, 2]),
            "says 9 bytes of body and has 2",
        ),
        (true, native_request(&[0x80; 9]), "version byte 0x80"),
        (
            false,
            format!(
                r#"{{"type":"request","conn":1,"n":0,"t_us":2,"framed":true,"method":"x","data":"{}"}}"#,
                b64(&[0, 0, 1, 0, 0x80, 1])
            ),
            "length says 256 bytes and has 2",
        ),
    ];
    for (native, line, says) in cases {
        let file = capture_with(dir.path(), native, &line);
        let (code, out) = replay(&[file.to_str().unwrap(), "--server", "127.0.0.1:1"]);
        assert_eq!(code, 2, "{line}: {out}");
        assert!(out.contains(says), "{line}: {out}");
        let position = format!("line 4 (byte {})", at(native));
        assert!(out.contains(&position), "{position}: {out}");
    }
}

#[test]
fn a_garbled_captured_reply_is_a_difference_not_a_crash() {
    let dir = tempfile::tempdir().unwrap();
    let server = Server::start(&["--in-memory"]);
    // describe_version, framed, and a captured "reply" of bytes that are no message.
    let mut call = vec![0x80, 1, 0, 1, 0, 0, 0, 16];
    call.extend_from_slice(b"describe_version");
    call.extend_from_slice(&[0, 0, 0, 1, 0]);
    let mut framed = (call.len() as u32).to_be_bytes().to_vec();
    framed.extend_from_slice(&call);
    let garbage = [0u8, 0, 0, 6, 0x80, 1, 0, 2, 0xff, 0xff];
    let lines = format!(
        concat!(
            r#"{{"type":"request","conn":1,"n":0,"t_us":2,"framed":true,"method":"describe_version","data":"{}"}}"#,
            "\n",
            r#"{{"type":"reply","conn":1,"n":0,"t_us":3,"data":"{}"}}"#
        ),
        b64(&framed),
        b64(&garbage)
    );
    let file = capture_with(dir.path(), false, &lines);
    let target = format!("127.0.0.1:{}", server.port);
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", &target]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("undecodable"), "{out}");
}

fn records(file: &std::path::Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn a_client_closing_mid_message_leaves_the_proxy_serving() {
    let dir = tempfile::tempdir().unwrap();
    let server = crate::support::native::server();
    let thrift_file = dir.path().join("thrift.capture");
    let thrift = Capture::start(server.port, &thrift_file, &[]);
    let native_file = dir.path().join("native.capture");
    let native_port = crate::support::native::native_port(&server);
    let native = Capture::start_native(native_port, &native_file, &[]);

    // A framed message that says 100 bytes and ends after 10; half a native header.
    let mut cut = TcpStream::connect(("127.0.0.1", thrift.port)).unwrap();
    cut.write_all(&[0, 0, 0, 100, 0x80, 1, 0, 1, 0, 0]).unwrap();
    drop(cut);
    let mut cut = TcpStream::connect(("127.0.0.1", native.port)).unwrap();
    cut.write_all(&[4, 0, 0]).unwrap();
    drop(cut);

    // The next connections pass and are recorded.
    assert!(connect19(thrift.port).describe_version().is_ok());
    let mut c = Conn::open(native.port, 4);
    assert_eq!(c.call(op::OPTIONS, &[]).opcode, op::SUPPORTED);
    drop(c);
    // Each connection's end reaches the file once the server has hung up too.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    let closes = |file: &std::path::Path| {
        records(file)
            .iter()
            .filter(|r| r["type"] == "close")
            .count()
    };
    while (closes(&thrift_file) < 2 || closes(&native_file) < 2)
        && std::time::Instant::now() < deadline
    {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(thrift.stop(), Some(0));
    assert_eq!(native.stop(), Some(0));
    for (file, request, cut) in [
        (&thrift_file, "request", 10),
        (&native_file, "native_request", 3),
    ] {
        let recs = records(file);
        let of = |t: &str| recs.iter().filter(|r| r["type"] == t).count();
        assert_eq!(
            (of("open"), of("close"), of(request)),
            (2, 2, 1),
            "{recs:?}"
        );
        // The message cut short is named, with where it began.
        let why = format!(
            "the client closed the connection {cut} bytes into a message that began at byte 0"
        );
        assert!(
            recs.iter().any(|r| r["type"] == "unrecorded"
                && r["why"].as_str().is_some_and(|w| w.starts_with(&why))),
            "{recs:?}"
        );
        let (code, out) = replay(&[file.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}");
    }
}

#[test]
fn a_server_closing_mid_reply_leaves_the_request_uncompared() {
    let dir = tempfile::tempdir().unwrap();
    // A server that answers every connection with 7 bytes of a 100-byte reply and hangs up.
    let fake = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = fake.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for s in fake.incoming().take(3) {
            let Ok(mut s) = s else { return };
            let mut buf = [0u8; 256];
            let _ = s.read(&mut buf);
            let _ = s.write_all(&[0, 0, 0, 100, 0x80, 1, 0]);
        }
    });
    let file = dir.path().join("cut.capture");
    let proxy = Capture::start(port, &file, &[]);
    assert!(connect19(proxy.port).describe_version().is_err());
    assert_eq!(proxy.stop(), Some(0));
    let recs = records(&file);
    let of = |t: &str| recs.iter().filter(|r| r["type"] == t).count();
    assert_eq!((of("request"), of("reply")), (1, 0), "{recs:?}");
    assert!(recs.iter().any(|r| r["type"] == "close"), "{recs:?}");
    assert!(
        recs.iter().any(|r| r["type"] == "unrecorded"
            && r["why"].as_str().is_some_and(|w| w.starts_with(
                "the server closed the connection 7 bytes into a message that began at byte 0"
            ))),
        "{recs:?}"
    );

    let server = Server::start(&["--in-memory"]);
    let target = format!("127.0.0.1:{}", server.port);
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", &target, "--json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (report["calls"].as_u64(), report["uncompared"].as_u64()),
        (Some(0), Some(1))
    );
}

/// A server that reads one request on each connection and hangs up without a reply.
fn closing_server(connections: usize) -> u16 {
    let fake = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = fake.local_addr().unwrap().port();
    std::thread::spawn(move || {
        for s in fake.incoming().take(connections) {
            let Ok(mut s) = s else { return };
            let mut buf = [0u8; 256];
            let _ = s.read(&mut buf);
        }
    });
    port
}

#[test]
fn a_server_closing_without_a_reply_is_a_reply_the_target_must_not_give() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("closed.capture");
    let proxy = Capture::start(closing_server(2), &file, &[]);
    assert!(connect19(proxy.port).describe_version().is_err());
    assert_eq!(proxy.stop(), Some(0));
    let recs = records(&file);
    assert!(
        recs.iter()
            .any(|r| r["type"] == "close" && r["by"] == "server"),
        "{recs:?}"
    );

    // supercolumn answers describe_version where the captured server closed.
    let server = Server::start(&["--in-memory"]);
    let target = format!("127.0.0.1:{}", server.port);
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", &target, "--json"]);
    assert_ne!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (report["calls"].as_u64(), report["different"].as_u64()),
        (Some(1), Some(1)),
        "{out}"
    );
    assert!(out.contains("closed"), "{out}");

    // A target that closes too answers as the captured server did.
    let target = format!("127.0.0.1:{}", closing_server(1));
    let (code, out) = replay(&[file.to_str().unwrap(), "--server", &target, "--json"]);
    assert_eq!(code, 0, "{out}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (report["calls"].as_u64(), report["identical"].as_u64()),
        (Some(1), Some(1)),
        "{out}"
    );
}
