use super::*;
use crate::thrift::wire::{MessageHeader, Value, Writer};

fn reply(method: &str, mt: u8, build: impl FnOnce(&mut Writer)) -> Vec<u8> {
    let mut w = Writer::new();
    w.message_header(method, mt, 1);
    build(&mut w);
    w.stop();
    w.buf
}

fn outcome(g: Generation, method: &str, reply: &[u8]) -> Outcome {
    read(g, method, reply).outcome
}

#[test]
fn outcomes_from_replies() {
    let ok = reply("get", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 0);
        w.stop();
    });
    assert_eq!(outcome(Generation::Api19, "get", &ok), Outcome::Ok);
    let void = reply("insert", mtype::REPLY, |_| {});
    assert_eq!(outcome(Generation::Api2, "insert", &void), Outcome::Ok);
    let nfe = reply("get", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 2);
        w.stop();
    });
    assert_eq!(
        outcome(Generation::Api19, "get", &nfe).to_string(),
        "NotFoundException"
    );
    let nfe06 = reply("describe_keyspace", mtype::REPLY, |w| {
        w.field_header(ttype::STRUCT, 1);
        w.stop();
    });
    assert_eq!(
        outcome(Generation::Api2, "describe_keyspace", &nfe06).to_string(),
        "NotFoundException"
    );
    let app = crate::thrift::dispatch::exception(
        &MessageHeader {
            name: "nope".into(),
            mtype: mtype::CALL,
            seqid: 1,
            strict: true,
        },
        thrift::ApplicationErrorKind::UnknownMethod,
        "Invalid method name: 'nope'".into(),
    );
    let app = read(Generation::Api19, "nope", &app);
    assert_eq!(
        app.outcome.to_string(),
        "TApplicationException(UNKNOWN_METHOD)"
    );
    assert_eq!(app.outcome.recorded(), "TApplicationException");
    assert_eq!(app.why.as_deref(), Some("Invalid method name: 'nope'"));
    assert_eq!(
        outcome(Generation::Api19, "get", b"\x80"),
        Outcome::Application("UNKNOWN")
    );
}

#[test]
fn outcomes_name_the_exception_and_its_why() {
    use crate::node::faults::{Fault, FaultKind};
    use crate::thrift::error::fault_reply;
    let header = MessageHeader {
        name: "get".into(),
        mtype: mtype::CALL,
        seqid: 1,
        strict: true,
    };
    let fault = |kind| Fault {
        rule: 1,
        kind,
        why: Some("because".into()),
        delay: None,
        applied: false,
        detail: Default::default(),
    };
    let out = |kind| {
        let bytes = fault_reply(Generation::Api19, &header, &fault(kind)).unwrap();
        let e = read(Generation::Api19, "get", &bytes);
        (e.outcome.recorded().to_string(), e.why)
    };
    assert_eq!(out(FaultKind::TimedOut), ("TimedOutException".into(), None));
    assert_eq!(
        out(FaultKind::InvalidRequest),
        ("InvalidRequestException".into(), Some("because".into()))
    );
    assert_eq!(
        out(FaultKind::ApplicationError),
        ("TApplicationException".into(), Some("because".into()))
    );
    // A plain reply with its success field.
    let mut w = Writer::new();
    w.message_header("get", mtype::REPLY, 1);
    w.value(&Value::Struct(vec![(0, Value::Struct(vec![]))]));
    let e = read(Generation::Api19, "get", &w.buf);
    assert_eq!((e.outcome.recorded(), e.why), ("ok", None));
}

#[test]
fn no_reply_and_a_closed_connection() {
    let none = ending(Generation::Api2, "insert", &Ok(None));
    assert_eq!(none.outcome.to_string(), "ok (oneway)");
    assert_eq!((none.outcome.recorded(), none.why), ("ok", None));
    let closed = ending(
        Generation::Api2,
        "insert",
        &Err(Unanswerable("bad frame".into())),
    );
    assert_eq!(closed.outcome.to_string(), "connection closed: bad frame");
    assert_eq!(closed.outcome.recorded(), "connection_closed");
    assert_eq!(closed.why.as_deref(), Some("bad frame"));
}
