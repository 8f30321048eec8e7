use super::*;

fn spec(json: &str) -> RuleSpec {
    serde_json::from_str(json).unwrap()
}

fn peer() -> SocketAddr {
    "127.0.0.1:5000".parse().unwrap()
}

struct CallFacts {
    method: &'static str,
    keyspace: Option<&'static str>,
    cfs: Vec<String>,
    keys: Vec<Vec<u8>>,
    cql: Option<&'static str>,
}

fn get(ks: &'static str, cf: &str, key: &str) -> CallFacts {
    CallFacts {
        method: "get",
        keyspace: Some(ks),
        cfs: vec![cf.to_string()],
        keys: vec![key.as_bytes().to_vec()],
        cql: None,
    }
}

fn decide(f: &Faults, c: &CallFacts) -> Option<u64> {
    decide_at(f, c, peer())
}

fn decide_at(f: &Faults, c: &CallFacts, client: SocketAddr) -> Option<u64> {
    let call = Call {
        method: c.method,
        api: "19",
        keyspace: c.keyspace,
        column_families: &c.cfs,
        keys: &c.keys,
        cql: c.cql,
        consistency: Some("QUORUM"),
        client,
    };
    f.decide(&call, &|_| true).map(|fault| fault.rule)
}

#[test]
fn no_rules_means_not_armed_and_nothing_fires() {
    let f = Faults::new();
    assert!(!f.armed());
    assert_eq!(decide(&f, &get("K", "CF", "k")), None);
    let id = f.add(spec(r#"{"error":"timed_out"}"#)).unwrap();
    assert!(f.armed());
    assert_eq!(decide(&f, &get("K", "CF", "k")), Some(id));
    f.clear();
    assert!(!f.armed());
    assert!(f.list().is_empty());
}

#[test]
fn the_contract_json_is_read_whole() {
    let s = spec(
        r#"{"method": "get", "keyspace": "K", "column_family": "CF", "key": "k", "cql": "re",
            "nth": 3, "times": 1, "probability": 0.5, "seed": 7, "error": "invalid_request",
            "why": "text", "delay_ms": 200, "applied": true}"#,
    );
    assert_eq!(s.method.as_deref(), Some("get"));
    assert_eq!(s.error, FaultKind::InvalidRequest);
    assert_eq!(s.delay_ms, Some(200));
    assert_eq!(s.applied, Some(true));
    for (text, kind) in [
        ("timed_out", FaultKind::TimedOut),
        ("unavailable", FaultKind::Unavailable),
        ("not_found", FaultKind::NotFound),
        ("authentication", FaultKind::Authentication),
        ("authorization", FaultKind::Authorization),
        ("application_error", FaultKind::ApplicationError),
        ("drop_connection", FaultKind::DropConnection),
        ("delay", FaultKind::Delay),
    ] {
        let s: RuleSpec = serde_json::from_str(&format!(r#"{{"error":"{text}"}}"#)).unwrap();
        assert_eq!(s.error, kind);
    }
    assert!(serde_json::from_str::<RuleSpec>(r#"{"error":"timed_out","mehtod":"get"}"#).is_err());
    assert!(serde_json::from_str::<RuleSpec>(r#"{"error":"boom"}"#).is_err());
    assert!(serde_json::from_str::<RuleSpec>(r#"{"method":"get"}"#).is_err());
}

#[test]
fn bad_rules_are_refused_with_a_reason() {
    let f = Faults::new();
    for (json, says) in [
        (r#"{"error":"delay"}"#, "delay_ms"),
        (r#"{"error":"timed_out","nth":0}"#, "nth"),
        (r#"{"error":"timed_out","times":0}"#, "times"),
        (r#"{"error":"timed_out","probability":1.5}"#, "probability"),
        (r#"{"error":"timed_out","cql":"("}"#, "regular expression"),
        (r#"{"error":"timed_out","client":"nowhere"}"#, "client"),
        (r#"{"error":"delay","delay_ms":600001}"#, "delay_ms"),
    ] {
        let e = f.add(spec(json)).unwrap_err();
        assert!(e.0.contains(says), "{json}: {e}");
    }
    assert!(!f.armed(), "a refused rule arms nothing");
}

#[test]
fn every_matching_key_narrows_the_rule() {
    let f = Faults::new();
    f.add(spec(
        r#"{"method":"get","keyspace":"K","column_family":"CF","key":"k","error":"not_found"}"#,
    ))
    .unwrap();
    assert!(decide(&f, &get("K", "CF", "k")).is_some());
    assert!(decide(&f, &get("K2", "CF", "k")).is_none());
    assert!(decide(&f, &get("K", "CF2", "k")).is_none());
    assert!(decide(&f, &get("K", "CF", "other")).is_none());
    let mut insert = get("K", "CF", "k");
    insert.method = "insert";
    assert!(decide(&f, &insert).is_none());
    // A batch naming several column families and keys matches any of them.
    let batch = CallFacts {
        method: "get",
        keyspace: Some("K"),
        cfs: vec!["A".into(), "CF".into()],
        keys: vec![b"x".to_vec(), b"k".to_vec()],
        cql: None,
    };
    assert!(decide(&f, &batch).is_some());
}

#[test]
fn cql_pattern_and_client_address() {
    let f = Faults::new();
    let id = f
        .add(spec(
            r#"{"cql":"(?i)^select .* from users","client":"127.0.0.1","error":"unavailable"}"#,
        ))
        .unwrap();
    let mut c = CallFacts {
        method: "execute_cql3_query",
        keyspace: None,
        cfs: vec![],
        keys: vec![],
        cql: Some("SELECT name FROM users WHERE id = 1"),
    };
    assert_eq!(decide(&f, &c), Some(id));
    let elsewhere: SocketAddr = "10.0.0.1:5000".parse().unwrap();
    assert_eq!(decide_at(&f, &c, elsewhere), None);
    c.cql = Some("INSERT INTO users (id) VALUES (1)");
    assert_eq!(decide(&f, &c), None);
    c.cql = None;
    assert_eq!(
        decide(&f, &c),
        None,
        "a pattern never matches a non-CQL call"
    );
    f.clear();
    let id = f
        .add(spec(r#"{"client":"127.0.0.1:5000","error":"unavailable"}"#))
        .unwrap();
    assert_eq!(decide(&f, &get("K", "C", "k")), Some(id));
    let other_port: SocketAddr = "127.0.0.1:5001".parse().unwrap();
    assert_eq!(decide_at(&f, &get("K", "C", "k"), other_port), None);
}

#[test]
fn nth_alone_fires_once_on_that_call() {
    let f = Faults::new();
    let id = f.add(spec(r#"{"nth":3,"error":"timed_out"}"#)).unwrap();
    let fired: Vec<bool> = (0..6)
        .map(|_| decide(&f, &get("K", "C", "k")).is_some())
        .collect();
    assert_eq!(fired, [false, false, true, false, false, false]);
    let view = &f.list()[0];
    assert_eq!((view.id, view.matched, view.hits), (id, 6, 1));
}

#[test]
fn times_counts_from_nth_and_alone_means_the_next_calls() {
    let f = Faults::new();
    f.add(spec(r#"{"nth":2,"times":2,"error":"timed_out"}"#))
        .unwrap();
    let fired: Vec<bool> = (0..5)
        .map(|_| decide(&f, &get("K", "C", "k")).is_some())
        .collect();
    assert_eq!(fired, [false, true, true, false, false]);
    f.clear();
    f.add(spec(r#"{"times":2,"error":"timed_out"}"#)).unwrap();
    let fired: Vec<bool> = (0..4)
        .map(|_| decide(&f, &get("K", "C", "k")).is_some())
        .collect();
    assert_eq!(fired, [true, true, false, false]);
}

#[test]
fn probability_with_a_seed_repeats_exactly() {
    let run = |seed: u64| -> Vec<bool> {
        let f = Faults::new();
        f.add(spec(&format!(
            r#"{{"probability":0.5,"seed":{seed},"error":"timed_out"}}"#
        )))
        .unwrap();
        (0..200)
            .map(|_| decide(&f, &get("K", "C", "k")).is_some())
            .collect()
    };
    let a = run(7);
    assert_eq!(a, run(7), "same seed, same calls fail");
    assert_ne!(a, run(8));
    let fired = a.iter().filter(|x| **x).count();
    assert!((60..=140).contains(&fired), "about half of 200: {fired}");
    let never = Faults::new();
    never
        .add(spec(r#"{"probability":0.0,"error":"timed_out"}"#))
        .unwrap();
    assert!((0..50).all(|_| decide(&never, &get("K", "C", "k")).is_none()));
}

#[test]
fn the_first_due_rule_fires_and_every_matching_rule_counts() {
    let f = Faults::new();
    let every = f
        .add(spec(r#"{"method":"get","error":"delay","delay_ms":5}"#))
        .unwrap();
    let second = f.add(spec(r#"{"nth":2,"error":"timed_out"}"#)).unwrap();
    assert_eq!(decide(&f, &get("K", "C", "k")), Some(every));
    // The delay rule wins again, but the second rule counted both calls.
    assert_eq!(decide(&f, &get("K", "C", "k")), Some(every));
    let views = f.list();
    assert_eq!(
        (views[1].id, views[1].matched, views[1].hits),
        (second, 2, 0)
    );
    let listed = serde_json::to_value(&views[0]).unwrap();
    assert_eq!(listed["id"], every);
    assert_eq!(listed["error"], "delay");
    assert_eq!(listed["delay_ms"], 5);
    assert_eq!(listed["hits"], 2);
    assert_eq!(listed["matched"], 2);
    assert!(listed.get("keyspace").is_none(), "unset keys are left out");
}

#[test]
fn a_kind_the_call_cannot_carry_does_not_match_it() {
    let f = Faults::new();
    f.add(spec(r#"{"error":"not_found"}"#)).unwrap();
    let c = get("K", "C", "k");
    let call = Call {
        method: c.method,
        api: "0.6",
        keyspace: c.keyspace,
        column_families: &c.cfs,
        keys: &c.keys,
        cql: None,
        consistency: None,
        client: peer(),
    };
    assert!(f.decide(&call, &|k| k != FaultKind::NotFound).is_none());
    assert_eq!(f.list()[0].matched, 0);
    let fault = f.decide(&call, &|_| true).unwrap();
    assert_eq!(fault.kind, FaultKind::NotFound);
    assert!(!fault.applied);
}

#[test]
fn api_filter_and_fault_details() {
    let f = Faults::new();
    f.add(spec(
        r#"{"api":"0.6","error":"invalid_request","why":"no","delay_ms":10,"applied":true}"#,
    ))
    .unwrap();
    assert!(decide(&f, &get("K", "C", "k")).is_none(), "the call is 19");
    let c = get("K", "C", "k");
    let call = Call {
        method: c.method,
        api: "0.6",
        keyspace: c.keyspace,
        column_families: &c.cfs,
        keys: &c.keys,
        cql: None,
        consistency: None,
        client: peer(),
    };
    let fault = f.decide(&call, &|_| true).unwrap();
    assert_eq!(fault.why.as_deref(), Some("no"));
    assert_eq!(fault.delay, Some(Duration::from_millis(10)));
    assert!(fault.applied);
}

#[test]
fn native_rules_match_consistency_and_table_and_carry_their_detail() {
    let f = Faults::new();
    let id = f
        .add(spec(
            r#"{"api":"19","table":"C","consistency":"quorum","error":"write_timeout",
                "received":1,"block_for":2,"write_type":"BATCH_LOG"}"#,
        ))
        .unwrap();
    let c = get("K", "C", "k");
    assert_eq!(decide(&f, &c), Some(id));
    let listed = serde_json::to_value(f.list()).unwrap();
    assert_eq!(listed[0]["column_family"], "C");
    assert_eq!(listed[0]["write_type"], "BATCH_LOG");
    let call = Call {
        method: c.method,
        api: "19",
        keyspace: c.keyspace,
        column_families: &c.cfs,
        keys: &c.keys,
        cql: None,
        consistency: Some("ONE"),
        client: peer(),
    };
    assert!(f.decide(&call, &|_| true).is_none(), "another level");
    let fault = f
        .decide(
            &Call {
                consistency: Some("QUORUM"),
                ..call
            },
            &|_| true,
        )
        .unwrap();
    assert_eq!(fault.kind, FaultKind::WriteTimeout);
    assert_eq!(fault.detail.received, Some(1));
    assert_eq!(fault.detail.block_for, Some(2));
    assert_eq!(fault.detail.write_type.as_deref(), Some("BATCH_LOG"));
    let bad = f.add(spec(
        r#"{"error":"write_timeout","write_type":"SOMETIMES"}"#,
    ));
    assert!(bad.unwrap_err().0.contains("write_type"));
    for kind in [
        "read_timeout",
        "read_failure",
        "write_failure",
        "overloaded",
        "is_bootstrapping",
        "server_error",
    ] {
        f.add(spec(&format!(r#"{{"error":"{kind}"}}"#))).unwrap();
    }
}
