//! What each `?` of a prepared statement binds to: the receiver name and
//! type a server reports in `CqlPreparedResult.variable_names/types`, and
//! uses to check bound values, and the stand-in value a marker takes
//! while its statement is checked before any value is bound.
//!
//! Names follow Cassandra's receivers: the column for plain values,
//! `idx(l)` / `key(m)` / `value(m)` for collection elements, `in(c)` for
//! `IN ?`, `[ttl]`, `[timestamp]`, `[limit]`, `partition key token`.
//! It must not evaluate anything.

use super::super::ast::{
    Assignment, Condition, Deletion, Relation, Select, Selection, Statement, TableName, Term, Using,
};
use super::super::error::{CqlError, CqlResult};
use super::super::table::Table;
use super::super::types::{CqlType, Native};
use crate::partitioner::Partitioner;

/// One bind marker's receiver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BindSpec {
    pub name: String,
    pub ty: CqlType,
    /// The table of the statement the marker is in (a batch's members
    /// name theirs; the batch's own `USING TIMESTAMP ?` none), as written.
    pub table: Option<TableName>,
    /// The marker's own name where it was written `:name` (2.0 on): the
    /// release named the receiver so (`VariableSpecifications.add` made
    /// a `ColumnSpecification` of that name and the receiver's type).
    pub marker: Option<String>,
}

struct Collector<'a> {
    table: &'a Table,
    name: &'a TableName,
    /// What `token(k) > ?` binds: the partitioner's token type.
    token: Native,
    specs: Vec<(usize, BindSpec)>,
    error: Option<CqlError>,
}

impl<'a> Collector<'a> {
    fn new(table: &'a Table, name: &'a TableName, token: Native) -> Self {
        Collector {
            table,
            name,
            token,
            specs: Vec::new(),
            error: None,
        }
    }

    fn finish(self) -> CqlResult<Vec<(usize, BindSpec)>> {
        match self.error {
            Some(e) => Err(e),
            None => Ok(self.specs),
        }
    }
}

impl Collector<'_> {
    fn column_type(&self, c: &str) -> CqlResult<CqlType> {
        self.table
            .column(c)
            .map(|c| c.ty.clone())
            .ok_or_else(|| CqlError::unknown_identifier(c))
    }

    /// Records the markers in `t`; binds inside collection literals are
    /// refused at prepare time, as Cassandra does.
    fn term(&mut self, t: &Term, name: &str, ty: &CqlType) {
        let kind = match t {
            Term::List(_) => "list",
            Term::Set(_) => "set",
            _ => "map",
        };
        let nested_bind = match t {
            Term::List(items) | Term::Set(items) => {
                items.iter().any(|i| matches!(i, Term::Bind(_)))
            }
            Term::Map(entries) => entries
                .iter()
                .any(|(k, v)| matches!(k, Term::Bind(_)) || matches!(v, Term::Bind(_))),
            _ => false,
        };
        if nested_bind && self.error.is_none() {
            self.error = Some(CqlError::invalid(format!("Invalid {kind} literal for {name}: bind variables are not supported inside collection literals")));
        }
        match t {
            Term::Bind(i) => self.specs.push((
                *i,
                BindSpec {
                    name: name.to_string(),
                    ty: ty.clone(),
                    table: Some(self.name.clone()),
                    marker: None,
                },
            )),
            Term::List(items) | Term::Set(items) => {
                let elem = match ty {
                    CqlType::List(e) | CqlType::Set(e) => (**e).clone(),
                    other => other.clone(),
                };
                for i in items {
                    self.term(i, name, &elem);
                }
            }
            Term::Map(entries) => {
                let (k, v) = match ty {
                    CqlType::Map(k, v) => ((**k).clone(), (**v).clone()),
                    other => (other.clone(), other.clone()),
                };
                for (a, b) in entries {
                    self.term(a, name, &k);
                    self.term(b, name, &v);
                }
            }
            // A function's argument was received by the function's own
            // parameter (`Functions.makeArgSpec`: `arg0(blobasint)`, of the
            // parameter's type: `xAsBlob`'s an x).
            Term::Function { name: f, args } => {
                let arg_ty = match f.as_str() {
                    "mintimeuuid" | "maxtimeuuid" => CqlType::Native(Native::Timestamp),
                    "dateof" | "unixtimestampof" => CqlType::Native(Native::Timeuuid),
                    _ => f
                        .strip_suffix("asblob")
                        .and_then(Native::from_name_22)
                        .map_or(CqlType::Native(Native::Blob), CqlType::Native),
                };
                for (i, a) in args.iter().enumerate() {
                    self.term(a, &format!("arg{i}({f})"), &arg_ty);
                }
            }
            Term::Tuple(items) => {
                let types = match ty {
                    CqlType::Tuple(ts) => ts.clone(),
                    other => vec![other.clone(); items.len()],
                };
                for (i, t) in items.iter().zip(types.iter().chain(std::iter::repeat(ty))) {
                    self.term(i, name, t);
                }
            }
            Term::UserLiteral(fields) => {
                for (f, v) in fields {
                    let ft = match ty {
                        CqlType::User(u) => u.field(f).cloned().unwrap_or_else(|| ty.clone()),
                        other => other.clone(),
                    };
                    self.term(v, name, &ft);
                }
            }
            Term::Constant(_) | Term::Null | Term::Json(_) => {}
        }
    }

    fn using(&mut self, u: &Using) {
        if let Some(t) = &u.ttl {
            self.term(t, "[ttl]", &CqlType::Native(Native::Int));
        }
        if let Some(t) = &u.timestamp {
            self.term(t, "[timestamp]", &CqlType::Native(Native::Bigint));
        }
    }

    /// The markers of an `IF c = ?` condition, typed by their column.
    fn condition(&mut self, cond: Option<&Condition>) -> CqlResult<()> {
        if let Some(Condition::Columns(cs)) = cond {
            for cc in cs {
                let ty = self.column_type(&cc.column)?;
                let c = &cc.column;
                match (&cc.element, &ty) {
                    // 2.0's receivers of an element condition: `idx(l)`
                    // and `value(l)`, `key(m)` and `value(m)`.
                    (Some(e), CqlType::List(v)) => {
                        self.term(e, &format!("idx({c})"), &CqlType::Native(Native::Int));
                        self.term(&cc.value, &format!("value({c})"), v);
                    }
                    (Some(e), CqlType::Map(k, v)) => {
                        self.term(e, &format!("key({c})"), k);
                        self.term(&cc.value, &format!("value({c})"), v);
                    }
                    _ => self.term(&cc.value, c, &ty),
                }
                // 2.1's `IN (..)` values, each typed as the column's.
                if let crate::cql::ast::ConditionOp::In(values) = &cc.op {
                    let vty = match (&cc.element, &ty) {
                        (Some(_), CqlType::List(v)) | (Some(_), CqlType::Map(_, v)) => {
                            (**v).clone()
                        }
                        _ => ty.clone(),
                    };
                    for v in values {
                        self.term(v, c, &vty);
                    }
                }
            }
        }
        Ok(())
    }

    /// The markers of a WHERE clause; `select`: a SELECT's (whose unknown
    /// columns are refused in its own words, as preparing it did).
    fn relations(&mut self, rels: &[Relation], select: bool) -> CqlResult<()> {
        for r in rels {
            match r {
                Relation::Column { column, op, value } => {
                    let ty = match self.column_type(column) {
                        Ok(ty) => ty,
                        Err(_) if select => {
                            return Err(super::select::undefined_in_where(column, *op, value))
                        }
                        Err(_) => return Err(super::keys::unknown_key(column)),
                    };
                    match (op, value) {
                        (super::super::ast::Operator::In, Term::Bind(_)) => self.term(
                            value,
                            &format!("in({column})"),
                            &CqlType::List(Box::new(ty)),
                        ),
                        // `IN (?, ...)`: each marker is one value of the
                        // column, as 1.2 took them (not a list literal).
                        (super::super::ast::Operator::In, Term::List(items)) => {
                            for item in items {
                                self.term(item, column, &ty);
                            }
                        }
                        // 2.1's receiver of CONTAINS (KEY): the element's
                        // (`makeCollectionReceiver`).
                        (super::super::ast::Operator::ContainsKey, _) => match &ty {
                            CqlType::Map(k, _) => self.term(value, &format!("key({column})"), k),
                            _ => self.term(value, column, &ty),
                        },
                        // 2.2's `m[k] = v`: `key(m)`, then `value(m)`.
                        (super::super::ast::Operator::MapEntry { .. }, Term::List(kv))
                            if kv.len() == 2 =>
                        {
                            match &ty {
                                CqlType::Map(k, v) => {
                                    self.term(&kv[0], &format!("key({column})"), k);
                                    self.term(&kv[1], &format!("value({column})"), v);
                                }
                                _ => self.term(value, column, &ty),
                            }
                        }
                        (super::super::ast::Operator::Contains, _) => match &ty {
                            CqlType::List(e) | CqlType::Set(e) | CqlType::Map(_, e) => {
                                self.term(value, &format!("value({column})"), e)
                            }
                            _ => self.term(value, column, &ty),
                        },
                        _ => self.term(value, column, &ty),
                    }
                }
                Relation::MultiColumn { columns, op, value } => {
                    self.tuple_relation(columns, *op, value, select)?
                }
                Relation::Token { value, .. } => match value {
                    // Each argument's receiver is the function's (1.2's
                    // `Functions.makeArgSpec`: `arg0(token)`), of the
                    // partition key part's type.
                    Term::Function { name, args } if name == "token" => {
                        let types: Vec<CqlType> = self
                            .table
                            .partition_key
                            .iter()
                            .map(|k| k.ty.clone())
                            .collect();
                        for (i, (a, ty)) in args.iter().zip(&types).enumerate() {
                            self.term(a, &format!("arg{i}(token)"), ty);
                        }
                    }
                    other => self.term(other, "partition key token", &CqlType::Native(self.token)),
                },
            }
        }
        Ok(())
    }

    /// The markers of a tuple relation (2.0's `Tuples`): a marker of a
    /// literal's element is its column's; one for a whole tuple is named
    /// by the columns, `(a,b)`, typed a tuple of theirs; `IN ?`'s
    /// `in(a,b)`, a list of those.
    fn tuple_relation(
        &mut self,
        columns: &[String],
        op: super::super::ast::Operator,
        value: &Term,
        select: bool,
    ) -> CqlResult<()> {
        let mut types = Vec::with_capacity(columns.len());
        for c in columns {
            match self.column_type(c) {
                Ok(ty) => types.push(ty),
                Err(_) if select => {
                    return Err(CqlError::invalid(format!(
                        "Undefined name {c} in where clause ('{}')",
                        Relation::multi_written(columns, op, value)
                    )))
                }
                Err(_) => return Err(super::keys::unknown_key(c)),
            }
        }
        let name = format!("({})", columns.join(","));
        let tuple = CqlType::Tuple(types.clone());
        let one = |c: &mut Self, t: &Term| match t {
            Term::Tuple(items) => {
                for ((item, column), ty) in items.iter().zip(columns).zip(&types) {
                    c.term(item, column, ty);
                }
            }
            other => c.term(other, &name, &tuple),
        };
        match (op, value) {
            (super::super::ast::Operator::In, Term::List(items)) => {
                for item in items {
                    one(self, item);
                }
            }
            (super::super::ast::Operator::In, marker) => self.term(
                marker,
                &format!("in{name}"),
                &CqlType::List(Box::new(tuple.clone())),
            ),
            (_, t) => one(self, t),
        }
        Ok(())
    }

    fn assignment(&mut self, a: &Assignment) -> CqlResult<()> {
        let column = a.column();
        let ty = self.column_type(column)?;
        // Refused where `prepare` refused it: a marker (which any column
        // takes) for a term, so the operation's own refusal.
        let marked = match a {
            Assignment::SetElement { .. } => true,
            Assignment::Set { .. } => false,
            Assignment::SetField { .. } => {
                super::assign::user_field(a, &ty)?;
                false
            }
            Assignment::Add { value, .. }
            | Assignment::Subtract { value, .. }
            | Assignment::Prepend { value, .. } => matches!(value, Term::Bind(_)),
        };
        if let Some(why) = super::assign::operation_refusal(a, &ty).filter(|_| marked) {
            return Err(CqlError::invalid(why));
        }
        match a {
            Assignment::Set { value, .. }
            | Assignment::Add { value, .. }
            | Assignment::Subtract { value, .. }
            | Assignment::Prepend { value, .. } => {
                // A counter increment's marker is the counter column's
                // (CounterColumnType, which validates as a long): its
                // receiver is the column (1.2's `Operation.Addition`).
                self.term(value, column, &ty);
            }
            Assignment::SetElement { key, value, .. } => {
                self.element(column, &ty, key, Some(value))
            }
            // 3.11's `UserTypes.fieldSpecOf`: the receiver `u.f`, no column.
            Assignment::SetField { field, value, .. } => {
                let (_, ft) = super::assign::user_field(a, &ty)?;
                self.term(value, &format!("{column}.{field}"), &ft);
            }
        }
        Ok(())
    }

    fn element(&mut self, column: &str, ty: &CqlType, key: &Term, value: Option<&Term>) {
        match ty {
            CqlType::List(e) => {
                self.term(
                    key,
                    &format!("idx({column})"),
                    &CqlType::Native(Native::Int),
                );
                if let Some(v) = value {
                    self.term(v, &format!("value({column})"), e);
                }
            }
            CqlType::Map(k, v) => {
                self.term(key, &format!("key({column})"), k);
                if let Some(val) = value {
                    self.term(val, &format!("value({column})"), v);
                }
            }
            other => self.term(key, column, other),
        }
    }
}

/// The receivers of a statement's bind markers, in marker order.
pub fn bind_specs(
    statement: &Statement,
    tables: &dyn Fn(&TableName) -> CqlResult<Table>,
    partitioner: &dyn Partitioner,
) -> CqlResult<Vec<BindSpec>> {
    let token = Native::of_token(partitioner);
    let mut all: Vec<(usize, BindSpec)> = Vec::new();
    let single = |s: &Statement| -> CqlResult<Vec<(usize, BindSpec)>> {
        match s {
            Statement::Insert(i) => {
                let t = tables(&i.table)?;
                let mut c = Collector::new(&t, &i.table, token);
                for (col, v) in i.columns.iter().zip(&i.values) {
                    let ty = c.column_type(col)?;
                    c.term(v, col, &ty);
                }
                // 2.2's `INSERT JSON ?`: the map's text.
                if let Some(json) = &i.json {
                    c.term(json, "[json]", &CqlType::Native(Native::Text));
                }
                c.using(&i.using);
                c.finish()
            }
            Statement::Update(u) => {
                let t = tables(&u.table)?;
                let mut c = Collector::new(&t, &u.table, token);
                c.using(&u.using);
                for a in &u.assignments {
                    c.assignment(a)?;
                }
                c.relations(&u.where_clause, false)?;
                c.condition(u.condition.as_ref())?;
                c.finish()
            }
            Statement::Delete(d) => {
                let t = tables(&d.table)?;
                let mut c = Collector::new(&t, &d.table, token);
                for del in &d.columns {
                    if let Deletion::Element { column, key } = del {
                        let ty = c.column_type(column)?;
                        c.element(column, &ty, key, None);
                    }
                }
                c.using(&d.using);
                c.relations(&d.where_clause, false)?;
                c.condition(d.condition.as_ref())?;
                c.finish()
            }
            Statement::Select(Select {
                table,
                selection,
                where_clause,
                limit,
                per_partition_limit,
                ..
            }) => {
                let t = tables(table)?;
                let mut c = Collector::new(&t, table, token);
                // 3.10's markers among the selectors come first, each
                // received as `[selection]`.
                if let Selection::Columns(items) = selection {
                    let mut found = Vec::new();
                    for (sel, _) in items {
                        super::select::selection::terms::selection_markers(&t, sel, &mut found);
                    }
                    for (i, ty) in found {
                        c.specs.push((
                            i,
                            BindSpec {
                                name: "[selection]".into(),
                                ty,
                                table: Some(table.clone()),
                                marker: None,
                            },
                        ));
                    }
                }
                c.relations(where_clause, true)?;
                if let Some(l) = per_partition_limit {
                    c.term(l, "[per_partition_limit]", &CqlType::Native(Native::Int));
                }
                if let Some(l) = limit {
                    c.term(l, "[limit]", &CqlType::Native(Native::Int));
                }
                c.finish()
            }
            _ => Ok(Vec::new()),
        }
    };
    match statement {
        Statement::Batch(b) => {
            if let Some(Term::Bind(i)) = &b.using.timestamp {
                all.push((
                    *i,
                    BindSpec {
                        name: "[timestamp]".into(),
                        ty: CqlType::Native(Native::Bigint),
                        table: None,
                        marker: None,
                    },
                ));
            }
            for s in &b.statements {
                all.extend(single(s)?);
            }
        }
        s => all = single(s)?,
    }
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, s)| s).collect())
}

/// A bound value of type `ty` that `values::decode_bound` and every later check
/// of a statement accept: what a marker stands for while its statement is
/// prepared. Cassandra's `prepare()` ran the statement's checks before any
/// value was known, so no check may depend on it: one non-empty, positive
/// value per type (a key part, a LIMIT or a TTL alike), collections of one.
pub fn stand_in(ty: &CqlType) -> Vec<u8> {
    match ty {
        CqlType::List(e) | CqlType::Set(e) => {
            let item = stand_in(e);
            crate::cql::types::serialize_collection(&[&item], 1)
        }
        CqlType::Map(k, v) => {
            let (k, v) = (stand_in(k), stand_in(v));
            crate::cql::types::serialize_collection(&[&k, &v], 1)
        }
        CqlType::Native(n) => match n {
            Native::Ascii | Native::Text | Native::Blob | Native::Varint | Native::Boolean => {
                vec![1]
            }
            Native::Int => 1i32.to_be_bytes().to_vec(),
            Native::Bigint | Native::Counter | Native::Timestamp | Native::SignedTimestamp => {
                1i64.to_be_bytes().to_vec()
            }
            Native::Decimal => vec![0, 0, 0, 0, 1],
            Native::Double => 1f64.to_be_bytes().to_vec(),
            Native::Float => 1f32.to_be_bytes().to_vec(),
            Native::Inet => vec![127, 0, 0, 1],
            Native::Tinyint => vec![1],
            Native::Smallint => vec![0, 1],
            Native::Date => 1u32.wrapping_add(1 << 31).to_be_bytes().to_vec(),
            Native::Time => 1i64.to_be_bytes().to_vec(),
            Native::Duration => vec![0, 0, 2],
            // A version 1 (time) UUID serves `uuid` and `timeuuid` alike.
            Native::Timeuuid | Native::Uuid => {
                let mut u = vec![0u8; 16];
                u[6] = 0x10;
                u[8] = 0x80;
                u
            }
        },
        // Validators of custom types accept the empty value.
        CqlType::Custom(_) => Vec::new(),
        CqlType::Tuple(ts) => {
            let parts: Vec<Option<Vec<u8>>> = ts.iter().map(|t| Some(stand_in(t))).collect();
            crate::marshal::join_components(&parts)
        }
        CqlType::User(u) => {
            let parts: Vec<Option<Vec<u8>>> =
                u.fields.iter().map(|(_, t)| Some(stand_in(t))).collect();
            crate::marshal::join_components(&parts)
        }
        CqlType::Frozen(inner) => match inner.as_ref() {
            CqlType::Map(k, v) => {
                crate::marshal::write_v3_collection(&[&stand_in(k), &stand_in(v)], 1)
            }
            CqlType::List(e) | CqlType::Set(e) => {
                crate::marshal::write_v3_collection(&[&stand_in(e)], 1)
            }
            other => stand_in(other),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cql::parse;
    use crate::partitioner::Murmur3Partitioner;

    #[test]
    fn receivers_in_marker_order() {
        let Statement::CreateTable(ct) = parse("CREATE TABLE t (k int, c int, l list<int>, m map<text, int>, n int, PRIMARY KEY (k, c))").unwrap().statement else { panic!() };
        let t = Table::from_create("ks", &ct).unwrap();
        let tables = |_: &TableName| Ok(t.clone());
        let names = |cql: &str| -> Vec<String> {
            // 2.0's grammar: `LIMIT ?` came with it.
            let p = crate::cql::parse_with(cql, crate::cql::Grammar::WithStatics).unwrap();
            let specs = bind_specs(&p.statement, &tables, &Murmur3Partitioner).unwrap();
            assert_eq!(specs.len(), p.bind_count, "{cql}");
            specs
                .iter()
                .map(|s| format!("{}:{}", s.name, s.ty.cql_name()))
                .collect()
        };
        assert_eq!(
            names("INSERT INTO t (k, c, l) VALUES (?, ?, ?) USING TTL ?"),
            ["k:int", "c:int", "l:list<int>", "[ttl]:int"]
        );
        assert_eq!(
            names("UPDATE t USING TIMESTAMP ? SET l[?] = ?, m[?] = ? WHERE k = ? AND c IN ?"),
            [
                "[timestamp]:bigint",
                "idx(l):int",
                "value(l):int",
                "key(m):text",
                "value(m):int",
                "k:int",
                "in(c):list<int>"
            ]
        );
        assert_eq!(
            names("SELECT * FROM t WHERE token(k) > token(?) LIMIT ?"),
            ["arg0(token):int", "[limit]:int"]
        );
        assert_eq!(
            names("SELECT * FROM t WHERE k IN (?, ?, 3) AND c IN (?)"),
            ["k:int", "k:int", "c:int"]
        );
        assert_eq!(
            names("DELETE m[?] FROM t WHERE k = ? AND c = ?"),
            ["key(m):text", "k:int", "c:int"]
        );
        // A function's parameter received its argument (rel_fctmarkers).
        assert_eq!(
            names("UPDATE t SET n = blobAsInt(?) WHERE k = blobAsInt(textAsBlob(?)) AND c = ?"),
            ["arg0(blobasint):blob", "arg0(textasblob):text", "c:int"]
        );
        assert_eq!(
            names("INSERT INTO t (k, c, n) VALUES (?, intAsBlob(?), unixTimestampOf(?))"),
            [
                "k:int",
                "arg0(intasblob):int",
                "arg0(unixtimestampof):timeuuid"
            ]
        );
        let p = parse("UPDATE t SET l = l + [?, 1] WHERE k = 1 AND c = 1").unwrap();
        assert_eq!(bind_specs(&p.statement, &tables, &Murmur3Partitioner).unwrap_err().to_string(), "Invalid list literal for l: bind variables are not supported inside collection literals");
    }
}
