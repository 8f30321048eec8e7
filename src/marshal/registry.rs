//! Resolves a type by name. Short names (`LongType`) and full class names
//! (`org.apache.cassandra.db.marshal.LongType`) are the same type;
//! parameterised types (`CompositeType(...)`, `ReversedType(...)`) are parsed
//! recursively. Other code can plug in a type with [`register_type`].

use super::compound::frozen_fields::frozen_collections;
use super::*;
use parking_lot::RwLock;
use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

/// Builds a type from its (already resolved) parameters, for parameterised types.
pub type TypeFactory = Arc<dyn Fn(&[TypeRef]) -> Result<TypeRef, MarshalError> + Send + Sync>;

/// A factory for a type without parameters; `Name()` is accepted as `Name`.
fn plain(short: &'static str, make: Make) -> (String, TypeFactory) {
    let factory: TypeFactory = Arc::new(move |params: &[TypeRef]| {
        if params.is_empty() {
            Ok(make())
        } else {
            Err(MarshalError(format!(
                "{MARSHAL_PACKAGE}{short} does not take parameters"
            )))
        }
    });
    (short.to_string(), factory)
}

/// Makes a type that takes no parameters.
type Make = fn() -> TypeRef;

/// The built-in types that take no parameters, by short name.
pub(super) const PLAIN: [(&str, Make); 23] = [
    ("BytesType", || Arc::new(BytesType)),
    ("AsciiType", || Arc::new(AsciiType)),
    ("UTF8Type", || Arc::new(UTF8Type)),
    ("LongType", || Arc::new(LongType)),
    ("IntegerType", || Arc::new(IntegerType)),
    ("Int32Type", || Arc::new(Int32Type)),
    ("LexicalUUIDType", || Arc::new(LexicalUUIDType)),
    ("TimeUUIDType", || Arc::new(TimeUUIDType)),
    ("UUIDType", || Arc::new(UUIDType)),
    ("CounterColumnType", || Arc::new(CounterColumnType)),
    ("BooleanType", || Arc::new(BooleanType)),
    ("DoubleType", || Arc::new(DoubleType)),
    ("FloatType", || Arc::new(FloatType)),
    ("DecimalType", || Arc::new(DecimalType)),
    ("DateType", || Arc::new(DateType)),
    ("TimestampType", || Arc::new(TimestampType)),
    ("InetAddressType", || Arc::new(InetAddressType)),
    ("EmptyType", || Arc::new(EmptyType)),
    ("ByteType", || Arc::new(ByteType)),
    ("ShortType", || Arc::new(ShortType)),
    ("SimpleDateType", || Arc::new(SimpleDateType)),
    ("TimeType", || Arc::new(TimeType)),
    ("DurationType", || Arc::new(DurationType)),
];

fn builtins() -> HashMap<String, TypeFactory> {
    let mut m: HashMap<String, TypeFactory> = PLAIN
        .into_iter()
        .map(|(short, make)| plain(short, make))
        .collect();
    // Their refusals of a wrong parameter count are reported otherwise:
    // see `parse_nested`.
    let composite: TypeFactory = Arc::new(|params: &[TypeRef]| {
        if params.is_empty() {
            return Err(MarshalError::new(
                "Nonsensical empty parameter list for CompositeType",
            ));
        }
        Ok(Arc::new(CompositeType::new(params.to_vec())) as TypeRef)
    });
    m.insert("CompositeType".into(), composite);
    let reversed: TypeFactory = Arc::new(|params: &[TypeRef]| match params {
        [base] => Ok(Arc::new(ReversedType::new(base.clone())) as TypeRef),
        _ => Err(MarshalError(format!(
            "ReversedType takes exactly one argument, {} given",
            params.len()
        ))),
    });
    m.insert("ReversedType".into(), reversed);
    let tuple: TypeFactory = Arc::new(|params: &[TypeRef]| {
        Ok(Arc::new(TupleType::new(TupleKind::Tuple, params.to_vec())) as TypeRef)
    });
    m.insert("TupleType".into(), tuple);
    let frozen: TypeFactory = Arc::new(|params: &[TypeRef]| match params {
        [inner] => Ok(Arc::new(FrozenType::new(inner.clone())) as TypeRef),
        _ => Err(MarshalError(format!(
            "FrozenType takes exactly 1 type parameter, {} given",
            params.len()
        ))),
    });
    m.insert("FrozenType".into(), frozen);
    for kind in [
        CollectionKind::List,
        CollectionKind::Set,
        CollectionKind::Map,
    ] {
        let factory: TypeFactory = Arc::new(move |params: &[TypeRef]| {
            Ok(Arc::new(CollectionType::new(kind, params.to_vec())?) as TypeRef)
        });
        let short = match kind {
            CollectionKind::List => "ListType",
            CollectionKind::Set => "SetType",
            CollectionKind::Map => "MapType",
        };
        m.insert(short.into(), factory);
    }
    m
}

/// `DynamicCompositeType(a=>Type,...)`: one-character aliases.
fn dynamic_composite(params: &[String]) -> Result<TypeRef, MarshalError> {
    let aliases = params
        .iter()
        .map(|p| {
            let (alias, ty) = p.split_once("=>").ok_or_else(|| {
                MarshalError(format!(
                    "DynamicCompositeType parameter '{p}' is not of the form a=>Type"
                ))
            })?;
            match alias.trim().as_bytes() {
                [a] if (33..=127).contains(a) => Ok((*a, parse_type(ty)?)),
                [_] => Err(MarshalError::new(
                    "An alias should be a single character in [0..9a..bA..B-+._&]",
                )),
                _ => Err(MarshalError(format!(
                    "An alias should be a single character (got '{}')",
                    alias.trim()
                ))),
            }
        })
        .collect::<Result<Vec<_>, MarshalError>>()?;
    Ok(Arc::new(DynamicCompositeType::new(aliases)))
}

/// 2.1's `UserType(keyspace,hexname,hexfield:Type,...)`.
/// `multi_cell`: 3.6's, not frozen (see [`TupleKind::User`]).
fn user_type(params: &[String], multi_cell: bool) -> Result<TypeRef, MarshalError> {
    let bad = || MarshalError::new("Invalid UserType parameters");
    let [keyspace, name, fields @ ..] = params else {
        return Err(bad());
    };
    let name = hex_to_bytes(name.trim()).ok_or_else(bad)?;
    let (mut names, mut types) = (Vec::new(), Vec::new());
    for f in fields {
        let (field, ty) = f.split_once(':').ok_or_else(bad)?;
        names.push(hex_to_bytes(field.trim()).ok_or_else(bad)?);
        types.push(parse_type(&frozen_collections(ty))?);
    }
    let kind = TupleKind::User {
        keyspace: keyspace.trim().to_string(),
        name,
        fields: names,
        multi_cell,
    };
    Ok(Arc::new(TupleType::new(kind, types)))
}

/// `ColumnToCollectionType(hexname:Type,...)`: its parameters are named, so
/// it does not fit [`TypeFactory`] and is parsed here.
fn column_to_collection(params: &[String]) -> Result<TypeRef, MarshalError> {
    let columns = params
        .iter()
        .map(|p| {
            let (name, ty) = p.split_once(':').ok_or_else(|| {
                MarshalError(format!(
                    "ColumnToCollectionType parameter '{p}' is not of the form hexname:Type"
                ))
            })?;
            let name = hex_to_bytes(name.trim()).ok_or_else(|| {
                MarshalError(format!(
                    "ColumnToCollectionType column name '{name}' is not hex"
                ))
            })?;
            Ok((name, parse_type(ty)?))
        })
        .collect::<Result<Vec<_>, MarshalError>>()?;
    Ok(Arc::new(ColumnToCollectionType::new(columns)?))
}

fn registry() -> &'static RwLock<HashMap<String, TypeFactory>> {
    static REG: OnceLock<RwLock<HashMap<String, TypeFactory>>> = OnceLock::new();
    REG.get_or_init(|| RwLock::new(builtins()))
}

/// Adds (or replaces) a type under its short name.
pub fn register_type(short_name: &str, factory: TypeFactory) {
    registry().write().insert(short_name.to_string(), factory);
}

// Type names nest at most as deep as any outside input
// (`CompositeType(ReversedType(...))`): a client's name must not recurse
// the parser off its stack.
use crate::input_bounds::MAX_NESTING as MAX_TYPE_NESTING;

/// Parses `Name` or `Name(Param, Param...)`, with or without the package prefix.
pub fn parse_type(name: &str) -> Result<TypeRef, MarshalError> {
    let mut depth = 0usize;
    for ch in name.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth = depth.saturating_sub(1),
            _ => continue,
        }
        if depth > MAX_TYPE_NESTING {
            let shown: String = name.chars().take(100).collect();
            let more = if shown.len() < name.len() { "..." } else { "" };
            return Err(MarshalError(format!(
                "Syntax error parsing '{shown}{more}': {}",
                crate::input_bounds::too_deep("type parameters")
            )));
        }
    }
    parse_nested(name)
}

fn parse_nested(name: &str) -> Result<TypeRef, MarshalError> {
    let name = name.trim();
    if name.is_empty() {
        return Err(MarshalError::new("Empty type name"));
    }
    let (head, params) = match name.find('(') {
        Some(open) if name.ends_with(')') => (
            &name[..open],
            split_params(&name[open + 1..name.len() - 1])?,
        ),
        Some(_) => {
            return Err(MarshalError(format!(
                "Syntax error parsing '{name}': unbalanced parentheses"
            )))
        }
        None if name.contains(')') => {
            return Err(MarshalError(format!(
                "Syntax error parsing '{name}': unbalanced parentheses"
            )))
        }
        None => (name, Vec::new()),
    };
    let head = head.trim();
    let short = head.strip_prefix(MARSHAL_PACKAGE).unwrap_or(head);
    if short == "ColumnToCollectionType" {
        return column_to_collection(&params);
    }
    if short == "DynamicCompositeType" {
        return dynamic_composite(&params);
    }
    if short == "UserType" {
        return user_type(&params, false);
    }
    if short == super::compound::tuple::MULTI_CELL_USER_TYPE {
        return user_type(&params, true);
    }
    if short == "FrozenType" && params.len() == 1 {
        // A frozen collection's components are frozen (implicit in its name).
        let inner = params[0].trim();
        let inner = match inner.find('(') {
            Some(open) if inner.ends_with(')') => {
                let parts = split_params(&inner[open + 1..inner.len() - 1])?;
                let parts: Vec<String> = parts.iter().map(|p| frozen_collections(p)).collect();
                format!("{}({})", &inner[..open], parts.join(","))
            }
            _ => inner.to_string(),
        };
        return Ok(Arc::new(FrozenType::new(parse_type(&inner)?)));
    }
    if short == "TupleType" {
        let types = params
            .iter()
            .map(|p| parse_type(&frozen_collections(p)))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Arc::new(TupleType::new(TupleKind::Tuple, types)));
    }
    // Like Cassandra, a dotted name is a class name as given; a bare one is
    // looked up in the marshal package. Only built-in (or registered) short
    // names exist here.
    let lookup = if short.contains('.') {
        None
    } else {
        registry().read().get(short).cloned()
    };
    let factory = lookup.ok_or_else(|| {
        let class = if short.contains('.') {
            short.to_string()
        } else {
            format!("{MARSHAL_PACKAGE}{short}")
        };
        MarshalError(format!("Unable to find abstract-type class '{class}'"))
    })?;
    // Cassandra built a parameterised type by its `getInstance(TypeParser)`,
    // called by reflection (with no parameters for a bare name): whatever
    // failed that call (a parameter it could not parse, or a parameter list
    // of the wrong length: 0.8-1.0's "Nonsensical empty parameter list for
    // CompositeType", 1.1-2.2's failed assertion there, every release's
    // "ReversedType takes exactly one argument, N given" and the
    // collections' counts) was reported, from 0.8 to 2.2, as an invalid
    // definition of the type itself.
    let invalid = || {
        MarshalError(format!(
            "Invalid definition for comparator {MARSHAL_PACKAGE}{short}."
        ))
    };
    let plain = PLAIN.iter().any(|(plain, _)| *plain == short);
    let construct =
        |resolved: &[TypeRef]| factory(resolved).map_err(|e| if plain { e } else { invalid() });
    if !params.is_empty() && params.iter().all(|p| is_key_value(p)) {
        return default_parameters(construct(&[])?, &params);
    }
    let resolved = params
        .iter()
        .map(|p| parse_nested(p))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|_| invalid())?;
    construct(&resolved)
}

/// `key=value` (or a bare `reversed`): Cassandra's "default parameters" of a
/// type that takes no type parameters. Clients send them: pycassa writes
/// `UTF8Type(reversed=false)` in every CfDef it builds.
fn is_key_value(param: &str) -> bool {
    let p = param.trim();
    p == "reversed" || (p.contains('=') && !p.contains("=>") && !p.contains('('))
}

/// Cassandra 1.2's `AbstractType.parseDefaultParameters`: `reversed` (empty
/// or `true`) wraps the type in `ReversedType`; any other key, or `false`,
/// leaves it as it is.
fn default_parameters(base: TypeRef, params: &[String]) -> Result<TypeRef, MarshalError> {
    let reversed = params.iter().any(|p| {
        let (key, value) = p.split_once('=').unwrap_or((p.as_str(), ""));
        key.trim() == "reversed" && matches!(value.trim(), "" | "true")
    });
    Ok(if reversed {
        Arc::new(ReversedType::new(base))
    } else {
        base
    })
}

/// Splits a two-parameter class name's inside (a `MapType`'s key and value)
/// at its first top-level comma; `None` when there is none.
pub fn split_type_pair(inner: &str) -> Option<(&str, &str)> {
    let mut depth = 0i32;
    for (i, c) in inner.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => return Some((&inner[..i], &inner[i + 1..])),
            _ => {}
        }
    }
    None
}

/// Splits a parameter list at top-level commas.
fn split_params(inner: &str) -> Result<Vec<String>, MarshalError> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in inner.chars() {
        match ch {
            '(' => depth += 1,
            ')' => depth -= 1,
            ',' if depth == 0 => {
                if cur.trim().is_empty() {
                    return Err(MarshalError(format!(
                        "Syntax error parsing '({inner})': empty parameter"
                    )));
                }
                out.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        if depth < 0 {
            return Err(MarshalError(format!(
                "Syntax error parsing '({inner})': unbalanced parentheses"
            )));
        }
        cur.push(ch);
    }
    if depth != 0 {
        return Err(MarshalError(format!(
            "Syntax error parsing '({inner})': unbalanced parentheses"
        )));
    }
    if !cur.trim().is_empty() {
        out.push(cur);
    } else if !out.is_empty() {
        return Err(MarshalError(format!(
            "Syntax error parsing '({inner})': empty parameter"
        )));
    }
    Ok(out.into_iter().map(|s| s.trim().to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_parameters_as_pycassa_sends_them() {
        let utf8 = "org.apache.cassandra.db.marshal.UTF8Type";
        for name in [
            "org.apache.cassandra.db.marshal.UTF8Type(reversed=false)",
            "UTF8Type(reversed=false)",
            "UTF8Type(someoption=1)",
        ] {
            assert_eq!(parse_type(name).unwrap().class_name(), utf8, "{name}");
        }
        for name in [
            "UTF8Type(reversed=true)",
            "UTF8Type(reversed)",
            "UTF8Type(reversed=)",
        ] {
            let t = parse_type(name).unwrap();
            assert!(t.is_reversed(), "{name}");
            assert_eq!(
                t.class_name(),
                format!("org.apache.cassandra.db.marshal.ReversedType({utf8})")
            );
        }
        // Type parameters are still type parameters.
        assert!(parse_type("UTF8Type(LongType)").is_err());
        assert_eq!(parse_type("ReversedType(LongType)").unwrap().class_name(), "org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.LongType)");
    }

    /// A client-chosen name nested deep enough to exhaust the stack (and
    /// take seconds of copying) is refused up front.
    #[test]
    fn deep_nesting_is_refused() {
        let nest = |n: usize| format!("{}BytesType{}", "CompositeType(".repeat(n), ")".repeat(n));
        let at = nest(MAX_TYPE_NESTING);
        let parsed = std::thread::Builder::new()
            .stack_size(crate::input_bounds::TEST_STACK_BYTES)
            .spawn(move || parse_type(&at).map(|t| t.class_name()))
            .unwrap()
            .join()
            .unwrap();
        assert!(parsed.is_ok(), "{parsed:?}");
        let e = parse_type(&nest(MAX_TYPE_NESTING + 1)).unwrap_err().0;
        assert!(
            e.ends_with("': type parameters nested more than 64 levels deep"),
            "{e}"
        );
        let e = parse_type(&nest(200_000)).unwrap_err().0;
        assert!(
            e.ends_with("...': type parameters nested more than 64 levels deep"),
            "{e}"
        );
        assert!(e.len() < 200, "{e}");
    }

    #[test]
    fn short_and_full_names_resolve_to_the_same_class() {
        for (short, _) in PLAIN {
            let a = parse_type(short).unwrap();
            let b = parse_type(&format!("{MARSHAL_PACKAGE}{short}")).unwrap();
            assert_eq!(a.class_name(), format!("{MARSHAL_PACKAGE}{short}"));
            assert_eq!(a.class_name(), b.class_name());
            // The class name parses back to the same type.
            assert_eq!(
                parse_type(&a.class_name()).unwrap().class_name(),
                a.class_name()
            );
        }
    }

    #[test]
    fn parameterised_types_round_trip_through_class_name() {
        let forms = [
            "CompositeType(Int32Type,UTF8Type)",
            "CompositeType(ReversedType(TimeUUIDType), UTF8Type)",
            "org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.DateType,org.apache.cassandra.db.marshal.UUIDType,org.apache.cassandra.db.marshal.UTF8Type)",
            "ReversedType(LongType)",
        ];
        for form in forms {
            let t = parse_type(form).unwrap();
            assert_eq!(
                parse_type(&t.class_name()).unwrap().class_name(),
                t.class_name(),
                "{form}"
            );
        }
        let t = parse_type("CompositeType(ReversedType(Int32Type),UTF8Type)").unwrap();
        assert_eq!(
            t.class_name(),
            "org.apache.cassandra.db.marshal.CompositeType(org.apache.cassandra.db.marshal.ReversedType(org.apache.cassandra.db.marshal.Int32Type),org.apache.cassandra.db.marshal.UTF8Type)"
        );
        assert_eq!(t.components().unwrap().len(), 2);
        assert!(t.components().unwrap()[0].is_reversed());
    }

    #[test]
    fn every_recorded_type_name_parses_and_prints_back_verbatim() {
        let names = include_str!("recorded_type_names.txt");
        let mut n = 0;
        for name in names
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            assert_eq!(parse_type(name).unwrap().class_name(), name);
            n += 1;
        }
        assert!(n >= 20, "{n}");
    }

    #[test]
    fn errors_are_clear() {
        // Recorded from Cassandra 1.2.9 (api19_schema_changes).
        assert_eq!(
            parse_type("NoSuchType").unwrap_err().0,
            "Unable to find abstract-type class 'org.apache.cassandra.db.marshal.NoSuchType'"
        );
        assert_eq!(
            parse_type("com.example.MyType").unwrap_err().0,
            "Unable to find abstract-type class 'com.example.MyType'"
        );
        assert!(parse_type("CompositeType(UTF8Type").is_err());
        assert!(parse_type("UTF8Type)").is_err());
        assert!(parse_type("CompositeType(UTF8Type,,LongType)").is_err());
        assert!(parse_type("CompositeType(UTF8Type))(").is_err());
        // A wrong parameter count fails the type's construction, reported
        // as its invalid definition (0.8 to 2.2 alike).
        let invalid = |short: &str| {
            format!("Invalid definition for comparator org.apache.cassandra.db.marshal.{short}.")
        };
        for (name, short) in [
            ("CompositeType()", "CompositeType"),
            ("ReversedType(UTF8Type,LongType)", "ReversedType"),
            ("ReversedType()", "ReversedType"),
            (
                "org.apache.cassandra.db.marshal.ReversedType()",
                "ReversedType",
            ),
            ("MapType(UTF8Type)", "MapType"),
            ("CompositeType", "CompositeType"),
            ("ReversedType", "ReversedType"),
            ("ListType(UTF8Type,LongType)", "ListType"),
        ] {
            assert_eq!(parse_type(name).unwrap_err().0, invalid(short), "{name}");
        }
        assert!(parse_type("UTF8Type(LongType)").is_err());
        // 0.8 to 2.2 alike: the parameter's failure is the type's.
        assert_eq!(
            parse_type("CompositeType(UTF8Type,NoSuchType)")
                .unwrap_err()
                .0,
            "Invalid definition for comparator org.apache.cassandra.db.marshal.CompositeType."
        );
        assert_eq!(
            parse_type("ReversedType(CompositeType(NoSuchType))")
                .unwrap_err()
                .0,
            "Invalid definition for comparator org.apache.cassandra.db.marshal.ReversedType."
        );
        assert!(parse_type("").is_err());
    }

    #[test]
    fn plug_in_types() {
        register_type(
            "MyBytesAlias",
            Arc::new(|_: &[TypeRef]| Ok(Arc::new(BytesType) as TypeRef)),
        );
        assert!(parse_type("MyBytesAlias").is_ok());
        assert!(parse_type("org.apache.cassandra.db.marshal.MyBytesAlias").is_ok());
    }

    #[test]
    fn type_pairs_split_at_the_top_level_comma() {
        assert_eq!(
            split_type_pair("UTF8Type,MapType(Int32Type,LongType)"),
            Some(("UTF8Type", "MapType(Int32Type,LongType)"))
        );
        assert_eq!(
            split_type_pair("ListType(MapType(A,B)),C"),
            Some(("ListType(MapType(A,B))", "C"))
        );
        assert_eq!(split_type_pair("MapType(A,B)"), None);
    }
}
