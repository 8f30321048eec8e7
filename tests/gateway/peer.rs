//! Small fake cluster nodes for the gateway's failure tests: a port that
//! accepts and never answers, one that announces a huge frame, and proxies
//! in front of a backend supercolumn: one that refuses the statements a
//! Cassandra 3.11 node fails, one that lists a stopped node among its
//! peers, one whose listed peer is a second proxy that can be paused (a
//! node that stops answering while in use), one that says it is another
//! release. Owns only the sockets; what
//! each test checks stays in it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

/// A listening port on 127.0.0.1 whose connections are handed to `serve`,
/// each on a thread of its own, for as long as the test runs.
fn listen(serve: fn(TcpStream)) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    thread::spawn(move || {
        for stream in listener.incoming().map_while(Result::ok) {
            thread::spawn(move || serve(stream));
        }
    });
    port
}

/// Accepts connections and never writes a byte (holds each a minute).
pub fn silent() -> u16 {
    listen(|s| {
        thread::sleep(Duration::from_secs(60));
        drop(s);
    })
}

/// Answers the first request's header with a v4 response header that
/// announces a frame of 2^31-1 bytes, and nothing more.
pub fn huge_frame() -> u16 {
    listen(|mut s| {
        let mut header = [0u8; 9];
        if s.read_exact(&mut header).is_ok() {
            let _ = s.write_all(&[0x84, 0, header[2], header[3], 0x06, 0x7f, 0xff, 0xff, 0xff]);
        }
        thread::sleep(Duration::from_secs(60));
    })
}

/// One native protocol frame: its 9-byte header and body.
fn read_frame(s: &mut TcpStream) -> Option<([u8; 9], Vec<u8>)> {
    let mut header = [0u8; 9];
    s.read_exact(&mut header).ok()?;
    let length = u32::from_be_bytes([header[5], header[6], header[7], header[8]]) as usize;
    let mut body = vec![0u8; length];
    s.read_exact(&mut body).ok()?;
    Some((header, body))
}

/// The CQL text a QUERY or PREPARE body starts with (a long string).
fn statement(opcode: u8, body: &[u8]) -> Option<String> {
    if opcode != 0x07 && opcode != 0x09 {
        return None;
    }
    let len = i32::from_be_bytes(body.get(..4)?.try_into().ok()?);
    let text = body.get(4..4 + usize::try_from(len).ok()?)?;
    Some(String::from_utf8_lossy(text).into_owned())
}

/// What Cassandra 3.0-3.11 fail on a Super CF's table: one super column's
/// sub-columns (`column1 = ?`) read in reverse (`ORDER BY`).
pub fn fails_on_3x(cql: &str) -> bool {
    cql.contains("column1 = ?") && cql.contains("ORDER BY")
}

/// The statements a [`three_eleven`] proxy saw: refused, and passed on.
#[derive(Default)]
pub struct Statements {
    pub refused: Vec<String>,
    pub passed: Vec<String>,
}

/// A proxy to `127.0.0.1:backend` that answers each statement 3.11 fails
/// with a server error, as 3.11 answered it, and passes the rest; the
/// statements it saw are kept in the returned record.
pub fn three_eleven(backend: u16) -> (u16, Arc<Mutex<Statements>>) {
    let record = Arc::new(Mutex::new(Statements::default()));
    let seen = record.clone();
    let port = proxy(backend, move |h, b| {
        let cql = statement(h[4], b)?;
        let mut seen = seen.lock().unwrap();
        if fails_on_3x(&cql) {
            seen.refused.push(cql);
            return Some(server_error(h, "java.lang.ArrayIndexOutOfBoundsException"));
        }
        seen.passed.push(cql);
        None
    });
    (port, record)
}

/// The query a driver learns the ring's other nodes with.
const PEERS_QUERY: &str =
    "SELECT host_id, rpc_address, data_center, rack, tokens FROM system.peers";

/// The id a [`with_a_stopped_peer`] proxy gives [`PEERS_QUERY`] prepared.
const PEERS_ID: &[u8] = b"fake-peers-query";

/// A proxy to `127.0.0.1:backend` whose `system.peers` (as a driver reads
/// it, prepared or not) lists one more node, at 127.0.0.2 on the proxy's
/// port, which accepts connections and never answers (a stopped node).
pub fn with_a_stopped_peer(backend: u16) -> u16 {
    let port = proxy(backend, listing_a_peer);
    let stopped = TcpListener::bind(("127.0.0.2", port)).unwrap();
    thread::spawn(move || {
        let mut held = Vec::new();
        for s in stopped.incoming().map_while(Result::ok) {
            held.push(s);
        }
    });
    port
}

/// A second node in front of the same backend, which can be stopped (as
/// with SIGSTOP: its connections stay open, new ones are accepted, nothing
/// is answered or passed on) and let go again.
pub struct Pausable {
    pub paused: Arc<AtomicBool>,
    /// The requests it passed on to the backend.
    pub passed: Arc<AtomicUsize>,
}

/// A proxy to `127.0.0.1:backend` listing a peer at 127.0.0.2 on its port,
/// as [`with_a_stopped_peer`], where that peer is a [`Pausable`] proxy to
/// the same backend, running until paused.
pub fn with_a_pausable_peer(backend: u16) -> (u16, Pausable) {
    let port = proxy(backend, listing_a_peer);
    let listener = TcpListener::bind(("127.0.0.2", port)).unwrap();
    let (paused, passed) = (
        Arc::new(AtomicBool::new(false)),
        Arc::new(AtomicUsize::new(0)),
    );
    let node = Pausable {
        paused: paused.clone(),
        passed: passed.clone(),
    };
    thread::spawn(move || {
        for client in listener.incoming().map_while(Result::ok) {
            let Ok(server) = TcpStream::connect(("127.0.0.1", backend)) else {
                continue;
            };
            let wait = |paused: &AtomicBool| {
                while paused.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(5));
                }
            };
            let (mut from_server, mut to_client) =
                (server.try_clone().unwrap(), client.try_clone().unwrap());
            let p = paused.clone();
            thread::spawn(move || {
                while let Some((h, b)) = read_frame(&mut from_server) {
                    wait(&p);
                    if to_client
                        .write_all(&h)
                        .and_then(|_| to_client.write_all(&b))
                        .is_err()
                    {
                        break;
                    }
                }
            });
            let (mut from_client, mut to_server) = (client, server);
            let (p, n) = (paused.clone(), passed.clone());
            thread::spawn(move || {
                while let Some((h, b)) = read_frame(&mut from_client) {
                    wait(&p);
                    n.fetch_add(1, Ordering::Relaxed);
                    if to_server
                        .write_all(&h)
                        .and_then(|_| to_server.write_all(&b))
                        .is_err()
                    {
                        break;
                    }
                }
            });
        }
    });
    (port, node)
}

/// A proxy's own answer to the driver's [`PEERS_QUERY`], prepared or not:
/// one more node, at 127.0.0.2.
fn listing_a_peer(h: [u8; 9], b: &[u8]) -> Option<Vec<u8>> {
    let mut id = (PEERS_ID.len() as u16).to_be_bytes().to_vec();
    id.extend_from_slice(PEERS_ID);
    match (h[4], statement(h[4], b)) {
        (0x07, Some(cql)) if cql == PEERS_QUERY => Some(peers_result(h, false)),
        (0x09, Some(cql)) if cql == PEERS_QUERY => Some(peers_result(h, true)),
        (0x0a, _) if b.starts_with(&id) => Some(peers_result(h, false)),
        _ => None,
    }
}

/// The query the gateway reads the cluster's description with.
const FACTS_QUERY: &str =
    "SELECT cluster_name, partitioner, release_version, cql_version FROM system.local";

/// A proxy to `127.0.0.1:backend` answering the gateway's [`FACTS_QUERY`]
/// as a node of release `release` (Murmur3, CQL 3.0.5) in cluster
/// `cluster` would; the rest passes.
pub fn claiming_release(backend: u16, cluster: &'static str, release: &'static str) -> u16 {
    proxy(backend, move |h, b| match statement(h[4], b) {
        Some(cql) if h[4] == 0x07 && cql == FACTS_QUERY => {
            let partitioner = "org.apache.cassandra.dht.Murmur3Partitioner";
            Some(text_row(
                h,
                &[
                    "cluster_name",
                    "partitioner",
                    "release_version",
                    "cql_version",
                ],
                &[cluster, partitioner, release, "3.0.5"],
            ))
        }
        _ => None,
    })
}

/// A ROWS answer to `request` of one row of `system.local` text columns.
fn text_row(request: [u8; 9], names: &[&str], values: &[&str]) -> Vec<u8> {
    let string = |out: &mut Vec<u8>, s: &[u8]| {
        out.extend_from_slice(&(s.len() as u16).to_be_bytes());
        out.extend_from_slice(s);
    };
    let mut body = 2i32.to_be_bytes().to_vec();
    body.extend_from_slice(&1i32.to_be_bytes());
    body.extend_from_slice(&(names.len() as i32).to_be_bytes());
    string(&mut body, b"system");
    string(&mut body, b"local");
    for name in names {
        string(&mut body, name.as_bytes());
        body.extend_from_slice(&[0x00, 0x0d]);
    }
    body.extend_from_slice(&1i32.to_be_bytes());
    for v in values {
        body.extend_from_slice(&(v.len() as i32).to_be_bytes());
        body.extend_from_slice(v.as_bytes());
    }
    let mut frame = vec![0x84, 0, request[2], request[3], 0x08];
    frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
    frame.extend_from_slice(&body);
    frame
}

/// A proxy to `127.0.0.1:backend`: each request is shown to `answer`
/// (its header and body), which answers it itself (a whole frame) or lets
/// it through.
fn proxy(
    backend: u16,
    answer: impl Fn([u8; 9], &[u8]) -> Option<Vec<u8>> + Send + Sync + 'static,
) -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let answer = Arc::new(answer);
    thread::spawn(move || {
        for client in listener.incoming().map_while(Result::ok) {
            let Ok(server) = TcpStream::connect(("127.0.0.1", backend)) else {
                continue;
            };
            let answer = answer.clone();
            let to_client = Arc::new(Mutex::new(client.try_clone().unwrap()));
            let (mut from_server, back) = (server.try_clone().unwrap(), to_client.clone());
            thread::spawn(move || {
                while let Some((h, b)) = read_frame(&mut from_server) {
                    let mut out = back.lock().unwrap();
                    if out.write_all(&h).and_then(|_| out.write_all(&b)).is_err() {
                        break;
                    }
                }
            });
            let (mut from_client, mut to_server) = (client, server);
            thread::spawn(move || {
                while let Some((h, b)) = read_frame(&mut from_client) {
                    let own = answer(h, &b);
                    let sent = match own {
                        Some(frame) => to_client.lock().unwrap().write_all(&frame),
                        None => to_server
                            .write_all(&h)
                            .and_then(|_| to_server.write_all(&b)),
                    };
                    if sent.is_err() {
                        break;
                    }
                }
            });
        }
    });
    port
}

/// The answer to [`PEERS_QUERY`]: its rows (one node, 127.0.0.2), or
/// (`prepared`) it prepared under [`PEERS_ID`], without bind markers.
fn peers_result(request: [u8; 9], prepared: bool) -> Vec<u8> {
    fn string(out: &mut Vec<u8>, s: &[u8]) {
        out.extend_from_slice(&(s.len() as u16).to_be_bytes());
        out.extend_from_slice(s);
    }
    fn value(out: &mut Vec<u8>, v: &[u8]) {
        out.extend_from_slice(&(v.len() as i32).to_be_bytes());
        out.extend_from_slice(v);
    }
    let mut body = Vec::new();
    if prepared {
        body.extend_from_slice(&4i32.to_be_bytes());
        string(&mut body, PEERS_ID);
        // No bind markers: flags, no columns, no partition key columns.
        body.extend_from_slice(&[0; 12]);
    } else {
        body.extend_from_slice(&2i32.to_be_bytes());
    }
    // The rows' metadata: a global table spec, five columns.
    body.extend_from_slice(&[0, 0, 0, 1, 0, 0, 0, 5]);
    string(&mut body, b"system");
    string(&mut body, b"peers");
    for (name, ty) in [
        ("host_id", &[0x00, 0x0c][..]),
        ("rpc_address", &[0x00, 0x10]),
        ("data_center", &[0x00, 0x0d]),
        ("rack", &[0x00, 0x0d]),
        ("tokens", &[0x00, 0x22, 0x00, 0x0d]),
    ] {
        string(&mut body, name.as_bytes());
        body.extend_from_slice(ty);
    }
    if !prepared {
        body.extend_from_slice(&1i32.to_be_bytes());
        value(&mut body, &[0x5c; 16]);
        value(&mut body, &[127, 0, 0, 2]);
        value(&mut body, b"datacenter1");
        value(&mut body, b"rack1");
        let mut set = 1i32.to_be_bytes().to_vec();
        value(&mut set, b"4611686018427387904");
        value(&mut body, &set);
    }
    let mut frame = vec![0x84, 0, request[2], request[3], 0x08];
    frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
    frame.extend_from_slice(&body);
    frame
}

/// An ERROR frame (code 0x0000, a server error) answering `request`.
fn server_error(request: [u8; 9], message: &str) -> Vec<u8> {
    let mut body = vec![0, 0, 0, 0];
    body.extend_from_slice(&(message.len() as u16).to_be_bytes());
    body.extend_from_slice(message.as_bytes());
    let mut frame = vec![0x84, 0, request[2], request[3], 0x00];
    frame.extend_from_slice(&(body.len() as u32).to_be_bytes());
    frame.extend_from_slice(&body);
    frame
}
