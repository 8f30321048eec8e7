//! The syntax tree of CQL3 statements (Cassandra 1.2/2.0 dialect).
//!
//! Owns the shapes the parser produces; values are still literal text here
//! (typing them needs the table, see `types` and `mapping`). It must not
//! hold schema knowledge or do validation beyond what the grammar implies.

mod term;
pub use term::{Constant, ConstantKind, Term};

/// `keyspace.table` or just `table` (then the connection keyspace applies).
/// Names are already case-folded (unquoted names lowered).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TableName {
    pub keyspace: Option<String>,
    pub name: String,
}

/// A `WITH name = value` option (keyspace or table property).
#[derive(Debug, Clone, PartialEq)]
pub struct Property {
    pub name: String,
    pub value: PropertyValue,
}

/// What CREATE INDEX said of the index's implementation: `CUSTOM`, the
/// class of `USING 'class'`, and 2.0's properties (`WITH options = {..}`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct IndexClass {
    pub custom: bool,
    pub class: Option<String>,
    pub properties: Vec<Property>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PropertyValue {
    /// A constant or a bare word, as text.
    Simple(String),
    /// `{'k': 'v', ...}`, values as text.
    Map(Vec<(String, String)>),
}

/// A CQL3 type as written: `int`, `map<text,int>`, `'org.foo.MyType'`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TypeExpr {
    Native(String),
    List(Box<TypeExpr>),
    Set(Box<TypeExpr>),
    Map(Box<TypeExpr>, Box<TypeExpr>),
    /// A quoted class name: a custom type.
    Custom(String),
    /// 2.1's `frozen<T>`.
    Frozen(Box<TypeExpr>),
    /// 2.1's `tuple<T, ...>`.
    Tuple(Vec<TypeExpr>),
}

impl TypeExpr {
    /// The type as 2.1's `CQL3Type.Raw` printed it.
    pub fn written(&self) -> String {
        let all = |items: &[TypeExpr]| {
            items
                .iter()
                .map(TypeExpr::written)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            TypeExpr::Native(n) => n.clone(),
            TypeExpr::List(e) => format!("list<{}>", e.written()),
            TypeExpr::Set(e) => format!("set<{}>", e.written()),
            TypeExpr::Map(k, v) => format!("map<{}, {}>", k.written(), v.written()),
            TypeExpr::Custom(c) => format!("'{c}'"),
            TypeExpr::Frozen(e) => format!("frozen<{}>", e.written()),
            TypeExpr::Tuple(items) => format!("tuple<{}>", all(items)),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct ColumnDef {
    pub name: String,
    pub ty: TypeExpr,
    /// 2.0's `static`: one value per partition.
    pub is_static: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordering {
    Asc,
    Desc,
}

#[derive(Debug, Clone, PartialEq)]
pub struct CreateTable {
    pub table: TableName,
    pub if_not_exists: bool,
    pub columns: Vec<ColumnDef>,
    /// Partition key columns (one unless `PRIMARY KEY ((a, b), ...)`).
    pub partition_key: Vec<String>,
    pub clustering: Vec<String>,
    /// How many PRIMARY KEY declarations the statement made (inline or as
    /// a clause): exactly one was wanted.
    pub key_declarations: usize,
    /// `WITH CLUSTERING ORDER BY (c DESC, ...)`.
    pub clustering_order: Vec<(String, Ordering)>,
    pub compact_storage: bool,
    pub properties: Vec<Property>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum AlterTableOp {
    Alter {
        column: String,
        ty: TypeExpr,
    },
    Add {
        column: String,
        ty: TypeExpr,
        is_static: bool,
    },
    Drop {
        column: String,
    },
    Rename(Vec<(String, String)>),
    With(Vec<Property>),
}

/// `USING TTL n AND TIMESTAMP t`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Using {
    pub ttl: Option<Term>,
    pub timestamp: Option<Term>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Insert {
    pub table: TableName,
    pub columns: Vec<String>,
    pub values: Vec<Term>,
    /// 2.2's `INSERT INTO t JSON '...'`: the JSON map's term (a string
    /// or a marker); `columns` and `values` are then empty.
    pub json: Option<Term>,
    /// 3.10's `DEFAULT UNSET` after the JSON: a column the map leaves out
    /// is not written (else it is written as null).
    pub json_default_unset: bool,
    pub if_not_exists: bool,
    pub using: Using,
}

/// One `SET` assignment.
#[derive(Debug, Clone, PartialEq)]
pub enum Assignment {
    /// `c = term`
    Set { column: String, value: Term },
    /// `c[idx] = term` (list index or map key)
    SetElement {
        column: String,
        key: Term,
        value: Term,
    },
    /// `c = c + term` (append / add / put-all / counter increment)
    Add { column: String, value: Term },
    /// `c = c - term` (discard / remove / counter decrement)
    Subtract { column: String, value: Term },
    /// `c = term + c` (list prepend)
    Prepend { column: String, value: Term },
    /// `c.f = term`: one field of a user type that is not frozen (3.6).
    SetField {
        column: String,
        field: String,
        value: Term,
    },
}

impl Assignment {
    pub fn column(&self) -> &str {
        match self {
            Assignment::Set { column, .. }
            | Assignment::SetElement { column, .. }
            | Assignment::Add { column, .. }
            | Assignment::Subtract { column, .. }
            | Assignment::Prepend { column, .. }
            | Assignment::SetField { column, .. } => column,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operator {
    Eq,
    Lt,
    Lte,
    Gt,
    Gte,
    In,
    /// 2.1's `c CONTAINS v`: a list's or set's element, a map's value.
    Contains,
    /// 2.1's `m CONTAINS KEY k`.
    ContainsKey,
    /// 2.2's `m[k] op v` on a map's entry; its relation's value is a
    /// `Term::List` of the key and the value. `eq`: the operator was `=`,
    /// the only one the releases took.
    MapEntry {
        eq: bool,
    },
    /// 2.2's `!=` in a relation: parsed (the grammar's `relationType`
    /// had it for conditions) and refused by every statement.
    Neq,
    /// 3.0's `c IS NOT NULL` (its value `Term::Null`): a view's, refused
    /// by any other statement.
    IsNot,
    /// 3.4's `c LIKE 'pattern'`: taken only on a SASI-indexed column.
    Like,
}

impl Operator {
    pub fn symbol(self) -> &'static str {
        match self {
            Operator::Eq => "=",
            Operator::Lt => "<",
            Operator::Lte => "<=",
            Operator::Gt => ">",
            Operator::Gte => ">=",
            Operator::In => "IN",
            Operator::Contains => "CONTAINS",
            Operator::ContainsKey => "CONTAINS KEY",
            Operator::MapEntry { .. } => "=",
            Operator::Neq => "!=",
            Operator::IsNot => "IS NOT",
            Operator::Like => "LIKE",
        }
    }
}

/// One `WHERE` conjunct.
#[derive(Debug, Clone, PartialEq)]
pub enum Relation {
    /// `col op term`; for `IN` the term is a `Term::List` of the values
    /// (or a single `Bind` for `IN ?`).
    Column {
        column: String,
        op: Operator,
        value: Term,
    },
    /// `token(a, b) op term` (the term usually is `token(...)` itself).
    Token {
        columns: Vec<String>,
        op: Operator,
        value: Term,
    },
    /// 2.0's tuple notation `(a, b) op value` on clustering columns: the
    /// value a `Term::Tuple` literal or a `Bind` for the whole tuple; for
    /// `IN` a `Term::List` of those (or a single `Bind` for `IN ?`).
    MultiColumn {
        columns: Vec<String>,
        op: Operator,
        value: Term,
    },
}

impl Relation {
    /// The relation as Cassandra's `MultiColumnRelation.toString` printed
    /// it in messages quoting it: `(a, b) > (1, 0)`, `(a, b) IN ((1, 0))`,
    /// `(a, b) IN ?`.
    pub fn multi_written(columns: &[String], op: Operator, value: &Term) -> String {
        let value = match (op, value) {
            (Operator::In, Term::List(items)) => format!(
                "({})",
                items
                    .iter()
                    .map(Term::as_written)
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            (_, v) => v.as_written(),
        };
        format!("({}) {} {value}", columns.join(", "), op.symbol())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Update {
    pub table: TableName,
    pub using: Using,
    pub assignments: Vec<Assignment>,
    pub where_clause: Vec<Relation>,
    /// `IF EXISTS` / `IF c = v AND ...` (2.0 lightweight transactions).
    pub condition: Option<Condition>,
}

/// The `IF` of a conditional UPDATE or DELETE (Cassandra 2.0.x).
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// `IF EXISTS`: the CQL row must exist.
    Exists,
    /// `IF c = v AND ...`: each column must hold its value (`null`: absent).
    Columns(Vec<ColumnCondition>),
}

/// `c = term` (or 2.0's `c[element] = term`) in an `IF`.
#[derive(Debug, Clone, PartialEq)]
pub struct ColumnCondition {
    pub column: String,
    /// `m[key]` / `l[index]`: one entry of a map or list.
    pub element: Option<Term>,
    pub value: Term,
    /// How the value is compared (2.1's `relationType` and `IN`; `=`
    /// before).
    pub op: ConditionOp,
}

/// A condition's comparison: the column's value on the left, the
/// condition's on the right (`ColumnCondition.compareWithOperator`).
#[derive(Debug, Clone, PartialEq)]
pub enum ConditionOp {
    Eq,
    Lt,
    Lte,
    Gt,
    Gte,
    Neq,
    /// `IN (v, ...)`: the value equal to one of them (`value` unused).
    In(Vec<Term>),
}

/// What a `DELETE` removes before `FROM`.
#[derive(Debug, Clone, PartialEq)]
pub enum Deletion {
    Column(String),
    /// `c[key]`: a map entry or list element.
    Element {
        column: String,
        key: Term,
    },
    /// `c.f`: one field of a user type that is not frozen (3.6).
    Field {
        column: String,
        field: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Delete {
    pub table: TableName,
    /// Empty: delete whole CQL rows (or the partition).
    pub columns: Vec<Deletion>,
    pub using: Using,
    pub where_clause: Vec<Relation>,
    /// `IF EXISTS` / `IF c = v AND ...` (2.0 lightweight transactions).
    pub condition: Option<Condition>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BatchKind {
    Logged,
    Unlogged,
    Counter,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    pub kind: BatchKind,
    pub using: Using,
    /// Only INSERT, UPDATE and DELETE statements (none when `outline` is
    /// set: they are still in the text).
    pub statements: Vec<Statement>,
    /// Set by [`crate::cql::parse_outlined`] instead of keeping the
    /// statements: what must be known of them before any is run.
    pub outline: Option<BatchOutline>,
}

/// What a batch's statements need before the first of them runs, from the
/// syntax-only pass over it: the tables they write (each once, in the order
/// of first appearance: access checks and the counter-batch rule stop at
/// the first table that fails, which is the same as statement by statement)
/// and whether any is conditional.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct BatchOutline {
    pub tables: Vec<TableName>,
    pub conditional: bool,
}

/// One item of a `SELECT` list.
#[derive(Debug, Clone, PartialEq)]
pub enum Selector {
    Column(String),
    WriteTime(String),
    Ttl(String),
    /// 3.10's `CAST(arg AS to)`, `to` the type's word as written (in
    /// lower case: `varchar` is no `text` there).
    Cast {
        arg: Box<Selector>,
        to: String,
    },
    /// 2.1's `c.field` of a user type column; `c.f.g`, a field of a field
    /// that is itself a user type (`fields` in order, never empty).
    Field {
        column: String,
        fields: Vec<String>,
    },
    /// 3.10's value where a selector stands (`Selectable.WithTerm`): a
    /// constant, literal, null or marker, `cast` its `(type)` when written
    /// `(int)1`; typed and valued when the selection is planned.
    Term {
        term: Term,
        cast: Option<TypeExpr>,
    },
    /// A [`Selector::Term`] once planned: its name (the term's text), the
    /// marshal class of its type, and its value (`None`: null, or a
    /// marker not bound yet).
    Value {
        text: String,
        type_class: String,
        value: Option<Vec<u8>>,
    },
    /// `f(args)`: `token(k)`, `dateOf(c)`, `unixTimestampOf(c)`, `blobAsText(c)`...
    Function {
        name: String,
        args: Vec<Selector>,
        /// The name as the statement wrote it: before 2.2 a result column
        /// was named so (`blobAsText(k)`).
        shown: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Selection {
    /// `*`
    Wildcard,
    /// `COUNT(*)` / `COUNT(1)`
    Count,
    Columns(Vec<(Selector, Option<String>)>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Select {
    pub table: TableName,
    pub selection: Selection,
    pub where_clause: Vec<Relation>,
    pub order_by: Vec<(String, Ordering)>,
    /// `GROUP BY` (3.10): the primary key columns named, in order.
    pub group_by: Vec<String>,
    /// `PER PARTITION LIMIT n` (3.6): rows kept of each partition.
    pub per_partition_limit: Option<Term>,
    pub limit: Option<Term>,
    pub allow_filtering: bool,
    /// `SELECT DISTINCT` (2.0): one row per partition, key columns only.
    pub distinct: bool,
    /// `SELECT JSON` (2.2): each row as one JSON text.
    pub json: bool,
}

/// 2.2's `CREATE AGGREGATE`'s argument types and state function.
#[derive(Debug, Clone, PartialEq)]
pub struct AggregateDef {
    pub args: Vec<TypeExpr>,
    pub state_function: String,
    pub state_type: TypeExpr,
}

/// What CREATE INDEX indexes of its column (2.1's `indexIdent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexTarget {
    /// The column's value; a collection's elements (a map's values).
    Values,
    /// `KEYS(m)`: a map's keys.
    Keys,
    /// `FULL(c)`: a frozen collection as a whole.
    Full,
    /// 2.2's `ENTRIES(m)`: a map's (key, value) pairs.
    Entries,
}

/// What `ALTER TYPE` does.
#[derive(Debug, Clone, PartialEq)]
pub enum AlterTypeOp {
    /// `ADD field type`
    Add(String, TypeExpr),
    /// `ALTER field TYPE type`
    Alter(String, TypeExpr),
    /// `RENAME a TO b [AND c TO d ...]`
    Rename(Vec<(String, String)>),
}

/// A parsed statement; `bind_count` on [`Parsed`] says how many `?` it has.
#[derive(Debug, Clone, PartialEq)]
pub enum Statement {
    CreateKeyspace {
        name: String,
        if_not_exists: bool,
        properties: Vec<Property>,
    },
    AlterKeyspace {
        name: String,
        properties: Vec<Property>,
    },
    DropKeyspace {
        name: String,
        if_exists: bool,
    },
    Use(String),
    CreateTable(CreateTable),
    AlterTable {
        table: TableName,
        op: AlterTableOp,
    },
    DropTable {
        table: TableName,
        if_exists: bool,
    },
    Truncate(TableName),
    CreateIndex {
        name: Option<String>,
        table: TableName,
        column: String,
        /// What of the column is indexed (2.1's `KEYS(m)`, `FULL(c)`).
        target: IndexTarget,
        if_not_exists: bool,
        /// `CUSTOM`, `USING 'class'` and 2.0's `WITH options = {..}`.
        using: IndexClass,
    },
    /// 2.0's `CREATE TRIGGER name ON table USING 'class'` (2.1: `IF NOT
    /// EXISTS`).
    CreateTrigger {
        name: String,
        table: TableName,
        class: String,
        if_not_exists: bool,
    },
    /// 2.0's `DROP TRIGGER name ON table` (2.1: `IF EXISTS`).
    DropTrigger {
        name: String,
        table: TableName,
        if_exists: bool,
    },
    DropIndex {
        /// `DROP INDEX ks.name` (2.0+; 1.2 took the session's keyspace only).
        keyspace: Option<String>,
        name: String,
        if_exists: bool,
    },
    /// 2.2's `CREATE [OR REPLACE] FUNCTION` or `AGGREGATE` (`aggregate`):
    /// what a stock yaml's node checked of them before refusing them.
    CreateFunction {
        name: TableName,
        aggregate: Option<AggregateDef>,
    },
    /// 2.2's `DROP FUNCTION` or `DROP AGGREGATE` (`aggregate`) `[IF EXISTS]
    /// [ks.]name [(type, ...)]`: none can exist on a stock yaml's node.
    DropFunction {
        name: TableName,
        aggregate: bool,
        if_exists: bool,
        /// The argument types, when given.
        args: Option<Vec<TypeExpr>>,
    },
    /// 2.1's `CREATE TYPE [IF NOT EXISTS] [ks.]name (field type, ...)`.
    CreateType {
        name: TableName,
        if_not_exists: bool,
        fields: Vec<(String, TypeExpr)>,
    },
    /// 2.1's `ALTER TYPE [ks.]name ...`.
    AlterType {
        name: TableName,
        op: AlterTypeOp,
    },
    /// 2.1's `DROP TYPE [IF EXISTS] [ks.]name`.
    DropType {
        name: TableName,
        if_exists: bool,
    },
    Insert(Insert),
    Update(Update),
    Delete(Delete),
    Batch(Batch),
    Select(Select),
    /// The statements of users, permissions and (2.2) roles.
    Auth(AuthStatement),
}

/// 1.2's `CREATE USER`, `GRANT`, `LIST PERMISSIONS` and the rest, 2.2's
/// roles: what a node answers to them depends only on these parts (a stock
/// node's anonymous session is refused before any user or resource is
/// looked up; see `exec::auth`).
#[derive(Debug, Clone, PartialEq)]
pub enum AuthStatement {
    /// `CREATE USER` (2.2: and `CREATE ROLE`).
    Create { name: String, options: RoleOptions },
    /// `ALTER USER` (2.2: and `ALTER ROLE`).
    Alter { name: String, options: RoleOptions },
    /// `DROP USER [IF EXISTS]` (2.2: and `DROP ROLE`).
    Drop { name: String },
    /// `LIST USERS`, `GRANT`, `REVOKE`, `LIST PERMISSIONS` (2.2: `LIST
    /// ROLES`, a role granted or revoked): each needs a logged-in user first.
    Listing,
}

/// The options a user or role statement named.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RoleOptions {
    pub password: bool,
    /// 2.2's `OPTIONS = {..}`.
    pub custom: bool,
    pub superuser: Option<bool>,
    /// 2.2's `LOGIN = ..`.
    pub login: Option<bool>,
}

/// A statement plus the number of bind markers it contains.
#[derive(Debug, Clone, PartialEq)]
pub struct Parsed {
    pub statement: Statement,
    pub bind_count: usize,
    /// Each marker's name where it was written `:name` (2.0 on), by
    /// position; empty or `None` for a `?`.
    pub marker_names: Vec<Option<String>>,
}
