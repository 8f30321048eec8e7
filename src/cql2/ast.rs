//! The parsed form of CQL 2 statements, as 1.2.9's `Cql.g` built them.
//!
//! Owns only data: terms keep their text and lexical kind because CQL 2
//! converts a term with the *receiving* type's `fromString` at execution
//! time (a column name by the comparator, a value by its validator, a key
//! by the key validator). It must not look at a schema.

/// What a term looked like in the query.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TermKind {
    /// A string literal or a bare identifier.
    Str,
    Integer,
    Float,
    Uuid,
    /// The `KEY` keyword used as a term.
    Key,
    /// `?`: bound by position in a prepared statement.
    Marker(usize),
}

/// One term: text (unescaped) and kind.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Term {
    pub text: String,
    pub kind: TermKind,
}

impl Term {
    pub fn new(text: impl Into<String>, kind: TermKind) -> Term {
        Term {
            text: text.into(),
            kind,
        }
    }

    /// 1.2 compared terms by text and kind; markers never equal anything.
    pub fn same_as(&self, other: &Term) -> bool {
        !matches!(self.kind, TermKind::Marker(_)) && self == other
    }
}

/// `USING CONSISTENCY l AND TIMESTAMP t AND TTL n`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Attributes {
    /// The level's name, upper-cased (`ONE`, `QUORUM`, ...).
    pub consistency: Option<String>,
    pub timestamp: Option<i64>,
    /// Seconds; 0 means none.
    pub ttl: i32,
}

/// A comparison in a WHERE clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelOp {
    Eq,
    Lt,
    Lte,
    Gt,
    Gte,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Relation {
    pub entity: Term,
    pub op: RelOp,
    pub value: Term,
}

/// A SELECT's WHERE clause.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Where {
    #[default]
    None,
    /// `r1 AND r2 ...` (key relations are told apart at execution).
    Relations(Vec<Relation>),
    /// `<alias> IN (k1, k2, ...)`.
    KeyIn { alias: String, keys: Vec<Term> },
}

/// What a SELECT asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Selection {
    /// `c1, c2, ...` (may name the key alias).
    Columns(Vec<Term>),
    /// `start..finish`.
    Range(Term, Term),
    /// `*`.
    Wildcard,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Select {
    pub count: bool,
    /// `FIRST n` (10000 when absent, as 1.2).
    pub first: i32,
    pub first_set: bool,
    pub reversed: bool,
    pub selection: Selection,
    pub keyspace: Option<String>,
    pub cf: String,
    pub consistency: Option<String>,
    pub where_: Where,
    /// `LIMIT n` (10000 when absent).
    pub limit: i32,
}

/// The right side of `SET name = ...`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Operation {
    Set(Term),
    /// `name = col + delta` / `name = col - n` (delta already negated).
    Counter {
        column: Term,
        delta: Term,
    },
}

/// UPDATE, or INSERT (which 1.2 ran as an UPDATE).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Update {
    pub insert: bool,
    pub keyspace: Option<String>,
    pub cf: String,
    /// The name the statement used for the key (`KEY` or an alias).
    pub key_alias: String,
    /// In statement order; INSERT's names and values are paired at
    /// execution, where a count mismatch is reported.
    pub columns: Vec<(Term, Operation)>,
    /// INSERT only: values beyond the names (or names beyond the values).
    pub unpaired: bool,
    pub keys: Vec<Term>,
    pub attrs: Attributes,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delete {
    pub columns: Vec<Term>,
    pub keyspace: Option<String>,
    pub cf: String,
    pub key_alias: String,
    pub keys: Vec<Term>,
    pub attrs: Attributes,
}

/// A statement of a batch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Modification {
    Update(Update),
    Delete(Delete),
}

impl Modification {
    pub fn attrs(&self) -> &Attributes {
        match self {
            Modification::Update(u) => &u.attrs,
            Modification::Delete(d) => &d.attrs,
        }
    }
}

/// What a batch's statements need checked before the first of them runs,
/// from a parse that dropped each once parsed: the column families they
/// name (each `(qualifier, cf)` once, in order of first appearance: access
/// checks stop at the first that fails, as statement by statement), and
/// the first statement naming its own consistency level and its own
/// timestamp (both refused in a batch, the earlier statement first).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct BatchOutline {
    pub tables: Vec<(Option<String>, String)>,
    pub first_consistency: Option<usize>,
    pub first_timestamp: Option<usize>,
}

/// A column of CREATE COLUMNFAMILY: `name type` or `alias type PRIMARY KEY`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CfColumn {
    pub name: Term,
    pub validator: String,
    pub primary_key: bool,
}

/// ALTER COLUMNFAMILY's operations.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AlterOp {
    Alter { column: String, validator: String },
    Add { column: String, validator: String },
    Drop { column: String },
    With(Vec<(String, String)>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Statement {
    Select(Select),
    Update(Update),
    Delete(Delete),
    Batch {
        attrs: Attributes,
        /// None when `outline` is set: they are still in the text.
        statements: Vec<Modification>,
        /// Set by [`crate::cql2::parser::parse_outlined`] instead of
        /// keeping the statements.
        outline: Option<BatchOutline>,
    },
    Use(String),
    Truncate {
        keyspace: Option<String>,
        cf: String,
    },
    CreateKeyspace {
        name: String,
        attrs: Vec<(String, String)>,
    },
    CreateColumnFamily {
        name: String,
        columns: Vec<CfColumn>,
        props: Vec<(String, String)>,
    },
    CreateIndex {
        name: Option<String>,
        cf: String,
        column: Term,
    },
    DropIndex(String),
    DropKeyspace(String),
    DropColumnFamily(String),
    AlterColumnFamily {
        cf: String,
        op: AlterOp,
    },
}

/// A parsed statement and how many `?` markers it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Parsed {
    pub statement: Statement,
    pub markers: usize,
}
