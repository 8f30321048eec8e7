//! Statements of Cassandra 0.6's cli, parsed as its ANTLR 3 parser did.
//!
//! The 0.6 cli never refused a line outright: its generated parser printed
//! `line L:C <what>` on stderr for each syntax error (at most one until the
//! next token it matched), repaired what it could (a missing or an
//! extraneous token), and otherwise put an error node where the failing
//! rule's subtree would have been, then ran whatever tree came out. Users
//! saw those repairs (`set ... 'v'` without `=` still inserts), so this
//! parser reproduces the recovery: the follow sets of each rule invocation,
//! single-token insertion and deletion, and resynchronisation. It owns no
//! execution (`cli06`).

use crate::shell::cli06::lex::{lex, Tok, T};

/// ANTLR's end-of-rule marker in a follow set.
const EOR: u64 = 1;

/// A subtree, or the error node a failed rule left in its place. The error
/// node's text is that of the tokens the rule consumed (none at the end of
/// input, where Java gave `null`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Node<X> {
    Ok(X),
    Error(Option<String>),
}

/// `keyspace.cf['key']['col']...` with each part as parsed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    pub keyspace: Node<String>,
    pub cf: Node<String>,
    /// The key and column literals, quotes included (unescaped at run time).
    pub key: Node<String>,
    pub columns: Vec<Node<String>>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Show {
    ClusterName,
    ConfigFile,
    ApiVersion,
    Keyspaces,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stmt {
    /// The failing top-level rule's error node: `Invalid Statement (Type: 0)`.
    Invalid,
    NoOp,
    Help,
    Exit,
    Connect {
        host: Node<String>,
        port: Node<String>,
    },
    Get(Node<Access>),
    Set(Node<Access>, Node<String>),
    Count(Node<Access>),
    Del(Node<Access>),
    Show(Show),
    Describe(Node<String>),
}

/// A syntax error being thrown out of a rule.
enum Recog {
    /// `mismatched input X expecting Y` (Y a token or `set null`).
    Mismatch(usize, String),
    NoViableAlt(usize),
}

struct Parser<'a> {
    line: &'a str,
    toks: Vec<Tok>,
    i: usize,
    recovering: bool,
    last_error_index: Option<usize>,
    /// Follow sets of the rule invocations in progress, outermost first.
    following: Vec<u64>,
    errors: Vec<String>,
}

type R<X> = Result<X, Recog>;

impl<'a> Parser<'a> {
    fn la(&self, k: usize) -> T {
        self.toks.get(self.i + k - 1).map_or(T::Eof, |t| t.t)
    }

    /// `line L:C` and the quoted text of token `at` (EOF is `line 0:-1`).
    fn where_(&self, at: usize) -> (String, String) {
        match self.toks.get(at) {
            Some(t) => (
                format!("line 1:{}", t.pos),
                format!(
                    "'{}'",
                    t.text
                        .replace('\n', "\\n")
                        .replace('\r', "\\r")
                        .replace('\t', "\\t")
                ),
            ),
            None => ("line 0:-1".into(), "'<EOF>'".into()),
        }
    }

    fn report(&mut self, message: String) {
        if self.recovering {
            return;
        }
        self.recovering = true;
        self.errors.push(message);
    }

    fn report_recog(&mut self, e: &Recog) {
        let msg = match e {
            Recog::Mismatch(at, expecting) => {
                let (w, text) = self.where_(*at);
                format!("{w} mismatched input {text} expecting {expecting}")
            }
            Recog::NoViableAlt(at) => {
                let (w, text) = self.where_(*at);
                format!("{w} no viable alternative at input {text}")
            }
        };
        self.report(msg);
    }

    /// The follow sets of the invocations in progress, from the innermost
    /// out; `exact` stops at the first one that cannot end its rule.
    fn combine_follows(&self, exact: bool) -> u64 {
        let mut set = 0;
        for (i, local) in self.following.iter().enumerate().rev() {
            set |= local;
            if exact {
                if local & EOR != 0 {
                    if i > 0 {
                        set &= !EOR;
                    }
                } else {
                    break;
                }
            }
        }
        set
    }

    fn missing_is_plausible(&self, follow: u64) -> bool {
        let mut f = follow;
        if f & EOR != 0 {
            f |= self.combine_follows(true);
            if !self.following.is_empty() {
                f &= !EOR;
            }
        }
        f & self.la(1).bit() != 0 || f & EOR != 0
    }

    /// Matches one token, repairing a single extraneous or missing one.
    fn matches(&mut self, t: T, follow: u64) -> R<String> {
        if self.la(1) == t {
            self.recovering = false;
            self.i += 1;
            return Ok(self
                .toks
                .get(self.i - 1)
                .map_or(String::new(), |k| k.text.clone()));
        }
        if self.la(2) == t {
            let (w, text) = self.where_(self.i);
            self.report(format!(
                "{w} extraneous input {text} expecting {}",
                t.display()
            ));
            self.i += 2;
            return Ok(self
                .toks
                .get(self.i - 1)
                .map_or(String::new(), |k| k.text.clone()));
        }
        if self.missing_is_plausible(follow) {
            let (w, text) = self.where_(self.i);
            self.report(format!("{w} missing {} at {text}", t.display()));
            return Ok(format!("<missing {}>", t.display()));
        }
        Err(Recog::Mismatch(self.i, t.display().to_string()))
    }

    fn match_set(&mut self, ts: &[T]) -> R<String> {
        if ts.contains(&self.la(1)) {
            self.recovering = false;
            self.i += 1;
            return Ok(self.toks[self.i - 1].text.clone());
        }
        Err(Recog::Mismatch(self.i, "set null".into()))
    }

    /// Runs a rule invoked with follow set `follow`; a syntax error inside
    /// it is reported, the input resynchronised, and an error node returned.
    fn rule<X>(&mut self, follow: u64, body: impl FnOnce(&mut Self) -> R<X>) -> Node<X> {
        self.following.push(follow);
        let start = self.i;
        let result = body(self);
        let node = match result {
            Ok(x) => Node::Ok(x),
            Err(e) => {
                self.report_recog(&e);
                if self.last_error_index == Some(self.i) && self.i < self.toks.len() {
                    self.i += 1;
                }
                self.last_error_index = Some(self.i);
                let set = self.combine_follows(false);
                while self.i < self.toks.len() && set & self.la(1).bit() == 0 {
                    self.i += 1;
                }
                Node::Error(self.span(start))
            }
        };
        self.following.pop();
        node
    }

    /// The text an error node started at `start` covers (Java's `null` when
    /// the rule began at the end of input).
    fn span(&self, start: usize) -> Option<String> {
        let first = self.toks.get(start)?;
        let stop = self.i.max(start + 1).min(self.toks.len());
        let chars: Vec<char> = self.line.chars().collect();
        Some(chars[first.pos..self.toks[stop - 1].end].iter().collect())
    }
}

const NONE: u64 = 0;

fn bits(ts: &[T]) -> u64 {
    ts.iter().fold(0, |s, t| s | t.bit())
}

fn stmt(p: &mut Parser<'_>) -> R<Stmt> {
    let sub = EOR;
    Ok(match p.la(1) {
        T::Connect => flatten(p.rule(sub, connect)),
        T::Quit | T::Exit => {
            p.rule(sub, |p| p.matches(p.la(1), EOR));
            Stmt::Exit
        }
        T::Count => flatten(p.rule(sub, |p| access_stmt(p, T::Count).map(Stmt::Count))),
        T::Describe => flatten(p.rule(sub, |p| {
            p.matches(T::Describe, T::Keyspace.bit())?;
            p.matches(T::Keyspace, bits(&[T::Integer, T::Ident]))?;
            Ok(Stmt::Describe(
                p.rule(EOR, |p| p.match_set(&[T::Integer, T::Ident])),
            ))
        })),
        T::Del => flatten(p.rule(sub, |p| access_stmt(p, T::Del).map(Stmt::Del))),
        T::Get => flatten(p.rule(sub, |p| access_stmt(p, T::Get).map(Stmt::Get))),
        T::Help | T::Question => {
            let t = p.la(1);
            p.rule(sub, |p| p.matches(t, EOR));
            Stmt::Help
        }
        T::Set => flatten(p.rule(sub, |p| {
            p.matches(T::Set, bits(&[T::Integer, T::Ident]))?;
            let a = p.rule(T::Equals.bit(), column_family_expr);
            p.matches(T::Equals, T::Str.bit())?;
            let v = p.rule(EOR, |p| p.matches(T::Str, EOR));
            Ok(Stmt::Set(a, v))
        })),
        T::Show => flatten(p.rule(sub, show)),
        T::Eof | T::Semi => Stmt::NoOp,
        _ => return Err(Recog::NoViableAlt(p.i)),
    })
}

fn flatten(n: Node<Stmt>) -> Stmt {
    match n {
        Node::Ok(s) => s,
        Node::Error(_) => Stmt::Invalid,
    }
}

fn access_stmt(p: &mut Parser<'_>, keyword: T) -> R<Node<Access>> {
    p.matches(keyword, bits(&[T::Integer, T::Ident]))?;
    Ok(p.rule(EOR, column_family_expr))
}

fn show(p: &mut Parser<'_>) -> R<Stmt> {
    let which = match p.la(2) {
        T::Cluster => Show::ClusterName,
        T::ApiVersion => Show::ApiVersion,
        T::Config => Show::ConfigFile,
        T::Keyspaces => Show::Keyspaces,
        _ => return Err(Recog::NoViableAlt(p.i)),
    };
    let inner = p.rule(EOR, |p| {
        match which {
            Show::ClusterName => {
                p.matches(T::Show, T::Cluster.bit())?;
                p.matches(T::Cluster, T::Name.bit())?;
                p.matches(T::Name, EOR)?;
            }
            Show::ConfigFile => {
                p.matches(T::Show, T::Config.bit())?;
                p.matches(T::Config, T::File.bit())?;
                p.matches(T::File, EOR)?;
            }
            Show::ApiVersion => {
                p.matches(T::Show, T::ApiVersion.bit())?;
                p.matches(T::ApiVersion, EOR)?;
            }
            Show::Keyspaces => {
                p.matches(T::Show, T::Keyspaces.bit())?;
                p.matches(T::Keyspaces, EOR)?;
            }
        }
        Ok(which)
    });
    Ok(match inner {
        Node::Ok(s) => Stmt::Show(s),
        Node::Error(_) => Stmt::Invalid,
    })
}

fn connect(p: &mut Parser<'_>) -> R<Stmt> {
    let host = match p.la(2) {
        T::Ident => {
            p.matches(T::Connect, T::Ident.bit())?;
            p.rule(T::Slash.bit(), |p| {
                let mut h = p.matches(T::Ident, T::Dot.bit() | EOR)?;
                while p.la(1) == T::Dot {
                    h += &p.matches(T::Dot, T::Ident.bit())?;
                    h += &p.matches(T::Ident, T::Dot.bit() | EOR)?;
                }
                Ok(h)
            })
        }
        T::Integer => {
            p.matches(T::Connect, T::Integer.bit())?;
            p.rule(T::Slash.bit(), |p| {
                let mut h = p.matches(T::Integer, T::Dot.bit())?;
                for last in [false, false, true] {
                    h += &p.matches(T::Dot, T::Integer.bit())?;
                    let follow = if last { EOR } else { T::Dot.bit() };
                    h += &p.matches(T::Integer, follow)?;
                }
                Ok(h)
            })
        }
        _ => return Err(Recog::NoViableAlt(p.i)),
    };
    p.matches(T::Slash, T::Integer.bit())?;
    let port = p.rule(EOR, |p| p.matches(T::Integer, EOR));
    Ok(Stmt::Connect { host, port })
}

fn column_family_expr(p: &mut Parser<'_>) -> R<Access> {
    let name = [T::Integer, T::Ident];
    let keyspace = p.rule(T::Dot.bit(), |p| p.match_set(&name));
    p.matches(T::Dot, bits(&name))?;
    let cf = p.rule(T::LBracket.bit(), |p| p.match_set(&name));
    p.matches(T::LBracket, T::Str.bit())?;
    let key = p.rule(T::RBracket.bit(), |p| p.matches(T::Str, EOR));
    p.matches(T::RBracket, T::LBracket.bit() | EOR)?;
    let mut columns = Vec::new();
    if p.la(1) == T::LBracket {
        p.matches(T::LBracket, T::Str.bit())?;
        columns.push(p.rule(T::RBracket.bit(), |p| p.matches(T::Str, EOR)));
        p.matches(T::RBracket, T::LBracket.bit() | EOR)?;
        if p.la(1) == T::LBracket {
            p.matches(T::LBracket, T::Str.bit())?;
            columns.push(p.rule(T::RBracket.bit(), |p| p.matches(T::Str, EOR)));
            p.matches(T::RBracket, EOR)?;
        }
    }
    Ok(Access {
        keyspace,
        cf,
        key,
        columns,
    })
}

/// Parses one line: the statement tree and the error lines printed on the way.
pub fn parse(line: &str) -> (Stmt, Vec<String>) {
    let mut errors = Vec::new();
    let toks = lex(line, &mut errors);
    let mut p = Parser {
        line,
        toks,
        i: 0,
        recovering: false,
        last_error_index: None,
        following: Vec::new(),
        errors,
    };
    // root: stmt SEMICOLON? EOF
    let st = flatten(p.rule(T::Semi.bit(), stmt));
    if p.la(1) == T::Semi {
        let _ = p.matches(T::Semi, NONE);
    }
    if let Err(e) = p.matches(T::Eof, EOR) {
        p.report_recog(&e);
    }
    (st, p.errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errs(line: &str) -> Vec<String> {
        parse(line).1
    }

    #[test]
    fn statements_parse_to_their_trees() {
        let (s, e) = parse("set Keyspace1.Super1['k']['sc']['c'] = 'v';");
        assert!(e.is_empty(), "{e:?}");
        let Stmt::Set(Node::Ok(a), Node::Ok(v)) = s else {
            panic!("{s:?}")
        };
        assert_eq!(a.keyspace, Node::Ok("Keyspace1".into()));
        assert_eq!(a.columns.len(), 2);
        assert_eq!(v, "'v'");
        assert_eq!(
            parse("connect 127.0.0.1/9160").0,
            Stmt::Connect {
                host: Node::Ok("127.0.0.1".into()),
                port: Node::Ok("9160".into())
            }
        );
        assert_eq!(parse("-- only a comment").0, Stmt::NoOp);
        assert_eq!(parse("SHOW KEYSPACES").0, Stmt::Show(Show::Keyspaces));
    }

    #[test]
    fn errors_and_repairs_as_antlr_made_them() {
        assert_eq!(
            errs("foo"),
            ["line 1:0 no viable alternative at input 'foo'"]
        );
        assert_eq!(parse("show tables").0, Stmt::Invalid);
        assert_eq!(
            errs("get Keyspace1.Standard1"),
            ["line 0:-1 mismatched input '<EOF>' expecting '['"]
        );
        assert_eq!(
            parse("get Keyspace1.Standard1").0,
            Stmt::Get(Node::Error(Some("Keyspace1.Standard1".into())))
        );
        assert_eq!(
            errs("get 'x'"),
            ["line 1:4 mismatched input ''x'' expecting set null"]
        );
        let (s, e) = parse("set Keyspace1.Standard1['k']['c'] 'v'");
        assert_eq!(e, ["line 1:34 missing '=' at ''v''"]);
        assert!(matches!(s, Stmt::Set(Node::Ok(_), Node::Ok(_))));
        let (s, e) = parse("set Keyspace1.Standard1['k']['c']");
        assert_eq!(e, ["line 0:-1 mismatched input '<EOF>' expecting '='"]);
        assert_eq!(s, Stmt::Invalid);
        assert_eq!(
            errs("get Keyspace1.Standard1['k'"),
            ["line 0:-1 mismatched input '<EOF>' expecting ']'"]
        );
        let (s, e) = parse("get Keyspace1.Standard1['k']['a']['b']['c']");
        assert_eq!(e, ["line 1:38 missing EOF at '['"]);
        assert!(matches!(s, Stmt::Get(Node::Ok(_))));
        assert_eq!(
            errs("connect localhost"),
            ["line 0:-1 mismatched input '<EOF>' expecting SLASH"]
        );
        let (s, e) = parse("help me");
        assert_eq!(e, ["line 1:5 extraneous input 'me' expecting EOF"]);
        assert_eq!(s, Stmt::Help);
        let (s, e) = parse("describe keyspace");
        assert_eq!(e, ["line 0:-1 mismatched input '<EOF>' expecting set null"]);
        assert_eq!(s, Stmt::Describe(Node::Error(None)));
        assert_eq!(
            errs("get Keyspace1.Standard1['k'];;"),
            ["line 1:29 extraneous input ';' expecting EOF"]
        );
    }
}
