//! Small fake cluster nodes for the gateway's failure tests: a port that
//! accepts and never answers, one that announces a huge frame, and a proxy
//! in front of a backend supercolumn that refuses the statements a
//! Cassandra 3.11 node fails. Owns only the sockets; what each test checks
//! stays in it.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
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
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let record = Arc::new(Mutex::new(Statements::default()));
    let seen = record.clone();
    thread::spawn(move || {
        for client in listener.incoming().map_while(Result::ok) {
            let Ok(server) = TcpStream::connect(("127.0.0.1", backend)) else {
                continue;
            };
            let seen = seen.clone();
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
                    let cql = statement(h[4], &b);
                    match cql.clone().filter(|cql| fails_on_3x(cql)) {
                        Some(cql) => {
                            seen.lock().unwrap().refused.push(cql);
                            let mut out = to_client.lock().unwrap();
                            let _ = out.write_all(&server_error(
                                h,
                                "java.lang.ArrayIndexOutOfBoundsException",
                            ));
                        }
                        None => {
                            seen.lock().unwrap().passed.extend(cql);
                            if to_server
                                .write_all(&h)
                                .and_then(|_| to_server.write_all(&b))
                                .is_err()
                            {
                                break;
                            }
                        }
                    }
                }
            });
        }
    });
    (port, record)
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
