//! The auth matrix harness: a live server with SimpleAuthenticator, the
//! identities a call is tried as, what each call is expected to do for
//! each of them, and the bookkeeping of cells.
//!
//! Identities: nobody logged in; a wrong password; bob, who has a valid
//! password but no grant for the target keyspace (only for his own); and
//! alice, who is granted the target. Bob is tried along both routes a
//! client has to a keyspace: logged in first and then choosing the target
//! (refused), or choosing it first and then logging in (refused, which
//! leaves him logged out).
//!
//! A call that changes or reveals data of the target must fail for every
//! identity but alice, with one of the refusals expected of that identity;
//! where it changes something, the target is checked for traces after the
//! refused attempts and before alice's. Calls Cassandra answered without a
//! login answer everyone.
#![allow(dead_code)]

pub mod cql_rows;
pub mod rows06;
pub mod rows19;
pub mod world;

use crate::support::wire::{connect, connect19, Client, Client19};
use std::collections::BTreeMap;
use supercolumn::thrift::gen::cassandra06 as t06;
use supercolumn::thrift::gen::cassandra19 as t19;

/// The keyspace alice is granted and the calls aim at.
pub const TARGET: &str = "mtx";
/// Bob's own keyspace (the same grant file, his name only).
pub const OWN: &str = "mtx_bob";

/// What a call may do without a grant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Answered to everyone (Cassandra asked no login); `needs_keyspace`
    /// when it still runs on the session's keyspace (describe_splits).
    Open { needs_keyspace: bool },
    /// Needs a login and no grant (1.2's describe_keyspace(s)).
    LoginOnly,
    /// Touches the target: alice only.
    Guarded,
}

/// How a call ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// A declared exception: its IDL name and `why` (empty when it has none).
    Exception {
        kind: &'static str,
        why: String,
    },
    /// Anything else (an application exception, a transport error).
    Failed(String),
}

impl Outcome {
    pub fn why(&self) -> Option<&str> {
        match self {
            Outcome::Exception { kind, why } if *kind == "InvalidRequestException" => Some(why),
            _ => None,
        }
    }
}

/// The outcome of a call of either generation.
pub fn outcome<T>(r: thrift::Result<T>) -> Outcome {
    let e = match r {
        Ok(_) => return Outcome::Ok,
        Err(thrift::Error::User(e)) => e,
        Err(other) => return Outcome::Failed(format!("{other:?}")),
    };
    macro_rules! declared {
        ($($ty:path => $kind:literal, $why:expr);* $(;)?) => {
            $(if let Some(x) = e.downcast_ref::<$ty>() {
                let why: fn(&$ty) -> String = $why;
                return Outcome::Exception { kind: $kind, why: why(x) };
            })*
        };
    }
    declared! {
        t19::InvalidRequestException => "InvalidRequestException", |x| x.why.clone();
        t19::AuthenticationException => "AuthenticationException", |x| x.why.clone();
        t19::AuthorizationException => "AuthorizationException", |x| x.why.clone();
        t19::NotFoundException => "NotFoundException", |_| String::new();
        t19::SchemaDisagreementException => "SchemaDisagreementException", |_| String::new();
        t06::InvalidRequestException => "InvalidRequestException", |x| x.why.clone();
        t06::AuthenticationException => "AuthenticationException", |x| x.why.clone();
        t06::AuthorizationException => "AuthorizationException", |x| x.why.clone();
        t06::NotFoundException => "NotFoundException", |_| String::new();
    }
    Outcome::Failed(format!("{e:?}"))
}

/// Who a cell runs as.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Who {
    Nobody,
    WrongPassword,
    /// Bob logged in, then (19.x) choosing the target, or (0.6) logged in
    /// to his own keyspace.
    NoGrant,
    /// Bob naming the target first (19.x `set_keyspace`, 0.6 `login`),
    /// then refused.
    NoGrantTargetFirst,
    Granted,
}

pub const UNGRANTED: [Who; 4] = [
    Who::Nobody,
    Who::WrongPassword,
    Who::NoGrant,
    Who::NoGrantTargetFirst,
];

pub fn creds(user: &str, password: &str) -> BTreeMap<String, String> {
    BTreeMap::from([
        ("username".to_string(), user.to_string()),
        ("password".to_string(), password.to_string()),
    ])
}

/// Looks at the target (as alice) for traces of a refused call: true
/// while there are none.
pub type Probe = Option<Box<dyn Fn(&mut Client19) -> bool>>;

/// One row of the matrix: a call (or a CQL statement) and its policy.
pub struct Row<C> {
    pub name: String,
    pub policy: Policy,
    pub run: Box<dyn Fn(&mut C) -> Outcome>,
    /// For calls that change the target: true while the target shows no
    /// trace of the call (checked by alice after the refused attempts).
    pub untouched: Probe,
}

impl<C> Row<C> {
    pub fn new(
        name: impl Into<String>,
        policy: Policy,
        run: impl Fn(&mut C) -> Outcome + 'static,
    ) -> Row<C> {
        Row {
            name: name.into(),
            policy,
            run: Box::new(run),
            untouched: None,
        }
    }

    pub fn untouched(mut self, probe: impl Fn(&mut Client19) -> bool + 'static) -> Row<C> {
        self.untouched = Some(Box::new(probe));
        self
    }
}

/// The cells run so far and what went wrong in them.
#[derive(Default)]
pub struct Report {
    pub cells: usize,
    pub rows: usize,
    /// Guarded calls that succeeded for someone without the grant.
    pub unauthorized_successes: Vec<String>,
    /// Any other cell that did not end as expected.
    pub mismatches: Vec<String>,
}

impl Report {
    pub fn assert_clean(&self) {
        assert!(
            self.unauthorized_successes.is_empty() && self.mismatches.is_empty(),
            "{} unauthorized successes:\n  {}\n{} other mismatches:\n  {}",
            self.unauthorized_successes.len(),
            self.unauthorized_successes.join("\n  "),
            self.mismatches.len(),
            self.mismatches.join("\n  ")
        );
    }
}

/// The refusals a generation gives `who` for a guarded call.
pub enum Generation {
    Api2,
    Api19,
}

fn refusal_expected(generation: &Generation, who: Who, why: &str) -> bool {
    match (generation, who) {
        (Generation::Api19, Who::Nobody | Who::WrongPassword | Who::NoGrantTargetFirst) => {
            why == "You have not logged in"
        }
        // Bob is logged in without a session keyspace (the target was
        // refused): calls on the session's keyspace have none, the rest
        // are refused by name.
        (Generation::Api19, Who::NoGrant) => {
            why.starts_with("User bob has no ") && why.ends_with(" or any of its parents")
                || why == format!("User bob could not be authorized to use keyspace {TARGET}")
                || why == "no keyspace has been specified"
                || why == "You have not set a keyspace for this session"
        }
        (Generation::Api2, Who::Nobody | Who::WrongPassword | Who::NoGrantTargetFirst) => {
            why == "Login is required before any other API calls"
        }
        (Generation::Api2, Who::NoGrant) => {
            why == format!("Login is required before any other API calls on keyspace {TARGET}")
        }
        (_, Who::Granted) => false,
    }
}

/// Records one cell.
pub fn judge(
    report: &mut Report,
    generation: &Generation,
    policy: Policy,
    who: Who,
    name: &str,
    o: &Outcome,
) {
    report.cells += 1;
    let cell = format!("{name} as {who:?}: {o:?}");
    let logged_out = matches!(
        who,
        Who::Nobody | Who::WrongPassword | Who::NoGrantTargetFirst
    );
    let ok = match policy {
        Policy::Guarded if who == Who::Granted => *o == Outcome::Ok,
        Policy::Guarded => {
            if *o == Outcome::Ok {
                report.unauthorized_successes.push(cell);
                return;
            }
            o.why()
                .is_some_and(|why| refusal_expected(generation, who, why))
        }
        Policy::LoginOnly if logged_out => o.why() == Some("You have not logged in"),
        Policy::LoginOnly => *o == Outcome::Ok,
        Policy::Open {
            needs_keyspace: true,
        } if who == Who::NoGrant && matches!(generation, Generation::Api19) => {
            o.why() == Some("no keyspace has been specified")
        }
        Policy::Open { .. } => *o == Outcome::Ok,
    };
    if !ok {
        report.mismatches.push(cell);
    }
}

/// A 19.x connection set up as `who`, the target chosen where allowed;
/// the setup's own refusals are checked into `report`.
pub fn as19(port: u16, who: Who, report: &mut Report) -> Client19 {
    use t19::TCassandraSyncClient;
    let mut c = connect19(port);
    let login = |c: &mut Client19, user: &str, pw: &str| {
        outcome(c.login(t19::AuthenticationRequest::new(creds(user, pw))))
    };
    let mut expect = |what: &str, o: Outcome, want: Outcome| {
        if o != want {
            report
                .mismatches
                .push(format!("setup {who:?}: {what}: {o:?}, expected {want:?}"));
        }
    };
    let refused = |kind: &'static str, why: String| Outcome::Exception { kind, why };
    let use_refusal = format!("User bob could not be authorized to use keyspace {TARGET}");
    match who {
        Who::Nobody => expect(
            "set_keyspace",
            outcome(c.set_keyspace(TARGET.into())),
            Outcome::Ok,
        ),
        Who::WrongPassword => {
            expect(
                "set_keyspace",
                outcome(c.set_keyspace(TARGET.into())),
                Outcome::Ok,
            );
            let why = "Given password in password mode PLAIN could not be validated for user alice";
            expect(
                "login",
                login(&mut c, "alice", "wrong"),
                refused("AuthenticationException", why.into()),
            );
        }
        Who::NoGrant => {
            expect("login", login(&mut c, "bob", "hunter2"), Outcome::Ok);
            let o = outcome(c.set_keyspace(TARGET.into()));
            expect(
                "set_keyspace",
                o,
                refused("InvalidRequestException", use_refusal),
            );
        }
        Who::NoGrantTargetFirst => {
            expect(
                "set_keyspace",
                outcome(c.set_keyspace(TARGET.into())),
                Outcome::Ok,
            );
            let o = login(&mut c, "bob", "hunter2");
            expect("login", o, refused("AuthorizationException", use_refusal));
        }
        Who::Granted => {
            expect("login", login(&mut c, "alice", "secret"), Outcome::Ok);
            expect(
                "set_keyspace",
                outcome(c.set_keyspace(TARGET.into())),
                Outcome::Ok,
            );
        }
    }
    c
}

/// A 0.6 connection (buffered, as 0.6 clients were) set up as `who`.
pub fn as06(port: u16, who: Who, report: &mut Report) -> Client {
    use t06::TCassandraSyncClient;
    let mut c = connect(port, false);
    let mut login = |ks: &str, user: &str, pw: &str, want: Outcome| {
        let o = outcome(c.login(ks.into(), t06::AuthenticationRequest::new(creds(user, pw))));
        if o != want {
            report
                .mismatches
                .push(format!("setup {who:?}: login: {o:?}, expected {want:?}"));
        }
    };
    let refused = |kind: &'static str, why: &str| Outcome::Exception {
        kind,
        why: why.to_string(),
    };
    match who {
        Who::Nobody => {}
        Who::WrongPassword => login(
            TARGET,
            "alice",
            "wrong",
            refused(
                "AuthenticationException",
                "Given password in password mode PLAIN could not be validated for user alice",
            ),
        ),
        Who::NoGrant => login(OWN, "bob", "hunter2", Outcome::Ok),
        Who::NoGrantTargetFirst => login(
            TARGET,
            "bob",
            "hunter2",
            refused(
                "AuthorizationException",
                &format!("User bob could not be authorized to use keyspace {TARGET}"),
            ),
        ),
        Who::Granted => login(TARGET, "alice", "secret", Outcome::Ok),
    }
    c
}

/// Runs every row: the four identities without the grant, the trace
/// check, then alice.
pub fn run<C>(
    report: &mut Report,
    generation: Generation,
    rows: Vec<Row<C>>,
    admin: &mut Client19,
    mut connect_as: impl FnMut(Who, &mut Report) -> C,
) {
    for row in rows {
        report.rows += 1;
        for who in UNGRANTED {
            let mut c = connect_as(who, report);
            let o = (row.run)(&mut c);
            judge(report, &generation, row.policy, who, &row.name, &o);
        }
        if let Some(untouched) = &row.untouched {
            if !untouched(admin) {
                report.unauthorized_successes.push(format!(
                    "{}: the target changed after the refused attempts",
                    row.name
                ));
            }
        }
        let mut c = connect_as(Who::Granted, report);
        let o = (row.run)(&mut c);
        judge(report, &generation, row.policy, Who::Granted, &row.name, &o);
    }
}
