use super::*;
use crate::thrift::error::declared::exception_name;
use crate::thrift::wire::located::{At, Level};

/// One field of an IDL argument or throws list: (id, type, name).
type IdlField = (i16, String, String);

struct IdlMethod {
    name: String,
    args: Vec<IdlField>,
    throws: Vec<IdlField>,
}

/// The methods of the IDL file's service, read with a small tokenizer (the
/// IDL files are the repository's own, in `idl/`).
fn idl_methods(file: &str) -> Vec<IdlMethod> {
    let path = format!("{}/idl/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut clean = String::new();
    let mut rest = text.as_str();
    while !rest.is_empty() {
        if rest.starts_with("/*") {
            let end = rest.find("*/").unwrap();
            rest = &rest[end + 2..];
        } else if rest.starts_with("//") || rest.starts_with('#') {
            let end = rest.find('\n').unwrap_or(rest.len());
            rest = &rest[end..];
        } else {
            let c = rest.chars().next().unwrap();
            clean.push(c);
            rest = &rest[c.len_utf8()..];
        }
    }
    let body = &clean[clean.find("service Cassandra").unwrap()..];
    let body = &body[body.find('{').unwrap() + 1..];
    let mut toks = Vec::new();
    let mut word = String::new();
    for c in body.chars() {
        if c.is_alphanumeric() || c == '_' || c == '.' || c == '"' {
            word.push(c);
        } else {
            if !word.is_empty() {
                toks.push(std::mem::take(&mut word));
            }
            if !c.is_whitespace() {
                toks.push(c.to_string());
            }
        }
    }
    let mut methods = Vec::new();
    let mut i = 0;
    while i + 1 < toks.len() {
        if toks[i + 1] == "(" && toks[i] != "throws" && toks[i] != "}" {
            let name = toks[i].clone();
            let (args, next) = fields(&toks, i + 2);
            i = next;
            let mut throws = Vec::new();
            if toks.get(i).map(String::as_str) == Some("throws") {
                let (t, next) = fields(&toks, i + 2);
                throws = t;
                i = next;
            }
            methods.push(IdlMethod { name, args, throws });
        } else {
            i += 1;
        }
    }
    assert!(methods.len() > 20, "{file}: {} methods", methods.len());
    methods
}

/// The fields from `toks[at]` to the closing parenthesis; and the index after it.
fn fields(toks: &[String], mut at: usize) -> (Vec<IdlField>, usize) {
    let mut out = Vec::new();
    let mut cur: Vec<&str> = Vec::new();
    let mut angle = 0;
    let mut finish = |cur: &mut Vec<&str>| {
        if cur.is_empty() {
            return;
        }
        let id: i16 = cur[0].parse().unwrap();
        let mut rest: Vec<&str> = cur[2..].to_vec();
        if let Some(eq) = rest.iter().position(|t| *t == "=") {
            rest.truncate(eq);
        }
        if matches!(rest[0], "required" | "optional") {
            rest.remove(0);
        }
        let name = rest.pop().unwrap().to_string();
        out.push((id, rest.concat(), name));
        cur.clear();
    };
    loop {
        let t = toks[at].as_str();
        at += 1;
        match t {
            "<" => angle += 1,
            ">" => angle -= 1,
            "," if angle == 0 => {
                finish(&mut cur);
                continue;
            }
            ")" if angle == 0 => {
                finish(&mut cur);
                return (out, at);
            }
            _ => {}
        }
        cur.push(t);
    }
}

fn check_idl(g: Generation, file: &str) {
    for m in idl_methods(file) {
        let name = m.name.as_str();
        for (id, ty, _) in &m.throws {
            assert_eq!(
                exception_name(g, name, *id),
                Some(ty.as_str()),
                "{file} {name} {id}"
            );
        }
        let next = m.throws.len() as i16 + 1;
        if !m.throws.is_empty() {
            assert_eq!(exception_name(g, name, next), None, "{file} {name} {next}");
        }
        let arg = |id: i16| {
            m.args
                .iter()
                .find(|(i, _, _)| *i == id)
                .unwrap_or_else(|| panic!("{file} {name}: no argument {id}"))
        };
        let (ks, cf) = (row_at(g, name).keyspace, row_at(g, name).column_family);
        for at in [ks, cf].into_iter().flatten() {
            match at {
                At::Arg(id) => {
                    let (_, ty, n) = arg(id);
                    assert_eq!(ty, "string", "{file} {name}");
                    assert!(
                        ["keyspace", "column_family", "cfname", "cfName"].contains(&n.as_str()),
                        "{file} {name}: {n}"
                    );
                }
                At::Parent(id) => {
                    let (_, ty, _) = arg(id);
                    assert!(ty == "ColumnParent" || ty == "ColumnPath", "{file} {name}");
                }
                At::Inner(id, inner) => {
                    let (_, ty, _) = arg(id);
                    // CfDef: 1 keyspace, 2 name; KsDef: 1 name.
                    assert!(
                        (ty == "CfDef" && (inner == 1 || inner == 2))
                            || (ty == "KsDef" && inner == 1),
                        "{file} {name}: {ty}.{inner}"
                    );
                }
                At::Keys(id) => assert!(arg(id).1.starts_with("map<string,"), "{file} {name}"),
                At::InnerKeys(id) => {
                    assert!(arg(id).1.contains(",map<string,"), "{file} {name}")
                }
                At::MultiSlice => assert_eq!(arg(1).1, "MultiSliceRequest"),
                At::List(_) => panic!("{file} {name}: a list names no keyspace or column family"),
                At::Query => assert_eq!(arg(1).2, "query", "{file} {name}"),
            }
        }
        // Every argument that names a keyspace or column family is read.
        for (_, ty, n) in &m.args {
            if n == "keyspace" || ty == "KsDef" {
                assert!(ks.is_some(), "{file} {name}: keyspace not logged");
            }
            let names_cf = ["ColumnParent", "ColumnPath", "CfDef", "MultiSliceRequest"]
                .contains(&ty.as_str())
                || ["column_family", "cfname", "cfName", "cfmap", "mutation_map"]
                    .contains(&n.as_str());
            if names_cf {
                assert!(cf.is_some(), "{file} {name}: column family not logged");
            }
        }
    }
}

#[test]
fn tables_match_the_idl_files() {
    check_idl(Generation::Api2, "cassandra-0.6.thrift");
    check_idl(Generation::Api19, "cassandra.thrift");
}

/// The tables here agree with the IDL files: every method's key and
/// consistency-level arguments, and the exception-carrying methods.
#[test]
fn the_argument_tables_agree_with_the_idl() {
    for (g, file) in [
        (Generation::Api2, "cassandra-0.6.thrift"),
        (Generation::Api19, "cassandra.thrift"),
    ] {
        for m in idl_methods(file) {
            let name = m.name.as_str();
            let levels: Vec<i16> = m
                .args
                .iter()
                .filter(|(_, ty, _)| ty == "ConsistencyLevel")
                .map(|(id, _, _)| *id)
                .collect();
            let expected = match name {
                "cas" => Some(6),
                _ => levels.first().copied(),
            };
            assert_eq!(
                row_at(g, name).level.and_then(|at| match at {
                    Level::Arg(id, _) => Some(id),
                    Level::MultiSlice => None,
                }),
                expected,
                "{file} {name}"
            );
            if row_at(g, name).level == Some(Level::MultiSlice) {
                assert_eq!(m.args[0].1, "MultiSliceRequest", "{file} {name}");
            }
            let keys = m.args.iter().find_map(|(id, _, arg)| match arg.as_str() {
                "key" => Some(At::Arg(*id)),
                "keys" => Some(At::List(*id)),
                "mutation_map" => Some(At::Keys(*id)),
                _ => None,
            });
            assert_eq!(row_at(g, name).key, keys, "{file} {name}");
            assert!(
                crate::thrift::error::fault_carried(
                    g,
                    name,
                    crate::node::calls::faults::FaultKind::ApplicationError
                ),
                "{file} {name}"
            );
            let carries_ire = m
                .throws
                .iter()
                .any(|(_, ty, _)| ty == "InvalidRequestException");
            assert_eq!(
                crate::thrift::error::fault_carried(
                    g,
                    name,
                    crate::node::calls::faults::FaultKind::InvalidRequest
                ),
                carries_ire,
                "{file} {name}"
            );
        }
    }
}

/// Each generation's method table holds every method of its IDL file, in
/// the file's order, and nothing else; the releases' method lists are
/// subsets of it, together all of it; and the rows agree with themselves
/// (kind, stage, access, how the request shows its generation).
#[test]
fn the_method_tables_match_the_idl_files_and_the_releases() {
    use crate::auth::access::Permission;
    use crate::release::methods::{Kind, Stage};
    use crate::release::{ThriftGeneration, RELEASES};
    use crate::thrift::api19::methods::{self as api19, Requires, Shows};
    use crate::thrift::api2::idl as api2;
    let api2_names: Vec<&str> = api2::METHODS.iter().map(|m| m.name()).collect();
    let api19_names: Vec<&str> = api19::METHODS.iter().map(|r| r.name()).collect();
    for (file, table) in [
        ("cassandra-0.6.thrift", &api2_names),
        ("cassandra.thrift", &api19_names),
    ] {
        let idl: Vec<String> = idl_methods(file).into_iter().map(|m| m.name).collect();
        assert_eq!(&idl, table, "{file}");
    }
    for m in api2::METHODS {
        assert_eq!(m.args.name, format!("{}_args", m.name()));
        let data = matches!(m.method.kind, Kind::Read | Kind::Write);
        assert_eq!(m.keyspace_login, data, "{}", m.name());
    }

    // How a request shows its generation: by the arguments the IDLs give
    // a method both declare.
    let idl06 = idl_methods("cassandra-0.6.thrift");
    let idl19 = idl_methods("cassandra.thrift");
    let arg = |idl: &[IdlMethod], name: &str, id: i16| {
        let m = idl.iter().find(|m| m.name == name).unwrap();
        m.args.iter().find(|a| a.0 == id).map(|a| a.1.clone())
    };
    for r in api19::METHODS {
        let name = r.name();
        let in_api2 = api2::method(name).is_some();
        assert_eq!(r.shows == Shows::Unique, !in_api2, "{name}");
        match r.shows {
            Shows::By(id, _) => {
                assert_eq!(arg(&idl06, name, id).as_deref(), Some("string"), "{name}");
                let t = arg(&idl19, name, id).unwrap();
                assert_ne!(t, "string", "{name}");
            }
            Shows::Same => {
                let a06 = &idl06.iter().find(|m| m.name == name).unwrap().args;
                let a19 = &idl19.iter().find(|m| m.name == name).unwrap().args;
                assert_eq!(a06, a19, "{name}");
            }
            Shows::Splits => assert_eq!(arg(&idl06, name, 3).as_deref(), Some("i32")),
            Shows::Unique => {}
        }
        // Reads need SELECT and writes MODIFY on their column families.
        match r.method.kind {
            Kind::Read => assert_eq!(r.requires, Requires::Tables(Permission::Select), "{name}"),
            Kind::Write => assert_eq!(r.requires, Requires::Tables(Permission::Modify), "{name}"),
            Kind::Schema => assert!(
                matches!(r.requires, Requires::Named(_) | Requires::Tables(_)),
                "{name}"
            ),
            Kind::Other => {}
        }
    }

    // The stages run what the kinds say.
    for m in crate::release::methods::all() {
        match m.stage {
            Stage::Read => assert_eq!(m.kind, Kind::Read, "{}", m.name),
            Stage::Mutation => assert_eq!(m.kind, Kind::Write, "{}", m.name),
            Stage::Metadata => assert_eq!(m.kind, Kind::Other, "{}", m.name),
            Stage::Pool => {}
        }
    }

    // Every release declared a subset of its generation's table, in the
    // table's order; together they declared all of it.
    let mut seen: [std::collections::BTreeSet<&str>; 2] = Default::default();
    for release in RELEASES {
        let (table, i) = match release.generation {
            ThriftGeneration::Api2 => (&api2_names, 0),
            ThriftGeneration::Api19 => (&api19_names, 1),
        };
        let declared = release.thrift_methods();
        let in_order: Vec<&str> = table
            .iter()
            .copied()
            .filter(|n| declared.contains(n))
            .collect();
        assert_eq!(declared, in_order, "{}", release.version);
        seen[i].extend(declared);
    }
    assert_eq!(seen[0], api2_names.iter().copied().collect());
    assert_eq!(seen[1], api19_names.iter().copied().collect());
}
