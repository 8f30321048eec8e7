//! The values a statement gives: constants with their source text and
//! category, bind markers, collection and tuple literals, function calls.
//! Still literal text here (typing needs the column: `mapping::values`).

/// A value in a statement.
#[derive(Debug, Clone, PartialEq)]
pub enum Term {
    Constant(Constant),
    /// A `?` bind marker; the index counts markers from 0 in text order.
    Bind(usize),
    /// `null`
    Null,
    List(Vec<Term>),
    Set(Vec<Term>),
    /// `{k: v, ...}`; `{}` parses as an empty map and is accepted for sets too.
    Map(Vec<(Term, Term)>),
    /// `now()`, `token(...)`, `minTimeuuid('...')`, `dateOf(c)`...
    Function {
        name: String,
        args: Vec<Term>,
    },
    /// 2.1's tuple literal `(a, b)`.
    Tuple(Vec<Term>),
    /// 2.1's user type literal `{field: value, ...}`.
    UserLiteral(Vec<(String, Term)>),
    /// 2.2's INSERT JSON: one column's value as the JSON text it was
    /// given, read by the column's type (`Json.RawDelayedColumnValue`).
    Json(String),
}

impl Term {
    /// The term as Cassandra's parsed terms printed themselves
    /// (`Constants.Literal.toString`: a string quoted, any other constant
    /// as written; a marker `?`; `null`), which error messages quoting a
    /// relation show.
    pub fn as_written(&self) -> String {
        let items = |ts: &[Term]| {
            ts.iter()
                .map(Term::as_written)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Term::Constant(c) if c.kind == ConstantKind::String => format!("'{}'", c.text),
            Term::Constant(c) => c.text.clone(),
            Term::Bind(_) => "?".to_string(),
            Term::Null => "null".to_string(),
            Term::List(ts) => format!("[{}]", items(ts)),
            Term::Set(ts) => format!("{{{}}}", items(ts)),
            Term::Map(kvs) => {
                let pairs: Vec<String> = kvs
                    .iter()
                    .map(|(k, v)| format!("{}:{}", k.as_written(), v.as_written()))
                    .collect();
                format!("{{{}}}", pairs.join(", "))
            }
            Term::Function { name, args } => format!("{name}({})", items(args)),
            Term::Tuple(ts) => format!("({})", items(ts)),
            Term::UserLiteral(fs) => {
                let pairs: Vec<String> = fs
                    .iter()
                    .map(|(f, v)| format!("{f}:{}", v.as_written()))
                    .collect();
                format!("{{{}}}", pairs.join(", "))
            }
            Term::Json(text) => text.clone(),
        }
    }
}

impl Term {
    /// The term as 3.x's `Term.Raw.getText` printed it, which named a
    /// term selected (`(int)1`, `'a'`) and its refusals: a string quoted,
    /// `NULL` upper case, a marker `?` (named or not), a map's entries
    /// `k: v`.
    pub fn text(&self) -> String {
        let items = |ts: &[Term]| ts.iter().map(Term::text).collect::<Vec<_>>().join(", ");
        match self {
            Term::Null => "NULL".to_string(),
            Term::List(ts) => format!("[{}]", items(ts)),
            Term::Set(ts) => format!("{{{}}}", items(ts)),
            Term::Map(kvs) => {
                let pairs: Vec<String> = kvs
                    .iter()
                    .map(|(k, v)| format!("{}: {}", k.text(), v.text()))
                    .collect();
                format!("{{{}}}", pairs.join(", "))
            }
            Term::Tuple(ts) => format!("({})", items(ts)),
            Term::UserLiteral(fs) => {
                let pairs: Vec<String> = fs
                    .iter()
                    .map(|(f, v)| format!("{f}: {}", v.text()))
                    .collect();
                format!("{{{}}}", pairs.join(", "))
            }
            other => other.as_written(),
        }
    }

    /// Whether the term holds a bind marker.
    pub fn has_marker(&self) -> bool {
        match self {
            Term::Bind(_) => true,
            Term::List(ts) | Term::Set(ts) | Term::Tuple(ts) => ts.iter().any(Term::has_marker),
            Term::Map(kvs) => kvs.iter().any(|(k, v)| k.has_marker() || v.has_marker()),
            Term::UserLiteral(fs) => fs.iter().any(|(_, v)| v.has_marker()),
            Term::Function { args, .. } => args.iter().any(Term::has_marker),
            _ => false,
        }
    }
}

/// A literal constant with its source text (errors quote it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Constant {
    pub kind: ConstantKind,
    pub text: String,
}

/// Cassandra's constant categories (its error messages name them).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConstantKind {
    String,
    Integer,
    Float,
    Uuid,
    Boolean,
    Hex,
    /// 3.10's duration literal (`1h30m`, `-2d`, `P1DT2H`).
    Duration,
    /// A quoted literal of 1.1's CQL 3 beta, which typed no literal: the
    /// column's type read its text (`'42'` into an int column), and a text
    /// it could not read was refused in the type's words.
    BetaText,
}

impl ConstantKind {
    /// The upper-case name Cassandra prints ("Invalid STRING constant ...").
    pub fn name(self) -> &'static str {
        match self {
            ConstantKind::String | ConstantKind::BetaText => "STRING",
            ConstantKind::Integer => "INTEGER",
            ConstantKind::Float => "FLOAT",
            ConstantKind::Uuid => "UUID",
            ConstantKind::Boolean => "BOOLEAN",
            ConstantKind::Hex => "HEX",
            ConstantKind::Duration => "DURATION",
        }
    }
}
