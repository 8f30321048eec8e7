//! The schema a capture starts from: fetched from the captured server
//! (its `describe_keyspaces` reply, kept as bytes) when the capture starts,
//! and created on a replay's target for each keyspace it lacks
//! (`system_add_keyspace`, with the column family ids left for the target to
//! assign). Speaks 19.x over framed Thrift with the server's own encoder and
//! decoder; a 0.6 server, whose keyspaces come from its configuration, has
//! none to fetch or create, which is a note, not a failure.

use crate::capture::format::Record;
use crate::capture::masks::SYSTEM_KEYSPACES;
use crate::thrift::wire::{mtype, ttype, Reader, Value, Writer};
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

/// The longest reply read here.
const REPLY_MAX: usize = 64 << 20;

#[derive(Debug, thiserror::Error)]
pub enum SchemaError {
    #[error("{addr}: {source}")]
    Io {
        addr: String,
        #[source]
        source: std::io::Error,
    },
    #[error("{addr}: {why}")]
    Reply { addr: String, why: String },
}

/// One framed 19.x call and its reply message (without the frame length).
pub fn call(addr: &str, method: &str, args: Vec<(i16, Value)>) -> Result<Vec<u8>, SchemaError> {
    let io = |source| SchemaError::Io {
        addr: addr.to_string(),
        source,
    };
    let timeout = Duration::from_secs(10);
    let sock = addr
        .to_socket_addrs()
        .map_err(io)?
        .next()
        .ok_or_else(|| SchemaError::Reply {
            addr: addr.into(),
            why: "no address".into(),
        })?;
    let mut s = TcpStream::connect_timeout(&sock, timeout).map_err(io)?;
    s.set_read_timeout(Some(timeout)).map_err(io)?;
    s.set_write_timeout(Some(timeout)).map_err(io)?;
    let mut w = Writer::framed();
    w.message_header(method, mtype::CALL, 1);
    w.value(&Value::Struct(args));
    s.write_all(&w.finish_frame()).map_err(io)?;
    let mut len = [0u8; 4];
    s.read_exact(&mut len).map_err(|e| match e.kind() {
        // A server that does not speak framed 19.x (0.6) leaves the call unanswered.
        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut => SchemaError::Reply {
            addr: addr.into(),
            why: format!(
                "no reply to a framed 19.x {method} within {} s (a 0.6 server's keyspaces \
                 are its configuration)",
                timeout.as_secs()
            ),
        },
        _ => io(e),
    })?;
    let len = u32::from_be_bytes(len) as usize;
    if len > REPLY_MAX {
        return Err(SchemaError::Reply {
            addr: addr.into(),
            why: format!("a reply of {len} bytes"),
        });
    }
    let mut msg = vec![0; len];
    s.read_exact(&mut msg).map_err(io)?;
    Ok(msg)
}

/// The `schema` record of a capture of the server at `addr`.
pub fn fetch(addr: &str) -> Record {
    record(addr, call(addr, "describe_keyspaces", vec![]))
}

/// A `describe_keyspaces` request message (19.x, unframed), for a server
/// asked in-process (`serve --capture`).
pub fn describe_keyspaces_request() -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header("describe_keyspaces", mtype::CALL, 1);
    w.value(&Value::Struct(vec![]));
    w.buf
}

/// The `schema` record of the server at `addr` from its reply message to
/// `describe_keyspaces`, or from why there is none.
pub fn record(addr: &str, reply: Result<Vec<u8>, SchemaError>) -> Record {
    match reply.and_then(|m| keyspaces(addr, &m).map(|_| m)) {
        Ok(m) => Record::Schema {
            describe_keyspaces: Some(m),
            error: None,
        },
        Err(e) => Record::Schema {
            describe_keyspaces: None,
            error: Some(e.to_string()),
        },
    }
}

/// The keyspace definitions (KsDef structs) of a `describe_keyspaces` reply.
fn keyspaces(addr: &str, msg: &[u8]) -> Result<Vec<Value>, SchemaError> {
    let bad = |why: String| SchemaError::Reply {
        addr: addr.into(),
        why,
    };
    let mut r = Reader::new(msg);
    let head = r.message_header().map_err(|e| bad(e.to_string()))?;
    let body = r.value(ttype::STRUCT, 0).map_err(|e| bad(e.to_string()))?;
    if head.mtype != mtype::REPLY {
        return Err(bad(format!("describe_keyspaces failed: {body:?}")));
    }
    match body.field(0) {
        Some(Value::List(_, items)) => Ok(items.clone()),
        _ => Err(bad(format!(
            "describe_keyspaces answered no keyspaces: {body:?}"
        ))),
    }
}

fn name(ks: &Value) -> String {
    match ks.field(1) {
        Some(Value::Bin(b)) => String::from_utf8_lossy(b).into_owned(),
        _ => String::new(),
    }
}

/// Creates on `addr` each captured keyspace it lacks; what was done, as notes.
pub fn create(addr: &str, captured: &[u8]) -> Result<Vec<String>, SchemaError> {
    let wanted = keyspaces("the capture's schema", captured)?;
    let present: Vec<String> = match call(addr, "describe_keyspaces", vec![]) {
        Ok(m) => keyspaces(addr, &m)?.iter().map(name).collect(),
        Err(e) => return Ok(vec![format!("schema not created: {e}")]),
    };
    let mut notes = Vec::new();
    for ks in wanted {
        let n = name(&ks);
        if SYSTEM_KEYSPACES.contains(&n.as_str()) || present.contains(&n) {
            continue;
        }
        let reply = call(addr, "system_add_keyspace", vec![(1, without_ids(ks))])?;
        let mut r = Reader::new(&reply);
        let ok = r.message_header().is_ok_and(|h| h.mtype == mtype::REPLY)
            && r.value(ttype::STRUCT, 0)
                .is_ok_and(|v| v.field(0).is_some());
        notes.push(if ok {
            format!("created keyspace {n} from the capture's schema")
        } else {
            format!("could not create keyspace {n} from the capture's schema")
        });
    }
    Ok(notes)
}

/// A KsDef with its column families' ids (CfDef 16) removed.
fn without_ids(ks: Value) -> Value {
    let Value::Struct(fields) = ks else { return ks };
    Value::Struct(
        fields
            .into_iter()
            .map(|(id, v)| match (id, v) {
                (5, Value::List(t, cfs)) => {
                    let cfs = cfs
                        .into_iter()
                        .map(|cf| match cf {
                            Value::Struct(f) => {
                                Value::Struct(f.into_iter().filter(|(id, _)| *id != 16).collect())
                            }
                            other => other,
                        })
                        .collect();
                    (5, Value::List(t, cfs))
                }
                other => other,
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_family_ids_are_left_to_the_target() {
        let cf = Value::Struct(vec![
            (1, Value::Bin(b"ks".to_vec())),
            (16, Value::I32(1001)),
        ]);
        let ks = Value::Struct(vec![
            (1, Value::Bin(b"ks".to_vec())),
            (5, Value::List(ttype::STRUCT, vec![cf])),
        ]);
        let out = without_ids(ks);
        let Some(Value::List(_, cfs)) = out.field(5) else {
            panic!("{out:?}")
        };
        assert_eq!(cfs[0].field(16), None);
        assert_eq!(cfs[0].field(1), Some(&Value::Bin(b"ks".to_vec())));
        assert_eq!(name(&out), "ks");
    }
}
