//! The statements `supercolumn cli` understands, as data: what the lexer's
//! helpers ([`super::lex`]) and the parser ([`super::parse`], `connect`'s
//! own for its `host/port`) build and the session runs. Below all of them;
//! no parsing or running here.

/// A row key, column name or value as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Term {
    /// A quoted string, bare word or number: converted with the schema's type.
    Text(String),
    /// `fn(arg)`: converted with the named type (`utf8`, `long`, `bytes`, ...).
    Func(String, Option<String>),
}

/// `CF['key']['col']...`: the column family and the path below it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Access {
    pub cf: String,
    pub key: Term,
    pub path: Vec<Term>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    Use(String),
    Set {
        access: Access,
        value: Term,
        ttl: Option<i32>,
    },
    Get {
        access: Access,
        as_type: Option<String>,
        limit: Option<i32>,
    },
    Del(Access),
    Count(Access),
    List {
        cf: String,
        start: Option<String>,
        end: Option<String>,
        limit: Option<i64>,
        columns: Option<i64>,
        reversed: bool,
    },
    Describe(Option<String>),
    DescribeCluster,
    ShowKeyspaces,
    ShowSchema(Option<String>),
    /// `create keyspace|column family NAME with a = v and ...`.
    Create(SchemaTarget, String, Vec<(String, Attr)>),
    /// `update keyspace|column family NAME with a = v and ...`.
    Update(SchemaTarget, String, Vec<(String, Attr)>),
    Drop(SchemaTarget, String),
    /// `drop index on CF.column`.
    DropIndex {
        cf: String,
        column: String,
    },
    /// `assume CF comparator|sub_comparator|validator|keys as TYPE`.
    Assume {
        cf: String,
        what: String,
        type_name: String,
    },
    /// `get CF where col op value [and ...] [limit N]`.
    GetWhere {
        cf: String,
        conds: Vec<(Term, String, Term)>,
        limit: Option<i64>,
    },
    /// `incr`/`decr` (negative `by`).
    Incr {
        access: Access,
        by: i64,
    },
    Truncate(String),
    Consistency(String),
    ShowClusterName,
    ShowApiVersion,
    Help(Option<String>),
    Exit,
    /// `connect host/port [user 'password']`.
    Connect {
        host: String,
        port: u16,
        login: Option<(String, String)>,
    },
    /// `use KS user 'password'`.
    UseLogin {
        keyspace: String,
        user: String,
        password: String,
    },
    TraceNextQuery,
    /// `set trace probability P`: in 1.2.9's grammar, but its client had no
    /// case for it.
    SetTraceProbability(String),
}

/// What a schema statement works on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SchemaTarget {
    Keyspace,
    ColumnFamily,
}

/// An attribute value of `create`/`update`: a word, string or number, a
/// `{k: v, ...}` map or a `[{...}, ...]` list.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attr {
    Text(String),
    Map(Vec<(String, Attr)>),
    List(Vec<Attr>),
}

/// A statement the parser could not read; the message names the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Syntax error at position {pos}: {what}")]
pub struct ParseError {
    pub pos: usize,
    pub what: String,
}
