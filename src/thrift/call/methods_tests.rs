use super::*;

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
        let (ks, cf) = locations(g, name);
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
    check_idl(Generation::V06, "cassandra-0.6.thrift");
    check_idl(Generation::V19, "cassandra.thrift");
}

/// The tables here agree with the IDL files: every method's key and
/// consistency-level arguments, and the exception-carrying methods.
#[test]
fn the_argument_tables_agree_with_the_idl() {
    for (g, file) in [
        (Generation::V06, "cassandra-0.6.thrift"),
        (Generation::V19, "cassandra.thrift"),
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
                level_location(g, name).and_then(|at| match at {
                    Level::Arg(id, _) => Some(id),
                    Level::MultiSlice => None,
                }),
                expected,
                "{file} {name}"
            );
            if level_location(g, name) == Some(Level::MultiSlice) {
                assert_eq!(m.args[0].1, "MultiSliceRequest", "{file} {name}");
            }
            let keys = m.args.iter().find_map(|(id, _, arg)| match arg.as_str() {
                "key" => Some(At::Arg(*id)),
                "keys" => Some(At::List(*id)),
                "mutation_map" => Some(At::Keys(*id)),
                _ => None,
            });
            assert_eq!(key_location(g, name), keys, "{file} {name}");
            assert!(
                crate::thrift::error::fault_carried(
                    g,
                    name,
                    crate::node::faults::FaultKind::ApplicationError
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
                    crate::node::faults::FaultKind::InvalidRequest
                ),
                carries_ire,
                "{file} {name}"
            );
        }
    }
}
