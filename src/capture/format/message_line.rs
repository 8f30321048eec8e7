//! The lines of the records a capture is nearly all made of (a message a
//! client or server sent), written straight into the line without serde.
//! Owns only that shortcut; the format itself is the parent module's,
//! and a test holds every line written here byte for byte equal to what
//! serde writes for the same record.
//!
//! Why: `serve --capture` encodes every message on a thread that shares the
//! server's cores, and through serde the message's base64 text is built in a
//! string of its own and then scanned for characters to escape, which base64
//! never has. Written here it is encoded once, in place.

use super::Record;
use base64::Engine as _;
use std::io::Write as _;

/// Appends `rec`'s JSON object (no newline) to `line` when it is a message
/// record; `false`, with `line` untouched, for every other record.
pub fn write(rec: &Record, line: &mut Vec<u8>) -> bool {
    // Writing into a Vec cannot fail.
    match rec {
        Record::Request {
            conn,
            n,
            t_us,
            framed,
            method,
            data,
        } => {
            let _ = write!(
                line,
                r#"{{"type":"request","conn":{conn},"n":{n},"t_us":{t_us},"framed":{framed},"method":"#
            );
            json_str(method, line);
            bytes(b"data", data, line);
        }
        Record::Reply {
            conn,
            n,
            t_us,
            data,
        } => {
            let _ = write!(
                line,
                r#"{{"type":"reply","conn":{conn},"n":{n},"t_us":{t_us}"#
            );
            bytes(b"data", data, line);
        }
        Record::NativeRequest {
            conn,
            n,
            t_us,
            version,
            stream,
            opcode,
            data,
            body,
        } => {
            let _ = write!(
                line,
                r#"{{"type":"native_request","conn":{conn},"n":{n},"t_us":{t_us},"version":{version},"stream":{stream},"opcode":"#
            );
            json_str(opcode, line);
            bytes(b"data", data, line);
            if let Some(body) = body {
                bytes(b"body", body, line);
            }
        }
        Record::NativeReply {
            conn,
            n,
            t_us,
            version,
            stream,
            opcode,
            data,
            body,
        } => {
            let _ = write!(line, r#"{{"type":"native_reply","conn":{conn},"#);
            if let Some(n) = n {
                let _ = write!(line, r#""n":{n},"#);
            }
            let _ = write!(
                line,
                r#""t_us":{t_us},"version":{version},"stream":{stream},"opcode":"#
            );
            json_str(opcode, line);
            bytes(b"data", data, line);
            if let Some(body) = body {
                bytes(b"body", body, line);
            }
        }
        _ => return false,
    }
    line.push(b'}');
    true
}

/// A name the server or client chose: escaped as JSON escapes it.
fn json_str(s: &str, line: &mut Vec<u8>) {
    let _ = serde_json::to_writer(&mut *line, s);
}

/// `,"KEY":"BASE64"`, encoded in place.
fn bytes(key: &[u8], data: &[u8], line: &mut Vec<u8>) {
    line.extend_from_slice(b",\"");
    line.extend_from_slice(key);
    line.extend_from_slice(b"\":\"");
    let at = line.len();
    let len = base64::encoded_len(data.len(), true).expect("a message fits in memory");
    line.resize(at + len, 0);
    let wrote = base64::engine::general_purpose::STANDARD
        .encode_slice(data, &mut line[at..])
        .expect("sized by encoded_len");
    line.truncate(at + wrote);
    line.push(b'"');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn via_serde(rec: &Record) -> Vec<u8> {
        serde_json::to_vec(rec).unwrap()
    }

    fn name() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("batch_mutate".to_string()),
            Just("QUERY".to_string()),
            // What a client could put in a method name: quotes, controls, non-ASCII.
            any::<String>(),
        ]
    }

    fn record() -> impl Strategy<Value = Record> {
        let data = proptest::collection::vec(any::<u8>(), 0..300);
        prop_oneof![
            (
                any::<u64>(),
                any::<u64>(),
                any::<u64>(),
                any::<bool>(),
                name(),
                data.clone()
            )
                .prop_map(|(conn, n, t_us, framed, method, data)| Record::Request {
                    conn,
                    n,
                    t_us,
                    framed,
                    method,
                    data,
                }),
            (any::<u64>(), any::<u64>(), any::<u64>(), data.clone()).prop_map(
                |(conn, n, t_us, data)| Record::Reply {
                    conn,
                    n,
                    t_us,
                    data
                }
            ),
            (
                (any::<u64>(), any::<u64>(), any::<u64>()),
                (any::<u8>(), any::<i16>(), name()),
                data.clone(),
                proptest::option::of(data.clone())
            )
                .prop_map(
                    |((conn, n, t_us), (version, stream, opcode), data, body)| {
                        Record::NativeRequest {
                            conn,
                            n,
                            t_us,
                            version,
                            stream,
                            opcode,
                            data,
                            body,
                        }
                    }
                ),
            (
                (
                    any::<u64>(),
                    proptest::option::of(any::<u64>()),
                    any::<u64>()
                ),
                (any::<u8>(), any::<i16>(), name()),
                data.clone(),
                proptest::option::of(data)
            )
                .prop_map(
                    |((conn, n, t_us), (version, stream, opcode), data, body)| {
                        Record::NativeReply {
                            conn,
                            n,
                            t_us,
                            version,
                            stream,
                            opcode,
                            data,
                            body,
                        }
                    }
                ),
        ]
    }

    proptest! {
        #[test]
        fn a_message_line_is_the_line_serde_writes(rec in record()) {
            let mut line = Vec::new();
            prop_assert!(write(&rec, &mut line));
            prop_assert_eq!(String::from_utf8(line).unwrap(), String::from_utf8(via_serde(&rec)).unwrap());
        }
    }

    #[test]
    fn other_records_are_left_to_serde() {
        let mut line = b"kept".to_vec();
        let close = Record::Close {
            conn: 1,
            t_us: 2,
            by: "client".into(),
        };
        assert!(!write(&close, &mut line));
        assert_eq!(line, b"kept");
    }
}
