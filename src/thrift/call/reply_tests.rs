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
    use crate::node::calls::faults::{Fault, FaultKind};
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
        out(FaultKind::WriteFailure),
        ("TimedOutException".into(), None)
    );
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

/// Primed faults (`error::fault`) as the reply reader reads them back: each
/// kind its method's declared exception, in both generations.
mod faults {
    use crate::node::calls::faults::{Fault, FaultKind};
    use crate::thrift::call::reply::{self, Outcome};
    use crate::thrift::error::{fault_carried, fault_reply};
    use crate::thrift::session::Generation;
    use crate::thrift::wire::{mtype, ttype, MessageHeader, Reader, Value};

    fn header(method: &str) -> MessageHeader {
        MessageHeader {
            name: method.into(),
            mtype: mtype::CALL,
            seqid: 7,
            strict: true,
        }
    }

    fn fault(kind: FaultKind) -> Fault {
        Fault {
            rule: 4,
            kind,
            why: None,
            delay: None,
            applied: false,
            detail: Default::default(),
        }
    }

    /// The reply's outcome and its exception struct.
    fn answer(g: Generation, method: &str, f: &Fault) -> (Outcome, Option<Value>) {
        let bytes = fault_reply(g, &header(method), f).expect("a reply");
        let mut r = Reader::new(&bytes);
        let h = r.message_header().unwrap();
        assert_eq!((h.name.as_str(), h.seqid), (method, 7));
        let body = r.value(ttype::STRUCT, 0).unwrap();
        (reply::read(g, method, &bytes).outcome, Some(body))
    }

    fn exception(g: Generation, method: &str, kind: FaultKind) -> String {
        match answer(g, method, &fault(kind)).0 {
            Outcome::Exception(name) => name,
            other => panic!("{method} {kind:?}: {other:?}"),
        }
    }

    #[test]
    fn each_kind_is_its_declared_exception_in_both_generations() {
        for g in [Generation::Api2, Generation::Api19] {
            assert_eq!(
                exception(g, "get", FaultKind::TimedOut),
                "TimedOutException"
            );
            assert_eq!(
                exception(g, "get", FaultKind::Unavailable),
                "UnavailableException"
            );
            assert_eq!(
                exception(g, "get", FaultKind::NotFound),
                "NotFoundException"
            );
            assert_eq!(
                exception(g, "get_slice", FaultKind::InvalidRequest),
                "InvalidRequestException"
            );
            assert_eq!(
                exception(g, "login", FaultKind::Authentication),
                "AuthenticationException"
            );
            assert_eq!(
                exception(g, "login", FaultKind::Authorization),
                "AuthorizationException"
            );
            assert_eq!(
                exception(g, "batch_mutate", FaultKind::Authorization),
                "InvalidRequestException",
                "only login declares the auth exceptions"
            );
        }
        assert_eq!(
            exception(Generation::Api19, "execute_cql3_query", FaultKind::TimedOut),
            "TimedOutException"
        );
        assert_eq!(
            exception(Generation::Api2, "multiget", FaultKind::Unavailable),
            "UnavailableException"
        );
    }

    #[test]
    fn whys_default_sensibly_and_can_be_given() {
        let (_, body) = answer(Generation::Api19, "get", &fault(FaultKind::InvalidRequest));
        let ire = body.unwrap();
        let ire = ire.field(1).unwrap();
        assert_eq!(
            ire.field(1),
            Some(&Value::Bin(b"Injected by fault rule 4".to_vec()))
        );
        let mut f = fault(FaultKind::Authentication);
        let (_, body) = answer(Generation::Api2, "insert", &f);
        let body = body.unwrap();
        assert_eq!(
            body.field(1).unwrap().field(1),
            Some(&Value::Bin(b"You have not logged in".to_vec()))
        );
        f.why = Some("bad password".into());
        let (_, body) = answer(Generation::Api2, "login", &f);
        assert_eq!(
            body.unwrap().field(1).unwrap().field(1),
            Some(&Value::Bin(b"bad password".to_vec()))
        );
    }

    #[test]
    fn a_19x_timeout_says_whether_the_write_was_applied() {
        let mut f = fault(FaultKind::TimedOut);
        for (applied, acknowledged) in [(false, 0), (true, 1)] {
            f.applied = applied;
            let (_, body) = answer(Generation::Api19, "insert", &f);
            let te = body.unwrap();
            let te = te.field(3).unwrap();
            assert_eq!(te.field(1), Some(&Value::I32(acknowledged)));
        }
        // 0.6's TimedOutException has no fields.
        let (_, body) = answer(Generation::Api2, "insert", &f);
        let te = body.unwrap();
        assert!(te.field(3).unwrap().field(1).is_none());
    }

    #[test]
    fn application_errors_are_internal_errors() {
        let mut f = fault(FaultKind::ApplicationError);
        assert_eq!(
            answer(Generation::Api19, "describe_version", &f).0,
            Outcome::Application("INTERNAL_ERROR")
        );
        f.why = Some("boom".into());
        let bytes = fault_reply(Generation::Api2, &header("get"), &f).unwrap();
        assert!(bytes.windows(4).any(|w| w == b"boom"));
    }

    #[test]
    fn undeclared_exceptions_and_unknown_methods_cannot_carry_faults() {
        use FaultKind::*;
        assert!(!fault_carried(Generation::Api19, "get_slice", NotFound));
        assert!(fault_carried(
            Generation::Api19,
            "describe_keyspace",
            NotFound
        ));
        assert!(!fault_carried(
            Generation::Api19,
            "describe_version",
            InvalidRequest
        ));
        assert!(!fault_carried(
            Generation::Api2,
            "describe_splits",
            TimedOut
        ));
        assert!(!fault_carried(Generation::Api19, "set_keyspace", TimedOut));
        assert!(!fault_carried(
            Generation::Api2,
            "execute_cql3_query",
            TimedOut
        ));
        assert!(fault_carried(
            Generation::Api2,
            "describe_version",
            ApplicationError
        ));
        assert!(fault_carried(
            Generation::Api19,
            "no_such_method",
            DropConnection
        ));
        assert!(fault_carried(Generation::Api19, "no_such_method", Delay));
        assert!(fault_reply(Generation::Api19, &header("get_slice"), &fault(NotFound)).is_none());
        assert!(fault_reply(Generation::Api19, &header("get"), &fault(DropConnection)).is_none());
    }
}
