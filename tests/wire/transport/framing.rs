//! The transport over raw sockets: framed/unframed and strict/non-strict
//! detection, over-size messages, garbage, pipelining.

use crate::support::wire;

use std::io::{Read, Write};
use std::net::TcpStream;
use wire::{conformance_config, Server};

fn server() -> Server {
    let conf = conformance_config("storage-conf.xml");
    Server::start(&["--config", conf.to_str().unwrap(), "--in-memory"])
}

fn strict_call(name: &str, seqid: i32) -> Vec<u8> {
    let mut b = vec![0x80, 0x01, 0x00, 0x01];
    b.extend_from_slice(&(name.len() as i32).to_be_bytes());
    b.extend_from_slice(name.as_bytes());
    b.extend_from_slice(&seqid.to_be_bytes());
    b.push(0); // empty args struct
    b
}

fn old_call(name: &str, seqid: i32) -> Vec<u8> {
    let mut b = (name.len() as i32).to_be_bytes().to_vec();
    b.extend_from_slice(name.as_bytes());
    b.push(1);
    b.extend_from_slice(&seqid.to_be_bytes());
    b.push(0);
    b
}

fn framed(msg: &[u8]) -> Vec<u8> {
    let mut b = (msg.len() as u32).to_be_bytes().to_vec();
    b.extend_from_slice(msg);
    b
}

/// The expected strict reply to an unframed connection's first
/// describe_version (seqid as sent): unframed clients are taken for 0.6 ones.
fn version_reply(seqid: i32) -> Vec<u8> {
    version_reply_of(seqid, "2.2.0")
}

/// The reply carrying `version`; a framed connection's first call gets
/// 19.x's, since 0.7+ clients framed by default.
fn version_reply_of(seqid: i32, version: &str) -> Vec<u8> {
    let mut b = vec![0x80, 0x01, 0x00, 0x02];
    b.extend_from_slice(&16i32.to_be_bytes());
    b.extend_from_slice(b"describe_version");
    b.extend_from_slice(&seqid.to_be_bytes());
    b.push(11);
    b.extend_from_slice(&0i16.to_be_bytes());
    b.extend_from_slice(&(version.len() as i32).to_be_bytes());
    b.extend_from_slice(version.as_bytes());
    b.push(0);
    b
}

fn read_exact(s: &mut TcpStream, n: usize) -> Vec<u8> {
    let mut buf = vec![0; n];
    s.read_exact(&mut buf).expect("reply");
    buf
}

/// True when the server closes the connection (EOF or reset) without more data.
fn closed(s: &mut TcpStream) -> bool {
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return true,
            Ok(_) => continue, // an exception reply before closing is allowed
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => return true,
            Err(_) => return false,
        }
    }
}

#[test]
fn detects_all_four_encodings_and_pipelines() {
    let server = server();
    for (msgs, is_framed) in [
        (
            vec![
                strict_call("describe_version", 1),
                strict_call("describe_version", 2),
            ],
            false,
        ),
        (
            vec![
                old_call("describe_version", 1),
                old_call("describe_version", 2),
            ],
            false,
        ),
        (
            vec![
                framed(&strict_call("describe_version", 1)),
                framed(&strict_call("describe_version", 2)),
            ],
            true,
        ),
        (
            vec![
                framed(&old_call("describe_version", 1)),
                framed(&old_call("describe_version", 2)),
            ],
            true,
        ),
    ] {
        let mut s = server.raw();
        // Both requests in one write: the server must split them itself.
        s.write_all(&msgs.concat()).unwrap();
        for seqid in [1, 2] {
            let expected = if is_framed {
                framed(&version_reply_of(seqid, "19.36.0"))
            } else {
                version_reply(seqid)
            };
            assert_eq!(read_exact(&mut s, expected.len()), expected);
        }
    }
}

#[test]
fn byte_at_a_time_unframed() {
    let server = server();
    let mut s = server.raw();
    s.set_nodelay(true).unwrap();
    for b in strict_call("describe_version", 9) {
        s.write_all(&[b]).unwrap();
    }
    assert_eq!(read_exact(&mut s, version_reply(9).len()), version_reply(9));
}

#[test]
fn oversize_messages_are_refused_and_closed() {
    let server = server();
    // A frame claiming 100 MiB (the default limit is 16 MiB): refused from the length alone.
    let mut s = server.raw();
    let mut msg = (100u32 << 20).to_be_bytes().to_vec();
    msg.extend_from_slice(&strict_call("insert", 3)[..12]);
    s.write_all(&msg).unwrap();
    assert!(closed(&mut s));
    // Unframed: a string field declaring 100 MiB.
    let mut s = server.raw();
    let mut msg = strict_call("insert", 4);
    msg.pop();
    msg.push(11);
    msg.extend_from_slice(&1i16.to_be_bytes());
    msg.extend_from_slice(&(100i32 << 20).to_be_bytes());
    s.write_all(&msg).unwrap();
    let mut reply = Vec::new();
    let _ = s.read_to_end(&mut reply);
    // The answer, if any, is a TApplicationException for seqid 4.
    if !reply.is_empty() {
        assert_eq!(&reply[..4], &[0x80, 0x01, 0x00, 0x03]);
    }
    // The server is still fine.
    let mut s = server.raw();
    s.write_all(&strict_call("describe_version", 5)).unwrap();
    assert_eq!(read_exact(&mut s, version_reply(5).len()), version_reply(5));
}

#[test]
fn garbage_closes_the_connection_only() {
    let server = server();
    let samples: Vec<Vec<u8>> = vec![
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n".to_vec(),
        vec![0x80, 0x02, 0, 1, 0, 0, 0, 1, b'x', 0, 0, 0, 1, 0],
        vec![0, 0, 0, 0, 0, 0, 0, 0],
        vec![0xff; 64],
        // A valid header with an unknown field type inside the args.
        {
            let mut m = strict_call("get", 1);
            m.pop();
            m.extend_from_slice(&[99, 0, 1, 0]);
            m
        },
    ];
    for g in samples {
        let mut s = server.raw();
        s.write_all(&g).unwrap();
        let _ = s.shutdown(std::net::Shutdown::Write);
        assert!(
            closed(&mut s),
            "server kept the connection open after {g:?}"
        );
    }
    // An unknown method is answered, not dropped.
    let mut s = server.raw();
    s.write_all(&strict_call("no_such_method", 7)).unwrap();
    let head = read_exact(&mut s, 4);
    assert_eq!(head, [0x80, 0x01, 0x00, 0x03]);
    let mut s = server.raw();
    s.write_all(&strict_call("describe_version", 8)).unwrap();
    assert_eq!(read_exact(&mut s, version_reply(8).len()), version_reply(8));
}
