//! 2.1's user types: CREATE / ALTER / DROP TYPE, and the user type names
//! of a column's type resolved against the keyspace's types.
//!
//! Owns those statements' checks and messages (2.1's `CreateTypeStatement`,
//! `AlterTypeStatement`, `DropTypeStatement` and `CQL3Type.Raw.RawUT`). A
//! type is kept in the schema as its `UserType(...)` class name; a table's
//! column carries the same name, rewritten when the type is altered. It must
//! not read or write data.

use super::tables::table_of;
use super::{CqlBackend, CqlOutcome, CqlSession};
use crate::cql::ast::{AlterTypeOp, TableName, TypeExpr};
use crate::cql::error::{CqlError, CqlResult};
use crate::cql::table::Table;
use crate::cql::types::{CqlType, Native, UserTypeDef};
use crate::marshal::parse_type;
use crate::release::{Behaviour, Release};
use crate::schema::{CfDef, Schema, SchemaChange};

fn invalid(message: String) -> CqlError {
    CqlError::Invalid(message)
}

/// The user type `name` of keyspace `ks`, if it exists.
pub fn user_type(schema: &Schema, ks: &str, name: &str) -> Option<UserTypeDef> {
    let class = schema.user_types.get(ks)?.get(name)?;
    let t = parse_type(class).ok()?;
    match CqlType::from_marshal(t.as_ref()).ok()? {
        CqlType::User(u) => Some(u),
        _ => None,
    }
}

/// `expr` with every user type name replaced by the type's class name, as
/// 2.1 prepared a column's type in keyspace `ks`: a user type must be
/// frozen (a collection's elements and a tuple's are), and a name that is
/// neither a native type nor a type of `ks` is unknown. `since_22`: 2.2's
/// grammar, whose `date`, `time`, `smallint` and `tinyint` are native
/// (given by their class names); before, they were user type names.
/// `multi_cell`: 3.6's grammar, where a column's user type named bare is
/// kept field by field (still refused inside a collection).
pub fn resolve(
    schema: &Schema,
    ks: &str,
    expr: &TypeExpr,
    since_22: bool,
    multi_cell: bool,
) -> CqlResult<TypeExpr> {
    if let (true, TypeExpr::Native(n)) = (multi_cell, expr) {
        let native = native_named(n, since_22, multi_cell);
        if native.is_none() {
            let Some(mut u) = user_type(schema, ks, n) else {
                return Err(invalid(format!("Unknown type {ks}.{n}")));
            };
            u.multi_cell = true;
            return Ok(TypeExpr::Custom(CqlType::User(u).class_name()));
        }
    }
    resolve_in(schema, ks, expr, false, since_22, multi_cell)
}

/// The native type named `n` in a grammar of 2.2 (`since_22`) or of 3.10
/// (`multi_cell`, which has `duration` too); `None`: a user type's name.
fn native_named(n: &str, since_22: bool, multi_cell: bool) -> Option<Native> {
    match (since_22, multi_cell) {
        (true, true) => Native::from_name_310(n),
        (true, false) => Native::from_name_22(n),
        (false, _) => Native::from_name(n),
    }
}

fn resolve_in(
    schema: &Schema,
    ks: &str,
    expr: &TypeExpr,
    frozen: bool,
    since_22: bool,
    multi_cell: bool,
) -> CqlResult<TypeExpr> {
    let inner =
        |e: &TypeExpr, f: bool| resolve_in(schema, ks, e, f, since_22, multi_cell).map(Box::new);
    let native = |n: &str| native_named(n, since_22, multi_cell);
    Ok(match expr {
        TypeExpr::Native(n) => match native(n) {
            Some(t) if t.is_since_22() => TypeExpr::Custom(CqlType::Native(t).class_name()),
            Some(_) => expr.clone(),
            None => user_type_expr(schema, ks, n, frozen)?,
        },
        TypeExpr::List(_) | TypeExpr::Set(_) | TypeExpr::Map(..) if !frozen => {
            // 2.1's RawCollection.prepare: the values' type, then the
            // keys', must be frozen where it could be, and no counter.
            let not_frozen = |e: &TypeExpr| {
                matches!(
                    e,
                    TypeExpr::List(_) | TypeExpr::Set(_) | TypeExpr::Map(..) | TypeExpr::Tuple(_)
                ) || matches!(e, TypeExpr::Native(n) if native(n).is_none())
            };
            let counter = |e: &TypeExpr| matches!(e, TypeExpr::Native(n) if n == "counter");
            let fail = |what: &str| {
                Err(invalid(format!(
                    "{what} are not allowed inside collections: {}",
                    expr.written()
                )))
            };
            let (keys, values) = match expr {
                TypeExpr::List(e) | TypeExpr::Set(e) => (None, e.as_ref()),
                TypeExpr::Map(k, v) => (Some(k.as_ref()), v.as_ref()),
                _ => (None, expr),
            };
            // 3.11's RawCollection.prepare named a user type not frozen
            // as such (3.0: as a collection).
            let bare_user = |e: &TypeExpr| matches!(e, TypeExpr::Native(n) if native(n).is_none());
            if multi_cell && (bare_user(values) || keys.is_some_and(bare_user)) {
                return fail("Non-frozen UDTs");
            }
            if not_frozen(values) {
                return fail("Non-frozen collections");
            }
            if counter(values) {
                return fail("Counters");
            }
            // 3.10's RawCollection.prepare: no duration in a set or as a
            // map's key (a set's elements and a map's keys are ordered).
            let duration = |e: &TypeExpr| matches!(e, TypeExpr::Native(n) if native(n) == Some(Native::Duration));
            if duration(values) && matches!(expr, TypeExpr::Set(_)) {
                return Err(invalid(format!(
                    "Durations are not allowed inside sets: {}",
                    expr.written()
                )));
            }
            if let Some(k) = keys {
                if counter(k) {
                    return fail("Counters");
                }
                if duration(k) {
                    return Err(invalid(format!(
                        "Durations are not allowed as map keys: {}",
                        expr.written()
                    )));
                }
                if not_frozen(k) {
                    return fail("Non-frozen collections");
                }
            }
            match expr {
                TypeExpr::List(e) => TypeExpr::List(inner(e, true)?),
                TypeExpr::Set(e) => TypeExpr::Set(inner(e, true)?),
                TypeExpr::Map(k, v) => TypeExpr::Map(inner(k, true)?, inner(v, true)?),
                _ => expr.clone(),
            }
        }
        TypeExpr::List(e) => TypeExpr::List(inner(e, frozen)?),
        TypeExpr::Set(e) => TypeExpr::Set(inner(e, frozen)?),
        TypeExpr::Map(k, v) => TypeExpr::Map(inner(k, frozen)?, inner(v, frozen)?),
        TypeExpr::Frozen(e) => TypeExpr::Frozen(inner(e, true)?),
        TypeExpr::Tuple(items) => TypeExpr::Tuple(
            items
                .iter()
                .map(|e| resolve_in(schema, ks, e, true, since_22, multi_cell))
                .collect::<CqlResult<_>>()?,
        ),
        TypeExpr::Custom(_) => expr.clone(),
    })
}

/// The user type `n` of `ks` as its class name; it must be frozen.
fn user_type_expr(schema: &Schema, ks: &str, n: &str, frozen: bool) -> CqlResult<TypeExpr> {
    let Some(u) = user_type(schema, ks, n) else {
        return Err(invalid(format!("Unknown type {ks}.{n}")));
    };
    if !frozen {
        return Err(invalid(
            "Non-frozen User-Defined types are not supported, please use frozen<>".into(),
        ));
    }
    Ok(TypeExpr::Custom(CqlType::User(u).class_name()))
}

/// Whether `ty` is or holds the user type `name` of `ks`.
fn uses(ty: &CqlType, ks: &str, name: &str) -> bool {
    uses_seeing(ty, ks, name, true)
}

/// Whether `ty` names the user type `ks.name`, looking inside tuples only
/// when `tuples` (2.1 and 2.2's DROP TYPE looked into user types,
/// collections and composites, never a `TupleType`).
fn uses_seeing(ty: &CqlType, ks: &str, name: &str, tuples: bool) -> bool {
    let inner = |t: &CqlType| uses_seeing(t, ks, name, tuples);
    match ty {
        CqlType::User(u) => {
            (u.keyspace == ks && u.name == name) || u.fields.iter().any(|(_, t)| inner(t))
        }
        CqlType::List(t) | CqlType::Set(t) | CqlType::Frozen(t) => inner(t),
        CqlType::Map(k, v) => inner(k) || inner(v),
        CqlType::Tuple(ts) => tuples && ts.iter().any(inner),
        CqlType::Native(_) | CqlType::Custom(_) => false,
    }
}

/// `ty` with the user type `new` in place of its older definition.
fn replaced(ty: &CqlType, new: &UserTypeDef) -> CqlType {
    match ty {
        // A column's multi-cell one stays so.
        CqlType::User(u) if u.keyspace == new.keyspace && u.name == new.name => {
            CqlType::User(UserTypeDef {
                multi_cell: u.multi_cell,
                ..new.clone()
            })
        }
        CqlType::User(u) => {
            let mut u = u.clone();
            u.fields = u
                .fields
                .iter()
                .map(|(f, t)| (f.clone(), replaced(t, new)))
                .collect();
            CqlType::User(u)
        }
        CqlType::List(t) => CqlType::List(Box::new(replaced(t, new))),
        CqlType::Set(t) => CqlType::Set(Box::new(replaced(t, new))),
        CqlType::Frozen(t) => CqlType::Frozen(Box::new(replaced(t, new))),
        CqlType::Map(k, v) => CqlType::Map(Box::new(replaced(k, new)), Box::new(replaced(v, new))),
        CqlType::Tuple(ts) => CqlType::Tuple(ts.iter().map(|t| replaced(t, new)).collect()),
        other => other.clone(),
    }
}

fn changed(change: super::ChangeKind, ks: &str, name: &str) -> CqlOutcome {
    CqlOutcome::TypeChange {
        change,
        keyspace: ks.to_string(),
        name: name.to_string(),
    }
}

/// CREATE TYPE.
pub(super) fn create(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    name: &TableName,
    if_not_exists: bool,
    fields: &[(String, TypeExpr)],
) -> CqlResult<CqlOutcome> {
    let schema = backend.schema();
    let ks = session.keyspace_for(name)?;
    if schema.keyspace(&ks).is_none() {
        return Err(invalid(format!("Cannot add type in unknown keyspace {ks}")));
    }
    if user_type(&schema, &ks, &name.name).is_some() {
        if if_not_exists {
            return Ok(CqlOutcome::Void);
        }
        return Err(invalid(format!(
            "A user type of name {ks}.{} already exists",
            name.name
        )));
    }
    let mut def = UserTypeDef {
        keyspace: ks.clone(),
        name: name.name.clone(),
        fields: Vec::new(),
        multi_cell: false,
    };
    for (field, expr) in fields {
        if def.field(field).is_some() {
            return Err(invalid(format!(
                "Duplicate field name {field} in type {ks}.{}",
                name.name
            )));
        }
        let ty = field_type(&schema, &ks, expr, session.grammar().is_cql33())?;
        def.fields.push((field.clone(), ty));
    }
    set(backend, &def)?;
    Ok(changed(super::ChangeKind::Created, &ks, &name.name))
}

/// A field's type: frozen, never a counter (2.1's `CreateTypeStatement`).
/// It was prepared as written (`type.prepare(keyspace)`): a user type
/// named bare, or in a collection, was refused as a column's was; the
/// field was frozen after.
fn field_type(schema: &Schema, ks: &str, expr: &TypeExpr, since_22: bool) -> CqlResult<CqlType> {
    let resolved = resolve_in(schema, ks, expr, false, since_22, false)?;
    let ty = CqlType::from_expr(&resolved)?.freeze();
    if ty.is_counter() {
        return Err(invalid("A user type cannot contain counters".into()));
    }
    Ok(ty)
}

fn set(backend: &dyn CqlBackend, def: &UserTypeDef) -> CqlResult<()> {
    backend.change_schema(SchemaChange::SetUserType {
        keyspace: def.keyspace.clone(),
        name: def.name.clone(),
        class: Some(CqlType::User(def.clone()).class_name()),
    })
}

/// A table whose columns an altered type changed, with its definition.
pub(super) type Retyped = (std::sync::Arc<CfDef>, Table);

/// ALTER TYPE: the type changed; the tables of its keyspace using it,
/// each with its columns' new types, are returned for the caller to
/// update (2.1's `AlterTypeStatement.announceMigration`).
pub(super) fn alter(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    name: &TableName,
    op: &AlterTypeOp,
) -> CqlResult<(CqlOutcome, Vec<Retyped>)> {
    // 3.0.11 and 3.10 on threw while the statement was parsed
    // (`AlterTypeStatement.alter`): no field's type changes.
    if matches!(op, AlterTypeOp::Alter(..)) && session.local_facts().claims_at_least((3, 0, 0)) {
        return Err(invalid("Altering of types is not allowed".to_string()));
    }
    let schema = backend.schema();
    let ks = session.keyspace_for(name)?;
    if schema.keyspace(&ks).is_none() {
        return Err(invalid(format!(
            "Cannot alter type in unknown keyspace {ks}"
        )));
    }
    let full = format!("{ks}.{}", name.name);
    let Some(mut def) = user_type(&schema, &ks, &name.name) else {
        return Err(invalid(format!("No user type named {full} exists.")));
    };
    match op {
        AlterTypeOp::Add(field, expr) => {
            if def.field(field).is_some() {
                return Err(invalid(format!(
                    "Cannot add new field {field} to type {full}: a field of the same name already exists"
                )));
            }
            let ty = field_type(&schema, &ks, expr, session.grammar().is_cql33())?;
            def.fields.push((field.clone(), ty));
        }
        AlterTypeOp::Alter(field, expr) => {
            let ty = field_type(&schema, &ks, expr, session.grammar().is_cql33())?;
            let Some(at) = def.fields.iter().position(|(f, _)| f == field) else {
                return Err(invalid(format!("Unknown field {field} in type {full}")));
            };
            let previous = &def.fields[at].1;
            if !compatible(previous, &ty) {
                return Err(invalid(format!(
                    "Type {} is incompatible with previous type {} of field {field} in user type {full}",
                    ty.cql_name(),
                    previous.cql_name()
                )));
            }
            def.fields[at].1 = ty;
        }
        AlterTypeOp::Rename(pairs) => {
            for (from, to) in pairs {
                let Some(at) = def.fields.iter().position(|(f, _)| f == from) else {
                    return Err(invalid(format!("Unknown field {from} in type {full}")));
                };
                def.fields[at].0 = to.clone();
            }
        }
    }
    set(backend, &def)?;
    let tables = schema
        .keyspace(&ks)
        .into_iter()
        .flat_map(|k| k.cfs.values())
        .filter_map(|cf| retyped(cf, &def).map(|t| (cf.clone(), t)))
        .collect();
    Ok((changed(super::ChangeKind::Updated, &ks, &name.name), tables))
}

/// 2.1's `isCompatibleWith` as ALTER TYPE asked it of the new type: the
/// same type, `blob` where the old one was `ascii` or `text` (BytesType
/// validates everything and both compare as bytes), `text` where it was
/// `ascii`.
fn compatible(previous: &CqlType, new: &CqlType) -> bool {
    let text_like = |t: &CqlType| {
        matches!(
            t,
            CqlType::Native(Native::Ascii) | CqlType::Native(Native::Text)
        )
    };
    previous == new
        || (*new == CqlType::Native(Native::Blob) && text_like(previous))
        || (*previous == CqlType::Native(Native::Ascii) && *new == CqlType::Native(Native::Text))
}

/// The table of `cf` with `def`'s type in its columns, if any uses it.
fn retyped(cf: &CfDef, def: &UserTypeDef) -> Option<Table> {
    let mut t = table_of(cf).ok()?;
    let mut any = false;
    let columns = t
        .partition_key
        .iter_mut()
        .chain(t.clustering.iter_mut().map(|c| &mut c.column))
        .chain(t.regular.iter_mut().map(|r| &mut r.column));
    for c in columns {
        if uses(&c.ty, &def.keyspace, &def.name) {
            c.ty = replaced(&c.ty, def);
            any = true;
        }
    }
    any.then_some(t)
}

/// DROP TYPE: refused while a type or a table of its keyspace uses it.
pub(super) fn drop(
    backend: &dyn CqlBackend,
    session: &CqlSession,
    name: &TableName,
    if_exists: bool,
) -> CqlResult<CqlOutcome> {
    let schema = backend.schema();
    let ks = session.keyspace_for(name)?;
    let full = format!("{ks}.{}", name.name);
    let Some(keyspace) = schema.keyspace(&ks) else {
        if if_exists {
            return Ok(CqlOutcome::Void);
        }
        return Err(invalid(format!(
            "Cannot drop type in unknown keyspace {ks}"
        )));
    };
    if user_type(&schema, &ks, &name.name).is_none() {
        if if_exists {
            return Ok(CqlOutcome::Void);
        }
        return Err(invalid(format!("No user type named {full} exists.")));
    }
    let release = Release::find(&session.local_facts().release_version);
    let tuples = !release.is_some_and(|r| r.does(Behaviour::DropTypeOverlooksTuples));
    let uses = |t: &CqlType, ks: &str, name: &str| uses_seeing(t, ks, name, tuples);
    for other in schema
        .user_types
        .get(&ks)
        .into_iter()
        .flat_map(|m| m.keys())
    {
        let Some(u) = user_type(&schema, &ks, other) else {
            continue;
        };
        if u.fields.iter().any(|(_, t)| uses(t, &ks, &name.name)) {
            return Err(invalid(format!(
                "Cannot drop user type {full} as it is still used by user type {}",
                u.name
            )));
        }
    }
    for cf in keyspace.cfs.values() {
        let Ok(t) = table_of(cf) else { continue };
        let used = t
            .partition_key
            .iter()
            .chain(t.clustering.iter().map(|c| &c.column))
            .chain(t.regular.iter().map(|r| &r.column))
            .any(|c| uses(&c.ty, &ks, &name.name));
        if used {
            return Err(invalid(format!(
                "Cannot drop user type {full} as it is still used by table {ks}.{}",
                cf.name
            )));
        }
    }
    backend.change_schema(SchemaChange::SetUserType {
        keyspace: ks.clone(),
        name: name.name.clone(),
        class: None,
    })?;
    Ok(changed(super::ChangeKind::Dropped, &ks, &name.name))
}
